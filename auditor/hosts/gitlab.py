"""GitLab projects through GitLab's REST API (`GITLAB_API_URL` for gitlab.com, `/api/v4` of a
self-hosted instance the configuration names):
`GET /projects/{url-encoded path}?license=true` gives existence, archived, emptiness, fork
parent, licence (GitLab's key mapped to SPDX), dates, stars, forks, open issues and the default
branch; `last_activity_at` is reported as `pushed_at`. When the project names a `readme_url`, one
more request reads that file raw (`/repository/files/{path}/raw`) for the README covers. No root
listing (so no `env_files`). Missing projects, and private ones to a caller without access,
answer 404: `dead`; a private or internal project the token can read is `blocked`."""

from __future__ import annotations

from urllib.parse import quote

from auditor.facts.licenses import license_class, spdx_from_key
from auditor.hosts.adapter import HostAnswer, Reason, UrlAdapter
from auditor.hosts.answers import (
    Stop,
    absent,
    blocked,
    expect,
    found,
    gone,
    is_private,
    number_field,
    private,
    refusal,
    text_field,
    timestamp,
)
from auditor.hosts.api import JsonApi
from auditor.links import gitlab_project
from auditor.models import LinkKind, RepoFacts
from auditor.readme.analysis import with_host_readme

GITLAB_API = "https://gitlab.com/api/v4"


class GitLab(UrlAdapter[str]):
    """Facts about gitlab.com projects (or, asked by `facts`, a self-hosted instance's)."""

    def __init__(
        self, api: JsonApi, api_root: str = GITLAB_API, site: str = "https://gitlab.com"
    ) -> None:
        self._api = api
        self._gitlab = api_root.rstrip("/")
        self._site = site.rstrip("/")

    def target(self, url: str, kind: LinkKind | None) -> str | None:
        return gitlab_project(url) if kind in {None, LinkKind.GITLAB} else None

    async def facts(self, path: str) -> HostAnswer:
        try:
            url = f"{self._gitlab}/projects/{quote(path, safe='')}?license=true"
            answer = await self._api.get(url)
            match refusal(answer):
                case Reason.GONE:
                    return gone(path, "gitlab", "GitLab: project not found (missing or private)")
                case Reason.BLOCKED:
                    return blocked(answer, "GitLab API", absent(path, "gitlab"))
            expect(answer, "GitLab API")
            body = answer.json_object("GitLab API")
            if is_private(body):
                return private("project")
            full_name = text_field(body, "path_with_namespace") or path
            license_info = body.get("license")
            spdx = spdx_from_key(text_field(license_info, "key")) if license_info else None
            parent = body.get("forked_from_project")
            facts = RepoFacts(
                full_name=full_name,
                exists=True,
                source="gitlab",
                archived=body.get("archived") is True,
                empty=body.get("empty_repo") is True,
                fork=isinstance(parent, dict),
                parent=text_field(parent, "path_with_namespace"),
                license_spdx=spdx,
                license_class=license_class(spdx),
                pushed_at=timestamp(text_field(body, "last_activity_at")),
                created_at=timestamp(text_field(body, "created_at")),
                stars=number_field(body, "star_count"),
                forks=number_field(body, "forks_count"),
                open_issues=number_field(body, "open_issues_count"),
                default_branch=text_field(body, "default_branch"),
                description=text_field(body, "description") or None,
            )
            readme_url = text_field(body, "readme_url")
            branch = facts.default_branch
            marker = f"/-/blob/{branch}/"
            if readme_url and branch and marker in readme_url:
                readme_path = readme_url.split(marker, 1)[1]
                project = body.get("id", quote(path, safe=""))
                raw = await self._api.get(
                    f"{self._gitlab}/projects/{project}/repository/files/"
                    f"{quote(readme_path, safe='')}/raw?ref={quote(branch, safe='')}"
                )
                if raw.status == 200:
                    size = len(raw.text.encode())
                    facts = await with_host_readme(facts, readme_path, size, raw.text)
            return found(facts, path, f"{self._site}/{full_name}")
        except Stop as stop:
            return stop.answer()
