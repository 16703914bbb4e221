"""The Wayback Machine's availability API (`WAYBACK_API_URL`), as the Internet Archive's
"Wayback Machine APIs" page describes it: `GET /wayback/available?url=…` answers
`{"archived_snapshots": {"closest": {"available": true, "url": …, "timestamp":
"YYYYMMDDhhmmss", "status": "200"}}}`, or `{"archived_snapshots": {}}` when the page was
never archived (or is not accessible)."""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import quote

from auditor.hosts.answers import Answer, expect, object_field, text_field
from auditor.hosts.api import JsonApi
from auditor.models import ArchivedCopy
from auditor.timestamps import format_utc


class Wayback:
    """Copies of web pages in the Wayback Machine."""

    def __init__(self, api: JsonApi, api_root: str) -> None:
        self._api = api
        self._root = api_root.rstrip("/")
        self.last: Answer | None = None

    async def closest(self, url: str) -> ArchivedCopy | None:
        """The archived copy of `url` closest to now, or None; raises `Stop` when the
        archive could not say."""
        self.last = await self._api.get(f"{self._root}?url={quote(url, safe='')}", retry=False)
        expect(self.last, "Wayback Machine")
        body = self.last.json_object("Wayback Machine")
        closest = object_field(object_field(body, "archived_snapshots"), "closest")
        copy = text_field(closest, "url")
        if closest.get("available") is not True or not copy:
            return None
        if text_field(closest, "status") not in (None, "200"):
            return None  # a capture of an error page is no copy
        return ArchivedCopy(copy, "wayback", _saved_at(text_field(closest, "timestamp")))


def _saved_at(stamp: str | None) -> str | None:
    try:
        moment = datetime.strptime(stamp or "", "%Y%m%d%H%M%S").replace(tzinfo=UTC)
    except ValueError:
        return None
    return format_utc(moment)
