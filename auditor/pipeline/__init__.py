"""The audit's order and concurrency: read, check, harvest, gather facts, score."""
