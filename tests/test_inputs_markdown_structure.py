"""The one Markdown reader (`auditor.inputs.markdown_structure`): what each line is, and the
paper-list reader and the README analysis agreeing on it — the same tables, fences and headings
for the same Markdown."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.inputs import markdown_structure as md
from auditor.inputs.markdown import MarkdownSplitter
from auditor.inputs.markdown_structure import Role
from auditor.inputs.model import Reading
from auditor.readme import lines as readme_lines
from auditor.readme import parse as readme_parse
from tests.support.counting import grows_linearly, operations

ROW_A = "[Net A: fast solvers](https://arxiv.org/abs/2401.00001) | https://github.com/lab/net-a"
ROW_B = "[Net B: slow solvers](https://arxiv.org/abs/2401.00002) | https://github.com/lab/net-b"
ABSTRACT = (
    "We present a method that solves the problem in linear time and memory, and we show on "
    "three benchmarks that it matches the best known results. Code: https://github.com/lab/m"
)


def _records(text: str) -> tuple[Reading, list[tuple[int, str | None]]]:
    reading = Reading("list.md")
    found = [(r.line, r.title) for r in MarkdownSplitter(reading).records(text.splitlines())]
    return reading, found


def _readme_table_rows(text: str) -> set[int]:
    """The body rows (line numbers) of the tables the README analysis reads: lines after the
    header holding words (not a delimiter row, not a closing tag)."""
    lines = list(readme_parse.parse(text).lines)
    rows: set[int] = set()
    for start, table in readme_lines.tables(lines):
        for line in lines[start + 1 : start + len(table)]:
            if not set(readme_parse.plain(line.text)) <= set("|-: "):
                rows.add(line.number)
    return rows


def _readme_code(text: str) -> set[int]:
    return {line.number for line in readme_parse.parse(text).lines if line.is_code}


def _readme_headings(text: str) -> list[tuple[int, int, str]]:
    return [
        (s.heading.number, s.heading.heading_level or 0, s.title)
        for s in readme_parse.parse(text).sections
    ]


# (Markdown, the table rows, the code lines) both readers must see; the paper list reads a paper
# per table row, and per list item outside code.
TABLES_AND_FENCES = {
    "tilde-fence": (
        f"# Papers\n\nPaper | Code\n--- | ---\n{ROW_A}\n\n~~~markdown\n| Paper | Code |\n"
        f"| --- | --- |\n| {ROW_B} |\n- {ROW_B}\n~~~\n",
        {5},
        {8, 9, 10, 11},
    ),
    "indented-code": (
        f"# Papers\n\n| Paper | Code |\n| --- | --- |\n| {ROW_A} |\n\n    | Paper | Code |\n"
        f"    | --- | --- |\n    | {ROW_B} |\n",
        {5},
        {7, 8, 9},
    ),
    "fence-in-a-list": (
        f"# Papers\n\n- {ROW_A.replace(' | ', ' code: ')}\n  ```bash\n  | Paper | Code |\n"
        f"  | --- | --- |\n  | {ROW_B} |\n  ```\n\n| Paper | Code |\n| --- | --- |\n| {ROW_B} |\n",
        {12},
        {5, 6, 7},
    ),
    "no-leading-pipe": (
        f"# Papers\n\nPaper | Code\n:--- | ---:\n{ROW_A}\n{ROW_B}\n",
        {5, 6},
        set(),
    ),
    "html-table": (
        "# Papers\n\n<table>\n<tr><th>Paper</th><th>Code</th></tr>\n"
        '<tr><td><a href="https://arxiv.org/abs/2401.00001">Net A: fast solvers</a></td>'
        "<td>https://github.com/lab/net-a</td></tr>\n"
        '<tr><td>Net B: slow solvers</td><td><a href="https://github.com/lab/net-b">code</a>'
        "</td></tr>\n</table>\n",
        {5, 6},
        set(),
    ),
}


@pytest.mark.parametrize("name", TABLES_AND_FENCES)
def test_both_readers_see_the_same_tables_and_fences(name: str) -> None:
    text, rows, code = TABLES_AND_FENCES[name]
    items = {3} if name == "fence-in-a-list" else set()
    assert {line for line, _ in _records(text)[1]} == rows | items, "paper list"
    assert _readme_table_rows(text) == rows, "README"
    assert _readme_code(text) == code, "README"
    spans = {
        span.line
        for record in MarkdownSplitter().records(text.splitlines())
        for span in record.spans
    }
    assert not spans & code, "the paper list read code as text"


@pytest.mark.parametrize(
    ("text", "line", "level"),
    [
        (f"Papers of 2024\n==============\n\nA Method for Things\n---\n\n{ABSTRACT}\n", 4, 2),
        (f"Papers of 2024\n==============\n\n<h2>A Method for Things</h2>\n\n{ABSTRACT}\n", 4, 2),
        (f"# Papers of 2024\n\n### A Method for Things ###\n\n{ABSTRACT}\n", 3, 3),
    ],
    ids=["setext", "html-h2", "atx-closed"],
)
def test_both_readers_see_the_same_headings(text: str, line: int, level: int) -> None:
    reading, records = _records(text)
    assert reading.title == "Papers of 2024"
    assert records == [(line, "A Method for Things")]
    assert _readme_headings(text) == [
        (1, 1, "Papers of 2024"),
        (line, level, "A Method for Things"),
    ]


def test_a_backtick_fence_needs_a_backtick_free_info_string() -> None:
    """```` ```python run.py``` ```` on one line is inline code, not a fence swallowing what
    follows (the old README reader's mistake)."""
    text = "## Usage\n\nRun ```python demo.py --input x.png``` to try it.\n\n## Training\n"
    lines = list(md.read(text.splitlines()))
    assert [line.role for line in lines] == [
        Role.HEADING, Role.BLANK, Role.TEXT, Role.BLANK, Role.HEADING
    ]  # fmt: skip
    assert [s.title for s in readme_parse.parse(text).sections] == ["Usage", "Training"]


def test_lines_know_their_list_items_links_and_details() -> None:
    text = (
        "- [Net A](https://arxiv.org/abs/1) ![badge](https://img.test/b.svg)\n"
        "  - [code](https://github.com/a/b)\n"
        "<details><summary>More</summary>\n\n"
        "1. [Net B](#net-b)\n\n"
        "</details>\n"
    )
    lines = list(md.read(text.splitlines()))
    assert [(line.items, line.item_marker) for line in lines[:2]] == [(1, "-"), (2, "-")]
    assert lines[0].links == (md.Link("https://arxiv.org/abs/1", "Net A"),)  # not the image
    assert [line.details for line in lines[2:]] == [1, 1, 1, 1, 1]
    assert lines[4].item_marker == "1."
    assert lines[4].links[0].target == "#net-b"
    assert next(md.read(text.splitlines(), links=False)).links == ()


def test_a_readme_summary_outside_details_is_no_heading() -> None:
    inside = "<details>\n<summary>Training</summary>\n\nrun it\n</details>\n"
    assert [s.title for s in readme_parse.parse(inside).sections] == ["Training"]
    assert readme_parse.parse("<summary>Training</summary>\n").sections == ()


def test_hidden_comments_are_blank_for_both_readers() -> None:
    text = f"# Papers\n\n<!--\n| Paper | Code |\n| --- | --- |\n| {ROW_A} |\n-->\n"
    assert _records(text)[1] == []
    assert _readme_table_rows(text) == set()


def test_restructuredtext_keeps_its_own_titles_and_code_blocks() -> None:
    text = "Usage\n~~~~~\n\n.. code-block:: bash\n\n   python demo.py\n\nAfter\n"
    doc = readme_parse.parse(text, name="README.rst")
    assert [(s.title, s.heading.heading_level) for s in doc.sections] == [("Usage", 1)]
    assert [(line.number, line.code_lang) for line in doc.lines if line.is_code] == [(6, "bash")]


def test_streaming_windows_read_as_one_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    """A list longer than a window: blocks cut at a window's end (a list item, a fence, a
    setext heading, a table) are parsed again whole with the next window."""
    body = []
    for n in range(3 * md.WINDOW_LINES // 7):
        body += [f"- item {n}", "  continued", "```", "| a | b |", "```", f"Title {n}", "---"]
    body += ["a | b", "--- | ---", "1 | 2"]
    assert len(body) > 2 * md.WINDOW_LINES
    windowed = list(md.read(body))
    monkeypatch.setattr(md, "WINDOW_LINES", 10 * len(body))
    whole = list(md.read(body))
    assert windowed == whole
    assert whole[-1].table == 0
    assert {line.role for line in whole[5::7]} == {Role.HEADING}


def test_a_list_nested_past_the_cap_ends_where_its_indentation_does() -> None:
    """Deeper than `MAX_NESTING` is text of the deepest item; what follows the list is still
    read (markdown-it alone skips to the end of the text)."""
    deep = ["  " * depth + f"- item {depth}" for depth in range(md.MAX_NESTING + 10)]
    text = "\n".join([*deep, "", "## Results", "", "| a | b |", "| - | - |", "| 1 | 2 |"])
    lines = list(md.read(text.splitlines()))
    assert max(line.items for line in lines) == md.MAX_NESTING // 2
    assert [line.role for line in lines[-5:]] == [
        Role.HEADING, Role.BLANK, Role.TABLE_HEAD, Role.TABLE_RULE, Role.TABLE_ROW
    ]  # fmt: skip
    assert [s.title for s in readme_parse.parse(text).sections] == ["Results"]


def test_a_block_longer_than_a_window_is_cut_there(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory stays bounded: an unclosed fence is code up to the window's size, then what
    follows is read afresh."""
    monkeypatch.setattr(md, "MAX_WINDOW_CHARS", 1000)
    lines = ["```", *(["x" * 99] * 30)]
    read = list(md.read(lines))
    assert len(read) == len(lines)
    assert {line.role for line in read[1:12]} == {Role.CODE}
    assert {line.role for line in read[12:]} == {Role.TEXT}


def _hostile(kind: str) -> Callable[[int], str]:
    def make(n: int) -> str:
        if kind == "deep-lists":
            return "\n".join(
                "  " * (i % 60) + f"- item {i} [x](https://a.test/{i})" for i in range(n)
            )
        if kind == "deep-quotes":
            return "\n".join("> " * (i % 60) + f"line {i}" for i in range(n))
        if kind == "backticks":
            return "\n".join("`" * (i % 97 + 1) + " x " * 20 for i in range(n))
        if kind == "brackets":
            return "\n".join("[" * 400 + "](" * 100 + "x" for _ in range(n))
        if kind == "open-links":
            return "\n".join("[a](" * (md.MAX_LINK_BRACKETS - 1) + "x" for _ in range(n))
        if kind == "pipes":
            return "| a |\n| - |\n" + "\n".join("| " * 500 for _ in range(n))
        return "\n".join("*_" * 500 + "<" * 200 for _ in range(n))

    return make


@pytest.mark.parametrize(
    ("kind", "size"),
    [("deep-lists", 240), ("deep-quotes", 240), ("backticks", 240), ("brackets", 240),
     ("open-links", 40), ("pipes", 120), ("emphasis-and-tags", 240)],
    ids=lambda value: str(value),
)  # fmt: skip
def test_reading_hostile_markdown_is_linear(kind: str, size: int) -> None:
    """Lines markdown-it-py works hard on: nesting, backtick runs, brackets (each `[` scans
    ahead), unclosed links, pipes, emphasis and tag characters, many to a paragraph."""
    make = _hostile(kind)

    def reading(n: int) -> Callable[[], object]:
        lines = make(n).splitlines()
        return lambda: list(md.read(lines))

    grows_linearly(reading, size)


def test_a_line_of_brackets_costs_no_more_than_a_line_of_links() -> None:
    """Each `[` costs the inline parser a scan ahead: a line with more than `MAX_LINK_BRACKETS`
    is not parsed for links (parsed, this one costs 25 times a real awesome-list line)."""
    real = "- [Net A](https://arxiv.org/abs/1) [[code](https://github.com/a/b)] [[pdf](x.pdf)]"
    hostile = "[" * 400 + "](" * 100 + "x"
    assert operations(lambda: list(md.read([hostile]))) <= operations(lambda: list(md.read([real])))
    assert [link.label for link in next(md.read([real])).links] == ["Net A", "code", "pdf"]


def test_a_carriage_return_inside_a_line_moves_no_line() -> None:
    lines = ["# Papers\r\r", "a\rb", "| a |", "| - |", "| 1 |\r\r\r"]
    assert [line.role for line in md.read(lines)] == [
        Role.HEADING, Role.TEXT, Role.TABLE_HEAD, Role.TABLE_RULE, Role.TABLE_ROW
    ]  # fmt: skip


_MARKDOWNISH = st.lists(
    st.text(alphabet=st.sampled_from("#-*+>|`~<>![]()=:\r\t 1.a\u2028h2tdr/"), max_size=40),
    max_size=30,
)


@settings(max_examples=200, deadline=None)
@given(_MARKDOWNISH)
def test_every_line_is_read_once_in_order(lines: list[str]) -> None:
    read = list(md.read(lines))
    assert [line.number for line in read] == list(range(1, len(lines) + 1))


def test_the_parser_sees_a_bounded_part_of_each_line() -> None:
    long_line = "| a |\n| - |\n| " + "x" * 50_000 + " [y](https://a.test/y) |"
    lines = list(md.read(long_line.splitlines()))
    assert lines[2].role is Role.TABLE_ROW
    assert lines[2].links == ()
    assert lines[2].text == long_line.splitlines()[2]  # the text itself is kept whole
