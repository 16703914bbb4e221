"""JSON and JSONL lists: a list of records, an object holding one (`papers`, `notes`, …), one
record per line, and OpenReview notes (v1 strings or v2 `{"value": …}` under `content`)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping

from auditor.inputs.fields import PROSE_KEYS, TITLE_KEYS, field_key, record_from_fields
from auditor.inputs.model import PaperRecord, Reading

_LIST_KEYS = ("papers", "notes", "items", "entries", "records", "results", "data", "rows")


def _json_fields(record: Mapping[str, object]) -> dict[str, object]:
    """A record's own fields, with OpenReview's `content` (v1 strings or v2 {"value": ...})
    lifted to the top level."""
    fields = {name: value for name, value in record.items() if name != "content"}
    content = record.get("content")
    if isinstance(content, dict):
        fields.update(content)
    return fields


def jsonl_records(reading: Reading, lines: Iterable[str]) -> Iterator[PaperRecord]:
    skipped: list[int] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            record = None
        if isinstance(record, dict):
            yield record_from_fields(_json_fields(record), number)
        else:
            skipped.append(number)
    if skipped:
        shown = ", ".join(map(str, skipped[:5])) + (", …" if len(skipped) > 5 else "")
        reading.warnings.append(
            f"{reading.name}: {len(skipped)} line(s) not a JSON object, skipped (line {shown})"
        )


def json_records(reading: Reading, text: str) -> Iterator[PaperRecord]:
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
            fields = {field_key(name) for name in _json_fields(document)}
            records = [document] if fields & (TITLE_KEYS | PROSE_KEYS) else []
    if not isinstance(records, list):
        return
    starts = _record_lines(text, key) if key is not None or isinstance(document, list) else [1]
    skipped = 0
    for position, record in enumerate(records, start=1):
        if isinstance(record, dict):
            line = starts[position - 1] if len(starts) == len(records) else position
            yield record_from_fields(_json_fields(record), line)
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
