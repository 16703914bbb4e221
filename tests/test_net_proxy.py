"""Proxies (`--proxy`, `--proxy-from-env`) through a real forward proxy on 127.0.0.1
(tests/support/forward_proxy.py), and what the address guard still checks there
(auditor/net/proxy.py): the proxy's own loopback address is allowed, a link's host is checked
before the request goes to the proxy, on every hop, and no token or credential goes where it
should not."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from auditor import cli
from auditor.config.settings import ProxyRoutes, Settings
from auditor.models import Outcome
from tests.support.checking import NetFactory, check
from tests.support.forward_proxy import forward_proxy
from tests.support.local_servers import BrokenDNS, Reply, redirect, serve

# Our DNS's answer for a link's host: a public address, never connected to (the proxy, which
# resolves the name itself, connects to the local server instead).
PUBLIC = "140.82.112.3"


async def test_a_link_is_checked_through_the_proxy(make_net: NetFactory) -> None:
    with serve({"/code": Reply(200)}) as origin, forward_proxy({"lab.test": "127.0.0.1"}) as proxy:
        net = make_net(
            names={"lab.test": PUBLIC},
            allow_private=False,  # the proxy's own loopback address needs no --allow-private
            proxies=ProxyRoutes(every=proxy.url),
        )
        result = await check(net, origin.url("/code", host="lab.test"))
    assert result.outcome is Outcome.OK, result.detail
    assert proxy.targets() == [f"HEAD http://lab.test:{origin.port}/code"]
    assert origin.seen("/code") == ["HEAD"]


@pytest.mark.parametrize("allow_private", [False, True])
async def test_a_loopback_target_is_refused_before_the_proxy(
    make_net: NetFactory, allow_private: bool
) -> None:
    with serve({"/": Reply(200)}) as origin, forward_proxy({"evil.test": "127.0.0.1"}) as proxy:
        net = make_net(
            names={"evil.test": "127.0.0.1"},
            allow_private=allow_private,
            proxies=ProxyRoutes(every=proxy.url),
        )
        result = await check(net, origin.url("/", host="evil.test"))
    if allow_private:
        assert result.outcome is Outcome.OK, result.detail
        assert len(proxy.requests) == 1
    else:
        assert result.outcome is Outcome.EXCLUDED
        assert result.detail.startswith("evil.test resolves to a private or reserved address")
        assert proxy.requests == []
        assert origin.requests == []


async def test_every_redirect_hop_is_checked_before_the_proxy(make_net: NetFactory) -> None:
    hosts = {"lab.test": "127.0.0.1", "evil.test": "127.0.0.1"}
    with serve({"/": Reply(200)}) as origin, forward_proxy(hosts) as proxy:
        origin.routes["/go"] = redirect(origin.url("/", host="evil.test"))
        net = make_net(
            names={"lab.test": PUBLIC, "evil.test": "127.0.0.1"},
            allow_private=False,
            proxies=ProxyRoutes(every=proxy.url),
        )
        result = await check(net, origin.url("/go", host="lab.test"))
    assert result.outcome is Outcome.EXCLUDED, result.detail
    assert [hop.status for hop in result.redirects] == [302]
    assert proxy.targets() == [f"HEAD http://lab.test:{origin.port}/go"]


async def test_proxy_credentials_go_to_the_proxy_only_and_no_token_at_all(
    make_net: NetFactory,
) -> None:
    token = "ghp_PROXYTESTTOKEN0123456789abcdef"
    with serve({"/": Reply(200)}) as origin, forward_proxy({"lab.test": "127.0.0.1"}) as proxy:
        net = make_net(
            names={"lab.test": PUBLIC},
            allow_private=False,
            github_token=token,
            proxies=ProxyRoutes(every=f"http://user:s3cret-pass@127.0.0.1:{proxy.port}"),
        )
        result = await check(net, origin.url("/", host="lab.test"))
    assert result.outcome is Outcome.OK, result.detail
    (seen,) = proxy.requests
    assert seen.headers["Proxy-Authorization"].startswith("Basic ")
    assert "Authorization" not in seen.headers
    assert not any(token in value for value in seen.headers.values())
    (reached,) = origin.requests
    assert not any(name.lower().endswith("authorization") for name in reached.headers)


async def test_an_unreachable_proxy_is_unchecked_never_dead(make_net: NetFactory) -> None:
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens there
    net = make_net(
        names={"lab.test": PUBLIC},
        allow_private=False,
        max_retries=0,
        proxies=ProxyRoutes(every=f"http://127.0.0.1:{port}"),
    )
    result = await check(net, "http://lab.test/code")
    assert result.outcome is Outcome.UNCHECKED, result.detail
    assert result.detail.startswith(f"not checked: the proxy 127.0.0.1:{port} could not be reached")


# --- our DNS does not resolve public names: only the proxy does -------------------------------


async def test_names_our_dns_cannot_check_are_not_sent_to_the_proxy(make_net: NetFactory) -> None:
    hosts = {"lab.example.org": "127.0.0.1"}
    with serve({"/": Reply(200)}) as origin, forward_proxy(hosts) as proxy:
        net = make_net(
            resolver=BrokenDNS(), allow_private=False, proxies=ProxyRoutes(every=proxy.url)
        )
        result = await check(net, origin.url("/", host="lab.example.org"))
    assert result.outcome is Outcome.UNCHECKED
    assert "the address guard cannot check them before the proxy connects" in result.detail
    assert proxy.requests == []


async def test_with_the_guard_off_the_proxy_resolves_what_our_dns_cannot(
    make_net: NetFactory,
) -> None:
    dns = BrokenDNS()
    hosts = {"lab.example.org": "127.0.0.1"}
    with serve({"/": Reply(200)}) as origin, forward_proxy(hosts) as proxy:
        net = make_net(resolver=dns, allow_private=True, proxies=ProxyRoutes(every=proxy.url))
        result = await check(net, origin.url("/", host="lab.example.org"))
    assert result.outcome is Outcome.OK, result.detail
    assert proxy.targets() == [f"HEAD http://lab.example.org:{origin.port}/"]
    assert "lab.example.org" not in dns.lookups  # the canary only: the proxy resolved the name


# --- which requests go through which proxy ----------------------------------------------------


def test_environment_proxies_by_scheme_with_no_proxy_exceptions() -> None:
    routes = ProxyRoutes.from_environment(
        {
            "HTTPS_PROXY": "http://secure.proxy:3128",
            "ALL_PROXY": "http://any.proxy:8080",
            "NO_PROXY": "intranet.corp, .lab.test,10.0.0.7",
        }
    )
    assert routes.proxy_for("https", "github.com") == "http://secure.proxy:3128"
    assert routes.proxy_for("http", "github.com") == "http://any.proxy:8080"
    assert routes.proxy_for("https", "intranet.corp") is None
    assert routes.proxy_for("https", "git.intranet.corp") is None
    assert routes.proxy_for("https", "notintranet.corp") == "http://secure.proxy:3128"
    assert routes.proxy_for("http", "wiki.lab.test") is None
    assert routes.proxy_for("http", "10.0.0.7") is None
    assert (
        ProxyRoutes.from_environment({"NO_PROXY": "*", "HTTP_PROXY": "http://p:1"}).proxy_for(
            "http", "anything"
        )
        is None
    )
    assert ProxyRoutes(every="http://p:1").proxy_for("https", "intranet.corp") == "http://p:1"


def _settings(*argv: str, environ: dict[str, str] | None = None) -> Settings:
    args = cli.build_parser().parse_args(["audit", "list.md", *argv])
    return cli.settings_from(args, environ or {})


def test_environment_proxies_are_used_only_when_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # no pyproject.toml of ours
    environ = {"HTTPS_PROXY": "http://ci.proxy:3128"}
    assert not _settings(environ=environ).proxies
    routes = _settings("--proxy-from-env", environ=environ).proxies
    assert routes.proxy_for("https", "github.com") == "http://ci.proxy:3128"
    given = _settings("--proxy", "http://mine:1", "--proxy-from-env", environ=environ)
    assert given.proxies.proxy_for("https", "github.com") == "http://mine:1"


def test_the_configuration_file_names_a_proxy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.paper-auditor.network]\nproxy = "http://proxy.corp:3128"\n'
    )
    routes = _settings().proxies
    assert routes.proxy_for("https", "github.com") == "http://proxy.corp:3128"
    assert _settings("--proxy", "https://other:8443").proxies.every == "https://other:8443"


@pytest.mark.parametrize(
    ("argv", "config", "words"),
    [
        (["--proxy", "socks5://p:1080"], "", "--proxy: must be an http:// or https:// URL"),
        (["--proxy", "http://p:3128/path"], "", "--proxy: a proxy URL has no path"),
        ([], 'proxy = "ftp://p"', "network.proxy: must be an http:// or https:// URL"),
        ([], "proxy-from-env = 1", "network.proxy-from-env must be true or false"),
        ([], "proxi = 'http://p:1'", "unknown network setting 'proxi'; did you mean 'proxy'?"),
    ],
)
def test_a_bad_proxy_is_one_line_and_exit_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    config: str,
    words: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "list.md").write_text("https://github.com/a/b\n")
    (tmp_path / "pyproject.toml").write_text(f"[tool.paper-auditor.network]\n{config}\n")
    code = cli.main(["audit", "list.md", "--no-cache", *argv], environ={})
    err = capsys.readouterr().err
    assert code == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "reports").exists()


# --- a proxy's own answers, and `auditor issue` -------------------------------------------------


def _audit_through(proxy_url: str, papers: Path, out: Path) -> int:
    return cli.main(
        ["audit", str(papers), "--out", str(out), "--proxy", proxy_url, "--allow-private",
         "--dns-canary", "localhost", "--no-cache", "--max-retries", "0", "--fail-on", "dead"],
        environ={},
    )  # fmt: skip


def _outcomes(out: Path) -> dict[str, tuple[str, str]]:
    card = json.loads((out / "scorecard.json").read_text())
    return {link["url"]: (link["outcome"], link["detail"]) for link in card["links"]}


def test_a_proxys_own_error_answer_is_never_taken_for_the_links(tmp_path: Path) -> None:
    with (
        serve({"/gone": Reply(404), "/code": Reply(200)}) as origin,
        forward_proxy({"lab.test": "127.0.0.1"}) as proxy,
        serve({}) as no_proxy,  # a web server named as the proxy: 404 to every request
    ):
        gone, code = origin.url("/gone", host="lab.test"), origin.url("/code", host="lab.test")
        unknown = "http://nowhere.test/code"  # the proxy cannot resolve it: its own 502
        papers = tmp_path / "papers.md"
        papers.write_text(
            f"# List\n\n- **GoneNet.** Code: {gone}\n- **CodeNet.** Code: {code}\n"
            f"- **LostNet.** Code: {unknown}\n"
        )

        # The origin's 404, forwarded (with `Via`), is the link's; the proxy's own 502 is not.
        assert _audit_through(proxy.url, papers, tmp_path / "r") == cli.EXIT_FINDINGS
        found = _outcomes(tmp_path / "r")
        assert found[gone][0] == "dead"
        assert found[code][0] == "ok"
        assert found[unknown] == (
            "unchecked",
            f"not checked: the proxy 127.0.0.1:{proxy.port} answered 502 itself (not forwarded "
            "from the link's server)",
        )

        # A server that is no proxy answers 404 to all: no link is dead for it.
        assert _audit_through(no_proxy.url(""), papers, tmp_path / "s") == (
            cli.EXIT_NOTHING_CHECKED
        )
        assert {outcome for outcome, _ in _outcomes(tmp_path / "s").values()} == {"unchecked"}
        assert len(origin.seen("/gone")) == 1  # asked once, through the real proxy


def test_the_tracking_issue_goes_through_a_proxy_only_when_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    token = "ghp_ISSUEPROXYTOKEN0123456789abcdef"
    api_routes = {
        "GET /repos/acme/lists/issues": Reply(200, b"[]"),
        "POST /repos/acme/lists/labels": Reply(201, b"{}"),
        "POST /repos/acme/lists/issues": Reply(201, b'{"number": 7}'),
    }
    with (
        serve({"/gone": Reply(404)}) as web,
        serve(api_routes) as api,  # type: ignore[arg-type]
        forward_proxy({"127.0.0.1": "127.0.0.1"}) as proxy,
    ):
        papers = tmp_path / "papers.md"
        papers.write_text(f"# List\n\n- **GoneNet.** Code: {web.url('/gone')}\n")
        out = tmp_path / "r"
        audit = ["audit", str(papers), "--out", str(out), "--allow-private", "127.0.0.0/8",
                 "--dns-canary", "localhost", "--no-cache"]  # fmt: skip
        assert cli.main(audit, environ={}) == cli.EXIT_FINDINGS
        # An HTTP client may read the process's environment itself: the variables are set there.
        for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
            monkeypatch.setenv(name, proxy.url)
        environ = {"GITHUB_TOKEN": token, "GITHUB_API_URL": api.url(""), "HTTP_PROXY": proxy.url}
        issue = ["issue", str(out / "scorecard.json"), "--repository", "acme/lists"]

        assert cli.main(issue, environ=environ) == cli.EXIT_OK
        assert proxy.requests == []  # the token went straight to the API
        assert api.seen("/repos/acme/lists/issues") == ["GET", "POST"]

        assert cli.main([*issue, "--proxy-from-env"], environ=environ) == cli.EXIT_OK
        assert proxy.targets()[0].startswith(f"GET {api.url('/repos/acme/lists/issues')}")
