"""What `auditor.readme.analysis` decides beyond single covers, and classes of error in the
covers, on READMEs written for these tests: one table per class, with several variants and the
near-misses beside them."""

from __future__ import annotations

import pytest

from auditor.models import ReadmeCover as C
from auditor.readme.analysis import analyze_readme

RESULTS_TABLE = """## Results

| Model | Accuracy | F1 |
|---|---|---|
| Baseline | 71.2 | 68.0 |
| Ours | 78.9 | 75.4 |
"""


def _readme(*parts: str) -> str:
    return "# FancyNet\n\nOfficial code of FancyNet.\n\n" + "\n".join(parts)


# (README, the line of the command producing its results, or None when it gives none)
RESULTS_COMMANDS = [
    pytest.param(
        _readme(RESULTS_TABLE, "## Evaluation\n\n```bash\npython eval.py --ckpt ours.pth\n```\n"),
        15,
        id="an-evaluation-script-below-the-table",
    ),
    pytest.param(
        _readme(
            "## Reproducing the paper\n\nTo reproduce Table 2, run:\n\n```bash\n"
            "bash scripts/run_all.sh\n```\n",
            RESULTS_TABLE,
        ),
        10,
        id="a-generic-script-the-sentence-says-reproduces",
    ),
    pytest.param(
        _readme(
            "## Performance\n\n![main results](assets/main_results.png)\n\n",
            "## Benchmark\n\n```bash\npython benchmark.py --model ours --split test\n```\n",
        ),
        13,
        id="a-results-figure-and-a-benchmark-script",
    ),
    pytest.param(
        _readme(
            RESULTS_TABLE,
            "Scores come from the harness:\n\n```\nlm_eval --model hf "
            "--model_args pretrained=lab/fancynet --tasks arc_easy\n```\n",
        ),
        15,
        id="an-evaluation-tool",
    ),
    pytest.param(
        _readme(
            RESULTS_TABLE,
            "## Evaluation\n\nEdit the paths, then:\n\n```bash\n"
            "python main.py --config configs/test.yaml\n```\n",
        ),
        17,
        id="a-generic-script-in-an-evaluation-section",
    ),
    pytest.param(
        _readme(
            "## Results\n\nOn the test split, accuracy: 78.9% and F1: 75.4.\n",
            "## Testing\n\n```bash\npython test.py --weights ours.pth\n```\n",
        ),
        12,
        id="results-in-prose-and-a-test-script",
    ),
    pytest.param(
        _readme(RESULTS_TABLE + "\n```bash\npython main.py --config configs/table1.yaml\n```\n"),
        13,
        id="a-generic-command-in-the-results-section",
    ),
    pytest.param(
        _readme(
            "## Run the experiments\n\n```bash\n# the four-round setting\nbash run_all.sh\n```\n",
            "## Findings\n\nAccuracy: 78.9% against F1: 75.4 for the baseline.\n",
        ),
        9,
        id="commands-under-an-experiments-heading",
    ),
    pytest.param(
        _readme(RESULTS_TABLE, "## Scripts\n\n```bash\npython reproduce_table1.py\n```\n"),
        15,
        id="a-script-named-for-reproducing",
    ),
    pytest.param(
        _readme(RESULTS_TABLE, "To reproduce them, run `bash scripts/table.sh` on one GPU.\n"),
        12,
        id="an-inline-command-a-sentence-says-reproduces",
    ),
    pytest.param(
        _readme(RESULTS_TABLE + "\n```bash\npython demo.py --image cat.jpg\n```\n"),
        None,
        id="a-demo-in-the-results-section",
    ),
    pytest.param(
        _readme(RESULTS_TABLE + "\nTo train it:\n\n```bash\npython main.py --epochs 90\n```\n"),
        None,
        id="training-in-the-results-section",
    ),
    pytest.param(
        _readme(
            "## Experiments\n\n### Training\n\n```bash\npython main.py --config base.yaml\n```\n",
            RESULTS_TABLE,
        ),
        None,
        id="a-training-subsection-of-experiments",
    ),
    pytest.param(
        _readme(RESULTS_TABLE, "Code coming soon.\n"), None, id="results-without-commands"
    ),
    pytest.param(
        _readme("## Evaluation\n\n```bash\npython eval.py --ckpt ours.pth\n```\n"),
        None,
        id="commands-without-results",
    ),
    pytest.param(
        _readme(
            "## Training\n\n```bash\npython train.py --config configs/base.yaml\n```\n",
            RESULTS_TABLE,
        ),
        None,
        id="training-commands-beside-a-results-table",
    ),
    pytest.param(
        _readme(
            "## Installation\n\n```bash\npip install -r requirements.txt\n```\n",
            "## Demo\n\n```bash\npython demo.py --image cat.jpg\n```\n",
            RESULTS_TABLE,
        ),
        None,
        id="a-demo-and-set-up-beside-a-results-table",
    ),
    pytest.param(
        _readme(RESULTS_TABLE, "## Evaluation\n\nThe evaluation scripts will be released soon.\n"),
        None,
        id="an-evaluation-heading-that-only-promises",
    ),
    pytest.param(
        _readme(
            "## Dataset statistics\n\n| Split | Images |\n|---|---|\n| train | 10,000 |\n"
            "| test | 2,000 |\n",
            "## Evaluation\n\n```bash\npython eval.py --ckpt ours.pth\n```\n",
        ),
        None,
        id="an-evaluation-command-beside-a-dataset-table",
    ),
]


@pytest.mark.parametrize(("text", "line"), RESULTS_COMMANDS)
def test_results_come_with_the_commands_that_produce_them(text: str, line: int | None) -> None:
    facts = analyze_readme(text)
    found = facts.results_commands
    assert (found.line if found else None) == line
    if found is not None:
        assert found.cover is C.RESULTS_COMMANDS
        assert found.excerpt == text.splitlines()[line - 1].strip()
    # Kept apart from the covers the scorecard writes (no criterion reads it yet).
    assert C.RESULTS_COMMANDS not in facts.covers


def _covers(*parts: str) -> set[C]:
    return set(analyze_readme(_readme(*parts)).covers)


# Evaluate recall: the sentence introducing commands reaches them past the short label naming
# each one's variant ("- Dataset A"); a line that says something of its own does not pass it on.
@pytest.mark.parametrize(
    ("text", "cover", "expected"),
    [
        pytest.param(
            "You can evaluate our model on both benchmarks with:\n\n- Benchmark A\n\n"
            "```\nsh scripts/run_a.sh\n```\n",
            C.EVALUATE,
            True,
            id="a-bullet-label",
        ),
        pytest.param(
            "To reproduce the scores, run the following commands:\n\n1. ImageNet\n\n"
            "```\nbash run_imagenet.sh\n```\n",
            C.EVALUATE,
            True,
            id="a-numbered-label",
        ),
        pytest.param(
            "To train the model on each dataset, use:\n\nFor CIFAR-10\n\n"
            "```\npython main.py --dataset cifar10\n```\n",
            C.TRAIN,
            True,
            id="a-plain-label-under-a-training-sentence",
        ),
        pytest.param(
            "To train the model on each dataset, use:\n\nFor CIFAR-10\n\n"
            "```\npython main.py --dataset cifar10\n```\n",
            C.EVALUATE,
            False,
            id="near-miss-training-is-not-evaluation",
        ),
        pytest.param(
            "You can evaluate our model on both benchmarks with:\n\n"
            "Set the paths in the config first.\n\n```\nsh scripts/run_a.sh\n```\n",
            C.EVALUATE,
            False,
            id="near-miss-a-sentence-of-its-own-between",
        ),
    ],
)
def test_a_sentence_reaches_its_commands_past_their_labels(
    text: str, cover: C, expected: bool
) -> None:
    assert (cover in _covers("## Scripts\n\n" + text)) is expected


# Evaluate recall: "Testing:" alone, as a label, says what the commands below it do, and so do
# "Test:", "Eval:", "To test, run:" and "For testing, run"; not the test data, nor unit tests.
@pytest.mark.parametrize(
    ("label", "expected"),
    [
        pytest.param("Training and testing:", {C.TRAIN, C.EVALUATE}, id="joined-with-training"),
        pytest.param("Testing:", {C.EVALUATE}, id="alone"),
        pytest.param("Testing：", {C.EVALUATE}, id="a-full-width-colon"),
        pytest.param("Test:", {C.EVALUATE}, id="test"),
        pytest.param("Eval:", {C.EVALUATE}, id="eval"),
        pytest.param("To test, first set the paths:", {C.EVALUATE}, id="to-test"),
        pytest.param("For testing, use a single GPU:", {C.EVALUATE}, id="for-testing"),
        pytest.param("Testing data:", set(), id="near-miss-test-data"),
        pytest.param("For the test set:", set(), id="near-miss-the-test-set"),
        pytest.param("Unit test:", set(), id="near-miss-unit-tests"),
        pytest.param("Testing this idea was fun.", set(), id="near-miss-a-sentence"),
    ],
)
def test_a_testing_label_names_evaluation(label: str, expected: set[C]) -> None:
    found = _covers(
        f"## Scripts\n\n{label}\n\nEdit the config, then run:\n\n```\npython run.py\n```\n"
    )
    assert found & {C.TRAIN, C.EVALUATE} == expected


# Evaluate recall: a command's own trailing comment says what it is run for.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("bash run4.sh  # all baselines and ours", {C.EVALUATE}, id="baselines"),
        pytest.param("python main.py --cfg a.yaml # reproduce Table 2", {C.EVALUATE}, id="table"),
        pytest.param("./run.sh # compute the metrics", {C.EVALUATE}, id="metrics"),
        pytest.param("python main.py --cfg a.yaml  # train the model", {C.TRAIN}, id="training"),
        pytest.param("python main.py --cfg a.yaml  # takes about two hours", set(), id="near-miss"),
    ],
)
def test_a_trailing_comment_says_what_a_command_runs(command: str, expected: set[C]) -> None:
    found = _covers(f"## Scripts\n\n```bash\n{command}\n```\n")
    assert found & {C.TRAIN, C.EVALUATE} == expected


# Evaluate and train recall: a console tool named for its step is read as a script's name.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("sw-eval --source_path /data/scene --model ours", {C.EVALUATE}, id="eval"),
        pytest.param("fancy_benchmark --model ours --split test", {C.EVALUATE}, id="benchmark"),
        pytest.param("sw-train --source_path /data/scene", {C.TRAIN}, id="train"),
        pytest.param("huggingface-cli download lab/fancynet", set(), id="near-miss-download"),
        pytest.param("pre-commit run --all-files", set(), id="near-miss-a-hook"),
        pytest.param("git-lfs pull", set(), id="near-miss-a-fetch"),
    ],
)
def test_a_console_tool_named_for_its_step(command: str, expected: set[C]) -> None:
    found = _covers(f"## Scripts\n\n```shell\n{command}\n```\n")
    assert found & {C.TRAIN, C.EVALUATE} == expected


# Usage (and every guide) recall: a guide linked in HTML, as navigation bars link them, counts
# as its Markdown link would.
@pytest.mark.parametrize(
    ("line", "cover", "expected"),
    [
        pytest.param(
            '<a href="docs/quickstart.md"><b>Quick Start</b></a> |', C.USAGE, True, id="bold-text"
        ),
        pytest.param(
            "<a target='_blank' href='https://github.com/lab/fancy/blob/main/docs/usage.md'>"
            "Guide</a>",
            C.USAGE,
            True,
            id="named-by-its-file",
        ),
        pytest.param(
            '<p><a href="docs/TRAINING.md">Training</a></p>', C.TRAIN, True, id="a-training-guide"
        ),
        pytest.param(
            '<a href="https://lab.example/fancy">Quick Start</a>',
            C.USAGE,
            False,
            id="near-miss-a-page",
        ),
        pytest.param(
            '<a href="docs/quickstart.md"><img src="logo.png"></a>', C.USAGE, True, id="file-name"
        ),
        pytest.param(
            '<a href="assets/teaser.png">Demo</a>', C.USAGE, False, id="near-miss-an-image"
        ),
        pytest.param(
            '<a href="docs/faq.md">Q</a> | <a href="https://lab.example/train">Training</a>',
            C.TRAIN,
            False,
            id="near-miss-each-link-its-own-text",
        ),
    ],
)
def test_a_guide_linked_in_html(line: str, cover: C, expected: bool) -> None:
    assert (cover in _covers(f"<p align='center'>\n{line}\n</p>\n")) is expected


# Usage precision: a formula or a diagram in a code block is no command, whatever its heading.
@pytest.mark.parametrize(
    ("code", "expected"),
    [
        pytest.param("score(x) = (e − μ_neg) · (μ_pos − μ_neg)", False, id="a-score-formula"),
        pytest.param("y = softmax(W·x + b)", False, id="a-layer"),
        pytest.param("loss = α * ce + (1 - α) * kd", False, id="a-weighted-loss"),
        pytest.param('print("loss → 0")', True, id="near-miss-an-arrow-in-a-string"),
        pytest.param("python infer.py --image cat.jpg", True, id="near-miss-a-command"),
    ],
)
def test_a_formula_in_a_code_block_is_no_command(code: str, expected: bool) -> None:
    found = _covers(f"## Inference\n\nAt inference time:\n\n```\n{code}\n```\n")
    assert (C.USAGE in found) is expected


def _has(text: str, cover: C) -> bool:
    return cover in analyze_readme(text).covers


# Data said to be withheld, in its several phrasings, gives no data; a data section that says
# how to get it does.
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("For now the recordings cannot be made publicly available.", False),
        ("The hospital scans can't be shared outside the consortium.", False),
        ("Our survey answers could not be released for privacy reasons.", False),
        ("The logs may not be distributed.", False),
        ("The corpus cannot yet be made public.", False),
        ("Download the recordings from https://example.org/rec.zip and unzip them.", True),
        ("The recordings can be made available to you by running `get_data.sh`.", True),
    ],
)
def test_data_said_to_be_withheld_is_no_data(sentence: str, expected: bool) -> None:
    text = _readme("## Dataset\n", "We collected two years of field recordings.\n", sentence)
    assert _has(text, C.DATA) is expected


# Setting up the environment under a heading that also names the data gets no data; a command
# fetching or preparing the data under it does.
@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("conda create -n fancy python=3.11\nconda activate fancy\npip install -r req.txt", False),
        ("python -m venv .env\nsource .env/bin/activate\nuv pip install fancy", False),
        ("sudo apt-get install ffmpeg\npoetry install", False),
        ("pip install gdown\ngdown 1AbCdEfGh -O corpus.zip", True),
        ("python prepare_corpus.py --out corpus/", True),
    ],
)
def test_setting_up_the_environment_is_not_getting_the_data(code: str, expected: bool) -> None:
    text = _readme("## Code and Dataset\n", "Run the following:\n", f"```bash\n{code}\n```\n")
    assert _has(text, C.DATA) is expected


# Where a training run saves its checkpoints is the reader's output, not weights given; trained
# weights the README says it provides are weights, in a training section too.
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Trained checkpoints are saved under the `runs/` directory.", False),
        ("The trained model weights will be written to the outputs folder `out/`.", False),
        ("Checkpoints of the trained model get stored in the `ckpt/` directory.", False),
        ("We provide the trained weights in the `released/` directory.", True),
        ("The trained checkpoints are included in the `weights/` folder.", True),
    ],
)
def test_where_training_saves_checkpoints_is_no_release(sentence: str, expected: bool) -> None:
    text = _readme("## Training\n", "```bash\npython train.py --epochs 10\n```\n", sentence)
    assert _has(text, C.WEIGHTS) is expected


# A sentence naming a use decides over a script named for testing: "To generate images, run
# test.py" samples from a model, it evaluates nothing; an evaluation flag still evaluates.
@pytest.mark.parametrize(
    ("sentence", "command", "expected"),
    [
        ("To generate images, use the following script:", "python test.py --g ckpt.pth", set()),
        ("To generate samples, run:", "python test_model.py --n 100", set()),
        ("For inference on your own photos:", "python tools/test.py --input me.jpg", set()),
        ("To generate images, run:", "python test.py --eval --g ckpt.pth", {C.EVALUATE}),
        ("To evaluate the model, run:", "python test.py --g ckpt.pth", {C.EVALUATE}),
        ("Then run:", "python test.py --g ckpt.pth", {C.EVALUATE}),
    ],
)
def test_a_use_sentence_decides_over_a_test_script(
    sentence: str, command: str, expected: set[C]
) -> None:
    text = _readme("## Running\n", sentence, f"\n```bash\n{command}\n```\n")
    assert set(analyze_readme(text).covers) & {C.EVALUATE} == expected


# Training or learning curves are results when the section shows them; the heading alone, or a
# curve promised, is not.
@pytest.mark.parametrize(
    ("heading", "body", "expected"),
    [
        ("### Training curve", "Comparison of the methods.\n\n![reward](figs/reward.png)", True),
        ("## Learning curves", "<img src='figs/curves.png' width=500>", True),
        ("## Success curves", "| ![a](a.png) | ![b](b.png) |\n|---|---|", True),
        ("## Training curve", "We log the curve to TensorBoard during training.", False),
        ("## Loss curves", "Coming soon.", False),
    ],
)
def test_curves_are_results_when_shown(heading: str, body: str, expected: bool) -> None:
    assert _has(_readme(f"{heading}\n", body), C.RESULTS) is expected


# The paper's own BibTeX left under the acknowledgements (no heading of its own) asks to cite
# the paper: its title is the README's; another work's entry there does not.
@pytest.mark.parametrize(
    ("entry_title", "expected"),
    [
        ("FancyNet: Fast Fancy Networks", True),
        ("Fast Fancy Networks with FancyNet", True),
        ("A Completely Different Baseline for Parsing", False),
    ],
)
def test_the_papers_bibtex_under_the_acknowledgements(entry_title: str, expected: bool) -> None:
    text = (
        "# FancyNet: Fast Fancy Networks\n\nOfficial code.\n\n"
        "## Acknowledgements\n\nWe thank the authors of ParseKit for their code.\n\n"
        f"```\n@inproceedings{{doe2025,\n  title={{{entry_title}}},\n  author={{Doe, Jane}},\n"
        "  year={2025}\n}\n```\n"
    )
    assert _has(text, C.CITATION) is expected


# A module run with `python -m` and named for a step runs that step, not a use of the code; a
# module named for a use, or for nothing, is run as a tool.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("python -m eval.gsm8k --model ckpt/", {C.EVALUATE}),
        ("python -m fancynet.train --epochs 3", {C.TRAIN}),
        ("python3 -m tools.evaluate --split dev", {C.EVALUATE}),
        ("python -m fancynet.demo --image cat.jpg", {C.USAGE}),
        ("python -m fancynet --image cat.jpg", {C.USAGE}),
    ],
)
def test_a_module_named_for_its_step(command: str, expected: set[C]) -> None:
    text = _readme("## Commands\n", f"```bash\n{command}\n```\n")
    assert set(analyze_readme(text).covers) & {C.USAGE, C.TRAIN, C.EVALUATE} == expected


# A training or evaluation section pointing at another project as a whole ("we followed the
# setup of [X](…)") gives no instructions; a link to a guide, a file or a section does.
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("We followed the setup of [BaseNet](https://github.com/acme/basenet) on 4 GPUs.", False),
        ("Trained like <a href='https://gitlab.com/acme/basenet'>BaseNet</a> was.", False),
        ("See [the guide](https://github.com/acme/fancy/blob/main/docs/train.md).", True),
        ("See [training](https://github.com/acme/fancy#training).", True),
        ("See [the guide](docs/train.md) and [BaseNet](https://github.com/acme/basenet).", True),
        ("Follow [these steps](https://example.org/fancy/training.html).", True),
    ],
)
def test_another_project_pointed_at_is_no_training_guide(sentence: str, expected: bool) -> None:
    assert _has(_readme("## Training\n", sentence), C.TRAIN) is expected


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("# Net\n\nTraining code below.\n\nThe pretrained weights will be released soon.\n", 5),
        ("# Net\n\n## TODO\n\n- [ ] Release the checkpoints\n", 5),
        ("# Net\n\n权重即将发布。\n", 3),
        # Ticked: released. The code, not the weights, is promised. Weights already given.
        ("# Net\n\n- [x] Release the checkpoints\n", None),
        ("# Net\n\nCode coming soon.\n", None),
        (
            "# Net\n\n## Weights\n\nDownload our checkpoint from "
            "https://huggingface.co/lab/net.\n\nMore checkpoints will be released soon.\n",
            None,
        ),
    ],
)
def test_a_promise_of_weights_is_the_first_line_promising_them(text: str, line: int | None) -> None:
    promise = analyze_readme(text).weights_promise

    assert (promise.line if promise else None) == line
    if promise is not None:
        assert promise.cover is C.WEIGHTS


# Rubric 2.0's F2: a citation of the paper, not a pointer to it (our own READMEs).
BIBTEX = (
    "```bibtex\n@inproceedings{net2026,\n  title={Net: Learning},\n  author={Doe, Jane},\n}\n```\n"
)
CITATIONS = [
    ("## Citation\n\nhttps://arxiv.org/abs/2601.04321\n", True),
    ("## Citation\n\nPlease cite our paper: https://arxiv.org/abs/2601.04321\n", True),
    ("## Citation\n\n" + BIBTEX, False),
    ("## Citation\n\nDoe, Jane and Roe, Rick (2026). Net: Learning. In CVPR.\n", False),
    ("## Citation\n\nJane Doe et al. Net: Learning. arXiv:2601.04321.\n", False),
    ("If you use this code, please cite:\n\n" + BIBTEX, False),
]


@pytest.mark.parametrize(("section", "bare"), CITATIONS)
def test_a_citation_that_only_points_at_the_paper_is_bare(section: str, bare: bool) -> None:
    facts = analyze_readme(f"# Net\n\nNet learns from examples.\n\n{section}")
    assert C.CITATION in facts.covers
    assert facts.bare_citation is bare


def test_a_readme_without_a_citation_is_not_bare() -> None:
    assert analyze_readme("# Net\n\nNet learns from examples.\n").bare_citation is False


# Results recall: a figure is a result by its caption, written above it or below it, or by the
# claim introducing it; a diagram of the method beside a claim, and a comparison of two kinds of
# input, are no results.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            '## Findings\n\n<p>\n  <img src="img/plot_b.png"/>\n</p>\n\n'
            "Fig. 3: Results on the held-out cities.\n",
            True,
            id="a-caption-below-after-the-html-block",
        ),
        pytest.param(
            "## Findings\n\n![](img/steer.png)\n\nTable 2: steering accuracy of each variant.\n",
            True,
            id="a-table-caption-below-an-image",
        ),
        pytest.param(
            "## Highlights\n\nFancyNet achieves state-of-the-art alignment accuracy on three"
            ' datasets.\n\n<img src="figs/cities.jpg" width="500"/>\n',
            True,
            id="a-claim-introducing-the-figure",
        ),
        pytest.param(
            '<p align="center">\n  <img src="figs/figure-2.png">\n  <br>\n'
            "  <em>Figure 2: FancyNet-7B reaches frontier-level scores after 300 steps</em>\n"
            "</p>\n",
            True,
            id="a-claiming-caption-below",
        ),
        pytest.param(
            "## Overview\n\nFancyNet achieves state-of-the-art accuracy with a tiny encoder.\n\n"
            '<img src="figs/framework.png" width="600"/>\n',
            False,
            id="near-miss-a-diagram-beside-a-claim",
        ),
        pytest.param(
            '## Overview\n\n<img src="figs/planes.png">\n<br>\n'
            "<b>Figure 1: Comparison of the noise planes between real and generated images.</b>\n",
            False,
            id="near-miss-a-comparison-of-two-inputs",
        ),
        pytest.param(
            "## Overview\n\n![](figs/city.png)\n\nFigure 1: a street scene from the city set.\n",
            False,
            id="near-miss-a-caption-saying-no-result",
        ),
    ],
)
def test_a_figure_is_a_result_by_its_caption_or_claim(text: str, expected: bool) -> None:
    assert (C.RESULTS in _covers(text)) is expected


# Train, evaluate and usage recall: a sentence naming a script or notebook (any of the usual
# languages) says what it does by the step it is for, not only by a verb; a module of helpers
# for a step is no step to run.
@pytest.mark.parametrize(
    ("line", "expected"),
    [
        pytest.param(
            "- `CityRun.m` - a script for training and inference on the city case.",
            {C.TRAIN, C.USAGE},
            id="a-matlab-script-for-training-and-inference",
        ),
        pytest.param(
            "To replicate the evaluation of the paper, open `paper.ipynb`.",
            {C.EVALUATE},
            id="a-notebook-for-the-replication",
        ),
        pytest.param(
            "The script `fit_all.R` is for the training of every variant.",
            {C.TRAIN},
            id="an-r-script-for-training",
        ),
        pytest.param(
            "`play.ipynb` is a demo of the released model.", {C.USAGE}, id="a-demo-notebook"
        ),
        pytest.param(
            "**./helpers.py** contains code for evaluation.", set(), id="near-miss-helper-code"
        ),
        pytest.param(
            "`metrics.py` holds utility functions for testing.", set(), id="near-miss-utilities"
        ),
        pytest.param(
            "`loader.py` reads the files for the training set.", set(), id="near-miss-data-set"
        ),
    ],
)
def test_a_sentence_naming_a_script_says_its_step(line: str, expected: set[C]) -> None:
    found = _covers(f"## Files\n\n{line}\n")
    assert found & {C.TRAIN, C.EVALUATE, C.USAGE} == expected


# Usage, train and evaluate recall: a sentence sending the reader to run a script, notebook or
# folder of them, with no command written out, counts for the step the script is named for; in
# a usage section, for a use unless the name says another step.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Running\n\nTo run FancyNet, check ./fancy/test_fancy.py\n",
            {C.EVALUATE},
            id="a-test-script-pointed-at",
        ),
        pytest.param(
            "## Scripts\n\nSee `tools/train_city.py` to fit a new city.\n",
            {C.TRAIN},
            id="a-training-script-pointed-at",
        ),
        pytest.param(
            "## Getting Started\n\n1. Clone the repository.\n"
            "2. Pick and run one of the scripts under `runs/`.\n",
            {C.USAGE},
            id="a-usage-step-running-a-folder-of-scripts",
        ),
        pytest.param(
            "## Usage\n\nOpen `notebooks/walkthrough.ipynb` and run every cell.\n",
            {C.USAGE},
            id="a-usage-notebook",
        ),
        pytest.param(
            "## Usage\n\nRun `prepare_data.py` once before anything else.\n",
            set(),
            id="near-miss-a-data-script-in-a-usage-section",
        ),
        pytest.param(
            "## Usage\n\nThe layout of `configs/` follows the paper.\n",
            set(),
            id="near-miss-no-run",
        ),
    ],
)
def test_a_sentence_sending_the_reader_to_a_script(text: str, expected: set[C]) -> None:
    assert _covers(text) & {C.TRAIN, C.EVALUATE, C.USAGE} == expected


# Evaluate precision: a flag naming an input or a setting of the step is no evaluation run.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("python encode.py --test-rgb-dir ./frames --workers 0", set(), id="a-dir"),
        pytest.param(
            "python train.py --eval_steps 500 --lr 1e-4", {C.TRAIN}, id="steps-of-a-training"
        ),
        pytest.param("python main.py --eval-batch-size 8", set(), id="a-batch-size"),
        pytest.param("python train_net.py --eval-only --ckpt a.pth", {C.EVALUATE}, id="eval-only"),
        pytest.param("python main.py --test", {C.EVALUATE}, id="the-mode"),
        pytest.param("python main.py --evaluate --ckpt a.pth", {C.EVALUATE}, id="evaluate"),
    ],
)
def test_a_flag_naming_a_setting_is_no_evaluation(command: str, expected: set[C]) -> None:
    found = _covers(f"## Scripts\n\n```bash\n{command}\n```\n")
    assert found & {C.TRAIN, C.EVALUATE} == expected


# Data recall: the data's place on the line below the sentence introducing it; data shipped in
# the repository said in a listing (a folder named for it, "includes … data … in `x/`"); the
# format to prepare one's own data, beside a dataset promised for later. A module of code named
# for the data, a bare folder entry, or a promise alone are no data.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Usage\n\nThe data can be downloaded through the following link:\n\n"
            "```\nhttps://drive.google.com/drive/folders/abcDEF123\n```\n",
            True,
            id="the-link-below-the-sentence",
        ),
        pytest.param(
            "## Layout\n\n- **`/data_cities`** and **`/data_towns`**: the evaluation instances"
            " of every size.\n",
            True,
            id="folders-named-for-the-data",
        ),
        pytest.param(
            "## Domains\n\nEach domain includes task texts, programs, training data and answers"
            " in the `domains/` directory.\n",
            True,
            id="the-repository-includes-the-data",
        ),
        pytest.param(
            '## Prepare Datasets\n\nRequired format:\n\n```json\n[{"question": "...", '
            '"answer": "..."}]\n```\n\nOur own corpus will be released later.\n',
            True,
            id="the-format-beside-a-promise",
        ),
        pytest.param(
            "## Prepare Datasets\n\nOur corpus will be released later, in `corpus/`.\n",
            False,
            id="near-miss-a-promise-alone",
        ),
        pytest.param("## Layout\n\n* [`data/`](./src/data/)\n", False, id="near-miss-a-bare-entry"),
        pytest.param(
            "## Layout\n\n- `loaders/datasets.py` builds the loaders.\n",
            False,
            id="near-miss-a-module-named-for-data",
        ),
        pytest.param(
            "## Layout\n\nThe `src/` folder contains data loaders for each benchmark.\n",
            False,
            id="near-miss-contains-data-loaders",
        ),
        pytest.param(
            "## Notes\n\nThe data is not publicly available:\n\nhttps://lab.example/contact\n",
            False,
            id="near-miss-not-available",
        ),
    ],
)
def test_where_the_data_is_said(text: str, expected: bool) -> None:
    assert (C.DATA in _covers(text)) is expected


# Evaluate recall: a command run on the held-out split or on a named benchmark, or through an
# evaluation harness, evaluates under any heading; a flag that only switches a setting does not.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("python main.py --split test --ckpt a.pth", True, id="the-test-split"),
        pytest.param("python run.py --data_split=val", True, id="the-validation-split"),
        pytest.param("python run.py --benchmark citybench --model ours", True, id="a-benchmark"),
        pytest.param("opencompass configs/eval_fancy.py", True, id="a-harness"),
        pytest.param(
            "lighteval accelerate 'model_name=lab/fancy' 'leaderboard|arc|0'",
            True,
            id="another-harness",
        ),
        pytest.param("python main.py --benchmark true --epochs 3", False, id="near-miss-a-switch"),
        pytest.param("python main.py --split train", False, id="near-miss-the-training-split"),
    ],
)
def test_a_run_on_the_test_split_or_a_benchmark_evaluates(command: str, expected: bool) -> None:
    found = _covers(f"## Commands\n\n```bash\n{command}\n```\n")
    assert (C.EVALUATE in found) is expected


# Evaluate recall: a section named for an evaluation protocol or for running the benchmark is
# an evaluation section; a section about the benchmark itself is not.
@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        pytest.param("Linear probing", True, id="linear-probing"),
        pytest.param("Linear probe on six datasets", True, id="linear-probe"),
        pytest.param("Benchmark runner", True, id="the-benchmark-runner"),
        pytest.param("Benchmark CLI", True, id="the-benchmark-cli"),
        pytest.param("The benchmark", False, id="near-miss-the-benchmark-itself"),
    ],
)
def test_an_evaluation_section_by_its_protocol(heading: str, expected: bool) -> None:
    found = _covers(f"## {heading}\n\nThen run one of the scripts:\n\n```bash\nsh fancy.sh\n```\n")
    assert (C.EVALUATE in found) is expected


# A weights path a command or a sentence names is where the weights go, not proof they are
# committed, even beside a root folder of that name (it often holds only a placeholder): the
# repository's listing decides (`auditor.facts.repofiles`), not the README's words.
NAMED_WEIGHTS_PATHS = [
    pytest.param(
        "## Testing\n\n```bash\npython test.py --model_path pretrained/fancynet_x4.pth\n```",
        ("pretrained", "test.py"),
        id="a-command-s-path-in-a-root-folder",
    ),
    pytest.param(
        "## Testing\n\nThe scores below use `ckpt/small/fancynet.safetensors`.",
        ("ckpt", "test.py"),
        id="a-nested-path-named-in-prose",
    ),
    pytest.param(
        "## Testing\n\n```bash\npython test.py --weights weights/fancynet.h5\n```",
        ("weights", "test.py"),
        id="an-ambiguous-extension-in-a-weights-folder",
    ),
]


@pytest.mark.parametrize(("text", "root"), NAMED_WEIGHTS_PATHS)
def test_a_weights_path_the_readme_names_is_no_committed_checkpoint(
    text: str, root: tuple[str, ...]
) -> None:
    assert C.WEIGHTS not in analyze_readme(_readme(text), root_files=root).covers


# Weights said to be in the repository are named as a thing: weights, checkpoints, models;
# "trained" said of other things is none.
WEIGHTS_NAMED = [
    pytest.param("The trained models are provided in `ckpt/`.", True, id="trained-models"),
    pytest.param(
        "Pre-trained weights are included in the `release` folder.", True, id="pre-trained-weights"
    ),
    pytest.param(
        "We provide the labels in `labels.zip`, hidden from LLMs trained on web text.",
        False,
        id="near-miss-trained-said-of-other-things",
    ),
    pytest.param(
        "Run `eval.py` for each trained adapter, saving to `out/`.",
        False,
        id="near-miss-a-trained-thing-that-is-no-weights",
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), WEIGHTS_NAMED)
def test_weights_in_the_repository_are_named_as_weights(sentence: str, expected: bool) -> None:
    assert (C.WEIGHTS in analyze_readme(_readme("## Files\n", sentence)).covers) is expected


_STEP_COVERS = frozenset({C.INSTALL, C.USAGE, C.TRAIN, C.EVALUATE, C.DATA})


def _steps(*parts: str) -> set[C]:
    """The set-up and step covers of a README (what these tables label)."""
    return _covers(*parts) & _STEP_COVERS


def _block(*commands: str) -> str:
    return "```bash\n" + "\n".join(commands) + "\n```\n"


# Recall of train, evaluate, data and install: a task runner's target named for its step is
# that step, whatever section holds it; a target naming no step of the paper's runs nothing.
@pytest.mark.parametrize(
    ("commands", "expected"),
    [
        pytest.param(("make train",), {C.TRAIN}, id="make-train"),
        pytest.param(("make eval",), {C.EVALUATE}, id="make-eval"),
        pytest.param(("make reproduce",), {C.EVALUATE}, id="make-reproduce"),
        pytest.param(("make download-data",), {C.DATA}, id="make-data"),
        pytest.param(("make install",), {C.INSTALL}, id="make-install"),
        pytest.param(("just train config=base",), {C.TRAIN}, id="just-with-an-override"),
        pytest.param(("just evaluate ckpt=runs/best.pt",), {C.EVALUATE}, id="just-evaluate"),
        pytest.param(("pixi run test-model",), {C.EVALUATE}, id="pixi-run"),
        pytest.param(("poe finetune",), {C.TRAIN}, id="poe"),
        pytest.param(("make clean", "make docs", "make lint"), set(), id="near-miss-chores"),
        pytest.param(("make -j8", "make CUDA=1"), set(), id="near-miss-building"),
    ],
)
def test_a_task_runner_target_named_for_its_step(
    commands: tuple[str, ...], expected: set[C]
) -> None:
    assert _steps("## Commands\n\n" + _block(*commands)) == expected


# Recall of train and evaluate: a generically named script (`run.py`, `main.py`) takes its
# step from its folder or from the config file it is given; a script named for its step keeps
# it, and a config naming no step (or both) says nothing.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("python eval/run.py --model out/", {C.EVALUATE}, id="an-eval-folder"),
        pytest.param("bash evaluation/run_all.sh", {C.EVALUATE}, id="an-evaluation-folder"),
        pytest.param("bash training/run.sh 8", {C.TRAIN}, id="a-training-folder"),
        pytest.param(
            "python main.py --config configs/test_imagenet.yaml", {C.EVALUATE}, id="a-test-config"
        ),
        pytest.param(
            "python main.py --cfg=configs/imagenet_train.yaml", {C.TRAIN}, id="a-training-config"
        ),
        pytest.param(
            "python main.py --config-name=train_imagenet", {C.TRAIN}, id="a-hydra-config-name"
        ),
        pytest.param(
            "python test.py --config configs/train_base.yaml --ckpt best.pth",
            {C.EVALUATE},
            id="near-miss-the-name-decides-over-the-config",
        ),
        pytest.param(
            "python main.py --config configs/base.yaml", {C.USAGE}, id="near-miss-a-plain-config"
        ),
        pytest.param(
            "python main.py --config configs/train_and_test.yaml",
            {C.USAGE},
            id="near-miss-a-config-naming-both",
        ),
    ],
)
def test_a_generic_script_takes_its_step_from_its_folder_or_config(
    command: str, expected: set[C]
) -> None:
    assert _steps("## Commands\n\n" + _block(command)) == expected


# Recall of train and evaluate: a launcher runs a module as `python -m` does (`accelerate
# launch -m pkg.eval`), read by its name; a test runner run as a module is no use of the code.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param(
            "accelerate launch -m netx.eval --model_path out/", {C.EVALUATE}, id="accelerate"
        ),
        pytest.param(
            "torchrun --nproc_per_node=8 --master_port 29500 -m netx.train",
            {C.TRAIN},
            id="torchrun",
        ),
        pytest.param("deepspeed --num_gpus 4 -m netx.finetune", {C.TRAIN}, id="deepspeed"),
        pytest.param("python -m pytest tests", set(), id="near-miss-pytest"),
        pytest.param("python -m unittest discover", set(), id="near-miss-unittest"),
    ],
)
def test_a_launcher_runs_a_module_named_for_its_step(command: str, expected: set[C]) -> None:
    assert _steps("## Commands\n\n" + _block(command)) == expected


# Recall of usage, train and evaluate: the command run inside a container is what a `docker
# run` line does; a shell opened in the image runs nothing of the paper's.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("docker run --gpus all netx python demo.py", {C.USAGE}, id="a-demo"),
        pytest.param(
            "docker run --rm -v $PWD:/w lab/netx:latest python train.py --epochs 3",
            {C.TRAIN},
            id="training",
        ),
        pytest.param("podman run -it netx bash scripts/eval.sh", {C.EVALUATE}, id="podman"),
        pytest.param(
            "docker compose run app python infer.py --image a.jpg", {C.USAGE}, id="compose"
        ),
        pytest.param("docker run -it lab/netx bash", set(), id="near-miss-a-shell"),
        # The image run as the program: its name says the step, or the tool is used.
        pytest.param(
            "docker run --rm -v $PWD:/in lab/netx /in/a.jpg", {C.USAGE}, id="the-image-run"
        ),
        pytest.param(
            "docker run --gpus all lab/netx-eval:v1 --split test", {C.EVALUATE}, id="an-eval-image"
        ),
        pytest.param(
            "docker run -it --gpus all lab/netx:latest /bin/bash", set(), id="near-miss-bin-bash"
        ),
    ],
)
def test_the_command_run_in_a_container_is_what_the_line_does(
    command: str, expected: set[C]
) -> None:
    assert _steps("## Commands\n\n" + _block(command)) == expected


# Recall of usage, train and evaluate: a notebook opened or executed by Jupyter, and a batch
# job handed to Slurm, are scripts read by their names.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("jupyter notebook demo.ipynb", {C.USAGE}, id="a-demo-notebook"),
        pytest.param(
            "jupyter nbconvert --to notebook --execute evaluate.ipynb",
            {C.EVALUATE},
            id="an-executed-notebook",
        ),
        pytest.param("sbatch scripts/train.slurm", {C.TRAIN}, id="a-slurm-job"),
        pytest.param("sbatch jobs/eval_all.sbatch", {C.EVALUATE}, id="an-sbatch-file"),
        pytest.param("jupyter lab", set(), id="near-miss-no-notebook"),
    ],
)
def test_a_notebook_or_batch_job_is_read_by_its_name(command: str, expected: set[C]) -> None:
    assert _steps("## Commands\n\n" + _block(command)) == expected


# Data recall: fetching a file named for the data (an archive, a JSON or CSV file) or copying
# a data folder from a cloud bucket gets the data, under any heading; weights and metadata
# files, or a bucket of checkpoints, are not data.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("wget https://lab.example/netx/train_data.zip", True, id="wget-an-archive"),
        pytest.param("curl -LO https://lab.example/dataset.tar.gz", True, id="curl"),
        pytest.param("gdown 1AbCdEf -O data/annotations.json", True, id="gdown-annotations"),
        pytest.param("aws s3 cp s3://netx-bucket/dataset/ data/ --recursive", True, id="s3"),
        pytest.param("gsutil -m cp -r gs://netx/corpus .", True, id="gsutil"),
        pytest.param("wget https://lab.example/netx/model.pth", False, id="near-miss-weights"),
        pytest.param("wget https://lab.example/metadata.json", False, id="near-miss-metadata"),
        pytest.param(
            "aws s3 cp s3://netx-bucket/checkpoints/ ckpt/ --recursive",
            False,
            id="near-miss-a-bucket-of-checkpoints",
        ),
        # Data under version control, and a dataset class told to download itself.
        pytest.param("dvc pull", True, id="dvc"),
        pytest.param("datalad get -r inputs/", True, id="datalad"),
        pytest.param(
            "python -c \"from torchvision.datasets import MNIST; MNIST('data', download=True)\"",
            True,
            id="download-true",
        ),
        pytest.param("dvc init", False, id="near-miss-dvc-init"),
        # A fetch into the data folder, whatever the file is called.
        pytest.param("wget -P data https://lab.example/netx_v1.tar.gz", True, id="wget-into-data"),
        pytest.param(
            "curl -L -o datasets/netx.zip https://lab.example/netx.zip",
            True,
            id="curl-into-datasets",
        ),
        pytest.param(
            "wget -P checkpoints https://lab.example/netx_v1.tar.gz",
            False,
            id="near-miss-into-checkpoints",
        ),
        pytest.param(
            "python -c \"import timm; timm.create_model('netx', pretrained=True)\"",
            False,
            id="near-miss-pretrained",
        ),
    ],
)
def test_a_fetch_of_data_files_is_data(command: str, expected: bool) -> None:
    assert (C.DATA in _covers("## Setup\n\n" + _block(command))) is expected


# Recall of train, evaluate, usage and data in Chinese READMEs: the sentence introducing a
# command says its step in Chinese as in English (over a script's name written for another
# step); training said of the data or of a model already trained (训练数据, 预训练模型, 训练好的)
# is no training.
@pytest.mark.parametrize(
    ("sentence", "command", "expected"),
    [
        pytest.param(
            "使用以下命令训练模型：", "python main.py --cfg a.yaml", {C.TRAIN}, id="train"
        ),
        pytest.param("微调模型：", "python main.py --cfg a.yaml", {C.TRAIN}, id="fine-tune"),
        pytest.param(
            "运行以下命令进行评估：", "python main.py --cfg a.yaml", {C.EVALUATE}, id="evaluate"
        ),
        pytest.param(
            "复现论文中的结果：", "python main.py --cfg a.yaml", {C.EVALUATE}, id="reproduce"
        ),
        pytest.param(
            "运行推理，生成图像：", "python test.py --cfg a.yaml", {C.USAGE}, id="inference"
        ),
        pytest.param(
            "准备训练数据：", "python main.py --cfg a.yaml", {C.DATA}, id="near-miss-training-data"
        ),
        pytest.param(
            "使用预训练模型进行推理：",
            "python test.py --cfg a.yaml",
            {C.USAGE},
            id="near-miss-a-pretrained-model",
        ),
        pytest.param(
            "用训练好的模型进行测试：",
            "python main.py --cfg a.yaml",
            {C.EVALUATE},
            id="near-miss-the-trained-model",
        ),
    ],
)
def test_a_chinese_sentence_says_the_step_of_its_command(
    sentence: str, command: str, expected: set[C]
) -> None:
    assert _steps(sentence + "\n\n" + _block(command)) == expected


# Evaluate recall: under a heading joining testing and inference, a script named for testing
# still tests (and the section is a use too); under a use heading alone, the use decides.
@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        pytest.param("Test & Inference", {C.EVALUATE, C.USAGE}, id="joined-by-an-ampersand"),
        pytest.param("Testing and inference", {C.EVALUATE, C.USAGE}, id="joined-by-and"),
        pytest.param("Inference", {C.USAGE}, id="near-miss-inference-alone"),
    ],
)
def test_a_test_script_under_a_heading_joining_test_and_inference(
    heading: str, expected: set[C]
) -> None:
    assert _steps(f"## {heading}\n\n" + _block("python test.py --img a.jpg")) == expected


# Recall of train, evaluate, usage and data: a sentence that says what the next command does
# ties it to that command in the third person too ("trains", "pre-trains", "tests"), by the
# numbers it computes ("To compute FID", "the numbers reported in Table 2"), by the reader's own
# inputs ("on your own images") and by a dataset named between verb and noun ("download the
# ScanNet dataset"); "the trained model" and "your predictions" name no step of their own.
@pytest.mark.parametrize(
    ("sentence", "command", "expected"),
    [
        pytest.param(
            "The following command trains FancyNet on CIFAR-10:",
            "python main.py --dataset cifar10",
            {C.TRAIN},
            id="trains",
        ),
        pytest.param(
            "This pre-trains a ViT-B encoder on ImageNet:",
            "bash run.sh vit_b",
            {C.TRAIN},
            id="pre-trains",
        ),
        pytest.param(
            "The command below tests a checkpoint on the validation split:",
            "python main.py --resume ckpt.pth",
            {C.EVALUATE},
            id="tests-a-checkpoint",
        ),
        pytest.param(
            "To compute FID against the reference set, run",
            "python tools/fid.py out/ ref/",
            {C.EVALUATE},
            id="compute-a-metric",
        ),
        pytest.param(
            "To calculate the scores of your predictions:",
            "python main.py --pred preds.json --gold gold.json",
            {C.EVALUATE},
            id="calculate-the-scores-of-predictions",
        ),
        pytest.param(
            "To obtain the numbers reported in Table 2:",
            "bash scripts/run.sh",
            {C.EVALUATE},
            id="the-numbers-of-a-table",
        ),
        pytest.param(
            "The next command generates a video from a text prompt:",
            'python main.py --prompt "a cat surfing"',
            {C.USAGE},
            id="generates-a-video",
        ),
        pytest.param(
            "To run FancyNet on your own images:",
            "python main.py --input my_photos/ --output out/",
            {C.USAGE},
            id="on-your-own-images",
        ),
        pytest.param(
            "To download the ScanNet dataset, run:",
            "bash scripts/get.sh scannet",
            {C.DATA},
            id="a-dataset-named-between",
        ),
        pytest.param(
            "Load the trained model and run:",
            "python main.py --resume ckpt.pth",
            {C.USAGE},
            id="near-miss-the-trained-model",
        ),
        pytest.param(
            "Generate predictions on the test dataset:",
            "python main.py --ckpt best.pt --out preds/",
            {C.USAGE},
            id="near-miss-a-dataset-after-a-preposition",
        ),
    ],
)
def test_a_sentence_says_what_the_next_command_does(
    sentence: str, command: str, expected: set[C]
) -> None:
    assert _steps("## Commands\n\n" + sentence + "\n\n" + _block(command)) == expected


# Recall of train, evaluate and usage: the step given as a subcommand — a Lightning CLI's
# (`main.py fit`, `main.py validate`), a Hydra override (`mode=eval`), a console tool's
# (`fancynet train`, `fancynet predict`) or a recipe a tool runs named for its step (`tune run
# lora_finetune_…`); a developer's tool testing its own code, or a shell command, is no step.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("python main.py fit --config configs/fancy.yaml", {C.TRAIN}, id="fit"),
        pytest.param(
            "python main.py validate --config configs/fancy.yaml --ckpt_path best.ckpt",
            {C.EVALUATE},
            id="validate",
        ),
        pytest.param(
            "python main.py experiment=cifar10 mode=eval ckpt_path=best.ckpt",
            {C.EVALUATE},
            id="a-hydra-mode",
        ),
        pytest.param("python run.py +phase=test", {C.EVALUATE}, id="a-hydra-addition"),
        pytest.param("fancynet train --config configs/base.yaml", {C.TRAIN}, id="tool-train"),
        pytest.param(
            "fancynet evaluate --checkpoint runs/best.pt --split test",
            {C.EVALUATE},
            id="tool-evaluate",
        ),
        pytest.param("fancynet predict --input photo.jpg", {C.USAGE}, id="tool-predict"),
        pytest.param(
            "tune run lora_finetune_single_device --config configs/fancy_lora.yaml",
            {C.TRAIN},
            id="a-recipe-named-for-its-step",
        ),
        pytest.param("npm test", set(), id="near-miss-npm-test"),
        pytest.param("cargo test --release", set(), id="near-miss-cargo-test"),
        pytest.param("cd test", set(), id="near-miss-a-folder"),
        pytest.param("tune run my_recipe --config c.yaml", set(), id="near-miss-a-recipe"),
    ],
)
def test_a_subcommand_names_the_step(command: str, expected: set[C]) -> None:
    assert _steps("## Commands\n\n" + _block(command)) == expected


# Recall of evaluate, usage, train and data: a section named in French, Spanish, German,
# Japanese, Korean or Chinese, or for the tool's command line ("CLI"), or for using the
# released model, is that section.
@pytest.mark.parametrize(
    ("heading", "command", "expected"),
    [
        pytest.param("Évaluation", "python run.py --checkpoint best.pt", {C.EVALUATE}, id="fr"),
        pytest.param("Evaluación", "python run.py --checkpoint best.pt", {C.EVALUATE}, id="es"),
        pytest.param("Auswertung", "python run.py --checkpoint best.pt", {C.EVALUATE}, id="de"),
        pytest.param("测评", "python run.py --ckpt best.pt", {C.EVALUATE}, id="zh-ceping"),
        pytest.param("検証", "python run.py --ckpt best.pt", {C.EVALUATE}, id="ja-kensho"),
        pytest.param("推論", "python run.py --image sample.jpg", {C.USAGE}, id="ja-inference"),
        pytest.param("추론", "python run.py --image sample.jpg", {C.USAGE}, id="ko-inference"),
        pytest.param("Entrenamiento", "python run.py --gpus 2", {C.TRAIN}, id="es-training"),
        pytest.param("Datos", "python get.py --out data/", {C.DATA}, id="es-data"),
        pytest.param("CLI", "fancynet-cli caption photo.jpg", {C.USAGE}, id="cli"),
        pytest.param(
            "Command-line interface", "fancynet --input photo.jpg", {C.USAGE}, id="command-line"
        ),
        pytest.param(
            "Using the pre-trained model", "fancynet --input photo.jpg", {C.USAGE}, id="using"
        ),
        pytest.param(
            "Running the experiments",
            "python run.py --suite all",
            {C.USAGE, C.EVALUATE},  # running the paper's experiments reproduces its numbers
            id="running-the-experiments-is-a-use-and-reproduces",
        ),
    ],
)
def test_a_section_named_in_another_language_or_for_the_interface(
    heading: str, command: str, expected: set[C]
) -> None:
    assert _steps(f"## {heading}\n\n" + _block(command)) == expected


# Evaluate recall: a script named for the experiments it runs reproduces the paper's numbers.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param(
            "python run_experiment.py --config configs/ablation.yaml", {C.EVALUATE}, id="run"
        ),
        pytest.param("bash experiments/all.sh", {C.EVALUATE}, id="a-folder-of-experiments"),
        pytest.param("python run.py --config configs/ablation.yaml", {C.USAGE}, id="near-miss"),
    ],
)
def test_an_experiment_script_evaluates(command: str, expected: set[C]) -> None:
    assert _steps("## Commands\n\n" + _block(command)) == expected


# Install recall and precision: the stack the code runs with, by version, is an explicit
# dependency list; a sentence naming only the kind of thing to install ("install the
# dependencies") is a bare step name — but a heading saying it is the instruction.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Notes\n\nThe code runs with Python 3.10 and PyTorch 2.1 on CUDA 12.1.\n",
            True,
            id="runs-with",
        ),
        pytest.param("## Notes\n\nTested with PyTorch 1.13 on Ubuntu.\n", True, id="tested-with"),
        pytest.param("## Notes\n\nRequires python>=3.9.\n", True, id="requires"),
        pytest.param(
            "## Notes\n\nInstall the packages listed in `env.yml`.\n", True, id="a-listed-file"
        ),
        pytest.param(
            "## Setup\n\nInstall the dependencies below:\n\n- einops\n- tqdm\n",
            True,
            id="listed-below",
        ),
        pytest.param("## Install the requirements\n\nThen run it.\n", True, id="a-heading"),
        pytest.param(
            "## Installation\n\nCreate an environment and install the dependencies.\n",
            False,
            id="near-miss-bare-step-names",
        ),
        pytest.param(
            "## Notes\n\nThe method is written in Python and runs on one GPU.\n",
            False,
            id="near-miss-no-version",
        ),
    ],
)
def test_install_by_the_stack_it_runs_with(text: str, expected: bool) -> None:
    assert (C.INSTALL in _covers(text)) is expected


def _tree(*rows: str) -> str:
    return "```\n" + "\n".join(rows) + "\n```\n"


# Data recall: a folder tree of the data's layout says how to prepare it, under any heading —
# its root drawn as the data folder, or introduced as the layout the data must have; a tree of
# the project's files (with one `data` folder among them) or of checkpoints is no data.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Getting started\n\nOrganise the downloaded files as follows:\n\n"
            + _tree("data/", "├── train/", "│   └── images/", "└── val/", "    └── images/"),
            True,
            id="the-root-is-the-data-folder",
        ),
        pytest.param(
            "## Structure\n\nThe expected dataset layout:\n\n"
            + _tree(
                "$ROOT", "└── coco", "    ├── annotations", "    ├── train2017", "    └── val2017"
            ),
            True,
            id="introduced-as-the-data-layout",
        ),
        pytest.param(
            "## Notes\n\n" + _tree("./datasets", "├── kitti/", "└── nuscenes/"),
            True,
            id="a-datasets-root",
        ),
        pytest.param(
            "## Files\n\n"
            + _tree("├── data", "│   └── sample.png", "├── models", "│   └── net.h5", "└── run.py"),
            False,
            id="near-miss-a-data-folder-among-the-files",
        ),
        pytest.param(
            "## Project structure\n\n"
            + _tree("fancynet/", "├── models/", "├── utils/", "└── train.py"),
            False,
            id="near-miss-a-tree-of-code",
        ),
        pytest.param(
            "## Checkpoints\n\nPlace the downloaded weights as follows:\n\n"
            + _tree("data/", "├── ckpt_a.pth", "└── ckpt_b.pth"),
            False,
            id="near-miss-a-tree-of-checkpoints",
        ),
    ],
)
def test_a_tree_of_the_data_layout_is_data(text: str, expected: bool) -> None:
    assert (C.DATA in _covers(text)) is expected


# Data recall: the format one's own data must have is how to prepare it ("Your data should be
# a CSV file with…", "must be formatted as JSON lines"); a sentence about what data is is not.
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        pytest.param("Your data should be a CSV file with one row per sample.", True, id="csv"),
        pytest.param(
            "Training data must be formatted as JSON lines with the fields below:",
            True,
            id="formatted",
        ),
        pytest.param(
            "The dataset needs to follow the structure shown here.", True, id="needs-to-follow"
        ),
        pytest.param(
            "Annotations should be provided as one mask per image.", True, id="provided-as"
        ),
        pytest.param(
            "Data augmentation should be light for small images.", False, id="near-miss-advice"
        ),
        pytest.param("More data should help the model.", False, id="near-miss-a-claim"),
    ],
)
def test_the_format_of_ones_own_data_is_data(sentence: str, expected: bool) -> None:
    assert (C.DATA in _covers("## Notes\n\n" + sentence + "\n")) is expected


# Evaluate recall: handing predictions to the benchmark's server or leaderboard is how its test
# numbers are reproduced; news of a model submitted to a leaderboard is not.
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        pytest.param(
            "Test-dev scores are obtained by submitting `results.json` to the "
            "[evaluation server](https://eval.example/challenge/1).",
            True,
            id="an-evaluation-server",
        ),
        pytest.param(
            "Upload the generated `predictions.zip` to the CodaLab page to get the test scores.",
            True,
            id="codalab",
        ),
        pytest.param(
            "To score the hidden split, submit your answers to the official leaderboard.",
            True,
            id="a-leaderboard",
        ),
        pytest.param(
            "* 2025-04: we submitted our model to the public leaderboard.",
            False,
            id="near-miss-news",
        ),
    ],
)
def test_a_submission_to_the_evaluation_server_evaluates(sentence: str, expected: bool) -> None:
    assert (C.EVALUATE in _covers("## Notes\n\n" + sentence + "\n")) is expected


# Train and evaluate recall: a link whose text names a step's code kept in a repository of its
# own ("[training code](github.com/lab/x-train)") is where that step is run; thanks to a
# project the training code was built on are not.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Resources\n\n- [FancyNet training code](https://github.com/fancylab/fancynet-train)\n",
            {C.TRAIN},
            id="training-code",
        ),
        pytest.param(
            "## Resources\n\n- [Evaluation scripts](https://github.com/fancylab/fancy-eval)\n",
            {C.EVALUATE},
            id="evaluation-scripts",
        ),
        pytest.param(
            "## Acknowledgements\n\nOur [training code](https://github.com/someone/nanogpt) "
            "comes from another project.\n",
            set(),
            id="near-miss-acknowledged",
        ),
        pytest.param(
            "## Resources\n\n- [FancyNet](https://github.com/fancylab/fancynet-train)\n",
            set(),
            id="near-miss-a-bare-name",
        ),
    ],
)
def test_a_link_to_a_steps_code_elsewhere(text: str, expected: set[C]) -> None:
    assert _steps(text) == expected


# Usage recall: fine-tuning the released pre-trained model on one's own task, under a heading
# about using it, is how a pre-training paper is used (and trains too); the same command under
# a training heading is training only.
@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        pytest.param("Using the pre-trained model", {C.USAGE, C.TRAIN}, id="using-the-model"),
        pytest.param(
            "Using our trained checkpoints", {C.USAGE, C.TRAIN}, id="using-our-checkpoints"
        ),
        pytest.param("Fine-tuning", {C.TRAIN}, id="near-miss-a-training-heading"),
    ],
)
def test_fine_tuning_the_released_model_under_a_use_heading(heading: str, expected: set[C]) -> None:
    body = f"## {heading}\n\nFine-tune it on your own classification dataset:\n\n" + _block(
        "python finetune.py --pretrained fancynet-base.pth --data my_dataset/"
    )
    assert _steps(body) == expected


# Train and evaluate recall: commands given in a table's cells under a training or evaluation
# heading are that step's; a table of flags names files and settings, not commands.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Evaluation\n\n| Benchmark | Command |\n|---|---|\n"
            "| MMLU | `bash scripts/mmlu.sh` |\n| GSM8K | `bash scripts/gsm8k.sh` |\n",
            {C.EVALUATE},
            id="evaluation-commands",
        ),
        pytest.param(
            "## Training\n\n| Stage | Command |\n|---|---|\n| 1 | `bash scripts/stage1.sh` |\n",
            {C.TRAIN},
            id="training-commands",
        ),
        pytest.param(
            "## Training\n\n| Flag | Meaning |\n|---|---|\n| `--lr` | learning rate |\n"
            "| `configs/base.yaml` | the default settings |\n",
            set(),
            id="near-miss-a-table-of-settings",
        ),
    ],
)
def test_commands_in_a_table_are_the_sections_step(text: str, expected: set[C]) -> None:
    assert _steps(text) == expected


def _python(*lines: str) -> str:
    return "```python\n" + "\n".join(lines) + "\n```\n"


# Usage and evaluate recall from Python: a package imported whole whose function runs on an
# input is the released library used (not the standard library's or the usual stack's
# functions); an evaluation run from Python evaluates (not a model put in evaluation mode).
@pytest.mark.parametrize(
    ("code", "expected"),
    [
        pytest.param(
            ("import fancyseg", 'masks = fancyseg.segment("street.jpg")'),
            {C.USAGE},
            id="a-package-function",
        ),
        pytest.param(
            ("import fancyseg as fs", 'fs.transcribe("talk.wav")'), {C.USAGE}, id="an-alias"
        ),
        pytest.param(
            ("from fancybench import Benchmark", 'bench = Benchmark("hard")', "bench.evaluate(m)"),
            {C.EVALUATE},
            id="a-benchmark-evaluates",
        ),
        pytest.param(
            ("import fancybench", "scores = fancybench.run_evaluation(cfg)"),
            {C.EVALUATE},
            id="run-evaluation",
        ),
        pytest.param(("import re", 're.search("a", "abc")'), set(), id="near-miss-stdlib"),
        pytest.param(("import numpy as np", "np.sort(x)"), set(), id="near-miss-numpy"),
        pytest.param(
            ("import torch", "model = torch.load('x.pt')", "model.eval()"),
            set(),
            id="near-miss-evaluation-mode",
        ),
        pytest.param(
            ("import fancybench", "def evaluate(model):", "    return 0"),
            set(),
            id="near-miss-a-definition",
        ),
    ],
)
def test_a_library_used_or_an_evaluation_run_from_python(
    code: tuple[str, ...], expected: set[C]
) -> None:
    assert _steps("## Notes\n\n" + _python(*code)) == expected


# Usage, train and evaluate recall of tools: an inference engine serving the model (`vllm
# serve`, `ollama run`), a tool named in capitals for its step (`nnUNetv2_train`), a metric's
# script (`calc_fid.py`, `psnr_ssim.py`) and a `val` subcommand (`yolo val`).
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("vllm serve fancylab/fancy-7b --tensor-parallel-size 2", {C.USAGE}, id="vllm"),
        pytest.param("ollama run fancy:7b", {C.USAGE}, id="ollama"),
        pytest.param("nnUNetv2_train 1 3d_fullres 0", {C.TRAIN}, id="a-capitalised-tool"),
        pytest.param("python calc_fid.py --real ref/ --fake out/", {C.EVALUATE}, id="fid"),
        pytest.param("python tools/psnr_ssim.py --gt gt/ --pred out/", {C.EVALUATE}, id="psnr"),
        pytest.param("yolo val model=fancy.pt data=coco.yaml", {C.EVALUATE}, id="val"),
        pytest.param("yolo predict model=fancy.pt source=bus.jpg", {C.USAGE}, id="predict"),
        pytest.param("ollama pull fancy:7b", set(), id="near-miss-a-download"),
    ],
)
def test_tools_serving_training_or_scoring(command: str, expected: set[C]) -> None:
    assert _steps("## Commands\n\n" + _block(command)) == expected


# Data recall: features computed once from the data and shared are data to download.
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        pytest.param(
            "Download the pre-extracted CLIP features from "
            "[Zenodo](https://zenodo.org/records/99999) into `features/`.",
            True,
            id="pre-extracted-features",
        ),
        pytest.param(
            "Download the precomputed embeddings and put them under `emb/`.",
            True,
            id="precomputed-embeddings",
        ),
        pytest.param(
            "The model learns features from raw pixels.", False, id="near-miss-learned-features"
        ),
    ],
)
def test_shared_features_are_data(sentence: str, expected: bool) -> None:
    assert (C.DATA in _covers("## Notes\n\n" + sentence + "\n")) is expected


# Usage recall: a set-up heading reaches no further than its own body — a subsection of its
# own, naming no step, holds what the README does once set up; the set-up steps themselves
# stay set-up.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "# Setup\n\n```bash\nconda env create -f env.yml\n```\n\n### Editing a video\n\n"
            + _block('python edit_agent.py --video cows.mp4 --prompt "make it purple"'),
            {C.INSTALL, C.USAGE},
            id="a-subsection-of-its-own",
        ),
        pytest.param(
            "# Setup\n\n" + _block("conda env create -f env.yml", "python check_gpu.py"),
            {C.INSTALL},
            id="near-miss-the-set-up-body",
        ),
    ],
)
def test_a_set_up_heading_reaches_its_own_body_only(text: str, expected: set[C]) -> None:
    assert set(analyze_readme(text).covers) & _STEP_COVERS == expected


# Evaluate and usage recall by heading: a replication section evaluates; an execution or
# sampling section runs the released code.
@pytest.mark.parametrize(
    ("heading", "command", "expected"),
    [
        pytest.param("Replication", "python run.py --seed 0", {C.EVALUATE}, id="replication"),
        pytest.param(
            "Replicating the paper", "python run.py --seed 0", {C.EVALUATE}, id="replicating"
        ),
        pytest.param("Execution", "fancynet --input a.txt", {C.USAGE}, id="execution"),
        pytest.param("Sampling", "fancynet --steps 50 --out samples/", {C.USAGE}, id="sampling"),
        pytest.param("Notes", "fancynet --input a.txt", set(), id="near-miss-another-heading"),
    ],
)
def test_a_replication_or_execution_section(heading: str, command: str, expected: set[C]) -> None:
    assert _steps(f"## {heading}\n\n" + _block(command)) == expected


# Usage recall: a repository whose title says it releases a benchmark or an evaluation
# toolkit is used by running it, so its evaluation command is a use too; a method's
# evaluation command is not.
@pytest.mark.parametrize(
    ("title", "expected"),
    [
        pytest.param("FancyBench: hard questions for LLMs", {C.EVALUATE, C.USAGE}, id="bench"),
        pytest.param("A benchmark of hard questions", {C.EVALUATE, C.USAGE}, id="a-benchmark"),
        pytest.param("fancy-eval: an evaluation harness", {C.EVALUATE, C.USAGE}, id="harness"),
        pytest.param("FancyNet: faster detection", {C.EVALUATE}, id="near-miss-a-method"),
    ],
)
def test_a_benchmarks_evaluation_is_its_use(title: str, expected: set[C]) -> None:
    text = f"# {title}\n\nCode.\n\n## Evaluation\n\n" + _block("python eval.py --model gpt-x")
    assert set(analyze_readme(text).covers) & _STEP_COVERS == expected


# Evaluate and train recall: a sentence telling the reader to add a step's flag to the command
# is that step's instruction, and the flag's spellings (`--do-eval`, `--only-eval`) are the
# step's; a flag setting a value of the step is none.
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        pytest.param("To evaluate, add `--eval` to the command.", {C.EVALUATE}, id="add-eval"),
        pytest.param("Pass `--do_train` to fine-tune.", {C.TRAIN}, id="pass-do-train"),
        pytest.param("Run it with `--only-eval`.", {C.EVALUATE}, id="with-only-eval"),
        pytest.param("Use `--test_only` to skip training.", {C.EVALUATE}, id="use-test-only"),
        pytest.param("Set `--epochs` to 10.", set(), id="near-miss-a-setting"),
        pytest.param("Add `--eval_steps 500` for more logs.", set(), id="near-miss-eval-steps"),
    ],
)
def test_a_sentence_adding_a_steps_flag(sentence: str, expected: set[C]) -> None:
    assert _steps("## Notes\n\n" + sentence + "\n") == expected


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("python main.py --do-eval", {C.EVALUATE}, id="do-eval"),
        pytest.param("python main.py --only-eval --ckpt a.pt", {C.EVALUATE}, id="only-eval"),
        pytest.param("fancynet serve --port 8000", {C.USAGE}, id="serve"),
        pytest.param("fancynet chat --model fancy-7b", {C.USAGE}, id="chat"),
        pytest.param("python main.py --do-train", {C.TRAIN}, id="near-miss-do-train-trains"),
    ],
)
def test_the_flags_and_subcommands_of_a_step(command: str, expected: set[C]) -> None:
    assert _steps("## Commands\n\n" + _block(command)) == expected


# Evaluate recall: a command of an experiments or results section that no name or sentence
# makes another step reproduces the paper's numbers, whatever the script is called.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Experiments\n\n" + _block("python run.py --cfg exp1.yaml"), True, id="experiments"
        ),
        pytest.param(
            "## Running the experiments\n\n" + _block("bash scripts/table2.sh"),
            True,
            id="running-the-experiments",
        ),
        pytest.param(
            "## Main results\n\n| Model | Acc |\n|---|---|\n| Ours | 80.1 |\n\n"
            + _block("python main.py --cfg ours.yaml"),
            True,
            id="below-a-results-table",
        ),
        pytest.param(
            "## Experiments\n\n### Ablations\n\n" + _block("python run.py --ablate depth"),
            True,
            id="a-subsection-of-experiments",
        ),
        pytest.param(
            "## Experiments\n\nTo train the model:\n\n" + _block("python run.py --cfg exp1.yaml"),
            False,
            id="near-miss-introduced-as-training",
        ),
        pytest.param(
            "## Experiments\n\n" + _block("python prepare_data.py --out data/"),
            False,
            id="near-miss-a-data-script",
        ),
        pytest.param(
            "## Experiments\n\n" + _block("pip install -r requirements.txt"),
            False,
            id="near-miss-set-up",
        ),
        pytest.param(
            "## Experimental setup\n\nWe train on 8 GPUs for 3 days.\n", False, id="near-miss-prose"
        ),
    ],
)
def test_a_command_of_an_experiments_section_evaluates(text: str, expected: bool) -> None:
    assert (C.EVALUATE in _covers(text)) is expected


COLAB = "https://colab.research.google.com/drive/1AbCdEfGhIjKlMn"
SPACE = "https://huggingface.co/spaces/lab/fancynet"


# Usage recall: a hosted notebook or Space offered to be run is the way to run the code,
# wherever it stands but in the steps' own sections; one only named (a leaderboard, a notebook
# another analysis used) is not.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            f"[![Open In Colab](https://colab.research.google.com/assets/badge.svg)]({COLAB})\n",
            True,
            id="a-badge-under-the-title",
        ),
        pytest.param(f"## Links\n\nColab: {COLAB}\n", True, id="a-link-labelled-colab"),
        pytest.param(f"## Links\n\nTry it on [our Space]({SPACE}).\n", True, id="a-space-to-try"),
        pytest.param(
            f"[![Hugging Face Spaces](https://img.shields.io/badge/HF-Spaces-blue)]({SPACE})\n",
            True,
            id="a-space-badge",
        ),
        pytest.param(f"## Links\n\nLeaderboard: {SPACE}\n", False, id="near-miss-a-leaderboard"),
        pytest.param(
            f"## Analysis\n\nFor the topic model we used the notebook available [here]({COLAB}).\n",
            False,
            id="near-miss-a-notebook-named",
        ),
        pytest.param(
            f"## Training\n\n[Open in Colab]({COLAB}) to train on a free GPU.\n",
            False,
            id="near-miss-a-training-notebook",
        ),
    ],
)
def test_a_hosted_notebook_offered_to_run_is_usage(text: str, expected: bool) -> None:
    assert (C.USAGE in _covers(text)) is expected


# Data recall: how to obtain the data in more of the words READMEs use ("can be obtained
# from", "synthesise the training set", a dataset linked into the data folder, a heading in
# traditional Chinese); near-misses beside each.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Setup\n\nWe use the FancyDepth dataset, which can be obtained from the "
            "[official website](https://example.org/fancydepth).\n",
            True,
            id="can-be-obtained-from",
        ),
        pytest.param(
            "## Setup\n\nThe corpus can be requested [here](https://example.org/form).\n",
            True,
            id="can-be-requested",
        ),
        pytest.param(
            "## Setup\n\nSynthesise the training set:\n\n" + _block("python synth.py --n 10000"),
            True,
            id="synthesise-the-training-set",
        ),
        pytest.param(
            "## Setup\n\nTo get the data, run\n\n" + _block("bash fetch.sh"),
            True,
            id="to-get-the-data",
        ),
        pytest.param(
            "## Setup\n\n" + _block("ln -s /path/to/coco data/coco"), True, id="linked-into-data"
        ),
        pytest.param(
            "## 資料集\n\n從[這裡](https://example.org/d)下載。\n", True, id="traditional-chinese"
        ),
        pytest.param(
            "## Setup\n\nThe data cannot be obtained publicly.\n", False, id="near-miss-withheld"
        ),
        pytest.param(
            "## Setup\n\n" + _block("ln -s /opt/cuda/lib64 lib"),
            False,
            id="near-miss-a-library-link",
        ),
        pytest.param(
            "## Setup\n\nTo get started, run\n\n" + _block("bash setup.sh"),
            False,
            id="near-miss-get-started",
        ),
    ],
)
def test_how_to_obtain_the_data_in_more_words(text: str, expected: bool) -> None:
    assert (C.DATA in _covers(text)) is expected


# A command run through a project manager's environment, a shell loop or a timer is the
# command it runs.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("poetry run python eval.py --ckpt best.pt", {C.EVALUATE}, id="poetry"),
        pytest.param("pixi run python train.py --cfg a.yaml", {C.TRAIN}, id="pixi"),
        pytest.param("conda run -n fancy python eval.py", {C.EVALUATE}, id="conda-run"),
        pytest.param(
            "for s in 1 2 3; do python eval.py --seed $s; done", {C.EVALUATE}, id="a-loop"
        ),
        pytest.param("time python test.py --ckpt best.pt", {C.EVALUATE}, id="timed"),
        pytest.param("poetry run pytest", set(), id="near-miss-unit-tests"),
        # A module's subcommand, and a package of evaluations, name the step.
        pytest.param(
            "python -m fancynet.cli evaluate --task math", {C.EVALUATE}, id="a-subcommand"
        ),
        pytest.param("python -m fancynet.evals.gsm8k --model x", {C.EVALUATE}, id="evals"),
        pytest.param("python -m fancynet.cli --input a.jpg", {C.USAGE}, id="near-miss-a-tool"),
    ],
)
def test_a_wrapped_command_is_the_command_it_runs(command: str, expected: set[C]) -> None:
    assert _steps("## Commands\n\n" + _block(command)) == expected


# Data recall: a sentence sending the reader to a script that gets or makes the data is how to
# prepare it; a module the code reads the data with is not.
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        pytest.param(
            "Use `tools/tokenize_dataset.py` to convert the raw games.", True, id="convert"
        ),
        pytest.param("Run `fetch_data.sh` to download everything.", True, id="download"),
        pytest.param(
            "Then run `scripts/split_data.py`, which creates the folds.", True, id="creates"
        ),
        pytest.param(
            "See `loaders/datasets.py` for the classes used in training.",
            False,
            id="near-miss-a-module",
        ),
        pytest.param("Run `train.py` to build the model.", False, id="near-miss-a-training-script"),
    ],
)
def test_a_sentence_sending_the_reader_to_a_data_script(sentence: str, expected: bool) -> None:
    assert (C.DATA in _covers(f"## Notes\n\n{sentence}\n")) is expected


# Evaluate recall: more spellings of an evaluation-only run, scripts named for judging or
# grading answers, a config file given as an argument of its own, programs run by their path
# or runtime; near-misses beside them.
@pytest.mark.parametrize(
    ("command", "expected"),
    [
        pytest.param("python main.py --resume x.pth --validate", {C.EVALUATE}, id="validate"),
        pytest.param("python main.py --resume x.pth --val_only", {C.EVALUATE}, id="val-only"),
        pytest.param("python main.py --resume x.pth --is_test", {C.EVALUATE}, id="is-test"),
        pytest.param("python main.py --resume x.pth --skip_train", {C.EVALUATE}, id="skip-train"),
        pytest.param("python main.py --do_validation", {C.EVALUATE}, id="do-validation"),
        pytest.param(
            "python train.py --train data/train.json --val data/val.json",
            {C.TRAIN},
            id="near-miss-the-validation-file",
        ),
        pytest.param("python judge.py --answers out.jsonl", {C.EVALUATE}, id="judge"),
        pytest.param("python grade.py --answers out.jsonl", {C.EVALUATE}, id="grade"),
        pytest.param("python run.py configs/eval/coco.yaml", {C.EVALUATE}, id="a-config-folder"),
        pytest.param(
            "python tools/launch.py configs/fancy_test.py ckpt.pth",
            {C.EVALUATE},
            id="a-config-name",
        ),
        pytest.param(
            "python run.py configs/fancy.yaml", {C.USAGE}, id="near-miss-a-generic-config"
        ),
        pytest.param("./build/eval_kitti data/ results/", {C.EVALUATE}, id="a-built-program"),
        pytest.param("./build/demo input.png", {C.USAGE}, id="a-built-demo"),
        pytest.param("cargo run --release --bin evaluate", {C.EVALUATE}, id="cargo-bin"),
        pytest.param("java -jar fancy.jar input.txt", {C.USAGE}, id="a-jar"),
        pytest.param("roslaunch fancy_ros demo.launch", {C.USAGE}, id="roslaunch"),
        pytest.param("ros2 run fancy_ros save_data", {C.USAGE}, id="near-miss-a-recording-node"),
        pytest.param("./configure --prefix=/usr", set(), id="near-miss-configure"),
    ],
)
def test_more_ways_a_command_names_its_step(command: str, expected: set[C]) -> None:
    assert _steps("## Commands\n\n" + _block(command)) == expected


# The sentence introducing a command says it evaluates in more words: replicating a table,
# scores on the test set, a metric that can be computed with it.
@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        pytest.param("Run the commands below to replicate Table 1.", True, id="replicate"),
        pytest.param("To get predictions and scores on the test set:", True, id="on-the-test-set"),
        pytest.param(
            "Zero-shot accuracy on ImageNet can be computed with", True, id="can-be-computed"
        ),
        pytest.param("Download the test set:", False, id="near-miss-the-test-set"),
        pytest.param("The accuracy improves with depth; run", False, id="near-miss-a-claim"),
    ],
)
def test_a_sentence_saying_the_command_evaluates_in_more_words(
    sentence: str, expected: bool
) -> None:
    covers = _covers(f"## Notes\n\n{sentence}\n\n" + _block("bash go.sh"))
    assert (C.EVALUATE in covers) is expected


# A command's step said around it: the header of the table column holding it, the label above a
# command shown on a line of its own in HTML (`<pre>`), a label in Japanese or traditional
# Chinese; a column named for no step says nothing.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "| Dataset | Evaluation command |\n|---|---|\n| COCO | `bash scripts/coco.sh` |\n"
            "| LVIS | `bash scripts/lvis.sh` |\n",
            {C.EVALUATE},
            id="an-evaluation-column",
        ),
        pytest.param(
            "| Task | Inference command |\n|---|---|\n| Seg | `bash scripts/seg.sh` |\n",
            {C.USAGE},
            id="an-inference-column",
        ),
        pytest.param(
            "| Dataset | Training | Testing |\n|---|---|---|\n"
            "| COCO | `bash scripts/a.sh` | `bash scripts/b.sh` |\n",
            {C.TRAIN, C.EVALUATE},
            id="two-columns",
        ),
        pytest.param(
            "Evaluation:\n<pre>bash go.sh --ckpt best.pt</pre>\n", {C.EVALUATE}, id="a-pre-line"
        ),
        pytest.param("Inference:\n<pre>bash go.sh --img a.jpg</pre>\n", {C.USAGE}, id="a-pre-use"),
        pytest.param("評価：\n\n" + _block("bash go.sh"), {C.EVALUATE}, id="ja-label"),
        pytest.param("模型評估：\n\n" + _block("bash go.sh"), {C.EVALUATE}, id="zh-hant-label"),
        pytest.param(
            # No step named: the command is run as a code block's would be, end to end.
            "| Dataset | Command |\n|---|---|\n| COCO | `bash scripts/coco.sh` |\n",
            {C.USAGE},
            id="near-miss-a-column-naming-no-step",
        ),
        pytest.param(
            "| Model | Notes |\n|---|---|\n| Evaluation | `bash scripts/a.sh` |\n",
            {C.EVALUATE},
            id="a-row-label",
        ),
    ],
)
def test_the_step_said_around_a_command(text: str, expected: set[C]) -> None:
    assert _steps("## Scripts\n\n" + text) == expected


# A command given outside a code block is given all the same: alone in inline code as a list
# item, after a bare "Run", in a table's cell. Its step is read as a block's is (the sentence
# above it, the section), and one naming no step is a run end to end; a command only named in
# a sentence, or shown in a section about settings, runs nothing.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("## Scripts\n\n- `python solve.py --scene a`\n", {C.USAGE}, id="a-list-item"),
        pytest.param("## Scripts\n\n1. `bash go.sh`\n", {C.USAGE}, id="a-numbered-item"),
        pytest.param(
            "## Scripts\n\nRun `python solve.py --scene a` to see the output.\n",
            {C.USAGE},
            id="a-sentence-telling-to-run-it",
        ),
        pytest.param(
            "## Scripts\n\nTo train and test the model, run:\n\n- `python main.py`\n",
            {C.TRAIN, C.EVALUATE},
            id="the-sentence-above-a-list-item",
        ),
        pytest.param(
            "## Scripts\n\nTo evaluate on each set:\n\n- Set A\n\n- `bash scripts/a.sh`\n",
            {C.EVALUATE},
            id="past-a-variant-label",
        ),
        pytest.param(
            "## Evaluation\n\n- `python solve.py --ckpt best.pt`\n",
            {C.EVALUATE},
            id="a-list-item-under-evaluation",
        ),
        pytest.param(
            "## Scripts\n\nTo fine-tune on each dataset:\n\n| Dataset | Command |\n|---|---|\n"
            "| A | `bash scripts/a.sh` |\n",
            {C.TRAIN},
            id="the-sentence-above-a-table",
        ),
        pytest.param(
            "## Scripts\n\nThe file `python solve.py` calls is `core.py`.\n",
            set(),
            id="near-miss-a-command-named-in-a-sentence",
        ),
        pytest.param(
            "## Hyperparameter configuration\n\nChange `config.py` or pass `-cfg`:\n\n"
            "`python solve.py -cfg beam=5`\n",
            set(),
            id="near-miss-a-settings-section",
        ),
        pytest.param(
            "## Training\n\n- `python main.py --data a`\n",
            {C.TRAIN},
            id="near-miss-a-training-section-is-no-use",
        ),
    ],
)
def test_a_command_given_outside_a_code_block(text: str, expected: set[C]) -> None:
    assert _steps(text) == expected


# What a code block does, said by the sentence just below it when none above says it ("This
# will launch the evaluation.", "The above command trains…"); a sentence below speaking of
# something else, or one above that already says it, decides nothing more.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Scripts\n\n" + _block("bash go.sh --ckpt best.pt") + "\nThis will launch the "
            "evaluation on the three benchmarks.\n",
            {C.EVALUATE},
            id="this-will",
        ),
        pytest.param(
            "## Scripts\n\n" + _block("bash go.sh") + "\nThe above command trains the model "
            "from scratch.\n",
            {C.TRAIN},
            id="the-above-command",
        ),
        pytest.param(
            "## Scripts\n\n" + _block("bash go.sh") + "\nIt computes the metrics of every run.\n",
            {C.EVALUATE},
            id="it-computes-metrics",
        ),
        pytest.param(
            "## Scripts\n\nTo train the model:\n\n" + _block("bash go.sh") + "\nThis also "
            "evaluates it at the end.\n",
            {C.TRAIN},
            id="near-miss-the-sentence-above-decides",
        ),
        pytest.param(
            "## Scripts\n\n" + _block("bash go.sh") + "\nEvaluation takes about an hour on one "
            "GPU.\n",
            {C.USAGE},
            id="near-miss-a-sentence-below-not-speaking-of-it",
        ),
    ],
)
def test_the_sentence_below_a_block_says_what_it_does(text: str, expected: set[C]) -> None:
    assert _steps(text) == expected


# The evaluation in other words: an assessment, running the benchmarks, a script said to
# assess or measure, an ablation's commands reproducing its numbers; near-misses beside.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Assessment\n\nSet the paths in `paths.py`, then:\n\n" + _block("bash go.sh"),
            True,
            id="an-assessment-heading",
        ),
        pytest.param(
            "## Running the benchmarks\n\nSet the paths in `paths.py`, then:\n\n"
            + _block("bash go.sh"),
            True,
            id="running-benchmarks",
        ),
        pytest.param(
            "## Scripts\n\n- `judge_all.py` assesses each answer against the reference.\n",
            True,
            id="a-script-that-assesses",
        ),
        pytest.param(
            "## Scripts\n\n- `probe.py` measures the latency of each layer.\n",
            True,
            id="a-script-that-measures",
        ),
        pytest.param("## Ablations\n\n" + _block("bash go.sh --no-aug"), True, id="ablations"),
        pytest.param(
            "## Scripts\n\nFor Table 3 of the paper:\n\n" + _block("bash go.sh"),
            True,
            id="a-table-of-the-paper",
        ),
        pytest.param(
            "## Scripts\n\nExecute `bash go.sh` to rerun every experiment.\n",
            True,
            id="the-experiments-rerun",
        ),
        pytest.param(
            "## Scripts\n\n- `probe.py` holds the functions for assessment.\n",
            False,
            id="near-miss-a-module-of-helpers",
        ),
        pytest.param(
            "## Benchmark\n\nThe benchmark holds 500 questions.\n",
            False,
            id="near-miss-a-benchmark-described",
        ),
    ],
)
def test_the_evaluation_in_other_words(text: str, expected: bool) -> None:
    assert (C.EVALUATE in _covers(text)) is expected


# An API snippet in two blocks (the model loaded in one, run in the next, a sentence between),
# and an object made by a factory function of the package (`create_guard()`) then asked to
# work, are usage as one block is; near-misses: the next block under another heading, a
# factory of a common library, an object made and never used.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Notes\n\n```python\nnet = FancyNet.from_ckpt(path)\n```\n\nThen extract the "
            "features of an image:\n\n```python\nfeatures = net(image)\n```\n",
            True,
            id="loaded-in-one-block-run-in-the-next",
        ),
        pytest.param(
            "## Notes\n\n```python\nfrom fancyguard import create_guard\n\nguard = await "
            "create_guard()\nawait guard.add_rule('no secrets')\n```\n",
            True,
            id="an-object-of-the-packages-factory",
        ),
        pytest.param(
            "## Notes\n\n```python\nnet = FancyNet.from_ckpt(path)\n```\n\n## Training\n\n"
            "```python\nloss = net(batch)\n```\n",
            False,
            id="near-miss-the-next-block-under-another-heading",
        ),
        pytest.param(
            "## Notes\n\n```python\nfrom multiprocessing import get_context\n\nctx = "
            "get_context('spawn')\nctx.Pool(4)\n```\n",
            False,
            id="near-miss-a-common-librarys-factory",
        ),
        pytest.param(
            "## Notes\n\n```python\nfrom fancyguard import create_guard\n\nguard = "
            "create_guard()\n```\n",
            False,
            id="near-miss-made-and-never-used",
        ),
    ],
)
def test_an_api_snippet_over_two_blocks_or_made_by_a_factory(text: str, expected: bool) -> None:
    assert (C.USAGE in _covers(text)) is expected


# Data by its links wherever it stands: a link whose text names the data ("[the FancyDepth
# dataset](…)", "[CityDataset](…)"), or links listed after the data is named ("on three
# datasets, including [A](…)"); near-misses: a table of contents' entry, a module or folder of
# code in a listing, a dataset named without a link.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Notes\n\nWe work with [the FancyDepth dataset](https://example.org/fd).\n",
            True,
            id="a-link-naming-the-dataset",
        ),
        pytest.param(
            "## Notes\n\n- [CityDataset](https://example.org/city)\n", True, id="a-camel-case-name"
        ),
        pytest.param(
            "## Notes\n\nWe report on three datasets, including [A](https://example.org/a) and "
            "[B](https://example.org/b).\n",
            True,
            id="links-after-the-datasets",
        ),
        pytest.param(
            "## Notes\n\nIt supports every task of the datasets from [FancyBench]"
            "(https://example.org/fb).\n",
            True,
            id="datasets-from-a-link",
        ),
        pytest.param(
            "## Notes\n\nWe compare with the baselines: [FancyNet](https://example.org/fn).\n",
            False,
            id="near-miss-links-after-other-words",
        ),
        pytest.param(
            "## Contents\n\n* [Dataset](#dataset)\n* [Training](#training)\n",
            False,
            id="near-miss-a-table-of-contents",
        ),
        pytest.param(
            "## Layout\n\n* [`data/`](./src/data/)\n* [`datasets.py`](./src/datasets.py): "
            "loaders.\n",
            False,
            id="near-miss-a-code-listing",
        ),
        pytest.param(
            "## Notes\n\nWe report on the FancyDepth dataset.\n", False, id="near-miss-no-link"
        ),
    ],
)
def test_data_by_the_links_that_name_it(text: str, expected: bool) -> None:
    assert (C.DATA in _covers(text)) is expected


# The package's API used however its import is written: a function named for its use with more
# after the verb (`generate_report`), names imported in parentheses over several lines, an
# object of an imported class asked to analyse or explain; near-misses: the function imported
# and never called, the object built and only configured.
@pytest.mark.parametrize(
    ("code", "expected"),
    [
        pytest.param(
            ("from fancyjudge import generate_report", "report = generate_report(inputs, labels)"),
            True,
            id="a-use-verb-with-more-after-it",
        ),
        pytest.param(
            ("from fancyshap import (", "    Explainer,", "    Splitter,", ")", "",
             "ex = Explainer(model=m, splitter=Splitter())", "values = ex.analyze(text)"),
            True,
            id="names-imported-in-parentheses",
        ),
        pytest.param(
            ("from fancyxai import Explainer", "ex = Explainer()", "ex.explain(image)"),
            True,
            id="an-object-asked-to-explain",
        ),
        pytest.param(
            ("from fancyjudge import generate_report", "print(generate_report.__doc__)"),
            False,
            id="near-miss-imported-never-called",
        ),
        pytest.param(
            ("from fancyshap import (", "    Explainer,", ")", "", "ex = Explainer()",
             "ex.configure(depth=2)"),
            False,
            id="near-miss-built-and-configured",
        ),
    ],
)  # fmt: skip
def test_the_packages_api_however_imported(code: tuple[str, ...], expected: bool) -> None:
    assert (C.USAGE in _covers("## Notes\n\n" + _python(*code))) is expected


# A notebook linked without naming a step, nor said to do one, is the code run by hand: a use
# (outside the steps' sections); near-misses: a notebook named or said to evaluate, train or
# analyse, one linked in a training section.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "## Notes\n\nWalk through it in [this notebook](nb/walkthrough.ipynb).\n",
            True,
            id="a-notebook-naming-no-step",
        ),
        pytest.param(
            "## Notes\n\n- [Segmenting a street](nb/street.ipynb)\n", True, id="a-listed-notebook"
        ),
        pytest.param(
            "## Notes\n\n- [city.ipynb](city.ipynb): a notebook that evaluates the three models.\n",
            False,
            id="near-miss-said-to-evaluate",
        ),
        pytest.param(
            "## Notes\n\n- [the figures](nb/analysis.ipynb)\n", False, id="near-miss-an-analysis"
        ),
        pytest.param(
            "## Training\n\nSee [this notebook](nb/street.ipynb).\n",
            False,
            id="near-miss-a-training-section",
        ),
    ],
)
def test_a_notebook_naming_no_step_is_usage(text: str, expected: bool) -> None:
    assert (C.USAGE in _covers(text)) is expected
