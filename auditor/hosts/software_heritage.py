"""Software Heritage through its Web API v1 (`SWH_API_URL`), each answer as the endpoint's own
documentation page (`/api/1/<endpoint>/doc/`) describes it:

* `GET /resolve/{swhid}/` (resolve/doc): `{object_type, object_id, browse_url}`; 404
  (`NotFoundExc`) for an object the archive does not hold, 400 for a malformed SWHID;
* `GET /release/{id}/` (release/doc): `{target, target_type}`; `GET /revision/{id}/`
  (revision/doc): `{directory, committer_date}`, its id the commit judged (`commit`);
  `GET /snapshot/{id}/` (snapshot/doc): `{branches: {name: {target, target_type}}}`, `HEAD` an
  `alias` of the default branch;
* `GET /directory/{id}/` (directory/doc): `[{name, type: file|dir|rev, target, length}]`;
  `GET /content/sha1_git:{id}/raw/` (content/raw/doc): a file's bytes;
* `GET /origin/{url}/visit/latest/?require_snapshot=true` (origin/visit/latest/doc):
  `{date, snapshot, status, type, visit}`; 404 when the origin was never (fully) archived;
* `POST /origin/save/{visit_type}/url/{url}/` (origin/save/doc, "Save Code Now"):
  `{save_request_status: accepted|pending|rejected, save_task_status, request_date}`.

Rate limits are those of the API's `X-RateLimit-*` headers; a token (`SWH_TOKEN`) raises
them. Archived code is code with a permanent home: its SWHID names that version for good."""

from __future__ import annotations

from dataclasses import dataclass, replace
from urllib.parse import quote

from auditor.hosts.adapter import HostAnswer, Reason, UrlAdapter, verdict
from auditor.hosts.answers import (
    NOT_ACCEPTED_STATUSES,
    Answer,
    Stop,
    absent,
    blocked,
    expect,
    gone,
    object_field,
    refusal,
    text_field,
    timestamp,
)
from auditor.hosts.api import JsonApi
from auditor.hosts.listing import complete_from_root
from auditor.links import SwhTarget, software_heritage_target
from auditor.models import LinkKind, Outcome, RepoFacts

_HOPS = 4  # snapshot → release → revision → directory at most
SOURCE = "software-heritage"


@dataclass(frozen=True, slots=True)
class Visit:
    """The latest visit of an origin that gave a snapshot."""

    date: str | None
    snapshot: str | None


class SoftwareHeritage(UrlAdapter[SwhTarget]):
    """Archived code: facts for SWHIDs and archive links, and the origins' latest visits."""

    def __init__(self, api: JsonApi, api_root: str, *, retry: bool = True) -> None:
        self._api = api
        self._root = api_root.rstrip("/")
        self._retry = retry  # false for the archive lookups: a throttled archive stops them
        self.site = self._root.removesuffix("/api/1")
        self.last: Answer | None = None  # the latest answer, for its rate-limit headers

    async def _get(self, path: str, *, method: str = "GET") -> Answer:
        self.last = await self._api.get(f"{self._root}/{path}", method=method, retry=self._retry)
        return self.last

    # --- archived code as a link --------------------------------------------------------------

    def target(self, url: str, kind: LinkKind | None) -> SwhTarget | None:
        served = kind in {None, LinkKind.SOFTWARE_HERITAGE}
        return software_heritage_target(url) if served else None

    async def facts(self, target: SwhTarget) -> HostAnswer:
        what, value = target
        try:
            if what == "origin":
                visit = await self.latest_visit(value)
                if visit is None or visit.snapshot is None:
                    return gone(value, SOURCE, "Software Heritage: never archived")
                name, object_type, object_id = value, "snapshot", visit.snapshot
            else:
                answer = await self._get(f"resolve/{value}/")
                # 400: a malformed SWHID, which names no object the archive could hold.
                reason = Reason.GONE if answer.status == 400 else refusal(answer)
                match reason:
                    case Reason.GONE:
                        return gone(value, SOURCE, "Software Heritage: no such object")
                    case Reason.BLOCKED:
                        return blocked(answer, "Software Heritage API", absent(value, SOURCE))
                expect(answer, "Software Heritage API")
                body = answer.json_object("Software Heritage API")
                name = value
                object_type = text_field(body, "object_type") or ""
                object_id = text_field(body, "object_id") or ""
            facts = RepoFacts(
                full_name=name,
                exists=True,
                source=SOURCE,
                archived=True,
                persistent_id=value if what == "swhid" else None,
                record_type="software",
            )
            facts = await self._directory_facts(facts, object_type, object_id)
            detail = f"archived in Software Heritage ({object_type})"
            return verdict(Reason.FOUND, Outcome.OK, detail, 200, facts=facts)
        except Stop as stop:
            return stop.answer()

    async def _directory_facts(self, facts: RepoFacts, kind: str, object_id: str) -> RepoFacts:
        """Follow a snapshot, release or revision to its directory; list it, read its README."""
        for _ in range(_HOPS):
            if kind == "snapshot":
                body = await self._object(f"snapshot/{object_id}/")
                branches = object_field(body, "branches")
                head = object_field(branches, "HEAD")
                if text_field(head, "target_type") == "alias":
                    head = object_field(branches, text_field(head, "target") or "")
                kind, object_id = (
                    text_field(head, "target_type") or "",
                    text_field(head, "target") or "",
                )
            elif kind == "release":
                body = await self._object(f"release/{object_id}/")
                kind = text_field(body, "target_type") or ""
                object_id = text_field(body, "target") or ""
            elif kind == "revision":
                body = await self._object(f"revision/{object_id}/")
                when = timestamp(text_field(body, "committer_date") or text_field(body, "date"))
                # The revision is the commit judged: its directory is what is read.
                facts = replace(facts, last_commit_at=when, pushed_at=when, commit=object_id)
                kind, object_id = "directory", text_field(body, "directory") or ""
            else:
                break
        if kind != "directory" or not object_id:
            return facts  # a single file, or an object we cannot walk: B2 stays unknown
        listing = await self._get(f"directory/{object_id}/")
        expect(listing, "Software Heritage API")
        items = listing.json_list("Software Heritage API")
        targets = {
            name: text_field(item, "target") or ""
            for item in items
            if (name := text_field(item, "name"))
        }
        entries = [
            (name, text_field(item, "type") == "file")
            for item in items
            if (name := text_field(item, "name"))
        ]

        async def read(path: str) -> str | None:
            target = targets.get(path)
            if not target:
                return None
            raw = await self._get(f"content/sha1_git:{target}/raw/")
            return raw.text if raw.status == 200 else None

        return await complete_from_root(facts, entries, read)

    async def _object(self, path: str) -> dict[str, object]:
        answer = await self._get(path)
        expect(answer, "Software Heritage API")
        return answer.json_object("Software Heritage API")

    # --- rescue and preservation --------------------------------------------------------------

    async def latest_visit(self, origin: str) -> Visit | None:
        """The origin's latest visit with a snapshot; None when it was never archived. Raises
        `Stop` when the archive could not say (down, throttled)."""
        answer = await self._get(
            f"origin/{quote(origin, safe=':/')}/visit/latest/?require_snapshot=true"
        )
        if answer.status == 404:
            return None
        expect(answer, "Software Heritage API")
        body = answer.json_object("Software Heritage API")
        return Visit(timestamp(text_field(body, "date")), text_field(body, "snapshot"))

    def browse_url(self, origin: str, visit: Visit) -> str:
        """Where a reader browses the archived copy, on the archive's own site."""
        url = f"{self.site}/browse/origin/directory/?origin_url={quote(origin, safe=':/')}"
        if visit.date:
            url += f"&timestamp={quote(visit.date, safe=':')}"
        return url

    async def save(self, origin: str) -> str:
        """Ask Save Code Now to archive `origin` (a git repository); its request status."""
        answer = await self._get(f"origin/save/git/url/{quote(origin, safe=':/')}/", method="POST")
        if answer.status in NOT_ACCEPTED_STATUSES:  # this origin refused (not a git URL it accepts)
            return "rejected"
        expect(answer, "Save Code Now")
        body = answer.json_object("Save Code Now")
        return text_field(body, "save_request_status") or "unknown"
