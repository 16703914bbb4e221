"""CPU per HTTP request of the client alone: the auditor's fetcher (aiohttp behind the address
guard, the politeness gate and the capped body), plain aiohttp, and httpx (when installed: the
stack before issue 27), each sending the same GETs to one fake-web host on loopback.

    python benchmarks/http_clients.py [--requests 3000] [--concurrency 32]

The fake web runs in a process of its own (latency 0); the figure is this process's CPU time
divided by the requests, the median of `--runs`. What is left once the client is counted is
the audit's own work per link (page analysis, verdicts, history, reports).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

import aiohttp  # noqa: E402

from auditor.config.settings import Settings  # noqa: E402
from auditor.net import Net  # noqa: E402
from auditor.net.fetch import LinkFetcher  # noqa: E402
from benchmarks import harness, world  # noqa: E402
from benchmarks.harness import OUT  # noqa: E402


async def _many(send: Callable[[str], Awaitable[int]], urls: list[str], concurrency: int) -> None:
    slots = asyncio.Semaphore(concurrency)

    async def one(url: str) -> None:
        async with slots:
            status = await send(url)
            assert status == 200, status

    await asyncio.gather(*(one(url) for url in urls))


async def auditor_fetcher(urls: list[str], concurrency: int) -> None:
    settings = replace(
        Settings(allow_private=True),
        concurrency=concurrency,
        per_host_concurrency=concurrency,
        per_host_interval=0.0,
        host_adaptive=False,
    )
    async with Net(settings) as net:
        fetcher = LinkFetcher(net)

        async def send(url: str) -> int:
            return (await fetcher.request("GET", url, body="html")).status

        await _many(send, urls, concurrency)


async def plain_httpx(urls: list[str], concurrency: int) -> None:
    import httpx

    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(limits=limits, trust_env=False) as client:

        async def send(url: str) -> int:
            response = await client.get(url)
            return response.status_code

        await _many(send, urls, concurrency)


async def plain_aiohttp(urls: list[str], concurrency: int) -> None:
    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as session:

        async def send(url: str) -> int:
            async with session.get(url) as response:
                await response.read()
                return response.status

        await _many(send, urls, concurrency)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    built = world.build_one_host(200, 200, port=18097)
    folder = OUT / "http-clients"
    built.dump(folder)
    pages = [link.url(built.port) for link in built.web if link.category == "ok" and link.page]
    urls = [pages[i % len(pages)] for i in range(args.requests)]
    clients: dict[str, Callable[[list[str], int], Awaitable[None]]] = {
        "auditor fetcher (aiohttp, guard, gate, capped body)": auditor_fetcher,
        "aiohttp ClientSession": plain_aiohttp,
    }
    try:
        import httpx  # noqa: F401

        clients["httpx AsyncClient"] = plain_httpx
    except ImportError:
        print("httpx is not installed: its row is left out")
    web = harness._Server(["benchmarks.fake_web", str(folder / "web.json"), "--latency", "0"])
    try:
        print(f"| client | requests | CPU per request (median of {args.runs}) | wall |")
        print("|:--|---:|---:|---:|")
        for name, run in clients.items():
            cpu, wall = [], []
            for _ in range(args.runs):
                started, used = time.perf_counter(), time.process_time()
                asyncio.run(run(urls, args.concurrency))
                cpu.append(time.process_time() - used)
                wall.append(time.perf_counter() - started)
            per = 1000 * statistics.median(cpu) / len(urls)
            print(f"| {name} | {len(urls):,} | {per:.2f} ms | {statistics.median(wall):.1f} s |")
    finally:
        web.stop()


if __name__ == "__main__":
    main()
