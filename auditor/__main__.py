"""`python -m auditor` runs the command line."""

import sys

from auditor.cli import entry

sys.exit(entry())
