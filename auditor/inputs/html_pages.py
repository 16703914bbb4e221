"""HTML lists: proceedings pages (elements classed as papers, `<article>`s, `<dt>`/`<dd>` groups),
list items, table rows, heading sections and long paragraphs; `href`s resolved against the page."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Iterator
from urllib.parse import urljoin

from bs4 import BeautifulSoup
from bs4.element import Comment, NavigableString, Tag

from auditor.deadline import checkpoint
from auditor.inputs.model import (
    BOILERPLATE_HEADINGS,
    MIN_ABSTRACT_WORDS,
    PaperRecord,
    Reading,
    Span,
)
from auditor.inputs.soup import DEFAULT_MAX_DEPTH, parse_html

_PAPER_CLASS = re.compile(
    r"^(?:paper|publication|pub|entry|bib-?item|article)s?$"
    r"|^paper[-_]?(?:item|card|entry|row|block|container)$",
    re.I,
)
# Anchors to a proceedings' own files; on PMLR the PDF is on raw.githubusercontent.com and
# would otherwise pass for code.
_ARTIFACT_ANCHORS = re.compile(
    r"^\[?\s*(?:download\s+)?(?:pdf|bib|bibtex|supp(?:lementa(?:l|ry))?(?:\s+material)?|metadata"
    r"|reviews?|abs|abstract)\s*\]?$",
    re.I,
)
# Enough of an element's text for a title, a label or the words of an abstract.
_TEXT_LIMIT = 2000
_SKIPPED_TAGS = frozenset({"script", "style", "noscript", "template", "nav", "header", "footer"})


class _Ancestry:
    """Per element, whether it lies in a skipped element (navigation, header, footer, script…)
    and whether an ancestor is already a paper: each element's answer is worked out once, from
    its parent's, so that no walk up the tree is repeated (nested lists stay linear)."""

    def __init__(self, chosen: set[int] | None = None) -> None:
        self.chosen: set[int] = chosen if chosen is not None else set()
        self._flags: dict[int, tuple[bool, bool]] = {}

    def _of(self, element: Tag | None) -> tuple[bool, bool]:
        """(skipped, chosen) for `element` and its ancestors together."""
        path: list[Tag] = []
        flags = (False, False)
        while element is not None:
            known = self._flags.get(id(element))
            if known is not None:
                flags = known
                break
            path.append(element)
            element = element.parent
        for node in reversed(path):
            flags = (flags[0] or node.name in _SKIPPED_TAGS, flags[1] or id(node) in self.chosen)
            self._flags[id(node)] = flags
        return flags

    def in_skipped(self, tag: Tag) -> bool:
        return self._of(tag.parent)[0]

    def in_chosen(self, tag: Tag) -> bool:
        return self._of(tag.parent)[1]


def _tags(nodes: Iterable[object]) -> Iterator[Tag]:
    return (node for node in nodes if isinstance(node, Tag))


def _start_of(tag: Tag, limit: int = _TEXT_LIMIT) -> str:
    """The start of an element's text, read no further than `limit` characters: elements
    nested in one another (unclosed `<p>`, `<a>`, `<h2>`) never make their text read over
    and over in full."""
    pieces: list[str] = []
    size = 0
    for piece in tag.strings:
        pieces.append(piece)
        size += len(piece)
        if size >= limit:
            break
    return " ".join(pieces)[:limit]


def html_records(
    reading: Reading, text: str, base_url: str | None, *, max_depth: int = DEFAULT_MAX_DEPTH
) -> Iterator[PaperRecord]:
    """Proceedings pages: elements classed as papers (PMLR `div.paper`, …) or `<article>`s;
    else `<dt>`/`<dd>` groups (CVF open access); else list items; else table rows; else
    heading sections; else long paragraphs. The page's title is the list's (`reading.title`).
    A page read from its headings or paragraphs has no list of papers (a project page, a page
    of prose): it is read, with one warning. Linear in the page: elements nest at most
    `max_depth` deep, and no element is walked twice."""
    soup = parse_html(text, max_depth=max_depth)
    heading = soup.title if soup.title is not None else soup.find("h1")
    if heading is not None:
        reading.title = _clean(_start_of(heading)) or None
    base_tag = soup.find("base", href=True)
    if isinstance(base_tag, Tag):
        # A base no URL parser accepts (a netloc invalid under NFKC) is ignored.
        with contextlib.suppress(ValueError):
            base_url = urljoin(base_url or "", str(base_tag["href"]))
    skipped = _Ancestry()
    fallback, papers = _html_papers(soup, skipped)
    if fallback and papers:
        reading.doubtful = True
        reading.warnings.append(
            f"{reading.name}: no list of papers on this page (no paper entries, list items or "
            f"table rows); {len(papers)} read from its {fallback}: is it a paper list?"
        )
    for group, title in papers:
        checkpoint()
        line = group[0].sourceline or 1
        spans: list[Span] = []
        for element in group:
            spans.extend(_html_spans(element, base_url, skipped))
        yield PaperRecord(line, title, None, tuple(spans))


def _html_papers(
    soup: BeautifulSoup, skipped: _Ancestry
) -> tuple[str, list[tuple[list[Tag], str | None]]]:
    """The page's papers, and "" or the fallback that found them (`headings`, `paragraphs`)."""
    classed = [
        tag
        for tag in soup.find_all(True)
        if tag.name == "article" or any(_PAPER_CLASS.match(name) for name in _classes(tag))
    ]
    if classed:
        return "", [([tag], _html_title(tag)) for tag in _outermost(classed, skipped)]
    terms = [tag for tag in soup.find_all("dt") if not skipped.in_skipped(tag)]
    if terms:
        groups: list[tuple[list[Tag], str | None]] = []
        for term in terms:
            group = [term]
            for sibling in _tags(term.next_siblings):
                if sibling.name != "dd":
                    break
                group.append(sibling)
            groups.append((group, _clean(_start_of(term)) or None))
        return "", groups
    items = _paper_items(soup, skipped)
    if items:
        return "", [([item], _html_title(item)) for item in items]
    rows = [
        row
        for row in soup.find_all("tr")
        if not skipped.in_skipped(row)
        and row.find("td", recursive=False)
        and not row.find("th", recursive=False)
    ]
    if rows:
        return "", [([row], _html_title(row)) for row in rows]
    sections = _heading_sections(soup, skipped)
    if sections:
        return "headings", sections
    paragraphs = [
        paragraph
        for paragraph in soup.find_all("p")
        if not skipped.in_skipped(paragraph)
        and len(_start_of(paragraph).split()) >= MIN_ABSTRACT_WORDS
    ]
    return "paragraphs", [([paragraph], None) for paragraph in paragraphs]


def _classes(tag: Tag) -> list[str]:
    value = tag.get("class")
    if isinstance(value, str):
        return value.split()
    return list(value or ())


def _outermost(tags: list[Tag], skipped: _Ancestry) -> list[Tag]:
    inside = _Ancestry({id(tag) for tag in tags})
    return [tag for tag in tags if not skipped.in_skipped(tag) and not inside.in_chosen(tag)]


def _paper_items(soup: BeautifulSoup, skipped: _Ancestry) -> list[Tag]:
    """List items that read as papers by their own text and links; their sub-lists belong
    to them, and a category item's sub-items are judged on their own."""
    papers: list[Tag] = []
    # Items come in document order, so an item is chosen before any item inside it is seen.
    chosen = _Ancestry()
    for item in soup.find_all("li"):
        if skipped.in_skipped(item) or chosen.in_chosen(item):
            continue
        words, links = _own_words_and_links(item)
        if links and all(link.startswith("#") for link in links):
            continue
        if words >= 4 or any("://" in link for link in links):
            papers.append(item)
            chosen.chosen.add(id(item))
    return papers


def _own_words_and_links(item: Tag) -> tuple[int, list[str]]:
    """Words and hrefs of a list item, its nested lists and items left out (each element is
    so read for one item only)."""
    words = 0
    links: list[str] = []
    stack = [item]
    while stack:
        node = stack.pop()
        if node.name == "a" and node.has_attr("href"):
            links.append(str(node["href"]))
        for child in node.children:
            if isinstance(child, Tag):
                if child.name not in ("ul", "ol", "li"):
                    stack.append(child)
            elif isinstance(child, NavigableString) and not isinstance(child, Comment):
                words += len(child.split())
    return words, links


def _heading_sections(
    soup: BeautifulSoup, skipped: _Ancestry
) -> list[tuple[list[Tag], str | None]]:
    sections: list[tuple[list[Tag], str | None]] = []
    for heading in soup.find_all(("h2", "h3", "h4")):
        if skipped.in_skipped(heading):
            continue
        title = _clean(_start_of(heading))
        if BOILERPLATE_HEADINGS.match(title):
            continue
        group = [heading]
        for sibling in _tags(heading.next_siblings):
            if sibling.name in ("h1", "h2", "h3", "h4"):
                break
            group.append(sibling)
        if any(tag.name == "p" for tag in group):
            sections.append((group, title or None))
    return sections


def _html_title(tag: Tag) -> str | None:
    for candidate in _tags(tag.descendants):
        if any("title" in name.lower() for name in _classes(candidate)) or candidate.name in (
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
        ):
            return _clean(_start_of(candidate)) or None
    for anchor in _tags(tag.descendants):
        if anchor.name not in ("a", "b", "strong"):
            continue
        text = _clean(_start_of(anchor))
        if len(text.split()) >= 3:
            return text
    return None


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _html_spans(element: Tag, base_url: str | None, skipped: _Ancestry) -> Iterator[Span]:
    """Text nodes as prose and `href`s as URLs, in document order."""
    line = element.sourceline or 1
    for node in element.descendants:
        if isinstance(node, Tag):
            line = node.sourceline or line
            if node.name == "a" and node.has_attr("href") and not skipped.in_skipped(node):
                href = _resolve(str(node["href"]), base_url)
                if href and not _ARTIFACT_ANCHORS.match(_clean(_start_of(node, 200))):
                    yield Span(href, line, is_url=True)
        elif (
            isinstance(node, NavigableString)
            and not isinstance(node, Comment)
            and node.parent is not None
            and node.parent.name not in _SKIPPED_TAGS
            and node.strip()
        ):
            yield Span(str(node), line)


def _resolve(href: str, base_url: str | None) -> str | None:
    """An absolute URL for an href, or None for in-page, script and unresolvable links."""
    href = href.strip()
    if not href or href.startswith("#") or re.match(r"(?:javascript|mailto|tel|data):", href, re.I):
        return None
    if re.match(r"[a-z][a-z0-9+.-]*:", href, re.I) or href.startswith("//"):
        return href
    if not base_url:
        return None
    try:
        return urljoin(base_url, href)
    except ValueError:  # a base or href no URL parser accepts
        return None
