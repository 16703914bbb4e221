"""Check a release tag and print its notes: `python3 scripts/release_notes.py vX.Y.Z`.

The tag must name the version pyproject.toml takes from its version source
(`[tool.hatch.version] path`), and CHANGELOG.md must have a non-empty section `## [X.Y.Z]`;
that section is printed. Standard library only: the release job installs nothing.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TAG = re.compile(r"v(\d+\.\d+\.\d+)")


class ReleaseError(Exception):
    pass


def project_version(root: Path) -> str:
    pyproject = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    source = root / pyproject["tool"]["hatch"]["version"]["path"]
    found = re.search(r'^__version__ = "([^"]+)"$', source.read_text(encoding="utf-8"), re.M)
    if found is None:
        raise ReleaseError(f"{source.name} sets no __version__")
    return found.group(1)


def changelog_section(changelog: str, version: str) -> str:
    """The body of `## [version]` (up to the next `## ` heading), stripped."""
    heading = re.compile(rf"^## \[{re.escape(version)}\]([ \t].*)?$", re.M)
    start = heading.search(changelog)
    if start is None:
        raise ReleaseError(f"CHANGELOG.md has no section '## [{version}]'")
    end = re.compile(r"^## ", re.M).search(changelog, start.end())
    body = changelog[start.end() : end.start() if end else len(changelog)].strip()
    if not body:
        raise ReleaseError(f"CHANGELOG.md's section '## [{version}]' is empty")
    return body


def release_notes(tag: str, root: Path = ROOT) -> str:
    match = TAG.fullmatch(tag)
    if match is None:
        raise ReleaseError(f"tag {tag!r} is not vMAJOR.MINOR.PATCH")
    version = match.group(1)
    declared = project_version(root)
    if declared != version:
        raise ReleaseError(f"tag {tag} but the project's version is {declared}")
    return changelog_section((root / "CHANGELOG.md").read_text(encoding="utf-8"), version)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: release_notes.py vX.Y.Z", file=sys.stderr)
        return 2
    try:
        print(release_notes(argv[0]))
    except ReleaseError as error:
        print(f"release_notes.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
