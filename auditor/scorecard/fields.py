"""How the scorecard's dataclasses lie in `scorecard.json` (docs/scorecard.schema.json), for the
one fields()-driven codec (`auditor.codec`): `LAYOUT` says what the types alone do not — fields
written side by side in their parent's object, fields left out at their default, fields older
scorecards lack, the bounds of numbers and text — `ORDER` the keys' order where it is not the
fields' order. `write(value)` gives the JSON values of a dataclass of the document;
`read(cls, obj, where)` validates untrusted JSON back into one, raising `ScorecardError` that
says in one line where (`papers[3].criteria[0].result`) and what was expected."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TypeVar

from auditor import codec
from auditor.codec import After, Codec, CodecError, Rule
from auditor.models import (
    ArchivedCopy,
    CacheReuse,
    InputSummary,
    Link,
    LinkCheck,
    LinkResult,
    Occurrence,
    Paper,
    PaperScore,
    Promise,
    RepoFacts,
    SourceRef,
    TrackerReport,
)
from auditor.scorecard.document import (
    Acknowledgement,
    Changes,
    JudgingRules,
    LinkEntry,
    LinkHistory,
    PaperEntry,
    Rejudging,
    RemovedLink,
    Review,
    Scorecard,
    ScorecardError,
    Shard,
)
from auditor.scorecard.summary import NetworkCounts, Problems, Summary

T = TypeVar("T")

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
    PaperEntry: {"paper": _INLINE, "score": _INLINE, "review": _OMITTED, "changes": _OMITTED},
    Paper: {
        "date": Rule(pattern=DATE),
        "date_source": _OMITTED,
        "notes": _OMITTED,
        "found_code": _OMITTED,
        "found_code_via": _OMITTED,  # since code found says where
        "key": _OMITTED,  # since the stable paper key
    },
    SourceRef: {"line": _COUNT},
    PaperScore: {
        "score": Rule(minimum=0, maximum=100),
        "other_work": _OMITTED,
        "reuse": _OMITTED,  # since rubric 2.0's reuse mark
        "overdue": _OMITTED,  # since promises are tracked
        "promises": _OMITTED,
    },
    Promise: {
        "due": Rule(pattern=FULL_DATE),
        "first_seen": _STAMP,
    },
    LinkEntry: {
        "result": _INLINE,
        "history": _INLINE,
        "acknowledged": _OMITTED,
        "review": _OMITTED,
    },
    LinkResult: {
        "link": _INLINE,
        "check": _INLINE,
        "repo": _OMITTED,
        "archived_copy": _OMITTED,
        "preservation": _OMITTED,
    },
    Link: {"found_via": _OMITTED, "artifact": _OMITTED, "whose": _OMITTED},
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
        # Since rubric 2.0 (D5, D4, E3, F2 read them; a merge of shards scores them again).
        "readme_results_commands": _OMITTED,
        "readme_withheld": _OMITTED,
        "readme_bare_citation": _OMITTED,
        "record_type": _LATER,
        "persistent_id": _LATER,
        "supplements": _LATER,
        "commit": _LATER,  # since the commit judged is recorded
        # Since cited folders were judged: absent for a repository's root.
        "folder": _OMITTED,
        "ref": _OMITTED,
        "readme_words": _NEVER,  # the paper's identity is compared before anything is written
        "readme_arxiv_ids": _NEVER,
        "readme_inherited": _NEVER,
        "readme_weights_promise": _OMITTED,  # since promises are tracked; read again by a merge
        "empty_folders": _NEVER,  # said in B2's reason, with the folders
        "readme_branch": _NEVER,  # followed, or said in B2's reason
        "readme_artifacts": _NEVER,  # checked as links of their own (`Link.artifact`)
        "tracker": _OMITTED,  # present when the issue tracker's latest titles report blockers
        # Since committed checkpoints were credited (D4 reads them; a merge scores them again).
        "committed_weights": _OMITTED,
        "weights_in_lfs": _OMITTED,
        "lfs_patterns": _NEVER,  # read into `weights_in_lfs`
    },
    TrackerReport: {
        "number": Rule(minimum=1),
        "opened_at": _STAMP,
        "closed_at": _STAMP,
        "labels": _OMITTED,
        "answered": _OMITTED,
    },
    LinkHistory: {
        "first_seen": _STAMP,
        "last_ok": _STAMP,
        "dead_since": _STAMP,
    },
    RemovedLink: {"history": _INLINE},
    Acknowledgement: {"reason": Rule(non_empty=True), "until": Rule(pattern=FULL_DATE)},
    Review: {
        "verdict": Rule(non_empty=True),
        "reason": Rule(non_empty=True),
        "reviewer": Rule(non_empty=True),
        "date": Rule(pattern=FULL_DATE),
    },
    Changes: {"previous_run": _STAMP, "counts": _COUNT, "new_dead": _COUNT, "rejudged": _OMITTED},
    Rejudging: {"papers": _COUNT},
    JudgingRules: {"rubric": Rule(non_empty=True), "judging": Rule(minimum=1)},
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
    PaperScore: (
        "tier", "score", "scored_on", "criteria", "other_work", "reuse", "overdue", "promises"
    ),
    LinkCheck: (
        "outcome", "http_status", "final_url", "detail", "checked_at", "redirects", "page_title",
    ),
}  # fmt: skip


def _found_via_after_the_check(document: dict[str, object]) -> None:
    """A link's `found_via` follows its `occurrences` when set, else its check: as it was."""
    document.setdefault("found_via", None)


# What is written after a field, in the order scorecards always had.
_AFTER: After = {
    (LinkResult, "check"): _found_via_after_the_check,
}
_CODEC = Codec(LAYOUT, ORDER, _AFTER)


def read(cls: type[T], obj: Mapping[str, object], where: str) -> T:
    """`cls` from its JSON object, validated; `ScorecardError` in one line otherwise."""
    try:
        return _CODEC.read(cls, obj, where)
    except CodecError as error:
        raise ScorecardError(str(error)) from None


def object_field(obj: Mapping[str, object], key: str, where: str) -> Mapping[str, object]:
    """The object under `key`; `ScorecardError` when it is missing or no object."""
    try:
        return codec.object_field(obj, key, where)
    except CodecError as error:
        raise ScorecardError(str(error)) from None


def write(value: object) -> dict[str, object]:
    """A dataclass of the document as JSON values, keys in the order scorecards always had."""
    return _CODEC.write(value)
