"""What the auditor shows people: text it did not write stays literal. In `summary.md` and the
tracking issue, rendered as GitHub renders them (tests/support/github_markdown.py), nothing from
a list, a page or a README links, mentions, references, renders as math or an emoji, reorders,
or shows an entity; on a terminal no escape sequence or bidi control gets through. And false
`dead` verdicts removed: a title alone never makes a page dead."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor import cli, redact, render
from auditor.actions import workflow as actions
from auditor.check import pages
from auditor.cli import commands
from auditor.extract import collect as extract
from auditor.inputs import Document
from auditor.models import LinkKind, Outcome
from tests.support.github_markdown import visible_text, what_github_does
from tests.support.local_servers import html, serve
from tests.support.scorecards import paper, result, scorecard

HOSTILE = [
    "see www.example.com and https://evil.test/x, ftp://files.test/a or mailto:a@b.test",
    "cc @octocat and @github/security, write to someone@example.org",
    "fixes #123 and acme/lists#4, GH-56, commit 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39",
    "cost $5 or $x^2 + y^2$ and $$\\sum_i$$, :smile: :+1:",
    "bidi \u202eevil\u202c and \u2066isolate\u2069, \u200fmark",
    "entities &lt;b&gt; &amp; &#36; <b>bold</b> <script>x</script> <img src=x>",
    "markup **bold** _em_ `code` [link](https://x.test) ![img](https://x.test/i.png) | pipe ~~s~~",
    "> quote and - dash, 1. list, # heading, \\ backslash, <https://auto.test/>",
]


_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _literal(text: str) -> str:
    """What the reader must see: the text on one line, its bidi controls gone."""
    return render.clip("".join(char for char in text if char not in _BIDI))


def _in_context(text: str) -> list[tuple[str, str]]:
    """`md(text)` where the reports put it (never at a line's start): in a line of prose and in
    a table cell; with what the reader must see there."""
    shown, literal = render.md(text, 1000), _literal(text)
    return [
        (f"Cited by {shown} here", f"Cited by {literal} here"),
        (f"| Paper | Tier |\n|:--|:--|\n| {shown} | gold |", f"Paper Tier\n\n\n{literal} gold"),
    ]


def _shows(markdown: str, expected: str) -> None:
    assert what_github_does(markdown) == [], markdown
    assert " ".join(visible_text(markdown).split()) == " ".join(expected.split()), markdown


@pytest.mark.parametrize("text", HOSTILE)
def test_md_text_renders_on_github_as_written(text: str) -> None:
    for markdown, expected in _in_context(text):
        _shows(markdown, expected)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["www.", "http", "https", "://", "@", "#", "1", "22", "/", "GH-", "abcdef0", "$",
             ":", "smile", "\u202e", "&lt;", "&", "<", ">", "*", "_", "`", "[", "]", "(", ")",
             "|", "~", "\\", " ", "a", "x.y", "deadbeef"]
        ),
        max_size=40,
    ).map("".join)
)  # fmt: skip
def test_any_text_renders_on_github_as_written(text: str) -> None:
    for markdown, expected in _in_context(text):
        _shows(markdown, expected)


def test_the_summary_shows_a_hostile_list_literally() -> None:
    name = "RLO\u202eNet: $x$ by @octocat, see www.evil.test and #12"
    dead = result("https://lab.test/gone", LinkKind.WEB, outcome=Outcome.DEAD, detail="404 #7 @x")
    card = scorecard([(paper(name=name), [dead])])
    summary = render.render_markdown(card)
    # Our own markup (headings, tables, the link to the dead page) aside, nothing.
    found = [
        item
        for item in what_github_does(summary)
        if not item.startswith("<") and "lab.test/gone" not in item
    ]
    assert found == []
    assert "RLOevilNet" not in summary  # (the bidi control is gone, the words stay in order)
    assert visible_text(render.md(name)) == _literal(name)


def test_the_issue_body_shows_a_hostile_list_literally() -> None:
    name = "RLO\u202eNet $x$ @octocat www.evil.test #12 &lt;b&gt;"
    dead = result("https://lab.test/gone", LinkKind.WEB, outcome=Outcome.DEAD)
    card = scorecard([(paper(name=name), [dead])])
    body = actions.issue_body(card)
    assert [item for item in what_github_does(body) if not item.startswith("<")] == []
    assert "\u202e" not in body
    assert "RLONet $x$ @octocat www.evil.test #12 &lt;b&gt;" in visible_text(body)


def test_terminal_output_carries_no_escape_sequence(capsys: pytest.CaptureFixture[str]) -> None:
    hostile = "Evil\x1b]0;owned\x07Net \x1b[2J\x1b[31mred\x1b[0m \u202eright-to-left\u202c\r\x07"
    text = f"A list\n\nWe present {hostile}, a method. Code: https://github.com/acme/evil.\n"
    out = io.StringIO()
    extraction = extract.extract_documents([Document("list.txt", text.encode())])
    commands.print_extraction(extraction, "text", out)
    printed = out.getvalue()
    assert "\x1b" not in printed
    assert "\u202e" not in printed
    assert "\r" not in printed
    assert "\x07" not in printed
    assert redact.for_terminal(hostile) == "EvilNet red right-to-left"


# --- a title alone never makes a page dead -----------------------------------------------------


ABSTRACT = " ".join(["We study links that papers cite and whether their code can be run."] * 20)


@pytest.mark.parametrize(
    "title",
    ["404 Not Found: A Benchmark of Lost Links", "Not Found: Learning to Search",
     "Error 404 Detection in the Wild", "Page Not Found? Recovering Dead Links"],
)  # fmt: skip
def test_a_project_page_titled_with_404_or_not_found_is_not_dead(title: str) -> None:
    page = f"<title>{title}</title><h1>{title}</h1><p>{ABSTRACT}</p>"
    assert pages.analyse_page(page.encode(), "https://project.test/").soft_404 is None
    short = f"<title>{title}</title><p>Code: <a href='https://github.com/acme/x'>here</a></p>"
    assert pages.analyse_page(short.encode(), "https://project.test/").soft_404 is None


def test_the_help_lists_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    assert "4  internal error" in capsys.readouterr().out


def test_unicode_in_the_reports_bidi_removed_unseen_characters_escaped_in_urls_only(
    tmp_path: Path,
) -> None:
    """A bidi override in a title, a zero-width joiner in a URL's path, a host mixing Latin
    and Cyrillic: index.html reorders nothing, shows the URL escaped (and the URL checked is
    the one written, joiner included), the host in punycode; an emoji's joiner in prose stays."""
    joined = "/a%E2%80%8Db"  # `/a\u200db` as it reaches the server
    with serve({joined: html("<title>Joined</title>")}) as server:
        written = server.url("/a\u200db")
        papers = [
            {"title": "Scientist \U0001f469\u200d\U0001f52c \u202eexe.txt\u202c net",
             "abstract": f"We present Net. Code: {written}"},
            {"title": "Homograph", "abstract": "We present H. Code: https://g\u0456thub.test/a/b"},
        ]  # fmt: skip
        (tmp_path / "list.json").write_text(json.dumps(papers), encoding="utf-8")
        out = tmp_path / "out"
        cli.main(
            ["audit", str(tmp_path / "list.json"), "--out", str(out), "--allow-private",
             "127.0.0.0/8", "--no-cache", "--dns-canary", "localhost", "--max-retries", "0"],
            environ={},
        )  # fmt: skip
        assert [request.path for request in server.requests] == [joined]  # the URL written

    card = json.loads((out / "scorecard.json").read_text(encoding="utf-8"))
    outcomes = {link["url"]: link["outcome"] for link in card["links"]}
    assert outcomes[server.url(joined)] == "ok"
    page = (out / "index.html").read_text(encoding="utf-8")
    summary = (out / "summary.md").read_text(encoding="utf-8")
    for report in (page, summary):
        assert not _BIDI & set(report)
    assert "\u200d" not in page.replace("\U0001f469\u200d\U0001f52c", "")  # only in prose
    assert "\U0001f469\u200d\U0001f52c" in page
    assert "a%E2%80%8Db" in page
    assert "xn--gthub-n2e.test" in page
    assert "g\u0456thub" not in page
