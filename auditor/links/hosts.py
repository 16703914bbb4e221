"""Hosts: the code, data and archive hosts by name, their aliases, the paths under which each
serves its own site rather than its users' repositories, which link kinds are repositories,
code or records, and which server a host shares for politeness. Pure data and functions.

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
"""

from __future__ import annotations

import functools
import re
from typing import Literal
from urllib.parse import SplitResult

from github_reserved_names import ALL as _GITHUB_RESERVED_NAMES
from publicsuffixlist import PublicSuffixList

from auditor.links.origins import on_domain
from auditor.models import LinkKind

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


def schemeless_start(dot: str = r"\.") -> str:
    """The pattern of a URL written without its scheme, up to its host: `www.` and a domain, a
    host of `SCHEMELESS_HOSTS` before a path, or a GitHub Pages site; `dot` is what may stand
    between labels (LaTeX writes `$.$`)."""
    hosts = "|".join(re.escape(host).replace(r"\.", dot) for host in SCHEMELESS_HOSTS)
    return rf"(?:www{dot}[\w-]+(?:{dot}[\w-]+)+|(?:{hosts})(?=/)|[\w-]+{dot}github{dot}io(?![\w-]))"


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
        "collections", "content-guidelines", "datasets", "docs", "enterprise", "front", "join",
        "jobs", "hardware", "huggingchat", "inference", "inference-api", "inference-endpoints",
        "learn", "login", "logout", "mcp", "models", "new", "new-collection", "new-dataset",
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
CODE_HOSTS = (GITHUB, GITLAB, HUGGINGFACE, BITBUCKET, CODEBERG, GITEE, SOFTWARE_HERITAGE)

# Hosts of environments a README or paper can link for trying the code (E2), besides Spaces.
HOSTED_ENVIRONMENTS = ("colab.research.google.com", "mybinder.org")
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


HOSTNAME_SHAPE = re.compile(r"(?:[\w-]+\.)+[\w-]+|localhost")


@functools.cache
def _public_suffixes() -> PublicSuffixList:
    """The ICANN section of the Public Suffix List as `publicsuffixlist` ships it (a snapshot in
    the wheel, never fetched at run time); unknown suffixes are not public."""
    return PublicSuffixList(only_icann=True, accept_unknown=False)


def has_real_tld(host: str) -> bool:
    """Whether `host` ends in a top-level domain that exists (`somelab.io`, `lab.ac.uk`), as
    opposed to a sentence end run together (`results.The`) or a file name (`llama.cpp`)."""
    host = host.rstrip(".").lower()
    if "." not in host or not HOSTNAME_SHAPE.fullmatch(host):
        return False
    return _public_suffixes().publicsuffix(host) is not None


def is_known_host(host: str) -> bool:
    """A host people cite without a scheme (`github.com`, `hf.co`, …) or a GitHub Pages site."""
    host = host.rstrip(".").lower()
    return host in SCHEMELESS_HOSTS or host.endswith(".github.io")


def is_plausible_host(host: str) -> bool:
    """A host a URL repaired from broken text may name: a known host or a real top-level domain."""
    return is_known_host(host) or has_real_tld(host)


def canonical_host(parts: SplitResult) -> str:
    """The host of a split URL with its aliases (`www.`, `hf.co`, `dx.doi.org`) folded."""
    host = (parts.hostname or "").casefold()
    return CANONICAL_HOSTS.get(host, host)


# Hosts whose subdomains are their users' sites on one shared service (GitHub Pages, GitLab
# Pages, Read the Docs): one server, one rate limit, so one host for politeness.
SHARED_SERVERS = ("github.io", "gitlab.io", "readthedocs.io")


def politeness_key(host: str) -> str:
    """The server behind `host` for per-host politeness: `*.github.io` (and the other
    `SHARED_SERVERS`) are one; `www.example.org` is `example.org`."""
    host = host.casefold().rstrip(".")
    for shared in SHARED_SERVERS:
        if on_domain(host, shared):
            return shared
    return host.removeprefix("www.")
