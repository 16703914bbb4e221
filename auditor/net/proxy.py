"""Requests through a proxy (`--proxy`, `--proxy-from-env`), and what the address guard checks
there.

Through a proxy our connection goes to the proxy, and the proxy resolves the link's host and
connects to it. So:

* The proxy itself is the user's choice and may be on any address (a company's usually is
  private): the proxies' pool connects only to the proxies, through a guard that trusts their
  (host, port) pairs and nothing else.
* Before a request goes to the proxy, its host is resolved here and checked as a direct
  connection's would be (`Guard.checked_addresses`): a name resolving to a private,
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

from urllib.parse import urlsplit

from auditor.config.settings import ProxyRoutes
from auditor.links.origins import DEFAULT_PORTS, origin
from auditor.net.errors import ConnectError, ConnectTimeout, ProxyError
from auditor.net.guard import Guard
from auditor.net.policy import tls_error
from auditor.net.transport import Exchange, Request, Transport


class ProxyUnreachable(ConnectError):
    """No connection could be made to the proxy itself."""

    def __init__(self, proxy: str, reason: str) -> None:
        self.proxy = proxy
        super().__init__(f"the proxy {proxy} could not be reached ({reason})")


class ProxyOwnAnswer(ProxyError):
    """The proxy answered a forwarded request with an error of its own, not the origin's (a
    server heard us: no DNS canary makes it the link's)."""

    def __init__(self, proxy: str, status: int) -> None:
        self.proxy = proxy
        super().__init__(
            f"the proxy {proxy} answered {status} itself (not forwarded from the link's server)"
        )


# The proxy failed us, not the link: our network's failure (`unchecked`, never `dead`).
PROXY_FAILURES = (ProxyUnreachable, ProxyOwnAnswer)


def is_proxy_own_answer(answer: Exchange) -> bool:
    """Whether an error answer to a forwarded request came from the proxy, not the origin: no
    `Via` (which a proxy adds to what it forwards), or the proxy's own error marks."""
    if answer.status < 400:
        return False
    headers = answer.headers
    marked = "error=" in headers.get("proxy-status", "") or "x-squid-error" in headers
    return marked or "via" not in headers


def proxy_origin(proxy: str) -> tuple[str, int]:
    """(host, port) of a proxy URL, as the guard names it; no credentials."""
    _, host, port = origin(proxy)
    return host, port or DEFAULT_PORTS["http"]


class ProxiedTransport:
    """Sends each request through the proxy `routes` name for it (over `through`, the pool
    that connects only to the proxies), or `direct`; checks its host with `guard` first unless
    `check_targets` is off (the guard refuses nothing)."""

    def __init__(
        self,
        routes: ProxyRoutes,
        direct: Transport,
        through: Transport,
        guard: Guard,
        *,
        check_targets: bool,
    ) -> None:
        self._routes = routes
        self._direct = direct
        self._through = through
        self._guard = guard
        self._check_targets = check_targets

    async def open(self, request: Request) -> Exchange:
        parts = urlsplit(request.url)
        scheme, host = parts.scheme.lower(), (parts.hostname or "")
        proxy = self._routes.proxy_for(scheme, host)
        if proxy is None:
            return await self._direct.open(request)
        if self._check_targets:
            port = origin(request.url).port or DEFAULT_PORTS["https"]
            await self._guard.checked_addresses(host, port, request.timeout)
        proxy_host, proxy_port = proxy_origin(proxy)
        shown = f"{proxy_host}:{proxy_port}"
        # The proxy URL's credentials become its Proxy-Authorization: sent to the proxy only.
        routed = Request(
            request.method, request.url, request.headers, request.body, request.timeout, proxy
        )
        try:
            answer = await self._through.open(routed)
        except (ConnectError, ConnectTimeout) as error:
            if tls_error(error) is not None:  # the link's own TLS, through the tunnel
                raise
            raise ProxyUnreachable(shown, str(error) or type(error).__name__) from None
        # Only a forwarded request is answered by the proxy in the origin's place: an https://
        # one goes through a tunnel, whose refusal is an error of its own (a ProxyError).
        if scheme == "http" and is_proxy_own_answer(answer):
            answer.release()
            raise ProxyOwnAnswer(shown, answer.status)
        return answer

    async def aclose(self) -> None:
        await self._direct.aclose()
        await self._through.aclose()
