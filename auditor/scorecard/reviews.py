"""Reviewed verdicts: what a person decided about a paper or a link ("the authors sent the
weights link", "this tier was checked by hand"), with a reason, the reviewer's name and the day,
shown beside the measured verdict in every report and never in its place: tiers, scores,
outcomes, counts, `--fail-on` and exit codes stay the measurement's. A review whose measured
verdict now differs is flagged (`Review.differs`, "reviewed as silver, measured bronze"): that
is what the reviewer has to look at again.

Entries are read from `.paper-auditor-reviews` in the current folder (or the file given with
`--reviews`) and from the configuration's `review` entries, written as acknowledgements are and
read by the same reader (`config.file.read_entry_file`):

    [[review]]
    paper = "arxiv:2401.00001"   # a paper's stable key (papers.csv `key`); or url = "…", a link
    verdict = "silver"           # a tier word for a paper, an outcome word for a link
    reason = "the authors sent the weights link by mail"
    reviewer = "A. Chair"
    date = 2026-11-20

Acknowledgements (`.paper-auditor-ignore`, `auditor.scorecard.acknowledgements`) are the other
kind of hand-written entry: they say a dead link is known dead and change what `--fail-on`
counts. A review changes nothing counted, so it lives in a file of its own: nothing in
`.paper-auditor-ignore` is a verdict, nothing in `.paper-auditor-reviews` is ignored.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from auditor.config.file import (
    ConfigError,
    array_of_tables,
    entry_lines,
    iso_date,
    read_config,
    read_entry_file,
    read_toml_text,
    suggestion,
)
from auditor.config.settings import REVIEWS_FILE
from auditor.scorecard.acknowledgements import without_fragment

if TYPE_CHECKING:
    from auditor.scorecard import Scorecard

TABLE = "review"
KEYS = ("paper", "url", "verdict", "reason", "reviewer", "date")

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ReviewEntry:
    """One review: the paper (its stable key) or the link (a normalised URL, no fragment) it
    is of, the reviewer's verdict, why, who, when, and where it is written (for messages)."""

    paper: str | None
    url: str | None
    verdict: str
    reason: str
    reviewer: str
    day: date
    where: str

    @property
    def subject(self) -> str:
        return self.paper or self.url or ""


def load_reviews(
    path: Path | None, *, config: Path | None, pyproject: Path | None
) -> tuple[ReviewEntry, ...]:
    """The reviews of `path` (else of ./.paper-auditor-reviews when present), then those of
    the configuration (`config`, else `[tool.paper-auditor]` of `pyproject`). Raises
    `ConfigError` with one line naming the file and the line for anything malformed."""
    reviews: list[ReviewEntry] = []
    reviews_file = path if path is not None else Path(REVIEWS_FILE)
    if path is not None or reviews_file.is_file():
        tables, text = read_entry_file(reviews_file, TABLE)
        reviews += _entries(tables, text, str(reviews_file))
    configured = read_config(config, pyproject=pyproject)
    if configured is not None and TABLE in configured.tables:
        tables = array_of_tables(configured.tables[TABLE], TABLE, configured.where)
        written = config if config is not None else pyproject
        text = read_toml_text(written)[1] if written is not None else ""
        reviews += _entries(tables, text, str(written or configured.where))
    seen: dict[tuple[str | None, str | None], ReviewEntry] = {}
    for review in reviews:
        key = (review.paper, review.url)
        if key in seen:  # two verdicts for one subject: which holds is not ours to guess
            raise ConfigError(
                f"{review.where}: {review.subject} is reviewed already at {seen[key].where}"
            )
        seen[key] = review
    return tuple(reviews)


def _entries(tables: Sequence[dict[str, object]], text: str, file: str) -> list[ReviewEntry]:
    """The reviews of one file: each named by its file and the line of its `[[review]]`, an
    error in one key by that key's line."""
    lines = text.splitlines()
    starts = entry_lines(text, TABLE)
    if len(starts) != len(tables):  # written another way (inline tables): lines unknown
        return [
            _entry(table, f"{file}: {TABLE} entry {number}", _nowhere)
            for number, table in enumerate(tables, 1)
        ]
    ends = [*starts[1:], len(lines) + 1]
    found = []
    for table, start, end in zip(tables, starts, ends, strict=True):

        def at(key: str, start: int = start, end: int = end) -> str:
            """Where `key = …` is written within this entry ("" when not found)."""
            for number in range(start + 1, end):
                name, equals, _ = lines[number - 1].partition("=")
                if equals and name.strip().strip("\"'") == key:
                    return f"{file}:{number}"
            return ""

        found.append(_entry(table, f"{file}:{start}", at))
    return found


def _nowhere(_key: str) -> str:
    """No key's line is known: messages name the entry."""
    return ""


def _entry(table: Mapping[str, object], where: str, key_at: Callable[[str], str]) -> ReviewEntry:
    """One review, checked; `where` names where it is written, `key_at` where a key is."""
    from auditor.links import normalize_url
    from auditor.models import Outcome, Tier

    def at(key: str) -> str:
        return key_at(key) or where

    paper, url = table.get("paper"), table.get("url")
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        hint = suggestion(unknown[0], KEYS)
        raise ConfigError(f"{at(unknown[0])}: review has an unknown key {unknown[0]!r}{hint}")
    if paper is None and url is None:
        raise ConfigError(f"{where}: review needs a `paper` (its key) or a `url` (a link)")
    if paper is not None and url is not None:
        raise ConfigError(f"{where}: review has both `paper` and `url`; give one")
    normalised = None
    if url is not None:
        found = normalize_url(url) if isinstance(url, str) else None
        if found is None:
            raise ConfigError(f"{at('url')}: review `url` is not an http(s) URL: {url!r}")
        normalised = without_fragment(found.url)
    elif not isinstance(paper, str) or not paper.strip():
        raise ConfigError(f"{at('paper')}: review `paper` must be a paper's key (papers.csv)")
    words, kind = (
        ([tier.value for tier in Tier], "a tier") if url is None else
        ([outcome.value for outcome in Outcome], "an outcome")
    )  # fmt: skip
    verdict = table.get("verdict")
    if verdict is None:
        raise ConfigError(f"{where}: review needs a `verdict`, {kind} word: {', '.join(words)}")
    if verdict not in words:
        raise ConfigError(
            f"{at('verdict')}: review verdict {verdict!r} is not {kind} word; "
            f"allowed: {', '.join(words)}"
        )
    texts = {}
    for key, meaning in (("reason", "why"), ("reviewer", "who reviewed it")):
        value = table.get(key)
        if not isinstance(value, str) or not value.strip():
            raise ConfigError(f"{at(key)}: review needs a `{key}` ({meaning}), as text")
        texts[key] = value.strip()
    day_written = table.get("date")
    day = iso_date(day_written)
    if day is None:
        if day_written is None:
            raise ConfigError(
                f"{where}: review needs a `date`, the day of the review (date = 2026-11-20)"
            )
        raise ConfigError(
            f"{at('date')}: review `date` is not a date (YYYY-MM-DD): {day_written!r}"
        )
    return ReviewEntry(
        paper.strip() if isinstance(paper, str) else None,
        normalised,
        str(verdict),
        texts["reason"],
        texts["reviewer"],
        day,
        where,
    )


def apply_reviews(card: Scorecard, reviews: Sequence[ReviewEntry]) -> Scorecard:
    """`card` with each paper and link a review names carrying it, flagged where this run
    measured another verdict (said as a warning, with where the review is written). A review
    naming nothing of this run is harmless, said at -v. Nothing measured changes."""
    from auditor.scorecard import Review

    if not reviews:
        return card
    by_paper = {review.paper: review for review in reviews if review.paper is not None}
    by_url = {review.url: review for review in reviews if review.url is not None}
    used: set[ReviewEntry] = set()

    def review_of(found: ReviewEntry, measured: str, what: str) -> Review:
        used.add(found)
        differs = found.verdict != measured
        if differs:
            log.warning(
                "%s reviewed as %s, measured %s: look at it again (%s)",
                what,
                found.verdict,
                measured,
                found.where,
            )
        return Review(found.verdict, found.reason, found.reviewer, found.day.isoformat(), differs)

    papers = tuple(
        replace(entry, review=review_of(found, entry.measured.value, f"paper {entry.key}"))
        if (found := by_paper.get(entry.key)) is not None
        else entry
        for entry in card.papers
    )
    links = tuple(
        replace(entry, review=review_of(found, entry.outcome.value, entry.url))
        if (found := by_url.get(without_fragment(entry.url))) is not None
        else entry
        for entry in card.links
    )
    for review in reviews:
        if review not in used:
            log.info("%s: no paper or link of this run is %s", review.where, review.subject)
    return replace(card, papers=papers, links=links)
