"""The two places where we reach past httpx's and httpcore's public interfaces, kept together.

Both are proven by tests/test_net_httpx_patches.py, which fails loudly when an httpx or httpcore
upgrade changes what they rely on:

* `guarded_transport`: httpx offers no argument for an httpcore network backend, so the
  connection pool `httpx.AsyncHTTPTransport` built is replaced (its private `_pool`) by one
  configured the same but with our backend: the address guard of `auditor.net.guard`. Through
  a proxy, the pool is httpcore's `AsyncHTTPProxy`, built as httpx builds it, whose every
  connection (all of them to the proxy) is made by our backend too.
* `sniffio` is made an immediate ImportError when it is not installed (a process-wide change,
  made once, when `auditor.net` is imported). httpcore 1.0 imports `sniffio` inside
  `current_async_library()`, which runs for every lock and cancellation shield it makes: four
  times per request. Recent anyio (4.16 here) no longer depends on sniffio, so it is often
  absent, and each failed import searches sys.path again: about 70 µs a lookup, so 0.3 ms of
  the 1.3-1.8 ms of CPU a request costs (measured with httpcore 1.0.9 and 1500 requests to a
  local server). A None entry in sys.modules fails at once, and httpcore then assumes
  asyncio, which is what runs it.
"""

from __future__ import annotations

import importlib.util
import ssl
import sys

import httpcore
import httpx

SNIFFIO_INSTALLED = importlib.util.find_spec("sniffio") is not None

if not SNIFFIO_INSTALLED:
    sys.modules.setdefault("sniffio", None)  # type: ignore[arg-type]


class _GuardedTransport(httpx.AsyncHTTPTransport):
    def __init__(
        self,
        limits: httpx.Limits,
        backend: httpcore.AsyncNetworkBackend,
        tls: ssl.SSLContext,
        proxy: str | None,
    ) -> None:
        # Environment proxies are off (trust_env=False): a proxy is only ever the one given.
        # `verify=tls`: the pool below replaces the parent's, and a context of its own would load
        # certifi's bundle for nothing (35 ms each).
        super().__init__(verify=tls, limits=limits, trust_env=False)
        if proxy is None:
            self._pool = httpcore.AsyncConnectionPool(
                ssl_context=tls,
                max_connections=limits.max_connections,
                max_keepalive_connections=limits.max_keepalive_connections,
                keepalive_expiry=limits.keepalive_expiry,
                network_backend=backend,
            )
            return
        given = httpx.Proxy(proxy)
        self._pool = httpcore.AsyncHTTPProxy(
            proxy_url=httpcore.URL(
                scheme=given.url.raw_scheme,
                host=given.url.raw_host,
                port=given.url.port,
                target=given.url.raw_path,
            ),
            proxy_auth=given.raw_auth,  # Proxy-Authorization goes to the proxy, and only there
            proxy_headers=given.headers.raw,
            # An https:// proxy's certificate is verified as a site's (httpcore refuses a
            # context for an http:// one).
            proxy_ssl_context=tls if given.url.scheme == "https" else None,
            ssl_context=tls,
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
            network_backend=backend,
        )


def guarded_transport(
    limits: httpx.Limits,
    backend: httpcore.AsyncNetworkBackend,
    tls: ssl.SSLContext,
    proxy: str | None = None,
) -> httpx.AsyncHTTPTransport:
    """An httpx transport whose every connection is made by `backend`, verifying certificates
    with `tls`; through `proxy` (an http:// or https:// URL) when one is given."""
    return _GuardedTransport(limits, backend, tls, proxy)
