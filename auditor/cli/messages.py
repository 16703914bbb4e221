"""Messages on stderr: the `auditor` logger and its formatter (secrets and terminal escapes
scrubbed, levels coloured on a terminal unless NO_COLOR)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TextIO

from auditor import (
    redact,
)

log = logging.getLogger("auditor")


class MessageFormatter(logging.Formatter):
    def __init__(self, colour: bool) -> None:
        super().__init__("auditor: %(levelname)s: %(message)s")
        self.colour = colour

    def format(self, record: logging.LogRecord) -> str:
        # Messages quote titles, URLs and API answers: no escape sequence, bidi control or
        # secret of theirs reaches the terminal.
        text = redact.for_terminal(super().format(record))
        if self.colour and record.levelno >= logging.WARNING:
            code = "31" if record.levelno >= logging.ERROR else "33"
            return f"\033[{code}m{text}\033[0m"
        return text


def configure_logging(verbosity: int, stream: TextIO, environ: Mapping[str, str]) -> None:
    level = {-1: logging.ERROR, 0: logging.WARNING, 1: logging.INFO}.get(verbosity, logging.DEBUG)
    handler = logging.StreamHandler(stream)
    colour = stream.isatty() and "NO_COLOR" not in environ
    handler.setFormatter(MessageFormatter(colour))
    root = logging.getLogger("auditor")
    root.handlers[:] = [handler]
    root.setLevel(level)
    root.propagate = False
    # aiohttp's client logs its own troubles at DEBUG and WARNING; keep them for -vv.
    logging.getLogger("aiohttp").setLevel(logging.DEBUG if verbosity >= 2 else logging.WARNING)
