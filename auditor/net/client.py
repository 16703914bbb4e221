"""The one HTTP client of a run (`Net`), and the limits every request keeps.

`Net` owns the shared `httpx.AsyncClient` (behind the address guard of `auditor.net.guard`,
through the transport of `auditor.net.httpx_patches`), the run's request slots (global
concurrency), the per-host politeness gate (concurrency and spacing per host), and the DNS
canary that tells our network's failures from a link's. How to retry is `auditor.net.policy`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
from collections.abc import AsyncIterator
from types import TracebackType
from typing import Self

import httpcore
import httpx

from auditor.config import Settings
from auditor.net.guard import (
    ApiRoots,
    ApiTransport,
    GuardedBackend,
    Resolver,
    is_public_address,
    system_resolver,
)
from auditor.net.httpx_patches import guarded_transport

log = logging.getLogger(__name__)


class _HostGate:
    """Politeness towards one host: at most `per_host_concurrency` requests at once, and
    starts spaced by `per_host_interval`."""

    def __init__(self, concurrency: int, interval: float) -> None:
        self.semaphore = asyncio.Semaphore(max(1, concurrency))
        self.interval = interval
        self.next_start = 0.0

    async def wait_turn(self) -> None:
        now = asyncio.get_running_loop().time()
        start = max(now, self.next_start)
        self.next_start = start + self.interval  # reserved before sleeping: no lock needed
        if start > now:
            await asyncio.sleep(start - now)


class Net:
    """The run's network: one `httpx.AsyncClient` behind the address guard, and the limits.

    `client` never follows redirects (callers follow them by hand, so each hop is checked and
    recorded). Wrap each request in `async with net.slot(host)` to respect the global and
    per-host limits; a burst larger than the pool otherwise ends in `PoolTimeout`s.
    """

    def __init__(self, settings: Settings, *, resolver: Resolver | None = None) -> None:
        self.settings = settings
        self.resolver: Resolver = resolver or system_resolver
        self.backend = GuardedBackend(
            httpcore.AnyIOBackend(), self.resolver, settings.is_network_allowed
        )
        concurrency = max(1, settings.concurrency)
        limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
        self.transport: httpx.AsyncBaseTransport = guarded_transport(limits, self.backend)
        self.client = self._client(self.transport)
        # The APIs we ask (GitHub, GitLab, Hugging Face) through a client of their own: only
        # there, and only for their exact roots, is a private address trusted (guard.ApiRoots).
        roots = ApiRoots.of(settings.api_roots())
        trusting = GuardedBackend(
            httpcore.AnyIOBackend(), self.resolver, settings.is_network_allowed, roots.origins()
        )
        self.api_client = self._client(
            ApiTransport(roots, guarded_transport(limits, trusting), self.transport)
        )
        self._slots = asyncio.Semaphore(concurrency)
        self._hosts: dict[str, _HostGate] = {}
        self._canary: bool | None = None
        self._canary_lock = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def slot(self, host: str) -> AsyncIterator[None]:
        """Hold one of the run's request slots, politely with respect to `host`."""
        gate = self._hosts.get(host)
        if gate is None:
            gate = _HostGate(self.settings.per_host_concurrency, self.settings.per_host_interval)
            self._hosts[host] = gate
        async with gate.semaphore:
            await gate.wait_turn()
            async with self._slots:
                yield

    async def dns_works(self) -> bool:
        """Whether `settings.dns_canary` resolves to a public address: the offline guard's test
        that a failure to resolve or connect is the link's, not our network's. Asked once a
        run."""
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
            async with asyncio.timeout(self.settings.timeout):
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

    def _client(self, transport: httpx.AsyncBaseTransport) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            transport=transport,
            follow_redirects=False,
            # No pool timeout: the semaphore below already bounds the wait for a connection.
            timeout=httpx.Timeout(self.settings.timeout, pool=None),
            headers={"User-Agent": self.settings.user_agent},
            trust_env=False,
        )

    async def aclose(self) -> None:
        await self.client.aclose()
        await self.api_client.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()
