"""GitHub API answers as values: an answer, the two ways work on a repository stops (`Stop` with a
verdict, `Malformed` for an answer of the wrong shape), and readers of JSON fields that raise
`Malformed` rather than trusting what came over the network."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

import httpx

from auditor.models import LinkCheck, Outcome, RepoCheck
from auditor.timestamps import now_iso, to_utc_iso


class Stop(Exception):
    """Ends the work on one repository (or a whole batch) with a verdict."""

    def __init__(self, outcome: Outcome, detail: str, status: int | None = None) -> None:
        super().__init__(detail)
        self.outcome = outcome
        self.detail = detail
        self.status = status


class Malformed(Exception):
    """An answer that does not have the shape GitHub documents."""


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    headers: httpx.Headers
    text: str
    url: str

    def json(self) -> object:
        try:
            return json.loads(self.text)
        except (ValueError, RecursionError) as error:  # RecursionError: nested too deeply
            kind = self.headers.get("content-type", "unknown content")
            raise Malformed(f"GitHub API answered non-JSON ({kind})") from error

    def message(self) -> str:
        try:
            body = json.loads(self.text)
        except (ValueError, RecursionError):
            return ""
        if not isinstance(body, dict):
            return ""
        errors = body.get("errors")
        if isinstance(errors, list) and errors and isinstance(errors[0], dict):
            body = errors[0]  # GraphQL puts its reasons there
        message = body.get("message")
        return message if isinstance(message, str) else ""


def verdict(outcome: Outcome, detail: str, status: int | None = None) -> RepoCheck:
    return RepoCheck(LinkCheck(outcome, detail, now_iso(), http_status=status), None)


def expect(answer: Answer, status: int, what: str) -> None:
    if answer.status != status:
        detail = f"GitHub API answered {answer.status} for the {what}"
        raise Stop(Outcome.TRANSIENT, detail, answer.status)


def timestamp(value: str | None) -> str | None:
    try:
        return to_utc_iso(value)
    except ValueError as error:
        assert value is not None
        raise Malformed(f"GitHub API sent a malformed timestamp {value[:40]!r}") from error


def as_object(value: object, what: str) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise Malformed(f"GitHub API sent a malformed {what}")
    return value


def as_entry(value: object) -> Mapping[str, object]:
    return as_object(value, "listing entry")


def as_list(value: object, what: str) -> list[object]:
    if not isinstance(value, list):
        raise Malformed(f"GitHub API sent a malformed {what}")
    return value


def required_str(body: Mapping[str, object], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str):
        raise Malformed(f"GitHub API answer lacks {key}")
    return value


def optional_str(body: Mapping[str, object], key: str) -> str | None:
    value = body.get(key)
    return value if isinstance(value, str) else None


def required_bool(body: Mapping[str, object], key: str) -> bool:
    value = body.get(key)
    if not isinstance(value, bool):
        raise Malformed(f"GitHub API answer lacks {key}")
    return value


def required_int(body: Mapping[str, object], key: str) -> int:
    value = body.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Malformed(f"GitHub API answer lacks {key}")
    return value
