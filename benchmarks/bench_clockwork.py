"""Clockwork speed: all of Tables I-VI at paper scale, tournaments per second, BFS states/s.

Goal (issue 7): every instance x 20 runs of the DWP EA in under 2 minutes on 2 cores.
"""

from __future__ import annotations

import time

from puzzles.clockwork.budgets import BUDGETS
from puzzles.clockwork.dwp import run_dwp
from puzzles.clockwork.experiments import make_tasks, run_experiment
from puzzles.clockwork.instances import instance, paper_instances
from puzzles.clockwork.search import reachable_bfs, shortest_solution

GOAL_SECONDS = 120.0


def main() -> None:
    """Print wall times and rates; ratios against the 2-minute goal."""
    B = BUDGETS["paper"]
    run_dwp(instance("A1"), 1)  # compile / load the numba cache first
    keys = list(paper_instances())

    for workers in (1, 2):
        tasks = make_tasks(keys, B["runs"], 2026, B)
        # Warm the shared pool's workers first (process start, numba cache loads).
        run_experiment(tasks[:4], workers, progress=False)
        start = time.perf_counter()
        runs = run_experiment(tasks, workers, progress=False)
        wall = time.perf_counter() - start
        tours = int(runs["tournaments"].sum())
        print(f"Tables I-VI, {len(keys)} instances x {B['runs']} runs, {workers} worker(s): "
              f"{wall:.1f} s wall ({wall / GOAL_SECONDS:.2f} of the 2-minute goal), "
              f"{tours} tournaments, {tours / wall:,.0f} tournaments/s")

    p = instance("C5")  # 12 * 3^12 = 6.4 million states, 2.1 million reachable
    start = time.perf_counter()
    count = reachable_bfs(p)
    wall = time.perf_counter() - start
    print(f"BFS over C5's component: {count:,} states in {wall:.2f} s "
          f"({count / wall:,.0f} states/s)")
    for name in ("D3", "C6"):
        start = time.perf_counter()
        path = shortest_solution(instance(name))
        print(f"bidirectional shortest solution of {name}: {len(path)} moves in "
              f"{time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
