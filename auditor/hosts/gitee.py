"""Gitee repositories through Gitee's Open API v5 (`GITEE_API_URL`), as its API documentation
(`/api/v5/swagger`) describes the answers:

* `GET /repos/{owner}/{repo}` (`Project`): existence, `full_name`, `fork` and `parent`,
  `license` (an SPDX-like name), stars, forks, open issues, the default branch, `created_at`,
  `pushed_at`, `description`, `homepage`;
* `GET /repos/{owner}/{repo}/git/trees/{branch}` (`Tree`): the root listing (`blob`, `tree`);
* `GET /repos/{owner}/{repo}/raw/{path}?ref={branch}`: a file, raw;
* `GET /repos/{owner}/{repo}/releases/latest` (`Release`): the newest release.

A missing or private repository answers 404: `dead`; a private one the token can read is
`blocked`."""

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

SITE = "https://gitee.com"


class Gitee(UrlAdapter[str]):
    """Facts about gitee.com repositories."""

    def __init__(self, api: JsonApi, api_root: str) -> None:
        self._api = api
        self._root = api_root.rstrip("/")

    def target(self, url: str, kind: LinkKind | None) -> str | None:
        return owned_repository(url, kind, LinkKind.GITEE)

    async def facts(self, full_name: str) -> HostAnswer:
        try:
            base = f"{self._root}/repos/{quote(full_name, safe='/')}"
            answer = await self._api.get(base)
            match refusal(answer):
                case Reason.GONE:
                    return gone(full_name, "gitee", "Gitee: repository not found")
                case Reason.BLOCKED:
                    return blocked(answer, "Gitee API", absent(full_name, "gitee"))
            expect(answer, "Gitee API")
            body = answer.json_object("Gitee API")
            if is_private(body):
                return private()
            spdx = spdx_from_key(text_field(body, "license"))
            parent = body.get("parent")
            branch = text_field(body, "default_branch")
            facts = RepoFacts(
                full_name=text_field(body, "full_name") or full_name,
                exists=True,
                source="gitee",
                fork=body.get("fork") is True,
                parent=text_field(parent, "full_name"),
                license_spdx=spdx,
                license_class=license_class(spdx),
                pushed_at=timestamp(text_field(body, "pushed_at")),
                created_at=timestamp(text_field(body, "created_at")),
                stars=number_field(body, "stargazers_count"),
                forks=number_field(body, "forks_count"),
                open_issues=number_field(body, "open_issues_count"),
                default_branch=branch,
                description=text_field(body, "description") or None,
                homepage=text_field(body, "homepage") or None,
            )
            if not branch:
                facts = await complete_from_root(facts, [], no_file)
                return found(facts, full_name, f"{SITE}/{facts.full_name}")
            ref = quote(branch, safe="")
            tree = await self._api.get(f"{base}/git/trees/{ref}")
            if tree.status == 404:  # an empty repository has no tree
                facts = await complete_from_root(facts, [], no_file)
                return found(facts, full_name, f"{SITE}/{facts.full_name}")
            expect(tree, "Gitee API")
            entries = [
                (path, text_field(item, "type") != "tree")
                for item in list_field(tree.json_object("Gitee API"), "tree")
                if (path := text_field(item, "path"))
            ]

            async def read(path: str) -> str | None:
                raw = await self._api.get(f"{base}/raw/{quote(path)}?ref={ref}")
                return raw.text if raw.status == 200 else None

            facts = await complete_from_root(facts, entries, read)
            latest = await self._api.get(f"{base}/releases/latest")
            if latest.status == 200 and latest.text.strip() not in ("", "null"):
                release = latest.json_object("Gitee API")
                tag = text_field(release, "tag_name")
                if tag:
                    when = timestamp(text_field(release, "created_at"))
                    facts = replace(facts, latest_release=Release(tag, when))
            return found(facts, full_name, f"{SITE}/{facts.full_name}")
        except Stop as stop:
            return stop.answer()
