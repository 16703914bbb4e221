"""The vocabulary every stage shares: frozen values, and string enums whose values are the JSON
spelling of `scorecard.json` (a contract: extend it, never rename it). No I/O here.

Two kinds of vocabulary: closed ones are our own verdicts (`Outcome`, `Tier`, `CriterionResult`);
open ones describe the outside world and grow as hosts and facts are added (`LinkKind`,
`LicenseClass`, `ReadmeCover`, and the free string `RepoFacts.source`). A scorecard written by a
newer paper-auditor may hold open values this version does not know: `open_member` reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

E = TypeVar("E", bound=StrEnum)


def open_member(vocabulary: type[E], value: str) -> E:
    """`vocabulary(value)`; for a value of an open vocabulary this version does not know, a
    pseudo-member holding `value` unchanged rather than an error.

    A pseudo-member equals (and hashes as) its string and serialises as it, so a loaded scorecard
    is written back as it was read; it is no named member and is not listed when iterating the
    enum, so code branching on the known values (`kind is LinkKind.GITHUB_REPO`) treats it as
    "something else", which is what an unknown host is. Mapping unknown values to a known one
    (`web`) would have rewritten other producers' data on `auditor render --out` or `merge`.
    """
    try:
        return vocabulary(value)
    except ValueError:
        member = str.__new__(vocabulary, value)
        member._name_ = value
        member._value_ = value
        return member


class LinkKind(StrEnum):
    """What a normalised URL points at. An open vocabulary: new hosts bring new kinds, and a
    loaded scorecard keeps kinds it does not know as pseudo-members (see `open_member`)."""

    GITHUB_REPO = "github-repo"
    GITHUB_PAGES = "github-pages"
    GITHUB_OTHER = "github-other"
    GITLAB = "gitlab"
    HUGGINGFACE = "huggingface"
    ZENODO = "zenodo"
    DOI = "doi"
    ANONYMOUS_REVIEW = "anonymous-review"
    ARXIV = "arxiv"
    WEB = "web"
    SOFTWARE_HERITAGE = "software-heritage"
    BITBUCKET = "bitbucket"
    CODEBERG = "codeberg"
    GITEE = "gitee"
    FORGEJO = "forgejo"  # a self-hosted Forgejo or Gitea named in the configuration
    OSF = "osf"


class Outcome(StrEnum):
    """The verdict on one link. Only `dead` ever counts against a paper."""

    OK = "ok"
    MOVED = "moved"
    DEAD = "dead"
    TRANSIENT = "transient"
    BLOCKED = "blocked"
    EXCLUDED = "excluded"
    UNSUPPORTED = "unsupported"
    UNCHECKED = "unchecked"


class ChangeKind(StrEnum):
    """How a link (or a paper's tier: `rejudged` only) changed since the previous run
    (`auditor.history`), as `changes` spells it."""

    NEW = "new"  # not in the previous run's lists (or no previous run)
    DIED = "died"
    REVIVED = "revived"
    MOVED = "moved"
    ARCHIVED = "archived"
    LICENSE_CHANGED = "license-changed"
    REMOVED = "removed"  # in the previous run's lists, not in this one's
    # Changed (a link's outcome, a paper's tier) or first judged because the auditor's rules
    # changed, not the world: only on the first run under a newer rubric or judging version.
    REJUDGED = "rejudged"


# The outcome groups, each asked here and written nowhere else. Every outcome is judged or not.
# Judged: a verdict on the link itself, what the run history compares and a shard merge keeps.
JUDGED = frozenset({Outcome.OK, Outcome.MOVED, Outcome.DEAD})
# Not judged: the outcome says nothing about the link, so it never makes the link die or revive.
NOT_JUDGED = frozenset(
    {Outcome.TRANSIENT, Outcome.UNCHECKED, Outcome.BLOCKED, Outcome.EXCLUDED, Outcome.UNSUPPORTED}
)
# Resolved: the link leads somewhere (a moved one to its new address).
RESOLVED = frozenset({Outcome.OK, Outcome.MOVED})
# Inconclusive: not judged because of our network, rate limits or the remote refusing us (not
# because we chose not to: `--exclude`, a private address, a scheme). They make a criterion
# unknown, never failed, and a later run may decide them.
INCONCLUSIVE = frozenset({Outcome.TRANSIENT, Outcome.UNCHECKED, Outcome.BLOCKED})


@dataclass(frozen=True, slots=True)
class SourceRef:
    """Where a paper stands in its input: the path as given and the 1-based line."""

    path: str
    line: int


@dataclass(frozen=True, slots=True)
class InputSummary:
    """One input of a run: the path or URL as given, its detected format, what it held."""

    path: str
    format: str | None
    papers: int
    error: str | None = None


class DateSource(StrEnum):
    """Where a paper's date came from, most trusted first."""

    PAPER = "paper"  # the paper's own record (BibTeX year/month, JSON and OpenReview dates)
    ARXIV_ID = "arxiv-id"  # its arXiv identifier (`2403.01234` → 2024-03)
    LIST = "list"  # a venue and year, or a month, in the list's header, title or file name
    OPTION = "option"  # --paper-date


class FoundVia(StrEnum):
    """Where `--find-code` found a repository for a paper that cites none
    (`auditor.enrich.code_search`)."""

    HUGGINGFACE_PAPER_PAGE = "huggingface-paper-page"  # the paper's Hugging Face page links it
    GITHUB_SEARCH = "github-search"  # its README names the paper's arXiv id


@dataclass(frozen=True, slots=True)
class FoundCode:
    """A repository `--find-code` found, where, and the page that says so (the paper's Hugging
    Face page; None for GitHub's search): evidence for the reader, never the paper's code."""

    url: str
    via: FoundVia
    page: str | None = None


@dataclass(frozen=True, slots=True)
class Paper:
    """One paper of an input list.

    `id` is `<path as given>#<n>`, n the 1-based position of the paper in its input, so
    reordering a list changes ids. `date` is ISO 8601, possibly of reduced precision
    (`2026`, `2026-07`, `2026-07-14`), and `date_source` says where it came from. `links` holds
    the normalised URLs the paper cites, including those harvested from its project pages.
    `notes` are sentences about the paper's text a reader should know (a link arXiv lost).
    `key` joins runs and lists; None only in scorecards written before it.
    """

    id: str
    name: str
    title: str | None
    date: str | None
    source: SourceRef
    links: tuple[str, ...] = ()
    date_source: DateSource | None = None
    notes: tuple[str, ...] = ()
    # With --find-code, repositories whose README names the paper's arXiv id while the paper
    # cites no code: evidence for the reader, never the paper's code.
    found_code: tuple[str, ...] = ()
    # The stable key (`links.paper_key`): unlike `id`, the same when the list is reordered.
    key: str | None = None
    # Where each of `found_code` was found (`found_code` keeps the URLs alone, as it always had).
    found_code_via: tuple[FoundCode, ...] = ()


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One place a link is cited: `raw` as the paper meant it (breaks, glued prefixes and
    LaTeX escapes undone, before normalising); `subpath` such as `/tree/main/x` for a
    GitHub link into a repository."""

    paper: str
    path: str
    line: int
    raw: str
    subpath: str | None = None


@dataclass(frozen=True, slots=True)
class Link:
    """A normalised URL, de-duplicated across papers. `found_via` is the project page a
    harvested link was found on, or the repository whose README gave an artifact link."""

    url: str
    kind: LinkKind
    papers: tuple[str, ...]
    occurrences: tuple[Occurrence, ...] = ()
    found_via: str | None = None
    # A weights or data link a cited repository's README gives (`found_via`: that repository's
    # link), checked as the paper's artifact, and whose it is: another work's (a base model)
    # is shown, never counted against the paper.
    artifact: ArtifactKind | None = None
    whose: Whose | None = None


@dataclass(frozen=True, slots=True)
class ArchivedCopy:
    """A copy of a link's target kept by an archive: where to browse it, which archive
    (`software-heritage`, `wayback`: an open vocabulary) and when it was saved (ISO 8601 UTC,
    None when the archive did not say). Help for the reader, never credit for the paper."""

    url: str
    archive: str
    saved_at: str | None = None


@dataclass(frozen=True, slots=True)
class Hop:
    """One answered redirect: the URL asked and the status it answered with."""

    url: str
    status: int


@dataclass(frozen=True, slots=True)
class CacheReuse:
    """What a run took from the verdict cache as it was, without asking again: how many
    verdicts, and the age of the oldest in whole seconds (None when none was reused)."""

    reused: int
    oldest_age: int | None

    def __add__(self, other: CacheReuse) -> CacheReuse:
        """Two runs' (shards') reuse as one."""
        ages = [age for age in (self.oldest_age, other.oldest_age) if age is not None]
        return CacheReuse(self.reused + other.reused, max(ages, default=None))


@dataclass(frozen=True, slots=True)
class LinkCheck:
    """What checking one link found. `detail` is one human sentence."""

    outcome: Outcome
    detail: str
    checked_at: str
    http_status: int | None = None
    final_url: str | None = None
    redirects: tuple[Hop, ...] = ()
    page_title: str | None = None
    # Code links (raw URLs) found on an HTML project page, footers and credits left out.
    code_links: tuple[str, ...] = ()
    # Where the page's `<meta http-equiv="refresh">` sends its reader (a page that moved).
    refresh_url: str | None = None
    # Validators kept for conditional requests on the next run; never rendered.
    etag: str | None = None
    last_modified: str | None = None


# How the verdict on a project only a token can see begins (`hosts.answers.private`): an
# artifact so withheld is not released, for the rubric as for the reader.
PRIVATE_DETAIL = "a private "


# How a verdict notes an artifact that exists but is shown only to those its owner lets in (a
# gated Hugging Face model): it counts as released, noted.
ACCESS_ON_REQUEST = "access on request"


def is_private_check(check: LinkCheck) -> bool:
    """Whether `check` says the host withholds the project from the report's readers."""
    return check.outcome is Outcome.BLOCKED and check.detail.startswith(PRIVATE_DETAIL)


# How a verdict notes a weights or data link whose page or record is there but holds nothing to
# download (a repository without a release, a model listing no weight files, a record without
# files): never `dead` while the page is there, and it credits no weights or data.
NOTHING_TO_DOWNLOAD = "nothing to download"


def holds_nothing(check: LinkCheck) -> bool:
    """Whether `check` says the link answers but holds no artifact (`NOTHING_TO_DOWNLOAD`)."""
    return check.outcome in RESOLVED and NOTHING_TO_DOWNLOAD in check.detail


class LicenseClass(StrEnum):
    """How reusable a licence is. Open: loading keeps unknown classes (see `open_member`)."""

    PERMISSIVE = "permissive"
    COPYLEFT = "copyleft"
    NON_COMMERCIAL = "non-commercial"
    CUSTOM = "custom"
    NONE = "none"


class ReadmeCover(StrEnum):
    """What a README covers, as `readme_covers` spells it. Open: loading keeps unknown covers
    (see `open_member`)."""

    INSTALL = "install"
    USAGE = "usage"
    TRAIN = "train"
    EVALUATE = "evaluate"
    RESULTS = "results"
    # The results shown with the commands that produce them (rubric 2.0's D5): said apart from
    # `covers` (`ReadmeFacts.results_commands`) until a criterion reads it.
    RESULTS_COMMANDS = "results_commands"
    WEIGHTS = "weights"
    DATA = "data"
    CITATION = "citation"
    PLACEHOLDER = "placeholder"


# The vocabularies other producers may extend: reading keeps values this version does not know
# (`open_member`); every other vocabulary must hold a known value.
OPEN_VOCABULARIES: tuple[type[StrEnum], ...] = (LinkKind, LicenseClass, ReadmeCover)


@dataclass(frozen=True, slots=True)
class ReadmeEvidence:
    """The README line that made `readme` decide a cover."""

    cover: ReadmeCover
    line: int
    excerpt: str


class Whose(StrEnum):
    """Whose a README's weights, results or citation are (`auditor.readme.ownership`)."""

    OWN = "own"  # the paper's, the default when nothing says otherwise
    OTHER = "other"  # another work's: a base model, a backbone, a baseline, an upstream project


class ArtifactKind(StrEnum):
    """What a link a README gives is for (`auditor.readme.artifacts`)."""

    WEIGHTS = "weights"
    DATA = "data"
    DEMO = "demo"  # a hosted environment: Colab, Binder, a Hugging Face Space
    DOCUMENTATION = "documentation"
    CODE = "code"
    OTHER = "other"  # a paper, a project page, anything else


@dataclass(frozen=True, slots=True)
class ArtifactLink:
    """One link a README gives, classified: its kind, the line (1-based) and sentence it stands
    in, the title of its section ("" before any heading), whose it is (weights: the paper's own
    or another work's, `auditor.readme.ownership`), whether its line only promises it, whether
    only its context (section, the sentence above a bare line) gave its kind, and whether it is
    a model the code loads by name rather than a link written."""

    url: str
    kind: ArtifactKind
    line: int
    sentence: str
    section: str = ""
    whose: Whose = Whose.OWN
    promised: bool = False
    # Its kind said by its section or sentence alone, not by its host or the words beside it.
    by_context: bool = False
    # A model the README's code loads by name (`from_pretrained("lab/model")`): its address is
    # made from the name on its hub, not written in the README.
    by_name: bool = False


@dataclass(frozen=True, slots=True)
class ReadmeClaim:
    """One weights link or sentence, results table or BibTeX entry of a README, and whose it is:
    `work` names the other work when the README says which."""

    cover: ReadmeCover  # WEIGHTS, RESULTS or CITATION
    whose: Whose
    line: int
    excerpt: str
    url: str | None = None  # a weights link's URL
    work: str | None = None


class Inherited(StrEnum):
    """Whether a README is mostly about another project than this repository's paper."""

    YES = "yes"  # an upstream or base project's README kept, or a template
    NO = "no"  # it names this paper or this repository
    UNKNOWN = "unknown"  # nothing decides either way


@dataclass(frozen=True, slots=True)
class InheritedReadme:
    """`auditor.readme.ownership`'s answer: the evidence line (0: none) and sentence, and the
    other work's name when the README says it."""

    inherited: Inherited = Inherited.UNKNOWN
    line: int = 0
    evidence: str = ""
    other_work: str | None = None


@dataclass(frozen=True, slots=True)
class ReadmeFacts:
    """What a README covers, decided from its text alone (see `auditor.readme.analysis`)."""

    covers: tuple[ReadmeCover, ...]
    evidence: tuple[ReadmeEvidence, ...] = ()
    # Weights, data and hosted-environment links found in the README (Hugging Face, Zenodo,
    # Drive, release assets, Colab, Binder).
    artifact_links: tuple[str, ...] = ()
    # Where the README says the code moved to (a code host URL), when it says so.
    moved_to: str | None = None
    # A list of papers or repositories (a survey's "awesome" list), not code.
    reading_list: bool = False
    # The titles of the README's BibTeX entries (outside acknowledgements), for F2.
    citation_titles: tuple[str, ...] = ()
    # The command that produces the results the README shows, when it gives one.
    results_commands: ReadmeEvidence | None = None
    # Whose each weights link or sentence, results table and BibTeX entry is.
    claims: tuple[ReadmeClaim, ...] = ()
    # Whether the README is about another work (an upstream project's, a template).
    inherited: InheritedReadme = InheritedReadme()
    # Every link the README gives, classified (`auditor.readme.artifacts`).
    artifacts: tuple[ArtifactLink, ...] = ()
    # The first line promising the weights ("weights coming soon"), when the README gives
    # none of its own: an open promise (`auditor.rubric.promises`).
    weights_promise: ReadmeEvidence | None = None
    # The sentences saying why the data (cover `data`) or the weights (`weights`) cannot be
    # released: privacy, a licence, their size (`auditor.readme.withheld`).
    withheld: tuple[ReadmeEvidence, ...] = ()
    # The citation the README gives is only a pointer (a paper link under a citation heading):
    # no BibTeX entry of this work, no reference with its authors or venue.
    bare_citation: bool = False
    # The branch of the repository the README sends the reader to (`auditor.readme.branches`).
    branch: str | None = None


@dataclass(frozen=True, slots=True)
class Release:
    tag: str
    date: str | None


class BlockerKind(StrEnum):
    """The reproduction blocker an issue title reports (`auditor.facts.blockers`)."""

    WEIGHTS_MISSING = "weights-missing"
    CODE_MISSING = "code-missing"
    DATA_MISSING = "data-missing"
    CANNOT_REPRODUCE = "cannot-reproduce"
    INSTALL_FAILS = "install-fails"
    RELEASE_WHEN = "release-when"  # "when will the code be released?"


@dataclass(frozen=True, slots=True)
class TrackerReport:
    """One issue of a repository's tracker whose title reports a reproduction blocker. `labels`
    and `answered` (a comment by the owner, a member or a collaborator) come from a follow-up
    query: `answered` is None when it was not asked."""

    kind: BlockerKind
    number: int
    title: str
    url: str
    open: bool
    opened_at: str
    closed_at: str | None = None
    labels: tuple[str, ...] = ()
    answered: bool | None = None


@dataclass(frozen=True, slots=True)
class IssueTracker:
    """What users report in a repository's issue tracker: evidence, never a criterion. `issues`
    is how many issues it holds (open and closed), `read` how many of the latest titles were
    read, `reports` those among them that report a blocker."""

    issues: int
    read: int
    reports: tuple[TrackerReport, ...]


# A repository whose blocker reports' labels and answers were not asked, to keep the GraphQL
# budget for the repositories still to come (`RepoFacts.skipped`).
TRACKER_FOLLOW_UP = "issue-answers"


# The word in `RepoFacts.skipped` for a README our analysis failed on.
README_NOT_ANALYSED = "readme-analysis"
# The README and dependency lists the file host would not give (a 429 storm of the raw host,
# retries spent) and the API's budget could not fetch instead: what they say is unknown.
README_NOT_READ = "readme"
DEPENDENCY_FILES_NOT_READ = "dependency-files"
# A fork not compared with its parent to keep the GitHub budget (`RepoFacts.skipped`): what the
# rubric reads of it lives here, not in the host adapter, so scoring imports no HTTP stack.
FORK_COMPARISON = "fork-comparison"
# Root folders not listed to keep the GitHub budget, so whether they hold only placeholder
# files is not known (`RepoFacts.skipped`).
FOLDER_CONTENTS = "folder-contents"
# The branch the README sends the reader to, not read to keep the GitHub budget.
BRANCH_HOP = "branch-hop"
# Root folders named for weights not listed to keep the GitHub budget: whether checkpoints are
# committed there is not known (`RepoFacts.skipped`).
WEIGHTS_FOLDERS = "weights-folders"


@dataclass(frozen=True, slots=True)
class RepoFacts:
    """Facts about one repository, identical whichever API backend produced them (`source`).

    A repository that does not exist (or is private) has `exists=False` and the other facts
    `None`. Timestamps are ISO 8601 UTC strings.
    """

    full_name: str
    exists: bool
    source: str  # an open vocabulary: "graphql", "rest", "gitlab", "huggingface", …
    archived: bool | None = None
    disabled: bool | None = None
    empty: bool | None = None
    fork: bool | None = None
    parent: str | None = None
    license_spdx: str | None = None
    license_class: LicenseClass | None = None
    readme_path: str | None = None
    readme_bytes: int | None = None
    readme_covers: tuple[ReadmeCover, ...] = ()
    readme_evidence: tuple[ReadmeEvidence, ...] = ()
    artifact_links: tuple[str, ...] = ()
    root_files: tuple[str, ...] = ()
    env_files: tuple[str, ...] = ()
    deps_pinned: bool | None = None
    has_citation_cff: bool | None = None
    last_commit_at: str | None = None
    pushed_at: str | None = None
    created_at: str | None = None
    stars: int | None = None
    forks: int | None = None
    open_issues: int | None = None
    latest_release: Release | None = None
    default_branch: str | None = None
    description: str | None = None
    homepage: str | None = None
    # Facts not looked up to keep an API budget for other repositories ("releases",
    # "last-commit", …), or not known because our analysis failed (`README_NOT_ANALYSED`): an
    # open vocabulary; a token gets the first kind.
    skipped: tuple[str, ...] = ()
    # Where the README says the code moved to (a URL), when it says so.
    readme_moved_to: str | None = None
    # The README is a list of papers or repositories (a survey's "awesome" list) and the root
    # holds no code.
    reading_list: bool | None = None
    # For a fork: commits on its default branch that its parent lacks (None: not compared).
    fork_ahead_by: int | None = None
    # The titles of the README's BibTeX entries: F2 checks one is the paper's.
    readme_citation_titles: tuple[str, ...] = ()
    # The command producing the README's results (`ReadmeFacts.results_commands`); in memory
    # only until a criterion reads it.
    readme_results_commands: ReadmeEvidence | None = None
    # An archive record's resource type as the archive spells it (Zenodo `software`,
    # `dataset`, …; OSF's category): whether the record is code, data or something else.
    record_type: str | None = None
    # The persistent identifier the host gave the repository or record (a DOI, a SWHID).
    persistent_id: str | None = None
    # Code repositories an archive record says it supplements (Zenodo `related_identifiers`):
    # evidence for the reader, never a cited link of the paper.
    supplements: tuple[str, ...] = ()
    # The commit judged: the default branch's head when the facts were read (None when the
    # host's API did not give it cheaply). Evidence links to files name it, not the branch,
    # so they still show what was judged once the branch has moved on.
    commit: str | None = None
    # The folder these facts describe when a link cites one (`/tree/REF/PATH`; for `/blob/`,
    # the folder holding the file), and the ref they were read at when it is not the default
    # branch: None for a repository's root. File names (`root_files`, `readme_path`) are the
    # folder's.
    folder: str | None = None
    ref: str | None = None
    # What the README says of itself, for the paper's identity (`auditor.rubric.identity`),
    # in memory only: its words (casefolded, sorted), the arXiv ids it names, and whether it is
    # another project's README kept (`auditor.readme.ownership`).
    readme_words: tuple[str, ...] = ()
    readme_arxiv_ids: tuple[str, ...] = ()
    readme_inherited: InheritedReadme | None = None
    # The issue tracker's reports of reproduction blockers, when its latest titles hold any
    # (GraphQL only: a tokenless run never reads it).
    tracker: IssueTracker | None = None
    # The README's promise of weights it does not give yet (`ReadmeFacts.weights_promise`): a
    # merge scores the paper's promises again from it.
    readme_weights_promise: ReadmeEvidence | None = None
    # The README's sentences saying why the data or weights cannot be released
    # (`ReadmeFacts.withheld`), and whether its citation is only a pointer
    # (`ReadmeFacts.bare_citation`): D4, E3 and F2 read them.
    readme_withheld: tuple[ReadmeEvidence, ...] = ()
    readme_bare_citation: bool = False
    # Root folders found holding only empty or placeholder files (an empty `__init__.py`, a
    # TODO comment, a `.gitkeep`): no code, whatever their names (`facts.repofiles`).
    empty_folders: tuple[str, ...] = ()
    # The branch of this repository the README sends the reader to ("the code is on the
    # `release` branch"), while it has not been followed (`hosts.github`, one hop).
    readme_branch: str | None = None
    # Every link the README gives, classified (`ReadmeFacts.artifacts`), in memory only: the
    # pipeline checks its weights and data links as the paper's (`Link.artifact`).
    readme_artifacts: tuple[ArtifactLink, ...] = ()
    # Trained weights committed in the repository (`facts.repofiles.is_committed_weights`),
    # paths from its root: at the root, and in the root folders named for weights
    # (`repofiles.weights_folders`, and their first subfolders); those of them stored in Git LFS
    # (`.gitattributes`); and the LFS patterns of `.gitattributes` (in memory only), for the
    # folders listed after the root.
    committed_weights: tuple[str, ...] = ()
    weights_in_lfs: tuple[str, ...] = ()
    lfs_patterns: tuple[str, ...] = ()

    @property
    def readme_analysed(self) -> bool:
        """Whether what these facts say of the README is known (no failure of ours stopped its
        reading or its analysis)."""
        return README_NOT_ANALYSED not in self.skipped and README_NOT_READ not in self.skipped


@dataclass(frozen=True, slots=True)
class RepoCheck:
    """A forge's verdict on a repository link (GitHub, GitLab, Hugging Face), with its facts
    when the forge gave them."""

    check: LinkCheck
    facts: RepoFacts | None


@dataclass(frozen=True, slots=True)
class LinkResult:
    """A link with everything learned about it."""

    link: Link
    check: LinkCheck
    repo: RepoFacts | None = None
    # A copy an archive kept of a dead or placeholder link (or, with --preservation, of a live
    # repository): help for the reader, never a verdict.
    archived_copy: ArchivedCopy | None = None
    # With --preservation, whether Software Heritage holds the repository as it is now:
    # `preserved`, `not-yet-preserved`, `archival-requested` (an open vocabulary).
    preservation: str | None = None


class CriterionResult(StrEnum):
    PASS = "pass"  # noqa: S105 - a criterion result, not a password
    FAIL = "fail"
    UNKNOWN = "unknown"
    NOT_APPLICABLE = "n/a"
    # Half met (rubric 2.0: D5's results table without the commands producing it): half the
    # criterion's weight, and no pass where a tier counts passes.
    PARTIAL = "partial"


class Tier(StrEnum):
    """A paper's headline, from worst to best: the one tier order (`TIER_RANK`, `CODE_TIERS`,
    the summary's tier table ask it). A dead link, another work's repository and a broken
    promise of code rank below citing no code; `unknown` ranks above every decided failure,
    just below reachable code, because the undecided link may yet be the real one."""

    DEAD = "dead"
    MISMATCH = "mismatch"  # the cited repository is about another work
    PLACEHOLDER = "placeholder"
    NO_CODE = "no-code"
    UNKNOWN = "unknown"
    LISTED = "listed"
    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"


_LADDER: tuple[Tier, ...] = tuple(Tier)
# Tiers of a paper whose code is reachable, worst to best.
CODE_TIERS: tuple[Tier, ...] = _LADDER[_LADDER.index(Tier.LISTED) :]
# Worst to best (`--fail-on tier-below`, a paper's best code link, the summary).
TIER_RANK: Mapping[Tier, int] = {tier: rank for rank, tier in enumerate(_LADDER)}
# Tiers that get no score: nothing of the paper's own code to grade.
UNSCORED_TIERS = frozenset({Tier.DEAD, Tier.MISMATCH, Tier.PLACEHOLDER, Tier.NO_CODE})


class Reuse(StrEnum):
    """May others reuse the code the paper is scored on (rubric 2.0's reuse mark, beside the
    tier and outside it): from its licence facts (`auditor.facts.licenses.reuse_of`)."""

    OPEN = "open"  # permissive or copyleft
    RESTRICTED = "restricted"  # e.g. non-commercial
    CUSTOM = "custom"  # a licence of its own terms, not classified
    NONE = "none"  # no licence: all rights reserved
    UNKNOWN = "unknown"  # the licence facts are missing


@dataclass(frozen=True, slots=True)
class Criterion:
    """One rubric criterion's answer for one paper, with the evidence that decided it."""

    id: str
    result: CriterionResult
    reason: str
    evidence: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OtherWork:
    """The work a cited repository appears to be about instead of the paper (tier `mismatch`):
    its name and what names it (a BibTeX title, an arXiv id, the description)."""

    name: str
    evidence: tuple[str, ...] = ()

    @property
    def sentence(self) -> str:
        return f"the cited repository appears to be about another work ({self.name})"

    @property
    def words(self) -> str:
        """As every report says it: the sentence, then its evidence."""
        return f"{self.sentence}: {'; '.join(self.evidence)}" if self.evidence else self.sentence


class PromiseKind(StrEnum):
    """What a paper promised and has not given yet (`auditor.rubric.promises`)."""

    CODE = "code"  # the code repository is a placeholder: the code is coming
    WEIGHTS = "weights"  # the README says the weights are coming, and gives none
    ANONYMOUS_REVIEW = "anonymous-review"  # an anonymous review mirror, cited after the paper date


@dataclass(frozen=True, slots=True)
class Promise:
    """One open promise of a paper: what (`kind`), about which link (`url`: the repository
    scored, or the anonymous mirror), why (`evidence`), the last day of its grace period (`due`,
    None without a paper date), whether it is past it (`overdue`; never without a date), the
    days since the paper date (read at its latest), and, with a run history, since when it has
    been open in every run (`first_seen`)."""

    kind: PromiseKind
    url: str
    evidence: str
    due: str | None
    overdue: bool
    days_after_paper: int | None = None
    first_seen: str | None = None


@dataclass(frozen=True, slots=True)
class PaperScore:
    tier: Tier
    score: int | None
    criteria: tuple[Criterion, ...] = field(default_factory=tuple)
    # The code link the paper was scored on, when it has one.
    scored_on: str | None = None
    # Tier `mismatch`: the other work the scored repository is about.
    other_work: OtherWork | None = None
    # The paper's open promises (`auditor.rubric.promises`), and whether any is overdue (None:
    # not judged, as in scorecards written before promises were).
    promises: tuple[Promise, ...] = ()
    overdue: bool | None = None
    # Whether others may reuse the code scored (reachable or undecided code only).
    reuse: Reuse | None = None
