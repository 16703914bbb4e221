"""A README's structure, read from its text alone (no I/O): lines with their role, headings with
their level, and the section each heading opens. `auditor.readme` decides covers on it.

How lines are read
  * Headings: Markdown `#`…`######` (also inside a list item, `- ## Results`), setext (`===`
    level 1, `---` level 2), reStructuredText titles (a line underlined, and maybe overlined, by
    one repeated punctuation character at least as long as it; levels in order of first use),
    HTML `<h1>`…`<h6>`, and, one level below any of those, a line that is only bold text
    (`**Training**`) or a `<summary>` of a `<details>` block.
  * Code: Markdown fences (```` ``` ```` / `~~~`, with their language), reStructuredText
    `.. code-block:: lang` / `.. code:: lang` and `::` literal blocks. Code lines are never
    headings.
  * HTML comments (`<!-- … -->`) are read as blank lines: what an author hid is not said.
  * The title: the headings before the first line of body text (badges, images and bare HTML are
    not body text) name the project, not a section, unless a heading is a short section name
    (at most three words, such as "Installation"), which stays a section.
  * A section is a heading and every line up to the next heading of the same or a higher level
    (its subsections included); a bold or `<summary>` heading ends at the next heading of any
    kind.

Safety: only the first 512 KiB and 20,000 lines are read, each line cut to 1,000 characters, and
every pattern is linear, so a huge or hostile README costs little.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_CHARS = 512 * 1024
MAX_LINES = 20_000
MAX_LINE_CHARS = 1_000
BOLD_LEVEL = 7  # bold-line and <summary> headings sit below every real heading

_I = re.IGNORECASE
_FENCE = re.compile(r"^\s*(?:[-*+]\s+|\d{1,3}[.)]\s+)?(`{3,}|~{3,})\s*([^\s`]*)")
_RST_CODE = re.compile(r"^\s*\.\.\s+(code-block|code|sourcecode)::\s*([\w+.-]*)", _I)
# Linear in the line (a README is untrusted text): no two quantifiers that can take the same
# characters one after the other (`(.+?)\s*#*\s*$` was cubic in a run of spaces).
_ATX = re.compile(r"\s{0,3}(?:[-*+]\s+)?(#{1,6})\s+(?=\S)")
_HTML_HEADING = re.compile(r"<h([1-6])[^>]*>(.*?)</h[1-6]>", _I)
_SUMMARY = re.compile(r"<summary[^>]*>(.*?)</summary>", _I)
_BOLD_LINE = re.compile(
    r"^\s*(?:[-*+]\s+)?(?:\d{1,2}[.)]\s*)?(?:\*\*|__)([^*_]{2,80})(?:\*\*|__):?\s*$"
)
_SETEXT = re.compile(r"^\s{0,3}(=+|-+)\s*$")
_RST_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+_:.])\1{2,}\s*$")
_TAGS = re.compile(r"<[^>]{0,300}>")
_MARKUP = re.compile(r"[*_`#]+")
_EMOJI = re.compile("[\u2600-\u27bf\U0001f000-\U0001faff\ufe0f\u200d]")
_BADGE_OR_IMAGE = re.compile(
    r"^(\s*(\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)|!\[[^\]]*\]\([^)]*\)|<[^>]*>|\||&nbsp;|[-|:]))+\s*$"
)
_WORD = re.compile(r"[^\W\d_]+")


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


def parse(text: str) -> Document:
    """The lines and sections of a README (Markdown, reStructuredText or plain text)."""
    raw = text[:MAX_CHARS].replace("\x00", "").splitlines()[:MAX_LINES]
    lines = _without_comments([line[:MAX_LINE_CHARS] for line in raw])
    read = _read_lines(lines)
    return Document(tuple(read), *_sections(read))


def plain(text: str) -> str:
    """A line's words without HTML tags, Markdown emphasis or emoji."""
    return " ".join(_EMOJI.sub(" ", _MARKUP.sub(" ", _TAGS.sub(" ", text))).split())


def word_count(text: str) -> int:
    return len(_WORD.findall(plain(text)))


def is_decoration(text: str) -> bool:
    """Badges, images, bare HTML and table rules: what a README shows before it says anything."""
    return bool(_BADGE_OR_IMAGE.match(text)) or not plain(re.sub(r"\([^)]*\)", "", text))


def _without_comments(lines: list[str]) -> list[str]:
    """HTML comments blanked out (a line left open keeps blanking until `-->`)."""
    out: list[str] = []
    inside = False
    for line in lines:
        if not inside and "<!--" not in line:
            out.append(line)
            continue
        kept: list[str] = []
        rest = line
        while rest:
            if inside:
                end = rest.find("-->")
                if end < 0:
                    rest = ""
                    break
                rest, inside = rest[end + 3 :], False
            else:
                start = rest.find("<!--")
                if start < 0:
                    kept.append(rest)
                    break
                kept.append(rest[:start])
                rest, inside = rest[start + 4 :], True
        out.append("".join(kept) if "".join(kept).strip() else "")
    return out


def _read_lines(lines: list[str]) -> list[Line]:
    """Lines with their role; a pure scan, so an unclosed fence only swallows what follows."""
    out: list[Line] = []
    fence: str | None = None  # the opening fence marker while inside a Markdown fence
    fence_lang = ""
    rst_lang: str | None = None  # inside an indented reStructuredText code block
    rst_levels: dict[str, int] = {}
    skip = False  # the underline of a heading already read
    for index, line in enumerate(lines):
        number = index + 1
        if skip:
            skip = False
            out.append(Line(number, ""))
            continue
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if fence is not None:
            if line.strip().startswith(fence) and not line.strip().strip(fence[0]):
                fence = None
                out.append(Line(number, ""))
            else:
                out.append(Line(number, line, code_lang=fence_lang))
            continue
        if rst_lang is not None:
            if not line.strip() or line[:1].isspace():
                out.append(Line(number, line, code_lang=rst_lang if line.strip() else None))
                continue
            rst_lang = None
        opening = _FENCE.match(line)
        if opening:
            fence, fence_lang = opening.group(1), opening.group(2).casefold()
            out.append(Line(number, ""))
            continue
        directive = _RST_CODE.match(line)
        if directive:
            rst_lang = directive.group(2).casefold()
            out.append(Line(number, ""))
            continue
        heading = _heading(line, following, rst_levels)
        if heading is not None:
            level, title, underlined = heading
            skip = underlined
            out.append(Line(number, title, heading_level=level))
            continue
        if line.rstrip().endswith("::") and not line.lstrip().startswith(".."):
            rst_lang = ""
        out.append(Line(number, line))
    return out


def _heading(line: str, following: str, rst_levels: dict[str, int]) -> tuple[int, str, bool] | None:
    """(level, text, whether the next line is its underline) when `line` is a heading."""
    stripped = line.strip()
    if not stripped:
        return None
    atx = _ATX.match(line)
    if atx:  # the heading's text, its closing #s (and the spaces around them) left out
        text = line[atx.end() :].rstrip().rstrip("#").rstrip()
        return len(atx.group(1)), plain(text), False
    html = _HTML_HEADING.search(line)
    if html:
        return int(html.group(1)), plain(html.group(2)), False
    summary = _SUMMARY.search(line)
    if summary and plain(summary.group(1)):
        return BOLD_LEVEL, plain(summary.group(1)), False
    bold = _BOLD_LINE.match(line)
    if bold and word_count(bold.group(1)) <= 10 and not bold.group(1).rstrip().endswith("."):
        return BOLD_LEVEL, plain(bold.group(1)), False
    if stripped.startswith(("|", "+", "*", "-", ">", "<", "!", "[")) or _RST_UNDERLINE.match(
        stripped
    ):
        return None
    underline = following.strip()
    if _SETEXT.match(following) and not line[:1].isspace():
        return (1 if underline.startswith("=") else 2), plain(stripped), True
    if _RST_UNDERLINE.match(underline) and len(underline) >= len(stripped):
        level = rst_levels.setdefault(underline[0], min(len(rst_levels) + 1, 6))
        return level, plain(stripped), True
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
