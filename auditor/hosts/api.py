"""The JSON GET every host adapter but GitHub's shares: redirects followed within the host, the
whole exchange within the link deadline, the body capped, and the retries of
`auditor.net.policy.RetryPolicy` (a 429's wait included); then what an adapter needs to turn an
answer into a verdict. Failing to connect is `unchecked` (our network, not the repository);
a rate limit we may not wait out, too."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace

import httpx

from auditor.config import Settings
from auditor.models import LinkCheck, Outcome, ReadmeFacts, RepoCheck, RepoFacts
from auditor.net.body import UnreadableBody, bounded_request
from auditor.net.policy import RetryPolicy, server_wait
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


class JsonApi:
    """GET requests to a host's API through the run's client."""

    def __init__(self, client: httpx.AsyncClient, settings: Settings) -> None:
        self._client = client
        self._settings = settings
        self._retry = RetryPolicy.from_settings(settings)
        self.requests_made = 0

    async def get(self, url: str) -> ApiAnswer:
        """GET with same-host redirects, and the retries of the retry policy."""
        attempt = 0
        for _ in range(self._settings.max_redirects + self._settings.max_retries + 1):
            try:
                self.requests_made += 1
                # The whole exchange within the link deadline, the body capped: a server that
                # drips or sends a bomb holds nothing.
                response, text = await bounded_request(
                    self._client,
                    "GET",
                    url,
                    headers={},
                    read_timeout=self._settings.timeout,
                    deadline=max(self._settings.link_deadline, self._settings.timeout),
                )
            except UnreadableBody as error:
                raise ApiStop(Outcome.TRANSIENT, str(error)) from None
            except TimeoutError as error:  # the whole-exchange deadline: not asked again
                raise ApiStop(Outcome.TRANSIENT, "timed out") from error
            except httpx.HTTPError as error:
                name = type(error).__name__
                if self._retry.is_unreached(error) or not self._retry.is_transient_error(error):
                    raise ApiStop(Outcome.UNCHECKED, f"could not connect ({name})") from error
                delay = self._retry.delay(attempt)
                if delay is None:
                    timeout = isinstance(error, httpx.TimeoutException)
                    raise ApiStop(
                        Outcome.TRANSIENT, "timed out" if timeout else f"exchange failed ({name})"
                    ) from error
                await self._retry.sleep(delay)
                attempt += 1
                continue
            status = response.status_code
            if status in {301, 302, 307, 308}:
                target = response.url.join(response.headers.get("location", ""))
                if target.host != response.url.host:
                    raise ApiStop(Outcome.TRANSIENT, f"redirected to {target.host}; not followed")
                url = str(target)
                continue
            if self._retry.is_transient_status(status):
                delay = self._retry.delay(attempt, server_wait(response.headers, now=time.time()))
                if delay is None:
                    # A rate limit we may not wait out says nothing about the repository.
                    outcome = Outcome.UNCHECKED if status == 429 else Outcome.TRANSIENT
                    raise ApiStop(outcome, f"answered {status}", status)
                await self._retry.sleep(delay)
                attempt += 1
                continue
            return ApiAnswer(status, text, response.headers)
        raise ApiStop(Outcome.TRANSIENT, "too many redirects or retries")


def with_readme(facts: RepoFacts, path: str, text: str, covers: ReadmeFacts) -> RepoFacts:
    return replace(
        facts,
        readme_path=path,
        readme_bytes=len(text.encode()),
        readme_covers=covers.covers,
        readme_evidence=covers.evidence,
        artifact_links=covers.artifact_links,
    )


def found(facts: RepoFacts, asked: str, final_url: str) -> RepoCheck:
    if facts.full_name.casefold() != asked.casefold():
        detail = f"renamed or moved to {facts.full_name}"
        return RepoCheck(LinkCheck(Outcome.MOVED, detail, now_iso(), 200, final_url), facts)
    detail = "repository exists" + (" (archived)" if facts.archived else "")
    return RepoCheck(LinkCheck(Outcome.OK, detail, now_iso(), 200), facts)


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


def number_field(body: dict[str, object], key: str) -> int | None:
    value = body.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def timestamp(value: str | None) -> str | None:
    try:
        return to_utc_iso(value)
    except ValueError:
        return None  # a date we cannot read is a missing date, not a failed check
