"""The verdict cache: one SQLite file (`verdicts.sqlite` in `settings.cache_dir`).

It keeps outcomes and HTTP validators, never page bodies, so that a second run within
`max_cache_age` does not ask again about a link that was fine, and a later run can ask
conditionally (RFC 9110 §13.1: If-None-Match / If-Modified-Since; a 304 keeps the verdict).
Each verdict records the network policy it was made under (`Settings.network_policy`): it is
reused only by a run allowed to reach every address that run could (`policy_covers`), so a
verdict on a private page, made with `--allow-private`, never reaches a run without it.
A second table keeps small API answers (ETag and JSON body) for the GitHub REST code.

The cache is an optimisation: any trouble with it (corrupt file, disk full, locked database)
is a warning, and the run carries on without it. Only a file SQLite finds damaged is replaced
by a fresh one; one it cannot read or write (an I/O error, a full disk, a lock) is kept as it
is, for the next run.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from auditor import redact
from auditor.config.settings import Settings
from auditor.models import CacheReuse, Hop, LinkCheck, Outcome

log = logging.getLogger(__name__)

FILE_NAME = "verdicts.sqlite"
_SCHEMA_VERSION = 2  # 2: verdicts record their network policy
_SCHEMA = """
CREATE TABLE IF NOT EXISTS verdicts (
    url TEXT PRIMARY KEY,
    policy TEXT NOT NULL,
    stored_at REAL NOT NULL,
    outcome TEXT NOT NULL,
    detail TEXT NOT NULL,
    checked_at TEXT NOT NULL,
    http_status INTEGER,
    final_url TEXT,
    redirects TEXT NOT NULL,
    page_title TEXT,
    code_links TEXT NOT NULL,
    etag TEXT,
    last_modified TEXT
);
CREATE TABLE IF NOT EXISTS api_answers (
    key TEXT PRIMARY KEY,
    stored_at REAL NOT NULL,
    etag TEXT,
    body TEXT NOT NULL
);
"""
# Verdicts worth reusing: anything else is asked again on the next run.
_REUSABLE = (Outcome.OK, Outcome.MOVED)
# Verdicts that replace a stored one; `transient` and `unchecked` say nothing new about the
# link, so an earlier good verdict and its validators stay.
_FORGETTING = (Outcome.DEAD, Outcome.BLOCKED, Outcome.EXCLUDED, Outcome.UNSUPPORTED)


class _Damaged(sqlite3.DatabaseError):
    """The file opens but fails its integrity check."""


def _is_damaged(error: sqlite3.DatabaseError) -> bool:
    """Whether `error` says the file itself is broken (so replacing it loses nothing), rather
    than that it could not be read or written this time."""
    code = getattr(error, "sqlite_errorcode", None)
    damaged = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
    return isinstance(error, _Damaged) or (code is not None and code & 0xFF in damaged)


def policy_covers(current: str, stored: str) -> bool:
    """Whether a run under the `current` network policy may reuse a verdict made under
    `stored`: the current run may reach every address the stored one could (the same policy,
    or one that allows more; never one that allows less)."""
    if stored in ("public", current) or current == "private":
        return True
    if stored == "private" or not current.startswith("private:"):
        return False
    try:
        mine = [ipaddress.ip_network(n) for n in current.removeprefix("private:").split(",")]
        theirs = [ipaddress.ip_network(n) for n in stored.removeprefix("private:").split(",")]
    except ValueError:
        return False
    return all(
        any(net.version == own.version and net.subnet_of(own) for own in mine)  # type: ignore[arg-type]
        for net in theirs
    )


class VerdictCache:
    """Link verdicts and API answers kept between runs."""

    def __init__(
        self,
        directory: Path,
        max_age: float,
        *,
        clock: Callable[[], float] = time.time,
        policy: str = "public",
    ) -> None:
        self.path = directory / FILE_NAME
        self.max_age = max_age
        self.policy = policy
        self._clock = clock
        self._reused: dict[str, float] = {}  # key → age of what this run reused under it
        self._db: sqlite3.Connection | None = self._open()

    @classmethod
    def from_settings(cls, settings: Settings) -> VerdictCache | None:
        """The cache the settings ask for; None when `cache_dir` is None."""
        if settings.cache_dir is None:
            return None
        return cls(settings.cache_dir, settings.max_cache_age, policy=settings.network_policy())

    def _open(self) -> sqlite3.Connection | None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            return self._connect()
        except sqlite3.DatabaseError as exc:
            if not _is_damaged(exc):
                log.warning(
                    "verdict cache %s cannot be used (%s); running without it (the file is kept)",
                    self.path,
                    exc,
                )
                return None
            log.warning("verdict cache %s is unreadable (%s); starting a fresh one", self.path, exc)
        except OSError as exc:
            log.warning(
                "verdict cache %s cannot be opened (%s); running without it", self.path, exc
            )
            return None
        try:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{self.path}{suffix}").unlink(missing_ok=True)
            return self._connect()
        except (sqlite3.Error, OSError) as exc:
            log.warning(
                "verdict cache %s cannot be recreated (%s); running without it", self.path, exc
            )
            return None

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            # WAL: readers never wait for the writer; `quick_check` finds a damaged file now,
            # not in the middle of the run.
            db.execute("PRAGMA journal_mode=WAL")
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise _Damaged("integrity check failed")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, _SCHEMA_VERSION):
                db.executescript("DROP TABLE IF EXISTS verdicts; DROP TABLE IF EXISTS api_answers;")
            db.executescript(_SCHEMA)
            db.execute(f"PRAGMA user_version={_SCHEMA_VERSION}")
        except BaseException:
            db.close()
            raise
        return db

    def _query(self, sql: str, parameters: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if self._db is None:
            return []
        try:
            return self._db.execute(sql, parameters).fetchall()
        except sqlite3.Error as exc:
            log.warning("verdict cache %s failed (%s); running without it", self.path, exc)
            self.close()
            return []

    def _row(self, url: str) -> tuple[float, LinkCheck] | None:
        rows = self._query(
            "SELECT policy, stored_at, outcome, detail, checked_at, http_status, final_url,"
            " redirects, page_title, code_links, etag, last_modified FROM verdicts WHERE url = ?",
            (url,),
        )
        if not rows:
            return None
        policy, stored_at, *fields = rows[0]
        if not policy_covers(self.policy, str(policy)):
            return None  # made where this run may not go: asked again, under this run's guard
        try:
            check = _check_from_row(fields)
        except (ValueError, TypeError, KeyError) as exc:
            log.debug("ignoring unreadable cached verdict for %s: %s", url, exc)
            return None
        return float(stored_at), check

    def get(self, url: str) -> LinkCheck | None:
        """A verdict to reuse as it is: `ok` or `moved`, checked within `max_age` (never with a
        `max_age` of 0). Counted in `reuse()`."""
        if self.max_age <= 0:
            return None
        row = self._row(url)
        if row is None:
            return None
        age = self._clock() - row[0]
        if age > self.max_age:
            return None
        self.count_reused(url, age)
        return row[1]

    def count_reused(self, key: str, age: float) -> None:
        """This run takes what is kept under `key`, `age` seconds old, without asking again."""
        self._reused[key] = max(0.0, age)

    def reuse(self) -> CacheReuse:
        """What this run reused so far: the reports say it, with how to check again."""
        oldest = max(self._reused.values(), default=None)
        return CacheReuse(len(self._reused), None if oldest is None else int(oldest))

    def previous(self, url: str) -> LinkCheck | None:
        """The last `ok`/`moved` verdict, however old: what a 304 answer confirms."""
        row = self._row(url)
        return None if row is None else row[1]

    def validators(self, url: str) -> tuple[str | None, str | None]:
        """(ETag, Last-Modified) of the last good answer, for a conditional request."""
        check = self.previous(url)
        return (None, None) if check is None else (check.etag, check.last_modified)

    def put(self, url: str, check: LinkCheck) -> None:
        """Keep a good verdict; a bad one erases what was kept; transient ones change nothing."""
        if check.outcome in _FORGETTING:
            self._query("DELETE FROM verdicts WHERE url = ?", (url,))
        if check.outcome not in _REUSABLE:
            return
        self._query(
            "INSERT OR REPLACE INTO verdicts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                url,
                self.policy,
                self._clock(),
                check.outcome.value,
                redact.scrub(check.detail),
                check.checked_at,
                check.http_status,
                check.final_url,
                json.dumps([[hop.url, hop.status] for hop in check.redirects]),
                check.page_title,
                json.dumps(list(check.code_links)),
                check.etag,
                check.last_modified,
            ),
        )

    def api_get(self, key: str) -> tuple[str | None, str] | None:
        """(ETag, body) stored for an API request URL, whatever its age: it is only ever
        reused after the API confirms it with 304 Not Modified."""
        rows = self._query("SELECT etag, body FROM api_answers WHERE key = ?", (key,))
        if not rows:
            return None
        etag, body = rows[0]
        return (etag, body)

    def api_put(self, key: str, etag: str | None, body: str) -> None:
        self._query(
            "INSERT OR REPLACE INTO api_answers VALUES (?, ?, ?, ?)",
            (key, self._clock(), etag, body),
        )

    def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            try:
                db.close()
            except sqlite3.Error as exc:
                log.debug("closing verdict cache %s: %s", self.path, exc)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def _check_from_row(fields: list[Any]) -> LinkCheck:
    (
        outcome,
        detail,
        checked_at,
        status,
        final_url,
        redirects,
        title,
        code_links,
        etag,
        modified,
    ) = fields
    return LinkCheck(
        outcome=Outcome(outcome),
        detail=detail,
        checked_at=checked_at,
        http_status=status,
        final_url=final_url,
        redirects=tuple(Hop(str(url), int(code)) for url, code in json.loads(redirects)),
        page_title=title,
        code_links=tuple(str(link) for link in json.loads(code_links)),
        etag=etag,
        last_modified=modified,
    )
