"""Exit codes and findings: the one table `auditor --help` and README show (0 ok; 1 findings; 2
usage or input error; 3 nothing could be checked; 4 internal error), `--fail-on` parsed, the
findings a scorecard holds, and which code wins when several apply (4, then 2, then 1, then 3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from auditor.cli.messages import log
from auditor.containment import ISSUES_URL

if TYPE_CHECKING:
    from auditor.scorecard import Scorecard

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_NOTHING_CHECKED = 3
EXIT_INTERNAL = 4
# The one table of exit codes: README's "Exit codes" and `auditor --help` print it.
EXIT_CODES = (
    (EXIT_OK, "ok"),
    (EXIT_FINDINGS, "findings: what --fail-on names (by default at least one link dead)"),
    (
        EXIT_USAGE,
        "usage or input error: a missing or unreadable list (nothing is written or recorded, "
        "unless --allow-missing), a bad config, a malformed scorecard given to render or merge, "
        "a damaged history (the reports are still written)",
    ),
    (EXIT_NOTHING_CHECKED, "nothing could be checked: no link got a verdict (offline, budget)"),
    (
        EXIT_INTERNAL,
        "internal error: a bug of paper-auditor that stopped the run, or that every link hit (one "
        "that some links hit costs those links: said in the notes); the message says where to "
        "report it",
    ),
)
EXIT_PRECEDENCE = "When several apply: 4, then 2, then 1, then 3."

FAIL_ON_HELP = (
    "comma-separated: dead (any link dead; the default), new-dead (a link that died since the "
    "previous run, or is new and dead), placeholder (a paper whose code is a placeholder), "
    "overdue (a paper with an overdue promise: code, weights or an anonymous review link still "
    "open past the grace days after its date), tier-below:TIER (a paper with code below TIER), "
    "never"
)


class UsageError(Exception):
    """A bad argument; the message is one line for the user (exit 2)."""


def exit_code_help() -> str:
    """The exit-code table as `--help` prints it."""
    rows = "\n".join(f"  {code}  {meaning}" for code, meaning in EXIT_CODES)
    return f"exit codes:\n{rows}\n{EXIT_PRECEDENCE}"


def parse_fail_on(text: str) -> tuple[str, ...]:
    from auditor.models import CODE_TIERS  # the vocabulary: not loaded by `--help`

    rules = tuple(part.strip() for part in text.split(",") if part.strip())
    for rule in rules:
        if rule in ("dead", "new-dead", "placeholder", "overdue", "never"):
            continue
        name = rule.removeprefix("tier-below:")
        if rule.startswith("tier-below:") and name in {tier.value for tier in CODE_TIERS}:
            continue
        raise UsageError(f"--fail-on: unknown value {rule!r} ({FAIL_ON_HELP})")
    return rules or ("dead",)


def findings(card: Scorecard, rules: Sequence[str]) -> list[str]:
    """The `--fail-on` rules the scorecard trips, each as a short sentence."""
    from auditor.models import TIER_RANK, Tier  # not loaded by `--help`
    from auditor.scorecard.dead_links import new_dead
    from auditor.scorecard.rejudging import is_rejudged

    found: list[str] = []
    # What the rules changed on this run, not the world, fails nothing (`rejudged`): the next
    # run, under the same rules, counts it.
    tiers = [
        paper.score.tier
        for paper in card.papers
        if paper.score is not None and not is_rejudged(paper)
    ]
    if "dead" in rules:
        dead = sum(entry.counts_as_dead and not is_rejudged(entry) for entry in card.links)
        if dead:
            found.append(f"{dead} dead link(s)")
    if "new-dead" in rules:
        newly = len(new_dead(card))
        if newly:
            found.append(f"{newly} newly dead link(s)")
    if "placeholder" in rules:
        placeholders = sum(1 for tier in tiers if tier == Tier.PLACEHOLDER)
        if placeholders:
            found.append(f"{placeholders} paper(s) with placeholder code")
    if "overdue" in rules:
        overdue = sum(1 for paper in card.papers if paper.score and paper.score.overdue)
        if overdue:
            found.append(f"{overdue} paper(s) with an overdue promise")
    for rule in rules:
        if rule.startswith("tier-below:"):
            floor = Tier(rule.removeprefix("tier-below:"))
            # Below the floor in the tier order; no code has none to hold to a floor, and an
            # unknown paper is not decided.
            below = [
                tier
                for tier in tiers
                if TIER_RANK[tier] < TIER_RANK[floor] and tier not in (Tier.NO_CODE, Tier.UNKNOWN)
            ]
            if below:
                found.append(f"{len(below)} paper(s) with code below {floor}")
    return found


def exit_code(
    card: Scorecard, rules: Sequence[str], input_errors: bool, *, internal_errors: int = 0
) -> int:
    """The one exit code of a run that wrote its reports: 4, then 2, then 1, then 3."""
    from auditor.models import Outcome

    problems = findings(card, rules) if "never" not in rules else []
    for problem in problems:
        log.warning("%s", problem)
    links = card.links
    # Each contained failure was said and noted where it happened; only a run that judged
    # nothing for them is one.
    if links and internal_errors == len(links):
        log.error(
            "every link hit an internal error (a bug of paper-auditor; they are unchecked): "
            "please report it at %s",
            ISSUES_URL,
        )
        return EXIT_INTERNAL
    if input_errors:
        return EXIT_USAGE
    if problems:
        return EXIT_FINDINGS
    if links and all(entry.outcome == Outcome.UNCHECKED for entry in links):
        log.warning("no link got a verdict: nothing could be checked")
        return EXIT_NOTHING_CHECKED
    return EXIT_OK
