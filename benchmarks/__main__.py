"""``python -m benchmarks [module ...] [--max-load L]``: run each ``benchmarks/bench_*.py`` (or
only the modules named) and merge their rows into benchmarks/results.csv (``make bench``); a row
measured above the load limit is printed but not written."""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

from benchmarks.compare import MAX_LOAD, RESULTS, quiet_enough, run_cases, write_results

MODULES = sorted(p.stem.removeprefix("bench_") for p in Path(__file__).parent.glob("bench_*.py"))


def main(argv: list[str] | None = None) -> int:
    """Run the chosen benchmark modules; return 0, or 1 when a row was refused for load."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Time our code against a baseline that does the same work, side by side, "
                    "and merge the rows into benchmarks/results.csv.")
    parser.add_argument("modules", nargs="*", metavar="MODULE",
                        help=f"benchmark modules to run (default: all of {', '.join(MODULES)})")
    parser.add_argument("--max-load", type=float, default=MAX_LOAD,
                        help="write no row measured above this 1-minute load average "
                             f"(default {MAX_LOAD} on the project's 2 cores)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.modules) - set(MODULES))
    if unknown:
        parser.error(f"no benchmark module {', '.join(unknown)}; known: {', '.join(MODULES)}")
    rows, refused = [], []
    for name in args.modules or MODULES:
        module = importlib.import_module(f"benchmarks.bench_{name}")
        print(f"== {module.__name__}", flush=True)
        for row in run_cases(module.cases()):
            (rows if quiet_enough(row, args.max_load) else refused).append(row)
        if hasattr(module, "timing_files"):  # timings that are no ratio (their own files)
            module.timing_files()
    write_results(rows)
    print(f"{len(rows)} rows merged into {RESULTS}; the README's speed table: "
          "benchmarks.compare.readme_speed()")
    for row in refused:
        print(f"not written: {row['benchmark']} was measured at load {row['load']} "
              f"(above {args.max_load}); rerun it on a quieter machine")
    return 1 if refused else 0


if __name__ == "__main__":
    raise SystemExit(main())
