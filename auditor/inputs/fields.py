"""Fields of structured records (JSON, JSONL, CSV, BibTeX): which hold the title, the date, prose
or links, by their conventional names."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from auditor.inputs.dates import parse_date
from auditor.inputs.model import PaperRecord, Span

TITLE_KEYS = frozenset({"title", "paper_title", "name", "paper_name"})
_DATE_KEYS = ("date", "publication_date", "published", "pub_date", "year", "cdate")
PROSE_KEYS = frozenset(
    {"abstract", "summary", "description", "tldr", "note", "notes", "comment", "comments"}
    | {"howpublished", "remarks"}
)
_URL_KEY_PARTS = ("url", "link", "code", "github", "repo", "project", "homepage", "website")
_URL_KEY_PARTS_EXACT = frozenset({"pdf", "pdf_url", "page", "html", "href"})


def field_key(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.strip().lstrip("\ufeff").lower()).strip("_")


def holds_links(key: str) -> bool:
    if key.endswith("date"):  # `urldate` is when a URL was visited, not a URL
        return False
    return key in _URL_KEY_PARTS_EXACT or any(part in key for part in _URL_KEY_PARTS)


def strings(value: object) -> Iterator[str]:
    """Every string in a field value: a string, a list of them, or OpenReview's {"value": ...}."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for element in value:
            yield from strings(element)
    elif isinstance(value, dict) and "value" in value:
        yield from strings(value["value"])


def _unwrap(value: object) -> object:
    return value["value"] if isinstance(value, dict) and "value" in value else value


def record_from_fields(fields: Mapping[str, object], line: int) -> PaperRecord:
    """Title, date and link-bearing text of a record whose fields have conventional names."""
    keyed = {field_key(name): value for name, value in fields.items()}
    title = next((text.strip() for key in TITLE_KEYS for text in strings(keyed.get(key))), None)
    date = next(
        (date for key in _DATE_KEYS if (date := parse_date(_unwrap(keyed.get(key)), key))),
        None,
    )
    spans = tuple(
        Span(text, line, follows_lines=False)
        for key, value in keyed.items()
        if key in PROSE_KEYS or holds_links(key)
        for text in strings(value)
    )
    return PaperRecord(line, title or None, date, spans)
