"""index.html rendered in a forked child (`auditor.cli.forked`): the same report set as in one
process, and a child that fails, dies or is left behind by an interrupt writes no set."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from auditor import cli, render
from auditor.cli import audit, forked
from auditor.pipeline.shard import stamp
from auditor.render import data
from auditor.scorecard import dumps
from auditor.scorecard.writing import GENERATIONS
from tests.support.scorecards import synthetic_scorecard

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="forks on Linux only")

CARD = synthetic_scorecard(30, seed=7)


def report_bytes(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}


@pytest.fixture
def children(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every run forks (`FORK_FROM_PAPERS` 0, and whatever threads earlier tests left behind);
    the children forked, by pid."""
    forked_pids: list[int] = []
    fork = os.fork

    def counted() -> int:
        pid = fork()
        if pid:
            forked_pids.append(pid)
        return pid

    monkeypatch.setattr(audit, "FORK_FROM_PAPERS", 0)
    monkeypatch.setattr(forked, "can_fork", lambda: True)
    monkeypatch.setattr(forked.os, "fork", counted)
    return forked_pids


def assert_reaped(pids: list[int]) -> None:
    assert pids
    for pid in pids:
        with pytest.raises(ChildProcessError):  # neither running nor left to reap: gone
            os.waitpid(pid, os.WNOHANG)


def test_no_child_is_forked_beside_another_thread() -> None:
    """A fork copies the other threads' locks half-held: such a process renders in one."""
    stop = threading.Event()
    beside = threading.Thread(target=stop.wait)
    beside.start()
    try:
        assert not forked.can_fork()
    finally:
        stop.set()
        beside.join()


def written_before(tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    """A scorecard and its report set, written in one process."""
    folder = tmp_path / "reports"
    audit.write_reports(CARD, folder, with_json=True)
    return folder, report_bytes(folder)


def merged(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> str:
    """`auditor merge` of the card as one shard into `name`: the line it ends with."""
    shard_file = tmp_path / "shard.json"
    if not shard_file.exists():
        shard_file.write_text(dumps(stamp(CARD, 1, 1)))
    capsys.readouterr()
    merge = ["merge", str(shard_file), "--out", str(tmp_path / name), "--fail-on", "never"]
    assert cli.main(merge, environ={}) == cli.EXIT_OK
    return capsys.readouterr().err.replace(str(tmp_path / name), "OUT")


def test_a_merge_writes_the_same_report_set_with_index_html_rendered_in_a_child(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    children: list[int],
) -> None:
    said = merged(tmp_path, "forked", capsys)
    assert len(children) == 1
    assert_reaped(children)
    monkeypatch.setattr(audit, "FORK_FROM_PAPERS", len(CARD.papers) + 1)

    assert merged(tmp_path, "serial", capsys) == said
    assert len(children) == 1  # the second set was written in this process
    reports, serial = report_bytes(tmp_path / "forked"), report_bytes(tmp_path / "serial")
    for written in (reports, serial):
        del written["history.sqlite"]  # the same rows but for the run's own times
    assert set(reports) == {*said.split("(")[1].rstrip(")\n").split(", ")}
    assert serial == reports
    assert said.startswith("auditor: reports written to OUT/ (index.html, summary.md,")


def run_render(folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    capsys.readouterr()
    code = cli.main(["render", str(folder / "scorecard.json"), "--out", str(folder)], environ={})
    return code, capsys.readouterr().err.splitlines()


def test_a_child_that_fails_writes_no_set_and_its_error_is_said_once_as_in_one_process(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    children: list[int],
) -> None:
    folder, before = written_before(tmp_path)
    children.clear()

    def failing(*_: object) -> str:
        raise RuntimeError("the template tripped")

    monkeypatch.setattr(render, "render_html", failing)
    code, lines = run_render(folder, capsys)

    assert code == cli.EXIT_INTERNAL
    assert len(lines) == 1
    assert "RuntimeError: the template tripped at audit.py:" in lines[0]
    assert report_bytes(folder) == before
    assert_reaped(children)
    monkeypatch.setattr(audit, "FORK_FROM_PAPERS", len(CARD.papers) + 1)
    assert run_render(folder, capsys) == (code, lines)  # the line one process says


class RebuiltOnlyByName(Exception):
    def __init__(self, *, why: str) -> None:
        super().__init__(why)


def test_a_child_error_that_cannot_be_rebuilt_is_said_by_its_name_and_words(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    children: list[int],
) -> None:
    folder, before = written_before(tmp_path)

    def failing(*_: object) -> str:
        raise RebuiltOnlyByName(why="keyword only")

    monkeypatch.setattr(render, "render_html", failing)
    code, lines = run_render(folder, capsys)

    assert code == cli.EXIT_INTERNAL
    assert len(lines) == 1
    assert "RuntimeError: RebuiltOnlyByName: keyword only at audit.py:" in lines[0]
    assert report_bytes(folder) == before


def test_a_child_that_dies_writes_no_set_and_says_so_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    children: list[int],
) -> None:
    folder, before = written_before(tmp_path)
    children.clear()

    def dying(*_: object) -> str:
        os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("killed")

    monkeypatch.setattr(render, "render_html", dying)
    code, lines = run_render(folder, capsys)

    assert code == cli.EXIT_USAGE
    assert len(lines) == 1
    assert "cannot write the reports" in lines[0]
    assert "killed (SIGKILL)" in lines[0]
    assert report_bytes(folder) == before
    assert len(list((folder / GENERATIONS).glob("generation-*"))) == 1  # the old one
    assert_reaped(children)


def test_an_interrupt_of_the_parent_leaves_no_child_and_no_set(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    children: list[int],
) -> None:
    folder, before = written_before(tmp_path)
    children.clear()

    def rendering_for_ever(*_: object) -> str:
        while True:
            time.sleep(1)

    def interrupted(*_: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(render, "render_html", rendering_for_ever)
    monkeypatch.setattr(data, "badge_json", interrupted)
    code, lines = run_render(folder, capsys)

    assert (code, len(lines)) == (130, 1)
    assert report_bytes(folder) == before
    assert_reaped(children)


CHILD_LEFT_RENDERING = """
import os, sys, time
from pathlib import Path
from auditor import render
from auditor.cli import audit
from tests.support.scorecards import synthetic_scorecard

def rendering_for_ever(*_):
    Path(sys.argv[1]).write_text(str(os.getpid()))
    while True:
        time.sleep(1)

audit.FORK_FROM_PAPERS = 0
render.render_html = rendering_for_ever
audit.write_reports(synthetic_scorecard(5), Path(sys.argv[2]), with_json=True)
"""


def test_a_parent_killed_outright_takes_its_child_with_it(tmp_path: Path) -> None:
    pid_file = tmp_path / "child.pid"
    parent = subprocess.Popen(
        [sys.executable, "-c", CHILD_LEFT_RENDERING, str(pid_file), str(tmp_path / "reports")],
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    try:
        while not pid_file.exists() or not pid_file.read_text():
            assert parent.poll() is None
            time.sleep(0.05)
        child = int(pid_file.read_text())
    finally:
        parent.send_signal(signal.SIGTERM)
        parent.wait()
    waited = 0
    while running(child) and waited < 1200:  # the kernel's SIGKILL on the parent's death
        time.sleep(0.05)
        waited += 1
    if running(child):
        os.kill(child, signal.SIGKILL)
        pytest.fail("the child outlived its parent")
    assert not (tmp_path / "reports" / "index.html").exists()


def running(pid: int) -> bool:
    """Alive and not a zombie (an orphan's zombie waits for whichever process reaps it)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in {"Z", "X"}
