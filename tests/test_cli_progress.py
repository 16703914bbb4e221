"""The progress line: redrawn on a terminal, throttled, honest figures, NO_COLOR; plain lines at
an interval off a terminal, grouped under GitHub Actions."""

from __future__ import annotations

import io
import logging
import threading
import time

import pytest

from auditor.cli.progress import ERASE, GROUP_END, GROUP_START, RED, Progress
from auditor.models import Link, LinkCheck, LinkKind, LinkResult, Outcome


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


def test_silent_when_disabled() -> None:
    for progress, stream, clock in (make(tty=True, enabled=False), make(tty=False, enabled=False)):
        for n in range(30):
            clock.now += 1
            progress.advance(result(n=n))
        progress.github_budget(10)
        progress.close()
        assert stream.getvalue() == ""


def test_plain_lines_at_the_interval_off_a_terminal() -> None:
    progress, stream, clock = make(100, tty=False)
    progress.github_budget(4950)
    for n in range(35):
        clock.now += 1  # one link a second: a line at 10, 20 and 30 s
        progress.advance(result(Outcome.DEAD if n < 2 else Outcome.OK, n))
    progress.close()
    text = stream.getvalue()
    assert "\r" not in text
    assert "\033" not in text
    lines = text.splitlines()
    assert [line.split(" · ")[0] for line in lines] == [
        "links 10/100 (10%)",
        "links 20/100 (20%)",
        "links 30/100 (30%)",
        "links 35/100 (35%)",  # the final line, at close
    ]
    assert lines[0] == "links 10/100 (10%) · 1/s · ETA 1:30 · 2 dead · GitHub 4,950 left"
    assert lines[-1].endswith("0:35 elapsed · 2 dead · GitHub 4,950 left")
    assert not any(line.startswith("::") for line in lines)  # not under GitHub Actions


def test_nothing_off_a_terminal_before_the_first_interval_but_the_final_line() -> None:
    progress, stream, clock = make(3, tty=False)
    for n in range(3):
        clock.now += 2
        progress.advance(result(n=n))
    assert stream.getvalue() == ""
    progress.close()
    # Half a link a second: a rate, never "0/s" for links that finish.
    assert stream.getvalue().splitlines() == ["links 3/3 (100%) · 0.5/s · 0:06 elapsed"]


def test_github_actions_groups_the_lines() -> None:
    progress, stream, clock = make(100, tty=False, environ={"GITHUB_ACTIONS": "true"})
    for n in range(25):
        clock.now += 1
        progress.advance(result(n=n))
    progress.close()
    lines = stream.getvalue().splitlines()
    assert [line.split(" · ")[0] for line in lines] == [
        GROUP_START.strip(),
        "links 10/100 (10%)",
        "links 20/100 (20%)",
        GROUP_END.strip(),
        "links 25/100 (25%)",  # the final figures, not folded away
    ]


def test_github_actions_warnings_stay_outside_the_group() -> None:
    progress, stream, clock = make(100, tty=False, environ={"GITHUB_ACTIONS": "true"})
    handler = logging.StreamHandler(stream)
    handler.addFilter(progress.logging_filter())
    logger = logging.getLogger("test_progress.actions")
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.INFO)
    try:
        for n in range(25):
            clock.now += 1
            progress.advance(result(n=n))
            if n == 12:
                logger.info("an info line")  # stays folded
                logger.warning("a warning")
        progress.close()
    finally:
        logger.removeHandler(handler)
    lines = stream.getvalue().splitlines()
    markers = [line for line in lines if line.startswith("::")]
    assert markers == [GROUP_START.strip(), GROUP_END.strip()] * 2
    assert lines.index("an info line") < lines.index(GROUP_END.strip()) < lines.index("a warning")
    assert lines.index("a warning") < lines.index(GROUP_START.strip(), 1)


def test_github_actions_group_is_closed_on_an_error() -> None:
    progress, stream, clock = make(100, tty=False, environ={"GITHUB_ACTIONS": "true"})

    def interrupted() -> None:
        with progress:
            for n in range(15):
                clock.now += 1
                progress.advance(result(n=n))
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        interrupted()
    lines = stream.getvalue().splitlines()
    assert lines[0] == GROUP_START.strip()
    assert lines[-2:] == [GROUP_END.strip(), "links 15/100 (15%) · 1/s · 0:15 elapsed"]


def test_a_terminal_under_github_actions_has_no_group() -> None:
    progress, stream, clock = make(10, environ={"GITHUB_ACTIONS": "true"})
    for n in range(10):
        clock.now += 5
        progress.advance(result(n=n))
    progress.close()
    assert "::" not in stream.getvalue()
    assert "\r" in stream.getvalue()


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


def test_the_rate_and_eta_count_from_the_first_link_finished() -> None:
    """A minute reading the lists and asking GitHub first is no time spent finishing links: 10
    links a second is 10/s, not the 0/s and seven-fold ETA of counting from the start."""
    progress, _, clock = make(100, environ={"NO_COLOR": "1"})
    clock.now += 60
    for n in range(30):
        clock.now += 0.1
        progress.advance(result(n=n))
    assert progress.line() == "links 30/100 (30%) · 10/s · ETA 0:07"
    assert progress.eta() == pytest.approx(7.0)


@pytest.mark.parametrize(
    ("every", "shown"), [(0.5, "2/s"), (4, "0.25/s"), (30, "2/min"), (0.07, "14/s")]
)
def test_a_slow_rate_is_shown_as_it_is(every: float, shown: str) -> None:
    progress, stream, clock = make(100, environ={"NO_COLOR": "1"})
    for n in range(4):
        clock.now += every
        progress.advance(result(n=n))
    assert f" · {shown} · " in last_line(stream)


def test_a_log_gets_a_line_every_interval_while_one_link_is_in_flight() -> None:
    progress, stream, clock = make(10, tty=False)
    for n in range(9):
        clock.now += 0.5
        progress.advance(result(n=n))  # 9 links in 4.5 s, then one that takes long
    for _ in range(35):
        clock.now += 1
        progress.tick()
    lines = stream.getvalue().splitlines()
    assert lines == [
        "links 9/10 (90%) · 0.8/s · ETA 0:01",  # 8 finished in the 10 s since the first
        "links 9/10 (90%) · 0.4/s · ETA 0:02",
        "links 9/10 (90%) · 0.27/s · ETA 0:04",
    ]
    clock.now += 10  # nothing finished in the last 30 s: no rate, so no ETA
    progress.tick()
    assert stream.getvalue().splitlines()[-1] == "links 9/10 (90%) · 0/s · ETA …"


def test_the_ticker_writes_a_log_line_on_time_though_no_link_finishes() -> None:
    stream = FakeTTY(tty=False)
    with Progress(3, stream, environ={}, log_interval=0.05) as progress:
        progress.advance(result())
        time.sleep(0.5)  # the second link never finishes in this time
        written = stream.getvalue().splitlines()
        assert len(written) >= 3
        assert {line.split(" · ")[0] for line in written} == {"links 1/3 (33%)"}
    assert stream.getvalue().splitlines()[-1].endswith("elapsed")
    closed = stream.getvalue()
    time.sleep(0.15)
    assert stream.getvalue() == closed  # the ticker stopped with the progress
    assert not [thread for thread in threading.enumerate() if thread.daemon and thread.is_alive()
                and thread.name.startswith("progress")]  # fmt: skip


@pytest.mark.parametrize(("total", "tty"), [(0, False), (3, True)])
def test_no_ticker_line_before_links_are_known_nor_on_a_terminal(total: int, tty: bool) -> None:
    stream = FakeTTY(tty=tty)
    with Progress(total, stream, environ={}, log_interval=0.02, min_interval=0.0):
        time.sleep(0.2)
        assert stream.getvalue() == ""


def test_a_failing_ticker_stops_without_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    raised: list[threading.ExceptHookArgs] = []
    monkeypatch.setattr(threading, "excepthook", raised.append)
    readings = iter([0.0, 0.0])  # then the clock fails

    def clock() -> float:
        return next(readings)

    with Progress(3, FakeTTY(tty=False), environ={}, clock=clock, log_interval=0.02) as progress:
        time.sleep(0.1)
        assert progress._ticker is not None
        assert not progress._ticker.is_alive()
    assert raised == []
