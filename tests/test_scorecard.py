"""The typed scorecard and its JSON codec: the dataclasses and docs/scorecard.schema.json agree
both ways; what is written validates, reads back equal and is written back byte for byte; open
vocabularies load whatever a newer producer wrote; malformed files are one-line errors."""

from __future__ import annotations

import json
import os
import re
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from datetime import UTC, datetime, tzinfo
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from auditor import cli, render
from auditor.history import History
from auditor.links import is_code_link
from auditor.models import (
    OPEN_VOCABULARIES,
    ArchivedCopy,
    ArtifactKind,
    BlockerKind,
    CacheReuse,
    ChangeKind,
    DateSource,
    FoundCode,
    FoundVia,
    Hop,
    IssueTracker,
    Link,
    LinkKind,
    OtherWork,
    Outcome,
    Promise,
    PromiseKind,
    ReadmeCover,
    ReadmeEvidence,
    Release,
    RepoFacts,
    Reuse,
    Tier,
    TrackerReport,
    Whose,
    open_member,
)
from auditor.pipeline import run as run_module
from auditor.pipeline.shard import merge, stamp
from auditor.rubric.registry import CRITERIA, Rubric
from auditor.scorecard import (
    Acknowledgement,
    AcknowledgementStatus,
    Changes,
    JudgingRules,
    LinkEntry,
    LinkHistory,
    PaperEntry,
    Rejudging,
    RemovedLink,
    Review,
    Scorecard,
    ScorecardError,
    Shard,
    dumps,
    from_json,
    load_scorecard,
    to_json,
)
from auditor.scorecard.fields import LAYOUT
from auditor.scorecard.summary import build_summary, failed_ids, fails
from auditor.scorecard.writing import _entry_encoder
from auditor.timestamps import now_iso
from tests.support import schemas
from tests.support.audit_world import repositories
from tests.support.fake_github import FakeGitHub
from tests.support.local_servers import Exchange, Reply, html, redirect, serve
from tests.support.scorecards import (
    gold_facts,
    hostile_scorecard,
    paper,
    result,
    resummarized,
    scorecard,
    synthetic_scorecard,
)

SCHEMA: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[1] / "docs" / "scorecard.schema.json").read_text()
)

# How the dataclasses lie in the document, as the one codec reads and writes them (`LAYOUT`):
# fields whose own fields are written side by side in their parent's object,
INLINED: Mapping[type, frozenset[str]] = {
    cls: frozenset(name for name, rule in rules.items() if rule.inline)
    for cls, rules in LAYOUT.items()
}
# fields left out of the document when None (any other None is written as null),
ABSENT_WHEN_NONE: Mapping[type, frozenset[str]] = {
    cls: frozenset(
        spec.name
        for spec in fields(cls)
        if spec.name in rules
        and (rules[spec.name].omit_default or (rules[spec.name].inline and spec.default is None))
        # `found_via`, left out by `auditor extract`, a link entry always writes
        and (cls, spec.name) != (Link, "found_via")
    )
    for cls, rules in LAYOUT.items()
}
# and fields that are never written (validators for the next run, harvested raw links).
IN_MEMORY_ONLY: Mapping[type, frozenset[str]] = {
    cls: frozenset(name for name, rule in rules.items() if rule.never)
    for cls, rules in LAYOUT.items()
}


# --- the dataclasses against the schema -------------------------------------------------------


@dataclass(frozen=True)
class JsonField:
    annotation: Any
    required: bool  # always written


def _without_none(annotation: Any) -> Any:
    if isinstance(annotation, types.UnionType):
        rest = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        return rest[0] if len(rest) == 1 else typing.Union[tuple(rest)]  # noqa: UP007
    return annotation


def _is_optional(annotation: Any) -> bool:
    return isinstance(annotation, types.UnionType) and type(None) in typing.get_args(annotation)


def json_fields(cls: type) -> dict[str, JsonField]:
    """The members of the JSON object `cls` is written as, from its dataclass fields."""
    hints = typing.get_type_hints(cls)
    found: dict[str, JsonField] = {}
    for spec in fields(cls):
        if spec.name in IN_MEMORY_ONLY.get(cls, ()):
            continue
        annotation = hints[spec.name]
        absent = spec.name in ABSENT_WHEN_NONE.get(cls, ())
        if spec.name in INLINED.get(cls, ()):
            for name, inner in json_fields(_without_none(annotation)).items():
                assert name not in found, f"{cls.__name__}: {name} written twice"
                found[name] = JsonField(inner.annotation, inner.required and not absent)
        else:
            found[spec.name] = JsonField(
                _without_none(annotation) if absent else annotation, not absent
            )
    return found


def resolve(node: Mapping[str, Any]) -> Mapping[str, Any]:
    while "$ref" in node:
        target: Any = SCHEMA
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def branches(node: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    node = resolve(node)
    alternatives = node.get("oneOf") or node.get("anyOf")
    if alternatives:
        return [leaf for branch in alternatives for leaf in branches(branch)]
    return [node]


def allows_null(node: Mapping[str, Any]) -> bool:
    for branch in branches(node):
        kinds = branch.get("type", ())
        if kinds == "null" or (isinstance(kinds, list) and "null" in kinds):
            return True
        if None in branch.get("enum", ()) or ("const" in branch and branch["const"] is None):
            return True
    return False


def value_schema(node: Mapping[str, Any]) -> Mapping[str, Any]:
    """The branch for the value when it is not null."""
    found = [b for b in branches(node) if b.get("type") != "null"]
    assert len(found) == 1, node
    return found[0]


def check_vocabulary(enum: type[StrEnum], node: Mapping[str, Any], where: str) -> None:
    values = [member.value for member in enum]
    if enum in OPEN_VOCABULARIES:
        assert "enum" not in node, f"{where}: an open vocabulary is a string, not an enum"
        kinds = node["type"] if isinstance(node["type"], list) else [node["type"]]
        assert "string" in kinds, where
        assert node["examples"] == values, f"{where}: the known values are the examples"
        assert "must accept" in node["description"] or "open vocabulary" in node["description"]
    else:
        assert [v for v in node["enum"] if v is not None] == values, f"{where}: closed enum"


def check_against_schema(cls: type, node: Mapping[str, Any], where: str) -> None:
    node = value_schema(node)
    members = json_fields(cls)
    properties = node["properties"]
    required = set(node.get("required", ()))
    assert set(members) - set(properties) == set(), f"{where}: fields missing from the schema"
    assert set(properties) - set(members) == set(), f"{where}: schema properties with no field"
    for name, member in members.items():
        at = f"{where}.{name}"
        assert member.required == (name in required), f"{at}: required ⇔ always written"
        assert _is_optional(member.annotation) == allows_null(properties[name]), f"{at}: null"
        inner = _without_none(member.annotation)
        schema = value_schema(properties[name])
        if typing.get_origin(inner) is tuple:
            (inner, _) = typing.get_args(inner)
            schema = value_schema(schema["items"])
        if is_dataclass(inner):
            check_against_schema(inner, schema, at)
        elif isinstance(inner, type) and issubclass(inner, StrEnum):
            check_vocabulary(inner, schema, at)
        elif typing.get_origin(inner) is Mapping:
            assert "additionalProperties" in schema, f"{at}: a table of counts"


def test_the_dataclasses_and_the_schema_agree() -> None:
    check_against_schema(Scorecard, SCHEMA, "scorecard")


def test_the_change_vocabulary_is_the_schemas() -> None:
    assert SCHEMA["$defs"]["change"]["enum"] == [kind.value for kind in ChangeKind]
    assert [o.value for o in Outcome] == SCHEMA["$defs"]["outcome"]["enum"]
    assert [t.value for t in Tier] == SCHEMA["$defs"]["tier"]["enum"]


# --- what is written ------------------------------------------------------------------------


def every_fact() -> RepoFacts:
    """Repository facts with no field at its default: a field added to `RepoFacts` must be
    given a value here, and then the round trip proves the codec writes and reads it."""
    facts = gold_facts(
        "lab/every",
        parent="upstream/every",
        homepage="https://lab.example/every",
        readme_evidence=(ReadmeEvidence(ReadmeCover.INSTALL, 4, "## Install"),),
        latest_release=Release("v2", None),
        skipped=("last-commit",),
        readme_moved_to="https://github.com/lab/elsewhere",
        reading_list=False,
        fork_ahead_by=2,
        readme_citation_titles=("Every Field",),
        record_type="software",
        persistent_id="10.5281/zenodo.42",
        supplements=("https://github.com/lab/every",),
        commit="0123456789abcdef0123456789abcdef01234567",
        folder="src",
        ref="v2",
        tracker=IssueTracker(
            issues=41,
            read=20,
            reports=(
                TrackerReport(
                    kind=BlockerKind.WEIGHTS_MISSING,
                    number=7,
                    title="Checkpoint link is broken",
                    url="https://github.com/lab/every/issues/7",
                    open=True,
                    opened_at="2025-11-02T09:00:00Z",
                    labels=("question",),
                    answered=False,
                ),
                TrackerReport(
                    kind=BlockerKind.RELEASE_WHEN,
                    number=3,
                    title="When will the code be released?",
                    url="https://github.com/lab/every/issues/3",
                    open=False,
                    opened_at="2025-06-01T09:00:00Z",
                    closed_at="2025-07-01T09:00:00Z",
                    labels=("released",),
                    answered=True,
                ),
            ),
        ),
        readme_weights_promise=ReadmeEvidence(ReadmeCover.WEIGHTS, 9, "weights coming soon"),
        readme_results_commands=ReadmeEvidence(
            ReadmeCover.RESULTS_COMMANDS, 9, "python evaluate.py --table 2"
        ),
        readme_withheld=(ReadmeEvidence(ReadmeCover.DATA, 12, "The scans cannot be shared."),),
        readme_bare_citation=True,
        committed_weights=("checkpoints/model.pth",),
        weights_in_lfs=("checkpoints/model.pth",),
    )
    for spec in fields(RepoFacts):
        if spec.name in IN_MEMORY_ONLY[RepoFacts]:
            continue  # never written: nothing to write and read back
        assert getattr(facts, spec.name) != spec.default, f"give RepoFacts.{spec.name} a value"
    return facts


def full_scorecard() -> Scorecard:
    """Every optional part present: scores, repository facts, history, an acknowledgement,
    reviews, removals, a shard."""
    pid = "list.txt#1"
    link = result("https://github.com/lab/every", LinkKind.GITHUB_REPO, [pid], repo=every_fact())
    link = replace(
        link,
        link=replace(link.link, found_via="https://lab.github.io/every"),
        check=replace(link.check, redirects=(Hop("http://github.com/lab/every", 301),)),
        archived_copy=ArchivedCopy(
            "https://archive.softwareheritage.org/browse/origin/directory/?origin_url=x",
            "software-heritage",
            "2026-05-01T10:00:00Z",
        ),
        preservation="preserved",
    )
    dated = replace(
        paper(pid, title="Every Field"),
        date_source=DateSource.LIST,
        notes=("the abstract's link was lost by arXiv",),
        found_code=("https://github.com/lab/found",),
        key="arxiv:2401.00001",
        found_code_via=(
            FoundCode(
                "https://github.com/lab/found",
                FoundVia.HUGGINGFACE_PAPER_PAGE,
                "https://huggingface.co/papers/2401.00001",
            ),
        ),
    )
    card = scorecard([(dated, [link])])
    history = LinkHistory("2026-11-01T04:00:00Z", "2026-11-30T04:00:00Z", None, ("new",))
    acknowledged = Acknowledgement("server retired", "2027-03-01", AcknowledgementStatus.STALE)
    removed = RemovedLink(
        "https://gone.example/", LinkKind.WEB, (pid,), Outcome.DEAD,
        LinkHistory("2026-10-01T04:00:00Z", None, "2026-10-01T04:00:00Z", ("removed",)),
    )  # fmt: skip
    reviewed = Review("silver", "weights sent by mail", "A. Chair", "2026-11-20", differs=True)
    other = OtherWork("PriorWork", ("BibTeX title: PriorWork: A Study", "description: PriorWork"))
    promised = Promise(
        PromiseKind.WEIGHTS,
        "https://github.com/lab/every",
        "README line 9: weights coming soon",
        due="2026-06-29",
        overdue=True,
        days_after_paper=244,
        first_seen="2026-11-01T04:00:00Z",
    )
    return replace(
        card,
        papers=tuple(
            replace(
                entry,
                review=reviewed,
                score=entry.score
                and replace(
                    entry.score,
                    other_work=other,
                    reuse=Reuse.OPEN,
                    promises=(promised,),
                    overdue=True,
                ),
                changes=(ChangeKind.REJUDGED,),
            )
            for entry in card.papers
        ),
        links=tuple(
            replace(
                entry,
                # Marked a README's weights once scored: the paper keeps its code.
                result=replace(
                    entry.result,
                    link=replace(entry.result.link, artifact=ArtifactKind.WEIGHTS, whose=Whose.OWN),
                ),
                history=history,
                acknowledged=acknowledged,
                review=Review("ok", "checked by hand", "B. Chair", "2026-11-21", differs=False),
            )
            for entry in card.links
        ),
        removed_links=(removed,),
        changes=Changes(
            "2026-11-23T04:00:00Z",
            dict.fromkeys(ChangeKind, 1),
            0,
            Rejudging(JudgingRules("1.2", 1), JudgingRules("2.0", 2), papers=1),
        ),
        shard=Shard(1, 2),
        cache=CacheReuse(12, 18000),
        graphql_points=13,
        notes=("Software Heritage: answered 503, not asked again; 1 link was not looked up",),
    )


def bare_scorecard() -> Scorecard:
    """Every optional part absent: an unscored paper, a link without facts or history."""
    card = scorecard([(paper(), [result("https://a.example/", LinkKind.WEB)])])
    return replace(card, papers=tuple(replace(entry, score=None) for entry in card.papers))


def written_members(value: object, node: Mapping[str, Any], keys: str, where: str) -> None:
    """Every object of the written document has exactly the `required` (or all) members its
    schema lists."""
    if value is None:
        return
    node = value_schema(node)
    if isinstance(value, dict) and "properties" in node:
        expected = set(node["properties"]) if keys == "all" else set(node.get("required", ()))
        assert set(value) == expected, f"{where}: written {sorted(value)}"
        for name, item in value.items():
            written_members(item, node["properties"][name], keys, f"{where}.{name}")
    elif isinstance(value, list) and "items" in node:
        for index, item in enumerate(value):
            written_members(item, node["items"], keys, f"{where}[{index}]")


def test_required_members_are_always_written_and_only_they_when_nothing_is_optional() -> None:
    written_members(to_json(bare_scorecard()), SCHEMA, "required", "scorecard")
    written_members(to_json(full_scorecard()), SCHEMA, "all", "scorecard")


def recorded(tmp_path: Path) -> list[Scorecard]:
    with History.open(tmp_path / "history.sqlite") as runs:
        first = runs.record_run(synthetic_scorecard(30, seed=1))
        second = runs.record_run(synthetic_scorecard(20, seed=2))
    return [first, second]


def every_kind_of_scorecard(tmp_path: Path) -> list[Scorecard]:
    shards = [stamp(synthetic_scorecard(12, seed=k), k, 2) for k in (1, 2)]
    shards[1] = replace(
        shards[1],
        papers=tuple(
            replace(e, paper=replace(e.paper, id=e.id.replace("#", "#2"))) for e in shards[1].papers
        ),
    )
    return [
        full_scorecard(),
        bare_scorecard(),
        hostile_scorecard(),
        synthetic_scorecard(60),
        *recorded(tmp_path),
        *shards,
        merge(shards, Rubric()),
    ]


def test_every_scorecard_written_follows_the_schema(tmp_path: Path) -> None:
    for card in every_kind_of_scorecard(tmp_path):
        schemas.validate(json.loads(dumps(card)), SCHEMA)


def test_a_scorecard_reads_back_equal_and_writes_back_byte_for_byte(tmp_path: Path) -> None:
    for index, card in enumerate(every_kind_of_scorecard(tmp_path)):
        path = tmp_path / f"{index}.json"
        path.write_text(dumps(card), encoding="utf-8")

        loaded = load_scorecard(path)

        assert loaded == card
        assert dumps(loaded) == path.read_text(encoding="utf-8")


def test_render_uses_the_loaded_summary(tmp_path: Path) -> None:
    card = synthetic_scorecard(10)
    doctored = replace(card, summary=replace(card.summary, papers=4242))
    path = tmp_path / "scorecard.json"
    path.write_text(dumps(doctored))

    assert cli.main(["render", str(path)], environ={}) == cli.EXIT_OK

    assert "**4242** papers" in (tmp_path / "summary.md").read_text()
    assert "4242 papers" in (tmp_path / "index.html").read_text()


# --- what is read -----------------------------------------------------------------------------


def test_values_of_open_vocabularies_this_version_does_not_know_are_kept(tmp_path: Path) -> None:
    document = to_json(full_scorecard())
    link: Any = document["links"]
    del link[0]["artifact"], link[0]["whose"]  # the paper's code, not a README's weights
    link[0]["kind"] = "codeberg-repo"
    link[0]["repo"]["source"] = "codeberg"
    link[0]["repo"]["license_class"] = "public-domain"
    link[0]["repo"]["readme_covers"].append("demo")
    link[0]["repo"]["readme_evidence"][0]["cover"] = "demo"
    text = json.dumps(document, ensure_ascii=False)
    schemas.validate(json.loads(text), SCHEMA)

    card = from_json(json.loads(text))

    result_ = card.links[0].result
    assert result_.link.kind == "codeberg-repo"
    assert isinstance(result_.link.kind, LinkKind)
    assert result_.link.kind not in list(LinkKind)
    assert result_.repo is not None
    assert (result_.repo.source, result_.repo.license_class) == ("codeberg", "public-domain")
    assert result_.repo.readme_covers[-1] == "demo"
    assert to_json(card) == json.loads(text)  # written back as it was read
    # Summaries count them after the known values; reports render them.
    summary = build_summary([e.score for e in card.papers], [e.result for e in card.links])
    assert list(summary.kinds)[-1] == "codeberg-repo"
    assert list(summary.licence_classes)[-2:] == ["public-domain", "unknown"]
    assert "codeberg-repo" in render.render_html(resummarized(card))


def test_an_unknown_kind_is_no_known_kind() -> None:
    kind = open_member(LinkKind, "codeberg-repo")

    assert kind == "codeberg-repo"
    assert str(kind) == "codeberg-repo"
    assert kind is not open_member(LinkKind, "github-repo")
    assert open_member(LinkKind, "github-repo") is LinkKind.GITHUB_REPO
    assert not is_code_link(kind, "https://codeberg.org/a/b")
    with pytest.raises(ValueError, match="codeberg"):
        LinkKind("codeberg-repo")  # the enum itself stays closed for the code


def test_fields_this_version_does_not_know_are_ignored() -> None:
    card = full_scorecard()
    document: Any = to_json(card)
    document["signature"] = {"by": "a newer paper-auditor"}
    document["papers"][0]["doi"] = "10.1/x"
    document["links"][0]["rescued_by"] = "https://web.archive.org/x"
    document["links"][0]["repo"]["topics"] = ["nlp"]
    document["summary"]["problems"]["stale_papers"] = 3

    assert from_json(document) == card


def test_a_link_without_a_verdict_is_refused() -> None:
    """Extraction output (`auditor extract --format json`) is no scorecard."""
    document: Any = to_json(bare_scorecard())
    for key in ("outcome", "http_status", "final_url", "detail", "checked_at", "redirects"):
        del document["links"][0][key]

    with pytest.raises(ScorecardError, match=r"^links\[0\]\.outcome: missing$"):
        from_json(document)


def _set(path: str, value: object) -> Any:
    def change(document: Any) -> None:
        *parents, last = path.split("/")
        target = document
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        if value is KeyError:
            del target[last]
        else:
            target[int(last) if last.isdigit() else last] = value

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set("schema_version", 2), "not a paper-auditor scorecard (schema_version 1)"),
        (_set("schema_version", True), "not a paper-auditor scorecard (schema_version 1)"),
        (_set("links", {}), "a scorecard needs 'papers' and 'links' lists"),
        (_set("tool/name", "other-tool"), "tool.name: expected 'paper-auditor', got 'other-tool'"),
        (_set("generated_at", "yesterday"), "generated_at: expected an ISO 8601 UTC timestamp"),
        (_set("summary", []), "summary: expected an object, got a list"),
        (_set("summary/tiers/gold", -1), "summary.tiers.gold: expected an integer from 0, got -1"),
        (_set("summary/median_score", "high"), "summary.median_score: expected a number or null"),
        (_set("inputs/0/papers", "2"), "inputs[0].papers: expected an integer, got '2'"),
        (_set("papers/0/tier", "platinum"), "papers[0].tier: expected one of dead, mismatch, "),
        (_set("papers/0/score", 101), "papers[0].score: expected an integer from 0 to 100"),
        (_set("papers/0/criteria", KeyError), "papers[0].criteria: missing"),
        (_set("papers/0/criteria/0/result", "maybe"), "papers[0].criteria[0].result: expected one"),
        (_set("papers/0/source/line", -1), "papers[0].source.line: expected an integer from 0"),
        (_set("papers/0/date", "March 2026"), "papers[0].date: expected an ISO 8601 date or null"),
        (_set("papers/0/links/0", None), "papers[0].links[0]: expected a string, got null"),
        (_set("links/0", "https://x"), "links[0]: expected an object, got 'https://x'"),
        (_set("links/0/kind", ""), "links[0].kind: expected a non-empty string, got ''"),
        (_set("links/0/kind", 3), "links[0].kind: expected a non-empty string, got 3"),
        (_set("links/0/outcome", "gone"), "links[0].outcome: expected one of ok, moved, dead, "),
        (_set("links/0/redirects/0/status", None), "links[0].redirects[0].status: expected an"),
        (_set("links/0/repo/exists", "yes"), "links[0].repo.exists: expected true or false"),
        (_set("links/0/repo/latest_release", "v2"), "links[0].repo.latest_release: expected an"),
        (_set("links/0/changes/0", "exploded"), "links[0].changes[0]: expected one of new, died"),
        (_set("links/0/first_seen", KeyError), "links[0].first_seen: missing"),
        (_set("removed_links/0/last_outcome", "x"), "removed_links[0].last_outcome: expected one"),
        (_set("changes/counts/new", -1), "changes.counts.new: expected an integer from 0, got -1"),
        (_set("shard/index", 0), "shard.index: expected an integer from 1, got 0"),
    ],
)
def test_a_malformed_scorecard_is_one_line_naming_the_file_and_the_place(
    tmp_path: Path, change: Any, message: str
) -> None:
    document = to_json(full_scorecard())
    change(document)
    path = tmp_path / "scorecard.json"
    path.write_text(json.dumps(document))

    with pytest.raises(ScorecardError) as error:
        load_scorecard(path)

    text = str(error.value)
    assert text.startswith(f"{path}: {message}")
    assert "\n" not in text


@pytest.mark.parametrize(
    "text", ["[1, 2]", '"a scorecard"', "{}", '{"schema_version": 1}', "[" * 100_000]
)
def test_render_of_malformed_json_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    path = tmp_path / "scorecard.json"
    path.write_text(text)

    assert cli.main(["render", str(path)], environ={}) == cli.EXIT_USAGE

    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert str(path) in error
    assert "Traceback" not in error
    assert not (tmp_path / "index.html").exists()


@pytest.mark.parametrize(
    ("title", "raw"),
    [
        ("a lone \ud800 surrogate", "a lone \\ud800 surrogate"),  # msgspec refuses its escape
        ("an astral \U0001f600 pair", "an astral \\ud83d\\ude00 pair"),
    ],
)
def test_a_scorecard_reads_what_the_json_module_reads(tmp_path: Path, title: str, raw: str) -> None:
    card = bare_scorecard()
    entry = card.papers[0]
    named = replace(card, papers=(replace(entry, paper=replace(entry.paper, title="TITLE")),))
    path = tmp_path / "scorecard.json"
    path.write_text(dumps(named).replace('"TITLE"', f'"{raw}"', 1), encoding="utf-8")

    loaded = load_scorecard(path)

    assert loaded.papers[0].paper.title == title
    assert loaded == replace(named, papers=loaded.papers)


@pytest.mark.parametrize(
    "data", [b'{\r\n  "schema_version": 1,\r\n  oops}', b"\xef\xbb\xbf{}", b"[1] [2]", b"NaN]"]
)
def test_json_that_cannot_be_read_is_worded_as_the_json_module_words_it(
    tmp_path: Path, data: bytes
) -> None:
    path = tmp_path / "scorecard.json"
    path.write_bytes(data)
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(path.read_text(encoding="utf-8"))

    with pytest.raises(ScorecardError) as error:
        load_scorecard(path)

    assert str(error.value) == (
        f"{path}: not JSON ({expected.value.msg}, line {expected.value.lineno})"
    )


def test_a_scorecard_that_is_not_utf8_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "scorecard.json"
    path.write_bytes(b'{"schema_version": 1, "tool": "\xff"}')

    with pytest.raises(ScorecardError, match="cannot read: 'utf-8' codec can't decode byte 0xff"):
        load_scorecard(path)


def test_the_failed_ids_are_the_criteria_fails_answers_for() -> None:
    papers = [*synthetic_scorecard(300, seed=4).papers, *full_scorecard().papers]
    scores = [entry.score for entry in papers]
    assert any(failed_ids(score) for score in scores)  # the case below is not only empty

    for score in [*scores, None]:
        expected = {spec.id: fails(score, spec) for spec in CRITERIA if fails(score, spec)}
        assert failed_ids(score) == expected


# --- the recorded scorecards ------------------------------------------------------------------
# `scorecard.json` as this version writes it, recorded once and compared byte for byte: a change
# of codec must leave every byte as it was. After an intended change of the contract (fields are
# added, never renamed), record again with UPDATE_GOLDEN=1 and review the diff.

GOLDEN = Path(__file__).parent / "golden"
_RUN_STAMP = "2026-11-30T04:00:00Z"  # every timestamp the two runs wrote themselves


class _RecordedDay(datetime):
    """The clock of the run's day (`pipeline.run`) on the day the golden was recorded."""

    @classmethod
    def now(cls, tz: tzinfo | None = None) -> _RecordedDay:
        return cls(2026, 12, 1, 12, tzinfo=UTC).astimezone(tz)


_LOOPBACK = "http://127.0.0.1:8000"  # the web server's address, whatever port it had


def check_recorded(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text, f"{name} changed: see the comment above"


def _two_audits(folder: Path) -> str:
    """`scorecard.json` of the second of two audits of a loopback world through the CLI, with
    history, cache and an acknowledgement: ok, moved (a redirect, a renamed repository), dead
    (acknowledged or not), revived, new and removed links, repository facts from the fake
    GitHub, a project page's code link, and the archives' notes. The run's own timestamps,
    the port and the cache's age are made fixed; nothing else is touched."""
    flaky = {"status": 404}

    def revived(_: Exchange) -> Reply:
        return Reply(flaky["status"], b"<title>Back</title>", (("Content-Type", "text/html"),))

    routes = {
        "/project": html(
            "<html><head><title>Hidden Project</title></head><body>"
            "<a href='https://github.com/acme/hidden'>Code</a></body></html>"
        ),
        "/gone": html("<h1>Not Found</h1>", status=404),
        "/old-page": redirect("/new-page", status=301),
        "/new-page": html("<title>New</title>"),
        "/revived": revived,
    }
    started = now_iso()
    with (
        pytest.MonkeyPatch.context() as patch,
        serve(routes) as web,
        FakeGitHub(repositories(), token="t0ken-golden") as github,
    ):
        # The run's day, which the promises' age counts to, fixed as its timestamps are.
        patch.setattr(run_module, "datetime", _RecordedDay)
        base = web.url("")

        def audit(*extra: str) -> None:
            lines = [
                "An example list",
                "We present GoodNet, a network. Code: https://github.com/acme/goodnet.",
                f"We introduce HiddenNet, a method. Project page: {base}/project.",
                "We propose SoonNet, a model. Code: https://github.com/acme/soon.",
                f"We present GoneNet, a baseline. See {base}/gone and {base}/old-page.",
                "We present MissingNet. Code: https://github.com/acme/missing.",
                "We present RenamedNet. Code: \\url{https://github.com/acme/renamed}.",
                f"We present BackNet. Page: {base}/revived.",
                "We present NoCodeNet, a theory paper without code.",
                *extra,
            ]
            (folder / "papers.txt").write_text("\n\n".join(lines) + "\n", encoding="utf-8")
            arguments = ["audit", "papers.txt", "--out", "out", "--cache-dir", "cache"]
            arguments += ["--allow-private", "127.0.0.0/8", "--github-api-url", github.url]
            arguments += ["--paper-date", "2026-01-15", "--fail-on", "never", "--timeout", "5"]
            environ = {"GITHUB_TOKEN": "t0ken-golden"}
            assert cli.main(arguments, environ=environ) == cli.EXIT_OK

        (folder / ".paper-auditor-ignore").write_text(
            f'[[acknowledge]]\nurl = "{base}/gone"\nreason = "deleted by the authors"\n'
            "until = 2099-01-01\n",
            encoding="utf-8",
        )
        audit(f"We present OldNet. Code: {base}/old-only.")
        flaky["status"] = 200
        audit(f"We present NewNet. Code: {base}/never-there.")
        text = (folder / "out" / "scorecard.json").read_text(encoding="utf-8")
    text = re.sub(
        r'"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"',
        lambda stamp: f'"{_RUN_STAMP}"' if stamp.group()[1:-1] >= started else stamp.group(),
        text.replace(base, _LOOPBACK),
    )
    return re.sub(r'"oldest_age": \d+', '"oldest_age": 0', text)


def test_a_recorded_audit_writes_scorecard_json_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    text = _two_audits(tmp_path)
    document = json.loads(text)
    schemas.validate(document, SCHEMA)
    # The world reaches what it is there for.
    assert document["changes"]["counts"]["new"] >= 1
    assert document["changes"]["counts"]["revived"] == 1
    assert document["removed_links"]
    assert document["notes"]
    assert document["cache"]["reused"]
    assert any(link.get("acknowledged") for link in document["links"])
    assert {link["outcome"] for link in document["links"]} >= {"ok", "moved", "dead"}
    check_recorded("scorecard.json", text)


def test_every_optional_part_is_written_byte_for_byte() -> None:
    check_recorded("scorecard-full.json", dumps(full_scorecard()))
    check_recorded("scorecard-hostile.json", dumps(hostile_scorecard()))


RECORDED = ("scorecard.json", "scorecard-full.json", "scorecard-hostile.json")


@pytest.mark.parametrize("name", RECORDED)
def test_a_recorded_scorecard_reads_and_writes_back_byte_for_byte(name: str) -> None:
    text = (GOLDEN / name).read_text(encoding="utf-8")
    assert dumps(from_json(json.loads(text))) == text


# What a paper's or a link's JSON holds: text (any character, a lone surrogate included), whole
# numbers of any size, yes/no and nothing, in lists and named fields; never a float. The two
# writers can differ only in how one value is spelt and how members and nesting are joined,
# which an entry of up to 20 leaves (four members of up to five) shows as well as a larger one,
# as the page data's property draws: unbounded members made it the suite's slowest test (3.8 s
# of CPU drawing 835 characters of JSON an example, 1.0 s for 183).
_ENTRY_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
    max_leaves=5,
)


@given(st.dictionaries(st.text(), _ENTRY_VALUES, max_size=4))
def test_an_entry_is_written_as_the_json_module_writes_it(entry: dict[str, object]) -> None:
    assert _entry_encoder()(entry) == json.JSONEncoder(ensure_ascii=False).encode(entry)


def test_no_paper_or_link_entry_holds_a_float() -> None:
    # msgspec writes entries (`_entry_encoder`), and spells floats otherwise than the json
    # module (1e16 for 1e+16): a float field in an entry would change scorecard.json's bytes.
    seen: set[type] = set()
    leaves: set[object] = set()

    def walk(annotation: Any) -> None:
        if is_dataclass(annotation) and isinstance(annotation, type):
            if annotation not in seen:
                seen.add(annotation)
                hints = typing.get_type_hints(annotation)
                for spec in fields(annotation):
                    walk(hints[spec.name])
        elif typing.get_args(annotation):
            for argument in typing.get_args(annotation):
                walk(argument)
        else:
            leaves.add(annotation)

    walk(PaperEntry)
    walk(LinkEntry)

    assert leaves, "no field reached"
    assert not [leaf for leaf in leaves if leaf in (float, object, Any)]
    assert not [leaf for leaf in leaves if isinstance(leaf, type) and issubclass(leaf, float)]
