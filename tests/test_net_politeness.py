"""Per-server politeness: the user's ceiling is never exceeded, a server that asks us to slow
down is slowed down alone, hosts that share a server share its limits, and the settings read
from the command line and the config file. Counts and states only, never durations."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from auditor import cli
from auditor.check import checker
from auditor.config.politeness import (
    Politeness,
    PolitenessError,
    load_politeness,
    parse_concurrency,
    parse_interval,
)
from auditor.config.settings import Settings
from auditor.hosts.forges import ForgeFacts
from auditor.hosts.github import GitHubFacts
from auditor.links import politeness_key
from auditor.models import LinkKind, Outcome
from auditor.net import Net
from auditor.net.politeness import START_CONCURRENCY, START_INTERVAL, Gates, HostGate
from tests.support.local_servers import Exchange, FakeDNS, Reply, serve

CANARY = {"canary.test": "140.82.112.3"}
BASE = Settings(allow_private=True, dns_canary="canary.test", retry_base_delay=0.0)


class InFlight:
    """A route that counts how many requests it serves at once (per Host header too)."""

    def __init__(self, reply: Reply | None = None, hold: float = 0.02) -> None:
        self.lock = threading.Lock()
        self.now = 0
        self.most = 0
        self.served = 0
        self.reply = reply or Reply(200)
        self.hold = hold

    def __call__(self, exchange: Exchange) -> Reply:
        with self.lock:
            self.now += 1
            self.served += 1
            self.most = max(self.most, self.now)
        exchange.stopping.wait(self.hold)
        with self.lock:
            self.now -= 1
        return self.reply


@pytest.mark.parametrize("adaptive", [True, False], ids=["adaptive", "fixed"])
async def test_the_per_host_ceiling_is_never_exceeded(adaptive: bool) -> None:
    counter = InFlight()
    with serve({f"/{n}": counter for n in range(60)}) as server:
        settings = replace(
            BASE,
            concurrency=32,
            per_host_concurrency=3,
            per_host_interval=0.0,
            host_adaptive=adaptive,
        )
        async with Net(settings, resolver=FakeDNS(CANARY)) as net:
            targets = [(server.url(f"/{n}"), LinkKind.DOI) for n in range(60)]
            results = await checker.check_links(net, targets)
            gate = net.gate(server.host)
    assert {check.outcome for check in results.values()} == {Outcome.OK}
    assert counter.served == 60
    assert counter.most <= 3
    assert gate.most_in_flight <= 3
    if adaptive:  # it sped up from its polite start, all the way to the ceiling
        assert gate.allowed == 3


async def test_hosts_on_one_shared_server_share_its_ceiling() -> None:
    counter = InFlight()
    with serve({f"/{n}": counter for n in range(40)}) as server:
        names = {**CANARY, **{f"lab{n}.github.io": "127.0.0.1" for n in range(8)}}
        settings = replace(BASE, per_host_concurrency=2, per_host_interval=0.0)
        async with Net(settings, resolver=FakeDNS(names)) as net:
            targets = [
                (server.url(f"/{n}", host=f"lab{n % 8}.github.io"), LinkKind.GITHUB_PAGES)
                for n in range(40)
            ]
            await checker.check_links(net, targets)
            assert net.gate("lab0.github.io") is net.gate("LAB7.github.io")
    assert counter.most <= 2


def test_politeness_keys() -> None:
    assert politeness_key("lab.github.io") == politeness_key("other.GitHub.io") == "github.io"
    assert politeness_key("docs.readthedocs.io") == "readthedocs.io"
    assert politeness_key("www.example.org") == politeness_key("example.org") == "example.org"
    assert politeness_key("arxiv.org") != politeness_key("openreview.net")


async def test_a_429_from_one_host_slows_that_host_only() -> None:
    limited = InFlight(Reply(429, b"slow down", (("Retry-After", "0"),)), hold=0.0)
    fine = InFlight(hold=0.0)
    routes = {**{f"/limited/{n}": limited for n in range(4)}}
    routes.update({f"/fine/{n}": fine for n in range(30)})
    with serve(routes) as server:
        names = {**CANARY, "busy.test": "127.0.0.1", "calm.test": "127.0.0.1"}
        settings = replace(BASE, per_host_concurrency=8, per_host_interval=0.0, max_retries=0)
        async with Net(settings, resolver=FakeDNS(names)) as net:
            targets = [
                (server.url(f"/limited/{n}", host="busy.test"), LinkKind.DOI) for n in range(4)
            ]
            targets += [
                (server.url(f"/fine/{n}", host="calm.test"), LinkKind.DOI) for n in range(30)
            ]
            results = await checker.check_links(net, targets)
            busy, calm = net.gate("busy.test"), net.gate("calm.test")
    assert {results[url].outcome for url, _ in targets[:4]} == {Outcome.TRANSIENT}
    assert {results[url].outcome for url, _ in targets[4:]} == {Outcome.OK}
    assert busy.backoffs >= 1
    assert busy.allowed == 1
    assert busy.interval >= START_INTERVAL
    assert calm.backoffs == 0
    assert calm.allowed > START_CONCURRENCY


@pytest.mark.parametrize("api", ["gitlab", "github"])
async def test_a_429_from_an_api_slows_its_server_as_a_pages_429_does(api: str) -> None:
    # One request path: an API's answer reaches the same politeness gate as a page's.
    limited = Reply(429, b'{"message": "slow down"}', (("Retry-After", "0"),))
    routes = {"/page": limited, "/api/v4/projects/ml-lab%2Fx": limited, "/repos/ml-lab/x": limited}
    with serve(routes) as server:
        names = {**CANARY, "page.test": "127.0.0.1", "api.test": "127.0.0.1"}
        settings = replace(
            BASE,
            max_retries=0,
            github_api_url=server.url("", host="api.test"),
            github_graphql_url=server.url("/graphql", host="api.test"),
        )
        async with Net(settings, resolver=FakeDNS(names)) as net:
            page = server.url("/page", host="page.test")
            checked = await checker.check_links(net, [(page, LinkKind.DOI)])
            if api == "gitlab":
                forges = ForgeFacts(
                    net.apis, settings, gitlab_api_url=server.url("/api/v4", host="api.test")
                )
                answer = (await forges.check("https://gitlab.com/ml-lab/x")).check
            else:
                facts = GitHubFacts(net.apis, settings)
                answer = (await facts.repos(["ml-lab/x"], host="github.com"))["ml-lab/x"].check
            page_gate, api_gate = net.gate("page.test"), net.gate("api.test")
    assert checked[page].outcome is Outcome.TRANSIENT
    assert answer.outcome is Outcome.UNCHECKED, answer.detail
    assert page_gate is not api_gate
    assert page_gate.backoffs == api_gate.backoffs == 1
    assert (api_gate.allowed, api_gate.interval) == (page_gate.allowed, page_gate.interval)
    assert api_gate.interval > START_INTERVAL  # slowed down from the polite start


async def test_the_gate_backs_off_at_once_and_never_passes_the_users_limits() -> None:
    clock = asyncio.get_running_loop().time
    gate = HostGate(4, 0.05)
    assert gate.allowed == START_CONCURRENCY
    assert gate.interval == START_INTERVAL
    for _ in range(20):
        gate.answered(clock(), 0.05, slow_down=False)
    assert gate.allowed == 4  # the ceiling
    assert gate.interval == 0.05  # the floor
    sent = clock()
    gate.answered(sent, 0.05, slow_down=True)
    assert gate.allowed == 2
    assert gate.interval == 0.1
    # Requests already on their way when it backed off do not make it back off again.
    gate.answered(sent - 1.0, 0.05, slow_down=True)
    assert (gate.allowed, gate.interval) == (2, 0.1)
    gate.answered(clock(), 9.0, slow_down=False)  # a slow answer keeps the pace
    assert (gate.allowed, gate.interval) == (2, 0.1)
    gate.failed(clock())
    assert gate.allowed == 1
    for _ in range(30):  # it speeds up again while the server copes, up to the ceiling
        gate.answered(clock(), 0.05, slow_down=False)
    assert (gate.allowed, gate.interval) == (4, 0.05)
    strict = HostGate(1, 2.0)  # stricter than the polite start: the user's limits from the start
    assert (strict.allowed, strict.interval) == (1, 2.0)
    fixed = HostGate(6, 0.0, adaptive=False)
    fixed.answered(clock(), 0.01, slow_down=True)
    assert (fixed.allowed, fixed.interval) == (6, 0.0)


async def test_a_gate_without_spacing_backs_off_by_halving_and_spaces_once_at_one() -> None:
    # Half the pace, not 10 a second: a server asked 32 at once with no interval that says
    # "slow down" is asked 16 at once, still without spacing; spacing starts (at the polite
    # start's interval, then doubling) only once it is asked one request at a time.
    clock = asyncio.get_running_loop().time
    gate = HostGate(32, 0.0)
    for _ in range(40):
        gate.answered(clock(), 0.05, slow_down=False)
    assert (gate.allowed, gate.interval) == (32, 0.0)
    paces = []
    for _ in range(7):
        gate.answered(clock(), 0.05, slow_down=True)
        paces.append((gate.allowed, gate.interval))
    assert paces == [
        (16, 0.0),
        (8, 0.0),
        (4, 0.0),
        (2, 0.0),
        (1, 0.0),
        (1, START_INTERVAL),
        (1, 2 * START_INTERVAL),
    ]
    spaced = HostGate(8, 0.025)  # the default floor: twice the interval, never below it
    for _ in range(40):
        spaced.answered(clock(), 0.05, slow_down=False)
    spaced.answered(clock(), 0.05, slow_down=True)
    assert (spaced.allowed, spaced.interval) == (4, 0.05)


async def test_a_503_from_a_server_asked_without_spacing_halves_its_pace() -> None:
    # On real sockets: the link behind the 503 is asked again once the gate has backed off,
    # through a gate still without spacing (its requests at once halved, and maybe grown back
    # by the answers of links still on their way).
    settings = replace(BASE, per_host_concurrency=8, per_host_interval=0.0)
    paces: list[tuple[int, int, float]] = []
    gates: list[HostGate] = []

    def flaky(exchange: Exchange) -> Reply:
        gate = gates[0]
        paces.append((gate.backoffs, gate.allowed, gate.interval))
        return Reply(503) if len(paces) == 1 else Reply(200)

    routes: dict[str, object] = {f"/{n}": Reply(200) for n in range(80)}
    routes["/flaky"] = flaky
    with serve(routes) as server:  # type: ignore[arg-type]
        async with Net(settings, resolver=FakeDNS(CANARY)) as net:
            gates.append(net.gate(server.host))
            targets = [(server.url(f"/{n}"), LinkKind.DOI) for n in range(80)]
            targets.append((server.url("/flaky"), LinkKind.DOI))
            results = await checker.check_links(net, targets)
    assert {check.outcome for check in results.values()} == {Outcome.OK}
    (before, retried) = paces
    assert before == (0, 8, 0.0)  # sped up to the ceiling, no spacing, before the 503
    assert (retried[0], retried[2]) == (1, 0.0)  # backed off once, still no spacing


async def test_a_cancelled_waiter_gives_its_place_on() -> None:
    gate = HostGate(1, 0.0, adaptive=False)
    await gate.acquire()
    waiting = asyncio.ensure_future(gate.acquire())
    third = asyncio.ensure_future(gate.acquire())
    await asyncio.sleep(0)
    waiting.cancel()
    gate.release()
    await asyncio.wait_for(third, 5)
    assert gate.in_flight == 1


async def test_a_woken_waiter_keeps_its_place_in_the_queue() -> None:
    """A freed place goes to the longest waiter, never to a request that arrives between the
    release and the waiter's wake-up (which used to send the waiter to the back of the queue)."""
    gate = HostGate(1, 0.0, adaptive=False)
    await gate.acquire()
    order: list[str] = []

    async def request(name: str) -> None:
        await gate.acquire()
        order.append(name)
        gate.release()

    first = asyncio.ensure_future(request("waiting since before"))
    await asyncio.sleep(0)
    gate.release()  # as a worker does between two requests: release, then ask again at once
    await request("arrived after the release")
    await asyncio.wait_for(first, 5)
    assert order == ["waiting since before", "arrived after the release"]
    assert gate.in_flight == 0


async def test_a_place_handed_to_a_cancelled_request_is_passed_on() -> None:
    gate = HostGate(1, 0.0, adaptive=False)
    await gate.acquire()
    handed = asyncio.ensure_future(gate.acquire())
    after = asyncio.ensure_future(gate.acquire())
    await asyncio.sleep(0)
    gate.release()  # the place is handed to `handed`, which is cancelled before it resumes
    handed.cancel()
    await asyncio.wait_for(after, 5)
    assert gate.in_flight == 1


async def test_a_retry_goes_before_requests_not_yet_tried() -> None:
    """A link waiting out its backoff is served before the queue of first attempts, retries
    among themselves in the order they came; a cancelled retry gives its turn on."""
    gate = HostGate(1, 0.0, adaptive=False)
    await gate.acquire()
    order: list[str] = []

    async def request(name: str, *, ahead: bool = False) -> None:
        await gate.acquire(ahead=ahead)
        order.append(name)
        gate.release()

    waiting = [asyncio.ensure_future(request(f"first try {i}")) for i in range(2)]
    cancelled = asyncio.ensure_future(request("cancelled retry", ahead=True))
    retries = [asyncio.ensure_future(request(f"retry {i}", ahead=True)) for i in range(2)]
    await asyncio.sleep(0)
    cancelled.cancel()
    gate.release()
    await asyncio.wait_for(asyncio.gather(*waiting, *retries), 5)
    assert order == ["retry 0", "retry 1", "first try 0", "first try 1"]
    assert gate.in_flight == 0


async def test_a_retry_goes_first_for_the_runs_request_slots_too() -> None:
    """With every run-wide slot taken, a retry to one server is served before a first attempt
    to another that has waited longer."""
    gates = Gates(replace(Settings(), concurrency=1))
    order: list[str] = []
    holding, free = asyncio.Event(), asyncio.Event()

    async def request(host: str, *, ahead: bool = False) -> None:
        async with gates.slot(host, ahead=ahead):
            order.append(host)
            holding.set()
            if host == "a.example":
                await free.wait()

    holder = asyncio.ensure_future(request("a.example"))
    await holding.wait()
    first = asyncio.ensure_future(request("b.example"))
    await asyncio.sleep(0)
    retry = asyncio.ensure_future(request("c.example", ahead=True))
    await asyncio.sleep(0)
    free.set()
    await asyncio.wait_for(asyncio.gather(holder, first, retry), 5)
    assert order == ["a.example", "c.example", "b.example"]


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("0", 0.0), ("50ms", 0.05), ("1s", 1.0), ("1.5", 1.5), ("2m", 120.0), (" 250 ms ", 0.25)],
)
def test_intervals(text: str, seconds: float) -> None:
    assert parse_interval(text) == pytest.approx(seconds)


@pytest.mark.parametrize("text", ["", "fast", "-1", "1h", "50 msec", "inf", "nan", "99999"])
def test_bad_intervals(text: str) -> None:
    with pytest.raises(PolitenessError):
        parse_interval(text)


@pytest.mark.parametrize("text", ["0", "-2", "1.5", "many", "100000"])
def test_bad_concurrency(text: str) -> None:
    with pytest.raises(PolitenessError):
        parse_concurrency(text)


def test_the_config_file_and_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    config = tmp_path / "audit.toml"
    config.write_text(
        '[politeness]\nhost-concurrency = 16\nhost-request-interval = "100ms"\nadaptive = false\n'
        "[rubric]\nreadme_min_bytes = 400\n"
    )
    assert load_politeness(config, pyproject=None) == Politeness(16, 0.1, False)
    (tmp_path / "pyproject.toml").write_text(
        "[tool.paper-auditor.politeness]\nhost-request-interval = 0.5\n"
    )
    assert load_politeness(None, pyproject=tmp_path / "pyproject.toml") == Politeness(None, 0.5)
    args = cli.build_parser().parse_args(["audit", "x.txt", "--config", str(config)])
    settings = cli.settings_from(args, {})
    assert (settings.per_host_concurrency, settings.per_host_interval) == (16, 0.1)
    assert settings.host_adaptive is False
    args = cli.build_parser().parse_args(
        ["audit", "x.txt", "--host-concurrency", "4", "--host-request-interval", "0"]
    )
    settings = cli.settings_from(args, {})  # the command line wins over ./pyproject.toml
    assert (settings.per_host_concurrency, settings.per_host_interval) == (4, 0.0)
    assert settings.host_adaptive is True
    args = cli.build_parser().parse_args(["audit", "x.txt"])
    settings = cli.settings_from(args, {})
    assert (settings.per_host_concurrency, settings.per_host_interval) == (8, 0.5)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("host-concurrency = 0", "politeness.host-concurrency: must be from 1"),
        ("host-concurrency = 2.5", "politeness.host-concurrency: not a whole number"),
        ('host-request-interval = "soon"', "politeness.host-request-interval: not a duration"),
        ("host-request-interval = -1", "politeness.host-request-interval: must be from 0"),
        ('adaptive = "yes"', "politeness.adaptive: must be true or false"),
        ("host_concurrency = 3", "unknown politeness setting 'host_concurrency'"),
    ],
)
def test_a_bad_value_is_one_line_naming_the_file_and_key(
    tmp_path: Path, table: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "audit.toml"
    config.write_text(f"[politeness]\n{table}\n")
    with pytest.raises(PolitenessError, match=message) as error:
        load_politeness(config, pyproject=None)
    assert str(config) in str(error.value)
    assert "\n" not in str(error.value)
    code = cli.main(["audit", str(tmp_path / "none.txt"), "--config", str(config)], environ={})
    assert code == cli.EXIT_USAGE
    assert message in capsys.readouterr().err


def test_bad_flags_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["audit", "x.txt", "--host-request-interval", "soon"], environ={}) == 2
    assert "not a duration" in capsys.readouterr().err
    assert cli.main(["audit", "x.txt", "--host-concurrency", "0"], environ={}) == 2
