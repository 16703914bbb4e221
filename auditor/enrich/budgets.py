"""The requests asked after the verdicts (the archives, the code search): each service's budget
and state in one run, and the one way such a request is made (`Budgets.ask`): not past the
budget, the phase's time bound or the service's rate limit, and not again once it failed.

The phase's time bound is `PHASE_SECONDS` from its start, or the run's deadline when sooner:
without `--max-run-time` the lookups are bounded all the same. Each service is told how many
lookups it is to make (`plan`) before the first, so that a phase cut short counts every one it
did not make, in every service, including those it never reached."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from auditor.config.settings import Settings
from auditor.containment import contained
from auditor.deadline import TIME_LIMIT_REACHED
from auditor.hosts.answers import Answer, Stop
from auditor.net.policy import rate_limit_remaining

log = logging.getLogger(__name__)
T = TypeVar("T")

RATE_LIMITED = "its rate limit was reached"
# Archives and code search together, after the verdicts: they change no verdict, and the
# reports wait for them.
PHASE_SECONDS = 120.0


@dataclass
class Service:
    """One service's budget and state in this run."""

    name: str
    budget: int
    stopped: str | None = None
    skipped: int = 0
    asked: int = 0
    planned: int = 0  # lookups this service is to make in the phase
    settled: int = 0  # lookups that came to an end: answered, failed or not asked

    def note(self) -> str | None:
        if not self.skipped:
            return None
        noun = "link was" if self.skipped == 1 else "links were"
        return (
            f"{self.name}: {self.stopped}; {self.skipped} {noun} not looked up (verdicts unchanged)"
        )


@dataclass
class Budgets:
    """The services of one run, each with `Settings.archive_requests` requests, all within the
    phase's bound (`bound`, a `time.monotonic()` moment: `PHASE_SECONDS` from the start, or
    the run's `deadline` when sooner)."""

    settings: Settings
    deadline: float | None
    services: dict[str, Service] = field(default_factory=dict)
    bound: float = field(init=False)

    def __post_init__(self) -> None:
        phase_end = time.monotonic() + PHASE_SECONDS
        self.bound = phase_end if self.deadline is None else min(phase_end, self.deadline)

    def why_out_of_time(self) -> str:
        """What the phase's end is, for the notes: the run's deadline or the phase's bound."""
        if self.deadline is not None and self.deadline <= self.bound:
            return TIME_LIMIT_REACHED
        return f"the {PHASE_SECONDS:g} s bound of the archive lookups and code search was reached"

    def service(self, name: str) -> Service:
        if name not in self.services:
            self.services[name] = Service(name, self.settings.archive_requests)
        return self.services[name]

    def plan(self, name: str, lookups: int) -> None:
        """`lookups` more requests to service `name` are to be made in this phase."""
        if lookups:
            self.service(name).planned += lookups

    def out_of_time(self) -> None:
        """The phase ends here: every planned lookup not made is counted as not looked up."""
        for service in self.services.values():
            left = service.planned - service.settled
            if left > 0:
                service.stopped = service.stopped or self.why_out_of_time()
                service.skipped += left
                service.settled += left

    async def ask(
        self,
        name: str,
        subject: str,
        call: Callable[[], Awaitable[T]],
        last: Callable[[], Answer | None],
    ) -> tuple[bool, T | None]:
        """(asked, answer) of one request to service `name` about `subject`; not asked once it
        stopped. A lookup that raises (a bug of ours) costs that lookup only (contained)."""
        service = self.service(name)
        service.planned = max(service.planned, service.settled + 1)  # asked unplanned
        if service.stopped is None and time.monotonic() >= self.bound:
            service.stopped = self.why_out_of_time()
        if service.stopped is None and service.asked >= service.budget:
            service.stopped = f"its request budget ({service.budget}) was spent"
        if service.stopped is not None:
            service.skipped += 1
            service.settled += 1
            return False, None
        service.asked += 1
        try:
            answer = await call()
        except Stop as stop:
            service.stopped = f"{stop.detail}, not asked again"
            service.skipped += 1
            service.settled += 1
            log.warning("%s: %s; the archives change no verdict", name, stop.detail)
            return False, None
        except Exception as error:
            service.settled += 1
            contained(f"{name} lookup", subject, error)
            return False, None
        service.settled += 1
        answered = last()
        if answered is not None and rate_limit_remaining(answered.headers) == 0:
            service.stopped = RATE_LIMITED
        return True, answer
