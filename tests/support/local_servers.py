"""Real HTTP servers on loopback for tests, each with its own route table, and a fake DNS.

A test starts a threaded HTTP/1.1 server on 127.0.0.1 (or any 127.0.0.0/8 address, all of
which are loopback on Linux) on a free port, and describes what each path answers::

    with serve({"/": Reply(200, b"<title>Hi</title>"), "/old": redirect("/")}) as server:
        url = server.url("/old")
        ...
    assert server.requests[0].method == "HEAD"

A route is looked up as "METHOD /path" first, then "/path" (query strings are ignored;
`Exchange.query` has them). Its value is a `Reply`, or a callable taking the `Exchange` and
returning a `Reply`, or returning None after writing a raw answer itself through
`exchange.handler` (for broken servers: early close, reset, invalid headers, slow drip). Paths
without a route answer 404. Handlers that wait should wait on `exchange.stopping` so that
stopping the server never hangs.

`plain_fetcher` is the run's request path (`auditor.net.fetcher.Fetcher`) over a pool whose
guard allows every address, for host adapters asking a fake API directly (no pacing).

`FakeDNS` is a resolver for `auditor.net.Net(resolver=...)`: it maps test names to addresses
and answers "no such name" for everything else, so no test sends a query to a real resolver.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import socket
import ssl
import threading
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

from auditor.config.settings import Settings
from auditor.net.fetcher import Fetcher
from auditor.net.guard import Guard, system_resolver
from auditor.net.tls import verifying_context
from auditor.net.transport import Pool, PoolTransport, Transport

# No pacing: the tests of an adapter ask one fake server many times in a row.
UNPACED = Settings(per_host_interval=0.0, host_adaptive=False)


@dataclass(frozen=True)
class Reply:
    """A complete answer. Content-Length is added unless given, or unless `close` is set
    (then the body ends when the connection closes, as in HTTP/1.0)."""

    status: int = 200
    body: bytes = b""
    headers: Sequence[tuple[str, str]] = ()
    close: bool = False


@dataclass(frozen=True)
class Exchange:
    """One request as a route sees it."""

    method: str
    path: str
    query: str
    headers: Message
    handler: BaseHTTPRequestHandler
    stopping: threading.Event


Route = Reply | Callable[[Exchange], Reply | None]


@dataclass(frozen=True)
class Seen:
    """A request the server received."""

    method: str
    path: str
    headers: Mapping[str, str]


def redirect(location: str, status: int = 302) -> Reply:
    return Reply(status, headers=(("Location", location),))


def html(body: str, status: int = 200, headers: Sequence[tuple[str, str]] = ()) -> Reply:
    return Reply(status, body.encode(), (("Content-Type", "text/html; charset=utf-8"), *headers))


def sequence(*replies: Reply) -> Callable[[Exchange], Reply]:
    """A route answering `replies` in turn, then the last one forever."""
    lock = threading.Lock()
    answered = [0]

    def route(exchange: Exchange) -> Reply:
        with lock:
            index = min(answered[0], len(replies) - 1)
            answered[0] += 1
        return replies[index]

    return route


def drip(content_type: str, first: bytes = b"", interval: float = 0.1) -> Route:
    """A 200 that promises 100,000 bytes, sends `first`, then one space every `interval`
    seconds until the server stops: a slow-drip body no read timeout ever trips."""

    def route(exchange: Exchange) -> None:
        head = f"HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: 100000\r\n\r\n"
        with contextlib.suppress(OSError):  # the client gave up
            exchange.handler.wfile.write(head.encode() + first)
            while not exchange.stopping.wait(interval):
                exchange.handler.wfile.write(b" ")
                exchange.handler.wfile.flush()

    return route


@functools.cache
def _zeros_gzipped(mebibytes: int) -> bytes:
    return gzip.compress(bytes(mebibytes << 20), compresslevel=9)


def gzip_bomb(content_type: str, *, member_mib: int, members: int) -> Route:
    """`members` concatenated gzip members (RFC 1952 §2.2) of `member_mib` MiB of zeros each,
    compressed once: a body that inflates a thousandfold."""

    def route(exchange: Exchange) -> None:
        member = _zeros_gzipped(member_mib)
        handler = exchange.handler
        handler.send_response(200)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Encoding", "gzip")
        handler.send_header("Content-Length", str(members * len(member)))
        handler.end_headers()
        with contextlib.suppress(OSError):  # the client stopped reading at its cap
            for _ in range(members):
                handler.wfile.write(member)

    return route


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Without this, Nagle's algorithm and delayed ACKs stall each answer by ~40 ms.
    disable_nagle_algorithm = True
    timeout = 30  # a client that vanishes must not hold a thread forever
    server: _Server

    def log_message(self, format: str, *args: object) -> None:
        pass

    def _dispatch(self) -> None:
        parts = urlsplit(self.path)
        self.server.owner.record(
            Seen(self.command, parts.path, {k.lower(): v for k, v in self.headers.items()})
        )
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        routes = self.server.owner.routes
        route = routes.get(f"{self.command} {parts.path}", routes.get(parts.path))
        if route is None:
            route = Reply(404, b"not found")
        if not isinstance(route, Reply):
            exchange = Exchange(
                self.command,
                parts.path,
                parts.query,
                self.headers,
                self,
                self.server.owner.stopping,
            )
            answer = route(exchange)
            if answer is None:
                self.close_connection = True
                return
            route = answer
        self._send(route)

    def _send(self, reply: Reply) -> None:
        self.send_response(reply.status)
        names = {name.lower() for name, _ in reply.headers}
        for name, value in reply.headers:
            self.send_header(name, value)
        if reply.close:
            self.send_header("Connection", "close")
            self.close_connection = True
        elif "content-length" not in names and "transfer-encoding" not in names:
            self.send_header("Content-Length", str(len(reply.body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(reply.body)

    do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = _dispatch


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, owner: LocalServer, address: tuple[str, int]) -> None:
        self.owner = owner
        super().__init__(address, _Handler)


@dataclass
class LocalServer:
    """A running server; `routes` may be changed while it runs."""

    routes: dict[str, Route]
    host: str = "127.0.0.1"
    ssl_context: ssl.SSLContext | None = None
    requests: list[Seen] = field(default_factory=list)
    stopping: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._server = _Server(self, (self.host, 0))
        if self.ssl_context is not None:
            self._server.socket = self.ssl_context.wrap_socket(
                self._server.socket, server_side=True
            )
        self.port: int = self._server.server_address[1]
        # A short poll interval: `shutdown` waits for the loop to notice (0.5 s by default).
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def url(self, path: str = "/", *, host: str | None = None) -> str:
        """The URL of `path`, optionally with a (fake DNS) name instead of the address."""
        scheme = "https" if self.ssl_context is not None else "http"
        return f"{scheme}://{host or self.host}:{self.port}{path}"

    def record(self, seen: Seen) -> None:
        with self._lock:
            self.requests.append(seen)

    def seen(self, path: str) -> list[str]:
        """The methods of the requests made to `path`, in order."""
        with self._lock:
            return [request.method for request in self.requests if request.path == path]

    def start(self) -> LocalServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


@contextmanager
def serve(
    routes: Mapping[str, Route] | None = None,
    *,
    host: str = "127.0.0.1",
    ssl_context: ssl.SSLContext | None = None,
) -> Iterator[LocalServer]:
    """A started `LocalServer`, stopped on exit."""
    server = LocalServer(dict(routes or {}), host, ssl_context).start()
    try:
        yield server
    finally:
        server.stop()


class FakeDNS:
    """A resolver: `names` maps a host name to its addresses; other names do not exist."""

    def __init__(self, names: Mapping[str, str | Sequence[str]] | None = None) -> None:
        self.names = {
            name.lower(): [value] if isinstance(value, str) else list(value)
            for name, value in (names or {}).items()
        }
        self.lookups: list[str] = []

    async def __call__(self, host: str, port: int) -> list[str]:
        self.lookups.append(host)
        found = self.names.get(host.lower())
        if found is None:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return list(found)


class BrokenDNS:
    """A resolver for a machine whose DNS is down: every lookup fails temporarily."""

    def __init__(self) -> None:
        self.lookups: list[str] = []

    async def __call__(self, host: str, port: int) -> list[str]:
        self.lookups.append(host)
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")


@functools.cache
def _certifi_context() -> ssl.SSLContext:
    """One verifying context for every plain transport: each new one loads certifi's bundle
    (35 ms of CPU), and the fakes asked this way are plain HTTP anyway."""
    return verifying_context(None, None)


@contextlib.asynccontextmanager
async def plain_fetcher(
    transport: Transport | None = None, settings: Settings = UNPACED
) -> AsyncIterator[Fetcher]:
    """The run's request path over `transport` (a real pool whose guard allows every address
    unless given, e.g. a `tests.support.scripted.ScriptedTransport`): a fake on 127.0.0.1 is
    asked."""
    if transport is None:
        guard = Guard(system_resolver, lambda _address: True)
        pool = Pool(guard, _certifi_context(), limit=100, per_host=100, timeout=10.0)
        transport = PoolTransport(pool)
    try:
        yield Fetcher(transport, settings)
    finally:
        await transport.aclose()
