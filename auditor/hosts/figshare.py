"""figshare articles a README gives as the paper's weights or data, through figshare's public
API (`FIGSHARE_API_URL`, default `https://api.figshare.com/v2`; no token is ever sent), as its
documentation (https://docs.figshare.com, "Public articles" → "View article details", `GET
/articles/{article_id}`) describes the answer:

* 200, an `ArticleComplete`: `id`, `title`, `defined_type_name` (`dataset`, `software`,
  `figure`, …), `files` (up to ten `{id, name, size, download_url}`), `is_public`,
  `is_embargoed` with `embargo_date` and `embargo_type` (`article` or `file`), `is_confidential`
  with `confidential_reason`;
* 404 with the API's error body (`{"message": "Entity not found: article", "code":
  "EntityNotFound"}`) for an article that does not exist or is not public: `dead`. Any other
  404 (not the API's words: a proxy's page, a wrong root) says nothing of the article and is
  `transient`, never `dead`.

An embargoed, confidential or non-public article is withheld from the report's readers:
`blocked` as a private Hugging Face model is. A link to one file (`?file=N`) is judged on its
article; a file link naming no article (`ndownloader.figshare.com/files/N`) has no public
metadata endpoint and is not served here: the checker asks it for its headers, as any file
host's link. Nothing is downloaded."""

from __future__ import annotations

from auditor.hosts.adapter import HostAnswer, Reason, UrlAdapter, verdict
from auditor.hosts.answers import (
    GONE_STATUSES,
    Answer,
    Stop,
    absent,
    blocked,
    expect,
    gone,
    list_field,
    number_field,
    refusal,
    text_field,
    withheld,
)
from auditor.hosts.api import JsonApi
from auditor.links import FigshareItem, figshare_item
from auditor.models import LinkKind, Outcome

FIGSHARE_API = "https://api.figshare.com/v2"
WHO = "figshare API"
# The API's own code for "no such entity" in a 404's body.
_NOT_FOUND_CODE = "EntityNotFound"


class Figshare(UrlAdapter[FigshareItem]):
    """figshare articles by id (the link's article, or the article holding the linked file)."""

    def __init__(self, api: JsonApi, api_root: str = FIGSHARE_API) -> None:
        self._api = api
        self._root = api_root.rstrip("/")

    def target(self, url: str, kind: LinkKind | None) -> FigshareItem | None:
        item = figshare_item(url)
        served = item is not None and item.article is not None and kind in {None, LinkKind.WEB}
        return item if served else None

    async def facts(self, item: FigshareItem) -> HostAnswer:
        article = item.article
        assert article is not None  # `target` serves articles only
        try:
            answer = await self._api.get(f"{self._root}/articles/{article}")
            if answer.status in GONE_STATUSES:
                body = _error_body(answer)
                said = text_field(body, "code") == _NOT_FOUND_CODE or (
                    text_field(body, "message") or ""
                ).casefold().startswith("entity not found")
                if said:
                    return gone(article, "figshare", "figshare: no such public article")
                detail = f"{WHO} answered {answer.status} without saying the article is gone"
                return verdict(Reason.COULD_NOT_ASK, Outcome.TRANSIENT, detail, answer.status)
            if refusal(answer) is Reason.BLOCKED:
                return blocked(answer, WHO, absent(article, "figshare"))
            expect(answer, WHO)
            body = answer.json_object(WHO)
            what = f"figshare article {article}"
            if body.get("is_embargoed") is True:
                until = text_field(body, "embargo_date")
                files_only = text_field(body, "embargo_type") == "file"
                held = "its files are" if files_only else "it is"
                return withheld(what, f"{held} under embargo" + (f" until {until}" * bool(until)))
            if body.get("is_confidential") is True:
                reason = text_field(body, "confidential_reason")
                why = f" ({reason})" if reason else ""
                return withheld(what, f"its files are confidential{why}")
            if body.get("is_public") is False:
                return withheld(what, "it is not public")
            kind = text_field(body, "defined_type_name") or "article"
            files = list_field(body, "files")
            count = f"{len(files)} file{'s' * (len(files) != 1)}" if files else "no files listed"
            if item.file is not None:
                # The API lists at most ten files: one not among them is not known missing.
                named_files = {str(number_field(f, "id")): text_field(f, "name") for f in files}
                linked = named_files.get(item.file)
                count += f"; the linked file {linked}" if linked else ""
            shown = number_field(body, "id")
            named = str(shown) if shown is not None else article
            detail = f"figshare article {named} ({kind}, {count})"
            return verdict(Reason.FOUND, Outcome.OK, detail, 200)
        except Stop as stop:
            return stop.answer()


def _error_body(answer: Answer) -> dict[str, object]:
    """The API's error object, or {} when the body is none (not JSON, not an object)."""
    try:
        return answer.json_object(WHO)
    except Stop:
        return {}
