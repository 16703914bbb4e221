"""Paper dates: ISO 8601 of reduced precision (`2026`, `2026-07`, `2026-07-14`) from the many ways
inputs write them."""

from __future__ import annotations

import math
import re
from datetime import UTC, datetime

MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
_ISO_DATE = re.compile(r"^\s*(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?(?:[T\s].*)?$")
_MONTH_YEAR = re.compile(r"^\s*([A-Za-z]+)\.?\s+(?:(\d{1,2}),?\s+)?(\d{4})\s*$")


def parse_date(value: object, key: str = "date") -> str | None:
    """ISO 8601 of reduced precision (`2026`, `2026-07`, `2026-07-14`) from a year, an ISO date
    or datetime, `July 2026`, or (for `cdate`, OpenReview's creation time) epoch milliseconds."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        if not math.isfinite(value):
            return None
        if key == "cdate" or value > 10**11:
            try:
                return datetime.fromtimestamp(value / 1000, tz=UTC).date().isoformat()
            except (OverflowError, OSError, ValueError):
                return None
        value = str(int(value))
    if not isinstance(value, str):
        return None
    written = _ISO_DATE.match(value)
    if written:
        year, month, day = written.groups()
        return iso(int(year), int(month) if month else None, int(day) if day else None)
    worded = _MONTH_YEAR.match(value)
    if worded and worded.group(1).lower() in MONTHS:
        day = int(worded.group(2)) if worded.group(2) else None
        return iso(int(worded.group(3)), MONTHS[worded.group(1).lower()], day)
    return None


def iso(year: int, month: int | None, day: int | None) -> str | None:
    if not 1000 <= year <= 9999:
        return None
    if month is None:
        return f"{year:04d}"
    if day is None:
        return f"{year:04d}-{month:02d}" if 1 <= month <= 12 else None
    try:
        return datetime(year, month, day).date().isoformat()
    except ValueError:
        return None
