"""Every GraphQL document the GitHub adapter can send validates against GitHub's published schema.

The schema comes from `$GITHUB_GRAPHQL_SCHEMA` (the project's CI downloads the copy GitHub's docs
serve), else from `shared/github/schema.graphql` beside the clone; without either the tests skip,
saying why.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from graphql import DocumentNode, GraphQLSchema, build_ast_schema, parse, validate
from graphql.language import InputObjectTypeDefinitionNode, ObjectTypeDefinitionNode

from auditor.hosts.github import GRAPHQL_BATCH, build_batch_query, build_readme_query
from auditor.hosts.github.cited import MAX_REF_SEGMENTS
from auditor.hosts.github.graphql import build_objects_query
from auditor.hosts.github.releases import build_releases_query
from auditor.hosts.github.tracker import build_answers_query
from auditor.links import GitHubRelease

SHARED_SCHEMA = Path(__file__).resolve().parents[2] / "shared" / "github" / "schema.graphql"


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


@pytest.fixture(scope="module")
def schema() -> GraphQLSchema:
    path = schema_path()
    if path is None:
        pytest.skip(f"GitHub's schema is neither at $GITHUB_GRAPHQL_SCHEMA nor at {SHARED_SCHEMA}")
    return build_ast_schema(without_repeated_fields(parse(path.read_text(encoding="utf-8"))))


# Batches of 1, a split half, and the largest the module sends.
SIZES = sorted({1, 2, GRAPHQL_BATCH // 2, GRAPHQL_BATCH})


@pytest.mark.parametrize("size", SIZES)
def test_batch_query_is_valid(schema: GraphQLSchema, size: int) -> None:
    assert validate(schema, parse(build_batch_query(size))) == []


@pytest.mark.parametrize("size", SIZES)
def test_readme_query_is_valid(schema: GraphQLSchema, size: int) -> None:
    assert validate(schema, parse(build_readme_query(size))) == []


# Cited folders: one object, every split of the longest ref located (3 objects each), and a
# whole batch of them.
@pytest.mark.parametrize(
    "counts", [[1], [3 * MAX_REF_SEGMENTS], [1, 3 * MAX_REF_SEGMENTS, 2] * (GRAPHQL_BATCH // 3)]
)
def test_objects_query_is_valid(schema: GraphQLSchema, counts: list[int]) -> None:
    assert validate(schema, parse(build_objects_query(counts))) == []


# The tracker's follow-up: one open report, a repository's latest 20, a batch of them.
@pytest.mark.parametrize("counts", [[1], [20], [20, 1, 5] * (GRAPHQL_BATCH // 3)])
def test_answers_query_is_valid(schema: GraphQLSchema, counts: list[int]) -> None:
    assert validate(schema, parse(build_answers_query(counts))) == []


def test_releases_query_is_valid(schema: GraphQLSchema) -> None:
    links = [
        GitHubRelease("acme", "net", "v1.0", "net.pt"),
        GitHubRelease("acme", "net", None, "net.pt", latest=True),
        GitHubRelease("acme", "net", "v2"),
        GitHubRelease("acme", "net", None, latest=True),
        GitHubRelease("acme", "net", None),
    ]
    assert validate(schema, parse(build_releases_query(links))) == []


def test_a_misspelt_field_would_be_caught(schema: GraphQLSchema) -> None:
    broken = build_batch_query(1).replace("stargazerCount", "stargazers_count")
    assert validate(schema, parse(broken)) != []


def test_a_field_served_twice_is_read_once() -> None:
    served = parse("type Query { a: Int a: Int }")
    assert list(build_ast_schema(without_repeated_fields(served)).query_type.fields) == ["a"]  # type: ignore[union-attr]
