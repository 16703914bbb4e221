"""The scorecard's `summary`: what the whole list adds up to (papers per tier, links per outcome
and kind, licences, commit ages, the checklist, problems), computed once from the scored papers
and the checked links when a scorecard is built or merged. Reports read it; nothing recomputes it.

Every count table lists every known key, zeros included, in a fixed order; values of an open
vocabulary that this version does not know (a newer producer's link kind or licence class) follow
the known ones, sorted.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from auditor.models import (
    CODE_TIERS,
    INCONCLUSIVE,
    Criterion,
    CriterionResult,
    LicenseClass,
    LinkKind,
    LinkResult,
    Outcome,
    PaperScore,
    Tier,
)
from auditor.rubric.evidence import NO_CODE_REASON
from auditor.rubric.registry import CRITERIA, CriterionSpec, Registry, licence_declared
from auditor.timestamps import to_date

AGE_BUCKETS = ("<6m", "6-12m", "1-2y", "2-5y", ">=5y", "unknown")


@dataclass(frozen=True, slots=True)
class Problems:
    # Every `dead` verdict: the summary is computed before acknowledgements are marked, so what
    # counts (reports, outputs, `--fail-on`) is `LinkEntry.counts_as_dead`, not this fact.
    dead_links: int
    placeholder_papers: int
    missing_licence: int


@dataclass(frozen=True, slots=True)
class NetworkCounts:
    """What the network kept undecided, and a sentence saying so (None when nothing was)."""

    inconclusive_links: int
    unknown_papers: int
    note: str | None


@dataclass(frozen=True, slots=True)
class Summary:
    """The `summary` object of `scorecard.json`. Count tables map a value's JSON spelling to
    how many papers (tiers, licence classes, commit ages, checklist items passed) or links
    (outcomes, kinds) have it."""

    papers: int
    links: int
    papers_with_code: int
    tiers: Mapping[str, int]
    outcomes: Mapping[str, int]
    kinds: Mapping[str, int]
    licence_classes: Mapping[str, int]
    last_commit_age: Mapping[str, int]
    checklist: Mapping[str, int]
    scored_papers: int
    median_score: int | float | None
    problems: Problems
    network: NetworkCounts


def _age_bucket(last_commit: str | None, checked_at: str | None) -> str:
    last, now = to_date(last_commit), to_date(checked_at)
    if last is None or now is None:
        return "unknown"
    days = (now - last).days
    for bucket, limit in zip(AGE_BUCKETS, (183, 365, 730, 1826), strict=False):
        if days < limit:
            return bucket
    return ">=5y"


def _result(score: PaperScore, cid: str) -> CriterionResult | None:
    return next((c.result for c in score.criteria if c.id == cid), None)


def fails(score: PaperScore | None, spec: CriterionSpec) -> Criterion | None:
    """The paper's failed `spec` when it fails on its code's own account, else None: not for a
    paper citing no code (no-code), nor a failure echoing a failed gate (`NO_CODE_REASON`: past
    a dead link, a fork without changes of its own, a reading list). The one predicate of a
    failure a paper can fix, which `unlicensed` and the reports' "How to fix" counts ask."""
    if score is None or score.tier == Tier.NO_CODE:
        return None
    failed = next((c for c in score.criteria if c.id == spec.id), None)
    return failed if failed is not None and _fixable(failed) else None


def failed_ids(score: PaperScore | None) -> dict[str, Criterion]:
    """Every criterion id the paper `fails`, with its criterion, in one pass over its criteria
    (asking `fails` of each of 19 criteria took one pass each: the reports' "How to fix"
    counts at 30,000 papers)."""
    if score is None or score.tier == Tier.NO_CODE:
        return {}
    first: dict[str, Criterion] = {}
    for criterion in score.criteria:
        first.setdefault(criterion.id, criterion)
    return {cid: c for cid, c in first.items() if _fixable(c)}


def _fixable(criterion: Criterion) -> bool:
    return criterion.result == CriterionResult.FAIL and criterion.reason != NO_CODE_REASON


def unlicensed(score: PaperScore | None) -> Criterion | None:
    """The licence criterion (C1) a paper's code fails (`fails`), else None: the one
    "unlicensed" predicate, which `problems.missing_licence` counts and the reports list with
    the criterion's reason."""
    return fails(score, licence_declared)


def _median(scores: Sequence[int]) -> int | float | None:
    if not scores:
        return None
    middle = statistics.median(scores)
    return int(middle) if middle == int(middle) else middle


def _table(counts: Counter[str], known: Iterable[str], last: Sequence[str] = ()) -> dict[str, int]:
    """Every known key in order, then unknown ones sorted, then `last`."""
    keys = [*known]
    keys += sorted(set(counts) - set(keys) - set(last))
    return {key: counts[key] for key in (*keys, *last)}


def _skipped_facts(results: Sequence[LinkResult]) -> str | None:
    """A sentence on the repository facts an API budget made us skip, or None."""
    counts: Counter[str] = Counter()
    repositories = 0
    for result in results:
        if result.repo is not None and result.repo.skipped:
            repositories += 1
            counts.update(result.repo.skipped)
    if not repositories:
        return None
    facts = ", ".join(f"{name} ({count})" for name, count in sorted(counts.items()))
    return (
        f"{repositories} repositories were judged without some facts, skipped to keep the "
        f"GitHub API budget (60 REST requests an hour without a token): {facts}; set "
        "GITHUB_TOKEN (or run `gh auth login`) to have them."
    )


def scored_links(results: Sequence[LinkResult]) -> dict[str, LinkResult]:
    """Links by the address a paper may be scored on (`PaperScore.scored_on`): each link's URL
    and its final address (`final_url`), where a renamed repository is scored while its facts
    stay on the cited link. A cited URL wins over another link's final address."""
    found = {result.link.url: result for result in results}
    for result in results:
        if result.check.final_url:
            found.setdefault(result.check.final_url, result)
    return found


def build_summary(
    scores: Sequence[PaperScore | None],
    results: Sequence[LinkResult],
    criteria: Registry = CRITERIA,
) -> Summary:
    """The summary of a scorecard's papers (their scores, None for an unscored paper) and links,
    scored on `criteria`."""
    by_url = scored_links(results)
    scored = [score for score in scores if score is not None]
    tiers = Counter(str(score.tier) for score in scored)
    outcomes = Counter(str(result.check.outcome) for result in results)
    kinds = Counter(str(result.link.kind) for result in results)
    licences: Counter[str] = Counter()
    ages: Counter[str] = Counter()
    checklist: Counter[str] = Counter()
    for score in scored:
        code = by_url.get(score.scored_on or "")
        if code is None:
            continue
        repo = code.repo
        klass = repo.license_class if repo is not None else None
        licences[str(klass or "unknown")] += 1
        last = (repo.last_commit_at or repo.pushed_at) if repo is not None else None
        ages[_age_bucket(last, code.check.checked_at)] += 1
        if repo is not None:
            passed = sum(
                _result(score, spec.id) == CriterionResult.PASS for spec in criteria.checklist
            )
            checklist[str(passed)] += 1
    numbers = [score.score for score in scored if score.score is not None]
    inconclusive = sum(outcomes[outcome] for outcome in INCONCLUSIVE)
    note = None
    if inconclusive or tiers[Tier.UNKNOWN]:
        note = (
            f"{inconclusive} link(s) could not be checked (rate limits, network or refusals) and "
            f"{tiers[Tier.UNKNOWN]} paper(s) are unknown; a later run may decide them."
        )
    skipped = _skipped_facts(results)
    if skipped:
        note = f"{note} {skipped}" if note else skipped
    return Summary(
        papers=len(scores),
        links=len(results),
        papers_with_code=sum(tiers[tier] for tier in CODE_TIERS),
        # `mismatch` is counted only when a paper has it: scorecards without one read as before.
        tiers={
            tier.value: tiers[tier] for tier in Tier if tier is not Tier.MISMATCH or tiers[tier]
        },
        outcomes={outcome.value: outcomes[outcome] for outcome in Outcome},
        kinds=_table(kinds, (kind.value for kind in LinkKind)),
        licence_classes=_table(licences, (c.value for c in LicenseClass), ("unknown",)),
        last_commit_age={bucket: ages[bucket] for bucket in AGE_BUCKETS},
        checklist={str(n): checklist[str(n)] for n in range(len(criteria.checklist) + 1)},
        scored_papers=len(numbers),
        median_score=_median(numbers),
        problems=Problems(
            dead_links=outcomes[Outcome.DEAD],
            placeholder_papers=tiers[Tier.PLACEHOLDER],
            missing_licence=sum(unlicensed(score) is not None for score in scored),
        ),
        network=NetworkCounts(
            inconclusive_links=inconclusive, unknown_papers=tiers[Tier.UNKNOWN], note=note
        ),
    )
