"""`auditor.readme.words.starting`: a pattern with the characters its matches start with tested
first finds exactly what the pattern finds (spans and groups), and a pattern whose matches may
start with too many characters, or be empty, is left as it is."""

from __future__ import annotations

import functools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.readme import analysis, artifacts, branches, lines, ownership, withheld
from auditor.readme import words as W


@pytest.mark.parametrize(
    ("pattern", "flags", "starts"),
    [
        (r"coming\s+soon|\bTB[DA]\b", re.I, "Tc"),
        (r"(?<![a-z])ft\b|\b(will|to)\s+be", re.I, "ftw"),  # zero-width pieces start nothing
        (r"(the\s+)?original", re.I, "ot"),  # an optional piece: what follows starts too
        (r"x*[a-c]y", 0, "abcx"),
        (r"即将|(将|会)发布", 0, "会即将"),
    ],
)
def test_the_characters_a_match_starts_with_are_tested_first(
    pattern: str, flags: int, starts: str
) -> None:
    compiled = re.compile(pattern, flags)
    fast = W.starting(compiled)
    assert fast.pattern.startswith(f"(?=[{starts}])")
    assert fast.flags == compiled.flags


@pytest.mark.parametrize(
    ("pattern", "flags"),
    [
        (r"\w+\.py", 0),  # a class of too many characters
        (r"[^a]b", 0),  # a negated set
        (r"a?", 0),  # a match may be empty
        (r"(?i:x)y", 0),  # a group of its own flags
        (r"(?i)abc", 0),  # global flags must open the pattern
        (r"a  # a comment", re.X),
        (r"^\s*(#.*)?$", re.M),
    ],
)
def test_a_pattern_without_few_starting_characters_is_left_as_it_is(
    pattern: str, flags: int
) -> None:
    compiled = re.compile(pattern, flags)
    assert W.starting(compiled) is compiled


_Found = list[tuple[tuple[int, int], tuple[object, ...]]]


def _answer(pattern: re.Pattern[str], text: str) -> _Found:
    return [(found.span(), found.groups()) for found in pattern.finditer(text)]


PATTERNS = sorted(
    {
        (f"{module.__name__}.{name}", value.pattern)
        for module in (W, ownership, withheld, analysis, lines)
        for name, value in vars(module).items()
        if isinstance(value, W.Screened)
    }
    | {(f"COMMANDS[{cover}]", value.pattern) for cover, value in W.COMMANDS.items()},
    key=lambda found: found[0],
)
# Letters that `re.IGNORECASE` matches to ASCII ones, other scripts, spaces and punctuation.
_PIECES = ("\u017f", "\u0130", "\u0131", "\u212a", "\u4ee3", "将", " ", "\n", ".", "-", "1.5", "A")


# Made once a pattern, not once an example: reading a pattern's words parses its syntax (most
# of this file's CPU when it was done for every drawn text).
@functools.cache
def _texts(pattern: re.Pattern[str]) -> st.SearchStrategy[str]:
    """Texts made of the pattern's own words (as written and upper-cased), the pieces above
    and short random text."""
    words = [*W.required_words(pattern), *(word.upper() for word in W.required_words(pattern))]
    pieces = st.sampled_from([*words, *_PIECES]) if words else st.sampled_from(_PIECES)
    return st.lists(pieces | st.text(max_size=3), max_size=12).map("".join)


_started = functools.cache(W.starting)


@pytest.mark.parametrize(("name", "pattern"), PATTERNS, ids=lambda v: str(v)[:32])
@settings(max_examples=25)  # a pattern each: many, and each drawn text is searched in full
@given(data=st.data())
def test_every_screened_pattern_finds_the_same_matches_started(
    name: str, pattern: re.Pattern[str], data: st.DataObject
) -> None:
    text = data.draw(_texts(pattern))
    assert _answer(_started(pattern), text) == _answer(pattern, text), (name, text)


def test_every_pattern_of_a_module_and_its_dictionaries_is_started() -> None:
    namespace: dict[str, object] = {
        "SOON": re.compile(r"coming\s+soon", re.I),
        "BY_NAME": {"late": re.compile(r"\blater\b", re.I), "words": ("kept",)},
        "ANY": re.compile(r"\w+"),
    }
    W.start_patterns(namespace)
    assert namespace["SOON"].pattern.startswith("(?=[c])")  # type: ignore[attr-defined]
    assert namespace["BY_NAME"]["late"].pattern.startswith("(?=[l])")  # type: ignore[index]
    assert namespace["ANY"].pattern == r"\w+"  # type: ignore[attr-defined]


_STARTED = re.compile(r"\(\?=\[[^\]]*\]\)\(\?:(.*)\)", re.S)
STARTED = sorted(
    (f"{module.__name__}.{name}", value)
    for module in (W, ownership, withheld, analysis, lines, artifacts, branches)
    for name, value in vars(module).items()
    if isinstance(value, re.Pattern) and _STARTED.fullmatch(value.pattern)
)


def test_the_patterns_the_readme_rules_search_most_are_started() -> None:
    names = {name for name, _ in STARTED}
    hot = (
        "ownership._REPLACE_ME",
        "analysis._WEIGHTS_NOUN",
        "artifacts._FETCH",
        "words.RESULTS_CLAIM",
    )
    assert {f"auditor.readme.{name}" for name in hot} <= names


@pytest.mark.parametrize(("name", "started"), STARTED, ids=lambda v: str(v)[:32])
@settings(max_examples=25)
@given(data=st.data())
def test_every_started_pattern_of_the_readme_rules_finds_what_its_own_source_finds(
    name: str, started: re.Pattern[str], data: st.DataObject
) -> None:
    source = _STARTED.fullmatch(started.pattern)
    assert source is not None
    pattern = re.compile(source.group(1), started.flags)
    text = data.draw(_texts(pattern))
    assert _answer(started, text) == _answer(pattern, text), (name, text)
