"""Finding URLs in prose, class by class of the mess real abstracts carry (sentences of our own,
never the corpus's), and properties that hold for any text."""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.links import is_plausible_host
from auditor.links.scan import find_urls, lost_link


def urls(text: str) -> list[str]:
    return [found.url for found in find_urls(text)]


CLASSES = {
    "markdown-link": [
        ("See [https://github.com/acme/tool](https://github.com/acme/tool).",
         ["https://github.com/acme/tool"]),
        ("[https://acme.github.io/site/](https://acme.github.io/site/)",
         ["https://acme.github.io/site/"]),
        # The text is what the reader sees; the target is where the link leads.
        ("Code: [https://github.com/acme/tool](https://acme.github.io/tool).",
         ["https://acme.github.io/tool"]),
        ("Code is [here](https://github.com/acme/tool).", ["https://github.com/acme/tool"]),
        ("  \n[https://github.com/Acme/Tool-X](https://github.com/Acme/Tool-X)",
         ["https://github.com/Acme/Tool-X"]),
    ],
    "glued-prefix": [
        ("Our code: seehttps://github.com/acme/tool.", ["https://github.com/acme/tool"]),
        ("Code:https://github.com/acme/tool", ["https://github.com/acme/tool"]),
        ("Code is at bluehttps://github.com/acme/tool.", ["https://github.com/acme/tool"]),
        ("Typed twice: htthttps://github.com/acme/tool", ["https://github.com/acme/tool"]),
        ("Page: hhttps://acme.org/x", ["https://acme.org/x"]),
        (r"\textcolor{red}{https://github.com/acme/tool}.", ["https://github.com/acme/tool"]),
    ],
    "scheme-without-slashes": [
        ("Visit http:example.org/x for more.", ["http://example.org/x"]),
        ("Demo at https:somelab.io.", ["https://somelab.io"]),
        ("the http: header is sent", []),
        ("http:foo bar", []),
    ],
    "space-in-url": [
        ("Code: https: //example.org/x.", ["https://example.org/x"]),
        ("Code: https:// example.org/x.", ["https://example.org/x"]),
        ("Code: https://example. org/x.", ["https://example.org/x"]),
        ("Project site https://lab.github. io/tool/ now", ["https://lab.github.io/tool/"]),
        ("Code at gitlab.com/ group/project.", ["https://gitlab.com/group/project"]),
        ("Code at https://github.com/ owner/repo", ["https://github.com/owner/repo"]),
        ("Code at https://github.com/owner/ repo.", ["https://github.com/owner/repo"]),
        # Sentence ends run together, and words after a URL, are not pieces of it.
        ("Code at https://example.org. The results hold.", ["https://example.org"]),
        ("See https://github.com/owner/ and then the rest.", ["https://github.com/owner/"]),
        ("This gives good results.The model.In this setting", []),
        ("Released at https://acme.org/ and the data at x.", ["https://acme.org/"]),
        ("Code at https://acme.org/ Our method wins.", ["https://acme.org/"]),
    ],
    "latex": [
        ("Code at github$.$com/acme/tool.", ["https://github.com/acme/tool"]),
        ("We run llama$.$cpp and OnPrem$.$LLM locally.", []),
        (r"\url{https://github.com/acme/my\_tool}", ["https://github.com/acme/my_tool"]),
        (r"See \href{https://a.org/x}{https://b.org/y}.", ["https://a.org/x"]),
        (r"See \href{https://a.org/x}{our page}.", ["https://a.org/x"]),
        (r"code~\footnote{\url{https://github.com/acme/tool}}.", ["https://github.com/acme/tool"]),
        ("Project page: this https URL.", []),
        (r"\href{this https URL}{this https URL}", []),
    ],
    "bare-domain-after-cue": [
        ("Data and code are available at somelab.io.", ["https://somelab.io"]),
        ("Project page: lab.example.ac.uk/tool.", ["https://lab.example.ac.uk/tool"]),
        ("The benchmark is hosted at bench.acme.edu and open to all.",
         ["https://bench.acme.edu"]),
        ("somelab.io is where we work.", []),  # no cue
        ("The script is available at train.py.", []),  # a file name
        ("The code is available on GitHub.com.", []),  # a code host named, no repository
        ("The weights are available on Foo.IO", []),  # a top-level domain in capitals
        ("See Fig.2 and Table.3 for details.", []),
    ],
    "hard-wrapped": [
        ("Code is available at\nhttps://github.com/acme/tool", ["https://github.com/acme/tool"]),
        ("Code: https://github.com/acme/\ntool here", ["https://github.com/acme/tool"]),
        ("Site: https://lab.github.\nio/tool/", ["https://lab.github.io/tool/"]),
        ("See https://\ngithub.com/acme/tool.", ["https://github.com/acme/tool"]),
        ("Code: https://github.com/acme/deep-\nlearning here", ["https://github.com/acme/deep-learning"]),
        ("See https://acme.org/\nand more", ["https://acme.org/"]),
    ],
    "pdf-residue": [
        ("Code at https://github.com/acme/\u200btool.", ["https://github.com/acme/tool"]),
    ],
    # The end of a URL is cut in one place (`_trim`), for every kind of text alike.
    "trailing-markup": [
        ("**https://github.com/acme/tool**.", ["https://github.com/acme/tool"]),
        ("_https://github.com/acme/tool_, then", ["https://github.com/acme/tool"]),
        ("__https://acme.org/x__", ["https://acme.org/x"]),
        # Without an emphasis opened before it, `_` ends a repository's name.
        ("Code: https://github.com/acme/tool_.", ["https://github.com/acme/tool_"]),
        ("(see https://acme.org/a_(b)), and", ["https://acme.org/a_(b)"]),
        ("Archived: swh:1:dir:" + "ab" * 20 + ").",
         ["swh:1:dir:" + "ab" * 20]),
        ("Archived (swh:1:dir:" + "ab" * 20 + ";origin=https://github.com/acme/tool)!",
         ["swh:1:dir:" + "ab" * 20 + ";origin=https://github.com/acme/tool"]),
    ],
}  # fmt: skip
CASES = [(name, text, expected) for name, cases in CLASSES.items() for text, expected in cases]


@pytest.mark.parametrize(
    ("mess", "text", "expected"), CASES, ids=[f"{c[0]}-{c[1][:30]}" for c in CASES]
)
def test_urls_as_meant(mess: str, text: str, expected: list[str]) -> None:
    assert urls(text) == expected, mess


@pytest.mark.parametrize(
    ("text", "lost"),
    [
        ("Code: this https URL.", True),
        (r"Code~\url{this https URL}.", True),
        ("Project page: this http URL", True),
        ("Our code is at this http URL.", True),
        # arXiv also turns sentence ends it takes for domains into "this http URL".
        ("We measure this http URL the gap closes.", False),
        ("Code: https://github.com/acme/tool.", False),
    ],
)
def test_the_arxiv_placeholder_is_a_lost_link(text: str, lost: bool) -> None:
    assert lost_link(text) is lost
    assert urls(text) == ([] if "github" not in text else ["https://github.com/acme/tool"])


# --- properties ---------------------------------------------------------------------------------

_PIECES = st.sampled_from(
    [
        "https://", "http://", "https: //", "https:// ", "http:", "see", "blue", "Code:", "htt",
        "github.com/", "gitlab.com/", "www.", "$.$", "\\_", "\\url{", "\\href{", "}{", "}", "[",
        "](", ")", "(", "acme", "Tool", "io", "org", "The", "In", ".", ". ", "/", "/ ", "-",
        "_", " ", "\n", "\t", ",", "available at ", "Project page: ", "somelab", "lab.github",
        "this https URL", "@", "\u200b", "é", "。",
    ]
)  # fmt: skip
messy_text = st.lists(_PIECES, max_size=25).map("".join)


def _as_meant(written: str) -> str:
    """What `written` may become: breaks, LaTeX escapes and dots, invisible characters and the
    scheme's own punctuation undone."""
    text = re.sub(r"\s+", "", written).replace("$.$", ".")
    text = re.sub(r"\\([_%#&~])", r"\1", text)
    text = re.sub("[\u00ad\u200b\u2060\ufeff]", "", text)
    return re.sub(r"^(?:https?|ftp):/{0,2}", "", text, flags=re.I)


@settings(max_examples=400)
@given(st.one_of(st.text(), messy_text))
def test_finding_never_raises_and_every_url_is_what_was_written(text: str) -> None:
    for found in find_urls(text):
        assert found.written
        assert found.written in text
        assert re.sub(r"^[a-z]+://", "", found.url, flags=re.I) == _as_meant(found.written)


@settings(max_examples=400)
@given(messy_text)
def test_joining_never_produces_a_url_that_was_not_plausibly_meant(text: str) -> None:
    for found in find_urls(text):
        if re.search(r"\s", found.written.strip()):
            host = re.split(r"[/?#:]", found.url.split("://", 1)[1])[0].rsplit("@", 1)[-1]
            assert is_plausible_host(host), found
            # What follows a break is never a capitalised word of prose.
            for piece in re.split(r"\s+", found.written)[1:]:
                assert not re.fullmatch(r"[A-Z][a-z]+", piece), found


@pytest.mark.parametrize(
    "unit",
    [
        "https://",  # a scheme repeated
        "[https://a.org](",  # link texts without an end
        "github.com/ ",  # known hosts, each followed by a break
        "https://a. b. ",  # unfinished hosts
        "available at a.b ",  # cues
        "\\href{https://a.org/x}{https://b.org/y} ",  # link texts skipped
        "https://a.org/(",  # brackets opened, never closed
    ],
)
def test_finding_stays_linear_on_pathological_text(unit: str) -> None:
    text = unit * (200_000 // len(unit))
    # CPU time, not wall time: other work on the machine must not fail the test.
    started = time.process_time()
    find_urls(text)
    assert time.process_time() - started < 10  # under 1 s here; quadratic would be minutes
