"""Sharding (`--shard K/N`) and merging shard scorecards back into one document."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor import cli
from auditor.history import History
from auditor.models import (
    CacheReuse,
    InputSummary,
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Occurrence,
    Outcome,
    Paper,
    PaperScore,
    ReadmeCover,
    ReadmeEvidence,
    RepoFacts,
    SourceRef,
    Tier,
)
from auditor.pipeline.shard import ShardError, in_shard, merge, parse_shard, select, stamp
from auditor.readme.analysis import with_readme
from auditor.rubric.promises import with_promises
from auditor.rubric.registry import Rubric
from auditor.rubric.score import score_paper
from auditor.scorecard import Audit, Review, Scorecard, build_scorecard, dumps, load_scorecard
from auditor.scorecard.reading import from_json
from auditor.timestamps import day_of
from tests.support.scorecards import gold_facts, paper, result, scorecard

RUBRIC = Rubric()
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

    def document(self, papers: Sequence[Paper], links: Sequence[Link]) -> Scorecard:
        """The scorecard of these papers and links, each paper scored as the pipeline does."""
        results = tuple(self.result(link) for link in links)
        audit = Audit(
            generated_at="2026-07-06T06:00:00Z",
            inputs=tuple(
                InputSummary(path, "markdown", sum(p.source.path == path for p in self.papers))
                for path in PATHS
            ),
            papers=tuple(papers),
            results=results,
            scores={
                paper.id: with_promises(
                    paper,
                    own,
                    score_paper(paper, own, RUBRIC, today=date(2026, 7, 6), own=True),
                    RUBRIC,
                    today=date(2026, 7, 6),
                )
                for paper in papers
                for own in ([r for r in results if paper.id in r.link.papers],)
            },
            rubric_version=RUBRIC.version,
        )
        return build_scorecard(audit)

    def unsharded(self) -> Scorecard:
        return self.document(self.papers, self.links)

    def shard(self, k: int, n: int, *, trim: bool) -> Scorecard:
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

    assert all(shard.papers for shard in shards)  # the example does split three ways
    assert merge(shards, RUBRIC) == EXAMPLE.unsharded()
    assert merge(shards[::-1], RUBRIC) == EXAMPLE.unsharded()


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

    assert merge(shards, RUBRIC) == world.unsharded()


def scored_again(card: Scorecard) -> tuple[PaperScore | None, ...]:
    """The slow path: every paper of a merged scorecard scored anew on its merged links, as of
    the day of its `generated_at`."""
    today = date.fromisoformat(day_of(card.generated_at))
    scores = []
    for entry in card.papers:
        own = [link.result for link in card.links if entry.id in link.result.link.papers]
        score = score_paper(entry.paper, own, RUBRIC, today=today, own=True)
        scores.append(with_promises(entry.paper, own, score, RUBRIC, today=today))
    return tuple(scores)


def read_back(card: Scorecard) -> Scorecard:
    """`card` as `auditor merge` reads it: written to JSON and validated back."""
    return from_json(json.loads(dumps(card)))


@settings(max_examples=60, deadline=None)
@given(
    citations=st.lists(st.lists(st.integers(0, 14), max_size=4), max_size=14),
    n=st.integers(1, 5),
    trim=st.booleans(),
)
def test_the_scores_a_merge_keeps_are_those_scoring_again_gives(
    citations: list[list[int]], n: int, trim: bool
) -> None:
    world = World(citations)
    shards = [read_back(world.shard(k, n, trim=trim)) for k in range(1, n + 1)]

    merged = merge(shards, RUBRIC)

    assert tuple(entry.score for entry in merged.papers) == scored_again(merged)


def test_merge_keeps_the_score_of_a_paper_whose_links_its_shard_alone_reported() -> None:
    """Papers citing a link another shard reports too are scored again; the others keep the
    very score their shard wrote."""
    shards = [read_back(EXAMPLE.shard(k, 3, trim=True)) for k in (1, 2, 3)]
    written = {entry.id: entry.score for shard in shards for entry in shard.papers}
    reports = Counter(link.url for shard in shards for link in shard.links)

    merged = merge(shards, RUBRIC)

    kept = {entry.id: entry.score is written[entry.id] for entry in merged.papers}
    spans = {e.id: any(reports[url] > 1 for url in e.paper.links) for e in merged.papers}
    assert kept == {pid: not spanning for pid, spanning in spans.items()}
    assert set(kept.values()) == {True, False}  # the example has both kinds
    assert tuple(entry.score for entry in merged.papers) == scored_again(merged)


def test_a_shard_scored_on_another_day_than_the_merge_is_scored_again() -> None:
    before = shard_of(1, 2, "https://a.example/", LinkKind.WEB, Outcome.OK, "2026-07-05T23:59:00Z")
    after = shard_of(2, 2, "https://b.example/", LinkKind.WEB, Outcome.OK, "2026-07-06T00:01:00Z")

    merged = merge([before, after], RUBRIC)

    assert merged.papers[0].score is not before.papers[0].score
    assert merged.papers[1].score is after.papers[0].score


def test_a_paper_its_shard_found_about_another_work_stays_so_after_the_merge() -> None:
    """The README's words, which tell, are not in scorecard.json: the shard's judgement is kept
    when nothing else changed, as the unsharded run would have judged."""
    text = (
        "# PriorArt\n\nThe official code of PriorArt, trained and evaluated on one public "
        "benchmark.\n\n## Citation\n```bibtex\n@article{prior,\n  title={PriorArt: Image "
        "Restoration Done Once},\n  year={2025}\n}\n```\n"
    )
    facts = with_readme(
        replace(gold_facts(), description="PriorArt: image restoration"),
        "README.md",
        len(text),
        text,
        repository="lab/model",
    )
    cited = result("https://github.com/lab/model", LinkKind.GITHUB_REPO, repo=facts)
    shard = stamp(scorecard([(paper(name="GlowNet"), [cited])]), 1, 1)
    assert [entry.measured for entry in shard.papers] == [Tier.MISMATCH]

    merged = merge([read_back(shard)], RUBRIC)

    assert [entry.measured for entry in merged.papers] == [Tier.MISMATCH]


def test_history_of_a_merged_run_is_that_of_the_unsharded_run(tmp_path: Path) -> None:
    merged = merge([EXAMPLE.shard(k, 3, trim=True) for k in (1, 2, 3)], RUBRIC)
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
        "import sys; from auditor.pipeline.shard import in_shard; "
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


def shard_of(
    k: int, count: int, url: str, kind: LinkKind, outcome: Outcome, checked_at: str, **extra: object
) -> Scorecard:
    """Shard K of `count`: paper `l.md#K` citing `url`, which answered `outcome`."""
    pid = f"l.md#{k}"
    found = result(url, kind, [pid], outcome=outcome, **extra)  # type: ignore[arg-type]
    found = replace(
        found,
        link=replace(found.link, occurrences=(Occurrence(pid, "l.md", k, url),)),
        check=replace(found.check, checked_at=checked_at),
    )
    return stamp(scorecard([(paper(pid), [found])], generated_at=checked_at), k, count)


def test_a_link_checked_by_two_shards_keeps_the_latest_judged_verdict() -> None:
    url = "https://x.example/"
    merged = merge(
        [
            shard_of(1, 3, url, LinkKind.WEB, Outcome.OK, "2026-07-06T06:00:01Z"),
            shard_of(2, 3, url, LinkKind.WEB, Outcome.DEAD, "2026-07-06T06:00:02Z"),
            shard_of(3, 3, url, LinkKind.WEB, Outcome.TRANSIENT, "2026-07-06T06:00:03Z"),
        ],
        RUBRIC,
    )

    (link,) = merged.links
    assert (link.outcome, link.result.check.checked_at) == ("dead", "2026-07-06T06:00:02Z")
    assert link.result.link.papers == ("l.md#1", "l.md#2", "l.md#3")
    assert [o.line for o in link.result.link.occurrences] == [1, 2, 3]
    assert merged.generated_at == "2026-07-06T06:00:03Z"
    assert merged.shard is None
    assert (merged.summary.papers, merged.summary.links) == (3, 1)
    assert merged.summary.outcomes["dead"] == 1


def test_a_link_harvested_in_one_shard_and_cited_in_another_counts_as_cited() -> None:
    url, page, at = "https://github.com/a/b", "https://lab.github.io/b/", "2026-07-06T06:00:00Z"
    shards = [
        shard_of(1, 2, url, LinkKind.GITHUB_REPO, Outcome.OK, at, found_via=page),
        shard_of(2, 2, url, LinkKind.GITHUB_REPO, Outcome.OK, at),
    ]

    (link,) = merge(shards, RUBRIC).links

    assert link.result.link.found_via is None
    assert link.result.link.papers == ("l.md#1", "l.md#2")


def test_merge_scores_each_paper_again_on_the_merged_verdicts() -> None:
    """A repository dead for shard 1 (a hiccup) and ok for shard 2, checked later: the paper of
    shard 1 is scored on the better verdict, and the summary counts it so."""
    url = "https://github.com/lab/model"
    first = shard_of(1, 2, url, LinkKind.GITHUB_REPO, Outcome.DEAD, "2026-11-30T04:00:00Z")
    second = shard_of(
        2, 2, url, LinkKind.GITHUB_REPO, Outcome.OK, "2026-11-30T05:00:00Z", repo=gold_facts()
    )
    assert [entry.score.tier for entry in (*first.papers, *second.papers) if entry.score] == [
        Tier.DEAD,
        Tier.GOLD,
    ]

    merged = merge([first, second], RUBRIC)

    assert [entry.score.tier for entry in merged.papers if entry.score] == [Tier.GOLD, Tier.GOLD]
    assert merged.summary.tiers["gold"] == 2
    assert merged.summary.tiers["dead"] == 0
    assert merged.summary.problems.dead_links == 0


def test_merge_scores_as_of_the_merged_generated_at() -> None:
    """A placeholder's promise of a paper from 2026-03 is overdue after 90 days: merged on
    2026-04-01 it is not overdue yet, whatever the shards said (a placeholder all the same)."""
    placeholder = gold_facts(
        root_files=("README.md",),
        readme_covers=(ReadmeCover.PLACEHOLDER,),
        readme_evidence=(ReadmeEvidence(ReadmeCover.PLACEHOLDER, 3, "Code coming soon"),),
    )
    url = "https://github.com/lab/model"
    shards = [
        shard_of(k, 2, url, LinkKind.GITHUB_REPO, Outcome.OK, f"2026-04-0{k}T00:00:00Z",
                 repo=placeholder)
        for k in (1, 2)
    ]  # fmt: skip
    # The builder scores as of 2026-11-30, past the grace.
    assert {entry.score.tier for s in shards for entry in s.papers if entry.score} == {
        Tier.PLACEHOLDER
    }

    merged = merge(shards, RUBRIC)

    assert merged.generated_at == "2026-04-02T00:00:00Z"
    assert all(entry.score and entry.score.tier == Tier.PLACEHOLDER for entry in merged.papers)
    b2 = {c.id: c for c in merged.papers[0].score.criteria if merged.papers[0].score}["B2"]
    assert "not overdue until 2026-06-29 (90-day grace)" in b2.reason


def test_an_input_error_in_any_shard_is_kept() -> None:
    shards = [EXAMPLE.shard(k, 3, trim=False) for k in (1, 2, 3)]
    failed = replace(shards[1].inputs[0], error="https://list.example/: HTTP 503")
    shards[1] = replace(shards[1], inputs=(failed, *shards[1].inputs[1:]))

    merged = merge(shards, RUBRIC)

    assert [entry.error for entry in merged.inputs] == [
        "https://list.example/: HTTP 503",
        None,
    ]


def test_the_cache_reuse_of_the_shards_adds_up() -> None:
    shards = [EXAMPLE.shard(k, 3, trim=False) for k in (1, 2, 3)]
    assert merge(shards, RUBRIC).cache is None  # no shard ran with a cache
    shards[0] = replace(shards[0], cache=CacheReuse(4, 7200))
    shards[1] = replace(shards[1], cache=CacheReuse(0, None))
    shards[2] = replace(shards[2], cache=CacheReuse(2, 60))
    assert merge(shards, RUBRIC).cache == CacheReuse(6, 7200)


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
        merge(shards, RUBRIC)


def test_shards_of_different_splits_or_plain_scorecards_are_refused() -> None:
    with pytest.raises(ShardError, match="different splits"):
        merge([EXAMPLE.shard(1, 2, trim=False), EXAMPLE.shard(2, 3, trim=False)], RUBRIC)
    with pytest.raises(ShardError, match="not a shard scorecard"):
        merge([EXAMPLE.unsharded()], RUBRIC)
    overlapping = [stamp(EXAMPLE.unsharded(), k, 2) for k in (1, 2)]
    with pytest.raises(ShardError, match="is in two shards"):
        merge(overlapping, RUBRIC)


def test_shards_of_different_rubrics_are_refused() -> None:
    shards = [EXAMPLE.shard(k, 2, trim=False) for k in (1, 2)]
    shards[1] = replace(shards[1], rubric_version="2")

    with pytest.raises(ShardError, match="rubric_version"):
        merge(shards, RUBRIC)


def test_shards_of_another_rubric_than_the_merges_are_refused() -> None:
    shards = [EXAMPLE.shard(k, 2, trim=False) for k in (1, 2)]
    stricter = Rubric(placeholder_grace_days=30)

    with pytest.raises(ShardError, match=r"scored with rubric 2\.0, not 2\.0\+custom\.") as error:
        merge(shards, stricter)
    assert "--config" in str(error.value)
    assert "\n" not in str(error.value)
    assert merge([replace(s, rubric_version=stricter.version) for s in shards], stricter)


def test_merge_reads_the_rubric_of_config_as_audit_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "rubric.toml"
    config.write_text("[rubric]\nplaceholder_grace_days = 30\n")
    parts = []
    for k in (1, 2):
        parts.append(tmp_path / f"part{k}.json")
        parts[-1].write_text(dumps(EXAMPLE.shard(k, 2, trim=False)))
    arguments = ["merge", *map(str, parts), "--out", str(tmp_path / "merged")]

    assert cli.main([*arguments, "--config", str(config)], environ={}) == cli.EXIT_USAGE
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "scored with rubric 2.0, not 2.0+custom." in error
    assert not (tmp_path / "merged").exists()
    assert cli.main([*arguments, "--fail-on", "never"], environ={}) == cli.EXIT_OK


def test_merge_puts_the_reviews_given_to_it_beside_the_merged_verdicts(tmp_path: Path) -> None:
    """The shards' reviews are not merged: those given to `merge` decide, as acknowledgements."""
    parts = []
    for k in (1, 2):
        parts.append(tmp_path / f"part{k}.json")
        parts[-1].write_text(dumps(EXAMPLE.shard(k, 2, trim=False)))
    whole = EXAMPLE.document(EXAMPLE.papers, EXAMPLE.links)
    first, link = whole.papers[0], whole.links[0]
    reviews = tmp_path / "reviews.toml"
    reviews.write_text(
        f'[[review]]\npaper = "{first.key}"\nverdict = "gold"\nreason = "by hand"\n'
        'reviewer = "A. Chair"\ndate = 2026-11-20\n\n'
        f'[[review]]\nurl = "{link.url}"\nverdict = "{link.outcome}"\nreason = "seen"\n'
        'reviewer = "A. Chair"\ndate = 2026-11-21\n'
    )
    arguments = ["merge", *map(str, parts), "--out", str(tmp_path / "merged")]

    assert cli.main([*arguments, "--fail-on", "never", "--reviews", str(reviews)], environ={}) == 0
    merged = load_scorecard(tmp_path / "merged" / "scorecard.json")
    reviewed = next(entry for entry in merged.papers if entry.id == first.id)
    assert reviewed.review is not None
    assert (reviewed.review.verdict, reviewed.review.differs) == ("gold", first.measured != "gold")
    assert merged.links_by_url()[link.url].review == Review(
        str(link.outcome), "seen", "A. Chair", "2026-11-21", differs=False
    )


@pytest.mark.parametrize(
    ("text", "expected"), [("1/1", (1, 1)), ("2/3", (2, 3)), (" 3 / 3 ", (3, 3))]
)
def test_parse_shard(text: str, expected: tuple[int, int]) -> None:
    assert parse_shard(text) == expected


@pytest.mark.parametrize("text", ["0/3", "4/3", "3", "a/b", "1/0", "-1/3"])
def test_parse_shard_refuses(text: str) -> None:
    with pytest.raises(ShardError, match="--shard"):
        parse_shard(text)


def test_a_merge_scores_the_papers_promises_again_from_the_shards_json(tmp_path: Path) -> None:
    promising = gold_facts(
        readme_weights_promise=ReadmeEvidence(ReadmeCover.WEIGHTS, 9, "Weights coming soon.")
    )
    cited = result("https://github.com/lab/model", LinkKind.GITHUB_REPO, repo=promising)
    card = stamp(scorecard([(paper(), [cited])]), 1, 1)
    (tmp_path / "part.json").write_text(dumps(card))
    merged = merge([load_scorecard(tmp_path / "part.json")], Rubric())

    (entry,) = merged.papers
    assert entry.score is not None
    assert [(p.kind, p.overdue) for p in entry.score.promises] == [("weights", True)]
    assert entry.score.overdue is True
