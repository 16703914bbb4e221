"""GitHub facts through GraphQL, for runs with a token: aliased batches of repositories per
query (`r0: repository(owner: $o0, name: $n0) { ...Repo }` …, plus `rateLimit { cost remaining
resetAt }`, read from every answer). The batch size is chosen by what the queries cost and took
(`BatchSize`: at most `GRAPHQL_BATCH` aliases). Faults cost one request each: a secondary rate
limit is waited out as told and the same batch sent again (`transport`); a batch that GitHub
says timed out ("couldn't respond in time", "something went wrong", a 504, or our read timeout)
is halved at once, one answered a plain 502 (or whose exchange broke) is sent again whole once
and halved only when it fails again, and one over the node or resource limits is halved;
other errors are read per alias: a `NOT_FOUND` alias is a missing repository while the rest of
the batch is kept; `nameWithOwner` ≠ the name asked (case-insensitively) is a rename. The README is
read in the same query when it is the root `README.md` or `README.rst`; any other README costs
one more query per batch, for the repositories that need it. The issue tracker's latest titles
come in the same query; the labels and answers of blocker reports in one more, when the points
left allow (`tracker`). Every query text here is validated against GitHub's published schema in
the tests."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace

from auditor.facts import repofiles
from auditor.facts.licenses import license_class
from auditor.hosts.adapter import HostAnswer, Reason, verdict
from auditor.hosts.answers import (
    Answer,
    Malformed,
    Stop,
    is_private,
    private,
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
    Missing,
    Seen,
    Split,
    Unlocated,
    folder_answer,
    folder_facts,
    locate,
    manifest_paths,
    readme_candidates,
)
from auditor.hosts.github.endpoints import ApiEndpoint
from auditor.hosts.github.followups import FollowUps
from auditor.hosts.github.releases import build_releases_query, graphql_judged, releases_variables
from auditor.hosts.github.tracker import (
    TRACKER_FIELDS,
    affordable,
    answers_cost,
    build_answers_query,
    open_reports,
    tracker_of,
    with_answers,
)
from auditor.hosts.github.transport import Transport, timed_out
from auditor.hosts.github.verdicts import found_on, graphql_missing
from auditor.hosts.listing import (
    Listed,
    RawRepository,
    Readme,
    Tree,
    complete_all_off_loop,
    complete_off_loop,
    listed_paths,
    preferred_readme,
)
from auditor.links import GitHubRelease
from auditor.models import TRACKER_FOLLOW_UP, Outcome, Release, RepoFacts
from auditor.net.policy import Again, GaveUp, retry_after

# (data, errors by alias, its cost in points or None when unsaid) of one GraphQL query.
_Queried = tuple[dict[str, object], dict[str, Mapping[str, object]], int | None]

# The first batch's aliases, and the most: Sourcegraph, a large user of GitHub's GraphQL API,
# gets no results above 37 aliases in one query and batches by 30; 30 of ours cost 1 point.
GRAPHQL_BATCH = 30
# The time a query should stay under: GitHub gives up at 10 s, and a timeout costs points.
TARGET_SECONDS = 4.0
# GitHub's words for a query that took too long (502/504 bodies, or a 200's errors).
_TIMED_OUT = re.compile(
    r"couldn.t respond to your request in time|something went wrong|timeout", re.I
)


class BatchSize:
    """The aliases of the next facts query, chosen by the queries so far: shrunk to what keeps
    a query under `TARGET_SECONDS`, and below the smallest batch GitHub found too heavy; grown
    back while queries are quick and cost the minimum 1 point (past it, more aliases a query
    save no points): doubling, at most `GRAPHQL_BATCH`, and once a batch failed, halfway to the
    size that failed (a search, so that a fixed limit costs a few failed queries a run)."""

    def __init__(self) -> None:
        self.current = GRAPHQL_BATCH
        self._too_heavy: int | None = None  # the fewest aliases GitHub failed on

    def measured(self, aliases: int, seconds: float, cost: int | None) -> None:
        if seconds > TARGET_SECONDS:
            self.current = max(1, min(self.current, int(aliases * TARGET_SECONDS / seconds)))
        elif seconds < TARGET_SECONDS / 2 and (cost or 1) <= 1 and aliases >= self.current:
            most = GRAPHQL_BATCH
            if self._too_heavy is not None:
                most = min(self._too_heavy - 1, (self.current + self._too_heavy) // 2)
            self.current = max(self.current, min(self.current * 2, most))

    def failed(self, aliases: int) -> None:
        """`aliases` were too heavy a query: it is halved, and never sent that large again."""
        self._too_heavy = min(self._too_heavy or aliases, aliases)
        self.current = max(1, min(self.current, aliases // 2))


_BLOB_TEXT = "... on Blob { text byteSize isBinary }"


# The READMEs read in the first query (aliases → paths): `repofiles.usual_readmes`, the usual
# names in each folder GitHub looks in. Objects cost no points, and these names cover most
# repositories, so the second query is rare.
_PREFETCHED_READMES = {f"readme{i}": path for i, path in enumerate(repofiles.usual_readmes())}


# Dependency lists read in the same query, for pinning (E1): `auditor.facts.repofiles.MANIFESTS`,
# each under a GraphQL alias (a test holds the two equal).
_MANIFEST_ALIASES = {
    "requirements": "requirements.txt",
    "environmentYml": "environment.yml",
    "environmentYaml": "environment.yaml",
    "pyprojectToml": "pyproject.toml",
}


_NAMES = "... on Tree { entries { name type } }"
_BLOB_FIELDS = "\n".join(
    f'  {alias}: object(expression: "HEAD:{path}") {{ {_BLOB_TEXT} }}'
    for alias, path in (_PREFETCHED_READMES | _MANIFEST_ALIASES).items()
)


_REPO_FRAGMENT = f"""fragment Repo on Repository {{
  nameWithOwner isArchived isDisabled isEmpty isFork isPrivate
  parent {{ nameWithOwner defaultBranchRef {{ name }} }}
  licenseInfo {{ spdxId key }}
  description homepageUrl pushedAt createdAt stargazerCount forkCount
  issues(states: OPEN) {{ totalCount }}
  {TRACKER_FIELDS}
  pullRequests(states: OPEN) {{ totalCount }}
  latestRelease {{ tagName publishedAt }}
  defaultBranchRef {{ name target {{ oid ... on Commit {{ committedDate }} }} }}
  rootTree: object(expression: "HEAD:") {{ {_NAMES} }}
  githubTree: object(expression: "HEAD:.github") {{ {_NAMES} }}
  docsTree: object(expression: "HEAD:docs") {{ {_NAMES} }}
  gitattributes: object(expression: "HEAD:.gitattributes") {{ ... on Blob {{ text }} }}
{_BLOB_FIELDS}
}}"""


def build_batch_query(size: int) -> str:
    """The facts query for `size` repositories, variables `$o0/$n0` … (owner, name)."""
    params = ", ".join(f"$o{i}: String!, $n{i}: String!" for i in range(size))
    fields = "\n".join(
        f"  r{i}: repository(owner: $o{i}, name: $n{i}) {{ ...Repo }}" for i in range(size)
    )
    return (
        f"query Repos({params}) {{\n{fields}\n  rateLimit {{ cost remaining resetAt }}\n}}\n"
        + _REPO_FRAGMENT
    )


def build_readme_query(size: int) -> str:
    """READMEs at exact paths, variables `$o0/$n0/$e0` … (`$eN` = `HEAD:<path>`)."""
    params = ", ".join(f"$o{i}: String!, $n{i}: String!, $e{i}: String!" for i in range(size))
    fields = "\n".join(
        f"  r{i}: repository(owner: $o{i}, name: $n{i}) "
        f"{{ readme: object(expression: $e{i}) {{ {_BLOB_TEXT} }} }}"
        for i in range(size)
    )
    return f"query Readmes({params}) {{\n{fields}\n  rateLimit {{ cost remaining resetAt }}\n}}\n"


_OBJECT = f"oid {_NAMES} {_BLOB_TEXT}"


def build_objects_query(counts: Sequence[int]) -> str:
    """Git objects by expression (`REF:path`, `HEAD:path`) of several repositories, `counts[i]`
    of the i-th: variables `$o0/$n0` (owner, name) and `$e0_0`, `$e0_1` … (expressions), each
    object as `x0`, `x1` …: a tree's entries, a blob's text (the cited folders' reads)."""
    params = []
    fields = []
    for i, count in enumerate(counts):
        params.append(f"$o{i}: String!, $n{i}: String!")
        params.extend(f"$e{i}_{k}: String!" for k in range(count))
        objects = " ".join(
            f"x{k}: object(expression: $e{i}_{k}) {{ {_OBJECT} }}" for k in range(count)
        )
        fields.append(f"  r{i}: repository(owner: $o{i}, name: $n{i}) {{ {objects} }}")
    return (
        f"query Objects({', '.join(params)}) {{\n"
        + "\n".join(fields)
        + "\n  rateLimit { cost remaining resetAt }\n}\n"
    )


def graphql_repo(
    node: Mapping[str, object],
) -> tuple[RepoFacts, Tree | None, dict[str, Readme], dict[str, str]]:
    """(facts so far, root tree or None when empty, READMEs read by path, the dependency lists
    read for pinning by name)."""
    license_info = node.get("licenseInfo")
    spdx = None
    if isinstance(license_info, dict):
        spdx = spdx_of(license_info.get("spdxId"), license_info.get("key"))
    parent = node.get("parent")
    branch = node.get("defaultBranchRef")
    last_commit = branch_name = head = None
    if isinstance(branch, dict):
        branch_name = text_field(branch, "name")
        target = branch.get("target")
        if isinstance(target, dict):
            last_commit = timestamp(text_field(target, "committedDate"))
            head = text_field(target, "oid") or None
    release = node.get("latestRelease")
    latest = None
    if isinstance(release, dict):
        latest = Release(
            required_str(release, "tagName"), timestamp(text_field(release, "publishedAt"))
        )
    issues = as_object(node.get("issues"), "issues")
    pulls = as_object(node.get("pullRequests"), "pullRequests")
    facts = RepoFacts(
        full_name=required_str(node, "nameWithOwner"),
        exists=True,
        source="graphql",
        archived=required_bool(node, "isArchived"),
        disabled=required_bool(node, "isDisabled"),
        fork=required_bool(node, "isFork"),
        parent=text_field(as_object(parent, "parent"), "nameWithOwner") if parent else None,
        license_spdx=spdx,
        license_class=license_class(spdx),
        pushed_at=timestamp(text_field(node, "pushedAt")),
        created_at=timestamp(text_field(node, "createdAt")),
        stars=required_int(node, "stargazerCount"),
        forks=required_int(node, "forkCount"),
        open_issues=required_int(issues, "totalCount") + required_int(pulls, "totalCount"),
        default_branch=branch_name,
        description=text_field(node, "description") or None,
        homepage=text_field(node, "homepageUrl") or None,
        last_commit_at=last_commit,
        latest_release=latest,
        commit=head,
    )
    if required_bool(node, "isEmpty"):
        return facts, None, {}, {}
    root = node.get("rootTree")
    if not isinstance(root, dict):
        raise Malformed("GitHub GraphQL API gave no root tree for a non-empty repository")
    tree = Tree(
        tuple(
            (required_str(e, "name"), text_field(e, "type") == "blob") for e in _tree_entries(root)
        ),
        _tree_names(node.get("githubTree")),
        _tree_names(node.get("docsTree")),
        text_field(node.get("gitattributes"), "text"),
    )
    readmes = {
        path: blob_readme(blob, path)
        for alias, path in _PREFETCHED_READMES.items()
        if isinstance(blob := node.get(alias), dict)
    }
    manifests = {
        name: text
        for alias, name in _MANIFEST_ALIASES.items()
        if isinstance(blob := node.get(alias), dict) and (text := text_field(blob, "text"))
    }
    return facts, tree, readmes, manifests


def blob_readme(blob: Mapping[str, object], path: str) -> Readme:
    text = text_field(blob, "text") or ""
    return Readme(path, required_int(blob, "byteSize"), text)


def _tree_entries(tree: Mapping[str, object]) -> list[Mapping[str, object]]:
    return [as_entry(e) for e in as_list(tree.get("entries"), "tree entries")]


def _tree_names(tree: object) -> tuple[str, ...]:
    if not isinstance(tree, dict) or "entries" not in tree:
        return ()
    return tuple(
        required_str(e, "name") for e in _tree_entries(tree) if text_field(e, "type") == "blob"
    )


@dataclass(frozen=True, slots=True)
class _Pending:
    """A repository whose README is read by the second query of its batch."""

    facts: RepoFacts
    tree: Tree
    path: str
    manifests: Mapping[str, str]


class _Split(Exception):
    """The batch is to be halved: GitHub found it too heavy (`heavy`: a timeout, the node or
    resource limits), or it failed twice with no reason given (a plain 502, a broken exchange),
    which says nothing of the size of the batches to come."""

    def __init__(self, *, heavy: bool) -> None:
        super().__init__()
        self.heavy = heavy


class GraphQLReader:
    """Repository facts through GraphQL batches."""

    def __init__(self, transport: Transport, follow_ups: FollowUps) -> None:
        self._transport = transport
        self._follow_ups = follow_ups
        self.size = BatchSize()
        # Batches are read one at a time, in the order answered (their READMEs in one worker
        # thread, as when they ran one after another), while the queries of the next ones go.
        self._reading = asyncio.Lock()
        self._answered = 0  # facts queries answered: what the points left already paid for

    async def batch(
        self,
        api: ApiEndpoint,
        batch: list[str],
        upcoming: int = 0,
        asked: Callable[[], None] | None = None,
    ) -> dict[str, HostAnswer]:
        """The answers of `batch`; `upcoming`: how many repositories the run asks about after
        it (the tracker's follow-up leaves the points they need). `asked` is called once its
        query is answered whole, before its READMEs are read: the next batch may then be asked
        (its size follows this answer), and answered before this one is read; batches are read
        in the order answered."""
        try:
            variables: dict[str, str] = {}
            for index, full_name in enumerate(batch):
                owner, name = full_name.split("/")
                variables[f"o{index}"], variables[f"n{index}"] = owner, name
            data, errors, cost = await self._query(api, build_batch_query(len(batch)), variables)
            # The answer's own time: a fault's resend or a rate limit's wait says nothing of it.
            self.size.measured(len(batch), self._transport.last_exchange, cost)
            self._answered += 1
            answered = self._answered
            if asked is not None:
                asked()
        except _Split as split:
            if len(batch) == 1:
                return {batch[0]: _could_not_ask("GitHub GraphQL API timed out")}
            if split.heavy:
                self.size.failed(len(batch))
            half = len(batch) // 2
            return {
                **await self.batch(api, batch[:half], upcoming + len(batch) - half),
                **await self.batch(api, batch[half:], upcoming),
            }
        except Stop as stop:
            return dict.fromkeys(batch, stop.answer(self._transport.scrub))
        async with self._reading:
            # The batches answered after this one have been paid for from the points left.
            upcoming_batches = -(-upcoming // max(1, self.size.current))
            to_come = max(0, upcoming_batches - (self._answered - answered))
            return await self._answers(api, batch, (data, errors, cost), to_come)

    async def _answers(
        self, api: ApiEndpoint, batch: list[str], queried: _Queried, batches_to_come: int
    ) -> dict[str, HostAnswer]:
        """The answers of `batch` from its facts query's answer: the READMEs it holds read,
        the others asked in one more query, then the tracker's follow-up."""
        data, errors, cost = queried
        results: dict[str, HostAnswer] = {}
        pending: dict[str, _Pending] = {}  # README still to read
        complete: dict[str, RawRepository] = {}  # README (or none) in hand
        for index, full_name in enumerate(batch):
            node = data.get(f"r{index}")
            if not isinstance(node, dict):
                failure = errors.get(f"r{index}")
                results[full_name] = await self._follow_ups.unless_blocked(api, full_name, failure)
                continue
            if is_private(node):
                results[full_name] = private()
                continue
            try:
                facts, tree, readmes, manifests = graphql_repo(node)
                self._follow_ups.note_parent_branch(facts, node.get("parent"), "defaultBranchRef")
            except Stop as stop:
                results[full_name] = stop.answer(self._transport.scrub)
                continue
            with suppress(Stop):  # evidence beside the verdict: a malformed tracker is none
                facts = replace(facts, tracker=tracker_of(node, facts.full_name, api.server))
            path = preferred_readme(tree) if tree is not None else None
            if tree is not None and path is not None and path not in readmes:
                pending[full_name] = _Pending(facts, tree, path, manifests)
                continue
            readme = readmes[path] if path is not None else None
            complete[full_name] = RawRepository(facts, tree, readme, manifests)
        done = await complete_all_off_loop(list(complete.values()))
        for full_name, facts in zip(complete, done, strict=True):
            results[full_name] = found_on(facts, full_name, api)
        if pending:
            results.update(await self._readmes(api, pending))
        await self._tracker_answers(api, results, batches_to_come, cost or 1)
        return {name: results[name] for name in batch}

    async def _tracker_answers(
        self,
        api: ApiEndpoint,
        results: dict[str, HostAnswer],
        batches_to_come: int,
        batch_cost: int,
    ) -> None:
        """The labels and maintainers' answers of the open blocker reports of `results`, in one
        query, when the points left cover it and the batches still to come; else those
        repositories say the follow-up was skipped (`TRACKER_FOLLOW_UP`)."""
        asked = {
            name: numbers
            for name, answer in results.items()
            if answer.facts is not None and (numbers := open_reports(answer.facts.tracker))
        }
        if not asked:
            return
        left = self._transport.graphql_left[0] if self._transport.graphql_left else None
        cost = answers_cost(sum(len(numbers) for numbers in asked.values()))
        data: dict[str, object] | None = None
        if affordable(left, cost, batches_to_come, batch_cost):
            variables: dict[str, str | int] = {}
            for index, (name, numbers) in enumerate(asked.items()):
                facts = results[name].facts
                assert facts is not None
                owner, repo = facts.full_name.split("/")
                variables.update({f"o{index}": owner, f"n{index}": repo})
                variables.update({f"i{index}_{k}": n for k, n in enumerate(numbers)})
            query = build_answers_query([len(numbers) for numbers in asked.values()])
            try:
                data, _, _ = await self._query(api, query, variables)
            except (_Split, Stop):
                data = None  # the reports stand without their answers
        for index, name in enumerate(asked):
            answer = results[name]
            facts = answer.facts
            assert facts is not None
            tracker = facts.tracker
            assert tracker is not None
            if data is None:
                facts = replace(facts, skipped=(*facts.skipped, TRACKER_FOLLOW_UP))
            else:
                node = data.get(f"r{index}")
                tracker = with_answers(tracker, node if isinstance(node, dict) else None)
                facts = replace(facts, tracker=tracker)
            results[name] = replace(answer, facts=facts)

    async def _readmes(
        self, api: ApiEndpoint, pending: dict[str, _Pending]
    ) -> dict[str, HostAnswer]:
        """The second query of a batch: READMEs that are not the root README.md."""
        names = list(pending)
        variables: dict[str, str] = {}
        for index, full_name in enumerate(names):
            owner, name = pending[full_name].facts.full_name.split("/")
            expression = "HEAD:" + pending[full_name].path
            variables.update({f"o{index}": owner, f"n{index}": name, f"e{index}": expression})
        data: dict[str, object] = {}
        failure: HostAnswer | None = None
        try:
            data, _, _ = await self._query(api, build_readme_query(len(names)), variables)
        except _Split:
            failure = _could_not_ask("GitHub GraphQL API timed out reading READMEs")
        except Stop as stop:
            failure = stop.answer(self._transport.scrub)
        results: dict[str, HostAnswer] = {}
        for index, full_name in enumerate(names):
            item = pending[full_name]
            node = data.get(f"r{index}")
            blob = node.get("readme") if isinstance(node, dict) else None
            if failure is not None or not isinstance(blob, dict):
                results[full_name] = failure or _could_not_ask(
                    f"GitHub GraphQL API gave no README at {item.path}"
                )
                continue
            try:
                readme = blob_readme(blob, item.path)
            except Stop as stop:
                results[full_name] = stop.answer(self._transport.scrub)
                continue
            done = await complete_off_loop(
                item.facts,
                empty=False,
                tree=item.tree,
                readme=readme,
                manifests=item.manifests,
            )
            results[full_name] = found_on(done, full_name, api)
        return results

    async def folders(
        self, api: ApiEndpoint, items: Sequence[tuple[HostAnswer, CitedPath]]
    ) -> list[HostAnswer]:
        """The cited folders of repositories found (`items`: the repository's answer, the
        folder): one query locates every folder (each split's ref, its folder, the default
        branch's), one reads each located folder's README and dependency lists."""
        located: list[Located | Missing | Unlocated | HostAnswer] = []
        asked = [
            (answer, [e for split in cited.splits() for e in _located_by(split)])
            for answer, cited in items
        ]
        seen = await self._objects(api, asked)
        for (_, cited), objects in zip(items, seen, strict=True):
            if isinstance(objects, HostAnswer):
                located.append(objects)
                continue
            try:
                views = [
                    Seen(
                        objects.get(f"{split.ref}:") is not None,
                        _entries(objects.get(f"{split.ref}:{split.folder}")),
                        _entries(objects.get(f"HEAD:{split.folder}")),
                    )
                    for split in cited.splits()
                ]
            except Stop as stop:
                located.append(stop.answer(self._transport.scrub))
                continue
            located.append(locate(cited, views))
        reads: list[tuple[HostAnswer, list[str]]] = []
        for (answer, _), where in zip(items, located, strict=True):
            if isinstance(where, Located):
                revision = where.ref or "HEAD"
                paths = [
                    *readme_candidates(where.split, where.entries),
                    *manifest_paths(where.split, where.entries).values(),
                ]
                reads.append((answer, [f"{revision}:{path}" for path in paths]))
        blobs = iter(await self._objects(api, reads) if reads else [])
        results: list[HostAnswer] = []
        for (answer, cited), where in zip(items, located, strict=True):
            if isinstance(where, HostAnswer):
                results.append(where)
                continue
            if not isinstance(where, Located):
                results.append(folder_answer(answer, cited, where, api.server))
                continue
            read = next(blobs)
            if isinstance(read, HostAnswer):
                results.append(read)
                continue
            revision = where.ref or "HEAD"
            try:
                readme = next(
                    (
                        blob_readme(blob, path)
                        for path in readme_candidates(where.split, where.entries)
                        if isinstance(blob := read.get(f"{revision}:{path}"), dict)
                    ),
                    None,
                )
                manifests = {
                    name: text
                    for name, path in manifest_paths(where.split, where.entries).items()
                    if isinstance(blob := read.get(f"{revision}:{path}"), dict)
                    and (text := text_field(blob, "text"))
                }
            except Stop as stop:
                results.append(stop.answer(self._transport.scrub))
                continue
            assert answer.facts is not None
            facts = await folder_facts(answer.facts, where, readme, manifests)
            results.append(folder_answer(answer, cited, where, api.server, facts, readme))
        return results

    async def empty_folders(
        self, api: ApiEndpoint, items: Sequence[tuple[HostAnswer, tuple[str, ...]]]
    ) -> list[tuple[str, ...] | None]:
        """For each repository found and the root folders to inspect (`items`): those holding
        only placeholder files (`repofiles.holds_only_placeholders`), None when they could not
        be read. Two queries for them all: the folders' listings, then the files of the small
        ones (a keep file is not read)."""
        listed = await self._objects(
            api, [(answer, [f"HEAD:{folder}" for folder in folders]) for answer, folders in items]
        )
        small: list[dict[str, Entries] | None] = []
        for (_, folders), objects in zip(items, listed, strict=True):
            if isinstance(objects, HostAnswer):
                small.append(None)
                continue
            try:
                entries = {folder: _entries(objects.get(f"HEAD:{folder}")) for folder in folders}
            except Stop:
                small.append(None)
                continue
            small.append(
                {
                    folder: listing
                    for folder, listing in entries.items()
                    if listing is not None
                    and len(listing) <= repofiles.PLACEHOLDER_FOLDER_MAX_ENTRIES
                    and all(is_file for _, is_file in listing)
                }
            )
        reads = [
            (answer, _placeholder_reads(listings))
            for (answer, _), listings in zip(items, small, strict=True)
            if listings and _placeholder_reads(listings)
        ]
        blobs = iter(await self._objects(api, reads) if reads else [])
        results: list[tuple[str, ...] | None] = []
        for listings in small:
            if listings is None:
                results.append(None)
                continue
            read: dict[str, Mapping[str, object] | None] | HostAnswer = {}
            if listings and _placeholder_reads(listings):
                read = next(blobs)
            if isinstance(read, HostAnswer):
                results.append(None)
                continue
            try:
                results.append(_placeholder_only(listings, read))
            except Stop:
                results.append(None)
        return results

    async def folder_files(
        self, api: ApiEndpoint, items: Sequence[tuple[HostAnswer, tuple[str, ...]]]
    ) -> list[Listed | None]:
        """For each repository found and folders of it (`items`, paths from the root): the
        paths of the files and of the folders they hold (one level), None when they could
        not be read. One query for them all."""
        listed = await self._objects(
            api, [(answer, [f"HEAD:{folder}" for folder in folders]) for answer, folders in items]
        )
        results: list[Listed | None] = []
        for (_, folders), objects in zip(items, listed, strict=True):
            if isinstance(objects, HostAnswer):
                results.append(None)
                continue
            try:
                entries = [
                    (f"{folder}/{name}", is_file)
                    for folder in folders
                    for name, is_file in _entries(objects.get(f"HEAD:{folder}")) or ()
                ]
            except Stop:
                results.append(None)
                continue
            results.append(listed_paths(entries))
        return results

    async def releases(self, api: ApiEndpoint, links: Sequence[GitHubRelease]) -> list[HostAnswer]:
        """The verdicts on release links (`hosts.github.releases`), in one query: a repository
        GraphQL does not find is gone (`NOT_FOUND`), any other failure could-not-ask."""
        query = build_releases_query(links)
        try:
            data, errors, _ = await self._query(api, query, releases_variables(links))
        except _Split:
            return [_could_not_ask("GitHub GraphQL API timed out reading releases")] * len(links)
        except Stop as stop:
            return [stop.answer(self._transport.scrub)] * len(links)
        results: list[HostAnswer] = []
        for index, link in enumerate(links):
            node = data.get(f"r{index}")
            if not isinstance(node, dict):
                full_name = f"{link.owner}/{link.name}"
                results.append(graphql_missing(errors.get(f"r{index}"), full_name))
                continue
            try:
                results.append(graphql_judged(link, node))
            except Stop as stop:
                results.append(stop.answer(self._transport.scrub))
        return results

    async def _objects(
        self, api: ApiEndpoint, asked: Sequence[tuple[HostAnswer, Sequence[str]]]
    ) -> list[dict[str, Mapping[str, object] | None] | HostAnswer]:
        """Per repository found, its objects by expression (None: no such object), or the
        answer of the failure that stopped the query."""
        shapes = [list(dict.fromkeys(expressions)) for _, expressions in asked]
        variables: dict[str, str] = {}
        for index, ((answer, _), expressions) in enumerate(zip(asked, shapes, strict=True)):
            assert answer.facts is not None
            owner, name = answer.facts.full_name.split("/")
            variables.update({f"o{index}": owner, f"n{index}": name})
            variables.update({f"e{index}_{k}": e for k, e in enumerate(expressions)})
        query = build_objects_query([len(expressions) for expressions in shapes])
        try:
            data, _, _ = await self._query(api, query, variables)
        except _Split:
            failed = _could_not_ask("GitHub GraphQL API timed out reading cited folders")
            return [failed] * len(asked)
        except Stop as stop:
            return [stop.answer(self._transport.scrub)] * len(asked)
        found: list[dict[str, Mapping[str, object] | None] | HostAnswer] = []
        for index, expressions in enumerate(shapes):
            node = data.get(f"r{index}")
            if not isinstance(node, dict):
                found.append(_could_not_ask("GitHub GraphQL API gave no cited folder"))
                continue
            objects: dict[str, Mapping[str, object] | None] = {}
            for k, expression in enumerate(expressions):
                value = node.get(f"x{k}")
                objects[expression] = value if isinstance(value, dict) else None
            found.append(objects)
        return found

    async def _query(
        self, api: ApiEndpoint, query: str, variables: Mapping[str, str | int]
    ) -> _Queried:
        """(data, errors by alias) of one query, through the retry loop; raises _Split, Stop
        or Malformed."""
        payload = {"query": query, "variables": dict(variables)}
        resent = False  # a plain 502 or a broken exchange: sent again whole once, then halved

        async def attempt() -> _Queried | Again[Stop]:
            nonlocal resent
            try:
                answer = await self._transport.send(
                    "POST",
                    api.graphql,
                    api,
                    headers={"Accept": "application/json"},
                    json_body=payload,
                    # GitHub gives up after 10 s itself; a shorter client timeout would
                    # abandon answers that are on their way.
                    read_timeout=max(self._transport.settings.timeout, 12.0),
                )
            except Stop as stop:
                if stop.outcome is not Outcome.TRANSIENT:
                    raise
                if timed_out(stop) or resent:
                    raise _Split(heavy=timed_out(stop)) from stop
                resent = True
                return Again(stop, counted=False)
            if answer.status == 504 or (
                answer.status == 502 and _TIMED_OUT.search(answer.message())
            ):
                raise _Split(heavy=True)  # GitHub stopped the query at its 10 s
            if answer.status == 502:
                # A fault of the moment, or a batch too heavy: which one, the same batch tells.
                if resent:
                    raise _Split(heavy=False)
                resent = True
                return Again(Stop(Outcome.TRANSIENT, "answered 502"), counted=False)
            if answer.status == 401:
                raise Stop(
                    Outcome.UNCHECKED, "GitHub rejected the token (401 Bad credentials)", 401
                )
            if self._transport.retry.is_transient_status(answer.status):
                failed = Stop(Outcome.TRANSIENT, f"GitHub GraphQL API answered {answer.status}")
                return Again(failed, retry_after(answer.headers, now=self._transport.fetcher.now()))
            return await self._read(api, answer)

        result: _Queried | GaveUp[Stop] = await self._transport.retry.run(attempt)
        if isinstance(result, GaveUp):
            raise result.failure
        return result

    async def _read(self, api: ApiEndpoint, answer: Answer) -> _Queried | Again[Stop]:
        """What a GraphQL answer holds; `Again` once the primary limit's reset was waited."""
        body = as_object(answer.json(WHO), "GraphQL answer")
        errors = body.get("errors")
        error_list = errors if isinstance(errors, list) else []
        types = {e.get("type") for e in error_list if isinstance(e, dict)}
        data = body.get("data")
        limit = data.get("rateLimit") if isinstance(data, dict) else None
        cost = self._transport.graphql_spent(limit)
        if "RATE_LIMITED" in types:  # waited out once a run, else a Stop
            await self._transport.primary_limit(api, answer, graphql=True)
            return Again(Stop(Outcome.UNCHECKED, "GitHub GraphQL rate limit"), counted=False)
        if answer.status != 200:
            raise Stop(
                Outcome.TRANSIENT,
                f"GitHub GraphQL API answered {answer.status}: {answer.message()}".rstrip(": "),
                answer.status,
            )
        if types & {"MAX_NODE_LIMIT_EXCEEDED", "RESOURCE_LIMITS_EXCEEDED"}:
            raise _Split(heavy=True)
        if not _holds_aliases(data) and any(
            isinstance(e, dict) and _TIMED_OUT.search(str(e.get("message", ""))) for e in error_list
        ):
            raise _Split(heavy=True)  # "Something went wrong … may be the result of a timeout"
        if not isinstance(data, dict):
            first = error_list[0] if error_list and isinstance(error_list[0], dict) else {}
            message = first.get("message") if isinstance(first, dict) else None
            raise Malformed(f"GitHub GraphQL API answered no data: {message or 'no reason'}")
        by_alias: dict[str, Mapping[str, object]] = {}
        for error in error_list:
            path = error.get("path") if isinstance(error, dict) else None
            if isinstance(path, list) and path and isinstance(path[0], str):
                by_alias.setdefault(path[0], error)
        return data, by_alias, cost


def _located_by(split: Split) -> tuple[str, ...]:
    """The objects that locate one split: its ref's root, its folder there and on the
    default branch."""
    return (f"{split.ref}:", f"{split.ref}:{split.folder}", f"HEAD:{split.folder}")


def _entries(tree: Mapping[str, object] | None) -> Entries | None:
    """A folder's listing (None: no folder there; a file is no folder)."""
    if tree is None or "entries" not in tree:
        return None
    return tuple(
        (required_str(e, "name"), text_field(e, "type") == "blob") for e in _tree_entries(tree)
    )


def _placeholder_reads(folders: Mapping[str, Entries]) -> list[str]:
    """The files of small folders read to tell placeholders from code (keep files are not)."""
    return [
        f"HEAD:{folder}/{name}"
        for folder, listing in folders.items()
        for name, _ in listing
        if not repofiles.is_keep_file(name)
    ]


def _placeholder_only(
    folders: Mapping[str, Entries], blobs: Mapping[str, Mapping[str, object] | None]
) -> tuple[str, ...]:
    """The folders of `folders` whose files (read as `blobs`) are all placeholders."""
    empty = []
    for folder, listing in folders.items():
        files: dict[str, tuple[int | None, str | None]] = {}
        for name, _ in listing:
            blob = blobs.get(f"HEAD:{folder}/{name}")
            if repofiles.is_keep_file(name):
                files[name] = (None, None)
            elif isinstance(blob, dict) and "byteSize" in blob:
                files[name] = (required_int(blob, "byteSize"), text_field(blob, "text") or None)
        if repofiles.holds_only_placeholders(listing, files):
            empty.append(folder)
    return tuple(empty)


def _holds_aliases(data: object) -> bool:
    """Whether an answer's data holds any alias's result (not only `rateLimit`)."""
    return isinstance(data, dict) and any(
        value is not None for key, value in data.items() if key != "rateLimit"
    )


def _could_not_ask(detail: str) -> HostAnswer:
    return verdict(Reason.COULD_NOT_ASK, Outcome.TRANSIENT, detail)
