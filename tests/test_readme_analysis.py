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
