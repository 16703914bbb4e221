"""What both backends derive the same way from a repository's raw pieces (root listing, README,
requirements.txt): the README GitHub would show, the README covers, the environment files and
whether dependencies are pinned. The same facts whichever API answered."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from auditor import repofiles
from auditor.licenses import NOASSERTION
from auditor.models import RepoFacts
from auditor.readme import with_readme


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


def complete(
    facts: RepoFacts,
    *,
    empty: bool,
    tree: Tree | None,
    readme: Readme | None,
    manifests: Mapping[str, str],
) -> RepoFacts:
    """The facts both backends derive the same way from the raw pieces."""
    if empty or tree is None:
        return replace(
            facts, empty=True, default_branch=None, has_citation_cff=False, deps_pinned=None
        )
    names = tuple(sorted(name for name, _ in tree.entries))
    env_files = repofiles.environment_files(names)
    facts = replace(
        facts,
        empty=False,
        root_files=names,
        env_files=env_files,
        deps_pinned=repofiles.deps_pinned(
            env_files,
            None,
            manifests={n: text for n, text in manifests.items() if n in manifests_to_read(tree)},
        ),
        has_citation_cff=repofiles.CITATION_FILE in names,
    )
    return with_readme(
        facts,
        readme.path if readme else None,
        readme.size if readme else None,
        readme.text if readme else "",
        root_files=names,
    )


def manifests_to_read(tree: Tree) -> tuple[str, ...]:
    """The root files whose text decides pinning, as `repofiles` says."""
    return repofiles.manifests_to_read([name for name, is_file in tree.entries if is_file])


def preferred_readme(tree: Tree) -> str | None:
    """The README GitHub shows, from the root, `.github/` and `docs/` listings."""
    root = (name for name, is_file in tree.entries if is_file)
    return repofiles.preferred_readme({".github": tree.github, "": root, "docs": tree.docs})


def spdx_of(spdx_id: object, key: object) -> str | None:
    if isinstance(spdx_id, str) and spdx_id:
        return spdx_id
    # GraphQL's spdxId can be null for the pseudo licence "other": say NOASSERTION like REST.
    return NOASSERTION if key == "other" else None
