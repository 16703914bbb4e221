"""The guard without side doors, end to end: the configured API roots are trusted for API
requests only (never for a paper link or a redirect to the same host); cached verdicts never
cross to a stricter network policy; names a list writes never steer an API request; the token
reads repositories only, its source is named once at -v, and no output carries it; a private
mirror of any API root is trusted like the root itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auditor import cli
from auditor import scorecard as documents
from auditor.check.cache import policy_covers
from auditor.config.settings import Settings
from auditor.hosts.github.rest import other_target
from auditor.links import github_page
from auditor.models import LinkKind, Outcome
from tests.support.audit_world import repositories
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.fake_hosts import huggingface_routes, wayback_routes
from tests.support.local_servers import Reply, html, redirect, serve
from tests.support.scorecards import paper, result, scorecard

TOKEN = "ghp_sideDoorToken0123456789"
SECRET_TITLE = "Payroll admin console"


def _audit(paper_list: Path, out: Path, *extra: str, environ: dict[str, str]) -> int:
    return cli.main(
        ["audit", str(paper_list), "--out", str(out), "--dns-canary", "localhost",
         "--timeout", "5", "--fail-on", "never", *extra],
        environ=environ,
    )  # fmt: skip


def _dead_scorecard(folder: Path) -> Path:
    card = scorecard(
        [(paper(), [result("https://lab.test/x", LinkKind.WEB, outcome=Outcome.DEAD)])]
    )
    path = folder / "scorecard.json"
    path.write_text(documents.dumps(card))
    return path


def _reports(out: Path) -> str:
    return "".join(
        (out / name).read_text() for name in ("scorecard.json", "summary.md", "index.html")
    )


def test_the_api_root_opens_no_door_to_its_host_or_its_network(tmp_path: Path) -> None:
    """GITHUB_API_URL on loopback (as Actions sets it on an Enterprise server): the API answers,
    but paper links to its host, to another port of it, and redirects there stay refused."""
    with (
        FakeGitHub(repositories(), token=TOKEN) as github,
        serve({"/admin": html(f"<title>{SECRET_TITLE}</title>")}) as intranet,
        serve({"/go": redirect(f"{github.url}/")}, host="127.0.0.2") as elsewhere,
    ):
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            "A list\n\n"
            "We present GoodNet, a network. Code: https://github.com/acme/goodnet.\n\n"
            f"We present AdminNet, a method. Project page: {intranet.url('/admin')}.\n\n"
            f"We present ApiNet, a method. Project page: {github.url}/rate_limit.\n\n"
            f"We present HopNet, a method. Project page: {elsewhere.url('/go')}.\n",
            encoding="utf-8",
        )
        out = tmp_path / "out"
        environ = {"GITHUB_TOKEN": TOKEN, "GITHUB_API_URL": github.url}
        # Only the redirecting server's address is allowed: the hop to the API is not.
        allowed = ("--allow-private", "127.0.0.2/32")
        assert _audit(paper_list, out, "--no-cache", *allowed, environ=environ) == cli.EXIT_OK
        document = json.loads((out / "scorecard.json").read_text())
        outcomes = {link["url"]: link["outcome"] for link in document["links"]}
        assert outcomes["https://github.com/acme/goodnet"] == "ok"  # the API itself works
        assert outcomes[intranet.url("/admin")] == "excluded"
        assert outcomes[f"{github.url}/rate_limit"] == "excluded"
        assert outcomes[elsewhere.url("/go")] == "excluded"
        assert intranet.requests == []
        assert elsewhere.seen("/go") == ["GET"]  # followed to its redirect, which is refused
        assert SECRET_TITLE not in _reports(out)
        asked = [request.path for request in github.requests]
        assert "/rate_limit" not in asked
        assert "/" not in asked


def test_a_cached_verdict_never_reaches_a_stricter_run(tmp_path: Path) -> None:
    with serve({"/admin": html(f"<title>{SECRET_TITLE}</title>")}) as intranet:
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            f"A list\n\nWe present AdminNet, a method. Project page: {intranet.url('/admin')}.\n",
            encoding="utf-8",
        )
        cache = str(tmp_path / "cache")
        first, second = tmp_path / "first", tmp_path / "second"
        _audit(paper_list, first, "--cache-dir", cache, "--allow-private", environ={})
        assert SECRET_TITLE in (first / "scorecard.json").read_text()
        _audit(paper_list, second, "--cache-dir", cache, environ={})
    document = json.loads((second / "scorecard.json").read_text())
    assert document["links"][0]["outcome"] == "excluded"
    assert SECRET_TITLE not in _reports(second)


@pytest.mark.parametrize(
    ("current", "stored", "reused"),
    [
        ("public", "public", True),
        ("private", "public", True),
        ("public", "private", False),
        ("public", "private:127.0.0.0/8", False),
        ("private:10.0.0.0/8", "private:10.1.0.0/16", True),
        ("private:10.1.0.0/16", "private:10.0.0.0/8", False),
        ("private:10.0.0.0/8", "private", False),
        ("private", "private:10.0.0.0/8", True),
    ],
)
def test_cached_verdicts_are_reused_under_the_same_or_a_wider_policy(
    current: str, stored: str, reused: bool
) -> None:
    assert policy_covers(current, stored) is reused


@pytest.mark.parametrize(
    "url",
    [
        "https://github.com/../user",
        "https://github.com/%2e%2e/user",
        "https://github.com/acme/goodnet/blob/main/../../../../user",
        "https://github.com/acme/goodnet/blob/main/a%2F..%2F..%2F..%2Fuser",
        "https://github.com/acme/goodnet/releases/tag/..",
        "https://gist.github.com/acme/..",
        "https://gist.github.com/acme/%2e%2e%2fuser",
    ],
)
def test_no_name_a_list_writes_steers_an_api_request(url: str) -> None:
    assert github_page(url) is None
    assert other_target(url, Settings()) is None


def test_the_token_reads_repositories_only(tmp_path: Path) -> None:
    with FakeGitHub(repositories(), token=TOKEN) as github:
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            "A list\n\nWe present GoodNet. Code: https://github.com/acme/goodnet and "
            "https://github.com/acme and https://gist.github.com/acme/0123abcd.\n",
            encoding="utf-8",
        )
        environ = {"GITHUB_TOKEN": TOKEN}
        _audit(paper_list, tmp_path / "out", "--no-cache", "--github-api-url", github.url,
               "--allow-private", "127.0.0.0/8", environ=environ)  # fmt: skip
    asked = {request.path.split("?")[0] for request in github.requests}
    assert {"/users/acme", "/gists/0123abcd", "/graphql"} <= asked
    for request in github.requests:
        sent = any(key.lower() == "authorization" for key in request.headers)
        reads = request.path.startswith(("/graphql", "/repos/", "/repositories/", "/rate_limit"))
        assert reads or not sent, request.path


def test_the_token_source_is_named_once_at_verbose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paper_list = tmp_path / "papers.txt"
    paper_list.write_text("A list\n\nWe present NoCodeNet, a theory paper.\n", encoding="utf-8")
    cli.main(
        ["audit", str(paper_list), "--out", str(tmp_path / "o"), "--no-cache", "-v"],
        environ={"GH_TOKEN": TOKEN},
    )
    err = capsys.readouterr().err
    assert err.count("GitHub token: from GH_TOKEN") == 1
    assert TOKEN not in err


def test_a_token_no_header_can_carry_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paper_list = tmp_path / "papers.txt"
    paper_list.write_text("A list\n\nWe present NoCodeNet, a theory paper.\n", encoding="utf-8")
    code = cli.main(
        ["audit", str(paper_list), "--out", str(tmp_path / "o"), "--no-cache"],
        environ={"GITHUB_TOKEN": "tökén-with-ümlauts"},
    )
    assert code == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert "GITHUB_TOKEN" in err
    assert "tökén" not in err
    assert len(err.strip().splitlines()) == 1


def test_auditor_issue_scrubs_a_token_the_api_echoes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _dead_scorecard(tmp_path)
    echo = Reply(401, json.dumps({"message": f"Bad credentials: {TOKEN}"}).encode())
    with serve({"/repos/acme/lists/issues": echo}) as api:
        code = cli.main(
            ["issue", str(path), "--repository", "acme/lists"],
            environ={"GITHUB_TOKEN": TOKEN, "GITHUB_API_URL": api.url("")},
        )
    captured = capsys.readouterr()
    assert code == cli.EXIT_USAGE
    assert TOKEN not in captured.err + captured.out
    assert "[token]" in captured.err


def test_a_non_json_success_answer_to_auditor_issue_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _dead_scorecard(tmp_path)
    with serve({"/repos/acme/lists/issues": Reply(200, b"<html>a proxy page</html>")}) as api:
        code = cli.main(
            ["issue", str(path), "--repository", "acme/lists"],
            environ={"GITHUB_TOKEN": TOKEN, "GITHUB_API_URL": api.url("")},
        )
    assert code == cli.EXIT_USAGE
    assert "not JSON" in capsys.readouterr().err


@pytest.mark.parametrize("token", [TOKEN, None], ids=["graphql", "rest"])
def test_a_private_repository_the_token_can_read_gives_nothing_away(
    tmp_path: Path, token: str | None
) -> None:
    secret = FakeRepo(
        "acme/secret",
        files={"README.md": "# Payroll exporter\n\nInternal only.\n", "payroll.py": ""},
        description="Payroll exporter for the finance team",
        private=True,
    )
    with FakeGitHub([secret], token=TOKEN) as github:
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            "A list\n\nWe present SecretNet. Code: https://github.com/acme/secret.\n",
            encoding="utf-8",
        )
        out = tmp_path / "out"
        environ = {"GITHUB_TOKEN": token} if token else {}
        _audit(paper_list, out, "--no-cache", "--github-api-url", github.url,
               "--allow-private", "127.0.0.0/8", environ=environ)  # fmt: skip
    document = json.loads((out / "scorecard.json").read_text())
    (link,) = document["links"]
    assert link["outcome"] == "blocked"
    assert "private repository" in link["detail"]
    reports = _reports(out)
    for secret_text in ("Payroll exporter", "payroll.py", "Internal only"):
        assert secret_text not in reports


def test_a_private_mirror_of_the_hub_is_trusted_like_its_api_root(tmp_path: Path) -> None:
    """HUGGINGFACE_API_URL on an internal host, no `--allow-private`: the card the adapter reads
    from the mirror's file URLs (outside `/api`) is trusted like the API root itself."""
    card = "# Mirrored\n\n## Usage\n\n```python\nload()\n```\n"
    with serve(huggingface_routes("acme/mirrored", card)) as mirror:
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            "A list\n\nWe present MirrorNet. Weights: https://huggingface.co/acme/mirrored.\n",
            encoding="utf-8",
        )
        out = tmp_path / "out"
        environ = {"HUGGINGFACE_API_URL": mirror.url("/api")}
        assert _audit(paper_list, out, "--no-cache", "--no-rescue", environ=environ) == 0
        assert mirror.seen("/acme/mirrored/resolve/main/README.md") == ["GET"]
    (link,) = json.loads((out / "scorecard.json").read_text())["links"]
    assert link["outcome"] == "ok"
    assert link["repo"]["readme_covers"] == ["usage"]


@pytest.mark.parametrize("root", ["/wayback/available", ""], ids=["endpoint", "no-path"])
def test_a_private_wayback_mirror_is_trusted_like_its_api_root(tmp_path: Path, root: str) -> None:
    """WAYBACK_API_URL on an internal host, as the endpoint itself or without a path: asked
    with `?url=…`, it is trusted like any API root; the dead page (on the one address the run
    allows) gets its archived copy."""
    with (
        serve({"/gone": html("<h1>Not Found</h1>", status=404)}, host="127.0.0.2") as web,
        serve() as archive,
    ):
        page = web.url("/gone")
        archive.routes[root or "/"] = wayback_routes({page: "20260310120000"})["/wayback/available"]
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            f"A list\n\nWe present GoneNet, a method. Project page: {page}.\n", encoding="utf-8"
        )
        out = tmp_path / "out"
        environ = {"WAYBACK_API_URL": archive.url(root)}
        _audit(paper_list, out, "--no-cache", "--allow-private", "127.0.0.2/32", environ=environ)
        assert archive.requests
    (link,) = json.loads((out / "scorecard.json").read_text())["links"]
    assert link["outcome"] == "dead"
    assert link["archived_copy"]["archive"] == "wayback"
