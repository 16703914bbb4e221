"""The promises a paper has not kept yet, and when one is overdue: the one home of "overdue".

A promise is open when the repository the paper is scored on is a placeholder (the code is
coming), when that repository's README promises weights it does not give (the code being there),
or when the paper still cites an anonymous review mirror (anonymous.4open.science and the like)
after its date. It is overdue once more than `Rubric.placeholder_grace_days` have passed since
the paper date, read at its latest (the paper's favour); without a date it is never overdue.
Since when each has been open, across runs, is the run history's (`auditor.history`, which sets
`Promise.first_seen`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import date, timedelta
from typing import TYPE_CHECKING

from auditor.models import (
    CODE_TIERS,
    LinkKind,
    LinkResult,
    Paper,
    PaperScore,
    Promise,
    PromiseKind,
    Tier,
)
from auditor.rubric.evidence import paper_period

if TYPE_CHECKING:
    from auditor.rubric.registry import Rubric

Period = tuple[date, date]

# Said only of open promises: the one thing a paper date changes about them.
NO_PAPER_DATE = (
    "no paper date, so whether the promise is overdue is not known (give one with "
    "--paper-date or a date field in the list)"
)


def due(period: Period | None, rubric: Rubric) -> date | None:
    """The last day of a promise's grace period; None without a paper date."""
    return None if period is None else period[1] + timedelta(days=rubric.placeholder_grace_days)


def is_overdue(period: Period | None, today: date, rubric: Rubric) -> bool:
    """Still open more than the grace days after the paper date; never without a date."""
    last = due(period, rubric)
    return last is not None and today > last


def grace_words(period: Period | None, today: date, rubric: Rubric) -> str:
    """How a criterion says where a promise stands: "not overdue until DATE (90-day grace)",
    "the 90-day grace ended DATE", or why that is not known."""
    grace, last = rubric.placeholder_grace_days, due(period, rubric)
    if last is None:
        return NO_PAPER_DATE
    if not is_overdue(period, today, rubric):
        return f"not overdue until {last} ({grace}-day grace)"
    return f"the {grace}-day grace ended {last}"


def with_promises(
    paper: Paper, own: Sequence[LinkResult], score: PaperScore, rubric: Rubric, *, today: date
) -> PaperScore:
    """`score` with the paper's open promises (`own`: its links) and whether any is overdue."""
    period = paper_period(paper.date)
    last = due(period, rubric)
    days = (today - period[1]).days if period is not None else None
    promises = tuple(
        Promise(
            kind,
            url,
            evidence,
            due=last.isoformat() if last is not None else None,
            overdue=is_overdue(period, today, rubric),
            days_after_paper=days,
        )
        for kind, url, evidence in _open(own, score, period, today, rubric)
    )
    return replace(score, promises=promises, overdue=any(p.overdue for p in promises))


def _open(
    own: Sequence[LinkResult],
    score: PaperScore,
    period: Period | None,
    today: date,
    rubric: Rubric,
) -> Iterator[tuple[PromiseKind, str, str]]:
    from auditor.rubric.rules_access import code_released  # it words its grace with ours

    scored = score.scored_on
    if score.tier is Tier.PLACEHOLDER and scored is not None:
        reason = next((c.reason for c in score.criteria if c.id == code_released.id), "")
        why = reason.removesuffix(f"; {grace_words(period, today, rubric)}")
        yield PromiseKind.CODE, scored, why or "placeholder repository"
    if score.tier in CODE_TIERS and scored is not None:
        facts = next(
            (r.repo for r in own if scored in (r.link.url, r.check.final_url) and r.repo), None
        )
        promise = facts.readme_weights_promise if facts is not None else None
        if promise is not None:
            yield PromiseKind.WEIGHTS, scored, f"README line {promise.line}: {promise.excerpt}"
    if period is None or today > period[1]:
        for result in own:
            if result.link.kind is LinkKind.ANONYMOUS_REVIEW:
                url = result.link.url
                yield PromiseKind.ANONYMOUS_REVIEW, url, "an anonymous review link, still cited"
