"""How often the paper's identity (`auditor.rubric.identity`) calls a real README another work's,
over the corpus READMEs (`../shared/corpus/readmes`, none of which is about another work).

The corpus has no paper titles or arXiv ids: each README is judged for a paper named as its
repository (`owner/fast-seg` → "fast-seg"), the only identity it gives, which is weaker than a
list's title (a name word found anywhere in the README names the paper). The corpus has no
descriptions either, so each README is judged twice: without one, and with the README's own
first line as the description (a description repeating what the README says of itself, the
case where a README naming another work would become a mismatch).

    python -m benchmarks.identity
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

from auditor.models import Inherited, Paper, RepoFacts, SourceRef
from auditor.readme.analysis import with_readme
from auditor.rubric.identity import Identity, judge_identity
from benchmarks.accuracy import DEFAULT_CORPUS


def measure(corpus: Path) -> tuple[Counter[str], list[str]]:
    """Counts of each answer (`mismatch`, `readme of another work`, `inherited (detector)`,
    `own`), and the repositories of every answer but `own` with the work named."""
    folder = corpus / "readmes"
    counts: Counter[str] = Counter()
    named: list[str] = []
    for line in (folder / "labels.jsonl").read_text().splitlines():
        record = json.loads(line)
        text = (folder / "texts" / Path(record["file"]).name).read_text(
            encoding="utf-8", errors="replace"
        )
        repo = record["repo"]
        bare = RepoFacts(repo, True, "corpus", root_files=tuple(record["root_files"]))
        facts = with_readme(
            bare, record.get("readme_path") or "README.md", len(text), text, repository=repo
        )
        paper = Paper(repo, repo.partition("/")[2], None, None, SourceRef(repo, 1))
        identity = Identity.of(paper)
        first = next((s.strip("#= \t") for s in text.splitlines() if s.strip()), "")
        for description in (None, first):
            judged = judge_identity(identity, replace(facts, description=description))
            if judged.other_work is not None:
                counts["mismatch"] += 1
                named.append(f"{repo}: mismatch ({judged.other_work.words})")
            elif judged.inherited_from is not None and description is None:
                detector = facts.readme_inherited
                kind = (
                    "inherited (detector)"
                    if detector is not None and detector.inherited is Inherited.YES
                    else "readme of another work"
                )
                counts[kind] += 1
                named.append(f"{repo}: {kind} ({judged.inherited_from})")
            elif description is None:
                counts["own"] += 1
    return counts, named


def main() -> int:
    if not (DEFAULT_CORPUS / "readmes").is_dir():
        print(f"no corpus at {DEFAULT_CORPUS}", file=sys.stderr)
        return 1
    counts, named = measure(DEFAULT_CORPUS)
    readmes = sum(counts[k] for k in ("own", "readme of another work", "inherited (detector)"))
    print(f"{readmes} corpus READMEs, each judged for a paper named as its repository")
    print(
        f"mismatch (without a description, then the README's first line as one): "
        f"{counts['mismatch']}"
    )
    for kind in ("readme of another work", "inherited (detector)", "own"):
        print(f"{kind}: {counts[kind]}")
    for line in named:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
