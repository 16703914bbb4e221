"""`--find-code`: for a paper that cites no code but links its arXiv page, GitHub's repository
search (`GET /search/repositories?q="{arXiv id}" in:readme`, GitHub's REST "Search" API) for
repositories whose README names that id. Candidates are "code found, not cited": evidence for
the reader, never counted as the paper's code.

The search API has its own, stricter rate limit (GitHub's documentation: 10 requests a minute
without a token, 30 with one), told by `X-RateLimit-Remaining` and `X-RateLimit-Reset`: when it
runs out the search waits for the reset if that is within `Settings.max_retry_wait` and the
run's time, and otherwise stops and says how many papers it did not reach."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from urllib.parse import quote

from auditor.config.settings import Settings
from auditor.enrich.budgets import RATE_LIMITED, Budgets
from auditor.hosts.answers import Answer, Stop, list_field, text_field
from auditor.hosts.api import JsonApi
from auditor.links import TEMPLATE_REPOSITORIES, arxiv_id, github_full_name, is_code_result
from auditor.models import LinkResult, Outcome, Paper
from auditor.net.fetcher import Fetcher
from auditor.net.policy import (
    RATE_LIMIT_STATUSES,
    Again,
    GaveUp,
    RetryPolicy,
    rate_limit_remaining,
    server_wait,
)

SERVICE = "GitHub search"
MAX_CANDIDATES = 3


class CodeSearch:
    """Repositories that name a paper's arXiv id in their README."""

    def __init__(self, fetcher: Fetcher, settings: Settings) -> None:
        token = settings.github_token
        auth = {settings.github_api_url: f"Bearer {token}"} if token else {}
        self._api = JsonApi(fetcher, replace(settings, max_retries=0), auth=auth)
        self._now = fetcher.now
        self._root = settings.github_api_url.rstrip("/")
        # An exhausted window is waited out once, when it resets within the retry wait limit.
        self._window = RetryPolicy(max_retries=1, max_wait=settings.max_retry_wait)
        self.last: Answer | None = None

    def _reset(self, answer: Answer) -> float | None:
        """The wait until an exhausted window resets; None while requests are left."""
        if rate_limit_remaining(answer.headers) != 0:
            return None
        return server_wait(answer.headers, now=self._now())

    async def _search(self, identifier: str) -> tuple[str, ...]:
        query = quote(f'"{identifier}" in:readme', safe="")
        url = f"{self._root}/search/repositories?q={query}&per_page=10"

        async def attempt() -> Answer | Again[Answer]:
            self.last = answer = await self._api.get(url, retry=False)
            wait = self._reset(answer) if answer.status in RATE_LIMIT_STATUSES else None
            return answer if wait is None else Again(answer, wait)

        result: Answer | GaveUp[Answer] = await self._window.run(attempt)
        answer = result.failure if isinstance(result, GaveUp) else result
        if answer.status != 200:
            raise Stop(Outcome.TRANSIENT, f"answered {answer.status}", answer.status)
        found: list[str] = []
        for item in list_field(answer.json_object(SERVICE), "items"):
            url_ = text_field(item, "html_url") or ""
            name = github_full_name(url_)
            if name is None or name.casefold() in TEMPLATE_REPOSITORIES:
                continue
            found.append(f"https://github.com/{name.lower()}")
        return tuple(dict.fromkeys(found))[:MAX_CANDIDATES]

    async def _paced(self) -> None:
        """Before the next request: wait out an exhausted window when it resets soon."""
        wait = None if self.last is None else self._reset(self.last)
        if wait is not None and wait <= self._window.max_wait:
            await self._window.sleep(wait)

    @staticmethod
    def wanted(papers: Sequence[Paper], by_url: Mapping[str, LinkResult]) -> dict[str, str]:
        """The arXiv id to search for, by paper id: papers that cite no code but an arXiv
        page."""
        wanted: dict[str, str] = {}
        for paper in papers:
            own = [by_url[url] for url in paper.links if url in by_url]
            identifier = next(
                (found for url in paper.links if (found := arxiv_id(url)) is not None), None
            )
            if identifier is not None and not any(is_code_result(result) for result in own):
                wanted[paper.id] = identifier
        return wanted

    async def run(
        self, run: Budgets, papers: Sequence[Paper], by_url: dict[str, LinkResult]
    ) -> list[Paper]:
        """`papers` with `found_code` set for those the search answered for."""
        wanted = self.wanted(papers, by_url)
        out: list[Paper] = []
        for paper in papers:
            identifier = wanted.get(paper.id)
            if identifier is None:
                out.append(paper)
                continue
            await self._paced()
            service = run.service(SERVICE)
            if service.stopped == RATE_LIMITED:
                service.stopped = None  # the window reset while we waited
            asked, candidates = await run.ask(
                SERVICE, identifier, partial(self._search, identifier), lambda: self.last
            )
            if service.stopped == RATE_LIMITED and self._resets_soon():
                service.stopped = None
            out.append(replace(paper, found_code=candidates) if asked and candidates else paper)
        return out

    def _resets_soon(self) -> bool:
        if self.last is None:
            return False
        wait = server_wait(self.last.headers, now=self._now())
        return wait is not None and wait <= self._window.max_wait
