"""The one request path: every request of a run — a paper's page, a host's API, GitHub's
GraphQL — is one `Fetcher.send`, so it holds one of the run's request slots, waits its turn at
its server's politeness gate, tells the gate how the server answered (a 429 from an API slows
that server down exactly as a page's does), ends within a whole-exchange deadline and has its
body read capped after decompression. Redirects are never followed here: `location` reads the
one redirect rule (`net.answer.REDIRECT_STATUSES`) and the caller follows hop by hop, each hop
a `send`.

Requests go to the transport itself, not through `httpx.AsyncClient.send`: httpx parses
Location into `next_request` even when not following redirects, and a Location it cannot parse
would cost us the whole answer. This module is the only one that builds or sends an httpx
request; moving to another HTTP library changes it (and `net.client`, which makes the
transports), not its callers.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Mapping
from typing import Literal

import httpx

from auditor.config.settings import Settings
from auditor.net.answer import REDIRECT_STATUSES, Response
from auditor.net.body import API_MAX_BODY, CappedBody, UnreadableBody
from auditor.net.policy import RetryPolicy
from auditor.net.politeness import Gates, HostGate

# "none": no body; "html": a success's body when it is HTML (or untyped); "any": a success's
# body; "every": the body of every answer (an API's error message is in it).
BodyWanted = Literal["none", "html", "any", "every"]

Clock = Callable[[], float]  # wall-clock seconds since the epoch: what HTTP-dates are read against


def seconds(value: float) -> str:
    """A duration as people read it: `0.5 s`, `30 s`, `3 h`, `2 days`."""
    if value >= 86400 * 2:
        return f"{value / 86400:.0f} days"
    if value >= 7200:
        return f"{value / 3600:.0f} h"
    return f"{value:.0f} s" if value >= 10 else f"{value:.1f} s"


class Budget:
    """The exchange time a chain of requests has left (a link's redirect hops share one): each
    request spends from it the time from its start, its wait at the politeness gate excluded,
    so a chain of slow redirects ends within one deadline, not within one per hop."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.left = seconds


def location(response: Response) -> httpx.URL | None:
    """Where a redirect leads (RFC 9110 §10.2.2: Location may be relative), or None when the
    answer is no redirect or names no target; raises httpx.InvalidURL or ValueError for a
    target that cannot be requested."""
    if response.status not in REDIRECT_STATUSES:
        return None
    target = response.headers.get("location", "").strip()
    if not target:
        return None
    return httpx.URL(response.url).join(target)


class Fetcher:
    """Sends requests through `transport`, each within the run's slots and its server's gate
    (`gates`, shared by every fetcher of a run). `cookies`: keep the cookies servers set and
    send them back (pages; an API is asked without)."""

    def __init__(
        self,
        transport: httpx.AsyncBaseTransport,
        settings: Settings,
        *,
        gates: Gates | None = None,
        cookies: bool = False,
        now: Clock = time.time,
    ) -> None:
        self.transport = transport
        self.settings = settings
        self.gates = gates or Gates(settings)
        self.cookies = httpx.Cookies() if cookies else None
        self.now = now
        self.reached_any = False  # some server answered: the network works

    def _request(
        self,
        method: str,
        url: str,
        headers: Mapping[str, str],
        json_body: object,
        read_timeout: float | None,
    ) -> httpx.Request:
        timeout = httpx.Timeout(read_timeout or self.settings.timeout, pool=None)
        request = httpx.Request(
            method,
            url,
            # We decode bodies ourselves (CappedBody), so only codings we can bound are offered.
            headers={
                "User-Agent": self.settings.user_agent,
                "Accept": "*/*",
                "Accept-Encoding": "gzip, deflate",
                **headers,
            },
            json=json_body,
            extensions={"timeout": timeout.as_dict()},
        )
        if self.cookies is not None:
            self.cookies.set_cookie_header(request)
        return request

    async def send(
        self,
        method: str,
        url: str,
        *,
        seconds: float | Budget,
        until: float | None = None,
        headers: Mapping[str, str] | None = None,
        json_body: object = None,
        body: BodyWanted = "none",
        whole: bool = False,
        cap: int | None = None,
        read_timeout: float | None = None,
    ) -> Response:
        """One exchange, ended within `seconds` of its start, or what a `Budget` has left (and
        by `until`, a loop time, when given): a server that drips one byte at a time never
        trips the read timeout. `whole`:
        a body that cannot be read whole raises (TimeoutError, httpx.HTTPError,
        UnreadableBody) instead of being noted. Raises what httpx and the guard raise."""
        request = self._request(method, url, headers or {}, json_body, read_timeout)
        loop = asyncio.get_running_loop()
        budget = seconds if isinstance(seconds, Budget) else Budget(seconds)
        async with self.gates.slot(request.url.host) as gate:
            started = loop.time()
            if budget.left <= 0:
                raise TimeoutError
            deadline = started + budget.left
            deadline = deadline if until is None else min(until, deadline)
            try:
                return await self._exchange(request, url, gate, started, deadline, body, whole, cap)
            finally:
                budget.left -= loop.time() - started

    async def _exchange(
        self,
        request: httpx.Request,
        url: str,
        gate: HostGate,
        started: float,
        deadline: float,
        body: BodyWanted,
        whole: bool,
        cap: int | None,
    ) -> Response:
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout_at(deadline):
                response = await self.transport.handle_async_request(request)
        except Exception as error:
            if RetryPolicy.is_overload_error(error):
                gate.failed(started)
            raise
        slow_down = RetryPolicy.asks_to_slow_down(response.status_code, response.headers)
        gate.answered(started, loop.time() - started, slow_down=slow_down)
        received_at = self.now()
        response.request = request
        if self.cookies is not None:
            self.cookies.extract_cookies(response)
        self.reached_any = True
        try:
            return await self._read(response, url, body, whole, cap, deadline, received_at)
        finally:
            with contextlib.suppress(httpx.HTTPError, OSError):
                await response.aclose()

    async def _read(
        self,
        response: httpx.Response,
        url: str,
        body: BodyWanted,
        whole: bool,
        cap: int | None,
        deadline: float,
        received_at: float,
    ) -> Response:
        status, headers = response.status_code, response.headers
        content_type = headers.get("content-type", "")
        wanted = body == "every" or (
            response.is_success
            and (
                body == "any"
                or (body == "html" and (not content_type or "html" in content_type.lower()))
            )
        )
        if not wanted:
            return Response(url, status, headers, received_at=received_at)
        limit = cap or (API_MAX_BODY if whole else self.settings.max_body_bytes)
        note: str | None = None
        if response.is_stream_consumed:  # a transport that answers from memory (tests)
            reader = CappedBody("", limit)
            reader.feed(response.content)
        else:
            reader = CappedBody(headers.get("content-encoding", ""), limit)
            try:
                async with asyncio.timeout_at(deadline):
                    async for chunk in response.aiter_raw():
                        if not reader.feed(chunk):
                            break
            except TimeoutError:
                if whole:
                    raise
                note = f"body cut off at the {seconds(self.settings.link_deadline)} link deadline"
            except httpx.HTTPError as error:
                if whole:
                    raise
                note = f"body cut short ({error})"
        if reader.error is not None:
            if whole:
                raise UnreadableBody(f"API answer unreadable: {reader.error}")
            note = reader.error
        elif reader.truncated:
            if whole:
                raise UnreadableBody(f"API answer larger than {limit} bytes")
            note = f"body larger than the {limit}-byte cap; read the start"
        return Response(url, status, headers, bytes(reader.data), note, received_at)
