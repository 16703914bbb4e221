"""Every GraphQL document `auditor.github` can send validates against GitHub's published schema."""

from __future__ import annotations

from pathlib import Path

import pytest
from graphql import GraphQLSchema, build_schema, parse, validate

from auditor.github import GRAPHQL_BATCH, build_batch_query, build_readme_query

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "shared" / "github" / "schema.graphql"


@pytest.fixture(scope="module")
def schema() -> GraphQLSchema:
    if not SCHEMA_PATH.is_file():
        pytest.skip(f"GitHub's schema is not at {SCHEMA_PATH} (shared/ sits beside the clone)")
    return build_schema(SCHEMA_PATH.read_text(encoding="utf-8"))


# Batches of 1, a split half, and the largest the module sends.
SIZES = sorted({1, 2, GRAPHQL_BATCH // 2, GRAPHQL_BATCH})


@pytest.mark.parametrize("size", SIZES)
def test_batch_query_is_valid(schema: GraphQLSchema, size: int) -> None:
    assert validate(schema, parse(build_batch_query(size))) == []


@pytest.mark.parametrize("size", SIZES)
def test_readme_query_is_valid(schema: GraphQLSchema, size: int) -> None:
    assert validate(schema, parse(build_readme_query(size))) == []


def test_a_misspelt_field_would_be_caught(schema: GraphQLSchema) -> None:
    broken = build_batch_query(1).replace("stargazerCount", "stargazers_count")
    assert validate(schema, parse(broken)) != []
