"""The GitHub token travels to the configured API host only, and is written nowhere: not in a
log record (DEBUG included), a report, the history, the cache, nor an exception's text; every
other host's token travels to its own API root only, and is written nowhere either."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from auditor import cli
from tests.support.fake_github import FakeGitHub, FakeRepo
from tests.support.fake_hosts import (
    bitbucket_routes,
    forgejo_routes,
    gitlab_routes,
    huggingface_routes,
    osf_routes,
)
from tests.support.local_servers import Reply, html, redirect, serve

TOKEN = "ghp_Leak7Canary_9f3e2d1c0b"


@pytest.fixture
def records() -> Iterator[list[logging.LogRecord]]:
    """Every log record created by any logger, whatever the handlers do with it."""
    seen: list[logging.LogRecord] = []
    factory = logging.getLogRecordFactory()

    def capture(*args: object, **kwargs: object) -> logging.LogRecord:
        record = factory(*args, **kwargs)
        seen.append(record)
        return record

    logging.setLogRecordFactory(capture)
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.DEBUG)  # aiohttp creates its DEBUG records too
    try:
        yield seen
    finally:
        logging.setLogRecordFactory(factory)
        root.setLevel(level)


def test_the_token_goes_to_the_api_host_only_and_is_written_nowhere(
    tmp_path: Path, records: list[logging.LogRecord], capfd: pytest.CaptureFixture[str]
) -> None:
    repos = [FakeRepo("acme/good", files={"README.md": "# Good\n", "x.py": ""})]
    with (
        FakeGitHub(repos, token=TOKEN) as github,
        serve(host="127.0.0.2") as elsewhere,
        serve() as pages,
    ):
        elsewhere.routes["/landing"] = html("<title>Elsewhere</title>")
        elsewhere.routes["/api-lookalike/graphql"] = Reply(200, b"{}")
        pages.routes["/project"] = html(
            "<title>Project</title><a href='https://github.com/acme/good'>code</a>"
        )
        pages.routes["/hop"] = redirect(elsewhere.url("/landing"), 301)
        # A page that redirects to a path shaped like the API's, on another host.
        pages.routes["/sneaky"] = redirect(elsewhere.url("/api-lookalike/graphql"))
        # GitHub echoes the token in an error the first time (as a misconfigured proxy might).
        github.script("/graphql", 200, {"errors": [{"message": f"bad credentials {TOKEN}"}]})
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            "A list\n\n"
            "We present GoodNet. Code: https://github.com/acme/good and "
            f"{pages.url('/project')}.\n\n"
            f"We present HopNet. See {pages.url('/hop')} and {pages.url('/sneaky')}.\n\n"
            "We present IssueNet. See https://github.com/acme/good/issues.\n",
            encoding="utf-8",
        )
        out = tmp_path / "out"
        cache = tmp_path / "cache"
        argv = ["audit", str(paper_list), "--out", str(out), "--allow-private", "127.0.0.0/8",
                "--github-api-url", github.url, "--cache-dir", str(cache), "--timeout", "5",
                "-vv", "--fail-on", "never"]  # fmt: skip
        code = cli.main(argv, environ={"GITHUB_TOKEN": TOKEN})
        code_again = cli.main(argv, environ={"GITHUB_TOKEN": TOKEN})  # with the cache filled

    assert code == code_again == cli.EXIT_OK
    # Requests: the token went with requests to the fake API, and only there.
    assert any(TOKEN in str(r.headers) for r in github.requests)
    for server in (pages, elsewhere):
        assert server.requests, "the pages were fetched"
        for request in server.requests:
            assert TOKEN not in str(request.headers)
            assert "authorization" not in request.headers
    # Logs, formatted with their exceptions; and whatever reached stdout and stderr.
    formatter = logging.Formatter("%(name)s %(message)s")
    assert records, "nothing was logged at DEBUG"
    for record in records:
        text = formatter.format(record)
        assert TOKEN not in text, text
    captured = capfd.readouterr()
    assert TOKEN not in captured.out + captured.err
    # Files: reports, history, cache.
    files = [path for folder in (out, cache) for path in folder.rglob("*") if path.is_file()]
    assert {path.name for path in files} >= {"scorecard.json", "summary.md", "index.html"}
    for path in files:
        assert TOKEN.encode() not in path.read_bytes(), path


# Every host's token (`config.API_ROOTS`), each long enough to be a secret.
HOST_TOKENS = {
    "GITLAB_TOKEN": "glpat-Leak7Canary-gitlab",
    "HF_TOKEN": "hf_Leak7Canary_huggingface",
    "BITBUCKET_TOKEN": "bb-Leak7Canary-bitbucket",
    "CODEBERG_TOKEN": "cb-Leak7Canary-codeberg",
    "OSF_TOKEN": "osf-Leak7Canary-osf",
}


def test_every_host_token_goes_to_its_own_api_root_only_and_is_written_nowhere(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Five APIs under one origin (a mirror serving them side by side, Hugging Face's `/api`
    holding GitLab's `/api/v4`): each request carries the token of the root it lies under, the
    most specific one, and no other; a file URL outside every root (the Hub's card) carries
    none. A token an API echoes into a description is scrubbed from every output."""
    readme = "# Net\n\n## Usage\n\n```python\nload()\n```\n"
    files = {"README.md": readme, "train.py": ""}
    echo = f"mirror echo {HOST_TOKENS['GITLAB_TOKEN']} {HOST_TOKENS['HF_TOKEN']}"
    routes = {
        **gitlab_routes("acme/glnet", readme, description=echo),
        **huggingface_routes("acme/hfnet", readme),
        **bitbucket_routes("acme/bbnet", files),
        **forgejo_routes("acme/cbnet", files, site="https://codeberg.org"),
        **osf_routes("ab3cd", category="software", files=["train.py"]),
    }
    with serve(routes) as mirror:
        roots = {
            "GITLAB_API_URL": "/api/v4",
            "HUGGINGFACE_API_URL": "/api",
            "BITBUCKET_API_URL": "/2.0",
            "CODEBERG_API_URL": "/api/v1",
            "OSF_API_URL": "/v2",
        }
        environ = {variable: mirror.url(path) for variable, path in roots.items()}
        paper_list = tmp_path / "papers.txt"
        paper_list.write_text(
            "A list\n\nWe present MirrorNet. Code: https://gitlab.com/acme/glnet, "
            "https://huggingface.co/acme/hfnet, https://bitbucket.org/acme/bbnet, "
            "https://codeberg.org/acme/cbnet and https://osf.io/ab3cd.\n",
            encoding="utf-8",
        )
        out = tmp_path / "out"
        argv = ["audit", str(paper_list), "--out", str(out), "--allow-private", "127.0.0.0/8",
                "--no-cache", "--no-rescue", "--timeout", "5", "-vv",
                "--fail-on", "never"]  # fmt: skip
        assert cli.main(argv, environ={**environ, **HOST_TOKENS}) == cli.EXIT_OK

    # The roots, the most specific first: a path lies under the first that holds it.
    under = [("/api/v4/", "GITLAB_TOKEN"), ("/api/v1/", "CODEBERG_TOKEN"), ("/api/", "HF_TOKEN"),
             ("/2.0/", "BITBUCKET_TOKEN"), ("/v2/", "OSF_TOKEN")]  # fmt: skip

    def token_for(path: str) -> str | None:
        return next((HOST_TOKENS[name] for root, name in under if path.startswith(root)), None)

    assert mirror.requests
    for request in mirror.requests:
        expected = token_for(request.path)
        sent = request.headers.get("authorization")
        assert sent == (f"Bearer {expected}" if expected else None), request.path
    assert any(request.path.endswith("/resolve/main/README.md") for request in mirror.requests)
    document = (out / "scorecard.json").read_text()
    assert "mirror echo [token] [token]" in document
    captured = capfd.readouterr()
    written = [path.read_bytes() for path in out.rglob("*") if path.is_file()]
    for token in HOST_TOKENS.values():
        assert token not in captured.out + captured.err
        for data in written:
            assert token.encode() not in data
