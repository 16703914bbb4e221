"""The politeness settings a user gives: `--host-concurrency N`, `--host-request-interval D`
(lychee's names and meanings) and the `politeness` table of the config file (`--config FILE`,
else `[tool.paper-auditor.politeness]` in ./pyproject.toml)::

    [tool.paper-auditor.politeness]
    host-concurrency = 8           # at most 8 requests at once to one server
    host-request-interval = "25ms" # never two starts closer than this (0, "50ms", "1s", 0.5)
    adaptive = true                # start politely and speed up while the server copes

The command line wins over the file. A bad value is a `PolitenessError` with one line naming
where it came from. How the limits are kept is `auditor.net.politeness`'s.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from auditor.config.file import ConfigError, read_config, suggestion

MAX_HOST_CONCURRENCY = 1000
MAX_HOST_INTERVAL = 3600.0
_DURATION = re.compile(r"(\d+(?:\.\d*)?|\.\d+)\s*(ms|s|m)?")
_UNITS = {None: 1.0, "s": 1.0, "ms": 0.001, "m": 60.0}
KEYS = ("host-concurrency", "host-request-interval", "adaptive")


class PolitenessError(ConfigError):
    """A politeness value that cannot be used; the message is one line."""


@dataclass(frozen=True, slots=True)
class Politeness:
    """What the user set; None where they set nothing (the defaults of `Settings` apply)."""

    host_concurrency: int | None = None
    host_request_interval: float | None = None
    adaptive: bool | None = None

    def over(self, other: Politeness) -> Politeness:
        """These values, and `other`'s where these are unset."""
        return Politeness(
            other.host_concurrency if self.host_concurrency is None else self.host_concurrency,
            other.host_request_interval
            if self.host_request_interval is None
            else self.host_request_interval,
            other.adaptive if self.adaptive is None else self.adaptive,
        )


def parse_interval(text: str) -> float:
    """Seconds from `0`, `1.5`, `50ms`, `1s` or `2m`; raises PolitenessError."""
    match = _DURATION.fullmatch(text.strip().lower())
    if match is None:
        raise PolitenessError(f"not a duration (0, 50ms, 1s): {text!r}")
    return _interval(float(match.group(1)) * _UNITS[match.group(2)], text)


def _interval(seconds: float, shown: object) -> float:
    if not math.isfinite(seconds) or not 0 <= seconds <= MAX_HOST_INTERVAL:
        raise PolitenessError(f"must be from 0 to {MAX_HOST_INTERVAL:g} s: {shown!r}")
    return seconds


def parse_concurrency(text: str | int) -> int:
    """A request count from 1 to `MAX_HOST_CONCURRENCY`; raises PolitenessError."""
    if isinstance(text, bool):
        raise PolitenessError(f"not a whole number: {text!r}")
    try:
        value = int(text)
    except ValueError:
        raise PolitenessError(f"not a whole number: {text!r}") from None
    if not 1 <= value <= MAX_HOST_CONCURRENCY:
        raise PolitenessError(f"must be from 1 to {MAX_HOST_CONCURRENCY}: {text!r}")
    return value


def load_politeness(path: Path | None, *, pyproject: Path | None) -> Politeness:
    """The `politeness` table of `path`, else `[tool.paper-auditor.politeness]` of `pyproject`
    when that file exists; raises PolitenessError naming the file and the key."""
    config = read_config(path, pyproject=pyproject)
    if config is None:
        return Politeness()
    table, where = config.table("politeness"), config.where
    return _from_table(table, where)


def _from_table(table: Mapping[str, Any], where: str) -> Politeness:
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        hint = suggestion(unknown[0], KEYS)
        raise PolitenessError(f"{where}: unknown politeness setting {unknown[0]!r}{hint}")
    values: dict[str, Any] = {}
    for key, read in (
        ("host-concurrency", _concurrency_value),
        ("host-request-interval", _interval_value),
        ("adaptive", _adaptive_value),
    ):
        if key in table:
            try:
                values[key] = read(table[key])
            except PolitenessError as error:
                raise PolitenessError(f"{where}: politeness.{key}: {error}") from None
    return Politeness(
        values.get("host-concurrency"), values.get("host-request-interval"), values.get("adaptive")
    )


def _concurrency_value(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PolitenessError(f"not a whole number: {value!r}")
    return parse_concurrency(value)


def _interval_value(value: object) -> float:
    if isinstance(value, str):
        return parse_interval(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _interval(float(value), value)
    raise PolitenessError(f"not a duration (0, 50ms, 1s): {value!r}")


def _adaptive_value(value: object) -> bool:
    if not isinstance(value, bool):
        raise PolitenessError(f"must be true or false: {value!r}")
    return value
