"""Paper lists in, papers and links out: each input is read (`auditor.inputs`), URLs are found in
its papers' prose (`auditor.urlscan`) and normalised and classified (`auditor.links`), links are
de-duplicated across papers, and each paper is named (`auditor.naming`) and dated.

`extract_inputs` and `extract_documents` never raise for bad input: a skipped input becomes one
line in `errors`, a doubtful one a line in `warnings`, and both are logged here too.
"""

from __future__ import annotations

import logging
import os
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
from auditor.inputs.dates import arxiv_month, list_date
from auditor.inputs.folders import list_files
from auditor.links import REPOSITORY_KINDS, normalize_url, repository_name
from auditor.models import (
    DateSource,
    InputSummary,
    Link,
    LinkKind,
    Occurrence,
    Paper,
    SourceRef,
)
from auditor.naming import paper_name
from auditor.urlscan import FoundUrl, find_urls, lost_link

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


# The note a paper gets when arXiv replaced its abstract's URL with "this https URL".
LOST_LINK_NOTE = 'the abstract\'s link was lost by arXiv ("this https URL"): find it in the paper'
# Twice the largest proceedings (NeurIPS 2025 accepted about 5,300 papers): an input read as more
# is probably no paper list (a dump, a page of filler).
MAX_PLAUSIBLE_PAPERS = 10_000


@dataclass(frozen=True, slots=True)
class Extraction:
    papers: tuple[Paper, ...]
    links: tuple[Link, ...]  # de-duplicated across papers, in first-seen order
    errors: tuple[str, ...]  # one line per skipped input
    warnings: tuple[str, ...]
    inputs: tuple[InputSummary, ...]
    folders: tuple[tuple[str, int], ...] = ()  # each folder given, and how many lists it held


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
        self.folders: list[tuple[str, int]] = []  # each folder read, and its lists
        self._paper_date = parse_date(paper_date) if paper_date else None
        if paper_date and self._paper_date is None:
            self._warn(f"paper date {paper_date!r} is not an ISO 8601 date; ignored")

    def _warn(self, message: str) -> None:
        self._warnings.append(message)
        logger.warning("%s", message)

    def add(self, reading: Reading, *, in_folder: bool = False) -> None:
        """Read one input. One found in a folder is skipped with a warning when it turns out
        not to be a paper list, rather than failing the run."""
        count = 0
        dated: list[str | None] = []  # the list's date, once its header or title is known
        for count, record in enumerate(reading.records, start=1):
            if not dated:
                dated.append(list_date(reading.title or "") or list_date(_file_name(reading)))
            self._add_paper(f"{reading.name}#{count}", reading.name, record, dated[0])
        for message in reading.warnings:
            self._warn(message)
        if count > MAX_PLAUSIBLE_PAPERS and not reading.doubtful:
            self._warn(
                f"{reading.name}: {count:,} papers read, more than any proceedings holds: "
                "is it a paper list?"
            )
        error = reading.error
        if error is not None and in_folder:
            self._warn(f"{error.removesuffix(', skipped')}: not read as a paper list, skipped")
            error = None
        elif error is not None:
            self._errors.append(error)
            logger.error("%s", error)
        elif count == 0 and not reading.warnings:
            self._warn(f"{reading.name}: no papers found")
        self._inputs.append(InputSummary(reading.name, reading.format, count, error))

    def add_folder(self, folder: str, skip: Sequence[str | os.PathLike[str]]) -> None:
        found = list_files(folder, skip=skip)
        if not found.files:
            message = f"{folder}: no paper lists in this folder"
            self._errors.append(message)
            logger.error("%s", message)
            self._inputs.append(InputSummary(folder, None, 0, message))
            return
        for path in found.files:
            self.add(read_path(path), in_folder=True)
        left_out = f" ({len(found.skipped)} other files left out)" if found.skipped else ""
        logger.info("%s: %d paper list(s) read%s", folder, len(found.files), left_out)
        self.folders.append((folder, len(found.files)))

    def _add_paper(self, paper_id: str, path: str, record: PaperRecord, listed: str | None) -> None:
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
        date, source = self._date(record, prose, occurrences.values(), listed)
        self._papers.append(
            Paper(
                id=paper_id,
                name=paper_name(prose, record.title, repository),
                title=record.title,
                date=date,
                source=SourceRef(path, record.line),
                links=links,
                date_source=source,
                notes=(LOST_LINK_NOTE,) if lost_link(prose) else (),
            )
        )
        for (link_url, _, _), occurrence in occurrences.items():
            link = self._links.setdefault(link_url, _LinkSoFar(kinds[link_url]))
            if paper_id not in link.papers:
                link.papers.append(paper_id)
            link.occurrences.append(occurrence)

    def _date(
        self,
        record: PaperRecord,
        prose: str,
        cited: Iterable[Occurrence],
        listed: str | None,
    ) -> tuple[str | None, DateSource | None]:
        """The paper's own date, else its arXiv identifier's month, else the list's date, else
        --paper-date."""
        arxiv = arxiv_month(" ".join([*(o.raw for o in cited), prose]))
        for date, source in (
            (record.date, DateSource.PAPER),
            (arxiv, DateSource.ARXIV_ID),
            (listed, DateSource.LIST),
            (self._paper_date, DateSource.OPTION),
        ):
            if date:
                return date, source
        return None, None

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
            folders=tuple(self.folders),
        )


def extract_inputs(
    paths: Sequence[str],
    *,
    documents: Sequence[Document] = (),
    paper_date: str | None = None,
    stdin: BinaryIO | None = None,
    skip: Sequence[str | os.PathLike[str]] = (),
) -> Extraction:
    """Papers and links of the paper lists at `paths` (`-` reads `stdin`, default the process's
    standard input; a folder, every list under it but the folders in `skip`), then of
    `documents` already in memory. `paper_date` dates every paper that no record, arXiv
    identifier or list header dates."""
    collector = _Collector(paper_date)
    for path in paths:
        if path != "-" and os.path.isdir(path):
            collector.add_folder(path, skip)
        else:
            collector.add(read_path(path, stdin=stdin))
    for document in documents:
        collector.add(read_document(document))
    return collector.result()


def extract_documents(
    documents: Sequence[Document], *, paper_date: str | None = None
) -> Extraction:
    """As `extract_inputs`, for inputs already in memory (ids `<document name>#n`)."""
    return extract_inputs((), documents=documents, paper_date=paper_date)


def _file_name(reading: Reading) -> str:
    """The input's file name (the last segment of a URL's path), which may name a venue."""
    return reading.name.rstrip("/").rsplit("/", 1)[-1]
