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
`blocked` as a private Hugging Face model is. An article whose `files` the API gives as an
empty list is `ok`, noted that it holds nothing to download (`models.NOTHING_TO_DOWNLOAD`: it
credits no weights or data).

A link to one file of an article (`?file=N`) is judged against the article's files: listed,
`ok` with its name; not among them when the list is whole (fewer than `LISTED_FILES` entries),
`dead` ("holds no file N"); otherwise the file is asked of `GET /articles/{article_id}/files/
{file_id}` ("Public articles" → "Article file details": 200 a `PublicFile`; 404 with the API's
"Entity not found" for a file the article does not hold, `dead`; any other answer says nothing
of the file: `transient`). A file link naming no article (`ndownloader.figshare.com/files/N`)
has no public metadata endpoint (the API finds a file only through its article; the one call
its published API description, https://docs.figshare.com/swagger.json, takes a bare file id,
`GET /file/download/{file_id}`, starts the file's download and gives no metadata): it is not
served here, and the checker asks it for its headers, as any file host's link. Nothing is
downloaded."""

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
from auditor.models import NOTHING_TO_DOWNLOAD, LinkKind, Outcome

FIGSHARE_API = "https://api.figshare.com/v2"
WHO = "figshare API"
# The API's own code for "no such entity" in a 404's body.
_NOT_FOUND_CODE = "EntityNotFound"
# An article's details list at most this many of its files: a shorter list is all of them.
LISTED_FILES = 10


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
                if _says_not_found(_error_body(answer)):
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
            shown = number_field(body, "id")
            named = f"figshare article {shown if shown is not None else article}"
            if item.file is not None:
                return await self._file(article, item.file, files, named, kind)
            if isinstance(body.get("files"), list) and not files:
                detail = f"{named} ({kind}, no files listed: {NOTHING_TO_DOWNLOAD})"
                return verdict(Reason.FOUND, Outcome.OK, detail, 200)
            count = f"{len(files)} file{'s' * (len(files) != 1)}" if files else "no files listed"
            return verdict(Reason.FOUND, Outcome.OK, f"{named} ({kind}, {count})", 200)
        except Stop as stop:
            return stop.answer()

    async def _file(
        self, article: str, file: str, files: list[object], named: str, kind: str
    ) -> HostAnswer:
        """The verdict on a link to file `file` of a live article (`named`, of type `kind`):
        among the article's `files`, else missing when that list is whole, else asked of the
        file's own endpoint."""
        listed = {str(number_field(f, "id")): text_field(f, "name") or file for f in files}
        if file in listed:
            count = f"{len(files)} file{'s' * (len(files) != 1)}"
            return verdict(
                Reason.FOUND,
                Outcome.OK,
                f"{named} ({kind}, {count}; the linked file {listed[file]})",
                200,
            )
        missing = f"{named} ({kind}) holds no file {file}"
        if len(files) < LISTED_FILES:
            return verdict(Reason.GONE, Outcome.DEAD, missing, 404)
        answer = await self._api.get(f"{self._root}/articles/{article}/files/{file}")
        if answer.status in GONE_STATUSES:
            if _says_not_found(_error_body(answer)):
                return verdict(Reason.GONE, Outcome.DEAD, missing, 404)
            detail = f"{WHO} answered {answer.status} without saying the file is gone"
            return verdict(Reason.COULD_NOT_ASK, Outcome.TRANSIENT, detail, answer.status)
        expect(answer, WHO, asked_for="file")
        name = text_field(answer.json_object(WHO), "name") or file
        return verdict(Reason.FOUND, Outcome.OK, f"{named} ({kind}; the linked file {name})", 200)


def _says_not_found(body: dict[str, object]) -> bool:
    """Whether an error body is the API's own "no such entity"."""
    message = (text_field(body, "message") or "").casefold()
    return text_field(body, "code") == _NOT_FOUND_CODE or message.startswith("entity not found")


def _error_body(answer: Answer) -> dict[str, object]:
    """The API's error object, or {} when the body is none (not JSON, not an object)."""
    try:
        return answer.json_object(WHO)
    except Stop:
        return {}
