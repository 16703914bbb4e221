"""The run's one deadline (`--max-run-time`, counted from process start), and the checkpoints
where CPU-heavy work looks at it.

The command line sets the deadline once (`running`), for everything the run does: reading lists
(list URLs too), checking and harvesting, scoring and writing. Async code asks `current()` for
its bound; synchronous parsing (paper lists, project pages, in the event loop or in a worker
thread, which inherits the context) calls `checkpoint()` in its loops, which raises `OutOfTime`
once the deadline has passed. No parser holds a run past its deadline, whatever its input.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

# The one wording of the deadline passing: every detail, note and message saying so asks it.
TIME_LIMIT_REACHED = "run time limit reached"
# The detail of a link the deadline left unchecked.
NOT_CHECKED = f"not checked: {TIME_LIMIT_REACHED}"

# When the process started, as near as Python can tell: the moment this package was imported.
PROCESS_STARTED = time.monotonic()


class OutOfTime(Exception):
    """The run's deadline has passed: the work in hand stops where it is."""


@dataclass(frozen=True, slots=True)
class Deadline:
    """A moment on `time.monotonic()`'s clock (the clock of asyncio's loops, too); None: never."""

    at: float | None

    @classmethod
    def after(cls, seconds: float | None, *, start: float | None = None) -> Deadline:
        """`seconds` after `start` (default now); no deadline for None."""
        if seconds is None:
            return cls(None)
        return cls((time.monotonic() if start is None else start) + seconds)

    def remaining(self) -> float | None:
        """Seconds left (never below 0); None without a deadline."""
        return None if self.at is None else max(0.0, self.at - time.monotonic())

    def expired(self) -> bool:
        return self.at is not None and time.monotonic() >= self.at

    def sooner(self, other: float | None) -> float | None:
        """The earlier of this deadline and the moment `other` (either may be None)."""
        if self.at is None:
            return other
        return self.at if other is None else min(self.at, other)


NEVER = Deadline(None)
_current: contextvars.ContextVar[Deadline] = contextvars.ContextVar("deadline", default=NEVER)


def current() -> Deadline:
    """The deadline of the run in progress (`NEVER` outside one)."""
    return _current.get()


@contextlib.contextmanager
def running(deadline: Deadline) -> Iterator[Deadline]:
    """Make `deadline` the run's for the code inside (and the threads it starts)."""
    token = _current.set(deadline)
    try:
        yield deadline
    finally:
        _current.reset(token)


def checkpoint() -> None:
    """Raise `OutOfTime` when the run's deadline has passed. Cheap: call it in parser loops."""
    at = _current.get().at
    if at is not None and time.monotonic() >= at:
        raise OutOfTime(TIME_LIMIT_REACHED)


async def in_thread(function: Callable[..., T], *args: object) -> T:
    """`function(*args)` in a daemon thread of its own, the run's deadline (and the rest of the
    context) handed to it. Awaiting it can be cancelled at any time: the thread then stops at its
    next `checkpoint()`, and neither the event loop's shutdown nor the process's exit waits for
    it (as they would for `asyncio.to_thread`'s pool). The thread is an idle one that finished
    an earlier call, else a new one: never one still busy, so a call that runs long holds up
    no other (starting a thread costs more than most calls' work)."""
    import asyncio  # only async runs need it: commands that start at once never load it

    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()
    context = contextvars.copy_context()

    def settle(outcome: Callable[[], None]) -> None:
        if not future.done():
            outcome()

    def work() -> None:
        try:
            result = context.run(function, *args)
        except BaseException as error:  # handed to the awaiting task, whatever it is
            report: Callable[[], None] = functools.partial(future.set_exception, error)
        else:
            report = functools.partial(future.set_result, result)
        with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits any more
            loop.call_soon_threadsafe(settle, report)

    try:
        worker = _idle_workers.pop()  # the one idle last: list.pop and append are atomic
    except IndexError:
        worker = _Worker()
    worker.jobs.put(work)
    return await future


class _Worker:
    """A daemon thread that runs the jobs it is handed one at a time, and waits among the idle
    workers between them."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        threading.Thread(target=self._run, name="auditor-parse", daemon=True).start()

    def _run(self) -> None:
        while True:
            self.jobs.get()()
            _idle_workers.append(self)


_idle_workers: list[_Worker] = []
