"""Whether a README says why its data or trained weights cannot be released (rubric 2.0's n/a
path for D4 and E3, as NeurIPS's code guidelines accept): one sentence naming the data or the
weights, saying they cannot be released or shared, and giving the reason — privacy, a licence,
or their size. A promise ("will be released soon"), a licence the data *is* released under, or
a withheld thing without a reason is no such sentence."""

from __future__ import annotations

import re
from collections.abc import Sequence

from auditor.models import ReadmeCover, ReadmeEvidence
from auditor.readme.lines import excerpt
from auditor.readme.parse import Line
from auditor.readme.words import Screened

_I = re.IGNORECASE
_SUBJECTS = (
    (
        ReadmeCover.DATA,
        re.compile(r"\b(data(sets?)?|corpus|corpora|recordings|scans|annotations|records)\b", _I),
    ),
    (
        ReadmeCover.WEIGHTS,
        re.compile(r"\b(weights|checkpoints?|(pre-?)?trained\s+models?|model\s+parameters)\b", _I),
    ),
)
_SHARE = (
    r"(release|share|distribute|redistribute|publish|provide|host|upload|open[- ]?source"
    r"|make\s+(them|it)\s+(publicly\s+)?(available|public)|made\s+(publicly\s+)?(available|public))"
)
# Every match says "not", "n't" or "unable".
_WITHHELD = Screened(
    re.compile(
        r"\b(can\s*not|can't|cannot|could\s+not|couldn't|unable\s+to|not\s+(be\s+)?(allowed|permitted"
        r"|able)\s+to|may\s+not|must\s+not|are\s+not|is\s+not|will\s+not|won't)\s+(be\s+)?"
        r"(publicly\s+)?" + _SHARE + r"\w*"
        r"|\bnot\s+(be\s+)?(publicly\s+)?(available|released|shared|distributed|public)\b",
        _I,
    ),
    ("not", "n't", "unable"),
)
_REASON = re.compile(
    r"\b(privacy|private|confidential\w*|personal|patients?|sensitive|HIPAA|GDPR|consent"
    r"|ethic\w*|IRB|identifiable"  # privacy
    r"|licen[cs]\w*|terms\s+of\s+(use|service)|copyright\w*|proprietary|agreements?"  # licence
    r"|too\s+(large|big)|size|\d+(\.\d+)?\s*[TG]B\b|terabytes?|storage)\b",  # size
    _I,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def withheld(lines: Sequence[Line]) -> tuple[ReadmeEvidence, ...]:
    """The first sentence saying why the data (cover `data`) and the first saying why the
    weights (cover `weights`) cannot be released, each with its line; prose only."""
    found: dict[ReadmeCover, ReadmeEvidence] = {}
    for line in lines:
        if line.is_code or line.is_heading:
            continue
        # A sentence's match is one in its line (a sentence ends at a space): most lines hold
        # none, and need no splitting.
        if not (_WITHHELD.search(line.text) and _REASON.search(line.text)):
            continue
        for sentence in _SENTENCE_END.split(line.text):
            if not (_WITHHELD.search(sentence) and _REASON.search(sentence)):
                continue
            for cover, subject in _SUBJECTS:
                if cover not in found and subject.search(sentence):
                    found[cover] = ReadmeEvidence(cover, line.number, excerpt(sentence))
    return tuple(found[cover] for cover, _ in _SUBJECTS if cover in found)
