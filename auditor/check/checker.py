"""The link checker: availability over HTTP, one verdict (`LinkCheck`) per URL, never a traceback.

Per link: HEAD, or GET when the body matters (HTML project pages) or when HEAD is refused;
redirects followed by hand, hop by hop, each through the address guard of `auditor.net`;
bodies streamed and capped after decompression; transient answers retried as the retry policy
(`auditor.net.policy`) says, and hosts that ask for a long wait deferred to a slower second
pass. A failure that may be our own network's (a name that does not resolve, a refused
connection) becomes a verdict only while the DNS canary shows that our network works;
otherwise the link is `unchecked`. An internal error (ours) is `unchecked` too.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from auditor import deadline as run_clock
from auditor.check import artifacts
from auditor.check.answers import status_verdict, success_verdict, verdict
from auditor.check.cache import VerdictCache
from auditor.check.pages import PageFacts, page_facts
from auditor.containment import LINK_CHECK, contained
from auditor.links import HTML_KINDS, is_cut
from auditor.links.origins import host_of
from auditor.models import Hop, LinkCheck, LinkKind, Outcome
from auditor.net import Net
from auditor.net.answer import Failure, Response, request_url
from auditor.net.client import needs_public_dns
from auditor.net.fetch import (
    Budget,
    LinkFetcher,
    client_limit,
    redirect_target,
    scheme_refusal,
    seconds,
    unsupported_address,
)
from auditor.net.policy import Again, GaveUp, RetryPolicy, Tries
from auditor.timestamps import now_iso

log = logging.getLogger(__name__)

# Longest wait for a retry taken in the first pass; a longer one defers the link to the second.
INLINE_WAIT = 5.0
ANONYMOUS_NOTE = "anonymised review link: not a permanent home for code"
# Pages up to this size are read on the event loop; larger ones in a worker thread.
INLINE_PAGE_BYTES = 64 * 1024
INTERNAL_ERROR_DETAIL = "not checked: internal error"


_NOT_CHECKED = "not checked: "


def not_checked_words(reason: str) -> str:
    """ "not checked: <reason>", said once however often the reason already says it."""
    while reason.startswith(_NOT_CHECKED):
        reason = reason[len(_NOT_CHECKED) :]
    return _NOT_CHECKED + reason


def not_checked(detail: str) -> LinkCheck:
    """An `unchecked` verdict, e.g. for the links an interrupted run never reached."""
    return LinkCheck(Outcome.UNCHECKED, not_checked_words(detail), now_iso())


class _Deferred(Exception):
    """The link's next attempt waits too long for the first pass: the second takes it."""


class _TooLong(Exception):
    """The link's next attempt would wait beyond the retry policy's limit (the message says
    who asked)."""


class Activity(Protocol):
    """Told when a link starts to wait (for a retry, or deferred to the second pass) and when
    it is asked again: the pipeline schedules other work by it."""

    def resting(self, url: str) -> None: ...

    def resumed(self, url: str) -> None: ...


@dataclass(slots=True)
class _Progress:
    """What one link has been through, across both passes."""

    tries: Tries = field(default_factory=Tries)
    started: float | None = None
    not_before: float = 0.0
    last: Failure | None = None


@dataclass(slots=True)
class _Checker:
    net: Net
    cache: VerdictCache | None
    on_result: Callable[[str, LinkCheck], None] | None
    # Weights and data links (`auditor.check.artifacts`): never downloaded.
    artifacts: frozenset[str] = frozenset()
    activity: Activity | None = None
    retry: RetryPolicy = field(init=False)
    fetcher: LinkFetcher = field(init=False)
    excludes: list[re.Pattern[str]] = field(init=False)
    results: dict[str, LinkCheck] = field(default_factory=dict)
    unreached: set[str] = field(default_factory=set)
    host_not_before: dict[str, float] = field(default_factory=dict)
    head_refused: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.retry = RetryPolicy.from_settings(self.net.settings)
        self.fetcher = LinkFetcher(self.net)
        self.excludes = []
        for pattern in self.net.settings.exclude:
            try:
                self.excludes.append(re.compile(pattern))
            except re.error as exc:
                log.warning("ignoring invalid exclude pattern %r: %s", pattern, exc)

    # -- the run --

    async def run(self, targets: Sequence[tuple[str, LinkKind]]) -> dict[str, LinkCheck]:
        # The run's deadline (set by the command line from process start), else --max-run-time
        # from now (a caller of its own). asyncio's loop clock is `time.monotonic()`.
        max_run_time = self.net.settings.max_run_time
        deadline = run_clock.current().sooner(run_clock.Deadline.after(max_run_time).at)
        order: dict[str, LinkKind] = {}
        for url, kind in targets:
            # A URL cited as a project page and as something else is checked as a page.
            if url not in order or kind in HTML_KINDS:
                order[url] = kind
        if order:
            await self.net.dns_works()  # first, once a run: offline, public names are not asked
        todo: dict[str, LinkKind] = {}
        for url, kind in order.items():
            early = self._precheck(url, kind)
            if early is None:
                todo[url] = kind
            else:
                self._record(url, early, store=False)
        progress = {url: _Progress() for url in todo}

        async def first(url: str) -> None:
            try:
                check = await self._check(url, todo[url], progress[url], second_pass=False)
            except Exception as error:  # never a traceback, a verdict, nor the run time limit
                check = internal_error(url, error)
            if check is not None:
                self._record(url, check)
            elif self.activity is not None:  # deferred: it waits for the second pass
                self.activity.resting(url)

        await self._within(deadline, [first(url) for url in todo])
        # The second pass: links of hosts that asked for a long wait, one at a time per host.
        by_host: dict[str, list[str]] = {}
        for url in todo:
            if url not in self.results:
                by_host.setdefault(host_of(url), []).append(url)

        async def second(urls: list[str]) -> None:
            for url in urls:
                if self.activity is not None:
                    self.activity.resumed(url)
                try:
                    check = await self._check(url, todo[url], progress[url], second_pass=True)
                except Exception as error:  # see first()
                    check = internal_error(url, error)
                assert check is not None
                self._record(url, check)

        await self._within(deadline, [second(urls) for urls in by_host.values()])
        for url in todo:
            if url not in self.results:
                self._record(url, not_checked(run_clock.NOT_CHECKED), store=False)
        self._routing_guard()
        return {url: self.results[url] for url in order}

    async def _within(self, deadline: float | None, jobs: list[Coroutine[Any, Any, None]]) -> None:
        tasks = [asyncio.ensure_future(job) for job in jobs]
        if not tasks:
            return
        try:
            timeout = (
                None if deadline is None else max(0.0, deadline - asyncio.get_running_loop().time())
            )
            await asyncio.wait(tasks, timeout=timeout)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    def _record(self, url: str, check: LinkCheck, *, store: bool = True) -> None:
        self.results[url] = check
        # The cache keeps no refresh target: a page that refreshes is fetched on every run.
        if store and self.cache is not None and check.refresh_url is None:
            self.cache.put(url, check)
        if self.on_result is not None:
            self.on_result(url, check)

    def _routing_guard(self) -> None:
        """DNS may work while routing does not (a captive or broken uplink): when not a single
        server answered and several links failed to connect, the failures are ours."""
        if self.fetcher.reached_any or len(self.unreached) < 3:
            return
        log.warning(
            "no server could be reached at all; reporting %d unreachable links as unchecked",
            len(self.unreached),
        )
        for url in self.unreached:
            check = self.results[url]
            detail = not_checked_words(f"{check.detail}, and no server could be reached at all")
            self.results[url] = replace(check, outcome=Outcome.UNCHECKED, detail=detail)

    # -- one link --

    def _precheck(self, url: str, kind: LinkKind) -> LinkCheck | None:
        """A verdict reached without the network, or None."""
        longest = self.net.settings.limits.url_length
        if len(url) > longest or is_cut(url):
            return LinkCheck(
                Outcome.UNSUPPORTED,
                f"a link we do not check: longer than {longest:,} characters (cut in the reports)",
                now_iso(),
            )
        if kind is LinkKind.GITHUB_REPO:
            return not_checked("github-repo links are checked through the GitHub API")
        if url in self.artifacts:
            unsupported = artifacts.unsupported_host(url)
            if unsupported is not None:
                return unsupported
        refusal = scheme_refusal(url)
        if refusal is not None:
            return LinkCheck(refusal[0], refusal[1], now_iso())
        try:
            if not request_url(url).host:
                return LinkCheck(Outcome.DEAD, "not a valid URL (no host)", now_iso())
        except ValueError as exc:
            if client_limit(exc) is not None:  # a browser would ask: never `dead`
                return LinkCheck(Outcome.UNSUPPORTED, unsupported_address(exc), now_iso())
            return LinkCheck(Outcome.DEAD, f"not a valid URL ({exc})", now_iso())
        excluded = self._excluded(url)
        if excluded is not None:
            return LinkCheck(Outcome.EXCLUDED, excluded, now_iso())
        cached = self.cache.get(url) if self.cache is not None else None
        if cached is None and self.net.public_dns_down and needs_public_dns(host_of(url)):
            return not_checked(self.net.offline_detail())
        return cached

    def _excluded(self, url: str) -> str | None:
        for pattern in self.excludes:
            if pattern.search(url):
                return f"matches the exclude pattern {pattern.pattern!r}"
        return None

    async def _check(
        self, url: str, kind: LinkKind, progress: _Progress, *, second_pass: bool
    ) -> LinkCheck | None:
        """The verdict on one link, or None to defer it to the second pass. An exception
        (our bug) is `internal_error`'s, in the caller."""
        check = await self._attempts(url, kind, progress, second_pass=second_pass)
        if (
            check is not None
            and kind is LinkKind.ANONYMOUS_REVIEW
            and check.outcome not in (Outcome.UNCHECKED, Outcome.EXCLUDED, Outcome.UNSUPPORTED)
        ):
            check = replace(check, detail=f"{check.detail}; {ANONYMOUS_NOTE}")
        return check

    async def _attempts(
        self, url: str, kind: LinkKind, progress: _Progress, *, second_pass: bool
    ) -> LinkCheck | None:
        loop = asyncio.get_running_loop()
        host = host_of(url)
        limit = seconds(self.retry.max_wait)
        previous = self.cache.previous(url) if self.cache is not None else None

        async def attempt() -> LinkCheck | Again[Failure]:
            if progress.started is None:
                progress.started = loop.time()
            try:
                return await self._chain(url, kind, previous)
            except Failure as failure:
                failure.url = failure.url or url
                progress.last = failure
                if failure.unreached and not await self.net.dns_works():
                    return self._offline(failure)
                if not failure.retryable:
                    return self._spent(url, progress)
                return Again(failure, failure.wait)

        async def pause(delay: float, again: Again[Failure]) -> None:
            now = loop.time()
            if again.wait is not None:  # the server's wait holds for its other links too
                self.host_not_before[host] = max(
                    self.host_not_before.get(host, 0.0), now + again.wait
                )
            progress.not_before = now + delay
            await self._turn(url, progress, host, second_pass=second_pass)

        try:
            await self._turn(url, progress, host, second_pass=second_pass)
            result = await self.retry.run(attempt, tries=progress.tries, pause=pause)
        except _Deferred:
            return None
        except _TooLong as too_long:
            return self._give_up(progress, extra=f"{too_long}, beyond the {limit} limit")
        if not isinstance(result, GaveUp):
            return result
        if not result.beyond:
            return self._spent(url, progress)
        asked = (
            "the next retry's wait is"
            if result.wait is None
            else f"the server asked us to wait {seconds(result.wait)}"
        )
        return self._give_up(progress, extra=f"{asked}, beyond the {limit} limit")

    async def _turn(self, url: str, progress: _Progress, host: str, *, second_pass: bool) -> None:
        """Wait for this link's next attempt (its own retry wait, or one its host asked of
        another link); raises `_Deferred` for a long wait in the first pass, `_TooLong` for
        one beyond the retry policy's limit."""
        wait = max(progress.not_before, self.host_not_before.get(host, 0.0))
        wait -= asyncio.get_running_loop().time()
        if wait <= 0:
            return
        if wait > self.retry.max_wait:
            raise _TooLong(f"{host} asked us to wait {seconds(wait)}")
        if not second_pass and wait > INLINE_WAIT:
            raise _Deferred
        if self.activity is None:
            await self.retry.sleep(wait)
            return
        self.activity.resting(url)
        try:
            await self.retry.sleep(wait)
        finally:
            self.activity.resumed(url)

    def _spent(self, url: str, progress: _Progress) -> LinkCheck:
        """The verdict once no retry is left (or none was possible)."""
        check = self._give_up(progress)
        failure = progress.last
        if failure is not None and failure.unreached and check.outcome is Outcome.TRANSIENT:
            self.unreached.add(url)
        return check

    def _give_up(self, progress: _Progress, *, extra: str | None = None) -> LinkCheck:
        failure = progress.last
        if failure is None:  # another link of the host learnt the wait: this one never asked
            return not_checked(str(extra))
        parts = [failure.reason]
        made = progress.tries.made
        if made:
            elapsed = asyncio.get_running_loop().time() - (progress.started or 0.0)
            times = "once" if made == 1 else f"{made} times"
            parts.append(f"retried {times} over {seconds(elapsed)}")
        if extra:
            parts.append(extra)
        return LinkCheck(
            failure.outcome,
            "; ".join(parts),
            now_iso(),
            http_status=failure.status,
            final_url=failure.url if failure.hops else None,
            redirects=failure.hops,
        )

    def _offline(self, failure: Failure) -> LinkCheck:
        return LinkCheck(
            Outcome.UNCHECKED,
            self.net.offline_detail(failure.offline_reason),
            now_iso(),
            final_url=failure.url if failure.hops else None,
            redirects=failure.hops,
        )

    async def _chain(self, url: str, kind: LinkKind, previous: LinkCheck | None) -> LinkCheck:
        """Follow the redirects of `url` hop by hop to a verdict; raises `Failure`."""
        settings = self.net.settings
        hops: list[Hop] = []
        transitions: set[tuple[str, str]] = set()
        current = url
        # One link deadline for the whole chain: each hop spends from it.
        budget = Budget(settings.link_deadline)
        try:
            for index in range(settings.max_redirects + 1):
                if index:
                    refusal = scheme_refusal(current)
                    excluded = self._excluded(current)
                    if refusal is None and excluded is not None:
                        refusal = (Outcome.EXCLUDED, f"redirected to an address that {excluded}")
                    if refusal is not None:
                        outcome, why = refusal
                        return verdict(outcome, f"redirect refused: {why}", hops, current)
                headers: dict[str, str] = {}
                if index == 0 and previous is not None and previous.final_url is None:
                    if previous.etag:
                        headers["If-None-Match"] = previous.etag
                    if previous.last_modified:
                        headers["If-Modified-Since"] = previous.last_modified
                response = await self._answer(current, kind, headers, budget)
                try:
                    target = redirect_target(response, max_length=settings.limits.url_length)
                except Failure:
                    hops.append(Hop(current, response.status))  # it did redirect, somewhere
                    raise
                if target is None:
                    return await self._judge(
                        url, kind, response, hops, previous if headers else None
                    )
                hops.append(Hop(current, response.status))
                if (current, target) in transitions:
                    return verdict(Outcome.DEAD, f"redirect loop at {current}", hops, target)
                transitions.add((current, target))
                current = target
            return verdict(
                Outcome.DEAD, f"more than {settings.max_redirects} redirects", hops, current
            )
        except Failure as failure:
            failure.hops = tuple(hops)
            failure.url = current
            raise

    async def _answer(
        self, url: str, kind: LinkKind, headers: dict[str, str], budget: Budget
    ) -> Response:
        """HEAD, or GET when the page's body is wanted or the host mishandles HEAD."""
        ask = self.fetcher.request
        if url in self.artifacts:  # whatever its kind: never its body
            return await self._artifact_answer(url, headers, budget)
        if kind in HTML_KINDS:
            return await ask("GET", url, body="html", headers=headers, budget=budget)
        host = host_of(url)
        if host not in self.head_refused:
            response = await ask("HEAD", url, body="none", headers=headers, budget=budget)
            # A client error may be HEAD's own (405, and 400/403/404 from servers that route
            # GET only), as may 501: GET confirms before a verdict, since a false `dead` costs
            # most. Other transient answers would answer a GET alike: retried as they are.
            status = response.status
            if status < 400 or (RetryPolicy.is_transient_status(status) and status != 501):
                return response
            confirmed = await ask("GET", url, body="none", headers=headers, budget=budget)
            if confirmed.status != response.status:
                self.head_refused.add(host)
            return confirmed
        return await ask("GET", url, body="none", headers=headers, budget=budget)

    async def _artifact_answer(self, url: str, headers: dict[str, str], budget: Budget) -> Response:
        """An artifact's headers, never its body: HEAD, else a GET for its first byte whose
        body is not read (a server ignoring the range is read no further than its headers and
        the connection closed). Google Drive's answer is read when it is one of its HTML pages
        (`auditor.check.artifacts`), a served file never."""
        ask, ranged = self.fetcher.request, {**headers, **artifacts.RANGE}
        if artifacts.is_drive(url):
            cap = artifacts.MAX_DRIVE_PAGE_BYTES
            return await ask("GET", url, body="html", headers=ranged, budget=budget, cap=cap)
        response = await ask("HEAD", url, body="none", headers=headers, budget=budget)
        status = response.status
        if status < 400 or (RetryPolicy.is_transient_status(status) and status != 501):
            return response
        return await ask("GET", url, body="none", headers=ranged, budget=budget)

    async def _judge(
        self,
        url: str,
        kind: LinkKind,
        response: Response,
        hops: list[Hop],
        previous: LinkCheck | None,
    ) -> LinkCheck:
        """The verdict on the answer a chain ended at; raises `Failure` for a transient one."""
        judged = status_verdict(response, hops, conditional=previous is not None)
        if judged is not None:
            return judged
        if response.status == 304 and previous is not None:  # RFC 9110 §15.4.5: validators matched
            return replace(
                previous, checked_at=now_iso(), detail=f"{previous.detail} (unchanged: 304)"
            )
        if url in self.artifacts and response.body is not None and artifacts.is_drive(url):
            page = artifacts.drive_page_verdict(
                response.body, response.status, tuple(hops), response.url
            )
            if page is not None:
                return page
        facts = PageFacts(None, None, ())
        limits = self.net.settings.limits
        if response.body is not None and kind in HTML_KINDS and url not in self.artifacts:
            # Parsing a page takes a while: a small one on the loop (a worker thread fights the
            # loop for the GIL), a large one in a thread that the run's deadline stops.
            analyse = functools.partial(
                page_facts,
                cited=url,
                max_code_links=limits.code_links_per_page,
                max_url_length=limits.url_length,
            )
            content_type = response.headers.get("content-type")
            try:
                if len(response.body) <= INLINE_PAGE_BYTES:
                    facts = analyse(response.body, response.url, content_type)
                else:
                    facts = await run_clock.in_thread(
                        analyse, response.body, response.url, content_type
                    )
            except run_clock.OutOfTime:  # the deadline, not a bug, whichever way it was read
                return not_checked(f"{run_clock.NOT_CHECKED} while reading the page")
        return success_verdict(response, hops, facts, limits.code_links_per_page)


def internal_error(url: str, error: Exception) -> LinkCheck:
    """Our side failed (a bug on one page must not end the run): `unchecked`, whatever the
    link is; the failure said and noted once (`auditor.containment`)."""
    contained(LINK_CHECK, url, error)
    return not_checked(f"{INTERNAL_ERROR_DETAIL} ({type(error).__name__})")


async def check_links(
    net: Net,
    targets: Sequence[tuple[str, LinkKind]],
    *,
    cache: VerdictCache | None = None,
    on_result: Callable[[str, LinkCheck], None] | None = None,
    artifacts: frozenset[str] = frozenset(),
    activity: Activity | None = None,
) -> dict[str, LinkCheck]:
    """Check every (URL, kind) and return one verdict per distinct URL, in input order.

    `on_result` is called as each verdict is reached (progress display; what an interrupted
    run had already learned). `github-repo` links belong to the GitHub API code: here they are
    `unchecked`. `settings.max_run_time` bounds the whole call; retries follow
    `RetryPolicy.from_settings(net.settings)`. `artifacts`: the URLs of weights and data
    links, asked without downloading them (`auditor.check.artifacts`). `activity` is told
    when a link waits for a retry and when it is asked again.
    """
    checker = _Checker(net, cache, on_result, artifacts, activity)
    return await checker.run(targets)
