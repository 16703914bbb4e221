"""Re-judged verdicts: on the first run under newer rules (another rubric or judging version,
`Changes.rejudged`), the links and papers whose outcome or tier the rules changed, not the world
(`ChangeKind.REJUDGED`, given by `auditor.history`). They are never died or new-dead, fail no
`--fail-on` choice on that run, and the reports say so once, in the words of `sentence`. They read
the scorecard alone, so the reports and the exit code ask here, not the history package."""

from __future__ import annotations

from auditor.check.judging import changed_since
from auditor.models import ChangeKind
from auditor.scorecard.document import LinkEntry, PaperEntry, Rejudging, Scorecard


def is_rejudged(entry: LinkEntry | PaperEntry) -> bool:
    """Whether this run's rules, not the world, changed the link's outcome or the paper's tier
    (or first judged the link): what `--fail-on` leaves out on that run."""
    if isinstance(entry, PaperEntry):
        return ChangeKind.REJUDGED in entry.changes
    return entry.history is not None and ChangeKind.REJUDGED in entry.history.changes


def rules_words(rejudging: Rejudging) -> str:
    """What changed in the rules, as "re-judged under …" says it: `rubric 2.0 / cited folders`."""
    before, now = rejudging.previous, rejudging.current
    parts = [f"rubric {now.rubric}"] if now.rubric != before.rubric else []
    if now.judging != before.judging:
        parts += changed_since(before.judging, now.judging) or [f"judging version {now.judging}"]
    return " / ".join(parts)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def sentence(card: Scorecard) -> str | None:
    """The one line the reports give a run under newer rules than the previous run's; None on
    any other run."""
    rejudging = card.changes.rejudged if card.changes else None
    if rejudging is None:
        return None
    links = sum(1 for entry in card.links if is_rejudged(entry))
    before, now = rejudging.previous, rejudging.current
    return (
        f"Re-judged under {rules_words(rejudging)}: {_count(links, 'link')}, "
        f"{_count(rejudging.papers, 'paper')} changed by the auditor's new rules, not by the "
        f"world (rubric {before.rubric}, judging version {before.judging} in the previous run; "
        f"{now.rubric}, {now.judging} in this one). They are not counted as died or newly dead "
        "and fail no --fail-on choice on this run."
    )
