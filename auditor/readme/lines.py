"""What single README lines and headings say, for `auditor.readme.analysis`: the covers a heading
names, the commands a line gives and what each runs (by its script's name and the sentence
introducing it), where data and weights links stand, tables of measurements, references. Pure
functions over text; every pattern is linear in the line it reads. A line's links are found by
`auditor.links.scan`, exactly as an abstract's are; what a link is (code, weights, data) is asked of
`auditor.links`.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from auditor.facts.repofiles import has_code
from auditor.links import (
    ArtifactHost,
    artifact_host,
    code_repository,
    is_ambiguous_weights_file,
    is_weights_file,
)
from auditor.links.scan import FoundUrl, find_urls
from auditor.models import ReadmeCover
from auditor.readme import words as W
from auditor.readme.parse import Line, Section, plain

C = ReadmeCover

# Code that is data or configuration, not something run.
DATA_LANGS = frozenset(
    {"yaml", "yml", "json", "jsonl", "text", "txt", "plaintext", "log", "output", "csv", "toml",
     "ini", "xml", "html", "diff", "tree", "markdown", "md", "latex", "tex"}
)  # fmt: skip

HELP = re.compile(r"\s(--help|-h)\s*$")
EXCERPT_CHARS = 100

PATH_TITLE = re.compile(r"[\w.-]*(/[\w.-]*)+|[\w-]+\.\w{1,5}")

JOINED = re.compile(r"\band\b|&|/|,|\+|与|和|及")

RELEASE = re.compile(r"\b(release|open[- ]?source|upload|code)\w*", re.I)
# What a sentence naming a script says the script does: a verb ("`train.py` trains the model"),
# or the step it is for ("a script for training and inference", "`main.ipynb` replicates the
# evaluation").
TRAIN_VERB = re.compile(
    r"(?<![-\w])(train|trains|fine-?tunes?)\b"
    r"|\bfor\s+(the\s+)?(training|fine-?tuning|pre-?training)\b(?!\s+(set|split|data))",
    re.I,
)
EVAL_VERB = re.compile(
    r"\b(evaluat(es?|ing|ion)|reproduc(es?|ing|tion)|replicat(es?|ing|ion)|tests?|testing"
    r"|analy[sz](es?|ing)|analysis|assess(es|ing|ment)?|measur(es|ing)|benchmark(s|ing))"
    r"\b(?!\s+(set|split|data))",
    re.I,
)
USE_VERB = re.compile(
    r"\b(for\s+(the\s+)?(\w+\s+(and|&)\s+)?inference|runs?\s+inference|inference\s+(script|code|example)"
    r"|demos?)\b",
    re.I,
)
# A sentence sending the reader to run a script ("run", "check", "see", "use" it).
RUN_POINTER = re.compile(r"\b(run|execute|launch|check|see|use|open)\b", re.I)
# A sentence saying a script is run to get or make the data ("to download", "converts"); not
# `words.DATA_ACTION`, which says where data stands or how it is had ("provided", "hosted").
DATA_SCRIPT_ACTION = re.compile(
    r"\b(download\w*|prepar\w*|pre-?process\w*|convert\w*|tokeni[sz]\w*|split\w*|generat\w*"
    r"|build\w*|creat\w*|extract\w*|fetch\w*|crawl\w*|scrap\w*|obtain\w*)\b",
    re.I,
)
# A script, notebook or folder of them written in inline code (`demo.py`, `experiments/`).
_POINTED = re.compile(r"`\.?/?([\w./-]*\.(py|sh|ipynb|m|R|jl)|[\w.-]+(/[\w.-]+)*/)`")


def points_to_use(text: str, *, allow_eval: bool) -> bool:
    """A sentence of a usage section sending the reader to run a script, notebook or folder of
    them ("Select and run a script under `experiments/`", "open `demo.ipynb`"): a use unless the
    script's name says it trains, prepares data or installs (evaluates, unless `allow_eval`)."""
    words = re.sub(r"`[^`]*`", " ", without_urls(text))
    if not RUN_POINTER.search(words) or HELPER_MODULE.search(text):
        return False
    for found in _POINTED.finditer(text):
        covers, _ = script_covers(f"python {found.group(1)}")
        if covers & {C.INSTALL, C.TRAIN, C.DATA} or (C.EVALUATE in covers and not allow_eval):
            continue
        return True
    return False


# A module described as holding helpers for a step ("`utils.py` has the functions for
# evaluation", "`tools.py` contains code for testing"): no step to run.
HELPER_MODULE = re.compile(
    r"\b(functions?|utilit(y|ies)|helpers?|contains\s+(the\s+|some\s+)?code)\b", re.I
)
# A script or notebook named in a sentence (Python, shell, a notebook, MATLAB, R, Julia).
NAMED_SCRIPT = W.Screened.derived(re.compile(r"(?<![\w./-])[\w./-]+\.(py|sh|ipynb|m|R|jl)\b"))


def excerpt(text: str) -> str:
    """A line as evidence: its words on one line, cut to `EXCERPT_CHARS`."""
    flat = " ".join(text.split())
    return flat if len(flat) <= EXCERPT_CHARS else flat[: EXCERPT_CHARS - 1] + "…"


# --- the links of a line: found as in any other prose -------------------------------------------


@functools.lru_cache(maxsize=16384)
def _found(text: str) -> tuple[FoundUrl, ...]:
    """The URLs of README text, found by `auditor.links.scan` as in abstracts and paper lists (a
    line's rules ask for them several times: found once per README, see `forget_urls`)."""
    return tuple(find_urls(text, follows_lines=False))


def forget_urls() -> None:
    """Drop the URLs kept for the lines read so far: what is kept stays within one README."""
    _found.cache_clear()


def urls(text: str) -> list[str]:
    """The URLs in `text`, as their author meant them (`huggingface.co/lab/m` with its scheme,
    trailing punctuation and markup cut)."""
    return [found.url for found in _found(text)]


def only_links(text: str) -> bool:
    """A line of links and their texts only ("[A](…), [B](…)"), saying nothing of them."""
    said = re.sub(r"\[[^\[\]]*\]\(\s*\)|<a\s[^>]*>[^<]*</a>", " ", without_urls(text))
    return bool(_found(text)) and not re.sub(r"[\s\-*|`<>\[\]().,;:/•·]+", "", said)


def without_urls(text: str) -> str:
    """`text` with each URL replaced by a space: what is said around the links."""
    return _blanked(text, [(url.start, url.start + len(url.written)) for url in _found(text)])


def _blanked(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """`text` with a space for each of `spans` (in order, not overlapping)."""
    if not spans:
        return text
    kept: list[str] = []
    end = 0
    for start, stop in spans:
        kept += (text[end:start], " ")
        end = stop
    return "".join(kept) + text[end:]


def _badge_words(url: str) -> str | None:
    """A shields.io badge's label and message as words; None for any other URL."""
    badge = W.BADGE.match(url)
    if badge is None:
        return None
    return " " + unquote(badge.group(1)).replace("_", " ").replace("-", " ") + " "


def heading_covers(section: Section) -> frozenset[ReadmeCover]:
    return heading_covers_of(section.title)


def heading_covers_of(title: str) -> frozenset[ReadmeCover]:
    """The covers a heading names. A heading naming several tasks counts for all of them only
    when it joins them ("Training and Evaluation"); otherwise for the one it names first
    ("Train the teacher on the CIFAR dataset" is about training)."""
    # Where each cover's words start, the longer first on a tie ("Running the benchmarks"
    # names the benchmark's run, not a use).
    positions: dict[ReadmeCover, tuple[int, int]] = {}
    if PATH_TITLE.fullmatch(title.strip()):
        return frozenset()  # a file or folder of a project-structure listing
    for cover, pattern in W.HEADING_WORDS.items():
        match = pattern.search(title)
        stop = W.NOT_HEADING.get(cover)
        if match and not (stop and stop.search(title) and not outside(stop, pattern, title)):
            positions[cover] = (match.start(), match.start() - match.end())
    tasks = {c: p for c, p in positions.items() if c in (C.TRAIN, C.EVALUATE, C.USAGE, C.DATA)}
    if len(tasks) > 1 and not JOINED.search(title):
        first = min(tasks, key=lambda c: tasks[c])
        positions = {c: p for c, p in positions.items() if c not in tasks or c == first}
    return frozenset(positions)


def outside(stop: re.Pattern[str], pattern: re.Pattern[str], title: str) -> bool:
    """Whether the cover's word also stands outside every stop phrase of the heading."""
    return bool(pattern.search(stop.sub(" ", title)))


def is_acknowledgement(title: str) -> bool:
    """Thanks and credits (what the code was built on), unless the heading also asks to cite."""
    return bool(W.ACKNOWLEDGEMENT.search(title)) and not W.HEADING_WORDS[C.CITATION].search(title)


def is_references(title: str) -> bool:
    return bool(re.search(r"\breferences?\b", title, re.I)) and not re.search(
        r"\b(citation|cite|citing|bibtex)\b", title, re.I
    )


def cites(lines: list[tuple[int, Line]], *, references_only: bool) -> bool:
    for _, line in lines:
        if W.BIBTEX_ENTRY.match(line.text) or (line.code_lang or "").startswith("@"):
            return True
        if W.REFERENCE.search(line.text):
            return True
        if not references_only and W.PAPER_LINK.search(line.text):
            return True
    return False


def purpose_of(text: str) -> frozenset[ReadmeCover]:
    """The steps a sentence introducing a command names ("To train and test the model:")."""
    text = re.sub(r"`[^`]*`", " ", text)  # the sentence, not the command it introduces
    if W.DATA_FOR_TRAINING.search(text):
        return frozenset({C.DATA})
    said = frozenset(
        cover
        for cover, pattern in W.PURPOSE
        if pattern.search(W.NOT_HEADING[cover].sub(" ", text) if cover in W.NOT_HEADING else text)
    )
    if not said and W.EVAL_ON_SPLIT.search(text):
        return frozenset({C.EVALUATE})
    return said


# The HTML a command shown on a line of its own is wrapped in (`<pre>bash run.sh</pre>`).
_CODE_TAGS = re.compile(r"</?(pre|code|kbd|samp|tt)\b[^<>]{0,100}>", re.I)


# A command given alone in inline code, as a list item or after a bare verb of running it
# ("- `python run.py`", "2. Run `bash eval.sh`.", "`python -m fancy.demo`"): a line of its own.
_LISTED_COMMAND = re.compile(
    r"^\s*(?:[-*+]\s+|\d{1,2}[.)]\s+)?(?:(?:then\s+|and\s+|now\s+)?(?:run|execute|launch)\s*[:：]?\s+)?"
    r"`([^`]{3,})`\s*[.:：]?\s*$",
    re.I,
)


def standalone_command(text: str) -> str | None:
    """The command a prose line is, when it is one written as a line of its own: bare, in
    `<pre>` or `<code>`, or alone in inline code as a list item ("- `bash eval.sh`")."""
    listed = _LISTED_COMMAND.match(text) if "`" in text else None
    if listed:
        whole = listed.group(1)
    else:
        whole = re.sub(r"^\s*(\$|>)\s+", "", _CODE_TAGS.sub("", text) if "<" in text else text)
    whole = whole.strip()
    return whole if W.RUNNER.match(whole) or W.COMMAND_START.match(whole) else None


# A sentence telling the reader to run the command it holds ("Run `python app.py` to start the
# server", "You can then launch `bash demo.sh`"), not one naming it ("`main.py` holds…").
_RUN_SENTENCE = re.compile(
    r"^\W*(?:(?:\w+\s+){0,3}?(?:you\s+can\s+|simply\s+|just\s+|then\s+|now\s+)?)?"
    r"(?:run|execute|launch|start|call|type|use)\b[^`]{0,40}`([^`]{3,})`",
    re.I,
)


def given_command(text: str) -> str | None:
    """The command a line of prose gives to be run, as a code block's line would: a line of its
    own (`standalone_command`), a sentence telling the reader to run it, or a table cell
    holding only it."""
    whole = standalone_command(text)
    if whole is not None or "`" not in text:
        return whole
    told = _RUN_SENTENCE.match(text)
    if told is None and W.TABLE_ROW.match(text):
        cells = raw_cells(text)
        told = next((cell for cell in map(_LISTED_COMMAND.match, cells) if cell), None)
    if told is None:
        return None
    command = told.group(1).strip()
    return command if W.RUNNER.match(command) or W.COMMAND_START.match(command) else None


def commands(line: Line) -> list[str]:
    """The commands a line gives: a code line itself, or the inline code of prose (and a bare
    `python x.py` written in a sentence)."""
    if line.is_code:
        command = re.sub(r"^\s*(\$|>|!|%)\s*", "", line.text)
        if line.code_lang in DATA_LANGS or command.startswith(("#", "//")):
            return []
        parts = (part.strip() for part in re.split(r"\s(?:&&|\|\|)\s|\s?;\s", command))
        return [_in_container(_unwrapped(part)) for part in parts if part]
    whole = standalone_command(line.text)
    if whole:
        return [whole]  # a command written as a line of its own
    inline = re.findall(r"`([^`]+)`", line.text)
    bare = re.findall(r"\b(?:python3?|bash|sh)\s+[\w./-]+\.(?:py|sh)\b[^`.;]*", line.text)
    return [part for part in (*inline, *bare) if W.RUNNER.match(part) or looks_installed(part)]


# `docker run --gpus all -v $PWD:/w image python demo.py`: the command run in the container is
# what the line does.
_CONTAINER_RUN = re.compile(
    r"^\s*(docker|podman|singularity|apptainer)\s+(run|exec|compose\s+run)\s[^\n]*?\s"
    r"(?P<inner>(python3?|bash|sh|torchrun|accelerate|deepspeed)\s+\S.*)$"
)


# What runs a command without changing what it does: a project manager's environment
# (`poetry run python eval.py`, `conda run -n env python eval.py`), a shell loop's body
# (`for s in 1 2 3; do python eval.py --seed $s; done`), a timer.
_WRAPPER = re.compile(
    r"^\s*((poetry|pipenv|pdm|hatch|rye|pixi)\s+run|conda\s+run\s+(-n|--name|-p|--prefix)\s+\S+"
    r"|do|then|time)\s+(?=\S)"
)


def _unwrapped(command: str) -> str:
    return _WRAPPER.sub("", command, count=1)


def _in_container(command: str) -> str:
    inner = _CONTAINER_RUN.match(command)
    return inner["inner"] if inner else command


def looks_installed(text: str) -> bool:
    return bool(W.COMMANDS[C.INSTALL].search(text) or W.COMMANDS[C.USAGE].search(text))


# (`fit` and `validate` as a Lightning CLI's subcommands: `main.py fit --config x.yaml`.)
_MODE_WORDS = (
    r"(?P<mode>train|training|finetune|pretrain|fit|test|eval|evaluate|evaluation|validate|val"
    r"|infer|inference|predict|demo|sample|generate|serve|chat)"
)
_SUBCOMMAND = re.compile(rf"\s+{_MODE_WORDS}(?=\s|$)", re.I)
# Words of a script's name saying what it fetches is weights.
_WEIGHTS_NAME_WORDS = frozenset(
    {"pretrained", "model", "models", "weight", "weights", "checkpoint", "checkpoints", "ckpt",
     "ckpts"}
)  # fmt: skip
# Flags only training takes: epochs, a learning rate, warm-up, training steps.
_TRAINING_FLAG = re.compile(
    r"\s--?(n_?epochs?|num_train_epochs|max_epochs|epochs?|lr|learning[-_]rate|warmup\w*"
    r"|max_steps|train_steps|num_train_steps)(?=[=\s])",
    re.I,
)
# A console tool named for its step (`sw-eval`, `mmseg-train`): its name is read as a script's.
_STEP_TOOL = re.compile(r"^\s*([a-zA-Z][a-zA-Z0-9]*(?:[-_][a-z0-9]+){1,4})(?=\s|$)")
_STEP_WORDS = frozenset().union(
    *(known for cover, known in W.SCRIPT_WORDS if cover in (C.TRAIN, C.EVALUATE))
)
# `--mode test`, or as a Hydra override (`mode=eval`, `+phase=test`).
_MODE_FLAG = re.compile(
    rf"\s(--?(mode|phase|stage|run[-_]mode)[=\s]+|\+{{0,2}}(mode|phase|stage|run[-_]mode)=)"
    rf"[\"']?{_MODE_WORDS}\b",
    re.I,
)
# A console tool given a step as its subcommand (`fancynet train --config x`, `fancynet predict
# img.jpg`), or a recipe named for one (`tune run lora_finetune_single_device`); never a
# developer's tool testing its own code (`npm test`, `cargo test`) nor a shell command.
_TOOL_STEP = re.compile(
    rf"^\s*(?P<tool>[a-z][\w.-]{{1,30}})\s+({_MODE_WORDS.replace('?P<mode>', '')}"
    r"|bench(mark)?|run\s+(?P<recipe>[a-z][\w-]{1,60}))(?=\s|$)"
)
_NOT_A_STEP_TOOL = frozenset(
    {"npm", "yarn", "pnpm", "bun", "deno", "cargo", "go", "tox", "nox", "mvn", "gradle", "dotnet",
     "bazel", "ctest", "flutter", "mix", "sbt", "stack", "swift", "poetry", "hatch", "pdm", "uv",
     "git", "conda", "mamba", "micromamba", "pip", "pip3", "docker", "podman", "kubectl", "cd",
     "ls", "mkdir", "rm", "cp", "mv", "cat", "echo", "source", "export", "ln", "touch", "chmod",
     "sudo", "apt", "brew", "module", "python", "python3", "bash", "sh", "zsh", "make", "just",
     "wandb", "ollama", "pytest", "screen", "tmux", "ssh", "nohup", "time", "env"}
)  # fmt: skip


# A `-m` module run by Python or a launcher (`accelerate launch -m pkg.eval`, `torchrun … -m x`).
_MODULE = re.compile(r"\b(?:python3?|torchrun|deepspeed|launch)\s+(?:\S+\s+){0,8}?-m\s+([\w.]+)")
# A task runner's target (`make train`, `just eval`, `task data`, `pixi run test`).
_TARGET = re.compile(
    r"^\s*(make|just|task|invoke|poe|(npm|pixi|hatch|pdm)\s+run)\s+(?P<target>[a-z][\w:-]{1,40})(?=\s|$)"
)
# The config file a run is given (`--config configs/test_x.yaml`, `--cfg`, Hydra's `--config-name`).
# A config file given as an argument of its own (`run.py configs/eval/coco.yaml`) names its
# step by its name or its folder too.
_CONFIG_FILE = re.compile(
    r"\s--?(config|cfg|config[-_]file|config[-_]name)[=\s]+[\"']?(?P<folders>(?:[\w.-]*/)*)"
    r"(?P<name>[\w-]+)(\.(ya?ml|json|py|toml))?(?=[\s\"']|$)"
    r"|\s(?P<given>(?:[\w.-]+/)*configs?/)(?P<within>(?:[\w.-]+/)*)(?P<file>[\w-]+)"
    r"\.(ya?ml|json|py|toml)(?=[\s\"']|$)"
)
# A program run by its path or its runtime (`./build/eval_kitti`, `cargo run --bin evaluate`,
# `java -jar demo.jar`, `roslaunch pkg demo.launch`): its name is read as a script's.
_PROGRAM = re.compile(
    r"^\s*(?:\./|(?:build|bin)/)(?:[\w.-]+/){0,6}(?P<path>[\w-]+)(?=\s|$)"
    r"|^\s*cargo\s+run\b[^\n]*?\s--bin[=\s]+(?P<bin>[\w-]+)"
    r"|^\s*java\s+(?:\S+\s+){0,4}?-jar\s+(?:\S*/)?(?P<jar>[\w-]+)\.jar\b"
    r"|^\s*(?:roslaunch|ros2\s+(?:launch|run)|rosrun)\s+\S+\s+(?P<ros>[\w-]+)"
)
# A container image run as the program (`docker run --rm -v $PWD:/in lab/fancynet /in/a.jpg`);
# one started with a shell is an environment to work in.
_IMAGE_RUN = re.compile(
    r"^\s*(?:docker|podman)\s+run\s(?:[^\n]*?\s)??(?P<image>[a-z0-9][\w.-]{0,60}/[\w.-]{1,60})"
    r"(?::[\w.-]{1,40})?(?P<rest>(?:\s[^\n]*)?)$"
)
_SHELL = re.compile(r"^\s*(/bin/)?(ba|z)?sh\b")
# Programs that build or configure the project, never its use.
_BUILD_PROGRAMS = frozenset({"configure", "autogen", "bootstrap", "gradlew", "mvnw", "waf"})


def _name_words(name: str) -> set[str]:
    """The words of a script, module, folder or target name (`trainNet` → train, net)."""
    return {
        word
        for word in re.split(
            r"[^a-z0-9]+|(?<=[a-z])(?=\d)", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()
        )
        if word
    }


def script_covers(command: str) -> tuple[set[ReadmeCover], bool]:
    """What the script (or `python -m` module) a command runs does, by the words of its name:
    (covers, whether it runs one at all)."""
    names: list[str] = []
    mode = None
    found = None
    if W.RUNNER.match(command) or re.match(r"^\s*\.?/?[\w-]+/[\w./-]+\.(sh|py)\b", command):
        found = W.RUN_SCRIPT.match(command)
        if found:
            names.append(found.group("script").rsplit("/", 1)[-1].rsplit(".", 1)[0])
            # The mode it is run in (`main.py --mode train`, `tool.py test data/`) says more
            # than a generic name.
            mode = _SUBCOMMAND.match(command, found.end()) or _MODE_FLAG.search(command)
    module = _MODULE.search(command)
    if module and not names and not re.match(r"(pip|venv|ensurepip|pytest|unittest)\b", module[1]):
        names.append(module.group(1))
        # A module's subcommand (`python -m pkg.cli evaluate --task x`) is its step.
        mode = _SUBCOMMAND.match(command, module.end())
    tool = None if names else _STEP_TOOL.match(command)
    if tool and set(re.split(r"[-_]", tool.group(1))) & _STEP_WORDS:
        names.append(tool.group(1))
    step = None if names else _TOOL_STEP.match(command)
    if step and step["tool"] not in _NOT_A_STEP_TOOL:
        recipe = step["recipe"]
        if recipe is None or _name_words(recipe) & _STEP_WORDS:
            names.append(recipe or step.group(2))
    image = None if names else _IMAGE_RUN.match(command)
    if image:
        if _SHELL.match(image["rest"]):
            return set(), False
        names.append(image["image"].rsplit("/", 1)[-1])
    program = None if names else _PROGRAM.match(command)
    if program:
        name = next(part for part in program.groups() if part)
        if name.casefold() in _BUILD_PROGRAMS:
            return set(), False
        names.append(name)
    target = None if names else _TARGET.match(command)
    if target:
        # `make train`, `just evaluate ckpt=x`: a task runner's target named for its step (a
        # target naming none, `make clean`, runs nothing of the paper's).
        words = _name_words(target["target"])
        if not any(words & known for _, known in W.SCRIPT_WORDS):
            return set(), False
        names.append(target["target"])
    if not names:
        return set(), False
    words = {word for name in names for word in _name_words(name)}
    if found and not any(words & known for cover, known in W.SCRIPT_WORDS if cover is not C.USAGE):
        # A generic name (`run.py`, `main.py`) says no step: its folder (`eval/run.py`) or the
        # config file it is given (`--config configs/test_imagenet.yaml`) may.
        folders = found.group("script").split("/")[:-1]
        config = _CONFIG_FILE.search(command)
        given = _name_words(" ".join(folders))
        if config:
            named = [
                config["name"] or config["file"],
                config["folders"] or "",
                config["within"] or "",
            ]
            given |= _name_words(" ".join(named))
        steps = {cover for cover, known in W.SCRIPT_WORDS if given & known} & {C.TRAIN, C.EVALUATE}
        if len(steps) == 1:
            words |= given
    if mode is not None:
        words = {mode.group("mode").casefold()}
    if words & _WEIGHTS_NAME_WORDS:
        words -= {"download"}  # `download_pretrained_models.py` fetches weights, not data
    covers = {cover for cover, known in W.SCRIPT_WORDS if words & known}
    if covers <= {C.USAGE} and _TRAINING_FLAG.search(command):
        covers = {C.TRAIN}  # `main.py --epochs 3 --lr 1e-4`: a generic name, run to train
    if W.COMMANDS[C.EVALUATE].search(command):
        covers = (covers - {C.TRAIN, C.USAGE}) | {C.EVALUATE}  # `train_net.py --eval-only`
    elif W.COMMANDS[C.TRAIN].search(command) and covers <= {C.USAGE}:
        covers = {C.TRAIN}  # `main.py --do-train`: a generic name, run to train
    if program:
        # A program's name tells its step or use; getting the data is said by a fetch or a
        # script (`ros2 run pkg save_data` records the robot's own).
        covers -= {C.INSTALL, C.DATA}
    for exclusive in (C.INSTALL, C.DATA):
        if exclusive in covers:
            return {exclusive}, True
    if covers & {C.TRAIN, C.EVALUATE}:
        covers.discard(C.USAGE)
    return covers, True


_USE_NAME = re.compile(
    r"(?<![a-z])(demo|infer|inference|predict|prediction|sample|sampling|generate|generation"
    r"|chat|gui|webui|app)(?![a-z])",
    re.I,
)


def named_for_use(command: str) -> bool:
    """The script a command runs is named for a use (`inference.py`, `demo.sh`), not
    generically (`main.py`, `run.sh`)."""
    found = W.RUN_SCRIPT.match(command)
    return bool(found and _USE_NAME.search(found.group("script").rsplit("/", 1)[-1]))


def runs(text: str) -> bool:
    """A code line that does something (not a comment, a folder tree or a blank)."""
    stripped = text.strip()
    if not stripped or stripped.startswith(("#", "//", "--")) or W.TREE_LINE.search(text):
        return False
    if W.FORMULA.search(stripped) and not re.search(r"[\"']", stripped):
        return False  # a formula or a diagram (`score(x) = (e − μ) · d`), not code to run
    return bool(W.COMMAND_LINE.match(stripped))


def is_use(line: Line, *, allow_eval: bool, purpose: frozenset[ReadmeCover] = frozenset()) -> bool:
    """A line of a usage section that uses the code: code that runs something other than set-up,
    training or data preparation (evaluation too when the released model is what is run), or
    such a command in inline code."""
    if line.is_code and line.code_lang in DATA_LANGS:
        return False
    for command in commands(line):
        if not runs(command) or W.SETUP_COMMAND.match(command) or HELP.search(command):
            continue
        if re.match(r"^\s*(import|from)\s", command):
            continue  # an import alone is not yet a use
        if any(W.COMMANDS[c].search(command) for c in (C.INSTALL, C.TRAIN, C.DATA)):
            continue
        covers, _ = script_covers(command)
        if covers & {C.INSTALL, C.TRAIN, C.DATA}:
            continue
        if C.USAGE in purpose:
            return True
        if purpose & {C.TRAIN, C.DATA}:
            continue
        if C.EVALUATE in covers or C.EVALUATE in purpose:
            if allow_eval:
                return True
            continue
        return True
    return False


# A Python line loading a model into a name: a loader method (`Net.from_checkpoint(...)`,
# `torch.hub.load(...)`, `pkg.load("base")`), or a class given a model id (`Encoder("lab/m")`).
# (`from_pretrained(` and `pipeline(` count wherever they stand: `readme_words.COMMANDS`.)
# The names assigned may be several (`model, preprocess = fancy.load("base")`); the first is
# the model. A model factory (`timm.create_model`) and a class given its trained weights
# (`FancyNet(pretrained=True)`) load one too.
_MODEL_LOAD = re.compile(
    r"^\s*(\w{1,40})(?:\s*,\s*\w{1,40}){0,4}\s*=\s*(?:await\s+)?[\w.]{0,80}?"
    r"(\.(from_pretrained|from_checkpoint|from_ckpt|load_from_checkpoint|load_pretrained"
    r"|load_model|load|restore"
    r"|create_model\w{0,30})\s*\(|\b[A-Z]\w{0,40}\(\s*[\"'][\w.-]{1,80}/[\w.-]{1,80}[\"']"
    r"|\(([^()\n]{0,200}[\s,(])?pretrained\s*=\s*(True\b|[\"']))"
)
# A Python session's prompts (`>>> model = …`, `... `), read as the code they prompt for.
_PROMPT = re.compile(r"^\s*(>>>|\.\.\.)( |$)")
# What is done to a model before it is run, or to train it: not a use.
_NOT_A_RUN = frozenset(
    {"to", "cuda", "cpu", "eval", "train", "fit", "half", "float", "save", "save_pretrained",
     "parameters", "load_state_dict", "push_to_hub", "requires_grad_", "state_dict", "compile"}
)  # fmt: skip
_PYTHON_LANGS = frozenset({"python", "py", "python3", "ipython", "pycon", ""})
API_USE_LINES = 40  # lines of a block read after a load for the call
API_USE_LOADS = 8  # loads of a block looked at, at most (so the work stays linear)


# An object built from a class the block imports (`from fancy import Detector` then
# `detector = Detector(device="cpu")`), and what asks it to do its job on an input.
_IMPORTED = re.compile(r"^\s*from\s+([\w.]+)\s+import\s+(.{1,300})")
# (`Detector(…)`, or a constructor of the class: `Detector.from_config("x.yaml")`.)
_BUILT = re.compile(r"^\s*(\w{1,40})\s*=\s*([A-Z]\w{0,40})(\.\w{1,40})?\s*\(")
# A factory function of a package (`create_guard`, `make_env`, `build_model`, `load_tagger`) and
# an object it makes (`guard = await create_guard(…)`).
_FACTORY = re.compile(r"(?<![\w.])((?:create|make|build|load|get|init|new)_\w{1,40})")
_MADE = re.compile(r"^\s*(\w{1,40})\s*=\s*(?:await\s+)?(\w{1,48})\s*\(")
# Trained weights put into an object built above (`net.load_state_dict(torch.load(…))`).
_WEIGHTS_LOADED = r"\.(load_state_dict|load_weights|load_checkpoint)\s*\("
_USE_METHOD = (
    r"(predict|detect|generate|segment|transcribe|run|infer|encode|embed|classify|chat|answer"
    r"|translate|sample|caption|localize|track|recognize|parse|extract|score|rank|search|query"
    r"|edit|render|synthesi[sz]e|complete|analy[sz]e|explain|estimate|forecast|summari[sz]e"
    r"|solve|denoise|restore|enhance|upscale|reconstruct|compress|decode|retrieve|__call__)\w*"
)


# A package imported whole (`import fancyseg`, `import fancyseg as fs`), whose function a later
# line runs on an input (`fs.segment("street.jpg")`); never the standard library's or the usual
# stack's (`re.search(…)`, `np.sort(…)`: their functions are not the paper's).
_IMPORT = re.compile(r"^\s*import\s+([\w.]{1,60})(?:\s+as\s+(\w{1,30}))?\s*$")
_COMMON_LIBRARIES = frozenset(
    {"re", "os", "sys", "json", "math", "random", "time", "subprocess", "pathlib", "glob",
     "shutil", "logging", "argparse", "itertools", "functools", "collections", "typing", "io",
     "csv", "pickle", "requests", "torch", "torchvision", "torchaudio", "numpy", "pandas", "scipy",
     "sklearn", "cv2", "PIL", "matplotlib", "transformers", "datasets", "tqdm", "yaml", "jax",
     "tensorflow", "tf", "keras", "openai", "anthropic", "huggingface_hub", "accelerate", "peft",
     "diffusers", "librosa", "soundfile", "nltk", "spacy", "networkx", "sqlite3", "asyncio"}
)  # fmt: skip
# An evaluation run from Python (`bench.evaluate(model)`, `run_evaluation(cfg)`), not a model
# put in evaluation mode (`model.eval()`) nor a function being defined.
_EVALUATION_CALL = re.compile(
    r"^(?!\s*(def|class)\s).*?(?<![\w])(\w+\.)?(evaluate|run_evaluation|run_eval|evaluate_model)\s*\("
)


def api_evaluation(block: Sequence[Line]) -> int | None:
    """The offset in a Python code block that imports something of a line running an
    evaluation (`scores = bench.evaluate(model)`)."""
    imports = False
    for offset, line in enumerate(block[: API_USE_LINES * 2]):
        if line.code_lang not in _PYTHON_LANGS:
            return None
        imports = imports or bool(re.match(r"^\s*(from\s+[\w.]+\s+)?import\s", line.text))
        if imports and _EVALUATION_CALL.match(line.text):
            return offset
    return None


IMPORT_LINES = 12  # lines of a parenthesised import read for its names, at most


def _imported_names(names: str, following: Sequence[str]) -> str:
    """The names a `from x import …` line imports, with the lines a parenthesis opened on it
    continues over (`from fancy import (` / `Detector, Tracker,` / `)`)."""
    if "(" not in names or ")" in names:
        return names
    parts = [names]
    for text in following[:IMPORT_LINES]:
        parts.append(text)
        if ")" in text:
            break
    return " ".join(parts)


def api_use(block: Sequence[Line]) -> int | None:
    """The offset in a code block of a line loading a model whose result a later line of the
    block runs (`model = Net.from_pretrained("lab/net")` then `model(image)` or
    `model.generate(prompt)`), or building an object of a class the block imports and asking it
    to do its job (`detector = Detector()` then `detector.detect("street.jpg")`): the released
    model or library used from Python."""
    loads = 0
    imported: set[str] = set()
    factories: set[str] = set()  # functions of a package imported by name that make its objects
    functions: dict[str, int] = {}  # a function named for a use, imported by name → its line
    packages: dict[str, int] = {}  # a package imported whole, by its name here → its line
    if not block or block[0].code_lang not in _PYTHON_LANGS:
        return None  # what the loop below finds at its first line, before its texts are made
    texts = [_PROMPT.sub("", line.text, count=1) for line in block]
    owned = 0  # objects of the user's own classes looked at for weights put in them
    for offset, (line, text) in enumerate(zip(block, texts, strict=True)):
        if line.code_lang not in _PYTHON_LANGS or loads == API_USE_LOADS:
            return None
        names = _IMPORTED.match(text)
        if names:
            listed = _imported_names(names.group(2), texts[offset + 1 : offset + 1 + IMPORT_LINES])
            imported |= set(re.findall(r"[A-Z]\w{0,40}", listed))
            if names[1].split(".")[0] not in _COMMON_LIBRARIES and len(functions) < 8:
                # `from fancyseg import segment`, then `mask = segment("street.jpg")`.
                for named in re.finditer(rf"(?<![\w.]){_USE_METHOD}\b", listed):
                    functions.setdefault(named.group(0), offset)
                # `from fancyguard import create_guard`: what it makes is the package's object
                # (a factory of the standard library's makes none: `get_context`).
                if names[1].split(".")[0] not in sys.stdlib_module_names:
                    factories |= set(_FACTORY.findall(listed)[:8])
        package = _IMPORT.match(text)
        if package and package[1].split(".")[0] not in _COMMON_LIBRARIES and len(packages) < 8:
            packages[package[2] or package[1]] = offset
        if _EVALUATION_CALL.match(text):
            continue
        for name, at in packages.items():
            if re.search(rf"(?<![\w.]){re.escape(name)}\.{_USE_METHOD}\s*\(", text):
                return at
        for function, at in functions.items():
            if at < offset and re.search(rf"(?<![\w.]){re.escape(function)}\s*\(", text):
                return at
        found, method = _MODEL_LOAD.match(text), r"(\w+)"
        if found is None:
            made = _MADE.match(text)
            if made and made.group(2) in factories:
                found = made  # `guard = await create_guard()`, then `guard.add_policy(…)`
        if found is None:
            found, method = _BUILT.match(text), _USE_METHOD
            if found is None:
                continue
            if found.group(2) not in imported:
                # A class of the user's own code, given the released weights below it.
                owned += 1
                if owned > API_USE_LOADS:
                    continue
                weighted = re.compile(rf"(?<![\w.]){re.escape(found.group(1))}{_WEIGHTS_LOADED}")
                later = texts[offset + 1 : offset + 1 + API_USE_LINES]
                if not any(weighted.search(other) for other in later):
                    continue
                method = r"(\w+)"
        loads += 1
        name = re.escape(found.group(1))
        called = re.compile(rf"(?<![\w.]){name}(\.{method})?\s*\(")
        for later_text in texts[offset + 1 : offset + 1 + API_USE_LINES]:
            for call in called.finditer(later_text):
                if call.group(2) not in _NOT_A_RUN:
                    return offset
    return None


# A tree whose root is the data folder (`data/`, `./datasets`, `$DATA_ROOT`).
_DATA_ROOT = re.compile(r"^(\$|\.?/)?(data|datasets?|data_?root|data_?dir)\b/?\s*(#.*)?$", re.I)
# A sentence introducing a layout: "organise the files as follows", "the expected structure".
_LAYOUT = re.compile(
    r"\b(organi[sz]\w*|structur\w*|layout|arrang\w*|as\s+follows|look\s+like|hierarchy)\b", re.I
)
LAYOUT_ROWS = 3  # entries a tree has at least


def data_layout(block: Sequence[Line], introduction: Callable[[], str]) -> bool:
    """A code block drawing a folder tree of the data: its root the data folder, or introduced
    (`introduction`, asked only of a tree) as the layout the data must have ("Organise the
    datasets as follows:"). A tree of the project's code, introduced as such, is none."""
    rows = [line.text for line in block if line.text.strip()]
    if len(rows) < LAYOUT_ROWS or 2 * sum(bool(W.TREE_LINE.search(row)) for row in rows) < len(
        rows
    ):
        return False
    # The root drawn alone on the first row (a child named `data` is one folder of a listing).
    if _DATA_ROOT.match(rows[0].strip()):
        return True
    said = introduction()
    return bool(_LAYOUT.search(said) and W.DATA_WORDS.search(said))


WORDS_BESIDE = re.compile(r"[^\W\d_]{3,}(\W+[^\W\d_]{2,})+")  # two words or more


def says_data(text: str) -> bool:
    """A sentence saying where the data is or how to get it: "download the X dataset", "the
    data is included in `data/`", "Data: complaints.csv"; not a licence line."""
    # A folder named for its data (`/data_test`: test instances) names it as the word does.
    named = W.DATA_NAMED.search(text)
    # (A link to the data may name it in one word: "[CityDataset](…)".)
    in_name = "Data" in text and "](" in text
    if not (W.DATA_WORDS.search(text) or named or in_name or W.DATA_FEATURES.search(text)) or (
        W.NOT_AVAILABLE.search(text)
    ):
        return False
    if W.LICENCE.search(text):
        return False
    if W.DATA_LABEL.match(text) or W.DATA_GET.search(text) or W.DATA_FORMAT.search(text):
        return True
    linked = links_out(text)
    if linked and _links_the_data(text):
        return True
    where = linked or W.DATA_PATH.search(text)
    # A data file or folder said with what it holds, not alone as an entry of a listing
    # ("* [`data/`](./src/data/)": code is kept in such folders as often as data).
    said = re.sub(r"`[^`]*`|\]\([^)]*\)", " ", without_urls(text))  # no code, no link target
    described = W.DATA_FILE.search(text) and WORDS_BESIDE.search(said)
    return bool(where and locates_data(text)) or bool(described or W.DATA_FOLDER.search(text))


# The data named as such, also inside a name ("the FancyDepth dataset", "MPFDataset").
_DATA_NAME = re.compile(
    r"\b(data|datasets?|data\s+sets?|corpus|corpora|annotations?)\b"
    r"|(?<=[a-z0-9])(?-i:Data(set)?s?|Corpus)\b",
    re.I,
)
# Data named, then the links to it: "datasets: [A](…)", "datasets, including [A](…)".
_DATA_THEN_LINKS = re.compile(
    r"\b(data|datasets?|corpus|corpora)\b[^\[\].\n]{0,12}?"
    r"([:：]|\b(including|includes|such\s+as|namely|from|e\.g\.|like))\s*\[",
    re.I,
)
_CODE_TARGET = re.compile(r"\.(py|sh|ipynb|js|ts|cpp|c|h|m|r|jl)$", re.I)


def _links_the_data(text: str) -> bool:
    """A link whose text names the data ("[the FancyDepth dataset](…)", "[MPFDataset](…)"), not a
    module of code, or links listed after the data is named ("on four datasets, including
    [A](…) and [B](…)"): where to get it."""
    if _DATA_THEN_LINKS.search(text):
        return True
    return any(
        _DATA_NAME.search(label)
        and not target.startswith("#")  # a table of contents' entry
        and not re.search(r"[`/]", label)  # a folder of a listing (`data/`) holds code as often
        and not _CODE_TARGET.search(target.split("#")[0])
        for label, target in doc_links(text)
    )


def locates_data(text: str) -> bool:
    """A sentence saying the data is somewhere ("the data can be downloaded through the
    following links:"), whether or not the place is on its line."""
    if not W.DATA_WORDS.search(text) or W.NOT_AVAILABLE.search(text) or W.LICENCE.search(text):
        return False
    return bool(W.DATA_NEAR.search(text) or W.DATA_AT.search(text))


CLAUSE_CHARS = 300  # the line's words lent to a link without its own, at most
LINKS_PER_LINE = 30


_CLAUSE_BREAK = re.compile(r"(?<=[.;!?])\s+|\s+and\s+|,\s+|\s+\|\s+")
_LINK_TEXT = re.compile(r"\[[^\[\]]{1,200}\]\(")


@dataclass(frozen=True, slots=True)
class Clause:
    """A piece of a line holding links: its text, the words around its links (the whole line's
    when it has none of its own: `lent`), and the links."""

    text: str
    words: str
    urls: tuple[str, ...]
    lent: bool = False


def clauses(text: str) -> list[Clause]:
    """A line cut where its links' words part ("the dataset from A and the model from B"), a
    badge's label and message standing for its URL: the clauses holding links."""
    found = _found(text)
    if not found:
        return []
    # The line with each badge read as its words, and where each other link then stands.
    pieces: list[str] = []
    links: list[tuple[int, int, str]] = []
    end = length = 0
    for item in found:
        pieces.append(text[end : item.start])
        length += item.start - end
        shown = _badge_words(item.url)
        if shown is None:
            shown = item.written
            links.append((length, length + len(shown), item.url))
        pieces.append(shown)
        length += len(shown)
        end = item.start + len(item.written)
    line = "".join(pieces) + text[end:]
    words = _blanked(line, [(start, stop) for start, stop, _ in links])[:CLAUSE_CHARS]
    parts, start = [], 0
    # A link's text is one name ("[two models (A and B)](url)"): never cut inside it.
    texts = [(m.start(), m.end()) for m in _LINK_TEXT.finditer(line)]
    for cut in _CLAUSE_BREAK.finditer(line):
        if any(a < cut.start() < b for a, b in texts):
            continue
        parts.append((start, cut.start()))
        start = cut.end()
    parts.append((start, len(line)))
    found_clauses, next_link = [], 0
    for first, last in [(a, b) for a, b in parts if b > a][: LINKS_PER_LINE * 2]:
        while next_link < len(links) and links[next_link][0] < first:
            next_link += 1
        own = []
        while next_link < len(links) and links[next_link][0] < last:
            own.append(links[next_link])
            next_link += 1
        if not own:
            continue
        part = line[first:last]
        part_words = _blanked(part, [(a - first, min(b, last) - first) for a, b, _ in own])
        urls = tuple(url for _, _, url in own)
        if W.WORDS.search(plain(part_words)):
            found_clauses.append(Clause(part, part_words, urls))
        else:
            found_clauses.append(
                Clause(f"{part} {words}", f"{part_words} {words}", urls, lent=True)
            )
    return found_clauses


_CHECKPOINTS_NAMED = re.compile(
    r"/datasets/[^/]+/[^/?#]*(checkpoints?|ckpts?|weights)(?![a-z])[^/?#]*", re.I
)
_DOCUMENT_FILE = re.compile(
    r"\.(json|log|txt|csv|tsv|md|pdf|html?|ya?ml|png|jpe?g|svg)(\?|#|$)", re.I
)


def artifact_kinds(
    clause: Clause,
    url: str,
    host: ArtifactHost | None,
    topic: frozenset[ReadmeCover],
    section_titles: str,
) -> frozenset[ReadmeCover]:
    """Weights, data or both for a link: by what its host holds, and, for file shares,
    collections and release pages, by the words of its clause, the covers its
    section names (`topic`) and the titles of the sections holding it. A wheel or a package in
    the set-up steps is no artifact. Whose the weights are is `auditor.readme.ownership`'s."""
    weights_file_named = W.WEIGHTS_FILE_NAME.search(clause.text)
    text = plain(clause.words) + (" weights" if weights_file_named else "")
    if re.search(r"\.whl\b|\bpip3?\s+install\b", f"{url} {text}", re.I):
        return frozenset()
    if host == "data":
        # A dataset repository named for the checkpoints it holds (`…/datasets/lab/x-checkpoints`).
        return frozenset({C.WEIGHTS if _CHECKPOINTS_NAMED.search(url) else C.DATA})
    if host == "space":
        return frozenset()
    # A weights file is weights; one of an extension data files use too (`.pkl`, `.npz`) only
    # when no words of data go with it.
    if host == "weights" or (
        is_weights_file(url) and not (W.DATA_WORDS.search(text) and is_ambiguous_weights_file(url))
    ):
        return frozenset({C.WEIGHTS})
    kinds: set[ReadmeCover] = set()
    if W.DATA_WORDS.search(text) or (C.DATA in topic and not W.WEIGHTS_WORDS.search(text)):
        kinds.add(C.DATA)
    # A release's asset is weights when nothing says otherwise, but a log, a table of results
    # or a document attached to a release is no weights file.
    asset = host == "release-asset" and not _DOCUMENT_FILE.search(url)
    fallback = not kinds and (C.WEIGHTS in topic or asset)
    if W.WEIGHTS_WORDS.search(text) or fallback:
        kinds.add(C.WEIGHTS)
    if not kinds:
        if W.DATA_WORDS.search(section_titles):
            kinds.add(C.DATA)
        elif W.WEIGHTS_WORDS.search(section_titles):
            kinds.add(C.WEIGHTS)
    return frozenset(kinds)


_DOWNLOAD_TEXT = re.compile(
    r"\b(download|link|ckpt|checkpoints?|weights?|model|hf|here)\b|🤗|\b(our|ours)\b", re.I
)


def compared_model(row: str, url: str) -> bool:
    """A model linked by its name in the first cell of a table row of measurements: a model
    the README compares against, not weights it releases (those sit in a download column, or
    the row says they are ours)."""
    if not W.TABLE_ROW.match(row):
        return False
    raw = raw_cells(row)
    if len(raw) < 3 or url.split("://", 1)[-1] not in raw[0] or _DOWNLOAD_TEXT.search(raw[0]):
        return False
    if W.OWN_CUE.search(row):
        return False
    return sum(1 for cell in raw[1:] if W.MEASURE_CELL.match(plain(cell))) >= 2


def links_out(text: str) -> bool:
    """A link that is not an image (a screenshot is not a download)."""
    bare = re.sub(r"(?i)!\[[^\]]*\]\([^)]*\)|<img[^>]*>", " ", text)
    return bool("](" in bare or _found(bare))


def artifacts_only(text: str) -> bool:
    """Every link of the line is to weights or data (a model, a dataset, a file share, a
    weights file), none to a guide or a page."""
    found = urls(text)
    return bool(found) and all(
        artifact_host(url) is not None or is_weights_file(url) for url in found
    )


def projects_only(text: str) -> bool:
    """Every link of the line is to a code repository as a whole (its front page: no file,
    folder or section of it), as "we followed the setup of [X](…)" points at another project:
    no guide to a step."""
    found = urls(text)
    targets = [target for _, target in doc_links(text)]
    return (
        bool(found)
        and all(re.match(r"https?://", target) for target in targets)
        and all(_repository_front(url) for url in found)
    )


def _repository_front(url: str) -> bool:
    normal = None if "#" in url else code_repository(url)
    return normal is not None and urlsplit(normal.url).path.strip("/").count("/") == 1


def downloads(text: str) -> bool:
    return bool(
        re.search(
            r"\b(wget|curl|gdown|huggingface-cli\s+download|hf\s+download|git\s+clone\s+https?://"
            r"huggingface|snapshot_download|from_pretrained)\b",
            text,
            re.I,
        )
    )


def doc_links(text: str) -> list[tuple[str, str]]:
    """The (text, target) of each link of a line, Markdown or HTML (its text without tags)."""
    html = [(re.sub(r"<[^>]*>", " ", label), target) for target, label in W.HTML_LINK.findall(text)]
    return [*W.DOC_LINK.findall(text), *html]


def file_words(target: str) -> str:
    """The name of the file a link points at, as words (`docs/train_eval.md` → "train eval")."""
    name = re.sub(r"\.\w+$", "", target.split("#")[0].rstrip("/").rsplit("/", 1)[-1])
    return name.replace("_", " ")


def guide_covers(label: str, target: str) -> frozenset[ReadmeCover]:
    """What a link to a guide is about: its text, or the name of the file it points at."""
    return heading_covers_of(label) | heading_covers_of(file_words(target))


def is_guide(target: str) -> bool:
    """A link to a written guide: a Markdown, reStructuredText or notebook file, or docs."""
    lowered = target.casefold().split("#")[0]
    return lowered.endswith((".md", ".rst", ".ipynb", ".txt")) or bool(
        re.search(r"(^|/)(docs?|wiki|documentation)(/|$)|readthedocs", lowered)
    )


def is_notebook(target: str) -> bool:
    """A link to a Jupyter notebook (in the repository or on its host's file view)."""
    return target.casefold().split("#")[0].split("?")[0].endswith(".ipynb")


def tables(lines: list[Line]) -> Iterator[tuple[int, list[str]]]:
    """The tables among `lines` (pipe, grid or HTML): (position of the first row, the rows)."""
    index = 0
    while index < len(lines):
        line, start = lines[index], index
        if line.is_code:
            index += 1
            continue
        following = lines[index + 1].text if index + 1 < len(lines) else ""
        pipe = "|" in line.text and W.PIPE_SEPARATOR.match(following)
        if pipe or W.TABLE_ROW.match(line.text) or W.GRID_BORDER.match(line.text):
            rows = []
            while (
                index < len(lines)
                and not lines[index].is_code
                and (
                    lines[index].text.strip()[:1] in {"|", "+"}
                    or (pipe and "|" in lines[index].text)
                )
            ):
                rows.append(lines[index].text)
                index += 1
            yield start, rows
            continue
        if W.HTML_TABLE.search(line.text):
            # The test that starts a table is the one that continues it: the first row is
            # always taken, so no table is empty and the reader always moves on.
            rows = []
            while (
                index < len(lines)
                and not lines[index].is_code
                and W.HTML_TABLE.search(lines[index].text)
            ):
                rows.append(lines[index].text)
                index += 1
            yield start, rows
            continue
        index += 1


CAPTION_BELOW = 3  # lines below a figure read for its caption


def results_shown(lines: Sequence[Line]) -> Iterator[tuple[int, bool]]:
    """Lines showing results wherever they stand, and whether each is a table: a table of
    measurements under a header naming a metric, a figure named or captioned as results, a
    sentence giving two metric values."""
    for index, rows in tables(list(lines)):
        if W.METRIC_WORDS.search(plain(without_urls(rows[0]))) and is_results_table(rows):
            yield index, True
    for index, line in enumerate(lines):
        if line.is_code:
            continue
        if W.IMAGE.search(line.text):
            # A caption stands above a figure or below it ("Fig 2: Results for …" after `</p>`).
            caption = " ".join(
                other.text
                for other in lines[max(0, index - 3) : index + 1 + CAPTION_BELOW]
                if not other.is_code
            )
            if (
                W.RESULTS_FIGURE.search(line.text)
                or W.RESULTS_CAPTION.search(caption)
                or (W.RESULTS_CLAIM.search(caption) and not W.DIAGRAM_FIGURE.search(line.text))
            ):
                yield index, False
        if len(W.METRIC_VALUE.findall(line.text)) >= 2:
            yield index, False


def is_results_table(rows: list[str]) -> bool:
    """Measurements in the body (at least two cells holding a decimal or a percentage, or one
    under a header naming a metric); not a table of settings, packages or dataset sizes."""
    if not rows:
        return False
    header = plain(without_urls(rows[0]))
    metric = bool(W.METRIC_WORDS.search(header))
    # A table of settings names them in its first column ("Parameter | Value") or in most of
    # its header ("Name | Type | Default"); one column of model sizes ("#Params") beside the
    # measurements leaves it a results table.
    named = [bool(W.SETTINGS_TABLE.search(cell)) for cell in cells(rows[0])]
    if named and (named[0] or 2 * sum(named) >= len(named)) and not metric:
        return False
    body = [cell for row in rows[1:] if not W.PIPE_SEPARATOR.match(row) for cell in cells(row)]
    measured = sum(1 for cell in body if W.MEASURE_CELL.match(cell))
    # Mostly counts (10,000 images, 2k, 1.2M tokens) beside a few averages: dataset statistics,
    # however its columns are named (train / test splits).
    if not metric and sum(1 for cell in body if W.COUNT_CELL.match(cell)) > measured:
        return False
    return measured >= (1 if metric else 2)


_HTML_CELL = re.compile(r"<t[dh](?=[\s/>])[^>]*>(.*?)(?=</t[dh]>|<t[dh](?=[\s/>])|$)", re.I)


def raw_cells(row: str) -> list[str]:
    """A pipe table row's cells as written (outer pipes aside)."""
    return row.strip().strip("|").split("|")


def cells(row: str) -> list[str]:
    if W.HTML_TABLE.search(row):
        return [plain(cell) for cell in _HTML_CELL.findall(row)]
    return [plain(cell) for cell in raw_cells(row)]


def bibtex_title(lines: Sequence[Line]) -> str | None:
    """The `title` of the BibTeX entry starting at `lines[0]`, braces removed."""
    for line in lines:
        found = W.BIBTEX_TITLE.match(line.text)
        if found:
            return " ".join(found.group(1).replace("{", "").replace("}", "").split()) or None
        if line is not lines[0] and W.BIBTEX_ENTRY.match(line.text):
            return None
    return None


# --- whether the code is there ----------------------------------------------------------------

READING_LIST_ENTRIES = 20


def code_promise(lines: Sequence[Line], promises: Sequence[bool]) -> int | None:
    """The first line promising the code itself ("code coming soon", an unticked "release the
    code" to-do), not only weights or data, nor a later form of code already there (a package,
    an updated version)."""
    for index, line in enumerate(lines):
        if line.is_code or line.is_heading:
            continue
        todo = W.TODO_OPEN.match(line.text)
        if not (promises[index] or todo) or W.TODO_DONE.match(line.text):
            continue
        if (todo and not RELEASE.search(line.text)) or W.LATER_ARTEFACT.search(line.text):
            continue
        if W.CODE_WORDS.search(line.text) or not W.ARTIFACT_ONLY.search(line.text):
            return index
    return None


def weights_promise(lines: Sequence[Line], promises: Sequence[bool]) -> int | None:
    """The first line of prose promising weights or checkpoints ("weights coming soon", an
    unticked "release the checkpoints" to-do), not a ticked one."""
    for index, line in enumerate(lines):
        if line.is_code or W.TODO_DONE.match(line.text):
            continue
        todo = W.TODO_OPEN.match(line.text) and RELEASE.search(line.text)
        if (promises[index] or todo) and W.WEIGHTS_PROMISED.search(line.text):
            return index
    return None


def moved_to(lines: Sequence[Line], ignored: Callable[[int], bool]) -> str | None:
    """The code a line saying the code moved points at, on it or just below: a link that
    `auditor.links` calls code (a repository on any code host, a Space), never a model or a
    dataset (where the weights went is not where the code lives)."""
    for index, line in enumerate(lines):
        if line.is_code or not W.MOVED.search(line.text) or ignored(index):
            continue
        for later in lines[index : index + 4]:
            for url in urls(later.text):
                code = code_repository(url)
                if code is not None:
                    return code.url
    return None


def is_reading_list(lines: Sequence[Line], root_files: Sequence[str]) -> bool:
    """At least `READING_LIST_ENTRIES` list or table entries linking papers or repositories, no
    command, and no code at the root: a survey's "awesome" list."""
    if root_files and has_code(root_files):
        return False
    listed: dict[str, bool] = {}  # a link listed again is judged once

    def is_work(url: str) -> bool:
        if url not in listed:
            listed[url] = bool(W.PAPER_LINK.search(url) or code_repository(url))
        return listed[url]

    entries = 0
    for line in lines:
        if line.is_code and runs(line.text) and not W.TREE_LINE.search(line.text):
            return False
        text = line.text.lstrip()
        if (text.startswith(("-", "*", "+", "|")) or text[:1].isdigit()) and any(
            is_work(url) for url in urls(line.text)
        ):
            entries += 1
    return entries >= READING_LIST_ENTRIES


W.start_patterns(globals())  # every pattern above tested first where its matches start
