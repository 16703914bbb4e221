"""The per-link boundary (`auditor.containment`), through the command line against fakes on
127.0.0.1: each per-link stage made to raise in turn costs that piece only. The reports are
written, the failure is said once on stderr, in the scorecard's notes, the job summary and a
warning annotation, the history is saved, and the exit code follows the findings; only a run in
which every link hit an internal error exits 4. Then Markdown and HTML fragments (placeholders
in angle brackets, tags of every case, unclosed tables, fences) through the whole README
analysis path, with nothing to contain."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor import cli, containment, history
from auditor import deadline as run_clock
from auditor.check import checker, pages
from auditor.enrich.code_search import CodeSearch
from auditor.hosts.forges import ForgeFacts
from auditor.hosts.github import GitHubFacts
from auditor.hosts.listing import Readme, Tree, complete
from auditor.hosts.wayback import Wayback
from auditor.inputs import soup  # what Zenodo's descriptions are parsed with, imported when used
from auditor.models import RepoFacts
from auditor.pipeline import harvest
from auditor.readme import analysis as readme
from tests.support import schemas
from tests.support.audit_world import audit_arguments
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.fake_hosts import HostWorld, ZenodoRecord, host_world, zenodo_routes
from tests.support.local_servers import LocalServer, html, serve

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "scorecard.schema.json").read_text()
)
README = """# AliveNet

AliveNet is the code of our paper: the training and evaluation scripts and the settings of
every experiment in it, tested on Linux with Python 3.11.

## Installation

```
pip install -r requirements.txt
```

## Training

python train.py --data <train_dir> --out <out_dir>

## Results

<TABLE>
<TR><TH>Model</TH><TH>Accuracy</TH></TR>
<TR><TD>AliveNet</TD><TD>91.2</TD></TR>
<TR><TD>Baseline</TD><TD>88.4</TD></TR>
</TABLE>
"""
FILES = {"README.md": README, "requirements.txt": "torch==2.3.0\n", "train.py": "", "eval.py": ""}
DESCRIPTION = (
    "<h1>RecordNet</h1><h2>Installation</h2><pre>pip install recordnet</pre>"
    "<h2>Usage</h2><pre>python -m recordnet.run --input &lt;input_file&gt;</pre>"
)


@dataclass
class World:
    web: LocalServer
    github: FakeGitHub
    hosts: HostWorld
    paper_list: Path


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    page = html('<h1>PageNet</h1><a href="https://github.com/acme/harvested">code</a>')
    with (
        serve({"/project": page, "/gone": html("<h1>Gone</h1>", status=404)}) as web,
        FakeGitHub(
            [FakeRepo("acme/alive", files=FILES), FakeRepo("acme/harvested", files=FILES)]
        ) as github,
        host_world(
            {"zenodo": zenodo_routes([ZenodoRecord(4004, description=DESCRIPTION)])}
        ) as hosts,
    ):
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            "Containment (2026)\n\n"
            "We present AliveNet, a method. Code: https://github.com/acme/alive.\n\n"
            f"We present PageNet, a method. Project page: {web.url('/project')}.\n\n"
            "We present RecordNet, a method. Code: https://zenodo.org/records/4004.\n\n"
            "We present SearchNet, a method. Paper: https://arxiv.org/abs/2601.01234.\n\n"
            f"We present GoneNet, a method. Project page: {web.url('/gone')}.\n",
            encoding="utf-8",
        )
        yield World(web, github, hosts, paper_list)


@dataclass
class Run:
    code: int
    document: dict[str, Any]
    summary: str
    stdout: str
    stderr: str
    step_summary: str
    out: Path


def audit(world: World, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Run:
    out, step_summary = tmp_path / "out", tmp_path / "step-summary.md"
    code = cli.main(
        audit_arguments(
            world.paper_list, out, world.github.url, "--max-retries", "0", "--find-code"
        ),
        environ=world.hosts.environ(GITHUB_ACTIONS="true", GITHUB_STEP_SUMMARY=str(step_summary)),
    )
    seen = capsys.readouterr()
    document = json.loads((out / "scorecard.json").read_text())
    schemas.validate(document, SCHEMA)
    return Run(
        code,
        document,
        (out / "summary.md").read_text(),
        seen.out,
        seen.err,
        step_summary.read_text(),
        out,
    )


def paper(run: Run, name: str) -> dict[str, Any]:
    return next(found for found in run.document["papers"] if found["name"] == name)


def criterion(run: Run, name: str, cid: str) -> dict[str, Any]:
    return next(c for c in paper(run, name)["criteria"] if c["id"] == cid)


def link(run: Run, url: str) -> dict[str, Any]:
    return next(found for found in run.document["links"] if found["url"] == url)


def broken(*args: object, **kwargs: object) -> Any:
    raise IndexError("injected")


async def broken_async(*args: object, **kwargs: object) -> Any:
    raise IndexError("injected")


def _readme_unknown(run: Run) -> None:
    assert link(run, "https://github.com/acme/alive")["outcome"] == "ok"
    for name, cid in (("AliveNet", "D5"), ("AliveNet", "F1"), ("RecordNet", "D1")):
        assert criterion(run, name, cid)["result"] == "unknown"
        assert criterion(run, name, cid)["reason"] == "README could not be analysed"


def _page_judged_by_its_answer(run: Run) -> None:
    project = next(found for found in run.document["links"] if found["url"].endswith("/project"))
    assert project["outcome"] == "ok"
    assert "https://github.com/acme/harvested" not in {e["url"] for e in run.document["links"]}


def _description_unknown(run: Run) -> None:
    assert link(run, "https://zenodo.org/records/4004")["outcome"] == "ok"
    assert criterion(run, "RecordNet", "D1")["reason"] == "README could not be analysed"


def _record_unchecked(run: Run) -> None:
    record = link(run, "https://zenodo.org/records/4004")
    assert record["outcome"] == "unchecked"
    assert record["detail"] == "not checked: internal error (IndexError)"
    assert link(run, "https://github.com/acme/alive")["outcome"] == "ok"


def _github_unchecked(run: Run) -> None:
    assert link(run, "https://github.com/acme/alive")["outcome"] == "unchecked"
    assert link(run, "https://zenodo.org/records/4004")["outcome"] == "ok"


def _nothing_else(run: Run) -> None:
    assert link(run, "https://github.com/acme/alive")["outcome"] == "ok"


@pytest.mark.parametrize(
    ("stage", "target", "name", "replacement", "piece", "effect"),
    [
        ("readme", readme, "analyze_readme", broken, "README analysis", _readme_unknown),
        ("page", pages, "analyse_page", broken, "page analysis", _page_judged_by_its_answer),
        (
            "description",
            soup,
            "parse_html",
            broken,
            "description parsing",
            _description_unknown,
        ),
        ("archive", Wayback, "closest", broken_async, "Wayback Machine lookup", _nothing_else),
        ("search", CodeSearch, "_search", broken_async, "GitHub search lookup", _nothing_else),
        ("harvest", harvest, "_harvest", broken, "code-link harvest", _page_judged_by_its_answer),
        ("forge", ForgeFacts, "check", broken_async, "link check", _record_unchecked),
        ("github", GitHubFacts, "repos", broken_async, "link check", _github_unchecked),
    ],
)
def test_each_stage_that_raises_costs_that_piece_only(
    world: World,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stage: str,
    target: object,
    name: str,
    replacement: Callable[..., Any],
    piece: str,
    effect: Callable[[Run], None],
) -> None:
    monkeypatch.setattr(target, name, replacement)
    run = audit(world, tmp_path, capsys)

    assert run.code == cli.EXIT_FINDINGS, (stage, run.stderr)  # GoneNet's dead page, as ever
    assert link(run, world.web.url("/gone"))["outcome"] == "dead"
    effect(run)
    notes = [note for note in run.document["notes"] if containment.is_failure_note(note)]
    assert len(notes) == 1, run.document["notes"]
    assert f"{piece} failed for" in notes[0]
    assert "IndexError" in notes[0]
    assert cli.ISSUES_URL in notes[0]
    # Said on stderr with the bug-report line, once per subject (the note groups them).
    said = [line for line in run.stderr.splitlines() if f"{piece} failed for" in line]
    assert said
    assert all(cli.ISSUES_URL in line for line in said)
    assert len(said) == len(set(said))
    # The job summary and summary.md show it; a warning annotation says it.
    assert f"{piece} failed for" in run.summary
    assert f"{piece} failed for" in run.step_summary
    warnings = [line for line in run.stdout.splitlines() if line.startswith("::warning")]
    assert any("Contained internal error" in line and piece in line for line in warnings)
    # The history holds the run, finished.
    with history.History.open(run.out / "history.sqlite") as runs:
        assert [past.finished_at is not None for past in runs.runs()] == [True]


def test_a_run_without_failures_has_no_such_note(
    world: World, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The world above as it is: the `<train_dir>` line and the upper-case `<TR><TD>` table of
    its README are read, not raised on (they once ended the whole audit with exit 4)."""
    run = audit(world, tmp_path, capsys)
    assert run.code == cli.EXIT_FINDINGS
    assert not [note for note in run.document["notes"] if containment.is_failure_note(note)]
    assert "internal error" not in run.stderr
    alive = link(run, "https://github.com/acme/alive")["repo"]
    assert {"install", "train", "results"} <= set(alive["readme_covers"])
    # Its results table is read (rubric 2.0: half met, no command producing it is given).
    assert criterion(run, "AliveNet", "D5")["result"] == "partial"
    assert "https://github.com/acme/harvested" in {e["url"] for e in run.document["links"]}


def test_every_link_hitting_an_internal_error_exits_4_with_the_reports_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checker, "status_verdict", broken)
    with serve({"/a": html("<h1>A</h1>"), "/b": html("<h1>B</h1>", status=404)}) as web:
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            f"We present ANet. Project page: {web.url('/a')}.\n\n"
            f"We present BNet. Project page: {web.url('/b')}.\n",
            encoding="utf-8",
        )
        out = tmp_path / "out"
        code = cli.main(
            ["audit", str(paper_list), "--out", str(out), "--allow-private", "127.0.0.0/8",
             "--no-cache", "--dns-canary", "localhost"],
            environ={},
        )  # fmt: skip
    err = capsys.readouterr().err
    assert code == cli.EXIT_INTERNAL
    document = json.loads((out / "scorecard.json").read_text())
    assert {entry["outcome"] for entry in document["links"]} == {"unchecked"}
    assert containment.is_failure_note(document["notes"][0])
    assert "link check failed for 2" in document["notes"][0]
    assert "every link hit an internal error" in err


def test_a_github_batch_that_raises_costs_only_the_repository_it_raises_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[list[str]] = []
    original = GitHubFacts.repos

    async def fails_for_bad(self: GitHubFacts, names: list[str], **kwargs: Any) -> Any:
        asked.append(list(names))
        if "acme/bad" in names:
            raise IndexError("injected")
        return await original(self, names, **kwargs)

    monkeypatch.setattr(GitHubFacts, "repos", fails_for_bad)
    repos = [FakeRepo("acme/good", files=FILES), FakeRepo("acme/bad", files=FILES)]
    with FakeGitHub(repos) as github:
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            "We present GoodNet. Code: https://github.com/acme/good.\n\n"
            "We present BadNet. Code: https://github.com/acme/bad.\n",
            encoding="utf-8",
        )
        out = tmp_path / "out"
        code = cli.main(
            ["audit", str(paper_list), "--out", str(out), "--github-api-url", github.url,
             "--allow-private", "127.0.0.0/8", "--no-cache"],
            environ={},
        )  # fmt: skip
    capsys.readouterr()
    assert code == cli.EXIT_OK  # no finding: the failure is a note, not an exit code
    assert sorted(map(sorted, asked)) == [["acme/bad"], ["acme/bad", "acme/good"], ["acme/good"]]
    document = json.loads((out / "scorecard.json").read_text())
    outcomes = {entry["url"]: entry["outcome"] for entry in document["links"]}
    assert outcomes == {
        "https://github.com/acme/good": "ok",
        "https://github.com/acme/bad": "unchecked",
    }
    assert "link check failed for 1 (https://github.com/acme/bad)" in document["notes"][0]


def test_the_deadline_falling_while_a_page_is_parsed_is_the_deadline_outcome(
    world: World,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Class 3 of issue 22: the run's deadline passing inside a small page's (or a Zenodo
    description's) parse is no internal error: those links are unchecked for the deadline, the
    reports are written and the run exits by its findings."""

    def out_of_time(*args: object, **kwargs: object) -> Any:
        raise run_clock.OutOfTime("run time limit reached")

    monkeypatch.setattr(pages, "analyse_page", out_of_time)
    monkeypatch.setattr(soup, "parse_html", out_of_time)
    run = audit(world, tmp_path, capsys)
    assert run.code == cli.EXIT_FINDINGS  # GoneNet's 404 needs no parse
    project = next(e for e in run.document["links"] if e["url"].endswith("/project"))
    assert project["outcome"] == "unchecked"
    assert "run time limit reached" in project["detail"]
    record = link(run, "https://zenodo.org/records/4004")
    assert record["outcome"] == "unchecked"
    assert "run time limit reached" in record["detail"]
    assert "internal error" not in run.stderr
    assert not [note for note in run.document["notes"] if containment.is_failure_note(note)]


# --- fragments through the whole README analysis path -----------------------------------------

_FRAGMENTS = st.sampled_from(
    ["<train_dir>", "<true>", "<tree-file>", "<track src='a.vtt'>", "<td-file>", "<TR>", "<tr>",
     "<Tr class='x'>", "<TD>", "<td>", "<tD>", "<TH>", "<th>", "</TD>", "</td>", "</TR>",
     "</tr>", "</TABLE>", "<table>", "<TABLE border=1>", "<thead>", "<tbody>", "</t", "<t",
     "<details>", "<DETAILS open>", "</details>", "<summary>", "<SUMMARY>Training</SUMMARY>",
     "<h1>", "<H2>Results</H2>", "</h2>", "<img src='x.png'>", "<IMG SRC='r.png'>", "<br>",
     "<!--", "-->", "```", "~~~", "```bash", "    ", "# ", "## Training", "## Results", "| a |",
     "|---|---|", "| 91.2 | 88.4 |", "+---+", "Accuracy", "91.2%", "python train.py",
     "pip install x", "[x](", "https://github.com/a/b", ")", "\n", "\n\n", " ", "\t", "<", ">",
     "&lt;", "&gt;", "**Training**", "@article{", "title = {A}", "}"]
)  # fmt: skip
FRAGMENTS = st.lists(_FRAGMENTS, max_size=40).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=FRAGMENTS)
def test_fragments_run_through_the_audits_readme_analysis_with_nothing_contained(
    text: str,
) -> None:
    """The audit's own path (`hosts.listing.complete`, as every listing host calls it):
    a failure would be contained, so nothing contained is the proof nothing raised."""
    facts = RepoFacts(full_name="acme/fragment", exists=True, source="graphql")
    tree = Tree(entries=(("README.md", True), ("train.py", True)))
    with containment.collecting() as failures:
        done = complete(
            facts,
            empty=False,
            tree=tree,
            readme=Readme("README.md", len(text.encode()), text),
            manifests={},
        )
    assert failures.notes() == ()
    assert done.readme_analysed


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(text=FRAGMENTS)
def test_fragments_run_through_auditor_readme(
    text: str, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    """A failure contained there would say so on stderr: nothing is said."""
    folder = tmp_path_factory.mktemp("repo")
    (folder / "README.md").write_text(text, encoding="utf-8")
    assert cli.main(["readme", str(folder), "--format", "json"]) == cli.EXIT_OK
    assert capsys.readouterr().err == ""
