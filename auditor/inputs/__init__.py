"""Reading paper lists: one module per input format (plain text, Markdown, HTML, BibTeX,
JSON/JSONL with OpenReview, CSV), plus the shared pieces: opening and sniffing (`reader`,
`decoding`, `formats`), record fields (`fields`) and dates (`dates`).

An input becomes a `Reading` whose `records` (`PaperRecord`s of `Span`s) stream lazily; nothing
here raises for bad input.
"""

from auditor.inputs.dates import parse_date
from auditor.inputs.model import Document, InputFormat, PaperRecord, Reading, Span
from auditor.inputs.reader import read_document, read_path

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
