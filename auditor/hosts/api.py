"""The JSON GET every host adapter but GitHub's shares: redirects followed within the host, the
whole exchange within the link deadline, the body capped, and the retries of
`auditor.net.policy.RetryPolicy` (a 429's wait included). Failing to connect is `unchecked` (our
network, not the repository); a rate limit we may not wait out, too. What an answer means is
`hosts.answers`'."""

from __future__ import annotations

import time
from collections.abc import Mapping

import httpx

from auditor.config import Settings
from auditor.hosts.answers import Answer, Stop
from auditor.models import Outcome
from auditor.net.body import UnreadableBody, bounded_request
from auditor.net.policy import RetryPolicy, server_wait


def origin(url: str) -> str:
    """`scheme://host[:port]` of a URL: what a token is bound to."""
    parts = httpx.URL(url)
    port = f":{parts.port}" if parts.port is not None else ""
    return f"{parts.scheme}://{parts.host}{port}".lower()


class JsonApi:
    """GET requests to a host's API through the run's client. `auth` maps an API origin
    (`origin`) to the `Authorization` value sent to it, and to no other origin."""

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
        self._auth = {origin(root): value for root, value in (auth or {}).items()}
        self.requests_made = 0

    async def get(self, url: str, *, method: str = "GET", retry: bool = True) -> Answer:
        """GET (or `method`) with same-host redirects, and the retries of the retry policy
        (`retry` false: a transient answer is returned as it is, for callers that stop at
        the first sign of throttling)."""
        attempt = 0
        for _ in range(self._settings.max_redirects + self._settings.max_retries + 1):
            try:
                self.requests_made += 1
                # The whole exchange within the link deadline, the body capped: a server that
                # drips or sends a bomb holds nothing.
                token = self._auth.get(origin(url))
                response, text = await bounded_request(
                    self._client,
                    method,
                    url,
                    headers={"Authorization": token} if token else {},
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
