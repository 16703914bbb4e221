"""Requests through a proxy (`--proxy`, `--proxy-from-env`), and what the address guard checks
there.

Through a proxy our connection goes to the proxy, and the proxy resolves the link's host and
connects to it. So:

* The proxy itself is the user's choice and may be on any address (a company's usually is
  private): the pool of a proxy connects only to that proxy, through a guard that trusts its
  (host, port) and nothing else.
* Before a request goes to the proxy, its host is resolved here and checked as a direct
  connection's would be (`GuardedBackend.checked_addresses`): a name resolving to a private,
  loopback or link-local address is refused without `--allow-private`, on every redirect hop;
  a name that does not resolve is never sent, and fails as it would directly.
* What cannot be checked: the proxy resolves the name again, itself. An answer that changes
  between our lookup and the proxy's (DNS rebinding), or a proxy whose DNS differs from ours
  (a split-horizon intranet), is out of our sight; only a direct connection is pinned to the
  address checked. With `--allow-private` and no network the guard refuses nothing, so no
  name is looked up here and the proxy resolves them all (the way to work where only the
  proxy resolves public names).
"""

from __future__ import annotations

import ssl
from collections.abc import Mapping

import httpcore
import httpx

from auditor.config.settings import ProxyRoutes, Settings
from auditor.links.origins import DEFAULT_PORTS, origin
from auditor.net.guard import GuardedBackend, Resolver
from auditor.net.httpx_patches import guarded_transport
from auditor.net.policy import tls_error


class ProxyUnreachable(httpx.ConnectError):
    """No connection could be made to the proxy itself."""

    def __init__(self, proxy: str, reason: str) -> None:
        self.proxy = proxy
        super().__init__(f"the proxy {proxy} could not be reached ({reason})")


class ProxyOwnAnswer(httpx.ProxyError):
    """The proxy answered a forwarded request with an error of its own, not the origin's (a
    server heard us: no DNS canary makes it the link's)."""

    def __init__(self, proxy: str, status: int) -> None:
        self.proxy = proxy
        super().__init__(
            f"the proxy {proxy} answered {status} itself (not forwarded from the link's server)"
        )


# The proxy failed us, not the link: our network's failure (`unchecked`, never `dead`).
PROXY_FAILURES = (ProxyUnreachable, ProxyOwnAnswer)


def is_proxy_own_answer(response: httpx.Response) -> bool:
    """Whether an error answer to a forwarded request came from the proxy, not the origin: no
    `Via` (which a proxy adds to what it forwards), or the proxy's own error marks."""
    if response.status_code < 400:
        return False
    headers = response.headers
    marked = "error=" in headers.get("proxy-status", "") or "x-squid-error" in headers
    return marked or "via" not in headers


def proxy_origin(proxy: str) -> tuple[str, int]:
    """(host, port) of a proxy URL, as the guard and httpcore name it; no credentials."""
    _, host, port = origin(proxy)
    return host, port or DEFAULT_PORTS["http"]


class ProxiedTransport(httpx.AsyncBaseTransport):
    """Sends each request through the proxy `routes` name for it (`through`, one transport
    per proxy), or `direct`; checks its host with `guard` first unless `check_targets` is off
    (the guard refuses nothing)."""

    def __init__(
        self,
        routes: ProxyRoutes,
        direct: httpx.AsyncBaseTransport,
        through: Mapping[str, httpx.AsyncBaseTransport],
        guard: GuardedBackend,
        *,
        check_targets: bool,
    ) -> None:
        self._routes = routes
        self._direct = direct
        self._through = dict(through)
        self._guard = guard
        self._check_targets = check_targets

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        url = request.url
        proxy = self._routes.proxy_for(url.scheme, url.host)
        if proxy is None:
            return await self._direct.handle_async_request(request)
        if self._check_targets:
            timeout = request.extensions.get("timeout", {}).get("connect")
            port = origin(str(url)).port or DEFAULT_PORTS["https"]
            await self._guard.checked_addresses(url.host, port, timeout)
        host, port = proxy_origin(proxy)
        try:
            response = await self._through[proxy].handle_async_request(request)
        except (httpx.ConnectError, httpx.ConnectTimeout) as error:
            if tls_error(error) is not None:  # the link's own TLS, through the tunnel
                raise
            raise ProxyUnreachable(f"{host}:{port}", str(error) or type(error).__name__) from None
        # Only a forwarded request is answered by the proxy in the origin's place: an https://
        # one goes through a tunnel, whose refusal is an error of its own (httpx.ProxyError).
        if url.scheme == "http" and is_proxy_own_answer(response):
            await response.aclose()
            raise ProxyOwnAnswer(f"{host}:{port}", response.status_code)
        return response

    async def aclose(self) -> None:
        await self._direct.aclose()
        for transport in self._through.values():
            await transport.aclose()


def routed_transport(
    settings: Settings,
    limits: httpx.Limits,
    guard: GuardedBackend,
    resolver: Resolver,
    tls: ssl.SSLContext,
) -> httpx.AsyncBaseTransport:
    """The transport of the connections `guard` checks: direct, or through the proxies
    `settings` names, when it names any."""
    direct = guarded_transport(limits, guard, tls)
    if not settings.proxies:
        return direct
    through = {
        proxy: guarded_transport(
            limits,
            GuardedBackend(
                httpcore.AnyIOBackend(),
                resolver,
                settings.is_network_allowed,
                frozenset({proxy_origin(proxy)}),
            ),
            tls,
            proxy,
        )
        for proxy in settings.proxies.proxies()
    }
    return ProxiedTransport(
        settings.proxies,
        direct,
        through,
        guard,
        check_targets=not settings.allows_every_address(),
    )
