"""`auditor readme PATH`: a README file or a repository folder judged as the scorecard would."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from auditor import cli
from auditor.cli.readme import PLACEHOLDER_NOT_JUDGED, ReadmeCheckError, check_path
from auditor.models import CriterionResult
from auditor.rubric.registry import CRITERIA
from tests.support import schemas

SCHEMA = json.loads(
    (Path(__file__).parent.parent / "docs" / "readme-check.schema.json").read_text("utf-8")
)

README = """# FancyNet

Official code of FancyNet.

## Installation

```bash
pip install -r requirements.txt
```

## Training

```bash
python train.py --config configs/base.yaml
```

## Results

| Model | Acc |
|---|---|
| FancyNet | 91.2 |
| Baseline | 88.4 |
"""


def make_repo(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return tmp_path


def test_a_folder_is_judged_with_its_files(tmp_path: Path) -> None:
    repo = make_repo(
        tmp_path,
        {
            "README.md": README,
            "requirements.txt": "torch==2.1\n",
            "evaluate.py": "",
            "src/a.py": "",
        },
    )
    judged = check_path(repo)
    assert judged.readme == "README.md"
    assert not judged.placeholder
    assert {item.cover.value: item.line for item in judged.covers} == {
        "install": 5,
        "train": 11,
        "results": 17,
    }
    results = {item.id: item.result for item in judged.checklist}
    # D3 passes on the evaluate.py file beside the README, as the scorecard would decide it.
    assert results == {
        "D1": CriterionResult.PASS,
        "D2": CriterionResult.PASS,
        "D3": CriterionResult.PASS,
        "D4": CriterionResult.FAIL,
        # Rubric 2.0: the results table without the commands producing it is half met.
        "D5": CriterionResult.PARTIAL,
    }


def test_a_lone_readme_leaves_file_items_unknown(tmp_path: Path) -> None:
    readme = make_repo(tmp_path, {"README.md": README}) / "README.md"
    results = {item.id: item.result for item in check_path(readme).checklist}
    assert results["D1"] == CriterionResult.PASS  # the README says how to install
    assert results["D3"] == CriterionResult.UNKNOWN  # an eval script may sit beside it
    assert results["D4"] == CriterionResult.FAIL  # weights are linked from the README or not


def test_a_placeholder_folder(tmp_path: Path) -> None:
    repo = make_repo(
        tmp_path,
        {
            "README.md": "# Soon\n\n## Training\nComing soon.\n",
            "LICENSE": "MIT",
            "requirements.txt": "torch\n",
            "teaser.png": "",
        },
    )
    judged = check_path(repo)
    assert judged.placeholder
    assert "train" not in {item.cover.value for item in judged.covers}


def test_the_readme_github_would_show(tmp_path: Path) -> None:
    repo = make_repo(
        tmp_path,
        {".github/README.md": README, "README.rst": "Other\n=====\n", "a.py": ""},
    )
    assert check_path(repo).readme == ".github/README.md"
    bare = make_repo(tmp_path / "bare", {"main.py": ""})
    judged = check_path(bare)
    assert judged.readme is None
    assert judged.covers == ()


def test_json_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = make_repo(tmp_path, {"README.md": README, "train.py": ""})
    assert cli.main(["readme", str(repo), "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert list(document)[:4] == ["path", "covers", "placeholder", "checklist"]
    assert document["path"] == str(repo)
    assert document["covers"][0] == {"cover": "install", "line": 5, "excerpt": "Installation"}
    assert document["placeholder"] is False
    assert list(document["checklist"]) == ["D1", "D2", "D3", "D4", "D5"]
    assert set(document["checklist"].values()) <= {"pass", "fail", "unknown", "partial"}


def test_text_is_a_checklist_with_line_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repo(tmp_path, {"README.md": README, "train.py": ""})
    assert cli.main(["readme", str(repo)]) == 0
    text = capsys.readouterr().out
    assert "✓ install   line 5: Installation" in text
    assert "✗ weights   not found" in text
    assert "placeholder: no" in text
    assert "D2 Training code" in text


def test_an_inherited_readme_is_said_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(
        "# Notes\n\nThis repository is a fork of [SegKit](https://github.com/seg-org/segkit).\n\n"
        "## Install\n\n```\npip install segkit\n```\n"
    )
    assert cli.main(["readme", str(readme)]) == 0
    text = capsys.readouterr().out
    assert "  about another work: seg-org/segkit (line 3: This repository is a fork of" in text
    assert "about another work" not in json.dumps(check_path(readme).as_json())
    readme.write_text(README)
    assert cli.main(["readme", str(readme)]) == 0
    assert "about another work" not in capsys.readouterr().out


def test_a_missing_path_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ReadmeCheckError):
        check_path(tmp_path / "nothing")
    assert cli.main(["readme", str(tmp_path / "nothing")]) == cli.EXIT_USAGE
    assert "no such file or folder" in capsys.readouterr().err


def test_placeholders_and_upper_case_tables_are_read_not_raised_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A `<train_dir>` line and an upper-case `<TR><TD>` table once made `auditor readme` (and
    the audit) die with IndexError; they are read like any other line and table."""
    text = (
        "# Net\n\n## Training\n\npython train.py --data <train_dir> --strict <true>\n\n"
        "## Results\n\n<TABLE>\n<TR><TH>Model</TH><TH>Accuracy</TH></TR>\n"
        "<TR><TD>Net</TD><TD>91.2</TD></TR>\n<TR><TD>Base</TD><TD>88.4</TD></TR>\n</TABLE>\n"
    )
    repo = make_repo(tmp_path, {"README.md": text})
    assert cli.main(["readme", str(repo), "--format", "json"]) == cli.EXIT_OK
    seen = capsys.readouterr()
    covers = {item["cover"]: item["line"] for item in json.loads(seen.out)["covers"]}
    assert covers["train"] == 3
    assert covers["results"] == 7
    assert seen.err == ""


def test_each_failed_item_prints_the_registrys_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repo(tmp_path, {"README.md": README, "train.py": ""})
    assert cli.main(["readme", str(repo)]) == 0
    text = capsys.readouterr().out
    judged = check_path(repo)
    failed = [item for item in judged.checklist if item.result is CriterionResult.FAIL]
    fixes = {spec.id: spec.fix for spec in CRITERIA.checklist}

    assert failed  # D4: no weights
    for item in failed:
        assert item.fix == fixes[item.id]
        assert f"      fix: {item.fix}\n" in text
    passed = [item for item in judged.checklist if item.result is CriterionResult.PASS]
    assert all(f"fix: {item.fix}" not in text for item in passed)


def test_a_binary_file_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = tmp_path / "README.md"
    image.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))

    with pytest.raises(ReadmeCheckError, match="a binary file, not a README"):
        check_path(image)
    assert cli.main(["readme", str(image)]) == cli.EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "a binary file, not a README" in captured.err


def test_a_lone_file_says_its_placeholder_is_not_judged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "README.md").write_text("# Soon\n\nCode coming soon.\n", encoding="utf-8")
    assert cli.main(["readme", str(tmp_path / "README.md")]) == 0
    assert f"  {PLACEHOLDER_NOT_JUDGED}\n" in capsys.readouterr().out
    judged = check_path(tmp_path / "README.md")
    assert judged.placeholder is None
    assert judged.as_json()["placeholder_reason"] == PLACEHOLDER_NOT_JUDGED


def test_a_placeholder_folder_gives_the_scorecards_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repo(tmp_path, {"README.md": "# Soon\n\nCode coming soon.\n", "LICENSE": "MIT"})
    assert cli.main(["readme", str(repo)]) == 0
    text = capsys.readouterr().out
    judged = check_path(repo)

    # The words the scorecard's placeholder criterion gives, before its grace period.
    assert judged.placeholder is True
    assert judged.placeholder_reason == "only README, licence, pages"
    assert "  placeholder: YES — only README, licence, pages" in text
    coded = check_path(make_repo(tmp_path / "coded", {"README.md": README, "train.py": ""}))
    assert (coded.placeholder, coded.placeholder_reason) == (False, "")


@pytest.mark.parametrize("lone", [False, True])
def test_the_json_output_validates_against_its_documented_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lone: bool
) -> None:
    repo = make_repo(tmp_path, {"README.md": README, "LICENSE": "MIT"})
    target = repo / "README.md" if lone else repo
    assert cli.main(["readme", str(target), "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)

    schemas.validate(document, SCHEMA)
    assert set(document) == set(SCHEMA["properties"])  # every field is documented
    assert document["fixes"]


def test_a_readme_link_out_of_the_folder_is_not_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "secret.md"
    secret.write_text("# Private notes\n\nmy-password-line\n", encoding="utf-8")
    repo = make_repo(tmp_path / "repo", {"train.py": ""})
    (repo / "README.md").symlink_to(secret)

    assert cli.main(["readme", str(repo)]) == cli.EXIT_OK
    seen = capsys.readouterr()
    assert "my-password-line" not in seen.out
    assert "Private notes" not in seen.out
    assert "no README" in seen.out  # as GitHub shows it
    assert "a link out of" in seen.err
    assert cli.main(["readme", str(repo / "README.md")]) == cli.EXIT_USAGE
    assert "my-password-line" not in capsys.readouterr().out


def test_a_link_inside_the_folder_is_followed(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, {"docs/main.md": README, "train.py": ""})
    (repo / "README.md").symlink_to(repo / "docs" / "main.md")
    assert check_path(repo).readme == "README.md"


def _within_seconds(seconds: float, argv: list[str]) -> int:
    """`cli.main(argv)`, failing the test (not hanging it) when it blocks."""
    codes: list[int] = []
    worker = threading.Thread(target=lambda: codes.append(cli.main(argv)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert codes, f"{argv} still running after {seconds} s"
    return codes[0]


def test_a_fifo_among_the_files_is_refused_never_waited_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repo(tmp_path / "repo", {"README.md": README, "train.py": ""})
    os.mkfifo(repo / "requirements.txt")

    assert _within_seconds(10, ["readme", str(repo)]) == cli.EXIT_OK  # the others judged
    seen = capsys.readouterr()
    assert "line 5: Installation" in seen.out
    assert "requirements.txt: not a regular file, not read" in seen.err

    os.mkfifo(tmp_path / "README.md")
    assert _within_seconds(10, ["readme", str(tmp_path / "README.md")]) == cli.EXIT_USAGE
    assert "not a regular file" in capsys.readouterr().err


def test_terminal_escapes_in_a_readme_are_printed_inert(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hostile = (
        "# Net \x1b[2J\x1b]0;owned\x07\n\n## Installation \x1b]52;c;ZWNobyBoaQ==\x07\n\n"
        "pip install \x1b]8;;https://evil.test/\x1b\\net\x1b]8;;\x1b\\ \u202eexe.txt\n"
    )
    repo = make_repo(tmp_path, {"README.md": hostile})
    assert cli.main(["readme", str(repo)]) == cli.EXIT_OK
    out = capsys.readouterr().out
    assert "Installation" in out
    for unsafe in ("\x1b", "\x07", "\u202e", "owned", "ZWNobyBoaQ==", "evil.test"):
        assert unsafe not in out


def test_the_json_of_a_hostile_readme_is_inert_and_the_same_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = make_repo(tmp_path / "net\x9b2J\u202eexe", {"README.md": README})
    assert cli.main(["readme", str(repo), "--format", "json"]) == cli.EXIT_OK
    out = capsys.readouterr().out
    assert "\x9b" not in out  # a C1 CSI: JSON leaves it raw
    assert "\u202e" not in out
    assert json.loads(out)["path"] == str(repo)  # the values themselves unchanged


# A lone README never says whether the code is released: the files do. Each of these READMEs,
# alone, would have been guessed a placeholder or not from its promises.
LONE_READMES = {
    "a package release promised": "# Kit\n\n```\npython kit.py --in a.txt\n```\n\n"
    "A pip package will be released soon.\n",
    "an updated version promised": "# Kit\n\nThe code of Kit.\n\nAn updated version will be "
    "released after the review.\n",
    "the code promised": "# Kit\n\nCode coming soon.\n",
    "nothing promised": "# Kit\n\n## Usage\n\n```\npython kit.py --in a.txt\n```\n",
}


@pytest.mark.parametrize("text", LONE_READMES.values(), ids=LONE_READMES)
def test_a_lone_readme_leaves_the_placeholder_unjudged(
    tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = make_repo(tmp_path, {"README.md": text}) / "README.md"
    judged = check_path(readme)
    assert judged.placeholder is None
    assert "placeholder" not in {item.cover.value for item in judged.covers}
    assert cli.main(["readme", str(readme)]) == 0
    out = capsys.readouterr().out
    assert f"  {PLACEHOLDER_NOT_JUDGED}\n" in out
    assert "placeholder: YES" not in out
    assert cli.main(["readme", str(readme), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["placeholder"] is None
    # Beside the code, the same README is judged, and every other cover is the same.
    folder = make_repo(tmp_path / "repo", {"README.md": text, "kit.py": ""})
    beside_code = check_path(folder)
    assert beside_code.placeholder is False
    assert beside_code.covers == judged.covers


def test_results_with_the_commands_producing_them_are_a_line_of_their_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    evaluated = README + "\n## Evaluation\n\n```bash\npython eval.py --ckpt fancynet.pth\n```\n"
    repo = make_repo(tmp_path, {"README.md": evaluated, "train.py": ""})
    assert cli.main(["readme", str(repo)]) == 0
    text = capsys.readouterr().out
    assert "✓ results_commands line 27: python eval.py --ckpt fancynet.pth" in text
    assert cli.main(["readme", str(repo), "--format", "json"]) == 0
    covers = [item["cover"] for item in json.loads(capsys.readouterr().out)["covers"]]
    assert covers == ["install", "train", "evaluate", "results", "results_commands"]
    # Training commands beside the results table do not produce them.
    assert cli.main(["readme", str(make_repo(tmp_path / "trained", {"README.md": README}))]) == 0
    assert "✗ results_commands not found" in capsys.readouterr().out
