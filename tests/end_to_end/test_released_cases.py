"""Issue 24's world of hard cases (`tests.support.released_world`), each paper audited through
the command line against the fake GitHub and the other hosts' fakes: with a token (GraphQL),
without one (REST), and without one at GitHub's real 60 requests an hour, each case then on its
own (behind a crowd of other papers where the case is about the budget). A case the code gets
wrong is `xfail(strict=True)` naming its class: the fix of that class flips it to passing."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from auditor import cli
from tests.support.audit_world import audit_arguments
from tests.support.fake_github import FakeGitHub
from tests.support.fake_hosts import HostWorld, host_world
from tests.support.released_world import (
    CASES,
    GATES,
    GRAPHQL,
    MODES,
    RUBRIC_2,
    TOKENLESS,
    Case,
    crowd_repositories,
    host_routes,
    paper_list,
    repositories,
)

TOKEN = "ghp_TESTTOKEN0123456789abcdefSECRET"
TOKENLESS_BUDGET = 60  # GitHub's REST limit an hour without a token
CROWD = max(case.crowd for case in CASES)


@dataclass
class World:
    github: FakeGitHub
    hosts: HostWorld
    folder: Path
    # (mode, dated) → scorecard.json of the run of every case of that kind together.
    runs: dict[tuple[str, bool], dict[str, Any]] = field(default_factory=dict)

    def audit(self, cases: tuple[Case, ...], mode: str, *, dated: bool, crowd: int = 0) -> Any:
        name = f"{mode}-{'dated' if dated else 'undated'}-{len(self.runs)}-{cases[0].paper}"
        listed = self.folder / f"{name}.txt"
        listed.write_text(paper_list(cases, crowd), encoding="utf-8")
        self.github.rest_budget = TOKENLESS_BUDGET if mode == TOKENLESS else None
        token = {"GITHUB_TOKEN": TOKEN} if mode == GRAPHQL else {}
        out = self.folder / name
        arguments = audit_arguments(
            listed,
            out,
            self.github.url,
            "--max-retries",
            "0",
            # The cases judge what was released, not politeness (tests/test_net_politeness.py):
            # 0.1 s between two requests to the fake GitHub was most of each REST audit's time.
            "--host-request-interval",
            "0",
            "--fail-on",
            "never",
            paper_date="2026-01-15" if dated else None,
        )
        assert cli.main(arguments, environ=self.hosts.environ(**token)) == cli.EXIT_OK
        return json.loads((out / "scorecard.json").read_text())

    def scorecard(self, case: Case, mode: str) -> Any:
        if mode == TOKENLESS:  # each case alone, on a fresh hour's budget
            return self.audit((case,), mode, dated=case.dated, crowd=case.crowd)
        key = (mode, case.dated)
        if key not in self.runs:
            alike = tuple(c for c in CASES if c.dated == case.dated)
            self.runs[key] = self.audit(alike, mode, dated=case.dated)
        return self.runs[key]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    with (
        FakeGitHub(repositories() + crowd_repositories(CROWD), token=TOKEN) as github,
        host_world(host_routes()) as hosts,
    ):
        yield World(github, hosts, tmp_path_factory.mktemp("released"))


def parameters() -> list[Any]:
    return [
        pytest.param(
            case,
            mode,
            id=f"{case.paper}-{mode}",
            marks=([pytest.mark.xfail(strict=True, reason=case.klass)] if case.wrong else []),
        )
        for case in CASES
        for mode in MODES
    ]


@pytest.mark.parametrize(("case", "mode"), parameters())
def test_the_reviewer_s_tier(world: World, case: Case, mode: str) -> None:
    document = world.scorecard(case, mode)
    paper = next(p for p in document["papers"] if p["name"] == case.paper)
    assert paper["tier"] == case.expected(mode), f"{case.reason} ({paper['criteria']})"
    if case.outcome is not None and case.expected(mode) == case.tier:
        outcomes = {link["url"]: link["outcome"] for link in document["links"]}
        assert case.outcome in {outcomes[url] for url in paper["links"]}, case.reason


def test_a_mismatch_is_said_with_its_evidence_in_every_output(world: World) -> None:
    """Through the CLI: the sentence and its evidence in scorecard.json, summary.md (the job
    summary), index.html and papers.csv."""
    case = next(c for c in CASES if c.paper == "SigmaOtherNet")
    document = world.audit((case,), GRAPHQL, dated=True)
    (out,) = world.folder.glob("graphql-dated-*-SigmaOtherNet")
    paper = next(p for p in document["papers"] if p["name"] == case.paper)
    assert paper["tier"] == "mismatch"
    assert paper["score"] is None
    assert paper["other_work"]["name"] == "PriorArt"
    assert (
        "description: Implementation of PriorArt (arXiv:2301.04567)"
        in (paper["other_work"]["evidence"])
    )
    assert document["summary"]["tiers"]["mismatch"] == 1
    said = "the cited repository appears to be about another work (PriorArt): BibTeX title: "
    for report in ("summary.md", "index.html", "papers.csv"):
        assert said in (out / report).read_text(encoding="utf-8"), report
    assert "#### About another work (1)" in (out / "summary.md").read_text(encoding="utf-8")


def test_rubric_2_answers_through_the_cli(world: World) -> None:
    """Rubric 2.0's answers as the scorecard records them for this world's cases: D5 half met
    without the commands, G1 n/a for code released before the paper, E3 n/a with the README's
    sentence as evidence, F2 failed by a bare pointer; the reuse mark beside each tier."""
    cases = tuple(c for c in CASES if c.klass == RUBRIC_2 or c.klass == GATES)
    document = world.audit(cases, GRAPHQL, dated=True)
    papers = {p["name"]: p for p in document["papers"]}

    def answer(paper: str, cid: str) -> dict[str, Any]:
        return next(c for c in papers[paper]["criteria"] if c["id"] == cid)

    assert answer("OmicronNet", "D5")["result"] == "partial"
    assert answer("OmicronNet", "D5")["reason"] == (
        "README reports results, not the commands that produce them"
    )
    assert answer("ZetaNet", "D5")["result"] == "pass"
    early = answer("NuEarlyNet", "G1")
    assert early["result"] == "n/a"
    assert "released before the paper" in early["reason"]
    withheld = answer("PrivaNet", "E3")
    assert withheld["result"] == "n/a"
    assert any(
        "cannot be released for patient privacy reasons" in item for item in withheld["evidence"]
    )
    assert answer("PointNet", "F2")["result"] == "fail"
    assert answer("IotaNet", "F2")["result"] == "fail"  # no citation, still silver
    reuse = {name: paper.get("reuse") for name, paper in papers.items()}
    assert reuse["ZetaNet"] == reuse["KappaNet"] == "none"
    assert reuse["IotaNet"] == reuse["PointNet"] == "open"
    (out,) = world.folder.glob(f"graphql-dated-*-{cases[0].paper}")
    rows = csv.DictReader(io.StringIO((out / "papers.csv").read_text(encoding="utf-8")))
    assert {row["name"]: row["reuse"] for row in rows}["ZetaNet"] == "none"
    assert "★★ silver · reuse: none" in (out / "summary.md").read_text(encoding="utf-8")
