"""Rubric criteria of groups A–C: can the code be reached and reused? A1 (every cited link
resolves), the gate B1–B3 (the repository exists, holds released code, has a lasting home) and the
licence C1–C2. Each criterion is declared once, on the rule that decides it: a plain function
answering pass / fail / unknown / n/a with its reason and evidence (see docs/rubric.md). With
`auditor.rubric.rules_content` this is the one place criterion ids are written.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

from auditor.facts.repofiles import (
    archives_only,
    code_beyond,
    has_code,
    is_licence_file,
    matching,
)
from auditor.models import (
    BRANCH_HOP,
    FOLDER_CONTENTS,
    FORK_COMPARISON,
    INCONCLUSIVE,
    RESOLVED,
    LicenseClass,
    LinkKind,
    LinkResult,
    Outcome,
    ReadmeCover,
    RepoFacts,
)
from auditor.rubric.evidence import (
    FAIL,
    NA,
    NO_FACTS,
    PASS,
    UNKNOWN,
    Answer,
    Context,
    Declarations,
    Group,
    answer,
    facts_unknown,
    readme_unknown,
)
from auditor.rubric.promises import grace_words

READING_LIST_REASON = "a reading list (a README of links to papers), not code"

DECLARED = Declarations()
LINK_INTEGRITY = Group("A", "Link integrity")
GATE = Group("B", "Code availability (the gate)")
LICENCE = Group("C", "Licence")

# --- group A: link integrity ------------------------------------------------------------------


@DECLARED.per_paper(
    "A1", LINK_INTEGRITY, "Every cited link resolves", 5,
    passes="every judged link is `ok` or `moved` (moved links are named with their new address)",
    fails="any cited link is `dead`",
    unknown="a link is `transient`, `unchecked` or `blocked` (n/a when no link was judged)",
    fix="replace each dead link with a working address (an archived copy will do)",
)  # fmt: skip
def links_resolve(own: Sequence[LinkResult]) -> Answer:
    """Every link the paper cites resolves; moved links pass with their new address. The
    weights and data a README gives are no cited links: D4 and E3 judge them."""
    own = [r for r in own if r.link.artifact is None]
    dead = [r for r in own if r.check.outcome == Outcome.DEAD]
    if dead:
        evidence = [f"{r.link.url} — {r.check.detail}" for r in dead]
        noun = "link is" if len(dead) == 1 else "links are"
        return answer(FAIL, f"{len(dead)} cited {noun} dead", evidence)
    open_ = [r for r in own if r.check.outcome in INCONCLUSIVE]
    if open_:
        evidence = [f"{r.link.url} — {r.check.outcome}: {r.check.detail}" for r in open_]
        return answer(UNKNOWN, f"{len(open_)} link(s) could not be checked", evidence)
    judged = [r for r in own if r.check.outcome in RESOLVED]
    if not judged:
        return answer(NA, "no link was judged")
    moved = [r for r in judged if r.check.outcome == Outcome.MOVED]
    reason = f"all {len(judged)} judged link(s) resolve"
    if moved:
        reason += f"; {len(moved)} moved (update the citation)"
    evidence = [f"{r.link.url} → {r.check.final_url}" for r in moved] or [
        r.link.url for r in judged
    ]
    return answer(PASS, reason, evidence)


# --- group B: code availability (the gate) ----------------------------------------------------


@DECLARED.per_code_link(
    "B1", GATE, "Code repository exists and is public", 10,
    passes="the API finds it, or the link resolves",
    fails="the link is dead (including a repository GitHub blocks: DMCA 451, terms of service "
    "403), or the repository does not exist, is private or disabled",
    unknown="the link could not be checked and there are no facts",
    fix="publish the code in a public repository and cite its current address",
)  # fmt: skip
def repository_exists(ctx: Context) -> Answer:
    """The repository exists and is public. A dead web link settles it (a repository the
    API sees but the web does not is private to our token); otherwise the API's facts do."""
    candidate = ctx.candidate
    check, facts = candidate.result.check, candidate.facts
    status = f"HTTP {check.http_status}" if check.http_status else check.outcome.value
    if check.outcome == Outcome.DEAD:
        return answer(FAIL, f"code link is dead ({status})", (candidate.url, check.detail))
    if facts is not None and not facts.exists:
        return answer(
            FAIL,
            "repository does not exist or is private",
            (candidate.url, "repo.exists=false"),
        )
    if facts is not None and facts.disabled:
        return answer(FAIL, "repository is disabled by GitHub", (candidate.url,))
    if facts is not None:
        notes = ["repository exists and is public"]
        evidence = [candidate.url, "repo.exists=true"]
        if facts.archived:
            notes.append("archived (read-only)")
            evidence.append("repo.archived=true")
        if facts.fork:
            notes.append(f"a fork of {facts.parent}" if facts.parent else "a fork")
            evidence.append(f"repo.parent={facts.parent}")
        return answer(PASS, "; ".join(notes), evidence)
    if check.outcome in RESOLVED:
        return answer(PASS, f"code link resolves ({status})", (candidate.url,))
    return answer(
        UNKNOWN,
        f"code link could not be checked ({check.outcome})",
        (candidate.url, check.detail),
    )


def placeholder_state(facts: RepoFacts) -> str | None:
    """Why the repository is a placeholder; "" when nothing tells; None when it holds code.
    A fork with no commits of its own holds its parent's work, not the paper's. Otherwise
    `auditor.readme.analysis` owns the verdict: a root without code (README, licence, pages, a lone
    dependency list), or, without a root listing, a promise of the code in a thin README."""
    if facts.empty:
        return "repository is empty"
    if facts.fork and facts.fork_ahead_by == 0:
        return f"a fork of {facts.parent or 'another repository'} without changes of its own"
    if facts.empty_folders and not code_beyond(facts.root_files, facts.empty_folders):
        listed = ", ".join(f"{name.rstrip('/')}/" for name in facts.empty_folders)
        verb = "holds" if len(facts.empty_folders) == 1 else "hold"
        return f"no code: {listed} {verb} only empty or placeholder files"
    for item in facts.readme_evidence:
        if item.cover == ReadmeCover.PLACEHOLDER:
            return "README says the code is coming" if item.line else "only README, licence, pages"
    if ReadmeCover.PLACEHOLDER in facts.readme_covers:
        return "placeholder repository"
    if facts.empty is None and not facts.root_files and not facts.readme_path:
        return ""
    return None


@DECLARED.per_code_link(
    "B2", GATE, "Code released, not a placeholder", 10,
    passes="the repository holds code (more than README, licence, pages, images and a lone "
    "dependency list; a source archive of the code committed at the root counts, as code "
    "released as an archive); a fork with commits of its own; a software record whose "
    "files hold code (a source archive counts)",
    fails="empty, a placeholder (no code at the root, whatever the README promises; folders "
    "holding only empty or placeholder files, such as an empty `__init__.py`, a TODO comment "
    "or a `.gitkeep`, are no code), or a fork without commits of its own, from day one (the "
    "paper date and the grace period only say whether the promise is overdue); a reading "
    "list (the paper is no-code)",
    unknown="GitHub facts missing; the README says the code moved somewhere not checked, or "
    "sends the reader to a branch not read; the root's folders not listed; a fork not "
    "compared with its parent (its files may all be the parent's)",
    fix="push the code itself, not only a README (or say in the README where it now lives)",
)  # fmt: skip
def code_released(ctx: Context) -> Answer:
    """The repository holds code, not a "coming soon" placeholder. The grace period from the
    paper date (read at its latest) only says whether the promise is overdue."""
    candidate, rubric = ctx.candidate, ctx.rubric
    facts = candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    if facts.reading_list:
        return answer(FAIL, READING_LIST_REASON, (candidate.url, "repo.reading_list=true"))
    why = placeholder_state(facts)
    if why:
        why += candidate.folder_note
    if why is None and not facts.readme_analysed and not has_code(facts.root_files):
        # The README would have said whether the code is coming; the root does not show it.
        return readme_unknown(candidate)
    if why is None and FOLDER_CONTENTS in facts.skipped:
        # Its folders may hold only placeholder files: unknown until listed, never credit.
        reason = "its root folders were not listed (the budget, or the host did not answer)"
        return answer(UNKNOWN, reason, (candidate.url, f"repo.skipped={FOLDER_CONTENTS}"))
    if why is None and facts.fork and facts.fork_ahead_by is None:
        # Its own commits are what it released: unknown until compared, never credit.
        reason = f"a fork of {facts.parent or 'another repository'} not compared with it"
        if FORK_COMPARISON in facts.skipped:
            reason += " (skipped to keep the GitHub budget)"
        return answer(UNKNOWN, reason, (candidate.url, f"repo.parent={facts.parent}"))
    if why is None:
        archives = archives_only(facts.root_files)
        shown = archives or facts.root_files[:5]
        reason = "holds more than README, licence and pages"
        if archives:
            reason = f"code released as an archive ({', '.join(archives[:3])})"
        reason += candidate.folder_note
        return answer(PASS, reason, (candidate.url, *map(candidate.file_url, shown)))
    if not why:
        return answer(UNKNOWN, "no root listing or README to judge by", (candidate.url,))
    if facts.readme_branch:
        # The branch the README sends the reader to was not read (the budget).
        reason = f"{why}; the README sends the reader to branch {facts.readme_branch} (not read)"
        return answer(UNKNOWN, reason, (candidate.url, f"repo.skipped={BRANCH_HOP}"))
    if facts.readme_moved_to:
        # A move we could not follow (another host, or the new home was not reached).
        reason = f"{why}; the README says the code moved to {facts.readme_moved_to} (not checked)"
        return answer(UNKNOWN, reason, (candidate.url, facts.readme_moved_to))
    placeholder = (candidate.url, *candidate.readme_lines(ReadmeCover.PLACEHOLDER))
    if facts.empty_folders:
        placeholder = (candidate.url, *map(candidate.file_url, facts.empty_folders))
    if facts.fork and facts.fork_ahead_by == 0:
        placeholder = (candidate.url, f"repo.parent={facts.parent}", "repo.fork_ahead_by=0")
    # A placeholder whatever the date: the date only tells how overdue the promise is.
    return answer(FAIL, f"{why}; {grace_words(ctx.period, ctx.today, rubric)}", placeholder)


@DECLARED.per_code_link(
    "B3", GATE, "Code has a permanent home", 2,
    passes="any host but an anonymous review mirror (archived code names its DOI or SWHID)",
    fails="an anonymous review link (temporary; it expires); a dead repository",
    unknown="the repository was not reached",
    fix="move the code to a permanent host (GitHub, GitLab, Zenodo) and cite that",
)  # fmt: skip
def permanent_home(ctx: Context) -> Answer:
    """Anonymous-review mirrors expire after review; the paper should cite a lasting host."""
    url = ctx.candidate.url
    if ctx.candidate.result.link.kind == LinkKind.ANONYMOUS_REVIEW:
        return answer(FAIL, "anonymous review link: temporary, expires after review", (url,))
    facts = ctx.candidate.facts
    if facts is not None and facts.persistent_id:
        reason = f"archived at {urlsplit(url).netloc} as {facts.persistent_id}"
        return answer(PASS, reason, (url,))
    return answer(PASS, f"hosted at {urlsplit(url).netloc}", (url,))


# --- group C: licence -------------------------------------------------------------------------


@DECLARED.per_code_link(
    "C1", LICENCE, "Licence declared", 10,
    passes="an SPDX licence, or a licence file with custom terms",
    fails="no licence",
    unknown=NO_FACTS,
    fix="add a LICENSE file (choosealicense.com)",
)  # fmt: skip
def licence_declared(ctx: Context) -> Answer:
    """A licence is declared (an SPDX id, or a licence file GitHub could not classify)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    files = matching(facts.root_files, is_licence_file)
    evidence = [candidate.file_url(name) for name in files[:1]]
    spdx = facts.license_spdx
    if spdx and spdx != "NOASSERTION":
        return answer(PASS, f"licence {spdx}", [*evidence, f"repo.license_spdx={spdx}"])
    if files or facts.license_class == LicenseClass.CUSTOM:
        return answer(
            PASS, "licence file with custom terms", [*evidence, f"repo.license_spdx={spdx}"]
        )
    return answer(FAIL, "no licence declared", (candidate.url, "repo.license_spdx=null"))


@DECLARED.per_code_link(
    "C2", LICENCE, "Open-source licence", 2,
    passes="permissive or copyleft",
    fails="non-commercial",
    unknown=f"custom terms, no facts (n/a without a licence: {licence_declared.id} counts that)",
    fix="choose an open-source licence if others may build on the code (choosealicense.com)",
)  # fmt: skip
def licence_open(ctx: Context) -> Answer:
    """The licence lets others reuse the code (permissive or copyleft)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    klass = facts.license_class
    evidence = (candidate.url, f"repo.license_class={klass}")
    if klass in (LicenseClass.PERMISSIVE, LicenseClass.COPYLEFT):
        return answer(PASS, f"{klass} licence", evidence)
    if klass == LicenseClass.NON_COMMERCIAL:
        return answer(FAIL, "non-commercial licence limits reuse", evidence)
    if klass == LicenseClass.CUSTOM:
        return answer(UNKNOWN, "custom licence terms: not classified", evidence)
    if klass == LicenseClass.NONE or not facts.license_spdx:
        # C1 already counts the missing licence; failing here too would count it twice.
        return answer(NA, "no licence to classify", evidence)
    return answer(UNKNOWN, "licence class not determined", evidence)
