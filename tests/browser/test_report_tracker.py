"""What users report in index.html, in Chromium at 1440 and 390 px: the notes open and readable,
each report a link, nothing wider than the phone's screen; screenshots in test-output/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from auditor.models import BlockerKind, IssueTracker, LinkKind, TrackerReport
from auditor.scorecard import Scorecard
from tests.browser.test_report_page import open_report, pytestmark, screenshot
from tests.support.scorecards import gold_facts, paper, result, scorecard

__all__ = ["pytestmark"]

REPO = "https://github.com/lab/sparse-widgets"


def tracked() -> Scorecard:
    titles = [
        (BlockerKind.WEIGHTS_MISSING, "Pretrained weights for the large model are not released"),
        (BlockerKind.WEIGHTS_MISSING, "Checkpoint download link on Google Drive has expired"),
        (BlockerKind.WEIGHTS_MISSING, "Where can I find the fine-tuned checkpoints?"),
        (BlockerKind.CANNOT_REPRODUCE, "Cannot reproduce Table 2: top-1 is 3 points lower"),
        (
            BlockerKind.INSTALL_FAILS,
            "pip install fails: could not build wheels for a_very_long_pkg",
        ),
        (BlockerKind.RELEASE_WHEN, "When will the training code be released?"),
    ]
    reports = tuple(
        TrackerReport(
            kind=kind,
            number=100 + k,
            title=title,
            url=f"{REPO}/issues/{100 + k}",
            open=k != 5,
            opened_at=f"2025-1{k % 3}-0{k + 1}T09:00:00Z",
            closed_at="2026-01-01T00:00:00Z" if k == 5 else None,
            labels=("bug", "help wanted") if k == 1 else (),
            answered=(k == 0) if k != 5 else None,
        )
        for k, (kind, title) in enumerate(titles)
    )
    facts = gold_facts("lab/sparse-widgets", tracker=IssueTracker(80, 20, reports))
    return scorecard(
        [
            (
                paper(name="Sparse Widgets: Learning to Widget with Very Few Parameters"),
                [result(REPO, LinkKind.GITHUB_REPO, repo=facts)],
            )
        ]
    )


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_the_tracker_notes_are_open_linked_and_fit(
    browser: Any, tmp_path: Path, width: int, height: int
) -> None:
    page, errors = open_report(
        browser, tmp_path, tracked(), viewport={"width": width, "height": height}
    )
    box = page.locator("#tracker-list")
    assert box.get_attribute("open") == ""
    box.scroll_into_view_if_needed()
    text = box.inner_text()
    assert "3 open reports of missing weights, oldest 2025-10-01, 2 unanswered" in text
    assert "1 closed report asking when it will be released" in text
    links = box.locator("a[href*='/issues/']")
    assert links.count() == 6
    assert all(links.nth(k).is_visible() for k in range(links.count()))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('#tracker-list *')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert right <= width
    screenshot(page, f"tracker-{width}.png", clip=box.bounding_box())
    assert errors == []
