"""`main(argv, environ) -> int`: the command dispatched, every failure turned into one line on
stderr and an exit code, never a traceback; `entry` for the `auditor` console script.

The parser is built from settings and help texts alone; each command imports its module when
it runs (`_run`), so `--version`, `--help` and the commands that need no network start at once
(`tests/test_cli_startup.py`)."""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
import time
from collections.abc import Iterator, Mapping, Sequence

from auditor import deadline as run_clock
from auditor.cli.arguments import build_parser
from auditor.cli.exits import EXIT_INTERNAL, EXIT_USAGE, UsageError
from auditor.cli.messages import configure_logging, log
from auditor.containment import bug


def entry() -> int:
    """The `auditor` console script: the run's clock starts with the process."""
    return main(started=run_clock.PROCESS_STARTED)


def main(
    argv: Sequence[str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    started: float | None = None,
) -> int:
    """The command line. `started` (a `time.monotonic()` reading, default now) is when the run
    began: `--max-run-time` counts from it."""
    started = time.monotonic() if started is None else started
    environ = os.environ if environ is None else environ
    parser = build_parser()
    try:
        args = parser.parse_args(_paths_kept(sys.argv[1:] if argv is None else argv))
    except SystemExit as stop:  # argparse: --help and --version exit 0, bad usage exits 2
        return int(stop.code or 0)
    configure_logging(-1 if args.quiet else args.verbose, sys.stderr, environ)
    try:
        return _run(args, environ, started)
    except (UsageError, OSError) as error:
        log.error("%s", error)
        return EXIT_USAGE
    except KeyboardInterrupt:
        log.error("interrupted")
        return 130
    except _input_errors() as error:
        log.error("%s", error)
        return EXIT_USAGE
    except Exception as error:  # a bug of ours: one line saying so, never a traceback
        log.error("%s", bug(error))
        log.debug("internal error", exc_info=error)
        return EXIT_INTERNAL


def _run(args: argparse.Namespace, environ: Mapping[str, str], started: float) -> int:
    """The command, its module imported only now: each loads what it needs and no more."""
    if args.command == "extract":
        from auditor.cli.commands import run_extract

        return run_extract(args, sys.stdout)
    if args.command == "audit":
        with _loading_for_good():
            from auditor.cli.audit import run_audit

        limit = run_clock.Deadline.after(args.max_run_time, start=started)
        with run_clock.running(limit), _collecting_seldom():
            return run_audit(args, environ)
    if args.command == "merge":
        with _loading_for_good():
            from auditor.cli.audit import run_merge

        return run_merge(args, environ)
    if args.command == "issue":
        from auditor.cli.audit import run_issue

        return run_issue(args, environ)
    if args.command == "readme":
        from auditor.cli.commands import run_readme

        return run_readme(args, sys.stdout)
    from auditor.cli.commands import run_render

    return run_render(args)


@contextlib.contextmanager
def _loading_for_good() -> Iterator[None]:
    """The long commands' modules loaded: what their imports make (functions, classes,
    compiled patterns) lives until the process ends, so the cycle collector neither runs while
    they load (it would find no garbage) nor walks them again in its full passes (gc.freeze)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if collecting:
            gc.enable()


# An audit makes millions of short-lived objects, nearly none in a cycle: with the collector's
# default (a young pass every 700 new containers) the one-host benchmark's audit ran 360
# passes, 0.3 s of CPU, that freed 15,000 objects in all. A young pass every 50,000 finds the
# same cycles later, at a few MB more at most.
_SELDOM = (50_000, 20, 10)


@contextlib.contextmanager
def _collecting_seldom() -> Iterator[None]:
    """The cycle collector's young passes made rare while the command runs."""
    before = gc.get_threshold()
    gc.set_threshold(*_SELDOM)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _input_errors() -> tuple[type[Exception], ...]:
    """A scorecard or history that cannot be read: the user's input, said in one line (exit 2).
    Asked only once something was raised, so no command loads these modules to start."""
    from auditor import history, scorecard

    return (scorecard.ScorecardError, history.HistoryError)


def _paths_kept(argv: Sequence[str]) -> list[str]:
    """`--allow-private` takes an optional CIDR: followed by an existing file or folder, a URL
    or `-`, it takes none, and that argument stays a path (`audit --allow-private list.md`)."""
    given = list(argv)
    if "--allow-private" not in given[:-1]:
        return given
    from auditor.extract.collect import is_url_input

    for index, word in enumerate(given[:-1]):
        following = given[index + 1]
        if word == "--allow-private" and (
            following == "-" or is_url_input(following) or os.path.exists(following)
        ):
            given[index] = "--allow-private=all"
    return given
