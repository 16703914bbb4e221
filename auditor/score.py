"""The versioned rubric's rules: a paper and what was learned about its links → a `PaperScore`.
(The scorecard's `summary` of the scored papers is `auditor.summary`.)

Each criterion is a plain function answering pass / fail / unknown / n/a with its reason and
evidence. Unknown and n/a leave the score's denominator, and an undecided gate gives the
`unknown` tier, never no-code, dead or placeholder. See docs/rubric.md.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from urllib.parse import quote, urlsplit

from auditor.links import (
    PROJECT_PAGE_KINDS,
    is_archive_doi,
    is_code_link,
    is_hosted_environment,
    is_weights_link,
)
from auditor.models import (
    Criterion,
    CriterionResult,
    LicenseClass,
    LinkKind,
    LinkResult,
    Outcome,
    Paper,
    PaperScore,
    ReadmeCover,
    RepoFacts,
    Tier,
)
from auditor.repofiles import (
    is_container_file,
    is_dependency_file,
    is_evaluation_file,
    is_licence_file,
    is_test_file,
    is_training_file,
    matching,
)
from auditor.rubric import (
    CHECKLIST_IDS,
    CRITERIA,
    RUBRIC_VERSION,
    Rubric,
    RubricError,
    load_rubric,
)
from auditor.timestamps import to_date

__all__ = [
    "RUBRIC_VERSION",
    "Rubric",
    "RubricError",
    "load_rubric",
    "score_paper",
]

PASS = CriterionResult.PASS
FAIL = CriterionResult.FAIL
UNKNOWN = CriterionResult.UNKNOWN
NA = CriterionResult.NOT_APPLICABLE

RESOLVED = frozenset({Outcome.OK, Outcome.MOVED})
# Outcomes that say nothing about the link itself: our network, rate limits, the remote
# refusing us. They make a criterion unknown, never failed.
INCONCLUSIVE = frozenset({Outcome.TRANSIENT, Outcome.UNCHECKED, Outcome.BLOCKED})
# Links we chose not to judge (`--exclude`, private address, scheme): they leave A1 entirely.
NOT_JUDGED = frozenset({Outcome.EXCLUDED, Outcome.UNSUPPORTED})
# Kinds whose repository facts come from the GitHub API; on other hosts they are not gathered.
FACT_KINDS = frozenset({LinkKind.GITHUB_REPO, LinkKind.GITHUB_OTHER})

# Worst to best, for choosing a paper's best code link; unknown sits above every decided
# failure because the undecided link may yet be the real one.
TIER_ORDER = (
    Tier.NO_CODE,
    Tier.DEAD,
    Tier.PLACEHOLDER,
    Tier.UNKNOWN,
    Tier.LISTED,
    Tier.BRONZE,
    Tier.SILVER,
    Tier.GOLD,
)
TIER_RANK = {tier: rank for rank, tier in enumerate(TIER_ORDER)}
NO_CODE_REASON = "no code to assess"


# --- dates ------------------------------------------------------------------------------------


def paper_period(value: str | None) -> tuple[date, date] | None:
    """First and last day a reduced-precision ISO date (`2026`, `2026-07`, `2026-07-14`) may
    mean; None when absent or unreadable. Rules read it in the paper's favour."""
    if not value:
        return None
    match = re.fullmatch(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?", value.strip()[:10])
    if match is None:
        return None
    year, month, day = (int(part) if part else None for part in match.groups())
    assert year is not None
    try:
        if month is None:
            return date(year, 1, 1), date(year, 12, 31)
        if day is None:
            return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])
        exact = date(year, month, day)
    except ValueError:
        return None
    return exact, exact


# --- evidence ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Candidate:
    """One code link of the paper, with its repository facts when the host gives any."""

    result: LinkResult
    facts: RepoFacts | None
    order: int

    @property
    def url(self) -> str:
        return self.result.check.final_url or self.result.link.url

    @property
    def facts_expected(self) -> bool:
        return self.result.link.kind in FACT_KINDS

    def file_url(self, name: str, line: int | None = None) -> str:
        """A browsable link to a file of the repository (GitHub redirects blob→tree for
        directories, and HEAD to the default branch)."""
        assert self.facts is not None
        parts = urlsplit(self.url)
        branch = quote(self.facts.default_branch or "HEAD", safe="")
        url = f"{parts.scheme}://{parts.netloc}/{self.facts.full_name}/blob/{branch}/"
        url += quote(name.rstrip("/"))
        return url if line is None else f"{url}#L{line}"

    def readme_lines(self, *covers: ReadmeCover) -> tuple[str, ...]:
        """Evidence for the first README line deciding any of `covers`."""
        facts = self.facts
        assert facts is not None
        for item in facts.readme_evidence:
            if item.cover in covers and item.line == 0:
                # Line 0: decided by the root listing, not a README line.
                return (self.url, item.excerpt)
            if item.cover in covers:
                where = f"{facts.readme_path or 'README'}:{item.line}"
                return (
                    self.file_url(facts.readme_path or "README.md", item.line),
                    f"{where}: {item.excerpt}",
                )
        return (self.file_url(facts.readme_path),) if facts.readme_path else ()


@dataclass(frozen=True, slots=True)
class _PaperLinks:
    """What the rules ask of all the paper's links, worked out once per paper rather than once
    per code link (which made a paper quadratic in its links)."""

    outcomes: dict[str, Outcome]
    weights: tuple[str, ...]  # weights links, in order
    alive_weights: tuple[str, ...]  # those not dead
    hosted: tuple[str, ...]  # hosted environments, the first three
    archived: tuple[str, ...]  # resolved archive DOIs, the first two

    @classmethod
    def of(cls, own: Sequence[LinkResult]) -> _PaperLinks:
        outcomes = {r.link.url: r.check.outcome for r in own}
        resolved = (r.link.url for r in own if r.check.outcome in RESOLVED)
        weights = tuple(u for u in outcomes if is_weights_link(u))
        return cls(
            outcomes,
            weights,
            tuple(u for u in weights if outcomes[u] != Outcome.DEAD),
            tuple(u for u in outcomes if is_hosted_environment(u))[:3],
            tuple(u for u in resolved if is_archive_doi(u))[:2],
        )


@dataclass(frozen=True, slots=True)
class _Context:
    paper: Paper
    own: tuple[LinkResult, ...]  # every link of the paper, code or not
    candidate: _Candidate
    rubric: Rubric
    today: date
    period: tuple[date, date] | None
    links: _PaperLinks


def _criterion(
    cid: str, result: CriterionResult, reason: str, evidence: Iterable[str] = ()
) -> Criterion:
    return Criterion(cid, result, reason, tuple(evidence))


def _facts_unknown(cid: str, candidate: _Candidate) -> Criterion:
    if candidate.facts_expected:
        check = candidate.result.check
        reason = "repository facts unavailable (GitHub API rate limit or network)"
        return _criterion(cid, UNKNOWN, reason, (candidate.url, f"link: {check.detail}"))
    host = urlsplit(candidate.url).netloc
    reason = f"not assessed: repository facts are gathered for GitHub only, not {host}"
    return _criterion(cid, UNKNOWN, reason, (candidate.url,))


# --- group A: link integrity ------------------------------------------------------------------


def links_resolve(own: Sequence[LinkResult]) -> Criterion:
    """A1: every link the paper cites resolves; moved links pass with their new address."""
    dead = [r for r in own if r.check.outcome == Outcome.DEAD]
    if dead:
        evidence = [f"{r.link.url} — {r.check.detail}" for r in dead]
        noun = "link is" if len(dead) == 1 else "links are"
        return _criterion("A1", FAIL, f"{len(dead)} cited {noun} dead", evidence)
    open_ = [r for r in own if r.check.outcome in INCONCLUSIVE]
    if open_:
        evidence = [f"{r.link.url} — {r.check.outcome}: {r.check.detail}" for r in open_]
        return _criterion("A1", UNKNOWN, f"{len(open_)} link(s) could not be checked", evidence)
    judged = [r for r in own if r.check.outcome in RESOLVED]
    if not judged:
        return _criterion("A1", NA, "no link was judged")
    moved = [r for r in judged if r.check.outcome == Outcome.MOVED]
    reason = f"all {len(judged)} judged link(s) resolve"
    if moved:
        reason += f"; {len(moved)} moved (update the citation)"
    evidence = [f"{r.link.url} → {r.check.final_url}" for r in moved] or [
        r.link.url for r in judged
    ]
    return _criterion("A1", PASS, reason, evidence)


# --- group B: code availability (the gate) ----------------------------------------------------


def repository_exists(ctx: _Context) -> Criterion:
    """B1: the repository exists and is public. A dead web link settles it (a repository the
    API sees but the web does not is private to our token); otherwise the API's facts do."""
    candidate = ctx.candidate
    check, facts = candidate.result.check, candidate.facts
    status = f"HTTP {check.http_status}" if check.http_status else check.outcome.value
    if check.outcome == Outcome.DEAD:
        return _criterion(
            "B1", FAIL, f"code link is dead ({status})", (candidate.url, check.detail)
        )
    if facts is not None and not facts.exists:
        return _criterion(
            "B1",
            FAIL,
            "repository does not exist or is private",
            (candidate.url, "repo.exists=false"),
        )
    if facts is not None and facts.disabled:
        return _criterion("B1", FAIL, "repository is disabled by GitHub", (candidate.url,))
    if facts is not None:
        notes = ["repository exists and is public"]
        evidence = [candidate.url, "repo.exists=true"]
        if facts.archived:
            notes.append("archived (read-only)")
            evidence.append("repo.archived=true")
        if facts.fork:
            notes.append(f"a fork of {facts.parent}" if facts.parent else "a fork")
            evidence.append(f"repo.parent={facts.parent}")
        return _criterion("B1", PASS, "; ".join(notes), evidence)
    if check.outcome in RESOLVED:
        return _criterion("B1", PASS, f"code link resolves ({status})", (candidate.url,))
    return _criterion(
        "B1",
        UNKNOWN,
        f"code link could not be checked ({check.outcome})",
        (candidate.url, check.detail),
    )


def _placeholder_state(facts: RepoFacts) -> str | None:
    """Why the repository is a placeholder; "" when nothing tells; None when it holds code.
    `auditor.readme` owns the verdict: a root of only README, licence and pages, or a "coming
    soon" line in a README that is not substantive."""
    if facts.empty:
        return "repository is empty"
    for item in facts.readme_evidence:
        if item.cover == ReadmeCover.PLACEHOLDER:
            return "README says the code is coming" if item.line else "only README, licence, pages"
    if ReadmeCover.PLACEHOLDER in facts.readme_covers:
        return "placeholder repository"
    if facts.empty is None and not facts.root_files and not facts.readme_path:
        return ""
    return None


def code_released(ctx: _Context) -> Criterion:
    """B2: the repository holds code, not a "coming soon" placeholder. A placeholder is held
    against the paper only after the grace period from its date (read at its latest)."""
    candidate, rubric = ctx.candidate, ctx.rubric
    facts = candidate.facts
    if facts is None:
        return _facts_unknown("B2", candidate)
    why = _placeholder_state(facts)
    if why is None:
        shown = facts.root_files[:5]
        reason = "holds more than README, licence and pages"
        return _criterion("B2", PASS, reason, (candidate.url, *map(candidate.file_url, shown)))
    if not why:
        return _criterion("B2", UNKNOWN, "no root listing or README to judge by", (candidate.url,))
    placeholder = (candidate.url, *candidate.readme_lines(ReadmeCover.PLACEHOLDER))
    grace = rubric.placeholder_grace_days
    if ctx.period is None:
        return _criterion(
            "B2", UNKNOWN, f"{why}; no paper date to judge the {grace}-day grace", placeholder
        )
    deadline = ctx.period[1] + timedelta(days=grace)
    if ctx.today <= deadline:
        return _criterion(
            "B2", NA, f"{why}; within the {grace}-day grace until {deadline}", placeholder
        )
    return _criterion("B2", FAIL, f"{why}; the {grace}-day grace ended {deadline}", placeholder)


def permanent_home(ctx: _Context) -> Criterion:
    """B3: anonymous-review mirrors expire after review; the paper should cite a lasting host."""
    url = ctx.candidate.url
    if ctx.candidate.result.link.kind == LinkKind.ANONYMOUS_REVIEW:
        return _criterion(
            "B3", FAIL, "anonymous review link: temporary, expires after review", (url,)
        )
    return _criterion("B3", PASS, f"hosted at {urlsplit(url).netloc}", (url,))


# --- group C: licence -------------------------------------------------------------------------


def licence_declared(ctx: _Context) -> Criterion:
    """C1: a licence is declared (an SPDX id, or a licence file GitHub could not classify)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return _facts_unknown("C1", candidate)
    files = matching(facts.root_files, is_licence_file)
    evidence = [candidate.file_url(name) for name in files[:1]]
    spdx = facts.license_spdx
    if spdx and spdx != "NOASSERTION":
        return _criterion("C1", PASS, f"licence {spdx}", [*evidence, f"repo.license_spdx={spdx}"])
    if files or facts.license_class == LicenseClass.CUSTOM:
        return _criterion(
            "C1", PASS, "licence file with custom terms", [*evidence, f"repo.license_spdx={spdx}"]
        )
    return _criterion("C1", FAIL, "no licence declared", (candidate.url, "repo.license_spdx=null"))


def licence_open(ctx: _Context) -> Criterion:
    """C2: the licence lets others reuse the code (permissive or copyleft)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return _facts_unknown("C2", candidate)
    klass = facts.license_class
    evidence = (candidate.url, f"repo.license_class={klass}")
    if klass in (LicenseClass.PERMISSIVE, LicenseClass.COPYLEFT):
        return _criterion("C2", PASS, f"{klass} licence", evidence)
    if klass == LicenseClass.NON_COMMERCIAL:
        return _criterion("C2", FAIL, "non-commercial licence limits reuse", evidence)
    if klass == LicenseClass.CUSTOM:
        return _criterion("C2", UNKNOWN, "custom licence terms: not classified", evidence)
    if klass == LicenseClass.NONE or not facts.license_spdx:
        # C1 already counts the missing licence; failing here too would count it twice.
        return _criterion("C2", NA, "no licence to classify", evidence)
    return _criterion("C2", UNKNOWN, "licence class not determined", evidence)


# --- group D: the Papers with Code checklist --------------------------------------------------


def _files_or_readme(
    ctx: _Context, cid: str, what: str, kind: Callable[[str], bool], cover: ReadmeCover
) -> Criterion:
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return _facts_unknown(cid, candidate)
    files = matching((*facts.env_files, *facts.root_files), kind)
    if files:
        names = sorted(set(files))
        return _criterion(
            cid, PASS, f"{what}: {', '.join(names[:3])}", map(candidate.file_url, names[:3])
        )
    if cover in facts.readme_covers:
        return _criterion(cid, PASS, f"{what}: in the README", candidate.readme_lines(cover))
    return _criterion(cid, FAIL, f"no {what}", (candidate.url,))


def dependencies(ctx: _Context) -> Criterion:
    """D1: dependencies specified (a requirements/environment file or README install steps)."""
    return _files_or_readme(
        ctx, "D1", "dependencies specified", is_dependency_file, ReadmeCover.INSTALL
    )


def training_code(ctx: _Context) -> Criterion:
    """D2: training code (a train script or README training instructions)."""
    return _files_or_readme(ctx, "D2", "training code", is_training_file, ReadmeCover.TRAIN)


def evaluation_code(ctx: _Context) -> Criterion:
    """D3: evaluation code (an eval script or README evaluation instructions)."""
    return _files_or_readme(ctx, "D3", "evaluation code", is_evaluation_file, ReadmeCover.EVALUATE)


def pretrained_weights(ctx: _Context) -> Criterion:
    """D4: pre-trained weights: README weights section, or a Hugging Face model or release asset
    linked by the README or the paper. Each such link we checked must not be dead."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return _facts_unknown("D4", candidate)
    outcomes = ctx.links.outcomes
    mine = [u for u in facts.artifact_links if is_weights_link(u)]
    # The README's links first, then the paper's: only as many as can be among the first three.
    links = [*mine, *ctx.links.weights[:3]]
    paper_alive = ctx.links.alive_weights[: len(mine) + 3]
    alive = [u for u in dict.fromkeys([*mine, *paper_alive]) if outcomes.get(u) != Outcome.DEAD]
    if alive:
        return _criterion("D4", PASS, "pre-trained weights linked", alive[:3])
    if ReadmeCover.WEIGHTS in facts.readme_covers and not links:
        return _criterion(
            "D4",
            PASS,
            "pre-trained weights: in the README",
            candidate.readme_lines(ReadmeCover.WEIGHTS),
        )
    if links:
        return _criterion("D4", FAIL, "the weights links are dead", links[:3])
    return _criterion("D4", FAIL, "no pre-trained weights", (candidate.url,))


def readme_results(ctx: _Context) -> Criterion:
    """D5: the README reports results (a results table, with the commands to reproduce)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return _facts_unknown("D5", candidate)
    if ReadmeCover.RESULTS in facts.readme_covers:
        return _criterion(
            "D5", PASS, "README reports results", candidate.readme_lines(ReadmeCover.RESULTS)
        )
    return _criterion("D5", FAIL, "no results in the README", candidate.readme_lines())


# --- group E: runnable environment ------------------------------------------------------------


def pinned_environment(ctx: _Context) -> Criterion:
    """E1: dependency versions pinned (exact versions or a lock file)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return _facts_unknown("E1", candidate)
    evidence = [candidate.file_url(name) for name in facts.env_files[:2]]
    if facts.deps_pinned:
        return _criterion(
            "E1", PASS, "dependency versions pinned", [*evidence, "repo.deps_pinned=true"]
        )
    if facts.deps_pinned is False:
        return _criterion(
            "E1", FAIL, "dependency versions not pinned", [*evidence, "repo.deps_pinned=false"]
        )
    if not facts.env_files:
        return _criterion("E1", FAIL, "no dependency file to pin", (candidate.url,))
    return _criterion("E1", UNKNOWN, "pinning not determined", evidence)


def container(ctx: _Context) -> Criterion:
    """E2: a container or hosted environment (Dockerfile, devcontainer, Binder, Colab, Space)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return _facts_unknown("E2", candidate)
    files = sorted(set(matching((*facts.env_files, *facts.root_files), is_container_file)))
    if files:
        return _criterion(
            "E2", PASS, f"container: {', '.join(files[:3])}", map(candidate.file_url, files[:3])
        )
    hosted = [u for u in facts.artifact_links if is_hosted_environment(u)] + [*ctx.links.hosted]
    if hosted:
        return _criterion("E2", PASS, "hosted environment linked", hosted[:3])
    return _criterion("E2", FAIL, "no container or hosted environment", (candidate.url,))


def data_documented(ctx: _Context) -> Criterion:
    """E3: the README says how to get the data."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return _facts_unknown("E3", candidate)
    if ReadmeCover.DATA in facts.readme_covers:
        return _criterion(
            "E3", PASS, "README explains the data", candidate.readme_lines(ReadmeCover.DATA)
        )
    return _criterion("E3", FAIL, "data download not documented", candidate.readme_lines())


def tests_or_ci(ctx: _Context) -> Criterion:
    """E4: tests or a CI configuration at the repository root."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return _facts_unknown("E4", candidate)
    files = matching(facts.root_files, is_test_file)
    if files:
        return _criterion(
            "E4", PASS, f"tests or CI: {', '.join(files[:3])}", map(candidate.file_url, files[:3])
        )
    return _criterion("E4", FAIL, "no tests or CI", (candidate.url,))


# --- group F: documentation and citation ------------------------------------------------------

_HOW_TO = (ReadmeCover.INSTALL, ReadmeCover.USAGE, ReadmeCover.TRAIN, ReadmeCover.EVALUATE)


def substantive_readme(ctx: _Context) -> Criterion:
    """F1: a README long enough to say something, with install, usage, training or evaluation
    instructions, and not a placeholder."""
    candidate, facts, least = ctx.candidate, ctx.candidate.facts, ctx.rubric.readme_min_bytes
    if facts is None:
        return _facts_unknown("F1", candidate)
    if not facts.readme_path:
        return _criterion("F1", FAIL, "no README", (candidate.url, "repo.readme_path=null"))
    size = facts.readme_bytes or 0
    evidence = candidate.readme_lines(*_HOW_TO)
    if size < least:
        return _criterion("F1", FAIL, f"README is short ({size} bytes < {least})", evidence)
    if not any(cover in facts.readme_covers for cover in _HOW_TO):
        return _criterion(
            "F1", FAIL, "README has no install, usage, training or evaluation steps", evidence
        )
    return _criterion("F1", PASS, f"README of {size} bytes with instructions", evidence)


def citation(ctx: _Context) -> Criterion:
    """F2: how to cite: CITATION.cff or a BibTeX entry in the README."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return _facts_unknown("F2", candidate)
    if facts.has_citation_cff:
        return _criterion("F2", PASS, "CITATION.cff", (candidate.file_url("CITATION.cff"),))
    if ReadmeCover.CITATION in facts.readme_covers:
        return _criterion(
            "F2", PASS, "citation in the README", candidate.readme_lines(ReadmeCover.CITATION)
        )
    if facts.has_citation_cff is None:
        return _criterion(
            "F2", UNKNOWN, "CITATION.cff not looked up; none in the README", (candidate.url,)
        )
    return _criterion("F2", FAIL, "no citation (CITATION.cff or BibTeX)", (candidate.url,))


def doi_or_release(ctx: _Context) -> Criterion:
    """F3: a release or an archived DOI (Zenodo, Figshare) fixes the version the paper used."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return _facts_unknown("F3", candidate)
    release = facts.latest_release
    if release is not None:
        parts = urlsplit(candidate.url)
        url = f"{parts.scheme}://{parts.netloc}/{facts.full_name}/releases/tag/{quote(release.tag)}"
        when = f" ({release.date[:10]})" if release.date else ""
        return _criterion("F3", PASS, f"release {release.tag}{when}", (url,))
    dois = [u for u in facts.artifact_links if is_archive_doi(u)] + [*ctx.links.archived]
    if dois:
        return _criterion("F3", PASS, "archived with a DOI", dois[:2])
    return _criterion("F3", FAIL, "no release or archived DOI", (candidate.url,))


# --- group G: maintenance ---------------------------------------------------------------------


def activity_after_paper(ctx: _Context) -> Criterion:
    """G1: commits on or after the paper date (its earliest reading). Judged against the paper,
    not today: finished research code is fine; archived is information, not failure."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return _facts_unknown("G1", candidate)
    last = facts.last_commit_at or facts.pushed_at
    day = to_date(last)
    if ctx.period is None:
        return _criterion("G1", UNKNOWN, "no paper date", (f"repo.last_commit_at={last}",))
    if day is None:
        return _criterion("G1", UNKNOWN, "last commit date unknown", (candidate.url,))
    evidence = (f"{candidate.url}/commits", f"repo.last_commit_at={last}")
    if day >= ctx.period[0]:
        return _criterion("G1", PASS, f"last commit {day}, after the paper", evidence)
    return _criterion("G1", FAIL, f"last commit {day} predates the paper", evidence)


RULES: tuple[Callable[[_Context], Criterion], ...] = (
    repository_exists,
    code_released,
    permanent_home,
    licence_declared,
    licence_open,
    dependencies,
    training_code,
    evaluation_code,
    pretrained_weights,
    readme_results,
    pinned_environment,
    container,
    data_documented,
    tests_or_ci,
    substantive_readme,
    citation,
    doi_or_release,
    activity_after_paper,
)


# --- tiers and the score ----------------------------------------------------------------------


def _results(criteria: Iterable[Criterion]) -> dict[str, CriterionResult]:
    return {c.id: c.result for c in criteria}


def _tier(candidate: _Candidate, criteria: Sequence[Criterion], rubric: Rubric) -> Tier:
    result = _results(criteria)
    if result["B1"] == FAIL:
        return Tier.DEAD
    if result["B1"] == UNKNOWN:
        return Tier.UNKNOWN
    if result["B2"] == FAIL:
        return Tier.PLACEHOLDER
    # Without GitHub facts for a GitHub link the placeholder question is open; on hosts we never
    # ask, a reachable link is as far as the evidence goes.
    if result["B2"] == UNKNOWN and candidate.facts_expected:
        return Tier.UNKNOWN
    if not (result["B2"] == PASS and result["C1"] == PASS and result["F1"] == PASS):
        return Tier.LISTED
    checklist = sum(result[cid] == PASS for cid in CHECKLIST_IDS)
    has_code = result["D2"] == PASS or result["D3"] == PASS
    if not (checklist >= rubric.silver_min_checklist and result["D1"] == PASS and has_code):
        return Tier.BRONZE
    if result["F2"] != PASS:
        return Tier.BRONZE
    runnable = result["E1"] == PASS or result["E2"] == PASS
    if checklist == len(CHECKLIST_IDS) and runnable and result["F3"] == PASS:
        return Tier.GOLD
    return Tier.SILVER


def weighted_score(criteria: Sequence[Criterion], rubric: Rubric) -> int | None:
    """0–100 over the decided criteria; None when too little could be decided."""
    total = sum(rubric.weight(spec.id) for spec in CRITERIA)
    decided = [c for c in criteria if c.result in (PASS, FAIL)]
    decided_weight = sum(rubric.weight(c.id) for c in decided)
    if decided_weight == 0 or decided_weight < rubric.min_decided_share * total:
        return None
    earned = sum(rubric.weight(c.id) for c in decided if c.result == PASS)
    return round(100 * earned / decided_weight)


def _candidates(own: Sequence[LinkResult]) -> list[_Candidate]:
    """The paper's code links, one per repository (a moved link and its new address are one)."""
    seen: set[str] = set()
    candidates = []
    for order, result in enumerate(own):
        link = result.link
        if not is_code_link(link.kind, link.url):
            continue
        key = (result.repo.full_name if result.repo else result.check.final_url or link.url).lower()
        if key not in seen:
            seen.add(key)
            candidates.append(_Candidate(result, result.repo, order))
    return candidates


def _unread_pages(own: Sequence[LinkResult]) -> list[LinkResult]:
    return [
        r
        for r in own
        if r.link.kind in PROJECT_PAGE_KINDS and r.check.outcome not in RESOLVED | {Outcome.DEAD}
    ]


def _without_code(own: Sequence[LinkResult], a1: Criterion, rubric: Rubric) -> PaperScore:
    """No code link found: unknown while a page that may lead to code is unread; dead when a
    cited page is dead; otherwise no-code."""
    unread = _unread_pages(own)
    dead = [r for r in own if r.link.kind in PROJECT_PAGE_KINDS and r.check.outcome == Outcome.DEAD]
    if unread:
        tier, result = Tier.UNKNOWN, UNKNOWN
        gate = f"no code link yet; project page unread ({unread[0].check.outcome})"
        rest = "project page unread"
        evidence = [f"{r.link.url} — {r.check.detail}" for r in unread]
    elif dead:
        tier, result, gate, rest = Tier.DEAD, FAIL, "project page is dead", NO_CODE_REASON
        evidence = [f"{r.link.url} — {r.check.detail}" for r in dead]
    else:
        tier, result, rest = Tier.NO_CODE, FAIL, NO_CODE_REASON
        gate, evidence = "no code link found, directly or via a project page", []
    criteria = [a1, _criterion("B1", result, gate, evidence)]
    criteria += [
        _criterion(spec.id, result, rest) for spec in CRITERIA if spec.id not in ("A1", "B1")
    ]
    return PaperScore(tier, weighted_score(criteria, rubric), tuple(criteria), None)


def _score_candidate(ctx: _Context, a1: Criterion) -> PaperScore:
    criteria = [a1]
    for rule in RULES:
        criterion = rule(ctx)
        gate = _results(criteria)
        # Past a failed or undecided existence check there is nothing to look at.
        if criterion.id not in ("B1", "B3") and gate["B1"] != PASS:
            result = FAIL if gate["B1"] == FAIL else UNKNOWN
            reason = NO_CODE_REASON if result == FAIL else "repository not reached"
            criterion = _criterion(criterion.id, result, reason)
        criteria.append(criterion)
    tier = _tier(ctx.candidate, criteria, ctx.rubric)
    return PaperScore(
        tier, weighted_score(criteria, ctx.rubric), tuple(criteria), ctx.candidate.url
    )


def score_paper(
    paper: Paper, results: Sequence[LinkResult], rubric: Rubric, *, today: date, own: bool = False
) -> PaperScore:
    """Score a paper on its best code link (tier, then score, then a direct link before one
    found on a project page); `results` may hold other papers' links, which are ignored, unless
    `own` says they are all the paper's (a link cited by every paper of a long list then costs
    nothing per paper). Linear in the paper's links."""
    mine = tuple(results) if own else tuple(r for r in results if paper.id in r.link.papers)
    own_links = mine
    a1 = links_resolve(own_links)
    candidates = _candidates(own_links)
    if not candidates:
        return _without_code(own_links, a1, rubric)
    period = paper_period(paper.date)
    summary = _PaperLinks.of(own_links)
    scored = [
        (_score_candidate(_Context(paper, own_links, c, rubric, today, period, summary), a1), c)
        for c in candidates
    ]
    best, _ = max(
        scored,
        key=lambda pair: (
            TIER_RANK[pair[0].tier],
            -1 if pair[0].score is None else pair[0].score,
            pair[1].result.link.found_via is None,
            -pair[1].order,
        ),
    )
    # A page we could not read may lead to the code the dead or placeholder link does not give.
    if best.tier in (Tier.DEAD, Tier.PLACEHOLDER) and _unread_pages(own_links):
        return PaperScore(Tier.UNKNOWN, best.score, best.criteria, best.scored_on)
    return best
