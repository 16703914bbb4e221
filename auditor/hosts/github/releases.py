"""GitHub releases and their assets that a README gives as the paper's weights or data, asked of
the REST API (never by fetching github.com, never downloaded), as GitHub's REST reference
("Releases") describes the answers:

* `GET /repos/{owner}/{repo}/releases/tags/{tag}`: the release of a tag, its `assets` (each
  `{name, size, browser_download_url}`); 404 when the repository has no release of that tag (or
  is gone): an asset link `releases/download/TAG/FILE` is `dead` when the release is missing,
  and when the release exists and lacks `FILE`;
* `GET /repos/{owner}/{repo}/releases/latest`: the newest release that is neither a draft nor a
  pre-release (what `releases/latest/download/FILE` serves); 404 when there is none;
* `GET /repos/{owner}/{repo}/releases?per_page=1`: a `releases` or `releases/latest` page holds
  something when any release is listed (pre-releases included; `[]`: none, `dead`).

A renamed repository's 301 is followed. Without a token (60 requests an hour), a release is
asked only while the budget left covers the repositories still to come; otherwise the link is
`unchecked`, said so, and counted for the run's notes (`skipped`). What the answers mean is
`hosts.answers`'."""

from __future__ import annotations

from urllib.parse import quote

from auditor.hosts.adapter import HostAnswer, Reason, verdict
from auditor.hosts.answers import Answer, Stop, blocked, expect, refusal, text_field
from auditor.hosts.github.answers import WHO, as_list, as_object
from auditor.hosts.github.endpoints import ApiEndpoint
from auditor.hosts.github.rest import HOW_TO_GET_THEM, RestReader
from auditor.hosts.github.transport import Transport
from auditor.links import GitHubRelease
from auditor.models import Outcome

# The detail of a release link not asked to keep the tokenless budget.
NOT_ASKED = (
    "not checked: kept the GitHub REST budget (60 requests an hour without a token) for the "
    f"repositories; {HOW_TO_GET_THEM}"
)


class ReleaseReader:
    """Release and asset links through REST, within the tokenless budget."""

    def __init__(self, transport: Transport, rest: RestReader) -> None:
        self._transport = transport
        self._rest = rest
        self.skipped = 0  # release links not asked, for the budget

    async def check(
        self, api: ApiEndpoint, release: GitHubRelease, *, tokenless: bool, upcoming: int = 0
    ) -> HostAnswer:
        """The verdict on one release link; `upcoming`: repositories the run still asks about
        (without a token, two requests each are kept for them)."""
        if tokenless and not self._rest.affordable(api, 1, 2 * upcoming):
            self.skipped += 1
            return verdict(Reason.COULD_NOT_ASK, Outcome.UNCHECKED, NOT_ASKED)
        repo = f"/repos/{release.owner}/{release.name}"
        try:
            if release.tag is not None:
                path = f"{repo}/releases/tags/{quote(release.tag, safe='')}"
            elif release.asset is not None:
                path = f"{repo}/releases/latest"
            else:
                path = f"{repo}/releases?per_page=1"
            answer = await self._transport.follow(api, await self._transport.get(api, path))
            return self._verdict(answer, release)
        except Stop as stop:
            return stop.answer(self._transport.scrub)

    def _verdict(self, answer: Answer, release: GitHubRelease) -> HostAnswer:
        named = f"release {release.tag}" if release.tag is not None else "the latest release"
        match refusal(answer):
            case Reason.GONE:
                detail = f"{WHO}: no {named} (or the repository is gone)"
                if release.tag is None and release.asset is None:
                    detail = f"{WHO}: the repository is gone"
                return verdict(Reason.GONE, Outcome.DEAD, detail, 404)
            case Reason.BLOCKED:
                return blocked(answer, WHO, None)
        expect(answer, WHO, asked_for="release")
        if release.tag is None and release.asset is None:
            listed = as_list(answer.json(WHO), "releases")
            if not listed:
                detail = f"{WHO}: the repository has no release"
                return verdict(Reason.GONE, Outcome.DEAD, detail, 200)
            return verdict(Reason.FOUND, Outcome.OK, f"{WHO}: the repository has releases", 200)
        body = as_object(answer.json(WHO), "release")
        tag = text_field(body, "tag_name") or release.tag or "?"
        names = [
            name
            for asset in as_list(body.get("assets", []), "release assets")
            if (name := text_field(asset, "name"))
        ]
        if release.asset is None:
            count = f"{len(names)} asset{'s' * (len(names) != 1)}"
            return verdict(Reason.FOUND, Outcome.OK, f"{WHO}: release {tag} exists ({count})", 200)
        if release.asset in names:
            detail = f"{WHO}: release {tag} holds {release.asset}"
            return verdict(Reason.FOUND, Outcome.OK, detail, 200)
        detail = f"{WHO}: release {tag} exists but holds no asset {release.asset}"
        return verdict(Reason.GONE, Outcome.DEAD, detail, 404)
