"""Whose a README's weights, results and citations are, and whether the README is about another
work (`auditor.readme.ownership` through `analyze_readme`). Every README here is our own
writing: inherited ones of varied layouts and hosts, near misses that must stay the paper's own,
in lone-file mode (nothing but the text), with the repository's name, and with the paper's
identity."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from auditor.models import Inherited, ReadmeCover, Whose
from auditor.readme.analysis import PaperIdentity, analyze_readme
from auditor.readme.ownership import name_words
from auditor.readme.titles import same_title

C = ReadmeCover
BIBTEX = "```bibtex\n@inproceedings{{key2024,\n  title={{{title}}},\n  year={{2024}}\n}}\n```\n"
QUATERNION = PaperIdentity(
    name="QuatNet",
    title="Learning Rotations with Quaternion Networks",
    acronym="QuatNet",
    arxiv_id="2405.12345",
)


@dataclass(frozen=True)
class Case:
    readme: str
    repository: str | None = None
    identity: PaperIdentity | None = None
    upstream: str | None = None
    work: str | None = None  # the other work the answer names, when it names one


def _inherited(case: Case) -> tuple[Inherited, str | None, int]:
    facts = analyze_readme(
        case.readme, repository=case.repository, identity=case.identity, upstream=case.upstream
    )
    return facts.inherited.inherited, facts.inherited.other_work, facts.inherited.line


UPSTREAM_BODY = (
    "DetKit is an open source toolbox for object detection.\n\n"
    "## Installation\n\n```\npip install detkit\n```\n\n"
    "## Model zoo\n\nSee [the zoo](docs/zoo.md).\n"
)

INHERITED = {
    "cookiecutter title, lone file": Case(
        "# {{ cookiecutter.project_name }}\n\n{{ cookiecutter.description }}\n\n"
        "## Installation\n\n```\npip install -e .\n```\n",
        work="a template",
    ),
    "placeholder heading, lone file": Case(
        "# Project Name\n\nA short description of what this project does.\n\n"
        "## Usage\n\n```\npython main.py\n```\n",
        work="a template",
    ),
    "replace-this instructions": Case(
        "# my-lab-template\n\nReplace this text with a description of your project.\n\n"
        "## Getting started\n\nRun `make setup`.\n",
        repository="lab/graph-study",
        work="a template",
    ),
    "jinja project variable in the title": Case(
        "# {{ project_name }}\n\n[![CI](https://img.shields.io/badge/ci-passing-green)](x)\n\n"
        "Training code lives in `src/`.\n",
        work="a template",
    ),
    "bare GitHub fork notice": Case(
        "# DetKit\n\nThis repository is a fork of [DetKit](https://github.com/detkit-org/detkit).\n\n"
        + UPSTREAM_BODY,
        work="detkit-org/detkit",
    ),
    "GitLab 'forked from' at the top": Case(
        "Forked from https://gitlab.com/vision-group/segkit\n\n# SegKit\n\n"
        "SegKit segments everything.\n\n## Install\n\n```\npip install segkit\n```\n",
        repository="alice/polyp-seg",
    ),
    "Bitbucket project was forked": Case(
        "# Tracker\n\nThis project was forked from https://bitbucket.org/motionlab/tracker.\n\n"
        "Tracker follows objects in video.\n",
    ),
    "original README kept below a one-line note": Case(
        "# Notes\n\nSee below.\n\n## Original README\n\n# DetKit\n\n" + UPSTREAM_BODY * 3,
        repository="bob/detkit-experiments",
    ),
    "the original README follows, RST-like title": Case(
        "Experiments\n===========\n\nThe original README follows.\n\n" + UPSTREAM_BODY * 3,
    ),
    "a GitHub fork whose title is its parent's": Case(
        "# DetKit\n\n" + UPSTREAM_BODY,
        repository="alice/fastmask",
        upstream="detkit-org/DetKit",
        work="detkit-org/DetKit",
    ),
    "another work's BibTeX, the paper known": Case(
        "# Sparse Graph Transformers\n\nCode for sparse attention on graphs.\n\n## Citation\n\n"
        + BIBTEX.format(title="Sparse Graph Transformers for Molecule Property Prediction"),
        identity=QUATERNION,
        work="Sparse Graph Transformers for Molecule Property Prediction",
    ),
    "another work's arXiv badge, the paper known": Case(
        "# FlowNet-X\n\n[![arXiv](https://img.shields.io/badge/arXiv-2101.00001-red)]"
        "(https://arxiv.org/abs/2101.00001)\n\n## Usage\n\n```\npython run.py\n```\n",
        identity=QUATERNION,
        work="arXiv:2101.00001",
    ),
}


@pytest.mark.parametrize("case", INHERITED.values(), ids=INHERITED.keys())
def test_an_inherited_readme_is_found_with_its_evidence(case: Case) -> None:
    verdict, work, line = _inherited(case)
    assert verdict is Inherited.YES
    assert line > 0
    if case.work is not None:
        assert work == case.work


RENAMED = "# OldName\n\nOldName learns rotations.\n\n" + BIBTEX.format(title="OldName: Rotations")

NEAR_MISSES = {
    "a renamed project": Case(RENAMED, repository="alice/newname"),
    "a renamed project, lone file": Case(RENAMED),
    "its own BibTeX beside its base model's": Case(
        "# QuatNet\n\nWe fine-tune a base model.\n\n## Citation\n\n"
        + BIBTEX.format(title="Learning Rotations with Quaternion Networks")
        + "\nWe build on the base model; please also cite it:\n\n"
        + BIBTEX.format(title="A Large Base Model for Vision"),
        identity=QUATERNION,
    ),
    "built on top of X with its own results": Case(
        "# FastMask\n\nThis code is built on top of [DetKit](https://github.com/detkit-org/detkit)."
        "\n\n## Results\n\n| Method | AP |\n| --- | --- |\n| FastMask | 41.2 |\n"
        "| DetKit | 39.0 |\n",
        repository="alice/fastmask",
    ),
    "a fork that rewrote its README": Case(
        "# FastMask\n\nThis repository is a fork of [DetKit](https://github.com/detkit-org/detkit)"
        " that adds our mask head for the paper.\n\n## Training\n\n```\npython train.py\n```\n",
        repository="alice/fastmask",
        upstream="detkit-org/detkit",
    ),
    "a README that does not name the paper": Case(
        "# Experiments\n\nScripts for the experiments.\n\n```\npython run.py\n```\n",
        identity=QUATERNION,
    ),
    "some files forked from elsewhere": Case(
        "# MathTune\n\n`train.py` and `utils.py` are forked from "
        "[here](https://github.com/someone/other-repo).\n",
        repository="lab/mathtune",
    ),
    "a prompt template in code": Case(
        "# AskBench\n\nThe prompt:\n\n```\n{{ question }}\nAnswer: {{ answer }}\n```\n",
    ),
    "a template is the contribution": Case(
        "# ReproKit\n\nThis repository is a template for reproducible experiments, used in our"
        " paper.\n",
    ),
    "a fork that names itself": Case(
        "# FastMask, built on DetKit\n\n" + UPSTREAM_BODY,
        repository="alice/fastmask",
        upstream="detkit-org/detkit",
    ),
    "the paper's own arXiv id in the head": Case(
        "# Rotations\n\n[paper](https://arxiv.org/abs/2405.12345)\n\n"
        + BIBTEX.format(title="A Large Base Model for Vision"),
        identity=QUATERNION,
    ),
    "a fork notice deep in the acknowledgements": Case(
        "# FastMask\n\n" + "Some text.\n\n" * 20 + "## Acknowledgements\n\n"
        "This repository is a fork of [DetKit](https://github.com/detkit-org/detkit).\n",
    ),
}


@pytest.mark.parametrize("case", NEAR_MISSES.values(), ids=NEAR_MISSES.keys())
def test_a_near_miss_is_never_inherited(case: Case) -> None:
    assert _inherited(case)[0] is not Inherited.YES


def test_naming_the_paper_or_the_repository_is_a_no() -> None:
    named = Case("# QuatNet\n\nRotations.\n", identity=QUATERNION)
    assert _inherited(named)[0] is Inherited.NO
    by_title = Case("# Code\n\nFor *Quaternion Networks for rotations*.\n", identity=QUATERNION)
    assert _inherited(by_title)[0] is Inherited.NO
    one_word = Case("# Networks\n\n" + BIBTEX.format(title="Graph Nets"), identity=QUATERNION)
    assert _inherited(one_word)[0] is Inherited.YES  # one word of its title names no paper
    titled = Case("# FastMask: masks, fast\n\nText.\n", repository="alice/FastMask")
    assert _inherited(titled)[0] is Inherited.NO
    assert _inherited(Case("# FastMask\n\nText.\n"))[0] is Inherited.UNKNOWN


def test_an_inherited_readme_gives_only_another_works_claims() -> None:
    facts = analyze_readme(INHERITED["bare GitHub fork notice"].readme + BIBTEX.format(title="T"))
    assert facts.claims
    assert {claim.whose for claim in facts.claims} == {Whose.OTHER}
    assert {claim.work for claim in facts.claims} <= {"detkit-org/detkit", "T"}


# --- whose: weights ---------------------------------------------------------------------------


WEIGHTS = {
    "a base model fetched by its download command": (
        "# SafeTune\n\n## Setup\n\nDownload the base model (Llama-8B):\n\n```\n"
        "huggingface-cli download meta-org/Llama-8B --local-dir models/\n```\n",
        None,
        Whose.OTHER,
    ),
    "an incidental 'our' beside a backbone": (
        "# SafeTune\n\nWe use the official ViT backbone from "
        "[here](https://huggingface.co/vision-org/vit-base), kept in our `pretrained/` folder.\n",
        None,
        Whose.OTHER,
    ),
    "a model of another owner named in the training steps": (
        "# SafeTune\n\n## Training\n\nTraining starts from "
        "[Mistral-7B](https://huggingface.co/mistral-org/Mistral-7B) with LoRA.\n",
        "alice/safetune",
        Whose.OTHER,
    ),
    "our checkpoint, the same link words as a backbone's": (
        "# SafeTune\n\nOur fine-tuned checkpoints of the official backbone: "
        "[SafeTune-7B](https://huggingface.co/alice/SafeTune-7B).\n",
        "alice/safetune",
        Whose.OWN,
    ),
    "a personal account's model of the same project": (
        "# SafeTune\n\n## Training\n\nOr start from "
        "[SafeTune-7B](https://huggingface.co/bob-smith/safetune-7b).\n",
        "alice-lab/SafeTune",
        Whose.OWN,
    ),
    "another owner's model the words call ours": (
        "# SafeTune\n\n## Models\n\nOur models:\n\n| Model | Link |\n| --- | --- |\n"
        "| 7B | [weights](https://huggingface.co/bob-smith/st-7b) (ours) |\n",
        "alice-lab/SafeTune",
        Whose.OWN,
    ),
    "another owner's model in the README's head": (
        "# SafeTune\n\n[🤗 Model](https://huggingface.co/bob-smith/st-7b)\n\n## Usage\n\nRun it.\n",
        "alice-lab/SafeTune",
        Whose.OWN,
    ),
    "another owner's model named like the README's title": (
        "# QuickStep: fast fine-tuning\n\n## Models\n\n"
        "[QuickStep-7B](https://huggingface.co/bob-smith/quickstep-7b)\n",
        "alice-lab/code-release",
        Whose.OWN,
    ),
    "another owner's model outside the steps, nothing calling it ours": (
        "# SafeTune\n\n## Models\n\n| Model | Base | Link |\n| --- | --- | --- |\n"
        "| 7B | [Mistral-7B](https://huggingface.co/mistral-org/Mistral-7B) | soon |\n",
        "alice-lab/SafeTune",
        Whose.OTHER,
    ),
    "a model card's section linked in a note": (
        "# SafeTune\n\n## Framework\n\nNote: some models need a longer context, see "
        "[#long-inputs](https://huggingface.co/big-co/Chat-7B#long-inputs).\n",
        "alice-lab/SafeTune",
        Whose.OTHER,
    ),
    "another repository's release in a weights section": (
        "# FaceFix\n\n## Pre-trained models\n\nDownload the parser's models from "
        "[Releases](https://github.com/parser-lab/FaceParse/releases/tag/v1) to `weights/`.\n",
        "pris-lab/FaceFix",
        Whose.OTHER,
    ),
    "a ModelScope model of another owner": (
        "# SafeTune\n\n## Framework\n\nThe reward model: "
        "[RM-7B](https://modelscope.cn/models/big-co/RM-7B).\n",
        "alice-lab/SafeTune",
        Whose.OTHER,
    ),
    "a release asset of another repository in the set-up": (
        "# FaceFix\n\n## Setup\n\nFetch the face parser's weights from "
        "[Releases](https://github.com/parser-lab/FaceParse/releases/tag/v1).\n",
        "pris-lab/FaceFix",
        Whose.OTHER,
    ),
    "a compared model's card in a results row": (
        "# Evals\n\n## Results\n\n| Model | MMLU | GSM8K |\n| --- | --- | --- |\n"
        "| [Big-LM](https://github.com/biglab/models/blob/main/MODEL_CARD.md) | 71.2 | 80.1 |\n",
        None,
        Whose.OTHER,
    ),
    "a compared Hub model in a results row": (
        "# Evals\n\n## Results\n\n| Model | MMLU | GSM8K |\n| --- | --- | --- |\n"
        "| [Other-7B](https://huggingface.co/other-lab/other-7b) | 60.1 | 70.2 |\n",
        None,
        Whose.OTHER,
    ),
    "its own release asset": (
        "# FaceFix\n\n## Checkpoints\n\n"
        "[facefix.pth](https://github.com/pris-lab/FaceFix/releases/download/v1/facefix.pth)\n",
        "pris-lab/FaceFix",
        Whose.OWN,
    ),
}


@pytest.mark.parametrize(("readme", "repository", "whose"), WEIGHTS.values(), ids=WEIGHTS.keys())
def test_whose_the_weights_are(readme: str, repository: str | None, whose: Whose) -> None:
    facts = analyze_readme(readme, repository=repository)
    claims = [claim for claim in facts.claims if claim.cover is C.WEIGHTS]
    assert claims
    assert {claim.whose for claim in claims} == {whose}
    assert (C.WEIGHTS in facts.covers) is (whose is Whose.OWN)


# Weights the README presents as an input of the method, not its result, whatever host holds
# them: a tokenizer, an initialisation, a model that pre-processes the data, an off-the-shelf
# one, the baselines, another work's authors' release, what a step requires, a widely reused
# model named as what is fetched. A backbone describing the model's own architecture, and a
# reused model the work's own names hold, stay the paper's.
INPUTS = {
    "a tokenizer": (
        "# FancyNet\n\n## Pretrained models\n\nDownload the tokenizer from "
        "[here](https://drive.google.com/file/d/t1) into `tokenizer/`.\n",
        Whose.OTHER,
    ),
    "the weights a model is initialised from": (
        "# FancyNet\n\n## Weights\n\nInitialise the encoder from "
        "[this file](https://files.example.org/enc.pth), then train.\n",
        Whose.OTHER,
    ),
    "an ImageNet-pretrained network": (
        "# FancyNet\n\n## Pretrained models\n\nGet the ImageNet-pretrained encoder "
        "[here](https://drive.google.com/file/d/t2).\n",
        Whose.OTHER,
    ),
    "the baselines compared with": (
        "# FancyNet\n\n## Checkpoints\n\nCheckpoints of the methods we compare with: "
        "[BaseNet](https://drive.google.com/file/d/t3).\n",
        Whose.OTHER,
    ),
    "another work's authors' release": (
        "# FancyNet\n\n## Pretrained weights\n\nThe weights released by the authors of BaseNet: "
        "[Drive](https://drive.google.com/file/d/t4)\n",
        Whose.OTHER,
    ),
    "what a step requires": (
        "# FancyNet\n\n## Preparation\n\nThis step requires the pretrained "
        "[FlowNet](https://drive.google.com/file/d/t5) model.\n",
        Whose.OTHER,
    ),
    "a model used for pre-processing": (
        "# FancyNet\n\n## Preparation\n\nThe face detector's weights used for pre-processing: "
        "[detector.pth](https://files.example.org/detector.pth)\n",
        Whose.OTHER,
    ),
    "an off-the-shelf model": (
        "# FancyNet\n\n## Preparation\n\nPut the off-the-shelf depth model "
        "[depth.pt](https://files.example.org/depth.pt) into `weights/`.\n",
        Whose.OTHER,
    ),
    "a reused model named as what is fetched": (
        "# FancyNet\n\n## Preparation\n\nDownload the SAM checkpoint "
        "[sam_vit_h.pth](https://files.example.org/sam_vit_h.pth).\n",
        Whose.OTHER,
    ),
    "the weights of a reused model": (
        "# FancyNet\n\n## Models\n\nFetch the weights of [DINOv2](https://github.com/dino-lab/"
        "dinov2) from [here](https://files.example.org/dinov2_vitl14.pth).\n",
        Whose.OTHER,
    ),
    "a reused model with its variant before its name": (
        "# FancyNet\n\n## Checkpoints\n\nDownload the **[ViT-H SAM model]"
        "(https://files.example.org/sam_vit_h.pth)** into `checkpoint/`.\n",
        Whose.OTHER,
    ),
    "near miss: the work's model named with a reused backbone": (
        "# FancyNet\n\n## Checkpoints\n\nDownload the FancyNet-ResNet50 model "
        "[here](https://files.example.org/fancynet_r50.pth).\n",
        Whose.OWN,
    ),
    "near miss: our fine-tuned reused model": (
        "# FancyNet\n\n## Models\n\nOur fine-tuned SAM checkpoint: "
        "[sam_fancy.pth](https://files.example.org/sam_fancy.pth)\n",
        Whose.OWN,
    ),
    "near miss: a reused model the work is named for": (
        "# SAM-Fancy\n\n## Models\n\nDownload the SAM-Fancy checkpoint "
        "[here](https://files.example.org/sam_fancy.pth).\n",
        Whose.OWN,
    ),
    "near miss: a backbone in brackets describing the checkpoint": (
        "# FancyNet\n\n## Checkpoints\n\nCheckpoint (Swin-T backbone): "
        "[link](https://drive.google.com/file/d/t6)\n",
        Whose.OWN,
    ),
    "near miss: a checkpoint with a backbone": (
        "# FancyNet\n\n## Checkpoints\n\nPretrained weights: [Drive](https://drive.google.com/"
        "file/d/t7) (FancyNet with a ResNet-101 backbone)\n",
        Whose.OWN,
    ),
    "near miss: the backbone to download": (
        "# FancyNet\n\n## Checkpoints\n\nDownload the ResNet-101 backbone "
        "[here](https://drive.google.com/file/d/t8).\n",
        Whose.OTHER,
    ),
    "a weights file named for a reused model": (
        "# FancyNet\n\n## Data preparation\n\nDownload ViT-B-16.pt: "
        "[link](https://drive.google.com/file/d/t10)\n",
        Whose.OTHER,
    ),
    "a reused model's file among a step's inputs": (
        "# FancyNet\n\n## Checkpoints\n\nPut the parsing model `resnet34_parse.pt` from "
        "[Drive](https://drive.google.com/file/d/t11) into `models/`.\n",
        Whose.OTHER,
    ),
    "near miss: a file the work's name holds": (
        "# FancyNet\n\n## Checkpoints\n\nDownload fancynet_vit_b16.pth: "
        "[link](https://drive.google.com/file/d/t12)\n",
        Whose.OWN,
    ),
    "near miss: a word that only begins like a reused model": (
        "# FancyNet\n\n## Checkpoints\n\nDownload eclipse_final.pth: "
        "[link](https://drive.google.com/file/d/t13)\n",
        Whose.OWN,
    ),
    "near miss: our checkpoints initialised from a reused model": (
        "# FancyNet\n\n## Checkpoints\n\nWe release our checkpoints, initialised from CLIP: "
        "[Drive](https://drive.google.com/file/d/t9)\n",
        Whose.OWN,
    ),
}


@pytest.mark.parametrize(("readme", "whose"), INPUTS.values(), ids=INPUTS.keys())
def test_weights_presented_as_an_input_are_another_work_s(readme: str, whose: Whose) -> None:
    facts = analyze_readme(readme, repository="fancy-lab/FancyNet")
    claims = [claim for claim in facts.claims if claim.cover is C.WEIGHTS]
    assert claims
    assert {claim.whose for claim in claims} == {whose}
    assert (C.WEIGHTS in facts.covers) is (whose is Whose.OWN)


# What the paper's model uses or is built from, to fetch: another work's, whatever an "our"
# before it says; a component (an encoder, a VAE) named by another model's name; a weights file
# on a file host named for a widely reused model. (benchmarks.artifact_probe, base-model.)
USED = {
    "what our model uses": (
        "# FancyNet\n\n## Requirements\n\nOur model uses the speech encoder of "
        "[WavLM-Large](https://huggingface.co/big-co/wavlm-large); download it first.\n",
        Whose.OTHER,
    ),
    "what the method is initialised with": (
        "# FancyNet\n\n## Checkpoints\n\nThe method is initialised with "
        "[these weights](https://drive.google.com/file/d/u1).\n",
        Whose.OTHER,
    ),
    "near miss: our model released": (
        "# FancyNet\n\n## Checkpoints\n\nOur model is on "
        "[Drive](https://drive.google.com/file/d/u2).\n",
        Whose.OWN,
    ),
    "an encoder named by another model's name": (
        "# FancyNet\n\n## Preparation\n\nDownload the pre-trained HRNet encoder from "
        "[here](https://drive.google.com/file/d/u3).\n",
        Whose.OTHER,
    ),
    "near miss: the work's own encoder": (
        "# FancyNet\n\n## Checkpoints\n\nDownload the pre-trained FancyNet encoder from "
        "[here](https://drive.google.com/file/d/u4).\n",
        Whose.OWN,
    ),
    "near miss: an architecture's encoder": (
        "# FancyNet\n\n## Checkpoints\n\nWeights of the Transformer encoder: "
        "[here](https://drive.google.com/file/d/u5).\n",
        Whose.OWN,
    ),
    "a reused model's file on a file host": (
        "# FancyNet\n\n## Feature extraction\n\n```\nwget "
        "https://www.dropbox.com/s/u6/resnet101_faster_rcnn_final.caffemodel\n```\n",
        Whose.OTHER,
    ),
    "near miss: a file the work's name holds on a file host": (
        "# FancyNet\n\n## Checkpoints\n\n```\nwget "
        "https://www.dropbox.com/s/u7/fancynet_resnet101.pth\n```\n",
        Whose.OWN,
    ),
    "near miss: a reused model's name in a file we distribute": (
        "# FancyNet\n\n## Checkpoints\n\nWe distribute two checkpoints: "
        "[`dinosr_reproduced`](https://dl.example.org/models/dinosr_reproduced.pt).\n",
        Whose.OWN,
    ),
}


@pytest.mark.parametrize(("readme", "whose"), USED.values(), ids=USED.keys())
def test_what_the_paper_s_model_uses_is_another_work_s(readme: str, whose: Whose) -> None:
    facts = analyze_readme(readme, repository="fancy-lab/FancyNet")
    claims = [claim for claim in facts.claims if claim.cover is C.WEIGHTS]
    assert claims
    assert {claim.whose for claim in claims} == {whose}
    assert (C.WEIGHTS in facts.covers) is (whose is Whose.OWN)


# A weights section's download of a Hub model is judged by the model's holder; a table's column
# of base models holds another work's weights.
def test_a_hub_download_in_a_weights_section_is_whose_its_holder_says() -> None:
    def readme(model: str) -> str:
        return (
            "# FancyNet\n\n## Pretrained models\n\nFancyNet needs this model. Fetch it with\n\n"
            f"```\nhuggingface-cli download {model} --local-dir ckpt\n```\n"
        )

    other = analyze_readme(readme("sd-org/stable-diffusion-v1-5"), repository="fancy-lab/FancyNet")
    own = analyze_readme(readme("fancy-lab/fancynet-base"), repository="fancy-lab/FancyNet")
    assert (C.WEIGHTS in other.covers, C.WEIGHTS in own.covers) == (False, True)


def test_a_base_model_column_holds_another_work_s_weights() -> None:
    text = (
        "# FancyNet\n\n## Model zoo\n\n| Model | Base Model | HF Link |\n| --- | --- | --- |\n"
        "| FancyNet-7B | [Fancy-Base-7B](https://huggingface.co/fancy-lab/Fancy-Base-7B) | "
        "[fancy-lab/FancyNet-7B](https://huggingface.co/fancy-lab/FancyNet-7B) |\n"
    )
    facts = analyze_readme(text, repository="fancy-lab/FancyNet")
    own = [a.url for a in facts.artifacts if a.whose is Whose.OWN]
    assert own == ["https://huggingface.co/fancy-lab/FancyNet-7B"]


# --- whose: results and citations -------------------------------------------------------------

TABLE = "| Method | Acc |\n| --- | --- |\n| A | 71.2 |\n| B | 74.5 |\n"


@pytest.mark.parametrize(
    ("heading", "whose"),
    [
        ("## Baseline results", Whose.OTHER),
        ("## Baselines", Whose.OTHER),
        ("## Comparison with baselines", Whose.OWN),
        ("## Results", Whose.OWN),
        ("## Main results vs. baselines", Whose.OWN),
    ],
)
def test_whose_the_results_are(heading: str, whose: Whose) -> None:
    facts = analyze_readme(f"# Net\n\nA method.\n\n{heading}\n\n{TABLE}")
    claims = {claim.whose for claim in facts.claims if claim.cover is C.RESULTS}
    assert claims == {whose}
    assert (C.RESULTS in facts.covers) is (whose is Whose.OWN)


@pytest.mark.parametrize(
    ("introduction", "whose"),
    [
        ("Results of the baselines, as reported by the original authors:", Whose.OTHER),
        ("Numbers taken from the original paper:", Whose.OTHER),
        ("Our results compared with the baselines:", Whose.OWN),
        ("Accuracy on the test split:", Whose.OWN),
    ],
)
def test_whose_the_results_are_by_the_sentence_introducing_them(
    introduction: str, whose: Whose
) -> None:
    facts = analyze_readme(
        f"# Net\n\nResults of the baselines are in the appendix.\n\n## Results\n\n"
        f"{introduction}\n\n{TABLE}"
    )
    claims = [claim for claim in facts.claims if claim.cover is C.RESULTS]
    assert claims[0].whose is Whose.OWN  # the section's heading: the sentence above is not its
    assert {claim.whose for claim in claims[1:]} == {whose}
    assert (C.RESULTS in facts.covers) is (whose is Whose.OWN)


CITATIONS = {
    "only the original work's BibTeX": (
        "# Net\n\nA method.\n\n## Citation\n\nThis code is based on X; please also cite the"
        " original paper:\n\n" + BIBTEX.format(title="X: The Original"),
        None,
        False,
    ),
    "its own BibTeX": (
        "# Net\n\nA method.\n\n## Citation\n\nIf you use this code, please cite our paper:\n\n"
        + BIBTEX.format(title="Net: A Method"),
        None,
        True,
    ),
    "another title than the paper's, the paper known": (
        "# Net\n\n## Citation\n\n" + BIBTEX.format(title="Unrelated Work on Graphs"),
        QUATERNION,
        False,
    ),
    "the paper's title, the paper known": (
        "# Net\n\n## Citation\n\n"
        + BIBTEX.format(title="Learning Rotations with Quaternion Networks"),
        QUATERNION,
        True,
    ),
}


@pytest.mark.parametrize(("readme", "identity", "own"), CITATIONS.values(), ids=CITATIONS.keys())
def test_whose_the_citation_is(readme: str, identity: PaperIdentity | None, own: bool) -> None:
    facts = analyze_readme(readme, identity=identity)
    claims = [claim for claim in facts.claims if claim.cover is C.CITATION]
    assert [claim.whose for claim in claims] == [Whose.OWN if own else Whose.OTHER]
    assert (C.CITATION in facts.covers) is own
    if not own:
        assert claims[0].work is not None


def test_titles_and_names_compare_by_their_words() -> None:
    assert same_title("Learning Rotations with Quaternion Networks", "Quaternion Networks")
    assert not same_title("Learning Rotations", "Sparse Graph Transformers")
    assert name_words("FastSeg-v2") == {"fastseg"}
    assert name_words("code-for-paper") == set()
