"""`auditor.deadline`: the one wording of the run's time limit, asked by every message."""

from __future__ import annotations

import ast
import asyncio
import re
import threading
import time
from pathlib import Path

import pytest

import auditor
from auditor import deadline
from tests.support.syntax import parsed, walked

PACKAGE = Path(auditor.__file__).parent
SAYS_TIME_IS_UP = re.compile(r"time limit (was )?reached")


def test_the_wording_is_the_one_scorecards_hold() -> None:
    assert deadline.NOT_CHECKED == "not checked: run time limit reached"
    with (
        deadline.running(deadline.Deadline(0.0)),
        pytest.raises(deadline.OutOfTime, match=f"^{deadline.TIME_LIMIT_REACHED}$"),
    ):
        deadline.checkpoint()


def test_no_module_but_deadline_words_the_time_limit() -> None:
    found = {
        str(path.relative_to(PACKAGE)): [
            node.lineno
            for node in walked(parsed(path))
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and SAYS_TIME_IS_UP.search(node.value)
        ]
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != PACKAGE / "deadline.py"
    }
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_work_in_a_thread_reuses_an_idle_thread_and_hands_it_the_deadline() -> None:
    seen = threading.local()

    def asked() -> tuple[int, bool, float | None]:
        seen.calls = getattr(seen, "calls", 0) + 1
        return (
            seen.calls,
            threading.current_thread() is threading.main_thread(),
            (deadline.current().at),
        )

    async def twice() -> list[tuple[int, bool, float | None]]:
        first = await deadline.in_thread(asked)
        await asyncio.sleep(0.05)  # the first call's thread is idle again by now
        return [first, await deadline.in_thread(asked)]

    limit = deadline.Deadline(time.monotonic() + 60)
    with deadline.running(limit):
        first, second = asyncio.run(twice())
        threads = threading.active_count()
        asyncio.run(twice())
    assert first[1:] == second[1:] == (False, limit.at)
    assert second[0] == first[0] + 1  # the same thread, called again
    assert threading.active_count() == threads  # no thread started while one is idle


def test_a_call_still_running_holds_up_no_other() -> None:
    release = threading.Event()

    async def both() -> tuple[bool, str]:
        stuck = asyncio.ensure_future(deadline.in_thread(release.wait, 30.0))
        await asyncio.sleep(0.05)
        quick = await asyncio.wait_for(deadline.in_thread(str.upper, "done"), timeout=5)
        running = not stuck.done()
        release.set()
        await stuck
        return running, quick

    assert asyncio.run(both()) == (True, "DONE")


def test_what_the_work_raises_is_raised_to_its_caller() -> None:
    with pytest.raises(ZeroDivisionError):
        asyncio.run(deadline.in_thread(divmod, 1, 0))
