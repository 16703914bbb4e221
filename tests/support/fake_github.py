"""A fake GitHub REST + GraphQL API: a real threaded HTTP server on 127.0.0.1.

One set of `FakeRepo` values feeds both APIs, so both backends can be compared. Answers follow
the shapes of the real ones recorded in shared/github/recorded/ (repository object, contents,
readme with 60-column base64, commits, 301 to /repositories/{id}, 404/409/451 bodies,
GraphQL `NOT_FOUND` errors with the alias as path). GraphQL documents are parsed, validated and
executed by graphql-core against `SCHEMA_SUBSET`, a few types copied from GitHub's schema, so a
misspelt field fails here as it would at GitHub (the full schema check lives in
test_github_graphql_schema.py).

GraphQL cost as GitHub documents it ("Rate limits and query limits for the GraphQL API",
https://docs.github.com/en/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api,
notes in shared/github/API-NOTES.md §2), from the document, not from what the answer holds:
each connection costs one request per node its enclosing connections may return (their `first`
or `last`, as if reached), the sum divided by 100 and rounded half up, at least 1 point; a
missing repository's connections count like a found one's. `rateLimit { cost remaining
resetAt nodeCount }` says it (`documented_cost`).

Releases: `FakeRepo.release` (tag, date) with its `release_assets` (file names), served by REST
(`/releases`, `/releases/latest`, `/releases/tags/{tag}`, hidden from a request without a token
when the repository is private) and GraphQL (`latestRelease`, `release(tagName:)`, `releases`,
`releaseAssets(name:)`).

Issue trackers: `FakeRepo.issues` (`FakeIssue`: title, state, dates, labels, the author
associations of its comments), served by `issues(last: N) { totalCount nodes { … } }` and
`issue(number:) { labels comments }`; `issues(states: OPEN) { totalCount }` stays `open_issues`.

Knobs, for tests and benchmarks: `latency` (seconds slept per request), `rest_budget`
(primary REST limit; 304s are free), `graphql_max_aliases` (a larger batch answers
`graphql_oversize`, one of `GRAPHQL_FAULTS`), `graphql_rate_limited`, `graphql_budget` (points
an hour: once spent, every query answers RATE_LIMITED), `graphql_faults`
(repositories whose first query faults once, each with one of `GRAPHQL_FAULTS`), `token` (a
wrong or missing token gets 401 from GraphQL), and
`script(path, status, body, headers)` to queue exact answers for a path before the normal ones.
Counters: `counts["rest"]`, `counts["rest_304"]`, `counts["raw"]`, `counts["raw_304"]`,
`counts["graphql"]`, `graphql_points`, and `requests` (method, path, headers) for every request.
The REST budget counts as GitHub's does: every answer, 304s included unless the request carried
a token; files of the raw host (`download_url`s, served under `/raw/` like GitHub Enterprise's)
never.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import re
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

from graphql import (
    DocumentNode,
    ExecutionResult,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLNamedType,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    IntValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    VariableNode,
    build_schema,
    execute_sync,
    get_named_type,
    parse,
    validate,
)

SCHEMA_SUBSET = """
scalar DateTime
scalar URI
scalar GitObjectID
interface GitObject { oid: GitObjectID! }
type Blob implements GitObject {
  oid: GitObjectID!
  text: String
  byteSize: Int!
  isBinary: Boolean
  isTruncated: Boolean!
}
type Tree implements GitObject { oid: GitObjectID! entries: [TreeEntry!] }
type TreeEntry { name: String! type: String! }
type Commit implements GitObject { oid: GitObjectID! committedDate: DateTime! }
type Ref { name: String! target: GitObject }
type License { spdxId: String key: String! name: String! pseudoLicense: Boolean! }
type ReleaseAsset { name: String! }
type ReleaseAssetConnection { totalCount: Int! nodes: [ReleaseAsset] }
type Release {
  tagName: String!
  publishedAt: DateTime
  releaseAssets(first: Int, last: Int, name: String): ReleaseAssetConnection!
}
type ReleaseConnection { totalCount: Int! }
enum IssueState { OPEN CLOSED }
enum PullRequestState { OPEN CLOSED MERGED }
enum CommentAuthorAssociation {
  COLLABORATOR CONTRIBUTOR FIRST_TIMER FIRST_TIME_CONTRIBUTOR MANNEQUIN MEMBER NONE OWNER
}
type Label { name: String! }
type LabelConnection { totalCount: Int! nodes: [Label] }
type IssueComment { authorAssociation: CommentAuthorAssociation! }
type IssueCommentConnection { totalCount: Int! nodes: [IssueComment] }
type Issue {
  number: Int!
  title: String!
  state: IssueState!
  createdAt: DateTime!
  closedAt: DateTime
  url: URI!
  labels(first: Int, last: Int): LabelConnection
  comments(first: Int, last: Int): IssueCommentConnection!
}
type IssueConnection { totalCount: Int! nodes: [Issue] }
type PullRequestConnection { totalCount: Int! }
type Repository {
  nameWithOwner: String!
  isArchived: Boolean!
  isDisabled: Boolean!
  isEmpty: Boolean!
  isFork: Boolean!
  isPrivate: Boolean!
  parent: Repository
  licenseInfo: License
  description: String
  homepageUrl: URI
  pushedAt: DateTime
  createdAt: DateTime!
  stargazerCount: Int!
  forkCount: Int!
  issues(states: [IssueState!], first: Int, last: Int): IssueConnection!
  issue(number: Int!): Issue
  pullRequests(states: [PullRequestState!], first: Int): PullRequestConnection!
  latestRelease: Release
  release(tagName: String!): Release
  releases(first: Int, last: Int): ReleaseConnection!
  defaultBranchRef: Ref
  object(expression: String, oid: GitObjectID): GitObject
}
type RateLimit {
  cost: Int!
  remaining: Int!
  resetAt: DateTime!
  limit: Int!
  used: Int!
  nodeCount: Int!
}
type Query {
  repository(owner: String!, name: String!, followRenames: Boolean = true): Repository
  rateLimit(dryRun: Boolean = false): RateLimit
}
"""
_SCHEMA = build_schema(SCHEMA_SUBSET)
_README = re.compile(r"readme(\.[a-z0-9]+)?", re.IGNORECASE)
_README_RANK = {".md": 0, ".markdown": 1, ".rst": 2, ".txt": 3, "": 4}
_DOCS = "https://docs.github.com/rest"


@dataclass(frozen=True)
class FakeIssue:
    """One issue of a fake tracker (numbered by its place in `FakeRepo.issues`, from 1)."""

    title: str
    open: bool = True
    created_at: str = "2025-11-02T09:00:00Z"
    closed_at: str | None = None
    labels: tuple[str, ...] = ()
    # The `authorAssociation` of each comment, in order: "OWNER", "MEMBER", "NONE", …
    comments: tuple[str, ...] = ()


@dataclass
class FakeRepo:
    """One repository as both fake APIs serve it. `last_commit_at=None` means empty."""

    full_name: str
    files: dict[str, str] = field(default_factory=dict)  # path → text; folders implied
    archived: bool = False
    disabled: bool = False
    private: bool = False  # seen only with the token
    parent: str | None = None
    # The REST licence object; {"key": "other", …, "spdx_id": "NOASSERTION"} for Other.
    license: dict[str, Any] | None = None
    description: str | None = None
    homepage: str | None = None
    created_at: str = "2021-03-01T10:00:00Z"
    pushed_at: str = "2024-05-02T08:30:00Z"
    last_commit_at: str | None = "2024-05-01T17:45:12Z"
    stars: int = 12
    forks: int = 3
    open_issues: int = 2
    open_pulls: int = 1
    release: tuple[str, str] | None = None  # (tag, published_at)
    release_assets: tuple[str, ...] = ()  # the names of the files attached to the release
    default_branch: str = "main"
    old_names: tuple[str, ...] = ()  # names that now redirect here (renames, transfers)
    blocked: str | None = None  # a block reason such as "dmca": answers 451 (tos: 403)
    ahead_by: int = 0  # for a fork: commits of its own on its default branch
    # Branches and tags besides the default branch (names may hold '/'), each with its files.
    refs: dict[str, dict[str, str]] = field(default_factory=dict)
    # The issue tracker, oldest first (`issues(last: N)` serves the latest N).
    issues: tuple[FakeIssue, ...] = ()
    id: int = 0

    @property
    def empty(self) -> bool:
        return self.last_commit_at is None


@dataclass(frozen=True)
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes = b""


# The faults GitHub's GraphQL endpoint is seen to answer, by name: a secondary rate limit (403,
# Retry-After: 0); a plain 502 (a gateway's fault of the moment, no reason given); its 10 s
# timeout, as a 502 or 504 "We couldn't respond to your request in time"; and a 200 whose error
# says "Something went wrong … may be the result of a timeout" (shared/github/API-NOTES.md §3).
GRAPHQL_FAULTS = ("secondary", "502", "timeout", "504", "wrong")
_NOT_IN_TIME = {"message": "We couldn't respond to your request in time."}
_WENT_WRONG = (
    "Something went wrong while executing your query. This may be the result of a timeout, "
    "or it could be a GitHub bug."
)


class FakeGitHub:
    def __init__(
        self,
        repos: Iterable[FakeRepo] = (),
        *,
        latency: float = 0.0,
        rest_budget: int | None = None,
        graphql_max_aliases: int | None = None,
        graphql_oversize: str = "timeout",
        graphql_rate_limited: bool = False,
        token: str | None = None,
        users: Iterable[str] = (),
        gists: Iterable[str] = (),
        graphql_faults: dict[str, str] | None = None,
        graphql_budget: int = 5000,
    ) -> None:
        self.repos: dict[str, FakeRepo] = {}
        for number, repo in enumerate(repos, start=1000):
            repo.id = repo.id or number
            self.repos[repo.full_name.casefold()] = repo
        self.latency = latency
        self.rest_budget = rest_budget
        self.graphql_max_aliases = graphql_max_aliases
        self.graphql_oversize = graphql_oversize
        self.graphql_rate_limited = graphql_rate_limited
        self.graphql_budget = graphql_budget
        # owner/name → one of GRAPHQL_FAULTS: the first query that asks for that repository
        # gets that fault instead of an answer, once.
        self.graphql_faults = {k.casefold(): v for k, v in (graphql_faults or {}).items()}
        self.token = token
        self.users = {u.casefold() for u in users}
        self.gists = set(gists)
        self.counts: Counter[str] = Counter()
        self.graphql_points = 0
        self.requests: list[Recorded] = []
        self._scripts: dict[str, deque[tuple[int, str, dict[str, str]]]] = {}
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    # Lifecycle ---------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        assert self._server is not None, "start() the fake first"
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> FakeGitHub:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def do_GET(self) -> None:
                fake._handle(self, "GET")

            def do_POST(self) -> None:
                fake._handle(self, "POST")

            def log_message(self, format: str, *args: object) -> None:
                del format, args

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        # A short poll interval keeps stop() quick; tests start many servers.
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        ).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> FakeGitHub:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def script(
        self, path: str, status: int, body: object = "", headers: dict[str, str] | None = None
    ) -> None:
        """Queues one exact answer for `path` (without query string), served before the rest."""
        text = body if isinstance(body, str) else json.dumps(body)
        with self._lock:
            self._scripts.setdefault(path, deque()).append((status, text, headers or {}))

    # Dispatch ----------------------------------------------------------------------------------

    def _handle(self, request: BaseHTTPRequestHandler, method: str) -> None:
        length = int(request.headers.get("content-length") or 0)
        payload = request.rfile.read(length) if length else b""
        parts = urlsplit(request.path)
        path = unquote(parts.path)
        with self._lock:
            self.requests.append(
                Recorded(method, request.path, dict(request.headers.items()), payload)
            )
            scripted = self._scripts.get(path)
            answer = scripted.popleft() if scripted else None
        if self.latency:
            time.sleep(self.latency)
        if answer is None:
            if method == "POST" and path == "/graphql":
                answer = self._graphql(request, payload)
            elif path.startswith("/raw/"):
                answer = self._raw(request, path)
            else:
                answer = self._rest(request, path, parse_qs(parts.query))
        status, text, headers = answer
        body = text.encode()
        request.send_response(status)
        if status != 304:
            request.send_header("Content-Type", headers.pop("content-type", "application/json"))
        for name, value in headers.items():
            request.send_header(name, value)
        request.send_header("Content-Length", str(len(body)))
        request.end_headers()
        request.wfile.write(body)

    # REST --------------------------------------------------------------------------------------

    def _rest(
        self, request: BaseHTTPRequestHandler, path: str, query: dict[str, list[str]]
    ) -> tuple[int, str, dict[str, str]]:
        status, body, extra = self._rest_answer(path, query)
        if status == 200 and self._hidden_release(path, request):
            # GitHub shows a private repository's releases to its token only.
            status, body, extra = 404, _not_found("releases/releases#get-a-release"), {}
        text = json.dumps(body)
        etag = 'W/"' + hashlib.sha1(text.encode()).hexdigest() + '"'
        with self._lock:
            not_modified = status == 200 and request.headers.get("if-none-match") == etag
            # GitHub: a 304 is free only for an authorised request; without a token it counts.
            if not_modified and request.headers.get("authorization"):
                self.counts["rest_304"] += 1
                return 304, "", {"ETag": etag, **self._limit_headers()}
            if not_modified and (self.rest_budget is None or self.rest_budget > 0):
                self.counts["rest_304"] += 1
                if self.rest_budget is not None:
                    self.rest_budget -= 1
                return 304, "", {"ETag": etag, **self._limit_headers()}
            self.counts["rest"] += 1
            if self.rest_budget is not None:
                if self.rest_budget <= 0:
                    message = {
                        "message": "API rate limit exceeded for 127.0.0.1. (But here's the good"
                        " news: Authenticated requests get a higher rate limit.)",
                        "documentation_url": f"{_DOCS}/overview/rate-limits-for-the-rest-api",
                    }
                    return 403, json.dumps(message), self._limit_headers()
                self.rest_budget -= 1
            headers = {**self._limit_headers(), **extra}
        if status == 200:
            headers["ETag"] = etag
        return status, text, headers

    def _hidden_release(self, path: str, request: BaseHTTPRequestHandler) -> bool:
        segments = [s for s in path.split("/") if s]
        if segments[:1] != ["repos"] or segments[3:4] != ["releases"]:
            return False
        repo = self.repos.get(f"{segments[1]}/{segments[2]}".casefold())
        return repo is not None and repo.private and not request.headers.get("authorization")

    def _raw(self, request: BaseHTTPRequestHandler, path: str) -> tuple[int, str, dict[str, str]]:
        """The raw host of `download_url`s (`/raw/{owner}/{repo}/{ref}/{path}`, as GitHub
        Enterprise serves it; raw.githubusercontent.com on github.com): file contents, an ETag,
        no rate-limit headers, outside the REST budget. Counted as `raw` / `raw_304`."""
        segments = path.split("/", 4)  # "", "raw", owner, repo, ref/path
        repo = (
            self.repos.get(f"{segments[2]}/{segments[3]}".casefold())
            if len(segments) == 5
            else None
        )
        with self._lock:
            self.counts["raw"] += 1
        files: dict[str, str] = {}
        file_path = ""
        if repo is not None and not repo.empty:
            # The longest ref the path starts with: refs may hold '/'.
            for ref in sorted({repo.default_branch, *repo.refs}, key=len, reverse=True):
                if segments[4].startswith(ref + "/"):
                    files, file_path = _files_at(repo, ref) or {}, segments[4][len(ref) + 1 :]
                    break
        if file_path not in files:
            return 404, "404: Not Found", {"content-type": "text/plain; charset=utf-8"}
        text = files[file_path]
        etag = '"' + _sha(text) + '"'
        if request.headers.get("if-none-match") == etag:
            with self._lock:
                self.counts["raw"] -= 1
                self.counts["raw_304"] += 1
            return 304, "", {"ETag": etag}
        return 200, text, {"content-type": "text/plain; charset=utf-8", "ETag": etag}

    def _limit_headers(self) -> dict[str, str]:
        remaining = 5000 if self.rest_budget is None else self.rest_budget
        return {
            "x-ratelimit-limit": "60" if self.rest_budget is not None else "5000",
            "x-ratelimit-remaining": str(remaining),
            "x-ratelimit-reset": str(int(time.time()) + 3600),
            "x-ratelimit-resource": "core",
            "x-github-api-version-selected": "2022-11-28",
        }

    def _rest_answer(
        self, path: str, query: dict[str, list[str]]
    ) -> tuple[int, object, dict[str, str]]:
        segments = [s for s in path.split("/") if s]
        if segments[:1] == ["users"] and len(segments) == 2:
            if segments[1].casefold() in self.users:
                return 200, {"login": segments[1], "type": "User"}, {}
            return 404, _not_found("users/users#get-a-user"), {}
        if segments[:1] == ["gists"] and len(segments) == 2:
            if segments[1] in self.gists:
                return 200, {"id": segments[1], "files": {}}, {}
            return 404, _not_found("gists/gists#get-a-gist"), {}
        if segments[:1] == ["repositories"] and len(segments) == 2:
            by_id = {str(r.id): r for r in self.repos.values()}
            repo = by_id.get(segments[1])
            if repo is None:
                return 404, _not_found("repos/repos#get-a-repository"), {}
            return 200, self._repo_json(repo), {}
        if segments[:1] != ["repos"] or len(segments) < 3:
            return 404, _not_found(""), {}
        asked = f"{segments[1]}/{segments[2]}".casefold()
        if segments[3:4] == ["compare"] and len(segments) == 5:
            return self._compare(f"{segments[1]}/{segments[2]}", segments[4])
        repo = self.repos.get(asked)
        if repo is None:
            moved = next((r for r in self.repos.values() if asked in _folded(r.old_names)), None)
            if moved is not None:
                location = f"{self.url}/repositories/{moved.id}"
                body = {
                    "message": "Moved Permanently",
                    "url": location,
                    "documentation_url": "https://docs.github.com/rest/guides/best-practices",
                }
                return 301, body, {"Location": location}
            return 404, _not_found("repos/repos#get-a-repository"), {}
        if repo.blocked:
            notice = "https://github.com/github/dmca/blob/master/2023/02/notice.md"
            body = {
                "message": "Repository access blocked",
                "block": {
                    "reason": repo.blocked,
                    "created_at": "2023-02-01T00:00:00Z",
                    "html_url": notice if repo.blocked == "dmca" else None,
                },
            }
            return (451 if repo.blocked == "dmca" else 403), body, {}
        rest = segments[3:]
        if not rest:
            return 200, self._repo_json(repo), {}
        if rest == ["commits"]:
            if repo.empty:
                return 409, _error("Git Repository is empty.", "409"), {}
            return 200, [_commit_json(repo)], {}
        if rest[0] == "contents":
            if repo.empty:
                return 404, _error("This repository is empty.", "404"), {}
            return self._contents(repo, "/".join(rest[1:]), (query.get("ref") or [None])[0])
        if rest == ["readme"]:
            readme = _preferred_readme(repo.files)
            if readme is None or repo.empty:
                return 404, _not_found("repos/contents#get-a-repository-readme"), {}
            return 200, _file_json(repo, readme, self._raw_root()), {}
        if rest == ["releases"]:  # newest first; per_page is not needed for 0 or 1 release
            if repo.release is None:
                return 200, [], {}
            return 200, [_release_json(repo, *repo.release)], {}
        if rest == ["releases", "latest"]:
            if repo.release is None:
                return 404, _not_found("releases/releases#get-the-latest-release"), {}
            tag, date = repo.release
            return 200, _release_json(repo, tag, date), {}
        if rest[:2] == ["releases", "tags"] and repo.release and rest[2:] == [repo.release[0]]:
            return 200, _release_json(repo, *repo.release), {}
        return 404, _not_found(""), {}

    def _compare(self, parent: str, spec: str) -> tuple[int, object, dict[str, str]]:
        """`base...owner:branch` across a fork network: the fork's own commits as `ahead_by`."""
        _, _, head = spec.partition("...")
        owner, _, branch = head.partition(":")
        fork = next(
            (
                r
                for r in self.repos.values()
                if (r.parent or "").casefold() == parent.casefold()
                and r.full_name.split("/")[0] == owner
            ),
            None,
        )
        if fork is None or branch != fork.default_branch:
            return 404, _not_found("commits/commits#compare-two-commits"), {}
        status = "ahead" if fork.ahead_by else "identical"
        body = {"status": status, "ahead_by": fork.ahead_by, "behind_by": 0, "total_commits": 0}
        return 200, body, {}

    def _contents(
        self, repo: FakeRepo, path: str, ref: str | None = None
    ) -> tuple[int, object, dict[str, str]]:
        files = _files_at(repo, ref)
        if files is None:
            return 404, _error(f"No commit found for the ref {ref}", "404"), {}
        ref = ref or repo.default_branch
        if path in files:
            return 200, _file_json(repo, path, self._raw_root(), ref), {}
        prefix = f"{path}/" if path else ""
        names: dict[str, bool] = {}  # name → is_file
        for file_path in files:
            if file_path.startswith(prefix):
                head, _, tail = file_path[len(prefix) :].partition("/")
                names[head] = names.get(head, False) or not tail
        if not names:
            return 404, _not_found("repos/contents#get-repository-content"), {}
        listing = [
            _entry_json(repo, prefix + name, is_file, self._raw_root(), ref)
            for name, is_file in sorted(names.items())
        ]
        return 200, listing, {}

    def _raw_root(self) -> str:
        return f"{self.url}/raw"

    def _repo_json(self, repo: FakeRepo) -> dict[str, object]:
        owner, name = repo.full_name.split("/")
        api = f"{self.url}/repos/{repo.full_name}"
        body: dict[str, object] = {
            "id": repo.id,
            "node_id": f"R_kgDO{repo.id}",
            "name": name,
            "full_name": repo.full_name,
            "private": repo.private,
            "owner": {"login": owner, "id": repo.id + 1, "type": "User", "site_admin": False},
            "html_url": f"https://github.com/{repo.full_name}",
            "description": repo.description,
            "fork": repo.parent is not None,
            "url": api,
            "created_at": repo.created_at,
            "updated_at": repo.pushed_at,
            "pushed_at": repo.pushed_at,
            "homepage": repo.homepage or "",  # REST answers "" where GraphQL answers null
            "size": 0 if repo.empty else 1234,
            "stargazers_count": repo.stars,
            "watchers_count": repo.stars,
            "language": "Python",
            "has_issues": True,
            "forks_count": repo.forks,
            "mirror_url": None,
            "archived": repo.archived,
            "disabled": repo.disabled,
            "open_issues_count": repo.open_issues + repo.open_pulls,
            "license": repo.license,
            "topics": [],
            "visibility": "public",
            "forks": repo.forks,
            "open_issues": repo.open_issues + repo.open_pulls,
            "watchers": repo.stars,
            "default_branch": repo.default_branch,
            "network_count": repo.forks,
            "subscribers_count": 4,
        }
        if repo.parent is not None:
            parent = {
                "full_name": repo.parent,
                "fork": False,
                "id": repo.id + 7,
                "default_branch": "main",
            }
            body["parent"] = body["source"] = parent
        return body

    # GraphQL -----------------------------------------------------------------------------------

    def _graphql(
        self, request: BaseHTTPRequestHandler, payload: bytes
    ) -> tuple[int, str, dict[str, str]]:
        with self._lock:
            self.counts["graphql"] += 1
        limits = {
            "x-ratelimit-limit": str(self.graphql_budget),
            "x-ratelimit-remaining": str(self._graphql_left()),
            "x-ratelimit-reset": str(int(time.time()) + 3600),
            "x-ratelimit-resource": "graphql",
        }
        if self.token is not None and request.headers.get("authorization") != (
            f"Bearer {self.token}"
        ):
            return 401, json.dumps({"message": "Bad credentials", "status": "401"}), limits
        try:
            body = json.loads(payload)
            document, variables = body["query"], body.get("variables") or {}
        except (ValueError, KeyError, TypeError):
            return 400, json.dumps({"message": "Problems parsing JSON"}), limits
        fault = self._fault(variables)
        aliases = document.count(": repository(")
        if fault is None and self.graphql_max_aliases is not None:
            fault = self.graphql_oversize if aliases > self.graphql_max_aliases else None
        if fault == "secondary":
            message = {
                "message": "You have exceeded a secondary rate limit. Please wait a few minutes "
                "before you try again.",
                "documentation_url": f"{_DOCS}/overview/rate-limits-for-the-rest-api",
            }
            return 403, json.dumps(message), {**limits, "retry-after": "0"}
        if fault == "502":
            return 502, "", limits
        if fault in ("timeout", "504"):
            return 502 if fault == "timeout" else 504, json.dumps(_NOT_IN_TIME), limits
        if fault == "wrong":
            return 200, json.dumps({"data": None, "errors": [{"message": _WENT_WRONG}]}), limits
        assert fault is None, f"unknown GraphQL fault {fault!r}"
        if self._graphql_left() == 0:
            error = {"type": "RATE_LIMITED", "message": "API rate limit exceeded for user ID 1."}
            return 200, json.dumps({"data": None, "errors": [error]}), limits
        try:
            requests, nodes = documented_cost(_SCHEMA, document, variables)
        except GraphQLError:
            requests = nodes = 0  # `_checked` below answers the syntax error
        context = {"requests": requests, "nodes": nodes}
        parsed, invalid = _checked(document)
        result = (
            ExecutionResult(None, list(invalid))
            if parsed is None or invalid
            else execute_sync(
                _SCHEMA,
                parsed,
                root_value=self._root(context),
                context_value=context,
                variable_values=variables,
            )
        )
        answer: dict[str, object] = {"data": result.data}
        if result.errors:
            answer["errors"] = [_format_error(e) for e in result.errors]
            if result.data is None:  # a document GitHub would reject: say so loudly
                return 200, json.dumps(answer), limits
        return 200, json.dumps(answer), limits

    def _graphql_left(self) -> int:
        if self.graphql_rate_limited:
            return 0
        with self._lock:
            return max(0, self.graphql_budget - self.graphql_points)

    def _fault(self, variables: dict[str, object]) -> str | None:
        """The scripted fault of the first faulting repository this query asks for (once)."""
        if not self.graphql_faults:
            return None
        for key, owner in variables.items():
            name = variables.get("n" + key[1:]) if key.startswith("o") else None
            if not isinstance(owner, str) or not isinstance(name, str):
                continue
            with self._lock:
                fault = self.graphql_faults.pop(f"{owner}/{name}".casefold(), None)
            if fault is not None:
                return fault
        return None

    def _root(self, context: dict[str, int]) -> dict[str, object]:
        # Parameter names are GraphQL's argument names.
        def repository(info: object, owner: str, name: str, followRenames: bool = True) -> object:
            asked = f"{owner}/{name}".casefold()
            repo = self.repos.get(asked)
            if repo is None and followRenames:
                repo = next((r for r in self.repos.values() if asked in _folded(r.old_names)), None)
            if repo is not None and repo.blocked:
                # GraphQL does not document blocks; it answers an error without NOT_FOUND.
                raise _Blocked("Repository access blocked")
            if repo is None:
                raise _NotFound(
                    f"Could not resolve to a Repository with the name '{owner}/{name}'."
                )
            return self._repo_node(repo)

        def rate_limit(info: object, dryRun: bool = False) -> object:
            # GitHub's formula: the requests, divided by 100 and rounded, at least 1.
            cost = max(1, (context["requests"] + 50) // 100)
            with self._lock:
                self.graphql_points += cost
                used = self.graphql_points
            return {
                "cost": cost,
                "remaining": max(0, self.graphql_budget - used),
                "resetAt": "2030-01-01T00:00:00Z",
                "limit": self.graphql_budget,
                "used": used,
                "nodeCount": context["nodes"],
            }

        return {"repository": repository, "rateLimit": rate_limit}

    def _repo_node(self, repo: FakeRepo) -> dict[str, object]:
        def connection(count: int) -> Callable[..., object]:
            def resolve(info: object, **args: object) -> object:
                return {"totalCount": count}

            return resolve

        def issues(info: object, **args: object) -> object:
            if args.get("states") is not None:  # the open count, as it always was
                return {"totalCount": repo.open_issues}
            last = args.get("last")
            shown = repo.issues[-last:] if isinstance(last, int) and last > 0 else ()
            first = len(repo.issues) - len(shown) + 1
            nodes = [self._issue_node(repo, first + k, i) for k, i in enumerate(shown)]
            return {"totalCount": len(repo.issues), "nodes": nodes}

        def issue(info: object, number: int) -> object:
            if not 1 <= number <= len(repo.issues):
                raise _NotFound(f"Could not resolve to an issue with the number of {number}.")
            return self._issue_node(repo, number, repo.issues[number - 1])

        def release_node() -> dict[str, object] | None:
            if repo.release is None:
                return None

            def assets(info: object, name: str | None = None, **limits: object) -> object:
                named = [a for a in repo.release_assets if name is None or a == name]
                shown = named[: limits["first"]] if isinstance(limits.get("first"), int) else []
                return {"totalCount": len(named), "nodes": [{"name": a} for a in shown]}

            tag, published = repo.release
            return {"tagName": tag, "publishedAt": published, "releaseAssets": assets}

        def git_object(
            info: object, expression: str | None = None, oid: str | None = None
        ) -> object:
            if repo.empty or expression is None or ":" not in expression:
                return None
            revision, _, path = expression.partition(":")  # refs never hold ':'
            files = _files_at(repo, None if revision == "HEAD" else revision)
            return None if files is None else _git_object(files, path)

        license_info = None
        if repo.license is not None:
            spdx = repo.license.get("spdx_id")
            license_info = {
                "spdxId": spdx,
                "key": repo.license["key"],
                "name": repo.license["name"],
                "pseudoLicense": repo.license["key"] == "other",
            }
        return {
            "nameWithOwner": repo.full_name,
            "isArchived": repo.archived,
            "isDisabled": repo.disabled,
            "isEmpty": repo.empty,
            "isFork": repo.parent is not None,
            "isPrivate": repo.private,
            "parent": (
                {"nameWithOwner": repo.parent, "defaultBranchRef": {"name": "main"}}
                if repo.parent
                else None
            ),
            "licenseInfo": license_info,
            "description": repo.description,
            "homepageUrl": repo.homepage,
            "pushedAt": repo.pushed_at,
            "createdAt": repo.created_at,
            "stargazerCount": repo.stars,
            "forkCount": repo.forks,
            "issues": issues,
            "issue": issue,
            "pullRequests": connection(repo.open_pulls),
            "latestRelease": release_node(),
            "release": lambda info, tagName: (
                release_node() if repo.release and tagName == repo.release[0] else None
            ),
            "releases": connection(1 if repo.release else 0),
            "defaultBranchRef": (
                None
                if repo.empty
                else {
                    "name": repo.default_branch,
                    "target": {
                        "__typename": "Commit",
                        "oid": head_oid(repo),
                        "committedDate": repo.last_commit_at,
                    },
                }
            ),
            "object": git_object,
        }

    def _issue_node(self, repo: FakeRepo, number: int, issue: FakeIssue) -> dict[str, object]:
        def limited(items: list[dict[str, object]]) -> Callable[..., object]:
            def resolve(info: object, first: int | None = None, last: int | None = None) -> object:
                shown = items[:first] if first is not None else items[-(last or 0) :]
                return {"totalCount": len(items), "nodes": shown}

            return resolve

        return {
            "number": number,
            "title": issue.title,
            "state": "OPEN" if issue.open else "CLOSED",
            "createdAt": issue.created_at,
            "closedAt": issue.closed_at,
            "url": f"https://github.com/{repo.full_name}/issues/{number}",
            "labels": limited([{"name": name} for name in issue.labels]),
            "comments": limited([{"authorAssociation": a} for a in issue.comments]),
        }


def documented_cost(
    schema: GraphQLSchema, document: str, variables: dict[str, object]
) -> tuple[int, int]:
    """(requests, nodes) of a query by GitHub's documented formula: each connection asked (a
    field whose type's name ends in `Connection`) costs one request for every node its
    enclosing connections may return (their `first` or `last`, assumed reached); the nodes are
    what those limits allow. The doc's example: `repositories(first: 100) { issues(first: 50)
    { labels(first: 60) } }` is 1 + 100 + 5,000 = 5,101 requests."""
    ast = _parsed(document)
    fragments = {d.name.value: d for d in ast.definitions if isinstance(d, FragmentDefinitionNode)}
    totals = [0, 0]

    def limit(node: FieldNode) -> int:
        for argument in node.arguments:
            if argument.name.value in ("first", "last"):
                value = argument.value
                if isinstance(value, IntValueNode):
                    return int(value.value)
                if isinstance(value, VariableNode):
                    given = variables.get(value.name.value)
                    return given if isinstance(given, int) else 1
        return 1  # no limit: only `totalCount` can be asked, no node

    def walk(selections: SelectionSetNode, parent: GraphQLNamedType | None, times: int) -> None:
        for selection in selections.selections:
            if isinstance(selection, FieldNode):
                fields = parent.fields if isinstance(parent, GraphQLObjectType) else {}
                definition = fields.get(selection.name.value)
                if definition is None or selection.selection_set is None:
                    continue
                named = get_named_type(definition.type)
                inner = times
                if named.name.endswith("Connection"):
                    totals[0] += times
                    inner = times * limit(selection)
                    totals[1] += inner
                walk(selection.selection_set, named, inner)
            elif isinstance(selection, InlineFragmentNode):
                condition = selection.type_condition
                walk(
                    selection.selection_set,
                    schema.get_type(condition.name.value) if condition else parent,
                    times,
                )
            elif isinstance(selection, FragmentSpreadNode):
                fragment = fragments[selection.name.value]
                walk(
                    fragment.selection_set,
                    schema.get_type(fragment.type_condition.name.value),
                    times,
                )

    for definition in ast.definitions:
        if isinstance(definition, OperationDefinitionNode):
            walk(definition.selection_set, schema.query_type, 1)
    return totals[0], totals[1]


@functools.lru_cache(maxsize=512)
def _parsed(document: str) -> DocumentNode:
    """The syntax tree of a query, read once: a run's batches send the same few documents (the
    values are variables), and a 30-repository batch took 23 ms to parse, twice an answer. The
    tree is only read, never changed."""
    return parse(document)


@functools.lru_cache(maxsize=512)
def _checked(document: str) -> tuple[DocumentNode | None, tuple[GraphQLError, ...]]:
    """A query's tree and what GitHub's schema rules find wrong in it, as `graphql_sync` would
    answer before it executes: validated once a document (70 ms for a 30-repository batch)."""
    try:
        parsed = _parsed(document)
    except GraphQLError as error:
        return None, (error,)
    return parsed, tuple(validate(_SCHEMA, parsed))


class _NotFound(Exception):
    pass


class _Blocked(Exception):
    pass


def _format_error(error: GraphQLError) -> dict[str, object]:
    formatted: dict[str, object] = dict(error.formatted)
    if isinstance(error.original_error, _NotFound):
        formatted = {"type": "NOT_FOUND", **formatted}
    return formatted


def _files_at(repo: FakeRepo, ref: str | None) -> dict[str, str] | None:
    """The files of `ref` (None: the default branch); None when the repository has no such
    ref."""
    if ref is None or ref == repo.default_branch:
        return repo.files
    return repo.refs.get(ref)


def _git_object(files: dict[str, str], path: str) -> dict[str, object] | None:
    if path in files:
        text = files[path]
        return {
            "__typename": "Blob",
            "oid": _sha(text),
            "text": text,
            "byteSize": len(text.encode()),
            "isBinary": False,
            "isTruncated": False,
        }
    prefix = f"{path.rstrip('/')}/" if path else ""
    entries: dict[str, bool] = {}
    for file_path in files:
        if file_path.startswith(prefix):
            head, _, tail = file_path[len(prefix) :].partition("/")
            entries[head] = entries.get(head, False) or not tail
    if not entries:
        return None
    return {
        "__typename": "Tree",
        "oid": _sha(path),
        "entries": [
            {"name": name, "type": "blob" if is_file else "tree"}
            for name, is_file in sorted(entries.items())
        ],
    }


def _preferred_readme(files: dict[str, str]) -> str | None:
    """GitHub shows the README of `.github/`, else of the root, else of `docs/`."""
    for folder in (".github/", "", "docs/"):
        names = [
            p[len(folder) :]
            for p in files
            if p.startswith(folder)
            and "/" not in p[len(folder) :]
            and _README.fullmatch(p[len(folder) :])
        ]
        if names:
            best = min(names, key=lambda n: (_README_RANK.get(_suffix(n), 5), n))
            return folder + best
    return None


def _suffix(name: str) -> str:
    return ("." + name.rsplit(".", 1)[1]).casefold() if "." in name else ""


def _file_json(
    repo: FakeRepo, path: str, raw_root: str, ref: str | None = None
) -> dict[str, object]:
    raw = (_files_at(repo, ref) or {})[path].encode()
    encoded = base64.b64encode(raw).decode()
    content = "".join(encoded[i : i + 60] + "\n" for i in range(0, len(encoded), 60))
    entry = _entry_json(repo, path, True, raw_root, ref)
    return {**entry, "content": content, "encoding": "base64"}


def _entry_json(
    repo: FakeRepo, path: str, is_file: bool, raw_root: str, ref: str | None = None
) -> dict[str, object]:
    api = f"https://api.github.com/repos/{repo.full_name}"
    web = f"https://github.com/{repo.full_name}"
    ref = ref or repo.default_branch
    files = _files_at(repo, ref) or {}
    sha = _sha(files.get(path, path))
    return {
        "name": path.rsplit("/", 1)[-1],
        "path": path,
        "sha": sha,
        "size": len(files[path].encode()) if is_file else 0,
        "url": f"{api}/contents/{path}?ref={ref}",
        "html_url": f"{web}/{'blob' if is_file else 'tree'}/{ref}/{path}",
        "git_url": f"{api}/git/{'blobs' if is_file else 'trees'}/{sha}",
        "download_url": (f"{raw_root}/{repo.full_name}/{ref}/{quote(path)}" if is_file else None),
        "type": "file" if is_file else "dir",
        "_links": {"self": f"{api}/contents/{path}", "git": f"{api}/git/blobs/{sha}"},
    }


def _commit_json(repo: FakeRepo) -> dict[str, object]:
    sha = head_oid(repo)
    person = {"name": "A. Author", "email": "a@example.org", "date": repo.last_commit_at}
    return {
        "sha": sha,
        "node_id": f"C_{sha[:20]}",
        "commit": {
            "author": person,
            "committer": person,
            "message": "Update README",
            "tree": {"sha": _sha(sha)},
            "comment_count": 0,
        },
        "url": f"https://api.github.com/repos/{repo.full_name}/commits/{sha}",
        "html_url": f"https://github.com/{repo.full_name}/commit/{sha}",
        "parents": [],
    }


def _release_json(repo: FakeRepo, tag: str, date: str) -> dict[str, object]:
    """The REST reference's release ("Releases" → "Get a release by tag name"), its `assets`
    each {id, name, size, state, browser_download_url}."""
    assets = [
        {
            "id": 500 + i,
            "name": name,
            "label": "",
            "state": "uploaded",
            "content_type": "application/octet-stream",
            "size": 2048,
            "download_count": 3,
            "browser_download_url": f"https://github.com/{repo.full_name}/releases/download/"
            f"{tag}/{quote(name)}",
        }
        for i, name in enumerate(repo.release_assets)
    ]
    return {
        "url": f"https://api.github.com/repos/{repo.full_name}/releases/1",
        "html_url": f"https://github.com/{repo.full_name}/releases/tag/{tag}",
        "id": 1,
        "tag_name": tag,
        "target_commitish": repo.default_branch,
        "name": tag,
        "draft": False,
        "prerelease": False,
        "created_at": date,
        "published_at": date,
        "assets": assets,
    }


def _not_found(doc: str) -> dict[str, str]:
    return {"message": "Not Found", "documentation_url": f"{_DOCS}/{doc}", "status": "404"}


def _error(message: str, status: str) -> dict[str, str]:
    return {"message": message, "documentation_url": _DOCS, "status": status}


def head_oid(repo: FakeRepo) -> str:
    """The default branch's head, the same in the REST and the GraphQL answers."""
    return _sha(repo.full_name + str(repo.last_commit_at))


def _sha(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()


def _folded(names: Iterable[str]) -> set[str]:
    return {n.casefold() for n in names}
