"""Offline runs for notebook 05 (minutes of CPU), stored under ``figures/05_hypercube``.

``python -m puzzles.hypercube.offline extras [--workers N] [--only NAME ...]`` reruns the
beyond-the-paper EA/RL runs at paper scale (alpha = 0.7 on d=4 k=3; EA and RL on T3a-T3c and on
the hardest start of each (d, k) with d <= 4) and writes ``ea_alpha07_runs.csv``,
``ea_t3_runs.csv``, ``rl_t3_runs.csv``, ``ea_far_runs.csv`` and ``rl_far_runs.csv`` (seed 2026,
no timings; ``--only`` picks some of them);
the notebook reads them when ``EXTRAS`` is False and recomputes them when it is True.
``python -m puzzles.hypercube.offline gods`` writes ``gods_number.csv`` and ``distances.csv``;
``python -m puzzles.hypercube.offline d5`` writes ``puzzles/hypercube/data/distances_d5k4.csv``,
the distances of the paper's d=5 k=4 target's component from it (87 million configurations:
about 2 minutes and 9 GB of memory).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from puzzles.core import budgets, save_table

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "figures" / "05_hypercube"


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("what", choices=["extras", "gods", "d5"])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default=str(DEFAULT_DIR))
    ap.add_argument("--only", nargs="+", default=None, help="extras: these run tables only")
    args = ap.parse_args(argv)
    if args.what == "extras":
        from puzzles.hypercube import experiments as ex

        names = ex.EXTRA_RUNS if args.only is None else args.only
        for name, df in ex.run_extras(budgets("hypercube", "paper"), args.seed,
                                      args.workers, names).items():
            save_table(df.drop(columns=["seconds"]), name, args.out)
    elif args.what == "d5":
        from puzzles.hypercube import hardness

        out = Path(__file__).parent / "data" / hardness.D5_FILE  # package data: smoke runs read it
        hardness.target_distances(5, 4).to_csv(out, index=False)
    else:
        from puzzles.hypercube import hardness

        gods, dist = hardness.all_gods_numbers(max_d=4)
        save_table(gods, "gods_number", args.out)
        save_table(dist, "distances", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
