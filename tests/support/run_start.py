"""What the run's first process prepares before the workers start, on every core.

A clean checkout (a clone, CI) has no bytecode, no Hypothesis constants and no built GraphQL
schema: the first process compiled and harvested alone (9 s of CPU, the other core idle, every
worker waiting to start), and the schema was built in the first worker that asked for it (4 s)
while the others asking waited on its lock. Now the compile and harvest jobs are shared among
forked processes, one a core, and the schema is built beside them in a process of its own that
nothing waits for: a worker asking for it before it is written waits on the same lock, as
before. A job that fails leaves its work to the workers, which do it as they did before this
step existed: slower, and as correct.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from tests.support import bytecode, github_schema, hypothesis_constants


def prepare(config: pytest.Config, plugins: Sequence[str]) -> subprocess.Popen[bytes] | None:
    """Returns the schema's builder, for `finish` to reap (None when it is already built)."""
    builder = _start_schema_build(bytecode.ROOT)
    jobs = bytecode.jobs(config, plugins) + hypothesis_constants.jobs(
        bytecode.ROOT, ("auditor", "benchmarks")
    )
    share(jobs, os.cpu_count() or 1)
    return builder


def finish(builder: subprocess.Popen[bytes] | None) -> None:
    if builder is not None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            builder.wait(timeout=60)


def share(jobs: Sequence[Callable[[], object]], processes: int) -> None:
    """Runs `jobs` in `processes` processes (this one and forks of it), dealt in turn, and
    returns when all are done. Forked after the configuration is read: the jobs close over it."""
    count = max(1, min(processes, len(jobs))) if hasattr(os, "fork") else 1
    children = []
    for index in range(1, count):
        try:
            pid = os.fork()
        except OSError:  # no process to spare: this one does the shares not dealt yet
            _run([job for later in range(index, count) for job in jobs[later::count]])
            break
        if pid == 0:  # a child: its share, then out without running anything of the parent's
            try:
                _run(jobs[index::count])
            finally:
                os._exit(0)
        children.append(pid)
    _run(jobs[0::count])
    for pid in children:
        os.waitpid(pid, 0)


def _run(jobs: Sequence[Callable[[], object]]) -> None:
    for job in jobs:
        with contextlib.suppress(Exception):  # left to the workers, as before this step
            job()


def _start_schema_build(root: Path) -> subprocess.Popen[bytes] | None:
    path = github_schema.schema_path()
    if path is None or github_schema.cached_path(path).is_file():
        return None
    build = "from tests.support import github_schema as g; g.github_schema(g.schema_path())"
    try:
        return subprocess.Popen(
            [sys.executable, "-c", build],
            cwd=root,  # `-c` puts it first on the path: the tests' package is found
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    except OSError:
        return None
