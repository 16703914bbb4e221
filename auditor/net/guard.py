"""The address guard: what the run may connect to, decided below the HTTP client, per connection.

Links come from untrusted text, so a link must not make us talk to the machine we run on or to
its network (SSRF). The guard (`Guard`) is each connection pool's resolver (`GuardResolver`):
it resolves the host name itself and refuses non-global addresses (`is_public_address`,
`embedded_ipv4`), and the pool connects to the very address it checked, so no second lookup can
answer differently (DNS rebinding); then every socket is checked again on the address it is
about to connect to (`guarded_socket_factory`), which an address literal in a URL meets though
it never meets a resolver. Every connection passes through both, the first request of a link and
each redirect hop alike. TLS SNI and the Host header still carry the name. Failures are
`AddressRefused` and `NameNotResolved`, both `auditor.net.errors.ConnectError`s. Owns also the
`Resolver` type and `system_resolver`.

No side doors. The APIs the auditor itself asks (GitHub REST and GraphQL, the raw-download
origin, every root of `config.API_ROOTS`, as configured: a mirror of any) may live on a private
address (GitHub Enterprise Server usually does): `ApiRoots` names them, exactly (scheme, host,
port and path), and the API fetcher's `auditor.net.transport.RoutedTransport` sends a request
through a pool whose guard trusts their (host, port) only when the request is one of ours
*and* its URL lies under one of those roots (the root's path or below it, `ApiRoot.holds`,
which also decides which token a request carries: `hosts.api.JsonApi`). Everything else —
every paper link, project page and redirect, even to the very same host — goes through the
plain guard, where a private address needs `--allow-private` like any other.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from aiohappyeyeballs import AddrInfoType
from aiohttp.abc import AbstractResolver, ResolveResult

from auditor.links.origins import host_key, origin
from auditor.net.errors import ConnectError

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
# host, port -> the addresses the name resolves to, as strings; raises OSError (socket.gaierror
# for the system resolver) when it does not resolve.
Resolver = Callable[[str, int], Awaitable[list[str]]]

# RFC 6052 §2.1 (well-known NAT64 prefix) and RFC 8215 (local-use NAT64 prefix): the low 32 bits
# are an IPv4 address a translator would connect to.
_NAT64 = (ipaddress.IPv6Network("64:ff9b::/96"), ipaddress.IPv6Network("64:ff9b:1::/48"))
# getaddrinfo's answers for "this name does not exist" (NXDOMAIN) or "exists with no address".
_NO_SUCH_NAME = {socket.EAI_NONAME, getattr(socket, "EAI_NODATA", socket.EAI_NONAME)}


class AddressRefused(ConnectError):
    """Every address of a host is one the guard refuses to connect to."""

    def __init__(self, host: str, addresses: Iterable[str]) -> None:
        self.host = host
        self.addresses = tuple(addresses)
        shown = ", ".join(self.addresses) or host
        super().__init__(f"{host} resolves to a non-public address ({shown})")


class NameNotResolved(ConnectError):
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


class Guard:
    """Which addresses a connection may go to: public ones; private ones only as the settings
    allow (`--allow-private`); and whatever address a `trusted` (host, port) pair resolves
    to. `trusted` is for the APIs' own pool (`ApiRoots.origins`) and for a proxy's: never give
    the links' guard an origin of a link."""

    def __init__(
        self,
        resolver: Resolver,
        allowed: Callable[[IPAddress], bool],
        trusted: frozenset[tuple[str, int]] = frozenset(),
    ) -> None:
        self._resolver = resolver
        self.allowed = allowed
        self._trusted = trusted
        # (address, port) pairs a trusted origin resolved to (or is): the sockets' check lets
        # them through whatever the address.
        self._vouched: set[tuple[str, int]] = {
            (host, port) for host, port in trusted if _is_address(host)
        }

    async def addresses(self, host: str, port: int, within: float | None = None) -> list[str]:
        """The addresses of `host` (itself when it is an address literal), looked up within
        `within` seconds."""
        if _is_address(host):
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
        return self.allows(parsed)

    def allows(self, address: IPAddress) -> bool:
        """Whether any connection may go to `address`, whoever named it."""
        return is_public_address(address) or self.allowed(embedded_ipv4(address))

    async def checked_addresses(
        self, host: str, port: int, within: float | None = None
    ) -> list[str]:
        """The addresses of `host` the guard permits, in order; raises `AddressRefused` when
        it permits none, `NameNotResolved` when the name does not resolve."""
        found = await self.addresses(host, port, within)
        usable = [address for address in found if self.permitted(host, address, port)]
        if not usable:
            raise AddressRefused(host, found)
        if (host_key(host), port) in self._trusted:
            self._vouched.update((address, port) for address in usable)
        return usable

    def check_socket_address(self, address: str, port: int) -> None:
        """The last check, on the very address a socket is about to connect to (an address
        literal in a URL never meets the resolver): raises `AddressRefused` unless allowed."""
        if (address, port) in self._vouched:
            return
        try:
            parsed = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            raise AddressRefused(address, [address]) from None
        if not self.allows(parsed):
            raise AddressRefused(address, [address])


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


class GuardResolver(AbstractResolver):
    """aiohttp's resolver for a pool: every name through `Guard.checked_addresses`, so the pool
    connects only to the addresses checked (no second lookup can answer differently: DNS
    rebinding). TLS SNI and the Host header still carry the name."""

    def __init__(self, guard: Guard, timeout: float) -> None:
        self._guard = guard
        self._timeout = timeout

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        usable = await self._guard.checked_addresses(host, port, self._timeout)
        return [
            ResolveResult(
                hostname=host,
                host=address,
                port=port,
                family=socket.AF_INET6 if ":" in address else socket.AF_INET,
                proto=socket.IPPROTO_TCP,
                flags=socket.AI_NUMERICHOST,
            )
            for address in usable
        ]

    async def close(self) -> None:
        return None


def guarded_socket_factory(guard: Guard) -> Callable[[AddrInfoType], socket.socket]:
    """The sockets of a pool, each checked against `guard` before it connects."""

    def make(addr_info: AddrInfoType) -> socket.socket:
        family, kind, proto, _, address = addr_info
        guard.check_socket_address(str(address[0]), int(address[1]))
        sock = socket.socket(family=family, type=kind, proto=proto)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    return make


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

    def holds(self, url: str) -> bool:
        """Whether `url` (as written, before any normalising) is a request to this API: same
        scheme, host and port, and the root's path or one under it, with no dot segment (`..`,
        `%2e%2e`: it never climbs out of it)."""
        try:
            if origin(url) != (self.scheme, self.host, self.port):
                return False
        except ValueError:
            return False
        raw = urlsplit(url).path or "/"
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

    def holds(self, url: str) -> bool:
        return any(root.holds(url) for root in self.roots)

    def origins(self) -> frozenset[tuple[str, int]]:
        return frozenset((root.host, root.port) for root in self.roots)
