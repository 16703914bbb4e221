"""A repository's facts from its raw pieces, the same whichever host listed them (GitHub's two
APIs, Bitbucket, Codeberg and Forgejo, Gitee, Software Heritage): its root listing, the README
the host would show, and the dependency lists that decide pinning; on the forges that list a
folder by path (GitLab, Codeberg and Forgejo, Bitbucket, Gitee), the checkpoints committed in
the root folders named for weights (`with_weights_folders`; GitHub lists them in its own
batches, the Hugging Face Hub lists every file at once). What the names mean is
`auditor.facts.repofiles`'; what a README covers, `auditor.readme.analysis`'s."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from auditor.deadline import in_thread
from auditor.facts import repofiles
from auditor.hosts.answers import Stop
from auditor.models import WEIGHTS_FOLDERS, RepoFacts
from auditor.readme.analysis import with_readme


@dataclass(frozen=True, slots=True)
class Readme:
    path: str
    size: int
    text: str


@dataclass(frozen=True, slots=True)
class Tree:
    """A repository's root, with the `.github` and `docs` folder names for README choice."""

    entries: tuple[tuple[str, bool], ...]  # (name, is_file)
    github: tuple[str, ...] = ()
    docs: tuple[str, ...] = ()
    gitattributes: str | None = None  # the root `.gitattributes` text, when read (Git LFS)

    def files(self) -> tuple[str, ...]:
        return tuple(name for name, is_file in self.entries if is_file)

    def folders(self) -> frozenset[str]:
        return frozenset(name.casefold() for name, is_file in self.entries if not is_file)


@dataclass(frozen=True, slots=True)
class Listed:
    """What listing some folders gave: the paths of the files and of the folders they hold."""

    files: tuple[str, ...]
    folders: tuple[str, ...]


def listed_paths(entries: Iterable[tuple[str, bool]]) -> Listed:
    """`Listed` from (path, is_file) entries, each kind in name order."""
    entries = sorted(entries)
    return Listed(
        tuple(path for path, is_file in entries if is_file),
        tuple(path for path, is_file in entries if not is_file),
    )


def complete(
    facts: RepoFacts,
    *,
    empty: bool,
    tree: Tree | None,
    readme: Readme | None,
    manifests: Mapping[str, str],
) -> RepoFacts:
    """`facts` completed from the raw pieces: the root listing's facts, the README's."""
    if empty or tree is None:
        return repofiles.with_root_listing(replace(facts, empty=True, default_branch=None), ())
    names = tuple(name for name, _ in tree.entries)
    facts = repofiles.with_root_listing(replace(facts, empty=False), names, manifests)
    facts = repofiles.with_gitattributes(facts, tree.gitattributes)
    return with_readme(
        facts,
        readme.path if readme else None,
        readme.size if readme else None,
        readme.text if readme else "",
        root_files=facts.root_files,
        repository=facts.full_name,
    )


async def complete_off_loop(
    facts: RepoFacts,
    *,
    empty: bool,
    tree: Tree | None,
    readme: Readme | None,
    manifests: Mapping[str, str],
) -> RepoFacts:
    """`complete` in a worker thread, within the run's deadline, as every host's README is
    analysed (`readme.with_host_readme`): a large README never holds the event loop, and the
    deadline falling meanwhile is `OutOfTime`, the caller's."""
    completing = functools.partial(
        complete, facts, empty=empty, tree=tree, readme=readme, manifests=manifests
    )
    return await in_thread(completing)


@dataclass(frozen=True, slots=True)
class RawRepository:
    """A repository's raw pieces, as `complete` takes them (no listing: an empty one)."""

    facts: RepoFacts
    tree: Tree | None
    readme: Readme | None
    manifests: Mapping[str, str]


async def complete_all_off_loop(repositories: Sequence[RawRepository]) -> list[RepoFacts]:
    """`complete_off_loop` for a batch's repositories in one worker thread: one hand-off to
    the event loop for the batch, not one a README (on a busy loop each waits its turn)."""

    def completing() -> list[RepoFacts]:
        return [
            complete(
                raw.facts,
                empty=raw.tree is None,
                tree=raw.tree,
                readme=raw.readme,
                manifests=raw.manifests,
            )
            for raw in repositories
        ]

    return await in_thread(completing) if repositories else []


def manifests_to_read(tree: Tree) -> tuple[str, ...]:
    """The root files whose text decides pinning, as `repofiles` says."""
    return repofiles.manifests_to_read(tree.files())


def preferred_readme(tree: Tree) -> str | None:
    """The README the host shows, from the root, `.github/` and `docs/` listings."""
    return repofiles.preferred_readme({".github": tree.github, "": tree.files(), "docs": tree.docs})


# A file of a repository as text, or None when the host did not give it.
FileReader = Callable[[str], Awaitable[str | None]]


async def no_file(path: str) -> str | None:
    """A `FileReader` for a repository with no files."""
    return None


async def complete_from_root(
    facts: RepoFacts, entries: Sequence[tuple[str, bool]], read: FileReader
) -> RepoFacts:
    """`facts` completed from a root listing ((name, is_file) pairs) by `complete`: the README
    the host would show and the dependency lists read through `read`."""
    tree = Tree(tuple(entries))
    readme = None
    path = preferred_readme(tree)
    text = await read(path) if path else None
    if path and text is not None:
        readme = Readme(path, len(text.encode()), text[: repofiles.MAX_README_BYTES])
    manifests: dict[str, str] = {}
    for name in manifests_to_read(tree):
        manifest = await read(name)
        if manifest is not None:
            manifests[name] = manifest
    return await complete_off_loop(
        facts, empty=not entries, tree=tree, readme=readme, manifests=manifests
    )


# A folder's listing by its path from the root, at the default branch: (name, is_file) pairs;
# None when the host lists no such folder.
FolderLister = Callable[[str], Awaitable[Sequence[tuple[str, bool]] | None]]


async def with_weights_folders(
    facts: RepoFacts, root: Iterable[str], listing: FolderLister
) -> RepoFacts:
    """`facts` with the checkpoints committed in the root folders named for weights among the
    root's entry names (`repofiles.weights_folders`, at most three) and in the first
    subfolders of each (`repofiles.weights_subfolders`), one `listing` request a folder, as
    GitHub's are listed. A folder the host would not list (a failure, an answer naming no
    folder) is named as skipped (`WEIGHTS_FOLDERS`): D4 is then unknown, never failed for
    want of it."""
    todo = repofiles.weights_folders(root)
    if not todo:
        return facts
    files: list[str] = []
    unlisted = False
    for _level in range(2):
        folders: list[str] = []
        for folder in todo:
            try:
                entries = await listing(folder)
            except Stop:
                entries = None
            if entries is None:
                unlisted = True
                continue
            listed = listed_paths((f"{folder}/{name}", is_file) for name, is_file in entries)
            files.extend(listed.files)
            folders.extend(listed.folders)
        todo = repofiles.weights_subfolders(folders)
    facts = repofiles.with_committed_weights(facts, files)
    if unlisted:
        facts = replace(facts, skipped=(*facts.skipped, WEIGHTS_FOLDERS))
    return facts
