"""GitHub Actions: the job summary, step outputs, annotations on the paper lists, and the one
tracking issue for dead links, each from a (recorded) `Scorecard`.

Workflow commands follow GitHub's rules (`workflow-commands.md`): data escapes `%`, CR and LF;
properties also `:` and `,`. GitHub shows at most 10 errors and 10 warnings per step, so the most
important come first and a notice counts the rest. Nothing here reads `os.environ`: the caller
passes the environment in.
"""

from __future__ import annotations

import asyncio
import json as _json
import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any, TextIO
from urllib.parse import urlencode

from auditor import redact
from auditor.config.settings import Settings
from auditor.containment import is_failure_note
from auditor.models import Outcome, Tier
from auditor.net import Net
from auditor.net.body import UnreadableBody
from auditor.net.errors import HTTPError
from auditor.net.fetcher import Fetcher
from auditor.render.text import most_that_fit
from auditor.scorecard import LinkEntry, PaperEntry, Scorecard
from auditor.scorecard.dead_links import acknowledged_dead, new_dead, still_dead

OUTPUT_NAMES = ("dead", "new-dead", "papers", "report-path")
STEP_SUMMARY_LIMIT = 1024 * 1024  # bytes per step; beyond it GitHub drops the whole summary
ANNOTATIONS_SHOWN = 10  # per kind and step

ISSUE_LABEL = "paper-auditor"
ISSUE_TITLE = "Dead links in the paper lists"
ISSUE_MARKER = "<!-- paper-auditor:tracking-issue -->"
ISSUE_MAX_ITEMS = 200  # dead links listed in the issue at most; the report has them all
ISSUE_MAX_CHARS = 65_536  # GitHub refuses a longer issue body or comment (422)
API_VERSION = "2022-11-28"
ISSUE_API_TIMEOUT = 30.0  # seconds for one call, the whole exchange


def is_github_actions(environ: Mapping[str, str]) -> bool:
    return environ.get("GITHUB_ACTIONS") == "true"


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def workflow_command(command: str, message: str, **properties: str | int | None) -> str:
    """`::command key=value,…::message`, properties that are None left out."""
    given = ",".join(
        f"{key}={escape_property(str(value))}"
        for key, value in properties.items()
        if value is not None
    )
    return f"::{command}{' ' + given if given else ''}::{escape_data(message)}"


@dataclass(frozen=True, slots=True)
class Annotation:
    level: str  # "error" or "warning"
    title: str
    message: str
    file: str | None
    line: int | None
    urgent: bool  # shown before the others of its level

    def command(self) -> str:
        return workflow_command(
            self.level, self.message, file=self.file, line=self.line, title=self.title
        )


def _file(path: str, workspace: str | None) -> str | None:
    """The path as GitHub wants it (relative to the workspace), None for stdin and URLs."""
    if path == "-" or re.match(r"(?i)https?://", path):
        return None
    if workspace and PurePosixPath(path).is_absolute():
        try:
            return PurePosixPath(path).relative_to(workspace).as_posix()
        except ValueError:
            return path
    return path


def _at(path: str, line: int, workspace: str | None) -> tuple[str | None, int | None]:
    """(file, line) properties: a line means nothing without a file, nor does line 0."""
    file = _file(path, workspace)
    return file, (line or None) if file else None


def _places(card: Scorecard, url: str, paper_ids: Iterable[str]) -> list[tuple[str, int]]:
    """Where the lists cite `url` for these papers: its occurrences in files, else (a link
    harvested from a project page, or cited in a list page fetched by URL) the papers' lines.
    Through the scorecard's indexes: linear over all the dead links of a list."""
    ids = set(paper_ids)
    links, papers = _index(card)
    link = links.get(url)
    places = [
        (o.path, o.line)
        for o in (link.result.link.occurrences if link else ())
        if o.paper in ids and _file(o.path, None)
    ]
    if places:
        return places
    return [
        (papers[pid].paper.source.path, papers[pid].paper.source.line)
        for pid in dict.fromkeys(paper_ids)
        if pid in papers
    ]


_Index = tuple[dict[str, LinkEntry], dict[str, PaperEntry]]
_indexed: list[tuple[Scorecard, _Index]] = []  # the last scorecard indexed, and its index


def _index(card: Scorecard) -> _Index:
    """Links by URL and papers by id, built once per scorecard (the one last asked about)."""
    if not _indexed or _indexed[0][0] is not card:
        index = (card.links_by_url(), {entry.id: entry for entry in card.papers})
        _indexed[:] = [(card, index)]
    return _indexed[0][1]


def find_annotations(card: Scorecard, *, workspace: str | None = None) -> list[Annotation]:
    """An error at every place a dead link is cited (new deaths first; none for an
    acknowledged one), a warning for every failure of ours the run contained (first) and at
    every placeholder paper's code link, each level in file and line order."""
    fresh = {entry.url for entry in new_dead(card)}
    found: list[Annotation] = []
    for entry in card.links:
        if not entry.counts_as_dead:
            continue
        url, link = entry.url, entry.result.link
        title = "Newly dead link" if url in fresh else "Dead link"
        message = f"{url} is dead: {entry.result.check.detail or 'no detail'}"
        if entry.acknowledged is not None:  # only an expired one is left here
            message += f" (its acknowledgement expired {entry.acknowledged.until})"
        if link.found_via:
            message += f" (found on {link.found_via})"
        for path, line in _places(card, url, link.papers):
            found.append(
                Annotation("error", title, message, *_at(path, line, workspace), url in fresh)
            )
    for paper in card.papers:
        if paper.score is None or paper.score.tier != Tier.PLACEHOLDER:
            continue
        code = paper.score.scored_on
        places = _places(card, code, [paper.id]) if code else []
        source = paper.paper.source
        path, line = places[0] if places else (source.path, source.line)
        message = f"{paper.paper.name}: {code or 'its code link'} holds no code yet"
        found.append(
            Annotation("warning", "Placeholder code", message, *_at(path, line, workspace), False)
        )
    # A failure of ours the run contained: said first among the warnings, at no file.
    for note in card.notes:
        if is_failure_note(note):
            found.append(Annotation("warning", "Contained internal error", note, None, None, True))
    found.sort(key=lambda a: (not a.urgent, a.file or "", a.line or 0))
    return found


def annotation_lines(found: Sequence[Annotation]) -> list[str]:
    """The workflow commands: at most 10 per level, then a notice counting the rest."""
    lines: list[str] = []
    for level, noun in (("error", "dead-link"), ("warning", "placeholder")):
        mine = [annotation for annotation in found if annotation.level == level]
        lines += [annotation.command() for annotation in mine[:ANNOTATIONS_SHOWN]]
        rest = len(mine) - ANNOTATIONS_SHOWN
        if rest > 0:
            lines.append(
                workflow_command(
                    "notice",
                    f"{rest} more {noun} annotation(s) not shown (GitHub shows "
                    f"{ANNOTATIONS_SHOWN} per step); see the job summary",
                )
            )
    return lines


def append_step_summary(path: Path, markdown: str, report_path: Path) -> None:
    """Append to `$GITHUB_STEP_SUMMARY` without passing the 1 MiB limit (over it GitHub shows
    nothing at all): cut at a line boundary and say where the full report is."""
    used = path.stat().st_size if path.exists() else 0
    budget = STEP_SUMMARY_LIMIT - used
    data = markdown.encode("utf-8")
    if len(data) > budget:
        note = (
            f"\n\n*Summary cut at GitHub's 1 MiB step-summary limit; the full report is in "
            f"`{report_path}`.*\n"
        ).encode()
        room = budget - len(note)
        if room <= 0:
            return
        data = data[: max(data.rfind(b"\n", 0, room), 0)] + note
    with path.open("ab") as stream:
        stream.write(data)


def output_text(name: str, value: str) -> str:
    """One `$GITHUB_OUTPUT` entry: `name=value`, or the heredoc form for a multi-line value,
    its delimiter random and absent from the value (so the value cannot end it early)."""
    if "\n" not in value and "\r" not in value:
        return f"{name}={value}\n"
    delimiter = f"ghadelimiter_{uuid.uuid4()}"
    while delimiter in value:
        delimiter = f"ghadelimiter_{uuid.uuid4()}"
    return f"{name}<<{delimiter}\n{value}\n{delimiter}\n"


def outputs(card: Scorecard, report_path: Path) -> dict[str, str]:
    """The step outputs, `OUTPUT_NAMES` in order: counts of dead and newly dead links (neither
    counting acknowledged ones, as `--fail-on`) and of papers, and the report folder."""
    dead = sum(entry.counts_as_dead for entry in card.links)
    return {
        "dead": str(dead),
        "new-dead": str(len(new_dead(card))),
        "papers": str(len(card.papers)),
        "report-path": str(report_path),
    }


def report_to_actions(
    card: Scorecard,
    *,
    environ: Mapping[str, str],
    summary_markdown: str,
    report_path: Path,
    out: TextIO,
) -> None:
    """Under GitHub Actions (`GITHUB_ACTIONS=true`): the job summary, step outputs and
    annotations (workflow commands written to `out`, the step's stdout). Elsewhere nothing."""
    if not is_github_actions(environ):
        return
    summary = environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        append_step_summary(Path(summary), redact.scrub(summary_markdown), report_path)
    output = environ.get("GITHUB_OUTPUT")
    if output:
        with Path(output).open("a", encoding="utf-8") as stream:
            for name, value in outputs(card, report_path).items():
                stream.write(redact.scrub(output_text(name, value)))
    for line in annotation_lines(find_annotations(card, workspace=environ.get("GITHUB_WORKSPACE"))):
        # The job log renders ANSI escapes: none from a title or detail gets there.
        out.write(redact.for_terminal(line) + "\n")
    out.flush()


# The tracking issue


class IssueSyncError(Exception):
    """The GitHub API refused or failed; one line for the user."""


def _code(text: object) -> str:
    """Untrusted text as a Markdown code span: no mention, link or HTML can come out of it, and
    no bidirectional control reorders it (nor an entity shows: none is written)."""
    flat = redact.for_terminal(re.sub(r"[`\r\n\t]", "'", str(text)))
    return "`" + flat + "`"


def _dead_item(card: Scorecard, entry: LinkEntry, *, fresh: bool) -> str:
    by_id = _index(card)[1]
    names = {pid: by_id[pid].paper.name or pid for pid in entry.result.link.papers if pid in by_id}
    papers = entry.result.link.papers
    places = _places(card, entry.url, papers)
    where = ", ".join(_code(f"{path}:{line}") for path, line in places[:3])
    cited = ", ".join(_code(names.get(pid, pid)) for pid in papers[:3])
    since = entry.history.dead_since if entry.history else None
    return (
        f"- {_code(entry.url)}{' **(new)**' if fresh else ''}: cited by {cited or 'no paper'}"
        f" at {where or 'an unknown place'}"
        f"{f'; dead since {since}' if since else ''}"
        f"{'; not checked this run' if entry.outcome != Outcome.DEAD else ''}"
    )


def _fitted(
    head: str,
    card: Scorecard,
    links: Sequence[LinkEntry],
    *,
    mark_new: bool,
    report_url: str | None,
) -> str:
    """`head` and the list of `links`, as many as fit under GitHub's 65,536 characters (and
    `ISSUE_MAX_ITEMS`), then a line saying how many more the full report holds."""
    fresh = {entry.url for entry in new_dead(card)} if mark_new else set()
    lines = [_dead_item(card, entry, fresh=entry.url in fresh) for entry in links[:ISSUE_MAX_ITEMS]]
    where = f"the full report: {report_url}" if report_url else "see the full report"

    def text(shown: int) -> str:
        rest = len(links) - shown
        more = [f"- … and {rest} more, not listed to fit GitHub's size limit: {where}"]
        return head + "\n".join(lines[:shown] + (more if rest else [])) + "\n"

    # The most lines that fit; the head and the last line always do.
    found = most_that_fit(text, lambda body: len(body) <= ISSUE_MAX_CHARS, len(lines))
    return text(0) if found is None else found[1]


def issue_body(card: Scorecard, *, report_url: str | None = None) -> str:
    """The tracking issue's body, always under GitHub's 65,536 characters. Acknowledged dead
    links are not listed, only counted: the report shows them."""
    dead = still_dead(card)
    acknowledged = len(acknowledged_dead(card))
    report = f" The full report: {report_url}" if report_url else ""
    known = (
        f" {acknowledged} more, acknowledged as dead for good, are left out (the report lists "
        "them)."
        if acknowledged
        else ""
    )
    head = (
        f"{ISSUE_MARKER}\n"
        f"paper-auditor finds **{len(dead)} dead link(s)** in the paper lists. This issue "
        f"is updated by every audit and closed when all are fixed.{known}{report}\n\n"
    )
    return redact.scrub(_fitted(head, card, dead, mark_new=False, report_url=report_url))


@dataclass(frozen=True, slots=True)
class _Issue:
    number: int
    body: str


class _Api:
    """The few REST calls the tracking issue needs, through the run's one request path. The
    token goes to `api_url` only, and redirects are not followed (a redirect elsewhere would
    carry it along)."""

    def __init__(self, fetcher: Fetcher, api_url: str, repository: str, token: str) -> None:
        if not re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", repository):
            raise IssueSyncError(f"not an owner/repository name: {repository!r}")
        self.fetcher = fetcher
        self.base = f"{api_url.rstrip('/')}/repos/{repository}"
        self.headers = {
            "Authorization": f"Bearer {token}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": API_VERSION,
        }

    async def call(
        self,
        method: str,
        path: str,
        *,
        ok: Sequence[int] = (),
        params: Mapping[str, object] | None = None,
        json: object = None,
    ) -> Any:
        url = self.base + path + (f"?{urlencode(params)}" if params else "")
        try:
            response = await self.fetcher.send(
                method,
                url,
                headers=self.headers,
                json_body=json,
                body="every",
                whole=True,
                seconds=ISSUE_API_TIMEOUT,
                read_timeout=ISSUE_API_TIMEOUT,
            )
        except (HTTPError, TimeoutError, UnreadableBody, OSError) as error:
            why = str(error) or type(error).__name__
            raise IssueSyncError(redact.scrub(f"GitHub API {method} {path}: {why}")) from None
        if not 200 <= response.status < 300 and response.status not in ok:
            try:
                answer = _json.loads(response.text())
                message = answer.get("message", "") if isinstance(answer, dict) else ""
            except ValueError:
                message = ""
            # An error message may echo what we sent, the token included.
            text = f"GitHub API {method} {path}: HTTP {response.status} {message}".rstrip()
            raise IssueSyncError(redact.scrub(str(text))[:500])
        if not response.body:
            return None
        try:
            return _json.loads(response.text())
        except ValueError:
            raise IssueSyncError(
                f"GitHub API {method} {path}: HTTP {response.status} with a body that is not JSON"
            ) from None

    async def find_open(self) -> _Issue | None:
        found = await self.call(
            "GET",
            "/issues",
            params={"state": "open", "labels": ISSUE_LABEL, "per_page": 100, "direction": "asc"},
        )
        if found is not None and not isinstance(found, list):
            raise IssueSyncError("GitHub API GET /issues: an answer that is not a list")
        for issue in found or ():
            if not isinstance(issue, dict):
                continue
            body = issue.get("body") or ""
            if "pull_request" not in issue and ISSUE_MARKER in body:
                return _Issue(int(issue["number"]), str(body))
        return None


def sync_tracking_issue(
    card: Scorecard,
    *,
    repository: str,
    token: str,
    api_url: str = "https://api.github.com",
    report_url: str | None = None,
    reach: Settings | None = None,
) -> str:
    """Keep one open issue listing the dead links: open it when links newly die, update it
    (with a comment naming new deaths, since body edits notify nobody) while any is dead,
    close it when none is. The issue is the open one labelled `paper-auditor` whose body holds
    `ISSUE_MARKER`. Returns what was done: "opened", "updated", "closed" or "unchanged".
    `reach` says how the API is reached (its proxies and certificate authorities); by default
    directly. Needs `issues: write`."""
    redact.register(token)
    return asyncio.run(_sync(card, repository, token, api_url, report_url, reach or Settings()))


async def _sync(
    card: Scorecard,
    repository: str,
    token: str,
    api_url: str,
    report_url: str | None,
    reach: Settings,
) -> str:
    # Its own `Net`: the address guard, and the API origin the only one trusted; a proxy only
    # when `reach` names one (`auditor issue --proxy`), never the environment's unasked.
    async with Net(replace(reach, github_api_url=api_url)) as net:
        api = _Api(net.apis, api_url, repository, token)
        issue = await api.find_open()
        fresh = new_dead(card)
        if issue is None:
            # Known dead links with no open issue were seen and closed by someone: only a new
            # death opens one again.
            if not fresh:
                return "unchanged"
            await api.call(
                "POST",
                "/labels",
                ok=(422,),  # 422: the label exists
                json={"name": ISSUE_LABEL, "color": "b60205", "description": "paper-auditor"},
            )
            await api.call(
                "POST",
                "/issues",
                json={"title": ISSUE_TITLE, "body": issue_body(card, report_url=report_url),
                      "labels": [ISSUE_LABEL]},
            )  # fmt: skip
            return "opened"
        number = issue.number
        if not still_dead(card):
            await api.call(
                "POST",
                f"/issues/{number}/comments",
                json={"body": "Every dead link listed here resolves again, has left the "
                      f"lists or is acknowledged (audit of {card.generated_at}). Closing."},
            )  # fmt: skip
            await api.call(
                "PATCH", f"/issues/{number}", json={"state": "closed", "state_reason": "completed"}
            )
            return "closed"
        if fresh:
            await api.call(
                "POST",
                f"/issues/{number}/comments",
                json={"body": redact.scrub(_fitted(f"{len(fresh)} link(s) newly dead:\n\n",
                      card, fresh, mark_new=True, report_url=report_url))},
            )  # fmt: skip
        body = issue_body(card, report_url=report_url)
        if body == issue.body and not fresh:
            return "unchanged"
        await api.call("PATCH", f"/issues/{number}", json={"body": body})
        return "updated"
