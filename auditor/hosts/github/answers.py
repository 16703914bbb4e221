"""Reading the shapes GitHub documents: fields its REST and GraphQL answers always carry, read
strictly (`hosts.answers.Malformed` when one is missing or of the wrong type), and its licence
ids. What an answer means is `hosts.answers`', for GitHub as for every host."""

from __future__ import annotations

from collections.abc import Mapping

from auditor.facts.licenses import NOASSERTION
from auditor.hosts.answers import Malformed

WHO = "GitHub API"  # how verdicts name the GitHub API


def as_object(value: object, what: str) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise Malformed(f"{WHO} sent a malformed {what}")
    return value


def as_entry(value: object) -> Mapping[str, object]:
    return as_object(value, "listing entry")


def as_list(value: object, what: str) -> list[object]:
    if not isinstance(value, list):
        raise Malformed(f"{WHO} sent a malformed {what}")
    return value


def required_str(body: Mapping[str, object], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str):
        raise Malformed(f"{WHO} answer lacks {key}")
    return value


def required_bool(body: Mapping[str, object], key: str) -> bool:
    value = body.get(key)
    if not isinstance(value, bool):
        raise Malformed(f"{WHO} answer lacks {key}")
    return value


def required_int(body: Mapping[str, object], key: str) -> int:
    value = body.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Malformed(f"{WHO} answer lacks {key}")
    return value


def spdx_of(spdx_id: object, key: object) -> str | None:
    if isinstance(spdx_id, str) and spdx_id:
        return spdx_id
    # GraphQL's spdxId can be null for the pseudo licence "other": say NOASSERTION like REST.
    return NOASSERTION if key == "other" else None
