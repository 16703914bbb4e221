"""The one host adapter interface: what every adapter is given, what it answers, and the one
vocabulary in which it says why.

An adapter is built with the run's API client (`hosts.api.JsonApi`, or GitHub's `transport`)
and its API root. It is given a link, the URL and the `LinkKind` `auditor.links` gave it (None:
any kind the adapter serves), and answers a `HostAnswer`: the `RepoCheck` the pipeline records
(a link verdict and, when the host told us, the `RepoFacts`) and the `Reason` behind it. It never
raises for what a host answered. How an answer is read — which statuses and payloads mean gone,
moved, blocked or "could not ask" — lives in `hosts.answers`, for every adapter alike.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Generic, Protocol, TypeVar, runtime_checkable

from auditor.links import owner_name_repository
from auditor.models import LinkCheck, LinkKind, Outcome, RepoCheck, RepoFacts
from auditor.timestamps import now_iso

Target = TypeVar("Target")


class Reason(StrEnum):
    """Why an adapter answered as it did, whichever host it asked. The link's `Outcome` (the
    JSON word) follows from it: `found` is `ok`, `moved` is `moved`, `gone` is `dead`,
    `blocked` is `dead` (a legal or terms-of-service block) or `blocked` (a repository only our
    token can read), `could-not-ask` is `transient` or `unchecked` (never `dead`: the host said
    nothing about the repository), `not-served` is `unsupported`."""

    FOUND = "found"  # the host has it under the name asked
    MOVED = "moved"  # the host has it under another name (renamed, transferred, moved)
    GONE = "gone"  # the host says it does not exist (missing, deleted, withdrawn, private)
    BLOCKED = "blocked"  # the host holds it but withholds it from the report's readers
    COULD_NOT_ASK = "could-not-ask"  # no answer that says anything: our side, or a fault
    NOT_SERVED = "not-served"  # not a link this adapter serves; checked as a web page


@dataclass(frozen=True, slots=True)
class HostAnswer(RepoCheck):
    """What an adapter answers for one link: the verdict and facts, and the reason."""

    reason: Reason


@runtime_checkable
class HostAdapter(Protocol):
    """A host family's adapter (GitHub, GitLab, Hugging Face, Zenodo, …)."""

    def serves(self, url: str, kind: LinkKind | None = None) -> bool:
        """Whether `url` (of `kind`, when given) names something this adapter asks about;
        decided from the URL alone, without a request."""
        ...

    async def check(self, url: str, kind: LinkKind | None = None) -> HostAnswer:
        """The answer for `url`; `not-served` when `serves` is false."""
        ...


# The most file names of a repository's or record's listing an answer keeps (the first, in
# order); the rest are counted in its detail. A host lists what it holds, uncapped (700,000
# files on one Hugging Face repository): a report keeps a readable part of it.
MAX_LISTED_FILES = 1_000


def verdict(
    reason: Reason,
    outcome: Outcome,
    detail: str,
    status: int | None = None,
    *,
    facts: RepoFacts | None = None,
    final_url: str | None = None,
) -> HostAnswer:
    """The one way an adapter answers: its file list capped (`MAX_LISTED_FILES`)."""
    if facts is not None and len(facts.root_files) > MAX_LISTED_FILES:
        unlisted = len(facts.root_files) - MAX_LISTED_FILES
        detail += f"; {unlisted:,} more files not listed"
        facts = replace(
            facts,
            root_files=facts.root_files[:MAX_LISTED_FILES],
            env_files=facts.env_files[:MAX_LISTED_FILES],
        )
    check = LinkCheck(outcome, detail, now_iso(), http_status=status, final_url=final_url)
    return HostAnswer(check, facts, reason)


def not_served(detail: str) -> HostAnswer:
    return verdict(Reason.NOT_SERVED, Outcome.UNSUPPORTED, detail)


NOT_SERVED = "not a repository or record an API serves"


class UrlAdapter(ABC, Generic[Target]):
    """A `HostAdapter` that reads what it asks about from the URL alone (`target`: a project
    path, a repository id, a record id, a SWHID) and answers for that (`facts`)."""

    @abstractmethod
    def target(self, url: str, kind: LinkKind | None) -> Target | None:
        """What `url` names on this host, when it is a link of `kind` this adapter serves."""

    @abstractmethod
    async def facts(self, target: Target) -> HostAnswer:
        """The answer for `target`; never raises for what the host answered."""

    def serves(self, url: str, kind: LinkKind | None = None) -> bool:
        return self.target(url, kind) is not None

    async def check(self, url: str, kind: LinkKind | None = None) -> HostAnswer:
        target = self.target(url, kind)
        return not_served(NOT_SERVED) if target is None else await self.facts(target)


def owned_repository(url: str, kind: LinkKind | None, forge: LinkKind) -> str | None:
    """`owner/name` of a repository URL on `forge` (Bitbucket, Codeberg, Gitee), when `kind`
    is None or that forge's."""
    owned = owner_name_repository(url)
    if owned is None or owned[0] is not forge or kind not in {None, forge}:
        return None
    return owned[1]
