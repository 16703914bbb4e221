"""The package's shape, held by its syntax trees: stages import only downwards (the contracts
docs/architecture.md draws), few modules stay loose at the top, and docs/guarantees.md names only
tests that exist."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.support.syntax import parsed, walked

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "auditor"

# Top to bottom: a unit may import the units of the layers below its own, never above, and not
# the other units of its own layer. Keep equal to the table in docs/architecture.md.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"__main__"}),
    frozenset({"cli"}),
    frozenset({"actions"}),
    frozenset({"render", "pipeline"}),
    frozenset({"history"}),
    frozenset({"scorecard"}),
    frozenset({"rubric"}),
    frozenset({"enrich"}),
    frozenset({"check", "hosts", "extract"}),
    frozenset({"readme"}),
    frozenset({"inputs"}),
    frozenset({"facts", "net"}),
    frozenset({"links"}),
    frozenset({"config"}),
    frozenset({"containment", "codec"}),
    frozenset({"models", "timestamps", "deadline", "redact", "__init__"}),
)
LAYER_OF = {unit: depth for depth, units in enumerate(LAYERS) for unit in units}
# Narrower rules inside an allowed direction, by importing module: the reports read the
# scorecard and the registry's wording, never the history or the scoring engine; what an HTTP
# answer means is pure.
_SCORING = ("auditor.rubric.score", "auditor.rubric.rules_access", "auditor.rubric.rules_content")
FORBIDDEN = {
    "auditor.render": ("auditor.history", *_SCORING),
    "auditor.scorecard": _SCORING,
    "auditor.check.answers": ("auditor.net.fetch", "auditor.net.fetcher", "auditor.net.client"),
}
# The one import against the layers, and why: settings compare host names as links do (a forge
# table's keys, a proxy bypass, whether a host is on a bypassed domain), loaded when such a
# setting is read, never at start-up.
EXCEPTIONS = frozenset(
    {
        ("auditor.config.settings", "auditor.links.origins.host_key"),
        ("auditor.config.settings", "auditor.links.origins.on_domain"),
    }
)
LOOSE_AT_MOST = 6


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _unit(path: Path) -> str:
    relative = path.relative_to(PACKAGE)
    return relative.parts[0].removesuffix(".py")


def _imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in walked(parsed(path)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "auditor":
                found += [(node.lineno, f"auditor.{alias.name}") for alias in node.names]
            elif node.module.startswith("auditor."):
                found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("auditor")]
    return found


def _target_unit(dotted: str) -> str:
    parts = dotted.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def test_every_unit_of_the_package_has_a_layer() -> None:
    units = {_unit(path) for path in PACKAGE.rglob("*.py")}
    assert units - LAYER_OF.keys() == set()


def test_imports_run_only_downwards() -> None:
    leaks = []
    for path in sorted(PACKAGE.rglob("*.py")):
        unit, module = _unit(path), _module(path)
        forbidden = [t for prefix, ts in FORBIDDEN.items() if module.startswith(prefix) for t in ts]
        for line, dotted in _imports(path):
            target = _target_unit(dotted)
            if target == "__version__":
                target = "__init__"
            if any(dotted.startswith(f) for f in forbidden):
                leaks.append(f"{path.relative_to(ROOT)}:{line} {unit} → {dotted} (forbidden)")
            elif (module, dotted) in EXCEPTIONS:
                continue
            elif target != unit and target in LAYER_OF and LAYER_OF[target] <= LAYER_OF[unit]:
                leaks.append(f"{path.relative_to(ROOT)}:{line} {unit} → {dotted}")
    assert leaks == []


# The HTTP library and its URL and header types: only `auditor.net` knows which one sends the
# requests (its own errors, `Response`, `Headers` and `URL` are what the callers see).
HTTP_LIBRARIES = ("aiohttp", "aiohappyeyeballs", "yarl", "multidict", "httpx", "httpcore")


def _library_imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in walked(parsed(path)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return [(line, name) for line, name in found if name.split(".")[0] in HTTP_LIBRARIES]


def test_only_net_imports_the_http_library() -> None:
    leaks = [
        f"{path.relative_to(ROOT)}:{line} → {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if _unit(path) != "net"
        for line, name in _library_imports(path)
    ]
    assert leaks == []
    assert _library_imports(PACKAGE / "net" / "transport.py"), "the check looks where it should"


def test_few_modules_stay_loose_at_the_top() -> None:
    loose = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__", "__main__"}
    assert len(loose) <= LOOSE_AT_MOST, sorted(loose)


def test_the_architecture_document_draws_these_layers() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text()
    for depth, units in enumerate(LAYERS):
        row = re.search(rf"^\| {depth} \| (.+?) \|", text, re.M)
        assert row, f"layer {depth} missing from docs/architecture.md"
        assert set(re.findall(r"`([\w_]+)`", row.group(1))) == units


def _named_tests(text: str) -> list[tuple[str, str]]:
    named = []
    current = None
    for token in re.finditer(r"(tests/[\w/]+\.py)|::(test_\w+)", text):
        if token.group(1):
            current = token.group(1)
        elif current:
            named.append((current, token.group(2)))
    return named


def test_every_test_the_guarantees_name_exists() -> None:
    named = _named_tests((ROOT / "docs" / "guarantees.md").read_text())
    assert len(named) > 50
    functions: dict[str, set[str]] = {}
    for file in {file for file, _ in named}:
        path = ROOT / file
        tree = ast.parse(path.read_text()) if path.is_file() else ast.Module([], [])
        functions[file] = {
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        }
    assert [f"{file}::{name}" for file, name in named if name not in functions[file]] == []


@pytest.mark.parametrize("name", ["issue", "sources"])
def test_no_test_module_is_named_after_an_issue_or_a_module_that_is_gone(name: str) -> None:
    assert not [p.name for p in (ROOT / "tests").glob(f"test_{name}*.py")]
