"""Load under faults: 20,000 links against local servers, 10 % of them misbehaving.

Every link must get an outcome, the run must end within its bound (derived from the settings),
memory must stay flat, and every result must reach the run history (results lost: 0).

    python -m benchmarks.load_faults [--links 20000] [--bad-share 0.1]

Names resolve through `FakeDNS` (200 host names, all 127.0.0.1), so per-host politeness
spreads as it would across real sites; nothing leaves loopback.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import resource
import tempfile
import threading
import time
from pathlib import Path

from auditor.check import checker
from auditor.config.settings import Settings
from auditor.history import History
from auditor.models import Link, LinkCheck, LinkKind, LinkResult
from auditor.net import Net
from tests.support.local_servers import (
    Exchange,
    FakeDNS,
    Reply,
    drip,
    gzip_bomb,
    html,
    redirect,
    serve,
)

HOSTS = 200


def _hang(exchange: Exchange) -> None:
    exchange.stopping.wait(10)


_drip = drip("text/html", interval=0.2)
_bomb = gzip_bomb("text/html", member_mib=4, members=16)


def _raw(data: bytes) -> object:
    def route(exchange: Exchange) -> None:
        with contextlib.suppress(OSError):
            exchange.handler.wfile.write(data)

    return route


FAULTS: dict[str, object] = {
    "hang": _hang,
    "drip": _drip,
    "gzip-bomb": _bomb,
    "503-forever": Reply(503),
    "429-a-year": Reply(429, headers=(("Retry-After", str(365 * 86400)),)),
    "redirect-loop": redirect("/fault/redirect-loop"),
    "reset": _raw(b"HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\npartial"),
    "bad-header": _raw(b"HTTP/1.1 200 OK\r\nX-Bad\x00: \x01\r\nContent-Length: 0\r\n\r\n"),
    "not-http": _raw(b"garbage\r\n\r\n"),
    "refused": Reply(200),  # never asked: these links point at a closed port
}


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def main(links: int, bad_share: float) -> dict[str, object]:
    settings = Settings(
        timeout=1.0,
        link_deadline=2.0,
        max_retries=1,
        max_retry_wait=3.0,
        retry_base_delay=0.05,
        concurrency=64,
        per_host_concurrency=8,
        per_host_interval=0.0,
        max_body_bytes=256 << 10,
        allow_private=True,
        dns_canary="canary.test",
    )
    names = {f"h{n}.test": "127.0.0.1" for n in range(HOSTS)} | {"canary.test": "140.82.112.3"}
    routes: dict[str, object] = {"/ok": html("<title>ok</title>"), "/gone": Reply(404)}
    routes |= {f"/fault/{name}": route for name, route in FAULTS.items()}
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        closed = sock.getsockname()[1]
    bad_every = round(1 / bad_share)
    fault_names = list(FAULTS)
    samples: list[float] = []
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.5):
            samples.append(rss_mb())

    with serve(routes) as server, tempfile.TemporaryDirectory() as folder:  # type: ignore[arg-type]
        targets: list[tuple[str, LinkKind]] = []
        expected: dict[str, str] = {}
        for n in range(links):
            host = f"h{n % HOSTS}.test"
            if n % bad_every == 0:
                fault = fault_names[(n // bad_every) % len(fault_names)]
                port = closed if fault == "refused" else server.port
                url = f"http://{host}:{port}/fault/{fault}?{n}"
            else:
                fault = "good"
                url = f"http://{host}:{server.port}/{'gone' if n % 50 == 1 else 'ok'}?{n}"
            expected[url] = fault
            targets.append((url, LinkKind.WEB if n % 3 == 0 else LinkKind.DOI))
        history = History.open(Path(folder) / "history.sqlite")
        run_id = history.begin_run()
        stored = 0

        def store(url: str, check: LinkCheck) -> None:
            nonlocal stored
            link = Link(url=url, kind=LinkKind.WEB, papers=("load#1",), occurrences=())
            history.store_link(run_id, LinkResult(link=link, check=check))
            stored += 1

        threading.Thread(target=sample, daemon=True).start()
        start_rss = rss_mb()
        started = time.monotonic()
        # The bound: every link gets at most (1 + retries) × deadline + the longest wait, and
        # links proceed `concurrency` at a time. A generous multiple of that is the outer limit.
        per_link = (1 + settings.max_retries) * settings.link_deadline + settings.max_retry_wait
        bound = per_link * links / settings.concurrency * 2 + 60
        async with Net(settings, resolver=FakeDNS(names)) as net:
            results = await asyncio.wait_for(
                checker.check_links(net, targets, on_result=store), bound
            )
        wall = time.monotonic() - started
        stop.set()
        in_history = len(history.stored_urls(run_id))
        history.close()
    outcomes: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for url, fault in expected.items():
        outcomes[fault][results[url].outcome.value if url in results else "MISSING"] += 1
    return {
        "links": links,
        "misbehaving_share": sum(1 for f in expected.values() if f != "good") / links,
        "wall_seconds": round(wall, 1),
        "bound_seconds": round(bound),
        "rss_start_mb": round(start_rss, 1),
        "rss_peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "rss_samples_mb": [round(v) for v in samples[:: max(1, len(samples) // 12)]],
        "outcomes": {fault: dict(counter) for fault, counter in outcomes.items()},
        "results_lost": links - sum(1 for url in expected if url in results),
        "stored_in_history": in_history,
        "history_lost": links - in_history,
        "stored_calls": stored,
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--links", type=int, default=20_000)
    parser.add_argument("--bad-share", type=float, default=0.1)
    arguments = parser.parse_args()
    figures = asyncio.run(main(arguments.links, arguments.bad_share))
    print(json.dumps(figures, indent=2))
