"""What a README covers, decided from its text alone (no I/O).

`analyze_readme(text, root_files=...)` reads Markdown or reStructuredText and answers which of
the covers below the README has, each with the first line (1-based) that decided it. Line 0
means the evidence is not a README line (a root file, or the root listing).

How lines are read
  * Headings: Markdown `#`…`######`, setext (`===`/`---` under a line), reStructuredText
    titles (a line underlined by one repeated punctuation character at least as long as the
    title), HTML `<h1>`…`<h6>`, and a line that is only bold text (`**Training**`).
  * Code: Markdown fences (```` ``` ```` / `~~~`, with their language), reStructuredText
    `.. code-block:: lang` / `.. code:: lang` and `::` literal blocks.
  * Heading keywords count only in headings (English, plus common Chinese, Japanese and Korean
    words); commands count anywhere (fenced, inline or in prose), a leading `$ ` or `> ` removed.

Covers
  * install — heading: install(ation), setup, getting started, requirements, dependencies,
    environment, prerequisites; command: `pip|conda|mamba install`, `conda env create`,
    `conda create`, `poetry install`, `uv sync`, `pipenv install`, `setup.py install|develop`,
    `docker build|pull`, `npm install`, `Pkg.instantiate`, `renv::restore`, `cargo build`.
  * usage — heading: usage, quick start, getting started, demo, inference, how to use/run,
    example(s), tutorial; command: `python -m …`, `python <demo|infer|predict|run|main|app|
    sample|generate|example>*.py`, `streamlit run`; or a Python fence that imports something.
  * train — heading: train(ing), fine-tuning, pre-training (not "pretrained"); command: python,
    torchrun, accelerate, deepspeed, bash/sh or srun running `*train*.py|.sh`, or a script run
    with `--train` / `--mode train`.
  * evaluate — heading: eval(uation), testing, test, benchmark(ing), reproduc…; command as
    for train with `*eval*|*test*|*val*|*benchmark*` scripts, or `--eval` / `--mode test`.
  * results — heading: results, performance, experiments, leaderboard; or a table (Markdown
    pipe table or reStructuredText grid table) whose body holds a decimal or a percentage.
  * weights — heading: pretrained / pre-trained, checkpoint(s), weights, model zoo; or a link
    to a Hugging Face model, or a file link ending in a weights extension (.pth, .pt, .ckpt,
    .safetensors, .h5, .onnx, .bin); or a Zenodo / Google Drive / Dropbox / OneDrive / Baidu
    Pan / Figshare / GitHub release-asset link whose line or section does not speak of data.
  * data — heading: data, dataset(s), data preparation; or a link to a Hugging Face dataset,
    Kaggle, PhysioNet, UCI, or one of the shared hosts above when the line or its section
    speaks of data / datasets.
  * citation — a ```` ```bibtex ```` fence or `.. code-block:: bibtex`, a BibTeX entry line
    (`@inproceedings{`, `@article{`, `@misc{`…), a heading: citation, cite, citing, bibtex,
    reference(s); or `CITATION.cff` among `root_files` (line 0).
  * placeholder — either (a) `root_files` is given and holds nothing beyond a README, a licence
    and a web page: README*, LICENSE*/LICENCE*/COPYING*, CITATION.cff, .gitignore,
    .gitattributes, .github, index.html, _config.yml, .nojekyll, CNAME, favicon.ico, docs,
    assets, images, img, static, figures, media, and image/PDF/CSS files (line 0); or (b) a
    line says "coming soon", "available soon", "will be released / open-sourced", "will be
    made available", "to be released", "stay tuned", "under construction", "TODO: release …"
    (or 敬请期待 / 即将开源|发布) and the README is not substantive, i.e. it has
    fewer than two of install, usage, train and evaluate (so "weights will be released" in a
    complete README does not make the repository a placeholder).

`artifact_links` lists the weights and data links in order of appearance, without repeats.
Safety: only the first 512 KiB and 20,000 lines are read, each line cut to 1,000 characters
for matching, and every pattern is linear, so a huge or hostile README costs little.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from auditor.links import artifact_host, is_weights_file
from auditor.models import ReadmeCover, ReadmeEvidence, ReadmeFacts
from auditor.repofiles import is_citation_file, is_page_only

MAX_CHARS = 512 * 1024
MAX_LINES = 20_000
MAX_LINE_CHARS = 1_000
MAX_ARTIFACT_LINKS = 50
EXCERPT_CHARS = 100

_I = re.IGNORECASE

_HEADING_WORDS: dict[ReadmeCover, re.Pattern[str]] = {
    ReadmeCover.INSTALL: re.compile(
        r"\b(install\w*|set[- ]?up|getting started|requirements?|dependenc\w+|environment"
        r"|prerequisites?)\b|安装|环境|環境|インストール|설치",
        _I,
    ),
    ReadmeCover.USAGE: re.compile(
        r"\b(usage|quick[- ]?start|getting started|demo|inference|how to (use|run)"
        r"|examples?|tutorials?)\b|使用|用法|快速开始|推理|使い方|사용법",
        _I,
    ),
    ReadmeCover.TRAIN: re.compile(
        r"\b(train|training|fine-?tun\w*|pre-?training)\b|训练|訓練|学習|학습", _I
    ),
    ReadmeCover.EVALUATE: re.compile(
        r"\b(eval|evaluation|evaluat\w+|testing|test|benchmark\w*|reproduc\w+)\b"
        r"|评估|评测|测试|評価|평가",
        _I,
    ),
    ReadmeCover.RESULTS: re.compile(
        r"\b(results?|performance|experiments?|leaderboard)\b|结果|結果|결과", _I
    ),
    ReadmeCover.WEIGHTS: re.compile(
        r"\b(pre-?trained|checkpoints?|weights|model zoo)\b|预训练|权重|学習済み", _I
    ),
    ReadmeCover.DATA: re.compile(r"\b(data|datasets?|data preparation)\b|数据|データ|데이터", _I),
    ReadmeCover.CITATION: re.compile(
        r"\b(citation|cite|citing|bibtex|references?)\b|引用|인용", _I
    ),
}

_SCRIPT_RUNNER = r"\b(python3?|torchrun|accelerate\s+launch|deepspeed|bash|sh|srun)\b[^\n]*?"
_COMMANDS: dict[ReadmeCover, re.Pattern[str]] = {
    ReadmeCover.INSTALL: re.compile(
        r"\b(pip3?|python3?\s+-m\s+pip|uv\s+pip|conda|mamba|micromamba)\s+install\b"
        r"|\b(conda|mamba)\s+(env\s+create|create)\b|\bpoetry\s+install\b|\buv\s+sync\b"
        r"|\bpipenv\s+install\b|\bsetup\.py\s+(install|develop)\b|\bdocker\s+(build|pull)\b"
        r"|\bnpm\s+(install|ci)\b|\bPkg\.instantiate\b|\brenv::restore\b|\bcargo\s+build\b",
        _I,
    ),
    ReadmeCover.USAGE: re.compile(
        r"\bpython3?\s+-m\s+\w|\bpython3?\s+\S*(demo|infer|predict|run|main|app|sample"
        r"|generate|example)\w*\.py\b|\bstreamlit\s+run\b",
        _I,
    ),
    ReadmeCover.TRAIN: re.compile(
        _SCRIPT_RUNNER + r"\w*train\w*\.(py|sh)\b|\.py\b[^\n]*\s--?(train|mode[= ]train)\b",
        _I,
    ),
    ReadmeCover.EVALUATE: re.compile(
        _SCRIPT_RUNNER + r"\w*(eval|test|val|benchmark)\w*\.(py|sh)\b"
        r"|\.py\b[^\n]*\s--?(eval\w*|test|mode[= ](eval|test))\b",
        _I,
    ),
}

_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})\s*([\w+.-]*)")
_RST_CODE = re.compile(r"^\s*\.\.\s+(code-block|code|sourcecode)::\s*([\w+.-]*)", _I)
# Linear in the line (a README is untrusted text): no two quantifiers that can take the same
# characters one after the other (`(.+?)\s*#*\s*$` was cubic in a run of spaces).
_ATX = re.compile(r"\s{0,3}#{1,6}\s+(?=.)")
_HTML_HEADING = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", _I)
_BOLD_LINE = re.compile(r"^\s*\*\*([^*]{2,60})\*\*:?\s*$")
_SETEXT = re.compile(r"^\s{0,3}(=+|-+)\s*$")
_RST_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+_:.])\1{2,}\s*$")
_TAGS = re.compile(r"<[^>]{0,200}>")
_PIPE_SEPARATOR = re.compile(r"^\s*(?:\|\s*)?:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)+(?:\|\s*)?$")
_GRID_BORDER = re.compile(r"^\s*\+[-=+]+\+\s*$")
_MEASURE = re.compile(r"(?<!\d)\d+\.\d+|(?<!\d)\d+(\.\d+)?\s?%")  # from a number's start
_BIBTEX_ENTRY = re.compile(
    r"^\s*@(inproceedings|article|misc|inbook|incollection|phdthesis|mastersthesis|techreport"
    r"|book|unpublished|online|software|conference)\s*\{",
    _I,
)
_PYTHON_IMPORT = re.compile(r"^\s*(from\s+[\w.]+\s+import|import\s+\w)")
_PLACEHOLDER = re.compile(
    r"coming\s+soon|available\s+soon|will\s+be\s+(publicly\s+)?(released|open[- ]?sourced)"
    r"|will\s+be\s+made\s+(publicly\s+)?available|to\s+be\s+released|stay\s+tuned"
    r"|under\s+construction|todo:?\s*release|敬请期待|即将(开源|发布)",
    _I,
)
_URL = re.compile(r"https?://[^\s<>()\[\]\"'`{}|\\^]+", _I)
_DATA_WORDS = re.compile(r"\b(data|datasets?|corpus|corpora|annotations?)\b|数据", _I)
_WEIGHTS_WORDS = re.compile(r"\b(weights?|checkpoints?|ckpt|pre-?trained|models?)\b|权重|模型", _I)
_SUBSTANTIVE = (ReadmeCover.INSTALL, ReadmeCover.USAGE, ReadmeCover.TRAIN, ReadmeCover.EVALUATE)


@dataclass(frozen=True, slots=True)
class _Line:
    number: int
    text: str
    is_heading: bool
    code_lang: str | None  # the fence language when inside code ("" for an unnamed fence)
    section: str  # the nearest heading above, for deciding what a link is for


def analyze_readme(text: str, *, root_files: Sequence[str] = ()) -> ReadmeFacts:
    """The covers of one README (see the module docstring for the rules)."""
    found: dict[ReadmeCover, ReadmeEvidence] = {}
    links: list[str] = []

    def note(cover: ReadmeCover, number: int, excerpt: str) -> None:
        if cover not in found:
            found[cover] = ReadmeEvidence(cover, number, _excerpt(excerpt))

    placeholder_line: _Line | None = None
    lines = list(_read_lines(text))
    for line in lines:
        if line.is_heading:
            for cover, pattern in _HEADING_WORDS.items():
                if pattern.search(line.text):
                    note(cover, line.number, line.text)
        command = re.sub(r"^\s*[$>]\s+", "", line.text)
        for cover, pattern in _COMMANDS.items():
            if pattern.search(command):
                note(cover, line.number, line.text)
        if line.code_lang in {"python", "py"} and _PYTHON_IMPORT.match(line.text):
            note(ReadmeCover.USAGE, line.number, line.text)
        if line.code_lang in {"bibtex", "bib"} or _BIBTEX_ENTRY.match(line.text):
            note(ReadmeCover.CITATION, line.number, line.text)
        if placeholder_line is None and line.code_lang is None and _PLACEHOLDER.search(line.text):
            placeholder_line = line
        for url in _URL.findall(line.text):
            clean = url.rstrip(".,;:!?*_")
            kind = _artifact_kind(clean, line)
            if kind is not None:
                note(kind, line.number, line.text)
                if clean not in links and len(links) < MAX_ARTIFACT_LINKS:
                    links.append(clean)
    for number, header in _result_tables(lines):
        note(ReadmeCover.RESULTS, number, header)
    if any(is_citation_file(name) for name in root_files):
        note(ReadmeCover.CITATION, 0, "CITATION.cff at the repository root")
    if root_files and all(is_page_only(name) for name in root_files):
        note(ReadmeCover.PLACEHOLDER, 0, "root holds only: " + ", ".join(sorted(root_files)))
    elif placeholder_line is not None and sum(c in found for c in _SUBSTANTIVE) < 2:
        note(ReadmeCover.PLACEHOLDER, placeholder_line.number, placeholder_line.text)
    covers = tuple(cover for cover in ReadmeCover if cover in found)
    return ReadmeFacts(
        covers=covers,
        evidence=tuple(found[cover] for cover in covers),
        artifact_links=tuple(links),
    )


def _read_lines(text: str) -> Iterator[_Line]:
    """Lines with their role; a pure scan, so an unclosed fence only swallows what follows."""
    raw = text[:MAX_CHARS].replace("\x00", "").splitlines()[:MAX_LINES]
    lines = [line[:MAX_LINE_CHARS] for line in raw]
    fence: str | None = None  # the opening fence marker while inside a Markdown fence
    fence_lang = ""
    rst_lang: str | None = None  # inside an indented reStructuredText code block
    section = ""
    for index, line in enumerate(lines):
        number = index + 1
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if fence is not None:
            if line.strip().startswith(fence):
                fence = None
                continue
            yield _Line(number, line, False, fence_lang, section)
            continue
        if rst_lang is not None:
            if not line.strip() or line[:1].isspace():
                yield _Line(number, line, False, rst_lang, section)
                continue
            rst_lang = None
        opening = _FENCE.match(line)
        if opening:
            fence, fence_lang = opening.group(1), opening.group(2).casefold()
            continue
        directive = _RST_CODE.match(line)
        if directive:
            rst_lang = directive.group(2).casefold()
            continue
        if line.rstrip().endswith("::") and not line.lstrip().startswith(".."):
            rst_lang = ""
        heading = _heading(line, following)
        if heading is not None:
            section = heading
            yield _Line(number, heading, True, None, section)
        else:
            yield _Line(number, line, False, None, section)


def _heading(line: str, following: str) -> str | None:
    stripped = line.strip()
    if not stripped:
        return None
    atx = _ATX.match(line)
    if atx:  # the heading's text, its closing #s (and the spaces around them) left out
        text = line[atx.end() :].rstrip().rstrip("#").rstrip()
        return _TAGS.sub("", text).strip()
    html = _HTML_HEADING.search(line)
    if html:
        return _TAGS.sub("", html.group(1)).strip()
    bold = _BOLD_LINE.match(line)
    if bold:
        return bold.group(1).strip()
    if stripped.startswith(("|", "+", "-", "*", ">")) or _RST_UNDERLINE.match(stripped):
        return None
    if _SETEXT.match(following) or (
        _RST_UNDERLINE.match(following.strip()) and len(following.strip()) >= len(stripped)
    ):
        return stripped
    return None


def _artifact_kind(url: str, line: _Line) -> ReadmeCover | None:
    """Weights or data, by what the link's host holds and, for file shares and release
    assets, by the words on the line and in its section."""
    host = artifact_host(url)
    if host == "weights":
        return ReadmeCover.WEIGHTS
    if host == "data":
        return ReadmeCover.DATA
    if host == "space":
        return None  # a demo: neither weights nor data
    if is_weights_file(url) and not _DATA_WORDS.search(line.text):
        return ReadmeCover.WEIGHTS
    if host in ("release-asset", "file-share"):
        if _DATA_WORDS.search(line.text):
            return ReadmeCover.DATA
        if _WEIGHTS_WORDS.search(line.text) or host == "release-asset":
            return ReadmeCover.WEIGHTS
        if _DATA_WORDS.search(line.section):
            return ReadmeCover.DATA
        if _WEIGHTS_WORDS.search(f"{line.text} {line.section}"):
            return ReadmeCover.WEIGHTS
    return None


def _result_tables(lines: list[_Line]) -> Iterator[tuple[int, str]]:
    """(line, header) of each table whose body holds a measurement."""
    index = 0
    while index < len(lines) - 1:
        line, following = lines[index], lines[index + 1]
        pipe = "|" in line.text and _PIPE_SEPARATOR.match(following.text)
        grid = _GRID_BORDER.match(line.text) and following.text.lstrip().startswith("|")
        if line.code_lang is None and (pipe or grid):
            body = index + 2
            while body < len(lines) and lines[body].text.strip()[:1] in {"|", "+"}:
                body += 1
            rows = lines[index + 2 : body] if pipe else lines[index + 1 : body]
            if any(_MEASURE.search(row.text) for row in rows):
                yield line.number, (line.text if pipe else following.text)
            index = body
        else:
            index += 1


def _excerpt(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= EXCERPT_CHARS else flat[: EXCERPT_CHARS - 1] + "…"
