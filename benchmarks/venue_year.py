"""A venue-year audit as an Actions matrix runs it: one list of a year of the major ML venues
(30,000 papers, ~18,000 repositories, 50 ms latency), audited as `--shard K/N` runs, one
process each, then `auditor merge`d, against one GitHub budget of 1,000 GraphQL points an hour
(what an Action's `GITHUB_TOKEN` allows).

    python -m benchmarks.run --only venue-year [--venue-papers 30000] [--venue-shards 3]
        [--venue-merge-only]

`--venue-merge-only` audits nothing: it merges again the shard scorecards a previous run left in
benchmarks/out/venue-year-N/shard-K/, to measure `auditor merge` alone (the shards take minutes).

The shards run one after another here, each in a fresh process against the same fake GitHub and
fake web, because a matrix gives each shard a runner of its own: a shard's wall time is its own,
not three sharing two cores. The GitHub budget is not: the fake counts every shard's points
against one hour's 1,000, as the shards of one workflow share one token.

Reported per shard: wall, CPU, peak RSS, GraphQL queries and points; the merge's wall; whether
every web verdict is what the world says; and the run's expected wall on real GitHub, where
GraphQL queries are serial: the fake's seconds per query replaced by `REAL_SECONDS_PER_QUERY`.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

from benchmarks import harness, world
from benchmarks.harness import OUT, TOKEN

GRAPHQL_POINTS_PER_HOUR = 1000  # an Actions GITHUB_TOKEN's GraphQL budget, per repository
# Seconds GitHub takes to answer one 30-repository batch of our query: an assumption (no
# request leaves this machine), stated beside every figure that uses it.
REAL_SECONDS_PER_QUERY = 2.0


def venue_year(
    papers: int, shards: int, latency: float, port: int, *, merge_only: bool = False
) -> dict[str, Any]:
    folder = OUT / f"venue-year-{papers}"
    # The world's web links name the fake web's port: a merge alone checks the verdicts
    # against the world the shards were audited in.
    kept_port = folder / "port"
    rows: list[dict[str, Any]] = []
    if merge_only:
        missing = [
            str(path)
            for path in (
                kept_port,
                *(folder / f"shard-{k}" / "scorecard.json" for k in range(1, shards + 1)),
            )
            if not path.is_file()
        ]
        if missing:
            raise SystemExit(f"--venue-merge-only: no {missing[0]}: run without it first")
        built = world.build(papers, port=int(kept_port.read_text()))
    else:
        built = world.build(papers, port=port)
        rows = _audit_shards(built, folder, shards, latency)
        kept_port.write_text(str(port))
    merged = folder / "merged"
    shutil.rmtree(merged, ignore_errors=True)
    merge = harness.measure(
        [
            sys.executable,
            "-m",
            "auditor",
            "merge",
            *(str(folder / f"shard-{shard}" / "scorecard.json") for shard in range(1, shards + 1)),
            "--out",
            str(merged),
            "--fail-on",
            "never",
        ],
        env=harness._env(None),
        cwd=folder,
    )
    right, total, wrong = _verdicts(built, merged / "scorecard.json")
    return {
        "papers": papers,
        "repos": len({repo.full_name.casefold() for repo in built.repos}),
        "shards": shards,
        "latency_ms": latency * 1000,
        "budget_points": GRAPHQL_POINTS_PER_HOUR,
        "real_seconds_per_query": REAL_SECONDS_PER_QUERY,
        "rows": rows,
        "points_total": sum(row["graphql_points"] for row in rows),
        "merge_s": merge.wall,
        "merge_cpu_s": merge.cpu,
        "merge_rss_mb": merge.max_rss_mb,
        "merge_exit": merge.exit_code,
        "merge_stderr": merge.stderr[-600:],
        "web_correct": right,
        "web_total": total,
        "wrong": wrong[:5],
    }


def _audit_shards(
    built: world.World, folder: Path, shards: int, latency: float
) -> list[dict[str, Any]]:
    """Each shard audited in a process of its own, one after another: their rows."""
    rows: list[dict[str, Any]] = []
    with harness.fakes(
        built, folder, latency=latency, token=TOKEN, graphql_budget=GRAPHQL_POINTS_PER_HOUR
    ) as fakes:
        fakes.github.command("reset")
        before: dict[str, Any] = fakes.github.command("stats")
        for shard in range(1, shards + 1):
            out = folder / f"shard-{shard}"
            shutil.rmtree(out, ignore_errors=True)
            argv = [
                *harness.audit_argv(folder, fakes, out, None),
                "--shard",
                f"{shard}/{shards}",
            ]
            measured = harness.measure(argv, env=harness._env(TOKEN), cwd=folder)
            after: dict[str, Any] = fakes.github.command("stats")
            queries = after.get("graphql", 0) - before.get("graphql", 0)
            points = after.get("graphql_points", 0) - before.get("graphql_points", 0)
            rest = after.get("rest", 0) - before.get("rest", 0)
            before = after
            rows.append(
                {
                    "shard": f"{shard}/{shards}",
                    "wall_s": measured.wall,
                    "cpu_s": measured.cpu,
                    "rss_mb": measured.max_rss_mb,
                    "exit": measured.exit_code,
                    "graphql_queries": queries,
                    "graphql_points": points,
                    "rest": rest,
                    "real_github_s": _real_wall(measured.wall, queries, latency),
                    "stderr": measured.stderr[-600:],
                }
            )
            print(_shard_text(rows[-1]), flush=True)
    return rows


def _real_wall(wall: float, queries: int, latency: float) -> float:
    """The shard's wall with every GraphQL query taking GitHub's time instead of the fake's
    (queries are serial, so their time adds up; the rest of the run overlaps as measured)."""
    return wall + queries * max(0.0, REAL_SECONDS_PER_QUERY - latency)


def _verdicts(built: world.World, scorecard: Path) -> tuple[int, int, list[tuple[str, str, str]]]:
    expected = built.expected()
    try:
        document = json.loads(scorecard.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0, len(expected), [("(no merged scorecard)", "", "")]
    got = {link["url"]: link["outcome"] for link in document["links"] if link["url"] in expected}
    wrong = [(url, want, got.get(url, "missing")) for url, want in expected.items()]
    wrong = [item for item in wrong if item[1] != item[2]]
    return len(expected) - len(wrong), len(expected), wrong


def _shard_text(row: dict[str, Any]) -> str:
    return (
        f"venue-year shard {row['shard']}: {row['wall_s']:.1f} s wall, {row['cpu_s']:.1f} s CPU, "
        f"{row['rss_mb']:.0f} MB, {row['graphql_queries']} GraphQL queries, "
        f"{row['graphql_points']} points, exit {row['exit']}"
    )


def markdown(section: dict[str, Any], command: str) -> list[str]:
    lines = [
        f"### A venue-year in {section['shards']} shards (issue 27, item 7)",
        "",
        f"Command: `{command}`. {section['papers']:,} papers, {section['repos']:,} repositories, "
        f"{section['latency_ms']:.0f} ms latency, a token whose GraphQL budget is "
        f"{section['budget_points']:,} points an hour shared by the shards; shards run one "
        "after another (a matrix gives each its own runner).",
        "",
    ]
    merge = (
        f"Merge: {section['merge_s']:.1f} s, {section['merge_cpu_s']:.1f} s CPU, "
        f"{section['merge_rss_mb']:.0f} MB (exit {section['merge_exit']}). Web verdicts right: "
        f"{section['web_correct']}/{section['web_total']}."
    )
    if not section["rows"]:  # --venue-merge-only
        return [*lines, f"The shard scorecards of a previous run, merged again. {merge}"]
    lines += [
        "| shard | wall | CPU | peak RSS | GraphQL queries | points | REST | on real GitHub* |",
        "|:--|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in section["rows"]:
        lines.append(
            f"| {row['shard']} | {row['wall_s']:.1f} s | {row['cpu_s']:.1f} s | "
            f"{row['rss_mb']:.0f} MB | {row['graphql_queries']} | {row['graphql_points']} | "
            f"{row['rest']} | {row['real_github_s'] / 60:.1f} min |"
        )
    lines += [
        "",
        f"Points, all shards: **{section['points_total']}** of {section['budget_points']:,}. "
        + merge,
        "",
        f"\\* GraphQL queries are serial: each query's {section['latency_ms']:.0f} ms here "
        f"replaced by {section['real_seconds_per_query']:.1f} s, an assumed answer time of "
        "GitHub for one batch (not measured: no request leaves this machine).",
    ]
    return lines
