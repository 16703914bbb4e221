"""GitHub costs on repeat runs: GraphQL facts kept within max_cache_age, REST release answers
that can be 304s, and the pre-release fallback that keeps REST and GraphQL identical."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import replace

import pytest

from auditor.hosts.github import GitHubFacts
from auditor.hosts.github.kept import facts_from_json, facts_to_json
from auditor.models import (
    ArtifactKind,
    ArtifactLink,
    LinkCheck,
    Outcome,
    RepoCheck,
    RepoFacts,
    Whose,
)
from auditor.net.fetcher import Fetcher
from tests.support.fake_github import FakeGitHub
from tests.support.github_world import (
    NAMES,
    TOKEN,
    DictCache,
    sample_repos,
    settings_for,
    without_source,
)
from tests.support.local_servers import plain_fetcher


@pytest.fixture
def fake() -> Iterator[FakeGitHub]:
    with FakeGitHub(sample_repos(), token=TOKEN) as server:
        yield server


@pytest.fixture
async def fetcher() -> AsyncIterator[Fetcher]:
    async with plain_fetcher() as plain:
        yield plain


async def test_graphql_facts_are_reused_within_max_cache_age(
    fetcher: Fetcher, fake: FakeGitHub
) -> None:
    cache = DictCache()
    settings = settings_for(fake, token=TOKEN, max_cache_age=3600.0)
    first = await GitHubFacts(fetcher, settings, api_cache=cache).repos(NAMES)
    asked = fake.counts["graphql"]
    assert cache.reused == {}
    second = await GitHubFacts(fetcher, settings, api_cache=cache).repos(NAMES)
    kept = [n for n in NAMES if first[n].check.outcome in (Outcome.OK, Outcome.MOVED)]
    assert kept
    assert len(cache.reused) == len(kept)  # each counted as reused, for the reports
    for name in kept:
        assert second[name] == first[name]
    # Only the repositories without a good verdict (missing, taken down) are asked again.
    assert fake.counts["graphql"] - asked == 1
    assert all(TOKEN not in key and TOKEN not in body for key, (_, body) in cache.store.items())


async def test_stale_or_unreadable_facts_are_asked_again(
    fetcher: Fetcher, fake: FakeGitHub
) -> None:
    cache = DictCache()
    stale = settings_for(fake, token=TOKEN, max_cache_age=1e-9)
    await GitHubFacts(fetcher, stale, api_cache=cache).repos(NAMES)
    asked = fake.counts["graphql"]
    await GitHubFacts(fetcher, stale, api_cache=cache).repos(NAMES)
    assert fake.counts["graphql"] > asked
    for key, (etag, _) in list(cache.store.items()):
        cache.store[key] = (etag, '{"format": 1, "stored_at": "garbage"}')
    asked = fake.counts["graphql"]
    fresh = settings_for(fake, token=TOKEN, max_cache_age=3600.0)
    again = await GitHubFacts(fetcher, fresh, api_cache=cache).repos(NAMES)
    assert fake.counts["graphql"] > asked
    assert again["ml-lab/complete"].check.outcome is Outcome.OK
    assert cache.reused == {}  # nothing stale or unreadable counts as reused


async def test_a_max_cache_age_of_0_reuses_no_facts(fetcher: Fetcher, fake: FakeGitHub) -> None:
    cache = DictCache()
    settings = settings_for(fake, token=TOKEN, max_cache_age=3600.0)
    await GitHubFacts(fetcher, settings, api_cache=cache).repos(NAMES)
    asked = fake.counts["graphql"]
    await GitHubFacts(fetcher, replace(settings, max_cache_age=0.0), api_cache=cache).repos(NAMES)
    assert fake.counts["graphql"] == 2 * asked  # everything asked again
    assert cache.reused == {}


async def test_a_repeat_rest_run_is_mostly_304s(fetcher: Fetcher, fake: FakeGitHub) -> None:
    cache = DictCache()
    names = [
        "ml-lab/complete",
        "ml-lab/no-readme",
        "ml-lab/unpinned",
        "ml-lab/locked",
        "ml-lab/fork",
    ]
    await GitHubFacts(fetcher, settings_for(fake), api_cache=cache).repos(names)
    charged = fake.counts["rest"]
    await GitHubFacts(fetcher, settings_for(fake), api_cache=cache).repos(names)
    # Repositories with and without a release alike: every answer comes back as a 304.
    assert fake.counts["rest"] == charged
    assert fake.counts["rest_304"] == charged


async def test_a_newest_pre_release_falls_back_to_latest(
    fetcher: Fetcher, fake: FakeGitHub
) -> None:
    name = "ml-lab/complete"
    graphql = await GitHubFacts(fetcher, settings_for(fake, token=TOKEN)).repos([name])
    rc = {"tag_name": "v9.0-rc1", "draft": False, "prerelease": True, "published_at": None}
    fake.script(f"/repos/{name}/releases", 200, [rc])
    rest = await GitHubFacts(fetcher, settings_for(fake)).repos([name])
    assert any(r.path.startswith(f"/repos/{name}/releases/latest") for r in fake.requests)
    assert without_source(rest[name].facts) == without_source(graphql[name].facts)
    assert rest[name].facts is not None
    assert rest[name].facts.latest_release is not None
    assert rest[name].facts.latest_release.tag != "v9.0-rc1"


async def test_the_budget_hint_is_given_once_up_front(
    fetcher: Fetcher, caplog: pytest.LogCaptureFixture
) -> None:
    with FakeGitHub(sample_repos(), rest_budget=12) as limited:
        facts = GitHubFacts(fetcher, settings_for(limited))
        with caplog.at_level("WARNING", logger="auditor.hosts.github"):
            await facts.repos(NAMES)
    hints = [r.getMessage() for r in caplog.records if "set GITHUB_TOKEN" in r.getMessage()]
    assert len(hints) >= 1
    assert "REST budget" in hints[0]
    assert "more repositories" in hints[0]


async def test_kept_answers_only_the_fresh_repositories_without_asking(
    fetcher: Fetcher, fake: FakeGitHub
) -> None:
    cache = DictCache()
    settings = settings_for(fake, token=TOKEN, max_cache_age=3600.0)
    assert GitHubFacts(fetcher, settings, api_cache=cache).kept(NAMES) == {}
    first = await GitHubFacts(fetcher, settings, api_cache=cache).repos(NAMES)
    asked = len(fake.requests)
    kept = GitHubFacts(fetcher, settings, api_cache=cache).kept(NAMES)
    assert len(fake.requests) == asked
    assert set(kept) == {n for n in NAMES if first[n].check.outcome in (Outcome.OK, Outcome.MOVED)}
    assert GitHubFacts(fetcher, settings_for(fake), api_cache=cache).kept(NAMES) == {}  # REST


def test_the_readmes_classified_links_are_kept_so_a_warm_run_checks_its_artifacts() -> None:
    given = ArtifactLink(
        "https://huggingface.co/acme/net", ArtifactKind.WEIGHTS, 3, "Our weights.", whose=Whose.OWN
    )
    facts = RepoFacts(
        full_name="acme/net", exists=True, source="graphql", readme_artifacts=(given,)
    )
    check = LinkCheck(Outcome.OK, "repository exists", "2026-12-01T10:00:00Z")
    kept = facts_from_json(facts_to_json(RepoCheck(check, facts), 0.0), 3600.0, 1.0)
    assert kept is not None
    assert kept[0].facts is not None
    assert kept[0].facts.readme_artifacts == (given,)
