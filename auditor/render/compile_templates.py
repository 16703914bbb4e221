"""Writes the report templates compiled ahead of time (`auditor.render.shipped`) into
`auditor/render/compiled`: `python -m auditor.render.compile_templates --write` after editing
a template; without `--write` it lists the stale modules and exits 1."""

from __future__ import annotations

import argparse
from pathlib import Path

import jinja2

from auditor.render.shipped import module_name, source_digest
from auditor.render.views import environment as report_environment

FOLDER = Path(__file__).parent / "compiled"


def compiled_modules(environment: jinja2.Environment) -> dict[str, str]:
    """Each template's module text (file name -> text) as `environment` compiles it now."""
    assert environment.loader is not None
    modules = {}
    for name in environment.list_templates():
        source, filename, _ = environment.loader.get_source(environment, name)
        # Deferred: the module binds its environment when a template is made of it, not at import.
        code = environment.compile(source, name, filename, raw=True, defer_init=True)
        # At the end, so the code's lines stay those its `debug_info` maps to the template's.
        trailer = (
            f"\n# Generated from templates/{name} by"
            " `python -m auditor.render.compile_templates --write`; do not edit.\n"
            f'SOURCE_SHA256 = "{source_digest(source)}"\n'
        )
        modules[f"{module_name(name)}.py"] = code.rstrip("\n") + "\n" + trailer
    return modules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="the report templates compiled ahead of time")
    parser.add_argument("--write", action="store_true", help="rewrite auditor/render/compiled")
    args = parser.parse_args(argv)
    modules = compiled_modules(report_environment())
    stale = sorted(
        name
        for name, text in modules.items()
        if not (FOLDER / name).is_file() or (FOLDER / name).read_text("utf-8") != text
    )
    kept = {*modules, "__init__.py"}
    extra = sorted(path.name for path in FOLDER.glob("*.py") if path.name not in kept)
    if not args.write:
        for name in stale + extra:
            print(f"stale: {FOLDER / name}")
        return 1 if stale or extra else 0
    for name in extra:
        (FOLDER / name).unlink()
    for name in stale:
        (FOLDER / name).write_text(modules[name], "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
