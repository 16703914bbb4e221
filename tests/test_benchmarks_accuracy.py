"""The accuracy benchmark's arithmetic on a tiny corpus of our own (never the shared corpus's
text): recall, precision, classes of mess, README covers, and the README folds (by owner,
fixed, the fifth sealed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
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

# Fold 5 (sealed): north-lab's README; the usage label disagrees with us, and its weights link is
# labelled. Fold 1: west-lab's, whose results we miss.
SEALED_README = "# North\n\nOur trained model: https://huggingface.co/north-lab/north-7b\n"
SEALED_LABEL = {
    "repo": "north-lab/north-model",
    "file": "texts/north-only-file.md",
    "root_files": ["README.md", "north.py"],
    "labels": {
        "usage": {"value": True, "line": 3, "quote": "Our trained model"},
        "weights": {"value": True, "line": 3, "quote": "Our trained model"},
        "results_commands": {"value": False, "line": None, "quote": None},
        "about_other_work": {"value": False, "line": None, "quote": None},
        "weights_urls": ["https://huggingface.co/north-lab/north-7b"],
        "data_urls": [],
    },
}
OPEN_README = "# West\n\nData: https://huggingface.co/datasets/west-lab/west-set\n"
OPEN_LABEL = {
    "repo": "West-Lab/west-model",
    "file": "texts/west.md",
    "root_files": ["README.md", "west.py"],
    "labels": {
        "results": {"value": True, "line": 3, "quote": "Data"},
        "data": {"value": True, "line": 3, "quote": "Data"},
        "results_commands": {"value": True, "line": 3, "quote": "Data"},
        "about_other_work": {"value": False, "line": None, "quote": None},
        "weights_urls": ["https://huggingface.co/west-lab/west-7b"],
        "data_urls": ["https://huggingface.co/datasets/West-Lab/west-set/"],
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


@pytest.fixture
def folded(corpus: Path) -> Path:
    """The tiny corpus with a README in fold 1 and one in the sealed fold 5."""
    texts = corpus / "readmes" / "texts"
    (texts / "north-only-file.md").write_text(SEALED_README)
    (texts / "west.md").write_text(OPEN_README)
    labels = [LABEL, SEALED_LABEL, OPEN_LABEL]
    (corpus / "readmes" / "labels.jsonl").write_text("".join(json.dumps(x) + "\n" for x in labels))
    return corpus


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
    figures = json.loads((corpus / "out.json").read_text())
    assert figures["readmes"]["tuned"]["install"]["recall"] == 1.0


def test_folds_are_fixed_by_the_owner() -> None:
    pinned = {"tiny-lab": 2, "west-lab": 1, "east-lab": 3, "star-lab": 4, "north-lab": 5}
    assert {owner: accuracy.fold_of(f"{owner}/any") for owner in pinned} == pinned
    # The owner decides, whatever the repository and however the owner is spelt.
    assert {accuracy.fold_of(r) for r in ("North-Lab/a", "north-lab/b", "NORTH-LAB/c")} == {5}
    sizes = Counter(accuracy.fold_of(f"owner{i}/repo") for i in range(1000))
    assert sorted(sizes) == [1, 2, 3, 4, 5]
    assert all(150 <= size <= 250 for size in sizes.values()), sizes


def test_folds_do_not_depend_on_pythons_string_hash() -> None:
    owners = [f"lab{i}/repo" for i in range(40)]
    here = [accuracy.fold_of(repo) for repo in owners]
    script = f"from benchmarks import accuracy; print([accuracy.fold_of(r) for r in {owners!r}])"
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        ).stdout
        assert json.loads(out) == here


def test_the_sealed_fold_prints_totals_only(
    folded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert accuracy.main(["--corpus", str(folded), "--part", "readmes"]) == 0
    out = capsys.readouterr().out
    sealed = out[out.index("READMEs, fold 5") : out.index("READMEs, whole corpus")]
    assert "sealed: totals only" in sealed
    assert "| usage | 1 | 0 | 0 | – | 0.000 |" in sealed
    assert "| weights_urls (URLs) | 1 | 1 | 1 | 1.000 | 1.000 |" in sealed
    # Neither its repository, its file nor its disagreements, anywhere in the run.
    assert "north" not in out.casefold()
    assert out.count("disagreements") == 2  # folds 1-4's covers and URLs
    # The open folds list theirs.
    assert "West-Lab/west-model · results · False · True" in out
    assert "West-Lab/west-model · results_commands · False · True" in out
    assert "West-Lab/west-model · weights_urls · missed · huggingface.co/west-lab/west-7b" in out


def test_the_open_folds_alone_show_nothing_of_the_sealed_one(
    folded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--open`: folds 1-4 pooled, with their disagreements, and neither the sealed fold's
    totals nor the whole corpus, whose figures hold the sealed fold's."""
    assert accuracy.main(["--corpus", str(folded), "--open"]) == 0
    out = capsys.readouterr().out
    assert "READMEs, folds 1-4" in out
    assert "West-Lab/west-model · results · False · True" in out
    assert "fold 5" not in out
    assert "whole corpus" not in out
    assert "north" not in out.casefold()
    assert "abstracts" not in out.casefold()
    for refused in (["--open", "--unseal"], ["--open", "--fold", "2"]):
        with pytest.raises(SystemExit):
            accuracy.main(["--corpus", str(folded), *refused])
    assert "--open reports folds 1-4 alone" in capsys.readouterr().err


def test_unsealed_the_fifth_fold_lists_its_disagreements(
    folded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert accuracy.main(["--corpus", str(folded), "--part", "readmes", "--unseal"]) == 0
    out = capsys.readouterr().out
    assert "fold 5 (sealed, unsealed)" in out
    assert "north-lab/north-model · usage · False · True" in out
    assert accuracy.main(["--corpus", str(folded), "--fold", "5", "--unseal"]) == 0
    assert "north-lab/north-model · usage" in capsys.readouterr().out


def test_the_sealed_fold_alone_is_refused_in_one_line(
    folded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        accuracy.main(["--corpus", str(folded), "--fold", "5"])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "fold 5 is sealed" in captured.err.splitlines()[-1]
    assert "north" not in captured.err


def test_a_fold_of_the_abstracts_is_refused(
    folded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        accuracy.main(["--corpus", str(folded), "--part", "abstracts", "--fold", "2"])
    assert exit_info.value.code == 2
    assert "--fold is a fold of the READMEs" in capsys.readouterr().err


def test_one_open_fold_alone(folded: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert accuracy.main(["--corpus", str(folded), "--fold", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("READMEs, fold 2: 1 repositories, 1 owners")
    assert "tiny-lab/tinynet · usage · False · True" in out
    assert "west" not in out.casefold()
    assert "north" not in out.casefold()
    assert "Abstracts" not in out  # a fold is of the READMEs


def test_the_whole_corpus_is_labelled_tuned_and_the_newer_labels_measured(
    folded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    json_out = folded / "out.json"
    assert accuracy.main(["--corpus", str(folded), "--brief", "--json", str(json_out)]) == 0
    out = capsys.readouterr().out
    whole = out[out.index("READMEs, whole corpus (tuned") :]
    assert "3 repositories, 3 owners" in whole
    # Measured like a cover: west's label is true, its README gives no command.
    assert "| results_commands | 1 | 0 | 0 | – | 0.000 |" in whole
    assert "| about_other_work | 0 | 0 | 0 | – | – |" in whole
    assert "about_other_work: 0 of 3 READMEs answered yes, labelled or not" in whole
    # One of two weights URLs found (and nothing else read as weights); the data URL matched
    # as the corpus compares URLs (case, trailing slash).
    assert "| weights_urls (URLs) | 2 | 1 | 1 | 1.000 | 0.500 |" in whole
    assert "| data_urls (URLs) | 1 | 1 | 1 | 1.000 | 1.000 |" in whole
    assert "disagreements" not in out  # --brief
    figures = json.loads(json_out.read_text())["readmes"]
    assert set(figures) == {"folds 1-4", "fold 5", "tuned"}
    assert figures["fold 5"]["usage"]["recall"] == 0.0


def test_about_other_work_is_the_inherited_readme_detectors_answer(
    folded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = folded / "readmes" / "texts"
    (texts / "west.md").write_text("# {{ cookiecutter.project_name }}\n\n" + OPEN_README)
    inherited = {**OPEN_LABEL, "labels": {**OPEN_LABEL["labels"]}}
    inherited["labels"]["about_other_work"] = {"value": True, "line": 1, "quote": "{{"}
    labels = [LABEL, SEALED_LABEL, inherited]
    (folded / "readmes" / "labels.jsonl").write_text("".join(json.dumps(x) + "\n" for x in labels))
    assert accuracy.main(["--corpus", str(folded), "--part", "readmes", "--fold", "1"]) == 0
    out = capsys.readouterr().out
    assert "| about_other_work | 1 | 1 | 1 | 1.000 | 1.000 |" in out
    assert "about_other_work: 1 of 1 READMEs answered yes, labelled or not" in out
    (texts / "west.md").write_text(OPEN_README)  # the detector now disagrees with the label
    assert accuracy.main(["--corpus", str(folded), "--part", "readmes", "--fold", "1"]) == 0
    out = capsys.readouterr().out
    assert "| about_other_work | 1 | 0 | 0 | – | 0.000 |" in out
    assert "West-Lab/west-model · about_other_work · False · True" in out
