"""Finding, normalising, classifying and de-duplicating links; naming papers; the seed lists."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from auditor.extract.collect import (
    Document,
    extract_documents,
    extract_inputs,
    find_urls,
    paper_name,
)
from auditor.links import NormalizedUrl, normalize_url
from auditor.models import DateSource, LinkKind

ROOT = Path(__file__).resolve().parent.parent
SEED_000 = "examples/000_d643c9357865a2b9.txt"
SEED_003 = "examples/003_96e5ff710e441401.txt"


@pytest.fixture
def in_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed paths are given relative to the repository, as a user would type them."""
    monkeypatch.chdir(ROOT)


# --- the seed lists ----------------------------------------------------------------------------


@pytest.mark.usefixtures("in_root")
def test_seed_links_are_exactly_the_nine_cited() -> None:
    extraction = extract_inputs([SEED_000, SEED_003])

    found = [
        (link.url, link.kind, link.papers, [(o.line, o.raw, o.subpath) for o in link.occurrences])
        for link in extraction.links
    ]

    assert found == [
        (
            "https://github.com/wisdomjoy/qm-libbench",
            LinkKind.GITHUB_REPO,
            (f"{SEED_000}#2",),
            [(5, "https://github.com/WisdomJoy/QM-LibBench", None)],
        ),
        (
            "https://tale17.github.io/diasr",
            LinkKind.GITHUB_PAGES,
            (f"{SEED_000}#4",),
            [(9, "https://tale17.github.io/diasr", None)],
        ),
        (
            "https://sunwoolee0504.github.io/IBAL",
            LinkKind.GITHUB_PAGES,
            (f"{SEED_000}#6",),
            [(13, "https://sunwoolee0504.github.io/IBAL", None)],
        ),
        (
            "https://github.com/deeplearningmethods/pisd",
            LinkKind.GITHUB_REPO,
            (f"{SEED_000}#9",),
            [(19, "https://github.com/deeplearningmethods/PISD", None)],
        ),
        (
            "https://github.com/eethanshi/sdeno",
            LinkKind.GITHUB_REPO,
            (f"{SEED_000}#16",),
            [(33, "https://github.com/EEthanShi/SDENO", None)],
        ),
        (
            "https://github.com/pixelhero98/llapdiffusion",
            LinkKind.GITHUB_REPO,
            (f"{SEED_003}#1",),
            [(3, "https://github.com/pixelhero98/LLapDiffusion", None)],
        ),
        (
            "https://github.com/yazhengliu/memexplainer",
            LinkKind.GITHUB_REPO,
            (f"{SEED_003}#6",),
            [(13, "https://github.com/yazhengliu/MemExplainer", None)],
        ),
        (
            "https://github.com/scxue/ao-gpt-mdm",
            LinkKind.GITHUB_REPO,
            (f"{SEED_003}#8",),
            [(17, "https://github.com/scxue/AO-GPT-MDM", None)],
        ),
        (
            "https://github.com/xinchengsun/rfcmh",
            LinkKind.GITHUB_REPO,
            (f"{SEED_003}#9",),
            [(19, "https://github.com/XinchengSun/RFCMH", None)],
        ),
    ]
    assert extraction.errors == ()
    assert extraction.warnings == ()


@pytest.mark.usefixtures("in_root")
def test_seed_papers_have_ids_lines_and_their_links() -> None:
    extraction = extract_inputs([SEED_000, SEED_003])

    assert len(extraction.papers) == 38
    assert [paper.id for paper in extraction.papers[:2]] == [f"{SEED_000}#1", f"{SEED_000}#2"]
    # The header line is not a paper; abstracts sit on every other line from line 3.
    assert [paper.source.line for paper in extraction.papers[:19]] == list(range(3, 41, 2))
    assert {paper.source.path for paper in extraction.papers} == {SEED_000, SEED_003}
    with_links = {paper.id: paper.links for paper in extraction.papers if paper.links}
    assert with_links == {
        f"{SEED_000}#2": ("https://github.com/wisdomjoy/qm-libbench",),
        f"{SEED_000}#4": ("https://tale17.github.io/diasr",),
        f"{SEED_000}#6": ("https://sunwoolee0504.github.io/IBAL",),
        f"{SEED_000}#9": ("https://github.com/deeplearningmethods/pisd",),
        f"{SEED_000}#16": ("https://github.com/eethanshi/sdeno",),
        f"{SEED_003}#1": ("https://github.com/pixelhero98/llapdiffusion",),
        f"{SEED_003}#6": ("https://github.com/yazhengliu/memexplainer",),
        f"{SEED_003}#8": ("https://github.com/scxue/ao-gpt-mdm",),
        f"{SEED_003}#9": ("https://github.com/xinchengsun/rfcmh",),
    }
    assert all(paper.title is None for paper in extraction.papers)
    # The header line "ICML 2026 …" dates every paper: ICML is held in July.
    assert {(paper.date, paper.date_source) for paper in extraction.papers} == {
        ("2026-07", DateSource.LIST)
    }
    assert [(summary.format, summary.papers) for summary in extraction.inputs] == [
        ("text", 19),
        ("text", 19),
    ]


# Every seed paper whose abstract names what it introduces, and the rule that finds the name.
SEED_NAMES = [
    (SEED_000, 1, "SARDI"),  # "Self-Augmenting Retrieval … (SARDI)", no verb of introduction
    (SEED_000, 2, "QM-LibBench"),  # "We present QM-LibBench, …"; FSCM comes later
    (SEED_000, 3, "PiCCE"),  # "we propose PiCCE (…)", not the earlier "Learning to Defer (L2D)"
    (SEED_000, 4, "DiasR"),  # before "We also construct MuSA-2M"
    (SEED_000, 6, "IBAL"),  # "we propose an interaction-breaking … (IBAL) framework"
    (SEED_000, 9, "PISD"),
    (SEED_000, 11, "A-MemGuard"),  # "\emph{A-MemGuard}", not "Large Language Model (LLM)"
    (SEED_000, 12, "local redundancy"),  # an emphasised term after "We introduce"
    (SEED_000, 14, "ShaplEIG"),  # "$\texttt{ShaplEIG}$"
    (SEED_000, 15, "GENEB"),
    (SEED_000, 16, "SDENO"),  # the repository name: the abstract names nothing
    (SEED_000, 18, "UniMRG"),
    (SEED_003, 1, "LLapDiff"),  # not the repository's "LLapDiffusion"
    (SEED_003, 2, "CMRU"),  # defined after "In this paper"; BMRU is prior work
    (SEED_003, 3, "LatentMAS"),
    (SEED_003, 4, "LDM"),  # "latent distribution matching (LDM)"; SSL is field-wide
    (SEED_003, 6, "MemExplainer"),  # the repository name
    (SEED_003, 7, "GWF"),  # "which we refer to as Generative Wasserstein Flows (GWF)"
    (SEED_003, 8, "AO-GPT-MDM"),  # the repository name; LLMs/MDMs are plural, field-wide
    (SEED_003, 9, "RFCMH"),
    (SEED_003, 11, "MIRA"),
    (SEED_003, 14, "BLCE-G"),  # "Our first algorithm BLCE-G"
    (SEED_003, 15, "DLM"),
    (SEED_003, 16, "ConFlux"),  # "\textbf{ConFlux}"
    (SEED_003, 17, "MORetro*"),  # "MORetro$^\ast$", after "… and introduce"
    (SEED_003, 18, "HMoE"),
]
# The abstracts that introduce no name fall back to their first words.
SEED_FALLBACKS = [
    (SEED_000, 5, "Linear bandits have long been…"),  # OFUL is "the classical" prior work
    (SEED_000, 7, "We study ridge regression and ridge-regularized…"),
    (SEED_000, 8, "This paper studies the use…"),  # KDE is what it studies
    (SEED_000, 10, "Training large language models (LLMs) is…"),
    (SEED_000, 13, "Embedding-based representations in Euclidean space are…"),
    (SEED_000, 17, "We show that Chain-of-Thought (CoT) expands…"),  # CoT, ICGD are findings
    (SEED_000, 19, "Adam is a widely used optimization…"),
    (SEED_003, 5, "While language models achieve impressive results…"),
    (SEED_003, 10, "An agent must try new behaviors…"),
    (SEED_003, 12, "The forward pass of a Transformer…"),
    (SEED_003, 13, "The increasing situational awareness of language…"),
    (SEED_003, 19, "Causal effect estimation is a fundamental…"),
]


@pytest.fixture(scope="module")
def seed_names() -> dict[str, str]:
    extraction = extract_inputs([str(ROOT / SEED_000), str(ROOT / SEED_003)])
    return {paper.id.removeprefix(str(ROOT) + "/"): paper.name for paper in extraction.papers}


def test_every_seed_paper_is_named_or_falls_back() -> None:
    assert len(SEED_NAMES) + len(SEED_FALLBACKS) == 38


@pytest.mark.parametrize(("path", "position", "name"), SEED_NAMES + SEED_FALLBACKS)
def test_seed_paper_names(seed_names: dict[str, str], path: str, position: int, name: str) -> None:
    assert seed_names[f"{path}#{position}"] == name


# --- finding URLs in prose ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "raws"),
    [
        ("Code: https://github.com/a/b", ["https://github.com/a/b"]),
        ("Code: http://github.com/a/b", ["http://github.com/a/b"]),
        (r"Code is available at \url{https://github.com/a/b}.", ["https://github.com/a/b"]),
        (r"See \href{https://github.com/a/b}{our repository}.", ["https://github.com/a/b"]),
        ("See [the code](https://github.com/a/b).", ["https://github.com/a/b"]),
        ("See <https://github.com/a/b>.", ["https://github.com/a/b"]),
        ('<a href="https://github.com/a/b">code</a>', ["https://github.com/a/b"]),
        ("<a href='https://github.com/a/b'>code</a>", ["https://github.com/a/b"]),
        ("code at github.com/a/b.", ["github.com/a/b"]),
        ("code at www.example.org/project.", ["www.example.org/project"]),
        ("project page: tale17.github.io/diasr", ["tale17.github.io/diasr"]),
        (r"\url{https://github.com/a/my\_repo}", [r"https://github.com/a/my\_repo"]),
        ("Two: https://a.org/x and https://b.org/y.", ["https://a.org/x", "https://b.org/y"]),
        ("代码：https://github.com/a/b。", ["https://github.com/a/b"]),
        ("“https://github.com/a/b”", ["https://github.com/a/b"]),
        ("**https://github.com/a/b**", ["https://github.com/a/b"]),
        ("mail me at me@github.com/a or at github.company.com/x", []),
        ("no URL here, only github.com and ftp.", []),
    ],
)
def test_find_urls_shapes(text: str, raws: list[str]) -> None:
    assert [found.written for found in find_urls(text)] == raws


@pytest.mark.parametrize(
    ("text", "raw"),
    [
        ("at https://github.com/a/b.", "https://github.com/a/b"),
        ("at https://github.com/a/b, and", "https://github.com/a/b"),
        ("at https://github.com/a/b; and", "https://github.com/a/b"),
        ("at https://github.com/a/b: and", "https://github.com/a/b"),
        ("(at https://github.com/a/b)", "https://github.com/a/b"),
        ("(at https://github.com/a/b).", "https://github.com/a/b"),
        ("[https://github.com/a/b]", "https://github.com/a/b"),
        (r"\url{https://github.com/a/b}.", "https://github.com/a/b"),
        ('"https://github.com/a/b"', "https://github.com/a/b"),
        ("'https://github.com/a/b'", "https://github.com/a/b"),
        ("at https://github.com/a/b!", "https://github.com/a/b"),
        (
            "see https://en.wikipedia.org/wiki/Python_(programming_language).",
            "https://en.wikipedia.org/wiki/Python_(programming_language)",
        ),
        (
            "(see https://en.wikipedia.org/wiki/Python_(programming_language))",
            "https://en.wikipedia.org/wiki/Python_(programming_language)",
        ),
        ("https://example.org/search?q=a&b=c.", "https://example.org/search?q=a&b=c"),
    ],
)
def test_trailing_punctuation_and_unbalanced_closers_are_dropped(text: str, raw: str) -> None:
    assert [found.written for found in find_urls(text)] == [raw]


@pytest.mark.parametrize(
    ("text", "raws"),
    [
        ("Code: https://github.com/foo/\nbar.", ["https://github.com/foo/bar"]),
        ("Code: https://github.com/foo/\r\nbar.", ["https://github.com/foo/bar"]),
        (
            "Code: https://github.com/foo/deep-\nlearning here",
            ["https://github.com/foo/deep-learning"],
        ),
        ("Code: https://github.com/foo/my_\nrepo here", ["https://github.com/foo/my_repo"]),
        (
            "see https://example.org/docs/\n  v2/index.html now",
            ["https://example.org/docs/v2/index.html"],
        ),
        # A word at the start of the next line is prose, not the rest of the URL.
        ("see https://example.org/\nand more", ["https://example.org/"]),
        ("see https://example.org/a\nb", ["https://example.org/a"]),
        (
            "see https://example.org/a/\nhttps://example.org/b",
            ["https://example.org/a/", "https://example.org/b"],
        ),
    ],
)
def test_urls_wrapped_across_lines(text: str, raws: list[str]) -> None:
    assert [found.url for found in find_urls(text)] == raws


def test_found_urls_carry_their_line() -> None:
    text = "first line\nsecond https://a.org/x\n\nfourth https://b.org/y"

    assert [(found.url, found.line) for found in find_urls(text, 10)] == [
        ("https://a.org/x", 11),
        ("https://b.org/y", 13),
    ]
    assert {found.line for found in find_urls(text, 10, follows_lines=False)} == {10}


# --- normalising and classifying ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        # GitHub repositories: canonical, lower-case, https, sub-path kept aside.
        ("https://github.com/Foo/Bar", ("https://github.com/foo/bar", "github-repo", None)),
        ("GitHub.com/Foo/Bar", ("https://github.com/foo/bar", "github-repo", None)),
        ("http://github.com/foo/bar", ("https://github.com/foo/bar", "github-repo", None)),
        ("https://www.github.com/foo/bar/", ("https://github.com/foo/bar", "github-repo", None)),
        ("https://github.com/foo/bar.git", ("https://github.com/foo/bar", "github-repo", None)),
        ("https://github.com/foo/bar#readme", ("https://github.com/foo/bar", "github-repo", None)),
        ("https://github.com:443/foo/bar", ("https://github.com/foo/bar", "github-repo", None)),
        (
            "https://github.com/foo/bar?utm_source=paper",
            ("https://github.com/foo/bar", "github-repo", None),
        ),
        (
            "https://github.com/foo/bar/tree/main/x",
            # A cited folder or file is a link of its own.
            ("https://github.com/foo/bar/tree/main/x", "github-repo", "/tree/main/x"),
        ),
        (
            "https://github.com/Foo/Bar/blob/main/README.md",
            (
                "https://github.com/foo/bar/blob/main/README.md",
                "github-repo",
                "/blob/main/README.md",
            ),
        ),
        (r"https://github.com/a/my\_repo", ("https://github.com/a/my_repo", "github-repo", None)),
        # Other GitHub pages.
        ("https://github.com/Foo", ("https://github.com/Foo", "github-other", None)),
        ("https://github.com/orgs/foo/repositories", None),
        ("https://github.com/features/copilot", None),
        ("https://github.com/sponsors/foo", None),
        ("https://github.com/settings/profile", None),
        ("https://github.com/marketplace/actions/x", None),
        ("https://github.com/topics/diffusion", None),
        ("https://github.com/collections/ml", None),
        ("https://github.com/apps/dependabot", None),
        ("https://github.com/login", None),
        ("https://github.com/about/careers", None),
        ("https://gist.github.com/foo/abc123", None),
        ("https://raw.githubusercontent.com/foo/bar/main/a.py", None),
        # GitHub Pages keep their path's case; only the host is lower-cased.
        ("https://Foo.GitHub.io/Project", ("https://foo.github.io/Project", "github-pages", None)),
        ("https://foo.github.io", ("https://foo.github.io/", "github-pages", None)),
        # The other kinds.
        ("https://gitlab.com/group/project", ("https://gitlab.com/group/project", "gitlab", None)),
        (
            "https://gitlab.com/group/project/-/tree/main",
            ("https://gitlab.com/group/project", "gitlab", "/-/tree/main"),
        ),
        (
            "https://gitlab.inria.fr/team/tool.git",
            ("https://gitlab.inria.fr/team/tool", "gitlab", None),
        ),
        (
            "https://huggingface.co/org/model",
            ("https://huggingface.co/org/model", "huggingface", None),
        ),
        (
            "https://huggingface.co/datasets/org/data/tree/main",
            ("https://huggingface.co/datasets/org/data", "huggingface", "/tree/main"),
        ),
        (
            "https://hf.co/spaces/org/demo",
            ("https://huggingface.co/spaces/org/demo", "huggingface", None),
        ),
        (
            "https://huggingface.co/papers/2601.00001",
            ("https://huggingface.co/papers/2601.00001", "web", None),
        ),
        ("https://zenodo.org/records/123", ("https://zenodo.org/records/123", "zenodo", None)),
        (
            "https://doi.org/10.5281/zenodo.123",
            ("https://doi.org/10.5281/zenodo.123", "zenodo", None),
        ),
        ("http://dx.doi.org/10.1145/123.456", ("https://doi.org/10.1145/123.456", "doi", None)),
        (
            "https://anonymous.4open.science/r/Tool-1A2B/",
            ("https://anonymous.4open.science/r/Tool-1A2B/", "anonymous-review", None),
        ),
        ("https://arxiv.org/abs/2601.00001", ("https://arxiv.org/abs/2601.00001", "arxiv", None)),
        (
            "http://www.arxiv.org/abs/2601.00001",
            ("https://arxiv.org/abs/2601.00001", "arxiv", None),
        ),
        # The web: scheme and host lower-cased, default port and tracking dropped, path kept.
        (
            "HTTP://Example.ORG:80/A/B?x=1&utm_medium=mail#Part",
            ("http://example.org/A/B?x=1#Part", "web", None),
        ),
        ("https://example.org:8443/a", ("https://example.org:8443/a", "web", None)),
        ("https://example.org/?utm_source=x&utm_campaign=y", ("https://example.org/", "web", None)),
        ("www.example.org/a", ("https://www.example.org/a", "web", None)),
        ("https://user:secret@example.org/a", ("https://example.org/a", "web", None)),
        ("https://example.org./a", ("https://example.org/a", "web", None)),
        ("https://[2001:db8::1]:8080/a", ("https://[2001:db8::1]:8080/a", "web", None)),
        (
            "ftp://ftp.example.org/pub/data.tar.gz",
            ("ftp://ftp.example.org/pub/data.tar.gz", "web", None),
        ),
    ],
)
def test_normalize_url(raw: str, expected: tuple[str, str, str | None] | None) -> None:
    normalized = normalize_url(raw)

    assert normalized is not None
    if expected is None:  # a GitHub page that is no repository: kept as written, but https
        assert normalized.kind is LinkKind.GITHUB_OTHER
        assert normalized.subpath is None
        assert normalized.url.startswith("https://")
    else:
        assert normalized == NormalizedUrl(expected[0], LinkKind(expected[1]), expected[2])


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "   ",
        "not a url",
        "example.org/a",  # no scheme, no `www.`, not a known host
        "github.com",  # a bare code host is a mention, not a link
        "mailto:someone@example.org",
        "javascript:alert(1)",
        "file:///etc/passwd",
        "data:text/plain,hello",
        "https://",
        "https:///path",
        "https://exa mple.org/",
        "https://example.org:99999/",
        "https://example.org:port/",
        "https://[::1/",
        "https://ex\tample.org/",
        "/pdf/abc.pdf",
    ],
)
def test_normalize_url_rejects_what_is_no_usable_url(raw: str) -> None:
    assert normalize_url(raw) is None


# --- de-duplication ----------------------------------------------------------------------------


def test_links_are_deduplicated_across_and_within_papers(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_text(
        "Header\n\n"
        "We propose Alpha. Code: https://github.com/Org/Tool and again github.com/org/tool.\n\n"
        "We propose Beta, see http://GitHub.com/org/tool.git/\n"
        "and https://github.com/org/tool/tree/main/beta.\n\n"
        "We propose Gamma (https://github.com/org/tool#readme) and https://gamma.example.org.\n",
        encoding="utf-8",
    )
    extraction = extract_inputs([str(path)])

    tool, beta, gamma = extraction.links
    ids = [paper.id for paper in extraction.papers]
    assert tool.url == "https://github.com/org/tool"
    assert tool.papers == tuple(ids)
    assert [(o.paper, o.line, o.raw, o.subpath) for o in tool.occurrences] == [
        (ids[0], 3, "https://github.com/Org/Tool", None),
        (ids[1], 5, "http://GitHub.com/org/tool.git/", None),
        (ids[2], 8, "https://github.com/org/tool#readme", None),
    ]
    # A cited folder is a link of its own: it gets its own verdict.
    assert beta.url == "https://github.com/org/tool/tree/main/beta"
    assert [(o.paper, o.subpath) for o in beta.occurrences] == [(ids[1], "/tree/main/beta")]
    assert gamma.url == "https://gamma.example.org/"
    assert [paper.links for paper in extraction.papers] == [
        ("https://github.com/org/tool",),
        ("https://github.com/org/tool", "https://github.com/org/tool/tree/main/beta"),
        ("https://github.com/org/tool", "https://gamma.example.org/"),
    ]


# --- naming ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title", "repository", "name"),
    [
        ("Abstract text.", "SARDI: Self-Augmenting Retrieval", None, "SARDI"),
        ("We present Foo-Net, a network.", "A Long Title Without a Colon", None, "Foo-Net"),
        ("We propose Mamba, a state-space model.", None, None, "Mamba"),
        ("A new method which we call DeepThing is fast.", None, None, "DeepThing"),
        ("We design Graph Neural Kernels (GNK) for graphs.", None, "gnk-code", "GNK"),
        ("Large Language Models (LLMs) are big. We help.", None, "MyTool", "MyTool"),
        (
            "We show that Chain-of-Thought Prompting (CTP) helps.",
            None,
            None,
            "We show that Chain-of-Thought Prompting (CTP)…",
        ),
        ("Results are good.", "The Paper Title", None, "The Paper Title"),
        # A heading or title names the paper before its repository, unless the repository's
        # name is coined from the title.
        ("", "Quiet Otter Diffusion", "vanished", "Quiet Otter Diffusion"),
        ("", "Sparse Wombat Attention", "sparse", "Sparse Wombat Attention"),
        ("", "Sparse Wombat Attention", "b", "Sparse Wombat Attention"),
        ("", "Sparse Wombat Attention", "SWA", "SWA"),
        ("", "Sparse Wombat Attention", "SparseWombat", "SparseWombat"),
        ("Results are good.", None, "vanished", "vanished"),
        ("Results are good.", None, "code", "Results are good"),
        ("", None, None, "(untitled)"),
        # Never a URL or a whole sentence.
        ("", "FlowGen makes videos. Project Page: http://flowgen.example.org/", None, "FlowGen"),
        ("", "TINYNET https://github.com/acme/tinynet", None, "TINYNET"),
        ("", "1. TINYNET: Small Networks", None, "TINYNET"),
        ("", "[3] Small Networks for Edge Devices [code]", None, "Small Networks for Edge Devices"),
        ("", "A Paper Without Code", None, "A Paper Without Code"),
        ("", "https://github.com/acme/tinynet", None, "(untitled)"),
        ("https://acme.org/x hosts the code. It is small.", None, None, "hosts the code…"),
        (
            "",
            "we measure things in depth here. then more words follow in prose.",
            None,
            "we measure things in depth here…",
        ),
    ],
)
def test_paper_name(text: str, title: str | None, repository: str | None, name: str) -> None:
    assert paper_name(text, title, repository) == name


# --- extract_documents, dates, logging ---------------------------------------------------------


def test_paper_name_blanks_the_urls_it_is_given() -> None:
    text = "Code: https://acme.org/x. We introduce BriskNet, a small model."
    at = text.index("https")
    assert paper_name(text, urls=[(at, at + len("https://acme.org/x"))]) == "BriskNet"
    # The spans given are the ones blanked: here none, so the URL's words stay in the prose.
    prose = "See www.otter.org/Quick first. It is small."
    assert paper_name(prose, urls=[]) == "See www.otter.org/Quick first…"
    assert paper_name(prose) == "See first…"  # not given: found by a scan of its own


def test_each_span_of_a_paper_is_scanned_for_urls_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The name rules blank the URLs the links were read from, not those of a second scan."""
    from auditor.extract import collect, naming

    scanned: list[str] = []

    def counting(text: str, *args: object, **kwargs: object) -> list[object]:
        scanned.append(text)
        return find_urls(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(collect, "find_urls", counting)
    monkeypatch.setattr(naming, "find_urls", counting)
    path = tmp_path / "list.md"
    path.write_text("- We introduce OtterNet. Code: https://github.com/acme/otter\n")
    (paper,) = extract_inputs([str(path)]).papers
    assert paper.name == "OtterNet"
    assert len(scanned) == len(set(scanned))


def test_documents_fetched_from_a_url_resolve_relative_links() -> None:
    page = (
        b"<html><body><ul>"
        b'<li><a href="/paper/1">Self-Augmenting Retrieval for Diffusion Models</a>'
        b' <a href="https://github.com/a/sardi">code</a></li>'
        b'<li><a href="paper/2">Another Paper With a Long Title</a></li>'
        b"</ul></body></html>"
    )
    url = "https://proceedings.example.org/2026/index"
    extraction = extract_documents([Document(url, page, "text/html; charset=utf-8")])

    assert [paper.id for paper in extraction.papers] == [f"{url}#1", f"{url}#2"]
    assert extraction.papers[0].links == (
        "https://proceedings.example.org/paper/1",
        "https://github.com/a/sardi",
    )
    assert extraction.papers[1].links == ("https://proceedings.example.org/2026/paper/2",)
    assert extraction.inputs[0].format == "html"


def test_paper_date_fills_only_papers_without_a_date(tmp_path: Path) -> None:
    path = tmp_path / "papers.jsonl"
    path.write_text('{"title": "A", "year": 2024}\n{"title": "B"}\n', encoding="utf-8")

    extraction = extract_inputs([str(path)], paper_date="2026-07")

    assert [paper.date for paper in extraction.papers] == ["2024", "2026-07"]


def test_an_invalid_paper_date_is_ignored_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "papers.jsonl"
    path.write_text('{"title": "A"}\n', encoding="utf-8")

    extraction = extract_inputs([str(path)], paper_date="last summer")

    assert extraction.papers[0].date is None
    assert extraction.warnings == ("paper date 'last summer' is not an ISO 8601 date; ignored",)


def test_errors_and_warnings_are_logged(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    missing = tmp_path / "missing.txt"

    with caplog.at_level(logging.WARNING, logger="auditor.extract.collect"):
        extraction = extract_inputs([str(empty), str(missing)])

    assert extraction.errors == (f"{missing}: no such file",)
    assert extraction.warnings == (f"{empty}: empty input",)
    assert [(record.levelname, record.getMessage()) for record in caplog.records] == [
        ("WARNING", f"{empty}: empty input"),
        ("ERROR", f"{missing}: no such file"),
    ]


def test_a_papers_key_is_its_identifier_and_survives_reordering(tmp_path: Path) -> None:
    entries = [
        "# Lists\n",
        "- ArxivNet https://arxiv.org/abs/2403.01234v2 https://github.com/lab/arxivnet\n",
        "- DoiNet https://doi.org/10.1145/ABC.99 https://zenodo.org/doi/10.5281/zenodo.7\n",
        "- ReviewNet https://openreview.net/forum?id=Xy_z-12 https://github.com/lab/review\n",
        "- TitleNet https://github.com/lab/titlenet\n",
    ]
    first, second = tmp_path / "a.md", tmp_path / "b.md"
    first.write_text("".join(entries), encoding="utf-8")
    second.write_text(entries[0] + "".join(reversed(entries[1:])), encoding="utf-8")

    def keys(path: Path) -> dict[str, str | None]:
        return {paper.name: paper.key for paper in extract_inputs([str(path)]).papers}

    got = keys(first)
    assert got == keys(second)  # ids change with the order; keys do not
    assert got["ArxivNet"] == "arxiv:2403.01234"
    assert got["DoiNet"] == "doi:10.1145/abc.99"  # not the archive's DOI: that names the code
    assert got["ReviewNet"] == "openreview:Xy_z-12"
    assert (got["TitleNet"] or "").startswith("title:")


@pytest.mark.parametrize(
    "repository",
    ["https://gitee.com/lab/suite", "https://huggingface.co/datasets/lab/suite"],
)
def test_papers_citing_different_folders_of_one_repository_get_a_link_each(
    tmp_path: Path, repository: str
) -> None:
    path = tmp_path / "list.txt"
    path.write_text(
        f"We propose Ready. Code: {repository}/tree/main/parts/ready\n\n"
        f"We propose Soon. Code: {repository}/blob/main/parts/soon/run.py\n",
        encoding="utf-8",
    )
    extraction = extract_inputs([str(path)])
    ready, soon = extraction.links
    assert ready.url == f"{repository}/tree/main/parts/ready"
    assert soon.url == f"{repository}/blob/main/parts/soon/run.py"
    assert [paper.links for paper in extraction.papers] == [(ready.url,), (soon.url,)]
