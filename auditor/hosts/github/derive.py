"""What both backends derive the same way from a repository's raw pieces (root listing, README,
requirements.txt): the README GitHub would show, the README covers, the environment files and
whether dependencies are pinned. The same facts whichever API answered."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from auditor import repofiles
from auditor.licenses import NOASSERTION
from auditor.models import RepoFacts
from auditor.readme import analyze_readme

MAX_README_BYTES = 1024 * 1024


README_NAME = re.compile(r"readme(\.[a-z0-9]+)?", re.IGNORECASE)


_README_EXT_RANK = {".md": 0, ".markdown": 1, ".rst": 2, ".txt": 3, "": 4}


_README_DIRS = (".github", "", "docs")  # GitHub's documented preference when several exist


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
    analysis = analyze_readme(readme.text if readme else "", root_files=names)
    env_files = repofiles.environment_files(names)
    return replace(
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
        readme_path=readme.path if readme else None,
        readme_bytes=readme.size if readme else None,
        readme_covers=analysis.covers,
        readme_evidence=analysis.evidence,
        artifact_links=analysis.artifact_links,
        readme_moved_to=analysis.moved_to,
        reading_list=analysis.reading_list,
        readme_citation_titles=analysis.citation_titles,
    )


def manifests_to_read(tree: Tree) -> tuple[str, ...]:
    """The root files whose text decides pinning, as `repofiles` says."""
    return repofiles.manifests_to_read([name for name, is_file in tree.entries if is_file])


def preferred_readme(tree: Tree) -> str | None:
    """GitHub's choice: `.github/`, then the root, then `docs/`; .md before .rst before …"""
    folders = {
        ".github": tree.github,
        "": tuple(name for name, is_file in tree.entries if is_file),
        "docs": tree.docs,
    }
    for folder in _README_DIRS:
        names = [n for n in folders[folder] if README_NAME.fullmatch(n)]
        if names:
            best = min(names, key=lambda n: (_README_EXT_RANK.get(_ext(n), 5), n))
            return f"{folder}/{best}" if folder else best
    return None


def _ext(name: str) -> str:
    return ("." + name.rsplit(".", 1)[1]).casefold() if "." in name else ""


def spdx_of(spdx_id: object, key: object) -> str | None:
    if isinstance(spdx_id, str) and spdx_id:
        return spdx_id
    # GraphQL's spdxId can be null for the pseudo licence "other": say NOASSERTION like REST.
    return NOASSERTION if key == "other" else None
