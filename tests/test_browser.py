"""index.html in headless Chromium (Debian's /usr/bin/chromium through Playwright): loads from
file:// without console errors, sorts, filters, expands details, runs no injected script, and
leaves a screenshot in test-output/ (git-ignored)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from auditor import render
from auditor.scorecard import Scorecard
from tests.support.scorecards import hostile_scorecard, synthetic_scorecard

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
OUTPUT = Path(__file__).resolve().parent.parent / "test-output"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        shutil.which(CHROMIUM) is None, reason=f"{CHROMIUM} is not installed (CI installs it)"
    ),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield instance
        instance.close()


def open_report(
    browser: Any, tmp_path: Path, doc: Scorecard, **options: Any
) -> tuple[Any, list[str]]:
    path = tmp_path / "index.html"
    path.write_text(render.render_html(doc), encoding="utf-8")
    page = browser.new_page(**options)
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.as_uri())
    page.wait_for_selector("html[data-ready]")
    return page, errors


def visible_column(page: Any, label: str) -> list[str]:
    return page.eval_on_selector_all(
        f'#papers tbody:not([hidden]) > tr:first-child > [data-label="{label}"]',
        "cells => cells.map(cell => cell.textContent.trim())",
    )


def test_loads_sorts_filters_and_expands(browser: Any, tmp_path: Path) -> None:
    doc = synthetic_scorecard(120, seed=3)
    page, errors = open_report(browser, tmp_path, doc, viewport={"width": 1280, "height": 900})
    assert len(visible_column(page, "Tier")) == 120

    page.get_by_role("button", name="Score").click()
    header = page.locator('th[data-col="score"]')
    assert header.get_attribute("aria-sort") == "descending"
    scores = visible_column(page, "Score")
    numbers = [int(s) for s in scores if s != "–"]
    assert numbers == sorted(numbers, reverse=True)
    # Papers without a score go last, whichever the direction.
    assert scores[len(numbers) :] == ["–"] * (len(scores) - len(numbers))
    page.get_by_role("button", name="Score").click()
    assert header.get_attribute("aria-sort") == "ascending"
    numbers = [int(s) for s in visible_column(page, "Score") if s != "–"]
    assert numbers == sorted(numbers)

    page.select_option("#f-tier", "gold")
    tiers = visible_column(page, "Tier")
    expected = sum(1 for paper in doc.papers if paper.score and paper.score.tier == "gold")
    assert expected > 0
    assert tiers == ["★★★ gold"] * expected
    assert page.locator("#count").text_content() == f"Showing {expected} of 120 papers"

    page.fill("#f-text", doc.papers[0].paper.name.lower() + " no such paper")
    assert visible_column(page, "Tier") == []
    assert page.locator("#empty").is_visible()
    page.fill("#f-text", "")
    page.select_option("#f-tier", "")
    page.select_option("#f-outcome", "dead")
    dead = {
        paper.id
        for paper in doc.papers
        for link in doc.links
        if link.outcome == "dead" and paper.id in link.result.link.papers
    }
    assert len(visible_column(page, "Tier")) == len(dead) > 0

    first = page.locator("#papers tbody:not([hidden]) button.expand").first
    first.focus()
    page.keyboard.press("Enter")
    assert first.get_attribute("aria-expanded") == "true"
    detail = page.locator("#papers tbody:not([hidden]) tr.detail").first
    assert detail.is_visible()
    assert detail.locator(".crit tbody tr").count() == 19
    assert "B1 Code repository exists and is public" in detail.text_content()
    page.keyboard.press("Enter")
    assert not detail.is_visible()

    page.select_option("#f-outcome", "")
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "report-desktop.png"), full_page=False)
    assert errors == []
    page.close()


def test_phone_layout_has_no_horizontal_scroll(browser: Any, tmp_path: Path) -> None:
    page, errors = open_report(
        browser, tmp_path, synthetic_scorecard(30), viewport={"width": 390, "height": 844}
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "report-phone.png"), full_page=False)
    assert errors == []
    page.close()


def test_hostile_paper_runs_no_script(browser: Any, tmp_path: Path) -> None:
    page, errors = open_report(browser, tmp_path, hostile_scorecard())
    for button in page.locator("button.expand").all():
        button.click()
    page.fill("#f-text", "evil")
    assert page.evaluate("window.__pwned") is None
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.getAttribute('href'))")
    assert hrefs
    assert all(href.startswith(("https://", "http://")) for href in hrefs), hrefs
    assert page.locator('a[href^="javascript:" i], a[href^="data:" i]').count() == 0
    # The payloads are on the page, as text.
    assert "<script>window.__pwned=1</script>" in page.locator("#papers").text_content()
    assert page.locator("#papers img").count() == 0
    assert errors == []
    page.close()
