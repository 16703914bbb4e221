"""Reading answers without trusting their size: bodies capped after decompression.

`CappedBody` collects a body up to a cap counted *after* its Content-Encoding is undone, so a
small compressed body cannot expand in memory (a gzip or deflate bomb). An API answer too
large or undecodable is `UnreadableBody` (`auditor.net.fetcher` reads every body through here).
"""

from __future__ import annotations

import zlib
from typing import Any

# An API answer larger than this, after decompression, is refused (a batch of 40 GitHub
# repositories with their READMEs stays far below it).
API_MAX_BODY = 64 * 1024 * 1024


class CappedBody:
    """Collects a response body up to `cap` bytes *after* decoding its Content-Encoding, so a
    small compressed body cannot expand in memory (a gzip bomb): zlib is never asked for more
    output than the room left."""

    def __init__(self, content_encoding: str, cap: int) -> None:
        self.cap = cap
        self.data = bytearray()
        self.raw_bytes = 0
        self.truncated = False
        self.error: str | None = None
        codings = [c.strip().lower() for c in content_encoding.split(",")]
        codings = [c for c in codings if c and c != "identity"]
        self._coding = "" if not codings else codings[0] if len(codings) == 1 else "several"
        if self._coding == "x-gzip":  # RFC 9110 §8.4.1.3
            self._coding = "gzip"
        self._decoder: Any = None
        self._head = b""  # the first byte of a deflate body, until its format is known
        if self._coding == "gzip":
            self._decoder = zlib.decompressobj(16 + zlib.MAX_WBITS)
        elif self._coding not in ("", "deflate"):
            self.error = f"unsupported content encoding {content_encoding!r}"

    def feed(self, chunk: bytes) -> bool:
        """Take one raw chunk; False once nothing more is wanted (cap reached or error)."""
        if self.error is not None or self.truncated:
            return False
        self.raw_bytes += len(chunk)
        if self._coding == "deflate" and self._decoder is None:
            # RFC 9110 §8.4.1.2 means the zlib format (RFC 1950); some servers send raw
            # deflate (RFC 1951). A zlib header's two bytes are a multiple of 31, method 8.
            chunk = self._head + chunk
            if len(chunk) < 2:
                self._head = chunk
                return True
            zlib_header = chunk[0] & 0x0F == 8 and (chunk[0] << 8 | chunk[1]) % 31 == 0
            self._decoder = zlib.decompressobj(zlib.MAX_WBITS if zlib_header else -zlib.MAX_WBITS)
        if self._decoder is None:
            self._keep(chunk)
        else:
            try:
                self._inflate(chunk)
            except zlib.error as exc:
                self.error = f"undecodable {self._coding} body ({exc})"
                return False
        # Raw bytes are capped too: endless compressed input that inflates to nothing.
        if self.raw_bytes > self.cap:
            self.truncated = True
        return not self.truncated

    def _keep(self, piece: bytes) -> None:
        room = self.cap - len(self.data)
        if len(piece) > room:
            self.data += piece[:room]
            self.truncated = True
        else:
            self.data += piece

    def _inflate(self, chunk: bytes) -> None:
        data = chunk
        while data and not self.truncated:
            # One byte more than the room tells a body that exceeds the cap from one that fits.
            self._keep(self._decoder.decompress(data, self.cap - len(self.data) + 1))
            data = self._decoder.unconsumed_tail
            if not data and self._decoder.eof and self._decoder.unused_data:
                # RFC 1952 §2.2: a gzip file may be several members in a row.
                data = self._decoder.unused_data
                self._decoder = zlib.decompressobj(16 + zlib.MAX_WBITS)


class UnreadableBody(Exception):
    """An API answer whose body is too large or cannot be decoded; the message is one line."""
