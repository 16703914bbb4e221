"""What an HTTP answer is, and the words for it, for every module that reads answers (the link
checker's `http_answers`, the hosts' adapters): the `Response` and its `Headers`, the `URL` type
requests are made to, the redirect statuses, the `Failure` a link's request ended in, a status
and a redirect chain as people read them. Types and pure functions only: nothing here sends a
request (`auditor.net.fetcher` does)."""

from __future__ import annotations

import email.message
import re
from collections.abc import Sequence
from dataclasses import dataclass
from http import HTTPStatus

from multidict import CIMultiDict
from yarl import URL

from auditor.models import Hop, Outcome
from auditor.net.errors import InvalidURL
from auditor.net.policy import retry_after, server_wait

__all__ = ["URL", "Failure", "Headers", "Response", "request_url"]

# An answer's headers: case-insensitive, repeated names kept (`Headers({"Location": "/b"})`).
Headers = CIMultiDict

# A host name as it goes on the wire (IDNA-encoded): letters, digits, `-`, `_` and dots.
_HOST_NAME = re.compile(r"[a-z0-9_.-]+")


def request_url(url: str | URL) -> URL:
    """`url` as requests are made to it; raises `InvalidURL` (or UnicodeError, for a name
    the IDNA codec rejects) for one with a host no request can name (`exa mple.org`,
    `[broken`): yarl would carry such a host percent-encoded, a browser refuses it."""
    try:
        parsed = url if isinstance(url, URL) else URL(url)
        host = parsed.raw_host
    except UnicodeError:
        raise
    except (ValueError, TypeError) as error:
        raise InvalidURL(str(error)) from None
    if host and ":" not in host and not _HOST_NAME.fullmatch(host.rstrip(".")):
        raise InvalidURL(f"invalid host {host!r}")
    return parsed


# RFC 9110 §15.4: every redirect is followed by hand, pages and APIs alike (303 included:
# the target answers a GET); 301 and 308 say the move is permanent.
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
PERMANENT_REDIRECTS = frozenset({301, 308})


@dataclass(frozen=True, slots=True)
class Response:
    """One answer: its URL, status and headers, the body if it was wanted, `note` saying what
    went wrong while reading it, `received_at` (the fetcher's clock) for the waits the
    server asked for, and `elapsed`: the exchange's own seconds, from the request's start (once
    the politeness gate let it go) to its body read — no wait of ours in it."""

    url: str
    status: int
    headers: Headers[str]
    body: bytes | None = None
    note: str | None = None
    received_at: float = 0.0
    elapsed: float = 0.0

    @property
    def server_wait(self) -> float | None:
        """What the server asked us to wait: Retry-After, else X-RateLimit-Reset."""
        return server_wait(self.headers, now=self.received_at)

    @property
    def retry_after(self) -> float | None:
        return retry_after(self.headers, now=self.received_at)

    def text(self) -> str:
        """The body decoded by its charset (UTF-8 when it names none or an unknown one)."""
        header = email.message.Message()
        header["content-type"] = self.headers.get("content-type", "")
        charset = header.get_content_charset() or "utf-8"
        try:
            return (self.body or b"").decode(charset, errors="replace")
        except LookupError:
            return (self.body or b"").decode("utf-8", errors="replace")


def status_text(status: int) -> str:
    try:
        return f"{status} {HTTPStatus(status).phrase}"
    except ValueError:
        return f"HTTP {status}"


def redirect_note(hops: Sequence[Hop]) -> str:
    if not hops:
        return ""
    return f" after {len(hops)} redirect" + ("s" if len(hops) > 1 else "")


class Failure(Exception):
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
