"""CSV and TSV lists: a header row names the columns (`title`, `abstract`, `url`, `code`, …)."""

from __future__ import annotations

import csv
from collections.abc import Iterator

from auditor.inputs.fields import record_from_fields
from auditor.inputs.formats import csv_delimiter
from auditor.inputs.model import PaperRecord


def csv_records(lines: Iterator[str]) -> Iterator[PaperRecord]:
    """A header row names the columns; a quoted cell may span lines, so each record's line is
    where its row starts."""
    first = next(lines, None)
    if first is None:
        return
    reader = csv.reader(_chain_first(first, lines), delimiter=csv_delimiter(first))
    header = next(reader, None)
    if header is None:
        return
    consumed = reader.line_num
    for row in reader:
        start, consumed = consumed + 1, reader.line_num
        if any(cell.strip() for cell in row):
            yield record_from_fields(dict(zip(header, row, strict=False)), start)


def _chain_first(first: str, rest: Iterator[str]) -> Iterator[str]:
    yield first
    yield from rest
