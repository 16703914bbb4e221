"""Since when a paper's open promise (`auditor.rubric.promises`) has been open, from what each
stored run says of it (`History.annotate_promises`).

A run says a promise was open, or kept, or nothing: a placeholder is open while a paper is
scored on its repository as a placeholder and kept once the repository scores otherwise (a run
that could not decide says nothing); a README's promise of weights is open while a run recorded
it, and kept when a run that recorded promises scored the repository without it (runs before
promises were recorded say nothing); an anonymous review link is open in every run that cites
it. `first_seen` is the start of the first run of the latest stretch in which the promise was
open, runs saying nothing left out: "open in every run since".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from auditor.models import Promise, PromiseKind
from auditor.scorecard import Scorecard


@dataclass(frozen=True, slots=True)
class Sighting:
    """What one run that wrote its scorecard says of one promise (`store._PROMISE_RUNS`)."""

    started_at: str
    kept: bool  # the run recorded its open promises (this version or later)
    kept_open: bool  # it recorded this one open
    placeholder: bool | None  # a paper scored on the URL: as a placeholder; None: undecided
    cited: bool  # the run cites the URL


def _open(kind: str, run: Sighting) -> bool | None:
    """Whether the promise was open in `run`; None when the run says nothing of it."""
    if kind == PromiseKind.CODE:
        return run.placeholder
    if kind == PromiseKind.ANONYMOUS_REVIEW:
        return True if run.cited else None
    if not run.kept:
        return None
    if run.kept_open:
        return True
    return False if run.placeholder is not None else None


def first_seen(kind: str, runs: Sequence[Sighting]) -> str | None:
    """The start of the first run of the latest unbroken stretch with the promise open."""
    since = None
    for run in runs:
        state = _open(kind, run)
        if state is True:
            since = since or run.started_at
        elif state is False:
            since = None
    return since


def with_first_seen(card: Scorecard, seen: Mapping[tuple[str, str], str | None]) -> Scorecard:
    """`card` with each open promise's `first_seen`, by (kind, url)."""

    def dated(promise: Promise) -> Promise:
        return replace(promise, first_seen=seen.get((promise.kind.value, promise.url)))

    papers = tuple(
        replace(entry, score=replace(score, promises=tuple(map(dated, score.promises))))
        if (score := entry.score) is not None and score.promises
        else entry
        for entry in card.papers
    )
    return replace(card, papers=papers)
