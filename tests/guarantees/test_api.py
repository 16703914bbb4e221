"""Hostile API servers (GitHub REST and GraphQL, GitLab, Hugging Face): every repository gets a
verdict, bounded in time and memory, never a traceback. HTML answers, malformed JSON and GraphQL
partial data are proven in tests/test_hosts_github.py (test_html_and_malformed_json_are_transient,
test_graphql_partial_data_keeps_the_good_aliases) and tests/test_hosts_forges.py
(test_malformed_and_failing_answers)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from auditor.config.settings import Settings
from auditor.hosts.forges import ForgeFacts
from auditor.hosts.github import GitHubFacts
from auditor.models import LinkKind, Outcome
from auditor.net import Net
from tests.support.fake_github import FakeGitHub
from tests.support.local_servers import FakeDNS, Reply, drip, gzip_bomb, plain_fetcher, serve

OUTER = 60.0
TOKEN = "ghp_api_guarantee_token_0123456789"


_drip = drip("application/json", b"{")
# 128 MiB inflated, beyond the 64 MiB API cap.
_bomb = gzip_bomb("application/json", member_mib=16, members=8)
DEEP = Reply(200, b"[" * 100_000, (("Content-Type", "application/json"),))
ROUTES = ("/repos/ml-lab/x", "/graphql", "/api/v4/projects/ml-lab%2Fx", "/api/models/ml-lab/x")


@pytest.fixture
async def api_net() -> AsyncIterator[tuple[Net, Any]]:
    nets: list[Net] = []

    def make(url: str, token: str | None) -> Net:
        settings = Settings(
            timeout=1.0,
            link_deadline=1.5,
            max_retries=0,
            allow_private=True,
            github_api_url=url,
            github_graphql_url=url + "/graphql",
            github_token=token,
        )
        names = {"gitlab.com": "127.0.0.1", "huggingface.co": "127.0.0.1"}
        net = Net(settings, resolver=FakeDNS(names))
        nets.append(net)
        return net

    yield make  # type: ignore[misc]
    for net in nets:
        await net.aclose()


@pytest.mark.parametrize(
    ("route", "token"),
    [(_drip, None), (DEEP, None), (DEEP, TOKEN), (_bomb, None), (_bomb, TOKEN)],
    # A dripping GraphQL answer meets the same whole-exchange deadline as REST, but never
    # under 12 s (GitHub's own 10 s limit): too slow for CI, it runs in benchmarks/.
    ids=["rest-slow-drip", "rest-deep-json", "graphql-deep-json", "rest-gzip-bomb",
         "graphql-gzip-bomb"],
)  # fmt: skip
async def test_github_api_misbehaving_gives_a_verdict(
    api_net: Any, route: Any, token: str | None
) -> None:
    with serve(dict.fromkeys(ROUTES, route)) as server:
        net = api_net(server.url(""), token)
        facts = GitHubFacts(net.apis, net.settings)
        results = await asyncio.wait_for(facts.repos(["ml-lab/x"], host="github.com"), OUTER)
    check = results["ml-lab/x"].check
    assert check.outcome is Outcome.TRANSIENT, check.detail
    assert "\n" not in check.detail


@pytest.mark.parametrize("route", [_drip, DEEP], ids=["slow-drip", "deep-json"])
@pytest.mark.parametrize(
    ("url", "kind"),
    [("https://gitlab.com/ml-lab/x", LinkKind.GITLAB),
     ("https://huggingface.co/ml-lab/x", LinkKind.HUGGINGFACE)],
)  # fmt: skip
async def test_forge_api_misbehaving_gives_a_verdict(
    api_net: Any, route: Any, url: str, kind: LinkKind
) -> None:
    with serve(dict.fromkeys(ROUTES, route)) as server:
        net = api_net(server.url(""), None)
        forges = ForgeFacts(
            net.apis,
            net.settings,
            gitlab_api_url=server.url("/api/v4"),
            huggingface_url=server.url(""),
        )
        answer = await asyncio.wait_for(forges.check(url, kind), OUTER)
    assert answer.check.outcome in (Outcome.TRANSIENT, Outcome.UNSUPPORTED), answer.check.detail


@pytest.mark.parametrize(
    "body",
    [
        {"data": [], "errors": "none"},
        {"data": {"r0": "string", "rateLimit": {"cost": "x"}}, "errors": [None, 3]},
        {"data": {"r0": {"nameWithOwner": 7, "isArchived": "no"}}},
        {"data": None, "errors": [{"message": None, "path": [None]}]},
        [1, 2, 3],
        "just a string",
    ],
)
async def test_graphql_answers_of_the_wrong_shape_are_transient(body: object) -> None:
    with FakeGitHub(token=TOKEN) as fake:
        fake.script("/graphql", 200, json.dumps(body))
        settings = Settings(
            github_api_url=fake.url,
            github_graphql_url=fake.url + "/graphql",
            github_token=TOKEN,
            max_retries=0,
        )
        async with plain_fetcher() as fetcher:
            results = await GitHubFacts(fetcher, settings).repos(["ml-lab/x"], host="github.com")
    check = results["ml-lab/x"].check
    assert check.outcome in (Outcome.TRANSIENT, Outcome.UNCHECKED), check.detail
    assert TOKEN not in check.detail
