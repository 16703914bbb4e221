"""What changed since the previous run, computed from the stored results of each link: its
`LinkHistory` (first seen, last ok, dead since, changes) and the links removed. What the reports
and `--fail-on` read of them (new dead, still dead, acknowledged, the headline) is asked of the
scorecard (`auditor.scorecard.dead_links`).

Changes compare with the last *judged* outcome (`ok`, `moved`, `dead`): `unchecked`, `transient`,
`blocked`, `excluded` and `unsupported` say nothing about the link, so they never make it die or
revive.

On the first run under newer rules than the previous run's (another rubric or judging version,
`Rules`), a change the rules could explain is `rejudged` instead (docs/guarantees.md §11):
- a link's outcome change (died, revived, moved), or its first judged outcome, when the judging
  version changed and nothing stored says the world changed: the repository's existence, the
  commit judged, or — for a link judged as itself before, not under the repository key it
  inherits — the class of its HTTP answer (200 → 404 is the world; 200 → 200 judged `dead`
  now is the rules). A 404 where there was a 200 stays `died`.
- a link the auditor found itself (`found_via`: a project page, a README) for papers of the
  previous run, first seen now: a baseline, not `new`.
- a paper's tier, when the rubric or the judging version changed and neither its links (a change
  of their own, a commit judged, a link removed) nor the paper's list says the world changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from auditor.check.judging import FIRST_JUDGING_VERSION
from auditor.models import JUDGED, RESOLVED, ChangeKind, LinkKind, Outcome, open_member
from auditor.scorecard import (
    LinkEntry,
    LinkHistory,
    PaperEntry,
    RemovedLink,
)

T = TypeVar("T")

# The rubric of a history run that recorded none: the last version before runs recorded theirs.
UNRECORDED_RUBRIC = "1.2"
# The changes of a link's outcome that a change of the rules can explain.
_OUTCOME_CHANGES = frozenset({ChangeKind.DIED, ChangeKind.REVIVED, ChangeKind.MOVED})


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules a run judged under (`JudgingRules` in the scorecard): a run recorded before
    runs recorded them counts as `UNRECORDED_RUBRIC` and the first judging version."""

    rubric: str
    judging: int

    @classmethod
    def stored(cls, rubric: str | None, judging: int | None) -> Rules:
        return cls(rubric or UNRECORDED_RUBRIC, judging or FIRST_JUDGING_VERSION)


@dataclass(frozen=True, slots=True)
class Rejudge:
    """What the link's comparison knows of a change of rules since the previous run: whether
    the judging version changed; whether the link's earlier results are of the repository
    key it inherits (`links.normalize.keyed_before_folders`), so judged as another thing; whether
    the link is new and found by the auditor for papers of the previous run."""

    judging_changed: bool
    inherited: bool = False
    found_for_known_papers: bool = False


@dataclass(frozen=True, slots=True)
class PastResult:
    """One stored result of one link, as the history computation needs it."""

    run_id: int
    finished: bool  # reported: what changes are computed against
    run_started_at: str
    seen_at: str  # when the verdict was reached: `checked_at`, else the run's start
    outcome: str
    http_status: int | None
    final_url: str | None
    repo_exists: bool | None
    commit: str | None
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


def link_history(
    rows: Sequence[PastResult],
    run_id: int,
    previous_id: int | None,
    rejudge: Rejudge | None = None,
) -> LinkHistory:
    current = next(row for row in rows if row.run_id == run_id)
    earlier = [row for row in rows if row.finished and row.run_id < run_id]
    ok_times = [row.seen_at for row in rows if row.outcome in RESOLVED]
    changes = _changes(current, earlier, previous_id)
    if rejudge is not None:
        changes = _rejudged(changes, current, earlier, rejudge)
    return LinkHistory(
        first_seen=min(row.run_started_at for row in rows),
        last_ok=max(ok_times) if ok_times else None,
        dead_since=_dead_since(rows),
        changes=tuple(changes),
    )


def _known_and_different(before: object, now: object) -> bool:
    return before is not None and now is not None and before != now


def world_changed(before: PastResult, now: PastResult, *, same_key: bool) -> bool:
    """Whether the stored facts say the link's world changed between two results: the
    repository's existence, the commit judged, or (for the same key, judged as the same thing)
    the class of the HTTP answer."""
    return (
        _known_and_different(before.repo_exists, now.repo_exists)
        or _known_and_different(before.commit, now.commit)
        or (
            same_key
            and before.http_status is not None
            and now.http_status is not None
            and before.http_status // 100 != now.http_status // 100
        )
    )


def _rejudged(
    changes: list[ChangeKind],
    current: PastResult,
    earlier: Sequence[PastResult],
    rejudge: Rejudge,
) -> list[ChangeKind]:
    """`changes` with those the change of rules explains made one `rejudged`."""
    if not rejudge.judging_changed:
        return changes
    if changes == [ChangeKind.NEW]:
        return [ChangeKind.REJUDGED] if rejudge.found_for_known_papers else changes
    explained = [change for change in changes if change in _OUTCOME_CHANGES]
    if not explained:
        return changes
    judged = _last(row for row in earlier if row.outcome in JUDGED)
    compared = judged or _last(earlier)
    if compared is not None and world_changed(compared, current, same_key=not rejudge.inherited):
        return changes
    kept = [change for change in changes if change not in _OUTCOME_CHANGES]
    return [ChangeKind.REJUDGED, *kept]


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


@dataclass(frozen=True, slots=True)
class PastTiers:
    """The previous run's tier of each of its papers (None: not scored), by the paper's stable
    key, or by its id and name for a paper stored before keys were."""

    by_key: Mapping[str, str | None]
    by_place: Mapping[tuple[str, str], str | None]

    def of(self, papers: Iterable[PaperEntry]) -> dict[str, str | None]:
        """The previous tier of each of `papers` the previous run had, by paper id."""
        found: dict[str, str | None] = {}
        for entry in papers:
            key = entry.key
            if key in self.by_key:
                found[entry.id] = self.by_key[key]
            elif (entry.id, entry.paper.name) in self.by_place:
                found[entry.id] = self.by_place[entry.id, entry.paper.name]
        return found


def _paper_rejudged(
    entry: PaperEntry,
    links: Sequence[LinkEntry],
    rows: Mapping[str, Sequence[PastResult]],
    run_id: int,
) -> bool:
    """Whether nothing stored says the world of a paper whose tier changed did: its `links`'
    own changes, the commits judged."""
    for link in links:
        changes = link.history.changes if link.history else ()
        if any(change != ChangeKind.REJUDGED for change in changes):
            return False
        stored = rows[link.url]
        current = next(row for row in stored if row.run_id == run_id)
        compared = _last(row for row in stored if row.finished and row.run_id < run_id)
        # Its HTTP answer's class is the link's own comparison: here the repository's facts.
        if compared is not None and world_changed(compared, current, same_key=False):
            return False
    return True


def rejudged_papers(
    papers: Sequence[PaperEntry],
    tiers_before: Mapping[str, str | None],
    links: Sequence[LinkEntry],
    removed: Sequence[RemovedLink],
    rows: Mapping[str, Sequence[PastResult]],
    run_id: int,
) -> tuple[PaperEntry, ...]:
    """On a run under other rules than the previous run's: `papers`, each marked `rejudged`
    whose tier changed (from `tiers_before`, by paper id) with nothing stored saying its world
    did (`_paper_rejudged`; a link removed from it)."""
    cited: dict[str, list[LinkEntry]] = {}
    for link in links:
        for paper in link.result.link.papers:
            cited.setdefault(paper, []).append(link)
    lost = {paper for gone in removed for paper in gone.papers}
    return tuple(
        replace(entry, changes=(ChangeKind.REJUDGED,))
        if entry.id in tiers_before
        and tiers_before[entry.id] != (entry.score.tier if entry.score else None)
        and entry.id not in lost
        and _paper_rejudged(entry, cited.get(entry.id, []), rows, run_id)
        else entry
        for entry in papers
    )


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
