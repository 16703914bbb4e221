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


# --- dates a paper does not carry itself ---------------------------------------------------------

# arXiv identifiers of the scheme in use since April 2007 are `YYMM.NNNN(N)`: the month the paper
# was submitted (arXiv's "Understanding the arXiv identifier").
_ARXIV_ID = re.compile(
    r"(?:arxiv\.org/(?:abs|pdf|html)/|\barxiv:\s?)(\d{2})(\d{2})\.\d{4,5}(?!\d)", re.I
)

# The month each major venue is usually held, for lists that name a venue and a year
# (`ICML 2026 …`, `neurips_2025.md`, `ACL 2022`) but date no paper. Where a venue moves between
# months from year to year, the later month is taken: a placeholder then gets the longer grace.
# Longer names first, so that `NAACL` is not read as `ACL` nor `SIGGRAPH Asia` as `SIGGRAPH`.
VENUE_MONTHS: dict[str, int] = {
    "SIGGRAPH Asia": 12,
    "NeurIPS": 12,
    "NIPS": 12,
    "ICML": 7,
    "ICLR": 5,
    "CVPR": 6,
    "ICCV": 10,
    "ECCV": 10,
    "WACV": 1,
    "NAACL": 6,
    "EACL": 3,
    "EMNLP": 11,
    "COLING": 1,
    "ACL": 8,
    "COLM": 10,
    "AAAI": 2,
    "IJCAI": 8,
    "KDD": 8,
    "WWW": 5,
    "SIGIR": 7,
    "AISTATS": 5,
    "UAI": 8,
    "COLT": 7,
    "CoRL": 11,
    "RSS": 7,
    "ICRA": 5,
    "IROS": 10,
    "MICCAI": 10,
    "ICASSP": 4,
    "Interspeech": 9,
    "SIGGRAPH": 8,
    "MLSys": 6,
}
_VENUE_NAMES = "|".join(re.escape(name).replace(r"\ ", r"[\s_-]?") for name in VENUE_MONTHS)
# `ICML 2026`, `neurips_2025`, `ICML'24`, `iclr24`, `2025 NeurIPS`.
_VENUE = re.compile(
    rf"(?<![A-Za-z])({_VENUE_NAMES})(?:[\s_-]{{0,2}}((?:19|20)\d{{2}})|['’]?(\d{{2}}))(?!\d)"
    rf"|(?<!\d)((?:19|20)\d{{2}})[\s_-]{{0,2}}({_VENUE_NAMES})(?![A-Za-z])",
    re.I,
)
_VENUE_KEYS = {re.sub(r"\s", "", name).lower(): month for name, month in VENUE_MONTHS.items()}
_MONTH_AND_YEAR = re.compile(
    r"\b([A-Z][a-z]{2,8})\.?\s+(?:\d{1,2}(?:[-–]\d{1,2})?,?\s+)?((?:19|20)\d{2})\b"
)


def arxiv_month(text: str) -> str | None:
    """`2024-03` from the first arXiv identifier in `text` (`arXiv:2403.01234`, an arxiv.org
    link), or None."""
    for match in _ARXIV_ID.finditer(text):
        year, month = int(match.group(1)), int(match.group(2))
        if 1 <= month <= 12 and (year, month) >= (7, 4):
            return f"{2000 + year:04d}-{month:02d}"
    return None


def list_date(text: str) -> str | None:
    """The month a list's header line, title or file name dates its papers to: a month and year
    written out (`21-27 July 2024`), else a venue and year through `VENUE_MONTHS`."""
    for match in _MONTH_AND_YEAR.finditer(text):
        month = MONTHS.get(match.group(1).lower())
        if month is not None:
            return iso(int(match.group(2)), month, None)
    for match in _VENUE.finditer(text):
        name = match.group(1) or match.group(5)
        year = match.group(2) or match.group(3) or match.group(4)
        month = _VENUE_KEYS.get(re.sub(r"[\s_-]", "", name).lower())
        if month is None:
            continue
        number = int(year) + (2000 if len(year) == 2 else 0)
        return iso(number, month, None)
    return None
