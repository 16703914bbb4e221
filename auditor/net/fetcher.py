"""The one request path: every request of a run — a paper's page, a host's API, GitHub's
GraphQL — is one `Fetcher.send`, so it holds one of the run's request slots, waits its turn at
its server's politeness gate, tells the gate how the server answered (a 429 from an API slows
that server down exactly as a page's does), ends within a whole-exchange deadline and has its
body read capped after decompression. Redirects are never followed here: `location` reads the
one redirect rule (`net.answer.REDIRECT_STATUSES`) and the caller follows hop by hop, each hop
a `send`.

Requests go to a `auditor.net.transport.Transport`, which alone speaks to the HTTP library:
moving to another library changes it (and `net.client`, which makes the transports), not this
module nor its callers. Cookies are kept here (pages only), so a redirect's hop sends back
what the previous hop set, as a browser would.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Mapping
from http.cookies import CookieError, SimpleCookie
from typing import Literal
from urllib.parse import urlsplit

from aiohttp import CookieJar

from auditor.config.settings import Settings
from auditor.net.answer import REDIRECT_STATUSES, URL, Response, request_url
from auditor.net.body import API_MAX_BODY, CappedBody, UnreadableBody
from auditor.net.errors import HTTPError
from auditor.net.policy import RetryPolicy, is_retrying
from auditor.net.politeness import Gates, HostGate
from auditor.net.transport import Exchange, Request, Transport

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


def location(response: Response) -> URL | None:
    """Where a redirect leads (RFC 9110 §10.2.2: Location may be relative), or None when the
    answer is no redirect or names no target; raises ValueError (`InvalidURL` is one) for a
    target that cannot be requested."""
    if response.status not in REDIRECT_STATUSES:
        return None
    target = response.headers.get("location", "").strip()
    if not target:
        return None
    return URL(response.url).join(URL(target))


class Fetcher:
    """Sends requests through `transport`, each within the run's slots and its server's gate
    (`gates`, shared by every fetcher of a run). `cookies`: keep the cookies servers set and
    send them back (pages; an API is asked without)."""

    def __init__(
        self,
        transport: Transport,
        settings: Settings,
        *,
        gates: Gates | None = None,
        cookies: bool = False,
        now: Clock = time.time,
    ) -> None:
        self.transport = transport
        self.settings = settings
        self.gates = gates or Gates(settings)
        self._keeps_cookies = cookies
        self._jar: CookieJar | None = None  # made in the event loop, on the first request
        self.now = now
        self.reached_any = False  # some server answered: the network works

    def _request(
        self,
        method: str,
        url: str,
        headers: Mapping[str, str],
        json_body: object,
        read_timeout: float | None,
    ) -> Request:
        sent = {
            "User-Agent": self.settings.user_agent,
            "Accept": "*/*",
            # We decode bodies ourselves (CappedBody), so only codings we can bound are offered.
            "Accept-Encoding": "gzip, deflate",
            **headers,
        }
        body = None
        if json_body is not None:
            body = json.dumps(json_body, ensure_ascii=False, separators=(",", ":")).encode()
            sent.setdefault("Content-Type", "application/json")
        if self._keeps_cookies:
            cookie = self._cookie_header(url)
            if cookie:
                sent["Cookie"] = cookie
        return Request(method, url, sent, body, read_timeout or self.settings.timeout)

    def _cookie_header(self, url: str) -> str:
        if self._jar is None:
            self._jar = CookieJar(unsafe=True)  # addresses keep cookies too, as browsers do
        try:
            cookies = self._jar.filter_cookies(URL(url))
        except ValueError:
            return ""
        return "; ".join(f"{name}={morsel.coded_value}" for name, morsel in cookies.items())

    def _keep_cookies(self, url: str, answer: Exchange) -> None:
        if self._jar is None:
            return
        for header in answer.headers.getall("set-cookie", ()):
            cookie: SimpleCookie = SimpleCookie()
            try:
                cookie.load(header)
                self._jar.update_cookies(cookie, URL(url))
            except (CookieError, ValueError):
                continue  # a cookie a browser would drop too

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
        trips the read timeout. `whole`: a body that cannot be read whole raises (TimeoutError,
        `auditor.net.errors.HTTPError`, UnreadableBody) instead of being noted. Raises what
        the transport and the guard raise (`auditor.net.errors`)."""
        request_url(url)  # raises InvalidURL for a URL no request can be made to
        request = self._request(method, url, headers or {}, json_body, read_timeout)
        loop = asyncio.get_running_loop()
        budget = seconds if isinstance(seconds, Budget) else Budget(seconds)
        async with self.gates.slot(urlsplit(url).hostname or "", ahead=is_retrying()) as gate:
            started = loop.time()
            if budget.left <= 0:
                raise TimeoutError
            deadline = started + budget.left
            deadline = deadline if until is None else min(until, deadline)
            try:
                return await self._exchange(request, gate, started, deadline, body, whole, cap)
            finally:
                budget.left -= loop.time() - started

    async def _exchange(
        self,
        request: Request,
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
                answer = await self.transport.open(request)
        except Exception as error:
            if RetryPolicy.is_overload_error(error):
                gate.failed(started)
            raise
        try:
            slow_down = RetryPolicy.asks_to_slow_down(answer.status, answer.headers)
            gate.answered(started, loop.time() - started, slow_down=slow_down)
            received_at = self.now()
            if self._keeps_cookies:
                self._keep_cookies(request.url, answer)
            self.reached_any = True
            return await self._read(
                answer, request.url, body, whole, cap, deadline, received_at, started
            )
        finally:
            answer.release()

    async def _read(
        self,
        answer: Exchange,
        url: str,
        body: BodyWanted,
        whole: bool,
        cap: int | None,
        deadline: float,
        received_at: float,
        started: float,
    ) -> Response:
        """The answer, its body read as `body` asks; `started`: when the request went out (the
        loop's clock), for `Response.elapsed`."""
        loop = asyncio.get_running_loop()
        status, headers = answer.status, answer.headers
        content_type = headers.get("content-type", "")
        success = 200 <= status < 300
        wanted = body == "every" or (
            success
            and (
                body == "any"
                or (body == "html" and (not content_type or "html" in content_type.lower()))
            )
        )
        if not wanted:
            return Response(
                url, status, headers, received_at=received_at, elapsed=loop.time() - started
            )
        limit = cap or (API_MAX_BODY if whole else self.settings.max_body_bytes)
        note: str | None = None
        reader = CappedBody(headers.get("content-encoding", ""), limit)
        try:
            async with asyncio.timeout_at(deadline):
                async for chunk in answer.chunks():
                    if not reader.feed(chunk):
                        break
        except TimeoutError:
            if whole:
                raise
            note = f"body cut off at the {seconds(self.settings.link_deadline)} link deadline"
        except HTTPError as error:
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
        elapsed = loop.time() - started
        return Response(url, status, headers, bytes(reader.data), note, received_at, elapsed)
