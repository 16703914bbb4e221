"""What each link a README gives is for: the one classification of a README's links.

Every URL the one URL finder (`auditor.links.scan`, through `readme.lines`) finds on a README
line the analysis reads is an `ArtifactLink`: its kind, the line and sentence it stands in, its
section's title, whose it is and whether its line only promises it. The kind is decided in this
order: a hosted environment (Colab, Binder, a Hugging Face Space) is a `demo`; a link whose host
holds weights or data, or a file share, collection or release whose words or section say which
(`readme.lines.artifact_kinds`), is `weights` or `data` (weights another work's that sit beside
data are that data; a table column of base models, backbones or encoders holds another work's);
a link the words tell the reader to download data from ("Download the datasets: [A](…),
[B](…)", a `wget` of an archive) is `data`, whatever page it is; a
repository on a code host is `code` — the data only when its own words name data ("[validation
set](…)", a `#prepare-data` part), not when it is followed or used in the data steps; a
documentation site or page (Read the Docs, a `docs.` host, a `/docs/` or `/wiki` path) is
`documentation`; any other link of a data sentence or section (a dataset's page) is `data`,
but in a section of people or terms (contributors, a licence), and but what is never the data
by where it points (an issue tracker, a social network, an experiment tracker, a licence, a
package index, a leaderboard, a notebook) or by its own words (its text names a paper, code or
terms, after a name too: "[FooQA leaderboard](…)"; a site or a page of a work, unless the words
tell the reader to download from it; a tool, library or person the data is handled with or by,
one to install, a method followed; a run's predictions, results or logs; "data" in "data
parallel", "data loader", "the dataset classes"; another work's dataset shown as the format
one's own data takes); a name a data section lists stands at its line's start; anything else
(a paper, a project page) is `other` (`data_context` reads the words). A section of other works
("Other projects", "See also") gives neither data nor weights; nor does a link its own text
names a log or a configuration, nor a release's document.

A model the README's code loads by its Hub name (`from_pretrained("lab/model")`, `pipeline(
model="lab/model")`, `hf_hub_download(repo_id=…)`, `snapshot_download`, `hf download lab/model`,
`torch.hub.load("lab/repo", …)`) is read by `models_loaded`; whose it is, by
`ownership.whose_loaded`: the paper's own become weights links of their own (`by_name`), asked
like the others, at the address the name makes on its hub.

The URL lists the rest of the project reads are asked of it here: `given` (`artifact_links`
as `scorecard.json` has always written it: weights, data and demos the README gives, without
promises or others' weights), and `weights_urls` / `data_urls` (the paper's own weights, the
data to download, as written: not the addresses made from a loaded model's name).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from urllib.parse import urlsplit

from auditor.links import HUGGINGFACE, code_repository, is_hosted_environment, is_weights_file
from auditor.models import ArtifactKind, ArtifactLink, ReadmeCover, Whose
from auditor.readme.words import DATA_WORDS, PAPER_LINK, WEIGHTS_WORDS, start_patterns

__all__ = [
    "DataContext",
    "HubLoad",
    "data_context",
    "data_urls",
    "given",
    "kind_of",
    "link_text",
    "models_loaded",
    "names_outputs",
    "weights_urls",
]

K = ArtifactKind
MAX_GIVEN = 50  # `artifact_links`: the most written per README
_DOCUMENTATION_PATH = re.compile(r"/(docs?|documentation|wiki)(/|$)", re.I)
# Links a data section holds that are never the data by where they point: pictures, videos,
# licences and terms, a project's issue tracker or activity, social networks and chats,
# experiment trackers, package indexes, leaderboards, crowd-work and scholar profiles.
_NEVER_DATA = re.compile(
    r"/user-attachments/|\.(png|jpe?g|gif|svg|webp|mp4)(\?|$)|youtube\.com/|youtu\.be/"
    r"|creativecommons\.org/|shields\.io/"
    r"|/licen[cs]es?(/|\.\w{1,4})?(\?|#|$)|/licenses/|/terms(-of-(use|service))?(\.html?)?/?$"
    r"|#licen[cs]e"
    r"|^https?://[^/]+/[^/]+/[^/]+/(-/)?(issues|pulls?|discussions|merge_requests|stargazers"
    r"|network|graphs|actions|commits?|compare)(/|\?|#|$)|/discussions(/|\?|#|$)"
    r"|^https?://([\w-]+\.)*(twitter\.com|x\.com|discord\.(gg|com)|linkedin\.com|facebook\.com"
    r"|reddit\.com|t\.me|weibo\.com|zhihu\.com|bilibili\.com|mp\.weixin\.qq\.com"
    r"|wandb\.ai|tensorboard\.dev|comet\.(com|ml)|neptune\.ai"
    r"|opendatacommons\.org|opensource\.org|choosealicense\.com|spdx\.org"
    r"|pypi\.org|anaconda\.org|npmjs\.com|crates\.io|mturk\.com|orcid\.org"
    r"|scholar\.google\.[\w.]+)(/|\?|#|$)"
    r"|paperswithcode\.com/sota/|/leaderboards?(/|\?|#|$)|kaggle\.com/(code|discussions?|learn|docs)/",
    re.I,
)


class DataContext(Enum):
    """What the words around a link of no artifact host say of data (`data_context`)."""

    NONE = "none"  # nothing, or they speak of weights, people or a licence
    SAID = "said"  # its sentence or section speaks of data
    NAMED = "named"  # its own words name data ("[validation set](…)", a `#prepare-data` part)
    FETCHED = "fetched"  # they tell the reader to download data ("Download the datasets: …")


# Sections whose links are people or terms, never the data: contributors, authors, a licence.
_PEOPLE_OR_TERMS = re.compile(
    r"\b(contributors?|authors?|team|people|members|maintainers?|contacts?|licen[cs]es?"
    r"|licensing|terms)\b",
    re.I,
)
# Sections about the authors' or others' other works ("Other projects", "We also have other
# works", "See also"): their links are those works', neither this paper's data nor its weights.
_OTHER_WORKS = re.compile(
    r"\b(other|previous|earlier|related)\b[^.]{0,30}?\b(works?|projects?|papers?"
    r"|repositor(y|ies)|research)\b|\bmore\s+(of\s+our|from\s+(us|our))\b"
    r"|\bmore\s+(works|projects|papers)\b|\bsee\s+also\b|\bcheck\s+out\s+our\b",
    re.I,
)


def about_other_works(section: str) -> bool:
    """Whether a section's title says it lists other works than the paper's."""
    return bool(_OTHER_WORKS.search(section))


# What data comes as, besides the word: a download of images or pre-computed features is data.
_DATA_NOUN = (
    r"(data|datasets?|corpus|corpora|annotations?|passages?|embeddings?|features?|images"
    r"|videos|frames|splits?|benchmarks?|(training|validation|test|dev|evaluation)\s+(sets?|splits?))"
)
_DATA_NAMED = re.compile(
    r"\b(data|datasets?|annotations?|images|videos|features|(training|validation|test|dev)"
    r"\s+(sets?|splits?))\b|数据",
    re.I,
)
# "data" in a compound naming no data: data parallelism, a data loader, augmentation, types.
_NOT_DATA_SENSE = re.compile(
    r"\bdata(set)?[- ]?(parallel\w*|loaders?|loading|augment\w*|types?|structures?|flows?"
    r"|science|efficient|free|driven|centric|class(es)?|modules?|readers?|builders?"
    r"|definitions?)\b|\bmetadata\b",
    re.I,
)
_NAMING_WORDS = 6  # a link's own words name it in a few words, not a sentence
# Words making a repository a data section lists something else than the data: a method
# followed, a tool, the code, a sentence about it ("X is available on GitHub").
_NOT_THE_DATA = re.compile(
    r"\b(follow\w*|based\s+on|built\s+(up)?on|borrow\w*|adapted|baselines?|compar\w*|code"
    r"|tool\w*|scripts?|librar\w+|implementation|repo(sitory)?|github|is|are|was|were)\b",
    re.I,
)
_PATH_TEXT = re.compile(r"/|\.\w{1,5}$")
_PATH_WORD = re.compile(r"\S*(/|\.\w{1,5}\b)\S*")
_FETCH_VERB = re.compile(r"\b(download\w*|obtain\w*|fetch\w*|wget|curl|gdown)\b|下载", re.I)
_FETCH = re.compile(
    rf"\b(download\w*|obtain\w*|fetch\w*|wget|curl|gdown)\W+(?:[\w-]+\W+){{0,5}}?{_DATA_NOUN}\b"
    rf"|\b{_DATA_NOUN}\W+(?:[\w-]+\W+){{0,6}}?(available\s+(for|to)\s+download|can\s+be"
    r"\s+(downloaded|obtained|fetched)|downloadable)\b|下载\S{0,8}数据",
    re.I,
)
# A file a download command fetches that is data by its extension: archives, tables, records.
_DATA_FILE = re.compile(
    r"\.(zip|tar|tgz|gz|bz2|xz|7z|tsv|csv|jsonl?|parquet|arrow|npy|mat|hdf5|lmdb)(\?|$)", re.I
)
# A file or folder of a repository that is code or its documentation, not a download.
_CODE_FILE = re.compile(
    r"/(blob|tree)/[^#?]*\.(py|ipynb|md|rst|sh|txt|ya?ml|cfg|toml)([#?]|$)", re.I
)
# A link's own text naming what it is when that is not the data: a paper, code, a tracker, terms.
_NOT_DATA_TEXT = re.compile(
    r"((the|our|this|its|their)\s+)?(paper|pdf|arxiv|bibtex|citation|code|source\s+code|github"
    r"|issues?|faq|licen[cs]es?|terms(\s+of\s+(use|service))?|leaderboards?|blog(\s+post)?"
    r"|slides|poster|video|twitter|discord|slack|contact|e-?mail|documentation|docs|tutorial"
    r"|notebook)",
    re.I,
)
# The same after a name ("[FEVER leaderboard](…)", "[Kvasir licence](…)", "[PraNet code](…)").
_NAMED_NOT_DATA_TEXT = re.compile(
    r"([\w.-]+\s+){1,3}(paper|code|leaderboards?|licen[cs]es?|terms\s+of\s+(use|service)"
    r"|documentation|docs|tutorial|notebook|blog\s+post|slides|poster|faq)",
    re.I,
)
# A link's text naming a place rather than what it holds: an institution or a group, or a
# project's or a person's page ("our [NLP group website](…)", "[Project Page](…)"); a website
# alone may be where the data is ("download it from the [official website](…)").
_PLACE_TEXT = re.compile(
    r"\b(department|group|laborator(y|ies)|university|institute|school|college|faculty)"
    r"(\s+(web\s*site|web\s*page|home\s*page|page|site))?\W*$"
    r"|\b(project|personal|author)\s+(web\s*)?(page|site)\W*$|\bhome\s*page\W*$",
    re.I,
)
# A link's text naming a site or a page of a work (a benchmark's website, a task's page, an
# evaluation server): where to read about the data, the data only when the words tell the
# reader to download from it ("download it from the [official website](…)").
_SITE_TEXT = re.compile(r"\b(web\s*site|web\s*page|home\s*page|site|page|portal|server)\W*$", re.I)
# The same said just before a link ("whose homepage is [here](…)", "project page: […](…)").
_SITE_BEFORE = re.compile(
    r"\b(web\s*site|web\s*page|home\s*page|project\s+(page|site))\s*(is|at|:)?\s*(at\s+)?"
    r"(\[\s*)?$",
    re.I,
)
# Words after a link making it a tool to install ("[X](…) must be installed"), or before it a
# method or guide followed ("Follow [X](…) for data preparation"): not the data.
_INSTALLED_AFTER = re.compile(
    r"^\W*((must|should|needs?\s+to|has\s+to|have\s+to|is|are)\s+)?(also\s+)?(be\s+)?"
    r"(installed|required)\b",
    re.I,
)
# A section of setting up the environment: its links are tools, its "data" a word in passing.
_SET_UP_SECTION = re.compile(
    r"\b(install\w*|set[- ]?up|requirements?|dependenc\w+|prerequisites?)\b", re.I
)
_FOLLOWED_BEFORE = re.compile(
    r"\b(follow(ing)?|refer\s+to|according\s+to|as\s+(in|done\s+in))(\s+the)?\W*$", re.I
)
# Words a tool, a library or a person stands after ("processed with [X]", "annotated by [Y]",
# "install the [Z]"), the links listed before it on the line (" LINK, ") stepped over.
_TOOL_BEFORE = re.compile(
    r"\b(with|using|via|through|by|install\w*)(\s+(the|a|an))?(\s+LINK\s*(,|and|or|&|/)"
    r"(\s+(the|a|an))?)*\s*$",
    re.I,
)
# A link's text that names no tool: where to click, or the data itself.
_GENERIC_TEXT = re.compile(r"(click\s+)?(here|link|this(\s+link)?|download\w*)", re.I)
_EARLIER_LINK = re.compile(r"!?\[[^\[\]]*\]\([^()\s]*\)|https?://\S+|<a\s[^>]*>[^<]*</a>", re.I)
_OPENING = re.compile(r"(!?\[[^\[\]]*\]\(\s*<?|<a\s[^<>]*href=[\"']?)$", re.I)
# What a run writes — predictions, outputs, logs, samples — named before any data noun: those
# files are the paper's results, not its data ("Our predictions on the test set: [here](…)");
# "to reproduce the results" names none, nor does a task ("boundary prediction data").
_RUN_OUTPUTS = (
    r"predictions|outputs|generations|logs|submissions|visuali[sz]ations"
    r"|generated\s+(samples|images|videos|outputs)"
)
_OUTPUTS_OR_DATA = re.compile(
    rf"\b(?P<outputs>{_RUN_OUTPUTS}|results)\b|\b{_DATA_NOUN}\b",
    re.I,
)
# The same before any weights: "results" aside ("Results and models: […](…)" gives both), a
# model's outputs are outputs ("the model predictions").
_OUTPUTS_OR_WEIGHTS = re.compile(
    rf"\b(?P<outputs>((models?|checkpoints?)'?s?\s+)?({_RUN_OUTPUTS}))\b"
    r"|\b(weights?|checkpoints?|ckpts?|pre-?trained|models?)\b",
    re.I,
)
_REPRODUCING = re.compile(
    r"\b(reproduc\w*|replicat\w*|obtain\w*|achiev\w*|get|report\w*|see)\s+((the|our|all|these)\s+)?"
    r"(\w+\s+)?$",
    re.I,
)


# A model loaded by its Hub name, quoted: `owner/name` (a path such as `./ckpt/x` starts with no
# letter or digit; `owner/name/file` is a path, not a name).
_HUB_NAME = r"""["'](?P<name>[A-Za-z0-9][\w.-]{0,95}/[\w.-]{0,95}\w)(?::[\w.-]+)?["']"""
_LOADS = (
    re.compile(
        # An adapter names its base first: `PeftModel.from_pretrained(base, "lab/adapter")`.
        # (The class before the call is read after a match, never scanned for: a long run of
        # word characters would be rescanned from each of its starts.)
        r"(?P<loader>)\.from_pretrained\(\s*([A-Za-z_]\w{0,60}\s*,\s*)?"
        rf"((pretrained_model_name_or_path|model_id)\s*=\s*)?{_HUB_NAME}"
    ),
    re.compile(
        rf"\b(?P<loader>hf_hub_download|snapshot_download)\(\s*([^()]{{0,300}}?\brepo_id\s*=\s*)?"
        rf"{_HUB_NAME}"
    ),
    re.compile(rf"\b(?P<loader>pipeline)\([^()]{{0,300}}?\bmodel\s*=\s*{_HUB_NAME}"),
    re.compile(rf"\b(?P<loader>torch\.hub\.load)\(\s*(repo_or_dir\s*=\s*)?{_HUB_NAME}"),
    re.compile(
        r"\b(?P<loader>huggingface-cli|hf)\s+download\s+"
        r"(?P<name>[A-Za-z0-9][\w.-]{0,95}/[\w.-]{0,95}\w)(?![\w/])"
    ),
)
_LOAD_SCREEN = ("from_pretrained", "download", "pipeline", "torch.hub")
# What a loader loads that holds no weights: a tokenizer, a processor, a configuration.
_NO_WEIGHTS_LOADER = re.compile(r"(tokeni[sz]er|processor|extractor|config)\w*$", re.I)
# A download that is not a model's: a dataset's or a Space's, a local hub.
_NOT_A_MODEL = re.compile(
    r"\brepo[-_]type[\s=]+[\"']?(dataset|space)|\bsource\s*=\s*[\"']local", re.I
)
_CALL_REST = 400  # how much of a call after its name is read for its other arguments


@dataclass(frozen=True, slots=True)
class HubLoad:
    """A model a README's code loads by name: `holder` (`owner/name`), the address the name
    makes on its hub (`url`: a Hugging Face or ModelScope model; none for the GitHub repository
    `torch.hub.load` reads the entry points of), and where it stands in the code (`at`)."""

    holder: str
    url: str | None
    at: int


def models_loaded(code: str) -> tuple[HubLoad, ...]:
    """The models a block of code (its lines joined) loads by name, in order: weights a call
    fetches, not a tokenizer's or a configuration's, not a dataset or a Space (`repo_type`),
    not a local folder."""
    if not any(word in code for word in _LOAD_SCREEN):
        return ()
    modelscope = "modelscope" in code.casefold()
    found: list[HubLoad] = []
    for pattern in _LOADS:
        for load in pattern.finditer(code):
            loader, holder = (
                load.group("loader") or _class_before(code, load.start()),
                load.group("name"),
            )
            rest = code[load.start() : load.end() + _CALL_REST]
            call = rest.split("\n", 1)[0] if loader in ("hf", "huggingface-cli") else rest
            if _NO_WEIGHTS_LOADER.search(loader) or _NOT_A_MODEL.search(_one_call(call)):
                continue
            if loader == "torch.hub.load":
                url = None
            elif modelscope:
                url = f"https://modelscope.cn/models/{holder}"
            else:
                url = f"https://{HUGGINGFACE}/{holder}"
            found.append(HubLoad(holder, url, load.start()))
    return tuple(sorted(found, key=lambda load: load.at))


# The name a call's dot stands after, at the end of the code before it.
_CALLED_ON = re.compile(r"(\w{1,80})\s{0,8}$")


def _class_before(code: str, at: int) -> str:
    """The name a call at `at` is made on (`AutoTokenizer` of `AutoTokenizer.from_pretrained`)."""
    found = _CALLED_ON.search(code[max(0, at - 90) : at])
    return found.group(1) if found else ""


def _one_call(text: str) -> str:
    """A call's text up to its closing parenthesis (nested ones counted), or all of `text`."""
    depth = 0
    for at, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return text[: at + 1]
    return text


_CELL_SPLIT = re.compile(r"(?<!\\)\|")
# A table column whose cells are something else than weights or data: logs, configurations,
# code, papers, a run's outputs.
_OTHER_COLUMN = re.compile(
    r"^\W*((training\s+)?logs?|configs?|configurations?|code|paper|wandb|tensorboard|outputs?"
    r"|predictions|results?\s+files?)\W*$",
    re.I,
)
_COLUMN_WEIGHTS = re.compile(
    r"\b(weights?|checkpoints?|ckpts?|models?|pre-?trained|download)\b|权重|模型", re.I
)
_COLUMN_DATA = re.compile(r"\b(data|datasets?|corpus|corpora|annotations?|benchmarks?)\b", re.I)


def column_of(header: str, row: str, url: str) -> str:
    """The header of the column of a table row (`row`, its table's first row `header`) holding
    the link to `url`, or "" (no such link, rows of other shapes)."""
    body, titles = _cells_text(row), _cells_text(header)
    at = body.find(url)
    if at < 0:
        return ""
    index = len(_CELL_SPLIT.split(body[:at])) - 1
    cells, names = _CELL_SPLIT.split(body), _CELL_SPLIT.split(titles)
    if len(cells) != len(names):
        return ""
    return names[index].strip()


def _cells_text(row: str) -> str:
    """A table row without its outer bars."""
    text = row.strip()
    return text.removeprefix("|").removesuffix("|")


# A table column of the models a row's model is built from: a base model, a backbone, a teacher,
# an encoder or the language model it starts from ("| Model | Base Model | Download |").
_INPUT_COLUMN = re.compile(
    r"\b(base|backbones?|teachers?|foundation|init\w*|starting|llms?|language\s+models?"
    r"|(vision|image|text|speech|audio)\s+encoders?|encoders?|tokeni[sz]ers?)\b",
    re.I,
)


def input_column(column: str) -> bool:
    """Whether a table column's header says its cells are what a row's model is built from
    (another work's weights), not the row's own weights."""
    return bool(column) and bool(_INPUT_COLUMN.search(column))


def column_kinds(column: str) -> frozenset[ReadmeCover] | None:
    """What a table column's header says its links are: weights ("Checkpoint", "Download"),
    data ("Dataset"), nothing of either ("Log", "Config": an empty set), or None when it says
    nothing (a model's name column, "Top-1")."""
    if not column:
        return None
    if _OTHER_COLUMN.match(column):
        return frozenset()
    if _COLUMN_DATA.search(column):
        return frozenset({ReadmeCover.DATA})
    if _COLUMN_WEIGHTS.search(column):
        return frozenset({ReadmeCover.WEIGHTS})
    return None


# A picture's own address (a badge, a logo, a figure): never what it stands for.
_IMAGE = re.compile(r"\.(png|jpe?g|gif|svg|webp|ico)(\?|#|$)|/badges?/", re.I)
# A line of a file a link points into (`blob/main/x.json#L12`): text to read or edit.
_LINE_ANCHOR = re.compile(r"/blob/[^#?]+#L\d+", re.I)


def is_picture(url: str) -> bool:
    """A picture's own address, never a download: a badge's, a logo's, a figure's."""
    return bool(_IMAGE.search(url)) and not is_weights_file(url)


@functools.lru_cache(maxsize=1024)  # a line's links share their words
def data_context(
    words: str,
    url: str,
    *,
    introduction: str = "",
    link_text: str = "",
    line_words: str = "",
    own_words: bool,
    alone: bool = False,
    data_section: bool,
    section: str = "",
    downloading: bool = False,
    line_text: str = "",
) -> DataContext:
    """What the words around a link of no artifact host say of data: `words` its clause's,
    `introduction` the sentence introducing a line of only links or a download command,
    `link_text` its own text, `line_words` its whole line's, `own_words` whether the clause
    has words of its own (not lent by its line), `alone` whether it is its line's only link,
    `data_section` whether its section is about data, `section` the nearest section's title,
    `downloading` whether its line is a download command (`wget URL`), `line_text` the
    line as written. Weights words, people and licences say nothing; nor does a link that is
    something else by its own words (`_not_the_data`)."""
    clause, words = words, f"{introduction} {words}"
    if WEIGHTS_WORDS.search(words) or _PEOPLE_OR_TERMS.search(section):
        return DataContext.NONE
    # A section named for data parallelism or augmentation is no data section.
    data_section = data_section and not (
        _NOT_DATA_SENSE.search(section) and not DATA_WORDS.search(_NOT_DATA_SENSE.sub(" ", section))
    )
    if (
        _CODE_FILE.search(url)
        or _LINE_ANCHOR.search(url)
        or _not_the_data(words, url, link_text, line_text)
        or (own_words and _code_of_data(clause) and not _FETCH_VERB.search(clause))
        or shown_as_example(words, section, line_words)
    ):
        return DataContext.NONE
    # "Download the datasets: [A](…), [B](…)"; "[A](…), which can be downloaded" in a line or
    # section about data; a command fetching an archive or a table.
    # Its clause says more than its name before it ("see the [guide](…)"), or is only its name
    # ("[A](…)") — but for the next step after a list's last name ("[C](…)) then align them").
    at = clause.find(link_text) if link_text else -1
    says_more = (
        own_words
        and re.search(r"\w", clause.replace(link_text, "") if link_text else clause) is not None
        and (at < 0 or re.search(r"\w", clause[:at]) is not None)
    )
    line = _line_says(line_words)
    fetched = _FETCH.search(words) or (
        (line.fetch_verb if alone or not says_more else _FETCH_VERB.search(words))
        and (line.fetch or line.data or data_section)
        and not line.weights
    )
    if downloading and _DATA_FILE.search(url) and not is_weights_file(url):
        fetched = True
    # A page that is a paper or documentation in its own words ("see the [guide](…) to download
    # the data") is what it is; one a list of the data to download names is that data.
    if fetched and not (says_more and (PAPER_LINK.search(url) or _documentation(url))):
        return DataContext.FETCHED
    if (
        _SITE_TEXT.search(link_text) or _SITE_BEFORE.search(_words_before(line_text, url))
    ) and not _DATA_NAMED.search(link_text):
        return DataContext.NONE
    fragment = urlsplit(url).fragment if "#" in url else ""
    # Its own text names data ("[validation set](…)", not a file's path), or its clause in a few
    # words, or the part of the page it opens does; a bare address has its data section's name,
    # and so has a name a data section lists ("- Birds: <url>"), not a method or tool it follows.
    listed = (
        data_section
        and own_words
        and _few(clause)
        and not _NOT_THE_DATA.search(words)
        and _listed_first(line_text, url)
    )
    named = (
        (data_section and not own_words and not link_text)
        or listed
        or (_DATA_NAMED.search(link_text) and not _PATH_TEXT.search(link_text))
        or (
            own_words
            and _few(clause)
            and _DATA_NAMED.search(_NOT_DATA_SENSE.sub(" ", _PATH_WORD.sub(" ", clause)))
        )
        or re.search(r"data", fragment, re.I)
    )
    if named and not _followed(line_text, url):
        return DataContext.NAMED
    if data_section or (
        DATA_WORDS.search(_NOT_DATA_SENSE.sub(" ", words)) and not _SET_UP_SECTION.search(section)
    ):
        return DataContext.SAID
    return DataContext.NONE


def _followed(line_text: str, url: str) -> bool:
    """Whether the words before a link on its line make it a method or a guide followed
    ("Follow [X](…) for data preparation"): what is done, not the data."""
    return bool(_FOLLOWED_BEFORE.search(_words_before(line_text, url)))


def _words_before(line_text: str, url: str) -> str:
    """The words before a link on its line, its own opening bracket aside and the links before
    it named LINK."""
    at = line_text.find(url)
    if at <= 0:
        return ""
    return _EARLIER_LINK.sub(" LINK ", _OPENING.sub("", line_text[:at]))


# Another work's data shown as what the reader's own data should look like: its format
# ("in the format of [X](…)", "arranged like the [Y](…) dataset"), or an example in a section
# about one's own data ("Custom data": "any Hub dataset works, e.g. [Z](…)").
_FORMAT_OF = re.compile(
    r"\b(in\s+the\s+(same\s+)?(format|structure|layout|style)\s+(of|as)"
    r"|(same|similar)\s+(format|structure|layout)\s+(as|to)|formatted\s+(like|as)"
    r"|follow(s|ing)?\s+the\s+(format|structure|layout|schema)\s+of"
    r"|(arrange|organi[sz]e|structure|format)\w*\s+(your\s+)?\w*\s*(like|as\s+in)\s+(the\s+)?"
    r"|(look|looks)\s+like\s+(the\s+)?"
    r"|\bin\s+the\s+(\S+\s+){1,5}?format\b)",
    re.I,
)
_FOR_EXAMPLE = re.compile(
    r"\b(e\.\s?g\.|for\s+(example|instance)|such\s+as|as\s+an\s+example)", re.I
)
_OWN_DATA_SECTION = re.compile(
    r"\b(custom|your\s+own|your|own)\s+(data(sets?)?|corpus|corpora|images|videos)\b"
    r"|\bnew\s+datasets?\b",
    re.I,
)
_OURS = re.compile(r"\b(our|ours|we)\b", re.I)


def shown_as_example(words: str, section: str, line_words: str = "") -> bool:
    """Whether a data link's words (its clause's, `line_words` its line's) show it as an
    example of what the reader's own data should look like (another work's dataset, not the
    data the paper uses or releases): its format ("in the format of [Alpaca](…)"), or an
    example in a section about one's own data ("Custom data": "e.g. […](…)")."""
    if _OURS.search(words) or _OURS.search(line_words):
        return False
    return bool(_FORMAT_OF.search(words)) or bool(
        _OWN_DATA_SECTION.search(section) and _FOR_EXAMPLE.search(f"{words} {line_words}")
    )


def _code_of_data(clause: str) -> bool:
    """A clause whose "data" is only code handling it ("The dataset classes are in […](…)",
    "our data loader: […](…)"): the link is that code, not the data."""
    plain_words = _PATH_WORD.sub(" ", clause)
    return bool(_NOT_DATA_SENSE.search(plain_words)) and not _DATA_NAMED.search(
        _NOT_DATA_SENSE.sub(" ", plain_words)
    )


def _listed_first(line_text: str, url: str) -> bool:
    """Whether a link stands where a list names an item: a few words at most before it on its
    line, links aside ("- Birds: <url>", "| [StreetSet](…) |"), not the end of a sentence
    ("…, and the [X signatures](…) we report")."""
    at = line_text.find(url)
    return at < 0 or _few(_EARLIER_LINK.sub(" ", _OPENING.sub("", line_text[:at])))


def _not_the_data(words: str, url: str, link_text: str, line_text: str) -> bool:
    """A link of a data sentence or section that its own words say is something else: its text
    names a paper, code, an issue tracker, terms ("[paper](…)", "[FAQ](…)"); it is a tool, a
    library or a person the data is handled with or by ("tokenised with [SentencePiece](…)",
    "annotated by [Jane Doe](…)"), not a file; or the words call it a run's outputs first
    ("Our predictions on the test set: […](…)")."""
    text = link_text.strip(" \t*_`'\"()[]:.,!?")
    if text and (_NOT_DATA_TEXT.fullmatch(text) or _NAMED_NOT_DATA_TEXT.fullmatch(text)):
        return True
    names_data = bool(_DATA_NAMED.search(text)) or bool(_DATA_FILE.search(url))
    if text and not names_data and _PLACE_TEXT.search(text):
        return True
    at = line_text.find(url)
    if text and not names_data and at >= 0:
        after = _EARLIER_LINK.sub(" LINK ", line_text[at + len(url) :].lstrip(")>"))
        if _INSTALLED_AFTER.search(after):
            return True
    if text and not names_data and not _GENERIC_TEXT.fullmatch(text) and at > 0:
        # The sentence before it on its line, the links before it named LINK.
        before = _words_before(line_text, url)
        if _TOOL_BEFORE.search(re.split(r"[.;:!?](\s|$)", before)[-1]):
            return True
    # An archive's extension names no data: the logs of a run come zipped too.
    return not _DATA_NAMED.search(text) and names_outputs(words)


def names_outputs(words: str, *, before_weights: bool = False) -> bool:
    """Whether `words` name a run's outputs (predictions, results, logs, generated samples)
    before any data ("Our predictions on the test split"), or with `before_weights` before any
    weights ("The generations of every model: […](…)"): files a paper gives of its runs, not
    its data nor its weights; "to reproduce the results" names none."""
    pattern = _OUTPUTS_OR_WEIGHTS if before_weights else _OUTPUTS_OR_DATA
    for found in pattern.finditer(words):
        if found.group("outputs") is None:
            return False
        if not _REPRODUCING.search(words[: found.start()]):
            return True
    return False


def link_text(text: str, url: str) -> str:
    """The text a line gives the link to `url` (`[text](url)`, `<a href="url">text</a>`), or
    ""."""
    at = text.find(url)
    if at < 0:
        return ""
    # A link's text and its opening tag stand just before its address: only so much is read.
    before, after = text[max(0, at - 420) : at], text[at + len(url) : at + len(url) + 320]
    markdown = re.search(r"\[([^\[\]]{1,200})\]\(\s*<?$", before)
    if markdown:
        return markdown.group(1)
    anchor = re.match(r"[^>]{0,300}>([^<]{1,200})</a>", after, re.I)
    return anchor.group(1) if anchor and re.search(r"<a\s[^<>]*$", before, re.I) else ""


@dataclass(frozen=True, slots=True)
class _LineSays:
    fetch_verb: bool
    fetch: bool
    data: bool
    weights: bool


@functools.lru_cache(maxsize=64)
def _line_says(line_words: str) -> _LineSays:
    """What a line's words say, read once for all its links (a line may hold dozens)."""
    return _LineSays(
        fetch_verb=bool(_FETCH_VERB.search(line_words)),
        fetch=bool(_FETCH.search(line_words)),
        data=bool(DATA_WORDS.search(_NOT_DATA_SENSE.sub(" ", line_words))),
        weights=bool(WEIGHTS_WORDS.search(line_words)),
    )


def _few(words: str) -> bool:
    """A few words (a name), not a sentence: in scripts without spaces, a few characters."""
    return len(words.split()) <= _NAMING_WORDS and len(words) <= 12 * _NAMING_WORDS


@functools.lru_cache(maxsize=4096)
def kind_of(
    url: str,
    kinds: frozenset[ReadmeCover],
    whose: Whose,
    *,
    context: DataContext = DataContext.NONE,
) -> ArtifactKind:
    """A link's kind from what the README analysis found it holds (`kinds`: weights, data or
    both, by `readme.lines.artifact_kinds`), whose its weights are, and what the words around
    a link of no artifact host say of data (`context`, `data_context`); see the module
    docstring for the order."""
    if is_hosted_environment(url):
        return K.DEMO
    if ReadmeCover.WEIGHTS in kinds and (whose is Whose.OWN or ReadmeCover.DATA not in kinds):
        return K.WEIGHTS
    if ReadmeCover.DATA in kinds:
        return K.DATA
    if _NEVER_DATA.search(url):
        context = DataContext.NONE
    # Told to download the data from it, any page is the data: a dataset's paper or its page in
    # a library's documentation too.
    if context is DataContext.FETCHED:
        return K.DATA
    code = code_repository(url)
    if _documentation(url) and code is None:
        return K.DOCUMENTATION
    # A data sentence's or section's other links (a dataset's page) are the data; a repository
    # there is the data only when its own words name it ("[validation set](…)"): else it is
    # code followed or a tool used ("We follow [X] to prepare the data").
    if context is DataContext.NAMED or (context is DataContext.SAID and code is None):
        return K.DATA if not PAPER_LINK.search(url) else K.OTHER
    return K.OTHER if code is None else K.CODE


def _documentation(url: str) -> bool:
    """A documentation site or page: Read the Docs, a `docs.` host, a docs or wiki path."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    host = (parts.hostname or "").casefold()
    return (
        host.endswith(".readthedocs.io")
        or (host.startswith("docs.") and host != "docs.google.com")
        or bool(_DOCUMENTATION_PATH.search(parts.path))
    )


def given(links: Iterable[ArtifactLink]) -> tuple[str, ...]:
    """`artifact_links`: the weights, data and demo links the README gives, in order, each
    once — a demo even where promised, weights and data not; never another work's weights, nor
    a model its code loads by name (checked, but not a link the README writes)."""
    kept = (
        link.url
        for link in links
        if link.kind is K.DEMO
        or (
            not link.promised
            and not link.by_context
            and not link.by_name
            and (link.kind is K.DATA or (link.kind is K.WEIGHTS and link.whose is Whose.OWN))
        )
    )
    return tuple(dict.fromkeys(kept))[:MAX_GIVEN]


def weights_urls(links: Iterable[ArtifactLink]) -> tuple[str, ...]:
    """The paper's own weights the README gives as written (not promised, not an address made
    from a loaded model's name), in order, each once."""
    return tuple(
        dict.fromkeys(
            link.url
            for link in links
            if link.kind is K.WEIGHTS
            and link.whose is Whose.OWN
            and not link.promised
            and not link.by_name
        )
    )


def data_urls(links: Iterable[ArtifactLink]) -> tuple[str, ...]:
    """The data the README gives to download (not promised), in order, each once."""
    return tuple(
        dict.fromkeys(link.url for link in links if link.kind is K.DATA and not link.promised)
    )


start_patterns(globals())  # every pattern above tested first where its matches start
