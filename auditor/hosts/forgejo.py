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
read is `blocked`.

A Codeberg link to `/src/branch/REF/PATH` (or `tag`, `commit`) is judged on that folder (for a
file, the folder holding it), as a GitHub one is (`hosts.github.cited`: the splits of REF and
PATH, the longest ref first, and `locate`): `GET …/contents/{path}?ref={ref}` lists it (an
object for a file; 404 for a path or a ref that is not there; the ref's root listing says
whether the ref exists), its README (or the nearest up the tree) and dependency lists raw."""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import quote, unquote, urlsplit

from auditor.facts.licenses import license_class, spdx_from_key
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
    Missing,
    Unlocated,
    locate_by,
    located_answer,
    not_located,
)
from auditor.hosts.listing import complete_from_root, no_file, with_weights_folders
from auditor.links.normalize import forgejo_cites_folder
from auditor.models import LinkKind, Release, RepoFacts


class Forgejo(FolderForge[str]):
    """Facts about repositories of one Forgejo or Gitea instance: Codeberg's links are its
    own (`target`); a self-hosted instance is asked by `facts`."""

    def __init__(self, api: JsonApi, api_root: str, site: str, source: str = "forgejo") -> None:
        self._api = api
        self._root = api_root.rstrip("/")
        self._site = site.rstrip("/")
        self._source = source

    def target(self, url: str, kind: LinkKind | None) -> str | None:
        return owned_repository(url, kind, LinkKind.CODEBERG)

    def cited(self, url: str, full_name: str) -> CitedPath | None:
        """The folder a `/src/branch/REF/PATH` link cites."""
        return forgejo_cited(url, full_name)

    async def _listing(self, full_name: str, path: str, ref: str | None) -> Entries | None:
        """A folder's listing at `ref` (None: the default branch); None when there is none
        (a 404, or a file at `path`)."""
        url = f"{self._root}/repos/{quote(full_name, safe='/')}/contents"
        url += f"/{quote(path)}" if path else ""
        url += f"?ref={quote(ref, safe='')}" if ref is not None else ""
        answer = await self._api.get(url)
        if answer.status == 404:
            return None
        expect(answer, f"{self._source} API")
        body = answer.json(f"{self._source} API")
        if not isinstance(body, list):
            return None  # a file
        return tuple(
            (name, text_field(item, "type") != "dir")
            for item in body
            if isinstance(item, dict) and (name := text_field(item, "name"))
        )

    async def folder(self, facts: RepoFacts, cited: CitedPath) -> HostAnswer:
        """The cited folder's verdict and facts, located as `cited.locate` says. A `/src/`
        link does not say whether PATH is a folder or a file: a path that is no folder is read
        as a file (`blob`), judged on the folder holding it."""
        where = await self._locate(facts.full_name, cited)
        if isinstance(where, Missing):  # no such folder: the path may name a file
            where = await self._locate(facts.full_name, replace(cited, view="blob"))
        return await self._folder_answer(facts, where)

    async def _locate(self, full_name: str, cited: CitedPath) -> Located | Missing | Unlocated:
        """Where `cited` is, from what the contents API shows (a ref exists when its root is
        listed)."""
        return await locate_by(cited, lambda folder, ref: self._listing(full_name, folder, ref))

    async def _folder_answer(
        self, facts: RepoFacts, where: Located | Missing | Unlocated
    ) -> HostAnswer:
        full_name = facts.full_name
        if not isinstance(where, Located):
            return not_located(where, facts, f"{self._site}/{full_name}")
        ref = where.ref or facts.default_branch or "HEAD"
        base = f"{self._root}/repos/{quote(full_name, safe='/')}"

        async def read(path: str) -> str | None:
            raw = await self._api.get(f"{base}/raw/{quote(path)}?ref={quote(ref, safe='')}")
            return raw.text if raw.status == 200 else None

        tree_url = f"{self._site}/{full_name}/src/branch/{ref}"
        return await located_answer(facts, where, read, tree_url)

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

        facts = await complete_from_root(facts, entries, read)
        folders = [name for name, is_file in entries if not is_file]

        async def folder_listing(folder: str) -> Entries | None:
            return await self._listing(facts.full_name, folder, branch)

        return await with_weights_folders(facts, folders, folder_listing)


def forgejo_cited(url: str, full_name: str) -> CitedPath | None:
    """The folder (or file) of `full_name` a Codeberg `/src/branch/REF/PATH` link cites; None
    for the repository itself. Read as a folder (`tree`) until the host says it is a file."""
    segments = [unquote(s) for s in urlsplit(url).path.split("/") if s][2:]
    if not forgejo_cites_folder("/" + "/".join(segments)):
        return None
    if any(segment in (".", "..") for segment in segments):
        return None
    return CitedPath(full_name, "tree", tuple(segments[2:]))
