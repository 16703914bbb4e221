"""The shared vocabulary of `auditor.models`: the outcome groups and the tier order, each written
once there and asked everywhere else."""

from __future__ import annotations

import ast
from pathlib import Path

import auditor
from auditor.models import (
    CODE_TIERS,
    INCONCLUSIVE,
    JUDGED,
    NOT_JUDGED,
    RESOLVED,
    TIER_RANK,
    Outcome,
    Tier,
)
from tests.support.syntax import parsed, walked

PACKAGE = Path(auditor.__file__).parent


def test_every_outcome_is_judged_or_not_judged_never_both() -> None:
    assert frozenset(Outcome) - NOT_JUDGED == JUDGED
    assert not JUDGED & NOT_JUDGED
    assert JUDGED - {Outcome.DEAD} == RESOLVED
    assert INCONCLUSIVE < NOT_JUDGED


def _outcome_sets(tree: ast.AST) -> list[int]:
    """Lines of `frozenset(...)` calls and set displays naming an `Outcome` member."""
    found = []
    for node in walked(tree):
        is_set = isinstance(node, ast.Set) or (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "frozenset"
        )
        if is_set and any(
            isinstance(inner, ast.Attribute)
            and isinstance(inner.value, ast.Name)
            and inner.value.id == "Outcome"
            for inner in ast.walk(node)
        ):
            found.append(node.lineno)
    return found


def test_no_module_but_models_writes_an_outcome_group() -> None:
    found = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != PACKAGE / "models.py"
        if (lines := _outcome_sets(parsed(path)))
    }
    assert found == {}


def test_the_tier_order_is_tiers_own() -> None:
    assert CODE_TIERS == (Tier.LISTED, Tier.BRONZE, Tier.SILVER, Tier.GOLD)
    # Rubric 2.0's order: a broken promise of code is worse than none; an undecided link may
    # yet be the real code.
    assert sorted(Tier, key=TIER_RANK.__getitem__) == [
        Tier.DEAD,
        Tier.MISMATCH,
        Tier.PLACEHOLDER,
        Tier.NO_CODE,
        Tier.UNKNOWN,
        *CODE_TIERS,
    ]
    assert list(Tier) == sorted(Tier, key=TIER_RANK.__getitem__)


def _tier_orders(tree: ast.AST) -> list[int]:
    """Lines of tuple or list displays naming both ends of the code tiers (a tier order)."""
    found = []
    for node in walked(tree):
        if isinstance(node, ast.Tuple | ast.List):
            named = {
                inner.attr
                for inner in node.elts
                if isinstance(inner, ast.Attribute)
                and isinstance(inner.value, ast.Name)
                and inner.value.id == "Tier"
            }
            if {"LISTED", "GOLD"} <= named:
                found.append(node.lineno)
    return found


def test_no_module_but_models_writes_a_tier_order() -> None:
    found = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != PACKAGE / "models.py"
        if (lines := _tier_orders(parsed(path)))
    }
    assert found == {}
