"""Guarantees under hostile servers and broken networks (docs/guarantees.md), against real
servers on loopback. Only what tests/end_to_end/test_checker.py does not already prove is here."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ipaddress
import socket
import zlib
from typing import Any

import pytest

from auditor.check import checker
from auditor.config.settings import Settings
from auditor.models import LinkKind, Outcome
from auditor.net import Net, fetch
from tests.support.checking import CANARY, DOI, PAGE, NetFactory, check
from tests.support.local_servers import BrokenDNS, Exchange, FakeDNS, Reply, redirect, serve

OUTER = 60.0  # the generous outer bound of "never hangs"


def _endless_chunks(exchange: Exchange) -> None:
    """A chunked body that never ends, as fast as the client reads."""
    handler = exchange.handler
    handler.wfile.write(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n"
        b"16\r\n<title>Endless</title>\r\n"
    )
    chunk = b"4000\r\n" + b"x" * 0x4000 + b"\r\n"
    while not exchange.stopping.is_set():
        try:
            handler.wfile.write(chunk)
        except OSError:
            return


def _fifty_megabytes(exchange: Exchange) -> None:
    handler = exchange.handler
    size = 50 << 20
    handler.wfile.write(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
        + f"Content-Length: {size}\r\n\r\n".encode()
        + b"<title>Fifty</title>"
    )
    block = b"y" * (1 << 20)
    try:
        for _ in range(50):
            handler.wfile.write(block)
    except OSError:
        pass  # the client stopped at its cap


@functools.cache
def _deflated_zeros() -> bytes:
    """Raw deflate (RFC 1951), as some servers send it: 64 MiB of zeros in ~64 kB."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    return b"".join(packer.compress(bytes(1 << 20)) for _ in range(64)) + packer.flush()


def _deflate_bomb(exchange: Exchange) -> None:
    body = _deflated_zeros()
    handler = exchange.handler
    handler.send_response(200)
    handler.send_header("Content-Type", "text/html")
    handler.send_header("Content-Encoding", "deflate")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    with contextlib.suppress(OSError):  # the client stopped at its cap
        handler.wfile.write(body)


@pytest.mark.parametrize(
    ("route", "cap"),
    [(_endless_chunks, 256 << 10), (_fifty_megabytes, 2 << 20), (_deflate_bomb, 1 << 20)],
    ids=["never-ending-body", "50-MB-body", "deflate-bomb"],
)
async def test_bodies_stop_at_the_cap(make_net: NetFactory, route: Any, cap: int) -> None:
    _deflated_zeros()  # built before the clock of the link deadline starts
    with serve({"/x": route}) as server:
        result = await asyncio.wait_for(
            check(make_net(max_body_bytes=cap), server.url("/x"), PAGE), OUTER
        )
    assert result.outcome is Outcome.OK, result.detail
    assert f"{cap}-byte cap" in result.detail


def _http10_short(exchange: Exchange) -> None:
    """HTTP/1.0, promising 5000 bytes, closing after a few (FIN, not reset)."""
    exchange.handler.wfile.write(
        b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5000\r\n\r\n<title>Old"
    )


def _close_at_once(exchange: Exchange) -> None:
    return None  # closes the connection without a byte


def _undecodable_location(exchange: Exchange) -> None:
    exchange.handler.wfile.write(
        b"HTTP/1.1 302 Found\r\nLocation: /caf\xe9\xff\xfe\r\nContent-Length: 0\r\n\r\n"
    )


@pytest.mark.parametrize(
    ("route", "outcome", "words"),
    [
        (_http10_short, Outcome.OK, "body cut short"),
        (_close_at_once, Outcome.TRANSIENT, "the server broke the HTTP protocol"),
        (_undecodable_location, Outcome.DEAD, "404 Not Found after 1 redirect"),
        # Past the URL length limit (8 KiB): not followed, and never `dead`.
        (redirect("/" + "a" * 20000), Outcome.UNSUPPORTED, "longer than 8,192 characters"),
        (redirect("http://"), Outcome.DEAD, "redirect loop"),  # "http://" is this very URL
        (Reply(302, headers=(("Location", " "),)), Outcome.TRANSIENT, "without a Location"),
    ],
    ids=["http10-closes-early", "closes-at-once", "undecodable-location",
         "20000-char-location", "location-without-host", "blank-location"],
)  # fmt: skip
async def test_broken_answers_get_an_outcome(
    make_net: NetFactory, route: Any, outcome: Outcome, words: str
) -> None:
    with serve({"/x": route}) as server:
        result = await check(make_net(max_retries=0), server.url("/x"), PAGE)
    assert result.outcome is outcome, result.detail
    assert words in result.detail
    assert "\n" not in result.detail


async def test_a_fifty_hop_chain_stops_at_the_limit(make_net: NetFactory) -> None:
    routes: dict[str, Any] = {f"/r{n}": redirect(f"/r{n - 1}") for n in range(1, 51)}
    routes["/r0"] = Reply(200)
    with serve(routes) as server:
        result = await check(make_net(), server.url("/r50"))
        asked = len(server.requests)
    assert result.outcome is Outcome.DEAD
    assert result.detail == "more than 10 redirects"
    assert asked == 11  # the chain's tail was never requested


# --- never `dead` for a failure that may be ours ---------------------------------------------


def _hang(exchange: Exchange) -> None:
    exchange.stopping.wait(30)


async def test_rate_limits_timeouts_and_our_network_are_never_dead(make_net: NetFactory) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        closed_port = sock.getsockname()[1]
    routes: dict[str, Any] = {
        "/429": Reply(429, headers=(("Retry-After", "1"),)),
        "/429-year": Reply(429, headers=(("Retry-After", str(365 * 86400)),)),
        "/503": Reply(503),
        "/reset-epoch": Reply(403, headers=(("X-RateLimit-Reset", "99999999999"),)),
        "/hang": _hang,
    }
    # Each fault on a server name of its own, as the links of a paper list are: on one name,
    # the politeness gate's back-off from the first faults spaced every later request up to
    # 5 s apart, 15 s of waiting. How that gate slows down is test_net_politeness.py's to test.
    names = {f"fault{i}.test": "127.0.0.1" for i in range(len(routes) + 1)}
    with serve(routes) as server:
        urls = [server.url(path, host=f"fault{i}.test") for i, path in enumerate(routes)]
        urls.append(f"http://fault{len(routes)}.test:{closed_port}/")
        net = make_net(
            names=names, timeout=0.5, max_retries=1, max_retry_wait=2.0, retry_base_delay=0.01
        )
        results = await asyncio.wait_for(
            checker.check_links(net, [(url, DOI) for url in urls]), OUTER
        )
        # And with DNS down, names that do not resolve are ours, not the links'.
        offline = await checker.check_links(
            make_net(resolver=BrokenDNS()),
            [("https://gone.example/", PAGE), ("https://also.example/x", DOI)],
        )
    outcomes = {url: check.outcome for url, check in {**results, **offline}.items()}
    assert Outcome.DEAD not in outcomes.values(), outcomes
    assert set(outcomes.values()) <= {Outcome.TRANSIENT, Outcome.UNCHECKED, Outcome.BLOCKED}
    assert outcomes[urls[list(routes).index("/429-year")]] is Outcome.TRANSIENT


# --- the address guard -------------------------------------------------------------------------


class RebindingDNS:
    """Answers `first` to the first lookup of a name and `then` to every later one: a DNS
    rebinding attack (a public address while checked, an internal one when used)."""

    def __init__(self, name: str, first: str, then: str) -> None:
        self.name, self.first, self.then = name, first, then
        self.lookups: list[str] = []
        self.inner = FakeDNS(CANARY)

    async def __call__(self, host: str, port: int) -> list[str]:
        if host != self.name:
            return await self.inner(host, port)
        self.lookups.append(host)
        return [self.first if len(self.lookups) == 1 else self.then]


def _listener(port: int) -> socket.socket:
    """A bare listener on 127.0.0.1:`port`: any connection to it is a guard failure."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", port))
    sock.listen(16)
    sock.setblocking(False)
    return sock


def _connections(sock: socket.socket) -> int:
    count = 0
    while True:
        try:
            accepted, _ = sock.accept()
        except BlockingIOError:
            return count
        accepted.close()
        count += 1


async def test_dns_rebinding_never_reaches_loopback(make_net: NetFactory) -> None:
    # The "public" server is 127.0.0.2 (allowed below); the rebound answer is 127.0.0.1 on the
    # same port, where a bare listener counts connections.
    with serve(host="127.0.0.2") as public:
        public.routes["/a"] = Reply(302, headers=(("Location", "/b"), ("Connection", "close")))
        public.routes["/b"] = Reply(200)
        inside = _listener(public.port)
        try:
            dns = RebindingDNS("rebind.test", "127.0.0.2", "127.0.0.1")
            net = make_net(
                resolver=dns,
                allowed_networks=(ipaddress.ip_network("127.0.0.2/32"),),
            )
            result = await check(net, public.url("/a", host="rebind.test"))
            await asyncio.sleep(0.05)
            assert _connections(inside) == 0
        finally:
            inside.close()
    assert len(dns.lookups) >= 2, "the second hop must have looked the name up again"
    assert result.outcome is Outcome.EXCLUDED
    assert "127.0.0.1" in result.detail
    assert public.seen("/a") == ["HEAD"]
    assert public.seen("/b") == []


@pytest.mark.parametrize(
    "address",
    ["2130706433", "0x7f000001", "127.1", "0177.0.0.1", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]",
     "[0:0:0:0:0:ffff:127.0.0.1]", "localhost", "[::1]", "0.0.0.0"],
)  # fmt: skip
async def test_loopback_in_disguise_is_never_fetched(address: str) -> None:
    # The system resolver: numeric forms are decoded by getaddrinfo without asking any server.
    with serve({"/": Reply(200)}, host="127.0.0.1") as inside:
        links = [(f"http://{address}:{inside.port}/", DOI)]
        with serve(host="127.0.0.2") as outside:
            outside.routes["/go"] = redirect(f"http://{address}:{inside.port}/")
            links.append((outside.url("/go"), DOI))
            net = Net(
                Settings(
                    timeout=2.0,
                    max_retries=0,
                    allow_private=True,
                    allowed_networks=(ipaddress.ip_network("127.0.0.2/32"),),
                    dns_canary="localhost",
                )
            )
            try:
                results = await checker.check_links(net, links)
            finally:
                await net.aclose()
        assert inside.requests == []
    # `0177.0.0.1` (octal) is decoded by getaddrinfo, then refused by the guard.
    never = (Outcome.EXCLUDED, Outcome.DEAD, Outcome.UNCHECKED, Outcome.UNSUPPORTED)
    for url, result in results.items():
        assert result.outcome in never, (url, result)


async def test_fetch_document_follows_no_redirect_to_loopback(make_net: NetFactory) -> None:
    with serve({"/": Reply(200, b"secret")}) as inside, serve(host="127.0.0.2") as outside:
        outside.routes["/list"] = redirect(inside.url("/"))
        net = make_net(allowed_networks=(ipaddress.ip_network("127.0.0.2/32"),))
        with pytest.raises(fetch.FetchError, match="private or reserved"):
            await fetch.fetch_document(net, outside.url("/list"))
        assert inside.requests == []


async def test_a_page_that_breaks_the_parser_is_judged_not_lost(make_net: NetFactory) -> None:
    # `<![` makes html.parser raise: once a lost link reported as "run time limit reached".
    page = Reply(200, "<title>Odd</title><![ç x".encode(), (("Content-Type", "text/html"),))
    with serve({"/odd": page}) as server:
        result = await check(make_net(), server.url("/odd"), LinkKind.WEB)
    assert result.outcome is Outcome.OK
    assert result.page_title == "Odd"
