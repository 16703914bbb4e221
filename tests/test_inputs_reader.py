"""Reading paper lists: every input format, format detection, decoding and bad input."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from auditor.extract.collect import Document, Extraction, extract_documents, extract_inputs
from auditor.inputs import parse_date
from auditor.models import LinkKind

LISTS = Path(__file__).resolve().parent / "assets" / "lists"


def summary(
    extraction: Extraction,
) -> list[tuple[int, str, str | None, str | None, tuple[str, ...]]]:
    """(line, name, title, date, links) of each paper."""
    return [
        (paper.source.line, paper.name, paper.title, paper.date, paper.links)
        for paper in extraction.papers
    ]


def occurrences(extraction: Extraction) -> list[tuple[str, int, str]]:
    return [
        (o.paper.rsplit("#", 1)[1], o.line, o.raw)
        for link in extraction.links
        for o in link.occurrences
    ]


# --- the formats -------------------------------------------------------------------------------


def test_markdown_awesome_list() -> None:
    extraction = extract_inputs([str(LISTS / "awesome.md")])

    assert summary(extraction) == [
        (
            12,
            "SARDI",
            "SARDI: Self-Augmenting Retrieval for Diffusion Language Models",
            "2026-01",  # from its arXiv identifier
            ("https://arxiv.org/abs/2601.00001", "https://github.com/example/sardi"),
        ),
        (
            13,
            "LLapDiffusion",  # the title has no coined name; the repository's is the hint
            "Latent Laplace Diffusion for Irregular Time Series",
            "2026-01",
            (
                "https://arxiv.org/abs/2601.00002",
                # the cited folder is its own link, judged on its own
                "https://github.com/pixelhero98/llapdiffusion/tree/main/src",
            ),
        ),
        (
            16,  # a sub-item of the category item "Diffusion"
            "AO-GPT-MDM",
            "Masked Diffusion Models are Any-Order Autoregressive Models",
            None,
            ("https://openreview.net/forum?id=abc123", "https://github.com/scxue/ao-gpt-mdm"),
        ),
        (
            22,  # a table row; the header row is not a paper
            "QM-LibBench",
            "QM-LibBench: Library-Scale Code Migration",
            None,
            ("https://github.com/wisdomjoy/qm-libbench",),
        ),
        (23, "GENEB", "GENEB: A Diagnostic Benchmark for Genomic Models", None, ()),
        (
            25,  # a heading whose section is an abstract
            "IBAL",
            "Interaction-Breaking Adversarial Learning",
            None,
            ("https://sunwoolee0504.github.io/IBAL",),
        ),
    ]
    # The badge, the table of contents and the Contributing section cite nothing.
    assert ("2", 14, "https://github.com/pixelhero98/LLapDiffusion/tree/main/src") in occurrences(
        extraction
    )
    assert extraction.inputs[0].format == "markdown"
    assert extraction.warnings == ()


def test_html_proceedings_page() -> None:
    extraction = extract_inputs([str(LISTS / "proceedings.html")])

    assert summary(extraction) == [
        (
            7,
            "PiCCE",
            "PiCCE: Pick the Confident and Correct Expert for Multi-Expert Learning to Defer",
            "2026-07",  # the page title names ICML 2026
            # Not the PDF on raw.githubusercontent.com, not the relative "abs" link.
            ("https://github.com/example/picce",),
        ),
        (
            16,
            "IBAL",
            "Interaction-Breaking Adversarial Learning",
            "2026-07",
            ("https://sunwoolee0504.github.io/IBAL",),
        ),
        (
            22,
            "PISD",
            "Physics-Informed Spectral Diffusion",
            "2026-07",
            ("https://github.com/deeplearningmethods/pisd",),
        ),
    ]
    assert occurrences(extraction) == [
        ("1", 13, "https://github.com/example/PiCCE"),
        ("2", 20, "https://sunwoolee0504.github.io/IBAL"),
        ("3", 24, "http://GitHub.com/deeplearningmethods/PISD#readme"),
    ]


@pytest.mark.parametrize(
    ("page", "titles"),
    [
        (  # a category item's sub-items are the papers; a paper's sub-items belong to it
            "<ul><li>Diffusion<ul>"
            "<li><a href='https://arxiv.org/abs/1'>Paper One About Diffusion</a>"
            "<ul><li><a href='https://github.com/a/one'>code</a></li></ul></li>"
            "<li><a href='https://arxiv.org/abs/2'>Paper Two About Diffusion</a></li>"
            "</ul></li></ul>",
            ["Paper One About Diffusion", "Paper Two About Diffusion"],
        ),
        (  # CVF open access: a <dt> title and its <dd> details
            "<dl><dt class='ptitle'><a href='x.html'>First CVF Paper</a></dt><dd>Authors</dd>"
            "<dd>[<a href='https://github.com/a/cvf'>code</a>]</dd>"
            "<dt class='ptitle'>Second CVF Paper</dt><dd>Authors</dd></dl>",
            ["First CVF Paper", "Second CVF Paper"],
        ),
    ],
)
def test_html_list_shapes(page: str, titles: list[str]) -> None:
    extraction = extract_documents([Document("page.html", page.encode())])

    assert [paper.title for paper in extraction.papers] == titles
    assert len(extraction.papers[0].links) >= 1


def test_bibtex() -> None:
    extraction = extract_inputs([str(LISTS / "papers.bib")])

    assert summary(extraction) == [
        (
            4,
            "SARDI",
            "SARDI: Self-Augmenting Retrieval for Diffusion Language Models",
            "2026-07",
            ("https://github.com/example/sardi",),
        ),
        (
            13,
            "MemExplainer",
            "Explaining Temporal Graph Networks through Memory Backtracking",
            "2026",
            ("https://github.com/yazhengliu/memexplainer",),
        ),
        (
            22,
            "RFCMH",  # the GitHub repository's name, not the Hugging Face model's
            "Robust Fuzzy Cross-modal Hashing",
            "2026-07-14",
            ("https://github.com/xinchengsun/rfcmh", "https://huggingface.co/xsun/rfcmh"),
        ),
    ]
    # Each occurrence is on its field's line.
    assert occurrences(extraction) == [
        ("1", 10, "https://github.com/example/sardi"),
        ("2", 18, "https://github.com/yazhengliu/MemExplainer"),
        ("3", 24, "https://github.com/XinchengSun/RFCMH"),
        ("3", 25, "https://huggingface.co/xsun/rfcmh"),
    ]


def test_json_object_holding_a_list() -> None:
    extraction = extract_inputs([str(LISTS / "papers.json")])

    assert summary(extraction) == [
        (
            4,
            "QM-LibBench",
            "QM-LibBench: Benchmarking Library-Scale Code Migration",
            "2026-07-14",
            ("https://github.com/wisdomjoy/qm-libbench",),
        ),
        (
            10,
            "DLM",
            "Decision Language Models for Offline MARL",
            "2026",
            ("https://arxiv.org/abs/2601.00003", "https://github.com/example/dlm"),
        ),
    ]
    assert extraction.warnings == (
        f"{LISTS / 'papers.json'}: 1 list element(s) not an object, skipped",
    )


def test_openreview_notes() -> None:
    extraction = extract_inputs([str(LISTS / "openreview.json")])

    assert summary(extraction) == [
        (
            4,
            "LatentMAS",
            "LatentMAS: Latent Collaboration in Multi-Agent Systems",
            "2025-07-14",  # cdate 1752451200000 ms
            ("https://github.com/example/latentmas",),  # the relative /pdf/… link is no URL
        ),
        (
            15,
            "HMoE",
            "Hierarchical Mixture of Experts for Embedding Translation",
            "2025-07-15",
            ("https://anonymous.4open.science/r/HMoE-1234/README.md",),
        ),
    ]
    assert extraction.links[1].kind is LinkKind.ANONYMOUS_REVIEW


def test_jsonl_skips_lines_that_are_not_objects() -> None:
    path = LISTS / "papers.jsonl"
    extraction = extract_inputs([str(path)])

    assert summary(extraction) == [
        (
            1,
            "ConFlux",
            "ConFlux: All Rivers Run into the Sea",
            "2026",
            ("https://github.com/example/conflux",),
        ),
        (2, "MIRA", "MIRA", None, ("https://zenodo.org/records/123456",)),
        (
            4,
            "Safe Exploration with Conformal Regulators",
            "Safe Exploration with Conformal Regulators",
            "2026-07",
            ("https://arxiv.org/pdf/2601.00004",),
        ),
    ]
    assert [paper.id for paper in extraction.papers] == [f"{path}#1", f"{path}#2", f"{path}#3"]
    assert extraction.warnings == (f"{path}: 1 line(s) not a JSON object, skipped (line 3)",)


def test_csv_with_a_quoted_cell_over_two_lines() -> None:
    extraction = extract_inputs([str(LISTS / "papers.csv")])

    assert summary(extraction) == [
        (
            2,
            "UniMRG",
            "UniMRG: Unified Multi-Representation Generation",
            "2026",
            ("https://example.github.io/unimrg/", "https://github.com/example/unimrg"),
        ),
        (4, "A Paper Without Code", "A Paper Without Code", "2025", ()),
    ]


def test_tsv_is_read_as_csv(tmp_path: Path) -> None:
    path = tmp_path / "papers.tsv"
    path.write_text("title\tcode\nFoo: A Tool\thttps://github.com/a/foo\n", encoding="utf-8")

    extraction = extract_inputs([str(path)])

    assert summary(extraction) == [(2, "Foo", "Foo: A Tool", None, ("https://github.com/a/foo",))]


# --- format detection --------------------------------------------------------------------------

SEED = Path(__file__).resolve().parent.parent / "examples" / "000_d643c9357865a2b9.txt"


@pytest.mark.parametrize(
    ("fixture", "expected"),
    [
        ("awesome.md", "markdown"),
        ("proceedings.html", "html"),
        ("papers.bib", "bibtex"),
        ("papers.json", "json"),
        ("openreview.json", "json"),
        ("papers.jsonl", "jsonl"),
        ("papers.csv", "csv"),
    ],
)
def test_formats_are_detected_from_content_alone(fixture: str, expected: str) -> None:
    data = (LISTS / fixture).read_bytes()

    extraction = extract_inputs(["-"], stdin=io.BytesIO(data))

    assert extraction.inputs[0].format == expected
    assert extraction.papers


def test_the_seed_format_is_detected_from_content(tmp_path: Path) -> None:
    path = tmp_path / "list.unknown"
    path.write_bytes(SEED.read_bytes())

    extraction = extract_inputs([str(path)])

    assert extraction.inputs[0].format == "text"
    assert len(extraction.papers) == 19


@pytest.mark.parametrize(
    ("name", "content_type", "expected"),
    [
        ("https://example.org/list", "text/html; charset=utf-8", "html"),
        ("https://example.org/list", "application/json", "json"),
        ("https://example.org/list", "application/x-ndjson", "jsonl"),
        ("https://example.org/list.md", "text/plain", "markdown"),
        ("https://example.org/list", None, "csv"),
    ],
)
def test_documents_are_detected_by_content_type_then_name_then_content(
    name: str, content_type: str | None, expected: str
) -> None:
    data = {
        "html": b"<html><body><p>x</p></body></html>",
        "json": b'[{"title": "A"}]',
        "jsonl": b'{"title": "A"}\n{"title": "B"}\n',
        "markdown": b"- [A paper title here](https://arxiv.org/abs/1)\n",
        "csv": b"title,url\nA,https://a.org/\n",
    }[expected]

    extraction = extract_documents([Document(name, data, content_type)])

    assert extraction.inputs[0].format == expected


# --- stdin -------------------------------------------------------------------------------------


def test_stdin_papers_are_numbered_from_dash() -> None:
    data = b"Header\n\nFirst abstract, https://github.com/a/b.\n\nSecond abstract.\n"

    extraction = extract_inputs(["-"], stdin=io.BytesIO(data))

    assert [(paper.id, paper.source.path, paper.source.line) for paper in extraction.papers] == [
        ("-#1", "-", 3),
        ("-#2", "-", 5),
    ]
    assert extraction.links[0].occurrences[0].path == "-"


class _LineOnlyStream(io.RawIOBase):
    """A large stream that refuses to be read whole, as a pipe of 100 MB should not be."""

    def __init__(self, paragraphs: int) -> None:
        self._lines = (
            f"Abstract {n} cites https://github.com/org/repo{n % 7}.\n\n".encode()
            for n in range(paragraphs)
        )
        self._pending = b""
        self.largest_read = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        size = len(buffer)
        self.largest_read = max(self.largest_read, size)
        while len(self._pending) < size:
            line = next(self._lines, None)
            if line is None:
                break
            self._pending += line
        chunk, self._pending = self._pending[:size], self._pending[size:]
        buffer[: len(chunk)] = chunk
        return len(chunk)

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0:
            raise AssertionError("a streaming format was read whole")
        return super().read(size) or b""


def test_plain_text_streams_instead_of_loading_whole() -> None:
    stream = _LineOnlyStream(4_000)  # about 200 KB: more than three reads of 64 KB

    extraction = extract_inputs(["-"], stdin=io.BufferedReader(stream))  # type: ignore[arg-type]

    assert len(extraction.papers) == 4_000
    assert len(extraction.links) == 7
    assert stream.largest_read <= 64 * 1024
    assert extraction.papers[-1].source.line == 7_999


# --- bad input ---------------------------------------------------------------------------------


def test_bad_inputs_are_skipped_and_the_others_read(tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    directory = tmp_path / "lists"
    directory.mkdir()
    binary = tmp_path / "weights.txt"
    binary.write_bytes(b"abc\x00\x01\x02" * 100)
    pdf = tmp_path / "paper.md"
    pdf.write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj")
    garbage = tmp_path / "garbage"
    garbage.write_bytes(bytes((n * 37 + 11) % 256 for n in range(4096)).replace(b"\x00", b"\x01"))

    extraction = extract_inputs(
        [str(missing), str(directory), str(binary), str(pdf), str(garbage), str(SEED)]
    )

    assert extraction.errors == (
        f"{missing}: no such file",
        f"{directory}: no paper lists in this folder",
        f"{binary}: binary file (NUL bytes), skipped",
        f"{pdf}: binary file (a PDF file), skipped",
        f"{garbage}: binary file (undecodable bytes), skipped",
    )
    assert [(summary.papers, summary.format) for summary in extraction.inputs] == [
        (0, None),
        (0, None),
        (0, None),
        (0, None),
        (0, None),
        (19, "text"),
    ]
    assert [summary.error for summary in extraction.inputs[:5]] == list(extraction.errors)
    assert len(extraction.links) == 5


def test_an_unreadable_file_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "secret.txt"
    path.write_text("Header\n\nAbstract.\n", encoding="utf-8")
    path.chmod(0)
    if os.geteuid() == 0:  # root reads any file: refuse it as the kernel would refuse a user

        def refuse(name: object, *args: object, **kwargs: object) -> object:
            raise PermissionError(13, "Permission denied", str(name))

        monkeypatch.setattr("auditor.inputs.reader.open", refuse, raising=False)

    extraction = extract_inputs([str(path)])

    assert extraction.errors == (f"{path}: cannot open (Permission denied)",)


def test_latin1_text_is_decoded_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_bytes(
        "Liste des articles\n\nWe present Café-Net, see https://github.com/a/cafe.\n".encode(
            "latin-1"
        )
    )

    extraction = extract_inputs([str(path)])

    assert extraction.warnings == (f"{path}: not valid UTF-8; decoded as cp1252",)
    assert extraction.papers[0].links == ("https://github.com/a/cafe",)
    assert extraction.papers[0].name == "Café-Net"


def test_a_utf8_bom_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "papers.csv"
    path.write_bytes(b"\xef\xbb\xbftitle,code\nFoo: Bar Baz,https://github.com/a/foo\n")

    extraction = extract_inputs([str(path)])

    assert summary(extraction) == [(2, "Foo", "Foo: Bar Baz", None, ("https://github.com/a/foo",))]
    assert extraction.warnings == ()


def test_utf16_with_a_bom_is_read(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_text("Header\n\nWe propose ZetaNet, https://github.com/a/zeta.\n", encoding="utf-16")

    extraction = extract_inputs([str(path)])

    assert summary(extraction) == [(3, "ZetaNet", None, None, ("https://github.com/a/zeta",))]


@pytest.mark.parametrize(
    ("name", "data", "warning"),
    [
        ("empty.txt", b"", "empty input"),
        ("blank.md", b"\n \n\t\n", "empty input"),
        ("header-only.txt", b"ICML 2026 papers\n", "no papers found"),
        ("empty-list.json", b'{"papers": []}', "no papers found"),
    ],
)
def test_inputs_without_papers_warn(tmp_path: Path, name: str, data: bytes, warning: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)

    extraction = extract_inputs([str(path)])

    assert extraction.papers == ()
    assert extraction.errors == ()
    assert extraction.warnings == (f"{path}: {warning}",)


@pytest.mark.parametrize(
    ("name", "data", "error"),
    [
        ("broken.json", b'{"papers": [', "not valid JSON"),
        ("broken.csv", b'title,code\n"unterminated,\x00', "binary file (NUL bytes)"),
    ],
)
def test_malformed_structured_inputs_are_errors(
    tmp_path: Path, name: str, data: bytes, error: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)

    extraction = extract_inputs([str(path)])

    assert len(extraction.errors) == 1
    assert extraction.errors[0].startswith(f"{path}: {error}")


# --- dates -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "key", "expected"),
    [
        ("2026", "date", "2026"),
        (2026, "year", "2026"),
        ("2026-07", "date", "2026-07"),
        ("2026-7-4", "date", "2026-07-04"),
        ("2026/07/14", "date", "2026-07-14"),
        ("2026-07-14T09:30:00Z", "date", "2026-07-14"),
        ("July 2026", "date", "2026-07"),
        ("Jul 14, 2026", "date", "2026-07-14"),
        (1752451200000, "cdate", "2025-07-14"),
        ("2026-13", "date", None),
        ("2026-02-30", "date", None),
        ("soon", "date", None),
        (True, "year", None),
        (None, "date", None),
    ],
)
def test_parse_date(value: object, key: str, expected: str | None) -> None:
    assert parse_date(value, key) == expected
