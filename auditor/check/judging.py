"""Which rules a run judged its links under: `JUDGING_VERSION`, bumped when a change of the
auditor's own rules can change a link's outcome (or make it judged at all) while the world stays
as it was, and what each bump meant, in the words the reports' "re-judged under …" line says.
The run history records it per run beside the rubric's version (`auditor.history`), so that the
first run under newer rules tells re-judged verdicts from the world's changes."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

# What each version changed, by version. Append, never edit: histories hold every one.
JUDGING_CHANGES: Mapping[int, str] = MappingProxyType(
    {
        # Links judged on their repository's root; every history written before versions were
        # recorded counts as judged under it.
        1: "repositories judged at their root",
        # A `/tree/REF/PATH` or `/blob/REF/PATH` link judged on the folder it cites
        # (`hosts.github.cited`): the folder's files and README, `dead` for a missing path.
        2: "cited folders",
        # The weights and data links a README gives, checked as the paper's links (`Link.artifact`,
        # `check.artifacts`): first seen by this version, they are a baseline, never new-dead.
        3: "weights and data links checked",
        # Root folders of placeholder files are no code; the branch a README sends the reader
        # to is followed one hop; cited folders on GitLab, Codeberg, Bitbucket, Gitee and the
        # Hugging Face Hub.
        4: "placeholder folders, README branches, other forges' folders",
        # figshare articles and GitHub release assets asked of their APIs (a missing asset of
        # a release that exists is `dead`); checkpoints committed in the repository credited.
        5: "figshare and GitHub release assets through their APIs, committed checkpoints",
        # A weights or data link whose page or record is there but holds nothing to download
        # (a releases page without a release, a model listing no weight files, a record
        # without files) is `ok`, noted, not `dead`, and credits no D4/E3; a figshare link to
        # one file is judged against its article's files; checkpoints committed in folders
        # named for weights found on the other forges too.
        6: "links holding nothing to download, figshare files, other forges' checkpoints",
    }
)
JUDGING_VERSION = max(JUDGING_CHANGES)
# The judging version of a history run that recorded none.
FIRST_JUDGING_VERSION = min(JUDGING_CHANGES)


def changed_since(version: int, current: int = JUDGING_VERSION) -> tuple[str, ...]:
    """What the bumps after `version`, up to `current`, changed: oldest first."""
    return tuple(words for number, words in JUDGING_CHANGES.items() if version < number <= current)
