"""The one retry policy: which answers and failures are transient, how long to wait before
asking again, and when to give up.

The link checker (`auditor.check.checker`), GitHub (`auditor.hosts.github`) and the other hosts
(`auditor.hosts.api`) ask `RetryPolicy` the same questions and keep only what an answer *means* to
them (GitHub's primary and secondary rate limits, GraphQL batch splitting, the link checker's
deferral of long waits to its second pass):

* Transient? `is_transient_status`: 408, 425, 429 and 5xx. `is_transient_error`: a timeout, a
  connection that could not be made or broke, a server that broke HTTP; never a TLS failure, an
  address the guard refused, a name that does not exist, nor a plain `TimeoutError` (our own
  whole-exchange deadline: a server that drips one answer past it will drip the next).
  `is_unreached` tells, among them, the failures where no server heard us at all.
* How long? `delay(attempt, server_wait)`: the wait the server asked for when it did
  (`server_wait`: Retry-After, else X-RateLimit-Reset), else exponential backoff with "equal
  jitter" from `base_delay`.
* Give up? `delay` is None once `max_retries` retries were made or the wait is beyond
  `max_wait`.
* The loop: `RetryPolicy.run`, the one loop every request's retries go through (pages, the
  paper lists given as URLs, every host's API, GitHub's REST and GraphQL): an attempt ends
  with its result, or `Again` (transient, with the server's wait), and the loop gives up
  with `GaveUp`.
* Ahead of the queue? `is_retrying`: true while the loop asks again, so a server's gate lets
  a retry go before requests not yet tried (a link's backoff is not lengthened by the queue).
* Slow down? `asks_to_slow_down` (429, 503, or an error with Retry-After) and
  `is_overload_error` (a timeout, a connection reset mid-exchange): the per-host politeness of
  `auditor.net.politeness` backs off on these.

Every wait goes through `RetryPolicy.sleep`, which calls the module's `_sleep`: tests replace
it to observe the decisions. Rate-limit headers are read here (`retry_after`,
`rate_limit_reset`, `rate_limit_remaining`), whatever a forge makes of them.
"""

from __future__ import annotations

import asyncio
import email.utils
import random
import ssl
from collections.abc import Awaitable, Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC
from typing import Generic, TypeVar

from auditor.config.settings import Settings
from auditor.net.errors import (
    ConnectError,
    ConnectTimeout,
    NetworkError,
    ReadError,
    RemoteProtocolError,
    TimeoutException,
    WriteError,
)
from auditor.net.guard import AddressRefused, NameNotResolved

_sleep = asyncio.sleep  # every retry wait; tests replace it to observe the decisions

# True while `RetryPolicy.run` makes a retry, in the task making it (read by `is_retrying`).
_RETRYING: ContextVar[bool] = ContextVar("retrying", default=False)


def is_retrying() -> bool:
    """Whether the request about to be made is a retry of the one retry loop's."""
    return _RETRYING.get()


# RFC 9110 §15.5.9 (408), RFC 8470 §5.2 (425), RFC 6585 §4 (429), and every server error.
TRANSIENT_STATUSES = frozenset({408, 425, 429, *range(500, 600)})
# Failures of one exchange that asking again may cure (ConnectError, ReadError… are
# NetworkErrors; ConnectTimeout, ReadTimeout TimeoutExceptions).
_TRANSIENT_ERRORS = (TimeoutException, NetworkError, RemoteProtocolError)
# Answers that ask a client to slow down (RFC 6585 §4, RFC 9110 §15.6.4).
SLOW_DOWN_STATUSES = frozenset({429, 503})
# A rate limit as GitHub (its REST, GraphQL and search APIs) answers one: 403 or 429, told apart
# from a plain refusal by its headers and message.
RATE_LIMIT_STATUSES = frozenset({403, 429})
_OVERLOAD_ERRORS = (TimeoutException, TimeoutError, ReadError, WriteError)
# An answer's headers as read here: case-insensitive lookups (`auditor.net.transport.Headers`).
Headers = Mapping[str, str]
# X-RateLimit-Reset above this is an epoch time (GitHub and most APIs); below, seconds from now.
_EPOCH = 1e9


def tls_error(error: BaseException) -> ssl.SSLError | None:
    """The TLS failure behind `error`, if any, searched along its causes."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, ssl.SSLError):
            return current
        current = current.__cause__ or current.__context__
    return None


# --- What the server asks: Retry-After and rate-limit headers ---------------------------------


def _digits(value: str) -> bool:
    return value.isascii() and value.isdigit()  # "²".isdigit() is True, and int() refuses it


def parse_retry_after(value: str, *, now: float) -> float | None:
    """Seconds to wait from a Retry-After value (RFC 9110 §10.2.3): delay-seconds or an
    HTTP-date (§5.6.7). A date in the past means 0; garbage means None."""
    value = value.strip()
    if _digits(value):
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # HTTP-dates are always GMT
        when = when.replace(tzinfo=UTC)
    return max(0.0, when.timestamp() - now)


def retry_after(headers: Headers, *, now: float) -> float | None:
    """The Retry-After header's wait in seconds; None when absent or unreadable."""
    value = headers.get("retry-after")
    return None if value is None else parse_retry_after(value, now=now)


def rate_limit_reset(headers: Headers, *, now: float) -> float | None:
    """Seconds until X-RateLimit-Reset: an epoch time on GitHub and most APIs; a small number
    is taken as seconds from now. None when absent or unreadable."""
    reset = headers.get("x-ratelimit-reset", "").strip()
    try:
        moment = float(reset)
    except ValueError:
        return None
    if moment > _EPOCH:
        return max(0.0, moment - now)
    return max(0.0, moment)


def rate_limit_remaining(headers: Headers) -> int | None:
    """X-RateLimit-Remaining, the requests left in the window; None when absent or unreadable."""
    value = headers.get("x-ratelimit-remaining", "").strip()
    return int(value) if _digits(value) else None


def server_wait(headers: Headers, *, now: float) -> float | None:
    """How long the server asks us to wait: Retry-After, else X-RateLimit-Reset."""
    wait = retry_after(headers, now=now)
    return wait if wait is not None else rate_limit_reset(headers, now=now)


# --- The loop ---------------------------------------------------------------------------------

T = TypeVar("T")
F = TypeVar("F")


@dataclass(frozen=True, slots=True)
class Again(Generic[F]):
    """An attempt ended transiently: ask again, after `wait` when the server named one.
    `failure` is what the caller makes of it should no retry be left. `counted` false: a wait
    the server scheduled (a rate limit's reset, already waited by the caller), not a retry."""

    failure: F
    wait: float | None = None
    counted: bool = True


@dataclass(frozen=True, slots=True)
class GaveUp(Generic[F]):
    """No retry is left: `retries` were made, and `beyond` tells that the next wait (the
    server's `wait`, else the backoff) was beyond `max_wait` rather than the retries spent."""

    failure: F
    retries: int
    wait: float | None
    beyond: bool


@dataclass(slots=True)
class Tries:
    """The retries one request has made, kept across calls (the link checker's two passes)."""

    made: int = 0


# Waits `seconds` before the next attempt (the caller's pacing: deferring, giving up).
Pause = Callable[[float, "Again[F]"], Awaitable[None]]


# --- The policy -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How many times to ask again, and how long to wait at most, for a transient answer."""

    max_retries: int = 3
    max_wait: float = 60.0  # a longer wait is not waited
    base_delay: float = 1.0  # the first backoff is 0.5-1 × this, each next one twice as long

    @classmethod
    def from_settings(cls, settings: Settings) -> RetryPolicy:
        return cls(settings.max_retries, settings.max_retry_wait, settings.retry_base_delay)

    @staticmethod
    def is_transient_status(status: int) -> bool:
        """Whether an answer with this status may be different if asked again."""
        return status in TRANSIENT_STATUSES

    @staticmethod
    def is_transient_error(error: BaseException) -> bool:
        """Whether a request that failed with `error` may succeed if asked again."""
        if isinstance(error, AddressRefused) or tls_error(error) is not None:
            return False
        if isinstance(error, NameNotResolved):
            return not error.nxdomain
        return isinstance(error, _TRANSIENT_ERRORS)

    @staticmethod
    def is_unreached(error: BaseException) -> bool:
        """Whether no server heard the request: the name did not resolve, or no connection
        could be made (not a TLS failure, nor an address the guard refused)."""
        if isinstance(error, AddressRefused) or tls_error(error) is not None:
            return False
        return isinstance(error, ConnectError | ConnectTimeout)

    @staticmethod
    def asks_to_slow_down(status: int, headers: Headers) -> bool:
        """Whether an answer asks us to send fewer requests: 429, 503, or an error status
        with Retry-After (RFC 9110 §10.2.3)."""
        return status in SLOW_DOWN_STATUSES or (status >= 400 and "retry-after" in headers)

    @staticmethod
    def is_overload_error(error: BaseException) -> bool:
        """Whether a failed exchange hints at a struggling server: a timeout (theirs or our
        whole-exchange deadline) or a connection broken mid-exchange."""
        return isinstance(error, _OVERLOAD_ERRORS)

    def exhausted(self, attempt: int) -> bool:
        """Whether `attempt` retries already made are all there may be."""
        return attempt >= self.max_retries

    def backoff(self, attempt: int) -> float:
        """Exponential backoff with "equal jitter": half fixed, half random, so retries of many
        requests do not fall in step. Within [base × 2^attempt / 2, base × 2^attempt]."""
        ceiling = self.base_delay * 2.0**attempt
        return ceiling / 2 + random.uniform(0, ceiling / 2)

    def delay(self, attempt: int, server_wait: float | None = None) -> float | None:
        """Seconds to wait before asking again, `attempt` retries having been made: what the
        server asked for when it did, else the backoff. None when no retry is left or the wait
        is beyond `max_wait`."""
        if self.exhausted(attempt):
            return None
        wait = self.backoff(attempt) if server_wait is None else server_wait
        return wait if wait <= self.max_wait else None

    async def sleep(self, seconds: float) -> None:
        """Wait before asking again (through the module's `_sleep`)."""
        await _sleep(seconds)

    async def run(
        self,
        attempt: Callable[[], Awaitable[T | Again[F]]],
        *,
        tries: Tries | None = None,
        pause: Pause[F] | None = None,
    ) -> T | GaveUp[F]:
        """The one retry loop: `attempt` until it ends otherwise than `Again`, waiting
        `delay` between attempts (through `pause`, else `sleep`); `GaveUp` when no retry is
        left. `tries` counts the retries made, for a caller that comes back later."""
        tries = tries or Tries()
        while True:
            retrying = _RETRYING.set(tries.made > 0)
            try:
                result = await attempt()
            finally:
                _RETRYING.reset(retrying)
            if not isinstance(result, Again):
                return result
            if not result.counted:
                continue
            delay = self.delay(tries.made, result.wait)
            if delay is None:
                beyond = not self.exhausted(tries.made)
                return GaveUp(result.failure, tries.made, result.wait, beyond)
            tries.made += 1  # counted before the wait: a caller's pause may end the loop
            if pause is None:
                await self.sleep(delay)
            else:
                await pause(delay, result)
