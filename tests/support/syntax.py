"""The package's syntax trees, parsed once per test process: a dozen scans (one home, import
directions, outcome groups, day cuts, criterion ids...) each parsed every module again, 0.7 s
of CPU a time. The trees are shared: a scan reads them (`walked`), never changes them."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import auditor

PACKAGE = Path(auditor.__file__).resolve().parent


def parsed(path: Path) -> ast.Module:
    """The syntax tree of the Python file at `path`."""
    return _parsed(path.resolve())


@functools.cache
def _parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def package_modules() -> list[tuple[Path, ast.Module]]:
    """Every module of the package, by path, with its syntax tree."""
    return [(path, parsed(path)) for path in sorted(PACKAGE.rglob("*.py"))]


_WALKED: dict[int, tuple[ast.AST, tuple[ast.AST, ...]]] = {}


def walked(tree: ast.AST) -> tuple[ast.AST, ...]:
    """Every node of `tree`, in `ast.walk`'s order, listed once a process: a scan of the
    package's ~215,000 nodes through `ast.walk`'s generator took 0.3 s of CPU, each of the
    fifteen scans; over the list, 0.02 s. The tree is kept with its nodes, so its id stays
    its own."""
    kept = _WALKED.get(id(tree))
    if kept is None:
        kept = _WALKED[id(tree)] = (tree, tuple(ast.walk(tree)))
    return kept[1]
