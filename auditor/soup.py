"""The quiet HTML parser: html.parser's tree of any text, whatever it holds. Paper lists
(`auditor.inputs`) and checked pages (`auditor.pages`) are read through it."""

from __future__ import annotations

import warnings

from bs4 import (
    BeautifulSoup,
    MarkupResemblesLocatorWarning,
    ParserRejectedMarkup,
    XMLParsedAsHTMLWarning,
)


def parse_html(text: str) -> BeautifulSoup:
    """html.parser's tree of any text, quietly. The parser rejects some declarations (a `<![`
    it cannot read raises ParserRejectedMarkup): those pages are read again with every `<!` as
    text. bs4's warnings about markup that looks like a file name or XML are no reason to
    print anything for untrusted input."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MarkupResemblesLocatorWarning)
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        try:
            return BeautifulSoup(text, "html.parser")
        except ParserRejectedMarkup:
            return BeautifulSoup(text.replace("<!", "&lt;!"), "html.parser")
