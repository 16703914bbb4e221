"""The versioned rubric applied to one paper: its code links become candidates, each is judged
by the rules (`auditor.rubric.rules_access`: groups A–C; `auditor.rubric.rules_content`: groups
D–G), and the best candidate gives the paper's tier and its 0–100 score. (The scorecard's `summary`
of the scored papers is `auditor.scorecard.summary`.)

Unknown and n/a leave the score's denominator, a partial answer earns half its weight, and an
undecided gate gives the `unknown` tier, never no-code, dead or placeholder. Beside the tier,
outside it, the reuse mark says what the code's licence lets others do. See docs/rubric.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import date

from auditor.facts.licenses import reuse_of
from auditor.facts.repofiles import is_licence_file, matching
from auditor.links import PROJECT_PAGE_KINDS, RECORD_KINDS, is_code_result
from auditor.models import (
    CODE_TIERS,
    INCONCLUSIVE,
    TIER_RANK,
    UNSCORED_TIERS,
    Criterion,
    CriterionResult,
    LinkResult,
    Outcome,
    Paper,
    PaperScore,
    ReadmeCover,
    Reuse,
    Tier,
)
from auditor.rubric.evidence import (
    FAIL,
    NO_CODE_REASON,
    PARTIAL,
    PASS,
    UNKNOWN,
    Candidate,
    Context,
    CriterionSpec,
    PaperLinks,
    paper_period,
)
from auditor.rubric.identity import Identity, judge_identity
from auditor.rubric.registry import (
    RUBRIC_VERSION,
    Rubric,
    RubricError,
    load_rubric,
)
from auditor.rubric.rules_access import (
    GATE,
    code_released,
    permanent_home,
    repository_exists,
)
from auditor.rubric.rules_content import (
    container,
    dependencies,
    doi_or_release,
    evaluation_code,
    pinned_environment,
    substantive_readme,
    training_code,
)

__all__ = [
    "RUBRIC_VERSION",
    "Rubric",
    "RubricError",
    "load_rubric",
    "paper_period",
    "score_paper",
]


# --- tiers and the score ----------------------------------------------------------------------


class _Results:
    """Each criterion's result so far, asked by its handle."""

    def __init__(self, criteria: Iterable[Criterion]) -> None:
        self._by_id = {c.id: c.result for c in criteria}

    def __getitem__(self, spec: CriterionSpec) -> CriterionResult:
        return self._by_id[spec.id]

    def passed(self, spec: CriterionSpec) -> bool:
        return self._by_id[spec.id] == PASS


# What a bronze README must say beside being substantive: how to install or use the code.
_USE_COVERS = (ReadmeCover.INSTALL, ReadmeCover.USAGE)


def _tier(candidate: Candidate, criteria: Sequence[Criterion], rubric: Rubric) -> Tier:
    """The ladder (rubric 2.0): listed = code released; bronze = listed + a substantive README
    that says how to install or use it; silver = bronze + the checklist's dependencies, training
    or evaluation code and enough of the rest; gold = silver + the whole checklist + a pinned
    environment or container + a permanent version. Licence and citation are no gates: the
    reuse mark and the score say them."""
    result = _Results(criteria)
    if result[repository_exists] == FAIL:
        return Tier.DEAD
    if result[repository_exists] == UNKNOWN:
        return Tier.UNKNOWN
    if candidate.facts is not None and candidate.facts.reading_list:
        return Tier.NO_CODE  # a survey's list of papers is a publication, not a promise of code
    if result[code_released] == FAIL:
        return Tier.PLACEHOLDER
    # Without GitHub facts for a GitHub link the placeholder question is open; on hosts we never
    # ask, a reachable link is as far as the evidence goes.
    if result[code_released] == UNKNOWN and candidate.facts_expected:
        return Tier.UNKNOWN
    facts = candidate.facts
    documents_use = facts is not None and any(c in facts.readme_covers for c in _USE_COVERS)
    if not (result.passed(code_released) and result.passed(substantive_readme) and documents_use):
        return Tier.LISTED
    checklist = rubric.criteria.checklist
    passed = sum(map(result.passed, checklist))
    has_code = result.passed(training_code) or result.passed(evaluation_code)
    if not (passed >= rubric.silver_min_checklist and result.passed(dependencies) and has_code):
        return Tier.BRONZE
    runnable = result.passed(pinned_environment) or result.passed(container)
    if passed == len(checklist) and runnable and result.passed(doi_or_release):
        return Tier.GOLD
    return Tier.SILVER


def weighted_score(criteria: Sequence[Criterion], rubric: Rubric) -> int | None:
    """0–100 over the decided criteria (a partial answer earns half its weight); None when too
    little could be decided."""
    total = sum(rubric.weight(spec.id) for spec in rubric.criteria)
    decided = [c for c in criteria if c.result in (PASS, FAIL, PARTIAL)]
    decided_weight = sum(rubric.weight(c.id) for c in decided)
    if decided_weight == 0 or decided_weight < rubric.min_decided_share * total:
        return None
    earned = sum(rubric.weight(c.id) for c in decided if c.result == PASS) + sum(
        rubric.weight(c.id) / 2 for c in decided if c.result == PARTIAL
    )
    return round(100 * earned / decided_weight)


def _scored(tier: Tier, criteria: Sequence[Criterion], rubric: Rubric) -> int | None:
    """The score of a paper at `tier`: none where there is no code of its own to grade (no
    code, a dead link, a placeholder, another work's repository)."""
    return None if tier in UNSCORED_TIERS else weighted_score(criteria, rubric)


def _reuse(candidate: Candidate) -> Reuse:
    """What the candidate's licence lets others do with its code (`facts.licenses.reuse_of`)."""
    facts = candidate.facts
    if facts is None:
        return Reuse.UNKNOWN
    licence_file = bool(matching(facts.root_files, is_licence_file))
    return reuse_of(facts.license_class, licence_file=licence_file)


def _candidates(own: Sequence[LinkResult]) -> list[Candidate]:
    """The paper's code links, one per repository (a moved link and its new address are one)."""
    seen: set[str] = set()
    candidates = []
    for order, result in enumerate(own):
        link = result.link
        if not is_code_result(result):
            continue
        repo = result.repo
        # Two cited folders of one repository are two candidates.
        where = f"{repo.full_name}/{repo.folder or ''}" if repo else None
        key = (where or result.check.final_url or link.url).lower()
        if key not in seen:
            seen.add(key)
            candidates.append(Candidate(result, result.repo, order))
    return candidates


def _unread_pages(own: Sequence[LinkResult]) -> list[LinkResult]:
    """Project pages not read, and archive records (Zenodo, OSF, a DOI) whose API did not
    answer: either may be, or lead to, the code (a README's weights or data never do)."""
    return [
        r
        for r in own
        if r.link.artifact is None
        and (r.link.kind in PROJECT_PAGE_KINDS or (r.link.kind in RECORD_KINDS and r.repo is None))
        and r.check.outcome in INCONCLUSIVE
    ]


def _without_code(
    own: Sequence[LinkResult], per_paper: Sequence[Criterion], rubric: Rubric
) -> PaperScore:
    """No code link found: unknown while a page that may lead to code is unread; dead when a
    cited page is dead; otherwise no-code. The gate says why; every other criterion of a code
    link echoes it."""
    unread = _unread_pages(own)
    dead = [r for r in own if r.link.kind in PROJECT_PAGE_KINDS and r.check.outcome == Outcome.DEAD]
    if unread:
        tier, result = Tier.UNKNOWN, UNKNOWN
        gate = f"no code link yet; project page unread ({unread[0].check.outcome})"
        rest = "project page unread"
        evidence = [f"{r.link.url} — {r.check.detail}" for r in unread]
    elif dead:
        tier, result, gate, rest = Tier.DEAD, FAIL, "project page is dead", NO_CODE_REASON
        evidence = [f"{r.link.url} — {r.check.detail}" for r in dead]
    else:
        tier, result, rest = Tier.NO_CODE, FAIL, NO_CODE_REASON
        gate, evidence = "no code link found, directly or via a project page", []
    criteria = [*per_paper, repository_exists.says(result, gate, evidence)]
    criteria += [
        spec.says(result, rest)
        for spec in rubric.criteria.per_code_link
        if spec is not repository_exists
    ]
    # Without a code link there is nothing to score: a number would grade the citation only.
    return PaperScore(tier, None, _in_order(criteria, rubric), None)


def _score_candidate(
    ctx: Context, per_paper: Sequence[Criterion], identity: Identity
) -> PaperScore:
    judged = judge_identity(identity, ctx.candidate.facts)
    if judged.other_work is None and judged.inherited_from is None:
        return _judged_candidate(ctx, per_paper)
    as_found = _judged_candidate(ctx, per_paper)
    other = judged.other_work
    why = (
        other.sentence
        if other is not None
        else f"the README is {judged.inherited_from}'s, kept: it documents another project"
    )
    stripped = _judged_candidate(_without_readme(ctx), per_paper)
    criteria = tuple(
        _lost(found, lost, why)
        for found, lost in zip(as_found.criteria, stripped.criteria, strict=True)
    )
    if other is not None:
        return PaperScore(Tier.MISMATCH, None, criteria, stripped.scored_on, other)
    tier = _tier(ctx.candidate, criteria, ctx.rubric)
    return PaperScore(tier, _scored(tier, criteria, ctx.rubric), criteria, stripped.scored_on)


def _lost(found: Criterion, lost: Criterion, why: str) -> Criterion:
    """A criterion judged without the README: what only the README gave is lost, and says why;
    what the files and the paper's links give stands. Reading without the README only takes
    credit away: what failed or was undecided with it (a README's "coming soon" makes a
    placeholder) stays as it was."""
    if found.result not in (PASS, PARTIAL):
        return found
    if lost.result != found.result:
        return Criterion(lost.id, lost.result, f"{why}; {lost.reason}", lost.evidence)
    return lost


def _without_readme(ctx: Context) -> Context:
    """`ctx` with its candidate's README saying nothing (the files and the paper's links kept)."""
    facts = ctx.candidate.facts
    assert facts is not None
    kept = replace(
        facts,
        readme_covers=(),
        readme_evidence=(),
        artifact_links=(),
        readme_citation_titles=(),
        readme_results_commands=None,
        readme_withheld=(),
        readme_bare_citation=False,
    )
    return replace(ctx, candidate=replace(ctx.candidate, facts=kept))


def _judged_candidate(ctx: Context, per_paper: Sequence[Criterion]) -> PaperScore:
    criteria = list(per_paper)
    gate = repository_exists.judge(ctx)
    borrowed = _borrowed(ctx.candidate)
    for spec in ctx.rubric.criteria.per_code_link:
        criterion = gate if spec is repository_exists else spec.judge(ctx)
        # Past a failed or undecided existence check there is nothing to look at (an anonymous
        # mirror's temporary home fails B3 whatever it holds).
        if spec is not repository_exists and gate.result != PASS and not _keeps_failure(criterion):
            result = FAIL if gate.result == FAIL else UNKNOWN
            reason = NO_CODE_REASON if result == FAIL else "repository not reached"
            criterion = spec.says(result, reason)
        elif borrowed is not None and spec.group is not GATE:
            criterion = spec.says(FAIL, borrowed)
        criteria.append(criterion)
    ordered = _in_order(criteria, ctx.rubric)
    tier = _tier(ctx.candidate, ordered, ctx.rubric)
    return PaperScore(tier, _scored(tier, ordered, ctx.rubric), ordered, ctx.candidate.url)


def _in_order(criteria: Iterable[Criterion], rubric: Rubric) -> tuple[Criterion, ...]:
    """The criteria in the registry's order, whichever were judged per paper or per link."""
    by_id = {c.id: c for c in criteria}
    return tuple(by_id[spec.id] for spec in rubric.criteria)


def _keeps_failure(criterion: Criterion) -> bool:
    return criterion.id == permanent_home.id and criterion.result == FAIL


def _borrowed(candidate: Candidate) -> str | None:
    """Why the repository's files are not the paper's own work: a reading list, or a fork with
    no commits of its own (its README, licence and files are its parent's)."""
    facts = candidate.facts
    if facts is None:
        return None
    if facts.reading_list or (facts.fork and facts.fork_ahead_by == 0):
        return NO_CODE_REASON  # B2 says why; the rest echoes the gate, as after a dead link
    return None


def score_paper(
    paper: Paper, results: Sequence[LinkResult], rubric: Rubric, *, today: date, own: bool = False
) -> PaperScore:
    """Score a paper on its best code link (tier, then score, then a direct link before one
    found on a project page); `results` may hold other papers' links, which are ignored, unless
    `own` says they are all the paper's (a link cited by every paper of a long list then costs
    nothing per paper). Linear in the paper's links."""
    own_links = tuple(results) if own else tuple(r for r in results if paper.id in r.link.papers)
    per_paper = [spec.judge(own_links) for spec in rubric.criteria.per_paper]
    candidates = _candidates(own_links)
    if not candidates:
        return _without_code(own_links, per_paper, rubric)
    period = paper_period(paper.date)
    links = PaperLinks.of(own_links)
    identity = Identity.of(paper, (r.link.url for r in own_links))  # once: linear in the links
    scored = [
        (
            _score_candidate(
                Context(paper, own_links, c, rubric, today, period, links), per_paper, identity
            ),
            c,
        )
        for c in candidates
    ]
    best, candidate = max(
        scored,
        key=lambda pair: (
            TIER_RANK[pair[0].tier],
            -1 if pair[0].score is None else pair[0].score,
            pair[1].result.link.found_via is None,
            -pair[1].order,
        ),
    )
    # A page we could not read may lead to the code the dead or placeholder link does not give.
    if best.tier in (Tier.DEAD, Tier.PLACEHOLDER, Tier.NO_CODE) and _unread_pages(own_links):
        return PaperScore(Tier.UNKNOWN, best.score, best.criteria, best.scored_on)
    if best.tier in CODE_TIERS or best.tier is Tier.UNKNOWN:
        return replace(best, reuse=_reuse(candidate))
    return best
