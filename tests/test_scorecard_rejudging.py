"""Re-judged verdicts (`auditor.scorecard.rejudging`): the one line the reports say, and the
`--fail-on` choices they fail on the first run under newer rules (none)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from auditor.cli.exits import EXIT_FINDINGS, EXIT_OK, exit_code
from auditor.models import ChangeKind, LinkKind, Outcome, Tier
from auditor.scorecard import Changes, JudgingRules, LinkHistory, Rejudging, Scorecard
from auditor.scorecard.rejudging import rules_words, sentence
from tests.support.scorecards import paper, result, scorecard

THEN = "2026-11-23T04:00:00Z"
UNDER_2_0 = Rejudging(JudgingRules("1.2", 1), JudgingRules("2.0", 2), papers=2)


def changed(change: ChangeKind, rejudging: Rejudging | None) -> Scorecard:
    """A run where a folder link is dead and its paper `dead`, another paper a placeholder:
    each changed by `change` since the previous run (`rejudged`: by newer rules)."""
    dead = result(
        "https://github.com/lab/mono/tree/main/gone", LinkKind.GITHUB_REPO, outcome=Outcome.DEAD
    )
    card = scorecard([(paper(), [dead]), (paper("list.txt#2", "Other"), [])])
    first, second = card.papers
    assert first.score is not None
    assert second.score is not None
    papers = (
        replace(first, changes=(change,) if change == ChangeKind.REJUDGED else ()),
        replace(
            second,
            score=replace(second.score, tier=Tier.PLACEHOLDER),
            changes=(change,) if change == ChangeKind.REJUDGED else (),
        ),
    )
    links = tuple(
        replace(entry, history=LinkHistory(THEN, THEN, None, (change,))) for entry in card.links
    )
    counts = {kind.value: 0 for kind in ChangeKind} | {change.value: 1}
    return replace(
        card,
        papers=papers,
        links=links,
        changes=Changes(THEN, counts, int(change == ChangeKind.DIED), rejudging),
    )


def test_the_line_says_what_changed_in_the_rules_and_how_much_it_changed() -> None:
    card = changed(ChangeKind.REJUDGED, UNDER_2_0)

    assert sentence(card) == (
        "Re-judged under rubric 2.0 / cited folders: 1 link, 2 papers changed by the auditor's "
        "new rules, not by the world (rubric 1.2, judging version 1 in the previous run; 2.0, 2 "
        "in this one). They are not counted as died or newly dead and fail no --fail-on choice "
        "on this run."
    )


def test_no_line_on_a_run_under_the_previous_runs_rules() -> None:
    assert sentence(changed(ChangeKind.DIED, None)) is None


@pytest.mark.parametrize(
    ("previous", "current", "words"),
    [
        (JudgingRules("1.2", 2), JudgingRules("2.0", 2), "rubric 2.0"),
        (JudgingRules("1.2", 1), JudgingRules("1.2", 2), "cited folders"),
        (JudgingRules("2.0", 2), JudgingRules("2.0", 1), "judging version 1"),
    ],
)
def test_the_rules_are_named_by_what_changed(
    previous: JudgingRules, current: JudgingRules, words: str
) -> None:
    assert rules_words(Rejudging(previous, current, papers=0)) == words


@pytest.mark.parametrize("rule", ["dead", "new-dead", "placeholder", "tier-below:bronze"])
def test_a_rejudged_run_fails_no_fail_on_choice_a_changed_world_fails_each(rule: str) -> None:
    assert exit_code(changed(ChangeKind.REJUDGED, UNDER_2_0), [rule], False) == EXIT_OK
    assert exit_code(changed(ChangeKind.DIED, None), [rule], False) == EXIT_FINDINGS
