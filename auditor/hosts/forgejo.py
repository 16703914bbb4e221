"""Forgejo and Gitea repositories (Codeberg, and self-hosted instances the configuration names)
through their REST API v1 (`CODEBERG_API_URL`, or `https://{host}/api/v1`), as its Swagger
documentation (`/api/swagger`) describes the answers:

* `GET /repos/{owner}/{repo}` (`Repository`): existence, `empty`, `fork` and `parent`,
  `archived`, `licenses` (SPDX ids; Forgejo 7+, Gitea 1.22+), stars, forks, open issues, the
  default branch, `created_at`, `updated_at` (reported as `pushed_at`), `release_counter`;
* `GET /repos/{owner}/{repo}/contents` (a list of `ContentsResponse`): the root listing;
* `GET /repos/{owner}/{repo}/raw/{filepath}?ref={branch}`: the README and manifests, raw;
* `GET /repos/{owner}/{repo}/releases/latest` (`Release`), asked only when `release_counter`
  says there is one.

A missing or private repository answers 404: `dead`; a private or internal one the token can
read is `blocked`."""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import quote

from auditor.facts.licenses import license_class, spdx_from_key
from auditor.hosts.adapter import HostAnswer, Reason, UrlAdapter, owned_repository
from auditor.hosts.answers import (
    Stop,
    absent,
    blocked,
    expect,
    found,
    gone,
    is_private,
    list_field,
    number_field,
    private,
    refusal,
    text_field,
    timestamp,
)
from auditor.hosts.api import JsonApi
from auditor.hosts.listing import complete_from_root, no_file
from auditor.models import LinkKind, Release, RepoFacts


class Forgejo(UrlAdapter[str]):
    """Facts about repositories of one Forgejo or Gitea instance: Codeberg's links are its
    own (`target`); a self-hosted instance is asked by `facts`."""

    def __init__(self, api: JsonApi, api_root: str, site: str, source: str = "forgejo") -> None:
        self._api = api
        self._root = api_root.rstrip("/")
        self._site = site.rstrip("/")
        self._source = source

    def target(self, url: str, kind: LinkKind | None) -> str | None:
        return owned_repository(url, kind, LinkKind.CODEBERG)

    async def facts(self, full_name: str) -> HostAnswer:
        try:
            base = f"{self._root}/repos/{quote(full_name, safe='/')}"
            answer = await self._api.get(base)
            match refusal(answer):
                case Reason.GONE:
                    detail = f"{self._source}: repository not found"
                    return gone(full_name, self._source, detail)
                case Reason.BLOCKED:
                    facts = absent(full_name, self._source)
                    return blocked(answer, f"{self._source} API", facts)
            expect(answer, f"{self._source} API")
            body = answer.json_object(f"{self._source} API")
            if is_private(body):
                return private()
            licenses = [name for name in list_field(body, "licenses") if isinstance(name, str)]
            spdx = spdx_from_key(licenses[0]) if licenses else None
            parent = body.get("parent")
            branch = text_field(body, "default_branch")
            facts = RepoFacts(
                full_name=text_field(body, "full_name") or full_name,
                exists=True,
                source=self._source,
                archived=body.get("archived") is True,
                fork=body.get("fork") is True,
                parent=text_field(parent, "full_name"),
                license_spdx=spdx,
                license_class=license_class(spdx) if spdx else None,
                pushed_at=timestamp(text_field(body, "updated_at")),
                created_at=timestamp(text_field(body, "created_at")),
                stars=number_field(body, "stars_count"),
                forks=number_field(body, "forks_count"),
                open_issues=number_field(body, "open_issues_count"),
                default_branch=branch,
                description=text_field(body, "description") or None,
                homepage=text_field(body, "website") or None,
            )
            if body.get("empty") is True or not branch:
                facts = await complete_from_root(facts, [], no_file)
            else:
                facts = await self._root_facts(base, facts, branch)
            if (number_field(body, "release_counter") or 0) > 0:
                latest = await self._api.get(f"{base}/releases/latest")
                if latest.status == 200:
                    release = latest.json_object(f"{self._source} API")
                    tag = text_field(release, "tag_name")
                    when = timestamp(text_field(release, "published_at"))
                    if tag:
                        facts = replace(facts, latest_release=Release(tag, when))
            return found(facts, full_name, f"{self._site}/{facts.full_name}")
        except Stop as stop:
            return stop.answer()

    async def _root_facts(self, base: str, facts: RepoFacts, branch: str) -> RepoFacts:
        listing = await self._api.get(f"{base}/contents?ref={quote(branch, safe='')}")
        expect(listing, f"{self._source} API")
        entries = [
            (name, text_field(item, "type") != "dir")
            for item in listing.json_list(f"{self._source} API")
            if (name := text_field(item, "name"))
        ]

        async def read(path: str) -> str | None:
            raw = await self._api.get(f"{base}/raw/{quote(path)}?ref={quote(branch, safe='')}")
            return raw.text if raw.status == 200 else None

        return await complete_from_root(facts, entries, read)
