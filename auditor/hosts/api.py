"""The JSON GET every host adapter but GitHub's shares, through the run's one request path
(`auditor.net.fetcher`: its politeness gates, the whole exchange within the link deadline, the
body capped), redirects followed within the host, and the retry loop of
`auditor.net.policy.RetryPolicy` (a 429's wait included); then what an adapter needs to turn an
answer into a verdict. Failing to connect is `unchecked` (our network, not the repository);
a rate limit we may not wait out, too."""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass

import httpx

from auditor import repofiles
from auditor.config import Settings
from auditor.hosts.github import derive
from auditor.links.origins import origin
from auditor.models import LinkCheck, Outcome, RepoCheck, RepoFacts
from auditor.net.body import UnreadableBody
from auditor.net.fetcher import Fetcher, Response, location
from auditor.net.policy import Again, GaveUp, RetryPolicy
from auditor.timestamps import now_iso, to_utc_iso


class ApiStop(Exception):
    """Ends the work on one repository with a verdict."""

    def __init__(self, outcome: Outcome, detail: str, status: int | None = None) -> None:
        super().__init__(detail)
        self.check = LinkCheck(outcome, detail, now_iso(), http_status=status)


@dataclass(frozen=True, slots=True)
class ApiAnswer:
    status: int
    text: str
    headers: httpx.Headers

    def json_object(self, what: str) -> dict[str, object]:
        try:
            body = json.loads(self.text)
        except (ValueError, RecursionError) as error:  # RecursionError: nested too deeply
            raise ApiStop(Outcome.TRANSIENT, f"{what} answered non-JSON", self.status) from error
        if not isinstance(body, dict):
            raise ApiStop(Outcome.TRANSIENT, f"{what} answered a malformed object", self.status)
        return body

    def json_list(self, what: str) -> list[object]:
        try:
            body = json.loads(self.text)
        except (ValueError, RecursionError) as error:
            raise ApiStop(Outcome.TRANSIENT, f"{what} answered non-JSON", self.status) from error
        if not isinstance(body, list):
            raise ApiStop(Outcome.TRANSIENT, f"{what} answered a malformed list", self.status)
        return body


class JsonApi:
    """GET requests to a host's API through the run's one request path (`Fetcher`: its slots,
    its politeness gates, its retry loop). `auth` maps an API origin (`origin`) to the
    `Authorization` value sent to it, and to no other origin (`auditor.links.origins`)."""

    def __init__(
        self,
        fetcher: Fetcher,
        settings: Settings,
        *,
        auth: Mapping[str, str] | None = None,
    ) -> None:
        self._fetcher = fetcher
        self._settings = settings
        self._retry = RetryPolicy.from_settings(settings)
        self._auth = {origin(root): value for root, value in (auth or {}).items()}
        self.requests_made = 0

    async def get(self, url: str, *, method: str = "GET", retry: bool = True) -> ApiAnswer:
        """GET (or `method`) with same-host redirects, and the retries of the retry policy
        (`retry` false: a transient answer is returned as it is, for callers that stop at
        the first sign of throttling)."""
        for _ in range(self._settings.max_redirects + 1):
            result: Response | GaveUp[ApiStop]
            result = await self._retry.run(functools.partial(self._attempt, method, url, retry))
            if isinstance(result, GaveUp):
                raise result.failure
            try:
                target = location(result)
            except (httpx.InvalidURL, ValueError):
                raise ApiStop(Outcome.TRANSIENT, "redirected to an invalid address") from None
            if target is None:
                return ApiAnswer(result.status, result.text(), result.headers)
            if target.host != httpx.URL(result.url).host:
                raise ApiStop(Outcome.TRANSIENT, f"redirected to {target.host}; not followed")
            url = str(target)
        raise ApiStop(Outcome.TRANSIENT, "too many redirects")

    async def _attempt(self, method: str, url: str, retry: bool) -> Response | Again[ApiStop]:
        self.requests_made += 1
        token = self._auth.get(origin(url))
        settings = self._settings
        try:
            # The whole exchange within the link deadline, the body capped: a server that
            # drips or sends a bomb holds nothing.
            response = await self._fetcher.send(
                method,
                url,
                headers={"Authorization": token} if token else {},
                body="every",
                whole=True,
                read_timeout=settings.timeout,
                seconds=max(settings.link_deadline, settings.timeout),
            )
        except UnreadableBody as error:
            raise ApiStop(Outcome.TRANSIENT, str(error)) from None
        except TimeoutError as error:  # the whole-exchange deadline: not asked again
            raise ApiStop(Outcome.TRANSIENT, "timed out") from error
        except httpx.HTTPError as error:
            name = type(error).__name__
            if self._retry.is_unreached(error) or not self._retry.is_transient_error(error):
                raise ApiStop(Outcome.UNCHECKED, f"could not connect ({name})") from error
            timeout = isinstance(error, httpx.TimeoutException)
            return Again(
                ApiStop(Outcome.TRANSIENT, "timed out" if timeout else f"exchange failed ({name})")
            )
        status = response.status
        if retry and self._retry.is_transient_status(status):
            # A rate limit we may not wait out says nothing about the repository.
            outcome = Outcome.UNCHECKED if status == 429 else Outcome.TRANSIENT
            return Again(ApiStop(outcome, f"answered {status}", status), response.server_wait)
        return response


def found(facts: RepoFacts, asked: str, final_url: str) -> RepoCheck:
    if facts.full_name.casefold() != asked.casefold():
        detail = f"renamed or moved to {facts.full_name}"
        return RepoCheck(LinkCheck(Outcome.MOVED, detail, now_iso(), 200, final_url), facts)
    detail = "repository exists" + (" (archived)" if facts.archived else "")
    return RepoCheck(LinkCheck(Outcome.OK, detail, now_iso(), 200), facts)


async def no_file(path: str) -> str | None:
    """A `FileReader` for a repository with no files."""
    return None


def dead(name: str, source: str, detail: str) -> RepoCheck:
    return RepoCheck(
        LinkCheck(Outcome.DEAD, detail, now_iso(), 404),
        RepoFacts(full_name=name, exists=False, source=source),
    )


def expect(answer: ApiAnswer, what: str) -> None:
    if answer.status != 200:
        raise ApiStop(Outcome.TRANSIENT, f"{what} answered {answer.status}", answer.status)


def text_field(body: object, key: str) -> str | None:
    value = body.get(key) if isinstance(body, dict) else None
    return value if isinstance(value, str) else None


def number_field(body: object, key: str) -> int | None:
    value = body.get(key) if isinstance(body, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def timestamp(value: str | None) -> str | None:
    try:
        return to_utc_iso(value)
    except ValueError:
        return None  # a date we cannot read is a missing date, not a failed check


# A file of a repository as text, or None when the host did not give it.
FileReader = Callable[[str], Awaitable[str | None]]


async def complete_from_root(
    facts: RepoFacts, entries: Sequence[tuple[str, bool]], read: FileReader
) -> RepoFacts:
    """`facts` completed from a root listing ((name, is_file) pairs) as GitHub's are: the README
    GitHub would show (read through `read`), its covers, the environment files and whether the
    dependencies are pinned (`auditor.hosts.github.derive`)."""
    tree = derive.Tree(tuple(entries))
    readme = None
    path = derive.preferred_readme(tree)
    text = await read(path) if path else None
    if path and text is not None:
        size = len(text.encode())
        readme = derive.Readme(path, size, text[: repofiles.MAX_README_BYTES])
    manifests: dict[str, str] = {}
    for name in derive.manifests_to_read(tree):
        manifest = await read(name)
        if manifest is not None:
            manifests[name] = manifest
    return derive.complete(facts, empty=not entries, tree=tree, readme=readme, manifests=manifests)


def object_field(body: object, key: str) -> dict[str, object]:
    value = body.get(key) if isinstance(body, dict) else None
    return value if isinstance(value, dict) else {}


def list_field(body: object, key: str) -> list[object]:
    value = body.get(key) if isinstance(body, dict) else None
    return value if isinstance(value, list) else []
