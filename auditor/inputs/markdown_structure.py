"""What each line of a Markdown text is, as a CommonMark parser with GitHub's pipe tables reads
it (markdown-it-py's token stream and its line maps): a heading (ATX, setext or HTML `<h1>`…`<h6>`)
with its level and text, a fenced or indented code line with its fence's info string, a line of a
pipe or HTML table, of a list item (and whether it opens one), inside `<details>`, and the link
targets it holds (an image is not a link target). The one reader of Markdown structure: paper lists
(`inputs.markdown`) and READMEs (`readme_parse`) ask it, so they agree on what a table, a fence or
a heading is.

Lines stream: they are parsed in windows of about `WINDOW_LINES`, and a window gives out every
line before its last top-level block (or the last item of a top-level list), which later lines
could still change (a setext underline, an unclosed fence, an item's continuation); those are
parsed again with the next window. A block still open after `MAX_WINDOW_LINES` lines or
`MAX_WINDOW_CHARS` characters is cut there, so memory stays bounded.
HTML comments read as blank lines: what an author hid is not said.

Bounded work: the parser reads blocks, seeing at most `MAX_LINE_CHARS` of a line and nesting
`MAX_NESTING` deep (what lies deeper is text of the deepest container, not parsed). Links are parsed
line by line, only on lines with link syntax and at most `MAX_LINK_BRACKETS` brackets, without
emphasis, entities or inline HTML (nothing here needs them; they are most of markdown-it's inline
cost). So deep lists and quotes, long lines of backticks, brackets or pipes cost time linear in
the text (tests/test_inputs_markdown_structure.py counts it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from markdown_it import MarkdownIt
from markdown_it.parser_block import ParserBlock
from markdown_it.rules_block import StateBlock
from markdown_it.token import Token

MAX_LINE_CHARS = 1_000
MAX_NESTING = 20  # opened tokens: a list item in a list costs two
MAX_LINK_BRACKETS = 32
WINDOW_LINES = 2_000
MAX_WINDOW_LINES = 64_000
MAX_WINDOW_CHARS = 16 * 1024 * 1024

HTML_HEADING = re.compile(r"<h([1-6])[^>]*>(.*?)</h[1-6]>", re.IGNORECASE)
_HTML_TABLE_OPEN = re.compile(r"<table\b", re.IGNORECASE)
_HTML_TABLE_CLOSE = re.compile(r"</table\s*>", re.IGNORECASE)
_DETAILS = re.compile(r"<(/?)details\b", re.IGNORECASE)


class Role(StrEnum):
    BLANK = "blank"
    TEXT = "text"  # a paragraph's line, or one the parser made no block of (a link definition)
    HEADING = "heading"  # a heading's first line
    MARKUP = "markup"  # only markup: a fence's marker, a setext underline, a thematic break
    CODE = "code"  # inside a fenced or indented code block
    TABLE_HEAD = "table-head"  # a pipe table's header row
    TABLE_RULE = "table-rule"  # the delimiter row under a pipe table's header
    TABLE_ROW = "table-row"  # a pipe table's body row
    HTML = "html"  # a line of an HTML block (an HTML table's rows among them)


_LINKED = frozenset({Role.TEXT, Role.HEADING, Role.TABLE_HEAD, Role.TABLE_ROW})


@dataclass(frozen=True, slots=True)
class Link:
    target: str
    label: str


@dataclass(frozen=True, slots=True)
class MarkdownLine:
    """One line (1-based `number`, its `text` as given, comments blanked) and what it is."""

    number: int
    text: str
    role: Role
    heading_level: int | None = None
    heading: str | None = None  # the heading's text as written (markup kept)
    code_info: str | None = None  # a code line's fence info string ("" unnamed or indented)
    items: int = 0  # the list items holding the line
    item_marker: str | None = None  # the marker of the list item the line opens ("-", "1.")
    table: int | None = None  # which table of the text holds the line (pipe or HTML)
    details: int = 0  # the `<details>` blocks open on the line
    links: tuple[Link, ...] = ()  # images are not links: a badge's picture is no target

    @property
    def is_blank(self) -> bool:
        return not self.text.strip()


class _NestingBoundedBlocks(ParserBlock):
    """markdown-it's block parser, but a container nested `MAX_NESTING` deep is text to its own
    end (the first line indented less than its content), where markdown-it would skip to the
    end of the text: a too-deep list swallowed every heading after it."""

    def tokenize(self, state: StateBlock, startLine: int, endLine: int) -> None:
        if state.level < MAX_NESTING:
            super().tokenize(state, startLine, endLine)
            return
        line = endLine  # a quote's lines were counted by its rule: its end is known
        if state.blkIndent:  # a list item's are not: it ends at a line indented less
            line = startLine
            while line < endLine and (state.isEmpty(line) or state.sCount[line] >= state.blkIndent):
                line += 1
        state.line = max(line, startLine + 1)


def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"maxNesting": 2 * MAX_NESTING}).enable("table")
    md.disable("inline")  # blocks only; a line's links are parsed alone, when asked (`_links`)
    md.inline.ruler.disable(["emphasis", "entity", "html_inline"])
    md.inline.ruler2.disable(["balance_pairs", "emphasis"])
    bounded = _NestingBoundedBlocks()
    bounded.ruler = md.block.ruler  # the rules as configured above
    md.block = bounded
    return md


_MD = _parser()


def read(lines: Iterable[str], *, links: bool = True) -> Iterator[MarkdownLine]:
    """The structure of `lines` (without their line ends), line by line, streaming; without
    `links`, lines carry no link targets."""
    reader = _Reader(links=links)
    window: list[str] = []
    chars = 0  # held in `window`, whole lines (the parser sees them cut)
    limit = WINDOW_LINES
    for line in without_comments(lines):
        window.append(line)
        chars += len(line)
        full = len(window) >= MAX_WINDOW_LINES or chars >= MAX_WINDOW_CHARS
        if len(window) < limit and not full:
            continue
        settled = reader.settled(window)
        if full:
            settled = len(window)  # what is open is cut here: memory and work stay bounded
        elif settled == 0:
            limit = 2 * len(window)  # one block still growing: parsed again at double the size
            continue
        yield from reader.give(window, settled)
        window = window[settled:]
        chars = sum(map(len, window))
        limit = len(window) + max(WINDOW_LINES, len(window))
    if window:
        reader.settled(window)
        yield from reader.give(window, len(window))


class _Reader:
    """Parses windows, numbering lines and tables across them."""

    def __init__(self, *, links: bool) -> None:
        self._links = links
        self._env: dict[str, object] = {}  # the window's link reference definitions
        self._first = 1  # the number of the window's first line
        self._tables = 0  # tables numbered so far
        self._html_table: int | None = None  # an HTML table left open
        self._details = 0
        self._tokens: list[Token] = []

    def settled(self, window: list[str]) -> int:
        """Parses `window`: how many of its first lines later lines cannot change."""
        # A carriage return is a line end to the parser: kept, it would shift every line map.
        source = "\n".join(line[:MAX_LINE_CHARS].replace("\r", " ") for line in window)
        self._env = {}
        self._tokens = _MD.parse(source, self._env)
        last = 0
        for index, token in enumerate(self._tokens):
            if token.level == 0 and token.map is not None:
                last = token.map[0]
                if token.type in ("bullet_list_open", "ordered_list_open"):
                    last = max(last, _last_item(self._tokens, index))
        return last

    def give(self, window: list[str], count: int) -> Iterator[MarkdownLine]:
        """The first `count` lines of the window last parsed, with their structure."""
        fields = [_Fields() for _ in window]
        _roles(self._tokens, window, fields)
        tables: dict[int, int] = {}  # a pipe table's first line in the window → its number
        for offset in range(count):
            line, found = window[offset], fields[offset]
            role = found.role or (Role.BLANK if not line.strip() else Role.TEXT)
            table = None
            if found.table is not None:
                if found.table not in tables:
                    tables[found.table] = self._new_table()
                table = tables[found.table]
            elif role is Role.HTML:
                table = self._html_table_of(line)
            tagged = "<" in line and role in (Role.HTML, Role.TEXT)
            heading = HTML_HEADING.search(line) if tagged else None
            if heading:
                role, found.level, found.heading = Role.HEADING, int(heading[1]), heading[2]
            if self._links and role in _LINKED:
                found.links = _links(line[:MAX_LINE_CHARS], self._env)
            opened = self._details
            for closing in _DETAILS.findall(line) if tagged else ():
                self._details = max(0, self._details + (-1 if closing else 1))
            yield MarkdownLine(
                self._first + offset,
                line,
                role,
                found.level,
                found.heading,
                found.info,
                found.items,
                found.marker,
                table,
                max(opened, self._details),
                tuple(found.links),
            )
        self._first += count

    def _new_table(self) -> int:
        self._tables += 1
        return self._tables - 1

    def _html_table_of(self, line: str) -> int | None:
        """The HTML table a line of an HTML block stands in (one may span several blocks)."""
        if self._html_table is None and _HTML_TABLE_OPEN.search(line):
            self._html_table = self._new_table()
        found = self._html_table
        if _HTML_TABLE_CLOSE.search(line):
            self._html_table = None
        return found


def _roles(tokens: list[Token], window: list[str], fields: list[_Fields]) -> None:
    """Each line's fields, from the block tokens' line maps (window-relative)."""
    for index, token in enumerate(tokens):
        if token.map is None:
            continue
        start, end = token.map[0], min(token.map[1], len(window))
        kind = token.type
        if kind == "list_item_open":
            fields[start].marker = f"{token.info}{token.markup}"
            for found in fields[start:end]:
                found.items += 1
        elif kind == "heading_open":
            fields[start].role = Role.HEADING
            fields[start].level = int(token.tag[1])
            fields[start].heading = tokens[index + 1].content
            for found in fields[start + 1 : end]:
                found.role = Role.MARKUP
        elif kind == "fence":
            _fence(window, fields, start, end, token)
        elif kind == "code_block":
            for found in fields[start:end]:
                found.role, found.info = Role.CODE, ""
        elif kind == "table_open":
            for found in fields[start:end]:
                found.table, found.role = start, Role.TABLE_ROW
            fields[start].role = Role.TABLE_HEAD
            fields[start + 1].role = Role.TABLE_RULE
        elif kind == "hr":
            fields[start].role = Role.MARKUP
        elif kind == "html_block":
            for found in fields[start:end]:
                found.role = Role.HTML
        elif kind == "paragraph_open":
            for found in fields[start:end]:
                found.role = Role.TEXT


@dataclass(slots=True)
class _Fields:
    role: Role | None = None
    level: int | None = None
    heading: str | None = None
    info: str | None = None
    items: int = 0
    marker: str | None = None
    table: int | None = None  # the first line of its pipe table, in the window
    links: list[Link] = field(default_factory=list)


def _last_item(tokens: list[Token], index: int) -> int:
    """The first line of the last item of the top-level list opened at `tokens[index]`."""
    last = 0
    for token in tokens[index + 1 :]:
        if token.level == 0:
            break
        if token.level == 1 and token.type == "list_item_open" and token.map is not None:
            last = token.map[0]
    return last


def _fence(window: list[str], fields: list[_Fields], start: int, end: int, token: Token) -> None:
    closing = window[end - 1].strip() if end - 1 > start else ""
    closed = bool(closing) and not closing.lstrip("> ").strip(token.markup[0])
    fields[start].role = Role.MARKUP
    for found in fields[start + 1 : end - 1 if closed else end]:
        found.role, found.info = Role.CODE, token.info.strip()
    if closed:
        fields[end - 1].role = Role.MARKUP


def _links(text: str, env: dict[str, object]) -> list[Link]:
    """The inline and reference links of one line, from the inline parser's tokens. A line with
    no link syntax is not parsed, nor one with more than `MAX_LINK_BRACKETS` brackets (each
    costs the parser a scan ahead)."""
    if ("](" not in text and "][" not in text) or text.count("[") > MAX_LINK_BRACKETS:
        return []
    tokens: list[Token] = []
    _MD.inline.parse(text, _MD, env, tokens)
    found: list[Link] = []
    label: list[str] | None = None
    target = ""
    for token in tokens:
        if token.type == "link_open":
            target, label = str(token.attrs.get("href", "")), []
        elif token.type == "link_close" and label is not None:
            found.append(Link(target, "".join(label).strip()))
            label = None
        elif label is not None and token.type in ("text", "code_inline"):
            label.append(token.content)
    return found


def without_comments(lines: Iterable[str]) -> Iterator[str]:
    """Lines with HTML comments blanked out (a line left open keeps blanking until `-->`); a
    line left with nothing but spaces is blank."""
    inside = False
    for line in lines:
        if not inside and "<!--" not in line:
            yield line
            continue
        kept: list[str] = []
        rest = line
        while rest:
            if inside:
                end = rest.find("-->")
                if end < 0:
                    break
                rest, inside = rest[end + 3 :], False
            else:
                start = rest.find("<!--")
                if start < 0:
                    kept.append(rest)
                    break
                kept.append(rest[:start])
                rest, inside = rest[start + 4 :], True
        joined = "".join(kept)
        yield joined if joined.strip() else ""
