"""Every GraphQL document the GitHub adapter can send validates against GitHub's published schema.

The schema comes from `$GITHUB_GRAPHQL_SCHEMA` (the project's CI downloads the copy GitHub's docs
serve), else from `shared/github/schema.graphql` beside the clone; without either the tests skip,
saying why.
"""

from __future__ import annotations

import pytest
from graphql import (
    GraphQLSchema,
    build_ast_schema,
    build_client_schema,
    introspection_from_schema,
    parse,
    print_schema,
    validate,
)

from auditor.hosts.github import GRAPHQL_BATCH, build_batch_query, build_readme_query
from auditor.hosts.github.cited import MAX_REF_SEGMENTS
from auditor.hosts.github.graphql import build_objects_query
from auditor.hosts.github.releases import build_releases_query
from auditor.hosts.github.tracker import build_answers_query
from auditor.links import GitHubRelease
from tests.support.github_schema import (
    SHARED_SCHEMA,
    github_schema,
    schema_path,
    without_repeated_fields,
)


@pytest.fixture(scope="module")
def schema() -> GraphQLSchema:
    path = schema_path()
    if path is None:
        pytest.skip(f"GitHub's schema is neither at $GITHUB_GRAPHQL_SCHEMA nor at {SHARED_SCHEMA}")
    return github_schema(path)


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


# Each kind of definition a schema holds, for the round trip of the run's cache.
EVERY_KIND = """
directive @preview(toggledBy: String!) repeatable on FIELD_DEFINITION
scalar URI
enum State { OPEN CLOSED @deprecated(reason: "use OPEN") }
interface Node { id: ID! }
type Repository implements Node {
  id: ID!
  url: URI
  issues(first: Int = 10, states: [State!]): [Issue] @preview(toggledBy: "x")
}
type Issue implements Node { id: ID! title: String }
union Item = Repository | Issue
input Filter { states: [State!] = [OPEN] }
type Query { repository(owner: String!, name: String!): Repository node(id: ID!): Node
  search(filter: Filter): [Item!]! }
"""


def test_the_schema_rebuilt_from_the_runs_cache_is_the_schema_built() -> None:
    """What the run's cache holds (the built schema's introspection) rebuilds the same schema:
    the documents above are validated against GitHub's schema, not an approximation of it."""
    built = build_ast_schema(parse(EVERY_KIND))
    rebuilt = build_client_schema(introspection_from_schema(built))
    assert print_schema(rebuilt) == print_schema(built)
