"""The requests asked after the verdicts (the archives, the code search): each service's budget
and state in one run, and the one way such a request is made (`Budgets.ask`): not past the
budget, the run's time limit or the service's rate limit, and not again once it failed."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from auditor.config import Settings
from auditor.containment import contained
from auditor.deadline import TIME_LIMIT_REACHED
from auditor.hosts.answers import Answer, Stop
from auditor.net.policy import rate_limit_remaining

log = logging.getLogger(__name__)
T = TypeVar("T")

RATE_LIMITED = "its rate limit was reached"


@dataclass
class Service:
    """One service's budget and state in this run."""

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
class Budgets:
    """The services of one run, each with `Settings.archive_requests` requests."""

    settings: Settings
    deadline: float | None
    services: dict[str, Service] = field(default_factory=dict)

    def service(self, name: str) -> Service:
        if name not in self.services:
            self.services[name] = Service(name, self.settings.archive_requests)
        return self.services[name]

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
        if (
            service.stopped is None
            and self.deadline is not None
            and time.monotonic() >= self.deadline
        ):
            service.stopped = TIME_LIMIT_REACHED
        if service.stopped is None and service.asked >= service.budget:
            service.stopped = f"its request budget ({service.budget}) was spent"
        if service.stopped is not None:
            service.skipped += 1
            return False, None
        service.asked += 1
        try:
            answer = await call()
        except Stop as stop:
            service.stopped = f"{stop.detail}, not asked again"
            service.skipped += 1
            log.warning("%s: %s; the archives change no verdict", name, stop.detail)
            return False, None
        except Exception as error:
            contained(f"{name} lookup", subject, error)
            return False, None
        answered = last()
        if answered is not None and rate_limit_remaining(answered.headers) == 0:
            service.stopped = RATE_LIMITED
        return True, answer
