"""Naming papers: the method or system an abstract introduces, else a short title prefix, the code
repository's name, or the first words of the title or abstract. Pure functions, no I/O."""

from __future__ import annotations

import re
from collections.abc import Sequence

from auditor.links.scan import find_urls

_EMPHASIS_START, _EMPHASIS_END = "\x02", "\x03"
_INTRO = re.compile(
    r"\b(?:(?:we|this\s+(?:paper|work|study|article)|here|and)(?:\s+[\w-]+){0,3}?\s+"
    r"(?:propose|proposes|present|presents|introduce|introduces|develop|develops|contribute"
    r"|release|releases|construct|constructs|call|term|name|dub|refer\s+to\s+(?:it\s+)?as)"
    r"|(?:dubbed|termed|named|called))\s+",
    re.I,
)
_OUR_SYSTEM = re.compile(
    r"\bour\s+(?:(?:first|second|new|proposed|novel)\s+)?"
    r"(?:method|algorithm|framework|model|approach|system|benchmark|dataset|library|tool)\s+"
    r"(\S+)",
    re.I,
)
# Sentences that report findings about things that exist, not what the paper introduces.
_FINDING = re.compile(
    r"\b(?:we|this\s+(?:paper|work))\s+(?:\w+\s+)?(?:shows?|proves?|finds?|stud(?:y|ies)"
    r"|analy[sz]es?|examines?|observes?|demonstrates?)\b",
    re.I,
)
_CONTRIBUTION = re.compile(
    r"\b(?:in\s+this\s+(?:paper|work)|this\s+(?:paper|work)|we(?:\s+\w+){0,2}?\s+"
    r"(?:propose|present|introduce))\b",
    re.I,
)
_CLAUSE_BREAKS = frozenset(
    {"that", "which", "where", "whose", "to", "by", "with", "via", "using", "in", "on", "from"}
    | {"under", "over", "for", "of", "through", "as", "based", "while", "when", "into", "at"}
)
_ARTICLES = frozenset({"a", "an", "the", "new", "novel", "our"})
# Field-wide acronyms an abstract defines in passing; never the name of what it introduces.
_COMMON_ACRONYMS = frozenset(
    {
        "AI", "API", "AR", "CNN", "COT", "CPU", "CV", "DL", "DP", "ERM", "GAN", "GNN", "GPU",
        "ICL", "KDE", "LLM", "LM", "MARL", "MAS", "MDP", "ML", "MLLM", "MLP", "NLP", "ODE",
        "OOD", "PDE", "QA", "RAG", "RL", "RLHF", "RNN", "SDE", "SGD", "SOTA", "SSL", "VAE",
        "VLM", "VQA",
    }
)  # fmt: skip
_GENERIC_REPOSITORY_NAMES = frozenset(
    {"code", "src", "source", "project", "paper", "repo", "main", "release", "demo", "website"}
)
_TRAILING_SMALL_WORDS = frozenset({"a", "an", "the", "of", "in", "to", "for", "and", "on", "by"})


def paper_name(
    text: str,
    title: str | None = None,
    repository: str | None = None,
    *,
    urls: Sequence[tuple[int, int]] | None = None,
) -> str:
    """A short name for a paper: the method or system its abstract introduces.

    In order: a short title prefix before a colon (`SARDI: …`); the first name introduced by
    "we propose/present/introduce …", "… which we call X", "our algorithm X"; a parenthesised
    acronym after a capitalised phrase (`Self-Augmenting Retrieval … (SARDI)`); the title
    (a list's heading or item title); the `repository` name from the paper's code URL; an
    acronym after a lower-case phrase; else the first few words. Acronyms defined in a
    sentence that reports a finding ("we show that …") and field-wide ones (LLM, CoT, …) are
    not names.

    A name is never a URL or a whole sentence: URLs, list numbers (`1.`) and link labels are
    taken out of the title first; a title or text that opens with a coined name followed by
    prose (`DiasR generates videos.`) is named by it; a title that is a sentence is only the
    last resort, cut to its first words like the abstract. `urls`: where the URLs of `text`
    are, as written (start, end), when the caller has found them already (else found here).
    """
    sentence: str | None = None
    title = _clean_title(title) if title else None
    if title:
        prefix = title.split(":", 1)[0].strip()
        if ":" in title and 0 < len(prefix) <= 30 and len(prefix.split()) <= 3:
            return prefix
        leading = _leading_name(title)
        if leading:
            return leading
        if _is_sentence(title):
            sentence, title = title, None
    plain = _plain(_without_urls(text, urls))
    name = _introduced_name(plain) or _defined_acronym(plain, capitalised_phrase=True)
    if name is None and repository and title and _abbreviates(repository, title):
        return repository
    if name is None and title:
        return title  # the heading or title a list gives: before the repository's name
    if name is None and repository and repository.lower() not in _GENERIC_REPOSITORY_NAMES:
        name = repository
    name = name or _defined_acronym(plain, capitalised_phrase=False) or _leading_name(plain)
    return name or _first_words(sentence or plain)


_NUMBERING = re.compile(r"^\s*(?:\[\d{1,4}\]|\(?\d{1,4}[.)]|#\d{1,4})\s+")
_LABEL_WORDS = (
    r"(?:project\s+page|project|code|website|web\s*page|homepage|paper|pdf|arxiv|github|demo"
    r"|page|link|url|here)"
)
# Link labels left at a title's end once its URLs are gone: "… . Project Page:", "… [code]".
_LINK_LABELS = re.compile(
    rf"(?:\s*[|,;:.\-–—(\[]+\s*{_LABEL_WORDS}\b[\s:)\]]*|\s+{_LABEL_WORDS}\s*:\s*)+$", re.I
)
_SMALL_WORDS = frozenset({"for", "of", "in", "on", "and", "with", "via", "to", "the", "a", "an"})


def _abbreviates(repository: str, title: str) -> bool:
    """Whether a repository's name is coined from its paper's title, so names the paper: the
    title's initials (`PISD`), or pieces most of which open a different title word or spell a
    run of its initials (`LLapDiffusion` for "Latent Laplace Diffusion", `MemExplainer` for
    "Explaining … Memory …", `ao-gpt-mdm` for "Masked Diffusion Models are Any-Order …"). A
    name that is one title word, or none (`vanished`, `b`), is the repository's."""
    words = [word.lower() for word in re.findall(r"[A-Za-z]+", title)]
    initials = "".join(word[0] for word in words if word not in _SMALL_WORDS)
    if len(repository) >= 2 and repository.lower() == initials:
        return True
    all_initials = "".join(word[0] for word in words)
    pieces = [piece.lower() for piece in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", repository)]
    used: set[int] = set()
    matched = 0
    for piece in pieces:
        stem = piece[:4]
        found = next(
            (i for i, word in enumerate(words) if i not in used and word.startswith(stem)), None
        )
        if found is not None:
            used.add(found)
            matched += 1
        elif len(piece) >= 2 and piece in all_initials:
            start = all_initials.index(piece)
            used.update(range(start, start + len(piece)))
            matched += 1
    return len(used) >= 2 and 2 * matched > len(pieces)


def _without_urls(text: str, urls: Sequence[tuple[int, int]] | None = None) -> str:
    """The text with every URL in it (as written; at `urls`, when given) blanked, and stray
    schemes dropped."""
    if urls is None:
        found = find_urls(text, follows_lines=False)
        urls = [(url.start, url.start + len(url.written)) for url in found]
    pieces, done = [], 0
    for start, end in urls:
        pieces += [text[done:start], " "]
        done = end
    text = "".join([*pieces, text[done:]])
    return re.sub(r"\b(?:https?|ftp)\b(?::/*)?", " ", text, flags=re.I)


def _clean_title(title: str) -> str | None:
    """A title without URLs, list numbering, emphasis markers and trailing link labels."""
    text = _NUMBERING.sub("", _without_urls(title))
    text = re.sub(r"\*\*|__|`", "", text)
    text = re.sub(r"\s+", " ", text).strip(" :;,|-–—")
    text = _LINK_LABELS.sub("", text).strip(" :;,.|-–—")
    return text or None


def _is_sentence(text: str) -> bool:
    """Prose rather than a title: two sentences, or more words than any title has."""
    return re.search(r"[a-z0-9)][.!?]\s+\S", text) is not None or len(text.split()) > 30


def _leading_name(text: str) -> str | None:
    """A coined name that opens a sentence of prose: `DiasR generates videos …`."""
    words = _unmark(text).split()
    if len(words) < 2:
        return None
    first = words[0].strip(",;:")
    second = words[1]
    if not _is_name_like(first) or not second[:1].islower() or second in _SMALL_WORDS:
        return None
    return first


# `_plain`'s markup, in the order it is taken out: LaTeX (each needs a `\\` or a `$` in the
# text), then Markdown emphasis (a `*` or `_`). The marks a text lacks cost it no search.
_LATEX_STAR = re.compile(r"\$\^\{?(?:\\ast|\*)\}?\$")
_LATEX_TEXT_MATH = re.compile(
    r"\$\\(?:texttt|textbf|textsc|mathrm|mathtt|mathsf|text)\{([^{}$]*)\}\$"
)
_LATEX_EMPHASIS = re.compile(r"\\(?:emph|textbf|textit|texttt|textsc)\{([^{}]*)\}")
_LATEX_UNDERLINE = re.compile(r"\\underline\{([^{}]*)\}")
_LATEX_MATH = re.compile(r"\$[^$]*\$")
_INNER_STRONG = re.compile(r"(?<=\w)(\*\*|__)(\w+)\1|(\*\*|__)(\w+)\3(?=\w)")
_STRONG = re.compile(r"(?:\*\*|__)(.+?)(?:\*\*|__)")
_EMPHASIS = re.compile(r"(?<![\w*])\*([^*\n]+?)\*(?![\w*])")


def _plain(text: str) -> str:
    """Text with LaTeX and Markdown markup removed; emphasised spans stay marked so that
    "we introduce *local redundancy*" can name a lower-case term."""
    marked = rf"{_EMPHASIS_START}\1{_EMPHASIS_END}"
    if "$" in text or "\\" in text:
        text = _LATEX_STAR.sub("*", text)
        text = _LATEX_TEXT_MATH.sub(marked, text)
        text = _LATEX_EMPHASIS.sub(marked, text)
        text = _LATEX_UNDERLINE.sub(r"\1", text)
        text = _LATEX_MATH.sub(" ", text)
    if "*" in text or "_" in text:
        text = _INNER_STRONG.sub(r"\2\4", text)
        text = _STRONG.sub(marked, text)
        text = _EMPHASIS.sub(marked, text)
    return text.replace("``", "").replace("''", "")


def _unmark(text: str) -> str:
    return text.replace(_EMPHASIS_START, "").replace(_EMPHASIS_END, "")


def _sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.!?])\s+(?=[A-Z\x02(\[])", text)


def _introduced_name(text: str) -> str | None:
    candidates: list[tuple[int, str]] = []
    for match in _INTRO.finditer(text):
        end = re.search(r"[.!?](?:\s|$)", text[match.end() :])
        clause = text[match.end() : match.end() + end.start() if end else len(text)]
        name = _name_in_clause(clause)
        if name:
            candidates.append((match.start(), name))
            break
    for match in _OUR_SYSTEM.finditer(text):
        word = _unmark(match.group(1)).strip(",.;:")
        if _is_name_like(word):
            candidates.append((match.start(), word))
            break
    return min(candidates)[1] if candidates else None


def _name_in_clause(clause: str) -> str | None:
    """The first name-like token of the noun phrase a verb of introduction opens."""
    emphasised = re.match(
        rf"(?:(?:a|an|the|new|novel)\s+)*{_EMPHASIS_START}([^{_EMPHASIS_END}]{{1,60}})"
        rf"{_EMPHASIS_END}",
        clause,
    )
    if emphasised and len(emphasised.group(1).split()) <= 4:
        return emphasised.group(1).strip(" ,.")
    tokens: list[str] = re.findall(r"\([^()]*\)|[^\s()]+", _unmark(clause))
    for index, token in enumerate(tokens):
        if token.startswith("("):
            inner = token[1:-1].strip()
            if _is_acronym(inner):
                return inner
            continue
        word = token.strip(",;:\"'")
        if _is_name_like(word):
            return word
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        first_of_phrase = all(earlier.lower() in _ARTICLES for earlier in tokens[:index])
        if (
            first_of_phrase
            and word[:1].isupper()
            and word.isalpha()
            and (
                token.endswith(",")
                or (following.startswith("(") and not _is_acronym(following[1:-1]))
            )
        ):
            return word
        if token.endswith((",", ";", ":")):
            return None
        if word.lower() in _CLAUSE_BREAKS and not following[:1].isupper():
            return None
    return None


def _is_name_like(word: str) -> bool:
    """A coined name: capitals after the first letter (PiCCE, QM-LibBench, GENEB, MORetro*)."""
    letters = [char for char in word if char.isalpha()]
    if len(letters) < 2 or not re.fullmatch(r"[\w*+-]+", word):
        return False
    if word.upper().rstrip("S") in _COMMON_ACRONYMS or _is_plural_acronym(word):
        return False
    return any(char.isupper() for char in word[1:])


def _is_acronym(text: str) -> bool:
    return (
        re.fullmatch(r"[A-Za-z][\w*-]{1,19}", text) is not None
        and sum(char.isupper() for char in text) >= 2
        and not _is_plural_acronym(text)
        and text.upper() not in _COMMON_ACRONYMS
    )


def _is_plural_acronym(word: str) -> bool:
    return len(word) >= 3 and word.endswith("s") and word[-2].isupper()


def _defined_acronym(text: str, *, capitalised_phrase: bool) -> str | None:
    """The first acronym defined in parentheses after a phrase, preferring those defined after
    the abstract turns to its own contribution ("In this paper, …")."""
    plain = _unmark(text)
    contribution = _CONTRIBUTION.search(plain)
    turn = contribution.start() if contribution else 0
    candidates: list[tuple[bool, int, str]] = []
    offset = 0
    for sentence in _sentences(plain):
        if not _FINDING.search(sentence):
            for match in re.finditer(r"\(([^()\s]+)\)", sentence):
                acronym = match.group(1)
                before = sentence[: match.start()].split()
                if _is_acronym(acronym) and _is_capitalised_phrase(before) == capitalised_phrase:
                    position = offset + match.start()
                    candidates.append((position < turn, position, acronym))
        offset += len(sentence) + 1
    return min(candidates)[2] if candidates else None


def _is_capitalised_phrase(words: list[str]) -> bool:
    """Whether the words before "(" end in two or more capitalised words (connectives allowed)."""
    capitalised = 0
    for word in reversed(words):
        if word[:1].isupper():
            capitalised += 1
        elif word.lower() in ("of", "for", "to", "and", "the", "in", "on", "with", "via"):
            if capitalised == 0:
                return False
        else:
            break
    return capitalised >= 2


def _first_words(text: str, count: int = 6) -> str:
    words = _unmark(text).split()
    shown = words[:count]
    while len(shown) > 1 and shown[-1].lower() in _TRAILING_SMALL_WORDS:
        shown.pop()
    for index, word in enumerate(shown):
        if index and word.endswith((".", "!", "?")) and not re.search(r"\.\w", word):
            shown = shown[: index + 1]  # a clean cut at the end of the first sentence
            break
    name = " ".join(shown).rstrip(",;:.")
    return name + ("…" if len(words) > len(shown) else "") if name else "(untitled)"
