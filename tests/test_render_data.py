"""Data out (auditor/render/data.py): papers.csv and links.csv as pandas and spreadsheets read
them, safe against formula injection, and the shields.io endpoint badges; written with every
report set, by `auditor render --format csv`, and per paper with `--badges`."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from auditor import cli
from auditor.links import paper_key
from auditor.models import LinkKind, Outcome, ReadmeCover, ReadmeEvidence, Tier
from auditor.render import data
from auditor.scorecard import Scorecard, dumps
from tests.support.scorecards import gold_facts, paper, result, scorecard

DOCS = Path(__file__).resolve().parent.parent / "docs" / "data-out.md"


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


def mixed_list(count_ok: int, count_dead: int) -> Scorecard:
    entries = []
    for index in range(count_ok + count_dead):
        pid = f"list.txt#{index + 1}"
        url = f"https://github.com/lab/m{index}"
        dead = index >= count_ok
        outcome = Outcome.DEAD if dead else Outcome.OK
        facts = None if dead else gold_facts(f"lab/m{index}")
        entries.append(
            (
                paper(pid, f"M{index}", title=f"Model {index}"),
                [result(url, LinkKind.GITHUB_REPO, (pid,), outcome=outcome, repo=facts)],
            )
        )
    return scorecard(entries)


def test_papers_csv_has_one_row_per_paper_with_its_key_tier_and_code() -> None:
    card = mixed_list(2, 1)
    arxiv = replace(card.papers[0].paper, key="arxiv:2403.01234")
    card = replace(card, papers=(replace(card.papers[0], paper=arxiv), *card.papers[1:]))
    table = rows(data.papers_csv(card))

    assert data.papers_csv(card).startswith(",".join(data.PAPER_COLUMNS) + "\r\n")
    assert [row["id"] for row in table] == ["list.txt#1", "list.txt#2", "list.txt#3"]
    first, second, dead = table
    assert first["key"] == "arxiv:2403.01234"
    # A scorecard written before keys gets the same key the extraction would give.
    assert second["key"] == paper_key(card.papers[1].paper.links, "Model 1")
    assert (first["tier"], first["code_url"], first["code_outcome"]) == (
        card.papers[0].score.tier.value if card.papers[0].score else "",
        "https://github.com/lab/m0",
        "ok",
    )
    assert first["licence_class"] == "permissive"
    assert first["rubric_version"] == card.rubric_version
    assert first["audit_date"] == "2026-11-30"
    assert (dead["tier"], dead["dead_links"], dead["links"]) == ("dead", "1", "1")


def test_the_overdue_column_is_the_papers_overdue_empty_when_not_judged() -> None:
    placeholder = gold_facts(
        "lab/soon",
        root_files=("README.md",),
        readme_covers=(ReadmeCover.PLACEHOLDER,),
        readme_evidence=(ReadmeEvidence(ReadmeCover.PLACEHOLDER, 3, "Code coming soon"),),
    )
    card = scorecard(
        [
            (paper("list.txt#1", "Late"), [result("https://github.com/lab/soon",
                                                  LinkKind.GITHUB_REPO, repo=placeholder)]),
            (paper("list.txt#2", "Undated", date_=None),
             [result("https://github.com/lab/soon", LinkKind.GITHUB_REPO, ("list.txt#2",),
                     repo=placeholder)]),
            (paper("list.txt#3", "Fine"), [result("https://github.com/lab/m", LinkKind.GITHUB_REPO,
                                                  ("list.txt#3",), repo=gold_facts())]),
        ]
    )  # fmt: skip
    before = replace(  # a scorecard written before promises were judged
        card,
        papers=tuple(
            replace(e, score=e.score and replace(e.score, overdue=None)) for e in card.papers
        ),
    )

    assert [row["overdue"] for row in rows(data.papers_csv(card))] == ["true", "false", "false"]
    assert [row["overdue"] for row in rows(data.papers_csv(before))] == ["", "", ""]


def test_links_csv_has_one_row_per_link_with_the_papers_keys() -> None:
    shared = "https://github.com/lab/shared"
    cited = result(
        shared, LinkKind.GITHUB_REPO, ("a.txt#1", "a.txt#2"), repo=gold_facts("lab/shared")
    )
    card = scorecard(
        [(paper("a.txt#1", title="One"), [cited]), (paper("a.txt#2", title="Two"), [])]
    )
    [row] = rows(data.links_csv(card))
    keys = [entry.key for entry in card.papers]

    assert row["url"] == shared
    assert row["paper_ids"] == "a.txt#1 a.txt#2"
    assert row["paper_keys"] == " ".join(keys)
    assert (row["outcome"], row["http_status"], row["archived"]) == ("ok", "200", "false")
    assert list(row) == list(data.LINK_COLUMNS)


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_no_cell_starts_a_spreadsheet_formula(start: str) -> None:
    hostile = f'{start}HYPERLINK("https://evil.example","x")'
    page = result("https://example.org/p", LinkKind.WEB, ("l.txt#1",), detail=hostile)
    card = scorecard([(paper("l.txt#1", hostile, title=hostile), [page])])
    for text in (data.papers_csv(card), data.links_csv(card)):
        for row in rows(text):
            for value in row.values():
                assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), value
    table = rows(data.papers_csv(card))
    assert table[0]["name"] == "'" + hostile
    assert rows(data.links_csv(card))[0]["detail"] == "'" + hostile


def test_the_tables_are_utf8_and_round_trip_any_text() -> None:
    title = 'Ünïcode, "quoted", two\nlines — 模型'
    card = scorecard([(paper("l.txt#1", "Ü", title=title), [])])
    [row] = rows(data.papers_csv(card))
    assert row["title"] == title
    assert data.papers_csv(card).encode("utf-8").decode("utf-8") == data.papers_csv(card)


@pytest.mark.parametrize(
    ("ok", "dead", "message", "color"),
    [(4, 1, "4/5 papers", "green"), (1, 1, "1/2 papers", "yellow"), (1, 2, "1/3 papers", "red"),
     (0, 0, "0/0 papers", "lightgrey")],
)  # fmt: skip
def test_the_list_badge_is_a_shields_endpoint(ok: int, dead: int, message: str, color: str) -> None:
    badge = json.loads(data.badge_json(mixed_list(ok, dead)))
    assert badge == {
        "schemaVersion": 1,
        "label": "code available",
        "message": message,
        "color": color,
    }


def test_the_badge_counts_listed_or_better() -> None:
    card = mixed_list(3, 2)
    reachable = (Tier.LISTED, Tier.BRONZE, Tier.SILVER, Tier.GOLD)
    listed = sum(1 for e in card.papers if e.score and e.score.tier in reachable)
    assert json.loads(data.badge_json(card))["message"] == f"{listed}/5 papers"
    assert listed == 3


def test_each_papers_badge_is_named_by_its_key() -> None:
    card = mixed_list(1, 1)
    doi = replace(card.papers[0].paper, key="doi:10.1145/abc.1")
    card = replace(card, papers=(replace(card.papers[0], paper=doi), card.papers[1]))
    badges = data.paper_badges(card)

    other = card.papers[1].key.replace(":", "_") + ".json"
    assert set(badges) == {"doi_10.1145_abc.1.json", other}
    good = json.loads(badges["doi_10.1145_abc.1.json"])
    assert good["color"] == "green"
    assert good["message"] == (card.papers[0].score.tier.value if card.papers[0].score else "")
    assert all(re.fullmatch(r"[A-Za-z0-9._-]+\.json", name) for name in badges)


def test_the_documented_columns_are_the_columns_written() -> None:
    doc = DOCS.read_text(encoding="utf-8")
    for heading, columns in (("papers.csv", data.PAPER_COLUMNS), ("links.csv", data.LINK_COLUMNS)):
        section = doc.split(f"## `{heading}`", 1)[1].split("\n## ", 1)[0]
        assert re.findall(r"^\| `(\w+)` \|", section, re.M) == list(columns)


def test_every_report_set_has_the_tables_and_the_badge_and_render_writes_csv(
    tmp_path: Path,
) -> None:
    card = mixed_list(2, 1)
    source = tmp_path / "scorecard.json"
    source.write_text(dumps(card), encoding="utf-8")

    assert cli.main(["render", str(source), "--out", str(tmp_path / "all"), "--badges"]) == 0
    written = tmp_path / "all"
    assert {"papers.csv", "links.csv", "badge.json", "scorecard.json", "index.html"} <= {
        path.name for path in written.iterdir()
    }
    assert (written / "papers.csv").read_bytes().decode("utf-8") == data.papers_csv(card)
    assert (written / "links.csv").read_bytes().decode("utf-8") == data.links_csv(card)
    assert (written / "badge.json").read_text(encoding="utf-8") == data.badge_json(card)
    assert sorted(path.name for path in (written / "badges").iterdir()) == sorted(
        data.paper_badges(card)
    )

    tables = tmp_path / "tables"
    assert cli.main(["render", str(source), "--out", str(tables), "--format", "csv"]) == 0
    assert sorted(path.name for path in tables.iterdir()) == ["links.csv", "papers.csv"]
    assert (tables / "papers.csv").read_bytes().decode("utf-8") == data.papers_csv(card)


def test_render_csv_leaves_the_report_set_as_it_was(tmp_path: Path) -> None:
    card = mixed_list(1, 0)
    source = tmp_path / "scorecard.json"
    source.write_text(dumps(card), encoding="utf-8")
    assert cli.main(["render", str(source)]) == 0
    html = (tmp_path / "index.html").read_text(encoding="utf-8")

    assert cli.main(["render", str(source), "--format", "csv"]) == 0
    assert (tmp_path / "index.html").read_text(encoding="utf-8") == html
    assert (tmp_path / "papers.csv").read_bytes().decode("utf-8") == data.papers_csv(card)


def test_a_folder_holding_the_reports_reads_no_paper_from_the_tables(tmp_path: Path) -> None:
    from auditor.extract.collect import extract_inputs
    from auditor.inputs.folders import OUR_TABLE_HEADERS

    card = mixed_list(2, 1)
    headers = (data.papers_csv(card).encode("utf-8"), data.links_csv(card).encode("utf-8"))
    assert all(
        text.startswith(header) for text, header in zip(headers, OUR_TABLE_HEADERS, strict=True)
    )
    (tmp_path / "papers.md").write_text("- Net https://github.com/lab/net\n", encoding="utf-8")
    source = tmp_path / "reports" / "scorecard.json"
    source.parent.mkdir()
    source.write_text(dumps(card), encoding="utf-8")
    assert cli.main(["render", str(source)]) == 0

    extraction = extract_inputs([str(tmp_path)])
    assert [paper.source.path for paper in extraction.papers] == [str(tmp_path / "papers.md")]
