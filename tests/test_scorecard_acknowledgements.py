"""Acknowledged dead links (`.paper-auditor-ignore`): the loader and its one-line errors, the
marks each link gets, and the weekly audit they turn green until their date, end to end against
real servers on 127.0.0.1. Dates are relative to today: none of these tests can expire."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from auditor import cli, render
from auditor.actions import workflow as actions
from auditor.config.file import ConfigError
from auditor.models import ArtifactKind, LinkKind, Outcome
from auditor.scorecard import (
    Acknowledgement,
    AcknowledgementStatus,
    Scorecard,
    acknowledgements,
    load_scorecard,
)
from auditor.scorecard.acknowledgements import (
    IGNORE_FILE,
    AcknowledgementRule,
    apply_acknowledgements,
    load_acknowledgements,
)
from auditor.scorecard.dead_links import acknowledged_dead, still_dead
from tests.support.local_servers import LocalServer, Reply
from tests.support.reading_group import gone_and_fine_pages, write_reading_group
from tests.support.scorecards import paper, result, scorecard

TODAY = datetime.now(UTC).date()  # the day a run generated now is dated (UTC)
LATER = TODAY + timedelta(days=60)
EARLIER = TODAY - timedelta(days=60)
REASON = "the authors deleted it and will not restore it"


def _load(tmp_path: Path, text: str) -> tuple[AcknowledgementRule, ...]:
    path = tmp_path / IGNORE_FILE
    path.write_text(text, encoding="utf-8")
    return load_acknowledgements(path, config=None, pyproject=None)


# --- the loader -------------------------------------------------------------------------------


def test_a_good_file_reads_urls_normalised_patterns_and_dates(tmp_path: Path) -> None:
    rules = _load(
        tmp_path,
        f"""
[[acknowledge]]
url = "https://GitHub.com/Vision-Lab/GoneNet.git"
reason = "  {REASON}  "
until = {LATER.isoformat()}

[[acknowledge]]
pattern = "^https://lab\\\\.example/"
reason = "the lab's server is gone"
until = "{LATER.isoformat()}"
""",
    )
    assert [(r.url, r.reason, r.until) for r in rules] == [
        ("https://github.com/vision-lab/gonenet", REASON, LATER),
        (None, "the lab's server is gone", LATER),
    ]
    assert rules[1].pattern is not None
    assert rules[1].pattern.search("https://lab.example/code")
    assert not rules[1].pattern.search("https://other.example/lab.example/")


def test_the_file_in_the_current_folder_and_the_configuration_both_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    entry = 'reason = "gone"\nuntil = 2099-01-01\n'
    Path(IGNORE_FILE).write_text(f'[[acknowledge]]\nurl = "https://a.example/"\n{entry}')
    Path("pyproject.toml").write_text(
        f'[[tool.paper-auditor.acknowledge]]\nurl = "https://b.example/"\n{entry}'
    )
    rules = load_acknowledgements(None, config=None, pyproject=Path("pyproject.toml"))
    assert [(rule.url, rule.where) for rule in rules] == [
        ("https://a.example/", f"{IGNORE_FILE}: acknowledge entry 1 (https://a.example/)"),
        (
            "https://b.example/",
            "pyproject.toml [tool.paper-auditor]: acknowledge entry 1 (https://b.example/)",
        ),
    ]


def test_no_file_acknowledges_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert load_acknowledgements(None, config=None, pyproject=Path("pyproject.toml")) == ()


GOOD = 'url = "https://a.example/x"\nreason = "gone"\nuntil = 2099-01-01\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[[acknowledge]]\nurl = "https://a.example/x"\nuntil = 2099-01-01\n',
            "acknowledge entry 1 (https://a.example/x): needs a `reason`",
        ),
        (
            '[[acknowledge]]\nurl = "https://a.example/x"\nreason = " "\nuntil = 2099-01-01\n',
            "acknowledge entry 1 (https://a.example/x): needs a `reason`",
        ),
        (
            f'[[acknowledge]]\n{GOOD}\n[[acknowledge]]\nurl = "https://b.example/"\nreason = "x"\n',
            "acknowledge entry 2 (https://b.example/): needs `until`, the last day it holds",
        ),
        (
            '[[acknowledge]]\nurl = "https://a.example/x"\nreason = "gone"\nuntil = "2099-13-01"\n',
            "acknowledge entry 1 (https://a.example/x): `until` is not a date (YYYY-MM-DD): "
            "'2099-13-01'",
        ),
        (
            '[[acknowledge]]\nurl = "https://a.example/x"\nreason = "gone"\n'
            "until = 2099-01-01T10:00:00\n",
            "`until` is not a date (YYYY-MM-DD): datetime.datetime(2099, 1, 1, 10, 0)",
        ),
        (
            f"[[acknowledge]]\n{GOOD}reson = 'typo'\n",
            "acknowledge entry 1 (https://a.example/x): unknown key 'reson'; did you mean "
            "'reason'?",
        ),
        (
            '[[acknowledge]]\nreason = "gone"\nuntil = 2099-01-01\n',
            "acknowledge entry 1: needs a `url` (or a `pattern`) naming the link",
        ),
        (
            f'[[acknowledge]]\n{GOOD}pattern = "x"\n',
            "acknowledge entry 1 (https://a.example/x): has both `url` and `pattern`; give one",
        ),
        (
            '[[acknowledge]]\nurl = "mailto:someone"\nreason = "gone"\nuntil = 2099-01-01\n',
            "acknowledge entry 1 (mailto:someone): `url` is not an http(s) URL: 'mailto:someone'",
        ),
        (
            '[[acknowledge]]\npattern = "(unclosed"\nreason = "gone"\nuntil = 2099-01-01\n',
            "acknowledge entry 1 ((unclosed): `pattern` is not a regular expression",
        ),
        (f"[acknowledge]\n{GOOD}", "`acknowledge` must be an array of tables ([[acknowledge]])"),
        (f"[[acknowledged]]\n{GOOD}", "unknown table 'acknowledged'; did you mean 'acknowledge'?"),
        ("[[acknowledge]\n", "invalid TOML"),
        (
            f"[[acknowledge]]\n{GOOD}\n[[acknowledge]]\n"
            + GOOD.replace("a.example", "A.Example:443"),
            "acknowledge entry 2 (https://A.Example:443/x): acknowledged already by ",
        ),
    ],
)
def test_a_malformed_file_or_entry_is_one_line_naming_both(
    tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        _load(tmp_path, text)
    said = str(raised.value)
    assert "\n" not in said
    assert said.startswith(str(tmp_path / IGNORE_FILE) + ": ")
    assert message in said


def test_a_malformed_file_stops_the_audit_before_any_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ignore = tmp_path / "known-dead.toml"
    ignore.write_text('[[acknowledge]]\nurl = "https://a.example/"\nuntil = 2099-01-01\n')
    listing = tmp_path / "papers.md"
    listing.write_text("# List\n\n- **Paper.** Code: https://a.example/\n")
    code = cli.main(
        ["audit", str(listing), "--out", str(tmp_path / "r"), "--acknowledgements", str(ignore)],
        environ={},
    )
    assert code == cli.EXIT_USAGE
    assert capsys.readouterr().err.splitlines() == [
        f"auditor: ERROR: {ignore}: acknowledge entry 1 (https://a.example/): needs a `reason` "
        "(why the link is known dead)"
    ]
    assert not (tmp_path / "r").exists()


def test_a_missing_acknowledgements_file_given_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = tmp_path / "papers.md"
    listing.write_text("# List\n\n- **Paper.** No link.\n")
    missing = tmp_path / "missing.toml"
    arguments = ["audit", str(listing), "--acknowledgements", str(missing)]
    assert cli.main(arguments, environ={}) == cli.EXIT_USAGE
    assert f"{missing}: cannot read" in capsys.readouterr().err


# --- the marks --------------------------------------------------------------------------------


def _rule(url: str, until: date, reason: str = REASON) -> AcknowledgementRule:
    return AcknowledgementRule(url, None, reason, until, f"{IGNORE_FILE}: entry ({url})")


def _card(*outcomes: tuple[str, Outcome]) -> Scorecard:
    links = [result(url, LinkKind.WEB, ["p#1"], outcome=outcome) for url, outcome in outcomes]
    return scorecard([(paper("p#1"), links)])


def test_each_link_is_marked_active_expired_or_stale(caplog: pytest.LogCaptureFixture) -> None:
    card = _card(
        ("https://a.example/", Outcome.DEAD),
        ("https://b.example/", Outcome.DEAD),
        ("https://c.example/", Outcome.OK),
        ("https://d.example/", Outcome.DEAD),
    )
    rules = [
        _rule("https://a.example/", TODAY),  # its last day: still holds
        _rule("https://b.example/", TODAY - timedelta(days=1)),
        _rule("https://c.example/", LATER),
        _rule("https://nowhere.example/", LATER),
    ]
    with caplog.at_level(logging.INFO, logger="auditor"):
        marked = apply_acknowledgements(card, rules, TODAY)

    assert [entry.acknowledged for entry in marked.links] == [
        Acknowledgement(REASON, TODAY.isoformat(), AcknowledgementStatus.ACTIVE),
        Acknowledgement(
            REASON, (TODAY - timedelta(days=1)).isoformat(), AcknowledgementStatus.EXPIRED
        ),
        Acknowledgement(REASON, LATER.isoformat(), AcknowledgementStatus.STALE),
        None,
    ]
    assert [entry.url for entry in acknowledged_dead(marked)] == ["https://a.example/"]
    assert cli.findings(marked, ["dead"]) == ["2 dead link(s)"]
    said = [(record.levelname, record.getMessage()) for record in caplog.records]
    assert ("WARNING", "https://c.example/ resolves again: remove its acknowledgement "
            f"({IGNORE_FILE}: entry (https://c.example/))") in said  # fmt: skip
    assert any("https://b.example/ is dead and its acknowledgement expired" in m for _, m in said)
    assert ("INFO", f"{IGNORE_FILE}: entry (https://nowhere.example/): no link of this run "
            "matches it") in said  # fmt: skip


def test_a_readmes_dead_weights_link_is_acknowledged_like_a_cited_one() -> None:
    code = result("https://github.com/acme/net", LinkKind.GITHUB_REPO, ["p#1"])
    gone = result("https://files.example/net.pt", LinkKind.WEB, ["p#1"], outcome=Outcome.DEAD)
    gone = replace(
        gone,
        link=replace(gone.link, found_via=code.link.url, artifact=ArtifactKind.WEIGHTS),
    )
    card = scorecard([(paper("p#1"), [code, gone])])
    assert cli.findings(card, ["dead"]) == ["1 dead link(s)"]
    marked = apply_acknowledgements(card, [_rule("https://files.example/net.pt", LATER)], TODAY)
    assert [entry.url for entry in acknowledged_dead(marked)] == ["https://files.example/net.pt"]
    assert cli.findings(marked, ["dead"]) == []


def test_the_tracking_issue_leaves_acknowledged_links_out() -> None:
    card = apply_acknowledgements(
        _card(("https://a.example/", Outcome.DEAD), ("https://b.example/", Outcome.DEAD)),
        [_rule("https://a.example/", LATER)],
        TODAY,
    )
    body = actions.issue_body(card)
    assert "**1 dead link(s)**" in body
    assert "1 more, acknowledged as dead for good, are left out" in body
    assert "`https://b.example/`" in body
    assert "a.example" not in body
    assert actions.outputs(card, Path("r"))["dead"] == "1"
    # Only acknowledged links left: nothing keeps the issue open, and no annotation is red.
    only = replace(card, links=card.links[:1])
    assert still_dead(only) == []
    assert actions.find_annotations(only) == []


# --- the weekly audit, end to end ------------------------------------------------------------


@pytest.fixture
def web() -> Iterator[LocalServer]:
    with gone_and_fine_pages() as server:
        yield server


def _ignore_file(path: Path, url: str, until: date, reason: str = REASON) -> Path:
    path.write_text(
        f'[[acknowledge]]\nurl = "{url}"\nreason = "{reason}"\nuntil = {until.isoformat()}\n',
        encoding="utf-8",
    )
    return path


def _audit(papers: Path, out: Path, *arguments: str) -> int:
    return cli.main(
        ["audit", str(papers), "--out", str(out), "--allow-private", "127.0.0.0/8", "--no-cache",
         "--dns-canary", "localhost", *arguments],
        environ={},
    )  # fmt: skip


def _section(summary: str, title: str) -> str:
    """One `####` section of summary.md."""
    return summary.split(f"#### {title}")[1].split("####")[0]


def test_an_acknowledged_dead_link_passes_the_run_and_is_marked_in_every_report(
    tmp_path: Path, web: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # ./.paper-auditor-ignore is read without being named
    papers, out = write_reading_group(tmp_path, web), tmp_path / "r"
    _ignore_file(tmp_path / IGNORE_FILE, web.url("/gone"), LATER)

    # First run: the link is new and dead, which `new-dead` would count but for the file.
    for rule in ("new-dead", "dead"):
        assert _audit(papers, out, "--fail-on", rule) == cli.EXIT_OK

    card = json.loads((out / "scorecard.json").read_text())
    gone = next(link for link in card["links"] if link["url"] == web.url("/gone"))
    assert gone["outcome"] == "dead"
    assert gone["acknowledged"] == {
        "reason": REASON,
        "until": LATER.isoformat(),
        "status": "active",
    }
    assert card["summary"]["problems"]["dead_links"] == 1  # the facts stay as they are
    marked = f"acknowledged until {LATER.isoformat()}: {REASON}"
    summary = (out / "summary.md").read_text()
    assert "None." in _section(summary, "Dead links (0)")
    assert marked in _section(summary, "Acknowledged dead links (1)")
    page = (out / "index.html").read_text()
    assert "Acknowledged dead links (1)" in page
    assert marked in page
    assert "✗ dead, acknowledged" in page  # the paper's row says so too
    assert "Dead links (" not in page.replace("Acknowledged dead links (", "")

    # `auditor render` reads the mark back and shows it alike.
    rendered = tmp_path / "rendered"
    assert cli.main(["render", str(out / "scorecard.json"), "--out", str(rendered)]) == 0
    assert (rendered / "summary.md").read_text() == summary
    assert load_scorecard(out / "scorecard.json").links_by_url()[web.url("/gone")].is_acknowledged


def test_every_report_output_and_exit_code_counts_the_same_dead_links(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str]
) -> None:
    # Two dead links, one acknowledged: one dead link counts, wherever it is counted.
    web.routes["/lost"] = Reply(404)
    papers, out = write_reading_group(tmp_path, web), tmp_path / "r"
    with papers.open("a", encoding="utf-8") as stream:
        stream.write(f"- **LostNet.** We present LostNet, a method. Code: {web.url('/lost')}\n")
    ignore = _ignore_file(tmp_path / "known-dead.toml", web.url("/gone"), LATER)
    step_summary, step_outputs = tmp_path / "step-summary.md", tmp_path / "outputs"
    environ = {
        "GITHUB_ACTIONS": "true",
        "GITHUB_STEP_SUMMARY": str(step_summary),
        "GITHUB_OUTPUT": str(step_outputs),
    }

    code = cli.main(
        ["audit", str(papers), "--out", str(out), "--allow-private", "127.0.0.0/8", "--no-cache",
         "--dns-canary", "localhost", "--acknowledgements", str(ignore), "--fail-on", "dead"],
        environ=environ,
    )  # fmt: skip

    assert code == cli.EXIT_FINDINGS
    said = capsys.readouterr()
    assert "1 dead link(s)" in said.err
    errors = [line for line in said.out.splitlines() if line.startswith("::error")]
    assert len(errors) == 1
    assert web.url("/lost") in errors[0]
    card = json.loads((out / "scorecard.json").read_text())
    assert sorted(link["outcome"] for link in card["links"]) == ["dead", "dead", "ok"]
    assert "**1** dead links" in (out / "summary.md").read_text()
    assert "**1** dead links" in step_summary.read_text()
    assert "<li><b>1</b> dead links</li>" in (out / "index.html").read_text()
    assert "dead=1\n" in step_outputs.read_text().splitlines(keepends=True)


def test_an_expired_acknowledgement_fails_the_run_and_says_so(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str]
) -> None:
    papers, out = write_reading_group(tmp_path, web), tmp_path / "r"
    ignore = _ignore_file(tmp_path / "known-dead.toml", web.url("/gone"), EARLIER)

    code = _audit(papers, out, "--fail-on", "dead", "--acknowledgements", str(ignore))

    assert code == cli.EXIT_FINDINGS
    err = capsys.readouterr().err
    assert f"{web.url('/gone')} is dead and its acknowledgement expired on {EARLIER}" in err
    assert "1 dead link(s)" in err
    card = json.loads((out / "scorecard.json").read_text())
    gone = next(link for link in card["links"] if link["url"] == web.url("/gone"))
    assert gone["acknowledged"]["status"] == "expired"
    expired = f"acknowledgement expired {EARLIER.isoformat()}"
    assert expired in _section((out / "summary.md").read_text(), "Dead links (1)")
    assert expired in (out / "index.html").read_text()


def test_an_acknowledgement_of_a_link_that_resolves_again_is_reported_stale(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str]
) -> None:
    papers, out = write_reading_group(tmp_path, web), tmp_path / "r"
    ignore = _ignore_file(tmp_path / "known-dead.toml", web.url("/page"), LATER, "was down")

    code = _audit(papers, out, "--fail-on", "dead", "--acknowledgements", str(ignore))

    assert code == cli.EXIT_FINDINGS  # /gone is dead and not acknowledged
    assert f"{web.url('/page')} resolves again: remove its acknowledgement" in (
        capsys.readouterr().err
    )
    stale = _section((out / "summary.md").read_text(), "Stale acknowledgements (1)")
    assert f"ok again; acknowledged until {LATER.isoformat()}: was down" in stale
    assert "Stale acknowledgements (1)" in (out / "index.html").read_text()


def test_merge_marks_the_links_with_the_acknowledgements_it_is_given(
    tmp_path: Path, web: LocalServer
) -> None:
    papers = write_reading_group(tmp_path, web)
    ignore = _ignore_file(tmp_path / "known-dead.toml", web.url("/gone"), LATER)
    parts = []
    for index in (1, 2):
        part = tmp_path / f"shard{index}"
        _audit(papers, part, "--shard", f"{index}/2", "--fail-on", "never")
        parts.append(str(part / "scorecard.json"))
    out = tmp_path / "merged"
    merge = ["merge", *parts, "--out", str(out), "--fail-on", "dead"]

    assert cli.main(merge, environ={}) == cli.EXIT_FINDINGS
    assert cli.main([*merge, "--acknowledgements", str(ignore)], environ={}) == cli.EXIT_OK
    assert "Acknowledged dead links (1)" in (out / "summary.md").read_text()


def test_a_scorecard_without_acknowledgements_renders_as_before() -> None:
    card = _card(("https://a.example/", Outcome.DEAD))
    summary = render.render_markdown(card)
    assert "Acknowledged" not in summary
    assert "Stale acknowledgements" not in summary
    assert "https://a.example/" in _section(summary, "Dead links (1)").replace("\u200b", "")


# --- bounded: patterns, wide entries, the file's size, URLs named as links are ---------------


def _pattern_file(path: Path, pattern: str, until: date = LATER) -> Path:
    path.write_text(
        f"[[acknowledge]]\npattern = '{pattern}'\nreason = \"{REASON}\"\nuntil = {until}\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("pattern", "which"), [("", "the empty string"), (".", "any URL"), ("https?://", "any URL")]
)
def test_a_pattern_matching_every_link_is_refused_in_one_line(
    tmp_path: Path, web: LocalServer, capsys: pytest.CaptureFixture[str], pattern: str, which: str
) -> None:
    papers, out = write_reading_group(tmp_path, web), tmp_path / "r"
    ignore = _pattern_file(tmp_path / "known-dead.toml", pattern)

    assert _audit(papers, out, "--acknowledgements", str(ignore)) == cli.EXIT_USAGE

    assert capsys.readouterr().err.splitlines() == [
        f"auditor: ERROR: {ignore}: acknowledge entry 1 ({pattern}): `pattern` matches every "
        f"link (it matches {which}); make it name the links it is for"
    ]
    assert not out.exists()


def test_a_backtracking_pattern_is_stopped_at_its_bound_and_acknowledges_nothing(
    tmp_path: Path, web: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(acknowledgements, "PATTERN_SECONDS", 2.0)
    trap = "/" + "x" * 40  # `(x+x+)+y` tries 2^40 ways to split it before giving up
    web.routes[trap] = Reply(404)
    papers, out = write_reading_group(tmp_path, web), tmp_path / "r"
    with papers.open("a", encoding="utf-8") as stream:
        stream.write(f"- **TrapNet.** We present TrapNet. Code: {web.url(trap)}\n")
    ignore = _pattern_file(tmp_path / "known-dead.toml", "(x+x+)+y")

    started = time.monotonic()
    code = _audit(papers, out, "--fail-on", "dead", "--acknowledgements", str(ignore))

    assert time.monotonic() - started < 20
    assert code == cli.EXIT_FINDINGS  # nothing acknowledged: the dead links count
    card = json.loads((out / "scorecard.json").read_text())
    assert not any("acknowledged" in link for link in card["links"])
    assert any(
        "(x+x+)+y" in note and "acknowledged nothing: they took more than 2 s" in note
        for note in card["notes"]
    )


def test_a_pattern_that_backtracks_on_a_short_url_is_refused_in_one_line(
    tmp_path: Path,
    web: LocalServer,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(acknowledgements, "PATTERN_SECONDS", 1.0)
    papers, out = write_reading_group(tmp_path, web), tmp_path / "r"
    ignore = _pattern_file(tmp_path / "known-dead.toml", "(.*.*)*z")  # never ends on any URL

    started = time.monotonic()
    assert _audit(papers, out, "--acknowledgements", str(ignore)) == cli.EXIT_USAGE

    assert time.monotonic() - started < 10
    assert capsys.readouterr().err.splitlines() == [
        f"auditor: ERROR: {ignore}: acknowledge entry 1 ((.*.*)*z): `pattern` takes more than "
        "1 s to search a short URL (it backtracks, as nested repeats like `(a+)+` do); simplify it"
    ]
    assert not out.exists()


def test_an_entry_covering_more_than_ten_dead_links_is_said_in_the_notes(
    tmp_path: Path, web: LocalServer
) -> None:
    papers, out = write_reading_group(tmp_path, web), tmp_path / "r"
    with papers.open("a", encoding="utf-8") as stream:
        for index in range(11):
            web.routes[f"/lost/{index}"] = Reply(404)
            stream.write(f"- **Lost{index}.** Code: {web.url(f'/lost/{index}')}\n")
    ignore = _pattern_file(tmp_path / "known-dead.toml", "/lost/")

    assert _audit(papers, out, "--fail-on", "dead", "--acknowledgements", str(ignore)) == (
        cli.EXIT_FINDINGS  # /gone is not acknowledged
    )

    card = json.loads((out / "scorecard.json").read_text())
    assert sum("acknowledged" in link for link in card["links"]) == 11
    assert [note for note in card["notes"] if "acknowledgement" in note] == [
        f"acknowledgement {ignore}: acknowledge entry 1 (/lost/) covers 11 dead links: "
        "check that it names only the links it is for"
    ]


def test_an_endless_acknowledgements_file_is_refused_at_its_size_cap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing, huge = tmp_path / "papers.md", tmp_path / "known-dead.toml"
    listing.write_text("# List\n\n- **Paper.** No link.\n")
    huge.write_text("# " + "x" * (1024 * 1024) + "\n")
    arguments = ["audit", str(listing), "--acknowledgements", str(huge)]

    assert cli.main(arguments, environ={}) == cli.EXIT_USAGE

    assert capsys.readouterr().err.splitlines() == [
        f"auditor: ERROR: {huge}: larger than 1 MiB: not a TOML file"
    ]
    # A device that never ends (`/dev/zero`) is not even opened: it is no regular file.
    device = ["audit", str(listing), "--acknowledgements", "/dev/zero"]
    assert cli.main(device, environ={}) == cli.EXIT_USAGE
    assert "not a regular file" in capsys.readouterr().err.strip().splitlines()[-1]


def test_a_url_entry_names_its_link_whatever_the_scheme_case_or_fragment(
    tmp_path: Path, web: LocalServer
) -> None:
    papers, out = tmp_path / "papers.md", tmp_path / "r"
    papers.write_text(f"# List\n\n- **GoneNet.** Code: {web.url('/gone')}#usage\n")
    written = web.url("/gone").replace("http://", "HTTP://") + "#top"
    ignore = _ignore_file(tmp_path / "known-dead.toml", written, LATER)

    assert _audit(papers, out, "--fail-on", "dead", "--acknowledgements", str(ignore)) == (
        cli.EXIT_OK
    )
    card = json.loads((out / "scorecard.json").read_text())
    assert [link["acknowledged"]["status"] for link in card["links"]] == ["active"]
