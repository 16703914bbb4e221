"""The data `index.html`'s script reads (`<script type="application/json" id="scorecard-data">`):
JSON objects with named fields, in the shape of the `TypedDict`s below, which are its one
description. The rows themselves are in the HTML; this is what sorting, filtering and each
paper's details panel read.

    PageData   {papers: [PagePaper], strings: [str], criteria: [PageCriterion],
                outcome_symbols: {outcome: str}, tier_order: [tier], titles: {id: str},
                fixes: {id: str}, echo: str}
    PagePaper  {id, name, title, tier, score, path, line, outcome, licence, last_commit,
                problems: [Text], criteria: [int], links: [PageLink], scored_on, found_code}
    PageLink   {url, kind, outcome, detail: Text, final_url, archived_copy: {url, saved} | null}
    PageCriterion {id, result, reason: Text, evidence: [Text | [Text]]}

`papers[k]` is the k-th row of the table (problems first). A `Text` is an index into `strings`:
the same reasons and details repeat across thousands of papers. A paper's `criteria` are indexes
into `criteria`, where each distinct criterion result is written once; its evidence inside the
scored repository is `[Text]`, the rest after the paper's `scored_on` (most evidence is a file
link of that repository, and the rest repeats across papers). 5,000 papers stay a few MB.
"""

from __future__ import annotations

from typing import TypedDict

from auditor.models import Criterion
from auditor.render.text import MAX_FIELD_CHARS, urls_shown
from auditor.render.views import OUTCOME_SYMBOLS, PaperView, copy_shown
from auditor.scorecard import LinkEntry

_LONG = 2000  # URLs and evidence: cut only when absurd

Text = int  # an index into `PageData.strings`


class PageCopy(TypedDict):
    url: str
    saved: str  # the day it was saved (YYYY-MM-DD), or ""


class PageLink(TypedDict):
    url: str
    kind: str
    outcome: str
    detail: Text
    final_url: str | None
    archived_copy: PageCopy | None


class PageCriterion(TypedDict):
    id: str
    result: str
    reason: Text
    evidence: list[Text | list[Text]]


class PagePaper(TypedDict):
    id: str
    name: str
    title: str
    tier: str
    score: int | None
    path: str
    line: int
    outcome: str | None  # the first shown link's: what the Code column sorts by
    licence: str
    last_commit: str
    problems: list[Text]
    criteria: list[int]  # indexes into `PageData.criteria`
    links: list[PageLink]
    scored_on: str | None
    found_code: list[str]


class PageData(TypedDict):
    papers: list[PagePaper]
    strings: list[str]
    criteria: list[PageCriterion]
    outcome_symbols: dict[str, str]
    tier_order: list[str]
    titles: dict[str, str]
    fixes: dict[str, str]
    echo: str


def cut(text: object, limit: int = MAX_FIELD_CHARS) -> str:
    """`clip` without the control-character pass, for the page's data: the script shows text
    with textContent semantics, and 5,000 papers make ~400,000 strings. URLs shown as
    `shown_url` does."""
    value = urls_shown("" if text is None else str(text))
    return value if len(value) <= limit else value[: limit - 1] + "…"


class _Tables:
    """The string table and the criterion table, each entry written once."""

    def __init__(self) -> None:
        self.strings: dict[str, int] = {}
        self.criteria: dict[tuple[object, ...], int] = {}
        self.criterion_list: list[PageCriterion] = []
        self.ids: dict[str, str] = {}  # a criterion id as shown, by id: 19 ids, 570,000 times
        # A criterion without evidence, by its id, result and reason as the scorecard has them:
        # a third of the criteria at 30,000 papers, and some forty distinct ones.
        self.plain: dict[tuple[str, str, str], int] = {}

    def text(self, value: object) -> Text:
        # Most strings are already in the table, and short: found without cutting them again.
        found = self.strings.get(value) if isinstance(value, str) else None
        if found is None:
            found = self.strings.setdefault(cut(value), len(self.strings))
        return found

    def evidence(self, items: tuple[str, ...], base: str | None) -> tuple[int, ...]:
        """Each item's `Text`, or its complement (`~Text`, shown as `[Text]`) when it lies
        inside `base` and is given after it: a key as it is, a list only for a new criterion.
        In one loop with the table's lookup and `cut` in line: 640,000 items at 30,000 papers."""
        strings, text = self.strings, self.text
        inside, start = (base + "/", len(base)) if base else (None, 0)
        shown: list[int] = []
        for item in items:
            # `cut(item, _LONG)`: a short ASCII item is shown as it is.
            value = item if len(item) <= _LONG and item.isascii() else cut(item, _LONG)
            if inside is not None and (value == base or value.startswith(inside)):
                value = value[start:]
                found = strings.get(value)
                shown.append(~(text(value) if found is None else found))
            else:
                found = strings.get(value)
                shown.append(text(value) if found is None else found)
        return tuple(shown)

    def criterion(self, criterion: Criterion, base: str | None) -> int:
        """The index of the criterion as shown; its entry is made only when it is new."""
        if criterion.evidence:
            return self._entry(criterion, base)
        plain = (criterion.id, criterion.result, criterion.reason)
        index = self.plain.get(plain)
        if index is None:
            index = self.plain[plain] = self._entry(criterion, base)
        return index

    def _entry(self, criterion: Criterion, base: str | None) -> int:
        shown_id = self.ids.get(criterion.id)
        if shown_id is None:
            shown_id = self.ids[criterion.id] = cut(criterion.id, 8)
        result = str(criterion.result)
        # The reason before the evidence (the strings' order), looked up in line.
        reason = self.strings.get(criterion.reason)
        if reason is None:
            reason = self.text(criterion.reason)
        evidence = self.evidence(criterion.evidence, base) if criterion.evidence else ()
        key = (shown_id, result, reason, evidence)
        index = self.criteria.get(key)
        if index is None:
            index = self.criteria[key] = len(self.criterion_list)
            self.criterion_list.append(
                PageCriterion(
                    id=shown_id,
                    result=result,
                    reason=reason,
                    evidence=[[~text] if text < 0 else text for text in evidence],
                )
            )
        return index


def _link(link: LinkEntry, tables: _Tables) -> PageLink:
    copy = copy_shown(link)
    kept = None if copy is None else PageCopy(url=cut(copy.url, _LONG), saved=copy.saved)
    final = link.result.check.final_url
    return PageLink(
        url=cut(link.url, _LONG),
        kind=str(link.result.link.kind),
        outcome=str(link.outcome),
        detail=tables.text(link.result.check.detail),
        final_url=cut(final, _LONG) if final else None,
        archived_copy=kept,
    )


def _paper(view: PaperView, tables: _Tables) -> PagePaper:
    paper, score = view.entry.paper, view.entry.score
    scored = score.scored_on if score else None
    base = scored if scored is not None and len(scored) <= _LONG else None
    return PagePaper(
        id=cut(paper.id),
        name=cut(paper.name),
        title=cut(paper.title),
        tier=view.tier,
        score=view.score,
        path=cut(paper.source.path),
        line=paper.source.line,
        outcome=str(view.shown[0].outcome) if view.shown else None,
        licence=cut(view.licence, 60),
        last_commit=view.last_commit,
        problems=[tables.text(problem) for problem in view.problems],
        criteria=[tables.criterion(c, base) for c in (score.criteria if score else ())],
        links=[_link(link, tables) for link in view.own],
        scored_on=base,
        found_code=[cut(url, _LONG) for url in paper.found_code],
    )


def page_data(
    views: list[PaperView],
    *,
    tier_order: list[str],
    titles: dict[str, str],
    fixes: dict[str, str],
    echo: str,
) -> PageData:
    """The page's data for `views`, in the table's order."""
    tables = _Tables()
    papers = [_paper(view, tables) for view in views]
    return PageData(
        papers=papers,
        strings=list(tables.strings),
        criteria=tables.criterion_list,
        outcome_symbols=dict(OUTCOME_SYMBOLS),
        tier_order=tier_order,
        titles=titles,
        fixes=fixes,
        echo=echo,
    )
