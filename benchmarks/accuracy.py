"""How often paper-auditor's judgements agree with a careful reader, measured on hand-labelled
real text: links in abstracts (recall and precision, overall and per class of mess) and what
READMEs cover (precision and recall per cover).

    python -m benchmarks.accuracy                  # both parts, every disagreement listed
    python -m benchmarks.accuracy --part readmes --brief
    python -m benchmarks.accuracy --corpus DIR --json out.json

The corpus (`../shared/corpus/` beside the repository by default) is other people's writing:
it is read here and never copied into the project. Without it the benchmark says so and exits 0.
Comparison rules are the corpus's own: scheme, `www.`, a trailing slash and `.git` do not matter;
GitHub, GitLab and Hugging Face paths ignore case; a link into a repository names it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from auditor.extract import extract_inputs
from auditor.links import normalize_url
from auditor.models import ReadmeCover
from auditor.readme import analyze_readme

# The labelled corpus: $PAPER_AUDITOR_CORPUS, else ../shared/corpus/ beside the repository.
DEFAULT_CORPUS = Path(
    os.environ.get("PAPER_AUDITOR_CORPUS")
    or Path(__file__).resolve().parents[2] / "shared" / "corpus"
)
_CASELESS_HOSTS = ("github.com", "gitlab.com", "huggingface.co")
# README covers measured, and the corpus label each is compared with.
COVERS: Mapping[ReadmeCover, str] = {
    ReadmeCover.INSTALL: "install",
    ReadmeCover.USAGE: "usage",
    ReadmeCover.TRAIN: "train",
    ReadmeCover.EVALUATE: "evaluate",
    ReadmeCover.RESULTS: "results",
    ReadmeCover.WEIGHTS: "weights",
    ReadmeCover.DATA: "data",
    ReadmeCover.CITATION: "citation_any",
}
PLACEHOLDER_LABEL = "placeholder"


def link_key(url: str) -> str:
    """The form two URLs share when a careful reader would call them the same link."""
    normal = normalize_url(url)
    text = normal.url if normal is not None else url
    try:
        parts = urlsplit(text)
    except ValueError:
        return text
    host = (parts.hostname or "").casefold().removeprefix("www.")
    path = re.sub(r"(\.git)?/*$", "", parts.path)
    if host in _CASELESS_HOSTS:
        path = path.casefold()
    return host + path + (f"?{parts.query}" if parts.query else "")


# --- abstracts ----------------------------------------------------------------------------------

PLACEHOLDER = re.compile(r"this https? URL", re.I)


def url_classes(raw: str, paragraph: str) -> set[str]:
    """The classes of mess one labelled URL belongs to, read from the text around it."""
    classes: set[str] = set()
    at = paragraph.find(raw)
    before = paragraph[max(0, at - 40) : at] if at >= 0 else ""
    after = paragraph[at + len(raw) : at + len(raw) + 3] if at >= 0 else ""
    if "](" in before[-3:] or after.startswith("]("):
        classes.add("markdown-link")
    if re.search(r"\\(url|href|footnote)\{[^{}]*$", before) or "\\_" in raw or "$.$" in raw:
        classes.add("latex")
    # A word or a label stuck to the scheme: "Website:https://…", "bluehttps://…".
    if "://" in raw and re.search(r"[A-Za-z]:?\Z", before):
        classes.add("glued-prefix")
    if re.search(r"\s", raw):
        classes.add("space-in-url")
    if "://" not in raw:
        classes.add("scheme-less")
    if "\n" in before[-2:] or "\n" in raw:
        classes.add("hard-wrapped")
    return classes or {"plain"}


@dataclass
class ClassFigures:
    abstracts: int = 0  # abstracts holding this class
    truth: int = 0
    found: int = 0  # true URLs found
    extracted: int = 0  # URLs extracted from the abstracts holding this class
    correct: int = 0  # of those, ones a true URL matches

    def recall(self) -> float | None:
        return self.found / self.truth if self.truth else None

    def precision(self) -> float | None:
        return self.correct / self.extracted if self.extracted else None


@dataclass
class AbstractsResult:
    papers_expected: int
    papers_read: int
    overall: ClassFigures = field(default_factory=ClassFigures)
    classes: dict[str, ClassFigures] = field(default_factory=dict)
    misses: list[tuple[int, str, list[str]]] = field(default_factory=list)
    invented: list[tuple[int, str]] = field(default_factory=list)
    # The "link lost by arXiv" note: abstracts holding the placeholder, those noted, and the
    # abstracts noted without one.
    placeholders: list[int] = field(default_factory=list)
    noted: list[int] = field(default_factory=list)
    noted_without: list[int] = field(default_factory=list)


def _paragraphs(text: str) -> list[str]:
    """The abstracts of the corpus file: paragraphs after the header line."""
    paragraphs = [p for p in re.split(r"\n[ \t]*\n", text) if p.strip()]
    return paragraphs[1:]


def measure_abstracts(corpus: Path) -> AbstractsResult:
    folder = corpus / "abstracts"
    truth = [json.loads(line) for line in (folder / "truth.jsonl").read_text().splitlines()]
    paragraphs = _paragraphs((folder / "abstracts.txt").read_text(encoding="utf-8"))
    extraction = extract_inputs([str(folder / "abstracts.txt")])
    found_by_paper = [list(paper.links) for paper in extraction.papers]
    notes_by_paper = [bool(paper.notes) for paper in extraction.papers]
    result = AbstractsResult(len(truth), len(extraction.papers))
    for index, record in enumerate(truth):
        paragraph = paragraphs[index] if index < len(paragraphs) else ""
        found = found_by_paper[index] if index < len(found_by_paper) else []
        found_keys = {link_key(url): url for url in found}
        true_keys: dict[str, set[str]] = {}
        for entry, raw in zip(record["urls"], record["raw"], strict=False):
            true_keys[link_key(entry["url"])] = url_classes(raw, paragraph)
        abstract_classes = set().union(*true_keys.values()) if true_keys else set()
        noted = index < len(notes_by_paper) and notes_by_paper[index]
        if PLACEHOLDER.search(paragraph):
            abstract_classes.add("arxiv-placeholder")
            result.placeholders.append(record["n"])
            if noted:
                result.noted.append(record["n"])
        elif noted:
            result.noted_without.append(record["n"])
        if not true_keys and not PLACEHOLDER.search(paragraph):
            abstract_classes.add("no-url")
        for name in (*abstract_classes, "overall"):
            _figures(result, name).abstracts += 1
        for key, classes in true_keys.items():
            hit = key in found_keys
            for name in (*classes, "overall"):
                figures = _figures(result, name)
                figures.truth += 1
                figures.found += hit
            if not hit:
                result.misses.append((record["n"], key, sorted(classes)))
        for key, url in found_keys.items():
            correct = key in true_keys
            for name in (*abstract_classes, "overall"):
                figures = _figures(result, name)
                figures.extracted += 1
                figures.correct += correct
            if not correct:
                result.invented.append((record["n"], url))
    return result


def _figures(result: AbstractsResult, name: str) -> ClassFigures:
    if name == "overall":
        return result.overall
    return result.classes.setdefault(name, ClassFigures())


# --- READMEs ------------------------------------------------------------------------------------


@dataclass
class CoverFigures:
    positives: int = 0  # labelled true
    predicted: int = 0
    agreed: int = 0  # predicted and labelled true

    def precision(self) -> float | None:
        return self.agreed / self.predicted if self.predicted else None

    def recall(self) -> float | None:
        return self.agreed / self.positives if self.positives else None


@dataclass
class ReadmesResult:
    repositories: int = 0
    covers: dict[str, CoverFigures] = field(default_factory=dict)
    micro: CoverFigures = field(default_factory=CoverFigures)
    # (repository, cover, predicted, labelled, our line and excerpt, the label's line and quote)
    disagreements: list[tuple[str, str, bool, bool, str, str]] = field(default_factory=list)


def measure_readmes(corpus: Path) -> ReadmesResult:
    folder = corpus / "readmes"
    result = ReadmesResult()
    for line in (folder / "labels.jsonl").read_text().splitlines():
        record = json.loads(line)
        text = (folder / "texts" / Path(record["file"]).name).read_text(
            encoding="utf-8", errors="replace"
        )
        facts = analyze_readme(text, root_files=tuple(record["root_files"]))
        evidence = {item.cover: item for item in facts.evidence}
        result.repositories += 1
        measured = {**{cover: label for cover, label in COVERS.items()}}
        measured[ReadmeCover.PLACEHOLDER] = PLACEHOLDER_LABEL
        for cover, label_name in measured.items():
            label = record["labels"].get(label_name, {})
            value = label.get("value")
            if value is None:
                continue
            predicted = cover in facts.covers
            figures = result.covers.setdefault(cover.value, CoverFigures())
            targets = [figures] + ([result.micro] if cover is not ReadmeCover.PLACEHOLDER else [])
            for target in targets:
                target.positives += bool(value)
                target.predicted += predicted
                target.agreed += predicted and bool(value)
            if predicted != bool(value):
                ours = evidence.get(cover)
                shown = f"{ours.line}: {ours.excerpt}" if ours else "-"
                theirs = f"{label.get('line')}: {label.get('quote')}" if value else "-"
                result.disagreements.append(
                    (record["repo"], cover.value, predicted, bool(value), shown, theirs)
                )
    return result


# --- output -------------------------------------------------------------------------------------


def _ratio(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def abstracts_table(result: AbstractsResult) -> list[str]:
    lines = [
        f"Abstracts: {result.papers_read} papers read, {result.papers_expected} labelled",
        "",
        "| class | abstracts | true URLs | found | recall | extracted | correct | precision |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    rows = [("overall", result.overall), *sorted(result.classes.items())]
    for name, figures in rows:
        lines.append(
            f"| {name} | {figures.abstracts} | {figures.truth} | {figures.found} "
            f"| {_ratio(figures.recall())} "
            f"| {figures.extracted} | {figures.correct} | {_ratio(figures.precision())} |"
        )
    lines += [
        "",
        f'"Link lost by arXiv" notes: {len(result.noted)} of {len(result.placeholders)} '
        f"abstracts with the placeholder; {len(result.noted_without)} abstracts without it noted",
    ]
    return lines


def readmes_table(result: ReadmesResult) -> list[str]:
    lines = [
        f"READMEs: {result.repositories} repositories",
        "",
        "| cover | positives | predicted | agreed | precision | recall |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    rows = [*result.covers.items(), ("micro (without placeholder)", result.micro)]
    for name, figures in rows:
        lines.append(
            f"| {name} | {figures.positives} | {figures.predicted} | {figures.agreed} "
            f"| {_ratio(figures.precision())} | {_ratio(figures.recall())} |"
        )
    return lines


def _listing(title: str, rows: Iterable[Sequence[object]]) -> list[str]:
    items = [" · ".join(str(cell) for cell in row) for row in rows]
    return [f"{title} ({len(items)}):", *(f"  {item}" for item in items)] if items else []


def report(abstracts: AbstractsResult | None, readmes: ReadmesResult | None, *, brief: bool) -> str:
    lines: list[str] = []
    if abstracts is not None:
        lines += abstracts_table(abstracts)
        if not brief:
            lines += ["", *_listing("missed (abstract, URL, classes)", abstracts.misses)]
            lines += _listing("invented (abstract, URL)", abstracts.invented)
            unnoted = sorted(set(abstracts.placeholders) - set(abstracts.noted))
            lines += _listing("placeholder not noted (abstract)", ([n] for n in unnoted))
            lines += _listing(
                "noted without a placeholder (abstract)", ([n] for n in abstracts.noted_without)
            )
        lines.append("")
    if readmes is not None:
        lines += readmes_table(readmes)
        if not brief:
            lines += [
                "",
                *_listing(
                    "disagreements (repository, cover, ours, label, our evidence, label's line)",
                    readmes.disagreements,
                ),
            ]
    return "\n".join(lines).rstrip() + "\n"


def as_json(abstracts: AbstractsResult | None, readmes: ReadmesResult | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if abstracts is not None:
        out["abstracts"] = {
            name: {"recall": f.recall(), "precision": f.precision(), "true": f.truth}
            for name, f in [("overall", abstracts.overall), *abstracts.classes.items()]
        }
    if readmes is not None:
        out["readmes"] = {
            name: {"precision": f.precision(), "recall": f.recall(), "positives": f.positives}
            for name, f in [("micro", readmes.micro), *readmes.covers.items()]
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.accuracy", description=__doc__)
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="labelled corpus")
    parser.add_argument("--part", choices=("abstracts", "readmes", "all"), default="all")
    parser.add_argument("--brief", action="store_true", help="tables only, no disagreements")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)
    if not (args.corpus / "abstracts").is_dir() and not (args.corpus / "readmes").is_dir():
        print(f"no labelled corpus at {args.corpus}: nothing to measure")
        return 0
    abstracts = (
        measure_abstracts(args.corpus)
        if args.part in ("abstracts", "all") and (args.corpus / "abstracts").is_dir()
        else None
    )
    readmes = (
        measure_readmes(args.corpus)
        if args.part in ("readmes", "all") and (args.corpus / "readmes").is_dir()
        else None
    )
    sys.stdout.write(report(abstracts, readmes, brief=args.brief))
    if args.json is not None:
        args.json.write_text(json.dumps(as_json(abstracts, readmes), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
