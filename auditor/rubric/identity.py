"""The paper's identity against what the cited repository says of itself, once papers and
repositories are matched: is the repository about another work (tier `mismatch`), or is its
README another project's kept (it then credits no documentation criterion)?

What the repository says of itself comes from its facts (`RepoFacts`): the README's words, its
BibTeX titles and arXiv ids, the inherited-README answer of `auditor.readme.ownership`, and the
description. Conservative, since a mismatch takes every credit away:
  * evidence of another work is a BibTeX title not the paper's (the paper's title known, or its
    name standing in no BibTeX title), or an arXiv id not the paper's (the paper's id known);
  * none counts while anything the repository says (README, BibTeX titles, description) names
    the paper: its arXiv id, its title (most of its words), its acronym or a word of its name;
  * a mismatch needs the repository's own description to name the other work as well; with the
    README alone naming it, the README is another project's kept (a base project carried
    unchanged) and only the documentation is lost, the code still counts.
A README that names no work at all, or names the paper beside another work, is never either.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from auditor.links import ARXIV_NUMBER, arxiv_id
from auditor.models import Inherited, OtherWork, Paper, RepoFacts
from auditor.readme.titles import same_title, text_words, title_words

# Words of a paper's name that name no work.
_GENERIC = frozenset(
    {"code", "official", "implementation", "pytorch", "tensorflow", "paper", "project", "repo",
     "repository", "model", "models", "learning", "deep", "neural", "network", "networks",
     "method", "towards", "with", "from", "using", "main", "master", "release"}
)  # fmt: skip
_ARXIV_TEXT = re.compile(rf"\b({ARXIV_NUMBER})\b")
# Most of a title's words, in the README's words, name it.
_TITLE_SHARE = 0.75
# A name's first letters a word of the text must start with.
_PREFIX_SHARE = 0.6


@dataclass(frozen=True, slots=True)
class Identity:
    """What a paper is called: the name words that could name it, its title, its acronym (the
    title's part before a colon, when short), its arXiv id."""

    name_words: frozenset[str]
    title: str | None
    acronym: str | None
    arxiv_id: str | None

    @classmethod
    def of(cls, paper: Paper, links: Iterable[str] = ()) -> Identity:
        ids = [found for found in map(arxiv_id, (*paper.links, *links)) if found]
        head, colon, _ = (paper.title or "").partition(":")
        acronym = head.strip() if colon and len(head.split()) <= 2 else None
        words = {w for w in text_words(paper.name) if len(w) >= 3 and w not in _GENERIC}
        return cls(frozenset(words), paper.title, acronym, ids[0] if ids else None)

    def named_by(
        self, words: Sequence[str], arxiv_ids: Iterable[str], titles: Iterable[str] = ()
    ) -> bool:
        """Whether a text (its sorted words, its arXiv ids, the titles it gives) names the
        paper: loosely, since a README found naming the paper is never another work's."""
        if self.arxiv_id and self.arxiv_id in arxiv_ids:
            return True
        if self.acronym and all(_has(words, w) for w in text_words(self.acronym)):
            return True
        if any(_near(words, name) for name in self.name_words):
            return True
        if any(_initials_name(name, title) for name in self.name_words for title in titles):
            return True
        title = title_words(self.title or "")
        shared = sum(_has(words, w) for w in title)
        return len(title) >= 2 and shared >= _TITLE_SHARE * len(title)

    def other_title(self, title: str) -> bool:
        """A BibTeX title of a work that is not the paper."""
        if self.title:
            return not same_title(self.title, title)
        return bool(self.name_words) and not self.named_by(sorted(text_words(title)), (), [title])


@dataclass(frozen=True, slots=True)
class Judgement:
    """Tier `mismatch` (`other_work`), or the README another project's (`inherited_from`)."""

    other_work: OtherWork | None = None
    inherited_from: str | None = None


def judge_identity(identity: Identity, facts: RepoFacts | None) -> Judgement:
    """Whether the repository of `facts` is about another work than the paper (module
    docstring)."""
    # The README's words live in memory only: facts read back from a scorecard (a merge of
    # shards) have none, and without them nothing can tell that the README names the paper.
    if facts is None or not facts.readme_analysed or not facts.readme_words:
        return Judgement()
    description = facts.description or ""
    extra = text_words(description)
    for title in facts.readme_citation_titles:
        extra |= text_words(title)
    said = sorted({*facts.readme_words, *extra})
    arxiv_ids = {*facts.readme_arxiv_ids, *_ARXIV_TEXT.findall(description)}
    inherited = facts.readme_inherited
    upstream = (
        (inherited.other_work or "another project")
        if inherited is not None and inherited.inherited is Inherited.YES
        else None
    )
    if identity.named_by(said, arxiv_ids, (*facts.readme_citation_titles, description)):
        return Judgement(inherited_from=upstream)
    evidence = [
        f"BibTeX title: {title}"
        for title in facts.readme_citation_titles
        if identity.other_title(title)
    ]
    if identity.arxiv_id:
        evidence += [f"arXiv:{found}" for found in sorted(arxiv_ids) if found != identity.arxiv_id]
    if not evidence:
        return Judgement(inherited_from=upstream)
    name = _work_name(evidence)
    if description and _names(description, name):
        return Judgement(OtherWork(name, (*evidence, f"description: {description}")))
    return Judgement(inherited_from=upstream or name)


def _has(words: Sequence[str], word: str) -> bool:
    at = bisect_left(words, word)
    return at < len(words) and words[at] == word


def _near(words: Sequence[str], name: str) -> bool:
    """A word of the text sharing the name's first letters (most of them, four at least):
    `Buzzword` in "Buzzwords", `Morph4D` in "MorphoSim", `ODGNNLoc` in "ODGNN"."""
    head = name[: max(4, math.ceil(_PREFIX_SHARE * len(name)))]
    at = bisect_left(words, head)
    return at < len(words) and words[at].startswith(head)


def _initials_name(name: str, title: str) -> bool:
    """A name made of a title's initials (`PAMM`, "Parameter Aware Mamba Model for …")."""
    initials = "".join(word[0] for word in re.findall(r"[^\W\d_]+", title.casefold()))
    return len(name) >= 3 and name.isalpha() and name in initials


def _work_name(evidence: list[str]) -> str:
    """The other work's name: its BibTeX title's short name (before a colon), else its id."""
    if not evidence[0].startswith("BibTeX title: "):
        return evidence[0]
    title = evidence[0].removeprefix("BibTeX title: ")
    head, colon, _ = title.partition(":")
    return head.strip() if colon and len(head.split()) <= 3 else title


def _names(description: str, name: str) -> bool:
    """Whether a description names the work `name` (its id, or most of its words)."""
    if name.startswith("arXiv:"):
        return name.removeprefix("arXiv:") in description
    words = title_words(name) or text_words(name)
    return bool(words) and len(words & text_words(description)) >= _TITLE_SHARE * len(words)
