"""The one command: every figure of benchmarks/RESULTS.md, on loopback only.

    python -m benchmarks.run [--quick] [--append] [--only matrix,rest,warm,peers]

Sections (each a median of several runs; see --runs):
  matrix  `auditor audit` at 40, 3,300 and 20,000 papers, 50 and 200 ms latency, with a token
          (GraphQL) and without (REST with GitHub's 60-request budget): wall, CPU, peak RSS,
          GitHub requests per repository, GraphQL points per 100 repositories, web verdicts right
  rest    without a token and without a budget (an Enterprise server, or a fresh hour): REST
          requests per repository on a cold run
  warm    a cold run with --cache-dir then warm re-runs (with a token), and without a token past
          --max-cache-age: the share of REST requests answered 304
  peers   lychee, LinkChecker, linkinator, markdown-link-check and us on the ICML-size web list
  onehost every link on one host (1,000 listed, 800 unique): lychee and linkinator, defaults and
          tuned, and us, defaults and tuned (--host-concurrency 32 --host-request-interval 0),
          and tuned with --max-retries 2
  onehost-icml  the ICML-size world (3,300 papers) with every web link on one host and
          scripted GraphQL faults (a secondary limit or a 502, every 100th repository), with a
          token: us, defaults and tuned; wall, CPU, GitHub queries, verdicts right
  venue-year  30,000 papers audited as 3 shards then merged, against one token's 1,000
          GraphQL points an hour (benchmarks/venue_year.py)
--quick runs the smallest size only (a minute). Raw figures go to benchmarks/out/results-*.json;
--append adds the tables to benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks import harness, peers, venue_year, world
from benchmarks.harness import OUT, TOKEN, AuditRun

ROOT = harness.ROOT
SIZES = {"seeds": 40, "icml": 3300, "20k": 20000}


def free_port() -> int:
    """A port free on 127.1.0.1 (the fake web uses it on every 127.1.x.y address)."""
    with socket.socket() as probe:
        probe.bind(("127.1.0.1", 0))
        return int(probe.getsockname()[1])


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return (
        f"{os.cpu_count()} cores ({cpu}), {memory:.0f} GB, Linux {platform.release()}, "
        f"Python {platform.python_version()}"
    )


def commit() -> str:
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
    except OSError:
        head = "?"
    return f"{head} + working tree"


def summarise(label: str, runs: list[AuditRun]) -> dict[str, Any]:
    last = runs[-1]
    return {
        "label": label,
        "papers": last.size,
        "latency_ms": round(last.latency * 1000),
        "token": last.token,
        "runs": len(runs),
        "wall_s": median([r.measured.wall for r in runs]),
        "wall_all": [round(r.measured.wall, 2) for r in runs],
        "cpu_s": median([r.measured.cpu for r in runs]),
        "rss_mb": median([r.measured.max_rss_mb for r in runs]),
        "repos": last.repos,
        "links": sum(last.outcomes.values()),
        "outcomes": dict(last.outcomes),
        "github": last.github,
        "requests_per_repo": last.requests_per_repo,
        "points_per_100": last.points_per_100,
        "web_correct": last.web_correct,
        "web_total": last.web_total,
        "wrong": last.wrong[:5],
        "exit": [r.measured.exit_code for r in runs],
        "hint": "set GITHUB_TOKEN" in last.measured.stderr,
        "stderr": last.measured.stderr[-600:],
    }


def matrix(
    sizes: list[int],
    latencies: list[float],
    runs_for: Callable[[int], int],
    modes: Sequence[str | None] = (TOKEN, None),
) -> list[Any]:
    rows = []
    for size in sizes:
        built = world.build(size, port=free_port())
        folder = OUT / f"world-{size}"
        for latency in latencies:
            for token in modes:
                # Without a token GitHub allows 60 REST requests an hour: so does the fake.
                budget = None if token else 60
                with harness.fakes(
                    built, folder, latency=latency, token=token, rest_budget=budget
                ) as fakes:
                    done = [
                        harness.run_audit(built, folder, fakes, latency=latency, token=token)
                        for _ in range(runs_for(size))
                    ]
                row = summarise("cold", done)
                rows.append(row)
                print(_row_text(row), flush=True)
    return rows


def rest_cost(sizes: list[int]) -> list[Any]:
    """REST requests per repository, no token, no budget (latency 0: the count is the same)."""
    rows = []
    for size in sizes:
        built = world.build(size, port=free_port())
        folder = OUT / f"world-{size}"
        with harness.fakes(built, folder, latency=0.0, token=None) as fakes:
            done = harness.run_audit(built, folder, fakes, latency=0.0, token=None)
        row = summarise("rest-unlimited", [done])
        rows.append(row)
        print(_row_text(row), flush=True)
    return rows


def warm(size: int, latency: float, runs: int) -> dict[str, Any]:
    built = world.build(size, port=free_port())
    folder = OUT / f"world-{size}"
    cache = folder / "cache"
    result: dict[str, Any] = {"papers": size, "latency_ms": round(latency * 1000)}
    # With a token: a cold run fills the cache, warm runs reuse it within --max-cache-age.
    colds, warms = [], []
    for _ in range(runs):
        shutil.rmtree(cache, ignore_errors=True)
        with harness.fakes(built, folder, latency=latency, token=TOKEN) as fakes:
            colds.append(
                harness.run_audit(built, folder, fakes, latency=latency, token=TOKEN, cache=cache)
            )
            warms.append(
                harness.run_audit(built, folder, fakes, latency=latency, token=TOKEN, cache=cache)
            )
    result["token"] = {
        "cold": summarise("cold+cache", colds),
        "warm": summarise("warm", warms),
        "ratio": median(
            [w.measured.wall / c.measured.wall for c, w in zip(colds, warms, strict=True)]
        ),
    }
    print("warm, token:", round(result["token"]["ratio"], 3), flush=True)
    # Without a token, no budget, past --max-cache-age: every REST answer is asked again,
    # conditionally (If-None-Match); a 304 costs no quota. No latency: REST is serial, and
    # 5 requests for each of thousands of repositories at 50 ms would take ten minutes.
    shutil.rmtree(cache, ignore_errors=True)
    with harness.fakes(built, folder, latency=0.0, token=None) as fakes:
        cold = harness.run_audit(built, folder, fakes, latency=0.0, token=None, cache=cache)
        time.sleep(1.1)
        again = harness.run_audit(
            built,
            folder,
            fakes,
            latency=0.0,
            token=None,
            cache=cache,
            extra=["--max-cache-age", "1"],
        )
    rest = again.github.get("rest", 0)
    not_modified = again.github.get("rest_304", 0)
    result["rest"] = {
        "cold": summarise("rest cold", [cold]),
        "warm": summarise("rest past max-cache-age", [again]),
        "share_304": not_modified / max(1, rest + not_modified),
        "ratio": again.measured.wall / cold.measured.wall,
    }
    print("warm, REST 304 share:", round(result["rest"]["share_304"], 3), flush=True)
    return result


def peer_section(
    size: int, latency: float, runs: int, names: set[str] | None = None
) -> dict[str, Any]:
    """The peers and us on the links of the `size`-paper world."""
    versions = peers.install()
    built = world.build(size, port=free_port())
    folder = OUT / f"peers-{size}"
    built.dump(folder)
    ours = (("paper-auditor", "defaults (adaptive per host)", ()),)
    rows = _side_by_side(peers.peers(), ours, built, folder, latency, runs, names, versions)
    return {"papers": size, "urls": len(built.web), "latency_ms": latency * 1000,
            "versions": versions, "rows": rows}  # fmt: skip


AUDITOR_TUNED = ("--host-concurrency", "32", "--host-request-interval", "0")
# Tuned for speed beyond the pace: a persistent server error's third retry (2-4 s) skipped; a
# link that failed once (a 503, a 429) is still judged by its retry.
AUDITOR_FAST = (*AUDITOR_TUNED, "--max-retries", "2")


def one_host(
    unique: int, listed: int, latency: float, runs: int, names: set[str] | None = None
) -> dict[str, Any]:
    """Every link on one host: lychee and linkinator (defaults and tuned) and us (defaults and
    tuned), each on a fresh fake web, the same harness as the peers section."""
    versions = peers.install()
    built = world.build_one_host(unique, listed, port=free_port())
    folder = OUT / f"one-host-{unique}"
    built.dump(folder)
    ours = (
        ("paper-auditor", "defaults (adaptive per host)", ()),
        ("paper-auditor tuned", " ".join(AUDITOR_TUNED), AUDITOR_TUNED),
        ("paper-auditor tuned (2 retries)", " ".join(AUDITOR_FAST), AUDITOR_FAST),
    )
    rows = _side_by_side(
        peers.one_host_peers(), ours, built, folder, latency, runs, names, versions
    )
    return {
        "unique": unique,
        "listed": listed,
        "latency_ms": latency * 1000,
        "versions": versions,
        "auditor_root": str(harness.AUDITOR_ROOT),
        "rows": rows,
    }


ICML_FAULTS_EVERY = 100  # every 100th repository's batch meets a GraphQL fault once


def one_host_icml(size: int, latency: float, runs: int) -> list[Any]:
    """The `size`-paper world with every web link on one host and GraphQL faults: us,
    defaults and tuned, with a token (the issue's "ICML size under 60 s")."""
    built = world.build(size, port=free_port(), one_host=True)
    folder = OUT / f"one-host-world-{size}"
    rows = []
    for label, extra in (("defaults", ()), ("tuned", AUDITOR_TUNED)):
        with harness.fakes(
            built, folder, latency=latency, token=TOKEN, graphql_faults=ICML_FAULTS_EVERY
        ) as fakes:
            done = [
                harness.run_audit(built, folder, fakes, latency=latency, token=TOKEN, extra=extra)
                for _ in range(runs)
            ]
        row = summarise(label, done)
        rows.append(row)
        print(_row_text(row), flush=True)
    return rows


def _side_by_side(
    peer_list: Sequence[peers.Peer],
    ours: Sequence[tuple[str, str, Sequence[str]]],
    built: world.World,
    folder: Path,
    latency: float,
    runs: int,
    names: set[str] | None,
    versions: dict[str, str],
) -> list[dict[str, Any]]:
    """Each installed peer, then us with each of `ours` (name, note, extra arguments), `runs`
    times on a fresh fake web; `names` picks rows. We also read the project pages and check the
    repositories they link to (the peers do not): through the fake GitHub, with a token, at
    the same latency. HTTP requests are those the fakes answered for each tool."""
    rows: list[dict[str, Any]] = []

    def fresh_web() -> harness._Server:
        return harness._Server(
            ["benchmarks.fake_web", str(folder / "web.json"), "--latency", str(latency)]
        )

    for peer in peer_list:
        if versions.get(peer.name.split()[0], "").startswith("not installed"):
            continue
        if names is not None and peer.name not in names:
            continue
        done = []
        for _ in range(runs):
            web = fresh_web()
            try:
                done.append(peers.run_peer(peer, built, folder))
                done[-1].requests = _web_requests(built)
            finally:
                web.stop()
        rows.append(_peer_row(peer.name, peer.note, done))
        print(rows[-1]["name"], rows[-1]["wall_s"], rows[-1]["correct"], flush=True)
    for name, note, extra in ours:
        if names is not None and name not in names:
            continue
        done = []
        for _ in range(runs):
            web = fresh_web()
            github = harness._Server(
                ["benchmarks.fake_github_server", str(folder / "repos.json"), "--latency",
                 str(latency), "--token", TOKEN]
            )  # fmt: skip
            try:
                done.append(_auditor_on_list(built, folder, github, extra))
            finally:
                github.stop()
                web.stop()
        rows.append(_peer_row(name, note, done))
        print(rows[-1]["name"], rows[-1]["wall_s"], rows[-1]["correct"], flush=True)
    return rows


def _web_requests(built: world.World) -> int:
    """Requests the fake web answered so far (its `/_stats`, itself not counted)."""
    import urllib.request

    url = f"http://{built.hosts[0]}:{built.port}/_stats"
    with urllib.request.urlopen(url, timeout=10) as answer:
        counts = json.loads(answer.read())
    return sum(counts.values()) - 1


def _auditor_on_list(
    built: world.World, folder: Path, github: harness._Server, extra: Sequence[str] = ()
) -> peers.PeerRun:
    out = folder / "auditor-reports"
    shutil.rmtree(out, ignore_errors=True)
    argv = [sys.executable, "-m", "auditor", "audit", str(folder / "links.md"), "--out", str(out),
            "--allow-private", "127.0.0.0/8", "--no-cache", "--fail-on", "never", "-q",
            "--github-api-url", github.address, *extra]  # fmt: skip
    measured = harness.measure(argv, env=harness._env(TOKEN), cwd=folder)
    document = json.loads((out / "scorecard.json").read_text())
    classes = {"ok": "ok", "moved": "ok", "dead": "broken"}
    verdicts = {
        link["url"]: classes.get(link["outcome"], link["outcome"]) for link in document["links"]
    }
    correct, wrong = peers.score(built, verdicts)
    # Stricter: our own outcome vocabulary against the world's expected outcome.
    expected = built.expected()
    exact = sum(1 for link in document["links"] if expected.get(link["url"]) == link["outcome"])
    run = peers.PeerRun("paper-auditor", measured, correct, len(built.web), wrong)
    run.wrong_by_category["exact outcome"] = exact
    asked = github.command("stats")
    run.requests = _web_requests(built) + sum(
        asked.get(key, 0) for key in ("rest", "rest_304", "raw", "graphql")
    )
    return run


def _peer_row(name: str, note: str, done: list[peers.PeerRun]) -> dict[str, Any]:
    return {
        "name": name,
        "note": note,
        "runs": len(done),
        "wall_s": median([d.measured.wall for d in done]),
        "wall_all": [round(d.measured.wall, 2) for d in done],
        "cpu_s": median([d.measured.cpu for d in done]),
        "rss_mb": median([d.measured.max_rss_mb for d in done]),
        "correct": done[-1].correct,
        "total": done[-1].total,
        "wrong": done[-1].wrong_by_category,
        "exit": [d.measured.exit_code for d in done],
        "stderr": done[-1].measured.stderr[-300:],
        "requests": done[-1].requests,
        "cpu_ms_per_request": (
            1000 * median([d.measured.cpu for d in done]) / done[-1].requests
            if done[-1].requests
            else None
        ),
    }


def _row_text(row: dict[str, Any]) -> str:
    return (
        f"{row['label']:>14} {row['papers']:>6} papers {row['latency_ms']:>4} ms "
        f"token={row['token']!s:5} wall {row['wall_s']:7.2f} s cpu {row['cpu_s']:6.1f} s "
        f"rss {row['rss_mb']:6.0f} MB  {row['requests_per_repo']:.3f} req/repo "
        f"{row['points_per_100']:.2f} pts/100  web {row['web_correct']}/{row['web_total']} "
        f"hint={row['hint']}"
    )


def markdown(results: dict[str, Any], command: str) -> str:
    lines = [
        f"## Audit speed, memory and GitHub cost ({results['date']}, commit {results['commit']})",
        "",
        f"Command: `{command}`  ",
        f"Machine: {results['machine']}. Other jobs may share the cores: CPU seconds are "
        "steadier than wall times.  ",
        "World: benchmarks/world.py (loopback only; fake web on 127.1.x.y, fake GitHub on "
        "127.0.0.1). Politeness: the defaults of the auditor measured (32 links in flight; "
        "per server adaptive, at most 8 at once and 25 ms apart), since that is what users "
        "run; 30 % of the web links sit on ten shared hosts.",
        "",
    ]
    if results.get("matrix"):
        lines += [
            "### Cold audits (`auditor audit`, no cache)",
            "",
            "| papers | latency | token | runs | wall (median) | CPU | peak RSS | links | "
            "repos | GitHub req/repo | GraphQL points/100 repos | web verdicts right | "
            "token hint |",
            "|---:|---:|:--|---:|---:|---:|---:|---:|---:|---:|---:|---:|:--|",
        ]
        for row in results["matrix"]:
            lines.append(
                f"| {row['papers']:,} | {row['latency_ms']} ms | "
                f"{'yes' if row['token'] else 'no (60/h)'} | {row['runs']} | "
                f"{row['wall_s']:.1f} s | {row['cpu_s']:.1f} s | {row['rss_mb']:.0f} MB | "
                f"{row['links']:,} | {row['repos']:,} | {row['requests_per_repo']:.3f} | "
                f"{row['points_per_100']:.1f} | {row['web_correct']}/{row['web_total']} | "
                f"{'yes' if row['hint'] else '-'} |"
            )
        lines.append("")
    if results.get("rest"):
        lines += [
            "### REST without a token, no budget limit (cold)",
            "",
            "| papers | repos | REST requests | per repository |",
            "|---:|---:|---:|---:|",
        ]
        for row in results["rest"]:
            asked = row["github"].get("rest", 0) + row["github"].get("rest_304", 0)
            lines.append(
                f"| {row['papers']:,} | {row['repos']:,} | {asked:,} | "
                f"{row['requests_per_repo']:.2f} |"
            )
        lines.append("")
    if results.get("warm"):
        warm_ = results["warm"]
        token, rest = warm_["token"], warm_["rest"]
        lines += [
            f"### Warm re-run ({warm_['papers']:,} papers, {warm_['latency_ms']} ms, "
            "`--cache-dir` set)",
            "",
            "| run | wall (median) | CPU | GitHub requests | REST 304 share | warm/cold |",
            "|:--|---:|---:|---:|---:|---:|",
            f"| token, cold | {token['cold']['wall_s']:.1f} s | {token['cold']['cpu_s']:.1f} s "
            f"| {sum(token['cold']['github'].get(k, 0) for k in ('rest', 'rest_304', 'graphql'))}"
            " | - | - |",
            f"| token, warm (within --max-cache-age) | {token['warm']['wall_s']:.1f} s | "
            f"{token['warm']['cpu_s']:.1f} s | "
            f"{sum(token['warm']['github'].get(k, 0) for k in ('rest', 'rest_304', 'graphql'))}"
            f" | - | {token['ratio']:.0%} |",
            f"| no token, cold (0 ms latency) | {rest['cold']['wall_s']:.1f} s | "
            f"{rest['cold']['cpu_s']:.1f} s"
            f" | {rest['cold']['github'].get('rest', 0)} | - | - |",
            f"| no token, past --max-cache-age (0 ms) | {rest['warm']['wall_s']:.1f} s | "
            f"{rest['warm']['cpu_s']:.1f} s | "
            f"{rest['warm']['github'].get('rest', 0) + rest['warm']['github'].get('rest_304', 0)}"
            f" | {rest['share_304']:.1%} | {rest['ratio']:.0%} |",
            "",
        ]
    if results.get("peers"):
        section = results["peers"]
        lines += [
            f"### Link checkers side by side ({section['urls']:,} web URLs of the "
            f"{section['papers']:,}-paper world, {section['latency_ms']:.0f} ms latency, a fresh "
            "fake web per run)",
            "",
            "Versions: "
            + ", ".join(f"{name} {version}" for name, version in section["versions"].items()),
            "",
            "| tool | settings | runs | wall (median) | CPU | peak RSS | right | wrong, by kind |",
            "|:--|:--|---:|---:|---:|---:|---:|:--|",
        ]
        for row in section["rows"]:
            wrong = ", ".join(
                f"{k} {v}" for k, v in sorted(row["wrong"].items()) if k != "exact outcome"
            )
            exact = row["wrong"].get("exact outcome")
            extra = f" (exact outcome {exact}/{row['total']})" if exact is not None else ""
            lines.append(
                f"| {row['name']} | {row['note']} | {row['runs']} | {row['wall_s']:.1f} s | "
                f"{row['cpu_s']:.1f} s | {row['rss_mb']:.0f} MB | "
                f"{row['correct']}/{row['total']}{extra} | {wrong or '-'} |"
            )
        lines.append("")
    if results.get("onehost"):
        lines += one_host_markdown(results["onehost"])
    if results.get("onehost-icml"):
        lines += [
            "### ICML size, every web link on one host, GraphQL faults every "
            f"{ICML_FAULTS_EVERY}th repository (token, cold)",
            "",
            "| settings | papers | latency | runs | wall (median) | CPU | peak RSS | links | "
            "repos | GitHub requests | web verdicts right |",
            "|:--|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in results["onehost-icml"]:
            asked = row["github"].get("graphql", 0) + row["github"].get("rest", 0)
            lines.append(
                f"| {row['label']} | {row['papers']:,} | {row['latency_ms']} ms | {row['runs']} | "
                f"{row['wall_s']:.1f} s | {row['cpu_s']:.1f} s | {row['rss_mb']:.0f} MB | "
                f"{row['links']:,} | {row['repos']:,} | {asked:,} | "
                f"{row['web_correct']}/{row['web_total']} |"
            )
        lines.append("")
    if results.get("venue-year"):
        lines += [*venue_year.markdown(results["venue-year"], command), ""]
    return "\n".join(lines)


def one_host_markdown(section: dict[str, Any]) -> list[str]:
    lines = [
        f"### One host: {section['listed']:,} listed links, {section['unique']:,} unique, all on "
        f"one host, {section['latency_ms']:.0f} ms latency (a fresh fake web per run)",
        "",
        "Versions: "
        + ", ".join(f"{name} {version}" for name, version in section["versions"].items()),
        "",
        "| tool | settings | runs | wall (median) | CPU | peak RSS | HTTP requests | CPU per "
        "request | right | wrong, by kind |",
        "|:--|:--|---:|---:|---:|---:|---:|---:|---:|:--|",
    ]
    for row in section["rows"]:
        wrong = ", ".join(
            f"{k} {v}" for k, v in sorted(row["wrong"].items()) if k != "exact outcome"
        )
        exact = row["wrong"].get("exact outcome")
        extra = f" (exact outcome {exact}/{row['total']})" if exact is not None else ""
        per = row.get("cpu_ms_per_request")
        lines.append(
            f"| {row['name']} | {row['note']} | {row['runs']} | {row['wall_s']:.1f} s | "
            f"{row['cpu_s']:.1f} s | {row['rss_mb']:.0f} MB | {row.get('requests') or '-'} | "
            f"{'-' if per is None else f'{per:.2f} ms'} | "
            f"{row['correct']}/{row['total']}{extra} | {wrong or '-'} |"
        )
    lines.append("")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the 40-paper world only")
    parser.add_argument("--only", default="matrix,rest,warm,peers,onehost")
    parser.add_argument("--sizes", help="comma-separated paper counts (default 40,3300,20000)")
    parser.add_argument("--latencies", default="0.05,0.2", help="seconds, comma-separated")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (5 at 40 papers)")
    parser.add_argument("--big-runs", type=int, default=3, help="runs at 20,000 papers")
    parser.add_argument("--append", action="store_true", help="add to benchmarks/RESULTS.md")
    parser.add_argument("--peers", help="peers: only these (names as in the table)")
    parser.add_argument(
        "--one-host", default="800,1000", help="onehost: unique,listed links (default 800,1000)"
    )
    parser.add_argument("--venue-papers", type=int, default=30000, help="venue-year: papers")
    parser.add_argument("--venue-shards", type=int, default=3, help="venue-year: shards")
    parser.add_argument(
        "--venue-merge-only",
        action="store_true",
        help="venue-year: merge again the shard scorecards a previous run left, auditing nothing",
    )
    parser.add_argument(
        "--token-modes", default="token,none", help="matrix: token, none, or both (default)"
    )
    args = parser.parse_args(argv)
    only = set(args.only.split(","))
    if args.sizes:
        sizes = [int(s) for s in args.sizes.split(",")]
    else:
        sizes = [40] if args.quick else list(SIZES.values())
    latencies = [float(x) for x in args.latencies.split(",")]
    mid = 40 if args.quick else 3300

    def runs_for(size: int) -> int:
        return 5 if size <= 100 else args.big_runs if size >= 20000 else args.runs

    OUT.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "commit": commit(),
        "machine": machine(),
    }
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    raw = OUT / f"results-{stamp}.json"

    def save() -> None:  # after each section: a run cut short keeps what it measured
        raw.write_text(json.dumps(results, indent=1, default=str))

    if "matrix" in only:
        modes = [TOKEN if mode == "token" else None for mode in args.token_modes.split(",")]
        results["matrix"] = matrix(sizes, latencies, runs_for, modes)
        save()
    if "rest" in only:
        results["rest"] = rest_cost([s for s in sizes if s <= 3300] or [40])
        save()
    if "warm" in only:
        results["warm"] = warm(mid, latencies[0], args.runs)
        save()
    if "peers" in only:
        chosen = set(args.peers.split(",")) if args.peers else None
        results["peers"] = peer_section(mid, latencies[0], args.runs, chosen)
        save()
    if "onehost" in only:
        unique, listed = (int(n) for n in args.one_host.split(","))
        chosen = set(args.peers.split(",")) if args.peers else None
        results["onehost"] = one_host(unique, listed, latencies[0], args.runs, chosen)
        save()
    if "onehost-icml" in only:
        results["onehost-icml"] = one_host_icml(mid, latencies[0], args.runs)
        save()
    if "venue-year" in only:
        results["venue-year"] = venue_year.venue_year(
            args.venue_papers,
            args.venue_shards,
            latencies[0],
            free_port(),
            merge_only=args.venue_merge_only,
        )
        save()
    save()
    command = "python -m benchmarks.run " + " ".join(argv if argv is not None else sys.argv[1:])
    text = markdown(results, command.strip())
    print(text)
    if args.append:
        path = ROOT / "benchmarks" / "RESULTS.md"
        previous = path.read_text() if path.exists() else "# Benchmarks\n"
        path.write_text(previous.rstrip("\n") + "\n\n" + text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
