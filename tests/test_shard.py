"""Sharding (`--shard K/N`) and merging shard scorecards back into one document."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor import report
from auditor.history import History
from auditor.models import (
    InputSummary,
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Occurrence,
    Outcome,
    Paper,
    PaperScore,
    RepoFacts,
    SourceRef,
    Tier,
)
from auditor.report import Audit
from auditor.score import build_summary
from auditor.shard import ShardError, in_shard, merge, parse_shard, select, stamp

Json = dict[str, Any]
PATHS = ("lists/icml.md", "lists/neurips.bib")
OUTCOMES = (Outcome.OK, Outcome.DEAD, Outcome.MOVED, Outcome.UNCHECKED, Outcome.TRANSIENT)


PAGE = "https://lab.github.io/project/"


class World:
    """Papers citing links from a shared pool, and what checking each link finds. Links 10 and
    above are harvested from a project page rather than cited in the list."""

    def __init__(self, citations: Sequence[Sequence[int]]) -> None:
        self.papers: list[Paper] = []
        for index, cited in enumerate(citations):
            path = PATHS[index % 2]
            direct = [self.url(n) for n in cited if n < 10]
            harvested = [self.url(n) for n in cited if n >= 10]
            self.papers.append(
                Paper(
                    id=f"{path}#{index // 2 + 1}",
                    name=f"Paper {index}",
                    title=None,
                    date="2026",
                    source=SourceRef(path, 10 * index + 1),
                    links=tuple(dict.fromkeys(direct + harvested)),
                )
            )
        # The pipeline's order: inputs as given, papers in list order; links cited in the lists
        # by first citing paper and place in its links, then the harvested ones likewise.
        self.papers.sort(key=lambda paper: PATHS.index(paper.source.path))
        order = list(dict.fromkeys(url for paper in self.papers for url in paper.links))
        order.sort(key=self.is_harvested)
        self.links = [self.link(url, self.papers) for url in order]

    @staticmethod
    def url(n: int) -> str:
        return f"https://github.com/ml-lab/repo{n}" if n % 3 == 0 else f"https://site{n}.example/"

    @staticmethod
    def is_harvested(url: str) -> bool:
        return int("".join(ch for ch in url if ch.isdigit())) >= 10

    @classmethod
    def link(cls, url: str, papers: Sequence[Paper]) -> Link:
        citing = [paper for paper in papers if url in paper.links]
        harvested = cls.is_harvested(url)
        return Link(
            url=url,
            kind=LinkKind.GITHUB_REPO if "github.com" in url else LinkKind.WEB,
            papers=tuple(paper.id for paper in citing),
            occurrences=tuple(
                Occurrence(paper.id, PAGE, 0, url)
                if harvested
                else Occurrence(paper.id, paper.source.path, paper.source.line + 1, url)
                for paper in citing
            ),
            found_via=PAGE if harvested else None,
        )

    @staticmethod
    def result(link: Link) -> LinkResult:
        n = int("".join(ch for ch in link.url if ch.isdigit()))
        outcome = OUTCOMES[n % len(OUTCOMES)]
        check = LinkCheck(outcome, f"answered {outcome}", "2026-07-06T06:00:00Z")
        facts = None
        if link.kind is LinkKind.GITHUB_REPO:
            facts = RepoFacts(link.url.removeprefix("https://github.com/"), True, "rest")
        return LinkResult(link, check, facts)

    def document(self, papers: Sequence[Paper], links: Sequence[Link]) -> Json:
        audit = Audit(
            generated_at="2026-07-06T06:00:00Z",
            inputs=tuple(
                InputSummary(path, "markdown", sum(p.source.path == path for p in self.papers))
                for path in PATHS
            ),
            papers=tuple(papers),
            results=tuple(self.result(link) for link in links),
            scores={
                paper.id: PaperScore(Tier.LISTED if paper.links else Tier.NO_CODE, 50)
                for paper in papers
            },
            rubric_version="1",
        )
        return report.build_scorecard(audit)

    def unsharded(self) -> Json:
        document = self.document(self.papers, self.links)
        document["summary"] = build_summary(document["papers"], document["links"])
        return document

    def shard(self, k: int, n: int, *, trim: bool) -> Json:
        papers, links = select(self.papers, self.links, k, n)
        if trim:  # a shard that reports only its own papers' citations
            links = tuple(self.link(link.url, papers) for link in links)
        return stamp(self.document(papers, links), k, n)


EXAMPLE = World(
    [[0, 1], [1, 2, 3, 11], [], [3, 4, 9], [5, 12], [0, 6, 7], [8, 1, 11], [2], [9, 10], [3]]
)


@pytest.mark.parametrize("trim", [False, True])
def test_three_shards_merge_into_the_unsharded_document(trim: bool) -> None:
    shards = [EXAMPLE.shard(k, 3, trim=trim) for k in (1, 2, 3)]

    assert all(shard["papers"] for shard in shards)  # the example does split three ways
    assert merge(shards) == EXAMPLE.unsharded()
    assert merge(shards[::-1]) == EXAMPLE.unsharded()


@settings(max_examples=60, deadline=None)
@given(
    citations=st.lists(st.lists(st.integers(0, 14), max_size=4), max_size=14),
    n=st.integers(1, 5),
    trim=st.booleans(),
)
def test_any_split_merges_into_the_unsharded_document(
    citations: list[list[int]], n: int, trim: bool
) -> None:
    world = World(citations)
    shards = [world.shard(k, n, trim=trim) for k in range(1, n + 1)]

    assert merge(shards) == world.unsharded()


def test_history_of_a_merged_run_is_that_of_the_unsharded_run(tmp_path: Path) -> None:
    merged = merge([EXAMPLE.shard(k, 3, trim=True) for k in (1, 2, 3)])
    with History.open(tmp_path / "a.sqlite") as one, History.open(tmp_path / "b.sqlite") as two:
        assert one.record_run(merged) == two.record_run(EXAMPLE.unsharded())


def test_every_paper_is_in_exactly_one_shard() -> None:
    ids = [f"lists/icml.md#{n}" for n in range(1, 400)]
    for n in range(1, 6):
        homes = [[k for k in range(1, n + 1) if in_shard(pid, k, n)] for pid in ids]
        assert all(len(home) == 1 for home in homes)
        assert {home[0] for home in homes} == set(range(1, n + 1))


def test_the_partition_is_stable_across_processes_and_releases() -> None:
    # Fixed values: changing the hash would move every paper (and its cached verdicts).
    expected = [2, 2, 2, 2, 3, 1, 3, 2]
    ids = [f"examples/icml-2026.txt#{i}" for i in range(1, 9)]
    code = (
        "import sys; from auditor.shard import in_shard; "
        "print([k for pid in sys.argv[1:] for k in (1, 2, 3) if in_shard(pid, k, 3)])"
    )
    for seed in ("1", "2"):  # `hash()` would differ between these two processes
        answer = subprocess.run(
            [sys.executable, "-c", code, *ids],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        )
        assert answer.stdout.strip() == str(expected)


def test_a_link_checked_by_two_shards_keeps_the_latest_judged_verdict() -> None:
    def shard(k: int, outcome: str, checked_at: str) -> Json:
        link = {"url": "https://x.example/", "kind": "web", "papers": [f"l.md#{k}"],
                "occurrences": [{"paper": f"l.md#{k}", "path": "l.md", "line": k, "raw": "x",
                                 "subpath": None}],
                "outcome": outcome, "checked_at": checked_at}  # fmt: skip
        paper = {"id": f"l.md#{k}", "links": ["https://x.example/"], "tier": "listed"}
        return {"schema_version": 1, "generated_at": checked_at, "inputs": [],
                "papers": [paper], "links": [link], "shard": {"index": k, "count": 3}}  # fmt: skip

    merged = merge(
        [
            shard(1, "ok", "2026-07-06T06:00:01Z"),
            shard(2, "dead", "2026-07-06T06:00:02Z"),
            shard(3, "transient", "2026-07-06T06:00:03Z"),
        ],
        summarize=lambda papers, links: {"papers": len(papers), "links": len(links)},
    )

    (link,) = merged["links"]
    assert (link["outcome"], link["checked_at"]) == ("dead", "2026-07-06T06:00:02Z")
    assert link["papers"] == ["l.md#1", "l.md#2", "l.md#3"]
    assert [o["line"] for o in link["occurrences"]] == [1, 2, 3]
    assert merged["generated_at"] == "2026-07-06T06:00:03Z"
    assert "shard" not in merged
    assert merged["summary"] == {"papers": 3, "links": 1}


def test_a_link_harvested_in_one_shard_and_cited_in_another_counts_as_cited() -> None:
    def shard(k: int, found_via: str | None) -> Json:
        link = {
            "url": "https://github.com/a/b",
            "kind": "github-repo",
            "papers": [f"l.md#{k}"],
            "occurrences": [],
            "outcome": "ok",
            "checked_at": "2026-07-06T06:00:00Z",
            "found_via": found_via,
        }
        paper = {"id": f"l.md#{k}", "links": [link["url"]], "tier": "listed"}
        return {"schema_version": 1, "generated_at": "2026-07-06T06:00:00Z", "inputs": [],
                "papers": [paper], "links": [link], "shard": {"index": k, "count": 2}}  # fmt: skip

    (link,) = merge([shard(1, "https://lab.github.io/b/"), shard(2, None)])["links"]

    assert link["found_via"] is None
    assert link["papers"] == ["l.md#1", "l.md#2"]


def test_an_input_error_in_any_shard_is_kept() -> None:
    shards = [EXAMPLE.shard(k, 3, trim=False) for k in (1, 2, 3)]
    shards[1]["inputs"][0]["error"] = "https://list.example/: HTTP 503"

    merged = merge(shards)

    assert [entry["error"] for entry in merged["inputs"]] == [
        "https://list.example/: HTTP 503",
        None,
    ]


@pytest.mark.parametrize(
    ("indexes", "message"),
    [
        ([1, 3], r"shard\(s\) 2 of 3 missing"),
        ([1, 2, 2, 3], "shard 2/3 given twice"),
        ([], "nothing to merge"),
    ],
)
def test_an_incomplete_set_of_shards_is_refused(indexes: list[int], message: str) -> None:
    shards = [EXAMPLE.shard(k, 3, trim=False) for k in indexes]

    with pytest.raises(ShardError, match=message):
        merge(shards)


def test_shards_of_different_splits_or_plain_scorecards_are_refused() -> None:
    with pytest.raises(ShardError, match="different splits"):
        merge([EXAMPLE.shard(1, 2, trim=False), EXAMPLE.shard(2, 3, trim=False)])
    with pytest.raises(ShardError, match="not a shard scorecard"):
        merge([EXAMPLE.unsharded()])
    overlapping = [stamp(EXAMPLE.unsharded(), k, 2) for k in (1, 2)]
    with pytest.raises(ShardError, match="is in two shards"):
        merge(overlapping)


def test_shards_of_different_rubrics_are_refused() -> None:
    shards = [EXAMPLE.shard(k, 2, trim=False) for k in (1, 2)]
    shards[1]["rubric_version"] = "2"

    with pytest.raises(ShardError, match="rubric_version"):
        merge(shards)


@pytest.mark.parametrize(
    ("text", "expected"), [("1/1", (1, 1)), ("2/3", (2, 3)), (" 3 / 3 ", (3, 3))]
)
def test_parse_shard(text: str, expected: tuple[int, int]) -> None:
    assert parse_shard(text) == expected


@pytest.mark.parametrize("text", ["0/3", "4/3", "3", "a/b", "1/0", "-1/3"])
def test_parse_shard_refuses(text: str) -> None:
    with pytest.raises(ShardError, match="--shard"):
        parse_shard(text)
