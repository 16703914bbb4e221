"""What users report, as both reports show it: per repository a paper cites whose issue tracker
holds blocker reports (`RepoFacts.tracker`), one note per kind — "7 open reports of missing
weights, oldest 2025-11-02, 5 unanswered" — with each report linked. Evidence beside the
verdicts, never a problem of the rubric's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from auditor.models import TRACKER_FOLLOW_UP, BlockerKind, TrackerReport
from auditor.scorecard import Scorecard
from auditor.timestamps import day_of

# What the reports of each kind are of, after "N open reports".
_OF: Mapping[BlockerKind, str] = {
    BlockerKind.WEIGHTS_MISSING: "of missing weights",
    BlockerKind.CODE_MISSING: "of missing code",
    BlockerKind.DATA_MISSING: "of missing data",
    BlockerKind.CANNOT_REPRODUCE: "that the results cannot be reproduced",
    BlockerKind.INSTALL_FAILS: "of an install that fails",
    BlockerKind.RELEASE_WHEN: "asking when it will be released",
}
# The reports a note links, at most (the open ones first, the oldest first).
REPORTS_LINKED = 10


@dataclass(frozen=True, slots=True)
class TrackerNote:
    """One kind of report of one repository: its words and the reports it links."""

    kind: BlockerKind
    words: str
    reports: tuple[TrackerReport, ...]
    more: int  # reports not linked


@dataclass(frozen=True, slots=True)
class TrackerShown:
    """A repository with blocker reports, the papers citing it, its notes."""

    url: str
    papers: tuple[str, ...]
    notes: tuple[TrackerNote, ...]


def note_words(kind: BlockerKind, reports: tuple[TrackerReport, ...], *, asked: bool) -> str:
    """ "7 open reports of missing weights, oldest 2025-11-02, 5 unanswered; 2 closed" (the
    answers said only when they were read: `asked`)."""
    opened = [r for r in reports if r.open]
    closed = len(reports) - len(opened)
    if not opened:
        return f"{closed} closed report{'s' * (closed != 1)} {_OF[kind]}"
    words = f"{len(opened)} open report{'s' * (len(opened) != 1)} {_OF[kind]}"
    words += f", oldest {day_of(min(r.opened_at for r in opened))}"
    if asked and all(r.answered is not None for r in opened):
        words += f", {sum(r.answered is False for r in opened)} unanswered"
    else:
        words += ", answers not read"
    return words + (f"; {closed} closed" if closed else "")


def tracker_items(card: Scorecard) -> list[TrackerShown]:
    """The repositories with blocker reports, in the document's order, each once."""
    names = {entry.id: entry.paper.name for entry in card.papers}
    items: list[TrackerShown] = []
    for link in card.links:
        facts = link.result.repo
        if facts is None or facts.tracker is None or not facts.tracker.reports:
            continue
        asked = TRACKER_FOLLOW_UP not in facts.skipped
        notes = []
        for kind in BlockerKind:
            reports = tuple(
                sorted(
                    (r for r in facts.tracker.reports if r.kind is kind),
                    key=lambda r: (not r.open, r.opened_at),
                )
            )
            if reports:
                words = note_words(kind, reports, asked=asked)
                linked = reports[:REPORTS_LINKED]
                notes.append(TrackerNote(kind, words, linked, len(reports) - len(linked)))
        papers = tuple(names.get(pid, pid) for pid in link.result.link.papers)
        items.append(TrackerShown(link.url, papers, tuple(notes)))
    return items
