"""The scorecard's one JSON codec, driven by the dataclasses' `fields()`: each type's reader and
writer are derived once from its fields and their annotations, and `LAYOUT` says what the types
alone do not — fields written side by side in their parent's object, fields left out at their
default, fields older scorecards lack, the order of the keys where it is not the fields' order,
and the bounds of numbers and text. `write(value)` gives the JSON values of a dataclass;
`read(cls, obj, where)` validates untrusted JSON back into one, raising `ScorecardError` that
says in one line where (`papers[3].criteria[0].result`) and what was expected. Closed
vocabularies (outcomes, tiers) must hold a known value; open ones (`OPEN_VOCABULARIES`) keep
what they do not know."""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields, is_dataclass
from enum import StrEnum
from typing import Any, TypeGuard, TypeVar

from auditor.models import (
    ArchivedCopy,
    CacheReuse,
    InputSummary,
    LicenseClass,
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Occurrence,
    Paper,
    PaperScore,
    ReadmeCover,
    RepoFacts,
    SourceRef,
    open_member,
)
from auditor.scorecard.document import (
    Acknowledgement,
    Changes,
    LinkEntry,
    LinkHistory,
    PaperEntry,
    RemovedLink,
    Scorecard,
    ScorecardError,
    Shard,
)
from auditor.summary import NetworkCounts, Problems, Summary

T = TypeVar("T")
R = TypeVar("R")
Reader = Callable[[Mapping[str, object], str, str], Any]  # (object, key, where) -> value
Writer = Callable[[Any], object]

OPEN_VOCABULARIES: tuple[type[StrEnum], ...] = (LinkKind, LicenseClass, ReadmeCover)


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


TIMESTAMP = (
    re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z"),
    "an ISO 8601 UTC timestamp",
)
DATE = (re.compile(r"\d{4}(-\d{2}(-\d{2})?)?"), "an ISO 8601 date")
FULL_DATE = (re.compile(r"\d{4}-\d{2}-\d{2}"), "an ISO date (YYYY-MM-DD)")
_STAMP, _COUNT = Rule(pattern=TIMESTAMP), Rule(minimum=0)
_LATER = Rule(since=True)
_OMITTED = Rule(omit_default=True)
_INLINE = Rule(inline=True)
_NEVER = Rule(never=True)

# How the dataclasses lie in `scorecard.json` (docs/scorecard.schema.json): the one place.
LAYOUT: Mapping[type, Mapping[str, Rule]] = {
    Scorecard: {
        "generated_at": _STAMP,
        "removed_links": _OMITTED,
        "changes": _OMITTED,
        "shard": _OMITTED,
        "notes": _LATER,  # since the archives' notes
        "cache": _OMITTED,  # since the cache reuse is reported
        "graphql_points": Rule(omit_default=True, minimum=0),  # since GraphQL's cost is said
    },
    InputSummary: {"papers": _COUNT},
    Summary: dict.fromkeys(
        (
            "papers",
            "links",
            "papers_with_code",
            "scored_papers",
            "tiers",
            "outcomes",
            "kinds",
            "licence_classes",
            "last_commit_age",
            "checklist",
        ),
        _COUNT,
    ),
    Problems: {"dead_links": _COUNT, "placeholder_papers": _COUNT, "missing_licence": _COUNT},
    NetworkCounts: {"inconclusive_links": _COUNT, "unknown_papers": _COUNT},
    PaperEntry: {"paper": _INLINE, "score": _INLINE},
    Paper: {
        "date": Rule(pattern=DATE),
        "date_source": _OMITTED,
        "notes": _OMITTED,
        "found_code": _OMITTED,
    },
    SourceRef: {"line": _COUNT},
    PaperScore: {"score": Rule(minimum=0, maximum=100)},
    LinkEntry: {"result": _INLINE, "history": _INLINE, "acknowledged": _OMITTED},
    LinkResult: {
        "link": _INLINE,
        "check": _INLINE,
        "repo": _OMITTED,
        "archived_copy": _OMITTED,
        "preservation": _OMITTED,
    },
    Link: {"found_via": _OMITTED},
    Occurrence: {"line": _COUNT},
    LinkCheck: {
        "checked_at": _STAMP,
        "code_links": _NEVER,  # harvested raw links
        "refresh_url": _NEVER,
        "etag": _NEVER,  # validators for the next run
        "last_modified": _NEVER,
    },
    ArchivedCopy: {"saved_at": _STAMP},
    RepoFacts: {
        "readme_bytes": _COUNT,
        "last_commit_at": _STAMP,
        "pushed_at": _STAMP,
        "created_at": _STAMP,
        # Since the facts a budget skipped were named; since README moves, reading lists, fork
        # comparison and citation titles were judged; since archive records were judged.
        "skipped": _LATER,
        "readme_moved_to": _LATER,
        "reading_list": _LATER,
        "fork_ahead_by": Rule(since=True, minimum=0),
        "readme_citation_titles": _LATER,
        "record_type": _LATER,
        "persistent_id": _LATER,
        "supplements": _LATER,
    },
    LinkHistory: {
        "first_seen": _STAMP,
        "last_ok": _STAMP,
        "dead_since": _STAMP,
    },
    RemovedLink: {"history": _INLINE},
    Acknowledgement: {"reason": Rule(non_empty=True), "until": Rule(pattern=FULL_DATE)},
    Changes: {"previous_run": _STAMP, "counts": _COUNT, "new_dead": _COUNT},
    Shard: {"index": Rule(minimum=1), "count": Rule(minimum=1)},
    CacheReuse: {"reused": _COUNT, "oldest_age": _COUNT},
}
# The keys in the order scorecards always had, where it is not the fields' order.
ORDER: Mapping[type, tuple[str, ...]] = {
    Scorecard: (
        "schema_version", "tool", "rubric_version", "generated_at", "inputs", "summary",
        "papers", "links", "removed_links", "changes", "shard", "cache", "graphql_points",
        "notes",
    ),
    PaperScore: ("tier", "score", "scored_on", "criteria"),
    LinkCheck: (
        "outcome", "http_status", "final_url", "detail", "checked_at", "redirects", "page_title",
    ),
}  # fmt: skip


def _found_via_after_the_check(document: dict[str, object]) -> None:
    """A link's `found_via` follows its `occurrences` when set, else its check: as it was."""
    document.setdefault("found_via", None)


# What is written after a field, in the order scorecards always had.
_AFTER: Mapping[tuple[type, str], Callable[[dict[str, object]], None]] = {
    (LinkResult, "check"): _found_via_after_the_check,
}
_NO_RULE = Rule()
_JUST_STR = frozenset({str})


def _per_type(build: Callable[[Any], R]) -> Callable[[Any], R]:
    """`build` made once per type: readers and writers are derived on first use."""
    made: dict[Any, R] = {}

    def get(cls: Any) -> R:
        found = made.get(cls)
        if found is None:
            found = made[cls] = build(cls)
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


def fail(where: str, key: str | int, expected: str, value: object) -> ScorecardError:
    return ScorecardError(f"{child_path(where, key)}: expected {expected}, got {shown(value)}")


def is_int(value: object) -> TypeGuard[int]:
    # bool is an int subclass; `true` is no count.
    return isinstance(value, int) and not isinstance(value, bool)


def object_field(obj: Mapping[str, object], key: str, where: str) -> Mapping[str, object]:
    value = obj.get(key, MISSING)
    if value is MISSING:
        raise ScorecardError(f"{child_path(where, key)}: missing")
    if not isinstance(value, dict):
        raise fail(where, key, "an object", value)
    return value


# --- reading ----------------------------------------------------------------------------------


def _value_reader(annotation: Any, rule: Rule) -> Callable[[object, str, str | int], Any]:
    """A check of one JSON value against a field's annotation: (value, where, key) -> value."""
    optional = False
    if typing.get_origin(annotation) in (types.UnionType, typing.Union):
        members = [a for a in typing.get_args(annotation) if a is not type(None)]
        optional = len(members) < len(typing.get_args(annotation))
        if members == [int, float] or members == [float, int]:
            return _number(optional)
        (annotation,) = members
    read = _required_reader(annotation, rule, optional)
    if not optional:
        return read

    def read_optional(value: object, where: str, key: str | int) -> Any:
        return None if value is None else read(value, where, key)

    return read_optional


def _number(optional: bool) -> Callable[[object, str, str | int], Any]:
    def read(value: object, where: str, key: str | int) -> Any:
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise fail(where, key, "a number or null" if optional else "a number", value)
        return value

    return read


def _required_reader(
    annotation: Any, rule: Rule, optional: bool
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
        return _list_reader(typing.get_args(annotation)[0], rule)
    if origin in (Mapping, dict):
        count = _required_reader(int, rule, False)

        def read_counts(value: object, where: str, key: str | int) -> Any:
            if not isinstance(value, dict):
                raise fail(where, key, "an object", value)
            at = child_path(where, key)
            return {name: count(item, at, name) for name, item in value.items()}

        return read_counts
    if is_dataclass(annotation):
        build = _object_reader(annotation)

        def read_object(value: object, where: str, key: str | int) -> Any:
            if not isinstance(value, dict):
                raise fail(where, key, f"an object{null}", value)
            return build(value, child_path(where, key))

        return read_object
    raise TypeError(f"no JSON reading for {annotation!r}")


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


def _list_reader(item: Any, rule: Rule) -> Callable[[object, str, str | int], Any]:
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
    if rule.one_of is not None:
        allowed = rule.one_of

        def read_one(value: object, where: str, key: str | int) -> Any:
            if not isinstance(value, str) or value not in allowed:
                raise fail(where, key, "one of " + ", ".join(allowed), value)
            return value

        read_item = read_one
    else:
        read_item = _required_reader(item, _NO_RULE, False)

    def read_items(value: object, where: str, key: str | int) -> Any:
        if not isinstance(value, list):
            raise fail(where, key, "a list", value)
        at = child_path(where, key)
        return tuple(read_item(element, at, index) for index, element in enumerate(value))

    return read_items


@_per_type
def _keys(cls: Any) -> frozenset[str]:
    """Every key `cls` writes into its object, its inlined fields' included."""
    keys: set[str] = set()
    for name, _, rule in _fields(cls):
        keys |= _keys(_inlined_type(cls, name)) if rule.inline else {name}
    return frozenset(keys)


@_per_type
def _fields(cls: Any) -> tuple[tuple[str, Any, Rule], ...]:
    hints = typing.get_type_hints(cls)
    rules = LAYOUT.get(cls, {})
    return tuple(
        (spec.name, hints[spec.name], rules.get(spec.name, _NO_RULE)) for spec in fields(cls)
    )


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


@_per_type
def _object_reader(cls: Any) -> Callable[[Mapping[str, object], str], Any]:
    """The reader of `cls` from its JSON object (and `where` it sits in the document): one
    function generated from the fields, like `_object_writer`."""
    names: dict[str, object] = {"cls": cls, "MISSING": MISSING, "missing": _missing}
    lines = ["def read_object(obj, where):"]
    arguments = []
    for name, annotation, rule in _fields(cls):
        if rule.never:
            continue
        arguments.append(f"{name}=v_{name}")
        if rule.inline:
            inner = _inlined_type(cls, name)
            names[f"read_{name}"] = _object_reader(inner)
            if inner is annotation:
                lines.append(f"    v_{name} = read_{name}(obj, where)")
            else:  # an optional part: there when any of its keys is
                there = " or ".join(f"{key!r} in obj" for key in sorted(_keys(inner)))
                lines.append(f"    v_{name} = read_{name}(obj, where) if {there} else None")
            continue
        names[f"read_{name}"] = _value_reader(annotation, rule)
        lines.append(f"    v_{name} = obj.get({name!r}, MISSING)")
        lines.append(f"    if v_{name} is MISSING:")
        if rule.omit_default or rule.since:
            names[f"default_{name}"] = _default(cls, name)
            lines.append(f"        v_{name} = default_{name}")
        else:
            lines.append(f"        raise missing(where, {name!r})")
        lines.append("    else:")
        lines.append(f"        v_{name} = read_{name}(v_{name}, where, {name!r})")
    lines.append(f"    return cls({', '.join(arguments)})")
    exec("\n".join(lines), names)  # noqa: S102 - source built from field names only
    reader: Callable[[Mapping[str, object], str], Any] = names["read_object"]  # type: ignore[assignment]
    return reader


def _missing(where: str, key: str) -> ScorecardError:
    return ScorecardError(f"{child_path(where, key)}: missing")


def read(cls: type[T], obj: Mapping[str, object], where: str) -> T:
    """`cls` from its JSON object, validated; `ScorecardError` in one line otherwise."""
    value: T = _object_reader(cls)(obj, where)
    return value


# --- writing ----------------------------------------------------------------------------------


def _value_writer(annotation: Any) -> Writer | None:
    """How a field's value becomes JSON; None when it already is (text, numbers, vocabularies)."""
    members = [a for a in typing.get_args(annotation) if a is not type(None)]
    if members and typing.get_origin(annotation) in (types.UnionType, typing.Union):
        if len(members) > 1:
            return None  # int | float
        inner = _value_writer(members[0])
        if inner is None:
            return None
        return lambda value: None if value is None else inner(value)
    origin = typing.get_origin(annotation)
    if origin is tuple:
        item = _value_writer(typing.get_args(annotation)[0])
        if item is None:
            return list
        return lambda values: [item(value) for value in values]
    if origin in (Mapping, dict):
        return dict
    if is_dataclass(annotation):
        return _object_writer(annotation)
    return None


@_per_type
def _object_writer(cls: Any) -> Callable[[Any], dict[str, object]]:
    """The writer of `cls` as a JSON object, keys in `ORDER` (else the fields' order): one
    function generated from the fields, as `dataclasses` does for `__init__` (a loop over
    per-field steps took 40 % longer at 20,000 papers)."""
    names: dict[str, object] = {}
    lines = ["def write_object(value):", "    document = {}"]
    _write_lines(cls, "value", "    ", lines, names)
    lines.append("    return document")
    exec("\n".join(lines), names)  # noqa: S102 - source built from field names only
    writer: Callable[[Any], dict[str, object]] = names["write_object"]  # type: ignore[assignment]
    return writer


def _write_lines(
    cls: Any, value: str, indent: str, lines: list[str], names: dict[str, object]
) -> None:
    """The statements writing `cls`'s fields (from the variable `value`) into `document`;
    the converters and defaults they use are put in `names` under generated names."""
    by_name = {name: (annotation, rule) for name, annotation, rule in _fields(cls)}
    for name in ORDER.get(cls, tuple(by_name)):
        annotation, rule = by_name[name]
        item = f"{value}_{name}"
        if rule.never:
            continue
        lines.append(f"{indent}{item} = {value}.{name}")
        if rule.inline:
            inner = _inlined_type(cls, name)
            if inner is annotation:
                _write_lines(inner, item, indent, lines, names)
            else:
                lines.append(f"{indent}if {item} is not None:")
                _write_lines(inner, item, indent + "    ", lines, names)
        else:
            written = item
            convert = _value_writer(annotation)
            if convert is not None:
                names[f"convert_{item}"] = convert
                written = f"convert_{item}({item})"
            if rule.omit_default:
                names[f"default_{item}"] = _default(cls, name)
                lines.append(f"{indent}if {item} != default_{item}:")
                lines.append(f"{indent}    document[{name!r}] = {written}")
            else:
                lines.append(f"{indent}document[{name!r}] = {written}")
        after = _AFTER.get((cls, name))
        if after is not None:
            names[f"after_{item}"] = after
            lines.append(f"{indent}after_{item}(document)")


def write(value: object) -> dict[str, object]:
    """A dataclass of the document as JSON values, keys in the order scorecards always had."""
    return _object_writer(type(value))(value)
