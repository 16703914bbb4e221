"""Which GitHub API answers for a web host, and where the token may go.

Links on the host of `settings.github_server_url` go to `settings.github_api_url` /
`github_graphql_url` (GitHub Enterprise, Actions); links on github.com go to api.github.com even
when the server is an Enterprise host. The token belongs to the configured API origin only.
"""

from __future__ import annotations

from dataclasses import dataclass

from auditor.config.settings import DEFAULT_GITHUB_API_URL, Settings
from auditor.links import GITHUB
from auditor.links.origins import Origin, host_key, host_of, origin

API_VERSION = "2022-11-28"
PUBLIC_SERVER_HOST = GITHUB
PUBLIC_API = DEFAULT_GITHUB_API_URL
JSON_MEDIA = "application/vnd.github+json"


@dataclass(frozen=True, slots=True)
class ApiEndpoint:
    """Where the repositories of one web host are read, and whether the token belongs there."""

    rest: str
    graphql: str
    server: str  # web base URL, for the `final_url` of a renamed repository
    authorised: bool


def api_for_host(host: str, settings: Settings) -> ApiEndpoint | None:
    """The API serving repositories on `host` (a web host such as `github.com`).

    The host of `settings.github_server_url` maps to the configured API (Enterprise, Actions);
    `github.com` always has api.github.com. Any other host has no API here (None).
    """
    host = host_key(host)
    server = settings.github_server_url.rstrip("/")
    token = settings.github_token is not None
    if host == host_of(server):
        return ApiEndpoint(
            settings.github_api_url.rstrip("/"), settings.github_graphql_url, server, token
        )
    if host == PUBLIC_SERVER_HOST:
        configured = origin(settings.github_api_url) == origin(PUBLIC_API)
        return ApiEndpoint(
            PUBLIC_API, PUBLIC_API + "/graphql", "https://github.com", token and configured
        )
    return None


PUBLIC_RAW = "https://raw.githubusercontent.com"


def raw_origins(api: ApiEndpoint) -> frozenset[Origin]:
    """Where a root listing's `download_url`s may point: raw.githubusercontent.com for the
    public API; for GitHub Enterprise the server's (and API's) own origin (its `/raw/`), or
    `raw.<server>` with subdomain isolation. Files there are read without the token and outside
    the API's budget."""
    if origin(api.rest) == origin(PUBLIC_API):
        return frozenset({origin(PUBLIC_RAW)})
    scheme, host, port = origin(api.server)
    raw = Origin(scheme, f"raw.{host}", port)
    return frozenset({origin(api.rest), Origin(scheme, host, port), raw})
