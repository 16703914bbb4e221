"""What a host's API answer means, for every adapter (GitHub's included): the answer as a value,
the two ways work on a link stops (`Stop` with a verdict, `Malformed` for an answer of the wrong
shape), which statuses and payloads say a repository is gone or blocked, the `HostAnswer` of
each `Reason`, and readers of JSON fields that never trust what came over the network.

One strictness rule for every host: an answer that is not what the host documents (not JSON,
not the object or list it should be, a field the host documents as always there missing or of
the wrong JSON type) is `Malformed`, and the link is `could-not-ask` (`transient`); a fact that
is there but cannot be read (a malformed date) is a missing fact, never a verdict."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from auditor.hosts.adapter import HostAnswer, Reason, verdict
from auditor.models import PRIVATE_DETAIL, Outcome, RepoFacts
from auditor.net.answer import Headers
from auditor.timestamps import to_utc_iso

# Statuses by which a host says the repository does not exist (HTTP's Not Found and Gone), and
# the one by which it withholds it for legal reasons.
GONE_STATUSES = frozenset({404, 410})
LEGAL_BLOCK = 451
# A host that will not show a project to us: unauthorised or forbidden (OSF's private project).
REFUSED_STATUSES = frozenset({401, 403})
# A request the API will not take as asked (Save Code Now: an origin it does not accept).
NOT_ACCEPTED_STATUSES = frozenset({400, 403, 404})


class Stop(Exception):
    """Ends the work on one link (or a whole batch) with a verdict: the host could not be
    asked, or answered nothing we can use."""

    def __init__(self, outcome: Outcome, detail: str, status: int | None = None) -> None:
        super().__init__(detail)
        self.outcome = outcome
        self.detail = detail
        self.status = status

    def answer(self, scrub: Callable[[str], str] = str) -> HostAnswer:
        """The verdict, its detail through `scrub` (GitHub's takes its token out)."""
        reason = Reason.NOT_SERVED if self.outcome is Outcome.UNSUPPORTED else Reason.COULD_NOT_ASK
        return verdict(reason, self.outcome, scrub(self.detail), self.status)


class Malformed(Stop):
    """An answer that does not have the shape the host documents: `transient`."""

    def __init__(self, detail: str, status: int | None = None) -> None:
        super().__init__(Outcome.TRANSIENT, detail, status)


@dataclass(frozen=True, slots=True)
class Answer:
    """One API answer: status, headers, body text, and the URL that gave it."""

    status: int
    headers: Headers[str]
    text: str
    url: str

    def json(self, what: str) -> object:
        """The body as JSON; `Malformed`, naming `what` (`GitLab API`), when it is none."""
        try:
            return json.loads(self.text)
        except (ValueError, RecursionError) as error:  # RecursionError: nested too deeply
            kind = self.headers.get("content-type", "unknown content")
            raise Malformed(f"{what} answered non-JSON ({kind})", self.status) from error

    def json_object(self, what: str) -> dict[str, object]:
        body = self.json(what)
        if not isinstance(body, dict):
            raise Malformed(f"{what} answered a malformed object", self.status)
        return body

    def json_list(self, what: str) -> list[object]:
        body = self.json(what)
        if not isinstance(body, list):
            raise Malformed(f"{what} answered a malformed list", self.status)
        return body

    def message(self) -> str:
        """The reason an error answer gives (`message`, or GraphQL's first error's), or ""."""
        try:
            body = json.loads(self.text)
        except (ValueError, RecursionError):
            return ""
        if not isinstance(body, dict):
            return ""
        errors = body.get("errors")
        if isinstance(errors, list) and errors and isinstance(errors[0], dict):
            body = errors[0]  # GraphQL puts its reasons there
        message = body.get("message")
        return message if isinstance(message, str) else ""


# --- what an answer says ----------------------------------------------------------------------


def refusal(answer: Answer) -> Reason | None:
    """`gone` (404, 410), `blocked` (451, or a `block` the payload names, as GitHub's 403 for a
    terms-of-service block does), else None: the answer refuses nothing."""
    if answer.status == LEGAL_BLOCK or (answer.status >= 400 and isinstance(_block(answer), dict)):
        return Reason.BLOCKED
    if answer.status in GONE_STATUSES:
        return Reason.GONE
    return None


def _block(answer: Answer) -> object:
    try:
        body = json.loads(answer.text)
    except (ValueError, RecursionError):
        return None
    return body.get("block") if isinstance(body, dict) else None


def is_private(body: object) -> bool:
    """Whether an API's description of a repository or project says the public cannot see it,
    in any host's words: `private` (GitHub REST, Hugging Face, Forgejo and Codeberg, Gitee),
    `isPrivate` (GitHub GraphQL), `is_private` (Bitbucket), `internal` (Forgejo, Gitee: signed-in
    users only), a `visibility` other than `public` (GitLab's `internal` and `private`, GitHub's),
    `public` false (OSF's node attributes, Gitee). A token can read such a project; the report's
    readers cannot, so it is `private`, whichever host answered."""
    if not isinstance(body, dict):
        return False
    if any(body.get(flag) is True for flag in ("private", "isPrivate", "is_private", "internal")):
        return True
    visibility = body.get("visibility")
    return (isinstance(visibility, str) and visibility.casefold() != "public") or (
        body.get("public") is False
    )


def expect(answer: Answer, who: str, *, asked_for: str | None = None) -> None:
    """Any other status than 200 is a failed ask: `transient`. `who` answered (`GitLab API`);
    `asked_for`: what it was asked for, when the detail names it."""
    if answer.status != 200:
        detail = f"{who} answered {answer.status}" + (f" for the {asked_for}" if asked_for else "")
        raise Stop(Outcome.TRANSIENT, detail, answer.status)


# --- the answer of each reason ----------------------------------------------------------------


def found(
    facts: RepoFacts,
    asked: str,
    final_url: str,
    *,
    moved: str = "moved",
    noted: Iterable[str] = ("archived",),
) -> HostAnswer:
    """`found` when the host names the repository as asked (case aside), else `moved` to where
    it does (`moved` is the host's own word in the detail: GitHub "transfers" repositories).
    `noted`: the `RepoFacts` flags the detail names when set."""
    if facts.full_name.casefold() != asked.casefold():
        detail = f"renamed or {moved} to {facts.full_name}"
        return verdict(Reason.MOVED, Outcome.MOVED, detail, 200, facts=facts, final_url=final_url)
    notes = [flag for flag in noted if getattr(facts, flag) is True]
    detail = "repository exists" + (f" ({', '.join(notes)})" if notes else "")
    return verdict(Reason.FOUND, Outcome.OK, detail, 200, facts=facts)


def absent(name: str, source: str) -> RepoFacts:
    """The facts of a repository the host says it does not show."""
    return RepoFacts(full_name=name, exists=False, source=source)


def gone(name: str, source: str, detail: str, status: int | None = 404) -> HostAnswer:
    """`dead`: the host says `name` does not exist (or is private to everyone we ask as).
    `status` is 404 whatever sign the host gave (410, a 401 naming no repository, …), as
    `scorecard.json` has always said of a gone repository; None when no HTTP status said it."""
    return verdict(Reason.GONE, Outcome.DEAD, detail, status, facts=absent(name, source))


def blocked(answer: Answer, who: str, facts: RepoFacts | None) -> HostAnswer:
    """`dead` for what the host withholds (451 for a legal takedown, a named `block` for a
    terms-of-service one), with the reason and the notice when the host gives them."""
    block = _block(answer)
    reason = block.get("reason") if isinstance(block, dict) else None
    notice = block.get("html_url") if isinstance(block, dict) else None
    detail = f"{who}: access blocked ({reason if isinstance(reason, str) else 'legal'})"
    detail += f", {answer.status}"
    if isinstance(notice, str) and notice.startswith("https://"):
        detail += f"; notice: {notice}"
    return verdict(Reason.BLOCKED, Outcome.DEAD, detail, answer.status, facts=facts)


def private(what: str = "repository") -> HostAnswer:
    """`blocked`: a `what` (repository, project) only the token can see. No fact of it —
    description, file names, README — goes into a report others read: the answer has none."""
    detail = (
        f"{PRIVATE_DETAIL}{what}: the token can read it, the report's readers cannot; "
        "its facts are left out"
    )
    return verdict(Reason.BLOCKED, Outcome.BLOCKED, detail, 200)


def withheld(what: str, why: str) -> HostAnswer:
    """`blocked` as `private` is, for a `what` its host holds back from everyone for now (an
    embargo, a confidential record): `why` says so; no fact of it is kept."""
    return verdict(Reason.BLOCKED, Outcome.BLOCKED, f"{PRIVATE_DETAIL}{what}: {why}", 200)


# --- fields ---------------------------------------------------------------------------------


def timestamp(value: str | None) -> str | None:
    """A host's date as the one timestamp spelling; None (a missing fact) when it is unreadable."""
    try:
        return to_utc_iso(value)
    except ValueError:
        return None


def text_field(body: object, key: str) -> str | None:
    value = body.get(key) if isinstance(body, dict) else None
    return value if isinstance(value, str) else None


def number_field(body: object, key: str) -> int | None:
    value = body.get(key) if isinstance(body, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def object_field(body: object, key: str) -> dict[str, object]:
    value = body.get(key) if isinstance(body, dict) else None
    return value if isinstance(value, dict) else {}


def list_field(body: object, key: str) -> list[object]:
    value = body.get(key) if isinstance(body, dict) else None
    return value if isinstance(value, list) else []
