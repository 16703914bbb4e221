"""What users report in the reports (`auditor.render.tracker`): one note per kind of blocker,
each report linked, in index.html and summary.md (the job summary); nothing without reports."""

from __future__ import annotations

from dataclasses import replace

import pytest

from auditor import render
from auditor.models import (
    TRACKER_FOLLOW_UP,
    BlockerKind,
    IssueTracker,
    LinkKind,
    TrackerReport,
)
from auditor.render.tracker import note_words, tracker_items
from auditor.scorecard import Scorecard
from tests.support.github_markdown import visible_text
from tests.support.scorecards import gold_facts, paper, result, scorecard

REPO = "https://github.com/lab/model"


def report(
    number: int,
    kind: BlockerKind = BlockerKind.WEIGHTS_MISSING,
    *,
    opened: str = "2025-11-02T09:00:00Z",
    open_: bool = True,
    answered: bool | None = False,
    title: str | None = None,
) -> TrackerReport:
    return TrackerReport(
        kind=kind,
        number=number,
        title=title or f"Checkpoint link {number} is broken",
        url=f"{REPO}/issues/{number}",
        open=open_,
        opened_at=opened,
        closed_at=None if open_ else "2026-01-01T00:00:00Z",
        answered=answered if open_ else None,
    )


SEVEN = (
    report(11, opened="2025-12-01T09:00:00Z", answered=True),
    report(3, opened="2025-11-02T09:00:00Z"),
    report(12, opened="2026-01-03T09:00:00Z", answered=True),
    *(report(20 + k, opened=f"2026-02-0{k + 1}T09:00:00Z") for k in range(4)),
)


@pytest.mark.parametrize(
    ("reports", "asked", "words"),
    [
        (SEVEN, True, "7 open reports of missing weights, oldest 2025-11-02, 5 unanswered"),
        (SEVEN[:1], True, "1 open report of missing weights, oldest 2025-12-01, 0 unanswered"),
        (
            SEVEN[:2],
            False,
            "2 open reports of missing weights, oldest 2025-11-02, answers not read",
        ),
        (
            (*SEVEN[:2], report(1, open_=False)),
            True,
            "2 open reports of missing weights, oldest 2025-11-02, 1 unanswered; 1 closed",
        ),
        (
            (report(1, open_=False), report(2, open_=False)),
            True,
            "2 closed reports of missing weights",
        ),
    ],
)
def test_the_words_of_a_note(reports: tuple[TrackerReport, ...], asked: bool, words: str) -> None:
    assert note_words(BlockerKind.WEIGHTS_MISSING, reports, asked=asked) == words


def tracked_card(reports: tuple[TrackerReport, ...], *, skipped: tuple[str, ...] = ()) -> Scorecard:
    facts = gold_facts(
        "lab/model", tracker=IssueTracker(issues=40, read=20, reports=reports), skipped=skipped
    )
    return scorecard(
        [(paper(name="Sparse Widgets"), [result(REPO, LinkKind.GITHUB_REPO, repo=facts)])]
    )


def test_both_reports_show_each_kind_with_its_reports_linked() -> None:
    reproduce = report(
        30, BlockerKind.CANNOT_REPRODUCE, title="Cannot reproduce Table 2", answered=True
    )
    card = tracked_card((*SEVEN, reproduce))
    [item] = tracker_items(card)
    assert [note.kind for note in item.notes] == [
        BlockerKind.WEIGHTS_MISSING,
        BlockerKind.CANNOT_REPRODUCE,
    ]
    assert [r.number for r in item.notes[0].reports] == [3, 11, 12, 20, 21, 22, 23]  # oldest first
    html = render.render_html(card)
    markdown = render.render_markdown(card)
    words = "7 open reports of missing weights, oldest 2025-11-02, 5 unanswered"
    for text in (html, visible_text(markdown)):
        assert "What users report" in text
        assert words in text
        assert "1 open report that the results cannot be reproduced" in text
        assert "Sparse Widgets" in text
    for number in (3, 11, 30):
        assert f'href="{REPO}/issues/{number}"' in html
        assert f"({REPO}/issues/{number})" in markdown
    assert "(unanswered)" in html


def test_answers_not_read_are_said() -> None:
    card = tracked_card(
        tuple(replace(r, answered=None) for r in SEVEN), skipped=(TRACKER_FOLLOW_UP,)
    )
    assert "answers not read" in render.render_html(card)
    assert "answers not read" in render.render_markdown(card)


def test_a_hostile_title_is_inert() -> None:
    hostile = report(5, title="<script>alert(1)</script> [x](javascript:alert(1)) weights 404")
    card = tracked_card((hostile,))
    assert "<script>alert" not in render.render_html(card)
    markdown = render.render_markdown(card)
    assert "[x](javascript:" not in markdown  # escaped: \[x\], no link
    assert "\\[x\\]" in markdown


def test_nothing_is_shown_without_reports() -> None:
    card = scorecard([(paper(), [result(REPO, LinkKind.GITHUB_REPO, repo=gold_facts())])])
    assert tracker_items(card) == []
    assert "What users report" not in render.render_html(card)
    assert "What users report" not in render.render_markdown(card)
