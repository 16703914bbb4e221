"""Bitbucket Cloud repositories through its REST API 2.0 (`BITBUCKET_API_URL`), as the
"Repositories" and "Source, browse" sections of its API reference describe the answers:

* `GET /repositories/{workspace}/{repo_slug}` (`repository`): existence, `full_name`,
  `parent` (a fork's), `mainbranch.name`, `created_on`, `updated_on` (reported as
  `pushed_at`), `description`, `website`. The API names no licence: the root's licence file
  decides C1;
* `GET /repositories/{workspace}/{repo_slug}/src/{branch}/?pagelen=100` (a page of
  `commit_file` / `commit_directory` entries): the root listing;
* `GET /repositories/{workspace}/{repo_slug}/src/{branch}/{path}`: a file, raw;
* `GET /repositories/{workspace}/{repo_slug}/refs/tags?sort=-target.date&pagelen=1`: the
  newest tag, as the release.

A missing repository answers 404, a private one 403 to a caller without access: `dead`; a
private one the token can read (`is_private`) is `blocked`.

A link to `/src/REF/PATH` is judged on that folder (for a file, the folder holding it), as a
GitHub one is (`hosts.github.cited`: the splits of REF and PATH, `locate_by`): `…/src/{ref}/
{path}/` lists it (404 for a path or a ref that is not there; a ref exists when its root is
listed), its README (or the nearest up the tree) and dependency lists raw."""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import quote, unquote, urlsplit

from auditor.hosts.adapter import (
    HostAnswer,
    Reason,
    owned_repository,
)
from auditor.hosts.answers import (
    Stop,
    absent,
    blocked,
    expect,
    found,
    gone,
    is_private,
    list_field,
    object_field,
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
    Missing,
    Unlocated,
    locate_by,
    located_answer,
    not_located,
)
from auditor.hosts.listing import complete_from_root, no_file, with_weights_folders
from auditor.links.normalize import bitbucket_cites_folder
from auditor.models import LinkKind, Release, RepoFacts

SITE = "https://bitbucket.org"


class Bitbucket(FolderForge[str]):
    """Facts about bitbucket.org repositories."""

    def __init__(self, api: JsonApi, api_root: str) -> None:
        self._api = api
        self._root = api_root.rstrip("/")

    def target(self, url: str, kind: LinkKind | None) -> str | None:
        return owned_repository(url, kind, LinkKind.BITBUCKET)

    def cited(self, url: str, full_name: str) -> CitedPath | None:
        """The folder a `/src/REF/PATH` link cites."""
        return bitbucket_cited(url, full_name)

    def _source(self, facts: RepoFacts, ref: str | None) -> str:
        base = f"{self._root}/repositories/{quote(facts.full_name, safe='/')}"
        return f"{base}/src/{quote(ref or facts.default_branch or 'HEAD', safe='')}"

    async def _listing(self, facts: RepoFacts, folder: str, ref: str | None) -> Entries | None:
        """A folder's listing at `ref` (None: the main branch); None when there is none."""
        path = f"{quote(folder)}/" if folder else ""
        answer = await self._api.get(f"{self._source(facts, ref)}/{path}?pagelen=100")
        if answer.status == 404:
            return None
        expect(answer, "Bitbucket API")
        try:
            page = answer.json_object("Bitbucket API")
        except Stop:
            return None  # a file, raw
        return tuple(
            (listed.rsplit("/", 1)[-1], text_field(item, "type") != "commit_directory")
            for item in list_field(page, "values")
            if (listed := text_field(item, "path"))
        )

    async def folder(self, facts: RepoFacts, cited: CitedPath) -> HostAnswer:
        """The cited folder's verdict and facts; a path that is no folder is read as a file."""

        async def listing(folder: str, ref: str | None) -> Entries | None:
            return await self._listing(facts, folder, ref)

        where: Located | Missing | Unlocated = await locate_by(cited, listing)
        if isinstance(where, Missing):
            where = await locate_by(replace(cited, view="blob"), listing)
        if not isinstance(where, Located):
            return not_located(where, facts, f"{SITE}/{facts.full_name}")
        source = self._source(facts, where.ref)

        async def read(path: str) -> str | None:
            raw = await self._api.get(f"{source}/{quote(path)}")
            return raw.text if raw.status == 200 else None

        ref = where.ref or facts.default_branch or "HEAD"
        tree_url = f"{SITE}/{facts.full_name}/src/{ref}"
        return await located_answer(facts, where, read, tree_url)

    async def facts(self, full_name: str) -> HostAnswer:
        try:
            base = f"{self._root}/repositories/{quote(full_name, safe='/')}"
            answer = await self._api.get(base)
            # A private repository answers 403 to a caller without access.
            reason = Reason.GONE if answer.status == 403 else refusal(answer)
            match reason:
                case Reason.GONE:
                    detail = "Bitbucket: repository not found" + (
                        " (private)" if answer.status == 403 else ""
                    )
                    return gone(full_name, "bitbucket", detail)
                case Reason.BLOCKED:
                    return blocked(answer, "Bitbucket API", absent(full_name, "bitbucket"))
            expect(answer, "Bitbucket API")
            body = answer.json_object("Bitbucket API")
            if is_private(body):
                return private()
            parent = object_field(body, "parent")
            branch = text_field(object_field(body, "mainbranch"), "name")
            facts = RepoFacts(
                full_name=text_field(body, "full_name") or full_name,
                exists=True,
                source="bitbucket",
                fork=bool(parent),
                parent=text_field(parent, "full_name"),
                pushed_at=timestamp(text_field(body, "updated_on")),
                created_at=timestamp(text_field(body, "created_on")),
                default_branch=branch,
                description=text_field(body, "description") or None,
                homepage=text_field(body, "website") or None,
            )
            if not branch:  # no commit yet: Bitbucket names no main branch
                facts = await complete_from_root(facts, [], no_file)
                return found(facts, full_name, f"{SITE}/{facts.full_name}")
            source = f"{base}/src/{quote(branch, safe='')}"
            listing = await self._api.get(f"{source}/?pagelen=100")
            expect(listing, "Bitbucket API")
            entries = [
                (path, text_field(item, "type") != "commit_directory")
                for item in list_field(listing.json_object("Bitbucket API"), "values")
                if (path := text_field(item, "path"))
            ]

            async def read(path: str) -> str | None:
                raw = await self._api.get(f"{source}/{quote(path)}")
                return raw.text if raw.status == 200 else None

            facts = await complete_from_root(facts, entries, read)
            folders = [path for path, is_file in entries if not is_file]

            async def folder_listing(folder: str) -> Entries | None:
                return await self._listing(facts, folder, None)

            facts = await with_weights_folders(facts, folders, folder_listing)
            tags = await self._api.get(f"{base}/refs/tags?sort=-target.date&pagelen=1")
            if tags.status == 200:
                newest = list_field(tags.json_object("Bitbucket API"), "values")[:1]
                for tag in newest:
                    name = text_field(tag, "name")
                    when = timestamp(text_field(object_field(tag, "target"), "date"))
                    if name:
                        facts = replace(facts, latest_release=Release(name, when))
            return found(facts, full_name, f"{SITE}/{facts.full_name}")
        except Stop as stop:
            return stop.answer()


def bitbucket_cited(url: str, full_name: str) -> CitedPath | None:
    """The folder (or file) of `full_name` a `/src/REF/PATH` link cites; None for the
    repository itself. Read as a folder (`tree`) until the host says it is a file."""
    segments = [unquote(s) for s in urlsplit(url).path.split("/") if s][2:]
    if not bitbucket_cites_folder("/" + "/".join(segments)):
        return None
    if any(segment in (".", "..") for segment in segments):
        return None
    return CitedPath(full_name, "tree", tuple(segments[1:]))
