"""How often paper-auditor's judgements agree with a careful reader, measured on hand-labelled
real text: links in abstracts (recall and precision, overall and per class of mess) and what
READMEs cover (precision and recall per cover).

    python -m benchmarks.accuracy                  # both parts, every open disagreement listed
    python -m benchmarks.accuracy --part readmes --brief
    python -m benchmarks.accuracy --fold 3         # one open README fold and its disagreements
    python -m benchmarks.accuracy --corpus DIR --json out.json

The READMEs are split by repository owner into five fixed folds. Rules are written from the
failures of folds 1-4, reported together with their disagreements; fold 5 is sealed, the best
estimate of READMEs nobody tuned on: a run prints only its totals (per-cover counts, micro
precision and recall), never a repository, a file or a disagreement of it, unless `--unseal`
is given (once, at the end of a piece of work). The whole corpus is reported beside them,
labelled "tuned": the rules were written from part of it. The later batch's labels are
measured where the analysis answers them: `weights_urls` and `data_urls` per URL (the README
links the one classification, `auditor.readme.artifacts`, calls the paper's own weights and
data); `results_commands` and `about_other_work` (the inherited-README detector, read with the
repository's name as the pipeline reads it; the paper's identity is not in the corpus) per
README like a cover, their disagreements listed with theirs, and the count of READMEs each
answers yes for over the whole part, labelled or not.

The corpus (`../shared/corpus/` beside the repository by default) is other people's writing:
it is read here and never copied into the project. Without it the benchmark says so and exits 0.
Comparison rules are the corpus's own: scheme, `www.`, a trailing slash and `.git` do not matter;
GitHub, GitLab and Hugging Face paths ignore case; a link into a repository names it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import astuple, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from auditor.extract.collect import extract_inputs
from auditor.links import normalize_url
from auditor.models import ArtifactLink, Inherited, ReadmeCover, ReadmeEvidence, ReadmeFacts
from auditor.readme import artifacts
from auditor.readme.analysis import analyze_readme

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

# The READMEs are split by repository owner (labs reuse their README templates, so one owner's
# READMEs would teach a rule what another of them tests) into fixed folds: a SHA-256 of the
# seed and the owner, the same on every machine and run (never Python's randomised `hash`).
# Rules are written from the failures of folds 1-4; fold 5 is sealed, our best estimate of
# READMEs nobody tuned on: only its totals are printed unless `--unseal` is given.
FOLDS = 5
SEALED_FOLD = 5
OPEN_FOLDS = frozenset(range(1, SEALED_FOLD))
FOLD_SEED = "paper-auditor readme folds"


def _results_commands(facts: ReadmeFacts) -> tuple[bool, ReadmeEvidence | None]:
    return facts.results_commands is not None, facts.results_commands


def _about_other_work(facts: ReadmeFacts) -> tuple[bool, ReadmeEvidence | None]:
    inherited = facts.inherited
    said = inherited.inherited is Inherited.YES
    # Shown as a README line like a cover's evidence (the cover named is only its carrier).
    line = ReadmeEvidence(ReadmeCover.PLACEHOLDER, inherited.line or 0, inherited.evidence)
    return said, line if said else None


# Labels of the later batch the analysis answers apart from its covers: whether it says yes,
# and the line it says so on.
LATER_LABELS: Mapping[str, Callable[[ReadmeFacts], tuple[bool, ReadmeEvidence | None]]] = {
    "results_commands": _results_commands,
    "about_other_work": _about_other_work,
}
# URL labels of the later batch, and the README links of that kind as the one classification
# of a README's links (`auditor.readme.artifacts`) answers them.
URL_LABELS: Mapping[str, Callable[[Sequence[ArtifactLink]], tuple[str, ...]]] = {
    "weights_urls": artifacts.weights_urls,
    "data_urls": artifacts.data_urls,
}
# The weights and data links together, against both lists.
ARTIFACT_URLS = "weights_urls + data_urls"


def owner_of(repo: str) -> str:
    """The owner part of `owner/name`, as GitHub compares it (without case)."""
    return repo.partition("/")[0].strip().casefold()


def fold_of(repo: str) -> int:
    """The fold (1-5) of a repository: its owner's, fixed by a seeded SHA-256."""
    digest = hashlib.sha256(f"{FOLD_SEED}:{owner_of(repo)}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % FOLDS + 1


@dataclass
class CoverFigures:
    positives: int = 0  # labelled true (for a URL label: URLs labelled)
    predicted: int = 0  # (URLs found)
    agreed: int = 0  # predicted and labelled true (URLs found and labelled)

    def precision(self) -> float | None:
        return self.agreed / self.predicted if self.predicted else None

    def recall(self) -> float | None:
        return self.agreed / self.positives if self.positives else None

    def add(self, positives: int, predicted: int, agreed: int) -> None:
        self.positives += positives
        self.predicted += predicted
        self.agreed += agreed


@dataclass(frozen=True)
class Verdict:
    """One README's answer on one cover, beside its label."""

    cover: str
    predicted: bool
    labelled: bool
    ours: str  # our line and excerpt
    theirs: str  # the label's line and quote


@dataclass(frozen=True)
class ReadmeRecord:
    """What the analysis said of one labelled README, against its labels."""

    repo: str
    fold: int
    verdicts: tuple[Verdict, ...]
    # URL label → (the labelled URLs, the URLs we read as that kind), each by `link_key`.
    urls: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]
    later: tuple[Verdict, ...] = ()  # the later batch's labels the analysis answers
    said_yes: frozenset[str] = frozenset()  # later labels answered yes, labelled or not


@dataclass
class ReadmesResult:
    repositories: int = 0
    owners: int = 0
    covers: dict[str, CoverFigures] = field(default_factory=dict)
    micro: CoverFigures = field(default_factory=CoverFigures)
    newer: int = 0  # repositories carrying the later batch's labels
    later: dict[str, CoverFigures] = field(default_factory=dict)
    said_yes: dict[str, int] = field(default_factory=dict)  # later label → READMEs answered yes
    urls: dict[str, CoverFigures] = field(default_factory=dict)
    # (repository, cover, predicted, labelled, our line and excerpt, the label's line and quote)
    disagreements: list[tuple[str, str, bool, bool, str, str]] = field(default_factory=list)
    # (repository, URL label, "missed" or "not labelled", URL)
    url_disagreements: list[tuple[str, str, str, str]] = field(default_factory=list)


def read_readmes(corpus: Path) -> list[ReadmeRecord]:
    """Every labelled README of the corpus analysed, in the labels' order."""
    folder = corpus / "readmes"
    records = []
    for line in (folder / "labels.jsonl").read_text().splitlines():
        record = json.loads(line)
        text = (folder / "texts" / Path(record["file"]).name).read_text(
            encoding="utf-8", errors="replace"
        )
        facts = analyze_readme(
            text,
            root_files=tuple(record["root_files"]),
            name=record.get("readme_path"),
            repository=record["repo"],
        )
        records.append(_judged(record, facts))
    return records


def _judged(record: Mapping[str, Any], facts: ReadmeFacts) -> ReadmeRecord:
    labels = record["labels"]
    evidence = {item.cover: item for item in facts.evidence}
    verdicts = []
    for cover, label_name in {**COVERS, ReadmeCover.PLACEHOLDER: PLACEHOLDER_LABEL}.items():
        found = evidence.get(cover)
        verdict = _verdict(cover.value, labels.get(label_name, {}), cover in facts.covers, found)
        if verdict is not None:
            verdicts.append(verdict)
    later, said_yes = [], set()
    for name, answer in LATER_LABELS.items():
        predicted, line = answer(facts)
        said_yes |= {name} if predicted else set()
        verdict = _verdict(name, labels.get(name, {}), predicted, line)
        if verdict is not None:
            later.append(verdict)
    urls: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for name, of_kind in URL_LABELS.items():
        if isinstance(labels.get(name), list):
            urls[name] = (_keys(labels[name]), _keys(of_kind(facts.artifacts)))
    if urls:
        labelled = [url for name in URL_LABELS for url in labels.get(name, [])]
        found = [url for of_kind in URL_LABELS.values() for url in of_kind(facts.artifacts)]
        urls[ARTIFACT_URLS] = (_keys(labelled), _keys(found))
    return ReadmeRecord(
        record["repo"],
        fold_of(record["repo"]),
        tuple(verdicts),
        urls,
        tuple(later),
        frozenset(said_yes),
    )


def _verdict(
    name: str, label: Mapping[str, Any], predicted: bool, ours: ReadmeEvidence | None
) -> Verdict | None:
    """Our answer beside a label (None where the record does not carry the label)."""
    value = label.get("value")
    if value is None:
        return None
    return Verdict(
        name,
        predicted,
        bool(value),
        f"{ours.line}: {ours.excerpt}" if ours else "-",
        f"{label.get('line')}: {label.get('quote')}" if value else "-",
    )


def _keys(urls: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(link_key(url) for url in urls))


def tally(records: Iterable[ReadmeRecord], folds: Collection[int]) -> ReadmesResult:
    """The figures of the records in `folds`, with their disagreements."""
    result = ReadmesResult()
    owners: set[str] = set()
    for record in records:
        if record.fold not in folds:
            continue
        result.repositories += 1
        owners.add(owner_of(record.repo))
        for verdict in record.verdicts:
            figures = result.covers.setdefault(verdict.cover, CoverFigures())
            targets = [figures]
            if verdict.cover != ReadmeCover.PLACEHOLDER:
                targets.append(result.micro)
            for target in targets:
                both = verdict.predicted and verdict.labelled
                target.add(verdict.labelled, verdict.predicted, both)
            if verdict.predicted != verdict.labelled:
                result.disagreements.append((record.repo, *astuple(verdict)))
        result.newer += bool(record.urls or record.later)
        for name in LATER_LABELS:
            result.said_yes[name] = result.said_yes.get(name, 0) + (name in record.said_yes)
        for verdict in record.later:
            both = verdict.predicted and verdict.labelled
            figures = result.later.setdefault(verdict.cover, CoverFigures())
            figures.add(verdict.labelled, verdict.predicted, both)
            if verdict.predicted != verdict.labelled:
                result.disagreements.append((record.repo, *astuple(verdict)))
        for name, (labelled, found) in record.urls.items():
            agreed = set(labelled) & set(found)
            result.urls.setdefault(name, CoverFigures()).add(len(labelled), len(found), len(agreed))
            if name == ARTIFACT_URLS:
                continue  # each URL is listed under its own label
            result.url_disagreements += [
                (record.repo, name, "missed", url) for url in labelled if url not in agreed
            ]
            result.url_disagreements += [
                (record.repo, name, "not labelled", url) for url in found if url not in agreed
            ]
    result.owners = len(owners)
    return result


def measure_readmes(corpus: Path, folds: Collection[int] = range(1, FOLDS + 1)) -> ReadmesResult:
    """The README figures of the corpus (every fold unless `folds` says which)."""
    return tally(read_readmes(corpus), folds)


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


def readmes_table(title: str, result: ReadmesResult) -> list[str]:
    lines = [
        f"READMEs, {title}: {result.repositories} repositories, {result.owners} owners",
        "",
        "| cover | positives | predicted | agreed | precision | recall |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    rows = [*result.covers.items(), ("micro (without placeholder)", result.micro)]
    for name, figures in rows:
        lines.append(_row(name, figures))
    if result.urls or result.later:
        lines += [
            "",
            f"Newer labels ({result.newer} repositories of the later batch carry them):",
            "",
            "| label | positives | predicted | agreed | precision | recall |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for name, figures in result.later.items():
            lines.append(_row(name, figures))
        for name, figures in result.urls.items():
            lines.append(_row(f"{name} (URLs)", figures))
    if result.later:
        lines.append("")
        for name, count in result.said_yes.items():
            lines.append(
                f"{name}: {count} of {result.repositories} READMEs answered yes, labelled or not"
            )
    return lines


def _row(name: str, figures: CoverFigures) -> str:
    return (
        f"| {name} | {figures.positives} | {figures.predicted} | {figures.agreed} "
        f"| {_ratio(figures.precision())} | {_ratio(figures.recall())} |"
    )


def _listing(title: str, rows: Iterable[Sequence[object]]) -> list[str]:
    items = [" · ".join(str(cell) for cell in row) for row in rows]
    return [f"{title} ({len(items)}):", *(f"  {item}" for item in items)] if items else []


@dataclass(frozen=True)
class Scope:
    """A part of the README corpus reported together: its title, figures, and whether its
    disagreements are listed."""

    key: str
    title: str
    result: ReadmesResult
    listed: bool


def readme_scopes(
    records: Sequence[ReadmeRecord],
    *,
    fold: int | None,
    unseal: bool,
    brief: bool,
    open_only: bool = False,
) -> list[Scope]:
    """What a run reports: one fold (`--fold K`), folds 1-4 alone (`--open`: what a rule
    change is checked on, nothing of the sealed fold, not even within the whole corpus), or
    folds 1-4 with their disagreements, the sealed fold's totals (its disagreements only when
    unsealed) and the whole corpus, labelled tuned (the rules were written from part of it),
    never with disagreements (fold 5's would be among them)."""
    if fold is not None:
        title = f"fold {fold}" + (" (sealed, unsealed)" if fold == SEALED_FOLD else "")
        return [Scope(f"fold {fold}", title, tally(records, {fold}), not brief)]
    if open_only:
        return [Scope("folds 1-4", "folds 1-4", tally(records, OPEN_FOLDS), not brief)]
    sealed = "sealed, unsealed" if unseal else "sealed: totals only"
    return [
        Scope("folds 1-4", "folds 1-4", tally(records, OPEN_FOLDS), not brief),
        Scope(
            f"fold {SEALED_FOLD}",
            f"fold {SEALED_FOLD} ({sealed})",
            tally(records, {SEALED_FOLD}),
            unseal and not brief,
        ),
        Scope(
            "tuned",
            "whole corpus (tuned: the rules were written from part of it)",
            tally(records, range(1, FOLDS + 1)),
            False,
        ),
    ]


def report(abstracts: AbstractsResult | None, scopes: Sequence[Scope], *, brief: bool) -> str:
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
    for scope in scopes:
        lines += readmes_table(scope.title, scope.result)
        if scope.listed:
            lines += [
                "",
                *_listing(
                    "disagreements (repository, cover, ours, label, our evidence, label's line)",
                    scope.result.disagreements,
                ),
                *_listing(
                    "URL disagreements (repository, label, which, URL)",
                    scope.result.url_disagreements,
                ),
            ]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def as_json(abstracts: AbstractsResult | None, scopes: Sequence[Scope]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if abstracts is not None:
        out["abstracts"] = {
            name: {"recall": f.recall(), "precision": f.precision(), "true": f.truth}
            for name, f in [("overall", abstracts.overall), *abstracts.classes.items()]
        }
    if scopes:
        out["readmes"] = {
            scope.key: {
                name: {"precision": f.precision(), "recall": f.recall(), "positives": f.positives}
                for name, f in [
                    ("micro", scope.result.micro),
                    *scope.result.covers.items(),
                    *scope.result.later.items(),
                    *scope.result.urls.items(),
                ]
            }
            for scope in scopes
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.accuracy",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="labelled corpus")
    parser.add_argument("--part", choices=("abstracts", "readmes", "all"), default="all")
    parser.add_argument("--brief", action="store_true", help="tables only, no disagreements")
    parser.add_argument(
        "--fold",
        type=int,
        choices=range(1, FOLDS + 1),
        metavar="K",
        help=f"README fold K (1-{SEALED_FOLD - 1}) alone, with its disagreements",
    )
    parser.add_argument(
        "--open",
        action="store_true",
        help=f"README folds 1-{SEALED_FOLD - 1} alone, pooled: check a rule change on these, "
        f"never on the whole corpus (fold {SEALED_FOLD} is part of it)",
    )
    parser.add_argument(
        "--unseal",
        action="store_true",
        help=f"also list the sealed fold {SEALED_FOLD}'s disagreements (once, at the end)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)
    if args.fold == SEALED_FOLD and not args.unseal:
        parser.error(f"fold {SEALED_FOLD} is sealed: its totals are in the default run")
    if (args.fold is not None or args.open) and args.part == "abstracts":
        flag = "--fold is a fold" if args.fold is not None else "--open is the open folds"
        parser.error(f"{flag} of the READMEs: it goes with --part readmes or all")
    if args.open and (args.fold is not None or args.unseal):
        parser.error("--open reports folds 1-4 alone: without --fold or --unseal")
    if not (args.corpus / "abstracts").is_dir() and not (args.corpus / "readmes").is_dir():
        print(f"no labelled corpus at {args.corpus}: nothing to measure")
        return 0
    wanted = {"abstracts": args.part != "readmes" and args.fold is None and not args.open}
    wanted["readmes"] = args.part != "abstracts"
    abstracts = (
        measure_abstracts(args.corpus)
        if wanted["abstracts"] and (args.corpus / "abstracts").is_dir()
        else None
    )
    scopes = (
        readme_scopes(
            read_readmes(args.corpus),
            fold=args.fold,
            unseal=args.unseal,
            brief=args.brief,
            open_only=args.open,
        )
        if wanted["readmes"] and (args.corpus / "readmes").is_dir()
        else []
    )
    sys.stdout.write(report(abstracts, scopes, brief=args.brief))
    if args.json is not None:
        args.json.write_text(json.dumps(as_json(abstracts, scopes), indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
