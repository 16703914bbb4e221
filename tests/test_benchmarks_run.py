"""The benchmark harness at its smallest size (40 papers): the simulated world answers as it
should, and `auditor audit` run against it gets every web verdict right with the GitHub costs
the benchmarks promise. Counters and outcomes only, never durations."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from benchmarks import harness, startup, world
from benchmarks.peers import score


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> tuple[world.World, Path]:
    built = world.build(40, seed=3, port=_free_port())
    return built, tmp_path_factory.mktemp("world")


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.1.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_world_is_deterministic_and_loopback_only() -> None:
    first, again = world.build(300, port=18080), world.build(300, port=18080)
    assert first.text == again.text
    assert [link.url(18080) for link in first.web] == [link.url(18080) for link in again.web]
    assert all(host.startswith("127.") for host in first.hosts)
    assert "https://github.com/" in first.text
    # Shares near the ICML list's: ~62 % of papers cite a repository, ~24 % a project page.
    assert 150 <= len(first.repos) <= 230
    assert 60 <= sum(link.page for link in first.web) <= 95


def test_the_fake_web_answers_by_category(small: tuple[world.World, Path]) -> None:
    built, folder = small
    built.dump(folder)
    server = harness._Server(["benchmarks.fake_web", str(folder / "web.json"), "--latency", "0"])
    try:
        by_category = {link.category: link for link in reversed(built.web)}
        ok = by_category["ok"]
        with urllib.request.urlopen(ok.url(built.port), timeout=10) as answer:
            assert answer.status == 200
        dead = by_category["dead"]
        with pytest.raises(urllib.error.HTTPError) as error:
            urllib.request.urlopen(dead.url(built.port), timeout=10)
        assert error.value.code == 404
    finally:
        server.stop()
    assert server.process.returncode is not None  # it stopped with its stdin


@dataclass
class ColdAudit:
    """A first audit of the small world into an empty verdict cache, its fakes still running for
    the warm audit after it: one audit and one pair of fake servers for both tests, which each
    started their own (each `auditor` and fake server start costs ~1 s of CPU)."""

    token: str | None
    folder: Path
    fakes: harness.Fakes
    run: harness.AuditRun
    document: dict[str, Any]  # its scorecard.json

    @property
    def cache(self) -> Path:
        return self.folder / "cache"


@pytest.fixture(scope="module", params=[harness.TOKEN, None], ids=["graphql", "rest"])
def cold(small: tuple[world.World, Path], request: pytest.FixtureRequest) -> Iterator[ColdAudit]:
    built, folder = small
    token = request.param
    folder = folder / ("token" if token else "rest")
    with harness.fakes(built, folder, latency=0.0, token=token) as fakes:
        run = harness.run_audit(
            built, folder, fakes, latency=0.0, token=token, cache=folder / "cache", keep=True
        )
        document = json.loads((folder / "reports" / "scorecard.json").read_text())
        yield ColdAudit(token, folder, fakes, run, document)


def test_an_audit_of_the_small_world(cold: ColdAudit) -> None:
    run = cold.run
    assert run.measured.exit_code == 0, run.measured.stderr
    assert run.wrong == []
    assert run.web_correct == run.web_total > 0
    assert run.repos > 20
    assert run.measured.max_rss_mb > 0
    assert len(cold.document["papers"]) == 40
    if cold.token:
        assert run.github.get("rest", 0) == 0
        assert run.github["graphql"] <= 4  # 30 repositories a batch, plus README queries
    else:
        assert run.github.get("graphql", 0) == 0
        assert run.requests_per_repo <= 6  # at most 6, and 5 for most repositories


def test_without_a_token_the_budget_hint_comes_up_front(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # The small world on a port of its own: the cold audits' fake web may be running.
    # 29 repositories need 58 essential requests: 40 cannot cover them.
    built = world.build(40, seed=3, port=_free_port())
    folder = tmp_path_factory.mktemp("budget")
    with harness.fakes(built, folder, latency=0.0, token=None, rest_budget=40) as fakes:
        run = harness.run_audit(built, folder, fakes, latency=0.0, token=None)
    assert "set GITHUB_TOKEN" in run.measured.stderr
    assert run.github["rest"] <= 41  # the budget, then one refused request
    assert run.outcomes["unchecked"] > 0


def test_warm_runs_reuse_the_cache(small: tuple[world.World, Path], cold: ColdAudit) -> None:
    """With a token, a warm run within --max-cache-age asks GitHub nothing; without one, past
    it, nearly every REST answer comes back 304 (not modified)."""
    built, _ = small
    if cold.token:
        warm = harness.run_audit(
            built, cold.folder, cold.fakes, latency=0.0, token=cold.token, cache=cold.cache
        )
        assert warm.wrong == []
        assert warm.github.get("graphql", 0) == 0  # every repository's facts are fresh
    else:
        again = harness.run_audit(
            built,
            cold.folder,
            cold.fakes,
            latency=0.0,
            token=None,
            cache=cold.cache,
            extra=["--max-cache-age", "1e-6"],
        )
        assert again.wrong == []
        asked = again.github["rest"] + again.github["rest_304"]
        assert again.github["rest_304"] >= 0.9 * asked


def test_peer_scoring_accepts_either_verdict_for_a_persistent_5xx() -> None:
    built = world.build(2000, port=18080)
    truth = built.peer_expected()
    assert score(built, truth)[0] == len(truth)
    everything_ok = {url: "ok" for url in truth}
    correct, wrong = score(built, everything_ok)
    assert "error" not in wrong  # a 500 called ok is accepted: no peer has `transient`
    assert wrong["dead"] > 0
    assert correct < len(truth)


def test_the_startup_benchmark_times_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    startup.main(["--runs", "1"])  # its exit code says whether this machine met the goals
    table = capsys.readouterr().out
    assert all(f"| {label} |" in table for label, _, _ in startup.GOALS)
    assert "| python -c pass |" in table


def test_the_fake_githubs_hourly_graphql_budget_runs_out_as_githubs_does() -> None:
    from tests.support.fake_github import FakeGitHub, FakeRepo

    query = json.dumps(
        {
            "query": "query($o0: String!, $n0: String!) { r0: repository(owner: $o0, name: $n0)"
            " { nameWithOwner } rateLimit { cost remaining } }",
            "variables": {"o0": "lab", "n0": "method"},
        }
    ).encode()
    answers = []
    with FakeGitHub([FakeRepo("lab/method")], graphql_budget=2) as fake:
        for _ in range(3):
            request = urllib.request.Request(f"{fake.url}/graphql", data=query, method="POST")
            with urllib.request.urlopen(request) as answer:
                answers.append((answer.headers["x-ratelimit-remaining"], json.loads(answer.read())))
    assert [body["data"]["rateLimit"]["remaining"] for _, body in answers[:2]] == [1, 0]
    assert answers[2][0] == "0"
    assert answers[2][1]["errors"][0]["type"] == "RATE_LIMITED"


def test_the_venue_year_table_states_its_assumption_and_the_shared_budget() -> None:
    from benchmarks import venue_year

    row = {
        "shard": "1/3",
        "wall_s": 100.0,
        "cpu_s": 60.0,
        "rss_mb": 300.0,
        "graphql_queries": 200,
        "graphql_points": 210,
        "rest": 4,
        "real_github_s": venue_year._real_wall(100.0, 200, 0.05),
    }
    section = {
        "papers": 30000,
        "repos": 18000,
        "shards": 3,
        "latency_ms": 50.0,
        "budget_points": 1000,
        "real_seconds_per_query": venue_year.REAL_SECONDS_PER_QUERY,
        "rows": [row],
        "points_total": 210,
        "merge_s": 20.0,
        "merge_cpu_s": 18.5,
        "merge_rss_mb": 400.0,
        "merge_exit": 0,
        "web_correct": 10,
        "web_total": 10,
    }
    text = "\n".join(venue_year.markdown(section, "python -m benchmarks.run --only venue-year"))
    # 200 serial queries at 2.0 s instead of 0.05 s add 390 s to the 100 s measured.
    assert "| 1/3 | 100.0 s | 60.0 s | 300 MB | 200 | 210 | 4 | 8.2 min |" in text
    assert "**210** of 1,000" in text
    assert "assumed answer time" in text
    assert "Merge: 20.0 s, 18.5 s CPU, 400 MB (exit 0)" in text
    merged_again = venue_year.markdown({**section, "rows": []}, "… --venue-merge-only")
    assert merged_again[-1].startswith("The shard scorecards of a previous run, merged again.")
    assert "| shard |" not in "\n".join(merged_again)
