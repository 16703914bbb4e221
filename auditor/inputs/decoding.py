"""Bytes to text: spotting binary files (magic numbers, control bytes) and decoding UTF-8 with a
BOM tolerated, UTF-16 with a BOM, and other 8-bit text as cp1252 or latin-1 with one warning."""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from auditor.deadline import checkpoint
from auditor.inputs.model import Reading

# Enough to sniff a format and to spot a binary file; the rest streams.
HEAD_BYTES = 64 * 1024

_MAGIC = (
    (b"%PDF-", "a PDF file"),
    (b"PK\x03\x04", "a ZIP archive"),
    (b"\x1f\x8b", "a gzip file"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
)
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_CONTROL_BYTES = frozenset(set(range(0x20)) - {0x09, 0x0A, 0x0C, 0x0D} | {0x7F})


def binary_problem(head: bytes) -> str | None:
    """Why `head` is not text, or None. Text in any 8-bit encoding has next to no C0 controls,
    while random bytes have about 12%."""
    for magic, what in _MAGIC:
        if head.startswith(magic):
            return f"binary file ({what})"
    if head.startswith(UTF16_BOMS):
        return None
    if b"\x00" in head:
        return "binary file (NUL bytes)"
    controls = sum(1 for byte in head if byte in _CONTROL_BYTES)
    if head and controls / len(head) > 0.05:
        return "binary file (undecodable bytes)"
    return None


class Decoder:
    """UTF-8 with a BOM tolerated; a line that is not UTF-8 falls back to cp1252 (then latin-1,
    which decodes anything) with one warning per input."""

    def __init__(self, reading: Reading) -> None:
        self._reading = reading
        self._warned = False

    def _decode(self, raw: bytes) -> str:
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            pass
        try:
            text = raw.decode("cp1252")
            encoding = "cp1252"
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
            encoding = "latin-1"
        if not self._warned:
            self._warned = True
            self._reading.warnings.append(
                f"{self._reading.name}: not valid UTF-8; decoded as {encoding}"
            )
        return text

    def lines(self, head: bytes, rest: BinaryIO) -> Iterator[str]:
        """Decoded lines without their line ends, the first line's BOM removed."""
        if head.startswith(UTF16_BOMS):
            yield from self.whole(head, rest).splitlines()
            return
        first = True
        for count, raw in enumerate(_byte_lines(head, rest)):
            if count % 1024 == 0:
                checkpoint()  # a list read past the run's deadline stops here
            text = self._decode(raw).rstrip("\r\n")
            if first:
                text = text.removeprefix("\ufeff")
                first = False
            yield text

    def whole(self, head: bytes, rest: BinaryIO) -> str:
        data = head + rest.read()
        if data.startswith(UTF16_BOMS):
            return data.decode("utf-16", errors="replace")
        return self._decode(data).removeprefix("\ufeff")


def _byte_lines(head: bytes, rest: BinaryIO) -> Iterator[bytes]:
    buffered = head.splitlines(keepends=True)
    if buffered and not buffered[-1].endswith(b"\n"):
        buffered[-1] += rest.readline()
    yield from buffered
    yield from rest
