"""The data others load, rendered from the scorecard alone: `papers.csv` and `links.csv` (one row
per paper, per link; pandas and R read them as they are) and the shields.io endpoint badges
(`badge.json` for the list, `badges/<key>.json` per paper). The columns are a contract, named
and described in docs/data-out.md: added, never renamed or reordered.

Every cell that a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage
return) is prefixed with `'`: names, titles and URLs come from the lists and the hosts."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping, Sequence

from auditor.models import CODE_TIERS, Tier
from auditor.scorecard.document import LinkEntry, PaperEntry, Review, Scorecard
from auditor.timestamps import day_of

PAPER_COLUMNS: tuple[str, ...] = (
    "key",
    "id",
    "name",
    "title",
    "date",
    "tier",
    "score",
    "code_url",
    "code_outcome",
    "licence_class",
    "stars",
    "links",
    "dead_links",
    "mismatch",
    "overdue",
    "reuse",
    "rubric_version",
    "audit_date",
    "source_path",
    "source_line",
    "reviewed_tier",
    "review_reason",
    "reviewer",
    "review_date",
    "review_differs",
)
LINK_COLUMNS: tuple[str, ...] = (
    "url",
    "kind",
    "outcome",
    "detail",
    "http_status",
    "final_url",
    "paper_keys",
    "paper_ids",
    "licence_class",
    "stars",
    "archived",
    "checked_at",
    "first_seen",
    "dead_since",
    "acknowledged_until",
    "rubric_version",
    "audit_date",
    "reviewed_outcome",
    "review_reason",
    "reviewer",
    "review_date",
    "review_differs",
)
# What a review adds beside its verdict, in both files.
_REVIEW_COLUMNS = ("review_reason", "reviewer", "review_date", "review_differs")

BADGE_LABEL = "code available"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NOT_IN_FILE_NAMES = re.compile(r"[^A-Za-z0-9._-]")
Cell = str | int | bool | None


def papers_csv(card: Scorecard) -> str:
    links = card.links_by_url()
    return _table(PAPER_COLUMNS, (_paper_row(card, entry, links) for entry in card.papers))


def links_csv(card: Scorecard) -> str:
    keys = {entry.id: entry.key for entry in card.papers}
    return _table(LINK_COLUMNS, (_link_row(card, entry, keys) for entry in card.links))


def _paper_row(
    card: Scorecard, entry: PaperEntry, links: Mapping[str, LinkEntry]
) -> Mapping[str, Cell]:
    paper, score = entry.paper, entry.score
    cited = [links[url] for url in paper.links if url in links]
    code = _scored_link(score.scored_on, cited) if score and score.scored_on else None
    repo = code.result.repo if code else None
    return {
        "key": entry.key,
        "id": paper.id,
        "name": paper.name,
        "title": paper.title,
        "date": paper.date,
        "tier": score.tier.value if score else None,
        "score": score.score if score else None,
        "code_url": score.scored_on if score else None,
        "code_outcome": code.outcome.value if code else None,
        "licence_class": repo.license_class.value if repo and repo.license_class else None,
        "stars": repo.stars if repo else None,
        "links": len(paper.links),
        "dead_links": sum(link.counts_as_dead for link in cited),
        "mismatch": score.other_work.words if score and score.other_work else None,
        "overdue": score.overdue if score else None,  # None: scored before promises were
        "reuse": score.reuse.value if score and score.reuse else None,
        "rubric_version": card.rubric_version,
        "audit_date": day_of(card.generated_at),
        "source_path": paper.source.path,
        "source_line": paper.source.line,
        **_review_cells("reviewed_tier", entry.review),
    }


def _scored_link(scored_on: str, cited: Sequence[LinkEntry]) -> LinkEntry | None:
    """The cited link the paper was scored on: cited as such, or followed there (a redirect,
    a renamed repository)."""
    for entry in cited:
        if scored_on in (entry.url, entry.result.check.final_url):
            return entry
    for entry in cited:
        repo = entry.result.repo
        if repo is not None and scored_on.endswith("/" + repo.full_name):
            return entry
    return None


def _link_row(card: Scorecard, entry: LinkEntry, keys: Mapping[str, str]) -> Mapping[str, Cell]:
    result, history = entry.result, entry.history
    repo = result.repo
    holds = entry.acknowledged if entry.is_acknowledged else None
    papers = result.link.papers
    return {
        "url": entry.url,
        "kind": result.link.kind.value,
        "outcome": entry.outcome.value,
        "detail": result.check.detail,
        "http_status": result.check.http_status,
        "final_url": result.check.final_url,
        "paper_keys": " ".join(keys.get(paper, "") for paper in papers),
        "paper_ids": " ".join(papers),
        "licence_class": repo.license_class.value if repo and repo.license_class else None,
        "stars": repo.stars if repo else None,
        "archived": repo.archived if repo else None,
        "checked_at": result.check.checked_at,
        "first_seen": history.first_seen if history else None,
        "dead_since": history.dead_since if history else None,
        "acknowledged_until": holds.until if holds else None,
        "rubric_version": card.rubric_version,
        "audit_date": day_of(card.generated_at),
        **_review_cells("reviewed_outcome", entry.review),
    }


def _review_cells(verdict_column: str, review: Review | None) -> Mapping[str, Cell]:
    """A reviewer's verdict beside the measured one: empty cells without a review."""
    if review is None:
        return dict.fromkeys((verdict_column, *_REVIEW_COLUMNS))
    return {
        verdict_column: review.verdict,
        "review_reason": review.reason,
        "reviewer": review.reviewer,
        "review_date": review.date,
        "review_differs": review.differs,
    }


def _table(columns: Sequence[str], rows: Iterable[Mapping[str, Cell]]) -> str:
    """UTF-8 CSV with a header, `\\r\\n` line ends (RFC 4180), empty cells for unknown values,
    `true`/`false` for yes and no."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(columns)
    for row in rows:
        writer.writerow(_cell(row[column]) for column in columns)
    return buffer.getvalue()


def _cell(value: Cell) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_START) else text


# --- badges (https://shields.io/badges/endpoint-badge) ------------------------------------------


def badge_json(card: Scorecard) -> str:
    """The list's badge: "N/M papers" cite code that resolves (listed or better); green from
    80 %, yellow from 50 %, else red."""
    total = len(card.papers)
    available = sum(1 for entry in card.papers if entry.score and entry.score.tier in CODE_TIERS)
    share = available / total if total else 0.0
    color = "green" if share >= 0.8 else "yellow" if share >= 0.5 else "red"
    return _badge(BADGE_LABEL, f"{available}/{total} papers", color if total else "lightgrey")


def paper_badges(card: Scorecard) -> dict[str, str]:
    """`badges/<key>.json` of each paper: its tier, green when its code resolves."""
    badges = {}
    for entry in card.papers:
        tier = entry.score.tier if entry.score else Tier.UNKNOWN
        color = (
            "green"
            if tier in CODE_TIERS
            else "lightgrey"
            if tier is Tier.UNKNOWN
            else "orange"
            if tier is Tier.PLACEHOLDER
            else "red"
        )
        name = _NOT_IN_FILE_NAMES.sub("_", entry.key) + ".json"
        badges[name] = _badge(BADGE_LABEL, tier.value, color)
    return badges


def _badge(label: str, message: str, color: str) -> str:
    document = {"schemaVersion": 1, "label": label, "message": message, "color": color}
    return json.dumps(document, ensure_ascii=False) + "\n"
