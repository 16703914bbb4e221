"""How long README analysis takes: on the labelled corpus READMEs (when `../shared/corpus/` is
there) and on hostile READMEs at the 512 KiB read cap, one per kind of pathological line, each
alone, inside a code block, and under a results heading.

    python -m benchmarks.readme_speed
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

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


def main() -> int:
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
