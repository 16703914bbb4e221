"""What an HTTP answer means for a link: the status of the answer a redirect chain ended at
(dead only for 404, 410 and 451; refused access and refusals of our request are `blocked`;
transient answers raise `Failure` to be retried), and for a success what the page says of
itself (a soft 404 is `dead`, a permanent redirect that does more than canonicalise is
`moved`). Pure functions of the answer; the checker asks, follows and retries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from auditor.check.pages import PageFacts
from auditor.links.origins import explicit_port, host_key
from auditor.models import Hop, LinkCheck, Outcome
from auditor.net.answer import PERMANENT_REDIRECTS, Failure, Response, redirect_note, status_text
from auditor.net.policy import RetryPolicy
from auditor.timestamps import now_iso


def verdict(
    outcome: Outcome, detail: str, hops: Sequence[Hop], final_url: str | None, **extra: Any
) -> LinkCheck:
    """A verdict reached now, with the redirects taken (and where they led, if any)."""
    return LinkCheck(
        outcome,
        detail,
        now_iso(),
        final_url=final_url if hops else None,
        redirects=tuple(hops),
        **extra,
    )


def is_canonicalising(source: str, target: str) -> bool:
    """Whether a redirect only canonicalises the address: http→https, a trailing slash, a
    `www.` prefix, the host's case, or an explicit default port."""

    def key(url: str) -> tuple[str, int | None, str, str]:
        parts = urlsplit(url)
        # The scheme's default port, whichever scheme it is, is no port.
        host = host_key(parts.hostname or "").removeprefix("www.")
        return host, explicit_port(url), parts.path.rstrip("/"), parts.query

    schemes = (urlsplit(source).scheme, urlsplit(target).scheme)
    if schemes[0] != schemes[1] and schemes != ("http", "https"):
        return False
    try:
        return key(source) == key(target)
    except ValueError:  # an invalid port
        return False


def status_verdict(
    response: Response, hops: Sequence[Hop], *, conditional: bool
) -> LinkCheck | None:
    """The verdict a status alone decides, or None for a success (2xx) and for a 304 answering
    a `conditional` request, which the caller reads further. Raises `Failure` for a transient
    answer."""
    status = response.status
    text = status_text(status)
    after = redirect_note(hops)
    common: dict[str, Any] = {"http_status": status}
    if response.headers.get("cf-mitigated", "").strip().lower() == "challenge":
        return verdict(
            Outcome.BLOCKED,
            f"{text}: a bot challenge (cf-mitigated){after}",
            hops,
            response.url,
            **common,
        )
    if (status == 304 and conditional) or 200 <= status < 300:
        return None
    if status in (401, 403, 407):
        return verdict(
            Outcome.BLOCKED, f"{text}: access refused{after}", hops, response.url, **common
        )
    if status in (404, 410, 451):
        return verdict(Outcome.DEAD, f"{text}{after}", hops, response.url, **common)
    if RetryPolicy.is_transient_status(status):
        raise Failure(
            Outcome.TRANSIENT,
            f"{text}{after}",
            retryable=True,
            status=status,
            wait=response.server_wait,
        )
    if 400 <= status < 500 or status >= 600:
        # Not `dead`: these usually judge our request (406, 418, LinkedIn's 999…) rather
        # than the link.
        return verdict(
            Outcome.BLOCKED,
            f"{text}: the server refused our request{after}",
            hops,
            response.url,
            **common,
        )
    if 300 <= status < 400:
        raise Failure(
            Outcome.TRANSIENT, f"{text} without a Location to follow{after}", status=status
        )
    raise Failure(Outcome.TRANSIENT, f"unexpected status {status}{after}", status=status)


def success_verdict(
    response: Response, hops: Sequence[Hop], facts: PageFacts, max_code_links: int
) -> LinkCheck:
    """The verdict on a success: `dead` for a soft 404, `moved` after a permanent redirect that
    does more than canonicalise, else `ok`, with the page's facts (title, code links, where a
    meta refresh leads) and, for an answer without redirects, its validators for next time."""
    text = status_text(response.status)
    after = redirect_note(hops)
    notes = f"; {response.note}" if response.note else ""
    if facts.more_code_links:
        notes += (
            f"; {facts.more_code_links:,} more code link(s) on the page not checked "
            f"(at most {max_code_links} per page)"
        )
    page = {
        "page_title": facts.title,
        "code_links": facts.code_links,
        "refresh_url": facts.refresh,
        "http_status": response.status,
    }
    if facts.soft_404 is not None:
        return verdict(
            Outcome.DEAD,
            f"soft 404: {text}{after} but {facts.soft_404}",
            hops,
            response.url,
            **page,
        )
    moves = [
        hop.status
        for index, hop in enumerate(hops)
        if hop.status in PERMANENT_REDIRECTS
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
        return verdict(Outcome.MOVED, detail, hops, response.url, **page)
    return verdict(Outcome.OK, f"{text}{after}{notes}", hops, response.url, **page, **validators)
