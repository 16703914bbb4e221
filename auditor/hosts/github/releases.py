"""GitHub releases and their assets that a README gives as the paper's weights or data, asked of
GitHub's API, never by fetching github.com, never downloaded. Without a token, through REST, as
GitHub's REST reference ("Releases") describes the answers:

* `GET /repos/{owner}/{repo}/releases/tags/{tag}`: the release of a tag, its `assets` (each
  `{name, size, browser_download_url}`); 404 when the repository has no release of that tag (or
  is gone): an asset link `releases/download/TAG/FILE` is `dead` when the release is missing,
  and when the release exists and lacks `FILE`;
* `GET /repos/{owner}/{repo}/releases/latest`: the newest release that is neither a draft nor a
  pre-release (what `releases/latest/download/FILE` serves); 404 when there is none;
* `GET /repos/{owner}/{repo}/releases?per_page=1`: a `releases` or `releases/latest` page holds
  something when any release is listed (pre-releases included). `[]`: github.com still shows
  the page, so the link is `ok`, noted that it holds nothing to download
  (`models.NOTHING_TO_DOWNLOAD`: no weights or data credited), as a release without assets is;
  `dead` is for a repository, a release or an asset that is not there.

A renamed repository's 301 is followed. Release links are asked once every repository of the
run was; without a token (60 requests an hour) each is asked only while the budget allows,
otherwise the link is `unchecked`, said so, and counted for the run's notes (`skipped`).

With a token, in GraphQL batches (`build_releases_query`): `release(tagName:)` or
`latestRelease`, their `releaseAssets(name:, first: 1)`, or `releases { totalCount }`; one
connection an alias, so 30 links cost 1 point; a repository GraphQL does not find is gone
(`NOT_FOUND`), one only the token sees (`isPrivate`) `blocked` as private. The same
verdicts either way (`judged`); what the answers mean is `hosts.answers`'."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from urllib.parse import quote

from auditor.hosts.adapter import HostAnswer, Reason, verdict
from auditor.hosts.answers import (
    Answer,
    Stop,
    blocked,
    expect,
    is_private,
    private,
    refusal,
    text_field,
)
from auditor.hosts.github.answers import WHO, as_list, as_object, required_int
from auditor.hosts.github.endpoints import ApiEndpoint
from auditor.hosts.github.rest import HOW_TO_GET_THEM, RestReader
from auditor.hosts.github.transport import Transport
from auditor.links import GitHubRelease
from auditor.models import NOTHING_TO_DOWNLOAD, Outcome

# The detail of a release link not asked to keep the tokenless budget.
NOT_ASKED = (
    "not checked: kept the GitHub REST budget (60 requests an hour without a token) for the "
    f"repositories; {HOW_TO_GET_THEM}"
)


class ReleaseReader:
    """Release and asset links through REST (a run without a token), within its budget."""

    def __init__(self, transport: Transport, rest: RestReader) -> None:
        self._transport = transport
        self._rest = rest
        self.skipped = 0  # release links not asked, for the budget

    async def check(self, api: ApiEndpoint, release: GitHubRelease) -> HostAnswer:
        """The verdict on one release link through REST, asked only while the budget left
        allows (release links are asked once every repository was)."""
        if not self._rest.affordable(api, 1):
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
        match refusal(answer):
            case Reason.GONE if is_listing(release):
                return verdict(Reason.GONE, Outcome.DEAD, f"{WHO}: no such repository", 404)
            case Reason.GONE:
                return judged(release, None)
            case Reason.BLOCKED:
                return blocked(answer, WHO, None)
        expect(answer, WHO, asked_for="release")
        if is_listing(release):
            return judged(release, None, count=len(as_list(answer.json(WHO), "releases")))
        body = as_object(answer.json(WHO), "release")
        names = asset_names(body.get("assets", []))
        return judged(release, text_field(body, "tag_name") or release.tag, names, len(names))


def asset_names(assets: object) -> list[str]:
    """The names of a release's assets, as REST (`assets`) and GraphQL (`releaseAssets.nodes`)
    list them alike."""
    return [
        name for asset in as_list(assets, "release assets") if (name := text_field(asset, "name"))
    ]


def is_listing(release: GitHubRelease) -> bool:
    """A link to the releases page or the latest release: any release listed answers it."""
    return release.tag is None and release.asset is None


def judged(
    release: GitHubRelease,
    tag: str | None,
    names: Sequence[str] = (),
    count: int = 0,
) -> HostAnswer:
    """The verdict on a release link from what the API says, whichever API: `tag` the release
    found (None: none, or the repository is gone), `names` of its assets (those asked for),
    `count` of its assets, or for a listing of the releases listed."""
    if is_listing(release):
        if count:
            return verdict(Reason.FOUND, Outcome.OK, f"{WHO}: the repository has releases", 200)
        # github.com shows the releases page of a repository without one: not dead, empty.
        detail = f"{WHO}: the repository has no release ({NOTHING_TO_DOWNLOAD})"
        return verdict(Reason.FOUND, Outcome.OK, detail, 200)
    if tag is None:
        named = f"release {release.tag}" if release.tag is not None else "latest release"
        return verdict(Reason.GONE, Outcome.DEAD, f"{WHO}: no {named} (or no repository)", 404)
    if release.asset is None:
        # A release without assets offers only the source archives GitHub makes of the tag.
        assets = (
            f"{count} asset{'s' * (count != 1)}" if count else f"no asset: {NOTHING_TO_DOWNLOAD}"
        )
        return verdict(Reason.FOUND, Outcome.OK, f"{WHO}: release {tag} exists ({assets})", 200)
    if release.asset in names:
        return verdict(Reason.FOUND, Outcome.OK, f"{WHO}: release {tag} holds {release.asset}", 200)
    detail = f"{WHO}: release {tag} exists but holds no asset {release.asset}"
    return verdict(Reason.GONE, Outcome.DEAD, detail, 404)


def build_releases_query(releases: Sequence[GitHubRelease]) -> str:
    """One query for release links of several repositories, variables `$o0/$n0` (owner, name),
    `$t0` (the tag, when the link names one) and `$f0` (the asset, when it names one): the
    tag's release (`release(tagName:)`) or the latest (`latestRelease`), its assets by name
    (`releaseAssets(name:, first: 1)`) or counted; for a link to the releases themselves, how
    many there are. Each alias asks one connection: 30 links cost 1 point."""
    params: list[str] = []
    fields: list[str] = []
    for i, release in enumerate(releases):
        params.append(f"$o{i}: String!, $n{i}: String!")
        assets = "releaseAssets { totalCount }"
        if release.asset is not None:
            params.append(f"$f{i}: String!")
            assets = f"releaseAssets(name: $f{i}, first: 1) {{ totalCount nodes {{ name }} }}"
        if release.tag is not None:
            params.append(f"$t{i}: String!")
            field = f"release(tagName: $t{i}) {{ tagName {assets} }}"
        elif release.asset is not None:
            field = f"latestRelease {{ tagName {assets} }}"
        else:
            field = "releases { totalCount }"
        fields.append(f"  r{i}: repository(owner: $o{i}, name: $n{i}) {{ isPrivate {field} }}")
    return (
        f"query Releases({', '.join(params)}) {{\n"
        + "\n".join(fields)
        + "\n  rateLimit { cost remaining resetAt }\n}\n"
    )


def releases_variables(releases: Sequence[GitHubRelease]) -> dict[str, str]:
    """The variables of `build_releases_query(releases)`."""
    variables: dict[str, str] = {}
    for i, release in enumerate(releases):
        variables.update({f"o{i}": release.owner, f"n{i}": release.name})
        if release.tag is not None:
            variables[f"t{i}"] = release.tag
        if release.asset is not None:
            variables[f"f{i}"] = release.asset
    return variables


def graphql_judged(release: GitHubRelease, node: Mapping[str, object]) -> HostAnswer:
    """The verdict on a release link from its repository's node of `build_releases_query`: a
    repository only the token sees holds nothing the report's readers can download."""
    if is_private(node):
        return private()
    if is_listing(release):
        listed = as_object(node.get("releases"), "releases")
        return judged(release, None, count=required_int(listed, "totalCount"))
    found = node.get("release" if release.tag is not None else "latestRelease")
    if not isinstance(found, dict):
        return judged(release, None)
    assets = as_object(found.get("releaseAssets"), "release assets")
    names = asset_names(assets.get("nodes", []))
    tag = text_field(found, "tagName") or release.tag
    return judged(release, tag, names, required_int(assets, "totalCount"))
