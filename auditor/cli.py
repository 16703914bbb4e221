"""The command line: arguments, messages on stderr, report files and exit codes."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    del argv
    print("auditor: under construction", file=sys.stderr)
    return 2
