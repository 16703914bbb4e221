"""Unit logic of the link checker: retry decisions, outcome mapping (against a local server),
pages, bodies.

The retry policy itself (statuses, errors, waits, backoff) is tests/test_net_policy.py's."""

from __future__ import annotations

import gzip
import tracemalloc
import zlib
from collections.abc import AsyncIterator
from dataclasses import replace
from email.utils import formatdate

import pytest

from auditor.check import answers as http_answers
from auditor.check import checker, pages
from auditor.config.settings import Settings
from auditor.models import LinkCheck, LinkKind, Outcome
from auditor.net import Net, policy
from auditor.net.body import CappedBody
from tests.support.local_servers import FakeDNS, Reply, Route, html, sequence, serve

# The local server is on 127.0.0.1: private addresses allowed, as for any local test server.
SETTINGS = Settings(per_host_interval=0.0, max_retries=3, max_retry_wait=30.0, allow_private=True)
NOW = 1_700_000_000.0  # the wall clock of `net`: server waits are read against it, not the real one


# --- retry decisions and outcome mapping, against a local server -----------------------------


@pytest.fixture
async def net() -> AsyncIterator[Net]:
    async with Net(SETTINGS, resolver=FakeDNS(), now=lambda: NOW) as value:
        yield value


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The retry waits `check_links` decides on, without waiting them."""
    recorded: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        recorded.append(seconds)

    monkeypatch.setattr(policy, "_sleep", fake_sleep)
    return recorded


async def check_one(net: Net, url: str, kind: LinkKind = LinkKind.DOI) -> LinkCheck:
    return (await checker.check_links(net, [(url, kind)]))[url]


def _then_ok(status: int, *headers: tuple[str, str]) -> Route:
    return sequence(Reply(status, headers=headers), Reply(200))


async def test_retry_after_seconds_is_honoured(net: Net, waits: list[float]) -> None:
    with serve({"HEAD /code": _then_ok(429, ("Retry-After", "2"))}) as server:
        result = await check_one(net, server.url("/code"))
    assert result.outcome is Outcome.OK
    assert waits == [pytest.approx(2, abs=0.5)]


async def test_retry_after_http_date_is_honoured(net: Net, waits: list[float]) -> None:
    date = formatdate(NOW + 4, usegmt=True)
    with serve({"HEAD /code": _then_ok(503, ("Retry-After", date))}) as server:
        assert (await check_one(net, server.url("/code"))).outcome is Outcome.OK
    assert waits == [pytest.approx(4, abs=0.2)]  # however long the test took to get here


async def test_backoff_without_retry_after(net: Net, waits: list[float]) -> None:
    with serve({"HEAD /code": Reply(502)}) as server:
        result = await check_one(net, server.url("/code"))  # retry_base_delay=1.0
    assert result.outcome is Outcome.TRANSIENT
    assert result.detail.startswith("502 Bad Gateway; retried 3 times over ")
    assert len(waits) == 3
    for attempt, wait in enumerate(waits):
        assert 2**attempt / 2 - 0.2 <= wait <= 2**attempt


async def test_a_wait_beyond_the_cap_is_never_waited(net: Net, waits: list[float]) -> None:
    with serve({"HEAD /code": Reply(429, headers=(("Retry-After", "3600"),))}) as server:
        result = await check_one(net, server.url("/code"))
    assert waits == []
    assert server.seen("/code") == ["HEAD"]
    assert result.outcome is Outcome.TRANSIENT
    assert result.detail == (
        "429 Too Many Requests; the server asked us to wait 3600 s, beyond the 30 s limit"
    )


async def test_rate_limit_reset_is_honoured(net: Net, waits: list[float]) -> None:
    reset = str(int(NOW) + 3)
    with serve({"HEAD /code": _then_ok(429, ("X-RateLimit-Reset", reset))}) as server:
        assert (await check_one(net, server.url("/code"))).outcome is Outcome.OK
    assert waits == [pytest.approx(3, abs=0.2)]


async def test_no_retries_when_max_retries_is_zero(waits: list[float]) -> None:
    with serve({"HEAD /code": Reply(503)}) as server:
        async with Net(replace(SETTINGS, max_retries=0), resolver=FakeDNS()) as net:
            result = await check_one(net, server.url("/code"))
    assert result.outcome is Outcome.TRANSIENT
    assert result.detail == "503 Service Unavailable"
    assert waits == []


@pytest.mark.parametrize(
    ("head", "get", "outcome"),
    [
        (200, None, Outcome.OK),
        (204, None, Outcome.OK),
        (404, 404, Outcome.DEAD),
        (410, 410, Outcome.DEAD),
        (451, 451, Outcome.DEAD),
        (401, 401, Outcome.BLOCKED),
        (403, 403, Outcome.BLOCKED),
        (405, 403, Outcome.BLOCKED),
        (406, 406, Outcome.BLOCKED),
        (418, 418, Outcome.BLOCKED),
        (999, 999, Outcome.BLOCKED),
        (500, None, Outcome.TRANSIENT),
        (503, None, Outcome.TRANSIENT),
        (501, 501, Outcome.TRANSIENT),
        (429, None, Outcome.TRANSIENT),
        (300, None, Outcome.TRANSIENT),
        (405, 200, Outcome.OK),
        (404, 200, Outcome.OK),
    ],
)
async def test_outcome_mapping(head: int, get: int | None, outcome: Outcome) -> None:
    routes = {"HEAD /code": Reply(head), "GET /code": Reply(get or 599)}
    with serve(routes) as server:  # type: ignore[arg-type]
        async with Net(replace(SETTINGS, max_retries=0), resolver=FakeDNS()) as net:
            result = await check_one(net, server.url("/code"))
    assert result.outcome is outcome, result.detail
    assert server.seen("/code") == ["HEAD"] + ([] if get is None else ["GET"])


async def test_page_kinds_are_fetched_with_get(net: Net) -> None:
    with serve({"/code": html("<title>Project</title>")}) as server:
        result = await check_one(net, server.url("/code"), LinkKind.GITHUB_PAGES)
    assert server.seen("/code") == ["GET"]
    assert result.page_title == "Project"


@pytest.mark.parametrize("kind", [LinkKind.WEB, LinkKind.ANONYMOUS_REVIEW])
async def test_an_internal_error_is_unchecked_never_a_verdict(
    net: Net, monkeypatch: pytest.MonkeyPatch, kind: LinkKind
) -> None:
    def broken(*args: object, **kwargs: object) -> pages.PageFacts:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(checker, "success_verdict", broken)
    with serve({"/code": html("<title>Project</title>")}) as server:
        result = await check_one(net, server.url("/code"), kind)
    assert result.outcome is Outcome.UNCHECKED
    assert result.detail == "not checked: internal error (RuntimeError)"


async def test_a_page_analysis_failure_costs_the_analysis_not_the_verdict(
    net: Net, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> pages.PageFacts:
        raise IndexError("a bug of ours")

    monkeypatch.setattr(pages, "analyse_page", broken)
    with serve({"/code": html("<title>Project</title>")}) as server:
        result = await check_one(net, server.url("/code"), LinkKind.WEB)
    assert result.outcome is Outcome.OK  # judged by its answer alone
    assert result.page_title is None


# --- canonicalising redirects ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "target", "canonical"),
    [
        ("http://a.test/x", "https://a.test/x", True),
        ("https://a.test/x", "https://a.test/x/", True),
        ("https://a.test/x/", "https://a.test/x", True),
        ("https://a.test/x", "https://www.a.test/x", True),
        ("https://www.a.test/x", "https://a.test/x", True),
        ("https://A.Test/x", "https://a.test/x", True),
        ("http://a.test:80/x", "https://a.test/x", True),
        ("https://a.test/x", "http://a.test/x", False),
        ("https://a.test/x", "https://b.test/x", False),
        ("https://a.test/x", "https://a.test/y", False),
        ("https://a.test/X", "https://a.test/x", False),
        ("https://a.test/x?a=1", "https://a.test/x?a=2", False),
        ("https://a.test:8443/x", "https://a.test/x", False),
        ("https://a.test/x", "ftp://a.test/x", False),
    ],
)
def test_is_canonicalising(source: str, target: str, canonical: bool) -> None:
    assert http_answers.is_canonicalising(source, target) is canonical


# --- pages ---------------------------------------------------------------------------------------


def test_a_link_repeated_across_pages_is_classified_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A site's pages repeat their navigation and template links: each URL is normalized once
    a run, and every page still harvests its own code link."""
    from auditor.links import purpose

    asked: list[str] = []
    normalize = purpose.normalize_url

    def counted(url: str) -> object:
        asked.append(url)
        return normalize(url)

    monkeypatch.setattr(purpose, "normalize_url", counted)
    shared = '<a href="https://github.com/repeated-lab/site-nav">Lab</a><a href="/people">Us</a>'
    for number in range(3):
        code = f"https://github.com/repeated-lab/method-{number}"
        page = f'<title>Method {number}</title>{shared}<a href="{code}">Code</a>'
        facts = pages.analyse_page(page.encode(), f"https://repeated.test/m{number}/")
        assert code in facts.code_links
    assert asked.count("https://github.com/repeated-lab/site-nav") == 1
    assert asked.count("https://repeated.test/people") == 1


@pytest.mark.parametrize(
    "page",
    [
        "<html><head><title>404 Not Found</title></head><body><center>nginx</center></body>",
        "<title>404: This page could not be found.</title><h1>404</h1>",
        "<title>Page not found at /project/</title>",
        "<title>Lab</title><h1>Page Not Found</h1><p>Sorry.</p>",
        "<title>Site</title><p>Looks like you've followed a broken link or entered a URL</p>",
        "<title>x</title><body>There isn't a GitHub Pages site here.</body>",
        "<title>project.test</title><body>Buy this domain. The owner may sell.</body>",
        # A phrase's words spread over lines and elements are still the phrase.
        "<title>Home</title><p>There isn't a\n  <b>GitHub</b>\n\tPages site here.</p>",
        "<title>Sale</title><div>This domain</div>\n<div>may be for sale</div>",
    ],
)
def test_soft_404_pages(page: str) -> None:
    facts = pages.analyse_page(page.encode(), "https://project.test/")
    assert facts.soft_404 is not None


@pytest.mark.parametrize(
    "page",
    [
        "<title>NeRF: Neural Radiance Fields</title><h1>NeRF</h1><p>We found 40 scenes.</p>",
        "<title>Robust Matching</title><p>Errors of 4.04 px; not found in prior work.</p>",
    ],
)
def test_real_pages_are_not_soft_404(page: str) -> None:
    assert pages.analyse_page(page.encode(), "https://project.test/").soft_404 is None


@pytest.mark.parametrize(
    ("page", "url"),
    [
        # The title (or heading) is the page's own URL, which holds a "404".
        (
            "<title>https://lab.test/p/404-results</title><h1>https://lab.test/p/404-results</h1>",
            "https://lab.test/p/404-results",
        ),
        ("<title>404-results | Lab</title><h1>Results</h1>", "https://lab.test/p/404-results/"),
        ("<title>Lab</title><h1>Errata for 404</h1>", "https://lab.test/errata/404"),
        ("<title>lab.test/papers/404-results</title>", "https://lab.test/papers/404-results"),
    ],
)
def test_a_404_that_only_echoes_the_url_is_no_soft_404(page: str, url: str) -> None:
    assert pages.analyse_page(page.encode(), url).soft_404 is None


@pytest.mark.parametrize(
    ("page", "url", "cited"),
    [
        # Words beyond the echo still count.
        ("<title>Error 404: /p/404-results</title>", "https://lab.test/p/404-results", None),
        ("<title>Page not found: 404-results</title>", "https://lab.test/p/404-results", None),
        # A redirect to an error page: the echo is of the address cited, not of where it led.
        ("<title>404</title>", "https://lab.test/404", "https://lab.test/p/results"),
    ],
)
def test_other_404_signals_still_count(page: str, url: str, cited: str | None) -> None:
    assert pages.analyse_page(page.encode(), url, cited=cited).soft_404 is not None


def test_harvest_keeps_code_and_drops_credits() -> None:
    page = """<html><head><base href="https://lab.test/projects/"></head><body>
    <a href="https://github.com/ml-lab/method">code</a>
    <a href="https://github.com/ml-lab/method">code (again)</a>
    <a href="https://gitlab.lab.test/group/tool">tool</a>
    <a href="https://huggingface.co/datasets/ml-lab/bench">data</a>
    <a href="https://huggingface.co/lab">lab profile</a>
    <a href="https://anonymous.4open.science/r/method-1234">review</a>
    <a href="https://github.com/orgs/ml-lab/people">people</a>
    <a href="https://example.test/other">other</a>
    <a href="mailto:x@lab.test">mail</a>
    <p>This page is adapted from <a href="https://github.com/x/page">x</a>.</p>
    <p><small>Source code for this website: <b><a href="https://github.com/y/src">here</a></b>
    </small></p>
    <div id="page-footer"><a href="https://github.com/z/footer">z</a></div>
    <a href="https://github.com/eliahuhorwitz/Academic-project-page-template">template</a>
    <a href="https://github.com/ml-lab/method/tree/main/demo">demo</a>
    </body></html>"""
    facts = pages.analyse_page(page.encode(), "https://lab.test/method/")
    assert facts.code_links == (
        "https://github.com/ml-lab/method",
        "https://gitlab.lab.test/group/tool",
        "https://huggingface.co/datasets/ml-lab/bench",
        "https://anonymous.4open.science/r/method-1234",
        "https://github.com/ml-lab/method/tree/main/demo",
    )


def test_relative_code_links_resolve_against_the_page() -> None:
    page = b'<base href="https://github.com/ml-lab/method/"><a href="../tool">t</a>'
    facts = pages.analyse_page(page, "https://ml-lab.github.io/method/")
    assert facts.code_links == ("https://github.com/ml-lab/tool",)


def test_charset_from_meta_and_invalid_bytes() -> None:
    latin = '<meta charset="iso-8859-1"><title>Caf\xe9</title>'.encode("latin-1")
    assert pages.analyse_page(latin, "https://a.test/").title == "Café"
    broken = pages.analyse_page(b"<title>A\xff\xfeB</title>", "https://a.test/", "text/html")
    assert broken.title == "A\ufffd\ufffdB"


# --- bodies --------------------------------------------------------------------------------------


def test_gzip_bomb_never_inflates_beyond_the_cap() -> None:
    member = gzip.compress(bytes(16 << 20), compresslevel=9)
    bomb = member * 64  # 1 GiB of zeros, about 1 MB on the wire
    tracemalloc.start()
    try:
        reader = CappedBody("gzip", 1 << 20)
        for start in range(0, len(bomb), 65536):
            if not reader.feed(bomb[start : start + 65536]):
                break
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert reader.truncated
    assert len(reader.data) == 1 << 20
    assert peak < 8 << 20


def test_multi_member_gzip_is_decoded_whole() -> None:
    reader = CappedBody("gzip", 1000)
    assert reader.feed(gzip.compress(b"abc") + gzip.compress(b"def"))
    assert bytes(reader.data) == b"abcdef"
    assert not reader.truncated


@pytest.mark.parametrize("wbits", [zlib.MAX_WBITS, -zlib.MAX_WBITS], ids=["zlib", "raw"])
def test_deflate_in_both_formats(wbits: int) -> None:
    compressor = zlib.compressobj(wbits=wbits)
    data = compressor.compress(b"hello " * 100) + compressor.flush()
    reader = CappedBody("deflate", 10_000)
    assert reader.feed(data[:1])  # one byte cannot tell the format yet
    assert reader.feed(data[1:])
    assert bytes(reader.data) == b"hello " * 100


def test_identity_body_is_capped_and_unknown_encodings_refused() -> None:
    reader = CappedBody("", 10)
    assert not reader.feed(b"x" * 25)
    assert bytes(reader.data) == b"x" * 10
    assert reader.truncated
    assert CappedBody("br", 10).error == "unsupported content encoding 'br'"
    assert CappedBody("gzip, br", 10).error is not None
    assert CappedBody("identity", 10).error is None


@pytest.mark.parametrize(
    ("meta", "target"),
    [
        ("<meta http-equiv='refresh' content='0; url=https://new.test/x'>", "https://new.test/x"),
        ('<meta http-equiv="Refresh" content="0;URL=\'/moved/\'">', "https://lab.test/moved/"),
        ("<meta http-equiv='refresh' content='5; https://new.test/'>", "https://new.test/"),
        ("<meta http-equiv='refresh' content='30'>", None),  # a reload, not a move
        ("<meta http-equiv='refresh' content='0; url=javascript:alert(1)'>", None),
        ("<meta name='refresh' content='0; url=https://new.test/'>", None),
    ],
)
def test_a_meta_refresh_target_is_found(meta: str, target: str | None) -> None:
    page = f"<html><head>{meta}<title>Moved</title></head><body></body></html>"

    assert pages.analyse_page(page.encode(), "https://lab.test/page").refresh == target
