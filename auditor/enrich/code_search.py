"""`--find-code`: code for a paper that cites none but links its arXiv page, found in two
places, each "code found, not cited" with where it was found (`FoundCode`): evidence for the
reader, never counted as the paper's code.

First Hugging Face's paper pages (`GET {HUGGINGFACE_API_URL}/papers/{arXiv id}`, `PaperPages`):
the GitHub repository and project page the paper's page links (`githubRepo`, `projectPage`;
404 when the paper is not indexed). Only a code repository counts: a project page that is no
code host is not code. Then, for the papers it gave nothing for, GitHub's repository search
(`GET /search/repositories?q="{arXiv id}" in:readme`, GitHub's REST "Search" API) for
repositories whose README names that id.

The search API has its own, stricter rate limit (GitHub's documentation: 10 requests a minute
without a token, 30 with one), told by `X-RateLimit-Remaining` and `X-RateLimit-Reset`: when it
runs out the search waits for the reset if that is within `Settings.max_retry_wait` and the
run's time, and otherwise stops and says how many papers it did not reach. Each service's token
goes to its own API root only (`hosts.api.JsonApi`): the GitHub token never to Hugging Face."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from urllib.parse import quote

from auditor.config.settings import Settings
from auditor.enrich.budgets import RATE_LIMITED, Budgets
from auditor.hosts.answers import Answer, Stop, list_field, text_field
from auditor.hosts.api import JsonApi
from auditor.hosts.forges import api_auth
from auditor.links import (
    TEMPLATE_REPOSITORIES,
    arxiv_id,
    code_repository,
    github_full_name,
    is_code_result,
)
from auditor.models import FoundCode, FoundVia, LinkResult, Outcome, Paper
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
PAPER_PAGES = "Hugging Face paper pages"
MAX_CANDIDATES = 3


class PaperPages:
    """Hugging Face's paper pages API by arXiv id: `GET {root}/papers/{id}` answers the paper's
    metadata, `githubRepo` and `projectPage` among it (each a URL or null), or 404 when the paper
    is not indexed. Documented by Hugging Face at
    https://github.com/huggingface/skills/blob/main/skills/huggingface-papers/SKILL.md ("Paper
    Pages API Endpoints": "Get structured metadata", "Update paper links", "Error Handling") and
    https://huggingface.co/docs/hub/paper-pages. No token is needed; `HF_TOKEN`, when given, goes
    to the Hugging Face API root only."""

    def __init__(self, fetcher: Fetcher, settings: Settings) -> None:
        self._api = JsonApi(fetcher, replace(settings, max_retries=0), auth=api_auth(settings))
        self._root = settings.api_roots["huggingface"].rstrip("/")
        self.last: Answer | None = None

    @staticmethod
    def page(identifier: str) -> str:
        """The paper's page on the Hub, as its readers open it."""
        return f"https://huggingface.co/papers/{identifier}"

    async def code(self, identifier: str) -> tuple[FoundCode, ...]:
        """The code repositories the paper's page links (none when it is not indexed)."""
        self.last = answer = await self._api.get(
            f"{self._root}/papers/{quote(identifier, safe='.')}", retry=False
        )
        if answer.status == 404:
            return ()
        if answer.status != 200:
            raise Stop(Outcome.TRANSIENT, f"answered {answer.status}", answer.status)
        body = answer.json_object(PAPER_PAGES)
        found: list[str] = []
        for key in ("githubRepo", "projectPage"):
            code = code_repository(text_field(body, key) or "")
            name = github_full_name(code.url) if code is not None else None
            if code is not None and (name or "").casefold() not in TEMPLATE_REPOSITORIES:
                found.append(code.url)
        page = self.page(identifier)
        return tuple(
            FoundCode(url, FoundVia.HUGGINGFACE_PAPER_PAGE, page) for url in dict.fromkeys(found)
        )


def with_found_code(paper: Paper, found: Sequence[FoundCode]) -> Paper:
    """`paper` with the code found for it: `found_code` (the URLs, as it always had) and where
    each was found."""
    return replace(paper, found_code=tuple(f.url for f in found), found_code_via=tuple(found))


class CodeSearch:
    """Code for papers that cite none: linked on their Hugging Face page (`PaperPages`), else
    repositories that name their arXiv id in their README (GitHub's search)."""

    def __init__(self, fetcher: Fetcher, settings: Settings) -> None:
        token = settings.github_token
        auth = {settings.github_api_url: f"Bearer {token}"} if token else {}
        self._api = JsonApi(fetcher, replace(settings, max_retries=0), auth=auth)
        self._now = fetcher.now
        self._root = settings.github_api_url.rstrip("/")
        # An exhausted window is waited out once, when it resets within the retry wait limit.
        self._window = RetryPolicy(max_retries=1, max_wait=settings.max_retry_wait)
        self.last: Answer | None = None
        self.pages = PaperPages(fetcher, settings)

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
        """`papers` with `found_code` set for those the paper pages or the search answered
        for: the paper pages first, the search for the papers they gave nothing for."""
        wanted = self.wanted(papers, by_url)
        out: list[Paper] = []
        for paper in papers:
            identifier = wanted.get(paper.id)
            if identifier is None:
                out.append(paper)
                continue
            asked, linked = await run.ask(
                PAPER_PAGES,
                identifier,
                partial(self.pages.code, identifier),
                lambda: self.pages.last,
            )
            found = linked if asked and linked else await self._searched(run, identifier)
            out.append(with_found_code(paper, found) if found else paper)
        return out

    async def _searched(self, run: Budgets, identifier: str) -> tuple[FoundCode, ...]:
        await self._paced()
        service = run.service(SERVICE)
        if service.stopped == RATE_LIMITED:
            service.stopped = None  # the window reset while we waited
        asked, candidates = await run.ask(
            SERVICE, identifier, partial(self._search, identifier), lambda: self.last
        )
        if service.stopped == RATE_LIMITED and self._resets_soon():
            service.stopped = None
        if not asked or not candidates:
            return ()
        return tuple(FoundCode(url, FoundVia.GITHUB_SEARCH) for url in candidates)

    def _resets_soon(self) -> bool:
        if self.last is None:
            return False
        wait = server_wait(self.last.headers, now=self._now())
        return wait is not None and wait <= self._window.max_wait
