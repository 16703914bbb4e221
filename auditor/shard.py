"""Scale-out: split the papers of a run into N stable shards (`--shard K/N`) and merge the
shards' scorecards back into the one document an unsharded run would have written.

Papers, not links, are partitioned: a link belongs to every paper citing it (harvested links
to the paper whose page they were found on), so a shard holds its papers' links and a link cited
from two shards is checked by both and united in `merge`. History (`auditor.history`) is
recorded on the merged document only, where the whole list is known: a shard alone would see
the other shards' links as removed.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from auditor.models import Link, Outcome, Paper
from auditor.score import build_summary

Json = dict[str, Any]
Summarize = Callable[[list[Json], list[Json]], Mapping[str, Any]]

SHARD_KEY = "shard"
JUDGED = frozenset({Outcome.OK, Outcome.MOVED, Outcome.DEAD})


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


def stamp(document: Mapping[str, Any], k: int, n: int) -> Json:
    """The shard scorecard: the document with `shard: {index, count}`, which `merge` checks."""
    return {**document, SHARD_KEY: {"index": k, "count": n}}


def merge(docs: Sequence[Mapping[str, Any]], *, summarize: Summarize = build_summary) -> Json:
    """Merge the scorecards of shards 1…N of one run into one document.

    Every shard must be present exactly once (a missing shard would turn its links into
    "removed" ones in the history). Papers come in input order, then position; links in the
    order their first citing paper cites them; a link reported by several shards is one link,
    its `papers` and `occurrences` united and its verdict the latest judged one. Links harvested
    from project pages follow the cited ones, as the pipeline orders them. `summarize` rebuilds
    `summary` from the merged papers and links.
    """
    _check_complete(docs)
    first = docs[0]
    for doc in docs[1:]:
        for key in ("schema_version", "tool", "rubric_version"):
            if doc.get(key) != first.get(key):
                raise ShardError(f"shards disagree on {key}: {first.get(key)!r}, {doc.get(key)!r}")
    inputs = _merge_inputs(doc.get("inputs", ()) for doc in docs)
    papers = _merge_papers(docs, [entry["path"] for entry in inputs])
    links = _merge_links(docs, papers)
    merged = {key: value for key, value in first.items() if key != SHARD_KEY}
    merged.update(
        generated_at=max(str(doc.get("generated_at")) for doc in docs),
        inputs=inputs,
        summary=dict(summarize(papers, links)),
        papers=papers,
        links=links,
    )
    return merged


def _check_complete(docs: Sequence[Mapping[str, Any]]) -> None:
    if not docs:
        raise ShardError("nothing to merge: no shard scorecards")
    seen: dict[int, int] = {}
    count = None
    for doc in docs:
        shard = doc.get(SHARD_KEY)
        if not isinstance(shard, Mapping):
            raise ShardError("not a shard scorecard (no 'shard' field): audit with --shard K/N")
        index, total = shard.get("index"), shard.get("count")
        if not isinstance(index, int) or not isinstance(total, int) or not 1 <= index <= total:
            raise ShardError(f"a shard scorecard has an invalid 'shard' field: {dict(shard)}")
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


def _merge_inputs(lists: Iterable[Iterable[Mapping[str, Any]]]) -> list[Json]:
    """Inputs by path, in first-seen order. Every shard reads every input; should one fail to
    read it (a list page fetched per shard), the error is kept, since its papers are missing."""
    merged: dict[str, Json] = {}
    for entries in lists:
        for entry in entries:
            kept = merged.setdefault(entry["path"], dict(entry))
            if entry.get("error") and not kept.get("error"):
                kept["error"] = entry["error"]
            kept["papers"] = max(kept.get("papers") or 0, entry.get("papers") or 0)
    return list(merged.values())


def _paper_position(paper_id: str, paths: Sequence[str]) -> tuple[int, int, str]:
    # Ids are `<path as given>#<n>`; a path may itself hold '#', so split at the last one.
    path, _, number = paper_id.rpartition("#")
    rank = paths.index(path) if path in paths else len(paths)
    return rank, int(number) if number.isdigit() else 0, paper_id


def _merge_papers(docs: Sequence[Mapping[str, Any]], paths: Sequence[str]) -> list[Json]:
    by_id: dict[str, Json] = {}
    for doc in docs:
        for paper in doc.get("papers", ()):
            if paper["id"] in by_id:
                raise ShardError(f"paper {paper['id']} is in two shards")
            by_id[paper["id"]] = paper
    return [by_id[pid] for pid in sorted(by_id, key=lambda pid: _paper_position(pid, paths))]


def _verdict_rank(link: Mapping[str, Any]) -> tuple[bool, str]:
    # Judged verdicts win over "could not tell" ones; between two, the later check.
    return link.get("outcome") in JUDGED, str(link.get("checked_at") or "")


def _merge_links(docs: Sequence[Mapping[str, Any]], papers: Sequence[Json]) -> list[Json]:
    reports: dict[str, list[Mapping[str, Any]]] = {}
    for doc in docs:
        for link in doc.get("links", ()):
            reports.setdefault(link["url"], []).append(link)
    paper_rank = {paper["id"]: index for index, paper in enumerate(papers)}
    # Where a link first appears: its first citing paper, then its place in that paper's links.
    first_cited: dict[str, tuple[int, int]] = {}
    for rank, paper in enumerate(papers):
        for place, url in enumerate(paper.get("links", ())):
            first_cited.setdefault(url, (rank, place))
    unranked = (len(papers), 0)

    merged: list[Json] = []
    for found in reports.values():
        best: Mapping[str, Any] = max(found, key=_verdict_rank)
        link = dict(best)
        if any(entry.get("found_via") is None for entry in found):
            # Cited in the list by a paper of another shard: there it was not harvested.
            link["found_via"] = None
        ids = {pid for entry in found for pid in entry.get("papers", ())}
        link["papers"] = sorted(ids, key=lambda pid: paper_rank.get(pid, len(papers)))
        occurrences: dict[tuple[Any, ...], Json] = {}
        for entry in found:
            for occurrence in entry.get("occurrences", ()):
                occurrences.setdefault(tuple(sorted(occurrence.items())), occurrence)
        # A stable sort by paper: within one paper, the order its shard reported.
        link["occurrences"] = sorted(
            occurrences.values(), key=lambda o: paper_rank.get(o["paper"], len(papers))
        )
        merged.append(link)
    merged.sort(
        key=lambda link: (
            link.get("found_via") is not None,
            first_cited.get(link["url"], unranked),
            link["url"],
        )
    )
    return merged
