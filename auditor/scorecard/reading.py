"""Reading a scorecard back: `load_scorecard` and `from_json` validate what the schema requires
and raise `ScorecardError` with a one-line message for anything malformed. Fields this version
does not know are ignored (the schema's promise to consumers); values of open vocabularies it
does not know are kept (`models.open_member`)."""

from __future__ import annotations

import contextlib
import gc
import json
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path

from auditor.models import (
    ArchivedCopy,
    CacheReuse,
    ChangeKind,
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
)
from auditor.scorecard.document import (
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
from auditor.scorecard.fields import (
    DATE,
    FULL_DATE,
    bool_field,
    by_value,
    check_pattern,
    child_path,
    closed_member,
    fail,
    int_field,
    is_int,
    items_field,
    list_field,
    object_field,
    open_value,
    optional_bool_field,
    optional_int_field,
    optional_text_field,
    optional_timestamp_field,
    shown,
    text_field,
    texts_field,
    timestamp_field,
    value_field,
)
from auditor.summary import NetworkCounts, Problems, Summary


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
    if not isinstance(obj, dict) or not is_int(version) or version != SCHEMA_VERSION:
        raise ScorecardError("not a paper-auditor scorecard (schema_version 1)")
    if not isinstance(obj.get("papers"), list) or not isinstance(obj.get("links"), list):
        raise ScorecardError("a scorecard needs 'papers' and 'links' lists")
    tool = object_field(obj, "tool", "")
    if tool.get("name") != TOOL_NAME:
        raise ScorecardError(f"tool.name: expected {TOOL_NAME!r}, got {shown(tool.get('name'))}")
    card = Scorecard(
        tool=Tool(TOOL_NAME, text_field(tool, "version", "tool")),
        rubric_version=optional_text_field(obj, "rubric_version", ""),
        generated_at=timestamp_field(obj, "generated_at", ""),
        inputs=items_field(obj, "inputs", "", _input),
        summary=_summary(object_field(obj, "summary", ""), "summary"),
        papers=items_field(obj, "papers", "", _paper_entry),
        links=items_field(obj, "links", "", _link_entry),
    )
    # The parts a history or a shard adds.
    if "removed_links" in obj:
        card = replace(card, removed_links=items_field(obj, "removed_links", "", _removed))
    if "changes" in obj:
        card = replace(card, changes=_changes(object_field(obj, "changes", ""), "changes"))
    if "shard" in obj:
        card = replace(card, shard=_shard(object_field(obj, "shard", ""), "shard"))
    if "notes" in obj:  # written since the archives' notes (older scorecards lack it)
        card = replace(card, notes=texts_field(obj, "notes", ""))
    if "cache" in obj:  # written since the cache reuse is reported (older scorecards lack it)
        card = replace(card, cache=_cache_reuse(object_field(obj, "cache", ""), "cache"))
    return card


# Dictionary lookups: `Outcome(value)` costs ~10 times as much, once per criterion of a paper.
_OUTCOMES, _TIERS, _RESULTS = by_value(Outcome), by_value(Tier), by_value(CriterionResult)
_DATE_SOURCES = by_value(DateSource)
_ACKNOWLEDGEMENT_STATUSES = by_value(AcknowledgementStatus)
_CHANGE_KINDS = by_value(ChangeKind)


def _change(value: object, where: str, key: int) -> ChangeKind:
    kind = _CHANGE_KINDS.get(value) if isinstance(value, str) else None
    if kind is None:
        raise fail(where, key, "one of " + ", ".join(_CHANGE_KINDS), value)
    return kind


def _input(obj: Mapping[str, object], where: str) -> InputSummary:
    return InputSummary(
        path=text_field(obj, "path", where),
        format=optional_text_field(obj, "format", where),
        papers=int_field(obj, "papers", where, 0),
        error=optional_text_field(obj, "error", where),
    )


def _counts(obj: Mapping[str, object], key: str, where: str) -> dict[str, int]:
    table = object_field(obj, key, where)
    at = child_path(where, key)
    return {name: int_field(table, name, at, 0) for name in table}


def _summary(obj: Mapping[str, object], where: str) -> Summary:
    median = value_field(obj, "median_score", where)
    if median is not None and (isinstance(median, bool) or not isinstance(median, int | float)):
        raise fail(where, "median_score", "a number or null", median)
    problems = object_field(obj, "problems", where)
    network = object_field(obj, "network", where)
    at_problems, at_network = child_path(where, "problems"), child_path(where, "network")
    return Summary(
        papers=int_field(obj, "papers", where, 0),
        links=int_field(obj, "links", where, 0),
        papers_with_code=int_field(obj, "papers_with_code", where, 0),
        tiers=_counts(obj, "tiers", where),
        outcomes=_counts(obj, "outcomes", where),
        kinds=_counts(obj, "kinds", where),
        licence_classes=_counts(obj, "licence_classes", where),
        last_commit_age=_counts(obj, "last_commit_age", where),
        checklist=_counts(obj, "checklist", where),
        scored_papers=int_field(obj, "scored_papers", where, 0),
        median_score=median,
        problems=Problems(
            dead_links=int_field(problems, "dead_links", at_problems, 0),
            placeholder_papers=int_field(problems, "placeholder_papers", at_problems, 0),
            missing_licence=int_field(problems, "missing_licence", at_problems, 0),
        ),
        network=NetworkCounts(
            inconclusive_links=int_field(network, "inconclusive_links", at_network, 0),
            unknown_papers=int_field(network, "unknown_papers", at_network, 0),
            note=optional_text_field(network, "note", at_network),
        ),
    )


def _criterion(obj: Mapping[str, object], where: str) -> Criterion:
    return Criterion(
        id=text_field(obj, "id", where),
        result=closed_member(_RESULTS, value_field(obj, "result", where), where, "result"),
        reason=text_field(obj, "reason", where),
        evidence=texts_field(obj, "evidence", where),
    )


_SCORE_FIELDS = ("tier", "score", "scored_on", "criteria")


def _paper_entry(obj: Mapping[str, object], where: str) -> PaperEntry:
    source = object_field(obj, "source", where)
    at_source = child_path(where, "source")
    date = optional_text_field(obj, "date", where)
    check_pattern(DATE, "an ISO 8601 date or null", date, where, "date")
    paper = Paper(
        id=text_field(obj, "id", where),
        name=text_field(obj, "name", where),
        title=optional_text_field(obj, "title", where),
        date=date,
        source=SourceRef(
            text_field(source, "path", at_source), int_field(source, "line", at_source, 0)
        ),
        links=texts_field(obj, "links", where),
        date_source=(
            None
            if obj.get("date_source") is None
            else closed_member(_DATE_SOURCES, obj["date_source"], where, "date_source")
        ),
        notes=texts_field(obj, "notes", where) if "notes" in obj else (),
        found_code=texts_field(obj, "found_code", where) if "found_code" in obj else (),
    )
    if not any(key in obj for key in _SCORE_FIELDS):
        return PaperEntry(paper)
    score = optional_int_field(obj, "score", where, 0)
    if score is not None and score > 100:
        raise fail(where, "score", "an integer from 0 to 100", score)
    return PaperEntry(
        paper,
        PaperScore(
            tier=closed_member(_TIERS, value_field(obj, "tier", where), where, "tier"),
            score=score,
            criteria=items_field(obj, "criteria", where, _criterion),
            scored_on=optional_text_field(obj, "scored_on", where),
        ),
    )


def _occurrence(obj: Mapping[str, object], where: str) -> Occurrence:
    return Occurrence(
        paper=text_field(obj, "paper", where),
        path=text_field(obj, "path", where),
        line=int_field(obj, "line", where, 0),
        raw=text_field(obj, "raw", where),
        subpath=optional_text_field(obj, "subpath", where),
    )


def _hop(obj: Mapping[str, object], where: str) -> Hop:
    return Hop(text_field(obj, "url", where), int_field(obj, "status", where))


def _evidence(obj: Mapping[str, object], where: str) -> ReadmeEvidence:
    return ReadmeEvidence(
        cover=open_value(ReadmeCover, value_field(obj, "cover", where), where, "cover"),
        line=int_field(obj, "line", where),
        excerpt=text_field(obj, "excerpt", where),
    )


def _repo(obj: Mapping[str, object], where: str) -> RepoFacts:
    release = value_field(obj, "latest_release", where)
    latest = None
    if release is not None:
        at = child_path(where, "latest_release")
        if not isinstance(release, dict):
            raise fail(where, "latest_release", "an object or null", release)
        latest = Release(text_field(release, "tag", at), optional_text_field(release, "date", at))
    licence = value_field(obj, "license_class", where)
    covers = list_field(obj, "readme_covers", where)
    at_covers = child_path(where, "readme_covers")
    return RepoFacts(
        full_name=text_field(obj, "full_name", where),
        exists=bool_field(obj, "exists", where),
        source=text_field(obj, "source", where),
        archived=optional_bool_field(obj, "archived", where),
        disabled=optional_bool_field(obj, "disabled", where),
        empty=optional_bool_field(obj, "empty", where),
        fork=optional_bool_field(obj, "fork", where),
        parent=optional_text_field(obj, "parent", where),
        license_spdx=optional_text_field(obj, "license_spdx", where),
        license_class=(
            None if licence is None else open_value(LicenseClass, licence, where, "license_class")
        ),
        readme_path=optional_text_field(obj, "readme_path", where),
        readme_bytes=optional_int_field(obj, "readme_bytes", where, 0),
        readme_covers=tuple(
            open_value(ReadmeCover, cover, at_covers, index) for index, cover in enumerate(covers)
        ),
        readme_evidence=items_field(obj, "readme_evidence", where, _evidence),
        artifact_links=texts_field(obj, "artifact_links", where),
        root_files=texts_field(obj, "root_files", where),
        env_files=texts_field(obj, "env_files", where),
        deps_pinned=optional_bool_field(obj, "deps_pinned", where),
        has_citation_cff=optional_bool_field(obj, "has_citation_cff", where),
        last_commit_at=optional_timestamp_field(obj, "last_commit_at", where),
        pushed_at=optional_timestamp_field(obj, "pushed_at", where),
        created_at=optional_timestamp_field(obj, "created_at", where),
        stars=optional_int_field(obj, "stars", where),
        forks=optional_int_field(obj, "forks", where),
        open_issues=optional_int_field(obj, "open_issues", where),
        latest_release=latest,
        default_branch=optional_text_field(obj, "default_branch", where),
        description=optional_text_field(obj, "description", where),
        homepage=optional_text_field(obj, "homepage", where),
        # Written since the facts a budget skipped were named; older scorecards lack it.
        skipped=texts_field(obj, "skipped", where) if "skipped" in obj else (),
        # Written since README moves, reading lists, fork comparison and citation titles were
        # judged (rubric 1.1); older scorecards lack them.
        readme_moved_to=optional_text_field(obj, "readme_moved_to", where)
        if "readme_moved_to" in obj
        else None,
        reading_list=optional_bool_field(obj, "reading_list", where)
        if "reading_list" in obj
        else None,
        fork_ahead_by=optional_int_field(obj, "fork_ahead_by", where, 0)
        if "fork_ahead_by" in obj
        else None,
        readme_citation_titles=(
            texts_field(obj, "readme_citation_titles", where)
            if "readme_citation_titles" in obj
            else ()
        ),
        # Written since archive records and other hosts were judged; older scorecards lack them.
        record_type=optional_text_field(obj, "record_type", where)
        if "record_type" in obj
        else None,
        persistent_id=optional_text_field(obj, "persistent_id", where)
        if "persistent_id" in obj
        else None,
        supplements=texts_field(obj, "supplements", where) if "supplements" in obj else (),
    )


_HISTORY_FIELDS = ("first_seen", "last_ok", "dead_since", "changes")


def _history(obj: Mapping[str, object], where: str) -> LinkHistory:
    changes = list_field(obj, "changes", where)
    at = child_path(where, "changes")
    return LinkHistory(
        first_seen=optional_timestamp_field(obj, "first_seen", where),
        last_ok=optional_timestamp_field(obj, "last_ok", where),
        dead_since=optional_timestamp_field(obj, "dead_since", where),
        changes=tuple(_change(change, at, index) for index, change in enumerate(changes)),
    )


def _link_entry(obj: Mapping[str, object], where: str) -> LinkEntry:
    link = Link(
        url=text_field(obj, "url", where),
        kind=open_value(LinkKind, value_field(obj, "kind", where), where, "kind"),
        papers=texts_field(obj, "papers", where),
        occurrences=items_field(obj, "occurrences", where, _occurrence),
        found_via=optional_text_field(obj, "found_via", where),
    )
    check = LinkCheck(
        outcome=closed_member(_OUTCOMES, value_field(obj, "outcome", where), where, "outcome"),
        detail=text_field(obj, "detail", where),
        checked_at=timestamp_field(obj, "checked_at", where),
        http_status=optional_int_field(obj, "http_status", where),
        final_url=optional_text_field(obj, "final_url", where),
        redirects=items_field(obj, "redirects", where, _hop),
        page_title=optional_text_field(obj, "page_title", where),
    )
    repo = (
        _repo(object_field(obj, "repo", where), child_path(where, "repo"))
        if "repo" in obj
        else None
    )
    history = _history(obj, where) if any(key in obj for key in _HISTORY_FIELDS) else None
    copy = None
    if "archived_copy" in obj:
        at = child_path(where, "archived_copy")
        held = object_field(obj, "archived_copy", where)
        copy = ArchivedCopy(
            url=text_field(held, "url", at),
            archive=text_field(held, "archive", at),
            saved_at=optional_timestamp_field(held, "saved_at", at),
        )
    preservation = text_field(obj, "preservation", where) if "preservation" in obj else None
    acknowledged = None
    if "acknowledged" in obj:  # written since acknowledgements (older scorecards lack it)
        at = child_path(where, "acknowledged")
        acknowledged = _acknowledgement(object_field(obj, "acknowledged", where), at)
    return LinkEntry(LinkResult(link, check, repo, copy, preservation), history, acknowledged)


def _acknowledgement(obj: Mapping[str, object], where: str) -> Acknowledgement:
    reason, until = text_field(obj, "reason", where), text_field(obj, "until", where)
    if not reason.strip():
        raise fail(where, "reason", "a non-empty string", reason)
    check_pattern(FULL_DATE, "an ISO date (YYYY-MM-DD)", until, where, "until")
    status = value_field(obj, "status", where)
    return Acknowledgement(
        reason, until, closed_member(_ACKNOWLEDGEMENT_STATUSES, status, where, "status")
    )


def _removed(obj: Mapping[str, object], where: str) -> RemovedLink:
    last = value_field(obj, "last_outcome", where)
    return RemovedLink(
        url=text_field(obj, "url", where),
        kind=open_value(LinkKind, value_field(obj, "kind", where), where, "kind"),
        papers=texts_field(obj, "papers", where),
        last_outcome=None
        if last is None
        else closed_member(_OUTCOMES, last, where, "last_outcome"),
        history=_history(obj, where),
    )


def _changes(obj: Mapping[str, object], where: str) -> Changes:
    return Changes(
        previous_run=optional_timestamp_field(obj, "previous_run", where),
        counts=_counts(obj, "counts", where),
        new_dead=int_field(obj, "new_dead", where, 0),
    )


def _cache_reuse(obj: Mapping[str, object], where: str) -> CacheReuse:
    return CacheReuse(
        reused=int_field(obj, "reused", where, 0),
        oldest_age=optional_int_field(obj, "oldest_age", where, 0),
    )


def _shard(obj: Mapping[str, object], where: str) -> Shard:
    return Shard(index=int_field(obj, "index", where, 1), count=int_field(obj, "count", where, 1))
