"""`summary.md`, also the Actions job summary: within GitHub's 1 MiB step-summary limit, the
papers table loses rows first, then the problem lists, each cut said, rather than the whole
summary failing."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import overload

from auditor.models import Tier
from auditor.render.text import cache_reuse_sentence, most_that_fit, safe_url
from auditor.render.tracker import tracker_items
from auditor.render.views import (
    OUTCOME_SYMBOLS,
    PROBLEM_CRITERIA,
    TIER_SYMBOLS,
    PaperView,
    ReportViews,
    acknowledged_items,
    artifact_items,
    dead_items,
    display_tiers,
    environment,
    found_code,
    headline,
    judged_elsewhere_items,
    link_shown,
    overdue_items,
    report_views,
    review_items,
    stale_items,
)
from auditor.scorecard import Scorecard, dead_links, rejudging

# GitHub refuses a step summary of 1 MiB or more.
MAX_SUMMARY_BYTES = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Section:
    """A problem list of the summary: its title, its key (what the template shows of each
    item), the items shown, and how many there are in all."""

    title: str
    key: str
    entries: Sequence[object]
    total: int


def _markdown_context(
    card: Scorecard, shown: ReportViews
) -> tuple[dict[str, object], list[Section], list[PaperView]]:
    """The template's fixed values, its problem sections, and one view per paper."""
    fresh = {entry.url for entry in dead_links.new_dead(card)} if card.changes else set()
    views = shown.papers
    dead = dead_items(card, fresh)
    placeholders = [v for v in views if v.tier == Tier.PLACEHOLDER]
    unlicensed = [v for v in views if v.unlicensed]
    context: dict[str, object] = {
        "doc": card,
        "summary": card.summary,
        "headline": dead_links.headline(card),
        "rejudged": rejudging.sentence(card),
        "counts": headline(card),
        "dead_links": len(dead),  # those that count (`LinkEntry.counts_as_dead`)
        "tiers": [(t.value, TIER_SYMBOLS[t]) for t in display_tiers(card.summary.tiers)],
        "outcome_symbols": OUTCOME_SYMBOLS,
        "tier_symbols": TIER_SYMBOLS,
        "fixes": shown.fixes,
        "problem_criteria": PROBLEM_CRITERIA,
        "cache_reuse": cache_reuse_sentence(card.cache),
        "found_code": found_code,
    }
    sections = [_section("Dead links", "dead", dead)]
    # Shown only when a link is acknowledged (.paper-auditor-ignore).
    acknowledged, stale = acknowledged_items(card), stale_items(card)
    if acknowledged:
        sections.append(_section("Acknowledged dead links", "acknowledged", acknowledged))
    if stale:
        sections.append(_section("Stale acknowledgements", "stale", stale))
    # Shown only when reviews were given (.paper-auditor-reviews), those to look at again first.
    reviews = review_items(card)
    if reviews:
        sections.append(_section("Reviewed verdicts", "reviewed", reviews))
    # Shown only when a promise is overdue (`auditor.rubric.promises`).
    overdue = overdue_items(card)
    if overdue:
        sections.append(_section("Overdue promises", "overdue", overdue))
    # Shown only when a cited repository is about another work (tier `mismatch`).
    mismatches = [v for v in views if v.other_work]
    if mismatches:
        sections.append(_section("About another work", "mismatch", mismatches))
    # Shown only when a link was judged on a cited folder or another branch.
    elsewhere = judged_elsewhere_items(card)
    if elsewhere:
        sections.append(_section("Judged on a folder or branch", "judged-elsewhere", elsewhere))
    # Shown only when a README gave weights or data links (checked as the paper's).
    artifacts = artifact_items(card)
    if artifacts:
        sections.append(_section("Weights and data the READMEs give", "artifacts", artifacts))
    sections += [
        _section("Placeholder repositories", "placeholder", placeholders),
        _section("Missing licences", "licence", unlicensed),
    ]
    # Shown only when the run asked for them (--find-code, --preservation).
    found = [v for v in views if v.entry.paper.found_code]
    if found:
        sections.append(_section("Code found, not cited", "found", found))
    # Shown only when an issue tracker holds blocker reports (read with a token).
    tracker = tracker_items(card)
    if tracker:
        sections.append(_section("What users report", "tracker", tracker))
    unpreserved = [
        link_shown(link)
        for link in card.links
        if link.result.preservation in ("not-yet-preserved", "archival-requested")
    ]
    if unpreserved:
        sections.append(_section("Repositories not yet preserved", "preservation", unpreserved))
    return context, sections, views


def _section(title: str, key: str, items: Sequence[object]) -> Section:
    return Section(title, key, items, len(items))


class _Written:
    """The UTF-8 bytes a streamed rendering has written so far."""

    def __init__(self) -> None:
        self.bytes = 0


class _Measured(Sequence[object]):
    """A list the template loops over, noting how many bytes the rendering had written as each
    item began and as the loop ended: each item's size, from one rendering."""

    def __init__(self, items: Sequence[object], written: _Written) -> None:
        self.items, self.written = items, written
        self.marks: list[int] = []

    def __len__(self) -> int:
        return len(self.items)

    @overload
    def __getitem__(self, index: int) -> object: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[object]: ...
    def __getitem__(self, index: int | slice) -> object:
        return self.items[index]

    def __iter__(self) -> Iterator[object]:
        for item in self.items:
            self.marks.append(self.written.bytes)
            yield item
        self.marks.append(self.written.bytes)

    @property
    def complete(self) -> bool:
        """Whether every item was written, once (an empty list needs no loop)."""
        return not self.items or len(self.marks) == len(self.items) + 1

    def sizes(self) -> list[int]:
        """The bytes of each item written whole, in order; none when the template looped
        over the list more than once (the fit then takes more tries)."""
        if len(self.marks) > len(self.items) + 1:
            return []
        return [end - start for start, end in itertools.pairwise(self.marks)]


@dataclass(frozen=True, slots=True)
class _Sizes:
    """What one rendering of everything, streamed until it could fit no more, tells:
    `lower(p, r)`, at most the bytes of the rendering with the first p problems (in section
    order) and r rows — the items are known by their bytes, the text around them as far as the
    last item written whole (a cut only adds its note), the text after that not at all."""

    text: str | None  # the whole rendering, when it fits
    around: int
    problems: list[int]  # the bytes of the first p problems, for each p known
    rows: list[int]  # the bytes of the first r rows, for each r known

    def lower(self, problems: int, rows: int) -> int:
        if problems >= len(self.problems) or rows >= len(self.rows):
            return MAX_SUMMARY_BYTES  # not known: as if it could not fit
        return self.around + self.problems[problems] + self.rows[rows]


def _measure(
    stream: Callable[[Sequence[Section], Sequence[object]], Iterator[str]],
    sections: Sequence[Section],
    rows: Sequence[object],
) -> _Sizes:
    written = _Written()
    listed = [_Measured(section.entries, written) for section in sections]
    table = _Measured(rows, written)
    parts: list[str] = []
    for part in stream(
        [replace(s, entries=items) for s, items in zip(sections, listed, strict=True)], table
    ):
        parts.append(part)
        written.bytes += len(part.encode())
        if written.bytes >= MAX_SUMMARY_BYTES:  # the rest cannot make it fit: not rendered
            break
    counted = []  # the lists whose items are known, in the order they are written
    for items in (*listed, table):
        counted.append(items)
        if not items.complete:
            break
    sizes = [list(itertools.accumulate(items.sizes(), initial=0)) for items in counted]
    problems = [0]
    for known in sizes[: len(listed)]:
        before = problems[-1]
        problems += [before + total for total in known[1:]]
    rows_known = sizes[-1] if len(counted) > len(listed) else [0]
    last = max((mark for items in counted for mark in items.marks), default=0)
    return _Sizes(
        "".join(parts) if written.bytes < MAX_SUMMARY_BYTES else None,
        last - problems[-1] - rows_known[-1],
        problems,
        rows_known,
    )


def _fit(
    render: Callable[[int, int], str],
    sizes: _Sizes,
    problems: int,
    rows: int,
    fits: Callable[[str], bool],
) -> str:
    """The longest rendering that fits: drop table rows first, then problems (each item's size
    is bounded by `clip`). When the problems alone do not fit, no row can: only problems are
    searched. Each search starts where the measured sizes put the limit (`_most_near`)."""
    if sizes.text is not None and fits(sizes.text):
        return sizes.text
    if sizes.lower(problems, 0) < MAX_SUMMARY_BYTES:
        found = _most_near(
            lambda n: render(problems, n), fits, lambda n: sizes.lower(problems, n), rows
        )
        if found is not None:
            return found
    found = _most_near(lambda n: render(n, 0), fits, lambda n: sizes.lower(n, 0), problems)
    if found is None:  # Only the headline is left and even it does not fit: not with clip.
        raise ValueError("the report's headline alone exceeds the size limit")
    return found


def _most_near(
    attempt: Callable[[int], str],
    fits: Callable[[str], bool],
    lower: Callable[[int], int],
    total: int,
) -> str | None:
    """The longest `attempt(n)`, n from 0 to `total`, that fits; None when not even n = 0
    does. `lower(n)`, growing with n, is at most `attempt(n)`'s bytes, so the largest n it lets
    fit is the first try; when that does not fit, what it weighed beyond `lower` (the cut
    notes, the text after the items) is about what it weighs a few items earlier: the second
    try allows for it, and the third tells whether one more item fits. Each try renders the
    summary (at 30,000 papers a search near the average item's size took 16 tries, 8 s)."""
    most = _largest_under(lower, total)
    if most is None:
        return None
    text = attempt(most)
    if fits(text):
        return text  # attempt(most + 1) weighs at least lower(most + 1): too much
    beyond = len(text.encode()) - lower(most)
    guess = _largest_under(lambda n: lower(n) + beyond, most - 1) or 0
    text = attempt(guess)
    if not fits(text):
        below = most_that_fit(attempt, fits, guess - 1)
        return None if below is None else below[1]
    if guess + 1 < most:
        more = attempt(guess + 1)
        if fits(more):
            above = most_that_fit(attempt, fits, most - 1, guess + 2)
            return more if above is None else above[1]
    return text


def _largest_under(weight: Callable[[int], int], high: int) -> int | None:
    """The largest n from 0 to `high` whose `weight(n)` (growing with n) is under the limit."""
    found = most_that_fit(weight, lambda size: size < MAX_SUMMARY_BYTES, high)
    return None if found is None else found[0]


def render_markdown(
    card: Scorecard, *, report_url: str | None = None, shown: ReportViews | None = None
) -> str:
    """The job summary (`summary.md`): headline, problems first, then every paper in a
    collapsed table; always under 1 MiB, cut with a note pointing to the full report.
    `shown`: the card's `report_views`, when another report has them."""
    context, sections, views = _markdown_context(card, shown or report_views(card))
    template = environment().get_template("summary.md.j2")

    def stream(shown: Sequence[Section], rows: Sequence[object]) -> Iterator[str]:
        return template.generate(
            context,
            report_url=safe_url(report_url),
            sections=shown,
            views=rows,
            total_papers=len(views),
        )

    def render(problems: int, rows: int) -> str:
        shown = []
        for section in sections:
            shown.append(replace(section, entries=section.entries[:problems]))
            problems = max(0, problems - section.total)
        return "".join(stream(shown, views[:rows]))

    return _fit(
        render,
        _measure(stream, sections, views),
        sum(section.total for section in sections),
        len(views),
        lambda text: len(text.encode()) < MAX_SUMMARY_BYTES,
    )
