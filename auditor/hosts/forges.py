"""`ForgeFacts`: the chooser of the adapters for code hosts and archives other than GitHub, itself
a `hosts.adapter.HostAdapter`: the first adapter of its registry (`adapters`) that serves a URL,
as `auditor.links` reads it, answers for it. Each gives a `HostAnswer` whose `RepoFacts` carry
`source` (`gitlab`, `huggingface`, `bitbucket`, `codeberg`, `gitee`, `forgejo`, `zenodo`,
`software-heritage`, `osf`) and `full_name` (the project path, the repository id, the record
id, the SWHID). Every API root is the one in effect (`Settings.api_roots`); a self-hosted
GitLab or Forgejo is asked only when the configuration names its host."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from auditor.config.settings import FORGE_API_PATHS, Settings
from auditor.hosts import huggingface
from auditor.hosts.adapter import NOT_SERVED, HostAdapter, HostAnswer, not_served
from auditor.hosts.answers import Stop
from auditor.hosts.api import JsonApi
from auditor.hosts.bitbucket import Bitbucket
from auditor.hosts.doi import Doi
from auditor.hosts.figshare import Figshare
from auditor.hosts.forgejo import Forgejo
from auditor.hosts.gitee import Gitee
from auditor.hosts.gitlab import GitLab
from auditor.hosts.huggingface import HuggingFace
from auditor.hosts.osf import Osf
from auditor.hosts.software_heritage import SoftwareHeritage
from auditor.hosts.zenodo import Zenodo
from auditor.links import self_hosted_forge
from auditor.models import LinkCheck, LinkKind
from auditor.net.fetcher import Fetcher

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


class SelfHosted:
    """The self-hosted GitLab and Forgejo instances the configuration names, each asked at its
    own host's API (`config.FORGE_API_PATHS`)."""

    def __init__(self, api: JsonApi, forges: Mapping[str, str]) -> None:
        self._api = api
        self._forges = forges

    def serves(self, url: str, kind: LinkKind | None = None) -> bool:
        hosted = self_hosted_forge(url, self._forges)
        return hosted is not None and kind in {None, hosted.kind}

    async def check(self, url: str, kind: LinkKind | None = None) -> HostAnswer:
        hosted = self_hosted_forge(url, self._forges)
        if hosted is None or kind not in {None, hosted.kind}:
            return not_served(NOT_SERVED)
        site = f"https://{urlsplit(url).hostname or ''}"
        path = urlsplit(hosted.url).path.strip("/")
        if hosted.kind is LinkKind.GITLAB:
            return await GitLab(self._api, site + FORGE_API_PATHS["gitlab"], site).facts(path)
        return await Forgejo(self._api, site + FORGE_API_PATHS["forgejo"], site).facts(path)


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
        hub = huggingface_url.rstrip("/") + "/api" if huggingface_url else roots["huggingface"]
        codeberg = Forgejo(self._api, roots["codeberg"], "https://codeberg.org", "codeberg")
        # The registry, in the order URLs are tried: a self-hosted instance's host first.
        self.adapters: tuple[HostAdapter, ...] = (
            SelfHosted(self._api, roots.forges),
            GitLab(self._api, gitlab_api_url or roots["gitlab"]),
            HuggingFace(self._api, hub),
            Bitbucket(self._api, roots["bitbucket"]),
            Gitee(self._api, roots["gitee"]),
            codeberg,
            Zenodo(self._api, roots["zenodo"]),
            SoftwareHeritage(self._api, roots["swh"]),
            Osf(self._api, roots["osf"]),
        )
        self.doi = Doi(self._api, roots["doi"])
        # Asked for weights and data links only (`artifact`): no code lives there.
        self.figshare = Figshare(self._api, roots["figshare"])

    @property
    def requests_made(self) -> int:
        return self._api.requests_made

    async def resolve_doi(self, doi: str) -> str | LinkCheck | None:
        """Where a DOI points (a URL), a `dead` verdict, or None when doi.org's API could not
        say (the DOI is then checked as a web page, as before)."""
        try:
            return await self.doi.resolve(doi)
        except Stop:
            return None

    def serves(self, url: str, kind: LinkKind | None = None) -> bool:
        return any(adapter.serves(url, kind) for adapter in self.adapters)

    def serves_artifact(self, url: str, kind: LinkKind | None = None) -> bool:
        """Whether a weights or data link is asked of an API here (`artifact`): a record or
        repository `check` serves, or a figshare article."""
        return self.figshare.serves(url, kind) or self.serves(url, kind)

    async def artifact(self, url: str, kind: LinkKind | None = None) -> HostAnswer:
        """A weights or data link a README gives: a Hugging Face model or dataset from its
        metadata alone (`huggingface.artifact`), a figshare article (`hosts.figshare`), any
        other record as `check` asks it."""
        for adapter in self.adapters:
            if isinstance(adapter, HuggingFace):
                target = adapter.target(url, kind)
                if target is not None and target[0] in ("models", "datasets"):
                    return await huggingface.artifact(adapter, target)
        if self.figshare.serves(url, kind):
            return await self.figshare.check(url, kind)
        return await self.check(url, kind)

    async def check(self, url: str, kind: LinkKind | None = None) -> HostAnswer:
        """A repository, record or archived-code URL; `kind`, when given, must agree with the
        host. `unsupported` for a URL no adapter serves (then checked as a web page)."""
        for adapter in self.adapters:
            if adapter.serves(url, kind):
                return await adapter.check(url, kind)
        return not_served(NOT_SERVED)
