"""DOIs resolved through doi.org's proxy server REST API (`DOI_API_URL`), as the DOI
Foundation's "DOI Proxy" factsheet describes it: `GET /api/handles/{doi}?type=URL` answers
`{"responseCode": 1, "handle": …, "values": [{"type": "URL", "data": {"value": URL}}]}`; a
DOI that does not exist answers 404 with `responseCode` 100. The DOI is then judged as the URL
it points at (`auditor.pipeline.run`)."""

from __future__ import annotations

from urllib.parse import quote

from auditor.hosts.answers import Stop, list_field, number_field, object_field, text_field
from auditor.hosts.api import JsonApi
from auditor.models import LinkCheck, Outcome
from auditor.timestamps import now_iso


class Doi:
    """Where DOIs point."""

    def __init__(self, api: JsonApi, api_root: str) -> None:
        self._api = api
        self._root = api_root.rstrip("/")

    async def resolve(self, doi: str) -> str | LinkCheck:
        """The URL `doi` points at, or the verdict when it points nowhere (a `dead` DOI);
        raises `Stop` when the API could not say."""
        answer = await self._api.get(f"{self._root}/handles/{quote(doi, safe='/')}?type=URL")
        body = answer.json_object("DOI API") if answer.text.strip() else {}
        code = number_field(body, "responseCode")
        if answer.status == 404 or code == 100:
            return LinkCheck(Outcome.DEAD, "DOI not found (doi.org)", now_iso(), 404)
        if answer.status != 200 or code != 1:
            raise Stop(Outcome.TRANSIENT, f"DOI API answered {answer.status}", answer.status)
        for value in list_field(body, "values"):
            if text_field(value, "type") == "URL":
                target = text_field(object_field(value, "data"), "value")
                if target and target.lower().startswith(("http://", "https://")):
                    return target
        return LinkCheck(Outcome.DEAD, "DOI names no URL (doi.org)", now_iso(), 200)
