"""Link verdicts for repositories from what the API said: found (or renamed), missing, blocked."""

from __future__ import annotations

from collections.abc import Mapping

from auditor.hosts.github.answers import Answer, Malformed, verdict
from auditor.hosts.github.endpoints import ApiEndpoint
from auditor.models import LinkCheck, Outcome, RepoCheck, RepoFacts
from auditor.timestamps import now_iso


def found(facts: RepoFacts, asked: str, api: ApiEndpoint) -> RepoCheck:
    if facts.full_name.casefold() != asked.casefold():
        check = LinkCheck(
            Outcome.MOVED,
            f"renamed or transferred to {facts.full_name}",
            now_iso(),
            http_status=200,
            final_url=f"{api.server}/{facts.full_name}",
        )
        return RepoCheck(check, facts)
    notes = [
        text
        for flag, text in (
            (facts.archived, "archived"),
            (facts.disabled, "disabled"),
            (facts.empty, "empty"),
        )
        if flag
    ]
    detail = "repository exists" + (f" ({', '.join(notes)})" if notes else "")
    return RepoCheck(LinkCheck(Outcome.OK, detail, now_iso(), http_status=200), facts)


def missing(answer: Answer, full_name: str) -> RepoCheck:
    gone = RepoFacts(full_name=full_name, exists=False, source="rest")
    if answer.status == 404:
        detail = "GitHub API: repository not found (missing or private)"
        return RepoCheck(LinkCheck(Outcome.DEAD, detail, now_iso(), 404), gone)
    refusal = blocked(answer)
    if refusal is not None:
        return RepoCheck(refusal, gone)
    detail = f"GitHub API answered {answer.status}: {answer.message()}".rstrip(": ")
    return verdict(Outcome.TRANSIENT, detail, answer.status)


def blocked(answer: Answer) -> LinkCheck | None:
    """451 (DMCA and other legal takedowns), or a 403 naming a block (terms of service)."""
    try:
        body = answer.json()
    except Malformed:
        body = None
    block = body.get("block") if isinstance(body, dict) else None
    if answer.status != 451 and not isinstance(block, dict):
        return None
    reason = block.get("reason") if isinstance(block, dict) else None
    notice = block.get("html_url") if isinstance(block, dict) else None
    detail = f"GitHub API: access blocked ({reason if isinstance(reason, str) else 'legal'})"
    detail += f", {answer.status}"
    if isinstance(notice, str) and notice.startswith("https://"):
        detail += f"; notice: {notice}"
    return LinkCheck(Outcome.DEAD, detail, now_iso(), answer.status)


def graphql_missing(error: Mapping[str, object] | None, full_name: str) -> RepoCheck:
    if error is not None and error.get("type") == "NOT_FOUND":
        return RepoCheck(
            LinkCheck(
                Outcome.DEAD, "GitHub API: repository not found (missing or private)", now_iso()
            ),
            RepoFacts(full_name=full_name, exists=False, source="graphql"),
        )
    message = error.get("message") if error is not None else None
    return verdict(Outcome.TRANSIENT, f"GitHub GraphQL API: {message or 'no data for it'}")


PRIVATE_DETAIL = (
    "a private repository: the token can read it, the report's readers cannot; "
    "its facts are left out"
)


def private(full_name: str) -> RepoCheck:
    """A repository only the token can see: no fact of it (description, files, README) goes
    into a report others read."""
    return RepoCheck(LinkCheck(Outcome.BLOCKED, PRIVATE_DETAIL, now_iso(), http_status=200), None)
