"""Talking to the GitHub API: one request at a time (GitHub asks for serial requests), the token
only for the API origin, conditional REST requests from stored ETags, redirects followed within
the API origin only, the primary and secondary rate limits, and the retry policy of
`auditor.net.policy`, each request through the run's one request path (`auditor.net.fetcher`:
its politeness gates and its retry loop). Nothing here judges a repository."""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Protocol
from urllib.parse import unquote, urlsplit

from auditor.config.settings import Settings
from auditor.hosts.answers import Answer, Stop
from auditor.hosts.github.endpoints import API_VERSION, JSON_MEDIA, ApiEndpoint
from auditor.links.origins import origin
from auditor.models import Outcome
from auditor.net.answer import REDIRECT_STATUSES, URL
from auditor.net.body import UnreadableBody
from auditor.net.errors import HTTPError, TimeoutException
from auditor.net.fetcher import Fetcher
from auditor.net.guard import ApiRoot
from auditor.net.policy import (
    RATE_LIMIT_STATUSES,
    Again,
    GaveUp,
    RetryPolicy,
    rate_limit_remaining,
    rate_limit_reset,
)

logger = logging.getLogger(__name__)

_SECONDARY = re.compile(r"secondary rate|abuse detection", re.IGNORECASE)


SECONDARY_DEFAULT_WAIT = 60.0  # GitHub omits retry-after at times; Octokit then waits a minute
RAW_BASE = "raw"  # the `spent` and `rate_remaining` key of the raw host: not the API's budget


def _exchange_failed(error: HTTPError) -> str:
    if isinstance(error, TimeoutException):
        return "GitHub API timed out"
    return f"GitHub API exchange failed ({type(error).__name__})"


def timed_out(stop: Stop) -> bool:
    """Whether a request's failure was its time running out (not a broken exchange)."""
    return isinstance(stop.__cause__, TimeoutError | TimeoutException)


_TOKEN_PATHS = ("/repos/", "/repositories/", "/rate_limit")


def _reads_repositories(url: str, api: ApiEndpoint) -> bool | None:
    """None when `url` is no request to this API (outside its REST root or GraphQL URL, or a
    path with a dot segment); else whether it reads repositories or the rate limit, the only
    requests the token goes with."""
    if url.rstrip("/") == api.graphql.rstrip("/"):
        return True
    rest = ApiRoot.parse(api.rest.rstrip("/") + "/")
    if rest is None or not rest.holds(url):
        return None
    path = unquote(urlsplit(url).path)[len(rest.path) - 1 :]
    return path.startswith(_TOKEN_PATHS)


class ApiCache(Protocol):
    """Stored REST answers for conditional requests, keyed by request URL, and GraphQL facts
    kept for warm runs (`count_reused`: the ones a run takes without asking)."""

    def api_get(self, key: str) -> tuple[str | None, str] | None: ...

    def api_put(self, key: str, etag: str | None, body: str) -> None: ...

    def count_reused(self, key: str, age: float) -> None: ...


class Transport:
    """The GitHub requests of a run, serialised by one lock."""

    def __init__(self, fetcher: Fetcher, settings: Settings, cache: ApiCache | None) -> None:
        self.fetcher = fetcher
        self.settings = settings
        self.cache = cache
        self.lock = asyncio.Lock()
        self.token = settings.github_token
        self.token_origins = {origin(settings.github_api_url), origin(settings.github_graphql_url)}
        self.retry = RetryPolicy.from_settings(settings)
        self.spent: dict[str, str] = {}  # API base → why it can no longer be asked
        self.waited: set[str] = set()  # API bases whose primary limit was waited out once
        self.requests_made = 0  # API requests (the raw host's are `raw_requests`)
        self.raw_requests = 0
        self.graphql_queries = 0  # GraphQL answers that said their cost
        self.graphql_points = 0
        self.graphql_left: tuple[int, str] | None = None  # the last (remaining, resetAt)
        self.rate_remaining: dict[str, int] = {}  # API base → last x-ratelimit-remaining
        # Seconds the last exchange took, from sending to the whole answer: no wait of ours.
        self.last_exchange = 0.0

    async def send(
        self,
        method: str,
        url: str,
        api: ApiEndpoint,
        *,
        headers: dict[str, str],
        json_body: object = None,
        read_timeout: float | None = None,
        raw: bool = False,
    ) -> Answer:
        """One request, serialised: a rate-limit pause holds back every other GitHub call.
        `raw`: a file of the raw host (`download_url`), which never gets the token."""
        async with self.lock:
            return await self._send_serial(
                method, url, api, headers, json_body, read_timeout, raw=raw
            )

    async def _send_serial(
        self,
        method: str,
        url: str,
        api: ApiEndpoint,
        headers: dict[str, str],
        json_body: object,
        read_timeout: float | None,
        *,
        raw: bool = False,
    ) -> Answer:
        """The token only for the API origin; the primary and secondary limits; the retry
        loop's retries (of a transient answer or failure: GET only, `_graphql` splits a heavy
        batch and retries the rest; of a secondary limit: every method)."""
        base = RAW_BASE if raw else api.graphql if method == "POST" else api.rest

        async def attempt() -> Answer | Again[Answer | Stop]:
            return await self._attempt(
                method, url, api, base, headers, json_body, read_timeout, raw
            )

        result: Answer | GaveUp[Answer | Stop] = await self.retry.run(attempt)
        if not isinstance(result, GaveUp):
            return result
        if isinstance(result.failure, Stop):
            raise result.failure
        return result.failure  # a transient answer, retries spent: the caller judges it

    async def _attempt(
        self,
        method: str,
        url: str,
        api: ApiEndpoint,
        base: str,
        headers: dict[str, str],
        json_body: object,
        read_timeout: float | None,
        raw: bool,
    ) -> Answer | Again[Answer | Stop]:
        if base in self.spent:
            raise Stop(Outcome.UNCHECKED, self.spent[base])
        request_headers = dict(headers)
        # A file of the raw host never gets the token; a request to the API must be one it
        # answers, and the token reads repositories and the rate limit, nothing else.
        reads = False if raw else _reads_repositories(url, api)
        if reads is None:  # never sent: not a request to the API (a `..`, another path)
            raise Stop(Outcome.UNSUPPORTED, "not a request the GitHub API answers; not sent")
        if self.token and reads and origin(url) in self.token_origins and api.authorised:
            request_headers["Authorization"] = f"Bearer {self.token}"
        timeout = read_timeout or self.settings.timeout
        if raw:
            self.raw_requests += 1
        else:
            self.requests_made += 1
        try:
            response = await self.fetcher.send(
                method,
                url,
                headers=request_headers,
                json_body=json_body,
                body="every",
                whole=True,
                read_timeout=timeout,
                # A server that drips its answer never trips the read timeout.
                seconds=max(self.settings.link_deadline, timeout),
            )
        except UnreadableBody as error:
            raise Stop(Outcome.TRANSIENT, f"GitHub {error}") from None
        except TimeoutError as error:  # the whole-exchange deadline: not asked again
            raise Stop(Outcome.TRANSIENT, "GitHub API timed out") from error
        except HTTPError as error:
            if self.retry.is_unreached(error) or not self.retry.is_transient_error(error):
                # Could not reach the API at all: says nothing about the repository.
                raise Stop(
                    Outcome.UNCHECKED,
                    f"could not reach the GitHub API ({type(error).__name__})",
                ) from error
            failed = Stop(Outcome.TRANSIENT, _exchange_failed(error))
            if method != "GET":
                raise failed from error
            return Again(failed)
        self.last_exchange = response.elapsed  # the gate's wait for its turn left out
        answer = Answer(response.status, response.headers, response.text(), response.url)
        remaining = rate_limit_remaining(answer.headers)
        if remaining is not None:
            self.rate_remaining[base] = remaining
        if answer.status in RATE_LIMIT_STATUSES:
            if remaining == 0:
                await self.primary_limit(api, answer, graphql=method == "POST")
                return Again(answer, counted=False)
            if "retry-after" in answer.headers or _SECONDARY.search(answer.message()):
                return self._secondary_limit(answer, response.retry_after)
        if answer.status == 200 and method == "POST" and _SECONDARY.search(answer.message()):
            return self._secondary_limit(answer, response.retry_after)  # GraphQL says it with a 200
        if method == "GET" and self.retry.is_transient_status(answer.status):
            # GitHub's x-ratelimit-reset is the primary limit's, never a retry's wait.
            return Again(answer, response.retry_after)
        return answer

    async def primary_limit(self, api: ApiEndpoint, answer: Answer, *, graphql: bool) -> None:
        """Waits for the reset when it is near, else marks this API spent (raises Stop)."""
        base = api.graphql if graphql else api.rest
        reset = rate_limit_reset(answer.headers, now=self.fetcher.now())
        wait = reset + 1.0 if reset is not None else None
        if wait is not None and wait <= self.retry.max_wait and base not in self.waited:
            self.waited.add(base)  # one wait per run; a second exhaustion stops for good
            logger.warning("GitHub API rate limit reached; waiting %.0f s for the reset", wait)
            await self.retry.sleep(wait)
            return
        kind = "GraphQL points" if graphql else "REST requests"
        hint = "" if self.token else "; set GITHUB_TOKEN to raise the limit from 60 requests/hour"
        message = f"GitHub API rate limit ({kind}) exhausted; not checked{hint}"
        self.spent[base] = message
        logger.warning("%s (the remaining GitHub links are marked unchecked)", message)
        raise Stop(Outcome.UNCHECKED, message, answer.status)

    def _secondary_limit(self, answer: Answer, asked: float | None) -> Again[Answer | Stop]:
        """Waited as the server asks (a minute when it does not say), as a retry."""
        wait = SECONDARY_DEFAULT_WAIT if asked is None else asked
        logger.info("GitHub secondary rate limit (retry after %.0f s)", wait)
        detail = f"GitHub secondary rate limit (retry after {wait:.0f} s); not checked"
        return Again(Stop(Outcome.UNCHECKED, detail, answer.status), wait)

    def graphql_spent(self, limit: object) -> int | None:
        """Counts the points of one GraphQL answer from its `rateLimit { cost remaining resetAt }`
        (None when it says no cost)."""
        if not isinstance(limit, dict) or not isinstance(cost := limit.get("cost"), int):
            return None
        self.graphql_queries += 1
        self.graphql_points += cost
        remaining, reset_at = limit.get("remaining"), limit.get("resetAt")
        if isinstance(remaining, int) and isinstance(reset_at, str):
            self.graphql_left = (remaining, reset_at)
        return cost

    def scrub(self, text: str) -> str:
        return text.replace(self.token, "[token]") if self.token else text

    async def get(self, api: ApiEndpoint, path_or_url: str) -> Answer:
        url = path_or_url if "://" in path_or_url else api.rest + path_or_url
        cached = self.cache.api_get(url) if self.cache is not None else None
        headers = {"Accept": JSON_MEDIA, "X-GitHub-Api-Version": API_VERSION}
        if cached is not None and cached[0]:
            headers["If-None-Match"] = cached[0]
        answer = await self.send("GET", url, api, headers=headers)
        if answer.status == 304 and cached is not None:
            return Answer(200, answer.headers, cached[1], url)
        if answer.status == 200 and self.cache is not None:
            self.cache.api_put(url, answer.headers.get("etag"), answer.text)
        return answer

    async def get_raw(self, api: ApiEndpoint, url: str) -> Answer:
        """A file from the raw host (a listing's `download_url`): outside the API's budget,
        conditional like every GET, never with the token, never following a redirect."""
        cached = self.cache.api_get(url) if self.cache is not None else None
        headers = {"Accept": "*/*"}
        if cached is not None and cached[0]:
            headers["If-None-Match"] = cached[0]
        answer = await self.send("GET", url, api, headers=headers, raw=True)
        if answer.status == 304 and cached is not None:
            return Answer(200, answer.headers, cached[1], url)
        if answer.status == 200 and self.cache is not None:
            self.cache.api_put(url, answer.headers.get("etag"), answer.text)
        return answer

    async def follow(self, api: ApiEndpoint, answer: Answer) -> Answer:
        """Follows a redirect within the API origin (renames point at /repositories/{id})."""
        for _ in range(self.settings.max_redirects):
            if answer.status not in REDIRECT_STATUSES:
                return answer
            location = answer.headers.get("location", "")
            target = URL(answer.url).join(URL(location))
            if not location or origin(str(target)) != origin(api.rest):
                raise Stop(
                    Outcome.UNCHECKED,
                    f"GitHub API redirected to {target.host or 'nowhere'}; not followed",
                    answer.status,
                )
            answer = await self.get(api, str(target))
        raise Stop(Outcome.TRANSIENT, "too many redirects from the GitHub API", answer.status)
