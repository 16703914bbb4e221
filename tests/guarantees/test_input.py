"""Bad input files, through the command line: a clear one-line error for the whole file or a
per-paper note, never a traceback; and nothing from an input becomes a script in the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from auditor import cli
from tests.support.local_servers import html, serve

HOSTILE_INPUTS: dict[str, bytes] = {
    "deep.json": b"[" * 100_000,
    "deep-sniffed": b"[" * 60_000 + b"\n{}\n{}\n",  # once a RecursionError while sniffing
    "deep.bib": b"@article{x, title={" + b"{" * 100_000 + b"}",
    "huge-field.csv": b"title,url\n" + b'"' * 1_000_000,
    "rejected.html": "<![ç x\n<ul><li>We present X. https://github.com/a/b</li></ul>".encode(),
    "bad-base.html": "<base href='http://a.o\uff1a\u9762x.com/'><ul><li>We present X, a "
    "model. <a href='/x'>code</a></li></ul>".encode(),
    "binary.txt": bytes(range(256)) * 10,
    "utf16.md": "We present X. https://github.com/a/b".encode("utf-16"),
    "latin1.txt": "A list\n\nWe present Café. https://github.com/a/b".encode("latin-1"),
    "empty.json": b"",
}


@pytest.mark.parametrize("name", list(HOSTILE_INPUTS))
def test_any_input_file_gives_an_answer_never_a_traceback(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / name
    path.write_bytes(HOSTILE_INPUTS[name])
    code = cli.main(["extract", str(path), "--format", "json"])
    captured = capsys.readouterr()
    assert code in (cli.EXIT_OK, cli.EXIT_USAGE)
    assert "Traceback" not in captured.err
    json.loads(captured.out)  # the listing is still whole
    for line in captured.err.splitlines():
        assert line.startswith("auditor: "), line  # one line per message


def test_missing_and_folder_inputs_are_errors_the_rest_still_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.txt"
    good.write_text("A list\n\nWe present X. https://github.com/a/b\n")
    code = cli.main(["extract", str(tmp_path / "missing.txt"), str(tmp_path), str(good)])
    captured = capsys.readouterr()
    assert code == cli.EXIT_USAGE
    assert "Traceback" not in captured.err
    assert "github.com/a/b" in captured.out


def test_no_script_from_a_page_title_list_or_url_reaches_the_report(tmp_path: Path) -> None:
    evil = "<script>window.__pwned=1</script>"
    # The entities make the title's text the script itself, as a browser would read it.
    page = html("<title>&lt;script&gt;window.__pwned=1&lt;/script&gt;</title><h1>x</h1>")
    with serve({"/p": page}) as server:
        paper_list = tmp_path / "list.md"
        paper_list.write_text(
            f"# A list\n\n- **{evil}** We present Evil. Page: {server.url('/p')} "
            f"and {server.url('/p?<script>x</script>')}, also javascript:alert(1)\n",
            encoding="utf-8",
        )
        out = tmp_path / "out"
        cli.main(
            ["audit", str(paper_list), "--out", str(out), "--allow-private", "127.0.0.0/8",
             "--no-cache", "--dns-canary", "localhost", "--fail-on", "never"],
            environ={},
        )  # fmt: skip
    document = json.loads((out / "scorecard.json").read_text())
    assert any(link.get("page_title") == evil for link in document["links"])
    tree = BeautifulSoup((out / "index.html").read_text(), "html.parser")
    assert len(tree.find_all("script")) == 2  # the template's own
    assert "window.__pwned=1" not in "".join(
        script.get_text() for script in tree.find_all("script") if script.get("id") is None
    )
    assert not [a for a in tree.find_all("a", href=True) if "javascript:" in str(a["href"])]
    assert "<script>" not in (out / "summary.md").read_text()


# --- long URLs: the finder's limit is --max-url-length -----------------------------------------

_LONG_LISTS = {
    "list.txt": "A list\n\nWe present Long, a model. Code: {url}\n",
    "list.md": "# A list\n\n- We present Long, a model. Code: {url}\n",
    "list.json": '[{{"title": "Long", "abstract": "We present Long. Code: {url}"}}]',
    "list.csv": "title,abstract\nLong,We present Long. Code: {url}\n",
    "list.bib": "@article{{long, title={{Long}}, note={{Code: {url}}}}}\n",
    "list.html": '<ul><li>We present Long, a model. <a href="{url}">code</a></li></ul>',
}


@pytest.mark.parametrize("name", list(_LONG_LISTS))
def test_a_url_up_to_max_url_length_is_checked_whole_and_a_longer_one_is_unsupported(
    name: str, tmp_path: Path
) -> None:
    path = "/" + "a" * 3000  # longer than the finder's old fixed cut (2,048)
    with serve({path: html("<title>Long</title>")}) as server:
        url = server.url(path)
        (tmp_path / name).write_text(_LONG_LISTS[name].format(url=url))

        def audit(limit: int) -> dict[str, object]:
            out = tmp_path / f"out-{limit}"
            cli.main(
                ["audit", str(tmp_path / name), "--out", str(out), "--allow-private",
                 "127.0.0.0/8", "--no-cache", "--dns-canary", "localhost",
                 "--max-url-length", str(limit)],
                environ={},
            )  # fmt: skip
            (link,) = json.loads((out / "scorecard.json").read_text())["links"]
            assert isinstance(link, dict)
            return link

        whole = audit(len(url))
        assert (whole["url"], whole["outcome"]) == (url, "ok")
        assert [request.path for request in server.requests] == [path]

        cut = audit(len(url) - 1)
        assert cut["outcome"] == "unsupported"
        assert str(cut["url"]).endswith(f"[cut: {len(url):,} characters]")  # shown cut
        assert len(server.requests) == 1  # a prefix is never checked
