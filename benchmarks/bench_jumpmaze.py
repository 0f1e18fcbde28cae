"""Jumping maze speed: annealing iterations per second (n = 5, 11), numba vs pure-Python BFS."""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from puzzles.jumpmaze import exact, model, optimise


def _rate(n: int, iters: int) -> float:
    optimise.anneal_long(n, 1000, 0)  # compile / load the cache outside the timing
    start = time.perf_counter()
    optimise.anneal_long(n, iters, 1, t_start=5.0, t_end=0.3)
    return iters / (time.perf_counter() - start)


@njit(cache=True)
def _score_all(flats: np.ndarray, n: int) -> int:
    """Score every row of ``flats`` inside one kernel (what the search loops do)."""
    depth = np.empty(n * n, np.int64)
    queue = np.empty(n * n, np.int64)
    total = 0
    for i in range(flats.shape[0]):
        total += model.score_flat(flats[i], n, depth, queue)
    return total


def _evaluator_ratio(n: int, reps: int) -> tuple[float, float]:
    grids = [model.random_grid(n, np.random.default_rng(i)) for i in range(reps)]
    flats = [np.ascontiguousarray(g.ravel()) for g in grids]
    lists = [g.tolist() for g in grids]
    depth = np.empty(n * n, np.int64)
    queue = np.empty(n * n, np.int64)
    model.score_flat(flats[0], n, depth, queue)
    start = time.perf_counter()
    for f in flats:
        model.score_flat(f, n, depth, queue)
    t_numba = (time.perf_counter() - start) / reps
    start = time.perf_counter()
    for g in lists:
        model.score_py(g)
    t_py = (time.perf_counter() - start) / reps
    block = np.ascontiguousarray(np.stack(flats))
    _score_all(block[:2], n)
    start = time.perf_counter()
    _score_all(block, n)
    t_kernel = (time.perf_counter() - start) / reps
    return t_py, t_numba, t_kernel


def main() -> None:
    """Print annealing rates, evaluator times and their ratio, and the exact-search node rate."""
    rates = {}
    for n, iters in ((5, 5_000_000), (11, 2_000_000)):
        rates[n] = _rate(n, iters)
        goal = "  (goal >= 1,000,000/s)" if n == 5 else ""
        print(f"annealing n={n}: {rates[n]:,.0f} iterations/s{goal}")
    for n in (5, 11):
        t_py, t_nb, t_k = _evaluator_ratio(n, 20000)
        print(f"n={n}: one pure-Python evaluation takes as long as "
              f"{t_py * rates[n]:.0f} whole annealing iterations (neighbour + BFS + accept)")
        print(f"BFS score n={n}: pure Python {t_py * 1e6:.1f} us; numba called from Python "
              f"{t_nb * 1e6:.2f} us (ratio {t_py / t_nb:.0f}x); numba inside a kernel "
              f"{t_k * 1e6:.3f} us (ratio {t_py / t_k:.0f}x)")
    exact.search(5, 1)
    res = exact.search(7, 44)
    print(f"exact search n=7: {res.nodes:,} nodes in {res.seconds:.1f} s "
          f"({res.nodes / res.seconds:,.0f} nodes/s), proven max {res.proven_max}")


if __name__ == "__main__":
    main()
