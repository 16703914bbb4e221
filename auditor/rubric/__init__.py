"""The rubric: the registry of criteria, the evidence rules read, the rules, the score."""
