"""Follow-ups beyond a repository's own answer, with either backend: a fork compared with its
parent (one REST request, `/repos/{parent}/compare/{branch}...{owner}:{branch}`; `fork_ahead_by`
is the number of commits of its own, None when the comparison is not answered), and a
repository GraphQL gave an error for that is not `NOT_FOUND` asked once through REST, which
documents blocks where GraphQL does not (451 for a legal takedown, 403 with `block` for a
terms-of-service block: `dead`, with the reason and the notice)."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import quote

from auditor.hosts.adapter import HostAnswer, Reason
from auditor.hosts.answers import Stop, absent, blocked, refusal
from auditor.hosts.github.answers import WHO, as_object
from auditor.hosts.github.endpoints import ApiEndpoint
from auditor.hosts.github.transport import Transport
from auditor.hosts.github.verdicts import graphql_missing
from auditor.models import RepoFacts


class FollowUps:
    """The follow-up requests of one run, and the parents' default branches they need."""

    def __init__(self, transport: Transport) -> None:
        self._transport = transport
        self._parent_branches: dict[str, str] = {}  # fork (casefolded) → its parent's branch

    def note_parent_branch(self, facts: RepoFacts, parent: object, key: str) -> None:
        """Keeps the default branch of a fork's parent (REST `default_branch`, GraphQL
        `defaultBranchRef { name }`), for the comparison."""
        branch = parent.get(key) if isinstance(parent, dict) else None
        if isinstance(branch, dict):
            branch = branch.get("name")
        if isinstance(branch, str) and facts.parent:
            self._parent_branches[facts.full_name.casefold()] = branch

    async def fork_ahead_by(self, api: ApiEndpoint, facts: RepoFacts) -> int | None:
        """Commits on the fork's default branch that its parent lacks; None when the
        comparison is not answered."""
        base = self._parent_branches.get(facts.full_name.casefold())
        if base is None or facts.parent is None or facts.default_branch is None:
            return None
        owner = facts.full_name.split("/")[0]
        path = (
            f"/repos/{facts.parent}/compare/{quote(base, safe='')}..."
            f"{quote(owner, safe='')}:{quote(facts.default_branch, safe='')}"
        )
        try:
            answer = await self._transport.get(api, path)
            if answer.status != 200:
                return None
            ahead = as_object(answer.json(WHO), "comparison").get("ahead_by")
        except Stop:
            return None
        return ahead if isinstance(ahead, int) and not isinstance(ahead, bool) else None

    async def unless_blocked(
        self, api: ApiEndpoint, full_name: str, error: Mapping[str, object] | None
    ) -> HostAnswer:
        """A repository GraphQL gave no data for: anything but NOT_FOUND is asked once more
        through REST, and a block it names makes the repository dead."""
        answer_of_graphql = graphql_missing(error, full_name)
        if error is not None and error.get("type") == "NOT_FOUND":
            return answer_of_graphql
        try:
            answer = await self._transport.get(api, f"/repos/{full_name}")
        except Stop:
            return answer_of_graphql
        if refusal(answer) is Reason.BLOCKED:
            return blocked(answer, WHO, absent(full_name, "rest"))
        return answer_of_graphql
