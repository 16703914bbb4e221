"""Link identity: what a URL is. The only module that knows hosts, the paths under which a host
serves its own site rather than its users' repositories, link kinds, owner/name and subpaths,
and which links are repositories, code, pre-trained weights, data or hosted environments.

Extraction, the project-page harvester, the host adapters (GitHub, GitLab, Hugging Face),
scoring and rendering all ask this module; none keeps a list of its own. Pure functions, no I/O.

Site sections are taken from the hosts' own route lists, never from examples:
* GitHub: the names GitHub reserves because its site uses them (`github-reserved-names`, which
  tracks the routes github.com serves), plus `solutions`, a marketing section it lacks.
* GitLab: `TOP_LEVEL_ROUTES` and `PROJECT_WILDCARD_ROUTES` of GitLab's `path_regex.rb`, as its
  "Reserved project and group names" page documents them.
* Hugging Face: the Hub's documented URL shapes (`/{owner}/{model}`, `/datasets/{owner}/{name}`,
  `/spaces/{owner}/{name}`) and the top-level sections of huggingface.co.
* Codeberg (and self-hosted Forgejo/Gitea): the names Gitea and Forgejo reserve because their
  routes use them (`reservedUsernames` of `models/user/user.go`, with the public entries).
* Bitbucket and Gitee: `/{workspace|owner}/{repository}` (Bitbucket's "Repositories" and
  Gitee's repository documentation) below the top-level sections of their sites.
* Zenodo: records at `/records/{id}` (and the older `/record/{id}`), `/doi/10.5281/zenodo.{id}`,
  and DOIs `10.5281/zenodo.{id}`; Software Heritage: SWHIDs (`swh:1:{cnt|dir|rev|rel|snp}:`
  and 40 hex digits, its "SoftWare Hash IDentifiers" specification) and `/browse/origin/` links
  naming an `origin_url`; OSF: five-character GUIDs at `osf.io/{guid}`.
"""

from __future__ import annotations

import functools
import ipaddress
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal
from urllib.parse import parse_qs, quote, unquote, urlsplit

from github_reserved_names import ALL as _GITHUB_RESERVED_NAMES
from publicsuffixlist import PublicSuffixList

from auditor.models import LinkKind, LinkResult

GITHUB = "github.com"
GITLAB = "gitlab.com"
HUGGINGFACE = "huggingface.co"
ANONYMOUS_REVIEW = "anonymous.4open.science"
ZENODO = "zenodo.org"
SOFTWARE_HERITAGE = "archive.softwareheritage.org"
BITBUCKET = "bitbucket.org"
CODEBERG = "codeberg.org"
GITEE = "gitee.com"
OSF = "osf.io"

# Hosts people cite without a scheme (`github.com/o/r`); a bare host needs a path to count.
SCHEMELESS_HOSTS = (
    GITHUB,
    GITLAB,
    HUGGINGFACE,
    "hf.co",
    "zenodo.org",
    "arxiv.org",
    "doi.org",
    "dx.doi.org",
    ANONYMOUS_REVIEW,
    BITBUCKET,
    CODEBERG,
    GITEE,
    OSF,
    SOFTWARE_HERITAGE,
)
# Real top-level domains that are also everyday file extensions (`train.py`, `README.md`,
# `run.sh`, `model.pt`): a name ending in one is a host only when a path or a scheme says so.
FILE_EXTENSION_TLDS = frozenset({"py", "md", "sh", "pt", "zip", "mov", "pl", "rs", "so"})
# Hosts that answer only over HTTPS, so `http://` and `https://` are one link.
HTTPS_ONLY_HOSTS = frozenset(
    {GITHUB, GITLAB, HUGGINGFACE, ZENODO, "arxiv.org", "doi.org", ANONYMOUS_REVIEW}
    | {SOFTWARE_HERITAGE, BITBUCKET, CODEBERG, GITEE, OSF}
)
CANONICAL_HOSTS = {
    "www.github.com": GITHUB,
    "www.gitlab.com": GITLAB,
    "hf.co": HUGGINGFACE,
    "www.huggingface.co": HUGGINGFACE,
    "www.zenodo.org": "zenodo.org",
    "www.arxiv.org": "arxiv.org",
    "export.arxiv.org": "arxiv.org",
    "dx.doi.org": "doi.org",
    "www.doi.org": "doi.org",
    "www.bitbucket.org": BITBUCKET,
    "www.gitee.com": GITEE,
    "www.osf.io": OSF,
}

# First path segments of github.com that are GitHub's own site, never a user or organisation.
GITHUB_SITE_SECTIONS = frozenset(name.casefold() for name in _GITHUB_RESERVED_NAMES) | {"solutions"}
# Site sections whose second segment names a user or organisation (`/orgs/NAME`).
GITHUB_PROFILE_SECTIONS = frozenset({"orgs", "organizations", "sponsors", "users"})
# Pages of a repository the GitHub API can answer for (`/o/r/blob/main/x`, `/o/r/issues/3`).
GITHUB_REPOSITORY_PAGES = frozenset({"blob", "tree", "raw", "releases", "issues", "pull", "commit"})
# GitHub's naming rules: a user or organisation is letters, digits and single hyphens, at most
# 39 characters, not starting with a hyphen (older accounts may end with one); a repository
# name is letters, digits, `.`, `_` and `-`, at most 100 characters, never `.` or `..`.
_GITHUB_OWNER = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,38}")
_GITHUB_REPOSITORY = re.compile(r"[A-Za-z0-9._-]{1,100}")

GITLAB_TOP_LEVEL_ROUTES = frozenset(
    {
        "-", ".well-known", "404.html", "422.html", "500.html", "502.html", "503.html",
        "abuse_reports", "admin", "api", "apple-touch-icon-precomposed.png",
        "apple-touch-icon.png", "assets", "autocomplete", "ci", "dashboard", "deploy.html",
        "explore", "favicon.ico", "files", "groups", "header_logo_dark.png",
        "header_logo_light.png", "health_check", "help", "import", "invites", "jwt", "koding",
        "notification_settings", "oauth", "profile", "projects", "public", "robots.txt", "s",
        "search", "sent_notifications", "slash-command-logo.png", "snippets", "u",
        "unsubscribes", "uploads", "users",
    }
)  # fmt: skip
# Words that follow a project path in GitLab's older routes (`/group/project/tree/main`); the
# newer ones put `/-/` first.
GITLAB_PROJECT_ROUTES = frozenset(
    {
        "-", "badges", "blame", "blob", "builds", "commits", "create", "create_dir", "edit",
        "files", "find_file", "gitlab-lfs", "info", "new", "preview", "raw", "refs", "tree",
        "update", "wikis", "issues", "merge_requests", "wiki", "releases", "tags", "branches",
    }
)  # fmt: skip

# Top-level sections of huggingface.co that are the Hub's own pages, not an owner's models.
HUGGINGFACE_SITE_SECTIONS = frozenset(
    {
        "api", "autotrain", "billing", "blog", "brand", "changelog", "chat", "code-of-conduct",
        "collections", "content-guidelines", "datasets", "docs", "enterprise", "join", "jobs",
        "hardware", "huggingchat", "inference", "inference-api", "inference-endpoints", "learn",
        "login", "logout", "mcp", "models", "new", "new-collection", "new-dataset",
        "new-space", "notifications", "oauth", "organizations", "papers", "posts", "pricing",
        "privacy", "pro", "search", "settings", "spaces", "storage", "support", "tasks",
        "terms-of-service", "welcome",
    }
)  # fmt: skip
HuggingFaceCollection = Literal["models", "datasets", "spaces"]

# Names Gitea and Forgejo (Codeberg) reserve because their own routes use them.
FORGEJO_SITE_SECTIONS = frozenset(
    {
        ".", "..", ".well-known", "admin", "api", "assets", "attachments", "avatars", "commits",
        "debug", "error", "explore", "ghost", "help", "install", "issues", "less", "login",
        "manifest.json", "metrics", "milestones", "new", "notifications", "org", "plugins",
        "pulls", "raw", "repo", "robots.txt", "search", "stars", "template", "user",
        "favicon.ico", "apple-touch-icon.png", "swagger.v1.json", "serviceworker.js",
    }
)  # fmt: skip
BITBUCKET_SITE_SECTIONS = frozenset(
    {
        "account", "api", "blog", "dashboard", "product", "repo", "site", "snippets",
        "socialauth", "support", "workspace", "login", "logout", "signup", "features", "pricing",
        "-", "legal", "ssh", "gitpod",
    }
)  # fmt: skip
GITEE_SITE_SECTIONS = frozenset(
    {
        "api", "explore", "enterprises", "education", "events", "gists", "help", "login",
        "signup", "search", "organizations", "projects", "about_us", "terms", "oauth", "features",
        "gitee-stars", "all-about-git", "assets", "static", "notifications", "dashboard",
    }
)  # fmt: skip
# Hosts whose repositories are `/{owner}/{name}` with deeper pages after: host → kind, site
# sections (first path segments that are the host's own pages).
OWNER_NAME_FORGES: dict[str, tuple[LinkKind, frozenset[str]]] = {
    BITBUCKET: (LinkKind.BITBUCKET, BITBUCKET_SITE_SECTIONS),
    CODEBERG: (LinkKind.CODEBERG, FORGEJO_SITE_SECTIONS),
    GITEE: (LinkKind.GITEE, GITEE_SITE_SECTIONS),
}
# A SWHID's core: `swh:1:{object type}:{40 hex digits}` (qualifiers after `;` are context).
SWHID = re.compile(r"swh:1:(?:cnt|dir|rev|rel|snp):[0-9a-f]{40}", re.I)
_ZENODO_DOI = re.compile(r"10\.5281/zenodo\.(\d+)", re.I)
_ZENODO_RECORD = re.compile(r"/(?:records?|deposit|api/records)/(\d+)(?:/|$)")
# OSF GUIDs are five lower-case letters and digits.
_OSF_GUID = re.compile(r"[a-z0-9]{5}")

# Project-page templates whose repositories are credited on countless pages: never a paper's
# code, wherever they appear.
TEMPLATE_REPOSITORIES = frozenset(
    {
        "nerfies/nerfies.github.io",
        "eliahuhorwitz/academic-project-page-template",
        "jonbarron/website",
        "jonbarron/jonbarron_website",
        "alshedivat/al-folio",
        "academicpages/academicpages.github.io",
    }
)

# Kinds whose URL names a repository (code, weights or data).
REPOSITORY_KINDS = frozenset(
    {LinkKind.GITHUB_REPO, LinkKind.GITLAB, LinkKind.HUGGINGFACE, LinkKind.ANONYMOUS_REVIEW}
    | {LinkKind.BITBUCKET, LinkKind.CODEBERG, LinkKind.GITEE, LinkKind.FORGEJO}
    | {LinkKind.SOFTWARE_HERITAGE}
)
# Kinds that are code wherever they point: repositories on code hosts and archived code.
CODE_KINDS = frozenset(
    {LinkKind.GITHUB_REPO, LinkKind.GITLAB, LinkKind.ANONYMOUS_REVIEW, LinkKind.BITBUCKET}
    | {LinkKind.CODEBERG, LinkKind.GITEE, LinkKind.FORGEJO, LinkKind.SOFTWARE_HERITAGE}
)
# Archive records, code or data as the record itself says (`RepoFacts.record_type`).
RECORD_KINDS = frozenset({LinkKind.ZENODO, LinkKind.DOI, LinkKind.OSF})
# The record types that are code (Zenodo's `software`, OSF's `software` category).
CODE_RECORD_TYPES = frozenset({"software"})
DATA_RECORD_TYPES = frozenset({"dataset", "data"})
# Kinds whose HTML we read when checking them: title, soft 404, code links.
HTML_KINDS = frozenset({LinkKind.GITHUB_PAGES, LinkKind.WEB, LinkKind.ANONYMOUS_REVIEW})
# Project pages: pages that may lead to a paper's code.
PROJECT_PAGE_KINDS = frozenset({LinkKind.WEB, LinkKind.GITHUB_PAGES})
# Hosts whose pages are code hosts' own: a page there is never harvested for the paper's code
# (a profile or a paper page on them lists other people's repositories).
_CODE_HOSTS = (GITHUB, GITLAB, HUGGINGFACE, BITBUCKET, CODEBERG, GITEE, SOFTWARE_HERITAGE)

# Hosted environments a README or paper can link for trying the code (E2).
HOSTED_ENVIRONMENTS = ("colab.research.google.com", "mybinder.org", "huggingface.co/spaces/")
# File-sharing hosts that hold weights or data (which one, the words around the link tell).
FILE_SHARING_HOSTS = (
    "zenodo.org",
    "drive.google.com",
    "drive.usercontent.google.com",
    "docs.google.com",
    "dropbox.com",
    "1drv.ms",
    "onedrive.live.com",
    "sharepoint.com",
    "pan.baidu.com",
    "figshare.com",
    "box.com",
    "mega.nz",
)
DATA_HOSTS = (
    "kaggle.com",
    "physionet.org",
    "archive.ics.uci.edu",
    "image-net.org",
    "cocodataset.org",
)
_WEIGHTS_FILE = re.compile(r"\.(pth|pt|ckpt|safetensors|h5|onnx|bin|pkl|npz)(\?|$)", re.I)

_HOST = re.compile(r"(?:[\w-]+\.)+[\w-]+|localhost")
_TRACKING_PARAMETERS = frozenset({"fbclid", "gclid"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ftp": 21, "ftps": 990}
_SCHEMELESS_START = re.compile(
    r"(?:www\.[\w-]+(?:\.[\w-]+)+|(?:"
    + "|".join(re.escape(host) for host in SCHEMELESS_HOSTS)
    + r")(?=/)|[\w-]+\.github\.io(?![\w-]))(?:[/?#:]|$)",
    re.I,
)


# A link longer than the URL length limit keeps its start and this mark, which says how long it
# was: it is `unsupported`, never fetched, and never copied whole into a report.
_CUT_MARK = "…[cut: "


def cut_url(url: str, limit: int) -> str:
    """`url` cut to its first `limit` characters, marked (an unchanged `url` when it fits)."""
    if len(url) <= limit:
        return url
    return f"{url[:limit]}{_CUT_MARK}{len(url):,} characters]"


def is_cut(url: str) -> bool:
    """Whether `url` is the start of a longer link (`cut_url`)."""
    return url.endswith(" characters]") and _CUT_MARK in url


# --- names --------------------------------------------------------------------------------------


def is_github_owner(name: str) -> bool:
    """A name GitHub could give a user or organisation, and not one of its site sections."""
    return _GITHUB_OWNER.fullmatch(name) is not None and name.casefold() not in GITHUB_SITE_SECTIONS


def is_github_repository_name(name: str) -> bool:
    return _GITHUB_REPOSITORY.fullmatch(name) is not None and name not in (".", "..")


def is_github_full_name(full_name: str) -> bool:
    """`owner/name` that names a GitHub repository: what may be asked of the API."""
    owner, _, name = full_name.partition("/")
    return is_github_owner(owner) and is_github_repository_name(name)


def github_full_name(url: str) -> str | None:
    """`owner/name` of a GitHub repository URL (normalised or not); None for any other URL."""
    parts = urlsplit(url)
    if CANONICAL_HOSTS.get((parts.hostname or "").casefold(), parts.hostname) != GITHUB:
        return None
    segments = [segment for segment in parts.path.split("/") if segment]
    if len(segments) < 2:
        return None
    owner, name = segments[0], re.sub(r"\.git$", "", segments[1], flags=re.I)
    return f"{owner}/{name}" if is_github_full_name(f"{owner}/{name}") else None


# --- hosts ---------------------------------------------------------------------------------------


@functools.cache
def _public_suffixes() -> PublicSuffixList:
    """The ICANN section of the Public Suffix List as `publicsuffixlist` ships it (a snapshot in
    the wheel, never fetched at run time); unknown suffixes are not public."""
    return PublicSuffixList(only_icann=True, accept_unknown=False)


def has_real_tld(host: str) -> bool:
    """Whether `host` ends in a top-level domain that exists (`somelab.io`, `lab.ac.uk`), as
    opposed to a sentence end run together (`results.The`) or a file name (`llama.cpp`)."""
    host = host.rstrip(".").lower()
    if "." not in host or not _HOST.fullmatch(host):
        return False
    return _public_suffixes().publicsuffix(host) is not None


def is_known_host(host: str) -> bool:
    """A host people cite without a scheme (`github.com`, `hf.co`, …) or a GitHub Pages site."""
    host = host.rstrip(".").lower()
    return host in SCHEMELESS_HOSTS or host.endswith(".github.io")


def is_plausible_host(host: str) -> bool:
    """A host a URL repaired from broken text may name: a known host or a real top-level domain."""
    return is_known_host(host) or has_real_tld(host)


# --- normalising and classifying ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NormalizedUrl:
    url: str
    kind: LinkKind
    subpath: str | None = None  # e.g. "/tree/main/x" for a link into a repository


def normalize_url(raw: str) -> NormalizedUrl | None:
    """The normalised form and kind of a URL as written, or None when it is not a usable
    http(s) or ftp URL. Never raises; `normalize_url(n.url).url == n.url`.

    Scheme and host lower-cased, default port, `utm_*` parameters and a trailing `.git` dropped;
    a GitHub repository becomes `https://github.com/{owner}/{repo}` in lower case (GitHub
    compares them case-insensitively) with any deeper path in `subpath`; GitLab projects and
    Hugging Face repositories likewise keep their deeper path apart, and repositories lose
    their fragment. Other paths keep their case.
    """
    try:
        return _normalize(raw)
    except (ValueError, UnicodeError):
        return None


def _normalize(raw: str) -> NormalizedUrl | None:
    text = re.sub(r"\\([_%#&~])", r"\1", raw.strip())
    if text.startswith("<") and text.endswith(">"):
        text = text[1:-1]
    if not text or any(char.isspace() or not char.isprintable() for char in text) or "\\" in text:
        return None
    swhid = SWHID.match(text)
    if swhid is not None and text[swhid.end() :][:1] in ("", ";"):
        # A bare SWHID: its resolvable form on the archive (qualifiers are context, dropped).
        text = f"https://{SOFTWARE_HERITAGE}/{swhid.group().lower()}"
    if text.startswith("//"):
        text = "https:" + text
    elif not re.match(r"[a-z][a-z0-9+.-]*://", text, re.I):
        if not _SCHEMELESS_START.match(text):
            return None
        text = "https://" + text
    parts = urlsplit(text)
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    if scheme not in DEFAULT_PORTS or not _valid_host(host):
        return None
    port = parts.port
    if port == DEFAULT_PORTS[scheme]:
        port = None
    host = CANONICAL_HOSTS.get(host, host)
    if host in HTTPS_ONLY_HOSTS and scheme == "http":
        scheme, port = "https", None
    path = parts.path
    while path.lower().endswith((".git", ".git/")):
        path = path[: path.lower().rindex(".git")]
    query = "&".join(
        parameter
        for parameter in parts.query.split("&")
        if parameter and not _is_tracking(parameter.split("=", 1)[0])
    )
    if host == GITHUB:
        repository = _github_repository(path)
        if repository is not None:
            return repository
    kind = _kind(host, path)
    if kind in _SUBPATH_KINDS and port is None:
        into = _repository_subpath(kind, path)
        if into is not None:
            repository_path, subpath = into
            return NormalizedUrl(f"{scheme}://{host}{repository_path}", kind, subpath)
    netloc = f"[{host}]" if ":" in host else host
    if port is not None:
        netloc += f":{port}"
    url = f"{scheme}://{netloc}{path or '/'}"
    if query:
        url += "?" + query
    if parts.fragment and kind not in REPOSITORY_KINDS:
        url += "#" + parts.fragment
    return NormalizedUrl(url, kind)


def _valid_host(host: str) -> bool:
    if ":" in host:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return False
        return True
    return _HOST.fullmatch(host) is not None


def _is_tracking(name: str) -> bool:
    name = name.lower()
    return name.startswith("utm_") or name in _TRACKING_PARAMETERS


def _github_repository(path: str) -> NormalizedUrl | None:
    """A github.com path into a repository, or None for profiles and GitHub's own pages."""
    segments = path.strip("/").split("/")
    if len(segments) < 2 or not is_github_full_name(f"{segments[0]}/{segments[1]}"):
        return None
    subpath = "/" + "/".join(segments[2:]) if segments[2:] else None
    url = f"https://{GITHUB}/{segments[0].lower()}/{segments[1].lower()}"
    return NormalizedUrl(url, LinkKind.GITHUB_REPO, subpath)


_SUBPATH_KINDS = frozenset(
    {LinkKind.GITLAB, LinkKind.HUGGINGFACE, LinkKind.BITBUCKET, LinkKind.CODEBERG, LinkKind.GITEE}
    | {LinkKind.FORGEJO}
)


def _repository_subpath(kind: LinkKind, path: str) -> tuple[str, str | None] | None:
    """(repository path, deeper path) for a GitLab project, a Hugging Face model, dataset or
    space, or an `owner/name` repository; None when `path` names no repository."""
    segments = [segment for segment in path.split("/") if segment]
    if kind in (LinkKind.BITBUCKET, LinkKind.CODEBERG, LinkKind.GITEE, LinkKind.FORGEJO):
        rest = segments[2:]
        return "/" + "/".join(segments[:2]), ("/" + "/".join(rest) if rest else None)
    if kind is LinkKind.GITLAB:
        project = _gitlab_project_segments(segments)
        if project is None:
            return None
        rest = segments[len(project) :]
        return "/" + "/".join(project), ("/" + "/".join(rest) if rest else None)
    found = _huggingface_repository_segments(segments)
    if found is None:
        return None
    depth = len(found)
    rest = segments[depth:]
    return "/" + "/".join(segments[:depth]), ("/" + "/".join(rest) if rest else None)


def _gitlab_project_segments(segments: list[str]) -> list[str] | None:
    """The segments of a GitLab project path (`group/sub/project`) at the start of a path."""
    if not segments or segments[0].casefold() in GITLAB_TOP_LEVEL_ROUTES:
        return None
    project: list[str] = []
    for segment in segments:
        if len(project) >= 2 and segment.casefold() in GITLAB_PROJECT_ROUTES:
            break
        if segment == "-":
            break
        project.append(segment)
    return project if len(project) >= 2 else None


def _huggingface_repository_segments(segments: list[str]) -> list[str] | None:
    """`[owner, name]`, `["datasets", owner, name]` or `["spaces", owner, name]` at the start
    of a huggingface.co path; None for the Hub's own pages and for profiles."""
    first = segments[0].casefold() if segments else ""
    if first in ("datasets", "spaces"):
        return segments[:3] if len(segments) >= 3 else None
    if first in HUGGINGFACE_SITE_SECTIONS or len(segments) < 2:
        return None
    return segments[:2]


def _kind(host: str, path: str) -> LinkKind:
    if host == GITHUB or host.endswith((".github.com", ".githubusercontent.com")):
        return LinkKind.GITHUB_OTHER
    if host == "github.io" or host.endswith(".github.io"):
        return LinkKind.GITHUB_PAGES
    if host == GITLAB or host.startswith("gitlab."):
        segments = [segment for segment in path.split("/") if segment]
        return LinkKind.GITLAB if _gitlab_project_segments(segments) else LinkKind.WEB
    if host == HUGGINGFACE:
        segments = [segment for segment in path.split("/") if segment]
        found = _huggingface_repository_segments(segments)
        return LinkKind.HUGGINGFACE if found else LinkKind.WEB
    if host in OWNER_NAME_FORGES:
        forge, sections = OWNER_NAME_FORGES[host]
        segments = [segment for segment in path.split("/") if segment]
        named = len(segments) >= 2 and segments[0].casefold() not in sections
        return forge if named else LinkKind.WEB
    if host == SOFTWARE_HERITAGE:
        archived = path.startswith(("/swh:1:", "/browse/"))
        return LinkKind.SOFTWARE_HERITAGE if archived else LinkKind.WEB
    if host == OSF or host == "api.osf.io":
        return LinkKind.OSF if osf_guid(f"https://{host}{path}") else LinkKind.WEB
    if host == "zenodo.org" or host.endswith(".zenodo.org"):
        return LinkKind.ZENODO
    if host == "doi.org":
        return LinkKind.ZENODO if path.lower().startswith("/10.5281/zenodo.") else LinkKind.DOI
    if host == ANONYMOUS_REVIEW:
        return LinkKind.ANONYMOUS_REVIEW
    if host == "arxiv.org":
        return LinkKind.ARXIV
    return LinkKind.WEB


# --- repositories on each host ------------------------------------------------------------------


def gitlab_project(url: str) -> str | None:
    """The project path (`group/sub/project`) of a gitlab.com project URL, else None."""
    parts = urlsplit(url)
    if CANONICAL_HOSTS.get((parts.hostname or "").casefold(), parts.hostname) != GITLAB:
        return None
    project = _gitlab_project_segments([s for s in parts.path.split("/") if s])
    return re.sub(r"\.git$", "", "/".join(project), flags=re.I) if project else None


def huggingface_repository(url: str) -> tuple[HuggingFaceCollection, str] | None:
    """(`models`|`datasets`|`spaces`, repository id `owner/name`) of a Hugging Face repository
    URL, else None (the Hub's own pages, profiles, other hosts)."""
    parts = urlsplit(url)
    if CANONICAL_HOSTS.get((parts.hostname or "").casefold(), parts.hostname) != HUGGINGFACE:
        return None
    found = _huggingface_repository_segments([s for s in parts.path.split("/") if s])
    if found is None:
        return None
    if len(found) == 3:
        collection: HuggingFaceCollection = "datasets" if found[0] == "datasets" else "spaces"
        return collection, "/".join(found[1:])
    return "models", "/".join(found)


def owner_name_repository(url: str) -> tuple[LinkKind, str] | None:
    """(kind, `owner/name`) of a Bitbucket, Codeberg or Gitee repository URL, else None."""
    parts = urlsplit(url)
    host = CANONICAL_HOSTS.get((parts.hostname or "").casefold(), (parts.hostname or "").casefold())
    if host not in OWNER_NAME_FORGES:
        return None
    kind, sections = OWNER_NAME_FORGES[host]
    segments = [segment for segment in parts.path.split("/") if segment]
    if len(segments) < 2 or segments[0].casefold() in sections:
        return None
    return kind, f"{segments[0]}/{re.sub(r'[.]git$', '', segments[1], flags=re.I)}"


def self_hosted_forge(url: str, forges: Mapping[str, str]) -> NormalizedUrl | None:
    """A link to a repository on a self-hosted forge the configuration names (`host` →
    `gitlab` or `forgejo`), normalised like gitlab.com's or Codeberg's; None otherwise (no
    other host is ever taken for a forge)."""
    parts = urlsplit(url)
    host = (parts.hostname or "").casefold()
    kind = forges.get(host)
    if kind is None or parts.port is not None:
        return None
    segments = [segment for segment in parts.path.split("/") if segment]
    if kind == "gitlab":
        project = _gitlab_project_segments(segments)
        if project is None:
            return None
        rest = segments[len(project) :]
        path, forge = "/" + "/".join(project), LinkKind.GITLAB
    else:
        if len(segments) < 2 or segments[0].casefold() in FORGEJO_SITE_SECTIONS:
            return None
        rest = segments[2:]
        path, forge = "/" + "/".join(segments[:2]), LinkKind.FORGEJO
    return NormalizedUrl(f"https://{host}{path}", forge, "/" + "/".join(rest) if rest else None)


def forge_repository(url: str) -> tuple[str, str] | None:
    """(host, repository path) of any forge repository URL: the origin an archive knows it by."""
    parts = urlsplit(url)
    host = (parts.hostname or "").casefold()
    path = parts.path.strip("/")
    return (host, path) if host and path else None


def zenodo_record(url: str) -> str | None:
    """The record id of a Zenodo link (`/records/N`, `/record/N`, `/doi/10.5281/zenodo.N`) or of
    a Zenodo DOI (`doi.org/10.5281/zenodo.N`), else None (communities, search, badges…)."""
    parts = urlsplit(url)
    host = CANONICAL_HOSTS.get((parts.hostname or "").casefold(), (parts.hostname or "").casefold())
    if host == "doi.org" or (host == ZENODO and parts.path.startswith("/doi/")):
        found = _ZENODO_DOI.search(parts.path)
        return found.group(1) if found else None
    if host != ZENODO:
        return None
    found = _ZENODO_RECORD.match(parts.path)
    return found.group(1) if found else None


def doi_of(url: str) -> str | None:
    """The DOI a doi.org link names (`10.1234/abc`), else None."""
    parts = urlsplit(url)
    host = CANONICAL_HOSTS.get((parts.hostname or "").casefold(), (parts.hostname or "").casefold())
    doi = unquote(parts.path.lstrip("/"))
    return doi if host == "doi.org" and re.match(r"10\.\d{4,9}/\S+", doi) else None


SwhTarget = tuple[Literal["swhid", "origin"], str]


def software_heritage_target(url: str) -> SwhTarget | None:
    """What a Software Heritage link names: `("swhid", core SWHID)` for `/swh:1:…` and
    `/browse/…/swh:1:…` links, `("origin", origin URL)` for `/browse/origin/…?origin_url=…`;
    None for the archive's other pages."""
    parts = urlsplit(url)
    if (parts.hostname or "").casefold() != SOFTWARE_HERITAGE:
        return None
    found = SWHID.search(parts.path)
    if found is not None:
        return "swhid", found.group().lower()
    origin = parse_qs(parts.query).get("origin_url", [""])[0]
    if parts.path.startswith("/browse/origin") and origin.startswith(("http://", "https://")):
        return "origin", origin
    return None


_ARXIV_ID = re.compile(r"/(?:abs|pdf|html)/(\d{4}\.\d{4,5})(?:v\d+)?(?:\.pdf)?/?$")


def arxiv_id(url: str) -> str | None:
    """The new-style identifier of an arxiv.org paper link (`2403.01234`), else None."""
    parts = urlsplit(url)
    host = CANONICAL_HOSTS.get((parts.hostname or "").casefold(), (parts.hostname or "").casefold())
    found = _ARXIV_ID.search(parts.path) if host == "arxiv.org" else None
    return found.group(1) if found else None


def osf_guid(url: str) -> str | None:
    """The GUID of an OSF project or registration (`osf.io/abcd3`, `api.osf.io/v2/nodes/abcd3`),
    else None."""
    parts = urlsplit(url)
    host = CANONICAL_HOSTS.get((parts.hostname or "").casefold(), (parts.hostname or "").casefold())
    segments = [segment for segment in parts.path.split("/") if segment]
    if host == "api.osf.io" and len(segments) >= 3 and segments[1] in ("nodes", "registrations"):
        segments = segments[2:]
    elif host != OSF:
        return None
    if segments and _OSF_GUID.fullmatch(segments[0]):
        return segments[0]
    return None


@dataclass(frozen=True, slots=True)
class GitHubPage:
    """A github.com link that is not a repository's front page, as its path reads.

    `kind`: `user` (a profile; `owner`), `gist` (`name` is its id), `file` (`blob`/`tree`/`raw`
    in a repository; `rest` = ref and path), `release` (`rest` = the tag), `issue` (issues and
    pull requests; `rest` = the number), `commit` (`rest` = the sha), `repository` (any other
    page of a repository), `site` (a page of GitHub's own site)."""

    host: str
    kind: Literal["user", "gist", "file", "release", "issue", "commit", "repository", "site"]
    owner: str = ""
    name: str = ""
    rest: tuple[str, ...] = ()


_GIST_ID = re.compile(r"[0-9A-Fa-f]{1,64}")


def _climbs(segment: str) -> bool:
    """A path segment that is, or decodes to something holding, a `.` or `..` segment."""
    return any(part.strip() in (".", "..") for part in re.split(r"[/\\]", unquote(segment)))


def github_page(url: str) -> GitHubPage | None:
    """What a link on a GitHub host points at; None when it is not a GitHub link or its path
    names nothing GitHub could have (an owner or repository name GitHub would refuse, a gist id
    that is not one, a `.` or `..` segment, written plainly or percent-encoded): nothing a list
    writes can steer an API request of ours elsewhere (`/user`, `/orgs/…`)."""
    parts = urlsplit(url)
    host = CANONICAL_HOSTS.get((parts.hostname or "").casefold(), (parts.hostname or "").casefold())
    segments = [segment for segment in parts.path.split("/") if segment]
    if any(_climbs(segment) for segment in segments):
        return None
    if host == "gist.github.com":
        if not segments or not _GIST_ID.fullmatch(segments[-1]):
            return None
        return GitHubPage(GITHUB, "gist", name=segments[-1])
    if host == "raw.githubusercontent.com":
        if len(segments) < 4:
            return None
        host, segments = GITHUB, [*segments[:2], "blob", *segments[2:]]
    if not segments:
        return GitHubPage(host, "site")
    first = segments[0].casefold()
    if first in GITHUB_PROFILE_SECTIONS and len(segments) >= 2:
        owner = segments[1]
        return GitHubPage(host, "user", owner=owner) if _GITHUB_OWNER.fullmatch(owner) else None
    if first in GITHUB_SITE_SECTIONS:
        return GitHubPage(host, "site")
    owner = segments[0]
    if not is_github_owner(owner):
        return None
    if len(segments) == 1:
        return GitHubPage(host, "user", owner=owner)
    name = segments[1]
    if not is_github_repository_name(name):
        return None
    page, rest = (segments[2], tuple(segments[3:])) if len(segments) > 2 else ("", ())
    if page in ("blob", "tree", "raw") and rest:
        return GitHubPage(host, "file", owner, name, rest)
    if page == "releases" and len(rest) >= 2 and rest[0] == "tag":
        return GitHubPage(host, "release", owner, name, rest[1:2])
    if page in ("issues", "pull") and rest and rest[0].isdigit():
        return GitHubPage(host, "issue", owner, name, rest[:1])
    if page == "commit" and rest:
        return GitHubPage(host, "commit", owner, name, rest[:1])
    return GitHubPage(host, "repository", owner, name)


def repository_name(kind: LinkKind, url: str, raw: str) -> str | None:
    """The repository's own name as the paper wrote it (GitHub canonical URLs are lower-case);
    None for archived code (a SWHID names no repository)."""
    if kind is LinkKind.SOFTWARE_HERITAGE:
        return None
    if kind is LinkKind.GITHUB_REPO:
        match = re.search(r"github\.com/[^/\s]+/([A-Za-z0-9._-]+)", raw, re.I)
        name = match.group(1) if match else url.rsplit("/", 1)[-1]
        return re.sub(r"\.git$", "", name, flags=re.I)
    if kind in REPOSITORY_KINDS:
        return urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1] or None
    return None


# --- what a link is for -------------------------------------------------------------------------


def is_code_link(kind: LinkKind | str, url: str, record_type: str | None = None) -> bool:
    """Whether a link is the paper's code: a repository on a code host (GitHub, GitLab,
    Bitbucket, Codeberg, Gitee, a configured forge), an anonymised review repository, archived
    code (Software Heritage), a Hugging Face Space (Hugging Face models are weights, datasets
    data), or an archive record (Zenodo, OSF, a DOI) whose `record_type` — what the record
    says it is, or for a DOI what it resolves to — is software."""
    if kind in CODE_KINDS:
        return True
    if kind in RECORD_KINDS:
        return record_type in CODE_RECORD_TYPES
    if kind == LinkKind.HUGGINGFACE:
        found = huggingface_repository(url)
        return found is not None and found[0] == "spaces"
    return False


def is_code_result(result: LinkResult) -> bool:
    """`is_code_link` for a checked link, with what its facts say the record is."""
    record_type = result.repo.record_type if result.repo is not None else None
    return is_code_link(result.link.kind, result.link.url, record_type)


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
    return not any(host == code_host or host.endswith("." + code_host) for code_host in _CODE_HOSTS)


def _on(host: str, *domains: str) -> bool:
    return any(host == domain or host.endswith("." + domain) for domain in domains)


ArtifactHost = Literal[
    "weights", "data", "space", "file-share", "release-asset", "release-page", "collection"
]
_HUGGINGFACE_ARTIFACTS: dict[HuggingFaceCollection, ArtifactHost] = {
    "models": "weights",
    "datasets": "data",
    "spaces": "space",
}


_RELEASE_PAGE = re.compile(r"/[^/]+/[^/]+/releases(/tag/[^/]+|/latest)?/?")


def artifact_host(url: str) -> ArtifactHost | None:
    """What a link's host says it holds: `weights` (a Hugging Face model), `data` (a Hugging
    Face dataset or a data host), `space` (a Hugging Face Space: a demo), `release-asset` (a
    file attached to a release), `file-share` (Zenodo, Drive, Dropbox…: weights or data, the
    words around the link tell), `release-page` (a GitHub repository's releases: its assets
    may be weights or data, the words tell), `collection` (a Hugging Face collection: models,
    datasets or both, the words tell); None for anything else."""
    try:
        parts = urlsplit(url)
    except ValueError:  # e.g. a netloc that is invalid under NFKC normalisation
        return None
    host = (parts.hostname or "").casefold()
    if _on(host, HUGGINGFACE, "hf.co"):
        if re.match(r"/collections/[^/]+/[^/]+", parts.path):
            return "collection"
        found = huggingface_repository(url)
        return _HUGGINGFACE_ARTIFACTS[found[0]] if found else None
    if _on(host, *DATA_HOSTS):
        return "data"
    if "/releases/download/" in parts.path:
        return "release-asset"
    if _on(host, GITHUB) and re.fullmatch(
        r"/[^/]+/[^/]+/releases(/tag/[^/]+|/latest)?/?", parts.path
    ):
        return "release-page"
    if _on(host, *FILE_SHARING_HOSTS) or (_on(host, "doi.org") and "zenodo" in parts.path):
        return "file-share"
    return None


def is_weights_file(url: str) -> bool:
    """A link to a file with a weights extension (`.pth`, `.safetensors`, …)."""
    try:
        return _WEIGHTS_FILE.search(urlsplit(url).path) is not None
    except ValueError:
        return False


def is_weights_link(url: str) -> bool:
    """A Hugging Face model or a GitHub release asset: where pre-trained weights live."""
    return artifact_host(url) in ("weights", "release-asset")


def is_hosted_environment(url: str) -> bool:
    """Colab, Binder or a Hugging Face Space: somewhere to try the code without installing it."""
    return any(hosted in url for hosted in HOSTED_ENVIRONMENTS)


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


def file_url(
    source: str,
    repository_url: str,
    full_name: str,
    branch: str | None,
    name: str,
    line: int | None = None,
) -> str:
    """A browsable link to a file of a repository or record, in the shape of the host whose
    API gave the facts (`RepoFacts.source`); the repository's own URL where the host has no
    page per file (archived code, OSF)."""
    parts = urlsplit(repository_url)
    site = f"{parts.scheme}://{parts.netloc}"
    path = quote(name.rstrip("/"))
    ref = quote(branch or "HEAD", safe="")
    anchor = "" if line is None else f"#L{line}"
    if source == "zenodo":
        return f"https://{ZENODO}/records/{full_name}" + (
            "" if name == "description" else f"/files/{path}"
        )
    if source == "huggingface":
        found = huggingface_repository(repository_url)
        prefix = "" if found is None or found[0] == "models" else f"{found[0]}/"
        return f"{site}/{prefix}{full_name}/blob/{ref}/{path}{anchor}"
    if source == "gitlab":
        return f"{site}/{full_name}/-/blob/{ref}/{path}{anchor}"
    if source in ("codeberg", "forgejo"):
        return f"{site}/{full_name}/src/branch/{ref}/{path}{anchor}"
    if source == "bitbucket":
        return f"{site}/{full_name}/src/{ref}/{path}" + ("" if line is None else f"#lines-{line}")
    if source in ("software-heritage", "osf"):
        return repository_url
    # GitHub (graphql, rest) and Gitee: GitHub redirects blob→tree for folders, HEAD to the
    # default branch.
    return f"{site}/{full_name}/blob/{ref}/{path}{anchor}"


def release_url(source: str, repository_url: str, full_name: str, tag: str) -> str:
    """Where a repository's release `tag` is shown, in its host's shape."""
    parts = urlsplit(repository_url)
    site = f"{parts.scheme}://{parts.netloc}/{full_name}"
    if source == "gitlab":
        return f"{site}/-/releases/{quote(tag)}"
    if source == "bitbucket":
        return f"{site}/src/{quote(tag)}"
    return f"{site}/releases/tag/{quote(tag)}"


def host_of(url: str) -> str:
    return (urlsplit(url).hostname or "").casefold()


# --- which hosts share a server -----------------------------------------------------------------

# Hosts whose subdomains are their users' sites on one shared service (GitHub Pages, GitLab
# Pages, Read the Docs): one server, one rate limit, so one host for politeness.
SHARED_SERVERS = ("github.io", "gitlab.io", "readthedocs.io")


def politeness_key(host: str) -> str:
    """The server behind `host` for per-host politeness: `*.github.io` (and the other
    `SHARED_SERVERS`) are one; `www.example.org` is `example.org`."""
    host = host.casefold().rstrip(".")
    for shared in SHARED_SERVERS:
        if host == shared or host.endswith("." + shared):
            return shared
    return host.removeprefix("www.")
