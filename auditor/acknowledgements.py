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
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from auditor.configfile import ConfigError, read_config, read_toml, suggestion

if TYPE_CHECKING:
    # The vocabulary, the scorecard and the links' rules are loaded when acknowledgements are
    # read or applied, not by `auditor --help`, which names IGNORE_FILE.
    from auditor.models import Outcome
    from auditor.scorecard import AcknowledgementStatus, LinkEntry, Scorecard

IGNORE_FILE = ".paper-auditor-ignore"
TABLE = "acknowledge"
KEYS = ("url", "pattern", "reason", "until")

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

    def matches(self, url: str) -> bool:
        if self.pattern is not None:
            return self.pattern.search(url) is not None
        return url == self.url


def load_acknowledgements(
    path: Path | None, *, config: Path | None, pyproject: Path | None
) -> tuple[AcknowledgementRule, ...]:
    """The entries of `path` (else of ./.paper-auditor-ignore when present), then those of the
    configuration (`config`, else `[tool.paper-auditor]` of `pyproject`). Raises `ConfigError`
    with one line naming the file and the entry for anything malformed."""
    rules: list[AcknowledgementRule] = []
    ignore_file = path if path is not None else Path(IGNORE_FILE)
    if path is not None or ignore_file.is_file():
        document = read_toml(ignore_file)
        for name in document:
            if name != TABLE:  # a misspelt table would silently acknowledge nothing
                hint = suggestion(name, [TABLE])
                raise ConfigError(f"{ignore_file}: unknown table {name!r}{hint}")
        rules += _entries(document.get(TABLE, []), str(ignore_file))
    configured = read_config(config, pyproject=pyproject)
    if configured is not None:
        rules += _entries(configured.tables.get(TABLE, []), configured.where)
    seen: dict[tuple[str | None, str | None], AcknowledgementRule] = {}
    for rule in rules:
        key = (rule.url, rule.pattern.pattern if rule.pattern else None)
        if key in seen:  # two reasons and dates for one link: which holds is not ours to guess
            raise ConfigError(f"{rule.where}: acknowledged already by {seen[key].where}")
        seen[key] = rule
    return tuple(rules)


def _entries(value: object, where: str) -> list[AcknowledgementRule]:
    """The `acknowledge` array of tables found in `where`."""
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ConfigError(f"{where}: `{TABLE}` must be an array of tables ([[{TABLE}]])")
    return [_entry(item, f"{where}: {TABLE} entry {index}") for index, item in enumerate(value, 1)]


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
        normalised = found.url
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
    # TOML gives a date for `until = 2027-03-01`; a quoted date is accepted as well.
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    elif isinstance(value, date) and not isinstance(value, datetime):
        return value
    raise ConfigError(f"{where}: `until` is not a date (YYYY-MM-DD): {value!r}")


def apply_acknowledgements(
    card: Scorecard, rules: Sequence[AcknowledgementRule], today: date
) -> Scorecard:
    """`card` with each link an entry matches marked (an entry for a URL before patterns), each
    mark saying whether it holds `today`. What expired or went stale is logged, with where the
    entry is written; an entry matching no link of this run is harmless, said at -v."""
    from auditor.models import Outcome
    from auditor.scorecard import Acknowledgement, AcknowledgementStatus

    if not rules:
        return card
    by_url = {rule.url: rule for rule in rules if rule.pattern is None}
    patterns = [rule for rule in rules if rule.pattern is not None]
    used: set[str] = set()
    links: list[LinkEntry] = []
    for entry in card.links:
        rule = by_url.get(entry.url) or next((r for r in patterns if r.matches(entry.url)), None)
        if rule is None:
            links.append(entry)
            continue
        used.add(rule.where)
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
    return replace(card, links=tuple(links))


def _status(rule: AcknowledgementRule, outcome: Outcome, today: date) -> AcknowledgementStatus:
    from auditor.models import RESOLVED
    from auditor.scorecard import AcknowledgementStatus

    # A link that resolves again needs no acknowledgement, however long it had left.
    if outcome in RESOLVED:
        return AcknowledgementStatus.STALE
    if today > rule.until:
        return AcknowledgementStatus.EXPIRED
    return AcknowledgementStatus.ACTIVE
