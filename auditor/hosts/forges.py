"""`ForgeFacts`: the adapters for code hosts and archives other than GitHub, chosen by what
`auditor.links` says a URL is. Each gives a `RepoCheck` whose `RepoFacts` carry `source`
(`gitlab`, `huggingface`, `bitbucket`, `codeberg`, `gitee`, `forgejo`, `zenodo`,
`software-heritage`, `osf`) and `full_name` (the project path, the repository id, the record
id, the SWHID). Every API root is the one in effect (`Settings.api_roots`); a self-hosted
GitLab or Forgejo is asked only when the configuration names its host."""

from __future__ import annotations

from urllib.parse import urlsplit

from auditor.config import FORGE_API_PATHS, Settings
from auditor.hosts.api import ApiStop, JsonApi
from auditor.hosts.bitbucket import Bitbucket
from auditor.hosts.doi import Doi
from auditor.hosts.forgejo import Forgejo
from auditor.hosts.gitee import Gitee
from auditor.hosts.gitlab import GitLab
from auditor.hosts.huggingface import HuggingFace
from auditor.hosts.osf import Osf
from auditor.hosts.software_heritage import SoftwareHeritage
from auditor.hosts.zenodo import Zenodo
from auditor.links import (
    gitlab_project,
    huggingface_repository,
    osf_guid,
    owner_name_repository,
    self_hosted_forge,
    software_heritage_target,
    zenodo_record,
)
from auditor.models import LinkCheck, LinkKind, Outcome, RepoCheck
from auditor.net.fetcher import Fetcher
from auditor.timestamps import now_iso

# Kinds `ForgeFacts.check` answers through an API.
FORGE_KINDS = frozenset(
    {LinkKind.GITLAB, LinkKind.HUGGINGFACE, LinkKind.BITBUCKET, LinkKind.CODEBERG}
    | {LinkKind.GITEE, LinkKind.FORGEJO, LinkKind.ZENODO, LinkKind.SOFTWARE_HERITAGE}
    | {LinkKind.OSF}
)


def api_auth(settings: Settings) -> dict[str, str]:
    """API root → `Authorization` value, for the APIs given a token."""
    roots = settings.api_roots
    return {roots[name]: f"Bearer {token}" for name, token in roots.tokens.items()}


class ForgeFacts:
    """Facts about links on code hosts and archives other than GitHub."""

    def __init__(
        self,
        fetcher: Fetcher,
        settings: Settings,
        *,
        gitlab_api_url: str | None = None,
        huggingface_url: str | None = None,
    ) -> None:
        """The roots are `settings.api_roots`; `gitlab_api_url` and `huggingface_url` (the
        Hub's site, its API under `/api`), when given, override theirs."""
        roots = settings.api_roots
        self._api = JsonApi(fetcher, settings, auth=api_auth(settings))
        self._forges = roots.forges
        self.gitlab = GitLab(self._api, gitlab_api_url or roots["gitlab"])
        hub = huggingface_url.rstrip("/") + "/api" if huggingface_url else roots["huggingface"]
        self.huggingface = HuggingFace(self._api, hub)
        self.bitbucket = Bitbucket(self._api, roots["bitbucket"])
        self.gitee = Gitee(self._api, roots["gitee"])
        self.codeberg = Forgejo(self._api, roots["codeberg"], "https://codeberg.org", "codeberg")
        self.zenodo = Zenodo(self._api, roots["zenodo"])
        self.software_heritage = SoftwareHeritage(self._api, roots["swh"])
        self.osf = Osf(self._api, roots["osf"])
        self.doi = Doi(self._api, roots["doi"])

    @property
    def requests_made(self) -> int:
        return self._api.requests_made

    async def resolve_doi(self, doi: str) -> str | LinkCheck | None:
        """Where a DOI points (a URL), a `dead` verdict, or None when doi.org's API could not
        say (the DOI is then checked as a web page, as before)."""
        try:
            return await self.doi.resolve(doi)
        except ApiStop:
            return None

    async def check(self, url: str, kind: LinkKind | None = None) -> RepoCheck:
        """A repository, record or archived-code URL; `kind`, when given, must agree with the
        host. `unsupported` for a URL no adapter serves (then checked as a web page)."""
        hosted = self_hosted_forge(url, self._forges)
        if hosted is not None and kind in {None, hosted.kind}:
            host = urlsplit(url).hostname or ""
            site = f"https://{host}"
            path = urlsplit(hosted.url).path.strip("/")
            if hosted.kind is LinkKind.GITLAB:
                return await GitLab(self._api, site + FORGE_API_PATHS["gitlab"], site).facts(path)
            forge = Forgejo(self._api, site + FORGE_API_PATHS["forgejo"], site)
            return await forge.facts(path)
        project = gitlab_project(url)
        if project is not None and kind in {None, LinkKind.GITLAB}:
            return await self.gitlab.facts(project)
        repository = huggingface_repository(url)
        if repository is not None and kind in {None, LinkKind.HUGGINGFACE}:
            return await self.huggingface.facts(*repository)
        owned = owner_name_repository(url)
        if owned is not None and kind in {None, owned[0]}:
            forge_kind, full_name = owned
            if forge_kind is LinkKind.BITBUCKET:
                return await self.bitbucket.facts(full_name)
            if forge_kind is LinkKind.GITEE:
                return await self.gitee.facts(full_name)
            return await self.codeberg.facts(full_name)
        record = zenodo_record(url)
        if record is not None and kind in {None, LinkKind.ZENODO, LinkKind.DOI}:
            return await self.zenodo.facts(record)
        archived = software_heritage_target(url)
        if archived is not None and kind in {None, LinkKind.SOFTWARE_HERITAGE}:
            return await self.software_heritage.facts(archived)
        guid = osf_guid(url)
        if guid is not None and kind in {None, LinkKind.OSF}:
            return await self.osf.facts(guid)
        return RepoCheck(
            LinkCheck(Outcome.UNSUPPORTED, "not a repository or record an API serves", now_iso()),
            None,
        )
