"""GitHub facts through REST, for runs without a token (60 requests an hour).

A repository is *fully judged* with two API requests: `GET /repos/{o}/{r}` (existence, licence,
fork, archived, `pushed_at` for activity) and its root listing `/contents/` (root files; a 404
saying so is an empty repository). Its README and requirements.txt come from the listing's
`download_url`s, on the raw host (raw.githubusercontent.com, or the Enterprise server's own
`/raw/`): outside the API's budget, never with the token. GitHub shows the README of `.github/`
first, then the root's, then `docs/`'s: the raw host is asked for the usual READMEs of
`.github/` (`repofiles.usual_readmes`) when the root has a `.github` folder, and for those of
`docs/` when the root has no README. Every request is conditional (stored ETags). A file the
raw host will not give (a 429 storm: it is one politeness server, slowed down like any other,
its Retry-After honoured, retries spent) is asked of the API instead (`/readme`,
`/contents/{path}`) only while the budget covers every repository still to come; else what the
file says is unknown (`readme`, `dependency-files` in `skipped`), never missing, and the
repository's own verdict stands.

What goes beyond, the follow-ups, is asked only while the budget left covers it on top of the
two requests of every repository still to come (`upcoming`), in this order, and each one not
asked is named in the facts' `skipped` (a rename not followed leaves the link `moved` without
facts, saying so): `rename` (a 301 to `/repositories/{id}`), `releases` (the newest release),
`last-commit` (the newest commit's date; activity is judged by `pushed_at` without it). Also
the GitHub links that are not repositories (profiles, gists, files, releases, issues, commits),
asked of the API that answers for them."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from dataclasses import dataclass, replace
from urllib.parse import quote, unquote

from auditor.config.settings import Settings
from auditor.facts import repofiles
from auditor.facts.licenses import license_class
from auditor.hosts.adapter import HostAnswer, Reason, not_served, verdict
from auditor.hosts.answers import (
    Answer,
    Stop,
    blocked,
    expect,
    is_private,
    private,
    refusal,
    text_field,
    timestamp,
)
from auditor.hosts.github.answers import (
    WHO,
    as_entry,
    as_list,
    as_object,
    required_bool,
    required_int,
    required_str,
    spdx_of,
)
from auditor.hosts.github.cited import (
    CitedPath,
    Entries,
    Located,
    Seen,
    Unlocated,
    folder_answer,
    folder_facts,
    locate,
    manifest_paths,
    readme_candidates,
    skipped,
)
from auditor.hosts.github.endpoints import ApiEndpoint, api_for_host, raw_origins
from auditor.hosts.github.followups import FollowUps
from auditor.hosts.github.transport import Transport
from auditor.hosts.github.verdicts import found_on, missing
from auditor.hosts.listing import (
    Listed,
    Readme,
    Tree,
    complete,
    complete_off_loop,
    listed_paths,
    manifests_to_read,
    preferred_readme,
)
from auditor.links import github_page
from auditor.links.origins import origin
from auditor.models import (
    DEPENDENCY_FILES_NOT_READ,
    README_NOT_READ,
    Outcome,
    Release,
    RepoFacts,
)
from auditor.net.answer import REDIRECT_STATUSES

# API requests that fully judge a repository: the repository, and its root listing.
ESSENTIAL_REQUESTS = 2
# The facts given up first when the budget runs short, in the order they are asked.
RENAME, RELEASES, LAST_COMMIT = "rename", "releases", "last-commit"
HOW_TO_GET_THEM = "set GITHUB_TOKEN (or run `gh auth login`) to have them"


@dataclass(slots=True)
class _Renamed:
    asked: str
    answer: Answer


@dataclass(slots=True)
class _Unread:
    """A root listing's files the raw host refused: what `complete` needs to judge the
    repository again once the API gave them."""

    listed: RepoFacts  # the repository's facts before its listing completed them
    tree: Tree
    readme: Readme | None
    readme_refused: bool
    manifests: dict[str, str]
    manifests_refused: tuple[str, ...] = ()

    def marked(self, facts: RepoFacts) -> RepoFacts:
        return _unknown_where_unread(
            facts, readme=self.readme_refused, dependencies=bool(self.manifests_refused)
        )


# The detail of a GitHub page that is no repository (`other`) the API says is missing.
_PAGE_NOT_FOUND = f"{WHO}: not found (missing or private)"


class RestReader:
    """Repository facts and other GitHub links through REST."""

    def __init__(self, transport: Transport, follow_ups: FollowUps) -> None:
        self._transport = transport
        self._follow_ups = follow_ups
        # full name → the files of its root listing the raw host refused, until asked of the API
        self._unread: dict[str, _Unread] = {}

    async def repos(
        self,
        api: ApiEndpoint,
        names: list[str],
        *,
        upcoming: int = 0,
        unlisted: frozenset[str] = frozenset(),
        held: int = 0,
    ) -> dict[str, HostAnswer]:
        """Every repository fully judged first (two requests each), then the follow-ups the
        budget allows while keeping two requests for each of the `upcoming` repositories the
        caller will ask about next, and `held` more (the cited folders still to list).
        Repositories in `unlisted` are cited only by folders: their root is not listed (the
        folder's listing is their second request)."""
        results: dict[str, HostAnswer] = {}
        renamed: list[_Renamed] = []
        for name in names:
            first = await self._judge(api, name, list_root=name not in unlisted)
            if isinstance(first, _Renamed):
                renamed.append(first)
            else:
                results[name] = first
        reserve = ESSENTIAL_REQUESTS * upcoming + held
        for item in renamed:
            if self._affordable(api, ESSENTIAL_REQUESTS, reserve):
                list_root = item.asked not in unlisted
                results[item.asked] = await self._follow_rename(api, item, list_root)
            else:
                results[item.asked] = _rename_skipped(item)
        for name, result in results.items():
            facts = result.facts
            unread = self._unread.pop(facts.full_name, None) if facts is not None else None
            if unread is None:
                continue
            cost = int(unread.readme_refused) + len(unread.manifests_refused)
            if self._affordable(api, cost, reserve):
                results[name] = replace(result, facts=await self._read_through_api(api, unread))
        for follow_up in (RELEASES, LAST_COMMIT):
            for name, result in results.items():
                facts = result.facts
                if facts is None or not facts.exists or facts.empty or facts.source != "rest":
                    continue
                if self._affordable(api, 1, reserve):
                    facts = await self._follow_up(api, facts, follow_up)
                else:
                    facts = replace(facts, skipped=(*facts.skipped, follow_up))
                results[name] = replace(result, facts=facts)
        return {name: results[name] for name in names}

    def affordable(self, api: ApiEndpoint, cost: int, reserve: int = 0) -> bool:
        """Whether `cost` more requests leave `reserve` of the budget (REST without a token)."""
        return self._affordable(api, cost, reserve)

    def _affordable(self, api: ApiEndpoint, cost: int, reserve: int) -> bool:
        remaining = self._transport.rate_remaining.get(api.rest)
        return remaining is None or remaining - reserve >= cost

    async def _judge(
        self, api: ApiEndpoint, full_name: str, *, list_root: bool
    ) -> HostAnswer | _Renamed:
        try:
            answer = await self._transport.get(api, f"/repos/{full_name}")
            if answer.status in REDIRECT_STATUSES:
                return _Renamed(full_name, answer)
            return await self._found(api, answer, full_name, list_root)
        except Stop as stop:
            return stop.answer(self._transport.scrub)

    async def _follow_rename(self, api: ApiEndpoint, item: _Renamed, list_root: bool) -> HostAnswer:
        try:
            answer = await self._transport.follow(api, item.answer)
            return await self._found(api, answer, item.asked, list_root)
        except Stop as stop:
            return stop.answer(self._transport.scrub)

    async def _found(
        self, api: ApiEndpoint, answer: Answer, full_name: str, list_root: bool
    ) -> HostAnswer:
        if answer.status != 200:
            return missing(answer, full_name)
        repo = as_object(answer.json(WHO), "repository")
        if is_private(repo):
            return private()
        base = rest_base(repo)
        self._follow_ups.note_parent_branch(base, repo.get("parent"), "default_branch")
        facts = await self._listing(api, base) if list_root else base
        return found_on(facts, full_name, api)

    async def _listing(self, api: ApiEndpoint, facts: RepoFacts) -> RepoFacts:
        """The root listing, and the README and requirements.txt from the raw host."""
        root = await self._transport.get(api, f"/repos/{facts.full_name}/contents/")
        if root.status == 404 and "empty" in root.message().casefold():
            return complete(facts, empty=True, tree=None, readme=None, manifests={})
        expect(root, WHO, asked_for="root listing")
        listing = [as_entry(entry) for entry in as_list(root.json(WHO), "root listing")]
        tree = Tree(
            tuple(
                (required_str(entry, "name"), text_field(entry, "type") != "dir")
                for entry in listing
            )
        )
        downloads = {
            required_str(entry, "name"): url
            for entry in listing
            if isinstance(url := entry.get("download_url"), str)
        }
        sizes = {
            required_str(entry, "name"): size
            for entry in listing
            if isinstance(size := entry.get("size"), int) and not isinstance(size, bool)
        }
        files = _RawFiles(self._transport, api, downloads)
        tree = replace(tree, gitattributes=await self._gitattributes(api, tree, downloads))
        readme = await files.readme(tree, sizes)
        readme_refused = bool(files.refused)
        manifests: dict[str, str] = {}
        for name in manifests_to_read(tree):
            found_file = await files.read(name)
            if found_file is not None:
                manifests[name] = found_file.text
        completed = await complete_off_loop(
            facts, empty=False, tree=tree, readme=readme, manifests=manifests
        )
        if not files.refused:
            return completed
        unread = _Unread(
            facts,
            tree,
            readme,
            readme_refused,
            manifests,
            tuple(path for path in files.refused[int(readme_refused) :]),
        )
        self._unread[facts.full_name] = unread
        return unread.marked(completed)

    async def _gitattributes(
        self, api: ApiEndpoint, tree: Tree, downloads: Mapping[str, str]
    ) -> str | None:
        """The root `.gitattributes`, read from the raw host (outside the budget) only when
        the root holds weights or folders named for them: which of them Git LFS stores."""
        names = [name for name, _ in tree.entries]
        url = downloads.get(".gitattributes")
        wanted = repofiles.committed_weights(names) or repofiles.weights_folders(names)
        if url is None or not wanted or origin(url) not in raw_origins(api):
            return None
        try:
            answer = await self._transport.get_raw(api, url)
        except Stop:
            return None
        return answer.text if answer.status == 200 else None

    async def folder_files(
        self, api: ApiEndpoint, facts: RepoFacts, folders: tuple[str, ...], reserve: int
    ) -> Listed | None:
        """The paths of the files and of the folders that `folders` of a repository found
        hold (paths from the root, one level), each folder listed by one request asked only
        while the budget keeps `reserve`; None when a listing could not be had (the budget, a
        failure)."""
        entries: list[tuple[str, bool]] = []
        try:
            for folder in folders:
                if not self._affordable(api, 1, reserve):
                    return None
                got = await self._transport.get(api, _contents_path(facts.full_name, folder, None))
                for name, is_file in _listing_entries(_folder_listing(got)) or ():
                    entries.append((f"{folder}/{name}", is_file))
        except Stop:
            return None
        return listed_paths(entries)

    async def _read_through_api(self, api: ApiEndpoint, unread: _Unread) -> RepoFacts:
        """The repository judged again with the refused files asked of the API: its README as
        GitHub shows it (`/readme`), each dependency list by its path (`/contents/{path}`)."""
        base = f"/repos/{unread.listed.full_name}"
        readme, refused = unread.readme, unread.readme_refused
        manifests: dict[str, str] = dict(unread.manifests)
        still: list[str] = []
        try:
            if refused:
                got = await self._transport.get(api, f"{base}/readme")
                if got.status == 404:
                    readme, refused = None, False
                elif (fetched := _api_file(got)) is not None:
                    readme, refused = fetched, False
            for path in unread.manifests_refused:
                got = await self._transport.get(api, f"{base}/contents/{quote(path)}")
                fetched = _api_file(got)
                if fetched is not None:
                    manifests[path] = fetched.text
                elif got.status != 404:
                    still.append(path)
        except Stop:
            return unread.marked(
                await complete_off_loop(
                    unread.listed,
                    empty=False,
                    tree=unread.tree,
                    readme=unread.readme,
                    manifests=unread.manifests,
                )
            )
        completed = await complete_off_loop(
            unread.listed, empty=False, tree=unread.tree, readme=readme, manifests=manifests
        )
        return _unknown_where_unread(completed, readme=refused, dependencies=bool(still))

    async def folder(
        self,
        api: ApiEndpoint,
        answer: HostAnswer,
        cited: CitedPath,
        reserve: int,
        *,
        first_free: bool,
    ) -> HostAnswer:
        """The cited folder of a repository found (`answer`), through the contents API
        (`/contents/{folder}?ref={ref}`), its README and dependency lists from the raw host.

        Splits are tried the shortest ref first, and the first ref that exists is the one: Git
        keeps no branch `a` beside a branch `a/b`, so among branches it is the longest match
        too, and the common one-segment ref costs one request. A gone ref answers "No commit
        found for the ref". With `first_free`, the first request is the second of the two that
        judge the repository (its root was not listed); every other one is asked only while
        the budget keeps `reserve`, else the folder is skipped (`unchecked`)."""
        facts = answer.facts
        assert facts is not None
        splits = cited.splits()
        seen = [Seen(None, None, None)] * len(splits)
        listed: dict[tuple[int, bool], list[Mapping[str, object]]] = {}  # (split, on ref)
        free = first_free

        async def ask(path: str) -> Answer | None:
            nonlocal free
            if not (free or self._affordable(api, 1, reserve)):
                return None
            free = False
            return await self._transport.get(api, path)

        over_budget = skipped(cited, f"to keep the GitHub REST budget; {HOW_TO_GET_THEM}")
        try:
            on_ref: int | None = None
            for index in reversed(range(len(splits))):
                split = splits[index]
                got = await ask(_contents_path(facts.full_name, split.folder, split.ref))
                if got is None:
                    return over_budget
                if got.status == 404 and _NO_COMMIT in got.message().casefold():
                    seen[index] = Seen(False, None, None)
                    continue
                listing = _folder_listing(got)
                if listing is not None:
                    listed[index, True] = listing
                seen[index] = Seen(True, _listing_entries(listing), None)
                on_ref = index
                break
            if on_ref is None or not splits[on_ref].holds(seen[on_ref].on_ref):
                for index in [on_ref] if on_ref is not None else range(len(splits)):
                    split = splits[index]
                    if not split.path:
                        continue
                    got = await ask(_contents_path(facts.full_name, split.folder, None))
                    if got is None:
                        return over_budget
                    listing = _folder_listing(got)
                    if listing is not None:
                        listed[index, False] = listing
                    entries = _listing_entries(listing)
                    seen[index] = replace(seen[index], on_default=entries)
                    if split.holds(entries):
                        break
            where = locate(cited, seen)
            if isinstance(where, Unlocated) and first_free:
                # The root is judged, and it was not listed: its listing is one more request.
                if not self._affordable(api, 1, reserve):
                    return over_budget
                answer = replace(answer, facts=await self._listing(api, facts))
            if not isinstance(where, Located):
                return folder_answer(answer, cited, where, api.server)
            index = cited.splits().index(where.split)
            downloads = {
                required_str(entry, "path"): url
                for entry in listed[index, where.ref is not None]
                if isinstance(url := entry.get("download_url"), str)
            }
            files = _RawFiles(self._transport, api, downloads)
            readme = None
            for path in readme_candidates(where.split, where.entries):
                readme = await files.read(path)
                if readme is not None or files.refused:
                    break
            readme_refused = bool(files.refused)
            manifests: dict[str, str] = {}
            for name, path in manifest_paths(where.split, where.entries).items():
                found_file = await files.read(path)
                if found_file is not None:
                    manifests[name] = found_file.text
            done = await folder_facts(facts, where, readme, manifests)
            # A folder's refused files are not asked of the API again: unknown.
            done = _unknown_where_unread(
                done,
                readme=readme_refused,
                dependencies=len(files.refused) > readme_refused,
            )
            return folder_answer(answer, cited, where, api.server, done, readme)
        except Stop as stop:
            return stop.answer(self._transport.scrub)

    async def empty_folders(
        self, api: ApiEndpoint, facts: RepoFacts, folders: tuple[str, ...], reserve: int
    ) -> tuple[str, ...] | None:
        """The root `folders` of a repository found that hold only placeholder files
        (`repofiles.holds_only_placeholders`), each listed by one request asked only while the
        budget keeps `reserve`; the small files are read from the raw host. None when a
        listing could not be had (the budget, a failure)."""
        empty = []
        try:
            for folder in folders:
                if not self._affordable(api, 1, reserve):
                    return None
                got = await self._transport.get(api, _contents_path(facts.full_name, folder, None))
                listing = _folder_listing(got)
                entries = _listing_entries(listing)
                if (
                    listing is None
                    or entries is None
                    or len(entries) > repofiles.PLACEHOLDER_FOLDER_MAX_ENTRIES
                    or not all(is_file for _, is_file in entries)
                ):
                    continue
                downloads = {
                    required_str(entry, "path"): url
                    for entry in listing
                    if isinstance(url := entry.get("download_url"), str)
                }
                raw = _RawFiles(self._transport, api, downloads)
                files: dict[str, tuple[int | None, str | None]] = {}
                for entry in listing:
                    name, size = required_str(entry, "name"), entry.get("size")
                    if not isinstance(size, int) or isinstance(size, bool):
                        break  # an entry without a size is read as code
                    if size > repofiles.PLACEHOLDER_FILE_MAX_BYTES:
                        break
                    text = None
                    if size and not repofiles.is_keep_file(name):
                        read = await raw.read(required_str(entry, "path"))
                        text = read.text if read is not None else None
                    files[name] = (size, text)
                if repofiles.holds_only_placeholders(entries, files):
                    empty.append(folder)
        except Stop:
            return None
        return tuple(empty)

    async def _follow_up(self, api: ApiEndpoint, facts: RepoFacts, follow_up: str) -> RepoFacts:
        """`facts` with one follow-up asked; when it cannot be had, named as skipped."""
        base = f"/repos/{facts.full_name}"
        try:
            if follow_up == RELEASES:
                latest = await self._latest_release(api, base)
                if latest is None:
                    return facts
                tag = required_str(latest, "tag_name")
                published = timestamp(text_field(latest, "published_at"))
                return replace(facts, latest_release=Release(tag, published))
            commits = await self._transport.get(api, f"{base}/commits?per_page=1")
            expect(commits, WHO, asked_for="commits")
            listing = as_list(commits.json(WHO), "commits")
            last = as_object(listing[0], "commit") if listing else {}
            commit = as_object(last.get("commit", {}), "commit")
            committer = as_object(commit.get("committer", {}), "committer")
            # The listing starts at the default branch's head: the commit judged.
            return replace(
                facts,
                last_commit_at=timestamp(text_field(committer, "date")),
                commit=text_field(last, "sha") or None,
            )
        except Stop:
            return replace(facts, skipped=(*facts.skipped, follow_up))

    async def _latest_release(self, api: ApiEndpoint, base: str) -> Mapping[str, object] | None:
        """GitHub's "latest release" (the newest that is neither a draft nor a pre-release).

        Asked as the newest entry of the releases listing: unlike `/releases/latest`, which
        answers 404 without a release (no ETag, so asked in full on every run), the listing
        answers `[]` with an ETag, and a re-run gets a free 304. Only when the newest entry
        is a draft or a pre-release does `/releases/latest` decide."""
        answer = await self._transport.get(api, f"{base}/releases?per_page=1")
        if answer.status == 200:
            listing = as_list(answer.json(WHO), "releases")
            if not listing:
                return None
            newest = as_object(listing[0], "release")
            if newest.get("draft") is not True and newest.get("prerelease") is not True:
                return newest
        elif answer.status != 404:
            expect(answer, WHO, asked_for="releases")
        answer = await self._transport.get(api, f"{base}/releases/latest")
        if answer.status == 404:
            return None
        expect(answer, WHO, asked_for="latest release")
        return as_object(answer.json(WHO), "release")

    async def other(self, url: str) -> HostAnswer:
        """A GitHub link that is not a repository: gist, profile, file, release, issue…"""
        try:
            target = other_target(url, self._transport.settings)
            if target is None:
                return not_served("not a GitHub page the API can check")
            api, path, fallback = target
            answer = await self._transport.follow(api, await self._transport.get(api, path))
            if answer.status == 404 and fallback is not None:
                answer = await self._transport.follow(api, await self._transport.get(api, fallback))
            return self._page_verdict(answer)
        except Stop as stop:
            return stop.answer(self._transport.scrub)

    def _page_verdict(self, answer: Answer) -> HostAnswer:
        if answer.status == 200:
            return verdict(Reason.FOUND, Outcome.OK, f"{WHO} found it", 200)
        match refusal(answer):
            case Reason.GONE:
                return verdict(Reason.GONE, Outcome.DEAD, _PAGE_NOT_FOUND, 404)
            case Reason.BLOCKED:
                return blocked(answer, WHO, None)
        detail = f"{WHO} answered {answer.status}: {answer.message()}".rstrip(": ")
        return verdict(
            Reason.COULD_NOT_ASK, Outcome.TRANSIENT, self._transport.scrub(detail), answer.status
        )


def rest_base(repo: Mapping[str, object]) -> RepoFacts:
    license_info = repo.get("license")
    spdx = None
    if isinstance(license_info, dict):
        spdx = spdx_of(license_info.get("spdx_id"), license_info.get("key"))
    parent = repo.get("parent")
    return RepoFacts(
        full_name=required_str(repo, "full_name"),
        exists=True,
        source="rest",
        archived=required_bool(repo, "archived"),
        disabled=required_bool(repo, "disabled"),
        fork=required_bool(repo, "fork"),
        parent=text_field(as_object(parent, "parent"), "full_name") if parent else None,
        license_spdx=spdx,
        license_class=license_class(spdx),
        pushed_at=timestamp(text_field(repo, "pushed_at")),
        created_at=timestamp(text_field(repo, "created_at")),
        stars=required_int(repo, "stargazers_count"),
        forks=required_int(repo, "forks_count"),
        open_issues=required_int(repo, "open_issues_count"),
        default_branch=text_field(repo, "default_branch"),
        description=text_field(repo, "description") or None,
        homepage=text_field(repo, "homepage") or None,
    )


def other_target(url: str, settings: Settings) -> tuple[ApiEndpoint, str, str | None] | None:
    """(API, path to ask, fallback path) for a GitHub page that is not a repository root; None
    for GitHub's own site pages and for paths that name nothing GitHub could hold.

    The fallback covers a /blob/ or /tree/ link whose branch name holds a slash."""
    page = github_page(url)
    if page is None or page.kind == "site":
        return None
    api = api_for_host(page.host, settings)
    if api is None:
        return None
    if page.kind == "gist":
        return api, f"/gists/{quote(unquote(page.name), safe='')}", None
    if page.kind == "user":
        return api, f"/users/{page.owner}", None
    repo = f"/repos/{page.owner}/{page.name}"
    rest = [quote(unquote(part), safe="") for part in page.rest]
    if page.kind == "file":
        path = "/".join(rest[1:])
        fallback = None
        if len(rest) > 2:
            fallback = f"{repo}/contents/{'/'.join(rest[2:])}?ref={rest[0]}%2F{rest[1]}"
        return api, f"{repo}/contents/{path}?ref={rest[0]}", fallback
    if page.kind == "release":
        return api, f"{repo}/releases/tags/{rest[0]}", None
    if page.kind == "issue":
        return api, f"{repo}/issues/{rest[0]}", None
    if page.kind == "commit":
        return api, f"{repo}/commits/{rest[0]}", None
    return api, repo, None  # another page of a repository: the repository's existence decides


# GitHub's words for a ref that does not exist, in a contents answer's 404.
_NO_COMMIT = "no commit found for the ref"


def _contents_path(full_name: str, folder: str, ref: str | None) -> str:
    path = f"/repos/{full_name}/contents/{quote(folder)}"
    return path + (f"?ref={quote(ref, safe='')}" if ref is not None else "")


def _folder_listing(answer: Answer) -> list[Mapping[str, object]] | None:
    """A contents answer's listing of a folder; None when there is no folder there (a 404, or
    a file at that path)."""
    if answer.status == 404:
        return None
    expect(answer, WHO, asked_for="folder listing")
    body = answer.json(WHO)
    if isinstance(body, dict):
        return None  # a file, not a folder
    return [as_entry(entry) for entry in as_list(body, "folder listing")]


def _listing_entries(listing: list[Mapping[str, object]] | None) -> Entries | None:
    if listing is None:
        return None
    return tuple(
        (required_str(entry, "name"), text_field(entry, "type") != "dir") for entry in listing
    )


def _rename_skipped(item: _Renamed) -> HostAnswer:
    detail = (
        f"renamed or transferred (GitHub answered {item.answer.status}); not followed, to keep "
        "the GitHub REST budget (60 requests an hour without a token) for the other "
        f"repositories; {HOW_TO_GET_THEM}"
    )
    return verdict(Reason.MOVED, Outcome.MOVED, detail, item.answer.status)


class _RawFiles:
    """Files of one repository's root listing, read from the raw host by `download_url`."""

    def __init__(self, transport: Transport, api: ApiEndpoint, downloads: dict[str, str]) -> None:
        self._transport = transport
        self._api = api
        self._downloads: dict[str, str] = {}
        # Paths the raw host would not give (an answer other than 200 or 404, retries spent).
        self.refused: list[str] = []
        allowed = raw_origins(api)
        for name, url in downloads.items():
            if origin(url) not in allowed:
                raise Stop(Outcome.TRANSIENT, "GitHub API listed a download_url off the raw host")
            self._downloads[name] = url
        # The folder every download_url sits in: other paths of the same commit are beside it.
        self._base: str | None = None
        for name, url in self._downloads.items():
            encoded = quote(name)
            if url.endswith("/" + encoded):
                self._base = url[: -len(encoded)]
                break

    async def read(self, path: str) -> Readme | None:
        """The file at `path` (None when the raw host has none there)."""
        url = self._downloads.get(path)
        if url is None:
            if self._base is None:
                return None
            url = self._base + quote(path)
        answer = await self._transport.get_raw(self._api, url)
        if answer.status == 404:
            return None
        if answer.status != 200:
            self.refused.append(path)
            return None
        return Readme(path, len(answer.text.encode()), answer.text[: repofiles.MAX_README_BYTES])

    async def readme(self, tree: Tree, sizes: Mapping[str, int]) -> Readme | None:
        """The README GitHub shows: `.github/`'s, else the root's, else `docs/`'s; the folders
        are not listed, so their usual README names are asked for (`repofiles.usual_readmes`)."""
        folders = tree.folders()
        if ".github" in folders:
            for path in repofiles.usual_readmes(".github"):
                found_file = await self.read(path)
                if found_file is not None or self.refused:  # refused: the next is not GitHub's
                    return found_file
        root = preferred_readme(tree)
        if root is not None:
            found_file = await self.read(root)
            if found_file is not None and root in sizes:
                return Readme(root, sizes[root], found_file.text)
            return found_file
        if "docs" in folders:
            for path in repofiles.usual_readmes("docs"):
                found_file = await self.read(path)
                if found_file is not None or self.refused:
                    return found_file
        return None


def _unknown_where_unread(facts: RepoFacts, *, readme: bool, dependencies: bool) -> RepoFacts:
    """`facts` saying which files were never had (the README, dependency lists): what they
    would tell is unknown."""
    words = (README_NOT_READ,) * readme + (DEPENDENCY_FILES_NOT_READ,) * dependencies
    return replace(facts, skipped=(*facts.skipped, *words)) if words else facts


def _api_file(answer: Answer) -> Readme | None:
    """A file the contents API gave (`/readme`, `/contents/{path}`): base64 in JSON; None when
    the answer holds no such file."""
    if answer.status != 200:
        return None
    try:
        body = as_object(answer.json(WHO), "file")
        path, size, content = body.get("path"), body.get("size"), body.get("content")
        if not isinstance(path, str) or not isinstance(content, str):
            return None
        text = base64.b64decode(content).decode("utf-8", errors="replace")
    except (Stop, binascii.Error, ValueError):
        return None
    length = size if isinstance(size, int) and not isinstance(size, bool) else len(text.encode())
    return Readme(path, length, text[: repofiles.MAX_README_BYTES])
