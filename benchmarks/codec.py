"""The scorecard codec at 20,000 papers: CPU time to write `scorecard.json` (`dumps`) and to read it
back (`load_scorecard`: parse, validate, build the typed `Scorecard`), median of several runs;
and, for the choice of codec, what parsing and encoding alone cost with Python's `json` and with
msgspec (when installed), the part a C codec could take over.

    python -m benchmarks.codec [--papers 20000] [--runs 5]

`BENCH_AUDITOR_ROOT=DIR` measures another checkout's `auditor` (e.g. from `git archive COMMIT
auditor templates`): the "before" figures of a change. A benchmark, not a test: other work on
the machine moves the numbers.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

if root := os.environ.get("BENCH_AUDITOR_ROOT"):
    sys.path.insert(0, root)

from auditor.scorecard import dumps, load_scorecard
from tests.support.scorecards import synthetic_scorecard


def timed(action: Callable[[], object], runs: int) -> float:
    """The median CPU time of `action`, in seconds, the collector run before each: CPU, not
    wall time, as the machine is shared (one thread, so the two agree on an idle machine)."""
    samples = []
    for _ in range(runs):
        gc.collect()
        started = time.process_time()
        action()
        samples.append(time.process_time() - started)
    return statistics.median(samples)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--papers", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    card = synthetic_scorecard(args.papers)
    text = dumps(card)
    figures = {"write: dumps": timed(lambda: dumps(card), args.runs)}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scorecard.json"
        path.write_text(text, encoding="utf-8")
        figures["read: load_scorecard"] = timed(lambda: load_scorecard(path), args.runs)
        assert dumps(load_scorecard(path)) == text
    data = text.encode()
    parsed = json.loads(text)
    figures["parse only: json.loads"] = timed(lambda: json.loads(data), args.runs)
    figures["encode only: json.dumps"] = timed(
        lambda: json.dumps(parsed, ensure_ascii=False), args.runs
    )
    try:
        import msgspec
    except ImportError:
        pass
    else:
        figures["parse only: msgspec.json.decode"] = timed(
            lambda: msgspec.json.decode(data), args.runs
        )
        figures["encode only: msgspec.json.encode"] = timed(
            lambda: msgspec.json.encode(parsed), args.runs
        )
    print(f"{args.papers:,} papers, scorecard.json {len(data) / 2**20:.1f} MiB")
    for name, seconds in figures.items():
        print(f"| {name} | {seconds:.2f} s |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
