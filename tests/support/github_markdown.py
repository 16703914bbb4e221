"""Markdown as GitHub renders it, near enough to test escaping: cmark-gfm (GitHub's own fork of
cmark, through `cmarkgfm`) with its autolink, table, strikethrough and tag-filter extensions,
then GitHub's own passes over the rendered text, which cmark-gfm lacks: @mentions, issue and
pull-request references (`#1`, `owner/repo#1`, `GH-1`), commit SHAs, `:emoji:` codes and `$…$`
math. `what_github_does(markdown)` lists everything in the rendering that is not literal
text, and `visible_text` is what the reader sees."""

from __future__ import annotations

import re

import cmarkgfm
from bs4 import BeautifulSoup
from bs4.element import NavigableString, Tag
from cmarkgfm.cmark import Options

_EXTENSIONS = ["autolink", "table", "strikethrough", "tagfilter"]
# GitHub's reference passes, over text outside links and code (what each one would make).
_REFERENCES = {
    "mention": re.compile(r"(?<![\w`])@[A-Za-z0-9][A-Za-z0-9-]*"),
    "issue": re.compile(r"(?<![\w&])#\d+\b"),
    "cross-reference": re.compile(r"\b[\w.-]+/[\w.-]+#\d+\b"),
    "GH-reference": re.compile(r"\bGH-\d+\b"),
    "commit": re.compile(r"\b[0-9a-fA-F]{7,40}\b"),
    "emoji": re.compile(r"(?i):(?:[a-z0-9_+-]*[a-z][a-z0-9_+-]*|[+-]1):"),
    "math": re.compile(r"\$(?=\S)[^$]*(?<=\S)\$"),
    "bidi control": re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"),
}


def render(markdown: str) -> BeautifulSoup:
    html = cmarkgfm.markdown_to_html_with_extensions(
        markdown, options=Options.CMARK_OPT_UNSAFE, extensions=_EXTENSIONS
    )
    return BeautifulSoup(html, "html.parser")


def what_github_does(markdown: str) -> list[str]:
    """Everything GitHub would make of `markdown` beyond literal text: links, HTML elements
    other than the spans that hold a `$`, and the reference passes' matches."""
    soup = render(markdown)
    found = [f"link to {a.get('href')}" for a in soup.find_all("a")]
    for tag in soup.find_all(True):
        if tag.name in ("p", "table", "thead", "tbody", "tr", "th", "td"):
            continue
        if tag.name == "span" and tag.get_text() == "$":
            continue  # GitHub's own way to write a `$` that starts no math
        found.append(f"<{tag.name}>")
    for node in soup.find_all(string=True):
        if not isinstance(node, NavigableString) or _inside(node, ("a", "code", "span")):
            continue
        # GitHub's passes ignore the zero-width space no more than they ignore any character.
        for kind, pattern in _REFERENCES.items():
            found += [f"{kind}: {match.group()!r}" for match in pattern.finditer(str(node))]
    return found


def visible_text(markdown: str) -> str:
    """The text a reader sees, zero-width spaces left out."""
    return render(markdown).get_text().replace("\u200b", "").strip()


def _inside(node: NavigableString, names: tuple[str, ...]) -> bool:
    parent = node.parent
    while isinstance(parent, Tag):
        if parent.name in names:
            return True
        parent = parent.parent
    return False
