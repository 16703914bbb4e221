"""GitLab projects through GitLab's REST API (`GITLAB_API_URL` for gitlab.com, `/api/v4` of a
self-hosted instance the configuration names):
`GET /projects/{url-encoded path}?license=true` gives existence, archived, emptiness, fork
parent, licence (GitLab's key mapped to SPDX), dates, stars, forks, open issues and the default
branch; `last_activity_at` is reported as `pushed_at`. When the project names a `readme_url`, one
more request reads that file raw (`/repository/files/{path}/raw`) for the README covers. No root
listing (so no `env_files`). Missing projects, and private ones to a caller without access,
answer 404: `dead`; a private or internal project the token can read is `blocked`.

A link to `/-/tree/REF/PATH` or `/-/blob/REF/PATH` is judged on that folder, as a GitHub one is
(`hosts.github.cited`: the same splits of REF and PATH, the longest ref first, and the same
`locate`): the folder listed through the repository tree API (`/repository/tree?path=&ref=`),
a ref's existence asked of `/repository/commits/{ref}`, its README (or the nearest up the tree)
and dependency lists read raw.

The root's tree (`/repository/tree`) is listed for the checkpoints committed there and in the
root folders named for weights (`listing.with_weights_folders`, each folder one more tree
request); no other fact is read from it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Literal
from urllib.parse import quote, unquote, urlsplit

from auditor.facts import repofiles
from auditor.facts.licenses import license_class, spdx_from_key
from auditor.hosts.adapter import NOT_SERVED, HostAnswer, Reason, UrlAdapter, not_served
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
from auditor.hosts.github.cited import (
    CitedPath,
    Entries,
    Missing,
    Unlocated,
    locate_by,
    located_answer,
    not_located,
)
from auditor.hosts.listing import with_weights_folders
from auditor.links import gitlab_project
from auditor.links.normalize import gitlab_cites_folder
from auditor.models import WEIGHTS_FOLDERS, LinkKind, RepoFacts
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

    async def check(self, url: str, kind: LinkKind | None = None) -> HostAnswer:
        """A project, or the folder of it a `/-/tree/` or `/-/blob/` link cites."""
        path = self.target(url, kind)
        if path is None:
            return not_served(NOT_SERVED)
        cited = gitlab_cited(url, path)
        if cited is None:
            return await self.facts(path)
        try:
            project = await self._project(path)
            if isinstance(project, HostAnswer):
                return project
            body, facts = project
            return await self._folder(body.get("id", quote(path, safe="")), facts, cited)
        except Stop as stop:
            return stop.answer()

    async def facts(self, path: str) -> HostAnswer:
        try:
            project = await self._project(path)
            if isinstance(project, HostAnswer):
                return project
            body, facts = project
            readme_url = text_field(body, "readme_url")
            branch = facts.default_branch
            marker = f"/-/blob/{branch}/"
            if readme_url and branch and marker in readme_url:
                readme_path = readme_url.split(marker, 1)[1]
                project_id = body.get("id", quote(path, safe=""))
                raw = await self._raw(project_id, readme_path, branch)
                if raw is not None:
                    size = len(raw.encode())
                    facts = await with_host_readme(facts, readme_path, size, raw)
            if not facts.empty:
                facts = await self._committed_weights(body.get("id", quote(path, safe="")), facts)
            return found(facts, path, f"{self._site}/{facts.full_name}")
        except Stop as stop:
            return stop.answer()

    async def _project(self, path: str) -> tuple[Mapping[str, object], RepoFacts] | HostAnswer:
        """The project's API object and its facts without the README, or the answer of a
        project gone, blocked or private."""
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
        return body, facts

    async def _committed_weights(self, project: object, facts: RepoFacts) -> RepoFacts:
        """`facts` with the checkpoints committed at the root and in the root folders named for
        weights (`listing.with_weights_folders`), from the root's tree: the one listing of the
        root this adapter asks (no other fact is read from it). A root the API would not list
        leaves them unknown (`WEIGHTS_FOLDERS` skipped), never absent."""
        try:
            root = await self._tree(project, "", None)
        except Stop:
            return replace(facts, skipped=(*facts.skipped, WEIGHTS_FOLDERS))
        if root is None:
            return facts
        facts = repofiles.with_committed_weights(facts, [n for n, is_file in root if is_file])
        folders = [name for name, is_file in root if not is_file]

        async def listing(folder: str) -> Entries | None:
            return await self._tree(project, folder, None)

        return await with_weights_folders(facts, folders, listing)

    async def _raw(self, project: object, path: str, ref: str | None) -> str | None:
        """A file of the project at `ref` (None: the default branch), None when absent."""
        url = f"{self._gitlab}/projects/{project}/repository/files/{quote(path, safe='')}/raw"
        if ref is not None:
            url += f"?ref={quote(ref, safe='')}"
        answer = await self._api.get(url)
        if answer.status == 404:
            return None
        expect(answer, "GitLab API")
        return answer.text

    async def _tree(self, project: object, folder: str, ref: str | None) -> Entries | None:
        """A folder's listing at `ref` (None: the default branch); None when there is no such
        folder (GitLab answers 404 "Tree Not Found", also for a missing ref)."""
        url = f"{self._gitlab}/projects/{project}/repository/tree?per_page=100"
        if folder:
            url += f"&path={quote(folder, safe='')}"
        if ref is not None:
            url += f"&ref={quote(ref, safe='')}"
        answer = await self._api.get(url)
        if answer.status == 404:
            return None
        expect(answer, "GitLab API")
        entries = []
        for entry in answer.json_list("GitLab tree"):
            if isinstance(entry, dict) and isinstance(name := entry.get("name"), str):
                entries.append((name, entry.get("type") != "tree"))
        return tuple(entries)

    async def _ref_exists(self, project: object, ref: str) -> bool:
        url = f"{self._gitlab}/projects/{project}/repository/commits/{quote(ref, safe='')}"
        answer = await self._api.get(url)
        if answer.status == 404:
            return False
        expect(answer, "GitLab API")
        return True

    async def _folder(self, project: object, facts: RepoFacts, cited: CitedPath) -> HostAnswer:
        """The cited folder's verdict and facts: located as `cited.locate` says, from what the
        tree API shows of each split (the longest ref first)."""
        where = await locate_by(
            cited,
            lambda folder, ref: self._tree(project, folder, ref),
            lambda ref: self._ref_exists(project, ref),
        )
        if isinstance(where, Unlocated):  # the project as it is now, not as it was cited
            root = (await self.facts(facts.full_name)).facts
            return not_located(where, root, f"{self._site}/{facts.full_name}")
        if isinstance(where, Missing):
            return not_located(where, facts, f"{self._site}/{facts.full_name}")
        ref = where.ref or facts.default_branch or "HEAD"
        tree_url = f"{self._site}/{facts.full_name}/-/{where.split.view}/{ref}"
        located = where

        async def read(path: str) -> str | None:
            return await self._raw(project, path, located.ref)

        return await located_answer(facts, where, read, tree_url)


def gitlab_cited(url: str, project: str) -> CitedPath | None:
    """The folder or file of `project` a `/-/tree/REF/PATH` or `/-/blob/REF/PATH` link cites;
    None for the project itself."""
    path = urlsplit(url).path
    at = path.find("/-/")
    subpath = path[at:] if at >= 0 else ""
    if not gitlab_cites_folder(subpath):
        return None
    segments = [segment for segment in subpath.split("/") if segment]
    if any(segment in (".", "..") for segment in segments):
        return None
    view: Literal["tree", "blob"] = "tree" if segments[1] == "tree" else "blob"
    return CitedPath(project, view, tuple(unquote(segment) for segment in segments[2:]))
