"""The rubric's vocabulary and its settings: criteria ids, groups, default weights and thresholds,
and loading user overrides from TOML (`--config PATH` or `[tool.paper-auditor]` in pyproject.toml).

The rules themselves live in `auditor.score`; `docs/rubric.md` documents both (a test keeps its
criteria table in step with `CRITERIA`).
"""

from __future__ import annotations

import difflib
import hashlib
import json
import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

# Bump when a rule, a default weight or a tier rule changes meaning: scores of two versions are
# not comparable.
RUBRIC_VERSION = "1.0"


@dataclass(frozen=True, slots=True)
class CriterionSpec:
    id: str
    group: str
    title: str
    weight: int


GROUPS: Mapping[str, str] = {
    "A": "Link integrity",
    "B": "Code availability (the gate)",
    "C": "Licence",
    "D": "ML code completeness (Papers with Code checklist)",
    "E": "Runnable environment",
    "F": "Documentation and citation",
    "G": "Maintenance",
}

CRITERIA: tuple[CriterionSpec, ...] = (
    CriterionSpec("A1", "A", "Every cited link resolves", 5),
    CriterionSpec("B1", "B", "Code repository exists and is public", 10),
    CriterionSpec("B2", "B", "Code released, not a placeholder", 10),
    CriterionSpec("B3", "B", "Code has a permanent home", 2),
    CriterionSpec("C1", "C", "Licence declared", 10),
    CriterionSpec("C2", "C", "Open-source licence", 2),
    CriterionSpec("D1", "D", "Dependencies specified", 8),
    CriterionSpec("D2", "D", "Training code", 8),
    CriterionSpec("D3", "D", "Evaluation code", 8),
    CriterionSpec("D4", "D", "Pre-trained weights", 5),
    CriterionSpec("D5", "D", "README results", 5),
    CriterionSpec("E1", "E", "Dependency versions pinned", 3),
    CriterionSpec("E2", "E", "Container or hosted environment", 3),
    CriterionSpec("E3", "E", "Data download documented", 2),
    CriterionSpec("E4", "E", "Tests or CI", 2),
    CriterionSpec("F1", "F", "Substantive README", 8),
    CriterionSpec("F2", "F", "Citation", 4),
    CriterionSpec("F3", "F", "DOI or release", 3),
    CriterionSpec("G1", "G", "Activity after the paper", 2),
)
CRITERIA_BY_ID: Mapping[str, CriterionSpec] = {spec.id: spec for spec in CRITERIA}
CHECKLIST_IDS = ("D1", "D2", "D3", "D4", "D5")


class RubricError(ValueError):
    """A rubric configuration that cannot be used; the message is one line naming the file."""


def _default_weights() -> dict[str, int]:
    return {spec.id: spec.weight for spec in CRITERIA}


@dataclass(frozen=True, slots=True)
class Rubric:
    """Weights and thresholds. The defaults are `RUBRIC_VERSION`; any override shows in
    `version` so two scorecards scored differently never look comparable."""

    weights: Mapping[str, int] = field(default_factory=_default_weights, hash=False)
    # A placeholder repository is not held against a paper until this many days after its date.
    placeholder_grace_days: int = 90
    # Below this a README cannot be substantive (a title, a badge and one command are ~200 bytes;
    # a README with install and training steps and a results table is ~900).
    readme_min_bytes: int = 500
    # Silver needs this many of the five checklist items (D1 and D2 or D3 among them).
    silver_min_checklist: int = 3
    # No score when less than this share of the total weight could be decided: a number over
    # a handful of link checks would look like a verdict on the code.
    min_decided_share: float = 0.5

    def weight(self, criterion_id: str) -> int:
        return self.weights.get(criterion_id, 0)

    @property
    def version(self) -> str:
        if self == Rubric():
            return RUBRIC_VERSION
        settings = {f.name: getattr(self, f.name) for f in fields(self)}
        settings["weights"] = dict(sorted(self.weights.items()))
        digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()
        return f"{RUBRIC_VERSION}+custom.{digest[:8]}"


_THRESHOLDS: Mapping[str, tuple[type, float, float]] = {
    "placeholder_grace_days": (int, 0, 3650),
    "readme_min_bytes": (int, 0, 1_000_000),
    "silver_min_checklist": (int, 1, 5),
    "min_decided_share": (float, 0.0, 1.0),
}
# The tables a configuration file (or `[tool.paper-auditor]`) may hold; any other is an error.
KNOWN_TABLES = ("rubric",)
# Every name a configuration may use, for "did you mean" (a top-level `[weights]` finds
# `rubric.weights`).
_KNOWN_NAMES = [*KNOWN_TABLES, "rubric.weights", *(f"rubric.{name}" for name in _THRESHOLDS)]


def load_rubric(path: Path | None, *, pyproject: Path | None) -> Rubric:
    """The rubric from `path` (a TOML file whose `[rubric]` table overrides the defaults) or,
    without one, from `[tool.paper-auditor.rubric]` in `pyproject` when that file exists.

    Raises `RubricError` for a missing `path`, invalid TOML, an unknown key or criterion, or a
    value of the wrong type or out of range.
    """
    if path is not None:
        table = _read_toml(path)
        where = str(path)
    elif pyproject is not None and pyproject.is_file():
        tool = _read_toml(pyproject).get("tool", {})
        table = tool.get("paper-auditor", {}) if isinstance(tool, dict) else {}
        where = f"{pyproject} [tool.paper-auditor]"
    else:
        return Rubric()
    if not isinstance(table, dict):
        raise RubricError(f"{where}: expected a table")
    for key in table:
        if key not in KNOWN_TABLES:  # a typo or a misplaced table is an error, never ignored
            raise RubricError(f"{where}: unknown table {key!r}{_suggestion(key)}")
    section = table.get("rubric", {})
    if not isinstance(section, dict):
        raise RubricError(f"{where}: `rubric` must be a table")
    return _rubric_from(section, where)


def _suggestion(name: str, known: list[str] | None = None) -> str:
    """`; did you mean …?` with the nearest valid name (difflib), or nothing."""
    candidates = known if known is not None else _KNOWN_NAMES
    last = name.rsplit(".", 1)[-1]
    for guess in (name, last):
        close = difflib.get_close_matches(guess, candidates, n=1, cutoff=0.6)
        if close:
            return f"; did you mean {close[0]!r}?"
    return f" (known: {', '.join(candidates[:8])})"


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise RubricError(f"{path}: cannot read: {error.strerror or error}") from error
    except tomllib.TOMLDecodeError as error:
        raise RubricError(f"{path}: invalid TOML: {error}") from error
    except UnicodeDecodeError:
        raise RubricError(f"{path}: invalid TOML: not UTF-8 text") from None
    except RecursionError:
        raise RubricError(f"{path}: invalid TOML: nested too deeply") from None


def _rubric_from(section: Mapping[str, Any], where: str) -> Rubric:
    overrides: dict[str, Any] = {}
    for key, value in section.items():
        if key == "weights":
            overrides["weights"] = _weights_from(value, where)
        elif key in _THRESHOLDS:
            overrides[key] = _threshold(key, value, where)
        else:
            known = ["weights", *_THRESHOLDS]
            raise RubricError(f"{where}: unknown rubric setting {key!r}{_suggestion(key, known)}")
    return Rubric(**overrides)


def _weights_from(value: Any, where: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise RubricError(f"{where}: `rubric.weights` must be a table of criterion = weight")
    weights = _default_weights()
    for key, weight in value.items():
        if key not in weights:
            hint = _suggestion(str(key), list(weights))
            raise RubricError(f"{where}: unknown criterion {key!r} in rubric.weights{hint}")
        # bool is an int subclass; `C1 = true` is a typo, not a weight of 1.
        if isinstance(weight, bool) or not isinstance(weight, int) or not 0 <= weight <= 100:
            raise RubricError(f"{where}: rubric.weights.{key} must be an integer from 0 to 100")
        weights[key] = weight
    if sum(weights.values()) == 0:
        raise RubricError(f"{where}: rubric.weights are all zero")
    return weights


def _threshold(key: str, value: Any, where: str) -> int | float:
    kind, low, high = _THRESHOLDS[key]
    is_number = isinstance(value, int | float) and not isinstance(value, bool)
    if kind is int and not (isinstance(value, int) and not isinstance(value, bool)):
        raise RubricError(f"{where}: rubric.{key} must be an integer")
    if not is_number or not math.isfinite(value) or not low <= value <= high:
        raise RubricError(f"{where}: rubric.{key} must be a number from {low:g} to {high:g}")
    return kind(value)  # type: ignore[no-any-return]
