"""What auditor/net/httpx_patches.py relies on in httpx and httpcore: these fail loudly when an
upgrade changes it (the pool's place or options, the per-call sniffio import)."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Iterator, Sequence
from types import ModuleType

import httpcore
import httpx
import pytest

from auditor.config.settings import Settings
from auditor.net import AddressRefused, Net, httpx_patches
from tests.support.local_servers import FakeDNS, Reply, serve

# Pool attributes that hold state or what we replace on purpose; every other option httpx gives
# its pool must be given to ours too.
_OURS = {"_network_backend", "_ssl_context", "_connections", "_requests", "_optional_thread_lock"}


async def test_the_transport_pool_is_ours_and_configured_as_httpx_would() -> None:
    settings = Settings(concurrency=7)
    async with Net(settings, resolver=FakeDNS()) as net:
        pool = getattr(net.transport, "_pool", None)
        assert isinstance(pool, httpcore.AsyncConnectionPool), (
            "httpx.AsyncHTTPTransport no longer keeps its pool in `_pool`"
        )
        assert vars(pool)["_network_backend"] is net.backend
        limits = httpx.Limits(max_connections=7, max_keepalive_connections=7)
        theirs = vars(httpx.AsyncHTTPTransport(limits=limits, trust_env=False)._pool)
        mine = vars(pool)
        assert set(mine) == set(theirs)
        assert {k: mine[k] for k in mine if k not in _OURS} == {
            k: theirs[k] for k in theirs if k not in _OURS
        }


async def test_every_request_passes_through_the_guard() -> None:
    with serve({"/": Reply(200)}) as server:
        dns = FakeDNS({"site.test": "127.0.0.1"})
        async with Net(Settings(allow_private=True), resolver=dns) as net:
            answer = await net.pages.send("GET", server.url("/", host="site.test"), seconds=10)
        assert answer.status == 200
        assert dns.lookups == ["site.test"]  # resolved by the guard, not by the system
        async with Net(Settings(), resolver=dns) as net:
            with pytest.raises(AddressRefused):
                await net.pages.send("GET", server.url("/", host="site.test"), seconds=10)
        assert len(server.requests) == 1


class _Recorder(importlib.abc.MetaPathFinder):
    def __init__(self) -> None:
        self.lookups = 0

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname == "sniffio":
            self.lookups += 1
        return None


@pytest.fixture
def sniffio_lookups() -> Iterator[_Recorder]:
    recorder = _Recorder()
    sys.meta_path.insert(0, recorder)
    try:
        yield recorder
    finally:
        sys.meta_path.remove(recorder)


async def test_httpcore_still_imports_sniffio_per_request(
    sniffio_lookups: _Recorder, monkeypatch: pytest.MonkeyPatch
) -> None:
    if httpx_patches.SNIFFIO_INSTALLED:
        assert sys.modules["sniffio"] is not None  # installed: the entry is the real module
        pytest.skip("sniffio is installed: the patch is not applied")
    assert sys.modules["sniffio"] is None
    with serve({"/": Reply(200)}) as server:
        async with Net(Settings(allow_private=True), resolver=FakeDNS()) as net:
            await net.pages.send(
                "GET", server.url("/"), seconds=10
            )  # the connection, opened before counting
            await net.pages.send("GET", server.url("/"), seconds=10)
            assert sniffio_lookups.lookups == 0  # the patch: no search of sys.path
            monkeypatch.delitem(sys.modules, "sniffio")
            await net.pages.send("GET", server.url("/"), seconds=10)
    # Without it, httpcore searches for sniffio again on each request: the patch still pays.
    # If this fails, httpcore stopped importing sniffio per call: drop the patch.
    assert sniffio_lookups.lookups >= 2
