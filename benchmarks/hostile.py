"""Hostile inputs, end to end: what one paper list (or a page it cites) can make `auditor audit`
do, each run as a subprocess with `--max-run-time`, timed (wall, CPU) and measured (peak RSS,
from `wait4`, the audit process alone). Then the parsers alone at doubling sizes: doubling the
input must at most (about) double the time (the least CPU time of three runs each).

    python -m benchmarks.hostile            # the table for RESULTS.md (~5 min on 2 cores)
    python -m benchmarks.hostile --quick    # smaller inputs

Everything runs on loopback: a threaded web server (tests/support/local_servers.py) and the fake
GitHub (tests/support/fake_github.py), and the fake host APIs (tests/support/fake_hosts.py) for
a host's description. The inputs are tests/support/hostile.py's.
"""

from __future__ import annotations

import argparse
import logging
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from auditor.check import pages
from auditor.config.settings import Limits
from auditor.extract import collect as extract
from auditor.inputs import Document
from auditor.models import LinkKind, Outcome
from auditor.rubric import score
from auditor.rubric.registry import Rubric
from tests.support import hostile
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.fake_hosts import ZenodoRecord, host_world, zenodo_routes
from tests.support.local_servers import Exchange, LocalServer, Reply, html, redirect, serve
from tests.support.scorecards import TODAY, paper, result

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "bench-token-0123456789"
GRACE = 5.0  # seconds past --max-run-time allowed for scoring and writing


@dataclass
class Measured:
    case: str
    size: str
    limit: float
    wall: float
    cpu: float
    peak_mib: float
    code: int

    def row(self) -> str:
        within = "yes" if self.wall <= self.limit + GRACE else "**no**"
        return (
            f"| {self.case} | {self.size} | {self.limit:.0f} | {self.wall:.1f} | {self.cpu:.1f} "
            f"| {self.peak_mib:.0f} | {self.code} | {within} |"
        )


def audit(
    case: str,
    size: str,
    inputs: list[str],
    limit: float,
    github: str,
    *extra: str,
    roots: Mapping[str, str] | None = None,
) -> Measured:
    """`auditor audit` of `inputs` measured; `roots`: API roots pointed at fakes (`*_API_URL`)."""
    with tempfile.TemporaryDirectory() as out:
        command = [
            sys.executable, "-m", "auditor", "audit", *inputs, "--out", out,
            "--allow-private", "127.0.0.0/8", "--github-api-url", github, "--no-cache",
            "--max-run-time", str(limit), "--dns-canary", "localhost", "--fail-on", "never",
            "-q", *extra,
        ]  # fmt: skip
        environ = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT),
                   "GITHUB_TOKEN": TOKEN, "HOME": out, **(roots or {})}  # fmt: skip
        started = time.monotonic()
        process = subprocess.Popen(command, env=environ, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)  # fmt: skip
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - started
        process.returncode = os.waitstatus_to_exitcode(status)
    return Measured(case, size, limit, wall, usage.ru_utime + usage.ru_stime,
                    usage.ru_maxrss / 1024, process.returncode)  # fmt: skip


@contextmanager
def world(pages_html: dict[str, str]) -> Iterator[tuple[LocalServer, FakeGitHub]]:
    def black_hole(exchange: Exchange) -> None:
        exchange.stopping.wait(120)

    def slow_hop(exchange: Exchange) -> Reply:
        exchange.stopping.wait(6.0)
        step = int(exchange.path.rsplit("/", 1)[-1])
        return redirect(f"/hop/{step + 1}")

    routes: dict[str, object] = {path: html(body) for path, body in pages_html.items()}
    routes["/black-hole"] = black_hole
    routes.update({f"/hop/{n}": slow_hop for n in range(12)})
    repos = [FakeRepo(f"owner{n}/repo{n}", files={"README.md": "# r\n"}) for n in range(60)]
    with serve(routes) as web, FakeGitHub(repos, token=TOKEN) as github:  # type: ignore[arg-type]
        yield web, github


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def end_to_end(quick: bool) -> list[Measured]:
    scale = 4 if quick else 1
    link_pages = {f"/links-{n}": hostile.page_of_links(n) for n in (2000, 4000, 8000)}
    big = 44_000 // scale
    link_pages["/page-2mb"] = hostile.page_of_links(big)
    measured: list[Measured] = []
    with world(link_pages) as (web, github), tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        for path in link_pages:
            listed = write(here, f"{path[1:]}.txt", f"A list\n\nWe present PageNet, a method. "
                           f"Project page: {web.url(path)}.\n")  # fmt: skip
            count = big if path == "/page-2mb" else int(path.split("-")[-1])
            size = f"{len(link_pages[path]) // 1024:,} KB page, {count:,} links"
            measured.append(audit("page of repository links", size, [listed], 60, github.url))
        measured.append(audit("black-hole list URL", "1 URL", [web.url("/black-hole")], 5,
                              github.url))  # fmt: skip
        hops = write(here, "hops.txt", f"A list\n\nWe present HopNet. Page: {web.url('/hop/0')}.\n")
        measured.append(audit("10 slow redirects (6 s each)", "1 link", [hops], 120, github.url))
        urls = 80_000 // scale
        text = write(here, "urls.txt", hostile.paragraph_of_urls(urls))
        measured.append(audit("URLs in one paragraph", f"{urls:,} URLs", [text], 60, github.url,
                              "--max-links-per-paper", "50"))  # fmt: skip
        for depth in (3000 // scale, 9000 // scale):
            nested = write(here, f"nested-{depth}.html", hostile.nested_items(depth))
            size = f"{os.path.getsize(nested) // 1024} KB, {depth:,} nested `<li>`"
            measured.append(audit("nested HTML list items", size, [nested], 60, github.url,
                                  "--max-links-per-paper", "20"))  # fmt: skip
        lines = 20_000 // scale
        markdown = write(here, "nested.md", hostile.markdown_deep(lines))
        size = f"{os.path.getsize(markdown) / 2**20:.1f} MB, {lines:,} nested items"
        measured.append(audit("nested Markdown lists", size, [markdown], 60, github.url))
        long = write(here, "long-url.html", hostile.long_url(20 * 1024 * 1024 // scale))
        measured.append(audit("one long URL", f"{20 // scale} MB URL", [long], 60, github.url))
        files = 700_000 // scale
        with serve(hostile.huggingface_listing("acme/many", files)) as hub:
            listed = write(here, "hub.txt", "A list\n\nWe present ManyNet. Weights: "
                           "https://huggingface.co/acme/many.\n")  # fmt: skip
            measured.append(audit("API file list (Hugging Face siblings)", f"{files:,} files",
                                  [listed], 60, github.url,
                                  roots={"HUGGINGFACE_API_URL": hub.url("/api")}))  # fmt: skip
        description = hostile.description_html(2_000_000 // scale)
        record = ZenodoRecord(9009, description=description)
        with host_world({"zenodo": zenodo_routes([record])}) as hosts:
            cited = write(here, "record.txt", "A list\n\nWe present RecordNet, a method. Code: "
                          "https://zenodo.org/records/9009.\n")  # fmt: skip
            size = f"{len(description) / 2**20:.0f} MB of HTML"
            measured.append(audit("host description (Zenodo)", size, [cited], 60, github.url,
                                  roots=hosts.environ()))  # fmt: skip
    return measured


def _seconds(work: Callable[[], object], runs: int = 3) -> float:
    """The least CPU time of `runs` runs: the machine's other load only ever adds."""
    best = float("inf")
    for _ in range(runs):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best


def scaling(quick: bool) -> list[str]:
    """CPU seconds of each parser at n and 2n: the ratio stays near 2 (linear)."""
    wide = Limits(links_per_paper=10**6, code_links_per_page=10**6)
    base = 1 if quick else 2

    def reading(name: str, make: Callable[[int], str]) -> Callable[[int], Callable[[], object]]:
        def at(n: int) -> Callable[[], object]:
            data = make(n).encode()
            return lambda: extract.extract_documents([Document(name, data)], limits=wide)

        return at

    def harvest(n: int) -> Callable[[], object]:
        body = hostile.page_of_links(n).encode()
        return lambda: pages.analyse_page(body, "https://project.test/", max_code_links=None)

    def scoring(n: int) -> Callable[[], object]:
        links = [result(hostile.repository(i), LinkKind.GITHUB_REPO, outcome=Outcome.DEAD)
                 for i in range(n)]  # fmt: skip
        return lambda: score.score_paper(paper(), links, Rubric(), today=TODAY, own=True)

    cases = [
        ("harvest: links in one paragraph", harvest, 5000 * base),
        ("HTML: nested `<li>`", reading("l.html", hostile.nested_items), 1500 * base),
        ("Markdown: nested items", reading("l.md", hostile.markdown_nesting), 10000 * base),
        ("Markdown: short paragraphs", reading("l.md", hostile.markdown_section), 20000 * base),
        ("text: URLs in one paragraph", reading("l.txt", hostile.paragraph_of_urls), 10000 * base),
        ("text: one link in every paper", reading("l.txt", hostile.shared_link), 5000 * base),
        ("scoring: code links of one paper", scoring, 2000 * base),
    ]
    rows = []
    for name, make, n in cases:
        small, large = _seconds(make(n)), _seconds(make(2 * n))
        rows.append(f"| {name} | {n:,} | {small:.2f} | {large:.2f} | {large / small:.2f} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller inputs")
    parser.add_argument("--only", choices=("end-to-end", "scaling"), help="one part")
    args = parser.parse_args()
    logging.disable(logging.WARNING)  # "is it a paper list?" warnings of the scaling inputs
    print(f"`python -m benchmarks.hostile{' --quick' if args.quick else ''}` on {os.cpu_count()} "
          f"cores, {time.strftime('%Y-%m-%d')}\n")  # fmt: skip
    if args.only != "scaling":
        print("| case | input | --max-run-time s | wall s | CPU s | peak RSS MiB | exit | "
              f"within bound (+{GRACE:.0f} s) |")  # fmt: skip
        print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
        for measured in end_to_end(args.quick):
            print(measured.row(), flush=True)
    if args.only != "end-to-end":
        print("\n| parser | n | CPU s at n | CPU s at 2n | ratio |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for row in scaling(args.quick):
            print(row, flush=True)


if __name__ == "__main__":
    main()
