"""Run each ``benchmarks/bench_*.py`` (or only the modules named on the command line) and merge
their rows into benchmarks/results.csv (``make bench``)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from benchmarks.compare import RESULTS, run_cases, write_results

names = sys.argv[1:] or sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py"))
rows = []
for name in names:
    stem = name if name.startswith("bench_") else f"bench_{name}"
    module = importlib.import_module(f"benchmarks.{stem}")
    print(f"== {module.__name__}", flush=True)
    rows += run_cases(module.cases())
    if hasattr(module, "timing_files"):  # timings that are no ratio (their own files)
        module.timing_files()
write_results(rows)
print(f"{len(rows)} rows merged into {RESULTS}; the README's speed table: "
      "benchmarks.compare.readme_speed()")
