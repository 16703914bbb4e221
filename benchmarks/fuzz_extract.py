"""Coverage-guided fuzzing of the extractor with atheris, for a fixed time budget (not in CI).

Every input format goes through `extract_documents` (the file name picks the format, or none
for content sniffing), and the README analyser and URL normaliser get the same bytes as text.
Any exception that escapes is a crash: atheris stops and writes the input to `crash-*`.

    pip install atheris
    python benchmarks/fuzz_extract.py -max_total_time=300 -rss_limit_mb=2048 \
        benchmarks/out/fuzz_corpus tests/assets/lists

The figures (executions, crashes) are printed on exit and recorded in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import logging
import sys
import time

import atheris

with atheris.instrument_imports():
    from auditor.extract.collect import Document, extract_documents
    from auditor.links import normalize_url
    from auditor.readme.analysis import analyze_readme

NAMES = ("list", "list.txt", "list.md", "list.html", "list.bib", "list.json", "list.jsonl",
         "list.csv")  # fmt: skip
CONTENT_TYPES = (None, "text/html", "application/json", "text/csv", "text/plain")
_runs = [0]
_started = time.monotonic()


def one_input(data: bytes) -> None:
    _runs[0] += 1
    provider = atheris.FuzzedDataProvider(data)
    name = NAMES[provider.ConsumeIntInRange(0, len(NAMES) - 1)]
    content_type = CONTENT_TYPES[provider.ConsumeIntInRange(0, len(CONTENT_TYPES) - 1)]
    body = provider.ConsumeBytes(provider.remaining_bytes())
    extraction = extract_documents([Document(name, body, content_type)])
    assert len(extraction.inputs) == 1
    text = body.decode("utf-8", errors="replace")
    analyze_readme(text)
    normalize_url(text[:2000])


def main() -> None:
    import atexit

    logging.disable(logging.CRITICAL)  # extraction warns about bad input: noise here

    def report() -> None:
        elapsed = time.monotonic() - _started
        print(
            f"fuzz_extract: {_runs[0]} executions in {elapsed:.0f} s "
            f"({_runs[0] / max(elapsed, 1e-9):.0f}/s)",
            file=sys.stderr,
        )

    atexit.register(report)
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
