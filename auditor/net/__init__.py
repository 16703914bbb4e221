"""The run's network: how we connect, how we ask, how we read, how we retry.

* `guard`: the address guard every connection passes through (SSRF, DNS rebinding).
* `client`: `Net`, the run's transports, politeness gates, fetchers and DNS canary.
* `policy`: the one retry policy and its loop: what is transient, how long to wait, when to stop.
* `body`: bodies read capped after decompression.
* `errors`: a request's failures in net's own words (no caller knows the HTTP library).
* `fetcher`: the one request path: every request (pages, APIs) through its server's gate.
* `transport`: the one place that speaks to the HTTP library (aiohttp): pools and sessions.
* `politeness`: the per-server gates (adaptive concurrency and spacing) and request slots.
* `proxy`: requests through a proxy, and what the guard checks before the proxy connects.
* `tls`: the certificate authorities TLS trusts (certifi's, or the user's instead).
"""

from auditor.net.client import Net
from auditor.net.guard import (
    AddressRefused,
    Guard,
    IPAddress,
    NameNotResolved,
    Resolver,
    embedded_ipv4,
    is_public_address,
    system_resolver,
)

__all__ = [
    "AddressRefused",
    "Guard",
    "IPAddress",
    "NameNotResolved",
    "Net",
    "Resolver",
    "embedded_ipv4",
    "is_public_address",
    "system_resolver",
]
