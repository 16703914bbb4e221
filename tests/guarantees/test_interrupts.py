"""Interrupted runs, end to end through `python -m auditor audit` in a subprocess: SIGINT,
SIGKILL then a re-run, and a full disk. The store-level kill is in
tests/test_history.py::test_a_killed_run_loses_nothing_stored_and_the_next_run_completes."""

from __future__ import annotations

import hashlib
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from auditor import cli
from tests.support.local_servers import Exchange, LocalServer, Reply, html, serve

OUTER = 60  # seconds: the generous bound of "never hangs"
ROOT = Path(__file__).resolve().parents[2]


def _slow(exchange: Exchange) -> None:
    exchange.stopping.wait(30)


@pytest.fixture
def server() -> Iterator[LocalServer]:
    with serve({"/ok": Reply(200), "/slow": _slow, "/page": html("<title>p</title>")}) as running:
        yield running


def _paper_list(path: Path, server: LocalServer, papers: int = 5) -> Path:
    paragraphs = ["A list"] + [
        f"We present Net{n}, a method for things. Code: {server.url(f'/ok?{n}')}."
        for n in range(papers)
    ]
    paragraphs.append(f"We present SlowNet, a method. Project page: {server.url('/slow')}.")
    path.write_text("\n\n".join(paragraphs) + "\n", encoding="utf-8")
    return path


def _command(paper_list: Path, out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "auditor", "audit", str(paper_list), "--out", str(out),
            "--allow-private", "127.0.0.0/8", "--no-cache", "--timeout", "20",
            "--dns-canary", "localhost", "--fail-on", "never", *extra]  # fmt: skip


def _environ(tmp_path: Path) -> dict[str, str]:
    return {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}


def _stored(db: Path) -> dict[int, set[str]]:
    connection = sqlite3.connect(db)
    try:
        rows = connection.execute("SELECT run_id, url FROM link_results").fetchall()
    finally:
        connection.close()
    by_run: dict[int, set[str]] = {}
    for run, url in rows:
        by_run.setdefault(run, set()).add(url)
    return by_run


def _start_and_wait_for_slow(
    command: list[str], tmp_path: Path, server: LocalServer
) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=_environ(tmp_path), cwd=tmp_path,
    )  # fmt: skip
    started = time.monotonic()
    while not server.seen("/slow"):
        assert process.poll() is None, process.communicate()
        assert time.monotonic() - started < OUTER, "the run never reached the slow page"
        time.sleep(0.05)
    ok_links = {server.url(f"/ok?{n}") for n in range(5)}
    db = tmp_path / "out" / "history.sqlite"
    while not (db.exists() and ok_links <= set().union(*_stored(db).values(), set())):
        assert time.monotonic() - started < OUTER, "the fast links were never stored"
        time.sleep(0.05)
    return process


def test_sigint_stops_with_a_message_and_keeps_what_was_finished(
    tmp_path: Path, server: LocalServer
) -> None:
    out = tmp_path / "out"
    paper_list = _paper_list(tmp_path / "papers.txt", server)
    process = _start_and_wait_for_slow(_command(paper_list, out), tmp_path, server)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=OUTER)

    assert process.returncode == 130
    assert "Traceback" not in stderr
    # Off a terminal the progress leaves its final figures (`links …`) before the message.
    lines = [line for line in stderr.splitlines() if line.strip() and not line.startswith("links ")]
    assert len(lines) == 1, stderr
    assert "interrupted" in lines[0]
    # No half-written report: none at all (nor a temporary one); the history keeps the links
    # judged before the interrupt.
    assert sorted(path.name for path in out.iterdir()) == ["history.sqlite"]
    assert {server.url(f"/ok?{n}") for n in range(5)} <= set().union(
        *_stored(out / "history.sqlite").values()
    )


def test_sigkill_then_a_rerun_completes_and_keeps_every_finished_result(
    tmp_path: Path, server: LocalServer
) -> None:
    out = tmp_path / "out"
    paper_list = _paper_list(tmp_path / "papers.txt", server)
    process = _start_and_wait_for_slow(_command(paper_list, out), tmp_path, server)
    process.kill()
    process.communicate(timeout=OUTER)
    assert process.returncode == -signal.SIGKILL

    server.routes["/slow"] = html("<title>Fast now</title>")
    again = subprocess.run(
        _command(paper_list, out), capture_output=True, text=True, env=_environ(tmp_path),
        cwd=tmp_path, timeout=OUTER,
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert "Traceback" not in again.stderr
    connection = sqlite3.connect(out / "history.sqlite")
    try:
        runs = connection.execute("SELECT id, finished_at IS NOT NULL FROM runs ORDER BY id")
        finished = [bool(flag) for _, flag in runs]
        integrity = connection.execute("PRAGMA integrity_check").fetchone()
    finally:
        connection.close()
    assert finished == [False, True]
    assert integrity == ("ok",)
    stored = _stored(out / "history.sqlite")
    assert {server.url(f"/ok?{n}") for n in range(5)} <= stored[1]
    assert server.url("/slow") in stored[2]
    assert (out / "scorecard.json").exists()
    assert (out / "index.html").exists()


def _audit_here(command: list[str], environ: dict[str, str]) -> int:
    """The audit of `command` run in this process: a first run that only makes what the
    subprocess after it meets (the reports, the cache). The subprocess is for the process
    boundary (a signal, a file-size limit); a start of the interpreter costs ~1 s of CPU."""
    assert command[1:3] == ["-m", "auditor"]
    return cli.main(command[3:], environ=environ)


def _limit_file_size(limit: int) -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write beyond the limit then fails: EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


def _digests(folder: Path) -> dict[str, str]:
    return {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in folder.iterdir()
        if path.suffix in (".json", ".md", ".html", ".csv")
    }


@pytest.mark.parametrize(
    "limit",
    [
        0,
        40_000,
    ],
    ids=["nothing-fits", "fills-up-mid-run"],
)
def test_a_full_disk_fails_cleanly_and_keeps_the_previous_reports(
    tmp_path: Path, server: LocalServer, limit: int
) -> None:
    server.routes["/slow"] = Reply(200)
    paragraphs = ["A list"] + [
        f"We present Net{n}, a method for things. Code: {server.url(f'/page?{n}')}."
        for n in range(20)
    ]
    paper_list = tmp_path / "papers.txt"
    paper_list.write_text("\n\n".join(paragraphs) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    assert _audit_here(_command(paper_list, out), _environ(tmp_path)) == 0
    before = _digests(out)
    assert len(before) == 6  # index.html, summary.md, scorecard.json, the tables, the badge

    full = subprocess.run(
        _command(paper_list, out), capture_output=True, text=True, env=_environ(tmp_path),
        cwd=tmp_path, timeout=OUTER, preexec_fn=lambda: _limit_file_size(limit),
    )  # fmt: skip
    assert full.returncode == 2, full.stderr
    assert "Traceback" not in full.stderr
    errors = [line for line in full.stderr.splitlines() if "ERROR" in line]
    # One line per failure: the history that cannot be written (the run goes on without it),
    # then the reports that cannot be written, said as what it is, last.
    assert 1 <= len(errors) <= 2, full.stderr
    assert errors[-1] == (
        f"auditor: ERROR: {out}: cannot write the reports (File too large); "
        "the reports there are left as they were"
    )
    assert "reports are written" not in full.stderr  # no promise the write then breaks
    said = [line for line in full.stderr.splitlines() if not line.startswith("links ")]
    assert all(line.startswith("auditor: ERROR: ") for line in said)  # and the progress
    assert _digests(out) == before
    assert not [path for path in out.iterdir() if path.name.endswith(".tmp")]
    assert os.path.getsize(out / "scorecard.json") > 0


def test_a_full_disk_never_deletes_the_verdict_cache(
    tmp_path: Path, server: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    paper_list = _paper_list(tmp_path / "papers.txt", server, papers=5)
    server.routes["/slow"] = Reply(200)
    environ = {**_environ(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    command = [part for part in _command(paper_list, tmp_path / "out") if part != "--no-cache"]
    monkeypatch.setenv("XDG_CACHE_HOME", environ["XDG_CACHE_HOME"])  # where the cache goes
    assert _audit_here(command, environ) == 0
    (cache,) = (tmp_path / "cache").rglob("verdicts.sqlite")
    kept = cache.read_bytes()

    full = subprocess.run(
        command, capture_output=True, text=True, env=environ, cwd=tmp_path, timeout=OUTER,
        preexec_fn=lambda: _limit_file_size(0),
    )  # fmt: skip

    assert full.returncode == 2, full.stderr
    assert f"verdict cache {cache} cannot be used (disk I/O error); running without it " in (
        full.stderr
    )
    assert "starting a fresh one" not in full.stderr
    assert cache.read_bytes() == kept
    again = subprocess.run(
        command, capture_output=True, text=True, env=environ, cwd=tmp_path, timeout=OUTER
    )
    assert again.returncode == 0, again.stderr
    assert "6 verdicts reused from the cache" in again.stderr
