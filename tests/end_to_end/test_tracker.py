"""What users report, end to end: `auditor audit` through the CLI against the fake GitHub, a
repository whose tracker holds blocker titles shown with counts and links in scorecard.json,
index.html, summary.md and the job summary; without a token the tracker is not read, and the
run says so."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from auditor import cli
from tests.support import schemas
from tests.support.audit_world import audit_arguments
from tests.support.fake_github import FakeGitHub, FakeIssue, FakeRepo
from tests.support.github_markdown import visible_text

TOKEN = "t0ken-tracker"
SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "scorecard.schema.json").read_text()
)
README = "# Widgets\n\n## Installation\n\n```\npip install widgets\n```\n"
ISSUES = (
    FakeIssue("Thanks for the great work", created_at="2025-10-01T09:00:00Z"),
    FakeIssue("Pretrained weights not released", created_at="2025-11-02T09:00:00Z"),
    FakeIssue(
        "Checkpoint download link is broken",
        created_at="2025-12-10T09:00:00Z",
        labels=("bug",),
        comments=("NONE", "OWNER"),
    ),
    FakeIssue("Where can I find the trained model?", created_at="2026-01-20T09:00:00Z"),
    FakeIssue("pip install fails on Python 3.12", created_at="2026-02-01T09:00:00Z"),
    FakeIssue(
        "When will the training code be released?",
        open=False,
        created_at="2025-09-01T09:00:00Z",
        closed_at="2025-10-15T09:00:00Z",
    ),
)


@dataclass
class World:
    github: FakeGitHub
    paper_list: Path


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    repos = [
        FakeRepo("acme/widgets", files={"README.md": README, "setup.py": ""}, issues=ISSUES),
        FakeRepo("acme/quiet", files={"README.md": README}, issues=ISSUES[:1]),
    ]
    with FakeGitHub(repos, token=TOKEN) as github:
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            "We present Widgets. Code: https://github.com/acme/widgets.\n\n"
            "We present Quiet. Code: https://github.com/acme/quiet.\n",
            encoding="utf-8",
        )
        yield World(github, paper_list)


def audit(world: World, out: Path, environ: dict[str, str]) -> int:
    return cli.main(audit_arguments(world.paper_list, out, world.github.url), environ=environ)


def test_blocker_titles_are_shown_with_counts_and_links(world: World, tmp_path: Path) -> None:
    out = tmp_path / "out"
    job = tmp_path / "job-summary.md"
    environ = {
        "GITHUB_TOKEN": TOKEN,
        "GITHUB_ACTIONS": "true",
        "GITHUB_STEP_SUMMARY": str(job),
        "GITHUB_OUTPUT": str(tmp_path / "outputs"),
    }
    assert audit(world, out, environ) == cli.EXIT_OK
    document = json.loads((out / "scorecard.json").read_text())
    schemas.validate(document, SCHEMA)
    repos = {link["url"]: link.get("repo") or {} for link in document["links"]}
    assert "tracker" not in repos["https://github.com/acme/quiet"]
    tracker = repos["https://github.com/acme/widgets"]["tracker"]
    assert (tracker["issues"], tracker["read"]) == (6, 6)
    kinds = {report["number"]: report["kind"] for report in tracker["reports"]}
    assert kinds == {
        2: "weights-missing",
        3: "weights-missing",
        4: "weights-missing",
        5: "install-fails",
        6: "release-when",
    }
    answered = {r["number"]: r.get("answered") for r in tracker["reports"]}
    assert answered == {2: False, 3: True, 4: False, 5: False, 6: None}
    assert "issue tracker not read without a token" not in document["notes"]

    weights = "3 open reports of missing weights, oldest 2025-11-02, 2 unanswered"
    html = (out / "index.html").read_text()
    summary = (out / "summary.md").read_text()
    for text in (html, visible_text(summary), visible_text(job.read_text())):
        assert "What users report" in text
        assert weights in text
        assert "1 open report of an install that fails, oldest 2026-02-01, 1 unanswered" in text
        assert "1 closed report asking when it will be released" in text
    for number in (2, 3, 4, 5, 6):
        url = f"https://github.com/acme/widgets/issues/{number}"
        assert f'href="{url}"' in html
        assert f"({url})" in summary
    assert "acme/quiet/issues" not in html


def test_tokenless_skips_the_tracker_and_says_so(world: World, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert audit(world, out, {}) == cli.EXIT_OK
    document = json.loads((out / "scorecard.json").read_text())
    assert "issue tracker not read without a token" in document["notes"]
    assert all("tracker" not in (link.get("repo") or {}) for link in document["links"])
    assert not [r for r in world.github.requests if "issues" in r.path or r.path == "/graphql"]
    assert "issue tracker not read without a token" in (out / "index.html").read_text()
    assert "issue tracker not read without a token" in (out / "summary.md").read_text()
    assert "What users report" not in (out / "index.html").read_text()
