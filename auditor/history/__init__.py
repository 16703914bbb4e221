"""The run history (`--db`): what each run found (`store`, one SQLite file), what changed
since the previous run (`changes`) and since when a promise has been open (`promises`)."""

from auditor.history.store import MIGRATIONS, History, HistoryError, Run

__all__ = [
    "MIGRATIONS",
    "History",
    "HistoryError",
    "Run",
]
