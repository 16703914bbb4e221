"""Since when an open promise has been open, across the runs of a history file
(`auditor.history.promises`, `History.annotate_promises`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.history import History
from auditor.models import (
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Outcome,
    Paper,
    PaperScore,
    Promise,
    PromiseKind,
    SourceRef,
    Tier,
)
from auditor.scorecard import LinkEntry, PaperEntry, Scorecard
from auditor.scorecard.summary import build_summary

REPO = "https://github.com/lab/soon"
MIRROR = "https://anonymous.4open.science/r/soon-1234"


def stamp(day: int) -> str:
    return f"2026-07-{day:02d}T06:00:00Z"


def card(day: int, tier: Tier, *promised: PromiseKind, url: str = REPO) -> Scorecard:
    """One paper scored on `url` at `tier`, with the promises of `promised` open."""
    pid = "list.md#1"
    kind = LinkKind.ANONYMOUS_REVIEW if url == MIRROR else LinkKind.GITHUB_REPO
    result = LinkResult(
        Link(url, kind, (pid,)), LinkCheck(Outcome.OK, "answered 200", stamp(day), 200)
    )
    promises = tuple(Promise(k, url, "why", "2026-06-29", True, 30) for k in promised)
    score = PaperScore(tier, 40, scored_on=url, promises=promises, overdue=bool(promises))
    paper = PaperEntry(Paper(pid, "Soon", None, "2026-03", SourceRef("list.md", 1)), score)
    return Scorecard(
        rubric_version=None,
        generated_at=stamp(day),
        inputs=(),
        summary=build_summary([score], [result]),
        papers=(paper,),
        links=(LinkEntry(result),),
    )


def run(db: Path, scorecard: Scorecard, *, promises: bool = True) -> tuple[str | None, ...]:
    """Record one run as an audit does; the first-seen of its promises. Without `promises`,
    as a version before promises were recorded did."""
    with History.open(db) as store:
        run_id = store.begin_run(scorecard.generated_at)
        annotated = store.annotate_run(run_id, scorecard)
        if promises:
            annotated = store.annotate_promises(run_id, annotated)
        store.mark_finished(run_id)
    score = annotated.papers[0].score
    assert score is not None
    return tuple(promise.first_seen for promise in score.promises)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "history.sqlite"


def test_a_placeholder_is_open_since_its_first_run_until_it_holds_code(db: Path) -> None:
    code = PromiseKind.CODE
    assert run(db, card(1, Tier.PLACEHOLDER, code)) == (stamp(1),)
    assert run(db, card(5, Tier.PLACEHOLDER, code)) == (stamp(1),)
    # A run that could not decide says nothing: the stretch goes on.
    assert run(db, card(6, Tier.UNKNOWN)) == ()
    assert run(db, card(7, Tier.PLACEHOLDER, code)) == (stamp(1),)
    # Code released, then taken back: a new stretch.
    assert run(db, card(8, Tier.BRONZE)) == ()
    assert run(db, card(9, Tier.PLACEHOLDER, code)) == (stamp(9),)


def test_placeholders_of_runs_before_promises_were_recorded_count(db: Path) -> None:
    run(db, card(1, Tier.PLACEHOLDER, PromiseKind.CODE), promises=False)

    assert run(db, card(3, Tier.PLACEHOLDER, PromiseKind.CODE)) == (stamp(1),)


def test_a_weights_promise_is_open_from_the_first_run_that_recorded_it(db: Path) -> None:
    weights = PromiseKind.WEIGHTS
    # Before promises were recorded nothing says whether the README promised weights.
    run(db, card(1, Tier.BRONZE, weights), promises=False)
    assert run(db, card(2, Tier.BRONZE, weights)) == (stamp(2),)
    assert run(db, card(4, Tier.BRONZE, weights)) == (stamp(2),)
    # The weights were given (the repository scored without the promise), then promised again.
    assert run(db, card(5, Tier.BRONZE)) == ()
    assert run(db, card(6, Tier.BRONZE, weights)) == (stamp(6),)


def test_an_anonymous_link_is_open_since_it_was_first_cited(db: Path) -> None:
    anonymous = PromiseKind.ANONYMOUS_REVIEW
    run(db, card(1, Tier.LISTED, url=MIRROR), promises=False)

    assert run(db, card(3, Tier.LISTED, anonymous, url=MIRROR)) == (stamp(1),)


def test_every_promise_of_the_run_is_stored(db: Path) -> None:
    run(db, card(1, Tier.BRONZE, PromiseKind.WEIGHTS))
    with History.open(db) as store:
        rows = store._db.execute("SELECT run_id, kind, url FROM promises").fetchall()

    assert [tuple(row) for row in rows] == [(1, "weights", REPO)]
