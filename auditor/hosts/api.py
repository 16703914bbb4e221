"""The JSON GET every host adapter but GitHub's shares, through the run's one request path
(`auditor.net.fetcher`: its politeness gates, the whole exchange within the link deadline, the
body capped), redirects followed within the host, and the retry loop of
`auditor.net.policy.RetryPolicy` (a 429's wait included). Failing to connect is `unchecked` (our
network, not the repository); a rate limit we may not wait out, too. What an answer means is
`hosts.answers`'."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from urllib.parse import urlsplit

from auditor.config.settings import Settings
from auditor.hosts.answers import Answer, Stop
from auditor.links import climbs
from auditor.models import Outcome
from auditor.net.answer import URL, Response
from auditor.net.body import UnreadableBody
from auditor.net.errors import HTTPError, TimeoutException
from auditor.net.fetcher import Fetcher, location
from auditor.net.guard import ApiRoot
from auditor.net.policy import Again, GaveUp, RetryPolicy


class JsonApi:
    """GET requests to a host's API through the run's one request path (`Fetcher`: its slots,
    its politeness gates, its retry loop). `auth` maps an API root to the `Authorization` value
    sent with requests under it (`ApiRoot.holds`: that origin, that path or below), to no other
    URL: roots sharing an origin (a mirror serving several APIs under one host) each get their
    own token, the most specific root's."""

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
        roots = ((ApiRoot.parse(root), value) for root, value in (auth or {}).items())
        self._auth = sorted(
            ((root, value) for root, value in roots if root is not None),
            key=lambda rooted: len(rooted[0].path.rstrip("/")),
            reverse=True,
        )
        self.requests_made = 0

    def _authorization(self, url: str) -> dict[str, str]:
        token = next((value for root, value in self._auth if root.holds(url)), None)
        return {"Authorization": token} if token else {}

    async def get(self, url: str, *, method: str = "GET", retry: bool = True) -> Answer:
        """GET (or `method`) with same-host redirects, and the retries of the retry policy
        (`retry` false: a transient answer is returned as it is, for callers that stop at
        the first sign of throttling)."""
        for _ in range(self._settings.max_redirects + 1):
            if climbs(urlsplit(url).path.split("/")):
                # The last check, whatever an adapter built from a link or a host's listing:
                # a path that climbs would ask another endpoint than the one meant (`/user`).
                raise Stop(Outcome.UNCHECKED, "not asked: the API path would climb out (`..`)")
            result: Response | GaveUp[Stop]
            result = await self._retry.run(functools.partial(self._attempt, method, url, retry))
            if isinstance(result, GaveUp):
                raise result.failure
            try:
                target = location(result)
            except ValueError:
                raise Stop(Outcome.TRANSIENT, "redirected to an invalid address") from None
            if target is None:
                return Answer(result.status, result.headers, result.text(), result.url)
            if target.host != URL(result.url).host:
                raise Stop(Outcome.TRANSIENT, f"redirected to {target.host}; not followed")
            url = str(target)
        raise Stop(Outcome.TRANSIENT, "too many redirects")

    async def _attempt(self, method: str, url: str, retry: bool) -> Response | Again[Stop]:
        self.requests_made += 1
        settings = self._settings
        try:
            # The whole exchange within the link deadline, the body capped: a server that
            # drips or sends a bomb holds nothing.
            response = await self._fetcher.send(
                method,
                url,
                headers=self._authorization(url),
                body="every",
                whole=True,
                read_timeout=settings.timeout,
                seconds=max(settings.link_deadline, settings.timeout),
            )
        except UnreadableBody as error:
            raise Stop(Outcome.TRANSIENT, str(error)) from None
        except TimeoutError as error:  # the whole-exchange deadline: not asked again
            raise Stop(Outcome.TRANSIENT, "timed out") from error
        except HTTPError as error:
            name = type(error).__name__
            if self._retry.is_unreached(error) or not self._retry.is_transient_error(error):
                raise Stop(Outcome.UNCHECKED, f"could not connect ({name})") from error
            timeout = isinstance(error, TimeoutException)
            return Again(
                Stop(Outcome.TRANSIENT, "timed out" if timeout else f"exchange failed ({name})")
            )
        status = response.status
        if retry and self._retry.is_transient_status(status):
            # A rate limit we may not wait out says nothing about the repository.
            outcome = Outcome.UNCHECKED if status == 429 else Outcome.TRANSIENT
            return Again(Stop(outcome, f"answered {status}", status), response.server_wait)
        return response
