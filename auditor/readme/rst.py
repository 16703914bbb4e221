"""What each line of a reStructuredText README is, as docutils reads it: its sections' titles with
their levels, its literal blocks (`::`, `.. code-block:: lang`, `.. code::`, doctests) as code,
its tables (grid, simple, `.. list-table`, `.. csv-table`) as pipe rows, its lists, and its links
and images written as Markdown writes them (`[text](target)`, `[![alt](image)](target)`), named
references resolved to their targets. It gives the same lines the Markdown reader gives
(`auditor.inputs.markdown_structure.MarkdownLine`), so the cover rules read one structure
whatever the README's format; `auditor.readme.parse` chooses the reader by the README's name.

Only what the text says is read, never a file or a URL it names: file inclusion (`include`, a
`raw`, `csv-table` or `figure` reading a file or a URL) and `raw` are off, so is every
configuration file docutils would read. An image is a target, never fetched.

Docutils never halts and reports nothing: a broken construct is left out (docutils' own error
message is not the README's text), and the rest is read. Should docutils fail all the same (a
README nested deeper than it recurses), the lines are read as plain text: never an exception.

Bounded work: only the first `MAX_CHARS` characters are parsed (the lines after them are plain
text), each line cut to `MAX_LINE_CHARS`; and inline markup is parsed in pieces of at most
`MAX_INLINE_CHARS` (whole lines), and not at all after `MAX_INLINE_PROBLEMS` problems: docutils
looks for the end of every unclosed `*` or backquote through the rest of its paragraph, and
reports each (a 90 KB paragraph of them took minutes). Docutils is slower than the Markdown
reader all the same (a 38 KB README 1.5 s against 0.5 s on a loaded machine), most on grid
tables hundreds of columns wide (each cell's line is measured again), which the cap bounds
(tests/test_readme_rst.py counts the hostile cases).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterator
from typing import Any

from docutils import frontend, nodes, utils
from docutils.core import Publisher, publish_doctree
from docutils.parsers.rst import Parser
from docutils.parsers.rst.states import Inliner
from docutils.readers import standalone
from docutils.writers import null

from auditor.inputs.markdown_structure import MAX_LINE_CHARS, MarkdownLine, Role

MAX_CHARS = 64 * 1024  # more than any README of the corpus (the largest is 52 KB)
MAX_INLINE_CHARS = 2 * MAX_LINE_CHARS
MAX_INLINE_PROBLEMS = 100

DOCUTILS_SETTINGS = {
    "file_insertion_enabled": False,  # `include`, and `raw` / `csv-table` / `figure` files and URLs
    "raw_enabled": False,
    "_disable_config": True,  # no docutils.conf (nor DOCUTILSCONFIG) may turn them back on
    "report_level": 5,  # said to nobody
    "halt_level": 5,  # never raised
    "warning_stream": False,
    "syntax_highlight": "none",  # code is read as written, not split into Pygments tokens
    "doctitle_xform": False,  # a title stays the section it is, as a Markdown `#` heading does
    "docinfo_xform": False,
    "sectsubtitle_xform": False,
}


@functools.cache
def _settings() -> frontend.Values:
    """Docutils' settings with `DOCUTILS_SETTINGS`, as `publish_doctree` builds them for its
    components, built once: building docutils' option parser cost more than parsing a small
    README (no configuration file is read: `_disable_config`)."""
    publisher = Publisher(reader=standalone.Reader(), parser=Parser(), writer=null.Writer())
    defaults: dict[str, Any] = {**DOCUTILS_SETTINGS, "traceback": True}
    settings: frontend.Values = publisher.get_settings(**defaults)
    return settings


def _fresh_settings() -> frontend.Values:
    """`_settings()` for one publication, which sets attributes of its own."""
    settings = copy.copy(_settings())
    settings.record_dependencies = utils.DependencyList()
    return settings


# What a reader of the rendered README does not see.
_UNSAID = (
    nodes.system_message,  # docutils' message, with the refused directive's own text
    nodes.comment,
    nodes.substitution_definition,  # said where it is used
    nodes.raw,
    nodes.pending,
)
# A block target (`.. _weights: https://…`) is said where it is used; an inline one is text.
_SKIPPED = (*_UNSAID, nodes.target)


def _piecewise_inliner() -> Inliner:
    """Docutils' inline parser, given a long paragraph in pieces of whole lines of at most
    `MAX_INLINE_CHARS` (markup across a cut is text), and none after `MAX_INLINE_PROBLEMS`
    unclosed or unknown markup (the rest is text as written). Its `parse` is replaced, not
    overridden: docutils builds its patterns from the names of the inliner's own class."""
    inliner = Inliner()
    parse_whole = inliner.parse
    problems = 0

    def parse(text: str, lineno: int, memo: Any, parent: Any) -> tuple[list[Any], list[Any]]:
        nonlocal problems
        parsed: list[Any] = []
        messages: list[Any] = []
        for piece in _pieces(text):
            if problems >= MAX_INLINE_PROBLEMS:
                parsed.append(nodes.Text(piece))
                continue
            found, said = parse_whole(piece, lineno, memo, parent)
            parsed += found
            messages += said
            problems += len(said)
            lineno += piece.count("\n")
        return parsed, messages

    inliner.parse = parse  # type: ignore[method-assign]
    return inliner


def _pieces(text: str) -> Iterator[str]:
    """`text` in runs of whole lines of at most `MAX_INLINE_CHARS` (a longer line alone)."""
    piece: list[str] = []
    size = 0
    for line in text.splitlines(keepends=True):
        if piece and size + len(line) > MAX_INLINE_CHARS:
            yield "".join(piece)
            piece, size = [], 0
        piece.append(line)
        size += len(line)
    if piece:
        yield "".join(piece)


def read(raw: list[str]) -> list[MarkdownLine]:
    """The lines of a reStructuredText text (`raw`, its lines without their ends), in order,
    numbered from 1."""
    lines = [line.expandtabs(8)[:MAX_LINE_CHARS] for line in raw]
    parsed, size = 0, 0
    while parsed < len(lines) and size + len(lines[parsed]) < MAX_CHARS:
        size += len(lines[parsed]) + 1
        parsed += 1
    try:
        doctree = publish_doctree(
            "\n".join(lines[:parsed]),
            parser=Parser(inliner=_piecewise_inliner()),
            settings=_fresh_settings(),
        )
        structured = _Converter(lines[:parsed]).lines(doctree)
    except Exception:  # docutils' own failure (too deep a nesting): the text is still read
        structured = [_plain(number, line) for number, line in enumerate(lines[:parsed], 1)]
    rest = enumerate(lines[parsed:], parsed + 1)
    return structured + [_plain(number, line) for number, line in rest]


def _plain(number: int, line: str) -> MarkdownLine:
    return MarkdownLine(number, line, Role.TEXT if line.strip() else Role.BLANK)


class _Converter:
    """A doctree as lines: each block in order, with the source line it starts on."""

    def __init__(self, source: list[str]) -> None:
        self._source = source
        self._out: list[MarkdownLine] = []
        self._last = 0  # the source line of the last line given out
        self._tables = 0

    def lines(self, doctree: nodes.document) -> list[MarkdownLine]:
        self._children(doctree, level=0, prefix="")
        return self._out

    # --- blocks -----------------------------------------------------------------------------

    def _children(self, node: nodes.Element, *, level: int, prefix: str) -> None:
        for child in node.children:
            if isinstance(child, nodes.Element):
                self._block(child, level=level, prefix=prefix)
                prefix = ""  # a list item's marker goes on its first line only

    def _block(self, node: nodes.Element, *, level: int, prefix: str) -> None:
        if isinstance(node, _SKIPPED):
            return
        if isinstance(node, nodes.section):
            self._children(node, level=level + 1, prefix="")
        elif isinstance(node, nodes.title) and isinstance(node.parent, nodes.section):
            self._heading(node, level)
        elif isinstance(node, nodes.literal_block | nodes.doctest_block):
            self._code(node)
        elif isinstance(node, nodes.table):
            self._table(node)
        elif isinstance(node, nodes.bullet_list | nodes.enumerated_list):
            self._list(node, level=level)
        elif isinstance(node, nodes.rubric):  # an informal heading: as a bold line is
            self._text(node, f"**{_inline(node)}**")
        elif isinstance(node, nodes.transition):
            self._emit(self._number(node), "", Role.MARKUP)
        elif isinstance(node, nodes.TextElement | nodes.image):  # an image: a badge, a figure
            self._text(node, prefix + _inline(node))
        else:
            self._children(node, level=level, prefix=prefix)

    def _heading(self, node: nodes.title, level: int) -> None:
        # A title's line is its underline's: the text stands one line above.
        line = self._line(node)
        number = max(line - 1, 1) if line else max(self._last, 1)
        title = _inline(node).replace("\n", " ")
        self._emit(number, title, Role.HEADING, heading_level=min(level, 6), heading=title)

    def _text(self, node: nodes.Element, text: str) -> None:
        number = self._number(node)
        for offset, line in enumerate(text.split("\n")):
            role = Role.TEXT if line.strip() else Role.BLANK
            self._emit(number + offset, line, role, joined=offset > 0)

    def _code(self, node: nodes.Element) -> None:
        classes: list[str] = node.get("classes", [])
        # The code directive classes its block `code` and then its language.
        language = classes[1] if classes[:1] == ["code"] and len(classes) > 1 else ""
        if isinstance(node, nodes.doctest_block):
            language = "pycon"
        code = "".join(
            child.astext()
            for child in node.children
            if not (isinstance(child, nodes.inline) and "ln" in child.get("classes", []))
        ).split("\n")
        number = self._code_start(node, code)
        for offset, line in enumerate(code):
            self._emit(number + offset, line, Role.CODE, joined=offset > 0, code_info=language)

    def _code_start(self, node: nodes.Element, code: list[str]) -> int:
        """The source line of a code block's first line: a `::` block's node holds it, a code
        directive's the line after its content; checked against the text near it."""
        line = self._line(node)
        if not line:
            guess = self._last + 1
        elif node.get("classes", [])[:1] == ["code"]:
            guess = line - len(code)
        else:
            guess = line
        first = code[0].strip()
        near: tuple[int, ...] = (guess, *range(max(1, guess - 3), guess + 4))
        for number in near:
            if 0 < number <= len(self._source) and self._source[number - 1].strip() == first:
                return number
        return max(guess, 1)

    def _table(self, node: nodes.table) -> None:
        for title in node.children:
            if isinstance(title, nodes.title):  # a `list-table`'s or `csv-table`'s caption
                self._text(title, _inline(title))
        table = self._tables
        self._tables += 1
        head = [row for part in node.findall(nodes.thead) for row in part.children]
        body = [row for part in node.findall(nodes.tbody) for row in part.children]
        for index, row in enumerate([*head, *body]):
            if not isinstance(row, nodes.row):
                continue
            cells = [_cell(entry) for entry in row.children if isinstance(entry, nodes.entry)]
            role = Role.TABLE_HEAD if index == 0 and head else Role.TABLE_ROW
            number = self._row_number(row, node)
            row_text = "| " + " | ".join(cells) + " |"
            self._emit(number, row_text, role, joined=index > 0, table=table)
            if head and index == len(head) - 1:
                rule = "| " + " | ".join("---" for _ in cells) + " |"
                self._emit(number, rule, Role.TABLE_RULE, joined=True, table=table)

    def _row_number(self, row: nodes.Element, table: nodes.Element) -> int:
        for paragraph in row.findall(nodes.paragraph):
            line = self._line(paragraph)
            if line:
                return line
        return self._number(table)

    def _list(self, node: nodes.Element, *, level: int) -> None:
        start = int(node.get("start", 1))
        numbered = isinstance(node, nodes.enumerated_list)
        for offset, item in enumerate(node.children):
            if isinstance(item, nodes.Element):
                marker = f"{start + offset}. " if numbered else "- "
                self._children(item, level=level, prefix=marker)

    # --- numbering --------------------------------------------------------------------------

    def _number(self, node: nodes.Element) -> int:
        """The source line a block starts on: its own, or its first numbered part's (a badge's
        image, wrapped in its link); a block docutils numbers not (a table of contents) is
        given the last line given out."""
        for part in node.findall(nodes.Element):
            line = self._line(part)
            if line:
                return line
        return max(self._last, 1)

    @staticmethod
    def _line(node: nodes.Element) -> int | None:
        line: int | None = node.line  # docutils' stubs type it Any
        return line

    def _emit(
        self, number: int, text: str, role: Role, *, joined: bool = False, **fields: Any
    ) -> None:
        """One line out; a block apart from the last one (source lines between them) is
        preceded by a blank line, as a Markdown text's blocks are."""
        if not joined and number > self._last + 1 and self._out and not self._out[-1].is_blank:
            self._out.append(MarkdownLine(self._last + 1, "", Role.BLANK))
        self._last = max(self._last, number)
        self._out.append(MarkdownLine(number, text[:MAX_LINE_CHARS], role, **fields))


def _cell(entry: nodes.Element) -> str:
    """A table cell's text on one line, a pipe in it written as a slash."""
    parts = [_inline(child) for child in entry.children if isinstance(child, nodes.Element)]
    return " ".join(" ".join(parts).split()).replace("|", "/")


def _inline(node: nodes.Node) -> str:
    """A node's text with its links and images written as Markdown writes them."""
    if isinstance(node, nodes.Text):
        return node.astext()
    if isinstance(node, _UNSAID) or not isinstance(node, nodes.Element):
        return ""
    if isinstance(node, nodes.image):
        return f"![{node.get('alt', '')}]({node.get('uri', '')})"
    # Blocks in a table cell (a list, a quote) are words apart; inline text runs on.
    between = "" if isinstance(node, nodes.TextElement) else " "
    inner = between.join(_inline(child) for child in node.children)
    if isinstance(node, nodes.reference):
        target = node.get("refuri") or (f"#{node['refid']}" if node.get("refid") else "")
        return f"[{inner}]({target})" if target else inner
    if isinstance(node, nodes.literal):
        return f"`{inner}`"
    if isinstance(node, nodes.strong):
        return f"**{inner}**"
    if isinstance(node, nodes.footnote_reference | nodes.citation_reference):
        return f"[{inner}]"
    return inner
