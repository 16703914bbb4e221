"""The JSON GET every host adapter but GitHub's shares: redirects followed within the host, the
whole exchange within the link deadline, the body capped, and the retries of
`auditor.net.policy.RetryPolicy` (a 429's wait included). Failing to connect is `unchecked` (our
network, not the repository); a rate limit we may not wait out, too. What an answer means is
`hosts.answers`'."""

from __future__ import annotations

import time
from collections.abc import Mapping
from urllib.parse import urlsplit

import httpx

from auditor.config import Settings
from auditor.hosts.answers import Answer, Stop
from auditor.links import climbs
from auditor.models import Outcome
from auditor.net.body import UnreadableBody, bounded_request
from auditor.net.guard import ApiRoot
from auditor.net.policy import RetryPolicy, server_wait


class JsonApi:
    """GET requests to a host's API through the run's client. `auth` maps an API root to the
    `Authorization` value sent with requests under it (`ApiRoot.holds`: that origin, that
    path or below), to no other URL: roots sharing an origin (a mirror serving several APIs
    under one host) each get their own token, the most specific root's."""

    def __init__(
        self,
        client: httpx.AsyncClient,
        settings: Settings,
        *,
        auth: Mapping[str, str] | None = None,
    ) -> None:
        self._client = client
        self._settings = settings
        self._retry = RetryPolicy.from_settings(settings)
        roots = ((ApiRoot.parse(root), value) for root, value in (auth or {}).items())
        self._auth = sorted(
            ((root, value) for root, value in roots if root is not None),
            key=lambda rooted: len(rooted[0].path.rstrip("/")),
            reverse=True,
        )
        self.requests_made = 0

    def _authorization(self, url: str) -> dict[str, str]:
        target = httpx.URL(url)
        token = next((value for root, value in self._auth if root.holds(target)), None)
        return {"Authorization": token} if token else {}

    async def get(self, url: str, *, method: str = "GET", retry: bool = True) -> Answer:
        """GET (or `method`) with same-host redirects, and the retries of the retry policy
        (`retry` false: a transient answer is returned as it is, for callers that stop at
        the first sign of throttling)."""
        attempt = 0
        for _ in range(self._settings.max_redirects + self._settings.max_retries + 1):
            if climbs(urlsplit(url).path.split("/")):
                # The last check, whatever an adapter built from a link or a host's listing:
                # a path that climbs would ask another endpoint than the one meant (`/user`).
                raise Stop(Outcome.UNCHECKED, "not asked: the API path would climb out (`..`)")
            try:
                self.requests_made += 1
                # The whole exchange within the link deadline, the body capped: a server that
                # drips or sends a bomb holds nothing.
                response, text = await bounded_request(
                    self._client,
                    method,
                    url,
                    headers=self._authorization(url),
                    read_timeout=self._settings.timeout,
                    deadline=max(self._settings.link_deadline, self._settings.timeout),
                )
            except UnreadableBody as error:
                raise Stop(Outcome.TRANSIENT, str(error)) from None
            except TimeoutError as error:  # the whole-exchange deadline: not asked again
                raise Stop(Outcome.TRANSIENT, "timed out") from error
            except httpx.HTTPError as error:
                name = type(error).__name__
                if self._retry.is_unreached(error) or not self._retry.is_transient_error(error):
                    raise Stop(Outcome.UNCHECKED, f"could not connect ({name})") from error
                delay = self._retry.delay(attempt)
                if delay is None:
                    timeout = isinstance(error, httpx.TimeoutException)
                    raise Stop(
                        Outcome.TRANSIENT, "timed out" if timeout else f"exchange failed ({name})"
                    ) from error
                await self._retry.sleep(delay)
                attempt += 1
                continue
            status = response.status_code
            if status in {301, 302, 307, 308}:
                target = response.url.join(response.headers.get("location", ""))
                if target.host != response.url.host:
                    raise Stop(Outcome.TRANSIENT, f"redirected to {target.host}; not followed")
                url = str(target)
                continue
            if self._retry.is_transient_status(status):
                if not retry:
                    return Answer(status, response.headers, text, str(response.url))
                delay = self._retry.delay(attempt, server_wait(response.headers, now=time.time()))
                if delay is None:
                    # A rate limit we may not wait out says nothing about the repository.
                    outcome = Outcome.UNCHECKED if status == 429 else Outcome.TRANSIENT
                    raise Stop(outcome, f"answered {status}", status)
                await self._retry.sleep(delay)
                attempt += 1
                continue
            return Answer(status, response.headers, text, str(response.url))
        raise Stop(Outcome.TRANSIENT, "too many redirects or retries")
