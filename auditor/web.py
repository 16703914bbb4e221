"""Checking links over HTTP: one verdict (`LinkCheck`) per URL, never a traceback.

Per link: HEAD, or GET when the body matters (HTML project pages) or when HEAD is refused;
redirects followed by hand, hop by hop, each through the address guard of `auditor.net`;
bodies streamed and capped after decompression; transient answers retried with backoff, and
hosts that ask for a long wait deferred to a slower second pass. A failure that may be our own
network's (a name that does not resolve, a refused connection) becomes a verdict only while the
DNS canary shows that our network works; otherwise the link is `unchecked`.
"""

from __future__ import annotations

import asyncio
import contextlib
import email.utils
import logging
import random
import re
import ssl
import time
import zlib
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC
from http import HTTPStatus
from typing import Any, Literal
from urllib.parse import urljoin, urlsplit

import httpx
from bs4.element import NavigableString, Tag

from auditor.links import HTML_KINDS, harvests_code, is_harvestable
from auditor.models import Hop, LinkCheck, LinkKind, Outcome
from auditor.net import AddressRefused, NameNotResolved, Net
from auditor.sources import parse_html
from auditor.store import VerdictCache
from auditor.timestamps import now_iso

log = logging.getLogger(__name__)

# Schemes a link (or a redirect) must never lead us to; other non-HTTP schemes are `unsupported`.
REFUSED_SCHEMES = frozenset({"file", "javascript", "data", "vbscript", "blob"})
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})  # RFC 9110 §15.4
PERMANENT_STATUSES = frozenset({301, 308})
# Longest wait for a retry taken in the first pass; a longer one defers the link to the second.
INLINE_WAIT = 5.0
ANONYMOUS_NOTE = "anonymised review link: not a permanent home for code"
_sleep = asyncio.sleep  # the retry waits; tests replace it to observe the decisions


class FetchError(Exception):
    """`fetch_document` could not get the document; the message is one line."""


def not_checked(detail: str) -> LinkCheck:
    """An `unchecked` verdict, e.g. for the links an interrupted run never reached."""
    return LinkCheck(Outcome.UNCHECKED, detail, now_iso())


# --- Waiting: Retry-After, rate-limit headers, backoff ---------------------------------------


def parse_retry_after(value: str, *, now: float) -> float | None:
    """Seconds to wait from a Retry-After value (RFC 9110 §10.2.3): delay-seconds or an
    HTTP-date (§5.6.7). A date in the past means 0; garbage means None."""
    value = value.strip()
    if value.isascii() and value.isdigit():  # "²" is a digit to str.isdigit, not to float
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # HTTP-dates are always GMT
        when = when.replace(tzinfo=UTC)
    return max(0.0, when.timestamp() - now)


def server_wait(headers: httpx.Headers, *, now: float) -> float | None:
    """How long the server asks us to wait: Retry-After, else X-RateLimit-Reset (an epoch time
    on GitHub and most APIs; a small number is taken as seconds from now)."""
    retry_after = headers.get("retry-after")
    if retry_after is not None:
        wait = parse_retry_after(retry_after, now=now)
        if wait is not None:
            return wait
    reset = headers.get("x-ratelimit-reset", "").strip()
    try:
        moment = float(reset)
    except ValueError:
        return None
    if moment > 1e9:
        return max(0.0, moment - now)
    return max(0.0, moment)


def backoff_delay(attempt: int, base: float) -> float:
    """Exponential backoff with "equal jitter": half fixed, half random, so retries from many
    links do not fall in step."""
    ceiling = base * 2.0**attempt
    return ceiling / 2 + random.uniform(0, ceiling / 2)


def _seconds(value: float) -> str:
    if value >= 86400 * 2:
        return f"{value / 86400:.0f} days"
    if value >= 7200:
        return f"{value / 3600:.0f} h"
    return f"{value:.0f} s" if value >= 10 else f"{value:.1f} s"


def _status_text(status: int) -> str:
    try:
        return f"{status} {HTTPStatus(status).phrase}"
    except ValueError:
        return f"HTTP {status}"


def _redirect_note(hops: Sequence[Hop]) -> str:
    if not hops:
        return ""
    return f" after {len(hops)} redirect" + ("s" if len(hops) > 1 else "")


# --- Bodies: capped after decompression -------------------------------------------------------


class CappedBody:
    """Collects a response body up to `cap` bytes *after* decoding its Content-Encoding, so a
    small compressed body cannot expand in memory (a gzip bomb): zlib is never asked for more
    output than the room left."""

    def __init__(self, content_encoding: str, cap: int) -> None:
        self.cap = cap
        self.data = bytearray()
        self.raw_bytes = 0
        self.truncated = False
        self.error: str | None = None
        codings = [c.strip().lower() for c in content_encoding.split(",")]
        codings = [c for c in codings if c and c != "identity"]
        self._coding = "" if not codings else codings[0] if len(codings) == 1 else "several"
        if self._coding == "x-gzip":  # RFC 9110 §8.4.1.3
            self._coding = "gzip"
        self._decoder: Any = None
        self._head = b""  # the first byte of a deflate body, until its format is known
        if self._coding == "gzip":
            self._decoder = zlib.decompressobj(16 + zlib.MAX_WBITS)
        elif self._coding not in ("", "deflate"):
            self.error = f"unsupported content encoding {content_encoding!r}"

    def feed(self, chunk: bytes) -> bool:
        """Take one raw chunk; False once nothing more is wanted (cap reached or error)."""
        if self.error is not None or self.truncated:
            return False
        self.raw_bytes += len(chunk)
        if self._coding == "deflate" and self._decoder is None:
            # RFC 9110 §8.4.1.2 means the zlib format (RFC 1950); some servers send raw
            # deflate (RFC 1951). A zlib header's two bytes are a multiple of 31, method 8.
            chunk = self._head + chunk
            if len(chunk) < 2:
                self._head = chunk
                return True
            zlib_header = chunk[0] & 0x0F == 8 and (chunk[0] << 8 | chunk[1]) % 31 == 0
            self._decoder = zlib.decompressobj(zlib.MAX_WBITS if zlib_header else -zlib.MAX_WBITS)
        if self._decoder is None:
            self._keep(chunk)
        else:
            try:
                self._inflate(chunk)
            except zlib.error as exc:
                self.error = f"undecodable {self._coding} body ({exc})"
                return False
        # Raw bytes are capped too: endless compressed input that inflates to nothing.
        if self.raw_bytes > self.cap:
            self.truncated = True
        return not self.truncated

    def _keep(self, piece: bytes) -> None:
        room = self.cap - len(self.data)
        if len(piece) > room:
            self.data += piece[:room]
            self.truncated = True
        else:
            self.data += piece

    def _inflate(self, chunk: bytes) -> None:
        data = chunk
        while data and not self.truncated:
            # One byte more than the room tells a body that exceeds the cap from one that fits.
            self._keep(self._decoder.decompress(data, self.cap - len(self.data) + 1))
            data = self._decoder.unconsumed_tail
            if not data and self._decoder.eof and self._decoder.unused_data:
                # RFC 1952 §2.2: a gzip file may be several members in a row.
                data = self._decoder.unused_data
                self._decoder = zlib.decompressobj(16 + zlib.MAX_WBITS)


# --- Pages: title, soft 404, code links -----------------------------------------------------

_SOFT_404_TITLE = re.compile(
    r"""(?ix)
    \b404\b
    | \bpage\s+not\s+found\b
    | ^\s*not\s+found\s*$
    | \bfile\s+not\s+found\b
    | \bsite\s+not\s+found\b
    | \bpage\s+(?:does\s+not|doesn't|could\s+not|couldn't|cannot|can't)\s+(?:exist|be\s+found)\b
    | \bno\s+such\s+(?:app|site|page)\b
    """
)
# Phrases that only error and parking pages say (checked in the visible text).
_SOFT_404_TEXT = re.compile(
    r"""(?ix)
    there\s+isn't\s+a\s+github\s+pages\s+site\s+here
    | the\s+site\s+configured\s+at\s+this\s+address\s+does\s+not\s+contain\s+the\s+requested\s+file
    | this\s+page\s+could\s+not\s+be\s+found
    | looks\s+like\s+you've\s+followed\s+a\s+broken\s+link
    | this\s+domain\s+(?:name\s+)?(?:is|may\s+be)\s+for\s+sale
    | buy\s+this\s+domain
    | this\s+domain\s+(?:is\s+parked|has\s+expired)
    | parked\s+free,?\s+courtesy\s+of
    | domain\s+parking\s+by
    """
)
_CREDIT_TEXT = re.compile(
    r"""(?ix)
    \btemplates?\b
    | \bborrowed\s+from\b
    | \badapted\s+from\b
    | \bwebsite\s+source\b
    | \bsource\s+(?:code\s+)?(?:of|for)\s+this\s+(?:web\s*site|page)\b
    | \b(?:website|page)\s+(?:is\s+)?(?:based|built)\s+on\b
    """
)
_CHARSET = re.compile(r"charset=[\"']?([\w.:-]+)", re.IGNORECASE)
_META_CHARSET = re.compile(rb"<meta[^>]+charset=[\"']?([\w.:-]+)", re.IGNORECASE)
_CREDIT_MARKERS = ("footer", "credit")
# Elements that hold a sentence or less, as opposed to containers (div, section, body).
_TEXT_ELEMENTS = frozenset(
    {"p", "li", "td", "dd", "dt", "figcaption", "caption", "label", "small", "span", "em",
     "strong", "b", "i", "sup", "sub", "h1", "h2", "h3", "h4", "h5", "h6"}
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class PageFacts:
    title: str | None
    soft_404: str | None  # why the page looks like an error page, when it does
    code_links: tuple[str, ...]


def _text(node: Tag | NavigableString | None, limit: int) -> str:
    if node is None:
        return ""
    text = node.get_text(" ", strip=True) if isinstance(node, Tag) else str(node)
    return " ".join(text.split())[:limit]


def _is_inline(node: Tag) -> bool:
    return node.name in _TEXT_ELEMENTS or node.name in {"a", "code", "abbr", "cite", "q"}


def _credited(anchor: Tag) -> bool:
    """Whether an anchor is a footer link or a credit (template, "borrowed from"…)."""
    for ancestor in anchor.parents:
        if ancestor.name == "footer":
            return True
        classes = ancestor.get("class") or ()
        markers = " ".join([str(ancestor.get("id") or ""), *classes]).lower()
        if any(marker in markers for marker in _CREDIT_MARKERS):
            return True
    # The words right around the anchor, or the sentence-sized element holding it.
    # Block siblings (a <footer> after the link) are other text, not the anchor's own words.
    siblings = (anchor.previous_sibling, anchor, anchor.next_sibling)
    nearby = " ".join(
        _text(node, 150)
        for node in siblings
        if isinstance(node, NavigableString) or (isinstance(node, Tag) and _is_inline(node))
    )
    node = anchor.parent
    while isinstance(node, Tag) and node.name in _TEXT_ELEMENTS:
        text = _text(node, 400)
        if len(text) >= 300:
            break
        nearby = text
        node = node.parent
    return bool(_CREDIT_TEXT.search(nearby))


def _charset(content_type: str | None, body: bytes) -> str:
    """The header's charset, else a <meta charset> early in the page (the HTML standard's
    prescan, simplified), else UTF-8."""
    found = _CHARSET.search(content_type or "")
    if found:
        return found.group(1)
    meta = _META_CHARSET.search(body[:2048])
    return meta.group(1).decode("ascii") if meta else "utf-8"


def analyse_page(body: bytes, url: str, content_type: str | None = None) -> PageFacts:
    """Title, soft-404 verdict and code links of an HTML page; tolerant of any bytes."""
    charset = _charset(content_type, body)
    try:
        text = body.decode(charset, errors="replace")
    except LookupError:  # an unknown charset name
        text = body.decode("utf-8", errors="replace")
    soup = parse_html(text)
    title = (_text(soup.title, 300) or None) if soup.title is not None else None
    heading = soup.find("h1")
    heading_text = _text(heading, 200) if isinstance(heading, Tag) else ""
    soft_404: str | None = None
    for candidate in (title or "", heading_text):
        if candidate and _SOFT_404_TITLE.search(candidate):
            soft_404 = f'the page says "{candidate}"'
            break
    if soft_404 is None:
        found = _SOFT_404_TEXT.search(" ".join(soup.get_text(" ", strip=True).split())[:20000])
        if found:
            soft_404 = f'the page says "{found.group(0)}"'
    base = url
    base_tag = soup.find("base", href=True)
    if isinstance(base_tag, Tag):
        with contextlib.suppress(ValueError):  # a base no URL parser accepts: the page's own
            base = urljoin(url, str(base_tag["href"]).strip())
    links: dict[str, None] = {}
    anchors = soup.find_all("a", href=True) if harvests_code(url) else []
    for anchor in anchors:
        try:
            target = urljoin(base, str(anchor["href"]).strip())
        except ValueError:  # e.g. an invalid IPv6 literal
            continue
        if is_harvestable(target) and not _credited(anchor):
            links.setdefault(target, None)
    return PageFacts(title, soft_404, tuple(links))


def is_canonicalising(source: str, target: str) -> bool:
    """Whether a redirect only canonicalises the address: http→https, a trailing slash, a
    `www.` prefix, the host's case, or an explicit default port."""

    def key(url: str) -> tuple[str, int | None, str, str]:
        parts = urlsplit(url)
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
        if (parts.scheme, port) in (("http", 80), ("https", 443)):
            port = None  # the scheme's default, whichever scheme it is
        host = (parts.hostname or "").removeprefix("www.")
        return host, port, parts.path.rstrip("/"), parts.query

    schemes = (urlsplit(source).scheme, urlsplit(target).scheme)
    if schemes[0] != schemes[1] and schemes != ("http", "https"):
        return False
    try:
        return key(source) == key(target)
    except ValueError:  # an invalid port
        return False


# --- One request -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Response:
    url: str
    status: int
    headers: httpx.Headers
    body: bytes | None = None
    note: str | None = None  # what went wrong while reading the body


class _Failure(Exception):
    """No usable answer. `outcome` is the verdict once retries are spent; `unreached` marks a
    failure to resolve or connect, which may be our network's rather than the link's."""

    def __init__(
        self,
        outcome: Outcome,
        reason: str,
        *,
        retryable: bool = False,
        unreached: bool = False,
        status: int | None = None,
        wait: float | None = None,
        offline_reason: str | None = None,
    ) -> None:
        super().__init__(reason)
        # How to say it when our own network is down and the failure is no verdict.
        self.offline_reason = offline_reason or reason
        self.outcome = outcome
        self.reason = reason
        self.retryable = retryable
        self.unreached = unreached
        self.status = status
        self.wait = wait
        self.hops: tuple[Hop, ...] = ()
        self.url: str | None = None


def _tls_error(exc: BaseException) -> ssl.SSLError | None:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, ssl.SSLError):
            return current
        current = current.__cause__ or current.__context__
    return None


def _classify(exc: Exception, settings_timeout: float, deadline: float) -> _Failure:
    """The failure an exception from httpx (or the guard) stands for."""
    T = Outcome.TRANSIENT
    if isinstance(exc, AddressRefused):
        shown = ", ".join(exc.addresses)
        return _Failure(
            Outcome.EXCLUDED,
            f"{exc.host} resolves to a private or reserved address ({shown}); not connecting",
        )
    if isinstance(exc, NameNotResolved):
        if exc.nxdomain:
            return _Failure(
                Outcome.DEAD,
                f"host {exc.host} does not exist",
                unreached=True,
                offline_reason=f"DNS lookup of {exc.host} failed",
            )
        return _Failure(T, f"DNS lookup of {exc.host} failed", retryable=True, unreached=True)
    if isinstance(exc, TimeoutError):
        return _Failure(T, f"no complete answer within the {_seconds(deadline)} link deadline")
    tls = _tls_error(exc)
    if tls is not None:
        if isinstance(tls, ssl.SSLCertVerificationError):
            return _Failure(Outcome.BLOCKED, f"TLS certificate rejected ({tls.verify_message})")
        return _Failure(T, f"TLS handshake failed ({tls.reason or tls})")
    if isinstance(exc, httpx.ConnectTimeout):
        return _Failure(T, "connection timed out", retryable=True, unreached=True)
    if isinstance(exc, httpx.ConnectError):
        return _Failure(T, f"connection failed ({exc})", retryable=True, unreached=True)
    if isinstance(exc, httpx.TimeoutException):
        return _Failure(T, f"no answer within {_seconds(settings_timeout)}", retryable=True)
    if isinstance(exc, httpx.RemoteProtocolError):
        return _Failure(T, f"the server broke the HTTP protocol ({exc})", retryable=True)
    if isinstance(exc, httpx.NetworkError):
        return _Failure(T, f"connection lost ({exc})", retryable=True)
    if isinstance(exc, httpx.InvalidURL | httpx.UnsupportedProtocol):
        return _Failure(Outcome.DEAD, f"not a valid URL ({exc})")
    return _Failure(T, f"request failed ({type(exc).__name__}: {exc})")


BodyWanted = Literal["none", "html", "any"]


class _Fetcher:
    """Sends one request through the run's limits and reads what is wanted of the body."""

    def __init__(self, net: Net, *, body_cap: int | None = None) -> None:
        self.net = net
        self.body_cap = body_cap or net.settings.max_body_bytes
        self.reached_any = False  # some server answered: the network works

    async def request(
        self, method: str, url: str, *, body: BodyWanted, headers: dict[str, str] | None = None
    ) -> _Response:
        settings = self.net.settings
        try:
            return await self._request(method, url, body, headers or {})
        except _Failure:
            raise
        except (httpx.HTTPError, httpx.InvalidURL, OSError, TimeoutError, ValueError) as exc:
            raise _classify(exc, settings.timeout, settings.link_deadline) from None

    async def _request(
        self, method: str, url: str, body: BodyWanted, headers: dict[str, str]
    ) -> _Response:
        settings = self.net.settings
        # We decode bodies ourselves (CappedBody), so only codings we can bound are offered.
        headers = {"Accept-Encoding": "gzip, deflate", **headers}
        if method == "GET":
            headers.setdefault("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
        request = self.net.client.build_request(method, url, headers=headers)
        loop = asyncio.get_running_loop()
        async with self.net.slot(request.url.host):
            # `link_deadline` bounds the whole exchange: a server that drips one byte at a time
            # never trips the read timeout.
            deadline = loop.time() + settings.link_deadline
            async with asyncio.timeout_at(deadline):
                # The transport, not `client.send`: httpx parses Location into `next_request`
                # even when not following redirects, and a Location it cannot parse would cost
                # us the whole answer.
                response = await self.net.transport.handle_async_request(request)
            response.request = request
            self.net.client.cookies.extract_cookies(response)
            self.reached_any = True
            try:
                return await self._read(response, url, body, deadline)
            finally:
                with contextlib.suppress(httpx.HTTPError, OSError):
                    await response.aclose()

    async def _read(
        self, response: httpx.Response, url: str, body: BodyWanted, deadline: float
    ) -> _Response:
        content_type = response.headers.get("content-type", "")
        wanted = response.is_success and (
            body == "any"
            or (body == "html" and (not content_type or "html" in content_type.lower()))
        )
        if not wanted:
            return _Response(url, response.status_code, response.headers)
        reader = CappedBody(response.headers.get("content-encoding", ""), self.body_cap)
        note: str | None = None
        try:
            async with asyncio.timeout_at(deadline):
                async for chunk in response.aiter_raw():
                    if not reader.feed(chunk):
                        break
        except TimeoutError:
            note = f"body cut off at the {_seconds(self.net.settings.link_deadline)} link deadline"
        except httpx.HTTPError as exc:
            note = f"body cut short ({exc})"
        if reader.error is not None:
            note = reader.error
        elif reader.truncated:
            note = f"body larger than the {self.body_cap}-byte cap; read the start"
        return _Response(url, response.status_code, response.headers, bytes(reader.data), note)


def _redirect_target(response: _Response) -> str | None:
    """The absolute target of a redirect (RFC 9110 §10.2.2: Location may be relative)."""
    if response.status not in REDIRECT_STATUSES:
        return None
    location = response.headers.get("location")
    if location is None or not location.strip():
        return None
    try:
        return str(httpx.URL(response.url).join(location.strip()))
    except (httpx.InvalidURL, ValueError) as exc:
        raise _Failure(Outcome.DEAD, f"redirect to an invalid address ({exc})") from None


def _scheme_refusal(url: str) -> tuple[Outcome, str] | None:
    scheme = urlsplit(url).scheme.lower()
    if scheme in REFUSED_SCHEMES:
        return Outcome.EXCLUDED, f"{scheme}: addresses are never followed"
    if scheme not in ("http", "https"):
        shown = f"{scheme}: links" if scheme else "addresses without a scheme"
        return Outcome.UNSUPPORTED, f"{shown} are not checked"
    return None


# --- Checking many links ---------------------------------------------------------------------


@dataclass(slots=True)
class _Progress:
    """What one link has been through, across both passes."""

    attempts: int = 0
    started: float | None = None
    not_before: float = 0.0
    last: _Failure | None = None


@dataclass(slots=True)
class _Checker:
    net: Net
    cache: VerdictCache | None
    retry_base_delay: float
    on_result: Callable[[str, LinkCheck], None] | None
    fetcher: _Fetcher = field(init=False)
    excludes: list[re.Pattern[str]] = field(init=False)
    results: dict[str, LinkCheck] = field(default_factory=dict)
    unreached: set[str] = field(default_factory=set)
    host_not_before: dict[str, float] = field(default_factory=dict)
    head_refused: set[str] = field(default_factory=set)
    warned_offline: bool = False

    def __post_init__(self) -> None:
        self.fetcher = _Fetcher(self.net)
        self.excludes = []
        for pattern in self.net.settings.exclude:
            try:
                self.excludes.append(re.compile(pattern))
            except re.error as exc:
                log.warning("ignoring invalid exclude pattern %r: %s", pattern, exc)

    # -- the run --

    async def run(self, targets: Sequence[tuple[str, LinkKind]]) -> dict[str, LinkCheck]:
        loop = asyncio.get_running_loop()
        max_run_time = self.net.settings.max_run_time
        deadline = None if max_run_time is None else loop.time() + max_run_time
        order: dict[str, LinkKind] = {}
        for url, kind in targets:
            # A URL cited as a project page and as something else is checked as a page.
            if url not in order or kind in HTML_KINDS:
                order[url] = kind
        todo: dict[str, LinkKind] = {}
        for url, kind in order.items():
            early = self._precheck(url, kind)
            if early is None:
                todo[url] = kind
            else:
                self._record(url, early, store=False)
        progress = {url: _Progress() for url in todo}

        async def first(url: str) -> None:
            try:
                check = await self._check(url, todo[url], progress[url], second_pass=False)
            except Exception as error:  # a bug must never pass for "run time limit reached"
                check = _internal_error(url, error)
            if check is not None:
                self._record(url, check)

        await self._within(deadline, [first(url) for url in todo])
        # The second pass: links of hosts that asked for a long wait, one at a time per host.
        by_host: dict[str, list[str]] = {}
        for url in todo:
            if url not in self.results:
                by_host.setdefault(_host(url), []).append(url)

        async def second(urls: list[str]) -> None:
            for url in urls:
                try:
                    check = await self._check(url, todo[url], progress[url], second_pass=True)
                except Exception as error:  # see first()
                    check = _internal_error(url, error)
                assert check is not None
                self._record(url, check)

        await self._within(deadline, [second(urls) for urls in by_host.values()])
        for url in todo:
            if url not in self.results:
                self._record(url, not_checked("not checked: run time limit reached"), store=False)
        self._routing_guard()
        return {url: self.results[url] for url in order}

    async def _within(self, deadline: float | None, jobs: list[Coroutine[Any, Any, None]]) -> None:
        tasks = [asyncio.ensure_future(job) for job in jobs]
        if not tasks:
            return
        try:
            timeout = (
                None if deadline is None else max(0.0, deadline - asyncio.get_running_loop().time())
            )
            await asyncio.wait(tasks, timeout=timeout)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    def _record(self, url: str, check: LinkCheck, *, store: bool = True) -> None:
        self.results[url] = check
        if store and self.cache is not None:
            self.cache.put(url, check)
        if self.on_result is not None:
            self.on_result(url, check)

    def _routing_guard(self) -> None:
        """DNS may work while routing does not (a captive or broken uplink): when not a single
        server answered and several links failed to connect, the failures are ours."""
        if self.fetcher.reached_any or len(self.unreached) < 3:
            return
        log.warning(
            "no server could be reached at all; reporting %d unreachable links as unchecked",
            len(self.unreached),
        )
        for url in self.unreached:
            check = self.results[url]
            detail = f"not checked: {check.detail}, and no server could be reached at all"
            self.results[url] = replace(check, outcome=Outcome.UNCHECKED, detail=detail)

    # -- one link --

    def _precheck(self, url: str, kind: LinkKind) -> LinkCheck | None:
        """A verdict reached without the network, or None."""
        if kind is LinkKind.GITHUB_REPO:
            return not_checked("not checked: github-repo links are checked through the GitHub API")
        refusal = _scheme_refusal(url)
        if refusal is not None:
            return LinkCheck(refusal[0], refusal[1], now_iso())
        try:
            if not httpx.URL(url).host:
                return LinkCheck(Outcome.DEAD, "not a valid URL (no host)", now_iso())
        except (httpx.InvalidURL, ValueError) as exc:
            return LinkCheck(Outcome.DEAD, f"not a valid URL ({exc})", now_iso())
        excluded = self._excluded(url)
        if excluded is not None:
            return LinkCheck(Outcome.EXCLUDED, excluded, now_iso())
        return self.cache.get(url) if self.cache is not None else None

    def _excluded(self, url: str) -> str | None:
        for pattern in self.excludes:
            if pattern.search(url):
                return f"matches the exclude pattern {pattern.pattern!r}"
        return None

    async def _check(
        self, url: str, kind: LinkKind, progress: _Progress, *, second_pass: bool
    ) -> LinkCheck | None:
        """The verdict on one link, or None to defer it to the second pass."""
        try:
            check = await self._attempts(url, kind, progress, second_pass=second_pass)
        except (asyncio.CancelledError, KeyboardInterrupt):
            raise
        except Exception as exc:  # never a traceback: a bug on one page must not end the run
            log.warning("internal error while checking %s: %r", url, exc)
            log.debug("internal error while checking %s", url, exc_info=True)
            check = LinkCheck(Outcome.TRANSIENT, f"not judged: internal error ({exc!r})", now_iso())
        if (
            check is not None
            and kind is LinkKind.ANONYMOUS_REVIEW
            and check.outcome not in (Outcome.UNCHECKED, Outcome.EXCLUDED, Outcome.UNSUPPORTED)
        ):
            check = replace(check, detail=f"{check.detail}; {ANONYMOUS_NOTE}")
        return check

    async def _attempts(
        self, url: str, kind: LinkKind, progress: _Progress, *, second_pass: bool
    ) -> LinkCheck | None:
        settings = self.net.settings
        loop = asyncio.get_running_loop()
        host = _host(url)
        previous = self.cache.previous(url) if self.cache is not None else None
        while True:
            wait = max(progress.not_before, self.host_not_before.get(host, 0.0)) - loop.time()
            if wait > 0:
                if wait > settings.max_retry_wait:
                    return self._give_up(
                        progress,
                        extra=f"{host} asked us to wait {_seconds(wait)}, beyond the "
                        f"{_seconds(settings.max_retry_wait)} limit",
                    )
                if not second_pass and wait > INLINE_WAIT:
                    return None
                await _sleep(wait)
            if progress.started is None:
                progress.started = loop.time()
            try:
                return await self._chain(url, kind, previous)
            except _Failure as failure:
                failure.url = failure.url or url
                progress.last = failure
                if failure.unreached and not await self.net.dns_works():
                    return self._offline(failure)
                if not failure.retryable or progress.attempts >= settings.max_retries:
                    check = self._give_up(progress)
                    if failure.unreached and check.outcome is Outcome.TRANSIENT:
                        self.unreached.add(url)
                    return check
                now = loop.time()
                if failure.wait is not None:
                    self.host_not_before[host] = max(
                        self.host_not_before.get(host, 0.0), now + failure.wait
                    )
                delay = (
                    failure.wait
                    if failure.wait is not None
                    else backoff_delay(progress.attempts, self.retry_base_delay)
                )
                if delay > settings.max_retry_wait:
                    return self._give_up(
                        progress,
                        extra=f"the server asked us to wait {_seconds(delay)}, beyond the "
                        f"{_seconds(settings.max_retry_wait)} limit",
                    )
                progress.attempts += 1
                progress.not_before = now + delay

    def _give_up(self, progress: _Progress, *, extra: str | None = None) -> LinkCheck:
        failure = progress.last
        if failure is None:  # another link of the host learnt the wait: this one never asked
            return not_checked(f"not checked: {extra}")
        parts = [failure.reason]
        if progress.attempts:
            elapsed = asyncio.get_running_loop().time() - (progress.started or 0.0)
            times = "once" if progress.attempts == 1 else f"{progress.attempts} times"
            parts.append(f"retried {times} over {_seconds(elapsed)}")
        if extra:
            parts.append(extra)
        return LinkCheck(
            failure.outcome,
            "; ".join(parts),
            now_iso(),
            http_status=failure.status,
            final_url=failure.url if failure.hops else None,
            redirects=failure.hops,
        )

    def _offline(self, failure: _Failure) -> LinkCheck:
        canary = self.net.settings.dns_canary
        if not self.warned_offline:
            self.warned_offline = True
            log.warning(
                "our network looks down (the DNS canary %s does not resolve): links that cannot "
                "be reached are reported unchecked, not dead",
                canary,
            )
        return LinkCheck(
            Outcome.UNCHECKED,
            f"not checked: {failure.offline_reason}, and our network looks down "
            f"(the DNS canary {canary} does not resolve)",
            now_iso(),
            final_url=failure.url if failure.hops else None,
            redirects=failure.hops,
        )

    async def _chain(self, url: str, kind: LinkKind, previous: LinkCheck | None) -> LinkCheck:
        """Follow the redirects of `url` hop by hop to a verdict; raises `_Failure`."""
        settings = self.net.settings
        hops: list[Hop] = []
        transitions: set[tuple[str, str]] = set()
        current = url
        try:
            for index in range(settings.max_redirects + 1):
                if index:
                    refusal = _scheme_refusal(current)
                    excluded = self._excluded(current)
                    if refusal is None and excluded is not None:
                        refusal = (Outcome.EXCLUDED, f"redirected to an address that {excluded}")
                    if refusal is not None:
                        outcome, why = refusal
                        return self._verdict(outcome, f"redirect refused: {why}", hops, current)
                headers: dict[str, str] = {}
                if index == 0 and previous is not None and previous.final_url is None:
                    if previous.etag:
                        headers["If-None-Match"] = previous.etag
                    if previous.last_modified:
                        headers["If-Modified-Since"] = previous.last_modified
                response = await self._answer(current, kind, headers)
                target = _redirect_target(response)
                if target is None:
                    return await self._judge(
                        url, kind, response, hops, previous if headers else None
                    )
                hops.append(Hop(current, response.status))
                if (current, target) in transitions:
                    return self._verdict(Outcome.DEAD, f"redirect loop at {current}", hops, target)
                transitions.add((current, target))
                current = target
            return self._verdict(
                Outcome.DEAD, f"more than {settings.max_redirects} redirects", hops, current
            )
        except _Failure as failure:
            failure.hops = tuple(hops)
            failure.url = current
            raise

    async def _answer(self, url: str, kind: LinkKind, headers: dict[str, str]) -> _Response:
        """HEAD, or GET when the page's body is wanted or the host mishandles HEAD."""
        if kind in HTML_KINDS:
            return await self.fetcher.request("GET", url, body="html", headers=headers)
        host = _host(url)
        if host not in self.head_refused:
            response = await self.fetcher.request("HEAD", url, body="none", headers=headers)
            # A client error may be HEAD's own (405, and 400/403/404 from servers that route
            # GET only), as may 501: GET confirms before a verdict, since a false `dead` costs
            # most. 429 and other 5xx would answer a GET alike: they are retried as they are.
            if (
                response.status < 400
                or response.status == 429
                or (500 <= response.status < 600 and response.status != 501)
            ):
                return response
            confirmed = await self.fetcher.request("GET", url, body="none", headers=headers)
            if confirmed.status != response.status:
                self.head_refused.add(host)
            return confirmed
        return await self.fetcher.request("GET", url, body="none", headers=headers)

    def _verdict(
        self,
        outcome: Outcome,
        detail: str,
        hops: Sequence[Hop],
        final_url: str | None,
        **extra: Any,
    ) -> LinkCheck:
        return LinkCheck(
            outcome,
            detail,
            now_iso(),
            final_url=final_url if hops else None,
            redirects=tuple(hops),
            **extra,
        )

    async def _judge(
        self,
        url: str,
        kind: LinkKind,
        response: _Response,
        hops: list[Hop],
        previous: LinkCheck | None,
    ) -> LinkCheck:
        status = response.status
        text = _status_text(status)
        after = _redirect_note(hops)
        common: dict[str, Any] = {"http_status": status}
        if response.headers.get("cf-mitigated", "").strip().lower() == "challenge":
            return self._verdict(
                Outcome.BLOCKED,
                f"{text}: a bot challenge (cf-mitigated){after}",
                hops,
                response.url,
                **common,
            )
        if status == 304 and previous is not None:  # RFC 9110 §15.4.5: the validators matched
            return replace(
                previous, checked_at=now_iso(), detail=f"{previous.detail} (unchanged: 304)"
            )
        if 200 <= status < 300:
            return await self._success(url, kind, response, hops)
        if status in (401, 403, 407):
            return self._verdict(
                Outcome.BLOCKED, f"{text}: access refused{after}", hops, response.url, **common
            )
        if status in (404, 410, 451):
            return self._verdict(Outcome.DEAD, f"{text}{after}", hops, response.url, **common)
        if status in (408, 425, 429) or 500 <= status < 600:
            raise _Failure(
                Outcome.TRANSIENT,
                f"{text}{after}",
                retryable=True,
                status=status,
                wait=server_wait(response.headers, now=time.time()),
            )
        if 400 <= status < 500 or status >= 600:
            # Not `dead`: these usually judge our request (406, 418, LinkedIn's 999…) rather
            # than the link.
            return self._verdict(
                Outcome.BLOCKED,
                f"{text}: the server refused our request{after}",
                hops,
                response.url,
                **common,
            )
        if 300 <= status < 400:
            raise _Failure(
                Outcome.TRANSIENT, f"{text} without a Location to follow{after}", status=status
            )
        raise _Failure(Outcome.TRANSIENT, f"unexpected status {status}{after}", status=status)

    async def _success(
        self, url: str, kind: LinkKind, response: _Response, hops: list[Hop]
    ) -> LinkCheck:
        text = _status_text(response.status)
        after = _redirect_note(hops)
        facts = PageFacts(None, None, ())
        if response.body is not None and kind in HTML_KINDS:
            # Parsing a large page takes a while: not on the event loop.
            facts = await asyncio.to_thread(
                analyse_page, response.body, response.url, response.headers.get("content-type")
            )
        notes = f"; {response.note}" if response.note else ""
        page = {
            "page_title": facts.title,
            "code_links": facts.code_links,
            "http_status": response.status,
        }
        if facts.soft_404 is not None:
            return self._verdict(
                Outcome.DEAD,
                f"soft 404: {text}{after} but {facts.soft_404}",
                hops,
                response.url,
                **page,
            )
        moves = [
            hop.status
            for index, hop in enumerate(hops)
            if hop.status in PERMANENT_STATUSES
            and not is_canonicalising(
                hop.url, hops[index + 1].url if index + 1 < len(hops) else response.url
            )
        ]
        validators: dict[str, Any] = {}
        if not hops:  # a conditional request goes to the cited URL: keep validators of its answer
            validators = {
                "etag": response.headers.get("etag"),
                "last_modified": response.headers.get("last-modified"),
            }
        if moves:
            codes = ", ".join(str(code) for code in dict.fromkeys(moves))
            detail = f"moved permanently ({codes}) to {response.url}, which answers {text}{notes}"
            return self._verdict(Outcome.MOVED, detail, hops, response.url, **page)
        return self._verdict(
            Outcome.OK, f"{text}{after}{notes}", hops, response.url, **page, **validators
        )


def _host(url: str) -> str:
    return (urlsplit(url).hostname or "").lower()


def _internal_error(url: str, error: Exception) -> LinkCheck:
    log.error("internal error while checking %s: %s: %s", url, type(error).__name__, error)
    log.debug("internal error while checking %s", url, exc_info=error)
    return not_checked(f"not checked: internal error ({type(error).__name__})")


async def check_links(
    net: Net,
    targets: Sequence[tuple[str, LinkKind]],
    *,
    cache: VerdictCache | None = None,
    on_result: Callable[[str, LinkCheck], None] | None = None,
    retry_base_delay: float = 1.0,
) -> dict[str, LinkCheck]:
    """Check every (URL, kind) and return one verdict per distinct URL, in input order.

    `on_result` is called as each verdict is reached (progress display; what an interrupted
    run had already learned). `github-repo` links belong to the GitHub API code: here they are
    `unchecked`. `settings.max_run_time` bounds the whole call.
    """
    checker = _Checker(net, cache, retry_base_delay, on_result)
    return await checker.run(targets)


async def fetch_document(net: Net, url: str) -> tuple[bytes, str | None]:
    """GET a document (a paper list given as an http(s) URL) through the address guard:
    (body, Content-Type). Raises `FetchError` with a one-line message."""
    settings = net.settings
    refusal = _scheme_refusal(url)
    if refusal is not None:
        raise FetchError(f"{url}: {refusal[1]}")
    fetcher = _Fetcher(net, body_cap=settings.max_document_bytes)
    attempt = 0
    while True:
        try:
            current = url
            for _ in range(settings.max_redirects + 1):
                response = await fetcher.request("GET", current, body="any")
                target = _redirect_target(response)
                if target is None:
                    break
                refusal = _scheme_refusal(target)
                if refusal is not None:
                    raise FetchError(f"{url}: redirect refused: {refusal[1]}")
                current = target
            else:
                raise FetchError(f"{url}: more than {settings.max_redirects} redirects")
            status = response.status
            if status in (408, 425, 429) or 500 <= status < 600:
                raise _Failure(
                    Outcome.TRANSIENT,
                    _status_text(status),
                    retryable=True,
                    wait=server_wait(response.headers, now=time.time()),
                )
            if not 200 <= status < 300:
                raise FetchError(f"{url}: {_status_text(status)}")
            if response.note is not None:
                raise FetchError(f"{url}: {response.note}")
            return response.body or b"", response.headers.get("content-type")
        except _Failure as failure:
            if not failure.retryable or attempt >= settings.max_retries:
                raise FetchError(f"{url}: {failure.reason}") from None
            delay = failure.wait if failure.wait is not None else backoff_delay(attempt, 1.0)
            if delay > settings.max_retry_wait:
                raise FetchError(
                    f"{url}: {failure.reason}; asked to wait {_seconds(delay)}"
                ) from None
            attempt += 1
            await _sleep(delay)
