"""What a request means for a link: the link checker's requests (`LinkFetcher`: through the
run's one request path, `auditor.net.fetcher`, within the link's deadline), the
`net.answer.Failure` an exception stands for, where a redirect leads (`redirect_target`), and
`fetch_document`, which fetches a paper list given as an http(s) URL through the same path
and the same retry loop."""

from __future__ import annotations

import asyncio
import ssl
from urllib.parse import urlsplit

from auditor.deadline import NOT_CHECKED, TIME_LIMIT_REACHED
from auditor.deadline import current as current_deadline
from auditor.models import Outcome
from auditor.net import AddressRefused, NameNotResolved, Net
from auditor.net.answer import Failure, Response, status_text
from auditor.net.client import needs_public_dns
from auditor.net.errors import (
    ConnectError,
    ConnectTimeout,
    HTTPError,
    InvalidURL,
    NetworkError,
    ProxyError,
    RemoteProtocolError,
    TimeoutException,
    UnsupportedProtocol,
)
from auditor.net.fetcher import BodyWanted, Budget, location, seconds
from auditor.net.policy import Again, GaveUp, RetryPolicy, tls_error
from auditor.net.proxy import PROXY_FAILURES

__all__ = ["Budget", "seconds"]  # the fetcher's, named here for the link checker

# Schemes a link (or a redirect) must never lead us to; other non-HTTP schemes are `unsupported`.
REFUSED_SCHEMES = frozenset({"file", "javascript", "data", "vbscript", "blob"})


class FetchError(Exception):
    """`fetch_document` could not get the document; the message is one line."""


def client_limit(error: BaseException) -> str | None:
    """Why our HTTP client cannot request a URL a browser would, when `error` says so (a host
    name the IDNA codec rejects: browsers use UTS 46); else None."""
    if isinstance(error, UnicodeError):
        return f"a host name IDNA rejects ({error})"
    return None


def unsupported_address(error: BaseException) -> str:
    return f"an address our HTTP client cannot request ({client_limit(error)}); not checked"


def _classify(exc: Exception, settings_timeout: float, deadline: float) -> Failure:
    """The failure an exception from the transport (or the guard) stands for: the verdict and its
    wording are the link checker's; whether to ask again is the retry policy's."""
    outcome, reason = _error_verdict(exc, settings_timeout, deadline)
    return Failure(
        outcome,
        reason,
        retryable=RetryPolicy.is_transient_error(exc),
        unreached=RetryPolicy.is_unreached(exc),
        offline_reason=f"DNS lookup of {exc.host} failed"
        if isinstance(exc, NameNotResolved)
        else None,
    )


def _error_verdict(exc: Exception, settings_timeout: float, deadline: float) -> tuple[Outcome, str]:
    T = Outcome.TRANSIENT
    if isinstance(exc, AddressRefused):
        shown = ", ".join(exc.addresses)
        if exc.addresses == (exc.host,):  # an address, not a name: said once
            return Outcome.EXCLUDED, f"{shown} is a private or reserved address; not connecting"
        return (
            Outcome.EXCLUDED,
            f"{exc.host} resolves to a private or reserved address ({shown}); not connecting",
        )
    if isinstance(exc, PROXY_FAILURES):  # our network's failure, never the link's
        return Outcome.UNCHECKED, f"not checked: {exc}"
    if isinstance(exc, NameNotResolved):
        if exc.nxdomain:
            return Outcome.DEAD, f"host {exc.host} does not exist"
        return T, f"DNS lookup of {exc.host} failed"
    if isinstance(exc, TimeoutError):
        if current_deadline().expired():  # the run's limit, not the link's
            return Outcome.UNCHECKED, NOT_CHECKED
        return T, f"no complete answer within the {seconds(deadline)} link deadline"
    tls = tls_error(exc)
    if tls is not None:
        if isinstance(tls, ssl.SSLCertVerificationError):
            return Outcome.BLOCKED, f"TLS certificate rejected ({tls.verify_message})"
        return T, f"TLS handshake failed ({tls.reason or tls})"
    if isinstance(exc, ConnectTimeout):
        return T, "connection timed out"
    if isinstance(exc, ConnectError):
        return T, f"connection failed ({exc})"
    if isinstance(exc, TimeoutException):
        return T, f"no answer within {seconds(settings_timeout)}"
    if isinstance(exc, ProxyError):  # the proxy refused the tunnel: its answer says why
        return T, f"the proxy did not connect us ({exc})"
    if isinstance(exc, RemoteProtocolError):
        return T, f"the server broke the HTTP protocol ({exc})"
    if isinstance(exc, NetworkError):
        return T, f"connection lost ({exc})"
    if client_limit(exc) is not None:
        return Outcome.UNSUPPORTED, unsupported_address(exc)
    if isinstance(exc, InvalidURL | UnsupportedProtocol):
        return Outcome.DEAD, f"not a valid URL ({exc})"
    return T, f"request failed ({type(exc).__name__}: {exc})"


class LinkFetcher:
    """The link checker's requests, through the run's `pages` fetcher: a failure is a
    `Failure` (what it means for the link)."""

    def __init__(self, net: Net) -> None:
        self.net = net

    @property
    def reached_any(self) -> bool:
        """Some server answered: the network works."""
        return self.net.pages.reached_any

    async def request(
        self,
        method: str,
        url: str,
        *,
        body: BodyWanted,
        headers: dict[str, str] | None = None,
        budget: Budget | None = None,
        cap: int | None = None,
    ) -> Response:
        """One exchange, within `link_deadline`, within what `budget` has left (the link's
        redirect chain), and never past the run's deadline."""
        settings = self.net.settings
        headers = dict(headers or {})
        if method == "GET":
            headers.setdefault("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
        try:
            return await self.net.pages.send(
                method,
                url,
                headers=headers,
                body=body,
                cap=cap,
                seconds=settings.link_deadline if budget is None else budget,
                until=current_deadline().at,
            )
        except (HTTPError, OSError, TimeoutError, ValueError) as exc:
            raise _classify(exc, settings.timeout, settings.link_deadline) from None


def redirect_target(response: Response, *, max_length: int | None = None) -> str | None:
    """The absolute target of a redirect (RFC 9110 §10.2.2: Location may be relative). A target
    longer than `max_length`, or one our client cannot request though a browser would, is
    `unsupported` (a `Failure`): never followed, never `dead`."""
    given = response.headers.get("location", "").strip()
    if max_length is not None and len(given) > max_length:
        raise Failure(
            Outcome.UNSUPPORTED,
            f"redirected to an address longer than {max_length:,} characters; not followed",
        )
    try:
        target = location(response)
    except ValueError as exc:
        if client_limit(exc) is not None:
            why = f"redirected to {unsupported_address(exc)}"
            raise Failure(Outcome.UNSUPPORTED, why) from None
        raise Failure(Outcome.DEAD, f"redirect to an invalid address ({exc})") from None
    return None if target is None else str(target)


def scheme_refusal(url: str) -> tuple[Outcome, str] | None:
    scheme = urlsplit(url).scheme.lower()
    if scheme in REFUSED_SCHEMES:
        return Outcome.EXCLUDED, f"{scheme}: addresses are never followed"
    if scheme not in ("http", "https"):
        shown = f"{scheme}: links" if scheme else "addresses without a scheme"
        return Outcome.UNSUPPORTED, f"{shown} are not checked"
    return None


async def fetch_document(net: Net, url: str) -> tuple[bytes, str | None]:
    """GET a document (a paper list given as an http(s) URL) through the address guard:
    (body, Content-Type). Each attempt, redirects included, within `link_deadline`; the whole,
    retries included, within the run's deadline. Raises `FetchError` with a one-line message."""
    try:
        async with asyncio.timeout_at(current_deadline().at):
            return await _fetch_document(net, url)
    except TimeoutError:
        raise FetchError(f"{url}: not read ({TIME_LIMIT_REACHED})") from None


async def _fetch_document(net: Net, url: str) -> tuple[bytes, str | None]:
    settings = net.settings
    refusal = scheme_refusal(url)
    if refusal is not None:
        raise FetchError(f"{url}: {refusal[1]}")
    works = await net.dns_works()
    if net.public_dns_down and needs_public_dns(urlsplit(url).hostname or ""):
        raise FetchError(f"{url}: not read: {net.offline_words()}")
    fetcher = LinkFetcher(net)

    async def attempt() -> tuple[bytes, str | None] | Again[Failure]:
        try:
            current = url
            budget = Budget(settings.link_deadline)
            for _ in range(settings.max_redirects + 1):
                response = await fetcher.request(
                    "GET", current, body="any", budget=budget, cap=settings.max_document_bytes
                )
                target = redirect_target(response, max_length=settings.limits.url_length)
                if target is None:
                    break
                refusal = scheme_refusal(target)
                if refusal is not None:
                    raise FetchError(f"{url}: redirect refused: {refusal[1]}")
                current = target
            else:
                raise FetchError(f"{url}: more than {settings.max_redirects} redirects")
        except Failure as failure:
            if failure.unreached and not works:
                raise FetchError(
                    f"{url}: not read: {failure.offline_reason}, and {net.offline_words()}"
                ) from None
            if not failure.retryable:
                raise FetchError(f"{url}: {failure.reason}") from None
            return Again(failure, failure.wait)
        status = response.status
        if RetryPolicy.is_transient_status(status):
            return Again(Failure(Outcome.TRANSIENT, status_text(status)), response.server_wait)
        if not 200 <= status < 300:
            raise FetchError(f"{url}: {status_text(status)}")
        if response.note is not None:
            raise FetchError(f"{url}: {response.note}")
        return response.body or b"", response.headers.get("content-type")

    result: tuple[bytes, str | None] | GaveUp[Failure]
    result = await RetryPolicy.from_settings(settings).run(attempt)
    if isinstance(result, GaveUp):
        if not result.beyond:
            raise FetchError(f"{url}: {result.failure.reason}")
        asked = "beyond the wait limit" if result.wait is None else seconds(result.wait)
        raise FetchError(f"{url}: {result.failure.reason}; asked to wait {asked}")
    return result
