"""The scorecard document (`scorecard.json`) as typed values, built from an audit.

The document is the source of truth: the HTML and Markdown reports are rendered from it alone,
so `auditor render` needs no network. Its shape is a contract others build on
(`docs/scorecard.schema.json`): fields are added, never renamed, and `schema_version` stays 1
while changes are additive. The values reuse `auditor.models` where those have the document's
shape: a paper entry is a `Paper` and its `PaperScore` written side by side in one object, a
link entry a `LinkResult` (its `Link` and `LinkCheck` side by side, its `RepoFacts` as `repo`)
and its `LinkHistory`. tests/test_scorecard.py walks these dataclasses against the schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from auditor import __version__
from auditor.links import paper_key
from auditor.models import (
    CacheReuse,
    ChangeKind,
    InputSummary,
    LinkKind,
    LinkResult,
    Outcome,
    Paper,
    PaperScore,
    Tier,
    Whose,
)
from auditor.scorecard.summary import Summary, build_summary

SCHEMA_VERSION = 1
TOOL_NAME = "paper-auditor"

JsonObject = dict[str, object]


class ScorecardError(Exception):
    """A scorecard that cannot be read; the message is one line for the user."""


# --- the document -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tool:
    name: str
    version: str


@dataclass(frozen=True, slots=True)
class Review:
    """A reviewer's verdict on a paper (a tier word) or a link (an outcome word), from the
    reviews file (`auditor.scorecard.reviews`): shown beside the measured verdict, never in its
    place. `differs` when this run measured another verdict: the review needs a new look."""

    verdict: str
    reason: str
    reviewer: str
    date: str  # ISO, the day of the review
    differs: bool


@dataclass(frozen=True, slots=True)
class PaperEntry:
    """One paper of `papers`: the paper, its score when it was scored, and a reviewer's verdict
    when one was given."""

    paper: Paper
    score: PaperScore | None = None
    review: Review | None = None
    # How its tier changed since the previous run, when the history says (`rejudged` only).
    changes: tuple[ChangeKind, ...] = ()

    @property
    def id(self) -> str:
        return self.paper.id

    @property
    def key(self) -> str:
        """The paper's stable key; computed for a scorecard written before keys were."""
        return self.paper.key or paper_key(self.paper.links, self.paper.title or self.paper.name)

    @property
    def measured(self) -> Tier:
        """The tier this run measured (`unknown` for a paper that was not scored)."""
        return self.score.tier if self.score else Tier.UNKNOWN


@dataclass(frozen=True, slots=True)
class LinkHistory:
    """What the run history (`auditor.history`) adds to a link: when it was first seen, last
    resolved and (still) dead since, and what changed since the previous run."""

    first_seen: str | None
    last_ok: str | None
    dead_since: str | None
    changes: tuple[ChangeKind, ...]


class AcknowledgementStatus(StrEnum):
    """Whether an acknowledgement of a dead link (`auditor.scorecard.acknowledgements`) holds this
    run."""

    ACTIVE = "active"  # before its end date: the link, if dead, fails no `--fail-on` rule
    EXPIRED = "expired"  # its end date has passed: the link counts as dead again
    STALE = "stale"  # the link resolves again: the acknowledgement can be removed


@dataclass(frozen=True, slots=True)
class Acknowledgement:
    """The acknowledgement matching a link: why it is known dead, until when (an ISO date,
    inclusive) that holds, and whether it does this run."""

    reason: str
    until: str
    status: AcknowledgementStatus


@dataclass(frozen=True, slots=True)
class LinkEntry:
    """One link of `links`: everything checked about it, its history once recorded, and the
    acknowledgement and the review matching it, if any."""

    result: LinkResult
    history: LinkHistory | None = None
    acknowledged: Acknowledgement | None = None
    review: Review | None = None

    @property
    def url(self) -> str:
        return self.result.link.url

    @property
    def outcome(self) -> Outcome:
        return self.result.check.outcome

    @property
    def is_acknowledged(self) -> bool:
        """An acknowledgement holds: were the link dead, no `--fail-on` rule would count it."""
        return (
            self.acknowledged is not None
            and self.acknowledged.status == AcknowledgementStatus.ACTIVE
        )

    @property
    def counts_as_dead(self) -> bool:
        """Dead, not acknowledged and not another work's artifact (a base model the README
        names is shown, never counted): the one "dead link that counts", which every report,
        output, annotation and exit code counts."""
        return (
            self.outcome == Outcome.DEAD
            and not self.is_acknowledged
            and self.result.link.whose is not Whose.OTHER
        )


@dataclass(frozen=True, slots=True)
class JudgingRules:
    """The rules a run judged under: the rubric's version and the links' judging version
    (`auditor.check.judging`)."""

    rubric: str
    judging: int


@dataclass(frozen=True, slots=True)
class Rejudging:
    """`changes.rejudged`: this run is the first under other rules than the previous run's
    (`previous`, `current`); `papers` whose tier they changed (the links: `counts`)."""

    previous: JudgingRules
    current: JudgingRules
    papers: int


@dataclass(frozen=True, slots=True)
class Changes:
    """`changes`: the previous finished run (None for the first), how many links changed in each
    way (`ChangeKind`), and how many died or are new and dead; `rejudged` on the first run under
    newer rules."""

    previous_run: str | None
    counts: Mapping[str, int]
    new_dead: int
    rejudged: Rejudging | None = None


@dataclass(frozen=True, slots=True)
class RemovedLink:
    """A link of the previous run that this run's lists no longer cite."""

    url: str
    kind: LinkKind
    papers: tuple[str, ...]
    last_outcome: Outcome | None
    history: LinkHistory


@dataclass(frozen=True, slots=True)
class Shard:
    """`shard`: the scorecard holds shard `index` of `count` (`auditor audit --shard K/N`)."""

    index: int
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Scorecard:
    """The whole document. `removed_links` and `changes` are there once the run was recorded in
    a history; `shard` in the scorecard of one shard."""

    schema_version: int = SCHEMA_VERSION
    tool: Tool = field(default_factory=lambda: Tool(TOOL_NAME, __version__))
    rubric_version: str | None
    generated_at: str
    inputs: tuple[InputSummary, ...]
    summary: Summary
    papers: tuple[PaperEntry, ...]
    links: tuple[LinkEntry, ...]
    removed_links: tuple[RemovedLink, ...] | None = None
    changes: Changes | None = None
    shard: Shard | None = None
    # What an optional service (an archive, a host API, GitHub search) failed to do, each said
    # once: it changed no verdict.
    notes: tuple[str, ...] = ()
    # What the run reused from the verdict cache; None when it ran without one (or the
    # scorecard predates it).
    cache: CacheReuse | None = None
    # The GitHub GraphQL points the run spent (the `cost` its answers said); None when it sent
    # no GraphQL query (or the scorecard predates it).
    graphql_points: int | None = None

    def links_by_url(self) -> dict[str, LinkEntry]:
        return {entry.url: entry for entry in self.links}


@dataclass(frozen=True, slots=True)
class Audit:
    """Everything one run learned, before it becomes a document."""

    generated_at: str
    inputs: tuple[InputSummary, ...]
    papers: tuple[Paper, ...]
    results: tuple[LinkResult, ...]
    scores: Mapping[str, PaperScore] = field(default_factory=dict)
    rubric_version: str | None = None
    notes: tuple[str, ...] = ()
    cache_reuse: CacheReuse | None = None
    graphql_points: int | None = None


def build_scorecard(audit: Audit) -> Scorecard:
    """The document of one run, its summary computed here once."""
    papers = tuple(PaperEntry(paper, audit.scores.get(paper.id)) for paper in audit.papers)
    return Scorecard(
        rubric_version=audit.rubric_version,
        generated_at=audit.generated_at,
        inputs=audit.inputs,
        summary=build_summary([entry.score for entry in papers], audit.results),
        papers=papers,
        links=tuple(LinkEntry(result) for result in audit.results),
        notes=audit.notes,
        cache=audit.cache_reuse,
        graphql_points=audit.graphql_points,
    )
