"""The run's network: how we connect, how we ask, how we read, how we retry.

* `guard`: the address guard every connection passes through (SSRF, DNS rebinding).
* `client`: `Net`, the run's transports, politeness gates, fetchers and DNS canary.
* `policy`: the one retry policy and its loop: what is transient, how long to wait, when to stop.
* `body`: bodies read capped after decompression.
* `fetcher`: the one request path: every request (pages, APIs) through its server's gate.
* `httpx_patches`: the two places we reach past httpx's and httpcore's public interfaces.
* `politeness`: the per-server gates (adaptive concurrency and spacing) and request slots.
* `proxy`: requests through a proxy, and what the guard checks before the proxy connects.
* `tls`: the certificate authorities TLS trusts (certifi's, or the user's instead).
"""

from auditor.net import httpx_patches as httpx_patches  # applied on import, before any request
from auditor.net.client import Net
from auditor.net.guard import (
    AddressRefused,
    GuardedBackend,
    IPAddress,
    NameNotResolved,
    Resolver,
    embedded_ipv4,
    is_public_address,
    system_resolver,
)

__all__ = [
    "AddressRefused",
    "GuardedBackend",
    "IPAddress",
    "NameNotResolved",
    "Net",
    "Resolver",
    "embedded_ipv4",
    "is_public_address",
    "system_resolver",
]
