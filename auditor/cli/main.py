"""`main(argv, environ) -> int`: the command dispatched, every failure turned into one line on
stderr and an exit code, never a traceback; `entry` for the `auditor` console script."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping, Sequence

from auditor import deadline as run_clock
from auditor import (
    history,
    pipeline,
    scorecard,
)
from auditor.cli.arguments import build_parser
from auditor.cli.audit import run_audit, run_issue, run_merge
from auditor.cli.commands import run_extract, run_readme, run_render
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
        if args.command == "extract":
            return run_extract(args, sys.stdout)
        if args.command == "audit":
            limit = run_clock.Deadline.after(args.max_run_time, start=started)
            with run_clock.running(limit):
                return run_audit(args, environ)
        if args.command == "merge":
            return run_merge(args, environ)
        if args.command == "issue":
            return run_issue(args, environ)
        if args.command == "readme":
            return run_readme(args, sys.stdout)
        return run_render(args)
    except (UsageError, scorecard.ScorecardError, history.HistoryError) as error:
        log.error("%s", error)
        return EXIT_USAGE
    except KeyboardInterrupt:
        log.error("interrupted")
        return 130
    except OSError as error:
        log.error("%s", error)
        return EXIT_USAGE
    except Exception as error:  # a bug of ours: one line saying so, never a traceback
        log.error("%s", bug(error))
        log.debug("internal error", exc_info=error)
        return EXIT_INTERNAL


def _paths_kept(argv: Sequence[str]) -> list[str]:
    """`--allow-private` takes an optional CIDR: followed by an existing file or folder, a URL
    or `-`, it takes none, and that argument stays a path (`audit --allow-private list.md`)."""
    given = list(argv)
    for index, word in enumerate(given[:-1]):
        following = given[index + 1]
        if word == "--allow-private" and (
            following == "-" or pipeline.is_url_input(following) or os.path.exists(following)
        ):
            given[index] = "--allow-private=all"
    return given
