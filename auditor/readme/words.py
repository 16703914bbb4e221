"""The words and command shapes `auditor.readme.analysis` reads a README by: section names per
cover, commands per cover, placeholder promises, moves, citation requests, results tables.
Patterns only (no logic beyond `Screened`); each is linear in the line it reads.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from re import _parser as _syntax  # type: ignore[attr-defined]  # a pattern's syntax tree
from typing import Any

from auditor.links import WEIGHTS_FILE_EXTENSIONS
from auditor.links.scan import folded, holds_any
from auditor.models import ReadmeCover

_I = re.IGNORECASE


# Pattern text that matches characters outside ASCII without writing them out: escapes and
# ranges (`\u4e00`, `[一-龥]`); a pattern holding any is not screened outside ASCII.
_UNWRITTEN = re.compile(r"\\[uUxN]|[^\x00-\x7f]-|-[^\x00-\x7f]")


@dataclass(frozen=True, slots=True)
class Screened:
    r"""A costly case-insensitive pattern of many alternatives, searched only in lines holding
    one of `words`: a word (lowercase ASCII) every match of it contains, unless that match
    holds a character outside ASCII the pattern writes out (`请引用`). Python's `re` tries
    each alternative at every position of a line, so most lines are better turned away by a
    few substring tests first. On ASCII lines lowercasing is exactly how the pattern ignores
    case; a line with other characters is screened too, the four that match an ASCII letter
    read as that letter (`links.scan.folded`), unless `ascii_only` (a class such as `\s` or `\d`
    matching characters outside ASCII may stand for a word's part: "`\u3000--eval`"). The
    answer is always the pattern's own."""

    pattern: re.Pattern[str]
    words: tuple[str, ...]
    ascii_only: bool = False
    # The characters outside ASCII the pattern writes out; None: not screened outside ASCII.
    written: frozenset[str] | None = field(init=False, default=None)
    # What is searched: the pattern, turned away early where no match can start (`starting`).
    _searched: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        source = self.pattern.pattern
        if not self.ascii_only and not _UNWRITTEN.search(source):
            written = frozenset(char for char in source if not char.isascii())
            object.__setattr__(self, "written", written)
        searched = starting(self.pattern) if isinstance(self.pattern, re.Pattern) else self.pattern
        object.__setattr__(self, "_searched", searched)

    def _may_match(self, text: str) -> bool:
        if not text.isascii() and (self.written is None or not self.written.isdisjoint(text)):
            return True
        # Lowered for each pattern in turn: a cache of lowered lines measured slower (its
        # lines are mostly new strings), 5.45 -> 5.90 s for the corpus.
        return holds_any(folded(text), self.words)

    def search(self, text: str) -> re.Match[str] | None:
        return self._searched.search(text) if self._may_match(text) else None

    def findall(self, text: str) -> list[str]:
        return self._searched.findall(text) if self._may_match(text) else []

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self._searched.finditer(text) if self._may_match(text) else iter(())

    @classmethod
    def derived(cls, pattern: re.Pattern[str]) -> Screened:
        """`pattern` screened by the words its own syntax says every match holds
        (`required_words`), in any script: true whoever edits the pattern. A pattern with no
        such words is searched in every line."""
        screened = cls(pattern, required_words(pattern) or ("",))
        object.__setattr__(screened, "written", frozenset())  # the words hold in every script
        return screened


_MAX_STARTS = 128  # characters a match may start with for `starting` to test them first
_FLAGS = re.compile(r"\(\?[aiLmsux]+\)")  # global inline flags: they must open the pattern


def starting(pattern: re.Pattern[str]) -> re.Pattern[str]:
    r"""`pattern` with the characters its matches can start with tested first, by a lookahead:
    the same matches (spans and groups), but a position where none can start is left after one
    test, where `re` would try every alternative there (with `re.IGNORECASE`, it has no quick
    test of an alternative's first letter). The pattern itself when those characters are not
    few literal ones (a match may start with `\w`, or be empty)."""
    if pattern.flags & re.VERBOSE or _FLAGS.match(pattern.pattern):
        return pattern
    parsed = _syntax.parse(pattern.pattern, pattern.flags)
    starts = _starts(parsed)
    if starts is None or starts[1] or len(starts[0]) > _MAX_STARTS or _quick(parsed, pattern.flags):
        return pattern
    chars = "".join(re.escape(char) for char in sorted(starts[0]))
    return re.compile(f"(?=[{chars}])(?:{pattern.pattern})", pattern.flags)


def start_patterns(namespace: dict[str, object]) -> None:
    """Every pattern of a module's `namespace`, and of its dictionaries of patterns, replaced by
    itself `starting`: called at the end of a module of many patterns."""
    for name, value in namespace.items():
        if isinstance(value, re.Pattern):
            namespace[name] = starting(value)
        elif isinstance(value, dict):
            for key, inner in value.items():
                if isinstance(inner, re.Pattern):
                    value[key] = starting(inner)


def _quick(parsed: _Items, flags: int) -> bool:
    """Whether `re` finds where a match can start by itself: the pattern opens with a literal
    or a set of them (or alternatives each opening with one) that it matches with case, or
    that have none."""
    items: list[Any] = list(parsed)
    while items and items[0][0] is _syntax.SUBPATTERN and not any(items[0][1][1:3]):
        items = list(items[0][1][-1])
    if not items:
        return False
    op, av = items[0]
    if op is _syntax.BRANCH:
        return all(branch and _quick_piece(branch[0][0], branch[0][1], flags) for branch in av[1])
    return _quick_piece(op, av, flags)


def _quick_piece(op: object, av: object, flags: int) -> bool:
    def plain(code: int) -> bool:  # matched as written: `re` tests it before anything else
        return not flags & re.IGNORECASE or chr(code).lower() == chr(code).upper()

    if op is _syntax.LITERAL:
        return plain(av)  # type: ignore[arg-type]
    if op is _syntax.IN:
        return all(kind is _syntax.LITERAL and plain(value) for kind, value in av)  # type: ignore[attr-defined]
    return False


def _starts(items: _Items) -> tuple[frozenset[str], bool] | None:
    """The characters a match of the sequence `items` can start with, and whether it can be
    empty; None when they are not few literal ones."""
    found: frozenset[str] = frozenset()
    for op, av in items:
        piece = _piece_starts(op, av)
        if piece is None:
            return None
        found |= piece[0]
        if not piece[1]:
            return found, False
    return found, True


def _piece_starts(op: object, av: object) -> tuple[frozenset[str], bool] | None:
    if op is _syntax.LITERAL:
        return frozenset({chr(av)}), False  # type: ignore[arg-type]
    if op in (_syntax.AT, _syntax.ASSERT, _syntax.ASSERT_NOT):
        return frozenset(), True  # zero-width: the match starts with what follows
    if op is _syntax.IN:
        chars: set[str] = set()
        for kind, value in av:  # type: ignore[attr-defined]
            if kind is _syntax.LITERAL:
                chars.add(chr(value))
            elif kind is _syntax.RANGE and value[1] - value[0] < _MAX_STARTS:
                chars.update(map(chr, range(value[0], value[1] + 1)))
            else:  # a negated set or a class (`\w`): too many
                return None
        return frozenset(chars), False
    if op is _syntax.SUBPATTERN:
        if av[1] or av[2]:  # type: ignore[index]  # its own flags: its case may be read otherwise
            return None
        return _starts(av[-1])  # type: ignore[index]
    if op is _syntax.ATOMIC_GROUP:
        return _starts(av)  # type: ignore[arg-type]
    if op is _syntax.BRANCH:
        either = [_starts(branch) for branch in av[1]]  # type: ignore[index]
        if any(piece is None for piece in either):
            return None
        return (
            frozenset().union(*(piece[0] for piece in either)),  # type: ignore[index]
            any(piece[1] for piece in either),  # type: ignore[index]
        )
    if op in (_syntax.MAX_REPEAT, _syntax.MIN_REPEAT, _syntax.POSSESSIVE_REPEAT):
        inner = _starts(av[2])  # type: ignore[index]
        return None if inner is None else (inner[0], inner[1] or av[0] == 0)  # type: ignore[index]
    return None


_MAX_SPELLINGS = 64  # strings a piece of a pattern may match for it to count as literal text
_Items = Iterable[tuple[object, object]]


def required_words(pattern: re.Pattern[str]) -> tuple[str, ...]:
    """Lowercase strings one of which every match of `pattern` holds (in `links.scan.folded`
    text), read from its syntax: runs of literal text (`pip3?` is "pip" or "pip3", `[sz]` one
    of two letters) of every alternative, the longest found; () when an alternative has none.
    Letters with case outside ASCII are no literal text here (`re.IGNORECASE` matches σ to ς)."""
    words = _required(_syntax.parse(pattern.pattern, pattern.flags)) or frozenset()
    # A word holding another is found wherever that one is: only the shortest are tested.
    return tuple(sorted(w for w in words if not any(o != w and o in w for o in words)))


def _required(items: _Items) -> frozenset[str] | None:
    """Words one of which every match of the sequence `items` holds, or None."""
    best: frozenset[str] | None = None

    def consider(words: frozenset[str] | None) -> None:
        nonlocal best
        if words and "" not in words and (best is None or _key(words) > _key(best)):
            best = words

    run: frozenset[str] | None = frozenset({""})
    for op, av in items:
        spelt = _spellings(op, av)
        if spelt is not None:
            run = _joined(run, spelt) if run is not None else spelt
            continue
        consider(run)
        run = None
        consider(_inner(op, av))
    consider(run)
    return best


def _inner(op: object, av: object) -> frozenset[str] | None:
    """What a piece that is not literal text requires of every match: its contents' words."""
    if op is _syntax.SUBPATTERN:
        return _required(av[-1])  # type: ignore[index]
    if op in (_syntax.MAX_REPEAT, _syntax.MIN_REPEAT, _syntax.POSSESSIVE_REPEAT):
        return _required(av[2]) if av[0] >= 1 else None  # type: ignore[index]
    if op is _syntax.ATOMIC_GROUP:
        return _required(av)  # type: ignore[arg-type]
    if op is _syntax.ASSERT:  # a lookahead or lookbehind: its text stands in the line too
        return _required(av[1])  # type: ignore[index]
    if op is _syntax.BRANCH:
        either = [_required(branch) for branch in av[1]]  # type: ignore[index]
        if any(words is None for words in either):
            return None
        return frozenset().union(*either)  # type: ignore[arg-type]
    return None


def _spellings(op: object, av: object) -> frozenset[str] | None:
    """Every string a piece of a pattern matches, when they are few and literal; else None."""
    if op is _syntax.LITERAL:
        char = chr(av)  # type: ignore[arg-type]
        return frozenset({char.lower()}) if _literal(char) else None
    if op in (_syntax.AT, _syntax.ASSERT_NOT):
        return frozenset({""})  # zero-width: the text around it stays contiguous
    if op is _syntax.IN:
        chars = [chr(value) for kind, value in av if kind is _syntax.LITERAL]  # type: ignore[attr-defined]
        if len(chars) != len(av) or not all(map(_literal, chars)):  # type: ignore[arg-type]
            return None
        return frozenset(char.lower() for char in chars)
    if op is _syntax.SUBPATTERN:
        return _sequence(av[-1])  # type: ignore[index]
    if op is _syntax.BRANCH:
        either = [_sequence(branch) for branch in av[1]]  # type: ignore[index]
        if any(spelt is None for spelt in either):
            return None
        union = frozenset().union(*either)  # type: ignore[arg-type]
        return union if len(union) <= _MAX_SPELLINGS else None
    if op is _syntax.MAX_REPEAT and av[0] == 0 and av[1] == 1:  # type: ignore[index]
        optional = _sequence(av[2])  # type: ignore[index]
        return None if optional is None else optional | {""}
    return None


def _sequence(items: _Items) -> frozenset[str] | None:
    spelt: frozenset[str] | None = frozenset({""})
    for op, av in items:
        piece = _spellings(op, av)
        if piece is None or spelt is None:
            return None
        spelt = _joined(spelt, piece)
    return spelt


def _joined(left: frozenset[str], right: frozenset[str]) -> frozenset[str] | None:
    if len(left) * len(right) > _MAX_SPELLINGS:
        return None
    return frozenset(a + b for a, b in itertools.product(left, right))


def _literal(char: str) -> bool:
    """A character a literal matches as `links.scan.folded` text shows it: ASCII, or without
    case (as CJK)."""
    return char.isascii() or char.lower() == char == char.upper()


def _key(words: frozenset[str]) -> tuple[int, int]:
    """Better words are longer (fewer lines hold them), then fewer (fewer tests)."""
    return min(map(len, words)), -len(words)


# Section names: a heading counts for a cover when it names it (and its section has substance).
HEADING_WORDS: dict[ReadmeCover, re.Pattern[str]] = {
    ReadmeCover.INSTALL: re.compile(
        r"\b(install\w*|set[- ]?up|requirements?|dependenc\w+|environment|prerequisites?"
        r"|get(ting)? started|preparations?)\b|安装|环境|環境|インストール|설치",
        _I,
    ),
    ReadmeCover.USAGE: re.compile(
        r"\b(usage|quick[- ]?start|demos?|inference|how to (use|run)|examples?|tutorials?"
        r"|get(ting)? started|running|run|predict\w*|deploy\w*|api|try it|play|visuali[sz]\w*"
        r"|cli|command[- ]line|execution|executing|sampling"
        r"|using\s+(the\s+|our\s+)?([\w-]+\s+){0,2}?(models?|weights|checkpoints?|library|package"
        r"|tool|code)|uso|utilisation|verwendung|nutzung)\b"
        r"|使用|用法|快速开始|推理|推論|使い方|사용법|추론",
        _I,
    ),
    ReadmeCover.TRAIN: re.compile(
        r"\b(train|training|fine-?tun\w*|pre-?training|finetun\w*|sft|entrenamiento"
        r"|entra[iî]nement)\b|训练|訓練|学習|학습",
        _I,
    ),
    ReadmeCover.EVALUATE: re.compile(
        r"\b(eval|evaluation|evaluat(e|es|ing|ions)|testing|test|benchmarking|reproduc\w+"
        # An evaluation named by its protocol, or the benchmark's runner ("Benchmark CLI").
        r"|validation|linear[- ]prob(e|es|ing)|benchmark\s+(cli|runs?|runner|harness)|replicat\w+"
        # Other words for it: an assessment, the benchmark run ("Running the benchmarks").
        r"|assess(ment|ments|ing)?|(run|running)\s+(the\s+|our\s+)?benchmarks?"
        r"|[ée]valuation|evaluaci[óo]n|avalia[çc][ãa]o|evaluierung|auswertung)\b"
        r"|评估|评测|测评|评价|测试|評估|評測|測試|評価|検証|평가",
        _I,
    ),
    ReadmeCover.RESULTS: re.compile(
        r"\b(results?|performances?|experiments?|experimental|comparisons?|leaderboards?|ablations?"
        r"|benchmark (results|performance|scores?)|quantitative|qualitative|main table"
        r"|generated (images|samples|videos)|visual results"
        r"|(training|learning|loss|reward|convergence|accuracy|success)[- ]curves?)\b"
        r"|结果|結果|결과|性能",
        _I,
    ),
    ReadmeCover.WEIGHTS: re.compile(
        r"\b(pre-?trained|checkpoints?|weights|model zoo|models? (download|release|card)s?"
        r"|(released|trained|our) models?|download (the )?models?)\b|预训练|权重|学習済み",
        _I,
    ),
    ReadmeCover.DATA: re.compile(
        r"\b(data|datasets?|data ?sets?|corpus|corpora|preprocess\w*|pre-process\w*|datos"
        r"|donn[ée]es|daten|datens[aä]tze?)\b|数据|資料集|數據|データ|데이터",
        _I,
    ),
    ReadmeCover.CITATION: re.compile(
        r"\b(citation|cite|citing|bibtex|references?)\b|引用|인용", _I
    ),
}
# Heading words that look like a cover but are not it.
NOT_HEADING: dict[ReadmeCover, re.Pattern[str]] = {
    ReadmeCover.TRAIN: re.compile(
        r"training[- ]free|pre-?trained|training\s+((and|&|/)\s+test(ing)?\s+)?(data|sets?)", _I
    ),
    # "Test set", "the test bag file", "download the test images": test data, not the step.
    ReadmeCover.EVALUATE: re.compile(
        r"\btest(ing)?\s+(sets?|data|splits?)|results?\b"
        r"|\btest\s+(\w+\s+)?(files?|images?|samples?|videos?|bags?|sequences?|scenes?)\b"
        r"|\bdownload\w*\s+(the\s+)?test\b",
        _I,
    ),
    ReadmeCover.USAGE: re.compile(
        r"\bexamples?\s+(of|from)\b(?!\s+(using|running|usage|how))|\bgenerated\b"
        r"|visuali[sz]\w*\s+(the\s+)?(data|dataset)",
        _I,
    ),
    ReadmeCover.DATA: re.compile(r"\bdata (structure|format|flow)|metadata|\bresults?\b", _I),
}
# Sections whose code belongs to a cover other than the section above them.
ACKNOWLEDGEMENT = re.compile(
    r"\b(acknowledg\w*|thanks|credits?|based on|built (up)?on|related (work|projects?))\b|致谢", _I
)

_COMMAND_PATTERNS: dict[ReadmeCover, re.Pattern[str]] = {
    ReadmeCover.INSTALL: re.compile(
        r"\b(pip3?|python3?\s+-m\s+pip|uv\s+pip|conda|mamba|micromamba)\s+install\b"
        r"|\b(conda|mamba)\s+(env\s+create|create)\b|\bpoetry\s+install\b|\buv\s+sync\b"
        r"|\bpipenv\s+install\b|\bsetup\.py\s+(install|develop)\b|\bdocker\s+(build|pull)\b"
        r"|\bnpm\s+(install|ci)\b|\bPkg\.instantiate\b|\brenv::restore\b|\bcargo\s+build\b"
        r"|\bapt(-get)?\s+install\b|\b(install|setup)\.sh\b",
        _I,
    ),
    # Flags and tools that say what a command does whatever its script is called.
    ReadmeCover.USAGE: re.compile(
        r"\bpython3?\s+-m\s+(?!pip\b|venv\b|torch\.distributed|spacy\b|ensurepip\b|pytest\b"
        r"|unittest\b)\w"
        r"|\bstreamlit\s+run\b|\bgradio\s+\w|\.from_pretrained\(|\bpipeline\("
        # The model served or chatted with by an inference engine.
        r"|\b(vllm\s+serve|ollama\s+run|sglang\.launch_server|llamafactory-cli\s+(chat|webui|api))\b"
        r"|\s--+(inference|infer|predict|demo)([-_]only)?\b",
        _I,
    ),
    ReadmeCover.TRAIN: re.compile(
        r"\.(py|sh)\b[^\n]*\s--?(train|do[-_]train|mode[= ]train)\b(?![\s=]*(false|0)\b)"
        r"|\.sh\s+train\b"
        r"|\b(llamafactory-cli|swift)\s+(train|sft)\b",
        _I,
    ),
    # A flag naming an input or a setting of the step (`--test-rgb-dir`, `--eval_steps 500`,
    # `--eval-batch-size`) is no evaluation run: a training command takes them too.
    ReadmeCover.EVALUATE: re.compile(
        r"\.(py|sh)\b[^\n]*\s--?((?!(eval|test)[-_]?(batch|steps?|freq|interval|every|dir|path"
        r"|file|size|data|set|split|bs|rgb|image|img|list|root|ratio|num|n)\w*)(eval\w*|test)([-_]only)?"
        r"|do[-_](eval|predict|test|valid\w*)|only[-_](eval|test|val)"
        r"|(mode|task|phase)[= ](eval\w*|test)"
        # Other spellings of an evaluation-only run (a bare `--val` often names the split's file).
        r"|validate|val[-_]only|testing|is[-_](test|eval)|test[-_]mode|skip[-_]train(ing)?|no[-_]train)"
        r"(?![-\w])"
        # Run on the held-out split (`--split test`), on a benchmark (`--benchmark gsm8k`), or
        # through an evaluation harness.
        r"|\.(py|sh)\b[^\n]*\s--?(split|data[-_]split|eval[-_]split|subset)[= ][\"']?(test|val"
        r"|validation|dev)\b|\.(py|sh)\b[^\n]*\s--?benchmarks?[= ][\"']?(?!(true|false|0|1)\b)\w"
        r"|\.sh\s+(eval|test)\b|\b(lm_eval|lighteval|opencompass|evalplus\.\w+|inspect\s+eval)\b",
        _I,
    ),
    ReadmeCover.DATA: re.compile(
        r"\bload_dataset\(|\bkaggle\s+(datasets|competitions)\s+download\b"
        # A fetch of an archive or data file named for the data (`wget …/train_data.zip`).
        r"|^\s*(wget|curl|gdown|aria2c|axel)\b[^\n]*?(?<![a-z])(data|datasets?|corpus|annotations?)"
        r"(?![a-z])[\w.-]*?\.(zip|tar|tgz|gz|bz2|7z|xz|jsonl?|csv|tsv|parquet|h5|hdf5)\b"
        # A copy of a data folder from a cloud bucket (`aws s3 cp s3://b/dataset/ data/`).
        r"|^\s*(aws\s+s3\s+(cp|sync)|gsutil\s+(-m\s+)?(cp|rsync)|rclone\s+(copy|sync)|azcopy\s+copy)"
        r"\s[^\n]*?\b(data|datasets?|corpus|corpora|annotations?)\b"
        r"|--repo-type[= ]dataset\b"
        # A dataset linked into the data folder the code reads (`ln -s /path/to/coco data/coco`).
        r"|^\s*ln\s+-\w*s\w*\s[^\n]*?(?<![\w-])(data|datasets?)(?![\w-])"
        # A fetch into the data folder (`wget -P data …/x.tar.gz`, `curl -o datasets/x.zip`).
        r"|^\s*(wget|curl|gdown|aria2c|axel)\b[^\n]*?\s(-P|-O|-o|-d|--directory-prefix|--output"
        r"|--output-document|--dir)[=\s]+[\"']?(\.?/)?(data|datasets?)(/|[\"']?(\s|$))"
        # The data kept under version control fetched (`dvc pull`, `datalad get`), or a
        # dataset class told to download itself (`CIFAR10(root="data", download=True)`).
        r"|^\s*(dvc\s+(pull|fetch|get|import)|datalad\s+(get|clone|install))\b"
        r"|\b[A-Z]\w{0,40}\([^\n]{0,200}?\bdownload\s*=\s*True\b",
        _I,
    ),
    # A model fetched from the Hugging Face Hub by name.
    ReadmeCover.WEIGHTS: re.compile(
        r"\b(huggingface-cli|hf)\s+download\s+(?![^\n]*--repo-type[= ](dataset|space))[\w.-]+/"
        r"|\bsnapshot_download\(\s*(repo_id\s*=\s*)?[\"'][\w.-]+/[\w.-]+[\"']\s*\)",
        _I,
    ),
}
# Every command is asked each of these: each screened by the words its syntax requires.
COMMANDS = {cover: Screened.derived(pattern) for cover, pattern in _COMMAND_PATTERNS.items()}
del _COMMAND_PATTERNS  # screened and started in COMMANDS: `start_patterns` would start it again
# The Hub model a download command fetches (`hf download lab/model`, `repo_id="lab/model"`).
HUB_MODEL = re.compile(
    r"\b(?:download|repo_id\s*=|snapshot_download\()\s*[\"']?([\w.-]{1,96}/[\w.-]{1,96})", _I
)
# A command that runs a script, and the script's name.
RUN_SCRIPT = re.compile(
    r"^\s*([A-Z_]+=\S*\s+)*(python3?(\s+-u)?|torchrun|accelerate\s+launch|deepspeed|bash|sh|zsh"
    r"|srun|sbatch|uv\s+run|matlab\s+-\w+|Rscript|julia|jupyter\s+\w+|nohup\s+\S+)?[^\n]*?"
    r"(?<![\w./-])(?P<script>[\w./-]*[\w-]\.(py|sh|ipynb|m|r|jl|slurm|sbatch))\b",
    _I,
)
# A line that starts like a set-up or run command.
COMMAND_START = re.compile(
    r"^(pip3?|conda|mamba|micromamba|uv|poetry|pipenv|docker|npm|streamlit|gradio|accelerate"
    r"|torchrun|deepspeed|python3?)\s+\S+",
)
RUNNER = re.compile(
    r"^\s*([A-Z_]+=\S*\s+)*((python3?|torchrun|accelerate|deepspeed|bash|sh|zsh|srun|sbatch"
    r"|uv\s+run|Rscript|julia|matlab|nohup|jupyter\s+(notebook|lab|nbconvert|execute))\b|\./[\w./-]+\.(sh|py)\b|\./[\w./-]+\s+\S)",
    _I,
)
# Words in a script's name that say what it does, checked in this order.
SCRIPT_WORDS: tuple[tuple[ReadmeCover, frozenset[str]], ...] = (
    (ReadmeCover.INSTALL, frozenset({"install", "setup", "requirements", "env", "environment"})),
    (
        ReadmeCover.DATA,
        frozenset(
            {
                "data", "dataset", "datasets", "prepro", "preprocess", "preprocessing",
                "download", "split", "splits", "tokenize", "crawl", "scrape",
            }
        ),
    ),
    (
        ReadmeCover.TRAIN,
        frozenset(
            {
                "train", "training", "trainer", "finetune", "finetuning", "fine", "ft", "sft",
                "pretrain", "pretraining", "distill", "distillation", "dpo", "grpo", "ppo", "fit",
            }
        ),
    ),
    (
        ReadmeCover.EVALUATE,
        frozenset(
            {
                "eval", "evals", "evaluate", "evaluation", "evaluator", "test", "tests", "testing",
                "val",
                "validate", "validation", "benchmark", "bench", "score", "scoring", "metric",
                "metrics", "assess", "analysis", "analyze", "analyse", "baseline", "baselines",
                "reproduce", "reproduction", "replicate", "replication", "experiment", "judge",
                "grade", "grader", "grading",
                "experiments", "fid", "psnr", "ssim", "lpips", "bleu", "rouge", "accuracy",
                "miou", "wer", "perplexity", "ppl", "clipscore",
            }
        ),
    ),
    (
        ReadmeCover.USAGE,
        frozenset(
            {
                "demo", "demos", "infer", "inference", "predict", "prediction", "run", "main",
                "app", "sample", "sampling", "generate", "generation", "example", "examples",
                "chat", "serve", "server", "render", "visualize", "visualise", "vis",
                "visualization", "cli", "interactive", "pipeline", "play", "quickstart",
                "launch", "api", "gui", "webui",
            }
        ),
    ),
)  # fmt: skip
# What the sentence introducing a command says it does, checked in this order.
PURPOSE: tuple[tuple[ReadmeCover, re.Pattern[str]], ...] = (
    (
        ReadmeCover.USAGE,
        re.compile(
            r"\b(to\s+use\s+(the|our|this|a)\s+(\w+\s+)?(model|tool|code|library|package|api"
            r"|checkpoints?|weights)|use\s+(the|our|a)\s+(trained|pre-?trained|released)|inference|infer"
            r"|predict(s|ing)?\b|make\s+predictions"
            r"|demo|deploy\w*|generat\w*\s+(an?\s+|the\s+|new\s+|your\s+)?(images?|samples?|videos?"
            r"|texts?|outputs?|audio|speech|molecules?|music)|(run|try|launch)\s+(the\s+|our\s+)?"
            r"(model|demo|app|agent|pipeline|tool|interface)"
            # The reader's own inputs are what a use runs on ("on your own images").
            r"|on\s+your\s+own\s+(images?|photos?|videos?|audio|texts?|inputs?|files?|documents?"
            r"|prompts?|sequences?|molecules?|scenes?))\b|推理|演示|预测|部署",
            _I,
        ),
    ),
    (
        ReadmeCover.DATA,
        re.compile(
            r"\b(prepar\w*|pre-?process\w*|download\w*|generat\w*|extract\w*|build\w*|creat\w*"
            r"|synthesi[sz]\w*|construct\w*|fetch\w*|obtain\w*|get|convert\w*)"
            # The dataset named between ("download the ScanNet dataset"), not a preposition.
            r"\s+(the\s+|your\s+|our\s+)?((?!(on|for|from|in|with|of|to|by)\s)[\w-]+\s+){0,2}?"
            r"(train(ing)?\s+|test\s+)?(data|datasets?|splits?"
            r"|features?|annotations?|demonstrations?"
            r"|(training|test|validation|evaluation)\s+sets?)\b|\bdata\s+(preparation|processing"
            r"|generation)\b|(下载|准备|预处理|处理|生成|构建)[^，。：:]{0,6}数据|数据(准备|预处理|处理|下载|生成)",
            _I,
        ),
    ),
    # In Chinese too; not training said of data or of a trained model (训练集, 预训练, 训练好的).
    (
        ReadmeCover.TRAIN,
        re.compile(
            # "This command trains (pre-trains) the model", not "the trained model".
            r"\b(train|trains|training|fine-?tun\w*|pre-?train(s|ing)?)\b|(?<!预)训练(?!好|后|数据|集)|微调",
            _I,
        ),
    ),
    (
        ReadmeCover.EVALUATE,
        re.compile(
            r"\b(evaluat\w*|reproduc\w*|replicat\w*|benchmark\w*|validat\w*|analy[sz]\w*|assess\w*"
            # "Accuracy on ImageNet can be computed with", "scores … are obtained by running".
            r"|(accuracy|scores?|metrics?|numbers|performance)\b[^.\n]{0,40}?\b(can\s+be\s+|are\s+|is\s+)"
            r"(computed|calculated|measured|obtained)"
            # A label or a short purpose ("Test:", "Eval:", "To test, run:", "For testing, run"),
            # not the test data ("for the test set") nor the project's unit tests.
            r"|(?<!unit\s)(?<!unit-)(testing|test|eval)(?=\s*[:：])"
            r"|to\s+test(?=\s*[,:：]|\s+(it|this|the\s+(method|model|code)))"
            r"|for\s+test(ing)?\b(?!\s+(sets?|data|splits?|images?|files?|samples?))"
            r"|metrics?|measur\w*|baselines?|compar\w*\s+(with|to|against)"
            # "To compute FID", "calculate the scores of your predictions".
            r"|(compute|computes|computing|calculat\w*)\s+(the\s+)?(\w+\s+)?(scores?|metrics?"
            r"|accuracy|fid|psnr|ssim|lpips|bleu|rouge|f1|auc|map|iou|wer|perplexity|pass@\d+)"
            r"|score\s+(the|your)\s+(predictions|outputs|generations|answers)"
            # "The numbers reported in Table 2", "the results of the paper".
            r"|(results?|numbers|scores)\s+(reported\s+|shown\s+)?(in|of|from)\s+(the\s+paper|our"
            r"\s+paper|table\s*\d+|tab\.\s*\d+)"
            r"|tests?\s+(a|the|our)\s+(\w+\s+)?(checkpoints?|models?)"
            # A table or figure of the paper got ("For Table 3, run:"), its experiments rerun.
            r"|(table|tab\.|fig(ure)?\.?)\s*\d+"
            r"|((re-?run|repeat)\w*\s+(all\s+|every\s+|each\s+)?|run\w*\s+(all|every|each)\s+)"
            r"(of\s+)?(the\s+|our\s+)?experiments?"
            r"|test(ing)?\s+(the\s+|our\s+)?((trained|pre-?trained|fine-?tuned)"
            r"\s+)?(models?|on"
            r"|performance|accuracy|checkpoints?))\b|评估|评测|测评|测试(?!集|数据)|验证(?!集)|复现"
            r"|評估|評測|測試(?!集|資料)|評価|検証|평가",
            _I,
        ),
    ),
)
# A run on the held-out data ("to get predictions and scores on the test set"), read before the
# test set's words are set aside as data (`NOT_HEADING`).
EVAL_ON_SPLIT = re.compile(
    r"\b(predictions?|scores?|accuracy|results?|performance|evaluat\w*|test\w*|run\w*)\b[^.\n]{0,40}?"
    r"\bon\s+the\s+(test|validation|val|dev|held-out)\s+(sets?|splits?)\b",
    _I,
)
# A link's text naming the code of a step kept elsewhere ("[training code](github.com/lab/x)").
STEP_CODE_LINK = re.compile(
    r"\b(training|fine-?tuning|pre-?training|evaluation|inference)\s+(code|scripts?|recipes?"
    r"|pipeline|framework|codebase|repo(sitory)?)\b",
    _I,
)
# A sentence telling the reader to add a step's flag to the command ("To evaluate, add
# `--eval`", "pass `--do_train`"): that step's instruction.
STEP_FLAG = Screened(
    re.compile(
        r"\b(add|adding|pass|passing|use|using|set|setting|append|with)\b[^.\n]{0,40}?`\s*--?"
        r"(?P<flag>(do[-_])?(eval\w*|test|train|finetune)([-_]only)?|(only[-_])?(eval|test))\s*`",
        _I,
    ),
    ("`-", "` -"),
    ascii_only=True,  # `\s` between the backtick and the dash
)
# Test scores got by handing predictions to the benchmark's server: how the paper's test numbers
# are reproduced ("submit `results.json` to the evaluation server", "upload to CodaLab").
SUBMIT_FOR_SCORES = Screened(
    re.compile(
        # (An instruction: "we submitted our model to the leaderboard" is news.)
        r"\b(submit|submits|submitting|upload|uploads|uploading)\b[^\n]{0,120}?\b(evaluation"
        r"\s+server|eval\s+server|test\s+server|leaderboard|codalab|eval\.?ai|online\s+(evaluation"
        r"|benchmark|server))\b",
        _I,
    ),
    ("submit", "upload"),
)
# "Generate pairs for training the decoder": making data, not training.
DATA_FOR_TRAINING = re.compile(
    r"\b(generat|prepar|creat|build|extract|collect|synthesi[sz])\w*\b[^.\n]{0,60}\bfor\s+"
    r"(the\s+)?training\b",
    _I,
)
# An argument handing a command trained weights.
CHECKPOINT_ARGUMENT = re.compile(
    r"\s--?(model[-_]?path|model[-_]?dir|ckpt\w*|checkpoint\w*|weights?\w*|resume|pretrained\w*"
    r"|load[-_]?\w*|g_path)\b(?![=\s]+\S*(output|work_?dir|runs?/|exp|logs?|best|<))"
    r"|\s\S*(weights?|ckpts?|checkpoints?|pretrained)\S*",
    _I,
)
# Commands that set things up and say nothing about using the code.
SETUP_COMMAND = re.compile(
    r"^\s*(git\s+(clone|lfs|submodule|checkout|pull)|cd\b|export\b|source\b|conda\s+activate"
    r"|mkdir\b|ln\b|cp\b|mv\b|rm\b|unzip\b|tar\b|wget\b|curl\b|gdown\b|huggingface-cli\s+"
    r"(download|login)|hf\s+download|#|//|echo\b|pip3?\b|conda\b|python3?\s+-m\s+(pip|venv)"
    r"|uv\b|poetry\b|docker\s+(build|pull)|wandb\s+login|chmod\b|apt\b|sudo\b|cmake\b|make\b)",
    _I,
)
# A code line that runs something: a script, a tool, a Python statement.
COMMAND_LINE = re.compile(
    r"^\s*(\$\s+|>\s+|!|%)?([A-Z_]+=\S+\s+)*(python3?|torchrun|accelerate|deepspeed|bash|sh"
    r"|srun|sbatch|\./[\w./-]+\.(sh|py)\b|\./[\w./-]+\s+\S|[\w-]+\.(sh|py)\b"
    r"|(?-i:[a-z][\w.-]*)\s+(--?\w|[\w./-]+\.(py|sh|ya?ml|json)\b|(?-i:[a-z][\w-]*)\s+\S)"
    r"|from\s+\w|import\s+\w"
    r"|\w+\s*=\s*\w|[\w.]+\(|\w+\.\w+\()",
    _I,
)
# A command's own comment after it (`bash run.sh  # all baselines`): what it is run for.
TRAILING_COMMENT = re.compile(r"\S\s+#\s*([^#\n]{3,200})$")
# Mathematical operators and arrows: a formula or a diagram, which no shell or Python line holds
# outside a string.
FORMULA = re.compile(r"[−·×÷→←↔⇒∑∏√∫≤≥≈≠∈∀∃αβγδεμσθλ∇]")
TREE_LINE = re.compile(r"[├└│┬─]|^\s*[|`]--|^\s*\w[\w.-]*/\s*(#.*)?$|^\s*[\w./-]+\.\w+\s*(#.*)?$")

# "Coming soon": a promise, not a release.
PROMISE = Screened(
    re.compile(
        r"coming\s+soon|available\s+soon|soon\s+available"
        r"|\b(will|to)\s+be\s+(publicly\s+)?(released|open[- ]?sourced|uploaded|published"
        r"|made\s+(publicly\s+)?(available|public)|available|public|added|updated|provided)\b"
        r"|\bwill\s+(soon\s+)?(release|publish|open[- ]?source|upload"
        r"|make\s+\S+(\s+\S+){0,4}\s+(public|available))\b"
        r"|\b(release|upload)\w*\s+(soon|later|shortly)\b|stay\s+tuned|under\s+construction"
        r"|\b(in|under)\s+preparation\b|\b(are|is)\s+(still\s+)?preparing\b|\bpreparing\s+(the\s+)?(code|release)"
        r"|\b(will|to)\s+(add|update|upload|complete)\b[^.\n]{0,40}\b(soon|later)\b"
        r"|available\s+(after|upon)\s+(the\s+)?(review|acceptance|publication)"
        r"|upon\s+(acceptance|publication)|\bTB[DA]\b|\bto\s+be\s+(announced|determined)\b"
        r"|\btodo:?\s*release|\bnot\s+(yet\s+)?(been\s+)?(released|public|available)\b"
        r"|as\s+soon\s+as\s+possible"
        r"|敬请期待|即将|(将|会)(在|于)?[^。\n]{0,12}(开源|发布|公开|上传|公布)|整理中|正在整理|准备中",
        _I,
    ),
    (
        "soon",
        "release",
        "open",
        "upload",
        "publish",
        "public",
        "available",
        "added",
        "updated",
        "provided",
        "tuned",
        "construction",
        "prepar",
        "later",
        "upon",
        "tbd",
        "tba",
        "announced",
        "determined",
    ),
)
# What a promise of weights names (not "models" alone: "the model will be described").
WEIGHTS_PROMISED = re.compile(
    r"\b(weights?|checkpoints?|ckpts?|pre-?trained\s+models?|trained\s+models?|model\s+zoo)\b"
    r"|权重|模型",
    _I,
)
# An unticked to-do item about releasing something.
TODO_OPEN = re.compile(r"^\s*[-*+]?\s*\[\s\]\s*", _I)
TODO_DONE = re.compile(r"^\s*[-*+]?\s*\[[xX✓✔]\]\s*")
# What a promise is about when it is not the code itself.
ARTIFACT_ONLY = re.compile(
    r"\b(weights?|checkpoints?|ckpts?|models?|datasets?|data|benchmark|demo|paper|slides|video"
    r"|poster|results?|logs?|annotations?|preprint|arxiv|website|page|blog)\b|权重|模型|数据",
    _I,
)
# A later form of code already there: a package, an updated or new version, documentation.
LATER_ARTEFACT = re.compile(
    r"\b(pip|pypi|conda)\b|\b(python\s+)?(package|library|wheel)\b|\bdocs\b|documentation"
    r"|\b(updated|new|newer|improved|extended|cleaner|cleaned[- ]up|refactored|faster|journal)"
    r"\s+(\w+\s+)?(version|release|codebase)\b|\bv(ersion\s*)?\d+(\.\d+)*\b",
    _I,
)
CODE_WORDS = re.compile(
    r"\b(code|codes|codebase|implementation|source|repo|repository|scripts?|training|inference"
    r"|toolkit|package|library|everything)\b|代码|源码",
    _I,
)
MOVED = Screened(
    re.compile(
        r"\b(has\s+moved|have\s+moved|moved\s+(permanently\s+)?(to|into)|migrated\s+(to|into)"
        r"|relocated\s+to|new\s+home|now\s+(lives|hosted|maintained|located|developed)\s+(at|in|on)"
        r"|(is|are)\s+now\s+(at|in)|please\s+(visit|use|go\s+to)\s+(the|our)\s+new"
        r"|(deprecated|archived|no\s+longer\s+(maintained|updated))\b[^.]{0,60}\b(see|use|visit|go\s+to)"
        r")\b|已迁移|迁移至|移至",
        _I,
    ),
    (
        "moved",
        "migrated",
        "relocated",
        "home",
        "now",
        "please",
        "deprecated",
        "archived",
        "longer",
    ),
)
CITE_REQUEST = Screened(
    re.compile(
        r"\b(please|kindly|if\s+you)\b[^.\n]{0,120}\b(cit(e|ing|ation)|reference)\b"
        r"|\bcite\s+(our|this|the)\b|\bciting\s+(our|this)\b|请引用|引用我们",
        _I,
    ),
    ("cit", "reference"),
)
# A BibTeX entry: a known type, or any word written as one (`@inprocedings{key,`, a misspelt
# type), since the shape `@word{key,` is BibTeX's alone (no decorator, CSS rule or handle).
BIBTEX_ENTRY = re.compile(
    r"^\s*[`>*-]*\s*@\s*((inproceedings|article|misc|inbook|incollection|phdthesis|mastersthesis"
    r"|techreport|book|unpublished|online|software|conference|proceedings|preprint)\s*[{(]"
    r"|[a-z]{4,24}\s*\{\s*[^\s,{}()]{1,80}\s*,)",
    _I,
)
BIBTEX_TITLE = re.compile(r"^\s*title\s*=\s*[{\"](.{3,300}?)[}\"]\s*,?\s*$", _I)
PAPER_LINK = Screened(
    re.compile(
        r"arxiv\.org/(abs|pdf)/|doi\.org/10\.|openreview\.net/|aclanthology\.org/|aclweb\.org/"
        r"|proceedings\.|papers\.nips\.cc|neurips\.cc/paper|ieeexplore|dl\.acm\.org|springer\.com"
        r"|sciencedirect|nature\.com/articles|biorxiv|medrxiv|ssrn\.com|\.pdf\b"
        r"|openaccess\.thecvf\.com/|ecva\.net/papers/|ojs\.aaai\.org/|ijcai\.org/proceedings/"
        r"|jmlr\.org/papers/|arxiv\.org/html/|huggingface\.co/papers/|paperswithcode\.com/paper/"
        r"|semanticscholar\.org/(paper|arxiv)/|researchgate\.net/publication/"
        r"|ncbi\.nlm\.nih\.gov/pmc/",
        _I,
    ),
    ("rxiv", "doi.org", "openreview", "acl", "proceedings", "nips", "neurips", "ieeexplore",
     "acm.org", "springer", "sciencedirect", "nature.com", "ssrn", ".pdf", "thecvf", "ecva",
     "aaai", "jmlr", "huggingface.co/papers", "paperswithcode", "semanticscholar",
     "researchgate", "ncbi"),
)  # fmt: skip
# A plain-text reference: authors and a year ("Doe, J., Roe, A. (2024). Title…" or "et al.").
REFERENCE = re.compile(
    r"\bet\s+al\b|[A-Z][a-z]+,\s+[A-Z]\.?[^.\n]{0,200}\b(19|20)\d\d\b"
    r"|\b(19|20)\d\d\b[^\n]{0,200}\b(conference|proceedings|journal|arxiv|preprint|transactions"
    r"|ICLR|ICML|NeurIPS|CVPR|ICCV|ECCV|ACL|EMNLP|NAACL|AAAI|IJCAI|KDD|MICCAI)\b",
)

# Results: a table of measurements in a results-type section, not one of settings or data sizes.
# A table cell holding a measurement: a decimal or a percentage, maybe bold, starred or ± spread.
MEASURE_CELL = re.compile(
    r"^[\s(]*[-+−]?(\d{1,4}\.\d+|\d{1,3}(\.\d+)?\s?%|\.\d+)\s*%?\s*"
    r"([±]\s*\d+(\.\d+)?\s*%?)?\s*[*†‡↑↓)]*\s*(\(\s*[-+]?\d+(\.\d+)?%?\s*\))?\s*$"
)
# A count in a table cell: an integer, with thousands separators or a k/M/B suffix.
COUNT_CELL = re.compile(r"^\s*[~≈]?\s*(\d{1,3}(,\d{3})+|\d+(\.\d+)?\s?[kKMB]|\d+)\s*$")
RESULTS_FIGURE = re.compile(
    r"(src=[\"']?|!\[[^\]]*\]\()(?!https?://img\.shields)[^\"')\s]*?(^|[\W_])(results?|performance|comparisons?|compare"
    r"|benchmark\w*|radar|accuracy|leaderboard|scores?|quantitative|sota|main_?table|table\d*)"
    r"([\W_]|$)",
    _I,
)
RESULTS_CAPTION = re.compile(
    r"\b(table|fig(ure)?\.?)\s*\d+[.:]?[^\n]{0,120}\b(results?|performance|accuracy|scores?"
    # A comparison of methods, not of two kinds of input ("comparison of X between A and B").
    r"|comparisons?\s+(with|to|against|on)|(quantitative|qualitative|visual)\s+comparisons?)\b"
    r"|\bmain\s+results\b",
    _I,
)
# A figure's caption or introduction claiming how well the method does ("X achieves
# state-of-the-art accuracy on four datasets", "reaches frontier-level reasoning").
RESULTS_CLAIM = re.compile(
    r"\b(achiev\w*|reach\w*|attain\w*|outperform\w*|surpass\w*)\b[^.\n]{0,80}?"
    r"\b(state[- ]of[- ]the[- ]art|sota|frontier[- ]level|performance|accurac(y|ies)|results?"
    r"|scores?)\b",
    _I,
)
# A figure named for a diagram of the method, which no claim beside it makes a result.
DIAGRAM_FIGURE = re.compile(
    r"(src=[\"']?|!\[[^\]]*\]\()[^\"')\s]*?(^|[\W_])(framework|overview|pipeline|architecture|arch"
    r"|method|model|teaser|logo|intro|illustration|diagram|banner)([\W_]|$)",
    _I,
)
# Prose that reports measurements: a metric beside a number, twice on one line.
METRIC_VALUE = Screened(
    re.compile(
        r"\b(acc(uracy)?|f1|em|map|ap|auc|bleu|rouge-?\w*|psnr|ssim|fid|iou|miou|dice|wer|top-?1"
        r"|recall|precision|success\s+rate|pass@\d+)\b\s*[:=]?\s*\d{1,3}\.\d+"
        r"|\b\d{1,3}\.\d+\s*%?\s*(acc(uracy)?|f1|em|map|ap|auc|bleu|rouge-?\w*|psnr|ssim|fid|iou"
        r"|miou|dice|wer|top-?1)\b",
        _I,
    ),
    tuple(f"{digit}." for digit in "0123456789"),  # every match holds a decimal
    ascii_only=True,  # `\d` matches digits of every script
)
SETTINGS_TABLE = re.compile(
    r"\b(param(eter)?s?|arg(ument)?s?|options?|flags?|defaults?|descriptions?|packages?|versions?"
    r"|librar(y|ies)|hyper-?param\w*|config\w*|settings?|files?|folders?|paths?|commands?"
    r"|variables?|keys?|types?|fields?|requirements?)\b",
    _I,
)
METRIC_WORDS = re.compile(
    r"\b(acc(uracy)?|f1|map|ap\d*|auc|auroc|bleu|rouge\S*|meteor|cider|psnr|ssim|lpips|fid|kid"
    r"|top-?[15]|em|wer|cer|success|sr|score|scores|pass@\d+|win[- ]?rate|mse|mae|rmse|iou|miou"
    r"|dice|recall|precision|ndcg|mrr|hits?@?\d*|ppl|perplexity|reward|return|error|loss|gain"
    r"|speed-?up|throughput|latency|fps|avg|average|mean|overall|sota"
    # … and as French, German, Spanish, Chinese, Japanese and Korean headers name them.
    r"|pr[ée]cision|exactitude|rappel|genauigkeit|trefferquote|precisi[óo]n|exactitud"
    r"|puntuaci[óo]n)\b|↑|↓|准确率|準確率|精度|精确率|召回率|正确率|错误率|成功率|得分|分数"
    r"|正解率|再現率|適合率|정확도|정밀도|재현율|점수",
    _I,
)
IMAGE = re.compile(r"!\[[^\]]*\]\([^)]+\)|<img\b|\.(png|jpe?g|gif|svg|webp)\b", _I)
TABLE_ROW = re.compile(r"^\s*\|.*\|")
PIPE_SEPARATOR = re.compile(r"^\s*(?:\|\s*)?:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)+(?:\|\s*)?$")
GRID_BORDER = re.compile(r"^\s*\+[-=+]+\+\s*$")
# A real table tag of any case: a row or cell opening (`<tr>`, `<TD align=..>`) or any closing
# `</t…>`; never a placeholder such as `<train_dir>`, `<true>` or `<td-file>`.
HTML_TABLE = re.compile(r"<(?:t[rdh]|/t[a-z]*)(?=[\s/>])", _I)

# Prose instructions.
# A bare step name ("Install the dependencies") says no more than a heading: the packages are
# named, listed below, or in a file, a command or a link.
INSTALL_PROSE = Screened(
    re.compile(
        r"\binstall\w*\b[^.\n]{0,80}(`|\]\(|https?://|\b(pytorch|torch|tensorflow"
        r"|python|cuda|numpy|jax)\b|\b(packages?|librar(y|ies)|dependenc\w+|requirements?)\b"
        r"[^.\n]{0,40}([:：]|\b(listed|below|following|from|in|with)\b))"
        r"|\b(requirements?|dependencies|package requirements|prerequisites?)\b\s*[:：]\s*\S"
        r"|\bset\s+up\s+the\s+environment\b|\brequirements\.txt\b",
        _I,
    ),
    ("install", "requirement", "dependencies", "prerequisite", "environment"),
)
# The stack the code was run with, by version ("runs with Python 3.10 and PyTorch 2.1"): an
# explicit dependency list, weaker than a set-up step (read only where none is given).
INSTALL_STACK = Screened(
    re.compile(
        r"\b(runs?|tested|works|developed|requires?)\s+(with|on|under|using)?\s*[^.\n]{0,40}?"
        r"\b(python|pytorch|torch|tensorflow|jax|cuda)\s*(==|>=|v)?\s*\d",
        _I,
    ),
    ("python", "torch", "tensorflow", "jax", "cuda"),
)
# A heading naming what to install by its kind ("1. Install the necessary requirements"): the
# heading is the instruction, as a sentence naming only the kind is not.
INSTALL_HEADING = re.compile(
    r"\binstall\w*\b[^.\n]{0,80}\b(requirements?|packages?|librar(y|ies)|dependenc\w+)\b", _I
)
# What an install step names: a file (`requirements.txt`, `environment.yml`), a version, a
# package of the usual stack, or a list item that is a package name (`- einops`, `- tqdm>=4`).
INSTALL_NAMED = re.compile(
    r"`[^`]+`|(?<![\w.-])[\w.-]+\.(txt|ya?ml|toml|cfg|lock|py)\b|\b\d+\.\d+"
    r"|\b(pytorch|torch|tensorflow|jax|numpy|scipy|cuda|cudnn|transformers|python|conda|docker"
    r"|pip|gcc|cmake|java|node)\b|(?-i:^\s*[-*+]\s*[a-z][a-z0-9._-]*\s*([<>=~!]=?\s*[\w.*]+\s*)?$)",
    _I,
)
DATA_ACTION = re.compile(
    r"\b(download\w*|prepar\w*|pre-?process\w*|provided|included|placed?|put|unzip|extract"
    r"|located|stored|obtain\w*|request\w*|available|organi[sz]e\w*|generat\w*|shipped|released"
    r"|can be found|hosted|access\w*)\b",
    _I,
)
# Code for data, not data: loaders, scripts, classes.
_FOR_DATA = r"(loaders?|loading|code|scripts?|functions?|classes|modules?|pipelines?|utilit\w*)\b"
_DATA_NOUN = r"(data|datasets?|corpus|corpora|annotations?|benchmarks?|splits?|instances)"
# Strong instructions: "download the X dataset", "prepare the data".
# Features computed from the data once and shared ("the pre-extracted features").
DATA_FEATURES = re.compile(
    r"\b(pre-?computed|pre-?processed|pre-?extracted|extracted)\s+(\w+\s+)?(features|embeddings)\b",
    _I,
)
DATA_GET = re.compile(
    r"\b(download|prepar|pre-?process|preprocess)\w*\W+(?:\w+\W+){0,5}?("
    + _DATA_NOUN
    + r"|"
    + DATA_FEATURES.pattern
    + r")\b",
    _I,
)
# The data placed somewhere: "provided/included/located/stored … data" (or the other way).
DATA_NEAR = re.compile(
    r"\b(provided|included|located|stored|available|placed?|put|hosted|released|shipped|obtain"
    r"\w*|get|unzip|extract\w*|organi[sz]\w*|generat\w*|request\w*)\W+(?:\w+\W+){0,5}?"
    + _DATA_NOUN
    + r"\b"
    # "Each folder includes the prompts, training data and reference answers in `tasks/`"; not
    # code for the data ("contains data loaders for each benchmark").
    r"|\b(includes|contains|holds)\W+(?:(?!"
    + _FOR_DATA
    + r")\w+\W+){0,5}?"
    + _DATA_NOUN
    + r"\b(?!\W+"
    + _FOR_DATA
    + r")",
    _I,
)
DATA_AT = re.compile(
    _DATA_NOUN + r"\b\W+(?:\w+\W+){0,6}?(is|are|can\s+be)\s+(\w+\s+)?(provided|included|located"
    r"|stored|available|placed|hosted|released|shipped|found|downloaded|obtained|accessed"
    r"|requested|retrieved|fetched|accessible|downloadable)\b",
    _I,
)
# The format one's own data must have: "Your data should be a CSV file with…", "Training data
# must be formatted as JSON lines", "the dataset needs to follow this structure".
DATA_FORMAT = re.compile(
    _DATA_NOUN
    + r"\b[^.\n]{0,30}?\b(should|must|needs?\s+to|has\s+to|is\s+expected\s+to)\s+(be\s+)?"
    r"(an?\s+\w+\s+(file|folder|directory)|in\s+(the\s+)?\w+\s+format|formatted|stored|organi[sz]ed"
    r"|structured|provided\s+as|saved\s+as|follow|contain|look\s+like)\b",
    _I,
)
# "Data: complaints.csv".
DATA_LABEL = re.compile(r"^\W*(data|datasets?|corpus)\s*[:：]\s*\S", _I)
# A data file or folder named in inline code: `data/x.json`, `/data_dev`; not a command-line
# option named after the data (`--dataset_name`, `-data_root`): a flag names no file.
# A module of code (`loaders/datasets.py` reads data, holds none).
_SOURCE_FILE = r"(?![^`]*\.(py|sh|ipynb|js|ts|cpp|cc|c|h|m|r|jl)`)"
# A data file or folder by its name (`data/`, `/data_test`), not a module of code named for the
# data it reads (`datasets.py`).
DATA_NAMED = re.compile(r"`(?!-)" + _SOURCE_FILE + r"[^`\s]*\b(data|dataset)[\w.]*/?`", _I)
DATA_FILE = re.compile(
    r"`[^`]*\.(json|jsonl|csv|tsv|parquet|h5|hdf5|npz|npy|pkl|arrow|txt|zip)`|"
    + DATA_NAMED.pattern,
    _I,
)
# The data put in a folder said in words, not a path: "the benchmark's splits should be copied
# into one shared folder", "the corpus is unpacked under the raw directory".
DATA_FOLDER = re.compile(
    _DATA_NOUN + r"\b\W+(?:\w+\W+){0,4}?(added|placed|put|stored|extracted|unzipped|unpacked"
    r"|organi[sz]ed|copied|moved)\s+(in|into|under)\s+(\S+\s+){0,3}?(folder|directory)\b",
    _I,
)
# Where data is: a path, never a module of code.
DATA_PATH = re.compile(r"`" + _SOURCE_FILE + r"[^`\s]*[/.][^`\s]*`", _I)
LICENCE = re.compile(r"\blicen[cs]e[sd]?\b", _I)
DATA_WORDS = Screened(
    re.compile(r"\b(data|datasets?|corpus|corpora|annotations?|benchmark data|splits?)\b|数据", _I),
    ("data", "corpus", "corpora", "annotation", "split"),
)
WEIGHTS_WORDS = Screened(
    re.compile(
        r"\b(weights?|checkpoints?|ckpts?|pre-?trained|trained|models?|parameters)\b|权重|模型", _I
    ),
    ("weight", "checkpoint", "ckpt", "trained", "model", "parameters"),
)
WEIGHTS_FILE_NAME = re.compile(
    r"(?<![\w-])[\w-]+\.("
    + "|".join(re.escape(extension[1:]) for extension in WEIGHTS_FILE_EXTENSIONS)
    + r")\b",
    _I,
)
WEIGHTS_PLACE = re.compile(
    r"\b(provide[sd]?|available|found|stored?|stores|saved|released?|download\w*|contains?"
    r"|includes?|ships?|put|placed?|located)\b",
    _I,
)
# Where a run writes what it makes: "checkpoints are saved under", "outputs will be written to".
RUN_OUTPUT = re.compile(
    r"\b(will\s+be|are|is|get|gets|being)\s+(automatically\s+)?(saved|stored|written|dumped"
    r"|logged|kept|generated)\b",
    _I,
)
# Weights said to be there already (not where to put them, nor where training saves them).
WEIGHTS_PRESENT = re.compile(
    r"\b(weights|checkpoints?|ckpts?)\b[^.\n]{0,40}\b(can\s+be\s+found|(is|are)\s+(included"
    r"|provided|located|available))\b",
    _I,
)
FOLDER = re.compile(r"\b(in|under|into)\s+(the\s+)?[\w./-]+\s+(directory|folder)\b", _I)
# Words tying an artifact to this paper ("our fine-tuned models", "(ours)", "we release"): an
# incidental "our" elsewhere in the sentence is not one.
OWN_CUE = re.compile(
    r"\bour\s+(?:[\w-]+\s+){0,3}?(models?|weights|checkpoints?|ckpts?|networks?|agents?|adapters?"
    r"|variants?|releases?|pre-?trained|fine-?tuned|trained)\b"
    r"|\bours\b|\bwe\s+(provide|release|share|offer|open[- ]?source|upload|host|distribute)\w*"
    r"|\b(trained|released|open[- ]?sourced)\s+by\s+us\b",
    _I,
)
# Words crediting an artifact to another work: a base model, a backbone, the official release.
OTHER_CUE = re.compile(
    r"\b(as\s+(the\s+|a\s+|our\s+)?(base|backbone|foundation)\s+models?"
    r"|base\s+models?\s+(from|is|of)|(the|a)\s+base\s+(models?|llms?|checkpoints?|weights)"
    r"|base\s+llms?|backbones?|foundation\s+models?|official|original|third[- ]party"
    r"|provided\s+by|we\s+(use|adopt|utili[sz]e|build\s+on)|utili[sz]es?|is\s+based\s+on"
    r"|from\s+(the\s+)?(official|original|their)|teacher|upstream)\b",
    _I,
)
RELEASED_MODEL = re.compile(
    r"\b(our|the|released|provided)\s+(pre-?trained|trained|released|fine-?tuned)\s+"
    r"(models?|weights|checkpoints?)\b|\bdownload\w*\s+(the\s+|our\s+)?(pre-?trained|trained)\b",
    _I,
)
NOT_AVAILABLE = re.compile(
    r"\b(not\s+(publicly\s+)?(available|public|released|shared|included|provided)"
    r"|private|proprietary|confidential"
    r"|(cannot|can\W?t|could\s+not|may\s+not)\s+(yet\s+)?(be\s+)?(made\s+)?(publicly\s+)?"
    r"(share|release|distribut|available|public)\w*"
    r"|upon\s+request|by\s+request)\b",
    _I,
)
# A step of setting up the environment (not of getting data: `wget`, `gdown`, `unzip` are not).
ENVIRONMENT_STEP = re.compile(
    r"^\s*(\$\s*)?(pip3?|conda|mamba|micromamba|uv|poetry|pipenv|(sudo\s+)?apt(-get)?"
    r"|python3?\s+-m\s+(pip|venv)|source\s+\S*activate|docker\s+(build|pull)|git\s+clone)\b",
    _I,
)
FILE_REFERENCE = re.compile(
    r"(?<![\w./-])[\w./-]+\.(py|sh|ipynb|ya?ml|json|md|cfg|toml|m|r|jl)\b|`[^`\s]{2,}`", _I
)
SCRIPT_REFERENCE = re.compile(
    r"(?<![\w./-])[\w./-]+\.(py|sh|ipynb|ya?ml|json|cfg|m|r|jl)\b|`[\w.-]*/[\w./-]*`", _I
)
DOC_LINK = re.compile(r"\[([^\]]{2,80})\]\(([^)\s]+)\)")
# The same link written in HTML (a navigation bar's `<a href="docs/quickstart.md"><b>…</b></a>`).
HTML_LINK = re.compile(
    r"<a\s[^<>]{0,300}?href=[\"']([^\"'\s<>]{1,300})[\"'][^<>]{0,300}>(.{1,200}?)</a>", _I
)
# A shields.io badge URL: its label and message say what the link beside it is.
BADGE = re.compile(r"https?://img\.shields\.io/badge/([^/?#]+)", _I)
WORDS = re.compile(r"[^\W\d_]{3,}")

start_patterns(globals())  # every pattern above tested first where its matches start
