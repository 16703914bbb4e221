"""Text made safe for the reports: URLs a browser may follow, fields clipped and stripped of
control characters, Markdown escaping that no scorecard value can break out of, the words for
ages and cache reuse, and the longest text that fits a size limit (GitHub's, for the job
summary and the tracking issue)."""

from __future__ import annotations

import re
from collections.abc import Callable

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
    """`url` when it may become a link: http(s), a host, no whitespace or control characters.
    Anything else (javascript:, data:, vbscript:, relative, mangled) is shown as text."""
    if not isinstance(url, str) or len(url) > 4096:
        return None
    if not re.match(r"https?://[^/?#\s\\]", url, re.IGNORECASE):
        return None
    return None if re.search(r"[\s\x00-\x1f\x7f]", url) else url


def clip(text: object, limit: int = MAX_FIELD_CHARS) -> str:
    """Outside text on one line, cut to `limit` characters."""
    flat = _CONTROL.sub(" ", "" if text is None else str(text)).strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def css_class(value: object) -> str:
    """A value as part of a class name: lowercase letters and hyphens only."""
    return re.sub(r"[^a-z-]", "", str(value))


def short_url(url: object) -> str:
    """A URL as a link's label: without its scheme, cut like any outside text."""
    return clip(re.sub(r"^https?://", "", "" if url is None else str(url), flags=re.IGNORECASE))


# Inline Markdown that could format, link or break a table cell. Line-start syntax (#, -, +, >)
# needs no escape: outside text never starts a line here.
_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~>])")
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
    Markdown punctuation backslash-escaped, `&` and `<` as entities (they show as themselves),
    no bidirectional control, `$` alone in a span (GitHub's own way to keep it from starting
    math), and a zero-width space breaking whatever GitHub would make a link, a mention, a
    reference or an emoji of (`_BREAKS`; inside a link's text, where GitHub links and
    references nothing, only emoji codes)."""
    flat = _BIDI.sub("", clip(text, limit))
    for pattern, replacement in _BREAKS[-1:] if in_link else _BREAKS:
        flat = pattern.sub(replacement, flat)
    if not in_link:
        flat = _HEX_RUN.sub(_hex_cut, flat)
    flat = flat.replace("&", "&amp;").replace("<", "&lt;")
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


def most_that_fit(
    attempt: Callable[[int], str], fits: Callable[[str], bool], high: int, low: int = 0
) -> tuple[int, str] | None:
    """The largest n from `low` to `high` whose `attempt(n)` `fits`, with that text; None when
    not even `low` fits. A binary search: whatever fits with n items fits with fewer."""
    best: tuple[int, str] | None = None
    while low <= high:
        middle = (low + high) // 2
        candidate = attempt(middle)
        if fits(candidate):
            best, low = (middle, candidate), middle + 1
        else:
            high = middle - 1
    return best
