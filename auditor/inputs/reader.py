"""Opening inputs: a path (`-` is standard input) or a document already in memory; the head is
sniffed for binary content and format, then records are read lazily by the format's reader.

Plain text, Markdown, JSONL and CSV are read line by line, so a 100 MB list never sits in
memory whole; HTML, BibTeX and JSON must be loaded whole because their parsers need the
complete document. Nothing here raises for bad input: a `Reading` carries a one-line `error`
(the input is skipped) and `warnings` (the input is read anyway).
"""

from __future__ import annotations

import csv
import difflib
import io
import itertools
import os
import sys
from collections.abc import Iterator
from typing import BinaryIO
from urllib.parse import urlsplit

from auditor.config.settings import DEFAULT_LIMITS
from auditor.inputs.bibtex import bibtex_records
from auditor.inputs.csv_rows import csv_records
from auditor.inputs.decoding import HEAD_BYTES, Decoder, binary_problem
from auditor.inputs.formats import (
    format_from_content_type,
    format_from_name,
    looks_like_jsonl,
    sniff_format,
)
from auditor.inputs.json_records import json_records, jsonl_records
from auditor.inputs.model import Document, InputFormat, PaperRecord, Reading
from auditor.inputs.text import text_records


def read_path(
    path: str, *, stdin: BinaryIO | None = None, max_depth: int = DEFAULT_LIMITS.nesting_depth
) -> Reading:
    """Open one input given on the command line; `-` is standard input. HTML elements nest at
    most `max_depth` deep."""
    reading = Reading(path, max_depth=max_depth)
    if path == "-":
        source = stdin if stdin is not None else sys.stdin.buffer
        _start(reading, source, extension="", content_type=None, base_url=None, owned=False)
        return reading
    if not os.path.exists(path):
        reading.error = f"{path}: no such file{_nearest(path)}"
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


def _nearest(path: str) -> str:
    """` (did you mean …?)` naming the closest file beside a missing one, else ""."""
    folder, name = os.path.split(path)
    try:
        with os.scandir(folder or ".") as entries:
            names = [entry.name for entry in itertools.islice(entries, 1000)]
    except OSError:
        return ""
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.8)
    return f" (did you mean {os.path.join(folder, close[0])}?)" if close else ""


def read_document(document: Document, *, max_depth: int = DEFAULT_LIMITS.nesting_depth) -> Reading:
    """Read an input already in memory; relative HTML links resolve against its name when it
    is a URL."""
    reading = Reading(document.name, max_depth=max_depth)
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
        head = stream.read(HEAD_BYTES)
    except OSError as error:
        reading.error = f"{reading.name}: cannot read ({error.strerror or error})"
        if owned:
            stream.close()
        return
    problem = binary_problem(head)
    if problem is not None:
        reading.error = f"{reading.name}: {problem}, skipped"
    elif len(head) < HEAD_BYTES and not head.strip(b" \t\r\n\xef\xbb\xbf"):
        reading.format = format_from_name(extension) or InputFormat.TEXT
        reading.warnings.append(f"{reading.name}: empty input")
    else:
        reading.format = (
            format_from_content_type(content_type)
            or format_from_name(extension)
            or sniff_format(head)
        )
        if reading.format is InputFormat.JSON and content_type and looks_like_jsonl(head):
            reading.format = InputFormat.JSONL
        reading.records = _records(reading, head, stream, base_url, owned)
        return
    if owned:
        stream.close()


def _records(
    reading: Reading, head: bytes, stream: BinaryIO, base_url: str | None, owned: bool
) -> Iterator[PaperRecord]:
    decoder = Decoder(reading)
    try:
        match reading.format:
            case InputFormat.TEXT:
                yield from text_records(reading, decoder.lines(head, stream))
            case InputFormat.MARKDOWN:
                # The Markdown parser is loaded for Markdown lists only, as BeautifulSoup below.
                from auditor.inputs.markdown import MarkdownSplitter

                yield from MarkdownSplitter(reading).records(decoder.lines(head, stream))
            case InputFormat.JSONL:
                yield from jsonl_records(reading, decoder.lines(head, stream))
            case InputFormat.CSV:
                yield from csv_records(decoder.lines(head, stream))
            case InputFormat.HTML:
                # BeautifulSoup is loaded for HTML lists only: a text list starts at once.
                from auditor.inputs.html_pages import html_records

                yield from html_records(
                    reading, decoder.whole(head, stream), base_url, max_depth=reading.max_depth
                )
            case InputFormat.BIBTEX:
                yield from bibtex_records(reading, decoder.whole(head, stream))
            case InputFormat.JSON:
                yield from json_records(reading, decoder.whole(head, stream))
    except OSError as error:
        reading.error = f"{reading.name}: read failed ({error.strerror or error})"
    except csv.Error as error:
        reading.error = f"{reading.name}: malformed CSV ({error})"
    finally:
        if owned:
            stream.close()
