"""What changed since the previous run, computed from the stored results of each link: its
`LinkHistory` (first seen, last ok, dead since, changes) and the links removed. What the reports
and `--fail-on` read of them (new dead, still dead, acknowledged, the headline) is asked of the
scorecard (`auditor.scorecard.dead_links`).

Changes compare with the last *judged* outcome (`ok`, `moved`, `dead`): `unchecked`, `transient`,
`blocked`, `excluded` and `unsupported` say nothing about the link, so they never make it die or
revive.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from auditor.models import JUDGED, RESOLVED, ChangeKind, LinkKind, Outcome, open_member
from auditor.scorecard import (
    LinkHistory,
    RemovedLink,
)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PastResult:
    """One stored result of one link, as the history computation needs it."""

    run_id: int
    finished: bool  # reported: what changes are computed against
    run_started_at: str
    seen_at: str  # when the verdict was reached: `checked_at`, else the run's start
    outcome: str
    final_url: str | None
    repo_exists: bool | None
    archived: bool | None
    license_spdx: str | None
    kind: str | None
    papers: tuple[str, ...]


def _last(items: Iterable[T]) -> T | None:
    last = None
    for item in items:
        last = item
    return last


def _dead_since(rows: Sequence[PastResult]) -> str | None:
    """When the current run of `dead` verdicts began, across every stored run (finished or
    not); None when the last judged verdict is not `dead`."""
    since = None
    for row in rows:
        if row.outcome == Outcome.DEAD:
            since = since or row.seen_at
        elif row.outcome in JUDGED:
            since = None
    return since


def link_history(rows: Sequence[PastResult], run_id: int, previous_id: int | None) -> LinkHistory:
    current = next(row for row in rows if row.run_id == run_id)
    earlier = [row for row in rows if row.finished and row.run_id < run_id]
    ok_times = [row.seen_at for row in rows if row.outcome in RESOLVED]
    return LinkHistory(
        first_seen=min(row.run_started_at for row in rows),
        last_ok=max(ok_times) if ok_times else None,
        dead_since=_dead_since(rows),
        changes=tuple(_changes(current, earlier, previous_id)),
    )


def _changes(
    current: PastResult, earlier: Sequence[PastResult], previous_id: int | None
) -> list[ChangeKind]:
    if not any(row.run_id == previous_id for row in earlier):
        # Not in the previous list (or no previous run): compared to it, the link is new, and
        # nothing else about it can have changed.
        return [ChangeKind.NEW]
    changes: list[ChangeKind] = []
    judged = _last(row for row in earlier if row.outcome in JUDGED)
    if current.outcome == Outcome.DEAD and (judged is None or judged.outcome != Outcome.DEAD):
        changes.append(ChangeKind.DIED)
    if current.outcome in RESOLVED and judged is not None and judged.outcome == Outcome.DEAD:
        changes.append(ChangeKind.REVIVED)
    if current.outcome == Outcome.MOVED and (
        judged is None or judged.outcome != Outcome.MOVED or judged.final_url != current.final_url
    ):
        changes.append(ChangeKind.MOVED)
    was_archived = _last(row.archived for row in earlier if row.archived is not None)
    if current.archived and was_archived is False:
        changes.append(ChangeKind.ARCHIVED)
    # Only a repository seen to exist has a licence fact; a missing one has `None` for unknown.
    licensed = _last(row for row in earlier if row.repo_exists)
    if current.repo_exists and licensed and licensed.license_spdx != current.license_spdx:
        changes.append(ChangeKind.LICENSE_CHANGED)
    return changes


def removed_link(url: str, rows: Sequence[PastResult], previous_id: int) -> RemovedLink:
    last = next(row for row in rows if row.run_id == previous_id)
    ok_times = [row.seen_at for row in rows if row.outcome in RESOLVED]
    return RemovedLink(
        url=url,
        # Every row this auditor stores has a kind; the column allows NULL all the same.
        kind=open_member(LinkKind, last.kind or LinkKind.WEB),
        papers=last.papers,
        last_outcome=Outcome(last.outcome),
        history=LinkHistory(
            first_seen=min(row.run_started_at for row in rows),
            last_ok=max(ok_times) if ok_times else None,
            dead_since=_dead_since(rows),
            changes=(ChangeKind.REMOVED,),
        ),
    )
