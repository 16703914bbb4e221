"""The arguments of every command and the run settings they make: the parser
(`build_parser`), the checks of each value (one-line usage errors), and `settings_from`
(flags, then the configuration file, then the environment, then `Settings`' defaults). Every
default a flag shows or falls back to is `config.Settings()`'s: none is written here."""

from __future__ import annotations

import argparse
import functools
import ipaddress
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from auditor import __version__, redact
from auditor.cli.exits import FAIL_ON_HELP, UsageError, exit_code_help
from auditor.cli.messages import log
from auditor.config import file as configfile
from auditor.config import politeness
from auditor.config import settings as config


def _common(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("output")
    group.add_argument(
        "-v", "--verbose", action="count", default=0, help="say more on stderr (-vv: debug)"
    )
    group.add_argument(
        "-q", "--quiet", action="store_true", help="only errors on stderr (NO_COLOR is honoured)"
    )


def _limits(parser: argparse.ArgumentParser, defaults: config.Limits) -> None:
    group = parser.add_argument_group("limits (what one paper list can make a run do)")
    group.add_argument(
        "--max-code-links-per-page",
        type=_positive(int),
        default=defaults.code_links_per_page,
        metavar="N",
        help=f"code links harvested from one project page (default {defaults.code_links_per_page}"
        "; the rest are counted, not checked)",
    )
    group.add_argument(
        "--max-links-per-paper",
        type=_positive(int),
        default=defaults.links_per_paper,
        metavar="N",
        help=f"links kept per paper (default {defaults.links_per_paper}; the rest are counted)",
    )
    group.add_argument(
        "--max-url-length",
        type=_positive(int),
        default=defaults.url_length,
        metavar="CHARS",
        help=f"a longer link is unsupported, shown cut (default {defaults.url_length})",
    )
    group.add_argument(
        "--max-nesting-depth",
        type=_positive(int),
        default=defaults.nesting_depth,
        metavar="N",
        help=f"HTML elements nested deeper are flattened (default {defaults.nesting_depth})",
    )


def limits_from(args: argparse.Namespace) -> config.Limits:
    return config.Limits(
        code_links_per_page=args.max_code_links_per_page,
        links_per_paper=args.max_links_per_paper,
        url_length=args.max_url_length,
        nesting_depth=args.max_nesting_depth,
    )


def _reported_by_issue(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--reported-by-issue",
        action="store_true",
        help="the tracking issue carries this run's findings: its newly dead links stay new "
        "until `auditor issue --db` has updated the issue",
    )


def _settings_file(text: str) -> Path:
    """A file a flag names for us to read: a FIFO or a device would block the run, or never
    end, so anything there but a regular file is refused (a missing one is said where read)."""
    path = Path(text)
    if path.exists() and not path.is_file():
        raise argparse.ArgumentTypeError(f"not a regular file: {text!r}")
    return path


def _config(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        type=_settings_file,
        help="rubric, politeness and network settings (TOML); default: [tool.paper-auditor] in "
        "./pyproject.toml when present",
    )


def _proxies_and_cas(group: argparse._ActionsContainer) -> None:
    """`--proxy`, `--proxy-from-env` (a proxy only when asked for) and `--ca-bundle`: `audit`
    and `issue` reach the network alike."""
    group.add_argument(
        "--proxy",
        metavar="URL",
        help="send every request through this http:// or https:// proxy (its own address is "
        "allowed; the links' hosts are still checked by the address guard)",
    )
    group.add_argument(
        "--proxy-from-env",
        action="store_true",
        default=None,
        help="use the proxies of HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY (ignored "
        "otherwise; --proxy wins over them)",
    )
    group.add_argument(
        "--ca-bundle",
        type=Path,
        metavar="PATH",
        help="trust the certificate authorities in this PEM file instead of certifi's "
        "(default: $SSL_CERT_FILE and $SSL_CERT_DIR when set)",
    )


def _acknowledgements(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--acknowledgements",
        type=_settings_file,
        metavar="FILE",
        help="dead links acknowledged until a date, with a reason (TOML); default: "
        f"./{config.IGNORE_FILE} when present. They are reported, marked, and not "
        "counted by --fail-on dead or new-dead until that date",
    )


def _reviews(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--reviews",
        type=_settings_file,
        metavar="FILE",
        help="reviewers' verdicts on papers and links, with a reason, name and date (TOML); "
        f"default: ./{config.REVIEWS_FILE} when present. Shown beside the measured verdict, "
        "flagged where it now differs; they change no tier, count or exit code",
    )


def _iso_date(text: str) -> str:
    if not re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", text):
        raise argparse.ArgumentTypeError(
            f"not an ISO 8601 date (YYYY, YYYY-MM or YYYY-MM-DD): {text!r}"
        )
    return text


def _positive(kind: type[int] | type[float], *, or_zero: bool = False) -> Any:
    """A finite number above 0 (or 0 too): `nan` and `inf` compare false to every bound, so
    they are refused here, before a bound built on them makes every input "not read"."""

    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"not a finite number: {text!r}")
        if or_zero and value < 0:
            raise argparse.ArgumentTypeError(f"must be 0 or more: {text!r}")
        if not or_zero and value <= 0:
            raise argparse.ArgumentTypeError(f"must be above 0: {text!r}")
        return value

    return parse


def _politeness(parse: Any) -> Any:
    def read(text: str) -> Any:
        try:
            return parse(text)
        except politeness.PolitenessError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return read


def _regex(text: str) -> str:
    try:
        re.compile(text)
    except re.error as error:
        raise argparse.ArgumentTypeError(f"not a regular expression: {text!r} ({error})") from None
    return text


def _number(value: float) -> str:
    """A default number as `--help` shows it (`10`, `0.5`, `86400`)."""
    return f"{value:g}"


class _HelpWithDefaults(argparse.RawDescriptionHelpFormatter):
    """Each option's help ends with its default, unless it says it already or has none."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            "default" in text
            or not action.option_strings
            or default is None
            or default is argparse.SUPPRESS
            or action.nargs == 0  # a flag: its help says what it turns on or off
            or (isinstance(default, (list, tuple, frozenset)) and not default)
        ):
            return action.help
        return f"{text} (default: %(default)s)"


EXAMPLES = """examples:
  auditor audit papers.md --out reports     check every link; reports in reports/
  auditor extract papers.md                 the papers and links found, no network
  auditor readme path/to/repository         check one repository's README
"""


def build_parser() -> argparse.ArgumentParser:
    defaults = config.Settings()
    parser = argparse.ArgumentParser(
        prog="auditor",
        description="Audit the code links that papers promise and render a reproducibility "
        "scorecard.",
        epilog=f"{EXAMPLES}\n{exit_code_help()}",
        formatter_class=_HelpWithDefaults,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    commands.add_parser = functools.partial(  # type: ignore[method-assign]
        commands.add_parser, formatter_class=_HelpWithDefaults
    )

    extract_parser = commands.add_parser(
        "extract",
        help="list the papers and links found in paper lists (no network)",
        description="Read paper lists (text, Markdown, HTML, BibTeX, JSON, JSONL, CSV; - for "
        "stdin) and print their papers and links.",
    )
    extract_parser.add_argument("paths", nargs="+", metavar="PATH")
    extract_parser.add_argument(
        "--format", choices=("json", "text"), default="text", help="output format"
    )
    extract_parser.add_argument(
        "--paper-date",
        type=_iso_date,
        default=defaults.paper_date,
        help="date for papers without one",
    )
    _limits(extract_parser, defaults.limits)
    _common(extract_parser)

    audit_parser = commands.add_parser(
        "audit",
        help="check every link and write scorecard.json, summary.md and index.html",
        description="Read paper lists (paths, - for stdin, or http(s) URLs of list pages), check "
        "every link and write the reports.",
    )
    audit_parser.add_argument("paths", nargs="+", metavar="PATH")
    audit_parser.add_argument(
        "--out",
        type=Path,
        default=defaults.out_dir,
        help=f"report folder (default: {defaults.out_dir}/)",
    )
    audit_parser.add_argument(
        "--paper-date",
        type=_iso_date,
        default=defaults.paper_date,
        help="date for papers without one",
    )
    audit_parser.add_argument("--fail-on", default="dead", help=FAIL_ON_HELP)
    audit_parser.add_argument(
        "--db", type=Path, help="run history (SQLite; default: OUT/history.sqlite)"
    )
    _reported_by_issue(audit_parser)
    audit_parser.add_argument(
        "--allow-missing",
        action="store_true",
        help="an input that cannot be read does not stop the run: the reports are written from "
        "the others (exit code 2 still), and the run history is left as it was",
    )
    audit_parser.add_argument(
        "--shard",
        metavar="K/N",
        help="audit only shard K of N of the papers (merge the parts with `auditor merge`)",
    )
    _config(audit_parser)
    _acknowledgements(audit_parser)
    _reviews(audit_parser)
    net = audit_parser.add_argument_group("network")
    net.add_argument(
        "--timeout",
        type=_positive(float),
        default=defaults.timeout,
        help=f"seconds (default {_number(defaults.timeout)})",
    )
    net.add_argument(
        "--concurrency",
        type=_positive(int),
        default=defaults.concurrency,
        help=f"links in flight (default {defaults.concurrency})",
    )
    net.add_argument(
        "--max-retries",
        type=_positive(int, or_zero=True),
        default=defaults.max_retries,
        help=f"retries of a transient answer (default {defaults.max_retries}): the first after "
        f"{_number(defaults.retry_base_delay / 2)}-{_number(defaults.retry_base_delay)} s, each "
        "next one twice as long, or what Retry-After asks",
    )
    # No parser default: the configuration file's politeness table comes between the flag and
    # `Settings` (`settings_from`).
    net.add_argument(
        "--host-concurrency",
        type=_politeness(politeness.parse_concurrency),
        metavar="N",
        help=f"at most N requests at once to one server (default "
        f"{defaults.per_host_concurrency}; adaptive below it)",
    )
    net.add_argument(
        "--host-request-interval",
        type=_politeness(politeness.parse_interval),
        metavar="D",
        help="at least D between two requests to one server: 0, 50ms, 1s (default "
        f"{_number(defaults.per_host_interval * 1000)}ms)",
    )
    net.add_argument(
        "--max-run-time",
        type=_positive(float),
        default=defaults.max_run_time,
        help="bound on the whole run, s",
    )
    net.add_argument(
        "--exclude",
        action="append",
        default=list(defaults.exclude),
        type=_regex,
        metavar="REGEX",
        help="never check URLs matching REGEX (repeatable)",
    )
    net.add_argument(
        "--allow-private",
        nargs="?",
        const="all",
        metavar="CIDR",
        action="append",
        help="check private, loopback and link-local addresses (all, or only CIDR; repeatable); "
        "a path after it stays a path",
    )
    net.add_argument(
        "--dns-canary",
        default=defaults.dns_canary,
        help=f"a name that must resolve when DNS works (default {defaults.dns_canary})",
    )
    _proxies_and_cas(net)
    _limits(audit_parser, defaults.limits)
    cache = audit_parser.add_argument_group("cache")
    cache.add_argument("--cache-dir", type=Path, help="verdict cache folder (default: user cache)")
    cache.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    cache.add_argument(
        "--max-cache-age",
        type=_positive(float, or_zero=True),
        default=defaults.max_cache_age,
        help=f"seconds an ok/moved verdict is reused (default {_number(defaults.max_cache_age)}; "
        "0: check every link again, and keep the new verdicts)",
    )
    github = audit_parser.add_argument_group("GitHub")
    github.add_argument("--github-api-url", help="REST API root (default: $GITHUB_API_URL)")
    github.add_argument("--github-graphql-url", help="GraphQL URL (default: $GITHUB_GRAPHQL_URL)")
    archive = audit_parser.add_argument_group("archives (after the verdicts; they change none)")
    archive.add_argument(
        "--no-rescue",
        action="store_false",
        dest="rescue",
        default=defaults.rescue,
        help="do not look up archived copies of dead and placeholder links "
        "(Software Heritage, the Wayback Machine)",
    )
    archive.add_argument(
        "--preservation",
        action="store_true",
        default=defaults.preservation,
        help="list live repositories Software Heritage has not preserved as they are now",
    )
    archive.add_argument(
        "--request-archival",
        action="store_true",
        default=defaults.request_archival,
        help="ask Software Heritage's Save Code Now for them (implies --preservation)",
    )
    archive.add_argument(
        "--find-code",
        action="store_true",
        default=defaults.find_code,
        help="for papers citing no code, the repository their Hugging Face paper page links, "
        "else GitHub's search for READMEs naming their arXiv id (listed as code found, not "
        "cited, with where it was found)",
    )
    _badges(audit_parser)
    _common(audit_parser)

    merge_parser = commands.add_parser(
        "merge",
        help="merge the scorecards of `audit --shard` runs into one, with history and reports",
    )
    merge_parser.add_argument("scorecards", nargs="+", type=Path, metavar="SCORECARD")
    merge_parser.add_argument("--out", type=Path, default=defaults.out_dir, help="report folder")
    merge_parser.add_argument("--db", type=Path, help="run history (default: OUT/history.sqlite)")
    _reported_by_issue(merge_parser)
    merge_parser.add_argument("--fail-on", default="dead", help=FAIL_ON_HELP)
    _config(merge_parser)
    _acknowledgements(merge_parser)
    _reviews(merge_parser)
    _badges(merge_parser)
    _common(merge_parser)

    issue_parser = commands.add_parser(
        "issue",
        help="open, update or close the one tracking issue for dead links (GitHub REST API)",
    )
    issue_parser.add_argument("scorecard", type=Path, metavar="SCORECARD")
    issue_parser.add_argument(
        "--repository", help="OWNER/REPO holding the issue (default: $GITHUB_REPOSITORY)"
    )
    issue_parser.add_argument("--report-url", help="link to the full report in the issue")
    issue_parser.add_argument(
        "--db",
        type=Path,
        help="run history: the scorecard's run is recorded as reported once the issue is "
        "updated (see --reported-by-issue)",
    )
    _proxies_and_cas(issue_parser)
    _config(issue_parser)
    _common(issue_parser)

    render_parser = commands.add_parser(
        "render",
        help="re-render summary.md and index.html from a scorecard.json (no network)",
    )
    render_parser.add_argument("scorecard", type=Path, metavar="SCORECARD")
    render_parser.add_argument(
        "--out", type=Path, help="report folder (default: the scorecard's folder)"
    )
    render_parser.add_argument(
        "--format",
        choices=("reports", "csv"),
        default="reports",
        help="reports: every report (default); csv: papers.csv and links.csv only",
    )
    _badges(render_parser)
    _common(render_parser)

    readme_parser = commands.add_parser(
        "readme",
        help="judge a README file or a repository folder as the scorecard would (no network)",
        description="For authors before they publish: what the README covers (with line "
        "numbers), whether the repository is a placeholder, and the Papers with Code checklist "
        "D1–D5 as the rubric decides it from these files.",
    )
    readme_parser.add_argument("path", type=Path, metavar="PATH")
    readme_parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="output format"
    )
    _common(readme_parser)
    return parser


def _badges(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--badges",
        action="store_true",
        help="also write each paper's shields.io badge, badges/KEY.json (badge.json, the "
        "list's, is always written)",
    )


def _allowed_networks(
    values: Sequence[str] | None, defaults: config.Settings
) -> tuple[bool, tuple[config.IPNetwork, ...]]:
    if not values:
        return defaults.allow_private, defaults.allowed_networks
    if "all" in values:
        return True, ()
    try:
        return True, tuple(ipaddress.ip_network(value, strict=False) for value in values)
    except ValueError as error:
        raise UsageError(f"--allow-private: {error}") from None


def settings_from(args: argparse.Namespace, environ: Mapping[str, str]) -> config.Settings:
    defaults = config.Settings()
    allow_private, networks = _allowed_networks(args.allow_private, defaults)
    api_url, graphql_url, server_url = config.github_urls_from(environ)
    if args.github_api_url:
        api_url = args.github_api_url.rstrip("/")
        if not args.github_graphql_url and not environ.get("GITHUB_GRAPHQL_URL"):
            graphql_url = api_url + "/graphql"
    if args.github_graphql_url:
        graphql_url = args.github_graphql_url
    cache_dir = None if args.no_cache else (args.cache_dir or config.default_cache_dir())
    given = politeness.Politeness(args.host_concurrency, args.host_request_interval)
    try:
        polite = given.over(
            politeness.load_politeness(args.config, pyproject=Path("pyproject.toml"))
        )
    except configfile.ConfigError as error:
        raise UsageError(str(error)) from None
    try:
        forges = config.load_forges(args.config, pyproject=Path("pyproject.toml"))
    except config.ForgeConfigError as error:
        raise UsageError(str(error)) from None
    proxies, (ca_file, ca_dir) = _network(args, environ, defaults)
    api_roots = config.api_roots_from(environ, forges)
    for secret in api_roots.secrets():
        redact.register(secret)
    return config.Settings(
        per_host_concurrency=polite.host_concurrency or defaults.per_host_concurrency,
        per_host_interval=(
            defaults.per_host_interval
            if polite.host_request_interval is None
            else polite.host_request_interval
        ),
        host_adaptive=defaults.host_adaptive if polite.adaptive is None else polite.adaptive,
        out_dir=args.out,
        timeout=args.timeout,
        concurrency=args.concurrency,
        max_retries=max(0, args.max_retries),
        max_run_time=args.max_run_time,
        allow_private=allow_private,
        allowed_networks=networks,
        exclude=tuple(args.exclude),
        dns_canary=args.dns_canary,
        proxies=proxies,
        ca_file=ca_file,
        ca_dir=ca_dir,
        cache_dir=cache_dir,
        max_cache_age=args.max_cache_age,
        github_token=github_token(environ),
        github_api_url=api_url,
        github_graphql_url=graphql_url,
        github_server_url=server_url,
        api_roots=api_roots,
        rescue=args.rescue,
        preservation=args.preservation or args.request_archival,
        request_archival=args.request_archival,
        find_code=args.find_code,
        paper_date=args.paper_date,
        limits=limits_from(args),
    )


def network_from(
    args: argparse.Namespace, environ: Mapping[str, str]
) -> tuple[config.ProxyRoutes, tuple[Path | None, Path | None]]:
    """The proxies and certificate authorities of `auditor issue`: as an audit's."""
    return _network(args, environ, config.Settings())


def _network(
    args: argparse.Namespace, environ: Mapping[str, str], defaults: config.Settings
) -> tuple[config.ProxyRoutes, tuple[Path | None, Path | None]]:
    """The proxies and the certificate authorities of the run: the command line, else the
    configuration file's `network` table, else (CAs always; proxies only when asked for)
    the environment, else `defaults`. A CA file or folder that cannot be used is a usage
    error."""
    from auditor.net import tls  # the HTTP stack: loaded by the commands that use the network

    try:
        given = config.load_network(args.config, pyproject=Path("pyproject.toml"))
        proxy = config.parse_proxy_url(args.proxy, "--proxy") if args.proxy else given.proxy
        if proxy is not None:
            proxies = config.ProxyRoutes(every=proxy)
        elif args.proxy_from_env or (args.proxy_from_env is None and given.proxy_from_env):
            proxies = config.ProxyRoutes.from_environment(environ)
        else:
            proxies = defaults.proxies
    except configfile.ConfigError as error:
        raise UsageError(str(error)) from None
    for secret in proxies.secrets():
        redact.register(secret)
    if args.ca_bundle is not None or given.ca_bundle is not None:
        ca_file, ca_dir, named = args.ca_bundle or given.ca_bundle, None, "--ca-bundle"
    else:
        cert_file, cert_dir = environ.get("SSL_CERT_FILE"), environ.get("SSL_CERT_DIR")
        ca_file = Path(cert_file) if cert_file else defaults.ca_file
        ca_dir = Path(cert_dir) if cert_dir else defaults.ca_dir
        named = "SSL_CERT_FILE" if cert_file else "SSL_CERT_DIR" if cert_dir else "the CA bundle"
    if ca_file is not None or ca_dir is not None:
        try:
            tls.verifying_context(ca_file, ca_dir, named=named)
        except tls.CaBundleError as error:
            raise UsageError(str(error)) from None
    return proxies, (ca_file, ca_dir)


def github_token(environ: Mapping[str, str]) -> str | None:
    """The GitHub token, registered as a secret of every output; its source named at -v."""
    try:
        token, source = config.github_token_and_source(environ)
    except config.TokenError as error:
        raise UsageError(str(error)) from None
    redact.register(token)
    if source is not None:
        log.info("GitHub token: from %s", source)
    return token
