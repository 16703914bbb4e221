"""Hugging Face models, datasets and Spaces through the Hub's API (`HUGGINGFACE_API_URL`, default
`https://huggingface.co/api`), as the Hub API reference describes the answers:
`GET /{models|datasets|spaces}/{id}` gives existence, `sha` (the commit judged, as `commit`),
`lastModified` (the last commit, as `last_commit_at`), `createdAt`, likes (as stars), the
licence (`cardData.license`, else a `license:` tag) and the file list (`siblings`), whose top
level fills `root_files`, `env_files`, `has_citation_cff`; a model whose files hold code
(`repofiles.model_repository_has_code`) is `record_type` software, code like a Space. The card
(the repository's `README.md`) is read from the Hub's file URL
(`/{repo}/resolve/main/README.md`, on the site the API root belongs to) through the same README
analyser as a repository's. A missing repository
answers 404, or 401 with `X-Error-Code: RepoNotFound`: `dead`; a private one the token can read
is `blocked`.

A link to `/tree/REV/PATH` or `/blob/REV/PATH` (of a model, `datasets/` or `spaces/`) is judged
on that folder (for `blob/`, the folder holding the file, and the file's existence), as a
GitHub one is (`hosts.github.cited`: the splits of REV and PATH, `locate_by`): `GET
/{models|datasets|spaces}/{id}/tree/{rev}/{path}` lists it ([{type `file`|`directory`, path
from the root, size}]; 404, `X-Error-Code: RevisionNotFound` or `EntryNotFound`, for a revision
or a path that is not there; a revision exists when its root is listed), its README (or the
nearest up the tree) and dependency lists read from the file URL (`/{repo}/resolve/{rev}/
{path}`), a file larger than the card's cap left unread."""

from __future__ import annotations

import posixpath
from dataclasses import replace
from typing import Literal
from urllib.parse import quote, unquote, urlsplit

from auditor.config.settings import huggingface_site
from auditor.facts import repofiles
from auditor.facts.licenses import license_class, spdx_from_key
from auditor.hosts.adapter import HostAnswer, Reason, verdict
from auditor.hosts.answers import (
    Stop,
    absent,
    blocked,
    expect,
    found,
    gone,
    is_private,
    number_field,
    private,
    refusal,
    text_field,
    timestamp,
)
from auditor.hosts.api import JsonApi
from auditor.hosts.github.cited import (
    CitedPath,
    Entries,
    FolderForge,
    Located,
    locate_by,
    located_answer,
    not_located,
)
from auditor.links import HuggingFaceCollection, huggingface_repository, is_weights_file
from auditor.links.normalize import tree_or_blob_cites_folder
from auditor.links.repositories import huggingface_repository_segments
from auditor.models import ACCESS_ON_REQUEST, NOTHING_TO_DOWNLOAD, LinkKind, Outcome, RepoFacts
from auditor.readme.analysis import with_host_readme

HUGGINGFACE_API = "https://huggingface.co/api"
SITE = "https://huggingface.co"
MAX_CARD_BYTES = 512 * 1024
# How a model listing no weight file is noted (it holds nothing to download).
NO_WEIGHT_FILES = f"no weight files listed: {NOTHING_TO_DOWNLOAD}"


class HuggingFace(FolderForge[tuple[HuggingFaceCollection, str]]):
    """Facts about Hugging Face repositories: (collection, repository id)."""

    def __init__(self, api: JsonApi, api_root: str = HUGGINGFACE_API) -> None:
        self._api = api
        self._hf = api_root.rstrip("/")
        self._site = huggingface_site(self._hf)

    def target(self, url: str, kind: LinkKind | None) -> tuple[HuggingFaceCollection, str] | None:
        return huggingface_repository(url) if kind in {None, LinkKind.HUGGINGFACE} else None

    def cited(self, url: str, target: tuple[HuggingFaceCollection, str]) -> CitedPath | None:
        """The folder a `/tree/REV/PATH` or `/blob/REV/PATH` link cites, named by the
        repository's path on the site (`owner/name`, `datasets/owner/name`)."""
        return huggingface_cited(url, target)

    async def _listing(
        self, target: tuple[HuggingFaceCollection, str], folder: str, revision: str
    ) -> Entries | None:
        """A folder's listing at `revision`; None when the Hub has no such folder there (a 404
        for the revision or the path, or an answer that lists nothing as a folder)."""
        kind, repo_id = target
        url = f"{self._hf}/{kind}/{repo_id}/tree/{quote(revision, safe='')}"
        url += f"/{quote(folder)}" if folder else ""
        answer = await self._api.get(url)
        if answer.status == 404:
            return None
        expect(answer, "Hugging Face API")
        body = answer.json("Hugging Face API")
        if not isinstance(body, list):
            return None
        return tuple(
            (posixpath.basename(path), text_field(item, "type") != "directory")
            for item in body
            if isinstance(item, dict) and (path := text_field(item, "path"))
        )

    async def folder(self, facts: RepoFacts, cited: CitedPath) -> HostAnswer:
        """The cited folder's verdict and facts, located as `cited.locate` says."""
        target = hub_target(cited.full_name)
        default = facts.default_branch or "main"

        async def listing(folder: str, revision: str | None) -> Entries | None:
            return await self._listing(target, folder, revision or default)

        where = await locate_by(cited, listing)
        if not isinstance(where, Located):
            return not_located(where, facts, f"{SITE}/{cited.full_name}")
        revision = where.ref or default
        files = f"{self._site}/{cited.full_name}/resolve/{quote(revision, safe='')}"

        async def read(path: str) -> str | None:
            answer = await self._api.get(f"{files}/{quote(path)}")
            fits = answer.status == 200 and len(answer.text) <= MAX_CARD_BYTES
            return answer.text if fits else None

        tree_url = f"{SITE}/{cited.full_name}/{where.split.view}/{revision}"
        return await located_answer(facts, where, read, tree_url)

    async def metadata(
        self, kind: HuggingFaceCollection, repo_id: str
    ) -> dict[str, object] | HostAnswer:
        """The repository's API metadata, or the answer when the Hub gives none: gone (it
        answers 401 naming no repository for one that is missing or private), blocked."""
        answer = await self._api.get(f"{self._hf}/{kind}/{repo_id}")
        not_found = answer.headers.get("x-error-code") in {"RepoNotFound", "EntryNotFound"}
        reason = Reason.GONE if answer.status == 401 and not_found else refusal(answer)
        match reason:
            case Reason.GONE:
                return gone(repo_id, "huggingface", "Hugging Face: repository not found")
            case Reason.BLOCKED:
                return blocked(answer, "Hugging Face API", absent(repo_id, "huggingface"))
        expect(answer, "Hugging Face API")
        return answer.json_object("Hugging Face API")

    async def facts(self, target: tuple[HuggingFaceCollection, str]) -> HostAnswer:
        """`target`: `models`, `datasets` or `spaces`, and the repository id."""
        kind, repo_id = target
        try:
            body = await self.metadata(kind, repo_id)
            if isinstance(body, HostAnswer):
                return body
            if is_private(body):
                return private()
            full_name = text_field(body, "id") or repo_id
            card = body.get("cardData")
            declared = card.get("license") if isinstance(card, dict) else None
            if isinstance(declared, list):
                declared = declared[0] if declared else None
            if not isinstance(declared, str):
                tags = body.get("tags")
                declared = next(
                    (
                        t.removeprefix("license:")
                        for t in (tags if isinstance(tags, list) else [])
                        if isinstance(t, str) and t.startswith("license:")
                    ),
                    None,
                )
            spdx = spdx_from_key(declared)
            siblings = body.get("siblings")
            paths = _file_names(siblings) if isinstance(siblings, list) else []
            names = sorted({path for path in paths if "/" not in path})
            facts = RepoFacts(
                full_name=full_name,
                exists=True,
                source="huggingface",
                disabled=body.get("disabled") is True,
                license_spdx=spdx,
                license_class=license_class(spdx),
                readme_path="README.md" if "README.md" in names else None,
                last_commit_at=timestamp(text_field(body, "lastModified")),
                created_at=timestamp(text_field(body, "createdAt")),
                stars=number_field(body, "likes"),
                default_branch="main",
                commit=text_field(body, "sha") or None,
            )
            facts = repofiles.with_root_listing(facts, names)
            # The Hub lists every file, in every folder: the checkpoints committed anywhere.
            facts = repofiles.with_committed_weights(facts, paths)
            # A Space is code; a model is weights unless it holds code files too, then it is
            # software, as an archive record saying so is.
            holds_code = kind == "spaces" or (
                kind == "models" and repofiles.model_repository_has_code(names)
            )
            if holds_code and kind == "models":
                facts = replace(facts, record_type="software")
            prefix = "" if kind == "models" else f"{kind}/"
            if facts.readme_path:
                card = await self._api.get(
                    f"{self._site}/{prefix}{full_name}/resolve/main/{facts.readme_path}"
                )
                if card.status == 200 and len(card.text) <= MAX_CARD_BYTES:
                    # Code's files decide a placeholder, as a repository's do.
                    roots = names if holds_code else ()
                    size = len(card.text.encode())
                    facts = await with_host_readme(
                        facts, facts.readme_path, size, card.text, root_files=roots
                    )
            answer = found(facts, repo_id, f"{SITE}/{prefix}{full_name}")
            if kind == "models" and not holds_code and _lists_weights(siblings) is False:
                # A paper's weights link to a model holding none credits no weights.
                noted = f"{answer.check.detail} ({NO_WEIGHT_FILES})"
                answer = replace(answer, check=replace(answer.check, detail=noted))
            return answer
        except Stop as stop:
            return stop.answer()


def hub_target(site_path: str) -> tuple[HuggingFaceCollection, str]:
    """The (collection, id) a repository's path on the site (`huggingface_cited`) names."""
    first, _, rest = site_path.partition("/")
    if first == "datasets":
        return "datasets", rest
    if first == "spaces":
        return "spaces", rest
    return "models", site_path


def huggingface_cited(url: str, target: tuple[HuggingFaceCollection, str]) -> CitedPath | None:
    """The folder (or file) of the repository `target` a `/tree/REV/PATH` or `/blob/REV/PATH`
    link cites, named by the repository's path on the site; None for the repository itself."""
    segments = [s for s in urlsplit(url).path.split("/") if s]
    repository = huggingface_repository_segments(segments)
    if repository is None:
        return None
    rest = [unquote(segment) for segment in segments[len(repository) :]]
    if not tree_or_blob_cites_folder("/" + "/".join(rest)):
        return None
    if any(segment in (".", "..") for segment in rest):
        return None
    kind, repo_id = target
    site_path = repo_id if kind == "models" else f"{kind}/{repo_id}"
    view: Literal["tree", "blob"] = "tree" if rest[0] == "tree" else "blob"
    return CitedPath(site_path, view, tuple(rest[1:]))


# --- a model or dataset a README gives as the paper's weights or data -----------------------------


async def artifact(hub: HuggingFace, target: tuple[HuggingFaceCollection, str]) -> HostAnswer:
    """A weights or data repository from its API metadata alone (nothing downloaded, no card
    read): `dead` when the Hub says it does not exist, `blocked` as private when only the token
    sees it, `ok` noted "access on request" when it is gated, and for a model whether it lists
    weight files (`links.is_weights_file`), for a dataset whether it lists any file beyond its
    card: one listing none is `ok`, noted that it holds nothing to download
    (`models.NOTHING_TO_DOWNLOAD`), and credits no weights or data."""
    kind, repo_id = target
    try:
        body = await hub.metadata(kind, repo_id)
        if isinstance(body, HostAnswer):
            return body
        if is_private(body):
            return private(kind.removesuffix("s"))
        notes = []
        gated = body.get("gated")
        if gated not in (None, False, "false"):
            notes.append(f"gated: {ACCESS_ON_REQUEST}")
        siblings = body.get("siblings")
        if kind == "models" and _lists_weights(siblings) is False:
            notes.append(NO_WEIGHT_FILES)
        listed = _file_names(siblings) if isinstance(siblings, list) else None
        if kind == "datasets" and listed is not None and repofiles.lists_only_card(listed):
            notes.append(f"no data files listed: {NOTHING_TO_DOWNLOAD}")
        full_name = text_field(body, "id") or repo_id
        prefix = "" if kind == "models" else f"{kind}/"
        said = f" ({'; '.join(notes)})" if notes else ""
        if full_name.casefold() != repo_id.casefold():
            detail = f"renamed or moved to {full_name}{said}"
            final = f"{SITE}/{prefix}{full_name}"
            return verdict(Reason.MOVED, Outcome.MOVED, detail, 200, final_url=final)
        return verdict(Reason.FOUND, Outcome.OK, f"repository exists{said}", 200)
    except Stop as stop:
        return stop.answer()


def _file_names(siblings: list[object]) -> list[str]:
    """The paths of a repository's file list (`siblings`), from its root."""
    return [
        s["rfilename"]
        for s in siblings
        if isinstance(s, dict) and isinstance(s.get("rfilename"), str)
    ]


def _lists_weights(siblings: object) -> bool | None:
    """Whether a model's file list holds a weights file (`links.is_weights_file`); None when
    the answer lists no files at all (what it holds is not known)."""
    if not isinstance(siblings, list):
        return None
    return any(map(is_weights_file, _file_names(siblings)))
