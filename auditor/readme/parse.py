"""A README's structure, read from its text alone (no I/O): lines with their role, headings with
their level, and the section each heading opens. `auditor.readme.analysis` decides covers on it.

How lines are read
  * Markdown is read by the one Markdown reader, `auditor.inputs.markdown_structure` (CommonMark
    with GitHub's pipe tables, as the paper lists are): headings (ATX, also inside a list item,
    setext, HTML `<h1>`…`<h6>`), fenced code (with its language) and indented code, tables.
  * A README named as reStructuredText (`README.rst`; GitHub renders it so, and any other name
    as Markdown or text) is read by docutils (`auditor.readme.rst`, loaded for those only) into
    the same lines: section titles with their levels, literal and code blocks, tables as pipe
    rows, links as Markdown links.
  * In either, one level below any heading: a line that is only bold text (`**Training**`, an
    rST `.. rubric::`) or a `<summary>` of a `<details>` block. Code lines are never headings.
  * HTML comments (`<!-- … -->`) are read as blank lines: what an author hid is not said.
  * The title: the headings before the first line of body text (badges, images and bare HTML are
    not body text) name the project, not a section, unless a heading is a short section name
    (at most three words, such as "Installation"), which stays a section.
  * A section is a heading and every line up to the next heading of the same or a higher level
    (its subsections included); a bold or `<summary>` heading ends at the next heading of any
    kind.
  * Invisible characters are dropped (zero-width spaces and joiners, word joiners, byte-order
    marks, soft hyphens, direction marks) and no-break and thin spaces read as spaces, so that
    a number with a zero-width space inside is still a number. A URL loses nothing by it: the
    URL finder drops the same characters, and a space ends a URL as a no-break space does.

Safety: only the first 512 KiB and 20,000 lines are read, each line cut to 1,000 characters; the
Markdown reader's work is linear (see its module), the reStructuredText reader's too (a smaller
part parsed, see its module), and so is every pattern here, so a huge or hostile README costs
little.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from auditor.inputs import markdown_structure as md
from auditor.inputs.markdown_structure import Role

MAX_CHARS = 512 * 1024
MAX_LINES = 20_000
MAX_LINE_CHARS = md.MAX_LINE_CHARS
BOLD_LEVEL = 7  # bold-line and <summary> headings sit below every real heading

_I = re.IGNORECASE
_SUMMARY = re.compile(r"<summary[^>]*>(.*?)</summary>", _I)
_BOLD_LINE = re.compile(
    r"^\s*(?:[-*+]\s+)?(?:\d{1,2}[.)]\s*)?(?:\*\*|__)([^*_]{2,80})(?:\*\*|__):?\s*$"
)
_TAGS = re.compile(r"<[^>]{0,300}>")
_MARKUP = re.compile(r"[*_`#]+")
_MARKS = "<*_`#"  # where a tag or emphasis starts: `_TAGS`, `_MARKUP` (emoji are not ASCII)
_EMOJI = re.compile("[\u2600-\u27bf\U0001f000-\U0001faff\ufe0f\u200d]")
_BADGE_OR_IMAGE = re.compile(
    r"^(\s*(\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)|!\[[^\]]*\]\([^)]*\)|<[^>]*>|\||&nbsp;|[-|:]))+\s*$"
)
_WORD = re.compile(r"[^\W\d_]+")
# NUL and the characters a reader does not see, dropped; no-break and thin spaces, spaces.
_INVISIBLE = str.maketrans(
    dict.fromkeys("\x00\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff", None)
    | dict.fromkeys("\u00a0\u2007\u2009\u202f", " ")
)
_INVISIBLE_CHAR = re.compile("[" + "".join(map(chr, _INVISIBLE)) + "]")


@dataclass(frozen=True, slots=True)
class Line:
    """One README line: its 1-based number, its text (a heading's text without markup), whether
    it is a heading (and its level) or code (and the fence language, "" when unnamed)."""

    number: int
    text: str
    heading_level: int | None = None
    code_lang: str | None = None

    @property
    def is_heading(self) -> bool:
        return self.heading_level is not None

    @property
    def is_code(self) -> bool:
        return self.code_lang is not None

    @property
    def is_blank(self) -> bool:
        return not self.text.strip()


@dataclass(frozen=True, slots=True)
class Section:
    """A heading and its body: `lines[start:end]` of the document, subsections included."""

    heading: Line
    index: int  # where the heading stands in `Document.lines`
    end: int
    is_title: bool
    parent: int  # the enclosing section's index in `Document.sections`, -1 at the top

    @property
    def title(self) -> str:
        return self.heading.text


@dataclass(frozen=True, slots=True)
class Document:
    lines: tuple[Line, ...]
    sections: tuple[Section, ...]
    # for each line, the index in `sections` of the innermost section holding it (-1: none)
    owner: tuple[int, ...]

    def body(self, section: Section) -> tuple[Line, ...]:
        return self.lines[section.index + 1 : section.end]

    def enclosing(self, index: int) -> list[Section]:
        """The sections holding line `index`, innermost first."""
        found = []
        owner = self.owner[index]
        while owner >= 0:
            found.append(self.sections[owner])
            owner = self.sections[owner].parent
        return found


# The names GitHub renders as reStructuredText (github/markup); READMEs are matched ignoring case.
RESTRUCTUREDTEXT_SUFFIXES = (".rst", ".rest", ".rst.txt", ".rest.txt")


def is_restructuredtext(name: str | None) -> bool:
    """Whether a README of this file name (or path) is reStructuredText."""
    return name is not None and name.casefold().endswith(RESTRUCTUREDTEXT_SUFFIXES)


def parse(text: str, *, name: str | None = None) -> Document:
    """The lines and sections of a README named `name` (Markdown or plain text; with a
    reStructuredText name, reStructuredText)."""
    text = text[:MAX_CHARS]
    if _INVISIBLE_CHAR.search(text):  # most READMEs hold none: `translate` reads every character
        text = text.translate(_INVISIBLE)
    raw = text.splitlines()[:MAX_LINES]
    if is_restructuredtext(name):
        from auditor.readme import rst  # docutils: loaded for reStructuredText READMEs only

        structure: Iterable[md.MarkdownLine] = rst.read(raw)
    else:
        structure = md.read([line[:MAX_LINE_CHARS] for line in raw], links=False)
    read = list(_lines(structure))  # links are found by the URL finder instead
    return Document(tuple(read), *_sections(read))


def plain(text: str) -> str:
    """A line's words without HTML tags, Markdown emphasis or emoji."""
    if text.isascii() and not any(mark in text for mark in _MARKS):  # most lines: nothing to cut
        return " ".join(text.split())
    return " ".join(_EMOJI.sub(" ", _MARKUP.sub(" ", _TAGS.sub(" ", text))).split())


def word_count(text: str) -> int:
    return len(_WORD.findall(plain(text)))


def is_decoration(text: str) -> bool:
    """Badges, images, bare HTML and table rules: what a README shows before it says anything."""
    return bool(_BADGE_OR_IMAGE.match(text)) or not plain(re.sub(r"\([^)]*\)", "", text))


def _lines(structure: Iterable[md.MarkdownLine]) -> Iterator[Line]:
    for line in structure:
        if line.role is Role.HEADING and line.heading_level is not None:
            title = plain(line.heading or "")
            yield Line(line.number, title, heading_level=line.heading_level if title else None)
        elif line.role is Role.MARKUP:
            yield Line(line.number, "")
        elif line.role is Role.CODE:
            info = (line.code_info or "").split()
            yield Line(line.number, line.text, code_lang=info[0].casefold() if info else "")
        elif line.role in (Role.TEXT, Role.HTML):
            marked = _marked_heading(line.number, line.text, summary=line.details > 0)
            yield marked or Line(line.number, line.text)
        else:
            yield Line(line.number, line.text)


def _marked_heading(number: int, line: str, *, summary: bool) -> Line | None:
    """A line of bold text alone, or with `summary` (inside `<details>`) a `<summary>`, read as
    a heading below the others."""
    found = _SUMMARY.search(line) if summary else None
    if found and plain(found.group(1)):
        return Line(number, plain(found.group(1)), heading_level=BOLD_LEVEL)
    bold = _BOLD_LINE.match(line)
    if bold and word_count(bold.group(1)) <= 10 and not bold.group(1).rstrip().endswith("."):
        return Line(number, plain(bold.group(1)), heading_level=BOLD_LEVEL)
    return None


def _sections(lines: list[Line]) -> tuple[tuple[Section, ...], tuple[int, ...]]:
    """The sections, each with its end and parent (a stack of open headings: linear)."""
    heads = [i for i, line in enumerate(lines) if line.is_heading]
    ends = dict.fromkeys(heads, len(lines))
    parents = dict.fromkeys(heads, -1)
    open_: list[int] = []  # positions in `heads` of the sections still open
    for position, index in enumerate(heads):
        level = lines[index].heading_level or BOLD_LEVEL
        while open_:
            top = heads[open_[-1]]
            top_level = lines[top].heading_level or BOLD_LEVEL
            if top_level < level and top_level != BOLD_LEVEL:
                break
            ends[top] = index
            open_.pop()
        parents[index] = open_[-1] if open_ else -1
        open_.append(position)
    sections: list[Section] = []
    body_seen = False
    previous = -1
    for index in heads:
        body_seen = body_seen or any(
            not line.is_blank and not line.is_heading and not is_decoration(line.text)
            for line in lines[previous + 1 : index]
        )
        previous = index
        is_title = not body_seen and not _is_short_section_name(lines[index].text)
        sections.append(Section(lines[index], index, ends[index], is_title, parents[index]))
    owner = [-1] * len(lines)
    for number, section in enumerate(sections):  # nesting is at most 7 deep: linear
        for index in range(section.index, section.end):
            owner[index] = number
    return tuple(sections), tuple(owner)


def _is_short_section_name(text: str) -> bool:
    words = _WORD.findall(text)
    return 0 < len(words) <= 3 and ":" not in text
