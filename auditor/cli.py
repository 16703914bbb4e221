"""The command line: arguments, messages on stderr, report files and exit codes.

The only module that prints or exits. Exit codes (`EXIT_CODES`, the one table README and
`--help` show): 0 ok; 1 findings; 2 usage or input error; 3 nothing could be checked; 4 internal
error (a bug). When several apply: 4, then 2, then 1, then 3.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import re
import sys
import time
from collections.abc import Callable, Coroutine, Iterable, Iterator, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any, TextIO

from auditor import (
    __version__,
    acknowledgements,
    actions,
    config,
    configfile,
    extract,
    history,
    pipeline,
    politeness,
    readme_check,
    redact,
    render,
    rubric,
    scorecard,
    shard,
)
from auditor import deadline as run_clock
from auditor.checker import INTERNAL_ERROR_DETAIL
from auditor.models import LinkKind, LinkResult, Outcome, Tier
from auditor.net import tls
from auditor.progress import Progress
from auditor.scorecard import Scorecard

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_NOTHING_CHECKED = 3
EXIT_INTERNAL = 4
# The one table of exit codes: README's "Exit codes" and `auditor --help` print it.
EXIT_CODES = (
    (EXIT_OK, "ok"),
    (EXIT_FINDINGS, "findings: what --fail-on names (by default at least one link dead)"),
    (
        EXIT_USAGE,
        "usage or input error: a missing or unreadable list (nothing is written or recorded, "
        "unless --allow-missing), a bad config, a malformed scorecard given to render or merge, "
        "a damaged history (the reports are still written)",
    ),
    (EXIT_NOTHING_CHECKED, "nothing could be checked: no link got a verdict (offline, budget)"),
    (EXIT_INTERNAL, "internal error: a bug of paper-auditor; the message says where to report it"),
)
EXIT_PRECEDENCE = "When several apply: 4, then 2, then 1, then 3."
ISSUES_URL = "https://github.com/paper-auditor/paper-auditor/issues"

FAIL_ON_HELP = (
    "comma-separated: dead (any link dead; the default), new-dead (a link that died since the "
    "previous run, or is new and dead), placeholder (a paper whose code is a placeholder), "
    "tier-below:TIER (a paper with code below TIER), never"
)
TIER_ORDER = (Tier.LISTED, Tier.BRONZE, Tier.SILVER, Tier.GOLD)

log = logging.getLogger("auditor")


class UsageError(Exception):
    """A bad argument; the message is one line for the user."""


class _Formatter(logging.Formatter):
    def __init__(self, colour: bool) -> None:
        super().__init__("auditor: %(levelname)s: %(message)s")
        self.colour = colour

    def format(self, record: logging.LogRecord) -> str:
        # Messages quote titles, URLs and API answers: no escape sequence, bidi control or
        # secret of theirs reaches the terminal.
        text = redact.for_terminal(super().format(record))
        if self.colour and record.levelno >= logging.WARNING:
            code = "31" if record.levelno >= logging.ERROR else "33"
            return f"\033[{code}m{text}\033[0m"
        return text


def _configure_logging(verbosity: int, stream: TextIO, environ: Mapping[str, str]) -> None:
    level = {-1: logging.ERROR, 0: logging.WARNING, 1: logging.INFO}.get(verbosity, logging.DEBUG)
    handler = logging.StreamHandler(stream)
    colour = stream.isatty() and "NO_COLOR" not in environ
    handler.setFormatter(_Formatter(colour))
    root = logging.getLogger("auditor")
    root.handlers[:] = [handler]
    root.setLevel(level)
    root.propagate = False
    # httpx logs every request at INFO; keep it for -vv.
    logging.getLogger("httpx").setLevel(logging.DEBUG if verbosity >= 2 else logging.WARNING)


def _common(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("output")
    group.add_argument(
        "-v", "--verbose", action="count", default=0, help="say more on stderr (-vv: debug)"
    )
    group.add_argument(
        "-q", "--quiet", action="store_true", help="only errors on stderr (NO_COLOR is honoured)"
    )


def _limits(parser: argparse.ArgumentParser) -> None:
    defaults = config.DEFAULT_LIMITS
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


def _config(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        type=Path,
        help="rubric, politeness and network settings (TOML); default: [tool.paper-auditor] in "
        "./pyproject.toml when present",
    )


def _acknowledgements(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--acknowledgements",
        type=Path,
        metavar="FILE",
        help="dead links acknowledged until a date, with a reason (TOML); default: "
        f"./{acknowledgements.IGNORE_FILE} when present. They are reported, marked, and not "
        "counted by --fail-on dead or new-dead until that date",
    )


def _iso_date(text: str) -> str:
    if not re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", text):
        raise argparse.ArgumentTypeError(
            f"not an ISO 8601 date (YYYY, YYYY-MM or YYYY-MM-DD): {text!r}"
        )
    return text


def _positive(kind: type[int] | type[float], *, or_zero: bool = False) -> Any:
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if or_zero and not value >= 0:  # NaN is not a number of seconds either
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


def exit_code_help() -> str:
    """The exit-code table as `--help` prints it."""
    rows = "\n".join(f"  {code}  {meaning}" for code, meaning in EXIT_CODES)
    return f"exit codes:\n{rows}\n{EXIT_PRECEDENCE}"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="auditor",
        description="Audit the code links that papers promise and render a reproducibility "
        "scorecard.",
        epilog=exit_code_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    extract_parser = commands.add_parser(
        "extract",
        help="list the papers and links found in paper lists (no network)",
        description="Read paper lists (text, Markdown, HTML, BibTeX, JSON, JSONL, CSV; - for "
        "stdin) and print their papers and links.",
    )
    extract_parser.add_argument("paths", nargs="+", metavar="PATH")
    extract_parser.add_argument("--format", choices=("json", "text"), default="text")
    extract_parser.add_argument("--paper-date", type=_iso_date, help="date for papers without one")
    _limits(extract_parser)
    _common(extract_parser)

    audit_parser = commands.add_parser(
        "audit",
        help="check every link and write scorecard.json, summary.md and index.html",
        description="Read paper lists (paths, - for stdin, or http(s) URLs of list pages), check "
        "every link and write the reports.",
    )
    audit_parser.add_argument("paths", nargs="+", metavar="PATH")
    audit_parser.add_argument(
        "--out", type=Path, default=Path("reports"), help="report folder (default: reports/)"
    )
    audit_parser.add_argument("--paper-date", type=_iso_date, help="date for papers without one")
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
    net = audit_parser.add_argument_group("network")
    net.add_argument("--timeout", type=_positive(float), default=10.0, help="seconds (default 10)")
    net.add_argument("--concurrency", type=_positive(int), default=32, help="links in flight")
    net.add_argument("--max-retries", type=int, default=3, help="retries of a transient answer")
    net.add_argument(
        "--host-concurrency",
        type=_politeness(politeness.parse_concurrency),
        metavar="N",
        help="at most N requests at once to one server (default 8; adaptive below it)",
    )
    net.add_argument(
        "--host-request-interval",
        type=_politeness(politeness.parse_interval),
        metavar="D",
        help="at least D between two requests to one server: 0, 50ms, 1s (default 25ms)",
    )
    net.add_argument("--max-run-time", type=_positive(float), help="bound on the whole run, s")
    net.add_argument(
        "--exclude",
        action="append",
        default=[],
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
        default="github.com",
        help="a name that must resolve when DNS works (default github.com)",
    )
    net.add_argument(
        "--proxy",
        metavar="URL",
        help="send every request through this http:// or https:// proxy (its own address is "
        "allowed; the links' hosts are still checked by the address guard)",
    )
    net.add_argument(
        "--proxy-from-env",
        action="store_true",
        default=None,
        help="use the proxies of HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY (ignored "
        "otherwise; --proxy wins over them)",
    )
    net.add_argument(
        "--ca-bundle",
        type=Path,
        metavar="PATH",
        help="trust the certificate authorities in this PEM file instead of certifi's "
        "(default: $SSL_CERT_FILE and $SSL_CERT_DIR when set)",
    )
    _limits(audit_parser)
    cache = audit_parser.add_argument_group("cache")
    cache.add_argument("--cache-dir", type=Path, help="verdict cache folder (default: user cache)")
    cache.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    cache.add_argument(
        "--max-cache-age",
        type=_positive(float, or_zero=True),
        default=86400.0,
        help="seconds an ok/moved verdict is reused (default 86400; 0: check every link again, "
        "and keep the new verdicts)",
    )
    github = audit_parser.add_argument_group("GitHub")
    github.add_argument("--github-api-url", help="REST API root (default: $GITHUB_API_URL)")
    github.add_argument("--github-graphql-url", help="GraphQL URL (default: $GITHUB_GRAPHQL_URL)")
    archive = audit_parser.add_argument_group("archives (after the verdicts; they change none)")
    archive.add_argument(
        "--no-rescue",
        action="store_true",
        help="do not look up archived copies of dead and placeholder links "
        "(Software Heritage, the Wayback Machine)",
    )
    archive.add_argument(
        "--preservation",
        action="store_true",
        help="list live repositories Software Heritage has not preserved as they are now",
    )
    archive.add_argument(
        "--request-archival",
        action="store_true",
        help="ask Software Heritage's Save Code Now for them (implies --preservation)",
    )
    archive.add_argument(
        "--find-code",
        action="store_true",
        help="for papers citing no code, search GitHub for READMEs naming their arXiv id "
        "(listed as code found, not cited)",
    )
    _common(audit_parser)

    merge_parser = commands.add_parser(
        "merge",
        help="merge the scorecards of `audit --shard` runs into one, with history and reports",
    )
    merge_parser.add_argument("scorecards", nargs="+", type=Path, metavar="SCORECARD")
    merge_parser.add_argument("--out", type=Path, default=Path("reports"), help="report folder")
    merge_parser.add_argument("--db", type=Path, help="run history (default: OUT/history.sqlite)")
    _reported_by_issue(merge_parser)
    merge_parser.add_argument("--fail-on", default="dead", help=FAIL_ON_HELP)
    _config(merge_parser)
    _acknowledgements(merge_parser)
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
    _common(issue_parser)

    render_parser = commands.add_parser(
        "render",
        help="re-render summary.md and index.html from a scorecard.json (no network)",
    )
    render_parser.add_argument("scorecard", type=Path, metavar="SCORECARD")
    render_parser.add_argument(
        "--out", type=Path, help="report folder (default: the scorecard's folder)"
    )
    _common(render_parser)

    readme_parser = commands.add_parser(
        "readme",
        help="judge a README file or a repository folder as the scorecard would (no network)",
        description="For authors before they publish: what the README covers (with line "
        "numbers), whether the repository is a placeholder, and the Papers with Code checklist "
        "D1–D5 as the rubric decides it from these files.",
    )
    readme_parser.add_argument("path", type=Path, metavar="PATH")
    readme_parser.add_argument("--format", choices=("text", "json"), default="text")
    _common(readme_parser)
    return parser


def _allowed_networks(values: Sequence[str] | None) -> tuple[bool, tuple[config.IPNetwork, ...]]:
    if not values:
        return False, ()
    if "all" in values:
        return True, ()
    try:
        return True, tuple(ipaddress.ip_network(value, strict=False) for value in values)
    except ValueError as error:
        raise UsageError(f"--allow-private: {error}") from None


def settings_from(args: argparse.Namespace, environ: Mapping[str, str]) -> config.Settings:
    allow_private, networks = _allowed_networks(args.allow_private)
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
    proxies, (ca_file, ca_dir) = _network(args, environ)
    defaults = config.Settings()
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
        github_token=_token(environ),
        github_api_url=api_url,
        github_graphql_url=graphql_url,
        github_server_url=server_url,
        api_roots=config.api_roots_from(environ, forges),
        rescue=not args.no_rescue,
        preservation=args.preservation or args.request_archival,
        request_archival=args.request_archival,
        find_code=args.find_code,
        paper_date=args.paper_date,
        limits=limits_from(args),
    )


def _network(
    args: argparse.Namespace, environ: Mapping[str, str]
) -> tuple[config.ProxyRoutes, tuple[Path | None, Path | None]]:
    """The proxies and the certificate authorities of the run: the command line, else the
    configuration file's `network` table, else (CAs always; proxies only when asked for)
    the environment. A CA file or folder that cannot be used is a usage error."""
    try:
        given = config.load_network(args.config, pyproject=Path("pyproject.toml"))
        proxy = config.parse_proxy_url(args.proxy, "--proxy") if args.proxy else given.proxy
        if proxy is not None:
            proxies = config.ProxyRoutes(every=proxy)
        elif args.proxy_from_env or (args.proxy_from_env is None and given.proxy_from_env):
            proxies = config.ProxyRoutes.from_environment(environ)
        else:
            proxies = config.ProxyRoutes()
    except configfile.ConfigError as error:
        raise UsageError(str(error)) from None
    for secret in proxies.secrets():
        redact.register(secret)
    if args.ca_bundle is not None or given.ca_bundle is not None:
        ca_file, ca_dir, named = args.ca_bundle or given.ca_bundle, None, "--ca-bundle"
    else:
        cert_file, cert_dir = environ.get("SSL_CERT_FILE"), environ.get("SSL_CERT_DIR")
        ca_file = Path(cert_file) if cert_file else None
        ca_dir = Path(cert_dir) if cert_dir else None
        named = "SSL_CERT_FILE" if ca_file is not None else "SSL_CERT_DIR"
    if ca_file is not None or ca_dir is not None:
        try:
            tls.verifying_context(ca_file, ca_dir, named=named)
        except tls.CaBundleError as error:
            raise UsageError(str(error)) from None
    return proxies, (ca_file, ca_dir)


def _token(environ: Mapping[str, str]) -> str | None:
    """The GitHub token, registered as a secret of every output; its source named at -v."""
    try:
        token, source = config.github_token_and_source(environ)
    except config.TokenError as error:
        raise UsageError(str(error)) from None
    redact.register(token)
    if source is not None:
        log.info("GitHub token: from %s", source)
    return token


def parse_fail_on(text: str) -> tuple[str, ...]:
    rules = tuple(part.strip() for part in text.split(",") if part.strip())
    for rule in rules:
        if rule in ("dead", "new-dead", "placeholder", "never"):
            continue
        name = rule.removeprefix("tier-below:")
        if rule.startswith("tier-below:") and name in {tier.value for tier in TIER_ORDER}:
            continue
        raise UsageError(f"--fail-on: unknown value {rule!r} ({FAIL_ON_HELP})")
    return rules or ("dead",)


def findings(card: Scorecard, rules: Sequence[str]) -> list[str]:
    """The `--fail-on` rules the scorecard trips, each as a short sentence."""
    found: list[str] = []
    tiers = [paper.score.tier for paper in card.papers if paper.score is not None]
    if "dead" in rules:
        dead = sum(
            1 for entry in card.links if entry.outcome == Outcome.DEAD and not entry.is_acknowledged
        )
        if dead:
            found.append(f"{dead} dead link(s)")
    if "new-dead" in rules:
        newly = len(history.new_dead(card))
        if newly:
            found.append(f"{newly} newly dead link(s)")
    if "placeholder" in rules:
        placeholders = sum(1 for tier in tiers if tier == Tier.PLACEHOLDER)
        if placeholders:
            found.append(f"{placeholders} paper(s) with placeholder code")
    for rule in rules:
        if rule.startswith("tier-below:"):
            floor = TIER_ORDER.index(Tier(rule.removeprefix("tier-below:")))
            below = [
                tier
                for tier in tiers
                if tier in TIER_ORDER[:floor] or tier in (Tier.DEAD, Tier.PLACEHOLDER)
            ]
            if below:
                found.append(f"{len(below)} paper(s) with code below {TIER_ORDER[floor]}")
    return found


def write_reports(card: Scorecard, out_dir: Path, *, with_json: bool) -> str:
    """Writes the reports as one set (`scorecard.write_report_set`); returns the Markdown
    summary (the Actions job summary reuses it). Without `with_json`, the scorecard.json
    already there joins the new set unchanged."""
    files: dict[str, str | Iterable[str]] = {}
    if with_json:  # written in pieces: the whole document's JSON values are never in memory
        files["scorecard.json"] = (redact.scrub(part) for part in scorecard.dump_chunks(card))
    elif (out_dir / "scorecard.json").is_file():
        files["scorecard.json"] = redact.scrub(
            (out_dir / "scorecard.json").read_text(encoding="utf-8")
        )
    summary = files["summary.md"] = redact.scrub(render.render_markdown(card))
    files["index.html"] = redact.scrub(render.render_html(card))
    scorecard.write_report_set(out_dir, files)
    return summary


def _print_extraction(extraction: extract.Extraction, form: str, out: TextIO) -> None:
    if form == "json":
        document = scorecard.extraction_json(extraction.papers, extraction.links)
        out.write(scorecard.dumps_json(document))
        return
    names = {paper.id: paper.name for paper in extraction.papers}
    width = max((len(kind.value) for kind in LinkKind), default=10)
    for link in extraction.links:
        papers = ", ".join(f"{names.get(pid, pid)} ({pid})" for pid in link.papers)
        # Names and URLs come from the lists: no escape sequence of theirs reaches a terminal.
        line = redact.for_terminal(f"{link.url}  ← {papers}").replace("\n", " ")
        out.write(f"{link.kind.value:<{width}}  {line}\n")
    read = ", ".join(
        f"{count} paper lists read in {folder}" for folder, count in extraction.folders
    )
    read = f" ({read})" if read else ""
    out.write(f"{len(extraction.papers)} papers, {len(extraction.links)} links{read}\n")


def _run_extract(args: argparse.Namespace, out: TextIO) -> int:
    # `extract` uses no network: a list page's URL is named as such, not as a missing file.
    urls = [path for path in args.paths if pipeline.is_url_input(path)]
    for url in urls:
        log.error("%s: a URL; extract reads files only (`auditor audit` fetches list pages)", url)
    # Extraction logs its own errors and warnings as it reads.
    extraction = extract.extract_inputs(
        [path for path in args.paths if path not in urls],
        paper_date=args.paper_date,
        limits=limits_from(args),
    )
    code = EXIT_USAGE if extraction.errors or urls else EXIT_OK
    with _reader_may_stop(out):
        _print_extraction(extraction, args.format, out)
    return code


@contextlib.contextmanager
def _reader_may_stop(out: TextIO) -> Iterator[None]:
    """Printing to a pipe whose reader stopped (`auditor extract … | head -1`) ends the output
    quietly: the reader took what it wanted, which is no error."""
    try:
        yield
        out.flush()
    except BrokenPipeError:
        # Whatever is still buffered goes nowhere, and Python's own flush at exit stays quiet.
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, out.fileno())
            os.close(devnull)


def _exit_code(
    card: Scorecard, rules: Sequence[str], input_errors: bool, *, internal_errors: int = 0
) -> int:
    """The one exit code of a run that wrote its reports: 4, then 2, then 1, then 3."""
    problems = findings(card, rules) if "never" not in rules else []
    for problem in problems:
        log.warning("%s", problem)
    links = card.links
    if internal_errors:
        log.error(
            "%d link(s) hit an internal error (a bug of paper-auditor; they are unchecked): "
            "please report it at %s",
            internal_errors,
            ISSUES_URL,
        )
        return EXIT_INTERNAL
    if input_errors:
        return EXIT_USAGE
    if problems:
        return EXIT_FINDINGS
    if links and all(entry.outcome == Outcome.UNCHECKED for entry in links):
        log.warning("no link got a verdict: nothing could be checked")
        return EXIT_NOTHING_CHECKED
    return EXIT_OK


def _publish(
    card: Scorecard, out_dir: Path, environ: Mapping[str, str], *, with_json: bool
) -> None:
    summary = write_reports(card, out_dir, with_json=with_json)
    actions.report_to_actions(
        card,
        environ=environ,
        summary_markdown=summary,
        report_path=out_dir,
        out=sys.stdout,
    )
    log.info("reports written to %s", out_dir)


class _Observer(pipeline.Observer):
    """Stores each result in the history as it is final, and counts it on the progress line.
    The history is opened, and the run begun in it, only once every input was read
    (`inputs_read`): a run with an input missing never touches it. A history that fails to
    store is given up with one error: the run and its reports go on."""

    def __init__(self, db: Path, progress: Progress) -> None:
        self.db = db
        self.runs: history.History | None = None
        self._opened: history.History | None = None
        self.run_id: int | None = None
        self.progress = progress

    def inputs_read(self, complete: bool) -> None:
        if not complete:
            log.warning(
                "the run history is left as it was: only a run that read every input is recorded"
            )
            return
        self.runs = self._opened = _open_history(self.db)
        self.run_id = _begin(self.runs)

    def close(self) -> None:
        if self._opened is not None:
            self._opened.close()

    def planned(self, count: int) -> None:
        self.progress.add_total(count)

    def finished(self, result: LinkResult) -> None:
        if self.runs is not None and self.run_id is not None:
            try:
                self.runs.store_link(self.run_id, result)
            except history.HistoryError as error:
                log.error("%s; the run goes on without its history", error)
                self.runs = None
        self.progress.advance(result)

    def github_budget(self, remaining: int | None) -> None:
        self.progress.github_budget(remaining)


@contextlib.contextmanager
def _progress(args: argparse.Namespace, environ: Mapping[str, str]) -> Iterator[Progress]:
    """Progress on stderr, never with --quiet: one line redrawn on a terminal, plain lines every
    ~10 s in a log (grouped under GitHub Actions); the log's own lines kept apart from it."""
    progress = Progress(0, sys.stderr, enabled=not args.quiet, environ=environ)
    handlers = logging.getLogger("auditor").handlers
    clearing = progress.logging_filter()
    for handler in handlers:
        handler.addFilter(clearing)
    try:
        with progress:
            yield progress
    finally:
        for handler in handlers:
            handler.removeFilter(clearing)


def _open_history(path: Path) -> history.History | None:
    """The run history, or None (one error line) when it cannot be used: the run goes on and
    writes its reports without the history's comparison; the exit code says 2."""
    try:
        return history.History.open(path)
    except (history.HistoryError, OSError) as error:
        log.error("%s; the reports are written without the run history", error)
        return None


def _internal_errors(card: Scorecard) -> int:
    return sum(
        1 for entry in card.links if entry.result.check.detail.startswith(INTERNAL_ERROR_DETAIL)
    )


def _record(
    runs: history.History | None,
    card: Scorecard,
    publish: Callable[[Scorecard], None],
    *,
    run_id: int | None,
    reported_by_issue: bool,
) -> tuple[Scorecard, bool]:
    """Annotate `card` with the history, write its reports (`publish`), and only then record
    the run finished (and reported, unless a tracking issue is still to carry it). (card as
    written, whether the history failed.)"""
    failed = runs is None
    if runs is not None:
        try:
            run_id = run_id if run_id is not None else runs.begin_run(card.generated_at)
            card = runs.annotate_run(run_id, card)
        except history.HistoryError as error:
            log.error("%s; the reports are written without the run history", error)
            runs, failed = None, True
    publish(card)
    if runs is not None and run_id is not None:
        try:
            runs.mark_finished(run_id, reported=not reported_by_issue)
        except history.HistoryError as error:
            log.error("%s", error)
            failed = True
    return card, failed


def _load_rubric(args: argparse.Namespace) -> rubric.Rubric:
    """The rubric of `--config`, else of ./pyproject.toml: `audit` and `merge` read it alike."""
    try:
        return rubric.load_rubric(args.config, pyproject=Path("pyproject.toml"))
    except configfile.ConfigError as error:
        raise UsageError(str(error)) from None


def _load_acknowledgements(
    args: argparse.Namespace,
) -> tuple[acknowledgements.AcknowledgementRule, ...]:
    """The acknowledged dead links of `--acknowledgements` (else ./.paper-auditor-ignore) and of
    the configuration: `audit` and `merge` read them alike, before any work."""
    try:
        return acknowledgements.load_acknowledgements(
            args.acknowledgements, config=args.config, pyproject=Path("pyproject.toml")
        )
    except configfile.ConfigError as error:
        raise UsageError(str(error)) from None


def _acknowledged(
    card: Scorecard, rules: Sequence[acknowledgements.AcknowledgementRule]
) -> Scorecard:
    """`card` with its acknowledged links marked, as of the day it was generated (UTC)."""
    today = date.fromisoformat(card.generated_at[:10])
    return acknowledgements.apply_acknowledgements(card, rules, today)


def _run_async(run: Coroutine[Any, Any, pipeline.RunOutcome]) -> pipeline.RunOutcome:
    """`asyncio.run(run)`, without the finished main task holding the outcome: Python 3.11's
    runner formats that task's repr when it restores the SIGINT handler, which at 20,000
    papers wrote the whole audit out as text (hundreds of MB, seconds of CPU)."""
    done: list[pipeline.RunOutcome] = []

    async def main() -> None:
        done.append(await run)

    asyncio.run(main())
    return done[0]


def _run_audit(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    rules = parse_fail_on(args.fail_on)
    settings = settings_from(args, environ)
    scoring = _load_rubric(args)
    acknowledgement_rules = _load_acknowledgements(args)
    try:
        shard_of = shard.parse_shard(args.shard) if args.shard else None
    except shard.ShardError as error:
        raise UsageError(str(error)) from None
    if shard_of is not None:
        if args.db is not None:
            raise UsageError("--db goes with `auditor merge`, not with --shard")
        outcome = _run_async(
            pipeline.run(
                args.paths, settings, scoring, shard_of=shard_of, allow_missing=args.allow_missing
            )
        )
        if outcome.stopped:
            return _stopped(settings.out_dir, history_kept=False)
        card = _acknowledged(scorecard.build_scorecard(outcome.audit), acknowledgement_rules)
        card = shard.stamp(card, *shard_of)
        write_reports(card, settings.out_dir, with_json=True)
        _say_cache_reuse(card, quiet=args.quiet)
        return _exit_code(card, rules, bool(outcome.errors), internal_errors=_internal_errors(card))
    observer: _Observer | None = None
    try:
        with _progress(args, environ) as progress:
            observer = _Observer(args.db or settings.out_dir / "history.sqlite", progress)
            outcome = _run_async(
                pipeline.run(
                    args.paths,
                    settings,
                    scoring,
                    observer=observer,
                    allow_missing=args.allow_missing,
                )
            )
        if outcome.stopped:  # no file written, nothing recorded
            return _stopped(settings.out_dir, history_kept=True)
        card, failed = _record(
            observer.runs if observer.run_id is not None else None,
            _acknowledged(scorecard.build_scorecard(outcome.audit), acknowledgement_rules),
            lambda card: _publish(card, settings.out_dir, environ, with_json=True),
            run_id=observer.run_id,
            reported_by_issue=args.reported_by_issue,
        )
    finally:
        if observer is not None:
            observer.close()
    _say_cache_reuse(card, quiet=args.quiet)
    return _exit_code(
        card, rules, bool(outcome.errors) or failed, internal_errors=_internal_errors(card)
    )


def _say_cache_reuse(card: Scorecard, *, quiet: bool) -> None:
    """The verdicts taken from the cache, on stderr: a warm run must not pass for a fresh one."""
    sentence = render.cache_reuse_sentence(card.cache)
    if sentence is not None and not quiet:
        sys.stderr.write(f"auditor: {sentence}\n")


def _begin(runs: history.History | None) -> int | None:
    if runs is None:
        return None
    try:
        return runs.begin_run()
    except history.HistoryError as error:
        log.error("%s; the reports are written without the run history", error)
        return None


def _stopped(out_dir: Path, *, history_kept: bool) -> int:
    """An input could not be read (its error is logged): nothing was checked or written."""
    kept = " and the run history are" if history_kept else " are"
    log.error(
        "nothing written: an input could not be read; the reports in %s%s left as they were "
        "(--allow-missing writes them from the inputs that were read)",
        out_dir,
        kept,
    )
    return EXIT_USAGE


def _run_merge(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    rules = parse_fail_on(args.fail_on)
    scoring = _load_rubric(args)
    acknowledgement_rules = _load_acknowledgements(args)
    parts = [scorecard.load_scorecard(path) for path in args.scorecards]
    try:
        merged = shard.merge(parts, scoring)
    except shard.ShardError as error:
        raise UsageError(str(error)) from None
    # The shards' marks are not merged: the acknowledgements given to `merge` decide.
    merged = _acknowledged(merged, acknowledgement_rules)
    runs = _open_history(args.db or args.out / "history.sqlite")
    try:
        card, failed = _record(
            runs,
            merged,
            lambda card: _publish(card, args.out, environ, with_json=True),
            run_id=None,
            reported_by_issue=args.reported_by_issue,
        )
    finally:
        if runs is not None:
            runs.close()
    return _exit_code(card, rules, failed, internal_errors=_internal_errors(card))


def _run_issue(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    card = scorecard.load_scorecard(args.scorecard)
    repository = args.repository or environ.get("GITHUB_REPOSITORY", "")
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", repository):
        raise UsageError("--repository OWNER/REPO (or $GITHUB_REPOSITORY) is needed")
    token = _token(environ)
    if token is None:
        raise UsageError("a token with issues: write is needed in GITHUB_TOKEN or GH_TOKEN")
    api_url, _, _ = config.github_urls_from(environ)
    try:
        done = actions.sync_tracking_issue(
            card,
            repository=repository,
            token=token,
            api_url=api_url,
            report_url=args.report_url or None,
        )
    except actions.IssueSyncError as error:
        raise UsageError(str(error)) from None
    log.info("tracking issue: %s", done)
    if args.db is not None:
        # Only now has this run reached its readers: its new deaths stop being new.
        runs = _open_history(args.db)
        if runs is None:
            return EXIT_USAGE
        try:
            if not runs.mark_reported(card.generated_at):
                log.warning(
                    "%s holds no finished run of %s: nothing marked reported",
                    args.db,
                    card.generated_at,
                )
        finally:
            runs.close()
    return EXIT_OK


def _run_render(args: argparse.Namespace) -> int:
    card = scorecard.load_scorecard(args.scorecard)
    out_dir = args.out or args.scorecard.parent
    write_reports(card, out_dir, with_json=args.out is not None)
    log.info("reports written to %s", out_dir)
    return EXIT_OK


def _run_readme(args: argparse.Namespace, out: TextIO) -> int:
    try:
        judged = readme_check.check_path(args.path)
    except readme_check.ReadmeCheckError as error:
        raise UsageError(str(error)) from None
    with _reader_may_stop(out):
        if args.format == "json":
            out.write(json.dumps(judged.as_json(), indent=2, ensure_ascii=False) + "\n")
        else:
            out.write(judged.as_text())
    return EXIT_OK


def entry() -> int:
    """The `auditor` console script: the run's clock starts with the process."""
    return main(started=run_clock.PROCESS_STARTED)


def main(
    argv: Sequence[str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    started: float | None = None,
) -> int:
    """The command line. `started` (a `time.monotonic()` reading, default now) is when the run
    began: `--max-run-time` counts from it."""
    started = time.monotonic() if started is None else started
    environ = os.environ if environ is None else environ
    parser = build_parser()
    try:
        args = parser.parse_args(_paths_kept(sys.argv[1:] if argv is None else argv))
    except SystemExit as stop:  # argparse: --help and --version exit 0, bad usage exits 2
        return int(stop.code or 0)
    _configure_logging(-1 if args.quiet else args.verbose, sys.stderr, environ)
    try:
        if args.command == "extract":
            return _run_extract(args, sys.stdout)
        if args.command == "audit":
            limit = run_clock.Deadline.after(args.max_run_time, start=started)
            with run_clock.running(limit):
                return _run_audit(args, environ)
        if args.command == "merge":
            return _run_merge(args, environ)
        if args.command == "issue":
            return _run_issue(args, environ)
        if args.command == "readme":
            return _run_readme(args, sys.stdout)
        return _run_render(args)
    except (UsageError, scorecard.ScorecardError, history.HistoryError) as error:
        log.error("%s", error)
        return EXIT_USAGE
    except KeyboardInterrupt:
        log.error("interrupted")
        return 130
    except OSError as error:
        log.error("%s", error)
        return EXIT_USAGE
    except Exception as error:  # a bug of ours: one line saying so, never a traceback
        where = _where(error)
        log.error(
            "internal error (a bug of paper-auditor, not of your input): %s: %s%s; "
            "please report it at %s",
            type(error).__name__,
            str(error)[:300],
            where,
            ISSUES_URL,
        )
        log.debug("internal error", exc_info=error)
        return EXIT_INTERNAL


def _paths_kept(argv: Sequence[str]) -> list[str]:
    """`--allow-private` takes an optional CIDR: followed by an existing file or folder, a URL
    or `-`, it takes none, and that argument stays a path (`audit --allow-private list.md`)."""
    given = list(argv)
    for index, word in enumerate(given[:-1]):
        following = given[index + 1]
        if word == "--allow-private" and (
            following == "-" or pipeline.is_url_input(following) or os.path.exists(following)
        ):
            given[index] = "--allow-private=all"
    return given


def _where(error: BaseException) -> str:
    """` at file:line` of the innermost frame of ours in the error's traceback."""
    trace = error.__traceback__
    found = ""
    while trace is not None:
        code = trace.tb_frame.f_code
        if "auditor" in code.co_filename:
            found = f" at {Path(code.co_filename).name}:{trace.tb_lineno}"
        trace = trace.tb_next
    return found
