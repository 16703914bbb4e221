"""The issue-tracker classifier (`auditor.facts.blockers`): a table of titles and the blocker
each reports, and its precision on the benchmark's hand-written titles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auditor.facts.blockers import blocker_kind
from auditor.models import BlockerKind
from benchmarks.tracker import TITLES, UNSEEN, measure

W = BlockerKind.WEIGHTS_MISSING
C = BlockerKind.CODE_MISSING
D = BlockerKind.DATA_MISSING
R = BlockerKind.CANNOT_REPRODUCE
I = BlockerKind.INSTALL_FAILS  # noqa: E741 - one letter per kind
T = BlockerKind.RELEASE_WHEN

TABLE = [
    # each kind
    ("Link to the model checkpoint is dead", W),
    ("Pretrained weights not released", W),
    ("Source code missing from the repo", C),
    ("The repository is empty", C),
    ("Annotations are no longer available", D),
    ("Cannot reproduce Table 3", R),
    ("Results do not match the paper", R),
    ("pip install -e . fails", I),
    ("ModuleNotFoundError: No module named 'models'", I),
    ("When will the weights be released?", T),
    ("Any plan to open-source the training code?", T),
    # the artifact named first decides
    ("Code for downloading the dataset missing", C),
    ("Dataset and weights links both broken", D),
    # near misses
    ("Thanks for releasing the weights!", None),
    ("Weights released!", None),
    ("Feature request: export the checkpoint to ONNX", None),
    ("Question about the method in Section 3.2", None),
    ("How to use the pretrained weights on my data?", None),
    ("Reproduced the results successfully, thanks", None),
    ("", None),
    ("   ", None),
]


@pytest.mark.parametrize(("title", "kind"), TABLE)
def test_a_title_reports_its_blocker(title: str, kind: BlockerKind | None) -> None:
    assert blocker_kind(title) is kind


def test_whitespace_and_case_do_not_change_the_kind() -> None:
    assert blocker_kind("  CANNOT   reproduce\tthe RESULTS ") is R


def test_the_benchmark_holds_at_least_a_hundred_titles_of_every_kind_and_near_misses() -> None:
    kinds = [kind for _, kind in TITLES]
    assert len(TITLES) >= 100
    assert all(kinds.count(kind) >= 10 for kind in BlockerKind)
    assert kinds.count(None) >= 30


@pytest.mark.parametrize(("titles", "floor"), [(TITLES, 0.95), (UNSEEN, 0.9)])
def test_precision_on_the_hand_written_titles(
    titles: tuple[tuple[str, BlockerKind | None], ...], floor: float
) -> None:
    measured = measure(titles)
    assert measured.blocker_precision >= floor
    for score in measured.kinds:
        assert score.precision is None or score.precision >= floor, score.kind


def test_the_kinds_are_the_schemas() -> None:
    schema = json.loads(
        (Path(__file__).resolve().parents[1] / "docs/scorecard.schema.json").read_text()
    )
    tracker = schema["$defs"]["repo"]["properties"]["tracker"]
    kind = tracker["properties"]["reports"]["items"]["properties"]["kind"]
    assert kind["enum"] == [k.value for k in BlockerKind]
