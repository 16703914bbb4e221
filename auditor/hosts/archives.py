"""After the verdicts: what the archives add, and what they never change.

* Rescue (on unless `--no-rescue`): for every `dead` or `placeholder` code link, Software
  Heritage's latest visit of the repository (`archived_copy`, `software-heritage`); for every
  dead project page, the Wayback Machine's closest copy (`wayback`).
* `--preservation`: live repositories Software Heritage never archived, or archived before
  their last commit, are `not-yet-preserved`; `--request-archival` asks Save Code Now for them
  (`archival-requested` once accepted).
* `--find-code` (`auditor.hosts.code_search`): repositories whose README names the arXiv id of
  a paper that cites no code, as "code found, not cited".

None of it is in the critical path: it runs once every link has its verdict and every paper
its score, and it changes neither (a copy is help, not credit). Each archive is asked one
request at a time, at most `Settings.archive_requests` times, never past its rate limit
(`X-RateLimit-Remaining`) or the run's time limit, and not again once it failed or throttled;
what it did not reach is said once, in the scorecard's `notes`."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TypeVar

from auditor.config import Settings
from auditor.hosts.api import ApiAnswer, ApiStop, JsonApi
from auditor.hosts.code_search import CodeSearch
from auditor.hosts.forges import api_auth
from auditor.hosts.software_heritage import SoftwareHeritage
from auditor.hosts.wayback import Wayback
from auditor.links import CODE_KINDS, PROJECT_PAGE_KINDS
from auditor.models import (
    ArchivedCopy,
    LinkKind,
    LinkResult,
    Outcome,
    Paper,
    PaperScore,
    Tier,
)
from auditor.net.fetcher import Fetcher
from auditor.net.policy import rate_limit_remaining
from auditor.timestamps import to_utc_iso

log = logging.getLogger(__name__)
T = TypeVar("T")

PRESERVED = "preserved"
NOT_YET_PRESERVED = "not-yet-preserved"
ARCHIVAL_REQUESTED = "archival-requested"
# Repositories whose URL is their origin in Software Heritage (an anonymous mirror is none).
ORIGIN_KINDS = CODE_KINDS - {LinkKind.SOFTWARE_HERITAGE, LinkKind.ANONYMOUS_REVIEW}


@dataclass
class _Service:
    """One archive's budget and state in this run."""

    name: str
    budget: int
    stopped: str | None = None
    skipped: int = 0
    asked: int = 0

    def note(self) -> str | None:
        if not self.skipped:
            return None
        noun = "link was" if self.skipped == 1 else "links were"
        return (
            f"{self.name}: {self.stopped}; {self.skipped} {noun} not looked up (verdicts unchanged)"
        )


@dataclass
class AfterVerdicts:
    """What the archives and the code search added: results and papers to replace, notes."""

    results: tuple[LinkResult, ...]
    papers: tuple[Paper, ...]
    notes: tuple[str, ...] = ()


@dataclass
class _Run:
    settings: Settings
    deadline: float | None
    services: dict[str, _Service] = field(default_factory=dict)

    def service(self, name: str) -> _Service:
        if name not in self.services:
            self.services[name] = _Service(name, self.settings.archive_requests)
        return self.services[name]

    async def ask(
        self, name: str, call: Callable[[], Awaitable[T]], last: Callable[[], ApiAnswer | None]
    ) -> tuple[bool, T | None]:
        """(asked, answer) of one request to service `name`; not asked once it stopped."""
        service = self.service(name)
        if (
            service.stopped is None
            and self.deadline is not None
            and time.monotonic() >= self.deadline
        ):
            service.stopped = "the run's time limit was reached"
        if service.stopped is None and service.asked >= service.budget:
            service.stopped = f"its request budget ({service.budget}) was spent"
        if service.stopped is not None:
            service.skipped += 1
            return False, None
        service.asked += 1
        try:
            answer = await call()
        except ApiStop as stop:
            service.stopped = f"{stop.check.detail}, not asked again"
            service.skipped += 1
            log.warning("%s: %s; the archives change no verdict", name, stop.check.detail)
            return False, None
        answered = last()
        if answered is not None and rate_limit_remaining(answered.headers) == 0:
            service.stopped = "its rate limit was reached"
        return True, answer


async def after_verdicts(
    fetcher: Fetcher,
    settings: Settings,
    papers: Sequence[Paper],
    results: Sequence[LinkResult],
    scores: dict[str, PaperScore],
    *,
    deadline: float | None,
) -> AfterVerdicts:
    """Rescue, preservation and the code search, as the settings ask; never raises."""
    run = _Run(settings, deadline)
    by_url = {result.link.url: result for result in results}
    out = AfterVerdicts(tuple(results), tuple(papers))
    try:
        bound = None if deadline is None else max(0.0, deadline - time.monotonic())
        async with asyncio.timeout(bound):
            if settings.rescue or settings.preservation:
                await _archives(fetcher, settings, run, by_url, scores)
            if settings.find_code:
                search = CodeSearch(fetcher, settings)
                out.papers = tuple(await search.run(run, list(papers), by_url))
    except TimeoutError:
        for service in run.services.values():
            service.stopped = service.stopped or "the run's time limit was reached"
            service.skipped = max(service.skipped, 1)
    except Exception as error:  # ours: the verdicts stand whatever happens here
        log.exception("archives and code search: internal error")
        out.notes = (f"archives and code search stopped on an internal error ({error!r})",)
    out.results = tuple(by_url[result.link.url] for result in results)
    out.notes += tuple(note for s in run.services.values() if (note := s.note()) is not None)
    return out


async def _archives(
    fetcher: Fetcher,
    settings: Settings,
    run: _Run,
    by_url: dict[str, LinkResult],
    scores: dict[str, PaperScore],
) -> None:
    api = JsonApi(fetcher, replace(settings, max_retries=0), auth=api_auth(settings))
    swh = SoftwareHeritage(api, settings.api_roots["swh"], retry=False)
    wayback = Wayback(api, settings.api_roots["wayback"])
    placeholders = {score.scored_on for score in scores.values() if score.tier is Tier.PLACEHOLDER}
    rescue_code, pages, live = [], [], []
    for url, result in by_url.items():
        outcome = result.check.outcome
        if result.link.kind in ORIGIN_KINDS and (outcome is Outcome.DEAD or url in placeholders):
            rescue_code.append(url)
        elif result.link.kind in PROJECT_PAGE_KINDS and outcome is Outcome.DEAD:
            pages.append(url)
        elif result.link.kind in ORIGIN_KINDS and outcome in (Outcome.OK, Outcome.MOVED):
            live.append(url)
    name = "Software Heritage"
    if settings.rescue:
        for url in rescue_code:
            asked, visit = await run.ask(name, partial(swh.latest_visit, url), lambda: swh.last)
            if asked and visit is not None and visit.snapshot:
                copy = ArchivedCopy(swh.browse_url(url, visit), "software-heritage", visit.date)
                by_url[url] = replace(by_url[url], archived_copy=copy)
        for url in pages:
            asked, page = await run.ask(
                "Wayback Machine", partial(wayback.closest, url), lambda: wayback.last
            )
            if asked and page is not None:
                by_url[url] = replace(by_url[url], archived_copy=page)
    if not settings.preservation:
        return
    for url in live:
        result = by_url[url]
        origin = result.check.final_url or url
        asked, visit = await run.ask(name, partial(swh.latest_visit, origin), lambda: swh.last)
        if not asked:
            continue
        facts = result.repo
        last = facts.last_commit_at or facts.pushed_at if facts is not None else None
        saved = visit.date if visit is not None and visit.snapshot else None
        if visit is not None and saved is not None and (last is None or _not_before(saved, last)):
            copy = ArchivedCopy(swh.browse_url(origin, visit), "software-heritage", saved)
            by_url[url] = replace(result, archived_copy=copy, preservation=PRESERVED)
            continue
        status = NOT_YET_PRESERVED
        if settings.request_archival:
            asked, answer = await run.ask(
                "Software Heritage Save Code Now", partial(swh.save, origin), lambda: swh.last
            )
            if asked and answer in ("accepted", "pending"):
                status = ARCHIVAL_REQUESTED
        by_url[url] = replace(by_url[url], preservation=status)


def _not_before(saved: str, last: str) -> bool:
    try:
        return (to_utc_iso(saved) or "") >= (to_utc_iso(last) or "")
    except ValueError:
        return True
