"""`summary.md`, also the Actions job summary: within GitHub's 1 MiB step-summary limit, the
papers table loses rows first, then the problem lists, each cut said, rather than the whole
summary failing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from auditor.models import Tier
from auditor.render.text import cache_reuse_sentence, most_that_fit, safe_url
from auditor.render.tracker import tracker_items
from auditor.render.views import (
    OUTCOME_SYMBOLS,
    PROBLEM_CRITERIA,
    TIER_SYMBOLS,
    PaperView,
    acknowledged_items,
    artifact_items,
    dead_items,
    display_tiers,
    environment,
    fixes,
    found_code,
    headline,
    judged_elsewhere_items,
    link_shown,
    overdue_items,
    paper_views,
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
    card: Scorecard,
) -> tuple[dict[str, object], list[Section], list[PaperView]]:
    """The template's fixed values, its problem sections, and one view per paper."""
    fresh = {entry.url for entry in dead_links.new_dead(card)} if card.changes else set()
    views = paper_views(card)
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
        "fixes": fixes(views),
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


def _fit(
    render: Callable[[int, int], str], problems: int, rows: int, fits: Callable[[str], bool]
) -> str:
    """The longest rendering that fits: drop table rows first, then problems (each item's size
    is bounded by `clip`). When the problems alone do not fit, no row can: only problems are
    searched."""
    text = render(problems, rows)
    if fits(text):
        return text
    base = render(problems, 0)
    if fits(base):
        return _most_near(lambda n: render(problems, n), fits, rows, text, base)
    empty = render(0, 0)
    if not fits(empty):  # Only the headline is left and even it does not fit: not with clip.
        raise ValueError("the report's headline alone exceeds the size limit")
    return _most_near(lambda n: render(n, 0), fits, problems, base, empty)


def _most_near(
    attempt: Callable[[int], str], fits: Callable[[str], bool], total: int, full: str, empty: str
) -> str:
    """The longest `attempt(n)` that fits, `empty` (n = 0) fitting and `full` (n = `total`) not.
    Searched near the count that fits at the average item's size, not over every item: each
    try renders that many (at 30,000 papers a search over all of them took 35 s)."""
    per_item = max(1.0, (len(full.encode()) - len(empty.encode())) / max(1, total))
    guess = min(total, int((MAX_SUMMARY_BYTES - len(empty.encode())) / per_item))
    low, high = max(0, guess * 3 // 4), min(total - 1, guess * 5 // 4)
    floor = attempt(low) if low else empty
    if not fits(floor):  # the first items are longer than the average: search below
        low, high, floor = 0, low - 1, empty
    elif high < total - 1 and fits(attempt(high + 1)):
        high = total - 1  # the later items are shorter than the average: search them all
    found = most_that_fit(attempt, fits, high, low + 1)
    return floor if found is None else found[1]


def render_markdown(card: Scorecard, *, report_url: str | None = None) -> str:
    """The job summary (`summary.md`): headline, problems first, then every paper in a
    collapsed table; always under 1 MiB, cut with a note pointing to the full report."""
    context, sections, views = _markdown_context(card)
    template = environment().get_template("summary.md.j2")

    def render(problems: int, rows: int) -> str:
        shown = []
        for section in sections:
            shown.append(replace(section, entries=section.entries[:problems]))
            problems = max(0, problems - section.total)
        return template.render(
            context,
            report_url=safe_url(report_url),
            sections=shown,
            views=views[:rows],
            total_papers=len(views),
        )

    total_problems = sum(section.total for section in sections)
    return _fit(
        render, total_problems, len(views), lambda text: len(text.encode()) < MAX_SUMMARY_BYTES
    )
