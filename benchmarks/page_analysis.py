"""Page analysis alone: CPU per call of `auditor.check.pages.analyse_page` on a 50 KB project
page (a real project page's median size: navigation, authors, abstract, figures, a BibTeX block,
inline script and style, a template credit in the footer), and on the benchmark world's small
page (`benchmarks.fake_web.page_html`).

    python -m benchmarks.page_analysis [--runs 200]

Prints the median and the best of `--runs` calls (process CPU time per call), and the page
sizes. BENCH_AUDITOR_ROOT=DIR measures another checkout's `auditor` package (figures before a
change).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [os.environ.get("BENCH_AUDITOR_ROOT") or str(ROOT), str(ROOT)]

from auditor.check.pages import analyse_page  # noqa: E402
from benchmarks.fake_web import page_html  # noqa: E402

URL = "https://lab.example.org/project/"
TARGET_BYTES = 50_000


def project_page(target: int = TARGET_BYTES) -> bytes:
    """A project page of about `target` bytes, written as such pages are."""
    head = (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        "<title>Robust Learning from Data: project page</title>"
        "<link rel='stylesheet' href='/static/css/bulma.min.css'>"
        "<style>"
        + "".join(f".c{i}{{margin:{i}px;padding:{i % 7}px}}" for i in range(120))
        + "</style>"
        "<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}"
        "gtag('js',new Date());gtag('config','G-XXXX');</script></head><body>"
        "<nav class='navbar'><a href='/'>Home</a> <a href='#abstract'>Abstract</a> "
        "<a href='#bibtex'>BibTeX</a></nav><section class='hero'><h1 class='title'>Robust "
        "Learning from Data</h1><div class='authors'>"
        + "".join(
            f"<span class='author'><a href='https://people.example.org/a{i}'>Author {i}</a>"
            f"<sup>{i % 3 + 1}</sup></span>, "
            for i in range(12)
        )
        + "</div><div class='links'><a class='button' href='https://arxiv.org/abs/2601.00001'>"
        "<span class='icon'><i class='ai ai-arxiv'></i></span><span>arXiv</span></a> "
        "<a class='button' href='https://github.com/vislab/robust-learning'><span>Code</span></a> "
        "<a class='button' href='https://huggingface.co/vislab/robust-learning'><span>Model</span>"
        "</a> <a class='button' href='https://www.youtube.com/watch?v=abc'>Video</a></div>"
        "</section><section id='abstract'><h2>Abstract</h2>"
    )
    tail = (
        "<section id='bibtex'><h2>BibTeX</h2><pre><code>@inproceedings{lab2026robust,\n"
        "  title={Robust Learning from Data},\n  author={Author, One and Author, Two},\n"
        "  booktitle={ICML},\n  year={2026}\n}</code></pre></section>"
        "<footer class='footer'><p>This website is licensed under a Creative Commons licence. "
        "Website template borrowed from "
        "<a href='https://github.com/nerfies/nerfies.github.io'>Nerfies</a>.</p></footer>"
        "<script src='/static/js/index.js'></script></body></html>"
    )
    parts = [head]
    size = len(head) + len(tail)
    index = 0
    while size < target:
        section = (
            f"<div class='columns c{index % 120}'><div class='column'><h3>Result {index}</h3>"
            f"<p>We describe the method, the experiments and the results of part {index} in "
            "detail, with <em>figures</em>, <strong>tables</strong> and a video of the "
            "qualitative results; see <a href='#abstract'>the abstract</a> and "
            f"<a href='https://arxiv.org/abs/2601.0{index % 10}001'>the paper</a>.</p>"
            f"<figure><img src='/static/images/fig{index}.png' alt='Figure {index}'>"
            f"<figcaption>Figure {index}: qualitative comparison.</figcaption></figure>"
            "</div></div>\n"
        )
        parts.append(section)
        size += len(section)
        index += 1
    parts.append("</section>" + tail)
    return "".join(parts).encode()


def cpu_per_call(body: bytes, runs: int) -> tuple[float, float]:
    """(median, best) process CPU seconds of one `analyse_page` call."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        analyse_page(body, URL, "text/html; charset=utf-8")
        times.append(time.process_time() - start)
    return statistics.median(times), min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    print("| page | bytes | median CPU per call | best |")
    print("|:--|---:|---:|---:|")
    pages = (
        ("project page", project_page()),
        ("benchmark world's page", page_html("Robust Learning from Data", URL + "code")),
    )
    for name, body in pages:
        median, best = cpu_per_call(body, args.runs)
        print(f"| {name} | {len(body):,} | {median * 1000:.2f} ms | {best * 1000:.2f} ms |")


if __name__ == "__main__":
    main()
