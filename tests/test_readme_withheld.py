"""`auditor.readme.withheld`: sentences saying why the data or the weights cannot be released
(privacy, a licence, their size), and near misses that say no such thing. Our own sentences."""

from __future__ import annotations

import pytest

from auditor.models import ReadmeCover
from auditor.readme.parse import parse
from auditor.readme.withheld import withheld

DATA, WEIGHTS = ReadmeCover.DATA, ReadmeCover.WEIGHTS

SAYS_WHY = [
    ("The patient scans cannot be released for privacy reasons.", {DATA}),
    ("Due to the licence of the source corpus, we are not allowed to redistribute it.", {DATA}),
    ("Our dataset is 40 TB and too large to host; it cannot be shared online.", {DATA}),
    ("The trained weights cannot be released under our agreement with the sponsor.", {WEIGHTS}),
    ("Checkpoints are not publicly available because of their size (300 GB).", {WEIGHTS}),
    ("Because of GDPR, the recordings and the model weights cannot be shared.", {DATA, WEIGHTS}),
    ("We are unable to release the annotations: they are confidential.", {DATA}),
    ("The pre-trained models may not be distributed (proprietary terms of use).", {WEIGHTS}),
]
NEAR_MISSES = [
    "The data will be released soon.",  # a promise, no reason
    "The dataset is released under the CC BY 4.0 licence.",  # released, under a licence
    "We cannot release the code because of company policy.",  # code, not data or weights
    "The weights are not included in this repository; download them from the link below.",
    "Privacy matters: we anonymised every recording before training.",  # nothing withheld
    "Data cannot be loaded when the path is wrong.",  # no release verb, no reason
    "See the LICENSE file for the data's terms.",  # a licence, nothing withheld
]


@pytest.mark.parametrize(("sentence", "covers"), SAYS_WHY)
def test_a_sentence_saying_why_is_found_with_its_line(
    sentence: str, covers: set[ReadmeCover]
) -> None:
    found = withheld(parse(f"# Net\n\nNet learns.\n\n## Data\n\nSome words. {sentence}\n").lines)
    assert {item.cover for item in found} == covers
    for item in found:
        assert item.line == 7
        assert item.excerpt == sentence


@pytest.mark.parametrize("sentence", NEAR_MISSES)
def test_a_near_miss_is_no_such_sentence(sentence: str) -> None:
    assert withheld(parse(f"# Net\n\n{sentence}\n").lines) == ()


def test_code_and_headings_are_not_read() -> None:
    text = (
        "# The data cannot be released for privacy reasons\n\n"
        "```text\nThe weights cannot be shared (licence).\n```\n"
    )
    assert withheld(parse(text).lines) == ()
