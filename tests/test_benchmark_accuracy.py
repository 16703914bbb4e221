"""The accuracy benchmark's arithmetic on a tiny corpus of our own (never the shared corpus's
text): recall, precision, classes of mess and README covers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import accuracy

ABSTRACTS = """A tiny labelled list

We present TinyNet, a small model. Code: https://github.com/tiny-lab/tinynet.

We present WrapNet. The code is available at
https://github.com/tiny-lab/wrapnet and a demo at tinylab.example.org/demo.

We present NoNet, a theory paper. The link was lost: this https URL.
"""
TRUTH = [
    {"n": 1, "urls": [{"url": "https://github.com/tiny-lab/TinyNet", "role": "code"}],
     "raw": ["https://github.com/tiny-lab/tinynet"]},
    {"n": 2, "urls": [{"url": "https://github.com/tiny-lab/wrapnet", "role": "code"},
                      {"url": "https://tinylab.example.org/demo", "role": "demo"}],
     "raw": ["https://github.com/tiny-lab/wrapnet", "tinylab.example.org/demo"]},
    {"n": 3, "urls": [], "raw": []},
]  # fmt: skip
README = "# Tiny\n\n## Install\n\n```\npip install -r requirements.txt\n```\n"
LABEL = {
    "repo": "tiny-lab/tinynet",
    "file": "texts/tiny.md",
    "root_files": ["README.md", "requirements.txt", "tiny.py"],
    "labels": {
        "install": {"value": True, "line": 5, "quote": "pip install"},
        "usage": {"value": True, "line": None, "quote": None},
        "train": {"value": False, "line": None, "quote": None},
        "placeholder": {"value": False, "line": None, "quote": None},
        "moved_to": {"value": None, "line": None, "quote": None},
    },
}


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    (tmp_path / "abstracts").mkdir()
    (tmp_path / "abstracts" / "abstracts.txt").write_text(ABSTRACTS)
    (tmp_path / "abstracts" / "truth.jsonl").write_text(
        "".join(json.dumps(row) + "\n" for row in TRUTH)
    )
    (tmp_path / "readmes" / "texts").mkdir(parents=True)
    (tmp_path / "readmes" / "texts" / "tiny.md").write_text(README)
    (tmp_path / "readmes" / "labels.jsonl").write_text(json.dumps(LABEL) + "\n")
    return tmp_path


def test_abstract_figures_and_classes(corpus: Path) -> None:
    result = accuracy.measure_abstracts(corpus)
    assert (result.papers_read, result.papers_expected) == (3, 3)
    assert (result.overall.truth, result.overall.found) == (3, 2)
    assert result.classes["hard-wrapped"].truth == 1
    assert result.classes["scheme-less"].found == 0  # a bare host without a cue
    assert result.misses == [(2, "tinylab.example.org/demo", ["scheme-less"])]
    assert result.invented == []
    assert result.classes["arxiv-placeholder"].abstracts == 1


def test_readme_covers(corpus: Path) -> None:
    result = accuracy.measure_readmes(corpus)
    assert result.covers["install"].agreed == 1
    assert result.covers["usage"].recall() == 0.0
    assert (result.micro.positives, result.micro.predicted) == (2, 1)
    assert [row[:4] for row in result.disagreements] == [("tiny-lab/tinynet", "usage", False, True)]


def test_without_a_corpus_it_says_so_and_succeeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert accuracy.main(["--corpus", str(tmp_path / "absent")]) == 0
    assert "no labelled corpus" in capsys.readouterr().out


def test_the_command_prints_both_tables(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert accuracy.main(["--corpus", str(corpus), "--json", str(corpus / "out.json")]) == 0
    out = capsys.readouterr().out
    assert "| overall | 3 | 3 | 2 | 0.667 |" in out
    assert "| install | 1 | 1 | 1 | 1.000 | 1.000 |" in out
    assert json.loads((corpus / "out.json").read_text())["readmes"]["install"]["recall"] == 1.0
