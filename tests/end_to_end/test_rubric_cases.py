"""Issue 13's "Why" list, end to end: repositories served by the fake GitHub (READMEs written
for these tests), their facts gathered by both backends, each paper scored by the rubric."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from auditor.config.settings import Settings
from auditor.hosts.github import GitHubFacts, repository_key
from auditor.models import (
    TIER_RANK,
    CriterionResult,
    LinkKind,
    LinkResult,
    Outcome,
    PaperScore,
    Tier,
)
from auditor.net.fetcher import Fetcher
from auditor.rubric.registry import Rubric
from auditor.rubric.score import score_paper
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.local_servers import plain_fetcher
from tests.support.scorecards import TODAY, gold_facts, paper, result

TOKEN = "ghp_TESTTOKEN0123456789abcdefSECRET"
MIT = {"key": "mit", "name": "MIT License", "spdx_id": "MIT", "url": None, "node_id": "L1"}
BIBTEX = "```bibtex\n@article{fancy2025,\n  title={FancyNet: Fast Graph Models},\n}\n```\n"
SKELETON = f"""# FancyNet

Official code of FancyNet.

## Installation
Coming soon.

## Training
Coming soon.

## Evaluation
Coming soon.

## Pretrained Weights
Coming soon.

## Citation
{BIBTEX}"""
FULL = f"""# FancyNet

## Installation

```bash
pip install -r requirements.txt
```

## Training

```bash
python train.py --config configs/base.yaml
```

## Evaluation

```bash
python evaluate.py --ckpt out/best.pt
```

## Results

| Model | Acc |
|---|---|
| FancyNet | 91.2 |
| Baseline | 88.4 |

## Citation
{BIBTEX}"""
AWESOME = "# Awesome Graph Models\n\nA list accompanying our survey.\n\n" + "\n".join(
    f"- [Paper {n}](https://arxiv.org/abs/2401.{n:05d}) [code](https://github.com/x/p{n})"
    for n in range(25)
)


def repos() -> list[FakeRepo]:
    return [
        FakeRepo(
            "acme/skeleton",
            files={"README.md": SKELETON, "requirements.txt": "torch\n", "LICENSE": "MIT"},
            license=MIT,
        ),
        FakeRepo(
            "acme/weights-later",
            files={
                "README.md": "# Net\n\nPretrained weights will be released soon.\n",
                "net.py": "",
                "LICENSE": "MIT",
            },
            license=MIT,
        ),
        FakeRepo(
            "acme/promise",
            files={"README.md": "# Net\n\nWe will release the code after review.\n", "LICENSE": ""},
        ),
        FakeRepo(
            "acme/coming-with-code",
            # src/net.py holds code: an empty file would be a placeholder (issue 24 item 5).
            files={
                "README.md": "# Net\n\nCode coming soon!\n",
                "src/net.py": "import torch\n",
                "LICENSE": "",
            },
            license=MIT,
        ),
        FakeRepo(
            "acme/bare-citation",
            files={"README.md": "# Net\n\n## Citation\n", "net.py": ""},
            license=MIT,
        ),
        FakeRepo(
            "acme/copied",
            files={"README.md": FULL, "requirements.txt": "torch==2.1\n", "train.py": ""},
            license=MIT,
        ),
        FakeRepo(
            "acme/old-home",
            files={
                "README.md": "# Net\n\nThis repository has moved to https://github.com/newlab/net\n"
            },
        ),
        FakeRepo("newlab/net", files={"README.md": FULL, "train.py": ""}, license=MIT),
        FakeRepo(
            "student/popular",
            files={"README.md": FULL, "requirements.txt": "torch==2.1\n", "train.py": ""},
            license=MIT,
            parent="bigco/popular",
        ),
        FakeRepo("acme/blocked", files={"README.md": FULL, "a.py": ""}, blocked="dmca"),
        FakeRepo("acme/awesome-graphs", files={"README.md": AWESOME, "LICENSE": ""}, license=MIT),
        FakeRepo(
            "acme/conda",
            files={
                # Names the paper: a README naming none, with another work's BibTeX, would be
                # read as that work's (`rubric.identity`).
                "README.md": "Code of Sparse Diffusion for Graph Generation.\n\n"
                + FULL.replace(
                    "## Results",
                    "[![Open In Colab](https://colab.research.google.com/assets/b.svg)]"
                    "(https://colab.research.google.com/github/acme/conda/blob/main/d.ipynb)\n\n"
                    "## Results",
                ),
                "environment.yml": "dependencies:\n  - python=3.10\n  - numpy=1.26.4\n",
                "train.py": "",
            },
            license=MIT,
        ),
    ]


@pytest.fixture
def fake() -> Iterator[FakeGitHub]:
    with FakeGitHub(repos(), token=TOKEN) as server:
        yield server


@pytest.fixture
async def fetcher() -> AsyncIterator[Fetcher]:
    async with plain_fetcher() as plain:
        yield plain


@pytest.fixture(params=[None, TOKEN], ids=["rest", "graphql"])
async def scored(
    request: pytest.FixtureRequest, fake: FakeGitHub, fetcher: Fetcher
) -> dict[str, tuple[PaperScore, LinkResult]]:
    settings = Settings(
        github_api_url=fake.url,
        github_graphql_url=fake.url + "/graphql",
        github_token=request.param,
        max_retries=0,
    )
    names = [r.full_name for r in repos() if r.full_name != "newlab/net"]
    answers = await GitHubFacts(fetcher, settings).repos(names)
    out: dict[str, tuple[PaperScore, LinkResult]] = {}
    for name, answer in answers.items():
        link = result(
            f"https://github.com/{name}",
            LinkKind.GITHUB_REPO,
            outcome=answer.check.outcome,
            repo=answer.facts,
            final_url=answer.check.final_url,
            detail=answer.check.detail,
        )
        card = paper(date_="2025-06", title="Sparse Diffusion for Graph Generation")
        out[name] = (score_paper(card, [link], Rubric(), today=TODAY), link)
    return out


def answer_of(card: PaperScore, cid: str) -> CriterionResult:
    return next(c.result for c in card.criteria if c.id == cid)


def test_the_why_list(scored: dict[str, tuple[PaperScore, LinkResult]]) -> None:
    tiers = {name: card.tier for name, (card, _) in scored.items()}
    # Headings that say "coming soon" count for nothing; requirements.txt alone is no code.
    assert tiers["acme/skeleton"] == Tier.PLACEHOLDER
    # The files decide: code with a promise of weights is released code.
    assert tiers["acme/weights-later"] != Tier.PLACEHOLDER
    assert tiers["acme/promise"] == Tier.PLACEHOLDER
    assert tiers["acme/coming-with-code"] != Tier.PLACEHOLDER
    # A bare "Citation" heading does not pass F2; nor does the BibTeX of another work.
    assert answer_of(scored["acme/bare-citation"][0], "F2") == CriterionResult.FAIL
    copied = scored["acme/copied"][0]
    assert answer_of(copied, "F2") == CriterionResult.FAIL
    # "Moved to X" is followed: scored at X, the move shown.
    moved, link = scored["acme/old-home"]
    assert link.check.outcome == Outcome.MOVED
    assert moved.scored_on == "https://github.com/newlab/net"
    assert moved.tier not in (Tier.PLACEHOLDER, Tier.DEAD)
    # An unchanged fork of a popular repository is credited with nothing.
    fork = scored["student/popular"][0]
    assert fork.tier == Tier.PLACEHOLDER
    assert answer_of(fork, "C1") == CriterionResult.FAIL
    # Blocked by GitHub: dead, not transient.
    blocked, link = scored["acme/blocked"]
    assert blocked.tier == Tier.DEAD
    assert "dmca" in link.check.detail
    # A survey's reading list is a publication, not a placeholder: no code, no score.
    awesome = scored["acme/awesome-graphs"][0]
    assert awesome.tier == Tier.NO_CODE
    assert awesome.score is None
    # A Colab badge passes E2; an environment.yml that pins everything passes E1.
    conda = scored["acme/conda"][0]
    assert answer_of(conda, "E2") == CriterionResult.PASS
    assert answer_of(conda, "E1") == CriterionResult.PASS


def test_an_unchecked_zenodo_link_never_fails_f3() -> None:
    facts = gold_facts(latest_release=None)
    links = [
        result("https://github.com/lab/model", LinkKind.GITHUB_REPO, repo=facts),
        result("https://zenodo.org/records/9", LinkKind.ZENODO, outcome=Outcome.UNCHECKED),
    ]
    card = score_paper(paper(), links, Rubric(), today=TODAY)
    assert answer_of(card, "F3") == CriterionResult.UNKNOWN


def test_no_score_without_code_and_no_home_for_a_dead_repository() -> None:
    arxiv = result("https://arxiv.org/abs/2501.00001", LinkKind.ARXIV)
    assert score_paper(paper(), [arxiv], Rubric(), today=TODAY).score is None
    dead = result("https://github.com/lab/gone", LinkKind.GITHUB_REPO, outcome=Outcome.DEAD)
    card = score_paper(paper(), [dead], Rubric(), today=TODAY)
    assert answer_of(card, "B3") == CriterionResult.FAIL


# Issue 24, "unknown stays unknown": each fact a tokenless run skips for the budget leaves the
# criteria needing it unknown, and the tier no higher than with a token (which asks it).
SKIPPING_WORLD = [
    FakeRepo("lab7/unchanged", files={"README.md": FULL, "train.py": ""}, parent="big/up"),
    FakeRepo(
        "lab7/released",
        files={"README.md": FULL, "train.py": ""},
        release=("v1", "2025-08-01T00:00:00Z"),
    ),
    FakeRepo(
        "lab7/old-home",
        files={"README.md": "# Net\n\nThe code has moved to https://github.com/lab7/net\n"},
    ),
    FakeRepo("lab7/net", files={"README.md": FULL, "train.py": ""}, license=MIT),
    FakeRepo("lab7/new-name", files={"README.md": FULL, "train.py": ""}, old_names=("lab7/old",)),
    FakeRepo(
        "lab7/suite", files={"README.md": "# Suite\n", "code/README.md": FULL, "code/a.py": ""}
    ),
]
# (what a tokenless run skips, the link, the criterion it leaves unknown)
SKIPPED_FACTS = [
    ("fork-comparison", "https://github.com/lab7/unchanged", "B2"),
    ("releases", "https://github.com/lab7/released", "F3"),
    ("moved-to", "https://github.com/lab7/old-home", "B2"),
    ("rename", "https://github.com/lab7/old", "B2"),
    ("cited-folder", "https://github.com/lab7/suite/tree/gone-branch/code", "B1"),
]


async def judged(fetcher: Fetcher, fake: FakeGitHub, url: str, token: str | None) -> PaperScore:
    settings = Settings(
        github_api_url=fake.url,
        github_graphql_url=fake.url + "/graphql",
        github_token=token,
        max_retries=0,
    )
    key = repository_key(url)
    assert key is not None
    answer = (await GitHubFacts(fetcher, settings).repos([key]))[key]
    link = result(
        url,
        LinkKind.GITHUB_REPO,
        outcome=answer.check.outcome,
        repo=answer.facts,
        final_url=answer.check.final_url,
        detail=answer.check.detail,
    )
    return score_paper(paper(date_="2025-06"), [link], Rubric(), today=TODAY)


@pytest.mark.parametrize(("fact", "url", "cid"), SKIPPED_FACTS, ids=[f for f, *_ in SKIPPED_FACTS])
async def test_a_skipped_fact_leaves_its_criteria_unknown_and_never_raises_the_tier(
    fetcher: Fetcher, fact: str, url: str, cid: str
) -> None:
    with FakeGitHub(SKIPPING_WORLD, token=TOKEN) as fake:
        asked = await judged(fetcher, fake, url, TOKEN)
    # Without a token, two requests: the repository's own; every follow-up is skipped.
    with FakeGitHub(SKIPPING_WORLD, rest_budget=2) as fake:
        skipped = await judged(fetcher, fake, url, None)
    assert answer_of(asked, cid) != CriterionResult.UNKNOWN, asked.criteria
    assert answer_of(skipped, cid) == CriterionResult.UNKNOWN, skipped.criteria
    # Unknown is no grade; any grade is at most the one the asked fact gives, and a skip
    # never makes a link dead or a placeholder.
    tiers = (fact, skipped.tier, asked.tier)
    assert skipped.tier is Tier.UNKNOWN or TIER_RANK[skipped.tier] <= TIER_RANK[asked.tier], tiers
    assert skipped.tier not in (Tier.DEAD, Tier.PLACEHOLDER) or skipped.tier == asked.tier, tiers
