"""The screened patterns of `auditor.readme.words`: the screen only turns away lines the pattern
would not match, so every answer is the pattern's own."""

from __future__ import annotations

import pytest

from auditor.readme import words as W
from auditor.readme.parse import plain

# Lines each pattern matches, one per alternative at least, in varied case and spacing.
MATCHED: dict[str, tuple[W.Screened, tuple[str, ...]]] = {
    "PROMISE": (
        W.PROMISE,
        (
            "Code: Coming Soon!",
            "The checkpoints will be\tpublicly released.",
            "The scripts are to be Open-Sourced.",
            "We will soon publish the toolkit.",
            "We will make the whole benchmark suite public.",
            "Models uploaded shortly.",
            "Stay tuned",
            "UNDER CONSTRUCTION",
            "The paper is in preparation.",
            "We are still preparing the code.",
            "We plan to add the demo later on.",
            "Available upon the acceptance of the paper.",
            "Upon publication.",
            "Training: TBD",
            "To be announced",
            "TODO: release",
            "The repository has not yet been released.",
            "As soon as possible.",
            "代码即将发布",
        ),
    ),
    "MOVED": (
        W.MOVED,
        (
            "This project has moved to a new place.",
            "We migrated into the organisation account.",
            "Relocated to the lab's space.",
            "Its new home is below.",
            "The code now lives at the address below.",
            "The library is now in the main repository.",
            "Please visit our new page.",
            "Deprecated: see the successor.",
            "No longer maintained, use the fork.",
            "仓库已迁移",
        ),
    ),
    "CITE_REQUEST": (
        W.CITE_REQUEST,
        (
            "Please consider citing our work.",
            "If you find it useful, kindly add a reference.",
            "Cite the paper as follows.",
            "请引用我们的论文",
        ),
    ),
    "METRIC_VALUE": (W.METRIC_VALUE, ("It reaches an F1 of 88.4 and 91.2 BLEU.", "mAP=40.1")),
    "INSTALL_PROSE": (
        W.INSTALL_PROSE,
        (
            "Install PyTorch first.",
            "Prerequisites: a GPU.",
            "Set up the environment.",
            "See requirements.txt.",
        ),
    ),
    "DATA_WORDS": (W.DATA_WORDS, ("The DATA folder", "Two corpora", "Annotations", "数据")),
    "WEIGHTS_WORDS": (
        W.WEIGHTS_WORDS,
        ("Pre-trained weights", "Checkpoints", "ckpt files", "Our MODELS", "模型"),
    ),
}
# Lines none of them matches: the screen's words present or not.
UNMATCHED = (
    "",
    "Run the script on your images.",
    "A table of results.",
    "The release notes of version 2 list the changes.",
    "Ｃｏｄｅ ｃｏｍｉｎｇ ｓｏｏｎ?",  # full-width letters: not ASCII, the pattern decides
)


@pytest.mark.parametrize("name", sorted(MATCHED))
def test_a_screened_pattern_finds_every_line_its_pattern_finds(name: str) -> None:
    screened, lines = MATCHED[name]
    for line in lines:
        assert screened.pattern.search(line), (name, line)  # the table row is a real match
        found, expected = screened.search(line), screened.pattern.search(line)
        assert found is not None
        assert expected is not None
        assert found.group(0) == expected.group(0), (name, line)
        assert screened.findall(line) == screened.pattern.findall(line)


@pytest.mark.parametrize("name", sorted(MATCHED))
def test_a_screened_pattern_turns_away_what_its_pattern_does_not_match(name: str) -> None:
    screened, _ = MATCHED[name]
    for line in UNMATCHED:
        assert bool(screened.search(line)) == bool(screened.pattern.search(line)), (name, line)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("plain words  with   spaces ", "plain words with spaces"),
        ("**bold** and `code` and <b>tags</b>", "bold and code and tags"),
        ("# a heading_name", "a heading name"),
        ("emoji \u2728 here", "emoji here"),
        ("", ""),
    ],
)
def test_plain_reads_marked_and_unmarked_lines_alike(text: str, words: str) -> None:
    assert plain(text) == words
