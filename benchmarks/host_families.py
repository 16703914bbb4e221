"""Which host families the abstracts of the corpus cite, and which of them we still do not judge
through an API (issue 16's closing note).

    python -m benchmarks.host_families [--corpus DIR] [--json out.json]

Reads `abstracts/truth.jsonl` of the hand-labelled corpus (`$PAPER_AUDITOR_CORPUS`, else
`../shared/corpus/` beside the repository; read, never copied): every URL the authors meant,
with its role (code, project, data, weights, demo, other). Each URL is classified as the
auditor classifies it (`auditor.links.normalize_url`) into a host family: its link kind, or for
plain web links the site (`politeness_key`, `*.github.io` as one). A family is *judged* when an
API gives facts about it (`auditor.pipeline.run.API_KINDS`), *page only* when the link is checked as
a web page, and *link only* for anonymous review mirrors. Prints one row per family, most cited
first."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlsplit

from auditor.links import normalize_url, politeness_key
from auditor.models import LinkKind
from auditor.pipeline.run import API_KINDS
from benchmarks.accuracy import DEFAULT_CORPUS

ROLES = ("code", "project", "data", "weights", "demo", "other")


def family(url: str) -> tuple[str, str]:
    """(host family, how it is judged) of one URL."""
    normal = normalize_url(url)
    if normal is None:
        return "unreadable", "not checked"
    if normal.kind in API_KINDS:
        return normal.kind.value, "judged (API)"
    if normal.kind is LinkKind.ANONYMOUS_REVIEW:
        return normal.kind.value, "link only"
    if normal.kind is LinkKind.GITHUB_PAGES:
        return "github-pages", "page only"
    return politeness_key(urlsplit(normal.url).hostname or ""), "page only"


def measure(corpus: Path) -> list[dict[str, object]]:
    rows: dict[str, Counter[str]] = defaultdict(Counter)
    how: dict[str, str] = {}
    for line in (corpus / "abstracts" / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        for cited in json.loads(line)["urls"]:
            name, judged = family(cited["url"])
            rows[name][cited["role"]] += 1
            how[name] = judged
    table = [
        {"family": name, "judged": how[name], "links": sum(roles.values()), **dict(roles)}
        for name, roles in rows.items()
    ]
    table.sort(key=lambda row: (-int(str(row["links"])), str(row["family"])))
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--json", type=Path, help="write the table as JSON too")
    args = parser.parse_args(argv)
    if not (args.corpus / "abstracts" / "truth.jsonl").is_file():
        print(f"no corpus at {args.corpus} (abstracts/truth.jsonl)", file=sys.stderr)
        return 2
    table = measure(args.corpus)
    print(f"{'family':<28} {'judged':<13} {'links':>5}  " + " ".join(f"{r:>7}" for r in ROLES))
    for row in table:
        roles = " ".join(f"{int(str(row.get(r, 0))):>7}" for r in ROLES)
        print(f"{row['family']:<28} {row['judged']:<13} {row['links']:>5}  {roles}")
    totals: Counter[str] = Counter()
    for row in table:
        totals[str(row["judged"])] += int(str(row["links"]))
        if row["judged"] != "judged (API)":
            totals["code not judged"] += int(str(row.get("code", 0)))
    print("\n" + ", ".join(f"{name}: {count}" for name, count in sorted(totals.items())))
    if args.json:
        args.json.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
