"""OSF projects and registrations through the OSF API v2 (`OSF_API_URL`), as its reference
(developer.osf.io, "Nodes" and "Registrations") describes the answers (JSON:API documents):

* `GET /nodes/{id}/` → `data.attributes` {`title`, `description`, `category` (`project`,
  `software`, `data`, …: the record's type), `public`, `date_created`, `date_modified`};
  404 (not a project) → `GET /registrations/{id}/`, whose `withdrawn` is a `dead` record;
* a deleted node answers 410, a private one 401 or 403: `dead`; one the token can read
  (`public` false) is `blocked`;
* `GET /nodes/{id}/files/osfstorage/` → `data[].attributes` {`name`, `kind`}: files present.
"""

from __future__ import annotations

from auditor.facts import repofiles
from auditor.hosts.adapter import HostAnswer, Reason, UrlAdapter, verdict
from auditor.hosts.answers import (
    REFUSED_STATUSES,
    Stop,
    absent,
    blocked,
    expect,
    gone,
    is_private,
    list_field,
    object_field,
    private,
    refusal,
    text_field,
    timestamp,
)
from auditor.hosts.api import JsonApi
from auditor.links import osf_guid
from auditor.models import LinkKind, Outcome, RepoFacts

SITE = "https://osf.io"


class Osf(UrlAdapter[str]):
    """Facts about OSF projects and registrations."""

    def __init__(self, api: JsonApi, api_root: str) -> None:
        self._api = api
        self._root = api_root.rstrip("/")

    def target(self, url: str, kind: LinkKind | None) -> str | None:
        return osf_guid(url) if kind in {None, LinkKind.OSF} else None

    async def facts(self, guid: str) -> HostAnswer:
        try:
            collection = "nodes"
            answer = await self._api.get(f"{self._root}/nodes/{guid}/")
            if answer.status == 404:
                collection = "registrations"
                answer = await self._api.get(f"{self._root}/registrations/{guid}/")
            if answer.status in REFUSED_STATUSES:  # private: gone for everyone the report is for
                return gone(guid, "osf", "OSF: private project")
            match refusal(answer):
                case Reason.GONE:
                    return gone(guid, "osf", "OSF: no such project (deleted or never public)")
                case Reason.BLOCKED:
                    return blocked(answer, "OSF API", absent(guid, "osf"))
            expect(answer, "OSF API")
            data = object_field(answer.json_object("OSF API"), "data")
            attributes = object_field(data, "attributes")
            if is_private(attributes):
                return private("project")
            if attributes.get("withdrawn") is True:
                return gone(guid, "osf", "OSF: the registration was withdrawn")
            names: tuple[str, ...] | None = None  # a registration's files are not listed
            if collection == "nodes":
                names = ()
                listing = await self._api.get(f"{self._root}/nodes/{guid}/files/osfstorage/")
                if listing.status == 200:
                    names = tuple(
                        name + ("/" if text_field(attrs, "kind") == "folder" else "")
                        for item in list_field(listing.json_object("OSF API"), "data")
                        if (name := text_field(attrs := object_field(item, "attributes"), "name"))
                    )
            facts = RepoFacts(
                full_name=guid,
                exists=True,
                source="osf",
                empty=not names if names is not None else None,
                created_at=timestamp(text_field(attributes, "date_created")),
                pushed_at=timestamp(text_field(attributes, "date_modified")),
                description=text_field(attributes, "title"),
                record_type=text_field(attributes, "category") or None,
            )
            if names:
                facts = repofiles.with_root_listing(facts, names)
            detail = f"OSF {collection[:-1]} {guid}" + ("" if names else " (no files)")
            return verdict(Reason.FOUND, Outcome.OK, detail, 200, facts=facts)
        except Stop as stop:
            return stop.answer()
