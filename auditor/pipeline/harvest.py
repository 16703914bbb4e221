"""Harvesting: the code links found on the project pages a paper cites become that paper's
links, attributed (the page they were found on is their occurrence), capped per paper (the rest
counted in a note), and merged with the same links cited directly. Linear in the links found.
Which links on a page are code, `auditor.check.pages` and `auditor.links` decide.

The harvest takes the pages in the order the papers cite them, so that which paper gains which
link, when its room runs out, never depends on which page answered first. `EarlyHarvest` tells,
while pages are still being read, which links that harvest is sure to give: those can be checked
before the last page answers."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from auditor import links
from auditor.containment import HARVEST, guarded
from auditor.links import NormalizedUrl
from auditor.models import Link, LinkResult, Occurrence, Paper


def harvested_links(
    pages: Iterable[LinkResult],
    *,
    follow_refresh: bool = False,
    room: dict[str, int] | None = None,
    left_out: dict[str, int] | None = None,
    per_page: int | None = None,
) -> list[Link]:
    """Code links found on project pages, each attributed to the papers citing its page; with
    `follow_refresh`, also the page a meta refresh sends a page's reader to. With `room` (paper
    id → links it may still gain), a paper gains no more than that; `left_out` counts the rest.
    `per_page`: the first so many code links of a page are taken (a verdict kept from a run
    with a higher limit holds more). Linear in the links found."""
    found: dict[str, tuple[Link, dict[str, None], list[Occurrence]]] = {}
    for page in pages:
        # Inside the per-link boundary: a page whose links we fail on (a bug of ours) gives
        # none, the other pages theirs.
        harvest = functools.partial(_harvest, page, found, follow_refresh, per_page, room, left_out)
        guarded(HARVEST, page.link.url, harvest, None)
    return [
        replace(link, papers=tuple(papers), occurrences=tuple(occurrences))
        for link, papers, occurrences in found.values()
    ]


def _page_links(
    page: LinkResult, follow_refresh: bool, per_page: int | None
) -> list[tuple[str, NormalizedUrl]]:
    """The links of one page worth harvesting, as written and normalised, in page order."""
    refresh = page.check.refresh_url if follow_refresh else None
    code = page.check.code_links if per_page is None else page.check.code_links[:per_page]
    found = []
    for raw in (*code, *([refresh] if refresh else [])):
        normal = links.normalize_url(raw)
        if normal is None or (raw != refresh and not links.is_harvestable(raw)):
            continue
        found.append((raw, normal))
    return found


def _harvest(
    page: LinkResult,
    found: dict[str, tuple[Link, dict[str, None], list[Occurrence]]],
    follow_refresh: bool,
    per_page: int | None,
    room: dict[str, int] | None,
    left_out: dict[str, int] | None,
) -> None:
    """The code links of one page into `found` (see `harvested_links`)."""
    for raw, normal in _page_links(page, follow_refresh, per_page):
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


class EarlyHarvest:
    """Which links the harvest of the cited pages (`harvested_links` with `follow_refresh`,
    `per_page` and each paper's `room`, the pages in the order cited) is sure to give, told
    while pages are still being read. A link is sure once one of its papers cannot run out of
    room whatever its pages give: each page not read yet counted at its most (`per_page` code
    links and a refresh target), each page read at what it gave. A paper citing a few pages
    is sure from its first page; one citing many, once enough of them are read."""

    def __init__(self, pages: Sequence[Link], room: Mapping[str, int], per_page: int) -> None:
        self._room = dict(room)
        self._per_page = per_page
        self._unread = {page.url for page in pages}
        # Paper → the most links its pages may give the harvest (an upper bound).
        self._most: dict[str, int] = {}
        for page in pages:
            for paper in page.papers:
                self._most[paper] = self._most.get(paper, 0) + per_page + 1
        self._held: dict[str, list[Link]] = {}  # paper → links not sure yet
        self._given: set[str] = set()

    def read(self, page: LinkResult) -> list[Link]:
        """The links that `page`, now read, makes sure, not given before: each as found on the
        first page that gave it (the harvest attributes it to all its papers)."""
        if page.link.url not in self._unread:
            return []
        self._unread.discard(page.link.url)
        try:
            found = _page_links(page, True, self._per_page)
        except Exception:  # the harvest contains it and says it, once; the page stays at its most
            return []
        papers = page.link.papers
        link_of = {
            normal.url: Link(
                url=normal.url, kind=normal.kind, papers=papers, found_via=page.link.url
            )
            for _, normal in found
        }
        sure: list[Link] = []
        for paper in papers:
            self._most[paper] -= self._per_page + 1 - len(found)
            self._held.setdefault(paper, []).extend(link_of.values())
            if self._most[paper] <= self._room.get(paper, 0):
                for link in self._held.pop(paper):
                    if link.url not in self._given:
                        self._given.add(link.url)
                        sure.append(link)
        return sure


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
