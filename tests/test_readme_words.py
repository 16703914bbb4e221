"""The screened patterns of `auditor.readme.words`: the screen only turns away lines the pattern
would not match, so every answer is the pattern's own."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auditor.readme import analysis, lines, ownership, withheld
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


@pytest.mark.parametrize("name", sorted(MATCHED))
def test_a_line_outside_ascii_is_found_as_its_pattern_finds_it(name: str) -> None:
    screened, lines = MATCHED[name]
    for line in lines:
        for marked in (f"\u2728 {line}", f"{line} \u2192 \u00e9t\u00e9"):
            expected = screened.pattern.search(marked)
            found = screened.search(marked)
            assert (found and found.group(0)) == (expected and expected.group(0)), (name, marked)


# Letters outside ASCII that the patterns, ignoring case, read as ASCII ones.
FOLDED = (
    (W.PROMISE, "Code coming \u017foon \u2728"),  # long s
    (W.INSTALL_PROSE, "\u0130nstall PyTorch first \u2728"),  # dotted capital I
    (W.INSTALL_PROSE, "\u0131nstall PyTorch first \u2728"),  # dotless i
    (W.CITE_REQUEST, "Please \u212aindly cite \u2728"),  # Kelvin sign
)


@pytest.mark.parametrize(("screened", "line"), FOLDED)
def test_a_letter_read_as_an_ascii_one_is_screened_as_that_letter(
    screened: W.Screened, line: str
) -> None:
    assert screened.pattern.search(line)
    assert screened.search(line) is not None


class _Counting:
    """A pattern that counts the searches it is asked for."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern.pattern
        self.flags = pattern.flags
        self.searched = 0
        self._compiled = pattern

    def search(self, text: str) -> re.Match[str] | None:
        self.searched += 1
        return self._compiled.search(text)


def test_a_line_outside_ascii_without_a_word_or_a_written_character_is_not_searched() -> None:
    counting = _Counting(re.compile(r"coming\s+soon|即将", re.I))
    screened = W.Screened(counting, ("soon",))  # type: ignore[arg-type]
    assert screened.search("\u2728 Results \u2192 below") is None
    assert screened.search("Résultats ci-dessous") is None
    assert counting.searched == 0
    assert screened.search("\u2728 coming soon") is not None
    assert screened.search("代码即将发布") is not None
    assert counting.searched == 2


def test_a_pattern_matching_unwritten_characters_is_not_screened_outside_ascii() -> None:
    for pattern in (r"soon|[\u4e00-\u9fff]+", "soon|[一-龥]+"):
        counting = _Counting(re.compile(pattern))
        screened = W.Screened(counting, ("soon",))  # type: ignore[arg-type]
        assert screened.search("代码") is not None
        assert counting.searched == 1
    counting = _Counting(re.compile(r"\s-"))
    screened = W.Screened(counting, (" -",), ascii_only=True)  # type: ignore[arg-type]
    assert screened.search("`\u3000-") is not None


SCREENED = sorted(
    (
        *(
            (module.__name__, name, value)
            for module in (W, ownership, withheld, analysis, lines)
            for name, value in vars(module).items()
            if isinstance(value, W.Screened)
        ),
        *((W.__name__, f"COMMANDS[{cover}]", value) for cover, value in W.COMMANDS.items()),
    ),
    key=lambda found: found[:2],
)
# Pieces of lines outside ASCII: letters, emoji, arrows, CJK, the letters read as ASCII ones.
_OUTSIDE = ("\u2728", "\u2192", "\u00e9", "\u4ee3\u7801", "\u017f", "\u0130", "\u212a", "\u3000")


@pytest.mark.parametrize(
    ("pattern", "words"),
    [
        (r"\b(pip3?|conda)\s+install\b", ("install",)),  # the longest run of each alternative
        (r"\.(py|sh)\b", (".py", ".sh")),  # literal text and a group of literals, joined
        (r"\b(weights?|ckpts?)\b|权重", ("ckpt", "weight", "权重")),  # "weights" holds "weight"
        (r"do[-_]train", ("do-train", "do_train")),
        (r"(?=\S*eval)\w+", ("eval",)),  # a lookahead's text stands in the line too
        (r"x+y{2,}", ("x",)),  # a piece repeated at least once: its own text
        (r"(?-i:Bench)", ("bench",)),  # lower-cased, as the text is
        (r"\w+\s\d", ()),  # no literal text: every line is searched
        (r"a|\d+", ()),  # an alternative without one
        (r"σ\w+", ()),  # a letter with case outside ASCII is no literal text
    ],
)
def test_the_words_every_match_holds_are_read_from_the_pattern(
    pattern: str, words: tuple[str, ...]
) -> None:
    assert W.required_words(re.compile(pattern, re.I)) == words


def test_a_derived_screen_searches_only_lines_holding_its_words() -> None:
    counting = _Counting(re.compile(r"\b(train|fit)\.py\b", re.I))
    screened = W.Screened.derived(counting)  # type: ignore[arg-type]
    assert screened.search("python TRAIN.py --epochs 3") is not None
    assert screened.search("\u2728 python fit.py") is not None
    assert screened.search("python eval.py \u2728") is None
    assert counting.searched == 2
    everywhere = W.Screened.derived(re.compile(r"\w+\.py"))
    assert everywhere.search("run x.py") is not None


@pytest.mark.parametrize(("module", "name", "screened"), SCREENED, ids=lambda v: str(v)[:24])
@given(data=st.data())
def test_every_screened_pattern_answers_as_its_pattern_on_mixed_scripts(
    module: str, name: str, screened: W.Screened, data: st.DataObject
) -> None:
    pieces = (*screened.words, *(screened.written or ()), *_OUTSIDE, " ", "the ", "1.5 ", "`")
    text = "".join(data.draw(st.lists(st.sampled_from(pieces), max_size=12)))
    assert bool(screened.search(text)) == bool(screened.pattern.search(text)), (name, text)


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
