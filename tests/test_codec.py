"""The fields()-driven codec (`auditor.codec`) on dataclasses of its own: values read as the
dataclass's `__init__` makes them, whichever way the reader builds them, and every wrong value
worded by its field's reader, in line or not."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

import pytest

from auditor.codec import Codec, CodecError, Rule


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True, slots=True)
class Part:
    name: str
    count: int = 0


@dataclass(frozen=True, slots=True)
class Whole:
    title: str
    colour: Colour
    done: bool
    size: int
    words: tuple[str, ...]
    parts: tuple[Part, ...]
    note: str | None = None
    cached: tuple[str, ...] = field(default_factory=tuple)  # in memory only


@dataclass(frozen=True)
class Checked:
    """Not slotted, and checked after its fields are set: read through its `__init__`."""

    size: int
    seen: list[int] = field(default_factory=list, compare=False)

    def __post_init__(self) -> None:
        if self.size > 10:
            raise CodecError("size: more than 10")


CODEC = Codec(
    {
        Whole: {
            "size": Rule(minimum=1),
            "cached": Rule(never=True),
            "note": Rule(omit_default=True),
        },
        Checked: {"seen": Rule(never=True)},
    }
)
GOOD_PART = {"name": "a", "count": 1}
GOOD = {
    "title": "a whole",
    "colour": "blue",
    "done": False,
    "size": 3,
    "words": ["one", "two"],
    "parts": [{"name": "left", "count": 2}, {"name": "right", "count": 0}],
}


def test_a_dataclass_reads_as_its_init_makes_it() -> None:
    read = CODEC.read(Whole, GOOD, "")

    assert read == Whole(
        "a whole", Colour.BLUE, False, 3, ("one", "two"), (Part("left", 2), Part("right"))
    )
    assert read.colour is Colour.BLUE
    assert read.cached == ()  # a field never read gets its default
    assert CODEC.read(Whole, {**GOOD, "note": None}, "").note is None
    assert CODEC.read(Whole, {**GOOD, "note": "n"}, "").note == "n"


def test_a_dataclass_with_a_post_init_is_read_through_its_init() -> None:
    read = CODEC.read(Checked, {"size": 4}, "")
    assert read == Checked(4)
    assert read.seen == []  # its default, made by its `__init__`
    with pytest.raises(CodecError, match="size: more than 10"):
        CODEC.read(Checked, {"size": 11}, "")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"title": 7}, "doc.title: expected a string, got 7"),
        ({"colour": "green"}, "doc.colour: expected one of red, blue, got 'green'"),
        ({"colour": ["red"]}, "doc.colour: expected one of red, blue, got a list"),
        ({"done": 0}, "doc.done: expected true or false, got 0"),
        ({"size": True}, "doc.size: expected an integer, got true"),
        ({"size": 0}, "doc.size: expected an integer from 1, got 0"),
        ({"size": 2.0}, "doc.size: expected an integer, got 2.0"),
        ({"words": ["one", 2]}, "doc.words[1]: expected a string, got 2"),
        ({"words": "one"}, "doc.words: expected a list, got 'one'"),
        (
            {"parts": [{"name": "a", "count": 1}, None]},
            "doc.parts[1]: expected an object, got null",
        ),
        ({"parts": [GOOD_PART, {"count": 1}]}, "doc.parts[1].name: missing"),
        ({"parts": {"name": "a"}}, "doc.parts: expected a list, got an object"),
        ({"note": 5}, "doc.note: expected a string or null, got 5"),
    ],
)
def test_each_wrong_value_is_worded_in_one_line(change: dict[str, object], message: str) -> None:
    with pytest.raises(CodecError) as error:
        CODEC.read(Whole, {**GOOD, **change}, "doc")

    assert str(error.value) == message


def test_a_missing_field_is_said() -> None:
    without = {key: value for key, value in GOOD.items() if key != "colour"}
    with pytest.raises(CodecError, match=r"^doc\.colour: missing$"):
        CODEC.read(Whole, without, "doc")


@dataclass(frozen=True, slots=True)
class Unfinished:
    size: int
    kept: str  # in memory only, and without a default: a layout no reader can fill


def test_a_field_neither_read_nor_defaulted_fails_as_its_init_does() -> None:
    codec = Codec({Unfinished: {"kept": Rule(never=True)}})
    with pytest.raises(TypeError, match="kept"):
        codec.read(Unfinished, {"size": 1}, "")
