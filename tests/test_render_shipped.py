"""The report templates compiled ahead of time: the shipped modules are those the templates
compile to now, they are what a render uses, and an edited template is never shown stale."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from auditor.render import compile_templates
from auditor.render.shipped import ShippedLoader
from auditor.render.views import environment, templates_dir


def test_shipped_modules_are_the_templates_compiled_now() -> None:
    modules = compile_templates.compiled_modules(environment())
    shipped = {
        path.name: path.read_text("utf-8")
        for path in compile_templates.FOLDER.glob("*.py")
        if path.name != "__init__.py"
    }
    assert set(modules) == set(shipped), "run `python -m auditor.render.compile_templates --write`"
    for name, text in modules.items():
        assert shipped[name] == text, f"{name} is stale: run the --write command"
    assert compile_templates.main([]) == 0


def test_a_render_takes_the_shipped_module_without_compiling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = environment.__wrapped__()

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled at run time")

    monkeypatch.setattr(env, "compile", refuse)
    for name in ("report.html.j2", "summary.md.j2", "partials/overdue.md.j2"):
        assert env.get_template(name).name == name


def test_an_edited_template_is_compiled_from_its_text(tmp_path: Path) -> None:
    (tmp_path / "summary.md.j2").write_text("edited {{ 1 + 1 }}\n", "utf-8")
    env = environment.__wrapped__()
    env.loader = ShippedLoader(tmp_path)
    assert env.get_template("summary.md.j2").render() == "edited 2\n"
    # The same name from the real folder is the shipped one, rendering what it always did.
    env.loader = ShippedLoader(templates_dir())
    source = jinja2.FileSystemLoader(templates_dir()).get_source(env, "reuse.html.j2")[0]
    assert env.get_template("reuse.html.j2").render() == env.from_string(source).render()


def test_a_module_from_another_jinja2_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    env = environment.__wrapped__()
    compiled: list[str] = []
    real_compile = env.compile

    def counting(source: str, name: str | None = None, *args: object, **kwargs: object) -> object:
        compiled.append(str(name))
        return real_compile(source, name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(env, "compile", counting)
    monkeypatch.setattr(jinja2, "__version__", "0.0.0")
    assert env.get_template("reuse.html.j2").name == "reuse.html.j2"
    assert compiled == ["reuse.html.j2"]
