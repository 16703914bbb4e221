"""The 5,000-paper browser benchmark: render a synthetic scorecard to index.html, open it in
headless Chromium from file://, and time loading, sorting and filtering (median of several runs;
each action timed until two animation frames later, so style, layout and paint are included).
The rows are in the HTML (problems first); the script's data is parsed when the browser is idle
or by the first action, so "first sort after load" times a sort made as soon as the page is ready.

    python -m benchmarks.render_browser [--papers 5000] [--runs 7] [--append]

`--append` adds the figures, the command and the machine to benchmarks/RESULTS.md. A benchmark,
not a test: other work on the machine moves the numbers.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from auditor import render
from tests.support.chromium import ARGS, CHROMIUM
from tests.support.scorecards import synthetic_scorecard

ROOT = Path(__file__).resolve().parent.parent

# Runs `action` in the page, then waits for two animation frames: the first runs after style
# and layout of the change, the second after it was painted.
TIMED = """async (action) => {
  const start = performance.now();
  (new Function(action))();
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return performance.now() - start;
}"""
ACTIONS = {
    "sort by score": "document.querySelector('th[data-col=score] button').click()",
    "sort by name": "document.querySelector('th[data-col=name] button').click()",
    "filter tier=gold": (
        "const s = document.getElementById('f-tier'); s.value = s.value ? '' : 'gold';"
        "s.dispatchEvent(new Event('change'))"
    ),
    "filter text": (
        "const i = document.getElementById('f-text'); i.value = i.value ? '' : 'diffusion';"
        "i.dispatchEvent(new Event('input'))"
    ),
    "expand details": "document.querySelector('tbody:not([hidden]) button.expand').click()",
}


def median_ms(samples: list[float]) -> str:
    return f"{statistics.median(samples):.0f} ms"


# Injected before the page's own script: notes when the first rows reach the table (the HTML
# parser inserts them), then when they were painted (two animation frames later).
WATCH_FIRST_ROWS = """
new MutationObserver(function (changes, observer) {
  if (!document.querySelector('#papers tbody')) return;
  observer.disconnect();
  requestAnimationFrame(() => requestAnimationFrame(() => {
    window.__firstRows = performance.now();
  }));
}).observe(document, {childList: true, subtree: true});
"""


def load(page: Page, url: str) -> tuple[float, float, float]:
    """(first rows painted, every row built and painted: ms from the start of navigation; then a
    sort by score made as soon as the page is ready, in ms)."""
    page.goto(url)
    page.wait_for_selector("html[data-ready]")
    complete = page.evaluate(
        "new Promise(r => requestAnimationFrame(() => requestAnimationFrame("
        "() => r(performance.now()))))"
    )
    first_sort = page.evaluate(TIMED, ACTIONS["sort by score"])
    return page.evaluate("window.__firstRows"), complete, first_sort


def measure(papers: int, runs: int) -> dict[str, Any]:
    started = time.perf_counter()
    doc = synthetic_scorecard(papers)
    build_s = time.perf_counter() - started
    started = time.perf_counter()
    html = render.render_html(doc)
    render_s = time.perf_counter() - started
    figures: dict[str, Any] = {
        "papers": papers,
        "html_mib": len(html.encode()) / 2**20,
        "render_html_s": render_s,
        "build_doc_s": build_s,
    }
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "index.html"
        path.write_text(html, encoding="utf-8")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            figures["chromium"] = browser.version
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.add_init_script(WATCH_FIRST_ROWS)
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            loads = [load(page, path.as_uri()) for _ in range(runs)]
            figures["load: first rows painted"] = [first for first, _, _ in loads]
            figures["load: every row built"] = [complete for _, complete, _ in loads]
            figures["first sort after load"] = [sort for _, _, sort in loads]
            for name, action in ACTIONS.items():
                timed: Callable[[], float] = lambda action=action: page.evaluate(TIMED, action)  # noqa: E731
                figures[name] = [timed() for _ in range(runs)]
            figures["errors"] = errors
            browser.close()
    return figures


def machine() -> str:
    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor() or "unknown CPU",
    )
    return f"{os.cpu_count()} cores ({model}), {platform.system()} {platform.release()}"


def report(figures: dict[str, Any], runs: int, command: str) -> str:
    git = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    lines = [
        f"## Browser: {figures['papers']:,}-paper index.html "
        f"({datetime.now(UTC).date()}, commit {git or 'unknown'} + working tree)",
        "",
        f"Command: `{command}`  ",
        f"Machine: {machine()}; Chromium {figures['chromium']}, headless, from file://  ",
        f"index.html: {figures['html_mib']:.1f} MiB, rendered by `render_html` in "
        f"{figures['render_html_s']:.2f} s "
        f"(synthetic scorecard built in {figures['build_doc_s']:.1f} s)",
        "",
        f"| action (median of {runs}) | time | min | max |",
        "|---|---:|---:|---:|",
    ]
    for name in (
        "load: first rows painted",
        "load: every row built",
        "first sort after load",
        *ACTIONS,
    ):
        samples = figures[name]
        lines.append(f"| {name} | {median_ms(samples)} | {min(samples):.0f} | {max(samples):.0f} |")
    lines += [
        "",
        "Load: from the start of navigation to the first rows painted (two animation frames "
        "after the first row reached the table), and to every row built and painted (the "
        "whole document parsed and the script ready, two frames later). First sort after "
        "load: a sort by score as soon as the page is ready (it may parse the data first). "
        "Actions: from the event to two animation frames later (sorting moves rows, "
        "filtering toggles `hidden`; no per-row layout reads). Other jobs may have run on the "
        f"machine at the same time. Page errors: {len(figures['errors'])}.",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--papers", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--append", action="store_true", help="append to benchmarks/RESULTS.md")
    args = parser.parse_args()
    figures = measure(args.papers, args.runs)
    command = "python " + " ".join(["-m", "benchmarks.render_browser", *sys.argv[1:]])
    text = report(figures, args.runs, command)
    print(text)
    if args.append:
        results = ROOT / "benchmarks" / "RESULTS.md"
        existing = results.read_text(encoding="utf-8") if results.exists() else "# Benchmarks\n"
        results.write_text(existing.rstrip("\n") + "\n\n" + text, encoding="utf-8")
    return 1 if figures["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
