"""What users report (`auditor.hosts.github.tracker`), through the fake GitHub: blocker titles
read in the facts batch at no extra point, labels and maintainers' answers from one follow-up
only for repositories with blocker titles and only within the points left, never without a
token; and the fake's cost as GitHub documents it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
from graphql import GraphQLSchema, build_ast_schema, parse

from auditor.hosts.github import GitHubFacts, build_batch_query, graphql
from auditor.hosts.github.tracker import TITLES_READ, build_answers_query
from auditor.models import TRACKER_FOLLOW_UP, BlockerKind, Outcome
from auditor.net.fetcher import Fetcher
from tests.support.fake_github import (
    SCHEMA_SUBSET,
    FakeGitHub,
    FakeIssue,
    FakeRepo,
    documented_cost,
)
from tests.support.github_schema import github_schema, schema_path
from tests.support.github_world import TOKEN, settings_for
from tests.support.local_servers import plain_fetcher

TRACKER = (
    FakeIssue("Great work!", created_at="2025-09-01T10:00:00Z"),
    FakeIssue(
        "Checkpoint download link is broken",
        created_at="2025-11-02T09:00:00Z",
        labels=("bug",),
        comments=("NONE", "OWNER"),
    ),
    FakeIssue("Pretrained weights not released", created_at="2025-12-01T09:00:00Z"),
    FakeIssue(
        "When will the code be released?",
        open=False,
        created_at="2025-06-01T09:00:00Z",
        closed_at="2025-07-01T09:00:00Z",
        comments=("MEMBER",),
    ),
    FakeIssue("Cannot reproduce Table 2", created_at="2026-01-05T09:00:00Z", comments=("NONE",)),
)


def lab(name: str, issues: tuple[FakeIssue, ...] = ()) -> FakeRepo:
    return FakeRepo(f"ml-lab/{name}", files={"README.md": f"# {name}\n"}, issues=issues)


@pytest.fixture
async def fetcher() -> AsyncIterator[Fetcher]:
    async with plain_fetcher() as plain:
        yield plain


def graphql_documents(fake: FakeGitHub) -> list[str]:
    return [json.loads(r.body)["query"] for r in fake.requests if r.path == "/graphql"]


async def test_blocker_titles_become_the_repositorys_reports_with_their_answers(
    fetcher: Fetcher,
) -> None:
    with FakeGitHub([lab("tracked", TRACKER), lab("quiet", TRACKER[:1])], token=TOKEN) as fake:
        facts = GitHubFacts(fetcher, settings_for(fake, token=TOKEN))
        results = await facts.repos(["ml-lab/tracked", "ml-lab/quiet"])
        documents = graphql_documents(fake)
    assert results["ml-lab/quiet"].facts is not None
    assert results["ml-lab/quiet"].facts.tracker is None  # no blocker title: nothing to say
    tracked = results["ml-lab/tracked"].facts
    assert tracked is not None
    assert tracked.tracker is not None
    assert (tracked.tracker.issues, tracked.tracker.read) == (5, 5)
    reports = {r.number: r for r in tracked.tracker.reports}
    assert {n: r.kind for n, r in reports.items()} == {
        2: BlockerKind.WEIGHTS_MISSING,
        3: BlockerKind.WEIGHTS_MISSING,
        4: BlockerKind.RELEASE_WHEN,
        5: BlockerKind.CANNOT_REPRODUCE,
    }
    assert reports[2].url == "https://github.com/ml-lab/tracked/issues/2"
    assert reports[2].opened_at == "2025-11-02T09:00:00Z"
    # The follow-up, for the open reports only: labels, and a maintainer's comment.
    assert (reports[2].labels, reports[2].answered) == (("bug",), True)
    assert (reports[3].labels, reports[3].answered) == ((), False)
    assert reports[5].answered is False  # a comment, but not the maintainers'
    assert (reports[4].open, reports[4].closed_at, reports[4].answered) == (
        False,
        "2025-07-01T09:00:00Z",
        None,
    )
    # One facts query, one follow-up naming only the repository with blocker titles.
    assert len(documents) == 2
    assert documents[1].count(": repository(") == 1
    assert documents[1].count(": issue(") == 3
    assert TRACKER_FOLLOW_UP not in tracked.skipped


async def test_only_the_latest_titles_are_read(fetcher: Fetcher) -> None:
    old = FakeIssue("Weights link returns 404", created_at="2024-01-01T00:00:00Z")
    recent = tuple(FakeIssue(f"Question {k}") for k in range(TITLES_READ))
    with FakeGitHub(
        [lab("busy", (old, *recent)), lab("late", (*recent, old))], token=TOKEN
    ) as fake:
        results = await GitHubFacts(fetcher, settings_for(fake, token=TOKEN)).repos(
            ["ml-lab/busy", "ml-lab/late"]
        )
    busy, late = results["ml-lab/busy"].facts, results["ml-lab/late"].facts
    assert busy is not None
    assert late is not None
    assert busy.tracker is None  # the one report is older than the latest 20
    assert late.tracker is not None
    assert (late.tracker.issues, late.tracker.read) == (TITLES_READ + 1, TITLES_READ)
    assert [r.number for r in late.tracker.reports] == [TITLES_READ + 1]


async def test_no_follow_up_without_blocker_titles(fetcher: Fetcher) -> None:
    quiet = [lab(f"q{k}", TRACKER[:1]) for k in range(30)]
    with FakeGitHub(quiet, token=TOKEN) as fake:
        facts = GitHubFacts(fetcher, settings_for(fake, token=TOKEN))
        await facts.repos([repo.full_name for repo in quiet])
        assert fake.counts["graphql"] == 1
        # 30 repositories, their trackers' titles included, still cost the batch's one point.
        assert fake.graphql_points == facts.graphql_points == 1


async def test_the_follow_up_leaves_the_points_the_repositories_to_come_need(
    fetcher: Fetcher,
) -> None:
    # 3 points an hour: the batch spends 1, and 2 are left for the 60 repositories the caller
    # still has to ask about (2 batches of 30): no point for the follow-up.
    with FakeGitHub([lab("tracked", TRACKER)], token=TOKEN, graphql_budget=3) as fake:
        facts = GitHubFacts(fetcher, settings_for(fake, token=TOKEN))
        results = await facts.repos(["ml-lab/tracked"], upcoming=60)
        assert fake.counts["graphql"] == 1
    tracked = results["ml-lab/tracked"].facts
    assert tracked is not None
    assert tracked.tracker is not None
    assert TRACKER_FOLLOW_UP in tracked.skipped
    assert {r.answered for r in tracked.tracker.reports} == {None}
    assert len(tracked.tracker.reports) == 4  # the titles stand without their answers
    # With the points for them, the same repository gets its follow-up.
    with FakeGitHub([lab("tracked", TRACKER)], token=TOKEN, graphql_budget=4) as fake:
        facts = GitHubFacts(fetcher, settings_for(fake, token=TOKEN))
        results = await facts.repos(["ml-lab/tracked"], upcoming=60)
        assert fake.counts["graphql"] == 2
    assert results["ml-lab/tracked"].facts is not None
    assert TRACKER_FOLLOW_UP not in results["ml-lab/tracked"].facts.skipped


async def test_a_failed_follow_up_keeps_the_reports_and_the_verdict(
    fetcher: Fetcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A follow-up GitHub answers with no data (here: a document it rejects).
    monkeypatch.setattr(graphql, "build_answers_query", lambda counts: "query { nothing }")
    with FakeGitHub([lab("tracked", TRACKER)], token=TOKEN) as fake:
        results = await GitHubFacts(fetcher, settings_for(fake, token=TOKEN)).repos(
            ["ml-lab/tracked"]
        )
        assert fake.counts["graphql"] == 2
    assert results["ml-lab/tracked"].check.outcome is Outcome.OK
    tracked = results["ml-lab/tracked"].facts
    assert tracked is not None
    assert tracked.tracker is not None
    assert len(tracked.tracker.reports) == 4
    assert {r.answered for r in tracked.tracker.reports} == {None}
    assert TRACKER_FOLLOW_UP in tracked.skipped


async def test_tokenless_never_reads_the_tracker(fetcher: Fetcher) -> None:
    with FakeGitHub([lab("tracked", TRACKER)], token=TOKEN) as fake:
        results = await GitHubFacts(fetcher, settings_for(fake)).repos(["ml-lab/tracked"])
        paths = [r.path for r in fake.requests]
    assert results["ml-lab/tracked"].facts is not None
    assert results["ml-lab/tracked"].facts.tracker is None
    assert not [path for path in paths if "issues" in path or path == "/graphql"]


# GraphQL's cost, as GitHub documents it ---------------------------------------------------------


def published_schema() -> GraphQLSchema:
    path = schema_path()
    if path is None:
        pytest.skip("GitHub's schema is not at hand")
    return github_schema(path)


def test_the_fake_counts_the_documented_example() -> None:
    # docs.github.com, "Rate limits and query limits for the GraphQL API": 1 + 100 + 5,000.
    example = (
        "query { viewer { repositories(first: 100) { nodes { issues(first: 50) { nodes {"
        " labels(first: 60) { nodes { name } } } } } } } }"
    )
    assert documented_cost(published_schema(), example, {})[0] == 5101


def test_the_tracker_adds_one_request_per_repository_and_no_point() -> None:
    schema = build_ast_schema(parse(SCHEMA_SUBSET))
    before = build_batch_query(30).replace("  tracker: issues", "  # tracker: issues")
    after = build_batch_query(30)
    assert documented_cost(schema, before, {})[0] == 60  # issues and pull requests: 2 each
    assert documented_cost(schema, after, {})[0] == 90  # and the tracker's titles: 0.9 → 1
    # Labels nested in the titles would cost 20 more requests a repository: 7 points a batch.
    nested = after.replace("closedAt }", "closedAt labels(first: 5) { nodes { name } } }")
    assert documented_cost(schema, nested, {})[0] == 30 * 23


def test_the_follow_up_costs_two_requests_an_issue() -> None:
    schema = build_ast_schema(parse(SCHEMA_SUBSET))
    query = build_answers_query([20, 20, 10])
    assert documented_cost(schema, query, {})[0] == 2 * 50
