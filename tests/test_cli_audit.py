"""`auditor audit` and `merge` as a user meets them at the start and the end of a run: an
unusable `--out` refused before any request, the last line naming the reports, progress lines
in a log while a slow link is in flight. Real servers on 127.0.0.1."""

from __future__ import annotations

import asyncio
import csv
import functools
import json
import os
import re
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from auditor import cli
from auditor.cli import audit as audit_command
from auditor.cli.progress import Progress
from tests.support.local_servers import Exchange, LocalServer, Reply, html, serve
from tests.support.reading_group import gone_and_fine_pages, write_reading_group


def _audit(*arguments: str) -> int:
    return cli.main(
        ["audit", *arguments, "--allow-private", "127.0.0.0/8", "--no-cache",
         "--dns-canary", "localhost"],
        environ={},
    )  # fmt: skip


@pytest.fixture
def web() -> Iterator[LocalServer]:
    with gone_and_fine_pages() as server:
        yield server


def reports_line(out: Path) -> str:
    names = "index.html, summary.md, scorecard.json, papers.csv, links.csv, badge.json"
    return f"auditor: reports written to {out}{os.sep} ({names})"


def test_the_run_ends_with_one_line_naming_the_reports(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str]
) -> None:
    papers, out = write_reading_group(tmp_path, web), tmp_path / "reports"

    assert _audit(str(papers), "--out", str(out)) == cli.EXIT_FINDINGS  # the dead link

    err = capsys.readouterr().err.splitlines()
    assert err[-1] == reports_line(out)
    assert err.count(err[-1]) == 1
    assert any("dead" in line for line in err[:-1])  # the findings come before it
    for name in ("index.html", "summary.md", "scorecard.json"):
        assert (out / name).is_file()

    assert _audit(str(papers), "--out", str(out), "--quiet") == cli.EXIT_FINDINGS
    assert capsys.readouterr().err == ""


def test_an_audit_writes_the_tables_and_badges_beside_scorecard_json(
    tmp_path: Path, web: LocalServer
) -> None:
    papers, out = write_reading_group(tmp_path, web), tmp_path / "reports"

    assert _audit(str(papers), "--out", str(out), "--badges") == cli.EXIT_FINDINGS
    document = json.loads((out / "scorecard.json").read_text(encoding="utf-8"))
    with (out / "papers.csv").open(encoding="utf-8", newline="") as table:
        rows = list(csv.DictReader(table))

    assert [row["key"] for row in rows] == [entry["key"] for entry in document["papers"]]
    assert [row["tier"] for row in rows] == [entry["tier"] for entry in document["papers"]]
    with (out / "links.csv").open(encoding="utf-8", newline="") as table:
        assert len(list(csv.DictReader(table))) == len(document["links"])
    assert json.loads((out / "badge.json").read_text(encoding="utf-8"))["label"] == "code available"
    badges = sorted(path.stem for path in (out / "badges").iterdir())
    assert badges == sorted(re.sub(r"[^A-Za-z0-9._-]", "_", row["key"]) for row in rows)


def test_shards_and_their_merge_end_with_the_line_too(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str]
) -> None:
    papers = write_reading_group(tmp_path, web)
    parts = []
    for k in (1, 2):
        part = tmp_path / f"part{k}"
        _audit(str(papers), "--out", str(part), "--shard", f"{k}/2", "--fail-on", "never")
        assert capsys.readouterr().err.splitlines()[-1] == reports_line(part)
        parts.append(str(part / "scorecard.json"))
    merged = tmp_path / "merged"

    assert cli.main(["merge", *parts, "--out", str(merged)], environ={}) == cli.EXIT_FINDINGS

    assert capsys.readouterr().err.splitlines()[-1] == reports_line(merged)


@pytest.mark.parametrize(
    ("out_of", "error"),
    [
        (lambda folder: folder / "notes.txt", "--out {out} is not a folder"),
        (lambda folder: folder / "notes.txt" / "reports", "--out {out}: {file} is not a folder"),
    ],
    ids=["a file", "under a file"],
)
def test_an_unusable_out_is_refused_before_any_request(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    out_of: Callable[[Path], Path],
    error: str,
) -> None:
    asked: list[str] = []

    def counted(exchange: Exchange) -> Reply:
        asked.append(exchange.path)
        return html("<title>Fine</title>")

    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n")
    out = out_of(tmp_path)
    with serve({"/page": counted, "/gone": counted}) as web:
        papers = write_reading_group(tmp_path, web)
        code = _audit(str(papers), "--out", str(out))
        merge = cli.main(["merge", str(papers), "--out", str(out)], environ={})

    assert code == merge == cli.EXIT_USAGE
    line = f"auditor: ERROR: {error.format(out=out, file=notes)}"
    assert capsys.readouterr().err.splitlines() == [line, line]
    assert asked == []
    assert web.requests == []
    assert notes.read_text() == "mine\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write any folder")
def test_a_read_only_out_is_refused_before_any_request(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str]
) -> None:
    papers, locked = write_reading_group(tmp_path, web), tmp_path / "locked"
    locked.mkdir(mode=0o500)
    try:
        assert _audit(str(papers), "--out", str(locked / "reports")) == cli.EXIT_USAGE
    finally:
        locked.chmod(0o700)
    assert capsys.readouterr().err.splitlines() == [
        f"auditor: ERROR: --out {locked / 'reports'}: {locked} is not writable"
    ]
    assert web.requests == []


def test_a_folder_the_system_refuses_to_write_is_refused_before_any_request(
    tmp_path: Path,
    web: LocalServer,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As the read-only case, where the tests run as root: the system's answer (a read-only
    file system answers the same to root) is what decides."""
    papers, locked = write_reading_group(tmp_path, web), tmp_path / "locked"
    locked.mkdir()
    access = os.access
    monkeypatch.setattr(
        os, "access", lambda path, mode, **kw: Path(path) != locked and access(path, mode, **kw)
    )

    assert _audit(str(papers), "--out", str(locked)) == cli.EXIT_USAGE

    assert capsys.readouterr().err.splitlines() == [
        f"auditor: ERROR: --out {locked} is not writable"
    ]
    assert web.requests == []
    assert list(locked.iterdir()) == []


def test_a_log_gets_progress_lines_while_one_slow_link_is_in_flight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Progress every 50 ms here (10 s in use): the lines keep coming while `/slow` answers
    only once the test lets it, and say the one finished link."""
    release = threading.Event()

    def slow(exchange: Exchange) -> Reply:
        release.wait(10)
        return html("<title>Slow</title>")

    monkeypatch.setattr(audit_command, "Progress", functools.partial(Progress, log_interval=0.05))
    with serve({"/page": html("<title>Fine</title>"), "/slow": slow}) as web:
        papers = tmp_path / "papers.md"
        papers.write_text(
            "# Reading group\n\n"
            f"- **FineNet.** We present FineNet. Project page: {web.url('/page')}\n"
            f"- **SlowNet.** We present SlowNet. Project page: {web.url('/slow')}\n",
            encoding="utf-8",
        )
        timer = threading.Timer(1.0, release.set)
        timer.start()
        try:
            code = _audit(str(papers), "--out", str(tmp_path / "r"))
        finally:
            release.set()
            timer.cancel()

    assert code == cli.EXIT_OK
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("links ")]
    in_flight = [line for line in lines if line.startswith("links 1/2 (50%)")]
    assert len(in_flight) >= 5, lines  # a second of waiting, a line every 50 ms
    assert lines[-1].startswith("links 2/2 (100%)")


@pytest.mark.skipif(sys.platform == "win32", reason="uvloop is not built for Windows")
def test_the_audit_runs_on_uvloops_event_loop() -> None:
    import uvloop

    async def running_loop() -> object:
        return asyncio.get_running_loop()

    assert isinstance(audit_command._run_async(running_loop()), uvloop.Loop)  # type: ignore[arg-type]
