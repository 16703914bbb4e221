"""One report rendered in a forked child while the parent renders and writes the others: at
30,000 papers `index.html` is a third of a merge's CPU, and the other reports about as much
again, so on two cores the child takes its third off the wall.

`rendered_beside(render, fork=...)` gives the text `render` returns, either at once (in this
process: where `fork` is unavailable — not Linux — or not worth it, on one CPU, or in a process
of more than one thread, which a fork would copy half-way) or as its pieces, read from the child
when the writer reaches them. Whatever the child makes is the same text: it runs the same
`render` on a copy of the same memory. The child's error is raised in the parent as the serial
run would raise it, and said once there (`auditor.cli.main`); a child that dies fails the write
like a full disk (`OSError`). No child outlives its `with`: leaving it for any reason, an
interrupt included, kills and reaps the child, and a parent killed outright takes the child
with it (`PR_SET_PDEATHSIG`)."""

from __future__ import annotations

import codecs
import contextlib
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator

from auditor.containment import carry_where, where_it_failed

_TEXT, _ERROR = b"T", b"E"
_PIECE = 1 << 20  # bytes read from the child at a time
_PR_SET_PDEATHSIG = 1  # linux/prctl.h


class _ChildFailed(Exception):
    """The child's own error, carried out of the writer (which would take an `OSError` for a
    failure to write) to the `with`, which raises it as it was."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.error = error


def can_fork() -> bool:
    """A child can be forked safely here (Linux, and this process's only thread) and can run
    beside its parent: on one CPU it would only add its own cost (the pages it copies)."""
    return (
        sys.platform == "linux"
        and hasattr(os, "fork")
        and threading.active_count() == 1
        and len(os.sched_getaffinity(0)) > 1
    )


@contextlib.contextmanager
def rendered_beside(render: Callable[[], str], *, fork: bool) -> Iterator[str | Iterable[str]]:
    """`render()`'s text: at once, or (`fork` and `can_fork()`) as pieces from a child forked
    now, to be read inside the `with` (the child's error is raised as the pieces are read)."""
    if not (fork and can_fork()):
        yield render()
        return
    readable, writable = os.pipe()
    parent = os.getpid()
    child = os.fork()
    if child == 0:  # never returns: the child's end is os._exit, its parent's files untouched
        os.close(readable)
        _run_child(render, writable, parent)
    os.close(writable)
    reaped = [False]
    try:
        yield _pieces(readable, child, reaped)
    except _ChildFailed as failed:
        raise failed.error from None
    finally:
        os.close(readable)
        if not reaped[0]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGKILL)
            os.waitpid(child, 0)


def _run_child(render: Callable[[], str], writable: int, parent: int) -> None:
    code = 1
    try:
        _die_with(parent)
        # An interrupt is the parent's to handle: it ends this child itself.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            message = _TEXT + render().encode("utf-8", "surrogatepass")
        except BaseException as error:  # sent back whole, for the parent to raise
            message = _ERROR + _pickled(error)
        with os.fdopen(writable, "wb") as stream:
            stream.write(message)
        code = 0
    finally:
        os._exit(code)


def _die_with(parent: int) -> None:
    """The kernel kills this child when its parent dies, whatever kills the parent."""
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the request took hold
        os._exit(1)


def _pickled(error: BaseException) -> bytes:
    carry_where(error, where_it_failed(error))
    try:
        payload = pickle.dumps(error)
        pickle.loads(payload)  # noqa: S301 (as the parent will: some errors cannot be rebuilt)
        return payload
    except Exception:  # an error that cannot travel: its type and words do
        plain = RuntimeError(f"{type(error).__name__}: {error}")
        carry_where(plain, where_it_failed(error))
        return pickle.dumps(plain)


def _pieces(readable: int, child: int, reaped: list[bool]) -> Iterator[str]:
    """The child's text as it is read; once it is all read, the child's end is checked."""
    kind = os.read(readable, 1)
    if kind == _ERROR:
        payload = b"".join(iter(lambda: os.read(readable, _PIECE), b""))
        _reap(child, reaped)
        # Our own child's bytes, through a pipe only the two hold.
        raise _ChildFailed(pickle.loads(payload))  # noqa: S301
    if kind == _TEXT:
        decoder = codecs.getincrementaldecoder("utf-8")("surrogatepass")
        while piece := os.read(readable, _PIECE):
            yield decoder.decode(piece)
        yield decoder.decode(b"", final=True)
    _reap(child, reaped)


def _reap(child: int, reaped: list[bool]) -> None:
    """The child waited for; an error (`OSError`, as a failed write) unless it ended well."""
    _, status = os.waitpid(child, 0)
    reaped[0] = True
    if os.WIFSIGNALED(status):
        name = signal.Signals(os.WTERMSIG(status)).name
        raise ChildProcessError(f"the process rendering a report was killed ({name})")
    if os.waitstatus_to_exitcode(status) != 0:
        raise ChildProcessError("the process rendering a report ended before its report")
