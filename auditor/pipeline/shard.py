"""Scale-out: split the papers of a run into N stable shards (`--shard K/N`) and merge the
shards' scorecards back into the one scorecard an unsharded run would have written.

Papers, not links, are partitioned: a link belongs to every paper citing it (harvested links
to the paper whose page they were found on), so a shard holds its papers' links and a link cited
from two shards is checked by both and united in `merge`, which then scores every paper again
on the united verdicts. History (`auditor.history`) is recorded on the merged scorecard only,
where the whole list is known: a shard alone would see the other shards' links as removed.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date

from auditor.models import (
    JUDGED,
    CacheReuse,
    InputSummary,
    Link,
    LinkResult,
    Occurrence,
    Paper,
)
from auditor.rubric.promises import with_promises
from auditor.rubric.registry import Rubric
from auditor.rubric.score import score_paper
from auditor.scorecard import LinkEntry, PaperEntry, Scorecard, Shard
from auditor.scorecard.summary import build_summary
from auditor.timestamps import day_of


class ShardError(Exception):
    """Shard arguments or shard scorecards that cannot be used; one line for the user."""


def parse_shard(text: str) -> tuple[int, int]:
    """`K/N` (1 ≤ K ≤ N) → (K, N), for the `--shard` argument."""
    match = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", text)
    if not match:
        raise ShardError(f"--shard: expected K/N such as 2/3, got {text!r}")
    k, n = int(match[1]), int(match[2])
    if not 1 <= k <= n:
        raise ShardError(f"--shard: K must be between 1 and N, got {text!r}")
    return k, n


def in_shard(paper_id: str, k: int, n: int) -> bool:
    """Whether shard K of N (1-based) holds this paper. SHA-256 rather than `hash()`, which
    Python salts per process: every shard job must agree on the partition."""
    digest = hashlib.sha256(paper_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % n == k - 1


def select(
    papers: Sequence[Paper], links: Sequence[Link], k: int, n: int
) -> tuple[tuple[Paper, ...], tuple[Link, ...]]:
    """The papers of shard K of N and the links they cite, each in its given order."""
    mine = tuple(paper for paper in papers if in_shard(paper.id, k, n))
    ids = {paper.id for paper in mine}
    return mine, tuple(link for link in links if ids.intersection(link.papers))


def stamp(card: Scorecard, k: int, n: int) -> Scorecard:
    """The shard scorecard: the scorecard with `shard` K of N, which `merge` checks."""
    return replace(card, shard=Shard(k, n))


def merge(cards: Sequence[Scorecard], rubric: Rubric) -> Scorecard:
    """Merge the scorecards of shards 1…N of one run into one, scored with `rubric`.

    Every shard must be present exactly once (a missing shard would turn its links into
    "removed" ones in the history), and every shard must have been scored with `rubric` (its
    version), the one the merged scores are computed with. Papers come in input order, then
    position; links in the order their first citing paper cites them; a link reported by several
    shards is one link, its `papers` and `occurrences` united and its verdict the latest judged
    one. Links harvested from project pages follow the cited ones, as the pipeline orders them.

    Each paper is then scored again on the merged verdicts (a link it shares with another shard
    may have a better one there), as of the day of the merged `generated_at` (the latest
    shard's), unless its shard scored it on the same links, on that day: then the shard's score
    is the one (`_score`). The summary is computed from the merged papers and links. The merged
    scorecard has no history yet: `auditor merge` records it.
    """
    _check_complete(cards)
    first = cards[0]
    for card in cards[1:]:
        for name in ("schema_version", "tool", "rubric_version"):
            mine, theirs = getattr(first, name), getattr(card, name)
            if mine != theirs:
                raise ShardError(f"shards disagree on {name}: {mine!r}, {theirs!r}")
    if first.rubric_version != rubric.version:
        raise ShardError(
            f"the shards were scored with rubric {first.rubric_version}, not {rubric.version}: "
            "merge with the --config the shards were audited with"
        )
    generated_at = max(card.generated_at for card in cards)
    inputs = _merge_inputs(card.inputs for card in cards)
    papers = _merge_papers(cards, [entry.path for entry in inputs])
    links = _merge_links(cards, papers)
    papers = _score(papers, links, rubric, generated_at, _scored_on(cards))
    return Scorecard(
        schema_version=first.schema_version,
        tool=first.tool,
        rubric_version=first.rubric_version,
        generated_at=generated_at,
        inputs=inputs,
        summary=build_summary([entry.score for entry in papers], [e.result for e in links]),
        papers=papers,
        links=links,
        notes=tuple(dict.fromkeys(note for card in cards for note in card.notes)),
        cache=_merged_cache_reuse(cards),
        graphql_points=_merged_graphql_points(cards),
    )


def _merged_cache_reuse(cards: Sequence[Scorecard]) -> CacheReuse | None:
    """The shards' reuse added up; None when no shard ran with a cache."""
    reuses = [card.cache for card in cards if card.cache is not None]
    return sum(reuses[1:], reuses[0]) if reuses else None


def _merged_graphql_points(cards: Sequence[Scorecard]) -> int | None:
    """The shards' GraphQL points added up; None when no shard sent a query."""
    points = [card.graphql_points for card in cards if card.graphql_points is not None]
    return sum(points) if points else None


def _check_complete(cards: Sequence[Scorecard]) -> None:
    if not cards:
        raise ShardError("nothing to merge: no shard scorecards")
    seen: dict[int, int] = {}
    count = None
    for card in cards:
        shard = card.shard
        if shard is None:
            raise ShardError("not a shard scorecard (no 'shard' field): audit with --shard K/N")
        index, total = shard.index, shard.count
        if not 1 <= index <= total:
            raise ShardError(f"a shard scorecard has an invalid 'shard' field: {index}/{total}")
        if count is not None and total != count:
            raise ShardError(f"shards of different splits: {count} and {total}")
        count = total
        if index in seen:
            raise ShardError(f"shard {index}/{total} given twice")
        seen[index] = total
    assert count is not None
    missing = [str(index) for index in range(1, count + 1) if index not in seen]
    if missing:
        raise ShardError(f"shard(s) {', '.join(missing)} of {count} missing")


def _merge_inputs(lists: Iterable[Iterable[InputSummary]]) -> tuple[InputSummary, ...]:
    """Inputs by path, in first-seen order. Every shard reads every input; should one fail to
    read it (a list page fetched per shard), the error is kept, since its papers are missing."""
    merged: dict[str, InputSummary] = {}
    for entries in lists:
        for entry in entries:
            kept = merged.setdefault(entry.path, entry)
            merged[entry.path] = replace(
                kept, error=kept.error or entry.error, papers=max(kept.papers, entry.papers)
            )
    return tuple(merged.values())


def _paper_position(paper_id: str, paths: Sequence[str]) -> tuple[int, int, str]:
    # Ids are `<path as given>#<n>`; a path may itself hold '#', so split at the last one.
    path, _, number = paper_id.rpartition("#")
    rank = paths.index(path) if path in paths else len(paths)
    return rank, int(number) if number.isdigit() else 0, paper_id


def _merge_papers(cards: Sequence[Scorecard], paths: Sequence[str]) -> tuple[PaperEntry, ...]:
    by_id: dict[str, PaperEntry] = {}
    for card in cards:
        for entry in card.papers:
            if entry.id in by_id:
                raise ShardError(f"paper {entry.id} is in two shards")
            by_id[entry.id] = entry
    return tuple(by_id[pid] for pid in sorted(by_id, key=lambda pid: _paper_position(pid, paths)))


def _verdict_rank(entry: LinkEntry) -> tuple[bool, str]:
    # Judged verdicts win over "could not tell" ones; between two, the later check.
    return entry.outcome in JUDGED, entry.result.check.checked_at


def _merge_links(cards: Sequence[Scorecard], papers: Sequence[PaperEntry]) -> tuple[LinkEntry, ...]:
    reports: dict[str, list[LinkEntry]] = {}
    for card in cards:
        for entry in card.links:
            reports.setdefault(entry.url, []).append(entry)
    paper_rank = {paper.id: index for index, paper in enumerate(papers)}
    # Where a link first appears: its first citing paper, then its place in that paper's links.
    first_cited: dict[str, tuple[int, int]] = {}
    for rank, paper in enumerate(papers):
        for place, url in enumerate(paper.paper.links):
            first_cited.setdefault(url, (rank, place))
    unranked = (len(papers), 0)

    merged: list[LinkResult] = []
    for found in reports.values():
        best = max(found, key=_verdict_rank).result
        links = [entry.result.link for entry in found]
        ids = {pid for link in links for pid in link.papers}
        occurrences = dict.fromkeys(o for link in links for o in link.occurrences)
        united = Link(
            url=best.link.url,
            kind=best.link.kind,
            papers=tuple(sorted(ids, key=lambda pid: paper_rank.get(pid, len(papers)))),
            # A stable sort by paper: within one paper, the order its shard reported.
            occurrences=tuple(sorted(occurrences, key=lambda o: _rank(o, paper_rank))),
            # Cited in the list by a paper of another shard: there it was not harvested.
            found_via=None
            if any(link.found_via is None for link in links)
            else best.link.found_via,
        )
        # A link one shard alone reported stays the very result it read: `_score` compares.
        merged.append(best if united == best.link else replace(best, link=united))
    merged.sort(
        key=lambda result: (
            result.link.found_via is not None,
            first_cited.get(result.link.url, unranked),
            result.link.url,
        )
    )
    return tuple(LinkEntry(result) for result in merged)


def _rank(occurrence: Occurrence, paper_rank: dict[str, int]) -> int:
    return paper_rank.get(occurrence.paper, len(paper_rank))


def _own_links(links: Iterable[LinkEntry]) -> dict[str, list[LinkResult]]:
    """Each paper's links, in the order of `links`: what the paper is scored on."""
    by_paper: dict[str, list[LinkResult]] = {}
    for entry in links:
        for pid in entry.result.link.papers:
            by_paper.setdefault(pid, []).append(entry.result)
    return by_paper


@dataclass(frozen=True, slots=True)
class _ShardScoring:
    """What a shard scored one of its papers on: the day, and the paper's links."""

    day: str
    own: list[LinkResult]


def _scored_on(cards: Sequence[Scorecard]) -> dict[str, _ShardScoring]:
    """For each paper, the day and the links its shard scored it on."""
    scorings: dict[str, _ShardScoring] = {}
    for card in cards:
        day = day_of(card.generated_at)
        own = _own_links(card.links)
        for entry in card.papers:
            scorings[entry.id] = _ShardScoring(day, own.get(entry.id, []))
    return scorings


def _score(
    papers: Sequence[PaperEntry],
    links: Sequence[LinkEntry],
    rubric: Rubric,
    generated_at: str,
    scored_on: Mapping[str, _ShardScoring],
) -> tuple[PaperEntry, ...]:
    """Every paper scored again on the merged verdicts of its links, as of the day of
    `generated_at`; a paper its shard scored that day on the links the merge gives it (all of
    them reported by that shard alone, the common case) keeps its score: scoring is a function
    of the paper, its links, the rubric (the same: `merge` checks it) and the day. Its shard
    scored it on facts the scorecard does not keep (a README's words: `rubric.identity`), as
    an unsharded run would have; a paper scored again here is judged without them."""
    day = day_of(generated_at)
    today = date.fromisoformat(day)
    by_paper = _own_links(links)
    scored: list[PaperEntry] = []
    for entry in papers:
        own = by_paper.get(entry.id, [])
        shard = scored_on.get(entry.id)
        if entry.score is not None and shard is not None and shard.day == day and shard.own == own:
            scored.append(entry)
            continue
        score = score_paper(entry.paper, own, rubric, today=today, own=True)
        score = with_promises(entry.paper, own, score, rubric, today=today)
        scored.append(replace(entry, score=score))
    return tuple(scored)
