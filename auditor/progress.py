"""A one-line progress display for long audits on a terminal.

    progress = Progress(total=len(links), stream=sys.stderr, enabled=not quiet)
    progress.advance(result)            # once per link result
    progress.add_total(n)               # links found later (code links harvested from pages)
    progress.github_budget(remaining)   # GitHub requests or points left, when known
    progress.close()                    # the final line, then a newline

The line reads `links 1,234/3,300 (37%) · 45/s · ETA 0:46 · 12 dead · GitHub 4,950 left` and is
redrawn in place (carriage return, erase to end of line) at most every `min_interval` seconds.
It is silent unless enabled and the stream is a terminal: nothing is written to a pipe, a file,
or under `--quiet`. `NO_COLOR` (any value) turns colour off; the line itself stays.

Log records printed while the line is shown would land in the middle of it: attach
`progress.logging_filter()` to the log handler and the line is cleared before each record (and
redrawn by the next `advance`).
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
    ) -> None:
        environ = os.environ if environ is None else environ
        self.stream = stream
        self.enabled = enabled and _is_tty(stream)
        self.colour = self.enabled and "NO_COLOR" not in environ
        self.total = max(0, total)
        self.done = 0
        self.dead = 0
        self.budget: int | None = None
        self._clock = clock
        self._min_interval = min_interval
        self._started = clock()
        self._drawn_at: float | None = None
        self._shown = False  # a line is on the screen
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
        """The final figures, then a newline; nothing more is drawn afterwards."""
        if self._closed:
            return
        if self.enabled and (self._shown or self.done):
            self._write(ERASE + self.line(final=True) + "\n")
        self._shown = False
        self._closed = True

    def logging_filter(self) -> logging.Filter:
        """A filter for a log handler writing to the same stream: it clears the line first."""
        progress = self

        class _Clear(logging.Filter):
            def filter(self, record: logging.LogRecord) -> bool:
                progress.clear()
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

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a closed terminal must not end the audit
            self.enabled = False
