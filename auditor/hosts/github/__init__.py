"""GitHub facts, read through GitHub's APIs (never github.com's HTML pages).

`GitHubFacts(fetcher, settings, api_cache=...)`, then `await facts.repos([...])` and
`await facts.other(url)`, or one link through the adapter interface (`await facts.check(url)`,
`auditor.hosts.adapter`). Two backends give identical `RepoFacts` (all fields but `source`):
GraphQL batches with a token (`graphql`), REST without (`rest`); both talk through `transport`
(serial requests, the token only for its API origin, rate limits, retries) and derive the same
facts from the same raw pieces (`auditor.hosts.listing`, as every host does). `endpoints` says
which API answers for a host, `answers` reads the shapes GitHub documents, `verdicts` gives
GitHub's words to the verdicts of `auditor.hosts.answers`, `kept` keeps GraphQL facts between
runs, `cited` judges the folder a `/tree/REF/PATH` or `/blob/REF/PATH` link cites.
"""

from auditor.hosts.github.cited import repository_key
from auditor.hosts.github.endpoints import ApiEndpoint, api_for_host
from auditor.hosts.github.facts import REST_REQUESTS_PER_REPO, GitHubFacts
from auditor.hosts.github.graphql import GRAPHQL_BATCH, build_batch_query, build_readme_query
from auditor.hosts.github.transport import ApiCache

__all__ = [
    "GRAPHQL_BATCH",
    "REST_REQUESTS_PER_REPO",
    "ApiCache",
    "ApiEndpoint",
    "GitHubFacts",
    "api_for_host",
    "build_batch_query",
    "build_readme_query",
    "repository_key",
]
