"""Certificate authorities of one's own (`--ca-bundle`, `SSL_CERT_FILE`, `SSL_CERT_DIR`;
auditor/net/tls.py): a local HTTPS server whose certificate no public CA signed is `blocked`
as today without them, `ok` with them, directly and through a proxy's CONNECT tunnel; a
bundle that cannot be used is one line and exit 2."""

from __future__ import annotations

import json
import os
import shutil
import ssl
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from auditor import cli
from auditor.config.settings import ProxyRoutes
from auditor.models import Outcome
from auditor.net import tls
from tests.support.checking import NetFactory, check
from tests.support.forward_proxy import forward_proxy
from tests.support.local_servers import LocalServer, Reply, serve


def _openssl(*args: str) -> str:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed")
    return subprocess.run([openssl, *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def own_ca(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A self-signed certificate for tls.test and 127.0.0.1 (cert.pem, key.pem), and a
    folder holding it under its OpenSSL hash name, as SSL_CERT_DIR wants."""
    folder = tmp_path_factory.mktemp("ca")
    cert, key = folder / "cert.pem", folder / "key.pem"
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
             "/CN=tls.test", "-addext", "subjectAltName=DNS:tls.test,IP:127.0.0.1",
             "-keyout", str(key), "-out", str(cert))  # fmt: skip
    digest = _openssl("x509", "-hash", "-noout", "-in", str(cert)).strip()
    (folder / "hashed").mkdir()
    shutil.copy(cert, folder / "hashed" / f"{digest}.0")
    return folder


@pytest.fixture
def tls_server(own_ca: Path) -> Iterator[LocalServer]:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(own_ca / "cert.pem", own_ca / "key.pem")
    with serve({"/": Reply(200)}, ssl_context=context) as server:
        yield server


@pytest.mark.parametrize("trusted", ["none", "file", "folder"])
async def test_a_bundle_of_ones_own_is_trusted(
    make_net: NetFactory, own_ca: Path, tls_server: LocalServer, trusted: str
) -> None:
    net = make_net(
        names={"tls.test": "127.0.0.1"},
        ca_file=own_ca / "cert.pem" if trusted == "file" else None,
        ca_dir=own_ca / "hashed" if trusted == "folder" else None,
    )
    result = await check(net, tls_server.url("/", host="tls.test"))
    if trusted == "none":
        assert result.outcome is Outcome.BLOCKED
        assert result.detail.startswith("TLS certificate rejected")
    else:
        assert result.outcome is Outcome.OK, result.detail


async def test_https_through_the_proxy_tunnel_with_ones_own_ca(
    make_net: NetFactory, own_ca: Path, tls_server: LocalServer
) -> None:
    with forward_proxy({"tls.test": "127.0.0.1"}) as proxy:
        net = make_net(
            names={"tls.test": "140.82.112.3"},
            allow_private=False,
            ca_file=own_ca / "cert.pem",
            proxies=ProxyRoutes(every=proxy.url),
        )
        result = await check(net, tls_server.url("/", host="tls.test"))
    assert result.outcome is Outcome.OK, result.detail
    assert proxy.targets() == [f"CONNECT tls.test:{tls_server.port}"]


def _audit(tmp_path: Path, url: str, *argv: str, environ: dict[str, str]) -> int:
    (tmp_path / "list.txt").write_text(f"We present FooNet, a model. Code: {url}\n")
    return cli.main(
        ["audit", str(tmp_path / "list.txt"), "--out", str(tmp_path / "out"), "--no-cache",
         "--no-rescue", "--allow-private", "--dns-canary", "localhost", "--timeout", "5",
         "--max-retries", "0", *argv],
        environ=environ,
    )  # fmt: skip


def _outcome(tmp_path: Path, url: str) -> str:
    card = json.loads((tmp_path / "out" / "scorecard.json").read_text(encoding="utf-8"))
    (link,) = [link for link in card["links"] if link["url"] == url]
    return str(link["outcome"])


@pytest.mark.parametrize(
    ("how", "outcome"), [("none", "blocked"), ("--ca-bundle", "ok"), ("SSL_CERT_FILE", "ok")]
)
def test_the_command_line_and_the_environment_name_the_bundle(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    own_ca: Path,
    tls_server: LocalServer,
    how: str,
    outcome: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    url = tls_server.url("/")
    bundle = str(own_ca / "cert.pem")
    argv = ("--ca-bundle", bundle) if how == "--ca-bundle" else ()
    environ = {"SSL_CERT_FILE": bundle} if how == "SSL_CERT_FILE" else {}
    _audit(tmp_path, url, *argv, environ=environ)
    assert _outcome(tmp_path, url) == outcome


@pytest.mark.parametrize(
    ("how", "words"),
    [
        ("--ca-bundle", "--ca-bundle: cannot use missing.pem: No such file or directory"),
        ("SSL_CERT_FILE", "SSL_CERT_FILE: cannot use missing.pem: No such file or directory"),
        ("config", "--ca-bundle: cannot use"),
        ("not-pem", "--ca-bundle: cannot use not.pem"),
    ],
)
def test_a_bundle_that_cannot_be_used_is_one_line_and_exit_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    how: str,
    words: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "not.pem").write_text("not a certificate\n")
    argv: tuple[str, ...] = ()
    environ: dict[str, str] = {}
    if how == "--ca-bundle":
        argv = ("--ca-bundle", "missing.pem")
    elif how == "SSL_CERT_FILE":
        environ = {"SSL_CERT_FILE": "missing.pem"}
    elif how == "config":
        (tmp_path / "pyproject.toml").write_text(
            '[tool.paper-auditor.network]\nca-bundle = "missing.pem"\n'
        )
    else:
        argv = ("--ca-bundle", "not.pem")
    code = _audit(tmp_path, "https://127.0.0.1:1/", *argv, environ=environ)
    err = capsys.readouterr().err
    assert code == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "out").exists()


def test_a_relative_bundle_in_the_configuration_is_relative_to_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, own_ca: Path, tls_server: LocalServer
) -> None:
    project = tmp_path / "project"
    (project / "certs").mkdir(parents=True)
    shutil.copy(own_ca / "cert.pem", project / "certs" / "corp.pem")
    (project / "audit.toml").write_text('[network]\nca-bundle = "certs/corp.pem"\n')
    monkeypatch.chdir(tmp_path)
    url = tls_server.url("/")
    _audit(tmp_path, url, "--config", str(project / "audit.toml"), environ={})
    assert _outcome(tmp_path, url) == "ok"


@pytest.mark.parametrize("how", ["--ca-bundle", "SSL_CERT_FILE"])
def test_a_fifo_as_the_bundle_is_refused_in_one_line_never_waited_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], how: str
) -> None:
    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "bundle.pem")
    argv = ("--ca-bundle", "bundle.pem") if how == "--ca-bundle" else ()
    environ = {"SSL_CERT_FILE": "bundle.pem"} if how == "SSL_CERT_FILE" else {}
    codes: list[int] = []

    def audit() -> None:
        codes.append(_audit(tmp_path, "https://127.0.0.1:1/", *argv, environ=environ))

    worker = threading.Thread(target=audit, daemon=True)
    worker.start()
    worker.join(20)
    assert codes == [2], "the audit waited on the FIFO"
    err = capsys.readouterr().err
    assert f"{how}: bundle.pem is not a regular file" in err
    assert len(err.strip().splitlines()) == 1, err


def test_ones_own_bundle_is_loaded_once_while_it_is_unchanged(tmp_path: Path, own_ca: Path) -> None:
    """The command line checks the bundle as it reads the settings and the run's network uses
    it: one load, not two; a bundle changed since is loaded again."""
    bundle = tmp_path / "corp.pem"
    shutil.copy(own_ca / "cert.pem", bundle)
    first = tls.verifying_context(bundle, None, named="--ca-bundle")
    assert tls.verifying_context(bundle, None) is first
    bundle.write_text(bundle.read_text() * 2)
    again = tls.verifying_context(bundle, None)
    assert again is not first
    assert again.cert_store_stats()["x509_ca"] == 1


_STORES = """
import ssl, sys
import auditor.net
from aiohttp import connector  # its two defaults, for a request given no context
stores = [connector._SSL_CONTEXT_VERIFIED, connector._SSL_CONTEXT_UNVERIFIED]
print(*[store.cert_store_stats()["x509_ca"] for store in stores])
print(ssl.create_default_context().cert_store_stats()["x509_ca"])
"""


def test_the_http_library_is_imported_without_reading_the_system_store() -> None:
    """aiohttp's import-time contexts (no pool of ours uses them) trust no authority, and the
    system store is read as before by any context made after."""
    environ = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])}
    fresh = "import ssl; print(ssl.create_default_context().cert_store_stats()['x509_ca'])"
    system = subprocess.run(
        [sys.executable, "-c", fresh], check=True, capture_output=True, text=True, env=environ
    ).stdout.strip()
    if system == "0":
        pytest.skip("no system certificate store to leave unread")
    printed = subprocess.run(
        [sys.executable, "-c", _STORES], check=True, capture_output=True, text=True, env=environ
    ).stdout.split("\n")
    assert printed[:2] == ["0 0", system]
