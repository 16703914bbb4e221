"""Which repository, record or page a URL names on each host: GitHub owners, repositories and
pages, GitLab projects, Hugging Face repositories, `owner/name` forges, Zenodo records, DOIs,
Software Heritage targets, OSF GUIDs and arXiv ids; and the browsable URL of a file or a
release in each host's shape.

* Zenodo: records at `/records/{id}` (and the older `/record/{id}`), `/doi/10.5281/zenodo.{id}`,
  and DOIs `10.5281/zenodo.{id}`; Software Heritage: SWHIDs (`swh:1:{cnt|dir|rev|rel|snp}:`
  and 40 hex digits, its "SoftWare Hash IDentifiers" specification) and `/browse/origin/` links
  naming an `origin_url`; OSF: five-character GUIDs at `osf.io/{guid}`.
* figshare: articles and their files (`figshare_item`); GitHub releases and their assets
  (`github_release`), the weights and data links their APIs answer for.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal
from urllib.parse import parse_qs, quote, unquote, urlsplit

from auditor.links.hosts import (
    GITHUB,
    GITHUB_PROFILE_SECTIONS,
    GITHUB_SITE_SECTIONS,
    GITLAB,
    GITLAB_PROJECT_ROUTES,
    GITLAB_TOP_LEVEL_ROUTES,
    HUGGINGFACE,
    HUGGINGFACE_SITE_SECTIONS,
    OSF,
    OWNER_NAME_FORGES,
    SOFTWARE_HERITAGE,
    ZENODO,
    HuggingFaceCollection,
    canonical_host,
)
from auditor.models import LinkKind

# GitHub's naming rules: a user or organisation is letters, digits and single hyphens, at most
# 39 characters, not starting with a hyphen (older accounts may end with one); a repository
# name is letters, digits, `.`, `_` and `-`, at most 100 characters, never `.` or `..`.
_GITHUB_OWNER = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,38}")
_GITHUB_REPOSITORY = re.compile(r"[A-Za-z0-9._-]{1,100}")


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


def climbs(segments: Iterable[str]) -> bool:
    """Whether a URL path's segments hold one that is, or decodes to something holding, a `.`
    or `..` segment (`..`, `%2e%2e`, `a%2F..`). The one rule for every host: such a path names
    no repository, record or page of any host, so nothing a list writes steers an API request
    of ours elsewhere (`/user`, `/whoami-v2`)."""
    return any(
        part.strip() in (".", "..")
        for segment in segments
        for part in re.split(r"[/\\]", unquote(segment))
    )


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
    if canonical_host(parts) != GITHUB:
        return None
    segments = [segment for segment in parts.path.split("/") if segment]
    if len(segments) < 2:
        return None
    owner, name = segments[0], re.sub(r"\.git$", "", segments[1], flags=re.I)
    return f"{owner}/{name}" if is_github_full_name(f"{owner}/{name}") else None


def gitlab_project_segments(segments: list[str]) -> list[str] | None:
    """The segments of a GitLab project path (`group/sub/project`) at the start of a path's
    `segments`; None for GitLab's own pages and a path that `climbs`."""
    if not segments or segments[0].casefold() in GITLAB_TOP_LEVEL_ROUTES or climbs(segments):
        return None
    project: list[str] = []
    for segment in segments:
        if len(project) >= 2 and segment.casefold() in GITLAB_PROJECT_ROUTES:
            break
        if segment == "-":
            break
        project.append(segment)
    return project if len(project) >= 2 else None


def huggingface_repository_segments(segments: list[str]) -> list[str] | None:
    """`[owner, name]`, `["datasets", owner, name]` or `["spaces", owner, name]` at the start
    of a huggingface.co path's `segments`; None for the Hub's own pages, for profiles and for a
    path that `climbs`."""
    if climbs(segments):
        return None
    first = segments[0].casefold() if segments else ""
    if first in ("datasets", "spaces"):
        return segments[:3] if len(segments) >= 3 else None
    if first in HUGGINGFACE_SITE_SECTIONS or len(segments) < 2:
        return None
    return segments[:2]


def gitlab_project(url: str) -> str | None:
    """The project path (`group/sub/project`) of a gitlab.com project URL, else None."""
    parts = urlsplit(url)
    if canonical_host(parts) != GITLAB:
        return None
    project = gitlab_project_segments([s for s in parts.path.split("/") if s])
    return re.sub(r"\.git$", "", "/".join(project), flags=re.I) if project else None


def huggingface_repository(url: str) -> tuple[HuggingFaceCollection, str] | None:
    """(`models`|`datasets`|`spaces`, repository id `owner/name`) of a Hugging Face repository
    URL, else None (the Hub's own pages, profiles, other hosts)."""
    parts = urlsplit(url)
    if canonical_host(parts) != HUGGINGFACE:
        return None
    found = huggingface_repository_segments([s for s in parts.path.split("/") if s])
    if found is None:
        return None
    if len(found) == 3:
        collection: HuggingFaceCollection = "datasets" if found[0] == "datasets" else "spaces"
        return collection, "/".join(found[1:])
    return "models", "/".join(found)


def owner_name_repository(url: str) -> tuple[LinkKind, str] | None:
    """(kind, `owner/name`) of a Bitbucket, Codeberg or Gitee repository URL, else None."""
    parts = urlsplit(url)
    host = canonical_host(parts)
    if host not in OWNER_NAME_FORGES:
        return None
    kind, sections = OWNER_NAME_FORGES[host]
    found = owner_name_segments([segment for segment in parts.path.split("/") if segment], sections)
    if found is None:
        return None
    owner, name = found
    return kind, f"{owner}/{re.sub(r'[.]git$', '', name, flags=re.I)}"


def owner_name_segments(segments: list[str], sections: frozenset[str]) -> list[str] | None:
    """`[owner, name]` at the start of the path `segments` of an `owner/name` forge (Bitbucket,
    Codeberg, Gitee, a self-hosted Forgejo); None for the host's own pages (`sections`, first
    segments that are no owner) and for a path that `climbs`."""
    if len(segments) < 2 or segments[0].casefold() in sections or climbs(segments):
        return None
    return segments[:2]


def zenodo_record(url: str) -> str | None:
    """The record id of a Zenodo link (`/records/N`, `/record/N`, `/doi/10.5281/zenodo.N`) or of
    a Zenodo DOI (`doi.org/10.5281/zenodo.N`), else None (communities, search, badges…)."""
    parts = urlsplit(url)
    host = canonical_host(parts)
    if host == "doi.org" or (host == ZENODO and parts.path.startswith("/doi/")):
        found = _ZENODO_DOI.search(parts.path)
        return found.group(1) if found else None
    if host != ZENODO:
        return None
    found = _ZENODO_RECORD.match(parts.path)
    return found.group(1) if found else None


_FIGSHARE_DOI = re.compile(r"10\.6084/m9\.figshare\.(\d+)", re.I)


def _figshare_host(host: str) -> bool:
    return host == "figshare.com" or host.endswith(".figshare.com")


@dataclass(frozen=True, slots=True)
class FigshareItem:
    """What a figshare link names: an article (`article`, its id), or one file of an article
    (`file`, its id; `article` when the link names it too)."""

    article: str | None
    file: str | None = None


def figshare_item(url: str) -> FigshareItem | None:
    """The article or file a figshare link names: `figshare.com/articles/[TYPE/]SLUG/ID[/V]`
    (and an institution's portal on `*.figshare.com`), `?file=FILE` on it, the DOI
    `10.6084/m9.figshare.ID[.vV]`, `ndownloader.figshare.com/articles/ID` (every file of it),
    `ndownloader.figshare.com/files/FILE` and `figshare.com/ndownloader/files/FILE`; None for
    anything else (search, profiles, collections, projects)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    host = canonical_host(parts)
    if host == "doi.org":
        found = _FIGSHARE_DOI.match(unquote(parts.path.lstrip("/")))
        return FigshareItem(found.group(1)) if found else None
    if not _figshare_host(host):
        return None
    segments = [unquote(s) for s in parts.path.split("/") if s]
    if segments[:1] == ["ndownloader"]:
        segments = segments[1:]
    if segments[:1] == ["files"] and len(segments) == 2 and segments[1].isdigit():
        return FigshareItem(None, segments[1])
    if segments[:1] != ["articles"]:
        return None
    # The id is the first number after the type and slug; a version may follow it.
    numbers = [i for i, segment in enumerate(segments[1:], 1) if segment.isdigit()]
    if not numbers or len(segments) - numbers[0] > 3:
        return None
    files = parse_qs(parts.query).get("file", [])
    file = files[0] if files and files[0].isdigit() else None
    return FigshareItem(segments[numbers[0]], file)


@dataclass(frozen=True, slots=True)
class GitHubRelease:
    """A link into a GitHub repository's releases: `tag` (None: the latest release, or for
    `releases` itself any release) and `asset` (a file attached to it), as the path reads."""

    owner: str
    name: str
    tag: str | None
    asset: str | None = None
    latest: bool = False


def github_release(url: str) -> GitHubRelease | None:
    """`github.com/OWNER/REPO/releases/download/TAG/FILE`, `…/releases/latest/download/FILE`,
    `…/releases/tag/TAG`, `…/releases/latest` and `…/releases`; None for anything else."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if canonical_host(parts) != GITHUB:
        return None
    segments = [unquote(s) for s in parts.path.split("/") if s]
    if len(segments) < 3 or segments[2] != "releases" or climbs(segments):
        return None
    owner, name, rest = segments[0], segments[1], segments[3:]
    if not is_github_owner(owner) or not is_github_repository_name(name):
        return None
    match rest:
        case []:
            return GitHubRelease(owner, name, None)
        case ["latest"]:
            return GitHubRelease(owner, name, None, latest=True)
        case ["tag", tag]:
            return GitHubRelease(owner, name, tag)
        case ["latest", "download", asset]:
            return GitHubRelease(owner, name, None, asset, latest=True)
        case ["download", tag, asset]:
            return GitHubRelease(owner, name, tag, asset)
    return None


def doi_of(url: str) -> str | None:
    """The DOI a doi.org link names (`10.1234/abc`), else None."""
    parts = urlsplit(url)
    host = canonical_host(parts)
    doi = unquote(parts.path.lstrip("/"))
    named = host == "doi.org" and re.match(r"10\.\d{4,9}/\S+", doi)
    return doi if named and not climbs(doi.split("/")) else None


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
    if not parts.path.startswith("/browse/origin") or climbs(urlsplit(origin).path.split("/")):
        return None
    return ("origin", origin) if origin.startswith(("http://", "https://")) else None


# A new-style arXiv identifier (`2403.01234`): the one shape every reader of ids builds on.
ARXIV_NUMBER = r"\d{4}\.\d{4,5}"
_ARXIV_ID = re.compile(rf"/(?:abs|pdf|html)/({ARXIV_NUMBER})(?:v\d+)?(?:\.pdf)?/?$")


def arxiv_id(url: str) -> str | None:
    """The new-style identifier of an arxiv.org paper link (`2403.01234`), else None."""
    parts = urlsplit(url)
    host = canonical_host(parts)
    found = _ARXIV_ID.search(parts.path) if host == "arxiv.org" else None
    return found.group(1) if found else None


_OPENREVIEW_ID = re.compile(r"[\w-]{5,40}")


def openreview_id(url: str) -> str | None:
    """The id of an OpenReview paper (`openreview.net/forum?id=…`, `/pdf?id=…`), else None."""
    parts = urlsplit(url)
    page = parts.path.rstrip("/")
    if canonical_host(parts) != "openreview.net" or page not in ("/forum", "/pdf"):
        return None
    found = parse_qs(parts.query).get("id", [""])[0]
    return found if _OPENREVIEW_ID.fullmatch(found) else None


def osf_guid(url: str) -> str | None:
    """The GUID of an OSF project or registration (`osf.io/abcd3`, `api.osf.io/v2/nodes/abcd3`),
    else None."""
    parts = urlsplit(url)
    host = canonical_host(parts)
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


def github_page(url: str) -> GitHubPage | None:
    """What a link on a GitHub host points at; None when it is not a GitHub link or its path
    names nothing GitHub could have (an owner or repository name GitHub would refuse, a gist id
    that is not one, a `.` or `..` segment, written plainly or percent-encoded): nothing a list
    writes can steer an API request of ours elsewhere (`/user`, `/orgs/…`)."""
    parts = urlsplit(url)
    host = canonical_host(parts)
    segments = [segment for segment in parts.path.split("/") if segment]
    if climbs(segments):
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


def file_url(
    source: str,
    repository_url: str,
    full_name: str,
    branch: str | None,
    name: str,
    line: int | None = None,
    *,
    commit: str | None = None,
) -> str:
    """A browsable link to a file of a repository or record, in the shape of the host whose
    API gave the facts (`RepoFacts.source`); the repository's own URL where the host has no
    page per file (archived code, OSF). At `commit` when it is known (what was judged, however
    the branch moves on), else on `branch`."""
    parts = urlsplit(repository_url)
    site = f"{parts.scheme}://{parts.netloc}"
    path = quote(name.rstrip("/"))
    ref = quote(commit or branch or "HEAD", safe="")
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
        return f"{site}/{full_name}/src/{'commit' if commit else 'branch'}/{ref}/{path}{anchor}"
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
