"""The address guard: what the run may connect to, decided below httpx, per connection.

Links come from untrusted text, so a link must not make us talk to the machine we run on or to
its network (SSRF). The guard is an httpcore network backend (`GuardedBackend`): it resolves the
host name itself, refuses non-global addresses (`is_public_address`, `embedded_ipv4`), and
connects to the very address it checked, so no second lookup can answer differently (DNS
rebinding). Every connection passes through it, the first request of a link and each redirect
hop alike. TLS SNI and the Host header still carry the name: httpcore takes both from the URL,
never from the address we connect to. Failures are `AddressRefused` and `NameNotResolved`, both
`httpx.ConnectError`s. Owns also the `Resolver` type and `system_resolver`.

No side doors. The APIs the auditor itself asks (GitHub REST and GraphQL, the raw-download
origin, every root of `config.API_ROOTS`, as configured: a mirror of any) may live on a private
address (GitHub Enterprise Server usually does): `ApiRoots` names them, exactly (scheme, host,
port and path), and `ApiTransport` sends a request through a backend that trusts their (host,
port) only when the request is one of ours *and* its URL lies under one of those roots (the
root's path or below it, `ApiRoot.holds`, which also decides which token a request carries:
`hosts.api.JsonApi`). Everything else — every
paper link, project page and redirect, even to the very same host — goes through the plain
guard, where a private address needs `--allow-private` like any other.
"""

from __future__ import annotations

import asyncio
import ipaddress
import select
import socket
import ssl
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import unquote, urlsplit

import httpcore
import httpx

from auditor.links.origins import host_key, origin

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
# host, port -> the addresses the name resolves to, as strings; raises OSError (socket.gaierror
# for the system resolver) when it does not resolve.
Resolver = Callable[[str, int], Awaitable[list[str]]]

# RFC 6052 §2.1 (well-known NAT64 prefix) and RFC 8215 (local-use NAT64 prefix): the low 32 bits
# are an IPv4 address a translator would connect to.
_NAT64 = (ipaddress.IPv6Network("64:ff9b::/96"), ipaddress.IPv6Network("64:ff9b:1::/48"))
# getaddrinfo's answers for "this name does not exist" (NXDOMAIN) or "exists with no address".
_NO_SUCH_NAME = {socket.EAI_NONAME, getattr(socket, "EAI_NODATA", socket.EAI_NONAME)}


class AddressRefused(httpx.ConnectError):
    """Every address of a host is one the guard refuses to connect to."""

    def __init__(self, host: str, addresses: Iterable[str]) -> None:
        self.host = host
        self.addresses = tuple(addresses)
        shown = ", ".join(self.addresses) or host
        super().__init__(f"{host} resolves to a non-public address ({shown})")


class NameNotResolved(httpx.ConnectError):
    """The host name did not resolve; `nxdomain` when the answer was "no such name"."""

    def __init__(self, host: str, reason: str, *, nxdomain: bool) -> None:
        self.host = host
        self.nxdomain = nxdomain
        super().__init__(f"{host} does not resolve ({reason})")


def embedded_ipv4(address: IPAddress) -> IPAddress:
    """The IPv4 address an IPv6 form stands for (IPv4-mapped, 6to4, NAT64), else `address`."""
    if isinstance(address, ipaddress.IPv4Address):
        return address
    if address.ipv4_mapped is not None:  # ::ffff:a.b.c.d, RFC 4291 §2.5.5.2
        return address.ipv4_mapped
    if address.sixtofour is not None:  # 2002:AABB:CCDD::/48, RFC 3056 §2
        return address.sixtofour
    if any(address in prefix for prefix in _NAT64):
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return address


def is_public_address(address: IPAddress) -> bool:
    """Whether `address` is globally routable unicast: not private (RFC 1918, RFC 4193),
    loopback, link-local, shared (100.64/10, RFC 6598), reserved, multicast, unspecified,
    documentation, nor an IPv6 form embedding one of those."""
    inner = embedded_ipv4(address)
    if inner is not address:
        return is_public_address(inner)
    # `is_global` alone lets multicast and (before 3.11.10) a few special ranges through.
    return address.is_global and not (
        address.is_multicast
        or address.is_reserved
        or address.is_unspecified
        or address.is_loopback
        or address.is_link_local
        or address.is_private
    )


async def system_resolver(host: str, port: int) -> list[str]:
    """The operating system's resolver (getaddrinfo), addresses in its preferred order."""
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


class _HasFileno(Protocol):
    def fileno(self) -> int: ...


def _socket_readable(sock: _HasFileno) -> bool:
    """Whether a read would return at once (data, or the b"" of a connection the server
    closed); a socket without a descriptor counts as readable (closed). As httpcore decides."""
    try:
        descriptor = sock.fileno()
    except (OSError, ValueError):
        return True
    if descriptor < 0:
        return True
    poll = select.poll()
    poll.register(descriptor, select.POLLIN)
    return bool(poll.poll(0))


class _Stream(httpcore.AsyncNetworkStream):
    """A network stream with a cheap `is_readable`. httpcore asks it of every idle pooled
    connection whenever a request starts or ends, and anyio answers by building all of the
    socket's attributes, a getpeername() system call among them, each time."""

    def __init__(self, inner: httpcore.AsyncNetworkStream, sock: _HasFileno) -> None:
        self._inner = inner
        self._socket = sock

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:  # noqa: ASYNC109
        return await self._inner.read(max_bytes, timeout)

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:  # noqa: ASYNC109
        await self._inner.write(buffer, timeout)

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def start_tls(
        self,
        ssl_context: ssl.SSLContext,
        server_hostname: str | None = None,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's interface
    ) -> httpcore.AsyncNetworkStream:
        inner = await self._inner.start_tls(ssl_context, server_hostname, timeout)
        return _Stream(inner, self._socket)  # TLS runs over the same socket

    def get_extra_info(self, info: str) -> object:
        if info == "is_readable":
            return _socket_readable(self._socket)
        return self._inner.get_extra_info(info)


def _fast(stream: httpcore.AsyncNetworkStream) -> httpcore.AsyncNetworkStream:
    # anyio gives asyncio's TransportSocket, which has the socket's fileno().
    sock = stream.get_extra_info("socket")
    return _Stream(stream, sock) if callable(getattr(sock, "fileno", None)) else stream


class GuardedBackend(httpcore.AsyncNetworkBackend):
    """An httpcore network backend that resolves names itself and connects only to addresses
    the settings allow (public ones; private ones only with `--allow-private`)."""

    def __init__(
        self,
        inner: httpcore.AsyncNetworkBackend,
        resolver: Resolver,
        allowed: Callable[[IPAddress], bool],
        trusted: frozenset[tuple[str, int]] = frozenset(),
    ) -> None:
        """`trusted`: (host, port) pairs connected to whatever their address; only
        `ApiTransport`'s backend has any, for API requests (never give a link's backend one)."""
        self._inner = inner
        self._resolver = resolver
        self._allowed = allowed
        self._trusted = trusted

    async def addresses(self, host: str, port: int, within: float | None = None) -> list[str]:
        """The addresses of `host` (itself when it is an address literal), looked up within
        `within` seconds."""
        try:
            ipaddress.ip_address(host)
        except ValueError:
            pass
        else:
            return [host]
        try:
            async with asyncio.timeout(within):
                found = await self._resolver(host, port)
        except TimeoutError:
            raise NameNotResolved(host, "DNS lookup timed out", nxdomain=False) from None
        except socket.gaierror as exc:
            reason = exc.strerror or str(exc)
            raise NameNotResolved(host, reason, nxdomain=exc.errno in _NO_SUCH_NAME) from None
        except (OSError, UnicodeError) as exc:
            raise NameNotResolved(host, str(exc) or type(exc).__name__, nxdomain=False) from None
        if not found:
            raise NameNotResolved(host, "no address", nxdomain=True)
        return found

    def permitted(self, host: str, address: str, port: int | None = None) -> bool:
        try:
            parsed = ipaddress.ip_address(address)
        except ValueError:
            return False
        if port is not None and (host_key(host), port) in self._trusted:
            return True
        return is_public_address(parsed) or self._allowed(embedded_ipv4(parsed))

    async def checked_addresses(
        self, host: str, port: int, within: float | None = None
    ) -> list[str]:
        """The addresses of `host` the guard permits, in order; raises `AddressRefused` when
        it permits none, `NameNotResolved` when the name does not resolve."""
        found = await self.addresses(host, port, within)
        usable = [address for address in found if self.permitted(host, address, port)]
        if not usable:
            raise AddressRefused(host, found)
        return usable

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's interface
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        usable = await self.checked_addresses(host, port, timeout)
        # Only checked addresses are tried; a refused one among them is skipped, never used.
        failure: Exception | None = None
        for address in usable:
            try:
                stream = await self._inner.connect_tcp(
                    address,
                    port,
                    timeout=timeout,
                    local_address=local_address,
                    socket_options=socket_options,
                )
                return _fast(stream)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc
        assert failure is not None
        raise failure

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's interface
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("unix sockets are never used")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


@dataclass(frozen=True, slots=True)
class ApiRoot:
    """One API the auditor asks: an exact origin and the path its requests lie under: the
    root's own path (GraphQL's one URL, the Wayback Machine's endpoint asked with a query) and
    every path below it (a REST API's)."""

    scheme: str
    host: str
    port: int
    path: str

    @classmethod
    def parse(cls, url: str) -> ApiRoot | None:
        try:
            scheme, host, port = origin(url)
        except ValueError:
            return None
        if scheme not in ("http", "https") or not host or port is None:
            return None
        return cls(scheme, host, port, urlsplit(url).path or "/")

    def holds(self, url: httpx.URL) -> bool:
        """Whether `url` is a request to this API: same scheme, host and port, and the root's
        path or one under it, with no dot segment (`..` never climbs out of it)."""
        if origin(str(url)) != (self.scheme, self.host, self.port):
            return False
        raw = url.raw_path.decode("ascii", "replace").split("?", 1)[0]
        segments = unquote(raw).split("/")
        if "." in segments or ".." in segments:
            return False
        base = self.path.rstrip("/")
        return raw == base or raw.startswith(base + "/")


@dataclass(frozen=True, slots=True)
class ApiRoots:
    """The APIs of a run (`Settings.trusted_api_roots()`)."""

    roots: tuple[ApiRoot, ...]

    @classmethod
    def of(cls, urls: Iterable[str]) -> ApiRoots:
        return cls(tuple(root for root in map(ApiRoot.parse, urls) if root is not None))

    def holds(self, url: httpx.URL) -> bool:
        return any(root.holds(url) for root in self.roots)

    def origins(self) -> frozenset[tuple[str, int]]:
        return frozenset((root.host, root.port) for root in self.roots)


class ApiTransport(httpx.AsyncBaseTransport):
    """The transport of the API client: a request under one of the `roots` goes through
    `trusted` (a pool whose guard trusts the roots' (host, port) pairs); any other request —
    a redirect out of the API, a path climbing out with `..` — through `plain`, the guard that
    every link passes."""

    def __init__(
        self,
        roots: ApiRoots,
        trusted: httpx.AsyncBaseTransport,
        plain: httpx.AsyncBaseTransport,
    ) -> None:
        self.roots = roots
        self._trusted = trusted
        self._plain = plain

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        route = self._trusted if self.roots.holds(request.url) else self._plain
        return await route.handle_async_request(request)

    async def aclose(self) -> None:
        await self._trusted.aclose()  # `plain` is the links' transport: its owner closes it
