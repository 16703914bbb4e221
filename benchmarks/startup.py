"""How long the command line takes to start: `auditor --version`, `--help`, `extract` of a
one-paper list and `readme` of one README, each as a fresh `python -m auditor` process, against a
bare `python -c pass` on the same machine. Best of N runs (default 5) per command; the figure
that counts is the difference to the bare start, against the goal of issue 27.

    python -m benchmarks.startup [--runs N]

`BENCH_AUDITOR_ROOT=DIR` measures another checkout's `auditor` package (see
benchmarks/README.md): the "before" figures of a change.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AUDITOR_ROOT = Path(os.environ.get("BENCH_AUDITOR_ROOT") or ROOT)

# Written for this benchmark: one paper citing one repository, and a short README.
PAPER_LIST = (
    "Sparse adapters for tiny models\n\n"
    "We train sparse adapters on small language models and find them as good as dense ones.\n"
    "Code: https://github.com/example-lab/sparse-adapters\n"
)
README = (
    "# sparse-adapters\n\n"
    "## Installation\n\n```\npip install -r requirements.txt\n```\n\n"
    "## Training\n\n```\npython train.py --config configs/base.yaml\n```\n\n"
    "## Evaluation\n\n```\npython eval.py --checkpoint runs/base\n```\n"
)

# Milliseconds above a bare `python -c pass` (issue 27, "a CLI that starts at once").
GOALS = (
    ("auditor --version", ("--version",), 100),
    ("auditor --help", ("--help",), 100),
    ("auditor extract paper.txt", ("extract", "paper.txt"), 250),
    ("auditor readme README.md", ("readme", "README.md"), 300),
)


def _best(command: list[str], folder: Path, runs: int) -> tuple[float, float]:
    """The fastest of `runs` runs, in ms: wall time, and CPU time (user + system), which a
    machine busy with other work inflates less. A failing command stops the benchmark."""
    environment = {**os.environ, "PYTHONPATH": str(AUDITOR_ROOT)}
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, cwd=folder, env=environment, check=True, capture_output=True)
        walls.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        cpus.append(cpu * 1000)
    return min(walls), min(cpus)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per command (best is kept)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "paper.txt").write_text(PAPER_LIST, encoding="utf-8")
        (folder / "README.md").write_text(README, encoding="utf-8")
        bare_wall, bare_cpu = _best([sys.executable, "-c", "pass"], folder, args.runs)
        rows = [
            (label, *_best([sys.executable, "-m", "auditor", *words], folder, args.runs), goal)
            for label, words, goal in GOALS
        ]
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    sys.stdout.write(f"auditor from {AUDITOR_ROOT}, best of {args.runs}, load average {load}\n\n")
    sys.stdout.write(
        "| command | wall, ms | above `python -c pass` | CPU, ms | above `python -c pass` "
        "| goal (above), ms |\n| --- | ---: | ---: | ---: | ---: | ---: |\n"
    )
    sys.stdout.write(f"| python -c pass | {bare_wall:.0f} | | {bare_cpu:.0f} | | |\n")
    over = 0
    for label, wall, cpu, goal in rows:
        above = wall - bare_wall
        over += above > goal
        mark = "" if above <= goal else " (over)"
        sys.stdout.write(
            f"| {label} | {wall:.0f} | {above:.0f}{mark} | {cpu:.0f} | {cpu - bare_cpu:.0f} "
            f"| {goal} |\n"
        )
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())
