"""The progress line: drawn on a terminal only, throttled, honest figures, NO_COLOR."""

from __future__ import annotations

import io
import logging

import pytest

from auditor.models import Link, LinkCheck, LinkKind, LinkResult, Outcome
from auditor.progress import ERASE, RED, Progress


class FakeTTY(io.StringIO):
    def __init__(self, tty: bool = True) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty

    def fileno(self) -> int:
        raise io.UnsupportedOperation("no descriptor")  # width falls back to 80


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def result(outcome: Outcome = Outcome.OK, n: int = 0) -> LinkResult:
    link = Link(url=f"https://example.org/{n}", kind=LinkKind.WEB, papers=("p#1",))
    return LinkResult(link=link, check=LinkCheck(outcome, "detail", "2026-01-01T00:00:00Z"))


def make(
    total: int = 100,
    *,
    tty: bool = True,
    enabled: bool = True,
    environ: dict[str, str] | None = None,
) -> tuple[Progress, FakeTTY, Clock]:
    stream, clock = FakeTTY(tty), Clock()
    progress = Progress(
        total, stream, enabled=enabled, environ=environ or {}, clock=clock, min_interval=0.2
    )
    return progress, stream, clock


def last_line(stream: FakeTTY) -> str:
    return stream.getvalue().rsplit("\r", 1)[-1]


def test_counts_rate_eta_dead_and_budget() -> None:
    progress, stream, clock = make(100, environ={"NO_COLOR": "1"})
    for n in range(40):
        clock.now += 0.25  # 4 links a second
        progress.advance(result(Outcome.DEAD if n < 3 else Outcome.OK, n))
    progress.github_budget(4950)
    clock.now += 0.25
    progress.advance(result(n=40))
    line = last_line(stream)
    assert line.startswith("\033[Klinks 41/100 (41%)")
    assert "4/s" in line
    assert "ETA 0:15" in line  # 59 links left at 4 a second
    assert "3 dead" in line
    assert "GitHub 4,950 left" in line
    assert "\033[3" not in line  # NO_COLOR: no colour codes


def test_redraws_are_throttled() -> None:
    progress, stream, clock = make(1000)
    for n in range(100):
        clock.now += 0.01
        progress.advance(result(n=n))
    # One second of results, a redraw at most every 0.2 s.
    assert 1 <= stream.getvalue().count("\r") <= 6


def test_silent_when_not_a_terminal_or_disabled() -> None:
    for progress, stream, clock in (make(tty=False), make(enabled=False)):
        for n in range(10):
            clock.now += 1
            progress.advance(result(n=n))
        progress.github_budget(10)
        progress.close()
        assert stream.getvalue() == ""


def test_colour_unless_no_color() -> None:
    progress, stream, clock = make(10)
    clock.now += 1
    progress.advance(result(Outcome.DEAD))
    assert f"{RED}1 dead" in stream.getvalue()
    progress.github_budget(12)  # low budget: yellow
    clock.now += 1
    progress.advance(result(n=1))
    assert "\033[33mGitHub 12 left" in stream.getvalue()


def test_close_writes_a_final_line_once() -> None:
    progress, stream, clock = make(2, environ={"NO_COLOR": ""})
    clock.now += 1
    progress.advance(result())
    clock.now += 1
    progress.advance(result(n=1))
    progress.close()
    progress.close()
    progress.advance(result(n=2))
    text = stream.getvalue()
    assert text.endswith("\n")
    assert text.count("\n") == 1
    final = last_line(stream)
    assert "links 2/2 (100%)" in final
    assert "0:02 elapsed" in final
    assert "ETA" not in final


def test_total_grows_with_harvested_links_and_never_below_done() -> None:
    progress, stream, clock = make(1, environ={"NO_COLOR": "1"})
    progress.add_total(2)
    assert progress.total == 3
    for n in range(5):
        clock.now += 1
        progress.advance(result(n=n))
    assert progress.total == 5
    assert "links 5/5 (100%)" in last_line(stream)


def test_long_lines_are_cut_to_the_terminal_width() -> None:
    progress, stream, clock = make(10**9, environ={"NO_COLOR": "1"})
    progress.github_budget(10**12)
    for n in range(3):
        clock.now += 1
        progress.advance(result(Outcome.DEAD, n), count=10**6)
    assert len(last_line(stream).removeprefix("\033[K")) <= 79


def test_logging_filter_clears_the_line_first() -> None:
    progress, stream, clock = make(10)
    handler = logging.StreamHandler(stream)
    handler.addFilter(progress.logging_filter())
    logger = logging.getLogger("test_progress")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        clock.now += 1
        progress.advance(result())
        logger.warning("a message")
    finally:
        logger.removeHandler(handler)
    assert stream.getvalue().endswith(ERASE + "a message\n")


@pytest.mark.parametrize("error", [OSError, ValueError])
def test_a_broken_stream_disables_the_display(error: type[Exception]) -> None:
    class Broken(FakeTTY):
        def write(self, text: str) -> int:
            raise error("gone")

    progress = Progress(10, Broken(), environ={}, clock=Clock())
    progress.advance(result())
    assert progress.enabled is False
    progress.close()
