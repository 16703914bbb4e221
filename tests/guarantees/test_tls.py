"""TLS failures against local TLS servers. The rule (docs/guarantees.md): a certificate the
client rejects (untrusted, expired, another host's) is `blocked` with the verifier's reason in
the detail, "TLS certificate rejected (…)"; it is never `dead`, since the site may be fine
for browsers that trust it. Any other handshake failure is `transient`. The self-signed case
is in tests/end_to_end/test_checker.py::test_untrusted_certificate_is_blocked."""

from __future__ import annotations

import shutil
import socket
import ssl
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import certifi
import pytest

from auditor.models import Outcome
from tests.support.checking import DOI, NetFactory, check
from tests.support.local_servers import Reply, serve

CA_CONFIG = """
[ca]
default_ca = local
[local]
database = {dir}/index.txt
new_certs_dir = {dir}
serial = {dir}/serial
default_md = sha256
policy = anything
copy_extensions = copy
unique_subject = no
[anything]
commonName = supplied
"""


def _openssl(*args: str) -> None:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed")
    subprocess.run([openssl, *args], check=True, capture_output=True)


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A local CA and three leaf certificates it signed: good, expired, for another host."""
    folder = tmp_path_factory.mktemp("pki")
    (folder / "index.txt").write_text("")
    (folder / "serial").write_text("01\n")
    (folder / "ca.cnf").write_text(CA_CONFIG.format(dir=folder))
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
             "/CN=Local Test CA", "-keyout", str(folder / "ca.key"),
             "-out", str(folder / "ca.pem"))  # fmt: skip
    leaves = {
        "good": ("tls.test", "20200101000000Z", "20991231000000Z"),
        "expired": ("tls.test", "20200101000000Z", "20200201000000Z"),
        "other": ("other.test", "20200101000000Z", "20991231000000Z"),
    }
    for name, (host, start, end) in leaves.items():
        key, request = folder / f"{name}.key", folder / f"{name}.csr"
        _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={host}",
                 "-addext", f"subjectAltName=DNS:{host}", "-keyout", str(key),
                 "-out", str(request))  # fmt: skip
        _openssl("ca", "-batch", "-config", str(folder / "ca.cnf"), "-cert", str(folder / "ca.pem"),
                 "-keyfile", str(folder / "ca.key"), "-startdate", start, "-enddate", end,
                 "-in", str(request), "-out", str(folder / f"{name}.pem"))  # fmt: skip
    return folder


@pytest.fixture
def trust_local_ca(pki: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The run's client trusts the local CA (instead of the system's), as it would a real one."""

    monkeypatch.setattr(certifi, "where", lambda: str(pki / "ca.pem"))


def _server_context(pki: Path, name: str) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(pki / f"{name}.pem", pki / f"{name}.key")
    return context


@pytest.mark.parametrize(
    ("leaf", "outcome", "words"),
    [
        ("good", Outcome.OK, "200 OK"),
        ("expired", Outcome.BLOCKED, "TLS certificate rejected (certificate has expired)"),
        ("other", Outcome.BLOCKED, "TLS certificate rejected (Hostname mismatch"),
    ],
)
@pytest.mark.usefixtures("trust_local_ca")
async def test_certificate_errors_are_blocked_never_dead(
    make_net: NetFactory, pki: Path, leaf: str, outcome: Outcome, words: str
) -> None:
    with serve({"/": Reply(200)}, ssl_context=_server_context(pki, leaf)) as server:
        net = make_net(names={"tls.test": "127.0.0.1"})
        result = await check(net, server.url("/", host="tls.test"))
    assert result.outcome is outcome, result.detail
    assert result.detail.startswith(words)


@pytest.fixture
def not_tls() -> Iterator[int]:
    """A port that accepts and answers TLS ClientHellos with plain-text garbage."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    stop = threading.Event()

    def serve_forever() -> None:
        sock.settimeout(0.1)
        while not stop.is_set():
            try:
                connection, _ = sock.accept()
            except OSError:
                continue
            with connection:
                connection.recv(4096)
                connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")

    thread = threading.Thread(target=serve_forever, daemon=True)
    thread.start()
    yield sock.getsockname()[1]
    stop.set()
    thread.join(5)
    sock.close()


async def test_a_failed_handshake_is_transient(make_net: NetFactory, not_tls: int) -> None:
    net = make_net(names={"tls.test": "127.0.0.1"}, max_retries=0)
    result = await check(net, f"https://tls.test:{not_tls}/")
    assert result.outcome is Outcome.TRANSIENT, result.detail
    assert result.detail.startswith("TLS handshake failed")


async def test_plain_http_spoken_to_an_https_link_is_transient(make_net: NetFactory) -> None:
    with serve({"/": Reply(200)}) as server:
        net = make_net(names={"tls.test": "127.0.0.1"}, max_retries=0)
        result = await check(net, f"https://tls.test:{server.port}/", DOI)
    assert result.outcome is Outcome.TRANSIENT, result.detail
    assert "TLS" in result.detail or "protocol" in result.detail
