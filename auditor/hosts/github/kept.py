"""GraphQL facts kept between runs (GraphQL has no conditional requests): a run within
`max_cache_age` reuses an earlier run's `ok`/`moved` answers without asking."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict

from auditor.models import (
    LicenseClass,
    LinkCheck,
    Outcome,
    ReadmeCover,
    ReadmeEvidence,
    Release,
    RepoCheck,
    RepoFacts,
)

logger = logging.getLogger(__name__)

# api_answers keys of GraphQL facts kept for warm runs, and the format of what is kept.
FACTS_KEY = "graphql-facts:"


_FACTS_FORMAT = 2  # 2: README analysis by sections, forks compared, moves followed


def facts_to_json(answer: RepoCheck, now: float) -> str:
    check = answer.check
    return json.dumps(
        {
            "format": _FACTS_FORMAT,
            "stored_at": now,
            "check": {
                "outcome": check.outcome.value,
                "detail": check.detail,
                "checked_at": check.checked_at,
                "http_status": check.http_status,
                "final_url": check.final_url,
            },
            "facts": asdict(answer.facts) if answer.facts is not None else None,
        }
    )


def facts_from_json(text: str, max_age: float, now: float) -> tuple[RepoCheck, float] | None:
    """A kept answer younger than `max_age` seconds, and its age; None when stale or
    unreadable."""
    try:
        stored = json.loads(text)
        age = now - float(stored["stored_at"])
        if stored.get("format") != _FACTS_FORMAT or age > max_age:
            return None
        raw = stored["check"]
        check = LinkCheck(
            Outcome(raw["outcome"]),
            raw["detail"],
            raw["checked_at"],
            http_status=raw["http_status"],
            final_url=raw["final_url"],
        )
        data = dict(stored["facts"])
        release = data.get("latest_release")
        data.update(
            license_class=LicenseClass(data["license_class"]) if data["license_class"] else None,
            readme_covers=tuple(ReadmeCover(c) for c in data["readme_covers"]),
            readme_evidence=tuple(
                ReadmeEvidence(ReadmeCover(e["cover"]), int(e["line"]), str(e["excerpt"]))
                for e in data["readme_evidence"]
            ),
            artifact_links=tuple(data["artifact_links"]),
            readme_citation_titles=tuple(data.get("readme_citation_titles", ())),
            root_files=tuple(data["root_files"]),
            env_files=tuple(data["env_files"]),
            latest_release=Release(release["tag"], release["date"]) if release else None,
            skipped=tuple(data.get("skipped", ())),
            supplements=tuple(data.get("supplements", ())),
        )
        return RepoCheck(check, RepoFacts(**data)), age
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        logger.debug("ignoring unreadable kept GitHub facts: %s", error)
        return None
