"""Reading a scorecard back: `load_scorecard` and `from_json` validate what the schema requires
and raise `ScorecardError` with a one-line message for anything malformed. Fields this version
does not know are ignored (the schema's promise to consumers); values of open vocabularies it
does not know are kept (`models.open_member`)."""

from __future__ import annotations

import contextlib
import gc
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import TypeGuard, TypeVar

from auditor.models import (
    ArchivedCopy,
    CacheReuse,
    Criterion,
    CriterionResult,
    DateSource,
    Hop,
    InputSummary,
    LicenseClass,
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Occurrence,
    Outcome,
    Paper,
    PaperScore,
    ReadmeCover,
    ReadmeEvidence,
    Release,
    RepoFacts,
    SourceRef,
    Tier,
    open_member,
)
from auditor.scorecard.document import (
    CHANGE_KINDS,
    SCHEMA_VERSION,
    TOOL_NAME,
    Acknowledgement,
    AcknowledgementStatus,
    Changes,
    LinkEntry,
    LinkHistory,
    PaperEntry,
    RemovedLink,
    Scorecard,
    ScorecardError,
    Shard,
    Tool,
)
from auditor.summary import NetworkCounts, Problems, Summary

C = TypeVar("C", bound=StrEnum)
T = TypeVar("T")


# --- reading ----------------------------------------------------------------------------------


def load_scorecard(path: Path) -> Scorecard:
    """Read and validate `scorecard.json`; a `ScorecardError` naming the file otherwise."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScorecardError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ScorecardError(f"{path}: cannot read: {error}") from None
    except json.JSONDecodeError as error:
        raise ScorecardError(f"{path}: not JSON ({error.msg}, line {error.lineno})") from None
    except RecursionError:
        raise ScorecardError(f"{path}: not a paper-auditor scorecard (nested too deeply)") from None
    try:
        return from_json(document)
    except ScorecardError as error:
        raise ScorecardError(f"{path}: {error}") from None


def from_json(obj: object) -> Scorecard:
    """The document from parsed JSON, validated against what the schema requires."""
    with _collector_paused():
        return _scorecard(obj)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Building a scorecard allocates a few containers per criterion and none is garbage: the
    cyclic collector would walk the growing document over and over (~40 % of the time)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _scorecard(obj: object) -> Scorecard:
    version = obj.get("schema_version") if isinstance(obj, dict) else None
    if not isinstance(obj, dict) or not _is_int(version) or version != SCHEMA_VERSION:
        raise ScorecardError("not a paper-auditor scorecard (schema_version 1)")
    if not isinstance(obj.get("papers"), list) or not isinstance(obj.get("links"), list):
        raise ScorecardError("a scorecard needs 'papers' and 'links' lists")
    tool = _object(obj, "tool", "")
    if tool.get("name") != TOOL_NAME:
        raise ScorecardError(f"tool.name: expected {TOOL_NAME!r}, got {_show(tool.get('name'))}")
    card = Scorecard(
        tool=Tool(TOOL_NAME, _str(tool, "version", "tool")),
        rubric_version=_opt_str(obj, "rubric_version", ""),
        generated_at=_timestamp(obj, "generated_at", ""),
        inputs=_items(obj, "inputs", "", _input),
        summary=_summary(_object(obj, "summary", ""), "summary"),
        papers=_items(obj, "papers", "", _paper_entry),
        links=_items(obj, "links", "", _link_entry),
    )
    # The parts a history or a shard adds.
    if "removed_links" in obj:
        card = replace(card, removed_links=_items(obj, "removed_links", "", _removed))
    if "changes" in obj:
        card = replace(card, changes=_changes(_object(obj, "changes", ""), "changes"))
    if "shard" in obj:
        card = replace(card, shard=_shard(_object(obj, "shard", ""), "shard"))
    if "notes" in obj:  # written since the archives' notes (older scorecards lack it)
        card = replace(card, notes=_strings(obj, "notes", ""))
    if "cache" in obj:  # written since the cache reuse is reported (older scorecards lack it)
        card = replace(card, cache=_cache_reuse(_object(obj, "cache", ""), "cache"))
    return card


# Each reader takes the object holding the value, its key, and where that object is (for the
# message): `papers[3]`, `links[0].repo`, "" for the document.

_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z")
_DATE = re.compile(r"\d{4}(-\d{2}(-\d{2})?)?")
_FULL_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_JUST_STR = frozenset({str})


def _show(value: object) -> str:
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


def _at(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def _fail(where: str, key: str | int, expected: str, value: object) -> ScorecardError:
    return ScorecardError(f"{_at(where, key)}: expected {expected}, got {_show(value)}")


def _value(obj: Mapping[str, object], key: str, where: str) -> object:
    if key not in obj:
        raise ScorecardError(f"{_at(where, key)}: missing")
    return obj[key]


def _is_int(value: object) -> TypeGuard[int]:
    # bool is an int subclass; `true` is no count.
    return isinstance(value, int) and not isinstance(value, bool)


def _object(obj: Mapping[str, object], key: str, where: str) -> Mapping[str, object]:
    value = _value(obj, key, where)
    if not isinstance(value, dict):
        raise _fail(where, key, "an object", value)
    return value


def _element(value: object, where: str, index: int) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise _fail(where, index, "an object", value)
    return value


def _list(obj: Mapping[str, object], key: str, where: str) -> list[object]:
    value = _value(obj, key, where)
    if not isinstance(value, list):
        raise _fail(where, key, "a list", value)
    return value


def _items(
    obj: Mapping[str, object],
    key: str,
    where: str,
    read: Callable[[Mapping[str, object], str], T],
) -> tuple[T, ...]:
    at = _at(where, key)
    return tuple(
        read(_element(item, at, index), _at(at, index))
        for index, item in enumerate(_list(obj, key, where))
    )


def _str(obj: Mapping[str, object], key: str, where: str) -> str:
    value = _value(obj, key, where)
    if not isinstance(value, str):
        raise _fail(where, key, "a string", value)
    return value


def _opt_str(obj: Mapping[str, object], key: str, where: str) -> str | None:
    value = _value(obj, key, where)
    if value is not None and not isinstance(value, str):
        raise _fail(where, key, "a string or null", value)
    return value


def _strings(obj: Mapping[str, object], key: str, where: str) -> tuple[str, ...]:
    values = _list(obj, key, where)
    if not set(map(type, values)) <= _JUST_STR:  # in C: evidence lists are many
        index, value = next((i, v) for i, v in enumerate(values) if type(v) is not str)
        raise _fail(_at(where, key), index, "a string", value)
    return tuple(values)  # type: ignore[arg-type]  # strings, checked above


def _pattern(pattern: re.Pattern[str], name: str, value: str | None, where: str, key: str) -> None:
    if value is not None and not pattern.fullmatch(value):
        raise _fail(where, key, name, value)


def _timestamp(obj: Mapping[str, object], key: str, where: str) -> str:
    value = _str(obj, key, where)
    _pattern(_TIMESTAMP, "an ISO 8601 UTC timestamp", value, where, key)
    return value


def _opt_timestamp(obj: Mapping[str, object], key: str, where: str) -> str | None:
    value = _opt_str(obj, key, where)
    _pattern(_TIMESTAMP, "an ISO 8601 UTC timestamp or null", value, where, key)
    return value


def _int(obj: Mapping[str, object], key: str, where: str, minimum: int | None = None) -> int:
    value = _value(obj, key, where)
    if not _is_int(value):
        raise _fail(where, key, "an integer", value)
    if minimum is not None and value < minimum:
        raise _fail(where, key, f"an integer from {minimum}", value)
    return value


def _opt_int(
    obj: Mapping[str, object], key: str, where: str, minimum: int | None = None
) -> int | None:
    return None if _value(obj, key, where) is None else _int(obj, key, where, minimum)


def _bool(obj: Mapping[str, object], key: str, where: str) -> bool:
    value = _value(obj, key, where)
    if not isinstance(value, bool):
        raise _fail(where, key, "true or false", value)
    return value


def _opt_bool(obj: Mapping[str, object], key: str, where: str) -> bool | None:
    return None if _value(obj, key, where) is None else _bool(obj, key, where)


def _by_value(vocabulary: type[C]) -> dict[str, C]:
    return {str(member): member for member in vocabulary}


# Dictionary lookups: `Outcome(value)` costs ~10 times as much, once per criterion of a paper.
_OUTCOMES, _TIERS, _RESULTS = _by_value(Outcome), _by_value(Tier), _by_value(CriterionResult)
_DATE_SOURCES = _by_value(DateSource)
_ACKNOWLEDGEMENT_STATUSES = _by_value(AcknowledgementStatus)


def _closed(members: Mapping[str, C], value: object, where: str, key: str | int) -> C:
    """A value of a closed vocabulary: an outcome, a tier, a criterion result."""
    member = members.get(value) if isinstance(value, str) else None
    if member is None:
        raise _fail(where, key, "one of " + ", ".join(members), value)
    return member


def _open(vocabulary: type[C], value: object, where: str, key: str | int) -> C:
    """A value of an open vocabulary: any non-empty string, kept as it is when unknown."""
    if not isinstance(value, str) or not value:
        raise _fail(where, key, "a non-empty string", value)
    return open_member(vocabulary, value)


def _change(value: object, where: str, key: int) -> str:
    if not isinstance(value, str) or value not in CHANGE_KINDS:
        raise _fail(where, key, "one of " + ", ".join(CHANGE_KINDS), value)
    return value


def _input(obj: Mapping[str, object], where: str) -> InputSummary:
    return InputSummary(
        path=_str(obj, "path", where),
        format=_opt_str(obj, "format", where),
        papers=_int(obj, "papers", where, 0),
        error=_opt_str(obj, "error", where),
    )


def _counts(obj: Mapping[str, object], key: str, where: str) -> dict[str, int]:
    table = _object(obj, key, where)
    at = _at(where, key)
    return {name: _int(table, name, at, 0) for name in table}


def _summary(obj: Mapping[str, object], where: str) -> Summary:
    median = _value(obj, "median_score", where)
    if median is not None and (isinstance(median, bool) or not isinstance(median, int | float)):
        raise _fail(where, "median_score", "a number or null", median)
    problems = _object(obj, "problems", where)
    network = _object(obj, "network", where)
    at_problems, at_network = _at(where, "problems"), _at(where, "network")
    return Summary(
        papers=_int(obj, "papers", where, 0),
        links=_int(obj, "links", where, 0),
        papers_with_code=_int(obj, "papers_with_code", where, 0),
        tiers=_counts(obj, "tiers", where),
        outcomes=_counts(obj, "outcomes", where),
        kinds=_counts(obj, "kinds", where),
        licence_classes=_counts(obj, "licence_classes", where),
        last_commit_age=_counts(obj, "last_commit_age", where),
        checklist=_counts(obj, "checklist", where),
        scored_papers=_int(obj, "scored_papers", where, 0),
        median_score=median,
        problems=Problems(
            dead_links=_int(problems, "dead_links", at_problems, 0),
            placeholder_papers=_int(problems, "placeholder_papers", at_problems, 0),
            missing_licence=_int(problems, "missing_licence", at_problems, 0),
        ),
        network=NetworkCounts(
            inconclusive_links=_int(network, "inconclusive_links", at_network, 0),
            unknown_papers=_int(network, "unknown_papers", at_network, 0),
            note=_opt_str(network, "note", at_network),
        ),
    )


def _criterion(obj: Mapping[str, object], where: str) -> Criterion:
    return Criterion(
        id=_str(obj, "id", where),
        result=_closed(_RESULTS, _value(obj, "result", where), where, "result"),
        reason=_str(obj, "reason", where),
        evidence=_strings(obj, "evidence", where),
    )


_SCORE_FIELDS = ("tier", "score", "scored_on", "criteria")


def _paper_entry(obj: Mapping[str, object], where: str) -> PaperEntry:
    source = _object(obj, "source", where)
    at_source = _at(where, "source")
    date = _opt_str(obj, "date", where)
    _pattern(_DATE, "an ISO 8601 date or null", date, where, "date")
    paper = Paper(
        id=_str(obj, "id", where),
        name=_str(obj, "name", where),
        title=_opt_str(obj, "title", where),
        date=date,
        source=SourceRef(_str(source, "path", at_source), _int(source, "line", at_source, 0)),
        links=_strings(obj, "links", where),
        date_source=(
            None
            if obj.get("date_source") is None
            else _closed(_DATE_SOURCES, obj["date_source"], where, "date_source")
        ),
        notes=_strings(obj, "notes", where) if "notes" in obj else (),
        found_code=_strings(obj, "found_code", where) if "found_code" in obj else (),
    )
    if not any(key in obj for key in _SCORE_FIELDS):
        return PaperEntry(paper)
    score = _opt_int(obj, "score", where, 0)
    if score is not None and score > 100:
        raise _fail(where, "score", "an integer from 0 to 100", score)
    return PaperEntry(
        paper,
        PaperScore(
            tier=_closed(_TIERS, _value(obj, "tier", where), where, "tier"),
            score=score,
            criteria=_items(obj, "criteria", where, _criterion),
            scored_on=_opt_str(obj, "scored_on", where),
        ),
    )


def _occurrence(obj: Mapping[str, object], where: str) -> Occurrence:
    return Occurrence(
        paper=_str(obj, "paper", where),
        path=_str(obj, "path", where),
        line=_int(obj, "line", where, 0),
        raw=_str(obj, "raw", where),
        subpath=_opt_str(obj, "subpath", where),
    )


def _hop(obj: Mapping[str, object], where: str) -> Hop:
    return Hop(_str(obj, "url", where), _int(obj, "status", where))


def _evidence(obj: Mapping[str, object], where: str) -> ReadmeEvidence:
    return ReadmeEvidence(
        cover=_open(ReadmeCover, _value(obj, "cover", where), where, "cover"),
        line=_int(obj, "line", where),
        excerpt=_str(obj, "excerpt", where),
    )


def _repo(obj: Mapping[str, object], where: str) -> RepoFacts:
    release = _value(obj, "latest_release", where)
    latest = None
    if release is not None:
        at = _at(where, "latest_release")
        if not isinstance(release, dict):
            raise _fail(where, "latest_release", "an object or null", release)
        latest = Release(_str(release, "tag", at), _opt_str(release, "date", at))
    licence = _value(obj, "license_class", where)
    covers = _list(obj, "readme_covers", where)
    at_covers = _at(where, "readme_covers")
    return RepoFacts(
        full_name=_str(obj, "full_name", where),
        exists=_bool(obj, "exists", where),
        source=_str(obj, "source", where),
        archived=_opt_bool(obj, "archived", where),
        disabled=_opt_bool(obj, "disabled", where),
        empty=_opt_bool(obj, "empty", where),
        fork=_opt_bool(obj, "fork", where),
        parent=_opt_str(obj, "parent", where),
        license_spdx=_opt_str(obj, "license_spdx", where),
        license_class=(
            None if licence is None else _open(LicenseClass, licence, where, "license_class")
        ),
        readme_path=_opt_str(obj, "readme_path", where),
        readme_bytes=_opt_int(obj, "readme_bytes", where, 0),
        readme_covers=tuple(
            _open(ReadmeCover, cover, at_covers, index) for index, cover in enumerate(covers)
        ),
        readme_evidence=_items(obj, "readme_evidence", where, _evidence),
        artifact_links=_strings(obj, "artifact_links", where),
        root_files=_strings(obj, "root_files", where),
        env_files=_strings(obj, "env_files", where),
        deps_pinned=_opt_bool(obj, "deps_pinned", where),
        has_citation_cff=_opt_bool(obj, "has_citation_cff", where),
        last_commit_at=_opt_timestamp(obj, "last_commit_at", where),
        pushed_at=_opt_timestamp(obj, "pushed_at", where),
        created_at=_opt_timestamp(obj, "created_at", where),
        stars=_opt_int(obj, "stars", where),
        forks=_opt_int(obj, "forks", where),
        open_issues=_opt_int(obj, "open_issues", where),
        latest_release=latest,
        default_branch=_opt_str(obj, "default_branch", where),
        description=_opt_str(obj, "description", where),
        homepage=_opt_str(obj, "homepage", where),
        # Written since the facts a budget skipped were named; older scorecards lack it.
        skipped=_strings(obj, "skipped", where) if "skipped" in obj else (),
        # Written since README moves, reading lists, fork comparison and citation titles were
        # judged (rubric 1.1); older scorecards lack them.
        readme_moved_to=_opt_str(obj, "readme_moved_to", where)
        if "readme_moved_to" in obj
        else None,
        reading_list=_opt_bool(obj, "reading_list", where) if "reading_list" in obj else None,
        fork_ahead_by=_opt_int(obj, "fork_ahead_by", where, 0) if "fork_ahead_by" in obj else None,
        readme_citation_titles=(
            _strings(obj, "readme_citation_titles", where)
            if "readme_citation_titles" in obj
            else ()
        ),
        # Written since archive records and other hosts were judged; older scorecards lack them.
        record_type=_opt_str(obj, "record_type", where) if "record_type" in obj else None,
        persistent_id=_opt_str(obj, "persistent_id", where) if "persistent_id" in obj else None,
        supplements=_strings(obj, "supplements", where) if "supplements" in obj else (),
    )


_HISTORY_FIELDS = ("first_seen", "last_ok", "dead_since", "changes")


def _history(obj: Mapping[str, object], where: str) -> LinkHistory:
    changes = _list(obj, "changes", where)
    at = _at(where, "changes")
    return LinkHistory(
        first_seen=_opt_timestamp(obj, "first_seen", where),
        last_ok=_opt_timestamp(obj, "last_ok", where),
        dead_since=_opt_timestamp(obj, "dead_since", where),
        changes=tuple(_change(change, at, index) for index, change in enumerate(changes)),
    )


def _link_entry(obj: Mapping[str, object], where: str) -> LinkEntry:
    link = Link(
        url=_str(obj, "url", where),
        kind=_open(LinkKind, _value(obj, "kind", where), where, "kind"),
        papers=_strings(obj, "papers", where),
        occurrences=_items(obj, "occurrences", where, _occurrence),
        found_via=_opt_str(obj, "found_via", where),
    )
    check = LinkCheck(
        outcome=_closed(_OUTCOMES, _value(obj, "outcome", where), where, "outcome"),
        detail=_str(obj, "detail", where),
        checked_at=_timestamp(obj, "checked_at", where),
        http_status=_opt_int(obj, "http_status", where),
        final_url=_opt_str(obj, "final_url", where),
        redirects=_items(obj, "redirects", where, _hop),
        page_title=_opt_str(obj, "page_title", where),
    )
    repo = _repo(_object(obj, "repo", where), _at(where, "repo")) if "repo" in obj else None
    history = _history(obj, where) if any(key in obj for key in _HISTORY_FIELDS) else None
    copy = None
    if "archived_copy" in obj:
        at = _at(where, "archived_copy")
        held = _object(obj, "archived_copy", where)
        copy = ArchivedCopy(
            url=_str(held, "url", at),
            archive=_str(held, "archive", at),
            saved_at=_opt_timestamp(held, "saved_at", at),
        )
    preservation = _str(obj, "preservation", where) if "preservation" in obj else None
    acknowledged = None
    if "acknowledged" in obj:  # written since acknowledgements (older scorecards lack it)
        at = _at(where, "acknowledged")
        acknowledged = _acknowledgement(_object(obj, "acknowledged", where), at)
    return LinkEntry(LinkResult(link, check, repo, copy, preservation), history, acknowledged)


def _acknowledgement(obj: Mapping[str, object], where: str) -> Acknowledgement:
    reason, until = _str(obj, "reason", where), _str(obj, "until", where)
    if not reason.strip():
        raise _fail(where, "reason", "a non-empty string", reason)
    _pattern(_FULL_DATE, "an ISO date (YYYY-MM-DD)", until, where, "until")
    status = _value(obj, "status", where)
    return Acknowledgement(
        reason, until, _closed(_ACKNOWLEDGEMENT_STATUSES, status, where, "status")
    )


def _removed(obj: Mapping[str, object], where: str) -> RemovedLink:
    last = _value(obj, "last_outcome", where)
    return RemovedLink(
        url=_str(obj, "url", where),
        kind=_open(LinkKind, _value(obj, "kind", where), where, "kind"),
        papers=_strings(obj, "papers", where),
        last_outcome=None if last is None else _closed(_OUTCOMES, last, where, "last_outcome"),
        history=_history(obj, where),
    )


def _changes(obj: Mapping[str, object], where: str) -> Changes:
    return Changes(
        previous_run=_opt_timestamp(obj, "previous_run", where),
        counts=_counts(obj, "counts", where),
        new_dead=_int(obj, "new_dead", where, 0),
    )


def _cache_reuse(obj: Mapping[str, object], where: str) -> CacheReuse:
    return CacheReuse(
        reused=_int(obj, "reused", where, 0), oldest_age=_opt_int(obj, "oldest_age", where, 0)
    )


def _shard(obj: Mapping[str, object], where: str) -> Shard:
    return Shard(index=_int(obj, "index", where, 1), count=_int(obj, "count", where, 1))
