"""The link checker against real HTTP servers on loopback: every outcome, end to end.

Names resolve through `FakeDNS` only; `canary.test`, the DNS canary, resolves to a public
address that is never contacted (only its resolution is asked), so "our network works".
"""

from __future__ import annotations

import gzip
import ipaddress
import shutil
import socket
import ssl
import struct
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from auditor.check import checker
from auditor.check.cache import VerdictCache
from auditor.models import LinkKind, Outcome
from auditor.net import fetch
from auditor.net.errors import ConnectError
from tests.support.checking import DOI, PAGE, NetFactory, check
from tests.support.local_servers import (
    BrokenDNS,
    Exchange,
    FakeDNS,
    Reply,
    drip,
    gzip_bomb,
    html,
    redirect,
    sequence,
    serve,
)

# --- ok, moved, dead -------------------------------------------------------------------------


async def test_200_is_ok_from_a_head_request(make_net: NetFactory) -> None:
    with serve({"/paper": Reply(200, b"x")}) as server:
        result = await check(make_net(), server.url("/paper"))
        assert server.seen("/paper") == ["HEAD"]
    assert result.outcome is Outcome.OK
    assert result.http_status == 200
    assert result.detail == "200 OK"
    assert result.checked_at.endswith("Z")
    assert result.redirects == ()
    assert result.final_url is None


async def test_permanent_redirect_to_a_new_address_is_moved(make_net: NetFactory) -> None:
    with serve({"/old": redirect("/new", 301), "/new": Reply(200)}) as server:
        result = await check(make_net(), server.url("/old"))
    assert result.outcome is Outcome.MOVED
    assert result.final_url == server.url("/new")
    assert [(hop.url, hop.status) for hop in result.redirects] == [(server.url("/old"), 301)]
    assert "moved permanently (301)" in result.detail


@pytest.mark.parametrize(
    ("path", "location"),
    [("/docs", "/docs/"), ("/x", "http://WWW.Example.test:{port}/x")],
    ids=["trailing-slash", "www-and-host-case"],
)
async def test_canonicalising_permanent_redirect_is_ok(
    make_net: NetFactory, path: str, location: str
) -> None:
    with serve() as server:
        server.routes[path] = redirect(location.format(port=server.port), 308)
        server.routes["/docs/"] = Reply(200)
        server.routes["/x"] = sequence(redirect(location.format(port=server.port), 308), Reply(200))
        net = make_net(names={"example.test": "127.0.0.1", "www.example.test": "127.0.0.1"})
        result = await check(net, server.url(path, host="example.test"))
    assert result.outcome is Outcome.OK, result.detail
    assert result.detail == "200 OK after 1 redirect"


async def test_temporary_redirect_chain_is_ok_and_recorded(make_net: NetFactory) -> None:
    routes = {"/a": redirect("/b"), "/b": redirect("/c", 307), "/c": redirect("/d", 303)}
    with serve({**routes, "/d": Reply(200)}) as server:
        result = await check(make_net(), server.url("/a"))
    assert result.outcome is Outcome.OK
    assert [hop.status for hop in result.redirects] == [302, 307, 303]
    assert result.final_url == server.url("/d")
    assert result.detail == "200 OK after 3 redirects"


async def test_redirect_loop_is_dead(make_net: NetFactory) -> None:
    with serve({"/a": redirect("/b"), "/b": redirect("/a")}) as server:
        result = await check(make_net(), server.url("/a"))
    assert result.outcome is Outcome.DEAD
    assert "redirect loop" in result.detail


async def test_a_cookie_style_bounce_is_not_a_loop(make_net: NetFactory) -> None:
    # /a → /set → /a → 200: a URL visited twice is fine as long as no transition repeats.
    routes = {"/a": sequence(redirect("/set"), Reply(200)), "/set": redirect("/a")}
    with serve(routes) as server:
        result = await check(make_net(), server.url("/a"))
    assert result.outcome is Outcome.OK


@pytest.mark.parametrize(("hops", "outcome"), [(10, Outcome.OK), (11, Outcome.DEAD)])
async def test_redirect_limit(make_net: NetFactory, hops: int, outcome: Outcome) -> None:
    routes: dict[str, Any] = {f"/r{n}": redirect(f"/r{n - 1}") for n in range(1, hops + 1)}
    routes["/r0"] = Reply(200)
    with serve(routes) as server:
        result = await check(make_net(), server.url(f"/r{hops}"))
    assert result.outcome is outcome
    if outcome is Outcome.DEAD:
        assert result.detail == "more than 10 redirects"
        assert len(result.redirects) == 11


@pytest.mark.parametrize("status", [404, 410, 451])
async def test_gone_statuses_are_dead(make_net: NetFactory, status: int) -> None:
    with serve({"/x": Reply(status)}) as server:
        result = await check(make_net(), server.url("/x"))
    assert result.outcome is Outcome.DEAD
    assert result.http_status == status


async def test_dead_after_redirects_says_so(make_net: NetFactory) -> None:
    with serve({"/a": redirect("/b"), "/b": redirect("/gone")}) as server:
        result = await check(make_net(), server.url("/a"))
    assert result.outcome is Outcome.DEAD
    assert result.detail == "404 Not Found after 2 redirects"


GITHUB_PAGES_404 = """<!DOCTYPE html><html><head>
<title>Page not found &middot; GitHub Pages</title></head><body><div class="container">
<h1>404</h1><p><strong>File not found</strong></p>
<p>The site configured at this address does not contain the requested file.</p></div>
</body></html>"""


async def test_soft_404_github_pages_is_dead(make_net: NetFactory) -> None:
    with serve({"/project/": html(GITHUB_PAGES_404)}) as server:
        result = await check(make_net(), server.url("/project/"), LinkKind.GITHUB_PAGES)
        assert server.seen("/project/") == ["GET"]
    assert result.outcome is Outcome.DEAD
    assert result.detail.startswith("soft 404: 200 OK but the page says")
    assert result.page_title == "Page not found · GitHub Pages"


async def test_parked_domain_is_dead(make_net: NetFactory) -> None:
    parked = "<html><head><title>example.test</title></head><body>This domain is for sale!</body>"
    with serve({"/": html(parked)}) as server:
        result = await check(make_net(), server.url("/"), PAGE)
    assert result.outcome is Outcome.DEAD
    assert "for sale" in result.detail


# --- transient, retries, waiting -----------------------------------------------------------


async def test_429_with_retry_after_then_200_is_ok(make_net: NetFactory) -> None:
    answers = sequence(Reply(429, headers=(("Retry-After", "1"),)), Reply(200))
    with serve({"/x": answers}) as server:
        result = await check(make_net(), server.url("/x"))
        assert server.seen("/x") == ["HEAD", "HEAD"]  # a 429 is not HEAD's fault: no GET
    assert result.outcome is Outcome.OK


async def test_503_twice_then_200_is_ok(make_net: NetFactory) -> None:
    with serve({"/x": sequence(Reply(503), Reply(503), Reply(200))}) as server:
        result = await check(make_net(), server.url("/x"))
    assert result.outcome is Outcome.OK


async def test_persistent_503_is_transient_after_retries(make_net: NetFactory) -> None:
    with serve({"GET /x": Reply(503), "HEAD /x": Reply(503)}) as server:
        result = await check(make_net(max_retries=2), server.url("/x"))
    assert result.outcome is Outcome.TRANSIENT
    assert result.detail.startswith("503 Service Unavailable; retried 2 times over ")
    assert result.http_status == 503


async def test_retry_after_of_a_year_is_transient_at_once(make_net: NetFactory) -> None:
    year = str(365 * 86400)
    with serve({"/x": Reply(429, headers=(("Retry-After", year),))}) as server:
        started = time.monotonic()
        result = await check(make_net(), server.url("/x"))
        assert server.seen("/x") == ["HEAD"]
    assert time.monotonic() - started < 9  # well below the 10 s cap: it never waited
    assert result.outcome is Outcome.TRANSIENT
    assert "asked us to wait 365 days" in result.detail


async def test_long_wait_is_deferred_to_the_second_pass(
    make_net: NetFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checker, "INLINE_WAIT", 0.1)
    order: list[str] = []
    slow = sequence(Reply(429, headers=(("Retry-After", "1"),)), Reply(200))
    with serve({"/slow": slow, "/fast": Reply(200)}) as server:
        targets = [(server.url("/slow"), DOI), (server.url("/fast", host="other.test"), DOI)]
        net = make_net(names={"other.test": "127.0.0.1"})
        results = await checker.check_links(
            net, targets, on_result=lambda url, _: order.append(url)
        )
    assert [check.outcome for check in results.values()] == [Outcome.OK, Outcome.OK]
    assert order == [server.url("/fast", host="other.test"), server.url("/slow")]


def _hang(exchange: Exchange) -> None:
    exchange.stopping.wait(30)


async def test_a_server_that_never_answers_is_transient(make_net: NetFactory) -> None:
    with serve({"/x": _hang}) as server:
        result = await check(make_net(timeout=0.5, max_retries=1), server.url("/x"))
    assert result.outcome is Outcome.TRANSIENT
    assert result.detail.startswith("no answer within 0.5 s; retried once")


def _drip_headers(exchange: Exchange) -> None:
    for byte in b"HTTP/1.1 200 OK\r\nX-Padding: " + b"a" * 1000:
        if exchange.stopping.wait(0.1):
            return
        try:
            exchange.handler.wfile.write(bytes([byte]))
            exchange.handler.wfile.flush()
        except OSError:
            return


async def test_slow_drip_body_is_cut_at_the_link_deadline(make_net: NetFactory) -> None:
    with serve({"/x": drip("text/html", b"<title>Slow</title>")}) as server:
        result = await check(make_net(link_deadline=1.0), server.url("/x"), PAGE)
    # The status arrived in time; the verdict rests on it and says what was cut.
    assert result.outcome is Outcome.OK
    assert "link deadline" in result.detail
    assert result.page_title == "Slow"


async def test_slow_drip_headers_are_transient(make_net: NetFactory) -> None:
    with serve({"/x": _drip_headers}) as server:
        result = await check(make_net(link_deadline=1.0), server.url("/x"), PAGE)
    assert result.outcome is Outcome.TRANSIENT
    assert "link deadline" in result.detail


async def test_connection_refused_is_transient_while_dns_works(make_net: NetFactory) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    result = await check(make_net(max_retries=1), f"http://127.0.0.1:{port}/")
    assert result.outcome is Outcome.TRANSIENT
    assert result.detail.startswith("connection failed")


async def test_nothing_reachable_at_all_is_our_network(make_net: NetFactory) -> None:
    ports = []
    for _ in range(3):
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            ports.append(sock.getsockname()[1])
    urls = [f"http://127.0.0.1:{port}/" for port in ports]
    results = await checker.check_links(make_net(max_retries=0), [(url, DOI) for url in urls])
    assert [check.outcome for check in results.values()] == [Outcome.UNCHECKED] * 3
    assert all("no server could be reached at all" in c.detail for c in results.values())


async def test_unknown_name_is_dead_while_dns_works(make_net: NetFactory) -> None:
    result = await check(make_net(), "http://no-such-host.test/paper")
    assert result.outcome is Outcome.DEAD
    assert result.detail == "host no-such-host.test does not exist"


# --- bodies ------------------------------------------------------------------------------------


async def test_huge_body_is_capped(make_net: NetFactory) -> None:
    body = b"<html><head><title>Big</title></head><body>" + b"x" * (8 << 20)
    with serve({"/x": Reply(200, body, (("Content-Type", "text/html"),))}) as server:
        result = await check(make_net(max_body_bytes=64 << 10), server.url("/x"), PAGE)
    assert result.outcome is Outcome.OK
    assert "65536-byte cap" in result.detail
    assert result.page_title == "Big"


async def test_gzip_bomb_stops_at_the_cap(make_net: NetFactory) -> None:
    with serve({"/bomb": gzip_bomb("text/html", member_mib=16, members=64)}) as server:
        result = await check(make_net(max_body_bytes=1 << 20), server.url("/bomb"), PAGE)
    assert result.outcome is Outcome.OK
    assert "1048576-byte cap" in result.detail


# --- HEAD fallbacks and blocked ----------------------------------------------------------------


@pytest.mark.parametrize("head_status", [405, 501, 403, 404, 400])
async def test_head_refused_then_get_ok(make_net: NetFactory, head_status: int) -> None:
    with serve({"HEAD /x": Reply(head_status), "GET /x": Reply(200)}) as server:
        result = await check(make_net(), server.url("/x"))
        assert server.seen("/x") == ["HEAD", "GET"]
    assert result.outcome is Outcome.OK


async def test_a_host_whose_head_lies_gets_get_only(make_net: NetFactory) -> None:
    routes = {
        "HEAD /a": Reply(405),
        "GET /a": Reply(200),
        "HEAD /b": Reply(405),
        "GET /b": Reply(200),
    }
    with serve(routes) as server:
        net = make_net(per_host_concurrency=1)
        await check(net, server.url("/a"))
        results = await checker.check_links(net, [(server.url("/a"), DOI), (server.url("/b"), DOI)])
        assert all(check.outcome is Outcome.OK for check in results.values())
        # Within one run the host's HEAD answer is learnt, so /b is only ever asked by GET
        # after the first mismatch.
        assert server.seen("/b") in (["HEAD", "GET"], ["GET"])


@pytest.mark.parametrize(
    ("reply", "words"),
    [
        (Reply(401), "401 Unauthorized: access refused"),
        (Reply(403), "403 Forbidden: access refused"),
        (Reply(403, headers=(("cf-mitigated", "challenge"),)), "bot challenge"),
        (Reply(200, headers=(("cf-mitigated", "challenge"),)), "bot challenge"),
    ],
)
async def test_blocked(make_net: NetFactory, reply: Reply, words: str) -> None:
    with serve({"/x": reply}) as server:
        result = await check(make_net(), server.url("/x"))
    assert result.outcome is Outcome.BLOCKED
    assert words in result.detail


def _self_signed(tmp_path: Path) -> ssl.SSLContext:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
         "/CN=tls.test", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


async def test_untrusted_certificate_is_blocked(make_net: NetFactory, tmp_path: Path) -> None:
    with serve({"/": Reply(200)}, ssl_context=_self_signed(tmp_path)) as server:
        net = make_net(names={"tls.test": "127.0.0.1"})
        result = await check(net, server.url("/", host="tls.test"))
    assert result.outcome is Outcome.BLOCKED
    assert "TLS certificate rejected" in result.detail


# --- the address guard ---------------------------------------------------------------------


async def test_redirect_from_an_allowed_host_to_loopback_is_excluded(make_net: NetFactory) -> None:
    with serve({"/": Reply(200)}) as inside, serve(host="127.0.0.2") as public:
        public.routes["/go"] = redirect(inside.url("/"))
        net = make_net(
            names={"public.test": "127.0.0.2"},
            allowed_networks=(ipaddress.ip_network("127.0.0.2/32"),),
        )
        result = await check(net, public.url("/go", host="public.test"))
        assert inside.requests == []
    assert result.outcome is Outcome.EXCLUDED
    assert result.detail == "127.0.0.1 is a private or reserved address; not connecting"
    assert [hop.status for hop in result.redirects] == [302]


async def test_a_name_resolving_to_loopback_is_excluded(make_net: NetFactory) -> None:
    with serve({"/": Reply(200)}) as server:
        net = make_net(names={"evil.test": "127.0.0.1"}, allow_private=False)
        result = await check(net, server.url("/", host="evil.test"))
        assert server.requests == []
    assert result.outcome is Outcome.EXCLUDED


@pytest.mark.parametrize(
    ("location", "outcome"),
    [("file:///etc/passwd", Outcome.EXCLUDED), ("javascript:alert(1)", Outcome.EXCLUDED),
     ("mailto:a@b.test", Outcome.UNSUPPORTED)],
)  # fmt: skip
async def test_redirect_to_other_schemes(
    make_net: NetFactory, location: str, outcome: Outcome
) -> None:
    with serve({"/x": redirect(location)}) as server:
        result = await check(make_net(), server.url("/x"))
    assert result.outcome is outcome
    assert result.detail.startswith("redirect refused: ")


@pytest.mark.parametrize("location", ["http://[broken/", "http://exa mple.test/"])
async def test_redirect_to_garbage_is_dead(make_net: NetFactory, location: str) -> None:
    with serve({"/x": redirect(location)}) as server:
        result = await check(make_net(), server.url("/x"))
    assert result.outcome is Outcome.DEAD
    assert [hop.status for hop in result.redirects] == [302]


async def test_exclude_pattern_applies_to_links_and_hops(make_net: NetFactory) -> None:
    with serve({"/x": redirect("/internal/y")}) as server:
        net = make_net(exclude=("/internal/",))
        results = await checker.check_links(
            net, [(server.url("/x"), DOI), (server.url("/internal/z"), DOI)]
        )
    assert [check.outcome for check in results.values()] == [Outcome.EXCLUDED] * 2
    assert server.seen("/internal/z") == []


async def test_the_github_api_is_trusted_on_loopback_for_api_requests_only(
    make_net: NetFactory,
) -> None:
    with serve({"/api/v3/rate_limit": Reply(200, b"{}"), "/admin": Reply(200)}) as server:
        net = make_net(
            names={"ghe.test": "127.0.0.1", "other.test": "127.0.0.1"},
            allow_private=False,
            github_api_url=server.url("/api/v3", host="ghe.test"),
        )
        answer = await net.apis.send(
            "GET", server.url("/api/v3/rate_limit", host="ghe.test"), seconds=10
        )
        assert answer.status == 200
        # The API host, but not an API path (nor one climbing out of it): the plain guard.
        for path in ("/admin", "/api/v3/../../admin"):
            with pytest.raises(ConnectError, match="non-public address"):
                await net.apis.send("GET", server.url(path, host="ghe.test"), seconds=10)
        # A paper link to the API itself, or to another name of the machine: refused.
        for url in (
            server.url("/api/v3/rate_limit", host="ghe.test"),
            server.url("/api/v3/rate_limit", host="other.test"),
        ):
            result = await check(net, url)
            assert result.outcome is Outcome.EXCLUDED, url
    assert server.seen("/admin") == []


# --- the offline guard -----------------------------------------------------------------------


async def test_broken_dns_makes_links_unchecked_never_dead(
    make_net: NetFactory, caplog: pytest.LogCaptureFixture
) -> None:
    urls = ["https://example.com/", "http://gone.example.org/x", "https://github.io/a"]
    results = await checker.check_links(make_net(resolver=BrokenDNS()), [(u, PAGE) for u in urls])
    assert [check.outcome for check in results.values()] == [Outcome.UNCHECKED] * 3
    assert all("our network looks down" in check.detail for check in results.values())
    warnings = [r for r in caplog.records if "network looks down" in r.getMessage()]
    assert len(warnings) == 1


async def test_unknown_names_are_unchecked_when_the_canary_fails(make_net: NetFactory) -> None:
    # NXDOMAIN for everything, canary included: a machine without internet.
    result = await check(make_net(resolver=FakeDNS()), "https://example.com/")
    assert result.outcome is Outcome.UNCHECKED


async def test_loopback_audit_works_without_internet(make_net: NetFactory) -> None:
    with serve({"/ok": Reply(200)}) as server:
        net = make_net(resolver=FakeDNS({"lab.test": "127.0.0.1"}))
        results = await checker.check_links(
            net, [(server.url("/ok", host="lab.test"), DOI), (server.url("/gone"), DOI)]
        )
    assert [check.outcome for check in results.values()] == [Outcome.OK, Outcome.DEAD]


UNSHARE_SCRIPT = """
import asyncio, sys
from auditor.config.settings import Settings
from auditor.models import LinkKind
from auditor.net import Net
from auditor.check.checker import check_links

async def main():
    async with Net(Settings(timeout=3, link_deadline=5, max_retries=1)) as net:
        results = await check_links(net, [
            ("https://github.com/", LinkKind.GITHUB_OTHER),
            ("https://example.com/project", LinkKind.WEB),
        ])
    for url, check in results.items():
        print(url, check.outcome.value, check.detail)
    sys.exit(0 if all(c.outcome.value == "unchecked" for c in results.values()) else 1)

asyncio.run(main())
"""


def test_no_network_namespace_gives_unchecked(tmp_path: Path) -> None:
    import sys

    unshare = shutil.which("unshare", path="/usr/bin:/bin")
    if unshare is None:
        pytest.skip("unshare is not installed")
    if subprocess.run([unshare, "-n", "true"], capture_output=True).returncode != 0:
        pytest.skip("unshare -n is not permitted here (needs root or user namespaces)")
    script = tmp_path / "offline.py"
    script.write_text(UNSHARE_SCRIPT)
    done = subprocess.run(
        [unshare, "-n", sys.executable, str(script)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr


# --- pages -----------------------------------------------------------------------------------

PROJECT_PAGE = """<!doctype html><html><head><title>  NeRF-Thing:
  Fast Fields </title></head><body>
<h1>NeRF-Thing</h1>
<a href="https://github.com/alice/nerf-thing">Code</a>
<a href="https://huggingface.co/alice/nerf-thing-weights">Weights</a>
<a href="/paper.pdf">Paper</a>
<a href="https://github.com/alice">Alice</a>
<a href="https://github.com/alice/nerf-thing">Code again</a>
<p>Website template borrowed from <a href="https://github.com/someone/their-site">here</a>.</p>
<div class="credits"><a href="https://github.com/bob/helper">helper</a></div>
<a href="https://github.com/nerfies/nerfies.github.io">Nerfies</a>
<footer><a href="https://gitlab.com/carol/footer-repo">footer</a></footer>
<a href="../data/loader">relative</a>
</body></html>"""


async def test_project_page_code_links_without_credits(make_net: NetFactory) -> None:
    with serve({"/p/": html(PROJECT_PAGE)}) as server:
        net = make_net(names={"alice.github.io": "127.0.0.1"})
        result = await check(net, server.url("/p/", host="alice.github.io"), LinkKind.GITHUB_PAGES)
    assert result.outcome is Outcome.OK
    assert result.page_title == "NeRF-Thing: Fast Fields"
    # The profile, the credits, the template, the footer and the page's own files are not code.
    assert result.code_links == (
        "https://github.com/alice/nerf-thing",
        "https://huggingface.co/alice/nerf-thing-weights",
    )


async def test_anonymous_review_detail_says_it_is_temporary(make_net: NetFactory) -> None:
    with serve({"/r/abc": html("<title>Anonymous</title>")}) as server:
        result = await check(make_net(), server.url("/r/abc"), LinkKind.ANONYMOUS_REVIEW)
    assert result.outcome is Outcome.OK
    assert result.detail == "200 OK; anonymised review link: not a permanent home for code"


# --- hostile servers -------------------------------------------------------------------------


def _raw(data: bytes, *, reset: bool = False) -> Callable[[Exchange], None]:
    def route(exchange: Exchange) -> None:
        exchange.handler.wfile.write(data)
        exchange.handler.wfile.flush()
        if reset:  # RST instead of FIN: SO_LINGER with a zero timeout
            exchange.handler.connection.setsockopt(
                socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)
            )

    return route


INVALID_UTF8 = Reply(
    200, b"<title>caf\xe9 \xff\xfe</title>", (("Content-Type", "text/html; charset=utf-8"),)
)
BAD_HEADER = b"HTTP/1.1 200 OK\r\nX-Bad\x00: \x01\xff\r\nContent-Length: 0\r\n\r\n"
HTTP10 = b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<title>Old</title>"
CUT = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5000\r\n\r\n<title>Cut"


@pytest.mark.parametrize(
    ("route", "outcome"),
    [
        (INVALID_UTF8, Outcome.OK),
        (_raw(BAD_HEADER), Outcome.TRANSIENT),
        (_raw(HTTP10), Outcome.OK),
        (_raw(CUT, reset=True), Outcome.OK),
        (_raw(b"garbage\r\n\r\n"), Outcome.TRANSIENT),
        (_raw(b""), Outcome.TRANSIENT),
        (Reply(200, b"\x1f\x8b broken", (("Content-Encoding", "gzip"),)), Outcome.OK),
        (Reply(200, b"x", (("Content-Encoding", "br"),)), Outcome.OK),
    ],
    ids=["invalid-utf8", "invalid-header-bytes", "http10-close", "reset-mid-body", "not-http",
         "empty-answer", "broken-gzip", "unknown-encoding"],
)  # fmt: skip
async def test_hostile_answers_become_outcomes(
    make_net: NetFactory, route: Any, outcome: Outcome
) -> None:
    with serve({"/x": route}) as server:
        result = await check(make_net(max_retries=0), server.url("/x"), PAGE)
    assert result.outcome is outcome, result.detail
    assert "\n" not in result.detail


# --- limits ----------------------------------------------------------------------------------


async def test_a_thousand_links_at_once_share_the_pool(make_net: NetFactory) -> None:
    with serve({f"/{n}": Reply(200) for n in range(1000)}) as server:
        net = make_net(concurrency=8, per_host_concurrency=8)
        results = await checker.check_links(net, [(server.url(f"/{n}"), DOI) for n in range(1000)])
    assert len(results) == 1000
    assert {check.outcome for check in results.values()} == {Outcome.OK}


async def test_run_time_limit_leaves_the_rest_unchecked(make_net: NetFactory) -> None:
    with serve({"/fast": Reply(200), "/hang": _hang}) as server:
        net = make_net(max_run_time=1.0, timeout=20.0, link_deadline=30.0)
        results = await checker.check_links(
            net, [(server.url("/fast"), DOI), (server.url("/hang"), DOI)]
        )
    assert results[server.url("/fast")].outcome is Outcome.OK
    assert results[server.url("/hang")].outcome is Outcome.UNCHECKED
    assert results[server.url("/hang")].detail == "not checked: run time limit reached"


async def test_links_that_are_not_fetched(make_net: NetFactory) -> None:
    net = make_net()
    results = await checker.check_links(
        net,
        [("https://github.com/a/b", LinkKind.GITHUB_REPO), ("mailto:x@y.test", LinkKind.WEB),
         ("ftp://files.test/a", LinkKind.WEB), ("http://exa mple.test/", LinkKind.WEB)],
    )  # fmt: skip
    assert [check.outcome for check in results.values()] == [
        Outcome.UNCHECKED, Outcome.UNSUPPORTED, Outcome.UNSUPPORTED, Outcome.DEAD
    ]  # fmt: skip
    assert "GitHub API" in results["https://github.com/a/b"].detail


# --- the verdict cache -----------------------------------------------------------------------


async def test_cache_reuses_and_revalidates(make_net: NetFactory, tmp_path: Path) -> None:
    def page(exchange: Exchange) -> Reply:
        if exchange.headers.get("If-None-Match") == '"v1"':
            return Reply(304, headers=(("ETag", '"v1"'),))
        return html(
            '<title>P</title><a href="https://github.com/a/b">c</a>', headers=(("ETag", '"v1"'),)
        )

    with serve({"/p": page}) as server:
        url = server.url("/p")
        with VerdictCache(tmp_path, max_age=3600) as cache:
            first = await check(make_net(), url, PAGE, cache=cache)
            again = await check(make_net(), url, PAGE, cache=cache)
        assert server.seen("/p") == ["GET"]  # the second run asked nobody
        assert again == first
        later = VerdictCache(tmp_path, max_age=3600, clock=lambda: time.time() + 7200)
        with later as stale:
            revalidated = await check(make_net(), url, PAGE, cache=stale)
        assert server.seen("/p") == ["GET", "GET"]
        assert server.requests[-1].headers["if-none-match"] == '"v1"'
    assert first.outcome is Outcome.OK
    assert first.etag == '"v1"'
    assert revalidated.outcome is Outcome.OK
    assert revalidated.code_links == ("https://github.com/a/b",)
    assert revalidated.detail.endswith("(unchanged: 304)")


async def test_fetch_document(make_net: NetFactory) -> None:
    body = gzip.compress(b"# Papers\n- a\n")
    routes = {
        "/list": redirect("/list.md"),
        "/list.md": Reply(
            200, body, (("Content-Type", "text/markdown"), ("Content-Encoding", "gzip"))
        ),
        "/missing": Reply(404),
    }
    with serve(routes) as server:
        net = make_net()
        assert await fetch.fetch_document(net, server.url("/list")) == (
            b"# Papers\n- a\n",
            "text/markdown",
        )
        with pytest.raises(fetch.FetchError, match="404 Not Found"):
            await fetch.fetch_document(net, server.url("/missing"))
        guarded = make_net(allow_private=False)
        with pytest.raises(fetch.FetchError, match="private or reserved"):
            await fetch.fetch_document(guarded, server.url("/list"))


@pytest.mark.parametrize(
    "reason",
    ["internal error", "not checked: internal error", "not checked: not checked: internal error"],
)
def test_not_checked_is_said_once(reason: str) -> None:
    """A detail read "not checked: not checked: …" when a reason already said it."""
    assert checker.not_checked(reason).detail == "not checked: internal error"
