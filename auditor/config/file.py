"""The configuration file: `--config FILE`, else `[tool.paper-auditor]` in ./pyproject.toml.
A `--config` file may write each table at its top (`[rubric]`) or as pyproject.toml does
(`[tool.paper-auditor.rubric]`, as the README shows), with the same meaning. The one place that
reads it: TOML decoding, the tables it may hold, and "did you mean" for a name that is not one. What
a table means, its owner decides (`auditor.rubric.registry` for `rubric`,
`auditor.config.politeness` for `politeness`, `auditor.scorecard.acknowledgements` for
`acknowledge`, `auditor.scorecard.reviews` for `review`). Files of entries written by hand (the
acknowledgements, the reviews) are read here too, one way for both (`read_entry_file`)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

# The tables a configuration may hold; any other is an error, never ignored.
KNOWN_TABLES = ("rubric", "politeness", "forges", "network", "acknowledge", "review")
# Where pyproject.toml keeps them: `[tool.paper-auditor]`.
TOOL = "paper-auditor"


class ConfigError(ValueError):
    """A configuration that cannot be used; the message is one line naming the file."""


@dataclass(frozen=True, slots=True)
class ConfigFile:
    """The tables of one configuration, and how to name where they came from."""

    tables: Mapping[str, Any]
    where: str
    folder: Path  # the file's folder: a relative path the file names is relative to it

    def table(self, name: str) -> Mapping[str, Any]:
        """The `name` table, empty when the file has none."""
        value = self.tables.get(name, {})
        if not isinstance(value, dict):
            raise ConfigError(f"{self.where}: `{name}` must be a table")
        return value


def read_config(path: Path | None, *, pyproject: Path | None) -> ConfigFile | None:
    """The configuration at `path`, else the `[tool.paper-auditor]` table of `pyproject` when
    that file exists; None when there is neither. Raises `ConfigError` for a file that cannot
    be read, invalid TOML, and a table this version does not know."""
    if path is not None:
        where, folder = str(path), path.parent
        tables: object = _standalone_tables(read_toml(path), where)
    elif pyproject is not None and pyproject.is_file():
        tool = read_toml(pyproject).get("tool", {})
        tables = tool.get(TOOL, {}) if isinstance(tool, dict) else {}
        where, folder = f"{pyproject} [tool.{TOOL}]", pyproject.parent
    else:
        return None
    if not isinstance(tables, dict):
        raise ConfigError(f"{where}: expected a table")
    for key in tables:
        if key not in KNOWN_TABLES:  # a typo or a misplaced table is an error, never ignored
            raise ConfigError(f"{where}: unknown table {key!r}{suggestion(key, KNOWN_NAMES)}")
    return ConfigFile(tables, where, folder)


def _standalone_tables(document: dict[str, Any], where: str) -> dict[str, Any]:
    """The tables of a `--config` file: those at its top and those under `[tool.paper-auditor]`
    together (a file may paste the README's examples side by side); a table given both ways,
    or anything else under `tool`, is refused rather than one of them ignored."""
    tables = {name: value for name, value in document.items() if name != "tool"}
    if "tool" not in document:
        return tables
    tool = document["tool"]
    if not isinstance(tool, dict) or not isinstance(tool.get(TOOL), dict):
        raise ConfigError(f"{where}: `tool` holds no [tool.{TOOL}] table")
    for name in tool:
        if name != TOOL:
            raise ConfigError(f"{where}: unknown table 'tool.{name}'; did you mean 'tool.{TOOL}'?")
    for name, value in tool[TOOL].items():
        if name in tables:
            raise ConfigError(
                f"{where}: `{name}` is written twice, as [{name}] and [tool.{TOOL}.{name}]; "
                "keep one"
            )
        tables[name] = value
    return tables


def suggestion(name: str, known: Sequence[str]) -> str:
    """`; did you mean …?` with the nearest valid name (difflib), or the names known."""
    last = name.rsplit(".", 1)[-1]
    for guess in (name, last):
        close = difflib.get_close_matches(guess, list(known), n=1, cutoff=0.6)
        if close:
            return f"; did you mean {close[0]!r}?"
    return f" (known: {', '.join(list(known)[:8])})"


# A configuration or acknowledgements file is written by hand: far below this.
MAX_TOML_BYTES = 2**20


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML document at `path`; a `ConfigError` naming the file when it cannot be read or
    is larger than `MAX_TOML_BYTES` (read no further: `/dev/zero` never ends)."""
    return read_toml_text(path)[0]


def read_toml_text(path: Path) -> tuple[dict[str, Any], str]:
    """`read_toml`, and the file's text (where an entry is written: `entry_lines`)."""
    import tomllib  # a command reading no configuration never loads the parser

    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_TOML_BYTES + 1)
        if len(data) > MAX_TOML_BYTES:
            raise ConfigError(f"{path}: larger than {MAX_TOML_BYTES // 2**20} MiB: not a TOML file")
        text = data.decode()
        return tomllib.loads(text), text
    except OSError as error:
        raise ConfigError(f"{path}: cannot read: {error.strerror or error}") from error
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from error
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: invalid TOML: not UTF-8 text") from None
    except RecursionError:
        raise ConfigError(f"{path}: invalid TOML: nested too deeply") from None


# Every name a configuration may use, for "did you mean" (a top-level `[weights]` finds
# `rubric.weights`); the owners of the tables add theirs.
KNOWN_NAMES: list[str] = [*KNOWN_TABLES]


# --- files of entries written by hand (`[[acknowledge]]`, `[[review]]`) ---------------------------


def read_entry_file(path: Path, table: str) -> tuple[list[dict[str, object]], str]:
    """The `[[table]]` entries of a file holding only those (`.paper-auditor-ignore`,
    `.paper-auditor-reviews`), and its text; a `ConfigError` naming the file for any other
    table (a misspelt one would silently hold nothing)."""
    document, text = read_toml_text(path)
    for name in document:
        if name != table:
            raise ConfigError(f"{path}: unknown table {name!r}{suggestion(name, [table])}")
    return array_of_tables(document.get(table, []), table, str(path)), text


def array_of_tables(value: object, table: str, where: str) -> list[dict[str, object]]:
    """`value` as the array of tables `[[table]]` it must be."""
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ConfigError(f"{where}: `{table}` must be an array of tables ([[{table}]])")
    return value


def entry_lines(text: str, table: str) -> list[int]:
    """The line of each `[[table]]` header in `text` (`[[tool.paper-auditor.table]]` too), in
    order: entry N of the array is written at the Nth."""
    header = re.compile(rf"\s*\[\[\s*(?:tool\s*\.\s*{TOOL}\s*\.\s*)?{table}\s*\]\]")
    return [number for number, line in enumerate(text.splitlines(), 1) if header.match(line)]


def iso_date(value: object) -> date | None:
    """A day as TOML writes it (`until = 2027-03-01`) or quoted (`"2027-03-01"`); None for
    anything else (a time, another spelling, an impossible day)."""
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            return None
    if isinstance(value, date) and not isinstance(value, datetime):
        return value
    return None
