"""GitHub budgets: how many repositories a tokenless run fully judges within GitHub's 60 REST
requests an hour, and how many GraphQL queries and points a token spends when repositories
fault (each fault once, of the moment: a secondary rate limit or a plain 502 by default).

    python -m benchmarks.github_budget [--repos 15,30,40] [--graphql 388] [--faults 17]
        [--fault-share 0.025] [--fault-kinds secondary,502]

The tokenless table is printed twice: with a healthy raw host, and in a 429 storm of the raw
host (every file answers 429 without Retry-After, its retry too), where the API's budget left
over, if any, reads the refused files instead.

Both against tests/support/fake_github.py in this process (REST budget enforced as GitHub does it:
every answer counts, a tokenless 304 too; the raw host's files never), repositories from
benchmarks/world.py. Counts only, no timing. BENCH_AUDITOR_ROOT=DIR measures another
checkout's `auditor` package (figures before a change).
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [os.environ.get("BENCH_AUDITOR_ROOT") or str(ROOT), str(ROOT)]

from auditor.config.settings import Settings  # noqa: E402
from auditor.hosts.github import GitHubFacts  # noqa: E402
from benchmarks import world  # noqa: E402
from tests.support.fake_github import FakeGitHub  # noqa: E402
from tests.support.local_servers import plain_fetcher  # noqa: E402

TOKEN = "bench-token-0123456789"
# The bound's batch: 30 aliases (Sourcegraph's batch, below the 37 where GitHub answers nothing).
BOUND_BATCH = 30


def repositories(count: int, seed: int = 11) -> list[Any]:
    """`count` existing repositories of a world (a README, licences, requirements, releases)."""
    built = world.build(max(40, count * 3), seed=seed)
    repos = [repo for repo in world.fake_repos(built) if not repo.old_names][:count]
    assert len(repos) == count, "world too small"
    return repos


def _settings(fake: FakeGitHub, token: str | None) -> Settings:
    return Settings(
        github_api_url=fake.url,
        github_graphql_url=fake.url + "/graphql",
        github_token=token,
        retry_base_delay=0.0,
    )


async def tokenless(count: int, *, raw_storm: bool = False) -> dict[str, Any]:
    repos = repositories(count)
    names = [repo.full_name for repo in repos]
    with FakeGitHub(repos, rest_budget=60) as fake:
        if raw_storm:
            for repo in repos:
                for path in repo.files:
                    for _ in range(6):  # more often than the retries ask
                        fake.script(
                            f"/raw/{repo.full_name}/{repo.default_branch}/{path}", 429, "Too Many"
                        )
        async with plain_fetcher() as fetcher:
            results = await GitHubFacts(fetcher, _settings(fake, None)).repos(names)
        counts = dict(fake.counts)
    judged = [
        name
        for name, result in results.items()
        if result.check.outcome.value in ("ok", "moved") and result.facts is not None
    ]
    skipped: dict[str, int] = {}
    for result in results.values():
        for fact in getattr(result.facts, "skipped", ()) or ():
            skipped[fact] = skipped.get(fact, 0) + 1
    return {
        "repositories": count,
        "fully_judged": len(judged),
        "unchecked": sum(r.check.outcome.value == "unchecked" for r in results.values()),
        "api_requests": counts.get("rest", 0) + counts.get("rest_304", 0),
        "raw_requests": counts.get("raw", 0) + counts.get("raw_304", 0),
        "readmes_read": sum(
            bool(r.facts and r.facts.readme_path and r.facts.readme_analysed)
            for r in results.values()
        ),
        "dead_or_transient": sum(
            r.check.outcome.value in ("dead", "transient") for r in results.values()
        ),
        "skipped": skipped,
    }


async def graphql(count: int, faults: int, kinds: tuple[str, ...], seed: int = 5) -> dict[str, Any]:
    repos = repositories(count, seed=seed)
    names = [repo.full_name for repo in repos]
    rng = random.Random(seed)
    faulty = rng.sample(names, faults)
    faults = {name: kinds[index % len(kinds)] for index, name in enumerate(faulty)}
    with FakeGitHub(repos, token=TOKEN, graphql_faults=dict(faults)) as fake:
        async with plain_fetcher() as fetcher:
            facts = GitHubFacts(fetcher, _settings(fake, TOKEN))
            results = await facts.repos(names)
        queries, points = fake.counts["graphql"], fake.graphql_points
    batches = math.ceil(count / BOUND_BATCH)
    return {
        "repositories": count,
        "faults": len(faults),
        "batches": batches,
        "queries": queries,
        "points": points,
        "per_repository": queries / count,
        "bound": (batches + len(faults)) / count,
        "ok": sum(r.check.outcome.value in ("ok", "moved") for r in results.values()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repos", default="15,30,40")
    parser.add_argument("--graphql", type=int, default=388)
    parser.add_argument("--faults", type=int, help="faults (default: --fault-share of them)")
    parser.add_argument("--fault-share", type=float, default=17 / 388)
    parser.add_argument("--fault-kinds", default="secondary,502")
    args = parser.parse_args()
    for raw_storm in (False, True):
        print("raw host in a 429 storm" if raw_storm else "raw host healthy")
        print("| repositories | fully judged | unchecked | dead or transient | API requests | "
              "raw host answers | READMEs read | skipped |")  # fmt: skip
        print("|---:|---:|---:|---:|---:|---:|---:|:--|")
        for count in (int(n) for n in args.repos.split(",")):
            row = asyncio.run(tokenless(count, raw_storm=raw_storm))
            skipped = ", ".join(f"{k} {v}" for k, v in sorted(row["skipped"].items())) or "-"
            print(
                f"| {count} | {row['fully_judged']} | {row['unchecked']} | "
                f"{row['dead_or_transient']} | {row['api_requests']} | {row['raw_requests']} | "
                f"{row['readmes_read']} | {skipped} |"
            )
        print()
    faults = round(args.graphql * args.fault_share) if args.faults is None else args.faults
    kinds = tuple(args.fault_kinds.split(","))
    row = asyncio.run(graphql(args.graphql, faults, kinds))
    print()
    print("| repositories | faulting once | batches of 30 | GraphQL queries | points | "
          "per repository | bound (batches + faults) | ok |")  # fmt: skip
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(
        f"| {row['repositories']:,} | {row['faults']} | {row['batches']} | {row['queries']} | "
        f"{row['points']} | {row['per_repository']:.3f} | {row['bound']:.3f} | {row['ok']} |"
    )


if __name__ == "__main__":
    main()
