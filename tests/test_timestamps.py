"""`auditor.timestamps`: the one spelling of a timestamp, and the one cut of a day from it."""

from __future__ import annotations

import ast
from pathlib import Path

import auditor
from auditor.render.views import templates_dir
from auditor.timestamps import day_of
from tests.support.syntax import parsed, walked

PACKAGE = Path(auditor.__file__).parent


def test_the_day_is_the_date_as_written() -> None:
    assert day_of("2026-07-14T23:30:00Z") == "2026-07-14"
    assert day_of("2026-07-14T23:30:00-05:00") == "2026-07-14"  # no zone applied
    assert day_of("2026-07-14") == "2026-07-14"


def _day_cuts(tree: ast.AST) -> list[int]:
    """Lines of `[:10]` slices."""
    return [
        node.lineno
        for node in walked(tree)
        if isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Slice)
        and node.slice.lower is None
        and node.slice.step is None
        and isinstance(node.slice.upper, ast.Constant)
        and node.slice.upper.value == 10
    ]


def test_no_module_or_template_cuts_a_day_but_timestamps() -> None:
    found = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != PACKAGE / "timestamps.py"
        if (lines := _day_cuts(parsed(path)))
    }
    found |= {
        path.name: lines
        for path in sorted(templates_dir().glob("*.j2"))
        if (
            lines := [
                number
                for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if "[:10]" in line
            ]
        )
    }
    assert found == {}
