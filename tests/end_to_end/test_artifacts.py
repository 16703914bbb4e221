"""The weights and data a README gives, checked as links of its paper, through the command line
against the fake GitHub, the fake Hugging Face Hub and file hosts on 127.0.0.1: D4 and E3 from
their outcomes, and only the paper's own counted as a dead link."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from auditor import cli
from auditor.net import client
from auditor.scorecard.reading import from_json
from tests.support.audit_world import audit_arguments
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.fake_hosts import host_world, huggingface_routes
from tests.support.local_servers import FakeDNS, LocalServer, Reply, Route, html, serve

DRIVE = "drive.google.com"
# What the fixture keeps beside the scorecard's own members.
REPORTS = ("exit_code", "summary_md", "index_html")
FILES = {
    "requirements.txt": "torch==2.3.0\n",
    "train.py": "def main():\n    pass\n",
    "evaluate.py": "def main():\n    pass\n",
}


def readme(section: str) -> str:
    return f"""# LabNet

LabNet is the code of our paper on efficient image labelling.

## Installation

```
pip install -r requirements.txt
```

## Usage

Run `python train.py --config configs/base.yaml` to train and `python evaluate.py` to evaluate.

{section}
"""


def weights(sentence: str) -> str:
    return readme(f"## Pretrained weights\n\n{sentence}\n")


def cases(files: LocalServer, drive: str) -> dict[str, str]:
    """Repository name → its README."""
    return {
        "dead-weights": weights(
            f"Download our trained checkpoint: [labnet.pt]({files.url('/ckpt/labnet.pt')})"
        ),
        "gated": weights("Our model weights are on Hugging Face: https://huggingface.co/lab/gated"),
        "private": weights(
            "Our model weights are on Hugging Face: https://huggingface.co/lab/hidden"
        ),
        "drive-quota": weights(f"Our trained model: [Google Drive]({drive}/file/d/busy/view)"),
        "drive-gone": readme(
            f"## Data\n\nDownload our dataset from [Google Drive]({drive}/file/d/gone/view).\n"
        ),
        "base-model": weights(
            "We fine-tune the base model released by its authors: download "
            "[their checkpoint](https://huggingface.co/other-org/base-model) first."
        ),
        "base-model-live": weights(
            "We fine-tune the base model released by its authors: download "
            "[their checkpoint](https://huggingface.co/other-org/live-base) first."
        ),
        "loaded-by-name": readme(
            "## Quick start\n\nLoad our model:\n\n```python\n"
            'base = AutoModelForCausalLM.from_pretrained("other-org/base-lm")\n'
            'model = PeftModel.from_pretrained(base, "acme/loaded-by-name-lora")\n```\n'
        ),
        "unsupported": weights(
            "Our trained checkpoints: [Dropbox](https://www.dropbox.com/s/abc/labnet.zip?dl=0)"
        ),
    }


def drive_pages() -> dict[str, Route]:
    """Google Drive's own pages: a download quota used up, a file that does not exist."""
    return {
        "/file/d/busy/view": html(
            "<p>Too many users have viewed or downloaded this file recently.</p>"
        ),
        "/file/d/gone/view": html("<p>Sorry, the file you have requested does not exist.</p>"),
    }


def hub_routes() -> dict[str, Route]:
    """A gated model and a private one (its owner's token sees it); others are not found."""
    return {
        **huggingface_routes("lab/gated", "# gated", gated="manual"),
        **huggingface_routes("lab/hidden", "# hidden", private=True),
        **huggingface_routes("other-org/live-base", "# a base model"),
        **huggingface_routes("acme/loaded-by-name-lora", "# an adapter"),
    }


@pytest.fixture(scope="module")
def scorecard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    folder = tmp_path_factory.mktemp("artifacts")
    with (
        serve({"/ckpt/labnet.pt": Reply(404, b"no such file")}) as files,
        serve(drive_pages()) as drive_server,
        host_world({"huggingface": hub_routes()}) as hosts,
        pytest.MonkeyPatch.context() as patch,
    ):
        drive = drive_server.url("", host=DRIVE).rstrip("/")
        readmes = cases(files, drive)
        repos = [
            FakeRepo(f"acme/{name}", {"README.md": text, **FILES}) for name, text in readmes.items()
        ]
        # The DNS canary answers and Drive's name is the loopback server's: nothing else resolves.
        names = {"github.com": "140.82.112.3", DRIVE: "127.0.0.1"}
        patch.setattr(client, "system_resolver", FakeDNS(names))
        with FakeGitHub(repos) as github:
            listed = folder / "papers.txt"
            listed.write_text(
                "\n\n".join(
                    f"We present {name}. Code: https://github.com/acme/{name}" for name in readmes
                )
                + "\n",
                encoding="utf-8",
            )
            out = folder / "out"
            arguments = audit_arguments(
                listed, out, github.url, "--max-retries", "0", "--fail-on", "dead"
            )
            exit_code = cli.main(arguments, environ=hosts.environ())
            card = json.loads((out / "scorecard.json").read_text())
            card["exit_code"] = exit_code
            card["summary_md"] = (out / "summary.md").read_text()
            card["index_html"] = (out / "index.html").read_text()
            yield card


def paper(card: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in card["papers"] if p["name"].startswith(name) or name in p["links"][0])


def criterion(card: dict[str, Any], name: str, id_: str) -> dict[str, Any]:
    found = next(p for p in card["papers"] if p["links"][0] == f"https://github.com/acme/{name}")
    return next(c for c in found["criteria"] if c["id"] == id_)


def artifact(card: dict[str, Any], name: str) -> dict[str, Any]:
    return next(
        link for link in card["links"] if link.get("found_via") == f"https://github.com/acme/{name}"
    )


def test_a_dead_weights_link_fails_d4_and_counts(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "dead-weights")
    assert (link["artifact"], link["whose"], link["outcome"]) == ("weights", "own", "dead")
    assert criterion(scorecard, "dead-weights", "D4")["result"] == "fail"
    assert scorecard["exit_code"] != cli.EXIT_OK  # --fail-on dead: the paper's own counts


def test_a_gated_model_passes_noted(scorecard: dict[str, Any]) -> None:
    assert artifact(scorecard, "gated")["outcome"] == "ok"
    d4 = criterion(scorecard, "gated", "D4")
    assert d4["result"] == "pass"
    assert "access on request" in d4["reason"]


def test_a_private_model_fails_d4(scorecard: dict[str, Any]) -> None:
    assert artifact(scorecard, "private")["outcome"] == "blocked"
    assert criterion(scorecard, "private", "D4")["result"] == "fail"


def test_a_drive_quota_page_is_not_dead(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "drive-quota")
    assert link["outcome"] == "ok"
    assert "quota" in link["detail"]
    assert criterion(scorecard, "drive-quota", "D4")["result"] == "pass"


def test_a_drive_page_saying_the_file_does_not_exist_is_dead(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "drive-gone")
    assert (link["artifact"], link["outcome"]) == ("data", "dead")
    assert criterion(scorecard, "drive-gone", "E3")["result"] == "fail"


def test_a_base_model_is_not_credited_and_never_counted_dead(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "base-model")
    assert link["whose"] == "other"
    assert link["outcome"] == "dead"  # the Hub does not know it
    assert criterion(scorecard, "base-model", "D4")["result"] == "fail"
    # Counted: the dead weights and the gone Drive data, the paper's own; never the base model.
    card = from_json({k: v for k, v in scorecard.items() if k not in REPORTS})
    counted = [entry.url for entry in card.links if entry.counts_as_dead]
    assert len(counted) == 2
    assert link["url"] not in counted


def test_a_live_base_model_is_not_credited_either(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "base-model-live")
    assert (link["whose"], link["outcome"]) == ("other", "ok")
    d4 = criterion(scorecard, "base-model-live", "D4")
    assert d4["result"] == "fail"
    assert "live-base" not in " ".join(d4["evidence"])


def test_a_model_the_code_loads_by_name_is_checked_and_its_base_is_not(
    scorecard: dict[str, Any],
) -> None:
    link = artifact(scorecard, "loaded-by-name")
    assert (link["url"], link["artifact"], link["whose"], link["outcome"]) == (
        "https://huggingface.co/acme/loaded-by-name-lora",
        "weights",
        "own",
        "ok",
    )
    assert criterion(scorecard, "loaded-by-name", "D4")["result"] == "pass"
    assert not any("base-lm" in entry["url"] for entry in scorecard["links"])


def test_an_unsupported_host_leaves_d4_unknown(scorecard: dict[str, Any]) -> None:
    link = artifact(scorecard, "unsupported")
    assert link["outcome"] == "unsupported"
    assert "browser" in link["detail"]
    assert criterion(scorecard, "unsupported", "D4")["result"] == "unknown"


def test_artifact_links_are_in_the_reports(scorecard: dict[str, Any]) -> None:
    for report in (scorecard["summary_md"], scorecard["index_html"]):
        assert "Weights and data the READMEs give" in report
        assert "/file/d/gone/view" in report
