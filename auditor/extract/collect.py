"""Paper lists in, papers and links out: each input is read (`auditor.inputs`), URLs are found in
its papers' prose (`auditor.links.scan`) and normalised and classified (`auditor.links`), links are
de-duplicated across papers, and each paper is named (`auditor.extract.naming`) and dated.

`extract_inputs` and `extract_documents` never raise for bad input: a skipped input becomes one
line in `errors`, a doubtful one a line in `warnings`, and both are logged here too.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import BinaryIO

from auditor.config.settings import DEFAULT_LIMITS, Limits
from auditor.deadline import TIME_LIMIT_REACHED, OutOfTime, checkpoint
from auditor.extract.naming import paper_name
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
from auditor.links import REPOSITORY_KINDS, cut_url, normalize_url, paper_key, repository_name
from auditor.links.scan import FoundUrl, find_urls, lost_link
from auditor.models import (
    DateSource,
    InputSummary,
    Link,
    LinkKind,
    Occurrence,
    Paper,
    SourceRef,
)

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
# A title longer than this is a paragraph: only its start names the paper and dates the list.
MAX_TITLE_CHARS = 1000


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
    papers: dict[str, None] = field(default_factory=dict)  # in order; a set for membership
    occurrences: list[Occurrence] = field(default_factory=list)


class _Collector:
    def __init__(self, paper_date: str | None, limits: Limits = DEFAULT_LIMITS) -> None:
        self._limits = limits
        self.out_of_time = False
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
        try:
            if self.out_of_time:
                raise OutOfTime
            for record in reading.records:
                checkpoint()
                if not dated:
                    title = (reading.title or "")[:MAX_TITLE_CHARS]
                    dated.append(list_date(title) or list_date(_file_name(reading)))
                self._add_paper(f"{reading.name}#{count + 1}", reading.name, record, dated[0])
                count += 1
        except OutOfTime:
            # The papers read so far stand; the input counts as not read (exit code 2), in a
            # folder too, and so do the inputs after it.
            self.out_of_time = True
            close = getattr(reading.records, "close", None)
            if close is not None:
                close()  # the input's file, when it was the checkpoint of this loop that fired
            done = f" after {count} papers" if count else ""
            reading.error = f"{reading.name}: not read to the end ({TIME_LIMIT_REACHED}{done})"
            in_folder = False
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
            self.add(read_path(path, max_depth=self._limits.nesting_depth), in_folder=True)
        left_out = f" ({len(found.skipped)} other files left out)" if found.skipped else ""
        logger.info("%s: %d paper list(s) read%s", folder, len(found.files), left_out)
        self.folders.append((folder, len(found.files)))

    def _add_paper(self, paper_id: str, path: str, record: PaperRecord, listed: str | None) -> None:
        occurrences: dict[tuple[str, int, str | None], Occurrence] = {}
        kinds: dict[str, LinkKind] = {}
        left_out: set[str] = set()  # links past `links_per_paper`
        longest, most = self._limits.url_length, self._limits.links_per_paper
        # Where the prose's URLs are, as written: the name rules blank them without a scan.
        written: list[tuple[int, int]] = []
        at = 0  # where the span starts in the prose (its spans joined by newlines)
        for span in record.spans:
            found: Iterable[FoundUrl]
            if span.is_url:
                found = [FoundUrl(span.text, span.line, span.text)]
            else:
                found = find_urls(
                    span.text, span.line, follows_lines=span.follows_lines, longest=longest
                )
                written += [(at + url.start, at + url.start + len(url.written)) for url in found]
                at += len(span.text) + 1
            for citation in found:
                if len(citation.url) > longest:
                    # Kept as its start, marked cut: `unsupported`, never fetched nor copied whole.
                    url = raw = cut_url(citation.url, longest)
                    kind, subpath = LinkKind.WEB, None
                else:
                    normalized = normalize_url(citation.url)
                    if normalized is None:
                        continue
                    url, kind, subpath = normalized.url, normalized.kind, normalized.subpath
                    raw = citation.url
                if url not in kinds and len(kinds) >= most:
                    left_out.add(url)
                    continue
                kinds.setdefault(url, kind)
                occurrences.setdefault(
                    (url, citation.line, subpath),
                    Occurrence(paper_id, path, citation.line, raw, subpath),
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
        title = record.title
        if title is not None and len(title) > MAX_TITLE_CHARS:
            title = title[: MAX_TITLE_CHARS - 1] + "…"
        notes = [LOST_LINK_NOTE] if lost_link(prose) else []
        if left_out:
            notes.append(left_out_note(len(left_out), most))
        name = paper_name(prose, title, repository, urls=written)
        self._papers.append(
            Paper(
                id=paper_id,
                name=name,
                title=title,
                date=date,
                source=SourceRef(path, record.line),
                links=links,
                date_source=source,
                notes=tuple(notes),
                key=paper_key(links, record.title or name),
            )
        )
        for (link_url, _, _), occurrence in occurrences.items():
            link = self._links.setdefault(link_url, _LinkSoFar(kinds[link_url]))
            link.papers.setdefault(paper_id, None)
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


def left_out_note(count: int, most: int) -> str:
    """The note of a paper whose links past the `links_per_paper` cap were left out."""
    return f"{count:,} more link(s) left out, not checked: at most {most} per paper"


def is_url_input(text: str) -> bool:
    """An input naming a list page to fetch (`auditor audit` only), not a file to read."""
    return text.lower().startswith(("http://", "https://"))


def extract_inputs(
    paths: Sequence[str],
    *,
    documents: Sequence[Document] = (),
    paper_date: str | None = None,
    stdin: BinaryIO | None = None,
    skip: Sequence[str | os.PathLike[str]] = (),
    limits: Limits = DEFAULT_LIMITS,
) -> Extraction:
    """Papers and links of the paper lists at `paths` (`-` reads `stdin`, default the process's
    standard input; a folder, every list under it but the folders in `skip`), then of
    `documents` already in memory. `paper_date` dates every paper that no record, arXiv
    identifier or list header dates. `limits` caps links per paper, URL length and HTML
    nesting; the run's deadline (`auditor.deadline`) stops the reading where it is: the input
    being read, and those after it, are then errors."""
    collector = _Collector(paper_date, limits)
    depth = limits.nesting_depth
    for path in paths:
        if path != "-" and os.path.isdir(path):
            collector.add_folder(path, skip)
        else:
            collector.add(read_path(path, stdin=stdin, max_depth=depth))
    for document in documents:
        collector.add(read_document(document, max_depth=depth))
    return collector.result()


def extract_documents(
    documents: Sequence[Document], *, paper_date: str | None = None, limits: Limits = DEFAULT_LIMITS
) -> Extraction:
    """As `extract_inputs`, for inputs already in memory (ids `<document name>#n`)."""
    return extract_inputs((), documents=documents, paper_date=paper_date, limits=limits)


def _file_name(reading: Reading) -> str:
    """The input's file name (the last segment of a URL's path), which may name a venue."""
    return reading.name.rstrip("/").rsplit("/", 1)[-1]
