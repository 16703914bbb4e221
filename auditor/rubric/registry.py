"""The rubric's registry and its settings: every criterion in its order (`CRITERIA`), the
tier rules' wording, default thresholds, and loading user overrides from TOML (`--config PATH`
or `[tool.paper-auditor.rubric]` in pyproject.toml).

A criterion is declared once, beside the rule that decides it (`auditor.rubric.rules_access`: groups
A–C; `auditor.rubric.rules_content`: groups D–G), with its id, group, title, weight, documentation
and fix; this module lists those declarations, and the scorer (`auditor.rubric.score`), `auditor
readme`, the summary, the reports and `docs/rubric.md` (`auditor.render.rubric_doc`) all read the
list. Other modules ask for a criterion by its handle (`licence_declared`, re-exported here), never
by a written id.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from auditor.config.file import KNOWN_NAMES, ConfigError, read_config, suggestion
from auditor.rubric import rules_access, rules_content
from auditor.rubric.evidence import CodeCriterion, CriterionSpec, PaperCriterion
from auditor.rubric.rules_access import (
    GATE,
    code_released,
    licence_declared,
    licence_open,
    links_resolve,
    repository_exists,
)
from auditor.rubric.rules_content import (
    CHECKLIST,
    citation,
    container,
    dependencies,
    doi_or_release,
    evaluation_code,
    pinned_environment,
    substantive_readme,
    training_code,
)

__all__ = [
    "CHECKLIST",
    "CRITERIA",
    "GATE",
    "GOLD_MEANS",
    "REUSE_MEANS",
    "REUSE_NOTE",
    "RUBRIC_VERSION",
    "THRESHOLDS",
    "CriterionSpec",
    "Registry",
    "Rubric",
    "RubricError",
    "code_released",
    "licence_declared",
    "links_resolve",
    "load_rubric",
    "repository_exists",
    "tier_rules",
]

# Bump when a rule, a default weight or a tier rule changes meaning: scores of two versions are
# not comparable.
RUBRIC_VERSION = "2.0"


@dataclass(frozen=True, slots=True)
class Registry:
    """Criteria in the rubric's order (the order of every paper's `criteria` in
    `scorecard.json`, of the reports' lists and of docs/rubric.md), their ids unique, each in
    its group's letter."""

    criteria: tuple[CriterionSpec, ...]
    # Worked out once: the scorer asks for them for every code link of every paper.
    per_paper: tuple[PaperCriterion, ...] = field(init=False, repr=False, compare=False)
    per_code_link: tuple[CodeCriterion, ...] = field(init=False, repr=False, compare=False)
    # The Papers with Code checklist, whose passes silver and gold count.
    checklist: tuple[CodeCriterion, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ids = [spec.id for spec in self.criteria]
        twice = sorted({cid for cid in ids if ids.count(cid) > 1})
        if twice:
            raise ValueError(f"criteria declared twice: {', '.join(twice)}")
        strays = [spec.id for spec in self.criteria if not spec.id.startswith(spec.group.letter)]
        if strays:
            raise ValueError(f"criteria outside their group's letter: {', '.join(strays)}")
        per_paper = tuple(spec for spec in self.criteria if isinstance(spec, PaperCriterion))
        per_code_link = tuple(spec for spec in self.criteria if isinstance(spec, CodeCriterion))
        if any(spec.group == CHECKLIST for spec in per_paper):
            raise ValueError("the checklist judges a code link: its criteria are per code link")
        object.__setattr__(self, "per_paper", per_paper)
        object.__setattr__(self, "per_code_link", per_code_link)
        checklist = tuple(spec for spec in per_code_link if spec.group == CHECKLIST)
        object.__setattr__(self, "checklist", checklist)

    def __iter__(self) -> Iterator[CriterionSpec]:
        return iter(self.criteria)

    def adding(self, *more: CriterionSpec) -> Registry:
        return Registry((*self.criteria, *more))

    def default_weights(self) -> dict[str, int]:
        return {spec.id: spec.weight for spec in self.criteria}


CRITERIA = Registry((*rules_access.DECLARED, *rules_content.DECLARED))

# What the top tier claims, said wherever tiers are shown (docs/rubric.md, the reports).
GOLD_MEANS = (
    "Gold means everything needed to try the code is there, not that its results were reproduced."
)


def tier_rules(criteria: Registry = CRITERIA) -> tuple[tuple[str, str], ...]:
    """The tiers and their rules in words, in the tier order, worst to best (`models.Tier`;
    `auditor.rubric.score` decides them)."""
    checklist = criteria.checklist
    return (
        (
            "dead",
            "every code link is dead (or the repository is gone or blocked); or, with no code "
            "link, a cited project page is dead. No score",
        ),
        (
            "mismatch",
            "the cited repository appears to be about another work: its BibTeX title or arXiv id "
            "names another work, its description names that work too, and nothing it says names "
            "the paper (its name, title, acronym or arXiv id). No score. With the README alone "
            "naming another work, or the README an upstream or base project's kept, the README "
            "credits no criterion (the documentation, and weights or data only it gives); the "
            "code still counts",
        ),
        (
            "placeholder",
            "the repository is empty, holds no code, or is a fork without commits of its own, "
            "from day one (the paper date only says whether the promise is overdue: more than "
            "the grace period, 90 days, after it). No score",
        ),
        (
            "no-code",
            "no code link found, directly or via a project page; or the code link is a reading "
            "list (a survey's list of papers: a publication, not a promise of code). No score",
        ),
        (
            "unknown",
            "a gate could not be decided: the code link was not checked (rate limit, network, "
            "refusal) and there are no facts; the facts of a repository or record only an API "
            "gives (GitHub, Bitbucket, Codeberg, Gitee, Software Heritage, Zenodo) are missing; an "
            "archive record that may be code (Zenodo, OSF, a DOI) was not read; a "
            "placeholder whose README move was not followed; no code link "
            "yet but a project page could not be read; or a dead, placeholder or reading-list "
            "repository next to an unread project page. **Never** no-code, dead or placeholder "
            "while a gate is undecided.",
        ),
        (
            "listed",
            f"code released: the repository exists and is public ({repository_exists.id}) and "
            f"is no placeholder ({code_released.id}); below bronze (including hosts we gather "
            "no facts from)",
        ),
        (
            "bronze",
            f"listed + a substantive README ({substantive_readme.id}) that says how to install "
            "or use the code",
        ),
        (
            "silver",
            f"bronze + at least 3 of the {len(checklist)} checklist items "
            f"({checklist[0].id}–{checklist[-1].id}), including dependencies "
            f"({dependencies.id}) and training or evaluation code ({training_code.id} or "
            f"{evaluation_code.id}); a partial item is no pass",
        ),
        (
            "gold",
            f"silver + all {len(checklist)} checklist items + pinned environment or "
            f"container ({pinned_environment.id} or {container.id}) + a permanent home: a DOI "
            f"or release ({doi_or_release.id}). " + GOLD_MEANS,
        ),
    )


# What the reuse mark says, beside the tier: the licence's terms, never a tier's gate.
REUSE_MEANS = (
    ("open", "a permissive or copyleft licence: others may reuse and build on the code"),
    ("restricted", "a licence that limits reuse, such as non-commercial terms"),
    ("custom", "a licence of its own terms, not classified: read it"),
    ("none", "no licence: all rights reserved, whatever the code's quality"),
    ("unknown", "the licence facts are missing (a host we gather no facts from, a rate limit)"),
)
# Why licence and citation left the gates (docs/rubric.md says it with the changes of 2.0).
REUSE_NOTE = (
    f"Licence ({licence_declared.id}, {licence_open.id}) and citation ({citation.id}) stay in "
    "the score at their weights, but no longer gate a tier: neither the Papers with Code "
    "checklist nor NeurIPS's code guidelines count them as reproducibility items; they are "
    "about reuse and credit, which the reuse mark and the score show."
)


class RubricError(ConfigError):
    """A rubric configuration that cannot be used; the message is one line naming the file."""


@dataclass(frozen=True, slots=True)
class Rubric:
    """The criteria, their weights and the thresholds. The defaults are `RUBRIC_VERSION`; any
    override shows in `version` so two scorecards scored differently never look comparable."""

    criteria: Registry = CRITERIA
    # By criterion id; empty means the criteria's own weights.
    weights: Mapping[str, int] = field(default_factory=dict, hash=False)
    # A placeholder's promise is overdue this many days after the paper date.
    placeholder_grace_days: int = 90
    # Below this a README cannot be substantive (a title, a badge and one command are ~200 bytes;
    # a README with install and training steps and a results table is ~900).
    readme_min_bytes: int = 500
    # Silver needs this many of the five checklist items (D1 and D2 or D3 among them).
    silver_min_checklist: int = 3
    # No score when less than this share of the total weight could be decided: a number over
    # a handful of link checks would look like a verdict on the code.
    min_decided_share: float = 0.5

    def __post_init__(self) -> None:
        if not self.weights:
            object.__setattr__(self, "weights", self.criteria.default_weights())

    def weight(self, criterion_id: str) -> int:
        return self.weights.get(criterion_id, 0)

    @property
    def version(self) -> str:
        if self == Rubric():
            return RUBRIC_VERSION
        # A registry of other criteria shows in its weights' ids.
        settings = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "criteria"}
        settings["weights"] = dict(sorted(self.weights.items()))
        digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()
        return f"{RUBRIC_VERSION}+custom.{digest[:8]}"


# Each threshold's type and range, for reading a configuration and for docs/rubric.md.
THRESHOLDS: Mapping[str, tuple[type, float, float]] = {
    "placeholder_grace_days": (int, 0, 3650),
    "readme_min_bytes": (int, 0, 1_000_000),
    "silver_min_checklist": (int, 1, len(CRITERIA.checklist)),
    "min_decided_share": (float, 0.0, 1.0),
}
# Every name of the rubric table, for "did you mean" (a top-level `[weights]` finds
# `rubric.weights`).
KNOWN_NAMES.extend(["rubric.weights", *(f"rubric.{name}" for name in THRESHOLDS)])


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
        elif key in THRESHOLDS:
            overrides[key] = _threshold(key, value, where)
        else:
            known = ["weights", *THRESHOLDS]
            raise RubricError(f"{where}: unknown rubric setting {key!r}{suggestion(key, known)}")
    return Rubric(**overrides)


def _weights_from(value: Any, where: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise RubricError(f"{where}: `rubric.weights` must be a table of criterion = weight")
    weights = CRITERIA.default_weights()
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
    kind, low, high = THRESHOLDS[key]
    is_number = isinstance(value, int | float) and not isinstance(value, bool)
    if kind is int and not (isinstance(value, int) and not isinstance(value, bool)):
        raise RubricError(f"{where}: rubric.{key} must be an integer")
    if not is_number or not math.isfinite(value) or not low <= value <= high:
        raise RubricError(f"{where}: rubric.{key} must be a number from {low:g} to {high:g}")
    return kind(value)  # type: ignore[no-any-return]
