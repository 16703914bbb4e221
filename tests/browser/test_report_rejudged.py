"""The re-judged line of index.html (`auditor.scorecard.rejudging`) in headless Chromium, at
desktop and phone widths: shown once under the headline, inside the page's width, screenshots in
test-output/ to look at."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from auditor.models import ChangeKind
from auditor.scorecard import Changes, JudgingRules, LinkHistory, Rejudging
from auditor.scorecard.rejudging import sentence
from tests.browser.test_report_page import (  # noqa: F401  (`pytestmark`: the marks)
    open_report,
    pytestmark,
    screenshot,
)
from tests.support.scorecards import synthetic_scorecard

THEN = "2026-11-23T04:00:00Z"


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_the_rejudged_line_is_shown_once_under_the_headline(
    browser: Any,
    tmp_path: Path,
    width: int,
    height: int,
) -> None:
    card = synthetic_scorecard(20, seed=4)
    links = tuple(
        replace(entry, history=LinkHistory(THEN, THEN, None, (ChangeKind.REJUDGED,)))
        if index % 4 == 0
        else replace(entry, history=LinkHistory(THEN, THEN, None, ()))
        for index, entry in enumerate(card.links)
    )
    counts = {kind.value: 0 for kind in ChangeKind} | {"rejudged": len(links[::4])}
    rules = Rejudging(JudgingRules("1.2", 1), JudgingRules("2.0", 2), papers=3)
    doc = replace(card, links=links, changes=Changes(THEN, counts, 0, rules))
    page, errors = open_report(browser, tmp_path, doc, viewport={"width": width, "height": height})

    line = page.locator("p.rejudged")
    assert line.count() == 1
    assert line.text_content() == sentence(doc)
    assert line.is_visible()
    box = line.bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Under the headline, before the table.
    assert page.evaluate(
        "document.querySelector('p.rejudged').compareDocumentPosition("
        "document.querySelector('#headline-counts')) & Node.DOCUMENT_POSITION_FOLLOWING"
    )
    screenshot(page, f"rejudged-{width}.png", clip={"x": 0, "y": 0, "width": width, "height": 420})
    assert errors == []
