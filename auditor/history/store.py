"""The run history's file (`--db`): every run's per-link and per-paper results in one SQLite
file, written safely.

Results are stored as they complete (`store_link`): those finished in one turn of the event loop
are committed together before the run waits on anything (a commit per link would cost more than
checking thousands of offline links does), so a crash or a kill loses no result the run went on
from; `annotate_run` stores the final scorecard and computes the history fields (`LinkHistory`
per link, `removed_links` and `changes`), returning the scorecard with them; `mark_finished`
records the run finished once its reports are written, and reported once they reached their
readers: at once, or, when a tracking issue carries them, when `auditor issue --db` has updated
it (`mark_reported`). (`finish_run` does all three, for callers with nothing to write.) A run
not reported stays in the file, its results counted for `first_seen`, `last_ok` and
`dead_since`, but it is never the "previous run" that changes are computed against: a link that
died in it is still `new` in the next run, until one is reported.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import Collection, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from types import TracebackType

from auditor import redact
from auditor.check import judging
from auditor.history import promises
from auditor.history.changes import (
    PastResult,
    PastTiers,
    Rejudge,
    Rules,
    link_history,
    rejudged_papers,
    removed_link,
)
from auditor.links.normalize import keyed_before_folders
from auditor.models import ChangeKind, LinkResult
from auditor.scorecard import (
    Changes,
    JudgingRules,
    LinkEntry,
    Rejudging,
    RemovedLink,
    Scorecard,
)
from auditor.scorecard.dead_links import is_new_dead
from auditor.timestamps import now_iso

# Migration n (1-based) brings a file from `user_version` n-1 to n. Append, never edit: files
# in users' caches hold every earlier version.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE runs (
        id INTEGER PRIMARY KEY,
        started_at TEXT NOT NULL,
        finished_at TEXT,  -- NULL: the run never finished (crash, kill, timeout)
        generated_at TEXT
    );
    CREATE TABLE link_results (
        url TEXT NOT NULL,
        run_id INTEGER NOT NULL REFERENCES runs (id),
        kind TEXT,
        outcome TEXT NOT NULL,
        http_status INTEGER,
        final_url TEXT,
        detail TEXT,
        checked_at TEXT,
        papers TEXT NOT NULL,  -- JSON list of paper ids
        repo_exists INTEGER,
        archived INTEGER,
        license_spdx TEXT,
        license_class TEXT,
        PRIMARY KEY (url, run_id)  -- also the index for one link's history, in run order
    ) WITHOUT ROWID;
    CREATE INDEX link_results_by_run ON link_results (run_id);
    CREATE TABLE paper_results (
        run_id INTEGER NOT NULL REFERENCES runs (id),
        paper_id TEXT NOT NULL,
        name TEXT,
        tier TEXT,
        score INTEGER,
        scored_on TEXT,
        PRIMARY KEY (run_id, paper_id)
    ) WITHOUT ROWID;
    """,
    # 2: a run is reported once its reports reached their readers (and the tracking issue,
    # when one carries them); runs finished before this version were.
    """
    ALTER TABLE runs ADD COLUMN reported_at TEXT;
    UPDATE runs SET reported_at = finished_at WHERE finished_at IS NOT NULL;
    """,
    # 3: the rules each run judged under, the commit each repository was judged at, each
    # paper's stable key; NULL in runs before this version (rubric 1.2, the first judging
    # version: `changes.Rules.stored`).
    """
    ALTER TABLE runs ADD COLUMN rubric_version TEXT;
    ALTER TABLE runs ADD COLUMN judging_version INTEGER;
    ALTER TABLE link_results ADD COLUMN repo_commit TEXT;
    ALTER TABLE paper_results ADD COLUMN paper_key TEXT;
    """,
    # 4: each run's open promises (`auditor.history.promises`), and which runs kept them: a run
    # before this version says nothing of a README's promise of weights.
    """
    ALTER TABLE runs ADD COLUMN promises_kept INTEGER;
    CREATE TABLE promises (
        run_id INTEGER NOT NULL REFERENCES runs (id),
        kind TEXT NOT NULL,
        url TEXT NOT NULL,
        PRIMARY KEY (kind, url, run_id)
    ) WITHOUT ROWID;
    """,
)


class HistoryError(Exception):
    """A history file that cannot be used; the message is one line for the user."""


@dataclass(frozen=True, slots=True)
class Run:
    """One run of the file; `finished_at` None: it never finished (crash, kill, timeout, or
    its reports were not written); `reported_at` None: not yet reported."""

    id: int
    started_at: str
    finished_at: str | None
    reported_at: str | None = None


def _flag(value: bool | None) -> int | None:
    return None if value is None else int(value)


def _truth(flag: int | None) -> bool | None:
    """A stored `_flag` read back."""
    return None if flag is None else bool(flag)


# A row for `_UPSERT_LINK`, by column name: a column added later cannot shift another's value.
_LinkRow = dict[str, object]


def _link_row(run_id: int, result: LinkResult) -> _LinkRow:
    link, check, repo = result.link, result.check, result.repo
    return {
        "url": link.url,
        "run_id": run_id,
        "kind": link.kind,
        "outcome": check.outcome,
        "http_status": check.http_status,
        "final_url": check.final_url,
        "detail": redact.scrub(check.detail),
        "checked_at": check.checked_at,
        "papers": json.dumps(list(link.papers)),
        "repo_exists": _flag(repo.exists) if repo else None,
        "archived": _flag(repo.archived) if repo else None,
        "license_spdx": repo.license_spdx if repo else None,
        "license_class": repo.license_class if repo else None,
        "repo_commit": repo.commit if repo else None,
    }


_UPSERT_LINK = """
    INSERT INTO link_results (url, run_id, kind, outcome, http_status, final_url, detail,
        checked_at, papers, repo_exists, archived, license_spdx, license_class, repo_commit)
    VALUES (:url, :run_id, :kind, :outcome, :http_status, :final_url, :detail, :checked_at,
        :papers, :repo_exists, :archived, :license_spdx, :license_class, :repo_commit)
    ON CONFLICT (url, run_id) DO UPDATE SET kind = excluded.kind, outcome = excluded.outcome,
        http_status = excluded.http_status, final_url = excluded.final_url,
        detail = excluded.detail, checked_at = excluded.checked_at, papers = excluded.papers,
        repo_exists = excluded.repo_exists, archived = excluded.archived,
        license_spdx = excluded.license_spdx, license_class = excluded.license_class,
        repo_commit = excluded.repo_commit
"""

_UPSERT_PAPER = """
    INSERT INTO paper_results (run_id, paper_id, name, tier, score, scored_on, paper_key)
    VALUES (:run_id, :paper_id, :name, :tier, :score, :scored_on, :paper_key)
    ON CONFLICT (run_id, paper_id) DO UPDATE SET name = excluded.name, tier = excluded.tier,
        score = excluded.score, scored_on = excluded.scored_on, paper_key = excluded.paper_key
"""

# The stored results of the links named in `{urls}` (that many `?`), each link's in run order;
# each column but `url` named as the `PastResult` field it fills.
_LINK_HISTORIES = """
    SELECT r.url, r.run_id, runs.reported_at IS NOT NULL AS finished,
        runs.started_at AS run_started_at, COALESCE(r.checked_at, runs.started_at) AS seen_at,
        r.outcome, r.http_status, r.final_url, r.repo_exists, r.repo_commit AS "commit",
        r.archived, r.license_spdx, r.kind, r.papers
    FROM link_results AS r JOIN runs ON runs.id = r.run_id
    WHERE r.url IN ({urls}) ORDER BY r.url, r.run_id
"""
# The links one `_LINK_HISTORIES` query asks for: SQLite before 3.32 allows 999 parameters.
_URLS_PER_QUERY = 900


# What each run that wrote its scorecard, up to `:run`, says of promises (`_promise_runs`): the
# runs, whether each kept its promises; the promises each kept open; for each of the URLs in
# `{urls}`, whether a paper scored on it was scored a placeholder (NULL: as nothing decided),
# and the runs citing it.
_PROMISE_RUNS = """
    SELECT id, started_at, promises_kept IS NOT NULL AS kept FROM runs
    WHERE generated_at IS NOT NULL AND id <= :run ORDER BY id
"""
_PROMISES_KEPT_OPEN = "SELECT run_id, kind, url FROM promises WHERE url IN ({urls})"
_PLACEHOLDERS = """
    SELECT run_id, scored_on AS url, MAX(tier = 'placeholder') AS placeholder
    FROM paper_results WHERE scored_on IN ({urls}) AND tier != 'unknown'
    GROUP BY run_id, scored_on
"""
_CITED = "SELECT run_id, url FROM link_results WHERE url IN ({urls})"


class History:
    """One open history file. Use one writer at a time (the workflow's `concurrency` group)."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        self._unstored: list[_LinkRow] = []
        self._failed: HistoryError | None = None

    @classmethod
    def open(cls, path: Path) -> History:
        """Open or create the file and bring its schema up to date."""
        path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: no implicit transactions; every write below says where its
        # transaction begins and ends, so what `store_link` returned is committed.
        connection = sqlite3.connect(path, timeout=30, isolation_level=None)
        # Rows are read by column name, never by position.
        connection.row_factory = sqlite3.Row
        try:
            # WAL: a killed writer leaves every committed transaction readable and the file
            # consistent; NORMAL syncs at checkpoints, which survives a process kill (only an
            # OS crash may lose the last commits, never the file's integrity).
            mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()["journal_mode"]
            if mode != "wal":
                raise HistoryError(f"{path}: cannot use write-ahead logging (got {mode!r})")
            connection.execute("PRAGMA synchronous = NORMAL")
            connection.execute("PRAGMA foreign_keys = ON")
            _migrate(connection, path)
        except sqlite3.DatabaseError as error:
            connection.close()
            raise HistoryError(f"{path}: not a usable history database ({error})") from None
        except BaseException:
            connection.close()
            raise
        return cls(connection, path)

    def close(self) -> None:
        # Fold the WAL back into the main file, so that caching `history.sqlite` alone (as
        # CI caches do) carries every result.
        try:
            self._store_unstored()
            with self._writing():
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            self._db.close()

    def __enter__(self) -> History:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if error is None:
            self.close()
            return
        # Already failing (a full disk, an interrupt): that error is the one to report.
        with contextlib.suppress(HistoryError):
            self.close()

    # Storing

    def begin_run(self, started_at: str | None = None) -> int:
        """Start a run and return its id; the run counts as unfinished until `finish_run`."""
        with self._writing():
            cursor = self._db.execute(
                "INSERT INTO runs (started_at) VALUES (?)", (started_at or now_iso(),)
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def store_link(self, run_id: int, result: LinkResult) -> None:
        """Store one link result as soon as it is known: committed with the others of this turn
        of the event loop (at once without a loop); `annotate_run` and `close` commit the rest."""
        self._unstored.append(_link_row(run_id, result))
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop to wait in: committed at once
            self._store_unstored()
            return
        if len(self._unstored) == 1:  # the first of a batch: those of this turn join it
            loop.call_soon(self._store_later)

    def _store_later(self) -> None:
        # A loop callback has no caller to raise to: the next write raises it.
        try:
            self._store_unstored()
        except HistoryError as error:
            self._failed = error

    def _store_unstored(self) -> None:
        if self._failed is not None:
            raise self._failed
        if self._unstored:
            with self._writing(), self._transaction():
                self._db.executemany(_UPSERT_LINK, self._unstored)
            self._unstored.clear()

    def annotate_run(self, run_id: int, card: Scorecard) -> Scorecard:
        """Store the final scorecard (it overrides results stored on the way) and return it
        with its history: each link's `LinkHistory`, and `removed_links` and `changes`, against
        the last reported run. The run is not finished yet: `mark_finished` says when it is."""
        self._store_unstored()
        with self._writing(), self._damage(), self._transaction():
            self._db.executemany(
                _UPSERT_LINK, [_link_row(run_id, entry.result) for entry in card.links]
            )
            self._db.executemany(
                _UPSERT_PAPER,
                [
                    {
                        "run_id": run_id,
                        "paper_id": entry.paper.id,
                        "name": entry.paper.name,
                        "tier": entry.score.tier if entry.score else None,
                        "score": entry.score.score if entry.score else None,
                        "scored_on": entry.score.scored_on if entry.score else None,
                        "paper_key": entry.key,
                    }
                    for entry in card.papers
                ],
            )
            self._db.execute(
                "UPDATE runs SET generated_at = ?, rubric_version = ?, judging_version = ? "
                "WHERE id = ?",
                (card.generated_at, card.rubric_version, judging.JUDGING_VERSION, run_id),
            )
            annotated = self._annotate(run_id, card)
        return annotated

    def mark_finished(self, run_id: int, *, reported: bool = True) -> None:
        """The run's reports are written: it is finished, and reported unless a tracking issue
        is still to carry them (`mark_reported`)."""
        now = now_iso()
        with self._writing():
            self._db.execute(
                "UPDATE runs SET finished_at = ?, reported_at = ? WHERE id = ?",
                (now, now if reported else None, run_id),
            )

    def mark_reported(self, generated_at: str) -> bool:
        """The finished run whose scorecard was generated at `generated_at` reached its readers
        (the tracking issue is updated); False when the file holds no such run."""
        with self._writing():
            cursor = self._db.execute(
                "UPDATE runs SET reported_at = ? "
                "WHERE generated_at = ? AND finished_at IS NOT NULL",
                (now_iso(), generated_at),
            )
        return cursor.rowcount > 0

    def finish_run(self, run_id: int, card: Scorecard) -> Scorecard:
        """`annotate_run` then `mark_finished`: for a caller with no report to write first."""
        annotated = self.annotate_run(run_id, card)
        self.mark_finished(run_id)
        return annotated

    def record_run(self, card: Scorecard) -> Scorecard:
        """Store a whole scorecard as one finished run (a merged or re-read document)."""
        return self.finish_run(self.begin_run(card.generated_at), card)

    def annotate_promises(self, run_id: int, card: Scorecard) -> Scorecard:
        """Store the run's open promises and return `card` with each one's `first_seen`: since
        when it has been open in every run that judged it (`promises.first_seen`)."""
        open_ = {
            (promise.kind.value, promise.url)
            for entry in card.papers
            for promise in (entry.score.promises if entry.score else ())
        }
        with self._writing(), self._transaction():
            self._db.executemany(
                "INSERT OR IGNORE INTO promises (run_id, kind, url) VALUES (?, ?, ?)",
                [(run_id, kind, url) for kind, url in sorted(open_)],
            )
            self._db.execute("UPDATE runs SET promises_kept = 1 WHERE id = ?", (run_id,))
        sightings = self._promise_runs(open_, run_id)
        seen = {(kind, url): promises.first_seen(kind, sightings[kind, url]) for kind, url in open_}
        return promises.with_first_seen(card, seen)

    def _promise_runs(
        self, open_: Collection[tuple[str, str]], run_id: int
    ) -> dict[tuple[str, str], list[promises.Sighting]]:
        """What each run up to `run_id` that wrote its scorecard says of each promise, by
        (kind, url): read in one pass over the runs' papers for all of them (a query per
        promise scanned each run's papers again: 194 promises, 5 s at 30,000 papers)."""
        runs = self._db.execute(_PROMISE_RUNS, {"run": run_id}).fetchall()
        kept_open: set[tuple[int, str, str]] = set()
        placeholder: dict[tuple[int, str], bool | None] = {}
        cited: set[tuple[int, str]] = set()
        urls = sorted({url for _, url in open_})
        for start in range(0, len(urls), _URLS_PER_QUERY):
            chunk = urls[start : start + _URLS_PER_QUERY]
            marks = ", ".join("?" * len(chunk))
            for row in self._db.execute(_PROMISES_KEPT_OPEN.format(urls=marks), chunk):
                kept_open.add((row["run_id"], row["kind"], row["url"]))
            for row in self._db.execute(_PLACEHOLDERS.format(urls=marks), chunk):
                placeholder[row["run_id"], row["url"]] = _truth(row["placeholder"])
            for row in self._db.execute(_CITED.format(urls=marks), chunk):
                cited.add((row["run_id"], row["url"]))
        return {
            (kind, url): [
                promises.Sighting(
                    started_at=run["started_at"],
                    kept=bool(run["kept"]),
                    kept_open=(run["id"], kind, url) in kept_open,
                    placeholder=placeholder.get((run["id"], url)),
                    cited=(run["id"], url) in cited,
                )
                for run in runs
            ]
            for kind, url in open_
        }

    # Reading

    def runs(self) -> list[Run]:
        """Every run, oldest first."""
        rows = self._db.execute(
            "SELECT id, started_at, finished_at, reported_at FROM runs ORDER BY id"
        )
        return [
            Run(row["id"], row["started_at"], row["finished_at"], row["reported_at"])
            for row in rows
        ]

    def stored_urls(self, run_id: int) -> set[str]:
        self._store_unstored()
        rows = self._db.execute("SELECT url FROM link_results WHERE run_id = ?", (run_id,))
        return {row["url"] for row in rows}

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """A write that fails (a full disk, a read-only file) is a one-line `HistoryError`."""
        try:
            yield
        except sqlite3.Error as error:
            raise HistoryError(f"{self.path}: cannot write the run history ({error})") from None

    @contextlib.contextmanager
    def _damage(self) -> Iterator[None]:
        """A file whose content contradicts itself (rows missing, values of the wrong shape)
        is a one-line `HistoryError`, never a traceback."""
        try:
            yield
        except (StopIteration, ValueError, KeyError, TypeError, IndexError, RuntimeError) as error:
            if isinstance(error, RuntimeError) and not isinstance(error.__cause__, StopIteration):
                raise  # a bug of ours, not the file's
            what = type(error.__cause__ if isinstance(error, RuntimeError) else error).__name__
            raise HistoryError(
                f"{self.path}: the run history is damaged ({what}: rows missing or malformed); "
                "move it aside to start a new one"
            ) from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException:
            # A failed COMMIT may have rolled back already: then there is nothing to undo.
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            raise

    def _histories(self, urls: Collection[str]) -> dict[str, list[PastResult]]:
        """The stored results of each of `urls`, in run order (none: not in the dict), read
        `_URLS_PER_QUERY` links a query: a query per link cost 31,551 queries at 30,000 papers."""
        found: dict[str, list[PastResult]] = {}
        wanted = sorted(urls)
        for start in range(0, len(wanted), _URLS_PER_QUERY):
            chunk = wanted[start : start + _URLS_PER_QUERY]
            query = _LINK_HISTORIES.format(urls=", ".join("?" * len(chunk)))
            for row in self._db.execute(query, chunk):
                found.setdefault(row["url"], []).append(
                    PastResult(
                        run_id=row["run_id"],
                        finished=bool(row["finished"]),
                        run_started_at=row["run_started_at"],
                        seen_at=row["seen_at"],
                        outcome=row["outcome"],
                        http_status=row["http_status"],
                        final_url=row["final_url"],
                        repo_exists=_truth(row["repo_exists"]),
                        commit=row["commit"],
                        archived=_truth(row["archived"]),
                        license_spdx=row["license_spdx"],
                        kind=row["kind"],
                        papers=tuple(json.loads(row["papers"])),
                    )
                )
        return found

    def _annotate(self, run_id: int, card: Scorecard) -> Scorecard:
        previous = self._db.execute(
            "SELECT id, COALESCE(generated_at, started_at) AS generated_at, rubric_version, "
            "judging_version FROM runs "
            "WHERE reported_at IS NOT NULL AND id < ? ORDER BY id DESC LIMIT 1",
            (run_id,),
        ).fetchone()
        previous_id: int | None = previous["id"] if previous else None
        rules = Rules.stored(card.rubric_version, judging.JUDGING_VERSION)
        # No previous run: nothing to compare, so no change of rules either.
        before = (
            Rules.stored(previous["rubric_version"], previous["judging_version"])
            if previous
            else rules
        )
        rules_changed, judging_changed = before != rules, before.judging != rules.judging
        # Each paper's tier in the previous run: asked only where the rules changed.
        tiers_before = self._past_tiers(previous_id).of(card.papers) if rules_changed else {}
        inherited: set[str] = set()
        judged_as_parent: set[str] = set()
        pasts: dict[str, list[PastResult]] = {}
        parents = {entry.url: keyed_before_folders(entry.url) for entry in card.links}
        stored = self._histories(
            {entry.url for entry in card.links} | {p for p in parents.values() if p is not None}
        )

        def past(url: str) -> list[PastResult]:
            # A cited-folder link carries on the history of the key it was stored under before
            # folders were judged on their own (its repository's), up to its own first run.
            rows = stored.get(url, [])
            parent = parents[url]
            if parent is not None:
                first = rows[0].run_id if rows else run_id
                earlier = [row for row in stored.get(parent, []) if row.run_id < first]
                if earlier and first == run_id:  # the key's link became this folder link now
                    inherited.add(parent)
                    judged_as_parent.add(url)
                rows = earlier + rows
            pasts[url] = rows
            return rows

        def rejudge(entry: LinkEntry) -> Rejudge | None:
            if not rules_changed:
                return None
            papers = entry.result.link.papers
            return Rejudge(
                judging_changed,
                inherited=entry.url in judged_as_parent,
                found_for_known_papers=entry.result.link.found_via is not None
                and bool(papers)
                and all(paper in tiers_before for paper in papers),
            )

        links = tuple(
            replace(
                entry,
                history=link_history(past(entry.url), run_id, previous_id, rejudge(entry)),
            )
            for entry in card.links
        )
        current = {entry.url for entry in links} | inherited
        removed: list[RemovedLink] = []
        if previous_id is not None:
            gone = sorted(self.stored_urls(previous_id) - current)
            kept = self._histories(gone)
            removed = [removed_link(url, kept.get(url, []), previous_id) for url in gone]
        papers = card.papers
        if rules_changed:
            papers = rejudged_papers(card.papers, tiers_before, links, removed, pasts, run_id)
        counts = {kind.value: 0 for kind in ChangeKind if kind != ChangeKind.REJUDGED}
        if rules_changed:  # listed only where the rules changed
            counts[ChangeKind.REJUDGED] = 0
        for entry in links:
            for change in entry.history.changes if entry.history else ():
                counts[change] += 1
        counts[ChangeKind.REMOVED] = len(removed)
        rejudging = None
        if rules_changed:
            rejudging = Rejudging(
                previous=JudgingRules(before.rubric, before.judging),
                current=JudgingRules(rules.rubric, rules.judging),
                papers=sum(1 for entry in papers if ChangeKind.REJUDGED in entry.changes),
            )
        return replace(
            card,
            papers=papers,
            links=links,
            removed_links=tuple(removed),
            changes=Changes(
                previous_run=previous["generated_at"] if previous else None,
                counts=counts,
                new_dead=sum(1 for entry in links if is_new_dead(entry)),
                rejudged=rejudging,
            ),
        )

    def _past_tiers(self, previous_id: int | None) -> PastTiers:
        """The previous run's tier of each paper, by its stable key, or (for a run stored
        before keys were) by its id and name."""
        rows = self._db.execute(
            "SELECT paper_id, name, tier, paper_key FROM paper_results WHERE run_id = ?",
            (previous_id,),
        ).fetchall()
        return PastTiers(
            by_key={row["paper_key"]: row["tier"] for row in rows if row["paper_key"]},
            by_place={
                (row["paper_id"], row["name"]): row["tier"] for row in rows if not row["paper_key"]
            },
        )


def _migrate(connection: sqlite3.Connection, path: Path) -> None:
    version: int = connection.execute("PRAGMA user_version").fetchone()["user_version"]
    if version > len(MIGRATIONS):
        raise HistoryError(
            f"{path}: history schema version {version} is newer than this auditor knows "
            f"({len(MIGRATIONS)}); upgrade paper-auditor"
        )
    for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
        # executescript() commits first and runs each statement; the explicit BEGIN makes the
        # migration and its version number one transaction.
        try:
            connection.executescript(
                f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;"
            )
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
