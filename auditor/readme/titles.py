"""When two titles name the same work: a comparison of their words, light enough for the
rubric to import without the README analysis (`auditor.readme.ownership` and the citation rule
both ask it)."""

from __future__ import annotations

import re

_FILLER = frozenset({"the", "and", "for", "with", "via", "from", "towards", "using", "into"})


_COMPOUND = re.compile(r"[^\W_]+(?:[-_][^\W_]+)*")


def text_words(text: str) -> set[str]:
    """Every word of a text, casefolded, and each hyphenated compound joined (`Trans-EnV` →
    {"trans", "env", "transenv"}): what a README's words and a paper's name are compared by."""
    words: set[str] = set()
    for compound in _COMPOUND.findall(text.casefold()):
        parts = re.split(r"[-_]", compound)
        words.update(parts)
        if len(parts) > 1:
            words.add("".join(parts))
    return words


def title_words(text: str) -> set[str]:
    """A title's words that tell works apart: letters only, three or more, no filler."""
    return {w for w in re.findall(r"[^\W\d_]{3,}", text.casefold()) if w not in _FILLER}


def same_title(one: str, other: str) -> bool:
    """Two titles of the same work: at least half the words of the shorter are shared."""
    a, b = title_words(one), title_words(other)
    return bool(a and b) and len(a & b) >= 0.5 * min(len(a), len(b))
