"""Text made safe for the reports: URLs a browser may follow, fields clipped and stripped of
control characters, Markdown escaping that no scorecard value can break out of, the words for
ages and cache reuse, and the longest text that fits a size limit (GitHub's, for the job
summary and the tracking issue)."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable
from typing import TypeVar
from urllib.parse import quote

from auditor.models import CacheReuse

# A hostile list can carry a megabyte-long name; one cell never needs more than this.
MAX_FIELD_CHARS = 300


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def age_text(seconds: int) -> str:
    """A rough age: `40 s`, `12 min`, `30 h`, `3 d` (days from two on)."""
    if seconds >= 2 * 86400:
        return f"{seconds // 86400} d"
    if seconds >= 3600:
        return f"{seconds // 3600} h"
    if seconds >= 60:
        return f"{seconds // 60} min"
    return f"{seconds} s"


def cache_reuse_sentence(reuse: CacheReuse | None) -> str | None:
    """What the run took from the verdict cache without asking again, and how not to; None
    when it reused nothing."""
    if reuse is None or not reuse.reused:
        return None
    count = f"{reuse.reused:,} verdict{'s' if reuse.reused != 1 else ''}"
    oldest = "" if reuse.oldest_age is None else f" (oldest {age_text(reuse.oldest_age)} old)"
    return (
        f"{count} reused from the cache{oldest}; run with --no-cache or --max-cache-age 0 to "
        "check every link again"
    )


def safe_url(url: object) -> str | None:
    """`url` when it may become a link: http(s), a host, no whitespace or control characters,
    as `shown_url` shows it. Anything else (javascript:, data:, vbscript:, relative, mangled)
    is shown as text."""
    if not isinstance(url, str) or len(url) > 4096:
        return None
    return _linkable(url)


@functools.lru_cache(maxsize=1 << 14)  # each try of `markdown._fit` links the same URLs again
def _linkable(url: str) -> str | None:
    if not re.match(r"https?://[^/?#\s\\]", url, re.IGNORECASE):
        return None
    return None if re.search(r"[\s\x00-\x1f\x7f]", url) else shown_url(url)


# Characters nobody sees: in a URL they make two different addresses look the same, so they
# are shown percent-encoded there (the same URL to a browser); in prose emoji and scripts
# need them (U+200C/U+200D), so there they stay.
_UNSEEN = re.compile("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
_AUTHORITY = re.compile(r"^([a-z][a-z0-9+.-]*://)([^/?#]*)(.*)$", re.IGNORECASE | re.DOTALL)


def shown_url(url: str) -> str:
    """`url` as the reports show it, the same address to a browser: a host mixing scripts
    (`gіthub.com` with a Cyrillic `і`) or holding an unseen character in punycode, unseen
    characters elsewhere percent-encoded."""
    parts = _AUTHORITY.match(url)
    if parts is None:
        return _escape_unseen(url)
    scheme, authority, rest = parts.groups()
    userinfo, at, host = authority.rpartition("@")
    if _mixes_scripts(host) or _UNSEEN.search(host):
        host = _punycode(host)
    return scheme + _escape_unseen(userinfo) + at + host + _escape_unseen(rest)


def _escape_unseen(text: str) -> str:
    return _UNSEEN.sub(lambda char: quote(char.group(), safe=""), text)


def _mixes_scripts(host: str) -> bool:
    """Whether the letters of a non-ASCII host come from more than one script."""
    if host.isascii():
        return False
    scripts = {unicodedata.name(char, "?").split(" ")[0] for char in host if char.isalpha()}
    return len(scripts) > 1


def _punycode(host: str) -> str:
    """Each non-ASCII label as `xn--…`; a label with an unseen character in it (which IDNA
    would drop, showing another host) or one the codec refuses percent-encoded instead."""
    labels = []
    for label in host.split("."):
        if label.isascii():
            labels.append(label)
            continue
        if _UNSEEN.search(label):
            labels.append(quote(label, safe=""))
            continue
        try:
            labels.append(label.encode("idna").decode("ascii"))
        except UnicodeError:
            labels.append(quote(label, safe=""))
    return ".".join(labels)


def without_bidi(text: str) -> str:
    """`text` without bidirectional formatting characters: they would reorder what the reader
    sees (`exe.txt` shown for `txt.exe`). Every report passes its outside text through it."""
    return _BIDI.sub("", text)


_URL_IN_PROSE = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s<>\"']+", re.IGNORECASE)


def urls_shown(text: str) -> str:
    """`text` with each URL in it as `shown_url` shows it (a detail, a reason naming a link);
    the prose around them as it is."""
    return text if text.isascii() else _URL_IN_PROSE.sub(lambda url: shown_url(url.group()), text)


def clip(text: object, limit: int = MAX_FIELD_CHARS) -> str:
    """Outside text on one line, its URLs shown as `shown_url` does, cut to `limit` characters."""
    flat = urls_shown(_CONTROL.sub(" ", "" if text is None else str(text)).strip())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def css_class(value: object) -> str:
    """A value as part of a class name: lowercase letters and hyphens only."""
    return re.sub(r"[^a-z-]", "", str(value))


def short_url(url: object) -> str:
    """A URL as a link's label: without its scheme, cut like any outside text."""
    shown = "" if url is None else shown_url(str(url))
    return clip(re.sub(r"^https?://", "", shown, flags=re.IGNORECASE))


# Inline Markdown that could format, link or break a table cell, start raw HTML (`<`) or an
# entity (`&`). Line-start syntax (#, -, +) needs no escape: outside text never starts a line here.
_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~<>&])")
# Bidirectional formatting characters: they would reorder what the reader sees.
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# What GitHub turns into a link, a mention, a reference, an emoji or math in rendered text is
# broken by a zero-width space (U+200B) the reader does not see: the `www.` and `scheme:` of
# autolinks, the `@` of mentions and e-mail addresses, the `#` of issue references (`#1`,
# `owner/repo#1`), `GH-1`, commit SHAs (runs of 7 hex digits or more, cut every 6), `:emoji:`.
_ZWSP = "\u200b"
_BREAKS = (
    # (`_www.` is a link too: the letter before counts, not the word boundary.)
    (re.compile(r"(?i)(?<![a-z0-9])(www)(?=\.)"), r"\1" + _ZWSP),
    (re.compile(r"://"), ":" + _ZWSP + "//"),
    (re.compile(r"(?i)(mailto|xmpp)(?=:)"), r"\1" + _ZWSP),
    (re.compile(r"@"), "@" + _ZWSP),
    (re.compile(r"#(?=\d)"), "#" + _ZWSP),
    (re.compile(r"(?i)\b(GH)(?=-\d)"), r"\1" + _ZWSP),
    # An emoji code has a letter (`:smile:`), or is `:+1:`/`:-1:` (a time, `04:00:00`, is none).
    (re.compile(r"(?i):(?=(?:[a-z0-9_+-]*[a-z][a-z0-9_+-]*|[+-]1):)"), ":" + _ZWSP),
)
_HEX_RUN = re.compile(r"(?i)(?<![0-9a-z])[0-9a-f]{7,}(?![0-9a-z])")


def _hex_cut(match: re.Match[str]) -> str:
    run = match.group()
    return _ZWSP.join(run[start : start + 6] for start in range(0, len(run), 6))


def md(text: object, limit: int = MAX_FIELD_CHARS, *, in_link: bool = False) -> str:
    """Outside text as inert Markdown, so that GitHub shows it as it is written: one line,
    Markdown punctuation backslash-escaped (`<` and `&` too: escaped for Markdown, not as HTML
    entities, so the file reads as written and GitHub shows each as itself), no bidirectional
    control, `$` alone in a span (GitHub's own way to keep it from starting math), and a
    zero-width space breaking whatever GitHub would make a link, a mention, a reference or an
    emoji of (`_BREAKS`; inside a link's text, where GitHub links and references nothing, only
    emoji codes)."""
    return _inert_markdown("" if text is None else str(text), limit, in_link)


# The summary is rendered again with fewer rows until it fits (`markdown._fit`): each try
# escapes the same texts, and the escaping was most of a try's time (1,200 papers: 22 tries,
# 136,000 escapes). Bounded to 16,384 texts, each a few kilobytes at most once escaped.
_ESCAPES_KEPT = 1 << 14


@functools.lru_cache(maxsize=_ESCAPES_KEPT)
def _inert_markdown(text: str, limit: int, in_link: bool) -> str:
    flat = clip(without_bidi(text), limit)
    for pattern, replacement in _BREAKS[-1:] if in_link else _BREAKS:
        flat = pattern.sub(replacement, flat)
    if not in_link:
        flat = _HEX_RUN.sub(_hex_cut, flat)
    flat = _MD_SPECIAL.sub(r"\\\1", flat)
    return flat.replace("$", "<span>$</span>")


def md_link(url: object, label: object = None) -> str:
    """A Markdown link for an http(s) URL; anything else as inert text."""
    href = safe_url(url)
    text = md(label if label is not None else url, 120, in_link=href is not None)
    if href is None:
        return text
    # Characters that end a link destination or a table cell are percent-encoded.
    for char, code in (("(", "%28"), (")", "%29"), ("<", "%3C"), (">", "%3E"), ("|", "%7C")):
        href = href.replace(char, code)
    return f"[{text}]({href.replace(' ', '%20')})"


# What a try of `most_that_fit` gives: a rendered text, or a size.
Attempt = TypeVar("Attempt")


def most_that_fit(
    attempt: Callable[[int], Attempt], fits: Callable[[Attempt], bool], high: int, low: int = 0
) -> tuple[int, Attempt] | None:
    """The largest n from `low` to `high` whose `attempt(n)` `fits`, with that attempt (a text,
    a size); None when not even `low` fits. A binary search: whatever fits with n items fits
    with fewer."""
    best: tuple[int, Attempt] | None = None
    while low <= high:
        middle = (low + high) // 2
        candidate = attempt(middle)
        if fits(candidate):
            best, low = (middle, candidate), middle + 1
        else:
            high = middle - 1
    return best
