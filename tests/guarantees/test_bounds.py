"""Bounded work whatever the input: every parser, the harvest and the scorer linear (operations
counted, never timed: tests/support/counting.py), the caps on what one list can make a run do,
and the one deadline (`--max-run-time`, from process start) over reading, redirects, page
analysis and checking. Times are benchmarks/hostile.py's (RESULTS.md)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from auditor import cli, deadline
from auditor.actions import workflow as actions
from auditor.check import pages
from auditor.config.settings import DEFAULT_LIMITS, Limits, Settings
from auditor.extract import collect as extract
from auditor.inputs import Document
from auditor.models import LinkKind, LinkResult, Outcome
from auditor.pipeline import harvest
from auditor.pipeline import run as pipeline
from auditor.readme import analysis as readme
from auditor.readme import artifacts
from auditor.rubric import score
from auditor.rubric.registry import Rubric
from tests.support import hostile
from tests.support.checking import NetFactory, check
from tests.support.counting import grows_linearly
from tests.support.local_servers import Exchange, Reply, html, redirect, serve
from tests.support.scorecards import paper, result, scorecard

PAGE = "https://project.test/"
REPO = LinkKind.GITHUB_REPO


def _extract(name: str, text: str, limits: Limits = DEFAULT_LIMITS) -> extract.Extraction:
    return extract.extract_documents([Document(name, text.encode())], limits=limits)


# --- linear in the input ---------------------------------------------------------------------


def test_harvesting_a_page_is_linear_in_its_links() -> None:
    def harvest(links: int) -> Callable[[], object]:
        body = hostile.page_of_links(links).encode()
        return lambda: pages.analyse_page(body, PAGE, max_code_links=None)

    grows_linearly(harvest, 300)
    facts = pages.analyse_page(hostile.page_of_links(300).encode(), PAGE, max_code_links=None)
    assert len(facts.code_links) == 300


@pytest.mark.parametrize(
    ("name", "make", "size"),
    [
        ("list.html", hostile.nested_items, 300),
        ("list.html", hostile.nested_lists, 150),
        ("list.md", hostile.markdown_nesting, 300),
        ("list.md", hostile.markdown_section, 1000),
        ("list.txt", hostile.paragraph_of_urls, 400),
        ("list.txt", hostile.shared_link, 300),
    ],
    ids=["nested-li", "nested-ul", "markdown-nesting", "markdown-section", "url-paragraph",
         "one-link-every-paper"],
)  # fmt: skip
def test_reading_a_list_is_linear(name: str, make: Callable[[int], str], size: int) -> None:
    def read(n: int) -> Callable[[], object]:
        text = make(n)
        return lambda: _extract(name, text, Limits(links_per_paper=10**6))

    grows_linearly(read, size)


def test_scoring_a_paper_is_linear_in_its_links() -> None:
    def scoring(links: int) -> Callable[[], object]:
        results = [
            result(hostile.repository(n), LinkKind.GITHUB_REPO, outcome=Outcome.DEAD)
            for n in range(links)
        ]
        return lambda: score.score_paper(
            paper(), results, Rubric(), today=date(2026, 7, 1), own=True
        )

    grows_linearly(scoring, 200)


def test_a_link_found_on_many_pages_is_harvested_in_linear_work() -> None:
    def harvesting(pages_count: int) -> Callable[[], object]:
        found = [
            _with_code_links(result(f"https://lab.test/p{n}", LinkKind.WEB, (f"l.txt#{n}",)), 1)
            for n in range(pages_count)
        ]
        return lambda: harvest.harvested_links(found)

    grows_linearly(harvesting, 400)


def _with_code_links(page: LinkResult, count: int) -> LinkResult:
    links = tuple(hostile.repository(n) for n in range(count))
    return replace(page, check=replace(page.check, code_links=links))


def test_annotations_and_the_issue_body_are_linear_in_the_dead_links() -> None:
    def report(dead: int) -> Callable[[], object]:
        card = scorecard(
            [
                (
                    paper(f"l.txt#{n}"),
                    [result(hostile.repository(n), REPO, (f"l.txt#{n}",), outcome=Outcome.DEAD)],
                )
                for n in range(dead)
            ]
        )
        return lambda: (actions.find_annotations(card), actions.issue_body(card))

    grows_linearly(report, 200)


# --- caps --------------------------------------------------------------------------------------


def test_a_page_gives_at_most_fifty_code_links_and_counts_the_rest() -> None:
    facts = pages.analyse_page(hostile.page_of_links(2000).encode(), PAGE, max_code_links=50)
    assert len(facts.code_links) == 50
    assert facts.more_code_links == 1950


async def test_the_cap_is_reported_in_the_page_verdict(make_net: NetFactory) -> None:
    with serve({"/p": html(hostile.page_of_links(120))}) as server:
        net = make_net(limits=Limits(code_links_per_page=50))
        verdict = await check(net, server.url("/p"), LinkKind.WEB)
    assert verdict.outcome is Outcome.OK
    assert len(verdict.code_links) == 50
    assert "70 more code link(s) on the page not checked (at most 50 per page)" in verdict.detail


def test_a_paper_keeps_its_first_links_and_notes_the_rest() -> None:
    extraction = _extract("list.txt", hostile.paragraph_of_urls(300), Limits(links_per_paper=200))
    (one,) = extraction.papers
    assert len(one.links) == 200
    assert "100 more link(s) left out, not checked: at most 200 per paper" in one.notes


def test_harvested_links_respect_the_links_per_paper_cap() -> None:
    page = _with_code_links(result("https://lab.test/p", LinkKind.WEB, ("l.txt#1",)), 9)
    room, left_out = {"l.txt#1": 4}, {}
    harvested = harvest.harvested_links([page], room=room, left_out=left_out)
    assert len(harvested) == 4
    assert left_out == {"l.txt#1": 5}


def test_a_twenty_megabyte_url_is_unsupported_and_shown_cut(tmp_path: Path) -> None:
    text = hostile.long_url(20 * 1024 * 1024)
    extraction = _extract("list.html", text)
    (link,) = extraction.links
    assert len(link.url) < 8300
    assert link.url.endswith("…[cut: 20,971,520 characters]")
    assert all(len(o.raw) < 8300 for o in link.occurrences)
    listed = tmp_path / "list.html"
    listed.write_text(text)
    out = tmp_path / "out"
    code = cli.main(
        ["audit", str(listed), "--out", str(out), "--no-cache", "--fail-on", "never", "-q"],
        environ={},
    )
    assert code == cli.EXIT_OK
    document = json.loads((out / "scorecard.json").read_text())
    (entry,) = document["links"]
    assert entry["outcome"] == Outcome.UNSUPPORTED
    assert "longer than 8,192 characters" in entry["detail"]
    assert (out / "scorecard.json").stat().st_size < 100_000


def test_nesting_deeper_than_the_cap_is_flattened() -> None:
    extraction = _extract("list.html", hostile.nested_lists(400), Limits(nesting_depth=50))
    assert 0 < len(extraction.papers) < 400  # the items past the cap join the deepest kept


# --- the deadline ------------------------------------------------------------------------------


def test_an_expired_deadline_stops_page_analysis() -> None:
    with deadline.running(deadline.Deadline(time.monotonic())), pytest.raises(deadline.OutOfTime):
        pages.analyse_page(hostile.page_of_links(2000).encode(), PAGE)


def test_an_expired_deadline_stops_reading_a_list() -> None:
    with deadline.running(deadline.Deadline(time.monotonic())):
        extraction = _extract("list.txt", hostile.shared_link(50))
    assert extraction.papers == ()
    assert extraction.errors == ("list.txt: not read to the end (run time limit reached)",)


async def test_a_chain_of_slow_redirects_shares_one_link_deadline(make_net: NetFactory) -> None:
    def slow_hop(exchange: Exchange) -> Reply:
        exchange.stopping.wait(1.0)
        step = int(exchange.path.rsplit("/", 1)[-1])
        return redirect(f"/hop/{step + 1}")

    with serve({f"/hop/{n}": slow_hop for n in range(12)}) as server:
        net = make_net(link_deadline=2.5, timeout=5.0, max_retries=0)
        verdict = await check(net, server.url("/hop/0"))
        hops = [seen for seen in server.requests if seen.path.startswith("/hop/")]
    # Ten redirects of one second each would take ten seconds: the chain stops at the third.
    assert verdict.outcome is Outcome.TRANSIENT
    assert "2.5 s link deadline" in verdict.detail
    assert len(hops) <= 3


def test_a_black_hole_list_url_ends_at_the_run_deadline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def black_hole(exchange: Exchange) -> None:
        exchange.stopping.wait(60)

    with serve({"/list": black_hole}) as server:
        code = cli.main(
            ["audit", server.url("/list"), "--out", str(tmp_path / "out"), "--allow-private",
             "127.0.0.0/8", "--no-cache", "--timeout", "30", "--max-run-time", "2",
             "--dns-canary", "localhost"],
            environ={},
        )  # fmt: skip
    # Not the 30 s read timeout nor the link deadline: the run's own limit said no; and a run
    # that could read no input writes nothing.
    assert code == cli.EXIT_USAGE
    assert f"{server.url('/list')}: not read (run time limit reached)" in capsys.readouterr().err
    assert not (tmp_path / "out" / "scorecard.json").exists()


def test_the_deadline_counts_from_process_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = tmp_path / "list.txt"
    listed.write_text(hostile.shared_link(5))
    code = cli.main(
        ["audit", str(listed), "--out", str(tmp_path / "out"), "--no-cache",
         "--max-run-time", "5"],
        environ={},
        started=time.monotonic() - 10,  # the process began ten seconds ago
    )  # fmt: skip
    assert code == cli.EXIT_USAGE
    assert "list.txt: not read to the end (run time limit reached)" in capsys.readouterr().err


async def test_past_the_deadline_and_its_grace_papers_are_left_unscored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read = _extract("list.txt", hostile.shared_link(3))
    monkeypatch.setattr(extract, "extract_inputs", lambda *args, **kwargs: read)
    late = deadline.Deadline(time.monotonic() - 2 * pipeline.GRACE_SECONDS)
    with deadline.running(late):
        outcome = await pipeline.run(
            ["list.txt"], Settings(cache_dir=None, dns_canary="localhost"), Rubric()
        )
    assert outcome.audit.scores == {}
    assert all("not scored: run time limit reached" in p.notes for p in outcome.audit.papers)
    assert {r.check.outcome for r in outcome.audit.results} == {Outcome.UNCHECKED}


def test_a_hostile_readme_is_read_in_linear_work() -> None:
    """README lines a naive heading, table-separator or measure pattern backtracks on (the old
    heading pattern was cubic: a 3 KB line took minutes, these 20 KB lines would take hours).
    Python's `re` counts no steps: this test would hang rather than fail, and
    benchmarks/hostile.py times the parsers."""

    def reading(lines: int) -> Callable[[], object]:
        hostile_lines = ("# a" + " " * 20_000 + "b\n| " + "1" * 20_000 + " |\n|" + " " * 20_000
                         + "x\n")  # fmt: skip
        return lambda: readme.analyze_readme(hostile_lines * lines)

    grows_linearly(reading, 10)


def test_the_models_a_hostile_code_block_loads_are_read_in_linear_work() -> None:
    """A long run of word characters before a call that never names a model: a pattern that
    scans for the class before `.from_pretrained(` rescans the run from each of its starts."""

    def reading(size: int) -> Callable[[], object]:
        return lambda: artifacts.models_loaded("a" * (20_000 * size) + ".from_pretrained(x")

    grows_linearly(reading, 1)


def test_a_hostile_restructuredtext_readme_is_read_in_linear_work() -> None:
    """The same for README.rst, read by docutils (`auditor.readme.rst`): long lines, unclosed
    inline markup by the paragraph, tables never closed, titles of every underline."""

    def reading(lines: int) -> Callable[[], object]:
        hostile_lines = (
            "T\n===\n\nU\n~~~\n\n" + "*a `b |c " * 2_000 + "\n"
            "+--" + "-" * 20_000 + "\n| " + "1" * 20_000 + " |\n\n"
        )
        return lambda: readme.analyze_readme(hostile_lines * lines, name="README.rst")

    grows_linearly(reading, 5)


def test_a_meta_refresh_past_the_url_length_limit_is_not_followed() -> None:
    target = "https://lab.test/" + "a" * 9000
    page = f'<meta http-equiv="refresh" content="0; url={target}"><title>Moved</title>'
    facts = pages.analyse_page(page.encode(), PAGE, max_url_length=8192)
    assert facts.refresh is None
    assert pages.analyse_page(page.encode(), PAGE).refresh == target
