"""The three journeys of issue 14, each as a user meets it: a reading group running the auditor
tonight, a weekly Action, a scorecard people review. Real servers on 127.0.0.1 only."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from auditor import cli
from auditor.history import History
from tests.support.local_servers import LocalServer, Reply, html, serve

REPORTS = ("scorecard.json", "summary.md", "index.html")


@pytest.fixture
def web() -> Iterator[LocalServer]:
    with serve({"/page": html("<title>Fine</title>"), "/gone": Reply(404)}) as server:
        yield server


def _papers(folder: Path, web: LocalServer) -> Path:
    path = folder / "papers.md"
    path.write_text(
        "# Reading group\n\n"
        f"- **GoneNet.** We present GoneNet, a method. Project page: {web.url('/gone')}\n"
        f"- **FineNet.** We present FineNet, a method. Project page: {web.url('/page')}\n",
        encoding="utf-8",
    )
    return path


def _audit(*arguments: str) -> int:
    return cli.main(
        ["audit", *arguments, "--allow-private", "127.0.0.0/8", "--no-cache",
         "--dns-canary", "localhost", "--fail-on", "new-dead"],
        environ={},
    )  # fmt: skip


def _state(out: Path) -> dict[str, str]:
    """Every byte a user could see in `out`: the reports (through their links), the history."""
    names = [*REPORTS, "history.sqlite"]
    return {name: hashlib.sha256((out / name).read_bytes()).hexdigest() for name in names}


# --- getting started: a typo in a path ---------------------------------------------------------


def test_a_typo_in_a_path_keeps_the_reports_and_the_history(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str]
) -> None:
    papers, out = _papers(tmp_path, web), tmp_path / "r"
    assert _audit(str(papers), "--out", str(out)) == cli.EXIT_FINDINGS  # GoneNet's page is new
    before = _state(out)
    capsys.readouterr()

    # `paper.md`: a typo. One clear error, exit 2, nothing written, nothing recorded.
    assert _audit(str(tmp_path / "paper.md"), "--out", str(out)) == cli.EXIT_USAGE
    errors = [line for line in capsys.readouterr().err.splitlines() if "ERROR" in line]
    assert errors == [
        f"auditor: ERROR: {tmp_path / 'paper.md'}: no such file (did you mean {papers}?)",
        f"auditor: ERROR: nothing written: an input could not be read; the reports in {out} and "
        "the run history are left as they were (--allow-missing writes them from the inputs "
        "that were read)",
    ]
    assert _state(out) == before

    # The next good run compares with the first: nothing new, nothing removed, no newly dead.
    web.routes["/page"] = Reply(404)  # and FineNet's page really died since
    assert _audit(str(papers), "--out", str(out)) == cli.EXIT_FINDINGS
    card = json.loads((out / "scorecard.json").read_text())
    counts = {kind: n for kind, n in card["changes"]["counts"].items() if n}
    assert counts == {"died": 1}
    assert card["changes"]["new_dead"] == 1
    assert card["removed_links"] == []
    with History.open(out / "history.sqlite") as runs:
        assert len(runs.runs()) == 2


def test_a_missing_input_among_others_stops_the_run_unless_allowed(
    tmp_path: Path, web: LocalServer
) -> None:
    papers, out = _papers(tmp_path, web), tmp_path / "r"
    missing = str(tmp_path / "missing.md")
    assert _audit(str(papers), missing, "--out", str(out)) == cli.EXIT_USAGE
    assert not out.exists() or not any(out.iterdir())
    assert web.requests == []  # nothing was checked

    # --allow-missing: the reports from what was read, the history left alone, still exit 2.
    assert _audit(str(papers), missing, "--out", str(out), "--allow-missing") == cli.EXIT_USAGE
    card = json.loads((out / "scorecard.json").read_text())
    assert [entry["error"] is None for entry in card["inputs"]] == [True, False]
    assert len(card["papers"]) == 2
    assert "changes" not in card
    with History.open(out / "history.sqlite") as runs:
        assert runs.runs() == []


# --- the small ones ---------------------------------------------------------------------------


def test_allow_private_before_a_path_leaves_the_path_a_path(tmp_path: Path) -> None:
    listing = tmp_path / "list.md"
    listing.write_text("# List\n\n- **Paper.** No links at all.\n", encoding="utf-8")
    argv = ["audit", "--allow-private", str(listing), "--out", str(tmp_path / "r"), "--no-cache"]
    assert cli.main([*argv, "-q"], environ={}) == cli.EXIT_OK
    assert (tmp_path / "r" / "scorecard.json").is_file()


def test_extract_into_a_reader_that_stops_is_no_error(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text(
        "A list\n\n" + "".join(f"Paper {n}. https://github.com/lab/m{n}\n\n" for n in range(20000))
    )
    done = subprocess.run(
        f'{sys.executable} -m auditor extract {big} | head -1; echo "status=${{PIPESTATUS[0]}}"',
        shell=True,
        capture_output=True,
        text=True,
        check=False,
        executable="/bin/bash",
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
    )
    first, status = done.stdout.splitlines()
    assert first.startswith("github")
    assert status == "status=0"
    assert "Broken pipe" not in done.stderr
    assert "Traceback" not in done.stderr


def test_extract_names_a_url_as_a_url(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["extract", "https://lab.example/list.md"]) == cli.EXIT_USAGE
    error = capsys.readouterr().err
    assert "no such file" not in error
    assert error.count("https://lab.example/list.md") == 1
    assert "extract reads files only" in error
