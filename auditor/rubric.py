"""The rubric's vocabulary and its settings: criteria ids, groups, default weights and thresholds,
and loading user overrides from TOML (`--config PATH` or `[tool.paper-auditor]` in pyproject.toml).

The rules themselves live in `auditor.rules_access` and `auditor.rules_content`, applied by
`auditor.score`; `docs/rubric.md` documents both (a test keeps its
criteria table in step with `CRITERIA`).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from auditor.configfile import KNOWN_NAMES, ConfigError, read_config, suggestion

# Bump when a rule, a default weight or a tier rule changes meaning: scores of two versions are
# not comparable.
RUBRIC_VERSION = "1.2"


@dataclass(frozen=True, slots=True)
class CriterionSpec:
    """One criterion: its id, group, title and default weight, when it passes, fails or is
    unknown, and how to fix a failure, in the words `docs/rubric.md` and the reports show
    (generated from here: `auditor.rubric_doc`)."""

    id: str
    group: str
    title: str
    weight: int
    passes: str = ""
    fails: str = ""
    unknown: str = ""
    # One line telling a paper's authors how to pass when it fails (the reports show it beside
    # each failed criterion).
    fix: str = ""


GROUPS: Mapping[str, str] = {
    "A": "Link integrity",
    "B": "Code availability (the gate)",
    "C": "Licence",
    "D": "ML code completeness (Papers with Code checklist)",
    "E": "Runnable environment",
    "F": "Documentation and citation",
    "G": "Maintenance",
}

_NO_FACTS = "no facts"
CRITERIA: tuple[CriterionSpec, ...] = (
    CriterionSpec(
        "A1", "A", "Every cited link resolves", 5,
        "every judged link is `ok` or `moved` (moved links are named with their new address)",
        "any cited link is `dead`",
        "a link is `transient`, `unchecked` or `blocked` (n/a when no link was judged)",
        fix="replace each dead link with a working address (an archived copy will do)",
    ),
    CriterionSpec(
        "B1", "B", "Code repository exists and is public", 10,
        "the API finds it, or the link resolves",
        "the link is dead (including a repository GitHub blocks: DMCA 451, terms of service "
        "403), or the repository does not exist, is private or disabled",
        "the link could not be checked and there are no facts",
        fix="publish the code in a public repository and cite its current address",
    ),
    CriterionSpec(
        "B2", "B", "Code released, not a placeholder", 10,
        "the repository holds code (more than README, licence, pages, images and a lone "
        "dependency list); a fork with commits of its own; a software record whose files "
        "hold code (a source archive counts)",
        "empty, a placeholder (no code at the root, whatever the README promises), or a fork "
        "without commits of its own, once the grace period after the paper date is over; a "
        "reading list (no grace: the paper is no-code)",
        "no paper date to judge the grace; GitHub facts missing; the README says the code "
        "moved somewhere not checked; n/a within the grace",
        fix="push the code itself, not only a README (or say in the README where it now lives)",
    ),
    CriterionSpec(
        "B3", "B", "Code has a permanent home", 2,
        "any host but an anonymous review mirror (archived code names its DOI or SWHID)",
        "an anonymous review link (temporary; it expires); a dead repository",
        "the repository was not reached",
        fix="move the code to a permanent host (GitHub, GitLab, Zenodo) and cite that",
    ),
    CriterionSpec(
        "C1", "C", "Licence declared", 10,
        "an SPDX licence, or a licence file with custom terms", "no licence", _NO_FACTS,
        fix="add a LICENSE file (choosealicense.com)",
    ),
    CriterionSpec(
        "C2", "C", "Open-source licence", 2,
        "permissive or copyleft", "non-commercial",
        "custom terms, no facts (n/a without a licence: C1 counts that)",
        fix="choose an open-source licence if others may build on the code (choosealicense.com)",
    ),
    CriterionSpec(
        "D1", "D", "Dependencies specified", 8,
        "a requirements / environment / pyproject / setup / lock file or Dockerfile, or README "
        "install steps",
        "neither", _NO_FACTS,
        fix="list the dependencies: requirements.txt, environment.yml or pyproject.toml",
    ),
    CriterionSpec(
        "D2", "D", "Training code", 8,
        "a `train*` script or folder, or README training instructions (a training section "
        "holding a command, a script or a guide; never an empty or \"coming soon\" heading)",
        "neither", _NO_FACTS,
        fix="add the training script (train.py) or training steps to the README",
    ),
    CriterionSpec(
        "D3", "D", "Evaluation code", 8,
        "an `eval*` / `evaluate*` / `inference*` / `benchmark*` script, or README evaluation "
        "instructions",
        "neither", _NO_FACTS,
        fix="add the evaluation script (eval.py) or evaluation steps to the README",
    ),
    CriterionSpec(
        "D4", "D", "Pre-trained weights", 5,
        "the paper's own weights: a Hugging Face model or release asset linked from the README "
        "or the paper and not dead, or a README weights section with a link (third-party base "
        "models and promises do not count)",
        "no weights, or every weights link we checked is dead", _NO_FACTS,
        fix="publish the trained weights (Hugging Face, a release asset) and link them from "
        "the README",
    ),
    CriterionSpec(
        "D5", "D", "README results", 5,
        "the README shows results: a table of measurements or a results figure (settings and "
        "dataset tables do not count)",
        "no results", _NO_FACTS,
        fix="add a table of the paper's results to the README",
    ),
    CriterionSpec(
        "E1", "E", "Dependency versions pinned", 3,
        "a lock file, or a `requirements.txt`, `environment.yml` or `pyproject.toml` that pins "
        "every dependency it names",
        "not pinned, or no dependency file",
        "pinning not determined",
        fix="pin versions: pip freeze > requirements.txt (or commit a lock file)",
    ),
    CriterionSpec(
        "E2", "E", "Container or hosted environment", 3,
        "Dockerfile, Containerfile, compose file, devcontainer, Binder, Apptainer; or a Colab, "
        "Binder or Space link (a README badge counts)",
        "none", _NO_FACTS,
        fix="add a Dockerfile, or a Colab or Binder link",
    ),
    CriterionSpec(
        "E3", "E", "Data download documented", 2,
        "the README explains how to get or prepare the data, or the paper or README links a "
        "live data record (a Hugging Face dataset, a data host, a Zenodo or OSF dataset record)",
        "neither", _NO_FACTS,
        fix="say in the README where to get the data and how to prepare it",
    ),
    CriterionSpec(
        "E4", "E", "Tests or CI", 2,
        "`tests/`, `test/`, or a CI configuration at the root", "none", _NO_FACTS,
        fix="add tests (tests/) or a CI workflow",
    ),
    CriterionSpec(
        "F1", "F", "Substantive README", 8,
        "at least `readme_min_bytes` (500) with install, usage, training or evaluation steps",
        "no README, a short one, or one without instructions", _NO_FACTS,
        fix="write a README with install and usage steps",
    ),
    CriterionSpec(
        "F2", "F", "Citation", 4,
        "`CITATION.cff`, or the paper's BibTeX or reference in the README (a bare heading "
        "does not count)",
        "neither; or every README BibTeX entry names another work than the paper (when its "
        "title is known)",
        "`CITATION.cff` not looked up and none in the README",
        fix="add a BibTeX block of the paper to the README (or a CITATION.cff)",
    ),
    CriterionSpec(
        "F3", "F", "DOI or release", 3,
        "the code itself archived with a persistent identifier (a Zenodo software record's "
        "DOI, a SWHID); a release (GitHub, GitLab, Codeberg, Gitee; Bitbucket's newest tag); or "
        "a Zenodo / Figshare DOI or a SWHID linked by the paper or the README",
        "none of these",
        "an archive link of the paper could not be checked; no facts",
        fix="make a GitHub release, or archive one on Zenodo for a DOI",
    ),
    CriterionSpec(
        "G1", "G", "Activity after the paper", 2,
        "a commit on or after the paper date", "the last commit predates the paper",
        "no paper date, no commit date",
        fix="push the code as published (a commit on or after the paper date)",
    ),
)  # fmt: skip
CRITERIA_BY_ID: Mapping[str, CriterionSpec] = {spec.id: spec for spec in CRITERIA}
CHECKLIST_IDS = ("D1", "D2", "D3", "D4", "D5")

# What the top tier claims, said wherever tiers are shown (docs/rubric.md, the reports).
GOLD_MEANS = (
    "Gold means everything needed to try the code is there, not that its results were reproduced."
)

# The tiers, checked in this order; the first that applies is the paper's tier.
TIER_RULES: tuple[tuple[str, str], ...] = (
    (
        "unknown",
        "a gate could not be decided: the code link was not checked (rate limit, network, "
        "refusal) and there are no facts; the facts of a repository or record only an API "
        "gives (GitHub, Bitbucket, Codeberg, Gitee, Software Heritage, Zenodo) are missing; an "
        "archive record that may be code (Zenodo, OSF, a DOI) was not read; a "
        "placeholder without a paper date, or whose README move was not followed; no code link "
        "yet but a project page could not be read; or a dead, placeholder or reading-list "
        "repository next to an unread project page. **Never** no-code, dead or placeholder "
        "while a gate is undecided.",
    ),
    (
        "no-code",
        "no code link found, directly or via a project page; or the code link is a reading "
        "list (a survey's list of papers: a publication, not a promise of code). No score.",
    ),
    (
        "dead",
        "every code link is dead (or the repository is gone or blocked); or, with no code link, "
        "a cited project page is dead",
    ),
    (
        "placeholder",
        "the repository is empty, holds no code, or is a fork without commits of its own, and "
        "the grace period (90 days after the paper date) is over",
    ),
    (
        "listed",
        "code reachable, below bronze (including a placeholder still within its grace period, "
        "and hosts we gather no facts from)",
    ),
    ("bronze", "code released (B2) + licence (C1) + substantive README (F1)"),
    (
        "silver",
        "bronze + at least 3 of the 5 checklist items (D1–D5), including dependencies (D1) and "
        "training or evaluation code (D2 or D3) + citation (F2)",
    ),
    (
        "gold",
        "silver + all 5 checklist items + pinned environment or container (E1 or E2) + DOI or "
        "release (F3). " + GOLD_MEANS,
    ),
)


class RubricError(ConfigError):
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
# Every name of the rubric table, for "did you mean" (a top-level `[weights]` finds
# `rubric.weights`).
KNOWN_NAMES.extend(["rubric.weights", *(f"rubric.{name}" for name in _THRESHOLDS)])


def load_rubric(path: Path | None, *, pyproject: Path | None) -> Rubric:
    """The rubric from `path` (a TOML file whose `[rubric]` table overrides the defaults) or,
    without one, from `[tool.paper-auditor.rubric]` in `pyproject` when that file exists.

    Raises `RubricError` for a missing `path`, invalid TOML, an unknown key or criterion, or a
    value of the wrong type or out of range.
    """
    config = read_config(path, pyproject=pyproject)
    if config is None:
        return Rubric()
    section, where = config.table("rubric"), config.where
    return _rubric_from(section, where)


def _rubric_from(section: Mapping[str, Any], where: str) -> Rubric:
    overrides: dict[str, Any] = {}
    for key, value in section.items():
        if key == "weights":
            overrides["weights"] = _weights_from(value, where)
        elif key in _THRESHOLDS:
            overrides[key] = _threshold(key, value, where)
        else:
            known = ["weights", *_THRESHOLDS]
            raise RubricError(f"{where}: unknown rubric setting {key!r}{suggestion(key, known)}")
    return Rubric(**overrides)


def _weights_from(value: Any, where: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise RubricError(f"{where}: `rubric.weights` must be a table of criterion = weight")
    weights = _default_weights()
    for key, weight in value.items():
        if key not in weights:
            hint = suggestion(str(key), list(weights))
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
