"""The per-link boundary: whatever one piece of work for one link or repository raises (a bug of
ours: a README that trips the analysis, a page or a description the parser chokes on, an archive
or search lookup) costs that piece only, never the link's verdict nor the run.

A contained failure is said once on stderr with the bug-report line, and collected for the run
(`collecting`): the pipeline puts the collection in the scorecard's `notes`, which the reports,
the job summary and the warning annotations show (`is_failure_note` tells them apart). The run
deadline passing is no failure: `OutOfTime` goes on to the caller, which makes the link
`unchecked` for the deadline.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from auditor.deadline import OutOfTime

T = TypeVar("T")
log = logging.getLogger(__name__)

ISSUES_URL = "https://github.com/paper-auditor/paper-auditor/issues"
BUG = "internal error (a bug of paper-auditor, not of your input)"
# Subjects a note names; the count says the rest.
SUBJECTS_SHOWN = 3

# The pieces of work, as the notes name them.
README_ANALYSIS = "README analysis"
DESCRIPTION_PARSING = "description parsing"
PAGE_ANALYSIS = "page analysis"
HARVEST = "code-link harvest"
LINK_CHECK = "link check"


# Where an error raised in another process failed: its traceback stayed there.
_CARRIED_WHERE = "_paper_auditor_where"


def where_it_failed(error: BaseException) -> str:
    """` at file:line` of the innermost frame of ours in the error's traceback (or, for an
    error carried from a forked child, in the child's: `carry_where`)."""
    carried = getattr(error, _CARRIED_WHERE, None)
    if isinstance(carried, str):
        return carried
    trace = error.__traceback__
    found = ""
    while trace is not None:
        code = trace.tb_frame.f_code
        if "auditor" in code.co_filename:
            found = f" at {Path(code.co_filename).name}:{trace.tb_lineno}"
        trace = trace.tb_next
    return found


def carry_where(error: BaseException, where: str) -> None:
    """Keep `where_it_failed(error)` with the error, for the process it is sent to."""
    with contextlib.suppress(AttributeError):  # an error without attributes of its own
        setattr(error, _CARRIED_WHERE, where)


def bug(error: BaseException) -> str:
    """What went wrong, where, and where to report it: the one bug-report wording."""
    return (
        f"{BUG}: {type(error).__name__}: {str(error)[:300]}{where_it_failed(error)}; "
        f"please report it at {ISSUES_URL}"
    )


@dataclass(slots=True)
class _Kind:
    """One piece failing one way (the same exception at the same place): one note."""

    piece: str
    error: str  # `IndexError at readme_lines.py:313`
    subjects: list[str] = field(default_factory=list)


class Failures:
    """The contained failures of one run, grouped into notes."""

    def __init__(self) -> None:
        self._kinds: dict[tuple[str, str], _Kind] = {}
        self._lock = threading.Lock()  # page analysis may fail in a worker thread

    def add(self, piece: str, subject: str, error: BaseException) -> None:
        where = f"{type(error).__name__}{where_it_failed(error)}"
        with self._lock:
            self._kinds.setdefault((piece, where), _Kind(piece, where)).subjects.append(subject)

    def notes(self) -> tuple[str, ...]:
        """One note per kind of failure: what failed, for how many, the first subjects."""
        with self._lock:
            kinds = list(self._kinds.values())
        notes = []
        for kind in kinds:
            shown = ", ".join(kind.subjects[:SUBJECTS_SHOWN])
            more = len(kind.subjects) - SUBJECTS_SHOWN
            named = f"{shown} and {more} more" if more > 0 else shown
            notes.append(
                f"{BUG}: {kind.piece} failed for {len(kind.subjects)} ({named}): {kind.error}; "
                f"only that piece of their checks is lost; please report it at {ISSUES_URL}"
            )
        return tuple(notes)


_current: contextvars.ContextVar[Failures | None] = contextvars.ContextVar(
    "contained_failures", default=None
)


@contextlib.contextmanager
def collecting() -> Iterator[Failures]:
    """Collect the failures contained in the code inside (and the threads it starts)."""
    failures = Failures()
    token = _current.set(failures)
    try:
        yield failures
    finally:
        _current.reset(token)


def is_failure_note(note: str) -> bool:
    """A run note that says a contained failure (`Failures.notes`)."""
    return note.startswith(f"{BUG}: ")


def contained(piece: str, subject: str, error: Exception) -> None:
    """Say `error`, raised by `piece` of the work for `subject`, once; collect it for the run."""
    log.error("%s failed for %s: %s", piece, subject, bug(error))
    log.debug("%s failed for %s", piece, subject, exc_info=error)
    failures = _current.get()
    if failures is not None:
        failures.add(piece, subject, error)


def guarded(piece: str, subject: str, work: Callable[[], T], fallback: T) -> T:
    """`work()`, or `fallback` when it raises (the failure `contained`). `OutOfTime` is
    passed on: the deadline is the caller's to turn into an outcome."""
    try:
        return work()
    except OutOfTime:
        raise
    except Exception as error:
        contained(piece, subject, error)
        return fallback
