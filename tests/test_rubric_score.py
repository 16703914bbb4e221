"""The rubric: each criterion's pass / fail / unknown facts, tier boundaries, unknown never
lowering a tier or a score, the score itself, dates, and rubric configuration."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from auditor.config.file import ConfigError
from auditor.links import file_url
from auditor.models import (
    TIER_RANK,
    WEIGHTS_FOLDERS,
    CriterionResult,
    LicenseClass,
    LinkKind,
    LinkResult,
    Outcome,
    PaperScore,
    ReadmeCover,
    ReadmeEvidence,
    RepoFacts,
    Tier,
)
from auditor.render import rubric_doc
from auditor.rubric.evidence import NO_CODE_REASON
from auditor.rubric.registry import (
    CRITERIA,
    GOLD_MEANS,
    RUBRIC_VERSION,
    Rubric,
    RubricError,
    load_rubric,
)
from auditor.rubric.score import paper_period, score_paper
from tests.support.scorecards import EVERY_COVER, TODAY, gold_facts, paper, result

PASS, FAIL = CriterionResult.PASS, CriterionResult.FAIL
UNKNOWN, NA = CriterionResult.UNKNOWN, CriterionResult.NOT_APPLICABLE
REPO = "https://github.com/lab/model"
PID = "list.txt#1"
ROOT = Path(__file__).resolve().parent.parent


def score(
    facts: RepoFacts | None = None,
    *,
    extra: Sequence[LinkResult] = (),
    outcome: Outcome = Outcome.OK,
    kind: LinkKind = LinkKind.GITHUB_REPO,
    url: str = REPO,
    date_: str | None = "2026-03",
    rubric: Rubric | None = None,
    code: bool = True,
    title: str | None = None,
) -> PaperScore:
    links = [result(url, kind, repo=facts, outcome=outcome)] if code else []
    card = paper(PID, date_=date_, title=title)
    return score_paper(card, [*links, *extra], rubric or Rubric(), today=TODAY)


def criterion(card: PaperScore, cid: str) -> CriterionResult:
    return next(c.result for c in card.criteria if c.id == cid)


def b2_reason(card: PaperScore) -> str:
    return next(c.reason for c in card.criteria if c.id == "B2")


# G1's windows: created before the paper and untouched since (early, never failed); a history
# imported into a repository created after the paper, with no activity since.
BEFORE_THE_PAPER: dict[str, Any] = {
    "created_at": "2024-06-01T00:00:00Z",
    "last_commit_at": "2025-01-01T00:00:00Z",
    "pushed_at": None,
    "latest_release": None,
}
IMPORTED_HISTORY: dict[str, Any] = {
    "created_at": "2024-05-01T00:00:00Z",
    "last_commit_at": "2024-01-01T00:00:00Z",
    "pushed_at": None,
    "latest_release": None,
}


def placeholder_facts(**overrides: Any) -> RepoFacts:
    return gold_facts(
        root_files=("README.md", "LICENSE"),
        readme_covers=(ReadmeCover.PLACEHOLDER,),
        readme_evidence=(ReadmeEvidence(ReadmeCover.PLACEHOLDER, 4, "Code coming soon"),),
        **overrides,
    )


def unchanged_fork(**overrides: Any) -> RepoFacts:
    return gold_facts(**{"fork": True, "parent": "up/stream", "fork_ahead_by": 0, **overrides})


def reading_list_facts() -> RepoFacts:
    return gold_facts(
        "lab/awesome-list",
        reading_list=True,
        root_files=("README.md", "LICENSE", "figs"),
        readme_covers=(ReadmeCover.CITATION, ReadmeCover.PLACEHOLDER),
    )


def arxiv(outcome: Outcome = Outcome.OK) -> LinkResult:
    return result("https://arxiv.org/abs/2601.00001", LinkKind.ARXIV, outcome=outcome)


# Each row: criterion, what the paper's links and facts are, the expected answer.
CASES: list[tuple[str, str, Callable[[], PaperScore], CriterionResult]] = [
    ("A1", "every link resolves", lambda: score(gold_facts(), extra=[arxiv()]), PASS),
    ("A1", "a moved link still resolves", lambda: score(gold_facts(), outcome=Outcome.MOVED), PASS),
    ("A1", "a dead arXiv link", lambda: score(gold_facts(), extra=[arxiv(Outcome.DEAD)]), FAIL),
    (
        "A1",
        "a rate-limited link",
        lambda: score(gold_facts(), extra=[arxiv(Outcome.TRANSIENT)]),
        UNKNOWN,
    ),
    ("A1", "only excluded links", lambda: score(None, outcome=Outcome.EXCLUDED), NA),
    ("B1", "facts say it exists", lambda: score(gold_facts(), outcome=Outcome.TRANSIENT), PASS),
    (
        "B1",
        "GitLab link resolves",
        lambda: score(None, kind=LinkKind.GITLAB, url="https://gitlab.com/a/b"),
        PASS,
    ),
    ("B1", "code link is dead", lambda: score(None, outcome=Outcome.DEAD), FAIL),
    (
        "B1",
        "dead on the web, seen by the API",
        lambda: score(gold_facts(), outcome=Outcome.DEAD),
        FAIL,
    ),
    (
        "B1",
        "repository does not exist",
        lambda: score(RepoFacts("lab/model", exists=False, source="rest")),
        FAIL,
    ),
    ("B1", "repository disabled", lambda: score(gold_facts(disabled=True)), FAIL),
    ("B1", "link transient, no facts", lambda: score(None, outcome=Outcome.TRANSIENT), UNKNOWN),
    ("B1", "link unchecked, no facts", lambda: score(None, outcome=Outcome.UNCHECKED), UNKNOWN),
    ("B2", "holds code", lambda: score(gold_facts()), PASS),
    ("B2", "placeholder past the grace", lambda: score(placeholder_facts(), date_="2025-01"), FAIL),
    (
        "B2",
        "empty repository past the grace",
        lambda: score(gold_facts(empty=True), date_="2025"),
        FAIL,
    ),
    (
        "B2",
        "placeholder within the grace (not overdue yet)",
        lambda: score(placeholder_facts(), date_="2026-10-01"),
        FAIL,
    ),
    ("B2", "placeholder, no paper date", lambda: score(placeholder_facts(), date_=None), FAIL),
    ("B2", "GitHub facts missing (rate limit)", lambda: score(None), UNKNOWN),
    ("B3", "GitHub", lambda: score(gold_facts()), PASS),
    (
        "B3",
        "anonymous review mirror",
        lambda: score(
            None, kind=LinkKind.ANONYMOUS_REVIEW, url="https://anonymous.4open.science/r/x"
        ),
        FAIL,
    ),
    ("C1", "SPDX licence", lambda: score(gold_facts()), PASS),
    (
        "C1",
        "licence file GitHub cannot classify",
        lambda: score(gold_facts(license_spdx="NOASSERTION", license_class=LicenseClass.CUSTOM)),
        PASS,
    ),
    (
        "C1",
        "no licence",
        lambda: score(
            gold_facts(
                license_spdx=None,
                license_class=LicenseClass.NONE,
                root_files=("README.md", "main.py"),
            )
        ),
        FAIL,
    ),
    ("C1", "facts missing", lambda: score(None), UNKNOWN),
    (
        "C2",
        "copyleft",
        lambda: score(gold_facts(license_spdx="GPL-3.0", license_class=LicenseClass.COPYLEFT)),
        PASS,
    ),
    (
        "C2",
        "non-commercial",
        lambda: score(
            gold_facts(license_spdx="CC-BY-NC-4.0", license_class=LicenseClass.NON_COMMERCIAL)
        ),
        FAIL,
    ),
    (
        "C2",
        "custom terms",
        lambda: score(gold_facts(license_spdx="NOASSERTION", license_class=LicenseClass.CUSTOM)),
        UNKNOWN,
    ),
    ("D1", "requirements file", lambda: score(gold_facts()), PASS),
    (
        "D1",
        "README install steps only",
        lambda: score(gold_facts(env_files=(), root_files=("README.md", "main.py"))),
        PASS,
    ),
    (
        "D1",
        "neither",
        lambda: score(
            gold_facts(env_files=(), root_files=("README.md", "main.py"), readme_covers=())
        ),
        FAIL,
    ),
    ("D2", "train.py", lambda: score(gold_facts(readme_covers=())), PASS),
    ("D2", "README training section", lambda: score(gold_facts(root_files=("src",))), PASS),
    ("D2", "neither", lambda: score(gold_facts(root_files=("src",), readme_covers=())), FAIL),
    ("D3", "eval.py", lambda: score(gold_facts(readme_covers=())), PASS),
    ("D3", "neither", lambda: score(gold_facts(root_files=("src",), readme_covers=())), FAIL),
    ("D4", "Hugging Face model in the README", lambda: score(gold_facts()), PASS),
    (
        "D4",
        "weights link is dead",
        lambda: score(
            gold_facts(),
            extra=[
                result(
                    "https://huggingface.co/lab/model", LinkKind.HUGGINGFACE, outcome=Outcome.DEAD
                )
            ],
        ),
        FAIL,
    ),
    ("D4", "no weights", lambda: score(gold_facts(artifact_links=(), readme_covers=())), FAIL),
    (
        "D4",
        "committed checkpoints, whatever the README links",
        lambda: score(
            gold_facts(artifact_links=(), readme_covers=(), committed_weights=("ckpt/net.pt",))
        ),
        PASS,
    ),
    (
        "D4",
        "folders named for weights not listed (the budget)",
        lambda: score(gold_facts(artifact_links=(), readme_covers=(), skipped=(WEIGHTS_FOLDERS,))),
        UNKNOWN,
    ),
    ("D5", "results table and the commands producing it", lambda: score(gold_facts()), PASS),
    (
        "D5",
        "a results table alone",
        lambda: score(gold_facts(readme_results_commands=None)),
        CriterionResult.PARTIAL,
    ),
    ("D5", "no results", lambda: score(gold_facts(readme_covers=())), FAIL),
    ("E1", "pinned", lambda: score(gold_facts()), PASS),
    ("E1", "not pinned", lambda: score(gold_facts(deps_pinned=False)), FAIL),
    ("E1", "no dependency file", lambda: score(gold_facts(deps_pinned=None, env_files=())), FAIL),
    ("E1", "pinning not determined", lambda: score(gold_facts(deps_pinned=None)), UNKNOWN),
    (
        "E1",
        "a dependency list the file host refused may pin everything",
        lambda: score(gold_facts(deps_pinned=False, skipped=("dependency-files",))),
        UNKNOWN,
    ),
    (
        "F1",
        "the README the file host refused",
        lambda: score(gold_facts(skipped=("readme",))),
        UNKNOWN,
    ),
    ("E2", "Dockerfile", lambda: score(gold_facts()), PASS),
    (
        "E2",
        "Colab notebook linked",
        lambda: score(
            gold_facts(env_files=(), artifact_links=("https://colab.research.google.com/x",))
        ),
        PASS,
    ),
    ("E2", "nothing", lambda: score(gold_facts(env_files=("requirements.txt",))), FAIL),
    ("E3", "data section", lambda: score(gold_facts()), PASS),
    ("E3", "no data section", lambda: score(gold_facts(readme_covers=())), FAIL),
    ("E4", "tests folder", lambda: score(gold_facts()), PASS),
    ("E4", "none", lambda: score(gold_facts(root_files=("README.md", "main.py"))), FAIL),
    ("F1", "substantive", lambda: score(gold_facts()), PASS),
    ("F1", "short", lambda: score(gold_facts(readme_bytes=300)), FAIL),
    (
        "F1",
        "no instructions",
        lambda: score(gold_facts(readme_covers=(ReadmeCover.RESULTS,))),
        FAIL,
    ),
    ("F1", "no README", lambda: score(gold_facts(readme_path=None, readme_bytes=None)), FAIL),
    ("F2", "CITATION.cff", lambda: score(gold_facts()), PASS),
    ("F2", "BibTeX in the README", lambda: score(gold_facts(has_citation_cff=False)), PASS),
    ("F2", "none", lambda: score(gold_facts(has_citation_cff=False, readme_covers=())), FAIL),
    (
        "F2",
        "CITATION.cff not looked up",
        lambda: score(gold_facts(has_citation_cff=None, readme_covers=())),
        UNKNOWN,
    ),
    ("F3", "release", lambda: score(gold_facts()), PASS),
    (
        "F3",
        "Zenodo DOI",
        lambda: score(
            gold_facts(latest_release=None),
            extra=[result("https://doi.org/10.5281/zenodo.1", LinkKind.DOI)],
        ),
        PASS,
    ),
    ("F3", "neither", lambda: score(gold_facts(latest_release=None)), FAIL),
    ("G1", "commit after the paper", lambda: score(gold_facts()), PASS),
    (
        "G1",
        "a release after the paper, the last commit before it",
        lambda: score(gold_facts(last_commit_at="2025-01-01T00:00:00Z")),
        PASS,
    ),
    (
        "G1",
        "code released before the paper, not changed since",
        lambda: score(gold_facts(**BEFORE_THE_PAPER)),
        NA,
    ),
    (
        "G1",
        "created after the paper, its window open",
        lambda: score(gold_facts(**{**IMPORTED_HISTORY, "created_at": "2026-06-01T00:00:00Z"})),
        NA,
    ),
    (
        "G1",
        "created after the paper, no activity in the twelve months after",
        lambda: score(gold_facts(**IMPORTED_HISTORY), date_="2024-03"),
        FAIL,
    ),
    ("G1", "no paper date", lambda: score(gold_facts(), date_=None), UNKNOWN),
    # Rubric 1.1 (issue 13).
    (
        "B2",
        "a fork without commits of its own, past the grace",
        lambda: score(unchanged_fork(), date_="2025-01"),
        FAIL,
    ),
    ("B2", "a fork with commits of its own", lambda: score(unchanged_fork(fork_ahead_by=4)), PASS),
    # Issue 24: an unknown neither fails nor earns; the fork's own work is what it released.
    ("B2", "a fork not compared", lambda: score(unchanged_fork(fork_ahead_by=None)), UNKNOWN),
    ("B2", "a reading list", lambda: score(reading_list_facts()), FAIL),
    (
        "B2",
        "a README move that was not followed",
        lambda: score(placeholder_facts(readme_moved_to="https://gitlab.com/x/y"), date_="2025"),
        UNKNOWN,
    ),
    ("B3", "a dead repository has no home", lambda: score(None, outcome=Outcome.DEAD), FAIL),
    (
        "E2",
        "Binder badge in the README",
        lambda: score(
            gold_facts(env_files=(), artifact_links=("https://mybinder.org/v2/gh/lab/model/HEAD",))
        ),
        PASS,
    ),
    (
        "F2",
        "the README's BibTeX cites another work",
        lambda: score(
            gold_facts(has_citation_cff=False, readme_citation_titles=("FooNet: An Old Model",)),
            title="Sparse Diffusion for Graph Generation",
        ),
        FAIL,
    ),
    (
        "F2",
        "the README's BibTeX cites this paper",
        lambda: score(
            gold_facts(
                has_citation_cff=False,
                readme_citation_titles=("Sparse diffusion for graph generation",),
            ),
            title="Sparse Diffusion for Graph Generation",
        ),
        PASS,
    ),
    (
        "F3",
        "an archive link that could not be checked",
        lambda: score(
            gold_facts(latest_release=None),
            extra=[
                result("https://zenodo.org/records/7", LinkKind.ZENODO, outcome=Outcome.UNCHECKED)
            ],
        ),
        UNKNOWN,
    ),
]


@pytest.mark.parametrize(
    ("cid", "facts", "build", "expected"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES]
)
def test_criterion(
    cid: str, facts: str, build: Callable[[], PaperScore], expected: CriterionResult
) -> None:
    answer = next(c for c in build().criteria if c.id == cid)
    assert answer.result == expected, answer.reason
    assert answer.reason


def test_every_criterion_is_in_the_table() -> None:
    assert {spec.id for spec in CRITERIA} == {c[0] for c in CASES}
    for cid in {spec.id for spec in CRITERIA} - {"A1", "B3"}:
        assert {c[3] for c in CASES if c[0] == cid} >= {PASS, FAIL}, cid


def test_decided_criteria_carry_evidence() -> None:
    card = score(gold_facts(), extra=[arxiv()])
    for answer in card.criteria:
        assert answer.evidence, answer.id
    readme_line = next(c for c in card.criteria if c.id == "D5").evidence
    assert readme_line[0] == f"{REPO}/blob/main/README.md#L14"
    assert readme_line[1] == "README.md:14: ## Results"


def test_evidence_links_name_the_commit_judged_when_it_is_known() -> None:
    """The branch moves on; the commit judged shows what the criteria read, a month later too."""
    commit = "9fceb02d0ae598e95dc970b74767f19372d61af8"
    card = score(gold_facts(commit=commit), extra=[arxiv()])
    files = [url for c in card.criteria for url in c.evidence if "/blob/" in url]
    assert files
    assert all(url.startswith(f"{REPO}/blob/{commit}/") for url in files), files
    readme_line = next(c for c in card.criteria if c.id == "D5").evidence
    assert readme_line[0] == f"{REPO}/blob/{commit}/README.md#L14"


@pytest.mark.parametrize(
    ("source", "url", "expected"),
    [
        ("gitlab", "https://gitlab.com/lab/net", "https://gitlab.com/lab/net/-/blob/{c}/a.py"),
        ("codeberg", "https://codeberg.org/lab/net", "https://codeberg.org/lab/net/src/commit/{c}/a.py"),
        ("huggingface", "https://huggingface.co/lab/net", "https://huggingface.co/lab/net/blob/{c}/a.py"),
    ],
)  # fmt: skip
def test_a_file_at_the_commit_judged_in_each_hosts_shape(
    source: str, url: str, expected: str
) -> None:
    commit = "1" * 40
    assert file_url(source, url, "lab/net", "main", "a.py", commit=commit) == expected.format(
        c=commit
    )
    assert "/main/" in file_url(source, url, "lab/net", "main", "a.py")


TIERS: list[tuple[str, Callable[[], PaperScore], Tier]] = [
    ("everything", lambda: score(gold_facts()), Tier.GOLD),
    ("gold needs a release or DOI", lambda: score(gold_facts(latest_release=None)), Tier.SILVER),
    (
        "gold needs 5/5",
        lambda: score(
            gold_facts(
                artifact_links=(),
                readme_covers=(
                    ReadmeCover.INSTALL,
                    ReadmeCover.TRAIN,
                    ReadmeCover.RESULTS,
                    ReadmeCover.CITATION,
                ),
            )
        ),
        Tier.SILVER,
    ),
    (
        "gold needs pinning or a container",
        lambda: score(gold_facts(deps_pinned=False, env_files=("requirements.txt",))),
        Tier.SILVER,
    ),
    (
        # Rubric 2.0: citation and licence are no gates (the score and the reuse mark say them).
        "a citation is no gate",
        lambda: score(
            gold_facts(
                has_citation_cff=False,
                readme_covers=(ReadmeCover.INSTALL, ReadmeCover.RESULTS, ReadmeCover.WEIGHTS),
            )
        ),
        Tier.GOLD,
    ),
    (
        "bronze needs install or usage steps",
        lambda: score(gold_facts(readme_covers=(ReadmeCover.TRAIN, ReadmeCover.RESULTS))),
        Tier.LISTED,
    ),
    (
        "gold needs the commands producing the results (D5 partial)",
        lambda: score(gold_facts(readme_results_commands=None)),
        Tier.SILVER,
    ),
    (
        "silver needs training or evaluation code",
        lambda: score(
            gold_facts(
                root_files=("README.md", "LICENSE", "model.py"),
                readme_covers=(
                    ReadmeCover.INSTALL,
                    ReadmeCover.USAGE,
                    ReadmeCover.RESULTS,
                    ReadmeCover.WEIGHTS,
                    ReadmeCover.CITATION,
                ),
            )
        ),
        Tier.BRONZE,
    ),
    (
        "silver needs three checklist items",
        lambda: score(
            gold_facts(
                root_files=("README.md", "LICENSE", "train.py"),
                artifact_links=(),
                readme_covers=(ReadmeCover.INSTALL, ReadmeCover.CITATION),
            )
        ),
        Tier.BRONZE,
    ),
    (
        "a licence is no gate",
        lambda: score(
            gold_facts(
                license_spdx=None,
                license_class=LicenseClass.NONE,
                root_files=("README.md", "train.py"),
            )
        ),
        Tier.GOLD,
    ),
    ("bronze needs a substantive README", lambda: score(gold_facts(readme_bytes=200)), Tier.LISTED),
    (
        "a placeholder in its grace is a placeholder from day one",
        lambda: score(placeholder_facts(), date_="2026-10"),
        Tier.PLACEHOLDER,
    ),
    ("placeholder", lambda: score(placeholder_facts(), date_="2025-06"), Tier.PLACEHOLDER),
    (
        "placeholder with no paper date",
        lambda: score(placeholder_facts(), date_=None),
        Tier.PLACEHOLDER,
    ),
    ("dead code link", lambda: score(None, outcome=Outcome.DEAD), Tier.DEAD),
    ("no code link", lambda: score(code=False, extra=[arxiv()]), Tier.NO_CODE),
    ("no link at all", lambda: score(code=False), Tier.NO_CODE),
    (
        "dead project page, no code",
        lambda: score(
            code=False,
            extra=[result("https://lab.github.io/p", LinkKind.GITHUB_PAGES, outcome=Outcome.DEAD)],
        ),
        Tier.DEAD,
    ),
    (
        "unread project page, no code",
        lambda: score(
            code=False, extra=[result("https://lab.org/p", LinkKind.WEB, outcome=Outcome.TRANSIENT)]
        ),
        Tier.UNKNOWN,
    ),
    (
        "dead repository, unread project page",
        lambda: score(
            None,
            outcome=Outcome.DEAD,
            extra=[result("https://lab.org/p", LinkKind.WEB, outcome=Outcome.BLOCKED)],
        ),
        Tier.UNKNOWN,
    ),
    ("rate limited GitHub link", lambda: score(None, outcome=Outcome.TRANSIENT), Tier.UNKNOWN),
    ("GitHub facts missing", lambda: score(None), Tier.UNKNOWN),
    (
        "GitLab: reachable is all we know",
        lambda: score(None, kind=LinkKind.GITLAB, url="https://gitlab.com/a/b"),
        Tier.LISTED,
    ),
    (
        "Hugging Face Space",
        lambda: score(None, kind=LinkKind.HUGGINGFACE, url="https://huggingface.co/spaces/a/b"),
        Tier.LISTED,
    ),
    (
        "Hugging Face model is not code",
        lambda: score(None, kind=LinkKind.HUGGINGFACE, url="https://huggingface.co/a/b"),
        Tier.NO_CODE,
    ),
    (
        "GitHub user page is not code",
        lambda: score(None, kind=LinkKind.GITHUB_OTHER, url="https://github.com/lab"),
        Tier.NO_CODE,
    ),
]


@pytest.mark.parametrize(("case", "build", "expected"), TIERS, ids=[t[0] for t in TIERS])
def test_tier(case: str, build: Callable[[], PaperScore], expected: Tier) -> None:
    card = build()
    assert card.tier == expected, [(c.id, c.result, c.reason) for c in card.criteria]


# Each row turns a decided fail into an unknown: the tier and the score may only stay or rise.
FAIL_TO_UNKNOWN: list[tuple[str, Callable[[], PaperScore], Callable[[], PaperScore]]] = [
    (
        "citation not looked up",
        lambda: score(gold_facts(has_citation_cff=False, readme_covers=(ReadmeCover.INSTALL,))),
        lambda: score(gold_facts(has_citation_cff=None, readme_covers=(ReadmeCover.INSTALL,))),
    ),
    (
        "pinning not determined",
        lambda: score(gold_facts(deps_pinned=False)),
        lambda: score(gold_facts(deps_pinned=None)),
    ),
    (
        "licence terms not classified",
        lambda: score(gold_facts(license_class=LicenseClass.NON_COMMERCIAL)),
        lambda: score(gold_facts(license_class=LicenseClass.CUSTOM)),
    ),
    (
        "dead link now rate limited",
        lambda: score(None, outcome=Outcome.DEAD),
        lambda: score(None, outcome=Outcome.TRANSIENT),
    ),
    (
        "dead arXiv link now unchecked",
        lambda: score(gold_facts(), extra=[arxiv(Outcome.DEAD)]),
        lambda: score(gold_facts(), extra=[arxiv(Outcome.UNCHECKED)]),
    ),
    (
        "old commit without a date",
        lambda: score(gold_facts(last_commit_at="2020-01-01T00:00:00Z")),
        lambda: score(gold_facts(last_commit_at="2020-01-01T00:00:00Z"), date_=None),
    ),
    (
        "dead page now unread",
        lambda: score(
            code=False, extra=[result("https://a.org", LinkKind.WEB, outcome=Outcome.DEAD)]
        ),
        lambda: score(
            code=False, extra=[result("https://a.org", LinkKind.WEB, outcome=Outcome.TRANSIENT)]
        ),
    ),
]


@pytest.mark.parametrize(
    ("case", "decided", "undecided"), FAIL_TO_UNKNOWN, ids=[f[0] for f in FAIL_TO_UNKNOWN]
)
def test_unknown_never_lowers(
    case: str, decided: Callable[[], PaperScore], undecided: Callable[[], PaperScore]
) -> None:
    before, after = decided(), undecided()
    assert UNKNOWN not in {c.result for c in before.criteria} - {c.result for c in after.criteria}
    assert TIER_RANK[after.tier] >= TIER_RANK[before.tier]
    if before.score is not None and after.score is not None:
        assert after.score >= before.score


def test_undecided_gate_is_never_a_failing_tier() -> None:
    for build in (
        lambda: score(None, outcome=Outcome.TRANSIENT),
        lambda: score(None, outcome=Outcome.BLOCKED),
        lambda: score(None, outcome=Outcome.UNCHECKED),
        lambda: score(None),
        lambda: score(
            code=False, extra=[result("https://a.org", LinkKind.WEB, outcome=Outcome.UNCHECKED)]
        ),
    ):
        assert build().tier == Tier.UNKNOWN


def test_best_repository_is_scored_and_all_listed() -> None:
    weak = result(
        "https://github.com/lab/old",
        LinkKind.GITHUB_REPO,
        repo=gold_facts("lab/old", readme_bytes=10),
    )
    strong = result(REPO, LinkKind.GITHUB_REPO, repo=gold_facts())
    dead = result("https://github.com/lab/gone", LinkKind.GITHUB_REPO, outcome=Outcome.DEAD)
    card = score_paper(paper(PID), [dead, weak, strong], Rubric(), today=TODAY)
    assert (card.tier, card.scored_on) == (Tier.GOLD, REPO)
    # The dead one still counts against link integrity.
    assert next(c for c in card.criteria if c.id == "A1").result == FAIL


def test_repository_found_on_the_project_page_is_scored() -> None:
    page = result("https://lab.github.io/p", LinkKind.GITHUB_PAGES)
    found = result(
        REPO, LinkKind.GITHUB_REPO, repo=gold_facts(), found_via="https://lab.github.io/p"
    )
    card = score_paper(paper(PID), [page, found], Rubric(), today=TODAY)
    assert (card.tier, card.scored_on) == (Tier.GOLD, REPO)


def test_other_papers_links_are_ignored() -> None:
    other = result(REPO, LinkKind.GITHUB_REPO, papers=["other.txt#1"], repo=gold_facts())
    assert score_paper(paper(PID), [other], Rubric(), today=TODAY).tier == Tier.NO_CODE


def test_moved_repository_is_scored_on_its_new_address() -> None:
    moved = "https://github.com/lab/renamed"
    card = score_paper(
        paper(PID),
        [
            result(
                REPO,
                LinkKind.GITHUB_REPO,
                outcome=Outcome.MOVED,
                final_url=moved,
                repo=gold_facts("lab/renamed"),
            )
        ],
        Rubric(),
        today=TODAY,
    )
    assert card.scored_on == moved
    assert "moved" in next(c.reason for c in card.criteria if c.id == "A1")


def test_score_weights_decided_criteria_only() -> None:
    assert score(gold_facts()).score == 100
    # F3 (3) and G1 (2) fail: 95 of 100.
    assert score(gold_facts(**IMPORTED_HISTORY), date_="2024-03").score == 95
    # Without a date G1 leaves the denominator: 97 of 98.
    assert score(gold_facts(latest_release=None), date_=None).score == round(100 * 95 / 98)
    # Released before the paper, G1 is n/a: it leaves the denominator too.
    assert score(gold_facts(**BEFORE_THE_PAPER)).score == round(100 * 95 / 98)
    # A partial D5 (5) earns half its weight: 97.5 of 100.
    assert score(gold_facts(readme_results_commands=None)).score == round(97.5)


def test_no_score_when_too_little_is_decided() -> None:
    assert score(None, kind=LinkKind.GITLAB, url="https://gitlab.com/a/b").score is None
    assert score(None, outcome=Outcome.TRANSIENT).score is None
    assert score(code=False, extra=[arxiv()]).score is None  # no code: nothing to score


def test_weights_and_thresholds_change_the_verdict() -> None:
    heavy = Rubric(weights={**Rubric().weights, "F3": 50})
    assert score(gold_facts(latest_release=None), rubric=heavy).score == round(100 * 97 / 147)
    lenient = Rubric(readme_min_bytes=100)
    assert score(gold_facts(readme_bytes=300), rubric=lenient).tier == Tier.GOLD
    patient = Rubric(placeholder_grace_days=3650)
    late = score(placeholder_facts(), date_="2025-01", rubric=patient)
    assert criterion(late, "B2") == FAIL
    assert b2_reason(late).endswith("not overdue until 2035-01-29 (3650-day grace)")


@pytest.mark.parametrize(
    ("value", "period"),
    [
        ("2026", (date(2026, 1, 1), date(2026, 12, 31))),
        ("2024-02", (date(2024, 2, 1), date(2024, 2, 29))),
        ("2026-07-14", (date(2026, 7, 14), date(2026, 7, 14))),
        ("2026-13", None),
        ("July 2026", None),
        (None, None),
    ],
)
def test_paper_period(value: str | None, period: tuple[date, date] | None) -> None:
    assert paper_period(value) == period


def test_grace_reads_a_reduced_date_at_its_latest() -> None:
    # "2026-08" may mean 31 August: the 90-day grace runs to 29 November, so on the 30th it is over.
    assert b2_reason(score(placeholder_facts(), date_="2026-08")).endswith(
        "the 90-day grace ended 2026-11-29"
    )
    assert b2_reason(score(placeholder_facts(), date_="2026-09")).endswith(
        "not overdue until 2026-12-29 (90-day grace)"
    )


PLACEHOLDERS: list[tuple[str, Callable[[], RepoFacts]]] = [
    ("a README promising the code", placeholder_facts),
    ("an empty repository", lambda: gold_facts(empty=True)),
    ("a fork without commits of its own", unchanged_fork),
    (
        "a README and a licence only",
        lambda: gold_facts(
            root_files=("README.md", "LICENSE"),
            readme_covers=(ReadmeCover.PLACEHOLDER,),
            readme_evidence=(ReadmeEvidence(ReadmeCover.PLACEHOLDER, 0, "root holds no code"),),
        ),
    ),
]
OVERDUE: list[tuple[str | None, str]] = [
    (
        None,
        "whether the promise is overdue is not known (give one with --paper-date or a date "
        "field in the list)",
    ),
    ("2026-10-01", "not overdue until 2026-12-30 (90-day grace)"),
    ("2025-01", "the 90-day grace ended 2025-05-01"),
]


@pytest.mark.parametrize(("date_", "said"), OVERDUE, ids=["undated", "recent", "overdue"])
@pytest.mark.parametrize(("kind", "facts"), PLACEHOLDERS, ids=[p[0] for p in PLACEHOLDERS])
def test_a_placeholder_is_a_placeholder_from_day_one(
    kind: str, facts: Callable[[], RepoFacts], date_: str | None, said: str
) -> None:
    """The paper date only says how overdue the promise is; the tier never waits for it."""
    card = score(facts(), date_=date_)
    assert (card.tier, criterion(card, "B2")) == (Tier.PLACEHOLDER, FAIL), kind
    assert b2_reason(card).endswith(said), b2_reason(card)


def test_only_a_placeholder_asks_for_the_paper_date() -> None:
    # Where the date changes nothing, the report does not ask for one.
    for card in (score(gold_facts(), date_=None), score(gold_facts(empty=True), date_="2025")):
        assert "--paper-date" not in b2_reason(card)


# --- configuration ------------------------------------------------------------------------------


def test_default_rubric_without_files(tmp_path: Path) -> None:
    assert load_rubric(None, pyproject=None) == Rubric()
    assert load_rubric(None, pyproject=tmp_path / "pyproject.toml") == Rubric()
    assert Rubric().version == RUBRIC_VERSION


def test_pyproject_section(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[project]\nname = "x"\n[tool.other]\nexclude = ["a"]\n'
        "[tool.paper-auditor.rubric]\nplaceholder_grace_days = 30\n"
        "[tool.paper-auditor.rubric.weights]\nC1 = 20\n"
    )
    rubric = load_rubric(None, pyproject=pyproject)
    assert (rubric.placeholder_grace_days, rubric.weight("C1"), rubric.weight("B1")) == (30, 20, 10)
    assert rubric.version.startswith(f"{RUBRIC_VERSION}+custom.")
    assert rubric.version != Rubric(placeholder_grace_days=30).version


def test_config_file_wins_over_pyproject(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text("[tool.paper-auditor.rubric]\nreadme_min_bytes = 5\n")
    config = tmp_path / "auditor.toml"
    config.write_text("[rubric]\nmin_decided_share = 0.25\n")
    rubric = load_rubric(config, pyproject=pyproject)
    assert (rubric.readme_min_bytes, rubric.min_decided_share) == (500, 0.25)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[rubric]\ngrace = 3\n", "unknown rubric setting 'grace'"),
        ("[rubric.weights]\nZ9 = 3\n", "unknown criterion 'Z9'"),
        ("[rubric.weights]\nC1 = -1\n", "rubric.weights.C1 must be an integer from 0 to 100"),
        ("[rubric.weights]\nC1 = true\n", "rubric.weights.C1 must be an integer"),
        ("[rubric]\nplaceholder_grace_days = 1.5\n", "must be an integer"),
        ("[rubric]\nmin_decided_share = 2\n", "must be a number from 0 to 1"),
        ("[rubric]\nsilver_min_checklist = 0\n", "must be a number from 1 to 5"),
        ("rubric = 3\n", "`rubric` must be a table"),
        ("[rubric\n", "invalid TOML"),
    ],
)
def test_bad_config_is_one_line_error(tmp_path: Path, text: str, message: str) -> None:
    config = tmp_path / "auditor.toml"
    config.write_text(text)
    with pytest.raises(ConfigError, match=re.escape(message)) as raised:
        load_rubric(config, pyproject=None)
    assert "\n" not in str(raised.value)
    assert str(config) in str(raised.value)


NO_WEIGHTS = tuple(cover for cover in EVERY_COVER if cover is not ReadmeCover.WEIGHTS)
# Every setting a rubric 1.2 configuration could hold, and how a run shows that it still applies
# under 2.0 (none was retired, so none is refused).
UNLICENSED = gold_facts(
    license_spdx=None, license_class=LicenseClass.NONE, root_files=("README.md", "train.py")
)
CONFIGURATION_1_2: list[tuple[str, Callable[[Rubric], Any], Any]] = [
    # C1 and E4 fail, C2 is n/a: 86 of 118.
    ("[rubric.weights]\nC1 = 30\n", lambda r: score(UNLICENSED, rubric=r).score, 73),
    (
        "[rubric]\nplaceholder_grace_days = 30\n",
        lambda r: b2_reason(score(placeholder_facts(), date_="2026-11-15", rubric=r)),
        "README says the code is coming; not overdue until 2026-12-15 (30-day grace)",
    ),
    (
        "[rubric]\nreadme_min_bytes = 8000\n",
        lambda r: score(gold_facts(), rubric=r).tier,
        Tier.LISTED,
    ),
    (
        "[rubric]\nsilver_min_checklist = 5\n",
        lambda r: score(gold_facts(artifact_links=(), readme_covers=NO_WEIGHTS), rubric=r).tier,
        Tier.BRONZE,
    ),
    (
        "[rubric]\nmin_decided_share = 1.0\n",
        lambda r: score(gold_facts(deps_pinned=None), rubric=r).score,
        None,
    ),
]


@pytest.mark.parametrize(
    ("text", "measure", "expected"), CONFIGURATION_1_2, ids=[c[0] for c in CONFIGURATION_1_2]
)
def test_a_rubric_1_2_configuration_applies_as_before(
    tmp_path: Path, text: str, measure: Callable[[Rubric], Any], expected: Any
) -> None:
    """Rubric 2.0 loads a 1.2 configuration: each of its settings applies as it did."""
    config = tmp_path / "rubric-1.2.toml"
    config.write_text(text)
    rubric = load_rubric(config, pyproject=None)
    assert rubric.version.startswith("2.0+custom.")
    assert measure(rubric) == expected
    assert measure(Rubric()) != expected  # the default says otherwise: the setting did it


def test_all_zero_weights_and_missing_file(tmp_path: Path) -> None:
    zeros = "\n".join(f"{spec.id} = 0" for spec in CRITERIA)
    config = tmp_path / "zero.toml"
    config.write_text(f"[rubric.weights]\n{zeros}\n")
    with pytest.raises(RubricError, match="all zero"):
        load_rubric(config, pyproject=None)
    with pytest.raises(ConfigError, match="cannot read"):
        load_rubric(tmp_path / "missing.toml", pyproject=None)


def test_docs_are_generated_from_the_rubric_and_current() -> None:
    """docs/rubric.md is `auditor.render.rubric_doc.render()`: regenerate it with
    `python -m auditor.render.rubric_doc --write` after changing the rubric."""
    docs = (ROOT / "docs" / "rubric.md").read_text(encoding="utf-8")
    assert docs == rubric_doc.render()
    assert rubric_doc.main(["--check"]) == 0
    for spec in CRITERIA:
        row = f"| {spec.id} | {spec.group.title} | {spec.title} | {spec.weight} |"
        assert row in docs, row
    assert f"Rubric version: **{RUBRIC_VERSION}**" in docs
    assert RUBRIC_VERSION == "2.0"
    assert "## What changed from 1.2 and why" in docs
    assert sum(spec.weight for spec in CRITERIA) == 100


def test_every_name_the_rubric_document_gives_exists() -> None:
    """docs/rubric.md once named `auditor.rubric.score.build_summary` long after it moved: each
    `auditor.…` it names must import (a module, then attributes of it)."""
    docs = (ROOT / "docs" / "rubric.md").read_text(encoding="utf-8")
    prose = re.sub(r"^```.*?^```", "", docs, flags=re.M | re.S)
    spans = re.findall(r"`([^`]+)`", prose)
    names = {word for span in spans for word in span.split() if word.startswith("auditor.")}
    assert "auditor.scorecard.summary.build_summary" in names
    for name in sorted(names):
        parts = name.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                found: object = importlib.import_module(".".join(parts[:cut]))
            except ModuleNotFoundError:
                continue
            for attribute in parts[cut:]:
                assert hasattr(found, attribute), name
                found = getattr(found, attribute)
            break
        else:
            pytest.fail(f"{name} is no module")


def test_the_reports_say_what_gold_means() -> None:
    assert GOLD_MEANS in (ROOT / "docs" / "rubric.md").read_text(encoding="utf-8")
    for template in ("summary.md.j2", "report.html.j2"):
        assert GOLD_MEANS in (ROOT / "templates" / template).read_text(encoding="utf-8")


# Rubric 1.1: what the tiers say about forks, reading lists and papers without code -----------


def test_a_fork_without_changes_is_never_credited_with_its_parents_work() -> None:
    late = score(unchanged_fork(), date_="2025-01")
    assert late.tier == Tier.PLACEHOLDER
    b2 = next(c for c in late.criteria if c.id == "B2")
    assert "a fork of up/stream without changes of its own" in b2.reason
    for cid in ("C1", "D1", "D2", "F1", "F2", "G1"):
        found = next(c for c in late.criteria if c.id == cid)
        assert found.result == FAIL, cid
        assert found.reason == NO_CODE_REASON
    # Within the grace it is a placeholder all the same (the promise is just not overdue).
    assert score(unchanged_fork(), date_="2026-10-01").tier == Tier.PLACEHOLDER
    assert score(unchanged_fork(fork_ahead_by=2)).tier == Tier.GOLD


def test_a_reading_list_is_no_code_with_no_score() -> None:
    card = score(reading_list_facts())
    assert card.tier == Tier.NO_CODE
    assert card.score is None
    b2 = next(c for c in card.criteria if c.id == "B2")
    assert "reading list" in b2.reason
    # Beside a real repository, the repository wins.
    both = score_paper(
        paper(PID),
        [
            result(
                "https://github.com/lab/awesome", LinkKind.GITHUB_REPO, repo=reading_list_facts()
            ),
            result(REPO, LinkKind.GITHUB_REPO, repo=gold_facts()),
        ],
        Rubric(),
        today=TODAY,
    )
    assert both.tier == Tier.GOLD


def test_papers_without_code_get_no_score() -> None:
    assert score(code=False).tier == Tier.NO_CODE
    assert score(code=False).score is None
    dead_page = result("https://lab.example.org/p", LinkKind.WEB, outcome=Outcome.DEAD)
    assert score(code=False, extra=[dead_page]).score is None
    # Rubric 2.0: nor does a dead repository, a placeholder or another work's repository.
    dead = score(None, outcome=Outcome.DEAD)
    assert dead.tier == Tier.DEAD
    assert dead.score is None
    placeholder = score(placeholder_facts())
    assert placeholder.tier == Tier.PLACEHOLDER
    assert placeholder.score is None


@pytest.mark.parametrize(
    ("root_files", "reason"),
    [
        (("README.md", "source.tar.gz"), "code released as an archive (source.tar.gz)"),
        (("README.md", "LICENSE", "net-src.zip"), "code released as an archive (net-src.zip)"),
        (("README.md", "train.py", "net-src.zip"), "holds more than README, licence and pages"),
    ],
)
def test_a_source_archive_at_the_root_is_code_released(
    root_files: tuple[str, ...], reason: str
) -> None:
    card = score(gold_facts(root_files=root_files, readme_bytes=20, readme_covers=()))
    assert (criterion(card, "B2"), b2_reason(card)) == (PASS, reason)
    # Nothing readable about it: as far as the evidence goes.
    assert card.tier == Tier.LISTED


def test_folders_holding_only_placeholder_files_are_no_code() -> None:
    stubs = gold_facts(root_files=("README.md", "src"), empty_folders=("src",))
    card = score(stubs)
    assert (criterion(card, "B2"), card.tier) == (FAIL, Tier.PLACEHOLDER)
    assert b2_reason(card).startswith("no code: src/ holds only empty or placeholder files")
    # Beside a folder of code, an empty one takes nothing away.
    beside = score(gold_facts(root_files=("README.md", "src", "nets"), empty_folders=("src",)))
    assert criterion(beside, "B2") == PASS


def test_a_skipped_folder_listing_or_branch_hop_leaves_b2_unknown() -> None:
    unlisted = score(gold_facts(root_files=("README.md", "src"), skipped=("folder-contents",)))
    assert (criterion(unlisted, "B2"), unlisted.tier) == (UNKNOWN, Tier.UNKNOWN)
    branch = score(placeholder_facts(readme_branch="release"))
    assert (criterion(branch, "B2"), branch.tier) == (UNKNOWN, Tier.UNKNOWN)
    assert "sends the reader to branch release (not read)" in b2_reason(branch)
