"""One compile a test run: the package, the benchmarks and the tests compiled to bytecode once,
before the workers start, instead of in every worker and every subprocess.

The machine sets `PYTHONDONTWRITEBYTECODE`, so no interpreter writes bytecode: each of the
workers parsed, assertion-rewrote and compiled the ~100 test modules again (about 5 s of CPU a
worker), and each `auditor` subprocess a test starts compiled the package again (about 0.25 s
each). Interpreters still read bytecode they find (pytest its rewritten modules by source hash,
Python the others by source time stamp), so the run's first process writes it once into the
folders' `__pycache__` (git-ignored), as Python does by default wherever the variable is unset.
Bytecode of a changed source is found stale and compiled again, never run."""

from __future__ import annotations

import compileall
import functools
import importlib.util
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Every folder whose modules a test, a worker or a subprocess imports from this checkout.
SOURCES = ("auditor", "benchmarks", "tests")
# The test modules and conftest files, which pytest compiles itself, rewritten (below).
_REWRITTEN = re.compile(r"(^|/)(test_[^/]*|conftest)\.py$")


def jobs(config: pytest.Config, plugins: Sequence[str]) -> list[Callable[[], object]]:
    """The compile step as independent jobs, one a folder and one a rewritten module, for the
    run's first process to share among the cores (`tests.support.run_start`). `plugins`: the
    `pytest_plugins` of tests/conftest.py, which pytest rewrites too."""
    # quiet: a folder this run may not write is compiled by each process, as before.
    compiled = [
        functools.partial(compileall.compile_dir, ROOT / folder, quiet=2, rx=_REWRITTEN)
        for folder in SOURCES
    ]
    try:
        return compiled + _rewrite_jobs(config, plugins)
    except (AttributeError, TypeError):
        # pytest's internals changed shape in a release: the workers rewrite as before.
        return compiled


def _rewrite_jobs(config: pytest.Config, plugins: Sequence[str]) -> list[Callable[[], object]]:
    """The modules pytest rewrites (test files, conftest files and the `pytest_plugins` of
    tests/conftest.py), rewritten by pytest's own rewriter and cached where pytest looks for
    them. Those helpers are pytest's internals: should a release rename them, the workers
    rewrite the modules themselves as before, slower and as correct."""
    try:
        from _pytest.assertion.rewrite import (
            PYC_TAIL,
            _read_pyc,
            _rewrite_test,
            _write_pyc,
            assertstate_key,
            get_cache_dir,
        )
    except ImportError:
        return []
    if config.getoption("assertmode") != "rewrite":
        return []
    state = config.stash[assertstate_key]

    def rewrite(source: Path) -> None:
        cache = get_cache_dir(source)
        pyc = cache / (source.name[:-3] + PYC_TAIL)
        if _read_pyc(source, pyc) is None:
            try:
                source_hash, code = _rewrite_test(source, config)
            except (SyntaxError, ValueError):  # its collection reports it, in the workers
                return
            try:
                cache.mkdir(exist_ok=True)
            except OSError:
                return
            _write_pyc(state, code, source_hash, pyc)  # False where it may not write

    tests = ROOT / "tests"
    found = (path for path in tests.rglob("*.py") if _REWRITTEN.search(path.as_posix()))
    return [functools.partial(rewrite, source) for source in [*found, *_module_files(plugins)]]


def _module_files(names: Sequence[str]) -> list[Path]:
    specs = (importlib.util.find_spec(name) for name in names)
    return [Path(spec.origin) for spec in specs if spec is not None and spec.origin is not None]
