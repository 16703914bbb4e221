"""Builders of typed scorecards for tests and benchmarks: complete repository facts, link
results, a synthetic list of any size with every tier and outcome, and a hostile one.

Scorecards go through the real scorer and the real `auditor.scorecard.build_scorecard`, so they
are what `auditor audit` builds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from auditor.models import (
    InputSummary,
    LicenseClass,
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Occurrence,
    Outcome,
    Paper,
    ReadmeCover,
    ReadmeEvidence,
    Release,
    RepoFacts,
    SourceRef,
)
from auditor.rubric.promises import with_promises
from auditor.rubric.registry import Rubric
from auditor.rubric.score import score_paper
from auditor.scorecard import Audit, Scorecard, build_scorecard
from auditor.scorecard.summary import build_summary

TODAY = date(2026, 11, 30)
CHECKED_AT = "2026-11-30T04:00:00Z"

EVERY_COVER = (
    ReadmeCover.INSTALL,
    ReadmeCover.USAGE,
    ReadmeCover.TRAIN,
    ReadmeCover.EVALUATE,
    ReadmeCover.RESULTS,
    ReadmeCover.WEIGHTS,
    ReadmeCover.DATA,
    ReadmeCover.CITATION,
)


def gold_facts(full_name: str = "lab/model", **overrides: Any) -> RepoFacts:
    """Facts of a repository that meets every criterion; override fields to take some away."""
    facts = RepoFacts(
        full_name=full_name,
        exists=True,
        source="graphql",
        archived=False,
        disabled=False,
        empty=False,
        fork=False,
        license_spdx="MIT",
        license_class=LicenseClass.PERMISSIVE,
        readme_path="README.md",
        readme_bytes=6000,
        readme_covers=EVERY_COVER,
        readme_evidence=tuple(
            ReadmeEvidence(cover, 10 + n, f"## {cover.value.title()}")
            for n, cover in enumerate(EVERY_COVER)
        ),
        artifact_links=(f"https://huggingface.co/{full_name}",),
        root_files=(
            "README.md",
            "LICENSE",
            "requirements.txt",
            "train.py",
            "eval.py",
            "src",
            "tests",
        ),
        env_files=("requirements.txt", "Dockerfile"),
        deps_pinned=True,
        has_citation_cff=True,
        last_commit_at="2026-09-01T10:00:00Z",
        pushed_at="2026-09-01T10:00:00Z",
        created_at="2026-01-10T10:00:00Z",
        stars=120,
        forks=10,
        open_issues=3,
        latest_release=Release("v1.0", "2026-07-01T00:00:00Z"),
        default_branch="main",
        description="Code for the paper",
        readme_results_commands=ReadmeEvidence(
            ReadmeCover.RESULTS_COMMANDS, 40, "python eval.py --table 1"
        ),
    )
    return replace(facts, **overrides)


def result(
    url: str,
    kind: LinkKind,
    papers: Sequence[str] = ("list.txt#1",),
    *,
    outcome: Outcome = Outcome.OK,
    repo: RepoFacts | None = None,
    detail: str | None = None,
    final_url: str | None = None,
    found_via: str | None = None,
    page_title: str | None = None,
) -> LinkResult:
    status = {Outcome.OK: 200, Outcome.MOVED: 200, Outcome.DEAD: 404, Outcome.TRANSIENT: 503}
    occurrences = tuple(Occurrence(pid, pid.split("#")[0], 1, url) for pid in papers)
    return LinkResult(
        Link(url, kind, tuple(papers), occurrences, found_via),
        LinkCheck(
            outcome,
            detail or f"{outcome.value} ({status.get(outcome, 'no status')})",
            CHECKED_AT,
            http_status=status.get(outcome),
            final_url=final_url,
            page_title=page_title,
        ),
        repo,
    )


def paper(
    pid: str = "list.txt#1",
    name: str = "Paper",
    *,
    date_: str | None = "2026-03",
    title: str | None = None,
) -> Paper:
    path, _, number = pid.partition("#")
    return Paper(pid, name, title, date_, SourceRef(path, int(number or 1)))


def scorecard(
    entries: Sequence[tuple[Paper, Sequence[LinkResult]]],
    *,
    rubric: Rubric | None = None,
    generated_at: str = "2026-11-30T04:00:00Z",
) -> Scorecard:
    """A scorecard as `auditor audit` builds it, each paper scored on its results."""
    rubric = rubric or Rubric()
    results: dict[str, LinkResult] = {}
    papers = []
    for item, links in entries:
        papers.append(replace(item, links=tuple(r.link.url for r in links)))
        for link in links:
            results.setdefault(link.link.url, link)
    by_paper: dict[str, list[LinkResult]] = {}
    for link in results.values():
        for pid in link.link.papers:
            by_paper.setdefault(pid, []).append(link)
    scores = {
        p.id: with_promises(p, own, score_paper(p, own, rubric, today=TODAY), rubric, today=TODAY)
        for p in papers
        for own in (by_paper.get(p.id, []),)
    }
    inputs: dict[str, int] = {}
    for p in papers:
        inputs[p.source.path] = inputs.get(p.source.path, 0) + 1
    audit = Audit(
        generated_at=generated_at,
        inputs=tuple(InputSummary(path, "text", count) for path, count in inputs.items()),
        papers=tuple(papers),
        results=tuple(results.values()),
        scores=scores,
        rubric_version=rubric.version,
    )
    return build_scorecard(audit)


def resummarized(card: Scorecard) -> Scorecard:
    """`card` with its summary computed again, after a test changed its papers or links."""
    summary = build_summary([p.score for p in card.papers], [e.result for e in card.links])
    return replace(card, summary=summary)


_WORDS = (
    "sparse", "diffusion", "graph", "neural", "retrieval", "bandit", "kernel", "transformer",
    "causal", "robust", "federated", "contrastive", "spectral", "adaptive", "latent", "memory",
    "agent", "vision", "language", "policy", "flow",
)  # fmt: skip


def _synthetic_entry(
    rng: random.Random, index: int, sources: int
) -> tuple[Paper, list[LinkResult]]:
    pid = f"papers/list-{index % sources}.txt#{index + 1}"
    name = f"{' '.join(rng.sample(_WORDS, 3)).title()} {index:05d}"
    item = paper(
        pid,
        name,
        date_=rng.choice(["2024-05", "2025-07-14", "2026", None]),
        title=name + " for all",
    )
    repo_url = f"https://github.com/lab{index}/repo{index}"
    arxiv = result(f"https://arxiv.org/abs/2601.{index:05d}", LinkKind.ARXIV, [pid])
    scenario = rng.randrange(12)
    full = f"lab{index}/repo{index}"
    if scenario <= 2:  # gold, silver, bronze
        removed: dict[str, Any] = [
            {},
            {"latest_release": None, "deps_pinned": False, "env_files": ("requirements.txt",)},
            {"has_citation_cff": False, "readme_covers": (ReadmeCover.INSTALL, ReadmeCover.USAGE)},
        ][scenario]
        facts = gold_facts(full, stars=rng.randrange(2000), **removed)
        return item, [result(repo_url, LinkKind.GITHUB_REPO, [pid], repo=facts), arxiv]
    if scenario == 3:  # listed: no licence
        facts = gold_facts(
            full,
            license_spdx=None,
            license_class=LicenseClass.NONE,
            root_files=("README.md", "main.py"),
        )
        return item, [result(repo_url, LinkKind.GITHUB_REPO, [pid], repo=facts), arxiv]
    if scenario == 4:  # placeholder
        evidence = (ReadmeEvidence(ReadmeCover.PLACEHOLDER, 3, "Code coming soon"),)
        facts = gold_facts(
            full,
            root_files=("README.md",),
            env_files=(),
            artifact_links=(),
            readme_covers=(ReadmeCover.PLACEHOLDER,),
            readme_evidence=evidence,
            readme_bytes=120,
        )
        item = replace(item, date=rng.choice(["2024-05", "2025-01"]))
        return item, [result(repo_url, LinkKind.GITHUB_REPO, [pid], repo=facts), arxiv]
    if scenario == 5:  # dead
        return item, [result(repo_url, LinkKind.GITHUB_REPO, [pid], outcome=Outcome.DEAD), arxiv]
    if scenario == 6:  # no code
        return item, [arxiv]
    if scenario == 7:  # unknown: rate limited
        return item, [
            result(repo_url, LinkKind.GITHUB_REPO, [pid], outcome=Outcome.TRANSIENT),
            arxiv,
        ]
    if scenario == 8:  # found through a project page
        page = f"https://lab{index}.github.io/project"
        facts = gold_facts(full, latest_release=None)
        return item, [
            result(page, LinkKind.GITHUB_PAGES, [pid], page_title="Project page"),
            result(repo_url, LinkKind.GITHUB_REPO, [pid], repo=facts, found_via=page),
        ]
    if scenario == 9:  # moved repository
        facts = gold_facts(
            f"lab{index}/renamed", license_spdx="GPL-3.0", license_class=LicenseClass.COPYLEFT
        )
        return item, [
            result(
                repo_url,
                LinkKind.GITHUB_REPO,
                [pid],
                outcome=Outcome.MOVED,
                final_url=f"https://github.com/lab{index}/renamed",
                repo=facts,
            ),
        ]
    if scenario == 10:  # GitLab: no facts gathered
        return item, [result(f"https://gitlab.com/lab{index}/repo", LinkKind.GITLAB, [pid]), arxiv]
    facts = gold_facts(
        full,
        license_spdx="CC-BY-NC-4.0",
        license_class=LicenseClass.NON_COMMERCIAL,
        last_commit_at="2021-02-01T00:00:00Z",
    )
    return item, [result(repo_url, LinkKind.GITHUB_REPO, [pid], repo=facts), arxiv]


def synthetic_scorecard(papers: int, *, seed: int = 0, sources: int = 3) -> Scorecard:
    """`papers` papers over `sources` input files, cycling through every tier and outcome."""
    rng = random.Random(seed)
    return scorecard([_synthetic_entry(rng, index, sources) for index in range(papers)])


PAYLOAD_SCRIPT = "<script>window.__pwned=1</script>"
PAYLOAD_IMG = '<img src=x onerror="window.__pwned=2">'
PAYLOAD_JS_URL = "javascript:window.__pwned=3"


def hostile_scorecard() -> Scorecard:
    """A paper whose name, title, README evidence, link details and URLs carry script payloads,
    next to an ordinary paper."""
    pid = "evil</script><!--.txt#1"
    facts = gold_facts(
        "evil/repo",
        readme_evidence=(
            ReadmeEvidence(ReadmeCover.INSTALL, 2, PAYLOAD_IMG),
            ReadmeEvidence(ReadmeCover.RESULTS, 3, PAYLOAD_SCRIPT + " | `code` [x](javascript:y)"),
        ),
        artifact_links=(PAYLOAD_JS_URL, "data:text/html,<script>window.__pwned=4</script>"),
        description=PAYLOAD_SCRIPT,
    )
    hostile = paper(
        pid, f"Evil {PAYLOAD_SCRIPT} {PAYLOAD_IMG} | [x]({PAYLOAD_JS_URL})", title=PAYLOAD_IMG
    )
    links = [
        result(
            "https://github.com/evil/repo",
            LinkKind.GITHUB_REPO,
            [pid],
            repo=facts,
            detail=PAYLOAD_SCRIPT,
        ),
        result(
            PAYLOAD_JS_URL, LinkKind.WEB, [pid], outcome=Outcome.UNSUPPORTED, detail=PAYLOAD_IMG
        ),
        result(
            "https://evil.example/</script><script>window.__pwned=5</script>",
            LinkKind.WEB,
            [pid],
            outcome=Outcome.DEAD,
            detail=PAYLOAD_SCRIPT,
            page_title=PAYLOAD_SCRIPT,
        ),
    ]
    plain = paper("good.txt#1", "Plain Paper")
    plain_links = [
        result(
            "https://github.com/good/repo",
            LinkKind.GITHUB_REPO,
            ["good.txt#1"],
            repo=gold_facts("good/repo"),
        )
    ]
    return scorecard([(hostile, links), (plain, plain_links)])
