"""One HTTP request through the run's limits, and what its failure means for a link: the
fetcher behind the link checker (bodies streamed and capped after decompression, the whole
exchange within the link deadline, Location parsed by hand), and `fetch_document`, which
fetches a paper list given as an http(s) URL through the same guard and retry policy."""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from collections.abc import Sequence
from dataclasses import dataclass
from http import HTTPStatus
from typing import Literal
from urllib.parse import urlsplit

import httpx

from auditor.deadline import NOT_CHECKED, TIME_LIMIT_REACHED
from auditor.deadline import current as current_deadline
from auditor.models import Hop, Outcome
from auditor.net import AddressRefused, NameNotResolved, Net
from auditor.net.body import CappedBody
from auditor.net.client import needs_public_dns
from auditor.net.policy import RetryPolicy, server_wait, tls_error
from auditor.net.politeness import HostGate
from auditor.net.proxy import ProxyUnreachable

# Schemes a link (or a redirect) must never lead us to; other non-HTTP schemes are `unsupported`.
REFUSED_SCHEMES = frozenset({"file", "javascript", "data", "vbscript", "blob"})
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})  # RFC 9110 §15.4


# What httpx refuses that a browser requests: a URL over 64 KiB, an IPv4 address written with
# octal parts (`0177.0.0.1`), a host name that strict IDNA 2008 rejects (browsers use UTS 46).
_HTTPX_LIMITS = ("URL too long", "Invalid IPv4 address", "Invalid IDNA hostname")


class FetchError(Exception):
    """`fetch_document` could not get the document; the message is one line."""


def httpx_limit(error: BaseException) -> str | None:
    """Why httpx cannot request a URL a browser would, when `error` says so; else None."""
    if isinstance(error, UnicodeError):  # the idna package's errors (IDNAError, InvalidCodepoint)
        return f"a host name strict IDNA rejects ({error})"
    if isinstance(error, httpx.InvalidURL) and str(error).startswith(_HTTPX_LIMITS):
        return str(error)
    return None


def unsupported_address(error: BaseException) -> str:
    return f"an address our HTTP client cannot request ({httpx_limit(error)}); not checked"


def seconds(value: float) -> str:
    if value >= 86400 * 2:
        return f"{value / 86400:.0f} days"
    if value >= 7200:
        return f"{value / 3600:.0f} h"
    return f"{value:.0f} s" if value >= 10 else f"{value:.1f} s"


def status_text(status: int) -> str:
    try:
        return f"{status} {HTTPStatus(status).phrase}"
    except ValueError:
        return f"HTTP {status}"


def redirect_note(hops: Sequence[Hop]) -> str:
    if not hops:
        return ""
    return f" after {len(hops)} redirect" + ("s" if len(hops) > 1 else "")


@dataclass(frozen=True, slots=True)
class Response:
    url: str
    status: int
    headers: httpx.Headers
    body: bytes | None = None
    note: str | None = None  # what went wrong while reading the body


class Failure(Exception):
    """No usable answer. `outcome` is the verdict once retries are spent; `unreached` marks a
    failure to resolve or connect, which may be our network's rather than the link's."""

    def __init__(
        self,
        outcome: Outcome,
        reason: str,
        *,
        retryable: bool = False,
        unreached: bool = False,
        status: int | None = None,
        wait: float | None = None,
        offline_reason: str | None = None,
    ) -> None:
        super().__init__(reason)
        # How to say it when our own network is down and the failure is no verdict.
        self.offline_reason = offline_reason or reason
        self.outcome = outcome
        self.reason = reason
        self.retryable = retryable
        self.unreached = unreached
        self.status = status
        self.wait = wait
        self.hops: tuple[Hop, ...] = ()
        self.url: str | None = None


def _classify(exc: Exception, settings_timeout: float, deadline: float) -> Failure:
    """The failure an exception from httpx (or the guard) stands for: the verdict and its
    wording are the link checker's; whether to ask again is the retry policy's."""
    outcome, reason = _error_verdict(exc, settings_timeout, deadline)
    return Failure(
        outcome,
        reason,
        retryable=RetryPolicy.is_transient_error(exc),
        unreached=RetryPolicy.is_unreached(exc),
        offline_reason=f"DNS lookup of {exc.host} failed"
        if isinstance(exc, NameNotResolved)
        else None,
    )


def _error_verdict(exc: Exception, settings_timeout: float, deadline: float) -> tuple[Outcome, str]:
    T = Outcome.TRANSIENT
    if isinstance(exc, AddressRefused):
        shown = ", ".join(exc.addresses)
        if exc.addresses == (exc.host,):  # an address, not a name: said once
            return Outcome.EXCLUDED, f"{shown} is a private or reserved address; not connecting"
        return (
            Outcome.EXCLUDED,
            f"{exc.host} resolves to a private or reserved address ({shown}); not connecting",
        )
    if isinstance(exc, ProxyUnreachable):  # our network's failure, never the link's
        return Outcome.UNCHECKED, f"not checked: {exc}"
    if isinstance(exc, NameNotResolved):
        if exc.nxdomain:
            return Outcome.DEAD, f"host {exc.host} does not exist"
        return T, f"DNS lookup of {exc.host} failed"
    if isinstance(exc, TimeoutError):
        if current_deadline().expired():  # the run's limit, not the link's
            return Outcome.UNCHECKED, NOT_CHECKED
        return T, f"no complete answer within the {seconds(deadline)} link deadline"
    tls = tls_error(exc)
    if tls is not None:
        if isinstance(tls, ssl.SSLCertVerificationError):
            return Outcome.BLOCKED, f"TLS certificate rejected ({tls.verify_message})"
        return T, f"TLS handshake failed ({tls.reason or tls})"
    if isinstance(exc, httpx.ConnectTimeout):
        return T, "connection timed out"
    if isinstance(exc, httpx.ConnectError):
        return T, f"connection failed ({exc})"
    if isinstance(exc, httpx.TimeoutException):
        return T, f"no answer within {seconds(settings_timeout)}"
    if isinstance(exc, httpx.ProxyError):  # the proxy refused the tunnel: its answer says why
        return T, f"the proxy did not connect us ({exc})"
    if isinstance(exc, httpx.RemoteProtocolError):
        return T, f"the server broke the HTTP protocol ({exc})"
    if isinstance(exc, httpx.NetworkError):
        return T, f"connection lost ({exc})"
    if httpx_limit(exc) is not None:
        return Outcome.UNSUPPORTED, unsupported_address(exc)
    if isinstance(exc, httpx.InvalidURL | httpx.UnsupportedProtocol):
        return Outcome.DEAD, f"not a valid URL ({exc})"
    return T, f"request failed ({type(exc).__name__}: {exc})"


BodyWanted = Literal["none", "html", "any"]


class Budget:
    """The exchange time one link has left (`link_deadline`), shared by all its redirect hops:
    a chain of slow redirects ends within it, not within one deadline per hop."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.left = seconds


class Fetcher:
    """Sends one request through the run's limits and reads what is wanted of the body."""

    def __init__(self, net: Net, *, body_cap: int | None = None) -> None:
        self.net = net
        self.body_cap = body_cap or net.settings.max_body_bytes
        self.reached_any = False  # some server answered: the network works

    async def request(
        self,
        method: str,
        url: str,
        *,
        body: BodyWanted,
        headers: dict[str, str] | None = None,
        budget: Budget | None = None,
    ) -> Response:
        """One exchange, within `link_deadline`, within what `budget` has left (the link's
        redirect chain), and never past the run's deadline."""
        settings = self.net.settings
        try:
            return await self._request(method, url, body, headers or {}, budget)
        except Failure:
            raise
        except (httpx.HTTPError, httpx.InvalidURL, OSError, TimeoutError, ValueError) as exc:
            raise _classify(exc, settings.timeout, settings.link_deadline) from None

    async def _request(
        self,
        method: str,
        url: str,
        body: BodyWanted,
        headers: dict[str, str],
        budget: Budget | None,
    ) -> Response:
        settings = self.net.settings
        # We decode bodies ourselves (CappedBody), so only codings we can bound are offered.
        headers = {"Accept-Encoding": "gzip, deflate", **headers}
        if method == "GET":
            headers.setdefault("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
        request = self.net.client.build_request(method, url, headers=headers)
        loop = asyncio.get_running_loop()
        async with self.net.slot(request.url.host) as gate:
            # `link_deadline` bounds the whole exchange: a server that drips one byte at a time
            # never trips the read timeout; a chain of redirects shares one `budget`.
            started = loop.time()
            seconds = settings.link_deadline if budget is None else budget.left
            if seconds <= 0:
                raise TimeoutError
            deadline = current_deadline().sooner(started + seconds)
            assert deadline is not None
            try:
                return await self._exchange(request, url, body, deadline, gate, started)
            finally:
                if budget is not None:
                    budget.left -= loop.time() - started

    async def _exchange(
        self,
        request: httpx.Request,
        url: str,
        body: BodyWanted,
        deadline: float,
        gate: HostGate,
        started: float,
    ) -> Response:
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout_at(deadline):
                # The transport, not `client.send`: httpx parses Location into `next_request`
                # even when not following redirects, and a Location it cannot parse would cost
                # us the whole answer.
                response = await self.net.transport.handle_async_request(request)
        except Exception as error:
            if RetryPolicy.is_overload_error(error):
                gate.failed(started)
            raise
        slow_down = RetryPolicy.asks_to_slow_down(response.status_code, response.headers)
        gate.answered(started, loop.time() - started, slow_down=slow_down)
        response.request = request
        self.net.client.cookies.extract_cookies(response)
        self.reached_any = True
        try:
            return await self._read(response, url, body, deadline)
        finally:
            with contextlib.suppress(httpx.HTTPError, OSError):
                await response.aclose()

    async def _read(
        self, response: httpx.Response, url: str, body: BodyWanted, deadline: float
    ) -> Response:
        content_type = response.headers.get("content-type", "")
        wanted = response.is_success and (
            body == "any"
            or (body == "html" and (not content_type or "html" in content_type.lower()))
        )
        if not wanted:
            return Response(url, response.status_code, response.headers)
        reader = CappedBody(response.headers.get("content-encoding", ""), self.body_cap)
        note: str | None = None
        try:
            async with asyncio.timeout_at(deadline):
                async for chunk in response.aiter_raw():
                    if not reader.feed(chunk):
                        break
        except TimeoutError:
            note = f"body cut off at the {seconds(self.net.settings.link_deadline)} link deadline"
        except httpx.HTTPError as exc:
            note = f"body cut short ({exc})"
        if reader.error is not None:
            note = reader.error
        elif reader.truncated:
            note = f"body larger than the {self.body_cap}-byte cap; read the start"
        return Response(url, response.status_code, response.headers, bytes(reader.data), note)


def redirect_target(response: Response, *, max_length: int | None = None) -> str | None:
    """The absolute target of a redirect (RFC 9110 §10.2.2: Location may be relative). A target
    longer than `max_length`, or one httpx cannot request though a browser would, is
    `unsupported` (a `Failure`): never followed, never `dead`."""
    if response.status not in REDIRECT_STATUSES:
        return None
    location = response.headers.get("location")
    if location is None or not location.strip():
        return None
    location = location.strip()
    if max_length is not None and len(location) > max_length:
        raise Failure(
            Outcome.UNSUPPORTED,
            f"redirected to an address longer than {max_length:,} characters; not followed",
        )
    try:
        return str(httpx.URL(response.url).join(location))
    except (httpx.InvalidURL, ValueError) as exc:
        if httpx_limit(exc) is not None:
            why = f"redirected to {unsupported_address(exc)}"
            raise Failure(Outcome.UNSUPPORTED, why) from None
        raise Failure(Outcome.DEAD, f"redirect to an invalid address ({exc})") from None


def scheme_refusal(url: str) -> tuple[Outcome, str] | None:
    scheme = urlsplit(url).scheme.lower()
    if scheme in REFUSED_SCHEMES:
        return Outcome.EXCLUDED, f"{scheme}: addresses are never followed"
    if scheme not in ("http", "https"):
        shown = f"{scheme}: links" if scheme else "addresses without a scheme"
        return Outcome.UNSUPPORTED, f"{shown} are not checked"
    return None


async def fetch_document(net: Net, url: str) -> tuple[bytes, str | None]:
    """GET a document (a paper list given as an http(s) URL) through the address guard:
    (body, Content-Type). Each attempt, redirects included, within `link_deadline`; the whole,
    retries included, within the run's deadline. Raises `FetchError` with a one-line message."""
    try:
        async with asyncio.timeout_at(current_deadline().at):
            return await _fetch_document(net, url)
    except TimeoutError:
        raise FetchError(f"{url}: not read ({TIME_LIMIT_REACHED})") from None


async def _fetch_document(net: Net, url: str) -> tuple[bytes, str | None]:
    settings = net.settings
    refusal = scheme_refusal(url)
    if refusal is not None:
        raise FetchError(f"{url}: {refusal[1]}")
    works = await net.dns_works()
    if net.public_dns_down and needs_public_dns(urlsplit(url).hostname or ""):
        raise FetchError(f"{url}: not read: {net.offline_words()}")
    fetcher = Fetcher(net, body_cap=settings.max_document_bytes)
    retry = RetryPolicy.from_settings(settings)
    attempt = 0
    while True:
        try:
            current = url
            budget = Budget(settings.link_deadline)
            for _ in range(settings.max_redirects + 1):
                response = await fetcher.request("GET", current, body="any", budget=budget)
                target = redirect_target(response, max_length=settings.limits.url_length)
                if target is None:
                    break
                refusal = scheme_refusal(target)
                if refusal is not None:
                    raise FetchError(f"{url}: redirect refused: {refusal[1]}")
                current = target
            else:
                raise FetchError(f"{url}: more than {settings.max_redirects} redirects")
            status = response.status
            if retry.is_transient_status(status):
                raise Failure(
                    Outcome.TRANSIENT,
                    status_text(status),
                    retryable=True,
                    wait=server_wait(response.headers, now=time.time()),
                )
            if not 200 <= status < 300:
                raise FetchError(f"{url}: {status_text(status)}")
            if response.note is not None:
                raise FetchError(f"{url}: {response.note}")
            return response.body or b"", response.headers.get("content-type")
        except Failure as failure:
            if failure.unreached and not works:
                raise FetchError(
                    f"{url}: not read: {failure.offline_reason}, and {net.offline_words()}"
                ) from None
            if not failure.retryable or retry.exhausted(attempt):
                raise FetchError(f"{url}: {failure.reason}") from None
            delay = retry.delay(attempt, failure.wait)
            if delay is None:
                asked = "beyond the wait limit" if failure.wait is None else seconds(failure.wait)
                raise FetchError(f"{url}: {failure.reason}; asked to wait {asked}") from None
            attempt += 1
            await retry.sleep(delay)
