"""State that never lies: a run is finished only once its reports are written; a newly dead link
stays new until a run has reported it (reports written, and the tracking issue updated when
the issue carries the findings); the reports are replaced as one set, whatever kills the
writer; the issue body always fits GitHub's limit; a damaged history is one line and the
reports are still written. And exit codes that mean one thing."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from auditor import cli, scorecard
from auditor.actions import workflow as actions
from auditor.history import History
from auditor.models import LinkKind, Outcome
from auditor.pipeline import run as pipeline
from auditor.scorecard import writing
from auditor.scorecard.writing import GENERATIONS, write_report_set
from tests.support.local_servers import LocalServer, Reply, serve
from tests.support.reading_group import gone_and_fine_pages
from tests.support.scorecards import paper, result
from tests.support.scorecards import scorecard as build

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "ghp_stateTestToken0123456789"
REPORTS = ("scorecard.json", "summary.md", "index.html")


@pytest.fixture
def web() -> Iterator[LocalServer]:
    with gone_and_fine_pages() as server:
        yield server


def _list(folder: Path, web: LocalServer) -> Path:
    path = folder / "papers.txt"
    path.write_text(
        "A list\n\n"
        f"We present GoneNet, a method for things. Project page: {web.url('/gone')}.\n\n"
        f"We present FineNet, a method for things. Project page: {web.url('/page')}.\n",
        encoding="utf-8",
    )
    return path


def _audit(paper_list: Path, out: Path, *extra: str) -> int:
    return cli.main(
        ["audit", str(paper_list), "--out", str(out), "--allow-private", "127.0.0.0/8",
         "--no-cache", "--dns-canary", "localhost", "--fail-on", "new-dead", "-q", *extra],
        environ={},
    )  # fmt: skip


# --- finished only once reported -------------------------------------------------------------


def test_a_run_whose_reports_were_not_written_is_not_finished(
    tmp_path: Path, web: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    paper_list, out = _list(tmp_path, web), tmp_path / "out"

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(scorecard, "write_report_set", full_disk)
        assert _audit(paper_list, out) == cli.EXIT_USAGE
    runs = History.open(out / "history.sqlite")
    try:
        assert [run.finished_at for run in runs.runs()] == [None]
    finally:
        runs.close()
    # The next run still sees the dead link as new: `--fail-on new-dead` fails.
    assert _audit(paper_list, out) == cli.EXIT_FINDINGS
    assert _audit(paper_list, out) == cli.EXIT_OK  # reported once: no longer new


def _issue_api(fail: bool) -> dict[str, object]:
    status = 500 if fail else 201
    return {
        "GET /repos/acme/lists/issues": Reply(200, b"[]"),
        "POST /repos/acme/lists/labels": Reply(201, b"{}"),
        "POST /repos/acme/lists/issues": Reply(status, b'{"number": 7}'),
    }


def _issue(out: Path, api: LocalServer) -> int:
    return cli.main(
        ["issue", str(out / "scorecard.json"), "--repository", "acme/lists", "--db",
         str(out / "history.sqlite"), "-q"],
        environ={"GITHUB_TOKEN": TOKEN, "GITHUB_API_URL": api.url("")},
    )  # fmt: skip


def test_a_new_death_stays_new_until_the_tracking_issue_reports_it(
    tmp_path: Path, web: LocalServer
) -> None:
    paper_list, out = _list(tmp_path, web), tmp_path / "out"
    assert _audit(paper_list, out, "--reported-by-issue") == cli.EXIT_FINDINGS
    with serve(_issue_api(fail=True)) as api:  # type: ignore[arg-type]
        assert _issue(out, api) == cli.EXIT_USAGE
    # The issue never opened: the link is still new, and the issue job will open it next time.
    assert _audit(paper_list, out, "--reported-by-issue") == cli.EXIT_FINDINGS
    assert json.loads((out / "scorecard.json").read_text())["changes"]["new_dead"] == 1
    with serve(_issue_api(fail=False)) as api:  # type: ignore[arg-type]
        assert _issue(out, api) == cli.EXIT_OK
        assert api.seen("/repos/acme/lists/issues") == ["GET", "POST"]
    assert _audit(paper_list, out, "--reported-by-issue") == cli.EXIT_OK
    assert json.loads((out / "scorecard.json").read_text())["changes"]["new_dead"] == 0


# --- the three reports as one set --------------------------------------------------------------


def _contents(out: Path) -> tuple[str, ...]:
    return tuple((out / name).read_text() for name in REPORTS)


def test_reports_are_swapped_as_one_set_and_other_files_are_left_alone(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    (out / "index.html").write_text("an old report, written by an older version")
    write_report_set(out, {name: f"first {name}" for name in REPORTS})
    write_report_set(out, {name: f"second {name}" for name in REPORTS})
    assert _contents(out) == tuple(f"second {name}" for name in REPORTS)
    assert all((out / name).is_symlink() for name in REPORTS)
    assert (out / "notes.txt").read_text() == "mine"
    assert sorted(path.name for path in out.iterdir()) == sorted(
        [*REPORTS, "notes.txt", GENERATIONS]
    )
    assert len(list((out / GENERATIONS).iterdir())) == 2  # `current` and its generation


def test_two_audits_on_one_out_each_publish_a_whole_set_and_never_a_dangling_one(
    tmp_path: Path, web: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    paper_list, out = _list(tmp_path, web), tmp_path / "out"
    arrived: list[int] = []  # the runs that reached their report write
    first_published = threading.Event()
    real_write, real_swap = scorecard.write_report_set, writing._swap_link

    def write_report_set(out_dir: Path, files: dict[str, object]) -> None:
        arrived.append(threading.get_ident())
        real_write(out_dir, files)  # type: ignore[arg-type]

    def swap_link(path: Path, target: str) -> bool:
        swapped = real_swap(path, target)
        if path.name == "current" and not first_published.is_set():
            first_published.set()
            # The first run, just published, holds on before tidying up until the other run
            # is writing too and (were it not made to wait its turn) has published its own.
            until = time.monotonic() + 30
            while len(arrived) < 2 and time.monotonic() < until:
                time.sleep(0.01)
            until = time.monotonic() + 1
            while os.readlink(path) == target and time.monotonic() < until:
                time.sleep(0.01)
        return swapped

    monkeypatch.setattr(scorecard, "write_report_set", write_report_set)
    monkeypatch.setattr(writing, "_swap_link", swap_link)
    codes: dict[str, int] = {}

    def run(name: str) -> None:
        codes[name] = _audit(paper_list, out, "--db", str(tmp_path / f"{name}.sqlite"))

    runs = [threading.Thread(target=run, args=(name,)) for name in ("one", "two")]
    for thread in runs:
        thread.start()
    for thread in runs:
        thread.join(60)

    assert codes == {"one": cli.EXIT_FINDINGS, "two": cli.EXIT_FINDINGS}  # GoneNet is new-dead
    assert len(arrived) == 2
    card = json.loads((out / "scorecard.json").read_text())  # the link resolves
    assert {link["outcome"] for link in card["links"]} == {"dead", "ok"}
    assert all((out / name).is_file() for name in REPORTS)
    assert len(list((out / GENERATIONS).iterdir())) == 2  # `current` and its generation


def _write_killed_at(out: Path, fatal: int, names: tuple[str, ...]) -> int:
    """The new report set written in a forked process killed at the `fatal`-th step of the
    write (an fsync, a rename, a link, a folder made): `os._exit`, so no cleanup runs, as under
    SIGKILL. Returns its exit status (0: it wrote the whole set before that step). Forked, not a
    new interpreter: one start a step was 0.15 s of CPU, and the kill is the same."""
    pid = os.fork()
    if pid == 0:  # the child: nothing after this returns to the test
        code = 1  # a write that raised
        try:
            steps = [0]

            def step(real: Callable[..., Any]) -> Callable[..., Any]:
                def wrapped(*args: Any, **kwargs: Any) -> Any:
                    steps[0] += 1
                    if steps[0] == fatal:
                        os._exit(9)  # a kill: no cleanup runs
                    return real(*args, **kwargs)

                return wrapped

            for name in ("fsync", "replace", "symlink", "mkdir"):
                setattr(writing.os, name, step(getattr(os, name)))
            writing.tempfile.mkdtemp = step(writing.tempfile.mkdtemp)  # type: ignore[assignment]
            writing.write_report_set(out, {name: "new " + name for name in names})
            code = 0
        finally:
            os._exit(code)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


def test_a_kill_at_any_step_leaves_one_whole_set_and_no_temporary_file(tmp_path: Path) -> None:
    out = tmp_path / "out"
    write_report_set(out, {name: f"old {name}" for name in REPORTS})
    old, new = (tuple(f"{age} {name}" for name in REPORTS) for age in ("old", "new"))
    step = 1
    while True:
        returncode = _write_killed_at(out, step, REPORTS)
        assert _contents(out) in (old, new), step
        assert [
            p.name for p in out.iterdir() if p.name.startswith(".") and p.name != GENERATIONS
        ] == []
        assert not [p for p in out.rglob("*.tmp")]
        if returncode == 0:
            break
        write_report_set(out, {name: f"old {name}" for name in REPORTS})  # back, and tidied
        assert len(list((out / GENERATIONS).iterdir())) == 2
        step += 1
    assert _contents(out) == new
    assert step > 5  # every step of a write was killed once


# --- the issue body ----------------------------------------------------------------------------


def test_the_issue_body_always_fits_with_a_note_and_the_report_link() -> None:
    long_name = "A Very Long Paper Title " * 12
    card = build(
        [
            (
                paper(f"l.txt#{n}", name=f"{long_name}{n}"),
                [result(f"https://lab.test/{'x' * 300}/{n}", LinkKind.WEB, (f"l.txt#{n}",),
                        outcome=Outcome.DEAD)],
            )
            for n in range(200)
        ]
    )  # fmt: skip
    body = actions.issue_body(card, report_url="https://lab.test/report/")
    assert len(body) <= actions.ISSUE_MAX_CHARS
    last = body.rstrip().splitlines()[-1]
    assert "more, not listed to fit GitHub's size limit" in last
    assert last.endswith("the full report: https://lab.test/report/")


# --- a damaged history -------------------------------------------------------------------------


def test_a_history_that_is_not_one_is_one_line_and_the_reports_are_written(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str]
) -> None:
    paper_list, out = _list(tmp_path, web), tmp_path / "out"
    out.mkdir()
    (out / "history.sqlite").write_bytes(b"this is not a database" * 100)
    code = _audit(paper_list, out)
    err = capsys.readouterr().err.strip().splitlines()
    assert code == cli.EXIT_USAGE
    assert len(err) == 1
    assert "the run goes on without its history" in err[0]
    assert all((out / name).is_file() for name in REPORTS)


def test_a_history_that_contradicts_itself_is_one_line_and_the_reports_are_written(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str]
) -> None:
    paper_list, out = _list(tmp_path, web), tmp_path / "out"
    assert _audit(paper_list, out) == cli.EXIT_FINDINGS
    # Damage: every stored result vanishes as it is written (once, a StopIteration after the
    # whole audit, and no reports).
    connection = sqlite3.connect(out / "history.sqlite")
    connection.execute(
        "CREATE TRIGGER vanish AFTER INSERT ON link_results "
        "BEGIN DELETE FROM link_results WHERE run_id = NEW.run_id; END"
    )
    connection.commit()
    connection.close()
    os.utime(out / "index.html", (0, 0), follow_symlinks=True)
    code = _audit(paper_list, out)
    err = capsys.readouterr().err.strip().splitlines()
    assert code == cli.EXIT_USAGE
    assert len(err) == 1
    assert "history is damaged" in err[0]
    assert os.stat(out / "index.html").st_mtime > 0  # written again


# --- exit codes --------------------------------------------------------------------------------


def test_an_internal_error_exits_4_with_one_line_saying_it_is_a_bug(
    tmp_path: Path, web: LocalServer, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    async def broken(*args: object, **kwargs: object) -> pipeline.RunOutcome:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(pipeline, "run", broken)
    code = _audit(_list(tmp_path, web), tmp_path / "out")
    err = capsys.readouterr().err.strip().splitlines()
    assert code == cli.EXIT_INTERNAL
    assert len(err) == 1
    assert "internal error (a bug of paper-auditor" in err[0]
    assert cli.ISSUES_URL in err[0]


def test_an_input_error_wins_over_findings(tmp_path: Path, web: LocalServer) -> None:
    paper_list = _list(tmp_path, web)
    code = cli.main(
        ["audit", str(paper_list), str(tmp_path / "missing.txt"), "--out", str(tmp_path / "o"),
         "--allow-private", "127.0.0.0/8", "--no-cache", "--dns-canary", "localhost", "-q"],
        environ={},
    )  # fmt: skip
    assert code == cli.EXIT_USAGE  # 2 wins over 1 (a dead link): the list was not all read


def test_readme_and_help_show_the_one_exit_code_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    shown = capsys.readouterr().out
    readme = (ROOT / "README.md").read_text()
    for code, meaning in cli.EXIT_CODES:
        assert f"  {code}  {meaning}" in shown
        assert f"| {code} | {meaning} |" in readme
    assert cli.EXIT_PRECEDENCE in shown
    assert cli.EXIT_PRECEDENCE in readme


@pytest.mark.parametrize(
    ("config", "words"),
    [
        ("[rubrik.weights]\nA1 = 3\n", "unknown table 'rubrik'; did you mean 'rubric'?"),
        ("[weights]\nA1 = 3\n", "unknown table 'weights'; did you mean 'rubric.weights'?"),
        ("[rubric]\nreadme_min_byte = 3\n", "did you mean 'readme_min_bytes'?"),
        ("[rubric.weights]\nA11 = 3\n", "did you mean 'A1'?"),
        (b"[rubric]\nx = '\xff\xfe'\n", "not UTF-8"),
        ("a = " + "[" * 5000 + "]" * 5000 + "\n", "invalid TOML"),
    ],
    ids=["table-typo", "top-level-weights", "setting-typo", "criterion-typo", "not-utf8",
         "deep-nesting"],
)  # fmt: skip
def test_a_bad_config_is_a_usage_error_naming_the_nearest_valid_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], config: str | bytes, words: str
) -> None:
    path = tmp_path / "auditor.toml"
    if isinstance(config, bytes):
        path.write_bytes(config)
    else:
        path.write_text(config)
    paper_list = tmp_path / "papers.txt"
    paper_list.write_text("A list\n\nWe present NoCodeNet, a theory paper.\n")
    code = cli.main(
        ["audit", str(paper_list), "--out", str(tmp_path / "o"), "--no-cache", "--config",
         str(path)],
        environ={},
    )  # fmt: skip
    err = capsys.readouterr().err.strip().splitlines()
    assert code == cli.EXIT_USAGE
    assert len(err) == 1
    assert words in err[0]
