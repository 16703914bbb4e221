"""Hostile inputs, by size: what a paper list or a project page can hold to make the auditor work
without a bound. The tests count the operations they cost (tests/support/counting.py);
benchmarks/hostile.py times them end to end."""

from __future__ import annotations

import json

from tests.support.local_servers import Reply, Route


def repository(n: int) -> str:
    return f"https://github.com/owner{n}/repo{n}"


def page_of_links(links: int, *, words: str = "and") -> str:
    """A project page whose one paragraph holds `links` repository links (harvesting it was
    quadratic: the credit check read the whole paragraph for every link)."""
    anchors = f" {words} ".join(f'<a href="{repository(n)}">code {n}</a>' for n in range(links))
    return f"<html><head><title>Project</title></head><body><p>Code: {anchors}.</p></body></html>"


def nested_items(depth: int) -> str:
    """An HTML list of `depth` list items each inside the one before (unclosed `<li>`s nest in
    html.parser), every one a paper with a link (each item read its whole sub-tree)."""
    items = "".join(
        f"<li>We present Net{n}, a method. Code: {repository(n)} and more words "
        for n in range(depth)
    )
    return f"<html><body><ul>{items}</ul></body></html>"


def nested_lists(depth: int) -> str:
    """An HTML list nested `depth` levels deep (`<ul><li>…<ul><li>…`)."""
    opening = "".join(f"<ul><li>paper {n} words here now {repository(n)} " for n in range(depth))
    return f"<html><body>{opening}{'</li></ul>' * depth}</body></html>"


def markdown_nesting(items: int) -> str:
    """A Markdown list of `items` items, each indented one step more than the one before (up to
    a hundred levels, then again), with lines a naive heading or table pattern backtracks on."""
    lines = ["# A list" + " " * 64 + "x", " " * 64 + "|" + " " * 64 + "-"]
    for n in range(items):
        lines.append("  " * (n % 100) + f"- We present Net{n}, a method. Code: {repository(n)}")
        if n % 10 == 0:
            lines.append(" " * 200 + "x")
    return "\n".join(lines) + "\n"


def markdown_deep(lines: int) -> str:
    """One Markdown list item with `lines` sub-items under it, each indented one step more
    than the one before (up to 400 levels, then again), every one citing a link."""
    body = [f"- We present DeepNet, a method. Code: {repository(0)}"]
    for n in range(1, lines):
        body.append("  " * (1 + n % 400) + f"- step {n} of the method, see {repository(n)}")
    return "\n".join(body) + "\n"


def markdown_section(paragraphs: int) -> str:
    """One Markdown section of `paragraphs` short paragraphs (the section's text was joined
    again at every paragraph's end)."""
    body = "\n\n".join(f"Short note {n}." for n in range(paragraphs))
    return f"# List\n\n## A section\n\n{body}\n"


def paragraph_of_urls(urls: int) -> str:
    """A text list whose one paragraph cites `urls` URLs on one line."""
    cited = " ".join(f"https://site{n}.example.org/p" for n in range(urls))
    return f"A list\n\nWe present X, a method. {cited}\n"


def shared_link(papers: int) -> str:
    """A text list of `papers` papers, all citing one repository."""
    paragraphs = [
        f"We present Net{n}, a method for things. Code: https://github.com/acme/shared."
        for n in range(papers)
    ]
    return "A list\n\n" + "\n\n".join(paragraphs) + "\n"


def long_url(length: int) -> str:
    """An HTML list with one paper whose link is `length` characters long."""
    url = "https://example.org/" + "a" * (length - len("https://example.org/"))
    return (
        "<html><body><ul><li>We present LongNet, a method with code at "
        f'<a href="{url}">this link</a></li></ul></body></html>'
    )


def huggingface_listing(repo_id: str, files: int) -> dict[str, Route]:
    """A Hugging Face API (the Hub's `GET /api/models/{id}`) listing `files` siblings at the top
    of one model, and its card: the file lists of host APIs are uncapped."""
    siblings = [{"rfilename": "README.md"}] + [
        {"rfilename": f"shard-{n:07}.safetensors"} for n in range(files - 1)
    ]
    model = {"id": repo_id, "private": False, "siblings": siblings, "tags": []}
    json_type = (("Content-Type", "application/json"),)
    return {
        f"/api/models/{repo_id}": Reply(200, json.dumps(model).encode(), json_type),
        f"/{repo_id}/resolve/main/README.md": Reply(200, b"# Many\n"),
    }


def description_html(elements: int) -> str:
    """A host's description (HTML, as Zenodo's `metadata.description`) of `elements` paragraphs
    after an install section: parsed whole, 36 MB of it took 84 s of CPU and 4.9 GB."""
    return "<h2>Installation</h2><pre>pip install recordnet</pre>" + "<p>more words</p>" * elements
