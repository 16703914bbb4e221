"""The audit's order and concurrency: read the lists, check every link once, harvest code links
from project pages, gather repository facts, score each paper. The phases overlap: the
repositories a page names are asked as soon as that page is read and the harvest is sure to
give them (`harvest.EarlyHarvest`), in GitHub batches that fill while other links still wait for
their retries (`_Batches`); what the harvest attributes, and the order of the results, are those
of the pages taken in the order cited, whichever answered first. Papers whose links are all
judged are scored while the run waits on retries and GitHub (`_EarlyScores`), each score kept
only if its paper's links end as they were.

Paths and list-page URLs in → `Audit` out. Web links go to the link checker (`checker`),
GitHub repositories to its API (`hosts.github`), other code hosts' and archives' links to their
APIs (`hosts.forges`), DOIs through doi.org's API to what they point at; once every verdict and
score is in, the archives and the code search add what they know (`hosts.archives`), changing
neither. When the DNS canary says public DNS is down, links that need it are `unchecked` at once.
Each link's work runs inside the per-link boundary (`auditor.containment`): what it raises costs
that link, the deadline passing leaves it `unchecked` for the deadline, and the failures
contained become the run's first notes. Nothing here talks to the network itself.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from urllib.parse import urlsplit

from auditor import containment, links
from auditor import deadline as run_clock
from auditor.check import checker
from auditor.check.cache import VerdictCache
from auditor.config.settings import DEFAULT_API_ROOTS, DEFAULT_GITHUB_API_URL, Settings
from auditor.enrich import archives
from auditor.extract import collect as extract
from auditor.hosts import github
from auditor.hosts.forges import FORGE_KINDS, ForgeFacts
from auditor.models import (
    ArtifactKind,
    ArtifactLink,
    Hop,
    InputSummary,
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Outcome,
    Paper,
    PaperScore,
    RepoCheck,
    RepoFacts,
    Whose,
)
from auditor.net import Net, Resolver, fetch
from auditor.net.client import needs_public_dns
from auditor.pipeline import shard
from auditor.pipeline.harvest import EarlyHarvest, attribute, harvested_links, with_links
from auditor.rubric import promises, score
from auditor.rubric.registry import Rubric
from auditor.scorecard import Audit
from auditor.timestamps import now_iso

log = logging.getLogger(__name__)

# The most weights and data links of one repository's README that are checked.
MAX_ARTIFACTS_PER_REPOSITORY = 20
# Kinds answered by an API rather than by fetching the page (a DOI: doi.org's, then its target's).
API_KINDS = FORGE_KINDS | {LinkKind.GITHUB_REPO, LinkKind.GITHUB_OTHER, LinkKind.DOI}
# Time the web checker gets past --max-run-time to turn what it has not finished into
# `unchecked` before the run's own bound cancels it.
GRACE_SECONDS = 5.0


class Observer:
    """What the caller learns while a run goes on (the history stores each result, the progress
    line counts them). The base class ignores everything."""

    def planned(self, count: int) -> None:
        """`count` more links will get a result."""

    def finished(self, result: LinkResult) -> None:
        """A link's result is final."""

    def github_budget(self, remaining: int | None) -> None:
        """GitHub requests or points left in the current rate-limit window."""

    def inputs_read(self, complete: bool) -> None:
        """The inputs are read, before any link is checked; `complete`: every one of them."""


@dataclass(frozen=True, slots=True)
class RunOutcome:
    """`stopped`: an input could not be read and the run checked nothing (see `run`)."""

    audit: Audit
    errors: tuple[str, ...]
    stopped: bool = False


def repo_name(url: str) -> str:
    """What the GitHub adapter is asked for a canonical `github-repo` URL: `owner/name`, or
    the key of the folder it cites (each cited folder has its own answer)."""
    key = github.repository_key(url)
    assert key is not None, url  # extraction gives `github-repo` only to such URLs
    return key


class _Checks:
    """The per-link results of one run, each URL checked once and reported as it completes."""

    def __init__(
        self,
        net: Net,
        settings: Settings,
        cache: VerdictCache | None,
        observer: Observer,
        early_scores: _EarlyScores,
    ) -> None:
        self.net = net
        self.settings = settings
        self.cache = cache
        self.observer = observer
        # The API client: its guard trusts the configured API roots (and nothing else).
        self.github = github.GitHubFacts(net.apis, settings, api_cache=cache)
        self.forges = ForgeFacts(net.apis, settings)
        self.links: dict[str, Link] = {}
        self.results: dict[str, LinkResult] = {}
        self.deadline = run_clock.current()
        # Per paper: how many more links it may gain from project pages, and how many it lost.
        self.room: dict[str, int] = {}
        self.left_out: dict[str, int] = {}
        # Weights and data links the READMEs give, checked as their papers' (`Link.artifact`).
        self.artifact_urls: set[str] = set()
        # While the cited pages are read: the links their harvest is sure to give, checked
        # at once (`early_checks`) rather than once the last page has answered.
        self.early: EarlyHarvest | None = None
        self.early_checks: list[asyncio.Task[None]] = []
        self.early_urls: set[str] = set()
        # Web links being asked now (not yet judged, nor waiting for a retry), and links
        # harvested early on their way to a check.
        self.asking: set[str] = set()
        self.batches = _Batches(self)
        # Papers scored while the run waits on timers.
        self.early_scores = early_scores
        self.artifacts_listed = False  # the READMEs' weights and data links are the run's

    def out_of_time(self) -> bool:
        return self.deadline.expired()

    def record(self, url: str, check: LinkCheck, facts: RepoFacts | None = None) -> None:
        result = LinkResult(link=self.links[url], check=check, repo=facts)
        self.results[url] = result
        self.observer.finished(result)
        if self.early is not None and (sure := self.early.read(result)):
            new = [link for link in sure if link.url not in self.links]
            for link in new:  # taken now: a page read next cannot start it twice
                self.links[link.url] = link
                self.early_urls.add(link.url)
                # On its way: the web is not idle before it is judged, or waits in a batch.
                self.asking.add(link.url)
            if new:
                self.early_checks.append(asyncio.ensure_future(self.check(new)))
        self.resting(url)

    def adopt(self, harvest: Sequence[Link]) -> list[Link]:
        """The links of a harvest made the run's, after those it has, in the harvest's order: a
        link the run has gains the papers whose page holds it (`attribute`), one checked early
        takes the harvest's attribution; the others are returned, to be checked."""
        early, self.early_urls = self.early_urls, set()
        adopted = {url: link for url, link in self.links.items() if url not in early}
        unchecked = []
        for link in harvest:
            known = adopted.get(link.url)
            adopted[link.url] = link if known is None else attribute(known, link)
            if known is None and link.url not in early:
                unchecked.append(link)
            result = self.results.get(link.url)
            if result is not None:
                self.results[link.url] = replace(result, link=adopted[link.url])
        self.links = adopted
        return unchecked

    # The web checker's `checker.Activity`: a partial GitHub batch waits while web links are
    # being asked (a page being read may add to it), not while they wait for retries; papers
    # are scored early only then.
    def resting(self, url: str) -> None:
        if url in self.asking:
            self.asking.discard(url)
            if not self.asking:
                self.batches.wake()
        if not self.asking:
            self.early_scores.grown(self)

    def resumed(self, url: str) -> None:
        if url not in self.results:
            self.asking.add(url)

    def web_idle(self) -> bool:
        return not self.asking

    async def answer(self, url: str, work: Awaitable[RepoCheck]) -> RepoCheck:
        """`work`'s answer for the link `url`, inside the per-link boundary: the deadline
        passing leaves the link unchecked for it; whatever else it raises (a bug of ours) is
        contained, the link unchecked, the others unharmed."""
        try:
            return await work
        except run_clock.OutOfTime:
            return RepoCheck(checker.not_checked(run_clock.NOT_CHECKED), None)
        except Exception as error:
            return RepoCheck(checker.internal_error(url, error), None)

    async def check(self, links: Iterable[Link]) -> None:
        pending = [link for link in links if link.url not in self.results]
        for link in pending:
            self.links[link.url] = link
        self.observer.planned(len(pending))
        if pending:
            await self.net.dns_works()  # first, once a run: offline, public names are not asked
        repos = [link.url for link in pending if link.kind is LinkKind.GITHUB_REPO]
        others = [link.url for link in pending if link.kind is LinkKind.GITHUB_OTHER]
        releases = [link.url for link in pending if self.release_artifact(link)]
        on_forges = [
            link
            for link in pending
            if link.kind in FORGE_KINDS | {LinkKind.DOI} or self.record_artifact(link)
        ]
        on_web = [
            (link.url, link.kind)
            for link in pending
            if link.kind not in API_KINDS and not self.artifact_api(link)
        ]
        self.asking.update(url for url, _ in on_web)
        await asyncio.gather(
            self._repos(repos),
            self._others(others),
            self._releases(releases),
            self._forges(on_forges),
            self._web(on_web),
        )

    def release_artifact(self, link: Link) -> bool:
        """A weights or data link into a GitHub repository's releases (its API answers)."""
        return link.artifact is not None and self.github.serves_release(link.url)

    def record_artifact(self, link: Link) -> bool:
        """A weights or data link another host's API answers (a figshare article, …)."""
        return link.artifact is not None and self.forges.serves_artifact(link.url, link.kind)

    def artifact_api(self, link: Link) -> bool:
        """A weights or data link an API answers for, whatever its kind: never fetched as a
        web link."""
        return self.release_artifact(link) or self.record_artifact(link)

    async def _repos(self, urls: Sequence[str]) -> None:
        # Facts still fresh from an earlier run first (no request), so that the batches below
        # are full ones: asked in batches, one repository without a kept answer (a missing
        # one) would cost a GraphQL query per batch on a warm run.
        kept = self.github.kept([repo_name(url) for url in urls], host=links.GITHUB)
        for url in urls:
            answer = kept.get(repo_name(url))
            if answer is not None:
                self.record(url, answer.check, answer.facts)
        urls = [url for url in urls if repo_name(url) not in kept]
        if self.github_offline():
            for url in urls:
                self.record(url, checker.not_checked(self.net.offline_detail()))
            return
        await self.batches.ask(urls)

    async def ask_batch(
        self, batch: Mapping[str, str], upcoming: int, asked: Callable[[], None]
    ) -> None:
        """The repositories of `batch` (`repo_name` → URL) in one GitHub request (or as few as
        its answers allow), each recorded; `upcoming`: how many are waiting after them;
        `asked`: called once its query is answered, before its READMEs are read."""
        if self.out_of_time():
            for url in batch.values():
                self.record(url, checker.not_checked(run_clock.NOT_CHECKED))
            return
        # Extraction classifies only github.com links as repositories, so they go to
        # api.github.com even when GITHUB_SERVER_URL names an Enterprise server.
        answers: Mapping[str, RepoCheck]
        try:
            answers = await self.github.repos(
                list(batch), host=links.GITHUB, upcoming=upcoming, asked=asked
            )
        except run_clock.OutOfTime:
            answers = {
                name: RepoCheck(checker.not_checked(run_clock.NOT_CHECKED), None) for name in batch
            }
        except Exception as error:
            # One repository's failure must not cost the batch: each is asked alone.
            log.debug("a GitHub batch failed; its repositories asked one by one", exc_info=error)
            answers = {
                name: await self.answer(url, self._repo(name)) for name, url in batch.items()
            }
        for name, url in batch.items():
            got = answers[name]
            self.record(url, got.check, got.facts)
        budgets = self.github.rate_remaining.values()
        self.observer.github_budget(min(budgets) if budgets else None)

    async def _repo(self, name: str) -> RepoCheck:
        return (await self.github.repos([name], host=links.GITHUB, upcoming=0))[name]

    def github_offline(self) -> bool:
        """Public DNS is down and the GitHub API is the public one (a configured API root,
        an Enterprise server or a test's, is asked whatever the canary says)."""
        api = self.settings.github_api_url.rstrip("/")
        return self.net.public_dns_down and api == DEFAULT_GITHUB_API_URL

    def forge_offline(self, url: str) -> bool:
        """Public DNS is down, `url` is on a public host and every other API root is the public
        default (a mirror or a test's root is asked whatever the canary says)."""
        return (
            self.net.public_dns_down
            and needs_public_dns(urlsplit(url).hostname or "")
            and self.settings.api_roots.roots == DEFAULT_API_ROOTS.roots
        )

    async def _others(self, urls: Sequence[str]) -> None:
        for url in urls:
            if self.github_offline():
                self.record(url, checker.not_checked(self.net.offline_detail()))
            elif self.out_of_time():
                self.record(url, checker.not_checked(run_clock.NOT_CHECKED))
            else:
                answer = await self.answer(url, self._other(url))
                self.record(url, answer.check, answer.facts)

    async def _releases(self, urls: Sequence[str]) -> None:
        """Weights and data links into GitHub releases, asked of its API together (with a
        token, in GraphQL batches)."""
        if not urls:
            return
        if self.github_offline() or self.out_of_time():
            detail = self.net.offline_detail() if self.github_offline() else run_clock.NOT_CHECKED
            for url in urls:
                self.record(url, checker.not_checked(detail))
            return
        answers: Mapping[str, RepoCheck]
        try:
            answers = await self.github.releases(urls)
        except run_clock.OutOfTime:
            answers = {
                url: RepoCheck(checker.not_checked(run_clock.NOT_CHECKED), None) for url in urls
            }
        except Exception as error:  # our bug costs these links, never the run
            answers = {url: RepoCheck(checker.internal_error(url, error), None) for url in urls}
        for url in urls:
            self.record(url, answers[url].check, answers[url].facts)

    async def _other(self, url: str) -> RepoCheck:
        return RepoCheck(await self.github.other(url), None)

    async def _forges(self, links: Sequence[Link]) -> None:
        as_pages: list[tuple[str, LinkKind]] = []
        for link in links:
            if self.out_of_time():
                self.record(link.url, checker.not_checked(run_clock.NOT_CHECKED))
                continue
            if self.forge_offline(link.url):
                self.record(link.url, checker.not_checked(self.net.offline_detail()))
                continue
            if link.kind is LinkKind.DOI:
                work = self._doi(link)
            elif link.artifact is not None:
                work = self.forges.artifact(link.url, link.kind)
            else:
                work = self.forges.check(link.url, link.kind)
            answer = await self.answer(link.url, work)
            if answer.check.outcome is Outcome.UNSUPPORTED:
                # A self-hosted GitLab, or a Hugging Face page that is no repository: the
                # page itself can still be checked.
                as_pages.append((link.url, link.kind))
            else:
                self.record(link.url, answer.check, answer.facts)
        await self._web(as_pages)

    async def _doi(self, link: Link) -> RepoCheck:
        as_page = LinkCheck(Outcome.UNSUPPORTED, "DOI checked as a web page", now_iso())
        """A DOI judged as the URL it points at: a repository or record through its API;
        anything else (or a DOI doi.org's API could not resolve) checked as a web page."""
        doi = links.doi_of(link.url)
        target = await self.forges.resolve_doi(doi) if doi else None
        if isinstance(target, LinkCheck):
            return RepoCheck(target, None)
        normal = links.normalize_url(target) if target else None
        if normal is None:
            return RepoCheck(as_page, None)
        if normal.kind is LinkKind.GITHUB_REPO:
            name = repo_name(normal.url)
            answer = (await self.github.repos([name], host=links.GITHUB, upcoming=0))[name]
        elif normal.kind in FORGE_KINDS:
            answer = await self.forges.check(normal.url, normal.kind)
        else:
            return RepoCheck(as_page, None)
        facts = answer.facts
        if facts is not None and links.is_code_link(normal.kind, normal.url, facts.record_type):
            facts = replace(facts, record_type=facts.record_type or "software")
        hop = Hop(link.url, 302)
        check = replace(
            answer.check,
            final_url=answer.check.final_url or normal.url,
            redirects=(hop, *answer.check.redirects),
            detail=f"DOI → {normal.url}: {answer.check.detail}",
        )
        if check.outcome is Outcome.UNSUPPORTED:
            return RepoCheck(as_page, None)
        return RepoCheck(check, facts)

    async def _web(self, targets: Sequence[tuple[str, LinkKind]]) -> None:
        if not targets:
            return
        try:
            await checker.check_links(
                self.net,
                targets,
                cache=self.cache,
                on_result=self.record,
                artifacts=frozenset(self.artifact_urls),
                activity=self,
            )
        except run_clock.OutOfTime:
            self._unjudged(targets, run_clock.NOT_CHECKED)
        except Exception as error:
            # The checker contains each link's failure; one outside them (a bug of ours) costs
            # the links it had not judged yet, said once.
            containment.contained(containment.LINK_CHECK, f"{len(targets)} web link(s)", error)
            self._unjudged(targets, f"{checker.INTERNAL_ERROR_DETAIL} ({type(error).__name__})")

    def _unjudged(self, targets: Sequence[tuple[str, LinkKind]], detail: str) -> None:
        for url, _ in targets:
            if url not in self.results:
                self.record(url, checker.not_checked(detail))


class _EarlyScores:
    """Papers scored while the run waits only on timers and GitHub (no web link being asked:
    the retries' waits, the batches still to come), on a worker thread, so that the scores the
    run ends with are mostly made already. A pass scores each paper whose links all have their
    verdict, on what it has then; one starts once the verdicts have grown by a twentieth of the
    links since the last (a few passes a run, each linear in the links and the papers not
    scored yet); a paper with a link harvested early waits for the harvest's attribution. The
    run's scores reuse a paper's only when the paper, the day and its links' results equal
    those it was scored on (scoring is a pure function of them); any other paper is scored
    again then."""

    def __init__(self, papers: Sequence[Paper], rubric: Rubric, today: date | None) -> None:
        self._papers = papers
        self._rubric = rubric
        self._today = today
        self._kept: dict[str, tuple[Paper, tuple[LinkResult, ...], date, PaperScore]] = {}
        self._judged_at = 0  # verdicts when the last pass began
        self._pass: asyncio.Task[None] | None = None
        self._ended = False

    def grown(self, checks: _Checks) -> None:
        """A verdict came while no web link is being asked: a pass, if enough are new (once
        the pass under way ends)."""
        step = max(1, len(checks.links) // 20)
        if self._pass is not None or self._ended or len(checks.results) - self._judged_at < step:
            return
        self._judged_at = len(checks.results)
        self._pass = asyncio.ensure_future(self._score(checks))
        self._pass.add_done_callback(functools.partial(self._passed, checks))

    def _passed(self, checks: _Checks, task: asyncio.Task[None]) -> None:
        self._pass = None
        if task.cancelled():
            return
        if task.exception() is not None:
            # The run's own scoring meets the same paper again, and says it.
            log.debug("papers scored early: a pass failed", exc_info=task.exception())
        elif not checks.asking:  # verdicts that came during the pass
            self.grown(checks)

    async def finished(self) -> None:
        """Once every verdict is in: no pass begins, the one under way ends (its papers are
        then kept)."""
        self._ended = True
        if self._pass is not None:
            await asyncio.wait([self._pass])

    def stop(self) -> None:
        if self._pass is not None:
            self._pass.cancel()

    async def _score(self, checks: _Checks) -> None:
        day = _run_day(self._today)
        # A paper scored in an earlier pass is not looked at again: if its links changed since,
        # the run's scores find it so, and score it then.
        unscored = [paper for paper in self._papers if paper.id not in self._kept]
        jobs = _complete_papers(unscored, checks)
        if jobs:
            scored = await run_clock.in_thread(_score_papers, jobs, self._rubric, day)
            for (paper, own), done in zip(jobs, scored, strict=True):
                self._kept[paper.id] = (paper, own, day, done)

    def _is_kept(self, paper: Paper, own: Sequence[LinkResult], day: date) -> bool:
        kept = self._kept.get(paper.id)
        if kept is None:
            return False
        kept_paper, kept_own, kept_day, _ = kept
        return (
            kept_day == day
            and len(kept_own) == len(own)
            and all(a is b or a == b for a, b in zip(kept_own, own, strict=True))
            and kept_paper == paper
        )

    def reused(self, paper: Paper, own: Sequence[LinkResult], day: date) -> PaperScore | None:
        """The score made early for `paper` with exactly these links' results, if any."""
        return self._kept[paper.id][3] if self._is_kept(paper, own, day) else None


def _complete_papers(
    papers: Sequence[Paper], checks: _Checks
) -> list[tuple[Paper, tuple[LinkResult, ...]]]:
    """The papers whose links all have their verdict, each as it would be scored now (with the
    links attributed to it, in the run's order), with its links' results."""
    waiting: set[str] = set()
    by_paper: dict[str, list[LinkResult]] = {}
    for url, link in checks.links.items():
        result = checks.results.get(url)
        # A link harvested early takes the harvest's attribution once every cited page is read;
        # a README's weights and data links become its papers' once every README is read.
        if (
            result is None
            or url in checks.early_urls
            or (not checks.artifacts_listed and result.repo and _given_artifacts(result.repo))
        ):
            waiting.update(link.papers)
            continue
        for paper_id in result.link.papers:
            by_paper.setdefault(paper_id, []).append(result)
    complete = [paper for paper in papers if paper.id not in waiting]
    own = {paper.id: by_paper.get(paper.id, []) for paper in complete}
    attributed = (result.link for results in own.values() for result in results)
    with_theirs = with_links(complete, attributed, checks.left_out)
    return [(paper, tuple(own[paper.id])) for paper in with_theirs]


def _score_papers(
    jobs: Sequence[tuple[Paper, Sequence[LinkResult]]], rubric: Rubric, day: date
) -> list[PaperScore]:
    return [_score_paper(paper, own, rubric, day) for paper, own in jobs]


def _score_paper(paper: Paper, own: Sequence[LinkResult], rubric: Rubric, day: date) -> PaperScore:
    """One paper's score on its own links' results, with its promises."""
    scored = score.score_paper(paper, own, rubric, today=day, own=True)
    return promises.with_promises(paper, own, scored, rubric, today=day)


class _Batches:
    """GitHub repositories asked in batches as they come, from the list and from the pages read
    meanwhile: a full batch is asked at once; a partial one once no web link is being asked
    (every page is read, or those left wait for retries), since a page being read may still add
    to it. GitHub's requests stay serial (`hosts.github.transport`); the next batch is asked
    once the one before has its answer (its size follows it), whether or not the READMEs of
    those before are read yet (they are read one batch at a time, in order, `GraphQLReader`):
    the serial queries never wait for our own work. Each recorded as it is answered, so that a
    run cut short keeps every batch that finished."""

    def __init__(self, checks: _Checks) -> None:
        self._checks = checks
        self._waiting: dict[str, str] = {}  # `repo_name` → URL, in the order they came
        self._answered: dict[str, asyncio.Future[None]] = {}  # URL → its answer recorded
        self._wake = asyncio.Event()
        self._worker: asyncio.Task[None] | None = None
        self._asking: set[asyncio.Task[None]] = set()

    async def ask(self, urls: Sequence[str]) -> None:
        """Until each of `urls` (canonical `github-repo` URLs) is recorded."""
        loop = asyncio.get_running_loop()
        waits = []
        for url in urls:
            self._waiting[repo_name(url)] = url
            waits.append(self._answered.setdefault(url, loop.create_future()))
        self._checks.asking.difference_update(urls)  # harvested early: now in a batch
        if self._worker is None:
            self._worker = asyncio.ensure_future(self._work())
        self.wake()
        await asyncio.gather(*waits)

    def wake(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        for task in (self._worker, *self._asking):
            if task is not None:
                task.cancel()

    async def _work(self) -> None:
        try:
            while self._waiting:
                size = self._checks.github.batch_size
                if len(self._waiting) < size and not self._checks.web_idle():
                    self._wake.clear()
                    await self._wake.wait()
                    continue
                names = list(self._waiting)[:size]
                batch = {name: self._waiting.pop(name) for name in names}
                asked = asyncio.Event()
                task = asyncio.ensure_future(self._ask(batch, len(self._waiting), asked.set))
                self._asking.add(task)
                task.add_done_callback(self._asking.discard)
                answered = asyncio.ensure_future(asked.wait())
                await asyncio.wait((task, answered), return_when=asyncio.FIRST_COMPLETED)
                answered.cancel()
        finally:
            self._worker = None

    async def _ask(
        self, batch: Mapping[str, str], upcoming: int, asked: Callable[[], None]
    ) -> None:
        failure: Exception | None = None
        try:
            await self._checks.ask_batch(batch, upcoming, asked)
        except Exception as error:  # the callers' to contain, as when they asked themselves
            failure = error
        for url in batch.values():
            answered = self._answered.pop(url)
            if answered.done():  # its caller was cancelled
                continue
            if failure is None:
                answered.set_result(None)
            else:
                answered.set_exception(failure)


async def _read_inputs(net: Net, inputs: Sequence[str], settings: Settings) -> extract.Extraction:
    """The papers and links of every input; list URLs fetched first. Parsing runs in a thread
    that the run's deadline stops (`auditor.deadline`): an input it cuts short is an error."""
    documents: list[extract.Document] = []
    failed: list[InputSummary] = []
    for name in inputs:
        if not extract.is_url_input(name):
            continue
        try:
            data, content_type = await fetch.fetch_document(net, name)
        except fetch.FetchError as error:
            message = str(error)  # it names the URL
            log.error("%s", message)
            failed.append(InputSummary(path=name, format=None, papers=0, error=message))
            continue
        documents.append(extract.Document(name=name, data=data, content_type=content_type))
    files = [name for name in inputs if not extract.is_url_input(name)]
    reading = functools.partial(
        extract.extract_inputs,
        files,
        documents=documents,
        paper_date=settings.paper_date,
        skip=[settings.out_dir],  # a folder input never reads our own reports
        limits=settings.limits,
    )
    deadline = run_clock.current()
    # Our parsers stop at the deadline themselves; the grace is for a third-party one.
    bound = None if deadline.at is None else max(deadline.at, time.monotonic()) + GRACE_SECONDS
    try:
        async with asyncio.timeout_at(bound):
            extraction = await run_clock.in_thread(reading)
    except TimeoutError:
        names = [*files, *(document.name for document in documents)]
        messages = [f"{name}: not read ({run_clock.TIME_LIMIT_REACHED})" for name in names]
        for message in messages:
            log.error("%s", message)
        extraction = extract.Extraction(
            papers=(),
            links=(),
            errors=tuple(messages),
            warnings=(),
            inputs=tuple(
                InputSummary(path=name, format=None, papers=0, error=message)
                for name, message in zip(names, messages, strict=True)
            ),
        )
    if not failed:
        return extraction
    return replace(
        extraction,
        errors=extraction.errors + tuple(summary.error or "" for summary in failed),
        inputs=extraction.inputs + tuple(failed),
    )


async def _check_everything(checks: _Checks, links: Sequence[Link]) -> None:
    try:
        await _check_and_harvest(checks, links)
        await checks.early_scores.finished()
    finally:  # the run's bound or an interrupt: nothing of this run goes on behind it
        for task in checks.early_checks:
            task.cancel()
        checks.batches.stop()
        checks.early_scores.stop()


async def _check_and_harvest(checks: _Checks, links: Sequence[Link]) -> None:
    per_page = checks.settings.limits.code_links_per_page
    cited = [link.url for link in links]
    # Any cited link but a GitHub one may be read as a page (a forge's or a DOI's may end up
    # on the web checker).
    pages = [
        link for link in links if link.kind not in (LinkKind.GITHUB_REPO, LinkKind.GITHUB_OTHER)
    ]
    checks.early = EarlyHarvest(pages, checks.room, per_page)
    await checks.check(links)
    checks.early = None
    # A page that moved with a meta refresh is followed one hop: the page it lands on is
    # checked like a harvested link, then its code links are harvested in the second round.
    harvested: set[str] = set()
    for follow_refresh in (True, False):
        # In the order of the links (the cited ones first): which paper gains which link
        # never depends on which page answered first.
        read = (checks.results.get(url) for url in (cited if follow_refresh else checks.links))
        pages_read = [
            result
            for result in read
            if result is not None
            and result.link.url not in harvested
            and (result.check.code_links or (follow_refresh and result.check.refresh_url))
        ]
        harvested.update(result.link.url for result in pages_read)
        harvest = harvested_links(
            pages_read,
            follow_refresh=follow_refresh,
            room=checks.room,
            left_out=checks.left_out,
            per_page=per_page,
        )
        checked_early, checks.early_checks = checks.early_checks, []
        await asyncio.gather(checks.check(checks.adopt(harvest)), *checked_early)
    # Last, once every repository's README is read: the weights and data they give.
    results = [result for url in checks.links if (result := checks.results.get(url))]
    artifacts = artifact_links(results, cited=checks.links)
    checks.artifact_urls.update(link.url for link in artifacts)
    checks.artifacts_listed = True
    await checks.check(artifacts)


def artifact_links(results: Iterable[LinkResult], *, cited: Mapping[str, Link]) -> list[Link]:
    """The weights and data links the READMEs of `results` give (not promised), as links of
    the papers citing each repository: at most `MAX_ARTIFACTS_PER_REPOSITORY` a repository,
    the paper's own first. A URL the papers cite themselves (`cited`) stays their cited link.
    Hugging Face and archive records, figshare articles and GitHub releases are asked through
    their APIs (`_Checks.artifact_api`); any other (a file host) by its own answer, as a web
    link."""
    found: dict[str, Link] = {}
    for result in results:
        facts = result.repo
        if facts is None or result.link.artifact is not None:
            continue
        given = _given_artifacts(facts)
        given.sort(key=lambda item: item.whose is not Whose.OWN)  # stable: in README order
        taken: set[str] = set()
        for item in given:
            if len(taken) == MAX_ARTIFACTS_PER_REPOSITORY:
                break
            normal = links.normalize_url(item.url)
            if normal is None:
                continue
            url, kind = (
                (normal.url, normal.kind)
                if normal.kind in FORGE_KINDS
                else (item.url, LinkKind.WEB)
            )
            if url in cited or url in taken:
                continue
            taken.add(url)
            known = found.get(url)
            papers = tuple(dict.fromkeys((*(known.papers if known else ()), *result.link.papers)))
            own = item.whose is Whose.OWN or (known is not None and known.whose is Whose.OWN)
            found[url] = Link(
                url=url,
                kind=kind,
                papers=papers,
                found_via=known.found_via if known else result.link.url,
                artifact=item.kind if known is None else known.artifact,
                whose=Whose.OWN if own else Whose.OTHER,
            )
    return list(found.values())


def _given_artifacts(facts: RepoFacts) -> list[ArtifactLink]:
    """The weights and data links a repository's README gives (not promised)."""
    return [
        item
        for item in facts.readme_artifacts
        if item.kind in (ArtifactKind.WEIGHTS, ArtifactKind.DATA) and not item.promised
    ]


async def run(
    inputs: Sequence[str],
    settings: Settings,
    rubric: Rubric,
    *,
    today: date | None = None,
    resolver: Resolver | None = None,
    observer: Observer | None = None,
    shard_of: tuple[int, int] | None = None,
    allow_missing: bool = True,
) -> RunOutcome:
    """The whole audit. Never raises for a link or an input: each gets an outcome or an error.

    `observer` sees every link's result as soon as it is final (the history stores it then);
    `shard_of` = (K, N) audits only shard K of N of the papers. Without `allow_missing`, a
    run with an input it could not read stops there (`RunOutcome.stopped`), nothing checked;
    so does any run that could read none of its inputs.
    """
    # The command line's deadline (from process start); a caller of its own gets one from now.
    deadline = run_clock.current()
    if deadline.at is None and settings.max_run_time is not None:
        deadline = run_clock.Deadline.after(settings.max_run_time)
    with run_clock.running(deadline), containment.collecting() as failures:
        outcome = await _run(
            inputs,
            settings,
            rubric,
            today,
            resolver,
            observer or Observer(),
            shard_of,
            allow_missing,
        )
    # What the per-link boundary contained, first among the run's notes.
    notes = (*failures.notes(), *outcome.audit.notes)
    return replace(outcome, audit=replace(outcome.audit, notes=notes))


async def _run(
    inputs: Sequence[str],
    settings: Settings,
    rubric: Rubric,
    today: date | None,
    resolver: Resolver | None,
    observer: Observer,
    shard_of: tuple[int, int] | None,
    allow_missing: bool,
) -> RunOutcome:
    deadline = run_clock.current()
    cache = VerdictCache.from_settings(settings)
    try:
        async with Net(settings, resolver=resolver) as net:
            extraction = await _read_inputs(net, inputs, settings)
            unread = [summary for summary in extraction.inputs if summary.error]
            if unread and (not allow_missing or len(unread) == len(extraction.inputs)):
                empty = Audit(
                    generated_at=now_iso(), inputs=extraction.inputs, papers=(), results=()
                )
                return RunOutcome(audit=empty, errors=extraction.errors, stopped=True)
            observer.inputs_read(complete=not unread)
            papers, links = extraction.papers, extraction.links
            links = tuple(_on_configured_forge(link, settings) for link in links)
            if shard_of is not None:
                papers, links = shard.select(papers, links, *shard_of)
            checks = _Checks(net, settings, cache, observer, _EarlyScores(papers, rubric, today))
            most = settings.limits.links_per_paper
            checks.room = {paper.id: max(0, most - len(paper.links)) for paper in papers}
            bound = deadline.at + GRACE_SECONDS if deadline.at is not None else None
            try:
                async with asyncio.timeout_at(bound):
                    await _check_everything(checks, links)
            except TimeoutError:
                log.warning(
                    "%s: the links not yet judged are unchecked", run_clock.TIME_LIMIT_REACHED
                )
            for url, link in checks.links.items():
                if url not in checks.results:
                    check = checker.not_checked(run_clock.NOT_CHECKED)
                    checks.results[url] = LinkResult(link=link, check=check)
            results = tuple(checks.results[url] for url in checks.links)
            papers = tuple(with_links(papers, (result.link for result in results), checks.left_out))
            day = _run_day(today)
            # Scoring is linear in what was read, and stops too: past the deadline and its
            # grace, the papers left are reported without a score, each with a note.
            scoring_ends = run_clock.Deadline(
                None if deadline.at is None else deadline.at + GRACE_SECONDS
            )
            scores = _scores(papers, results, rubric, day, scoring_ends, checks.early_scores)
            if len(scores) < len(papers):
                log.warning(
                    "%s: %d paper(s) not scored",
                    run_clock.TIME_LIMIT_REACHED,
                    len(papers) - len(scores),
                )
                papers = tuple(
                    paper
                    if paper.id in scores
                    else replace(
                        paper, notes=(*paper.notes, f"not scored: {run_clock.TIME_LIMIT_REACHED}")
                    )
                    for paper in papers
                )
            # The archives and the code search, once every verdict and score is in: they
            # change neither.
            after = await archives.after_verdicts(
                net.apis, settings, papers, results, scores, deadline=checks.deadline.at
            )
            results, papers = after.results, after.papers
            for note in after.notes:
                log.warning("%s", note)
    finally:
        if cache is not None:
            cache.close()
    audit = Audit(
        generated_at=now_iso(),
        inputs=extraction.inputs,
        papers=papers,
        results=results,
        scores=scores,
        rubric_version=rubric.version,
        notes=(*after.notes, *checks.github.notes),
        cache_reuse=None if cache is None else cache.reuse(),
        graphql_points=checks.github.graphql_points if checks.github.graphql_queries else None,
    )
    return RunOutcome(audit=audit, errors=extraction.errors)


def _run_day(today: date | None) -> date:
    """The day papers are scored on: the one given, else today's (UTC)."""
    return today or datetime.now(UTC).date()


def _scores(
    papers: Sequence[Paper],
    results: Sequence[LinkResult],
    rubric: Rubric,
    day: date,
    ends: run_clock.Deadline,
    early: _EarlyScores,
) -> dict[str, PaperScore]:
    """The scores of the papers, in order, until `ends`: each paper is scored on its own links
    only (linear in the list), or its score made `early` on the very same taken."""
    by_paper: dict[str, list[LinkResult]] = {}
    for result in results:
        for paper_id in result.link.papers:
            by_paper.setdefault(paper_id, []).append(result)
    scores: dict[str, PaperScore] = {}
    for paper in papers:
        if ends.expired():
            break
        own = by_paper.get(paper.id, [])
        made = early.reused(paper, own, day)
        scores[paper.id] = made if made is not None else _score_paper(paper, own, rubric, day)
    return scores


def _on_configured_forge(link: Link, settings: Settings) -> Link:
    """A link on a self-hosted forge the configuration names takes that forge's kind."""
    hosted = links.self_hosted_forge(link.url, settings.api_roots.forges)
    return link if hosted is None else replace(link, kind=hosted.kind)
