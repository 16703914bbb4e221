"""README covers, on READMEs written for these tests (tests/assets/readmes/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.models import ReadmeCover as C
from auditor.readme import MAX_CHARS, analyze_readme

ASSETS = Path(__file__).parent / "assets" / "readmes"


def covers(name: str, **kwargs: tuple[str, ...]) -> set[C]:
    return set(analyze_readme((ASSETS / name).read_text(encoding="utf-8"), **kwargs).covers)


def test_complete_readme_covers_everything_but_usage_and_is_no_placeholder() -> None:
    text = (ASSETS / "complete.md").read_text(encoding="utf-8")
    facts = analyze_readme(text)
    assert set(facts.covers) == {
        C.INSTALL,
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
    assert not any("VideoMAE" in link for link in facts.artifact_links)


def test_minimal_readme_covers_nothing() -> None:
    assert covers("minimal.md") == set()


def test_placeholder_phrase_in_a_thin_readme() -> None:
    facts = analyze_readme((ASSETS / "placeholder.md").read_text(encoding="utf-8"))
    assert facts.covers == (C.PLACEHOLDER,)
    assert facts.evidence[0].line == 7
    assert "coming soon" in facts.evidence[0].excerpt


def test_results_table_and_weights_links() -> None:
    facts = analyze_readme((ASSETS / "results_weights.md").read_text(encoding="utf-8"))
    assert {C.USAGE, C.RESULTS, C.WEIGHTS, C.DATA} <= set(facts.covers)
    assert facts.artifact_links[0].startswith("https://drive.google.com/file/")
    assert "https://zenodo.org/records/8123456" in facts.artifact_links


def test_results_from_a_table_alone() -> None:
    text = "# Tool\n\n| Model | Acc |\n|---|---|\n| ours | 91.2 |\n"
    facts = analyze_readme(text)
    assert facts.covers == (C.RESULTS,)
    assert facts.evidence[0].line == 3


def test_table_without_measurements_is_not_results() -> None:
    assert analyze_readme("| Flag | Meaning |\n|---|---|\n| -v | verbose |\n").covers == ()


def test_restructuredtext_readme() -> None:
    found = covers("rst_readme.rst")
    assert {C.INSTALL, C.USAGE, C.EVALUATE, C.RESULTS, C.CITATION} <= found
    assert C.TRAIN not in found


def test_chinese_readme() -> None:
    facts = analyze_readme((ASSETS / "chinese.md").read_text(encoding="utf-8"))
    assert set(facts.covers) == {
        C.INSTALL,
        C.TRAIN,
        C.EVALUATE,
        C.RESULTS,
        C.WEIGHTS,
        C.DATA,
        C.CITATION,
    }
    assert facts.artifact_links == (
        "https://huggingface.co/datasets/wenxin-lab/cn-longdoc",
        "https://huggingface.co/wenxin-lab/wenxin-retriever",
    )


def test_huge_readme_is_truncated_safely() -> None:
    head = (ASSETS / "complete.md").read_text(encoding="utf-8")
    # 8 MB: one endless line that could trouble a backtracking pattern, then many short ones.
    filler = "x" * 3_000_000 + "\n" + "| a | b |\n" * 500_000
    tail = "\n## Usage\n\npython demo.py\n"
    facts = analyze_readme(head + filler + tail)
    assert C.INSTALL in facts.covers
    assert C.USAGE not in facts.covers  # beyond the first MAX_CHARS, never read
    assert len(head) < MAX_CHARS


@pytest.mark.parametrize(
    ("line", "cover"),
    [
        ("pip install sparseflow", C.INSTALL),
        ("$ conda env create -f environment.yml", C.INSTALL),
        ("uv sync", C.INSTALL),
        ("python demo.py --image cat.jpg", C.USAGE),
        ("python -m sparseflow.predict", C.USAGE),
        ("python train.py --epochs 10", C.TRAIN),
        ("accelerate launch scripts/finetune_train.py", C.TRAIN),
        ("python main.py --mode train", C.TRAIN),
        ("python test.py --ckpt best.pth", C.EVALUATE),
        ("bash scripts/eval_all.sh", C.EVALUATE),
        ("@inproceedings{doe2024,", C.CITATION),
    ],
)
def test_commands_count_anywhere(line: str, cover: C) -> None:
    assert cover in analyze_readme(f"Some text.\n\n{line}\n").covers


def test_script_urls_are_not_commands() -> None:
    text = "See https://github.com/a/b/blob/main/train.py for details.\n"
    assert analyze_readme(text).covers == ()


@pytest.mark.parametrize(
    "phrase",
    [
        "Code will be released soon.",
        "The code is to be released.",
        "Stay tuned!",
        "This repository is under construction.",
        "TODO: release code",
        "Code available soon",
        "代码即将开源，敬请期待。",
    ],
)
def test_placeholder_phrases(phrase: str) -> None:
    assert C.PLACEHOLDER in analyze_readme(f"# Paper\n\n{phrase}\n").covers


def test_a_complete_readme_promising_weights_is_no_placeholder() -> None:
    text = "# X\n\n## Install\npip install x\n\n## Train\npython train.py\n\nWeights coming soon.\n"
    assert C.PLACEHOLDER not in analyze_readme(text).covers


def test_placeholder_inside_code_is_ignored() -> None:
    text = "# X\n\n```\necho 'coming soon'\n```\n"
    assert analyze_readme(text).covers == ()


def test_page_only_repository_is_a_placeholder() -> None:
    text = (ASSETS / "minimal.md").read_text(encoding="utf-8")
    roots = ("README.md", "LICENSE", "index.html", "static", ".gitignore", "teaser.png")
    facts = analyze_readme(text, root_files=roots)
    assert facts.covers == (C.PLACEHOLDER,)
    assert facts.evidence[0].line == 0
    assert "index.html" in facts.evidence[0].excerpt
    with_code = analyze_readme(text, root_files=(*roots, "train.py"))
    assert C.PLACEHOLDER not in with_code.covers


def test_citation_cff_among_root_files() -> None:
    facts = analyze_readme("# X\n", root_files=("CITATION.cff", "src"))
    assert facts.covers == (C.CITATION,)
    assert facts.evidence[0].line == 0


def test_headings_of_every_style() -> None:
    text = (
        "Installation\n------------\n\n"  # setext
        "**Training**\n\n"  # bold line
        "<h2>Evaluation</h2>\n\n"  # HTML
        "Results\n~~~~~~~\n"  # reStructuredText
    )
    assert set(analyze_readme(text).covers) == {C.INSTALL, C.TRAIN, C.EVALUATE, C.RESULTS}


def test_pretrained_heading_is_weights_not_training() -> None:
    assert analyze_readme("## Pretrained checkpoints\n").covers == (C.WEIGHTS,)


def test_data_links_by_context() -> None:
    text = (
        "Download the dataset from https://drive.google.com/file/d/AAA and the model from"
        " https://zenodo.org/records/1.\n"
    )
    facts = analyze_readme(text)
    # One line speaking of data: both shared-host links count as data there.
    assert facts.covers == (C.DATA,)
    assert len(facts.artifact_links) == 2


def test_unclosed_fence_swallows_only_what_follows() -> None:
    text = "## Installation\n\n```bash\npip install x\n## Training\n"
    assert analyze_readme(text).covers == (C.INSTALL,)
