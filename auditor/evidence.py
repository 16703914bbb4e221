"""What every rubric rule reads: the candidate code link with its repository facts, the paper's
context (its links, dates, the rubric, today), and the shared vocabulary of answers and link
outcomes. No rule lives here; `auditor.rules_access` and `auditor.rules_content` hold them.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from urllib.parse import urlsplit

from auditor.links import (
    DATA_RECORD_TYPES,
    artifact_host,
    file_url,
    is_archive_doi,
    is_hosted_environment,
    is_weights_link,
)
from auditor.models import (
    Criterion,
    CriterionResult,
    LinkKind,
    LinkResult,
    Outcome,
    Paper,
    ReadmeCover,
    RepoFacts,
)
from auditor.readme import NOT_ANALYSED_REASON
from auditor.rubric import Rubric

PASS = CriterionResult.PASS
FAIL = CriterionResult.FAIL
UNKNOWN = CriterionResult.UNKNOWN
NA = CriterionResult.NOT_APPLICABLE

RESOLVED = frozenset({Outcome.OK, Outcome.MOVED})
# Outcomes that say nothing about the link itself: our network, rate limits, the remote
# refusing us. They make a criterion unknown, never failed.
INCONCLUSIVE = frozenset({Outcome.TRANSIENT, Outcome.UNCHECKED, Outcome.BLOCKED})
# Links we chose not to judge (`--exclude`, private address, scheme): they leave A1 entirely.
NOT_JUDGED = frozenset({Outcome.EXCLUDED, Outcome.UNSUPPORTED})
# Kinds whose facts only an API gives (GitHub's, or another host's or archive's): without them
# a gate is undecided. GitLab and Hugging Face links keep their older reading (a reachable
# link is as far as the evidence goes when their API did not answer).
FACT_KINDS = frozenset(
    {LinkKind.GITHUB_REPO, LinkKind.GITHUB_OTHER, LinkKind.BITBUCKET, LinkKind.CODEBERG}
    | {LinkKind.GITEE, LinkKind.FORGEJO, LinkKind.SOFTWARE_HERITAGE, LinkKind.ZENODO}
    | {LinkKind.OSF, LinkKind.DOI}
)

NO_CODE_REASON = "no code to assess"

# --- dates ------------------------------------------------------------------------------------


def paper_period(value: str | None) -> tuple[date, date] | None:
    """First and last day a reduced-precision ISO date (`2026`, `2026-07`, `2026-07-14`) may
    mean; None when absent or unreadable. Rules read it in the paper's favour."""
    if not value:
        return None
    match = re.fullmatch(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?", value.strip()[:10])
    if match is None:
        return None
    year, month, day = (int(part) if part else None for part in match.groups())
    assert year is not None
    try:
        if month is None:
            return date(year, 1, 1), date(year, 12, 31)
        if day is None:
            return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])
        exact = date(year, month, day)
    except ValueError:
        return None
    return exact, exact


# --- evidence ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Candidate:
    """One code link of the paper, with its repository facts when the host gives any."""

    result: LinkResult
    facts: RepoFacts | None
    order: int

    @property
    def url(self) -> str:
        return self.result.check.final_url or self.result.link.url

    @property
    def facts_expected(self) -> bool:
        return self.result.link.kind in FACT_KINDS

    def file_url(self, name: str, line: int | None = None) -> str:
        """A browsable link to a file of the repository (GitHub redirects blob→tree for
        directories, and HEAD to the default branch)."""
        facts = self.facts
        assert facts is not None
        return file_url(facts.source, self.url, facts.full_name, facts.default_branch, name, line)

    def readme_lines(self, *covers: ReadmeCover) -> tuple[str, ...]:
        """Evidence for the first README line deciding any of `covers`."""
        facts = self.facts
        assert facts is not None
        for item in facts.readme_evidence:
            if item.cover in covers and item.line == 0:
                # Line 0: decided by the root listing, not a README line.
                return (self.url, item.excerpt)
            if item.cover in covers:
                where = f"{facts.readme_path or 'README'}:{item.line}"
                return (
                    self.file_url(facts.readme_path or "README.md", item.line),
                    f"{where}: {item.excerpt}",
                )
        return (self.file_url(facts.readme_path),) if facts.readme_path else ()


@dataclass(frozen=True, slots=True)
class PaperLinks:
    """What the rules ask of all the paper's links, worked out once per paper rather than once
    per code link (which made a paper quadratic in its links)."""

    outcomes: dict[str, Outcome]
    weights: tuple[str, ...]  # weights links, in order
    alive_weights: tuple[str, ...]  # those not dead
    hosted: tuple[str, ...]  # hosted environments, the first three
    archived: tuple[str, ...]  # resolved archive DOIs, the first two
    unchecked_archives: tuple[str, ...]  # archive links we could not check, the first two
    live_data: tuple[str, ...]  # data records and data hosts that resolve, the first three

    @classmethod
    def of(cls, own: Sequence[LinkResult]) -> PaperLinks:
        outcomes = {r.link.url: r.check.outcome for r in own}
        weights = tuple(u for u in outcomes if is_weights_link(u))
        return cls(
            outcomes,
            weights,
            tuple(u for u in weights if outcomes[u] != Outcome.DEAD),
            tuple(u for u in outcomes if is_hosted_environment(u))[:3],
            tuple(u for u, o in outcomes.items() if o in RESOLVED and is_archive_doi(u))[:2],
            tuple(u for u, o in outcomes.items() if o in INCONCLUSIVE and is_archive_doi(u))[:2],
            tuple(
                r.link.url
                for r in own
                if r.check.outcome in RESOLVED
                and (
                    (r.repo is not None and r.repo.record_type in DATA_RECORD_TYPES)
                    or artifact_host(r.link.url) == "data"
                )
            )[:3],
        )


@dataclass(frozen=True, slots=True)
class Context:
    paper: Paper
    own: tuple[LinkResult, ...]  # every link of the paper, code or not
    candidate: Candidate
    rubric: Rubric
    today: date
    period: tuple[date, date] | None
    links: PaperLinks


def answer(
    cid: str, result: CriterionResult, reason: str, evidence: Iterable[str] = ()
) -> Criterion:
    return Criterion(cid, result, reason, tuple(evidence))


def facts_from_github(candidate: Candidate) -> bool:
    return candidate.result.link.kind in (LinkKind.GITHUB_REPO, LinkKind.GITHUB_OTHER)


def facts_unknown(cid: str, candidate: Candidate) -> Criterion:
    if candidate.facts_expected:
        check = candidate.result.check
        api = "GitHub API" if facts_from_github(candidate) else "host API"
        reason = f"repository facts unavailable ({api} rate limit or network)"
        return answer(cid, UNKNOWN, reason, (candidate.url, f"link: {check.detail}"))
    host = urlsplit(candidate.url).netloc
    reason = f"not assessed: no repository facts from {host}"
    return answer(cid, UNKNOWN, reason, (candidate.url,))


def readme_unknown(cid: str, candidate: Candidate) -> Criterion:
    """A criterion the README would decide, when our analysis failed on it: never a failure."""
    return answer(cid, UNKNOWN, NOT_ANALYSED_REASON, (candidate.url,))
