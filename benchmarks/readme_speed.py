"""How long README analysis takes: on the labelled corpus READMEs (when `../shared/corpus/` is
there) and on hostile READMEs at the 512 KiB read cap, one per kind of pathological line, each
alone, inside a code block, and under a results heading.

    python -m benchmarks.readme_speed
    python -m benchmarks.readme_speed --passes 5   # the corpus only: 5 passes after a warm one
    python -m benchmarks.readme_speed --counts     # the corpus only: one pass, calls counted

`--counts` gives what does not swing with the machine's load: the regular-expression calls by
method and the Python function calls (cProfile, builtins included). `BENCH_AUDITOR_ROOT=DIR`
measures another checkout's `auditor` (from `git archive COMMIT auditor | tar -x -C DIR`).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

if root := os.environ.get("BENCH_AUDITOR_ROOT"):
    sys.path.insert(0, root)

from auditor.readme.analysis import MAX_CHARS, analyze_readme
from benchmarks.accuracy import DEFAULT_CORPUS

HOSTILE_LINES = (
    "a," * 499,
    "data " + "x." * 495,
    "(" * 999,
    "| " * 499,
    "-" * 999,
    "http://" + "a." * 495,
    "`" * 999,
    "data is " + "a-b " * 247,
    "x/" * 499,
    "a_" * 499,
    "python " + "a." * 495,
    "- [x](https://arxiv.org/abs/1) " * 30,
    "- [x](https://huggingface.co/a/b) " * 30,
    "**" + "a " * 400 + "**",
    "# " + "Training " * 100,
    "please cite " * 80,
    "coming soon " * 80,
    "| 1.5 | 2.5 " * 80,
    "https://x.org/a " * 60,
)


def _timed(text: str, root: tuple[str, ...] = ()) -> float:
    start = time.perf_counter()
    analyze_readme(text, root_files=root)
    return time.perf_counter() - start


def _corpus() -> list[tuple[str, tuple[str, ...]]]:
    labels = DEFAULT_CORPUS / "readmes" / "labels.jsonl"
    readmes = []
    for line in labels.read_text().splitlines():
        record = json.loads(line)
        path = labels.parent / "texts" / Path(record["file"]).name
        readmes.append((path.read_text(encoding="utf-8", errors="replace"), record["root_files"]))
    return [(text, tuple(root)) for text, root in readmes]


def _passes(count: int) -> None:
    readmes = _corpus()
    for text, root in readmes:  # warm: compiled patterns, caches of the interpreter
        analyze_readme(text, root_files=root)
    times = []
    for _ in range(count):
        cpu = time.process_time()
        for text, root in readmes:
            analyze_readme(text, root_files=root)
        times.append(time.process_time() - cpu)
    sys.stdout.write(
        f"corpus: {len(readmes)} READMEs, {count} passes: best {min(times):.2f} s, median "
        f"{statistics.median(times):.2f} s of CPU ({' '.join(f'{t:.2f}' for t in times)})\n"
    )


def _counts() -> None:
    readmes = _corpus()
    for text, root in readmes:
        analyze_readme(text, root_files=root)
    profile = cProfile.Profile()
    profile.enable()
    for text, root in readmes:
        analyze_readme(text, root_files=root)
    profile.disable()
    calls: dict[str, int] = {}
    total = 0
    for (file, _, function), row in pstats.Stats(profile).stats.items():  # type: ignore[attr-defined]
        total += row[1]
        if file == "~" and "re.Pattern" in function:
            method = function.split("'")[1]
            calls[method] = calls.get(method, 0) + row[1]
    for method, count in sorted(calls.items()):
        sys.stdout.write(f"re.Pattern.{method}: {count:,}\n")
    sys.stdout.write(f"all regular-expression calls: {sum(calls.values()):,}\n")
    sys.stdout.write(f"Python function calls: {total:,}\n")


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.readme_speed")
    parser.add_argument("--passes", type=int, help="the corpus only, this many passes")
    parser.add_argument("--counts", action="store_true", help="the corpus only, calls counted")
    options = parser.parse_args()
    if options.counts:
        _counts()
        return 0
    if options.passes:
        _passes(options.passes)
        return 0
    labels = DEFAULT_CORPUS / "readmes" / "labels.jsonl"
    if labels.is_file():
        times = []
        cpu = time.process_time()  # the goal: the whole corpus under 5 s of CPU
        for line in labels.read_text().splitlines():
            record = json.loads(line)
            path = labels.parent / "texts" / Path(record["file"]).name
            text = path.read_text(encoding="utf-8", errors="replace")
            times.append(_timed(text, tuple(record["root_files"])))
        cpu = time.process_time() - cpu
        sys.stdout.write(
            f"corpus: {len(times)} READMEs in {cpu:.2f} s of CPU, median "
            f"{statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms\n"
        )
    hostile = []
    for line in HOSTILE_LINES:
        body = (line + "\n") * (MAX_CHARS // (len(line) + 1))
        for text in (body, "```\n" + body + "```\n", "## Results\n" + body):
            hostile.append(_timed(text))
    sys.stdout.write(
        f"hostile: {len(hostile)} READMEs of {MAX_CHARS // 1024} KiB, mean "
        f"{statistics.mean(hostile):.2f} s, max {max(hostile):.2f} s\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
