"""A real forward proxy on 127.0.0.1 for tests: plain HTTP forwarded from absolute-URI
requests (`GET http://host:port/path`), and CONNECT tunnels for https.

The proxy resolves names itself, from its own table (`hosts`: name → address); a name it does
not know gets a 502 of its own (no `Via`: forwarded answers carry one), so no test sends a
lookup to a real resolver. Every request it receives is
recorded (`requests`: method, target, headers), tunnels included: what went inside a tunnel is
not seen, as with a real proxy::

    with forward_proxy({"lab.test": "127.0.0.1"}) as proxy:
        settings = replace(BASE, proxies=ProxyRoutes(every=proxy.url))
        ...
    assert proxy.requests[0].target == "http://lab.test:8080/code"
"""

from __future__ import annotations

import http.client
import select
import socket
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

# Headers of one hop, never forwarded (RFC 9110 §7.6.1), and the proxy's own.
_HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-authorization",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
}


@dataclass(frozen=True)
class ProxySeen:
    """A request the proxy received: `target` is the absolute URI, or host:port of CONNECT."""

    method: str
    target: str
    headers: Mapping[str, str]


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    server: _Server

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _upstream(self, host: str) -> str | None:
        return self.server.owner.hosts.get(host.lower())

    def _forward(self) -> None:
        self.server.owner.record(ProxySeen(self.command, self.path, dict(self.headers.items())))
        parts = urlsplit(self.path)
        address = self._upstream(parts.hostname or "")
        if parts.scheme != "http" or address is None:
            self._answer(502, b"unknown host")
            return
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in _HOP_BY_HOP}
        upstream = http.client.HTTPConnection(address, parts.port or 80, timeout=5)
        try:
            target = parts.path or "/"
            upstream.request(self.command, target + (f"?{parts.query}" if parts.query else ""),
                             body, headers)  # fmt: skip
            answer = upstream.getresponse()
            content = answer.read()
            self.send_response(answer.status, answer.reason)
            for name, value in answer.getheaders():
                if name.lower() not in _HOP_BY_HOP and name.lower() != "content-length":
                    self.send_header(name, value)
            self.send_header("Via", "1.1 forward-proxy")  # RFC 9110 §7.6.3: what it forwards
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(content)
        finally:
            upstream.close()

    def _answer(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_CONNECT(self) -> None:
        self.server.owner.record(ProxySeen("CONNECT", self.path, dict(self.headers.items())))
        host, _, port = self.path.rpartition(":")
        address = self._upstream(host)
        if address is None:
            self._answer(502, b"unknown host")
            return
        upstream = socket.create_connection((address, int(port)), timeout=5)
        self.send_response(200, "Connection established")
        self.end_headers()
        self.close_connection = True
        with upstream:
            self._pipe(self.connection, upstream)

    def _pipe(self, client: socket.socket, upstream: socket.socket) -> None:
        stopping = self.server.owner.stopping
        while not stopping.is_set():
            readable, _, _ = select.select([client, upstream], [], [], 0.05)
            for source in readable:
                data = source.recv(65536)
                if not data:
                    return
                (upstream if source is client else client).sendall(data)

    do_GET = do_HEAD = do_POST = _forward


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, owner: ForwardProxy) -> None:
        self.owner = owner
        super().__init__(("127.0.0.1", 0), _Handler)


@dataclass
class ForwardProxy:
    hosts: dict[str, str]
    requests: list[ProxySeen] = field(default_factory=list)
    stopping: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._server = _Server(self)
        self.port: int = self._server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def record(self, seen: ProxySeen) -> None:
        with self._lock:
            self.requests.append(seen)

    def targets(self) -> list[str]:
        with self._lock:
            return [f"{seen.method} {seen.target}" for seen in self.requests]


@contextmanager
def forward_proxy(hosts: Mapping[str, str] | None = None) -> Iterator[ForwardProxy]:
    """A started proxy resolving `hosts` (name → address) only, stopped on exit."""
    proxy = ForwardProxy({name.lower(): address for name, address in (hosts or {}).items()})
    proxy._thread.start()
    try:
        yield proxy
    finally:
        proxy.stopping.set()
        proxy._server.shutdown()
        proxy._server.server_close()
        proxy._thread.join(timeout=5)
