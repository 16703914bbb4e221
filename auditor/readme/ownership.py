"""Whose is what a README gives — the paper's own or another work's — and whether the README as a
whole is about another work. Pure functions over text (no I/O); `auditor.readme.analysis` asks
them and puts the answers on `ReadmeFacts` (`claims`, `inherited`).

Whose (`whose_artifact`, `whose_loaded`, `whose_results`, `whose_entry`)
  * A weights link, sentence or download command is another work's when its words say so (a
    base model, a backbone, a teacher, the official or original release, "we use", "provided
    by") and no words tie an artifact to this paper ("our pre-trained models", "(ours)", "we
    release"): an incidental "our" elsewhere in the sentence changes nothing. So is one the
    words present as an input of the method — a tokenizer, the weights a model is initialised
    from, a model pre-processing the data, an off-the-shelf one, the baselines, another work's
    authors' release, what a step requires, a widely reused model named as what is fetched
    ("the SAM checkpoint") that the work's names do not hold — unless the words leading to it on
    its line tie it to this paper ("We release our checkpoints, initialised from X: […](…)"); a
    backbone describing the model ("(Swin-T backbone)") is no input. What the paper's model or
    method uses, needs or is initialised from ("Our model uses the encoder of [X](…)") is an
    input whatever the "our" before it says; so is a component (an encoder, a VAE) named by a
    model's name not the work's ("the pre-trained HRNet encoder"), and a weights file on a file
    host or a server named for a widely reused model (`…/resnet101_faster_rcnn.caffemodel`),
    unless the words say it is ours ("We distribute …"). With the repository known,
    a Hugging Face model or a GitHub release of another owner, whose name shares no word with
    the repository's, named in the steps (set-up, training, evaluation, data), is another
    work's (an input to them) unless the words say it is ours.
  * A model the README's code loads by name (`whose_loaded`) is the paper's own only when its
    holder's owner is the repository's (or holds the README's own weights links) and its name is
    the work's, and no words make it an input: a base model loaded beside it is another work's.
  * A results table is another work's when the sections holding it are about baselines
    ("Baseline results"), not a comparison with them, or the sentence introducing it gives
    another work's numbers ("Results of the baselines:", "as reported by the original authors").
  * A BibTeX entry is another work's when the lines introducing it credit another work ("please
    also cite", "built on", "the original paper"), or, with the paper's title known, when its
    title is not the paper's.

Inherited (`inherited_readme`): conservative, since a README wrongly called another work's loses
its paper every credit. Yes only on evidence naming the README as someone else's:
  * a template: cookiecutter placeholders (`{{ cookiecutter.project_name }}`, `{{ project_name
    }}` in a heading), a heading that is a placeholder ("Project Name", "Your Project Title"),
    or instructions to replace the README ("Edit this README", "Replace this text");
  * an upstream README kept: "Original README" (a heading, or "the original README follows")
    in the first quarter of the README, or a fork notice near the top ("This repository is a
    fork of X", "Forked from X") whose paragraph says nothing of this work (no "we", "our", no
    paper, no change made);
  * a GitHub fork (its parent known) whose README's title names the parent's project and never
    this repository's own name (when the names differ);
  * with the paper's identity known: BibTeX titles or arXiv ids naming works other than the
    paper, and nothing in the README naming it (its name, title, acronym or arXiv id).
No when the README names the paper (with its identity known) or the repository's own name
stands in its title; unknown otherwise. A README that merely does not name the paper, a renamed
project, or one that credits its base model beside its own work is never inherited.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from auditor.links import ARXIV_NUMBER, arxiv_id, github_full_name, is_weights_file, model_holder
from auditor.links.purpose import REUSED_MODEL_FILE_EXTENSIONS
from auditor.models import Inherited, InheritedReadme, Whose
from auditor.readme import words as W
from auditor.readme.lines import excerpt, urls
from auditor.readme.parse import Line, Section, plain
from auditor.readme.titles import same_title, title_words

_I = re.IGNORECASE
TOP_LINES = 30  # a fork notice is read near the top of the README only
_ARXIV_TEXT = re.compile(rf"\barxiv[:\s]*({ARXIV_NUMBER})", _I)

# Sections of another work's results (not a comparison with them).
_BASELINE_TITLE = re.compile(r"\bbaselines?\b", _I)
_OTHER_RESULTS = re.compile(
    r"\b((results?|numbers|scores)\s+(of|from)\s+(the\s+)?(baselines?|original\s+(paper|work)"
    r"|prior\s+work)|baseline\s+results|reported\s+(by|in)\s+(the\s+)?(original|their)"
    r"|(taken|copied)\s+from\s+(the\s+)?(original|their))\b",
    _I,
)
_COMPARED_TITLE = re.compile(r"\b(compar\w*|vs\.?|versus|against|ours?|main)\b", _I)
# Lines introducing a BibTeX entry of another work.
_OTHER_ENTRY = re.compile(
    r"\b(also\s+cite|cite\s+(their|the\s+original)|original\s+(paper|work|authors?)"
    r"|built\s+(up)?on|based\s+on|we\s+(use|adopt|build\s+on)|borrowed|credit\s+to"
    r"|in\s+addition\s+to\s+our)\b",
    _I,
)
_OWN_ENTRY = re.compile(
    r"\bour\s+(\w+\s+)?(paper|work|method|article)\b|\bthis\s+(paper|work|article)\b"
    r"|\bcite\s+us\b",
    _I,
)

# --- templates and upstream READMEs -----------------------------------------------------------
# (A heading's text has lost its underscores as markup: `project_name` reads `project name`.)
_COOKIECUTTER = re.compile(r"\{\{\s*cookiecutter\.[\w ]{1,60}\}\}", _I)
_PLACEHOLDER_VARIABLE = re.compile(
    r"\{\{\s*(project|repo|package|app|module)[_ ]?(name|title|slug)\s*\}\}", _I
)
_PLACEHOLDER_TITLE = re.compile(
    r"^\W*((your|my|the)\s+)?(project|repo(sitory)?|package|app)[\s_-]*(name|title)\W*$"
    r"|^\W*your\s+project\W*$|^\W*(project\s+)?title\s+goes\s+here\W*$",
    _I,
)
_REPLACE_ME = re.compile(
    r"\b((edit|replace|update|customi[sz]e)\s+this\s+(readme|template)"
    r"|replace\s+this\s+(text|section|paragraph)|this\s+(readme\s+)?is\s+a\s+template\s+(readme"
    r"|for\s+your)"
    r"|(delete|remove)\s+this\s+(line|section|paragraph|text)\s+(and|when|before)"
    r"|todo:?\s+(write|add)\s+(a\s+)?(project\s+)?description)\b",
    _I,
)
_ORIGINAL_README = re.compile(
    r"^[^\w\n]*(the\s+)?original\s+readme\b|\boriginal\s+readme\s+(below|follows|of)\b"
    r"|\bbelow\s+is\s+the\s+(original|upstream)\s+readme\b",
    _I | re.M,
)
# A notice that the repository itself is a fork (not that some of its files are).
_FORK_NOTICE = re.compile(
    r"^\W*(forked|a\s+fork)\s+(from|of)\b|\b(this|the)\s+(repository|repo|project|code(base)?)"
    r"\s+(is|was)\s+(a\s+)?(fork(ed)?|copy|mirror)\s+(of|from)\b|\bthis\s+is\s+a\s+fork\s+of\b",
    _I,
)
# A fork notice's paragraph saying something of this work.
_OWN_WORK = re.compile(
    r"\b(we|our|us|paper|this\s+work|modif\w*|extend\w*|add\w*|implement\w*|changes?|changed"
    r"|adapt\w*|support\w*|fix\w*|improv\w*|for\s+(the|our)\b)",
    _I,
)
# Repository-name words that name no project.
_GENERIC_NAME_WORDS = frozenset(
    {"code", "codes", "official", "implementation", "pytorch", "torch", "tensorflow", "jax",
     "project", "repo", "repository", "main", "paper", "release", "public", "research", "src",
     "submission", "supplementary", "demo", "model", "models", "master", "dev", "the", "and",
     "for", "with", "github", "io", "page"}
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class PaperIdentity:
    """What a paper is called, as its list gives it: any of the four may be missing."""

    name: str | None = None
    title: str | None = None
    acronym: str | None = None
    arxiv_id: str | None = None

    def known(self) -> bool:
        return any((self.name, self.title, self.acronym, self.arxiv_id))

    def named_in(self, text: str) -> bool:
        """Whether `text` names the paper: its arXiv id, its acronym or name as a word, or half
        its title's words (two at least) in one line."""
        if self.arxiv_id and self.arxiv_id in text:
            return True
        for word in (self.acronym, self.name):
            if word and len(word) >= 3 and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, _I):
                return True
        words = title_words(self.title or "")
        return bool(words) and any(
            len(words & title_words(line)) >= max(2, len(words) / 2) for line in text.splitlines()
        )


def named_arxiv_ids(text: str) -> tuple[str, ...]:
    """The arXiv ids a README names (`arXiv:2301.04567`, an arxiv.org link), in order."""
    found = [*_ARXIV_TEXT.findall(text), *map(arxiv_id, urls(text))]
    return tuple(dict.fromkeys(i for i in found if i is not None))


# --- whose ------------------------------------------------------------------------------------


# Words presenting weights as an input of the method rather than its result: a tokenizer, the
# weights a model is initialised from, a model that pre-processes the data, an off-the-shelf
# one, the baselines compared with, another work's authors' release, what a step requires.
_DEPENDENCY = W.Screened(
    re.compile(
        r"\btokeni[sz]ers?\b|\binit(iali[sz]\w*)?\s+([\w-]+\s+){0,3}?(from|with)\b"
        r"|\bto\s+initiali[sz]e\b|\b(imagenet|coco|kinetics|laion)[\w-]*[- ]pre-?trained\b"
        r"|\bbaselines?\b|\bcompared?\s+(with|against|to)\b|\bcompeting\s+(methods?|models?)\b"
        r"|\b(released|provided|trained|shared|published)\s+by\s+the\s+authors\b"
        r"|\bauthors\s+of\s+\w|\b(step|demo|script|pipeline|code|it)\s+requires?\b"
        r"|\brequires?\s+(the\s+)?pre-?trained\b|\boff[- ]the[- ]shelf\b"
        r"|\b(for|used\s+(for|in|by|to))\s+(the\s+)?(data\s+)?pre-?process\w*",
        _I,
    ),
    ("token", "init", "trained", "baseline", "compar", "competing", "authors", "requir", "shelf",
     "process"),
)  # fmt: skip
# Another work's model named as what is fetched ("the SAM checkpoint", "the pre-trained CLIP
# ViT-L/14 weights", "the weights of [DINOv2](…)"): widely reused models and backbones, never
# the work's own unless its names hold them.
_REUSED = (
    r"(sam|segment[- ]anything|clip|open[- ]?clip|blip-?2?|dino(v2)?|stable[- ]diffusion"
    r"|sdxl|llama[\w.-]*|vicuna[\w.-]*|mistral[\w.-]*|qwen[\w.-]*|bert|roberta|t5|gpt-?2|vit|mae"
    r"|resnet[\w-]*|swin[\w-]*|convnext[\w-]*|whisper|wav2vec[\w.-]*|hubert|raft|midas|smpl[\w-]*"
    r"|vgg[\w-]*|inception[\w-]*|yolo\w*|i3d|s3d)"
)
_FOUNDATION = W.Screened(
    re.compile(
        r"\b(the|a|an|pre-?trained|official)\s+(pre-?trained\s+)?\[?([\w.-]+[- ])?"
        rf"(?P<fetched>{_REUSED})[\w./-]*(\s+[\w./-]+){{0,2}}?\s+"
        r"(checkpoints?|ckpts?|weights|models?)\b"
        rf"|\b(weights|checkpoints?|ckpts?)\s+of\s+(the\s+)?\[?(?P<owned>{_REUSED})\b",
        _I,
    ),
    ("checkpoint", "ckpt", "weights", "model"),  # what every match holds
)
# A weights file named for a widely reused model ("ViT-B-16.pt", "sam_vit_h.pth"): another
# work's, as its model named in words is, unless the work's names hold it ("fancynet_vit.pth").
# (Plain words read a file name's underscores as spaces: `sam_vit_h.pth` is "sam vit h.pth".)
_REUSED_FILE = re.compile(
    rf"(?<![a-z0-9])(?P<fetched>{_REUSED})(?![a-z])[\w.-]*(\s[\w-]+){{0,2}}?"
    r"\.("
    + "|".join(re.escape(extension[1:]) for extension in REUSED_MODEL_FILE_EXTENSIONS)
    + r")\b",
    _I,
)
# A backbone describing the model's own architecture ("(Swin-T backbone)", "with a ResNet-50
# backbone"), not a backbone to fetch.
_DESCRIBED_BACKBONE = re.compile(
    r"\((?:[^()]*\s)?[\w./-]+[- ]backbones?\)"
    r"|\b((is\s+)?based\s+on|with|using|on)\s+(a|an|the)\s+[\w./-]+(\s+[\w./-]+)?[- ]backbones?\b",
    _I,
)
_BACKBONE = "backbone"
# The paper's model or method using, needing or built on what is linked ("Our model uses the
# speech encoder of [X](…)", "The method is initialised from [Y](…)"): an input, whatever the
# "our" before it says.
_USED_BY_OURS = re.compile(
    r"\b(our|the|this)\s+(?:[\w-]+\s+){0,2}?(models?|method|approach|framework|pipeline"
    r"|system|network|architecture)\s+(uses|relies\s+on|builds?\s+(up)?on|is\s+built\s+(up)?on"
    r"|requires|needs|is\s+initiali[sz]ed\s+(from|with)|starts\s+from|adopts|leverages"
    r"|employs)\b",
    _I,
)
# A component named by another model's name, to fetch ("the pre-trained HRNet encoder", "the
# speech encoder of [WavLM](…)", "the SD-XL VAE"): another work's unless the work's names hold it.
_COMPONENT = W.Screened(
    re.compile(
        r"\b(the|a|an|pre-?trained)\s+(pre-?trained\s+)?(?P<fetched>[\w.-]*[A-Z0-9][\w.-]*)[- ]"
        r"((image|text|speech|audio|vision|visual|video)\s+)?(encoders?|decoders?|vaes?"
        r"|autoencoders?|feature\s+extractors?)\b"
        r"|\b(encoders?|decoders?|vaes?)\s+of\s+(the\s+)?\[?(?P<owned>[\w.-]+)",
        _I,
    ),
    ("coder", "vae", "extractor"),
)
# Names of an architecture or a layer, not of a model another work released.
_ARCHITECTURE_NAME = re.compile(
    r"(transformers?|lstms?|rnns?|cnns?|gnns?|mlps?|conv\w*|u-?net|\d+-layers?|layers?|our|the|this"
    r"|pre-?trained|image|text|speech|audio|vision|visual|video|variational)",
    _I,
)


@functools.lru_cache(maxsize=1024)  # a line's links share their words
def said_of_other(
    words: str, own_names: frozenset[str] = frozenset(), *, leading: str = ""
) -> bool:
    """Words crediting an artifact to another work, with none tying it to this paper; or words
    presenting it as an input of the method (a tokenizer, an initialisation, a baseline, a
    widely reused model named as what is fetched, or a weights file named for one, and not among
    the work's `own_names`) when
    neither they nor the words `leading` to them on their line tie it to this paper ("We release
    our checkpoints, initialised from X: [link]")."""
    used = _USED_BY_OURS.search(words)
    if used is not None and not W.OWN_CUE.search(_USED_BY_OURS.sub(" ", words)):
        return True
    if W.OWN_CUE.search(words):
        return False
    if _BACKBONE in words.casefold():
        words = _DESCRIBED_BACKBONE.sub(" ", words)
    if W.OTHER_CUE.search(words):
        return True
    if W.OWN_CUE.search(leading):
        return False
    if _DEPENDENCY.search(words) or _component_of_other(words, own_names):
        return True
    model = _FOUNDATION.search(words) or _REUSED_FILE.search(words)
    if model is None:
        return False
    found = model.groupdict()
    reused = _squeezed(found["fetched"] or found.get("owned") or "")
    named = _squeezed(model.group(0))  # "the FancyNet-ResNet50 model" is the work's own
    if "owned" not in found:  # a file: the word before may be its name's start (`fancy_vit.pt`)
        named = _squeezed(" ".join(words[: model.start()].split()[-1:])) + named
    return not any(name in named or reused in name for name in own_names)


def _reused_file(url: str, own_names: frozenset[str]) -> bool:
    """A weights file on a file host or a server, named for a widely reused model
    (`…/resnet101_faster_rcnn.caffemodel`) and not by the work's names: another work's, as the
    same name written in words is (a model zoo's table and a hub's or a release's file are
    judged by their holder)."""
    name = urlsplit(url).path.rpartition("/")[2]
    found = _REUSED_FILE.search(name) if is_weights_file(url) else None
    if found is None:
        return False
    named = _squeezed(name)
    reused = _squeezed(found.group("fetched"))
    return not any(own in named or reused in own for own in own_names)


def _component_of_other(words: str, own_names: frozenset[str]) -> bool:
    """A component named by a model's name (`_COMPONENT`), the name not the work's nor an
    architecture's ("the Transformer encoder" names no release)."""
    for found in _COMPONENT.finditer(words):
        name = found.group("fetched") or found.group("owned") or ""
        # A model's name is written with a capital or a digit ("HRNet", "sd-vae-2"), not "the
        # image encoder".
        if _ARCHITECTURE_NAME.fullmatch(name) or not re.search(r"[A-Z0-9]", name):
            continue
        squeezed = _squeezed(name)
        if not any(own in squeezed or squeezed in own for own in own_names):
            return True
    return False


def leading_words(line: str, url: str) -> str:
    """The words of `line` leading to the link to `url`: from the line's start, or the link
    before it, to the link (their Markdown brackets aside)."""
    at = line.find(url)
    if at < 0:
        return ""
    before = re.split(r"https?://[^\s)\]>]+", line[:at])[-1]
    return re.sub(r"[\[\]()<>]", " ", before)


def says_own(words: str) -> bool:
    return bool(W.OWN_CUE.search(words))


def whose_artifact(
    words: str,
    url: str | None = None,
    *,
    repository: str | None,
    own_names: frozenset[str] = frozenset(),
    in_head: bool = False,
    line: str = "",
) -> Whose:
    """Whose a weights link (or sentence, or download command) is: another work's when its words
    say so; else, with this repository's `owner/name` known, by who holds what it points at — a
    model or release of another owner whose name shares no word with the repository's or with
    the names the README gives its work (`own_names`: its title's words, the paper's name) is
    another work's (a base model, a component), unless its words say it is ours or the README
    presents it as its own in its head (`in_head`: the title and the badges under it).
    `line` is the line the words stand in, whose words leading to the link may tie it to the
    paper."""
    names = own_names | name_words((repository or "").partition("/")[2])
    leading = leading_words(line, url) if url and line else ""
    if said_of_other(words, names, leading=leading):
        return Whose.OTHER
    held_by = holder(url) if url else None
    if (
        url
        and held_by is None
        and not W.TABLE_ROW.match(line)
        and not says_own(f"{leading} {words}")
        and _reused_file(url, names)
    ):
        return Whose.OTHER
    if (
        held_by
        and repository
        and not in_head
        and not says_own(words)
        and _foreign(held_by, repository, own_names)
    ):
        return Whose.OTHER
    return Whose.OWN


def whose_loaded(
    held_by: str,
    words: str,
    *,
    repository: str | None,
    own_names: frozenset[str] = frozenset(),
    own_owners: frozenset[str] = frozenset(),
) -> Whose:
    """Whose a model the README's code loads by name (`from_pretrained("lab/model")`, `held_by`
    its `owner/name`) is. Code says little of what it loads, and a snippet loads a base model
    beside the paper's, so only the holder makes it the paper's own, and both its parts must:
    its owner the repository's owner or an owner holding the README's own weights links
    (`own_owners`: an organisation the README names as its own), and its name the work's
    (sharing a word with the repository's name or the names the README gives its work,
    `own_names`) — another model of the same laboratory is no release of this paper. The words
    introducing the code (`words`) can still make it an input (a base model, a teacher:
    `said_of_other`). Anything else is another work's."""
    owner, _, name = held_by.partition("/")
    owner_of, _, repository_name = (repository or "").partition("/")
    names = own_names | name_words(repository_name)
    owners = {_squeezed(o) for o in (owner_of, *own_owners) if o}
    holder, held = _squeezed(owner), _squeezed(name)
    if not any(_same_owner(holder, ours) for ours in owners):
        return Whose.OTHER
    if not any(word in held for word in names):
        return Whose.OTHER
    return Whose.OTHER if said_of_other(words, names) else Whose.OWN


_SHORTEST_CONTAINED = 4  # `facebook` in `facebookresearch`; never `ai` in `openai`


def _same_owner(theirs: str, ours: str) -> bool:
    """One account, or an organisation's two (`facebook`, `facebookresearch`)."""
    if theirs == ours:
        return bool(theirs)
    shorter, longer = sorted((theirs, ours), key=len)
    return len(shorter) >= _SHORTEST_CONTAINED and shorter in longer


def holder(url: str) -> str | None:
    """The `owner/name` holding a model on a hub (or the account whose page it is) or a GitHub
    release."""
    found = model_holder(url)
    if found is not None:
        return found
    if "/releases" in url:
        return github_full_name(url)
    return None


def _foreign(holder: str, repository: str, own_names: frozenset[str] = frozenset()) -> bool:
    """Another owner, and a name sharing no word with this repository's or the work's names."""
    theirs = [_squeezed(part) for part in holder.partition("/")[::2]]
    ours = [_squeezed(part) for part in repository.partition("/")[::2]]
    if any(a and b and (a in b or b in a) for a in ours for b in theirs):
        return False
    words = name_words(repository.replace("/", " ")) | own_names
    return not any(word in part for word in words for part in theirs)


def _squeezed(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.casefold())


_LETTERS = re.compile(r"[^\W\d_]+")


def name_words(name: str) -> set[str]:
    """The words of a repository or model name that could name a project (`FastSeg-v2` →
    {"fastseg"}; `code-for-paper` → none)."""
    words = {w.casefold() for w in _LETTERS.findall(name)}
    return {w for w in words if len(w) >= 4 and w not in _GENERIC_NAME_WORDS}


def whose_results(section_titles: Sequence[str], introduction: str = "") -> Whose:
    """A table under a baselines section ("Baseline results"), or introduced as another work's
    numbers ("Results of the baselines:", "as reported by the original authors"), is another
    work's; a comparison with baselines, and everything else, is the paper's."""
    for title in section_titles:
        if _BASELINE_TITLE.search(title) and not _COMPARED_TITLE.search(title):
            return Whose.OTHER
    if _OTHER_RESULTS.search(introduction) and not _COMPARED_TITLE.search(introduction):
        return Whose.OTHER
    return Whose.OWN


def whose_entry(title: str | None, introduction: str, identity: PaperIdentity | None) -> Whose:
    """Whose a BibTeX entry is: the paper's title decides when known; else the lines above it
    ("please also cite the original work")."""
    if identity is not None and identity.title and title:
        return Whose.OWN if same_title(identity.title, title) else Whose.OTHER
    return Whose.OTHER if credits_other(introduction) else Whose.OWN


def credits_other(text: str) -> bool:
    """A request to cite another work ("please also cite the original paper"), not this one."""
    return bool(_OTHER_ENTRY.search(text)) and not _OWN_ENTRY.search(text)


# --- inherited READMEs ------------------------------------------------------------------------


def inherited_readme(
    lines: Sequence[Line],
    sections: Sequence[Section],
    *,
    repository: str | None,
    identity: PaperIdentity | None,
    upstream: str | None,
    entries: Sequence[tuple[Line, str]],
) -> InheritedReadme:
    """Whether the README is mostly about another project (see the module docstring).
    `upstream` is the parent of a fork, `entries` the README's BibTeX entries (the line each
    starts on, its title)."""
    prose = [line for line in lines if not line.is_code]
    if identity is not None and identity.known():
        for line in lines:
            if identity.named_in(line.text):
                return _answer(Inherited.NO, line)
    title = readme_title(sections)
    template = _template(prose, title)
    if template is not None:
        return _answer(Inherited.YES, template, "a template")
    kept = _upstream_kept(lines, prose)
    if kept is not None:
        line, work = kept
        return _answer(Inherited.YES, line, work)
    if upstream and title is not None:
        forked = _fork_of(upstream, repository, title, prose)
        if forked:
            return _answer(Inherited.YES, title.heading, upstream)
    if identity is not None and identity.known():
        other = _other_work(lines, sections, identity, entries)
        if other is not None:
            line, work = other
            return _answer(Inherited.YES, line, work)
    if repository and title is not None:
        words = name_words(repository.partition("/")[2])
        if words and words & name_words(title.title):
            return _answer(Inherited.NO, title.heading)
    return InheritedReadme()


def _answer(verdict: Inherited, line: Line, work: str | None = None) -> InheritedReadme:
    return InheritedReadme(verdict, line.number, excerpt(line.text), work)


def _template(prose: Sequence[Line], title: Section | None) -> Line | None:
    """Cookiecutter placeholders or instructions to replace the README anywhere in its prose, or
    a title that is a placeholder."""
    if title is not None and (
        _PLACEHOLDER_VARIABLE.search(title.title) or _PLACEHOLDER_TITLE.match(title.title)
    ):
        return title.heading
    return _first_match(prose, _COOKIECUTTER) or _first_match(prose, _REPLACE_ME)


def _first_match(lines: Sequence[Line], pattern: re.Pattern[str]) -> Line | None:
    """The first of `lines` `pattern` matches (one search over their joined text: the README's
    lines are many, and a line-by-line search costs a call each)."""
    text = "\n".join(line.text for line in lines)
    found = pattern.search(text)
    return lines[text.count("\n", 0, found.start())] if found else None


def _upstream_kept(lines: Sequence[Line], prose: Sequence[Line]) -> tuple[Line, str | None] | None:
    """An "original README" marker in the first quarter, or a bare fork notice near the top."""
    total = max((line.number for line in lines), default=0)
    marker = _first_match([line for line in prose if 4 * line.number <= total], _ORIGINAL_README)
    if marker is not None:
        return marker, _named_work(marker.text)
    top = [line for line in prose[: 2 * TOP_LINES] if line.number <= TOP_LINES]
    for position, line in enumerate(prose[: len(top)]):
        if line.is_heading or not _FORK_NOTICE.search(line.text):
            continue
        paragraph = [line.text]
        for later in prose[position + 1 : position + 1 + TOP_LINES]:
            if later.is_blank or later.is_heading:
                break
            paragraph.append(later.text)
        said = re.sub(r"\([^)\s]*\)", " ", " ".join(paragraph))  # a link's address is no word
        if not _OWN_WORK.search(plain(said)):
            return line, _named_work(line.text)
    return None


def _named_work(text: str) -> str | None:
    """The repository a line links (`owner/name`), else the text of its first link."""
    for url in urls(text):
        name = github_full_name(url)
        if name:
            return name
    label = re.search(r"\[([^\]]{2,80})\]\(", text)
    return label.group(1) if label else None


def readme_title(sections: Sequence[Section]) -> Section | None:
    """The README's title: its title section, else a first heading of the top level."""
    title = next((section for section in sections if section.is_title), None)
    if title is None and sections and sections[0].heading.heading_level == 1:
        return sections[0]
    return title


def _fork_of(upstream: str, repository: str | None, title: Section, prose: Sequence[Line]) -> bool:
    """A fork whose README's title names its parent's project and never its own name."""
    parent = name_words(upstream.partition("/")[2])
    if not parent or not parent & name_words(title.title):
        return False
    own = name_words(repository.partition("/")[2]) if repository else set()
    if not own or own & parent:
        return False  # the same name: what the README says of itself cannot tell them apart
    text = " ".join(line.text for line in prose).casefold()
    return not any(word in text for word in own)


def _other_work(
    lines: Sequence[Line],
    sections: Sequence[Section],
    identity: PaperIdentity,
    entries: Sequence[tuple[Line, str]],
) -> tuple[Line, str] | None:
    """The first BibTeX title, or arXiv id in the README's head (the title and badges, before
    its first section), naming a work that is not the paper (the caller found no line naming
    the paper)."""
    for line, title in entries:
        if not (identity.title and same_title(identity.title, title)):
            return line, title
    head = readme_title(sections)
    first = next((s.index for s in sections if s is not head), len(lines))
    for line in lines[:first]:
        for found in named_arxiv_ids(line.text):
            if found != identity.arxiv_id:
                return line, f"arXiv:{found}"
    return None


W.start_patterns(globals())  # every pattern above tested first where its matches start
