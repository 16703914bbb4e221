"""`auditor audit`, `merge` and `issue`: a run from its settings to its reports. The history is
recorded only for a complete audit and only once its reports are written; progress,
acknowledged links, reviewed verdicts, the verdict cache's reuse and the exit code are said here."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import os
import re
import sys
from collections.abc import Callable, Coroutine, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from auditor import history, redact, render, scorecard
from auditor.actions import workflow as actions
from auditor.check.checker import INTERNAL_ERROR_DETAIL
from auditor.cli import forked
from auditor.cli.arguments import github_token, network_from, settings_from
from auditor.cli.exits import EXIT_OK, EXIT_USAGE, UsageError, exit_code, parse_fail_on
from auditor.cli.messages import log
from auditor.cli.progress import Progress
from auditor.config import file as configfile
from auditor.config import settings as config
from auditor.models import LinkResult
from auditor.net.client import event_loop
from auditor.pipeline import run as pipeline
from auditor.pipeline import shard
from auditor.render import data
from auditor.rubric import registry as rubric
from auditor.scorecard import Scorecard, acknowledgements, reviews
from auditor.timestamps import day_of

BADGES_FOLDER = "badges"


@dataclass(frozen=True, slots=True)
class WrittenReports:
    """What `write_reports` wrote: the files' names (index.html, the one people open, first)
    and the Markdown summary (the Actions job summary reuses it)."""

    names: tuple[str, ...]
    summary: str


# From this many papers `index.html` is rendered in a forked child beside the other reports
# (`forked`): below it the fork costs more than it saves.
FORK_FROM_PAPERS = 2_000


def write_reports(
    card: Scorecard, out_dir: Path, *, with_json: bool, badges: bool = False
) -> WrittenReports:
    """Writes the reports as one set (`scorecard.write_report_set`). Without `with_json`, the
    scorecard.json already there joins the new set unchanged. With `badges`, each paper's badge
    in `badges/`, after the set and all-or-nothing on their own (the set's files lie flat).
    `index.html` is rendered beside the rest (`forked.rendered_beside`) and written last, when
    the others are."""
    shown = render.report_views(card)  # what both reports show of the papers, built once
    with forked.rendered_beside(
        lambda: redact.scrub(render.render_html(card, shown)),
        fork=len(card.papers) >= FORK_FROM_PAPERS,
    ) as index_html:
        summary = redact.scrub(render.render_markdown(card, shown=shown))
        files: dict[str, str | Iterable[str]] = {"summary.md": summary}
        if with_json:  # written in pieces: the whole document's JSON values are never in memory
            files["scorecard.json"] = (redact.scrub(part) for part in scorecard.dump_chunks(card))
        elif (out_dir / "scorecard.json").is_file():
            files["scorecard.json"] = redact.scrub(
                (out_dir / "scorecard.json").read_text(encoding="utf-8")
            )
        files.update(csv_reports(card))  # beside scorecard.json: docs/data-out.md
        files["badge.json"] = redact.scrub(data.badge_json(card))
        files["index.html"] = index_html
        scorecard.write_report_set(out_dir, files)
    names = ("index.html", *(name for name in files if name != "index.html"))
    if badges:
        folder = out_dir / BADGES_FOLDER
        each = {folder / name: redact.scrub(text) for name, text in data.paper_badges(card).items()}
        scorecard.write_files_atomically(each)
        names += (f"{BADGES_FOLDER}/",)
    return WrittenReports(names, summary)


def csv_reports(card: Scorecard) -> dict[str, str]:
    """`papers.csv` and `links.csv` (docs/data-out.md)."""
    return {
        "papers.csv": redact.scrub(data.papers_csv(card)),
        "links.csv": redact.scrub(data.links_csv(card)),
    }


def _publish(
    card: Scorecard, out_dir: Path, environ: Mapping[str, str], *, badges: bool
) -> WrittenReports:
    written = write_reports(card, out_dir, with_json=True, badges=badges)
    actions.report_to_actions(
        card,
        environ=environ,
        summary_markdown=written.summary,
        report_path=out_dir,
        out=sys.stdout,
    )
    return written


def _say_reports_written(out_dir: Path, written: WrittenReports, *, quiet: bool) -> None:
    """The run's last line, on stderr: where its reports are (not with --quiet)."""
    if not quiet:
        folder = str(out_dir).rstrip(os.sep) + os.sep
        names = ", ".join(written.names)
        sys.stderr.write(
            redact.for_terminal(f"auditor: reports written to {folder} ({names})") + "\n"
        )


def _check_out_dir(out_dir: Path) -> None:
    """`--out` must be a folder this process can write, or one it can create: checked before
    any request, for an unusable one would otherwise fail only once the whole audit has run."""
    existing = out_dir
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent  # the reports' writer creates the folders below it
    named = f"--out {out_dir}" if existing == out_dir else f"--out {out_dir}: {existing}"
    if not existing.is_dir():
        raise UsageError(f"{named} is not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"{named} is not writable")


class _Observer(pipeline.Observer):
    """Stores each result in the history as it is final, and counts it on the progress line.
    The history is opened, and the run begun in it, only once every input was read
    (`inputs_read`): a run with an input missing never touches it. A history that fails to
    store is given up with one error: the run and its reports go on."""

    def __init__(self, db: Path, progress: Progress) -> None:
        self.db = db
        self.runs: history.History | None = None
        self._opened: history.History | None = None
        self.run_id: int | None = None
        self.progress = progress

    def inputs_read(self, complete: bool) -> None:
        if not complete:
            log.warning(
                "the run history is left as it was: only a run that read every input is recorded"
            )
            return
        self.runs = self._opened = _open_history(self.db)
        self.run_id = _begin(self.runs)

    def close(self, *, failing: bool = False) -> None:
        """Close the history. When the run is `failing` (its reports could not be written),
        that error is the one said: a history that cannot be closed either (the same full
        disk) does not replace it."""
        if self._opened is None:
            return
        if not failing:
            self._opened.close()
            return
        with contextlib.suppress(history.HistoryError):
            self._opened.close()

    def planned(self, count: int) -> None:
        self.progress.add_total(count)

    def finished(self, result: LinkResult) -> None:
        if self.runs is not None and self.run_id is not None:
            try:
                self.runs.store_link(self.run_id, result)
            except history.HistoryError as error:
                log.error("%s; the run goes on without its history", error)
                self.runs = None
        self.progress.advance(result)

    def github_budget(self, remaining: int | None) -> None:
        self.progress.github_budget(remaining)


@contextlib.contextmanager
def _progress(args: argparse.Namespace, environ: Mapping[str, str]) -> Iterator[Progress]:
    """Progress on stderr, never with --quiet: one line redrawn on a terminal, plain lines every
    ~10 s in a log (grouped under GitHub Actions); the log's own lines kept apart from it."""
    progress = Progress(0, sys.stderr, enabled=not args.quiet, environ=environ)
    handlers = logging.getLogger("auditor").handlers
    clearing = progress.logging_filter()
    for handler in handlers:
        handler.addFilter(clearing)
    try:
        with progress:
            yield progress
    finally:
        for handler in handlers:
            handler.removeFilter(clearing)


def _open_history(path: Path) -> history.History | None:
    """The run history, or None (one error line) when it cannot be used: the run goes on
    without the history's comparison (its reports, when they can be written, say nothing of
    it); the exit code says 2."""
    try:
        return history.History.open(path)
    except (history.HistoryError, OSError) as error:
        log.error("%s; the run goes on without its history", error)
        return None


def _internal_errors(card: Scorecard) -> int:
    return sum(
        1 for entry in card.links if entry.result.check.detail.startswith(INTERNAL_ERROR_DETAIL)
    )


def _record(
    runs: history.History | None,
    card: Scorecard,
    publish: Callable[[Scorecard], WrittenReports],
    *,
    run_id: int | None,
    reported_by_issue: bool,
) -> tuple[Scorecard, WrittenReports, bool]:
    """Annotate `card` with the history, write its reports (`publish`), and only then record
    the run finished (and reported, unless a tracking issue is still to carry it). (card as
    written, the reports, whether the history failed.)"""
    failed = runs is None
    if runs is not None:
        try:
            run_id = run_id if run_id is not None else runs.begin_run(card.generated_at)
            card = runs.annotate_run(run_id, card)
            card = runs.annotate_promises(run_id, card)
        except history.HistoryError as error:
            log.error("%s; the run goes on without its history", error)
            runs, failed = None, True
    written = publish(card)
    if runs is not None and run_id is not None:
        try:
            runs.mark_finished(run_id, reported=not reported_by_issue)
        except history.HistoryError as error:
            log.error("%s", error)
            failed = True
    return card, written, failed


def _load_rubric(args: argparse.Namespace) -> rubric.Rubric:
    """The rubric of `--config`, else of ./pyproject.toml: `audit` and `merge` read it alike."""
    try:
        return rubric.load_rubric(args.config, pyproject=Path("pyproject.toml"))
    except configfile.ConfigError as error:
        raise UsageError(str(error)) from None


def _load_acknowledgements(
    args: argparse.Namespace,
) -> tuple[acknowledgements.AcknowledgementRule, ...]:
    """The acknowledged dead links of `--acknowledgements` (else ./.paper-auditor-ignore) and of
    the configuration: `audit` and `merge` read them alike, before any work."""
    try:
        return acknowledgements.load_acknowledgements(
            args.acknowledgements, config=args.config, pyproject=Path("pyproject.toml")
        )
    except configfile.ConfigError as error:
        raise UsageError(str(error)) from None


@dataclass(frozen=True, slots=True)
class _Marks:
    """What people wrote about the run's links and papers: the acknowledged dead links and
    the reviewed verdicts."""

    acknowledgements: tuple[acknowledgements.AcknowledgementRule, ...]
    reviews: tuple[reviews.ReviewEntry, ...]


def _load_marks(args: argparse.Namespace) -> _Marks:
    """The acknowledgements and the reviews (`_load_acknowledgements`, `--reviews`, else
    ./.paper-auditor-reviews, and the configuration's): read before any work."""
    acknowledged = _load_acknowledgements(args)
    try:
        reviewed = reviews.load_reviews(
            args.reviews, config=args.config, pyproject=Path("pyproject.toml")
        )
    except configfile.ConfigError as error:
        raise UsageError(str(error)) from None
    return _Marks(acknowledged, reviewed)


def _marked(card: Scorecard, marks: _Marks) -> Scorecard:
    """`card` with its acknowledged links marked, as of the day it was generated (UTC), and
    its reviewed papers and links carrying their reviews."""
    today = date.fromisoformat(day_of(card.generated_at))
    card = acknowledgements.apply_acknowledgements(card, marks.acknowledgements, today)
    return reviews.apply_reviews(card, marks.reviews)


def _run_async(run: Coroutine[Any, Any, pipeline.RunOutcome]) -> pipeline.RunOutcome:
    """`asyncio.run(run)` on the run's event loop (`net.client.event_loop`), without the
    finished main task holding the outcome: Python 3.11's runner formats that task's repr when
    it restores the SIGINT handler, which at 20,000 papers wrote the whole audit out as text
    (hundreds of MB, seconds of CPU)."""
    done: list[pipeline.RunOutcome] = []

    async def main() -> None:
        done.append(await run)

    with asyncio.Runner(loop_factory=event_loop) as runner:
        runner.run(main())
    return done[0]


def run_audit(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    rules = parse_fail_on(args.fail_on)
    settings = settings_from(args, environ)
    _check_out_dir(settings.out_dir)
    scoring = _load_rubric(args)
    marks = _load_marks(args)
    try:
        shard_of = shard.parse_shard(args.shard) if args.shard else None
    except shard.ShardError as error:
        raise UsageError(str(error)) from None
    if shard_of is not None:
        if args.db is not None:
            raise UsageError("--db goes with `auditor merge`, not with --shard")
        outcome = _run_async(
            pipeline.run(
                args.paths, settings, scoring, shard_of=shard_of, allow_missing=args.allow_missing
            )
        )
        if outcome.stopped:
            return _stopped(settings.out_dir, history_kept=False)
        card = _marked(scorecard.build_scorecard(outcome.audit), marks)
        card = shard.stamp(card, *shard_of)
        written = write_reports(card, settings.out_dir, with_json=True, badges=args.badges)
        _say_cache_reuse(card, quiet=args.quiet)
        _say_graphql_points(card, quiet=args.quiet)
        code = exit_code(card, rules, bool(outcome.errors), internal_errors=_internal_errors(card))
        _say_reports_written(settings.out_dir, written, quiet=args.quiet)
        return code
    observer: _Observer | None = None
    try:
        with _progress(args, environ) as progress:
            observer = _Observer(args.db or settings.out_dir / "history.sqlite", progress)
            outcome = _run_async(
                pipeline.run(
                    args.paths,
                    settings,
                    scoring,
                    observer=observer,
                    allow_missing=args.allow_missing,
                )
            )
        if outcome.stopped:  # no file written, nothing recorded
            return _stopped(settings.out_dir, history_kept=True)
        card, written, failed = _record(
            observer.runs if observer.run_id is not None else None,
            _marked(scorecard.build_scorecard(outcome.audit), marks),
            lambda card: _publish(card, settings.out_dir, environ, badges=args.badges),
            run_id=observer.run_id,
            reported_by_issue=args.reported_by_issue,
        )
    except BaseException:
        if observer is not None:
            observer.close(failing=True)
        raise
    if observer is not None:
        observer.close()
    _say_cache_reuse(card, quiet=args.quiet)
    _say_graphql_points(card, quiet=args.quiet)
    code = exit_code(
        card, rules, bool(outcome.errors) or failed, internal_errors=_internal_errors(card)
    )
    _say_reports_written(settings.out_dir, written, quiet=args.quiet)
    return code


def _say_cache_reuse(card: Scorecard, *, quiet: bool) -> None:
    """The verdicts taken from the cache, on stderr: a warm run must not pass for a fresh one."""
    sentence = render.cache_reuse_sentence(card.cache)
    if sentence is not None and not quiet:
        sys.stderr.write(f"auditor: {sentence}\n")


def _say_graphql_points(card: Scorecard, *, quiet: bool) -> None:
    """The GitHub GraphQL points the run spent, on stderr: a token's hour holds 1,000 to 5,000."""
    if card.graphql_points is not None and not quiet:
        sys.stderr.write(f"auditor: GitHub GraphQL points spent: {card.graphql_points:,}\n")


def _begin(runs: history.History | None) -> int | None:
    if runs is None:
        return None
    try:
        return runs.begin_run()
    except history.HistoryError as error:
        log.error("%s; the run goes on without its history", error)
        return None


def _stopped(out_dir: Path, *, history_kept: bool) -> int:
    """An input could not be read (its error is logged): nothing was checked or written."""
    kept = " and the run history are" if history_kept else " are"
    log.error(
        "nothing written: an input could not be read; the reports in %s%s left as they were "
        "(--allow-missing writes them from the inputs that were read)",
        out_dir,
        kept,
    )
    return EXIT_USAGE


def run_merge(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    rules = parse_fail_on(args.fail_on)
    _check_out_dir(args.out)
    scoring = _load_rubric(args)
    marks = _load_marks(args)
    # Whole scorecards read, merged, recorded and rendered: acyclic data that the cyclic
    # collector would walk again and again (`scorecard.collector_paused`).
    with scorecard.collector_paused():
        parts = [scorecard.load_scorecard(path) for path in args.scorecards]
        try:
            merged = shard.merge(parts, scoring)
        except shard.ShardError as error:
            raise UsageError(str(error)) from None
        # The shards' marks are not merged: the acknowledgements and reviews given to `merge`
        # decide.
        merged = _marked(merged, marks)
        runs = _open_history(args.db or args.out / "history.sqlite")
        with contextlib.ExitStack() as closing:  # closed as `History` says, the run's error first
            if runs is not None:
                closing.enter_context(runs)
            card, written, failed = _record(
                runs,
                merged,
                lambda card: _publish(card, args.out, environ, badges=args.badges),
                run_id=None,
                reported_by_issue=args.reported_by_issue,
            )
        # Everything the merge made lives until the process ends, and was made while the
        # collector was paused: its first pass after the pause would walk every object of the
        # documents (2 s of CPU at 30,000 papers), to find nothing. Out of its sight for good.
        gc.freeze()
    code = exit_code(card, rules, failed, internal_errors=_internal_errors(card))
    _say_reports_written(args.out, written, quiet=args.quiet)
    return code


def run_issue(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    card = scorecard.load_scorecard(args.scorecard)
    repository = args.repository or environ.get("GITHUB_REPOSITORY", "")
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", repository):
        raise UsageError("--repository OWNER/REPO (or $GITHUB_REPOSITORY) is needed")
    token = github_token(environ)
    if token is None:
        raise UsageError("a token with issues: write is needed in GITHUB_TOKEN or GH_TOKEN")
    api_url, _, _ = config.github_urls_from(environ)
    proxies, (ca_file, ca_dir) = network_from(args, environ)
    try:
        done = actions.sync_tracking_issue(
            card,
            repository=repository,
            token=token,
            api_url=api_url,
            report_url=args.report_url or None,
            # As an audit: a proxy only when one is asked for, the same certificate authorities.
            reach=config.Settings(proxies=proxies, ca_file=ca_file, ca_dir=ca_dir),
        )
    except actions.IssueSyncError as error:
        raise UsageError(str(error)) from None
    log.info("tracking issue: %s", done)
    if args.db is not None:
        # Only now has this run reached its readers: its new deaths stop being new.
        runs = _open_history(args.db)
        if runs is None:
            return EXIT_USAGE
        try:
            if not runs.mark_reported(card.generated_at):
                log.warning(
                    "%s holds no finished run of %s: nothing marked reported",
                    args.db,
                    card.generated_at,
                )
        finally:
            runs.close()
    return EXIT_OK
