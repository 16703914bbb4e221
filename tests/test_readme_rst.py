"""reStructuredText READMEs (`auditor.readme.rst`): read by docutils for their sections, code
blocks, tables and links, with nothing it names read or fetched, in bounded work."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from docutils.core import publish_doctree
from docutils.parsers.rst.states import Inliner
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor import cli
from auditor.models import ReadmeCover as C
from auditor.readme import parse as readme_parse
from auditor.readme import rst
from auditor.readme.analysis import analyze_readme
from tests.support.counting import grows_linearly, operations
from tests.support.local_servers import Reply, serve

ASSETS = Path(__file__).parent / "assets" / "readmes"


def covers(text: str, name: str = "README.rst") -> set[C]:
    return set(analyze_readme(text, name=name).covers)


def test_a_complete_restructuredtext_readme_covers_every_step() -> None:
    facts = analyze_readme((ASSETS / "rst_complete.rst").read_text("utf-8"), name="README.rst")
    lines = {evidence.cover: evidence.line for evidence in facts.evidence}
    assert set(facts.covers) == {
        C.INSTALL, C.USAGE, C.TRAIN, C.EVALUATE, C.RESULTS, C.WEIGHTS, C.DATA, C.CITATION
    }  # fmt: skip
    # Evidence names the README's own lines: the grid table's header row, the section titles.
    assert lines[C.RESULTS] == 61
    assert lines[C.CITATION] == 87
    assert facts.artifact_links == (
        "https://huggingface.co/lanternlab/reef-small",
        "https://huggingface.co/lanternlab/reef-large",
        "https://huggingface.co/datasets/lanternlab/reef-clips",
    )
    assert facts.citation_titles == ("Lanternfish-3D: Segmenting the Deep Sea",)


_GRID = """+---------+--------+
| Model   | BLEU   |
+=========+========+
| ours    | 31.4   |
+---------+--------+
| base    | 28.9   |
+---------+--------+"""
_SIMPLE = """=======  ========  =====
Model    Accuracy  F1
=======  ========  =====
ours     92.1      0.88
base     89.0      0.84
=======  ========  ====="""
_LIST_TABLE = """.. list-table:: Test-set scores
   :header-rows: 1

   * - Model
     - Top-1 (%)
   * - ours
     - 81.7
   * - base
     - 78.2"""


@pytest.mark.parametrize(
    ("text", "cover"),
    [
        ("Setup\n=====\n\nInstall it with::\n\n    pip install kelpnet\n", C.INSTALL),
        ("Setup\n-----\n\n.. code-block:: console\n\n   $ pip install -e .\n", C.INSTALL),
        ("Quick start\n***********\n\n.. code-block:: bash\n\n   python demo.py --image a.jpg\n",
         C.USAGE),
        ("Training\n~~~~~~~~\n\n.. sourcecode:: bash\n\n   python train.py --epochs 90\n",
         C.TRAIN),
        ("Evaluation\n^^^^^^^^^^\n\nScore a checkpoint::\n\n    python eval.py --ckpt best.pt\n",
         C.EVALUATE),
        ("Results\n=======\n\n" + _GRID + "\n", C.RESULTS),
        ("Results\n-------\n\n" + _SIMPLE + "\n", C.RESULTS),
        ("Results\n+++++++\n\n" + _LIST_TABLE + "\n", C.RESULTS),
        ("Pretrained models\n=================\n\nDownload the `checkpoint`_.\n\n"
         ".. _checkpoint: https://huggingface.co/kelp-lab/kelpnet-base\n", C.WEIGHTS),
        ("Data\n====\n\nThe images are on `Zenodo <https://zenodo.org/records/4242424>`_.\n",
         C.DATA),
        ("Citation\n========\n\n::\n\n    @article{mbeki2024kelp,\n      title={Kelp},\n"
         "      year={2024}\n    }\n", C.CITATION),
    ],
    ids=["literal", "code-block", "quick-start", "sourcecode", "evaluate", "grid", "simple",
         "list-table", "named-reference", "data-link", "bibtex-literal"],
)  # fmt: skip
def test_each_cover_in_restructuredtext_constructs(text: str, cover: C) -> None:
    readme = "KelpNet\n=======\n\nSegmenting kelp forests from drone images.\n\n" + text
    assert cover in covers(readme)


def test_badges_and_a_title_are_not_covers() -> None:
    text = (
        "=======\nKelpNet\n=======\n\n"
        ".. image:: https://img.shields.io/badge/weights-huggingface-yellow.svg\n"
        "   :target: https://ci.example.org/kelpnet\n\n|docs|\n\n"
        ".. |docs| image:: https://img.shields.io/badge/docs-latest-blue.svg\n"
    )
    assert covers(text) == set()


def test_the_name_decides_the_reader() -> None:
    text = "Training\n--------\n\n.. code-block:: bash\n\n   python train.py\n"
    as_rst = readme_parse.parse(text, name="docs/README.rst")
    as_markdown = readme_parse.parse(text, name="README.md")
    assert [(line.number, line.code_lang) for line in as_rst.lines if line.is_code] == [(6, "bash")]
    assert not any(line.is_code for line in as_markdown.lines)
    assert readme_parse.is_restructuredtext("README.RST")
    assert not readme_parse.is_restructuredtext(None)


def test_sections_nest_by_the_order_their_underlines_appear() -> None:
    text = "Top\n###\n\nA\n===\n\nB\n---\n\nC\n===\n\ntext\n"
    doc = readme_parse.parse(text, name="README.rst")
    assert [(s.title, s.heading.heading_level) for s in doc.sections] == [
        ("Top", 1), ("A", 2), ("B", 3), ("C", 2)
    ]  # fmt: skip
    assert [s.heading.number for s in doc.sections] == [1, 4, 7, 10]


def test_invisible_characters_are_read_past_and_links_kept() -> None:
    text = (
        "Results\n=======\n\nOurs reaches 9\u200b1.2\u00a0mAP and \ufeff87.5 AP on the test set."
        "\n\n"
        "Weights: `our\u200bmodel <https://huggingface.co/kelp-lab/kelp\u200bnet>`_.\n"
    )
    facts = analyze_readme(text, name="README.rst")
    assert C.RESULTS in facts.covers
    assert facts.artifact_links == ("https://huggingface.co/kelp-lab/kelpnet",)


def test_nothing_named_is_read_or_fetched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`include` of a local file, `raw` (inline and with `:url:`), `csv-table` with `:url:` and
    `:file:`, an image and a figure sized from the image: no file read, no request sent. The
    same text with docutils' defaults reads and fetches them (the check can fail)."""
    for proxy in ("http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(proxy, raising=False)
    secret = tmp_path / "secret.txt"
    secret.write_text("KEPT-OUT-OF-THE-README\n", encoding="utf-8")
    routes = {
        "/raw": Reply(200, b"<p>FETCHED-RAW</p>"),
        "/table.csv": Reply(200, b"Model,FETCHED-CSV\n"),
    }
    with serve(routes) as server:
        text = (
            "Project\n=======\n\n"
            f".. include:: {secret}\n\n"
            f".. raw:: html\n   :url: {server.url('/raw')}\n\n"
            ".. raw:: html\n\n   <p>INLINE-RAW</p>\n\n"
            f".. csv-table:: Scores\n   :url: {server.url('/table.csv')}\n\n"
            f".. csv-table:: Local\n   :file: {secret}\n\n"
            f".. image:: {server.url('/badge.png')}\n\n"
            f".. figure:: {server.url('/figure.png')}\n   :figwidth: image\n\n"
            "   A figure.\n"
        )
        read = " ".join(line.text for line in rst.read(text.splitlines()))
        facts = analyze_readme(text, name="README.rst")
        assert server.requests == []
        said = read + " ".join(evidence.excerpt for evidence in facts.evidence)
        for hidden in ("KEPT-OUT-OF-THE-README", "FETCHED", "INLINE-RAW"):
            assert hidden not in said
        assert f"![]({server.url('/badge.png')})" in read  # the image is a target, not fetched

        defaults = {"report_level": 5, "halt_level": 5, "warning_stream": False}
        unsafe = publish_doctree(text, settings_overrides=defaults).astext()
        assert "KEPT-OUT-OF-THE-README" in unsafe
        assert "FETCHED-CSV" in unsafe
        assert {"/raw", "/table.csv"} <= {seen.path for seen in server.requests}


def test_broken_restructuredtext_gives_what_it_can() -> None:
    text = (
        "Install\n=====\n\n"  # an underline too short
        "+-----+----\n| a | b\n\n"  # a table never closed
        "*unclosed emphasis and `a stray backquote and |nosub| and `dangling`_\n\n"
        ".. unknown-directive:: x\n\n   body\n\n"
        "Usage\n-----\n\n::\n\n    python demo.py --input photo.jpg\n"
    )
    doc = readme_parse.parse(text, name="README.rst")
    assert "Usage" in [section.title for section in doc.sections]
    assert [line.text for line in doc.lines if line.is_code] == ["python demo.py --input photo.jpg"]
    assert C.USAGE in covers(text)


def test_a_nesting_deeper_than_docutils_recurses_is_read_as_text() -> None:
    lines = [" " * depth + f"level {depth}" for depth in range(400)]
    read = rst.read(lines)
    assert [line.text for line in read] == lines


def test_lines_past_the_parsed_part_are_plain_text() -> None:
    filler = ["Filler text of a long README, one line of many."] * (rst.MAX_CHARS // 40)
    tail = ["::", "", "    python train.py"]
    read = rst.read(["Project", "=======", "", *filler, "", *tail])
    assert read[-1].text == "    python train.py"
    assert read[-1].role.value == "text"
    assert read[-1].number == len(filler) + 7


_RESTRUCTUREDTEXT_ISH = st.lists(
    st.text(alphabet=st.sampled_from("=-~*`|_:.+#>[]()<> \t1ax\u200b\u00a0"), max_size=30)
    | st.sampled_from(
        ["::", ".. code-block:: bash", ".. list-table::", "   :header-rows: 1", "   * - a",
         ".. image:: x.png", "   :target: y", ".. _t: https://x.test", ".. |s| replace:: z",
         "+--+--+", "|a |b |", "+==+==+", "== ==", ".. include:: /etc/hostname", "   ",
         ".. contents::", "Title", "-----"]
    ),
    max_size=30,
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(_RESTRUCTUREDTEXT_ISH)
def test_any_restructuredtext_is_read_without_raising(lines: list[str]) -> None:
    read = rst.read(lines)
    assert all(1 <= line.number <= len(lines) + 1 for line in read)
    analyze_readme("\n".join(lines), name="README.rst")


def test_auditor_readme_reads_a_restructuredtext_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = tmp_path / "README.rst"
    readme.write_text((ASSETS / "rst_complete.rst").read_text("utf-8"), encoding="utf-8")
    assert cli.main(["readme", str(readme)], environ={}) == 0
    out = capsys.readouterr().out
    assert "✓ results   line 61" in out
    assert "✓ train     line 40: Model training" in out


def _hostile(kind: str) -> Callable[[int], list[str]]:
    def make(n: int) -> list[str]:
        if kind == "unclosed-emphasis":
            return ["*a " * 300] * n
        if kind == "backquotes":
            return ["`x " * 300] * n
        if kind == "deep-indentation":
            return [" " * (i % 60) + "x" if i % 2 else "" for i in range(n)]
        if kind == "nested-lists":
            return ["- " * (i % 40) + "x" for i in range(n)]
        if kind == "references":
            return [f"`a{i} <https://x.test/{i}>`_ `b{i}`_ |s{i}| [#]_ :r:`x`" for i in range(n)]
        return [line for i in range(n // 3) for line in ("", f"T{i}", "=-~^+#*"[i % 7] * 5)]

    return make


@pytest.mark.parametrize(
    ("kind", "size"),
    [("unclosed-emphasis", 4), ("backquotes", 4), ("deep-indentation", 60),
     ("nested-lists", 40), ("references", 20), ("titles", 60)],
)  # fmt: skip
def test_reading_hostile_restructuredtext_is_linear(kind: str, size: int) -> None:
    make = _hostile(kind)

    def reading(n: int) -> Callable[[], object]:
        lines = make(n)
        return lambda: rst.read(lines)

    grows_linearly(reading, size)


def test_the_inline_parser_sees_bounded_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """Docutils seeks the end of each unclosed `*` through the rest of its text, inside one
    regular-expression call that counting calls cannot see: the paragraph reaches it in pieces
    of at most `MAX_INLINE_CHARS`, and none after `MAX_INLINE_PROBLEMS` problems."""
    seen: list[int] = []
    whole = Inliner.parse

    def recording(self: Inliner, text: str, *rest: Any) -> Any:
        seen.append(len(text))
        return whole(self, text, *rest)

    monkeypatch.setattr(Inliner, "parse", recording)
    read = rst.read(["*a " * 300] * 40)  # one paragraph of 36,000 characters
    # One piece of two lines: its 600 unclosed starts spend the budget.
    assert len(seen) == 1
    assert seen[0] <= rst.MAX_INLINE_CHARS
    assert [line.text for line in read] == [("*a " * 300).rstrip()] * 40  # text as written


def test_past_the_cap_more_text_costs_little_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past `MAX_CHARS` lines are only given out: a README of twice the cap costs a small part
    more than one of the cap."""
    monkeypatch.setattr(rst, "MAX_CHARS", 4096)
    paragraph = ["Some words with *emphasis* and a `link <https://x.test/a>`_.", ""]
    at_cap = paragraph * (rst.MAX_CHARS // 60)
    at_cap_work = operations(lambda: rst.read(at_cap))
    assert operations(lambda: rst.read(at_cap * 2)) < 1.2 * at_cap_work
