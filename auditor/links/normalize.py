"""One canonical form per link: a URL as written becomes a `NormalizedUrl` (scheme, host and
repository path canonical, tracking parameters dropped, the path into a repository kept apart)
with its `LinkKind`; over-long links are cut and marked.
"""

from __future__ import annotations

import functools
import ipaddress
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from auditor.links.hosts import (
    ANONYMOUS_REVIEW,
    BITBUCKET,
    CANONICAL_HOSTS,
    CODEBERG,
    FORGEJO_SITE_SECTIONS,
    GITEE,
    GITHUB,
    GITLAB,
    HOSTNAME_SHAPE,
    HTTPS_ONLY_HOSTS,
    HUGGINGFACE,
    OSF,
    OWNER_NAME_FORGES,
    REPOSITORY_KINDS,
    SOFTWARE_HERITAGE,
    schemeless_start,
)
from auditor.links.origins import DEFAULT_PORTS, host_key
from auditor.links.repositories import (
    SWHID,
    gitlab_project_segments,
    huggingface_repository_segments,
    is_github_full_name,
    osf_guid,
    owner_name_segments,
)
from auditor.models import LinkKind

_TRACKING_PARAMETERS = frozenset({"fbclid", "gclid"})
_SCHEMELESS_START = re.compile(schemeless_start() + r"(?:[/?#:]|$)", re.I)


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


@dataclass(frozen=True, slots=True)
class NormalizedUrl:
    url: str
    kind: LinkKind
    subpath: str | None = None  # e.g. "/tree/main/x" for a link into a repository


# A run asks the same URLs again and again (a page's link is judged harvestable, then
# harvested; a site's pages repeat their navigation), and the answer is the URL's alone (an
# immutable value): each is worked out once, a bounded number kept.
@functools.lru_cache(maxsize=32_768)
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
    # A format character (a zero-width joiner, a bidi control) is part of the URL as written:
    # percent-encoded, as a browser sends it, never dropped (that would check another URL).
    if not text.isascii():
        text = "".join(quote(char) if unicodedata.category(char) == "Cf" else char for char in text)
    # Every whitespace character but the space is unprintable: one pass in C finds either.
    if not text or not text.isprintable() or " " in text or "\\" in text:
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
    host = host_key(parts.hostname or "")
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
            url = f"{scheme}://{host}{repository_path}"
            if _cites_folder_on(kind, host, subpath):
                url += subpath or ""  # judged on its own, as a GitHub folder is
            return NormalizedUrl(url, kind, subpath)
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
    return HOSTNAME_SHAPE.fullmatch(host) is not None


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
    if cites_folder(segments):
        # A folder or file of a ref is cited, and judged, on its own: its ref and path kept
        # as written (they are case-sensitive). A bare `/tree/REF` is the repository.
        url += subpath or ""
    return NormalizedUrl(url, LinkKind.GITHUB_REPO, subpath)


def _cites_folder_on(kind: LinkKind, host: str, subpath: str | None) -> bool:
    """Whether the path after a repository of gitlab.com, Codeberg, Bitbucket, Gitee or the
    Hugging Face Hub cites a folder or a file of a ref (those hosts' adapters judge it on its
    own)."""
    if kind is LinkKind.GITLAB:
        return host == GITLAB and gitlab_cites_folder(subpath)
    if kind is LinkKind.CODEBERG:
        return forgejo_cites_folder(subpath)
    if kind in (LinkKind.GITEE, LinkKind.HUGGINGFACE):
        return tree_or_blob_cites_folder(subpath)
    return kind is LinkKind.BITBUCKET and bitbucket_cites_folder(subpath)


def gitlab_cites_folder(subpath: str | None) -> bool:
    """Whether the path after a GitLab project (`/-/tree/REF/PATH`, `/-/blob/REF/PATH`) cites a
    folder or a file of a ref, not the project (a bare `/-/tree/REF` is the project)."""
    segments = [segment for segment in (subpath or "").split("/") if segment]
    return len(segments) >= 4 and segments[0] == "-" and segments[1] in ("tree", "blob")


def forgejo_cites_folder(subpath: str | None) -> bool:
    """Whether the path after a Forgejo repository (`/src/branch/REF/PATH`, `tag`, `commit`)
    cites a folder or a file of a ref, not the repository."""
    segments = [segment for segment in (subpath or "").split("/") if segment]
    return len(segments) >= 4 and segments[0] == "src" and segments[1] in FORGEJO_REF_KINDS


def bitbucket_cites_folder(subpath: str | None) -> bool:
    """Whether the path after a Bitbucket repository (`/src/REF/PATH`) cites a folder or a
    file of a ref, not the repository."""
    segments = [segment for segment in (subpath or "").split("/") if segment]
    return len(segments) >= 3 and segments[0] == "src"


def tree_or_blob_cites_folder(subpath: str | None) -> bool:
    """Whether the path after a Gitee or Hugging Face repository (`/tree/REF/PATH`,
    `/blob/REF/PATH`) cites a folder or a file of a ref, not the repository (a bare
    `/tree/REF` is the repository)."""
    segments = [segment for segment in (subpath or "").split("/") if segment]
    return len(segments) >= 3 and segments[0] in ("tree", "blob")


# How a Forgejo (Codeberg) `/src/` link names its ref.
FORGEJO_REF_KINDS = ("branch", "tag", "commit")


def keyed_before_folders(url: str) -> str | None:
    """The link a cited-folder link (`https://github.com/o/r/tree/REF/PATH`, GitLab's
    `https://gitlab.com/group/project/-/tree/REF/PATH`, Codeberg's, Bitbucket's, Gitee's or the
    Hugging Face Hub's, normalised) was keyed under before folders were judged on their own: its
    repository's. The history kept under that key is the folder link's past. None for any other
    link."""
    gitlab = f"https://{GITLAB}/"
    if url.startswith(gitlab) and "/-/" in url:
        project, _, rest = url.partition("/-/")
        return project if gitlab_cites_folder("/-/" + rest) else None
    forges = (
        (CODEBERG, forgejo_cites_folder),
        (BITBUCKET, bitbucket_cites_folder),
        (GITEE, tree_or_blob_cites_folder),
    )
    for forge, cites in forges:
        site = f"https://{forge}/"
        if url.startswith(site):
            segments = url[len(site) :].split("/")
            return site + "/".join(segments[:2]) if cites("/" + "/".join(segments[2:])) else None
    hub = f"https://{HUGGINGFACE}/"
    if url.startswith(hub):
        segments = url[len(hub) :].split("/")
        repository = huggingface_repository_segments(segments)
        if repository is None:
            return None
        rest = "/" + "/".join(segments[len(repository) :])
        return hub + "/".join(repository) if tree_or_blob_cites_folder(rest) else None
    prefix = f"https://{GITHUB}/"
    if not url.startswith(prefix):
        return None
    segments = url[len(prefix) :].split("/")
    return prefix + "/".join(segments[:2]) if cites_folder(segments) else None


def cites_folder(segments: Sequence[str]) -> bool:
    """Whether a repository path's segments (`owner/name/tree/REF/PATH…`) cite a folder or a
    file of a ref, not the repository."""
    return len(segments) >= 5 and segments[2] in ("tree", "blob")


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
        project = gitlab_project_segments(segments)
        if project is None:
            return None
        rest = segments[len(project) :]
        return "/" + "/".join(project), ("/" + "/".join(rest) if rest else None)
    found = huggingface_repository_segments(segments)
    if found is None:
        return None
    depth = len(found)
    rest = segments[depth:]
    return "/" + "/".join(segments[:depth]), ("/" + "/".join(rest) if rest else None)


def _kind(host: str, path: str) -> LinkKind:
    if host == GITHUB or host.endswith((".github.com", ".githubusercontent.com")):
        return LinkKind.GITHUB_OTHER
    if host == "github.io" or host.endswith(".github.io"):
        return LinkKind.GITHUB_PAGES
    if host == GITLAB or host.startswith("gitlab."):
        segments = [segment for segment in path.split("/") if segment]
        return LinkKind.GITLAB if gitlab_project_segments(segments) else LinkKind.WEB
    if host == HUGGINGFACE:
        segments = [segment for segment in path.split("/") if segment]
        found = huggingface_repository_segments(segments)
        return LinkKind.HUGGINGFACE if found else LinkKind.WEB
    if host in OWNER_NAME_FORGES:
        forge, sections = OWNER_NAME_FORGES[host]
        segments = [segment for segment in path.split("/") if segment]
        return forge if owner_name_segments(segments, sections) else LinkKind.WEB
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
        project = gitlab_project_segments(segments)
        if project is None:
            return None
        rest = segments[len(project) :]
        path, forge = "/" + "/".join(project), LinkKind.GITLAB
    else:
        if owner_name_segments(segments, FORGEJO_SITE_SECTIONS) is None:
            return None
        rest = segments[2:]
        path, forge = "/" + "/".join(segments[:2]), LinkKind.FORGEJO
    return NormalizedUrl(f"https://{host}{path}", forge, "/" + "/".join(rest) if rest else None)


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
