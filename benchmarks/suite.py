"""How long the whole test suite takes: `python -m pytest -q -p no:randomly --durations=N` (the
workers of pyproject.toml's `-n auto`), its wall time and CPU time (the suite and every worker
and subprocess it waited for, from /usr/bin/time), the load average around it (other work on
the machine stretches the wall time, not the CPU time), and the slowest tests. Exits 1 when the
wall time is over the goal or a test failed: run it after a change that adds tests or fakes.

    python -m benchmarks.suite [--goal 120] [--durations 15]

A benchmark, not a timed test: a test of the suite's own time would fail with the machine's
load, not with the suite.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

from benchmarks.harness import measure

ROOT = Path(__file__).resolve().parent.parent
GOAL_SECONDS = 120.0  # issue 21, item 7: the whole suite under 2 minutes on 2 cores
RUN_LIMIT = 1800.0  # a suite hanging is stopped, not waited for


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--goal", type=float, default=GOAL_SECONDS, help="seconds of wall time")
    parser.add_argument("--durations", type=int, default=15, help="slowest tests listed")
    options = parser.parse_args(argv)

    load_before = os.getloadavg()[0]
    argv_ = [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly"]
    argv_.append(f"--durations={options.durations}")
    with tempfile.TemporaryFile("w+") as output:
        run = measure(argv_, cwd=ROOT, timeout=RUN_LIMIT, stdout=output)
        output.seek(0)
        text = output.read()
    load_after = os.getloadavg()[0]

    outcome = re.findall(r"^=*\s*(\d+ (?:passed|failed).*?) in [\d.]+s", text, re.MULTILINE)
    slowest = re.findall(r"^\d+\.\d+s (?:call|setup|teardown) .*$", text, re.MULTILINE)
    print(f"{outcome[-1] if outcome else 'no summary line (see the output above)'}")
    print(
        f"| {os.cpu_count()} cores | {run.wall:.0f} s wall | {run.cpu:.0f} s CPU "
        f"| load average {load_before:.1f} before, {load_after:.1f} after "
        f"| goal {options.goal:.0f} s |"
    )
    print("\n".join(slowest))
    if run.exit_code != 0:
        print(text[-3000:], file=sys.stderr)
        return 1
    return 0 if run.wall < options.goal else 1


if __name__ == "__main__":
    sys.exit(main())
