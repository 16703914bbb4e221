"""README covers, on READMEs written for these tests (tests/assets/readmes/ and the small ones
below): one table row per rule, and every case of issue 13's "Why" list."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from auditor import cli
from auditor.links import WEIGHTS_FILE_EXTENSIONS
from auditor.models import ReadmeCover as C
from auditor.readme.analysis import MAX_CHARS, analyze_readme
from auditor.readme.lines import tables
from auditor.readme.parse import parse
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.fake_hosts import host_world, huggingface_routes

ASSETS = Path(__file__).parent / "assets" / "readmes"
CODE_ROOT = ("README.md", "LICENSE", "requirements.txt", "src", "train.py")


def covers(text: str, root: tuple[str, ...] = ()) -> set[C]:
    return set(analyze_readme(text, root_files=root).covers)


def asset(name: str) -> str:
    return (ASSETS / name).read_text(encoding="utf-8")


def test_complete_readme() -> None:
    text = asset("complete.md")
    facts = analyze_readme(text)
    # The evaluation command runs a released checkpoint (weights are linked): that is a use.
    assert set(facts.covers) == {
        C.INSTALL,
        C.USAGE,
        C.TRAIN,
        C.EVALUATE,
        C.RESULTS,
        C.WEIGHTS,
        C.DATA,
        C.CITATION,
    }
    lines = text.splitlines()
    for evidence in facts.evidence:
        # Evidence names a real line, and its excerpt comes from that line.
        assert evidence.excerpt.rstrip("…")[:20] in " ".join(lines[evidence.line - 1].split())
    assert "https://huggingface.co/sparseflow/sparseflow-s-k400" in facts.artifact_links
    assert any(link.endswith("sparseflow_b.pth") for link in facts.artifact_links)
    # The acknowledgement's links are what the code was built on, not what it offers.
    assert not any("VideoMAE" in link for link in facts.artifact_links)
    assert not facts.reading_list
    assert facts.moved_to is None


def test_minimal_readme_covers_nothing() -> None:
    assert covers(asset("minimal.md")) == set()


def test_placeholder_phrase_in_a_thin_readme() -> None:
    facts = analyze_readme(asset("placeholder.md"))
    assert facts.covers == (C.PLACEHOLDER,)
    assert facts.evidence[0].line == 7
    assert "coming soon" in facts.evidence[0].excerpt


def test_results_table_and_artifact_links() -> None:
    facts = analyze_readme(asset("results_weights.md"))
    assert {C.USAGE, C.RESULTS, C.WEIGHTS, C.DATA} <= set(facts.covers)
    assert facts.artifact_links[0].startswith("https://drive.google.com/file/")
    assert "https://zenodo.org/records/8123456" in facts.artifact_links


def test_restructuredtext_readme() -> None:
    found = set(analyze_readme(asset("rst_readme.rst"), name="README.rst").covers)
    assert {C.INSTALL, C.USAGE, C.EVALUATE, C.RESULTS, C.CITATION} <= found
    assert C.TRAIN not in found


def test_chinese_readme() -> None:
    facts = analyze_readme(asset("chinese.md"))
    assert {C.INSTALL, C.TRAIN, C.EVALUATE, C.RESULTS, C.WEIGHTS, C.DATA, C.CITATION} <= set(
        facts.covers
    )
    assert facts.artifact_links == (
        "https://huggingface.co/datasets/wenxin-lab/cn-longdoc",
        "https://huggingface.co/wenxin-lab/wenxin-retriever",
    )


def test_huge_readme_is_truncated_safely() -> None:
    head = asset("complete.md")
    # 8 MB: one endless line that could trouble a backtracking pattern, then many short ones.
    filler = "x" * 3_000_000 + "\n" + "| a | b |\n" * 500_000
    tail = "\n## Demo\n\n```bash\npython demo.py\n```\n"
    facts = analyze_readme("# Tool\n\n" + filler + tail)
    assert C.USAGE not in facts.covers  # beyond the first MAX_CHARS, never read
    assert C.INSTALL in analyze_readme(head + filler).covers
    assert len(head) < MAX_CHARS


# --- commands ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "cover"),
    [
        ("pip install sparseflow", C.INSTALL),
        ("$ conda env create -f environment.yml", C.INSTALL),
        ("uv sync", C.INSTALL),
        ("python demo.py --image cat.jpg", C.USAGE),
        ("python -m sparseflow.predict", C.USAGE),
        ("streamlit run app.py", C.USAGE),
        ("python train.py --epochs 10", C.TRAIN),
        ("accelerate launch scripts/finetune_lora.py", C.TRAIN),
        ("python main.py --mode train", C.TRAIN),
        ("bash scripts/run_seg.sh train exp1", C.TRAIN),
        ("python test.py --ckpt best.pth", C.EVALUATE),
        ("bash scripts/eval_all.sh", C.EVALUATE),
        ("python main.py --task=test", C.EVALUATE),
        ("python tools/preprocess_corpus.py --out data/", C.DATA),
        ("huggingface-cli download lab/model-7b --local-dir ckpt", C.WEIGHTS),
        ("@inproceedings{doe2024,", C.CITATION),
    ],
)
def test_commands_count_anywhere(line: str, cover: C) -> None:
    assert cover in covers(f"Some text.\n\n```bash\n{line}\n```\n")


def test_a_command_on_a_line_of_its_own_counts_too() -> None:
    assert covers("Set up:\n\npip install sparseflow\n") == {C.INSTALL}


def test_script_urls_are_not_commands() -> None:
    assert covers("See https://github.com/a/b/blob/main/train.py for details.\n") == set()


def test_the_sentence_before_a_command_says_what_it_is_for() -> None:
    evaluate = "To evaluate the model on the test split:\n\n```\npython main.py --cfg a.yaml\n```\n"
    assert C.EVALUATE in covers(evaluate)
    assert C.USAGE not in covers(evaluate)
    use = "To use the trained model on your images:\n\n```\npython test.py --in x.png\n```\n"
    assert C.USAGE in covers(use)
    data = "Generate image pairs for training the decoder:\n\n```\npython relight.py\n```\n"
    assert covers(data) == {C.DATA}


def test_a_flag_outweighs_a_script_name() -> None:
    text = "```bash\npython train_net.py \\\n  --config a.yaml \\\n  --eval-only\n```\n"
    assert covers(text) == {C.EVALUATE}


def test_a_tool_run_end_to_end_is_usage() -> None:
    assert covers("## Simulation\n\n```bash\npython calibrate_sensors.py\n```\n") == {C.USAGE}


def test_compound_commands_are_read_part_by_part() -> None:
    assert C.USAGE in covers("Run the demo:\n\n```bash\ncd demo && python demo.py\n```\n")


def test_asking_a_tool_for_help_is_no_use() -> None:
    assert covers("## Usage\n\n```bash\npython main.py --help\n```\n") == set()


# --- sections: a heading counts only when its section holds substance ------------------------

SKELETON = """# FancyNet

## Installation
Coming soon.

## Training
TBD

## Evaluation

## Pretrained Weights
Will be released after review.

## Results
To be updated.

## Citation
```bibtex
@article{fancy2025,
  title={FancyNet},
  author={Doe, Jane},
  year={2025}
}
```
"""


def test_skeleton_headings_saying_coming_soon_count_for_nothing() -> None:
    facts = analyze_readme(SKELETON, root_files=("README.md", "LICENSE", "requirements.txt"))
    assert set(facts.covers) == {C.CITATION, C.PLACEHOLDER}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("## Installation\n\n```\npip install -r requirements.txt\n```\n", {C.INSTALL}),
        ("## Requirements\n\n- Python 3.10\n- PyTorch 2.1\n", {C.INSTALL}),
        ("## Install\n\nWe will add instructions soon.\n", set()),
        ("## Training\n\n```\nbash scripts/launch.sh\n```\n", {C.TRAIN}),
        ("## Training\n\nSee `configs/train.yaml` for the schedule.\n", {C.TRAIN}),
        ("## Training\n\nTraining code will be released.\n", set()),
        ("## Training-free methods\n\n```\npython x.py\n```\n", {C.USAGE}),
        ("## Evaluation\n\n```\nbash tools/run_all.sh 8\n```\n", {C.EVALUATE}),
        ("## Evaluation\n\nComing soon...\n", set()),
        ("## Quick Start\n\n```python\nimport fancy\nmodel = fancy.load('base')\n```\n", {C.USAGE}),
        ("## Demo\n\nTry it on [Colab](https://colab.research.google.com/x).\n", {C.USAGE}),
        ("## Examples of generated images\n\n![a](samples/a.png)\n", {C.RESULTS}),
        ("## Data\n\nDownload from [here](https://example.org/d.zip).\n", {C.DATA}),
        ("## Dataset\n\nThe dataset is not publicly available.\n", set()),
        ("## Dataset\n\nWill be uploaded soon, stay tuned.\n", set()),
        ("## Checkpoints\n\n[Download](https://example.org/ckpt)\n", {C.WEIGHTS}),
        ("## Checkpoints\n\nTo be released.\n", set()),
        ("**Training**\n\n```\npython train.py\n```\n", {C.TRAIN}),
        ("<h2>Evaluation</h2>\n\n```\npython eval.py\n```\n", {C.EVALUATE}),
        ("Installation\n------------\n\npip install fancy\n", {C.INSTALL}),
        ("### `src/train/`\n\nHelpers and utilities.\n", set()),
    ],
)
def test_section_substance(text: str, expected: set[C]) -> None:
    # Under a title, with code at the root (the promises here are no placeholder).
    assert covers(f"# FancyNet\n\nA method.\n\n{text}", CODE_ROOT) == expected


def test_usage_means_using_the_code_not_training_it() -> None:
    text = "## Usage\n\n### Train\n\n```\npython train.py --data x\n```\n"
    assert covers(text) == {C.TRAIN}


def test_a_usage_section_holding_a_training_subsection_and_a_demo() -> None:
    text = (
        "## Usage\n\n### Training\n\n```\npython train.py\n```\n\n"
        "### Inference\n\n```\npython predict.py --image cat.jpg\n```\n"
    )
    assert covers(text) == {C.TRAIN, C.USAGE}


def test_the_title_is_no_section() -> None:
    text = "# Evaluating Large Models for Training Data Attribution\n\nWe study attribution.\n"
    assert covers(text) == set()


def test_a_heading_naming_one_step_on_another_is_that_step() -> None:
    text = "### Step 1. Train the teacher on the CIFAR-100 dataset\n\n```\npython t.py\n```\n"
    assert C.DATA not in covers(text)


def test_html_comments_are_not_read() -> None:
    assert covers("<!--\n## Training\n```\npython train.py\n```\n-->\n") == set()


# --- results -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("## Results\n\n| Model | Acc |\n|---|---|\n| ours | 91.2 |\n| base | 88.0 |\n", True),
        ("## Results\n\n![main results](figs/main_results.png)\n", True),
        ("Results on the test set:\n\n| Model | F1 |\n|---|---|\n| ours | 71.3 |\n", True),
        ("Model | BLEU | chrF\n--- | --- | ---\nours | 31.2 | 55.4\n", True),
        ("## Hyper-parameters\n\n| Parameter | Default |\n|---|---|\n| lr | 0.001 |\n", False),
        ("## Results\n\n| Argument | Default |\n|---|---|\n| --lr | 0.5 |\n", False),
        ("## Dataset\n\n| Split | Images |\n|---|---|\n| train | 1200 |\n| test | 300 |\n", False),
        ("## Results\n\nResults are written to `out/`.\n", False),
        ("![framework](assets/pipeline.png)\n\nOur method outperforms all baselines.\n", False),
        ("The model reaches EM 73.58 and F1 82.42 on the dev set.\n", True),
    ],
)
def test_results_need_measurements_or_a_results_figure(text: str, expected: bool) -> None:
    assert (C.RESULTS in covers(text)) is expected


# --- weights and data ----------------------------------------------------------------------------


def test_data_and_weights_links_by_their_own_words() -> None:
    text = (
        "Download the dataset from https://drive.google.com/file/d/AAA and the model from"
        " https://zenodo.org/records/1.\n"
    )
    facts = analyze_readme(text)
    assert set(facts.covers) == {C.DATA, C.WEIGHTS}
    assert len(facts.artifact_links) == 2


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Our checkpoints: [Drive](https://drive.google.com/file/d/X).\n", {C.WEIGHTS}),
        ("[model](https://huggingface.co/lab/fancy-7b)\n", {C.WEIGHTS}),
        ("We use [LLaMA](https://huggingface.co/meta/llama-8b) as the base model.\n", set()),
        ("Weights are in the [releases](https://github.com/lab/fancy/releases).\n", {C.WEIGHTS}),
        ("We provide trained models in `./checkpoints`.\n", {C.WEIGHTS}),
        (
            "```\npip install https://github.com/x/y/releases/download/v1/y-1.0.whl\n```\n",
            {C.INSTALL},
        ),
        ("Pretrained weights will be released soon: https://huggingface.co/lab/m\n", set()),
        (
            "[collection](https://huggingface.co/collections/lab/fancy-123) of our models\n",
            {C.WEIGHTS},
        ),
        ("Data: measurements.csv\n", {C.DATA}),
        ("The data is included in `data/raw/`.\n", {C.DATA}),
        ("Download the Cityscapes dataset and unzip it.\n", {C.DATA}),
        ("The code and data are released under the [MIT](https://x.org/mit) licence.\n", set()),
        ("[dataset](https://huggingface.co/datasets/lab/fancy-data)\n", {C.DATA}),
    ],
)
def test_weights_and_data_rules(text: str, expected: set[C]) -> None:
    assert covers(text) == expected


@pytest.mark.parametrize(
    ("text", "data"),
    [
        ("Pass `--dataset_name` to choose the dataset the script loads.\n", False),
        ("Set `--data_root` to the folder holding the dataset.\n", False),
        ("The dataset flag `-dataset` picks one of the three corpora.\n", False),
        ("The dataset is unpacked into `data/`.\n", True),
        ("The dataset is read from `--data=corpus/train.jsonl`.\n", True),
        ("The dataset lives in `/mnt/datasets`.\n", True),
        # Without the flag, a folder said in words still places the data.
        ("Pass `--corpus` once the corpus is unpacked into one folder per split.\n", True),
        ("Scores on the dataset are saved in the output folder.\n", False),
    ],
)
def test_an_option_flag_in_inline_code_is_no_data_file(text: str, data: bool) -> None:
    assert (C.DATA in covers(text)) is data


def test_hosted_environments_are_kept_for_e2() -> None:
    text = "[![Open In Colab](https://colab.research.google.com/assets/b.svg)](https://colab.research.google.com/github/lab/x/blob/main/demo.ipynb)\n"
    assert any("colab.research.google.com" in link for link in analyze_readme(text).artifact_links)


# --- citation -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("## Citation\n", False),
        ("## Citation\n\nComing soon.\n", False),
        ("## References\n\n- https://github.com/other/tool\n", False),
        ("## Citation\n\n```bibtex\n@article{a2025,\n title={T}\n}\n```\n", True),
        ("## How to cite\n\nDoe, J., Roe, A. (2024). FancyNet. In Proc. ICML.\n", True),
        ("## Citation\n\nSee [our paper](https://arxiv.org/abs/2501.00001).\n", True),
        ("If you use this code, please cite our [paper](https://arxiv.org/abs/2501.1).\n", True),
        ("Please cite this work at this link:\n\nComing Soon...\n", False),
        (
            "## Acknowledgements\n\nThis code is based on FooNet:\n\n"
            "```bibtex\n@article{foo2020,\n title={FooNet}\n}\n```\n",
            False,
        ),
        (
            "## References & Acknowledgements\n\nIf you find this useful, please cite:\n\n"
            "```bibtex\n@article{ours2025,\n title={Ours}\n}\n```\n",
            True,
        ),
    ],
)
def test_citation_is_this_papers_reference(text: str, expected: bool) -> None:
    assert (C.CITATION in covers(text)) is expected


def test_citation_cff_among_root_files() -> None:
    facts = analyze_readme("# X\n", root_files=("CITATION.cff", "src"))
    assert facts.covers == (C.CITATION,)
    assert facts.evidence[0].line == 0


# --- placeholder: files and words together ------------------------------------------------------


@pytest.mark.parametrize(
    "phrase",
    [
        "Code will be released soon.",
        "The code is to be released.",
        "We will release the code after the conference.",
        "Code available after review.",
        "The implementation will be made public upon acceptance.",
        "Stay tuned!",
        "This repository is under construction.",
        "TODO: release code",
        "- [ ] Release the training code",
        "代码即将开源，敬请期待。",
        "代码将在论文录用后公开。",
    ],
)
def test_promises_of_code_in_a_lone_readme(phrase: str) -> None:
    assert C.PLACEHOLDER in covers(f"# Paper\n\n{phrase}\n")


@pytest.mark.parametrize(
    "text",
    [
        "# Paper\n\nPretrained weights will be released soon.\n",
        "# Paper\n\n- [x] Release the training code\n- [ ] Release the weights\n",
        "# X\n\n```\necho 'coming soon'\n```\n",
    ],
)
def test_no_placeholder_without_a_promise_of_code(text: str) -> None:
    assert C.PLACEHOLDER not in covers(text)


@pytest.mark.parametrize(
    "phrase",
    [
        "A pip package will be released soon.",
        "We will publish the package on PyPI soon.",
        "An updated version will be released after the review.",
        "A cleaner version of the code is coming soon.",
        "Version 2 will be released later this year.",
        "v1.1 with faster decoding coming soon.",
        "The documentation will be updated soon.",
    ],
)
def test_a_promise_of_a_later_form_of_the_code_is_no_placeholder(phrase: str) -> None:
    # Alone, a README promising a package or a new version of code it already describes.
    assert C.PLACEHOLDER not in covers(f"# Kit\n\nThe code of our paper.\n\n{phrase}\n")
    # The code itself promised in the same README still is one.
    assert C.PLACEHOLDER in covers(f"# Kit\n\nThe code will be released soon.\n\n{phrase}\n")


def test_the_files_decide_when_the_root_is_known() -> None:
    thin = "# FastThing\n\nPretrained weights will be released soon.\n"
    assert C.PLACEHOLDER not in covers(thin, CODE_ROOT)
    promise = "# FastThing\n\nCode coming soon!\n"
    assert C.PLACEHOLDER not in covers(promise, CODE_ROOT)  # code files are there
    lone = ("README.md", "LICENSE", "requirements.txt", "teaser.png")
    facts = analyze_readme("# FastThing\n\nA method.\n", root_files=lone)
    assert facts.covers == (C.PLACEHOLDER,)
    assert facts.evidence[0].line == 0
    assert "requirements.txt" in facts.evidence[0].excerpt


def test_page_only_repository_is_a_placeholder() -> None:
    roots = ("README.md", "LICENSE", "index.html", "static", ".gitignore", "teaser.png")
    facts = analyze_readme(asset("minimal.md"), root_files=roots)
    assert facts.covers == (C.PLACEHOLDER,)
    assert "index.html" in facts.evidence[0].excerpt
    assert C.PLACEHOLDER not in covers(asset("minimal.md"), (*roots, "train.py"))


def test_a_data_only_release_with_code_promised_is_a_placeholder() -> None:
    text = "# Complaints\n\nData: complaints.csv\n\nCode: to be uploaded soon\n"
    assert covers(text, ("README.md", "complaints.csv")) == {C.DATA, C.PLACEHOLDER}


# --- moves and reading lists ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "**This repository has moved to https://github.com/newlab/fancy.**",
        "The code now lives at [newlab/fancy](https://github.com/newlab/fancy).",
        "New home: https://github.com/newlab/fancy",
        "Development migrated to\n\nhttps://github.com/newlab/fancy",
        "The code has moved to github.com/newlab/fancy.",
        "**Moved to https://github.com/newlab/fancy**",  # read as a subtitle: still the notice
    ],
)
def test_moved_to(line: str) -> None:
    assert analyze_readme(f"# Fancy\n\n{line}\n").moved_to == "https://github.com/newlab/fancy"


def test_thanks_to_a_project_that_moved_are_no_move() -> None:
    text = "# Fancy\n\n## Acknowledgements\n\nBuilt on Tool, which moved to github.com/x/tool.\n"
    assert analyze_readme(text).moved_to is None


# The code's new home is wherever `auditor.links` says code lives: every forge, a Space; where
# the weights or the data went is no move of the code.
MOVES = [
    ("The code has moved to https://gitlab.com/newlab/fancy.", "https://gitlab.com/newlab/fancy"),
    ("Fancy is now hosted at bitbucket.org/newlab/fancy", "https://bitbucket.org/newlab/fancy"),
    ("We migrated to [Codeberg](https://codeberg.org/newlab/fancy).",
     "https://codeberg.org/newlab/fancy"),
    ("The code has moved to Gitee: https://gitee.com/newlab/fancy", "https://gitee.com/newlab/fancy"),
    ("The demo and its code moved to https://huggingface.co/spaces/newlab/fancy",
     "https://huggingface.co/spaces/newlab/fancy"),
    ("The model has moved to https://huggingface.co/newlab/fancy-7b", None),
    ("Our data moved to huggingface.co/datasets/newlab/fancy-data", None),
]  # fmt: skip


@pytest.mark.parametrize(("line", "home"), MOVES)
def test_a_move_is_to_code_only(line: str, home: str | None) -> None:
    assert analyze_readme(f"# Fancy\n\n{line}\n").moved_to == home


def test_a_follow_up_project_is_no_move() -> None:
    text = "# Fancy\n\nSee our follow-up work at https://github.com/lab/fancy2.\n"
    assert analyze_readme(text).moved_to is None


def reading_list(entries: int) -> str:
    rows = "\n".join(
        f"- [Paper {n}: a study](https://arxiv.org/abs/2501.{n:05d}) [code](https://github.com/l/p{n})"
        for n in range(entries)
    )
    intro = "# Awesome Robot Learning\n\nA curated list accompanying our survey.\n\n## Papers"
    return f"{intro}\n\n{rows}\n"


def test_an_awesome_list_is_a_reading_list_not_code() -> None:
    facts = analyze_readme(reading_list(30), root_files=("README.md", "LICENSE", "figs"))
    assert facts.reading_list
    # The papers it lists are others' work: no weights, data or results of its own.
    assert not {C.WEIGHTS, C.DATA, C.RESULTS, C.TRAIN} & set(facts.covers)


@pytest.mark.parametrize(
    ("text", "root"),
    [
        (reading_list(5), ()),  # too few entries
        (reading_list(30), CODE_ROOT),  # code at the root
        (reading_list(30) + "\n```bash\npython train.py\n```\n", ()),  # a command
    ],
)
def test_not_a_reading_list(text: str, root: tuple[str, ...]) -> None:
    assert not analyze_readme(text, root_files=root).reading_list


def test_bibtex_titles_are_kept_for_f2() -> None:
    text = (
        "## Citation\n\n```bibtex\n@inproceedings{a2025,\n  title = {{Sparse} Diffusion for"
        " Graphs},\n  year = {2025}\n}\n```\n\n## Acknowledgements\n\nBuilt on FooNet:\n\n"
        "```bibtex\n@article{foo,\n  title={FooNet},\n}\n```\n"
    )
    assert analyze_readme(text).citation_titles == ("Sparse Diffusion for Graphs",)


@pytest.mark.parametrize(
    "line",
    [
        "python train.py --data <train_dir> --out <out_dir>",
        "set `strict` to <true> or <false>",
        "write the tree to <tree-file>",
        "<track kind='captions' src='demo.vtt'>",
        "<td-file> names the cell file",
    ],
)
def test_angle_bracket_placeholders_are_no_table(line: str) -> None:
    """Placeholders that begin like a table tag start no table (they once yielded an empty
    one, and the README analysis raised IndexError)."""
    text = f"# Training\n\n{line}\n\nMore text.\n"
    assert list(itertools.islice(tables(list(parse(text).lines)), 3)) == []  # once endless
    assert C.RESULTS not in covers(text)


@pytest.mark.parametrize("case", [str.upper, str.lower, str.title])
def test_html_tables_of_any_case_are_read(case: Callable[[str], str]) -> None:
    rows = [
        "<table>",
        "<tr><th>Model</th><th>Accuracy</th></tr>",
        "<tr><td>ours</td><td>91.2</td></tr>",
        "<tr><td>baseline</td><td>88.4</td></tr>",
        "</table>",
    ]
    text = "# Results\n\n" + "\n".join(case(row) for row in rows) + "\n"
    found = list(itertools.islice(tables(list(parse(text).lines)), 3))
    assert len(found) == 1
    assert len(found[0][1]) == 4  # from the first row to </table>
    assert C.RESULTS in covers(text)


# --- through the command line: weights files, links without a scheme, moves ---------------------


def judged(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """`auditor readme PATH --format json`, as an author runs it."""
    assert cli.main(["readme", str(path), "--format", "json"], environ={}) == 0
    document: dict[str, Any] = json.loads(capsys.readouterr().out)
    return document


def cover_lines(document: dict[str, Any], cover: C) -> list[int]:
    return [item["line"] for item in document["covers"] if item["cover"] == cover.value]


# Every extension of the one list, on a host that says nothing of what it holds: the extension
# alone decides, written with a scheme or without one (`www.` is cited bare).
WEIGHTS_FILE_LINKS = [
    pytest.param(f"{prefix}lab.example.org/fancy/fancy-large{extension}", id=f"{name}-{extension}")
    for extension in WEIGHTS_FILE_EXTENSIONS
    for name, prefix in (("scheme", "https://"), ("no-scheme", "www."))
]


@pytest.mark.parametrize("url", WEIGHTS_FILE_LINKS)
def test_a_weights_file_link_in_a_readme_is_weights(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(f"# Fancy\n\nA method for fancy things.\n\nGet it: {url}\n", encoding="utf-8")
    document = judged(readme, capsys)
    assert cover_lines(document, C.WEIGHTS) == [5]
    assert document["checklist"]["D4"] == "pass"


@pytest.mark.parametrize("extension", WEIGHTS_FILE_EXTENSIONS)
def test_committed_weights_files_are_no_code(
    extension: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "README.md").write_text("# Fancy\n\nA method for fancy things.\n")
    (tmp_path / "LICENSE").write_text("MIT\n")
    (tmp_path / f"fancy-large{extension.upper()}").write_bytes(b"\0")
    assert judged(tmp_path, capsys)["placeholder"] is True
    (tmp_path / "fancy.py").write_text("print('fancy')\n")
    assert judged(tmp_path, capsys)["placeholder"] is False


@pytest.mark.parametrize("name", ["fancy-large.zip", "fancy.csv", "fancy.pdf", "fancy"])
def test_other_file_links_are_no_weights(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(f"# Fancy\n\nGet it: https://lab.example.org/fancy/{name}\n")
    assert cover_lines(judged(readme, capsys), C.WEIGHTS) == []


MODEL = "https://huggingface.co/fancylab/fancy-7b"


@pytest.mark.parametrize(
    ("line", "link"),
    [
        ("Our trained model is on the Hub: huggingface.co/fancylab/fancy-7b.", MODEL),
        ("Checkpoints: [fancy-7b](huggingface.co/fancylab/fancy-7b)", MODEL),
        ("Checkpoints: **hf.co/fancylab/fancy-7b**", "https://hf.co/fancylab/fancy-7b"),
    ],
)
def test_a_hugging_face_model_without_a_scheme_is_weights(
    line: str, link: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(f"# Fancy\n\n{line}\n", encoding="utf-8")
    document = judged(readme, capsys)
    assert cover_lines(document, C.WEIGHTS) == [3]
    assert document["checklist"]["D4"] == "pass"
    assert analyze_readme(readme.read_text()).artifact_links == (link,)


# --- an audit against the fake GitHub: what the README says, as the scorecard records it --------

FORGE_MOVES = {
    "to-github": ("The code has moved to github.com/newlab/fancy.", None),
    "to-gitlab": ("**Moved to https://gitlab.com/newlab/fancy**", "https://gitlab.com/newlab/fancy"),
    "to-bitbucket": ("The code now lives at [Bitbucket](https://bitbucket.org/newlab/fancy).",
                     "https://bitbucket.org/newlab/fancy"),
    "to-codeberg": ("This repository has moved to codeberg.org/newlab/fancy",
                    "https://codeberg.org/newlab/fancy"),
    "to-gitee": ("新家 / new home: https://gitee.com/newlab/fancy", "https://gitee.com/newlab/fancy"),
}  # fmt: skip
MODEL_MOVE = "The code has moved to https://huggingface.co/newlab/fancy-7b."
BARE_MODEL = "# Fancy\n\nWe release our trained model at huggingface.co/acme/fancy-7b.\n"


@pytest.fixture(scope="module")
def moves_audit(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One audit of papers whose repositories' READMEs move the code (or the weights) elsewhere,
    through `auditor audit`: the scorecard it writes."""
    placeholder = {"LICENSE": "MIT\n"}
    repos = [
        *(
            FakeRepo(f"acme/{name}", files={"README.md": f"# Fancy\n\n{line}\n", **placeholder})
            for name, (line, _) in FORGE_MOVES.items()
        ),
        FakeRepo("acme/to-model", files={"README.md": f"# Fancy\n\n{MODEL_MOVE}\n", **placeholder}),
        FakeRepo("acme/bare-model", files={"README.md": BARE_MODEL, "fancy.py": ""}),
        FakeRepo("newlab/fancy", files={"README.md": "# Fancy\n", "fancy.py": ""}),
    ]
    folder = tmp_path_factory.mktemp("moves")
    names = [*(f"acme/{name}" for name in FORGE_MOVES), "acme/to-model", "acme/bare-model"]
    papers = "\n\n".join(
        f"We present Fancy{n}. Code: https://github.com/{name}." for n, name in enumerate(names)
    )
    (folder / "papers.txt").write_text(f"Papers\n\n{papers}\n", encoding="utf-8")
    # The weights the READMEs name answer on the Hugging Face API (loopback).
    models = {
        **huggingface_routes("newlab/fancy-7b", "# Fancy 7B"),
        **huggingface_routes("acme/fancy-7b", "# Fancy 7B"),
    }
    with FakeGitHub(repos, token="t0ken") as github, host_world({"huggingface": models}) as hosts:
        code = cli.main(
            ["audit", str(folder / "papers.txt"), "--out", str(folder / "out"),
             "--allow-private", "127.0.0.0/8", "--github-api-url", github.url, "--no-cache",
             "--no-rescue", "--timeout", "5", "--paper-date", "2024-01-15"],
            environ={"GITHUB_TOKEN": "t0ken", **hosts.environ()},
        )  # fmt: skip
    assert code == 0
    document: dict[str, Any] = json.loads((folder / "out" / "scorecard.json").read_text())
    return document


def audited(document: dict[str, Any], name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The link entry of `github.com/{name}` and its paper's criteria by id."""
    url = f"https://github.com/{name}"
    link = next(entry for entry in document["links"] if entry["url"] == url)
    paper = next(paper for paper in document["papers"] if url in paper["links"])
    return link, {criterion["id"]: criterion for criterion in paper["criteria"]}


def test_a_readme_move_to_github_is_followed(moves_audit: dict[str, Any]) -> None:
    link, criteria = audited(moves_audit, "acme/to-github")
    assert link["outcome"] == "moved"
    assert link["final_url"] == "https://github.com/newlab/fancy"
    assert criteria["B2"]["result"] == "pass"


@pytest.mark.parametrize("name", [name for name in FORGE_MOVES if name != "to-github"])
def test_a_readme_move_to_another_forge_is_the_codes_new_home(
    moves_audit: dict[str, Any], name: str
) -> None:
    link, criteria = audited(moves_audit, f"acme/{name}")
    home = FORGE_MOVES[name][1]
    assert link["repo"]["readme_moved_to"] == home
    # Not a placeholder held against the paper: the code is elsewhere, not checked there.
    assert criteria["B2"]["result"] == "unknown"
    assert home in criteria["B2"]["evidence"]


def test_a_move_to_a_hugging_face_model_is_not_the_codes_home(
    moves_audit: dict[str, Any],
) -> None:
    link, criteria = audited(moves_audit, "acme/to-model")
    assert link["repo"]["readme_moved_to"] is None
    assert criteria["B2"]["result"] == "fail"
    # The model is what it is: the paper's weights.
    assert criteria["D4"]["result"] == "pass"
    assert criteria["D4"]["evidence"] == ["https://huggingface.co/newlab/fancy-7b"]


def test_a_hugging_face_model_without_a_scheme_is_an_artifact_link(
    moves_audit: dict[str, Any],
) -> None:
    link, criteria = audited(moves_audit, "acme/bare-model")
    assert link["repo"]["artifact_links"] == ["https://huggingface.co/acme/fancy-7b"]
    assert "weights" in link["repo"]["readme_covers"]
    assert criteria["D4"]["result"] == "pass"
    assert criteria["D4"]["evidence"] == ["https://huggingface.co/acme/fancy-7b"]


# --- issue 23: classes of error, each a table of variants written for these tests -------------

_ZWSP, _WJ, _BOM, _SHY, _NBSP, _NNBSP = "\u200b", "\u2060", "\ufeff", "\u00ad", "\u00a0", "\u202f"


@pytest.mark.parametrize(
    "text",
    [
        f"Our model reaches 81{_ZWSP}.2% top-1 accuracy and 45.{_ZWSP}3 mAP.",
        f"Our model reaches {_BOM}81.2% top-1 accuracy and 4{_WJ}5.3 mAP.",
        f"Our model reaches 81.2{_NBSP}% accuracy and 45.3{_NNBSP}mAP.",
        f"Our model reaches 8{_SHY}1.2 F1 and 45.3 BLEU on the test set.",
        f"| Model | Accuracy |\n|---|---|\n| ours | {_BOM}81.2 |\n| base | 7{_ZWSP}9.0 |",
        f"| Model | F1 | EM |\n|---|---|---|\n| ours | 81{_WJ}.2 | 70.{_ZWSP}5 |",
    ],
)
def test_invisible_characters_inside_numbers_still_make_results(text: str) -> None:
    assert C.RESULTS in covers(f"# Net\n\n{text}\n", CODE_ROOT)


@pytest.mark.parametrize(
    "entry",
    [
        "@inproceedings{net2025,",  # as spelt
        "@inprocedings{net2025,",
        "@inproceeding{net2025,",
        "@artical{net2025,",
        "@Conferance{net2025,",
        "@misc {net2025,",
        "@preprint{net-2025:fast,",
    ],
)
def test_a_misspelt_bibtex_entry_type_is_still_bibtex(entry: str) -> None:
    text = (
        "# Net\n\nSome words.\n\n```\n"
        f"{entry}\n  title={{Net: a fast network}},\n  author={{Doe, Jane}},\n"
        "  year={2025}\n}\n```\n"
    )
    facts = analyze_readme(text, root_files=CODE_ROOT)
    assert C.CITATION in facts.covers
    assert facts.citation_titles == ("Net: a fast network",)


@pytest.mark.parametrize(
    "line",
    [
        "@app.route('/predict')",
        "@torch.no_grad()",
        "@media screen {",
        "Ask @jane{at}lab for access,",
        "@dataclass",
    ],
)
def test_code_that_is_no_bibtex_entry_is_no_citation(line: str) -> None:
    text = f"# Net\n\n```python\n{line}\ndef predict(x):\n    return x\n```\n"
    assert C.CITATION not in covers(text, CODE_ROOT)


_SCORES = (
    "| Model | CityA | CityB |\n|---|---|---|\n| Ours | 52.1 | 40.3 |\n| Baseline | 48.0 | 35.2 |"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Measurements under an evaluation-type heading are results, whatever the word.
        (f"## Evaluation\n\nWe test on two cities.\n\n{_SCORES}", True),
        (f"## Benchmarking\n\n{_SCORES}", True),
        ("## Testing\n\n| Model | Dev | Test |\n|---|---|---|\n| Ours | 81.2 | 80.5 |", True),
        (f"## Zero-shot testing\n\n{_SCORES}", True),
        (f"## Evaluation\n\n### On the test split\n\n{_SCORES}", True),
        # A column of model sizes beside the measurements leaves them results.
        (
            "## Results\n\n| Method | Backbone | #Params | CityA | CityB |\n|---|---|---|---|---|\n"
            "| Ours | ViT-B | 86M | 91.2 | 95.1 |\n| Base | ViT-B | 86M | 88.0 | 93.4 |",
            True,
        ),
        (
            "## Main results\n\n| Model | Params (M) | CityA |\n|---|---|---|\n"
            "| Ours-S | 22.1 | 45.2 |\n| Ours-L | 300.5 | 52.8 |",
            True,
        ),
        # Tables of settings stay settings, under any heading.
        (
            "## Results\n\n| Parameter | Value |\n|---|---|\n| lr | 0.001 |\n| momentum | 0.9 |",
            False,
        ),
        (
            "## Evaluation\n\n| Name | Type | Default |\n|---|---|---|\n| lr | float | 0.001 |\n"
            "| dropout | float | 0.1 |",
            False,
        ),
        (
            "## Evaluation\n\n| Argument | Default | Description |\n|---|---|---|\n"
            "| --lr | 0.001 | learning rate |\n| --wd | 0.05 | weight decay |",
            False,
        ),
        # Dataset sizes split by train and test are no results, nor an evaluation, beside an
        # average or two too.
        (
            "## Testing\n\n| | Train | Test |\n|---|---|---|\n| Images | 10k | 2k |\n"
            "| Objects | 52,311 | 10,522 |\n| Avg. length | 12.5 | 12.1 |",
            False,
        ),
        (
            "## Evaluation data\n\n| Split | #Images | #Objects |\n|---|---|---|\n"
            "| train | 10,000 | 52,311 |\n| test | 2,000 | 10,522 |",
            False,
        ),
    ],
)
def test_what_a_table_holds_decides_results_not_the_heading_word(text: str, expected: bool) -> None:
    found = covers(f"# Net\n\nA network.\n\n{text}\n", CODE_ROOT)
    assert (C.RESULTS in found) is expected
    assert C.EVALUATE not in found  # a table of numbers is not how to evaluate


_DOWNLOADS = (
    "| Model | Data | Download |\n|---|---|---|\n"
    "| Net-S | CityA | [ckpt](https://drive.google.com/file/d/abc/view) |\n"
    "| Net-L | CityB | [ckpt](https://huggingface.co/lab/net-l) |\n"
    "| Net-X | CityB | [ckpt](https://example.org/files/net_x.pth) |"
)


@pytest.mark.parametrize(
    "heading", ["Fine-tuned models", "Training checkpoints", "Trained models and test logs",
                "Evaluation checkpoints", "Models trained on CityA"],
)  # fmt: skip
def test_a_table_of_checkpoint_downloads_is_weights_not_instructions(heading: str) -> None:
    found = covers(f"# Net\n\nA network.\n\n## {heading}\n\n{_DOWNLOADS}\n", CODE_ROOT)
    assert C.WEIGHTS in found
    assert not found & {C.TRAIN, C.EVALUATE}


@pytest.mark.parametrize(
    "body",
    [
        "See [the training guide](docs/TRAIN.md).",
        "Follow [this walkthrough](https://example.org/how-to-train) step by step.",
    ],
)
def test_a_link_to_a_guide_under_a_training_heading_is_still_training(body: str) -> None:
    assert C.TRAIN in covers(f"# Net\n\nA network.\n\n## Training\n\n{body}\n", CODE_ROOT)


_LOAD_AND_RUN = [
    'import torch\nmodel = torch.hub.load("lab/fastseg", "fastseg_base", pretrained=True)\n'
    "mask = model(image)",
    'import fastseg\nmodel = fastseg.load("base")\nmasks = model.segment("photo.jpg")',
    'from fastseg import Segmenter\nseg = Segmenter.from_checkpoint("checkpoints/fastseg.pt")\n'
    'print(seg.predict("photo.jpg"))',
    'from fastemb import Encoder\nenc = Encoder("lab/fastemb-small")\n'
    'vectors = enc.encode(["a sentence", "another"])',
    # An object of a class the block imports, asked to do its job on an input.
    'from fastseg import Segmenter\nseg = Segmenter(device="cpu")\nmasks = seg.segment("a.jpg")',
    'from fastasr import Transcriber, Config\nasr = Transcriber(Config())\ntext = asr("talk.wav")',
    # A Python session's prompts; a model factory; several names assigned; trained weights
    # asked for by a flag, or put into an object of the user's own class; a function named
    # for its use, imported from the package; a constructor of an imported class.
    '>>> import fastseg\n>>> net = fastseg.load("base")\n>>> net.segment("a.jpg")',
    'import timm\nmodel = timm.create_model("fastseg_base", pretrained=True)\nout = model(img)',
    'model, preprocess = fastseg.load("base")\nmask = model(preprocess(img))',
    "model = fastseg_base(pretrained=True)\nmask = model(img)",
    'net = FastSeg()\nnet.load_state_dict(torch.load("fastseg.pth"))\nmask = net(img)',
    'from fastseg import segment\nmask = segment("street.jpg")',
    'from fastseg import FastSeg\nseg = FastSeg.from_config("base.yaml")\nseg.segment("a.jpg")',
    'net = FastSeg.from_ckpt("fastseg.ckpt").to("cuda")\nmask = net(img)',
]
_LOAD_ONLY = [
    'from fastseg import Segmenter\nseg = Segmenter.from_checkpoint("ckpt/fastseg.pt")\n'
    'seg.to("cuda")\nseg.eval()',
    'model = torch.hub.load("lab/fastseg", "base")\ntrainer = Trainer(model)\ntrainer.train()',
    'state = torch.load("ckpt.pt")\nmodel.load_state_dict(state)',
    "import fastseg\nconfig = fastseg.Config(depth=4)\nprint(config)",
    "from fastseg import Trainer\ntrainer = Trainer(lr=0.1)\ntrainer.fit(data)",
    'seg = Segmenter()\nmasks = seg.segment("a.jpg")',  # a class the block does not import
    # Weights put in, but the model never run; a helper imported from the standard stack or
    # named for no use; a model factory whose result is only trained.
    'net = FastSeg()\nnet.load_state_dict(torch.load("fastseg.pth"))\nnet.eval()',
    'from os.path import join\npath = join("data", "a.jpg")',
    'from fastseg.utils import load_images\nimages = load_images("photos/")',
    'model = timm.create_model("fastseg_base", pretrained=True)\nmodel.train()',
]


@pytest.mark.parametrize(
    ("intro", "expected"),
    [
        ("", True),  # straight under the title's paragraph
        ("## Overview\n\nLoad the model and run it on an image:", True),
        ("## Pretrained models\n\nWeights: https://huggingface.co/lab/fastseg", True),
        ("## Training\n\nFine-tune from the released model:", False),
        ("## Evaluation\n\nScore your checkpoint:", False),
    ],
)
@pytest.mark.parametrize("snippet", _LOAD_AND_RUN)
def test_a_short_api_snippet_running_the_model_is_usage(
    intro: str, expected: bool, snippet: str
) -> None:
    text = f"# FastSeg\n\nA fast segmenter.\n\n{intro}\n\n```python\n{snippet}\n```\n"
    assert (C.USAGE in covers(text, CODE_ROOT)) is expected


@pytest.mark.parametrize("snippet", _LOAD_ONLY)
def test_loading_a_model_without_running_it_is_no_usage(snippet: str) -> None:
    text = f"# FastSeg\n\nA fast segmenter.\n\n## Overview\n\n```python\n{snippet}\n```\n"
    assert C.USAGE not in covers(text, CODE_ROOT)


@pytest.mark.parametrize(
    "sentence",
    [
        "- `eval_all.sh` is the main script for evaluating both tasks.",
        "Run `scripts/score.py` for testing the released model.",
        "`bench/run_suite.py` reproducing Table 2 of the paper.",
        "We provide `analysis.ipynb` for analysing the predictions.",
    ],
)
def test_a_sentence_naming_the_evaluation_script_in_any_verb_form(sentence: str) -> None:
    assert C.EVALUATE in covers(f"# Net\n\nA network.\n\n{sentence}\n", CODE_ROOT)


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("python main.py --mode train --config base.yaml", {C.TRAIN}),
        ("python main.py --mode=infer --input photo.jpg", {C.USAGE}),
        ("python run.py --phase test --ckpt best.pt", {C.EVALUATE}),
        ("python3 classify.py train data/ -a net34", {C.TRAIN}),
        ("python tool.py predict photo.jpg", {C.USAGE}),
        ("python main.py --data cityA --epochs 3 --lr 1e-4", {C.TRAIN}),  # training's flags
        ("python run.py --learning_rate 2e-5 --num_train_epochs 3", {C.TRAIN}),
        ("bash run.sh --warmup_steps 100 --max_steps 5000", {C.TRAIN}),
        ("python main.py --input photo.jpg --lr-scale 2", {C.USAGE}),
        ("python app.py --port 8000", {C.USAGE}),  # no mode: the name decides
        ("python train_net.py --mode fast", {C.TRAIN}),  # no mode word: the name decides
    ],
)
def test_the_mode_a_script_is_run_in_and_its_flags_decide_over_its_name(
    command: str, expected: set[C]
) -> None:
    found = covers(f"# Net\n\nA network.\n\n```bash\n{command}\n```\n", CODE_ROOT)
    assert found & {C.TRAIN, C.EVALUATE, C.USAGE} == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("- Model weights can be found under ./checkpoints folder", True),
        ("The checkpoints are included in the `ckpt/` directory.", True),
        ("Weights for both tasks are provided in `weights/best.pth`.", True),
        ("Checkpoints are available in the released/ folder.", True),
        ("Put the downloaded weights in the checkpoints folder.", False),
        ("Checkpoints are saved in the outputs folder during training.", False),
        ("Download the checkpoints into the ckpt folder.", False),
        ("The backbone weights are provided by the official repo in the ckpt folder.", False),
    ],
)
def test_weights_said_to_be_in_the_repository(sentence: str, expected: bool) -> None:
    assert (C.WEIGHTS in covers(f"# Net\n\nA network.\n\n{sentence}\n", CODE_ROOT)) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "## References\n\n[1] Doe, J. et al. FastNet. CVPR 2024.\n\n"
            "## How to cite this code\n\nPlease cite [1].",
            True,
        ),
        ("Doe et al., FastNet, arXiv 2024.\n\n## If you use FastNet, please cite our paper", True),
        ("## If you use FastNet, please cite our paper\n\nDoe et al., FastNet, CVPR 2024.", True),
        ("## If you use FastNet, please cite our paper", False),
        ("## How to cite this code\n\nComing soon.", False),
    ],
)
def test_a_request_to_cite_in_a_heading_with_its_reference_near(text: str, expected: bool) -> None:
    found = covers(f"# FastNet\n\nA network.\n\n{text}\n", CODE_ROOT)
    assert (C.CITATION in found) is expected


_TRAIN_FIRST = "```\npython train.py --config base.yaml\n```\n\n"
_TEST = "\n\n```\npython test.py --ckpt ckpt/net.pt\n```"


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # After a training command, "the trained model" is the reader's own: evaluating it is
        # no use of the released model.
        (f"{_TRAIN_FIRST}To test the trained model:{_TEST}", False),
        (f"{_TRAIN_FIRST}Then evaluate the trained checkpoints:{_TEST}", False),
        # Without one, it is the model the README gives; and "our pretrained model" always is.
        (f"To test the trained model:{_TEST}", True),
        (f"{_TRAIN_FIRST}To evaluate our pretrained model:{_TEST}", True),
        (f"{_TRAIN_FIRST}To evaluate the released weights:{_TEST}", True),
    ],
)
def test_evaluating_the_trained_model_under_usage_is_use_only_when_released(
    body: str, expected: bool
) -> None:
    found = covers(f"# Net\n\nA network.\n\n## Usage\n\n{body}\n", CODE_ROOT)
    assert (C.USAGE in found) is expected
    assert C.EVALUATE in found


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("Training:", C.TRAIN),
        ("Training and testing:", C.TRAIN),
        ("To evaluate:", C.EVALUATE),
        ("Demo:", C.USAGE),
        ("Training is slow on one GPU.", C.USAGE),  # no label line: a generic run is a use
    ],
)
def test_a_label_line_above_a_sentence_that_says_nothing_ties_the_command(
    label: str, expected: C
) -> None:
    text = (
        f"# Net\n\nA network.\n\n{label}\n\nEdit `configs/base.yaml`, then run:\n\n"
        "```\npython run.py\n```\n"
    )
    found = covers(text, CODE_ROOT) & {C.TRAIN, C.EVALUATE, C.USAGE}
    assert expected in found
    assert C.USAGE not in found or expected is C.USAGE


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("4. Download the Test Bag File", False),
        ("Test images", False),
        ("Test sequences and their labels", False),
        ("Evaluate on the test images", True),
        ("Testing", True),
        ("Test the model", True),
    ],
)
def test_test_naming_data_in_a_heading_is_no_evaluation(heading: str, expected: bool) -> None:
    text = f"# Net\n\nA network.\n\n## {heading}\n\n```\nbash scripts/fetch.sh cityA\n```\n"
    assert (C.EVALUATE in covers(text, CODE_ROOT)) is expected


@pytest.mark.parametrize(
    ("command", "data"),
    [
        ("python scripts/download_pretrained_models.py facelib", False),
        ("bash download_checkpoints.sh", False),
        ("python download_weights.py --all", False),
        ("python download_data.py --split train", True),
        ("bash scripts/download.sh", True),
    ],
)
def test_a_script_downloading_weights_prepares_no_data(command: str, data: bool) -> None:
    text = f"# Net\n\nA network.\n\n```bash\n{command}\n```\n"
    assert (C.DATA in covers(text, CODE_ROOT)) is data


@pytest.mark.parametrize(
    ("heading", "command", "expected"),
    [
        ("Evaluation", "python inference.py --in photos/ --out masks/", True),
        ("Testing", "bash scripts/demo.sh photo.jpg", True),
        ("Evaluation", "python tools/generate_samples.py --n 16", True),
        ("Evaluation", "python main.py --ckpt best.pt", False),  # a generic name
        ("Evaluation", "python eval.py --ckpt best.pt", False),
        ("Training", "python inference.py --in photos/", False),  # training's own step
    ],
)
def test_a_script_named_for_a_use_in_an_evaluation_section_is_usage(
    heading: str, command: str, expected: bool
) -> None:
    text = f"# Net\n\nA network.\n\n## {heading}\n\n```bash\n{command}\n```\n"
    assert (C.USAGE in covers(text, CODE_ROOT)) is expected


@pytest.mark.parametrize(
    ("heading", "sentence", "command", "expected"),
    [
        (
            "Usage",
            "Fine-tune our pre-trained model on your own data:",
            "python finetune.py --init ckpt/ours.pth --data my_data/",
            True,
        ),
        (
            "Getting started",
            "To adapt the released checkpoints to a new task:",
            "bash scripts/finetune_cls.sh --task sentiment",
            True,
        ),
        (
            "Quick start",
            "Start from our pretrained weights and fine-tune:",
            "torchrun tools/ft.py --weights ours-base",
            True,
        ),
        ("Usage", "Train from scratch:", "python train.py --config base.yaml", False),
        ("Usage", "Fine-tune a model on your data:", "python finetune.py --data my_data/", False),
        ("Training", "Fine-tune our pre-trained model:", "python finetune.py --data d/", False),
    ],
)
def test_fine_tuning_the_released_pretrained_model_is_how_it_is_used(
    heading: str, sentence: str, command: str, expected: bool
) -> None:
    text = f"# Net\n\nA network.\n\n## {heading}\n\n{sentence}\n\n```bash\n{command}\n```\n"
    assert (C.USAGE in covers(text, CODE_ROOT)) is expected


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        ("| 方法 | 准确率 |\n|---|---|\n| 本文方法 | 81.2 |", True),
        ("| 模型 | 精度 |\n|---|---|\n| 本文 | 81.2 |", True),
        ("| モデル | 正解率 |\n|---|---|\n| 提案手法 | 81.2 |", True),
        ("| 모델 | 정확도 |\n|---|---|\n| 제안 | 81.2 |", True),
        ("| Modèle | Précision |\n|---|---|\n| Le nôtre | 81.2 |", True),
        ("| Modell | Genauigkeit |\n|---|---|\n| Unseres | 81.2 |", True),
        ("| 参数 | 值 |\n|---|---|\n| 学习率 | 0.001 |", False),  # settings, one value
        ("| 数据集 | 训练 | 测试 |\n|---|---|---|\n| A | 1000 | 200 |", False),
    ],
)
def test_a_one_row_results_table_whose_header_is_not_in_english(table: str, expected: bool) -> None:
    assert (C.RESULTS in covers(f"# 网络\n\n一个网络。\n\n{table}\n", CODE_ROOT)) is expected


@pytest.mark.parametrize(
    ("section", "body", "expected"),
    [
        ("Installation", "1. Clone the repository\n2. Create an environment\n3. Run it", False),
        ("Setup", "- Clone\n- Build\n- Run", False),
        ("Environment", "A fresh environment is recommended.", False),
        ("Installation", "Use `environment.yml` to create the environment.", True),
        ("Installation", "Tested with Python 3.10 and CUDA 12.1.", True),
        ("Requirements", "- einops\n- tqdm>=4.0", True),
        ("Installation", "See [the install guide](docs/INSTALL.md).", True),
        ("Installation", "```\npip install -r requirements.txt\n```", True),
    ],
)
def test_an_install_section_of_bare_step_names_is_no_install(
    section: str, body: str, expected: bool
) -> None:
    found = covers(f"# Net\n\nA network.\n\n## {section}\n\n{body}\n", CODE_ROOT)
    assert (C.INSTALL in found) is expected


_HEADER = "| Model | CityA | CityB |\n|---|---|---|\n"


@pytest.mark.parametrize(
    ("row", "weights"),
    [
        # Models compared against, linked by name beside their scores: not the paper's weights.
        ("| [BaseNet-7B](https://huggingface.co/other-lab/basenet-7b) | 44.1 | 61.4 |", False),
        ("| [OtherNet](https://huggingface.co/another/othernet) | 40.0% | 58.2% |", False),
        # Weights the README gives: a download column, the row saying ours, no measurements.
        (
            "| Ours-7B | 61.2 | [download](https://huggingface.co/lab/ours-7b) |",
            True,
        ),
        ("| [Ours-7B](https://huggingface.co/lab/ours-7b) (ours) | 61.2 | 70.1 |", True),
        ("| [🤗 FastNet](https://huggingface.co/lab/fastnet) | 61.2 | 70.1 |", True),
        ("| [FastNet](https://huggingface.co/lab/fastnet) | CityA | CityB |", True),
    ],
)
def test_a_model_compared_in_a_results_table_is_not_the_papers_weights(
    row: str, weights: bool
) -> None:
    text = f"# FastNet\n\nA network.\n\n## Results\n\n{_HEADER}{row}\n"
    facts = analyze_readme(text, root_files=CODE_ROOT)
    assert (C.WEIGHTS in facts.covers) is weights
    assert bool(facts.artifact_links) is weights
