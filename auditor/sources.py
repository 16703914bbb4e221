"""Reading paper lists: format detection, decoding, and splitting an input into paper records.

Plain text, Markdown, JSONL and CSV are read line by line, so a 100 MB list never sits in
memory whole; HTML, BibTeX and JSON must be loaded whole because their parsers need the
complete document. Nothing here raises for bad input: a `Reading` carries a one-line `error`
(the input is skipped) and `warnings` (the input is read anyway).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
import os
import re
import sys
import warnings
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import BinaryIO
from urllib.parse import urljoin, urlsplit

from bs4 import (
    BeautifulSoup,
    MarkupResemblesLocatorWarning,
    ParserRejectedMarkup,
    XMLParsedAsHTMLWarning,
)
from bs4.element import Comment, NavigableString, Tag

# Enough to sniff a format and to spot a binary file; the rest streams.
_HEAD_BYTES = 64 * 1024
# A loose paragraph shorter than this is a header, a badge line or an introduction, not an abstract.
_MIN_ABSTRACT_WORDS = 20


class InputFormat(StrEnum):
    TEXT = "text"
    MARKDOWN = "markdown"
    HTML = "html"
    BIBTEX = "bibtex"
    JSON = "json"
    JSONL = "jsonl"
    CSV = "csv"


@dataclass(frozen=True, slots=True)
class Document:
    """An input already in memory, e.g. a list page fetched from an http(s) URL (`name`)."""

    name: str
    data: bytes
    content_type: str | None = None


@dataclass(frozen=True, slots=True)
class Span:
    """A piece of a paper's text and the input line it starts on.

    `is_url`: the text is one URL given as such (an HTML href), not prose to search.
    `follows_lines`: a newline in `text` is a newline of the input, so later lines can be
    counted from `line`; false for text lifted out of a structured record (JSON, CSV).
    """

    text: str
    line: int
    is_url: bool = False
    follows_lines: bool = True


@dataclass(frozen=True, slots=True)
class PaperRecord:
    """One paper as its input gave it, before links are found and a name is chosen."""

    line: int
    title: str | None
    date: str | None
    spans: tuple[Span, ...]


@dataclass(slots=True)
class Reading:
    """One input being read. `records` is lazy (the input streams), and reading it may add to
    `warnings` or set `error` (a failure part-way: the records before it stand)."""

    name: str
    format: InputFormat | None = None
    error: str | None = None
    warnings: list[str] = field(default_factory=list)
    records: Iterator[PaperRecord] = field(default_factory=lambda: iter(()))


# --- opening inputs ----------------------------------------------------------------------------


def read_path(path: str, *, stdin: BinaryIO | None = None) -> Reading:
    """Open one input given on the command line; `-` is standard input."""
    reading = Reading(path)
    if path == "-":
        source = stdin if stdin is not None else sys.stdin.buffer
        _start(reading, source, extension="", content_type=None, base_url=None, owned=False)
        return reading
    if not os.path.exists(path):
        reading.error = f"{path}: no such file"
    elif os.path.isdir(path):
        reading.error = f"{path}: is a directory"
    else:
        try:
            stream: BinaryIO = open(path, "rb")  # noqa: SIM115 - closed when `records` ends
        except OSError as error:
            reading.error = f"{path}: cannot open ({error.strerror or error})"
        else:
            extension = os.path.splitext(path)[1].lower()
            _start(reading, stream, extension=extension, content_type=None, base_url=None)
    return reading


def read_document(document: Document) -> Reading:
    """Read an input already in memory; relative HTML links resolve against its name when it
    is a URL."""
    reading = Reading(document.name)
    split = urlsplit(document.name)
    is_url = split.scheme in ("http", "https")
    extension = os.path.splitext(split.path if is_url else document.name)[1].lower()
    _start(
        reading,
        io.BytesIO(document.data),
        extension=extension,
        content_type=document.content_type,
        base_url=document.name if is_url else None,
    )
    return reading


def _start(
    reading: Reading,
    stream: BinaryIO,
    *,
    extension: str,
    content_type: str | None,
    base_url: str | None,
    owned: bool = True,
) -> None:
    """Sniff the head of `stream`, then arrange for its records to be read lazily."""
    try:
        head = stream.read(_HEAD_BYTES)
    except OSError as error:
        reading.error = f"{reading.name}: cannot read ({error.strerror or error})"
        if owned:
            stream.close()
        return
    problem = _binary_problem(head)
    if problem is not None:
        reading.error = f"{reading.name}: {problem}, skipped"
    elif len(head) < _HEAD_BYTES and not head.strip(b" \t\r\n\xef\xbb\xbf"):
        reading.format = _format_from_name(extension) or InputFormat.TEXT
        reading.warnings.append(f"{reading.name}: empty input")
    else:
        reading.format = (
            _format_from_content_type(content_type)
            or _format_from_name(extension)
            or _sniff_format(head)
        )
        if reading.format is InputFormat.JSON and content_type and _looks_like_jsonl(head):
            reading.format = InputFormat.JSONL
        reading.records = _records(reading, head, stream, base_url, owned)
        return
    if owned:
        stream.close()


def _records(
    reading: Reading, head: bytes, stream: BinaryIO, base_url: str | None, owned: bool
) -> Iterator[PaperRecord]:
    decoder = _Decoder(reading)
    try:
        match reading.format:
            case InputFormat.TEXT:
                yield from _text_records(decoder.lines(head, stream))
            case InputFormat.MARKDOWN:
                yield from _MarkdownSplitter().records(decoder.lines(head, stream))
            case InputFormat.JSONL:
                yield from _jsonl_records(reading, decoder.lines(head, stream))
            case InputFormat.CSV:
                yield from _csv_records(decoder.lines(head, stream))
            case InputFormat.HTML:
                yield from _html_records(decoder.whole(head, stream), base_url)
            case InputFormat.BIBTEX:
                yield from _bibtex_records(reading, decoder.whole(head, stream))
            case InputFormat.JSON:
                yield from _json_records(reading, decoder.whole(head, stream))
    except OSError as error:
        reading.error = f"{reading.name}: read failed ({error.strerror or error})"
    except csv.Error as error:
        reading.error = f"{reading.name}: malformed CSV ({error})"
    finally:
        if owned:
            stream.close()


# --- bytes to text -----------------------------------------------------------------------------

_MAGIC = (
    (b"%PDF-", "a PDF file"),
    (b"PK\x03\x04", "a ZIP archive"),
    (b"\x1f\x8b", "a gzip file"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
)
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_CONTROL_BYTES = frozenset(set(range(0x20)) - {0x09, 0x0A, 0x0C, 0x0D} | {0x7F})


def _binary_problem(head: bytes) -> str | None:
    """Why `head` is not text, or None. Text in any 8-bit encoding has next to no C0 controls,
    while random bytes have about 12%."""
    for magic, what in _MAGIC:
        if head.startswith(magic):
            return f"binary file ({what})"
    if head.startswith(_UTF16_BOMS):
        return None
    if b"\x00" in head:
        return "binary file (NUL bytes)"
    controls = sum(1 for byte in head if byte in _CONTROL_BYTES)
    if head and controls / len(head) > 0.05:
        return "binary file (undecodable bytes)"
    return None


class _Decoder:
    """UTF-8 with a BOM tolerated; a line that is not UTF-8 falls back to cp1252 (then latin-1,
    which decodes anything) with one warning per input."""

    def __init__(self, reading: Reading) -> None:
        self._reading = reading
        self._warned = False

    def _decode(self, raw: bytes) -> str:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            pass
        try:
            text = raw.decode("cp1252")
            encoding = "cp1252"
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
            encoding = "latin-1"
        if not self._warned:
            self._warned = True
            self._reading.warnings.append(
                f"{self._reading.name}: not valid UTF-8; decoded as {encoding}"
            )
        return text

    def lines(self, head: bytes, rest: BinaryIO) -> Iterator[str]:
        """Decoded lines without their line ends, the first line's BOM removed."""
        if head.startswith(_UTF16_BOMS):
            yield from self.whole(head, rest).splitlines()
            return
        first = True
        for raw in _byte_lines(head, rest):
            text = self._decode(raw).rstrip("\r\n")
            if first:
                text = text.removeprefix("\ufeff")
                first = False
            yield text

    def whole(self, head: bytes, rest: BinaryIO) -> str:
        data = head + rest.read()
        if data.startswith(_UTF16_BOMS):
            return data.decode("utf-16", errors="replace")
        return self._decode(data).removeprefix("\ufeff")


def _byte_lines(head: bytes, rest: BinaryIO) -> Iterator[bytes]:
    buffered = head.splitlines(keepends=True)
    if buffered and not buffered[-1].endswith(b"\n"):
        buffered[-1] += rest.readline()
    yield from buffered
    yield from rest


# --- format detection --------------------------------------------------------------------------

_EXTENSIONS = {
    ".txt": InputFormat.TEXT,
    ".text": InputFormat.TEXT,
    ".md": InputFormat.MARKDOWN,
    ".markdown": InputFormat.MARKDOWN,
    ".html": InputFormat.HTML,
    ".htm": InputFormat.HTML,
    ".xhtml": InputFormat.HTML,
    ".bib": InputFormat.BIBTEX,
    ".bibtex": InputFormat.BIBTEX,
    ".json": InputFormat.JSON,
    ".jsonl": InputFormat.JSONL,
    ".ndjson": InputFormat.JSONL,
    ".csv": InputFormat.CSV,
    ".tsv": InputFormat.CSV,
}
_CONTENT_TYPES = {
    "text/html": InputFormat.HTML,
    "application/xhtml+xml": InputFormat.HTML,
    "application/json": InputFormat.JSON,
    "application/x-ndjson": InputFormat.JSONL,
    "application/jsonl": InputFormat.JSONL,
    "application/x-jsonlines": InputFormat.JSONL,
    "text/csv": InputFormat.CSV,
    "text/tab-separated-values": InputFormat.CSV,
    "text/markdown": InputFormat.MARKDOWN,
    "text/x-markdown": InputFormat.MARKDOWN,
    "application/x-bibtex": InputFormat.BIBTEX,
    "text/x-bibtex": InputFormat.BIBTEX,
}
_HTML_START = re.compile(r"<(?:!doctype\s+html|html|head|body|div|table|ul|ol|p|h[1-6])\b", re.I)
_MARKDOWN_LINE = re.compile(r"^(?:#{1,6}\s|\s*(?:[-*+]|\d{1,9}[.)])\s+\S|\|.*\|\s*$)")
_MARKDOWN_LINK = re.compile(r"\[[^\]\n]+\]\([^)\s]+\)")
_CSV_COLUMNS = frozenset({"title", "abstract", "url", "urls", "code", "link", "paper", "pdf"})


def _format_from_name(extension: str) -> InputFormat | None:
    return _EXTENSIONS.get(extension)


def _format_from_content_type(content_type: str | None) -> InputFormat | None:
    """Only a specific media type decides; `text/plain` (how raw Markdown is often served)
    leaves it to the extension and the content."""
    if not content_type:
        return None
    media = content_type.split(";")[0].strip().lower()
    if media.endswith("+json"):
        return InputFormat.JSON
    return _CONTENT_TYPES.get(media)


def _sniff_format(head: bytes) -> InputFormat:
    """The format of an input whose name does not tell (stdin, an unknown extension)."""
    text = head.decode("utf-8", errors="replace").removeprefix("\ufeff")
    start = text.lstrip()
    if start.startswith("<") and _HTML_START.search(start[:4096]):
        return InputFormat.HTML
    if start.startswith(("{", "[")):
        return InputFormat.JSONL if _looks_like_jsonl(head) else InputFormat.JSON
    lines = [line for line in start.splitlines() if line.strip()]
    code_lines = [line for line in lines if not line.lstrip().startswith("%")]
    if code_lines and re.match(r"\s*@\w+\s*[{(]", code_lines[0]):
        return InputFormat.BIBTEX
    if lines and _is_csv_header(lines[0]):
        return InputFormat.CSV
    markdown_lines = sum(1 for line in lines if _MARKDOWN_LINE.match(line))
    if markdown_lines >= 2 or any(_MARKDOWN_LINK.search(line) for line in lines[:200]):
        return InputFormat.MARKDOWN
    return InputFormat.TEXT


def _looks_like_jsonl(head: bytes) -> bool:
    """Two or more lines that each start a JSON object, the first a complete one."""
    lines = [line for line in head.decode("utf-8", "replace").splitlines() if line.strip()]
    if len(lines) < 2 or not lines[1].lstrip().startswith("{"):
        return False
    try:
        return isinstance(json.loads(lines[0].removeprefix("\ufeff")), dict)
    except (ValueError, RecursionError):  # RecursionError: nested too deeply to decode
        return False


def _csv_delimiter(header: str) -> str:
    return max("\t,;", key=header.count)


def _is_csv_header(line: str) -> bool:
    delimiter = _csv_delimiter(line)
    if delimiter not in line:
        return False
    cells = {_field_key(cell) for cell in line.split(delimiter)}
    return bool(cells & _CSV_COLUMNS)


# --- plain text --------------------------------------------------------------------------------


def _paragraphs(lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """(first line number, lines) of each run of non-blank lines."""
    block: list[str] = []
    start = 0
    for number, line in enumerate(lines, start=1):
        if line.strip():
            if not block:
                start = number
            block.append(line)
        elif block:
            yield start, block
            block = []
    if block:
        yield start, block


def _text_records(lines: Iterable[str]) -> Iterator[PaperRecord]:
    """The seed format: an optional one-line header, then one abstract per paragraph."""
    for index, (start, block) in enumerate(_paragraphs(lines)):
        if index == 0 and _is_header(block):
            continue
        yield PaperRecord(start, None, None, (Span("\n".join(block), start),))


def _is_header(block: list[str]) -> bool:
    return len(block) == 1 and len(block[0].split()) <= 12 and "://" not in block[0]


# --- Markdown ----------------------------------------------------------------------------------

_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_LIST_ITEM = re.compile(r"^(\s*)(?:[-*+]|\d{1,9}[.)])\s+(.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_IMAGE = re.compile(r"!\[[^\]\n]*\]\([^)\n]*\)")
_LINK = re.compile(r"\[([^\]\n]*)\]\(([^)\s]*)[^)\n]*\)")
_BOLD = re.compile(r"^\s*(?:\*\*|__)(.+?)(?:\*\*|__)")
_BOILERPLATE_HEADINGS = re.compile(
    r"^(?:table of )?contents?$|^contribut|^licen[cs]e|^acknowledg|^citation|^cite|^star history"
    r"|^contact|^related|^about|^how to|^usage|^install|^changelog|^news|^updates?$",
    re.I,
)
_LINK_LABELS = frozenset(
    {"paper", "pdf", "code", "arxiv", "project", "project page", "github", "website", "page"}
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
    indent: int = 0
    blank_seen: bool = False

    def record(self) -> PaperRecord:
        spans = tuple(Span(_blank_images(text), number) for number, text in self.lines)
        return PaperRecord(self.line, self.title, None, spans)


@dataclass(slots=True)
class _Section:
    line: int
    level: int
    title: str
    paragraphs: list[tuple[int, str]] = field(default_factory=list)
    has_list: bool = False
    is_paper: bool = False  # decided once its text reads as an abstract


class _MarkdownSplitter:
    """Awesome lists: a paper per list item (its indented lines and sub-items included) or
    table row; a heading whose section is prose rather than a list is a paper titled by the
    heading; a loose paragraph long enough to be an abstract is a paper, as in plain text.

    Streams: at most one section's prose is held at a time."""

    def __init__(self) -> None:
        self._out: list[PaperRecord] = []
        self._item: _Block | None = None
        self._paragraph: list[tuple[int, str]] = []
        self._section: _Section | None = None
        self._table_header: tuple[int, str] | None = None
        self._in_table = False

    def records(self, lines: Iterable[str]) -> Iterator[PaperRecord]:
        fence: str | None = None
        for number, line in enumerate(lines, start=1):
            fence_match = _FENCE.match(line)
            if fence is not None:
                if fence_match and fence_match.group(1) == fence:
                    fence = None
                continue
            if fence_match:
                self._end_item()
                self._end_paragraph()
                fence = fence_match.group(1)
                continue
            self._line(number, line)
            yield from self._out
            self._out.clear()
        self._end_section()
        yield from self._out

    def _line(self, number: int, line: str) -> None:
        heading = _HEADING.match(line)
        if heading:
            self._end_section()
            title = _LINK.sub(r"\1", heading.group(2)).strip()
            self._section = _Section(number, len(heading.group(1)), title)
            return
        if self._table_line(number, line):
            return
        item = _LIST_ITEM.match(line)
        if item:
            self._list_item(number, line, len(item.group(1).expandtabs(4)), item.group(2))
            return
        if not line.strip():
            if self._item is not None:
                self._item.blank_seen = True
            else:
                self._end_paragraph()
            return
        if self._item is not None:
            if line[:1].isspace() or not self._item.blank_seen:
                self._item.lines.append((number, line))
                return
            self._end_item()
        self._paragraph.append((number, line))

    def _table_line(self, number: int, line: str) -> bool:
        if _TABLE_SEPARATOR.match(line) and self._table_header is not None:
            self._table_header = None  # the row above was the header, not a paper
            self._in_table = True
            return True
        if not _TABLE_ROW.match(line):
            self._in_table = False
            self._table_header = None
            return False
        self._end_item()
        self._end_paragraph()
        if not self._in_table:
            self._table_header = (number, line)
            return True
        if self._section is not None:
            self._section.has_list = True
        if self._section is None or not self._section.is_paper:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            title = _LINK.sub(r"\1", cells[0]).strip(" *_") or None
            self._out.append(_Block(number, title, [(number, line)]).record())
        return True

    def _list_item(self, number: int, line: str, indent: int, content: str) -> None:
        if self._item is not None and indent > self._item.indent:
            self._item.lines.append((number, line))
            return
        self._end_item()
        self._end_paragraph()
        section = self._section
        if section is not None:
            if section.is_paper:
                section.paragraphs.append((number, line))
                return
            section.has_list = True
        if _is_paper_item(content):
            self._item = _Block(number, _item_title(content), [(number, line)], indent)

    def _end_item(self) -> None:
        if self._item is not None:
            self._out.append(self._item.record())
            self._item = None

    def _end_paragraph(self) -> None:
        self._end_item()
        paragraph, self._paragraph = self._paragraph, []
        if not paragraph:
            return
        section = self._section
        if section is None or section.level == 1:
            if _words(" ".join(text for _, text in paragraph)) >= _MIN_ABSTRACT_WORDS:
                self._out.append(_Block(paragraph[0][0], None, paragraph).record())
            return
        if _BOILERPLATE_HEADINGS.match(section.title) or section.has_list:
            return
        section.paragraphs.extend(paragraph)
        if _words(" ".join(text for _, text in section.paragraphs)) >= _MIN_ABSTRACT_WORDS:
            section.is_paper = True

    def _end_section(self) -> None:
        self._end_paragraph()
        section, self._section = self._section, None
        if section is None or not section.paragraphs:
            return
        if section.is_paper or (
            not section.has_list and any("://" in text for _, text in section.paragraphs)
        ):
            block = _Block(section.line, section.title, [(section.line, section.title)])
            block.lines.extend(section.paragraphs)
            self._out.append(block.record())


def _is_paper_item(content: str) -> bool:
    """A paper rather than a category label or a table-of-contents entry."""
    targets = [match.group(2) for match in _LINK.finditer(_IMAGE.sub("", content))]
    if targets and all(target.startswith("#") for target in targets):
        return False
    return "://" in _IMAGE.sub("", content) or _words(content) >= 4


def _item_title(content: str) -> str | None:
    bold = _BOLD.match(content)
    if bold:
        return _LINK.sub(r"\1", bold.group(1)).strip() or None
    link = re.match(r"\s*\[([^\]\n]+)\]\(", content)
    if link and link.group(1).strip().lower() not in _LINK_LABELS:
        return link.group(1).strip()
    text = re.split(r"\s+[-–—]\s+|\s\[|\s\(|(?<=\w)\.\s", _LINK.sub(r"\1", content), maxsplit=1)
    title = text[0].strip(" .*_")
    return title if len(title.split()) >= 2 else None


# --- fields of structured records (JSON, JSONL, CSV, BibTeX) -----------------------------------

_TITLE_KEYS = frozenset({"title", "paper_title", "name", "paper_name"})
_DATE_KEYS = ("date", "publication_date", "published", "pub_date", "year", "cdate")
_PROSE_KEYS = frozenset(
    {"abstract", "summary", "description", "tldr", "note", "notes", "comment", "comments"}
    | {"howpublished", "remarks"}
)
_URL_KEY_PARTS = ("url", "link", "code", "github", "repo", "project", "homepage", "website")
_URL_KEY_PARTS_EXACT = frozenset({"pdf", "pdf_url", "page", "html", "href"})


def _field_key(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.strip().lstrip("\ufeff").lower()).strip("_")


def _holds_links(key: str) -> bool:
    if key.endswith("date"):  # `urldate` is when a URL was visited, not a URL
        return False
    return key in _URL_KEY_PARTS_EXACT or any(part in key for part in _URL_KEY_PARTS)


def _strings(value: object) -> Iterator[str]:
    """Every string in a field value: a string, a list of them, or OpenReview's {"value": ...}."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for element in value:
            yield from _strings(element)
    elif isinstance(value, dict) and "value" in value:
        yield from _strings(value["value"])


def _unwrap(value: object) -> object:
    return value["value"] if isinstance(value, dict) and "value" in value else value


def _record_from_fields(fields: Mapping[str, object], line: int) -> PaperRecord:
    """Title, date and link-bearing text of a record whose fields have conventional names."""
    keyed = {_field_key(name): value for name, value in fields.items()}
    title = next((text.strip() for key in _TITLE_KEYS for text in _strings(keyed.get(key))), None)
    date = next(
        (date for key in _DATE_KEYS if (date := parse_date(_unwrap(keyed.get(key)), key))),
        None,
    )
    spans = tuple(
        Span(text, line, follows_lines=False)
        for key, value in keyed.items()
        if key in _PROSE_KEYS or _holds_links(key)
        for text in _strings(value)
    )
    return PaperRecord(line, title or None, date, spans)


_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
_ISO_DATE = re.compile(r"^\s*(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?(?:[T\s].*)?$")
_MONTH_YEAR = re.compile(r"^\s*([A-Za-z]+)\.?\s+(?:(\d{1,2}),?\s+)?(\d{4})\s*$")


def parse_date(value: object, key: str = "date") -> str | None:
    """ISO 8601 of reduced precision (`2026`, `2026-07`, `2026-07-14`) from a year, an ISO date
    or datetime, `July 2026`, or (for `cdate`, OpenReview's creation time) epoch milliseconds."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        if not math.isfinite(value):
            return None
        if key == "cdate" or value > 10**11:
            try:
                return datetime.fromtimestamp(value / 1000, tz=UTC).date().isoformat()
            except (OverflowError, OSError, ValueError):
                return None
        value = str(int(value))
    if not isinstance(value, str):
        return None
    iso = _ISO_DATE.match(value)
    if iso:
        year, month, day = iso.groups()
        return _iso(int(year), int(month) if month else None, int(day) if day else None)
    worded = _MONTH_YEAR.match(value)
    if worded and worded.group(1).lower() in _MONTHS:
        day = int(worded.group(2)) if worded.group(2) else None
        return _iso(int(worded.group(3)), _MONTHS[worded.group(1).lower()], day)
    return None


def _iso(year: int, month: int | None, day: int | None) -> str | None:
    if not 1000 <= year <= 9999:
        return None
    if month is None:
        return f"{year:04d}"
    if day is None:
        return f"{year:04d}-{month:02d}" if 1 <= month <= 12 else None
    try:
        return datetime(year, month, day).date().isoformat()
    except ValueError:
        return None


# --- JSON and JSONL ----------------------------------------------------------------------------

_LIST_KEYS = ("papers", "notes", "items", "entries", "records", "results", "data", "rows")


def _json_fields(record: Mapping[str, object]) -> dict[str, object]:
    """A record's own fields, with OpenReview's `content` (v1 strings or v2 {"value": ...})
    lifted to the top level."""
    fields = {name: value for name, value in record.items() if name != "content"}
    content = record.get("content")
    if isinstance(content, dict):
        fields.update(content)
    return fields


def _jsonl_records(reading: Reading, lines: Iterable[str]) -> Iterator[PaperRecord]:
    skipped: list[int] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            record = None
        if isinstance(record, dict):
            yield _record_from_fields(_json_fields(record), number)
        else:
            skipped.append(number)
    if skipped:
        shown = ", ".join(map(str, skipped[:5])) + (", …" if len(skipped) > 5 else "")
        reading.warnings.append(
            f"{reading.name}: {len(skipped)} line(s) not a JSON object, skipped (line {shown})"
        )


def _json_records(reading: Reading, text: str) -> Iterator[PaperRecord]:
    """A top-level list of records, an object holding one (`papers`, `notes`, … or the first
    list of objects), or a single record."""
    try:
        document = json.loads(text)
    except ValueError as error:
        reading.error = f"{reading.name}: not valid JSON ({error})"
        return
    except RecursionError:
        reading.error = f"{reading.name}: JSON nested too deeply"
        return
    key: str | None = None
    records: object = document
    if isinstance(document, dict):
        key = _records_key(document)
        if key is not None:
            records = document[key]
        else:  # one paper, when it looks like one
            fields = {_field_key(name) for name in _json_fields(document)}
            records = [document] if fields & (_TITLE_KEYS | _PROSE_KEYS) else []
    if not isinstance(records, list):
        return
    starts = _record_lines(text, key) if key is not None or isinstance(document, list) else [1]
    skipped = 0
    for position, record in enumerate(records, start=1):
        if isinstance(record, dict):
            line = starts[position - 1] if len(starts) == len(records) else position
            yield _record_from_fields(_json_fields(record), line)
        else:
            skipped += 1
    if skipped:
        reading.warnings.append(f"{reading.name}: {skipped} list element(s) not an object, skipped")


def _records_key(document: Mapping[str, object]) -> str | None:
    def holds_records(value: object) -> bool:
        return isinstance(value, list) and any(isinstance(element, dict) for element in value)

    for key in _LIST_KEYS:
        if holds_records(document.get(key)):
            return key
    fallback = next((key for key, value in document.items() if holds_records(value)), None)
    return fallback or next(
        (key for key in _LIST_KEYS if isinstance(document.get(key), list)), None
    )


def _record_lines(text: str, key: str | None) -> list[int]:
    """The line each element of the records list starts on, found by walking the document
    with `raw_decode`; empty when the walk fails (the caller then numbers records instead)."""
    decoder = json.JSONDecoder()

    def skip(position: int) -> int:
        while position < len(text) and text[position] in " \t\r\n":
            position += 1
        return position

    try:
        position = skip(0)
        if key is not None:
            position = skip(position + 1)  # past "{"
            while True:
                name, position = decoder.raw_decode(text, position)
                position = skip(skip(position) + 1)  # past ":"
                if name == key:
                    break
                _, position = decoder.raw_decode(text, position)
                position = skip(skip(position) + 1)  # past ","
        starts: list[int] = []
        position = skip(position + 1)  # past "["
        line, counted = 1, 0
        while text[position] != "]":
            line += text.count("\n", counted, position)
            counted = position
            starts.append(line)
            _, position = decoder.raw_decode(text, position)
            position = skip(position)
            if text[position] == ",":
                position = skip(position + 1)
        return starts
    except (ValueError, IndexError, RecursionError):
        return []


# --- CSV ---------------------------------------------------------------------------------------


def _csv_records(lines: Iterator[str]) -> Iterator[PaperRecord]:
    """A header row names the columns; a quoted cell may span lines, so each record's line is
    where its row starts."""
    first = next(lines, None)
    if first is None:
        return
    reader = csv.reader(_chain_first(first, lines), delimiter=_csv_delimiter(first))
    header = next(reader, None)
    if header is None:
        return
    consumed = reader.line_num
    for row in reader:
        start, consumed = consumed + 1, reader.line_num
        if any(cell.strip() for cell in row):
            yield _record_from_fields(dict(zip(header, row, strict=False)), start)


def _chain_first(first: str, rest: Iterator[str]) -> Iterator[str]:
    yield first
    yield from rest


# --- BibTeX ------------------------------------------------------------------------------------

_BIB_ENTRY = re.compile(r"^[ \t]*@[ \t]*(\w+)[ \t]*[{(][ \t]*([^,\s]*)", re.M)
_BIB_FIELD = re.compile(r"^[ \t,]*(\w+)[ \t]*=", re.M)
_BIB_NOT_ENTRIES = frozenset({"comment", "string", "preamble"})
_BIB_LINK_FIELDS = ("url", "code", "howpublished", "abstract", "note")


def _bibtex_records(reading: Reading, text: str) -> Iterator[PaperRecord]:
    """Entries via bibtexparser 1.x; its entries carry no positions, so entry and field lines
    come from a scan of the source for `@type{key` and `name =`."""
    from bibtexparser.bparser import BibTexParser

    parser = BibTexParser(
        common_strings=True, ignore_nonstandard_types=False, interpolate_strings=True
    )
    try:
        entries = parser.parse(text).entries
    except Exception as error:
        reading.error = f"{reading.name}: malformed BibTeX ({type(error).__name__})"
        return
    positions = _bib_entry_positions(text)
    for entry in entries:
        start, field_lines = positions.get(entry.get("ID", ""), (1, {}))
        spans: list[Span] = []
        for name, value in entry.items():
            if name in ("ID", "ENTRYTYPE"):
                continue
            key = _field_key(name)
            if key in _BIB_LINK_FIELDS or _holds_links(key):
                spans.append(Span(value, field_lines.get(key, start), follows_lines=False))
        spans.sort(key=lambda span: span.line)  # bibtexparser does not keep the field order
        date = parse_date(entry.get("date", "")) or _bib_year_month(entry)
        title = re.sub(r"\s+", " ", entry.get("title", "").replace("{", "").replace("}", ""))
        yield PaperRecord(start, title.strip() or None, date, tuple(spans))


def _bib_year_month(entry: Mapping[str, str]) -> str | None:
    year = parse_date(entry.get("year", "").strip("{} "))
    month_text = entry.get("month", "").strip("{} ").lower()
    month = _MONTHS.get(month_text[:3]) or (int(month_text) if month_text.isdigit() else None)
    if year is None or month is None:
        return year
    return _iso(int(year), month, None) or year


def _bib_entry_positions(text: str) -> dict[str, tuple[int, dict[str, int]]]:
    """Entry key → (line of `@type{key`, {field name → line of `name =`})."""
    entries = [
        match
        for match in _BIB_ENTRY.finditer(text)
        if match.group(1).lower() not in _BIB_NOT_ENTRIES
    ]
    positions: dict[str, tuple[int, dict[str, int]]] = {}
    for index, match in enumerate(entries):
        end = entries[index + 1].start() if index + 1 < len(entries) else len(text)
        line = text.count("\n", 0, match.start()) + 1
        fields: dict[str, int] = {}
        for field_match in _BIB_FIELD.finditer(text, match.end(), end):
            name = field_match.group(1).lower()
            fields.setdefault(name, line + text.count("\n", match.start(), field_match.start()))
        positions.setdefault(match.group(2), (line, fields))
    return positions


# --- HTML --------------------------------------------------------------------------------------

_PAPER_CLASS = re.compile(
    r"^(?:paper|publication|pub|entry|bib-?item|article)s?$"
    r"|^paper[-_]?(?:item|card|entry|row|block|container)$",
    re.I,
)
# Anchors to a proceedings' own files; on PMLR the PDF is on raw.githubusercontent.com and
# would otherwise pass for code.
_ARTIFACT_ANCHORS = re.compile(
    r"^\[?\s*(?:download\s+)?(?:pdf|bib|bibtex|supp(?:lementa(?:l|ry))?(?:\s+material)?|metadata"
    r"|reviews?|abs|abstract)\s*\]?$",
    re.I,
)
_SKIPPED_TAGS = frozenset({"script", "style", "noscript", "template", "nav", "header", "footer"})


def parse_html(text: str) -> BeautifulSoup:
    """html.parser's tree of any text, quietly. The parser rejects some declarations (a `<![`
    it cannot read raises ParserRejectedMarkup): those pages are read again with every `<!` as
    text. bs4's warnings about markup that looks like a file name or XML are no reason to
    print anything for untrusted input."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MarkupResemblesLocatorWarning)
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        try:
            return BeautifulSoup(text, "html.parser")
        except ParserRejectedMarkup:
            return BeautifulSoup(text.replace("<!", "&lt;!"), "html.parser")


def _html_records(text: str, base_url: str | None) -> Iterator[PaperRecord]:
    """Proceedings pages: elements classed as papers (PMLR `div.paper`, …) or `<article>`s;
    else `<dt>`/`<dd>` groups (CVF open access); else list items; else table rows; else
    heading sections; else long paragraphs."""
    soup = parse_html(text)
    base_tag = soup.find("base", href=True)
    if isinstance(base_tag, Tag):
        # A base no URL parser accepts (a netloc invalid under NFKC) is ignored.
        with contextlib.suppress(ValueError):
            base_url = urljoin(base_url or "", str(base_tag["href"]))
    for group, title in _html_papers(soup):
        line = group[0].sourceline or 1
        spans: list[Span] = []
        for element in group:
            spans.extend(_html_spans(element, base_url))
        yield PaperRecord(line, title, None, tuple(spans))


def _html_papers(soup: BeautifulSoup) -> list[tuple[list[Tag], str | None]]:
    classed = [
        tag
        for tag in soup.find_all(True)
        if tag.name == "article" or any(_PAPER_CLASS.match(name) for name in _classes(tag))
    ]
    if classed:
        return [([tag], _html_title(tag)) for tag in _outermost(classed)]
    terms = [tag for tag in soup.find_all("dt") if not _in_skipped(tag)]
    if terms:
        groups: list[tuple[list[Tag], str | None]] = []
        for term in terms:
            group = [term]
            for sibling in term.find_next_siblings():
                if sibling.name != "dd":
                    break
                group.append(sibling)
            groups.append((group, _clean(term.get_text(" ")) or None))
        return groups
    items = _paper_items(soup)
    if items:
        return [([item], _html_title(item)) for item in items]
    rows = [
        row
        for row in soup.find_all("tr")
        if not _in_skipped(row) and row.find("td") and not row.find("th")
    ]
    if rows:
        return [([row], _html_title(row)) for row in rows]
    sections = _heading_sections(soup)
    if sections:
        return sections
    paragraphs = [
        paragraph
        for paragraph in soup.find_all("p")
        if not _in_skipped(paragraph)
        and len(paragraph.get_text(" ").split()) >= _MIN_ABSTRACT_WORDS
    ]
    return [([paragraph], None) for paragraph in paragraphs]


def _classes(tag: Tag) -> list[str]:
    value = tag.get("class")
    if isinstance(value, str):
        return value.split()
    return list(value or ())


def _in_skipped(tag: Tag) -> bool:
    return any(parent.name in _SKIPPED_TAGS for parent in tag.parents)


def _outermost(tags: list[Tag]) -> list[Tag]:
    chosen = {id(tag) for tag in tags}
    return [
        tag
        for tag in tags
        if not _in_skipped(tag) and not any(id(parent) in chosen for parent in tag.parents)
    ]


def _paper_items(soup: BeautifulSoup) -> list[Tag]:
    """List items that read as papers by their own text and links; their sub-lists belong
    to them, and a category item's sub-items are judged on their own."""
    papers: list[Tag] = []
    chosen: set[int] = set()
    for item in soup.find_all("li"):
        if _in_skipped(item) or any(id(parent) in chosen for parent in item.parents):
            continue
        words, links = _own_words_and_links(item)
        if links and all(link.startswith("#") for link in links):
            continue
        if words >= 4 or any("://" in link for link in links):
            papers.append(item)
            chosen.add(id(item))
    return papers


def _own_words_and_links(item: Tag) -> tuple[int, list[str]]:
    """Words and hrefs of a list item, its nested lists left out."""
    words = 0
    links: list[str] = []
    stack = [item]
    while stack:
        node = stack.pop()
        if node.name == "a" and node.has_attr("href"):
            links.append(str(node["href"]))
        for child in node.children:
            if isinstance(child, Tag):
                if child.name not in ("ul", "ol"):
                    stack.append(child)
            elif isinstance(child, NavigableString) and not isinstance(child, Comment):
                words += len(child.split())
    return words, links


def _heading_sections(soup: BeautifulSoup) -> list[tuple[list[Tag], str | None]]:
    sections: list[tuple[list[Tag], str | None]] = []
    for heading in soup.find_all(("h2", "h3", "h4")):
        if _in_skipped(heading):
            continue
        title = _clean(heading.get_text(" "))
        if _BOILERPLATE_HEADINGS.match(title):
            continue
        group = [heading]
        for sibling in heading.find_next_siblings():
            if sibling.name in ("h1", "h2", "h3", "h4"):
                break
            group.append(sibling)
        if any(tag.name == "p" for tag in group):
            sections.append((group, title or None))
    return sections


def _html_title(tag: Tag) -> str | None:
    for candidate in tag.find_all(True):
        if any("title" in name.lower() for name in _classes(candidate)) or candidate.name in (
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
        ):
            return _clean(candidate.get_text(" ")) or None
    for anchor in tag.find_all(("a", "b", "strong")):
        text = _clean(anchor.get_text(" "))
        if len(text.split()) >= 3:
            return text
    return None


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _html_spans(element: Tag, base_url: str | None) -> Iterator[Span]:
    """Text nodes as prose and `href`s as URLs, in document order."""
    line = element.sourceline or 1
    for node in element.descendants:
        if isinstance(node, Tag):
            line = node.sourceline or line
            if node.name == "a" and node.has_attr("href") and not _in_skipped(node):
                href = _resolve(str(node["href"]), base_url)
                if href and not _ARTIFACT_ANCHORS.match(_clean(node.get_text(" "))):
                    yield Span(href, line, is_url=True)
        elif (
            isinstance(node, NavigableString)
            and not isinstance(node, Comment)
            and node.parent is not None
            and node.parent.name not in _SKIPPED_TAGS
            and node.strip()
        ):
            yield Span(str(node), line)


def _resolve(href: str, base_url: str | None) -> str | None:
    """An absolute URL for an href, or None for in-page, script and unresolvable links."""
    href = href.strip()
    if not href or href.startswith("#") or re.match(r"(?:javascript|mailto|tel|data):", href, re.I):
        return None
    if re.match(r"[a-z][a-z0-9+.-]*:", href, re.I) or href.startswith("//"):
        return href
    if not base_url:
        return None
    try:
        return urljoin(base_url, href)
    except ValueError:  # a base or href no URL parser accepts
        return None


__all__ = [
    "Document",
    "InputFormat",
    "PaperRecord",
    "Reading",
    "Span",
    "parse_date",
    "read_document",
    "read_path",
]
