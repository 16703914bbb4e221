"""`auditor.readme.artifacts`: every link a README gives, classified (kind, line, sentence,
section, whose), on READMEs written for these tests — one table per class of link, with the
near-misses beside the variants."""

from __future__ import annotations

import pytest

from auditor.models import ArtifactKind as K
from auditor.models import ReadmeCover, Whose
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


# ModelScope is the Hub's counterpart: its models are weights, its datasets data; an account's
# page on either holds both, so the words around it tell which.
HUB_PAGES = [
    pytest.param(
        "Checkpoints: [ModelScope](https://modelscope.cn/models/fancy-lab/FancyNet-7B)",
        ["https://modelscope.cn/models/fancy-lab/FancyNet-7B"],
        [],
        id="a-modelscope-model",
    ),
    pytest.param(
        "The corpus: https://www.modelscope.cn/datasets/fancy-lab/fancy-corpus",
        [],
        ["https://www.modelscope.cn/datasets/fancy-lab/fancy-corpus"],
        id="a-modelscope-dataset",
    ),
    pytest.param(
        "- [x] FancyNet-S and FancyNet-L [models](https://huggingface.co/fancy-lab/) are released.",
        ["https://huggingface.co/fancy-lab/"],
        [],
        id="an-account-page-its-sentence-calls-models",
    ),
    pytest.param(
        "All our data sets are listed on https://modelscope.cn/organization/fancy-lab (datasets).",
        [],
        ["https://modelscope.cn/organization/fancy-lab"],
        id="an-account-page-its-sentence-calls-data",
    ),
    pytest.param(
        "Follow the lab on [Hugging Face](https://huggingface.co/fancy-lab).",
        [],
        [],
        id="near-miss-an-account-page-nothing-calls-anything",
    ),
    pytest.param(
        "Read the [Hub documentation](https://huggingface.co/docs/hub/index) first.",
        [],
        [],
        id="near-miss-the-hub-s-own-pages",
    ),
]


@pytest.mark.parametrize(("line", "weights", "data"), HUB_PAGES)
def test_hub_pages_hold_what_their_host_or_words_say(
    line: str, weights: list[str], data: list[str]
) -> None:
    facts = analyze_readme(_readme(line))
    assert list(artifacts.weights_urls(facts.artifacts)) == weights
    assert list(artifacts.data_urls(facts.artifacts)) == data


# A code repository a data sentence or section names is the data only when the words make it
# so: told to download the data from it, its own text naming data, the part of it linked; a
# repository followed or a tool used in the data steps is code.
REPOSITORIES_AND_DATA = [
    pytest.param(
        "## Data\n\nDownload the scans from [ScanBank](https://github.com/scan-lab/scanbank).",
        ["https://github.com/scan-lab/scanbank"],
        id="told-to-download-the-data-from-it",
    ),
    pytest.param(
        "## Data\n\nFetch `scans.zip` and `labels.zip` as its "
        "[repository](https://github.com/scan-lab/scanbank) says to download.",
        ["https://github.com/scan-lab/scanbank"],
        id="the-line-s-only-link-with-a-download-in-a-data-section",
    ),
    pytest.param(
        "- Street scenes: [validation set](https://github.com/city-lab/streets#val)",
        ["https://github.com/city-lab/streets#val"],
        id="its-own-text-names-data",
    ),
    pytest.param(
        "The annotation format is the one of\n[CityKit](https://github.com/city-lab/citykit#prepare-data).",
        ["https://github.com/city-lab/citykit#prepare-data"],
        id="the-part-linked-is-the-data-preparation",
    ),
    pytest.param(
        "The [SceneSet](https://github.com/city-lab/sceneset) dataset is now available for "
        "download!",
        ["https://github.com/city-lab/sceneset"],
        id="a-dataset-available-for-download",
    ),
    pytest.param(
        "## Required data\n\n* [StreetSet](https://github.com/city-lab/streetset)\n"
        "* [RoadSet](https://github.com/road-lab/roadset)",
        ["https://github.com/city-lab/streetset", "https://github.com/road-lab/roadset"],
        id="names-a-data-section-lists",
    ),
    pytest.param(
        "## Datasets\n\n- Eye scans: https://github.com/eye-lab/eye-scans",
        ["https://github.com/eye-lab/eye-scans"],
        id="a-label-and-an-address-in-a-data-section",
    ),
    pytest.param(
        "## Datasets\n\n- Preprocessing code: [SceneKit](https://github.com/city-lab/scenekit)",
        [],
        id="near-miss-code-a-data-section-lists",
    ),
    pytest.param(
        "## Datasets\n\nSceneKit is available on GitHub: https://github.com/city-lab/scenekit",
        [],
        id="near-miss-a-sentence-about-a-tool-in-a-data-section",
    ),
    pytest.param(
        "## Data\n\nWe follow [CityKit](https://github.com/city-lab/citykit), preparing the data "
        "as below:",
        [],
        id="near-miss-a-repository-followed",
    ),
    pytest.param(
        "## Data\n\nConvert the data with `convert.py` for training with "
        "[TrainKit](https://github.com/tool-co/trainkit).",
        [],
        id="near-miss-a-tool-used-on-the-data",
    ),
    pytest.param(
        "## Data\n\nWe share the scans. Their folders are laid out as in:\n\n"
        "- [SceneSet-Baseline](https://github.com/city-lab/sceneset-baseline)",
        [],
        id="near-miss-a-list-of-repositories-a-layout-follows",
    ),
    pytest.param(
        "## Data\n\nHow to read the dataset: see [walkthrough.ipynb]"
        "(https://github.com/fancy-lab/fancynet/blob/main/walkthrough.ipynb).",
        [],
        id="near-miss-a-notebook-of-the-repository",
    ),
    pytest.param(
        "Our pre-training data moves from the old set to "
        "[MegaSet](https://github.com/big-co/megaset) with a new filter.",
        [],
        id="near-miss-data-said-of-a-repository-in-a-sentence",
    ),
]


@pytest.mark.parametrize(("text", "expected"), REPOSITORIES_AND_DATA)
def test_a_repository_is_data_only_when_the_words_make_it_so(
    text: str, expected: list[str]
) -> None:
    facts = analyze_readme(_readme(text))
    assert list(artifacts.data_urls(facts.artifacts)) == expected


# Links in a section of people or terms (contributors, authors, a licence) are never the data,
# whatever the section above them is about.
PEOPLE_AND_TERMS = [
    pytest.param(
        "## Contributors\n\n* [Jane Roe](https://janeroe.example.org/)", id="contributors"
    ),
    pytest.param("### Authors\n\n- [John Doe](https://people.example.edu/~jdoe/)", id="authors"),
    pytest.param(
        "## License\n\n**data/meshes**: adapted from [MeshKit](https://meshkit.example.org/) "
        "assets under [CC0](https://example.org/cc0).",
        id="a-licence",
    ),
]


@pytest.mark.parametrize("section", PEOPLE_AND_TERMS)
def test_people_and_terms_are_never_data(section: str) -> None:
    text = "# BirdSet dataset\n\n## Download\n\nhttps://huggingface.co/datasets/lab/birdset\n\n"
    facts = analyze_readme(text + section)
    assert artifacts.data_urls(facts.artifacts) == ("https://huggingface.co/datasets/lab/birdset",)


# A list of links the sentence above introduces as the data to download is that data, each link
# a dataset's page whatever it is (a dataset's paper, its page in a library's documentation);
# the closing tag of a `<details>` title between them is stepped over.
INTRODUCED_LISTS = [
    pytest.param(
        "<details>\n<summary>\nDownload the evaluation data:\n</summary>\n\n"
        "[BirdQA](https://birdqa.example.io/), [CarQA](https://github.com/car-lab/carqa)\n"
        "</details>",
        ["https://birdqa.example.io/", "https://github.com/car-lab/carqa"],
        id="under-a-details-title",
    ),
    pytest.param(
        "Download the datasets:\n\n[Birds](https://arxiv.org/abs/2401.00002), "
        "[Cars](https://docs.example.org/vision/generated/datasets.Cars.html)",
        [
            "https://arxiv.org/abs/2401.00002",
            "https://docs.example.org/vision/generated/datasets.Cars.html",
        ],
        id="a-paper-and-a-documentation-page-a-download-list-names",
    ),
    pytest.param(
        "Download the datasets ([Birds](https://birds.example.edu/), "
        "[Cars](https://docs.example.org/vision/datasets.Cars.html)) then align them with `meta/`.",
        ["https://birds.example.edu/", "https://docs.example.org/vision/datasets.Cars.html"],
        id="the-next-step-after-the-list-s-last-name",
    ),
    pytest.param(
        "Download the datasets as the [Hub guide](https://docs.example.org/hub/downloading) says.",
        [],
        id="near-miss-documentation-in-its-own-words",
    ),
    pytest.param(
        "Baselines we compare with:\n\n[BirdNet](https://birdnet.example.io/), "
        "[CarNet](https://github.com/car-lab/carnet)",
        [],
        id="near-miss-a-list-introduced-as-something-else",
    ),
]


@pytest.mark.parametrize(("text", "expected"), INTRODUCED_LISTS)
def test_a_list_introduced_as_data_to_download_is_that_data(text: str, expected: list[str]) -> None:
    facts = analyze_readme(_readme("## Evaluation\n", text))
    assert list(artifacts.data_urls(facts.artifacts)) == expected


# A download command fetches data when its sentence says so or its file is an archive or a
# table; not a script to run, not a weights file.
DOWNLOAD_COMMANDS = [
    pytest.param(
        "Download the passages:\n\n```bash\nwget https://files.example.org/dpr/passages.tsv.gz\n```",
        ["https://files.example.org/dpr/passages.tsv.gz"],
        id="a-sentence-naming-passages",
    ),
    pytest.param(
        "Pre-computed embeddings:\n\n```bash\nwget https://files.example.org/emb/wiki.tar\n```",
        ["https://files.example.org/emb/wiki.tar"],
        id="an-archive-by-its-extension",
    ),
    pytest.param(
        "Then:\n\n```bash\ncurl -L https://files.example.org/splits/test.jsonl -o test.jsonl\n```",
        ["https://files.example.org/splits/test.jsonl"],
        id="a-table-of-records-by-its-extension",
    ),
    pytest.param(
        "Set up:\n\n```bash\ncurl -sSf https://get.example.org/install.sh | sh\n```",
        [],
        id="near-miss-a-script-to-run",
    ),
    pytest.param(
        "Then:\n\n```bash\nwget https://files.example.org/ckpt/fancynet_best.pth\n```",
        [],
        id="near-miss-a-weights-file",
    ),
]


@pytest.mark.parametrize(("text", "expected"), DOWNLOAD_COMMANDS)
def test_a_download_command_fetches_data(text: str, expected: list[str]) -> None:
    facts = analyze_readme(_readme("## Preparation\n", text))
    assert list(artifacts.data_urls(facts.artifacts)) == expected


# A heading's links are classified like a line's ("## Download the datasets ([A](…), [B](…))");
# the title's and the acknowledgements' are not.
HEADING_LINKS = [
    pytest.param(
        "## 2) Download the datasets ([Birds](https://birds.example.edu/), "
        "[Cars](https://arxiv.org/abs/2401.00003))",
        [],
        ["https://birds.example.edu/", "https://arxiv.org/abs/2401.00003"],
        id="a-download-heading-listing-datasets",
    ),
    pytest.param(
        "### Note: our data and models are now on [Google Drive]"
        "(https://drive.google.com/drive/folders/h1)",
        ["https://drive.google.com/drive/folders/h1"],
        [],
        id="a-heading-giving-our-weights",
    ),
    pytest.param(
        "## Acknowledgements\n\n### Thanks to [BirdSet](https://huggingface.co/datasets/x/birdset)",
        [],
        [],
        id="near-miss-a-heading-in-the-acknowledgements",
    ),
    pytest.param(
        "### [Paper](https://arxiv.org/abs/2401.00004) | [Website](https://fancy.example.io/) | "
        "[Dataset](https://huggingface.co/datasets/fancy-lab/birds)",
        [],
        ["https://huggingface.co/datasets/fancy-lab/birds"],
        id="near-miss-a-heading-s-own-words-make-no-data-section",
    ),
]


@pytest.mark.parametrize(("text", "weights", "data"), HEADING_LINKS)
def test_a_heading_s_links_are_classified(text: str, weights: list[str], data: list[str]) -> None:
    facts = analyze_readme(_readme(text))
    assert list(artifacts.weights_urls(facts.artifacts)) == weights
    assert list(artifacts.data_urls(facts.artifacts)) == data


def test_the_title_s_links_are_not_classified() -> None:
    facts = analyze_readme("# [FancyNet](https://huggingface.co/fancy-lab/fancynet)\n\nText.\n")
    assert facts.artifacts == ()


# A file share whose clause says nothing is what the link before it on its line was by its own
# words ("the weights trained on [A](…) (code: x) and [B](…) (code: y)").
LISTED_SHARES = [
    pytest.param(
        "We provide the weights trained on [Birds](https://pan.baidu.com/s/1a) (code: ab12) and "
        "[Cars](https://pan.baidu.com/s/1b) (code: cd34) for testing.",
        ["https://pan.baidu.com/s/1a", "https://pan.baidu.com/s/1b"],
        [],
        id="weights-listed",
    ),
    pytest.param(
        "Download the data of [site A](https://drive.google.com/file/d/s1) (2 GB) and "
        "[site B](https://drive.google.com/file/d/s2) (3 GB) to `scans/`.",
        [],
        ["https://drive.google.com/file/d/s1", "https://drive.google.com/file/d/s2"],
        id="data-listed",
    ),
    pytest.param(
        "See [our site](https://fancy.example.org/) and [a share](https://drive.google.com/file/d/s3)"
        " with extras.",
        [],
        [],
        id="near-miss-after-a-link-that-is-no-artifact",
    ),
]


@pytest.mark.parametrize(("line", "weights", "data"), LISTED_SHARES)
def test_a_silent_share_is_what_the_link_before_it_was(
    line: str, weights: list[str], data: list[str]
) -> None:
    facts = analyze_readme(_readme(line))
    assert list(artifacts.weights_urls(facts.artifacts)) == weights
    assert list(artifacts.data_urls(facts.artifacts)) == data


# A link right beside another work's weights, nothing between but a bar, a slash or "or", is
# their mirror: another work's too.
MIRRORS = [
    pytest.param(
        "Download the parser models from [[Releases](https://github.com/parse-lab/FaceParse/"
        "releases/tag/v1) | [OneDrive](https://1drv.ms/f/s!abc)] to `weights/`.",
        ["https://1drv.ms/f/s!abc"],
        id="a-bar-between",
    ),
    pytest.param(
        "The base model: [Hub](https://huggingface.co/big-co/Base-7B) or "
        "[mirror](https://drive.google.com/drive/folders/m9).",
        ["https://drive.google.com/drive/folders/m9"],
        id="or-between",
    ),
    pytest.param(
        "Get [Base-7B](https://huggingface.co/big-co/Base-7B), then our adapter "
        "[here](https://drive.google.com/drive/folders/m10).",
        [],
        id="near-miss-words-between",
    ),
    pytest.param(
        "| FancyNet-S | [Base-7B](https://huggingface.co/big-co/Base-7B) | "
        "[weights](https://drive.google.com/drive/folders/m11) |",
        [],
        id="near-miss-cells-of-a-table-row",
    ),
]


@pytest.mark.parametrize(("line", "others"), MIRRORS)
def test_a_mirror_is_whose_its_original_is(line: str, others: list[str]) -> None:
    facts = analyze_readme(_readme("## Models\n", line), repository="fancy-lab/FancyNet")
    theirs = [a.url for a in facts.artifacts if a.kind is K.WEIGHTS and a.whose is OTHER]
    assert [url for url in theirs if "drive" in url or "1drv" in url] == others


def test_a_model_beside_another_work_s_is_whose_its_holder_says() -> None:
    line = (
        "Base: [Base-7B](https://huggingface.co/big-co/Base-7B) | "
        "[FancyNet-7B](https://huggingface.co/fancy-lab/FancyNet-7B)"
    )
    facts = analyze_readme(_readme("## Models\n", line), repository="fancy-lab/FancyNet")
    assert [(a.url.rsplit("/", 1)[1], a.whose) for a in facts.artifacts] == [
        ("Base-7B", OTHER),
        ("FancyNet-7B", OWN),
    ]


# A data sentence's or section's links that are never the data by where they point: a project's
# issue tracker, social networks, experiment trackers, licences, package indexes, leaderboards,
# a notebook — whatever the words around them say.
NEVER_DATA_ADDRESSES = [
    pytest.param(
        "## Datasets\n\nDownload the data from [the lab's server](https://data.example.edu/birds/)."
        " If the download fails, open an [issue](https://github.com/fancy-lab/FancyNet/issues/new).",
        ["https://data.example.edu/birds/"],
        id="an-issue-tracker-beside-the-download",
    ),
    pytest.param(
        "## Dataset\n\nNews about the dataset on [our feed](https://x.com/fancylab) and "
        "[the chat](https://discord.gg/fancylab).",
        [],
        id="social-networks-and-chats",
    ),
    pytest.param(
        "## Data\n\nRuns on the full corpus: [dashboard](https://wandb.ai/fancy-lab/corpus-runs).",
        [],
        id="an-experiment-tracker",
    ),
    pytest.param(
        "## Dataset\n\nThe dataset is shared under the [ODbL](https://opendatacommons.org/licenses/"
        "odbl/) terms; see also https://birds.example.org/birdset/LICENSE.txt",
        [],
        id="licences",
    ),
    pytest.param(
        "## Data\n\nThe corpus reader is on PyPI: https://pypi.org/project/corpusreader/",
        [],
        id="a-package-index",
    ),
    pytest.param(
        "## Benchmark data\n\nCurrent standings: https://birds.example.org/leaderboard and "
        "https://paperswithcode.com/sota/bird-recognition-on-birdset",
        [],
        id="leaderboards",
    ),
    pytest.param(
        "## Data\n\nA walkthrough of the data: https://www.kaggle.com/code/jane/birdset-eda",
        [],
        id="a-kaggle-notebook",
    ),
    pytest.param(
        "## Data\n\nGet the archive at https://www.kaggle.com/datasets/jane/birdset and the "
        "extra split at https://data.example.edu/birdset/extra/",
        ["https://www.kaggle.com/datasets/jane/birdset", "https://data.example.edu/birdset/extra/"],
        id="near-miss-a-kaggle-dataset-and-a-server-folder",
    ),
    pytest.param(
        "## Data\n\nThe terms apply to https://data.example.edu/birds/terms-and-images.tar",
        ["https://data.example.edu/birds/terms-and-images.tar"],
        id="near-miss-an-archive-named-with-terms",
    ),
]


@pytest.mark.parametrize(("section", "expected"), NEVER_DATA_ADDRESSES)
def test_some_addresses_are_never_the_data(section: str, expected: list[str]) -> None:
    facts = analyze_readme(_readme(section))
    assert list(artifacts.data_urls(facts.artifacts)) == expected


# A link its own words make something else than the data: its text names a paper, code, an
# issue or terms; it is a tool, a library or a person the data is handled with or by; or the
# words name a run's outputs (predictions, results, logs) before any data.
NOT_THE_DATA_WORDS = [
    pytest.param(
        "## Data\n\n- BirdSet [[paper](https://birds.example.org/about)] "
        "[[download](https://birds.example.org/get)]",
        ["https://birds.example.org/get"],
        id="a-link-whose-text-names-the-paper",
    ),
    pytest.param(
        "## Data\n\nQuestions on the splits: see the [FAQ](https://fancy.example.io/faq).",
        [],
        id="a-link-whose-text-names-a-faq",
    ),
    pytest.param(
        "## Data preparation\n\nWe tokenise the corpus with [WordCutter](https://wordcutter.io/) "
        "and [SentSplit](https://sentsplit.example.org/).",
        [],
        id="tools-the-data-is-handled-with",
    ),
    pytest.param(
        "## Data\n\nThe scans were registered using [BrainReg](https://brainreg.example.edu/).",
        [],
        id="a-tool-the-data-is-handled-using",
    ),
    pytest.param(
        "## Data\n\nDownload the archives via [fetchit](https://github.com/tools-co/fetchit):",
        [],
        id="a-download-tool",
    ),
    pytest.param(
        "## Data\n\nThe labels were drawn by [Jane Roe](https://janeroe.example.org/).",
        [],
        id="a-person-the-data-is-made-by",
    ),
    pytest.param(
        "## Data\n\nTo read the data, install the [corpus toolkit](https://toolkit.example.org/).",
        [],
        id="a-library-to-install",
    ),
    pytest.param(
        "## Data\n\nDownload the data via [this link](https://data.example.edu/birds/all).",
        ["https://data.example.edu/birds/all"],
        id="near-miss-via-a-link-that-names-no-tool",
    ),
    pytest.param(
        "## Data\n\nThe images come with [the annotations](https://data.example.edu/birds/ann).",
        ["https://data.example.edu/birds/ann"],
        id="near-miss-with-a-link-naming-data",
    ),
    pytest.param(
        "## Data\n\nDownload the data from [BirdBase](https://birdbase.example.org/).",
        ["https://birdbase.example.org/"],
        id="near-miss-from-a-dataset-s-page",
    ),
    pytest.param(
        "## Results\n\nOur predictions on the test set can be downloaded from "
        "[here](https://files.example.org/preds/).",
        [],
        id="predictions-named-before-the-test-set",
    ),
    pytest.param(
        "## Data\n\nThe raw logs of every run on the corpus: https://files.example.org/logs/",
        [],
        id="logs-of-runs",
    ),
    pytest.param(
        "## Data\n\nTo reproduce the results, download the data from "
        "[here](https://files.example.org/birds/).",
        ["https://files.example.org/birds/"],
        id="near-miss-reproducing-the-results-with-the-data",
    ),
    pytest.param(
        "## Data\n\nBoundary prediction data are laid out as in\n"
        "[EdgeKit](https://github.com/edge-lab/edgekit#prepare-data).",
        ["https://github.com/edge-lab/edgekit#prepare-data"],
        id="near-miss-a-task-named-prediction",
    ),
]


@pytest.mark.parametrize(("section", "expected"), NOT_THE_DATA_WORDS)
def test_a_link_its_words_make_something_else_is_not_the_data(
    section: str, expected: list[str]
) -> None:
    facts = analyze_readme(_readme(section))
    assert list(artifacts.data_urls(facts.artifacts)) == expected


# "data" in a compound naming no data (data parallelism, a data loader, augmentation) makes no
# data sentence or section; a dataset's paper on a proceedings site is no data either.
NO_DATA_SENSE = [
    pytest.param(
        "## Training\n\nWe train with distributed data parallel "
        "([DDP](https://framework.example.org/tutorials/ddp.html)).",
        [],
        id="data-parallelism",
    ),
    pytest.param(
        "## Training\n\nWe use [FastLoad](https://fastload.example.com/) as the data loader.",
        [],
        id="a-data-loader",
    ),
    pytest.param(
        "## Data augmentation\n\nWe use [MixIt](https://mixit.example.org/).",
        [],
        id="a-data-augmentation-section",
    ),
    pytest.param(
        "## Data\n\nThe dataset paper: [CVPR](https://openaccess.thecvf.com/content/CVPR2024/html/"
        "Roe_BirdSet_CVPR_2024_paper.html), also on https://huggingface.co/papers/2401.00005",
        [],
        id="a-dataset-s-paper-on-proceedings-and-paper-pages",
    ),
    pytest.param(
        "## Data loading and data\n\nThe images: [BirdSet](https://birds.example.org/images/).",
        ["https://birds.example.org/images/"],
        id="near-miss-a-section-also-about-data",
    ),
    pytest.param(
        "## Training\n\nThe data loader reads the [bird images](https://birds.example.org/img/).",
        ["https://birds.example.org/img/"],
        id="near-miss-a-loader-reading-named-data",
    ),
]


@pytest.mark.parametrize(("section", "expected"), NO_DATA_SENSE)
def test_data_in_another_sense_makes_no_data_link(section: str, expected: list[str]) -> None:
    facts = analyze_readme(_readme(section))
    assert list(artifacts.data_urls(facts.artifacts)) == expected


# A file share, record or collection the words give as a run's outputs (predictions, results,
# generated samples) before naming any data holds no data, in a data section too.
OUTPUT_SHARES = [
    pytest.param(
        "## Evaluation\n\nWe release our predictions for the test split: "
        "[Drive](https://drive.google.com/file/d/p1).",
        [],
        id="predictions-for-a-split",
    ),
    pytest.param(
        "## Data\n\nOur results on the test set: [Drive](https://drive.google.com/drive/folders/p2).",
        [],
        id="results-in-a-data-section",
    ),
    pytest.param(
        "## Data\n\nThe generated images of every baseline: [Zenodo](https://zenodo.org/records/9).",
        [],
        id="generated-images-on-a-record",
    ),
    pytest.param(
        "## Data\n\nDownload the test split: [Drive](https://drive.google.com/file/d/p3). "
        "Our predictions on it: [Drive](https://drive.google.com/file/d/p4).",
        ["https://drive.google.com/file/d/p3"],
        id="near-miss-the-split-beside-the-predictions",
    ),
    pytest.param(
        "## Evaluation\n\nOur predictions are made on the "
        "[test split](https://drive.google.com/file/d/p5).",
        ["https://drive.google.com/file/d/p5"],
        id="near-miss-a-link-text-naming-data",
    ),
    pytest.param(
        "## Data\n\nTo reproduce the results, get the images: "
        "[Drive](https://drive.google.com/file/d/p6).",
        ["https://drive.google.com/file/d/p6"],
        id="near-miss-reproducing-the-results",
    ),
]


@pytest.mark.parametrize(("section", "expected"), OUTPUT_SHARES)
def test_a_share_of_a_run_s_outputs_is_no_data(section: str, expected: list[str]) -> None:
    facts = analyze_readme(_readme(section))
    assert list(artifacts.data_urls(facts.artifacts)) == expected


def _code(intro: str, *code: str) -> str:
    return _readme("## Quick start\n", intro, "", "```python", *code, "```")


REPO = "fancy-lab/FancyNet"
# A model the README's code loads by name is a weights link of its own when the holder is the
# paper's: its owner the repository's (or one holding the README's own weights links) and its
# name the work's. A base model in the same snippet, another model of the laboratory, what holds
# no weights (a tokenizer, a dataset, a local folder) and words making it an input are not.
MODELS_LOADED = [
    pytest.param(
        _code(
            "Load our model:",
            'base = AutoModelForCausalLM.from_pretrained("big-co/llama-7b")',
            'model = PeftModel.from_pretrained(base, "fancy-lab/fancynet-lora")',
        ),
        REPO,
        ["https://huggingface.co/fancy-lab/fancynet-lora"],
        id="an-adapter-over-a-third-party-base-in-one-snippet",
    ),
    pytest.param(
        _code("Generate:", 'pipe = pipeline("text-generation", model="fancy-lab/FancyNet-7B")'),
        REPO,
        ["https://huggingface.co/fancy-lab/FancyNet-7B"],
        id="a-pipeline-s-model",
    ),
    pytest.param(
        _code(
            "Fetch the checkpoint:",
            "path = hf_hub_download(",
            '    repo_id="fancy-lab/fancynet-ckpt",',
            '    filename="fancynet.pt",',
            ")",
        ),
        REPO,
        ["https://huggingface.co/fancy-lab/fancynet-ckpt"],
        id="a-download-over-lines",
    ),
    pytest.param(
        _code("Fetch it:", 'snapshot_download("fancylab/fancynet-base")'),
        "fancylab-research/FancyNet",
        ["https://huggingface.co/fancylab/fancynet-base"],
        id="an-organisation-s-second-account",
    ),
    pytest.param(
        _readme(
            "Weights: [FancyNet-S](https://huggingface.co/mirror-acct/fancynet-s)\n",
            "```python",
            'model = AutoModel.from_pretrained("mirror-acct/fancynet-l")',
            "```",
        ),
        REPO,
        [
            "https://huggingface.co/mirror-acct/fancynet-s",
            "https://huggingface.co/mirror-acct/fancynet-l",
        ],
        id="an-owner-the-readme-s-own-weights-links-name",
    ),
    pytest.param(
        _code("Load it:", 'model = AutoModel.from_pretrained("fancy-lab/tinybert-distilled")'),
        REPO,
        [],
        id="near-miss-another-model-of-the-same-owner",
    ),
    pytest.param(
        _code("Load it:", 'model = AutoModel.from_pretrained("big-co/fancynet-base")'),
        REPO,
        [],
        id="near-miss-the-work-s-name-under-another-owner",
    ),
    pytest.param(
        _code("First load the base model:", 'm = AutoModel.from_pretrained("fancy-lab/fancynet")'),
        REPO,
        [],
        id="near-miss-words-making-it-the-base",
    ),
    pytest.param(
        _code(
            "Load it:",
            'tok = AutoTokenizer.from_pretrained("fancy-lab/fancynet")',
            'cfg = AutoConfig.from_pretrained("fancy-lab/fancynet")',
            'hf_hub_download(repo_id="fancy-lab/fancynet-data", repo_type="dataset")',
            'model = AutoModel.from_pretrained("./checkpoints/fancynet")',
        ),
        REPO,
        [],
        id="near-miss-a-tokenizer-a-config-a-dataset-a-folder",
    ),
    pytest.param(
        _code("Load it:", 'model = AutoModel.from_pretrained("fancy-lab/fancynet")'),
        None,
        [],
        id="near-miss-no-repository-known",
    ),
]


@pytest.mark.parametrize(("text", "repository", "expected"), MODELS_LOADED)
def test_a_model_the_code_loads_by_name_is_a_weights_link_when_the_paper_s(
    text: str, repository: str | None, expected: list[str]
) -> None:
    facts = analyze_readme(text, repository=repository)
    loaded = [a.url for a in facts.artifacts if a.kind is K.WEIGHTS and a.whose is OWN]
    assert loaded == expected
    assert (ReadmeCover.WEIGHTS in facts.covers) == bool(expected)


def test_a_model_loaded_by_name_is_checked_but_not_a_link_written() -> None:
    text = _code("Load our model:", 'model = AutoModel.from_pretrained("fancy-lab/fancynet")')
    facts = analyze_readme(text, repository=REPO)
    (link,) = facts.artifacts
    assert (link.url, link.by_name, link.line, link.section) == (
        "https://huggingface.co/fancy-lab/fancynet",
        True,
        10,
        "Quick start",
    )
    assert artifacts.weights_urls(facts.artifacts) == ()  # the corpus's URLs are as written
    assert facts.artifact_links == ()


def test_torch_hub_s_own_repository_gives_the_weights_and_a_third_party_s_does_not() -> None:
    own = analyze_readme(
        _code("Load it:", 'model = torch.hub.load("fancy-lab/FancyNet", "fancynet_base")'),
        repository=REPO,
    )
    assert ReadmeCover.WEIGHTS in own.covers
    assert own.artifacts == ()  # the repository itself is the link the paper cites
    other = analyze_readme(
        _code("Load it:", 'backbone = torch.hub.load("big-co/dinov2", "dinov2_vitb14")'),
        repository=REPO,
    )
    assert ReadmeCover.WEIGHTS not in other.covers


def test_a_model_scope_download_is_a_model_scope_model() -> None:
    text = _code(
        "Load it:",
        "from modelscope import snapshot_download",
        'path = snapshot_download("fancy-lab/FancyNet-7B")',
    )
    (link,) = analyze_readme(text, repository=REPO).artifacts
    assert link.url == "https://modelscope.cn/models/fancy-lab/FancyNet-7B"


# In a table, the column's header says what its cells' links are before the section does: a
# share under "Checkpoint" in a results table is weights, under "Log" or "Config" nothing; a
# column saying nothing ("Top-1") leaves the section to decide.
TABLE_COLUMNS = [
    pytest.param(
        "## Main results\n\n| Model | Top-1 | Checkpoint |\n|---|---|---|\n"
        "| FancyNet-B | 81.2 | [download](https://drive.google.com/file/d/w1/view) |",
        ["https://drive.google.com/file/d/w1/view"],
        [],
        id="a-checkpoint-column-in-a-results-table",
    ),
    pytest.param(
        "## Results\n\n| Split | mIoU | Data |\n|---|---|---|\n"
        "| val | 51.0 | [Drive](https://drive.google.com/file/d/d1/view) |",
        [],
        ["https://drive.google.com/file/d/d1/view"],
        id="a-data-column",
    ),
    pytest.param(
        "## Model zoo\n\n| Model | Top-1 | Weights | Log |\n|---|---|---|---|\n"
        "| FancyNet-B | 81.2 | [Drive](https://drive.google.com/file/d/w2/view) "
        "| [Drive](https://drive.google.com/file/d/l2/view) |",
        ["https://drive.google.com/file/d/w2/view"],
        [],
        id="near-miss-a-log-column-beside-the-weights",
    ),
    pytest.param(
        "## Results\n\n| Model | Top-1 | Config |\n|---|---|---|\n"
        "| FancyNet-B | 81.2 | [Drive](https://drive.google.com/file/d/c3/view) |",
        [],
        [],
        id="near-miss-a-config-column",
    ),
    pytest.param(
        "## Results\n\n| Model | Top-1 | Top-5 |\n|---|---|---|\n"
        "| FancyNet-B | [81.2](https://drive.google.com/file/d/x4/view) | 95.1 |",
        [],
        [],
        id="near-miss-a-column-saying-nothing-under-results",
    ),
]


@pytest.mark.parametrize(("section", "weights", "data"), TABLE_COLUMNS)
def test_a_table_s_column_says_what_its_links_are(
    section: str, weights: list[str], data: list[str]
) -> None:
    facts = analyze_readme(_readme(section))
    assert list(artifacts.weights_urls(facts.artifacts)) == weights
    assert list(artifacts.data_urls(facts.artifacts)) == data


# A badge's or a logo's own picture is never what it stands for, whatever host serves it; the
# link the badge leads to is classified as any other.
PICTURES = [
    pytest.param(
        "## Data\n\n[![DOI](https://zenodo.org/badge/DOI/10.5281/zenodo.42.svg)]"
        "(https://doi.org/10.5281/zenodo.42)",
        ["https://doi.org/10.5281/zenodo.42"],
        id="an-archive-s-badge-picture",
    ),
    pytest.param(
        '[<img src="https://huggingface.co/front/assets/huggingface_logo.svg" width="20">]'
        "(https://huggingface.co/datasets/fancy-lab/fancyset) FancySet data",
        ["https://huggingface.co/datasets/fancy-lab/fancyset"],
        id="a-hub-logo",
    ),
    pytest.param(
        "## Data\n\nDownload the archive: https://zenodo.org/records/42/files/scans.zip",
        ["https://zenodo.org/records/42/files/scans.zip"],
        id="near-miss-an-archive-s-file",
    ),
]


@pytest.mark.parametrize(("text", "data"), PICTURES)
def test_a_picture_is_never_an_artifact(text: str, data: list[str]) -> None:
    facts = analyze_readme(_readme(text))
    assert list(artifacts.data_urls(facts.artifacts)) == data
    assert artifacts.weights_urls(facts.artifacts) == ()


# A link its text calls a place — an institution, a group, a project's or a person's page — is
# not the data its sentence speaks of; a website the words tell to download the data from is.
PLACES = [
    pytest.param(
        "## Data\n\nThe download links are served by the [Vision department](https://cs.example.edu).",
        [],
        id="a-department",
    ),
    pytest.param(
        "## Data\n\nMirrors are on our [vision group website](https://vision.example.edu).",
        [],
        id="a-group-s-website",
    ),
    pytest.param(
        "[Project Page](https://fancy-lab.github.io/fancynet/) · "
        "[Dataset](https://huggingface.co/datasets/fancy-lab/fancyset)",
        ["https://huggingface.co/datasets/fancy-lab/fancyset"],
        id="a-project-page-beside-the-data",
    ),
    pytest.param(
        "## Data\n\nThe raw scans can be downloaded from the [official website](https://scans.example.org/get).",
        ["https://scans.example.org/get"],
        id="near-miss-a-website-to-download-from",
    ),
    pytest.param(
        "## Data\n\nDownload the [Birds dataset page](https://birds.example.org/).",
        ["https://birds.example.org/"],
        id="near-miss-a-page-its-text-calls-data",
    ),
]


@pytest.mark.parametrize(("text", "data"), PLACES)
def test_a_place_is_not_the_data(text: str, data: list[str]) -> None:
    assert list(artifacts.data_urls(analyze_readme(_readme(text)).artifacts)) == data


def test_a_line_of_a_file_is_read_not_downloaded() -> None:
    anchored = "https://github.com/fancy-lab/FancyNet/blob/main/data/registry.json#L12"
    whole = "https://github.com/fancy-lab/FancyNet/blob/main/data/labels.json"
    text = _readme(
        "## Training\n",
        f"Write the data path obtained in step 1 to [`data/registry.json`]({anchored}).\n",
        f"Download the annotations: [labels.json]({whole})",
    )
    assert artifacts.data_urls(analyze_readme(text).artifacts) == (whole,)


# A model fetched in one breath with another work's ("Download the [SAM model](…) and
# [SegNet model](…)") is an input too, unless its words or its name are the work's.
FETCHED_BESIDE = [
    pytest.param(
        "Download the **[SAM model](https://dl.example.com/sam_vit_h.pth)** and "
        "**[SegNet model](https://drive.google.com/file/d/s1/view)** into `checkpoint/`.",
        ["https://drive.google.com/file/d/s1/view"],
        id="and-between-bold-links",
    ),
    pytest.param(
        "Fetch the [CLIP weights](https://dl.example.com/clip_b16.pt) & "
        "[the detector](https://drive.google.com/file/d/s2/view) first.",
        ["https://drive.google.com/file/d/s2/view"],
        id="an-ampersand-between",
    ),
    pytest.param(
        "Download the [SAM model](https://dl.example.com/sam_vit_h.pth) and "
        "[our checkpoint](https://drive.google.com/file/d/s3/view).",
        [],
        id="near-miss-our-checkpoint-beside-it",
    ),
    pytest.param(
        "Download the [SAM model](https://dl.example.com/sam_vit_h.pth) and "
        "[FancyNet weights](https://drive.google.com/file/d/s4/view).",
        [],
        id="near-miss-named-for-the-work",
    ),
    pytest.param(
        "Download the [SAM model](https://dl.example.com/sam_vit_h.pth); then train and save "
        "[a checkpoint](https://drive.google.com/file/d/s5/view).",
        [],
        id="near-miss-a-sentence-between",
    ),
]


@pytest.mark.parametrize(("line", "others"), FETCHED_BESIDE)
def test_a_model_fetched_beside_another_work_s_is_an_input(line: str, others: list[str]) -> None:
    facts = analyze_readme(_readme("## Checkpoints\n", line), repository="fancy-lab/FancyNet")
    theirs = [a.url for a in facts.artifacts if a.kind is K.WEIGHTS and a.whose is OTHER]
    assert [url for url in theirs if "drive" in url] == others


# --- what decides data_urls' precision on unseen text (benchmarks.artifact_probe) --------------

REPO = "fancy-lab/FancyNet"


def _found(text: str) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """The weights URLs, data URLs and weights cover of a README read as the repository's."""
    facts = analyze_readme(text, repository=REPO)
    return (
        artifacts.weights_urls(facts.artifacts),
        artifacts.data_urls(facts.artifacts),
        ReadmeCover.WEIGHTS in facts.covers,
    )


# A site or a page of a work (a benchmark's website, a task's page) is where to read about the
# data: the data only when the words tell the reader to download from it.
SITES = [
    pytest.param(
        "Register on the [StreetSet website](https://streetset.org/) and download the data"
        " from https://streetset.org/files/all.zip.",
        ["https://streetset.org/files/all.zip"],
        id="a-website-to-register-on-beside-the-download",
    ),
    pytest.param(
        "We train on FooMT. See the [FooMT shared task page](https://foomt.org/2024/task.html)"
        " for the task description.",
        [],
        id="a-task-page-to-read",
    ),
    pytest.param(
        "We also report SciBar, whose homepage is [here](https://scibar.example.org/).",
        [],
        id="a-homepage-said-before-a-generic-link",
    ),
    pytest.param(
        "Scores on the test data are on the [FooQA leaderboard](https://codalab.example.org/"
        "competitions/1).",
        [],
        id="a-leaderboard-named-after-the-benchmark",
    ),
    pytest.param(
        "Download the images from the [official website](https://streetset.org/download).",
        ["https://streetset.org/download"],
        id="near-miss-a-website-to-download-from",
    ),
]


@pytest.mark.parametrize(("line", "data"), SITES)
def test_a_site_or_page_is_the_data_only_when_told_to_download_from_it(
    line: str, data: list[str]
) -> None:
    assert list(_found(_readme("## Data\n", line))[1]) == data


# A name a data section lists stands at its line's start ("- [StreetSet](…)"), not at the end of
# a sentence; code handling the data ("the dataset classes", "our data module") is not the data.
LISTED_AND_CODE = [
    pytest.param(
        "See the [FooMT task page](https://foomt.org/task.html) for the splits and the [SacreBLEU"
        " signatures](https://github.com/mjpost/sacrebleu#signatures) we report.",
        [],
        id="a-repository-at-a-sentence-s-end",
    ),
    pytest.param(
        "- [StreetSet](https://github.com/street-lab/streetset)",
        ["https://github.com/street-lab/streetset"],
        id="near-miss-a-repository-a-list-names",
    ),
    pytest.param(
        "The dataset classes are in [`fancynet/datasets/`](https://github.com/fancy-lab/FancyNet/"
        "tree/main/fancynet/datasets); each downloads its files on first use.",
        [],
        id="the-dataset-classes-folder",
    ),
    pytest.param(
        "Our data module reads the HDF5 file you download from https://rdr.example.org/seis01.",
        ["https://rdr.example.org/seis01"],
        id="near-miss-a-data-module-beside-a-download",
    ),
    pytest.param(
        "Follow [rlds_dataset_mod](https://github.com/some-one/rlds_dataset_mod) for data"
        " preparation.",
        [],
        id="a-tool-followed",
    ),
    pytest.param(
        "Download [PU1K](https://github.com/some-one/PU-GCN) and [PUGAN](https://github.com/"
        "some-one/PU-GAN).",
        ["https://github.com/some-one/PU-GCN", "https://github.com/some-one/PU-GAN"],
        id="near-miss-repositories-to-download-from",
    ),
]


@pytest.mark.parametrize(("line", "data"), LISTED_AND_CODE)
def test_a_list_names_data_at_its_start_and_code_handling_data_is_not_it(
    line: str, data: list[str]
) -> None:
    assert list(_found(_readme("## Datasets\n", line))[1]) == data


def test_a_tool_to_install_is_not_the_data() -> None:
    text = _readme(
        "## Installation\n",
        "The [Mapping toolbox](https://tools.example.com/mapping.html) and [Deep Learning]"
        "(https://tools.example.com/help/deep.html) must also be installed to enable the data"
        " import.",
    )
    assert _found(text)[1] == ()


# Another work's dataset shown as the format one's own data takes, not the data used.
EXAMPLES = [
    pytest.param(
        "## Custom data\n",
        "Your data should be a JSON list in the format of [Alpaca](https://huggingface.co/"
        "datasets/tatsu-lab/alpaca).",
        [],
        id="in-the-format-of",
    ),
    pytest.param(
        "## Fine-tuning on your own data\n",
        "Any Hub dataset works, e.g. `--dataset imdb` (https://huggingface.co/datasets/"
        "stanfordnlp/imdb).",
        [],
        id="an-example-in-a-section-of-one-s-own-data",
    ),
    pytest.param(
        "## Custom datasets\n",
        "Annotations must be in the COCO format; for instance, see [the balloon dataset]"
        "(https://github.com/some-one/Mask_RCNN/releases/download/v2.1/balloon_dataset.zip).",
        [],
        id="in-the-coco-format",
    ),
    pytest.param(
        "## Evaluation data\n",
        "We evaluate on benchmarks such as [MMLU](https://huggingface.co/datasets/cais/mmlu).",
        ["https://huggingface.co/datasets/cais/mmlu"],
        id="near-miss-such-as-outside-one-s-own-data",
    ),
    pytest.param(
        "## Custom data\n",
        "Our instruction set has the same structure: https://huggingface.co/datasets/fancy-lab/"
        "instruct.",
        ["https://huggingface.co/datasets/fancy-lab/instruct"],
        id="near-miss-our-own-data",
    ),
]


@pytest.mark.parametrize(("heading", "line", "data"), EXAMPLES)
def test_another_work_s_dataset_shown_as_a_format_is_not_the_data(
    heading: str, line: str, data: list[str]
) -> None:
    assert list(_found(_readme(heading, line))[1]) == data


# A run's outputs, logs and documents are neither the weights nor the data.
OUTPUTS = [
    pytest.param(
        "## Evaluation\n",
        "The generations of every model on the test sets are at [Google Drive]"
        "(https://drive.google.com/drive/folders/gen1).",
        (),
        id="generations-of-every-model",
    ),
    pytest.param(
        "## Results\n",
        "| Dataset | mIoU | Log |\n| --- | --- | --- |\n| City | 83.1 | [log](https://github.com/"
        "fancy-lab/FancyNet/releases/download/v1/city_log.json) |",
        (),
        id="a-release-s-log-in-a-log-column",
    ),
    pytest.param(
        "## Results\n",
        "Training log: [log](https://github.com/fancy-lab/FancyNet/releases/download/v1/run.txt)",
        (),
        id="a-link-named-log",
    ),
    pytest.param(
        "## Evaluation\n",
        "Model checkpoints with training logs: [Google Drive](https://drive.google.com/drive/"
        "folders/m1).",
        ("https://drive.google.com/drive/folders/m1",),
        id="near-miss-models-named-first",
    ),
    pytest.param(
        "## Results\n",
        "| Model | mIoU | Weights |\n| --- | --- | --- |\n| FancyNet-S | 83.1 | [download]"
        "(https://github.com/fancy-lab/FancyNet/releases/download/v1/fancynet_s.pth) |",
        ("https://github.com/fancy-lab/FancyNet/releases/download/v1/fancynet_s.pth",),
        id="near-miss-a-release-s-checkpoint",
    ),
]


@pytest.mark.parametrize(("heading", "line", "weights"), OUTPUTS)
def test_a_run_s_outputs_and_documents_are_no_weights(
    heading: str, line: str, weights: tuple[str, ...]
) -> None:
    found, data, cover = _found(_readme(heading, line))
    assert (found, data, cover) == (weights, (), bool(weights))


def test_an_archive_of_logs_is_no_data() -> None:
    text = _readme(
        "## Data\n",
        "Evaluation logs: [Dropbox](https://www.dropbox.com/s/abc/eval_logs.zip).",
        "The offline datasets: https://data.example.org/offline/ant_v2/.",
    )
    assert _found(text)[1] == ("https://data.example.org/offline/ant_v2/",)


# A weights file is weights whatever words of data go with it (but an extension data files use
# too); a Hub dataset repository named for its checkpoints holds weights.
WEIGHTS_FILES = [
    pytest.param(
        "Download the data and the model: `wget https://dl.example.org/data/fancynet.caffemodel`",
        ("https://dl.example.org/data/fancynet.caffemodel",),
        (),
        id="a-caffe-model-beside-data-words",
    ),
    pytest.param(
        "Our checkpoints: https://huggingface.co/datasets/fancy-lab/fancynet-checkpoints",
        ("https://huggingface.co/datasets/fancy-lab/fancynet-checkpoints",),
        (),
        id="a-hub-dataset-of-checkpoints",
    ),
    pytest.param(
        "Our data: https://huggingface.co/datasets/fancy-lab/fancynet-data",
        (),
        ("https://huggingface.co/datasets/fancy-lab/fancynet-data",),
        id="near-miss-a-hub-dataset",
    ),
]


@pytest.mark.parametrize(("line", "weights", "data"), WEIGHTS_FILES)
def test_a_weights_file_or_a_repository_of_checkpoints_is_weights(
    line: str, weights: tuple[str, ...], data: tuple[str, ...]
) -> None:
    assert _found(_readme("## Downloads\n", line))[:2] == (weights, data)


# A section of other works ("Other projects of our lab", "See also") gives those works' links,
# neither this paper's data nor its weights.
OTHER_WORKS = [
    pytest.param("## Other projects of our lab\n", (), (), id="other-projects"),
    pytest.param("## We also have other segmentation works\n", (), (), id="other-works"),
    pytest.param("## See also\n", (), (), id="see-also"),
    pytest.param(
        "## More details on the project\n",
        ("https://huggingface.co/fancy-lab/fancynet-v1",),
        ("https://huggingface.co/datasets/fancy-lab/streetset",),
        id="near-miss-more-details-on-the-project",
    ),
]


@pytest.mark.parametrize(("heading", "weights", "data"), OTHER_WORKS)
def test_a_section_of_other_works_gives_no_data_nor_weights(
    heading: str, weights: tuple[str, ...], data: tuple[str, ...]
) -> None:
    text = _readme(
        heading,
        "- StreetSet, a dataset of street scenes: https://huggingface.co/datasets/fancy-lab/"
        "streetset",
        "- FancyNet-v1, the model: https://huggingface.co/fancy-lab/fancynet-v1",
    )
    assert _found(text)[:2] == (weights, data)
