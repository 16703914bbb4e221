"""`auditor.readme.artifacts`: every link a README gives, classified (kind, line, sentence,
section, whose), on READMEs written for these tests — one table per class of link, with the
near-misses beside the variants."""

from __future__ import annotations

import pytest

from auditor.models import ArtifactKind as K
from auditor.models import Whose
from auditor.readme import artifacts
from auditor.readme.analysis import analyze_readme


def _readme(*parts: str) -> str:
    return "# FancyNet\n\nOfficial code of FancyNet.\n\n" + "\n".join(parts)


def _kinds(text: str) -> list[tuple[str, K, Whose]]:
    return [(a.url, a.kind, a.whose) for a in analyze_readme(text).artifacts]


OWN, OTHER = Whose.OWN, Whose.OTHER

# (README, every link it gives as (url, kind, whose), in order)
KINDS = [
    pytest.param(
        _readme("Our checkpoint: https://huggingface.co/fancy-lab/fancynet-base"),
        [("https://huggingface.co/fancy-lab/fancynet-base", K.WEIGHTS, OWN)],
        id="a-hugging-face-model",
    ),
    pytest.param(
        _readme("Download the base model from https://huggingface.co/big-co/llama-7b first."),
        [("https://huggingface.co/big-co/llama-7b", K.WEIGHTS, OTHER)],
        id="a-third-party-base-model-is-weights-but-another-work-s",
    ),
    pytest.param(
        _readme("Try it in [Colab](https://colab.research.google.com/drive/abc123)."),
        [("https://colab.research.google.com/drive/abc123", K.DEMO, OWN)],
        id="a-hosted-notebook-is-a-demo",
    ),
    pytest.param(
        _readme("Paper: https://arxiv.org/abs/2501.01234"),
        [("https://arxiv.org/abs/2501.01234", K.OTHER, OWN)],
        id="a-paper-is-other",
    ),
    pytest.param(
        _readme("Built with https://github.com/some-org/toolkit."),
        [("https://github.com/some-org/toolkit", K.CODE, OWN)],
        id="a-repository-is-code",
    ),
    pytest.param(
        _readme("Full documentation: https://fancynet.readthedocs.io/en/latest/"),
        [("https://fancynet.readthedocs.io/en/latest/", K.DOCUMENTATION, OWN)],
        id="read-the-docs-is-documentation",
    ),
    pytest.param(
        _readme("The benchmark is at https://huggingface.co/datasets/fancy-lab/bench."),
        [("https://huggingface.co/datasets/fancy-lab/bench", K.DATA, OWN)],
        id="a-hugging-face-dataset",
    ),
]


@pytest.mark.parametrize(("text", "expected"), KINDS)
def test_each_link_is_classified(text: str, expected: list[tuple[str, K, Whose]]) -> None:
    assert _kinds(text) == expected


def test_a_link_carries_its_line_sentence_and_section() -> None:
    text = _readme("## Pretrained models\n", "Weights: https://huggingface.co/fancy-lab/fancynet")
    (link,) = analyze_readme(text).artifacts
    assert (link.line, link.section) == (7, "Pretrained models")
    assert link.sentence == "Weights: https://huggingface.co/fancy-lab/fancynet"


def test_a_promised_link_is_classified_but_not_given() -> None:
    text = _readme("Weights coming soon at https://huggingface.co/fancy-lab/fancynet.")
    facts = analyze_readme(text)
    assert [(a.kind, a.promised) for a in facts.artifacts] == [(K.WEIGHTS, True)]
    assert facts.artifact_links == ()
    assert artifacts.weights_urls(facts.artifacts) == ()


def test_artifact_links_are_the_given_weights_data_and_demos() -> None:
    text = "\n\n".join(
        [
            "# FancyNet",
            "Paper: https://arxiv.org/abs/2501.01234",
            "Weights: https://huggingface.co/fancy-lab/fancynet",
            "Download the base model from https://huggingface.co/big-co/llama-7b first.",
            "Data: https://huggingface.co/datasets/fancy-lab/bench",
            "Demo: https://huggingface.co/spaces/fancy-lab/demo",
        ]
    )
    facts = analyze_readme(text)
    assert facts.artifact_links == (
        "https://huggingface.co/fancy-lab/fancynet",
        "https://huggingface.co/datasets/fancy-lab/bench",
        "https://huggingface.co/spaces/fancy-lab/demo",
    )
    assert artifacts.weights_urls(facts.artifacts) == ("https://huggingface.co/fancy-lab/fancynet",)
    assert artifacts.data_urls(facts.artifacts) == (
        "https://huggingface.co/datasets/fancy-lab/bench",
    )


# A data section's or sentence's links are the data, whatever their host; its papers, pictures,
# videos, licences and documentation are not.
DATA_CONTEXT = [
    pytest.param(
        "## Datasets\n\nDownload the images from https://vision.example.edu/birds/images.tar",
        ["https://vision.example.edu/birds/images.tar"],
        id="a-university-server-under-a-data-heading",
    ),
    pytest.param(
        "## Data preparation\n\n- https://github.com/some-lab/street-scenes",
        ["https://github.com/some-lab/street-scenes"],
        id="a-bare-line-under-a-data-heading",
    ),
    pytest.param(
        "## Datasets\n\n| Name | Link |\n|---|---|\n"
        "| Birds | [get](https://zenodo.org/records/1) |\n"
        "| Cars | [get](https://data.example.org/cars) |",
        ["https://zenodo.org/records/1", "https://data.example.org/cars"],
        id="a-table-of-datasets",
    ),
    pytest.param(
        "## Usage\n\nThe dataset is on [Kaggle](https://www.kaggle.com/datasets/lab/birds).",
        ["https://www.kaggle.com/datasets/lab/birds"],
        id="a-data-host-anywhere",
    ),
    pytest.param(
        "## Usage\n\nThe evaluation split is at https://files.example.org/split.json.",
        ["https://files.example.org/split.json"],
        id="a-sentence-naming-a-split",
    ),
    pytest.param(
        "## Usage\n\nThe data can be downloaded here:\n\n```\nhttps://drive.google.com/drive/folders/x1\n```",
        ["https://drive.google.com/drive/folders/x1"],
        id="a-bare-line-under-a-data-sentence",
    ),
    pytest.param(
        "## Usage\n\nThe benchmark corpus:\n\nhttps://files.example.org/corpus.zip",
        ["https://files.example.org/corpus.zip"],
        id="a-bare-line-under-a-corpus-sentence",
    ),
    pytest.param(
        "## Usage\n\nOur trained models:\n\n```\nhttps://drive.google.com/drive/folders/x2\n```",
        [],
        id="near-miss-a-bare-line-under-a-weights-sentence",
    ),
    pytest.param(
        "## Usage\n\nRun the demo:\n\nhttps://files.example.org/corpus.zip",
        [],
        id="near-miss-a-bare-line-under-a-sentence-without-data",
    ),
    pytest.param(
        "## Datasets\n\nSee the paper https://arxiv.org/abs/2401.00001 for the datasets.",
        [],
        id="near-miss-a-paper-in-a-data-section",
    ),
    pytest.param(
        "## Datasets\n\n![overview](https://example.org/overview.png)\n\n"
        "A walkthrough: https://www.youtube.com/watch?v=abc\n\n"
        "Licence: https://creativecommons.org/licenses/by/4.0/",
        [],
        id="near-miss-a-picture-a-video-and-a-licence",
    ),
    pytest.param(
        "## Datasets\n\nThe loader is documented at https://birdkit.readthedocs.io/en/latest/",
        [],
        id="near-miss-documentation",
    ),
    pytest.param(
        "## Datasets\n\nThe checkpoints trained on it: https://example.org/ours",
        [],
        id="near-miss-weights-words-in-a-data-section",
    ),
    pytest.param(
        "## Installation\n\nClone https://github.com/some-lab/toolkit first.",
        [],
        id="near-miss-a-repository-outside-any-data-context",
    ),
]


@pytest.mark.parametrize(("section", "expected"), DATA_CONTEXT)
def test_a_data_context_makes_its_links_data(section: str, expected: list[str]) -> None:
    facts = analyze_readme(_readme(section))
    assert list(artifacts.data_urls(facts.artifacts)) == expected


def test_data_context_links_are_not_artifact_links() -> None:
    """`artifact_links` stays what scorecard.json has always meant: links on artifact hosts."""
    facts = analyze_readme(_readme("## Datasets\n\nhttps://vision.example.edu/birds/images.tar"))
    assert artifacts.data_urls(facts.artifacts) == ("https://vision.example.edu/birds/images.tar",)
    assert facts.artifact_links == ()


def test_a_file_share_only_its_context_calls_data_is_not_an_artifact_link() -> None:
    facts = analyze_readme(
        _readme(
            "## Usage\n\nThe data can be downloaded here:\n\nhttps://drive.google.com/file/d/x3"
        )
    )
    (link,) = facts.artifacts
    assert (link.kind, link.by_context) == (K.DATA, True)
    assert facts.artifact_links == ()


# A link's text is one name: "and" inside it does not cut the sentence from the link.
LINK_TEXT = [
    pytest.param(
        "We provide [two models (Indoor and Outdoor)](https://drive.google.com/drive/folders/m1).",
        ["https://drive.google.com/drive/folders/m1"],
        id="and-inside-a-link-s-text",
    ),
    pytest.param(
        "Our checkpoints: [small and large](https://drive.google.com/drive/folders/m2)",
        ["https://drive.google.com/drive/folders/m2"],
        id="and-in-a-link-text-after-the-words",
    ),
    pytest.param(
        "We provide code, and [the scans](https://drive.google.com/drive/folders/m3).",
        [],
        id="near-miss-an-and-outside-the-link-still-cuts",
    ),
]


@pytest.mark.parametrize(("line", "expected"), LINK_TEXT)
def test_a_link_s_text_is_not_cut(line: str, expected: list[str]) -> None:
    facts = analyze_readme(_readme(line))
    assert list(artifacts.weights_urls(facts.artifacts)) == expected
