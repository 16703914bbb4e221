"""The values every reader shares: input formats, an input already in memory (`Document`), a paper
as its input gave it (`PaperRecord` of `Span`s), and one input being read (`Reading`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum

# A loose paragraph shorter than this is a header, a badge line or an introduction, not an abstract.
MIN_ABSTRACT_WORDS = 20
# Sections of a README or a page that are never a paper (Markdown and HTML headings).
BOILERPLATE_HEADINGS = re.compile(
    r"^(?:table of )?contents?$|^contribut|^licen[cs]e|^acknowledg|^citation|^cite|^star history"
    r"|^contact|^related|^about|^how to|^usage|^install|^changelog|^news|^updates?$",
    re.I,
)


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
    # The list's header line, first heading or page title, once the reader has seen it.
    title: str | None = None
    # Set by a reader that warned that the input does not read as a paper list.
    doubtful: bool = False
    error: str | None = None
    warnings: list[str] = field(default_factory=list)
    records: Iterator[PaperRecord] = field(default_factory=lambda: iter(()))
    max_depth: int = 256  # how deep HTML elements may nest (`Limits.nesting_depth`)
