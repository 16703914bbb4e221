"""The scorecard document (`scorecard.json`): built from an audit, written atomically, read back.

The document is the source of truth: the HTML and Markdown reports are rendered from it alone,
so `auditor render` needs no network. Its shape is a contract others build on: fields are
added, never renamed (`schema_version` stays 1 while changes are additive).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from auditor import __version__, score
from auditor.models import InputSummary, Link, LinkResult, Paper, PaperScore, RepoFacts

SCHEMA_VERSION = 1

Json = dict[str, Any]


class ScorecardError(Exception):
    """A scorecard file that cannot be read; the message is one line for the user."""


@dataclass(frozen=True, slots=True)
class Audit:
    """Everything one run learned, before it becomes a document."""

    generated_at: str
    inputs: tuple[InputSummary, ...]
    papers: tuple[Paper, ...]
    results: tuple[LinkResult, ...]
    scores: Mapping[str, PaperScore] = field(default_factory=dict)
    rubric_version: str | None = None


def paper_json(paper: Paper, score: PaperScore | None = None) -> Json:
    document: Json = {
        "id": paper.id,
        "name": paper.name,
        "title": paper.title,
        "date": paper.date,
        "source": {"path": paper.source.path, "line": paper.source.line},
        "links": list(paper.links),
        "date_source": paper.date_source,
        "notes": list(paper.notes),
    }
    if score is not None:
        document["tier"] = score.tier
        document["score"] = score.score
        document["scored_on"] = score.scored_on
        document["criteria"] = [
            {"id": c.id, "result": c.result, "reason": c.reason, "evidence": list(c.evidence)}
            for c in score.criteria
        ]
    return document


def link_json(link: Link) -> Json:
    document: Json = {
        "url": link.url,
        "kind": link.kind,
        "papers": list(link.papers),
        "occurrences": [asdict(occurrence) for occurrence in link.occurrences],
    }
    if link.found_via is not None:
        document["found_via"] = link.found_via
    return document


def repo_json(facts: RepoFacts) -> Json:
    document = asdict(facts)
    document["readme_covers"] = list(facts.readme_covers)
    return document


def result_json(result: LinkResult) -> Json:
    check = result.check
    document = link_json(result.link)
    document.update(
        outcome=check.outcome,
        http_status=check.http_status,
        final_url=check.final_url,
        detail=check.detail,
        checked_at=check.checked_at,
        redirects=[{"url": hop.url, "status": hop.status} for hop in check.redirects],
        page_title=check.page_title,
        found_via=result.link.found_via,
    )
    if result.repo is not None:
        document["repo"] = repo_json(result.repo)
    return document


def extraction_json(papers: Iterable[Paper], links: Iterable[Link]) -> Json:
    """What `auditor extract --format json` prints: the scorecard's shape, before any check."""
    return {
        "papers": [paper_json(paper) for paper in papers],
        "links": [link_json(link) for link in links],
    }


def build_scorecard(audit: Audit) -> Json:
    papers = [paper_json(paper, audit.scores.get(paper.id)) for paper in audit.papers]
    links = [result_json(result) for result in audit.results]
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "paper-auditor", "version": __version__},
        "rubric_version": audit.rubric_version,
        "generated_at": audit.generated_at,
        "inputs": [asdict(summary) for summary in audit.inputs],
        "summary": score.build_summary(papers, links),
        "papers": papers,
        "links": links,
    }


_encode = json.JSONEncoder(ensure_ascii=False).encode


def dumps(document: Json) -> str:
    """The document with one paper or link per line: readable diffs, and fast — `indent=`
    would drop Python's JSON encoder to its pure-Python path (~6 % of a 20,000-paper run)."""
    parts = []
    for key, value in document.items():
        if isinstance(value, list) and value:
            items = ",\n    ".join(_encode(item) for item in value)
            parts.append(f"  {_encode(key)}: [\n    {items}\n  ]")
        else:
            parts.append(f"  {_encode(key)}: {_encode(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def write_files_atomically(files: Mapping[Path, str]) -> None:
    """Write several reports as one: every temporary file is written and synced before the
    first is renamed into place, so a full disk or an interrupt while writing leaves every
    previous report as it was, never a mix of old and new."""
    written: list[tuple[str, Path]] = []
    try:
        for path, text in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(
                dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
            )
            written.append((temporary, path))
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(text)
                stream.flush()
                os.fsync(stream.fileno())
        for temporary, path in written:
            os.replace(temporary, path)
    except BaseException:
        for temporary, _ in written:
            Path(temporary).unlink(missing_ok=True)
        raise


def load_scorecard(path: Path) -> Json:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScorecardError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ScorecardError(f"{path}: cannot read: {error}") from None
    except json.JSONDecodeError as error:
        raise ScorecardError(f"{path}: not JSON ({error.msg}, line {error.lineno})") from None
    except RecursionError:
        raise ScorecardError(f"{path}: not a paper-auditor scorecard (nested too deeply)") from None
    if not isinstance(document, dict) or document.get("schema_version") != SCHEMA_VERSION:
        raise ScorecardError(f"{path}: not a paper-auditor scorecard (schema_version 1)")
    if not isinstance(document.get("papers"), list) or not isinstance(document.get("links"), list):
        raise ScorecardError(f"{path}: a scorecard needs 'papers' and 'links' lists")
    return document
