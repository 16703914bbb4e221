"""What the auditor promises under faults (docs/guarantees.md), each promise proven."""
