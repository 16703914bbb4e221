"""The command line: the only package that prints or exits. `main` dispatches (`main`), the
arguments become settings (`arguments`), `audit`/`merge`/`issue` run (`audit`), `extract`,
`render` and `readme` need no network (`commands`), messages go to stderr (`messages`), and
the exit code says what happened (`exits`).
"""

from auditor.cli.arguments import build_parser, settings_from
from auditor.cli.exits import (
    EXIT_CODES,
    EXIT_FINDINGS,
    EXIT_INTERNAL,
    EXIT_NOTHING_CHECKED,
    EXIT_OK,
    EXIT_PRECEDENCE,
    EXIT_USAGE,
    findings,
)
from auditor.cli.main import entry, main
from auditor.containment import ISSUES_URL

__all__ = [
    "EXIT_CODES",
    "EXIT_FINDINGS",
    "EXIT_INTERNAL",
    "EXIT_NOTHING_CHECKED",
    "EXIT_OK",
    "EXIT_PRECEDENCE",
    "EXIT_USAGE",
    "ISSUES_URL",
    "build_parser",
    "entry",
    "findings",
    "main",
    "settings_from",
]
