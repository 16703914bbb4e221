"""The run history (`--db`): what each run found (`store`, one SQLite file) and what changed
since the previous run (`changes`)."""

from auditor.history.changes import (
    acknowledged_dead,
    headline,
    new_dead,
    still_dead,
)
from auditor.history.store import MIGRATIONS, History, HistoryError, Run

__all__ = [
    "MIGRATIONS",
    "History",
    "HistoryError",
    "Run",
    "acknowledged_dead",
    "headline",
    "new_dead",
    "still_dead",
]
