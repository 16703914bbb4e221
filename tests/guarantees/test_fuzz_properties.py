"""Property tests over every parser of untrusted input: no exception escapes, whatever the
bytes. Extraction over random bytes per file name is in tests/test_extract_properties.py; here
are format-shaped inputs and the other parsers (pages, READMEs, bodies, headers, API answers,
the HTML report). Budgets stay small for CI; benchmarks/fuzz_extract.py fuzzes for longer."""

from __future__ import annotations

import asyncio
import json
import re
import time

from bs4 import BeautifulSoup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor import render
from auditor.check import pages
from auditor.config.settings import Settings
from auditor.extract.collect import Document, extract_documents
from auditor.hosts.forges import ForgeFacts
from auditor.hosts.github import GitHubFacts
from auditor.models import (
    Criterion,
    CriterionResult,
    Hop,
    Link,
    LinkCheck,
    LinkKind,
    LinkResult,
    Outcome,
    Paper,
    PaperScore,
    SourceRef,
    Tier,
)
from auditor.net.answer import Headers
from auditor.net.body import CappedBody
from auditor.net.policy import parse_retry_after, server_wait
from auditor.readme.analysis import analyze_readme
from auditor.scorecard import LinkEntry, PaperEntry, Scorecard, Tool
from auditor.scorecard.summary import build_summary
from tests.support.local_servers import plain_fetcher
from tests.support.scripted import Scripted, ScriptedTransport

FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_PIECES = st.sampled_from(
    ["<", ">", "</", "<![", "<!--", "-->", "<!DOCTYPE", "<a href='", "<base href='", "<title>",
     "</title>", "<h1>", "<li>", "<td>", "<footer>", "<script>", "&amp;", "&#", "'", "\"", "=",
     "https://github.com/a/b", "http://zenodo.o\uff1a\u9762x.com/", "http://[::1", "//x",
     "javascript:", "@article{", "title = {", "}", ",", "\\url{", "\n", "\r\n", "\t", " ",
     "| a | b |", "|---|", "```", "# ", "## Installation", "pip install x", "[x](", ")",
     "We present X.", "code coming soon", "\x00", "\ufeff", "é", "404", "Not Found", "{", "[",
     "\"title\": ", "\"url\": ", "title,url", ";", "\u2028"]
)  # fmt: skip
markup = st.lists(_PIECES, max_size=40).map("".join)
texts = st.one_of(markup, st.text(max_size=300))
FORMATS = ["list.md", "list.html", "list.bib", "list.csv", "list.json", "list.jsonl", "list.txt"]


@FAST
@given(name=st.sampled_from(FORMATS), text=texts)
def test_format_shaped_lists_never_raise(name: str, text: str) -> None:
    extraction = extract_documents([Document(name, text.encode("utf-8", "surrogatepass"))])
    assert len(extraction.inputs) == 1
    assert all("\n" not in error for error in extraction.errors)


@FAST
@given(text=texts, root=st.lists(st.sampled_from(["README.md", "CITATION.cff", "x"]), max_size=3))
def test_readme_analysis_never_raises(text: str, root: list[str]) -> None:
    analyze_readme(text, root_files=root)


@FAST
@given(
    body=st.one_of(st.binary(max_size=500), markup.map(str.encode)),
    content_type=st.sampled_from(
        [None, "text/html", "text/html; charset=nope", "text/html; charset=utf-16"]
    ),
    url=st.sampled_from(["https://example.test/p/", "http://[::1]/", "https://a.test/x?y#z"]),
)  # fmt: skip
def test_page_analysis_never_raises(body: bytes, content_type: str | None, url: str) -> None:
    facts = pages.analyse_page(body, url, content_type)
    assert all(link.startswith(("http://", "https://")) for link in facts.code_links)


@FAST
@given(
    encoding=st.sampled_from(["", "gzip", "deflate", "x-gzip", "br", "gzip, gzip", "identity"]),
    chunks=st.lists(st.binary(max_size=300), max_size=8),
    cap=st.integers(0, 2000),
)
def test_capped_body_never_raises_nor_exceeds_the_cap(
    encoding: str, chunks: list[bytes], cap: int
) -> None:
    reader = CappedBody(encoding, cap)
    for chunk in chunks:
        if not reader.feed(chunk):
            break
    assert len(reader.data) <= cap


@FAST
@given(
    value=st.one_of(
        st.text(max_size=60),
        st.sampled_from(["9" * 400, "-1", "Fri, 31 Dec 9999 23:59:59 GMT", "0x10"]),
    )
)
def test_wait_headers_never_raise(value: str) -> None:
    now = time.time()
    wait = parse_retry_after(value, now=now)
    assert wait is None or wait >= 0
    headers = Headers([("retry-after", value), ("x-ratelimit-reset", value)])
    found = server_wait(headers, now=now)
    assert found is None or found >= 0


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(
        st.sampled_from(
            ["data", "errors", "r0", "message", "path", "type", "nameWithOwner", "full_name",
             "isArchived", "licenseInfo", "defaultBranchRef", "rootTree", "readmeMd", "entries",
             "name", "text", "id", "path_with_namespace", "archived", "siblings", "rfilename",
             "cardData", "license", "tags", "lastModified", "content", "encoding", "commit"]
        ),
        children,
        max_size=6,
    ),
    max_leaves=20,
)  # fmt: skip
answers = st.one_of(_JSON.map(json.dumps), st.sampled_from(["[" * 5000, "<html>", "", "{"]))


def _answering(body: str, status: int) -> ScriptedTransport:
    scripted = Scripted(status, body.encode(), {"content-type": "application/json"})
    return ScriptedTransport(lambda _request: scripted)


@FAST
@given(body=answers, status=st.sampled_from([200, 200, 404, 401, 500, 301]), token=st.booleans())
def test_github_answers_of_any_shape_give_a_verdict(body: str, status: int, token: bool) -> None:
    settings_ = Settings(
        github_token="t" if token else None, max_retries=0, max_redirects=2, retry_base_delay=0.0
    )

    async def run() -> None:
        async with plain_fetcher(_answering(body, status)) as fetcher:
            facts = GitHubFacts(fetcher, settings_)
            results = await facts.repos(["ml-lab/x", "ml-lab/y"], host="github.com")
            other = await facts.other("https://github.com/ml-lab/x/issues/1")
        assert {result.check.outcome for result in results.values()} <= set(Outcome)
        assert other.outcome in set(Outcome)

    asyncio.run(run())


@FAST
@given(
    body=answers,
    status=st.sampled_from([200, 200, 404, 401, 500]),
    url=st.sampled_from(["https://gitlab.com/ml-lab/x", "https://huggingface.co/ml-lab/x",
                         "https://huggingface.co/datasets/ml-lab/x"]),
)  # fmt: skip
def test_forge_answers_of_any_shape_give_a_verdict(body: str, status: int, url: str) -> None:
    async def run() -> None:
        async with plain_fetcher(_answering(body, status)) as fetcher:
            forges = ForgeFacts(fetcher, Settings(max_retries=0, retry_base_delay=0.0))
            kind = LinkKind.GITLAB if "gitlab" in url else LinkKind.HUGGINGFACE
            answer = await forges.check(url, kind)
        assert answer.check.outcome in set(Outcome)

    asyncio.run(run())


_HOSTILE = st.sampled_from(
    ["<script>alert(1)</script>", "javascript:alert(1)", "\"><img src=x onerror=alert(1)>",
     "</script><script>alert(1)</script>", "<!--", "]]>", "data:text/html,<script>x</script>",
     "{{7*7}}", "\u2028", "' onmouseover='alert(1)"]
)  # fmt: skip
hostile = st.lists(st.one_of(_HOSTILE, st.text(max_size=10)), min_size=1, max_size=3).map("".join)


@settings(max_examples=40, deadline=None)
@given(title=hostile, url=hostile, detail=hostile, name=hostile)
def test_no_script_from_the_data_reaches_the_html_report(
    title: str, url: str, detail: str, name: str
) -> None:
    link = LinkResult(
        Link(url, LinkKind.WEB, ("p#1",), found_via=url),
        LinkCheck(Outcome.DEAD, detail, "2026-01-01T00:00:00Z", http_status=404, final_url=url,
                  redirects=(Hop(url, 301),), page_title=title),
    )  # fmt: skip
    paper = Paper("p#1", name, title, None, SourceRef(url, 1), (url,))
    score = PaperScore(
        Tier.DEAD, 0, (Criterion("A1", CriterionResult.FAIL, detail, (url,)),), scored_on=url
    )
    document = Scorecard(
        tool=Tool("paper-auditor", "0"), rubric_version=None,
        generated_at="2026-01-01T00:00:00Z", inputs=(),
        summary=build_summary([score], [link]),
        papers=(PaperEntry(paper, score),), links=(LinkEntry(link),),
    )  # fmt: skip
    page = render.render_html(document)
    tree = BeautifulSoup(page, "html.parser")
    assert len(tree.find_all("script")) == 2  # the template's own two
    for element in tree.find_all(True):
        assert not [name for name in element.attrs if name.lower().startswith("on")], element
    for anchor in tree.find_all("a", href=True):
        assert not re.match(r"\s*(javascript|data|vbscript):", str(anchor["href"]), re.I)
    render.render_markdown(document)
