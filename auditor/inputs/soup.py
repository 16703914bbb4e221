"""The quiet HTML parser: html.parser's tree of any text, whatever it holds. Paper lists
(`auditor.inputs`) and checked pages (`auditor.check.pages`) are read through it.

Bounded whatever the input: elements nested deeper than `max_depth` are not nested further
(their content joins the deepest element kept), so no walk up or down the tree costs more than
`max_depth` steps; and the parser looks at the run's deadline as it goes
(`auditor.deadline.checkpoint`), so a huge page cannot hold a run past it.
"""

from __future__ import annotations

import warnings
from typing import Any

from bs4 import (
    BeautifulSoup,
    MarkupResemblesLocatorWarning,
    ParserRejectedMarkup,
    XMLParsedAsHTMLWarning,
)
from bs4.builder._htmlparser import BeautifulSoupHTMLParser, HTMLParserTreeBuilder

from auditor.deadline import checkpoint

# Deeper than any page people write (HTML documents in the wild stay under ~50 levels).
DEFAULT_MAX_DEPTH = 256
_CHECK_EVERY = 512  # parser events between two looks at the deadline


class _BoundedParser(BeautifulSoupHTMLParser):
    max_depth = DEFAULT_MAX_DEPTH
    _events = 0

    def handle_starttag(
        self,
        tag: str,
        attrs: list[tuple[str, str | None]],
        handle_empty_element: bool = True,
    ) -> None:
        self._events += 1
        if self._events % _CHECK_EVERY == 0:
            checkpoint()
        # tagStack holds the open elements from the document itself down.
        if len(self.soup.tagStack) > self.max_depth:
            return  # too deep: the element is left out, its content kept
        super().handle_starttag(tag, attrs, handle_empty_element)

    def handle_data(self, data: str) -> None:
        self._events += 1
        if self._events % _CHECK_EVERY == 0:
            checkpoint()
        super().handle_data(data)


class _BoundedBuilder(HTMLParserTreeBuilder):
    def __init__(self, max_depth: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._max_depth = max_depth

    def feed(self, markup: Any, _parser_class: Any = None) -> None:
        depth = self._max_depth

        class Parser(_BoundedParser):
            max_depth = depth

        super().feed(markup, _parser_class=Parser)


def parse_html(text: str, *, max_depth: int = DEFAULT_MAX_DEPTH) -> BeautifulSoup:
    """html.parser's tree of any text, quietly, at most `max_depth` elements deep. The parser
    rejects some declarations (a `<![` it cannot read raises ParserRejectedMarkup): those pages
    are read again with every `<!` as text. bs4's warnings about markup that looks like a file
    name or XML are no reason to print anything for untrusted input."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MarkupResemblesLocatorWarning)
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        try:
            return BeautifulSoup(text, builder=_BoundedBuilder(max_depth))
        except ParserRejectedMarkup:
            return BeautifulSoup(text.replace("<!", "&lt;!"), builder=_BoundedBuilder(max_depth))
