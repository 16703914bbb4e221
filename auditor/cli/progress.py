"""Progress for long audits: one line redrawn in place on a terminal, plain lines in a log.

    progress = Progress(total=len(links), stream=sys.stderr, enabled=not quiet)
    progress.advance(result)            # once per link result
    progress.add_total(n)               # links found later (code links harvested from pages)
    progress.github_budget(remaining)   # GitHub requests or points left, when known
    progress.close()                    # the final line, then a newline

The line reads `links 1,234/3,300 (37%) · 45/s · ETA 0:46 · 12 dead · GitHub 4,950 left`. The
rate counts the links finished over the last `RATE_WINDOW` seconds, from the first link finished
on (the time before it, reading the lists, is no time spent checking); the ETA is the links left
at that rate. On a terminal the line is redrawn in place (carriage return, erase to end of line)
at most every `min_interval` seconds. Anywhere else (a pipe, a file, a CI log) the same figures
are written as a plain line every `log_interval` seconds, with no carriage return, escape code or
colour; inside `with progress:` a thread writes it on time even while no link finishes (one slow
link in flight), so a log never looks stalled. Under
GitHub Actions (`GITHUB_ACTIONS=true`) those lines are folded in one `::group::` of the log,
always closed by `close()` before the final line. Nothing is written when not enabled
(`--quiet`). `NO_COLOR` (any value) turns colour off on a terminal; the line itself stays.

Log records printed while the line is shown would land in the middle of it: attach
`progress.logging_filter()` to the log handler and the line is cleared before each record (and
redrawn by the next `advance`). Under GitHub Actions the filter closes the group before a
warning or an error, so that it is not folded away; the next progress line opens it again.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import Self, TextIO

from auditor.models import LinkResult, Outcome

ERASE = "\r\033[K"
RED = "\033[31m"
YELLOW = "\033[33m"
RESET = "\033[0m"
RATE_WINDOW = 30.0  # seconds of recent results the rate and the ETA are computed over
LOW_BUDGET = 100  # GitHub budget shown in yellow below this
LOG_INTERVAL = 10.0  # seconds between plain lines off a terminal
MIN_TICK = 0.05  # seconds the ticker sleeps at least (a clock that jumps must not spin it)
GROUP_START = "::group::Checking links\n"
GROUP_END = "::endgroup::\n"


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):  # a closed or unusual stream
        return False


def _width(stream: TextIO) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return 80


def _rate_text(per_second: float) -> str:
    """`45/s`, `2.5/s`, `0.4/s`; below 0.1 a second, per minute (`3/min`): never a `0/s` for
    links that do finish."""
    if per_second >= 9.95:
        return f"{per_second:,.0f}/s"
    if per_second >= 0.095 or per_second == 0:
        return f"{per_second:.2g}/s"
    return f"{60 * per_second:.2g}/min"


def _clock_text(seconds: float) -> str:
    seconds = max(0, round(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class Progress:
    """Links checked / total, rate, ETA, dead links so far and the GitHub budget left."""

    def __init__(
        self,
        total: int,
        stream: TextIO,
        *,
        enabled: bool = True,
        environ: Mapping[str, str] | None = None,
        clock: Callable[[], float] = time.monotonic,
        min_interval: float = 0.2,
        log_interval: float = LOG_INTERVAL,
    ) -> None:
        environ = os.environ if environ is None else environ
        self.stream = stream
        self.enabled = enabled
        self.terminal = _is_tty(stream)
        self.colour = self.enabled and self.terminal and "NO_COLOR" not in environ
        # Workflow commands mean something in a job's log only, never on a terminal.
        self.grouped = not self.terminal and environ.get("GITHUB_ACTIONS") == "true"
        self.total = max(0, total)
        self.done = 0
        self.dead = 0
        self.budget: int | None = None
        self._clock = clock
        self._min_interval = min_interval
        self._log_interval = log_interval
        self._started = clock()
        self._drawn_at: float | None = None
        self._logged_at = self._started
        self._shown = False  # a line is on the screen
        self._group_open = False
        self._closed = False
        # (when, links done) at each link finished within the rate's window, and the last one
        # before it.
        self._finished: deque[tuple[float, int]] = deque()
        # The figures change from the event loop, the ticker and the log handler's thread.
        self._lock = threading.RLock()
        self._stop_ticking = threading.Event()
        self._ticker: threading.Thread | None = None

    # -- the API ---------------------------------------------------------------------------

    def add_total(self, count: int) -> None:
        """More links to check than announced (harvested code links)."""
        with self._lock:
            self.total += max(0, count)
            self._draw()

    def advance(self, result: LinkResult | None = None, count: int = 1) -> None:
        """`count` more links have a result (`result`, when given, is counted by outcome)."""
        with self._lock:
            self.done += count
            self.total = max(self.total, self.done)
            if result is not None and result.check.outcome is Outcome.DEAD:
                self.dead += 1
            now = self._clock()
            self._finished.append((now, self.done))
            self._forget_before(now - RATE_WINDOW)
            self._draw()

    def github_budget(self, remaining: int | None) -> None:
        """GitHub requests (REST) or points (GraphQL) left in the current window."""
        with self._lock:
            if remaining != self.budget:
                self.budget = remaining
                self._draw()

    def tick(self) -> None:
        """The line again if it is due, though no link finished (the ticker calls this)."""
        with self._lock:
            if self.total:
                self._draw()

    def clear(self) -> None:
        """Erase the line (before something else is written to the stream)."""
        with self._lock:
            if self._shown:
                self._write(ERASE)
                self._shown = False
                self._drawn_at = None

    def close(self) -> None:
        """The group's end, then the final figures and a newline; nothing more is drawn
        afterwards."""
        self._stop_ticking.set()
        if self._ticker is not None:
            self._ticker.join()
        with self._lock:
            if self._closed:
                return
            self._end_group()  # the final figures are not folded away
            if self.enabled and (self._shown or self.done):
                if self.terminal:
                    self._write(ERASE + self.line(final=True) + "\n")
                else:
                    self._write(self.line(final=True) + "\n")
            self._shown = False
            self._closed = True

    def logging_filter(self) -> logging.Filter:
        """A filter for a log handler writing to the same stream: it clears the line first, and
        ends the log group before a warning or an error."""
        progress = self

        class _Clear(logging.Filter):
            def filter(self, record: logging.LogRecord) -> bool:
                with progress._lock:
                    progress.clear()
                    if record.levelno >= logging.WARNING:
                        progress._end_group()
                return True

        return _Clear()

    def __enter__(self) -> Self:
        """Starts the ticker that keeps a log's lines coming while links are in flight (a
        terminal's line stays on screen, and is redrawn by the next result)."""
        if self.enabled and not self.terminal and self._ticker is None:
            self._ticker = threading.Thread(
                target=self._tick_on_time, name="progress-ticker", daemon=True
            )
            self._ticker.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # -- the figures ---------------------------------------------------------------------------

    def rate(self) -> float | None:
        """Links finished per second over the last `RATE_WINDOW` seconds, counted from the
        first link finished; None until time has passed since it."""
        now = self._clock()
        self._forget_before(now - RATE_WINDOW)
        if not self._finished:
            return None
        since, done_then = self._finished[0]
        since = max(since, now - RATE_WINDOW)
        if now <= since:
            return None
        return (self.done - done_then) / (now - since)

    def _forget_before(self, start: float) -> None:
        """Drops the links finished before `start` but the last: its count is the window's."""
        finished = self._finished
        while len(finished) > 1 and finished[1][0] <= start:
            finished.popleft()

    def eta(self) -> float | None:
        """Seconds left at the current rate; None while it is unknown or nothing finishes."""
        rate = self.rate()
        if not rate or self.total <= self.done:
            return None
        return (self.total - self.done) / rate

    def line(self, *, final: bool = False) -> str:
        percent = f" ({100 * self.done // self.total}%)" if self.total else ""
        parts = [f"links {self.done:,}/{self.total:,}{percent}"]
        elapsed = self._clock() - self._started
        if final:
            if elapsed > 0 and self.done:
                parts.append(_rate_text(self.done / elapsed))
            parts.append(f"{_clock_text(elapsed)} elapsed")
        else:
            rate = self.rate()
            parts.append(_rate_text(rate) if rate is not None else "…/s")
            eta = self.eta()
            parts.append(f"ETA {_clock_text(eta)}" if eta is not None else "ETA …")
        if self.dead:
            parts.append(self._paint(f"{self.dead:,} dead", RED))
        if self.budget is not None:
            text = f"GitHub {self.budget:,} left"
            parts.append(self._paint(text, YELLOW) if self.budget < LOW_BUDGET else text)
        return " · ".join(parts)

    # -- drawing -------------------------------------------------------------------------------

    def _paint(self, text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if self.colour else text

    def _draw(self) -> None:
        if not self.enabled or self._closed:
            return
        now = self._clock()
        if not self.terminal:
            if now - self._logged_at >= self._log_interval:
                self._logged_at = now
                self._log_line()
            return
        if self._drawn_at is not None and now - self._drawn_at < self._min_interval:
            return
        self._drawn_at = now
        text = self.line()
        # Colour codes take no room on screen; cut the plain text to the terminal's width.
        limit = _width(self.stream) - 1
        if not self.colour and len(text) > limit:
            text = text[: max(0, limit - 1)] + "…"
        self._write(ERASE + text)
        self._shown = True

    def _tick_on_time(self) -> None:
        """The ticker: wakes when the next log line is due."""
        try:
            while True:
                with self._lock:
                    due = self._logged_at + self._log_interval - self._clock()
                if self._stop_ticking.wait(min(max(due, MIN_TICK), self._log_interval)):
                    return
                self.tick()
        except Exception:  # a bug of the display ends the ticker, never with a traceback in a log
            return

    def _log_line(self) -> None:
        if self.grouped and not self._group_open:
            self._write(GROUP_START)
            self._group_open = True
        self._write(self.line() + "\n")

    def _end_group(self) -> None:
        if self._group_open:
            self._group_open = False
            self._write(GROUP_END)

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a closed terminal must not end the audit
            self.enabled = False
