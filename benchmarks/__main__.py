"""Run each ``benchmarks/bench_*.py`` main(), or only the modules named on the command line."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

names = sys.argv[1:] or sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py"))
for name in names:
    stem = name if name.startswith("bench_") else f"bench_{name}"
    module = importlib.import_module(f"benchmarks.{stem}")
    print(f"== {module.__name__}", flush=True)
    module.main()
