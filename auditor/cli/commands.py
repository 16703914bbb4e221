"""The commands that need no network: `extract` (papers and links found), `render` (reports
from a `scorecard.json`) and `readme` (a README judged as the scorecard would). Each imports
what it reads with when it runs: none loads another's modules (`auditor.cli.main`)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, TextIO

from auditor import redact
from auditor.cli.arguments import limits_from
from auditor.cli.exits import EXIT_OK, EXIT_USAGE, UsageError
from auditor.cli.messages import log
from auditor.models import LinkKind

if TYPE_CHECKING:
    from auditor.extract import collect as extract


def print_extraction(extraction: extract.Extraction, form: str, out: TextIO) -> None:
    if form == "json":
        from auditor import scorecard

        document = scorecard.extraction_json(extraction.papers, extraction.links)
        out.write(redact.json_for_terminal(scorecard.dumps_json(document)))
        return
    names = {paper.id: paper.name for paper in extraction.papers}
    width = max((len(kind.value) for kind in LinkKind), default=10)
    for link in extraction.links:
        papers = ", ".join(f"{names.get(pid, pid)} ({pid})" for pid in link.papers)
        # Names and URLs come from the lists: no escape sequence of theirs reaches a terminal.
        line = redact.for_terminal(f"{link.url}  ← {papers}").replace("\n", " ")
        out.write(f"{link.kind.value:<{width}}  {line}\n")
    read = ", ".join(
        f"{count} paper lists read in {folder}" for folder, count in extraction.folders
    )
    read = f" ({read})" if read else ""  # folder names: anyone's
    counts = f"{len(extraction.papers)} papers, {len(extraction.links)} links"
    out.write(redact.for_terminal(counts + read) + "\n")


def run_extract(args: argparse.Namespace, out: TextIO) -> int:
    from auditor.extract import collect as extract

    # `extract` uses no network: a list page's URL is named as such, not as a missing file.
    urls = [path for path in args.paths if extract.is_url_input(path)]
    for url in urls:
        log.error("%s: a URL; extract reads files only (`auditor audit` fetches list pages)", url)
    # Extraction logs its own errors and warnings as it reads.
    extraction = extract.extract_inputs(
        [path for path in args.paths if path not in urls],
        paper_date=args.paper_date,
        limits=limits_from(args),
    )
    code = EXIT_USAGE if extraction.errors or urls else EXIT_OK
    with _reader_may_stop(out):
        print_extraction(extraction, args.format, out)
    return code


@contextlib.contextmanager
def _reader_may_stop(out: TextIO) -> Iterator[None]:
    """Printing to a pipe whose reader stopped (`auditor extract … | head -1`) ends the output
    quietly: the reader took what it wanted, which is no error."""
    try:
        yield
        out.flush()
    except BrokenPipeError:
        # Whatever is still buffered goes nowhere, and Python's own flush at exit stays quiet.
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, out.fileno())
            os.close(devnull)


def run_render(args: argparse.Namespace) -> int:
    from auditor import scorecard
    from auditor.cli.audit import csv_reports, write_reports

    card = scorecard.load_scorecard(args.scorecard)
    out_dir = args.out or args.scorecard.parent
    if args.format == "csv":  # beside the report set, which stays as it is
        tables = csv_reports(card)
        scorecard.write_files_atomically({out_dir / name: text for name, text in tables.items()})
    else:
        write_reports(card, out_dir, with_json=args.out is not None, badges=args.badges)
    log.info("reports written to %s", out_dir)
    return EXIT_OK


def run_readme(args: argparse.Namespace, out: TextIO) -> int:
    from auditor.cli import readme as readme_check

    try:
        judged = readme_check.check_path(args.path)
    except readme_check.ReadmeCheckError as error:
        raise UsageError(str(error)) from None
    with _reader_may_stop(out):
        if args.format == "json":
            text = json.dumps(judged.as_json(), indent=2, ensure_ascii=False)
            out.write(redact.json_for_terminal(text) + "\n")
        else:
            # Excerpts come from the README: no escape sequence of theirs reaches a terminal.
            out.write(redact.for_terminal(judged.as_text()))
    return EXIT_OK
