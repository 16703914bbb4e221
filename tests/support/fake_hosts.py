"""One fake per public API the host adapters and archives ask, each a real server on 127.0.0.1
(`tests.support.local_servers`), answering in the shapes the API's own documentation gives
(the page is named above each shape). A world of repositories and records is given to
`HostWorld`, which starts every fake and says which environment variables point the auditor
at them (`environ`). Nothing here is copied from real answers of real repositories."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from urllib.parse import parse_qs, quote, unquote

from tests.support.local_servers import Exchange, LocalServer, Reply, Route, serve


def reply(body: object, status: int = 200, headers: tuple[tuple[str, str], ...] = ()) -> Reply:
    text = body if isinstance(body, str) else json.dumps(body)
    kind = "text/plain; charset=utf-8" if isinstance(body, str) else "application/json"
    return Reply(status, text.encode(), (("Content-Type", kind), *headers))


DOWN = reply({"message": "Service Unavailable"}, 503)


# --- Zenodo -------------------------------------------------------------------------------------


@dataclass
class ZenodoRecord:
    id: int
    resource_type: str = "software"
    license: str | None = "mit"
    files: Mapping[str, str] = field(default_factory=dict)  # key → content
    description: str = "<p>Archived release.</p>"
    supplements: str | None = None  # a repository URL (isSupplementTo)
    deleted: bool = False


def zenodo_routes(records: list[ZenodoRecord]) -> dict[str, Route]:
    """developers.zenodo.org, "REST API" → "Records" (GET /api/records/:id): the record with
    `metadata` (resource_type, license, description, related_identifiers) and `files`
    ({key, size, links.self}); a deleted record answers 410 with its tombstone, an unknown
    one 404 ({"status": 404, "message": "PID does not exist."})."""
    routes: dict[str, Route] = {}
    for record in records:
        if record.deleted:
            tombstone = {"status": 410, "message": "The record has been deleted."}
            routes[f"/api/records/{record.id}"] = reply(tombstone, 410)
            continue
        related = []
        if record.supplements:
            related.append(
                {
                    "identifier": record.supplements + "/tree/v1.0",
                    "relation": "isSupplementTo",
                    "resource_type": "software",
                    "scheme": "url",
                }
            )
        body = {
            "id": record.id,
            "recid": str(record.id),
            "conceptrecid": str(record.id - 1),
            "doi": f"10.5281/zenodo.{record.id}",
            "conceptdoi": f"10.5281/zenodo.{record.id - 1}",
            "doi_url": f"https://doi.org/10.5281/zenodo.{record.id}",
            "created": "2026-02-01T10:00:00.000000+00:00",
            "modified": "2026-02-01T10:05:00.000000+00:00",
            "links": {"html": f"https://zenodo.org/records/{record.id}"},
            "metadata": {
                "title": f"Record {record.id}",
                "doi": f"10.5281/zenodo.{record.id}",
                "publication_date": "2026-02-01",
                "description": record.description,
                "access_right": "open",
                "resource_type": {
                    "title": record.resource_type.title(),
                    "type": record.resource_type,
                },
                "license": {"id": record.license} if record.license else None,
                "related_identifiers": related,
                "version": "v1.0",
            },
            "files": [
                {
                    "id": f"f{index}",
                    "key": key,
                    "size": len(content.encode()),
                    "checksum": "md5:0",
                    "links": {
                        "self": f"https://zenodo.org/api/records/{record.id}/files/{key}/content"
                    },
                }
                for index, (key, content) in enumerate(record.files.items())
            ],
            "status": "published",
        }
        routes[f"/api/records/{record.id}"] = reply(body)
        for key, content in record.files.items():
            routes[f"/api/records/{record.id}/files/{key}/content"] = reply(content)
    return routes


# --- doi.org ------------------------------------------------------------------------------------


def doi_routes(handles: Mapping[str, str]) -> dict[str, Route]:
    """doi.org's "DOI Proxy" factsheet, the proxy server REST API: GET /api/handles/{doi}
    answers {"responseCode": 1, "handle", "values": [{"index": 1, "type": "URL", "data":
    {"format": "string", "value": URL}, "ttl", "timestamp"}]}; an unknown DOI 404 with
    {"responseCode": 100, "handle"}."""
    routes: dict[str, Route] = {}
    for doi, url in handles.items():
        body = {
            "responseCode": 1,
            "handle": doi,
            "values": [
                {
                    "index": 1,
                    "type": "URL",
                    "data": {"format": "string", "value": url},
                    "ttl": 86400,
                    "timestamp": "2026-02-01T10:00:00Z",
                }
            ],
        }
        routes[f"/api/handles/{doi}"] = reply(body)
    return routes


# --- Software Heritage --------------------------------------------------------------------------


@dataclass
class Archived:
    """An origin or a directory in the fake archive."""

    directory: str  # 40 hex digits
    files: Mapping[str, str]  # root file → content
    origin: str | None = None  # the origin URL whose visits hold it
    visit_date: str = "2026-03-01T12:00:00.000000+00:00"


def _hex(seed: str) -> str:
    import hashlib

    return hashlib.sha1(seed.encode()).hexdigest()


def swh_routes(archived: list[Archived], *, saves: list[str] | None = None) -> dict[str, Route]:
    """archive.softwareheritage.org/api/1/…/doc/: resolve/doc ({browse_url, metadata,
    namespace, object_id, object_type, scheme_version}; 404 {"exception": "NotFoundExc",
    "reason"}), origin/visit/latest/doc ({date, origin, snapshot, status, type, visit}),
    snapshot/doc ({id, branches: {HEAD: {target, target_type: "alias"}, refs/heads/main:
    {target, target_type: "revision"}}, next_branch}), revision/doc ({id, directory, date,
    committer_date, message}), directory/doc ([{dir_id, name, type, target, length, perms,
    status}]), content/raw/doc (the bytes), origin/save/doc ({id, origin_url, visit_type,
    save_request_date, save_request_status, save_task_status}). Every answer carries the
    X-RateLimit-* headers the API documents."""
    limits = (
        ("X-RateLimit-Limit", "120"),
        ("X-RateLimit-Remaining", "100"),
        ("X-RateLimit-Reset", "4102444800"),
    )
    routes: dict[str, Route] = {}

    def ok(body: object) -> Reply:
        return reply(body, 200, limits)

    for item in archived:
        directory = item.directory
        swhid = f"swh:1:dir:{directory}"
        routes[f"/api/1/resolve/{swhid}/"] = ok(
            {
                "browse_url": f"https://archive.softwareheritage.org/browse/directory/{directory}/",
                "metadata": None,
                "namespace": "swh",
                "object_id": directory,
                "object_type": "directory",
                "scheme_version": 1,
            }
        )
        entries = []
        for name, content in item.files.items():
            target = _hex(directory + name)
            entries.append(
                {
                    "dir_id": directory,
                    "name": name,
                    "type": "file",
                    "target": target,
                    "length": len(content.encode()),
                    "perms": 33188,
                    "status": "visible",
                }
            )
            routes[f"/api/1/content/sha1_git:{target}/raw/"] = reply(content, 200, limits)
        routes[f"/api/1/directory/{directory}/"] = ok(entries)
        if item.origin:
            snapshot, revision = _hex("snp" + directory), _hex("rev" + directory)
            routes[f"/api/1/origin/{item.origin}/visit/latest/"] = ok(
                {
                    "date": item.visit_date,
                    "origin": item.origin,
                    "snapshot": snapshot,
                    "status": "full",
                    "type": "git",
                    "visit": 3,
                }
            )
            routes[f"/api/1/snapshot/{snapshot}/"] = ok(
                {
                    "id": snapshot,
                    "branches": {
                        "HEAD": {"target": "refs/heads/main", "target_type": "alias"},
                        "refs/heads/main": {"target": revision, "target_type": "revision"},
                    },
                    "next_branch": None,
                }
            )
            routes[f"/api/1/revision/{revision}/"] = ok(
                {
                    "id": revision,
                    "directory": directory,
                    "date": "2026-02-20T09:00:00+00:00",
                    "committer_date": "2026-02-20T09:00:00+00:00",
                    "message": "release",
                }
            )
    for origin in saves or []:
        routes[f"POST /api/1/origin/save/git/url/{origin}/"] = ok(
            {
                "id": 7,
                "origin_url": origin,
                "visit_type": "git",
                "save_request_date": "2026-07-01T00:00:00+00:00",
                "save_request_status": "accepted",
                "save_task_status": "pending",
                "visit_date": None,
            }
        )
    return routes


# --- the Wayback Machine ------------------------------------------------------------------------


def wayback_routes(copies: Mapping[str, str]) -> dict[str, Route]:
    """archive.org/help/wayback_api.php, "Wayback Availability JSON API": GET
    /wayback/available?url=… answers {"url", "archived_snapshots": {"closest": {"available":
    true, "url", "timestamp": "YYYYMMDDhhmmss", "status": "200"}}}, or {"archived_snapshots":
    {}} for a page never archived. `copies`: page URL → timestamp."""

    def available(exchange: Exchange) -> Reply:
        url = parse_qs(exchange.query).get("url", [""])[0]
        stamp = copies.get(url)
        if stamp is None:
            return reply({"url": url, "archived_snapshots": {}})
        closest = {
            "available": True,
            "url": f"http://web.archive.org/web/{stamp}/{url}",
            "timestamp": stamp,
            "status": "200",
        }
        return reply({"url": url, "archived_snapshots": {"closest": closest}})

    return {"/wayback/available": available}


# --- Bitbucket ------------------------------------------------------------------------------------


def bitbucket_routes(
    full_name: str,
    files: Mapping[str, str],
    *,
    tag: str = "v1.0",
    private: bool = False,
    description: str = "",
) -> dict[str, Route]:
    """developer.atlassian.com, Bitbucket Cloud REST API 2.0, "Repositories": GET
    /2.0/repositories/{workspace}/{repo_slug} (type "repository", full_name, is_private,
    mainbranch {type "branch", name}, created_on, updated_on, description, website, links);
    "Source, browse": GET …/src/{commit}/ (a page {pagelen, values: [{path, type:
    commit_file|commit_directory, size}], page}) and …/src/{commit}/{path} (the raw file);
    "Refs": GET …/refs/tags (a page of {name, target {hash, date}}). 404: {"type": "error",
    "error": {"message"}}."""
    base = f"/2.0/repositories/{full_name}"
    routes: dict[str, Route] = {
        base: reply(
            {
                "type": "repository",
                "full_name": full_name,
                "name": full_name.split("/")[1],
                "slug": full_name.split("/")[1],
                "is_private": private,
                "description": description,
                "website": "",
                "created_on": "2025-11-02T10:00:00.000000+00:00",
                "updated_on": "2026-03-03T10:00:00.000000+00:00",
                "mainbranch": {"type": "branch", "name": "main"},
                "links": {"html": {"href": f"https://bitbucket.org/{full_name}"}},
            }
        ),
        f"{base}/src/main/": reply(
            {
                "pagelen": 100,
                "page": 1,
                "values": [
                    {"path": name, "type": "commit_file", "size": len(text.encode())}
                    for name, text in files.items()
                ],
            }
        ),
        f"{base}/refs/tags": reply(
            {
                "pagelen": 1,
                "values": [
                    {"name": tag, "target": {"hash": "0" * 40, "date": "2026-03-01T10:00:00+00:00"}}
                ],
            }
        ),
    }
    for name, text in files.items():
        routes[f"{base}/src/main/{name}"] = reply(text)
    return routes


# --- Codeberg (Forgejo) -------------------------------------------------------------------------


def forgejo_routes(
    full_name: str,
    files: Mapping[str, str],
    *,
    site: str,
    private: bool = False,
    description: str = "",
) -> dict[str, Route]:
    """Forgejo's API v1 as its Swagger document (/api/swagger) gives it: GET
    /api/v1/repos/{owner}/{repo} (Repository: full_name, empty, fork, parent, archived,
    licenses, stars_count, forks_count, open_issues_count, default_branch, created_at,
    updated_at, release_counter, html_url), GET …/contents (a list of ContentsResponse: name,
    path, type file|dir, size, download_url), GET …/raw/{filepath} (the file), GET
    …/releases/latest (Release: tag_name, published_at)."""
    base = f"/api/v1/repos/{full_name}"
    routes: dict[str, Route] = {
        base: reply(
            {
                "id": 11,
                "full_name": full_name,
                "name": full_name.split("/")[1],
                "empty": False,
                "private": private,
                "internal": False,
                "fork": False,
                "parent": None,
                "archived": False,
                "licenses": ["MIT"],
                "stars_count": 4,
                "forks_count": 1,
                "open_issues_count": 0,
                "default_branch": "main",
                "created_at": "2025-10-01T10:00:00+02:00",
                "updated_at": "2026-03-04T10:00:00+02:00",
                "release_counter": 1,
                "html_url": f"{site}/{full_name}",
                "website": "",
                "description": description,
            }
        ),
        f"{base}/contents": reply(
            [
                {
                    "name": name,
                    "path": name,
                    "type": "file",
                    "size": len(text.encode()),
                    "download_url": f"{site}/{full_name}/raw/branch/main/{name}",
                }
                for name, text in files.items()
            ]
        ),
        f"{base}/releases/latest": reply(
            {"id": 1, "tag_name": "v1.0", "published_at": "2026-03-01T10:00:00+02:00"}
        ),
    }
    for name, text in files.items():
        routes[f"{base}/raw/{name}"] = reply(text)
    return routes


def forgejo_tree_routes(
    full_name: str, files: Mapping[str, str], *, branch: str = "main"
) -> dict[str, Route]:
    """Forgejo's contents API for a tree of `files` on `branch` (the Swagger document's GET
    /repos/{owner}/{repo}/contents/{filepath}?ref=: a list of ContentsResponse for a folder,
    one ContentsResponse for a file, 404 for a path or a ref that is not there), and each file
    raw (…/raw/{filepath}). Other refs have no files."""
    base = f"/api/v1/repos/{full_name}"
    folders: dict[str, dict[str, bool]] = {"": {}}
    for path in files:
        parts = path.split("/")
        for depth in range(len(parts)):
            folder = "/".join(parts[:depth])
            folders.setdefault(folder, {})[parts[depth]] = depth == len(parts) - 1

    def entry(path: str, is_file: bool) -> dict[str, object]:
        return {
            "name": path.rsplit("/", 1)[-1], "path": path, "type": "file" if is_file else "dir",
            "size": len(files[path].encode()) if is_file else 0,
        }  # fmt: skip

    def answer(body: object) -> Route:
        def route(exchange: Exchange) -> Reply:
            ref = parse_qs(exchange.query).get("ref", [branch])[0]
            if ref != branch:
                return reply({"message": "object does not exist"}, 404)
            return reply(body)

        return route

    routes: dict[str, Route] = {}
    for folder, names in folders.items():
        listing = [
            entry(f"{folder}/{name}" if folder else name, is_file)
            for name, is_file in sorted(names.items())
        ]
        routes[f"{base}/contents" + (f"/{folder}" if folder else "")] = answer(listing)
    for path, text in files.items():
        routes[f"{base}/contents/{path}"] = answer(entry(path, True))
        routes[f"{base}/raw/{path}"] = reply(text)
    return routes


def bitbucket_tree_routes(
    full_name: str, files: Mapping[str, str], *, branch: str = "main"
) -> dict[str, Route]:
    """Bitbucket's "Source, browse" for a tree of `files` on `branch`: GET
    /2.0/repositories/{workspace}/{repo_slug}/src/{commit}/{path}/ (a page of {path from the
    root, type commit_file|commit_directory, size}) for each folder, …/src/{commit}/{path} (the
    raw file) for each file; any other ref or path answers 404."""
    base = f"/2.0/repositories/{full_name}/src/{branch}"
    folders: dict[str, dict[str, bool]] = {"": {}}
    for path in files:
        parts = path.split("/")
        for depth in range(len(parts)):
            folders.setdefault("/".join(parts[:depth]), {})[parts[depth]] = depth == len(parts) - 1
    routes: dict[str, Route] = {}
    for folder, names in folders.items():
        values = [
            {
                "path": f"{folder}/{name}" if folder else name,
                "type": "commit_file" if is_file else "commit_directory",
            }
            for name, is_file in sorted(names.items())
        ]
        routes[f"{base}/{folder}/" if folder else f"{base}/"] = reply(
            {"pagelen": 100, "page": 1, "values": values}
        )
    for path, text in files.items():
        routes[f"{base}/{path}"] = reply(text)
    return routes


# --- Gitee --------------------------------------------------------------------------------------


def gitee_routes(
    full_name: str, files: Mapping[str, str], *, private: bool = False, description: str = ""
) -> dict[str, Route]:
    """gitee.com/api/v5/swagger: GET /api/v5/repos/{owner}/{repo} (Project: full_name, fork,
    parent, license, stargazers_count, forks_count, open_issues_count, default_branch,
    created_at, pushed_at, homepage, description, public, private, internal), GET
    …/git/trees/{sha} (Tree: sha, tree [{path, mode, type blob|tree, sha, size}], truncated),
    GET …/raw/{path} (the file), GET …/releases/latest (Release: tag_name, created_at). 404:
    {"message": "Not Found Project"}. A path of `files` in a folder shows that folder in the
    root's tree."""
    base = f"/api/v5/repos/{full_name}"
    routes: dict[str, Route] = {
        base: reply(
            {
                "id": 21,
                "full_name": full_name,
                "path": full_name.split("/")[1],
                "fork": False,
                "parent": None,
                "license": "Apache-2.0",
                "stargazers_count": 9,
                "forks_count": 2,
                "open_issues_count": 1,
                "default_branch": "master",
                "created_at": "2025-09-01T10:00:00+08:00",
                "pushed_at": "2026-03-05T10:00:00+08:00",
                "homepage": None,
                "description": description,
                "public": not private,
                "private": private,
                "internal": False,
                "html_url": f"https://gitee.com/{full_name}.git",
            }
        ),
        f"{base}/git/trees/master": reply(
            {
                "sha": "1" * 40,
                "tree": [
                    {
                        "path": name,
                        "mode": "100644" if is_file else "040000",
                        "type": "blob" if is_file else "tree",
                        "sha": "2" * 40,
                        "size": len(files[name].encode()) if is_file else 0,
                    }
                    for name, is_file in _root_entries(files).items()
                ],
                "truncated": False,
            }
        ),
        f"{base}/releases/latest": reply(
            {"id": 3, "tag_name": "v2.0", "created_at": "2026-03-02T10:00:00+08:00"}
        ),
    }
    for name, text in files.items():
        routes[f"{base}/raw/{name}"] = reply(text)
    return routes


def _root_entries(files: Mapping[str, str]) -> dict[str, bool]:
    """The root's entries of a tree of `files` (paths from the root): name → is a file."""
    entries: dict[str, bool] = {}
    for path in files:
        head, _, rest = path.partition("/")
        entries[head] = entries.get(head, False) or not rest
    return entries


def gitee_tree_routes(
    full_name: str, files: Mapping[str, str], *, branch: str = "master"
) -> dict[str, Route]:
    """gitee.com/api/v5/swagger, "Repositories": GET /api/v5/repos/{owner}/{repo}/contents(/
    {path})?ref= for a tree of `files` on `branch`: a folder answers a list of Content (name,
    path, type file|dir, size, download_url), a file one Content object. Other refs hold no
    files: a folder asked at one answers an empty list (Gitee answers a ref or path it does not
    hold with an empty list or 404; a path that is nowhere answers 404 here). Each file raw
    (…/raw/{path})."""
    base = f"/api/v5/repos/{full_name}"
    folders: dict[str, dict[str, bool]] = {"": {}}
    for path in files:
        parts = path.split("/")
        for depth in range(len(parts)):
            folders.setdefault("/".join(parts[:depth]), {})[parts[depth]] = depth == len(parts) - 1

    def entry(path: str, is_file: bool) -> dict[str, object]:
        return {
            "name": path.rsplit("/", 1)[-1], "path": path, "type": "file" if is_file else "dir",
            "size": len(files[path].encode()) if is_file else 0,
            "download_url": f"https://gitee.com/{full_name}/raw/{branch}/{path}",
        }  # fmt: skip

    def answer(body: object) -> Route:
        def route(exchange: Exchange) -> Reply:
            ref = parse_qs(exchange.query).get("ref", [branch])[0]
            return reply(body if ref == branch else [])

        return route

    routes: dict[str, Route] = {}
    for folder, names in folders.items():
        listing = [
            entry(f"{folder}/{name}" if folder else name, is_file)
            for name, is_file in sorted(names.items())
        ]
        routes[f"{base}/contents" + (f"/{folder}" if folder else "")] = answer(listing)
    for path, text in files.items():
        routes[f"{base}/contents/{path}"] = answer(entry(path, True))
        routes[f"{base}/raw/{path}"] = reply(text)
    return routes


# --- OSF ------------------------------------------------------------------------------------------


def osf_routes(
    guid: str, *, category: str, files: list[str], public: bool = True, title: str = "Materials"
) -> dict[str, Route]:
    """developer.osf.io, "Nodes": GET /v2/nodes/{node_id}/ (a JSON:API document: data {id,
    type "nodes", attributes {title, description, category, public, date_created,
    date_modified, registration, fork}, links {html}}), GET …/files/osfstorage/ (data [{id,
    type "files", attributes {name, kind file|folder, size}}])."""
    node = {
        "data": {
            "id": guid,
            "type": "nodes",
            "attributes": {
                "title": title,
                "description": "",
                "category": category,
                "public": public,
                "registration": False,
                "fork": False,
                "date_created": "2025-12-01T10:00:00.000000",
                "date_modified": "2026-01-10T10:00:00.000000",
            },
            "links": {"html": f"https://osf.io/{guid}/"},
        }
    }
    listing = {
        "data": [
            {
                "id": f"f{i}",
                "type": "files",
                "attributes": {"name": name, "kind": "file", "size": 10},
            }
            for i, name in enumerate(files)
        ]
    }
    return {
        f"/v2/nodes/{guid}/": reply(node),
        f"/v2/nodes/{guid}/files/osfstorage/": reply(listing),
    }


# --- Hugging Face ---------------------------------------------------------------------------------


def huggingface_routes(
    repo_id: str,
    card: str,
    *,
    private: bool = False,
    siblings: tuple[str, ...] = (),
    gated: bool | str = False,
    weights: tuple[str, ...] = ("model.safetensors",),
    collection: str = "models",
) -> dict[str, Route]:
    """huggingface.co/docs/hub/api: GET /api/{models|datasets}/{repo_id} (id, author, sha,
    lastModified, createdAt, private, disabled, gated, downloads, likes, tags, cardData,
    siblings [{rfilename}]); the card from the file URL /{prefix}{repo_id}/resolve/main/
    README.md. `siblings`: files besides the card and the `weights` (none: a repository
    listing only its card); `gated`: False, or "auto" / "manual" (how access requests are
    approved)."""
    model = {
        "_id": "6601",
        "id": repo_id,
        "modelId": repo_id,
        "author": repo_id.split("/")[0],
        "sha": "3" * 40,
        "lastModified": "2026-02-10T10:00:00.000Z",
        "createdAt": "2026-02-01T10:00:00.000Z",
        "private": private,
        "disabled": False,
        "gated": gated,
        "downloads": 10,
        "likes": 2,
        "tags": ["pytorch", "license:apache-2.0"],
        "cardData": {"license": "apache-2.0"},
        "siblings": [{"rfilename": name} for name in ("README.md", *weights, *siblings)],
    }
    prefix = "" if collection == "models" else f"{collection}/"
    return {
        f"/api/{collection}/{repo_id}": reply(model),
        f"/{prefix}{repo_id}/resolve/main/README.md": reply(card),
    }


def huggingface_tree_routes(
    repo_id: str, files: Mapping[str, str], *, collection: str = "models", revision: str = "main"
) -> dict[str, Route]:
    """huggingface.co/docs/hub/api, the repository tree: GET
    /api/{models|datasets|spaces}/{repo_id}/tree/{revision}/{path} for a tree of `files` at
    `revision`: each folder a list of [{type file|directory, oid, path from the root, size}];
    the files at {site}/{prefix}{repo_id}/resolve/{revision}/{path}. Any other revision or path
    answers 404 (the Hub's X-Error-Code says RevisionNotFound or EntryNotFound; here a plain
    404)."""
    base = f"/api/{collection}/{repo_id}/tree/{revision}"
    prefix = "" if collection == "models" else f"{collection}/"
    folders: dict[str, dict[str, bool]] = {"": {}}
    for path in files:
        parts = path.split("/")
        for depth in range(len(parts)):
            folders.setdefault("/".join(parts[:depth]), {})[parts[depth]] = depth == len(parts) - 1
    routes: dict[str, Route] = {}
    for folder, names in folders.items():
        listing = []
        for name, is_file in sorted(names.items()):
            path = f"{folder}/{name}" if folder else name
            size = len(files[path].encode()) if is_file else 0
            kind = "file" if is_file else "directory"
            listing.append({"type": kind, "oid": "4" * 40, "path": path, "size": size})
        routes[f"{base}/{folder}" if folder else base] = reply(listing)
    for path, text in files.items():
        routes[f"/{prefix}{repo_id}/resolve/{revision}/{path}"] = reply(text)
    return routes


# --- GitLab ---------------------------------------------------------------------------------------


def gitlab_routes(
    path: str,
    readme: str,
    *,
    visibility: str = "public",
    description: str = "",
    readme_path: str = "README.md",
) -> dict[str, Route]:
    """docs.gitlab.com/api/projects, "Get a single project": GET
    /api/v4/projects/{url-encoded path} (id, description, name, path_with_namespace,
    visibility public|internal|private, created_at, default_branch, readme_url,
    last_activity_at, archived, empty_repo, star_count, forks_count, open_issues_count,
    license {key, name}); "Repository files": GET
    …/projects/{id}/repository/files/{url-encoded path}/raw (the file)."""
    project = {
        "id": 77,
        "description": description,
        "name": path.rsplit("/", 1)[-1],
        "path_with_namespace": path,
        "visibility": visibility,
        "created_at": "2025-08-01T10:00:00.000Z",
        "default_branch": "main",
        "web_url": f"https://gitlab.com/{path}",
        "readme_url": f"https://gitlab.com/{path}/-/blob/main/{readme_path}",
        "last_activity_at": "2026-03-06T10:00:00.000Z",
        "archived": False,
        "empty_repo": False,
        "star_count": 3,
        "forks_count": 1,
        "open_issues_count": 0,
        "license": {"key": "mit", "name": "MIT License"},
    }
    return {
        f"/api/v4/projects/{quote(path, safe='')}": reply(project),
        f"/api/v4/projects/77/repository/files/{quote(readme_path, safe='')}/raw": reply(readme),
    }


def gitlab_tree_routes(
    project: int, files: Mapping[str, str], *, branch: str = "main"
) -> dict[str, Route]:
    """docs.gitlab.com/api/repositories, "List repository tree": GET
    /api/v4/projects/{id}/repository/tree?path=&ref= (a list of {id, name, type tree|blob,
    path, mode}; 404 "Tree Not Found" for a path or ref that is not there); "Commits": GET
    …/repository/commits/{ref} (404 "Commit Not Found"); and each of `files` (on `branch`, the
    default) raw."""
    base = f"/api/v4/projects/{project}/repository"

    def tree(exchange: Exchange) -> Reply:
        query = parse_qs(exchange.query)
        folder = query.get("path", [""])[0].strip("/")
        if query.get("ref", [branch])[0] != branch:
            return reply({"message": "404 Tree Not Found"}, 404)
        prefix = f"{folder}/" if folder else ""
        entries: dict[str, bool] = {}
        for path in files:
            if path.startswith(prefix):
                head, _, tail = path[len(prefix) :].partition("/")
                entries[head] = entries.get(head, False) or not tail
        if not entries:
            return reply({"message": "404 Tree Not Found"}, 404)
        listing = [
            {"id": f"{n:040x}", "name": name, "type": "blob" if is_file else "tree",
             "path": prefix + name, "mode": "100644" if is_file else "040000"}
            for n, (name, is_file) in enumerate(sorted(entries.items()))
        ]  # fmt: skip
        return reply(listing)

    routes: dict[str, Route] = {
        f"{base}/tree": tree,
        f"{base}/commits/{branch}": reply({"id": "0" * 40, "short_id": "00000000"}),
    }
    for path, text in files.items():
        routes[f"{base}/files/{quote(path, safe='')}/raw"] = reply(text)
    return routes


# --- figshare -------------------------------------------------------------------------------------


@dataclass
class FigshareArticle:
    id: int
    files: tuple[str, ...] = ("model.pt",)  # file `id * 100 + i` is the i-th
    kind: str = "dataset"
    deleted: bool = False  # answers 404 with the API's "Entity not found"
    embargo_until: str | None = None  # an embargo on its files, until that day
    gone_files: tuple[int, ...] = ()  # file ids its file endpoint says it does not hold


# An article's details list this many of its files at most (figshare's "View article
# details"); the rest are found by their own endpoint.
FIGSHARE_LISTED_FILES = 10


def figshare_routes(articles: list[FigshareArticle]) -> dict[str, Route]:
    """figshare's API documentation (https://docs.figshare.com, "Public articles" → "View
    article details", GET /v2/articles/{article_id}; the schema of its swagger file,
    https://docs.figshare.com/swagger.json, `ArticleComplete`): `id`, `title`, `doi`,
    `defined_type_name`, `files` [{id, name, size, download_url}], `is_public`, `is_embargoed`,
    `embargo_date`, `embargo_type` (`article` or `file`), `is_confidential`; an article that
    does not exist (or is not public) answers 404 with `{"message": "Entity not found:
    article", "code": "EntityNotFound"}`. The details list the first `FIGSHARE_LISTED_FILES`
    files; each file is at GET /v2/articles/{article_id}/files/{file_id} ("Article file
    details", a `PublicFile`); the ids of `gone_files` answer 404 with the API's "Entity not
    found: file"."""
    routes: dict[str, Route] = {}
    for article in articles:
        path = f"/v2/articles/{article.id}"
        if article.deleted:
            missing = {"message": "Entity not found: article", "code": "EntityNotFound"}
            routes[path] = reply(missing, 404)
            continue
        embargoed = article.embargo_until is not None
        files = [
            {
                "id": article.id * 100 + i,
                "name": name,
                "size": 1024,
                "is_link_only": False,
                "download_url": f"https://ndownloader.figshare.com/files/{article.id * 100 + i}",
            }
            for i, name in enumerate(article.files)
        ]
        for listed in [] if embargoed else files:
            routes[f"{path}/files/{listed['id']}"] = reply(listed)
        for gone_file in article.gone_files:
            missing = {"message": "Entity not found: file", "code": "EntityNotFound"}
            routes[f"{path}/files/{gone_file}"] = reply(missing, 404)
        routes[path] = reply(
            {
                "id": article.id,
                "title": f"Article {article.id}",
                "doi": f"10.6084/m9.figshare.{article.id}.v1",
                "url_public_html": f"https://figshare.com/articles/{article.kind}/a/{article.id}",
                "defined_type_name": article.kind,
                "published_date": "2026-02-01T10:00:00Z",
                "files": [] if embargoed else files[:FIGSHARE_LISTED_FILES],
                "is_public": True,
                "is_embargoed": embargoed,
                "embargo_date": article.embargo_until,
                "embargo_type": "file" if embargoed else "article",
                "is_confidential": False,
                "version": 1,
            }
        )
    return routes


# --- the world ------------------------------------------------------------------------------------

# API name → (environment variable, path of the root on its fake).
ROOTS = {
    "zenodo": ("ZENODO_API_URL", "/api"),
    "swh": ("SWH_API_URL", "/api/1"),
    "wayback": ("WAYBACK_API_URL", "/wayback/available"),
    "doi": ("DOI_API_URL", "/api"),
    "bitbucket": ("BITBUCKET_API_URL", "/2.0"),
    "gitee": ("GITEE_API_URL", "/api/v5"),
    "codeberg": ("CODEBERG_API_URL", "/api/v1"),
    "osf": ("OSF_API_URL", "/v2"),
    "huggingface": ("HUGGINGFACE_API_URL", "/api"),
    "gitlab": ("GITLAB_API_URL", "/api/v4"),
    "figshare": ("FIGSHARE_API_URL", "/v2"),
}


@dataclass
class HostWorld:
    servers: dict[str, LocalServer]

    def environ(self, **extra: str) -> dict[str, str]:
        """The environment pointing every API root at its fake."""
        found = {variable: self.servers[name].url(path) for name, (variable, path) in ROOTS.items()}
        return {**found, **extra}

    def asked(self, name: str) -> list[str]:
        return [unquote(seen.path) for seen in self.servers[name].requests]


@contextmanager
def host_world(routes: Mapping[str, Mapping[str, Route]]) -> Iterator[HostWorld]:
    """One fake server per API of `ROOTS`, each with its routes (none: every path 404)."""
    with ExitStack() as stack:
        servers = {name: stack.enter_context(serve(routes.get(name, {}))) for name in ROOTS}
        yield HostWorld(servers)
