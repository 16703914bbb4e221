"""The report templates compiled ahead of time into Python modules shipped in the package
(`auditor/render/compiled`): compiling report.html.j2, summary.md.j2 and their partials cost
~0.2 s of every audit's CPU. A shipped module is used only while its template's text and
jinja2's version are those it was compiled from (their SHA-256 is in the module), so an edited
template is compiled as before, never shown stale. Nothing is written at run time: the modules
are code of the package, like any other (no cache folder, no pickle).

Regenerate after editing a template: `python -m auditor.render.compile_templates --write`."""

from __future__ import annotations

import hashlib
import importlib
import re
import sys
from collections.abc import MutableMapping
from typing import Any

import jinja2

PACKAGE = "auditor.render.compiled"


def module_name(template: str) -> str:
    """`partials/overdue.html.j2` -> `partials_overdue_html_j2`."""
    return re.sub(r"\W", "_", template)


def source_digest(source: str) -> str:
    """The template's text and the jinja2 that compiled it: another jinja2's runtime may not
    run this one's generated code, so a module is used only with the jinja2 it came from."""
    return hashlib.sha256(f"jinja2 {jinja2.__version__}\n{source}".encode()).hexdigest()


class ShippedLoader(jinja2.FileSystemLoader):
    """The templates folder, each template taken from its shipped module when that module
    was compiled from the same text."""

    def load(
        self,
        environment: jinja2.Environment,
        name: str,
        globals: MutableMapping[str, Any] | None = None,
    ) -> jinja2.Template:
        source, _, _ = self.get_source(environment, name)
        namespace = _shipped(name)
        if namespace is None or namespace.get("SOURCE_SHA256") != source_digest(source):
            return super().load(environment, name, globals)
        return environment.template_class.from_module_dict(environment, namespace, globals or {})


def _shipped(name: str) -> dict[str, Any] | None:
    dotted = f"{PACKAGE}.{module_name(name)}"
    try:
        module = importlib.import_module(dotted)
    except ImportError:
        return None
    # The template binds its environment into the module's own namespace (its functions'
    # globals): forgotten here, so that each load executes a module of its own.
    sys.modules.pop(dotted, None)
    return vars(module)
