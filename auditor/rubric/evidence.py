"""What every rubric rule reads: the candidate code link with its repository facts, the paper's
context (its links, dates, the rubric, today), and the shared vocabulary of answers and link
outcomes; and how a criterion is declared: once, beside the rule that decides it, with its id,
group, title, weight, documentation and fix (`Declarations`). No rule lives here:
`auditor.rubric.rules_access` and `auditor.rubric.rules_content` declare them,
`auditor.rubric.registry` lists them.
"""

from __future__ import annotations

import calendar
import posixpath
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING
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
    INCONCLUSIVE,
    RESOLVED,
    Criterion,
    CriterionResult,
    LinkKind,
    LinkResult,
    Outcome,
    Paper,
    ReadmeCover,
    RepoFacts,
    holds_nothing,
)
from auditor.timestamps import day_of

if TYPE_CHECKING:
    # Only a type here: `auditor.rubric.registry` lists the criteria the rules modules declare with
    # the vocabulary below, so it imports them, never the other way round.
    from auditor.rubric.registry import Rubric

PASS = CriterionResult.PASS
FAIL = CriterionResult.FAIL
UNKNOWN = CriterionResult.UNKNOWN
NA = CriterionResult.NOT_APPLICABLE
PARTIAL = CriterionResult.PARTIAL

# Kinds whose facts only an API gives (GitHub's, or another host's or archive's): without them
# a gate is undecided. GitLab and Hugging Face links keep their older reading (a reachable
# link is as far as the evidence goes when their API did not answer).
FACT_KINDS = frozenset(
    {LinkKind.GITHUB_REPO, LinkKind.GITHUB_OTHER, LinkKind.BITBUCKET, LinkKind.CODEBERG}
    | {LinkKind.GITEE, LinkKind.FORGEJO, LinkKind.SOFTWARE_HERITAGE, LinkKind.ZENODO}
    | {LinkKind.OSF, LinkKind.DOI}
)

NO_CODE_REASON = "no code to assess"
# What a criterion's "unknown when" says when only the missing facts make it so.
NO_FACTS = "no facts"

# --- dates ------------------------------------------------------------------------------------


def paper_period(value: str | None) -> tuple[date, date] | None:
    """First and last day a reduced-precision ISO date (`2026`, `2026-07`, `2026-07-14`) may
    mean; None when absent or unreadable. Rules read it in the paper's favour."""
    if not value:
        return None
    match = re.fullmatch(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?", day_of(value.strip()))
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
        """A browsable link to a file of the repository, or of the cited folder the facts
        describe (`name` is the folder's), at the commit judged when it is known, else at the
        ref read (GitHub redirects blob→tree for directories, and HEAD to the default branch).
        The commit recorded is the default branch's head: a folder read at another ref keeps
        that ref."""
        facts = self.facts
        assert facts is not None
        path = name if facts.folder is None else posixpath.normpath(f"{facts.folder}/{name}")
        branch = facts.ref or facts.default_branch
        commit = facts.commit if facts.ref is None else None
        return file_url(facts.source, self.url, facts.full_name, branch, path, line, commit=commit)

    @property
    def folder_note(self) -> str:
        """How a reason names the cited folder the facts describe ("" for a repository's root),
        and a README read up the tree from it."""
        facts = self.facts
        if facts is None or (facts.folder is None and facts.ref is None):
            return ""
        where = f"cited folder {facts.folder}/" if facts.folder else "the root"
        note = f" ({where} at {facts.ref or 'the default branch'}"
        readme = facts.readme_path or ""
        if readme.startswith("../"):
            up = posixpath.dirname(posixpath.normpath(f"{facts.folder}/{readme}"))
            note += f"; README from {f'{up}/' if up else 'the root'}, the nearest up the tree"
        return note + ")"

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
    alive_weights: tuple[str, ...]  # those not dead, holding something
    hosted: tuple[str, ...]  # hosted environments, the first three
    archived: tuple[str, ...]  # resolved archive DOIs, the first two
    unchecked_archives: tuple[str, ...]  # archive links we could not check, the first two
    live_data: tuple[str, ...]  # data records and data hosts that resolve, the first three
    # Weights links that answer but hold nothing to download (`holds_nothing`), the first three.
    empty_weights: tuple[LinkResult, ...] = ()

    @classmethod
    def of(cls, own: Sequence[LinkResult]) -> PaperLinks:
        outcomes = {r.link.url: r.check.outcome for r in own}
        # The weights and data the paper links itself; a README's (`Link.artifact`, another
        # work's base model among them) are D4's and E3's to judge by whose they are.
        cited = [r for r in own if r.link.artifact is None]
        weighted = [r for r in cited if is_weights_link(r.link.url)]
        weights = tuple(r.link.url for r in weighted)
        empty = tuple(r for r in weighted if holds_nothing(r.check))
        held = {r.link.url for r in empty}
        return cls(
            outcomes,
            weights,
            tuple(u for u in weights if outcomes[u] != Outcome.DEAD and u not in held),
            tuple(u for u in outcomes if is_hosted_environment(u))[:3],
            tuple(u for u, o in outcomes.items() if o in RESOLVED and is_archive_doi(u))[:2],
            tuple(u for u, o in outcomes.items() if o in INCONCLUSIVE and is_archive_doi(u))[:2],
            tuple(
                r.link.url
                for r in cited
                if r.check.outcome in RESOLVED
                and not holds_nothing(r.check)
                and (
                    (r.repo is not None and r.repo.record_type in DATA_RECORD_TYPES)
                    or artifact_host(r.link.url) == "data"
                )
            )[:3],
            empty[:3],
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


@dataclass(frozen=True, slots=True)
class Answer:
    """What a rule says of its criterion; the criterion adds its id (`CriterionSpec.gives`)."""

    result: CriterionResult
    reason: str
    evidence: tuple[str, ...] = ()


def answer(result: CriterionResult, reason: str, evidence: Iterable[str] = ()) -> Answer:
    return Answer(result, reason, tuple(evidence))


def facts_from_github(candidate: Candidate) -> bool:
    return candidate.result.link.kind in (LinkKind.GITHUB_REPO, LinkKind.GITHUB_OTHER)


def facts_unknown(candidate: Candidate) -> Answer:
    if candidate.facts_expected:
        check = candidate.result.check
        api = "GitHub API" if facts_from_github(candidate) else "host API"
        reason = f"repository facts unavailable ({api} rate limit or network)"
        return answer(UNKNOWN, reason, (candidate.url, f"link: {check.detail}"))
    host = urlsplit(candidate.url).netloc
    reason = f"not assessed: no repository facts from {host}"
    return answer(UNKNOWN, reason, (candidate.url,))


NOT_ANALYSED_REASON = "README could not be analysed"


def readme_unknown(candidate: Candidate) -> Answer:
    """A criterion the README would decide, when our analysis failed on it: never a failure."""
    return answer(UNKNOWN, NOT_ANALYSED_REASON, (candidate.url,))


# --- declaring a criterion --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Group:
    """A group of criteria: its letter (the criteria's ids start with it) and its title."""

    letter: str
    title: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CriterionSpec:
    """One criterion, declared once: its id, group, title and default weight, when it passes,
    fails or is unknown, and how to fix a failure, in the words `docs/rubric.md` and the reports
    show. A subclass adds the rule that decides it."""

    id: str
    group: Group
    title: str
    weight: int
    passes: str
    fails: str
    unknown: str
    # One line telling a paper's authors how to pass when it fails (the reports show it beside
    # each failed criterion).
    fix: str
    # Whether a repository file alone could pass it: `auditor readme` on a lone README file
    # (whose neighbours it never saw) says unknown rather than fail.
    file_can_pass: bool = False

    def says(self, result: CriterionResult, reason: str, evidence: Iterable[str] = ()) -> Criterion:
        return Criterion(self.id, result, reason, tuple(evidence))

    def gives(self, given: Answer) -> Criterion:
        return Criterion(self.id, given.result, given.reason, given.evidence)


PaperRule = Callable[[Sequence[LinkResult]], Answer]
CodeRule = Callable[[Context], Answer]


@dataclass(frozen=True, slots=True, kw_only=True)
class PaperCriterion(CriterionSpec):
    """Judged once per paper, over all its links (code or not)."""

    rule: PaperRule

    def judge(self, own: Sequence[LinkResult]) -> Criterion:
        return self.gives(self.rule(own))


@dataclass(frozen=True, slots=True, kw_only=True)
class CodeCriterion(CriterionSpec):
    """Judged for each code link of the paper, from its `Context`."""

    rule: CodeRule

    def judge(self, ctx: Context) -> Criterion:
        return self.gives(self.rule(ctx))


class Declarations:
    """The criteria a rules module declares, in the order declared, which is their order in the
    rubric (`auditor.rubric.registry.CRITERIA`). Each is declared by decorating its rule:

        @DECLARED.per_code_link("C1", LICENCE, "Licence declared", 10, passes=..., ...)
        def licence_declared(ctx: Context) -> Answer: ...

    and the name is then the criterion itself (`licence_declared.id`, `.fix`, `.judge(ctx)`),
    the handle every other module asks by.
    """

    def __init__(self) -> None:
        self._declared: list[CriterionSpec] = []

    def __iter__(self) -> Iterator[CriterionSpec]:
        return iter(self._declared)

    def per_paper(
        self,
        id: str,
        group: Group,
        title: str,
        weight: int,
        *,
        passes: str,
        fails: str,
        unknown: str,
        fix: str,
    ) -> Callable[[PaperRule], PaperCriterion]:
        def declare(rule: PaperRule) -> PaperCriterion:
            spec = PaperCriterion(
                id=id, group=group, title=title, weight=weight, passes=passes, fails=fails,
                unknown=unknown, fix=fix, rule=rule,
            )  # fmt: skip
            self._declared.append(spec)
            return spec

        return declare

    def per_code_link(
        self,
        id: str,
        group: Group,
        title: str,
        weight: int,
        *,
        passes: str,
        fails: str,
        unknown: str,
        fix: str,
        file_can_pass: bool = False,
    ) -> Callable[[CodeRule], CodeCriterion]:
        def declare(rule: CodeRule) -> CodeCriterion:
            spec = CodeCriterion(
                id=id, group=group, title=title, weight=weight, passes=passes, fails=fails,
                unknown=unknown, fix=fix, file_can_pass=file_can_pass, rule=rule,
            )  # fmt: skip
            self._declared.append(spec)
            return spec

        return declare
