"""Pieces of the benchmark: start the simulated world, run `auditor audit` against it as a
subprocess, and measure wall time, peak memory (RSS, from wait4) and GitHub traffic.

Everything listens on loopback (127.0.0.1 for the fake GitHub, 127.1.x.y for the web) and every
process started here stops by itself: the fake servers stop when their stdin closes or after
`MAX_SECONDS`, and each audit is killed after `AUDIT_TIMEOUT`.
"""

from __future__ import annotations

import compileall
import contextlib
import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from benchmarks.world import World

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "benchmarks" / "out"
TOKEN = "bench-token-0123456789"
MAX_SECONDS = 3600.0
AUDIT_TIMEOUT = 1200.0
READY_TIMEOUT = 60.0
TIME = shutil.which("time", path="/usr/bin:/bin")  # GNU time: peak RSS of one process
# Another checkout's `auditor` package to measure (figures before a change): a folder holding
# `auditor/` and `templates/`; the fakes and the harness stay this checkout's.
AUDITOR_ROOT = Path(os.environ.get("BENCH_AUDITOR_ROOT") or ROOT)


@functools.cache
def _bytecode() -> None:
    """Compiles the measured checkout's modules once, as installing a package does: under
    PYTHONDONTWRITEBYTECODE (set on this machine) an uncompiled checkout would be compiled
    again by every audit, and that is no cost a user's run pays."""
    compileall.compile_dir(AUDITOR_ROOT / "auditor", quiet=1)


def _env(token: str | None) -> dict[str, str]:
    _bytecode()
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("GITHUB_TOKEN", "GH_TOKEN", "GITHUB_API_URL", "GITHUB_GRAPHQL_URL")
        and not key.startswith("GITHUB_")
    }
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys([str(AUDITOR_ROOT), str(ROOT)]))
    env["NO_COLOR"] = "1"
    # No `gh` on the PATH: a developer's `gh auth token` must not become the run's token.
    env["PATH"] = os.pathsep.join(
        p for p in env.get("PATH", "").split(os.pathsep) if not (Path(p) / "gh").exists()
    )
    if token:
        env["GITHUB_TOKEN"] = token
    return env


class _Server:
    """A fake server child process that prints "ready X" and obeys commands on stdin."""

    def __init__(self, args: Sequence[str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=_env(None),
        )
        self.address = self._line(READY_TIMEOUT).removeprefix("ready ").strip()

    def _line(self, timeout: float) -> str:
        assert self.process.stdout is not None
        import selectors

        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            if not selector.select(timeout):
                self.stop()
                raise RuntimeError(f"{self.process.args} gave no answer within {timeout} s")
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.process.args} ended (exit {self.process.poll()})")
        return line

    def command(self, text: str) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        return dict(json.loads(self._line(30.0)))

    def stop(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                assert self.process.stdin is not None
                self.process.stdin.close()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


@dataclass
class Fakes:
    web: _Server
    github: _Server

    @property
    def github_url(self) -> str:
        return self.github.address


@contextlib.contextmanager
def fakes(
    world: World,
    folder: Path,
    *,
    latency: float,
    token: str | None,
    rest_budget: int | None = None,
    graphql_faults: int = 0,
    graphql_budget: int | None = None,
) -> Iterator[Fakes]:
    """The fake web and the fake GitHub of `world` (dumped into `folder`), running;
    `graphql_faults`: every N-th repository's batch meets a GraphQL fault once;
    `graphql_budget`: GraphQL points an hour (GitHub's 5,000 for a user's token otherwise)."""
    world.dump(folder)
    web = _Server(
        [
            "benchmarks.fake_web",
            str(folder / "web.json"),
            "--latency",
            str(latency),
            "--max-seconds",
            str(MAX_SECONDS),
        ]
    )
    try:
        args = [
            "benchmarks.fake_github_server",
            str(folder / "repos.json"),
            "--latency",
            str(latency),
            "--max-seconds",
            str(MAX_SECONDS),
        ]
        if token:
            args += ["--token", token]
        if rest_budget is not None:
            args += ["--rest-budget", str(rest_budget)]
        if graphql_faults:
            args += ["--graphql-faults", str(graphql_faults)]
        if graphql_budget is not None:
            args += ["--graphql-budget", str(graphql_budget)]
        github = _Server(args)
        try:
            yield Fakes(web, github)
        finally:
            github.stop()
    finally:
        web.stop()


@dataclass
class Measured:
    """One child process: wall time, peak RSS, exit code."""

    wall: float
    max_rss_mb: float
    exit_code: int
    stderr: str = ""
    cpu: float = 0.0  # user + system seconds of the process


def measure(
    argv: Sequence[str],
    *,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = AUDIT_TIMEOUT,
    stdout: IO[str] | int | None = subprocess.DEVNULL,
) -> Measured:
    """Runs `argv` under /usr/bin/time, which reports the peak RSS and CPU time of that process
    alone. (The harness's own `wait4` figures would not do: a forked child's peak RSS starts
    at its parent's, and the harness holds the generated worlds.)"""
    OUT.mkdir(parents=True, exist_ok=True)
    tag = f"{os.getpid()}-{time.monotonic_ns()}"
    stderr_path, time_path = OUT / f".stderr-{tag}", OUT / f".time-{tag}"
    wrapped = [TIME, "-f", "%M %U %S", "-o", str(time_path), *argv] if TIME else list(argv)
    with stderr_path.open("w+") as stderr:
        start = time.perf_counter()
        process = subprocess.Popen(
            wrapped, env=env, cwd=cwd, stdout=stdout, stderr=stderr, start_new_session=True
        )
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        wall = time.perf_counter() - start
        stderr.seek(0)
        text = stderr.read()
    stderr_path.unlink(missing_ok=True)
    rss_kib, cpu = 0.0, 0.0
    if TIME:
        try:
            fields = time_path.read_text().split()[-3:]
            rss_kib, cpu = float(fields[0]), float(fields[1]) + float(fields[2])
        except (OSError, ValueError, IndexError):
            pass
        time_path.unlink(missing_ok=True)
    code = process.returncode
    return Measured(wall, rss_kib / 1024, code, text[-4000:], cpu)


@dataclass
class AuditRun:
    size: int
    latency: float
    token: bool
    measured: Measured
    outcomes: Counter[str]
    github: dict[str, Any]
    repos: int  # github-repo links in the scorecard
    web_correct: int
    web_total: int
    wrong: list[tuple[str, str, str]] = field(default_factory=list)  # url, expected, got

    @property
    def requests_per_repo(self) -> float:
        asked = self.github.get("rest", 0) + self.github.get("rest_304", 0)
        asked += self.github.get("graphql", 0)
        return asked / max(1, self.repos)

    @property
    def points_per_100(self) -> float:
        return 100 * self.github.get("graphql_points", 0) / max(1, self.repos)


def audit_argv(folder: Path, fakes_: Fakes, out: Path, cache: Path | None) -> list[str]:
    argv = [
        sys.executable,
        "-m",
        "auditor",
        "audit",
        str(folder / "papers.txt"),
        "--out",
        str(out),
        "--allow-private",
        "127.0.0.0/8",
        "--github-api-url",
        fakes_.github_url,
        "--fail-on",
        "never",
    ]
    if cache is None:
        argv.append("--no-cache")
    else:
        argv += ["--cache-dir", str(cache)]
    return argv


def run_audit(
    world: World,
    folder: Path,
    fakes_: Fakes,
    *,
    latency: float,
    token: str | None,
    cache: Path | None = None,
    extra: Sequence[str] = (),
    keep: bool = False,
) -> AuditRun:
    """One `auditor audit` of the world's list; GitHub counters are those of this run."""
    out = folder / "reports"
    shutil.rmtree(out, ignore_errors=True)
    fakes_.github.command("reset")
    argv = [*audit_argv(folder, fakes_, out, cache), *extra]
    measured = measure(argv, env=_env(token), cwd=folder)
    github = fakes_.github.command("stats")
    document = json.loads((out / "scorecard.json").read_text())
    outcomes: Counter[str] = Counter(link["outcome"] for link in document["links"])
    repos = sum(1 for link in document["links"] if link["kind"] == "github-repo")
    expected = world.expected()
    got = {link["url"]: link["outcome"] for link in document["links"] if link["url"] in expected}
    wrong = [(url, want, got.get(url, "missing")) for url, want in expected.items()]
    wrong = [item for item in wrong if item[1] != item[2]]
    if not keep:
        shutil.rmtree(out, ignore_errors=True)
    return AuditRun(
        world.papers,
        latency,
        token is not None,
        measured,
        outcomes,
        github,
        repos,
        len(expected) - len(wrong),
        len(expected),
        wrong,
    )
