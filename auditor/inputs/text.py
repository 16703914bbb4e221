"""Plain-text lists, the seed format: an optional one-line header, then one abstract per
paragraph."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from auditor.inputs.model import PaperRecord, Span


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


def text_records(lines: Iterable[str]) -> Iterator[PaperRecord]:
    """The seed format: an optional one-line header, then one abstract per paragraph."""
    for index, (start, block) in enumerate(_paragraphs(lines)):
        if index == 0 and _is_header(block):
            continue
        yield PaperRecord(start, None, None, (Span("\n".join(block), start),))


def _is_header(block: list[str]) -> bool:
    return len(block) == 1 and len(block[0].split()) <= 12 and "://" not in block[0]
