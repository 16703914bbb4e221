"""Issue 16 end to end through the command line: archives and code hosts beyond GitHub, each
API a fake on 127.0.0.1 answering as its documentation says (`tests.support.fake_hosts`), the
roots pointed at them by the environment variables users set.

A Zenodo-only paper earns bronze or better from its record; a DOI resolves through doi.org's
API to a Zenodo record; a SWHID is archived code; Bitbucket, Codeberg and Gitee repositories
are judged like GitHub's; a dead GitHub repository shows its Software Heritage copy and a dead
project page its Wayback copy; with the archives down, or not asked, every tier is the same."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from auditor import cli, scorecard
from auditor import deadline as run_clock
from auditor.enrich import budgets
from auditor.facts import repofiles
from auditor.inputs import soup
from tests.support import schemas
from tests.support.audit_world import audit_arguments
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.fake_hosts import (
    DOWN,
    Archived,
    HostWorld,
    ZenodoRecord,
    bitbucket_routes,
    doi_routes,
    forgejo_routes,
    gitee_routes,
    gitlab_routes,
    host_world,
    huggingface_routes,
    osf_routes,
    reply,
    swh_routes,
    wayback_routes,
    zenodo_routes,
)
from tests.support.fake_paper_pages import PaperPage, paper_page_routes
from tests.support.local_servers import Exchange, LocalServer, Reply, html, serve

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "scorecard.schema.json").read_text()
)
TOKEN = "t0ken-hosts"
MIT_TEXT = "MIT License\n\nPermission is hereby granted, free of charge, to any person…\n"
README = """# {name}

{name} is the reference implementation of our paper. This repository holds the training and
evaluation code and the configuration of every experiment; it was tested with Python 3.11 on
Linux, and a single GPU reproduces the main table. The data loader downloads the public
benchmark on first use, so no manual step is needed before training starts. Questions are
welcome as issues; pull requests too.

## Installation
```
pip install -r requirements.txt
```

## Training
```
python train.py --config configs/base.yaml
```

## Evaluation
```
python eval.py --checkpoint best.pt
```

## Results
| model | accuracy |
| --- | --- |
| {name} | 91.2 |

## Citation
```bibtex
@inproceedings{{x2026, title={{{name}}}}}
```
"""
REPO_FILES = {
    "requirements.txt": "torch==2.3.0\n",
    "train.py": "print('train')\n",
    "eval.py": "print('eval')\n",
    "LICENSE": MIT_TEXT,
}
SWH_DIRECTORY = "d198bc9d7a6bcf6db04f476d29314f157507d505"
DEADNET_DIRECTORY = "a" * 40


def files(name: str) -> dict[str, str]:
    return {"README.md": README.format(name=name), **REPO_FILES}


def routes(page: str) -> dict[str, dict[str, Any]]:
    return {
        "zenodo": zenodo_routes(
            [
                ZenodoRecord(
                    1001,
                    files={
                        "zenodonet-v1.0.zip": "PK…",
                        "README.md": README.format(name="ZenodoNet"),
                    },
                    supplements="https://github.com/acme/zenodonet",
                ),
                ZenodoRecord(
                    2002,
                    files={"doinet-v2.zip": "PK…"},
                    license="apache-2.0",
                    description="<h1>DoiNet</h1>"
                    + README.format(name="DoiNet").replace("\n", "<br>\n"),
                ),
                ZenodoRecord(3003, resource_type="dataset", files={"data.csv": "a,b\n"}),
            ]
        ),
        "doi": doi_routes({"10.1234/doinet.code": "https://zenodo.org/records/2002"}),
        "swh": swh_routes(
            [
                Archived(SWH_DIRECTORY, files("SwhNet")),
                Archived(
                    DEADNET_DIRECTORY,
                    files("DeadNet"),
                    origin="https://github.com/acme/deadnet",
                ),
            ]
        ),
        "wayback": wayback_routes({page: "20260310120000"}),
        "bitbucket": bitbucket_routes("acme/bitnet", files("BitNet")),
        "codeberg": forgejo_routes("acme/bergnet", files("BergNet"), site="https://codeberg.org"),
        "gitee": gitee_routes("acme/giteenet", files("GiteeNet")),
        "osf": osf_routes("ab3cd", category="project", files=["survey.csv"]),
        "huggingface": huggingface_routes(
            "acme/zenodonet-weights", "# ZenodoNet weights\n\n## Usage\n\n```python\nload()\n```\n"
        ),
    }


@dataclass
class World:
    hosts: HostWorld
    web: LocalServer
    github: FakeGitHub
    paper_list: Path


def paper_list(path: Path, web: LocalServer) -> Path:
    page = web.url("/deadnet")
    text = "\n\n".join(
        [
            "Archives and other hosts (2026)",
            "We present ZenodoNet, a network. Code: https://zenodo.org/records/1001 and weights "
            "at https://huggingface.co/acme/zenodonet-weights.",
            "We present DoiNet, a method. Code and data: https://doi.org/10.1234/doinet.code "
            "and https://doi.org/10.5281/zenodo.3003.",
            f"We present SwhNet. Our code is archived as swh:1:dir:{SWH_DIRECTORY}.",
            "We present BitNet. Code: https://bitbucket.org/acme/bitnet.",
            "We present BergNet. Code: https://codeberg.org/acme/bergnet.",
            "We present GiteeNet. Code: https://gitee.com/acme/giteenet.",
            f"We present DeadNet. Code: https://github.com/acme/deadnet. Project page: {page}.",
            "We present OsfNet, a survey. Materials: https://osf.io/ab3cd.",
        ]
    )
    path.write_text(text + "\n", encoding="utf-8")
    return path


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    with (
        serve({"/deadnet": html("<h1>Not Found</h1>", status=404)}) as web,
        FakeGitHub([FakeRepo("acme/alive", files=files("Alive"))], token=TOKEN) as github,
        host_world(routes(web.url("/deadnet"))) as hosts,
    ):
        yield World(hosts, web, github, paper_list(tmp_path / "papers.txt", web))


def audit(
    world: World, out: Path, *extra: str, codes: tuple[int, ...] = (cli.EXIT_OK, cli.EXIT_FINDINGS)
) -> dict[str, Any]:
    code = cli.main(
        audit_arguments(world.paper_list, out, world.github.url, "--max-retries", "0", *extra),
        environ=world.hosts.environ(GITHUB_TOKEN=TOKEN),
    )
    assert code in codes
    text = (out / "scorecard.json").read_text()
    document: dict[str, Any] = json.loads(text)
    schemas.validate(document, SCHEMA)
    assert scorecard.dumps(scorecard.load_scorecard(out / "scorecard.json")) == text
    return document


def papers(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {paper["name"]: paper for paper in document["papers"]}


def links(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {link["url"]: link for link in document["links"]}


def criterion(paper: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in paper["criteria"] if c["id"] == cid)


ABOVE_LISTED = ("bronze", "silver", "gold")


def test_every_host_and_archive_through_the_command_line(world: World, tmp_path: Path) -> None:
    document = audit(world, tmp_path / "out")
    found, by_url = papers(document), links(document)

    # Zenodo only: the record earns bronze or better; a DOI and a permanent home.
    zenodo = found["ZenodoNet"]
    assert zenodo["tier"] in ABOVE_LISTED, zenodo["criteria"]
    assert zenodo["scored_on"] == "https://zenodo.org/records/1001"
    assert criterion(zenodo, "B3")["result"] == "pass"
    assert criterion(zenodo, "F3")["result"] == "pass"
    assert "10.5281/zenodo.1001" in criterion(zenodo, "F3")["reason"]
    record = by_url["https://zenodo.org/records/1001"]
    assert record["kind"] == "zenodo"
    assert record["repo"]["record_type"] == "software"
    assert record["repo"]["license_spdx"] == "MIT"
    # The repository the record supplements is evidence, never a cited link.
    assert record["repo"]["supplements"] == ["https://github.com/acme/zenodonet"]
    assert "https://github.com/acme/zenodonet" not in by_url
    # The Hugging Face model: weights for D4, its card read.
    weights = by_url["https://huggingface.co/acme/zenodonet-weights"]
    assert weights["repo"]["readme_covers"] == ["usage"]
    assert criterion(zenodo, "D4")["result"] == "pass"

    # A DOI → doi.org's API → a Zenodo record, judged as that record.
    doi = by_url["https://doi.org/10.1234/doinet.code"]
    assert doi["kind"] == "doi"
    assert doi["final_url"] == "https://zenodo.org/records/2002"
    assert doi["repo"]["source"] == "zenodo"
    assert found["DoiNet"]["scored_on"] == "https://zenodo.org/records/2002"
    assert found["DoiNet"]["tier"] in ABOVE_LISTED, found["DoiNet"]["criteria"]
    # The reports show the facts of where the DOI led (its record's licence).
    doinet = next(
        line
        for line in (tmp_path / "out" / "summary.md").read_text().splitlines()
        if line.startswith("| DoiNet")
    )
    assert "Apache-2.0" in doinet
    # The Zenodo dataset record is data: live, it documents the data (E3).
    assert by_url["https://doi.org/10.5281/zenodo.3003"]["repo"]["record_type"] == "dataset"
    assert criterion(found["DoiNet"], "E3")["result"] == "pass"

    # A SWHID: archived code, listed directory, README read.
    swh = by_url[f"https://archive.softwareheritage.org/swh:1:dir:{SWH_DIRECTORY}"]
    assert swh["kind"] == "software-heritage"
    assert swh["repo"]["persistent_id"] == f"swh:1:dir:{SWH_DIRECTORY}"
    assert "train.py" in swh["repo"]["root_files"]
    assert found["SwhNet"]["tier"] in ABOVE_LISTED, found["SwhNet"]["criteria"]

    # Bitbucket, Codeberg and Gitee: the same facts as GitHub's, and a release.
    for name, url, source in [
        ("BitNet", "https://bitbucket.org/acme/bitnet", "bitbucket"),
        ("BergNet", "https://codeberg.org/acme/bergnet", "codeberg"),
        ("GiteeNet", "https://gitee.com/acme/giteenet", "gitee"),
    ]:
        link = by_url[url]
        assert link["outcome"] == "ok", link
        assert link["repo"]["source"] == source
        assert link["repo"]["latest_release"] is not None
        assert link["repo"]["deps_pinned"] is True
        assert found[name]["tier"] in ("silver", "gold"), (name, found[name]["criteria"])
    assert by_url["https://codeberg.org/acme/bergnet"]["repo"]["license_spdx"] == "MIT"
    assert by_url["https://gitee.com/acme/giteenet"]["repo"]["license_spdx"] == "Apache-2.0"

    # A dead GitHub repository: dead, and its Software Heritage copy shown.
    dead = by_url["https://github.com/acme/deadnet"]
    assert dead["outcome"] == "dead"
    copy = dead["archived_copy"]
    assert copy["archive"] == "software-heritage"
    assert copy["saved_at"] == "2026-03-01T12:00:00Z"
    assert "origin_url=https://github.com/acme/deadnet" in copy["url"]
    assert found["DeadNet"]["tier"] == "dead"
    page = by_url[world.web.url("/deadnet")]
    assert page["archived_copy"]["archive"] == "wayback"
    assert page["archived_copy"]["saved_at"] == "2026-03-10T12:00:00Z"
    summary = (tmp_path / "out" / "summary.md").read_text()
    assert "archived copy:" in summary
    assert "(saved 2026-03-01)" in summary
    report = (tmp_path / "out" / "index.html").read_text()
    assert "archived copy" in report

    # OSF: a project page judged through its API (not code: a project, not software).
    osf = by_url["https://osf.io/ab3cd"]
    assert osf["repo"]["root_files"] == ["survey.csv"]
    assert found["OsfNet"]["tier"] == "no-code"
    assert document["notes"] == []


def tiers(document: dict[str, Any]) -> dict[str, str]:
    return {paper["name"]: paper["tier"] for paper in document["papers"]}


def test_archives_down_or_not_asked_leave_every_tier_as_it_was(
    world: World, tmp_path: Path
) -> None:
    rescued = audit(world, tmp_path / "rescued")
    unasked = audit(world, tmp_path / "unasked", "--no-rescue")
    world.hosts.servers["swh"].routes[
        "/api/1/origin/https://github.com/acme/deadnet/visit/latest/"
    ] = DOWN
    world.hosts.servers["wayback"].routes["/wayback/available"] = DOWN
    down = audit(world, tmp_path / "down")

    assert tiers(rescued) == tiers(unasked) == tiers(down)
    assert [p["score"] for p in rescued["papers"]] == [p["score"] for p in down["papers"]]
    assert not any("archived_copy" in link for link in unasked["links"])
    assert not any("archived_copy" in link for link in down["links"])
    # Said once per archive, in the scorecard and the reports.
    assert len(down["notes"]) == 2
    assert any(note.startswith("Software Heritage: ") for note in down["notes"])
    assert any(note.startswith("Wayback Machine: ") for note in down["notes"])
    assert all("verdicts unchanged" in note for note in down["notes"])
    assert down["notes"][0] in (tmp_path / "down" / "summary.md").read_text()


def test_preservation_and_save_code_now(world: World, tmp_path: Path) -> None:
    swh = world.hosts.servers["swh"]
    saves = ["https://codeberg.org/acme/bergnet", "https://bitbucket.org/acme/bitnet"]
    swh.routes.update(swh_routes([], saves=saves))
    document = audit(world, tmp_path / "out", "--request-archival")
    by_url = links(document)

    assert by_url["https://codeberg.org/acme/bergnet"]["preservation"] == "archival-requested"
    assert by_url["https://gitee.com/acme/giteenet"]["preservation"] == "not-yet-preserved"
    assert "POST" in swh.seen("/api/1/origin/save/git/url/https://codeberg.org/acme/bergnet/")
    assert "not yet preserved" in (tmp_path / "out" / "summary.md").read_text()


def test_find_code_lists_code_found_not_cited(world: World, tmp_path: Path) -> None:
    world.paper_list.write_text(
        "A list\n\nWe present ArxivOnly, a method. Paper: https://arxiv.org/abs/2601.01234.\n"
    )
    # docs.github.com/rest/search/search#search-repositories: total_count, incomplete_results,
    # items[] (full_name, html_url, …), with the search API's own rate-limit headers.
    world.github.script(
        "/search/repositories",
        200,
        {
            "total_count": 1,
            "incomplete_results": False,
            "items": [{"full_name": "acme/alive", "html_url": "https://github.com/acme/alive"}],
        },
        {
            "X-RateLimit-Limit": "30",
            "X-RateLimit-Remaining": "29",
            "X-RateLimit-Resource": "search",
        },
    )
    # arxiv.org itself does not resolve here: nothing else is checked (exit 3).
    document = audit(world, tmp_path / "out", "--find-code", codes=(cli.EXIT_NOTHING_CHECKED,))

    paper = document["papers"][0]
    assert paper["found_code"] == ["https://github.com/acme/alive"]
    assert paper["tier"] == "no-code"  # evidence for the reader, never the paper's code
    asked = [r for r in world.github.requests if r.path.startswith("/search/repositories")]
    assert "2601.01234" in asked[0].path
    assert "in%3Areadme" in asked[0].path
    assert asked[0].headers.get("Authorization") == f"Bearer {TOKEN}"
    assert "code found, not cited" in (tmp_path / "out" / "summary.md").read_text()


def test_find_code_asks_the_paper_pages_first_then_github_search(
    world: World, tmp_path: Path
) -> None:
    world.paper_list.write_text(
        "A list\n\n"
        "We present PagedNet, a method. Paper: https://arxiv.org/abs/2601.04321.\n\n"
        "We present SearchedNet, a method. Paper: https://arxiv.org/abs/2601.05555.\n"
    )
    # PagedNet's Hugging Face page links its repository (and a project page, no code host);
    # SearchedNet is not indexed there (404): GitHub's search is asked for it alone.
    world.hosts.servers["huggingface"].routes.update(
        paper_page_routes(
            (
                PaperPage(
                    "2601.04321",
                    "PagedNet",
                    github_repo="https://github.com/acme/alive",
                    project_page="https://acme.example/pagednet",
                ),
            )
        )
    )
    world.github.script(
        "/search/repositories",
        200,
        {
            "total_count": 1,
            "incomplete_results": False,
            "items": [{"full_name": "acme/found", "html_url": "https://github.com/acme/found"}],
        },
        {"X-RateLimit-Limit": "30", "X-RateLimit-Remaining": "29"},
    )
    out = tmp_path / "out"
    code = cli.main(
        audit_arguments(
            world.paper_list, out, world.github.url, "--max-retries", "0", "--find-code"
        ),
        environ=world.hosts.environ(GITHUB_TOKEN=TOKEN, HF_TOKEN="hf-s3cret"),
    )
    assert code == cli.EXIT_NOTHING_CHECKED  # arxiv.org does not resolve here
    text = (out / "scorecard.json").read_text()
    document = json.loads(text)
    schemas.validate(document, SCHEMA)
    assert scorecard.dumps(scorecard.load_scorecard(out / "scorecard.json")) == text

    paged, searched = papers(document)["PagedNet"], papers(document)["SearchedNet"]
    assert paged["found_code"] == ["https://github.com/acme/alive"]
    assert paged["found_code_via"] == [
        {
            "url": "https://github.com/acme/alive",
            "via": "huggingface-paper-page",
            "page": "https://huggingface.co/papers/2601.04321",
        }
    ]
    assert searched["found_code_via"] == [
        {"url": "https://github.com/acme/found", "via": "github-search", "page": None}
    ]
    # Evidence for the reader, never the papers' code.
    assert (paged["tier"], searched["tier"]) == ("no-code", "no-code")
    assert all("acme/alive" not in link["url"] for link in document["links"])
    hub = world.hosts.servers["huggingface"].requests
    assert [seen.path for seen in hub] == ["/api/papers/2601.04321", "/api/papers/2601.05555"]
    # Each token to its own API only.
    assert {seen.headers.get("authorization") for seen in hub} == {"Bearer hf-s3cret"}
    searches = [r for r in world.github.requests if r.path.startswith("/search/repositories")]
    (search,) = searches
    assert "2601.05555" in search.path
    assert all("hf-s3cret" not in str(r.headers) for r in world.github.requests)
    summary = (out / "summary.md").read_text()
    assert "linked on the paper's Hugging Face page" in summary
    assert "its README names the paper's arXiv id (GitHub search)" in summary
    assert "hf-s3cret" not in summary + text


# --- every host held to GitHub's rules (issue 22: classes 4, 5, 9, 16) ---------------------------


def audit_hosts(
    hosts: HostWorld,
    paper_list: Path,
    out: Path,
    *,
    code: int = cli.EXIT_OK,
    **environ: str,
) -> dict[str, Any]:
    """An audit of `paper_list` against `hosts` alone (no GitHub), its reports validated."""
    exit_code = cli.main(
        ["audit", str(paper_list), "--out", str(out), "--allow-private", "127.0.0.0/8",
         "--no-cache", "--timeout", "5", "--max-retries", "0", "--fail-on", "never",
         "--no-rescue"],
        environ=hosts.environ(**environ),
    )  # fmt: skip
    assert exit_code == code
    document: dict[str, Any] = json.loads((out / "scorecard.json").read_text())
    schemas.validate(document, SCHEMA)
    return document


def reports(out: Path) -> str:
    return "".join(
        (out / name).read_text() for name in ("scorecard.json", "summary.md", "index.html")
    )


def one_paper(path: Path, *urls: str) -> Path:
    path.write_text(
        "Hosts (2026)\n\nWe present HostNet, a method. Code: " + " and ".join(urls) + ".\n",
        encoding="utf-8",
    )
    return path


# What a token can read and the report's readers cannot: a profile, a token owner's name.
OWNER_SECRET = "token-owner-jane-doe-4711"
PROFILE = {"username": OWNER_SECRET, "display_name": OWNER_SECRET, "id": OWNER_SECRET}
CLIMBING = {
    "bitbucket": ["https://bitbucket.org/../user", "https://bitbucket.org/%2e%2e/user"],
    "huggingface": [
        "https://huggingface.co/../whoami-v2",
        "https://huggingface.co/datasets/%2e%2e/%2e%2e/whoami-v2",
    ],
    "gitee": ["https://gitee.com/../user", "https://gitee.com/acme/net/blob/../../../../user"],
    "codeberg": ["https://codeberg.org/acme/..", "https://codeberg.org/acme/a%2F..%2F..%2Fuser"],
    "gitlab": ["https://gitlab.com/../user", "https://gitlab.com/acme/%2e%2e"],
    "swh": [
        "https://archive.softwareheritage.org/browse/origin/"
        "?origin_url=https://github.com/acme/../../../../user"
    ],
    "doi": ["https://doi.org/10.1234/../../user"],
}


@pytest.mark.parametrize("host", sorted(CLIMBING))
def test_no_path_a_list_writes_climbs_to_another_endpoint_of_any_host(
    host: str, tmp_path: Path
) -> None:
    """`bitbucket.org/../user`, `huggingface.co/../whoami-v2`, …: as GitHub's, such a path names
    no repository on any host; no API is asked anything, the token goes nowhere, and nothing of
    the token owner reaches the report."""
    endpoints = ("/2.0/user", "/api/whoami-v2", "/api/v5/user", "/api/v1/user", "/api/v4/user",
                 "/api/1/user", "/api/user")  # fmt: skip
    routes = {host: {path: reply(PROFILE) for path in endpoints}}
    with host_world(routes) as hosts:
        paper_list = one_paper(tmp_path / "papers.txt", *CLIMBING[host])
        out = tmp_path / "out"
        tokens = {"BITBUCKET_TOKEN": "bb-t0ken-climb", "HF_TOKEN": "hf-t0ken-climb",
                  "CODEBERG_TOKEN": "cb-t0ken-climb", "GITLAB_TOKEN": "gl-t0ken-climb"}  # fmt: skip
        # Web pages of public names, which do not resolve here: nothing gets a verdict.
        document = audit_hosts(hosts, paper_list, out, code=cli.EXIT_NOTHING_CHECKED, **tokens)
        assert hosts.servers[host].requests == []
    for link in document["links"]:
        assert "repo" not in link
        # A forge's path names no repository: the link is the web page it is.
        assert link["kind"] == "web" or host in ("swh", "doi"), link
    assert OWNER_SECRET not in reports(out)


SECRET_README = "# Payroll exporter\n\nInternal only: exports the finance team's payroll.\n"
SECRET_DESCRIPTION = "Payroll exporter for the finance team"
SECRET_FILES = {"README.md": SECRET_README, "payroll.py": "print('payroll')\n"}
PRIVATE = {
    "bitbucket": (
        "https://bitbucket.org/acme/secret",
        bitbucket_routes("acme/secret", SECRET_FILES, private=True, description=SECRET_DESCRIPTION),
    ),
    "codeberg": (
        "https://codeberg.org/acme/secret",
        forgejo_routes(
            "acme/secret",
            SECRET_FILES,
            site="https://codeberg.org",
            private=True,
            description=SECRET_DESCRIPTION,
        ),
    ),
    "gitee": (
        "https://gitee.com/acme/secret",
        gitee_routes("acme/secret", SECRET_FILES, private=True, description=SECRET_DESCRIPTION),
    ),
    "gitlab": (
        "https://gitlab.com/acme/secret",
        gitlab_routes(
            "acme/secret", SECRET_README, visibility="private", description=SECRET_DESCRIPTION
        ),
    ),
    "huggingface": (
        "https://huggingface.co/acme/secret",
        huggingface_routes("acme/secret", SECRET_README, private=True, siblings=("payroll.py",)),
    ),
    "osf": (
        "https://osf.io/zz9pq",
        osf_routes(
            "zz9pq",
            category="software",
            files=["payroll.py"],
            public=False,
            title=SECRET_DESCRIPTION,
        ),
    ),
}


@pytest.mark.parametrize("host", sorted(PRIVATE))
def test_a_private_project_on_any_host_the_token_can_read_gives_nothing_away(
    host: str, tmp_path: Path
) -> None:
    """GitHub's rule on every host: a project only the token can see is `blocked`, and nothing
    of it — description, file names, README — is copied into the reports."""
    url, host_routes = PRIVATE[host]
    with host_world({host: host_routes}) as hosts:
        paper_list = one_paper(tmp_path / "papers.txt", url)
        out = tmp_path / "out"
        document = audit_hosts(hosts, paper_list, out, GITLAB_TOKEN="gl-t0ken-private")
    (link,) = document["links"]
    assert link["outcome"] == "blocked", link
    assert link["detail"].startswith("a private "), link
    assert "repo" not in link
    written = reports(out)
    for secret in ("Payroll exporter", "payroll.py", "Internal only"):
        assert secret not in written, secret


def test_a_gitlab_project_internal_to_signed_in_users_is_private_too(tmp_path: Path) -> None:
    routes = gitlab_routes("acme/inside", SECRET_README, visibility="internal")
    with host_world({"gitlab": routes}) as hosts:
        paper_list = one_paper(tmp_path / "papers.txt", "https://gitlab.com/acme/inside")
        document = audit_hosts(hosts, paper_list, tmp_path / "out")
    (link,) = document["links"]
    assert link["outcome"] == "blocked"
    assert "repo" not in link


def test_a_host_file_list_is_capped_and_the_rest_counted(tmp_path: Path) -> None:
    """A Hugging Face repository listing 1,500 files and a Codeberg one listing 1,200: each
    report keeps the first 1,000 names, and the detail says how many more there were."""
    many = tuple(f"shard-{index:05}.bin" for index in range(1_498))  # with the card, the weights
    crowded = {f"part-{index:05}.txt": "" for index in range(1_199)} | {"README.md": README}
    routes = {
        "huggingface": huggingface_routes("acme/many", "# Many\n", siblings=many),
        "codeberg": forgejo_routes("acme/crowded", crowded, site="https://codeberg.org"),
    }
    with host_world(routes) as hosts:
        paper_list = one_paper(
            tmp_path / "papers.txt",
            "https://huggingface.co/acme/many",
            "https://codeberg.org/acme/crowded",
        )
        document = audit_hosts(hosts, paper_list, tmp_path / "out")
    by_url = links(document)
    for url, more in [
        ("https://huggingface.co/acme/many", 500),
        ("https://codeberg.org/acme/crowded", 200),
    ]:
        link = by_url[url]
        assert link["outcome"] == "ok", link
        assert len(link["repo"]["root_files"]) == 1_000
        assert link["detail"].endswith(f"; {more} more files not listed"), link["detail"]
    # What the whole listing says is still known: the README found past the first 1,000.
    assert by_url["https://codeberg.org/acme/crowded"]["repo"]["readme_path"] == "README.md"


def test_an_api_path_that_would_climb_is_never_asked(tmp_path: Path) -> None:
    """The last check, where the adapter builds the API path: a README path the host names
    that climbs (`../../user`) is never asked for, and costs the link nothing worse than its
    facts: `unchecked`, never `dead`."""
    routes = gitlab_routes("acme/odd", SECRET_README, readme_path="../../../../user")
    with host_world({"gitlab": routes}) as hosts:
        paper_list = one_paper(tmp_path / "papers.txt", "https://gitlab.com/acme/odd")
        document = audit_hosts(hosts, paper_list, tmp_path / "out", code=cli.EXIT_NOTHING_CHECKED)
        asked = hosts.asked("gitlab")
    assert asked == ["/api/v4/projects/acme/odd"]
    (link,) = document["links"]
    assert link["outcome"] == "unchecked"
    assert "climb" in link["detail"]


# --- host descriptions: capped, parsed off the event loop, within the deadline ----------------

RECORD = "https://zenodo.org/records/5005"
DESCRIBED = "<h2>Installation</h2><pre>pip install recordnet</pre>"


def _slow_page(exchange: Exchange) -> Reply:
    exchange.stopping.wait(1.0)  # answered while the description is being parsed
    return html("<title>PageNet</title>")


def _described_audit(tmp_path: Path, description: str, *extra: str) -> tuple[int, dict[str, Any]]:
    routes = {"zenodo": zenodo_routes([ZenodoRecord(5005, description=description)])}
    with serve({"/page": _slow_page}) as web, host_world(routes) as hosts:
        papers = tmp_path / "papers.txt"
        papers.write_text(
            "Described (2026)\n\n"
            f"We present RecordNet, a method. Code: {RECORD}.\n\n"
            f"We present PageNet, a method. Project page: {web.url('/page')}.\n",
            encoding="utf-8",
        )
        out = tmp_path / "out"
        code = cli.main(
            ["audit", str(papers), "--out", str(out), "--allow-private", "127.0.0.0/8",
             "--no-cache", "--timeout", "10", "--max-retries", "0", "--fail-on", "dead", *extra],
            environ=hosts.environ(),
        )  # fmt: skip
    card = json.loads((out / "scorecard.json").read_text())
    return code, {entry["url"]: entry for entry in card["links"]}


def test_a_huge_host_description_is_cut_before_it_is_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 25 MB, 1.5 million elements: parsed whole, minutes of CPU and gigabytes of memory.
    huge = DESCRIBED + "<p>more words</p>" * 1_500_000
    # A cut of 64 KiB instead of 1 MiB: what is parsed is the cut, whatever its size, and the
    # 60,000 elements of a 1 MiB cut, parsed and analysed, were most of this test's 6 s of CPU.
    cut = 64 * 1024
    monkeypatch.setattr(repofiles, "MAX_README_BYTES", cut)
    parsed: list[int] = []
    parse_html = soup.parse_html

    def measured_parser(text: str, **options: Any) -> Any:
        parsed.append(len(text))
        return parse_html(text, **options)

    monkeypatch.setattr(soup, "parse_html", measured_parser)

    code, found = _described_audit(tmp_path, huge)

    assert parsed == [cut]  # the description's start, parsed once: never the 25 MB whole
    assert code == cli.EXIT_OK
    record = found[RECORD]
    assert record["outcome"] == "ok"
    assert "install" in record["repo"]["readme_covers"]  # the start of it read as its README


def test_the_deadline_falling_while_a_description_is_parsed_is_a_deadline_outcome(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def slow_parser(text: str) -> Any:  # a parser still busy when the deadline falls
        while True:
            run_clock.checkpoint()
            time.sleep(0.01)

    monkeypatch.setattr(soup, "parse_html", slow_parser)  # imported when a description is read

    code, found = _described_audit(tmp_path, DESCRIBED, "--max-run-time", "4")

    assert code == cli.EXIT_OK  # the reports written, the run exiting by its findings
    assert found[RECORD]["outcome"] == "unchecked"
    assert found[RECORD]["detail"] == run_clock.NOT_CHECKED
    # Off the event loop: the page answering meanwhile was checked, not held behind the parse.
    page = next(entry for url, entry in found.items() if url.endswith("/page"))
    assert page["outcome"] == "ok", page["detail"]


# --- the phase after the verdicts: bounded without --max-run-time, counted in full ------------


def test_archives_and_code_search_stop_at_their_bound_and_count_what_they_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(budgets, "PHASE_SECONDS", 2.5)

    def slow_wayback(exchange: Exchange) -> Reply:
        exchange.stopping.wait(1.0)
        return Reply(200, b'{"archived_snapshots": {}}', (("Content-Type", "application/json"),))

    routes = {"wayback": {"/wayback/available": slow_wayback}}
    dead = {f"/gone{n}": html("<h1>Gone</h1>", status=404) for n in range(5)}
    with serve(dead) as web, serve({}) as github, host_world(routes) as hosts:
        lines = [f"We present Gone{n}, a method. Project page: {web.url(f'/gone{n}')}." for n in
                 range(5)]  # fmt: skip
        lines += [f"We present Uncited{n}. Paper: https://arxiv.org/abs/2601.0123{n}." for n in
                  range(2)]  # fmt: skip
        papers = tmp_path / "papers.txt"
        papers.write_text("Bounded (2026)\n\n" + "\n\n".join(lines) + "\n", encoding="utf-8")
        out = tmp_path / "out"
        started = time.monotonic()
        code = cli.main(
            ["audit", str(papers), "--out", str(out), "--allow-private", "127.0.0.0/8",
             "--github-api-url", github.url(""), "--no-cache", "--max-retries", "0",
             "--find-code"],
            environ=hosts.environ(),
        )  # fmt: skip
        elapsed = time.monotonic() - started

    assert code == cli.EXIT_FINDINGS  # the dead pages: the reports are written
    assert elapsed < 20
    notes = json.loads((out / "scorecard.json").read_text())["notes"]
    bound = "the 2.5 s bound of the archive lookups and code search was reached"
    (wayback,) = [note for note in notes if note.startswith(f"Wayback Machine: {bound}; ")]
    left = int(wayback.split("; ")[1].split()[0])
    asked = len(hosts.asked("wayback"))  # the one in flight when the bound fell among them
    assert 1 <= asked <= 4
    assert left in (5 - asked, 5 - asked + 1)
    # The code search, never reached, is counted too: both its papers.
    assert f"GitHub search: {bound}; 2 links were not looked up (verdicts unchanged)" in notes
