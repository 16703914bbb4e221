"""What a README covers, decided from its text and the repository's root file names (no I/O).

`analyze_readme(text, root_files=...)` answers which covers a README has, each with the first
line (1-based) that decided it; line 0 means the root listing decided. The README is read as
sections (`auditor.readme.parse`): a heading counts only when its section holds substance for
its cover, never when it is empty or only promises ("coming soon", "TBD"); commands and links
count wherever they stand, except in the title and in acknowledgement sections (what the code
was built on is not what it offers). A command is judged by the words of its script's name
(`train_*.py`, `eval.sh`, `demo.py`, a console tool named for its step: `sw-eval`, a module
however launched: `accelerate launch -m pkg.eval`, a task runner's target: `make train`, a
notebook or batch job: `jupyter nbconvert --execute eval.ipynb`, `sbatch train.slurm`), of a
generic script's folder or config file (`eval/run.py`, `main.py --config configs/test.yaml`),
its flags (`--eval-only`), the step given as a subcommand (`main.py fit`, Hydra's `mode=eval`,
`fancynet train`, `tune run lora_finetune_x`; never `npm test`), and the sentence, comment or
heading introducing it ("To evaluate the model:", "This command trains…", "To compute FID",
"the numbers reported in Table 2", "on your own images", "# Generate the data", its own
trailing `# all baselines`, a sentence above the short labels naming each command's variant:
"- Dataset A", the same in Chinese and Japanese: "训练模型：", "評価：", the header of the table
column holding it: "Evaluation command"; when none above says it, the sentence just below the
block speaking of it: "This will launch the evaluation"); the sentence wins over a generic script
name. A command given outside a code block (alone in inline code as a list item, after a bare
"Run", in a table's cell) is read as a block's line; a settings section's commands show a flag.
Programs run by their path or runtime (`./build/eval_x`, `cargo run --bin`, `java -jar`,
`roslaunch`) and a container image run as the program are read by their names; a command
wrapped by a project manager (`poetry run`), `conda run`, a shell loop or `time` is the command
it runs.
A `docker run … python x.py` line is the command run in the container.
Guides are linked in Markdown or HTML (`<a href="docs/quickstart.md">`). Words and command
shapes: `auditor.readme.words`; single lines: `auditor.readme.lines`.

Covers
  * install — a set-up command (`pip|conda install`, `conda env create`, `docker build`…), a
    sentence that says what to install (requirements, a package list, a link to an install
    guide), or an install / requirements / environment section naming what to install (a
    command, a link, a file, a version, a package); bare step names ("Create an environment")
    are not install; the stack it runs with, by version ("tested with PyTorch 2.1"), where no
    set-up step is given.
  * usage — using the released code or model: a demo, inference, API or quick-start section
    whose code runs something other than set-up, training or data preparation (evaluation
    counts when the released model is what is run); a demo, inference, app or sampling script;
    a tool run end to end outside training and data sections; `python -m tool`; a Hugging Face
    `from_pretrained`; a Python snippet loading a model and running it (`model = pkg.load(…)`
    then `model(image)`, or `detector = Detector()` of a class the block imports then
    `detector.detect(photo)`, the object made by a factory function the block imports from a
    package, `guard = create_guard()`; the load in one block and the run in the next of its
    section) outside set-up, training, data and evaluation sections; a notebook linked without
    naming a step or being said to do one; a
    sentence of a usage section sending the reader to run a script, notebook or folder of them
    ("run a script under `experiments/`"); a script or notebook said to be a demo or for
    inference; fine-tuning the released pre-trained model in a usage or quick-start section;
    an evaluation command handed a checkpoint when the README releases weights, or any in a
    README whose title releases a benchmark or evaluation toolkit (running it is its use); a
    function of a package imported whole run on an input (`fancyseg.segment("a.jpg")`, not the
    standard library's); an inference engine serving the model (`vllm serve`); a Colab,
    Binder or Space link offered to be run ("Open in Colab", "try the demo") outside the steps'
    sections. Training-only sections are not usage. The mode a script is run in (`main.py
    --mode train`, `tool.py test`) decides over its name.
  * train / evaluate — a training (evaluation) command, a section of that name holding code, a
    script or config file, or a link to a guide (not a table of checkpoint downloads: those
    are weights); a sentence naming the script that trains (evaluates, in any verb form, or
    by the step it is for: "a script for training", "replicates the evaluation"), or sending
    the reader to a script named for the step ("check `tools/test_x.py`"); a link whose text
    names it (`[Train and Eval](docs/train.md)`), also to the step's code kept in a repository of
    its own (`[training code](github…)`); a command in a table's cell under the step's heading;
    a sentence telling the reader to add the step's flag ("add `--eval`"). An evaluation also
    runs from Python (`bench.evaluate(model)`), by handing predictions to an evaluation server
    or leaderboard, on the held-out split (`--split test`), on a named benchmark (`--benchmark
    x`) or through a harness; a flag naming a setting (`--eval_steps`, `--test-rgb-dir`) is
    none. Under a heading joining both
    ("Test & Inference"), a script named for testing still evaluates. A command of an
    experiments or results section that nothing makes another step reproduces the numbers.
  * results — a table of measurements or a figure in a results-type section (results,
    performance, experiments, comparison, leaderboard, generated samples) or a table of them
    in an evaluation section; anywhere, a table whose header names a metric, a figure named or
    captioned as results (above it or below it) or introduced by a claim of how well the
    method does (not a diagram of the method), or a sentence giving two metric values.
    Tables of settings (named in the first header cell or most of them: parameters,
    arguments, packages, versions) or of dataset sizes (mostly counts) are not results, nor is
    a table under a baselines section.
  * results_commands — results shown (the results cover) with a command that produces them: one
    that evaluates by its script's name (`eval.py`, `reproduce_table1.py`), flags or introducing
    sentence ("To reproduce Table 2, run:"), or a command of an evaluation, results or
    experiments section that no sentence or name makes a set-up, training, data or demo step.
    Training commands and demos beside a results table do not produce them. Answered apart from
    `covers` (`ReadmeFacts.results_commands`, the command's line) until a criterion reads it.
  * weights — a link to the paper's own trained weights: a Hugging Face model, a weights file,
    a release asset, or a file share or collection whose line or section speaks of weights; a
    weights / checkpoints / model-zoo section with a link or a download command; a sentence
    saying where the trained weights are. Not a third-party base model or backbone (whose an
    artifact is: `auditor.readme.ownership`), not a wheel in the install steps, not a promise.
  * data — a data link (Hugging Face dataset, Kaggle…, or a file share whose line or section
    speaks of data), a data-preparation command, a data section with a link, a command or a
    path, a fetch of a file named for the data or a bucket's data folder (`wget …/data.zip`,
    `aws s3 cp s3://b/dataset/ .`), a folder tree of the data's layout (its root the data
    folder, or introduced as the data's layout), the format one's own data must have ("should
    be a CSV file"), shared pre-extracted features, or a sentence saying where the data is or
    how to get it
    (its link on the line below, a folder named for the data with what it holds), a link whose
    text names the data or links listed after the datasets are named ("including [A](…)"); "not
    publicly available" and promises are not data, but the format of one's own data beside a
    dataset promised for later is.
  * citation — a BibTeX entry (a misspelt type too: `@inprocedings{key,`), a request to cite
    with the reference beside it, or a citation / BibTeX / how-to-cite section holding a
    reference (a "References" section needs BibTeX or an author–year reference);
    `CITATION.cff` at the root (line 0). A BibTeX entry, or a request, crediting another work
    only ("please also cite the original paper") is not this paper's citation.
  * placeholder — the code is not released. With the root listing known, the files decide:
    nothing but README, licence, pages, images, dependency lists, data and text files
    (`auditor.facts.repofiles.is_code_free`) is a placeholder whatever the README says, and code
    files are not, even under "code coming soon". Without a listing (a lone README), a promise of
    the code ("coming soon", "will be released", "available after review", an unticked release
    to-do, the same in Chinese) in a README with fewer than two of install, usage, train and
    evaluate. A promise about weights or data only, or about a later form of code already there (a
    package, an updated version, documentation), is not a placeholder.

Also found: `moved_to`, the URL a README says the code moved to ("moved to", "new home",
"migrated to"…, with a link to code on the line or just below: a repository on any forge or a
Space, as `auditor.links` says; never a model or a dataset), and `reading_list`, a README that is
a list of at least 20 linked papers or code repositories with no command and no code at the root
(a survey's "awesome" list). `artifact_links` lists weights, data and hosted-environment (Colab,
Binder, Space) links in order of appearance, without repeats, each as its author meant it (a
scheme given where it was left out).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from auditor.containment import README_ANALYSIS, guarded
from auditor.deadline import in_thread
from auditor.facts.repofiles import MAX_README_BYTES, has_code, is_citation_file
from auditor.links import (
    HUGGINGFACE,
    artifact_host,
    code_repository,
    is_hosted_environment,
    is_weights_file,
)
from auditor.models import (
    README_NOT_ANALYSED,
    ArtifactKind,
    ArtifactLink,
    Inherited,
    ReadmeClaim,
    ReadmeCover,
    ReadmeEvidence,
    ReadmeFacts,
    RepoFacts,
    Whose,
)
from auditor.readme import artifacts as A
from auditor.readme import lines as L
from auditor.readme import ownership as O
from auditor.readme import words as W
from auditor.readme.branches import branch_named
from auditor.readme.ownership import PaperIdentity
from auditor.readme.parse import MAX_CHARS, Document, Line, Section, parse, plain, word_count
from auditor.readme.titles import same_title, text_words
from auditor.readme.withheld import withheld

__all__ = ["MAX_CHARS", "PaperIdentity", "analyze_readme"]

MAX_ARTIFACTS = 400  # links classified per README: enough for `artifact_links`' 50 given
MAX_TITLES = 5
MAX_COMMAND_CHARS = 1_000  # a command continued over lines is read up to this length
_PAIRED_GAP = 6  # prose lines between two code blocks read as one snippet, at most
C = ReadmeCover
_TASKS = (C.INSTALL, C.USAGE, C.TRAIN, C.EVALUATE, C.DATA, C.WEIGHTS)
_SUBSTANTIVE = (C.INSTALL, C.USAGE, C.TRAIN, C.EVALUATE)
_READING_LIST_COVERS = frozenset({C.CITATION, C.PLACEHOLDER})
_AMBIGUOUS_INSTALL = re.compile(r"get(ting)? started|preparations?", re.I)
# Sections whose scripts are never "using the code".
_NOT_USE = frozenset({C.INSTALL, C.TRAIN, C.EVALUATE, C.DATA, C.WEIGHTS})
# Sections whose code is that step, even when it loads a model and runs it.
_STEPS = frozenset({C.INSTALL, C.TRAIN, C.EVALUATE, C.DATA})
_GENERAL_USE = re.compile(
    r"\b(usage|quick[- ]?start|get(ting)? started|how to (use|run)"
    r"|using\s+(the\s+|our\s+)?([\w-]+\s+){0,2}?(models?|weights|checkpoints?))\b",
    re.I,
)
_QUICK = re.compile(r"\b(quick[- ]?start|get(ting)? started)\b", re.I)
_YOURS = re.compile(r"the\s+trained\b", re.I)
_FINE_TUNE = re.compile(r"fine-?tun\w*|finetun\w*|(?<![a-z])ft(?![a-z])", re.I)
_COLONS = (":", "：")  # a line introducing what follows, in Latin or CJK punctuation
# What stands between a link and its mirror: "](…) | [", " or ", " / ".
_MIRROR_GAP = re.compile(r"[\s)\]\[(|/,]*(\bor\b[\s)\]\[(|/,]*)?", re.I)
# Another model fetched in the same breath: "and", "&" or a comma between, bold marks around.
_SIBLING_GAP = re.compile(r"[\s)\]\[(*_,]*(\b(and|as\s+well\s+as)\b|&)[\s)\]\[(*_]*", re.I)
_COVER_OF = {
    ArtifactKind.WEIGHTS: frozenset({C.WEIGHTS}),
    ArtifactKind.DATA: frozenset({C.DATA}),
}
_NOT_WORDS = " \t-*|`<>[]().,;:"
# Weights named as a thing (not "LLMs trained on web data").
_WEIGHTS_NOUN = re.compile(r"\b(weights?|checkpoints?|ckpts?|models?|parameters)\b|权重|模型", re.I)
_BARE_TAGS = re.compile(r"\s*(</?\w+[^<>]{0,200}>\s*)+")
_BENCHMARK_TITLE = re.compile(
    r"(?-i:Bench)\b|\bbench\b|\bbenchmark(s|ing)?\b|\bevaluation\s+(suite|toolkit|harness|framework)\b"
    r"|\b(toolkit|harness|leaderboard)\b",
    re.I,
)
_TRAINED = W.Screened.derived(re.compile(r"\b(trained|pre-?trained)\b", re.I))
# A hosted notebook or Space offered to be run ("Open In Colab", "Try the demo").
_TRY_IT = re.compile(
    r"\b(demos?|try|play(ground)?|open\s+in|run|launch|quick[- ]?start|get(ting)?\s+started|colab"
    r"|binder|spaces?)\b"
    r"|演示|体验|试用",
    re.I,
)
# A sentence below a code block speaking of it: "This will…", "The above command…", "It…".
_BACK_REFERENCE = re.compile(
    r"^\W*(this|these|it|that|the\s+(above|previous)|the\s+(command|script|code|run)s?"
    r"|(the\s+)?(above|previous)\s+(command|script|code|line)s?|running\s+(this|it|the\s+above))\b",
    re.I,
)
# A section showing how to set the code's settings: its commands illustrate a flag.
_SETTINGS_HEADING = re.compile(
    r"^\W*((hyper-?)?param(eter)?s?|config(uration|uring)?|arguments?|options|settings|flags)"
    r"(\s+(configuration|settings|options|and\s+\w+))?\W*$"
    r"|^\W*(hyper-?param(eter)?s?|configuration|command[- ]line\s+(arguments|options|flags))\b",
    re.I,
)
_USE_HEADING = re.compile(r"\b(inference|demos?|predict\w*|deploy\w*|infer)\b", re.I)


def analyze_readme(
    text: str,
    *,
    root_files: Sequence[str] = (),
    name: str | None = None,
    repository: str | None = None,
    identity: PaperIdentity | None = None,
    upstream: str | None = None,
) -> ReadmeFacts:
    """The covers of one README, named `name` (its format follows: `parse.parse`; see the
    module docstring for the rules). `repository` is the `owner/name` it was read from,
    `identity` the paper citing it, `upstream` the parent of a fork: each is optional and only
    sharpens whose the README and what it gives are (`auditor.readme.ownership`)."""
    try:
        reader = _Reader(parse(text, name=name), tuple(root_files), repository, identity, upstream)
        return reader.facts()
    finally:
        L.forget_urls()


MAX_CLAIMS = 60


class _Reader:
    def __init__(
        self,
        doc: Document,
        root_files: tuple[str, ...],
        repository: str | None = None,
        identity: PaperIdentity | None = None,
        upstream: str | None = None,
    ) -> None:
        self.doc = doc
        self.root_files = root_files
        self.repository = repository
        self.identity = identity
        self.upstream = upstream
        self.claims: list[ReadmeClaim] = []
        self.entries: list[tuple[Line, str]] = []  # BibTeX entries: the first line, the title
        self._other_entries: set[int] = set()  # where BibTeX entries of other works start
        self._own_entries = False  # a BibTeX entry of this work
        self._citing: list[int] = []  # lines noted as citing
        self.found: dict[ReadmeCover, ReadmeEvidence] = {}
        self.artifacts: list[ArtifactLink] = []  # every link given, classified
        self._classified: set[ArtifactLink] = set()
        self.titles: list[str] = []  # of the BibTeX entries
        # Lines of prose that promise rather than give ("coming soon"), read once.
        self.promises = [
            not line.is_code and bool(W.PROMISE.search(line.text)) for line in doc.lines
        ]
        self._names: dict[int, frozenset[ReadmeCover]] = {}
        self._topics: dict[int, frozenset[ReadmeCover]] = {}  # section → its lines' topic
        self._unthanked: dict[int, bool] = {}  # section → outside every acknowledgement
        # A title's heading line (its own section owns it: `parse.Document.owner`).
        self._title_lines = frozenset(s.index for s in doc.sections if s.is_title)
        self._acknowledgements: dict[int, bool] = {}
        self._starts: dict[int, int] = {}  # code line → first line of its block
        self._ends: dict[int, int] = {}  # a block's first line → the line after it
        self._headers: dict[int, int | None] = {}  # table row → the table's first row
        self._checkpoint_runs: list[int] = []  # evaluation commands given a checkpoint
        self._evaluation_runs: list[int] = []  # commands that evaluate
        self._stack: int | None = None  # the first line naming the stack run with, by version
        self._producing: list[int] = []  # commands that evaluate or reproduce
        self._kinds: dict[tuple[object, ...], frozenset[ReadmeCover]] = {}
        self._table_tops: dict[int, int] = {}  # table row → its table's header row
        self._by_line: dict[int, list[ArtifactLink]] | None = None  # once the lines are read
        self._said: tuple[int, _LineWords] | None = None  # the line whose links are read

    # --- the answer ---------------------------------------------------------------------------

    def facts(self) -> ReadmeFacts:
        for index, line in enumerate(self.doc.lines):
            if not line.is_heading and not line.is_blank and not self._ignored(index):
                self._line_rules(index, line)
            elif (line.is_heading and self._cites_as_heading(index, line)) or self._titled_entry(
                index, line
            ):
                self._note(C.CITATION, index)
            if line.is_heading and not self._ignored(index):
                self._links(index, line)  # "## Download the datasets ([A](…), [B](…))"
        for number, section in enumerate(self.doc.sections):
            if not section.is_title:
                self._section_rules(number, section)
        self._metric_tables()
        self._api_uses()
        self._models_loaded()
        self._data_layouts()
        if C.INSTALL not in self.found and self._stack is not None:
            self._note(C.INSTALL, self._stack)  # the stack by version, where no step is given
        if C.WEIGHTS in self.found and self._checkpoint_runs:
            # Running the released weights through the evaluation script is using them.
            self._note(C.USAGE, self._checkpoint_runs[0])
        if self._evaluation_runs and self._releases_benchmark:
            # A benchmark's release is used by running it: its evaluation is its use.
            self._note(C.USAGE, self._evaluation_runs[0])
        if any(is_citation_file(name) for name in self.root_files):
            self._note_at(C.CITATION, 0, "CITATION.cff at the repository root")
        self._placeholder()
        reading_list = L.is_reading_list(self.doc.lines, self.root_files)
        if reading_list:  # the papers it lists are others' work, not this repository's
            self.found = {c: e for c, e in self.found.items() if c in _READING_LIST_COVERS}
            self.artifacts = []
            self.claims = []
        covers = tuple(cover for cover in ReadmeCover if cover in self.found)
        inherited = O.inherited_readme(
            self.doc.lines,
            self.doc.sections,
            repository=self.repository,
            identity=self.identity,
            upstream=self.upstream,
            entries=self.entries,
        )
        claims = tuple(self.claims)
        if inherited.inherited is Inherited.YES:  # all it gives is the other project's
            claims = tuple(
                replace(claim, whose=Whose.OTHER, work=claim.work or inherited.other_work)
                for claim in claims
            )
        return ReadmeFacts(
            covers=covers,
            evidence=tuple(self.found[cover] for cover in covers),
            artifact_links=A.given(self.artifacts),
            # A title may be the notice ("**Moved to …**"); thanks to a project are no move.
            moved_to=L.moved_to(self.doc.lines, self._acknowledging),
            citation_titles=tuple(self.titles),
            reading_list=reading_list,
            results_commands=self._results_commands(),
            claims=claims,
            inherited=inherited,
            artifacts=tuple(self.artifacts),
            weights_promise=self._weights_promise(),
            withheld=withheld(self.doc.lines),
            bare_citation=self._bare_citation(),
            branch=branch_named(self.doc.lines, self.repository),
        )

    def _bare_citation(self) -> bool:
        """Whether what cites the paper is only a pointer (a paper link under a citation
        heading, a request beside a link): no BibTeX entry of this work, and no reference with
        authors or a venue on or just below a citing line (`CITATION.cff` is no pointer)."""
        if C.CITATION not in self.found or self.found[C.CITATION].line == 0:
            return False
        if self._own_entries:
            return False
        lines = self.doc.lines
        return not any(
            W.REFERENCE.search(line.text)
            for index in self._citing
            for line in lines[index : index + 8]
        )

    def _titled_entry(self, index: int, line: Line) -> bool:
        """A BibTeX entry left under the acknowledgements (no heading of its own) whose title is
        the README's: the paper's citation wherever it stands."""
        if line.is_blank or line.is_heading or not self._acknowledging(index):
            return False
        if not (W.BIBTEX_ENTRY.match(line.text) or (line.code_lang or "").startswith("@")):
            return False
        title = L.bibtex_title(self.doc.lines[index : index + 16])
        return title is not None and any(
            section.is_title and same_title(section.title, title) for section in self.doc.sections
        )

    def _weights_promise(self) -> ReadmeEvidence | None:
        """The line promising weights, unless the README gives weights of its own already."""
        if C.WEIGHTS in self.found:
            return None
        index = L.weights_promise(self.doc.lines, self.promises)
        if index is None:
            return None
        line = self.doc.lines[index]
        return ReadmeEvidence(C.WEIGHTS, line.number, L.excerpt(line.text))

    def _note(self, cover: ReadmeCover, index: int) -> None:
        line = self.doc.lines[index]
        if cover is C.CITATION:
            self._citing.append(index)
        self._note_at(cover, line.number, line.text)

    def _note_at(self, cover: ReadmeCover, number: int, excerpt: str) -> None:
        earlier = self.found.get(cover)
        if earlier is None or (0 < number < earlier.line):
            self.found[cover] = ReadmeEvidence(cover, number, L.excerpt(excerpt))

    # --- where a line stands ----------------------------------------------------------------

    def _names_of(self, number: int) -> frozenset[ReadmeCover]:
        """The covers a section's heading names (none for a title)."""
        if number not in self._names:
            section = self.doc.sections[number]
            self._names[number] = frozenset() if section.is_title else L.heading_covers(section)
        return self._names[number]

    def _chain(self, index: int) -> Iterator[tuple[int, Section]]:
        owner = self.doc.owner[index]
        while owner >= 0:
            section = self.doc.sections[owner]
            yield owner, section
            owner = section.parent

    def _topic(self, index: int) -> frozenset[ReadmeCover]:
        """The covers named by the nearest enclosing heading that names any (read once per
        section). A set-up heading reaches no further than its own body: a subsection of its
        own ("# Setup" > "### Editing with `edit.py`") holds what the README does once set up."""
        owner = self.doc.owner[index]
        if owner not in self._topics:
            topic: frozenset[ReadmeCover] = frozenset()
            for depth, (number, _) in enumerate(self._chain(index)):
                names = self._names_of(number) & frozenset(_TASKS)
                if names:
                    topic = frozenset() if depth and names == {C.INSTALL} else names
                    break
            self._topics[owner] = topic
        return self._topics[owner]

    def _ignored(self, index: int) -> bool:
        """A title line, or a line in an acknowledgement section (read once per section)."""
        owner = self.doc.owner[index]
        if owner not in self._unthanked:
            chain = self._chain(index)
            self._unthanked[owner] = not any(self._thanks(number) for number, _ in chain)
        return not self._unthanked[owner] or index in self._title_lines

    def _acknowledging(self, index: int) -> bool:
        """A line in an acknowledgement section."""
        return any(self._thanks(number) for number, _ in self._chain(index))

    def _thanks(self, number: int) -> bool:
        """Whether section `number` is an acknowledgement, read once per section."""
        if number not in self._acknowledgements:
            self._acknowledgements[number] = L.is_acknowledgement(self.doc.sections[number].title)
        return self._acknowledgements[number]

    def _own(self, number: int, cover: ReadmeCover) -> Iterator[tuple[int, Line]]:
        """The body lines of section `number` that no subsection naming another task claims.
        A quick start keeps its evaluation steps: running the released model is using it."""
        section = self.doc.sections[number]
        claimers = frozenset(_TASKS) - {cover}
        if cover == C.USAGE and _GENERAL_USE.search(section.title):
            claimers = frozenset({C.INSTALL, C.TRAIN, C.DATA})
        for index in range(section.index + 1, section.end):
            claimed = False
            for inner, _ in self._chain(index):
                if inner == number:
                    break
                if self._names_of(inner) & claimers and cover not in self._names_of(inner):
                    claimed = True
                    break
            if not claimed and not self._ignored(index):
                yield index, self.doc.lines[index]

    # --- rules on single lines --------------------------------------------------------------

    def _line_rules(self, index: int, line: Line) -> None:
        text = line.text
        promise = self.promises[index]
        if not promise and not self._continues(index):
            for command in L.commands(self._joined(index)):
                self._command_rules(index, line, command)
            if not line.is_code:
                self._prose_rules(index, line)
        if W.BIBTEX_ENTRY.match(text) or (line.code_lang or "").startswith("@"):
            title = L.bibtex_title(self.doc.lines[index : index + 16])
            whose = O.whose_entry(title, self._introduction(index), self.identity)
            self._claim(C.CITATION, whose, index, work=title if whose is Whose.OTHER else None)
            if whose is Whose.OWN:  # a BibTeX of only another work asks no one to cite this
                self._note(C.CITATION, index)
                self._own_entries = True
            else:
                self._other_entries.add(index)
            if title and len(self.entries) < MAX_CLAIMS:
                self.entries.append((line, title))
            if title and title not in self.titles and len(self.titles) < MAX_TITLES:
                self.titles.append(title)
        if (
            W.CITE_REQUEST.search(text)
            and not O.credits_other(text)
            and self._reference_near(index)
        ):
            self._note(C.CITATION, index)
        self._links(index, line)

    def _links(self, index: int, line: Line) -> None:
        for clause in L.clauses(line.text):
            for url in clause.urls[: L.LINKS_PER_LINE]:
                self._link(index, line, url, self.promises[index], clause)

    def _command_rules(self, index: int, line: Line, command: str) -> None:
        covers, runs = L.script_covers(command)  # read once: the rules below narrow `covers`
        for cover, pattern in W.COMMANDS.items():
            if not pattern.search(command):
                continue
            if cover is C.USAGE and covers & _STEPS:
                continue  # `python -m eval.gsm8k`: a module named for its step runs that step
            if cover is not C.WEIGHTS or self._own_download(index, command):
                self._note(cover, index)
        if L.HELP.search(command):
            return  # listing a tool's options is not running it
        purpose = self._purpose(index) if runs else frozenset()
        # A script named for inference or a demo is a use even where evaluation is the topic.
        for_use = bool(runs) and L.named_for_use(command)
        topic = self._topic(index)
        if purpose and not covers & {C.INSTALL, C.DATA}:
            # The sentence says what a generically named script (`train_net.py`) is run for.
            dropped = {C.TRAIN, C.USAGE} if C.USAGE in purpose else {C.USAGE}
            if (
                purpose == {C.USAGE}
                and not W.COMMANDS[C.EVALUATE].search(command)
                # Under a heading joining both ("Test & Inference"), `test.py` still tests.
                and not {C.EVALUATE, C.USAGE} <= topic
            ):
                # "To generate images, run `test.py`": the sentence names a use, the script's
                # name no more than the step it was written for.
                dropped.add(C.EVALUATE)
            if for_use and purpose == {C.EVALUATE}:
                dropped = set()
            covers = set(purpose) | (covers - dropped)
        # Unless its sentence says it is a use, a "Training" section decides what a script is.
        if (
            C.USAGE in covers
            and topic & _NOT_USE
            and C.USAGE not in topic
            and purpose != {C.USAGE}
            and not (for_use and topic <= {C.EVALUATE})
        ):
            covers.discard(C.USAGE)
        for cover in covers:
            self._note(cover, index)
        if C.EVALUATE in covers and W.CHECKPOINT_ARGUMENT.search(command):
            self._checkpoint_runs.append(index)
        if C.EVALUATE in covers and not self._evaluation_runs:
            self._evaluation_runs.append(index)
        produces = runs and self._produces(
            index, covers, purpose | ({C.USAGE} if for_use else set())
        )
        if produces or W.COMMANDS[C.EVALUATE].search(command):
            self._producing.append(index)
        if produces and C.EVALUATE not in covers:
            self._note(C.EVALUATE, index)
        given = line.is_code or L.given_command(line.text) is not None
        if runs and not covers and given and not topic & _NOT_USE and not self._settings(index):
            self._note(C.USAGE, index)  # a tool or pipeline run end to end
        elif (
            not runs
            and line.is_code
            and re.search(r"\w\(", command)
            and "=" in command
            and L.runs(command)
            and C.USAGE in self._purpose(index)
        ):
            self._note(C.USAGE, index)  # the model called from Python

    def _settings(self, index: int) -> bool:
        """Whether line `index` stands in a section about settings ("Hyperparameter
        configuration", "Arguments"), whose commands show a flag rather than run the tool."""
        nearest = next((section for _, section in self._chain(index)), None)
        return nearest is not None and bool(_SETTINGS_HEADING.search(nearest.title))

    def _produces(self, index: int, covers: set[ReadmeCover], said: frozenset[ReadmeCover]) -> bool:
        """Whether a command produces numbers: it evaluates by its script's name, flags or
        sentence, or it runs in an evaluation or results section ("Run the experiments") and
        nothing (`said`: its sentence, a name for a use) makes it a set-up, training, data or
        use step there."""
        if C.EVALUATE in covers:
            return True
        if (covers | said) & {C.INSTALL, C.TRAIN, C.DATA} or C.USAGE in said:
            return False
        for number, _ in self._chain(index):  # the nearest heading naming a step or results
            names = self._names_of(number) & {*_TASKS, C.RESULTS}
            if names:
                return bool(names & {C.EVALUATE, C.RESULTS})
        return False

    def _continues(self, index: int) -> bool:
        """A code line that a trailing backslash above makes part of an earlier command."""
        above = self.doc.lines[index - 1] if index else None
        return bool(above and above.is_code and above.text.rstrip().endswith("\\"))

    def _joined(self, index: int) -> Line:
        """A code line with the lines its trailing backslashes continue it onto."""
        line = self.doc.lines[index]
        if not line.is_code or not line.text.rstrip().endswith("\\"):
            return line
        parts = [line.text.rstrip().rstrip("\\")]
        for later in self.doc.lines[index + 1 : index + 30]:
            if not later.is_code or sum(map(len, parts)) > MAX_COMMAND_CHARS:
                break
            parts.append(later.text.strip().rstrip("\\"))
            if not later.text.rstrip().endswith("\\") and later.text.strip():
                break
        return Line(line.number, " ".join(parts), code_lang=line.code_lang)

    def _block_start(self, index: int) -> int:
        """The first line of the code block holding line `index` (cached: linear overall)."""
        if index in self._starts:
            return self._starts[index]
        start = index
        while start > 0 and self.doc.lines[start - 1].is_code:
            start -= 1
            if start in self._starts:
                start = self._starts[start]
                break
        self._starts[index] = start
        return start

    def _purpose(self, index: int) -> frozenset[ReadmeCover]:
        """What the sentence introducing a command says it is for: a comment just above it in
        its code block, or the sentence before the block ("To evaluate:", "To use the trained
        model:")."""
        lines = self.doc.lines
        line = lines[index]
        if not line.is_code:
            said = L.purpose_of(line.text)
            if W.TABLE_ROW.match(line.text):
                said |= self._column_step(index)
                header = self._table_header(index)
                if said or header is None or not L.given_command(line.text):
                    return said
                return self._said_above(header - 1)  # "To train on each dataset:" over the table
            if said or not L.given_command(line.text):
                return said
            # A command on a line of its own (`<pre>bash run.sh</pre>`, "- `bash run.sh`", "Run
            # `bash run.sh`."): its sentence is above.
            return self._said_above(index - 1)
        # Its own trailing comment says it first (`bash run.sh  # all baselines`).
        trailing = W.TRAILING_COMMENT.search(line.text)
        said = L.purpose_of(trailing.group(1)) if trailing else frozenset()
        if said:
            return said
        above = index - 1
        while above >= max(0, index - 20) and lines[above].is_code:
            text = lines[above].text.strip()
            if text.startswith(("#", "//")):
                return L.purpose_of(text)
            if text and not text.endswith("\\") and not text.startswith("-"):
                break  # another command of the block: its own introduction does not reach here
            above -= 1
        top = self._block_start(index)
        if above >= top:
            above = top - 1
        return self._said_above(above) or self._said_below(index)

    def _said_below(self, index: int) -> frozenset[ReadmeCover]:
        """What the sentence just below the code block holding line `index` says the block does,
        when it speaks of it ("This will launch the evaluation.", "The above command trains…")."""
        end = self._block_end(index)
        for below in self.doc.lines[end : end + 3]:
            if below.is_blank:
                continue
            if below.is_code or below.is_heading or not _BACK_REFERENCE.match(below.text):
                return frozenset()
            return L.purpose_of(below.text)
        return frozenset()

    def _block_end(self, index: int) -> int:
        """The line after the code block holding line `index` (each block scanned once)."""
        start = self._block_start(index)
        if start not in self._ends:
            end = start
            while end < len(self.doc.lines) and self.doc.lines[end].is_code:
                end += 1
            self._ends[start] = end
        return self._ends[start]

    def _said_above(self, above: int) -> frozenset[ReadmeCover]:
        """What the sentence ending at or just above line `above` says a command is for."""
        lines = self.doc.lines
        for at in range(above, max(-1, above - 3), -1):
            earlier = lines[at]
            if not earlier.is_blank and not earlier.is_code:
                purpose = L.purpose_of(earlier.text)
                if not purpose and not earlier.is_heading and _is_label(earlier.text):
                    # "- Dataset A" names one of the commands a sentence above introduces.
                    return self._label_above(at)
                if purpose or earlier.is_heading or not earlier.text.rstrip().endswith(_COLONS):
                    return purpose
                # "Edit the config, then run:" says nothing of the step: the label line just
                # above it may ("Training and testing:").
                return self._label_above(at)
        return frozenset()

    def _column_step(self, index: int) -> frozenset[ReadmeCover]:
        """The step named by the header of the column holding a table row's command
        ("| Dataset | Evaluation command |" over "| COCO | `bash scripts/coco.sh` |")."""
        header = self._table_header(index)
        if header is None or header == index:
            return frozenset()
        names = [cell.strip() for cell in L.raw_cells(self.doc.lines[header].text)]
        cells = L.raw_cells(self.doc.lines[index].text)
        steps: set[ReadmeCover] = set()
        for name, cell in zip(names, cells, strict=False):
            if "`" in cell or L.standalone_command(cell):
                steps |= L.heading_covers_of(name) & {C.TRAIN, C.EVALUATE, C.USAGE}
        return frozenset(steps)

    def _table_header(self, index: int) -> int | None:
        """The first row of the table holding row `index` (cached: linear overall)."""
        if index in self._headers:
            return self._headers[index]
        lines = self.doc.lines
        start = index
        while (
            start > 0 and not lines[start - 1].is_code and W.TABLE_ROW.match(lines[start - 1].text)
        ):
            start -= 1
            if start in self._headers:
                found = self._headers[start]
                self._headers[index] = found
                return found
        self._headers[index] = start
        return start

    def _label_above(self, index: int) -> frozenset[ReadmeCover]:
        """What a line ending with a colon, just above line `index`, says."""
        for earlier in self.doc.lines[max(0, index - 3) : index][::-1]:
            if earlier.is_code or earlier.is_heading:
                break
            if not earlier.is_blank:
                text = earlier.text.rstrip()
                return L.purpose_of(text) if text.endswith(_COLONS) else frozenset()
        return frozenset()

    def _prose_rules(self, index: int, line: Line) -> None:
        text = line.text
        said = plain(text)  # asked by several rules below: cut once
        topic = self._topic(index)
        if W.INSTALL_PROSE.search(said):
            self._note(C.INSTALL, index)
        if self._stack is None and W.INSTALL_STACK.search(said):
            self._stack = index
        if W.SUBMIT_FOR_SCORES.search(text):
            self._note(C.EVALUATE, index)
        flag = W.STEP_FLAG.search(text)
        if flag:
            self._note(C.TRAIN if re.search("train|finetune", flag["flag"]) else C.EVALUATE, index)
        if (
            C.WEIGHTS not in topic
            and not W.TABLE_ROW.match(text)
            and (L.says_data(text) or self._data_link_below(index))
        ):
            self._note(C.DATA, index)
        # Trained weights said to be in a file or folder of the repository; "weights" with
        # "can be found" or "are included" say it without the word "trained".
        # In a training section, where trained models are saved is where the reader's run
        # writes them ("checkpoints are saved under `ckpt/`"), not weights given.
        trained = _TRAINED.search(text) and not (C.TRAIN in topic and W.RUN_OUTPUT.search(text))
        if (
            _WEIGHTS_NOUN.search(text)
            and ((trained and W.WEIGHTS_PLACE.search(text)) or W.WEIGHTS_PRESENT.search(text))
            and (W.FILE_REFERENCE.search(text) or W.FOLDER.search(text))
            and self._whose_weights(index, said) is Whose.OWN
        ):
            self._note(C.WEIGHTS, index)
        script = L.NAMED_SCRIPT.search(text)
        if script and not L.HELPER_MODULE.search(text):
            words = re.sub(r"`[^`]*`", " ", L.without_urls(text))
            for cover, verb in ((C.TRAIN, L.TRAIN_VERB), (C.EVALUATE, L.EVAL_VERB)):
                if verb.search(words):
                    self._note(cover, index)
            # "`app.ipynb` - a demo of the model": a use, outside the steps' own sections.
            if L.USE_VERB.search(words) and not topic & _NOT_USE:
                self._note(C.USAGE, index)
            # "To run it, check `tools/test_codec.py`": the script pointed at is named for its step.
            pointed = L.NAMED_SCRIPT.search(L.without_urls(text))  # a link to a file runs nothing
            if pointed and L.RUN_POINTER.search(words):
                named, _ = L.script_covers(f"python {pointed.group(0)}")
                for cover in named & {C.TRAIN, C.EVALUATE}:
                    self._note(cover, index)
                # "Use `scripts/tokenize_dataset.py` to convert the raw data": a script run on
                # the data, not a module the code reads it with (`datasets.py`).
                if C.DATA in named and L.DATA_SCRIPT_ACTION.search(words):
                    self._note(C.DATA, index)
        for label, target in L.doc_links(text):
            if W.STEP_CODE_LINK.search(label) and code_repository(target) is not None:
                # The step's code in a repository of its own is where to run that step.
                for cover in L.heading_covers_of(label) & {C.TRAIN, C.EVALUATE, C.USAGE}:
                    self._note(cover, index)
            if L.is_guide(target):
                guided = L.guide_covers(label, target)
                for cover in guided & frozenset(_TASKS):
                    # A model card of a model a results row compares against is another's.
                    if cover is C.WEIGHTS and self._whose_linked(index, said, target):
                        continue
                    self._note(cover, index)
                if (
                    not guided
                    and L.is_notebook(target)
                    and not topic & _NOT_USE
                    and not L.purpose_of(f"{said} {L.file_words(target)}") - {C.USAGE}
                ):
                    # A notebook naming no step, nor said to do one, is the code run by hand,
                    # cell by cell: a use.
                    self._note(C.USAGE, index)

    def _data_link_below(self, index: int) -> bool:
        """A sentence introducing the data's place ("The data can be downloaded from:") with
        the link on the next line said (a list item, a code block)."""
        text = self.doc.lines[index].text.rstrip()
        if not text.endswith(_COLONS) or not L.locates_data(text):
            return False
        following = self.doc.lines[index + 1 : index + 4]
        below = next((line for line in following if not line.is_blank), None)
        return below is not None and bool(L.urls(below.text))

    def _reference_near(self, index: int) -> bool:
        """A reference (BibTeX, a paper link, an author–year line) on the line or just below."""
        lines = self.doc.lines[index : index + 16]
        for offset, line in enumerate(lines):
            if W.BIBTEX_ENTRY.match(line.text) or (line.code_lang or "").startswith("@"):
                return True
            if offset <= 5 and (W.PAPER_LINK.search(line.text) or W.REFERENCE.search(line.text)):
                return True
            if offset <= 3 and L.urls(line.text) and not self.promises[index + offset]:
                return True
        return False

    def _cites_as_heading(self, index: int, line: Line) -> bool:
        """A heading asking to cite ("# If you use this code, please cite the paper") with its
        reference just below or above it."""
        return (
            bool(W.CITE_REQUEST.search(line.text))
            and not self._ignored(index)
            and (self._reference_near(index) or self._reference_above(index))
        )

    def _reference_above(self, index: int) -> bool:
        """An author–year reference or a paper link in the few lines above."""
        return any(
            W.PAPER_LINK.search(line.text) or W.REFERENCE.search(line.text)
            for line in self.doc.lines[max(0, index - 6) : index]
            if not line.is_heading
        )

    def _link(self, index: int, line: Line, url: str, promise: bool, clause: L.Clause) -> None:
        """Classify one link of line `index` (`auditor.readme.artifacts`), noting the covers a
        weights or data link gives."""
        said = self._line_words(index, line)
        kinds = (
            frozenset()
            if is_hosted_environment(url) or A.about_other_works(said.section)
            else self._artifact_kinds(index, clause, url)
        )
        if (
            not kinds
            and artifact_host(url) is not None
            and A.column_kinds(self._column(index, url)) is None  # a "Log" column's is none
            and not self._named_other(index, url)
        ):
            kinds = self._kinds_before(index)
        # A share of a run's outputs ("Our predictions on the test split: [Drive](…)") is no data.
        if C.DATA in kinds and artifact_host(url) != "data" and self._outputs(line, url, clause):
            kinds -= {C.DATA}
        # Nor are a run's generations weights ("The generations of every model: [Drive](…)").
        if (
            C.WEIGHTS in kinds
            and artifact_host(url) != "weights"
            and not is_weights_file(url)
            and self._outputs(line, url, clause, before_weights=True)
        ):
            kinds -= {C.WEIGHTS}
        # Another work's dataset shown as the format one's own data takes is not the data.
        if C.DATA in kinds and A.shown_as_example(plain(clause.words), said.section, said.words):
            kinds -= {C.DATA}
        others = (
            C.WEIGHTS in kinds
            and not promise
            and (
                self._whose_linked(index, plain(clause.words), url)
                or self._mirrors_others(index, line, url, clause)
                or self._in_input_column(index, url)
            )
        )
        whose = Whose.OTHER if others else Whose.OWN
        context = A.DataContext.NONE
        if not kinds and not A.about_other_works(said.section):
            context = self._data_context(index, line, url, clause)
        kind = A.kind_of(url, kinds, whose, context=context)
        self._classify(index, url, kind, clause, whose, promise, by_context=not kinds)
        if promise:
            return
        for cover in kinds:
            if cover is not C.WEIGHTS or whose is Whose.OWN:
                self._note(cover, index)
        if (
            is_hosted_environment(url)
            and not self._topic(index) & _NOT_USE
            and _TRY_IT.search(L.without_urls(line.text))
        ):
            # "Open in Colab", "try the demo": the way to run the code without installing it
            # (a leaderboard's Space, a notebook another project used, are not).
            self._note(C.USAGE, index)

    def _in_input_column(self, index: int, url: str) -> bool:
        """A model in a table column of what a row's model is built from ("Base Model"):
        another work's (claim recorded)."""
        if not A.input_column(self._column(index, url)):
            return False
        self._claim(C.WEIGHTS, Whose.OTHER, index, url=url)
        return True

    def _named_other(self, index: int, url: str) -> bool:
        """Whether a link's own text names something else than weights or data, as a table
        column's header would ("[log](…)", "[config](…)", "[paper](…)")."""
        text = plain(A.link_text(self.doc.lines[index].text, url))
        return A.column_kinds(text.strip(" *_`'\"()[]:.,!?")) == frozenset()

    def _outputs(
        self, line: Line, url: str, clause: L.Clause, *, before_weights: bool = False
    ) -> bool:
        """Whether a link's words name a run's outputs before any data (or weights), its text
        naming none."""
        text = plain(A.link_text(line.text, url))
        names = W.WEIGHTS_WORDS if before_weights else W.DATA_WORDS
        return not names.search(text) and A.names_outputs(
            plain(clause.words), before_weights=before_weights
        )

    def _data_context(self, index: int, line: Line, url: str, clause: L.Clause) -> A.DataContext:
        """What the words around a link of no artifact host say of data (`artifacts.data_context`):
        a bare line's (only links) and a download command's are the sentence introducing it."""
        words = plain(clause.words)
        bare = not words.strip(_NOT_WORDS)
        said = self._line_words(index, line)
        return A.data_context(
            words,
            url,
            introduction=said.introduction if bare or said.introduced else "",
            link_text=plain(A.link_text(line.text, url)),
            line_words=said.words,
            own_words=not clause.lent and not bare,
            alone=said.alone,
            data_section=said.data_section,
            section=said.section,
            downloading=said.downloading,
            line_text=line.text,
        )

    def _line_words(self, index: int, line: Line) -> _LineWords:
        """What line `index` says around its links, read once for all of them."""
        if self._said is None or self._said[0] != index:
            downloading = line.is_code and L.downloads(line.text)
            section = next((s.title for _, s in self._chain(index) if not s.is_title), "")
            said = _LineWords(
                words=plain(L.without_urls(line.text)),
                # Its end: the words nearest the line (an introduction is a sentence, not a page).
                introduction=plain(L.without_urls(self._introduction(index)))[-L.CLAUSE_CHARS :],
                introduced=downloading or L.only_links(line.text),
                alone=len(L.urls(line.text)) == 1,
                # A heading's own section is the heading: its words are the clause's already.
                data_section=not line.is_heading and C.DATA in self._topic(index),
                section=plain(section),
                downloading=downloading,
            )
            self._said = (index, said)
        return self._said[1]

    def _classify(
        self,
        index: int,
        url: str,
        kind: ArtifactKind,
        clause: L.Clause,
        whose: Whose,
        promised: bool,
        *,
        by_context: bool,
    ) -> None:
        section = next((s.title for _, s in self._chain(index) if not s.is_title), "")
        link = ArtifactLink(
            url,
            kind,
            self.doc.lines[index].number,
            L.excerpt(clause.text),
            plain(section),
            whose,
            promised,
            by_context,
        )
        if len(self.artifacts) < MAX_ARTIFACTS and link not in self._classified:
            self._classified.add(link)
            self.artifacts.append(link)

    def _mirrors_others(self, index: int, line: Line, url: str, clause: L.Clause) -> bool:
        """A link right beside another work's weights on its line, nothing between them but a
        bar, a slash or "or", is a mirror of them ("[[Releases](…) | [OneDrive](…)]"): another
        work's too; so is another model fetched with them (`_fetched_beside`)."""
        earlier = self.artifacts[-1] if self.artifacts else None
        if earlier is None or earlier.line != line.number or earlier.whose is not Whose.OTHER:
            return False
        if O.holder(url) is not None or W.TABLE_ROW.match(line.text):
            return False  # a model's holder says whose it is; a table's cells are no mirrors
        text = line.text
        start = text.find(earlier.url)
        at = text.find(url, start + len(earlier.url)) if start >= 0 else -1
        name = A.link_text(text, url)
        between = text[start + len(earlier.url) : at] if at >= 0 else "-"
        between = between.replace(name, " ", 1) if name else between
        if not _MIRROR_GAP.fullmatch(between) and not self._fetched_beside(between, clause, name):
            return False
        self._claim(C.WEIGHTS, Whose.OTHER, index, url=url)
        return True

    def _fetched_beside(self, between: str, clause: L.Clause, name: str) -> bool:
        """A model listed with another work's in one fetch ("Download the [SAM model](…) and
        [SegNet model](…)"), nothing saying it is ours: its words or its name the work's
        ("and [our checkpoint](…)", "and [FancyNet weights](…)") make it the paper's."""
        if not _SIBLING_GAP.fullmatch(between) or O.says_own(plain(clause.words)):
            return False
        named = O.name_words(plain(name))
        return not named & (self._own_names | O.name_words(self.repository or ""))

    def _kinds_before(self, index: int) -> frozenset[ReadmeCover]:
        """What the link before on line `index` was by its own words, for a file share whose
        clause says nothing ("the weights trained on [A](…) (code: x) and [B](…) (code: y)")."""
        earlier = self.artifacts[-1] if self.artifacts else None
        if earlier is None or earlier.line != self.doc.lines[index].number or earlier.by_context:
            return frozenset()
        return _COVER_OF.get(earlier.kind, frozenset())

    def _artifact_kinds(self, index: int, clause: L.Clause, url: str) -> frozenset[ReadmeCover]:
        """Weights, data or both, by what the link's host holds and, for file shares,
        collections and release pages, by the words that go with it and its section."""
        host = artifact_host(url)
        weights_file = is_weights_file(url)
        if (host is None and not weights_file) or A.is_picture(url):
            return frozenset()  # a badge's or a logo's own picture is no download
        if host not in ("data", "weights") and self._named_other(index, url):
            return frozenset()  # "[log](…)", "[config](…)": a share of no weights nor data
        column = self._column(index, url)
        key = (index, clause, host, weights_file, ".whl" in url, column)
        if key not in self._kinds:  # links sharing their words share the verdict
            # In a table, the column's header says what its cells are before the section does
            # ("| Model | Top-1 | Checkpoint |" under "Results"; a "Log" column's share is none).
            said = A.column_kinds(column)
            if said is not None and host not in ("data", "weights", "space"):
                own = L.artifact_kinds(clause, url, host, frozenset(), "")
                self._kinds[key] = own or said
            else:
                titles = " ".join(s.title for _, s in self._chain(index))
                self._kinds[key] = L.artifact_kinds(clause, url, host, self._topic(index), titles)
        return self._kinds[key]

    def _column(self, index: int, url: str) -> str:
        """The header of the table column holding the link to `url` on line `index`, or ""."""
        lines = self.doc.lines
        if not W.TABLE_ROW.match(lines[index].text):
            return ""
        top = index
        if index in self._table_tops:
            top = self._table_tops[index]
        else:
            while top > 0 and W.TABLE_ROW.match(lines[top - 1].text):
                top -= 1
                if top in self._table_tops:
                    top = self._table_tops[top]
                    break
            self._table_tops[index] = top
        if top == index or top + 1 >= len(lines):
            return ""
        if not W.PIPE_SEPARATOR.match(lines[top + 1].text):
            return ""
        return A.column_of(lines[top].text, lines[index].text, url)

    # --- rules on sections ------------------------------------------------------------------

    def _section_rules(self, number: int, section: Section) -> None:
        for cover in self._names_of(number):
            if self._has_substance(number, section, cover):
                self._note(cover, section.index)

    def _has_substance(self, number: int, section: Section, cover: ReadmeCover) -> bool:
        if cover == C.INSTALL and (
            W.INSTALL_PROSE.search(section.title) or W.INSTALL_HEADING.search(section.title)
        ):
            return True  # "Install the requirements": the heading is the instruction
        own = list(self._own(number, cover))
        said = [(i, line) for i, line in own if not line.is_blank]
        if not said:
            return False
        promises = [line for i, line in said if self.promises[i]]
        kept = [(i, line) for i, line in said if not self.promises[i]]
        if cover == C.RESULTS:
            return self._shows_results(kept, section.index)
        if cover == C.CITATION:
            entries = [
                i
                for i, line in kept
                if W.BIBTEX_ENTRY.match(line.text) or (line.code_lang or "").startswith("@")
            ]
            if entries and all(i in self._other_entries for i in entries):
                return False  # only other works' BibTeX: nothing asks to cite this one
            return L.cites(kept, references_only=L.is_references(section.title))
        code = [line for _, line in kept if line.is_code and L.runs(line.text)]
        links = [line for _, line in kept if "](" in line.text or L.urls(line.text)]
        if cover == C.INSTALL:
            if _AMBIGUOUS_INSTALL.search(section.title) and not W.INSTALL_PROSE.search(
                section.title
            ):
                return any(
                    W.COMMANDS[C.INSTALL].search(line.text) or W.INSTALL_PROSE.search(line.text)
                    for _, line in kept
                )
            # Bare step names ("Install the dependencies", "Set up the environment") say no
            # more than the heading: a command, a link, a file, a version or a named package
            # must say what to install.
            return bool(code or links) or any(
                line.is_code or W.INSTALL_NAMED.search(line.text) for _, line in kept
            )
        if cover == C.USAGE:
            # Evaluating is using when the model run is the released one.
            # "The trained model" after a training command is the reader's own, not released.
            trains = any(
                line.is_code and C.TRAIN in L.script_covers(line.text)[0] for _, line in kept
            )
            names_released = bool(W.RELEASED_MODEL.search(plain(section.title))) or any(
                not (trains and _YOURS.match(found.group(0)))
                for _, line in kept
                for found in W.RELEASED_MODEL.finditer(plain(line.text))
            )
            allow_eval = (
                bool(_USE_HEADING.search(section.title) or _QUICK.search(section.title))
                or C.WEIGHTS in self.found
                or names_released
            )
            # Fine-tuning the released pre-trained model on one's own task is how a
            # pre-training paper is used.
            if (
                names_released
                and _GENERAL_USE.search(section.title)
                and any(line.is_code and _FINE_TUNE.search(line.text) for _, line in kept)
            ):
                return True
            return any(
                (
                    not self._continues(i)
                    and L.is_use(self._joined(i), allow_eval=allow_eval, purpose=self._purpose(i))
                )
                or any(
                    L.is_guide(target) and C.USAGE in L.guide_covers(label, target)
                    for label, target in L.doc_links(line.text)
                )
                or (not line.is_code and L.points_to_use(line.text, allow_eval=allow_eval))
                for i, line in kept
            ) or any(is_hosted_environment(url) for line in links for url in L.urls(line.text))
        if cover in (C.TRAIN, C.EVALUATE):
            # Code introduced as something else ("To generate images:") is not this step.
            # (A command alone on a line of prose, "- `python run.py`", is given as a block's.)
            steps = [
                line
                for i, line in kept
                if L.runs(line.text if line.is_code else L.given_command(line.text) or "")
                and (not self._purpose(i) or cover in self._purpose(i))
            ]
            # Links to weights or data files are downloads ("Fine-tuned models" over a table
            # of checkpoints), not instructions for this step.
            guides = [
                line
                for line in links
                if L.links_out(line.text)
                and not L.artifacts_only(line.text)
                and not L.projects_only(line.text)
            ]
            # A table's cells name files (a model zoo's configs) as often as scripts to run: a
            # row counts when a cell gives a command ("| MMLU | `bash scripts/mmlu.sh` |").
            return bool(steps or guides) or any(
                (W.SCRIPT_REFERENCE.search(line.text) and not W.TABLE_ROW.match(line.text))
                or (W.TABLE_ROW.match(line.text) and any(map(L.runs, L.commands(line))))
                for _, line in kept
                if not line.is_code
            )
        if cover == C.WEIGHTS:
            return any(
                (L.links_out(line.text) or L.downloads(line.text)) and self._offers_own(i, line)
                for i, line in kept
            )
        if cover == C.DATA:
            if any(W.NOT_AVAILABLE.search(line.text) for _, line in said):
                return False
            # Setting up the environment under a "Code and data" heading gets no data.
            steps = [
                line for _, line in kept if line.is_code and not W.ENVIRONMENT_STEP.match(line.text)
            ]
            if promises and not any(L.links_out(line.text) for _, line in kept):
                # A dataset promised for later: what is given now is a step to prepare one's own
                # (a command, the format it must have), not a path or a sentence.
                return bool(steps)
            usable = steps + [
                line
                for _, line in kept
                if not line.is_code
                and not W.NOT_AVAILABLE.search(line.text)
                and (
                    L.links_out(line.text)
                    or W.FILE_REFERENCE.search(line.text)
                    or (W.DATA_ACTION.search(line.text) and word_count(line.text) >= 4)
                )
            ]
            return bool(usable)
        return False

    def _offers_own(self, index: int, line: Line) -> bool:
        """Whether a line of a weights section offers the paper's own weights: its weights links
        decide when it has any (another repository's release is another work's), a command
        fetching a model from the Hub by the model's holder and its introduction
        (`_own_download`), else its words."""
        weights = [
            a.whose for a in self._line_artifacts(line.number) if a.kind is ArtifactKind.WEIGHTS
        ]
        if weights:
            return Whose.OWN in weights
        if line.is_code and W.HUB_MODEL.search(line.text):
            return self._own_download(index, line.text)
        return O.whose_artifact(line.text, repository=None) is Whose.OWN

    def _line_artifacts(self, number: int) -> list[ArtifactLink]:
        if self._by_line is None:
            self._by_line = {}
            for link in self.artifacts:
                self._by_line.setdefault(link.line, []).append(link)
        return self._by_line.get(number, [])

    def _shows_results(self, lines: list[tuple[int, Line]], heading: int) -> bool:
        """A results figure, or a table of measurements, of the paper's own (`ownership`)."""
        texts = [line for _, line in lines]
        if self._whose_results(heading) is Whose.OTHER:
            return False
        if any(not line.is_code and W.IMAGE.search(line.text) for line in texts):
            return True
        return any(
            L.is_results_table(rows) and self._whose_results(lines[at][0]) is Whose.OWN
            for at, rows in L.tables(texts)
        )

    def _metric_tables(self) -> None:
        """Results shown outside a results section (see `readme_lines.results_shown`), and a
        table of measurements in an evaluation section ("Evaluation", "Testing", "Zero-shot
        evaluation"): what the section holds decides, not its heading's word."""
        for index, table in L.results_shown(self.doc.lines):
            # A table of versions in the set-up steps is no result, whatever its header says.
            if (
                not self._ignored(index)
                and not (table and C.INSTALL in self._topic(index))
                and self._whose_results(index) is Whose.OWN
            ):
                self._note(C.RESULTS, index)
                return
        for index, rows in L.tables(list(self.doc.lines)):
            topic = self._topic(index)
            if (
                C.EVALUATE in topic
                and not self._ignored(index)
                and L.is_results_table(rows)
                and self._whose_results(index) is Whose.OWN
            ):
                self._note(C.RESULTS, index)
                return

    # --- whose: the paper's own or another work's (`auditor.readme.ownership`) ---------------

    def _claim(
        self,
        cover: ReadmeCover,
        whose: Whose,
        index: int,
        *,
        url: str | None = None,
        work: str | None = None,
    ) -> None:
        line = self.doc.lines[index]
        claim = ReadmeClaim(cover, whose, line.number, L.excerpt(line.text), url, work)
        if len(self.claims) < MAX_CLAIMS and claim not in self.claims:
            self.claims.append(claim)

    def _whose_weights(self, index: int, words: str, url: str | None = None) -> Whose:
        """Whose a weights link or sentence of line `index` is, its claim recorded."""
        whose = O.whose_artifact(
            words,
            url,
            repository=self.repository,
            own_names=self._own_names,
            in_head=self._in_head(index),
            line=self.doc.lines[index].text,
        )
        self._claim(C.WEIGHTS, whose, index, url=url)
        return whose

    def _in_head(self, index: int) -> bool:
        """Whether line `index` stands in the README's head: its title and what is under it
        before the next heading (the badges, the links it leads with)."""
        nearest = next((number for number, _ in self._chain(index)), None)
        return nearest is None or nearest == self._head

    @functools.cached_property
    def _head(self) -> int | None:
        """The number of the README's title section (`ownership.readme_title`), if any."""
        title = O.readme_title(self.doc.sections)
        return next((n for n, section in enumerate(self.doc.sections) if section is title), None)

    @functools.cached_property
    def _releases_benchmark(self) -> bool:
        """Whether the README's title says the repository releases a benchmark or an
        evaluation toolkit ("FancyBench: …", "A benchmark for …", "… evaluation harness")."""
        head = None if self._head is None else self.doc.sections[self._head]
        return head is not None and bool(_BENCHMARK_TITLE.search(plain(head.title)))

    @functools.cached_property
    def _own_names(self) -> frozenset[str]:
        """The names the README gives its work: its title's words, the paper's name."""
        head = None if self._head is None else self.doc.sections[self._head]
        names = O.name_words(plain(head.title)) if head is not None else set()
        if self.identity is not None:
            for name in (self.identity.name, self.identity.acronym):
                names |= O.name_words(name or "")
        return frozenset(names)

    def _whose_linked(self, index: int, words: str, url: str) -> bool:
        """Whether a weights link of line `index` is another work's: a model a results row
        compares against, or one its words or its holder say is another's (claim recorded)."""
        if L.compared_model(self.doc.lines[index].text, url):
            self._claim(C.WEIGHTS, Whose.OTHER, index, url=url)
            return True
        return self._whose_weights(index, words, url) is Whose.OTHER

    def _own_download(self, index: int, command: str) -> bool:
        """A command fetching a model from the Hub fetches the paper's own weights, unless the
        sentence introducing it or the model's holder says it is another work's ("Download the
        base model:")."""
        model = W.HUB_MODEL.search(command)
        url = f"https://{HUGGINGFACE}/{model.group(1)}" if model else None
        words = f"{self._introduction(index)} {command}"
        return self._whose_weights(index, words, url) is Whose.OWN

    def _whose_results(self, index: int) -> Whose:
        """Whose the results at line `index` are, by the sections holding them; recorded once
        per line."""
        titles = [section.title for _, section in self._chain(index) if not section.is_title]
        # A heading's line above belongs to the section before it.
        introduction = "" if self.doc.lines[index].is_heading else self._introduction(index)
        whose = O.whose_results(titles, introduction)
        self._claim(C.RESULTS, whose, index)
        return whose

    def _introduction(self, index: int) -> str:
        """The words introducing line `index`: a comment above it in its code block, else the
        nearest prose line above its block (within three lines; a line of bare HTML tags, as
        `</summary>` closing a `<details>` title, is stepped over)."""
        lines = self.doc.lines
        if lines[index].is_code:
            for above in range(index - 1, max(-1, index - 20), -1):
                if not lines[above].is_code:
                    break
                if lines[above].text.strip().startswith(("#", "//")):
                    return lines[above].text
            index = self._block_start(index)
        above, left = index - 1, 3
        while above >= 0 and left > 0 and not lines[above].is_code:
            if not lines[above].is_blank and not _BARE_TAGS.fullmatch(lines[above].text):
                return lines[above].text
            left -= not _BARE_TAGS.fullmatch(lines[above].text)
            above -= 1
        return ""

    def _api_uses(self) -> None:
        """A model loaded and run from Python is usage wherever it stands, but in set-up,
        training, data and evaluation sections (whose code is that step) and acknowledgements;
        an evaluation run from Python evaluates wherever it stands."""
        used = evaluated = False
        for positions, block in self._snippets():
            if used and evaluated:
                return
            evaluation = None if evaluated else L.api_evaluation(block)
            if evaluation is not None and not self._ignored(positions[evaluation]):
                self._note(C.EVALUATE, positions[evaluation])
                evaluated = True
            offset = None if used else L.api_use(block)
            at = positions[offset or 0]
            if offset is not None and not self._ignored(at) and not self._topic(at) & _STEPS:
                self._note(C.USAGE, at)
                used = True

    def _models_loaded(self) -> None:
        """Models the README's code loads by name (`artifacts.models_loaded`): the paper's own
        (`ownership.whose_loaded`) give the weights, and those on a hub are weights links of
        their own (`by_name`), asked like the links written; a base model loaded beside them
        is another work's, recorded as such and never checked as the paper's."""
        owners = frozenset(
            held.partition("/")[0]
            for link in self.artifacts
            if link.kind is ArtifactKind.WEIGHTS and link.whose is Whose.OWN and not link.by_context
            if (held := O.holder(link.url)) is not None
        )
        for index, block in self._code_blocks():
            code = "\n".join(line.text for line in block)
            for load in A.models_loaded(code):
                at = index + code.count("\n", 0, load.at)
                if self._ignored(at):
                    continue
                whose = O.whose_loaded(
                    load.holder,
                    plain(self._introduction(at)),
                    repository=self.repository,
                    own_names=self._own_names,
                    own_owners=owners,
                )
                self._claim(C.WEIGHTS, whose, at, url=load.url)
                if whose is not Whose.OWN:
                    continue
                self._note(C.WEIGHTS, at)
                if (url := load.url) is not None:
                    line = self.doc.lines[at]
                    section = next((s.title for _, s in self._chain(at) if not s.is_title), "")
                    link = ArtifactLink(
                        url,
                        ArtifactKind.WEIGHTS,
                        line.number,
                        L.excerpt(line.text),
                        plain(section),
                        by_name=True,
                    )
                    if len(self.artifacts) < MAX_ARTIFACTS and link not in self._classified:
                        self._classified.add(link)
                        self.artifacts.append(link)

    def _code_blocks(self) -> Iterator[tuple[int, Sequence[Line]]]:
        """Each run of code lines, with the index of its first line."""
        lines = self.doc.lines
        index = 0
        while index < len(lines):
            if not lines[index].is_code:
                index += 1
                continue
            end = index
            while end < len(lines) and lines[end].is_code:
                end += 1
            yield index, lines[index:end]
            index = end

    def _snippets(self) -> Iterator[tuple[Sequence[int], Sequence[Line]]]:
        """Each code block, continued by the next block of its section when only a little prose
        stands between (a model loaded in one block and run in the next): the positions of its
        lines in the document, and the lines."""
        blocks = list(self._code_blocks())
        for number, (index, block) in enumerate(blocks):
            positions = list(range(index, index + len(block)))
            lines = list(block)
            if number + 1 < len(blocks):
                following, more = blocks[number + 1]
                end = index + len(block)
                between = self.doc.lines[end:following]
                if (
                    following - end <= _PAIRED_GAP
                    and not any(line.is_heading for line in between)
                    and self.doc.owner[following] == self.doc.owner[index]
                    and more[0].code_lang == block[0].code_lang
                ):
                    taken = more[: L.API_USE_LINES]
                    positions += range(following, following + len(taken))
                    lines += taken
            yield positions, lines

    def _data_layouts(self) -> None:
        """A folder tree of the data's layout is how to prepare it, wherever it stands but in
        acknowledgements and weights sections (a tree of checkpoints)."""
        for index, block in self._code_blocks():
            if (
                L.data_layout(block, functools.partial(self._introduction, index))
                and not self._ignored(index)
                and C.WEIGHTS not in self._topic(index)
            ):
                self._note(C.DATA, index)
                return

    def _results_commands(self) -> ReadmeEvidence | None:
        """The first command producing the results the README shows, when it shows any."""
        if C.RESULTS not in self.found or not self._producing:
            return None
        line = self.doc.lines[self._producing[0]]
        return ReadmeEvidence(C.RESULTS_COMMANDS, line.number, L.excerpt(line.text))

    # --- placeholder, move, reading list ------------------------------------------------------

    def _placeholder(self) -> None:
        if self.root_files:
            if not has_code(self.root_files):
                listing = ", ".join(sorted(self.root_files)[:12])
                self._note_at(C.PLACEHOLDER, 0, f"root holds no code: {listing}")
            return
        promise = L.code_promise(self.doc.lines, self.promises)
        if promise is not None and sum(cover in self.found for cover in _SUBSTANTIVE) < 2:
            self._note(C.PLACEHOLDER, promise)


@dataclass(frozen=True, slots=True)
class _LineWords:
    """What a line says around its links (`artifacts.data_context`'s line-wide inputs)."""

    words: str
    introduction: str
    introduced: bool  # a line of only links or a download command: its introduction speaks
    alone: bool
    data_section: bool
    section: str
    downloading: bool


def _is_label(text: str) -> bool:
    """A short line naming a variant ("- Dataset A", "1. ImageNet"), not a sentence."""
    return word_count(text) <= 4 and not text.rstrip().endswith((*_COLONS, ".", "!", "?"))


def with_readme(
    facts: RepoFacts,
    path: str | None,
    size: int | None,
    text: str,
    *,
    root_files: Sequence[str] = (),
    repository: str | None = None,
    identity: PaperIdentity | None = None,
) -> RepoFacts:
    """`facts` with what its README (at `path`, `size` bytes, read as `text`) says: every host
    adapter and `auditor readme` record it alike. The analysis runs inside the per-link
    boundary: a README it fails on (a bug of ours) is `not_analysed`, the failure said and
    noted (`auditor.containment`), the repository's other facts and its verdict kept."""
    return read_readme(
        facts, path, size, text, root_files=root_files, repository=repository, identity=identity
    )[0]


def read_readme(
    facts: RepoFacts,
    path: str | None,
    size: int | None,
    text: str,
    *,
    root_files: Sequence[str] = (),
    repository: str | None = None,
    identity: PaperIdentity | None = None,
) -> tuple[RepoFacts, ReadmeFacts | None]:
    """`with_readme`, and the whole analysis beside it (None when it failed): what the
    scorecard does not record yet (whose the README and what it gives are) is read there. A
    fork's parent (`facts.parent`) is the upstream project its README may have kept."""
    subject = facts.full_name if path is None else f"{facts.full_name}: {path}"
    analyse = functools.partial(
        analyze_readme,
        text,
        root_files=root_files,
        name=path,
        repository=repository,
        identity=identity,
        upstream=facts.parent if facts.fork else None,
    )
    analysis = guarded(README_ANALYSIS, subject, analyse, None)
    if analysis is None:
        return not_analysed(facts, path, size), None
    analysed = replace(
        facts,
        readme_path=path,
        readme_bytes=size,
        readme_covers=analysis.covers,
        readme_evidence=analysis.evidence,
        artifact_links=analysis.artifact_links,
        readme_moved_to=analysis.moved_to,
        reading_list=analysis.reading_list,
        readme_citation_titles=analysis.citation_titles,
        readme_results_commands=analysis.results_commands,
        readme_words=tuple(sorted(text_words(text))),
        readme_arxiv_ids=O.named_arxiv_ids(text),
        readme_inherited=analysis.inherited,
        readme_weights_promise=analysis.weights_promise,
        readme_withheld=analysis.withheld,
        readme_bare_citation=analysis.bare_citation,
        readme_branch=analysis.branch,
        readme_artifacts=analysis.artifacts,
    )
    return analysed, analysis


async def with_host_readme(
    facts: RepoFacts,
    path: str | None,
    size: int | None,
    text: str,
    *,
    root_files: Sequence[str] = (),
) -> RepoFacts:
    """`with_readme` for a README, card or description a host returned, whatever its size: cut
    to `MAX_README_BYTES` characters before anything reads it, and analysed in a worker thread
    within the run's deadline (`deadline.in_thread`), so that a large one never holds the
    event loop. The deadline falling meanwhile is `OutOfTime`, the caller's to make an
    outcome of."""
    analyse = functools.partial(
        with_readme, facts, path, size, text[:MAX_README_BYTES], root_files=root_files
    )
    return await in_thread(analyse)


def not_analysed(facts: RepoFacts, path: str | None, size: int | None) -> RepoFacts:
    """`facts` with a README (or description) at `path` that could not be analysed: named in
    `skipped` (`README_NOT_ANALYSED`), so that the README-based criteria are unknown, never
    failed."""
    return replace(
        facts, readme_path=path, readme_bytes=size, skipped=(*facts.skipped, README_NOT_ANALYSED)
    )


W.start_patterns(globals())  # every pattern above tested first where its matches start
