"""GitHub's published GraphQL schema, built once a run instead of once a worker and test module.

The schema comes from `$GITHUB_GRAPHQL_SCHEMA` (the project's CI downloads the copy GitHub's docs
serve), else from `shared/github/schema.graphql` beside the clone. Parsing and building its
1.4 MB of SDL takes about 2 s of CPU; the first process that needs it writes the built schema's
introspection (graphql-core's own `introspection_from_schema`) under .pytest_cache, keyed by the
SDL's hash and graphql-core's version, and every other process rebuilds the same schema from
it with `build_client_schema` in under a second. A lock makes the workers that ask at once wait
for the one building. On a checkout without that cache (a clean clone, CI) the run's first
process starts that build beside its own start-up work (`tests.support.run_start`), so no worker
spends a test's set-up on it."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any

import graphql
from graphql import (
    DocumentNode,
    GraphQLSchema,
    build_ast_schema,
    build_client_schema,
    introspection_from_schema,
    parse,
)
from graphql.language import InputObjectTypeDefinitionNode, ObjectTypeDefinitionNode

ROOT = Path(__file__).resolve().parents[2]
SHARED_SCHEMA = ROOT.parent / "shared" / "github" / "schema.graphql"
CACHE = ROOT / ".pytest_cache" / "github-schema"


def schema_path() -> Path | None:
    configured = os.environ.get("GITHUB_GRAPHQL_SCHEMA", "").strip()
    for candidate in (Path(configured) if configured else None, SHARED_SCHEMA):
        if candidate is not None and candidate.is_file():
            return candidate
    return None


def without_repeated_fields(document: DocumentNode) -> DocumentNode:
    """GitHub's served SDL has at times repeated a field of a type verbatim, which no schema
    builder accepts; the first definition of each field is kept."""
    for definition in document.definitions:
        if isinstance(definition, ObjectTypeDefinitionNode | InputObjectTypeDefinitionNode):
            seen: set[str] = set()
            kept: list[Any] = []
            for field in definition.fields or ():
                if field.name.value not in seen:
                    seen.add(field.name.value)
                    kept.append(field)
            definition.fields = tuple(kept)
    return document


def build_from_sdl(sdl: str) -> GraphQLSchema:
    """Built without checking the SDL document's own rules (1.4 s of the 3.6 s, on a run's
    first build): the schema is still checked as a type system where every query is validated
    against it (`graphql.validate` asserts a valid schema first), and a type or field the
    document lacks fails the build."""
    return build_ast_schema(without_repeated_fields(parse(sdl)), assume_valid_sdl=True)


def cached_path(path: Path, sdl: bytes | None = None) -> Path:
    """Where the run's cache keeps the schema built from the SDL at `path`."""
    sdl = path.read_bytes() if sdl is None else sdl
    key = hashlib.sha256(sdl + graphql.__version__.encode()).hexdigest()[:32]
    return CACHE / f"{key}.json"


@functools.cache
def github_schema(path: Path) -> GraphQLSchema:
    """The schema of the SDL at `path`, from the run's cache when it holds it."""
    sdl = path.read_bytes()
    cached = cached_path(path, sdl)
    try:
        CACHE.mkdir(parents=True, exist_ok=True)
        lock = cached.with_suffix(".lock").open("w")
    except OSError:  # a checkout this run may not write: built here, as before
        return build_from_sdl(sdl.decode("utf-8"))
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if cached.is_file():
            return build_client_schema(json.loads(cached.read_text(encoding="utf-8")))
        schema = build_from_sdl(sdl.decode("utf-8"))
        written = cached.with_suffix(f".{os.getpid()}.tmp")
        with contextlib.suppress(OSError):  # unwritten, the next process builds it again
            written.write_text(json.dumps(introspection_from_schema(schema)), encoding="utf-8")
            written.replace(cached)
        return schema
