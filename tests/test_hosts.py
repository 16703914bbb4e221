"""Issue 16's pieces one at a time: which URLs the new hosts own (`auditor.links`), SWHIDs in
prose, the API roots table and its tokens, self-hosted forges from the configuration, and the
answers that make a record or DOI dead; the archives' budget and the code search's rate limit;
the import directions inside `auditor.hosts`. End to end through the command line:
tests/end_to_end/test_hosts.py; the adapter interface: tests/test_hosts_adapter.py."""

from __future__ import annotations

import ast
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from auditor.config.settings import (
    API_ROOTS,
    ApiRoots,
    ForgeConfigError,
    Settings,
    api_roots_from,
    load_forges,
)
from auditor.enrich.archives import after_verdicts
from auditor.hosts.forges import ForgeFacts
from auditor.links import (
    is_code_link,
    normalize_url,
    self_hosted_forge,
    software_heritage_target,
    zenodo_record,
)
from auditor.links.scan import find_urls
from auditor.models import Link, LinkCheck, LinkKind, LinkResult, Outcome, Paper, SourceRef
from auditor.net.fetcher import Fetcher
from tests.support.fake_hosts import ZenodoRecord, reply, zenodo_routes
from tests.support.local_servers import LocalServer, plain_fetcher, serve
from tests.support.syntax import parsed, walked

SWHID = "swh:1:rev:309cf2674ee7a0749978cf8265ab91a60aea0f7d"


@pytest.mark.parametrize(
    ("raw", "url", "kind", "subpath"),
    [
        # A cited file keeps its path: its folder is judged on its own (issue 24 item 1).
        ("https://bitbucket.org/lab/net/src/main/train.py",
         "https://bitbucket.org/lab/net/src/main/train.py", LinkKind.BITBUCKET,
         "/src/main/train.py"),
        ("https://bitbucket.org/lab/net/src/main", "https://bitbucket.org/lab/net",
         LinkKind.BITBUCKET, "/src/main"),
        ("bitbucket.org/lab/net.git", "https://bitbucket.org/lab/net", LinkKind.BITBUCKET, None),
        ("https://bitbucket.org/product/features", "https://bitbucket.org/product/features",
         LinkKind.WEB, None),
        ("https://codeberg.org/lab/net/src/branch/main", "https://codeberg.org/lab/net",
         LinkKind.CODEBERG, "/src/branch/main"),
        ("https://codeberg.org/explore/repos", "https://codeberg.org/explore/repos",
         LinkKind.WEB, None),
        ("https://gitee.com/lab/net/tree/master", "https://gitee.com/lab/net", LinkKind.GITEE,
         "/tree/master"),
        ("https://zenodo.org/records/1234", "https://zenodo.org/records/1234", LinkKind.ZENODO,
         None),
        ("https://osf.io/ab3cd/", "https://osf.io/ab3cd/", LinkKind.OSF, None),
        ("https://osf.io/preprints", "https://osf.io/preprints", LinkKind.WEB, None),
        (f"{SWHID};origin=https://github.com/lab/net",
         f"https://archive.softwareheritage.org/{SWHID}", LinkKind.SOFTWARE_HERITAGE, None),
        ("https://doi.org/10.1145/3368089", "https://doi.org/10.1145/3368089", LinkKind.DOI, None),
    ],
)  # fmt: skip
def test_new_hosts_are_classified_from_their_url_shapes(
    raw: str, url: str, kind: LinkKind, subpath: str | None
) -> None:
    normal = normalize_url(raw)
    assert normal is not None
    assert (normal.url, normal.kind, normal.subpath) == (url, kind, subpath)
    assert normalize_url(normal.url) is not None


def test_records_are_code_only_when_they_say_software() -> None:
    url = "https://zenodo.org/records/1234"
    assert zenodo_record(url) == "1234"
    assert zenodo_record("https://doi.org/10.5281/zenodo.77") == "77"
    assert zenodo_record("https://zenodo.org/communities/lab") is None
    assert is_code_link(LinkKind.ZENODO, url, "software")
    assert not is_code_link(LinkKind.ZENODO, url, "dataset")
    assert not is_code_link(LinkKind.ZENODO, url)
    assert is_code_link(LinkKind.SOFTWARE_HERITAGE, f"https://archive.softwareheritage.org/{SWHID}")
    origin = "https://archive.softwareheritage.org/browse/origin/?origin_url=https://gitlab.com/a/b"
    assert software_heritage_target(origin) == ("origin", "https://gitlab.com/a/b")


def test_a_swhid_in_prose_is_one_link_its_origin_qualifier_no_other() -> None:
    text = f"Archived as {SWHID};origin=https://github.com/lab/net;visit=swh:1:snp:{'0' * 40}."
    found = find_urls(text)
    assert [normalize_url(f.url).url for f in found] == [  # type: ignore[union-attr]
        f"https://archive.softwareheritage.org/{SWHID}"
    ]


def test_api_roots_come_from_the_environment_in_one_table() -> None:
    environ = {"ZENODO_API_URL": "http://127.0.0.1:9/api/", "SWH_TOKEN": " s3kr1t "}
    roots = api_roots_from(environ)
    assert roots["zenodo"] == "http://127.0.0.1:9/api"
    assert roots["swh"] == "https://archive.softwareheritage.org/api/1"
    assert roots.tokens == {"swh": "s3kr1t"}
    assert set(roots.roots) == set(API_ROOTS)
    assert "s3kr1t" not in repr(roots)
    defaults = ApiRoots()
    assert defaults["doi"] == "https://doi.org/api"
    assert defaults["huggingface"] == "https://huggingface.co/api"


def test_self_hosted_forges_only_when_configured(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[tool.paper-auditor.forges]\n"git.lab.example" = "gitlab"\n"code.uni.example" = "gitea"\n'
    )
    forges = load_forges(None, pyproject=pyproject)
    assert forges == {"git.lab.example": "gitlab", "code.uni.example": "forgejo"}
    hosted = self_hosted_forge("https://code.uni.example/team/net/src/branch/main", forges)
    assert hosted is not None
    assert (hosted.url, hosted.kind) == ("https://code.uni.example/team/net", LinkKind.FORGEJO)
    assert self_hosted_forge("https://other.example/team/net", forges) is None
    assert ApiRoots(forges=forges).urls()[-2:] == (
        "https://git.lab.example/api/v4",
        "https://code.uni.example/api/v1",
    )
    pyproject.write_text('[tool.paper-auditor.forges]\n"x.example" = "svn"\n')
    with pytest.raises(ForgeConfigError, match=r"forges\.x\.example must be one of"):
        load_forges(None, pyproject=pyproject)


@pytest.fixture
async def fetcher() -> AsyncIterator[Fetcher]:
    async with plain_fetcher() as plain:
        yield plain


def settings_for(server: LocalServer, **environ: str) -> Settings:
    environ = {
        "ZENODO_API_URL": server.url("/api"),
        "DOI_API_URL": server.url("/api"),
        "OSF_API_URL": server.url("/v2"),
        "SWH_API_URL": server.url("/api/1"),
        **environ,
    }
    return Settings(max_retries=0, retry_base_delay=0.0, api_roots=api_roots_from(environ))


async def test_deleted_records_unknown_dois_and_withdrawn_registrations_are_dead(
    fetcher: Fetcher,
) -> None:
    routes = {
        **zenodo_routes([ZenodoRecord(5, deleted=True)]),
        "/api/handles/10.9999/none": reply({"responseCode": 100, "handle": "10.9999/none"}, 404),
        "/v2/registrations/zz9zz/": reply(
            {"data": {"id": "zz9zz", "attributes": {"withdrawn": True}}}
        ),
    }
    with serve(routes) as server:
        forges = ForgeFacts(fetcher, settings_for(server))
        deleted = await forges.check("https://zenodo.org/records/5")
        missing = await forges.check("https://zenodo.org/records/6")
        doi = await forges.resolve_doi("10.9999/none")
        withdrawn = await forges.check("https://osf.io/zz9zz")
    assert deleted.check.outcome is Outcome.DEAD
    assert "deleted" in deleted.check.detail
    assert missing.check.outcome is Outcome.DEAD
    assert isinstance(doi, LinkCheck)
    assert doi.outcome is Outcome.DEAD
    assert withdrawn.check.outcome is Outcome.DEAD
    assert "withdrawn" in withdrawn.check.detail


async def test_a_token_goes_to_its_own_api_only(fetcher: Fetcher) -> None:
    routes = zenodo_routes([ZenodoRecord(7, files={"a.zip": "PK"})])
    with serve(routes) as zenodo, serve({}) as swh:
        settings = settings_for(zenodo, SWH_API_URL=swh.url("/api/1"), SWH_TOKEN="sekret")
        forges = ForgeFacts(fetcher, settings)
        await forges.check("https://zenodo.org/records/7")
        await forges.check(f"https://archive.softwareheritage.org/{SWHID}")
    assert all("authorization" not in seen.headers for seen in zenodo.requests)
    assert [seen.headers.get("authorization") for seen in swh.requests] == ["Bearer sekret"]


def dead_repositories(count: int) -> tuple[Paper, list[LinkResult]]:
    results = [
        LinkResult(
            Link(f"https://github.com/lab/gone{n}", LinkKind.GITHUB_REPO, ("p#1",)),
            LinkCheck(Outcome.DEAD, "not found", "2026-07-01T00:00:00Z", 404),
        )
        for n in range(count)
    ]
    paper = Paper("p#1", "P", None, None, SourceRef("p", 1), tuple(r.link.url for r in results))
    return paper, results


async def test_the_archives_stop_at_their_budget_and_say_so_once(
    fetcher: Fetcher,
) -> None:
    paper, results = dead_repositories(5)
    with serve({}) as swh, serve({}) as wayback:
        settings = settings_for(swh, WAYBACK_API_URL=wayback.url("/wayback/available"))
        settings = replace(settings, archive_requests=2)
        after = await after_verdicts(fetcher, settings, [paper], results, {}, deadline=None)
    assert len(swh.requests) == 2
    assert after.notes == (
        "Software Heritage: its request budget (2) was spent; 3 links were not looked up "
        "(verdicts unchanged)",
    )
    assert [r.check for r in after.results] == [r.check for r in results]


async def test_a_throttled_archive_is_not_asked_again(fetcher: Fetcher) -> None:
    paper, results = dead_repositories(4)
    limited = reply({"exception": "Throttled"}, 429, (("Retry-After", "3600"),))
    routes = {f"/api/1/origin/{r.link.url}/visit/latest/": limited for r in results}
    with serve(routes) as swh:
        after = await after_verdicts(
            fetcher, settings_for(swh), [paper], results, {}, deadline=None
        )
    assert len(swh.requests) == 1
    assert len(after.notes) == 1
    assert "answered 429" in after.notes[0]
    assert "4 links were not looked up" in after.notes[0]


HOSTS = Path(__file__).resolve().parents[1] / "auditor" / "hosts"


def _hosts_imports() -> dict[str, set[str]]:
    """Module of `auditor.hosts` → the modules of `auditor.hosts` it imports (type-checking
    imports included: a circle is one however it is written)."""
    graph: dict[str, set[str]] = {}
    for path in HOSTS.rglob("*.py"):
        parts = path.relative_to(HOSTS.parents[1]).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found: set[str] = set()
        for node in walked(parsed(path)):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[module] = {name for name in found if name.startswith("auditor.hosts")}
    return graph


def test_host_modules_import_in_one_direction() -> None:
    graph = _hosts_imports()
    # What every adapter shares never reaches into one adapter.
    for shared in ("adapter", "answers", "listing", "api"):
        assert not {m for m in graph[f"auditor.hosts.{shared}"] if "github" in m}, shared

    # And no module reaches itself back through others (as the archives and code search, now in
    # `auditor.enrich`, once did).
    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for target in graph.get(start, set()) - seen:
            if target == goal or reaches(target, goal, seen | {target}):
                return True
        return False

    circles = sorted(module for module in graph if reaches(module, module, set()))
    assert circles == []


async def test_archived_code_at_a_revision_records_it_as_the_commit_judged(
    fetcher: Fetcher,
) -> None:
    revision, directory = SWHID.rsplit(":", 1)[1], "d" * 40
    routes = {
        f"/api/1/resolve/{SWHID}/": reply(
            {"object_type": "revision", "object_id": revision, "browse_url": "x"}
        ),
        f"/api/1/revision/{revision}/": reply(
            {"id": revision, "directory": directory, "committer_date": "2026-02-20T09:00:00+00:00"}
        ),
        f"/api/1/directory/{directory}/": reply([]),
    }
    with serve(routes) as swh:
        found = await ForgeFacts(fetcher, settings_for(swh)).check(
            f"https://archive.softwareheritage.org/{SWHID}"
        )
    assert found.check.outcome is Outcome.OK
    assert found.facts is not None
    assert found.facts.commit == revision
