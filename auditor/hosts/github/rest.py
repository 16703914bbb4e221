"""GitHub facts through REST, for runs without a token (60 requests an hour): per repository
`GET /repos/{o}/{r}`, `/commits?per_page=1` (409: empty, and an empty repository stops there),
`/contents/` (the root listing), `/readme` (only when the listing shows a README or a
`.github`/`docs` folder), the newest release, and `/contents/requirements.txt` only when it
decides `deps_pinned`. Also the GitHub links that are not repositories (profiles, gists, files,
releases, issues, commits), asked of the API that answers for them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from urllib.parse import quote, unquote

from auditor.config import Settings
from auditor.hosts.github.answers import (
    Answer,
    Malformed,
    Stop,
    as_entry,
    as_list,
    as_object,
    expect,
    optional_str,
    required_bool,
    required_int,
    required_str,
    timestamp,
    verdict,
)
from auditor.hosts.github.derive import (
    README_NAME,
    Tree,
    complete,
    decode_file,
    needs_requirements,
    spdx_of,
)
from auditor.hosts.github.endpoints import ApiEndpoint, api_for_host
from auditor.hosts.github.transport import Transport
from auditor.hosts.github.verdicts import blocked, found, missing, private
from auditor.licenses import license_class
from auditor.links import github_page
from auditor.models import LinkCheck, Outcome, Release, RepoCheck, RepoFacts


class RestReader:
    """Repository facts and other GitHub links through REST."""

    def __init__(self, transport: Transport) -> None:
        self._transport = transport

    async def repo(self, api: ApiEndpoint, full_name: str) -> RepoCheck:
        try:
            answer = await self._transport.follow(
                api, await self._transport.get(api, f"/repos/{full_name}")
            )
            if answer.status != 200:
                return missing(answer, full_name)
            repo = as_object(answer.json(), "repository")
            if repo.get("private") is True:
                return private(full_name)
            facts = await self._details(api, rest_base(repo))
            return found(facts, full_name, api)
        except Stop as stop:
            return verdict(stop.outcome, self._transport.scrub(stop.detail), stop.status)
        except Malformed as error:
            return verdict(Outcome.TRANSIENT, self._transport.scrub(str(error)))

    async def _details(self, api: ApiEndpoint, facts: RepoFacts) -> RepoFacts:
        base = f"/repos/{facts.full_name}"
        commits = await self._transport.get(api, f"{base}/commits?per_page=1")
        if commits.status == 409:  # "Git Repository is empty."
            return complete(facts, empty=True, tree=None, readme=None, requirements=None)
        expect(commits, 200, "commits")
        listing = as_list(commits.json(), "commits")
        last = as_object(listing[0], "commit") if listing else {}
        commit = as_object(last.get("commit", {}), "commit")
        committer = as_object(commit.get("committer", {}), "committer")
        facts = replace(facts, last_commit_at=timestamp(optional_str(committer, "date")))

        root = await self._transport.get(api, f"{base}/contents/")
        expect(root, 200, "root listing")
        entries = tuple(
            (required_str(entry, "name"), optional_str(entry, "type") != "dir")
            for entry in map(as_entry, as_list(root.json(), "root listing"))
        )
        tree = Tree(entries)
        readme = None
        names = {name.casefold() for name, _ in entries}
        if any(README_NAME.fullmatch(n) for n, _ in entries) or names & {".github", "docs"}:
            answer = await self._transport.get(api, f"{base}/readme")
            if answer.status == 200:
                readme = decode_file(as_object(answer.json(), "readme"))
            elif answer.status != 404:
                expect(answer, 200, "readme")
        requirements = None
        if needs_requirements(tree):
            answer = await self._transport.get(api, f"{base}/contents/requirements.txt")
            if answer.status == 200:
                requirements = decode_file(as_object(answer.json(), "requirements.txt")).text
        latest = await self._latest_release(api, base)
        if latest is not None:
            tag = required_str(latest, "tag_name")
            facts = replace(
                facts, latest_release=Release(tag, timestamp(optional_str(latest, "published_at")))
            )
        return complete(facts, empty=False, tree=tree, readme=readme, requirements=requirements)

    async def _latest_release(self, api: ApiEndpoint, base: str) -> Mapping[str, object] | None:
        """GitHub's "latest release" (the newest that is neither a draft nor a pre-release).

        Asked as the newest entry of the releases listing: unlike `/releases/latest`, which
        answers 404 without a release (no ETag, so asked in full on every run), the listing
        answers `[]` with an ETag, and a re-run gets a free 304. Only when the newest entry
        is a draft or a pre-release does `/releases/latest` decide."""
        answer = await self._transport.get(api, f"{base}/releases?per_page=1")
        if answer.status == 200:
            listing = as_list(answer.json(), "releases")
            if not listing:
                return None
            newest = as_object(listing[0], "release")
            if newest.get("draft") is not True and newest.get("prerelease") is not True:
                return newest
        elif answer.status != 404:
            expect(answer, 200, "releases")
        answer = await self._transport.get(api, f"{base}/releases/latest")
        if answer.status == 404:
            return None
        expect(answer, 200, "latest release")
        return as_object(answer.json(), "release")

    async def other(self, url: str) -> LinkCheck:
        """A GitHub link that is not a repository: gist, profile, file, release, issue…"""
        try:
            target = other_target(url, self._transport.settings)
            if target is None:
                return verdict(Outcome.UNSUPPORTED, "not a GitHub page the API can check").check
            api, path, fallback = target
            answer = await self._transport.follow(api, await self._transport.get(api, path))
            if answer.status == 404 and fallback is not None:
                answer = await self._transport.follow(api, await self._transport.get(api, fallback))
            return self._page_verdict(answer, url)
        except Stop as stop:
            return verdict(stop.outcome, self._transport.scrub(stop.detail), stop.status).check

    def _page_verdict(self, answer: Answer, url: str) -> LinkCheck:
        if answer.status == 200:
            return verdict(Outcome.OK, "GitHub API found it", 200).check
        if answer.status == 404:
            return verdict(Outcome.DEAD, "GitHub API: not found (missing or private)", 404).check
        refusal = blocked(answer)
        if refusal is not None:
            return refusal
        detail = f"GitHub API answered {answer.status}: {answer.message()}".rstrip(": ")
        return verdict(Outcome.TRANSIENT, self._transport.scrub(detail), answer.status).check


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
        parent=optional_str(as_object(parent, "parent"), "full_name") if parent else None,
        license_spdx=spdx,
        license_class=license_class(spdx),
        pushed_at=timestamp(optional_str(repo, "pushed_at")),
        created_at=timestamp(optional_str(repo, "created_at")),
        stars=required_int(repo, "stargazers_count"),
        forks=required_int(repo, "forks_count"),
        open_issues=required_int(repo, "open_issues_count"),
        default_branch=optional_str(repo, "default_branch"),
        description=optional_str(repo, "description") or None,
        homepage=optional_str(repo, "homepage") or None,
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
