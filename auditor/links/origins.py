"""URL mechanics: the schemes' default ports, a URL's origin, a host name as compared, and
whether a host is on a domain.

Every module that compares hosts or origins asks here — the link normaliser, the address
guard and its trusted API roots, the proxies, the token's origins, the redirect that only
canonicalises — so `https://API.example.:443/` and `https://api.example/` are one origin
everywhere. Pure functions of the text, no I/O (the bottom of the import graph: `auditor.net`
and the host adapters ask `auditor.links`, never the reverse).
"""

from __future__ import annotations

from typing import NamedTuple
from urllib.parse import urlsplit

# RFC 9110 §4.2 (http, https), RFC 1738 (ftp), RFC 4217's registered port (ftps).
DEFAULT_PORTS = {"http": 80, "https": 443, "ftp": 21, "ftps": 990}


class Origin(NamedTuple):
    """RFC 6454: scheme and host in lower case, the port always named (the scheme's default
    when the URL gives none; None for a scheme without one)."""

    scheme: str
    host: str
    port: int | None


def host_key(host: str) -> str:
    """A host name as compared: lower case, without IPv6 brackets or the root's trailing dot."""
    return host.strip("[]").rstrip(".").lower()


def on_domain(host: str, *domains: str) -> bool:
    """Whether `host` (as compared) is one of `domains` or a name below one: `a.example.org` is
    on `example.org`, `badexample.org` is not. Each of the host's parent domains is looked up,
    not each domain tested against it: the lists are long, a host's labels few."""
    while host not in domains:
        dot = host.find(".")
        if dot < 0:
            return False
        host = host[dot + 1 :]
    return True


def host_of(url: str) -> str:
    """The host of `url` as compared (`host_key`); empty when it has none or cannot be read."""
    try:
        return host_key(urlsplit(url).hostname or "")
    except ValueError:
        return ""


def origin(url: str) -> Origin:
    """The origin of `url`; raises ValueError for a port that is no number or out of range."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    return Origin(scheme, host_key(parts.hostname or ""), parts.port or DEFAULT_PORTS.get(scheme))


def explicit_port(url: str) -> int | None:
    """The port `url` names, None when it is the scheme's default or not given."""
    found = origin(url)
    return None if found.port == DEFAULT_PORTS.get(found.scheme) else found.port
