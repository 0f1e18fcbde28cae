"""Jumping maze: scoring mazes (BFS depth) with our numba kernel against the plain-Python
reference ``model.score_py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from benchmarks.compare import Case, run_cases, write_results
from puzzles.jumpmaze import model

COUNT = 2000


@njit(cache=True)
def _score_all(flats: np.ndarray, n: int) -> np.ndarray:
    """Score every row of ``flats`` inside one kernel (as the search loops do)."""
    depth = np.empty(n * n, np.int64)
    queue = np.empty(n * n, np.int64)
    out = np.empty(flats.shape[0], np.int64)
    for i in range(flats.shape[0]):
        out[i] = model.score_flat(flats[i], n, depth, queue)
    return out


def cases() -> list[Case]:
    """One row per maze size."""
    out = []
    for n in (5, 11):
        grids = [model.random_grid(n, np.random.default_rng(i)) for i in range(COUNT)]
        block = np.ascontiguousarray(np.stack([g.ravel() for g in grids]))
        lists = [g.tolist() for g in grids]
        out.append(Case(f"jumpmaze.score_n{n}", f"score {COUNT:,} random {n}x{n} mazes",
                        "model.score_py (plain-Python BFS)",
                        lambda block=block, n=n: _score_all(block, n).tolist(),
                        lambda lists=lists: [model.score_py(g) for g in lists]))
    return out


def main() -> None:
    """Measure and merge the rows into benchmarks/results.csv."""
    write_results(run_cases(cases()))


if __name__ == "__main__":
    main()
