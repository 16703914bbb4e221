"""Facts about GitHub repositories, read through GitHub's APIs (never its HTML pages).

Entry point: `GitHubFacts(client, settings, api_cache=...)`, then `await facts.repos([...])`
and `await facts.other(url)`. Two backends give identical `RepoFacts` (all fields but `source`):

* GraphQL, when `settings.github_token` is set: aliased batches of `GRAPHQL_BATCH` repositories
  per query (`r0: repository(owner: $o0, name: $n0) { ...Repo }` …, plus `rateLimit`). A batch
  that times out or answers 502/504 or a node/resource-limit error is split in halves and
  retried; a `NOT_FOUND` alias is a missing repository while the rest of the batch is kept;
  `nameWithOwner` ≠ the name asked (case-insensitively) is a rename. The README is read in the
  same query when it is the root `README.md` or `README.rst`; any other README (`.github/`,
  `docs/`, another name) costs one more query per batch, for the repositories that need it.
* REST, without a token (60 requests/hour): per repository `GET /repos/{o}/{r}` (licence,
  archived, fork, parent, dates, counts), `/commits?per_page=1` (last commit; 409 means empty,
  and an empty repository stops there), `/contents/` (root listing), `/readme` (only when the
  listing shows a README or a `.github`/`docs` folder), `/releases?per_page=1` (the newest
  release; `/releases/latest` only when that one is a draft or a pre-release), and
  `/contents/{requirements.txt,environment.yml,pyproject.toml}` only when such a file must be
  read to decide `deps_pinned` (no lock file): 5 requests for most repositories, one more per
  such file. Conditional requests reuse stored ETags (`ApiCache`): a 304 costs no quota, and
  every answer but a 404 or a redirect can be one. When the budget left cannot cover the
  list, one warning says so up front and suggests a token.

Follow-ups, with either backend (issue 13):

* a fork is compared with its parent, one REST request
  (`/repos/{parent}/compare/{branch}...{owner}:{branch}`): `fork_ahead_by` is the number of
  commits of its own (None when the comparison is not answered);
* a repository GraphQL answers an error for that is not `NOT_FOUND` (GraphQL does not document
  blocks) is asked once through REST: an answer carrying `block` (451 legal takedown, 403 terms
  of service) is `dead`, with the reason and the notice; anything else keeps GraphQL's verdict;
* a placeholder (or empty) repository whose README says the code moved to another repository on
  the same host is answered with that repository's facts, `moved` to it (`dead` when it is
  gone), one hop only.

GraphQL answers (`ok`/`moved` with their facts) are kept in the same `ApiCache` and reused,
without asking, by a run within `settings.max_cache_age` (GraphQL has no conditional requests).

Which API a link goes to (`api_for_host`): links on the host of `settings.github_server_url`
go to `settings.github_api_url` / `github_graphql_url` (GitHub Enterprise, Actions); links on
github.com go to api.github.com even when the server is an Enterprise host. The token is sent
only to the configured API/GraphQL origin, per request; redirects are followed by hand and only
within the API origin; the token never appears in a detail, a log record or an exception.

GitHub asks for serial requests: one lock serialises every call of a `GitHubFacts`. Rate
limits: a primary limit that runs out (REST 403/429 with `x-ratelimit-remaining: 0`, GraphQL
`RATE_LIMITED`) is waited out when the reset is within `settings.max_retry_wait`, else the rest
is `unchecked` with one logged hint; a secondary limit (`retry-after`, or a message about a
secondary rate limit) is waited out under the same bound. 5xx answers and timeouts are retried
`settings.max_retries` times with exponential backoff, then reported `transient`; failures to
connect are `unchecked` (our network, not the repository). Nothing raises out of `repos()` or
`other()`: malformed answers become `transient` verdicts with a detail.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import logging
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Protocol
from urllib.parse import quote, unquote, urlsplit

import httpx

from auditor import repofiles
from auditor.config import DEFAULT_GITHUB_API_URL, Settings
from auditor.licenses import NOASSERTION, license_class
from auditor.links import GITHUB, github_full_name, github_page, is_github_full_name
from auditor.models import (
    LicenseClass,
    LinkCheck,
    Outcome,
    ReadmeCover,
    ReadmeEvidence,
    Release,
    RepoFacts,
)
from auditor.readme import analyze_readme
from auditor.timestamps import now_iso, to_utc_iso
from auditor.web import CappedBody

logger = logging.getLogger(__name__)

API_VERSION = "2022-11-28"
GRAPHQL_BATCH = 40  # 40 aliases stay far below the 10 s server timeout and cost 1 point
PUBLIC_SERVER_HOST = GITHUB
PUBLIC_API = DEFAULT_GITHUB_API_URL
JSON_MEDIA = "application/vnd.github+json"
SECONDARY_DEFAULT_WAIT = 60.0  # GitHub omits retry-after at times; Octokit then waits a minute
MAX_README_BYTES = 1024 * 1024
# REST requests a repository usually costs (repository, commits, root, README, releases).
REST_REQUESTS_PER_REPO = 5
# api_answers keys of GraphQL facts kept for warm runs, and the format of what is kept.
FACTS_KEY = "graphql-facts:"
_FACTS_FORMAT = 2  # 2: README analysis by sections, forks compared, moves followed
# An API answer larger than this, after decompression, is refused (a batch of 40 repositories
# with their READMEs stays far below it).
API_MAX_BODY = 64 * 1024 * 1024

_README_NAME = re.compile(r"readme(\.[a-z0-9]+)?", re.IGNORECASE)
_README_EXT_RANK = {".md": 0, ".markdown": 1, ".rst": 2, ".txt": 3, "": 4}
_README_DIRS = (".github", "", "docs")  # GitHub's documented preference when several exist
_SECONDARY = re.compile(r"secondary rate|abuse detection", re.IGNORECASE)


class ApiCache(Protocol):
    """Stored REST answers for conditional requests, keyed by request URL."""

    def api_get(self, key: str) -> tuple[str | None, str] | None: ...

    def api_put(self, key: str, etag: str | None, body: str) -> None: ...


@dataclass(frozen=True, slots=True)
class RepoCheck:
    check: LinkCheck
    facts: RepoFacts | None


@dataclass(frozen=True, slots=True)
class ApiEndpoint:
    """Where the repositories of one web host are read, and whether the token belongs there."""

    rest: str
    graphql: str
    server: str  # web base URL, for the `final_url` of a renamed repository
    authorised: bool


def api_for_host(host: str, settings: Settings) -> ApiEndpoint | None:
    """The API serving repositories on `host` (a web host such as `github.com`).

    The host of `settings.github_server_url` maps to the configured API (Enterprise, Actions);
    `github.com` always has api.github.com. Any other host has no API here (None).
    """
    host = host.casefold()
    server = settings.github_server_url.rstrip("/")
    token = settings.github_token is not None
    if host == (urlsplit(server).hostname or "").casefold():
        return ApiEndpoint(
            settings.github_api_url.rstrip("/"), settings.github_graphql_url, server, token
        )
    if host == PUBLIC_SERVER_HOST:
        configured = _origin(settings.github_api_url) == _origin(PUBLIC_API)
        return ApiEndpoint(
            PUBLIC_API, PUBLIC_API + "/graphql", "https://github.com", token and configured
        )
    return None


class UnreadableBody(Exception):
    """An API answer whose body is too large or cannot be decoded; the message is one line."""


async def bounded_request(
    client: httpx.AsyncClient,
    method: str,
    url: str,
    *,
    headers: Mapping[str, str],
    read_timeout: float,
    deadline: float,
    json_body: object = None,
    cap: int = API_MAX_BODY,
) -> tuple[httpx.Response, str]:
    """One API request whose whole exchange ends within `deadline` seconds and whose body is
    capped after decompression, so a server that drips bytes or sends a bomb can neither hold
    the run nor fill its memory. (response, body text); raises TimeoutError, httpx.HTTPError
    or UnreadableBody."""
    request = client.build_request(
        method,
        url,
        headers={"Accept-Encoding": "gzip, deflate", **headers},
        json=json_body,
        timeout=read_timeout,
    )
    async with asyncio.timeout(deadline):
        response = await client.send(request, stream=True, follow_redirects=False)
        try:
            if response.is_stream_consumed:  # a transport that answers from memory (tests)
                reader = CappedBody("", cap)
                reader.feed(response.content)
            else:
                reader = CappedBody(response.headers.get("content-encoding", ""), cap)
                async for chunk in response.aiter_raw():
                    if not reader.feed(chunk):
                        break
        finally:
            await response.aclose()
    if reader.error is not None:
        raise UnreadableBody(f"API answer unreadable: {reader.error}")
    if reader.truncated:
        raise UnreadableBody(f"API answer larger than {cap} bytes")
    try:
        text = bytes(reader.data).decode(response.charset_encoding or "utf-8", errors="replace")
    except LookupError:  # an unknown charset name
        text = bytes(reader.data).decode("utf-8", errors="replace")
    return response, text


class _Stop(Exception):
    """Ends the work on one repository (or a whole batch) with a verdict."""

    def __init__(self, outcome: Outcome, detail: str, status: int | None = None) -> None:
        super().__init__(detail)
        self.outcome = outcome
        self.detail = detail
        self.status = status


class _Malformed(Exception):
    """An answer that does not have the shape GitHub documents."""


@dataclass(frozen=True, slots=True)
class _Answer:
    status: int
    headers: httpx.Headers
    text: str
    url: str

    def json(self) -> object:
        try:
            return json.loads(self.text)
        except (ValueError, RecursionError) as error:  # RecursionError: nested too deeply
            kind = self.headers.get("content-type", "unknown content")
            raise _Malformed(f"GitHub API answered non-JSON ({kind})") from error

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


@dataclass(frozen=True, slots=True)
class _Readme:
    path: str
    size: int
    text: str


@dataclass(frozen=True, slots=True)
class _Pending:
    """A repository whose README is read by the second query of its batch."""

    facts: RepoFacts
    tree: _Tree
    path: str
    manifests: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class _Tree:
    """A repository's root, with the `.github` and `docs` folder names for README choice."""

    entries: tuple[tuple[str, bool], ...]  # (name, is_file)
    github: tuple[str, ...] = ()
    docs: tuple[str, ...] = ()


class GitHubFacts:
    """Repository facts and link verdicts for GitHub links; see the module docstring."""

    backoff = 0.5  # seconds before the first retry of a 5xx or timeout, doubled each time

    def __init__(
        self, client: httpx.AsyncClient, settings: Settings, *, api_cache: ApiCache | None = None
    ) -> None:
        self._client = client
        self._settings = settings
        self._cache = api_cache
        self._lock = asyncio.Lock()
        self._token = settings.github_token
        self._token_origins = {
            _origin(settings.github_api_url),
            _origin(settings.github_graphql_url),
        }
        self._max_wait = settings.max_retry_wait
        self._spent: dict[str, str] = {}  # API base → why it can no longer be asked
        self._waited: set[str] = set()  # API bases whose primary limit was waited out once
        self._hinted = False  # the REST budget hint was given
        self.requests_made = 0
        self.graphql_points = 0
        self.rate_remaining: dict[str, int] = {}  # API base → last x-ratelimit-remaining
        self._parent_branches: dict[str, str] = {}  # fork (casefolded) → its parent's branch

    async def repos(
        self, full_names: Sequence[str], *, host: str | None = None, follow_moves: bool = True
    ) -> dict[str, RepoCheck]:
        """Facts for `owner/name` repositories on `host` (default: the configured server).
        Forks are compared with their parent; a placeholder whose README says the code moved
        to another repository on the host is answered with that repository (one hop)."""
        host = host or urlsplit(self._settings.github_server_url).hostname or PUBLIC_SERVER_HOST
        api = api_for_host(host, self._settings)
        results: dict[str, RepoCheck] = {}
        valid: list[str] = []
        for full_name in dict.fromkeys(full_names):
            if api is None:
                results[full_name] = _verdict(Outcome.UNSUPPORTED, f"no GitHub API for {host}")
            elif not is_github_full_name(full_name):
                results[full_name] = _verdict(Outcome.UNSUPPORTED, "not an owner/name pair")
            else:
                valid.append(full_name)
        if api is not None and valid:
            if api.authorised and self._token:
                fresh = self._cached_facts(api, valid)
                results.update(fresh)
                todo = [name for name in valid if name not in fresh]
                for start in range(0, len(todo), GRAPHQL_BATCH):
                    batch = todo[start : start + GRAPHQL_BATCH]
                    answers = await self._graphql_batch(api, batch)
                    answers = await self._finish(api, host, answers, follow_moves)
                    self._keep_facts(api, answers)
                    results.update(answers)
            else:
                answers = {}
                for index, full_name in enumerate(valid):
                    answers[full_name] = await self._rest_repo(api, full_name)
                    if index == 0:
                        self._budget_hint(api, len(valid) - 1)
                results.update(await self._finish(api, host, answers, follow_moves))
        return {name: results[name] for name in full_names}

    # Follow-ups: forks, moves, blocks ----------------------------------------------------------

    async def _finish(
        self, api: ApiEndpoint, host: str, answers: dict[str, RepoCheck], follow_moves: bool
    ) -> dict[str, RepoCheck]:
        """Forks compared with their parent, then README moves followed (one hop)."""
        for name, answer in answers.items():
            facts = answer.facts
            if facts is not None and facts.fork and facts.parent and facts.default_branch:
                ahead = await self._fork_ahead_by(api, facts)
                answers[name] = RepoCheck(answer.check, replace(facts, fork_ahead_by=ahead))
        return await self._follow_moves(host, answers) if follow_moves else answers

    def _note_parent_branch(self, facts: RepoFacts, parent: object, key: str) -> None:
        """Keeps the parent's default branch of a fork, for the comparison."""
        branch = parent.get(key) if isinstance(parent, dict) else None
        if isinstance(branch, dict):  # GraphQL: defaultBranchRef { name }
            branch = branch.get("name")
        if isinstance(branch, str) and facts.parent:
            self._parent_branches[facts.full_name.casefold()] = branch

    async def _fork_ahead_by(self, api: ApiEndpoint, facts: RepoFacts) -> int | None:
        """Commits on the fork's default branch that its parent lacks (REST compare across the
        network, `parent:branch...owner:branch`); None when the comparison is not answered."""
        base = self._parent_branches.get(facts.full_name.casefold())
        if base is None or facts.parent is None or facts.default_branch is None:
            return None
        owner = facts.full_name.split("/")[0]
        path = (
            f"/repos/{facts.parent}/compare/{quote(base, safe='')}..."
            f"{quote(owner, safe='')}:{quote(facts.default_branch, safe='')}"
        )
        try:
            answer = await self._get(api, path)
            if answer.status != 200:
                return None
            ahead = _object(answer.json(), "comparison").get("ahead_by")
        except (_Stop, _Malformed):
            return None
        return ahead if isinstance(ahead, int) and not isinstance(ahead, bool) else None

    async def _follow_moves(self, host: str, answers: dict[str, RepoCheck]) -> dict[str, RepoCheck]:
        """A placeholder whose README says the code moved to another repository on this host is
        answered with that repository's facts, `moved` to it (dead when it is gone)."""
        targets: dict[str, str] = {}
        for name, answer in answers.items():
            facts = answer.facts
            moved = facts.readme_moved_to if facts is not None else None
            target = github_full_name(moved) if moved else None
            if (
                facts is not None
                and target is not None
                and (urlsplit(moved or "").hostname or "").casefold() == host.casefold()
                and target.casefold() != facts.full_name.casefold()
                and (facts.empty or ReadmeCover.PLACEHOLDER in facts.readme_covers)
            ):
                targets[name] = target
        if not targets:
            return answers
        found = await self.repos(
            list(dict.fromkeys(targets.values())), host=host, follow_moves=False
        )
        for name, target in targets.items():
            moved_from = answers[name].facts
            there = found[target]
            if moved_from is None or there.check.outcome not in _DECIDED:
                continue  # not reached: the repository is judged as it stands
            new_name = there.facts.full_name if there.facts is not None else target
            detail = f"README of {moved_from.full_name} says the code moved to {new_name}"
            if there.check.outcome is Outcome.DEAD:
                detail += f"; {there.check.detail}"
            outcome = Outcome.DEAD if there.check.outcome is Outcome.DEAD else Outcome.MOVED
            url = f"{(api_for_host(host, self._settings) or _NO_API).server}/{new_name}"
            check = LinkCheck(outcome, detail, now_iso(), there.check.http_status, final_url=url)
            answers[name] = RepoCheck(check, there.facts)
        return answers

    async def _unless_blocked(
        self, api: ApiEndpoint, full_name: str, error: Mapping[str, object] | None
    ) -> RepoCheck:
        """A repository GraphQL gave no data for. Anything but NOT_FOUND is asked once more
        through REST, which documents blocks (GraphQL does not): 451 for a legal takedown, 403
        with `block` for a terms-of-service block; both are dead, with the notice."""
        verdict = _graphql_missing(error, full_name)
        if error is not None and error.get("type") == "NOT_FOUND":
            return verdict
        try:
            answer = await self._get(api, f"/repos/{full_name}")
        except _Stop:
            return verdict
        blocked = _blocked(answer)
        if blocked is None:
            return verdict
        return RepoCheck(blocked, RepoFacts(full_name=full_name, exists=False, source="rest"))

    def kept(self, full_names: Sequence[str], *, host: str | None = None) -> dict[str, RepoCheck]:
        """The repositories whose GraphQL facts from an earlier run are still fresh (within
        `max_cache_age`), answered without a request. A caller that batches should ask this
        first for the whole list: `repos()` then sends only the others, in full batches."""
        host = host or urlsplit(self._settings.github_server_url).hostname or PUBLIC_SERVER_HOST
        api = api_for_host(host, self._settings)
        if api is None or not (api.authorised and self._token):
            return {}
        valid = [name for name in dict.fromkeys(full_names) if is_github_full_name(name)]
        return self._cached_facts(api, valid)

    def _budget_hint(self, api: ApiEndpoint, repositories: int) -> None:
        """Says once, up front, when the REST budget left cannot cover the repositories still
        to check (60 requests an hour without a token: about a dozen repositories)."""
        remaining = self.rate_remaining.get(api.rest)
        needed = repositories * REST_REQUESTS_PER_REPO
        if remaining is None or remaining >= needed or self._hinted:
            return
        self._hinted = True
        hint = "set GITHUB_TOKEN (or GH_TOKEN) to read them in batches through GraphQL"
        if self._token:  # a token this API host does not get (another host's API)
            hint = "these repositories are on an API host the token is not sent to"
        logger.warning(
            "GitHub REST budget: %d requests left, about %d needed for %d more repositories; "
            "the rest will be unchecked; %s",
            remaining,
            needed,
            repositories,
            hint,
        )

    def _facts_key(self, api: ApiEndpoint, full_name: str) -> str:
        return f"{FACTS_KEY}{api.graphql}#{full_name.casefold()}"

    def _cached_facts(self, api: ApiEndpoint, names: Sequence[str]) -> dict[str, RepoCheck]:
        """The GraphQL answers of an earlier run still within `max_cache_age`: a warm run asks
        only about the rest (like web verdicts; GraphQL has no conditional requests)."""
        if self._cache is None:
            return {}
        max_age = self._settings.max_cache_age
        found: dict[str, RepoCheck] = {}
        for name in names:
            stored = self._cache.api_get(self._facts_key(api, name))
            if stored is not None:
                check = _facts_from_json(stored[1], max_age, time.time())
                if check is not None:
                    found[name] = check
        return found

    def _keep_facts(self, api: ApiEndpoint, answers: Mapping[str, RepoCheck]) -> None:
        if self._cache is None:
            return
        for name, answer in answers.items():
            if answer.facts is not None and answer.check.outcome in (Outcome.OK, Outcome.MOVED):
                text = _facts_to_json(answer, time.time())
                self._cache.api_put(self._facts_key(api, name), None, text)

    async def other(self, url: str) -> LinkCheck:
        """A GitHub link that is not a repository: gist, profile, file, release, issue…"""
        try:
            target = _other_target(url, self._settings)
            if target is None:
                return _verdict(Outcome.UNSUPPORTED, "not a GitHub page the API can check").check
            api, path, fallback = target
            answer = await self._follow(api, await self._get(api, path))
            if answer.status == 404 and fallback is not None:
                answer = await self._follow(api, await self._get(api, fallback))
            return self._page_verdict(answer, url)
        except _Stop as stop:
            return _verdict(stop.outcome, self._scrub(stop.detail), stop.status).check

    # REST ---------------------------------------------------------------------------------------

    async def _rest_repo(self, api: ApiEndpoint, full_name: str) -> RepoCheck:
        try:
            answer = await self._follow(api, await self._get(api, f"/repos/{full_name}"))
            if answer.status != 200:
                return _missing(answer, full_name)
            repo = _object(answer.json(), "repository")
            base = _rest_base(repo)
            self._note_parent_branch(base, repo.get("parent"), "default_branch")
            facts = await self._rest_details(api, base)
            return _found(facts, full_name, api)
        except _Stop as stop:
            return _verdict(stop.outcome, self._scrub(stop.detail), stop.status)
        except _Malformed as error:
            return _verdict(Outcome.TRANSIENT, self._scrub(str(error)))

    async def _rest_details(self, api: ApiEndpoint, facts: RepoFacts) -> RepoFacts:
        base = f"/repos/{facts.full_name}"
        commits = await self._get(api, f"{base}/commits?per_page=1")
        if commits.status == 409:  # "Git Repository is empty."
            return _complete(facts, empty=True, tree=None, readme=None, manifests={})
        _expect(commits, 200, "commits")
        listing = _list(commits.json(), "commits")
        last = _object(listing[0], "commit") if listing else {}
        commit = _object(last.get("commit", {}), "commit")
        committer = _object(commit.get("committer", {}), "committer")
        facts = replace(facts, last_commit_at=_utc(_opt_str(committer, "date")))

        root = await self._get(api, f"{base}/contents/")
        _expect(root, 200, "root listing")
        entries = tuple(
            (_str(entry, "name"), _opt_str(entry, "type") != "dir")
            for entry in map(_entry, _list(root.json(), "root listing"))
        )
        tree = _Tree(entries)
        readme = None
        names = {name.casefold() for name, _ in entries}
        if any(_README_NAME.fullmatch(n) for n, _ in entries) or names & {".github", "docs"}:
            answer = await self._get(api, f"{base}/readme")
            if answer.status == 200:
                readme = _decode(_object(answer.json(), "readme"))
            elif answer.status != 404:
                _expect(answer, 200, "readme")
        manifests = {}
        for name in _manifests_to_read(tree):
            answer = await self._get(api, f"{base}/contents/{quote(name)}")
            if answer.status == 200:
                manifests[name] = _decode(_object(answer.json(), name)).text
        latest = await self._latest_release(api, base)
        if latest is not None:
            tag = _str(latest, "tag_name")
            facts = replace(
                facts, latest_release=Release(tag, _utc(_opt_str(latest, "published_at")))
            )
        return _complete(facts, empty=False, tree=tree, readme=readme, manifests=manifests)

    async def _latest_release(self, api: ApiEndpoint, base: str) -> Mapping[str, object] | None:
        """GitHub's "latest release" (the newest that is neither a draft nor a pre-release).

        Asked as the newest entry of the releases listing: unlike `/releases/latest`, which
        answers 404 without a release (no ETag, so asked in full on every run), the listing
        answers `[]` with an ETag, and a re-run gets a free 304. Only when the newest entry
        is a draft or a pre-release does `/releases/latest` decide."""
        answer = await self._get(api, f"{base}/releases?per_page=1")
        if answer.status == 200:
            listing = _list(answer.json(), "releases")
            if not listing:
                return None
            newest = _object(listing[0], "release")
            if newest.get("draft") is not True and newest.get("prerelease") is not True:
                return newest
        elif answer.status != 404:
            _expect(answer, 200, "releases")
        answer = await self._get(api, f"{base}/releases/latest")
        if answer.status == 404:
            return None
        _expect(answer, 200, "latest release")
        return _object(answer.json(), "release")

    async def _follow(self, api: ApiEndpoint, answer: _Answer) -> _Answer:
        """Follows a 301/302/307 within the API origin (renames point at /repositories/{id})."""
        for _ in range(self._settings.max_redirects):
            if answer.status not in {301, 302, 307, 308}:
                return answer
            location = answer.headers.get("location", "")
            target = httpx.URL(answer.url).join(location)
            if not location or _origin(str(target)) != _origin(api.rest):
                raise _Stop(
                    Outcome.UNCHECKED,
                    f"GitHub API redirected to {target.host or 'nowhere'}; not followed",
                    answer.status,
                )
            answer = await self._get(api, str(target))
        raise _Stop(Outcome.TRANSIENT, "too many redirects from the GitHub API", answer.status)

    async def _get(self, api: ApiEndpoint, path_or_url: str) -> _Answer:
        url = path_or_url if "://" in path_or_url else api.rest + path_or_url
        cached = self._cache.api_get(url) if self._cache is not None else None
        headers = {"Accept": JSON_MEDIA, "X-GitHub-Api-Version": API_VERSION}
        if cached is not None and cached[0]:
            headers["If-None-Match"] = cached[0]
        answer = await self._send("GET", url, api, headers=headers)
        if answer.status == 304 and cached is not None:
            return _Answer(200, answer.headers, cached[1], url)
        if answer.status == 200 and self._cache is not None:
            self._cache.api_put(url, answer.headers.get("etag"), answer.text)
        return answer

    # GraphQL ------------------------------------------------------------------------------------

    async def _graphql_batch(self, api: ApiEndpoint, batch: list[str]) -> dict[str, RepoCheck]:
        try:
            variables: dict[str, str] = {}
            for index, full_name in enumerate(batch):
                owner, name = full_name.split("/")
                variables[f"o{index}"], variables[f"n{index}"] = owner, name
            data, errors = await self._graphql(api, build_batch_query(len(batch)), variables)
        except _Split:
            if len(batch) == 1:
                return {batch[0]: _verdict(Outcome.TRANSIENT, "GitHub GraphQL API timed out")}
            half = len(batch) // 2
            return {
                **await self._graphql_batch(api, batch[:half]),
                **await self._graphql_batch(api, batch[half:]),
            }
        except _Stop as stop:
            check = _verdict(stop.outcome, self._scrub(stop.detail), stop.status)
            return dict.fromkeys(batch, check)
        except _Malformed as error:
            return dict.fromkeys(batch, _verdict(Outcome.TRANSIENT, self._scrub(str(error))))
        results: dict[str, RepoCheck] = {}
        pending: dict[str, _Pending] = {}  # README still to read
        for index, full_name in enumerate(batch):
            node = data.get(f"r{index}")
            if not isinstance(node, dict):
                failure = errors.get(f"r{index}")
                results[full_name] = await self._unless_blocked(api, full_name, failure)
                continue
            try:
                facts, tree, readmes, manifests = _graphql_repo(node)
                self._note_parent_branch(facts, node.get("parent"), "defaultBranchRef")
            except _Malformed as error:
                results[full_name] = _verdict(Outcome.TRANSIENT, self._scrub(str(error)))
                continue
            path = _preferred_readme(tree) if tree is not None else None
            if tree is not None and path is not None and path not in readmes:
                pending[full_name] = _Pending(facts, tree, path, manifests)
                continue
            readme = readmes[path] if path is not None else None
            done = _complete(
                facts, empty=tree is None, tree=tree, readme=readme, manifests=manifests
            )
            results[full_name] = _found(done, full_name, api)
        if pending:
            results.update(await self._graphql_readmes(api, pending))
        return {name: results[name] for name in batch}

    async def _graphql_readmes(
        self, api: ApiEndpoint, pending: dict[str, _Pending]
    ) -> dict[str, RepoCheck]:
        """The second query of a batch: READMEs that are not the root README.md."""
        names = list(pending)
        variables: dict[str, str] = {}
        for index, full_name in enumerate(names):
            owner, name = pending[full_name].facts.full_name.split("/")
            expression = "HEAD:" + pending[full_name].path
            variables.update({f"o{index}": owner, f"n{index}": name, f"e{index}": expression})
        data: dict[str, object] = {}
        failure: RepoCheck | None = None
        try:
            data, _ = await self._graphql(api, build_readme_query(len(names)), variables)
        except _Split:
            failure = _verdict(Outcome.TRANSIENT, "GitHub GraphQL API timed out reading READMEs")
        except _Stop as stop:
            failure = _verdict(stop.outcome, self._scrub(stop.detail), stop.status)
        except _Malformed as error:
            failure = _verdict(Outcome.TRANSIENT, self._scrub(str(error)))
        results: dict[str, RepoCheck] = {}
        for index, full_name in enumerate(names):
            item = pending[full_name]
            node = data.get(f"r{index}")
            blob = node.get("readme") if isinstance(node, dict) else None
            if failure is not None or not isinstance(blob, dict):
                results[full_name] = failure or _verdict(
                    Outcome.TRANSIENT, f"GitHub GraphQL API gave no README at {item.path}"
                )
                continue
            try:
                readme = _blob_readme(blob, item.path)
            except _Malformed as error:
                results[full_name] = _verdict(Outcome.TRANSIENT, self._scrub(str(error)))
                continue
            done = _complete(
                item.facts,
                empty=False,
                tree=item.tree,
                readme=readme,
                manifests=item.manifests,
            )
            results[full_name] = _found(done, full_name, api)
        return results

    async def _graphql(
        self, api: ApiEndpoint, query: str, variables: Mapping[str, str]
    ) -> tuple[dict[str, object], dict[str, Mapping[str, object]]]:
        """(data, errors by alias) of one query; raises _Split, _Stop or _Malformed."""
        payload = {"query": query, "variables": dict(variables)}
        for attempt in range(self._settings.max_retries + 1):
            try:
                answer = await self._send(
                    "POST",
                    api.graphql,
                    api,
                    headers={"Accept": "application/json"},
                    json_body=payload,
                    # GitHub gives up after 10 s itself; a shorter client timeout would
                    # abandon answers that are on their way.
                    read_timeout=max(self._settings.timeout, 12.0),
                )
            except _Stop as stop:
                if stop.outcome is Outcome.TRANSIENT:  # a timeout: the batch was too heavy
                    raise _Split from stop
                raise
            if answer.status in {502, 504}:
                raise _Split
            if answer.status == 401:
                raise _Stop(
                    Outcome.UNCHECKED, "GitHub rejected the token (401 Bad credentials)", 401
                )
            if answer.status >= 500:
                if attempt < self._settings.max_retries:
                    await asyncio.sleep(self.backoff * 2**attempt)
                    continue
                raise _Stop(Outcome.TRANSIENT, f"GitHub GraphQL API answered {answer.status}")
            body = _object(answer.json(), "GraphQL answer")
            errors = body.get("errors")
            error_list = errors if isinstance(errors, list) else []
            types = {e.get("type") for e in error_list if isinstance(e, dict)}
            data = body.get("data")
            limit = data.get("rateLimit") if isinstance(data, dict) else None
            if isinstance(limit, dict) and isinstance(limit.get("cost"), int):
                self.graphql_points += limit["cost"]
            if "RATE_LIMITED" in types:
                await self._primary_limit(api, answer, graphql=True)
                continue
            if answer.status != 200:
                raise _Stop(
                    Outcome.TRANSIENT,
                    f"GitHub GraphQL API answered {answer.status}: {answer.message()}".rstrip(": "),
                    answer.status,
                )
            if types & {"MAX_NODE_LIMIT_EXCEEDED", "RESOURCE_LIMITS_EXCEEDED"}:
                raise _Split
            if not isinstance(data, dict):
                first = error_list[0] if error_list and isinstance(error_list[0], dict) else {}
                message = first.get("message") if isinstance(first, dict) else None
                raise _Malformed(f"GitHub GraphQL API answered no data: {message or 'no reason'}")
            by_alias: dict[str, Mapping[str, object]] = {}
            for error in error_list:
                path = error.get("path") if isinstance(error, dict) else None
                if isinstance(path, list) and path and isinstance(path[0], str):
                    by_alias.setdefault(path[0], error)
            return data, by_alias
        raise _Stop(Outcome.UNCHECKED, "GitHub GraphQL rate limit still exhausted after waiting")

    # Transport ----------------------------------------------------------------------------------

    async def _send(
        self,
        method: str,
        url: str,
        api: ApiEndpoint,
        *,
        headers: dict[str, str],
        json_body: object = None,
        read_timeout: float | None = None,
    ) -> _Answer:
        """One request, serialised: a rate-limit pause holds back every other GitHub call."""
        async with self._lock:
            return await self._send_serial(method, url, api, headers, json_body, read_timeout)

    async def _send_serial(
        self,
        method: str,
        url: str,
        api: ApiEndpoint,
        headers: dict[str, str],
        json_body: object,
        read_timeout: float | None,
    ) -> _Answer:
        """The token only for the API origin; the primary and secondary limits; retries of
        5xx and timeouts (GET only: a heavy GraphQL batch is split instead)."""
        base = api.graphql if method == "POST" else api.rest
        attempt = 0
        limited = 0  # secondary-limit waits for this request
        while True:
            if base in self._spent:
                raise _Stop(Outcome.UNCHECKED, self._spent[base])
            request_headers = dict(headers)
            if self._token and _origin(url) in self._token_origins and api.authorised:
                request_headers["Authorization"] = f"Bearer {self._token}"
            timeout = read_timeout or self._settings.timeout
            try:
                self.requests_made += 1
                response, text = await bounded_request(
                    self._client,
                    method,
                    url,
                    headers=request_headers,
                    json_body=json_body,
                    read_timeout=timeout,
                    # A server that drips its answer never trips the read timeout.
                    deadline=max(self._settings.link_deadline, timeout),
                )
            except UnreadableBody as error:
                raise _Stop(Outcome.TRANSIENT, f"GitHub {error}") from None
            except (httpx.TimeoutException, TimeoutError) as error:
                if attempt < self._settings.max_retries and method == "GET":
                    await asyncio.sleep(self.backoff * 2**attempt)
                    attempt += 1
                    continue
                raise _Stop(Outcome.TRANSIENT, "GitHub API timed out") from error
            except httpx.HTTPError as error:
                # Could not reach the API at all: says nothing about the repository.
                raise _Stop(
                    Outcome.UNCHECKED, f"could not reach the GitHub API ({type(error).__name__})"
                ) from error
            answer = _Answer(response.status_code, response.headers, text, str(response.url))
            remaining = _int_header(answer.headers, "x-ratelimit-remaining")
            if remaining is not None:
                self.rate_remaining[base] = remaining
            if answer.status in {403, 429}:
                if remaining == 0:
                    await self._primary_limit(api, answer, graphql=method == "POST")
                    continue
                if "retry-after" in answer.headers or _SECONDARY.search(answer.message()):
                    limited += 1
                    await self._secondary_limit(answer, limited)
                    continue
            if answer.status == 200 and method == "POST" and _SECONDARY.search(answer.message()):
                limited += 1
                await self._secondary_limit(answer, limited)  # GraphQL may say it with a 200
                continue
            if method == "GET" and answer.status >= 500 and attempt < self._settings.max_retries:
                await asyncio.sleep(self.backoff * 2**attempt)
                attempt += 1
                continue
            return answer

    async def _primary_limit(self, api: ApiEndpoint, answer: _Answer, *, graphql: bool) -> None:
        """Waits for the reset when it is near, else marks this API spent (raises _Stop)."""
        base = api.graphql if graphql else api.rest
        reset = _int_header(answer.headers, "x-ratelimit-reset")
        wait = max(0.0, reset - time.time()) + 1.0 if reset is not None else None
        if wait is not None and wait <= self._max_wait and base not in self._waited:
            self._waited.add(base)  # one wait per run; a second exhaustion stops for good
            logger.warning("GitHub API rate limit reached; waiting %.0f s for the reset", wait)
            await asyncio.sleep(wait)
            return
        kind = "GraphQL points" if graphql else "REST requests"
        hint = "" if self._token else "; set GITHUB_TOKEN to raise the limit from 60 requests/hour"
        message = f"GitHub API rate limit ({kind}) exhausted; not checked{hint}"
        self._spent[base] = message
        logger.warning("%s (the remaining GitHub links are marked unchecked)", message)
        raise _Stop(Outcome.UNCHECKED, message, answer.status)

    async def _secondary_limit(self, answer: _Answer, times: int) -> None:
        retry_after = _int_header(answer.headers, "retry-after")
        wait = float(retry_after) if retry_after is not None else SECONDARY_DEFAULT_WAIT
        if wait > self._max_wait or times > self._settings.max_retries:
            raise _Stop(
                Outcome.UNCHECKED,
                f"GitHub secondary rate limit (retry after {wait:.0f} s); not checked",
                answer.status,
            )
        logger.info("GitHub secondary rate limit; waiting %.0f s", wait)
        await asyncio.sleep(wait)

    def _page_verdict(self, answer: _Answer, url: str) -> LinkCheck:
        if answer.status == 200:
            return _verdict(Outcome.OK, "GitHub API found it", 200).check
        if answer.status == 404:
            return _verdict(Outcome.DEAD, "GitHub API: not found (missing or private)", 404).check
        blocked = _blocked(answer)
        if blocked is not None:
            return blocked
        detail = f"GitHub API answered {answer.status}: {answer.message()}".rstrip(": ")
        return _verdict(Outcome.TRANSIENT, self._scrub(detail), answer.status).check

    def _scrub(self, text: str) -> str:
        return text.replace(self._token, "[token]") if self._token else text


_DECIDED = (Outcome.OK, Outcome.MOVED, Outcome.DEAD)
_NO_API = ApiEndpoint("", "", "https://github.com", authorised=False)


class _Split(Exception):
    """The batch was too heavy for GitHub (timeout, 502/504, node or resource limit)."""


# GraphQL documents ---------------------------------------------------------------------------

_BLOB_TEXT = "... on Blob { text byteSize isBinary }"
# The READMEs read in the first query (aliases → paths); objects cost no points, and these
# two names cover most repositories, so the second query is rare.
_PREFETCHED_READMES = {"readmeMd": "README.md", "readmeRst": "README.rst"}
# Dependency lists read in the same query, for pinning (E1).
_MANIFEST_ALIASES = {
    "requirements": "requirements.txt",
    "environmentYml": "environment.yml",
    "environmentYaml": "environment.yaml",
    "pyprojectToml": "pyproject.toml",
}
_NAMES = "... on Tree { entries { name type } }"
_REPO_FRAGMENT = f"""fragment Repo on Repository {{
  nameWithOwner isArchived isDisabled isEmpty isFork
  parent {{ nameWithOwner defaultBranchRef {{ name }} }}
  licenseInfo {{ spdxId key }}
  description homepageUrl pushedAt createdAt stargazerCount forkCount
  issues(states: OPEN) {{ totalCount }}
  pullRequests(states: OPEN) {{ totalCount }}
  latestRelease {{ tagName publishedAt }}
  defaultBranchRef {{ name target {{ ... on Commit {{ committedDate }} }} }}
  rootTree: object(expression: "HEAD:") {{ {_NAMES} }}
  githubTree: object(expression: "HEAD:.github") {{ {_NAMES} }}
  docsTree: object(expression: "HEAD:docs") {{ {_NAMES} }}
  readmeMd: object(expression: "HEAD:README.md") {{ {_BLOB_TEXT} }}
  readmeRst: object(expression: "HEAD:README.rst") {{ {_BLOB_TEXT} }}
  requirements: object(expression: "HEAD:requirements.txt") {{ {_BLOB_TEXT} }}
  environmentYml: object(expression: "HEAD:environment.yml") {{ {_BLOB_TEXT} }}
  environmentYaml: object(expression: "HEAD:environment.yaml") {{ {_BLOB_TEXT} }}
  pyprojectToml: object(expression: "HEAD:pyproject.toml") {{ {_BLOB_TEXT} }}
}}"""


def build_batch_query(size: int) -> str:
    """The facts query for `size` repositories, variables `$o0/$n0` … (owner, name)."""
    params = ", ".join(f"$o{i}: String!, $n{i}: String!" for i in range(size))
    fields = "\n".join(
        f"  r{i}: repository(owner: $o{i}, name: $n{i}) {{ ...Repo }}" for i in range(size)
    )
    return (
        f"query Repos({params}) {{\n{fields}\n  rateLimit {{ cost remaining resetAt }}\n}}\n"
        + _REPO_FRAGMENT
    )


def build_readme_query(size: int) -> str:
    """READMEs at exact paths, variables `$o0/$n0/$e0` … (`$eN` = `HEAD:<path>`)."""
    params = ", ".join(f"$o{i}: String!, $n{i}: String!, $e{i}: String!" for i in range(size))
    fields = "\n".join(
        f"  r{i}: repository(owner: $o{i}, name: $n{i}) "
        f"{{ readme: object(expression: $e{i}) {{ {_BLOB_TEXT} }} }}"
        for i in range(size)
    )
    return f"query Readmes({params}) {{\n{fields}\n  rateLimit {{ cost remaining resetAt }}\n}}\n"


# Turning answers into facts ------------------------------------------------------------------


def _rest_base(repo: Mapping[str, object]) -> RepoFacts:
    license_info = repo.get("license")
    spdx = None
    if isinstance(license_info, dict):
        spdx = _spdx(license_info.get("spdx_id"), license_info.get("key"))
    parent = repo.get("parent")
    return RepoFacts(
        full_name=_str(repo, "full_name"),
        exists=True,
        source="rest",
        archived=_bool(repo, "archived"),
        disabled=_bool(repo, "disabled"),
        fork=_bool(repo, "fork"),
        parent=_opt_str(_object(parent, "parent"), "full_name") if parent else None,
        license_spdx=spdx,
        license_class=license_class(spdx),
        pushed_at=_utc(_opt_str(repo, "pushed_at")),
        created_at=_utc(_opt_str(repo, "created_at")),
        stars=_int(repo, "stargazers_count"),
        forks=_int(repo, "forks_count"),
        open_issues=_int(repo, "open_issues_count"),
        default_branch=_opt_str(repo, "default_branch"),
        description=_opt_str(repo, "description") or None,
        homepage=_opt_str(repo, "homepage") or None,
    )


def _decode(body: Mapping[str, object]) -> _Readme:
    """A contents-API file; base64 with line breaks, which the default decoder accepts."""
    content = _str(body, "content")
    try:
        raw = base64.b64decode(content)
    except (binascii.Error, ValueError) as error:
        raise _Malformed("GitHub API sent undecodable file content") from error
    size = body.get("size")
    return _Readme(
        _str(body, "path"),
        size if isinstance(size, int) else len(raw),
        raw[:MAX_README_BYTES].decode("utf-8", errors="replace"),
    )


def _graphql_repo(
    node: Mapping[str, object],
) -> tuple[RepoFacts, _Tree | None, dict[str, _Readme], dict[str, str]]:
    """(facts so far, root tree or None when empty, READMEs read by path, the dependency
    lists read for pinning by name)."""
    license_info = node.get("licenseInfo")
    spdx = None
    if isinstance(license_info, dict):
        spdx = _spdx(license_info.get("spdxId"), license_info.get("key"))
    parent = node.get("parent")
    branch = node.get("defaultBranchRef")
    last_commit = None
    branch_name = None
    if isinstance(branch, dict):
        branch_name = _opt_str(branch, "name")
        target = branch.get("target")
        if isinstance(target, dict):
            last_commit = _utc(_opt_str(target, "committedDate"))
    release = node.get("latestRelease")
    latest = None
    if isinstance(release, dict):
        latest = Release(_str(release, "tagName"), _utc(_opt_str(release, "publishedAt")))
    issues = _object(node.get("issues"), "issues")
    pulls = _object(node.get("pullRequests"), "pullRequests")
    facts = RepoFacts(
        full_name=_str(node, "nameWithOwner"),
        exists=True,
        source="graphql",
        archived=_bool(node, "isArchived"),
        disabled=_bool(node, "isDisabled"),
        fork=_bool(node, "isFork"),
        parent=_opt_str(_object(parent, "parent"), "nameWithOwner") if parent else None,
        license_spdx=spdx,
        license_class=license_class(spdx),
        pushed_at=_utc(_opt_str(node, "pushedAt")),
        created_at=_utc(_opt_str(node, "createdAt")),
        stars=_int(node, "stargazerCount"),
        forks=_int(node, "forkCount"),
        open_issues=_int(issues, "totalCount") + _int(pulls, "totalCount"),
        default_branch=branch_name,
        description=_opt_str(node, "description") or None,
        homepage=_opt_str(node, "homepageUrl") or None,
        last_commit_at=last_commit,
        latest_release=latest,
    )
    if _bool(node, "isEmpty"):
        return facts, None, {}, {}
    root = node.get("rootTree")
    if not isinstance(root, dict):
        raise _Malformed("GitHub GraphQL API gave no root tree for a non-empty repository")
    tree = _Tree(
        tuple((_str(e, "name"), _opt_str(e, "type") == "blob") for e in _tree_entries(root)),
        _tree_names(node.get("githubTree")),
        _tree_names(node.get("docsTree")),
    )
    readmes = {
        path: _blob_readme(blob, path)
        for alias, path in _PREFETCHED_READMES.items()
        if isinstance(blob := node.get(alias), dict)
    }
    manifests = {
        name: text
        for alias, name in _MANIFEST_ALIASES.items()
        if isinstance(blob := node.get(alias), dict) and (text := _opt_str(blob, "text"))
    }
    return facts, tree, readmes, manifests


def _blob_readme(blob: Mapping[str, object], path: str) -> _Readme:
    text = _opt_str(blob, "text") or ""
    return _Readme(path, _int(blob, "byteSize"), text)


def _tree_entries(tree: Mapping[str, object]) -> list[Mapping[str, object]]:
    return [_entry(e) for e in _list(tree.get("entries"), "tree entries")]


def _tree_names(tree: object) -> tuple[str, ...]:
    if not isinstance(tree, dict) or "entries" not in tree:
        return ()
    return tuple(_str(e, "name") for e in _tree_entries(tree) if _opt_str(e, "type") == "blob")


def _complete(
    facts: RepoFacts,
    *,
    empty: bool,
    tree: _Tree | None,
    readme: _Readme | None,
    manifests: Mapping[str, str],
) -> RepoFacts:
    """The facts both backends derive the same way from the raw pieces."""
    if empty or tree is None:
        return replace(
            facts, empty=True, default_branch=None, has_citation_cff=False, deps_pinned=None
        )
    names = tuple(sorted(name for name, _ in tree.entries))
    analysis = analyze_readme(readme.text if readme else "", root_files=names)
    env_files = repofiles.environment_files(names)
    return replace(
        facts,
        empty=False,
        root_files=names,
        env_files=env_files,
        deps_pinned=repofiles.deps_pinned(
            env_files,
            None,
            manifests={n: text for n, text in manifests.items() if n in _manifests_to_read(tree)},
        ),
        has_citation_cff=repofiles.CITATION_FILE in names,
        readme_path=readme.path if readme else None,
        readme_bytes=readme.size if readme else None,
        readme_covers=analysis.covers,
        readme_evidence=analysis.evidence,
        artifact_links=analysis.artifact_links,
        readme_moved_to=analysis.moved_to,
        reading_list=analysis.reading_list,
        readme_citation_titles=analysis.citation_titles,
    )


def _manifests_to_read(tree: _Tree) -> tuple[str, ...]:
    return repofiles.manifests_to_read([name for name, is_file in tree.entries if is_file])


def _preferred_readme(tree: _Tree) -> str | None:
    """GitHub's choice: `.github/`, then the root, then `docs/`; .md before .rst before …"""
    folders = {
        ".github": tree.github,
        "": tuple(name for name, is_file in tree.entries if is_file),
        "docs": tree.docs,
    }
    for folder in _README_DIRS:
        names = [n for n in folders[folder] if _README_NAME.fullmatch(n)]
        if names:
            best = min(names, key=lambda n: (_README_EXT_RANK.get(_ext(n), 5), n))
            return f"{folder}/{best}" if folder else best
    return None


def _ext(name: str) -> str:
    return ("." + name.rsplit(".", 1)[1]).casefold() if "." in name else ""


def _spdx(spdx_id: object, key: object) -> str | None:
    if isinstance(spdx_id, str) and spdx_id:
        return spdx_id
    # GraphQL's spdxId can be null for the pseudo licence "other": say NOASSERTION like REST.
    return NOASSERTION if key == "other" else None


# Facts kept between runs --------------------------------------------------------------------


def _facts_to_json(answer: RepoCheck, now: float) -> str:
    check = answer.check
    return json.dumps(
        {
            "format": _FACTS_FORMAT,
            "stored_at": now,
            "check": {
                "outcome": check.outcome.value,
                "detail": check.detail,
                "checked_at": check.checked_at,
                "http_status": check.http_status,
                "final_url": check.final_url,
            },
            "facts": asdict(answer.facts) if answer.facts is not None else None,
        }
    )


def _facts_from_json(text: str, max_age: float, now: float) -> RepoCheck | None:
    """A kept answer younger than `max_age` seconds; None when stale or unreadable."""
    try:
        stored = json.loads(text)
        if stored.get("format") != _FACTS_FORMAT or now - float(stored["stored_at"]) > max_age:
            return None
        raw = stored["check"]
        check = LinkCheck(
            Outcome(raw["outcome"]),
            raw["detail"],
            raw["checked_at"],
            http_status=raw["http_status"],
            final_url=raw["final_url"],
        )
        data = dict(stored["facts"])
        release = data.get("latest_release")
        data.update(
            license_class=LicenseClass(data["license_class"]) if data["license_class"] else None,
            readme_covers=tuple(ReadmeCover(c) for c in data["readme_covers"]),
            readme_evidence=tuple(
                ReadmeEvidence(ReadmeCover(e["cover"]), int(e["line"]), str(e["excerpt"]))
                for e in data["readme_evidence"]
            ),
            artifact_links=tuple(data["artifact_links"]),
            readme_citation_titles=tuple(data.get("readme_citation_titles", ())),
            root_files=tuple(data["root_files"]),
            env_files=tuple(data["env_files"]),
            latest_release=Release(release["tag"], release["date"]) if release else None,
        )
        return RepoCheck(check, RepoFacts(**data))
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        logger.debug("ignoring unreadable kept GitHub facts: %s", error)
        return None


# Verdicts ------------------------------------------------------------------------------------


def _found(facts: RepoFacts, asked: str, api: ApiEndpoint) -> RepoCheck:
    if facts.full_name.casefold() != asked.casefold():
        check = LinkCheck(
            Outcome.MOVED,
            f"renamed or transferred to {facts.full_name}",
            now_iso(),
            http_status=200,
            final_url=f"{api.server}/{facts.full_name}",
        )
        return RepoCheck(check, facts)
    notes = [
        text
        for flag, text in (
            (facts.archived, "archived"),
            (facts.disabled, "disabled"),
            (facts.empty, "empty"),
        )
        if flag
    ]
    detail = "repository exists" + (f" ({', '.join(notes)})" if notes else "")
    return RepoCheck(LinkCheck(Outcome.OK, detail, now_iso(), http_status=200), facts)


def _missing(answer: _Answer, full_name: str) -> RepoCheck:
    gone = RepoFacts(full_name=full_name, exists=False, source="rest")
    if answer.status == 404:
        detail = "GitHub API: repository not found (missing or private)"
        return RepoCheck(LinkCheck(Outcome.DEAD, detail, now_iso(), 404), gone)
    blocked = _blocked(answer)
    if blocked is not None:
        return RepoCheck(blocked, gone)
    detail = f"GitHub API answered {answer.status}: {answer.message()}".rstrip(": ")
    return _verdict(Outcome.TRANSIENT, detail, answer.status)


def _blocked(answer: _Answer) -> LinkCheck | None:
    """451 (DMCA and other legal takedowns), or a 403 naming a block (terms of service)."""
    try:
        body = answer.json()
    except _Malformed:
        body = None
    block = body.get("block") if isinstance(body, dict) else None
    if answer.status != 451 and not isinstance(block, dict):
        return None
    reason = block.get("reason") if isinstance(block, dict) else None
    notice = block.get("html_url") if isinstance(block, dict) else None
    detail = f"GitHub API: access blocked ({reason if isinstance(reason, str) else 'legal'})"
    detail += f", {answer.status}"
    if isinstance(notice, str) and notice.startswith("https://"):
        detail += f"; notice: {notice}"
    return LinkCheck(Outcome.DEAD, detail, now_iso(), answer.status)


def _graphql_missing(error: Mapping[str, object] | None, full_name: str) -> RepoCheck:
    if error is not None and error.get("type") == "NOT_FOUND":
        return RepoCheck(
            LinkCheck(
                Outcome.DEAD, "GitHub API: repository not found (missing or private)", now_iso()
            ),
            RepoFacts(full_name=full_name, exists=False, source="graphql"),
        )
    message = error.get("message") if error is not None else None
    return _verdict(Outcome.TRANSIENT, f"GitHub GraphQL API: {message or 'no data for it'}")


def _verdict(outcome: Outcome, detail: str, status: int | None = None) -> RepoCheck:
    return RepoCheck(LinkCheck(outcome, detail, now_iso(), http_status=status), None)


def _expect(answer: _Answer, status: int, what: str) -> None:
    if answer.status != status:
        detail = f"GitHub API answered {answer.status} for the {what}"
        raise _Stop(Outcome.TRANSIENT, detail, answer.status)


# Links that are not repositories -------------------------------------------------------------


def _other_target(url: str, settings: Settings) -> tuple[ApiEndpoint, str, str | None] | None:
    """(API, path to ask, fallback path) for a GitHub page that is not a repository root; None
    for GitHub's own site pages and for paths that name nothing GitHub could hold.

    The fallback covers a /blob/ or /tree/ link whose branch name holds a slash."""
    page = github_page(url)
    if page is None or page.kind == "site":
        return None
    api = api_for_host(page.host, settings)
    if api is None:
        return None
    if page.kind == "gist":
        return api, f"/gists/{quote(unquote(page.name), safe='')}", None
    if page.kind == "user":
        return api, f"/users/{page.owner}", None
    repo = f"/repos/{page.owner}/{page.name}"
    rest = [quote(unquote(part), safe="") for part in page.rest]
    if page.kind == "file":
        path = "/".join(rest[1:])
        fallback = None
        if len(rest) > 2:
            fallback = f"{repo}/contents/{'/'.join(rest[2:])}?ref={rest[0]}%2F{rest[1]}"
        return api, f"{repo}/contents/{path}?ref={rest[0]}", fallback
    if page.kind == "release":
        return api, f"{repo}/releases/tags/{rest[0]}", None
    if page.kind == "issue":
        return api, f"{repo}/issues/{rest[0]}", None
    if page.kind == "commit":
        return api, f"{repo}/commits/{rest[0]}", None
    return api, repo, None  # another page of a repository: the repository's existence decides


# Small helpers -------------------------------------------------------------------------------


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    scheme = parts.scheme.casefold()
    port = parts.port or {"https": 443, "http": 80}.get(scheme)
    return scheme, (parts.hostname or "").casefold(), port


def _utc(value: str | None) -> str | None:
    try:
        return to_utc_iso(value)
    except ValueError as error:
        assert value is not None
        raise _Malformed(f"GitHub API sent a malformed timestamp {value[:40]!r}") from error


def _int_header(headers: httpx.Headers, name: str) -> int | None:
    value = headers.get(name, "").strip()
    return int(value) if value.isascii() and value.isdigit() else None


def _object(value: object, what: str) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise _Malformed(f"GitHub API sent a malformed {what}")
    return value


def _entry(value: object) -> Mapping[str, object]:
    return _object(value, "listing entry")


def _list(value: object, what: str) -> list[object]:
    if not isinstance(value, list):
        raise _Malformed(f"GitHub API sent a malformed {what}")
    return value


def _str(body: Mapping[str, object], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str):
        raise _Malformed(f"GitHub API answer lacks {key}")
    return value


def _opt_str(body: Mapping[str, object], key: str) -> str | None:
    value = body.get(key)
    return value if isinstance(value, str) else None


def _bool(body: Mapping[str, object], key: str) -> bool:
    value = body.get(key)
    if not isinstance(value, bool):
        raise _Malformed(f"GitHub API answer lacks {key}")
    return value


def _int(body: Mapping[str, object], key: str) -> int:
    value = body.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _Malformed(f"GitHub API answer lacks {key}")
    return value
