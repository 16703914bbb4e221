"""The cited part of a repository: a link to `/tree/REF/PATH` or `/blob/REF/PATH` is judged on
that folder (for `blob/`, the folder holding the file, and the file's existence), not on the
repository's root.

The link does not say where REF ends (`release/v2/models/eta`: the ref may be `release`, or
`release/v2`), so every split of its segments is a candidate, the longest ref first (at most
`MAX_REF_SEGMENTS` segments). Each backend observes, per candidate, whether the ref exists,
what its folder holds and what the default branch holds at that path (`Seen`); `locate` decides
alike for both: judged on the ref; `moved` to the default branch when the ref is gone or lacks
the path but the default branch holds it ("REF not found; judged on the default branch");
`dead` only when the ref exists and neither it nor the default branch holds the path; when
no candidate ref exists and the default branch lacks every candidate path, the repository's
root is judged, `moved`, saying so. `folder_facts` completes a repository's facts from the
folder's pieces, as `hosts.listing` does from a root's, and records the folder and the ref."""

from __future__ import annotations

import posixpath
from abc import abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal
from urllib.parse import unquote, urlsplit

from auditor.facts import repofiles
from auditor.hosts.adapter import (
    NOT_SERVED,
    HostAnswer,
    Reason,
    Target,
    UrlAdapter,
    not_served,
    verdict,
)
from auditor.hosts.answers import Stop
from auditor.hosts.listing import Readme, Tree, complete_off_loop, preferred_readme
from auditor.links import GITHUB, github_full_name, is_github_full_name
from auditor.links.hosts import canonical_host
from auditor.links.normalize import cites_folder
from auditor.models import LinkKind, Outcome, RepoFacts

# Refs longer than this many segments are not tried: a link cannot make a query unbounded.
MAX_REF_SEGMENTS = 4
# The fact a tokenless run names as skipped when the budget cannot cover reading the folder.
FOLDER = "cited-folder"

Entries = tuple[tuple[str, bool], ...]  # (name, is_file) in one folder


@dataclass(frozen=True, slots=True)
class Split:
    """One reading of a link's segments: `ref`, and `path` inside it."""

    ref: str
    path: str
    view: Literal["tree", "blob"]

    @property
    def folder(self) -> str:
        """The folder judged: the path (`tree/`), or the folder holding the file (`blob/`)."""
        return posixpath.dirname(self.path) if self.view == "blob" else self.path

    @property
    def file(self) -> str | None:
        """The cited file's name (`blob/` only)."""
        return posixpath.basename(self.path) if self.view == "blob" else None

    def holds(self, entries: Entries | None) -> bool:
        """Whether a listing of `folder` (None: there is no such folder) holds what is cited."""
        if entries is None:
            return False
        return self.file is None or (self.file, True) in entries


@dataclass(frozen=True, slots=True)
class CitedPath:
    """A link into a GitHub repository's tree: `owner/name`, `tree` or `blob`, and the segments
    after it (REF and PATH, as the link writes them)."""

    full_name: str
    view: Literal["tree", "blob"]
    segments: tuple[str, ...]

    @property
    def key(self) -> str:
        """How the GitHub adapter is asked for it: `owner/name/tree/REF/PATH`."""
        return "/".join((self.full_name, self.view, *self.segments))

    @property
    def written(self) -> str:
        return "/".join(self.segments)

    def splits(self) -> tuple[Split, ...]:
        """Every (ref, path) reading, the longest ref first; a `blob/` path names a file."""
        most = min(MAX_REF_SEGMENTS, len(self.segments) - (self.view == "blob"))
        return tuple(
            Split("/".join(self.segments[:k]), "/".join(self.segments[k:]), self.view)
            for k in range(most, 0, -1)
        )


def cited_path(key: str) -> CitedPath | None:
    """The `CitedPath` a key (`owner/name/tree/REF/PATH`) or a GitHub URL names; None for a
    repository's root and any other page. A link needs a path after its first segment (a
    bare `/tree/REF` is the repository, as it always was)."""
    if "://" in key:
        parts = urlsplit(key)
        if canonical_host(parts) != GITHUB:
            return None
        key = parts.path
    segments = [unquote(segment) for segment in key.split("/") if segment]
    if not cites_folder(segments):
        return None
    full_name = f"{segments[0]}/{segments[1]}"
    if not is_github_full_name(full_name) or any(s in (".", "..") for s in segments[3:]):
        return None
    view: Literal["tree", "blob"] = "tree" if segments[2] == "tree" else "blob"
    return CitedPath(full_name, view, tuple(segments[3:]))


@dataclass(frozen=True, slots=True)
class Seen:
    """What a backend saw of one split: whether its ref exists (None: not asked), the listing
    of its folder on the ref, and on the default branch (None: no such folder, or not asked)."""

    ref_exists: bool | None
    on_ref: Entries | None
    on_default: Entries | None


@dataclass(frozen=True, slots=True)
class Located:
    """The folder to judge: on `ref` (None: the default branch), with its listing; `note` says
    why it is not the ref the link names, when it is not."""

    split: Split
    ref: str | None
    entries: Entries
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Missing:
    """The ref exists and neither it nor the default branch holds the path: `dead`."""

    detail: str


@dataclass(frozen=True, slots=True)
class Unlocated:
    """No candidate ref exists and the default branch lacks every path: the root is judged."""

    detail: str


def locate(cited: CitedPath, seen: Sequence[Seen]) -> Located | Missing | Unlocated:
    """The folder to judge from what was seen of each split (in `cited.splits()`'s order)."""
    splits = cited.splits()
    what = "file" if cited.view == "blob" else "folder"
    for split, saw in zip(splits, seen, strict=True):
        if not saw.ref_exists:
            continue
        if split.holds(saw.on_ref):
            return Located(split, split.ref, saw.on_ref or ())
        if split.path and split.holds(saw.on_default):
            note = f"{split.path} not on {split.ref}; judged on the default branch"
            return Located(split, None, saw.on_default or (), note)
        return Missing(f"{what} {split.path} is on neither {split.ref} nor the default branch")
    for split, saw in zip(splits, seen, strict=True):
        if split.path and split.holds(saw.on_default):
            note = f"{split.ref} not found; judged on the default branch"
            return Located(split, None, saw.on_default or (), note)
    return Unlocated(
        f"no ref of {cited.written} found, nor its path on the default branch; "
        "judged on the repository"
    )


# A host's folder listing at a ref (None: the default branch); None when there is no folder.
Lister = Callable[[str, str | None], Awaitable[Entries | None]]


async def locate_by(
    cited: CitedPath,
    listing: Lister,
    ref_exists: Callable[[str], Awaitable[bool]] | None = None,
) -> Located | Missing | Unlocated:
    """`locate` for a host that lists a folder at a ref by path (GitLab's tree API, Forgejo's
    contents API): each split the longest ref first, until one whose ref exists (its folder
    listed, else the ref asked of `ref_exists`, by default: its root is listed); the default
    branch's folder when the ref lacks it; the default branch's for every split when no ref
    exists."""

    async def root_listed(ref: str) -> bool:
        return await listing("", ref) is not None

    ref_exists = ref_exists or root_listed
    splits = cited.splits()
    seen = [Seen(None, None, None)] * len(splits)
    for index, split in enumerate(splits):
        entries = await listing(split.folder, split.ref)
        if split.holds(entries):
            seen[index] = Seen(True, entries, None)
            break
        if entries is not None or await ref_exists(split.ref):
            default = await listing(split.folder, None) if split.path else None
            seen[index] = Seen(True, entries, default)
            break
        seen[index] = Seen(False, None, None)
    else:
        for index, split in enumerate(splits):
            if split.path:
                default = await listing(split.folder, None)
                seen[index] = replace(seen[index], on_default=default)
                if split.holds(default):
                    break
    return locate(cited, seen)


async def located_answer(
    facts: RepoFacts,
    located: Located,
    read: Callable[[str], Awaitable[str | None]],
    tree_url: str,
) -> HostAnswer:
    """A located folder's verdict on a host read file by file (`read`: a repository path at
    the located ref, None when absent): its README (or the nearest up the tree) and dependency
    lists read, the facts completed from them; `moved` to the folder under `tree_url` (the
    host's page of the repository at the located ref) when the folder is not where the link
    says (`located.note`)."""
    readme = None
    for path in readme_candidates(located.split, located.entries):
        text = await read(path)
        if text is not None:
            readme = Readme(path, len(text.encode()), text)
            break
    manifests: dict[str, str] = {}
    for name, path in manifest_paths(located.split, located.entries).items():
        text = await read(path)
        if text is not None:
            manifests[name] = text
    done = await folder_facts(facts, located, readme, manifests)
    detail = folder_detail(located, readme)
    if located.note is None:
        return verdict(Reason.FOUND, Outcome.OK, detail, 200, facts=done)
    path = located.split.path
    moved_url = f"{tree_url}/{path}" if path else tree_url
    return verdict(Reason.MOVED, Outcome.MOVED, detail, 200, facts=done, final_url=moved_url)


def readme_candidates(split: Split, entries: Entries) -> tuple[str, ...]:
    """Repository paths of the README to read for the folder, in order: the one the folder
    shows, else the usual names in each folder up the tree, the nearest first."""
    shown = preferred_readme(Tree(entries))
    if shown is not None:
        return (posixpath.join(split.folder, shown),)
    ancestors: list[str] = []
    folder = split.folder
    while folder:
        folder = posixpath.dirname(folder)
        ancestors.append(folder)
    return tuple(path for ancestor in ancestors for path in repofiles.usual_readmes(ancestor))


def manifest_paths(split: Split, entries: Entries) -> dict[str, str]:
    """The folder's dependency lists that decide pinning: name → repository path."""
    names = repofiles.manifests_to_read(Tree(entries).files())
    return {name: posixpath.join(split.folder, name) for name in names}


async def folder_facts(
    facts: RepoFacts,
    located: Located,
    readme: Readme | None,
    manifests: dict[str, str],
) -> RepoFacts:
    """`facts` of the repository completed from the located folder (its listing, the README
    read at a repository path, the dependency lists by name) instead of the root: names are
    the folder's; a README up the tree is named relative to it (`../README.md`)."""
    folder = located.split.folder
    relative = None
    if readme is not None:
        path = posixpath.relpath(readme.path, folder or ".")
        relative = Readme(path, readme.size, readme.text)
    done = await complete_off_loop(
        facts, empty=False, tree=Tree(located.entries), readme=relative, manifests=manifests
    )
    return replace(done, folder=folder or None, ref=located.ref)


def folder_detail(located: Located, readme: Readme | None) -> str:
    """The link's detail: what was judged, and what is not as the link says."""
    where = f"{located.split.folder}/" if located.split.folder else "the root"
    parts = [f"judged on {where} at {located.ref or 'the default branch'}"]
    if located.split.file is not None:
        parts[0] += f" (holding {located.split.file})"
    if located.note:
        parts.append(located.note)
    if readme is None:
        parts.append("no README in the folder or up the tree")
    elif posixpath.dirname(readme.path) != located.split.folder:
        up = posixpath.dirname(readme.path)
        parts.append(f"README from {f'{up}/' if up else 'the root'}, the nearest up the tree")
    return "; ".join(parts)


def folder_url(server: str, full_name: str, located: Located, default_branch: str | None) -> str:
    """Where the judged folder is shown."""
    ref = located.ref or default_branch or "HEAD"
    path = located.split.path
    return f"{server}/{full_name}/{located.split.view}/{ref}" + (f"/{path}" if path else "")


def repository_key(url: str) -> str | None:
    """What the GitHub adapter is asked for a repository link: `owner/name`, or the cited
    folder's key (`owner/name/tree/REF/PATH`); None when `url` names no GitHub repository."""
    cited = cited_path(url)
    return cited.key if cited is not None else github_full_name(url)


def folder_answer(
    root: HostAnswer,
    cited: CitedPath,
    located: Located | Missing | Unlocated,
    server: str,
    facts: RepoFacts | None = None,
    readme: Readme | None = None,
) -> HostAnswer:
    """The cited folder's verdict, from the repository's (`root`, found or moved) and where the
    folder was found (`facts`: the folder's, for a `Located` one)."""
    base = root.facts
    assert base is not None
    if isinstance(located, Missing):
        return verdict(Reason.GONE, Outcome.DEAD, located.detail, 404, facts=None)
    if isinstance(located, Unlocated):
        final_url = f"{server}/{base.full_name}"
        return verdict(
            Reason.MOVED, Outcome.MOVED, located.detail, 200, facts=base, final_url=final_url
        )
    assert facts is not None
    detail = folder_detail(located, readme)
    if located.note is None and root.check.outcome is not Outcome.MOVED:
        return verdict(Reason.FOUND, Outcome.OK, detail, 200, facts=facts)
    if root.check.outcome is Outcome.MOVED:
        detail = f"{root.check.detail}; {detail}"
    final_url = folder_url(server, facts.full_name, located, facts.default_branch)
    return verdict(Reason.MOVED, Outcome.MOVED, detail, 200, facts=facts, final_url=final_url)


def skipped(cited: CitedPath, why: str) -> HostAnswer:
    """The folder not read (the budget, a failure): `unchecked`, naming the skipped fact."""
    detail = f"{FOLDER} {cited.written} not read: {why}"
    return verdict(Reason.COULD_NOT_ASK, Outcome.UNCHECKED, detail)


def not_located(
    where: Missing | Unlocated, facts: RepoFacts | None, repository_url: str
) -> HostAnswer:
    """The answer for a cited folder not found where the link says: `dead` when the ref exists
    and neither it nor the default branch holds the path (`Missing`); else no reading of the
    link locates it, and the repository at `repository_url` (its `facts`) is `moved` to."""
    if isinstance(where, Missing):
        return verdict(Reason.GONE, Outcome.DEAD, where.detail, 404)
    return verdict(
        Reason.MOVED, Outcome.MOVED, where.detail, 200, facts=facts, final_url=repository_url
    )


class FolderForge(UrlAdapter[Target]):
    """A forge whose links may cite a folder of a repository (its `target`: `owner/name`, or
    a Hugging Face collection and id): a link is judged on its repository, then, when the
    repository is there, on the folder it cites."""

    @abstractmethod
    def cited(self, url: str, target: Target) -> CitedPath | None:
        """The folder `url` cites of the repository `target`; None for the repository itself."""

    @abstractmethod
    async def folder(self, facts: RepoFacts, cited: CitedPath) -> HostAnswer:
        """The cited folder's verdict and facts, the repository's `facts` known."""

    async def check(self, url: str, kind: LinkKind | None = None) -> HostAnswer:
        target = self.target(url, kind)
        if target is None:
            return not_served(NOT_SERVED)
        cited = self.cited(url, target)
        root = await self.facts(target)
        if cited is None or root.facts is None or root.check.outcome is not Outcome.OK:
            return root
        try:
            return await self.folder(root.facts, cited)
        except Stop as stop:
            return stop.answer()
