"""Run settings: the one place that reads the environment (`GITHUB_TOKEN`, `GITHUB_API_URL`, …).

`Settings` is frozen; the command line builds it once and every stage reads it.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from auditor import __version__
from auditor.config.file import ConfigError, read_config, suggestion

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

USER_AGENT = (
    f"paper-auditor/{__version__} (+https://github.com/paper-auditor/paper-auditor; "
    "checks the code links cited by research papers)"
)
DEFAULT_GITHUB_API_URL = "https://api.github.com"
DEFAULT_GITHUB_SERVER_URL = "https://github.com"
# Where api.github.com's contents API sends file downloads (`download_url`).
GITHUB_RAW_URL = "https://raw.githubusercontent.com/"


@dataclass(frozen=True, slots=True)
class Limits:
    """What one paper list can make a run do, whatever it holds (README, "Limits").

    * `code_links_per_page`: code links harvested from one project page, in page order; the
      rest are counted in the page's detail, never checked.
    * `links_per_paper`: distinct links kept per paper (cited, then harvested); the rest are
      counted in a note on the paper.
    * `url_length`: characters; a longer link is `unsupported` (its start kept, marked cut).
    * `nesting_depth`: elements of an HTML list or page nested deeper are not nested further.
    """

    code_links_per_page: int = 50
    links_per_paper: int = 200
    url_length: int = 8 * 1024
    nesting_depth: int = 256


DEFAULT_LIMITS = Limits()

# The acknowledgements file read when present (`scorecard.acknowledgements`); named here so that
# `auditor --help` says it without loading the scorecard.
IGNORE_FILE = ".paper-auditor-ignore"
# The reviewers' verdicts read when present (`scorecard.reviews`), named here for the same reason.
REVIEWS_FILE = ".paper-auditor-reviews"

# The public APIs other than GitHub's that the auditor asks, in ONE table: name → (environment
# variable naming the root, default root, environment variable of an optional token). A link to
# a public host (`https://zenodo.org/records/N`) is answered by the API root in effect, so tests
# and mirrors point a root elsewhere. The address guard trusts `Settings.trusted_api_roots()`
# (each root in effect, as written, mirrors on private hosts included); a token is sent to
# requests under its own API root only, never to another root on the same origin.
API_ROOTS: Mapping[str, tuple[str, str, str | None]] = {
    "zenodo": ("ZENODO_API_URL", "https://zenodo.org/api", "ZENODO_TOKEN"),
    "swh": ("SWH_API_URL", "https://archive.softwareheritage.org/api/1", "SWH_TOKEN"),
    "wayback": ("WAYBACK_API_URL", "https://archive.org/wayback/available", None),
    "doi": ("DOI_API_URL", "https://doi.org/api", None),
    "bitbucket": ("BITBUCKET_API_URL", "https://api.bitbucket.org/2.0", "BITBUCKET_TOKEN"),
    "gitee": ("GITEE_API_URL", "https://gitee.com/api/v5", None),
    "codeberg": ("CODEBERG_API_URL", "https://codeberg.org/api/v1", "CODEBERG_TOKEN"),
    "osf": ("OSF_API_URL", "https://api.osf.io/v2", "OSF_TOKEN"),
    "huggingface": ("HUGGINGFACE_API_URL", "https://huggingface.co/api", "HF_TOKEN"),
    "gitlab": ("GITLAB_API_URL", "https://gitlab.com/api/v4", "GITLAB_TOKEN"),
    # figshare's public API: weights and data articles; asked without a token.
    "figshare": ("FIGSHARE_API_URL", "https://api.figshare.com/v2", None),
}
# Self-hosted forges a configuration may name (`[tool.paper-auditor.forges]`, host → kind),
# and the API root each kind serves under the host.
FORGE_API_PATHS: Mapping[str, str] = {"gitlab": "/api/v4", "forgejo": "/api/v1", "gitea": "/api/v1"}


@dataclass(frozen=True, slots=True)
class ApiRoots:
    """The API root in effect for each entry of `API_ROOTS` (no trailing slash), the tokens
    given for them, and the self-hosted forges of the configuration (host → kind)."""

    roots: Mapping[str, str] = field(
        default_factory=lambda: {name: root for name, (_, root, _) in API_ROOTS.items()}
    )
    tokens: Mapping[str, str] = field(default_factory=dict, repr=False)
    forges: Mapping[str, str] = field(default_factory=dict)

    def __getitem__(self, name: str) -> str:
        return self.roots[name]

    def urls(self) -> tuple[str, ...]:
        """Every configured API root, self-hosted forges' included, and the Hub's site whose
        file URLs the Hugging Face adapter reads (`huggingface_site`)."""
        forges = (f"https://{host}{FORGE_API_PATHS[kind]}" for host, kind in self.forges.items())
        return (*self.roots.values(), huggingface_site(self.roots["huggingface"]), *forges)

    def secrets(self) -> tuple[str, ...]:
        """The tokens, for the outputs to scrub."""
        return tuple(self.tokens.values())


def huggingface_site(api_root: str) -> str:
    """The Hub's site of a Hugging Face API root (`https://huggingface.co/api` →
    `https://huggingface.co`): where a repository's files are read
    (`/{repo}/resolve/main/README.md`), the API root's own host, mirror or not."""
    return api_root.rstrip("/").removesuffix("/api")


DEFAULT_API_ROOTS = ApiRoots()


def api_roots_from(environ: Mapping[str, str], forges: Mapping[str, str] | None = None) -> ApiRoots:
    """The roots of `API_ROOTS` as the environment sets them (defaults otherwise), with their
    tokens."""
    roots: dict[str, str] = {}
    tokens: dict[str, str] = {}
    for name, (variable, default, token_variable) in API_ROOTS.items():
        roots[name] = (environ.get(variable, "").strip() or default).rstrip("/")
        token = environ.get(token_variable, "").strip() if token_variable else ""
        if token:
            tokens[name] = token
    return ApiRoots(roots, tokens, dict(forges or {}))


class ForgeConfigError(ConfigError):
    """A `forges` table that cannot be used; the message is one line naming the file."""


def load_forges(path: Path | None, *, pyproject: Path | None) -> dict[str, str]:
    """Self-hosted forges (`[forges]` of the configuration file, `auditor.config.file`): host →
    `gitlab` or `forgejo` (`gitea` is read as `forgejo`). Only these hosts are ever asked for a
    forge API; no host is probed."""
    read = read_config(path, pyproject=pyproject)
    if read is None:
        return {}
    try:
        forges = read.table("forges")
    except ConfigError:
        raise ForgeConfigError(f"{read.where}: `forges` must be a table of host = kind") from None
    # `auditor.links` (its host tables) is loaded when a setting needs it, not by every command.
    from auditor.links.origins import host_key

    found: dict[str, str] = {}
    for host, kind in forges.items():
        if kind not in FORGE_API_PATHS or not isinstance(host, str) or "/" in host:
            known = ", ".join(FORGE_API_PATHS)
            raise ForgeConfigError(f"{read.where}: forges.{host} must be one of {known}")
        found[host_key(host)] = "forgejo" if kind == "gitea" else kind
    return found


class ProxyError(ConfigError):
    """A proxy URL that cannot be used; the message is one line naming where it came from."""


def parse_proxy_url(text: str, where: str) -> str:
    """`text` as a proxy URL: http:// or https://, a host, a port at most, no path; raises
    `ProxyError` naming `where` (never the credentials it may hold)."""
    try:
        parts = urlsplit(text.strip())
        parts.port  # noqa: B018 - raises ValueError for a port that is not one
    except ValueError:
        raise ProxyError(f"{where}: not a URL") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise ProxyError(f"{where}: must be an http:// or https:// URL with a host")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ProxyError(f"{where}: a proxy URL has no path, query or fragment")
    return text.strip()


# The variables `--proxy-from-env` reads, lower case first as curl does.
_PROXY_VARIABLES = {
    "https": ("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"),
    "http": ("http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"),
}


@dataclass(frozen=True, slots=True)
class ProxyRoutes:
    """Which proxy a request goes through: `every` request through one (`--proxy`), else by
    the URL's scheme (`by_scheme`, from the environment) unless its host is one `bypass`
    names (NO_PROXY: `*`, a host, or a domain with or without its leading dot)."""

    every: str | None = None
    by_scheme: Mapping[str, str] = field(default_factory=dict)
    bypass: tuple[str, ...] = ()

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> ProxyRoutes:
        by_scheme: dict[str, str] = {}
        for scheme, variables in _PROXY_VARIABLES.items():
            for variable in variables:
                value = environ.get(variable, "").strip()
                if value:
                    by_scheme[scheme] = parse_proxy_url(value, variable)
                    break
        no_proxy = environ.get("no_proxy", "") or environ.get("NO_PROXY", "")
        bypass = tuple(
            entry.strip().lower().lstrip(".") for entry in no_proxy.split(",") if entry.strip()
        )
        return cls(None, by_scheme, bypass)

    def __bool__(self) -> bool:
        return self.every is not None or bool(self.by_scheme)

    def proxies(self) -> tuple[str, ...]:
        """Every proxy a request may go through."""
        return (self.every,) if self.every is not None else tuple(set(self.by_scheme.values()))

    def proxy_for(self, scheme: str, host: str) -> str | None:
        """The proxy of a request to `host` over `scheme`, None to connect directly."""
        if self.every is not None:
            return self.every
        from auditor.links.origins import host_key, on_domain  # as in `load_forges`

        host = host_key(host)
        if "*" in self.bypass or on_domain(host, *self.bypass):
            return None
        return self.by_scheme.get(scheme)

    def secrets(self) -> tuple[str, ...]:
        """The passwords the proxy URLs hold, to keep out of every output."""
        return tuple(password for url in self.proxies() if (password := urlsplit(url).password))


@dataclass(frozen=True, slots=True)
class NetworkConfig:
    """The `network` table of the configuration file; None where it sets nothing::

    [tool.paper-auditor.network]
    proxy = "http://proxy.corp:3128"
    proxy-from-env = false
    ca-bundle = "certs/corp-ca.pem"  # relative to the configuration file
    """

    proxy: str | None = None
    proxy_from_env: bool | None = None
    ca_bundle: Path | None = None


NETWORK_KEYS = ("proxy", "proxy-from-env", "ca-bundle")


def load_network(path: Path | None, *, pyproject: Path | None) -> NetworkConfig:
    """The `network` table of `path`, else of `[tool.paper-auditor]` in `pyproject`."""
    read = read_config(path, pyproject=pyproject)
    if read is None:
        return NetworkConfig()
    table, where = read.table("network"), read.where
    unknown = sorted(set(table) - set(NETWORK_KEYS))
    if unknown:
        hint = suggestion(unknown[0], NETWORK_KEYS)
        raise ConfigError(f"{where}: unknown network setting {unknown[0]!r}{hint}")
    proxy, from_env, bundle = (table.get(key) for key in NETWORK_KEYS)
    if proxy is not None and not isinstance(proxy, str):
        raise ConfigError(f"{where}: network.proxy must be a URL (a string)")
    if from_env is not None and not isinstance(from_env, bool):
        raise ConfigError(f"{where}: network.proxy-from-env must be true or false")
    if bundle is not None and not isinstance(bundle, str):
        raise ConfigError(f"{where}: network.ca-bundle must be a path (a string)")
    return NetworkConfig(
        None if proxy is None else parse_proxy_url(proxy, f"{where}: network.proxy"),
        from_env,
        None if bundle is None else read.folder / Path(bundle).expanduser(),
    )


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything a run needs to know, resolved from arguments and the environment."""

    out_dir: Path = Path("reports")
    # Link checking.
    timeout: float = 10.0  # connect and read timeouts, seconds
    link_deadline: float = 30.0  # total time for one link, redirects and retries excluded
    concurrency: int = 32  # links in flight at once
    # Politeness per server (`auditor.net.politeness`): at most this many requests at once,
    # starts at least this far apart (seconds); adaptive: polite first, faster while it copes.
    per_host_concurrency: int = 8
    per_host_interval: float = 0.025
    host_adaptive: bool = True
    max_retries: int = 3
    max_retry_wait: float = 60.0  # a longer Retry-After defers the link to the slower pass
    retry_base_delay: float = 1.0  # a first retry waits 0.5-1 × this, each next one twice that
    max_redirects: int = 10
    max_body_bytes: int = 2 * 1024 * 1024  # a checked page, after decompression
    max_document_bytes: int = 64 * 1024 * 1024  # a paper list given as a URL
    max_run_time: float | None = None  # bound on the whole run, seconds
    # `allow_private` with no networks allows every private address; with networks, only those.
    allow_private: bool = False
    allowed_networks: tuple[IPNetwork, ...] = ()
    exclude: tuple[str, ...] = ()
    dns_canary: str = "github.com"
    user_agent: str = USER_AGENT
    # Proxies (`--proxy`, `--proxy-from-env`; `auditor.net.proxy`), and the certificate
    # authorities TLS trusts instead of certifi's (`--ca-bundle`, SSL_CERT_FILE, SSL_CERT_DIR).
    proxies: ProxyRoutes = field(default_factory=ProxyRoutes, repr=False)
    ca_file: Path | None = None
    ca_dir: Path | None = None
    # Verdict cache.
    cache_dir: Path | None = None  # None: no cache
    max_cache_age: float = 86400.0
    # GitHub.
    github_token: str | None = field(default=None, repr=False)
    github_api_url: str = DEFAULT_GITHUB_API_URL
    github_graphql_url: str = DEFAULT_GITHUB_API_URL + "/graphql"
    github_server_url: str = DEFAULT_GITHUB_SERVER_URL
    # The other hosts' and archives' APIs (`API_ROOTS`), their tokens, self-hosted forges.
    api_roots: ApiRoots = field(default_factory=ApiRoots)
    # Archives (`auditor.enrich.archives`): rescue dead and placeholder links (on by default),
    # list live repositories Software Heritage has not preserved, ask it to save them; search
    # GitHub for the code of papers citing none. Each archive or search is asked at most
    # `archive_requests` times a run.
    rescue: bool = True
    preservation: bool = False
    request_archival: bool = False
    find_code: bool = False
    archive_requests: int = 200
    # Inputs.
    paper_date: str | None = None
    limits: Limits = DEFAULT_LIMITS

    def trusted_api_roots(self) -> tuple[str, ...]:
        """The APIs the auditor itself asks, exactly: GitHub's REST root and GraphQL URL, the
        raw-download origin their contents API names (raw.githubusercontent.com, or an
        Enterprise server's `/raw/`), and every root of `API_ROOTS` in effect (self-hosted
        forges' included, and the Hub's site its file URLs lie under). Only requests under
        these may reach a private address without `--allow-private` (auditor.net.guard); a
        paper link to the same host never does."""
        api = self.github_api_url.rstrip("/")
        public = api == DEFAULT_GITHUB_API_URL
        raw = GITHUB_RAW_URL if public else self.github_server_url.rstrip("/") + "/raw/"
        return (
            api + "/",
            self.github_graphql_url,
            raw,
            *self.api_roots.urls(),
        )

    def network_policy(self) -> str:
        """The addresses this run may reach, as the verdict cache records it: `public`,
        `private` (any address) or `private:` and the allowed networks."""
        if not self.allow_private:
            return "public"
        if not self.allowed_networks:
            return "private"
        return "private:" + ",".join(sorted(str(network) for network in self.allowed_networks))

    def allows_every_address(self) -> bool:
        """`--allow-private` with no network: the guard refuses no address."""
        return self.allow_private and not self.allowed_networks

    def is_network_allowed(self, address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
        """Whether the user allowed this non-global address (`--allow-private [CIDR]`)."""
        if not self.allow_private:
            return False
        if not self.allowed_networks:
            return True
        return any(address in network for network in self.allowed_networks)


def default_cache_dir() -> Path:
    import platformdirs  # asked by `audit` alone: the commands that start at once skip it

    return Path(platformdirs.user_cache_dir("paper-auditor"))


class TokenError(ValueError):
    """A token no HTTP header can carry; the message names its source, never its value."""


def github_token_and_source(environ: Mapping[str, str]) -> tuple[str | None, str | None]:
    """(token, where it came from: `GITHUB_TOKEN`, `GH_TOKEN` or `gh auth token`). Raises
    `TokenError` for a token with characters outside printable ASCII."""
    found: tuple[str | None, str | None] = (None, None)
    for name in ("GITHUB_TOKEN", "GH_TOKEN"):
        token = environ.get(name, "").strip()
        if token:
            found = (token, name)
            break
    else:
        import shutil
        import subprocess  # `gh` asked only when no variable holds a token

        gh = shutil.which("gh")
        if gh is not None:
            try:
                answer = subprocess.run(  # noqa: S603 - a fixed argument list, no shell
                    [gh, "auth", "token"], capture_output=True, text=True, timeout=5, check=False
                )
            except (OSError, subprocess.SubprocessError):
                answer = None
            token = answer.stdout.strip() if answer is not None else ""
            if answer is not None and answer.returncode == 0 and token:
                found = (token, "gh auth token")
    value, source = found
    if value is not None and not (value.isascii() and value.isprintable() and " " not in value):
        raise TokenError(
            f"the GitHub token from {source} holds characters no HTTP header can carry "
            "(only printable ASCII); check its value"
        )
    return found


def github_urls_from(environ: Mapping[str, str]) -> tuple[str, str, str]:
    """(API URL, GraphQL URL, server URL) as GitHub Actions and GitHub Enterprise set them, else
    as `Settings` has them."""
    defaults = Settings()
    api = environ.get("GITHUB_API_URL", "").strip().rstrip("/")
    graphql = environ.get("GITHUB_GRAPHQL_URL", "").strip()
    server = environ.get("GITHUB_SERVER_URL", "").strip() or defaults.github_server_url
    if not graphql:
        graphql = api + "/graphql" if api else defaults.github_graphql_url
    return api or defaults.github_api_url.rstrip("/"), graphql, server.rstrip("/")
