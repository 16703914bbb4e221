"""Markdown lists: awesome lists (a paper per list item or table row), sections whose prose is an
abstract, and loose paragraphs long enough to be one. What is a heading, a list item, a table
row or code is `inputs.markdown_structure`'s reading (the one the README analysis shares)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from auditor.inputs.markdown_structure import MarkdownLine, Role, read
from auditor.inputs.model import (
    BOILERPLATE_HEADINGS,
    MIN_ABSTRACT_WORDS,
    PaperRecord,
    Reading,
    Span,
)
from auditor.links.scan import find_urls

# Every pattern here runs on every line of a list: each must be linear in the line, with no two
# quantifiers that can take the same characters one after the other.
_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
_LINK = re.compile(r"\[([^\]\n]*)\]\(([^)\s]*)(?:[^\S\n][^)\n]*)?\)")
_TAGS = re.compile(r"<[^>]{0,300}>")
_HTML_ROW_OPEN = re.compile(r"<tr\b", re.IGNORECASE)
_HTML_ROW_CLOSE = re.compile(r"</tr\s*>|</table\s*>", re.IGNORECASE)
_HTML_CELL = re.compile(r"<td\b[^>]{0,300}>(.*?)(?:</td\s*>|<td\b|$)", re.IGNORECASE)
_BOLD = re.compile(r"^\s*(?:\*\*|__)(.+?)(?:\*\*|__)")
_LINK_LABELS = frozenset(
    {"paper", "pdf", "code", "arxiv", "project", "project page", "github", "website", "page"}
)
# A field of the paper a heading names ("Code: …", "**Project page:** …"): words people label a
# paper's parts with, never a coined name ("SparseNet: …" is a paper's title).
_FIELD_LABELS = (
    r"(?:title|authors?|venue|conference|published|year|abstract|summary|tl;?dr|keywords|tags"
    r"|notes?|code|repo(?:sitory)?|github|implementation|paper|pdf|arxiv|doi|openreview"
    r"|project(?:\s+page)?|website|homepage|page|blog|demo|video|slides|poster|data(?:set)?s?"
    r"|weights|models?|checkpoints?|links?|urls?|citation|bibtex)"
)
_FIELD = re.compile(
    rf"^\s*(?:\*\*|__)?{_FIELD_LABELS}\s*(?::\s*(?:\*\*|__)?|(?:\*\*|__)\s*:)", re.I
)


def _blank_images(text: str) -> str:
    """Badges and figures are images, not citations: blank them, keeping offsets and lines."""
    return _IMAGE.sub(lambda match: " " * len(match.group()), text)


def _words(text: str) -> int:
    return len(_LINK.sub(r"\1", text).split())


@dataclass(slots=True)
class _Block:
    line: int
    title: str | None
    lines: list[tuple[int, str]] = field(default_factory=list)
    items: int = 0  # the list items holding the item's first line, itself included
    # Its first line neither cites nor reads as a paper ("- **Title**"): a paper once its lines
    # cite, a category label once a sub-item is a paper.
    tentative: bool = False

    def record(self) -> PaperRecord:
        spans = tuple(Span(_blank_images(text), number) for number, text in self.lines)
        return PaperRecord(self.line, self.title, None, spans)


@dataclass(slots=True)
class _Section:
    line: int
    level: int
    title: str
    paragraphs: list[tuple[int, str]] = field(default_factory=list)
    has_list: bool = False  # its list items (or table rows) are papers of their own
    fields: bool = False  # its list items are fields of the paper it names ("Code: …")
    is_paper: bool = False  # decided once its text reads as an abstract
    words: int = 0  # of `paragraphs`, counted as each paragraph ends


class MarkdownSplitter:
    """Awesome lists: a paper per list item (its indented lines and sub-items included) or
    table row; a heading whose section is prose rather than a list is a paper titled by the
    heading (with or without a link: papers without code are papers too, once a section at
    its level has been one); a loose paragraph long enough to be an abstract is a paper, as in
    plain text. The first heading is the list's title (`reading.title`).

    Streams: at most one section's prose is held at a time."""

    def __init__(self, reading: Reading | None = None) -> None:
        self._reading = reading
        self._paper_levels: set[int] = set()
        self._out: list[PaperRecord] = []
        self._item: _Block | None = None
        self._paragraph: list[tuple[int, str]] = []
        self._section: _Section | None = None
        self._html_row: _Block | None = None  # an HTML table's row being read
        self._html_row_is_first = False
        self._html_table: int | None = None  # the table of the last HTML row

    def records(self, lines: Iterable[str]) -> Iterator[PaperRecord]:
        for line in read(lines):
            self._line(line)
            yield from self._out
            self._out.clear()
        self._end_section()
        yield from self._out

    def _line(self, line: MarkdownLine) -> None:
        number, text, role = line.number, line.text, line.role
        in_item = self._item is not None and line.items >= self._item.items
        if role is Role.HEADING and line.heading_level is not None:
            self._end_section(line.heading_level)
            title = _LINK.sub(r"\1", _TAGS.sub("", line.heading or "")).strip()
            if self._reading is not None and self._reading.title is None:
                self._reading.title = title
            self._section = _Section(number, line.heading_level, title)
        elif role is Role.TABLE_ROW:
            self._table_row(number, text)
        elif role is Role.HTML and line.table is not None:
            self._html_table_line(number, text, line.table)
        elif line.item_marker is not None:
            content = text.split(line.item_marker, 1)[-1].strip()
            self._list_item(number, text, line.items, content, line)
        elif role is Role.BLANK:
            if self._item is None:
                self._end_paragraph()
        elif role in (Role.TEXT, Role.HTML) and in_item:
            assert self._item is not None
            self._item.lines.append((number, text))
        elif role in (Role.TEXT, Role.HTML):
            self._end_item()
            self._paragraph.append((number, text))
        elif not in_item:  # code, a table's header and rule, a thematic break
            self._end_item()
            self._end_paragraph()

    def _table_row(self, number: int, text: str) -> None:
        first_cell = text.strip().strip("|").split("|")[0]
        self._table_row_found(_Block(number, None, [(number, text)]), _LINK.sub(r"\1", first_cell))

    def _html_table_line(self, number: int, text: str, table: int) -> None:
        """An HTML table's row (`<tr>` to `</tr>`, over one line or several) is a paper, as a
        pipe table's row is; not a row of header cells, nor a first row citing nothing (the
        header, written with `<td>`)."""
        if _HTML_ROW_OPEN.search(text):
            self._end_html_row()
            self._html_row = _Block(number, None)
            self._html_row_is_first = table != self._html_table
            self._html_table = table
        if self._html_row is not None:
            self._html_row.lines.append((number, text))
        if _HTML_ROW_CLOSE.search(text):
            self._end_html_row()

    def _end_html_row(self) -> None:
        row, self._html_row = self._html_row, None
        if row is None:
            return
        text = " ".join(text for _, text in row.lines)
        cell = _HTML_CELL.search(text)
        if cell is None or (self._html_row_is_first and not _cites(text)):
            return
        self._table_row_found(row, _LINK.sub(r"\1", _TAGS.sub(" ", cell.group(1))))

    def _table_row_found(self, row: _Block, first_cell: str) -> None:
        self._end_item()
        self._end_paragraph()
        if self._section is not None:
            self._section.has_list = True
        if self._section is None or not self._section.is_paper:
            row.title = " ".join(first_cell.split()).strip(" *_") or None
            self._out.append(row.record())

    def _list_item(
        self, number: int, text: str, items: int, content: str, line: MarkdownLine
    ) -> None:
        if self._item is not None and items > self._item.items:
            if not (self._item.tentative and _is_paper_item(content, line)):
                self._item.lines.append((number, text))
                return
            self._item = None  # a category label: its sub-items are the papers
        self._end_item()
        self._end_paragraph()
        section = self._section
        if section is not None:
            if section.is_paper or section.fields:
                section.paragraphs.append((number, text))
                return
            if not section.has_list and _is_field(content, line):
                section.fields = True  # the heading is the paper; its bullets tell about it
                section.paragraphs.append((number, text))
                return
            section.has_list = True
        if not _is_contents_entry(line):
            tentative = not _is_paper_item(content, line)
            self._item = _Block(number, _item_title(content), [(number, text)], items, tentative)

    def _end_item(self) -> None:
        item, self._item = self._item, None
        if item is None:
            return
        if not item.tentative or _cites(" ".join(text for _, text in item.lines[1:])):
            self._out.append(item.record())

    def _end_paragraph(self) -> None:
        self._end_item()
        paragraph, self._paragraph = self._paragraph, []
        if not paragraph:
            return
        section = self._section
        if _is_link_per_line(paragraph) and (section is None or not section.is_paper):
            if section is not None:
                section.has_list = True
            for number, text in paragraph:
                self._out.append(_Block(number, _item_title(text), [(number, text)]).record())
            return
        if section is None or section.level == 1:
            if _words(" ".join(text for _, text in paragraph)) >= MIN_ABSTRACT_WORDS:
                self._out.append(_Block(paragraph[0][0], None, paragraph).record())
            return
        if BOILERPLATE_HEADINGS.match(section.title) or section.has_list:
            return
        section.paragraphs.extend(paragraph)
        # Counted paragraph by paragraph: joining the section's text at every paragraph's end
        # made a section of many short paragraphs quadratic.
        section.words += _words(" ".join(text for _, text in paragraph))
        if section.words >= MIN_ABSTRACT_WORDS:
            section.is_paper = True

    def _end_section(self, next_level: int | None = None) -> None:
        """Ends the section read so far, at a heading of `next_level` (None: the text's end).
        A heading followed by a deeper one is a section of the list, not a paper."""
        self._end_html_row()
        self._end_paragraph()
        section, self._section = self._section, None
        if section is None or section.has_list or BOILERPLATE_HEADINGS.match(section.title):
            return
        if next_level is not None and next_level > section.level:
            return
        prose = " ".join(text for _, text in section.paragraphs)
        if (
            section.is_paper
            or section.fields
            or (section.paragraphs and _cites(prose))
            or (section.paragraphs and len(section.title.split()) >= 3 and section.level > 1)
            or section.level in self._paper_levels
        ):
            self._paper_levels.add(section.level)
            block = _Block(section.line, section.title, [(section.line, section.title)])
            block.lines.extend(section.paragraphs)
            self._out.append(block.record())


def _is_paper_item(content: str, line: MarkdownLine) -> bool:
    """A paper rather than a category label or a table-of-contents entry."""
    if _is_contents_entry(line):
        return False
    return _cites(_IMAGE.sub("", content)) or _words(content) >= 4


def _is_field(content: str, line: MarkdownLine) -> bool:
    """A list item telling about the paper its heading names rather than being one: a labelled
    field ("Code: …", "**Authors**: …") or links labelled only as what they are (`[code](…)`)."""
    if _FIELD.match(_LINK.sub(r"\1", content)):
        return True
    labels = [link.label.lower() for link in line.links]
    unlinked = _LINK.sub("", content).strip(" |,;·-–—")
    return bool(labels) and all(label in _LINK_LABELS for label in labels) and not unlinked


def _is_link_per_line(paragraph: list[tuple[int, str]]) -> bool:
    """Lines that each cite a link and none is a labelled field: a list written one paper a
    line without list markers."""
    return len(paragraph) > 1 and all(
        _cites(text) and not _FIELD.match(_LINK.sub(r"\1", text)) for _, text in paragraph
    )


def _is_contents_entry(line: MarkdownLine) -> bool:
    targets = [link.target for link in line.links]
    return bool(targets) and all(target.startswith("#") for target in targets)


def _cites(text: str) -> bool:
    """Whether the text cites a URL, with a scheme or without (`github.com/o/r`)."""
    return "://" in text or bool(find_urls(text, follows_lines=False))


_TITLE_END = re.compile(r"\s+[-–—]\s+|\s\[|\s\(|\s(?=https?://)|(?<=\w)\.\s")


def _item_title(content: str) -> str | None:
    bold = _BOLD.match(content)
    if bold:
        return _LINK.sub(r"\1", bold.group(1)).strip() or None
    link = re.match(r"\s*\[([^\]\n]+)\]\(", content)
    if link and link.group(1).strip().lower() not in _LINK_LABELS:
        return link.group(1).strip()
    text = re.split(
        r"\s+[-–—]\s+|\s\[|\s\(|\s(?=https?://)|(?<=\w)\.\s", _LINK.sub(r"\1", content), maxsplit=1
    )
    title = text[0].strip(" .*_")
    # One word is a title when something the item cites follows it (`- SparseNet https://…`);
    # alone, it is more likely a label than a paper's name.
    return title if len(title.split()) >= 2 or (title and len(text) > 1) else None
