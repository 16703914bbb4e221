"""What both reports show, built once from the scorecard: one `PaperView` per paper (its
shown links, licence, problems with their fixes, what is new since the last run), the dead,
acknowledged, stale and reviewed lists, a review's words, the tier and outcome symbols, and
the Jinja environment the templates render in."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import jinja2
from markupsafe import Markup

import auditor
from auditor.deadline import TIME_LIMIT_REACHED
from auditor.links import PROJECT_PAGE_KINDS, is_code_result
from auditor.models import (
    CODE_TIERS,
    JUDGED,
    RESOLVED,
    ChangeKind,
    Criterion,
    CriterionResult,
    FoundVia,
    LinkCheck,
    LinkResult,
    Outcome,
    Paper,
    Promise,
    PromiseKind,
    RepoFacts,
    Tier,
    Whose,
)
from auditor.render.shipped import ShippedLoader
from auditor.render.text import clip, md, md_link, safe_url, short_url, without_bidi
from auditor.rubric.evidence import NO_CODE_REASON
from auditor.rubric.registry import (
    CRITERIA,
    REUSE_MEANS,
    CriterionSpec,
    code_released,
    licence_declared,
    links_resolve,
    repository_exists,
)
from auditor.scorecard import (
    Acknowledgement,
    AcknowledgementStatus,
    LinkEntry,
    PaperEntry,
    Review,
    Scorecard,
    dead_links,
)
from auditor.scorecard.summary import failed_ids, scored_links, unlicensed
from auditor.timestamps import day_of

# Tiers whose code is documented enough to try: what the headline's second count counts.
DOCUMENTED_TIERS = (Tier.BRONZE, Tier.SILVER, Tier.GOLD)
# Why a link got no verdict, as the headline counts them, in the order it names them.
NO_VERDICT_REASONS = ("network", "budget", "deadline", "internal error", "host not checkable")
_OTHER_REASONS = ("excluded", "server error", "other")

TIER_SYMBOLS: Mapping[str, str] = {
    Tier.GOLD: "★★★",
    Tier.SILVER: "★★",
    Tier.BRONZE: "★",
    Tier.LISTED: "●",
    Tier.UNKNOWN: "?",
    Tier.PLACEHOLDER: "◌",
    Tier.MISMATCH: "≠",
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
DISPLAY_TIERS = (*reversed(CODE_TIERS), Tier.PLACEHOLDER, Tier.MISMATCH)
DISPLAY_TIERS += (Tier.DEAD, Tier.NO_CODE, Tier.UNKNOWN)


def display_tiers(counted: Mapping[str, int]) -> tuple[Tier, ...]:
    """`DISPLAY_TIERS` the summary counts: `mismatch` only when a paper has it."""
    return tuple(tier for tier in DISPLAY_TIERS if tier.value in counted)


# What matters first, the HTML table's first order: dead, about another work, placeholder, then
# code from the lowest tier up; papers the run could not decide, then those citing no code, last.
PRIORITY_TIERS = (Tier.DEAD, Tier.MISMATCH, Tier.PLACEHOLDER, *CODE_TIERS)
PRIORITY_TIERS += (Tier.UNKNOWN, Tier.NO_CODE)
# What people read for the tier `no-code` (scorecard.json keeps the word: tiers are a contract):
# most such papers simply cite no code link, which is not "released nothing".
NO_CODE_WORDS = "no code link cited"
READING_LIST_WORDS = "no code (reading list)"
# The criterion whose fix and reason each problem list of the reports shows.
PROBLEM_CRITERIA: Mapping[str, CriterionSpec] = {
    "dead": links_resolve,
    "placeholder": code_released,
    "licence": licence_declared,
}


def templates_dir() -> Path:
    """`auditor/templates` in a wheel (hatchling force-include), the repository's `templates/`
    in a checkout."""
    package = Path(auditor.__file__).parent
    packaged = package / "templates"
    return packaged if packaged.is_dir() else package.parent / "templates"


@cache
def _without_bidi(value: object) -> object:
    if isinstance(value, Markup):  # already escaped (the page's data): it stays markup
        return Markup(without_bidi(value))  # noqa: S704 - characters removed, none added
    return without_bidi(value) if isinstance(value, str) else value


# One environment per process: building one compiles each template anew (0.4 s for the HTML
# report), and every render asked for a fresh one. The loader takes each template from the
# module compiled ahead of time from the same text (`auditor.render.shipped`).
@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=ShippedLoader(templates_dir()),
        # HTML templates autoescape; Markdown ones escape each value with the `md` filter.
        autoescape=jinja2.select_autoescape(
            enabled_extensions=("html.j2",), disabled_extensions=("md.j2",), default=True
        ),
        # A scorecard missing an optional field still renders, with the field blank.
        undefined=jinja2.ChainableUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # Every value a template writes, whatever its filter: no bidi control reorders it.
        finalize=_without_bidi,
    )
    env.filters["safe_url"] = safe_url
    env.filters["md"] = md
    env.filters["md_link"] = md_link
    env.filters["clip"] = clip
    env.filters["short_url"] = short_url
    env.filters["day"] = day_of
    return env


@dataclass(frozen=True, slots=True)
class PaperShown:
    """A paper as the problem lists name it: its name, the link scored, its criteria."""

    name: str
    scored_on: str | None
    criteria: tuple[Criterion, ...]


@dataclass(frozen=True, slots=True)
class PaperView:
    """One paper as both reports show it."""

    entry: PaperEntry
    tier: str
    shown: tuple[LinkEntry, ...]  # its code links, the scored one first; else its project pages
    own: tuple[LinkEntry, ...]
    licence: str
    last_commit: str
    problems: tuple[str, ...]
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
    def other_work(self) -> str | None:
        """Tier `mismatch`: "the cited repository appears to be about another work (NAME)",
        with its evidence; None otherwise."""
        other = self.entry.score.other_work if self.entry.score else None
        return other.words if other is not None else None

    @property
    def reuse(self) -> str:
        """The reuse mark beside the tier ("open", "none", …; rubric 2.0); "" when the paper has
        none (no reachable code, or a scorecard written before 2.0)."""
        reuse = self.entry.score.reuse if self.entry.score else None
        return reuse.value if reuse is not None else ""

    @property
    def reuse_means(self) -> str:
        """What the reuse mark says, in words (the registry's)."""
        return dict(REUSE_MEANS).get(self.reuse, "")

    @property
    def archived(self) -> bool:
        """Whether the repository scored is archived (read-only): shown on the paper's row."""
        repo = self.scored.result.repo if self.scored is not None else None
        return repo is not None and bool(repo.archived)

    @property
    def review(self) -> str:
        """The paper's review beside its tier (`review_words`); "" without one."""
        return review_words(self.entry.review, self.tier)

    @property
    def unlicensed(self) -> Criterion | None:
        """The failed licence criterion when code exists but declares no licence
        (`summary.unlicensed`): the reports list the paper with its reason."""
        return unlicensed(self.entry.score)

    @property
    def paper(self) -> PaperShown:
        name, score = self.entry.paper.name, self.entry.score
        if score is None:
            return PaperShown(name, None, ())
        return PaperShown(name, score.scored_on, score.criteria)


@dataclass(frozen=True, slots=True)
class CopyShown:
    """An archived copy as the reports show it beside the verdict: "archived copy: <link>
    (saved YYYY-MM-DD)"."""

    url: str
    archive: str
    saved: str  # the day it was saved, or ""


@dataclass(frozen=True, slots=True)
class LinkShown:
    """A link as the problem lists show it."""

    url: str
    detail: str
    papers: tuple[str, ...]
    outcome: str
    dead_since: str | None
    archived_copy: CopyShown | None
    preservation: str | None
    acknowledged: Acknowledgement | None


@dataclass(frozen=True, slots=True)
class CitedLink:
    """A link of a problem list with the names of the papers citing it."""

    link: LinkShown
    new: bool  # dead since the previous run
    papers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FixCount:
    """A criterion some papers with code fail, and how many."""

    spec: CriterionSpec
    count: int


def _shown_links(own: Sequence[LinkEntry], scored: LinkEntry | None) -> tuple[LinkEntry, ...]:
    """The paper's code links (the scored one first); without any, its project pages."""
    code = [link for link in own if is_code_result(link.result)]
    code.sort(key=lambda link: link is not scored)
    return tuple(code or [link for link in own if link.result.link.kind in PROJECT_PAGE_KINDS])


def _licence(repo: RepoFacts | None) -> str:
    if repo is None:
        return ""
    spdx = repo.license_spdx
    if spdx and spdx != "NOASSERTION":
        return spdx
    return str(repo.license_class or "")


def _problems(entry: PaperEntry, own_links: Iterable[LinkEntry]) -> tuple[str, ...]:
    """What is wrong, in words, heaviest first: failed criteria (not the echo of a failed gate),
    undecided gates, a placeholder in its grace period, moved links."""
    criteria = entry.score.criteria if entry.score else ()
    weight = CRITERIA.default_weights()
    failed = [
        c for c in criteria if c.result == CriterionResult.FAIL and c.reason != NO_CODE_REASON
    ]
    failed.sort(key=lambda c: -weight.get(c.id, 0))
    # An open promise first: how long it has been open is what its reader asks first.
    problems = [promise_words(p) for p in (entry.score.promises if entry.score else ())]
    problems += [c.reason for c in failed]
    # Half met (D5's results without their commands): said after what failed.
    problems += [c.reason for c in criteria if c.result == CriterionResult.PARTIAL]
    if entry.score is not None and entry.score.other_work is not None:
        problems.insert(0, entry.score.other_work.words)
    for c in criteria:
        if c.id in (repository_exists.id, code_released.id) and c.result in (
            CriterionResult.UNKNOWN,
            CriterionResult.NOT_APPLICABLE,
        ):
            problems.append(c.reason)
            if c.id == repository_exists.id:
                break  # past an undecided existence check, B2 only echoes it
    moved = [link for link in own_links if link.outcome == Outcome.MOVED]
    if moved:
        problems.append(f"{len(moved)} link(s) moved: update the citation")
    if entry.paper.found_code:
        shown = (f"{url} ({via})" if via else url for url, via in found_code(entry.paper))
        problems.append("code found, not cited: " + ", ".join(shown))
    return (*problems, *entry.paper.notes)


# Where `--find-code` found a repository, as every report says it beside the repository.
FOUND_VIA_WORDS: Mapping[str, str] = {
    FoundVia.HUGGINGFACE_PAPER_PAGE: "linked on the paper's Hugging Face page",
    FoundVia.GITHUB_SEARCH: "its README names the paper's arXiv id (GitHub search)",
}


def found_code(paper: Paper) -> tuple[tuple[str, str], ...]:
    """Each repository found for the paper, with where it was found in words ("" when the
    scorecard predates saying so)."""
    via = {found.url: FOUND_VIA_WORDS.get(found.via, "") for found in paper.found_code_via}
    return tuple((url, via.get(url, "")) for url in paper.found_code)


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
    if score.tier == Tier.PLACEHOLDER and ChangeKind.NEW in changes:
        return True
    return unlicensed(score) is not None and bool(
        {ChangeKind.NEW, ChangeKind.LICENSE_CHANGED} & set(changes)
    )


def _paper_view(
    entry: PaperEntry,
    links: Mapping[str, LinkEntry],
    scored_on: Mapping[str, LinkResult],
    fresh: Set[str] = frozenset(),
) -> PaperView:
    own = tuple(links[url] for url in entry.paper.links if url in links)
    # A renamed repository is scored at its new address; its facts stay on the cited link.
    found = scored_on.get(entry.score.scored_on or "") if entry.score else None
    scored = links.get(found.link.url) if found else None
    repo = scored.result.repo if scored else None
    last = (repo.last_commit_at or repo.pushed_at) if repo else None
    return PaperView(
        entry=entry,
        tier=str(entry.score.tier) if entry.score else Tier.UNKNOWN.value,
        shown=_shown_links(own, scored),
        own=own,
        licence=_licence(repo),
        last_commit=day_of(last) if last else "",
        problems=_problems(entry, own),
        scored=scored,
        new=_is_new(entry, own, scored, fresh),
    )


def paper_views(card: Scorecard, fresh: Set[str] = frozenset()) -> list[PaperView]:
    """One view per paper, in the document's order."""
    links = card.links_by_url()
    index = scored_links([link.result for link in card.links])
    return [_paper_view(entry, links, index, fresh) for entry in card.papers]


def fresh_dead(card: Scorecard) -> set[str]:
    """The dead links new since the previous run; none without a previous run to be new since
    (a first run's links are all new)."""
    previous = card.changes.previous_run if card.changes else None
    return {link.url for link in dead_links.new_dead(card)} if previous else set()


@dataclass(frozen=True, slots=True)
class ReportViews:
    """What every report shows of the papers, built once per scorecard (at 30,000 papers each
    report building its own cost 1.7 s apiece): one view per paper in the document's order, a
    problem new since the previous run (a link in `fresh`, `fresh_dead`) marked, and the
    criteria to fix."""

    papers: list[PaperView]
    fresh: set[str]
    fixes: list[FixCount]


def report_views(card: Scorecard) -> ReportViews:
    fresh = fresh_dead(card)
    papers = paper_views(card, fresh)
    return ReportViews(papers, fresh, fixes(papers))


def dead_items(card: Scorecard, fresh: Set[str]) -> list[CitedLink]:
    """Dead links with the papers citing them, those that died since the last run first;
    acknowledged ones are listed apart (`acknowledged_items`)."""
    names = _paper_names(card)
    dead = [
        _cited(link, names, new=link.url in fresh) for link in card.links if link.counts_as_dead
    ]
    # Links that died since the previous run lead: they are what changed.
    dead.sort(key=lambda item: not item.new)
    return dead


def acknowledged_items(card: Scorecard) -> list[CitedLink]:
    """Dead links whose acknowledgement holds, with the papers citing them."""
    names = _paper_names(card)
    return [_cited(link, names, new=False) for link in dead_links.acknowledged_dead(card)]


def stale_items(card: Scorecard) -> list[LinkShown]:
    """Links acknowledged as dead that resolve again: their acknowledgements can go."""
    return [
        link_shown(link)
        for link in card.links
        if link.acknowledged is not None and link.acknowledged.status == AcknowledgementStatus.STALE
    ]


def judged_elsewhere_items(card: Scorecard) -> list[CitedLink]:
    """Links judged on a cited folder or on another branch than the default one (the README
    sent the reader there), with the papers citing them: the link's detail says where."""
    names = _paper_names(card)
    return [
        _cited(link, names, new=False)
        for link in card.links
        if (repo := link.result.repo) is not None and (repo.folder or repo.ref)
    ]


def _paper_names(card: Scorecard) -> dict[str, str]:
    return {entry.id: entry.paper.name for entry in card.papers}


def _cited(link: LinkEntry, names: Mapping[str, str], *, new: bool) -> CitedLink:
    """A link for a problem list: what is shown of it, the names of the papers citing it."""
    papers = tuple(names.get(pid, pid) for pid in link.result.link.papers)
    return CitedLink(link_shown(link), new, papers)


def fixes(views: Iterable[PaperView]) -> list[FixCount]:
    """Each criterion some paper with code fails (`summary.fails`, as "unlicensed" is decided),
    with how many, in the rubric's order."""
    failed = Counter(cid for view in views for cid in failed_ids(view.entry.score))
    return [FixCount(spec, failed[spec.id]) for spec in CRITERIA if failed[spec.id]]


def link_shown(entry: LinkEntry) -> LinkShown:
    """A link for the templates: what they show of it."""
    return LinkShown(
        url=entry.url,
        detail=entry.result.check.detail,
        papers=entry.result.link.papers,
        outcome=str(entry.outcome),
        dead_since=entry.history.dead_since if entry.history else None,
        archived_copy=copy_shown(entry),
        preservation=entry.result.preservation,
        acknowledged=entry.acknowledged,
    )


def review_words(review: Review | None, measured: str) -> str:
    """A reviewer's verdict as every report says it beside the measured one: "reviewed: silver
    — reason (name, date)", or "reviewed as silver, measured bronze — …" when this run measured
    another (then the review needs a new look); "" without a review."""
    if review is None:
        return ""
    said = (
        f"reviewed as {review.verdict}, measured {measured}"
        if review.differs
        else f"reviewed: {review.verdict}"
    )
    return f"{said} — {review.reason} ({review.reviewer}, {review.date})"


@dataclass(frozen=True, slots=True)
class ReviewShown:
    """A review as the reports' list of reviews shows it: what it is of (a paper's name, or a
    link's URL), the link's URL, its words (`review_words`), and whether it differs."""

    subject: str
    url: str | None
    words: str
    differs: bool


def review_items(card: Scorecard) -> list[ReviewShown]:
    """Every review of the run, those whose measured verdict now differs first."""
    items = [
        ReviewShown(entry.paper.name, None, review_words(review, entry.measured), review.differs)
        for entry in card.papers
        if (review := entry.review) is not None
    ]
    items += [
        ReviewShown(link.url, link.url, review_words(review, link.outcome), review.differs)
        for link in card.links
        if (review := link.review) is not None
    ]
    items.sort(key=lambda item: not item.differs)
    return items


def copy_shown(entry: LinkEntry) -> CopyShown | None:
    copy = entry.result.archived_copy
    if copy is None:
        return None
    return CopyShown(copy.url, copy.archive, day_of(copy.saved_at or ""))


def priority_order(views: Sequence[PaperView]) -> list[PaperView]:
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


def no_verdict_reason(check: LinkCheck) -> str | None:
    """Why a link got no verdict (one of `NO_VERDICT_REASONS`, else "excluded", "server error"
    or "other"), from what its
    check says; None for a judged link. Our network is named only when the DNS canary or the
    connections said so."""
    if check.outcome in JUDGED:
        return None
    detail = check.detail.lower()
    if TIME_LIMIT_REACHED in detail:
        return "deadline"
    if "internal error" in detail:
        return "internal error"
    if "network looks down" in detail or "no server could be reached" in detail:
        return "network"
    if "budget" in detail or "rate limit" in detail:
        return "budget"
    if check.outcome in (Outcome.UNSUPPORTED, Outcome.BLOCKED) or "checked through" in detail:
        return "host not checkable"
    if check.outcome is Outcome.EXCLUDED:
        return "excluded"
    return "server error" if check.outcome is Outcome.TRANSIENT else "other"


@dataclass(frozen=True, slots=True)
class Headline:
    """The headline numbers, said in the same words by every report: papers whose cited code
    resolves, how many of them are documented, and the links that got no verdict, by reason."""

    papers: int
    resolving: int  # papers citing code (`is_code_result`) that resolves
    documented: int  # of `resolving`, papers at bronze or better
    links: int
    no_verdict: Mapping[str, int]  # reason → links, reasons with none left out

    @property
    def unjudged(self) -> int:
        return sum(self.no_verdict.values())

    @property
    def code_sentence(self) -> str:
        return (
            f"{self.resolving} papers cite code that resolves; "
            f"{self.documented} of them are documented (bronze or better)."
        )

    @property
    def no_verdict_sentence(self) -> str | None:
        if not self.unjudged:
            return None
        reasons = "; ".join(f"{reason}: {count}" for reason, count in self.no_verdict.items())
        return f"{self.unjudged} of {self.links} links got no verdict ({reasons})."

    @property
    def warning(self) -> str | None:
        """Said first when most links got no verdict: then nothing reads as all clear."""
        if 2 * self.unjudged <= self.links:
            return None
        counted = f"{self.unjudged} of {self.links} links not checked — nothing here is a verdict"
        if self.no_verdict.get("network", 0) * 2 > self.unjudged:
            return f"our network looked down: {counted}"
        return counted


def headline(card: Scorecard) -> Headline:
    """The scorecard's headline numbers."""
    by_url = {entry.url: entry.result for entry in card.links}
    resolving = documented = 0
    for entry in card.papers:
        results = [by_url[url] for url in entry.paper.links if url in by_url]
        if any(is_code_result(r) and r.check.outcome in RESOLVED for r in results):
            resolving += 1
            documented += entry.score is not None and entry.score.tier in DOCUMENTED_TIERS
    reasons = Counter(
        reason
        for entry in card.links
        if (reason := no_verdict_reason(entry.result.check)) is not None
    )
    ordered = {
        reason: reasons[reason]
        for reason in (*NO_VERDICT_REASONS, *_OTHER_REASONS)
        if reasons[reason]
    }
    return Headline(len(card.papers), resolving, documented, len(card.links), ordered)


# What each kind of promise is, as the reports say it before how long it has been open.
PROMISE_WORDS: Mapping[str, str] = {
    PromiseKind.CODE: "code promised (placeholder repository)",
    PromiseKind.WEIGHTS: "weights promised by the README, not given",
    PromiseKind.ANONYMOUS_REVIEW: "anonymous review link still cited (it expires)",
}


def promise_words(promise: Promise) -> str:
    """An open promise as every report says it: "code promised (placeholder repository):
    promise open in every run since 2026-03-02 (first seen); 271 days after the paper date;
    overdue: the grace ended 2026-06-29"; without a paper date "open since first seen (DATE)",
    never overdue."""
    what = PROMISE_WORDS.get(promise.kind, str(promise.kind))
    seen = day_of(promise.first_seen) if promise.first_seen else None
    days = promise.days_after_paper
    if days is None:
        since = f"open since first seen ({seen})" if seen else "open"
        return f"{what}: {since}; no paper date, so never overdue"
    since = f"promise open in every run since {seen} (first seen)" if seen else "promise open"
    when = f"{days} days after the paper date" if days >= 0 else f"{-days} days before it"
    state = f"overdue: the grace ended {promise.due}" if promise.overdue else f"due {promise.due}"
    return f"{what}: {since}; {when}; {state}"


@dataclass(frozen=True, slots=True)
class PromiseShown:
    """An overdue promise as the reports' list shows it: the paper's name, the link, the words."""

    paper: str
    url: str
    words: str


def overdue_items(card: Scorecard) -> list[PromiseShown]:
    """Every overdue promise of the run, in the papers' order."""
    return [
        PromiseShown(entry.paper.name, promise.url, promise_words(promise))
        for entry in card.papers
        for promise in (entry.score.promises if entry.score else ())
        if promise.overdue
    ]


# --- the weights and data the READMEs give ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class ArtifactItem:
    """A weights or data link a cited repository's README gives (`Link.artifact`), with its
    outcome and the papers whose README it is: another work's is said so (it never counts)."""

    url: str
    artifact: str
    theirs: bool
    outcome: str
    detail: str
    counts: bool
    via: str
    papers: tuple[str, ...]


def artifact_items(card: Scorecard) -> list[ArtifactItem]:
    """Every artifact link of the run, those that count as dead first, then in the document's
    order."""
    names = _paper_names(card)
    items = [
        ArtifactItem(
            url=entry.url,
            artifact=str(entry.result.link.artifact),
            theirs=entry.result.link.whose is Whose.OTHER,
            outcome=str(entry.outcome),
            detail=entry.result.check.detail,
            counts=entry.counts_as_dead,
            via=entry.result.link.found_via or "",
            papers=tuple(names.get(pid, pid) for pid in entry.result.link.papers),
        )
        for entry in card.links
        if entry.result.link.artifact is not None
    ]
    items.sort(key=lambda item: not item.counts)
    return items
