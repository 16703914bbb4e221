"""GraphQL facts kept between runs (GraphQL has no conditional requests): a run within
`max_cache_age` reuses an earlier run's `ok`/`moved` answers without asking. The check and the
facts are kept whole (every field, the in-memory ones too) through the one dataclass codec
(`auditor.codec`), with no layout of their own: what is kept is read back as it was."""

from __future__ import annotations

import json
import logging

from auditor.codec import Codec, object_field
from auditor.models import LinkCheck, RepoCheck, RepoFacts

logger = logging.getLogger(__name__)

# api_answers keys of GraphQL facts kept for warm runs, and the format of what is kept.
FACTS_KEY = "graphql-facts:"


# 2: README analysis by sections, forks compared, moves followed; 3: the check and the facts
# in the scorecard's spelling; 4: the check and the facts whole; 5: with the issue tracker's
# reports and the README's classified links, whose weights and data are checked; 6: with the
# committed checkpoints (earlier formats are asked again).
_FACTS_FORMAT = 6
_CODEC = Codec(layout={})


def facts_to_json(answer: RepoCheck, now: float) -> str:
    return json.dumps(
        {
            "format": _FACTS_FORMAT,
            "stored_at": now,
            "check": _CODEC.write(answer.check),
            "facts": None if answer.facts is None else _CODEC.write(answer.facts),
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
        check = _CODEC.read(LinkCheck, object_field(stored, "check", ""), "check")
        facts = _CODEC.read(RepoFacts, object_field(stored, "facts", ""), "facts")
        return RepoCheck(check, facts), age
    except (ValueError, TypeError, KeyError, AttributeError) as error:  # CodecError too
        logger.debug("ignoring unreadable kept GitHub facts: %s", error)
        return None
