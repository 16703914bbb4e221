"""`ForgeFacts`: the adapters for code hosts other than GitHub, chosen by what `auditor.links`
says a URL is. Each gives a `RepoCheck` whose `RepoFacts` carry `source` (`gitlab`,
`huggingface`) and `full_name` (the project path, the repository id)."""

from __future__ import annotations

import httpx

from auditor.config import Settings
from auditor.hosts.api import JsonApi
from auditor.hosts.gitlab import GITLAB_API, GitLab
from auditor.hosts.huggingface import HUGGINGFACE, HuggingFace
from auditor.links import gitlab_project, huggingface_repository
from auditor.models import LinkCheck, LinkKind, Outcome, RepoCheck
from auditor.timestamps import now_iso


class ForgeFacts:
    """Facts about GitLab and Hugging Face links."""

    def __init__(
        self,
        client: httpx.AsyncClient,
        settings: Settings,
        *,
        gitlab_api_url: str = GITLAB_API,
        huggingface_url: str = HUGGINGFACE,
    ) -> None:
        self._api = JsonApi(client, settings)
        self.gitlab = GitLab(self._api, gitlab_api_url)
        self.huggingface = HuggingFace(self._api, huggingface_url)

    @property
    def requests_made(self) -> int:
        return self._api.requests_made

    async def check(self, url: str, kind: LinkKind | None = None) -> RepoCheck:
        """A gitlab.com project URL or a huggingface.co model/dataset/space URL; `kind`, when
        given, must agree with the host."""
        project = gitlab_project(url)
        if project is not None and kind in {None, LinkKind.GITLAB}:
            return await self.gitlab.facts(project)
        repository = huggingface_repository(url)
        if repository is not None and kind in {None, LinkKind.HUGGINGFACE}:
            return await self.huggingface.facts(*repository)
        return RepoCheck(
            LinkCheck(Outcome.UNSUPPORTED, "not a GitLab or Hugging Face repository", now_iso()),
            None,
        )
