"""The run history: storing, the history fields, changes between runs, crash safety."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from auditor import history
from auditor.check import judging
from auditor.history import History, HistoryError
from auditor.history.changes import PastResult
from auditor.models import (
    ChangeKind,
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Occurrence,
    Outcome,
    Paper,
    PaperScore,
    RepoFacts,
    SourceRef,
    Tier,
)
from auditor.scorecard import (
    Changes,
    JudgingRules,
    LinkEntry,
    LinkHistory,
    PaperEntry,
    Rejudging,
    RemovedLink,
    Scorecard,
)
from auditor.scorecard.dead_links import headline, new_dead, still_dead
from auditor.scorecard.reading import from_json
from auditor.scorecard.summary import build_summary
from auditor.scorecard.writing import dumps_json, to_json


def stamp(day: int) -> str:
    return f"2026-07-{day:02d}T06:00:00Z"


def link(
    url: str,
    outcome: str = "ok",
    *,
    day: int = 1,
    final_url: str | None = None,
    repo: RepoFacts | None = None,
    papers: tuple[str, ...] = ("list.md#1",),
) -> LinkResult:
    return LinkResult(
        Link(
            url,
            LinkKind.GITHUB_REPO if repo else LinkKind.WEB,
            papers,
            tuple(Occurrence(pid, "list.md", 3, url) for pid in papers),
        ),
        LinkCheck(
            Outcome(outcome),
            f"answered {outcome}",
            stamp(day),
            http_status={"ok": 200, "dead": 404, "moved": 301}.get(outcome),
            final_url=final_url,
        ),
        repo,
    )


def repo(
    *,
    archived: bool | None = False,
    spdx: str | None = "MIT",
    exists: bool = True,
    commit: str | None = None,
) -> RepoFacts:
    return RepoFacts("a/b", exists, "rest", archived=archived, license_spdx=spdx, commit=commit)


def scorecard(day: int, *links: LinkResult) -> Scorecard:
    paper = PaperEntry(
        Paper("list.md#1", "Paper one", None, None, SourceRef("list.md", 3)),
        PaperScore(Tier.LISTED, 40),
    )
    return Scorecard(
        rubric_version=None,
        generated_at=stamp(day),
        inputs=(),
        summary=build_summary([paper.score], links),
        papers=(paper,),
        links=tuple(LinkEntry(result) for result in links),
    )


def by_url(card: Scorecard) -> dict[str, LinkHistory]:
    """Each link's history fields."""
    found = {}
    for entry in card.links:
        assert entry.history is not None
        found[entry.url] = entry.history
    return found


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "reports" / "history.sqlite"


def record(db: Path, card: Scorecard) -> Scorecard:
    with History.open(db) as store:
        return store.record_run(card)


A, B, C = "https://a.example/x", "https://b.example/y", "https://github.com/a/b"
# The changes a run under the previous run's rules counts: `rejudged` only where rules changed.
COMPARED = [kind for kind in ChangeKind if kind != ChangeKind.REJUDGED]


def test_first_run_reports_every_link_new(db: Path) -> None:
    first = record(db, scorecard(1, link(A), link(B, "dead")))

    assert first.changes == Changes(
        previous_run=None,
        counts={**dict.fromkeys(COMPARED, 0), "new": 2},
        new_dead=1,
    )
    assert first.links[0] == LinkEntry(
        link(A),
        LinkHistory(first_seen=stamp(1), last_ok=stamp(1), dead_since=None, changes=("new",)),
    )
    assert by_url(first)[B].dead_since == stamp(1)
    assert first.removed_links == ()
    assert headline(first) == "First recorded run: 2 link(s)."


def test_changes_are_change_kinds_spelt_as_scorecard_json_always_did(db: Path) -> None:
    record(db, scorecard(1, link(A), link(B)))
    second = record(db, scorecard(2, link(A, "dead", day=2)))

    changes = (*by_url(second)[A].changes, *second.removed_links[0].history.changes)
    assert [type(change) for change in changes] == [ChangeKind, ChangeKind]
    document = to_json(second)
    assert json.loads(dumps_json(document))["links"][0]["changes"] == ["died"]
    assert list(json.loads(dumps_json(document))["changes"]["counts"]) == [
        "new", "died", "revived", "moved", "archived", "license-changed", "removed",
    ]  # fmt: skip
    read_back = from_json(json.loads(dumps_json(document))).links[0].history
    assert read_back is not None
    assert [type(change) for change in read_back.changes] == [ChangeKind]


def test_died_then_revived_with_dead_since_kept_across_runs(db: Path) -> None:
    record(db, scorecard(1, link(A)))
    died = record(db, scorecard(2, link(A, "dead", day=2)))
    still = record(db, scorecard(3, link(A, "dead", day=3)))
    unjudged = record(db, scorecard(4, link(A, "unchecked", day=4)))
    revived = record(db, scorecard(5, link(A, day=5)))

    assert by_url(died)[A].changes == ("died",)
    assert by_url(died)[A].dead_since == stamp(2)
    assert died.changes.previous_run == stamp(1)
    assert headline(died) == f"Since the previous run ({stamp(1)}): 1 link(s) newly dead."
    assert by_url(still)[A].changes == ()
    assert by_url(still)[A].dead_since == stamp(2)
    assert by_url(still)[A].last_ok == stamp(1)
    # Not judged this run: still dead as far as anyone knows, and no change.
    assert by_url(unjudged)[A].changes == ()
    assert by_url(unjudged)[A].dead_since == stamp(2)
    assert by_url(revived)[A].changes == ("revived",)
    assert by_url(revived)[A].dead_since is None
    assert by_url(revived)[A].last_ok == stamp(5)
    assert by_url(revived)[A].first_seen == stamp(1)


@pytest.mark.parametrize("unjudged", ["unchecked", "transient", "blocked"])
def test_a_link_not_judged_neither_dies_nor_revives(db: Path, unjudged: str) -> None:
    record(db, scorecard(1, link(A), link(B, "dead")))
    second = record(db, scorecard(2, link(A, unjudged, day=2), link(B, unjudged, day=2)))
    third = record(db, scorecard(3, link(A, "dead", day=3), link(B, "dead", day=3)))

    assert [entry.changes for entry in by_url(second).values()] == [(), ()]
    assert by_url(second)[A].last_ok == stamp(1)
    assert second.changes.counts == dict.fromkeys(COMPARED, 0)
    assert headline(second) == f"No change since the previous run ({stamp(1)})."
    # Compared with the last judged verdict: A was ok, so it died; B was dead all along.
    assert by_url(third)[A].changes == ("died",)
    assert by_url(third)[B].changes == ()
    assert by_url(third)[B].dead_since == stamp(1)


def test_moved_is_a_change_only_for_a_new_address(db: Path) -> None:
    record(db, scorecard(1, link(A)))
    moved = record(db, scorecard(2, link(A, "moved", day=2, final_url="https://a.example/new")))
    same = record(db, scorecard(3, link(A, "moved", day=3, final_url="https://a.example/new")))
    again = record(db, scorecard(4, link(A, "moved", day=4, final_url="https://a.example/3rd")))

    assert by_url(moved)[A].changes == ("moved",)
    assert by_url(same)[A].changes == ()
    assert by_url(again)[A].changes == ("moved",)
    assert by_url(again)[A].last_ok == stamp(4)


def test_dead_link_that_comes_back_moved_is_revived_and_moved(db: Path) -> None:
    record(db, scorecard(1, link(A, "dead")))
    back = record(db, scorecard(2, link(A, "moved", day=2, final_url="https://a.example/new")))

    assert by_url(back)[A].changes == ("revived", "moved")


def test_archived_against_the_last_known_value(db: Path) -> None:
    record(db, scorecard(1, link(C, repo=repo(archived=False))))
    unknown = record(db, scorecard(2, link(C, "unchecked", day=2)))
    archived = record(db, scorecard(3, link(C, repo=repo(archived=True), day=3)))
    still = record(db, scorecard(4, link(C, repo=repo(archived=True), day=4)))

    assert by_url(unknown)[C].changes == ()
    assert by_url(archived)[C].changes == ("archived",)
    assert archived.changes.counts["archived"] == 1
    assert by_url(still)[C].changes == ()


def test_licence_changed_compares_repositories_seen_to_exist(db: Path) -> None:
    record(db, scorecard(1, link(C, repo=repo(spdx="MIT"))))
    gone = record(db, scorecard(2, link(C, "dead", day=2, repo=repo(exists=False, spdx=None))))
    back = record(db, scorecard(3, link(C, day=3, repo=repo(spdx="MIT"))))
    changed = record(db, scorecard(4, link(C, day=4, repo=repo(spdx="Apache-2.0"))))
    dropped = record(db, scorecard(5, link(C, day=5, repo=repo(spdx=None))))

    # A missing repository says nothing about its licence.
    assert by_url(gone)[C].changes == ("died",)
    assert by_url(back)[C].changes == ("revived",)
    assert by_url(changed)[C].changes == ("license-changed",)
    assert by_url(dropped)[C].changes == ("license-changed",)


def test_removed_links_are_reported_at_top_level_and_come_back_new(db: Path) -> None:
    record(db, scorecard(1, link(A), link(B, "dead")))
    second = record(db, scorecard(2, link(A, day=2)))
    third = record(db, scorecard(3, link(A, day=3), link(B, day=3)))

    assert [entry.url for entry in second.links] == [A]
    assert second.removed_links == (
        RemovedLink(
            url=B,
            kind=LinkKind.WEB,
            papers=("list.md#1",),
            last_outcome=Outcome.DEAD,
            history=LinkHistory(
                first_seen=stamp(1), last_ok=None, dead_since=stamp(1), changes=("removed",)
            ),
        ),
    )
    assert second.changes.counts["removed"] == 1
    assert "1 removed" in headline(second)
    assert by_url(third)[B].changes == ("new",)
    assert by_url(third)[B].first_seen == stamp(1)
    assert third.removed_links == ()


def test_new_dead_holds_deaths_and_new_dead_links_only(db: Path) -> None:
    record(db, scorecard(1, link(A), link(B, "dead")))
    second = record(db, scorecard(2, *(link(url, "dead", day=2) for url in (A, B, C))))
    third = record(db, scorecard(3, *(link(url, "dead", day=3) for url in (A, B, C))))

    assert [entry.url for entry in new_dead(second)] == [A, C]
    assert second.changes.new_dead == 2
    assert new_dead(third) == []
    assert len(still_dead(third)) == 3


def test_a_document_without_history_counts_every_dead_link_as_new() -> None:
    plain = scorecard(1, link(A), link(B, "dead"))

    assert [entry.url for entry in new_dead(plain)] == [B]
    assert headline(plain) == ""


def test_an_unfinished_run_keeps_its_results_but_is_never_the_previous_run(db: Path) -> None:
    record(db, scorecard(1, link(A), link(B)))
    with History.open(db) as store:
        crashed = store.begin_run(stamp(2))
        store.store_link(crashed, link(A, "dead", day=2))
    third = record(db, scorecard(3, link(A, "dead", day=3), link(B, day=3)))

    assert by_url(third)[A].changes == ("died",)
    assert by_url(third)[A].dead_since == stamp(2)  # the crashed run's verdict counts here
    assert third.changes.previous_run == stamp(1)
    assert third.removed_links == ()  # B was not in the crashed run: not "removed" from it
    with History.open(db) as store:
        assert [run.finished_at is None for run in store.runs()] == [False, True, False]
        assert store.stored_urls(crashed) == {A}


def test_finish_run_overrides_what_was_stored_on_the_way(db: Path) -> None:
    with History.open(db) as store:
        run = store.begin_run(stamp(1))
        store.store_link(run, link(A, "unchecked"))
        store.store_link(run, link(B, "transient"))
        done = store.finish_run(run, scorecard(1, link(A), link(B, "dead")))
    rows = sqlite3.connect(db).execute("SELECT url, outcome FROM link_results ORDER BY url")

    assert list(rows) == [(A, "ok"), (B, "dead")]
    assert [entry.changes for entry in by_url(done).values()] == [("new",), ("new",)]


def test_each_stored_column_reads_back_into_its_own_field(db: Path) -> None:
    # Every value distinct from its neighbours', so reading one column into another's field fails.
    moved = link(
        C,
        "moved",
        day=2,
        final_url="https://github.com/a/renamed",
        repo=repo(archived=False, spdx="Apache-2.0", exists=True, commit="c0ffee"),
        papers=("list.md#1", "list.md#2"),
    )
    with History.open(db) as store:
        run = store.begin_run(stamp(1))
        store.finish_run(run, scorecard(1, moved))
        (past,) = store._histories([C])[C]

    assert past == PastResult(
        run_id=run,
        finished=True,
        run_started_at=stamp(1),
        seen_at=stamp(2),
        outcome="moved",
        http_status=301,
        final_url="https://github.com/a/renamed",
        repo_exists=True,
        commit="c0ffee",
        archived=False,
        license_spdx="Apache-2.0",
        kind="github-repo",
        papers=("list.md#1", "list.md#2"),
    )


def test_histories_read_in_several_queries_keep_each_links_runs_apart_and_in_order(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history.store, "_URLS_PER_QUERY", 2)
    urls = [f"https://github.com/a/r{k}" for k in range(5)]
    with History.open(db) as store:
        for day, outcome in ((1, "ok"), (2, "dead")):
            store.finish_run(
                store.begin_run(stamp(day)),
                scorecard(day, *(link(url, outcome, day=day) for url in urls)),
            )
        read = store._histories([*reversed(urls), "https://github.com/a/never"])

    assert sorted(read) == urls
    assert all([row.outcome for row in rows] == ["ok", "dead"] for rows in read.values())


def test_papers_are_stored_per_run(db: Path) -> None:
    record(db, scorecard(1, link(A)))
    rows = sqlite3.connect(db).execute("SELECT run_id, paper_id, tier, score FROM paper_results")

    assert list(rows) == [(1, "list.md#1", "listed", 40)]


def test_the_file_is_in_wal_mode_at_the_current_schema_version(db: Path) -> None:
    History.open(db).close()
    connection = sqlite3.connect(db)

    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert connection.execute("PRAGMA user_version").fetchone() == (len(history.MIGRATIONS),)


def test_a_newer_schema_is_refused(db: Path) -> None:
    History.open(db).close()
    connection = sqlite3.connect(db)
    connection.execute(f"PRAGMA user_version = {len(history.MIGRATIONS) + 1}")
    connection.close()

    with pytest.raises(HistoryError, match="newer than this auditor"):
        History.open(db)


def test_a_file_that_is_not_a_database_is_refused(db: Path) -> None:
    db.parent.mkdir(parents=True)
    db.write_bytes(b"not sqlite at all, " * 100)

    with pytest.raises(HistoryError, match="not a usable history database"):
        History.open(db)


WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from auditor.history import History
    from auditor.models import Link, LinkCheck, LinkKind, LinkResult, Outcome

    store = History.open(Path(sys.argv[1]))
    run = store.begin_run("2026-07-02T06:00:00Z")
    n = 0
    while True:  # stores until killed
        url = f"https://stored.example/{n}"
        store.store_link(run, LinkResult(Link(url, LinkKind.WEB, ("list.md#1",)),
                                         LinkCheck(Outcome.DEAD, "", "2026-07-02T06:00:00Z")))
        print(url, flush=True)
        n += 1
    """
)


def test_a_killed_run_loses_nothing_stored_and_the_next_run_completes(db: Path) -> None:
    old = "https://stored.example/0"
    record(db, scorecard(1, link(old), link(A)))
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(db)], stdout=subprocess.PIPE, text=True
    )
    assert writer.stdout is not None
    reported = [writer.stdout.readline().strip() for _ in range(300)]
    writer.send_signal(signal.SIGKILL)  # mid-loop: between, or in the middle of, two stores
    writer.wait()
    writer.stdout.close()

    assert writer.returncode == -signal.SIGKILL
    with History.open(db) as store:
        killed = store.runs()[-1]
        assert killed.finished_at is None
        assert set(reported) <= store.stored_urls(killed.id)
    next_run = record(db, scorecard(3, link(old, "dead", day=3), link(A, day=3)))

    assert next_run.changes.previous_run == stamp(1)
    assert by_url(next_run)[old].changes == ("died",)
    assert by_url(next_run)[old].dead_since == "2026-07-02T06:00:00Z"
    assert next_run.removed_links == ()
    connection = sqlite3.connect(db)
    assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finished = connection.execute("SELECT finished_at IS NOT NULL FROM runs ORDER BY id")
    assert [bool(flag) for (flag,) in finished] == [True, False, True]
    stored = connection.execute("SELECT url FROM link_results WHERE run_id = ?", (killed.id,))
    assert set(reported) <= {url for (url,) in stored}


def test_a_failed_finish_keeps_what_was_stored_and_the_run_unfinished(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*_: object) -> Scorecard:
        raise RuntimeError("failed while computing the history fields")

    with History.open(db) as store:
        run = store.begin_run(stamp(1))
        store.store_link(run, link(A))
        monkeypatch.setattr(History, "_annotate", fail)  # after the final results are stored
        with pytest.raises(RuntimeError):
            store.finish_run(run, scorecard(1, link(A, "dead")))

        assert store.runs()[0].finished_at is None
        assert store.stored_urls(run) == {A}
    rows = sqlite3.connect(db).execute("SELECT outcome FROM link_results")
    assert list(rows) == [("ok",)]  # the failed transaction's "dead" was rolled back


def test_a_cited_folder_link_carries_on_the_history_of_its_repository_key(db: Path) -> None:
    # Before folders were judged on their own, `…/tree/main/src` was stored under `…/a/b`.
    folder, other = C + "/tree/main/src", "https://github.com/c/d/tree/dev/x"
    record(db, scorecard(1, link(C, repo=repo())))
    second = record(db, scorecard(2, link(folder, day=2, repo=repo()), link(other, day=2)))

    history = by_url(second)
    assert history[folder].first_seen == stamp(1)  # the repository's past, not a new link
    assert history[folder].changes == ()
    assert history[other].changes == ("new",)  # no key before it: new
    assert second.removed_links == ()  # the repository key lives on in its folder
    third = record(db, scorecard(3, link(folder, "dead", day=3, repo=repo())))
    assert by_url(third)[folder].changes == ("died",)
    assert by_url(third)[folder].first_seen == stamp(1)


# --- a change of rules: `rejudged` on the first run under newer rules -------------------------

FOLDER = "https://github.com/a/b/tree/main/missing"  # its key before folders: C


def under(rubric: str | None, day: int, *links: LinkResult, tier: Tier = Tier.LISTED) -> Scorecard:
    """A run's scorecard scored under `rubric`, its paper at `tier`."""
    card = scorecard(day, *links)
    papers = tuple(replace(entry, score=PaperScore(tier, 40)) for entry in card.papers)
    return replace(card, rubric_version=rubric, papers=papers)


def found(result: LinkResult, page: str = "https://lab.example/project") -> LinkResult:
    """`result` as a link the auditor found itself (on a project page, in a README)."""
    return replace(result, link=replace(result.link, found_via=page))


def answered(result: LinkResult, status: int) -> LinkResult:
    return replace(result, check=replace(result.check, http_status=status))


def old_history(db: Path) -> None:
    """A file as paper-auditor wrote it before runs recorded their rules (schema 2): one
    reported run that judged C, the repository the folder link was keyed by, `ok`."""
    db.parent.mkdir(parents=True)
    connection = sqlite3.connect(db)
    connection.executescript(
        f"{history.MIGRATIONS[0]}{history.MIGRATIONS[1]}PRAGMA user_version = 2;"
    )
    connection.execute(
        "INSERT INTO runs (id, started_at, finished_at, generated_at, reported_at) "
        "VALUES (1, ?, ?, ?, ?)",
        (stamp(1),) * 4,
    )
    connection.execute(
        "INSERT INTO link_results (url, run_id, kind, outcome, http_status, detail, checked_at, "
        "papers, repo_exists) VALUES (?, 1, 'github-repo', 'ok', 200, 'ok', ?, ?, 1)",
        (C, stamp(1), json.dumps(["list.md#1"])),
    )
    connection.execute(
        "INSERT INTO paper_results (run_id, paper_id, name, tier, score) "
        "VALUES (1, 'list.md#1', 'Paper one', 'silver', 70)"
    )
    connection.commit()
    connection.close()


def test_a_history_written_before_rules_were_recorded_counts_as_rubric_1_2(db: Path) -> None:
    old_history(db)

    first = record(db, under("2.0", 2, link(FOLDER, "dead", day=2), tier=Tier.DEAD))

    # The folder was never judged before: the repository it belongs to was, `ok`.
    assert by_url(first)[FOLDER].changes == ("rejudged",)
    assert first.papers[0].changes == ("rejudged",)
    assert first.changes is not None
    assert first.changes.rejudged == Rejudging(
        JudgingRules("1.2", 1), JudgingRules("2.0", judging.JUDGING_VERSION), papers=1
    )
    assert first.changes.counts["rejudged"] == 1
    assert first.changes.counts["died"] == 0
    assert first.changes.new_dead == 0
    assert new_dead(first) == []


def test_the_next_run_under_the_same_rules_compares_normally(db: Path) -> None:
    old_history(db)
    record(db, under("2.0", 2, link(FOLDER, "dead", day=2), tier=Tier.DEAD))

    second = record(db, under("2.0", 3, link(FOLDER, "dead", day=3), tier=Tier.DEAD))
    third = record(db, under("2.0", 4, link(FOLDER, day=4)))

    assert by_url(second)[FOLDER].changes == ()
    assert second.papers[0].changes == ()
    assert second.changes is not None
    assert second.changes.rejudged is None
    assert "rejudged" not in second.changes.counts
    assert by_url(second)[FOLDER].dead_since == stamp(2)  # dead since it was first judged
    assert by_url(third)[FOLDER].changes == ("revived",)


def test_a_404_where_there_was_a_200_stays_died_under_new_rules(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judging, "JUDGING_VERSION", 1)
    record(db, under("1.2", 1, link(A), link(B)))
    monkeypatch.undo()

    first = record(
        db, under("2.0", 2, link(A, "dead", day=2), answered(link(B, "dead", day=2), 200))
    )

    # A: the server answers 404 where it answered 200: the world. B: 200 then and now, judged
    # `dead` now (a rule reading the page): the rules.
    assert by_url(first)[A].changes == ("died",)
    assert by_url(first)[B].changes == ("rejudged",)
    assert [entry.url for entry in new_dead(first)] == [A]
    assert first.changes is not None
    assert first.changes.new_dead == 1


def test_a_repository_gone_is_the_world_whoever_judges_it(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judging, "JUDGING_VERSION", 1)
    record(db, under("1.2", 1, link(C, repo=repo())))
    monkeypatch.undo()

    gone = answered(link(FOLDER, "dead", day=2, repo=repo(exists=False)), 404)
    first = record(db, under("2.0", 2, gone, tier=Tier.DEAD))

    assert by_url(first)[FOLDER].changes == ("died",)
    assert first.papers[0].changes == ()


def test_a_rubric_change_alone_rejudges_tiers_not_link_outcomes(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record(db, under("1.2", 1, link(A), link(C, repo=repo(commit="c1"))))

    first = record(
        db,
        under("2.0", 2, answered(link(A, "dead", day=2), 200), link(C, repo=repo(commit="c1")),
              tier=Tier.BRONZE),
    )  # fmt: skip

    # The links are judged by the same rules: A's change is its own.
    assert by_url(first)[A].changes == ("died",)
    assert first.changes is not None
    assert first.changes.rejudged == Rejudging(
        JudgingRules("1.2", judging.JUDGING_VERSION),
        JudgingRules("2.0", judging.JUDGING_VERSION),
        papers=0,  # its link A died: the world changed the paper
    )


def test_a_tier_changed_at_the_same_commit_is_rejudged_at_another_commit_not(db: Path) -> None:
    record(db, under("1.2", 1, link(C, repo=repo(commit="c1"))))
    record(db, under("1.2", 2, link(C, repo=repo(commit="c1"))))
    history_path = db.parent / "other.sqlite"
    record(history_path, under("1.2", 1, link(C, repo=repo(commit="c1"))))

    same = record(db, under("2.0", 3, link(C, repo=repo(commit="c1")), tier=Tier.BRONZE))
    pushed = record(
        history_path, under("2.0", 3, link(C, repo=repo(commit="c2")), tier=Tier.BRONZE)
    )

    assert same.papers[0].changes == ("rejudged",)
    assert pushed.papers[0].changes == ()  # a new commit: the world may have changed the tier
    assert pushed.changes is not None
    assert pushed.changes.rejudged is not None
    assert pushed.changes.rejudged.papers == 0


def test_a_link_first_found_by_newer_rules_is_a_baseline_one_in_the_list_is_new(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judging, "JUDGING_VERSION", 1)
    record(db, under("1.2", 1, link(A)))
    monkeypatch.undo()

    first = record(
        db, under("2.0", 2, link(A), found(link(B, "dead", day=2)), link(C, "dead", day=2))
    )

    assert by_url(first)[B].changes == ("rejudged",)  # found by the auditor for a known paper
    assert by_url(first)[C].changes == ("new",)  # written in the list: the list changed
    assert [entry.url for entry in new_dead(first)] == [C]


def test_a_link_judged_for_the_first_time_under_newer_rules_is_rejudged(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judging, "JUDGING_VERSION", 1)
    unsupported = replace(link(A), check=LinkCheck(Outcome.UNSUPPORTED, "not asked", stamp(1)))
    record(db, under("1.2", 1, unsupported))
    monkeypatch.undo()

    first = record(db, under("2.0", 2, link(A, "dead", day=2)))

    assert by_url(first)[A].changes == ("rejudged",)
    assert new_dead(first) == []


def test_runs_record_the_rules_they_judged_under(db: Path) -> None:
    record(db, under("2.0", 1, link(A)))

    rows = sqlite3.connect(db).execute("SELECT rubric_version, judging_version FROM runs")

    assert list(rows) == [("2.0", judging.JUDGING_VERSION)]
