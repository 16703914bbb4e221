"""Whether a README sends the reader to another branch of its repository ("the code lives on
the `release` branch", "check out the dev branch: https://github.com/o/r/tree/dev", a
`git checkout dev` or `git clone -b dev` command): the branch named, for the host adapter to
follow one hop, as a README move to another repository is. A branch merely mentioned (pull
requests against `dev`, "the main branch is protected", a promise to push to a branch later) is
no redirection."""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import unquote, urlsplit

from auditor.links import GITHUB
from auditor.links.hosts import canonical_host
from auditor.readme.lines import urls
from auditor.readme.parse import Line
from auditor.readme.words import start_patterns

# A git ref name as READMEs write one (no spaces, no markup).
_REF = r"[A-Za-z0-9][A-Za-z0-9._/-]{0,79}"
# "the `release` branch", "the release branch"; "branch `dev`", "branch named \"dev\"".
_BRANCH_AFTER = re.compile(rf"(?:`(?P<quoted>{_REF})`|\b(?P<word>{_REF}))\s+branch\b", re.I)
_BRANCH_BEFORE = re.compile(
    rf"\bbranch(?:\s+named|\s+called|:)?\s+(?:`(?P<quoted>{_REF})`|\"(?P<dq>{_REF})\")", re.I
)
# Words that send the reader somewhere: where the code is, or what to switch to.
_SENDS = re.compile(
    r"\b(lives?|is|are|sits?|resides?|found|available|kept|hosted|located)\s+(on|in)\b"
    r"|\b(check\s*out|switch(es)?\s+to|go\s+to|see|use|visit|refer\s+to|moved\s+to)\b"
    r"|\b(holds|has|contains)\s+the\s+(code|implementation|source)",
    re.IGNORECASE,
)
# A promise or a contribution rule is no redirection.
_NOT_YET = re.compile(
    r"\b(will|soon|later|coming|planned|pull\s+requests?|PRs?|contribut\w*|protected|merge[ds]?)\b",
    re.IGNORECASE,
)
# Words before "branch" that name no branch.
_NO_NAME = frozenset(
    {
        "the", "this", "that", "a", "an", "another", "same", "other", "separate", "new",
        "default", "right", "correct", "each", "every", "our", "its", "their", "your", "one",
        "specific", "different", "git", "remote", "local", "corresponding", "on", "in", "to",
        "of", "from", "at", "into", "onto", "off",
    }
)  # fmt: skip
# Commands that check out a branch: `git checkout dev`, `git switch dev`, `git clone -b dev`.
_CHECKOUT = re.compile(
    rf"\bgit\s+(?:checkout|switch)\s+(?:-[a-z]\s+)*(?P<ref>{_REF})"
    rf"|\bgit\s+clone\b.*?\s(?:-b|--branch)[\s=]+(?P<clone>{_REF})",
    re.IGNORECASE,
)


def branch_named(lines: Sequence[Line], repository: str | None) -> str | None:
    """The branch of `repository` (`owner/name`, None when not known) the README sends the
    reader to: a link to its `/tree/BRANCH`, a checkout command, or a sentence saying the code
    is on a named branch; None when it names none."""
    for line in lines:
        if line.is_code:
            found = _CHECKOUT.search(line.text)
            if found is not None:
                ref = found.group("ref") or found.group("clone")
                if ref and not ref.startswith("-"):
                    return ref.strip("/")
            continue
        linked = _linked_branch(line.text, repository)
        if linked is not None:
            return linked
        if not _may_name_branch(line.text):
            continue  # most lines: neither rule below can match, so no sentence is read
        if _NOT_YET.search(line.text) or not _SENDS.search(line.text):
            continue
        named = _named(line.text.replace("**", ""))
        if named is not None:
            return named
        found = _CHECKOUT.search(line.text)
        if found is not None and (ref := found.group("ref") or found.group("clone")):
            return ref
    return None


def _may_name_branch(text: str) -> bool:
    """Whether `_named` or `_CHECKOUT` can match `text`: each needs "branch" or "git". Only ASCII
    lines are tested by substring, where lowercasing is exactly how the patterns ignore case."""
    if not text.isascii():
        return True
    lowered = text.lower()
    return "git" in lowered or "branch" in lowered.replace("**", "")


def _named(text: str) -> str | None:
    """The branch a sentence names: quoted after "branch", quoted before it, else the word
    before it when that word names a branch ("the dev branch", not "the same branch")."""
    before = _BRANCH_BEFORE.search(text)
    if before is not None:
        return before.group("quoted") or before.group("dq")
    words = list(_BRANCH_AFTER.finditer(text))
    for found in words:
        if found.group("quoted"):
            return found.group("quoted")
    for found in words:
        if found.group("word").casefold() not in _NO_NAME:
            return found.group("word")
    return None


def _linked_branch(text: str, repository: str | None) -> str | None:
    """The branch of a link to `https://github.com/OWNER/NAME/tree/BRANCH` of the repository
    itself (a bare branch, no folder in it)."""
    for url in urls(text):
        parts = urlsplit(url)
        if canonical_host(parts) != GITHUB:
            continue
        segments = [unquote(s) for s in parts.path.split("/") if s]
        if len(segments) != 4 or segments[2] != "tree":
            continue
        if repository is not None and "/".join(segments[:2]).casefold() != repository.casefold():
            continue
        return segments[3]
    return None


start_patterns(globals())  # every pattern above tested first where its matches start
