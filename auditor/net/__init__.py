"""The run's network: how we connect, how we ask, how we read, how we retry.

* `guard`: the address guard every connection passes through (SSRF, DNS rebinding).
* `client`: `Net`, the one shared `httpx.AsyncClient` with the run's limits and DNS canary.
* `policy`: the one retry policy: what is transient, how long to wait, when to give up.
* `body`: bodies read capped after decompression, and the bounded API request.
* `httpx_patches`: the two places we reach past httpx's and httpcore's public interfaces.
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
