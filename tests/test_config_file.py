"""The configuration file given with `--config`: its tables written at the top (`[rubric]`) or
as pyproject.toml writes them (`[tool.paper-auditor.rubric]`, as the README shows) mean the
same to every owner of a table; the README's own examples are read as written."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from auditor.config import politeness
from auditor.config import settings as config
from auditor.config.file import KNOWN_TABLES, ConfigError, read_config
from auditor.rubric import registry as rubric
from auditor.scorecard import acknowledgements, reviews

README = Path(__file__).resolve().parent.parent / "README.md"
PREFIX = "tool.paper-auditor."

# One setting of every table, written at the top of the file.
AT_THE_TOP = """\
[rubric]
readme_min_bytes = 900

[rubric.weights]
A1 = 3

[politeness]
host-concurrency = 2
host-request-interval = "250ms"

[forges]
"git.lab.example" = "gitlab"

[network]
proxy = "http://proxy.lab.example:3128"
ca-bundle = "lab-ca.pem"

[[acknowledge]]
url = "https://github.com/a-lab/gone"
reason = "deleted by its authors"
until = 2030-01-01

[[review]]
paper = "arxiv:2401.00001"
verdict = "silver"
reason = "weights sent by mail"
reviewer = "A. Chair"
date = 2030-01-02
"""


def under_tool(text: str) -> str:
    """The same tables under `[tool.paper-auditor]`, as pyproject.toml spells them."""
    return re.sub(r"^(\[\[?)(?!tool\.)", rf"\g<1>{PREFIX}", text, flags=re.MULTILINE)


def at_the_top(text: str) -> str:
    return re.sub(rf"^(\[\[?){re.escape(PREFIX)}", r"\g<1>", text, flags=re.MULTILINE)


def meaning(path: Path, text: str) -> tuple[object, ...]:
    """What each owner of a table makes of the configuration `text` written at `path`."""
    path.write_text(text, encoding="utf-8")
    rules = acknowledgements.load_acknowledgements(None, config=path, pyproject=None)
    reviewed = reviews.load_reviews(None, config=path, pyproject=None)
    return (
        rubric.load_rubric(path, pyproject=None),
        politeness.load_politeness(path, pyproject=None),
        config.load_forges(path, pyproject=None),
        config.load_network(path, pyproject=None),
        tuple(replace(rule, where="") for rule in rules),  # entry numbers differ, not meaning
        tuple(replace(review, where="") for review in reviewed),  # so do lines
    )


NOTHING_SET = (
    rubric.Rubric(),
    politeness.Politeness(),
    {},
    config.NetworkConfig(),
    (),
    (),
)


@pytest.fixture
def config_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # no .paper-auditor-ignore or -reviews of the project is read
    return tmp_path / "paper-auditor.toml"


def test_both_spellings_mean_the_same_to_every_table(config_path: Path) -> None:
    top = meaning(config_path, AT_THE_TOP)
    nested = meaning(config_path, under_tool(AT_THE_TOP))

    assert under_tool(AT_THE_TOP).startswith("[tool.paper-auditor.rubric]\n")
    assert nested == top
    for found, default in zip(top, NOTHING_SET, strict=True):
        assert found != default  # every table was read, in both spellings


def test_both_spellings_in_one_file_are_read_together(config_path: Path) -> None:
    """The README's `[tool.paper-auditor.politeness]` pasted beside its `[[acknowledge]]`."""
    first, rest = AT_THE_TOP.split("[politeness]")
    mixed = under_tool(first) + "[politeness]" + rest

    assert meaning(config_path, mixed) == meaning(config_path, AT_THE_TOP)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            "[politeness]\nadaptive = true\n[tool.paper-auditor.politeness]\nadaptive = false\n",
            "`politeness` is written twice, as [politeness] and "
            "[tool.paper-auditor.politeness]; keep one",
        ),
        ("[tool.paper-auditr.rubric]\nreadme_min_bytes = 9\n", "holds no [tool.paper-auditor]"),
        (
            "[tool.paper-auditor.rubric]\nreadme_min_bytes = 9\n[tool.black]\nline-length = 99\n",
            "unknown table 'tool.black'; did you mean 'tool.paper-auditor'?",
        ),
        (
            "[tool.paper-auditor.weights]\nA1 = 3\n",
            "unknown table 'weights'; did you mean 'rubric.weights'?",
        ),
        ("tool = 3\n", "holds no [tool.paper-auditor]"),
    ],
)
def test_a_table_written_wrongly_is_refused_in_one_line(
    config_path: Path, text: str, error: str
) -> None:
    config_path.write_text(text, encoding="utf-8")

    with pytest.raises(ConfigError) as refused:
        read_config(config_path, pyproject=None)

    assert str(refused.value).startswith(f"{config_path}: ")
    assert error in str(refused.value)
    assert "\n" not in str(refused.value)


def readme_toml_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    return re.findall(r"^```toml\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)


def test_the_readmes_examples_are_read_as_written(config_path: Path) -> None:
    blocks = readme_toml_blocks()
    assert any(block.startswith(f"[{PREFIX}") for block in blocks)  # as the README shows them

    each = []
    for block in blocks:
        as_written = meaning(config_path, block)
        each.append(as_written)
        tables = read_config(config_path, pyproject=None)
        assert tables is not None
        assert tables.tables
        assert set(tables.tables) <= set(KNOWN_TABLES)
        assert as_written != NOTHING_SET
        assert meaning(config_path, at_the_top(block)) == as_written
        assert meaning(config_path, under_tool(at_the_top(block))) == as_written

    # One file holding every example sets what each sets.
    together = meaning(config_path, "\n".join(blocks))
    for index, found in enumerate(together):
        assert found == next(
            (alone[index] for alone in each if alone[index] != NOTHING_SET[index]),
            NOTHING_SET[index],
        )
