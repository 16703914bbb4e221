"""GitHub's words for the verdicts of `hosts.answers`: found (or renamed), missing, blocked.
(Private is every host's one rule: `hosts.answers.private`.)"""

from __future__ import annotations

from collections.abc import Mapping

from auditor.hosts.adapter import HostAnswer, Reason, verdict
from auditor.hosts.answers import Answer, absent, blocked, found, gone, refusal
from auditor.hosts.github.answers import WHO
from auditor.hosts.github.endpoints import ApiEndpoint
from auditor.models import Outcome, RepoFacts

NOT_FOUND = f"{WHO}: repository not found (missing or private)"
# The flags of a repository that the detail of a found one names.
_NOTED = ("archived", "disabled", "empty")


def found_on(facts: RepoFacts, asked: str, api: ApiEndpoint) -> HostAnswer:
    """Found, or moved: GitHub's word for a move to another owner is a transfer."""
    final_url = f"{api.server}/{facts.full_name}"
    return found(facts, asked, final_url, moved="transferred", noted=_NOTED)


def missing(answer: Answer, full_name: str) -> HostAnswer:
    """The verdict of a repository REST did not answer 200 for."""
    match refusal(answer):
        case Reason.GONE:
            return gone(full_name, "rest", NOT_FOUND)
        case Reason.BLOCKED:
            return blocked(answer, WHO, absent(full_name, "rest"))
    detail = f"{WHO} answered {answer.status}: {answer.message()}".rstrip(": ")
    return verdict(Reason.COULD_NOT_ASK, Outcome.TRANSIENT, detail, answer.status)


def graphql_missing(error: Mapping[str, object] | None, full_name: str) -> HostAnswer:
    if error is not None and error.get("type") == "NOT_FOUND":
        return gone(full_name, "graphql", NOT_FOUND, None)
    message = error.get("message") if error is not None else None
    detail = f"GitHub GraphQL API: {message or 'no data for it'}"
    return verdict(Reason.COULD_NOT_ASK, Outcome.TRANSIENT, detail)
