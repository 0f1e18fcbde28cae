"""Speed and memory measurements; `python -m benchmarks [name ...]` runs them (`make bench`)."""
