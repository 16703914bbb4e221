"""Plain-text lists, the seed format: an optional one-line header, then one abstract per
paragraph (hard wraps inside a paragraph belong to it); a file without a single blank line holds
one paper per line."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from auditor.inputs.dates import list_date
from auditor.inputs.model import PaperRecord, Reading, Span

# No abstract runs this many lines: a "paragraph" this long is a list of one paper per line, and
# reading it so keeps a file without blank lines streaming.
_MAX_PARAGRAPH_LINES = 200
# What a header line of a list without blank lines says, where a paper's title would not.
_LIST_WORDS = re.compile(r"\b(?:papers?|list|accepted|proceedings|reading)\b|论文", re.I)


def text_records(reading: Reading, lines: Iterable[str]) -> Iterator[PaperRecord]:
    """Paragraph by paragraph; the first paragraph, when it is one short line, is the list's
    header (`reading.title`). Until a blank line is seen, lines are held back: a file without
    one (or with a first "paragraph" longer than any abstract) is read one paper per line."""
    held: list[tuple[int, str]] = []
    blank_seen = per_line = False
    first = True
    for number, line in enumerate(lines, start=1):
        if per_line:
            if line.strip():
                yield _record(number, [line])
            continue
        if line.strip():
            held.append((number, line))
            if not blank_seen and len(held) > _MAX_PARAGRAPH_LINES:
                per_line = True
                yield from _per_line(reading, held)
                held = []
            continue
        if held:
            if first and _is_header([text for _, text in held]):
                reading.title = held[0][1].strip()
            else:
                yield _record(held[0][0], [text for _, text in held])
            first = False
        blank_seen = True
        held = []
    if held and not blank_seen:
        yield from _per_line(reading, held)
    elif held and not (first and _is_header([text for _, text in held])):
        yield _record(held[0][0], [text for _, text in held])


def _per_line(reading: Reading, lines: list[tuple[int, str]]) -> Iterator[PaperRecord]:
    start = 0
    if _is_header([lines[0][1]]):
        header = lines[0][1]
        if len(lines) == 1 or list_date(header) is not None or _LIST_WORDS.search(header):
            reading.title = header.strip()
            start = 1
    for number, line in lines[start:]:
        yield _record(number, [line])


def _record(start: int, block: list[str]) -> PaperRecord:
    return PaperRecord(start, None, None, (Span("\n".join(block), start),))


def _is_header(block: list[str]) -> bool:
    return len(block) == 1 and len(block[0].split()) <= 12 and "://" not in block[0]
