"""The network of a run (`Net`), and the limits every request keeps.

`Net` owns the connection pools (`auditor.net.transport`: aiohttp's, each behind an address
guard of `auditor.net.guard`, and the proxies of `auditor.net.proxy` when the user names any):
one for the links, one for the APIs' trusted roots, one that connects only to the proxies. It
owns too the run's request slots and per-server politeness gates (`auditor.net.politeness`:
adaptive concurrency and spacing, one gate per server as `auditor.links.politeness_key`
tells), the fetchers every request goes through (`auditor.net.fetcher`), and the DNS canary
that tells our network's failures from a link's. How to retry is `auditor.net.policy`'s.

The canary is asked once, first, within `CANARY_BOUND`: when it does not resolve, public DNS is
down, and every request that needs it (`needs_public_dns`: a name under a public top-level
domain) is `unchecked` at once rather than after a lookup of its own; addresses, intranet names
(`wiki`, `git.corp`, `lab.test`) and the configured API roots are still asked. Through a
proxy, the same: the guard needs our DNS to check a name before the proxy connects, unless
`--allow-private` turned it off (then the proxy resolves every name, and the canary's answer
no longer matters).
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import logging
import ssl
import sys
import time
from types import TracebackType
from typing import Self

from auditor.config.settings import Settings
from auditor.links import has_real_tld
from auditor.links.origins import host_key
from auditor.net.fetcher import Clock, Fetcher
from auditor.net.guard import ApiRoots, Guard, Resolver, is_public_address, system_resolver
from auditor.net.politeness import Gates, HostGate
from auditor.net.proxy import ProxiedTransport, proxy_origin
from auditor.net.tls import verifying_context
from auditor.net.transport import Pool, PoolTransport, RoutedTransport, Transport

log = logging.getLogger(__name__)

# Seconds the DNS canary may take (at most the run's timeout): a resolver slower than this is
# as good as down for a run that would wait on it once per link.
CANARY_BOUND = 5.0
# Names under a public suffix that are local by definition (RFC 8375, RFC 6761).
_LOCAL_SUFFIXES = (".home.arpa", ".localhost")


@functools.lru_cache(maxsize=4096)
def needs_public_dns(host: str) -> bool:
    """Whether reaching `host` takes public DNS: a name under a public top-level domain
    (`github.com`, `lab.github.io`), not an address nor an intranet name (`wiki`, `git.corp`,
    `lab.test`, `printer.home.arpa`)."""
    host = host_key(host)
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return has_real_tld(host) and not host.endswith(_LOCAL_SUFFIXES)
    return False


def event_loop() -> asyncio.AbstractEventLoop:
    """A new event loop for a run: uvloop's (libuv, in C) where it is built, asyncio's own on
    Windows. Its loop costs less CPU a request than asyncio's selector loop; the guard is the
    same either way (the pools' resolver and socket factory are ours, not the loop's)."""
    if sys.platform == "win32":
        return asyncio.new_event_loop()
    import uvloop

    return uvloop.new_event_loop()


class Net:
    """The run's network: the transports behind the address guard, the politeness gates, and
    the two fetchers every request goes through (`auditor.net.fetcher`): `pages` for the links
    (cookies kept), `apis` for the hosts' APIs (whose roots the guard trusts). Both share the
    run's request slots and gates; neither follows redirects (callers follow them hop by hop,
    so each is checked and recorded). `now` is the wall clock Retry-After dates are read
    against (tests fix it)."""

    def __init__(
        self,
        settings: Settings,
        *,
        resolver: Resolver | None = None,
        now: Clock = time.time,
    ) -> None:
        self.settings = settings
        self.resolver: Resolver = resolver or system_resolver
        allowed = settings.is_network_allowed
        self.guard = Guard(self.resolver, allowed)
        # Raises CaBundleError for a bundle that cannot be used (the command line tells first).
        tls = verifying_context(settings.ca_file, settings.ca_dir)
        self._pools: list[Pool] = []
        self.transport = self._routed(self.guard, tls)
        # The APIs we ask (GitHub, GitLab, Hugging Face) through a pool of their own: only
        # there, and only for their exact roots, is a private address trusted (guard.ApiRoots).
        roots = ApiRoots.of(settings.trusted_api_roots())
        trusted = self._routed(Guard(self.resolver, allowed, roots.origins()), tls)
        self.api_transport = RoutedTransport(roots.holds, trusted, self.transport)
        # One politeness for both: an API's 429 slows its server down for pages too.
        self.gates = Gates(settings)
        self.pages = Fetcher(self.transport, settings, gates=self.gates, cookies=True, now=now)
        self.apis = Fetcher(self.api_transport, settings, gates=self.gates, now=now)
        self._canary: bool | None = None
        self._canary_lock = asyncio.Lock()
        self._said_offline = False

    def _pool(self, guard: Guard, tls: ssl.SSLContext) -> Pool:
        concurrency = max(1, self.settings.concurrency)
        pool = Pool(
            guard,
            tls,
            limit=concurrency,
            per_host=min(concurrency, max(1, self.settings.per_host_concurrency)),
            timeout=self.settings.timeout,
        )
        self._pools.append(pool)
        return pool

    def _routed(self, guard: Guard, tls: ssl.SSLContext) -> Transport:
        """The transport of the connections `guard` checks: direct, or through the proxies
        the settings name, over a pool that connects only to them (their origins trusted)."""
        direct = PoolTransport(self._pool(guard, tls))
        routes = self.settings.proxies
        if not routes:
            return direct
        proxies = frozenset(proxy_origin(proxy) for proxy in routes.proxies())
        through = PoolTransport(self._pool(Guard(self.resolver, guard.allowed, proxies), tls))
        check_targets = not self.settings.allows_every_address()
        return ProxiedTransport(routes, direct, through, guard, check_targets=check_targets)

    def gate(self, host: str) -> HostGate:
        """The politeness gate of the server behind `host`."""
        return self.gates.gate(host)

    @property
    def public_dns_down(self) -> bool:
        """The canary was asked and did not resolve (False before it is asked), and the run
        needs our DNS for public names: it does unless a proxy resolves them for us, which it
        does only when the guard refuses nothing (`auditor.net.proxy`)."""
        proxy_resolves = bool(self.settings.proxies) and self.settings.allows_every_address()
        return self._canary is False and not proxy_resolves

    def offline_detail(self, reason: str | None = None) -> str:
        """The `unchecked` detail of a request our network could not make (`reason`: what
        failed, if anything did), saying once a run why on stderr."""
        if not self._said_offline:
            self._said_offline = True
            log.warning(
                "%s: links to public host names are reported unchecked at once, not dead",
                self.offline_words(),
            )
        return f"not checked: {reason + ', and ' if reason else ''}{self.offline_words()}"

    def offline_words(self) -> str:
        canary = self.settings.dns_canary
        if self.settings.proxies and not self.settings.allows_every_address():
            # Not offline: the proxy may well reach them, but no name we cannot resolve is
            # sent to it, since the guard could not check where it leads.
            return (
                f"our DNS does not resolve public names (the DNS canary {canary} does not), "
                "so the address guard cannot check them before the proxy connects "
                "(--allow-private lets the proxy resolve them, unchecked)"
            )
        return f"our network looks down (the DNS canary {canary} does not resolve)"

    async def dns_works(self) -> bool:
        """Whether `settings.dns_canary` resolves to a public address: the offline guard's test
        that a failure to resolve or connect is the link's, not our network's. Asked once a
        run, within `CANARY_BOUND` seconds."""
        async with self._canary_lock:
            if self._canary is None:
                self._canary = await self._probe_canary()
                if not self._canary:
                    log.debug(
                        "DNS canary %s did not resolve to a public address",
                        self.settings.dns_canary,
                    )
            return self._canary

    async def _probe_canary(self) -> bool:
        try:
            async with asyncio.timeout(min(self.settings.timeout, CANARY_BOUND)):
                found = await self.resolver(self.settings.dns_canary, 443)
        except (OSError, UnicodeError, TimeoutError):
            return False
        for address in found:
            try:
                if is_public_address(ipaddress.ip_address(address)):
                    return True
            except ValueError:
                continue
        return False

    async def aclose(self) -> None:
        for pool in self._pools:
            await pool.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()
