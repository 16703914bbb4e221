"""The dead-link questions every report, output and exit code asks of a `Scorecard`: the links
newly dead, still dead and acknowledged, and the one-sentence headline of what changed since the
previous run. They read the scorecard alone (its `LinkHistory` and `Changes`, filled by
`auditor.history` when a run is recorded), so the reports ask here, not the history package."""

from __future__ import annotations

from auditor.models import ChangeKind, Outcome
from auditor.scorecard.document import LinkEntry, Scorecard


def is_new_dead(entry: LinkEntry) -> bool:
    # An acknowledged link is known dead: nothing new to report, nothing to fail on.
    if not entry.counts_as_dead:
        return False
    # A link never compared with a history counts: `--fail-on new-dead` fails closed.
    changes = entry.history.changes if entry.history else None
    return changes is None or ChangeKind.DIED in changes or ChangeKind.NEW in changes


def new_dead(card: Scorecard) -> list[LinkEntry]:
    """Links that died since the previous run, or are first seen (new to the list) and dead,
    unless acknowledged: what `--fail-on new-dead` counts."""
    return [entry for entry in card.links if is_new_dead(entry)]


def still_dead(card: Scorecard) -> list[LinkEntry]:
    """Links whose last judged verdict is `dead`: dead now, or not judged this run (unchecked,
    transient, …) after being dead; acknowledged ones left out (`acknowledged_dead`). A
    tracking issue stays open while any is left."""
    return [
        entry
        for entry in card.links
        if (entry.outcome == Outcome.DEAD or (entry.history and entry.history.dead_since))
        and not entry.is_acknowledged
    ]


def acknowledged_dead(card: Scorecard) -> list[LinkEntry]:
    """Dead links whose acknowledgement holds: reported apart, failing no `--fail-on` rule."""
    return [
        entry for entry in card.links if entry.outcome == Outcome.DEAD and entry.is_acknowledged
    ]


def headline(card: Scorecard) -> str:
    """One sentence on what changed since the previous run, new deaths first; the wording the
    summary, the HTML header and the tracking issue share. Empty for an unrecorded document."""
    changes = card.changes
    if changes is None:
        return ""
    previous = changes.previous_run
    if previous is None:
        return f"First recorded run: {len(card.links)} link(s)."
    counts = changes.counts
    parts = [f"{changes.new_dead} link(s) newly dead"] if changes.new_dead else []
    parts += [
        f"{counts[kind]} {label}"
        for kind, label in (
            (ChangeKind.REVIVED, "revived"),
            (ChangeKind.MOVED, "moved"),
            (ChangeKind.ARCHIVED, "archived"),
            (ChangeKind.LICENSE_CHANGED, "licence(s) changed"),
            (ChangeKind.NEW, "new"),
            (ChangeKind.REMOVED, "removed"),
        )
        if counts.get(kind)
    ]
    if not parts:
        return f"No change since the previous run ({previous})."
    return f"Since the previous run ({previous}): " + ", ".join(parts) + "."
