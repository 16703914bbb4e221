"""A paper's open promises and when one is overdue (`auditor.rubric.promises`, the one home of
"overdue"): a placeholder, a README's "weights coming soon", an anonymous review link still
cited after the paper date; the grace days from the paper date read at its latest; never
overdue without a date."""

from __future__ import annotations

from datetime import date

import pytest

from auditor.models import (
    LinkKind,
    PaperScore,
    PromiseKind,
    ReadmeCover,
    ReadmeEvidence,
    RepoFacts,
)
from auditor.rubric.promises import due, grace_words, is_overdue, with_promises
from auditor.rubric.registry import Rubric
from auditor.rubric.score import paper_period, score_paper
from tests.support.scorecards import TODAY, gold_facts, paper, result

REPO = "https://github.com/lab/model"
MIRROR = "https://anonymous.4open.science/r/model-1234"


def judged(
    facts: RepoFacts | None = None,
    *,
    date_: str | None = "2026-03",
    anonymous: bool = False,
    today: date = TODAY,
    rubric: Rubric | None = None,
) -> PaperScore:
    scoring = rubric or Rubric()
    own = [result(REPO, LinkKind.GITHUB_REPO, repo=facts or gold_facts())]
    if anonymous:
        own.append(result(MIRROR, LinkKind.ANONYMOUS_REVIEW))
    card = paper(date_=date_)
    scored = score_paper(card, own, scoring, today=today)
    return with_promises(card, own, scored, scoring, today=today)


def placeholder() -> RepoFacts:
    return gold_facts(
        root_files=("README.md", "LICENSE"),
        readme_covers=(ReadmeCover.PLACEHOLDER,),
        readme_evidence=(ReadmeEvidence(ReadmeCover.PLACEHOLDER, 4, "Code coming soon"),),
    )


def weights_promised() -> RepoFacts:
    return gold_facts(
        readme_weights_promise=ReadmeEvidence(ReadmeCover.WEIGHTS, 12, "Weights coming soon.")
    )


def test_a_placeholder_past_the_grace_is_an_overdue_code_promise() -> None:
    score = judged(placeholder())
    (promise,) = score.promises

    assert (promise.kind, promise.url) == (PromiseKind.CODE, REPO)
    # "2026-03" is read at its latest, 31 March: the 90-day grace runs to 29 June.
    assert (promise.due, promise.overdue, promise.days_after_paper) == ("2026-06-29", True, 244)
    assert promise.evidence == "README says the code is coming"
    assert score.overdue is True


def test_within_the_grace_a_promise_is_open_not_overdue() -> None:
    score = judged(placeholder(), date_="2026-10")

    assert [(p.kind, p.overdue, p.due) for p in score.promises] == [
        (PromiseKind.CODE, False, "2027-01-29")
    ]
    assert score.overdue is False


def test_without_a_paper_date_a_promise_is_never_overdue() -> None:
    score = judged(placeholder(), date_=None)
    (promise,) = score.promises

    assert (promise.due, promise.overdue, promise.days_after_paper) == (None, False, None)
    assert score.overdue is False


def test_weights_coming_soon_is_a_promise_when_the_code_is_there() -> None:
    (promise,) = judged(weights_promised()).promises

    assert (promise.kind, promise.url, promise.overdue) == (PromiseKind.WEIGHTS, REPO, True)
    assert promise.evidence == "README line 12: Weights coming soon."
    # A placeholder's promise is the code's: its weights are not a second promise.
    placeholder_too = placeholder()
    both = gold_facts(
        root_files=placeholder_too.root_files,
        readme_covers=placeholder_too.readme_covers,
        readme_evidence=placeholder_too.readme_evidence,
        readme_weights_promise=ReadmeEvidence(ReadmeCover.WEIGHTS, 5, "Weights coming soon."),
    )
    assert [p.kind for p in judged(both).promises] == [PromiseKind.CODE]


def test_an_anonymous_review_link_is_a_promise_only_after_the_paper_date() -> None:
    after = judged(anonymous=True)
    assert [(p.kind, p.url) for p in after.promises] == [(PromiseKind.ANONYMOUS_REVIEW, MIRROR)]
    # Under review (before the paper date, read at its latest) it is where the code lives now.
    assert judged(anonymous=True, date_="2026-11").promises == ()


def test_a_paper_with_nothing_promised_is_judged_not_overdue() -> None:
    score = judged()

    assert (score.promises, score.overdue) == ((), False)


@pytest.mark.parametrize(
    ("grace", "today", "words"),
    [
        (90, date(2026, 6, 29), "not overdue until 2026-06-29 (90-day grace)"),
        (90, date(2026, 6, 30), "the 90-day grace ended 2026-06-29"),
        (30, date(2026, 5, 1), "the 30-day grace ended 2026-04-30"),
    ],
)
def test_the_criterion_and_the_promise_say_the_same_grace(
    grace: int, today: date, words: str
) -> None:
    rubric, period = Rubric(placeholder_grace_days=grace), paper_period("2026-03")

    assert grace_words(period, today, rubric) == words
    assert is_overdue(period, today, rubric) == words.startswith("the ")
    assert str(due(period, rubric)) == words.split()[-1 if words.startswith("the ") else 3]
    b2 = next(c for c in judged(placeholder(), today=today, rubric=rubric).criteria if c.id == "B2")
    assert b2.reason.endswith(words)
