"""The report templates compiled ahead of time (see `auditor.render.shipped`): generated,
never edited by hand."""
