"""Politeness towards one server: how many requests at once, and how far apart they start.

The user sets the ceiling (`--host-concurrency N`: never more than N at once) and the floor
(`--host-request-interval D`: never two starts closer than D). Adaptive by default: a server is
first asked politely (`START_CONCURRENCY` at once, `START_INTERVAL` apart, or the user's
limits when they are stricter), then faster while it answers fast and clean (one more request
at once and a shorter interval per such answer, like TCP's slow start), and slower at once
when it asks (429, 503, Retry-After) or breaks (timeouts, reset connections): half as many at
once, twice the interval, once per round of requests (an interval from the polite start's once
it is asked one at a time). A server that strains answers slowly, and
a slow answer never speeds it up: the pace follows what the server can take. What asks to slow down
is the retry policy's (`auditor.net.policy`); which hosts share a server is `auditor.links`'.
`Gates` holds a run's gates and request slots; every request of the run, page or API, passes
one (`auditor.net.fetcher`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import AsyncIterator

from auditor.config.settings import Settings
from auditor.links import politeness_key

# The polite start of a server not heard from yet.
START_CONCURRENCY = 2
START_INTERVAL = 0.1
# The slowest a server is asked after backing off: one request every MAX_INTERVAL seconds.
MAX_INTERVAL = 5.0
# An answer is "fast" when it took at most this many times the fastest one seen, plus SLACK.
FAST_FACTOR = 3.0
FAST_SLACK = 0.1
# Each fast, clean answer shortens the interval by this factor (down to the floor).
SPEED_UP = 0.7
# A turn this close is on time: timers fire up to the clock's resolution early, and a wait
# shorter than a large clock's precision would not move it.
ON_TIME = 1e-6


class HostGate:
    """Concurrency and spacing for one server; adaptive within the user's limits."""

    def __init__(self, ceiling: int, floor: float, *, adaptive: bool = True) -> None:
        self.ceiling = max(1, ceiling)
        self.floor = max(0.0, floor)
        self.adaptive = adaptive
        if adaptive:
            self.limit = float(min(START_CONCURRENCY, self.ceiling))
            self.interval = max(self.floor, START_INTERVAL)
        else:
            self.limit = float(self.ceiling)
            self.interval = self.floor
        self.in_flight = 0
        self.most_in_flight = 0  # the most requests ever in flight at once (tests read it)
        self.next_start = 0.0
        self.last_start = float("-inf")  # when the latest request was let through (loop time)
        self.fastest: float | None = None
        self.backoffs = 0
        self.backed_off_at = float("-inf")
        self._waiting: collections.deque[asyncio.Future[None]] = collections.deque()
        # Retries wait here and are served first: a link already asked once, waiting out its
        # backoff, does not queue again behind every link not yet tried.
        self._retries: collections.deque[asyncio.Future[None]] = collections.deque()

    @property
    def allowed(self) -> int:
        """Requests allowed in flight at once now."""
        return max(1, min(self.ceiling, int(self.limit)))

    async def acquire(self, *, ahead: bool = False) -> None:
        """Wait for a free place, then for this request's turn. A freed place is handed to the
        longest waiter (counted in flight by `_wake`), so a request arriving between a release
        and the waiter's wake-up cannot take it and send the waiter to the back of the queue.
        `ahead`: a retry, served before every request not yet tried."""
        if self.in_flight < self.allowed and not self._waiting and not self._retries:
            self.in_flight += 1
        else:
            queue = self._retries if ahead else self._waiting
            waiter = asyncio.get_running_loop().create_future()
            queue.append(waiter)
            try:
                await waiter
            except BaseException:
                if waiter in queue:
                    queue.remove(waiter)
                elif waiter.done() and not waiter.cancelled():
                    self.release()  # pass on a place this waiter was given but cannot take
                raise
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        loop = asyncio.get_running_loop()
        now = loop.time()
        start = max(now, self.next_start)
        self.next_start = start + self.interval  # reserved before sleeping: no lock needed
        try:
            if start > now:
                await asyncio.sleep(start - now)
            # The turn was reserved, but the request before it may have been let through late
            # (a busy loop wakes sleepers late): the server still sees them an interval apart.
            # Checked again after each wait, so two let out late together go an interval apart
            # too (a wait for a time, not for another task's event: no Event to await).
            while (wait := self.last_start + self.interval - loop.time()) > ON_TIME:  # noqa: ASYNC110
                await asyncio.sleep(wait)
        except BaseException:
            self.release()
            raise
        self.last_start = loop.time()

    def release(self) -> None:
        self.in_flight -= 1
        self._wake()

    def _wake(self) -> None:
        while self.in_flight < self.allowed and (self._retries or self._waiting):
            waiter = (self._retries or self._waiting).popleft()
            if not waiter.done():
                self.in_flight += 1  # the place is the waiter's from now on
                waiter.set_result(None)

    # -- what the server said --

    def answered(self, started: float, elapsed: float, *, slow_down: bool) -> None:
        """The request sent at `started` (loop time) was answered after `elapsed` seconds;
        `slow_down`: the server asked us to."""
        if slow_down:
            self.back_off(started)
            return
        if not self.adaptive:
            return
        if self.fastest is None or elapsed < self.fastest:
            self.fastest = elapsed
        if elapsed > self.fastest * FAST_FACTOR + FAST_SLACK:
            return  # a slow answer: keep the pace
        self.limit = min(float(self.ceiling), self.limit + 1.0)
        self.interval = max(self.floor, self.interval * SPEED_UP)
        if self.interval < 0.001:
            self.interval = self.floor
        self._wake()

    def failed(self, started: float) -> None:
        """The exchange sent at `started` broke (a timeout, a reset): the server may be
        struggling."""
        self.back_off(started)

    def back_off(self, started: float) -> None:
        """Half as many at once, twice the interval; once for the requests already on their
        way when the last back-off was decided (like TCP, once per window). A server asked
        without spacing keeps none while there are requests at once to halve (that halves the
        pace): jumping to the polite start's interval would cut 32 at once to 10 a second. Once
        it is asked one at a time, the interval grows from the polite start's."""
        if started < self.backed_off_at:
            return
        self.backoffs += 1
        self.backed_off_at = asyncio.get_running_loop().time()
        if not self.adaptive:
            return
        one_at_a_time = self.allowed == 1
        self.limit = max(1.0, self.limit / 2)
        least = START_INTERVAL if one_at_a_time else self.floor
        self.interval = min(max(self.interval * 2, least), MAX_INTERVAL)
        self.interval = max(self.interval, self.floor)


class Gates:
    """The run's politeness: one `HostGate` per server (`auditor.links.politeness_key`), and
    the run's request slots (its global concurrency), shared by every request of the run."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        # The run's request slots: a gate without spacing, so a retry goes first here too.
        self._slots = HostGate(settings.concurrency, 0.0, adaptive=False)
        self._gates: dict[str, HostGate] = {}

    def gate(self, host: str) -> HostGate:
        """The politeness gate of the server behind `host`."""
        key = politeness_key(host)
        gate = self._gates.get(key)
        if gate is None:
            settings = self.settings
            gate = HostGate(
                settings.per_host_concurrency,
                settings.per_host_interval,
                adaptive=settings.host_adaptive,
            )
            self._gates[key] = gate
        return gate

    @contextlib.asynccontextmanager
    async def slot(self, host: str, *, ahead: bool = False) -> AsyncIterator[HostGate]:
        """Hold one of the run's request slots, politely with respect to `host`'s server
        (`ahead`: a retry, before the server's requests not yet tried)."""
        gate = self.gate(host)
        await gate.acquire(ahead=ahead)
        try:
            await self._slots.acquire(ahead=ahead)
            try:
                yield gate
            finally:
                self._slots.release()
        finally:
            gate.release()
