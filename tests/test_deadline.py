"""`auditor.deadline`: the one wording of the run's time limit, asked by every message."""

from __future__ import annotations

import ast
import re
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
