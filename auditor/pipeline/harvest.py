"""Harvesting: the code links found on the project pages a paper cites become that paper's
links, attributed (the page they were found on is their occurrence), capped per paper (the rest
counted in a note), and merged with the same links cited directly. Linear in the links found.
Which links on a page are code, `auditor.check.pages` and `auditor.links` decide."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import replace

from auditor import links
from auditor.containment import HARVEST, guarded
from auditor.models import Link, LinkResult, Occurrence, Paper


def harvested_links(
    pages: Iterable[LinkResult],
    *,
    follow_refresh: bool = False,
    room: dict[str, int] | None = None,
    left_out: dict[str, int] | None = None,
) -> list[Link]:
    """Code links found on project pages, each attributed to the papers citing its page; with
    `follow_refresh`, also the page a meta refresh sends a page's reader to. With `room` (paper
    id → links it may still gain), a paper gains no more than that; `left_out` counts the rest.
    Linear in the links found."""
    found: dict[str, tuple[Link, dict[str, None], list[Occurrence]]] = {}
    for page in pages:
        # Inside the per-link boundary: a page whose links we fail on (a bug of ours) gives
        # none, the other pages theirs.
        harvest = functools.partial(_harvest, page, found, follow_refresh, room, left_out)
        guarded(HARVEST, page.link.url, harvest, None)
    return [
        replace(link, papers=tuple(papers), occurrences=tuple(occurrences))
        for link, papers, occurrences in found.values()
    ]


def _harvest(
    page: LinkResult,
    found: dict[str, tuple[Link, dict[str, None], list[Occurrence]]],
    follow_refresh: bool,
    room: dict[str, int] | None,
    left_out: dict[str, int] | None,
) -> None:
    """The code links of one page into `found` (see `harvested_links`)."""
    refresh = page.check.refresh_url if follow_refresh else None
    for raw in (*page.check.code_links, *([refresh] if refresh else [])):
        normal = links.normalize_url(raw)
        if normal is None or (raw != refresh and not links.is_harvestable(raw)):
            continue
        earlier = found.get(normal.url)
        papers = [paper for paper in page.link.papers if earlier is None or paper not in earlier[1]]
        if room is not None:
            kept = [paper for paper in papers if room.get(paper, 0) > 0]
            for paper in papers:
                if paper in kept:
                    room[paper] -= 1
                elif left_out is not None:
                    left_out[paper] = left_out.get(paper, 0) + 1
            papers = kept
        if not papers:
            continue
        occurrences = [
            Occurrence(paper=paper, path=page.link.url, line=0, raw=raw, subpath=normal.subpath)
            for paper in papers
        ]
        if earlier is None:
            link = Link(url=normal.url, kind=normal.kind, papers=(), found_via=page.link.url)
            found[normal.url] = (link, dict.fromkeys(papers), occurrences)
        else:
            earlier[1].update(dict.fromkeys(papers))
            earlier[2].extend(occurrences)


def attribute(cited: Link, harvested: Link) -> Link:
    """A link both cited and found on a project page: the papers whose page holds it gain it."""
    papers = tuple(dict.fromkeys(cited.papers + harvested.papers))
    if papers == cited.papers:
        return cited
    added = tuple(o for o in harvested.occurrences if o.paper not in cited.papers)
    return replace(cited, papers=papers, occurrences=cited.occurrences + added)


def with_links(
    papers: Sequence[Paper], links: Iterable[Link], left_out: dict[str, int] | None = None
) -> list[Paper]:
    """Papers whose `links` include the harvested links attributed to them, and a note on those
    that reached the links-per-paper cap (`left_out`: paper id → links not attributed)."""
    extra: dict[str, list[str]] = {}
    for link in links:
        for paper_id in link.papers:
            extra.setdefault(paper_id, []).append(link.url)
    done = []
    for paper in papers:
        more = extra.get(paper.id)
        if more:
            paper = replace(paper, links=tuple(dict.fromkeys(paper.links + tuple(more))))
        lost = (left_out or {}).get(paper.id)
        if lost:
            note = f"{lost:,} more link(s) found on its project pages left out, not checked"
            paper = replace(paper, notes=(*paper.notes, note))
        done.append(paper)
    return done
