"""The one retry policy (auditor/net/policy.py), table by table: what is transient, what the
server asks for (Retry-After, X-RateLimit-Reset), the backoff, and when to give up."""

from __future__ import annotations

import ssl
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from email.utils import formatdate
from urllib.parse import unquote

import pytest

from auditor.check import checker
from auditor.config.settings import Settings
from auditor.hosts.forges import ForgeFacts
from auditor.hosts.github import GitHubFacts
from auditor.models import LinkKind, Outcome
from auditor.net import AddressRefused, NameNotResolved, Net, errors, policy
from auditor.net.answer import Headers
from auditor.net.policy import (
    Again,
    GaveUp,
    RetryPolicy,
    Tries,
    parse_retry_after,
    rate_limit_remaining,
    rate_limit_reset,
    retry_after,
    server_wait,
)
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.local_servers import FakeDNS, Reply, plain_fetcher, sequence, serve

NOW = 1_700_000_000.0


def _tls(error: ssl.SSLError) -> errors.ConnectError:
    try:
        raise errors.ConnectError("handshake") from error
    except errors.ConnectError as wrapped:
        return wrapped


# --- What is transient --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "transient"),
    [
        (200, False), (204, False), (301, False), (304, False), (400, False), (401, False),
        (403, False), (404, False), (405, False), (407, False), (410, False), (418, False),
        (451, False), (499, False), (600, False), (999, False),
        (408, True), (425, True), (429, True), (500, True), (501, True), (502, True),
        (503, True), (504, True), (520, True), (599, True),
    ],
)  # fmt: skip
def test_transient_statuses(status: int, transient: bool) -> None:
    assert RetryPolicy.is_transient_status(status) is transient


@pytest.mark.parametrize(
    ("error", "transient", "unreached"),
    [
        (errors.ReadTimeout("slow"), True, False),
        (errors.ConnectTimeout("slow"), True, True),
        (errors.ConnectError("refused"), True, True),
        (errors.ReadError("reset"), True, False),
        (errors.WriteError("broken pipe"), True, False),
        (errors.RemoteProtocolError("garbage"), True, False),
        (errors.ProxyError("403 Forbidden"), False, False),
        (NameNotResolved("x.test", "temporary failure", nxdomain=False), True, True),
        (NameNotResolved("x.test", "no such name", nxdomain=True), False, True),
        (AddressRefused("x.test", ["10.0.0.1"]), False, False),
        (_tls(ssl.SSLCertVerificationError("self-signed")), False, False),
        (_tls(ssl.SSLError("wrong version number")), False, False),
        (TimeoutError(), False, False),  # our whole-exchange deadline
        (errors.UnsupportedProtocol("ftp"), False, False),
        (errors.InvalidURL("bad"), False, False),
        (ValueError("a bug"), False, False),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, BaseException) else str(value),
)
def test_transient_and_unreached_errors(
    error: BaseException, transient: bool, unreached: bool
) -> None:
    assert RetryPolicy.is_transient_error(error) is transient
    assert RetryPolicy.is_unreached(error) is unreached


# --- What the server asks for ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "wait"),
    [
        ("120", 120.0),
        (" 0 ", 0.0),
        (formatdate(NOW + 90, usegmt=True), 90.0),  # e.g. "Wed, 21 Oct 2015 07:28:00 GMT"
        (formatdate(NOW - 3600, usegmt=True), 0.0),  # a date in the past: at once
        ("Tue, 14 Nov 2023 22:15:00", 100.0),  # no zone: HTTP-dates are GMT
        ("soon", None),
        ("-5", None),
        ("1.5e3", None),
        ("", None),
        ("²", None),  # a digit to str.isdigit(), not to float()
        ("Fri, 99 Foo 2023 99:99:99 GMT", None),
    ],
)
def test_parse_retry_after(value: str, wait: float | None) -> None:
    found = parse_retry_after(value, now=NOW)
    assert found == (None if wait is None else pytest.approx(wait, abs=1.0))


def test_a_real_clock_http_date() -> None:
    now = time.time()
    later = formatdate(now + 90, usegmt=True)
    assert parse_retry_after(later, now=now) == pytest.approx(90, abs=1.5)


@pytest.mark.parametrize(
    ("headers", "retry", "reset", "wait"),
    [
        ({"Retry-After": "7", "X-RateLimit-Reset": str(int(NOW) + 600)}, 7, 600, 7),
        ({"X-RateLimit-Reset": str(int(NOW) + 600)}, None, 600, 600),  # an epoch time
        ({"X-RateLimit-Reset": str(int(NOW) - 600)}, None, 0, 0),  # a reset already past
        ({"X-RateLimit-Reset": "30"}, None, 30, 30),  # small: seconds from now
        ({"X-RateLimit-Reset": "1700000060.5"}, None, 60.5, 60.5),
        ({"X-RateLimit-Reset": "soon"}, None, None, None),
        ({"Retry-After": "nonsense"}, None, None, None),
        ({"Retry-After": "nonsense", "X-RateLimit-Reset": "30"}, None, 30, 30),
        ({}, None, None, None),
    ],
)
def test_server_wait_reads_retry_after_then_rate_limit_reset(
    headers: dict[str, str], retry: float | None, reset: float | None, wait: float | None
) -> None:
    given = Headers(headers)
    assert retry_after(given, now=NOW) == retry
    assert rate_limit_reset(given, now=NOW) == reset
    assert server_wait(given, now=NOW) == wait


@pytest.mark.parametrize(
    ("value", "remaining"),
    [("0", 0), ("59", 59), (" 4990 ", 4990), ("", None), ("-1", None), ("x", None), ("²", None)],
)
def test_rate_limit_remaining(value: str, remaining: int | None) -> None:
    assert rate_limit_remaining(Headers([("X-RateLimit-Remaining", value)])) == remaining
    assert rate_limit_remaining(Headers()) is None


# --- Backoff and giving up ---------------------------------------------------------------------


@pytest.mark.parametrize("base", [1.0, 0.25, 3.0])
def test_backoff_grows_exponentially_with_equal_jitter(base: float) -> None:
    retry = RetryPolicy(max_retries=6, max_wait=1e6, base_delay=base)
    for attempt in range(6):
        delays = {retry.backoff(attempt) for _ in range(200)}
        assert min(delays) >= base * 2**attempt / 2
        assert max(delays) <= base * 2**attempt
        assert len(delays) > 1  # jittered, not in step


def test_a_zero_base_never_waits() -> None:
    retry = RetryPolicy(max_retries=3, max_wait=60.0, base_delay=0.0)
    assert [retry.delay(attempt) for attempt in range(3)] == [0.0, 0.0, 0.0]


@pytest.mark.parametrize(
    ("attempt", "asked", "expected"),
    [
        (0, None, "backoff"),
        (2, None, "backoff"),
        (0, 0.0, 0.0),
        (0, 29.5, 29.5),
        (1, 30.0, 30.0),  # exactly the limit is waited
        (0, 30.5, None),  # beyond it, never
        (0, 3600.0, None),
        (3, None, None),  # max_retries retries made: no more
        (3, 1.0, None),
        (7, 0.0, None),
    ],
)
def test_delay(attempt: int, asked: float | None, expected: float | str | None) -> None:
    retry = RetryPolicy(max_retries=3, max_wait=30.0, base_delay=1.0)
    found = retry.delay(attempt, asked)
    if expected == "backoff":
        assert found is not None
        assert 2**attempt / 2 <= found <= 2**attempt
    else:
        assert found == expected
    assert retry.exhausted(attempt) is (attempt >= 3)


def test_a_backoff_beyond_the_limit_is_not_waited() -> None:
    retry = RetryPolicy(max_retries=10, max_wait=5.0, base_delay=1.0)
    assert retry.delay(2) is not None  # 2-4 s
    assert retry.delay(4) is None  # 8-16 s


def test_no_retry_at_all_when_max_retries_is_zero() -> None:
    retry = RetryPolicy(max_retries=0, max_wait=60.0)
    assert retry.exhausted(0)
    assert retry.delay(0) is None
    assert retry.delay(0, 0.0) is None


def test_from_settings() -> None:
    settings = Settings(max_retries=5, max_retry_wait=12.0, retry_base_delay=0.5)
    assert RetryPolicy.from_settings(settings) == RetryPolicy(5, 12.0, 0.5)
    assert RetryPolicy.from_settings(Settings()) == RetryPolicy()


async def test_every_wait_goes_through_the_module_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    waited: list[float] = []

    async def record(seconds: float) -> None:
        waited.append(seconds)

    monkeypatch.setattr(policy, "_sleep", record)
    await RetryPolicy().sleep(2.5)
    assert waited == [2.5]


# --- The one loop ------------------------------------------------------------------------------


def _attempts(
    *ends: str | Again[str],
) -> tuple[list[int], Callable[[], Awaitable[str | Again[str]]]]:
    """An attempt that ends as scripted, and the list counting its calls."""
    calls: list[int] = []

    async def attempt() -> str | Again[str]:
        calls.append(len(calls))
        return ends[len(calls) - 1]

    return calls, attempt


async def test_the_loop_retries_with_the_servers_wait_then_the_backoff(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    waited: list[float] = []

    async def record(seconds: float) -> None:
        waited.append(seconds)

    monkeypatch.setattr(policy, "_sleep", record)
    calls, attempt = _attempts(Again("503", 7.0), Again("timeout"), "answer")
    assert await RetryPolicy(max_retries=3, base_delay=2.0).run(attempt) == "answer"
    assert len(calls) == 3
    assert waited[0] == 7.0  # the server's wait
    assert 2.0 <= waited[1] <= 4.0  # then the backoff of a second retry


async def test_the_loop_gives_up_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(policy, "_sleep", _no_wait)
    retry = RetryPolicy(max_retries=2, max_wait=30.0, base_delay=0.0)
    _, spent = _attempts(Again("a"), Again("b"), Again("c"))
    assert await retry.run(spent) == GaveUp("c", retries=2, wait=None, beyond=False)
    _, too_long = _attempts(Again("429", 3600.0))
    assert await retry.run(too_long) == GaveUp("429", retries=0, wait=3600.0, beyond=True)
    # A wait the server scheduled (a rate limit's reset, waited by the caller) is no retry.
    calls, scheduled = _attempts(Again("reset", counted=False), Again("a"), Again("b"), "ok")
    assert await retry.run(scheduled) == "ok"
    assert len(calls) == 4


async def test_the_loop_comes_back_where_it_left_off() -> None:
    # The link checker's two passes: a pause may end the loop, the retries made are kept.
    class Later(Exception):
        pass

    async def defer(delay: float, again: Again[str]) -> None:
        raise Later

    retry, tries = RetryPolicy(max_retries=2, base_delay=0.0), Tries()
    _, first = _attempts(Again("503"))
    with pytest.raises(Later):
        await retry.run(first, tries=tries, pause=defer)
    assert tries.made == 1
    _, second = _attempts(Again("503"), Again("503"))
    assert await retry.run(second, tries=tries, pause=_pause) == GaveUp("503", 2, None, False)


async def test_each_retry_and_only_a_retry_is_known_as_one() -> None:
    """What the servers' gates read to serve retries first: false for a first attempt, true
    for each retry, also when a caller comes back with its retries made, false after."""
    seen: list[bool] = []

    async def attempt() -> str | Again[str]:
        seen.append(policy.is_retrying())
        return "ok" if len(seen) in (3, 4) else Again("503")

    retry, tries = RetryPolicy(max_retries=3, base_delay=0.0), Tries()
    assert await retry.run(attempt, tries=tries, pause=_pause) == "ok"
    assert await retry.run(attempt, tries=tries, pause=_pause) == "ok"
    assert seen == [False, True, True, True]
    assert not policy.is_retrying()


async def _no_wait(seconds: float) -> None:
    return None


async def _pause(delay: float, again: Again[str]) -> None:
    return None


# --- The adapters agree ------------------------------------------------------------------------

AGREED_TRANSIENT = [408, 425, 429, 500, 502, 503, 504]
AGREED_FINAL = [400, 403, 404, 410, 422]


@pytest.mark.parametrize("status", AGREED_TRANSIENT + AGREED_FINAL)
async def test_github_gitlab_huggingface_and_the_link_checker_agree_on_what_is_transient(
    status: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One answer with `status`, then a good one: a transient status is asked again by each
    adapter (and the good answer wins), any other is asked once."""
    waited: list[float] = []

    async def record(seconds: float) -> None:
        waited.append(seconds)

    monkeypatch.setattr(policy, "_sleep", record)
    settings = Settings(
        max_retries=2, per_host_interval=0.0, allow_private=True, dns_canary="canary.test"
    )
    asked: dict[str, int] = {}
    verdicts: dict[str, Outcome] = {}
    with FakeGitHub([FakeRepo("ml-lab/x", files={"README.md": "# x\n"})]) as fake:
        fake.script("/repos/ml-lab/x", status, {"message": "scripted"})
        fake.script("/api/v4/projects/ml-lab/x", status, "")
        fake.script("/api/v4/projects/ml-lab/x", 200, {"path_with_namespace": "ml-lab/x"})
        fake.script("/api/models/ml-lab/x", status, "")
        fake.script("/api/models/ml-lab/x", 200, {"id": "ml-lab/x"})
        api = replace(settings, github_api_url=fake.url, github_graphql_url=fake.url + "/graphql")
        async with plain_fetcher() as fetcher:
            github = await GitHubFacts(fetcher, api).repos(["ml-lab/x"], host="github.com")
            forges = ForgeFacts(
                fetcher, settings, gitlab_api_url=fake.url + "/api/v4", huggingface_url=fake.url
            )
            gitlab = await forges.check("https://gitlab.com/ml-lab/x")
            hf = await forges.check("https://huggingface.co/ml-lab/x")
        paths = [unquote(request.path).split("?")[0] for request in fake.requests]
        asked["github"] = paths.count("/repos/ml-lab/x")
        asked["gitlab"] = paths.count("/api/v4/projects/ml-lab/x")
        asked["huggingface"] = paths.count("/api/models/ml-lab/x")
        verdicts |= {"github": github["ml-lab/x"].check.outcome, "gitlab": gitlab.check.outcome}
        verdicts["huggingface"] = hf.check.outcome
    with serve({"/x": sequence(Reply(status), Reply(200))}) as server:
        dns = FakeDNS({"canary.test": "140.82.112.3"})
        async with Net(settings, resolver=dns) as net:
            url = server.url("/x")
            verdicts["web"] = (await checker.check_links(net, [(url, LinkKind.WEB)]))[url].outcome
        asked["web"] = len(server.seen("/x"))
    if status in AGREED_TRANSIENT:
        assert RetryPolicy.is_transient_status(status)
        assert asked == dict.fromkeys(asked, 2)
        assert set(verdicts.values()) == {Outcome.OK}, verdicts
        assert len(waited) == 4  # one wait each, as the policy's backoff says
    else:
        assert not RetryPolicy.is_transient_status(status)
        assert asked == dict.fromkeys(asked, 1)
        assert Outcome.OK not in verdicts.values()
        assert waited == []
