"""Zenodo records through Zenodo's REST API (`ZENODO_API_URL`), as its developer documentation
("REST API" → "Records", `GET /api/records/{id}`) describes the answer:

* `id`, `doi`, `created`, `metadata.resource_type.type` (`software`, `dataset`,
  `publication`, …: the record's type, `record_type`), `metadata.license.id` (a licence
  id such as `mit` or `cc-by-4.0`), `metadata.description` (HTML), `metadata.access_right`,
  `metadata.related_identifiers` (`{identifier, relation, scheme}`; the GitHub integration
  writes the repository it archived as `isSupplementTo`), and `files` (`{key, size, links}`);
* a missing record answers 404, a deleted one 410 with its tombstone: `dead`; an open record
  whose `files` is an empty list is `ok`, noted that it holds nothing to download
  (`models.NOTHING_TO_DOWNLOAD`: as a weights or data link it credits nothing).

A record's README is a README file among its files when it has one (read through
`/api/records/{id}/files/{key}/content`), else its description. The code itself is packed in
the record's files (a source archive) and is not unpacked: file-based criteria see the
record's file names and its README only."""

from __future__ import annotations

from dataclasses import replace

from auditor.containment import DESCRIPTION_PARSING, guarded
from auditor.deadline import in_thread
from auditor.facts import repofiles
from auditor.facts.licenses import license_class, spdx_from_key
from auditor.hosts.adapter import HostAnswer, Reason, UrlAdapter, verdict
from auditor.hosts.answers import (
    Stop,
    absent,
    blocked,
    expect,
    gone,
    list_field,
    number_field,
    object_field,
    refusal,
    text_field,
    timestamp,
)
from auditor.hosts.api import JsonApi
from auditor.links import CODE_KINDS, normalize_url, zenodo_record
from auditor.models import (
    NOTHING_TO_DOWNLOAD,
    LinkKind,
    Outcome,
    ReadmeCover,
    ReadmeEvidence,
    RepoFacts,
)
from auditor.readme.analysis import not_analysed, with_host_readme

SITE = "https://zenodo.org"
# A record's README file is downloaded whole, so only up to this size.
_README_DOWNLOAD_BYTES = 512 * 1024


def record_url(record_id: str) -> str:
    return f"{SITE}/records/{record_id}"


class Zenodo(UrlAdapter[str]):
    """Facts about Zenodo records (links to a record, or its DOI)."""

    def __init__(self, api: JsonApi, api_root: str) -> None:
        self._api = api
        self._root = api_root.rstrip("/")

    def target(self, url: str, kind: LinkKind | None) -> str | None:
        return zenodo_record(url) if kind in {None, LinkKind.ZENODO, LinkKind.DOI} else None

    async def facts(self, record_id: str) -> HostAnswer:
        try:
            answer = await self._api.get(f"{self._root}/records/{record_id}")
            match refusal(answer):
                case Reason.GONE if answer.status == 410:  # with its tombstone
                    return gone(record_id, "zenodo", "Zenodo: the record was deleted")
                case Reason.GONE:
                    return gone(record_id, "zenodo", "Zenodo: no such record")
                case Reason.BLOCKED:
                    return blocked(answer, "Zenodo API", absent(record_id, "zenodo"))
            expect(answer, "Zenodo API")
            body = answer.json_object("Zenodo API")
            metadata = object_field(body, "metadata")
            number = number_field(body, "id")
            full_name = str(number) if number is not None else record_id
            record_type = text_field(object_field(metadata, "resource_type"), "type")
            spdx = spdx_from_key(text_field(object_field(metadata, "license"), "id"))
            files = [
                (key, number_field(item, "size"))
                for item in list_field(body, "files")
                if (key := text_field(item, "key"))
            ]
            names = tuple(sorted(key for key, _ in files))
            facts = RepoFacts(
                full_name=full_name,
                exists=True,
                source="zenodo",
                archived=True,
                license_spdx=spdx,
                license_class=license_class(spdx),
                created_at=timestamp(text_field(body, "created")),
                pushed_at=timestamp(text_field(body, "created")),
                description=text_field(metadata, "title"),
                record_type=record_type,
                persistent_id=text_field(body, "doi") or text_field(metadata, "doi"),
                supplements=_supplements(metadata),
            )
            facts = repofiles.with_root_listing(facts, names)
            facts = await self._readme(facts, full_name, files, metadata)
            if record_type == "software" and names and not repofiles.record_has_code(names):
                listing = ", ".join(names[:12])
                note = ReadmeEvidence(
                    ReadmeCover.PLACEHOLDER, 0, f"record holds no code: {listing}"
                )
                facts = replace(facts, readme_evidence=(note, *facts.readme_evidence))
            kind = record_type or "record"
            detail = f"Zenodo record {full_name} ({kind})"
            if _lists_no_files(body, metadata):
                detail = (
                    f"Zenodo record {full_name} ({kind}, no files listed: {NOTHING_TO_DOWNLOAD})"
                )
            final = record_url(full_name) if full_name != record_id else None
            return verdict(Reason.FOUND, Outcome.OK, detail, 200, facts=facts, final_url=final)
        except Stop as stop:
            return stop.answer()

    async def _readme(
        self,
        facts: RepoFacts,
        record: str,
        files: list[tuple[str, int | None]],
        metadata: dict[str, object],
    ) -> RepoFacts:
        small = [key for key, size in files if (size or 0) <= _README_DOWNLOAD_BYTES]
        key = repofiles.preferred_readme({"": small})
        if key is not None:
            answer = await self._api.get(f"{self._root}/records/{record}/files/{key}/content")
            if answer.status == 200:
                return await with_host_readme(facts, key, len(answer.text.encode()), answer.text)
        description = text_field(metadata, "description")
        if not description:
            return facts
        # Cut before it is parsed, and parsed off the event loop: a description of tens of
        # megabytes took minutes of CPU and gigabytes of memory while every other check waited.
        cut = description[: repofiles.MAX_README_BYTES]
        # BeautifulSoup (and its CSS selector engine) costs ~0.2 s of CPU to import: only a run
        # that reads a record's description pays it.
        from auditor.inputs.soup import parse_html

        text = await in_thread(
            guarded,
            DESCRIPTION_PARSING,
            f"{facts.full_name}: description",
            lambda: parse_html(cut).get_text("\n"),
            None,
        )
        if text is None:
            return not_analysed(facts, "description", len(description.encode()))
        return await with_host_readme(facts, "description", len(text.encode()), text)


def _lists_no_files(body: dict[str, object], metadata: dict[str, object]) -> bool:
    """Whether the API says an open record holds no file: `files` an empty list. A record
    whose files are restricted, closed or embargoed lists none to us and is not said empty."""
    access = text_field(metadata, "access_right")
    return body.get("files") == [] and access in (None, "open")


def _supplements(metadata: dict[str, object]) -> tuple[str, ...]:
    """The code repositories the record says it supplements (evidence, never a cited link)."""
    found: list[str] = []
    for item in list_field(metadata, "related_identifiers"):
        if text_field(item, "relation") not in ("isSupplementTo", "isDerivedFrom"):
            continue
        normal = normalize_url(text_field(item, "identifier") or "")
        if normal is not None and normal.kind in CODE_KINDS and normal.url not in found:
            found.append(normal.url)
    return tuple(found)
