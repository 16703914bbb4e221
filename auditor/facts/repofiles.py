"""What the names of a repository's root files mean: environment and lock files, dependency
lists, containers, tests and CI, training and evaluation scripts, licences, and the files of a
repository that holds nothing but a web page. The one home of these name rules; the host
adapters (which list the files) and the rubric (which judges them) both ask here.

Every predicate takes a file or folder name as the host lists it (a folder may end in `/`) and
ignores case.
"""

from __future__ import annotations

import fnmatch
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from auditor.links import AMBIGUOUS_WEIGHTS_EXTENSIONS, WEIGHTS_FILE_EXTENSIONS
from auditor.models import RepoFacts

# README files, and which one a repository shows when it has several: GitHub's documented
# preference, `.github/` then the root then `docs/`, and `.md` before `.rst` before the rest.
README_NAME = re.compile(r"readme(\.[a-z0-9]+)?", re.IGNORECASE)
README_FOLDERS = (".github", "", "docs")
_README_RANK = {".md": 0, ".markdown": 1, ".rst": 2, ".txt": 3, "": 4}
# As much of a README as anyone reads (the GitHub facts, the other hosts, `auditor readme`).
MAX_README_BYTES = 1024 * 1024


def preferred_readme(files_in: Mapping[str, Iterable[str]]) -> str | None:
    """The README a repository shows, as a path, from the file names of each folder of
    `README_FOLDERS` (`""` the root); None when there is none."""
    for folder in README_FOLDERS:
        names = [name for name in files_in.get(folder, ()) if README_NAME.fullmatch(name)]
        if names:
            best = min(names, key=lambda name: (_README_RANK.get(_suffix(name), 5), name))
            return f"{folder}/{best}" if folder else best
    return None


# The READMEs a host is asked for by path before the folder holding them is listed (GitHub's
# GraphQL query, the raw host without a listing of `.github/` or `docs/`): the usual spellings in
# each folder of `README_FOLDERS`, in the order `preferred_readme` ranks them.
USUAL_README_NAMES = ("README.md", "README.rst")


def usual_readmes(folder: str | None = None) -> tuple[str, ...]:
    """The paths of `USUAL_README_NAMES` in `folder` (`""` the root), or in every folder of
    `README_FOLDERS` in the order GitHub looks."""
    folders = README_FOLDERS if folder is None else (folder,)
    return tuple(f"{f}/{name}" if f else name for f in folders for name in USUAL_README_NAMES)


def _suffix(name: str) -> str:
    return ("." + name.rsplit(".", 1)[1]).casefold() if "." in name else ""


# Files that describe the software environment; a scorecard lists them as `env_files`.
_ENVIRONMENT = re.compile(
    r"requirements.*\.txt|environment.*\.ya?ml|pyproject\.toml|setup\.py|setup\.cfg|pipfile"
    r"|pipfile\.lock|poetry\.lock|uv\.lock|pdm\.lock|conda-lock\.ya?ml|dockerfile.*"
    r"|(docker-)?compose\.ya?ml|\.devcontainer|renv\.lock|description|project\.toml"
    r"|manifest\.toml|cargo\.toml|cargo\.lock|package\.json|package-lock\.json|yarn\.lock"
    r"|pnpm-lock\.yaml|go\.mod|go\.sum|environment\.lock"
)
# Lock files pin every dependency by construction.
_LOCK = re.compile(
    r"pipfile\.lock|poetry\.lock|uv\.lock|pdm\.lock|conda-lock\.ya?ml|renv\.lock|manifest\.toml"
    r"|cargo\.lock|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|go\.sum"
)
# Files that state the dependencies (the checklist's "dependencies specified").
_DEPENDENCIES = re.compile(
    r"requirements.*\.(txt|in)|environment.*\.ya?ml|conda.*\.ya?ml|pyproject\.toml|setup\.(py|cfg)"
    r"|pipfile(\.lock)?|poetry\.lock|uv\.lock|package\.json|cargo\.toml|go\.mod|project\.toml"
    r"|renv\.lock|description|dockerfile|containerfile"
)
_CONTAINER = re.compile(
    r"dockerfile(\..*)?|containerfile|docker-compose\.ya?ml|compose\.ya?ml|\.devcontainer(\.json)?"
    r"|binder|.*\.def|apptainer.*|singularity.*"
)
_TESTS = re.compile(
    r"tests?|\.travis\.yml|\.gitlab-ci\.yml|\.circleci|tox\.ini|noxfile\.py|pytest\.ini"
    r"|azure-pipelines\.yml|jenkinsfile"
)
_TRAINING = re.compile(r"(train|training|finetune|fine_tune|pretrain)([_-].*)?(\.(py|sh|ipynb))?")
_EVALUATION = re.compile(
    r"(eval|evaluate|evaluation|inference|infer|benchmark|test_model)([_-].*)?(\.(py|sh|ipynb))?"
)
_LICENCE = re.compile(r"(licen[cs]e|copying)(\.[a-z0-9]+)?")
# What a repository holding only a README, a licence and a web page has at its root.
_PAGE_ONLY_NAMES = frozenset(
    {
        ".gitignore", ".gitattributes", ".github", ".nojekyll", "_config.yml", "cname",
        "citation.cff", "favicon.ico", "index.html", "docs", "assets", "images", "img",
        "static", "figures", "media",
    }
)  # fmt: skip
_PAGE_ONLY_PREFIXES = ("readme", "license", "licence", "copying")
# Folders and files that hold no code: text, data, media, and dependency lists on their own.
_NO_CODE_FOLDERS = frozenset(
    {
        "data", "dataset", "datasets", "results", "paper", "papers", "pics", "pic", "imgs",
        "image", "res", "resources", "fig", "figs", "videos", "video", "slides", "poster",
        "supplementary", "appendix", "examples_images",
    }
)  # fmt: skip
_NO_CODE_SUFFIXES = (
    ".md", ".markdown", ".txt", ".rst", ".bib", ".csv", ".tsv", ".json", ".jsonl", ".xlsx",
    ".zip", ".tar", ".gz", ".mp4", ".mov", ".webm", ".bmp", ".tif", ".tiff", ".pptx", ".docx",
    ".html", ".htm", ".ico", ".yml", ".yaml", ".cff", ".toml", ".cfg", ".ini", ".lock",
    # weights and data: artifacts, not the code that made them
    *WEIGHTS_FILE_EXTENSIONS, ".npy", ".parquet", ".arrow", ".xml",
)  # fmt: skip
_CODE_DOTFILES = frozenset({".gitmodules"})  # the code lives in a submodule
_PAGE_ONLY_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".pdf", ".css")
REQUIREMENTS = "requirements.txt"
CITATION_FILE = "CITATION.cff"


def _folded(name: str) -> str:
    return name.rstrip("/").casefold()


def is_environment_file(name: str) -> bool:
    return _ENVIRONMENT.fullmatch(_folded(name)) is not None


def is_lock_file(name: str) -> bool:
    return _LOCK.fullmatch(_folded(name)) is not None


def is_dependency_file(name: str) -> bool:
    return _DEPENDENCIES.fullmatch(_folded(name)) is not None


def is_container_file(name: str) -> bool:
    return _CONTAINER.fullmatch(_folded(name)) is not None


def is_test_file(name: str) -> bool:
    return _TESTS.fullmatch(_folded(name)) is not None


def is_training_file(name: str) -> bool:
    return _TRAINING.fullmatch(_folded(name)) is not None


def is_evaluation_file(name: str) -> bool:
    return _EVALUATION.fullmatch(_folded(name)) is not None


def is_licence_file(name: str) -> bool:
    return _LICENCE.fullmatch(_folded(name)) is not None


def is_citation_file(name: str) -> bool:
    return _folded(name) == CITATION_FILE.casefold()


def is_page_only(name: str) -> bool:
    """A file a repository holding only a README, a licence and a web page may have."""
    folded = _folded(name)
    return (
        folded in _PAGE_ONLY_NAMES
        or folded.startswith(_PAGE_ONLY_PREFIXES)
        or folded.endswith(_PAGE_ONLY_SUFFIXES)
    )


def is_code_free(name: str) -> bool:
    """A root entry that holds no code: a page-only file, a dependency list or environment file
    on its own (a lone `requirements.txt` is no release), a text, data or media file, or a
    folder of data, figures or papers. A name without a known suffix is taken for a folder of
    code; `.gitmodules` points at code kept elsewhere."""
    folded = _folded(name)
    if folded in _CODE_DOTFILES:
        return False
    if is_page_only(name) or folded in _NO_CODE_FOLDERS or folded.startswith("."):
        return True
    if is_environment_file(name) and not folded.endswith(".py") and "docker" not in folded:
        return True
    if is_committed_source_archive(name):
        return False
    return folded.endswith(_NO_CODE_SUFFIXES)


_SOURCE_ARCHIVE_SUFFIXES = (".zip", ".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".tar", ".7z")


def is_source_archive(name: str) -> bool:
    """A file of an archive record that packs a repository (Zenodo's GitHub releases are
    `owner/name-v1.0.zip`)."""
    return _folded(name).endswith(_SOURCE_ARCHIVE_SUFFIXES)


# An archive named for what it packs besides code: data, weights, results, media.
_ARTIFACT_ARCHIVE = re.compile(
    r"data|weight|checkpoint|ckpt|pretrain|model|result|figure|image|video|sample|log|output"
    r"|supplement|slides|poster"
)
_SOURCE_WORDS = re.compile(r"src|source|code")


def is_committed_source_archive(name: str) -> bool:
    """A source archive committed to a repository (`name-src.zip`, `source.tar.gz`): the code,
    packed. One named for data, weights or results is an artifact, unless it says source."""
    folded = _folded(name)
    if not is_source_archive(folded) or folded.endswith("/"):
        return False
    stem = folded.rsplit("/", 1)[-1]
    return bool(_SOURCE_WORDS.search(stem)) or not _ARTIFACT_ARCHIVE.search(stem)


def archives_only(names: Iterable[str]) -> list[str]:
    """The committed source archives of a listing whose only code they are; empty otherwise."""
    names = list(names)
    archives = matching(names, is_committed_source_archive)
    rest = [name for name in names if name not in archives]
    return archives if archives and not has_code(rest) else []


# The files a Hub model ships for `trust_remote_code` loading: part of the weights, not code
# the paper released.
_MODEL_LOADER = re.compile(
    r"(modeling|configuration|tokenization|processing|image_processing|feature_extraction)"
    r"_.*\.py|handler\.py|__init__\.py"
)


def model_repository_has_code(names: Iterable[str]) -> bool:
    """Whether a weights repository (a Hugging Face model) also holds code: code files beyond
    those the model's own loading needs."""
    return has_code(name for name in names if not _MODEL_LOADER.fullmatch(_folded(name)))


def record_has_code(names: Iterable[str]) -> bool:
    """Whether a software record's files hold code: a source archive, or code itself."""
    names = list(names)
    return any(is_source_archive(name) for name in names) or has_code(names)


def has_code(names: Iterable[str]) -> bool:
    """Whether a root listing holds anything but `is_code_free` entries."""
    return not all(is_code_free(name) for name in names)


# Files that keep an otherwise empty folder in git: they hold nothing.
_KEEP_FILES = frozenset({".gitkeep", ".keep", ".placeholder", ".empty", ".gitignore"})
# A file holding only comments is read to tell; a longer one is taken for code unread.
PLACEHOLDER_FILE_MAX_BYTES = 512
# A folder with more entries than this is not inspected: it is taken for code.
PLACEHOLDER_FOLDER_MAX_ENTRIES = 6
# At most this many root folders are inspected when they are all the root's code.
MAX_INSPECTED_FOLDERS = 3
# Comment lines of the usual languages (`#`, `//`, `--`, `%`, `;`, block comments).
_COMMENT_LINE = re.compile(r"\s*(#|//|--|%|;|/\*|\*|\*/)")


def is_keep_file(name: str) -> bool:
    """A file whose only use is to keep a folder in git (`.gitkeep`)."""
    return _folded(name) in _KEEP_FILES


def is_placeholder_text(text: str) -> bool:
    """A file's text that holds no code: blank, or only comments ("# TODO: release")."""
    return all(not line.strip() or _COMMENT_LINE.match(line) for line in text.splitlines())


def is_placeholder_file(name: str, size: int | None, text: str | None) -> bool:
    """A file that holds nothing of the release: a keep file, an empty file, or one whose
    text (`text`, None when not read) is only comments. A file not read is code."""
    if is_keep_file(name) or size == 0:
        return True
    return text is not None and is_placeholder_text(text)


def folders_to_inspect(names: Iterable[str]) -> tuple[str, ...]:
    """The root entries worth listing to tell whether the repository holds code: when its only
    code is entries without a suffix (folders, as `is_code_free` takes them), at most
    `MAX_INSPECTED_FOLDERS` of them; none when a root file is code (`train.py`) or there are
    more. A file among them (`Makefile`) is found a file when listed: code."""
    code = [name.rstrip("/") for name in names if not is_code_free(name)]
    if not code or len(code) > MAX_INSPECTED_FOLDERS or any("." in name for name in code):
        return ()
    return tuple(code)


def holds_only_placeholders(
    entries: Sequence[tuple[str, bool]], files: Mapping[str, tuple[int | None, str | None]]
) -> bool:
    """Whether a folder's listing (`entries`, (name, is_file)) holds only placeholder files:
    no subfolder, at most `PLACEHOLDER_FOLDER_MAX_ENTRIES` entries, and every file a
    placeholder by `files` (name → (size, text); a file missing there is code)."""
    if len(entries) > PLACEHOLDER_FOLDER_MAX_ENTRIES or not all(f for _, f in entries):
        return False
    return all(name in files and is_placeholder_file(name, *files[name]) for name, _ in entries)


def code_beyond(names: Iterable[str], empty_folders: Iterable[str]) -> bool:
    """`has_code` of a root listing once the folders found holding only placeholder files
    (`empty_folders`) are set aside."""
    empty = {_folded(name) for name in empty_folders}
    return has_code(name for name in names if _folded(name) not in empty)


# --- committed checkpoints --------------------------------------------------------------------

_WEIGHTS_CONTEXT = re.compile(r"checkpoint|ckpt|weight|pretrain|model|snapshot")
# Root folders whose name says they hold weights: listed to find the checkpoints committed in
# them (a folder named `models` usually holds code, and is not listed for that).
_WEIGHTS_FOLDER = re.compile(
    r"(pre-?trained[\w-]*|[\w-]*checkpoints?|[\w-]*ckpts?|[\w-]*weights|saved[_-]?models?"
    r"|trained[_-]?models?)"
)
# At most this many such folders of one repository are listed.
MAX_WEIGHTS_FOLDERS = 3


def is_committed_weights(path: str) -> bool:
    """A committed file (`path` from the repository's root, folders included) that is trained
    weights: a weights extension (`links.WEIGHTS_FILE_EXTENSIONS`), and for an ambiguous one
    (`AMBIGUOUS_WEIGHTS_EXTENSIONS`) a weights context in a folder's or the file's name
    (`checkpoints/`, `weights/`, `ckpt`, `pretrained`, `model`)."""
    folded = path.casefold().strip("/")
    if not folded.endswith(WEIGHTS_FILE_EXTENSIONS):
        return False
    if not folded.endswith(AMBIGUOUS_WEIGHTS_EXTENSIONS):
        return True
    return _WEIGHTS_CONTEXT.search(folded) is not None


def committed_weights(paths: Iterable[str]) -> tuple[str, ...]:
    """The committed weights among a listing's paths, in order."""
    return tuple(path for path in paths if is_committed_weights(path))


def weights_folders(names: Iterable[str]) -> tuple[str, ...]:
    """The root entries (`root_files`) named as folders of weights (`checkpoints`, `weights`,
    `pretrained_models`, …), at most `MAX_WEIGHTS_FOLDERS`: listed to find the checkpoints
    committed there. A file never is one (a suffix)."""
    found = [
        name.rstrip("/")
        for name in names
        if "." not in name.rstrip("/") and _WEIGHTS_FOLDER.fullmatch(_folded(name))
    ]
    return tuple(found[:MAX_WEIGHTS_FOLDERS])


# At most this many subfolders of each folder named for weights are listed too (one level:
# `checkpoints/imagenet/model.pth`).
MAX_WEIGHTS_SUBFOLDERS = 3


def weights_subfolders(paths: Iterable[str]) -> tuple[str, ...]:
    """The subfolders (paths from the root) of the folders named for weights that are listed
    too: the first `MAX_WEIGHTS_SUBFOLDERS` of each folder, in the order given."""
    taken: dict[str, int] = {}
    found = []
    for path in paths:
        parent = path.rstrip("/").rpartition("/")[0]
        if taken.get(parent, 0) < MAX_WEIGHTS_SUBFOLDERS:
            taken[parent] = taken.get(parent, 0) + 1
            found.append(path.rstrip("/"))
    return tuple(found)


def lfs_patterns(gitattributes: str) -> tuple[str, ...]:
    """The patterns a `.gitattributes` text stores in Git LFS (`PATTERN filter=lfs …`), in
    order, a pattern that unsets the filter (`-filter`, `!filter`) as `!PATTERN`."""
    patterns: list[str] = []
    for line in gitattributes.splitlines():
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        if "filter=lfs" in fields[1:]:
            patterns.append(fields[0])
        elif "-filter" in fields[1:] or "!filter" in fields[1:]:
            patterns.append("!" + fields[0])
    return tuple(patterns)


def lfs_tracked(patterns: Sequence[str], paths: Iterable[str]) -> tuple[str, ...]:
    """The `paths` that `lfs_patterns` store in Git LFS, matched as gitattributes(5) matches:
    a pattern without a slash against the file's name in any folder, one with a slash against
    the path from the root; the last pattern matching a path decides."""
    tracked = []
    for path in paths:
        decided = False
        for written in patterns:
            pattern = written.removeprefix("!").strip("/")
            subject = path if "/" in pattern else path.rsplit("/", 1)[-1]
            if fnmatch.fnmatchcase(subject, pattern):
                decided = not written.startswith("!")
        if decided:
            tracked.append(path)
    return tuple(tracked)


# The files every Hugging Face repository may hold whatever it releases.
_HUB_CARD_FILES = frozenset({"README.md", ".gitattributes"})


def lists_only_card(paths: Iterable[str]) -> bool:
    """Whether a Hub repository's file list holds nothing but its card and `.gitattributes`:
    a dataset so listed releases no data."""
    return all(path in _HUB_CARD_FILES for path in paths)


def with_committed_weights(facts: RepoFacts, paths: Iterable[str]) -> RepoFacts:
    """`facts` with the committed weights among `paths` added to those it holds, and which of
    them its LFS patterns (`RepoFacts.lfs_patterns`) store in Git LFS."""
    found = tuple(dict.fromkeys((*facts.committed_weights, *committed_weights(paths))))
    lfs = lfs_tracked(facts.lfs_patterns, found)
    return replace(facts, committed_weights=found, weights_in_lfs=lfs)


def with_gitattributes(facts: RepoFacts, gitattributes: str | None) -> RepoFacts:
    """`facts` with the LFS patterns of the repository's `.gitattributes` (None: it has none,
    or it was not read), its committed weights told as in Git LFS or not."""
    patterns = lfs_patterns(gitattributes) if gitattributes else ()
    return with_committed_weights(replace(facts, lfs_patterns=patterns), ())


def matching(names: Iterable[str], predicate: Callable[[str], bool]) -> list[str]:
    return [name for name in names if predicate(name)]


def environment_files(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(name for name in names if is_environment_file(name))


def with_root_listing(
    facts: RepoFacts, names: Iterable[str], manifests: Mapping[str, str] | None = None
) -> RepoFacts:
    """`facts` with what a root listing's names (files and folders, as the host lists them)
    give: `root_files`, `env_files`, whether the dependencies are pinned (from the names, and
    from the texts in `manifests` of the files `manifests_to_read` picks), `has_citation_cff`,
    the weights committed at the root (`committed_weights`). Every host with a listing asks
    here."""
    listed = tuple(sorted(names))
    env_files = environment_files(listed)
    read = manifests_to_read(listed)
    texts = {name: text for name, text in (manifests or {}).items() if name in read}
    return replace(
        facts,
        root_files=listed,
        env_files=env_files,
        deps_pinned=deps_pinned(env_files, None, manifests=texts),
        has_citation_cff=CITATION_FILE in listed,
        committed_weights=committed_weights(listed),
        weights_in_lfs=lfs_tracked(facts.lfs_patterns, committed_weights(listed)),
    )


def manifests_to_read(file_names: Sequence[str]) -> tuple[str, ...]:
    """The root files whose text decides pinning (`requirements.txt`, `environment.yml`,
    `pyproject.toml`), none when a lock file already says so."""
    if any(is_lock_file(name) for name in file_names):
        return ()
    return tuple(name for name in file_names if name in MANIFESTS)


def deps_pinned(
    env_files: Sequence[str],
    requirements: str | None,
    *,
    manifests: Mapping[str, str] | None = None,
) -> bool | None:
    """True with a lock file, or when one dependency list pins everything it names: every
    `requirements.txt` line with `==` (or a direct reference ` @ `), every conda dependency of
    `environment.yml` with a version (`numpy=1.26`, pip entries with `==`), every dependency
    of `pyproject.toml` exactly (`==` in `[project]`, a bare version in Poetry); False when
    the lists read pin nothing completely; None when nothing tells."""
    if any(is_lock_file(name) for name in env_files):
        return True
    texts = dict(manifests or {})
    if requirements is not None:
        texts[REQUIREMENTS] = requirements
    verdicts = [_pinned(name, text) for name, text in texts.items()]
    decided = [verdict for verdict in verdicts if verdict is not None]
    if not decided:
        return None
    return any(decided)


MANIFESTS = (REQUIREMENTS, "environment.yml", "environment.yaml", "pyproject.toml")


def _pinned(name: str, text: str) -> bool | None:
    folded = _folded(name)
    if folded == "pyproject.toml":
        return _pyproject_pinned(text)
    if folded.startswith("environment"):
        return _conda_pinned(text)
    return _requirements_pinned(text.splitlines())


def _requirements_pinned(lines: Iterable[str]) -> bool | None:
    specs = [line.split("#", 1)[0].strip() for line in lines]
    specs = [spec for spec in specs if spec and not spec.startswith("-")]
    if not specs:
        return None
    return all("==" in spec or " @ " in spec for spec in specs)


def _conda_pinned(text: str) -> bool | None:
    """`dependencies:` of a conda environment file: `name=version[=build]` or `name==version`
    pins; a bare `pip` entry (which only enables the `pip:` list) is not a dependency."""
    specs: list[bool] = []
    inside, pip = False, False
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if not raw[:1].isspace() and not line.lstrip().startswith("-"):
            inside = line.strip().startswith("dependencies:")
            pip = False
            continue
        item = line.strip()
        if not inside or not item.startswith("-"):
            continue
        entry = item[1:].strip().strip("'\"")
        if entry.rstrip(":") == "pip" and entry.endswith(":"):
            pip = True
            continue
        if entry == "pip":
            continue
        indent = len(line) - len(line.lstrip())
        if pip and indent >= 4:
            specs.append("==" in entry or " @ " in entry)
        else:
            pip = False
            specs.append(bool(re.search(r"[^=<>!~]=\s*\d|==", entry)))
    return all(specs) if specs else None


def _pyproject_pinned(text: str) -> bool | None:
    try:
        document = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        return None
    specs: list[bool] = []
    project = document.get("project")
    listed = project.get("dependencies") if isinstance(project, dict) else None
    for spec in listed if isinstance(listed, list) else []:
        if isinstance(spec, str):
            specs.append("==" in spec or " @ " in spec)
    tool = document.get("tool")
    poetry = tool.get("poetry") if isinstance(tool, dict) else None
    table = poetry.get("dependencies") if isinstance(poetry, dict) else None
    for name, value in table.items() if isinstance(table, dict) else []:
        if name.casefold() == "python":
            continue
        version = value.get("version") if isinstance(value, dict) else value
        if isinstance(value, dict) and ("git" in value or "path" in value or "url" in value):
            specs.append(True)  # a direct reference names one revision
        elif isinstance(version, str):
            specs.append(bool(re.fullmatch(r"=?=?\s*\d[\w.+!-]*", version.strip())))
    return all(specs) if specs else None
