"""Acknowledged dead links: links known to be dead for good (the authors were told, nothing will
change), each with a reason and a last day. Until that day `--fail-on dead` and `new-dead` do
not count them, so a scheduled audit can go green again; unlike `--exclude`, they are still
checked and shown in every report, marked. Once the day has passed the acknowledgement is
expired and the link fails the run again; when the link resolves again it is stale.

Entries are read from `.paper-auditor-ignore` in the current folder (or the file given with
`--acknowledgements`) and from the configuration's `acknowledge` entries, one loader for both:

    [[acknowledge]]
    url = "https://github.com/lab/gone"   # or pattern = "REGEX", searched in each link's URL
    reason = "deleted by the authors; they were asked in 2026-02"
    until = 2027-03-01

A pattern is refused when it would acknowledge every link (it matches the empty string, or any
URL). Python's `re` backtracks, so a pattern can take exponential time on one URL: patterns are
searched in a child process, killed when it outlasts its bound (`PATTERN_SECONDS`, within the
run's deadline). A URL entry names a link as the audit does (`normalize_url`), its fragment
aside: a fragment is never sent, so `x#top` and `x` are one dead link.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from auditor.config.file import (
    ConfigError,
    array_of_tables,
    iso_date,
    read_config,
    read_entry_file,
    suggestion,
)
from auditor.config.settings import IGNORE_FILE

if TYPE_CHECKING:
    # The vocabulary, the scorecard and the links' rules are loaded when acknowledgements are
    # read or applied, not by `auditor --help`, which names IGNORE_FILE.
    from auditor.models import Outcome
    from auditor.scorecard import AcknowledgementStatus, LinkEntry, Scorecard

TABLE = "acknowledge"
KEYS = ("url", "pattern", "reason", "until")
# More dead links than this under one entry is said in the run's notes: a pattern that wide may
# acknowledge links nobody meant to.
WIDE_ENTRY_LINKS = 10
# How long the patterns may take to search a run's links (or, when loaded, the probes below).
PATTERN_SECONDS = 10.0
# The least time the patterns get once the run's deadline has passed: reports are still written.
PATTERN_SECONDS_PAST_DEADLINE = 1.0
# URLs with nothing in common but being URLs: a pattern found in all of them names every link.
_EVERY_LINK_PROBES = ("https://a.example/", "http://b.test:8080/c?d=e#f")
# The child process's program: for each pattern in turn, the indexes of the texts it is found
# in, one line per pattern, flushed, so the pattern that outlasts the bound is known.
_SEARCHER = """
import json, re, sys
job = json.load(sys.stdin)
for pattern in job["patterns"]:
    found = re.compile(pattern)
    print(json.dumps([i for i, text in enumerate(job["texts"]) if found.search(text)]), flush=True)
"""

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class AcknowledgementRule:
    """One entry: the link it names (a normalised URL, or a pattern searched in link URLs),
    why it is known dead, its last day, and where it was written (for messages)."""

    url: str | None
    pattern: re.Pattern[str] | None
    reason: str
    until: date
    where: str


def without_fragment(url: str) -> str:
    """`url` without its `#fragment`, which no server ever sees."""
    return url.partition("#")[0]


@dataclass(frozen=True, slots=True)
class Searched:
    """What `search_bounded` learned: for each pattern it finished, in order, the indexes of
    the texts it is found in; `unfinished` is the index of the pattern that outlasted the bound
    (those after it were not searched), None when all finished."""

    found: tuple[frozenset[int], ...]
    unfinished: int | None


def search_bounded(patterns: Sequence[str], texts: Sequence[str], seconds: float) -> Searched:
    """Each of `patterns` searched in each of `texts`, in a child process given `seconds`.
    Raises `OSError` when no child process can be started."""
    import subprocess  # loaded by a run with patterns only

    job = json.dumps({"patterns": list(patterns), "texts": list(texts)})
    try:
        done = subprocess.run(  # noqa: S603 - our own program; the patterns are its input
            [sys.executable, "-I", "-c", _SEARCHER],
            input=job,
            capture_output=True,
            text=True,
            timeout=seconds,
            check=False,
        )
        output, finished = done.stdout, done.returncode == 0
    except subprocess.TimeoutExpired as expired:
        partial = expired.stdout or ""
        output = partial.decode() if isinstance(partial, bytes) else partial
        finished = False
    found = tuple(frozenset(json.loads(line)) for line in output.splitlines()[: len(patterns)])
    return Searched(found, None if finished and len(found) == len(patterns) else len(found))


def load_acknowledgements(
    path: Path | None, *, config: Path | None, pyproject: Path | None
) -> tuple[AcknowledgementRule, ...]:
    """The entries of `path` (else of ./.paper-auditor-ignore when present), then those of the
    configuration (`config`, else `[tool.paper-auditor]` of `pyproject`). Raises `ConfigError`
    with one line naming the file and the entry for anything malformed."""
    rules: list[AcknowledgementRule] = []
    ignore_file = path if path is not None else Path(IGNORE_FILE)
    if path is not None or ignore_file.is_file():
        rules += _entries(read_entry_file(ignore_file, TABLE)[0], str(ignore_file))
    configured = read_config(config, pyproject=pyproject)
    if configured is not None:
        entries = array_of_tables(configured.tables.get(TABLE, []), TABLE, configured.where)
        rules += _entries(entries, configured.where)
    _refuse_patterns_naming_every_link([rule for rule in rules if rule.pattern is not None])
    seen: dict[tuple[str | None, str | None], AcknowledgementRule] = {}
    for rule in rules:
        key = (rule.url, rule.pattern.pattern if rule.pattern else None)
        if key in seen:  # two reasons and dates for one link: which holds is not ours to guess
            raise ConfigError(f"{rule.where}: acknowledged already by {seen[key].where}")
        seen[key] = rule
    return tuple(rules)


def _refuse_patterns_naming_every_link(rules: Sequence[AcknowledgementRule]) -> None:
    """A `ConfigError` for the first pattern found in the empty string (so in every URL) or in
    every probe URL, or for one that outlasts its bound on them."""
    if not rules:
        return
    patterns = [rule.pattern.pattern for rule in rules if rule.pattern is not None]
    try:
        searched = search_bounded(patterns, ("", *_EVERY_LINK_PROBES), PATTERN_SECONDS)
    except OSError as error:
        raise ConfigError(f"{rules[0].where}: `pattern` cannot be searched: {error}") from None
    for rule, found in zip(rules, searched.found, strict=False):
        if 0 in found or len(found) == len(_EVERY_LINK_PROBES):
            which = "the empty string" if 0 in found else "any URL"
            raise ConfigError(
                f"{rule.where}: `pattern` matches every link (it matches {which}); "
                "make it name the links it is for"
            )
    if searched.unfinished is not None:
        raise ConfigError(
            f"{rules[searched.unfinished].where}: `pattern` takes more than "
            f"{PATTERN_SECONDS:g} s to search a short URL (it backtracks, as nested repeats "
            "like `(a+)+` do); simplify it"
        )


def _entries(tables: Sequence[dict[str, object]], where: str) -> list[AcknowledgementRule]:
    """The `acknowledge` entries found in `where`."""
    return [_entry(item, f"{where}: {TABLE} entry {index}") for index, item in enumerate(tables, 1)]


def _entry(table: dict[str, object], where: str) -> AcknowledgementRule:
    from auditor.links import normalize_url

    url, pattern = table.get("url"), table.get("pattern")
    named = url if isinstance(url, str) else pattern
    if isinstance(named, str):
        where = f"{where} ({named})"
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r}{suggestion(unknown[0], KEYS)}")
    if url is None and pattern is None:
        raise ConfigError(f"{where}: needs a `url` (or a `pattern`) naming the link")
    if url is not None and pattern is not None:
        raise ConfigError(f"{where}: has both `url` and `pattern`; give one")
    normalised = compiled = None
    if url is not None:
        found = normalize_url(url) if isinstance(url, str) else None
        if found is None:
            raise ConfigError(f"{where}: `url` is not an http(s) URL: {url!r}")
        normalised = without_fragment(found.url)
    else:
        try:
            compiled = re.compile(pattern) if isinstance(pattern, str) else None
        except re.error as error:
            raise ConfigError(f"{where}: `pattern` is not a regular expression: {error}") from None
        if compiled is None:
            raise ConfigError(f"{where}: `pattern` must be a string")
    reason = table.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise ConfigError(f"{where}: needs a `reason` (why the link is known dead)")
    return AcknowledgementRule(normalised, compiled, reason.strip(), _until(table, where), where)


def _until(table: dict[str, object], where: str) -> date:
    value = table.get("until")
    if value is None:
        raise ConfigError(f"{where}: needs `until`, the last day it holds (until = 2027-03-01)")
    day = iso_date(value)
    if day is None:
        raise ConfigError(f"{where}: `until` is not a date (YYYY-MM-DD): {value!r}")
    return day


def apply_acknowledgements(
    card: Scorecard, rules: Sequence[AcknowledgementRule], today: date
) -> Scorecard:
    """`card` with each link an entry matches marked (an entry for a URL before patterns), each
    mark saying whether it holds `today`. What expired or went stale is logged, with where the
    entry is written; an entry matching no link of this run is harmless, said at -v. An entry
    covering more than `WIDE_ENTRY_LINKS` dead links, and patterns that outlast their bound,
    are said in the card's notes."""
    from auditor.models import Outcome
    from auditor.scorecard import Acknowledgement, AcknowledgementStatus

    if not rules:
        return card
    by_url = {rule.url: rule for rule in rules if rule.pattern is None}
    by_pattern, notes = _searched_patterns(card, [rule for rule in rules if rule.pattern])
    used: set[str] = set()
    dead_covered: dict[str, int] = {}
    links: list[LinkEntry] = []
    for index, entry in enumerate(card.links):
        rule = by_url.get(without_fragment(entry.url)) or by_pattern.get(index)
        if rule is None:
            links.append(entry)
            continue
        used.add(rule.where)
        if entry.outcome == Outcome.DEAD:
            dead_covered[rule.where] = dead_covered.get(rule.where, 0) + 1
        status = _status(rule, entry.outcome, today)
        if status == AcknowledgementStatus.EXPIRED and entry.outcome == Outcome.DEAD:
            log.warning(
                "%s is dead and its acknowledgement expired on %s (%s): it counts again",
                entry.url,
                rule.until,
                rule.where,
            )
        elif status == AcknowledgementStatus.STALE:
            log.warning("%s resolves again: remove its acknowledgement (%s)", entry.url, rule.where)
        held = Acknowledgement(rule.reason, rule.until.isoformat(), status)
        links.append(replace(entry, acknowledged=held))
    for rule in rules:
        if rule.where not in used:
            log.info("%s: no link of this run matches it", rule.where)
    for where, count in dead_covered.items():
        if count > WIDE_ENTRY_LINKS:
            notes.append(
                f"acknowledgement {where} covers {count} dead links: "
                "check that it names only the links it is for"
            )
    for note in notes:
        log.warning("%s", note)
    return replace(card, links=tuple(links), notes=(*card.notes, *notes))


def _searched_patterns(
    card: Scorecard, rules: Sequence[AcknowledgementRule]
) -> tuple[dict[int, AcknowledgementRule], list[str]]:
    """The first pattern entry matching each link of `card` (by the link's index), searched
    within the bound; a note when a pattern outlasted it. A link the unfinished pattern might
    have matched stays unacknowledged: it counts, which is safe."""
    from auditor import deadline

    if not rules or not card.links:
        return {}, []
    patterns = [rule.pattern.pattern for rule in rules if rule.pattern is not None]
    remaining = deadline.current().remaining()
    seconds = PATTERN_SECONDS if remaining is None else min(PATTERN_SECONDS, remaining)
    try:
        searched = search_bounded(
            patterns,
            [entry.url for entry in card.links],
            max(seconds, PATTERN_SECONDS_PAST_DEADLINE),
        )
    except OSError as error:
        searched, failure = Searched((), 0), f"they cannot be searched: {error}"
    else:
        failure = f"they took more than {max(seconds, PATTERN_SECONDS_PAST_DEADLINE):g} s"
    first: dict[int, AcknowledgementRule] = {}
    for rule, found in zip(rules, searched.found, strict=False):
        for index in found:
            first.setdefault(index, rule)
    notes = []
    if searched.unfinished is not None:
        notes.append(
            f"acknowledgement {rules[searched.unfinished].where} and the patterns after it "
            f"acknowledged nothing: {failure} to search this run's links"
        )
    return first, notes


def _status(rule: AcknowledgementRule, outcome: Outcome, today: date) -> AcknowledgementStatus:
    from auditor.models import RESOLVED
    from auditor.scorecard import AcknowledgementStatus

    # A link that resolves again needs no acknowledgement, however long it had left.
    if outcome in RESOLVED:
        return AcknowledgementStatus.STALE
    if today > rule.until:
        return AcknowledgementStatus.EXPIRED
    return AcknowledgementStatus.ACTIVE
