"""The run history across a change of the auditor's rules, through the command line against
the fake GitHub: the first run under newer rules over a history written by rubric 1.2 records
what the rules changed as `rejudged` (never died or new-dead, failing no `--fail-on` choice),
keeps a real death `died`, and the next run compares normally."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from auditor import cli
from auditor.check import judging
from auditor.rubric import registry
from tests.support.audit_world import audit_arguments
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.local_servers import LocalServer, Reply, html, serve

MONOREPO = "https://github.com/vislab/mono"
# The folder the paper cites: not in the repository. Rubric 1.2 judged the repository.
MISSING_FOLDER = f"{MONOREPO}/tree/main/projects/delta"


@pytest.fixture(scope="module")
def github() -> Iterator[FakeGitHub]:
    files = {
        "README.md": "# Lab projects\n\nOne folder per project.\n",
        "LICENSE": "MIT License",
        "projects/alpha/README.md": "# AlphaNet\n\nThe code of AlphaNet.\n",
        "projects/alpha/train.py": "def main():\n    pass\n",
    }
    with FakeGitHub([FakeRepo("vislab/mono", files=files)]) as server:
        yield server


@pytest.fixture
def web() -> Iterator[LocalServer]:
    with serve({"/page": html("<title>PageNet</title>")}) as server:
        yield server


def paper_list(path: Path, code: str, page: str | None = None) -> Path:
    text = f"Papers (2026)\n\nWe present DeltaNet, a method. Code: {code}\n"
    if page is not None:
        text += f"\nWe present PageNet, a method. Project page: {page}\n"
    path.write_text(text, encoding="utf-8")
    return path


def audit(github: FakeGitHub, papers: Path, out: Path, fail_on: str) -> tuple[int, Any]:
    """`auditor audit`, its history in `out` (`out/history.sqlite`)."""
    arguments = audit_arguments(papers, out, github.url, "--max-retries", "0")
    code = cli.main([*arguments, "--fail-on", fail_on], environ={})
    return code, json.loads((out / "scorecard.json").read_text())


def as_rubric_1_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """The auditor as it judged before: rubric 1.2, links judged on their repository."""
    monkeypatch.setattr(judging, "JUDGING_VERSION", judging.FIRST_JUDGING_VERSION)
    monkeypatch.setattr(registry, "RUBRIC_VERSION", "1.2")


def changes_of(document: Any, url: str) -> list[str]:
    changes: list[str] = next(link for link in document["links"] if link["url"] == url)["changes"]
    return changes


def test_the_first_run_of_new_rules_rejudges_and_the_next_compares_normally(
    github: FakeGitHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "reports"
    with monkeypatch.context() as old:
        as_rubric_1_2(old)
        code, before = audit(github, paper_list(tmp_path / "p.txt", MONOREPO), out, "new-dead")
    assert code == cli.EXIT_OK
    assert before["rubric_version"] == "1.2"
    written_by_1_2 = (out / "history.sqlite").read_bytes()

    papers = paper_list(tmp_path / "p.txt", MISSING_FOLDER)
    code, first = audit(github, papers, out, "new-dead")

    assert code == cli.EXIT_OK
    assert changes_of(first, MISSING_FOLDER) == ["rejudged"]
    assert next(link for link in first["links"])["outcome"] == "dead"
    assert first["papers"][0]["changes"] == ["rejudged"]
    assert first["changes"]["new_dead"] == 0
    assert first["changes"]["counts"]["died"] == 0
    assert first["changes"]["counts"]["rejudged"] == 1
    assert first["changes"]["rejudged"] == {
        "previous": {"rubric": "1.2", "judging": 1},
        "current": {"rubric": registry.RUBRIC_VERSION, "judging": judging.JUDGING_VERSION},
        "papers": 1,
    }
    line = "Re-judged under "
    assert line in (out / "summary.md").read_text()
    assert line in (out / "index.html").read_text()
    # Every --fail-on choice: the rules' change fails none of them on this run (each over a
    # copy of the history 1.2 wrote).
    for rule in ("dead", "placeholder", "tier-below:listed"):
        other = tmp_path / rule.replace(":", "-")
        other.mkdir()
        (other / "history.sqlite").write_bytes(written_by_1_2)
        assert audit(github, papers, other, rule)[0] == cli.EXIT_OK, rule

    code, second = audit(github, papers, out, "new-dead")

    assert code == cli.EXIT_OK  # still dead, not newly
    assert changes_of(second, MISSING_FOLDER) == []
    assert "rejudged" not in second["changes"]
    assert "rejudged" not in second["changes"]["counts"]
    assert line not in (out / "summary.md").read_text()
    # Dead now under the rules it was judged by last time: `--fail-on dead` counts it.
    assert audit(github, papers, out, "dead")[0] == cli.EXIT_FINDINGS


def test_a_real_death_on_the_first_run_of_new_rules_stays_died(
    github: FakeGitHub, web: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, page = tmp_path / "reports", web.url("/page")
    with monkeypatch.context() as old:
        as_rubric_1_2(old)
        audit(github, paper_list(tmp_path / "p.txt", MONOREPO, page), out, "never")

    web.routes["/page"] = Reply(404)  # the page answered 200; it answers 404 now: the world
    papers = paper_list(tmp_path / "p.txt", MISSING_FOLDER, page)
    code, first = audit(github, papers, out, "new-dead")

    assert code == cli.EXIT_FINDINGS
    assert changes_of(first, page) == ["died"]
    assert changes_of(first, MISSING_FOLDER) == ["rejudged"]
    assert first["changes"]["new_dead"] == 1
