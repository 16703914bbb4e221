"""Weights and data links checked without downloading them (`auditor.check.artifacts`), through
the real checker against servers on 127.0.0.1: Google Drive's own pages read by what they say,
hosts that only answer a browser `unsupported` without a request, and a server that ignores
the one-byte range read no further than its headers."""

from __future__ import annotations

import contextlib
import threading
import time

from auditor.check import checker
from auditor.models import Outcome
from tests.support.checking import PAGE, NetFactory
from tests.support.local_servers import Exchange, Reply, Route, html, serve

DRIVE = "drive.google.com"


async def test_drive_pages_are_read_by_what_they_say(make_net: NetFactory) -> None:
    routes = {
        "/file/d/gone/view": html("<p>Sorry, the file you have requested does not exist.</p>"),
        "/file/d/busy/view": html(
            "<p>Too many users have viewed or downloaded this file recently.</p>"
        ),
        "/file/d/large/view": html("<p>Google Drive can't scan this file for viruses.</p>"),
        "/file/d/plain/view": Reply(206, b"\x00", (("Content-Type", "application/zip"),)),
    }
    with serve(routes) as server:
        urls = [server.url(path, host=DRIVE) for path in routes]
        net = make_net(names={DRIVE: "127.0.0.1"})
        results = await checker.check_links(
            net, [(url, PAGE) for url in urls], artifacts=frozenset(urls)
        )
    outcomes = [results[url].outcome for url in urls]
    assert outcomes == [Outcome.DEAD, Outcome.OK, Outcome.OK, Outcome.OK]
    assert "does not exist" in results[urls[0]].detail
    assert "quota" in results[urls[1]].detail
    assert "virus scan" in results[urls[2]].detail
    # Asked for one byte only.
    assert {seen.headers.get("range") for seen in server.requests} == {"bytes=0-0"}


async def test_hosts_that_only_answer_a_browser_are_unsupported_unasked(
    make_net: NetFactory,
) -> None:
    urls = [
        "https://www.dropbox.com/s/abc/weights.zip?dl=0",
        "https://1drv.ms/u/s!abc",
        "https://lab-my.sharepoint.com/:u:/g/personal/x/abc",
        "https://pan.baidu.com/s/1abc",
        "https://www.kaggle.com/datasets/lab/data",
    ]
    net = make_net()
    results = await checker.check_links(
        net, [(url, PAGE) for url in urls], artifacts=frozenset(urls)
    )
    assert [results[url].outcome for url in urls] == [Outcome.UNSUPPORTED] * len(urls)
    assert all("not checked by its host's answer" in results[u].detail for u in urls)
    assert "API key" in results[urls[-1]].detail


def _streams_ignoring_the_range(sent: list[int], done: threading.Event) -> Route:
    """HEAD refused (405); a GET answers 200 and streams 1 GiB, the range ignored."""

    def route(exchange: Exchange) -> Reply | None:
        if exchange.method == "HEAD":
            return Reply(405)
        handler = exchange.handler
        handler.send_response(200)
        handler.send_header("Content-Type", "application/octet-stream")
        handler.send_header("Content-Length", str(1 << 30))
        handler.end_headers()
        chunk = bytes(64 * 1024)
        with contextlib.suppress(OSError):  # the client closed the connection
            while sent[0] < 1 << 30 and not exchange.stopping.is_set():
                handler.wfile.write(chunk)
                sent[0] += len(chunk)
        done.set()
        return None

    return route


async def test_a_server_ignoring_the_range_is_read_no_further_than_its_headers(
    make_net: NetFactory,
) -> None:
    sent, done = [0], threading.Event()
    with serve({"/weights.pt": _streams_ignoring_the_range(sent, done)}) as server:
        url = server.url("/weights.pt")
        started = time.monotonic()
        results = await checker.check_links(make_net(), [(url, PAGE)], artifacts=frozenset({url}))
        elapsed = time.monotonic() - started
        # The server stops writing once we close the connection.
        assert done.wait(10), "the server was still streaming: the connection was not closed"
    assert results[url].outcome is Outcome.OK
    assert elapsed < 5
    # Socket buffers hold a few MiB at most; a read body would be the whole GiB.
    assert sent[0] < 64 << 20, sent[0]
    assert [seen.method for seen in server.requests] == ["HEAD", "GET"]
    assert server.requests[-1].headers.get("range") == "bytes=0-0"
