"""Finding URLs in prose written by people: plain and scheme-less URLs, LaTeX and Markdown markup,
and the breaks, glued words and escapes that abstracts copied from PDFs and digests carry.

What a host is, which hosts are cited without a scheme and which top-level domains are real, this
module asks `auditor.links`. Pure functions, no I/O; linear in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from auditor.links import SCHEMELESS_HOSTS

# Hosts people cite without a scheme; a bare host must be followed by a path to count.
_SCHEMELESS = (
    r"(?:www\.[\w-]+(?:\.[\w-]+)+|(?:"
    + "|".join(re.escape(host) for host in SCHEMELESS_HOSTS)
    + r")(?=/)|[\w-]+\.github\.io(?![\w-]))"
)
# LaTeX escapes (`\_`) are part of a URL; quotes, brackets of markup, CJK and full-width
# punctuation and curly quotes never are.
_URL_CHAR = (
    r"(?:\\[_%#&~]|[^\s<>\"{}|\\^`\u00ab\u00bb\u2018-\u201f\u2026\u3000-\u303f\uff01-\uff0f"
    r"\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65])"
)
_URL = re.compile(rf"(?:\b(?:https?|ftp)://|(?<![\w@./:-]){_SCHEMELESS}){_URL_CHAR}*", re.I)
_CONTINUATION = re.compile(rf"[ \t]*({_URL_CHAR}+)")
_TRAILING = frozenset(".,;:!?'\"*")
_CLOSERS = {")": "(", "]": "[", "}": "{", ">": "<"}
_OWNER_LEVEL = re.compile(r"(?:github\.com|gitlab\.com|huggingface\.co)/[^/]+/$", re.I)


@dataclass(frozen=True, slots=True)
class FoundUrl:
    """A URL as written in prose (`raw`, markup and trailing punctuation removed) and its line."""

    raw: str
    line: int


def _trim(candidate: str) -> str:
    """Drop sentence punctuation and closing brackets the URL did not open."""
    end = len(candidate)
    balance = {
        closer: candidate.count(closer) - candidate.count(opener)
        for closer, opener in _CLOSERS.items()
    }
    while end:
        last = candidate[end - 1]
        if last in _CLOSERS and balance[last] > 0:
            balance[last] -= 1
        elif last not in _TRAILING:
            break
        end -= 1
    return candidate[:end]


def find_urls(text: str, first_line: int = 1, *, follows_lines: bool = True) -> list[FoundUrl]:
    """Every URL in `text`: plain, `http://`, scheme-less `github.com/…` and `www.…`, inside
    LaTeX `\\url{}`/`\\href{}{}`, Markdown links, autolinks and HTML `href="…"`.

    A URL wrapped at a line end is joined with the next line when the break is clearly inside
    it: the first part ends with `-` or `_`, or with `/` before a URL-ish token (or before a
    repository name after `github.com/owner/`). `raw` is then the two parts without the break.
    With `follows_lines` false every URL gets `first_line`.
    """
    found: list[FoundUrl] = []
    resume = 0
    for match in _URL.finditer(text):
        if match.start() < resume:
            continue
        raw = _trim(match.group())
        end = match.start() + len(raw)
        if follows_lines and end == match.end():
            joined = _join_wrapped(text, raw, end)
            if joined is not None:
                raw, end = joined
        resume = end
        line = first_line + (text.count("\n", 0, match.start()) if follows_lines else 0)
        if raw:
            found.append(FoundUrl(raw, line))
    return found


def _join_wrapped(text: str, raw: str, end: int) -> tuple[str, int] | None:
    """`raw` and the start of the next line when the line break splits one URL."""
    if not raw.endswith(("/", "-", "_")):
        return None
    newline = end + (2 if text.startswith("\r\n", end) else 1)
    if not text.startswith("\n", newline - 1):
        return None
    continuation = _CONTINUATION.match(text, newline)
    if continuation is None:
        return None
    token = _trim(continuation.group(1))
    if not token or re.match(r"(?:https?|ftp)://", token, re.I):
        return None
    urlish = re.search(r"[/._\-\d]|.[A-Z]", token) is not None
    if raw.endswith("/") and not urlish and not _OWNER_LEVEL.search(raw):
        return None
    return raw + token, continuation.start(1) + len(token)
