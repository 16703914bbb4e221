"""After the verdicts: what the archives add, and what they never change.

* Rescue (on unless `--no-rescue`): for every `dead` or `placeholder` code link, Software
  Heritage's latest visit of the repository (`archived_copy`, `software-heritage`); for every
  dead project page, the Wayback Machine's closest copy (`wayback`).
* `--preservation`: live repositories Software Heritage never archived, or archived before
  their last commit, are `not-yet-preserved`; `--request-archival` asks Save Code Now for them
  (`archival-requested` once accepted).
* `--find-code` (`auditor.enrich.code_search`): for a paper that cites no code, the repository
  its Hugging Face paper page links, else repositories whose README names its arXiv id, as
  "code found, not cited".

None of it is in the critical path: it runs once every link has its verdict and every paper
its score, and it changes neither (a copy is help, not credit). Each archive is asked one
request at a time, at most `Settings.archive_requests` times, never past its rate limit
(`X-RateLimit-Remaining`), and not again once it failed or throttled; archives and code search
together stop at `budgets.PHASE_SECONDS`, or at the run's time limit when sooner. What they did
not reach is said once, in the scorecard's `notes`, counted in full."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

from auditor.config.settings import Settings
from auditor.containment import contained
from auditor.enrich.budgets import Budgets
from auditor.enrich.code_search import PAPER_PAGES, CodeSearch
from auditor.enrich.code_search import SERVICE as CODE_SEARCH
from auditor.hosts.api import JsonApi
from auditor.hosts.forges import api_auth
from auditor.hosts.software_heritage import SoftwareHeritage
from auditor.hosts.wayback import Wayback
from auditor.links import CODE_KINDS, PROJECT_PAGE_KINDS
from auditor.models import (
    RESOLVED,
    ArchivedCopy,
    LinkKind,
    LinkResult,
    Outcome,
    Paper,
    PaperScore,
    Tier,
)
from auditor.net.fetcher import Fetcher
from auditor.timestamps import to_utc_iso

log = logging.getLogger(__name__)

PRESERVED = "preserved"
NOT_YET_PRESERVED = "not-yet-preserved"
ARCHIVAL_REQUESTED = "archival-requested"
# Repositories whose URL is their origin in Software Heritage (an anonymous mirror is none).
ORIGIN_KINDS = CODE_KINDS - {LinkKind.SOFTWARE_HERITAGE, LinkKind.ANONYMOUS_REVIEW}


@dataclass
class AfterVerdicts:
    """What the archives and the code search added: results and papers to replace, notes."""

    results: tuple[LinkResult, ...]
    papers: tuple[Paper, ...]
    notes: tuple[str, ...] = ()


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
    run = Budgets(settings, deadline)
    by_url = {result.link.url: result for result in results}
    out = AfterVerdicts(tuple(results), tuple(papers))
    search = CodeSearch(fetcher, settings) if settings.find_code else None
    if search is not None:  # planned first: the archives may spend the whole phase
        wanted = len(search.wanted(papers, by_url))
        run.plan(PAPER_PAGES, wanted)
        run.plan(CODE_SEARCH, wanted)
    try:
        async with asyncio.timeout_at(run.bound):  # the loop's clock is time.monotonic()
            if settings.rescue or settings.preservation:
                await _archives(fetcher, settings, run, by_url, scores)
            if search is not None:
                out.papers = tuple(await search.run(run, list(papers), by_url))
    except TimeoutError:
        run.out_of_time()
    except Exception as error:  # ours, outside any one lookup: the verdicts stand
        contained("archives and code search", "the rest of the run's lookups", error)
    out.results = tuple(by_url[result.link.url] for result in results)
    out.notes += tuple(note for s in run.services.values() if (note := s.note()) is not None)
    return out


async def _archives(
    fetcher: Fetcher,
    settings: Settings,
    run: Budgets,
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
        elif result.link.kind in ORIGIN_KINDS and outcome in RESOLVED:
            live.append(url)
    name = "Software Heritage"
    run.plan(
        name,
        (len(rescue_code) if settings.rescue else 0) + (len(live) if settings.preservation else 0),
    )
    if settings.rescue:
        run.plan("Wayback Machine", len(pages))
        for url in rescue_code:
            asked, visit = await run.ask(
                name, url, partial(swh.latest_visit, url), lambda: swh.last
            )
            if asked and visit is not None and visit.snapshot:
                copy = ArchivedCopy(swh.browse_url(url, visit), "software-heritage", visit.date)
                by_url[url] = replace(by_url[url], archived_copy=copy)
        for url in pages:
            asked, page = await run.ask(
                "Wayback Machine", url, partial(wayback.closest, url), lambda: wayback.last
            )
            if asked and page is not None:
                by_url[url] = replace(by_url[url], archived_copy=page)
    if not settings.preservation:
        return
    for url in live:
        result = by_url[url]
        origin = result.check.final_url or url
        asked, visit = await run.ask(
            name, origin, partial(swh.latest_visit, origin), lambda: swh.last
        )
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
                "Software Heritage Save Code Now",
                origin,
                partial(swh.save, origin),
                lambda: swh.last,
            )
            if asked and answer in ("accepted", "pending"):
                status = ARCHIVAL_REQUESTED
        by_url[url] = replace(by_url[url], preservation=status)


def _not_before(saved: str, last: str) -> bool:
    try:
        return (to_utc_iso(saved) or "") >= (to_utc_iso(last) or "")
    except ValueError:
        return True
