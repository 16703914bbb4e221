"""Typed fields out of untrusted JSON: each reader takes an object, a key and where the object
sits in the document (`papers[3].criteria[0]`), and returns the value of the type asked for or
raises `ScorecardError` saying, in one line, where and what was expected. Closed vocabularies
(outcomes, tiers) must hold a known value; open ones keep what they do not know."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TypeGuard, TypeVar

from auditor.models import (
    open_member,
)
from auditor.scorecard.document import (
    ScorecardError,
)

C = TypeVar("C", bound=StrEnum)
T = TypeVar("T")


_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z")
DATE = re.compile(r"\d{4}(-\d{2}(-\d{2})?)?")
FULL_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_JUST_STR = frozenset({str})


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


def value_field(obj: Mapping[str, object], key: str, where: str) -> object:
    if key not in obj:
        raise ScorecardError(f"{child_path(where, key)}: missing")
    return obj[key]


def is_int(value: object) -> TypeGuard[int]:
    # bool is an int subclass; `true` is no count.
    return isinstance(value, int) and not isinstance(value, bool)


def object_field(obj: Mapping[str, object], key: str, where: str) -> Mapping[str, object]:
    value = value_field(obj, key, where)
    if not isinstance(value, dict):
        raise fail(where, key, "an object", value)
    return value


def _element(value: object, where: str, index: int) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise fail(where, index, "an object", value)
    return value


def list_field(obj: Mapping[str, object], key: str, where: str) -> list[object]:
    value = value_field(obj, key, where)
    if not isinstance(value, list):
        raise fail(where, key, "a list", value)
    return value


def items_field(
    obj: Mapping[str, object],
    key: str,
    where: str,
    read: Callable[[Mapping[str, object], str], T],
) -> tuple[T, ...]:
    at = child_path(where, key)
    return tuple(
        read(_element(item, at, index), child_path(at, index))
        for index, item in enumerate(list_field(obj, key, where))
    )


def text_field(obj: Mapping[str, object], key: str, where: str) -> str:
    value = value_field(obj, key, where)
    if not isinstance(value, str):
        raise fail(where, key, "a string", value)
    return value


def optional_text_field(obj: Mapping[str, object], key: str, where: str) -> str | None:
    value = value_field(obj, key, where)
    if value is not None and not isinstance(value, str):
        raise fail(where, key, "a string or null", value)
    return value


def texts_field(obj: Mapping[str, object], key: str, where: str) -> tuple[str, ...]:
    values = list_field(obj, key, where)
    if not set(map(type, values)) <= _JUST_STR:  # in C: evidence lists are many
        index, value = next((i, v) for i, v in enumerate(values) if type(v) is not str)
        raise fail(child_path(where, key), index, "a string", value)
    return tuple(values)  # type: ignore[arg-type]  # strings, checked above


def check_pattern(
    pattern: re.Pattern[str], name: str, value: str | None, where: str, key: str
) -> None:
    if value is not None and not pattern.fullmatch(value):
        raise fail(where, key, name, value)


def timestamp_field(obj: Mapping[str, object], key: str, where: str) -> str:
    value = text_field(obj, key, where)
    check_pattern(_TIMESTAMP, "an ISO 8601 UTC timestamp", value, where, key)
    return value


def optional_timestamp_field(obj: Mapping[str, object], key: str, where: str) -> str | None:
    value = optional_text_field(obj, key, where)
    check_pattern(_TIMESTAMP, "an ISO 8601 UTC timestamp or null", value, where, key)
    return value


def int_field(obj: Mapping[str, object], key: str, where: str, minimum: int | None = None) -> int:
    value = value_field(obj, key, where)
    if not is_int(value):
        raise fail(where, key, "an integer", value)
    if minimum is not None and value < minimum:
        raise fail(where, key, f"an integer from {minimum}", value)
    return value


def optional_int_field(
    obj: Mapping[str, object], key: str, where: str, minimum: int | None = None
) -> int | None:
    return None if value_field(obj, key, where) is None else int_field(obj, key, where, minimum)


def bool_field(obj: Mapping[str, object], key: str, where: str) -> bool:
    value = value_field(obj, key, where)
    if not isinstance(value, bool):
        raise fail(where, key, "true or false", value)
    return value


def optional_bool_field(obj: Mapping[str, object], key: str, where: str) -> bool | None:
    return None if value_field(obj, key, where) is None else bool_field(obj, key, where)


def by_value(vocabulary: type[C]) -> dict[str, C]:
    return {str(member): member for member in vocabulary}


def closed_member(members: Mapping[str, C], value: object, where: str, key: str | int) -> C:
    """A value of a closed vocabulary: an outcome, a tier, a criterion result."""
    member = members.get(value) if isinstance(value, str) else None
    if member is None:
        raise fail(where, key, "one of " + ", ".join(members), value)
    return member


def open_value(vocabulary: type[C], value: object, where: str, key: str | int) -> C:
    """A value of an open vocabulary: any non-empty string, kept as it is when unknown."""
    if not isinstance(value, str) or not value:
        raise fail(where, key, "a non-empty string", value)
    return open_member(vocabulary, value)
