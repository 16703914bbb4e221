"""Paper lists in, links out: finding URLs in prose written by people, normalising and
classifying them, de-duplicating them across papers, and naming each paper.

`extract_inputs` and `extract_documents` never raise for bad input: a skipped input becomes one
line in `errors`, a doubtful one a line in `warnings`, and both are logged here too.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import BinaryIO

from auditor.links import (
    REPOSITORY_KINDS,
    SCHEMELESS_HOSTS,
    normalize_url,
    repository_name,
)
from auditor.models import InputSummary, Link, LinkKind, Occurrence, Paper, SourceRef
from auditor.sources import (
    Document,
    InputFormat,
    PaperRecord,
    Reading,
    parse_date,
    read_document,
    read_path,
)

logger = logging.getLogger(__name__)

__all__ = [
    "Document",
    "Extraction",
    "FoundUrl",
    "InputFormat",
    "InputSummary",
    "extract_documents",
    "extract_inputs",
    "find_urls",
    "paper_name",
]

# --- finding URLs in prose ---------------------------------------------------------------------

# Hosts people cite without a scheme; a bare host must be followed by a path to count.
_SCHEMELESS = (
    r"(?:www\.[\w-]+(?:\.[\w-]+)+|(?:"
    + "|".join(re.escape(host) for host in SCHEMELESS_HOSTS)
    + r")(?=/)|[\w-]+\.github\.io(?![\w-]))"
)
# LaTeX escapes (`\_`) are part of a URL; quotes, brackets of markup, CJK and full-width
# punctuation and curly quotes never are.
_URL_CHAR = (
    r"(?:\\[_%#&~]|[^\s<>\"{}|\\^`\u00ab\u00bb\u2018-\u201f\u2026\u3000-\u303f\uff01-\uff0f"
    r"\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65])"
)
_URL = re.compile(rf"(?:\b(?:https?|ftp)://|(?<![\w@./:-]){_SCHEMELESS}){_URL_CHAR}*", re.I)
_CONTINUATION = re.compile(rf"[ \t]*({_URL_CHAR}+)")
_TRAILING = frozenset(".,;:!?'\"*")
_CLOSERS = {")": "(", "]": "[", "}": "{", ">": "<"}
_OWNER_LEVEL = re.compile(r"(?:github\.com|gitlab\.com|huggingface\.co)/[^/]+/$", re.I)


@dataclass(frozen=True, slots=True)
class FoundUrl:
    """A URL as written in prose (`raw`, markup and trailing punctuation removed) and its line."""

    raw: str
    line: int


def _trim(candidate: str) -> str:
    """Drop sentence punctuation and closing brackets the URL did not open."""
    end = len(candidate)
    balance = {
        closer: candidate.count(closer) - candidate.count(opener)
        for closer, opener in _CLOSERS.items()
    }
    while end:
        last = candidate[end - 1]
        if last in _CLOSERS and balance[last] > 0:
            balance[last] -= 1
        elif last not in _TRAILING:
            break
        end -= 1
    return candidate[:end]


def find_urls(text: str, first_line: int = 1, *, follows_lines: bool = True) -> list[FoundUrl]:
    """Every URL in `text`: plain, `http://`, scheme-less `github.com/…` and `www.…`, inside
    LaTeX `\\url{}`/`\\href{}{}`, Markdown links, autolinks and HTML `href="…"`.

    A URL wrapped at a line end is joined with the next line when the break is clearly inside
    it: the first part ends with `-` or `_`, or with `/` before a URL-ish token (or before a
    repository name after `github.com/owner/`). `raw` is then the two parts without the break.
    With `follows_lines` false every URL gets `first_line`.
    """
    found: list[FoundUrl] = []
    resume = 0
    for match in _URL.finditer(text):
        if match.start() < resume:
            continue
        raw = _trim(match.group())
        end = match.start() + len(raw)
        if follows_lines and end == match.end():
            joined = _join_wrapped(text, raw, end)
            if joined is not None:
                raw, end = joined
        resume = end
        line = first_line + (text.count("\n", 0, match.start()) if follows_lines else 0)
        if raw:
            found.append(FoundUrl(raw, line))
    return found


def _join_wrapped(text: str, raw: str, end: int) -> tuple[str, int] | None:
    """`raw` and the start of the next line when the line break splits one URL."""
    if not raw.endswith(("/", "-", "_")):
        return None
    newline = end + (2 if text.startswith("\r\n", end) else 1)
    if not text.startswith("\n", newline - 1):
        return None
    continuation = _CONTINUATION.match(text, newline)
    if continuation is None:
        return None
    token = _trim(continuation.group(1))
    if not token or re.match(r"(?:https?|ftp)://", token, re.I):
        return None
    urlish = re.search(r"[/._\-\d]|.[A-Z]", token) is not None
    if raw.endswith("/") and not urlish and not _OWNER_LEVEL.search(raw):
        return None
    return raw + token, continuation.start(1) + len(token)


# --- naming papers -----------------------------------------------------------------------------

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


def paper_name(text: str, title: str | None = None, repository: str | None = None) -> str:
    """A short name for a paper: the method or system its abstract introduces.

    In order: a short title prefix before a colon (`SARDI: …`); the first name introduced by
    "we propose/present/introduce …", "… which we call X", "our algorithm X"; a parenthesised
    acronym after a capitalised phrase (`Self-Augmenting Retrieval … (SARDI)`); the
    `repository` name from the paper's code URL; an acronym after a lower-case phrase; else
    the title, else the first few words. Acronyms defined in a sentence that reports a finding
    ("we show that …") and field-wide ones (LLM, CoT, …) are not names.
    """
    if title:
        prefix = title.split(":", 1)[0].strip()
        if ":" in title and 0 < len(prefix) <= 30 and len(prefix.split()) <= 3:
            return prefix
    plain = _plain(text)
    name = _introduced_name(plain) or _defined_acronym(plain, capitalised_phrase=True)
    if name is None and repository and repository.lower() not in _GENERIC_REPOSITORY_NAMES:
        name = repository
    name = name or _defined_acronym(plain, capitalised_phrase=False)
    if name:
        return name
    if title:
        return title.strip()
    return _first_words(plain)


def _plain(text: str) -> str:
    """Text with LaTeX and Markdown markup removed; emphasised spans stay marked so that
    "we introduce *local redundancy*" can name a lower-case term."""
    marked = rf"{_EMPHASIS_START}\1{_EMPHASIS_END}"
    text = re.sub(r"\$\^\{?(?:\\ast|\*)\}?\$", "*", text)
    text = re.sub(
        r"\$\\(?:texttt|textbf|textsc|mathrm|mathtt|mathsf|text)\{([^{}$]*)\}\$", marked, text
    )
    text = re.sub(r"\\(?:emph|textbf|textit|texttt|textsc)\{([^{}]*)\}", marked, text)
    text = re.sub(r"\\underline\{([^{}]*)\}", r"\1", text)
    text = re.sub(r"\$[^$]*\$", " ", text)
    text = re.sub(r"(?<=\w)(\*\*|__)(\w+)\1|(\*\*|__)(\w+)\3(?=\w)", r"\2\4", text)
    text = re.sub(r"(?:\*\*|__)(.+?)(?:\*\*|__)", marked, text)
    text = re.sub(r"(?<![\w*])\*([^*\n]+?)\*(?![\w*])", marked, text)
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
    name = " ".join(shown).rstrip(",;:.")
    return name + ("…" if len(words) > len(shown) else "") if name else "(untitled)"


# --- putting it together -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Extraction:
    papers: tuple[Paper, ...]
    links: tuple[Link, ...]  # de-duplicated across papers, in first-seen order
    errors: tuple[str, ...]  # one line per skipped input
    warnings: tuple[str, ...]
    inputs: tuple[InputSummary, ...]


@dataclass(slots=True)
class _LinkSoFar:
    kind: LinkKind
    papers: list[str] = field(default_factory=list)
    occurrences: list[Occurrence] = field(default_factory=list)


class _Collector:
    def __init__(self, paper_date: str | None) -> None:
        self._papers: list[Paper] = []
        self._links: dict[str, _LinkSoFar] = {}
        self._errors: list[str] = []
        self._warnings: list[str] = []
        self._inputs: list[InputSummary] = []
        self._paper_date = parse_date(paper_date) if paper_date else None
        if paper_date and self._paper_date is None:
            self._warn(f"paper date {paper_date!r} is not an ISO 8601 date; ignored")

    def _warn(self, message: str) -> None:
        self._warnings.append(message)
        logger.warning("%s", message)

    def add(self, reading: Reading) -> None:
        count = 0
        for count, record in enumerate(reading.records, start=1):
            self._add_paper(f"{reading.name}#{count}", reading.name, record)
        for message in reading.warnings:
            self._warn(message)
        if reading.error is not None:
            self._errors.append(reading.error)
            logger.error("%s", reading.error)
        elif count == 0 and not reading.warnings:
            self._warn(f"{reading.name}: no papers found")
        self._inputs.append(InputSummary(reading.name, reading.format, count, reading.error))

    def _add_paper(self, paper_id: str, path: str, record: PaperRecord) -> None:
        occurrences: dict[tuple[str, int, str | None], Occurrence] = {}
        kinds: dict[str, LinkKind] = {}
        for span in record.spans:
            found: Iterable[FoundUrl] = (
                [FoundUrl(span.text, span.line)]
                if span.is_url
                else find_urls(span.text, span.line, follows_lines=span.follows_lines)
            )
            for citation in found:
                normalized = normalize_url(citation.raw)
                if normalized is None:
                    continue
                kinds.setdefault(normalized.url, normalized.kind)
                occurrences.setdefault(
                    (normalized.url, citation.line, normalized.subpath),
                    Occurrence(paper_id, path, citation.line, citation.raw, normalized.subpath),
                )
        links = tuple(kinds)
        # A GitHub repository names the code better than weights or a review mirror do.
        code = sorted(
            (kinds[url] is not LinkKind.GITHUB_REPO, index, url, occurrence.raw)
            for index, ((url, _, _), occurrence) in enumerate(occurrences.items())
            if kinds[url] in REPOSITORY_KINDS
        )
        repository = repository_name(kinds[code[0][2]], code[0][2], code[0][3]) if code else None
        prose = "\n".join(span.text for span in record.spans if not span.is_url)
        self._papers.append(
            Paper(
                id=paper_id,
                name=paper_name(prose, record.title, repository),
                title=record.title,
                date=record.date or self._paper_date,
                source=SourceRef(path, record.line),
                links=links,
            )
        )
        for (link_url, _, _), occurrence in occurrences.items():
            link = self._links.setdefault(link_url, _LinkSoFar(kinds[link_url]))
            if paper_id not in link.papers:
                link.papers.append(paper_id)
            link.occurrences.append(occurrence)

    def result(self) -> Extraction:
        return Extraction(
            papers=tuple(self._papers),
            links=tuple(
                Link(url, so_far.kind, tuple(so_far.papers), tuple(so_far.occurrences))
                for url, so_far in self._links.items()
            ),
            errors=tuple(self._errors),
            warnings=tuple(self._warnings),
            inputs=tuple(self._inputs),
        )


def extract_inputs(
    paths: Sequence[str],
    *,
    documents: Sequence[Document] = (),
    paper_date: str | None = None,
    stdin: BinaryIO | None = None,
) -> Extraction:
    """Papers and links of the paper lists at `paths` (`-` reads `stdin`, default the process's
    standard input), then of `documents` already in memory. `paper_date` dates every paper
    whose input gives no date."""
    collector = _Collector(paper_date)
    for path in paths:
        collector.add(read_path(path, stdin=stdin))
    for document in documents:
        collector.add(read_document(document))
    return collector.result()


def extract_documents(
    documents: Sequence[Document], *, paper_date: str | None = None
) -> Extraction:
    """As `extract_inputs`, for inputs already in memory (ids `<document name>#n`)."""
    return extract_inputs((), documents=documents, paper_date=paper_date)
