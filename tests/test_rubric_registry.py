"""The rubric registry: a criterion is declared once, beside its rule, and every reader (the
scorer, `auditor readme`, the summary, docs/rubric.md) follows the registry it is given; no
module but the rules modules writes a criterion id."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path

import pytest

from auditor.cli.readme import check_path
from auditor.models import CriterionResult, LinkKind, LinkResult, PaperScore, Tier
from auditor.render import rubric_doc
from auditor.rubric.evidence import (
    NO_FACTS,
    PASS,
    Answer,
    Context,
    Declarations,
    answer,
    facts_unknown,
)
from auditor.rubric.registry import CHECKLIST, CRITERIA, GATE, Registry, Rubric, links_resolve
from auditor.rubric.rules_access import LICENCE
from auditor.rubric.score import score_paper
from auditor.scorecard.summary import build_summary
from tests.support.scorecards import TODAY, gold_facts, paper, result
from tests.support.syntax import parsed, walked

ROOT = Path(__file__).resolve().parent.parent
# Where criterion ids may be written: the modules that declare the criteria.
HOMES = {ROOT / "auditor" / "rubric" / name for name in ("rules_access.py", "rules_content.py")}

FAIL, UNKNOWN = CriterionResult.FAIL, CriterionResult.UNKNOWN


def _demo_registry() -> Registry:
    """The rubric with one more checklist item, declared as the real ones are."""
    extra = Declarations()

    @extra.per_code_link(
        "D6", CHECKLIST, "Demo notebook", 6,
        passes="a `demo.ipynb` at the root", fails="none", unknown=NO_FACTS,
        fix="add a demo notebook (demo.ipynb)", file_can_pass=True,
    )  # fmt: skip
    def demo_notebook(ctx: Context) -> Answer:
        facts = ctx.candidate.facts
        if facts is None:
            return facts_unknown(ctx.candidate)
        if "demo.ipynb" in facts.root_files:
            return answer(PASS, "demo notebook: demo.ipynb", (ctx.candidate.url,))
        return answer(FAIL, "no demo notebook", (ctx.candidate.url,))

    return CRITERIA.adding(*extra)


def _scored(registry: Registry, *root_files: str) -> tuple[PaperScore, LinkResult]:
    facts = gold_facts(root_files=(*gold_facts().root_files, *root_files))
    link = result("https://github.com/lab/model", LinkKind.GITHUB_REPO, repo=facts)
    return score_paper(paper(), [link], Rubric(registry), today=TODAY), link


def test_a_criterion_declared_in_a_test_registry_reaches_every_reader(tmp_path: Path) -> None:
    registry = _demo_registry()
    # The scorer judges it, weighs it and counts it in the checklist gold needs in full.
    with_demo, link = _scored(registry, "demo.ipynb")
    without_demo, _ = _scored(registry)
    assert [c.id for c in with_demo.criteria] == [*(s.id for s in CRITERIA), "D6"]
    assert (with_demo.tier, with_demo.score) == (Tier.GOLD, 100)
    d6 = with_demo.criteria[-1]
    assert (d6.result, d6.reason) == (PASS, "demo notebook: demo.ipynb")
    assert (without_demo.tier, without_demo.score) == (Tier.SILVER, round(100 * 100 / 106))
    # The default rubric knows nothing of it.
    default, _ = _scored(CRITERIA, "demo.ipynb")
    assert "D6" not in {c.id for c in default.criteria}
    assert default.tier == Tier.GOLD

    # `auditor readme`: a folder's file passes it; a lone README file cannot tell.
    (tmp_path / "README.md").write_text("# Demo\n\nUsage: run the notebook.\n")
    (tmp_path / "demo.ipynb").write_text("{}")
    judged = check_path(tmp_path, registry)
    default_checklist = {item.id: item.result for item in check_path(tmp_path).checklist}
    assert {item.id: item.result for item in judged.checklist} == {**default_checklist, "D6": PASS}
    assert judged.as_json()["checklist"] == {
        k: v.value for k, v in {**default_checklist, "D6": PASS}.items()
    }
    assert "  ✓ D6 Demo notebook" in judged.as_text()
    lone = check_path(tmp_path / "README.md", registry)
    assert lone.checklist[-1].result == UNKNOWN
    assert "D6" not in check_path(tmp_path).as_text()

    # The summary's checklist counts six items.
    summary = build_summary([with_demo, without_demo], [link], registry)
    assert summary.checklist == {"0": 0, "1": 0, "2": 0, "3": 0, "4": 0, "5": 1, "6": 1}
    assert build_summary([with_demo], [link]).checklist["5"] == 1

    # The rubric document lists it, its weight, and the checklist it joins.
    doc = rubric_doc.render(registry)
    row = "| D6 | ML code completeness (Papers with Code checklist) | Demo notebook | 6 |"
    assert row in doc
    assert "add a demo notebook (demo.ipynb) |" in doc
    assert "The weights add up to 106." in doc
    assert "all 6 checklist items" in doc
    assert 'how many of D1–D6 they pass (`"0"`–`"6"`)' in doc
    assert row not in rubric_doc.render()


@pytest.mark.parametrize(
    ("changed", "message"),
    [
        ({"id": "A1"}, "criteria declared twice: A1"),
        ({"id": "Z1"}, "criteria outside their group's letter: Z1"),
        ({"group": CHECKLIST, "id": "D9"}, "the checklist judges a code link"),
    ],
)
def test_a_registry_refuses_criteria_that_cannot_be_told_apart_or_placed(
    changed: dict[str, object], message: str
) -> None:
    copy = replace(links_resolve, **changed)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message):
        Registry((*CRITERIA, copy))


def test_the_registry_orders_the_gate_before_what_it_guards() -> None:
    """The scorer judges the gate first and echoes it on every later criterion; the reports and
    scorecard.json list criteria in the registry's order."""
    ids = [spec.id for spec in CRITERIA]
    assert ids == sorted(ids)
    assert [spec.group for spec in CRITERIA.per_code_link][:3] == [GATE] * 3
    assert [spec.id for spec in CRITERIA.checklist] == ["D1", "D2", "D3", "D4", "D5"]
    assert {spec.id for spec in CRITERIA if spec.group == LICENCE} == {"C1", "C2"}
    assert Rubric().weights == {spec.id: spec.weight for spec in CRITERIA}


def _id_literals(path: Path, ids: set[str]) -> list[str]:
    tree = parsed(path)
    return [
        f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}"
        for node in walked(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids
    ]


def test_criterion_ids_are_written_only_where_the_criteria_are_declared() -> None:
    """Everywhere else asks by handle (`licence_declared.id`, `rubric.criteria.checklist`): an
    id written twice is a second list that must agree by hand."""
    ids = {spec.id for spec in CRITERIA}
    sources = sorted((ROOT / "auditor").rglob("*.py"))
    strays = [hit for path in sources if path not in HOMES for hit in _id_literals(path, ids)]
    assert strays == []
    # The scan sees ids where they are written: every criterion in its home.
    declared = {
        hit.rsplit(" ", 1)[-1].strip("'") for path in HOMES for hit in _id_literals(path, ids)
    }
    assert declared == ids
    # Templates ask the registry too (fixes and reasons by `problem_criteria`, never by id).
    written = re.compile(r"\b(?:" + "|".join(sorted(ids)) + r")\b")
    for template in sorted((ROOT / "templates").glob("*.j2")):
        assert not written.findall(template.read_text(encoding="utf-8")), template.name
