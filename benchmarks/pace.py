"""The one-host world's web links on a virtual clock: how long the pace alone takes.

`python -m benchmarks.pace` checks the 800 unique links of the one-host world (the world of
`--only onehost`) with the real link checker, politeness gate and retry policy (the checkout of
`BENCH_AUDITOR_ROOT`, else this one), tuned as the benchmark tunes us (`run.AUDITOR_TUNED`) and
with the defaults, against the fake web's answers (`benchmarks.fake_web`: 50 ms, the slow pages,
the 429s and 503s once, the persistent 500s). The event loop's clock is virtual: a sleep — the
server's latency, a retry's backoff, the gate's spacing — advances it at once, and our own work
costs it nothing. So the figure is what the pace costs, the same on a busy machine as on a quiet
one: the virtual seconds until the last verdict, the web requests, the gate's back-offs, and
every verdict against the world's truth. The wall of a real run adds our CPU to it (start-up,
page analysis, GitHub, reports: `benchmarks.timeline`). `--also "--max-retries 2"` adds flags to
both rows.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import selectors
import sys
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

from benchmarks import harness, world
from benchmarks.fake_web import FakeWeb
from benchmarks.run import AUDITOR_TUNED

# The checkout measured: `auditor` imported from it, not from the one on the path.
sys.path.insert(0, str(harness.AUDITOR_ROOT))


class _VirtualSelector(selectors.DefaultSelector):
    """Returns what is ready now; with nothing ready, advances the loop's clock by the wait
    instead of waiting (a worker thread's answer, with no timer to wait for, is waited)."""

    def __init__(self) -> None:
        super().__init__()
        self.clock = 0.0

    def select(self, timeout: float | None = None) -> list[Any]:
        ready = super().select(0)
        if ready or timeout == 0:
            return ready
        if timeout is None:
            return super().select(None)
        self.clock += timeout
        return []


class _VirtualLoop(asyncio.SelectorEventLoop):
    def __init__(self) -> None:
        self._virtual = _VirtualSelector()
        super().__init__(self._virtual)

    def time(self) -> float:
        return self._virtual.clock


class _Answer:
    """One of the fake web's answers, as the transport hands it to the fetcher."""

    def __init__(self, status: int, headers: list[tuple[str, str]], body: bytes) -> None:
        from multidict import CIMultiDict

        self.status = status
        self.headers = CIMultiDict(headers)
        self._body = body

    async def chunks(self) -> AsyncIterator[bytes]:
        yield self._body

    def release(self) -> None:
        return None


class _FakeWebTransport:
    """The fake web's answers without a socket (its latency and slow pages as sleeps)."""

    def __init__(self, web: FakeWeb) -> None:
        self.web = web
        self.requests = 0

    async def open(self, request: Any) -> _Answer:
        self.requests += 1
        path = "/" + request.url.split("/", 3)[3].split("?")[0]
        status, headers, body = await self.web.answer(request.method, path)
        return _Answer(status, headers, b"" if request.method == "HEAD" else body)

    async def aclose(self) -> None:
        return None


async def _public(host: str, port: int) -> list[str]:
    return ["140.82.112.3"]  # the DNS canary's: the network works


async def _check(built: world.World, extra: tuple[str, ...]) -> dict[str, Any]:
    from auditor.check.checker import check_links
    from auditor.cli.arguments import build_parser, settings_from
    from auditor.links.normalize import normalize_url
    from auditor.net import Net

    arguments = build_parser().parse_args(["audit", "links.md", *extra])
    settings = replace(settings_from(arguments, {}), allow_private=True, allowed_networks=())
    transport = _FakeWebTransport(FakeWeb(built.web_spec(), 0.05))
    category = {link.url(built.port): link.category for link in built.web}
    truth: dict[str, str] = {}
    targets = []
    for url in dict.fromkeys(built.listed or category):  # the list's order, as a run asks
        normalized = normalize_url(url)
        truth[normalized.url] = category[url]
        targets.append((normalized.url, normalized.kind))
    async with Net(settings, resolver=_public) as net:
        net.pages.transport = transport
        results = await check_links(net, targets)
        gate = net.gate(built.hosts[0])
        loop = asyncio.get_running_loop()
        wrong = Counter(
            truth[url]
            for url, check in results.items()
            if check.outcome.value != world.CATEGORIES[truth[url]][1]
        )
        return {
            "virtual_s": round(loop.time(), 2),
            "requests": transport.requests,
            "backoffs": gate.backoffs,
            "right": len(results) - sum(wrong.values()),
            "links": len(results),
            "wrong": dict(wrong),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--one-host", default="800,1000", help="unique,listed links")
    parser.add_argument("--seeds", type=int, default=3, help="retry jitter seeds, one run each")
    parser.add_argument("--also", default="", help="more `auditor audit` flags, for both rows")
    args = parser.parse_args()
    unique, listed = (int(part) for part in args.one_host.split(","))
    built = world.build_one_host(unique, listed, port=8080)
    print(f"auditor: {harness.AUDITOR_ROOT}")
    also = tuple(args.also.split())
    for label, extra in (("defaults", also), ("tuned", (*AUDITOR_TUNED, *also))):
        for seed in range(args.seeds):
            random.seed(seed)  # the retries' jitter
            loop = _VirtualLoop()
            try:
                row = loop.run_until_complete(_check(built, tuple(extra)))
            finally:
                loop.close()
            print(f"{label} (seed {seed}): {row}", flush=True)


if __name__ == "__main__":
    main()
