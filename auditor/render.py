"""The reports people read, rendered from the scorecard alone (so `auditor render` needs no
network): the self-contained `index.html`, and the `summary.md` job summary. Both show the
scorecard's own `summary`; the templates get the scorecard and plain view dicts built here.

Everything in the document came from outside (paper lists, web pages, READMEs): HTML is
autoescaped, Markdown is escaped by `md`, and only http(s) URLs ever become links.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import NamedTuple

import jinja2
from markupsafe import Markup

import auditor
from auditor import history
from auditor.links import PROJECT_PAGE_KINDS, is_code_result
from auditor.models import CacheReuse, CriterionResult, LinkResult, Outcome, RepoFacts, Tier
from auditor.rubric import CRITERIA, CRITERIA_BY_ID, CriterionSpec
from auditor.score import NO_CODE_REASON, TIER_ORDER
from auditor.scorecard import AcknowledgementStatus, LinkEntry, PaperEntry, Scorecard
from auditor.summary import scored_links

# GitHub refuses a step summary of 1 MiB or more.
MAX_SUMMARY_BYTES = 1024 * 1024
# A hostile list can carry a megabyte-long name; one cell never needs more than this.
MAX_FIELD_CHARS = 300

TIER_SYMBOLS: Mapping[str, str] = {
    Tier.GOLD: "★★★",
    Tier.SILVER: "★★",
    Tier.BRONZE: "★",
    Tier.LISTED: "●",
    Tier.UNKNOWN: "?",
    Tier.PLACEHOLDER: "◌",
    Tier.DEAD: "✗",
    Tier.NO_CODE: "∅",
}
OUTCOME_SYMBOLS: Mapping[str, str] = {
    Outcome.OK: "✓",
    Outcome.MOVED: "→",
    Outcome.DEAD: "✗",
    Outcome.TRANSIENT: "⟳",
    Outcome.BLOCKED: "⊘",
    Outcome.EXCLUDED: "–",
    Outcome.UNSUPPORTED: "–",
    Outcome.UNCHECKED: "?",
}
# Best first, as people scan a scorecard; `unknown` last because it is not a grade.
DISPLAY_TIERS = (*reversed(TIER_ORDER[TIER_ORDER.index(Tier.LISTED) :]), Tier.PLACEHOLDER)
DISPLAY_TIERS += (Tier.DEAD, Tier.NO_CODE, Tier.UNKNOWN)
# What matters first, the HTML table's first order: dead, placeholder, then code from the lowest
# tier up; papers the run could not decide, then those citing no code, last.
PRIORITY_TIERS = (Tier.DEAD, Tier.PLACEHOLDER, *TIER_ORDER[TIER_ORDER.index(Tier.LISTED) :])
PRIORITY_TIERS += (Tier.UNKNOWN, Tier.NO_CODE)
# What people read for the tier `no-code` (scorecard.json keeps the word: tiers are a contract):
# most such papers simply cite no code link, which is not "released nothing".
NO_CODE_WORDS = "no code link cited"
READING_LIST_WORDS = "no code (reading list)"
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def age_text(seconds: int) -> str:
    """A rough age: `40 s`, `12 min`, `30 h`, `3 d` (days from two on)."""
    if seconds >= 2 * 86400:
        return f"{seconds // 86400} d"
    if seconds >= 3600:
        return f"{seconds // 3600} h"
    if seconds >= 60:
        return f"{seconds // 60} min"
    return f"{seconds} s"


def cache_reuse_sentence(reuse: CacheReuse | None) -> str | None:
    """What the run took from the verdict cache without asking again, and how not to; None
    when it reused nothing."""
    if reuse is None or not reuse.reused:
        return None
    count = f"{reuse.reused:,} verdict{'s' if reuse.reused != 1 else ''}"
    oldest = "" if reuse.oldest_age is None else f" (oldest {age_text(reuse.oldest_age)} old)"
    return (
        f"{count} reused from the cache{oldest}; run with --no-cache or --max-cache-age 0 to "
        "check every link again"
    )


def safe_url(url: object) -> str | None:
    """`url` when it may become a link: http(s), a host, no whitespace or control characters.
    Anything else (javascript:, data:, vbscript:, relative, mangled) is shown as text."""
    if not isinstance(url, str) or len(url) > 4096:
        return None
    if not re.match(r"https?://[^/?#\s\\]", url, re.IGNORECASE):
        return None
    return None if re.search(r"[\s\x00-\x1f\x7f]", url) else url


def clip(text: object, limit: int = MAX_FIELD_CHARS) -> str:
    """Outside text on one line, cut to `limit` characters."""
    flat = _CONTROL.sub(" ", "" if text is None else str(text)).strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def css_class(value: object) -> str:
    """A value as part of a class name: lowercase letters and hyphens only."""
    return re.sub(r"[^a-z-]", "", str(value))


def short_url(url: object) -> str:
    """A URL as a link's label: without its scheme, cut like any outside text."""
    return clip(re.sub(r"^https?://", "", "" if url is None else str(url), flags=re.IGNORECASE))


# --- templates --------------------------------------------------------------------------------


def templates_dir() -> Path:
    """`auditor/templates` in a wheel (hatchling force-include), the repository's `templates/`
    in a checkout."""
    package = Path(auditor.__file__).parent
    packaged = package / "templates"
    return packaged if packaged.is_dir() else package.parent / "templates"


@cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir()),
        # HTML templates autoescape; Markdown ones escape each value with the `md` filter.
        autoescape=jinja2.select_autoescape(
            enabled_extensions=("html.j2",), disabled_extensions=("md.j2",), default=True
        ),
        # A scorecard missing an optional field still renders, with the field blank.
        undefined=jinja2.ChainableUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["safe_url"] = safe_url
    env.filters["md"] = md
    env.filters["md_link"] = md_link
    env.filters["clip"] = clip
    env.filters["short_url"] = short_url
    return env


# --- the facts both reports show --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _PaperView:
    """One paper as both reports show it."""

    entry: PaperEntry
    tier: str
    shown: list[LinkEntry]  # its code links, the scored one first; else its project pages
    own: list[LinkEntry]
    licence: str
    last_commit: str
    problems: list[str]
    scored: LinkEntry | None = None  # the link scored (cited; maybe renamed since)
    new: bool = False  # a problem new since the previous run

    @property
    def score(self) -> int | None:
        return self.entry.score.score if self.entry.score else None

    @property
    def tier_words(self) -> str:
        """The tier as people read it."""
        if self.tier != Tier.NO_CODE:
            return self.tier
        return READING_LIST_WORDS if self.scored is not None else NO_CODE_WORDS

    @property
    def unlicensed(self) -> bool:
        """Code exists but declares no licence (C1 fails)."""
        score = self.entry.score
        return (
            self.tier not in (Tier.NO_CODE, Tier.DEAD)
            and score is not None
            and any(c.id == "C1" and c.result == CriterionResult.FAIL for c in score.criteria)
        )

    @property
    def paper(self) -> dict[str, object]:
        return _paper_shown(self.entry)


def _shown_links(own: Sequence[LinkEntry], scored: LinkEntry | None) -> list[LinkEntry]:
    """The paper's code links (the scored one first); without any, its project pages."""
    code = [link for link in own if is_code_result(link.result)]
    code.sort(key=lambda link: link is not scored)
    return code or [link for link in own if link.result.link.kind in PROJECT_PAGE_KINDS]


def _licence(repo: RepoFacts | None) -> str:
    if repo is None:
        return ""
    spdx = repo.license_spdx
    if spdx and spdx != "NOASSERTION":
        return spdx
    return str(repo.license_class or "")


def _problems(entry: PaperEntry, own_links: Iterable[LinkEntry]) -> list[str]:
    """What is wrong, in words, heaviest first: failed criteria (not the echo of a failed gate),
    undecided gates, a placeholder in its grace period, moved links."""
    criteria = entry.score.criteria if entry.score else ()
    weight = {cid: spec.weight for cid, spec in CRITERIA_BY_ID.items()}
    failed = [
        c for c in criteria if c.result == CriterionResult.FAIL and c.reason != NO_CODE_REASON
    ]
    failed.sort(key=lambda c: -weight.get(c.id, 0))
    problems = [c.reason for c in failed]
    problems += [
        c.reason
        for c in criteria
        if c.id in ("B1", "B2")
        and c.result in (CriterionResult.UNKNOWN, CriterionResult.NOT_APPLICABLE)
    ]
    moved = [link for link in own_links if link.outcome == Outcome.MOVED]
    if moved:
        problems.append(f"{len(moved)} link(s) moved: update the citation")
    if entry.paper.found_code:
        problems.append("code found, not cited: " + ", ".join(entry.paper.found_code))
    return problems + list(entry.paper.notes)


def _is_new(
    entry: PaperEntry, own: Sequence[LinkEntry], scored: LinkEntry | None, fresh: Set[str]
) -> bool:
    """Whether a problem of the paper is new since the previous run: a link of its died (or
    came dead), or its placeholder or unlicensed repository was first seen (or its licence
    changed)."""
    if any(link.url in fresh for link in own):
        return True
    changes = scored.history.changes if scored is not None and scored.history else ()
    score = entry.score
    if score is None or not changes:
        return False
    if score.tier == Tier.PLACEHOLDER and history.NEW in changes:
        return True
    c1 = next((c.result for c in score.criteria if c.id == "C1"), None)
    return c1 == CriterionResult.FAIL and bool(
        {history.NEW, history.LICENSE_CHANGED} & set(changes)
    )


def _paper_view(
    entry: PaperEntry,
    links: Mapping[str, LinkEntry],
    scored_on: Mapping[str, LinkResult],
    fresh: Set[str] = frozenset(),
) -> _PaperView:
    own = [links[url] for url in entry.paper.links if url in links]
    # A renamed repository is scored at its new address; its facts stay on the cited link.
    found = scored_on.get(entry.score.scored_on or "") if entry.score else None
    scored = links.get(found.link.url) if found else None
    repo = scored.result.repo if scored else None
    last = (repo.last_commit_at or repo.pushed_at) if repo else None
    return _PaperView(
        entry=entry,
        tier=str(entry.score.tier) if entry.score else Tier.UNKNOWN.value,
        shown=_shown_links(own, scored),
        own=own,
        licence=_licence(repo),
        last_commit=last[:10] if last else "",
        problems=_problems(entry, own),
        scored=scored,
        new=_is_new(entry, own, scored, fresh),
    )


def _views(card: Scorecard, fresh: Set[str] = frozenset()) -> list[_PaperView]:
    """One view per paper, in the document's order."""
    links = card.links_by_url()
    index = scored_links([link.result for link in card.links])
    return [_paper_view(entry, links, index, fresh) for entry in card.papers]


def _dead_items(card: Scorecard, fresh: Set[str]) -> list[dict[str, object]]:
    """Dead links with the papers citing them, those that died since the last run first;
    acknowledged ones are listed apart (`_acknowledged_items`)."""
    names = _paper_names(card)
    dead = [
        _cited(link, names, new=link.url in fresh)
        for link in card.links
        if link.outcome == Outcome.DEAD and not link.is_acknowledged
    ]
    # Links that died since the previous run lead: they are what changed.
    dead.sort(key=lambda item: not item["new"])
    return dead


def _acknowledged_items(card: Scorecard) -> list[dict[str, object]]:
    """Dead links whose acknowledgement holds, with the papers citing them."""
    names = _paper_names(card)
    return [_cited(link, names, new=False) for link in history.acknowledged_dead(card)]


def _stale_items(card: Scorecard) -> list[dict[str, object]]:
    """Links acknowledged as dead that resolve again: their acknowledgements can go."""
    return [
        _link_shown(link)
        for link in card.links
        if link.acknowledged is not None and link.acknowledged.status == AcknowledgementStatus.STALE
    ]


def _paper_names(card: Scorecard) -> dict[str, str]:
    return {entry.id: entry.paper.name for entry in card.papers}


def _cited(link: LinkEntry, names: Mapping[str, str], *, new: bool) -> dict[str, object]:
    """A link for a problem list: what is shown of it, the names of the papers citing it."""
    return {
        "link": _link_shown(link),
        "new": new,
        "papers": [names.get(pid, pid) for pid in link.result.link.papers],
    }


def _fixes(views: Iterable[_PaperView]) -> list[tuple[CriterionSpec, int]]:
    """Each criterion some paper with code fails, with how many, in the rubric's order; the
    echoes of a failed gate ("no code to assess") are not failures of their own."""
    failed: Counter[str] = Counter()
    for view in views:
        if view.tier == Tier.NO_CODE or view.entry.score is None:
            continue
        failed.update(
            c.id
            for c in view.entry.score.criteria
            if c.result == CriterionResult.FAIL and c.reason != NO_CODE_REASON
        )
    return [(spec, failed[spec.id]) for spec in CRITERIA if failed[spec.id]]


def _paper_shown(entry: PaperEntry) -> dict[str, object]:
    """A paper for the templates: what they show of it."""
    score = entry.score
    return {
        "name": entry.paper.name,
        "scored_on": score.scored_on if score else None,
        "criteria": score.criteria if score else (),
    }


def _link_shown(entry: LinkEntry) -> dict[str, object]:
    """A link for the templates: what they show of it."""
    return {
        "url": entry.url,
        "detail": entry.result.check.detail,
        "papers": entry.result.link.papers,
        "outcome": str(entry.outcome),
        "dead_since": entry.history.dead_since if entry.history else None,
        "archived_copy": _copy_shown(entry),
        "preservation": entry.result.preservation,
        "acknowledged": entry.acknowledged,
    }


def _copy_shown(entry: LinkEntry) -> dict[str, str] | None:
    """An archived copy as the reports show it beside the verdict: "archived copy: <link>
    (saved YYYY-MM-DD)"."""
    copy = entry.result.archived_copy
    if copy is None:
        return None
    return {"url": copy.url, "archive": copy.archive, "saved": (copy.saved_at or "")[:10]}


# --- HTML -------------------------------------------------------------------------------------


def _script_json(value: object) -> Markup:
    """JSON for a `<script type="application/json">`: `<`, `>` and `&` as \\u escapes so no
    `</script>` or `<!--` in the data can end or bend the element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)  # noqa: S704 - escaped above for the script-data context


def _cut(text: object, limit: int = MAX_FIELD_CHARS) -> str:
    """`clip` without the control-character pass, for the page's data: the script shows text
    with textContent semantics, and 5,000 papers make ~400,000 strings."""
    value = "" if text is None else str(text)
    return value if len(value) <= limit else value[: limit - 1] + "…"


class _Strings:
    """A string table: the same reasons repeat across thousands of papers."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}

    def __call__(self, text: object) -> int:
        # Most strings are already in the table, and short: found without cutting them again.
        found = self.index.get(text) if isinstance(text, str) else None
        return found if found is not None else self.index.setdefault(_cut(text), len(self.index))


def _evidence(item: object, base: str | None, strings: _Strings) -> int | list[int]:
    """Evidence as a string-table index; inside the scored repository as [index of the rest]
    (the script prefixes `scored_on`), since most evidence is a file link of that repository
    and the rest repeats across papers."""
    value = _cut(item, 2000)
    if base and (value == base or value.startswith(base + "/")):
        return [strings(value[len(base) :])]
    return strings(value)


def _row(view: _PaperView, strings: _Strings) -> list[object]:
    """One paper for the page's script, as a compact array (5,000 papers stay a few MB): what
    sorting and filtering read, and the details panel. The row itself is in the HTML."""
    paper, score = view.entry.paper, view.entry.score
    scored = score.scored_on if score else None
    base = scored if scored is not None and len(scored) <= 2000 else None
    return [
        _cut(paper.id),
        _cut(paper.name),
        _cut(paper.title),
        view.tier,
        view.score,
        _cut(paper.source.path),
        paper.source.line,
        str(view.shown[0].outcome) if view.shown else None,
        _cut(view.licence, 60),
        view.last_commit,
        [strings(problem) for problem in view.problems],
        [
            [
                _cut(c.id, 8),
                str(c.result),
                strings(c.reason),
                [_evidence(item, base, strings) for item in c.evidence],
            ]
            for c in (score.criteria if score else ())
        ],
        [
            [
                _cut(link.url, 2000),
                str(link.result.link.kind),
                str(link.outcome),
                strings(link.result.check.detail),
                _cut(final, 2000) if (final := link.result.check.final_url) else None,
                *_copy_cells(link),
            ]
            for link in view.own
        ],
        base,
        [_cut(url, 2000) for url in paper.found_code],
    ]


def _copy_cells(link: LinkEntry) -> list[str]:
    """[copy URL, saved day] for a link with an archived copy, else nothing."""
    copy = _copy_shown(link)
    return [] if copy is None else [_cut(copy["url"], 2000), copy["saved"]]


class _Cell(NamedTuple):
    """A code link in a table row: where it leads (None: shown as text), its label, outcome."""

    href: str | None
    label: str
    outcome: str
    badge: str
    copy: dict[str, str] | None  # an archived copy: its URL and the day it was saved


class _TableRow(NamedTuple):
    """One paper's row of the HTML table, as plain text the template escapes."""

    name: str
    sub: str  # its title when that says more than the name
    source: str
    tier: str  # the tier word (a class name)
    badge: str  # the tier as people read it, with its symbol
    new: bool
    score: str
    links: list[_Cell]
    licence: str
    last_commit: str
    problems: list[str]
    more: int  # problems not shown


def _table_row(view: _PaperView) -> _TableRow:
    paper = view.entry.paper
    name = clip(paper.name)
    return _TableRow(
        name=name,
        sub=clip(paper.title) if paper.title and paper.title != paper.name else "",
        source=f"{clip(paper.source.path)}:{paper.source.line}",
        tier=css_class(view.tier),
        badge=f"{TIER_SYMBOLS.get(view.tier, '?')} {view.tier_words}",
        new=view.new,
        score="–" if view.score is None else str(view.score),
        links=[
            _Cell(
                safe_url(link.url),
                short_url(link.url),
                css_class(link.outcome),
                f"{OUTCOME_SYMBOLS.get(link.outcome, '?')} {link.outcome}",
                _copy_shown(link),
            )
            for link in view.shown
        ],
        licence=clip(view.licence, 60),
        last_commit=view.last_commit,
        problems=[clip(problem) for problem in view.problems[:3]],
        more=max(0, len(view.problems) - 3),
    )


def _chart(
    title: str, counts: Mapping[str, int], labels: Mapping[str, str] | None = None
) -> dict[str, object]:
    top = max(counts.values(), default=0) or 1
    bars = [
        {
            "key": key,
            "label": (labels or {}).get(key, key),
            "count": count,
            "width": round(150 * count / top, 1),
        }
        for key, count in counts.items()
    ]
    return {"title": title, "bars": bars, "total": sum(counts.values())}


def _priority(views: Sequence[_PaperView]) -> list[_PaperView]:
    """What matters first (`PRIORITY_TIERS`): dead, placeholder, then code from the lowest tier
    up; within a tier, new problems first, then the lowest score; otherwise the input order."""
    rank = {tier.value: k for k, tier in enumerate(PRIORITY_TIERS)}
    return sorted(
        views,
        key=lambda v: (
            rank.get(v.tier, len(rank)),
            not v.new,
            v.score is None,
            v.score or 0,
        ),
    )


def render_html(card: Scorecard) -> str:
    """The self-contained `index.html`: inline CSS and JS; the table's rows in the HTML, problems
    first, readable without JavaScript; the data the script sorts, filters and details from
    embedded once as JSON."""
    summary = card.summary
    previous = card.changes.previous_run if card.changes else None
    # "New" needs a previous run to be new since; a first run's links are all new.
    fresh = {link.url for link in history.new_dead(card)} if previous else set()
    views = _priority(_views(card, fresh))
    strings = _Strings()
    tier_labels = {tier.value: f"{TIER_SYMBOLS[tier]} {tier.value}" for tier in Tier}
    tier_labels[Tier.NO_CODE] = f"{TIER_SYMBOLS[Tier.NO_CODE]} {NO_CODE_WORDS}"
    outcome_labels = {o.value: f"{OUTCOME_SYMBOLS[o]} {o.value}" for o in Outcome}
    charts = [
        _chart("Tiers", {t.value: summary.tiers.get(t, 0) for t in DISPLAY_TIERS}, tier_labels),
        _chart("Licence classes", summary.licence_classes),
        _chart("Last commit age", summary.last_commit_age),
        _chart("Link outcomes", summary.outcomes, outcome_labels),
    ]
    sources = sorted({_cut(entry.paper.source.path) for entry in card.papers})
    no_code = summary.tiers.get(Tier.NO_CODE, 0)
    return (
        _environment()
        .get_template("report.html.j2")
        .render(
            doc=card,
            headline=history.headline(card),
            cache_reuse=cache_reuse_sentence(card.cache),
            summary=summary,
            with_code=summary.papers - no_code,
            no_code=no_code,
            since=previous[:10] if previous else None,
            previous=previous,
            charts=charts,
            dead=_dead_items(card, fresh),
            acknowledged=_acknowledged_items(card),
            stale=_stale_items(card),
            placeholders=[v for v in views if v.tier == Tier.PLACEHOLDER],
            unlicensed=[v for v in views if v.unlicensed],
            fixes=_fixes(views),
            fix={spec.id: spec.fix for spec in CRITERIA},
            rows=[_table_row(view) for view in views],
            tiers=[(t.value, tier_labels[t]) for t in DISPLAY_TIERS],
            outcomes=[(o.value, outcome_labels[o]) for o in Outcome],
            sources=sources,
            order_words=", ".join(tier_labels[t] for t in PRIORITY_TIERS),
            data=_script_json(
                {
                    "rows": [_row(view, strings) for view in views],
                    # After "rows", which fill the string table.
                    "strings": list(strings.index),
                    "outcomeSymbols": OUTCOME_SYMBOLS,
                    "tierOrder": [t.value for t in DISPLAY_TIERS],
                    "titles": {cid: spec.title for cid, spec in CRITERIA_BY_ID.items()},
                    "fixes": {spec.id: spec.fix for spec in CRITERIA},
                    "echo": NO_CODE_REASON,
                }
            ),
        )
    )


# --- Markdown ---------------------------------------------------------------------------------

# Inline Markdown that could format, link or break a table cell. Line-start syntax (#, -, +, >)
# needs no escape: outside text never starts a line here.
_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~>])")
# Bidirectional formatting characters: they would reorder what the reader sees.
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# What GitHub turns into a link, a mention, a reference, an emoji or math in rendered text is
# broken by a zero-width space (U+200B) the reader does not see: the `www.` and `scheme:` of
# autolinks, the `@` of mentions and e-mail addresses, the `#` of issue references (`#1`,
# `owner/repo#1`), `GH-1`, commit SHAs (runs of 7 hex digits or more, cut every 6), `:emoji:`.
_ZWSP = "\u200b"
_BREAKS = (
    # (`_www.` is a link too: the letter before counts, not the word boundary.)
    (re.compile(r"(?i)(?<![a-z0-9])(www)(?=\.)"), r"\1" + _ZWSP),
    (re.compile(r"://"), ":" + _ZWSP + "//"),
    (re.compile(r"(?i)(mailto|xmpp)(?=:)"), r"\1" + _ZWSP),
    (re.compile(r"@"), "@" + _ZWSP),
    (re.compile(r"#(?=\d)"), "#" + _ZWSP),
    (re.compile(r"(?i)\b(GH)(?=-\d)"), r"\1" + _ZWSP),
    # An emoji code has a letter (`:smile:`), or is `:+1:`/`:-1:` (a time, `04:00:00`, is none).
    (re.compile(r"(?i):(?=(?:[a-z0-9_+-]*[a-z][a-z0-9_+-]*|[+-]1):)"), ":" + _ZWSP),
)
_HEX_RUN = re.compile(r"(?i)(?<![0-9a-z])[0-9a-f]{7,}(?![0-9a-z])")


def _hex_cut(match: re.Match[str]) -> str:
    run = match.group()
    return _ZWSP.join(run[start : start + 6] for start in range(0, len(run), 6))


def md(text: object, limit: int = MAX_FIELD_CHARS, *, in_link: bool = False) -> str:
    """Outside text as inert Markdown, so that GitHub shows it as it is written: one line,
    Markdown punctuation backslash-escaped, `&` and `<` as entities (they show as themselves),
    no bidirectional control, `$` alone in a span (GitHub's own way to keep it from starting
    math), and a zero-width space breaking whatever GitHub would make a link, a mention, a
    reference or an emoji of (`_BREAKS`; inside a link's text, where GitHub links and
    references nothing, only emoji codes)."""
    flat = _BIDI.sub("", clip(text, limit))
    for pattern, replacement in _BREAKS[-1:] if in_link else _BREAKS:
        flat = pattern.sub(replacement, flat)
    if not in_link:
        flat = _HEX_RUN.sub(_hex_cut, flat)
    flat = flat.replace("&", "&amp;").replace("<", "&lt;")
    flat = _MD_SPECIAL.sub(r"\\\1", flat)
    return flat.replace("$", "<span>$</span>")


def md_link(url: object, label: object = None) -> str:
    """A Markdown link for an http(s) URL; anything else as inert text."""
    href = safe_url(url)
    text = md(label if label is not None else url, 120, in_link=href is not None)
    if href is None:
        return text
    # Characters that end a link destination or a table cell are percent-encoded.
    for char, code in (("(", "%28"), (")", "%29"), ("<", "%3C"), (">", "%3E"), ("|", "%7C")):
        href = href.replace(char, code)
    return f"[{text}]({href.replace(' ', '%20')})"


_Section = tuple[str, str, Sequence[object]]


def _markdown_context(
    card: Scorecard,
) -> tuple[dict[str, object], list[_Section], list[_PaperView]]:
    """The template's fixed values, its problem sections, and one view per paper."""
    fresh = {entry.url for entry in history.new_dead(card)} if card.changes else set()
    views = _views(card)
    dead = _dead_items(card, fresh)
    placeholders = [v for v in views if v.tier == Tier.PLACEHOLDER]
    unlicensed = [v for v in views if v.unlicensed]
    context: dict[str, object] = {
        "doc": card,
        "summary": card.summary,
        "headline": history.headline(card),
        "tiers": [(t.value, TIER_SYMBOLS[t]) for t in DISPLAY_TIERS],
        "outcome_symbols": OUTCOME_SYMBOLS,
        "tier_symbols": TIER_SYMBOLS,
        "fixes": _fixes(views),
        "fix": {spec.id: spec.fix for spec in CRITERIA},
        "cache_reuse": cache_reuse_sentence(card.cache),
    }
    sections: list[_Section] = [("Dead links", "dead", dead)]
    # Shown only when a link is acknowledged (.paper-auditor-ignore).
    acknowledged, stale = _acknowledged_items(card), _stale_items(card)
    if acknowledged:
        sections.append(("Acknowledged dead links", "acknowledged", acknowledged))
    if stale:
        sections.append(("Stale acknowledgements", "stale", stale))
    sections += [
        ("Placeholder repositories", "placeholder", placeholders),
        ("Missing licences", "licence", unlicensed),
    ]
    # Shown only when the run asked for them (--find-code, --preservation).
    found = [v for v in views if v.entry.paper.found_code]
    if found:
        sections.append(("Code found, not cited", "found", found))
    unpreserved = [
        _link_shown(link)
        for link in card.links
        if link.result.preservation in ("not-yet-preserved", "archival-requested")
    ]
    if unpreserved:
        sections.append(("Repositories not yet preserved", "preservation", unpreserved))
    return context, sections, views


def _fit(
    render: Callable[[int, int], str], problems: int, rows: int, fits: Callable[[str], bool]
) -> str:
    """The longest rendering that fits: drop table rows first, then problems (binary search, as
    each item's size is bounded by `clip`)."""
    text = render(problems, rows)
    if fits(text):
        return text

    def largest(
        limit: int, attempt: Callable[[int], str], low: int = 0, best: tuple[int, str] | None = None
    ) -> tuple[int, str] | None:
        high = limit
        while low <= high:
            middle = (low + high) // 2
            candidate = attempt(middle)
            if fits(candidate):
                best, low = (middle, candidate), middle + 1
            else:
                high = middle - 1
        return best

    # Search near the rows that fit at the average row's size, not over every row: each try
    # renders that many rows (at 20,000 papers a full binary search took 10 s).
    base = render(problems, 0)
    if rows and fits(base):
        per_row = max(1.0, (len(text) - len(base)) / rows)
        guess = min(rows, int((MAX_SUMMARY_BYTES - len(base.encode())) / per_row))
        low, high = max(0, guess * 3 // 4), min(rows, guess * 5 // 4)
        floor = render(problems, low)
        if fits(floor):
            if high < rows and fits(render(problems, high + 1)):
                high = rows  # the later rows are shorter than the average: search them all
            found = largest(high, lambda n: render(problems, n), low + 1, (low, floor))
            if found is not None:
                return found[1]
    found = largest(rows, lambda n: render(problems, n))
    if found is not None:
        return found[1]
    found = largest(problems, lambda n: render(n, 0))
    if found is None:  # Only the headline is left and even it does not fit: not with clip.
        raise ValueError("the report's headline alone exceeds the size limit")
    return found[1]


def render_markdown(card: Scorecard, *, report_url: str | None = None) -> str:
    """The job summary (`summary.md`): headline, problems first, then every paper in a
    collapsed table; always under 1 MiB, cut with a note pointing to the full report."""
    context, sections, views = _markdown_context(card)
    template = _environment().get_template("summary.md.j2")

    def render(problems: int, rows: int) -> str:
        shown = []
        for title, key, items in sections:
            shown.append(
                {"title": title, "key": key, "items": items[:problems], "total": len(items)}
            )
            problems = max(0, problems - len(items))
        return template.render(
            context,
            report_url=safe_url(report_url),
            sections=shown,
            views=views[:rows],
            total_papers=len(views),
        )

    total_problems = sum(len(items) for _, _, items in sections)
    return _fit(
        render, total_problems, len(views), lambda text: len(text.encode()) < MAX_SUMMARY_BYTES
    )
