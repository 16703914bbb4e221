"""The one host adapter interface (`auditor.hosts.adapter`): every adapter of the registry —
GitHub's and each of `ForgeFacts.adapters` — serves its links, and says found, moved, gone, blocked
(a private repository the token can read included) and could-not-ask in the one `Reason` vocabulary
for the same answers. The APIs are scripted (tests/support/scripted.py, unit logic: which answer
means what); the end-to-end paths are in tests/end_to_end/test_hosts.py and
tests/test_hosts_github.py."""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import pytest

from auditor.config.settings import Settings, api_roots_from
from auditor.hosts.adapter import HostAdapter, HostAnswer, Reason
from auditor.hosts.forges import ForgeFacts, SelfHosted
from auditor.hosts.github import GitHubFacts
from auditor.models import Outcome
from auditor.net.errors import ConnectError
from auditor.net.transport import Request
from tests.support.local_servers import plain_fetcher
from tests.support.scripted import Scripted, ScriptedTransport

SELF_HOSTED = "git.example.org"
# One name (and id) per row of the table: the answer of a row is what its repository gets.
ROWS = ("found", "renamed", "gone", "deleted", "legal", "tos", "down", "html", "unreachable")
ROWS += ("private",)
ID = {row: 7001 + index for index, row in enumerate(ROWS)}
MOVED_TO = "acme/renamed-elsewhere"  # the name a host gives the renamed repository


def _github_repo(full_name: str) -> dict[str, object]:
    # docs.github.com/rest/repos/repos#get-a-repository: the fields GitHub always sends.
    return {
        "full_name": full_name,
        "private": False,
        "archived": False,
        "disabled": False,
        "fork": False,
        "stargazers_count": 1,
        "forks_count": 0,
        "open_issues_count": 0,
        "default_branch": "main",
    }


@dataclass(frozen=True)
class Host:
    """How one adapter's links look and what its API answers for an existing repository."""

    name: str
    url: Callable[[str], str]  # row → the link
    found: Callable[[str, str], object] | None  # (row, name the host gives) → the 200 body
    renames: bool = True
    # name → the 200 body of a repository only the token can read, in the host's words; None
    # for a host that holds public records only.
    private: Callable[[str], object] | None = None


def _named(key: str, **extra: object) -> Callable[[str, str], object]:
    return lambda row, name: {key: name, **extra}


HOSTS = {
    "GitHubFacts": Host(
        "GitHub",
        lambda row: f"https://github.com/acme/{row}",
        lambda row, n: _github_repo(n),
        private=lambda n: {**_github_repo(n), "private": True, "visibility": "private"},
    ),
    "SelfHosted": Host(
        "self-hosted GitLab",
        lambda row: f"https://{SELF_HOSTED}/acme/{row}",
        _named("path_with_namespace"),
        private=lambda n: {"path_with_namespace": n, "visibility": "internal"},
    ),
    "GitLab": Host(
        "GitLab",
        lambda row: f"https://gitlab.com/acme/{row}",
        _named("path_with_namespace"),
        private=lambda n: {"path_with_namespace": n, "visibility": "private"},
    ),
    "HuggingFace": Host(
        "Hugging Face",
        lambda row: f"https://huggingface.co/acme/{row}",
        _named("id"),
        private=lambda n: {"id": n, "private": True},
    ),
    "Bitbucket": Host(
        "Bitbucket",
        lambda row: f"https://bitbucket.org/acme/{row}",
        _named("full_name"),
        private=lambda n: {"full_name": n, "is_private": True},
    ),
    "Gitee": Host(
        "Gitee",
        lambda row: f"https://gitee.com/acme/{row}",
        _named("full_name"),
        private=lambda n: {"full_name": n, "public": False, "private": True},
    ),
    "Forgejo": Host(
        "Codeberg",
        lambda row: f"https://codeberg.org/acme/{row}",
        _named("full_name", empty=True),
        private=lambda n: {"full_name": n, "private": True, "empty": True},
    ),
    "Zenodo": Host(
        "Zenodo",
        lambda row: f"https://zenodo.org/records/{ID[row]}",
        lambda row, name: {"id": ID[row], "metadata": {"title": "A record"}},
        renames=False,
    ),
    "SoftwareHeritage": Host(
        "Software Heritage",
        lambda row: f"https://archive.softwareheritage.org/swh:1:dir:{ID[row]:040x}",
        lambda row, name: {"object_type": "content", "object_id": f"{ID[row]:040x}"},
        renames=False,
    ),
    "Osf": Host(
        "OSF",
        lambda row: f"https://osf.io/x{ID[row]}",
        lambda row, name: {"data": {"attributes": {"title": "A project"}}},
        renames=False,
        private=lambda n: {"data": {"attributes": {"title": "A project", "public": False}}},
    ),
}

# Row → the answer every request about that repository gets (None: the host's own body, then
# 404s for what follows), and the reason and outcome every adapter must give for it.
TERMS_BLOCK = {"message": "Repository access blocked", "block": {"reason": "tos"}}
TABLE: dict[str, tuple[Scripted | None, Reason, Outcome]] = {
    "found": (None, Reason.FOUND, Outcome.OK),
    "renamed": (None, Reason.MOVED, Outcome.MOVED),
    "gone": (Scripted.json(404, {"message": "Not Found"}), Reason.GONE, Outcome.DEAD),
    "deleted": (Scripted.json(410, {"message": "Gone"}), Reason.GONE, Outcome.DEAD),
    "legal": (Scripted.json(451, {"message": "Legal"}), Reason.BLOCKED, Outcome.DEAD),
    "tos": (Scripted.json(403, TERMS_BLOCK), Reason.BLOCKED, Outcome.DEAD),
    "down": (Scripted.json(503, {}), Reason.COULD_NOT_ASK, Outcome.TRANSIENT),
    "html": (
        Scripted(200, b"<html>hi</html>", {"content-type": "text/html"}),
        Reason.COULD_NOT_ASK,
        Outcome.TRANSIENT,
    ),
    "unreachable": (None, Reason.COULD_NOT_ASK, Outcome.UNCHECKED),
    "private": (None, Reason.BLOCKED, Outcome.BLOCKED),  # the body of `Host.private`
}
# Hosts that document another meaning for an answer of the table: Bitbucket answers 403 for
# a private repository, and OSF 401 or 403 for a private project (both gone for the readers).
EXCEPTIONS = {
    ("Bitbucket", "tos"): (Reason.GONE, Outcome.DEAD),
    ("OSF", "tos"): (Reason.GONE, Outcome.DEAD),
}


def _row_of(text: str) -> str | None:
    return next((row for row in ROWS if row in text or str(ID[row]) in text), None) or next(
        (row for row in ROWS if f"{ID[row]:040x}" in text), None
    )


def _api(host: Host) -> ScriptedTransport:
    asked: set[str] = set()

    def answer(request: Request) -> Scripted:
        row = _row_of(request.url)
        if row is None:
            return Scripted.json(404, {"message": "Not Found"})
        scripted, _, _ = TABLE[row]
        if row == "unreachable":
            raise ConnectError("connection refused")
        if scripted is not None:
            return scripted
        if row in asked or host.found is None:  # what follows the repository's own answer
            return Scripted.json(404, {"message": "This repository is empty."})
        asked.add(row)
        if row == "private" and host.private is not None:
            return Scripted.json(200, host.private(f"acme/{row}"))
        return Scripted.json(200, host.found(row, MOVED_TO if row == "renamed" else f"acme/{row}"))

    return ScriptedTransport(answer)


@pytest.fixture
async def registry() -> AsyncIterator[dict[str, HostAdapter]]:
    """Every adapter of the registry, each on a fetcher of its own scripted API."""
    settings = Settings(
        max_retries=0,
        retry_base_delay=0.0,
        api_roots=api_roots_from({}, {SELF_HOSTED: "gitlab"}),
    )
    found: dict[str, HostAdapter] = {}
    async with contextlib.AsyncExitStack() as stack:
        for name, host in HOSTS.items():
            fetcher = await stack.enter_async_context(plain_fetcher(_api(host)))
            adapters: tuple[HostAdapter, ...] = (
                GitHubFacts(fetcher, settings),
                *ForgeFacts(fetcher, settings).adapters,
            )
            found[name] = next(a for a in adapters if type(a).__name__ == name)
        yield found


async def test_the_table_covers_the_whole_registry() -> None:
    settings = Settings()
    async with plain_fetcher() as fetcher:
        adapters = (GitHubFacts(fetcher, settings), *ForgeFacts(fetcher, settings).adapters)
    assert sorted(type(adapter).__name__ for adapter in adapters) == sorted(HOSTS)
    assert any(isinstance(adapter, SelfHosted) for adapter in adapters)
    for adapter in adapters:
        assert isinstance(adapter, HostAdapter)
        assert inspect.iscoroutinefunction(adapter.check)
        assert not inspect.iscoroutinefunction(adapter.serves)  # decided without a request


@pytest.mark.parametrize("row", ROWS)
@pytest.mark.parametrize("adapter_name", list(HOSTS))
async def test_every_adapter_says_the_same_answer_in_the_same_words(
    registry: dict[str, HostAdapter], adapter_name: str, row: str
) -> None:
    host = HOSTS[adapter_name]
    if row == "renamed" and not host.renames:
        pytest.skip(f"{host.name} gives records ids, never another name")
    if row == "private" and host.private is None:
        pytest.skip(f"{host.name} holds public records only")
    adapter = registry[adapter_name]
    url = host.url(row)
    assert adapter.serves(url)
    answer = await adapter.check(url)
    assert isinstance(answer, HostAnswer)
    _, reason, outcome = TABLE[row]
    reason, outcome = EXCEPTIONS.get((host.name, row), (reason, outcome))
    assert (answer.reason, answer.check.outcome) == (reason, outcome), answer.check.detail
    if reason is Reason.GONE or (reason is Reason.BLOCKED and outcome is Outcome.DEAD):
        assert answer.facts is not None
        assert answer.facts.exists is False
    if reason is Reason.MOVED:
        assert answer.facts is not None
        assert answer.facts.full_name == MOVED_TO
    if reason is Reason.COULD_NOT_ASK or outcome is Outcome.BLOCKED:
        assert answer.facts is None  # a private repository's facts are never kept


@pytest.mark.parametrize("adapter_name", list(HOSTS))
async def test_a_link_an_adapter_does_not_serve_is_not_served_and_not_asked(
    registry: dict[str, HostAdapter], adapter_name: str
) -> None:
    adapter = registry[adapter_name]
    url = "https://example.org/acme/found"
    assert not adapter.serves(url)
    answer = await adapter.check(url)
    assert (answer.reason, answer.check.outcome) == (Reason.NOT_SERVED, Outcome.UNSUPPORTED)
