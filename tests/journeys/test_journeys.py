"""The three journeys of issue 14, each as a user meets it: a reading group running the auditor
tonight, a weekly Action, a scorecard people review. Real servers on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import os
import socket
import stat
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from auditor import cli, scorecard
from auditor.check.cache import VerdictCache
from auditor.cli import audit as audit_command
from auditor.cli.progress import Progress
from auditor.config.settings import Settings
from auditor.history import History
from auditor.models import LinkKind, Outcome
from auditor.pipeline import run as pipeline
from auditor.rubric.registry import Rubric
from tests.support.fake_github import FakeGitHub
from tests.support.github_world import sample_repos, settings_for
from tests.support.local_servers import LocalServer, Reply
from tests.support.reading_group import gone_and_fine_pages, write_reading_group

REPORTS = ("scorecard.json", "summary.md", "index.html")


@pytest.fixture
def web() -> Iterator[LocalServer]:
    with gone_and_fine_pages() as server:
        yield server


def _audit(*arguments: str, environ: dict[str, str] | None = None) -> int:
    return cli.main(
        ["audit", *arguments, "--allow-private", "127.0.0.0/8", "--no-cache",
         "--dns-canary", "localhost", "--fail-on", "new-dead"],
        environ=environ or {},
    )  # fmt: skip


def _state(out: Path) -> dict[str, str]:
    """Every byte a user could see in `out`: the reports (through their links), the history."""
    names = [*REPORTS, "history.sqlite"]
    return {name: hashlib.sha256((out / name).read_bytes()).hexdigest() for name in names}


# --- getting started: a typo in a path ---------------------------------------------------------


def test_a_typo_in_a_path_keeps_the_reports_and_the_history(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str]
) -> None:
    papers, out = write_reading_group(tmp_path, web), tmp_path / "r"
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
    papers, out = write_reading_group(tmp_path, web), tmp_path / "r"
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


# --- a weekly Action: progress in the job's log -------------------------------------------------


class SteppingClock:
    """A clock 11 s later at each reading: every progress event is past the 10 s interval."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 11
        return self.now


@pytest.fixture
def stepping_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    stepping = functools.partial(Progress, clock=SteppingClock())
    monkeypatch.setattr(audit_command, "Progress", stepping)


def _progress_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("links ")]


@pytest.mark.usefixtures("stepping_progress")
def test_a_log_gets_plain_progress_lines_and_quiet_none(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str]
) -> None:
    papers = write_reading_group(tmp_path, web)
    assert _audit(str(papers), "--out", str(tmp_path / "r")) == cli.EXIT_FINDINGS
    err = capsys.readouterr().err
    lines = _progress_lines(err)
    assert len(lines) >= 2, err  # along the way, and the final figures
    assert lines[-1].startswith("links 2/2 (100%)")
    assert "elapsed · 1 dead" in lines[-1]
    assert "\r" not in err
    assert "\033" not in err
    assert "::" not in err  # not under GitHub Actions

    assert _audit(str(papers), "--out", str(tmp_path / "q"), "--quiet") == cli.EXIT_FINDINGS
    assert _progress_lines(capsys.readouterr().err) == []


@pytest.mark.usefixtures("stepping_progress")
def test_github_actions_folds_the_progress_lines_in_one_group(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str]
) -> None:
    papers, out = write_reading_group(tmp_path, web), tmp_path / "r"
    environ = {"GITHUB_ACTIONS": "true"}
    assert _audit(str(papers), "--out", str(out), environ=environ) == cli.EXIT_FINDINGS
    lines = capsys.readouterr().err.splitlines()
    markers = [line for line in lines if line.startswith("::")]
    # Balanced: a warning (the archives are out of reach here) ends the group and the next
    # progress line opens it again; the final figures follow the last end.
    assert markers == ["::group::Checking links", "::endgroup::"] * (len(markers) // 2)
    assert markers
    folded, inside, outside = False, [], []
    for line in lines:
        if line in markers:
            folded = line == "::group::Checking links"
        else:
            (inside if folded else outside).append(line)
    assert inside
    assert all(line.startswith("links ") for line in inside)
    [final] = [line for line in outside if line.startswith("links ")]
    assert final.startswith("links 2/2 (100%)")
    assert "elapsed" in final
    assert any("WARNING" in line for line in outside)

    # A run that stops on an error closes its group too.
    web.routes["/page"] = Reply(404)
    missing = str(tmp_path / "missing.md")
    _audit(str(papers), missing, "--out", str(out), "--allow-missing", environ=environ)
    markers = [line for line in capsys.readouterr().err.splitlines() if line.startswith("::")]
    assert markers.count("::group::Checking links") == markers.count("::endgroup::") >= 1


# --- a scorecard people review: reports others can read ----------------------------------------


@pytest.fixture
def umask() -> Iterator[None]:
    """Whatever a test sets, the process's umask is put back after it."""
    before = os.umask(0o022)
    os.umask(before)
    yield
    os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)  # through the report's link, as readers open it


@pytest.mark.usefixtures("umask")
@pytest.mark.parametrize(
    ("mask", "file_mode", "folder_mode"), [(0o022, 0o644, 0o755), (0o077, 0o600, 0o700)]
)
def test_reports_get_the_modes_the_umask_gives(
    tmp_path: Path, web: LocalServer, mask: int, file_mode: int, folder_mode: int
) -> None:
    os.umask(mask)
    out = tmp_path / "r"
    assert _audit(str(write_reading_group(tmp_path, web)), "--out", str(out)) == cli.EXIT_FINDINGS
    assert {name: _mode(out / name) for name in REPORTS} == dict.fromkeys(REPORTS, file_mode)
    assert _mode((out / "summary.md").resolve().parent) == folder_mode

    # Where the reports are renamed into place one by one (no symlinks), the same modes.
    fallback = tmp_path / "plain"
    scorecard.write_files_atomically({fallback / "summary.md": "# Summary\n"})
    assert _mode(fallback / "summary.md") == file_mode


# --- the cache says what it reused ------------------------------------------------------------


def _audit_cached(cache: Path, *arguments: str) -> int:
    return cli.main(
        ["audit", *arguments, "--allow-private", "127.0.0.0/8", "--cache-dir", str(cache),
         "--dns-canary", "localhost", "--fail-on", "never"],
        environ={},
    )  # fmt: skip


def test_a_second_run_says_what_it_reused_from_the_cache(
    tmp_path: Path,
    web: LocalServer,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A stopped clock: on a loaded machine the second run may start a second later ("1 s old").
    defaults = VerdictCache.__init__.__kwdefaults__
    assert defaults is not None
    monkeypatch.setitem(defaults, "clock", lambda: 1_800_000_000.0)
    papers, cache, out = write_reading_group(tmp_path, web), tmp_path / "cache", tmp_path / "r"
    assert _audit_cached(cache, str(papers), "--out", str(out)) == cli.EXIT_OK
    assert json.loads((out / "scorecard.json").read_text())["cache"] == {
        "reused": 0,
        "oldest_age": None,
    }
    assert "reused from the cache" not in (out / "summary.md").read_text()
    assert "reused from the cache" not in capsys.readouterr().err

    # FineNet's page was ok: kept, and taken as it is; GoneNet's dead page is asked again.
    assert _audit_cached(cache, str(papers), "--out", str(out)) == cli.EXIT_OK
    assert web.seen("/page") == ["GET"]
    assert len(web.seen("/gone")) > 1
    said = (
        "1 verdict reused from the cache (oldest 0 s old); run with --no-cache or "
        "--max-cache-age 0 to check every link again"
    )
    assert f"auditor: {said}\n" in capsys.readouterr().err
    summary = (out / "summary.md").read_text()
    assert said in summary.split("## ", 2)[1]  # near the top, before the first section
    assert said in (out / "index.html").read_text()
    document = json.loads((out / "scorecard.json").read_text())
    assert document["cache"] == {"reused": 1, "oldest_age": 0}

    # Read back: `render` says it again; a scorecard from before the field renders without it.
    assert cli.main(["render", str(out / "scorecard.json"), "--out", str(tmp_path / "again")]) == 0
    assert said in (tmp_path / "again" / "summary.md").read_text()
    del document["cache"]
    older = tmp_path / "older.json"
    older.write_text(json.dumps(document), encoding="utf-8")
    assert cli.main(["render", str(older), "--out", str(tmp_path / "old")]) == 0
    assert "reused from the cache" not in (tmp_path / "old" / "summary.md").read_text()

    # --max-cache-age 0 reuses nothing: every link is asked again. --quiet says nothing.
    capsys.readouterr()
    assert _audit_cached(cache, str(papers), "--out", str(out), "--max-cache-age", "0") == 0
    assert web.seen("/page") == ["GET", "GET"]
    assert json.loads((out / "scorecard.json").read_text())["cache"]["reused"] == 0
    assert "reused from the cache" not in (out / "summary.md").read_text()
    assert "reused from the cache" not in capsys.readouterr().err
    assert _audit_cached(cache, str(papers), "--out", str(out), "--quiet") == cli.EXIT_OK
    assert web.seen("/page") == ["GET", "GET"]  # the verdict kept by the run before
    assert "reused from the cache" in (out / "summary.md").read_text()
    assert capsys.readouterr().err == ""

    # --no-cache: no cache, no `cache` in the scorecard.
    assert _audit_cached(cache, str(papers), "--out", str(out), "--no-cache", "-q") == 0
    assert "cache" not in json.loads((out / "scorecard.json").read_text())


# --- the small ones ---------------------------------------------------------------------------


def test_allow_private_before_a_path_leaves_the_path_a_path(tmp_path: Path) -> None:
    listing = tmp_path / "list.md"
    listing.write_text("# List\n\n- **Paper.** No links at all.\n", encoding="utf-8")
    argv = ["audit", "--allow-private", str(listing), "--out", str(tmp_path / "r"), "--no-cache"]
    assert cli.main([*argv, "-q"], environ={}) == cli.EXIT_OK
    assert (tmp_path / "r" / "scorecard.json").is_file()


def test_extract_into_a_reader_that_stops_is_no_error(tmp_path: Path) -> None:
    # 4,000 papers: 360 KB of output, five times a pipe's 64 KiB, so lines are still to be
    # written when `head` has gone (20,000 took 7 s of CPU to extract for the same proof).
    big = tmp_path / "big.txt"
    big.write_text(
        "A list\n\n" + "".join(f"Paper {n}. https://github.com/lab/m{n}\n\n" for n in range(4000))
    )
    done = subprocess.run(
        f'{sys.executable} -m auditor extract {big} | head -1; echo "status=${{PIPESTATUS[0]}}"',
        shell=True,
        capture_output=True,
        text=True,
        check=False,
        executable="/bin/bash",
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
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


# --- offline: the canary first, no per-link DNS wait --------------------------------------------


class SlowOfflineDNS:
    """DNS of a machine without internet: every public name fails after `delay` seconds (as a
    real resolver does, ~0.2 s); `names` (intranet names) still resolve."""

    def __init__(self, names: dict[str, str], delay: float = 0.2) -> None:
        self.names = names
        self.delay = delay
        self.lookups: list[str] = []

    async def __call__(self, host: str, port: int) -> list[str]:
        self.lookups.append(host)
        if host in self.names:
            return [self.names[host]]
        await asyncio.sleep(self.delay)
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")


def _offline_list(folder: Path, web: LocalServer, papers: int) -> Path:
    lines = ["# Offline reading group", ""]
    for n in range(papers):
        links = [
            f"https://github.com/lab{n % 97}/method{n}",
            f"https://lab{n}.github.io/method{n}/",
            f"https://gitlab.com/lab{n}/method{n}",
            f"https://huggingface.co/lab{n}/method{n}",
            f"https://data{n}.example-univ.edu/set{n}.zip",
        ]
        lines.append(f"- **Method {n}.** We present Method {n}. {' '.join(links)}")
    lines.append(
        f"- **Local.** On the intranet: {web.url('/page')} {web.url('/page', host='wiki.lab.test')}"
    )
    path = folder / "papers.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_offline_public_links_are_unchecked_at_once_and_local_ones_checked(
    tmp_path: Path, web: LocalServer, caplog: pytest.LogCaptureFixture
) -> None:
    dns = SlowOfflineDNS({"wiki.lab.test": "127.0.0.1"})
    settings = Settings(cache_dir=None, dns_canary="canary.test", allow_private=True)
    papers = _offline_list(tmp_path, web, 300)

    outcome = asyncio.run(pipeline.run([str(papers)], settings, Rubric(), resolver=dns))

    # The canary once, the intranet name once: no public name was looked up, link by link.
    assert sorted(dns.lookups) == ["canary.test", "wiki.lab.test"]
    by_kind: dict[str, set[tuple[str, str]]] = {}
    for result in outcome.audit.results:
        check = result.check
        by_kind.setdefault(result.link.kind, set()).add((check.outcome, check.detail))
    offline = (
        Outcome.UNCHECKED,
        "not checked: our network looks down (the DNS canary canary.test does not resolve)",
    )
    local = by_kind.pop(LinkKind.WEB) - {offline}
    assert set(by_kind) >= {LinkKind.GITHUB_REPO, LinkKind.GITLAB, LinkKind.HUGGINGFACE}
    assert all(found == {offline} for found in by_kind.values()), by_kind
    assert {outcome for outcome, _ in local} == {Outcome.OK}
    assert web.seen("/page") == ["GET", "GET"]  # the address and the intranet name
    said = [r.getMessage() for r in caplog.records if "network looks down" in r.getMessage()]
    assert len(said) == 1


def test_offline_only_github_links_still_say_why_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    papers = tmp_path / "papers.txt"
    papers.write_text("A list\n\nWe present X. Code: https://github.com/lab/x\n", encoding="utf-8")
    dns = SlowOfflineDNS({})
    outcome = asyncio.run(
        pipeline.run([str(papers)], Settings(cache_dir=None), Rubric(), resolver=dns)
    )
    assert dns.lookups == ["github.com"]
    [result] = outcome.audit.results
    assert result.check.outcome is Outcome.UNCHECKED
    assert "network looks down" in result.check.detail
    assert any("network looks down" in r.getMessage() for r in caplog.records)


def test_offline_a_configured_api_root_is_still_asked(tmp_path: Path) -> None:
    papers = tmp_path / "papers.txt"
    papers.write_text(
        "A list\n\nWe present X. Code: https://github.com/ml-lab/complete\n", encoding="utf-8"
    )
    with FakeGitHub(sample_repos()) as github:
        settings = replace(settings_for(github), cache_dir=None, dns_canary="canary.test")
        dns = SlowOfflineDNS({})
        outcome = asyncio.run(pipeline.run([str(papers)], settings, Rubric(), resolver=dns))
    # The code link (its README's weights and data are links of their own).
    [result] = [r for r in outcome.audit.results if r.link.artifact is None]
    assert result.check.outcome is Outcome.OK
    assert dns.lookups == ["canary.test"]
