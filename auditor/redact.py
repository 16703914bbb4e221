"""What leaves the process: secrets scrubbed from every output, and terminal text made inert.

* `scrub`: the run's secrets (the GitHub token, registered once by the command line) replaced by
  `[token]`. Every output path passes through it: log lines and the one-line errors (their
  exception text too), stdout, the reports, the Actions outputs, the tracking issue, the history
  and the verdict cache.
* `for_terminal`: text we did not write, fit for a terminal: no control characters (ANSI and OSC
  escape sequences, carriage returns, bells), no bidirectional overrides or isolates that would
  reorder what the reader sees; `json_for_terminal` the same for JSON, its values unchanged.
"""

from __future__ import annotations

import re

_secrets: set[str] = set()

# C0 and C1 controls but tab and newline (ESC starts ANSI/OSC sequences; CSI is also 0x9b),
# DEL, and the Unicode bidirectional formatting characters (LRE, RLE, PDF, LRO, RLO, LRI, RLI,
# FSI, PDI, LRM, RLM, ALM), plus the line and paragraph separators.
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)
# A whole escape sequence, so that its parameters do not stay behind as visible garbage.
_ESCAPE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-_]")


def register(secret: str | None) -> None:
    """Keep `secret` out of every output from now on (short values are not secrets)."""
    if secret and len(secret) >= 8:
        _secrets.add(secret)


def forget_all() -> None:
    """Tests: start again with no secret."""
    _secrets.clear()


def scrub(text: str) -> str:
    for secret in _secrets:
        if secret in text:
            text = text.replace(secret, "[token]")
    return text


def json_for_terminal(text: str) -> str:
    """JSON text fit for a terminal, the same JSON values: every character `for_terminal` would
    drop written as its `\\u` escape (JSON escapes C0 controls itself, not DEL, C1 — CSI is
    0x9b — or bidi controls); only inside strings can they occur. Scrubbed of secrets too."""
    return _UNSAFE.sub(lambda char: f"\\u{ord(char.group()):04x}", scrub(text))


def for_terminal(text: str) -> str:
    """`text` without escape sequences, control characters or bidi controls (newlines and
    tabs kept); scrubbed of secrets as well."""
    return _UNSAFE.sub("", _ESCAPE.sub("", scrub(text)))
