"""How a request goes out: the one place that speaks to the HTTP library (aiohttp).

A `Transport` opens an exchange for a `Request` and hands back its status, headers and raw
body chunks (`Exchange`); the fetcher (`auditor.net.fetcher`) reads them capped after
decompression, follows no redirect and keeps the cookies. `PoolTransport` is aiohttp's: one
connection pool (`Pool`: a `TCPConnector` whose resolver and sockets are the address guard's,
`auditor.net.guard`) and one session over it, which never follows a redirect, never decodes a
body (so the fetcher counts decoded bytes itself), keeps no cookie and reads no environment
variable. Every failure of the library leaves here as one of `auditor.net.errors`.

The pool and its session are made on the first request, inside the running event loop that
aiohttp binds them to, so a command that sends nothing pays for neither.
"""

from __future__ import annotations

import re
import ssl
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

import aiohttp
from multidict import CIMultiDict
from yarl import URL

from auditor.net.answer import Headers
from auditor.net.errors import (
    ConnectError,
    ConnectTimeout,
    HTTPError,
    InvalidURL,
    ProxyError,
    ReadError,
    ReadTimeout,
    RemoteProtocolError,
    UnsupportedProtocol,
)
from auditor.net.guard import Guard, GuardResolver, guarded_socket_factory

# Longest status line and header line we read: aiohttp's 8 KiB default refuses the long
# `Link` and `Set-Cookie` headers real sites send, and a refusal must not read as the link's.
_MAX_HEADER_LINE = 64 * 1024
# A URL made of these characters only, with no dot segment, is sent as written (its escapes
# kept: `%3A` stays `%3A`); any other is percent-encoded and its dots resolved by yarl first.
_AS_WRITTEN = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*")
# Seconds an idle connection is kept for the next request to its server.
_KEEPALIVE = 15.0


@dataclass(frozen=True, slots=True)
class Request:
    """One request: `timeout` bounds connecting and each wait for bytes (the whole exchange
    is the fetcher's deadline); `proxy` is the proxy URL it goes through, if any."""

    method: str
    url: str
    headers: Mapping[str, str]
    body: bytes | None
    timeout: float
    proxy: str | None = None


class Exchange(Protocol):
    """An answer whose body is still to be read."""

    @property
    def status(self) -> int: ...

    @property
    def headers(self) -> Headers[str]: ...

    def chunks(self) -> AsyncIterator[bytes]:
        """The body as sent (its Content-Encoding not undone); raises `auditor.net.errors`."""
        ...

    def release(self) -> None:
        """Done with it: the connection goes back to the pool, or is closed if unread."""
        ...


class Transport(Protocol):
    async def open(self, request: Request) -> Exchange:
        """Sends `request` and reads the answer's head; raises `auditor.net.errors`."""
        ...

    async def aclose(self) -> None: ...


def translated(error: BaseException) -> BaseException:
    """The `auditor.net.errors` failure an HTTP library error stands for (the library's error as
    its cause: a TLS error stays findable along the causes); others unchanged."""
    if isinstance(error, HTTPError | InvalidURL) or not isinstance(error, Exception):
        return error
    if isinstance(error, aiohttp.ClientConnectorCertificateError):
        return _caused(ConnectError(f"TLS: {error.certificate_error}"), error.certificate_error)
    if isinstance(error, aiohttp.ClientConnectorSSLError):
        return _caused(ConnectError(f"TLS: {error.os_error}"), error.os_error)
    if isinstance(error, aiohttp.ClientHttpProxyError):
        return ProxyError(f"{error.status} {error.message}".strip())
    if isinstance(error, aiohttp.ConnectionTimeoutError):
        return ConnectTimeout("connection timed out")
    if isinstance(error, aiohttp.ServerTimeoutError):
        return ReadTimeout("no bytes within the timeout")
    if isinstance(error, aiohttp.ClientConnectorError):
        cause = error.os_error
        return ConnectError(cause.strerror or str(cause) or type(cause).__name__)
    if isinstance(error, aiohttp.ServerDisconnectedError):
        return RemoteProtocolError("the server disconnected without a complete answer")
    if isinstance(error, aiohttp.ClientPayloadError):
        return RemoteProtocolError(str(error) or "the body was cut short")
    if isinstance(error, aiohttp.NonHttpUrlClientError):
        return UnsupportedProtocol(str(error))
    if isinstance(error, aiohttp.InvalidURL):
        return InvalidURL(f"not a requestable URL: {error}")
    if isinstance(error, aiohttp.ClientResponseError):  # what the HTTP parser refused
        return RemoteProtocolError(_one_line(error.message or str(error)))
    if isinstance(error, aiohttp.ClientError):  # connection reset, broken pipe, closed
        return ReadError(str(error) or type(error).__name__)
    if isinstance(error, ssl.SSLError):
        return ConnectError(f"TLS: {error}")
    if isinstance(error, ValueError):  # yarl's refusal of a URL
        return InvalidURL(str(error))
    return error


def _caused(error: HTTPError, cause: BaseException) -> HTTPError:
    # The TLS error itself as the cause, not aiohttp's wrapper of it (an SSLError too, without
    # the `reason` and `verify_message` the wording reads).
    error.__cause__ = cause
    return error


def _one_line(message: str) -> str:
    """The parser's first line: aiohttp points at the offending byte on the lines below."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    return ": ".join(lines[:2]) if lines else message


class Pool:
    """One connection pool behind `guard`: its resolver and its sockets' last check. `limit`
    connections at most, `per_host` to one server (the politeness gates' ceiling)."""

    def __init__(
        self, guard: Guard, tls: ssl.SSLContext, *, limit: int, per_host: int, timeout: float
    ) -> None:
        self.guard = guard
        self._tls = tls
        self._limit = limit
        self._per_host = per_host
        self._timeout = timeout
        self._session: aiohttp.ClientSession | None = None

    def session(self) -> aiohttp.ClientSession:
        if self._session is None:
            connector = aiohttp.TCPConnector(
                limit=self._limit,
                limit_per_host=self._per_host,
                resolver=GuardResolver(self.guard, self._timeout),
                # Each new connection asks the guard: a cached answer could outlive a name's
                # change of address, and a redirect hop looks its name up again.
                use_dns_cache=False,
                socket_factory=guarded_socket_factory(self.guard),
                happy_eyeballs_delay=None,  # addresses one after the other, as checked
                ssl=self._tls,
                keepalive_timeout=_KEEPALIVE,
            )
            self._session = aiohttp.ClientSession(
                connector=connector,
                cookie_jar=aiohttp.DummyCookieJar(),  # the fetcher keeps the cookies
                auto_decompress=False,
                trust_env=False,
                timeout=aiohttp.ClientTimeout(total=None),
                max_line_size=_MAX_HEADER_LINE,
                max_field_size=_MAX_HEADER_LINE,
            )
        return self._session

    async def aclose(self) -> None:
        if self._session is not None:
            session, self._session = self._session, None
            await session.close()


class PoolTransport:
    """Requests through one `Pool`."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool

    async def open(self, request: Request) -> Exchange:
        timeout = aiohttp.ClientTimeout(
            total=None, sock_connect=request.timeout, sock_read=request.timeout
        )
        try:
            written = "/." not in request.url and _AS_WRITTEN.fullmatch(request.url)
            url = URL(request.url, encoded=bool(written))
            response = await self.pool.session().request(
                request.method,
                url,
                headers=request.headers,
                data=request.body,
                allow_redirects=False,
                timeout=timeout,
                proxy=request.proxy,
            )
        except Exception as error:
            ours = translated(error)
            if ours is error:
                raise
            raise ours from ours.__cause__ or error
        return _Answer(response)

    async def aclose(self) -> None:
        await self.pool.aclose()


class _Answer:
    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self._response = response
        self.status = response.status
        self.headers: Headers[str] = CIMultiDict(response.headers)

    async def chunks(self) -> AsyncIterator[bytes]:
        try:
            async for chunk in self._response.content.iter_any():
                yield chunk
        except (TimeoutError, aiohttp.ClientError, ValueError) as error:
            ours = translated(error)
            if ours is error or type(error) is TimeoutError:  # ours, or our own deadline's
                raise
            raise ours from ours.__cause__ or error

    def release(self) -> None:
        self._response.release()


class RoutedTransport:
    """The API fetcher's transport: a request `trusted_for` holds (under one of the APIs' roots,
    `auditor.net.guard.ApiRoots.holds`) goes through `trusted`, a pool whose guard trusts the
    roots' (host, port) pairs; any other request — a redirect out of the API, a path climbing
    out with `..` — through `plain`, the guard that every link passes."""

    def __init__(
        self, trusted_for: Callable[[str], bool], trusted: Transport, plain: Transport
    ) -> None:
        self._trusted_for = trusted_for
        self._trusted = trusted
        self._plain = plain

    async def open(self, request: Request) -> Exchange:
        route = self._trusted if self._trusted_for(request.url) else self._plain
        return await route.open(request)

    async def aclose(self) -> None:
        await self._trusted.aclose()  # `plain` is the links' transport: its owner closes it
