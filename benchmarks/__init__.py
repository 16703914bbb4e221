"""Speed and memory benchmarks; see benchmarks/README.md."""
