"""The audit's order and concurrency: read the lists, check every link once, harvest code links
from project pages, gather repository facts, score each paper.

Paths and list-page URLs in → `Audit` out. Web links go to `web`, repositories to the GitHub
API (`github`), GitLab and Hugging Face links to their APIs (`forges`); nothing here talks to
the network itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime

from auditor import extract, forges, github, score, web
from auditor.config import Settings
from auditor.models import Link, LinkCheck, LinkKind, LinkResult, Occurrence, Outcome, Paper
from auditor.net import Net
from auditor.report import Audit, InputSummary
from auditor.store import VerdictCache

log = logging.getLogger(__name__)

# Kinds answered by an API rather than by fetching the page.
FORGE_KINDS = frozenset({LinkKind.GITLAB, LinkKind.HUGGINGFACE})
PAGE_KINDS = frozenset({LinkKind.GITHUB_PAGES, LinkKind.WEB, LinkKind.ANONYMOUS_REVIEW})


@dataclass(frozen=True, slots=True)
class RunOutcome:
    audit: Audit
    errors: tuple[str, ...]


def now_iso() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def is_url_input(text: str) -> bool:
    return text.lower().startswith(("http://", "https://"))


def unchecked(reason: str) -> LinkCheck:
    return LinkCheck(outcome=Outcome.UNCHECKED, detail=reason, checked_at=now_iso())


class _Checks:
    """The per-link results of one run, each URL checked once."""

    def __init__(self, net: Net, settings: Settings, cache: VerdictCache | None) -> None:
        self.net = net
        self.settings = settings
        self.cache = cache
        self.github = github.GitHubFacts(net.client, settings, api_cache=cache)
        self.forges = forges.ForgeFacts(net.client, settings)
        self.checks: dict[str, LinkCheck] = {}
        self.facts: dict[str, github.RepoFacts] = {}

    async def check(self, links: Iterable[Link]) -> None:
        pending = [link for link in links if link.url not in self.checks]
        repos = {repo_name(link.url): link.url for link in pending if link.kind is LinkKind.GITHUB_REPO}
        others = [link for link in pending if link.kind is LinkKind.GITHUB_OTHER]
        on_forges = [link for link in pending if link.kind in FORGE_KINDS]
        on_web = [
            (link.url, link.kind)
            for link in pending
            if link.kind not in FORGE_KINDS
            and link.kind not in (LinkKind.GITHUB_REPO, LinkKind.GITHUB_OTHER)
        ]
        await asyncio.gather(
            self._repos(repos),
            self._each(others, self.github.other),
            self._forges(on_forges),
            self._web(on_web),
        )

    async def _repos(self, repos: Mapping[str, str]) -> None:
        if not repos:
            return
        answers = await self.github.repos(list(repos))
        for name, url in repos.items():
            answer = answers.get(name)
            if answer is None:
                self.checks[url] = unchecked("GitHub gave no answer for this repository")
                continue
            self.checks[url] = answer.check
            if answer.facts is not None:
                self.facts[url] = answer.facts

    async def _forges(self, links: Sequence[Link]) -> None:
        for link in links:
            answer = await self.forges.check(link.url, link.kind)
            self.checks[link.url] = answer.check
            if answer.facts is not None:
                self.facts[link.url] = answer.facts

    async def _each(self, links: Sequence[Link], check: Callable[[str], Awaitable[LinkCheck]]) -> None:
        for link in links:
            self.checks[link.url] = await check(link.url)

    async def _web(self, targets: Sequence[tuple[str, LinkKind]]) -> None:
        if targets:
            self.checks.update(await web.check_links(self.net, targets, cache=self.cache))


def repo_name(url: str) -> str:
    """`owner/name` of a canonical `https://github.com/owner/name` URL."""
    return "/".join(url.rstrip("/").split("/")[-2:])


def harvested_links(links: Sequence[Link], checks: Mapping[str, LinkCheck]) -> list[Link]:
    """Code links found on the project pages of `links`, attributed to the pages' papers."""
    found: dict[str, Link] = {}
    known = {link.url for link in links}
    for page in links:
        check = checks.get(page.url)
        if check is None or not check.code_links:
            continue
        for raw in check.code_links:
            normal = extract.normalize_url(raw)
            if normal is None or normal.kind not in extract.CODE_KINDS or normal.url in known:
                continue
            occurrences = tuple(
                Occurrence(paper=paper, path=page.url, line=0, raw=raw, subpath=normal.subpath)
                for paper in page.papers
            )
            previous = found.get(normal.url)
            if previous is None:
                found[normal.url] = Link(
                    url=normal.url, kind=normal.kind, papers=page.papers,
                    occurrences=occurrences, found_via=page.url,
                )
            else:
                papers = tuple(dict.fromkeys(previous.papers + page.papers))
                found[normal.url] = replace(
                    previous, papers=papers, occurrences=previous.occurrences + occurrences
                )
    return list(found.values())


def with_harvest(papers: Sequence[Paper], harvest: Sequence[Link]) -> list[Paper]:
    extra: dict[str, list[str]] = {}
    for link in harvest:
        for paper in link.papers:
            extra.setdefault(paper, []).append(link.url)
    return [
        replace(paper, links=tuple(dict.fromkeys(paper.links + tuple(extra[paper.id]))))
        if paper.id in extra
        else paper
        for paper in papers
    ]


async def _read_inputs(net: Net, inputs: Sequence[str], settings: Settings) -> extract.Extraction:
    documents: list[extract.Document] = []
    fetch_errors: list[str] = []
    for name in inputs:
        if not is_url_input(name):
            continue
        try:
            data, content_type = await web.fetch_document(net, name)
        except web.FetchError as error:
            fetch_errors.append(f"{name}: {error}")
            continue
        documents.append(extract.Document(name=name, data=data, content_type=content_type))
    extraction = extract.extract_inputs(
        [name for name in inputs if not is_url_input(name)],
        documents=documents,
        paper_date=settings.paper_date,
    )
    if fetch_errors:
        extraction = replace(
            extraction,
            errors=extraction.errors + tuple(fetch_errors),
            inputs=extraction.inputs
            + tuple(InputSummary(path=e.split(": ", 1)[0], format=None, papers=0, error=e)
                    for e in fetch_errors),
        )
    return extraction


async def run(
    inputs: Sequence[str], settings: Settings, rubric: score.Rubric, *, today: date | None = None
) -> RunOutcome:
    """The whole audit. Never raises for a link or an input: each gets an outcome or an error."""
    cache = VerdictCache(settings.cache_dir, settings.max_cache_age) if settings.cache_dir else None
    try:
        async with Net(settings) as net:
            extraction = await _read_inputs(net, inputs, settings)
            checks = _Checks(net, settings, cache)
            links = list(extraction.links)
            try:
                async with _run_budget(settings):
                    await checks.check(links)
                    harvest = harvested_links(links, checks.checks)
                    await checks.check(harvest)
            except TimeoutError:
                log.warning("run time limit reached: the links not yet judged are unchecked")
                harvest = harvested_links(links, checks.checks)
    finally:
        if cache is not None:
            cache.close()
    results = tuple(
        LinkResult(
            link=link,
            check=checks.checks.get(link.url) or unchecked("run time limit reached"),
            repo=checks.facts.get(link.url),
        )
        for link in links + harvest
    )
    papers = tuple(with_harvest(extraction.papers, harvest))
    day = today or datetime.now(UTC).date()
    by_paper: dict[str, list[LinkResult]] = {}
    for result in results:
        for paper_id in result.link.papers:
            by_paper.setdefault(paper_id, []).append(result)
    scores = {paper.id: score.score_paper(paper, by_paper.get(paper.id, []), rubric, today=day)
              for paper in papers}
    audit = Audit(
        generated_at=now_iso(),
        inputs=extraction.inputs,
        papers=papers,
        results=results,
        scores=scores,
        rubric_version=score.RUBRIC_VERSION,
    )
    return RunOutcome(audit=audit, errors=extraction.errors)


@contextlib.asynccontextmanager
async def _run_budget(settings: Settings):  # type: ignore[no-untyped-def]
    if settings.max_run_time is None:
        yield
        return
    async with asyncio.timeout(settings.max_run_time):
        yield
