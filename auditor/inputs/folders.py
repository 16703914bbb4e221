"""Folders given as inputs: every paper list under a folder, by the known extensions, in sorted
order; hidden files and folders, the run's own output folder, paper-auditor's own reports and
common files of a repository that are no lists (`README.md`, `package.json`, …) left out."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from auditor.inputs.formats import EXTENSIONS

# Files every repository has that are never paper lists, whatever their extension.
_NOT_LISTS = re.compile(
    r"^(?:readme|changelog|changes|history|news|licen[cs]e|copying|notice|authors|contributors"
    r"|contributing|code_of_conduct|security|support|citation|funding|codeowners|todo)(?:[._-].*)?$"
    r"|^(?:package(?:-lock)?|composer|bower|lerna|deno|manifest|renovate|vercel|app|tsconfig"
    r"|jsconfig|pyrightconfig|\.?eslintrc|\.?prettierrc|\.?babelrc)(?:[._-].*)?\.json$"
    r"|^(?:requirements|constraints)(?:[._-].*)?\.txt$|^(?:robots|cmakelists|llms)\.txt$"
    r"|\.schema\.json$",
    re.I,
)
# Folders of tools and environments, never of lists.
_NOT_LIST_FOLDERS = frozenset({"node_modules", "__pycache__", "site-packages", "venv", "env"})
# The reports paper-auditor writes; skipped when they say they are ours.
_REPORT_NAMES = frozenset({"scorecard.json", "summary.md", "index.html", "papers.csv", "links.csv"})
# How our tables begin (docs/data-out.md; tests/test_render_data.py holds them to the writer).
OUR_TABLE_HEADERS = (b"key,id,name,title,", b"url,kind,outcome,detail,")


@dataclass(frozen=True, slots=True)
class Folder:
    """What a folder holds: the list files to read and the names left out."""

    files: tuple[str, ...]
    skipped: tuple[str, ...]


def list_files(folder: str, *, skip: Iterable[str | os.PathLike[str]] = ()) -> Folder:
    """The paper lists under `folder`, as paths joined onto it as given (`lists/` gives
    `lists/a.md`), sorted; `skip` names folders to leave out (the run's output folder)."""
    skipped_folders = {_identity(Path(path)) for path in skip}
    files: list[str] = []
    skipped: list[str] = []
    for root, folders, names in os.walk(folder):
        kept = []
        for name in sorted(folders):
            path = os.path.join(root, name)
            if name.startswith(".") or name in _NOT_LIST_FOLDERS:
                continue
            if _identity(Path(path)) in skipped_folders:
                skipped.append(path + os.sep)
                continue
            kept.append(name)
        folders[:] = kept
        for name in sorted(names):
            path = os.path.join(root, name)
            if name.startswith("."):
                continue
            if os.path.splitext(name)[1].lower() not in EXTENSIONS:
                continue
            if _NOT_LISTS.search(name) or (name.lower() in _REPORT_NAMES and _is_our_report(path)):
                skipped.append(path)
                continue
            files.append(path)
    return Folder(tuple(sorted(files, key=_sort_key)), tuple(skipped))


def _identity(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()


def _sort_key(path: str) -> tuple[str, ...]:
    return tuple(Path(path).parts)


def _is_our_report(path: str) -> bool:
    try:
        with open(path, "rb") as stream:
            head = stream.read(16384)
            if head.startswith(OUR_TABLE_HEADERS):
                return True
            stream.seek(max(0, os.fstat(stream.fileno()).st_size - 4096))
            return b"paper-auditor" in head or b"paper-auditor" in stream.read()
    except OSError:
        return False
