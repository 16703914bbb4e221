"""index.html in headless Chromium (Debian's /usr/bin/chromium through Playwright): loads from
file:// without console errors, sorts, filters, expands details, keeps filters and sort in the
address, reads without JavaScript, lays the details panel out at desktop and phone widths, runs
no injected script, and leaves screenshots in test-output/ (git-ignored) to look at."""

from __future__ import annotations

import itertools
import re
import shutil
import weakref
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from auditor import render
from auditor.history.promises import with_first_seen
from auditor.models import (
    ArchivedCopy,
    ArtifactKind,
    LicenseClass,
    LinkKind,
    Outcome,
    ReadmeCover,
    ReadmeEvidence,
    Whose,
)
from auditor.readme.analysis import with_readme
from auditor.scorecard import Changes, LinkHistory, Scorecard
from auditor.scorecard.reviews import ReviewEntry, apply_reviews
from tests.support.chromium import CHROMIUM
from tests.support.scorecards import (
    PAYLOAD_IMG,
    gold_facts,
    hostile_scorecard,
    paper,
    result,
    scorecard,
    synthetic_scorecard,
)

OUTPUT = Path(__file__).resolve().parents[2] / "test-output"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        shutil.which(CHROMIUM) is None, reason=f"{CHROMIUM} is not installed (CI installs it)"
    ),
]


@dataclass
class Tab:
    """The one page a browser's tests open their reports in, one after another. A new page
    (its context, its renderer process) cost Chromium ~0.45 s of CPU more than loading the next
    report into the open one: most of the browser tests' CPU."""

    page: Any
    errors: list[str]  # the console errors of the report open now


_TABS: weakref.WeakKeyDictionary[Any, Tab] = weakref.WeakKeyDictionary()
DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # a new Playwright page's


def reusable_tab(browser: Any) -> Tab:
    tab = _TABS.get(browser)
    if tab is None or tab.page.is_closed():  # a test may still close it
        page = browser.new_page()
        tab = Tab(page, [])
        page.on(
            "console",
            lambda message: tab.errors.append(message.text) if message.type == "error" else None,
        )
        page.on("pageerror", lambda error: tab.errors.append(str(error)))
        _TABS[browser] = tab
    return tab


def open_report(
    browser: Any,
    tmp_path: Path,
    doc: Scorecard,
    *,
    fragment: str = "",
    viewport: dict[str, int] | None = None,
) -> tuple[Any, list[str]]:
    """The report of `doc` freshly loaded (a new document: the last report's script, state and
    console errors left behind) in the browser's one tab, at `viewport`."""
    path = tmp_path / "index.html"
    if not path.exists():
        path.write_text(render.render_html(doc), encoding="utf-8")
    tab = reusable_tab(browser)
    tab.errors = []
    page = tab.page
    page.set_viewport_size(viewport or DEFAULT_VIEWPORT)
    if page.url.split("#")[0] == path.as_uri():
        page.goto("about:blank")  # the same report again: a changed fragment alone loads nothing
    page.goto(path.as_uri() + fragment)
    page.wait_for_selector("html[data-ready]")
    return page, tab.errors


def until_value(page: Any, selector: str, value: str) -> None:
    """Waits until a form field holds `value`: a locator assertion, since the report's Content
    Security Policy refuses the `eval` a string predicate needs once it has to poll."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    playwright_api.expect(page.locator(selector)).to_have_value(value)


def screenshot(page: Any, name: str, **options: Any) -> None:
    """Writes test-output/<name>. The first capture is thrown away: it renders the frame in
    which rows just scrolled into view stop skipping their content (content-visibility)."""
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(**options)
    page.screenshot(path=str(OUTPUT / name), **options)


COLUMNS = ("Details", "Paper", "Tier", "Score", "Code", "Licence", "Last commit", "Problems")


def cell(label: str) -> str:
    """A selector for a row's cell in the column `label` (cells carry no per-cell attribute)."""
    return f":nth-child({COLUMNS.index(label) + 1})"


def visible_column(page: Any, label: str) -> list[str]:
    """The visible rows' text in the column `label`; for the Tier column, the tier's badge (the
    reuse mark beside it is not the tier)."""
    badge = ".querySelector('.tier')" if label == "Tier" else ""
    return page.eval_on_selector_all(
        f"#papers > tbody:not([hidden]) > tr:first-child > {cell(label)}",
        f"cells => cells.map(cell => (cell{badge} || cell).textContent.trim())",
    )


def test_loads_sorts_filters_and_expands(browser: Any, tmp_path: Path) -> None:
    doc = synthetic_scorecard(120, seed=3)
    page, errors = open_report(browser, tmp_path, doc, viewport={"width": 1280, "height": 900})
    assert len(visible_column(page, "Tier")) == 120

    page.get_by_role("button", name="Score", exact=True).click()
    header = page.locator('th[data-col="score"]')
    assert header.get_attribute("aria-sort") == "descending"
    scores = visible_column(page, "Score")
    numbers = [int(s) for s in scores if s != "–"]
    assert numbers == sorted(numbers, reverse=True)
    # Papers without a score go last, whichever the direction.
    assert scores[len(numbers) :] == ["–"] * (len(scores) - len(numbers))
    page.get_by_role("button", name="Score", exact=True).click()
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
    # A dead paper (the filter shows those): two criteria, and one line for the rest.
    assert detail.locator(".crit tbody tr").count() == 2
    assert detail.locator("p.echo").text_content() == "no code to assess (17 criteria)"
    assert "B1 Code repository exists and is public" in detail.text_content()
    page.keyboard.press("Enter")
    assert not detail.is_visible()

    page.select_option("#f-outcome", "")
    screenshot(page, "report-desktop.png")
    assert errors == []


def test_phone_layout_has_no_horizontal_scroll(browser: Any, tmp_path: Path) -> None:
    page, errors = open_report(
        browser, tmp_path, synthetic_scorecard(30), viewport={"width": 390, "height": 844}
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    screenshot(page, "report-phone.png")
    assert errors == []


def test_hostile_paper_runs_no_script(browser: Any, tmp_path: Path) -> None:
    page, errors = open_report(browser, tmp_path, hostile_scorecard())
    for button in page.locator("button.expand").all():
        button.click()
    page.fill("#f-text", "evil")
    assert page.evaluate("window.__pwned") is None
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.getAttribute('href'))")
    assert hrefs
    # Outside URLs only as http(s); the page's own links only to a filter of its table.
    ours = {"#outcome=dead", "#tier=placeholder"}
    assert all(href.startswith(("https://", "http://")) or href in ours for href in hrefs), hrefs
    assert page.locator('a[href^="javascript:" i], a[href^="data:" i]').count() == 0
    # The payloads are on the page, as text.
    assert "<script>window.__pwned=1</script>" in page.locator("#papers").text_content()
    assert page.locator("#papers img").count() == 0
    assert errors == []


# --- the details panel's layout ---------------------------------------------------------------

# Measures a details panel: the criteria table's width against the panel's content box, and for
# every visible cell its content width, the widest word that may not break (URLs and paths may)
# and the shortest word, unbroken (measured in a nowrap copy of the cell's font).
MEASURE_PANEL = r"""(detail) => {
  const td = detail.querySelector(':scope > td');
  const crit = td.querySelector('table.crit');
  const box = getComputedStyle(td);
  const inner = td.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;left:0;top:0';
  document.body.appendChild(probe);
  function measure(text, style) {
    probe.style.font = style.font;
    probe.style.letterSpacing = style.letterSpacing;
    probe.textContent = text;
    return probe.getBoundingClientRect().width;
  }
  const cells = [];
  for (const cell of detail.querySelectorAll('table.crit th, table.crit td')) {
    if (!cell.getClientRects().length) continue;  // not shown (the header row on a phone)
    const style = getComputedStyle(cell);
    const width = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    let widest = 0, shortest = Infinity, widestWord = '', full = 0;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent.getClientRects().length) continue;
      const own = getComputedStyle(parent);
      // Badges (the result) are inline blocks: their padding and border are part of a word.
      const badge = own.display === 'inline-block';
      const extra = badge ? Math.max(0, parent.offsetWidth - measure(node.textContent, own)) : 0;
      for (const word of node.textContent.match(/\S+/g) || []) {
        const w = measure(word, own) + extra;
        if (/[\/]/.test(word)) continue;  // URLs and paths may break anywhere
        shortest = Math.min(shortest, w);
        if (w > widest) { widest = w; widestWord = word; }
      }
      // Its whole text on one line, as the cell would want it.
      const line = node.textContent.trim().replace(/\s+/g, ' ');
      full = Math.max(full, measure(line, own) + extra);
    }
    if (!full) continue;
    const r = cell.getBoundingClientRect();
    cells.push({text: cell.textContent.trim().slice(0, 60), cls: cell.className, width, widest,
                widestWord, shortest, full, left: r.left, right: r.right,
                fontSize: parseFloat(style.fontSize)});
  }
  probe.remove();
  const heads = [...detail.querySelectorAll('table.crit thead th')]
    .filter(th => th.getClientRects().length)
    .map(th => { const r = th.getBoundingClientRect(); return [r.left, r.right]; });
  const table = crit.getBoundingClientRect().width;
  return {inner, table, overflow: td.scrollWidth - td.clientWidth, cells, heads};
}"""


def check_panel(page: Any, detail: Any, width: int) -> None:
    found = detail.evaluate(MEASURE_PANEL)
    # The criteria table spans its panel.
    assert abs(found["table"] - found["inner"]) <= 1, found
    # Nothing sticks out of the panel or the page.
    assert found["overflow"] <= 0, found["overflow"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Header cells side by side, never over each other.
    heads = found["heads"]
    assert all(left[1] <= right[0] + 0.5 for left, right in itertools.pairwise(heads))
    assert found["cells"]
    for cell in found["cells"]:
        # No cell narrower than its content's shortest word, nor than any of its words (a
        # criterion's name, a reason's words; URLs and paths may break anywhere).
        if cell["widestWord"]:
            assert cell["width"] + 0.5 >= cell["shortest"] > 0, cell
            assert cell["width"] + 0.5 >= cell["widest"], cell
        # A cell whose text has to wrap still keeps a readable measure (8em), so names do not
        # wrap a word a line and URLs do not break every few characters.
        assert cell["width"] + 0.5 >= min(cell["full"], 8 * cell["fontSize"]), cell


def open_details(page: Any, tier: str, *, reuse: str | None = None) -> Any:
    """Opens the first paper of `tier` (with the reuse mark `reuse`, when given) and returns its
    details row."""
    body = page.locator("#papers > tbody", has=page.locator(f".tier.t-{tier}"))
    if reuse is not None:
        body = body.filter(has=page.locator(f".reuse.u-{reuse}"))
    body = body.first
    body.locator("button.expand").click()
    detail = body.locator("tr.detail")
    assert detail.is_visible()
    return detail


# Cells of the papers table whose content is wider than the cell (a badge that does not fit its
# track); link lists cut their long URLs with an ellipsis, inside the cell.
OVERFLOWING_CELLS = """() => [...document.querySelectorAll(
    '#papers > tbody:not([hidden]) > tr:first-child > :is(td, th)')]
  .slice(0, 8 * 40)
  .filter(cell => cell.getClientRects().length && cell.scrollWidth > cell.clientWidth + 1)
  .map(cell => cell.textContent.trim().slice(0, 60))"""


@pytest.mark.parametrize(
    ("width", "height"), [(1440, 900), (1024, 768), (981, 768), (980, 768), (390, 844)]
)
def test_details_panel_is_laid_out_at_every_width(
    browser: Any, tmp_path: Path, width: int, height: int
) -> None:
    """On a desktop the criteria table once inherited the papers table's 8-column grid:
    overlapping headers, a word a line, URLs broken every few characters."""
    doc = synthetic_scorecard(40, seed=3)
    page, errors = open_report(browser, tmp_path, doc, viewport={"width": width, "height": height})
    assert page.evaluate(OVERFLOWING_CELLS) == []
    for tier in ("gold", "dead", "placeholder", "no-code"):
        detail = open_details(page, tier)
        check_panel(page, detail, width)
        crit = detail.locator("table.crit tbody tr")
        echoed = detail.locator("p.echo")
        if tier in ("gold", "placeholder"):
            assert crit.count() == 19
            assert echoed.count() == 0
        else:  # what a failed gate leaves unassessed is one line
            assert crit.count() < 19
            assert echoed.text_content() == f"no code to assess ({19 - crit.count()} criteria)"
    gold = page.locator("#papers > tbody", has=page.locator(".tier.t-gold")).first
    gold.locator("tr.detail").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -120)")
    screenshot(page, f"details-{width}.png")
    assert errors == []


def test_a_failed_criterion_says_how_to_fix_it(browser: Any, tmp_path: Path) -> None:
    page, errors = open_report(
        browser, tmp_path, synthetic_scorecard(40, seed=3), viewport={"width": 1280, "height": 900}
    )
    # Rubric 2.0: a licence is no gate; a paper without one is marked "reuse: none".
    detail = open_details(page, "gold", reuse="none")
    c1 = detail.locator("table.crit tbody tr", has=page.locator("text=Licence declared"))
    assert "To fix: add a LICENSE file (choosealicense.com)" in c1.text_content()
    # Only failures get a fix, and not the echoes of a failed gate.
    assert "To fix" not in detail.locator("table.crit tbody tr").first.text_content()
    dead = open_details(page, "dead")
    fixes = dead.locator(".fix")
    assert fixes.count() == 2  # A1 and B1; the rest echo "no code to assess"
    assert errors == []


# --- the address keeps the view ---------------------------------------------------------------


def visible_ids(page: Any) -> list[int]:
    return page.eval_on_selector_all(
        "#papers > tbody:not([hidden])", "bodies => bodies.map(b => +b.dataset.i)"
    )


def test_filters_and_sort_round_trip_through_the_fragment(browser: Any, tmp_path: Path) -> None:
    doc = synthetic_scorecard(120, seed=3)
    source = "papers/list-1.txt"
    page, errors = open_report(browser, tmp_path, doc, viewport={"width": 1280, "height": 900})
    assert visible_ids(page) == list(range(120))  # the HTML's order: problems first
    page.select_option("#f-tier", "silver")
    page.select_option("#f-source", source)
    page.get_by_role("button", name="Score", exact=True).click()
    page.fill("#f-text", "policy")
    fragment = page.evaluate("location.hash")
    assert fragment == "#tier=silver&source=papers%2Flist-1.txt&q=policy&sort=-score"
    shown = visible_ids(page)
    count = page.locator("#count").text_content()
    assert 0 < len(shown) < 120

    # The shared address opens the same view.
    page, errors2 = open_report(browser, tmp_path, doc, fragment=fragment)
    assert page.input_value("#f-tier") == "silver"
    assert page.input_value("#f-source") == source
    assert page.input_value("#f-text") == "policy"
    assert page.locator('th[data-col="score"]').get_attribute("aria-sort") == "descending"
    assert visible_ids(page) == shown
    assert page.locator("#count").text_content() == count
    assert all(tier == "★★ silver" for tier in visible_column(page, "Tier"))
    scores = [int(s) for s in visible_column(page, "Score")]
    assert scores == sorted(scores, reverse=True)

    # A changed fragment (a link in the page, or pasted) applies; the rest resets.
    page.evaluate("location.hash = '#tier=placeholder'")
    until_value(page, "#f-tier", "placeholder")
    assert page.input_value("#f-text") == ""
    assert page.locator('th[data-col="score"]').get_attribute("aria-sort") == "none"
    tiers = set(visible_column(page, "Tier"))
    assert tiers == {"◌ placeholder"}

    # A third click on a column restores problems first, and the address drops the sort.
    page.select_option("#f-tier", "")
    name = page.get_by_role("button", name="Paper", exact=True)
    name.click()
    name.click()
    assert page.evaluate("location.hash") == "#sort=-name"
    name.click()
    assert page.evaluate("location.hash") == ""
    assert visible_ids(page) == list(range(120))
    # The problem lists link to their filter.
    page.click("#placeholder-list a[href='#tier=placeholder']")
    until_value(page, "#f-tier", "placeholder")
    assert errors == errors2 == []


def test_an_unknown_fragment_is_ignored(browser: Any, tmp_path: Path) -> None:
    page, errors = open_report(
        browser,
        tmp_path,
        synthetic_scorecard(30),
        fragment="#tier=bogus&sort=__proto__&outcome=%3Cscript%3E",
    )
    assert page.input_value("#f-tier") == ""
    assert page.input_value("#f-outcome") == ""
    assert all(th.get_attribute("aria-sort") == "none" for th in page.locator("th[data-col]").all())
    assert len(visible_ids(page)) == 30
    assert errors == []


# --- without JavaScript -----------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_the_table_reads_without_javascript(
    browser: Any, tmp_path: Path, width: int, height: int
) -> None:
    doc = synthetic_scorecard(60, seed=3)
    path = tmp_path / "index.html"
    path.write_text(render.render_html(doc), encoding="utf-8")
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": width, "height": height}
    )
    page = context.new_page()
    page.goto(path.as_uri())
    rows = page.locator("#papers > tbody")
    assert rows.count() == 60
    assert rows.first.is_visible()
    tiers = visible_column(page, "Tier")
    assert len(tiers) == 60
    # Problems first: dead, then placeholder, then code from the lowest tier up.
    order = ["✗ dead", "◌ placeholder", "● listed", "★ bronze", "★★ silver", "★★★ gold"]
    order += ["? unknown", "∅ no code link cited"]
    ranks = [order.index(tier) for tier in tiers]
    assert ranks == sorted(ranks)
    assert tiers[0] == "✗ dead"
    # What needs the script is not offered; the note says so.
    assert not page.locator(".controls").is_visible()
    assert not page.locator("button.expand").first.is_visible()
    assert "Without JavaScript the table shows every paper" in page.locator("main").inner_text()
    assert page.locator("#dead-links").get_attribute("open") == ""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # Cells line up with their headers (the details column is gone from both).
    header = page.locator('#papers > thead th[data-col="score"]').bounding_box()
    score = page.locator(f"#papers > tbody > tr > {cell('Score')}").first.bounding_box()
    if width > 980:
        assert abs(header["x"] - score["x"]) <= 1
    page.locator("#papers-heading").scroll_into_view_if_needed()
    screenshot(page, f"report-nojs-{width}.png")
    context.close()


# --- problems first, new ones marked ----------------------------------------------------------


def with_history(doc: Scorecard, previous: str) -> Scorecard:
    """`doc` as recorded after a previous run: its first dead link died since, the others were
    dead before."""
    dead = [link for link in doc.links if link.outcome == "dead"]
    histories = {
        link.url: LinkHistory(previous, previous, doc.generated_at, ("died",))
        if link is dead[0]
        else LinkHistory("2026-01-01T04:00:00Z", None, "2026-01-01T04:00:00Z", ())
        for link in dead
    }
    links = tuple(
        replace(link, history=histories[link.url]) if link.url in histories else link
        for link in doc.links
    )
    return replace(
        doc, links=links, changes=Changes(previous_run=previous, counts={"died": 1}, new_dead=1)
    )


def test_problems_are_open_and_new_ones_marked(browser: Any, tmp_path: Path) -> None:
    doc = with_history(synthetic_scorecard(40, seed=3), "2026-11-23T04:00:00Z")
    page, errors = open_report(browser, tmp_path, doc, viewport={"width": 1440, "height": 1000})
    for box in ("#dead-links", "#placeholder-list", "#licence-list", "#fixes"):
        assert page.locator(box).get_attribute("open") == ""
        assert page.locator(f"{box} li, {box} tbody tr").first.is_visible()
    first = page.locator("#dead-links li").first
    assert first.locator(".new").text_content() == "new since 2026-11-23"
    assert "dead since 2026-01-01" in page.locator("#dead-links li").nth(1).text_content()
    # The paper of the new dead link leads the table, marked.
    row = page.locator("#papers > tbody").first
    assert row.locator(".new").text_content() == "new since 2026-11-23"
    assert row.locator(f"tr > {cell('Tier')} .tier").text_content() == "✗ dead"
    # The headline counts papers with code apart from those without.
    stats = page.locator(".stats").inner_text()
    no_code = doc.summary.tiers["no-code"]
    assert f"{doc.summary.papers - no_code}\ncite code" in stats
    assert f"{no_code}\nno code link cited" in stats
    screenshot(page, "report-problems-1440.png")
    assert errors == []


# --- a paper's links in its details panel -----------------------------------------------------


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_the_details_list_moved_dead_and_archived_links_as_text_and_links(
    browser: Any, tmp_path: Path, width: int, height: int
) -> None:
    """The panel is built from DOM nodes: a moved link with where it leads, a dead one with its
    archived copy (an archive's URL shortened), the paper's id, every value as text."""
    pid = "list.txt#1"
    moved = result(
        "https://github.com/lab/old",
        LinkKind.GITHUB_REPO,
        [pid],
        outcome=Outcome.MOVED,
        final_url="https://github.com/lab/new",
        repo=gold_facts("lab/new"),
    )
    dead = replace(
        result(
            "https://lab.example/<b>gone</b>",
            LinkKind.WEB,
            [pid],
            outcome=Outcome.DEAD,
            detail=PAYLOAD_IMG,
        ),
        archived_copy=ArchivedCopy(
            "https://web.archive.org/web/2025/https://lab.example/",
            "wayback",
            "2025-06-01T00:00:00Z",
        ),
    )
    doc = scorecard([(paper(pid, "Moved <i>Net</i>"), [moved, dead])])
    page, errors = open_report(browser, tmp_path, doc, viewport={"width": width, "height": height})
    page.locator("button.expand").click()
    detail = page.locator("tr.detail")
    check_panel(page, detail, width)
    links = detail.locator("h3 + ul.ev > li")
    assert links.count() == 2
    assert links.nth(0).inner_text() == (
        "→ moved https://github.com/lab/old → https://github.com/lab/new (github-repo) moved (200)"
    )
    assert links.nth(0).locator("a").evaluate_all("a => a.map(x => x.href)") == [
        "https://github.com/lab/old",
        "https://github.com/lab/new",
    ]
    text = links.nth(1).inner_text()
    assert text.startswith(f"✗ dead https://lab.example/<b>gone</b> (web) {PAYLOAD_IMG}")
    assert text.endswith(
        "archived copy: web.archive.org/web/2025/https://lab.example/ (saved 2025-06-01)"
    )
    assert detail.locator("b, img, i").count() == detail.locator(".fix b").count()
    assert detail.locator("p.muted").first.text_content() == pid
    assert page.evaluate("window.__pwned") is None
    links.nth(1).scroll_into_view_if_needed()
    screenshot(page, f"details-links-{width}.png")
    assert errors == []


def test_the_headline_counts_match_the_table(browser: Any, tmp_path: Path) -> None:
    doc = synthetic_scorecard(60, seed=5)
    page, errors = open_report(browser, tmp_path, doc, viewport={"width": 1440, "height": 900})
    sentence = page.locator("#headline-counts").text_content()
    found = re.match(
        r"(\d+) papers cite code that resolves; "
        r"(\d+) of them are documented \(bronze or better\)\.",
        sentence,
    )
    assert found, sentence
    resolving, documented = int(found[1]), int(found[2])
    rows = page.eval_on_selector_all(
        "#papers > tbody > tr:first-child",
        """rows => rows.map(row => ({
            tier: row.children[2].querySelector(".tier").textContent.trim(),
            code: [...row.children[4].querySelectorAll("li")].map(li => ({
                outcome: li.querySelector(".o").className,
                href: li.querySelector("a") ? li.querySelector("a").getAttribute("href") : "",
            })),
        }))""",
    )
    code_hosts = ("https://github.com/", "https://gitlab.com/")
    resolving_rows = [
        row
        for row in rows
        if any(
            ("o-ok" in link["outcome"] or "o-moved" in link["outcome"])
            and link["href"].startswith(code_hosts)
            for link in row["code"]
        )
    ]
    assert resolving == len(resolving_rows) > 0
    assert documented == sum(
        row["tier"].endswith(("bronze", "silver", "gold")) for row in resolving_rows
    )
    assert 0 < documented < resolving
    for width, name in ((1440, "headline-desktop.png"), (390, "headline-phone.png")):
        page, _ = open_report(browser, tmp_path, doc, viewport={"width": width, "height": 700})
        screenshot(page, name, clip={"x": 0, "y": 0, "width": width, "height": 700})
    assert errors == []


def test_a_paper_without_code_shows_one_line_for_what_it_leaves_unassessed(
    browser: Any, tmp_path: Path
) -> None:
    """A dead paper's details once listed 17 red "✗ fail — no code to assess" rows after the
    two that matter."""
    doc = synthetic_scorecard(40, seed=3)
    page, errors = open_report(browser, tmp_path, doc, viewport={"width": 1280, "height": 900})
    detail = open_details(page, "dead")
    rows = detail.locator("table.crit tbody tr")
    assert [rows.nth(i).locator("th .cid").text_content() for i in range(rows.count())] == [
        "A1",
        "B1",
    ]
    assert detail.locator("p.echo").text_content() == "no code to assess (17 criteria)"
    assert detail.locator("td.c-reason", has_text="no code to assess").count() == 0
    # Its links are still listed with their outcomes.
    assert "✗ dead" in detail.locator("ul.ev").last.text_content()
    assert errors == []


def test_the_source_path_stays_on_one_line_under_a_paper_name(browser: Any, tmp_path: Path) -> None:
    doc = synthetic_scorecard(10, seed=3)
    deep = "lists/" + "a-very-long-folder-name/" * 6 + "papers.md"
    doc = replace(
        doc,
        papers=tuple(
            replace(
                entry, paper=replace(entry.paper, source=replace(entry.paper.source, path=deep))
            )
            for entry in doc.papers
        ),
    )
    for width in (1440, 390):
        page, errors = open_report(browser, tmp_path, doc, viewport={"width": width, "height": 800})
        lines = page.eval_on_selector_all(
            "#papers .src",
            """spans => spans.map(span => {
                const line = parseFloat(getComputedStyle(span).lineHeight);
                return Math.round(span.getBoundingClientRect().height / line);
            })""",
        )
        assert lines
        assert set(lines) == {1}, lines
        assert errors == []


# --- reviewed verdicts beside the measured ones -----------------------------------------------


def reviewed_scorecard() -> Scorecard:
    """Three papers: one reviewed as measured, one reviewed otherwise (with a hostile reason),
    one not reviewed; the dead link of the second reviewed as ok."""
    gold = result("https://github.com/lab/gold", LinkKind.GITHUB_REPO, ["l.md#1"],
                  repo=gold_facts("lab/gold"))  # fmt: skip
    dead = result("https://lab.example/gone", LinkKind.WEB, ["l.md#2"], outcome=Outcome.DEAD)
    plain = result("https://github.com/lab/plain", LinkKind.GITHUB_REPO, ["l.md#3"],
                   repo=gold_facts("lab/plain"))  # fmt: skip
    doc = scorecard(
        [
            (replace(paper("l.md#1", "GoldNet"), key="arxiv:2401.00001"), [gold]),
            (replace(paper("l.md#2", "GoneNet"), key="arxiv:2401.00002"), [dead]),
            (replace(paper("l.md#3", "PlainNet"), key="arxiv:2401.00003"), [plain]),
        ]
    )
    day = date(2026, 11, 20)
    return apply_reviews(
        doc,
        (
            ReviewEntry("arxiv:2401.00001", None, "gold", "by hand", "A. Chair", day, "f:1"),
            ReviewEntry(
                "arxiv:2401.00002", None, "silver",
                f"the authors mailed a mirror of the code and the weights {PAYLOAD_IMG}",
                "B. Chair", day, "f:7",
            ),
            ReviewEntry(None, "https://lab.example/gone", "ok", "mirror found", "B. Chair", day,
                        "f:13"),
        ),
    )  # fmt: skip


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_a_review_sits_under_the_measured_tier_flagged_where_it_differs(
    browser: Any, tmp_path: Path, width: int, height: int
) -> None:
    page, errors = open_report(
        browser, tmp_path, reviewed_scorecard(), viewport={"width": width, "height": height}
    )
    rows = {
        row.locator(".name").text_content(): row
        for row in page.locator("#papers > tbody > tr:first-child").all()
    }
    for name, words, differs in (
        ("GoldNet", "reviewed: gold — by hand (A. Chair, 2026-11-20)", False),
        ("GoneNet", "reviewed as silver, measured dead — the authors mailed", True),
    ):
        tier_cell = rows[name].locator(f"> {cell('Tier')}")
        review = tier_cell.locator(".review")
        assert review.text_content().startswith(words)
        assert ("differs" in review.get_attribute("class").split()) is differs
        # Under the tier badge, inside its cell: the measured verdict stays first and whole.
        badge = tier_cell.locator(".tier").bounding_box()
        box, bounds = review.bounding_box(), tier_cell.bounding_box()
        assert box["y"] >= badge["y"] + badge["height"] - 1
        assert bounds["x"] - 1 <= box["x"]
        assert box["x"] + box["width"] <= bounds["x"] + bounds["width"] + 1
        assert tier_cell.locator(".tier").text_content() == (
            "★★★ gold" if name == "GoldNet" else "✗ dead"
        )
    assert rows["PlainNet"].locator(".review").count() == 0
    link_review = rows["GoneNet"].locator(f"> {cell('Code')} .review")
    assert link_review.text_content() == (
        "reviewed as ok, measured dead — mirror found (B. Chair, 2026-11-20)"
    )
    # The list of reviews: open, those to look at again first, every value as text.
    listed = page.locator("#reviewed-verdicts")
    assert listed.get_attribute("open") == ""
    assert "Reviewed verdicts (3; 2 to look at again)" in listed.locator("summary").text_content()
    items = listed.locator("li")
    assert items.count() == 3
    assert [items.nth(i).locator(".review-flag").count() for i in range(3)] == [1, 1, 0]
    assert PAYLOAD_IMG in items.first.text_content()
    assert page.locator("main img").count() == 0
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    listed.scroll_into_view_if_needed()
    screenshot(page, f"reviews-list-{width}.png")
    rows["GoneNet"].scroll_into_view_if_needed()
    screenshot(page, f"reviews-table-{width}.png")
    assert errors == []


# --- a repository about another work ----------------------------------------------------------


def mismatched_scorecard() -> Scorecard:
    """GlowNet cites a repository whose README, BibTeX and description are PriorArt's; GoldNet's
    is its own."""
    text = (
        "# PriorArt\n\nPriorArt restores images; the scripts below train and evaluate it.\n\n"
        "## Installation\n```bash\npip install -r requirements.txt\n```\n\n"
        "## Citation\n```bibtex\n@article{prior,\n  title={PriorArt: Restoring Images},\n"
        "  author={Doe, A.},\n  year={2024}\n}\n```\n"
    )
    other = replace(gold_facts("lab/prior-art"), description="PriorArt: image restoration")
    other = with_readme(other, "README.md", len(text), text, repository="lab/prior-art")
    return scorecard(
        [
            (paper("list.txt#1", "GlowNet"), [result(
                "https://github.com/lab/prior-art", LinkKind.GITHUB_REPO, ["list.txt#1"],
                repo=other,
            )]),
            (paper("list.txt#2", "GoldNet"), [result(
                "https://github.com/lab/gold", LinkKind.GITHUB_REPO, ["list.txt#2"],
                repo=gold_facts("lab/gold"),
            )]),
        ]
    )  # fmt: skip


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_a_repository_about_another_work_is_listed_with_its_evidence(
    browser: Any, tmp_path: Path, width: int, height: int
) -> None:
    page, errors = open_report(
        browser, tmp_path, mismatched_scorecard(), viewport={"width": width, "height": height}
    )
    box = page.locator("#mismatch-list")
    assert box.get_attribute("open") == ""
    assert "About another work (1)" in box.locator("summary").text_content()
    item = box.locator("li")
    assert item.count() == 1
    words = item.first.text_content()
    assert "GlowNet" in words
    assert "the cited repository appears to be about another work (PriorArt)" in words
    assert "BibTeX title: PriorArt: Restoring Images" in words
    assert "description: PriorArt: image restoration" in words
    rows = {
        row.locator(".name").text_content(): row
        for row in page.locator("#papers > tbody > tr:first-child").all()
    }
    assert rows["GlowNet"].locator(f"> {cell('Tier')} .tier").text_content() == "≠ mismatch"
    assert (
        "about another work (PriorArt)"
        in rows["GlowNet"].locator(f"> {cell('Problems')}").text_content()
    )
    # The table leads with it: what matters first.
    assert next(iter(rows)) == "GlowNet"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box.scroll_into_view_if_needed()
    screenshot(page, f"mismatch-list-{width}.png")
    rows["GlowNet"].scroll_into_view_if_needed()
    screenshot(page, f"mismatch-table-{width}.png")
    assert errors == []


# --- promises tracked ---------------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_overdue_promises_are_listed_with_how_long_they_are_open(
    browser: Any, tmp_path: Path, width: int, height: int
) -> None:
    waiting = gold_facts(
        "lab/waiting",
        root_files=("README.md",),
        readme_covers=(ReadmeCover.PLACEHOLDER,),
        readme_evidence=(ReadmeEvidence(ReadmeCover.PLACEHOLDER, 3, "Code coming soon"),),
    )
    doc = scorecard(
        [
            (
                paper("list.txt#1", "WaitingNet", date_="2026-03"),
                [result("https://github.com/lab/waiting", LinkKind.GITHUB_REPO, repo=waiting)],
            ),
            (
                paper("list.txt#2", "ReadyNet", date_="2026-03"),
                [
                    result(
                        "https://github.com/lab/model",
                        LinkKind.GITHUB_REPO,
                        ["list.txt#2"],
                        repo=gold_facts(),
                    )
                ],
            ),
        ]
    )
    doc = with_first_seen(doc, {("code", "https://github.com/lab/waiting"): "2026-03-02T04:00:00Z"})
    page, errors = open_report(browser, tmp_path, doc, viewport={"width": width, "height": height})
    box = page.locator("#overdue-promises")
    assert box.get_attribute("open") == ""
    assert box.locator("summary").text_content() == "Overdue promises (1)"
    item = box.locator("li")
    assert item.count() == 1
    text = item.first.text_content()
    assert "WaitingNet" in text
    assert "promise open in every run since 2026-03-02 (first seen); 244 days after the " in text
    assert "overdue: the grace ended 2026-06-29" in text
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box.scroll_into_view_if_needed()
    screenshot(page, f"overdue-promises-{width}.png")
    assert errors == []


# --- rubric 2.0: the reuse mark beside the tier, a partial answer -------------------------------


def reuse_scorecard() -> Scorecard:
    """Three complete repositories whose licences differ (open, non-commercial, none) and one
    whose README shows results without the commands producing them (D5 partial)."""
    kinds = {
        "OpenNet": {},
        "ShareNet": {"license_spdx": "CC-BY-NC-4.0", "license_class": LicenseClass.NON_COMMERCIAL},
        "BareNet": {
            "license_spdx": None,
            "license_class": LicenseClass.NONE,
            "root_files": ("README.md", "requirements.txt", "train.py", "eval.py", "tests"),
        },
        "TableNet": {"readme_results_commands": None},
    }
    return scorecard(
        [
            (
                paper(f"list.txt#{n}", name),
                [
                    result(
                        f"https://github.com/lab/{name.lower()}",
                        LinkKind.GITHUB_REPO,
                        [f"list.txt#{n}"],
                        repo=gold_facts(f"lab/{name.lower()}", **facts),
                    )
                ],
            )
            for n, (name, facts) in enumerate(kinds.items(), start=1)
        ]
    )


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_the_reuse_mark_sits_beside_the_tier(
    browser: Any, tmp_path: Path, width: int, height: int
) -> None:
    page, errors = open_report(
        browser, tmp_path, reuse_scorecard(), viewport={"width": width, "height": height}
    )
    rows = {
        row.locator(".name").text_content(): row
        for row in page.locator("#papers > tbody > tr:first-child").all()
    }
    for name, tier, reuse in (
        ("OpenNet", "★★★ gold", "open"),
        ("ShareNet", "★★★ gold", "restricted"),
        ("BareNet", "★★★ gold", "none"),
        ("TableNet", "★★ silver", "open"),
    ):
        tier_cell = rows[name].locator(f"> {cell('Tier')}")
        assert tier_cell.locator(".tier").text_content() == tier
        mark = tier_cell.locator(".reuse")
        assert mark.text_content() == f"reuse: {reuse}"
        assert mark.get_attribute("title").startswith("reuse: ")
        # Inside the tier's cell, beside or under the badge, never over it.
        badge, box, bounds = (
            tier_cell.locator(".tier").bounding_box(),
            mark.bounding_box(),
            tier_cell.bounding_box(),
        )
        assert (
            box["x"] >= badge["x"] + badge["width"] - 1
            or box["y"] >= badge["y"] + badge["height"] - 1
        )
        assert bounds["x"] - 1 <= box["x"]
        assert box["x"] + box["width"] <= bounds["x"] + bounds["width"] + 1
    # D5 half met: said in the problems, and in the details as "◐ partial".
    assert (
        "not the commands that produce them"
        in rows["TableNet"].locator(f"> {cell('Problems')}").text_content()
    )
    rows["TableNet"].locator(".expand").click()
    details = page.locator("#papers > tbody:has-text('TableNet') .r-partial")
    assert details.first.text_content() == "◐ partial"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    rows["TableNet"].scroll_into_view_if_needed()
    screenshot(page, f"reuse-{width}.png")
    assert errors == []


# --- judged on a cited folder or the README's branch (issue 24) -------------------------------


def judged_elsewhere_scorecard() -> Scorecard:
    """TreeNet cites a folder of a lab's repository; BranchNet a repository whose README sends
    the reader to its `release` branch; RootNet a repository's root."""
    folder = "https://github.com/lab/suite/tree/main/projects/tree-net"
    return scorecard(
        [
            (paper("list.txt#1", "TreeNet"), [result(
                folder, LinkKind.GITHUB_REPO, ["list.txt#1"],
                repo=gold_facts("lab/suite", folder="projects/tree-net", ref="main"),
                detail="judged on projects/tree-net/ at main",
            )]),
            (paper("list.txt#2", "BranchNet"), [result(
                "https://github.com/lab/branch-net", LinkKind.GITHUB_REPO, ["list.txt#2"],
                repo=gold_facts("lab/branch-net", ref="release"),
                detail="judged on branch release, where the README sends the reader",
            )]),
            (paper("list.txt#3", "RootNet"), [result(
                "https://github.com/lab/root-net", LinkKind.GITHUB_REPO, ["list.txt#3"],
                repo=gold_facts("lab/root-net"),
            )]),
        ]
    )  # fmt: skip


# --- the weights and data the READMEs give ----------------------------------------------------


def artifacts_scorecard() -> Scorecard:
    """LabNet's README gives its own weights (one dead, one gated), its data on a file share
    that only a browser may ask, and a base model of another work that is dead too."""
    code = "https://github.com/lab/labnet"

    def given(url: str, kind: LinkKind, outcome: Outcome, detail: str, whose: Whose) -> Any:
        found = result(url, kind, ["list.txt#1"], outcome=outcome, detail=detail, found_via=code)
        artifact = ArtifactKind.DATA if "dataset" in url else ArtifactKind.WEIGHTS
        return replace(
            found, link=replace(found.link, occurrences=(), artifact=artifact, whose=whose)
        )

    return scorecard(
        [
            (paper("list.txt#1", "LabNet"), [
                result(code, LinkKind.GITHUB_REPO, ["list.txt#1"], repo=gold_facts("lab/labnet")),
                given("https://lab.example.org/ckpt/labnet-large-final-weights.pt", LinkKind.WEB,
                      Outcome.DEAD, "404 Not Found", Whose.OWN),
                given("https://huggingface.co/lab/labnet-base", LinkKind.HUGGINGFACE, Outcome.OK,
                      "repository exists (gated: access on request)", Whose.OWN),
                given("https://www.dropbox.com/s/abc/labnet-dataset.zip?dl=0", LinkKind.WEB,
                      Outcome.UNSUPPORTED, "not checked by its host's answer: the host shows "
                      "its files only in a browser running its scripts", Whose.OWN),
                given("https://huggingface.co/other-org/base-model", LinkKind.HUGGINGFACE,
                      Outcome.DEAD, "Hugging Face: repository not found", Whose.OTHER),
            ]),
        ]
    )  # fmt: skip


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_links_judged_on_a_folder_or_branch_are_listed_with_where(
    browser: Any, tmp_path: Path, width: int, height: int
) -> None:
    page, errors = open_report(
        browser,
        tmp_path,
        judged_elsewhere_scorecard(),
        viewport={"width": width, "height": height},
    )
    box = page.locator("#judged-elsewhere-list")
    assert "Judged on a folder or branch (2)" in box.locator("summary").text_content()
    box.locator("summary").click()
    items = box.locator("li")
    assert items.count() == 2
    assert "judged on projects/tree-net/ at main" in items.nth(0).text_content()
    assert "TreeNet" in items.nth(0).text_content()
    branch = items.nth(1).text_content()
    assert "judged on branch release, where the README sends the reader" in branch
    assert "BranchNet" in branch
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box.scroll_into_view_if_needed()
    screenshot(page, f"judged-elsewhere-{width}.png")
    assert errors == []


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (390, 844)])
def test_the_weights_and_data_the_readmes_give_are_listed_with_their_outcomes(
    browser: Any, tmp_path: Path, width: int, height: int
) -> None:
    page, errors = open_report(
        browser, tmp_path, artifacts_scorecard(), viewport={"width": width, "height": height}
    )
    box = page.locator("#artifact-list")
    assert box.get_attribute("open") == ""  # one of the paper's own is dead
    assert "Weights and data the READMEs give (4)" in box.locator("summary").text_content()
    items = [item.text_content() for item in box.locator("li").all()]
    assert items[0].startswith("dead weights: https://lab.example.org/ckpt/")  # what counts first
    assert any("access on request" in item for item in items)
    assert any(item.startswith("unsupported data:") and "browser" in item for item in items)
    assert any("(another work's)" in item and "base-model" in item for item in items)
    # Only the paper's own dead weights count: the base model is shown, not counted.
    assert "Dead links (1)" in page.locator("body").text_content()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box.scroll_into_view_if_needed()
    screenshot(page, f"artifact-list-{width}.png")
    assert errors == []
