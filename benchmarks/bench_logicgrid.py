"""Logic-grid speed: solver and exact counter per hint list, and FI-2Pop trials at paper scale."""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from puzzles.logicgrid.count import count_kernel, link_bitsets
from puzzles.logicgrid.fi2pop import _random_hint_rows, trial_task
from puzzles.logicgrid.model import CLUE
from puzzles.logicgrid.solver import solve_kernel


@njit(cache=True)
def _solve_many(hints: np.ndarray, nh: int) -> int:
    P = np.zeros(16, dtype=np.int64)
    rem = np.zeros(0, dtype=np.int64)
    types = np.zeros((0, 5), dtype=np.int64)
    tr = np.zeros((0, 5), dtype=np.int64)
    st = np.zeros(4, dtype=np.int64)
    solved = 0
    for i in range(hints.shape[0]):
        status, _ = solve_kernel(hints[i], nh, 4, 4, 3, False, P, rem, types, tr, st)
        solved += status == 1
    return solved


@njit(cache=True)
def _count_many(hints: np.ndarray, nh: int, links: np.ndarray) -> int:
    total = 0
    for i in range(hints.shape[0]):
        total += count_kernel(hints[i], nh, links, 3, 4)
    return total


def _lists(count: int, nh: int, seed: int) -> np.ndarray:
    rows = _random_hint_rows(seed, count * nh, CLUE.n, CLUE.m, CLUE.numeric)
    return np.ascontiguousarray(rows.reshape(count, nh, 6))


def main() -> None:
    """Print microseconds per hint list (solver, counter) and the wall time of paper trials."""
    links = link_bitsets(CLUE)
    count = 20_000
    print("random hint lists of the 4 x 4 space (the GA's inputs); machine load affects these")
    for nh in (4, 7, 10, 15):
        lists = _lists(count, nh, nh)
        _solve_many(lists[:10], nh)
        _count_many(lists[:10], nh, links)
        t0 = time.perf_counter()
        _solve_many(lists, nh)
        t1 = time.perf_counter()
        _count_many(lists, nh, links)
        t2 = time.perf_counter()
        print(f"  {nh:2d} hints: solver {1e6 * (t1 - t0) / count:6.1f} us, "
              f"counter {1e6 * (t2 - t1) / count:6.1f} us, "
              f"counter/solver {(t2 - t1) / (t1 - t0):.2f}")
    trial_task(("hint size and difficulty", 0, 1, 2, ()))  # compile / load the cache
    for name, gens in (("hint size and difficulty", 300), ("difficulty only", 2000)):
        t0 = time.perf_counter()
        r = trial_task((name, 0, 1, gens, ()))
        dt = time.perf_counter() - t0
        evals = r["tally"]["evaluations"]
        print(f"{name}: one trial of {gens} generations {dt:.2f} s "
              f"({1e6 * dt / evals:.1f} us per evaluation); 30 trials on one core ~{30 * dt:.0f} s")


if __name__ == "__main__":
    main()
