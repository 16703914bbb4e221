"""OSF projects and registrations through the OSF API v2 (`OSF_API_URL`), as its reference
(developer.osf.io, "Nodes" and "Registrations") describes the answers (JSON:API documents):

* `GET /nodes/{id}/` → `data.attributes` {`title`, `description`, `category` (`project`,
  `software`, `data`, …: the record's type), `public`, `date_created`, `date_modified`};
  404 (not a project) → `GET /registrations/{id}/`, whose `withdrawn` is a `dead` record;
* a deleted node answers 410, a private one 401 or 403: `dead`;
* `GET /nodes/{id}/files/osfstorage/` → `data[].attributes` {`name`, `kind`}: files present.
"""

from __future__ import annotations

from auditor.hosts.api import (
    ApiStop,
    JsonApi,
    dead,
    expect,
    list_field,
    object_field,
    text_field,
    timestamp,
)
from auditor.models import LinkCheck, Outcome, RepoCheck, RepoFacts
from auditor.timestamps import now_iso

SITE = "https://osf.io"


class Osf:
    """Facts about OSF projects and registrations."""

    def __init__(self, api: JsonApi, api_root: str) -> None:
        self._api = api
        self._root = api_root.rstrip("/")

    async def facts(self, guid: str) -> RepoCheck:
        try:
            collection = "nodes"
            answer = await self._api.get(f"{self._root}/nodes/{guid}/")
            if answer.status == 404:
                collection = "registrations"
                answer = await self._api.get(f"{self._root}/registrations/{guid}/")
            if answer.status in (401, 403):
                return dead(guid, "osf", "OSF: private project")
            if answer.status in (404, 410):
                return dead(guid, "osf", "OSF: no such project (deleted or never public)")
            expect(answer, "OSF API")
            data = object_field(answer.json_object("OSF API"), "data")
            attributes = object_field(data, "attributes")
            if attributes.get("withdrawn") is True:
                return dead(guid, "osf", "OSF: the registration was withdrawn")
            names: tuple[str, ...] = ()
            if collection == "nodes":
                listing = await self._api.get(f"{self._root}/nodes/{guid}/files/osfstorage/")
                if listing.status == 200:
                    names = tuple(
                        sorted(
                            name + ("/" if text_field(attrs, "kind") == "folder" else "")
                            for item in list_field(listing.json_object("OSF API"), "data")
                            if (
                                name := text_field(
                                    attrs := object_field(item, "attributes"), "name"
                                )
                            )
                        )
                    )
            facts = RepoFacts(
                full_name=guid,
                exists=True,
                source="osf",
                empty=not names if collection == "nodes" else None,
                root_files=names,
                created_at=timestamp(text_field(attributes, "date_created")),
                pushed_at=timestamp(text_field(attributes, "date_modified")),
                description=text_field(attributes, "title"),
                record_type=text_field(attributes, "category") or None,
            )
            detail = f"OSF {collection[:-1]} {guid}" + ("" if names else " (no files)")
            return RepoCheck(LinkCheck(Outcome.OK, detail, now_iso(), 200), facts)
        except ApiStop as stop:
            return RepoCheck(stop.check, None)
