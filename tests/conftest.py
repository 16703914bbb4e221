"""Shared test setup: no test sees the developer's GitHub token or Actions environment, and no
test's audit resolves a name beyond this machine."""

from __future__ import annotations

import functools
import gc
import ipaddress
import logging
import os
import socket
import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path

import certifi
import pytest
from hypothesis import settings

from auditor import redact
from auditor.net import client, guard, tls
from tests.support import run_start

# Property tests prove what holds, not how fast: on a loaded machine (two workers on two cores)
# hypothesis's 200 ms deadline per example fails them for the time, never for the property.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

_SCHEMA_BUILDER = pytest.StashKey[subprocess.Popen[bytes] | None]()

# Fixtures shared by several test modules (`make_net`).
pytest_plugins = ["tests.support.checking"]


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the first process of the run, before any worker
        config.stash[_SCHEMA_BUILDER] = run_start.prepare(config, pytest_plugins)


def pytest_unconfigure(config: pytest.Config) -> None:
    run_start.finish(config.stash.get(_SCHEMA_BUILDER, None))


def pytest_collection_finish(session: pytest.Session) -> None:
    """What the collection made (the modules, every test item and its parameters) lives to the
    end of the run: frozen out of the garbage collector's passes, which walked it all again in
    each (a third of the collector's CPU in the unit tests: 2.9 s -> 2.0 s over 1,267 tests)."""
    gc.collect()
    gc.freeze()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: a worker more than the cores. Many tests wait (deadlines, timeouts, a
    subprocess, a browser page): one worker per core left the cores idle a third of the time,
    while two per core made the tests that time an answer miss their timeouts."""
    return (os.cpu_count() or 1) + 1


_OUTSIDE_VARIABLES = (
    "GITHUB_TOKEN",
    "GH_TOKEN",
    "GITHUB_API_URL",
    "GITHUB_GRAPHQL_URL",
    "GITHUB_SERVER_URL",
    "GITHUB_ACTIONS",
    "GITHUB_STEP_SUMMARY",
    "GITHUB_OUTPUT",
    "NO_COLOR",
)


async def _loopback_names_only(host: str, port: int) -> list[str]:
    """The resolver of every audit a test runs in its process: an address or `localhost` as
    the system resolves it; any other name does not exist, at once, as on a machine without
    DNS, so no test asks a DNS server beyond this machine. A test giving names addresses
    patches `client.system_resolver` itself (`FakeDNS`)."""
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        if host.lower().rstrip(".") != "localhost":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known") from None
    return await guard.system_resolver(host, port)


@pytest.fixture(autouse=True)
def loopback_dns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client, "system_resolver", _loopback_names_only)


@functools.cache
def _certifi_context(bundle: str) -> ssl.SSLContext:
    return tls.verifying_context(None, None)  # certifi's bundle, at `bundle`


def _certifi_context_once(
    ca_file: Path | None, ca_dir: Path | None, *, named: str = "the CA bundle"
) -> ssl.SSLContext:
    """Each `Net` loaded certifi's bundle into a context of its own (35–100 ms of CPU), one
    per audit, and the tests run hundreds in one process: they share one context a bundle
    (a test may put its own CA in certifi's place), which nothing changes after it is made.
    A bundle of the user's is loaded as in a run."""
    if ca_file is None and ca_dir is None:
        return _certifi_context(certifi.where())
    return tls.verifying_context(ca_file, ca_dir, named=named)


@pytest.fixture(autouse=True)
def one_certifi_context(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client, "verifying_context", _certifi_context_once)


@pytest.fixture(autouse=True)
def no_secrets_left() -> Iterator[None]:
    """Each test registers its own secrets (the command line does): none carries over."""
    yield
    redact.forget_all()


@pytest.fixture(autouse=True)
def clean_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in _OUTSIDE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    # `gh auth token` must not leak a developer's token into a test either.
    monkeypatch.setenv("PATH", "/usr/bin:/bin")


@pytest.fixture(autouse=True)
def logging_as_it_was() -> Iterator[None]:
    """A command run in a test configures the `auditor` logger (level, handler, propagation) as
    the command line does; the next test starts from the logger as it was, whatever order the
    tests run in (one run with `-q` left it at ERROR, and caplog in the next test saw nothing)."""
    logger = logging.getLogger("auditor")
    kept = (logger.level, list(logger.handlers), logger.propagate)
    yield
    logger.setLevel(kept[0])
    logger.handlers[:] = kept[1]
    logger.propagate = kept[2]
