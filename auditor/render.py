"""The reports people read, rendered from the scorecard document alone (so `auditor render`
needs no network): the self-contained `index.html`, and the `summary.md` job summary.

Everything in the document came from outside (paper lists, web pages, READMEs): HTML is
autoescaped, Markdown is escaped by `md`, and only http(s) URLs ever become links.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

import auditor
from auditor import history
from auditor.links import PROJECT_PAGE_KINDS, is_code_link
from auditor.models import CriterionResult, Outcome, Tier
from auditor.rubric import CRITERIA_BY_ID
from auditor.score import NO_CODE_REASON, TIER_ORDER, build_summary

Json = dict[str, Any]

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
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


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
    return env


# --- the facts both reports show --------------------------------------------------------------


def _links_by_url(doc: Json) -> dict[str, Json]:
    return {str(link.get("url")): link for link in doc.get("links") or ()}


def _shown_links(paper: Json, links: Mapping[str, Json]) -> list[Json]:
    """The paper's code links (the scored one first); without any, its project pages."""
    own = [links[url] for url in paper.get("links") or () if url in links]
    code = [link for link in own if is_code_link(str(link.get("kind")), str(link.get("url")))]
    code.sort(key=lambda link: link.get("url") != paper.get("scored_on"))
    return code or [link for link in own if link.get("kind") in PROJECT_PAGE_KINDS]


def _licence(repo: Json | None) -> str:
    if not repo:
        return ""
    spdx = repo.get("license_spdx")
    if spdx and spdx != "NOASSERTION":
        return str(spdx)
    return str(repo.get("license_class") or "")


def _problems(paper: Json, own_links: Iterable[Json]) -> list[str]:
    """What is wrong, in words, heaviest first: failed criteria (not the echo of a failed gate),
    undecided gates, a placeholder in its grace period, moved links."""
    criteria = paper.get("criteria") or ()
    weight = {cid: spec.weight for cid, spec in CRITERIA_BY_ID.items()}
    failed = [
        c
        for c in criteria
        if c.get("result") == CriterionResult.FAIL and c.get("reason") != NO_CODE_REASON
    ]
    failed.sort(key=lambda c: -weight.get(str(c.get("id")), 0))
    problems = [str(c.get("reason")) for c in failed]
    problems += [
        str(c.get("reason"))
        for c in criteria
        if c.get("id") in ("B1", "B2")
        and c.get("result") in (CriterionResult.UNKNOWN, CriterionResult.NOT_APPLICABLE)
    ]
    moved = [link for link in own_links if link.get("outcome") == Outcome.MOVED]
    if moved:
        problems.append(f"{len(moved)} link(s) moved: update the citation")
    return problems + [str(note) for note in paper.get("notes") or ()]


def _paper_view(paper: Json, links: Mapping[str, Json]) -> Json:
    own = [links[url] for url in paper.get("links") or () if url in links]
    scored = links.get(str(paper.get("scored_on")))
    repo = scored.get("repo") if scored else None
    last = repo.get("last_commit_at") or repo.get("pushed_at") if repo else None
    score = paper.get("score")
    return {
        "paper": paper,
        "score": score if isinstance(score, int) and not isinstance(score, bool) else None,
        "tier": str(paper.get("tier") or Tier.UNKNOWN),
        "shown": _shown_links(paper, links),
        "own": own,
        "licence": _licence(repo),
        "last_commit": str(last)[:10] if last else "",
        "problems": _problems(paper, own),
    }


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
        return self.index.setdefault(_cut(text), len(self.index))


def _evidence(item: object, base: str | None, strings: _Strings) -> int | list[int]:
    """Evidence as a string-table index; inside the scored repository as [index of the rest]
    (the script prefixes `scored_on`), since most evidence is a file link of that repository
    and the rest repeats across papers."""
    value = _cut(item, 2000)
    if base and (value == base or value.startswith(base + "/")):
        return [strings(value[len(base) :])]
    return strings(value)


def _row(view: Json, strings: _Strings) -> list[Any]:
    """One paper for the page's script, as a compact array (5,000 papers stay a few MB)."""
    paper = view["paper"]
    source = paper.get("source") or {}
    scored = paper.get("scored_on")
    base = scored if isinstance(scored, str) and len(scored) <= 2000 else None
    return [
        _cut(paper.get("id")),
        _cut(paper.get("name")),
        _cut(paper.get("title")),
        view["tier"],
        view["score"],
        _cut(source.get("path")),
        source.get("line"),
        [[_cut(link.get("url"), 2000), str(link.get("outcome"))] for link in view["shown"]],
        _cut(view["licence"], 60),
        view["last_commit"],
        [strings(problem) for problem in view["problems"]],
        [
            [
                _cut(c.get("id"), 8),
                str(c.get("result")),
                strings(c.get("reason")),
                [_evidence(item, base, strings) for item in c.get("evidence") or ()],
            ]
            for c in paper.get("criteria") or ()
        ],
        [
            [
                _cut(link.get("url"), 2000),
                str(link.get("kind")),
                str(link.get("outcome")),
                strings(link.get("detail")),
                _cut(link.get("final_url"), 2000) if link.get("final_url") else None,
            ]
            for link in view["own"]
        ],
        base,
    ]


def _chart(title: str, counts: Mapping[str, int], labels: Mapping[str, str] | None = None) -> Json:
    top = max(counts.values(), default=0) or 1
    bars = [
        {
            "key": key,
            "label": (labels or {}).get(key, key),
            "count": count,
            "width": round(200 * count / top, 1),
        }
        for key, count in counts.items()
    ]
    return {"title": title, "bars": bars, "total": sum(counts.values())}


def render_html(doc: Json) -> str:
    """The self-contained `index.html`: inline CSS and JS, the data embedded once as JSON."""
    papers: list[Json] = list(doc.get("papers") or ())
    links = _links_by_url(doc)
    summary = build_summary(papers, list(links.values()))
    views = [_paper_view(paper, links) for paper in papers]
    strings = _Strings()
    tiers = summary["tiers"]
    tier_labels = {tier.value: f"{TIER_SYMBOLS[tier]} {tier.value}" for tier in Tier}
    outcome_labels = {o.value: f"{OUTCOME_SYMBOLS[o]} {o.value}" for o in Outcome}
    charts = [
        _chart("Tiers", {t.value: tiers[t] for t in DISPLAY_TIERS}, tier_labels),
        _chart("Licence classes", summary["licence_classes"]),
        _chart("Last commit age", summary["last_commit_age"]),
        _chart("Link outcomes", summary["outcomes"], outcome_labels),
    ]
    dead = [link for link in links.values() if link.get("outcome") == Outcome.DEAD]
    names = {str(p.get("id")): str(p.get("name")) for p in papers}
    sources = sorted({str((p.get("source") or {}).get("path")) for p in papers})
    return (
        _environment()
        .get_template("report.html.j2")
        .render(
            doc=doc,
            headline=history.headline(doc),
            summary=summary,
            charts=charts,
            dead=dead,
            names=names,
            tiers=[(t.value, tier_labels[t]) for t in DISPLAY_TIERS],
            outcomes=[(o.value, outcome_labels[o]) for o in Outcome],
            sources=sources,
            data=_script_json(
                {
                    "rows": [_row(view, strings) for view in views],
                    # After "rows", which fill the table.
                    "strings": list(strings.index),
                    "tierSymbols": TIER_SYMBOLS,
                    "outcomeSymbols": OUTCOME_SYMBOLS,
                    "tierOrder": [t.value for t in DISPLAY_TIERS],
                    "titles": {cid: spec.title for cid, spec in CRITERIA_BY_ID.items()},
                }
            ),
        )
    )


# --- Markdown ---------------------------------------------------------------------------------

# Inline Markdown that could format, link or break a table cell. Line-start syntax (#, -, +, >)
# needs no escape: outside text never starts a line here.
_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~>])")


def md(text: object, limit: int = MAX_FIELD_CHARS) -> str:
    """Outside text as inert Markdown: one line, Markdown punctuation backslash-escaped, HTML
    characters as entities, and `@` kept from mentioning anyone."""
    flat = clip(text, limit).replace("&", "&amp;").replace("<", "&lt;")
    flat = _MD_SPECIAL.sub(r"\\\1", flat)
    # A zero-width space after @ stops GitHub from notifying a user or team named in a title.
    return flat.replace("@", "@\u200b")


def md_link(url: object, label: object = None) -> str:
    """A Markdown link for an http(s) URL; anything else as inert text."""
    href = safe_url(url)
    text = md(label if label is not None else url, 120)
    if href is None:
        return text
    # Characters that end a link destination or a table cell are percent-encoded.
    for char, code in (("(", "%28"), (")", "%29"), ("<", "%3C"), (">", "%3E"), ("|", "%7C")):
        href = href.replace(char, code)
    return f"[{text}]({href.replace(' ', '%20')})"


def _markdown_context(doc: Json) -> Json:
    papers: list[Json] = list(doc.get("papers") or ())
    links = _links_by_url(doc)
    summary = build_summary(papers, list(links.values()))
    names = {str(p.get("id")): str(p.get("name")) for p in papers}
    views = [_paper_view(paper, links) for paper in papers]
    fresh = (
        {str(link.get("url")) for link in history.new_dead(doc)} if doc.get("changes") else set()
    )
    dead = [
        {
            "link": link,
            "new": link.get("url") in fresh,
            "papers": [names.get(str(pid), str(pid)) for pid in link.get("papers") or ()],
        }
        for link in links.values()
        if link.get("outcome") == Outcome.DEAD
    ]
    # Links that died since the previous run lead: they are what changed.
    dead.sort(key=lambda item: not item["new"])
    placeholders = [v for v in views if v["tier"] == Tier.PLACEHOLDER]
    unlicensed = [
        v
        for v in views
        if v["tier"] not in (Tier.NO_CODE, Tier.DEAD)
        and any(
            c.get("id") == "C1" and c.get("result") == CriterionResult.FAIL
            for c in v["paper"].get("criteria") or ()
        )
    ]
    return {
        "doc": doc,
        "summary": summary,
        "headline": history.headline(doc),
        "tiers": [(t.value, TIER_SYMBOLS[t]) for t in DISPLAY_TIERS],
        "outcome_symbols": OUTCOME_SYMBOLS,
        "tier_symbols": TIER_SYMBOLS,
        "sections": [
            ("Dead links", "dead", dead),
            ("Placeholder repositories", "placeholder", placeholders),
            ("Missing licences", "licence", unlicensed),
        ],
        "views": views,
    }


def _fit(
    render: Callable[[int, int], str], problems: int, rows: int, fits: Callable[[str], bool]
) -> str:
    """The longest rendering that fits: drop table rows first, then problems (binary search, as
    each item's size is bounded by `clip`)."""
    text = render(problems, rows)
    if fits(text):
        return text

    def largest(limit: int, attempt: Callable[[int], str]) -> tuple[int, str] | None:
        low, high, best = 0, limit, None
        while low <= high:
            middle = (low + high) // 2
            candidate = attempt(middle)
            if fits(candidate):
                best, low = (middle, candidate), middle + 1
            else:
                high = middle - 1
        return best

    found = largest(rows, lambda n: render(problems, n))
    if found is not None:
        return found[1]
    found = largest(problems, lambda n: render(n, 0))
    if found is None:  # Only the headline is left and even it does not fit: not with clip.
        raise ValueError("the report's headline alone exceeds the size limit")
    return found[1]


def render_markdown(doc: Json, *, report_url: str | None = None) -> str:
    """The job summary (`summary.md`): headline, problems first, then every paper in a
    collapsed table; always under 1 MiB, cut with a note pointing to the full report."""
    context = _markdown_context(doc)
    template = _environment().get_template("summary.md.j2")
    sections: list[tuple[str, str, list[Json]]] = context.pop("sections")
    views: list[Json] = context.pop("views")

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
