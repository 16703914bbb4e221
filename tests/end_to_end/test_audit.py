"""`auditor audit` end to end: a paper list whose links point at real servers on 127.0.0.1 and a
fake GitHub API, through the command line, to the three reports."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from auditor import cli, scorecard
from auditor.config.settings import Settings
from auditor.hosts.github import GitHubFacts
from auditor.models import Outcome
from auditor.pipeline import run as pipeline
from auditor.rubric import registry as rubric
from tests.support import schemas
from tests.support.audit_world import audit_arguments, repositories
from tests.support.fake_github import FakeGitHub, FakeRepo, head_oid
from tests.support.github_world import settings_for
from tests.support.local_servers import BrokenDNS, LocalServer, html, plain_fetcher, redirect, serve

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "scorecard.schema.json").read_text()
)


@dataclass
class World:
    web: LocalServer
    github: FakeGitHub
    paper_list: Path


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    routes = {
        "/project": html(
            "<html><head><title>Hidden Project</title></head><body>"
            "<a href='https://github.com/acme/hidden'>Code</a>"
            "<footer>Website template borrowed from "
            "<a href='https://github.com/nerfies/nerfies.github.io'>Nerfies</a></footer>"
            "</body></html>"
        ),
        "/gone": html("<h1>Not Found</h1>", status=404),
        "/old-page": redirect("/new-page", status=301),
        "/new-page": html("<title>New</title>"),
    }
    with serve(routes) as web, FakeGitHub(repositories(), token="t0ken-e2e") as github:
        base = web.url("")
        text = "\n\n".join(
            [
                "An example list",
                "We present GoodNet, a network. Code is available at https://github.com/acme/goodnet.",
                f"We introduce HiddenNet, a method. Project page: {base}/project.",
                "We propose SoonNet, a model. Code: https://github.com/acme/soon.",
                f"We present GoneNet, a baseline. See {base}/gone and {base}/old-page.",
                "We present MissingNet. Code: https://github.com/acme/missing.",
                "We present RenamedNet. Code: \\url{https://github.com/acme/renamed}.",
                "We present NoCodeNet, a theory paper without code.",
            ]
        )
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(text + "\n", encoding="utf-8")
        yield World(web, github, paper_list)


def audit(world: World, out: Path, *extra: str, token: str | None = "t0ken-e2e") -> int:
    environ = {"GITHUB_TOKEN": token} if token else {}
    return cli.main(
        audit_arguments(world.paper_list, out, world.github.url, *extra),
        environ=environ,
    )


def by_url(document: dict[str, object]) -> dict[str, dict[str, object]]:
    links = document["links"]
    assert isinstance(links, list)
    return {link["url"]: link for link in links}


def test_audit_writes_three_reports_with_every_outcome(world: World, tmp_path: Path) -> None:
    out = tmp_path / "reports"
    code = audit(world, out)

    assert code == cli.EXIT_FINDINGS  # dead links, and --fail-on defaults to dead
    text = (out / "scorecard.json").read_text()
    document = json.loads(text)
    schemas.validate(document, SCHEMA)
    assert scorecard.dumps(scorecard.load_scorecard(out / "scorecard.json")) == text
    assert (out / "summary.md").read_text().strip()
    assert "<html" in (out / "index.html").read_text().lower()
    links = by_url(document)
    base = world.web.url("")
    assert links["https://github.com/acme/goodnet"]["outcome"] == Outcome.OK
    assert links["https://github.com/acme/missing"]["outcome"] == Outcome.DEAD
    renamed = links["https://github.com/acme/renamed"]
    assert renamed["outcome"] == Outcome.MOVED
    assert renamed["final_url"] == "https://github.com/newowner/renamed"
    assert links[f"{base}/gone"]["outcome"] == Outcome.DEAD
    assert links[f"{base}/old-page"]["outcome"] == Outcome.MOVED
    assert links[f"{base}/project"]["page_title"] == "Hidden Project"
    hidden = links["https://github.com/acme/hidden"]
    assert hidden["found_via"] == f"{base}/project"
    assert hidden["outcome"] == Outcome.OK
    assert not any("nerfies" in url for url in links), "a template credit was harvested"
    goodnet = links["https://github.com/acme/goodnet"]["repo"]
    assert goodnet["license_spdx"] == "MIT"
    assert goodnet["source"] == "graphql"

    papers = {paper["name"]: paper for paper in document["papers"]}
    assert "https://github.com/acme/hidden" in papers["HiddenNet"]["links"]
    assert papers["HiddenNet"]["scored_on"] == "https://github.com/acme/hidden"
    assert papers["SoonNet"]["tier"] == "placeholder"
    assert papers["MissingNet"]["tier"] == "dead"
    assert papers["NoCodeNet"]["tier"] == "no-code"
    assert papers["GoodNet"]["tier"] in ("silver", "gold")
    assert papers["GoodNet"]["score"] > papers["HiddenNet"]["score"]


def test_rest_and_graphql_runs_give_the_same_repository_facts(world: World, tmp_path: Path) -> None:
    audit(world, tmp_path / "graphql")
    audit(world, tmp_path / "rest", token=None)

    def facts(folder: str) -> dict[str, object]:
        document = json.loads((tmp_path / folder / "scorecard.json").read_text())
        return {
            url: {key: value for key, value in link["repo"].items() if key != "source"}
            for url, link in by_url(document).items()
            if "repo" in link
        }

    graphql, rest = facts("graphql"), facts("rest")
    assert graphql == rest
    assert len(graphql) == 5  # the missing repository too, with exists=false


def test_fail_on_never_and_placeholder(world: World, tmp_path: Path) -> None:
    assert audit(world, tmp_path / "a", "--fail-on", "never") == cli.EXIT_OK
    assert audit(world, tmp_path / "b", "--fail-on", "placeholder") == cli.EXIT_FINDINGS


def test_render_rebuilds_the_reports_from_json_alone(world: World, tmp_path: Path) -> None:
    audit(world, tmp_path / "first")
    world.web.stop()  # no network is needed to render
    code = cli.main(
        ["render", str(tmp_path / "first" / "scorecard.json"), "--out", str(tmp_path / "again")]
    )
    assert code == cli.EXIT_OK
    assert (tmp_path / "again" / "index.html").read_text() == (
        tmp_path / "first" / "index.html"
    ).read_text()


def test_an_offline_machine_reports_unchecked_never_dead() -> None:
    examples = sorted(str(path) for path in (Path(__file__).parents[2] / "examples").glob("*.txt"))
    run = pipeline.run(
        examples,
        Settings(cache_dir=None),
        rubric.load_rubric(None, pyproject=None),
        resolver=BrokenDNS(),
    )
    outcome = asyncio.run(run)
    checks = [result.check for result in outcome.audit.results]
    assert len(checks) == 9
    assert {check.outcome for check in checks} == {Outcome.UNCHECKED}
    tiers = {score_.tier for score_ in outcome.audit.scores.values()}
    assert "dead" not in tiers


SITE_PAGES = [
    "https://github.com/security/advisories",
    "https://github.com/features/copilot",
    "https://github.com/sponsors/acme",
    "https://github.com/topics/nlp",
    "https://github.com/orgs/acme/people",
    "https://github.com/marketplace/actions/x",
    "https://github.com/acme",
    "https://huggingface.co/docs/transformers/index",
    "https://huggingface.co/papers/2403.01234",
    "https://huggingface.co/acme",
    "https://huggingface.co/spaces",
]


def test_site_pages_on_a_project_page_are_never_checked_as_repositories(tmp_path: Path) -> None:
    anchors = "".join(f"<a href='{url}'>{url}</a>" for url in SITE_PAGES)
    page = f"<title>Net</title><p>{anchors}<a href='https://github.com/acme/goodnet'>Code</a></p>"
    with (
        serve({"/project": html(page)}) as web,
        FakeGitHub(repositories()) as github,
    ):
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            "A list\n\nWe present GoodNet. Project page: "
            f"{web.url('/project')}; security policy: https://github.com/security/policy.\n"
        )
        world = World(web, github, paper_list)
        code = audit(world, tmp_path / "out", token=None)
        asked = {request.path.split("?")[0] for request in github.requests}

    document = json.loads((tmp_path / "out" / "scorecard.json").read_text())
    links = by_url(document)
    # Harvested from the page: not the weights its README gives (`artifact`, found via it).
    harvested = [
        url for url, link in links.items() if link.get("found_via") and not link.get("artifact")
    ]
    assert harvested == ["https://github.com/acme/goodnet"]
    assert not any(link["outcome"] == Outcome.DEAD for link in links.values())
    assert links["https://github.com/security/policy"]["outcome"] == Outcome.UNSUPPORTED
    assert asked
    assert all(path.startswith(("/repos/acme/goodnet", "/raw/acme/goodnet/")) for path in asked)
    assert code == cli.EXIT_OK
    assert document["papers"][0]["tier"] in ("silver", "gold")


def test_the_graphql_points_spent_are_said_on_stderr_and_in_the_scorecard(
    world: World, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    audit(world, tmp_path / "with-token")
    spent = world.github.graphql_points
    assert spent >= 1
    document = json.loads((tmp_path / "with-token" / "scorecard.json").read_text())
    assert document["graphql_points"] == spent
    assert f"auditor: GitHub GraphQL points spent: {spent}\n" in capsys.readouterr().err

    audit(world, tmp_path / "quiet", "--quiet")
    assert "GraphQL" not in capsys.readouterr().err

    audit(world, tmp_path / "tokenless", token=None)  # REST only: no GraphQL, no field
    document = json.loads((tmp_path / "tokenless" / "scorecard.json").read_text())
    assert "graphql_points" not in document
    assert "GraphQL points" not in capsys.readouterr().err


def test_the_audit_batches_repositories_as_github_answers_allow(tmp_path: Path) -> None:
    # GitHub times out above 15 aliases: after the first halving, the audit's own batches
    # follow the adapter's measured size, query for query as the adapter alone would ask.
    names = [f"ml-lab/r{i}" for i in range(70)]

    def fake() -> FakeGitHub:
        repos = [FakeRepo(name, files={"README.md": "# r\n"}) for name in names]
        return FakeGitHub(repos, token="t0ken-e2e", graphql_max_aliases=15)

    with fake() as alone:
        asyncio.run(_facts_alone(settings_for(alone, token="t0ken-e2e"), names))
        expected = _sizes(alone)
    with serve({}) as web, fake() as github:
        lines = ["A list", *(f"We present Net{i}. Code: https://github.com/{n}." for i, n in
                             enumerate(names))]  # fmt: skip
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
        world = World(web, github, paper_list)
        audit(world, tmp_path / "out", "--fail-on", "never")
        assert _sizes(github) == expected
    assert expected[:3] == [30, 15, 15]
    assert max(expected[3:]) < 30


async def _facts_alone(settings: Settings, names: list[str]) -> None:
    async with plain_fetcher() as fetcher:
        await GitHubFacts(fetcher, settings).repos(names)


def _sizes(fake: FakeGitHub) -> list[int]:
    sent = [json.loads(r.body) for r in fake.requests if r.path == "/graphql"]
    return [len([k for k in q["variables"] if k.startswith("o")]) for q in sent]


def _without_reviews_and_stamps(text: str) -> object:
    """A scorecard's JSON with every `review` object and the run's own timestamps left out."""
    document = json.loads(re.sub(r'"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"', '"T"', text))
    for entry in (*document["papers"], *document["links"]):
        entry.pop("review", None)
    return document


def test_reviews_are_shown_beside_the_measured_verdicts_and_change_nothing_measured(
    world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the command line: the commit judged is recorded and named by the evidence; the
    reviews file of the current folder puts each review beside its verdict in scorecard.json,
    index.html, summary.md, the job summary and the CSV files, flagged where it now differs;
    the exit code and everything measured stay as they were without it."""
    monkeypatch.chdir(tmp_path)
    plain = tmp_path / "plain"
    code = audit(world, plain)
    measured = json.loads((plain / "scorecard.json").read_text())
    papers = {paper["name"]: paper for paper in measured["papers"]}
    goodnet = by_url(measured)["https://github.com/acme/goodnet"]["repo"]
    head = head_oid(next(r for r in repositories() if r.full_name == "acme/goodnet"))
    assert goodnet["commit"] == head
    evidence = [url for c in papers["GoodNet"]["criteria"] for url in c["evidence"]]
    files = [url for url in evidence if "/blob/" in url]
    assert files
    assert all(f"/acme/goodnet/blob/{head}/" in url for url in files)

    (tmp_path / ".paper-auditor-reviews").write_text(
        f"""[[review]]
paper = "{papers["GoodNet"]["key"]}"
verdict = "{papers["GoodNet"]["tier"]}"
reason = "tier checked by hand"
reviewer = "A. Chair"
date = 2026-11-20

[[review]]
paper = "{papers["SoonNet"]["key"]}"
verdict = "bronze"
reason = "the authors sent the <weights> link"
reviewer = "B. Chair"
date = 2026-11-21

[[review]]
url = "https://github.com/acme/missing"
verdict = "ok"
reason = "restored by the authors"
reviewer = "A. Chair"
date = 2026-11-22
""",
        encoding="utf-8",
    )
    reviewed = tmp_path / "reviewed"
    step_summary = tmp_path / "step-summary.md"
    environ = {
        "GITHUB_TOKEN": "t0ken-e2e",
        "GITHUB_ACTIONS": "true",
        "GITHUB_STEP_SUMMARY": str(step_summary),
    }
    arguments = audit_arguments(world.paper_list, reviewed, world.github.url)
    assert cli.main(arguments, environ=environ) == code  # reviews change no exit code

    text = (reviewed / "scorecard.json").read_text()
    document = json.loads(text)
    schemas.validate(document, SCHEMA)
    assert _without_reviews_and_stamps(text) == _without_reviews_and_stamps(
        (plain / "scorecard.json").read_text()
    )
    shown = {paper["name"]: paper for paper in document["papers"]}
    assert shown["GoodNet"]["review"] == {
        "verdict": papers["GoodNet"]["tier"],
        "reason": "tier checked by hand",
        "reviewer": "A. Chair",
        "date": "2026-11-20",
        "differs": False,
    }
    assert shown["SoonNet"]["tier"] == "placeholder"
    assert shown["SoonNet"]["review"]["differs"] is True
    assert by_url(document)["https://github.com/acme/missing"]["review"]["differs"] is True
    assert "review" not in shown["HiddenNet"]

    flagged = "reviewed as bronze, measured placeholder — the authors sent the"
    page = (reviewed / "index.html").read_text()
    assert f"{flagged} &lt;weights&gt; link (B. Chair, 2026-11-21)" in page
    assert "reviewed as ok, measured dead — restored by the authors (A. Chair, 2026-11-22)" in page
    summary = (reviewed / "summary.md").read_text()
    assert f"**look again** **SoonNet** — {flagged} \\<weights\\> link" in summary
    assert summary in step_summary.read_text()
    papers_csv = (reviewed / "papers.csv").read_text()
    assert ",bronze,the authors sent the <weights> link,B. Chair,2026-11-21,true" in papers_csv
    assert (
        ",ok,restored by the authors,A. Chair,2026-11-22,true"
        in (reviewed / "links.csv").read_text()
    )
