"""Hypothesis's harvest of the package's literals, done once a run before the workers start.

Hypothesis draws examples from the literals of the code under test too: at collection, each
process parses every local module it has imported (the package and the benchmarks, ~160
modules) and keeps what it found in .hypothesis/constants, one file per source hash. On a
checkout without that folder (a clean clone, CI) each worker parsed them all, at the same time:
1.7 s of CPU a worker, against 0.25 s to read the files back. The run's first process now writes
them, through Hypothesis's own function, so the workers read what it wrote: the same constants,
the same examples. That function is Hypothesis's internal: should a release rename it, the
workers harvest as before, slower and as thorough."""

from __future__ import annotations

import contextlib
import functools
import types
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path


def jobs(root: Path, folders: Iterable[str]) -> list[Callable[[], object]]:
    """The harvest as one job a module, for the run's first process to share among the cores
    (`tests.support.run_start`)."""
    try:
        from hypothesis.internal.constants_ast import is_local_module_file
    except ImportError:
        return []
    paths = (path for folder in folders for path in sorted((root / folder).rglob("*.py")))
    # The tests' own modules are not read.
    return [functools.partial(_harvest, path) for path in paths if is_local_module_file(str(path))]


def _harvest(path: Path) -> None:
    from hypothesis.errors import HypothesisSideeffectWarning
    from hypothesis.internal.constants_ast import constants_from_module

    # Hypothesis warns of storage read while plugins load: here that is the point, done once.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", HypothesisSideeffectWarning)
        # Read from its file, never imported: a module object naming the file is enough.
        module = types.ModuleType(path.stem)
        module.__file__ = str(path)
        with contextlib.suppress(TypeError):  # its signature changed: the workers harvest
            constants_from_module(module)
