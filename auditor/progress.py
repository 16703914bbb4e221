"""Progress for long audits: one line redrawn in place on a terminal, plain lines in a log.

    progress = Progress(total=len(links), stream=sys.stderr, enabled=not quiet)
    progress.advance(result)            # once per link result
    progress.add_total(n)               # links found later (code links harvested from pages)
    progress.github_budget(remaining)   # GitHub requests or points left, when known
    progress.close()                    # the final line, then a newline

The line reads `links 1,234/3,300 (37%) · 45/s · ETA 0:46 · 12 dead · GitHub 4,950 left`. On a
terminal it is redrawn in place (carriage return, erase to end of line) at most every
`min_interval` seconds. Anywhere else (a pipe, a file, a CI log) the same figures are written as
a plain line every `log_interval` seconds, with no carriage return, escape code or colour. Under
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
        self._recent: deque[tuple[float, int]] = deque([(self._started, 0)])

    # -- the API ---------------------------------------------------------------------------

    def add_total(self, count: int) -> None:
        """More links to check than announced (harvested code links)."""
        self.total += max(0, count)
        self._draw()

    def advance(self, result: LinkResult | None = None, count: int = 1) -> None:
        """`count` more links have a result (`result`, when given, is counted by outcome)."""
        self.done += count
        self.total = max(self.total, self.done)
        if result is not None and result.check.outcome is Outcome.DEAD:
            self.dead += 1
        now = self._clock()
        self._recent.append((now, self.done))
        while len(self._recent) > 2 and now - self._recent[1][0] > RATE_WINDOW:
            self._recent.popleft()
        self._draw()

    def github_budget(self, remaining: int | None) -> None:
        """GitHub requests (REST) or points (GraphQL) left in the current window."""
        if remaining != self.budget:
            self.budget = remaining
            self._draw()

    def clear(self) -> None:
        """Erase the line (before something else is written to the stream)."""
        if self._shown:
            self._write(ERASE)
            self._shown = False
            self._drawn_at = None

    def close(self) -> None:
        """The group's end, then the final figures and a newline; nothing more is drawn
        afterwards."""
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
                progress.clear()
                if record.levelno >= logging.WARNING:
                    progress._end_group()
                return True

        return _Clear()

    def __enter__(self) -> Self:
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
        """Links per second over the last `RATE_WINDOW` seconds; None before any result."""
        (then, done_then), (now, done_now) = self._recent[0], self._recent[-1]
        if done_now == done_then or now <= then:
            return None
        return (done_now - done_then) / (now - then)

    def eta(self) -> float | None:
        rate = self.rate()
        if rate is None or self.total <= self.done:
            return None
        return (self.total - self.done) / rate

    def line(self, *, final: bool = False) -> str:
        percent = f" ({100 * self.done // self.total}%)" if self.total else ""
        parts = [f"links {self.done:,}/{self.total:,}{percent}"]
        elapsed = self._clock() - self._started
        if final:
            if elapsed > 0 and self.done:
                parts.append(f"{self.done / elapsed:,.0f}/s")
            parts.append(f"{_clock_text(elapsed)} elapsed")
        else:
            rate = self.rate()
            parts.append(f"{rate:,.0f}/s" if rate is not None else "…/s")
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
