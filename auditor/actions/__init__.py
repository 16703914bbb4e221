"""GitHub Actions: the job summary, outputs, annotations and the tracking issue."""
