"""GitHub Actions: job summary, step outputs, annotations and the tracking issue (against a fake
REST server on 127.0.0.1)."""

from __future__ import annotations

import io
import json
import os
import threading
from collections.abc import Iterator, Sequence
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from auditor.actions import workflow as actions
from auditor.actions.workflow import IssueSyncError, report_to_actions, sync_tracking_issue
from auditor.history import History
from auditor.models import (
    InputSummary,
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Occurrence,
    Outcome,
    Paper,
    PaperScore,
    SourceRef,
    Tier,
)
from auditor.scorecard import Changes, LinkEntry, LinkHistory, PaperEntry, Scorecard
from auditor.scorecard.dead_links import headline, new_dead
from auditor.scorecard.summary import build_summary

Json = dict[str, Any]  # the fake GitHub API's answers

A = "https://a.example/code"
B = "https://github.com/ml-lab/model"


def stamp(day: int) -> str:
    return f"2026-07-{day:02d}T06:00:00Z"


def paper(n: int, line: int, *links: str, tier: Tier = Tier.LISTED) -> PaperEntry:
    return PaperEntry(
        Paper(f"lists/icml.md#{n}", f"Paper {n}", None, "2026", SourceRef("lists/icml.md", line),
              links),
        PaperScore(tier, 40, (), links[0] if links else None),
    )  # fmt: skip


def link(url: str, outcome: str, *cited: tuple[int, int], day: int = 1) -> LinkResult:
    """`cited`: (paper number, line) of each occurrence."""
    return LinkResult(
        Link(
            url,
            LinkKind.WEB,
            tuple(f"lists/icml.md#{n}" for n, _ in cited),
            tuple(
                Occurrence(f"lists/icml.md#{n}", "lists/icml.md", line, url) for n, line in cited
            ),
        ),
        LinkCheck(
            Outcome(outcome),
            "HTTP 404 Not Found" if outcome == "dead" else "HTTP 200",
            stamp(day),
            http_status=404 if outcome == "dead" else 200,
        ),
    )


def card(
    papers: Sequence[PaperEntry],
    links: Sequence[LinkResult | LinkEntry],
    *,
    day: int = 1,
    changes: Changes | None = None,
) -> Scorecard:
    entries = tuple(item if isinstance(item, LinkEntry) else LinkEntry(item) for item in links)
    return Scorecard(
        rubric_version=None,
        generated_at=stamp(day),
        inputs=(InputSummary("lists/icml.md", "markdown", len(papers)),),
        summary=build_summary([p.score for p in papers], [e.result for e in entries]),
        papers=tuple(papers),
        links=entries,
        changes=changes,
    )


def world(day: int, b_outcome: str) -> Scorecard:
    """Two papers; paper 2's repository (cited on line 7) answers `b_outcome`."""
    return card(
        [paper(1, 3, A), paper(2, 6, B)],
        [link(A, "ok", (1, 4), day=day), link(B, b_outcome, (2, 7), day=day)],
        day=day,
    )


def read_outputs(path: Path) -> dict[str, str]:
    """`$GITHUB_OUTPUT` read back as the runner reads it: `name=value` and heredoc entries."""
    values: dict[str, str] = {}
    lines = iter(path.read_text(encoding="utf-8").splitlines())
    for line in lines:
        if "<<" in line and "=" not in line.split("<<")[0]:
            name, delimiter = line.split("<<", 1)
            body = []
            for part in lines:
                if part == delimiter:
                    break
                body.append(part)
            values[name] = "\n".join(body)
        else:
            name, value = line.split("=", 1)
            values[name] = value
    return values


def run_step(
    document: Scorecard, tmp: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> tuple[str, str, dict[str, str]]:
    """One audit step under Actions: (job summary, stdout, outputs)."""
    (tmp / step).mkdir()
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tmp / step / "summary.md"))
    monkeypatch.setenv("GITHUB_OUTPUT", str(tmp / step / "output"))
    out = io.StringIO()
    markdown = f"{headline(document)}\n\n# Scorecard\n\n| paper | tier |\n|---|---|\n"
    report_to_actions(
        document,
        environ=os.environ,
        summary_markdown=markdown,
        report_path=Path("reports"),
        out=out,
    )
    summary = (tmp / step / "summary.md").read_text(encoding="utf-8")
    return summary, out.getvalue(), read_outputs(tmp / step / "output")


def test_a_link_dying_between_two_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with History.open(tmp_path / "history.sqlite") as store:
        first = store.record_run(world(1, "ok"))
        second = store.record_run(world(8, "dead"))
        third = store.record_run(world(15, "dead"))

    summary1, stdout1, outputs1 = run_step(first, tmp_path, monkeypatch, "run1")
    summary2, stdout2, outputs2 = run_step(second, tmp_path, monkeypatch, "run2")
    _, stdout3, outputs3 = run_step(third, tmp_path, monkeypatch, "run3")

    assert summary1.startswith("First recorded run: 2 link(s).")
    assert stdout1 == ""
    assert outputs1 == {"dead": "0", "new-dead": "0", "papers": "2", "report-path": "reports"}
    # The second summary leads with the death; the annotation points at paper 2's citation.
    assert summary2.splitlines()[0] == f"Since the previous run ({stamp(1)}): 1 link(s) newly dead."
    assert stdout2 == (
        "::error file=lists/icml.md,line=7,title=Newly dead link::"
        f"{B} is dead: HTTP 404 Not Found\n"
    )
    assert outputs2 == {"dead": "1", "new-dead": "1", "papers": "2", "report-path": "reports"}
    # `--fail-on new-dead` fails the second run only; `--fail-on dead` the third as well.
    assert [[entry.url for entry in new_dead(doc)] for doc in (first, second, third)] == [
        [],
        [B],
        [],
    ]
    assert (outputs3["dead"], outputs3["new-dead"]) == ("1", "0")
    assert stdout3.startswith("::error file=lists/icml.md,line=7,title=Dead link::")


def test_nothing_is_written_outside_github_actions(tmp_path: Path) -> None:
    summary, output = tmp_path / "summary.md", tmp_path / "output"
    out = io.StringIO()
    environ = {"GITHUB_STEP_SUMMARY": str(summary), "GITHUB_OUTPUT": str(output)}

    report_to_actions(
        world(8, "dead"), environ=environ, summary_markdown="x", report_path=tmp_path, out=out
    )

    assert (summary.exists(), output.exists(), out.getvalue()) == (False, False, "")


def test_workflow_commands_escape_data_and_properties() -> None:
    command = actions.workflow_command(
        "error", "50% done\r\nnext", file="a:b,c%.md", line=3, title="x, y: z", col=None
    )

    assert command == "::error file=a%3Ab%2Cc%25.md,line=3,title=x%2C y%3A z::50%25 done%0D%0Anext"


def test_ten_annotations_per_kind_new_deaths_first_then_a_notice() -> None:
    def recorded(result: LinkResult, *changes: str) -> LinkEntry:
        return LinkEntry(result, LinkHistory(stamp(1), None, None, changes))

    old = [recorded(link(f"https://old{n}.example/", "dead", (1, 100 + n))) for n in range(12)]
    fresh = recorded(link("https://new.example/", "dead", (2, 500)), "died")
    placeholders = [
        paper(n, n, f"https://p{n}.example/", tier=Tier.PLACEHOLDER) for n in range(3, 5)
    ]
    document = card(
        [paper(1, 1), paper(2, 2), *placeholders],
        [
            *old,
            fresh,
            *(
                link(p.paper.links[0], "ok", (n, 90 + n))
                for n, p in ((3, placeholders[0]), (4, placeholders[1]))
            ),
        ],
        changes=Changes(previous_run=stamp(1), counts={"died": 1}, new_dead=1),
    )

    lines = actions.annotation_lines(actions.find_annotations(document))

    errors = [line for line in lines if line.startswith("::error")]
    assert len(errors) == 10
    assert errors[0].startswith("::error file=lists/icml.md,line=500,title=Newly dead link::")
    assert [line.split(",")[1] for line in errors[1:]] == [f"line={100 + n}" for n in range(9)]
    assert "::notice::3 more dead-link annotation(s) not shown" in lines[10]
    assert lines[11:] == [
        "::warning file=lists/icml.md,line=93,title=Placeholder code::"
        "Paper 3: https://p3.example/ holds no code yet",
        "::warning file=lists/icml.md,line=94,title=Placeholder code::"
        "Paper 4: https://p4.example/ holds no code yet",
    ]


def test_annotation_files_are_workspace_relative_and_list_pages_get_none() -> None:
    def cited(url: str, papers: tuple[str, ...], *places: tuple[str, str, int]) -> LinkResult:
        dead = link(url, "dead")
        occurrences = tuple(Occurrence(pid, path, line, url) for pid, path, line in places)
        return replace(dead, link=replace(dead.link, papers=papers, occurrences=occurrences))

    page = "https://lists.example/page"
    in_files = cited(
        A,
        ("lists/icml.md#1",),
        ("lists/icml.md#1", "/work/repo/lists/a.md", 4),
        ("lists/icml.md#1", page, 9),
        ("lists/icml.md#1", "-", 2),
    )
    on_a_page = cited(B, (f"{page}#1",), (f"{page}#1", page, 9))
    listed = paper(1, 9)
    listed = replace(listed, paper=replace(listed.paper, id=f"{page}#1", source=SourceRef(page, 9)))
    document = card([listed], [in_files, on_a_page])

    lines = actions.annotation_lines(actions.find_annotations(document, workspace="/work/repo"))

    assert [line.split("::")[1] for line in lines] == [
        "error title=Newly dead link",
        "error file=lists/a.md,line=4,title=Newly dead link",
    ]


def test_a_harvested_link_is_annotated_at_its_papers_line() -> None:
    page = "https://lab.github.io/p/"
    dead = link(A, "dead")
    on_page = (Occurrence("lists/icml.md#2", page, 0, A),)
    harvested = replace(
        dead, link=Link(A, LinkKind.WEB, ("lists/icml.md#2",), on_page, found_via=page)
    )
    document = card([paper(1, 3), paper(2, 6)], [harvested])

    (annotation,) = actions.find_annotations(document)

    assert (annotation.file, annotation.line) == ("lists/icml.md", 6)
    assert annotation.message == f"{A} is dead: HTTP 404 Not Found (found on {page})"


def test_the_step_summary_stays_under_one_mebibyte(tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    summary.write_bytes(b"x" * 1000 + b"\n")  # an earlier append in the same step
    markdown = "".join(f"| row {n} | é |\n" for n in range(100_000))  # about 1.6 MB

    actions.append_step_summary(summary, markdown, Path("reports"))

    data = summary.read_bytes()
    assert actions.STEP_SUMMARY_LIMIT - 200 < len(data) <= actions.STEP_SUMMARY_LIMIT
    body, note = data.decode("utf-8").rsplit("\n\n", 1)
    assert body.endswith("| é |")  # whole lines only
    assert note == (
        "*Summary cut at GitHub's 1 MiB step-summary limit; the full report is in `reports`.*\n"
    )


def test_a_small_summary_is_appended_whole(tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("before\n")

    actions.append_step_summary(summary, "# after\n", Path("reports"))

    assert summary.read_text() == "before\n# after\n"


def test_outputs_use_a_heredoc_for_multi_line_values(tmp_path: Path) -> None:
    text = actions.output_text("report-path", "odd\nfolder")
    (tmp_path / "output").write_text(text + actions.output_text("dead", "2"))

    assert text.startswith("report-path<<ghadelimiter_")
    assert read_outputs(tmp_path / "output") == {"report-path": "odd\nfolder", "dead": "2"}


def test_action_outputs_are_the_documented_names() -> None:
    assert tuple(actions.outputs(world(1, "ok"), Path("r"))) == actions.OUTPUT_NAMES


# The tracking issue, against a fake GitHub REST API.


class FakeGitHub(ThreadingHTTPServer):
    """Issues, labels and comments of one repository, `lab/papers`, and every request seen."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), FakeHandler)
        self.requests: list[tuple[str, str, str | None]] = []
        self.issues: dict[int, Json] = {}
        self.comments: dict[int, list[str]] = {}
        self.labels: set[str] = set()
        self.redirect_to: str | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def add_issue(self, **fields: Any) -> int:
        number = len(self.issues) + 1
        self.issues[number] = {"number": number, "state": "open", "labels": [], **fields}
        return number

    def answer(self, method: str, path: str, query: dict[str, list[str]], body: Any) -> Any:
        if self.redirect_to:
            return 301, {"Location": self.redirect_to + path}
        base = "/repos/ml-lab/papers"
        if not path.startswith(base + "/"):
            return 404, {"message": "Not Found"}
        if method == "GET" and path == f"{base}/issues":
            label = query["labels"][0]
            return 200, [
                issue
                for issue in self.issues.values()
                if issue["state"] == query["state"][0] and label in issue["labels"]
            ]
        if method == "POST" and path == f"{base}/labels":
            if body["name"] in self.labels:
                return 422, {"message": "Validation Failed"}
            self.labels.add(body["name"])
            return 201, body
        if method == "POST" and path == f"{base}/issues":
            return 201, self.issues[self.add_issue(**body)]
        number = int(path.split("/")[5])
        if method == "PATCH" and path == f"{base}/issues/{number}":
            self.issues[number].update(body)
            return 200, self.issues[number]
        if method == "POST" and path == f"{base}/issues/{number}/comments":
            self.comments.setdefault(number, []).append(body["body"])
            return 201, {"id": 1, "body": body["body"]}
        return 404, {"message": "Not Found"}


class FakeHandler(BaseHTTPRequestHandler):
    disable_nagle_algorithm = True
    protocol_version = "HTTP/1.1"
    server: FakeGitHub

    def handle_one(self) -> None:
        parts = urlsplit(self.path)
        size = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(size)) if size else None
        self.server.requests.append((self.command, parts.path, self.headers["Authorization"]))
        status, answer = self.server.answer(self.command, parts.path, parse_qs(parts.query), body)
        if status == 301:
            data = b""
            self.send_response(status)
            self.send_header("Location", answer["Location"])
        else:
            data = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_PATCH = handle_one

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def github() -> Iterator[FakeGitHub]:
    yield from serve(FakeGitHub())


def serve(server: FakeGitHub) -> Iterator[FakeGitHub]:
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def sync(document: Scorecard, github: FakeGitHub) -> str:
    return sync_tracking_issue(
        document,
        repository="ml-lab/papers",
        token="s3cret",
        api_url=github.url,
        report_url="https://lab.github.io/papers/",
    )


def test_one_tracking_issue_opened_updated_and_closed(tmp_path: Path, github: FakeGitHub) -> None:
    github.add_issue(title="unrelated", body="no marker", labels=["paper-auditor"])
    github.add_issue(
        title="a pull request",
        body=actions.ISSUE_MARKER,
        labels=["paper-auditor"],
        pull_request={"url": "x"},
    )
    with History.open(tmp_path / "history.sqlite") as store:
        runs = [
            store.record_run(world(1, "ok")),
            store.record_run(world(8, "dead")),
            store.record_run(world(15, "dead")),
            store.record_run(
                card(
                    world(22, "dead").papers,
                    [link(A, "dead", (1, 4), day=22), link(B, "unchecked", (2, 7), day=22)],
                    day=22,
                )
            ),
            store.record_run(world(29, "ok")),
            store.record_run(world(36, "ok")),
        ]

    done = [sync(document, github) for document in runs]

    assert done == ["unchanged", "opened", "unchanged", "updated", "closed", "unchanged"]
    (tracking,) = [issue for issue in github.issues.values() if issue["number"] > 2]
    assert tracking["title"] == actions.ISSUE_TITLE
    assert tracking["labels"] == ["paper-auditor"]
    assert tracking["state"] == "closed"
    assert tracking["state_reason"] == "completed"
    # B was not judged on day 22: still listed as dead, A newly so.
    assert tracking["body"].endswith(
        f"- `{A}`: cited by `Paper 1` at `lists/icml.md:4`; dead since {stamp(22)}\n"
        f"- `{B}`: cited by `Paper 2` at `lists/icml.md:7`; dead since {stamp(8)}; "
        "not checked this run\n"
    )
    assert "https://lab.github.io/papers/" in tracking["body"]
    comments = github.comments[tracking["number"]]
    assert comments[0].startswith(f"1 link(s) newly dead:\n\n- `{A}` **(new)**")
    assert comments[1].startswith("Every dead link listed here resolves again")
    assert {auth for _, _, auth in github.requests} == {"Bearer s3cret"}
    assert [(m, p) for m, p, _ in github.requests if m != "GET"] == [
        ("POST", "/repos/ml-lab/papers/labels"),
        ("POST", "/repos/ml-lab/papers/issues"),
        ("POST", "/repos/ml-lab/papers/issues/3/comments"),
        ("PATCH", "/repos/ml-lab/papers/issues/3"),
        ("POST", "/repos/ml-lab/papers/issues/3/comments"),
        ("PATCH", "/repos/ml-lab/papers/issues/3"),
    ]


def test_untrusted_text_cannot_mention_or_link_in_the_issue(github: FakeGitHub) -> None:
    document = world(8, "dead")
    second = document.papers[1]
    name = "@everyone `<img src=x>` [click](https://evil.example)"
    renamed = replace(second, paper=replace(second.paper, name=name))
    document = replace(document, papers=(document.papers[0], renamed))

    assert sync(document, github) == "opened"

    body = github.issues[1]["body"]
    assert "cited by `@everyone '<img src=x>' [click](https://evil.example)`" in body


def test_the_token_never_follows_a_redirect(github: FakeGitHub) -> None:
    elsewhere = FakeGitHub()
    for other in serve(elsewhere):
        github.redirect_to = other.url

        with pytest.raises(IssueSyncError, match="HTTP 301"):
            sync(world(8, "dead"), github)

        assert other.requests == []


def test_an_api_refusal_is_one_line_for_the_user(github: FakeGitHub) -> None:
    with pytest.raises(IssueSyncError, match=r"^GitHub API GET /issues: HTTP 404 Not Found$"):
        sync_tracking_issue(
            world(8, "dead"), repository="ml-lab/other", token="t", api_url=github.url
        )


def test_a_repository_name_cannot_reach_another_api_path() -> None:
    with pytest.raises(IssueSyncError, match="not an owner/repository name"):
        sync_tracking_issue(world(8, "dead"), repository="ml-lab/papers/../../x", token="t")
