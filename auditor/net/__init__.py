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

import ssl

# aiohttp builds two TLS contexts from the system's certificate store as it is imported (its
# `connector`'s defaults for a request given none, ~0.1 s of CPU), and no request of ours uses
# them: each pool is given the run's own context (`tls`). So the library is imported first here,
# with the store left unread: those two trust no authority, and a request given neither would
# fail verification, never pass it.
_own = ssl.SSLContext.__dict__.get("set_default_verify_paths")  # else the C base class's
ssl.SSLContext.set_default_verify_paths = lambda self: None  # type: ignore[method-assign]
try:
    import aiohttp  # noqa: F401
finally:
    if _own is None:
        del ssl.SSLContext.set_default_verify_paths
    else:
        ssl.SSLContext.set_default_verify_paths = _own  # type: ignore[method-assign]
    del _own

from auditor.net.client import Net  # noqa: E402
from auditor.net.guard import (  # noqa: E402
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
