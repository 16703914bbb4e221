"""The reports: golden summary.md and JSON summary of a fixed small scorecard;
escaping of outside text; only http(s) links; size limits; the HTML's structure.

Golden files live in tests/golden/. After an intended change, regenerate them with

    UPDATE_GOLDEN=1 python -m pytest tests/test_render.py

and review the diff before committing.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auditor import render
from auditor.models import (
    ChangeKind,
    LicenseClass,
    LinkKind,
    Outcome,
    ReadmeCover,
    ReadmeEvidence,
    Tier,
)
from auditor.render import html as html_report
from auditor.render import markdown
from auditor.render.page import PageCriterion, PageData, PageLink, PagePaper
from auditor.render.text import most_that_fit
from auditor.render.views import fixes, headline, paper_views
from auditor.rubric.registry import CRITERIA, licence_declared
from auditor.scorecard import (
    Acknowledgement,
    AcknowledgementStatus,
    Changes,
    LinkEntry,
    LinkHistory,
    Scorecard,
    summary_json,
    to_json,
)
from auditor.scorecard.summary import build_summary, unlicensed
from tests.support.github_markdown import visible_text
from tests.support.scorecards import (
    PAYLOAD_JS_URL,
    gold_facts,
    hostile_scorecard,
    paper,
    result,
    resummarized,
    scorecard,
    synthetic_scorecard,
)

GOLDEN = Path(__file__).parent / "golden"


def small_scorecard() -> Scorecard:
    """One paper per tier, plus outside text that needs escaping."""
    placeholder = gold_facts(
        "lab/soon",
        root_files=("README.md",),
        env_files=(),
        readme_bytes=90,
        readme_covers=(ReadmeCover.PLACEHOLDER,),
        readme_evidence=(ReadmeEvidence(ReadmeCover.PLACEHOLDER, 3, "Code coming soon"),),
    )
    unlicensed = gold_facts(
        "lab/nolicence",
        license_spdx=None,
        license_class=LicenseClass.NONE,
        root_files=("README.md", "main.py"),
        last_commit_at="2023-05-01T00:00:00Z",
    )
    page = "https://lab.github.io/flow"
    entries = [
        (
            paper("a.txt#1", "GoldNet"),
            [
                result(
                    "https://github.com/lab/gold",
                    LinkKind.GITHUB_REPO,
                    ["a.txt#1"],
                    repo=gold_facts("lab/gold"),
                )
            ],
        ),
        (
            paper("a.txt#2", "Soon | `Net` [v2]", date_="2025-02"),
            [
                result(
                    "https://github.com/lab/soon",
                    LinkKind.GITHUB_REPO,
                    ["a.txt#2"],
                    repo=placeholder,
                )
            ],
        ),
        (
            paper("a.txt#3", "Gone <b>Net</b>"),
            [
                result(
                    "https://github.com/lab/gone",
                    LinkKind.GITHUB_REPO,
                    ["a.txt#3"],
                    outcome=Outcome.DEAD,
                    detail="GitHub answered 404 Not Found",
                )
            ],
        ),
        (
            paper("a.txt#4", "Theory Only"),
            [result("https://arxiv.org/abs/2601.00004", LinkKind.ARXIV, ["a.txt#4"])],
        ),
        (
            paper("b.txt#1", "Rate Limited"),
            [
                result(
                    "https://github.com/lab/later",
                    LinkKind.GITHUB_REPO,
                    ["b.txt#1"],
                    outcome=Outcome.TRANSIENT,
                    detail="HTTP 429 after 3 tries",
                )
            ],
        ),
        (
            paper("b.txt#2", "NoLicence @someone"),
            [
                result(
                    "https://github.com/lab/nolicence",
                    LinkKind.GITHUB_REPO,
                    ["b.txt#2"],
                    repo=unlicensed,
                )
            ],
        ),
        (
            paper("b.txt#3", "Flow via page"),
            [
                result(page, LinkKind.GITHUB_PAGES, ["b.txt#3"]),
                result(
                    "https://github.com/lab/flow",
                    LinkKind.GITHUB_REPO,
                    ["b.txt#3"],
                    repo=gold_facts("lab/flow", latest_release=None),
                    found_via=page,
                ),
            ],
        ),
        (
            paper("b.txt#4", "Elsewhere"),
            [
                result(
                    "https://gitlab.com/lab/else",
                    LinkKind.GITLAB,
                    ["b.txt#4"],
                    outcome=Outcome.MOVED,
                    final_url="https://gitlab.com/lab/elsewhere",
                )
            ],
        ),
    ]
    return scorecard(entries)


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text, f"{name} changed: see the module docstring"


def test_golden_summary_json() -> None:
    doc = small_scorecard()
    text = json.dumps(summary_json(doc.summary), indent=2, ensure_ascii=False)
    check_golden("summary.json", text + "\n")


def test_golden_summary_md() -> None:
    check_golden("summary.md", render.render_markdown(small_scorecard()))


def test_summary_counts_every_key_even_when_empty() -> None:
    summary = build_summary([], [])
    assert (summary.papers, summary.median_score) == (0, None)
    # `mismatch` only when a paper has it: a scorecard without one reads as before.
    assert list(summary.tiers) == [tier.value for tier in Tier if tier is not Tier.MISMATCH]
    assert all(count == 0 for count in summary.outcomes.values())
    assert summary.network.note is None


def test_the_reports_show_the_scorecards_own_summary() -> None:
    """Computed once when the scorecard is built: the reports read it, never recompute it."""
    doc = small_scorecard()
    doctored = replace(doc, summary=replace(doc.summary, papers=4242, median_score=77))
    assert "**4242** papers · median score **77**" in render.render_markdown(doctored)
    html = render.render_html(doctored)
    assert "median score <strong>77</strong>" in html
    # Papers citing code are counted apart from those citing none (4242 - 1 no-code).
    assert "<b>4241</b> cite code" in html
    assert "<b>1</b> no code link cited" in html


def test_problems_come_before_the_table() -> None:
    text = render.render_markdown(small_scorecard())
    dead = text.index("https://github.com/lab/gone")
    assert text.index("#### Dead links (1)") < dead < text.index("<details>")
    assert text.index("#### Placeholder repositories (1)") < text.index("#### Missing licences (1)")
    assert "**NoLicence @\u200bsomeone**" in text


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://github.com/a/b", "https://github.com/a/b"),
        ("HTTP://example.org/x?y=1#z", "HTTP://example.org/x?y=1#z"),
        ("javascript:alert(1)", None),
        ("JavaScript:alert(1)", None),
        (" javascript:alert(1)", None),
        ("data:text/html,<script>", None),
        ("vbscript:msgbox", None),
        ("//evil.example/x", None),
        ("https:///path-only", None),
        ("https://ex ample.org", None),
        ("https://example.org/\nx", None),
        ("ftp://example.org/x", None),
        (None, None),
    ],
)
def test_safe_url(url: str | None, expected: str | None) -> None:
    assert render.safe_url(url) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a | b", "a \\| b"),
        ("<script>x</script>", "\\<script\\>x\\</script\\>"),
        ("`code` *b* _i_ ~s~", "\\`code\\` \\*b\\* \\_i\\_ \\~s\\~"),
        ("[x](javascript:y)", "\\[x\\](javascript:y)"),
        ("a & b\nc", "a \\& b c"),
        ("x &lt; y", "x \\&lt; y"),
        ("@team", "@\u200bteam"),
    ],
)
def test_markdown_escaping(text: str, expected: str) -> None:
    assert render.md(text) == expected


def test_markdown_link_only_for_http() -> None:
    assert (
        render.md_link("https://x.org/a_(b)|c")
        == "[https://x.org/a\\_(b)\\|c](https://x.org/a_%28b%29%7Cc)"
    )
    assert render.md_link(PAYLOAD_JS_URL) == "javascript:window.\\_\\_pwned=3"


def test_hostile_markdown_is_inert() -> None:
    doc = hostile_scorecard()
    text = render.render_markdown(doc)
    # A link needs an unescaped `](`: none may lead to javascript: or data:.
    assert not re.search(r"(?<!\\)\]\((javascript|data):", text)
    # A tag needs an unescaped `<`: `\<script>` is text to GitHub.
    assert not re.search(r"(?<!\\)<(script|img|b)\b", text)
    # Every table row keeps its seven cells: no pipe in outside text splits one.
    rows = [line for line in text.splitlines() if line.startswith("| ") and "Evil" in line]
    assert rows
    assert all(len(re.findall(r"(?<!\\)\|", row)) == 8 for row in rows)


def test_hostile_html_is_escaped() -> None:
    html = render.render_html(hostile_scorecard())
    assert "<script>window.__pwned" not in html
    assert "<img src=x" not in html
    assert not re.search(r'<a href="(javascript|data|vbscript):', html, re.IGNORECASE)
    data = re.search(
        r'<script type="application/json" id="scorecard-data">(.*?)</script>', html, re.S
    )
    assert data is not None
    assert "<" not in data.group(1)  # so neither </script> nor <!-- can appear inside
    assert json.loads(data.group(1))["papers"][0]["name"].startswith("Evil <script>")
    # Exactly the two script elements of the template: nothing from the data became one.
    assert html.count("<script") == 2


def test_html_is_self_contained() -> None:
    html = render.render_html(small_scorecard())
    assert (
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"
        in html
    )
    # Nothing is fetched: no src and no stylesheet pointing anywhere.
    assert not re.search(r'\bsrc="|rel="stylesheet"', html)
    assert html.count("<svg") == 4
    assert html.count('aria-sort="none"') == 7
    # The server-rendered dead-link list links the http(s) URL.
    assert '<a href="https://github.com/lab/gone" rel="noopener noreferrer nofollow">' in html


def test_render_tolerates_an_unscored_paper() -> None:
    doc = small_scorecard()
    doc = replace(doc, papers=(replace(doc.papers[0], score=None), *doc.papers[1:]))
    assert "GoldNet" in render.render_markdown(doc)
    assert "GoldNet" in render.render_html(doc)


def big_scorecard(papers: int) -> Scorecard:
    """`papers` dead papers, each citing a dead link of its own that three papers cite, with a
    detail as long as the summary shows: each problem item near its largest, so that a small
    list already overflows the summary, problems and all."""
    doc = small_scorecard()
    template = doc.papers[2]  # the dead one: a problem and a table row each
    entries = tuple(
        replace(
            template,
            paper=replace(template.paper, id=f"a.txt#{n}", name=f"{n:05d} " + "Long name " * 40),
        )
        for n in range(papers)
    )
    dead = doc.links[2].result
    detail = "Not Found (404) " * 40

    def citing(url: str, ids: tuple[str, ...]) -> LinkEntry:
        check = replace(dead.check, detail=detail)
        return LinkEntry(replace(dead, link=replace(dead.link, url=url, papers=ids), check=check))

    def three_from(n: int) -> tuple[str, ...]:
        return tuple(entries[(n + step) % papers].id for step in range(3))

    links = (
        *doc.links[:2],
        *(
            citing(f"https://github.com/lab/gone-{n:05d}-" + "long-path" * 20, three_from(n))
            for n in range(papers)
        ),
        citing(dead.link.url, tuple(entry.id for entry in entries)),
        *doc.links[3:],
    )
    return resummarized(replace(doc, papers=entries, links=links))


def test_summary_stays_under_one_mebibyte() -> None:
    text = render.render_markdown(big_scorecard(1200), report_url="https://lab.github.io/audit/")
    assert len(text.encode()) < render.MAX_SUMMARY_BYTES
    assert "cut to fit GitHub's size limit" in text
    assert "[the full report](https://lab.github.io/audit/)" in text
    assert "_… and " in text
    assert "more papers not shown here" in text
    assert text.rstrip().endswith("</sub>")


def longest_by_every_count(
    render_counts: Callable[[int, int], str], problems: int, rows: int, fits: Callable[[str], bool]
) -> str:
    """The summary's rule searched over every count: everything, else the most rows with
    every problem, else the most problems."""
    whole = render_counts(problems, rows)
    if fits(whole):
        return whole
    found = most_that_fit(lambda n: render_counts(problems, n), fits, rows)
    found = found or most_that_fit(lambda n: render_counts(n, 0), fits, problems)
    assert found is not None
    return found[1]


@pytest.mark.parametrize("share", [1.2, 0.9, 0.6, 0.35, 0.2, 0.08])
def test_the_summary_fit_from_measured_sizes_is_the_longest_that_fits(
    share: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sizes measured while the summary is rendered once put each search near its answer: a
    few tries give what a search over every count gives, rows cut first, then problems."""
    card = big_scorecard(150)
    whole = len(render.render_markdown(card).encode())
    monkeypatch.setattr(markdown, "MAX_SUMMARY_BYTES", int(whole * share))
    seen: dict[str, Any] = {}
    tries: list[tuple[int, int]] = []
    fit = markdown._fit

    def spied(
        render_counts: Callable[[int, int], str],
        sizes: Any,
        problems: int,
        rows: int,
        fits: Callable[[str], bool],
    ) -> str:
        seen.update(render=render_counts, problems=problems, rows=rows, fits=fits)

        def counted(p: int, r: int) -> str:
            tries.append((p, r))
            return render_counts(p, r)

        return fit(counted, sizes, problems, rows, fits)

    monkeypatch.setattr(markdown, "_fit", spied)
    text = render.render_markdown(card)

    slow = longest_by_every_count(seen["render"], seen["problems"], seen["rows"], seen["fits"])
    assert text == slow
    assert len(text.encode()) < int(whole * share)
    assert len(tries) <= 3


def test_templates_are_found() -> None:
    folder = render.templates_dir()
    assert {"report.html.j2", "summary.md.j2"} <= {p.name for p in folder.iterdir()}


def test_test_documents_follow_the_schema() -> None:
    """The builders in tests/scorecards.py write what the scorecard schema promises."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((GOLDEN.parent.parent / "docs" / "scorecard.schema.json").read_text())
    for doc in (small_scorecard(), hostile_scorecard()):
        jsonschema.validate(json.loads(json.dumps(to_json(doc))), schema)


def test_links_that_died_since_the_last_run_lead() -> None:
    doc = small_scorecard()
    then, before = "2026-11-23T04:00:00Z", "2026-01-01T04:00:00Z"
    gone = doc.links[2]
    older = LinkEntry(
        replace(gone.result, link=replace(gone.result.link, url="https://github.com/lab/old-gone")),
        # Compared with the history: dead before, so not new.
        LinkHistory(first_seen=before, last_ok=None, dead_since=before, changes=()),
    )
    died = replace(gone, history=LinkHistory(then, then, gone.result.check.checked_at, ("died",)))
    doc = replace(
        doc,
        links=(older, *doc.links[:2], died, *doc.links[3:]),
        changes=Changes(previous_run=then, counts={"died": 1}, new_dead=1),
    )
    text = render.render_markdown(doc)
    assert text.splitlines()[0] == f"**Since the previous run ({then}): 1 link(s) newly dead.**"
    items = [line for line in text.splitlines() if line.startswith("- ") and "gone" in line]
    assert items[0].startswith("- **new** [https://github.com/lab/gone]")
    assert items[1].startswith("- [https://github.com/lab/old-gone]")
    assert f"— dead since {before} —" in items[1]
    assert f"Since the previous run ({then}): 1 link(s) newly dead." in render.render_html(doc)


def html_rows(html: str) -> list[str]:
    """The server-rendered rows of the papers table, in order."""
    return re.findall(r'<tbody role="rowgroup" data-i="\d+">(.*?)</tbody>', html, re.S)


def renamed_scorecard() -> Scorecard:
    """A paper whose cited repository was renamed: scored at the new address, its facts on the
    cited link."""
    facts = gold_facts(
        "lab/renamed",
        license_spdx="GPL-3.0",
        license_class=LicenseClass.COPYLEFT,
        last_commit_at="2026-08-02T00:00:00Z",
    )
    moved = result(
        "https://github.com/lab/old-name",
        LinkKind.GITHUB_REPO,
        ["r.txt#1"],
        outcome=Outcome.MOVED,
        final_url="https://github.com/lab/renamed",
        repo=facts,
    )
    return scorecard([(paper("r.txt#1", "Renamed Net"), [moved])])


def test_a_renamed_repository_shows_its_facts_and_counts_in_the_summary() -> None:
    doc = renamed_scorecard()
    score = doc.papers[0].score
    assert score is not None
    assert score.scored_on == "https://github.com/lab/renamed"
    # The licence chart and summary.md's counts see the licence and the commit age.
    assert doc.summary.licence_classes["copyleft"] == 1
    assert doc.summary.licence_classes["unknown"] == 0
    assert doc.summary.last_commit_age["<6m"] == 1
    (row,) = html_rows(render.render_html(doc))
    assert '<td role="cell">GPL-3.0</td><td role="cell">2026-08-02</td>' in row
    text = render.render_markdown(doc)
    assert "| GPL-3.0 | 2026-08-02 |" in text


def test_every_criterion_says_how_to_fix_it() -> None:
    assert all(spec.fix and "\n" not in spec.fix for spec in CRITERIA)
    fixes = {spec.id: spec.fix for spec in CRITERIA}
    assert fixes["C1"] == "add a LICENSE file (choosealicense.com)"
    assert fixes["E1"].startswith("pin versions: pip freeze > requirements.txt")
    assert "BibTeX block" in fixes["F2"]
    doc = small_scorecard()
    text = render.render_markdown(doc)
    assert "#### How to fix" in text
    assert "| C1 Licence declared | 1 | add a LICENSE file (choosealicense.com) |" in text
    assert "_To fix: add a LICENSE file (choosealicense.com)._" in text
    html = render.render_html(doc)
    assert "<b>To fix:</b> add a LICENSE file (choosealicense.com)." in html
    assert "<td>add a LICENSE file (choosealicense.com)</td>" in html
    # The details panel's script shows each failed criterion's fix from the data.
    data = json.loads(re.search(r'id="scorecard-data">(.*?)</script>', html, re.S).group(1))
    assert data["fixes"] == fixes
    assert data["echo"] == "no code to assess"


def test_the_table_is_rendered_problems_first() -> None:
    """The rows are in the HTML (readable without JavaScript): dead, placeholder, then code from
    the lowest tier up, then undecided, then papers citing no code; the data in that order."""
    html = render.render_html(small_scorecard())
    rows = html_rows(html)
    assert len(rows) == 8
    tiers = [re.search(r'class="tier t-([a-z-]+)"', row).group(1) for row in rows]
    assert tiers == [
        "dead", "placeholder", "listed", "silver", "gold", "gold", "unknown", "no-code"
    ]  # fmt: skip
    # Within a tier the lowest score first (NoLicence 88, no licence being no gate in rubric
    # 2.0, before GoldNet's 100).
    assert "Elsewhere" in rows[2]
    assert "NoLicence" in rows[4]
    data = json.loads(re.search(r'id="scorecard-data">(.*?)</script>', html, re.S).group(1))
    assert [item["tier"] for item in data["papers"]] == tiers
    assert "Gone &lt;b&gt;Net&lt;/b&gt;" in rows[0]
    assert '<a href="https://github.com/lab/gone" rel="noopener noreferrer nofollow">' in rows[0]


def test_no_code_reads_as_no_code_link_cited() -> None:
    html = render.render_html(small_scorecard())
    row = html_rows(html)[-1]
    assert "Theory Only" in row
    assert '<span class="tier t-no-code">∅ no code link cited</span>' in row
    # The tier word stays what scorecard.json and the filter's value say.
    assert '<option value="no-code">∅ no code link cited</option>' in html
    assert ">∅ no-code<" not in html


def test_problem_lists_are_open_with_their_fixes() -> None:
    html = render.render_html(small_scorecard())
    for box, cid in (("dead-links", "A1"), ("placeholder-list", "B2"), ("licence-list", "C1")):
        assert f'<details class="problems-box" id="{box}" open>' in html
        fix = next(spec.fix for spec in CRITERIA if spec.id == cid)
        assert f"<b>To fix:</b> {fix}." in html
    placeholder = html[html.index('id="placeholder-list"') :]
    assert "Soon | `Net` [v2]" in placeholder.split("</details>")[0]
    licence = html[html.index('id="licence-list"') :].split("</details>")[0]
    assert "NoLicence @someone" in licence
    assert "no licence declared" in licence


def test_one_unlicensed_predicate_counts_and_lists_the_papers_with_their_reason() -> None:
    doc = small_scorecard()
    # Gone (dead) and Theory Only (no code) fail C1 too, as an echo: they are not unlicensed.
    listed = [entry.paper.name for entry in doc.papers if unlicensed(entry.score)]
    assert listed == ["NoLicence @someone"]
    assert doc.summary.problems.missing_licence == len(listed)
    text = render.render_markdown(doc)
    section = text.split("#### Missing licences (1)")[1].split("####")[0]
    assert "- **NoLicence @\u200bsomeone** — " in section  # a mention made inert
    assert section.count("\n- ") == 1
    assert section.rstrip().endswith(" — no licence declared")
    html = render.render_html(doc)
    box = html[html.index('id="licence-list"') :].split("</details>")[0]
    assert "<summary>Missing licences (1)</summary>" in box
    assert box.count("<li>") == 1
    assert "</a> — no licence declared</li>" in box


def test_a_dead_paper_first_seen_is_not_new_for_its_licence() -> None:
    # Gone's code link is dead, acknowledged, and new to the list: C1 fails as an echo of the
    # dead gate, which is no missing licence, so nothing about the paper is new to report.
    doc = small_scorecard()
    gone = doc.links[2]
    then = "2026-11-23T04:00:00Z"
    known = replace(
        gone,
        history=LinkHistory(then, None, then, (ChangeKind.NEW,)),
        acknowledged=Acknowledgement("gone for good", "2099-01-01", AcknowledgementStatus.ACTIVE),
    )
    doc = replace(doc, links=(*doc.links[:2], known, *doc.links[3:]))
    (view,) = [v for v in paper_views(doc) if v.entry.paper.name == "Gone <b>Net</b>"]
    assert view.tier == Tier.DEAD
    assert not view.unlicensed
    assert not view.new


def test_new_problems_are_marked_new_since_the_previous_run() -> None:
    doc = small_scorecard()
    then, before = "2026-11-23T04:00:00Z", "2026-01-01T04:00:00Z"
    gone = doc.links[2]
    older = LinkEntry(
        replace(gone.result, link=replace(gone.result.link, url="https://github.com/lab/old-gone")),
        LinkHistory(first_seen=before, last_ok=None, dead_since=before, changes=()),
    )
    died = replace(gone, history=LinkHistory(then, then, gone.result.check.checked_at, ("died",)))
    unlicensed = doc.links[5]
    assert unlicensed.url == "https://github.com/lab/nolicence"
    first_seen = replace(unlicensed, history=LinkHistory(then, then, None, ("new",)))
    links = (older, *doc.links[:2], died, *doc.links[3:5], first_seen, *doc.links[6:])
    doc = replace(
        doc, links=links, changes=Changes(previous_run=then, counts={"died": 1}, new_dead=1)
    )
    html = render.render_html(doc)
    mark = '<span class="new" title="not so in the previous run (2026-11-23T04:00:00Z)">'
    mark += "new since 2026-11-23</span>"
    dead = html[html.index('id="dead-links"') :].split("</details>")[0]
    items = re.findall(r"<li>(.*?)</li>", dead, re.S)
    assert items[0].startswith(mark)
    assert "lab/gone" in items[0]
    assert mark not in items[1]
    assert "dead since 2026-01-01" in items[1]
    licence = html[html.index('id="licence-list"') :].split("</details>")[0]
    assert mark in licence
    rows = html_rows(html)
    assert mark in rows[0]
    assert "Gone" in rows[0]
    marked = [row for row in rows if mark in row]
    assert len(marked) == 2
    assert "NoLicence" in marked[1]
    # Without a previous run nothing is "new since".
    assert "new since" not in render.render_html(small_scorecard())


def test_hostile_rows_are_escaped_in_the_html() -> None:
    html = render.render_html(hostile_scorecard())
    rows = html_rows(html)
    evil = next(row for row in rows if "Evil" in row)
    assert "Evil &lt;script&gt;window.__pwned=1&lt;/script&gt;" in evil
    assert "&lt;img src=x onerror=" in evil
    assert "javascript:window.__pwned=3" not in re.findall(r'href="([^"]*)"', evil)
    assert not re.search(r"<(script|img)\b", evil)


@pytest.mark.parametrize(
    ("limit", "high", "low", "found"),
    [
        (50, 10, 0, 5),  # 10 chars a line: five lines fit in 50
        (49, 10, 0, 4),
        (1000, 10, 0, 10),  # everything fits
        (9, 10, 0, 0),  # only the empty text
        (9, 10, 1, None),  # not even the least asked for
        (35, 10, 2, 3),
        (10, 0, 0, 0),
    ],
)
def test_the_most_that_fit_one_size_limit(
    limit: int, high: int, low: int, found: int | None
) -> None:
    # The one binary search behind summary.md (1 MiB) and the tracking issue (65,536 chars).
    tried: list[int] = []

    def attempt(count: int) -> str:
        tried.append(count)
        return "x" * 10 * count

    result = most_that_fit(attempt, lambda text: len(text) <= limit, high, low)
    assert result == (None if found is None else (found, "x" * 10 * found))
    assert len(tried) <= max(1, high - low + 1).bit_length() + 1


# What the page's data holds: text (any character a list or a host may give, control characters
# and astral ones included), whole numbers, yes/no and nothing, in lists and named fields.
_PAGE_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(st.characters(exclude_categories=["Cs"])),
    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
    max_leaves=20,
)


@given(_PAGE_VALUES)
def test_the_pages_data_is_the_json_the_json_module_writes(value: object) -> None:
    written = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for character, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        written = written.replace(character, escape)
    assert html_report._script_json(value) == written


def test_the_pages_data_has_named_fields_and_each_criterion_result_once() -> None:
    """The script reads named fields (auditor/render/page.py), never positions; a criterion
    result repeated across papers (relative to each paper's repository) is written once."""
    doc = synthetic_scorecard(24)
    html = render.render_html(doc)
    data = json.loads(re.search(r'id="scorecard-data">(.*?)</script>', html, re.S).group(1))
    assert set(data) == set(PageData.__annotations__)
    assert all(set(item) == set(PagePaper.__annotations__) for item in data["papers"])
    links = [link for item in data["papers"] for link in item["links"]]
    assert links
    assert all(set(link) == set(PageLink.__annotations__) for link in links)
    assert all(set(c) == set(PageCriterion.__annotations__) for c in data["criteria"])
    strings, criteria = data["strings"], data["criteria"]
    # Each paper's criteria read back as the scorecard's, evidence inside its repository included.
    by_id = {entry.id: entry for entry in doc.papers}
    for item in data["papers"]:
        score = by_id[item["id"]].score
        assert score is not None
        shown = [criteria[k] for k in item["criteria"]]
        assert [(c["id"], c["result"], strings[c["reason"]]) for c in shown] == [
            (c.id, c.result, c.reason) for c in score.criteria
        ]
        assert [
            [
                item["scored_on"] + strings[e[0]] if isinstance(e, list) else strings[e]
                for e in c["evidence"]
            ]
            for c in shown
        ] == [list(c.evidence) for c in score.criteria]
    written = [json.dumps(c, sort_keys=True) for c in criteria]
    assert len(written) == len(set(written))
    assert len(criteria) < sum(len(item["criteria"]) for item in data["papers"]) / 2


# --- the headline counts ------------------------------------------------------------------------


def test_the_headline_counts_say_what_they_count_in_both_reports() -> None:
    doc = small_scorecard()
    counts = headline(doc)
    resolving = {
        entry.paper.id
        for entry in doc.papers
        for link in doc.links
        if link.url in entry.paper.links
        and link.result.link.kind in (LinkKind.GITHUB_REPO, LinkKind.GITLAB)
        and link.outcome in (Outcome.OK, Outcome.MOVED)
    }
    documented = [
        entry
        for entry in doc.papers
        if entry.paper.id in resolving
        and entry.score
        and entry.score.tier in ("bronze", "silver", "gold")
    ]
    sentence = (
        f"{len(resolving)} papers cite code that resolves; "
        f"{len(documented)} of them are documented (bronze or better)."
    )
    assert (
        counts.code_sentence
        == sentence
        == ("5 papers cite code that resolves; 3 of them are documented (bronze or better).")
    )
    assert sentence in render.render_markdown(doc)
    assert sentence in render.render_html(doc)
    assert "with reachable code" not in render.render_html(doc)


def _unjudged(details: list[str], outcome: Outcome = Outcome.UNCHECKED) -> Scorecard:
    links = [
        result(
            f"https://lab{i}.example.org/",
            LinkKind.WEB,
            [f"a.txt#{i + 1}"],
            outcome=outcome,
            detail=d,
        )
        for i, d in enumerate(details)
    ]
    return scorecard(
        [(paper(f"a.txt#{i + 1}", f"Paper {i}"), [link]) for i, link in enumerate(links)]
    )


OFFLINE = "not checked: our network looks down (the DNS canary example.com does not resolve)"


def test_an_offline_run_leads_with_a_warning_and_never_says_no_problems() -> None:
    doc = _unjudged([OFFLINE] * 3)

    warning = "our network looked down: 3 of 3 links not checked — nothing here is a verdict"
    html, markdown = render.render_html(doc), render.render_markdown(doc)
    assert headline(doc).warning == warning
    assert html.index(warning) < html.index('id="headline-counts"')
    assert markdown.startswith(f"> **Warning:** {warning}")
    assert "No dead links" not in html
    assert "None found, but most links got no verdict." in markdown
    assert "\nNone.\n" not in markdown
    assert "3 of 3 links got no verdict (network: 3)." in html


def test_links_without_a_verdict_are_counted_by_reason() -> None:
    doc = _unjudged(
        [
            OFFLINE,
            "not checked: run time limit reached",
            "not checked: internal error",
            "not checked: GitHub's request budget (5000) was spent",
        ]
    )

    counts = headline(doc)
    assert counts.no_verdict_sentence == (
        "4 of 4 links got no verdict (network: 1; budget: 1; deadline: 1; internal error: 1)."
    )
    # Most links got no verdict, but not because of our network: no word about it.
    assert counts.warning == "4 of 4 links not checked — nothing here is a verdict"


def test_a_run_with_most_links_judged_has_no_warning() -> None:
    doc = small_scorecard()
    assert headline(doc).warning is None
    assert "Warning" not in render.render_markdown(doc)


def test_summary_md_escapes_for_markdown_not_html() -> None:
    doc = scorecard([(paper(name="Fast <Net> & co"), [result("https://lab.test/x", LinkKind.WEB)])])
    text = render.render_markdown(doc)
    (row,) = [line for line in text.splitlines() if line.startswith("| Fast")]
    # Read as a file, it says what was written; rendered by GitHub, too.
    assert row.startswith("| Fast \\<Net\\> \\& co |")
    assert "&lt;" not in text
    assert "&amp;" not in text
    assert visible_text(row.split("|")[1]).strip() == "Fast <Net> & co"


def _unread_page_scorecard() -> Scorecard:
    page = result(
        "https://lab.github.io/unread",
        LinkKind.GITHUB_PAGES,
        outcome=Outcome.TRANSIENT,
        detail="HTTP 503 after 3 tries",
    )
    return scorecard([(paper(name="Unread Page"), [page])])


def test_an_unread_project_page_is_said_once_per_paper() -> None:
    doc = _unread_page_scorecard()
    (view,) = paper_views(doc)
    assert view.problems == ("no code link yet; project page unread (transient)",)
    text = render.render_markdown(doc)
    (row,) = [line for line in text.splitlines() if line.startswith("| Unread Page")]
    assert row.count("project page unread") == 1
    (html_row,) = html_rows(render.render_html(doc))
    assert html_row.count("project page unread") == 1


def test_missing_licences_and_the_licence_fix_count_the_same_papers() -> None:
    # A fork without changes of its own fails C1 only as an echo: it is a placeholder, not a
    # paper to license; the one without a licence is both listed and counted.
    fork = gold_facts(
        "someone/fork",
        fork=True,
        fork_ahead_by=0,
        license_spdx=None,
        license_class=LicenseClass.NONE,
    )
    bare = gold_facts(
        "lab/bare",
        license_spdx=None,
        license_class=LicenseClass.NONE,
        root_files=("README.md", "main.py"),
    )
    doc = scorecard(
        [
            (
                paper("l.txt#1", "Forked"),
                [
                    result(
                        "https://github.com/someone/fork",
                        LinkKind.GITHUB_REPO,
                        ["l.txt#1"],
                        repo=fork,
                    )
                ],
            ),
            (
                paper("l.txt#2", "Bare"),
                [
                    result(
                        "https://github.com/lab/bare", LinkKind.GITHUB_REPO, ["l.txt#2"], repo=bare
                    )
                ],
            ),
        ]
    )
    licence_fixes = [f.count for f in fixes(paper_views(doc)) if f.spec is licence_declared]
    assert licence_fixes == [doc.summary.problems.missing_licence] == [1]
    text = render.render_markdown(doc)
    assert "#### Missing licences (1)" in text
    assert "| C1 Licence declared | 1 |" in text
    html = render.render_html(doc)
    assert "<summary>Missing licences (1)</summary>" in html


def test_an_archived_repository_is_marked_on_its_row() -> None:
    old = gold_facts("lab/old", archived=True)
    doc = scorecard(
        [
            (
                paper("a.txt#1", "Old Net"),
                [result("https://github.com/lab/old", LinkKind.GITHUB_REPO, ["a.txt#1"], repo=old)],
            ),
            (
                paper("a.txt#2", "Live Net"),
                [
                    result(
                        "https://github.com/lab/live",
                        LinkKind.GITHUB_REPO,
                        ["a.txt#2"],
                        repo=gold_facts("lab/live"),
                    )
                ],
            ),
        ]
    )
    rows = {
        row.split('class="name">')[1].split("<")[0]: row
        for row in html_rows(render.render_html(doc))
    }
    assert (
        '</span> <span class="archived" title="the repository is archived (read-only)">'
        in rows["Old Net"]
    )
    assert 'class="archived"' not in rows["Live Net"]
    text = render.render_markdown(doc)
    assert "| Old Net | ★★★ gold · reuse: open · archived |" in text
    assert "| Live Net | ★★★ gold · reuse: open |" in text


def test_links_judged_on_a_folder_or_branch_are_listed_in_both_reports() -> None:
    folder = "https://github.com/lab/suite/tree/main/projects/tree-net"
    doc = scorecard(
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
        ]
    )  # fmt: skip
    summary, page = render.render_markdown(doc), render.render_html(doc)
    assert "#### Judged on a folder or branch (2)" in summary
    assert (
        "— judged on branch release, where the README sends the reader — cited by **BranchNet**"
        in summary
    )
    assert "Judged on a folder or branch (2)" in page
    assert "judged on projects/tree-net/ at main" in page
    # A run with every link judged at its root shows no such list.
    plain = scorecard([(paper("list.txt#1", "RootNet"), [result(
        "https://github.com/lab/root", LinkKind.GITHUB_REPO, repo=gold_facts("lab/root"),
    )])])  # fmt: skip
    assert "Judged on a folder or branch" not in render.render_markdown(plain)
    assert "judged-elsewhere-list" not in render.render_html(plain)
