"""The fake web of the benchmarks: one asyncio process listening on many loopback addresses.

    python -m benchmarks.fake_web SPEC.json [--latency 0.05] [--max-seconds 1800]

SPEC.json (`World.web_spec()`): a port, the 127.x.y.z host addresses to listen on (one socket
each, same port), and per path its category, whether it is a project page, and its code link.
Every answer waits `--latency` seconds first (asyncio, so thousands wait at once). HTTP/1.1 with
keep-alive, HEAD and GET; just enough HTTP for link checkers.

Prints "ready PORT" on stdout once listening; stops when stdin closes (its parent went away),
on SIGTERM, or after --max-seconds, whichever comes first. A GET of `/_stats` on any host answers
the request counts as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.world import SLOW_SECONDS

FILLER = "".join(
    f"<p>Section {i}: we describe the method, the experiments and the results in detail, with "
    "figures, tables and a video of the qualitative results.</p>\n"
    for i in range(30)
)


def page_html(title: str, code_link: str | None) -> bytes:
    code = f'<a class="button" href="{code_link}">Code</a>' if code_link else ""
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{title}</title><link rel='stylesheet' href='/static/style.css'></head><body>"
        f"<nav><a href='/'>Home</a> <a href='#abstract'>Abstract</a></nav><h1>{title}</h1>"
        f"<div class='links'><a href='https://arxiv.org/abs/2601.00001'>Paper</a> {code}</div>"
        f"<section id='abstract'>{FILLER}</section>"
        "<footer>Website template borrowed from "
        "<a href='https://github.com/nerfies/nerfies.github.io'>Nerfies</a>.</footer>"
        "</body></html>"
    ).encode()


SOFT_404 = (
    b"<!doctype html><html><head><title>Page not found</title></head><body>"
    b"<h1>404</h1><p>The page you asked for does not exist.</p></body></html>"
)
DATA = b"%PDF-1.4 benchmark data file\n" + b"0" * 2000


class FakeWeb:
    def __init__(self, spec: dict[str, Any], latency: float) -> None:
        self.port: int = spec["port"]
        self.hosts: list[str] = spec["hosts"]
        self.routes: dict[str, list[Any]] = spec["routes"]
        self.latency = latency
        self.seen: Counter[str] = Counter()  # path → requests so far
        self.counts: Counter[str] = Counter()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, target, version = [*lines[0].split(" "), "", "", ""][:3]
                headers = {}
                for line in lines[1:]:
                    name, _, value = line.partition(":")
                    headers[name.strip().lower()] = value.strip()
                length = int(headers.get("content-length") or 0)
                if length:
                    await reader.readexactly(length)
                close = headers.get("connection", "").lower() == "close" or version == "HTTP/1.0"
                path = target.split("?")[0]
                status, extra, body = await self.answer(method, path, headers.get("host", ""))
                out = [f"HTTP/1.1 {status} {REASONS.get(status, 'Status')}"]
                out += [f"{name}: {value}" for name, value in extra]
                out.append(f"Content-Length: {len(body)}")
                if close:
                    out.append("Connection: close")
                data = ("\r\n".join(out) + "\r\n\r\n").encode()
                if method != "HEAD":
                    data += body
                writer.write(data)
                await writer.drain()
                if close:
                    break
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            pass
        finally:
            writer.close()

    async def answer(
        self, method: str, path: str, host: str = ""
    ) -> tuple[int, list[tuple[str, str]], bytes]:
        self.counts[method] += 1
        if path == "/_stats":
            return 200, [("Content-Type", "application/json")], json.dumps(self.counts).encode()
        if self.latency:
            await asyncio.sleep(self.latency)
        html = [("Content-Type", "text/html; charset=utf-8")]
        if path.endswith("-new"):  # the target of a 301
            return 200, html, page_html("Moved project", None)
        route = self.routes.get(path)
        if route is None:
            return 404, html, b"<title>Not Found</title>"
        category, page, code_link = route
        self.seen[path] += 1
        first = self.seen[path] == 1
        if category in ("dead", "gone"):
            return (404 if category == "dead" else 410), html, b"<title>Not Found</title>"
        if category == "moved":
            return 301, [("Location", path + "-new")], b""
        if category == "found":
            return 302, [("Location", path + "-new")], b""
        if category == "limited" and first:
            return 429, [("Retry-After", "1")], b"Too Many Requests"
        if category == "flaky" and first:
            return 503, html, b"<title>Service Unavailable</title>"
        if category == "error":
            return 500, html, b"<title>Internal Server Error</title>"
        if category == "slow":
            await asyncio.sleep(SLOW_SECONDS)
        if category == "nohead" and method == "HEAD":
            return 405, [("Allow", "GET")], b""
        if category == "soft404":
            return 200, html, SOFT_404
        if category == "url404":  # healthy; "404" only in its URL, which the title echoes
            return 200, html, page_html(f"http://{host}{path}", code_link)
        if page:
            return 200, html, page_html("Robust Learning from Data: project page", code_link)
        return 200, [("Content-Type", "application/pdf")], DATA


REASONS = {
    200: "OK",
    301: "Moved Permanently",
    302: "Found",
    404: "Not Found",
    405: "Method Not Allowed",
    410: "Gone",
    429: "Too Many Requests",
    500: "Internal Server Error",
    503: "Service Unavailable",
}


async def main_async(spec: dict[str, Any], latency: float, max_seconds: float) -> None:
    web = FakeWeb(spec, latency)
    server = await asyncio.start_server(web.serve, host=web.hosts, port=web.port, backlog=512)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    loop.add_signal_handler(signal.SIGINT, stop.set)
    # stdin closing means the harness is gone: stop with it (a file or a terminal cannot be
    # watched: then SIGTERM or --max-seconds).
    with contextlib.suppress(OSError, ValueError):
        loop.add_reader(sys.stdin.fileno(), lambda: stop.set() if not sys.stdin.read(1) else None)
    print(f"ready {web.port}", flush=True)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), timeout=max_seconds)
    server.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("spec", type=Path)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--max-seconds", type=float, default=1800.0)
    args = parser.parse_args()
    spec = json.loads(args.spec.read_text())
    asyncio.run(main_async(spec, args.latency, args.max_seconds))


if __name__ == "__main__":
    main()
