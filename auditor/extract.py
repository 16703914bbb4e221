"""Paper lists in, papers and links out: each input is read (`auditor.inputs`), URLs are found in
its papers' prose (`auditor.urlscan`) and normalised and classified (`auditor.links`), links are
de-duplicated across papers, and each paper is named (`auditor.naming`) and dated.

`extract_inputs` and `extract_documents` never raise for bad input: a skipped input becomes one
line in `errors`, a doubtful one a line in `warnings`, and both are logged here too.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import BinaryIO

from auditor.inputs import (
    Document,
    InputFormat,
    PaperRecord,
    Reading,
    parse_date,
    read_document,
    read_path,
)
from auditor.links import REPOSITORY_KINDS, normalize_url, repository_name
from auditor.models import InputSummary, Link, LinkKind, Occurrence, Paper, SourceRef
from auditor.naming import paper_name
from auditor.urlscan import FoundUrl, find_urls

logger = logging.getLogger(__name__)

__all__ = [
    "Document",
    "Extraction",
    "FoundUrl",
    "InputFormat",
    "InputSummary",
    "extract_documents",
    "extract_inputs",
    "find_urls",
    "paper_name",
]


@dataclass(frozen=True, slots=True)
class Extraction:
    papers: tuple[Paper, ...]
    links: tuple[Link, ...]  # de-duplicated across papers, in first-seen order
    errors: tuple[str, ...]  # one line per skipped input
    warnings: tuple[str, ...]
    inputs: tuple[InputSummary, ...]


@dataclass(slots=True)
class _LinkSoFar:
    kind: LinkKind
    papers: list[str] = field(default_factory=list)
    occurrences: list[Occurrence] = field(default_factory=list)


class _Collector:
    def __init__(self, paper_date: str | None) -> None:
        self._papers: list[Paper] = []
        self._links: dict[str, _LinkSoFar] = {}
        self._errors: list[str] = []
        self._warnings: list[str] = []
        self._inputs: list[InputSummary] = []
        self._paper_date = parse_date(paper_date) if paper_date else None
        if paper_date and self._paper_date is None:
            self._warn(f"paper date {paper_date!r} is not an ISO 8601 date; ignored")

    def _warn(self, message: str) -> None:
        self._warnings.append(message)
        logger.warning("%s", message)

    def add(self, reading: Reading) -> None:
        count = 0
        for count, record in enumerate(reading.records, start=1):
            self._add_paper(f"{reading.name}#{count}", reading.name, record)
        for message in reading.warnings:
            self._warn(message)
        if reading.error is not None:
            self._errors.append(reading.error)
            logger.error("%s", reading.error)
        elif count == 0 and not reading.warnings:
            self._warn(f"{reading.name}: no papers found")
        self._inputs.append(InputSummary(reading.name, reading.format, count, reading.error))

    def _add_paper(self, paper_id: str, path: str, record: PaperRecord) -> None:
        occurrences: dict[tuple[str, int, str | None], Occurrence] = {}
        kinds: dict[str, LinkKind] = {}
        for span in record.spans:
            found: Iterable[FoundUrl] = (
                [FoundUrl(span.text, span.line, span.text)]
                if span.is_url
                else find_urls(span.text, span.line, follows_lines=span.follows_lines)
            )
            for citation in found:
                normalized = normalize_url(citation.url)
                if normalized is None:
                    continue
                kinds.setdefault(normalized.url, normalized.kind)
                occurrences.setdefault(
                    (normalized.url, citation.line, normalized.subpath),
                    Occurrence(paper_id, path, citation.line, citation.url, normalized.subpath),
                )
        links = tuple(kinds)
        # A GitHub repository names the code better than weights or a review mirror do.
        code = sorted(
            (kinds[url] is not LinkKind.GITHUB_REPO, index, url, occurrence.raw)
            for index, ((url, _, _), occurrence) in enumerate(occurrences.items())
            if kinds[url] in REPOSITORY_KINDS
        )
        repository = repository_name(kinds[code[0][2]], code[0][2], code[0][3]) if code else None
        prose = "\n".join(span.text for span in record.spans if not span.is_url)
        self._papers.append(
            Paper(
                id=paper_id,
                name=paper_name(prose, record.title, repository),
                title=record.title,
                date=record.date or self._paper_date,
                source=SourceRef(path, record.line),
                links=links,
            )
        )
        for (link_url, _, _), occurrence in occurrences.items():
            link = self._links.setdefault(link_url, _LinkSoFar(kinds[link_url]))
            if paper_id not in link.papers:
                link.papers.append(paper_id)
            link.occurrences.append(occurrence)

    def result(self) -> Extraction:
        return Extraction(
            papers=tuple(self._papers),
            links=tuple(
                Link(url, so_far.kind, tuple(so_far.papers), tuple(so_far.occurrences))
                for url, so_far in self._links.items()
            ),
            errors=tuple(self._errors),
            warnings=tuple(self._warnings),
            inputs=tuple(self._inputs),
        )


def extract_inputs(
    paths: Sequence[str],
    *,
    documents: Sequence[Document] = (),
    paper_date: str | None = None,
    stdin: BinaryIO | None = None,
) -> Extraction:
    """Papers and links of the paper lists at `paths` (`-` reads `stdin`, default the process's
    standard input), then of `documents` already in memory. `paper_date` dates every paper
    whose input gives no date."""
    collector = _Collector(paper_date)
    for path in paths:
        collector.add(read_path(path, stdin=stdin))
    for document in documents:
        collector.add(read_document(document))
    return collector.result()


def extract_documents(
    documents: Sequence[Document], *, paper_date: str | None = None
) -> Extraction:
    """As `extract_inputs`, for inputs already in memory (ids `<document name>#n`)."""
    return extract_inputs((), documents=documents, paper_date=paper_date)
