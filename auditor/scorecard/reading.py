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
        document = _parsed(path)
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


def _parsed(path: Path) -> object:
    """The JSON value of the file, parsed by msgspec (in C: 2.2 s -> 1.4 s for three 48 MB
    shard scorecards). What it refuses (a lone surrogate's escape, NaN, numbers past a
    float's range, malformed JSON, text that is not UTF-8) is read and parsed by the json
    module as it always was: the same value, or the error the messages above word."""
    import msgspec  # loaded by the commands that read a scorecard, not at start-up

    try:
        return msgspec.json.decode(path.read_bytes())
    except (msgspec.DecodeError, RecursionError):
        return json.loads(path.read_text(encoding="utf-8"))


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
    with collector_paused():
        return read(Scorecard, obj, "")


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Building a scorecard allocates a few containers per criterion and none is garbage: the
    cyclic collector would walk the growing document over and over (~40 % of the time). Work
    on whole scorecards (`auditor merge`: reading, merging, the reports) runs inside it too:
    at 30,000 papers the collector's passes over the documents cost 17 s of a 67 s merge."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
