"""tests/support/fake_github.py's FakeGitHub in a process of its own, fed by a world's repos.json.

    python -m benchmarks.fake_github_server REPOS.json [--latency 0.05] [--token T]
        [--rest-budget N] [--graphql-budget N] [--max-seconds 1800] [--graphql-faults N]

Prints "ready URL" once listening. Commands on stdin, one a line: `stats` (prints the counters
as one JSON line), `reset` (zeroes them), `quit`. Stops when stdin closes or after
--max-seconds. Its own process, so that its threads never compete for a GIL with the fake web
or the harness.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from pathlib import Path

from benchmarks.world import LICENSES
from tests.support.fake_github import FakeGitHub, FakeRepo


def load(path: Path) -> list[FakeRepo]:
    made: dict[str, FakeRepo] = {}
    for spec in json.loads(path.read_text()):
        if not spec["exists"] or spec["full_name"].casefold() in made:
            continue
        made[spec["full_name"].casefold()] = FakeRepo(
            spec["full_name"],
            files=dict(spec["files"]),
            license=LICENSES[spec["license"]] if spec["license"] else None,
            last_commit_at=None if spec["empty"] else "2026-05-01T17:45:12Z",
            release=("v1.0", "2026-06-01T00:00:00Z") if spec["release"] else None,
            old_names=(spec["cited_as"],) if spec["cited_as"] != spec["full_name"] else (),
        )
    return list(made.values())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("repos", type=Path)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--token")
    parser.add_argument("--rest-budget", type=int)
    parser.add_argument(
        "--graphql-budget", type=int, default=5000, help="GraphQL points an hour, then RATE_LIMITED"
    )
    parser.add_argument("--max-seconds", type=float, default=1800.0)
    parser.add_argument(
        "--graphql-faults",
        type=int,
        default=0,
        help="every N-th repository's batch meets a secondary limit or a 502 once, in turn",
    )
    args = parser.parse_args()
    repos = load(args.repos)
    faults = {
        repo.full_name: ("secondary", "502")[index % 2]
        for index, repo in enumerate(repos[:: args.graphql_faults] if args.graphql_faults else [])
    }
    fake = FakeGitHub(
        repos,
        latency=args.latency,
        token=args.token,
        rest_budget=args.rest_budget,
        graphql_faults=faults,
        graphql_budget=args.graphql_budget,
    )
    # The recorded requests would only grow: the benchmark reads the counters.
    fake.requests = _Discard()
    fake.start()
    timer = threading.Timer(args.max_seconds, lambda: os._exit(0))
    timer.daemon = True
    timer.start()
    print(f"ready {fake.url}", flush=True)
    try:
        for line in sys.stdin:
            command = line.strip()
            if command == "stats":
                with fake._lock:
                    stats = {**fake.counts, "graphql_points": fake.graphql_points}
                print(json.dumps(stats), flush=True)
            elif command == "reset":  # a new run: fresh counters and a fresh hour's budget
                with fake._lock:
                    fake.counts.clear()
                    fake.graphql_points = 0
                    fake.rest_budget = args.rest_budget
                print("{}", flush=True)
            elif command == "quit":
                break
    finally:
        fake.stop()


class _Discard(list):  # type: ignore[type-arg]
    def append(self, item: object) -> None:
        pass


if __name__ == "__main__":
    main()
