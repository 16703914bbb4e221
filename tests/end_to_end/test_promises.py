"""Promises tracked, end to end through the command line against the fake GitHub: a placeholder,
a README's "weights coming soon" and an anonymous review link still cited, overdue across two
runs of one history; an undated paper's promise open, never overdue; the reports' "Overdue
promises" list, the paper's `overdue` and the CSV column, `--fail-on overdue`."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from auditor import cli, scorecard
from tests.support import schemas
from tests.support.audit_world import audit_arguments
from tests.support.fake_github import FakeGitHub, FakeRepo

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "scorecard.schema.json").read_text()
)
TOKEN = "t0ken-promises"
MIT = "MIT License\n\nPermission is hereby granted, free of charge, to any person…\n"
WEIGHTS_README = """# WeightsNet

WeightsNet is the reference implementation of our paper: the training and evaluation code and
the configuration of every experiment. It was tested with Python 3.11 on Linux; one GPU
reproduces the main table, and the data loader fetches the public benchmark on first use.

## Installation
```
pip install -r requirements.txt
```

## Training
```
python train.py --config configs/base.yaml
```

## Evaluation
```
python eval.py --checkpoint best.pt
```

## Pretrained models

The pretrained weights will be released soon.
"""
CODE = {"requirements.txt": "torch==2.3.0\n", "train.py": "print(1)\n", "eval.py": "print(2)\n"}
REPOS = [
    FakeRepo(
        "acme/soonnet", files={"README.md": "# SoonNet\n\nCode coming soon.\n", "LICENSE": MIT}
    ),
    FakeRepo("acme/weightsnet", files={"README.md": WEIGHTS_README, "LICENSE": MIT, **CODE}),
    FakeRepo("acme/laternet", files={"README.md": "# LaterNet\n\nCode coming soon.\n"}),
]


def audit(github: FakeGitHub, lists: list[Path], out: Path, *extra: str) -> int:
    arguments = audit_arguments(lists[0], out, github.url, *extra, paper_date=None)
    return cli.main([*arguments[:2], *map(str, lists[1:]), *arguments[2:]], environ={
        "GITHUB_TOKEN": TOKEN
    })  # fmt: skip


def document(out: Path) -> dict[str, Any]:
    text = (out / "scorecard.json").read_text()
    found: dict[str, Any] = json.loads(text)
    schemas.validate(found, SCHEMA)
    assert scorecard.dumps(scorecard.load_scorecard(out / "scorecard.json")) == text
    return found


def by_name(found: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {paper["name"]: paper for paper in found["papers"]}


def test_promises_are_tracked_across_runs_and_overdue_ones_fail_the_run(tmp_path: Path) -> None:
    dated = tmp_path / "dated.txt"
    dated.write_text(
        "Reading group (2025)\n\n"
        "We present SoonNet, a method. Paper: https://arxiv.org/abs/2501.01234. Code: "
        "https://github.com/acme/soonnet.\n\n"
        "We present WeightsNet, a method. Paper: https://arxiv.org/abs/2501.05678. Code: "
        "https://github.com/acme/weightsnet.\n\n"
        "We present MirrorNet, a method. Paper: https://arxiv.org/abs/2501.09999. Code: "
        "https://anonymous.4open.science/r/mirror-1234.\n"
    )
    undated = tmp_path / "undated.txt"
    undated.write_text(
        "More papers\n\nWe present LaterNet. Code: https://github.com/acme/laternet.\n"
    )
    out = tmp_path / "out"
    with FakeGitHub(REPOS, token=TOKEN) as github:
        first = audit(github, [dated, undated], out, "--fail-on", "never")
        assert first == cli.EXIT_OK
        papers = by_name(document(out))
        # Dated by their arXiv ids, January 2025, read at its latest: the grace ended 1 May.
        (soon,) = papers["SoonNet"]["promises"]
        assert (soon["kind"], soon["url"], soon["due"]) == (
            "code",
            "https://github.com/acme/soonnet",
            "2025-05-01",
        )
        assert soon["overdue"] is True
        started = soon["first_seen"]
        assert started is not None
        (weights,) = papers["WeightsNet"]["promises"]
        assert (weights["kind"], weights["overdue"]) == ("weights", True)
        assert "will be released soon" in weights["evidence"]
        (mirror,) = papers["MirrorNet"]["promises"]
        assert (mirror["kind"], mirror["overdue"]) == ("anonymous-review", True)
        (later,) = papers["LaterNet"]["promises"]
        assert (later["kind"], later["due"], later["overdue"]) == ("code", None, False)
        assert [papers[name]["overdue"] for name in papers] == [True, True, True, False]

        # The next run of the same history: still open, seen since the first run.
        second = audit(github, [dated, undated], out, "--fail-on", "overdue")

    assert second == cli.EXIT_FINDINGS
    papers = by_name(document(out))
    assert papers["SoonNet"]["promises"][0]["first_seen"] == started
    assert papers["LaterNet"]["promises"][0]["first_seen"] == started
    day = started[:10]
    summary = (out / "summary.md").read_text()
    assert "#### Overdue promises (3)" in summary
    assert (
        f"code promised (placeholder repository): promise open in every run since {day} "
        "(first seen); "
    ) in summary
    assert f"open since first seen ({day}); no paper date, so never overdue" in summary
    page = (out / "index.html").read_text()
    assert 'id="overdue-promises"' in page
    assert "Overdue promises (3)" in page
    with (out / "papers.csv").open(newline="", encoding="utf-8") as table:
        overdue = {row["name"]: row["overdue"] for row in csv.DictReader(table)}
    assert overdue == {"SoonNet": "true", "WeightsNet": "true", "MirrorNet": "true",
                       "LaterNet": "false"}  # fmt: skip
