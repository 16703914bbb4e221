"""The smallest world where a run finds a dead link: a reading group's Markdown list of two
papers, GoneNet (its project page answers 404) and FineNet (its page is fine), served on
127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.local_servers import LocalServer, Reply, html, serve


@contextmanager
def gone_and_fine_pages() -> Iterator[LocalServer]:
    """`/page` answers a titled page, `/gone` 404."""
    with serve({"/page": html("<title>Fine</title>"), "/gone": Reply(404)}) as server:
        yield server


def write_reading_group(folder: Path, web: LocalServer) -> Path:
    """`folder/papers.md`, citing `/gone` (GoneNet) and `/page` (FineNet) of `web`."""
    path = folder / "papers.md"
    path.write_text(
        "# Reading group\n\n"
        f"- **GoneNet.** We present GoneNet, a method. Project page: {web.url('/gone')}\n"
        f"- **FineNet.** We present FineNet, a method. Project page: {web.url('/page')}\n",
        encoding="utf-8",
    )
    return path
