"""Gitee repositories through Gitee's Open API v5 (`GITEE_API_URL`), as its API documentation
(`/api/v5/swagger`) describes the answers:

* `GET /repos/{owner}/{repo}` (`Project`): existence, `full_name`, `fork` and `parent`,
  `license` (an SPDX-like name), stars, forks, open issues, the default branch, `created_at`,
  `pushed_at`, `description`, `homepage`;
* `GET /repos/{owner}/{repo}/git/trees/{branch}` (`Tree`): the root listing (`blob`, `tree`);
* `GET /repos/{owner}/{repo}/raw/{path}?ref={branch}`: a file, raw;
* `GET /repos/{owner}/{repo}/releases/latest` (`Release`): the newest release.

A missing or private repository answers 404: `dead`; a private one the token can read is
`blocked`.

A link to `/tree/REF/PATH` or `/blob/REF/PATH` is judged on that folder (for `blob/`, the
folder holding the file, and the file's existence), as a GitHub one is (`hosts.github.cited`:
the splits of REF and PATH, `locate_by`): `GET …/contents/{path}?ref={ref}` lists a folder (a
list of `Content`: name, path, type `file`|`dir`, download_url; one object for a file); a path
or a ref that is not there answers 404 or an empty list (git holds no empty folder); a ref
exists when its root is listed. The folder's README (or the nearest up the tree) and
dependency lists are read raw."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal
from urllib.parse import quote, unquote, urlsplit

from auditor.facts.licenses import license_class, spdx_from_key
from auditor.hosts.adapter import HostAnswer, Reason, owned_repository
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
from auditor.hosts.github.cited import (
    CitedPath,
    Entries,
    FolderForge,
    Located,
    locate_by,
    located_answer,
    not_located,
)
from auditor.hosts.listing import complete_from_root, no_file, with_weights_folders
from auditor.links.normalize import tree_or_blob_cites_folder
from auditor.models import LinkKind, Release, RepoFacts

SITE = "https://gitee.com"


class Gitee(FolderForge[str]):
    """Facts about gitee.com repositories."""

    def __init__(self, api: JsonApi, api_root: str) -> None:
        self._api = api
        self._root = api_root.rstrip("/")

    def target(self, url: str, kind: LinkKind | None) -> str | None:
        return owned_repository(url, kind, LinkKind.GITEE)

    def cited(self, url: str, full_name: str) -> CitedPath | None:
        """The folder a `/tree/REF/PATH` or `/blob/REF/PATH` link cites."""
        return gitee_cited(url, full_name)

    async def _listing(self, full_name: str, folder: str, ref: str | None) -> Entries | None:
        """A folder's listing at `ref` (None: the default branch); None when there is none
        (a 404, an empty list, or a file at `folder`)."""
        url = f"{self._root}/repos/{quote(full_name, safe='/')}/contents"
        url += f"/{quote(folder)}" if folder else ""
        url += f"?ref={quote(ref, safe='')}" if ref is not None else ""
        answer = await self._api.get(url)
        if answer.status == 404:
            return None
        expect(answer, "Gitee API")
        body = answer.json("Gitee API")
        if not isinstance(body, list):
            return None  # a file
        entries = tuple(
            (name, text_field(item, "type") != "dir")
            for item in body
            if isinstance(item, dict) and (name := text_field(item, "name"))
        )
        return entries or None

    async def folder(self, facts: RepoFacts, cited: CitedPath) -> HostAnswer:
        """The cited folder's verdict and facts, located as `cited.locate` says."""
        full_name = facts.full_name

        async def listing(folder: str, ref: str | None) -> Entries | None:
            return await self._listing(full_name, folder, ref)

        where = await locate_by(cited, listing)
        if not isinstance(where, Located):
            return not_located(where, facts, f"{SITE}/{full_name}")
        ref = where.ref or facts.default_branch or "HEAD"
        base = f"{self._root}/repos/{quote(full_name, safe='/')}"

        async def read(path: str) -> str | None:
            raw = await self._api.get(f"{base}/raw/{quote(path)}?ref={quote(ref, safe='')}")
            return raw.text if raw.status == 200 else None

        tree_url = f"{SITE}/{full_name}/{where.split.view}/{ref}"
        return await located_answer(facts, where, read, tree_url)

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
            folders = [path for path, is_file in entries if not is_file]

            async def folder_listing(folder: str) -> Entries | None:
                return await self._listing(full_name, folder, branch)

            facts = await with_weights_folders(facts, folders, folder_listing)
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


def gitee_cited(url: str, full_name: str) -> CitedPath | None:
    """The folder (or file) of `full_name` a `/tree/REF/PATH` or `/blob/REF/PATH` link cites;
    None for the repository itself."""
    segments = [unquote(s) for s in urlsplit(url).path.split("/") if s][2:]
    if not tree_or_blob_cites_folder("/" + "/".join(segments)):
        return None
    if any(segment in (".", "..") for segment in segments):
        return None
    view: Literal["tree", "blob"] = "tree" if segments[0] == "tree" else "blob"
    return CitedPath(full_name, view, tuple(segments[1:]))
