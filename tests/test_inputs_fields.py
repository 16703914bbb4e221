"""What a list says beyond its papers' text: dates from the paper, its arXiv identifier, the list's
header, title or file name, or --paper-date; folders as inputs; every paper of a list kept, with
or without links; one warning for an input that does not read as a paper list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auditor.extract.collect import (
    LOST_LINK_NOTE,
    Document,
    extract_documents,
    extract_inputs,
)
from auditor.inputs.dates import arxiv_month, list_date
from auditor.models import DateSource

ROOT = Path(__file__).resolve().parent.parent

# --- dates --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("ICML 2026 paper list", "2026-07"),
        ("neurips_2025.md", "2025-12"),
        ("ACL 2022", "2022-08"),
        ("Accepted at NAACL 2024", "2024-06"),  # not ACL
        ("awesome-iclr-2025.md", "2025-05"),
        ("ICML'24 highlights", "2024-07"),
        ("cvpr2025_accepted.csv", "2025-06"),
        ("2025 NeurIPS reading list", "2025-12"),
        ("SIGGRAPH Asia 2024 papers", "2024-12"),
        ("Volume 235: 21-27 July 2024, Vienna", "2024-07"),  # a month written out wins
        ("papers.txt", None),
        ("The 2024 reading list", None),
        ("A DACL 2024 list", None),  # not a venue we know
        ("ACL 25 papers", None),  # a bare two-digit number is no year
    ],
)
def test_list_dates_from_venues_and_months(text: str, date: str | None) -> None:
    assert list_date(text) == date


@pytest.mark.parametrize(
    ("text", "month"),
    [
        ("see arXiv:2403.01234 for the proofs", "2024-03"),
        ("https://arxiv.org/abs/2512.00001v2", "2025-12"),
        ("https://arxiv.org/pdf/0704.0001", "2007-04"),
        ("arXiv:0612.1234", None),  # before the YYMM scheme
        ("https://arxiv.org/abs/2413.00001", None),  # no 13th month
        ("version 2403.01234 of the data", None),  # no arXiv context
    ],
)
def test_arxiv_identifiers_date_a_paper(text: str, month: str | None) -> None:
    assert arxiv_month(text) == month


def test_dates_come_from_the_paper_then_arxiv_then_the_list_then_the_option(
    tmp_path: Path,
) -> None:
    path = tmp_path / "emnlp_2024.jsonl"
    path.write_text(
        "\n".join(
            json.dumps(record)
            for record in [
                {"title": "Own", "date": "2024-06-03", "url": "https://arxiv.org/abs/2301.00001"},
                {"title": "Preprint", "url": "https://arxiv.org/abs/2302.00002"},
                {"title": "Listed", "abstract": "No identifier here."},
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    undated = tmp_path / "mine.jsonl"
    undated.write_text('{"title": "Bare"}\n', encoding="utf-8")

    extraction = extract_inputs([str(path), str(undated)], paper_date="2026-03")

    assert [(paper.date, paper.date_source) for paper in extraction.papers] == [
        ("2024-06-03", DateSource.PAPER),
        ("2023-02", DateSource.ARXIV_ID),
        ("2024-11", DateSource.LIST),  # EMNLP, from the file name
        ("2026-03", DateSource.OPTION),
    ]


def test_a_header_line_dates_a_plain_text_list(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_text("Accepted papers, ICLR 2025\n\nWe present Foo.\n\nWe present Bar.\n")

    extraction = extract_inputs([str(path)])

    assert {(p.date, p.date_source) for p in extraction.papers} == {("2025-05", DateSource.LIST)}


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("list.md", b"# CVPR 2025 papers\n\n- **A Paper Title** [code](https://github.com/a/b)\n"),
        (
            "list.html",
            b"<title>CVPR 2025</title>"
            b"<ul><li><a href='https://github.com/a/b'>A Paper</a></li></ul>",
        ),
    ],
)
def test_a_first_heading_or_page_title_dates_a_list(name: str, data: bytes) -> None:
    extraction = extract_documents([Document(name, data)])

    assert [(p.date, p.date_source) for p in extraction.papers] == [("2025-06", DateSource.LIST)]


def test_the_arxiv_placeholder_leaves_a_note_on_the_paper() -> None:
    text = b"A list\n\nWe present Foo. Code: this https URL.\n\nWe present Bar, no code.\n"

    extraction = extract_documents([Document("list.txt", text)])

    assert [paper.notes for paper in extraction.papers] == [(LOST_LINK_NOTE,), ()]
    assert extraction.links == ()


# --- every paper of a list ----------------------------------------------------------------------


def test_a_plain_text_list_without_blank_lines_is_one_paper_per_line() -> None:
    text = (
        b"Accepted papers\n"
        b"Alpha: a first paper. Code: https://github.com/a/alpha\n"
        b"Beta: a second paper without code\n"
        b"Gamma: a third paper, github.com/a/gamma\n"
    )

    extraction = extract_documents([Document("list.txt", text)])

    assert [(p.source.line, p.links) for p in extraction.papers] == [
        (2, ("https://github.com/a/alpha",)),
        (3, ()),
        (4, ("https://github.com/a/gamma",)),
    ]


def test_a_plain_text_list_with_blank_lines_is_one_paper_per_paragraph() -> None:
    text = (
        b"Header line\n\nWe present Alpha, wrapped\nover two lines: https://github.com/a/\n"
        b"alpha.\n\nWe present Beta.\n"
    )

    extraction = extract_documents([Document("list.txt", text)])

    assert [(p.source.line, p.links) for p in extraction.papers] == [
        (3, ("https://github.com/a/alpha",)),
        (7, ()),
    ]


def test_markdown_sections_without_links_are_papers_too() -> None:
    text = b"""# Papers

## Alpha Networks for Graphs
A short note. Code: [GitHub](https://github.com/a/alpha).

## Beta Without Code
Theory only.

## Gamma Scheme-less Links
Code at github.com/a/gamma.

## License
MIT.
"""
    extraction = extract_documents([Document("list.md", text)])

    assert [(p.title, p.links) for p in extraction.papers] == [
        ("Alpha Networks for Graphs", ("https://github.com/a/alpha",)),
        ("Beta Without Code", ()),
        ("Gamma Scheme-less Links", ("https://github.com/a/gamma",)),
    ]


def _papers(text: str) -> list[tuple[str | None, str, tuple[str, ...]]]:
    extraction = extract_documents([Document("list.md", text.encode())])
    return [(p.title, p.name, p.links) for p in extraction.papers]


def test_a_heading_with_bullets_about_it_is_one_paper_named_by_the_heading() -> None:
    text = """# Reading list

## Sparse Wombat Attention
- Paper: [arXiv](https://arxiv.org/abs/2401.00001)
- Code: https://github.com/wombat/sparse
- **Project page:** https://wombat.example.org

## Quiet Otter Diffusion
- Authors: A. Writer, B. Reader
- Code: [GitHub](https://github.com/otter/vanished)

## Theory of Slow Lemurs
- Paper: https://arxiv.org/abs/2401.00003
- [pdf](https://example.org/lemurs.pdf)
"""
    assert _papers(text) == [
        (
            "Sparse Wombat Attention",
            "Sparse Wombat Attention",
            (
                "https://arxiv.org/abs/2401.00001",
                "https://github.com/wombat/sparse",
                "https://wombat.example.org/",
            ),
        ),
        ("Quiet Otter Diffusion", "Quiet Otter Diffusion", ("https://github.com/otter/vanished",)),
        (
            "Theory of Slow Lemurs",
            "Theory of Slow Lemurs",
            ("https://arxiv.org/abs/2401.00003", "https://example.org/lemurs.pdf"),
        ),
    ]


def test_a_heading_with_sub_headings_is_a_section_not_a_paper() -> None:
    text = """# Papers

## Vision

### Blurry Heron Segmentation
Code: https://github.com/heron/seg

### Pixel Moles Without Code
Theory only, for now.

## Language

### Tiny Parrot Models
- Code: https://github.com/parrot/tiny
"""
    assert [title for title, _, _ in _papers(text)] == [
        "Blurry Heron Segmentation",
        "Pixel Moles Without Code",
        "Tiny Parrot Models",
    ]


def test_a_top_level_bullet_with_nested_bullets_and_lines_is_one_paper() -> None:
    text = """## Papers

- **Sparse Wombat Attention** (ICML 2026)
  - Code: https://github.com/wombat/sparse
  - Project: https://wombat.example.org
- **Quiet Otter Diffusion**
  Images from noise, slowly.
  Code: https://github.com/otter/vanished
- **Slow Lemur Theory**, no code released
"""
    assert _papers(text) == [
        (
            "Sparse Wombat Attention",
            "Sparse Wombat Attention",
            ("https://github.com/wombat/sparse", "https://wombat.example.org/"),
        ),
        ("Quiet Otter Diffusion", "Quiet Otter Diffusion", ("https://github.com/otter/vanished",)),
        ("Slow Lemur Theory", "Slow Lemur Theory", ()),
    ]


def test_numbered_lists_bold_titles_and_code_labels_are_one_paper_per_item() -> None:
    text = """## Accepted

1. Sparse Wombat Attention. A. Writer. [code](https://github.com/wombat/b)
2. Quiet Otter Diffusion for Images. B. Reader. No code yet.
- **Blurry Heron Segmentation** [code](https://github.com/heron/seg) [paper](https://arxiv.org/abs/2401.00004)
"""
    assert _papers(text) == [
        ("Sparse Wombat Attention", "Sparse Wombat Attention", ("https://github.com/wombat/b",)),
        ("Quiet Otter Diffusion for Images", "Quiet Otter Diffusion for Images", ()),
        (
            "Blurry Heron Segmentation",
            "Blurry Heron Segmentation",
            ("https://github.com/heron/seg", "https://arxiv.org/abs/2401.00004"),
        ),
    ]


def test_a_table_is_one_paper_per_row_with_or_without_code() -> None:
    text = """## Papers

| Paper | Code |
|---|---|
| Sparse Wombat Attention | [code](https://github.com/wombat/sparse) |
| Quiet Otter Diffusion | — |
"""
    assert _papers(text) == [
        (
            "Sparse Wombat Attention",
            "Sparse Wombat Attention",
            ("https://github.com/wombat/sparse",),
        ),
        ("Quiet Otter Diffusion", "Quiet Otter Diffusion", ()),
    ]


def test_one_link_per_line_is_one_paper_per_line() -> None:
    text = """## Papers
Sparse Wombat Attention https://github.com/wombat/sparse
Quiet Otter Diffusion https://github.com/otter/vanished
"""
    assert _papers(text) == [
        (
            "Sparse Wombat Attention",
            "Sparse Wombat Attention",
            ("https://github.com/wombat/sparse",),
        ),
        ("Quiet Otter Diffusion", "Quiet Otter Diffusion", ("https://github.com/otter/vanished",)),
    ]


def test_a_heading_whose_lines_are_fields_is_one_paper() -> None:
    text = """## Sparse Wombat Attention
Paper: https://arxiv.org/abs/2401.00001
Code: https://github.com/wombat/sparse
"""
    assert _papers(text) == [
        (
            "Sparse Wombat Attention",
            "Sparse Wombat Attention",
            ("https://arxiv.org/abs/2401.00001", "https://github.com/wombat/sparse"),
        )
    ]


def test_a_markdown_item_citing_a_scheme_less_repository_is_a_paper() -> None:
    extraction = extract_documents([Document("list.md", b"- github.com/a/tool\n- Topics\n")])

    assert [p.links for p in extraction.papers] == [("https://github.com/a/tool",)]


# --- inputs that are no lists -------------------------------------------------------------------


def test_a_project_page_says_in_one_line_that_it_is_no_list() -> None:
    page = (
        b"<title>Foo: a method</title><h1>Foo</h1>"
        b"<h2>Abstract</h2><p>We present Foo, a method.</p>"
        b"<h2>Method</h2><p>It works. Code: <a href='https://github.com/a/foo'>here</a>.</p>"
        b"<h2>Results</h2><p>It wins.</p>"
    )

    extraction = extract_documents([Document("https://foo.example.org/", page, "text/html")])

    assert len(extraction.warnings) == 1
    assert "no list of papers on this page" in extraction.warnings[0]
    assert "3 read from its headings" in extraction.warnings[0]


def test_an_implausible_number_of_papers_is_one_warning() -> None:
    filler = b"Header\n\n" + b"Words of filler text that no one wrote as an abstract.\n\n" * 10_001

    extraction = extract_documents([Document("filler.txt", filler)])

    assert len(extraction.papers) == 10_001
    assert extraction.warnings == (
        "filler.txt: 10,001 papers read, more than any proceedings holds: is it a paper list?",
    )


# --- folders ------------------------------------------------------------------------------------


def test_a_folder_is_every_list_under_it(tmp_path: Path) -> None:
    lists = tmp_path / "lists"
    (lists / "2025").mkdir(parents=True)
    (lists / ".hidden").mkdir()
    (lists / "reports").mkdir()
    (lists / "b.txt").write_text("A list\n\nWe present B. https://github.com/a/b\n")
    (lists / "2025" / "a.md").write_text("- [A Paper On A](https://github.com/a/a)\n")
    (lists / ".hidden" / "c.txt").write_text("A list\n\nWe present C.\n")
    (lists / ".d.txt").write_text("A list\n\nWe present D.\n")
    (lists / "README.md").write_text("# Our lists\n\nRead them with care, please, all of them.\n")
    (lists / "package.json").write_text('{"name": "lists"}')
    (lists / "requirements.txt").write_text("httpx\n")
    (lists / "notes.rst").write_text("not a known extension\n")
    (lists / "weights.json").write_bytes(b"\x00\x01binary")
    (lists / "reports" / "scorecard.json").write_text('{"tool": {"name": "paper-auditor"}}')
    (lists / "summary.md").write_text("# Summary\n\n<sub>paper-auditor 1.0</sub>\n")

    extraction = extract_inputs([str(lists)], skip=[lists / "reports"])

    assert [summary.path for summary in extraction.inputs] == [
        f"{lists}/2025/a.md",
        f"{lists}/b.txt",
        f"{lists}/weights.json",
    ]
    assert [paper.id for paper in extraction.papers] == [f"{lists}/2025/a.md#1", f"{lists}/b.txt#1"]
    assert extraction.errors == ()
    assert extraction.warnings == (
        f"{lists}/weights.json: binary file (NUL bytes): not read as a paper list, skipped",
    )
    assert extraction.folders == ((str(lists), 3),)


def test_an_empty_folder_is_an_error(tmp_path: Path) -> None:
    extraction = extract_inputs([str(tmp_path)])

    assert extraction.errors == (f"{tmp_path}: no paper lists in this folder",)


def test_the_seed_folder_gives_what_the_seed_files_give(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)

    by_folder = extract_inputs(["examples/"])
    by_files = extract_inputs(sorted(str(path) for path in Path("examples").glob("*.txt")))

    assert by_folder.papers == by_files.papers
    assert by_folder.links == by_files.links
    assert len(by_folder.links) == 9
