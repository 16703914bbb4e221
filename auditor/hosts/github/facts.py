"""`GitHubFacts`: the GitHub adapter (`hosts.adapter.HostAdapter`, one link at a time through
`check`), which the pipeline asks in batches (`repos`, `kept`). With a token, repositories go to
GraphQL in batches (facts an earlier run kept are reused first); without one, to REST, with one
warning up front when the budget left cannot cover the list. Nothing raises out of `check()`,
`repos()` or `other()`: every failure is a verdict."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from urllib.parse import urlsplit

from auditor.config.settings import Settings
from auditor.facts import repofiles
from auditor.hosts.adapter import HostAnswer, Reason, not_served, verdict
from auditor.hosts.github.cited import CitedPath, cited_path, repository_key
from auditor.hosts.github.endpoints import PUBLIC_SERVER_HOST, ApiEndpoint, api_for_host
from auditor.hosts.github.followups import FollowUps
from auditor.hosts.github.graphql import GRAPHQL_BATCH, GraphQLReader
from auditor.hosts.github.kept import FACTS_KEY, facts_from_json, facts_to_json
from auditor.hosts.github.releases import ReleaseReader
from auditor.hosts.github.rest import ESSENTIAL_REQUESTS, RestReader
from auditor.hosts.github.tracker import NOT_READ_WITHOUT_TOKEN
from auditor.hosts.github.transport import ApiCache, Transport
from auditor.hosts.listing import Listed
from auditor.links import (
    GitHubRelease,
    github_full_name,
    github_page,
    github_release,
    is_github_full_name,
    normalize_url,
)
from auditor.models import (
    BRANCH_HOP,
    FOLDER_CONTENTS,
    FORK_COMPARISON,
    JUDGED,
    RESOLVED,
    WEIGHTS_FOLDERS,
    LinkCheck,
    LinkKind,
    Outcome,
    ReadmeCover,
    RepoCheck,
    RepoFacts,
)
from auditor.net.fetcher import Fetcher

logger = logging.getLogger(__name__)

# A README saying how to install or run the code: its folders are taken for code unlisted
# (a README that does not is what a placeholder's folders sit beside).
_RUNS = frozenset({ReadmeCover.INSTALL, ReadmeCover.USAGE, ReadmeCover.TRAIN, ReadmeCover.EVALUATE})
# Follow-ups a tokenless run names as skipped when the budget runs short.
MOVED_TO = "moved-to"
# Verdicts on a move's target that decide the moved repository's.

# REST requests that fully judge a repository (the repository, its root listing); its README
# and requirements.txt come from the raw host, outside the budget.
REST_REQUESTS_PER_REPO = ESSENTIAL_REQUESTS


class GitHubFacts:
    """Repository facts and link verdicts for GitHub links."""

    def __init__(
        self, fetcher: Fetcher, settings: Settings, *, api_cache: ApiCache | None = None
    ) -> None:
        self._settings = settings
        self._cache = api_cache
        self._token = settings.github_token
        self._transport = Transport(fetcher, settings, api_cache)
        self._follow_ups = FollowUps(self._transport)
        self._rest = RestReader(self._transport, self._follow_ups)
        self._graphql = GraphQLReader(self._transport, self._follow_ups)
        self._releases = ReleaseReader(self._transport, self._rest)
        self._hinted = False  # the REST budget hint was given
        self._tokenless = False  # repositories were read through REST: no tracker read

    def serves(self, url: str, kind: LinkKind | None = None) -> bool:
        """A link on github.com or the configured server that is no page of GitHub's own site:
        a repository, or another page (profile, gist, file, release, issue, commit)."""
        page = github_page(url)
        if kind not in {None, LinkKind.GITHUB_REPO, LinkKind.GITHUB_OTHER} or page is None:
            return False
        return page.kind != "site" and api_for_host(page.host, self._settings) is not None

    async def check(self, url: str, kind: LinkKind | None = None) -> HostAnswer:
        """One GitHub link: a repository through `repos`, any other page through `other`."""
        if not self.serves(url, kind):
            return not_served("not a GitHub link the API can check")
        normal = normalize_url(url) if kind is None else None
        repository = (normal.kind if normal else kind) is LinkKind.GITHUB_REPO
        key = repository_key(url)
        if not repository or key is None:
            return await self._rest.other(url)
        return (await self.repos([key], host=urlsplit(url).hostname))[key]

    async def repos(
        self,
        full_names: Sequence[str],
        *,
        host: str | None = None,
        upcoming: int = 0,
        follow_moves: bool = True,
        asked: Callable[[], None] | None = None,
    ) -> dict[str, HostAnswer]:
        """Facts for `owner/name` repositories on `host` (default: the configured server), and
        for cited folders (`owner/name/tree/REF/PATH` keys, `cited.repository_key`), each with
        its own answer. `upcoming`: how many more the caller will ask about after these;
        without a token, REST keeps the budget their essential requests need before asking any
        follow-up. Forks are compared with their parent; a placeholder whose README says the
        code moved to another repository on the host is answered with that repository (one
        hop). `asked`: called as each GraphQL batch's query is answered (`GraphQLReader.batch`)."""
        host = host or urlsplit(self._settings.github_server_url).hostname or PUBLIC_SERVER_HOST
        api = api_for_host(host, self._settings)
        results: dict[str, HostAnswer] = {}
        valid: list[str] = []
        cited: dict[str, CitedPath] = {}
        for key in dict.fromkeys(full_names):
            folder = cited_path(key)
            if folder is not None:
                cited[key] = folder
            if api is None:
                results[key] = not_served(f"no GitHub API for {host}")
            elif folder is None and not is_github_full_name(key):
                results[key] = not_served("not an owner/name pair")
            else:
                valid.append(key)
        if api is not None and valid:
            if api.authorised and self._token:
                fresh = self._cached_facts(api, valid)
                results.update(fresh)
                todo = [key for key in valid if key not in fresh]
                while todo:
                    batch, todo = todo[: self.batch_size], todo[self.batch_size :]
                    answers = await self._graphql.batch(
                        api, _repositories(batch, cited), len(todo) + upcoming, asked
                    )
                    answers = await self._finish(
                        api, host, answers, batch, cited, follow_moves, upcoming
                    )
                    self._keep_facts(api, answers)
                    results.update(answers)
            else:
                self._tokenless = True
                # The first alone: its answer tells the budget, and the hint comes up front.
                names = _repositories(valid, cited)
                unlisted = frozenset(names) - set(valid)  # cited only by folders
                held = sum(folder.full_name in unlisted for folder in cited.values())
                later = len(names) - 1 + upcoming
                answers = await self._rest.repos(
                    api, names[:1], upcoming=later, unlisted=unlisted, held=held
                )
                self._budget_hint(api, len(names) - 1)
                answers.update(
                    await self._rest.repos(
                        api, names[1:], upcoming=upcoming, unlisted=unlisted, held=held
                    )
                )
                results.update(
                    await self._finish(api, host, answers, valid, cited, follow_moves, upcoming)
                )
        return {key: results[key] for key in full_names}

    # Follow-ups: forks, moves -------------------------------------------------------------------

    async def _finish(
        self,
        api: ApiEndpoint,
        host: str,
        answers: dict[str, HostAnswer],
        keys: Sequence[str],
        cited: Mapping[str, CitedPath],
        follow_moves: bool,
        upcoming: int,
    ) -> dict[str, HostAnswer]:
        """The answers of `keys` from their repositories' (`answers`): forks compared with
        their parent, then the cited folders read, then README moves of the repositories
        cited at their root followed (one hop); without a token, only while the REST budget
        keeps what the repositories still to come need."""
        reserve = ESSENTIAL_REQUESTS * upcoming
        folders = [key for key in keys if key in cited]
        roots = [key for key in keys if key not in cited]
        # Without a token, a repository cited only by folders has one request left to judge
        # it: its folder's listing, kept from the follow-ups.
        unlisted = {
            key
            for key in folders
            if cited[key].full_name not in roots
            and (facts := answers[cited[key].full_name].facts) is not None
            and facts.source == "rest"
        }
        for name, answer in answers.items():
            facts = answer.facts
            if facts is None or not (facts.fork and facts.parent and facts.default_branch):
                continue
            if facts.source == "rest" and not self._rest.affordable(
                api, 1, reserve + len(unlisted)
            ):
                facts = replace(facts, skipped=(*facts.skipped, FORK_COMPARISON))
            else:
                ahead = await self._follow_ups.fork_ahead_by(api, facts)
                facts = replace(facts, fork_ahead_by=ahead)
            answers[name] = replace(answer, facts=facts)
        results = {key: answers[key] for key in roots}
        results = await self._empty_folders(api, results, reserve + len(unlisted))
        results = await self._weights_folders(api, results, reserve + len(unlisted))
        results.update(await self._folders(api, answers, folders, cited, unlisted, reserve))
        if not follow_moves:
            return results
        results = await self._follow_branches(api, results, reserve)
        return await self._follow_moves(api, host, results, reserve)

    async def _folders(
        self,
        api: ApiEndpoint,
        answers: Mapping[str, HostAnswer],
        keys: Sequence[str],
        cited: Mapping[str, CitedPath],
        unlisted: set[str],
        reserve: int,
    ) -> dict[str, HostAnswer]:
        """Each cited folder's answer: its repository's when that was not found (gone, moved
        without facts, could not ask), else the folder's own (GraphQL in one batch; REST
        folder by folder, `unlisted` ones first-free)."""
        results: dict[str, HostAnswer] = {}
        found: list[str] = []
        for key in keys:
            root = answers[cited[key].full_name]
            if root.facts is None or not root.facts.exists or root.check.outcome not in RESOLVED:
                results[key] = root
            else:
                found.append(key)
        graphql = [key for key in found if _source(answers[cited[key].full_name]) != "rest"]
        if graphql:
            items = [(answers[cited[key].full_name], cited[key]) for key in graphql]
            results.update(zip(graphql, await self._graphql.folders(api, items), strict=True))
        held = len(unlisted)
        for key in found:
            if key in results:
                continue
            held -= key in unlisted
            results[key] = await self._rest.folder(
                api,
                answers[cited[key].full_name],
                cited[key],
                reserve + held,
                first_free=key in unlisted,
            )
        return {key: results[key] for key in keys}

    async def _empty_folders(
        self, api: ApiEndpoint, answers: dict[str, HostAnswer], reserve: int
    ) -> dict[str, HostAnswer]:
        """Repositories whose only code is root folders (`repofiles.folders_to_inspect`) and
        whose README says nothing of how to run it, with those folders listed, and the ones
        holding only placeholder files named (`RepoFacts.empty_folders`): GraphQL in two
        queries for all, REST one request a folder while the budget keeps `reserve`. Not
        listed (the budget, a failure): named as skipped, so that B2 is unknown, never
        credit."""
        todo: dict[str, tuple[str, ...]] = {}
        for key, answer in answers.items():
            facts = answer.facts
            if facts is None or not facts.exists or facts.empty:
                continue
            if (
                answer.check.outcome in RESOLVED
                and not set(facts.readme_covers) & _RUNS
                and (folders := repofiles.folders_to_inspect(facts.root_files))
            ):
                todo[key] = folders
        found: dict[str, tuple[str, ...] | None] = {}
        graphql = [key for key in todo if _source(answers[key]) == "graphql"]
        if graphql:
            items = [(answers[key], todo[key]) for key in graphql]
            found.update(zip(graphql, await self._graphql.empty_folders(api, items), strict=True))
        for key, folders in todo.items():
            facts = answers[key].facts
            if key not in found and facts is not None:
                found[key] = await self._rest.empty_folders(api, facts, folders, reserve)
        for key, empty in found.items():
            facts = answers[key].facts
            assert facts is not None
            if empty is None:
                facts = replace(facts, skipped=(*facts.skipped, FOLDER_CONTENTS))
            else:
                facts = replace(facts, empty_folders=empty)
            answers[key] = replace(answers[key], facts=facts)
        return answers

    async def _weights_folders(
        self, api: ApiEndpoint, answers: dict[str, HostAnswer], reserve: int
    ) -> dict[str, HostAnswer]:
        """Repositories found whose root has folders named for weights
        (`repofiles.weights_folders`), with the checkpoints committed there added to their
        `committed_weights`: each folder listed, then the first of its subfolders
        (`repofiles.MAX_WEIGHTS_SUBFOLDERS`), a level each: GraphQL one query a level for
        all, REST one request a folder while the budget keeps `reserve`. Not listed (the
        budget, a failure): named as skipped, so that D4 does not fail for want of them."""
        todo: dict[str, tuple[str, ...]] = {}
        for key, answer in answers.items():
            facts = answer.facts
            if facts is None or not facts.exists or facts.empty or facts.folder is not None:
                continue
            folders = repofiles.weights_folders(facts.root_files)
            if answer.check.outcome in RESOLVED and folders:
                todo[key] = folders
        found: dict[str, list[str]] = {key: [] for key in todo}
        unlisted: set[str] = set()
        for _level in range(2):
            listed = await self._folder_files(api, answers, todo, reserve)
            todo = {}
            for key, listing in listed.items():
                if listing is None:
                    unlisted.add(key)
                    continue
                found[key].extend(listing.files)
                subfolders = repofiles.weights_subfolders(listing.folders)
                if subfolders:
                    todo[key] = subfolders
        for key, paths in found.items():
            facts = answers[key].facts
            assert facts is not None
            facts = repofiles.with_committed_weights(facts, paths)
            if key in unlisted:
                facts = replace(facts, skipped=(*facts.skipped, WEIGHTS_FOLDERS))
            answers[key] = replace(answers[key], facts=facts)
        return answers

    async def _folder_files(
        self,
        api: ApiEndpoint,
        answers: Mapping[str, HostAnswer],
        todo: Mapping[str, tuple[str, ...]],
        reserve: int,
    ) -> dict[str, Listed | None]:
        """The listings of the folders `todo` names of each repository, by its backend."""
        listed: dict[str, Listed | None] = {}
        graphql = [key for key in todo if _source(answers[key]) == "graphql"]
        if graphql:
            items = [(answers[key], todo[key]) for key in graphql]
            listed.update(zip(graphql, await self._graphql.folder_files(api, items), strict=True))
        for key, folders in todo.items():
            facts = answers[key].facts
            if key not in listed and facts is not None:
                listed[key] = await self._rest.folder_files(api, facts, folders, reserve)
        return listed

    async def _follow_branches(
        self, api: ApiEndpoint, answers: dict[str, HostAnswer], reserve: int
    ) -> dict[str, HostAnswer]:
        """A placeholder cited at its root whose README sends the reader to another branch of
        it (`RepoFacts.readme_branch`) is judged on that branch's root, read as the cited folder
        `tree/BRANCH` is (one hop, said in the link's detail). A branch that does not exist
        leaves the repository as it stands; one not read (the budget, a failure) stays named,
        with `branch-hop` skipped, so that B2 is unknown."""
        hops: dict[str, CitedPath] = {}
        for key, answer in answers.items():
            facts = answer.facts
            branch = facts.readme_branch if facts is not None else None
            if facts is None or branch is None or facts.folder is not None or facts.ref:
                continue
            if branch == facts.default_branch or not _placeholder(facts):
                answers[key] = replace(answer, facts=replace(facts, readme_branch=None))
            elif facts.source == "rest" and not self._rest.affordable(api, 1, reserve):
                skipped = (*facts.skipped, BRANCH_HOP)
                answers[key] = replace(answer, facts=replace(facts, skipped=skipped))
            else:
                hops[key] = CitedPath(facts.full_name, "tree", tuple(branch.split("/")))
        graphql = [key for key in hops if _source(answers[key]) == "graphql"]
        read: dict[str, HostAnswer] = {}
        if graphql:
            items = [(answers[key], hops[key]) for key in graphql]
            read.update(zip(graphql, await self._graphql.folders(api, items), strict=True))
        for key, hop in hops.items():
            if key not in read:
                read[key] = await self._rest.folder(
                    api, answers[key], hop, reserve, first_free=False
                )
        for key, there in read.items():
            answer, facts = answers[key], answers[key].facts
            assert facts is not None
            if there.facts is None or there.check.outcome not in RESOLVED:
                skipped = (*facts.skipped, BRANCH_HOP)
                answers[key] = replace(answer, facts=replace(facts, skipped=skipped))
            elif there.facts.ref is None:  # no such branch: judged as it stands
                answers[key] = replace(answer, facts=replace(facts, readme_branch=None))
            else:
                detail = f"judged on branch {there.facts.ref}, where the README sends the reader"
                if answer.check.outcome is Outcome.MOVED:
                    detail = f"{answer.check.detail}; {detail}"
                check = replace(answer.check, detail=detail)
                answers[key] = replace(answer, check=check, facts=there.facts)
        return answers

    async def _follow_moves(
        self, api: ApiEndpoint, host: str, answers: dict[str, HostAnswer], reserve: int
    ) -> dict[str, HostAnswer]:
        """A placeholder whose README says the code moved to another repository on this host is
        answered with that repository's facts, `moved` to it (dead when it is gone)."""
        targets: dict[str, str] = {}
        for name, answer in answers.items():
            facts = answer.facts
            moved = facts.readme_moved_to if facts is not None else None
            target = github_full_name(moved) if moved else None
            if (
                facts is None
                or target is None
                or (urlsplit(moved or "").hostname or "").casefold() != host.casefold()
                or target.casefold() == facts.full_name.casefold()
                or not _placeholder(facts)
            ):
                continue
            if facts.source == "rest" and not self._rest.affordable(
                api, ESSENTIAL_REQUESTS, reserve
            ):
                answers[name] = replace(
                    answer, facts=replace(facts, skipped=(*facts.skipped, MOVED_TO))
                )
                continue
            targets[name] = target
        if not targets:
            return answers
        found = await self.repos(
            list(dict.fromkeys(targets.values())), host=host, follow_moves=False
        )
        for name, target in targets.items():
            moved_from = answers[name].facts
            there = found[target]
            if moved_from is None or there.check.outcome not in JUDGED:
                continue  # not reached: the repository is judged as it stands
            new_name = there.facts.full_name if there.facts is not None else target
            detail = f"README of {moved_from.full_name} says the code moved to {new_name}"
            if there.check.outcome is Outcome.DEAD:
                detail += f"; {there.check.detail}"
            gone = there.check.outcome is Outcome.DEAD
            answers[name] = verdict(
                Reason.GONE if gone else Reason.MOVED,
                Outcome.DEAD if gone else Outcome.MOVED,
                detail,
                there.check.http_status,
                facts=there.facts,
                final_url=f"{api.server}/{new_name}",
            )
        return answers

    def kept(self, full_names: Sequence[str], *, host: str | None = None) -> dict[str, HostAnswer]:
        """The repositories whose GraphQL facts from an earlier run are still fresh (within
        `max_cache_age`), answered without a request. A caller that batches should ask this
        first for the whole list: `repos()` then sends only the others, in full batches."""
        host = host or urlsplit(self._settings.github_server_url).hostname or PUBLIC_SERVER_HOST
        api = api_for_host(host, self._settings)
        if api is None or not (api.authorised and self._token):
            return {}
        valid = [
            key
            for key in dict.fromkeys(full_names)
            if is_github_full_name(key) or cited_path(key) is not None
        ]
        return self._cached_facts(api, valid)

    def _budget_hint(self, api: ApiEndpoint, repositories: int) -> None:
        """Says once, up front, when the REST budget left cannot cover the repositories still
        to check (60 requests an hour without a token: about a dozen repositories)."""
        remaining = self.rate_remaining.get(api.rest)
        needed = repositories * REST_REQUESTS_PER_REPO
        if remaining is None or remaining >= needed or self._hinted:
            return
        self._hinted = True
        hint = (
            "set GITHUB_TOKEN (or GH_TOKEN, or run `gh auth login`) to read them in batches "
            "through GraphQL"
        )
        if self._token:  # a token this API host does not get (another host's API)
            hint = "these repositories are on an API host the token is not sent to"
        logger.warning(
            "GitHub REST budget: %d requests left, about %d needed for %d more repositories; "
            "the rest will be unchecked; %s",
            remaining,
            needed,
            repositories,
            hint,
        )

    def _facts_key(self, api: ApiEndpoint, key: str) -> str:
        cited = cited_path(key)
        if cited is not None:  # a folder's path is case-sensitive; its repository's name not
            key = f"{cited.full_name.casefold()}/{cited.view}/{cited.written}"
        else:
            key = key.casefold()
        return f"{FACTS_KEY}{api.graphql}#{key}"

    def _cached_facts(self, api: ApiEndpoint, names: Sequence[str]) -> dict[str, HostAnswer]:
        """The GraphQL answers of an earlier run still within `max_cache_age`: a warm run asks
        only about the rest (like web verdicts; GraphQL has no conditional requests)."""
        max_age = self._settings.max_cache_age
        if self._cache is None or max_age <= 0:
            return {}
        found: dict[str, HostAnswer] = {}
        for name in names:
            key = self._facts_key(api, name)
            stored = self._cache.api_get(key)
            kept = None if stored is None else facts_from_json(stored[1], max_age, time.time())
            if kept is not None:
                answer, age = kept
                found[name] = _kept_answer(answer)
                self._cache.count_reused(key, age)
        return found

    def _keep_facts(self, api: ApiEndpoint, answers: Mapping[str, RepoCheck]) -> None:
        if self._cache is None:
            return
        for name, answer in answers.items():
            # A README our analysis failed on is asked again next run, not kept unanalysed.
            facts = answer.facts
            if facts is not None and answer.check.outcome in RESOLVED and facts.readme_analysed:
                text = facts_to_json(answer, time.time())
                self._cache.api_put(self._facts_key(api, name), None, text)

    def serves_release(self, url: str) -> bool:
        """A link into a repository's releases (an asset, a tag, the latest) on a host with an
        API: asked as a weights or data link through `release`."""
        host = urlsplit(url).hostname or ""
        return github_release(url) is not None and api_for_host(host, self._settings) is not None

    async def releases(self, urls: Sequence[str]) -> dict[str, HostAnswer]:
        """Weights and data links into repositories' releases (`hosts.github.releases`): with
        a token, in GraphQL batches (30 links a point); without one, through REST one request
        a link while the budget allows."""
        results: dict[str, HostAnswer] = {}
        batches: dict[ApiEndpoint, list[tuple[str, GitHubRelease]]] = {}
        for url in dict.fromkeys(urls):
            found = github_release(url)
            api = api_for_host(urlsplit(url).hostname or "", self._settings)
            if found is None or api is None:
                results[url] = not_served("not a GitHub release link the API can check")
            elif api.authorised and self._token:
                batches.setdefault(api, []).append((url, found))
            else:
                results[url] = await self._releases.check(api, found)
        for api, links in batches.items():
            for start in range(0, len(links), GRAPHQL_BATCH):
                chunk = links[start : start + GRAPHQL_BATCH]
                answers = await self._graphql.releases(api, [found for _, found in chunk])
                results.update(zip((url for url, _ in chunk), answers, strict=True))
        return {url: results[url] for url in urls}

    async def other(self, url: str) -> LinkCheck:
        """A GitHub link that is not a repository: gist, profile, file, release, issue…"""
        return (await self._rest.other(url)).check

    @property
    def notes(self) -> tuple[str, ...]:
        """What the run should say of what these facts lack: the issue trackers of
        repositories read without a token (its 60 requests an hour go to the verdicts), and
        the release links not asked for that budget."""
        skipped = self._releases.skipped
        releases = (
            f"{skipped} release link{'s' * (skipped != 1)} not checked, to keep the GitHub REST "
            "budget (60 requests an hour without a token) for the repositories",
        )
        return (NOT_READ_WITHOUT_TOKEN,) * self._tokenless + releases * bool(skipped)

    @property
    def requests_made(self) -> int:
        return self._transport.requests_made

    @property
    def raw_requests(self) -> int:
        """Files read from the raw host (outside the API's budget)."""
        return self._transport.raw_requests

    @property
    def batch_size(self) -> int:
        """How many repositories to ask in one batch now: GraphQL's measured size (REST asks
        them one by one, in batches of the same first size)."""
        return self._graphql.size.current if self._token else GRAPHQL_BATCH

    @property
    def graphql_points(self) -> int:
        return self._transport.graphql_points

    @property
    def graphql_queries(self) -> int:
        """GraphQL queries answered with their cost."""
        return self._transport.graphql_queries

    @property
    def graphql_left(self) -> tuple[int, str] | None:
        """The last GraphQL answer's (points remaining, `resetAt`)."""
        return self._transport.graphql_left

    @property
    def rate_remaining(self) -> dict[str, int]:
        """API base → the last `x-ratelimit-remaining` it sent."""
        return self._transport.rate_remaining


def _placeholder(facts: RepoFacts) -> bool:
    """Empty, a README-only or promising root, or folders of placeholder files only: what a
    README's branch or move is followed from."""
    if facts.empty or ReadmeCover.PLACEHOLDER in facts.readme_covers:
        return True
    return bool(facts.empty_folders) and not repofiles.code_beyond(
        facts.root_files, facts.empty_folders
    )


def _source(answer: HostAnswer) -> str | None:
    return answer.facts.source if answer.facts is not None else None


def _repositories(keys: Sequence[str], cited: Mapping[str, CitedPath]) -> list[str]:
    """The repositories to ask about for `keys`: each once, a folder's its repository."""
    return list(dict.fromkeys(cited[key].full_name if key in cited else key for key in keys))


def _kept_answer(answer: RepoCheck) -> HostAnswer:
    """A kept answer (only `ok` and `moved` ones are kept) with its reason."""
    reason = Reason.MOVED if answer.check.outcome is Outcome.MOVED else Reason.FOUND
    return HostAnswer(answer.check, answer.facts, reason)
