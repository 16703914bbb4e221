"""An audit on a machine whose public DNS is down: how long it takes to say `unchecked`.

    python -m benchmarks.offline [--papers 3000] [--dns-delay 0.2]

A list of `--papers` papers, five links each (a GitHub repository, a `*.github.io` page, a
GitLab project, a Hugging Face model, a university file), is audited in this process with a
resolver that behaves like a machine without internet: every name fails after `--dns-delay`
seconds (about what a real resolver takes here), so no request leaves the process whatever the
machine. Prints the wall time, the number of name lookups and the outcomes.
`BENCH_AUDITOR_ROOT=DIR` (see benchmarks/README.md) measures another checkout's `auditor`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

if os.environ.get("BENCH_AUDITOR_ROOT"):
    sys.path.insert(0, os.environ["BENCH_AUDITOR_ROOT"])

from auditor.config.settings import Settings
from auditor.pipeline import run as pipeline
from auditor.rubric.registry import Rubric


class OfflineResolver:
    """Every name fails after `delay` seconds, as on a machine without internet."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.lookups = 0

    async def __call__(self, host: str, port: int) -> list[str]:
        self.lookups += 1
        await asyncio.sleep(self.delay)
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")


def write_list(folder: Path, papers: int) -> Path:
    lines = ["# An offline reading group", ""]
    for n in range(papers):
        links = (
            f"https://github.com/lab{n % 97}/method{n}",
            f"https://lab{n}.github.io/method{n}/",
            f"https://gitlab.com/lab{n}/method{n}",
            f"https://huggingface.co/lab{n}/method{n}",
            f"https://data{n}.example-univ.edu/set{n}.zip",
        )
        lines.append(f"We present Method {n}. Code and data: {' '.join(links)}\n")
    path = folder / "papers.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--papers", type=int, default=3000)
    parser.add_argument("--dns-delay", type=float, default=0.2)
    args = parser.parse_args(argv)
    resolver = OfflineResolver(args.dns_delay)
    with tempfile.TemporaryDirectory() as folder:
        papers = write_list(Path(folder), args.papers)
        settings = Settings(cache_dir=None)
        started = time.perf_counter()
        outcome = asyncio.run(pipeline.run([str(papers)], settings, Rubric(), resolver=resolver))
        wall = time.perf_counter() - started
    outcomes = Counter(result.check.outcome.value for result in outcome.audit.results)
    print(
        f"{args.papers} papers, {len(outcome.audit.results)} links: {wall:.1f} s wall, "
        f"{resolver.lookups} name lookups, outcomes {dict(outcomes)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
