"""Which weights and data links the READMEs give are checked as their papers'
(`pipeline.run.artifact_links`), and the audit's phases overlapping (`pipeline.run`)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from auditor.config.settings import Settings
from auditor.hosts import listing
from auditor.hosts.github.graphql import GRAPHQL_BATCH
from auditor.hosts.github.transport import Transport
from auditor.models import (
    ArtifactKind,
    ArtifactLink,
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Outcome,
    Paper,
    RepoFacts,
    Whose,
)
from auditor.pipeline import run as pipeline
from auditor.pipeline.run import MAX_ARTIFACTS_PER_REPOSITORY, artifact_links
from auditor.rubric import promises, score
from auditor.rubric.registry import Rubric
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.github_world import settings_for
from tests.support.local_servers import Exchange, Reply, Route, html, serve

CODE = "https://github.com/acme/net"
TODAY = date(2026, 12, 2)


def repository(
    *given: ArtifactLink, url: str = CODE, papers: tuple[str, ...] = ("l#1",)
) -> LinkResult:
    name = url.removeprefix("https://github.com/")
    return LinkResult(
        Link(url, LinkKind.GITHUB_REPO, papers),
        LinkCheck(Outcome.OK, "repository exists", "2026-12-01T10:00:00Z"),
        RepoFacts(full_name=name, exists=True, source="rest", readme_artifacts=given),
    )


def weights(url: str, whose: Whose = Whose.OWN, *, promised: bool = False) -> ArtifactLink:
    return ArtifactLink(
        url, ArtifactKind.WEIGHTS, 3, "Our weights.", whose=whose, promised=promised
    )


def test_weights_and_data_are_links_of_the_papers_citing_the_repository() -> None:
    data = ArtifactLink("https://zenodo.org/records/7", ArtifactKind.DATA, 5, "The data.")
    demo = ArtifactLink("https://colab.research.google.com/x", ArtifactKind.DEMO, 6, "Try it.")
    found = artifact_links(
        [repository(weights("https://huggingface.co/acme/net"), data, demo, papers=("l#1", "l#2"))],
        cited={},
    )
    assert [(link.url, link.kind, link.artifact, link.whose) for link in found] == [
        ("https://huggingface.co/acme/net", LinkKind.HUGGINGFACE, ArtifactKind.WEIGHTS, Whose.OWN),
        ("https://zenodo.org/records/7", LinkKind.ZENODO, ArtifactKind.DATA, Whose.OWN),
    ]
    assert all(link.papers == ("l#1", "l#2") and link.found_via == CODE for link in found)


def test_a_model_the_code_loads_by_name_is_checked_like_a_link_written() -> None:
    loaded = replace(weights("https://huggingface.co/acme/net-7b"), by_name=True)
    (found,) = artifact_links([repository(loaded)], cited={})
    assert (found.url, found.kind, found.artifact, found.whose, found.found_via) == (
        "https://huggingface.co/acme/net-7b",
        LinkKind.HUGGINGFACE,
        ArtifactKind.WEIGHTS,
        Whose.OWN,
        CODE,
    )


def test_a_file_share_or_release_asset_is_asked_as_a_web_link() -> None:
    asset = "https://github.com/acme/net/releases/download/v1/net.pt"
    (found,) = artifact_links([repository(weights(asset))], cited={})
    assert (found.url, found.kind) == (asset, LinkKind.WEB)  # not the repository, no API budget


def test_promises_and_links_the_paper_cites_itself_are_left_as_they_are() -> None:
    cited = "https://huggingface.co/acme/cited"
    given = [weights("https://huggingface.co/acme/soon", promised=True), weights(cited)]
    link = Link(cited, LinkKind.HUGGINGFACE, ("l#1",))
    assert artifact_links([repository(*given)], cited={cited: link}) == []


def test_at_most_twenty_a_repository_the_papers_own_first() -> None:
    theirs = [weights(f"https://huggingface.co/other/base-{n}", Whose.OTHER) for n in range(5)]
    own = [weights(f"https://huggingface.co/acme/net-{n}") for n in range(30)]
    found = artifact_links([repository(*theirs, *own)], cited={})
    assert len(found) == MAX_ARTIFACTS_PER_REPOSITORY
    assert all(link.whose is Whose.OWN for link in found)
    assert found[0].url == "https://huggingface.co/acme/net-0"


def test_one_link_two_readmes_give_is_the_papers_own_if_either_says_so() -> None:
    url = "https://huggingface.co/acme/shared"
    found = artifact_links(
        [
            repository(weights(url, Whose.OTHER), papers=("l#1",)),
            repository(weights(url), url="https://github.com/acme/fork", papers=("l#2",)),
        ],
        cited={},
    )
    assert [(link.papers, link.whose) for link in found] == [(("l#1", "l#2"), Whose.OWN)]


class _Finished(pipeline.Observer):
    def __init__(self) -> None:
        self.at: dict[str, float] = {}

    def finished(self, result: LinkResult) -> None:
        self.at[result.link.url] = time.monotonic()


# Retries enough for a loaded machine: a busy link of `_busy_until` answers at the first
# attempt after its condition holds (0.25 s, then 0.5 s, … later; 16-32 s in all at most).
_RETRIES: dict[str, Any] = {"max_retries": 6, "retry_base_delay": 0.25, "dns_canary": "localhost"}


def _busy_until(condition: Callable[[], bool]) -> Route:
    """A link that answers 503 until `condition` holds (checked at each attempt), then 200:
    what the run must do while that link waits for its retries is the condition, and a run
    that does not do it then leaves the link unanswered (transient)."""

    def route(exchange: Exchange) -> Reply:
        del exchange
        return html("<title>Busy</title>", status=200 if condition() else 503)

    return route


def test_repositories_of_pages_read_are_asked_while_another_link_waits_for_retries(
    tmp_path: Path,
) -> None:
    # One link answers 503 until the repositories the other pages name are judged: they are
    # asked and judged while it waits for its retries, or it never answers (and stays
    # transient after its last retry).
    names = [f"acme/r{n}" for n in range(3)]
    finished = _Finished()
    repositories = [f"https://github.com/{name}" for name in names]
    routes: dict[str, Route] = {
        "/busy": _busy_until(lambda: set(repositories) <= finished.at.keys())
    }
    for n, name in enumerate(names):
        routes[f"/p{n}"] = html(f"<title>P{n}</title><a href='https://github.com/{name}'>Code</a>")
    repos = [FakeRepo(name, files={"README.md": "# r\n"}) for name in names]
    with serve(routes) as web, FakeGitHub(repos, token="t0ken") as github:
        paper_list = tmp_path / "papers.txt"
        cited = ["/busy", "/p0", "/p1", "/p2"]
        lines = [f"Paper {n}: {web.url(path)}" for n, path in enumerate(cited)]
        paper_list.write_text("\n\n".join(["A list", *lines]))
        settings = replace(
            settings_for(github, token="t0ken", allow_private=True, cache_dir=None),
            **_RETRIES,
        )
        outcome = asyncio.run(
            pipeline.run([str(paper_list)], settings, Rubric(), observer=finished)
        )
    by_url = {result.link.url: result for result in outcome.audit.results}
    assert by_url[web.url("/busy")].check.outcome is Outcome.OK
    assert len(web.seen("/busy")) > 1
    assert [by_url[url].check.outcome for url in repositories] == [Outcome.OK] * 3
    # Harvested in the order the pages are cited, whichever answered first.
    assert [result.link.url for result in outcome.audit.results][4:] == repositories


def test_papers_whose_links_are_judged_are_scored_while_another_waits_for_retries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One link answers 503 until the papers citing the other pages are scored: they are scored
    # while it waits, once each, and the scores are those of the links as they ended.
    scored: list[tuple[float, str]] = []  # (when, paper id)
    routes: dict[str, Route] = {"/busy": _busy_until(lambda: len({p for _, p in scored}) >= 3)}
    for n in range(3):
        routes[f"/d{n}"] = html(f"<title>Data {n}</title><p>The data set.</p>")
    score_paper, rubric = score.score_paper, Rubric()

    def scoring(paper: Paper, *args: Any, **kwargs: Any) -> Any:
        scored.append((time.monotonic(), paper.id))
        return score_paper(paper, *args, **kwargs)

    monkeypatch.setattr(score, "score_paper", scoring)
    with serve(routes) as web:
        paper_list = tmp_path / "papers.txt"
        lines = [f"Paper {n}: {web.url(path)}" for n, path in enumerate(routes)]
        paper_list.write_text("\n\n".join(["A list", *lines]))
        settings = Settings(allow_private=True, cache_dir=None, **_RETRIES)
        finished = _Finished()
        outcome = asyncio.run(
            pipeline.run([str(paper_list)], settings, rubric, today=TODAY, observer=finished)
        )
    audit = outcome.audit
    assert len(web.seen("/busy")) > 1
    busy_paper = next(paper.id for paper in audit.papers if web.url("/busy") in paper.links)
    others = [paper.id for paper in audit.papers if paper.id != busy_paper]
    busy_judged = finished.at[web.url("/busy")]
    assert sorted(paper for at, paper in scored if at < busy_judged) == sorted(others)
    assert sorted(paper for _, paper in scored) == sorted([busy_paper, *others])  # once each
    by_url = {result.link.url: result for result in audit.results}
    for paper in audit.papers:
        own = [by_url[url] for url in paper.links]
        alone = score_paper(paper, own, rubric, today=TODAY, own=True)
        fresh = promises.with_promises(paper, own, alone, rubric, today=TODAY)
        assert audit.scores[paper.id] == fresh


def test_a_paper_scored_early_is_scored_again_when_the_harvest_changes_its_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Paper 1 cites acme/r0, judged while /busy waits for retries (it answers once papers 1
    # and 2 are scored): scored then. Paper 2's page names acme/r0 too, which the harvest
    # attributes once every cited page is read: the repository's link changes, so paper 1 is
    # scored again, on the link as it ended.
    scored: list[tuple[float, str]] = []  # (when, paper id)
    routes: dict[str, Route] = {
        "/busy": _busy_until(lambda: len({p for _, p in scored}) >= 2),
        "/p0": html("<title>P0</title><a href='https://github.com/acme/r0'>Code</a>"),
    }
    score_paper, rubric = score.score_paper, Rubric()

    def scoring(paper: Paper, *args: Any, **kwargs: Any) -> Any:
        scored.append((time.monotonic(), paper.id))
        return score_paper(paper, *args, **kwargs)

    monkeypatch.setattr(score, "score_paper", scoring)
    repos = [FakeRepo("acme/r0", files={"README.md": "# r0\n"})]
    with serve(routes) as web, FakeGitHub(repos, token="t0ken") as github:
        paper_list = tmp_path / "papers.txt"
        cited = [web.url("/busy"), "https://github.com/acme/r0", web.url("/p0")]
        lines = [f"Paper {n}: {url}" for n, url in enumerate(cited)]
        paper_list.write_text("\n\n".join(["A list", *lines]))
        settings = replace(
            settings_for(github, token="t0ken", allow_private=True, cache_dir=None),
            **_RETRIES,
        )
        finished = _Finished()
        outcome = asyncio.run(
            pipeline.run([str(paper_list)], settings, rubric, today=TODAY, observer=finished)
        )
    audit = outcome.audit
    assert len(web.seen("/busy")) > 1
    by_url = {result.link.url: result for result in audit.results}
    repository = by_url["https://github.com/acme/r0"]
    assert len(repository.link.papers) == 2  # paper 1 cites it, paper 2's page names it
    direct = next(paper.id for paper in audit.papers if repository.link.url in paper.links[:1])
    busy_judged = finished.at[web.url("/busy")]
    assert [at < busy_judged for at, paper in scored if paper == direct] == [True, False]
    for paper in audit.papers:
        own = [result for result in audit.results if paper.id in result.link.papers]
        alone = score_paper(paper, own, rubric, today=TODAY, own=True)
        assert audit.scores[paper.id] == promises.with_promises(
            paper, own, alone, rubric, today=TODAY
        )


def test_the_serial_queries_never_wait_for_the_readmes_of_the_batches_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first batch's READMEs are read only once the third batch's query has gone: the
    # queries run on while the READMEs wait (GitHub's pipe never waits for our work), and the
    # batches are still read in order, each with its own answers.
    names = [f"acme/r{n}" for n in range(2 * GRAPHQL_BATCH + 5)]  # three batches
    third_sent = threading.Event()
    facts_queries: list[int] = []  # aliases of each facts query, as sent
    read: list[str] = []  # repositories, as analysed
    waited: list[bool] = []  # whether the third query went while the first batch waited
    send, complete = Transport.send, listing.complete

    async def sending(self: Transport, method: str, url: str, *args: Any, **kwargs: Any) -> Any:
        body = kwargs.get("json_body")
        query = body.get("query") if isinstance(body, dict) else None
        aliases = sum(k.startswith("o") for k in body["variables"]) if query else 0
        if "rateLimit" in str(query) and aliases:
            facts_queries.append(aliases)
            if len(facts_queries) == 3:
                third_sent.set()
        return await send(self, method, url, *args, **kwargs)

    def completing(facts: RepoFacts, **kwargs: Any) -> RepoFacts:
        if facts.full_name == names[0]:  # the first README: held until the third query goes
            waited.append(third_sent.wait(timeout=30))  # bounds a failure, times nothing
        read.append(facts.full_name)
        return complete(facts, **kwargs)

    monkeypatch.setattr(Transport, "send", sending)
    monkeypatch.setattr(listing, "complete", completing)
    repos = [FakeRepo(name, files={"README.md": f"# {name}\n"}) for name in names]
    with FakeGitHub(repos, token="t0ken") as github:
        paper_list = tmp_path / "papers.txt"
        lines = [f"Paper {n}: https://github.com/{name}" for n, name in enumerate(names)]
        paper_list.write_text("\n\n".join(["A list", *lines]))
        settings = settings_for(github, token="t0ken", cache_dir=None)
        outcome = asyncio.run(pipeline.run([str(paper_list)], settings, Rubric()))
    assert facts_queries == [GRAPHQL_BATCH, GRAPHQL_BATCH, 5]
    assert waited == [True]
    assert read == names  # batch by batch, in the order asked
    assert {result.check.outcome for result in outcome.audit.results} == {Outcome.OK}
    facts = {result.link.url: result.repo for result in outcome.audit.results}
    assert all(facts[f"https://github.com/{name}"].full_name == name for name in names)


def test_a_partial_batch_waits_for_the_pages_being_read_and_goes_with_their_repositories(
    tmp_path: Path,
) -> None:
    cited = ["acme/a", "acme/b"]
    found = [f"acme/p{n}" for n in range(5)]
    routes: dict[str, Route] = {
        f"/p{n}": html(f"<title>P{n}</title><a href='https://github.com/{name}'>Code</a>")
        for n, name in enumerate(found)
    }
    repos = [FakeRepo(name, files={"README.md": "# r\n"}) for name in cited + found]
    with serve(routes) as web, FakeGitHub(repos, token="t0ken") as github:
        paper_list = tmp_path / "papers.txt"
        lines = [f"Paper {n}: https://github.com/{name}" for n, name in enumerate(cited)]
        lines += [f"Page {n}: {web.url(path)}" for n, path in enumerate(routes)]
        paper_list.write_text("\n\n".join(["A list", *lines]))
        settings = settings_for(github, token="t0ken", allow_private=True, cache_dir=None)
        outcome = asyncio.run(pipeline.run([str(paper_list)], settings, Rubric()))
        sent = [json.loads(r.body) for r in github.requests if r.path == "/graphql"]
    # One query for the seven, not one for the two cited and another for the five found.
    assert [sum(k.startswith("o") for k in query["variables"]) for query in sent] == [7]
    assert {result.check.outcome for result in outcome.audit.results} == {Outcome.OK}
