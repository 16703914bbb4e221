"""Timestamps as the scorecard, the history and the caches spell them: ISO 8601 in UTC, to the
second, with a `Z` (`2026-07-14T09:30:00Z`). The one place that formats or normalises them, or
cuts the day from one."""

from __future__ import annotations

from datetime import UTC, date, datetime

_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


def now_iso() -> str:
    """This moment, in the scorecard's spelling."""
    return datetime.now(UTC).strftime(_FORMAT)


def format_utc(moment: datetime) -> str:
    """An aware moment in the scorecard's spelling."""
    return moment.astimezone(UTC).strftime(_FORMAT)


def to_utc_iso(value: str | None) -> str | None:
    """An ISO 8601 timestamp from an API, in the scorecard's spelling; a timestamp without a zone
    is read as UTC. None for None or "", ValueError for text that is not ISO 8601."""
    if not value:
        return None
    moment = datetime.fromisoformat(value)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime(_FORMAT)


def day_of(timestamp: str) -> str:
    """The day (`2026-07-14`) an ISO 8601 timestamp or date is written on, as written (its zone
    not applied): the one cut of a day from a timestamp."""
    return timestamp[:10]


def to_date(value: str | None) -> date | None:
    """The day an ISO 8601 timestamp falls on, as written; None for None, "" or text that is not
    one."""
    if not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).date()
    except ValueError:
        return None
