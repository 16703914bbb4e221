"""The shared client and the address guard: what we connect to, and the run's limits."""

from __future__ import annotations

import asyncio
import ipaddress
import itertools
import socket
import threading
import time
from dataclasses import replace
from typing import Any

import pytest

from auditor.check import checker
from auditor.config.settings import Settings
from auditor.hosts.api import JsonApi
from auditor.models import LinkKind, Outcome
from auditor.net import (
    AddressRefused,
    Guard,
    NameNotResolved,
    Net,
    embedded_ipv4,
    is_public_address,
)
from auditor.net.answer import PERMANENT_REDIRECTS, REDIRECT_STATUSES, URL, Headers, Response
from auditor.net.fetcher import Budget, location
from auditor.net.guard import GuardResolver
from auditor.net.politeness import ON_TIME, HostGate
from auditor.net.tls import verifying_context
from auditor.net.transport import Pool, PoolTransport, Request
from tests.support.local_servers import Exchange, FakeDNS, Reply, serve

REFUSED = [
    "10.0.0.1", "172.16.5.4", "192.168.1.1", "127.0.0.1", "127.9.9.9", "169.254.169.254",
    "100.64.0.1", "0.0.0.0", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
    "192.0.2.1", "198.18.0.1", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1",
    "::ffff:10.0.0.1", "::ffff:127.0.0.1", "::ffff:169.254.169.254", "64:ff9b::a00:1",
    "64:ff9b:1::7f00:1", "2002:a00:1::1", "2001:db8::1", "::a00:1",
]  # fmt: skip
PUBLIC = ["8.8.8.8", "140.82.112.3", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"]


@pytest.mark.parametrize("address", REFUSED)
def test_non_public_addresses_are_refused(address: str) -> None:
    assert not is_public_address(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", PUBLIC)
def test_public_addresses_are_allowed(address: str) -> None:
    assert is_public_address(ipaddress.ip_address(address))


def test_embedded_ipv4_forms() -> None:
    v4 = ipaddress.IPv4Address("10.0.0.1")
    for form in ("::ffff:10.0.0.1", "2002:a00:1::", "64:ff9b::a00:1"):
        assert embedded_ipv4(ipaddress.ip_address(form)) == v4
    plain = ipaddress.ip_address("2606:4700::1111")
    assert embedded_ipv4(plain) is plain


def guard(
    names: dict[str, Any], settings: Settings | None = None, **kw: Any
) -> tuple[Guard, FakeDNS]:
    settings = settings or Settings()
    dns = FakeDNS(names)
    return Guard(dns, settings.is_network_allowed, **kw), dns


async def _addresses(guard: Guard, host: str, port: int = 80) -> list[str]:
    return [found["host"] for found in await GuardResolver(guard, 1.0).resolve(host, port)]


async def _get(guard: Guard, url: str) -> int:
    pool = Pool(guard, verifying_context(None, None), limit=4, per_host=4, timeout=2.0)
    try:
        answer = await PoolTransport(pool).open(Request("GET", url, {}, None, 2.0))
        answer.release()
        return answer.status
    finally:
        await pool.aclose()


async def test_connects_only_to_the_checked_address() -> None:
    allowed = Settings(allow_private=True, allowed_networks=(ipaddress.ip_network("127.0.0.2/32"),))
    checked, dns = guard({"rebind.test": ["127.0.0.1", "127.0.0.2"]}, allowed)
    with serve({"/": Reply(200)}, host="127.0.0.2") as server:
        assert await _get(checked, server.url("/", host="rebind.test")) == 200
    assert len(server.requests) == 1  # on the address allowed, never the name: no second lookup
    assert dns.lookups == ["rebind.test"]


async def test_all_refused_addresses_never_connect() -> None:
    checked, _ = guard({"metadata.test": ["169.254.169.254", "::ffff:10.0.0.1"]})
    with pytest.raises(AddressRefused) as refused:
        await _addresses(checked, "metadata.test")
    assert refused.value.addresses == ("169.254.169.254", "::ffff:10.0.0.1")


async def test_address_literals_are_checked_on_the_socket_without_lookup() -> None:
    checked, dns = guard({})
    with serve({"/": Reply(200)}) as server, pytest.raises(AddressRefused):
        await _get(checked, server.url("/"))  # 127.0.0.1: never meets the resolver
    assert server.requests == []
    with pytest.raises(AddressRefused):
        checked.check_socket_address("::1", 80)
    checked.check_socket_address("8.8.8.8", 80)
    assert dns.lookups == []


async def test_mapped_ipv6_obeys_the_allowed_networks() -> None:
    only_two = Settings(
        allow_private=True, allowed_networks=(ipaddress.ip_network("127.0.0.2/32"),)
    )
    checked, _ = guard({"a.test": "::ffff:127.0.0.1", "b.test": "::ffff:127.0.0.2"}, only_two)
    with pytest.raises(AddressRefused):
        await _addresses(checked, "a.test")
    assert await _addresses(checked, "b.test") == ["::ffff:127.0.0.2"]
    with pytest.raises(AddressRefused):
        checked.check_socket_address("::ffff:127.0.0.1", 80)


async def test_trusted_origins_may_be_private_on_their_port_only() -> None:
    checked, _ = guard(
        {"ghe.test": "10.1.2.3", "x.test": "10.1.2.3"}, trusted=frozenset({("ghe.test", 443)})
    )
    assert await _addresses(checked, "GHE.test", 443) == ["10.1.2.3"]
    checked.check_socket_address("10.1.2.3", 443)  # what the trusted name resolved to
    for host, port in (("x.test", 443), ("ghe.test", 80), ("ghe.test", 8443)):
        with pytest.raises(AddressRefused):
            await _addresses(checked, host, port)
    with pytest.raises(AddressRefused):
        checked.check_socket_address("10.1.2.3", 80)


async def test_next_address_is_tried_when_one_fails() -> None:
    everything = Settings(allow_private=True)
    checked, _ = guard({"two.test": ["127.0.0.3", "127.0.0.1"]}, everything)
    with serve({"/": Reply(200)}) as server:  # nothing listens on 127.0.0.3
        assert await _get(checked, server.url("/", host="two.test")) == 200
    assert len(server.requests) == 1


async def test_resolution_failures_say_whether_the_name_exists() -> None:
    checked, _ = guard({"empty.test": []})
    with pytest.raises(NameNotResolved) as missing:
        await _addresses(checked, "missing.test")
    assert missing.value.nxdomain
    with pytest.raises(NameNotResolved) as empty:
        await _addresses(checked, "empty.test")
    assert empty.value.nxdomain

    async def temporary(host: str, port: int) -> list[str]:
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")

    async def slow(host: str, port: int) -> list[str]:
        await asyncio.sleep(10)
        return ["8.8.8.8"]

    for resolver in (temporary, slow):
        failing = Guard(resolver, Settings().is_network_allowed)
        with pytest.raises(NameNotResolved) as failed:
            await failing.checked_addresses("x.test", 80, 0.1)
        assert not failed.value.nxdomain


# --- Net ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("names", "works"),
    [({"canary.test": "140.82.112.3"}, True), ({"canary.test": "127.0.0.1"}, False), ({}, False)],
)
async def test_dns_canary_is_asked_once(names: dict[str, str], works: bool) -> None:
    dns = FakeDNS(names)
    async with Net(Settings(dns_canary="canary.test"), resolver=dns) as net:
        assert await net.dns_works() is works
        assert await net.dns_works() is works
    assert dns.lookups == ["canary.test"]


async def test_client_is_honest_and_ignores_proxy_variables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A proxy would resolve and connect for us, out of the guard's sight.
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "all_proxy"):
        monkeypatch.setenv(name, "http://127.0.0.1:9")
    with serve({"/": Reply(200)}) as server:
        settings = Settings(allow_private=True, user_agent="paper-auditor/test (+contact)")
        async with Net(settings, resolver=FakeDNS()) as net:
            answer = await net.pages.send("GET", server.url("/"), seconds=10)
            assert answer.status == 200
    assert server.requests[0].headers["user-agent"] == "paper-auditor/test (+contact)"


class InFlight:
    """A route that counts how many requests it serves at once."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.now = 0
        self.most = 0
        self.starts: list[float] = []

    def __call__(self, exchange: Exchange) -> Reply:
        with self.lock:
            self.now += 1
            self.most = max(self.most, self.now)
            self.starts.append(time.monotonic())
        exchange.stopping.wait(0.05)
        with self.lock:
            self.now -= 1
        return Reply(200)


BASE = Settings(allow_private=True, per_host_interval=0.0, dns_canary="canary.test")
CANARY = {"canary.test": "140.82.112.3"}


async def test_global_and_per_host_limits_bound_in_flight_requests() -> None:
    counter = InFlight()
    with serve({f"/{n}": counter for n in range(40)}) as server:
        names = {**CANARY, **{f"h{n}.test": "127.0.0.1" for n in range(8)}}
        settings = replace(BASE, concurrency=6, per_host_concurrency=2)
        async with Net(settings, resolver=FakeDNS(names)) as net:
            targets = [
                (server.url(f"/{n}", host=f"h{n % 8}.test"), LinkKind.DOI) for n in range(40)
            ]
            results = await checker.check_links(net, targets)
    assert {check.outcome for check in results.values()} == {Outcome.OK}
    assert counter.most <= 6

    one_host = InFlight()
    with serve({f"/{n}": one_host for n in range(12)}) as server:
        settings = replace(BASE, concurrency=8, per_host_concurrency=2)
        async with Net(settings, resolver=FakeDNS(CANARY)) as net:
            await checker.check_links(net, [(server.url(f"/{n}"), LinkKind.DOI) for n in range(12)])
    assert one_host.most <= 2


async def test_requests_to_one_host_are_spaced() -> None:
    counter = InFlight()
    starts: list[float] = []
    with serve({f"/{n}": counter for n in range(4)}) as server:
        settings = replace(BASE, per_host_interval=0.2)
        async with Net(settings, resolver=FakeDNS(CANARY)) as net:
            gate = net.gate("127.0.0.1")
            acquire = gate.acquire

            async def timed(*, ahead: bool = False) -> None:  # when each may start, as seen
                await acquire(ahead=ahead)
                starts.append(asyncio.get_running_loop().time())

            gate.acquire = timed  # type: ignore[method-assign]
            await checker.check_links(net, [(server.url(f"/{n}"), LinkKind.DOI) for n in range(4)])
    gaps = [later - earlier for earlier, later in itertools.pairwise(starts)]
    assert len(counter.starts) == len(starts) == 4
    assert min(gaps) >= 0.2 - ON_TIME  # the interval, however late the loop lets one through


async def test_a_request_let_through_late_keeps_the_next_one_an_interval_behind_it() -> None:
    # Three turns reserved 0.2 s apart; the loop is busy when the second's turn comes, so it is
    # let through late. The third, reserved on time, still waits the interval after it.
    gate = HostGate(ceiling=3, floor=0.2, adaptive=False)
    loop = asyncio.get_running_loop()
    starts: dict[str, float] = {}

    async def request(name: str) -> None:
        await gate.acquire()
        starts[name] = loop.time()

    first, second, third = (asyncio.create_task(request(n)) for n in ("first", "second", "third"))
    await first
    await asyncio.sleep(0.15)
    time.sleep(0.2)  # noqa: ASYNC251 - the loop held past the second's turn, near the third's
    await asyncio.gather(second, third)
    assert starts["second"] - starts["first"] >= 0.3  # late: after the held loop
    assert starts["third"] - starts["second"] >= 0.2 - ON_TIME


# --- The one request path -----------------------------------------------------------------------


async def test_a_303_is_followed_alike_for_a_page_and_an_api() -> None:
    # One redirect rule (RFC 9110 §15.4.4): a 303 leads on to its target, whoever asks.
    routes = {
        "/page": Reply(303, b"", (("Location", "/page-here"),)),
        "/page-here": Reply(200, b"<title>Here</title>", (("Content-Type", "text/html"),)),
        "/api/old": Reply(303, b"", (("Location", "/api/new"),)),
        "/api/new": Reply(200, b'{"here": true}', (("Content-Type", "application/json"),)),
    }
    with serve(routes) as server:
        names = {"canary.test": "140.82.112.3", "site.test": "127.0.0.1"}
        settings = Settings(allow_private=True, dns_canary="canary.test", per_host_interval=0.0)
        async with Net(settings, resolver=FakeDNS(names)) as net:
            page = server.url("/page", host="site.test")
            checked = (await checker.check_links(net, [(page, LinkKind.WEB)]))[page]
            api = JsonApi(net.apis, settings)
            answer = await api.get(server.url("/api/old", host="site.test"))
    assert checked.outcome is Outcome.OK
    assert checked.final_url == server.url("/page-here", host="site.test")
    assert [hop.status for hop in checked.redirects] == [303]
    assert (answer.status, answer.json_object("the API")) == (200, {"here": True})
    assert [request.path for request in server.requests] == [
        "/page", "/page-here", "/api/old", "/api/new"
    ]  # fmt: skip


def test_one_redirect_rule() -> None:
    def answer(status: int, where: str = "/next") -> Response:
        return Response("https://site.test/a/b", status, Headers({"Location": where}))

    for status in (301, 302, 303, 307, 308):
        assert location(answer(status)) == URL("https://site.test/next")
    assert location(answer(303, "c?d=1")) == URL("https://site.test/a/c?d=1")
    assert location(answer(300)) is None  # Multiple Choices names no single target
    assert location(answer(304)) is None
    assert location(answer(302, "  ")) is None
    assert PERMANENT_REDIRECTS < REDIRECT_STATUSES


async def test_waiting_at_the_gate_spends_nothing_of_a_chains_budget() -> None:
    # Politeness is ours: a link whose server is busy keeps its whole exchange deadline.
    with serve({"/": Reply(200)}) as server:
        settings = Settings(allow_private=True, per_host_concurrency=1, host_adaptive=False)
        async with Net(settings, resolver=FakeDNS()) as net:
            gate = net.gate(server.host)
            await gate.acquire()  # another request holds the server's only place
            asyncio.get_running_loop().call_later(0.6, gate.release)
            budget = Budget(0.5)
            answer = await net.pages.send("GET", server.url("/"), seconds=budget)
    assert answer.status == 200
    assert 0.3 < budget.left < 0.5
