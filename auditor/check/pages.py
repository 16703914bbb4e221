"""What an HTML page says about itself: its title, whether it is an error or parking page
dressed as a success (a soft 404), and the code links a reader would follow from it (footers,
template credits and the code hosts' own pages left out; which links are code, `auditor.links`
decides). Tolerant of any bytes; no I/O.

Parsed by lexbor (selectolax), an HTML5 parser in C: a 50 KB page costs a fraction of a
millisecond where html.parser's tree cost tens (`python -m benchmarks.page_analysis`); walks up
the tree are remembered per element, so no page costs more than linear work."""

from __future__ import annotations

import contextlib
import functools
import re
from dataclasses import dataclass
from urllib.parse import unquote, urljoin

from selectolax.lexbor import LexborHTMLParser, LexborNode

from auditor.containment import PAGE_ANALYSIS, guarded
from auditor.deadline import checkpoint
from auditor.links import harvests_code, is_harvestable

_SOFT_404_TITLE = re.compile(
    r"""(?ix)
    \b404\b
    | \bpage\s+not\s+found\b
    | ^\s*not\s+found\s*$
    | \bfile\s+not\s+found\b
    | \bsite\s+not\s+found\b
    | \bpage\s+(?:does\s+not|doesn't|could\s+not|couldn't|cannot|can't)\s+(?:exist|be\s+found)\b
    | \bno\s+such\s+(?:app|site|page)\b
    """
)
# Phrases that only error and parking pages say (checked in the visible text).
_SOFT_404_TEXT = re.compile(
    r"""(?ix)
    there\s+isn't\s+a\s+github\s+pages\s+site\s+here
    | the\s+site\s+configured\s+at\s+this\s+address\s+does\s+not\s+contain\s+the\s+requested\s+file
    | this\s+page\s+could\s+not\s+be\s+found
    | looks\s+like\s+you've\s+followed\s+a\s+broken\s+link
    | this\s+domain\s+(?:name\s+)?(?:is|may\s+be)\s+for\s+sale
    | buy\s+this\s+domain
    | this\s+domain\s+(?:is\s+parked|has\s+expired)
    | parked\s+free,?\s+courtesy\s+of
    | domain\s+parking\s+by
    """
)
# A word of every phrase of _SOFT_404_TEXT, to skip the expression on pages without any.
_SOFT_404_WORDS = (
    "github pages",
    "configured",
    "could not be found",
    "broken link",
    "domain",
    "parked",
)
# Each of those split into its words: a text holding a phrase's words one space apart holds
# every one of them, however they are spaced.
_SOFT_404_WORD_SETS = tuple(tuple(phrase.split()) for phrase in _SOFT_404_WORDS)


def _may_say_a_phrase(folded: str) -> bool:
    """Whether a casefolded text holds every word of one of `_SOFT_404_WORDS`."""
    return any(all(word in folded for word in words) for words in _SOFT_404_WORD_SETS)


_CREDIT_TEXT = re.compile(
    r"""(?ix)
    \btemplates?\b
    | \bborrowed\s+from\b
    | \badapted\s+from\b
    | \bwebsite\s+source\b
    | \bsource\s+(?:code\s+)?(?:of|for)\s+this\s+(?:web\s*site|page)\b
    | \b(?:website|page)\s+(?:is\s+)?(?:based|built)\s+on\b
    """
)
_CHARSET = re.compile(r"charset=[\"']?([\w.:-]+)", re.IGNORECASE)
_META_CHARSET = re.compile(rb"<meta[^>]+charset=[\"']?([\w.:-]+)", re.IGNORECASE)
_CREDIT_MARKERS = ("footer", "credit")
# Elements that hold a sentence or less, as opposed to containers (div, section, body).
_TEXT_ELEMENTS = frozenset(
    {"p", "li", "td", "dd", "dt", "figcaption", "caption", "label", "small", "span", "em",
     "strong", "b", "i", "sup", "sub", "h1", "h2", "h3", "h4", "h5", "h6"}
)  # fmt: skip


# The words an error title may hold besides its error phrase: a site name, a path.
_ERROR_TITLE_EXTRA_WORDS = 4
_ERROR_WORDS = re.compile(r"(?i)\berror\b|\b404\b")
# An error page says little: a page with more words than this is a page, whatever its title.
_ERROR_PAGE_MAX_WORDS = 150
# How much of a page's words the error and parking phrases are looked for in (characters).
_PHRASE_SPAN = 20000


@dataclass(frozen=True, slots=True)
class PageFacts:
    title: str | None
    soft_404: str | None  # why the page looks like an error page, when it does
    code_links: tuple[str, ...]
    refresh: str | None = None  # where a `<meta http-equiv="refresh">` sends the reader
    more_code_links: int = 0  # code links left out past the cap


# `<meta http-equiv="refresh" content="0; url=https://…">` (HTML §4.2.5.3: a delay, then the URL).
_REFRESH = re.compile(r"^\s*\d[\d.]*\s*[;,\s]\s*(?:url\s*=\s*)?['\"]?([^'\"\s][^'\"]*)", re.I)


# Lexbor's names of the nodes that are no element.
_TEXT_NODE, _COMMENT_NODE = "-text", "-comment"
# Elements whose content no reader sees as the page's words.
_UNSEEN = ["script", "style", "template", "noscript"]


def _text(node: LexborNode | None, limit: int) -> str:
    if node is None:
        return ""
    if node.tag in (_TEXT_NODE, _COMMENT_NODE):
        text = node.text(deep=False)
    else:
        text = node.text(deep=True, separator=" ", strip=True)
    return " ".join(text.split())[:limit]


def _is_words(node: LexborNode) -> bool:
    """A text node, or an element that holds a sentence or less."""
    tag = node.tag
    return tag == _TEXT_NODE or tag in _TEXT_ELEMENTS or tag in {"a", "code", "abbr", "cite", "q"}


class _Credits:
    """Which anchors of one page are footer links or credits (template, "borrowed from"…).

    Linear in the page: whether an element lies in a footer or a credit block, and the start of
    an element's text, are worked out once per element and remembered, so that a paragraph of
    N links costs N small steps rather than N walks over the paragraph and its ancestors."""

    def __init__(self) -> None:
        # Keyed by the parsed node's address: lexbor gives a new Python object at each visit.
        self._in_credits: dict[int, bool] = {}
        self._texts: dict[tuple[int, int], str] = {}

    def _marked(self, element: LexborNode) -> bool:
        if element.tag == "footer":
            return True
        attributes = element.attributes
        markers = f"{attributes.get('id') or ''} {attributes.get('class') or ''}".lower()
        return any(marker in markers for marker in _CREDIT_MARKERS)

    def in_credit_block(self, element: LexborNode | None) -> bool:
        """Whether `element` or one of its ancestors is a footer or marked as credits."""
        path: list[LexborNode] = []
        known = False
        while element is not None:
            remembered = self._in_credits.get(element.mem_id)
            if remembered is not None:
                known = remembered
                break
            path.append(element)
            element = element.parent
        for node in reversed(path):
            known = known or self._marked(node)
            self._in_credits[node.mem_id] = known
        return known

    def text(self, node: LexborNode, limit: int) -> str:
        if node.tag == _TEXT_NODE:
            return _text(node, limit)
        key = (node.mem_id, limit)
        found = self._texts.get(key)
        if found is None:
            found = self._texts[key] = _text(node, limit)
        return found

    def credited(self, anchor: LexborNode) -> bool:
        """Whether an anchor is a footer link or a credit."""
        if self.in_credit_block(anchor.parent):
            return True
        # The words right around the anchor, or the sentence-sized element holding it.
        # Block siblings (a <footer> after the link) are other text, not the anchor's own words.
        siblings = (anchor.prev, anchor, anchor.next)
        nearby = " ".join(
            self.text(node, 150) for node in siblings if node is not None and _is_words(node)
        )
        node = anchor.parent
        while node is not None and node.tag in _TEXT_ELEMENTS:
            text = self.text(node, 400)
            if len(text) >= 300:
                break
            nearby = text
            node = node.parent
        return bool(_CREDIT_TEXT.search(nearby))


def _charset(content_type: str | None, body: bytes) -> str:
    """The header's charset, else a <meta charset> early in the page (the HTML standard's
    prescan, simplified), else UTF-8."""
    found = _CHARSET.search(content_type or "")
    if found:
        return found.group(1)
    meta = _META_CHARSET.search(body[:2048])
    return meta.group(1).decode("ascii") if meta else "utf-8"


_URL_PARTS = re.compile(r"[/?#&=]+")
_WORD_EDGES = "\"'()[]{}<>.,:;|!«»“”‘’"


def _without_url_echo(text: str, url: str) -> str:
    """`text` without the words that only echo the page's own URL (the URL itself, or one of
    its path segments): a "404" in a page's address says nothing about the page."""
    address = unquote(url).casefold()
    segments = set(_URL_PARTS.split(address))
    kept = []
    for word in text.split():
        token = word.strip(_WORD_EDGES).casefold()
        echoed = token in segments or (len(token) >= 8 and token in address)
        if not echoed or "404" not in token:
            kept.append(word)
    return " ".join(kept)


def _is_error_title(text: str) -> bool:
    """A title or heading that is an error message: an error phrase, and at most a few words
    besides it (a site name, a path) — never a title that merely contains "404" or "Not Found"
    ("Error 404 Detection: a benchmark", "Not Found: Learning to Search")."""
    if not text or not _SOFT_404_TITLE.search(text):
        return False
    rest = _ERROR_WORDS.sub(" ", _SOFT_404_TITLE.sub(" ", text))
    words = [word for word in re.split(r"[\s\-–—:|·•.!,]+", rest) if word]
    return len(words) <= _ERROR_TITLE_EXTRA_WORDS


def page_facts(
    body: bytes,
    url: str,
    content_type: str | None = None,
    *,
    cited: str | None = None,
    max_code_links: int | None = None,
    max_url_length: int | None = None,
) -> PageFacts:
    """`analyse_page` inside the per-link boundary: a page whose analysis fails (a bug of ours)
    is judged by its HTTP answer alone, without title, soft-404 verdict or code links; the
    failure is said and noted (`auditor.containment`). The deadline passing is the caller's."""
    return guarded(
        PAGE_ANALYSIS,
        cited or url,
        functools.partial(
            analyse_page,
            body,
            url,
            content_type,
            cited=cited,
            max_code_links=max_code_links,
            max_url_length=max_url_length,
        ),
        PageFacts(None, None, ()),
    )


def analyse_page(
    body: bytes,
    url: str,
    content_type: str | None = None,
    *,
    cited: str | None = None,
    max_code_links: int | None = None,
    max_url_length: int | None = None,
) -> PageFacts:
    """Title, soft-404 verdict and code links of an HTML page (at `url`, reached from the
    `cited` URL, by default `url` itself); tolerant of any bytes. Linear in the page, and
    stopped by the run's deadline (`auditor.deadline.checkpoint`).

    A "404" that only echoes the cited URL is no sign of an error page; one in the address a
    redirect led to still is. At most `max_code_links` code links are kept (in page order);
    `more_code_links` counts the others. Links longer than `max_url_length` are never harvested.
    """
    charset = _charset(content_type, body)
    try:
        text = body.decode(charset, errors="replace")
    except LookupError:  # an unknown charset name
        text = body.decode("utf-8", errors="replace")
    tree = LexborHTMLParser(text)
    checkpoint()
    title = _text(tree.css_first("title"), 300) or None
    heading_text = _text(tree.css_first("h1"), 200)
    base = url
    base_tag = tree.css_first("base[href]")
    if base_tag is not None:
        with contextlib.suppress(ValueError):  # a base no URL parser accepts: the page's own
            base = urljoin(url, (base_tag.attributes.get("href") or "").strip())
    links: dict[str, None] = {}
    left_out: set[str] = set()
    credits = _Credits()
    anchors = tree.css("a[href]") if harvests_code(url) else []
    # A page repeats its links (navigation, "#top", the paper): each href is resolved and
    # judged once.
    unharvestable: set[str] = set()
    for count, anchor in enumerate(anchors):
        if count % 256 == 0:
            checkpoint()
        href = (anchor.attributes.get("href") or "").strip()
        if href in unharvestable or (max_url_length is not None and len(href) > max_url_length):
            continue
        try:
            target = urljoin(base, href)
        except ValueError:  # e.g. an invalid IPv6 literal
            unharvestable.add(href)
            continue
        if target in links or target in left_out:
            continue
        if not is_harvestable(target):  # asked once a run per URL (its cache)
            unharvestable.add(href)
            continue
        if max_code_links is not None and len(links) >= max_code_links:
            left_out.add(target)  # counted, never checked (the credits test is left out too)
        elif not credits.credited(anchor):
            links[target] = None
    refresh = _refresh_target(tree, base)
    checkpoint()
    tree.strip_tags(_UNSEEN)
    visible = tree.root.text(deep=True, separator=" ", strip=True) if tree.root else ""
    soft_404: str | None = None
    # A title alone never makes a page dead: an error page is short and leads nowhere.
    if not links and len(visible.split(None, _ERROR_PAGE_MAX_WORDS)) <= _ERROR_PAGE_MAX_WORDS:
        for candidate in (title or "", heading_text):
            if _is_error_title(_without_url_echo(candidate, cited or url)):
                soft_404 = f'the page says "{candidate}"'
                break
    # The phrases' words are looked for in the text as it is before its words are put one space
    # apart: a page that lacks them (nearly every page) is spared that rewrite.
    if soft_404 is None and _may_say_a_phrase(visible[: _PHRASE_SPAN * 2].casefold()):
        # The first 20,000 characters of the page's words, one space apart (from twice as
        # many of the text: each text node's own spaces are already stripped).
        start = " ".join(visible[: _PHRASE_SPAN * 2].split())[:_PHRASE_SPAN]
        lowered = start.casefold()
        # The phrases' own words first: the regular expression over 20,000 characters is slow.
        if any(word in lowered for word in _SOFT_404_WORDS):
            found = _SOFT_404_TEXT.search(start)
            if found:
                soft_404 = f'the page says "{found.group(0)}"'
    if refresh is not None and max_url_length is not None and len(refresh) > max_url_length:
        refresh = None  # never followed, never copied into a report
    return PageFacts(title, soft_404, tuple(links), refresh, len(left_out))


def _refresh_target(tree: LexborHTMLParser, base: str) -> str | None:
    """The absolute http(s) URL a meta refresh sends the page's reader to, if any."""
    for meta in tree.css("meta[http-equiv][content]"):
        attributes = meta.attributes
        if (attributes.get("http-equiv") or "").strip().lower() != "refresh":
            continue
        found = _REFRESH.match(attributes.get("content") or "")
        if found is None:
            continue
        try:
            target = urljoin(base, found.group(1).strip())
        except ValueError:
            continue
        if target.lower().startswith(("http://", "https://")) and target != base:
            return str(target)
    return None
