"""Harvesting in the order the papers cite their pages, and what `EarlyHarvest` may check before
the last page answers (`pipeline.harvest`)."""

from __future__ import annotations

import itertools

from auditor.models import Link, LinkCheck, LinkKind, LinkResult, Outcome
from auditor.pipeline.harvest import EarlyHarvest, harvested_links

PER_PAGE = 2


def page(url: str, papers: tuple[str, ...], *code: str, refresh: str | None = None) -> LinkResult:
    check = LinkCheck(
        Outcome.OK, "page", "2026-12-01T10:00:00Z", code_links=code, refresh_url=refresh
    )
    return LinkResult(Link(url, LinkKind.WEB, papers), check)


def repo(name: str) -> str:
    return f"https://github.com/acme/{name}"


def harvest_urls(pages: list[LinkResult], room: dict[str, int]) -> list[str]:
    found = harvested_links(pages, follow_refresh=True, room=dict(room), per_page=PER_PAGE)
    return [link.url for link in found]


def sure_while_reading(
    pages: list[LinkResult], room: dict[str, int], order: tuple[int, ...]
) -> list[list[str]]:
    early = EarlyHarvest([result.link for result in pages], room, PER_PAGE)
    return [[link.url for link in early.read(pages[index])] for index in order]


def test_a_paper_with_room_for_all_its_pages_can_give_gets_each_pages_links_at_once() -> None:
    pages = [
        page("https://a.example/p", ("l#1",), repo("a"), repo("b")),
        page("https://b.example/p", ("l#2",), repo("c"), refresh="https://b.example/q"),
    ]
    room = {"l#1": 6, "l#2": 3}
    assert sure_while_reading(pages, room, (1, 0)) == [
        [repo("c"), "https://b.example/q"],
        [repo("a"), repo("b")],
    ]


def test_a_paper_citing_more_pages_than_its_room_covers_waits_until_enough_are_read() -> None:
    # Three pages of at most 3 links each against a room of 4: sure only once two are read
    # and gave little.
    pages = [page("https://p0.example/", ("l#1",), repo("r0"))]
    pages += [page(f"https://p{n}.example/", ("l#1",)) for n in (1, 2)]
    room = {"l#1": 4}
    assert sure_while_reading(pages, room, (0, 1, 2)) == [[], [repo("r0")], []]


def test_whatever_order_pages_answer_in_every_sure_link_is_one_the_harvest_gives() -> None:
    pages = [
        page("https://p0.example/", ("l#1", "l#2"), repo("a"), repo("b")),
        page("https://p1.example/", ("l#1",), repo("c"), repo("a")),
        page("https://p2.example/", ("l#2",), repo("d"), refresh="https://p2.example/moved"),
        page("https://p3.example/", ("l#3",), repo("e"), repo("f")),
        page("https://p4.example/", ("l#3",)),
    ]
    for room in ({"l#1": 1, "l#2": 2, "l#3": 9}, {"l#1": 6, "l#2": 0, "l#3": 3}):
        harvest = set(harvest_urls(pages, room))
        for order in itertools.permutations(range(len(pages))):
            sure = list(itertools.chain(*sure_while_reading(pages, room, order)))
            assert len(sure) == len(set(sure))
            assert set(sure) <= harvest, (room, order)


def test_the_harvest_takes_the_pages_in_the_order_given_not_the_order_read() -> None:
    first = page("https://p0.example/", ("l#1",), repo("a"))
    second = page("https://p1.example/", ("l#1",), repo("b"))
    assert harvest_urls([first, second], {"l#1": 1}) == [repo("a")]
    assert harvest_urls([second, first], {"l#1": 1}) == [repo("b")]


def test_a_kept_verdict_holding_more_code_links_than_the_limit_gives_the_limit() -> None:
    kept = page("https://p.example/", ("l#1",), repo("a"), repo("b"), repo("c"))
    assert harvest_urls([kept], {"l#1": 9}) == [repo("a"), repo("b")]
