"""A JSON codec for frozen dataclasses, driven by their `fields()`: each type's reader and writer
are derived once from its fields and their annotations, and a layout (`Rule`s per field, key
orders, steps after a field) says what the types alone do not. `Codec(layout).write(value)` gives
the JSON values of a dataclass; `read(cls, obj, where)` validates untrusted JSON back into one,
raising `CodecError` that says in one line where (`papers[3].criteria[0].result`) and what was
expected. Closed vocabularies (outcomes, tiers) must hold a known value; open ones
(`models.OPEN_VOCABULARIES`) keep what they do not know. Which layout a document has is its
owner's (`scorecard.fields.LAYOUT`); this module knows no document."""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields, is_dataclass
from enum import StrEnum
from typing import Any, TypeGuard, TypeVar

from auditor.models import OPEN_VOCABULARIES, open_member

T = TypeVar("T")
R = TypeVar("R")
Writer = Callable[[Any], object]
Layout = Mapping[type, Mapping[str, "Rule"]]
After = Mapping[tuple[type, str], Callable[[dict[str, object]], None]]


class CodecError(ValueError):
    """JSON that does not read as the dataclass asked for; the message is one line."""


_JUST_STR = frozenset({str})


@dataclass(frozen=True, slots=True)
class Rule:
    """How one field lies in the document, beyond its type."""

    inline: bool = False  # its own fields are written side by side in the parent's object
    omit_default: bool = False  # left out at its default, and read as it when missing
    since: bool = False  # always written, read as its default when missing (older scorecards)
    never: bool = False  # in memory only: neither written nor read
    minimum: int | None = None
    maximum: int | None = None
    pattern: tuple[re.Pattern[str], str] | None = None  # and its words: "an ISO 8601 date"
    one_of: tuple[str, ...] | None = None  # each item of a list of strings
    non_empty: bool = False  # text that is not only white space


_NO_RULE = Rule()
# The parts of a rule that say how a field lies in the document; every other part constrains
# its value, and a value with a constraint the in-line test does not state is read by its reader.
_LAYOUT = frozenset({"inline", "omit_default", "since", "never"})


def _constraints(rule: Rule) -> frozenset[str]:
    """The names of the constraints `rule` sets on a value (beyond its type)."""
    return frozenset(
        spec.name
        for spec in fields(rule)
        if spec.name not in _LAYOUT and getattr(rule, spec.name) != spec.default
    )


def _per_type(build: Callable[[Codec, Any], R]) -> Callable[[Codec, Any], R]:
    """`build` made once per codec and type: readers and writers are derived on first use."""

    def get(codec: Codec, cls: Any) -> R:
        key = (build.__name__, cls)
        found: R | None = codec._made.get(key)
        if found is None:
            found = codec._made[key] = build(codec, cls)
        return found

    return get


# --- messages ---------------------------------------------------------------------------------


def shown(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def child_path(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def fail(where: str, key: str | int, expected: str, value: object) -> CodecError:
    return CodecError(f"{child_path(where, key)}: expected {expected}, got {shown(value)}")


def is_int(value: object) -> TypeGuard[int]:
    # bool is an int subclass; `true` is no count.
    return isinstance(value, int) and not isinstance(value, bool)


def object_field(obj: Mapping[str, object], key: str, where: str) -> Mapping[str, object]:
    value = obj.get(key, MISSING)
    if value is MISSING:
        raise CodecError(f"{child_path(where, key)}: missing")
    if not isinstance(value, dict):
        raise fail(where, key, "an object", value)
    return value


# --- reading ----------------------------------------------------------------------------------


def _number(optional: bool) -> Callable[[object, str, str | int], Any]:
    def read(value: object, where: str, key: str | int) -> Any:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise fail(where, key, "a number or null" if optional else "a number", value)
        return value

    return read


def _vocabulary_reader(vocabulary: type[StrEnum]) -> Callable[[object, str, str | int], Any]:
    if vocabulary in OPEN_VOCABULARIES:

        def read_open(value: object, where: str, key: str | int) -> Any:
            if not isinstance(value, str) or not value:
                raise fail(where, key, "a non-empty string", value)
            return open_member(vocabulary, value)

        return read_open
    # Dictionary lookups: `Outcome(value)` costs ~10 times as much, once per criterion.
    members = {str(member): member for member in vocabulary}

    def read_closed(value: object, where: str, key: str | int) -> Any:
        member = members.get(value) if isinstance(value, str) else None
        if member is None:
            raise fail(where, key, "one of " + ", ".join(members), value)
        return member

    return read_closed


def _inlined_type(cls: Any, name: str) -> Any:
    annotation = typing.get_type_hints(cls)[name]
    members = [a for a in typing.get_args(annotation) if a is not type(None)] or [annotation]
    inner: type = members[0]
    return inner


def _default(cls: Any, name: str) -> object:
    spec = next(spec for spec in fields(cls) if spec.name == name)
    if spec.default_factory is not MISSING:
        return spec.default_factory()
    return spec.default


def _missing(where: str, key: str) -> CodecError:
    return CodecError(f"{child_path(where, key)}: missing")


class Codec:
    """The readers and writers of the dataclasses laid out by `layout` (rules per field), `order`
    (the keys' order where it is not the fields') and `after` (steps after a field is written);
    each is generated once per type, on first use."""

    def __init__(
        self,
        layout: Layout,
        order: Mapping[type, tuple[str, ...]] | None = None,
        after: After | None = None,
    ) -> None:
        self.layout = layout
        self.order = order or {}
        self.after = after or {}
        self._made: dict[tuple[str, Any], Any] = {}

    def _value_reader(self, annotation: Any, rule: Rule) -> Callable[[object, str, str | int], Any]:
        """A check of one JSON value against a field's annotation: (value, where, key) -> value."""
        optional = False
        if typing.get_origin(annotation) in (types.UnionType, typing.Union):
            members = [a for a in typing.get_args(annotation) if a is not type(None)]
            optional = len(members) < len(typing.get_args(annotation))
            if members == [int, float] or members == [float, int]:
                return _number(optional)
            (annotation,) = members
        read = self._required_reader(annotation, rule, optional)
        if not optional:
            return read

        def read_optional(value: object, where: str, key: str | int) -> Any:
            return None if value is None else read(value, where, key)

        return read_optional

    def _required_reader(
        self, annotation: Any, rule: Rule, optional: bool
    ) -> Callable[[object, str, str | int], Any]:
        null = " or null" if optional else ""
        origin = typing.get_origin(annotation)
        if annotation is str:
            pattern = rule.pattern

            def read_text(value: object, where: str, key: str | int) -> Any:
                if type(value) is not str:
                    raise fail(where, key, f"a string{null}", value)
                if pattern is not None and not pattern[0].fullmatch(value):
                    raise fail(where, key, pattern[1] + null, value)
                if rule.non_empty and not value.strip():
                    raise fail(where, key, "a non-empty string", value)
                return value

            return read_text
        if annotation is bool:

            def read_bool(value: object, where: str, key: str | int) -> Any:
                if not isinstance(value, bool):
                    raise fail(where, key, "true or false", value)
                return value

            return read_bool
        if annotation is int:
            low, high = rule.minimum, rule.maximum
            bounds = "an integer" if low is None else f"an integer from {low}"
            if high is not None:
                bounds += f" to {high}"

            def read_int(value: object, where: str, key: str | int) -> Any:
                if not is_int(value):
                    raise fail(where, key, "an integer", value)
                if (low is not None and value < low) or (high is not None and value > high):
                    raise fail(where, key, bounds, value)
                return value

            return read_int
        if isinstance(annotation, type) and issubclass(annotation, StrEnum):
            return _vocabulary_reader(annotation)
        if origin is tuple:
            return self._list_reader(typing.get_args(annotation)[0], rule)
        if origin in (Mapping, dict):
            count = self._required_reader(int, rule, False)

            def read_counts(value: object, where: str, key: str | int) -> Any:
                if not isinstance(value, dict):
                    raise fail(where, key, "an object", value)
                at = child_path(where, key)
                return {name: count(item, at, name) for name, item in value.items()}

            return read_counts
        if is_dataclass(annotation):
            build = self._object_reader(annotation)

            def read_object(value: object, where: str, key: str | int) -> Any:
                if not isinstance(value, dict):
                    raise fail(where, key, f"an object{null}", value)
                return build(value, child_path(where, key))

            return read_object
        raise TypeError(f"no JSON reading for {annotation!r}")

    def _list_reader(self, item: Any, rule: Rule) -> Callable[[object, str, str | int], Any]:
        if item is str and rule.one_of is None:

            def read_texts(value: object, where: str, key: str | int) -> Any:
                if not isinstance(value, list):
                    raise fail(where, key, "a list", value)
                if not set(map(type, value)) <= _JUST_STR:  # in C: evidence lists are many
                    index, bad = next((i, v) for i, v in enumerate(value) if type(v) is not str)
                    raise fail(child_path(where, key), index, "a string", bad)
                return tuple(value)

            return read_texts
        read_item: Callable[[object, str, str | int], Any]
        if is_dataclass(item):
            build = self._object_reader(item)
            checked = self._required_reader(item, _NO_RULE, False)

            def read_objects(value: object, where: str, key: str | int) -> Any:
                if not isinstance(value, list):
                    raise fail(where, key, "a list", value)
                at = child_path(where, key)
                return tuple(
                    [
                        build(element, f"{at}[{index}]")
                        if type(element) is dict
                        else checked(element, at, index)  # says what it is instead
                        for index, element in enumerate(value)
                    ]
                )

            return read_objects
        if rule.one_of is not None:
            allowed = rule.one_of

            def read_one(value: object, where: str, key: str | int) -> Any:
                if not isinstance(value, str) or value not in allowed:
                    raise fail(where, key, "one of " + ", ".join(allowed), value)
                return value

            read_item = read_one
        else:
            read_item = self._required_reader(item, _NO_RULE, False)

        def read_items(value: object, where: str, key: str | int) -> Any:
            if not isinstance(value, list):
                raise fail(where, key, "a list", value)
            at = child_path(where, key)
            return tuple(read_item(element, at, index) for index, element in enumerate(value))

        return read_items

    @_per_type
    def _keys(self, cls: Any) -> frozenset[str]:
        """Every key `cls` writes into its object, its inlined fields' included."""
        keys: set[str] = set()
        for name, _, rule in self._fields(cls):
            keys |= self._keys(_inlined_type(cls, name)) if rule.inline else {name}
        return frozenset(keys)

    @_per_type
    def _fields(self, cls: Any) -> tuple[tuple[str, Any, Rule], ...]:
        hints = typing.get_type_hints(cls)
        rules = self.layout.get(cls, {})
        return tuple(
            (spec.name, hints[spec.name], rules.get(spec.name, _NO_RULE)) for spec in fields(cls)
        )

    @_per_type
    def _object_reader(self, cls: Any) -> Callable[[Mapping[str, object], str], Any]:
        """The reader of `cls` from its JSON object (and `where` it sits in the document): one
        function generated from the fields, like `_object_writer`. A value of the commonest
        kinds (text, yes/no, a whole number, a closed vocabulary's word, a list of text) is
        accepted in line; any other goes through its field's reader, which checks it whole and
        words what is wrong. A slotted dataclass without `__post_init__` is filled through its
        slots, as its `__init__` would, at a third of a keyword call's CPU."""
        names: dict[str, object] = {"cls": cls, "MISSING": MISSING, "missing": _missing}
        lines = ["def read_object(obj, where):"]
        arguments = []
        for name, annotation, rule in self._fields(cls):
            if rule.never:
                continue
            arguments.append(name)
            if rule.inline:
                inner = _inlined_type(cls, name)
                names[f"read_{name}"] = self._object_reader(inner)
                if inner is annotation:
                    lines.append(f"    v_{name} = read_{name}(obj, where)")
                else:  # an optional part: there when any of its keys is
                    there = " or ".join(f"{key!r} in obj" for key in sorted(self._keys(inner)))
                    lines.append(f"    v_{name} = read_{name}(obj, where) if {there} else None")
                continue
            names[f"read_{name}"] = self._value_reader(annotation, rule)
            lines.append(f"    v_{name} = obj.get({name!r}, MISSING)")
            accepted = self._accepted_in_line(name, annotation, rule, names)
            if accepted is None:
                lines.append(f"    if v_{name} is MISSING:")
            else:
                test, value = accepted
                lines.append(f"    if {test}:")
                lines.append(f"        v_{name} = {value}")
                lines.append(f"    elif v_{name} is MISSING:")
            if rule.omit_default or rule.since:
                names[f"default_{name}"] = _default(cls, name)
                lines.append(f"        v_{name} = default_{name}")
            else:
                lines.append(f"        raise missing(where, {name!r})")
            lines.append("    else:")
            lines.append(f"        v_{name} = read_{name}(v_{name}, where, {name!r})")
        lines += self._built(cls, arguments, names)
        exec("\n".join(lines), names)  # noqa: S102 - source built from field names only
        reader: Callable[[Mapping[str, object], str], Any] = names["read_object"]  # type: ignore[assignment]
        return reader

    @staticmethod
    def _accepted_in_line(
        name: str, annotation: Any, rule: Rule, names: dict[str, object]
    ) -> tuple[str, str] | None:
        """For the value `v_<name>` of one of the commonest kinds, the test, in line, that it is
        valid, and what it then reads as (for a closed vocabulary, its member: `words_<name>`
        in `names`); None when the field's reader must check every value."""
        value = f"v_{name}"
        test, read = None, value
        optional = typing.get_origin(annotation) in (types.UnionType, typing.Union)
        if optional:
            members = [a for a in typing.get_args(annotation) if a is not type(None)]
            if len(members) != 1:
                return None
            (annotation,) = members
        constraints = _constraints(rule)
        # Of the constraints, only an integer's minimum is tested in line.
        if constraints - {"minimum"} or (constraints and annotation is not int):
            return None
        if annotation is str:
            test = f"type({value}) is str"
        elif annotation is bool:
            test = f"({value} is True or {value} is False)"
        elif annotation is int:
            test = f"type({value}) is int"
            if rule.minimum is not None:
                test = f"({test} and {value} >= {rule.minimum})"
        elif annotation == tuple[str, ...] and not optional:
            names["JUST_STR"] = _JUST_STR
            test = f"(type({value}) is list and set(map(type, {value})) <= JUST_STR)"
            read = f"tuple({value})"
        elif (
            isinstance(annotation, type)
            and issubclass(annotation, StrEnum)
            and annotation not in OPEN_VOCABULARIES
            and not optional  # the member of None would need a test of its own
        ):
            names[f"words_{name}"] = {str(member): member for member in annotation}
            test = f"(type({value}) is str and {value} in words_{name})"
            read = f"words_{name}[{value}]"
        if test is None:
            return None
        return (f"{value} is None or {test}" if optional else test), read

    @staticmethod
    def _built(cls: Any, arguments: list[str], names: dict[str, object]) -> list[str]:
        """The lines making `cls` of the values read (`v_<field>`); a field not read gets its
        default."""
        slotted = "__slots__" in vars(cls) and not hasattr(cls, "__post_init__")
        unread = [spec for spec in fields(cls) if spec.name not in arguments]
        if (
            not slotted
            or not all(spec.init for spec in fields(cls))
            # A field neither read nor defaulted: its `__init__` says so (a TypeError).
            or any(s.default is MISSING and s.default_factory is MISSING for s in unread)
        ):
            keywords = ", ".join(f"{name}=v_{name}" for name in arguments)
            return [f"    return cls({keywords})"]
        lines = ["    made = new(cls)"]
        names["new"] = object.__new__
        for spec in fields(cls):
            names[f"set_{spec.name}"] = getattr(cls, spec.name).__set__
            if spec.name in arguments:
                value = f"v_{spec.name}"
            elif spec.default_factory is not MISSING:
                names[f"factory_{spec.name}"] = spec.default_factory
                value = f"factory_{spec.name}()"
            else:
                names[f"unread_{spec.name}"] = spec.default
                value = f"unread_{spec.name}"
            lines.append(f"    set_{spec.name}(made, {value})")
        return [*lines, "    return made"]

    def read(self, cls: type[T], obj: Mapping[str, object], where: str) -> T:
        """`cls` from its JSON object, validated; `CodecError` in one line otherwise."""
        value: T = self._object_reader(cls)(obj, where)
        return value

    # --- writing ------------------------------------------------------------------------------

    def _value_writer(self, annotation: Any) -> Writer | None:
        """How a field's value becomes JSON; None when it already is (text, numbers,
        vocabularies)."""
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        if members and typing.get_origin(annotation) in (types.UnionType, typing.Union):
            if len(members) > 1:
                return None  # int | float
            inner = self._value_writer(members[0])
            if inner is None:
                return None
            return lambda value: None if value is None else inner(value)
        origin = typing.get_origin(annotation)
        if origin is tuple:
            item = self._value_writer(typing.get_args(annotation)[0])
            if item is None:
                return list
            return lambda values: [item(value) for value in values]
        if origin in (Mapping, dict):
            return dict
        if is_dataclass(annotation):
            return self._object_writer(annotation)
        return None

    @_per_type
    def _object_writer(self, cls: Any) -> Callable[[Any], dict[str, object]]:
        """The writer of `cls` as a JSON object, keys in `ORDER` (else the fields' order): one
        function generated from the fields, as `dataclasses` does for `__init__` (a loop over
        per-field steps took 40 % longer at 20,000 papers)."""
        names: dict[str, object] = {}
        lines = ["def write_object(value):", "    document = {}"]
        self._write_lines(cls, "value", "    ", lines, names)
        lines.append("    return document")
        exec("\n".join(lines), names)  # noqa: S102 - source built from field names only
        writer: Callable[[Any], dict[str, object]] = names["write_object"]  # type: ignore[assignment]
        return writer

    def _write_lines(
        self, cls: Any, value: str, indent: str, lines: list[str], names: dict[str, object]
    ) -> None:
        """The statements writing `cls`'s fields (from the variable `value`) into `document`;
        the converters and defaults they use are put in `names` under generated names."""
        by_name = {name: (annotation, rule) for name, annotation, rule in self._fields(cls)}
        for name in self.order.get(cls, tuple(by_name)):
            annotation, rule = by_name[name]
            item = f"{value}_{name}"
            if rule.never:
                continue
            lines.append(f"{indent}{item} = {value}.{name}")
            if rule.inline:
                inner = _inlined_type(cls, name)
                if inner is annotation:
                    self._write_lines(inner, item, indent, lines, names)
                else:
                    lines.append(f"{indent}if {item} is not None:")
                    self._write_lines(inner, item, indent + "    ", lines, names)
            else:
                written = item
                convert = self._value_writer(annotation)
                if convert is not None:
                    names[f"convert_{item}"] = convert
                    written = f"convert_{item}({item})"
                if rule.omit_default:
                    names[f"default_{item}"] = _default(cls, name)
                    lines.append(f"{indent}if {item} != default_{item}:")
                    lines.append(f"{indent}    document[{name!r}] = {written}")
                else:
                    lines.append(f"{indent}document[{name!r}] = {written}")
            after = self.after.get((cls, name))
            if after is not None:
                names[f"after_{item}"] = after
                lines.append(f"{indent}after_{item}(document)")

    def write(self, value: object) -> dict[str, object]:
        """A dataclass of the document as JSON values, keys in the order scorecards always had."""
        return self._object_writer(type(value))(value)
