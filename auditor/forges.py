"""GitLab projects and Hugging Face repositories, one level shallower than GitHub.

`ForgeFacts(client, settings).check(url)` gives a `RepoCheck` whose `RepoFacts` carry
`source="gitlab"` or `"huggingface"` and `full_name` = the project path / repository id.

* GitLab: `GET {gitlab_api}/projects/{url-encoded path}?license=true` gives existence,
  archived, emptiness, fork parent, licence (GitLab's key mapped to SPDX), dates, stars,
  forks, open issues and the default branch; `last_activity_at` is reported as `pushed_at`.
  When the project names a `readme_url`, one more request reads that file raw through the API
  (`/repository/files/{path}/raw`) for the README covers. No root listing (so no `env_files`).
* Hugging Face: `GET {hf}/api/{models|datasets|spaces}/{id}` gives existence, `lastModified`
  (the last commit, as `last_commit_at`), `createdAt`, likes (as stars), the licence
  (`cardData.license`, else a `license:` tag) and the file list (`siblings`), whose top level
  fills `root_files`, `env_files`, `has_citation_cff`. The model card is not read.

Missing projects answer 404 (GitLab, for private ones too) or 401 with
`X-Error-Code: RepoNotFound` (Hugging Face): `dead`. A redirect within the same host is
followed (renamed repositories); a different path or id than asked gives `moved`. Transient
answers and failures are retried as `auditor.net.policy.RetryPolicy` says (a 429's wait
included), then `transient`, except a rate limit that cannot be waited out and a failure to
connect: `unchecked`. Nothing raises.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from urllib.parse import quote

import httpx

from auditor import repofiles
from auditor.config import Settings
from auditor.licenses import license_class, spdx_from_key
from auditor.links import gitlab_project, huggingface_repository
from auditor.models import LinkCheck, LinkKind, Outcome, ReadmeFacts, RepoCheck, RepoFacts
from auditor.net.body import UnreadableBody, bounded_request
from auditor.net.policy import RetryPolicy, server_wait
from auditor.readme import analyze_readme
from auditor.timestamps import now_iso, to_utc_iso

GITLAB_API = "https://gitlab.com/api/v4"
HUGGINGFACE = "https://huggingface.co"


class _Stop(Exception):
    def __init__(self, outcome: Outcome, detail: str, status: int | None = None) -> None:
        super().__init__(detail)
        self.check = LinkCheck(outcome, detail, now_iso(), http_status=status)


@dataclass(frozen=True, slots=True)
class _Answer:
    status: int
    text: str
    headers: httpx.Headers

    def json_object(self, what: str) -> dict[str, object]:
        try:
            body = json.loads(self.text)
        except (ValueError, RecursionError) as error:  # RecursionError: nested too deeply
            raise _Stop(Outcome.TRANSIENT, f"{what} answered non-JSON", self.status) from error
        if not isinstance(body, dict):
            raise _Stop(Outcome.TRANSIENT, f"{what} answered a malformed object", self.status)
        return body


class ForgeFacts:
    """Facts about GitLab and Hugging Face links; see the module docstring."""

    def __init__(
        self,
        client: httpx.AsyncClient,
        settings: Settings,
        *,
        gitlab_api_url: str = GITLAB_API,
        huggingface_url: str = HUGGINGFACE,
    ) -> None:
        self._client = client
        self._settings = settings
        self._retry = RetryPolicy.from_settings(settings)
        self._gitlab = gitlab_api_url.rstrip("/")
        self._hf = huggingface_url.rstrip("/")
        self.requests_made = 0

    async def check(self, url: str, kind: LinkKind | None = None) -> RepoCheck:
        """A gitlab.com project URL or a huggingface.co model/dataset/space URL; `kind`, when
        given, must agree with the host."""
        project = gitlab_project(url)
        if project is not None and kind in {None, LinkKind.GITLAB}:
            return await self.gitlab(project)
        repository = huggingface_repository(url)
        if repository is not None and kind in {None, LinkKind.HUGGINGFACE}:
            return await self.huggingface(*repository)
        return RepoCheck(
            LinkCheck(Outcome.UNSUPPORTED, "not a GitLab or Hugging Face repository", now_iso()),
            None,
        )

    async def gitlab(self, path: str) -> RepoCheck:
        try:
            url = f"{self._gitlab}/projects/{quote(path, safe='')}?license=true"
            answer = await self._get(url)
            if answer.status == 404:
                return _dead(path, "gitlab", "GitLab: project not found (missing or private)")
            _expect(answer, "GitLab API")
            body = answer.json_object("GitLab API")
            full_name = _text(body, "path_with_namespace") or path
            license_info = body.get("license")
            spdx = spdx_from_key(_text(license_info, "key")) if license_info else None
            parent = body.get("forked_from_project")
            facts = RepoFacts(
                full_name=full_name,
                exists=True,
                source="gitlab",
                archived=body.get("archived") is True,
                empty=body.get("empty_repo") is True,
                fork=isinstance(parent, dict),
                parent=_text(parent, "path_with_namespace"),
                license_spdx=spdx,
                license_class=license_class(spdx),
                pushed_at=_utc(_text(body, "last_activity_at")),
                created_at=_utc(_text(body, "created_at")),
                stars=_number(body, "star_count"),
                forks=_number(body, "forks_count"),
                open_issues=_number(body, "open_issues_count"),
                default_branch=_text(body, "default_branch"),
                description=_text(body, "description") or None,
            )
            readme_url = _text(body, "readme_url")
            branch = facts.default_branch
            marker = f"/-/blob/{branch}/"
            if readme_url and branch and marker in readme_url:
                readme_path = readme_url.split(marker, 1)[1]
                project = body.get("id", quote(path, safe=""))
                raw = await self._get(
                    f"{self._gitlab}/projects/{project}/repository/files/"
                    f"{quote(readme_path, safe='')}/raw?ref={quote(branch, safe='')}"
                )
                if raw.status == 200:
                    covers = analyze_readme(raw.text)
                    facts = _with_readme(facts, readme_path, raw.text, covers)
            return _found(facts, path, f"https://gitlab.com/{full_name}")
        except _Stop as stop:
            return RepoCheck(stop.check, None)

    async def huggingface(self, kind: str, repo_id: str) -> RepoCheck:
        """`kind` is `models`, `datasets` or `spaces`."""
        try:
            answer = await self._get(f"{self._hf}/api/{kind}/{repo_id}")
            not_found = answer.headers.get("x-error-code") in {"RepoNotFound", "EntryNotFound"}
            if answer.status == 404 or (answer.status == 401 and not_found):
                return _dead(repo_id, "huggingface", "Hugging Face: repository not found")
            _expect(answer, "Hugging Face API")
            body = answer.json_object("Hugging Face API")
            full_name = _text(body, "id") or repo_id
            card = body.get("cardData")
            declared = card.get("license") if isinstance(card, dict) else None
            if isinstance(declared, list):
                declared = declared[0] if declared else None
            if not isinstance(declared, str):
                tags = body.get("tags")
                declared = next(
                    (
                        t.removeprefix("license:")
                        for t in (tags if isinstance(tags, list) else [])
                        if isinstance(t, str) and t.startswith("license:")
                    ),
                    None,
                )
            spdx = spdx_from_key(declared)
            siblings = body.get("siblings")
            names = sorted(
                {
                    s["rfilename"]
                    for s in (siblings if isinstance(siblings, list) else [])
                    if isinstance(s, dict)
                    and isinstance(s.get("rfilename"), str)
                    and "/" not in s["rfilename"]
                }
            )
            env_files = repofiles.environment_files(names)
            facts = RepoFacts(
                full_name=full_name,
                exists=True,
                source="huggingface",
                disabled=body.get("disabled") is True,
                license_spdx=spdx,
                license_class=license_class(spdx),
                root_files=tuple(names),
                env_files=env_files,
                deps_pinned=repofiles.deps_pinned(env_files, None),
                has_citation_cff=repofiles.CITATION_FILE in names,
                readme_path="README.md" if "README.md" in names else None,
                last_commit_at=_utc(_text(body, "lastModified")),
                created_at=_utc(_text(body, "createdAt")),
                stars=_number(body, "likes"),
                default_branch="main",
            )
            prefix = "" if kind == "models" else f"{kind}/"
            return _found(facts, repo_id, f"https://huggingface.co/{prefix}{full_name}")
        except _Stop as stop:
            return RepoCheck(stop.check, None)

    async def _get(self, url: str) -> _Answer:
        """GET with same-host redirects, and the retries of the retry policy."""
        attempt = 0
        for _ in range(self._settings.max_redirects + self._settings.max_retries + 1):
            try:
                self.requests_made += 1
                # The whole exchange within the link deadline, the body capped: a server that
                # drips or sends a bomb holds nothing.
                response, text = await bounded_request(
                    self._client,
                    "GET",
                    url,
                    headers={},
                    read_timeout=self._settings.timeout,
                    deadline=max(self._settings.link_deadline, self._settings.timeout),
                )
            except UnreadableBody as error:
                raise _Stop(Outcome.TRANSIENT, str(error)) from None
            except TimeoutError as error:  # the whole-exchange deadline: not asked again
                raise _Stop(Outcome.TRANSIENT, "timed out") from error
            except httpx.HTTPError as error:
                name = type(error).__name__
                if self._retry.is_unreached(error) or not self._retry.is_transient_error(error):
                    raise _Stop(Outcome.UNCHECKED, f"could not connect ({name})") from error
                delay = self._retry.delay(attempt)
                if delay is None:
                    timeout = isinstance(error, httpx.TimeoutException)
                    raise _Stop(
                        Outcome.TRANSIENT, "timed out" if timeout else f"exchange failed ({name})"
                    ) from error
                await self._retry.sleep(delay)
                attempt += 1
                continue
            status = response.status_code
            if status in {301, 302, 307, 308}:
                target = response.url.join(response.headers.get("location", ""))
                if target.host != response.url.host:
                    raise _Stop(Outcome.TRANSIENT, f"redirected to {target.host}; not followed")
                url = str(target)
                continue
            if self._retry.is_transient_status(status):
                delay = self._retry.delay(attempt, server_wait(response.headers, now=time.time()))
                if delay is None:
                    # A rate limit we may not wait out says nothing about the repository.
                    outcome = Outcome.UNCHECKED if status == 429 else Outcome.TRANSIENT
                    raise _Stop(outcome, f"answered {status}", status)
                await self._retry.sleep(delay)
                attempt += 1
                continue
            return _Answer(status, text, response.headers)
        raise _Stop(Outcome.TRANSIENT, "too many redirects or retries")


def _with_readme(facts: RepoFacts, path: str, text: str, covers: ReadmeFacts) -> RepoFacts:
    return replace(
        facts,
        readme_path=path,
        readme_bytes=len(text.encode()),
        readme_covers=covers.covers,
        readme_evidence=covers.evidence,
        artifact_links=covers.artifact_links,
    )


def _found(facts: RepoFacts, asked: str, final_url: str) -> RepoCheck:
    if facts.full_name.casefold() != asked.casefold():
        detail = f"renamed or moved to {facts.full_name}"
        return RepoCheck(LinkCheck(Outcome.MOVED, detail, now_iso(), 200, final_url), facts)
    detail = "repository exists" + (" (archived)" if facts.archived else "")
    return RepoCheck(LinkCheck(Outcome.OK, detail, now_iso(), 200), facts)


def _dead(name: str, source: str, detail: str) -> RepoCheck:
    return RepoCheck(
        LinkCheck(Outcome.DEAD, detail, now_iso(), 404),
        RepoFacts(full_name=name, exists=False, source=source),
    )


def _expect(answer: _Answer, what: str) -> None:
    if answer.status != 200:
        raise _Stop(Outcome.TRANSIENT, f"{what} answered {answer.status}", answer.status)


def _text(body: object, key: str) -> str | None:
    value = body.get(key) if isinstance(body, dict) else None
    return value if isinstance(value, str) else None


def _number(body: dict[str, object], key: str) -> int | None:
    value = body.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _utc(value: str | None) -> str | None:
    try:
        return to_utc_iso(value)
    except ValueError:
        return None  # a date we cannot read is a missing date, not a failed check
