"""Reading a scorecard back: `load_scorecard` and `from_json` validate what the schema requires
(through the one codec, `fields`) and raise `ScorecardError` with a one-line message for
anything malformed. Fields this version does not know are ignored (the schema's promise to
consumers); values of open vocabularies it does not know are kept (`models.open_member`)."""

from __future__ import annotations

import contextlib
import gc
import json
from collections.abc import Iterator
from pathlib import Path

from auditor.codec import is_int, shown
from auditor.scorecard.document import SCHEMA_VERSION, TOOL_NAME, Scorecard, ScorecardError
from auditor.scorecard.fields import object_field, read


def load_scorecard(path: Path) -> Scorecard:
    """Read and validate `scorecard.json`; a `ScorecardError` naming the file otherwise."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScorecardError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ScorecardError(f"{path}: cannot read: {error}") from None
    except json.JSONDecodeError as error:
        raise ScorecardError(f"{path}: not JSON ({error.msg}, line {error.lineno})") from None
    except RecursionError:
        raise ScorecardError(f"{path}: not a paper-auditor scorecard (nested too deeply)") from None
    try:
        return from_json(document)
    except ScorecardError as error:
        raise ScorecardError(f"{path}: {error}") from None


def from_json(obj: object) -> Scorecard:
    """The document from parsed JSON, validated against what the schema requires."""
    version = obj.get("schema_version") if isinstance(obj, dict) else None
    if not isinstance(obj, dict) or not is_int(version) or version != SCHEMA_VERSION:
        raise ScorecardError("not a paper-auditor scorecard (schema_version 1)")
    if not isinstance(obj.get("papers"), list) or not isinstance(obj.get("links"), list):
        raise ScorecardError("a scorecard needs 'papers' and 'links' lists")
    name = object_field(obj, "tool", "").get("name")
    if name != TOOL_NAME:
        raise ScorecardError(f"tool.name: expected {TOOL_NAME!r}, got {shown(name)}")
    with _collector_paused():
        return read(Scorecard, obj, "")


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Building a scorecard allocates a few containers per criterion and none is garbage: the
    cyclic collector would walk the growing document over and over (~40 % of the time)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
