"""The link checker's test set-up: a base `Settings` fast enough for tests, a DNS that knows a
canary name and the test hosts, a factory of `Net`s closed after each test (the `make_net`
fixture, registered in conftest.py), and `check` for one link."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from typing import Any

import pytest

from auditor.check import checker
from auditor.config.settings import Settings
from auditor.models import LinkCheck, LinkKind
from auditor.net import Net
from tests.support.local_servers import FakeDNS

CANARY = {"canary.test": "140.82.112.3"}
BASE = Settings(
    timeout=2.0,
    link_deadline=5.0,
    per_host_interval=0.0,
    max_retries=2,
    max_retry_wait=10.0,
    retry_base_delay=0.01,
    allow_private=True,
    dns_canary="canary.test",
)
DOI = LinkKind.DOI  # a kind whose body is not read: HEAD first
PAGE = LinkKind.WEB

NetFactory = Callable[..., Net]


@pytest.fixture
async def make_net() -> AsyncIterator[NetFactory]:
    nets: list[Net] = []

    def make(settings: Settings = BASE, names: dict[str, Any] | None = None, **kw: Any) -> Net:
        resolver = kw.pop("resolver", None) or FakeDNS({**CANARY, **(names or {})})
        net = Net(replace(settings, **kw), resolver=resolver)
        nets.append(net)
        return net

    yield make
    for net in nets:
        await net.aclose()


async def check(net: Net, url: str, kind: LinkKind = DOI, **kw: Any) -> LinkCheck:
    return (await checker.check_links(net, [(url, kind)], **kw))[url]
