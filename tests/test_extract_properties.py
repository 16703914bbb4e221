"""Properties that hold for any input: extraction never raises, normalisation is idempotent."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.extract.collect import Document, extract_documents, find_urls
from auditor.links import normalize_url

# Text that looks like prose citing URLs, so the interesting paths are actually taken.
_URL_PARTS = st.sampled_from(
    [
        "https://", "http://", "HTTPS://", "ftp://", "//", "www.", "github.com/", "GitHub.com/",
        "gitlab.", "hf.co/", "huggingface.co/datasets/", "doi.org/10.5281/zenodo.", ".github.io",
        "anonymous.4open.science/r/", "arxiv.org/abs/", "Foo", "bar", "/", "-", "_", ".", ",",
        ":", ";", "(", ")", "[", "]", "{", "}", "<", ">", "\"", "'", "#", "?", "&", "=", "%",
        "utm_source=x", ".git", ":443", ":80", ":99999", "@", "\\url{", "\\_", "\n", "\r\n", " ",
        "\t", "é", "。", "[::1]", "tree/main", "blob/x", "orgs/", "\x00", "\u2028",
    ]
)  # fmt: skip
urlish_text = st.lists(_URL_PARTS, max_size=30).map("".join)
any_text = st.one_of(st.text(), urlish_text)


@given(any_text)
def test_normalize_url_never_raises_and_is_idempotent(text: str) -> None:
    normalized = normalize_url(text)
    if normalized is not None:
        again = normalize_url(normalized.url)
        assert again is not None
        assert again.url == normalized.url
        assert again.kind == normalized.kind


@given(any_text)
def test_found_urls_are_as_written(text: str) -> None:
    # Each URL is read from a piece of the text, on a line of it.
    for found in find_urls(text, 1, follows_lines=False):
        assert found.url
        assert found.written in text
    lines = text.count("\n") + 1
    assert all(1 <= found.line <= lines for found in find_urls(text))


_NAMES = st.sampled_from(
    ["list.txt", "list.md", "list.html", "list.bib", "list.json", "list.jsonl", "list.csv", "list"]
)
_CONTENT_TYPES = st.sampled_from([None, "text/html", "application/json", "text/csv", "text/plain"])


@settings(max_examples=300)
@given(
    name=_NAMES,
    content_type=_CONTENT_TYPES,
    data=st.one_of(
        st.binary(), any_text.map(str.encode), st.text().map(lambda t: t.encode("utf-16"))
    ),
)
def test_extraction_never_raises(name: str, content_type: str | None, data: bytes) -> None:
    extraction = extract_documents([Document(name, data, content_type)])

    assert len(extraction.inputs) == 1
    assert extraction.inputs[0].papers == len(extraction.papers)
    for paper in extraction.papers:
        assert paper.id.startswith(f"{name}#")
        assert paper.name
    known = {link.url for link in extraction.links}
    assert all(url in known for paper in extraction.papers for url in paper.links)


_STRUCTURED = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | any_text,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                ["title", "abstract", "url", "code", "year", "cdate", "content", "value"]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=15,
)


@given(_STRUCTURED)
def test_any_json_shape_is_read_without_raising(value: object) -> None:
    data = json.dumps(value).encode()

    for name in ("list.json", "list.jsonl"):
        extraction = extract_documents([Document(name, data)])
        assert extraction.inputs[0].papers == len(extraction.papers)
