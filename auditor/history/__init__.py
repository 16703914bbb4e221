"""The run history (`--db`): what each run found (`store`, one SQLite file) and what changed
since the previous run (`changes`)."""

from auditor.history.store import MIGRATIONS, History, HistoryError, Run

__all__ = [
    "MIGRATIONS",
    "History",
    "HistoryError",
    "Run",
]
