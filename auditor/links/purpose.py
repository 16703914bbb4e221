"""What a link is for: the paper's code, pre-trained weights, data, a hosted environment or an
archived copy; and which links found on a project page are worth checking as the paper's.
"""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata
from collections.abc import Iterable
from typing import Literal
from urllib.parse import urlsplit

from auditor.links.hosts import (
    CODE_HOSTS,
    CODE_KINDS,
    CODE_RECORD_TYPES,
    DATA_HOSTS,
    FILE_SHARING_HOSTS,
    GITHUB,
    HOSTED_ENVIRONMENTS,
    HUGGINGFACE,
    HUGGINGFACE_SITE_SECTIONS,
    RECORD_KINDS,
    REPOSITORY_KINDS,
    SOFTWARE_HERITAGE,
    HuggingFaceCollection,
)
from auditor.links.normalize import NormalizedUrl, normalize_url
from auditor.links.origins import on_domain
from auditor.links.repositories import (
    SWHID,
    TEMPLATE_REPOSITORIES,
    arxiv_id,
    doi_of,
    github_full_name,
    huggingface_repository,
    openreview_id,
)
from auditor.models import LinkKind, LinkResult

# File extensions of trained weights (PyTorch, Lightning, safetensors, Keras/HDF5, ONNX,
# TensorFlow Lite, GGUF, PaddlePaddle, Caffe, pickles and NumPy archives of parameters): a link
# to such a file is weights, and a repository holding only such files holds no code.
WEIGHTS_FILE_EXTENSIONS = (
    ".pth", ".pt", ".ckpt", ".safetensors", ".bin", ".h5", ".hdf5", ".keras", ".onnx",
    ".tflite", ".gguf", ".pdparams", ".caffemodel", ".pkl", ".npz",
)  # fmt: skip
# Of those, the extensions data files use too: a file with one is weights only in a weights
# context, a folder or file name saying so (`auditor.facts.repofiles.is_committed_weights`).
AMBIGUOUS_WEIGHTS_EXTENSIONS = (".bin", ".pkl", ".npz", ".h5")
# Of those, the extensions a widely reused model's checkpoint is shared with ("ViT-B-16.pt",
# "sam_vit_h.pth"): what names another work's weights file (`auditor.readme.ownership`).
REUSED_MODEL_FILE_EXTENSIONS = (
    ".pth",
    ".pt",
    ".ckpt",
    ".safetensors",
    ".bin",
    ".caffemodel",
    ".onnx",
)


def is_code_link(kind: LinkKind | str, url: str, record_type: str | None = None) -> bool:
    """Whether a link is the paper's code: a repository on a code host (GitHub, GitLab,
    Bitbucket, Codeberg, Gitee, a configured forge), an anonymised review repository, archived
    code (Software Heritage), a Hugging Face Space (Hugging Face models are weights unless
    their facts say software, datasets data), or an archive record (Zenodo, OSF, a DOI) whose
    `record_type` — what the record says it is, or for a DOI what it resolves to — is
    software."""
    if kind in CODE_KINDS:
        return True
    if kind in RECORD_KINDS:
        return record_type in CODE_RECORD_TYPES
    if kind == LinkKind.HUGGINGFACE:
        found = huggingface_repository(url)
        return found is not None and (found[0] == "spaces" or record_type in CODE_RECORD_TYPES)
    return False


def code_repository(url: str) -> NormalizedUrl | None:
    """The code a URL names, by `is_code_link` (an archive record's type is unknown from its URL
    alone, so a record is not code here); None for anything else, a weights or data repository
    included."""
    normal = normalize_url(url)
    return normal if normal is not None and is_code_link(normal.kind, normal.url) else None


def is_code_result(result: LinkResult) -> bool:
    """`is_code_link` for a checked link, with what its facts say the record is; a README's
    weights or data link (`Link.artifact`) is never the paper's code."""
    if result.link.artifact is not None:
        return False
    record_type = result.repo.record_type if result.repo is not None else None
    return is_code_link(result.link.kind, result.link.url, record_type)


@functools.lru_cache(maxsize=32_768)  # the URL's alone, asked of each page's links
def is_harvestable(url: str) -> bool:
    """Whether a link found on a project page is worth checking as the paper's: a repository
    (code, weights or data), and not a site template's."""
    normal = normalize_url(url)
    if not url.lower().startswith(("http://", "https://")):
        return False
    if normal is None or normal.kind not in REPOSITORY_KINDS:
        return False
    full_name = github_full_name(normal.url)
    return full_name is None or full_name.casefold() not in TEMPLATE_REPOSITORIES


def harvests_code(url: str) -> bool:
    """Whether a page's links may be the paper's code: project pages, not the code hosts'
    own pages (a profile or a paper page there lists other people's repositories)."""
    host = (urlsplit(url).hostname or "").casefold()
    return not on_domain(host, *CODE_HOSTS)


ArtifactHost = Literal[
    "weights", "data", "space", "file-share", "release-asset", "release-page", "collection"
]
_HUGGINGFACE_ARTIFACTS: dict[HuggingFaceCollection, ArtifactHost] = {
    "models": "weights",
    "datasets": "data",
    "spaces": "space",
}


_RELEASE_PAGE = re.compile(r"/[^/]+/[^/]+/releases(/tag/[^/]+|/latest)?/?")
# ModelScope, the Hub's counterpart: `/models/OWNER/NAME`, `/datasets/OWNER/NAME`, and the
# pages of an account (`/organization/NAME`, `/profile/NAME`).
MODELSCOPE_HOSTS = ("modelscope.cn", "modelscope.ai")
_MODELSCOPE_REPOSITORY = re.compile(r"/(models|datasets)/[^/]+/[^/]+(/.*)?")
_MODELSCOPE_ACCOUNT = re.compile(r"/(organization|profile)/[^/]+/?")
# Kaggle's pages: its models are weights, its datasets and competitions data; a competition's
# leaderboard or discussion, a notebook, a profile or the site's own pages hold neither.
_KAGGLE_MODEL = re.compile(r"/models/[^/]+/[^/]+(/.*)?")
_KAGGLE_DATA = re.compile(
    r"/(datasets/[^/]+/[^/]+|(competitions|c)/[^/]+)(/(data|download\w*|versions?/.*|files?/.*))?/?"
)
# A Hub account's page (`huggingface.co/NAME`): its models and datasets, the words tell which.
_HUB_ACCOUNT = re.compile(r"/([\w.-]+)/?")
# One file of a Hugging Face model (`/owner/name/blob/REV/PATH`, `…/resolve/REV/PATH`).
_MODEL_FILE = re.compile(r"/[^/]+/[^/]+/(?:blob|resolve)/[^/]+/.+")
# What in a Hugging Face dataset is no data: a file of code, documentation or a picture (a
# loading script, the card), its discussions.
_DATASET_NOT_DATA = re.compile(
    r"/datasets/[^/]+/[^/]+/((?:blob|resolve)/[^/]+/.+\.(py|ipynb|md|sh|ya?ml|toml|cfg|png|jpe?g"
    r"|gif|svg)|discussions(/.*)?)",
    re.I,
)


@functools.lru_cache(maxsize=32_768)  # the URL's alone, asked of a paper's links by each rule
def artifact_host(url: str) -> ArtifactHost | None:
    """What a link's host says it holds: `weights` (a Hugging Face, ModelScope or Kaggle
    model), `data` (a Hugging Face or ModelScope dataset, a Kaggle dataset or competition, or a
    data host), `space` (a Hugging Face
    Space: a demo), `release-asset` (a file attached to a release), `file-share` (Zenodo,
    Drive, Dropbox…: weights or data, the words around the link tell), `release-page` (a GitHub
    repository's releases: its assets may be weights or data, the words tell), `collection` (a
    Hugging Face collection, or a Hub or ModelScope account's page: models, datasets or both,
    the words tell); None for anything else."""
    try:
        parts = urlsplit(url)
    except ValueError:  # e.g. a netloc that is invalid under NFKC normalisation
        return None
    host = (parts.hostname or "").casefold()
    if on_domain(host, HUGGINGFACE, "hf.co"):
        if re.match(r"/collections/[^/]+/[^/]+", parts.path):
            return "collection"
        found = huggingface_repository(url)
        if found is None:
            return "collection" if hub_account(url) is not None else None
        held = _HUGGINGFACE_ARTIFACTS[found[0]]
        # A link to one file of a model holds what that file is: a figure or the card is no
        # weights (`…/blob/main/results.png`), a checkpoint is.
        if held == "weights" and _MODEL_FILE.fullmatch(parts.path) and not is_weights_file(url):
            return None
        if held == "data" and _DATASET_NOT_DATA.fullmatch(parts.path):
            return None
        return held
    if on_domain(host, *MODELSCOPE_HOSTS):
        repository = _MODELSCOPE_REPOSITORY.fullmatch(parts.path)
        if repository is not None:
            return "weights" if repository.group(1) == "models" else "data"
        return "collection" if _MODELSCOPE_ACCOUNT.fullmatch(parts.path) else None
    if on_domain(host, "kaggle.com"):
        if _KAGGLE_MODEL.fullmatch(parts.path):
            return "weights"
        return "data" if _KAGGLE_DATA.fullmatch(parts.path) else None
    if on_domain(host, *DATA_HOSTS):
        return "data"
    if "/releases/download/" in parts.path:
        return "release-asset"
    if on_domain(host, GITHUB) and _RELEASE_PAGE.fullmatch(parts.path):
        return "release-page"
    if on_domain(host, *FILE_SHARING_HOSTS) or (
        on_domain(host, "doi.org") and "zenodo" in parts.path
    ):
        return "file-share"
    return None


def hub_account(url: str) -> str | None:
    """The account a Hugging Face or ModelScope account page shows (`huggingface.co/NAME`,
    `modelscope.cn/organization/NAME`), else None (a repository, the Hub's own pages)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    host = (parts.hostname or "").casefold()
    if on_domain(host, *MODELSCOPE_HOSTS):
        found = _MODELSCOPE_ACCOUNT.fullmatch(parts.path)
        return parts.path.strip("/").partition("/")[2] if found else None
    if not on_domain(host, HUGGINGFACE, "hf.co"):
        return None
    account = _HUB_ACCOUNT.fullmatch(parts.path)
    if account is None or account.group(1).casefold() in HUGGINGFACE_SITE_SECTIONS:
        return None
    return account.group(1)


def model_holder(url: str) -> str | None:
    """Who holds a model on a hub: `owner/name` of a Hugging Face or ModelScope model, or the
    account of an account's page (`NAME`); None for datasets, Spaces and anything else."""
    found = huggingface_repository(url)
    if found is not None:
        return found[1] if found[0] == "models" else None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if on_domain((parts.hostname or "").casefold(), *MODELSCOPE_HOSTS):
        model = re.match(r"/models/([^/]+/[^/]+)", parts.path)
        if model is not None:
            return model.group(1)
    return hub_account(url)


def is_weights_file(url: str) -> bool:
    """A link to a file with a weights extension (`model.pth`, `…/model.safetensors?download=1`)."""
    return _path_ends_with(url, WEIGHTS_FILE_EXTENSIONS)


def is_ambiguous_weights_file(url: str) -> bool:
    """A link to a file whose extension data files use too (`AMBIGUOUS_WEIGHTS_EXTENSIONS`)."""
    return _path_ends_with(url, AMBIGUOUS_WEIGHTS_EXTENSIONS)


def _path_ends_with(url: str, extensions: tuple[str, ...]) -> bool:
    try:
        path = urlsplit(url).path
    except ValueError:
        return False
    return path.casefold().endswith(extensions)


def is_weights_link(url: str) -> bool:
    """A Hugging Face model or a GitHub release asset: where pre-trained weights live."""
    return artifact_host(url) in ("weights", "release-asset")


def is_hosted_environment(url: str) -> bool:
    """Colab, Binder or a Hugging Face Space (`hf.co` too): somewhere to try the code without
    installing it."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    host = (parts.hostname or "").casefold()
    if on_domain(host, *HOSTED_ENVIRONMENTS):
        return True
    return parts.path.startswith("/spaces/") and artifact_host(url) == "space"


def is_archive_doi(url: str) -> bool:
    """A link to an archived, citable copy (Zenodo, Figshare, a Zenodo DOI, or a Software
    Heritage SWHID, which names one version for good)."""
    lowered = url.lower()
    return (
        "zenodo.org" in lowered
        or "10.5281/zenodo" in lowered
        or "figshare" in lowered
        or (SOFTWARE_HERITAGE in lowered and SWHID.search(lowered) is not None)
    )


_NOT_TITLE_TEXT = re.compile(r"[\W_]+")


def paper_key(links: Iterable[str], title: str) -> str:
    """A paper's stable key, the same whatever the list's order: `arxiv:<id>`, `doi:<doi>`
    (lower case: DOIs ignore case; an archive's DOI names the code, not the paper) or
    `openreview:<id>` from the first link that names one, in that order of preference; else
    `title:` and 16 hex digits of the SHA-256 of the title, case, accents' forms and
    punctuation aside."""
    cited = tuple(links)
    for prefix, named in (
        ("arxiv", arxiv_id),
        ("doi", lambda url: None if is_archive_doi(url) else doi_of(url)),
        ("openreview", openreview_id),
    ):
        for url in cited:
            if (found := named(url)) is not None:
                return f"{prefix}:{found.lower() if prefix == 'doi' else found}"
    words = _NOT_TITLE_TEXT.sub(" ", unicodedata.normalize("NFKC", title).casefold()).strip()
    return "title:" + hashlib.sha256(words.encode("utf-8")).hexdigest()[:16]
