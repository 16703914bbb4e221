"""Which format an input is: from its media type, then its file name, then its content."""

from __future__ import annotations

import json
import re

from auditor.inputs.fields import field_key
from auditor.inputs.model import InputFormat

EXTENSIONS = {
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


def format_from_name(extension: str) -> InputFormat | None:
    return EXTENSIONS.get(extension)


def format_from_content_type(content_type: str | None) -> InputFormat | None:
    """Only a specific media type decides; `text/plain` (how raw Markdown is often served)
    leaves it to the extension and the content."""
    if not content_type:
        return None
    media = content_type.split(";")[0].strip().lower()
    if media.endswith("+json"):
        return InputFormat.JSON
    return _CONTENT_TYPES.get(media)


def sniff_format(head: bytes) -> InputFormat:
    """The format of an input whose name does not tell (stdin, an unknown extension)."""
    text = head.decode("utf-8", errors="replace").removeprefix("\ufeff")
    start = text.lstrip()
    if start.startswith("<") and _HTML_START.search(start[:4096]):
        return InputFormat.HTML
    if start.startswith(("{", "[")):
        return InputFormat.JSONL if looks_like_jsonl(head) else InputFormat.JSON
    lines = [line for line in start.splitlines() if line.strip()]
    code_lines = [line for line in lines if not line.lstrip().startswith("%")]
    if code_lines and re.match(r"\s*@\w+\s*[{(]", code_lines[0]):
        return InputFormat.BIBTEX
    if lines and is_csv_header(lines[0]):
        return InputFormat.CSV
    markdown_lines = sum(1 for line in lines if _MARKDOWN_LINE.match(line))
    if markdown_lines >= 2 or any(_MARKDOWN_LINK.search(line) for line in lines[:200]):
        return InputFormat.MARKDOWN
    return InputFormat.TEXT


def looks_like_jsonl(head: bytes) -> bool:
    """Two or more lines that each start a JSON object, the first a complete one."""
    lines = [line for line in head.decode("utf-8", "replace").splitlines() if line.strip()]
    if len(lines) < 2 or not lines[1].lstrip().startswith("{"):
        return False
    try:
        return isinstance(json.loads(lines[0].removeprefix("\ufeff")), dict)
    except (ValueError, RecursionError):  # RecursionError: nested too deeply to decode
        return False


def csv_delimiter(header: str) -> str:
    return max("\t,;", key=header.count)


def is_csv_header(line: str) -> bool:
    delimiter = csv_delimiter(line)
    if delimiter not in line:
        return False
    cells = {field_key(cell) for cell in line.split(delimiter)}
    return bool(cells & _CSV_COLUMNS)
