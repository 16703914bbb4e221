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
is `blocked`."""

from __future__ import annotations

from dataclasses import replace

from auditor.config.settings import huggingface_site
from auditor.facts import repofiles
from auditor.facts.licenses import license_class, spdx_from_key
from auditor.hosts.adapter import HostAnswer, Reason, UrlAdapter, verdict
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
from auditor.links import HuggingFaceCollection, huggingface_repository, is_weights_file
from auditor.models import ACCESS_ON_REQUEST, LinkKind, Outcome, RepoFacts
from auditor.readme.analysis import with_host_readme

HUGGINGFACE_API = "https://huggingface.co/api"
SITE = "https://huggingface.co"
MAX_CARD_BYTES = 512 * 1024


class HuggingFace(UrlAdapter[tuple[HuggingFaceCollection, str]]):
    """Facts about Hugging Face repositories: (collection, repository id)."""

    def __init__(self, api: JsonApi, api_root: str = HUGGINGFACE_API) -> None:
        self._api = api
        self._hf = api_root.rstrip("/")
        self._site = huggingface_site(self._hf)

    def target(self, url: str, kind: LinkKind | None) -> tuple[HuggingFaceCollection, str] | None:
        return huggingface_repository(url) if kind in {None, LinkKind.HUGGINGFACE} else None

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
            names = sorted(
                {
                    s["rfilename"]
                    for s in (siblings if isinstance(siblings, list) else [])
                    if isinstance(s, dict)
                    and isinstance(s.get("rfilename"), str)
                    and "/" not in s["rfilename"]
                }
            )
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
            return found(facts, repo_id, f"{SITE}/{prefix}{full_name}")
        except Stop as stop:
            return stop.answer()


# --- a model or dataset a README gives as the paper's weights or data -----------------------------


async def artifact(hub: HuggingFace, target: tuple[HuggingFaceCollection, str]) -> HostAnswer:
    """A weights or data repository from its API metadata alone (nothing downloaded, no card
    read): `dead` when the Hub says it does not exist, `blocked` as private when only the token
    sees it, `ok` noted "access on request" when it is gated, and for a model whether it lists
    weight files (`links.is_weights_file`)."""
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
        if kind == "models":
            siblings = body.get("siblings")
            names = [
                s["rfilename"]
                for s in (siblings if isinstance(siblings, list) else [])
                if isinstance(s, dict) and isinstance(s.get("rfilename"), str)
            ]
            if not any(map(is_weights_file, names)):
                notes.append("no weight files listed")
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
