"""`auditor readme PATH`: judge a local README file, or a local repository folder (its root files
and README), exactly as the scorecard would — for authors before they publish, and for us.

A folder is read as the GitHub facts are: its top-level names, the README GitHub would show
(`.github/`, the root, then `docs/`; `.md` before `.rst` before `.txt`), the dependency lists that
decide pinning. The covers come from `auditor.readme.analysis`, the Papers with Code checklist from
the rubric's own criteria (`auditor.rubric.registry.CRITERIA`). A lone README file says nothing of
the files beside it: where a file could pass an item and the README does not, the item is `unknown`.
"""

from __future__ import annotations

import logging
import os
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from auditor.facts import repofiles
from auditor.models import (
    CriterionResult,
    Inherited,
    InheritedReadme,
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Outcome,
    Paper,
    ReadmeCover,
    ReadmeEvidence,
    RepoFacts,
    SourceRef,
)
from auditor.readme.analysis import read_readme
from auditor.rubric.evidence import Candidate, Context, PaperLinks, paper_period
from auditor.rubric.registry import CRITERIA, Registry, Rubric
from auditor.rubric.rules_access import placeholder_state

MAX_MANIFEST_BYTES = 256 * 1024
# Without the folder, whether the root holds code is not known: a README alone never settles it.
PLACEHOLDER_NOT_JUDGED = "placeholder not judged: the repository's files were not given"

log = logging.getLogger(__name__)


class ReadmeCheckError(Exception):
    """The path cannot be judged; the message is one line."""


class _NotRead(ReadmeCheckError):
    """A file of the folder refused before it is read: not a regular file, or a link out of
    the folder."""


# The answers whose fix is shown: a failure, and a criterion half met (D5's results without the
# commands producing them).
_TO_FIX = frozenset({CriterionResult.FAIL, CriterionResult.PARTIAL})


@dataclass(frozen=True, slots=True)
class ChecklistItem:
    id: str
    title: str
    result: CriterionResult
    reason: str
    fix: str  # the registry's fix, shown when the item fails


@dataclass(frozen=True, slots=True)
class ReadmeCheck:
    path: str
    readme: str | None  # the README judged, relative to a folder; None when there is none
    covers: tuple[ReadmeEvidence, ...]
    placeholder: bool | None  # None: a lone README file, whose repository's files were not seen
    placeholder_reason: str  # the scorecard's words for a folder; PLACEHOLDER_NOT_JUDGED alone
    checklist: tuple[ChecklistItem, ...]
    # Whether the README is about another work (`auditor.readme.ownership`): shown when it is.
    inherited: InheritedReadme

    def as_json(self) -> dict[str, object]:
        """The documented contract, docs/readme-check.schema.json: extended, never renamed."""
        return {
            "path": self.path,
            "covers": [
                {"cover": item.cover.value, "line": item.line, "excerpt": item.excerpt}
                for item in self.covers
            ],
            "placeholder": self.placeholder,
            "checklist": {item.id: item.result.value for item in self.checklist},
            "placeholder_reason": self.placeholder_reason,
            "fixes": {
                item.id: item.fix for item in self.checklist if item.result in _TO_FIX and item.fix
            },
        }

    def as_text(self) -> str:
        """A checklist a person reads in five seconds, with the README's line numbers."""
        where = self.readme or "no README"
        lines = [f"{self.path} — {where}, judged as the scorecard would", ""]
        found = {item.cover: item for item in self.covers}
        for cover in ReadmeCover:
            if cover is ReadmeCover.PLACEHOLDER:
                continue
            item = found.get(cover)
            mark = "✓" if item else "✗"
            at = _where(item) if item else "not found"
            lines.append(f"  {mark} {cover.value:<9} {at}")
        lines.append("")
        lines.append(f"  {self._placeholder_line(found.get(ReadmeCover.PLACEHOLDER))}")
        if self.inherited.inherited is Inherited.YES:
            other = self.inherited.other_work or "another project"
            lines.append(
                f"  about another work: {other} "
                f"(line {self.inherited.line}: {self.inherited.evidence})"
            )
        lines.append("")
        lines.append("Papers with Code checklist:")
        marks = {
            CriterionResult.PASS: "✓",
            CriterionResult.FAIL: "✗",
            CriterionResult.PARTIAL: "◐",
        }
        for check in self.checklist:
            mark = marks.get(check.result, "?")
            lines.append(
                f"  {mark} {check.id} {check.title:<24} {check.result.value}: {check.reason}"
            )
            if check.result in _TO_FIX and check.fix:
                lines.append(f"      fix: {check.fix}")
        return "\n".join(lines) + "\n"

    def _placeholder_line(self, evidence: ReadmeEvidence | None) -> str:
        if self.placeholder is None:
            return PLACEHOLDER_NOT_JUDGED
        if not self.placeholder:
            return "placeholder: no"
        where = f" ({_where(evidence)})" if evidence else ""
        return f"placeholder: YES — {self.placeholder_reason}{where}"


def check_path(path: Path, criteria: Registry = CRITERIA) -> ReadmeCheck:
    """Judge a README file, or a repository folder, on the checklist of `criteria`. Raises
    ReadmeCheckError."""
    rubric = Rubric(criteria)
    if path.is_dir():
        return _check_folder(path, rubric)
    if path.exists():  # a FIFO or a device is refused by `_read`, in one line
        text, size = _read(path, repofiles.MAX_README_BYTES, inside=path.parent)
        if "\x00" in text:  # no README holds a NUL byte; an image or an archive does
            raise ReadmeCheckError(f"{path}: a binary file, not a README")
        facts, inherited = _facts(path.name, text, size, readme=path.name, root=None)
        return _report(str(path), path.name, facts, inherited, rubric, files_seen=False)
    raise ReadmeCheckError(f"{path}: no such file or folder")


def _check_folder(folder: Path, rubric: Rubric) -> ReadmeCheck:
    try:
        entries = sorted(folder.iterdir(), key=lambda entry: entry.name)
    except OSError as error:
        raise ReadmeCheckError(f"{folder}: cannot list: {error.strerror or error}") from None
    names = tuple(entry.name for entry in entries if entry.name != ".git")
    readme = _preferred_readme(folder)
    text, size = "", None
    if readme is not None:
        try:
            text, size = _read(folder / readme, repofiles.MAX_README_BYTES, inside=folder)
        except _NotRead as refused:  # as GitHub shows it: no README
            log.warning("%s", refused)
            readme = None
    facts, inherited = _facts(folder.name, text, size, readme=readme, root=folder, names=names)
    return _report(str(folder), readme, facts, inherited, rubric, files_seen=True)


def _facts(
    name: str,
    text: str,
    size: int | None,
    *,
    readme: str | None,
    root: Path | None,
    names: tuple[str, ...] = (),
) -> tuple[RepoFacts, InheritedReadme]:
    """The facts the GitHub adapter would give for these files (no licence lookup: C1 and C2
    are not part of this check), and whether the README is about another work (its
    repository's name is not known here: only strong evidence decides)."""
    env_files = repofiles.environment_files(names)
    manifests: dict[str, str] = {}
    for manifest in repofiles.manifests_to_read(names):
        if root is None:
            break
        try:
            manifests[manifest], _ = _read(root / manifest, MAX_MANIFEST_BYTES, inside=root)
        except _NotRead as refused:  # that file tells nothing; the others are still judged
            log.warning("%s", refused)
    facts = RepoFacts(
        full_name=f"local/{name}",
        exists=True,
        source="local",
        empty=False if root is None else not names,
        fork=False,
        root_files=names,
        env_files=env_files,
        deps_pinned=repofiles.deps_pinned(env_files, None, manifests=manifests),
        has_citation_cff=repofiles.CITATION_FILE in names if root is not None else None,
    )
    facts, analysis = read_readme(facts, readme, size, text, root_files=names)
    return facts, analysis.inherited if analysis is not None else InheritedReadme()


def _report(
    shown: str,
    readme: str | None,
    facts: RepoFacts,
    inherited: InheritedReadme,
    rubric: Rubric,
    *,
    files_seen: bool,
) -> ReadmeCheck:
    today = datetime.now(UTC).date()
    url = "https://github.com/" + facts.full_name
    link = Link(url, LinkKind.GITHUB_REPO, ("local#1",))
    result = LinkResult(link, LinkCheck(Outcome.OK, "local files", ""), facts)
    paper = Paper("local#1", facts.full_name, None, None, SourceRef(shown, 1))
    context = Context(
        paper,
        (result,),
        Candidate(result, facts, 0),
        rubric,
        today,
        paper_period(None),
        PaperLinks.of((result,)),
    )
    items = []
    for spec in rubric.criteria.checklist:
        criterion = spec.judge(context)
        outcome, reason = criterion.result, criterion.reason
        if not files_seen and spec.file_can_pass and outcome is CriterionResult.FAIL:
            outcome = CriterionResult.UNKNOWN
            reason = "not in the README; the files beside it were not seen"
        items.append(ChecklistItem(spec.id, spec.title, outcome, reason, spec.fix))
    covers = _covers(facts)
    if not files_seen:  # nor is the README's guess at it shown among the covers
        covers = tuple(e for e in covers if e.cover is not ReadmeCover.PLACEHOLDER)
        return ReadmeCheck(
            shown, readme, covers, None, PLACEHOLDER_NOT_JUDGED, tuple(items), inherited
        )
    why = placeholder_state(facts)
    return ReadmeCheck(shown, readme, covers, bool(why), why or "", tuple(items), inherited)


def _covers(facts: RepoFacts) -> tuple[ReadmeEvidence, ...]:
    """The README's covers with, after its results, the command producing them when it gives
    one (kept apart from the scorecard's covers until a criterion reads it)."""
    if facts.readme_results_commands is None:
        return facts.readme_evidence
    order = list(ReadmeCover)
    return tuple(
        sorted(
            (*facts.readme_evidence, facts.readme_results_commands),
            key=lambda item: order.index(item.cover),
        )
    )


def _preferred_readme(folder: Path) -> str | None:
    """The README GitHub would show, from the folder's files."""
    files_in: dict[str, list[str]] = {}
    for sub in repofiles.README_FOLDERS:
        place = folder / sub if sub else folder
        if place.is_dir():
            files_in[sub] = [entry.name for entry in place.iterdir() if entry.is_file()]
    return repofiles.preferred_readme(files_in)


def _read(path: Path, cap: int, *, inside: Path) -> tuple[str, int]:
    """(text, size in bytes) of a regular file whose real path is `inside` the folder; raises
    _NotRead for anything else, before reading: a FIFO or a device would block or never end,
    and a link out of the folder would print another file's lines."""
    try:
        if not path.resolve().is_relative_to(inside.resolve()):
            raise _NotRead(f"{path}: a link out of {inside}, not followed")
        # O_NONBLOCK: opening a FIFO for reading waits for a writer otherwise.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise ReadmeCheckError(f"{path}: cannot read: {error.strerror or error}") from None
    with os.fdopen(descriptor, "rb") as handle:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise _NotRead(f"{path}: not a regular file, not read")
        try:
            return handle.read(cap).decode("utf-8", errors="replace"), status.st_size
        except OSError as error:
            raise ReadmeCheckError(f"{path}: cannot read: {error.strerror or error}") from None


def _where(item: ReadmeEvidence) -> str:
    if item.line == 0:
        return item.excerpt
    return f"line {item.line}: {item.excerpt}"
