"""Extraction end to end, through the checks: a repository cited as `[url](url)` is checked as the
repository it is; the seed lists' papers are dated by their header, so a seed repository that
holds only its project website is judged a placeholder; a project page that moved with a meta
refresh is followed one hop and its code links harvested. Real servers on 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import json
import shutil
from datetime import date
from pathlib import Path

from auditor import cli
from auditor.config.settings import Settings
from auditor.extract.collect import LOST_LINK_NOTE
from auditor.models import Outcome, Tier
from auditor.pipeline import run as pipeline
from auditor.rubric import registry as rubric
from tests.support.audit_world import repositories
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.local_servers import BrokenDNS, html, serve

ROOT = Path(__file__).resolve().parents[2]


def test_a_repository_cited_as_a_markdown_link_to_itself_is_ok(tmp_path: Path) -> None:
    url = "https://github.com/acme/goodnet"
    paper_list = tmp_path / "papers.txt"
    paper_list.write_text(f"A list\n\nWe present GoodNet, a network. Code: [{url}]({url}).\n")
    out = tmp_path / "out"
    with FakeGitHub(repositories(), token="t0ken") as github:
        code = cli.main(
            [
                *("audit", str(paper_list), "--out", str(out), "--allow-private", "127.0.0.0/8"),
                *("--github-api-url", github.url, "--no-cache", "--timeout", "5"),
            ],
            environ={"GITHUB_TOKEN": "t0ken"},
        )

    document = json.loads((out / "scorecard.json").read_text())
    cited = [link for link in document["links"] if not link.get("artifact")]
    assert [(link["url"], link["outcome"]) for link in cited] == [(url, Outcome.OK)]
    assert document["papers"][0]["tier"] not in (Tier.DEAD, Tier.NO_CODE)
    assert code == cli.EXIT_OK


SEED_REPOSITORIES = [
    "wisdomjoy/qm-libbench",
    "deeplearningmethods/pisd",
    "eethanshi/sdeno",
    "pixelhero98/llapdiffusion",
    "yazhengliu/memexplainer",
    "scxue/ao-gpt-mdm",
    "xinchengsun/rfcmh",
]
WEBSITE_ONLY = "wisdomjoy/qm-libbench"


def seed_repositories() -> list[FakeRepo]:
    code = {"README.md": "# Code\n\n## Usage\n\n```\npython run.py\n```\n", "run.py": ""}
    website = {
        "README.md": "# QM-LibBench\n\nThe project page of the paper.\n",
        "index.html": "<html><title>QM-LibBench</title></html>",
        "static/css/style.css": "",
    }
    return [
        FakeRepo(name, files=website if name == WEBSITE_ONLY else code)
        for name in SEED_REPOSITORIES
    ]


def test_the_seed_lists_are_dated_by_their_header_and_a_website_only_repository_is_a_placeholder(
    tmp_path: Path,
) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    with FakeGitHub(seed_repositories()) as github:
        settings = Settings(
            cache_dir=None,
            allow_private=True,
            github_api_url=github.url,
            github_graphql_url=github.url + "/graphql",
            out_dir=tmp_path / "reports",
        )
        run = pipeline.run(
            [str(tmp_path / "examples")],
            settings,
            rubric.load_rubric(None, pyproject=None),
            today=date(2026, 11, 30),  # past the 90-day grace from July 2026
            resolver=BrokenDNS(),  # the project pages on github.io are not reached
        )
        outcome = asyncio.run(run)

    audit = outcome.audit
    assert len(audit.results) == 9
    assert {(paper.date, paper.date_source) for paper in audit.papers} == {("2026-07", "list")}
    by_url = {result.link.url: result for result in audit.results}
    assert {
        url: by_url[f"https://github.com/{url}"].check.outcome for url in SEED_REPOSITORIES
    } == {url: Outcome.OK for url in SEED_REPOSITORIES}
    paper = next(p for p in audit.papers if p.links == (f"https://github.com/{WEBSITE_ONLY}",))
    assert audit.scores[paper.id].tier is Tier.PLACEHOLDER
    others = [p for p in audit.papers if p.links and p.links[0].startswith("https://github.com/")]
    assert all(audit.scores[p.id].tier is not Tier.UNKNOWN for p in others)


def test_the_scorecard_says_when_arxiv_lost_a_papers_link(tmp_path: Path) -> None:
    paper_list = tmp_path / "papers.txt"
    paper_list.write_text("A list\n\nWe present LostNet, a model. Code: this https URL.\n")
    out = tmp_path / "out"

    code = cli.main(["audit", str(paper_list), "--out", str(out), "--no-cache"], environ={})

    assert code == cli.EXIT_OK
    paper = json.loads((out / "scorecard.json").read_text())["papers"][0]
    assert paper["tier"] == Tier.NO_CODE
    assert paper["notes"] == [LOST_LINK_NOTE]
    assert "link was lost by arXiv" in (out / "summary.md").read_text()
    assert "link was lost by arXiv" in (out / "index.html").read_text()


def test_a_project_page_that_moved_by_meta_refresh_is_followed_one_hop(tmp_path: Path) -> None:
    routes = {
        "/old": html(
            "<html><head><meta http-equiv='Refresh' content=\"0; URL='/new'\">"
            "<title>Moved</title></head><body>This page moved.</body></html>"
        ),
        "/new": html(
            "<html><head><meta http-equiv='refresh' content='0; url=/newer'>"
            "<title>Hidden Project</title></head><body>"
            "<a href='https://github.com/acme/hidden'>Code</a></body></html>"
        ),
        "/newer": html("<a href='https://github.com/acme/goodnet'>not followed</a>"),
    }
    with serve(routes) as web, FakeGitHub(repositories(), token="t0ken") as github:
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            f"A list\n\nWe introduce HiddenNet. Project page: {web.url('/old')}.\n"
        )
        out = tmp_path / "out"
        code = cli.main(
            [
                *("audit", str(paper_list), "--out", str(out), "--allow-private", "127.0.0.0/8"),
                *("--github-api-url", github.url, "--no-cache", "--timeout", "5"),
            ],
            environ={"GITHUB_TOKEN": "t0ken"},
        )
        asked = [request.path for request in web.requests]

    document = json.loads((out / "scorecard.json").read_text())
    links = {link["url"]: link for link in document["links"]}
    assert links[web.url("/new")]["found_via"] == web.url("/old")
    assert links[web.url("/new")]["outcome"] == Outcome.OK
    hidden = links["https://github.com/acme/hidden"]
    assert hidden["found_via"] == web.url("/new")
    assert hidden["outcome"] == Outcome.OK
    assert "/newer" not in asked  # one hop only
    paper = document["papers"][0]
    assert paper["scored_on"] == "https://github.com/acme/hidden"
    assert "https://github.com/acme/hidden" in paper["links"]
    assert code == cli.EXIT_OK
