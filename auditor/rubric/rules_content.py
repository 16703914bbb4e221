"""Rubric criteria of groups D–G: what the released code holds. The Papers with Code checklist
D1–D5 (dependencies, training and evaluation code, weights, results), the runnable environment
E1–E4, documentation and citation F1–F3, and maintenance G1. Each criterion is declared once, on the
rule that decides it: a plain function answering pass / fail / unknown / n/a with its reason and
evidence (see docs/rubric.md). With `auditor.rubric.rules_access` this is the one place criterion
ids are written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta

from auditor.facts.repofiles import (
    is_container_file,
    is_dependency_file,
    is_evaluation_file,
    is_test_file,
    is_training_file,
    matching,
)
from auditor.links import (
    artifact_host,
    is_archive_doi,
    is_hosted_environment,
    is_weights_link,
    release_url,
)
from auditor.models import (
    ACCESS_ON_REQUEST,
    DEPENDENCY_FILES_NOT_READ,
    RESOLVED,
    WEIGHTS_FOLDERS,
    ArtifactKind,
    LinkResult,
    Outcome,
    ReadmeCover,
    Whose,
    holds_nothing,
    is_private_check,
)
from auditor.readme.titles import same_title
from auditor.rubric.evidence import (
    FAIL,
    NA,
    NO_FACTS,
    PARTIAL,
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
from auditor.timestamps import day_of, to_date

# G1's window: activity within this many days after the later of the paper date and the
# repository's creation (twelve months).
MAINTENANCE_WINDOW = timedelta(days=365)

DECLARED = Declarations()
# The Papers with Code checklist: silver and gold count how many of its items pass.
CHECKLIST = Group("D", "ML code completeness (Papers with Code checklist)")
ENVIRONMENT = Group("E", "Runnable environment")
DOCUMENTATION = Group("F", "Documentation and citation")
MAINTENANCE = Group("G", "Maintenance")

# --- group D: the Papers with Code checklist --------------------------------------------------


def _withheld(ctx: Context, cover: ReadmeCover, what: str) -> Answer | None:
    """n/a when the README says why the `what` cannot be released (privacy, a licence, their
    size), its sentence the evidence; None otherwise."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    said = [item for item in facts.readme_withheld if item.cover == cover] if facts else []
    if facts is None or not said:
        return None
    readme = facts.readme_path or "README.md"
    evidence = (
        candidate.file_url(readme, said[0].line),
        f"{readme}:{said[0].line}: {said[0].excerpt}",
    )
    return answer(NA, f"the README says why the {what} cannot be released", evidence)


def _from_artifacts(ctx: Context, kind: ArtifactKind, what: str, cited: list[str]) -> Answer | None:
    """D4's and E3's answer from the outcomes of the paper's own `kind` links the candidate's
    README gives (`Link.artifact`; another work's never count): pass when one resolves and
    holds something (one shown only on request is noted so), fail when every one is dead,
    private or answers holding nothing to download (`holds_nothing`: a releases page without
    a release, a model listing no weight files, a record without files), else unknown. A live
    link of that kind the paper cites itself (`cited`) passes whatever the README's are. None
    when the README gives none we checked."""
    mine = [
        r
        for r in ctx.own
        if r.link.artifact is kind
        and r.link.whose is not Whose.OTHER
        and r.link.found_via == ctx.candidate.result.link.url
    ]
    if not mine:
        return None
    artifacts = {r.link.url for r in ctx.own if r.link.artifact is not None}
    resolved = [r for r in mine if r.check.outcome in RESOLVED and not holds_nothing(r.check)]
    if resolved:
        urls = [r.link.url for r in resolved[:3]]
        if any(ACCESS_ON_REQUEST in r.check.detail for r in resolved[:3]):
            return answer(PASS, f"{what} linked ({ACCESS_ON_REQUEST})", urls)
        return answer(PASS, f"{what} linked", urls)
    alive = [u for u in cited if u not in artifacts][:3]
    if alive:
        return answer(PASS, f"{what} linked", alive)
    empty = [r for r in mine if holds_nothing(r.check)]
    # The links holding nothing shown first: they are the reason when there are any.
    shown = [*empty, *(r for r in mine if r not in empty)][:3]
    evidence = [f"{r.link.url}: {r.check.detail}" for r in shown]
    if not all(
        r.check.outcome is Outcome.DEAD or is_private_check(r.check) or holds_nothing(r.check)
        for r in mine
    ):
        return answer(UNKNOWN, f"the {what} links could not be checked", evidence)
    if empty:
        return _holds_nothing(shown, what)
    return answer(FAIL, f"every {what} link is dead or private", evidence)


def _holds_nothing(results: Sequence[LinkResult], what: str) -> Answer:
    """D4's or E3's fail for `what` links that answer but hold nothing to download, the first
    of `results` (the evidence, with their details) holding nothing."""
    first = next(r for r in results if holds_nothing(r.check))
    reason = f"the {what} link answers but holds no {what}: {first.check.detail}"
    return answer(FAIL, reason, [f"{r.link.url}: {r.check.detail}" for r in results[:3]])


def _files_or_readme(
    ctx: Context, what: str, kind: Callable[[str], bool], cover: ReadmeCover
) -> Answer:
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    files = matching((*facts.env_files, *facts.root_files), kind)
    if files:
        names = sorted(set(files))
        return answer(PASS, f"{what}: {', '.join(names[:3])}", map(candidate.file_url, names[:3]))
    if not facts.readme_analysed:
        return readme_unknown(candidate)
    if cover in facts.readme_covers:
        return answer(PASS, f"{what}: in the README", candidate.readme_lines(cover))
    return answer(FAIL, f"no {what}", (candidate.url,))


@DECLARED.per_code_link(
    "D1", CHECKLIST, "Dependencies specified", 8,
    passes="a requirements / environment / pyproject / setup / lock file or Dockerfile, or "
    "README install steps",
    fails="neither",
    unknown=NO_FACTS,
    fix="list the dependencies: requirements.txt, environment.yml or pyproject.toml",
    file_can_pass=True,
)  # fmt: skip
def dependencies(ctx: Context) -> Answer:
    """Dependencies specified (a requirements/environment file or README install steps)."""
    return _files_or_readme(ctx, "dependencies specified", is_dependency_file, ReadmeCover.INSTALL)


@DECLARED.per_code_link(
    "D2", CHECKLIST, "Training code", 8,
    passes="a `train*` script or folder, or README training instructions (a training section "
    "holding a command, a script or a guide; never an empty or \"coming soon\" heading)",
    fails="neither",
    unknown=NO_FACTS,
    fix="add the training script (train.py) or training steps to the README",
    file_can_pass=True,
)  # fmt: skip
def training_code(ctx: Context) -> Answer:
    """Training code (a train script or README training instructions)."""
    return _files_or_readme(ctx, "training code", is_training_file, ReadmeCover.TRAIN)


@DECLARED.per_code_link(
    "D3", CHECKLIST, "Evaluation code", 8,
    passes="an `eval*` / `evaluate*` / `inference*` / `benchmark*` script, or README "
    "evaluation instructions",
    fails="neither",
    unknown=NO_FACTS,
    fix="add the evaluation script (eval.py) or evaluation steps to the README",
    file_can_pass=True,
)  # fmt: skip
def evaluation_code(ctx: Context) -> Answer:
    """Evaluation code (an eval script or README evaluation instructions)."""
    return _files_or_readme(ctx, "evaluation code", is_evaluation_file, ReadmeCover.EVALUATE)


@DECLARED.per_code_link(
    "D4", CHECKLIST, "Pre-trained weights", 5,
    passes="the paper's own weights: checkpoints committed in the repository (at the root or "
    "in a folder named for weights, on every forge; `.bin`, `.pkl`, `.npz`, `.h5` only with a "
    "weights context; Git LFS noted), a Hugging Face model or release asset linked from the "
    "README or the paper and not dead, or a README weights section with a link (third-party "
    "base models and promises do not count)",
    fails="no weights, or every weights link we checked is dead, private or holds nothing to "
    "download (a releases page without a release, a model listing no weight files, a record "
    "without files) (n/a when the README says why the weights cannot be released: privacy, a "
    "licence, their size)",
    unknown=f"{NO_FACTS}, or none of the README's own weights links could be checked (a host "
    "that answers only a browser, a GitHub budget spent), or folders named for weights not "
    "listed (GitHub budget, a forge that would not list them)",
    fix="publish the trained weights (Hugging Face, a release asset) and link them from "
    "the README",
)  # fmt: skip
def pretrained_weights(ctx: Context) -> Answer:
    """Pre-trained weights: README weights section, or a Hugging Face model or release asset
    linked by the README or the paper. Each such link we checked must not be dead."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    if facts.committed_weights:
        shown = facts.committed_weights[:3]
        lfs = " (weights in Git LFS)" if set(shown) & set(facts.weights_in_lfs) else ""
        reason = f"committed checkpoints: {', '.join(shown)}{lfs}"
        return answer(PASS, reason, map(candidate.file_url, shown))
    checked = _from_artifacts(ctx, ArtifactKind.WEIGHTS, "weights", [*ctx.links.alive_weights])
    if checked is not None:
        return checked
    outcomes = ctx.links.outcomes
    mine = [u for u in facts.artifact_links if is_weights_link(u)]
    # The README's links first, then the paper's: only as many as can be among the first three.
    links = [*mine, *ctx.links.weights[:3]]
    paper_alive = ctx.links.alive_weights[: len(mine) + 3]
    alive = [u for u in dict.fromkeys([*mine, *paper_alive]) if outcomes.get(u) != Outcome.DEAD]
    if alive:
        return answer(PASS, "pre-trained weights linked", alive[:3])
    if not facts.readme_analysed:
        return readme_unknown(candidate)
    if ReadmeCover.WEIGHTS in facts.readme_covers and not links:
        return answer(
            PASS,
            "pre-trained weights: in the README",
            candidate.readme_lines(ReadmeCover.WEIGHTS),
        )
    withheld = _withheld(ctx, ReadmeCover.WEIGHTS, "weights")
    if withheld is not None:
        return withheld
    if ctx.links.empty_weights:
        return _holds_nothing(ctx.links.empty_weights, "weights")
    if links:
        return answer(FAIL, "the weights links are dead", links[:3])
    if WEIGHTS_FOLDERS in facts.skipped:  # not listed (a budget, the host): not a failure
        why = (
            "GitHub budget" if facts.source in ("graphql", "rest") else "the host did not list them"
        )
        return answer(UNKNOWN, f"folders named for weights not listed ({why})", ())
    return answer(FAIL, "no pre-trained weights", (candidate.url,))


@DECLARED.per_code_link(
    "D5", CHECKLIST, "README results and commands", 5,
    passes="the README shows results (a table of measurements or a results figure; settings "
    "and dataset tables do not count) and the commands that produce them; `partial` (half "
    "the weight, not a pass) for the results alone",
    fails="no results",
    unknown=NO_FACTS,
    fix="add a table of the paper's results to the README, with the commands that produce it",
)  # fmt: skip
def readme_results(ctx: Context) -> Answer:
    """The README reports results and the commands reproducing them (the checklist's item 5);
    a results table alone is partial."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    if not facts.readme_analysed:
        return readme_unknown(candidate)
    if ReadmeCover.RESULTS not in facts.readme_covers:
        return answer(FAIL, "no results in the README", candidate.readme_lines())
    shown = candidate.readme_lines(ReadmeCover.RESULTS)
    command = facts.readme_results_commands
    if command is None:
        reason = "README reports results, not the commands that produce them"
        return answer(PARTIAL, reason, shown)
    where = f"{facts.readme_path or 'README'}:{command.line}"
    produced = (
        candidate.file_url(facts.readme_path or "README.md", command.line),
        f"{where}: {command.excerpt}",
    )
    return answer(
        PASS, "README reports results and the commands producing them", (*shown, *produced)
    )


# --- group E: runnable environment ------------------------------------------------------------


@DECLARED.per_code_link(
    "E1", ENVIRONMENT, "Dependency versions pinned", 3,
    passes="a lock file, or a `requirements.txt`, `environment.yml` or `pyproject.toml` that "
    "pins every dependency it names",
    fails="not pinned, or no dependency file",
    unknown="pinning not determined",
    fix="pin versions: pip freeze > requirements.txt (or commit a lock file)",
)  # fmt: skip
def pinned_environment(ctx: Context) -> Answer:
    """Dependency versions pinned (exact versions or a lock file)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    evidence = [candidate.file_url(name) for name in facts.env_files[:2]]
    if facts.deps_pinned:
        return answer(PASS, "dependency versions pinned", [*evidence, "repo.deps_pinned=true"])
    if facts.deps_pinned is False and DEPENDENCY_FILES_NOT_READ in facts.skipped:
        # A dependency list the file host would not give may pin everything.
        return answer(UNKNOWN, "some dependency lists could not be read", evidence)
    if facts.deps_pinned is False:
        return answer(FAIL, "dependency versions not pinned", [*evidence, "repo.deps_pinned=false"])
    if not facts.env_files:
        return answer(FAIL, "no dependency file to pin", (candidate.url,))
    return answer(UNKNOWN, "pinning not determined", evidence)


@DECLARED.per_code_link(
    "E2", ENVIRONMENT, "Container or hosted environment", 3,
    passes="Dockerfile, Containerfile, compose file, devcontainer, Binder, Apptainer; or a "
    "Colab, Binder or Space link (a README badge counts)",
    fails="none",
    unknown=NO_FACTS,
    fix="add a Dockerfile, or a Colab or Binder link",
)  # fmt: skip
def container(ctx: Context) -> Answer:
    """A container or hosted environment (Dockerfile, devcontainer, Binder, Colab, Space)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    files = sorted(set(matching((*facts.env_files, *facts.root_files), is_container_file)))
    if files:
        return answer(
            PASS, f"container: {', '.join(files[:3])}", map(candidate.file_url, files[:3])
        )
    hosted = [u for u in facts.artifact_links if is_hosted_environment(u)] + [*ctx.links.hosted]
    if hosted:
        return answer(PASS, "hosted environment linked", hosted[:3])
    return answer(FAIL, "no container or hosted environment", (candidate.url,))


@DECLARED.per_code_link(
    "E3", ENVIRONMENT, "Data download documented", 2,
    passes="the README explains how to get or prepare the data, or the paper or README links "
    "a live data record (a Hugging Face dataset, a data host, a Zenodo or OSF dataset record)",
    fails="neither, or every data link the README gives is dead, private or holds nothing to "
    "download (a dataset or record without files) (n/a when the README says why the data "
    "cannot be released: privacy, a licence, its size)",
    unknown=f"{NO_FACTS}, or none of the README's data links could be checked",
    fix="say in the README where to get the data and how to prepare it",
)  # fmt: skip
def data_documented(ctx: Context) -> Answer:
    """The README says how to get the data, or the paper or README links a data record
    that is live (a Hugging Face dataset, a data host, a Zenodo or OSF dataset record)."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    checked = _from_artifacts(ctx, ArtifactKind.DATA, "data", [*ctx.links.live_data])
    if checked is not None:
        return checked
    if ReadmeCover.DATA in facts.readme_covers:
        return answer(PASS, "README explains the data", candidate.readme_lines(ReadmeCover.DATA))
    outcomes = ctx.links.outcomes
    readme_data = [u for u in facts.artifact_links if artifact_host(u) == "data"]
    live = [
        u
        for u in dict.fromkeys((*ctx.links.live_data, *readme_data))
        if u not in outcomes or outcomes[u] in RESOLVED
    ]
    if live:
        return answer(PASS, "data available from a live data record", live[:3])
    if not facts.readme_analysed:
        return readme_unknown(candidate)
    withheld = _withheld(ctx, ReadmeCover.DATA, "data")
    if withheld is not None:
        return withheld
    return answer(FAIL, "data download not documented", candidate.readme_lines())


@DECLARED.per_code_link(
    "E4", ENVIRONMENT, "Tests or CI", 2,
    passes="`tests/`, `test/`, or a CI configuration at the root",
    fails="none",
    unknown=NO_FACTS,
    fix="add tests (tests/) or a CI workflow",
)  # fmt: skip
def tests_or_ci(ctx: Context) -> Answer:
    """Tests or a CI configuration at the repository root."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    files = matching(facts.root_files, is_test_file)
    if files:
        return answer(
            PASS, f"tests or CI: {', '.join(files[:3])}", map(candidate.file_url, files[:3])
        )
    return answer(FAIL, "no tests or CI", (candidate.url,))


# --- group F: documentation and citation ------------------------------------------------------

_HOW_TO = (ReadmeCover.INSTALL, ReadmeCover.USAGE, ReadmeCover.TRAIN, ReadmeCover.EVALUATE)


@DECLARED.per_code_link(
    "F1", DOCUMENTATION, "Substantive README", 8,
    passes="at least `readme_min_bytes` (500) with install, usage, training or evaluation steps",
    fails="no README, a short one, or one without instructions",
    unknown=NO_FACTS,
    fix="write a README with install and usage steps",
)  # fmt: skip
def substantive_readme(ctx: Context) -> Answer:
    """A README long enough to say something, with install, usage, training or evaluation
    instructions, and not a placeholder."""
    candidate, facts, least = ctx.candidate, ctx.candidate.facts, ctx.rubric.readme_min_bytes
    if facts is None:
        return facts_unknown(candidate)
    if not facts.readme_path:
        reason = "no README" + candidate.folder_note
        return answer(FAIL, reason, (candidate.url, "repo.readme_path=null"))
    if not facts.readme_analysed:
        return readme_unknown(candidate)
    size, where = facts.readme_bytes or 0, candidate.folder_note
    evidence = candidate.readme_lines(*_HOW_TO)
    if size < least:
        return answer(FAIL, f"README is short ({size} bytes < {least}){where}", evidence)
    if not any(cover in facts.readme_covers for cover in _HOW_TO):
        reason = f"README has no install, usage, training or evaluation steps{where}"
        return answer(FAIL, reason, evidence)
    return answer(PASS, f"README of {size} bytes with instructions{where}", evidence)


@DECLARED.per_code_link(
    "F2", DOCUMENTATION, "Citation", 4,
    passes="`CITATION.cff`, or a request to cite this paper in the README: its BibTeX, or a "
    "reference with its authors or venue (a bare heading or a bare link to the paper does not "
    "count)",
    fails="neither; only a pointer to the paper (a link under a citation heading); or every "
    "README BibTeX entry names another work than the paper (when its title is known)",
    unknown="`CITATION.cff` not looked up and none in the README",
    fix="add a BibTeX block of the paper to the README (or a CITATION.cff)",
)  # fmt: skip
def citation(ctx: Context) -> Answer:
    """How to cite: CITATION.cff or a BibTeX entry in the README."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    if facts.has_citation_cff:
        return answer(PASS, "CITATION.cff", (candidate.file_url("CITATION.cff"),))
    if not facts.readme_analysed:
        return readme_unknown(candidate)
    other = _cites_another_work(ctx)
    if other is not None:
        reason = f"the README's BibTeX cites another work: {other!r}"
        return answer(FAIL, reason, candidate.readme_lines(ReadmeCover.CITATION))
    if ReadmeCover.CITATION in facts.readme_covers and facts.readme_bare_citation:
        reason = "only a pointer to the paper, no BibTeX or reference with authors or venue"
        return answer(FAIL, reason, candidate.readme_lines(ReadmeCover.CITATION))
    if ReadmeCover.CITATION in facts.readme_covers:
        return answer(PASS, "citation in the README", candidate.readme_lines(ReadmeCover.CITATION))
    if facts.has_citation_cff is None:
        return answer(UNKNOWN, "CITATION.cff not looked up; none in the README", (candidate.url,))
    return answer(FAIL, "no citation (CITATION.cff or BibTeX)", (candidate.url,))


def _cites_another_work(ctx: Context) -> str | None:
    """The README's BibTeX title when every entry names a work other than the paper (a title
    left over from the project the repository was copied from); None when the paper's title
    is unknown, or an entry shares most of its words."""
    facts, title = ctx.candidate.facts, ctx.paper.title
    titles = facts.readme_citation_titles if facts is not None else ()
    if not title or not titles:
        return None
    if any(same_title(title, entry) for entry in titles):
        return None
    return titles[0]


@DECLARED.per_code_link(
    "F3", DOCUMENTATION, "DOI or release", 3,
    passes="the code itself archived with a persistent identifier (a Zenodo software record's "
    "DOI, a SWHID); a release (GitHub, GitLab, Codeberg, Gitee; Bitbucket's newest tag); or "
    "a Zenodo / Figshare DOI or a SWHID linked by the paper or the README",
    fails="none of these",
    unknown="an archive link of the paper could not be checked; no facts",
    fix="make a GitHub release, or archive one on Zenodo for a DOI",
)  # fmt: skip
def doi_or_release(ctx: Context) -> Answer:
    """A release or an archived DOI (Zenodo, Figshare) fixes the version the paper used."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    if facts.persistent_id:  # the code itself is archived: a DOI or a SWHID names it for good
        reason = f"archived with a persistent identifier ({facts.persistent_id})"
        return answer(PASS, reason, (candidate.url,))
    release = facts.latest_release
    if release is not None:
        url = release_url(facts.source, candidate.url, facts.full_name, release.tag)
        when = f" ({day_of(release.date)})" if release.date else ""
        return answer(PASS, f"release {release.tag}{when}", (url,))
    dois = [u for u in facts.artifact_links if is_archive_doi(u)] + [*ctx.links.archived]
    if dois:
        return answer(PASS, "archived with a DOI", dois[:2])
    # An archive link we could not check may be the DOI: an unknown never fails.
    open_ = ctx.links.unchecked_archives
    if open_:
        return answer(UNKNOWN, "archive link could not be checked", open_[:2])
    if "releases" in facts.skipped:  # not looked up for the GitHub budget: not a failure
        return answer(UNKNOWN, "releases not looked up (GitHub budget)", (candidate.url,))
    return answer(FAIL, "no release or archived DOI", (candidate.url,))


# --- group G: maintenance ---------------------------------------------------------------------


@DECLARED.per_code_link(
    "G1", MAINTENANCE, "Activity after the paper", 2,
    passes="activity (a commit, a release) on or after the later of the paper date and the "
    "repository's creation (its window: the twelve months after it)",
    fails="no activity in that window, once it has closed",
    unknown="no paper date, no commit date (n/a while the window is open, and for code "
    "released before the paper and not changed since: early is never a failure)",
    fix="push the code as published (a commit or a release after the paper)",
)  # fmt: skip
def activity_after_paper(ctx: Context) -> Answer:
    """Activity after the paper, within the twelve months after the later of the paper date
    (its earliest reading) and the repository's creation. Judged against the paper, not today:
    finished research code is fine, code released before the paper is never failed for it,
    and archived is information, not failure."""
    candidate, facts = ctx.candidate, ctx.candidate.facts
    if facts is None:
        return facts_unknown(candidate)
    last_commit = facts.last_commit_at or facts.pushed_at
    release = facts.latest_release.date if facts.latest_release else None
    active = max((d for d in (to_date(last_commit), to_date(release)) if d), default=None)
    if ctx.period is None:
        return answer(UNKNOWN, "no paper date", (f"repo.last_commit_at={last_commit}",))
    if active is None:
        return answer(UNKNOWN, "last commit date unknown", (candidate.url,))
    evidence = [f"{candidate.url}/commits", f"repo.last_commit_at={last_commit}"]
    if facts.latest_release and active == to_date(release) != to_date(last_commit):
        evidence.append(f"release {facts.latest_release.tag} ({active})")  # the activity seen
    created = to_date(facts.created_at)
    start = max(ctx.period[0], created) if created else ctx.period[0]
    if active >= start:
        return answer(PASS, f"last activity {active}, after the paper", evidence)
    if created is None or created <= ctx.period[1]:
        # The code was out before the paper: early, not unmaintained.
        reason = f"code released before the paper (last activity {active}), not changed since"
        return answer(NA, reason, evidence)
    closes = max(ctx.period[1], created) + MAINTENANCE_WINDOW
    if ctx.today <= closes:
        return answer(NA, f"the window for activity is open until {closes}", evidence)
    return answer(FAIL, f"no activity in the twelve months after {start} (last {active})", evidence)
