"""Evidence beside the verdicts: rescued copies of dead code, code found by search."""
