"""The paper's identity through the scorer (`auditor.rubric.identity`): READMEs of our own writing
analysed as every host does (`readme.analysis.with_readme`), then scored for a named paper.
Other-work repositories take the tier `mismatch` and no score; inherited READMEs credit no
documentation, the code still counting; near misses (a renamed project, a base model's BibTeX
beside the paper's own) are the paper's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from auditor.cli.exits import findings
from auditor.models import CriterionResult, LinkKind, PaperScore, RepoFacts, Tier
from auditor.readme.analysis import with_readme
from auditor.rubric.registry import Rubric
from auditor.rubric.rules_access import code_released
from auditor.rubric.rules_content import readme_results, substantive_readme
from auditor.rubric.score import score_paper
from tests.support.scorecards import TODAY, gold_facts, paper, result, scorecard

REPO = "https://github.com/lab/model"


def bib(key: str, title: str) -> str:
    entry = f"@article{{{key},\n  title={{{title}}},\n  author={{Doe, A.}},\n  year={{2025}}\n}}"
    return f"```bibtex\n{entry}\n```\n"


def readme(name: str, *, intro: str = "", cites: str = "", extra: str = "") -> str:
    """A documented README of the project `name`: install, train, results, citation."""
    return f"""# {name}

{intro or f"This is the official code of {name}."} It trains and evaluates the model on a
public benchmark with one GPU, and every number in the results table below comes from the
scripts of this repository; the configuration files sit in `configs/`.

## Installation
```bash
pip install -r requirements.txt
```

## Training
```bash
python train.py --config configs/base.yaml
```

## Results
| model | score |
| --- | --- |
| {name} | 71.2 |
{extra}
## Citation
{cites or bib(name.casefold(), f"{name}: A Method of Its Own")}"""


def judged(
    name: str, text: str, *, description: str | None = None, title: str | None = None, **facts
) -> PaperScore:
    base = replace(gold_facts(), description=description, **facts)
    analysed = with_readme(base, "README.md", len(text), text, repository="lab/model")
    link = result(REPO, LinkKind.GITHUB_REPO, repo=analysed)
    return score_paper(paper(name=name, title=title), [link], Rubric(), today=TODAY)


def result_of(card: PaperScore, cid: str) -> CriterionResult:
    return next(c.result for c in card.criteria if c.id == cid)


# (paper, README's project, its description, the paper's title)
OTHER_WORK = [
    ("GlowNet", "PriorArt", "PriorArt: image restoration", None),
    ("RiverSeg", "OldMethod", "Code for OldMethod", None),
    ("TinyParse", "GrammarKit", "GrammarKit, a parser toolkit", None),
    ("QuillLM", "InkModel", "InkModel (ICLR 2025)", None),
    ("Spectra", "WaveFormer", "WaveFormer: audio transformers", None),
    ("Harbor", "DockSim", "Official DockSim implementation", None),
    ("Lumen", "ShadeGAN", "ShadeGAN — relighting", None),
    ("Pivot", "RotaNet", "RotaNet rotation estimation", None),
    ("Ferro", "MagnaField", "MagnaField: field simulation", "Ferro: Magnetic Priors for Sensing"),
    ("Cobalt", "BlueStack", "BlueStack", "Cobalt: Stacked Models for Depth"),
]


@pytest.mark.parametrize(("name", "work", "description", "title"), OTHER_WORK)
def test_a_repository_about_another_work_is_a_mismatch(
    name: str, work: str, description: str, title: str | None
) -> None:
    card = judged(name, readme(work), description=description, title=title)
    assert card.tier is Tier.MISMATCH, card.criteria
    assert card.score is None
    assert card.other_work is not None
    assert card.other_work.name == work
    assert card.other_work.sentence == (
        f"the cited repository appears to be about another work ({work})"
    )
    assert any(e.startswith("BibTeX title: ") for e in card.other_work.evidence)


def test_another_works_arxiv_id_is_evidence_when_the_papers_id_is_known() -> None:
    text = readme("OldMethod", intro="OldMethod, from arXiv:2210.01234, in PyTorch.", cites=" ")
    base = replace(gold_facts(), description="OldMethod (arXiv:2210.01234)")
    analysed = with_readme(base, "README.md", len(text), text, repository="lab/model")
    links = [
        result(REPO, LinkKind.GITHUB_REPO, repo=analysed),
        result("https://arxiv.org/abs/2401.00001", LinkKind.ARXIV),
    ]
    card = score_paper(paper(name="Stitch"), links, Rubric(), today=TODAY)
    assert card.tier is Tier.MISMATCH
    assert card.other_work is not None
    assert card.other_work.name == "arXiv:2210.01234"


# (paper, README, extra facts): READMEs of another project with the paper's code beside them.
INHERITED = [
    ("KiteNet", readme("BaseKit"), {}),
    ("Osprey", readme("Falcon"), {}),
    ("Marble", readme("Granite"), {"description": None}),
    ("Nimbus", readme("Cumulus"), {"fork": True, "parent": "big/cumulus", "fork_ahead_by": 4}),
    ("Quartz", readme("Feldspar"), {"fork": True, "parent": "geo/feldspar", "fork_ahead_by": 1}),
    ("Willow", "# Original README\n\n" + readme("Birch"), {}),
    ("Sparrow", "This repository is a fork of big/robin.\n\n" + readme("Robin"), {}),
    ("Cedar", "# {{ cookiecutter.project_name }}\n\nEdit this README.\n" + readme("X"), {}),
    ("Dune", readme("Sahara"), {"description": "Deep learning experiments"}),
    ("Reef", readme("Atoll"), {"description": "Code"}),
]


@pytest.mark.parametrize(("name", "text", "facts"), INHERITED)
def test_an_inherited_readme_credits_no_documentation(name: str, text: str, facts: dict) -> None:
    card = judged(name, text, **facts)
    assert card.tier is Tier.LISTED, card.criteria
    assert result_of(card, code_released.id) == CriterionResult.PASS  # the code still counts
    for spec in (substantive_readme, readme_results):
        criterion = next(c for c in card.criteria if c.id == spec.id)
        assert criterion.result == CriterionResult.FAIL
        assert "it documents another project" in criterion.reason, criterion


# (paper, README, description, title): the paper's own work.
NEAR_MISSES = [
    ("NuNet", readme("NuNetPlus", intro="NuNetPlus (formerly NuNet) is our method."), None, None),
    ("XiNet", readme("XiNet", extra="\nBuilt on BaseModel.\n" + bib("b", "BaseModel")), None, None),
    ("Orbit", readme("OrbitV2", intro="OrbitV2 extends our Orbit paper."), "OrbitV2", None),
    (
        "Glide",
        readme("Glide", cites=bib("g", "Glide: Smooth Motion") + bib("t", "TeacherNet")),
        "Glide, built on TeacherNet",
        None,
    ),
    ("Trans-Lite", readme("TransLite"), "TransLite", None),
    ("PAMM", readme("Parameter Aware Mamba Model"), "Parameter Aware Mamba Model", None),
    (
        "Halo",
        readme("Ring", cites=bib("h", "Halo Effects in Dense Retrieval")),
        "Ring retrieval",
        "Halo Effects in Dense Retrieval",
    ),
    ("Buzzword", readme("Buzzwords Study"), "Buzzwords Study", None),
    ("Morph4D", readme("MorphoSim"), "MorphoSim", None),
    (
        "Sketch",
        readme("Sketch", cites=bib("s", "Sketch") + bib("v", "ViT")),
        "ViT fine-tuning",
        None,
    ),
]


@pytest.mark.parametrize(("name", "text", "description", "title"), NEAR_MISSES)
def test_a_near_miss_is_the_papers_own(
    name: str, text: str, description: str | None, title: str | None
) -> None:
    card = judged(name, text, description=description, title=title)
    assert card.tier is not Tier.MISMATCH
    assert card.other_work is None
    assert result_of(card, substantive_readme.id) == CriterionResult.PASS, card.criteria


def test_a_readme_naming_no_work_is_never_a_mismatch() -> None:
    intro = (
        "These are the experiments of a paper, run with the scripts below on one machine, "
        "each in a few hours."
    )
    text = readme("Code", intro=intro, cites=" ").replace("# Code", "# Experiments")
    card = judged("Zephyr", text, description="Experiments")
    assert card.other_work is None
    assert result_of(card, substantive_readme.id) == CriterionResult.PASS


def test_facts_without_a_readme_are_judged_as_before() -> None:
    facts: RepoFacts = gold_facts()
    link = result(REPO, LinkKind.GITHUB_REPO, repo=facts)
    card = score_paper(paper(name="Anything"), [link], Rubric(), today=TODAY)
    assert card.other_work is None
    assert card.tier is not Tier.MISMATCH


def test_fail_on_tier_below_counts_a_mismatch_as_below_every_floor() -> None:
    name, work, description, _ = OTHER_WORK[0]
    card = judged(name, readme(work), description=description)
    document = scorecard([(paper(name=name), [])])
    document = replace(
        document, papers=tuple(replace(entry, score=card) for entry in document.papers)
    )
    assert findings(document, ["tier-below:listed"]) == ["1 paper(s) with code below listed"]


def test_facts_read_back_without_the_readmes_words_are_not_judged() -> None:
    """A merge of shards scores facts read from scorecard.json, which keeps no README words:
    another work's BibTeX title alone then says nothing."""
    name, work, description, _ = OTHER_WORK[0]
    text = readme(work)
    base = replace(gold_facts(), description=description)
    analysed = with_readme(base, "README.md", len(text), text, repository="lab/model")
    read_back = replace(analysed, readme_words=(), readme_arxiv_ids=(), readme_inherited=None)
    link = result(REPO, LinkKind.GITHUB_REPO, repo=read_back)
    card = score_paper(paper(name=name), [link], Rubric(), today=TODAY)
    assert card.other_work is None
    assert card.tier is not Tier.MISMATCH
