"""GitHub facts through the fake GitHub API (tests/support/fake_github.py), both backends."""

from __future__ import annotations

import base64
import json
import logging
import math
import re
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from urllib.parse import urlsplit

import pytest

from auditor.config.settings import Settings
from auditor.facts import repofiles
from auditor.hosts import listing
from auditor.hosts.github import (
    GRAPHQL_BATCH,
    GitHubFacts,
    api_for_host,
    build_batch_query,
    graphql,
)
from auditor.hosts.github.endpoints import raw_origins
from auditor.hosts.github.graphql import TARGET_SECONDS, BatchSize
from auditor.models import (
    WEIGHTS_FOLDERS,
    LicenseClass,
    Outcome,
    ReadmeCover,
    Release,
    RepoCheck,
    RepoFacts,
)
from auditor.net import policy
from auditor.net.fetcher import Fetcher
from auditor.net.transport import Request
from tests.support.fake_github import FakeGitHub, FakeRepo, head_oid
from tests.support.github_world import (
    MIT,
    NAMES,
    README,
    RECORDED,
    TOKEN,
    DictCache,
    sample_repos,
    settings_for,
    without_source,
)
from tests.support.local_servers import plain_fetcher
from tests.support.scripted import Scripted, ScriptedTransport


@pytest.fixture
def fake() -> Iterator[FakeGitHub]:
    with FakeGitHub(sample_repos(), token=TOKEN, users=["octocat"], gists=["abc123"]) as server:
        yield server


@pytest.fixture
async def fetcher() -> AsyncIterator[Fetcher]:
    async with plain_fetcher() as plain:
        yield plain


async def check(
    fetcher: Fetcher, fake: FakeGitHub, names: list[str], *, token: str | None = None
) -> tuple[dict[str, RepoCheck], GitHubFacts]:
    facts = GitHubFacts(fetcher, settings_for(fake, token=token))
    return await facts.repos(names), facts


# Parity and the facts themselves --------------------------------------------------------------


async def test_rest_and_graphql_give_identical_facts(fetcher: Fetcher, fake: FakeGitHub) -> None:
    rest, _ = await check(fetcher, fake, NAMES)
    graphql, _ = await check(fetcher, fake, NAMES, token=TOKEN)
    assert list(rest) == list(graphql) == NAMES
    for name in NAMES:
        assert rest[name].check.outcome == graphql[name].check.outcome, name
        assert rest[name].check.final_url == graphql[name].check.final_url, name
        assert without_source(rest[name].facts) == without_source(graphql[name].facts), name
    assert {r.facts.source for r in rest.values() if r.facts and r.facts.exists} == {"rest"}
    assert {g.facts.source for g in graphql.values() if g.facts and g.facts.exists} == {"graphql"}


async def test_a_batchs_readmes_are_read_in_one_hand_off_to_a_worker_thread(
    fetcher: Fetcher, fake: FakeGitHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    # On a busy event loop every hand-off waits its turn: one a batch, not one a README.
    hand_offs = 0
    in_thread = listing.in_thread

    async def counted(*args: object) -> object:
        nonlocal hand_offs
        hand_offs += 1
        return await in_thread(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(listing, "in_thread", counted)
    names = ["ml-lab/complete", "ml-lab/unpinned", "ml-lab/locked", "ml-lab/no-readme"]
    results, _ = await check(fetcher, fake, names, token=TOKEN)
    assert hand_offs == 1
    read, _ = await check(fetcher, fake, names)  # REST, README by README, for comparison
    for name in names:
        assert without_source(results[name].facts) == without_source(read[name].facts), name


@pytest.mark.parametrize("token", [None, TOKEN], ids=["rest", "graphql"])
async def test_complete_repository_facts(
    fetcher: Fetcher, fake: FakeGitHub, token: str | None
) -> None:
    results, _ = await check(fetcher, fake, ["ml-lab/complete"], token=token)
    result = results["ml-lab/complete"]
    assert result.check.outcome is Outcome.OK
    facts = result.facts
    assert facts is not None
    assert facts == RepoFacts(
        full_name="ml-lab/complete",
        exists=True,
        source="rest" if token is None else "graphql",
        archived=False,
        disabled=False,
        empty=False,
        fork=False,
        parent=None,
        license_spdx="MIT",
        license_class=LicenseClass.PERMISSIVE,
        readme_path="README.md",
        readme_bytes=len(README.encode()),
        readme_covers=(
            ReadmeCover.INSTALL,
            ReadmeCover.TRAIN,
            ReadmeCover.WEIGHTS,
            ReadmeCover.CITATION,
        ),
        readme_evidence=facts.readme_evidence,
        # What the identity check reads, held in memory only: the README's words, its answer
        # to "about another work?" (both backends alike: the same README).
        readme_words=facts.readme_words,
        readme_inherited=facts.readme_inherited,
        artifact_links=("https://huggingface.co/ml-lab/deepthing-base",),
        readme_artifacts=facts.readme_artifacts,
        root_files=("CITATION.cff", "LICENSE", "README.md", "requirements.txt", "src"),
        env_files=("requirements.txt",),
        deps_pinned=True,
        has_citation_cff=True,
        last_commit_at="2024-05-01T17:45:12Z",
        pushed_at="2024-05-02T08:30:00Z",
        created_at="2021-03-01T10:00:00Z",
        stars=321,
        forks=45,
        open_issues=8,
        latest_release=Release("v1.2.0", "2024-03-04T05:06:07Z"),
        default_branch="main",
        description="Deep things",
        homepage="https://lab.example.org/deepthing",
        reading_list=False,
        # The default branch's head, as GraphQL's `defaultBranchRef.target.oid` and the REST
        # commits listing give it alike.
        commit=head_oid(next(r for r in sample_repos() if r.full_name == "ml-lab/complete")),
    )
    assert [e.line for e in facts.readme_evidence] == [3, 8, 11, 0]
    # Every README link classified, its weights checked as the paper's (both backends alike).
    assert [(a.url, a.kind.value) for a in facts.readme_artifacts] == [
        ("https://huggingface.co/ml-lab/deepthing-base", "weights")
    ]
    assert {"deepthing", "install", "training"} <= set(facts.readme_words)


async def test_readme_choice_and_dependency_pinning(fetcher: Fetcher, fake: FakeGitHub) -> None:
    for token in (None, TOKEN):
        results, _ = await check(fetcher, fake, NAMES, token=token)
        facts = {name: r.facts for name, r in results.items()}
        assert facts["ml-lab/rst-readme"]
        assert facts["ml-lab/rst-readme"].readme_path == "README.rst"
        assert facts["ml-lab/rst-readme"].readme_covers == (ReadmeCover.USAGE,)
        gh = facts["ml-lab/github-readme"]
        assert gh
        assert gh.readme_path == ".github/README.md"
        assert gh.readme_covers == (ReadmeCover.EVALUATE,)
        assert facts["ml-lab/unpinned"]
        assert facts["ml-lab/unpinned"].deps_pinned is False
        assert facts["ml-lab/locked"]
        assert facts["ml-lab/locked"].deps_pinned is True
        no_readme = facts["ml-lab/no-readme"]
        assert no_readme
        assert no_readme.readme_path is None
        assert no_readme.readme_bytes is None
        assert no_readme.env_files == ("Dockerfile",)
        assert no_readme.deps_pinned is None
        page = facts["ml-lab/page-only"]
        assert page
        assert page.readme_covers == (ReadmeCover.PLACEHOLDER,)


@pytest.mark.parametrize("token", [None, TOKEN], ids=["rest", "graphql"])
async def test_archived_fork_and_licences(
    fetcher: Fetcher, fake: FakeGitHub, token: str | None
) -> None:
    results, _ = await check(
        fetcher, fake, ["ml-lab/archived", "ml-lab/fork", "ml-lab/rst-readme"], token=token
    )
    archived = results["ml-lab/archived"]
    assert archived.check.outcome is Outcome.OK
    assert "archived" in archived.check.detail
    assert archived.facts
    assert archived.facts.archived is True
    assert archived.facts.license_spdx == "NOASSERTION"
    assert archived.facts.license_class is LicenseClass.CUSTOM
    fork = results["ml-lab/fork"].facts
    assert fork
    assert fork.fork is True
    assert fork.parent == "upstream/original"
    assert fork.license_spdx is None
    assert fork.license_class is LicenseClass.NONE
    gpl = results["ml-lab/rst-readme"].facts
    assert gpl
    assert gpl.license_class is LicenseClass.COPYLEFT


# Renamed, missing, blocked, empty -------------------------------------------------------------


async def test_rest_rename_follows_301_to_repository_id(fetcher: Fetcher, fake: FakeGitHub) -> None:
    results, _ = await check(fetcher, fake, ["ml-lab/old-name"])
    result = results["ml-lab/old-name"]
    assert result.check.outcome is Outcome.MOVED
    assert result.check.final_url == "https://github.com/ml-lab/new-name"
    assert result.facts
    assert result.facts.full_name == "ml-lab/new-name"
    paths = [r.path for r in fake.requests]
    assert paths[:2] == [
        "/repos/ml-lab/old-name",
        f"/repositories/{fake.repos['ml-lab/new-name'].id}",
    ]


async def test_graphql_rename_by_name_with_owner(fetcher: Fetcher, fake: FakeGitHub) -> None:
    results, _ = await check(fetcher, fake, ["ml-lab/old-name", "ML-LAB/Complete"], token=TOKEN)
    assert results["ml-lab/old-name"].check.outcome is Outcome.MOVED
    assert results["ml-lab/old-name"].check.final_url == "https://github.com/ml-lab/new-name"
    # A difference in case only is the same repository, not a rename.
    assert results["ML-LAB/Complete"].check.outcome is Outcome.OK


async def test_missing_repository_inside_a_good_graphql_batch(
    fetcher: Fetcher, fake: FakeGitHub
) -> None:
    results, _ = await check(
        fetcher, fake, ["ml-lab/complete", "nobody/missing", "ml-lab/fork"], token=TOKEN
    )
    assert results["nobody/missing"].check.outcome is Outcome.DEAD
    missing = results["nobody/missing"].facts
    assert missing == RepoFacts(full_name="nobody/missing", exists=False, source="graphql")
    assert results["ml-lab/complete"].check.outcome is Outcome.OK
    assert results["ml-lab/fork"].check.outcome is Outcome.OK
    assert fake.counts["graphql"] == 1


async def test_rest_404_is_dead(fetcher: Fetcher, fake: FakeGitHub) -> None:
    results, _ = await check(fetcher, fake, ["nobody/missing"])
    assert results["nobody/missing"].check.outcome is Outcome.DEAD
    assert results["nobody/missing"].check.http_status == 404
    assert fake.counts["rest"] == 1


async def test_451_is_dead_with_the_reason(fetcher: Fetcher, fake: FakeGitHub) -> None:
    results, _ = await check(fetcher, fake, ["ml-lab/taken-down"])
    result = results["ml-lab/taken-down"].check
    assert result.outcome is Outcome.DEAD
    assert result.http_status == 451
    assert "dmca" in result.detail


async def test_empty_repository_costs_two_rest_requests(fetcher: Fetcher, fake: FakeGitHub) -> None:
    results, facts = await check(fetcher, fake, ["ml-lab/empty"])
    result = results["ml-lab/empty"]
    assert result.check.outcome is Outcome.OK
    assert "empty" in result.check.detail
    assert result.facts
    assert result.facts.empty is True
    assert result.facts.root_files == ()
    assert facts.requests_made == 2
    graphql, _ = await check(fetcher, fake, ["ml-lab/empty"], token=TOKEN)
    assert without_source(graphql["ml-lab/empty"].facts) == without_source(result.facts)


# Rate limits ----------------------------------------------------------------------------------


async def test_rest_budget_exhausted_marks_the_rest_unchecked(
    fetcher: Fetcher, caplog: pytest.LogCaptureFixture
) -> None:
    repos = [FakeRepo(f"ml-lab/r{i}", files={"README.md": "# r\n"}) for i in range(8)]
    with FakeGitHub(repos, rest_budget=10) as fake:
        with caplog.at_level(logging.WARNING, logger="auditor.hosts.github"):
            results, facts = await check(fetcher, fake, [f"ml-lab/r{i}" for i in range(8)])
        outcomes = [results[f"ml-lab/r{i}"].check.outcome for i in range(8)]
    # Each repository takes 2 requests (repository, root listing): 5 fit.
    assert outcomes[:5] == [Outcome.OK] * 5
    assert set(outcomes[5:]) == {Outcome.UNCHECKED}
    assert Outcome.DEAD not in outcomes
    assert "GITHUB_TOKEN" in results["ml-lab/r7"].check.detail
    warnings = [r for r in caplog.records if "rate limit" in r.getMessage()]
    assert len(warnings) == 1
    assert "GITHUB_TOKEN" in warnings[0].getMessage()
    # The 11th request meets the limit; once spent, nothing more is asked.
    assert facts.requests_made == 11


async def test_graphql_rate_limited_marks_unchecked_and_stops(
    fetcher: Fetcher,
) -> None:
    names = [f"ml-lab/r{i}" for i in range(GRAPHQL_BATCH + 5)]
    with FakeGitHub([FakeRepo(n) for n in names], graphql_rate_limited=True) as fake:
        results, _ = await check(fetcher, fake, names, token=TOKEN)
        assert fake.counts["graphql"] == 1  # the second batch is never sent
    assert {r.check.outcome for r in results.values()} == {Outcome.UNCHECKED}
    assert "rate limit" in results[names[-1]].check.detail


@pytest.mark.parametrize("status", [403, 429])
async def test_secondary_limit_with_short_retry_after_is_waited_out(
    fetcher: Fetcher, fake: FakeGitHub, status: int
) -> None:
    body = {"message": "You have exceeded a secondary rate limit. Please wait a few minutes."}
    fake.script("/repos/ml-lab/complete", status, body, {"retry-after": "0"})
    results, _ = await check(fetcher, fake, ["ml-lab/complete"])
    assert results["ml-lab/complete"].check.outcome is Outcome.OK


async def test_secondary_limit_with_long_retry_after_is_unchecked(
    fetcher: Fetcher, fake: FakeGitHub
) -> None:
    body = {"message": "You have exceeded a secondary rate limit."}
    fake.script("/graphql", 403, body, {"retry-after": "3600"})
    results, _ = await check(fetcher, fake, ["ml-lab/complete"], token=TOKEN)
    assert results["ml-lab/complete"].check.outcome is Outcome.UNCHECKED
    assert "secondary" in results["ml-lab/complete"].check.detail


def graphql_sizes(fake: FakeGitHub) -> list[int]:
    """The aliases of each facts query the fake received, in order."""
    sent = [json.loads(r.body) for r in fake.requests if r.path == "/graphql"]
    return [len([k for k in q["variables"] if k.startswith("o")]) for q in sent]


@pytest.mark.parametrize("answer", ["timeout", "504", "wrong"])
async def test_a_batch_github_times_out_on_is_halved_at_once(
    fetcher: Fetcher, answer: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Only the failures decide the sizes here: no answer, however slow the machine, is too slow.
    monkeypatch.setattr(graphql, "TARGET_SECONDS", 600.0)
    names = [f"ml-lab/r{i}" for i in range(GRAPHQL_BATCH)]
    repos = [FakeRepo(n, files={"README.md": "# r\n"}) for n in names]
    with FakeGitHub(repos, graphql_max_aliases=7, graphql_oversize=answer) as fake:
        results, facts = await check(fetcher, fake, names, token=TOKEN)
        # Each too heavy a batch halved at once, never sent again as it was.
        assert graphql_sizes(fake) == [30, 15, 7, 8, 4, 4, 15, 7, 8, 4, 4]
        assert {r.check.outcome for r in results.values()} == {Outcome.OK}
        # The next batches grow back towards the size that failed, never to it.
        assert facts.batch_size == 6
        fake.requests.clear()
        more = [FakeRepo(f"ml-lab/s{i}", files={"README.md": "# s\n"}) for i in range(14)]
        fake.repos.update({repo.full_name.casefold(): repo for repo in more})
        await facts.repos([repo.full_name for repo in more])
        assert graphql_sizes(fake) == [6, 7, 1]


async def test_a_plain_502_is_sent_again_once_then_halved(fetcher: Fetcher) -> None:
    names = [f"ml-lab/r{i}" for i in range(GRAPHQL_BATCH)]
    repos = [FakeRepo(n, files={"README.md": "# r\n"}) for n in names]
    with FakeGitHub(repos, graphql_max_aliases=20, graphql_oversize="502") as fake:
        results, facts = await check(fetcher, fake, names, token=TOKEN)
        assert graphql_sizes(fake) == [30, 30, 15, 15]
    assert {r.check.outcome for r in results.values()} == {Outcome.OK}
    assert facts.batch_size == GRAPHQL_BATCH  # no reason given: the next batches stay whole


@pytest.mark.parametrize("fault", ["secondary", "502"])
async def test_a_transient_fault_costs_one_query(fetcher: Fetcher, fault: str) -> None:
    names = [f"ml-lab/r{i}" for i in range(GRAPHQL_BATCH)]
    repos = [FakeRepo(n, files={"README.md": "# r\n"}) for n in names]
    with FakeGitHub(repos, token=TOKEN, graphql_faults={names[7]: fault}) as fake:
        results, facts = await check(fetcher, fake, names, token=TOKEN)
        sent = [json.loads(r.body) for r in fake.requests if r.path == "/graphql"]
    assert {r.check.outcome for r in results.values()} == {Outcome.OK}
    assert facts.requests_made == len(sent) == 2  # the batch, and the same batch again
    assert sent[0] == sent[1]
    assert graphql_sizes(fake)[0] == GRAPHQL_BATCH
    assert facts.batch_size == GRAPHQL_BATCH  # a fault of the moment shrinks nothing


@pytest.mark.parametrize("fault", ["timeout", "504", "wrong"])
async def test_a_timeout_of_the_moment_halves_that_batch_only(fetcher: Fetcher, fault: str) -> None:
    names = [f"ml-lab/r{i}" for i in range(GRAPHQL_BATCH)]
    repos = [FakeRepo(n, files={"README.md": "# r\n"}) for n in names]
    with FakeGitHub(repos, token=TOKEN, graphql_faults={names[7]: fault}) as fake:
        results, facts = await check(fetcher, fake, names, token=TOKEN)
        assert graphql_sizes(fake) == [30, 15, 15]
    assert {r.check.outcome for r in results.values()} == {Outcome.OK}
    assert facts.batch_size == 22  # growing back, halfway to the size that failed


async def test_graphql_queries_stay_within_batches_plus_faults(fetcher: Fetcher) -> None:
    # The issue's world: 388 repositories, 17 faults of the moment, a secondary limit and a
    # plain 502 in turn (a batch meeting two plain 502s in a row is halved: one query more).
    names = [f"ml-lab/r{i}" for i in range(388)]
    repos = [FakeRepo(n, files={"README.md": "# r\n"}) for n in names]
    faults = {names[i]: ("secondary", "502")[i % 2] for i in range(0, 388, 23)}
    assert len(faults) == 17
    with FakeGitHub(repos, token=TOKEN, graphql_faults=faults) as fake:
        results, facts = await check(fetcher, fake, names, token=TOKEN)
        queries = fake.counts["graphql"]
    assert {r.check.outcome for r in results.values()} == {Outcome.OK}
    assert queries == facts.requests_made <= math.ceil(388 / 30) + len(faults)
    # Every answer said its cost: 30 aliases cost GitHub's minimum of 1 point.
    assert facts.graphql_points == facts.graphql_queries == queries - len(faults)


async def test_a_slow_answer_shrinks_the_batches_a_wait_of_ours_does_not(
    fetcher: Fetcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What a batch is measured by, recorded: a wait of ours (a secondary limit's Retry-After)
    # is left out of it, so the time measured is at most the call's time less that wait; then
    # a latency twice the target shrinks the batches. (Bounds a loaded machine cannot break:
    # it only makes the exchanges slower.)
    monkeypatch.setattr(graphql, "TARGET_SECONDS", 1.0)
    measured: list[float] = []
    measure = BatchSize.measured

    def measuring(self: BatchSize, aliases: int, seconds: float, cost: int | None) -> None:
        measured.append(seconds)
        measure(self, aliases, seconds, cost)

    monkeypatch.setattr(BatchSize, "measured", measuring)
    names = [f"ml-lab/r{i}" for i in range(GRAPHQL_BATCH)]
    repos = [FakeRepo(n, files={"README.md": "# r\n"}) for n in names]
    with FakeGitHub(repos, token=TOKEN) as fake:
        body = {"message": "You have exceeded a secondary rate limit."}
        fake.script("/graphql", 403, body, {"retry-after": "2"})  # waited: not GitHub's time
        started = time.monotonic()
        await check(fetcher, fake, names, token=TOKEN)
        call = time.monotonic() - started
        assert len(measured) == 1
        assert call >= 2.0
        assert measured[0] <= call - 2.0
        fake.latency = 2.0  # twice the target: at most half the aliases
        _, facts = await check(fetcher, fake, names, token=TOKEN)
        assert measured[-1] >= 2.0
        assert 1 <= facts.batch_size <= GRAPHQL_BATCH // 2


def test_batch_size_follows_time_and_cost() -> None:
    size = BatchSize()
    assert size.current == GRAPHQL_BATCH == 30
    size.measured(30, TARGET_SECONDS * 2, 1)  # too slow: shrunk to what fits the target
    assert size.current == 15
    size.measured(15, TARGET_SECONDS * 3 / 4, 1)  # within the target, not quick: kept
    assert size.current == 15
    size.measured(15, 0.1, 2)  # quick but past the minimum cost: more aliases save nothing
    assert size.current == 15
    size.measured(15, 0.1, 1)
    assert size.current == 30
    size.failed(30)
    assert size.current == 15
    grown = []
    for _ in range(5):
        size.measured(size.current, 0.1, 1)
        grown.append(size.current)
    assert grown == [22, 26, 28, 29, 29]  # halfway to the size GitHub failed on, never it


async def test_a_single_repository_that_always_times_out_is_transient(
    fetcher: Fetcher, fake: FakeGitHub
) -> None:
    fake.graphql_max_aliases = 0
    results, _ = await check(fetcher, fake, ["ml-lab/complete", "ml-lab/fork"], token=TOKEN)
    assert {r.check.outcome for r in results.values()} == {Outcome.TRANSIENT}


# The token ------------------------------------------------------------------------------------


async def test_token_goes_to_the_api_host_only(
    fake: FakeGitHub, caplog: pytest.LogCaptureFixture
) -> None:
    seen: list[Request] = []

    def public_api(request: Request) -> Scripted:
        seen.append(request)
        return Scripted.json(404, {"message": "Not Found"})

    settings = Settings(
        github_api_url=fake.url,
        github_graphql_url=fake.url + "/graphql",
        github_server_url="https://ghe.example.com",
        github_token=TOKEN,
    )
    async with plain_fetcher(ScriptedTransport(public_api)) as mock:
        facts = GitHubFacts(mock, settings)
        # github.com links go to api.github.com, without the Enterprise token.
        await facts.repos(["someone/thing"], host="github.com")
        await facts.other("https://gist.github.com/someone/0123abcd")
    assert [urlsplit(r.url).hostname for r in seen] == ["api.github.com", "api.github.com"]
    assert all("authorization" not in map(str.lower, r.headers) for r in seen)

    # A redirect off the API origin is not followed, so the token cannot travel with it.
    with FakeGitHub() as elsewhere:
        moved = {"Location": elsewhere.url + "/repositories/1"}
        fake.script("/repos/ml-lab/complete", 301, {}, moved)
        async with plain_fetcher() as plain:
            facts = GitHubFacts(plain, settings_for(fake, token=TOKEN))
            result = await facts.repos(["ml-lab/fork"])
            other = await facts.other("https://github.com/ml-lab/complete/issues")
        assert elsewhere.requests == []
    assert result["ml-lab/fork"].check.outcome is Outcome.OK
    assert other.outcome is Outcome.UNCHECKED
    # The GraphQL query, the fork's comparison with its parent and the REST request carried
    # it, to the configured API.
    assert [r.headers.get("Authorization") for r in fake.requests] == [f"Bearer {TOKEN}"] * 3


async def test_token_never_in_details_or_logs(
    fetcher: Fetcher, fake: FakeGitHub, caplog: pytest.LogCaptureFixture
) -> None:
    fake.script(
        "/graphql", 200, "<html>Unicorn! " + TOKEN + "</html>", {"content-type": "text/html"}
    )
    with caplog.at_level(logging.DEBUG):
        first, _ = await check(fetcher, fake, NAMES, token=TOKEN)
        fake.graphql_rate_limited = True
        second, _ = await check(fetcher, fake, NAMES, token=TOKEN)
        fake.token = "another"
        third, _ = await check(fetcher, fake, NAMES, token=TOKEN)
    details = [r.check.detail for run in (first, second, third) for r in run.values()]
    assert {r.check.outcome for r in first.values()} == {Outcome.TRANSIENT}
    assert third["ml-lab/complete"].check.outcome is Outcome.UNCHECKED
    assert "401" in third["ml-lab/complete"].check.detail
    assert not any(TOKEN in d for d in details)
    assert not any(TOKEN in r.getMessage() for r in caplog.records)


# Malformed answers ----------------------------------------------------------------------------


async def test_html_and_malformed_json_are_transient(fetcher: Fetcher, fake: FakeGitHub) -> None:
    fake.script("/repos/ml-lab/complete", 200, "<html>oops</html>", {"content-type": "text/html"})
    fake.script("/repos/ml-lab/fork", 200, {"full_name": "ml-lab/fork"})  # fields missing
    fake.script("/repos/ml-lab/archived/contents/", 200, '{"not": "a list"}')
    results, _ = await check(fetcher, fake, ["ml-lab/complete", "ml-lab/fork", "ml-lab/archived"])
    assert {r.check.outcome for r in results.values()} == {Outcome.TRANSIENT}
    assert "non-JSON" in results["ml-lab/complete"].check.detail


@pytest.mark.parametrize("token", [None, TOKEN], ids=["rest", "graphql"])
async def test_a_malformed_date_is_a_missing_fact_not_a_verdict(
    fetcher: Fetcher, token: str | None
) -> None:
    # The rule of every host (auditor.hosts.answers): a date we cannot read is no date.
    odd = FakeRepo("ml-lab/odd-dates", files={"README.md": "# Odd\n", "a.py": ""})
    odd.pushed_at = "last Tuesday"
    odd.created_at = "2021-13-45T99:00:00Z"
    with FakeGitHub([odd], token=TOKEN) as server:
        results, _ = await check(fetcher, server, ["ml-lab/odd-dates"], token=token)
    answer = results["ml-lab/odd-dates"]
    assert answer.check.outcome is Outcome.OK, answer.check.detail
    assert answer.facts is not None
    assert (answer.facts.pushed_at, answer.facts.created_at) == (None, None)
    assert answer.facts.last_commit_at == "2024-05-01T17:45:12Z"  # the readable one kept


async def test_graphql_partial_data_keeps_the_good_aliases(
    fetcher: Fetcher, fake: FakeGitHub
) -> None:
    # A real answer for two repositories, then one alias broken and an unrelated error added.
    answer, _ = await check(fetcher, fake, ["ml-lab/complete", "ml-lab/fork"], token=TOKEN)
    good = answer["ml-lab/complete"].facts
    assert fake.requests[0].path == "/graphql"
    payload = {
        "data": {"r0": None, "r1": {"nameWithOwner": "ml-lab/fork"}, "rateLimit": {"cost": 1}},
        "errors": [
            {"type": "FORBIDDEN", "path": ["r0"], "message": "Resource not accessible"},
            {"type": "SOMETHING", "message": "unrelated"},
        ],
    }
    fake.script("/graphql", 200, payload)
    results, facts = await check(fetcher, fake, ["ml-lab/complete", "ml-lab/fork"], token=TOKEN)
    assert results["ml-lab/complete"].check.outcome is Outcome.TRANSIENT
    assert "Resource not accessible" in results["ml-lab/complete"].check.detail
    assert results["ml-lab/fork"].check.outcome is Outcome.TRANSIENT  # lacks fields: no traceback
    assert facts.graphql_points == 1
    assert good is not None


async def test_network_failure_is_unchecked(fetcher: Fetcher) -> None:
    with FakeGitHub() as gone:
        url = gone.url
    settings = Settings(github_api_url=url, github_graphql_url=url + "/graphql", max_retries=0)
    results = await GitHubFacts(fetcher, settings).repos(["ml-lab/x"])
    assert results["ml-lab/x"].check.outcome is Outcome.UNCHECKED


async def test_5xx_is_retried_then_transient(fetcher: Fetcher, fake: FakeGitHub) -> None:
    fake.script("/repos/ml-lab/complete", 503, {"message": "Server Error"})
    results, _ = await check(fetcher, fake, ["ml-lab/complete"])
    assert results["ml-lab/complete"].check.outcome is Outcome.OK  # max_retries=1
    fake.script("/repos/ml-lab/fork", 503, {"message": "Server Error"})
    fake.script("/repos/ml-lab/fork", 503, {"message": "Server Error"})
    results, _ = await check(fetcher, fake, ["ml-lab/fork"])
    assert results["ml-lab/fork"].check.outcome is Outcome.TRANSIENT


async def test_5xx_waits_for_retry_after_never_for_the_primary_reset(
    fetcher: Fetcher, fake: FakeGitHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    waited: list[float] = []

    async def record(seconds: float) -> None:
        waited.append(seconds)

    monkeypatch.setattr(policy, "_sleep", record)
    hour = {"x-ratelimit-remaining": "4000", "x-ratelimit-reset": str(int(time.time()) + 3600)}
    fake.script("/repos/ml-lab/complete", 503, {"message": "Server Error"}, {"retry-after": "2"})
    fake.script("/repos/ml-lab/fork", 503, {"message": "Server Error"}, hour)
    results, _ = await check(fetcher, fake, ["ml-lab/complete", "ml-lab/fork"])
    assert {r.check.outcome for r in results.values()} == {Outcome.OK}
    # Retry-After is waited; x-ratelimit-reset is the hourly window's, not a retry's wait.
    assert waited == [2.0, 0.0]


# Conditional requests -------------------------------------------------------------------------


async def test_etags_turn_repeat_requests_into_free_304s(
    fetcher: Fetcher, fake: FakeGitHub
) -> None:
    cache = DictCache()
    first = await GitHubFacts(fetcher, settings_for(fake), api_cache=cache).repos(NAMES)
    charged = fake.counts["rest"]
    second = await GitHubFacts(fetcher, settings_for(fake), api_cache=cache).repos(NAMES)
    assert all(TOKEN not in key for key in cache.store)
    # Only the uncacheable answers (404s, 301, 409, 451) are asked again in full.
    assert fake.counts["rest"] - charged < charged / 3
    assert fake.counts["rest_304"] > 0
    for name in NAMES:
        assert second[name].facts == first[name].facts


# Other GitHub links ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "outcome"),
    [
        ("https://github.com/octocat", Outcome.OK),
        ("https://github.com/nobody-here", Outcome.DEAD),
        ("https://github.com/ml-lab/complete/blob/main/src/model.py", Outcome.OK),
        ("https://github.com/ml-lab/complete/blob/main/src/missing.py", Outcome.DEAD),
        ("https://github.com/ml-lab/complete/tree/main/src", Outcome.OK),
        ("https://github.com/ml-lab/complete/releases/tag/v1.2.0", Outcome.OK),
        ("https://github.com/ml-lab/complete/releases/tag/v9", Outcome.DEAD),
        ("https://github.com/ml-lab/complete/wiki", Outcome.OK),
        ("https://github.com/ml-lab/taken-down/wiki", Outcome.DEAD),
        ("https://github.com/features/copilot", Outcome.UNSUPPORTED),
        ("https://gitlab.com/a/b", Outcome.UNSUPPORTED),
    ],
)
async def test_other_links(fetcher: Fetcher, fake: FakeGitHub, url: str, outcome: Outcome) -> None:
    # Point "github.com" at the fake: the configured server is github.com, its API the fake.
    facts = GitHubFacts(fetcher, settings_for(fake))
    assert (await facts.other(url)).outcome is outcome


async def test_other_blob_with_a_slash_in_the_branch(fetcher: Fetcher, fake: FakeGitHub) -> None:
    facts = GitHubFacts(fetcher, settings_for(fake))
    check_ = await facts.other("https://github.com/ml-lab/complete/blob/feature/x/src/model.py")
    # The first try (ref "feature", path "x/src/model.py") finds no such ref, the fallback
    # (ref "feature/x", path "src/model.py") finds the file.
    assert check_.outcome is Outcome.OK
    assert [r.path.split("?")[0] for r in fake.requests][-2:] == [
        "/repos/ml-lab/complete/contents/x/src/model.py",
        "/repos/ml-lab/complete/contents/src/model.py",
    ]


def test_api_for_host() -> None:
    public = api_for_host("github.com", Settings(github_token="t"))
    assert public
    assert public.rest == "https://api.github.com"
    assert public.authorised
    ghe = Settings(
        github_api_url="https://ghe.example.com/api/v3",
        github_graphql_url="https://ghe.example.com/api/graphql",
        github_server_url="https://ghe.example.com",
        github_token="t",
    )
    enterprise = api_for_host("GHE.example.com", ghe)
    assert enterprise
    assert enterprise.rest == "https://ghe.example.com/api/v3"
    assert enterprise.graphql == "https://ghe.example.com/api/graphql"
    assert enterprise.authorised
    on_public = api_for_host("github.com", ghe)
    assert on_public
    assert on_public.rest == "https://api.github.com"
    assert not on_public.authorised  # the Enterprise token stays at home
    assert api_for_host("gitlab.com", ghe) is None
    assert raw_origins(public) == {("https", "raw.githubusercontent.com", 443)}
    assert raw_origins(enterprise) == {
        ("https", "ghe.example.com", 443),
        ("https", "raw.ghe.example.com", 443),
    }


async def test_not_an_owner_name_pair(fetcher: Fetcher, fake: FakeGitHub) -> None:
    results, facts = await check(fetcher, fake, ["just-one-part", "a/b/c"])
    assert {r.check.outcome for r in results.values()} == {Outcome.UNSUPPORTED}
    assert facts.requests_made == 0


# Recorded answers -----------------------------------------------------------------------------


def recorded(name: str) -> str:
    path = RECORDED / name
    if not path.is_file():
        pytest.skip(f"recorded answers are not at {RECORDED}")
    return path.read_text(encoding="utf-8")


async def test_recorded_rest_answers_parse(fetcher: Fetcher, fake: FakeGitHub) -> None:
    repo = json.loads(recorded("rest_repos_get.PyGithub_PyGithub.200.json"))
    readme = json.loads(recorded("rest_repos_readme.PyGithub_PyGithub.200.json"))
    text = base64.b64decode(readme["content"]).decode()
    # The README comes from the raw host, by the root listing's download_url.
    fake.repos["pygithub/pygithub"] = FakeRepo("PyGithub/PyGithub", files={"README.md": text})
    fake.script("/repos/PyGithub/PyGithub", 200, repo)
    fake.script(
        "/repos/PyGithub/PyGithub/commits",
        200,
        recorded("rest_repos_commits.PyGithub_PyGithub.per_page2.200.json"),
    )
    results, _ = await check(fetcher, fake, ["PyGithub/PyGithub"])
    facts = results["PyGithub/PyGithub"].facts
    assert facts is not None
    assert facts.license_spdx == "LGPL-3.0"
    assert facts.license_class is LicenseClass.COPYLEFT
    assert facts.stars == 7126
    assert facts.open_issues == 364
    assert facts.default_branch == "main"
    assert facts.last_commit_at == "2023-08-28T18:27:45Z"
    assert facts.readme_bytes == 2524
    assert ReadmeCover.INSTALL in facts.readme_covers
    assert facts.homepage == "https://pygithub.readthedocs.io/"


async def test_recorded_rename_answer(fetcher: Fetcher, fake: FakeGitHub) -> None:
    body = json.loads(recorded("rest_repos_get.renamed.301.json"))
    target = f"/repositories/{fake.repos['ml-lab/new-name'].id}"
    body["url"] = fake.url + target
    fake.script("/repos/protoncoin/protoncoin", 301, body, {"Location": body["url"]})
    results, _ = await check(fetcher, fake, ["protoncoin/protoncoin"])
    assert results["protoncoin/protoncoin"].check.outcome is Outcome.MOVED
    assert results["protoncoin/protoncoin"].check.final_url == "https://github.com/ml-lab/new-name"


# Requests per repository ----------------------------------------------------------------------


def bulk_repos(count: int) -> list[FakeRepo]:
    """A mix like a paper list: most have README.md, some README.rst, some requirements."""
    repos = []
    for i in range(count):
        files = {"LICENSE": "MIT", "train.py": ""}
        if i % 10 == 0:
            files["README.rst"] = "Usage\n=====\n"
        else:
            files["README.md"] = README
        if i % 3 == 0:
            files["requirements.txt"] = "torch==2.1\n"
        repos.append(
            FakeRepo(
                f"ml-lab/bulk{i}",
                files=files,
                license=MIT,
                last_commit_at=None if i % 25 == 0 else "2024-01-01T00:00:00Z",
                release=("v1", "2024-01-02T00:00:00Z") if i % 2 and i % 25 else None,
            )
        )
    return repos


async def test_requests_per_repository_for_200(fetcher: Fetcher) -> None:
    names = [f"ml-lab/bulk{i}" for i in range(200)]
    with FakeGitHub(bulk_repos(200)) as fake:
        rest, rest_facts = await check(fetcher, fake, names)
        api = [r for r in fake.requests if not r.path.startswith("/raw/")]
        raw = [r for r in fake.requests if r.path.startswith("/raw/")]
        per_name = Counter(r.path.split("/")[3] for r in api)
        raw_per_name = Counter(r.path.split("/")[3] for r in raw)
        requirements = {r.path.split("/")[3] for r in raw if "requirements" in r.path}
        graphql, graphql_facts = await check(fetcher, fake, names, token=TOKEN)
        counts = dict(fake.counts)
    assert {r.check.outcome for r in rest.values()} == {Outcome.OK}
    for name in names:
        assert without_source(rest[name].facts) == without_source(graphql[name].facts)
    per_repo = rest_facts.requests_made / 200
    batches = math.ceil(200 / GRAPHQL_BATCH)
    print(
        f"\n200 repositories: REST {rest_facts.requests_made} requests ({per_repo:.2f}/repo);"
        f" GraphQL {graphql_facts.requests_made} queries, {graphql_facts.graphql_points} points"
    )
    assert counts["rest"] == rest_facts.requests_made
    assert counts["raw"] == rest_facts.raw_requests == len(raw)
    assert all("authorization" not in {k.lower() for k in r.headers} for r in raw)
    # Without a budget to keep: 2 API requests (repository, root listing) and the follow-ups
    # (newest release, newest commit); 2 for an empty repository. The README, and
    # requirements.txt where it decides deps_pinned, from the raw host.
    for i, name in enumerate(names):
        short = name.split("/")[1]
        assert per_name[short] == (2 if i % 25 == 0 else 4), name
        assert raw_per_name[short] == (0 if i % 25 == 0 else 2 if short in requirements else 1)
        assert rest[name].facts is not None
        assert rest[name].facts.skipped == ()
    # One query per batch: README.md and README.rst are read in it.
    assert graphql_facts.requests_made == batches
    assert graphql_facts.graphql_points == counts["graphql"] == batches


def refuse_raw_files(fake: FakeGitHub, count: int, *, answers: int = 6) -> None:
    """The raw host answers 429 (no Retry-After) to every README and requirements.txt of the
    first `count` bulk repositories, more often than the retries ask."""
    for i in range(count):
        for name in ("README.md", "README.rst", "requirements.txt"):
            for _ in range(answers):
                fake.script(f"/raw/ml-lab/bulk{i}/main/{name}", 429, "Too Many Requests")


async def test_a_raw_host_refusing_files_costs_their_facts_never_the_repository(
    fetcher: Fetcher,
) -> None:
    """Tokenless at 60 requests an hour, 30 repositories and the raw host in a 429 storm: every
    repository keeps its verdict from the API; what the refused README and dependency lists
    would say is unknown (never "no README"), as the budget leaves nothing to ask the API."""
    names = [f"ml-lab/bulk{i}" for i in range(30)]
    with FakeGitHub(bulk_repos(30), rest_budget=60) as fake:
        refuse_raw_files(fake, 30)
        rest, facts = await check(fetcher, fake, names)
        asked = [r.path for r in fake.requests if not r.path.startswith("/raw/")]

    assert {r.check.outcome for r in rest.values()} == {Outcome.OK}
    assert len(asked) == facts.requests_made == 60  # the two that judge each: nothing more
    for i, name in enumerate(names):
        got = rest[name].facts
        assert got is not None
        if i % 25 == 0:  # empty: nothing to read
            assert got.skipped == ()
            continue
        assert "readme" in got.skipped, name
        assert not got.readme_analysed
        assert got.readme_path is None
        assert got.readme_covers == ()
        if "requirements.txt" in got.root_files:
            assert "dependency-files" in got.skipped


async def test_with_budget_to_spare_the_api_gives_the_files_the_raw_host_refused(
    fetcher: Fetcher,
) -> None:
    names = [f"ml-lab/bulk{i}" for i in range(30)]
    with FakeGitHub(bulk_repos(30)) as fake:
        clean, _ = await check(fetcher, fake, names)
    with FakeGitHub(bulk_repos(30)) as fake:
        refuse_raw_files(fake, 30)
        rest, _ = await check(fetcher, fake, names)
        asked = Counter(r.path.split("/", 4)[-1] for r in fake.requests if "/bulk7" in r.path)

    for name in names:
        assert without_source(rest[name].facts) == without_source(clean[name].facts), name
    # bulk7: the raw README refused twice (the retry), then GitHub's README through the API.
    assert asked["readme"] == 1
    assert asked["main/README.md"] == 2


def reading_group(count: int) -> list[FakeRepo]:
    """A reading group's list: READMEs (some in .github/ or docs/), licences, requirements,
    releases, a fork, an archived and an empty repository."""
    repos = bulk_repos(count)
    repos[1].files = {".github/README.md": README, ".github/workflows/ci.yml": "", "a.py": ""}
    repos[2].files = {"docs/README.md": README, "docs/conf.py": "", "train.py": ""}
    repos[3].parent = "upstream/original"
    repos[4].archived = True
    return repos


async def test_the_60_an_hour_budget_fully_judges_30_repositories(
    fetcher: Fetcher,
) -> None:
    names = [f"ml-lab/bulk{i}" for i in range(30)]
    with FakeGitHub(reading_group(30)) as unlimited:
        graphql, _ = await check(fetcher, unlimited, names, token=TOKEN)
    with FakeGitHub(reading_group(30), rest_budget=60) as fake:
        rest, _ = await check(fetcher, fake, names)
        counts = dict(fake.counts)
    assert counts["rest"] + counts.get("rest_304", 0) <= 60
    assert counts["raw"] > 0  # READMEs and requirements came from the raw host
    for name in names:
        result = rest[name]
        assert result.check.outcome is Outcome.OK, (name, result.check.detail)
        got, want = result.facts, graphql[name].facts
        assert got is not None
        assert want is not None
        # Fully judged: existence, licence, README covers, root files, activity.
        judged = ("exists", "license_spdx", "license_class", "readme_path", "readme_covers",
                  "root_files", "env_files", "deps_pinned", "pushed_at", "fork")  # fmt: skip
        for field in judged:
            assert getattr(got, field) == getattr(want, field), (name, field)
        if not got.empty:  # what 60 requests could not also cover is named
            fork = ("fork-comparison",) if got.fork else ()
            assert got.skipped == ("releases", "last-commit", *fork), name
    # The follow-ups wait for the budget: a list that leaves some gets them.
    with FakeGitHub(reading_group(20), rest_budget=60) as fake:
        short, _ = await check(fetcher, fake, names[:20])
    with_release = [n for n in names[:20] if short[n].facts and short[n].facts.latest_release]
    assert with_release
    assert all(short[n].facts and "releases" not in short[n].facts.skipped for n in with_release)


async def test_a_rename_is_followed_only_within_the_budget(fetcher: Fetcher) -> None:
    repos = [FakeRepo(f"ml-lab/r{i}", files={"README.md": "# r\n"}) for i in range(3)]
    repos.append(FakeRepo("ml-lab/new", files={"README.md": "# n\n"}, old_names=("ml-lab/old",)))
    names = ["ml-lab/old", "ml-lab/r0", "ml-lab/r1", "ml-lab/r2"]
    with FakeGitHub(repos, rest_budget=7) as fake:
        results, _ = await check(fetcher, fake, names)
    moved = results["ml-lab/old"]
    assert moved.check.outcome is Outcome.MOVED
    assert moved.facts is None
    assert "not followed" in moved.check.detail
    assert "GITHUB_TOKEN" in moved.check.detail
    assert {results[n].check.outcome for n in names[1:]} == {Outcome.OK}
    with FakeGitHub(repos, rest_budget=60) as fake:
        results, _ = await check(fetcher, fake, names)
    assert results["ml-lab/old"].check.final_url == "https://github.com/ml-lab/new"
    assert results["ml-lab/old"].facts is not None


async def test_raw_files_never_get_the_token_and_stay_on_the_raw_host(
    fetcher: Fetcher, fake: FakeGitHub
) -> None:
    results, facts = await check(fetcher, fake, ["ml-lab/complete"])
    assert facts.raw_requests >= 1
    raw = [r for r in fake.requests if r.path.startswith("/raw/")]
    assert raw
    assert all("authorization" not in {k.lower() for k in r.headers} for r in raw)
    # A download_url off the raw host is not followed: nothing is read from elsewhere.
    listing = [{"name": "README.md", "type": "file", "size": 3,
                "download_url": "https://elsewhere.example/raw/README.md"}]  # fmt: skip
    fake.script("/repos/ml-lab/fork/contents/", 200, listing)
    results, _ = await check(fetcher, fake, ["ml-lab/fork"])
    assert results["ml-lab/fork"].check.outcome is Outcome.TRANSIENT
    assert "download_url" in results["ml-lab/fork"].check.detail


# Blocks, forks, moves, pinning (issue 13) -----------------------------------------------------


def follow_up_repos() -> list[FakeRepo]:
    placeholder = "# Fancy\n\n**The code has moved to https://github.com/newlab/fancy.**\n"
    return [
        FakeRepo("acme/dmca", files={"README.md": "x", "a.py": ""}, blocked="dmca"),
        FakeRepo("acme/tos", files={"README.md": "x", "a.py": ""}, blocked="tos"),
        FakeRepo("acme/copy", files={"README.md": "# up\n", "a.py": ""}, parent="up/stream"),
        FakeRepo(
            "beta/own", files={"README.md": "# up\n", "a.py": ""}, parent="up/stream", ahead_by=3
        ),
        FakeRepo("acme/old-home", files={"README.md": placeholder, "LICENSE": ""}),
        FakeRepo("newlab/fancy", files={"README.md": "# Fancy\n", "fancy.py": ""}, license=MIT),
        FakeRepo("acme/gone-home", files={"README.md": placeholder.replace("fancy", "nothing")}),
        FakeRepo(
            "acme/conda",
            files={
                "README.md": "# c\n",
                "a.py": "",
                "environment.yml": "dependencies:\n  - python=3.10\n  - numpy=1.26.4\n",
            },
        ),
        FakeRepo(
            "acme/poetry",
            files={
                "README.md": "# p\n",
                "a.py": "",
                "pyproject.toml": '[tool.poetry.dependencies]\npython = "^3.10"\ntorch = "^2.1"\n',
            },
        ),
    ]


@pytest.fixture
def followups() -> Iterator[FakeGitHub]:
    with FakeGitHub(follow_up_repos(), token=TOKEN) as server:
        yield server


@pytest.mark.parametrize("token", [None, TOKEN], ids=["rest", "graphql"])
async def test_blocked_repositories_are_dead_with_the_notice(
    fetcher: Fetcher, followups: FakeGitHub, token: str | None
) -> None:
    results, _ = await check(fetcher, followups, ["acme/dmca", "acme/tos"], token=token)
    dmca, tos = results["acme/dmca"].check, results["acme/tos"].check
    assert dmca.outcome is Outcome.DEAD
    assert dmca.http_status == 451
    assert "dmca" in dmca.detail
    assert "https://github.com/github/dmca/blob/master/2023/02/notice.md" in dmca.detail
    assert tos.outcome is Outcome.DEAD
    assert tos.http_status == 403
    assert "tos" in tos.detail
    assert results["acme/dmca"].facts == RepoFacts("acme/dmca", exists=False, source="rest")


async def test_graphql_errors_other_than_not_found_ask_rest_once(
    fetcher: Fetcher, followups: FakeGitHub
) -> None:
    failure = {"data": {"r0": None, "rateLimit": {"cost": 1}}}
    # A 403 without `block` stays what GraphQL said (transient), and so does a real transient.
    for status, body in ((403, {"message": "Forbidden"}), (200, None)):
        errors = [{"type": "FORBIDDEN", "path": ["r0"], "message": "Resource not accessible"}]
        followups.script("/graphql", 200, {**failure, "errors": errors})
        if body is not None:
            followups.script("/repos/lab/copy", status, body)
        results, _ = await check(fetcher, followups, ["acme/copy"], token=TOKEN)
        assert results["acme/copy"].check.outcome is Outcome.TRANSIENT
        assert "Resource not accessible" in results["acme/copy"].check.detail
    # NOT_FOUND is an answer: no REST request follows.
    before = followups.counts["rest"]
    results, _ = await check(fetcher, followups, ["nobody/missing"], token=TOKEN)
    assert results["nobody/missing"].check.outcome is Outcome.DEAD
    assert followups.counts["rest"] == before


@pytest.mark.parametrize("token", [None, TOKEN], ids=["rest", "graphql"])
async def test_forks_are_compared_with_their_parent(
    fetcher: Fetcher, followups: FakeGitHub, token: str | None
) -> None:
    results, _ = await check(
        fetcher, followups, ["acme/copy", "beta/own", "acme/conda"], token=token
    )
    copy, own, plain = (results[n].facts for n in ("acme/copy", "beta/own", "acme/conda"))
    assert copy is not None
    assert copy.fork_ahead_by == 0
    assert own is not None
    assert own.fork_ahead_by == 3
    assert plain is not None
    assert plain.fork_ahead_by is None
    compared = [r.path for r in followups.requests if "/compare/" in r.path]
    assert sorted(compared) == [
        "/repos/up/stream/compare/main...acme:main",
        "/repos/up/stream/compare/main...beta:main",
    ]


@pytest.mark.parametrize("token", [None, TOKEN], ids=["rest", "graphql"])
async def test_a_readme_move_is_followed_one_hop(
    fetcher: Fetcher, followups: FakeGitHub, token: str | None
) -> None:
    results, _ = await check(fetcher, followups, ["acme/old-home", "acme/gone-home"], token=token)
    moved = results["acme/old-home"]
    assert moved.check.outcome is Outcome.MOVED
    assert moved.check.final_url == "https://github.com/newlab/fancy"
    assert "acme/old-home" in moved.check.detail
    assert "newlab/fancy" in moved.check.detail
    assert moved.facts is not None
    assert moved.facts.full_name == "newlab/fancy"
    assert moved.facts.license_spdx == "MIT"
    gone = results["acme/gone-home"]
    assert gone.check.outcome is Outcome.DEAD
    assert gone.check.final_url == "https://github.com/newlab/nothing"


@pytest.mark.parametrize("token", [None, TOKEN], ids=["rest", "graphql"])
async def test_pinning_read_from_environment_and_pyproject_files(
    fetcher: Fetcher, followups: FakeGitHub, token: str | None
) -> None:
    results, _ = await check(fetcher, followups, ["acme/conda", "acme/poetry"], token=token)
    conda, poetry = results["acme/conda"].facts, results["acme/poetry"].facts
    assert conda is not None
    assert conda.deps_pinned is True
    assert poetry is not None
    assert poetry.deps_pinned is False


def _blob_paths(query: str) -> list[str]:
    """The paths a query reads as files (blobs), in its order."""
    return re.findall(r'object\(expression: "HEAD:([^"]+)"\) \{ \.\.\. on Blob', query)


def test_the_query_reads_every_dependency_list_the_pinning_rule_knows() -> None:
    blobs = _blob_paths(build_batch_query(1))
    assert [path for path in blobs if path in repofiles.MANIFESTS] == list(repofiles.MANIFESTS)


def test_the_query_prefetches_exactly_the_usual_readmes_of_repofiles() -> None:
    # The README paths asked for before a folder is listed are repofiles' one list: the GraphQL
    # query reads each of them (and nothing else but the dependency lists, the trees and the
    # `.gitattributes` saying which files Git LFS stores) ...
    blobs = _blob_paths(build_batch_query(1))
    assert ".gitattributes" in blobs
    readmes = [path for path in blobs if path not in (*repofiles.MANIFESTS, ".gitattributes")]
    assert readmes == list(repofiles.usual_readmes())
    assert all(repofiles.README_NAME.fullmatch(path.rsplit("/", 1)[-1]) for path in readmes)
    # ... and each is the README `preferred_readme` picks when it is the only one of its folder.
    for path in readmes:
        folder, _, name = path.rpartition("/")
        assert repofiles.preferred_readme({folder: [name]}) == path


# Released means released: folders of placeholder files, the README's branch (issue 24) -------


def released_repos() -> list[FakeRepo]:
    soon = "# Stub\n\nThe code will be released soon.\n"
    return [
        FakeRepo(
            "acme/stubs", files={"README.md": soon, "src/__init__.py": "", "src/net.py": "# TODO\n"}
        ),
        FakeRepo("acme/kept", files={"README.md": soon, "code/.gitkeep": "", "data/.gitkeep": ""}),
        # Near misses: an __init__.py with real code; a subfolder; a code file at the root.
        FakeRepo(
            "acme/reexport", files={"README.md": soon, "pkg/__init__.py": "from .net import Net\n"}
        ),
        FakeRepo(
            "acme/nested", files={"README.md": soon, "src/.gitkeep": "", "src/nets/a.py": "x = 1\n"}
        ),
        FakeRepo(
            "acme/rooted", files={"README.md": soon, "src/__init__.py": "", "main.py": "print(1)\n"}
        ),
        # A README sending the reader to a branch; one naming a branch that does not exist; one
        # whose own root holds the code (nothing to follow).
        FakeRepo(
            "acme/on-branch",
            files={"README.md": "# B\n\nThe code lives on the `release` branch.\n"},
            refs={"release": {"README.md": USAGE_README, "run.py": "print(1)\n"}},
        ),
        FakeRepo(
            "acme/no-branch", files={"README.md": "# N\n\nThe code is on the `gone` branch.\n"}
        ),
        FakeRepo(
            "acme/has-code",
            files={"README.md": "# H\n\nSee the dev branch for nightly work.\n", "run.py": ""},
            refs={"dev": {"README.md": "# dev\n"}},
        ),
    ]


USAGE_README = "# B\n\n## Usage\n```bash\npython run.py\n```\n"


@pytest.mark.parametrize("token", [None, TOKEN], ids=["rest", "graphql"])
async def test_folders_holding_only_placeholder_files_are_named_empty(
    fetcher: Fetcher, token: str | None
) -> None:
    names = ["acme/stubs", "acme/kept", "acme/reexport", "acme/nested", "acme/rooted"]
    with FakeGitHub(released_repos(), token=TOKEN) as fake:
        results, _ = await check(fetcher, fake, names, token=token)
        listed = [r.path for r in fake.requests if re.search(r"/contents/[^?]+$", r.path)]
    empty = {name: results[name].facts.empty_folders for name in names if results[name].facts}
    assert empty == {
        "acme/stubs": ("src",),
        "acme/kept": ("code",),  # data/ is no code by its name: not listed
        "acme/reexport": (),
        "acme/nested": (),
        "acme/rooted": (),  # main.py decides: src/ is not listed
    }
    if token is None:  # one request a folder, only where the root's code is folders
        assert sorted(listed) == [
            "/repos/acme/kept/contents/code",
            "/repos/acme/nested/contents/src",
            "/repos/acme/reexport/contents/pkg",
            "/repos/acme/stubs/contents/src",
        ]


async def test_root_folders_the_budget_cannot_cover_are_skipped_never_credited(
    fetcher: Fetcher,
) -> None:
    with FakeGitHub(released_repos(), rest_budget=2) as fake:
        results, _ = await check(fetcher, fake, ["acme/stubs"])
    facts = results["acme/stubs"].facts
    assert facts is not None
    assert facts.empty_folders == ()
    assert "folder-contents" in facts.skipped


@pytest.mark.parametrize("token", [None, TOKEN], ids=["rest", "graphql"])
async def test_a_readme_sending_the_reader_to_a_branch_is_followed_one_hop(
    fetcher: Fetcher, token: str | None
) -> None:
    names = ["acme/on-branch", "acme/no-branch", "acme/has-code"]
    with FakeGitHub(released_repos(), token=TOKEN) as fake:
        results, _ = await check(fetcher, fake, names, token=token)
    hopped, missing, rooted = (results[name] for name in names)
    assert hopped.check.outcome is Outcome.OK
    assert hopped.check.detail == "judged on branch release, where the README sends the reader"
    assert hopped.facts is not None
    assert (hopped.facts.ref, hopped.facts.folder) == ("release", None)
    assert hopped.facts.root_files == ("README.md", "run.py")
    assert ReadmeCover.USAGE in hopped.facts.readme_covers
    # No such branch: judged as it stands, a placeholder, the branch no longer named.
    assert missing.facts is not None
    assert (missing.facts.ref, missing.facts.readme_branch) == (None, None)
    assert ReadmeCover.PLACEHOLDER in missing.facts.readme_covers
    # Code at the root: the branch mentioned is not followed.
    assert rooted.facts is not None
    assert (rooted.facts.ref, rooted.facts.root_files) == (None, ("README.md", "run.py"))


async def test_a_branch_the_budget_cannot_cover_is_skipped_never_judged_on_the_root(
    fetcher: Fetcher,
) -> None:
    with FakeGitHub(released_repos(), rest_budget=2) as fake:
        results, _ = await check(fetcher, fake, ["acme/on-branch"])
        asked = [r.path for r in fake.requests if not r.path.startswith("/raw/")]
    facts = results["acme/on-branch"].facts
    assert facts is not None
    assert (facts.readme_branch, facts.ref) == ("release", None)
    assert "branch-hop" in facts.skipped
    assert asked == ["/repos/acme/on-branch", "/repos/acme/on-branch/contents/"]


# Committed checkpoints ---------------------------------------------------------------------------

CHECKPOINTED = {
    "README.md": "# Net\n",
    "train.py": "",
    ".gitattributes": "*.pth filter=lfs diff=lfs merge=lfs -text\n",
    "checkpoints/net.pth": "version https://git-lfs.github.com/spec/v1\n",
    "checkpoints/stats.pkl": "pickle",  # ambiguous, but its folder says weights
    "checkpoints/imagenet/best.ckpt": "weights",  # a subfolder, listed too
    "checkpoints/imagenet/deeper/last.ckpt": "weights",  # two levels down: not listed
    "data/features.npz": "numbers",  # ambiguous and in no weights folder: not listed, not weights
}


@pytest.mark.parametrize("token", [None, TOKEN], ids=["rest", "graphql"])
async def test_checkpoints_in_a_folder_named_for_weights_are_found_lfs_told(
    fetcher: Fetcher, token: str | None
) -> None:
    with FakeGitHub([FakeRepo("ml-lab/net", files=CHECKPOINTED)], token=token) as fake:
        results, _ = await check(fetcher, fake, ["ml-lab/net"], token=token)
    facts = results["ml-lab/net"].facts
    assert facts is not None
    assert facts.committed_weights == (
        "checkpoints/net.pth",
        "checkpoints/stats.pkl",
        "checkpoints/imagenet/best.ckpt",
    )
    assert facts.weights_in_lfs == ("checkpoints/net.pth",)


async def test_weights_folders_not_listed_for_the_budget_are_named_skipped(
    fetcher: Fetcher,
) -> None:
    # Two requests judge the repository; nothing is left to list its checkpoints folder.
    with FakeGitHub([FakeRepo("ml-lab/net", files=CHECKPOINTED)], rest_budget=2) as fake:
        results, _ = await check(fetcher, fake, ["ml-lab/net"])
    facts = results["ml-lab/net"].facts
    assert facts is not None
    assert WEIGHTS_FOLDERS in facts.skipped
    assert facts.committed_weights == ()
