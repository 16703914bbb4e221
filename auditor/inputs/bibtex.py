"""BibTeX lists: entries through bibtexparser 1.x, their lines from a scan of the source."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from auditor.inputs.dates import MONTHS, iso, parse_date
from auditor.inputs.fields import field_key, holds_links
from auditor.inputs.model import PaperRecord, Reading, Span

_BIB_ENTRY = re.compile(r"^[ \t]*@[ \t]*(\w+)[ \t]*[{(][ \t]*([^,\s]*)", re.M)
_BIB_FIELD = re.compile(r"^[ \t,]*(\w+)[ \t]*=", re.M)
_BIB_NOT_ENTRIES = frozenset({"comment", "string", "preamble"})
_BIB_LINK_FIELDS = ("url", "code", "howpublished", "abstract", "note")


def bibtex_records(reading: Reading, text: str) -> Iterator[PaperRecord]:
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
            key = field_key(name)
            if key in _BIB_LINK_FIELDS or holds_links(key):
                spans.append(Span(value, field_lines.get(key, start), follows_lines=False))
        spans.sort(key=lambda span: span.line)  # bibtexparser does not keep the field order
        date = parse_date(entry.get("date", "")) or _bib_year_month(entry)
        title = re.sub(r"\s+", " ", entry.get("title", "").replace("{", "").replace("}", ""))
        yield PaperRecord(start, title.strip() or None, date, tuple(spans))


def _bib_year_month(entry: Mapping[str, str]) -> str | None:
    year = parse_date(entry.get("year", "").strip("{} "))
    month_text = entry.get("month", "").strip("{} ").lower()
    month = MONTHS.get(month_text[:3]) or (int(month_text) if month_text.isdigit() else None)
    if year is None or month is None:
        return year
    return iso(int(year), month, None) or year


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
