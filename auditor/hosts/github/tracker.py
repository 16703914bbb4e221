"""What users report in a repository's issue tracker, through GraphQL (a token only; a tokenless
run never spends its 60 requests an hour on it).

The facts batch reads the latest titles with no nested connection (`TRACKER_FIELDS`: one more
request per repository, so 30 repositories still cost the batch's 1 point); the titles that
report a reproduction blocker (`auditor.facts.blockers`) become the repository's
`IssueTracker`. Labels and whether a maintainer answered (a comment whose `authorAssociation`
is the owner's, a member's or a collaborator's) come from one follow-up query per batch, for the
open reports only (`build_answers_query`), sent only while the points left cover the batches
still to come (`affordable`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from auditor.facts.blockers import blocker_kind
from auditor.hosts.answers import text_field, timestamp
from auditor.hosts.github.answers import as_list, as_object, required_int, required_str
from auditor.models import IssueTracker, TrackerReport

# The latest titles read: the issue's own words for the batch's field.
TITLES_READ = 20
TRACKER_FIELDS = (
    f"tracker: issues(last: {TITLES_READ}) "
    "{ totalCount nodes { number title state createdAt closedAt } }"
)
# The labels and comments a follow-up reads of each open report: a maintainer's answer comes
# early in a thread, and labels are few.
LABELS_READ = 10
COMMENTS_READ = 30
# The run's note when repositories were read without a token (REST): their trackers were not.
NOT_READ_WITHOUT_TOKEN = "issue tracker not read without a token"  # noqa: S105 - words
# Who answers for the repository (GitHub's `CommentAuthorAssociation`).
MAINTAINERS = frozenset({"OWNER", "MEMBER", "COLLABORATOR"})


def tracker_of(node: Mapping[str, object], full_name: str, server: str) -> IssueTracker | None:
    """The blocker reports among a facts node's latest issue titles; None when there are none
    (or the answer holds no tracker)."""
    tracker = node.get("tracker")
    if not isinstance(tracker, dict):
        return None
    issues = [as_object(item, "issue") for item in as_list(tracker.get("nodes"), "issues")]
    reports = []
    for issue in issues:
        title = required_str(issue, "title")
        kind = blocker_kind(title)
        opened = timestamp(text_field(issue, "createdAt"))
        if kind is None or opened is None:
            continue
        number = required_int(issue, "number")
        reports.append(
            TrackerReport(
                kind=kind,
                number=number,
                title=title,
                url=f"{server}/{full_name}/issues/{number}",
                open=required_str(issue, "state") == "OPEN",
                opened_at=opened,
                closed_at=timestamp(text_field(issue, "closedAt")),
            )
        )
    if not reports:
        return None
    return IssueTracker(required_int(tracker, "totalCount"), len(issues), tuple(reports))


def open_reports(tracker: IssueTracker | None) -> tuple[int, ...]:
    """The numbers of a tracker's open reports: what a follow-up asks about."""
    return tuple(r.number for r in tracker.reports if r.open) if tracker is not None else ()


def build_answers_query(counts: Sequence[int]) -> str:
    """Labels and comment authors of issues of several repositories, `counts[i]` of the i-th:
    variables `$o0/$n0` (owner, name) and `$i0_0`, `$i0_1` … (issue numbers), each issue as
    `i0`, `i1` …. Two connections an issue, none nested in another: 2 requests each."""
    params = []
    fields = []
    for index, count in enumerate(counts):
        params.append(f"$o{index}: String!, $n{index}: String!")
        params.extend(f"$i{index}_{k}: Int!" for k in range(count))
        issues = " ".join(
            f"i{k}: issue(number: $i{index}_{k}) {{ "
            f"labels(first: {LABELS_READ}) {{ nodes {{ name }} }} "
            f"comments(first: {COMMENTS_READ}) {{ nodes {{ authorAssociation }} }} }}"
            for k in range(count)
        )
        fields.append(f"  r{index}: repository(owner: $o{index}, name: $n{index}) {{ {issues} }}")
    return (
        f"query Answers({', '.join(params)}) {{\n"
        + "\n".join(fields)
        + "\n  rateLimit { cost remaining resetAt }\n}\n"
    )


def answers_cost(issues: int) -> int:
    """The points a follow-up about `issues` issues costs (GitHub's formula: 2 requests an
    issue, divided by 100 and rounded, at least 1)."""
    return max(1, (2 * issues + 50) // 100)


def affordable(left: int | None, follow_up: int, batches_to_come: int, batch_cost: int) -> bool:
    """Whether a follow-up costing `follow_up` points leaves what the batches still to come
    need (each costing what this one did); never when the points left are unknown."""
    return left is not None and left - follow_up >= batches_to_come * max(1, batch_cost)


def with_answers(tracker: IssueTracker, node: Mapping[str, object] | None) -> IssueTracker:
    """The tracker's open reports with their labels and whether a maintainer answered, from
    the follow-up's node of the repository (issues `i0`, `i1` … in `open_reports` order); a
    report the answer lacks keeps `answered` None."""
    numbers = open_reports(tracker)
    read: dict[int, tuple[tuple[str, ...], bool]] = {}
    for k, number in enumerate(numbers):
        issue = node.get(f"i{k}") if node is not None else None
        if not isinstance(issue, dict):
            continue
        labels = issue.get("labels")
        comments = issue.get("comments")
        names = tuple(
            name for label in _nodes(labels) if isinstance(name := label.get("name"), str)
        )
        answered = any(c.get("authorAssociation") in MAINTAINERS for c in _nodes(comments))
        read[number] = (names, answered)
    reports = tuple(
        replace(report, labels=read[report.number][0], answered=read[report.number][1])
        if report.open and report.number in read
        else report
        for report in tracker.reports
    )
    return replace(tracker, reports=reports)


def _nodes(connection: object) -> list[Mapping[str, object]]:
    nodes = connection.get("nodes") if isinstance(connection, dict) else None
    return [n for n in nodes if isinstance(n, dict)] if isinstance(nodes, list) else []
