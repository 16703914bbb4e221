"""Rubric rules of groups D–G: what the released code holds. The Papers with Code checklist
D1–D5 (dependencies, training and evaluation code, weights, results), the runnable environment
E1–E4, documentation and citation F1–F3, and maintenance G1. Each rule is a plain function
answering pass / fail / unknown / n/a with its reason and evidence (see docs/rubric.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from auditor.evidence import (
    FAIL,
    PASS,
    RESOLVED,
    UNKNOWN,
    Context,
    answer,
    facts_unknown,
    readme_unknown,
)
from auditor.links import (
    artifact_host,
    is_archive_doi,
    is_hosted_environment,
    is_weights_link,
    release_url,
)
from auditor.models import Criterion, Outcome, ReadmeCover
from auditor.readme import is_analysed
from auditor.repofiles import (
    is_container_file,
    is_dependency_file,
    is_evaluation_file,
    is_test_file,
    is_training_file,
    matching,
)
from auditor.timestamps import to_date

# --- group D: the Papers with Code checklist --------------------------------------------------


def _files_or_readme(
    ctx: Context, cid: str, what: str, kind: Callable[[str], bool], cover: ReadmeCover
) -> Criterion:
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(cid, candidate)
    files = matching((*facts.env_files, *facts.root_files), kind)
    if files:
        names = sorted(set(files))
        return answer(
            cid, PASS, f"{what}: {', '.join(names[:3])}", map(candidate.file_url, names[:3])
        )
    if not is_analysed(facts):
        return readme_unknown(cid, candidate)
    if cover in facts.readme_covers:
        return answer(cid, PASS, f"{what}: in the README", candidate.readme_lines(cover))
    return answer(cid, FAIL, f"no {what}", (candidate.url,))


def dependencies(ctx: Context) -> Criterion:
    """D1: dependencies specified (a requirements/environment file or README install steps)."""
    return _files_or_readme(
        ctx, "D1", "dependencies specified", is_dependency_file, ReadmeCover.INSTALL
    )


def training_code(ctx: Context) -> Criterion:
    """D2: training code (a train script or README training instructions)."""
    return _files_or_readme(ctx, "D2", "training code", is_training_file, ReadmeCover.TRAIN)


def evaluation_code(ctx: Context) -> Criterion:
    """D3: evaluation code (an eval script or README evaluation instructions)."""
    return _files_or_readme(ctx, "D3", "evaluation code", is_evaluation_file, ReadmeCover.EVALUATE)


def pretrained_weights(ctx: Context) -> Criterion:
    """D4: pre-trained weights: README weights section, or a Hugging Face model or release asset
    linked by the README or the paper. Each such link we checked must not be dead."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown("D4", candidate)
    outcomes = ctx.links.outcomes
    mine = [u for u in facts.artifact_links if is_weights_link(u)]
    # The README's links first, then the paper's: only as many as can be among the first three.
    links = [*mine, *ctx.links.weights[:3]]
    paper_alive = ctx.links.alive_weights[: len(mine) + 3]
    alive = [u for u in dict.fromkeys([*mine, *paper_alive]) if outcomes.get(u) != Outcome.DEAD]
    if alive:
        return answer("D4", PASS, "pre-trained weights linked", alive[:3])
    if not is_analysed(facts):
        return readme_unknown("D4", candidate)
    if ReadmeCover.WEIGHTS in facts.readme_covers and not links:
        return answer(
            "D4",
            PASS,
            "pre-trained weights: in the README",
            candidate.readme_lines(ReadmeCover.WEIGHTS),
        )
    if links:
        return answer("D4", FAIL, "the weights links are dead", links[:3])
    return answer("D4", FAIL, "no pre-trained weights", (candidate.url,))


def readme_results(ctx: Context) -> Criterion:
    """D5: the README reports results (a results table, with the commands to reproduce)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown("D5", candidate)
    if not is_analysed(facts):
        return readme_unknown("D5", candidate)
    if ReadmeCover.RESULTS in facts.readme_covers:
        return answer(
            "D5", PASS, "README reports results", candidate.readme_lines(ReadmeCover.RESULTS)
        )
    return answer("D5", FAIL, "no results in the README", candidate.readme_lines())


# --- group E: runnable environment ------------------------------------------------------------


def pinned_environment(ctx: Context) -> Criterion:
    """E1: dependency versions pinned (exact versions or a lock file)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown("E1", candidate)
    evidence = [candidate.file_url(name) for name in facts.env_files[:2]]
    if facts.deps_pinned:
        return answer(
            "E1", PASS, "dependency versions pinned", [*evidence, "repo.deps_pinned=true"]
        )
    if facts.deps_pinned is False:
        return answer(
            "E1", FAIL, "dependency versions not pinned", [*evidence, "repo.deps_pinned=false"]
        )
    if not facts.env_files:
        return answer("E1", FAIL, "no dependency file to pin", (candidate.url,))
    return answer("E1", UNKNOWN, "pinning not determined", evidence)


def container(ctx: Context) -> Criterion:
    """E2: a container or hosted environment (Dockerfile, devcontainer, Binder, Colab, Space)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown("E2", candidate)
    files = sorted(set(matching((*facts.env_files, *facts.root_files), is_container_file)))
    if files:
        return answer(
            "E2", PASS, f"container: {', '.join(files[:3])}", map(candidate.file_url, files[:3])
        )
    hosted = [u for u in facts.artifact_links if is_hosted_environment(u)] + [*ctx.links.hosted]
    if hosted:
        return answer("E2", PASS, "hosted environment linked", hosted[:3])
    return answer("E2", FAIL, "no container or hosted environment", (candidate.url,))


def data_documented(ctx: Context) -> Criterion:
    """E3: the README says how to get the data, or the paper or README links a data record
    that is live (a Hugging Face dataset, a data host, a Zenodo or OSF dataset record)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown("E3", candidate)
    if ReadmeCover.DATA in facts.readme_covers:
        return answer(
            "E3", PASS, "README explains the data", candidate.readme_lines(ReadmeCover.DATA)
        )
    outcomes = ctx.links.outcomes
    readme_data = [u for u in facts.artifact_links if artifact_host(u) == "data"]
    live = [
        u
        for u in dict.fromkeys((*ctx.links.live_data, *readme_data))
        if u not in outcomes or outcomes[u] in RESOLVED
    ]
    if live:
        return answer("E3", PASS, "data available from a live data record", live[:3])
    if not is_analysed(facts):
        return readme_unknown("E3", candidate)
    return answer("E3", FAIL, "data download not documented", candidate.readme_lines())


def tests_or_ci(ctx: Context) -> Criterion:
    """E4: tests or a CI configuration at the repository root."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown("E4", candidate)
    files = matching(facts.root_files, is_test_file)
    if files:
        return answer(
            "E4", PASS, f"tests or CI: {', '.join(files[:3])}", map(candidate.file_url, files[:3])
        )
    return answer("E4", FAIL, "no tests or CI", (candidate.url,))


# --- group F: documentation and citation ------------------------------------------------------

_HOW_TO = (ReadmeCover.INSTALL, ReadmeCover.USAGE, ReadmeCover.TRAIN, ReadmeCover.EVALUATE)


def substantive_readme(ctx: Context) -> Criterion:
    """F1: a README long enough to say something, with install, usage, training or evaluation
    instructions, and not a placeholder."""
    candidate, facts, least = ctx.candidate, ctx.candidate.facts, ctx.rubric.readme_min_bytes
    if facts is None:
        return facts_unknown("F1", candidate)
    if not facts.readme_path:
        return answer("F1", FAIL, "no README", (candidate.url, "repo.readme_path=null"))
    if not is_analysed(facts):
        return readme_unknown("F1", candidate)
    size = facts.readme_bytes or 0
    evidence = candidate.readme_lines(*_HOW_TO)
    if size < least:
        return answer("F1", FAIL, f"README is short ({size} bytes < {least})", evidence)
    if not any(cover in facts.readme_covers for cover in _HOW_TO):
        return answer(
            "F1", FAIL, "README has no install, usage, training or evaluation steps", evidence
        )
    return answer("F1", PASS, f"README of {size} bytes with instructions", evidence)


def citation(ctx: Context) -> Criterion:
    """F2: how to cite: CITATION.cff or a BibTeX entry in the README."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown("F2", candidate)
    if facts.has_citation_cff:
        return answer("F2", PASS, "CITATION.cff", (candidate.file_url("CITATION.cff"),))
    if not is_analysed(facts):
        return readme_unknown("F2", candidate)
    other = _cites_another_work(ctx)
    if other is not None:
        reason = f"the README's BibTeX cites another work: {other!r}"
        return answer("F2", FAIL, reason, candidate.readme_lines(ReadmeCover.CITATION))
    if ReadmeCover.CITATION in facts.readme_covers:
        return answer(
            "F2", PASS, "citation in the README", candidate.readme_lines(ReadmeCover.CITATION)
        )
    if facts.has_citation_cff is None:
        return answer(
            "F2", UNKNOWN, "CITATION.cff not looked up; none in the README", (candidate.url,)
        )
    return answer("F2", FAIL, "no citation (CITATION.cff or BibTeX)", (candidate.url,))


def _cites_another_work(ctx: Context) -> str | None:
    """The README's BibTeX title when every entry names a work other than the paper (a title
    left over from the project the repository was copied from); None when the paper's title
    is unknown, or an entry shares most of its words."""
    facts, title = ctx.candidate.facts, ctx.paper.title
    titles = facts.readme_citation_titles if facts is not None else ()
    if not title or not titles:
        return None
    if any(_same_title(title, entry) for entry in titles):
        return None
    return titles[0]


def _same_title(one: str, other: str) -> bool:
    def words(text: str) -> set[str]:
        return {w for w in re.findall(r"[^\W\d_]{3,}", text.casefold()) if w not in _FILLER}

    a, b = words(one), words(other)
    return bool(a and b) and len(a & b) >= 0.5 * min(len(a), len(b))


_FILLER = frozenset({"the", "and", "for", "with", "via", "from", "towards", "using", "into"})


def doi_or_release(ctx: Context) -> Criterion:
    """F3: a release or an archived DOI (Zenodo, Figshare) fixes the version the paper used."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown("F3", candidate)
    if facts.persistent_id:  # the code itself is archived: a DOI or a SWHID names it for good
        reason = f"archived with a persistent identifier ({facts.persistent_id})"
        return answer("F3", PASS, reason, (candidate.url,))
    release = facts.latest_release
    if release is not None:
        url = release_url(facts.source, candidate.url, facts.full_name, release.tag)
        when = f" ({release.date[:10]})" if release.date else ""
        return answer("F3", PASS, f"release {release.tag}{when}", (url,))
    dois = [u for u in facts.artifact_links if is_archive_doi(u)] + [*ctx.links.archived]
    if dois:
        return answer("F3", PASS, "archived with a DOI", dois[:2])
    # An archive link we could not check may be the DOI: an unknown never fails.
    open_ = ctx.links.unchecked_archives
    if open_:
        return answer("F3", UNKNOWN, "archive link could not be checked", open_[:2])
    if "releases" in facts.skipped:  # not looked up for the GitHub budget: not a failure
        return answer("F3", UNKNOWN, "releases not looked up (GitHub budget)", (candidate.url,))
    return answer("F3", FAIL, "no release or archived DOI", (candidate.url,))


# --- group G: maintenance ---------------------------------------------------------------------


def activity_after_paper(ctx: Context) -> Criterion:
    """G1: commits on or after the paper date (its earliest reading). Judged against the paper,
    not today: finished research code is fine; archived is information, not failure."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown("G1", candidate)
    last = facts.last_commit_at or facts.pushed_at
    day = to_date(last)
    if ctx.period is None:
        return answer("G1", UNKNOWN, "no paper date", (f"repo.last_commit_at={last}",))
    if day is None:
        return answer("G1", UNKNOWN, "last commit date unknown", (candidate.url,))
    evidence = (f"{candidate.url}/commits", f"repo.last_commit_at={last}")
    if day >= ctx.period[0]:
        return answer("G1", PASS, f"last commit {day}, after the paper", evidence)
    return answer("G1", FAIL, f"last commit {day} predates the paper", evidence)
