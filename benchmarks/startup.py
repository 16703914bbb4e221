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


def _timed(command: list[str], folder: Path) -> tuple[float, float]:
    """One run in ms: wall time, and CPU time (user + system), which a machine busy with other
    work inflates less. A failing command stops the benchmark."""
    environment = {**os.environ, "PYTHONPATH": str(AUDITOR_ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=folder, env=environment, check=True, capture_output=True)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per command (best is kept)")
    args = parser.parse_args(argv)
    commands = [("python -c pass", [sys.executable, "-c", "pass"], None)] + [
        (label, [sys.executable, "-m", "auditor", *words], goal) for label, words, goal in GOALS
    ]
    runs: dict[str, list[tuple[float, float]]] = {label: [] for label, _, _ in commands}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "paper.txt").write_text(PAPER_LIST, encoding="utf-8")
        (folder / "README.md").write_text(README, encoding="utf-8")
        # Round by round, so that a burst of other work on the machine slows every command.
        for _ in range(args.runs):
            for label, command, _ in commands:
                runs[label].append(_timed(command, folder))
    bare_wall = min(wall for wall, _ in runs["python -c pass"])
    bare_cpu = min(cpu for _, cpu in runs["python -c pass"])
    load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
    sys.stdout.write(f"auditor from {AUDITOR_ROOT}, best of {args.runs}, load average {load}\n\n")
    sys.stdout.write(
        "| command | wall, ms | above bare | CPU, ms | above bare | goal: wall above bare, ms |\n"
        "| --- | ---: | ---: | ---: | ---: | ---: |\n"
    )
    over = 0
    for label, _, goal in commands:
        wall = min(wall for wall, _ in runs[label])
        cpu = min(cpu for _, cpu in runs[label])
        if goal is None:
            sys.stdout.write(f"| {label} | {wall:.0f} | | {cpu:.0f} | | |\n")
            continue
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
