"""`index.html`: one self-contained page (styles, script and data inline). Rows are rendered on
the server, so the table reads without JavaScript; the script sorts and filters the same data
(given once as named fields, `page`) and keeps the filters in the URL fragment."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

import msgspec
from markupsafe import Markup

from auditor.models import Outcome, Tier
from auditor.render.page import cut, page_data
from auditor.render.text import (
    cache_reuse_sentence,
    clip,
    css_class,
    safe_url,
    short_url,
)
from auditor.render.tracker import tracker_items
from auditor.render.views import (
    NO_CODE_WORDS,
    OUTCOME_SYMBOLS,
    PRIORITY_TIERS,
    PROBLEM_CRITERIA,
    TIER_SYMBOLS,
    CopyShown,
    PaperView,
    ReportViews,
    acknowledged_items,
    artifact_items,
    copy_shown,
    dead_items,
    display_tiers,
    environment,
    headline,
    judged_elsewhere_items,
    overdue_items,
    priority_order,
    report_views,
    review_items,
    review_words,
    stale_items,
)
from auditor.rubric.evidence import NO_CODE_REASON
from auditor.rubric.registry import CRITERIA
from auditor.scorecard import Review, Scorecard, dead_links, rejudging
from auditor.timestamps import day_of

# The characters of a review's reason shown beside a tier or an outcome in the table, where the
# column is narrow; the list of reviews above the table says it whole.
REVIEW_REASON_CHARACTERS = 60


def _script_json(value: object) -> Markup:
    """JSON for a `<script type="application/json">`: `<`, `>` and `&` as \\u escapes so no
    `</script>` or `<!--` in the data can end or bend the element. msgspec writes the bytes
    `json.dumps(value, ensure_ascii=False, separators=(",", ":"))` would, in a ninth of its CPU
    (4.1 s -> 0.5 s for the 39 MB of a 30,000-paper page)."""
    text = msgspec.json.encode(value).decode()
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)  # noqa: S704 - escaped above for the script-data context


@dataclass(frozen=True, slots=True)
class _Cell:
    """A code link in a table row: where it leads (None: shown as text), its label, outcome."""

    href: str | None
    label: str
    outcome: str
    badge: str
    copy: CopyShown | None  # an archived copy: its URL and the day it was saved
    review: str  # a reviewer's verdict beside the outcome (`review_words`), or ""
    review_differs: bool


@dataclass(frozen=True, slots=True)
class _TableRow:
    """One paper's row of the HTML table, as plain text the template escapes."""

    name: str
    sub: str  # its title when that says more than the name
    source: str
    tier: str  # the tier word (a class name)
    badge: str  # the tier as people read it, with its symbol
    review: str  # a reviewer's verdict beside the tier (`review_words`), or ""
    review_differs: bool
    reuse: str  # the reuse mark beside the tier ("open", …), or ""
    reuse_means: str  # what it says, in words
    new: bool
    archived: bool  # the repository scored is archived (read-only)
    score: str
    links: tuple[_Cell, ...]
    licence: str
    last_commit: str
    problems: tuple[str, ...]
    more: int  # problems not shown


def _review_beside(review: Review | None, measured: str) -> str:
    """A review as the table shows it under the measured verdict: its reason cut short."""
    if review is None:
        return ""
    short = replace(review, reason=clip(review.reason, REVIEW_REASON_CHARACTERS))
    return clip(review_words(short, measured))


def _table_row(view: PaperView) -> _TableRow:
    paper = view.entry.paper
    name = clip(paper.name)
    return _TableRow(
        name=name,
        sub=clip(paper.title) if paper.title and paper.title != paper.name else "",
        source=f"{clip(paper.source.path)}:{paper.source.line}",
        tier=css_class(view.tier),
        badge=f"{TIER_SYMBOLS.get(view.tier, '?')} {view.tier_words}",
        review=_review_beside(view.entry.review, view.tier),
        review_differs=view.entry.review is not None and view.entry.review.differs,
        reuse=view.reuse,
        reuse_means=view.reuse_means,
        new=view.new,
        archived=view.archived,
        score="–" if view.score is None else str(view.score),
        links=tuple(
            _Cell(
                safe_url(link.url),
                short_url(link.url),
                css_class(link.outcome),
                f"{OUTCOME_SYMBOLS.get(link.outcome, '?')} {link.outcome}"
                + (", acknowledged" if link.is_acknowledged else ""),
                copy_shown(link),
                _review_beside(link.review, link.outcome),
                link.review is not None and link.review.differs,
            )
            for link in view.shown
        ),
        licence=clip(view.licence, 60),
        last_commit=view.last_commit,
        problems=tuple(clip(problem) for problem in view.problems[:3]),
        more=max(0, len(view.problems) - 3),
    )


@dataclass(frozen=True, slots=True)
class _Bar:
    key: str  # a class name: what it counts
    label: str
    count: int
    width: float  # of 150, the longest bar's


@dataclass(frozen=True, slots=True)
class _Chart:
    title: str
    bars: tuple[_Bar, ...]


def _chart(
    title: str, counts: Mapping[str, int], labels: Mapping[str, str] | None = None
) -> _Chart:
    top = max(counts.values(), default=0) or 1
    bars = tuple(
        _Bar(key, (labels or {}).get(key, key), count, round(150 * count / top, 1))
        for key, count in counts.items()
    )
    return _Chart(title, bars)


def render_html(card: Scorecard, shown: ReportViews | None = None) -> str:
    """The self-contained `index.html`: inline CSS and JS; the table's rows in the HTML, problems
    first, readable without JavaScript; the data the script sorts, filters and details from
    embedded once as JSON. `shown`: the card's `report_views`, when another report has them."""
    summary = card.summary
    previous = card.changes.previous_run if card.changes else None
    shown = shown or report_views(card)
    views = priority_order(shown.papers)
    tier_labels = {tier.value: f"{TIER_SYMBOLS[tier]} {tier.value}" for tier in Tier}
    tier_labels[Tier.NO_CODE] = f"{TIER_SYMBOLS[Tier.NO_CODE]} {NO_CODE_WORDS}"
    shown_tiers = display_tiers(summary.tiers)
    outcome_labels = {o.value: f"{OUTCOME_SYMBOLS[o]} {o.value}" for o in Outcome}
    charts = [
        _chart("Tiers", {t.value: summary.tiers.get(t, 0) for t in shown_tiers}, tier_labels),
        _chart("Licence classes", summary.licence_classes),
        _chart("Last commit age", summary.last_commit_age),
        _chart("Link outcomes", summary.outcomes, outcome_labels),
    ]
    sources = sorted({cut(entry.paper.source.path) for entry in card.papers})
    no_code = summary.tiers.get(Tier.NO_CODE, 0)
    return (
        environment()
        .get_template("report.html.j2")
        .render(
            doc=card,
            headline=dead_links.headline(card),
            rejudged=rejudging.sentence(card),
            counts=headline(card),
            cache_reuse=cache_reuse_sentence(card.cache),
            summary=summary,
            with_code=summary.papers - no_code,
            no_code=no_code,
            since=day_of(previous) if previous else None,
            previous=previous,
            charts=charts,
            dead=dead_items(card, shown.fresh),
            artifacts=artifact_items(card),
            acknowledged=acknowledged_items(card),
            stale=stale_items(card),
            reviews=review_items(card),
            overdue=overdue_items(card),
            placeholders=[v for v in views if v.tier == Tier.PLACEHOLDER],
            mismatches=[v for v in views if v.other_work],
            tracker=tracker_items(card),
            judged_elsewhere=judged_elsewhere_items(card),
            unlicensed=[v for v in views if v.unlicensed],
            fixes=shown.fixes,
            problem_criteria=PROBLEM_CRITERIA,
            rows=[_table_row(view) for view in views],
            tiers=[(t.value, tier_labels[t]) for t in shown_tiers],
            outcomes=[(o.value, outcome_labels[o]) for o in Outcome],
            sources=sources,
            order_words=", ".join(tier_labels[t] for t in PRIORITY_TIERS),
            data=_script_json(
                page_data(
                    views,
                    tier_order=[t.value for t in shown_tiers],
                    titles={spec.id: spec.title for spec in CRITERIA},
                    fixes={spec.id: spec.fix for spec in CRITERIA},
                    echo=NO_CODE_REASON,
                )
            ),
        )
    )
