"""Offline runs for notebook 05 (minutes of CPU), stored under ``figures/05_hypercube``.

``python -m puzzles.hypercube.offline extras [--workers N]`` reruns the beyond-the-paper EA/RL
runs at paper scale (alpha = 0.7 on d=4 k=3; EA and RL on T3a-T3c) and writes
``ea_alpha07_runs.csv``, ``ea_t3_runs.csv`` and ``rl_t3_runs.csv`` (seed 2026, no timings);
the notebook reads them when ``EXTRAS`` is False and recomputes them when it is True.
``python -m puzzles.hypercube.offline gods`` writes ``gods_number.csv`` and ``distances.csv``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from puzzles.core import budgets, save_table

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "figures" / "05_hypercube"


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("what", choices=["extras", "gods"])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default=str(DEFAULT_DIR))
    args = ap.parse_args(argv)
    if args.what == "extras":
        from puzzles.hypercube import experiments as ex

        for name, df in ex.run_extras(budgets("hypercube", "paper"), args.seed,
                                      args.workers).items():
            save_table(df.drop(columns=["seconds"]), name, args.out)
    else:
        from puzzles.hypercube import hardness

        gods, dist = hardness.all_gods_numbers(max_d=4)
        save_table(gods, "gods_number", args.out)
        save_table(dist, "distances", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
