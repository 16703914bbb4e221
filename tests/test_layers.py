"""The allowed import directions between the package's units, read from the syntax trees of every
module (lazy imports inside functions and `TYPE_CHECKING` imports count too: a leak is a leak
whenever it runs). A unit imports only units below it, never one of its own layer or above.

`UNIT_OF` maps today's module paths to the unit each belongs to; the folder move updates it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "auditor"

# Top to bottom; the units of one layer may not import each other.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"cli"}),
    frozenset({"actions", "render", "pipeline"}),
    frozenset({"history"}),
    frozenset({"scorecard"}),
    frozenset({"rubric"}),
    frozenset({"enrich"}),
    frozenset({"check", "hosts", "extract"}),
    frozenset({"readme", "inputs"}),
    frozenset({"facts", "net"}),
    frozenset({"links", "config"}),
    frozenset({"soup"}),
    frozenset({"bottom"}),
)

# A module path (dotted, under `auditor`) or a folder prefix → its unit; the longest match wins.
UNIT_OF: dict[str, str] = {
    "__main__": "cli",
    "cli": "cli",
    "progress": "cli",
    "readme_check": "cli",
    "actions": "actions",
    "render": "render",
    "rubric_doc": "render",
    "pipeline": "pipeline",
    "harvest": "pipeline",
    "shard": "pipeline",
    "history": "history",
    "scorecard": "scorecard",
    "summary": "scorecard",
    "acknowledgements": "scorecard",
    "rubric": "rubric",
    "evidence": "rubric",
    "rules_access": "rubric",
    "rules_content": "rubric",
    "score": "rubric",
    "hosts.archives": "enrich",
    "hosts.code_search": "enrich",
    "checker": "check",
    "http_answers": "check",
    "pages": "check",
    "cache": "check",
    "hosts": "hosts",
    "extract": "extract",
    "naming": "extract",
    "readme": "readme",
    "readme_lines": "readme",
    "readme_parse": "readme",
    "readme_words": "readme",
    "inputs": "inputs",
    "repofiles": "facts",
    "licenses": "facts",
    "net": "net",
    "fetch": "net",
    "links": "links",
    "urlscan": "links",
    "config": "config",
    "configfile": "config",
    "politeness": "config",
    "soup": "soup",
    "models": "bottom",
    "timestamps": "bottom",
    "deadline": "bottom",
    "redact": "bottom",
    "containment": "bottom",
    "codec": "bottom",
}

LAYER_OF: dict[str, int] = {unit: depth for depth, units in enumerate(LAYERS) for unit in units}


def unit_of(module: str) -> str | None:
    """The unit of a dotted module name under `auditor` (`None` for the package itself)."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        unit = UNIT_OF.get(".".join(parts[:end]))
        if unit is not None:
            return unit
    return None


def module_name(path: Path, package: Path = PACKAGE) -> str:
    relative = path.relative_to(package).with_suffix("")
    parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
    return ".".join(parts)


def imported_modules(tree: ast.Module, importer: str, is_package: bool) -> set[str]:
    """The `auditor` modules a syntax tree imports, as names under `auditor`."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("auditor."):
                    found.add(alias.name.removeprefix("auditor."))
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolved against the importer's package
                base = importer.split(".") if is_package else importer.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            elif node.module == "auditor" or (node.module or "").startswith("auditor."):
                target = (node.module or "").removeprefix("auditor").removeprefix(".")
            else:
                continue
            # `from auditor import history` names a module; `from auditor.x import y` names x.
            for alias in node.names:
                named = f"{target}.{alias.name}" if target else alias.name
                found.add(named if unit_of(named) is not None and not target else target)
    found.discard("")
    return found


def leaks(package: Path = PACKAGE) -> list[str]:
    found: list[str] = []
    for path in sorted(package.rglob("*.py")):
        importer = module_name(path, package)
        importer_unit = unit_of(importer)
        if importer_unit is None:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for imported in sorted(imported_modules(tree, importer, path.name == "__init__.py")):
            imported_unit = unit_of(imported)
            if imported_unit is None or imported_unit == importer_unit:
                continue
            if LAYER_OF[imported_unit] <= LAYER_OF[importer_unit]:
                found.append(f"{importer} ({importer_unit}) imports {imported} ({imported_unit})")
    return found


def test_every_module_has_a_unit() -> None:
    unmapped = [
        module_name(path)
        for path in sorted(PACKAGE.rglob("*.py"))
        if module_name(path) and unit_of(module_name(path)) is None
    ]
    assert unmapped == []


def test_every_unit_is_on_a_layer() -> None:
    assert set(UNIT_OF.values()) <= set(LAYER_OF)


def test_units_import_only_units_below_them() -> None:
    assert leaks() == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from auditor import history", {"history"}),
        ("from auditor.history import new_dead", {"history"}),
        ("import auditor.score", {"score"}),
        ("def f():\n    from auditor.render import TIER_SYMBOLS", {"render"}),
        ("from auditor import __version__", set()),
    ],
)
def test_imports_are_read_from_the_syntax_tree(source: str, expected: set[str]) -> None:
    assert imported_modules(ast.parse(source), "summary", is_package=False) == expected


def test_a_leak_is_reported(tmp_path: Path) -> None:
    """The scan itself can fail: an upward or same-layer import is named, a downward one is not."""
    (tmp_path / "links").mkdir()
    (tmp_path / "links" / "normalize.py").write_text("from auditor.models import Link\n")
    (tmp_path / "render").mkdir()
    (tmp_path / "render" / "views.py").write_text(
        "def f():\n    from auditor import history\n    from auditor.actions import x\n"
    )
    assert leaks(tmp_path) == [
        "render.views (render) imports actions (actions)",
        "render.views (render) imports history (history)",
    ]
