"""The versioned rubric applied to one paper: its code links become candidates, each is judged
by the rules (`auditor.rules_access`: groups A–C; `auditor.rules_content`: groups D–G), and the
best candidate gives the paper's tier and its 0–100 score. (The scorecard's `summary` of the
scored papers is `auditor.summary`.)

Unknown and n/a leave the score's denominator, and an undecided gate gives the `unknown` tier,
never no-code, dead or placeholder. See docs/rubric.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import date

from auditor.evidence import (
    FAIL,
    NO_CODE_REASON,
    PASS,
    UNKNOWN,
    Candidate,
    Context,
    PaperLinks,
    answer,
    paper_period,
)
from auditor.links import PROJECT_PAGE_KINDS, RECORD_KINDS, is_code_result
from auditor.models import (
    INCONCLUSIVE,
    TIER_RANK,
    Criterion,
    CriterionResult,
    LinkResult,
    Outcome,
    Paper,
    PaperScore,
    Tier,
)
from auditor.rubric import (
    CHECKLIST_IDS,
    CRITERIA,
    RUBRIC_VERSION,
    Rubric,
    RubricError,
    load_rubric,
)
from auditor.rules_access import (
    code_released,
    licence_declared,
    licence_open,
    links_resolve,
    permanent_home,
    repository_exists,
)
from auditor.rules_content import (
    activity_after_paper,
    citation,
    container,
    data_documented,
    dependencies,
    doi_or_release,
    evaluation_code,
    pinned_environment,
    pretrained_weights,
    readme_results,
    substantive_readme,
    tests_or_ci,
    training_code,
)

__all__ = [
    "NO_CODE_REASON",
    "RUBRIC_VERSION",
    "Rubric",
    "RubricError",
    "load_rubric",
    "paper_period",
    "score_paper",
]


RULES: tuple[Callable[[Context], Criterion], ...] = (
    repository_exists,
    code_released,
    permanent_home,
    licence_declared,
    licence_open,
    dependencies,
    training_code,
    evaluation_code,
    pretrained_weights,
    readme_results,
    pinned_environment,
    container,
    data_documented,
    tests_or_ci,
    substantive_readme,
    citation,
    doi_or_release,
    activity_after_paper,
)


# --- tiers and the score ----------------------------------------------------------------------


def _results(criteria: Iterable[Criterion]) -> dict[str, CriterionResult]:
    return {c.id: c.result for c in criteria}


def _tier(candidate: Candidate, criteria: Sequence[Criterion], rubric: Rubric) -> Tier:
    result = _results(criteria)
    if result["B1"] == FAIL:
        return Tier.DEAD
    if result["B1"] == UNKNOWN:
        return Tier.UNKNOWN
    if candidate.facts is not None and candidate.facts.reading_list:
        return Tier.NO_CODE  # a survey's list of papers is a publication, not a promise of code
    if result["B2"] == FAIL:
        return Tier.PLACEHOLDER
    # Without GitHub facts for a GitHub link the placeholder question is open; on hosts we never
    # ask, a reachable link is as far as the evidence goes.
    if result["B2"] == UNKNOWN and candidate.facts_expected:
        return Tier.UNKNOWN
    if not (result["B2"] == PASS and result["C1"] == PASS and result["F1"] == PASS):
        return Tier.LISTED
    checklist = sum(result[cid] == PASS for cid in CHECKLIST_IDS)
    has_code = result["D2"] == PASS or result["D3"] == PASS
    if not (checklist >= rubric.silver_min_checklist and result["D1"] == PASS and has_code):
        return Tier.BRONZE
    if result["F2"] != PASS:
        return Tier.BRONZE
    runnable = result["E1"] == PASS or result["E2"] == PASS
    if checklist == len(CHECKLIST_IDS) and runnable and result["F3"] == PASS:
        return Tier.GOLD
    return Tier.SILVER


def weighted_score(criteria: Sequence[Criterion], rubric: Rubric) -> int | None:
    """0–100 over the decided criteria; None when too little could be decided."""
    total = sum(rubric.weight(spec.id) for spec in CRITERIA)
    decided = [c for c in criteria if c.result in (PASS, FAIL)]
    decided_weight = sum(rubric.weight(c.id) for c in decided)
    if decided_weight == 0 or decided_weight < rubric.min_decided_share * total:
        return None
    earned = sum(rubric.weight(c.id) for c in decided if c.result == PASS)
    return round(100 * earned / decided_weight)


def _candidates(own: Sequence[LinkResult]) -> list[Candidate]:
    """The paper's code links, one per repository (a moved link and its new address are one)."""
    seen: set[str] = set()
    candidates = []
    for order, result in enumerate(own):
        link = result.link
        if not is_code_result(result):
            continue
        key = (result.repo.full_name if result.repo else result.check.final_url or link.url).lower()
        if key not in seen:
            seen.add(key)
            candidates.append(Candidate(result, result.repo, order))
    return candidates


def _unread_pages(own: Sequence[LinkResult]) -> list[LinkResult]:
    """Project pages not read, and archive records (Zenodo, OSF, a DOI) whose API did not
    answer: either may be, or lead to, the code."""
    return [
        r
        for r in own
        if (r.link.kind in PROJECT_PAGE_KINDS or (r.link.kind in RECORD_KINDS and r.repo is None))
        and r.check.outcome in INCONCLUSIVE
    ]


def _without_code(own: Sequence[LinkResult], a1: Criterion, rubric: Rubric) -> PaperScore:
    """No code link found: unknown while a page that may lead to code is unread; dead when a
    cited page is dead; otherwise no-code."""
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
    criteria = [a1, answer("B1", result, gate, evidence)]
    criteria += [answer(spec.id, result, rest) for spec in CRITERIA if spec.id not in ("A1", "B1")]
    # Without a code link there is nothing to score: a number would grade the citation only.
    return PaperScore(tier, None, tuple(criteria), None)


def _score_candidate(ctx: Context, a1: Criterion) -> PaperScore:
    criteria = [a1]
    borrowed = _borrowed(ctx.candidate)
    for rule in RULES:
        criterion = rule(ctx)
        gate = _results(criteria)
        # Past a failed or undecided existence check there is nothing to look at (an anonymous
        # mirror's temporary home fails B3 whatever it holds).
        if criterion.id != "B1" and gate["B1"] != PASS and not _keeps_failure(criterion):
            result = FAIL if gate["B1"] == FAIL else UNKNOWN
            reason = NO_CODE_REASON if result == FAIL else "repository not reached"
            criterion = answer(criterion.id, result, reason)
        elif borrowed is not None and criterion.id not in ("B1", "B2", "B3"):
            criterion = answer(criterion.id, FAIL, borrowed)
        criteria.append(criterion)
    tier = _tier(ctx.candidate, criteria, ctx.rubric)
    score = None if tier is Tier.NO_CODE else weighted_score(criteria, ctx.rubric)
    return PaperScore(tier, score, tuple(criteria), ctx.candidate.url)


def _keeps_failure(criterion: Criterion) -> bool:
    return criterion.id == "B3" and criterion.result == FAIL


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
    a1 = links_resolve(own_links)
    candidates = _candidates(own_links)
    if not candidates:
        return _without_code(own_links, a1, rubric)
    period = paper_period(paper.date)
    links = PaperLinks.of(own_links)
    scored = [
        (_score_candidate(Context(paper, own_links, c, rubric, today, period, links), a1), c)
        for c in candidates
    ]
    best, _ = max(
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
    return best
