"""Finding URLs in prose written by people: plain and scheme-less URLs, LaTeX and Markdown markup,
and the breaks, glued words and escapes that abstracts copied from PDFs and digests carry.

Each URL is found as written (`written`, a piece of the text) and given as its author meant it
(`url`): a glued prefix (`seehttps://`, `Code:https://`) left out, a scheme given its `//`, a break
a line wrap or a PDF put inside it removed, LaTeX escapes (`\\_`, `$.$`) undone, a scheme added
where it was left out. A break is joined only when the result is a plausible URL: a known host
or a real top-level domain, and a path of the shape its host uses. Bare domains (`somelab.io`)
count only after a cue ("available at", "Project page:").

What a host is, which hosts are cited without a scheme and which top-level domains are real, this
module asks `auditor.links`. Pure functions, no I/O; linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from auditor.config.settings import DEFAULT_LIMITS
from auditor.links import (
    FILE_EXTENSION_TLDS,
    GITHUB,
    GITLAB,
    HUGGINGFACE,
    SCHEMELESS_HOSTS,
    SWHID,
    has_real_tld,
    is_github_owner,
    is_github_repository_name,
    is_plausible_host,
    schemeless_start,
)

# LaTeX writes a dot as `$.$` to keep arXiv from turning a name into a link.
_DOT = r"(?:\.|\$\.\$)"
# Hosts people cite without a scheme; a bare host must be followed by a path to count.
_SCHEMELESS = schemeless_start(_DOT)
# A scheme, glued to whatever precedes it (`bluehttps://`, `htthttps://`), with a space after
# the colon or the slashes, or without its `//` (`http:example.org`); `ftp` only as a word.
_START = re.compile(
    r"(?P<scheme>(?<![A-Za-z])ftp|https?)"
    r"(?:(?P<slashes>[ \t]?:[ \t]?//(?:[ \t]|\r?\n[ \t]*)?)|:/?(?=[A-Za-z0-9]))"
    rf"|(?<![\w@./:$-])(?P<bare>{_SCHEMELESS})",
    re.I,
)
# LaTeX escapes (`\_`) and dots (`$.$`) are part of a URL; quotes, brackets of markup, CJK and
# full-width punctuation and curly quotes never are. Brackets belong to a URL only in balanced
# pairs (`…/Python_(language)`): a closer it did not open ends it (`[url](url)`, `(see url)`).
_CHAR = (
    r"(?:\\[_%#&~]|\$\.\$|[^\s<>\"{}|\\^`$()\[\]\u00ab\u00bb\u2018-\u201f\u2026\u3000-\u303f"
    r"\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65])"
)
_URL_CHARS = re.compile(
    rf"(?:{_CHAR}|\((?:{_CHAR}|\[{_CHAR}*\])*\)|\[(?:{_CHAR}|\({_CHAR}*\))*\])*"
)
# Characters a copy from a PDF leaves inside URLs: zero-width spaces, word joiners, soft
# hyphens, byte order marks. Not the zero-width joiner and non-joiner (U+200C, U+200D): words
# of several scripts and emoji are written with them, so without them it is another URL.
_INVISIBLE = re.compile("[\u00ad\u200b\u2060\ufeff]")
# Sentence punctuation and emphasis markup after a URL are not part of it; `_` only when it
# closes an emphasis opened before the URL (`_https://…_`): repository names may end in one.
_TRAILING = frozenset(".,;:!?'\"*")
_EMPHASIS = "_"
_OPENERS = {")": "(", "]": "["}
# A break inside a URL: spaces on one line, or a line end and the next line's indent.
_BREAK = re.compile(r"[ \t]{1,2}(?=\S)|[ \t]*\r?\n[ \t]*(?=\S)")
_SCHEME_AHEAD = re.compile(r"(?:https?|ftp)\s?:", re.I)
# What makes a token look like a piece of a URL rather than a word of prose.
_URLISH = re.compile(r"[/._\-\d]|.[A-Z]")
# Cues after which a bare domain (`somelab.io`) is a link: "available at", "Project page:".
_CUE = re.compile(
    r"\b(?:(?:available|accessible|released|hosted|found|provided|published|shared|maintained"
    r"|open[- ]?sourced|downloaded|obtained|located)\s+(?:(?:publicly|online|freely|openly)\s+)?"
    r"(?:at|on|from|via|in)\s*:?|visit|see|(?:code|codes|project(?:\s+(?:page|website|webpage|site))?"
    r"|web\s?page|website|homepage|home\s+page|site|demo|data|dataset|repository|repo|github|url"
    r"|link|resources|benchmark|leaderboard)s?\s*:)[ \t]*(?:\r?\n[ \t]*)?",
    re.I,
)
# What every match of `_START` holds, lower-cased: a scheme, `www`, a GitHub Pages host, the first
# label of a host cited without a scheme; and of `_CUE`. A line holding none is not searched.
_START_WORDS = tuple(
    sorted(
        {"http", "ftp", "www", GITHUB.split(".")[0]}
        | {host.split(".")[0] for host in SCHEMELESS_HOSTS}
    )
)
_CUE_WORDS = (
    "available", "accessible", "released", "hosted", "found", "provided", "published", "shared",
    "maintained", "open", "downloaded", "obtained", "located", "visit", "see", "code", "project",
    "page", "site", "home", "demo", "data", "repo", "github", "url", "link", "resources",
    "benchmark", "leaderboard",
)  # fmt: skip
# The only letters outside ASCII that `re.IGNORECASE` matches to ASCII ones (dotted and dotless
# i, the long s, the Kelvin sign), as those (`folded`).
ASCII_FOLDS = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
_FOLDED = tuple(map(chr, ASCII_FOLDS))
_BARE_DOMAIN = re.compile(rf"[A-Za-z0-9-]{{1,63}}(?:{_DOT}[A-Za-z0-9-]{{1,63}}){{1,8}}")
# arXiv replaces every URL of an abstract with these words; "this http URL" also stands for
# sentence ends it mistook for domains, so it counts only after a cue.
# A SWHID written in prose (`swh:1:dir:…`, qualifiers such as `;origin=…` after it): archived
# code, cited as a Software Heritage link (`auditor.links` gives it its resolvable URL).
_SWHID_TEXT = re.compile(rf"(?<![\w:/]){SWHID.pattern}(?:;[^\s;<>\"]+)*", re.I)
_SWHID_MARK = ":1:"  # in every SWHID (`swh:1:dir:…`), whatever its case: text without it holds none
_LOST_HTTPS = re.compile(r"\bthis\s+https\s+URL\b", re.I)
_LOST_HTTP = re.compile(
    r"(?:\b(?:at|see|visit|via|in|on|from)|:|\{)\s*(?:\\url\{\s*)?this\s+http\s+URL\b", re.I
)
# What every URL holds: a colon (after a scheme, in a SWHID) or a dot between two name characters
# (in a host); text without either is passed over at once.
_MAYBE_URL = re.compile(rf":|[\w-]{_DOT}[\w-]")
# What every bare domain holds (`_BARE_DOMAIN`): without it no cue is followed by one, and the
# cues (many alternatives tried at every position) are not looked for.
_MAYBE_DOMAIN = re.compile(rf"[A-Za-z0-9-]{_DOT}[A-Za-z0-9-]")
_LATEX_HREF = re.compile(r"\\href\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_REPOSITORY_HOSTS = {GITHUB: 2, GITLAB: 2, HUGGINGFACE: 2}
_MAX_JOINS = 3


@dataclass(frozen=True, slots=True)
class FoundUrl:
    """A URL found in prose: `url` as its author meant it, `written` the piece of text it was
    read from (markup and trailing punctuation left out), `line` the line it starts on."""

    url: str
    line: int
    written: str = ""
    start: int = 0  # where `written` starts in the text searched


def find_urls(
    text: str,
    first_line: int = 1,
    *,
    follows_lines: bool = True,
    longest: int = DEFAULT_LIMITS.url_length,
) -> list[FoundUrl]:
    """Every URL in `text`: plain, `http://`, scheme-less `github.com/…` and `www.…`, bare
    domains after a cue, inside LaTeX `\\url{}`/`\\href{}{}`, Markdown links, autolinks and
    HTML `href="…"`. Link text that is itself a URL is left to its target (`[url](url)`,
    `\\href{target}{url}`). With `follows_lines` false every URL gets `first_line`. A URL
    written longer than `longest` (`--max-url-length`) is read no further: it is returned as
    written, longer than `longest`, for the caller to mark `unsupported`, never a prefix."""
    if _MAYBE_URL.search(text) is None:
        return []
    skipped = _link_texts(text)  # in text order, like the candidates
    found: list[FoundUrl] = []
    resume = counted = next_skip = 0
    line = first_line
    for start, end, url in sorted(_candidates(text, longest, folded(text))):
        while next_skip < len(skipped) and skipped[next_skip][1] <= start:
            next_skip += 1
        if start < resume or (next_skip < len(skipped) and skipped[next_skip][0] <= start):
            continue
        if _is_link_text(text, start, end):
            continue
        resume = end
        if follows_lines:
            line += text.count("\n", counted, start)
            counted = start
        written = text[start:end]
        found.append(FoundUrl(written if len(written) > longest else url, line, written, start))
    return found


def folded(text: str) -> str:
    """`text` as `re.IGNORECASE` compares it with lowercase ASCII: lower-cased, the letters
    outside ASCII it reads as ASCII ones written as those. A case-insensitive pattern matches
    only where its lowercase ASCII literals stand in `folded(text)`."""
    if text.isascii():
        return text.lower()
    for char in _FOLDED:  # rare: a line without them needs no translation (slow on every line)
        if char in text:
            return text.translate(ASCII_FOLDS).lower()
    return text.lower()


def holds_any(lowered: str, words: tuple[str, ...]) -> bool:
    """Whether `lowered` holds one of `words` (the screens' substring test)."""
    for word in words:  # noqa: SIM110 (a loop: twice as fast as `any()` over a generator)
        if word in lowered:
            return True
    return False


def lost_link(text: str) -> bool:
    """Whether arXiv replaced a URL of this text with its "this https URL" placeholder."""
    return _LOST_HTTPS.search(text) is not None or _LOST_HTTP.search(text) is not None


# --- candidates ---------------------------------------------------------------------------------


def _candidates(text: str, longest: int, lowered: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, URL as meant) of URLs with a scheme or a known host, then of bare domains
    after cues, in two passes merged by position; each pass only where its words stand in
    `lowered` (`folded(text)`)."""
    taken: list[tuple[int, int]] = []
    for swhid in _SWHID_TEXT.finditer(text) if _SWHID_MARK in text else ():
        written = _trim(swhid.group())
        yield swhid.start(), swhid.start() + len(written), written
    for match in _START.finditer(text) if holds_any(lowered, _START_WORDS) else ():
        if taken and match.start() < taken[-1][1]:
            continue
        candidate = (
            _with_scheme(text, match, longest)
            if match.group("scheme")
            else _schemeless(text, match, longest)
        )
        if candidate is not None:
            taken.append(candidate[:2])
            yield candidate
    if not holds_any(lowered, _CUE_WORDS) or _MAYBE_DOMAIN.search(text) is None:
        return
    spans = iter(taken)
    current = next(spans, None)
    for cue in _CUE.finditer(text):
        while current is not None and current[1] <= cue.end():
            current = next(spans, None)
        if current is not None and current[0] <= cue.end():
            continue
        candidate = _bare_domain(text, cue.end(), longest)
        if candidate is not None:
            yield candidate


def _with_scheme(text: str, match: re.Match[str], longest: int) -> tuple[int, int, str] | None:
    scheme, slashes = match.group("scheme"), match.group("slashes")
    if _SCHEME_AHEAD.match(text, match.end()):
        return None  # the scheme repeated: the URL starts at the second one
    closers = _EMPHASIS if text[match.start() - 1 : match.start()] == _EMPHASIS else ""
    end, body = _body(text, match.end(), longest, closers)
    if not body:
        return None
    end, body = _joined(text, end, body, longest, closers)
    if (slashes is None or re.search(r"\s", slashes)) and not is_plausible_host(_host(body)):
        return None  # `http:` without `//`, or with a space, before something that is no host
    return match.start(), end, f"{scheme}://{_meant(body)}"


def _schemeless(text: str, match: re.Match[str], longest: int) -> tuple[int, int, str] | None:
    end, body = _body(text, match.start(), longest)
    end, body = _joined(text, end, body, longest)
    return (match.start(), end, "https://" + _meant(body)) if body else None


def _bare_domain(text: str, position: int, longest: int) -> tuple[int, int, str] | None:
    """A bare domain right after a cue: only with a real top-level domain written in lower case,
    and not a file name (`train.py`) or a code host's name alone (`GitHub.com`)."""
    if _BARE_DOMAIN.match(text, position) is None or _SCHEME_AHEAD.match(text, position):
        return None
    end, body = _body(text, position, longest)
    end, body = _joined(text, end, body, longest)
    meant = _meant(body)
    host = _host(body)
    tld = host.rsplit(".", 1)[-1]
    if not tld.islower() or text[end : end + 1] in ("@", "(") or not has_real_tld(host):
        return None
    if any(not label or label[0] == "-" or label[-1] == "-" for label in host.split(".")):
        return None
    has_path = len(meant) > len(host)
    if not has_path and (tld in FILE_EXTENSION_TLDS or host.lower() in SCHEMELESS_HOSTS):
        return None
    return position, end, "https://" + meant


# --- the body of a URL --------------------------------------------------------------------------


def _body(text: str, position: int, longest: int, closers: str = "") -> tuple[int, str]:
    """(end, text) of the URL characters from `position`, sentence punctuation at its end cut;
    a run longer than `longest` is read to one character past it and kept untrimmed, so no
    trimming makes it look like a URL within the limit."""
    run = _URL_CHARS.match(text, position, min(len(text), position + longest + 1))
    written = run.group() if run else ""
    body = written if len(written) > longest else _trim(written, closers)
    return position + len(body), body


def _trim(candidate: str, closers: str = "") -> str:
    """Drop sentence punctuation, closing brackets the URL did not open and the `closers` of
    markup opened before it. The one place a URL's end is cut, for every text we read."""
    end = len(candidate)
    balance = {
        closer: candidate.count(closer) - candidate.count(opener)
        for closer, opener in _OPENERS.items()
    }
    while end:
        last = candidate[end - 1]
        if last in _OPENERS and balance[last] > 0:
            balance[last] -= 1
        elif last not in _TRAILING and last not in closers:
            break
        end -= 1
    return candidate[:end]


def _meant(body: str) -> str:
    """The URL without LaTeX escapes, LaTeX dots and invisible characters."""
    body = re.sub(r"\\([_%#&~])", r"\1", body.replace("$.$", "."))
    return _INVISIBLE.sub("", body)


def _host(body: str) -> str:
    """The host of a URL body (what comes before the first `/`, `?`, `#` or `:`)."""
    return re.split(r"[/?#:]", _meant(body), maxsplit=1)[0].split("@")[-1]


def _joined(text: str, end: int, body: str, longest: int, closers: str = "") -> tuple[int, str]:
    """The URL continued past breaks that split it: after a dot in an unfinished host, after a
    `/`, `-` or `_` in its path (see `_continues`)."""
    for _ in range(_MAX_JOINS):
        dot = text.startswith(".", end) and "/" not in _meant(body)
        gap = _BREAK.match(text, end + 1 if dot else end)
        if gap is None:
            break
        newline = "\n" in gap.group()
        next_end, token = _body(text, gap.end(), longest, closers)
        if not token or _SCHEME_AHEAD.match(token):
            break
        after = text[next_end : next_end + 1]
        if dot:
            if not _continues_host(body, token, after):
                break
            body, end = f"{body}.{token}", next_end
        elif (
            body.endswith(("/", "-", "_"))
            and is_plausible_host(_host(body))
            and _continues_path(body, token, after, newline)
        ):
            body, end = body + token, next_end
        else:
            break
    return end, body


def _continues_host(body: str, token: str, after: str) -> bool:
    """`example. org/x`: a host without a real ending completed by the next token into one, the
    token a lower-case host ending followed by a path or the end of the URL."""
    host = _host(body)
    if is_plausible_host(host):
        return False
    meant = _meant(token)
    ending = _host(token)
    rest = meant[len(ending) :]
    if not re.fullmatch(r"[a-z0-9][a-z0-9.-]*", ending):
        return False
    if not (rest[:1] in ("/", ":", "?", "#") or (not rest and (not after or after in ".,;)"))):
        return False
    return is_plausible_host(f"{host}.{ending}")


def _continues_path(body: str, token: str, after: str, newline: bool) -> bool:
    """Whether `token` after a break continues the path `body` ends with: a repository host's
    next segments when they are valid names; after `-` or `_`, a token at a line start or one
    shaped like a piece of a URL; else a token shaped like a path."""
    meant = _meant(body)
    host = _host(meant).lower().removeprefix("www.")
    segments = [part for part in meant.split("/")[1:] if part]
    ends_sentence = not after or after in ".,;)"
    name = token.split("/", 1)[0]
    urlish = _URLISH.search(token) is not None
    if token[:1].isupper() and not _URLISH.search(token[1:]):
        return False  # a capitalised word after a break is prose
    wanted = _REPOSITORY_HOSTS.get(host)
    if wanted is not None and len(segments) < wanted and meant.endswith("/"):
        valid = is_github_owner if not segments else is_github_repository_name
        if not valid(name) or (segments and not is_github_owner(segments[0])):
            return False
        if "/" in token or _URLISH.search(name):
            return True
        return bool(segments) and (newline or ends_sentence)  # `owner/` then a repository
    if meant.endswith(("-", "_")):
        return newline or urlish or ends_sentence
    if newline:
        return urlish or ends_sentence
    return "/" in token or re.search(r"\.[a-z]{2,5}$", token) is not None


# --- markup -------------------------------------------------------------------------------------


def _link_texts(text: str) -> list[tuple[int, int]]:
    """The text groups of `\\href{target}{text}`: what the reader sees, not where it leads."""
    if "\\href" not in text:
        return []
    return [match.span(2) for match in _LATEX_HREF.finditer(text)]


def _is_link_text(text: str, start: int, end: int) -> bool:
    """A URL that is the text of a Markdown link (`[url](target)`) whose target is a URL too."""
    if not (start and text[start - 1] == "[" and text.startswith("](", end)):
        return False
    target = text[end + 2 : end + 2 + 16].lower()
    return target.startswith(("http://", "https://", "www.")) or any(
        target.startswith(host) for host in SCHEMELESS_HOSTS
    )
