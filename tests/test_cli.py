"""The command line: help, versions, usage errors and exit codes; `extract`; history across
runs, GitHub Actions output, and sharded runs merged back into one scorecard."""

from __future__ import annotations

import argparse
import functools
import io
import ipaddress
import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from auditor import __version__, cli
from auditor.config import settings as config
from auditor.models import PaperScore, Tier
from tests.support.local_servers import html, serve
from tests.support.scorecards import paper, scorecard

EXAMPLES = sorted(str(p) for p in (Path(__file__).parents[1] / "examples").glob("*.txt"))


@pytest.mark.parametrize("command", [[], ["extract"], ["audit"], ["render"], ["merge"], ["issue"]])
def test_every_command_has_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([*command, "--help"]) == cli.EXIT_OK
    assert "usage: auditor" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["audit", "merge"])
def test_a_long_command_runs_with_its_imports_frozen_out_of_collection(
    command: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The objects its imports made are moved out of the collector's full passes (gc.freeze)
    before the command's work begins."""
    import gc

    from auditor.cli import audit

    frozen: list[int] = []

    def runs(*_: object) -> int:
        frozen.append(gc.get_freeze_count())
        return cli.EXIT_OK

    monkeypatch.setattr(audit, f"run_{command}", runs)
    gc.unfreeze()
    try:
        assert cli.main([command, str(tmp_path)]) == cli.EXIT_OK
    finally:
        gc.unfreeze()
    assert len(frozen) == 1
    assert frozen[0] > 0


def test_an_audit_runs_with_the_collectors_young_passes_rare(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Its short-lived objects are rarely in a cycle: a young pass every 50,000 new containers,
    not 700, while the audit runs; the process's own setting after it."""
    import gc

    from auditor.cli import audit

    thresholds: list[tuple[int, ...]] = []

    def runs(*_: object) -> int:
        thresholds.append(gc.get_threshold())
        return cli.EXIT_OK

    monkeypatch.setattr(audit, "run_audit", runs)
    before = gc.get_threshold()
    try:
        assert cli.main(["audit", str(tmp_path)]) == cli.EXIT_OK
    finally:
        gc.unfreeze()
    assert thresholds[0][0] == 50_000
    assert gc.get_threshold() == before


def test_the_collector_waits_while_a_long_commands_modules_load() -> None:
    import gc

    from auditor.cli.main import _loading_for_good

    assert gc.isenabled()
    try:
        with _loading_for_good():
            assert not gc.isenabled()
            made = [[] for _ in range(10)]
        assert gc.isenabled()
        assert gc.get_freeze_count() >= len(made)
    finally:
        gc.unfreeze()


def test_help_shows_an_example_and_every_default(capsys: pytest.CaptureFixture[str]) -> None:
    """`--help` once gave neither an example nor the defaults of --format or merge's --out."""
    assert cli.main(["--help"]) == cli.EXIT_OK
    assert "examples:\n  auditor audit papers.md --out reports" in capsys.readouterr().out
    for command, default in (("extract", "text"), ("readme", "text"), ("merge", "reports")):
        assert cli.main([command, "--help"]) == cli.EXIT_OK
        shown = " ".join(capsys.readouterr().out.split())
        assert f"(default: {default})" in shown
        assert "(default: 0)" not in shown
        assert "(default: True)" not in shown


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == cli.EXIT_OK
    assert capsys.readouterr().out.strip() == f"auditor {__version__}"


@pytest.mark.parametrize(
    "arguments",
    [
        ["audit", "x.txt", "--fail-on", "sometimes"],
        ["audit", "x.txt", "--fail-on", "tier-below:platinum"],
        ["audit", "x.txt", "--shard", "4/3"],
        ["audit", "x.txt", "--allow-private", "not-a-network"],
        ["audit", "x.txt", "--exclude", "("],
        ["audit", "x.txt", "--timeout", "-1"],
        ["extract", "x.txt", "--paper-date", "last week"],
        ["frobnicate"],
    ],
)
def test_usage_errors_exit_2_with_one_line(
    arguments: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        cli.main([*arguments, "--out", str(tmp_path)] if arguments[0] == "audit" else arguments)
        == 2
    )
    error = capsys.readouterr().err
    assert "Traceback" not in error
    assert error.strip()


def test_extract_json_has_the_scorecard_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["extract", *EXAMPLES, "--format", "json"]) == cli.EXIT_OK
    document = json.loads(capsys.readouterr().out)
    assert len(document["papers"]) == 38
    assert len(document["links"]) == 9
    link = document["links"][0]
    assert set(link) == {"url", "kind", "papers", "occurrences"}
    assert set(link["occurrences"][0]) == {"paper", "path", "line", "raw", "subpath"}
    paper = next(p for p in document["papers"] if p["id"] == link["papers"][0])
    assert set(paper) == {"id", "name", "title", "date", "source", "links", "date_source", "key"}
    assert paper["links"] == [link["url"]]
    assert (paper["date"], paper["date_source"]) == ("2026-07", "list")


def test_extract_text_names_papers(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["extract", *EXAMPLES]) == cli.EXIT_OK
    out = capsys.readouterr().out
    assert "QM-LibBench" in out
    assert out.strip().endswith("38 papers, 9 links")


def test_extract_reads_a_folder_and_says_how_many_lists(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(Path(EXAMPLES[0]).parent.parent)
    assert cli.main(["extract", "examples/"]) == cli.EXIT_OK
    assert (
        capsys.readouterr()
        .out.strip()
        .endswith("38 papers, 9 links (2 paper lists read in examples/)")
    )


def test_a_missing_input_is_skipped_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["extract", "no-such-file.txt", EXAMPLES[0], "--format", "json"]) == 2
    captured = capsys.readouterr()
    assert len(json.loads(captured.out)["links"]) == 5
    assert "no-such-file.txt" in captured.err
    assert "Traceback" not in captured.err


def test_extract_reads_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = b"A list\n\nWe present ToyNet. Code: https://github.com/toy/net.\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text)))
    assert cli.main(["extract", "-", "--format", "json"]) == cli.EXIT_OK
    document = json.loads(capsys.readouterr().out)
    assert document["papers"][0]["id"] == "-#1"
    assert document["links"][0]["url"] == "https://github.com/toy/net"


def test_render_of_a_file_that_is_no_scorecard_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "scorecard.json"
    bad.write_text("[1, 2")
    assert cli.main(["render", str(bad)]) == cli.EXIT_USAGE
    assert "not JSON" in capsys.readouterr().err


def _audit(paper_list: Path, out: Path, *extra: str, environ: dict[str, str] | None = None) -> int:
    return cli.main(
        ["audit", str(paper_list), "--out", str(out), "--allow-private", "--no-cache", *extra],
        environ=environ or {},
    )


def _scorecard(out: Path) -> dict[str, Any]:
    return json.loads((out / "scorecard.json").read_text())


def test_a_link_that_dies_between_runs_leads_the_summary_and_is_annotated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    step_summary = tmp_path / "step-summary.md"
    outputs = tmp_path / "outputs.txt"
    environ = {
        "GITHUB_ACTIONS": "true",
        "GITHUB_STEP_SUMMARY": str(step_summary),
        "GITHUB_OUTPUT": str(outputs),
    }
    with serve({"/a": html("<title>A</title>"), "/b": html("<title>B</title>")}) as web:
        paper_list = tmp_path / "list.txt"
        paper_list.write_text(
            f"Reading group\n\nWe present AlphaNet. Page: {web.url('/a')}.\n\n"
            f"We present BetaNet. Page: {web.url('/b')}.\n"
        )
        out = tmp_path / "reports"
        assert _audit(paper_list, out, "--fail-on", "new-dead", environ=environ) == cli.EXIT_OK
        capsys.readouterr()
        step_summary.write_text("")

        web.routes["/b"] = html("<h1>Not Found</h1>", status=404)
        assert _audit(paper_list, out, "--fail-on", "new-dead", environ=environ) == 1
        stdout = capsys.readouterr().out
        assert f"::error file={paper_list},line=5" in stdout
        document = _scorecard(out)
        dead = next(link for link in document["links"] if link["url"] == web.url("/b"))
        assert dead["changes"] == ["died"]
        assert dead["dead_since"] is not None
        assert document["changes"]["new_dead"] == 1
        assert "newly dead" in step_summary.read_text().splitlines()[0]
        assert "new-dead=1" in outputs.read_text()

        # Still dead a week later: not new any more, but still dead.
        assert _audit(paper_list, out, "--fail-on", "new-dead", environ=environ) == cli.EXIT_OK
        assert _audit(paper_list, out, "--fail-on", "dead", environ=environ) == 1


def test_three_shards_merge_into_the_unsharded_scorecard(tmp_path: Path) -> None:
    routes = {f"/p{n}": html(f"<title>P{n}</title>") for n in range(12)}
    routes["/p3"] = html("gone", status=404)
    with serve(routes) as web:
        paper_list = tmp_path / "list.txt"
        paper_list.write_text(
            "List\n\n"
            + "\n\n".join(f"We present Net{n}. Page: {web.url(f'/p{n}')}." for n in range(12))
            + "\n"
        )
        _audit(paper_list, tmp_path / "whole", "--db", str(tmp_path / "whole.sqlite"))
        parts = []
        for k in (1, 2, 3):
            part = tmp_path / f"part{k}"
            _audit(paper_list, part, "--shard", f"{k}/3")
            parts.append(str(part / "scorecard.json"))
        code = cli.main(["merge", *parts, "--out", str(tmp_path / "merged")], environ={})
    assert code == 1  # one dead link

    def comparable(document: dict[str, Any]) -> dict[str, Any]:
        stable = {key: document[key] for key in ("papers", "summary", "inputs")}
        stable["links"] = [
            {
                k: v
                for k, v in link.items()
                if k not in ("checked_at", "first_seen", "last_ok", "dead_since")
            }
            for link in document["links"]
        ]
        return stable

    assert comparable(_scorecard(tmp_path / "merged")) == comparable(_scorecard(tmp_path / "whole"))


def test_what_a_merge_made_is_out_of_the_collectors_sight_when_it_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The merge's documents, made while the collector was paused, are never walked by its
    first pass after the pause (gc.freeze): that pass walked every one of them."""
    import gc

    from auditor.cli import audit
    from auditor.pipeline.shard import stamp
    from auditor.scorecard import dumps

    written: list[object] = []
    write_reports = audit.write_reports

    def keeping(card: Any, *args: Any, **kwargs: Any) -> Any:
        written.append(card)
        return write_reports(card, *args, **kwargs)

    monkeypatch.setattr(audit, "write_reports", keeping)
    shards = []
    for k in (1, 2):
        shard = tmp_path / f"shard-{k}.json"
        shard.write_text(dumps(stamp(scorecard([(paper(f"list.txt#{k}"), [])]), k, 2)))
        shards.append(str(shard))
    gc.unfreeze()
    try:
        code = cli.main(["merge", *shards, "--out", str(tmp_path / "merged")], environ={})
        tracked = [obj for obj in gc.get_objects() if any(obj is card for card in written)]
    finally:
        gc.unfreeze()

    assert code == cli.EXIT_OK
    assert len(written) == 1
    assert tracked == []


def test_db_with_shard_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = _audit(Path(EXAMPLES[0]), tmp_path, "--shard", "1/2", "--db", str(tmp_path / "h.sqlite"))
    assert code == cli.EXIT_USAGE
    assert "--db" in capsys.readouterr().err


def test_issue_needs_a_repository_and_a_token(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with serve({"/a": html("<title>A</title>")}) as web:
        paper_list = tmp_path / "list.txt"
        paper_list.write_text(f"L\n\nWe present A. {web.url('/a')}\n")
        _audit(paper_list, tmp_path / "r")
    scorecard = str(tmp_path / "r" / "scorecard.json")
    assert cli.main(["issue", scorecard], environ={}) == cli.EXIT_USAGE
    assert cli.main(["issue", scorecard, "--repository", "o/r"], environ={}) == cli.EXIT_USAGE
    assert "token" in capsys.readouterr().err


# Every Settings field an `audit` flag sets, each with a value unlike its default; flags with no
# Settings field, or whose default is not Settings' by design, are named below with why.
CHANGED_DEFAULTS: dict[str, Any] = {
    "out_dir": Path("elsewhere"),
    "paper_date": "2020-02",
    "timeout": 2.5,
    "concurrency": 5,
    "max_retries": 1,
    "per_host_concurrency": 3,
    "per_host_interval": 0.2,
    "max_run_time": 60.0,
    "exclude": ("^https://skip\\.example/",),
    "allow_private": True,
    "allowed_networks": (ipaddress.ip_network("10.0.0.0/8"),),
    "dns_canary": "canary.example",
    "proxies": config.ProxyRoutes(every="http://proxy.example:3128"),
    "ca_dir": Path("certificates"),
    "max_cache_age": 60.0,
    "github_api_url": "https://ghe.example/api/v3",
    "github_graphql_url": "https://ghe.example/api/graphql",
    "rescue": False,
    "preservation": True,
    "request_archival": True,
    "find_code": True,
    "limits": config.Limits(
        code_links_per_page=7, links_per_paper=9, url_length=1000, nesting_depth=12
    ),
}
FLAG_FIELDS = {
    "--out": "out_dir",
    "--paper-date": "paper_date",
    "--timeout": "timeout",
    "--concurrency": "concurrency",
    "--max-retries": "max_retries",
    "--host-concurrency": "per_host_concurrency",
    "--host-request-interval": "per_host_interval",
    "--max-run-time": "max_run_time",
    "--exclude": "exclude",
    "--allow-private": "allowed_networks",
    "--dns-canary": "dns_canary",
    "--proxy": "proxies",
    "--proxy-from-env": "proxies",
    "--ca-bundle": "ca_dir",
    "--max-cache-age": "max_cache_age",
    "--github-api-url": "github_api_url",
    "--github-graphql-url": "github_graphql_url",
    "--no-rescue": "rescue",
    "--preservation": "preservation",
    "--request-archival": "request_archival",
    "--find-code": "find_code",
    "--max-code-links-per-page": "limits",
    "--max-links-per-paper": "limits",
    "--max-url-length": "limits",
    "--max-nesting-depth": "limits",
}
NO_SETTINGS_DEFAULT = {
    "-h", "--help", "-v", "--verbose", "-q", "--quiet", "--fail-on", "--db", "--config",
    "--acknowledgements", "--reviews", "--reported-by-issue", "--allow-missing", "--shard",
    "--badges",
    # `Settings()` caches nowhere (a library caller's choice); the command line caches in the
    # user cache folder unless --no-cache.
    "--cache-dir", "--no-cache",
}  # fmt: skip


def _audit_flags() -> set[str]:
    parser = cli.build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {flag for action in commands.choices["audit"]._actions for flag in action.option_strings}


def test_every_audit_flag_defaults_to_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _audit_flags() == set(FLAG_FIELDS) | NO_SETTINGS_DEFAULT
    assert set(FLAG_FIELDS.values()) <= set(CHANGED_DEFAULTS)
    monkeypatch.chdir(tmp_path)  # no pyproject.toml of ours
    (tmp_path / "certificates").mkdir()
    monkeypatch.setattr(config, "Settings", functools.partial(config.Settings, **CHANGED_DEFAULTS))

    args = cli.build_parser().parse_args(["audit", "papers.md"])
    made = cli.settings_from(args, environ={})

    assert {field: getattr(made, field) for field in CHANGED_DEFAULTS} == CHANGED_DEFAULTS
    assert cli.main(["audit", "--help"]) == cli.EXIT_OK
    shown = " ".join(capsys.readouterr().out.split())
    helps = [
        "(default: elsewhere/)", "seconds (default 2.5)", "(default 5)", "(default 1)",
        "(default 3; adaptive", "(default 200ms)", "(default canary.example)", "(default 60;",
        "(default 7;", "(default 9;", "(default 1000)", "(default 12)",
    ]  # fmt: skip
    assert [said for said in helps if said not in shown] == []


_NUMERIC_FLAGS = ["--timeout", "--concurrency", "--max-retries", "--max-run-time",
                  "--max-cache-age", "--max-url-length", "--max-links-per-paper"]  # fmt: skip


@pytest.mark.parametrize("flag", _NUMERIC_FLAGS)
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1"])
def test_a_numeric_flag_that_is_not_a_finite_number_in_range_is_refused_in_one_line(
    flag: str, value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    papers = tmp_path / "papers.txt"
    papers.write_text("We present X. https://example.test/x\n")
    argv = ["audit", str(papers), "--out", str(tmp_path / "out"), f"{flag}={value}"]
    assert cli.main(argv, environ={}) == cli.EXIT_USAGE
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert flag in error
    assert value in error
    assert not (tmp_path / "out").exists()  # refused before any work


@pytest.mark.parametrize("flag", ["--config", "--acknowledgements", "--reviews"])
def test_a_fifo_as_a_settings_file_is_refused_in_one_line(
    flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    papers, fifo = tmp_path / "papers.txt", tmp_path / "settings.toml"
    papers.write_text("We present X. https://example.test/x\n")
    os.mkfifo(fifo)
    argv = ["audit", str(papers), "--out", str(tmp_path / "out"), flag, str(fifo)]
    assert cli.main(argv, environ={}) == cli.EXIT_USAGE  # parsed, never opened
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert f"argument {flag}: not a regular file" in error


@pytest.mark.parametrize(
    ("floor", "below"),
    [
        # The tier order (rubric 2.0): dead < mismatch < placeholder < no-code < unknown < listed
        # < bronze < silver < gold; citing no code and an undecided paper hold no code to a floor.
        ("listed", 3),
        ("bronze", 4),
        ("gold", 6),
    ],
)
def test_fail_on_tier_below_follows_the_tier_order(floor: str, below: int) -> None:
    tiers = (Tier.DEAD, Tier.MISMATCH, Tier.PLACEHOLDER, Tier.NO_CODE, Tier.UNKNOWN)
    tiers += (Tier.LISTED, Tier.BRONZE, Tier.SILVER, Tier.GOLD)
    document = scorecard([(paper(f"l.txt#{n}", tier.value), []) for n, tier in enumerate(tiers)])
    document = replace(
        document,
        papers=tuple(
            replace(entry, score=PaperScore(tier, None))
            for entry, tier in zip(document.papers, tiers, strict=True)
        ),
    )
    assert cli.findings(document, [f"tier-below:{floor}"]) == [
        f"{below} paper(s) with code below {floor}"
    ]
