"""Incremental evaluation: re-score a maze after one jump changed without a full BFS.

An optimiser step changes the jump of one cell ``i``. BFS layers up to ``i``'s own layer do not
depend on ``i``'s jump, so:

* if ``i`` is unreached, or (the goal reached) ``i`` lies at or beyond the goal's layer, the
  score cannot change and no BFS runs (the stored depths of every cell before the goal's layer
  stay exact);
* otherwise the BFS resumes from the first cell of ``i``'s layer with every later layer
  cleared, which gives exactly the queue and depths a full BFS gives.

The BFS stops as soon as the goal is discovered (cells beyond its layer do not change the
score); an unreachable goal needs the full BFS, since the score counts the unreached cells.
A rejected step is undone from a log of the cleared part of the queue, so the stored state is
always the current maze's.

``hill_climb`` and ``anneal`` are :func:`optimise.hill_climb` and :func:`optimise.anneal` on
this evaluator: they draw the same random numbers in the same order, so their score curves
and best mazes are identical (the tests and the benchmark check that); only the time differs.
"""

from __future__ import annotations

import math
import time
from typing import NamedTuple

import numpy as np
import pandas as pd
from numba import njit

from puzzles.core.seeding import derive_seed
from puzzles.jumpmaze import optimise
from puzzles.jumpmaze.model import _target, check_n, neighbour_flat, random_flat

# meta slots of an evaluator state
M_TAIL, M_SCORE, M_GOAL_DEPTH, M_SAVED_FROM, M_SAVED_TAIL, M_SAVED_SCORE, M_SAVED_GD = range(7)
M_SKIPS, M_PARTIAL = 7, 8
N_META = 9


class State(NamedTuple):
    """The evaluator's memory of the current maze: BFS depths and queue, the undo log, meta."""

    depth: np.ndarray  # BFS depth of every cell before the goal's layer; -1 if not reached
    queue: np.ndarray  # cells in BFS order (up to meta[M_TAIL])
    saved: np.ndarray  # undo log: the cleared part of the queue
    saved_depth: np.ndarray  # their depths
    meta: np.ndarray  # M_* slots


def new_state(n: int) -> State:
    """An empty evaluator state for an ``n x n`` maze."""
    nn = check_n(n) ** 2
    return State(np.full(nn, -1, np.int64), np.zeros(nn, np.int64), np.zeros(nn, np.int64),
                 np.zeros(nn, np.int64), np.zeros(N_META, np.int64))


@njit(cache=True)
def _expand(jumps: np.ndarray, n: int, st: State, head: int, tail: int) -> None:
    """Run the BFS from queue position ``head`` (``queue[:tail]`` discovered) until the goal is
    discovered or the queue runs dry; store tail, score and goal depth in ``st.meta``."""
    nn = n * n
    goal = nn - 1
    depth = st.depth
    queue = st.queue
    while head < tail and depth[goal] < 0:
        u = queue[head]
        head += 1
        k = jumps[u]
        if k <= 0:
            continue
        du = depth[u] + 1
        r = u // n
        c = u - r * n
        for d in range(4):
            v = _target(u, r, c, k, n, d)
            if v >= 0 and depth[v] < 0:
                depth[v] = du
                queue[tail] = v
                tail += 1
    st.meta[M_TAIL] = tail
    st.meta[M_GOAL_DEPTH] = depth[goal]
    st.meta[M_SCORE] = depth[goal] if depth[goal] >= 0 else -(nn - tail)


@njit(cache=True)
def full(jumps: np.ndarray, n: int, st: State) -> int:
    """Evaluate ``jumps`` from scratch into ``st``; its score."""
    for i in range(n * n):
        st.depth[i] = -1
    st.depth[0] = 0
    st.queue[0] = 0
    _expand(jumps, n, st, 0, 1)
    return st.meta[M_SCORE]


@njit(cache=True)
def _layer_bounds(st: State, d: int) -> tuple[int, int]:
    """Queue positions of the first cell of layer ``d`` and of the first cell after it."""
    tail = st.meta[M_TAIL]
    lo = 0
    while st.depth[st.queue[lo]] < d:
        lo += 1
    hi = lo
    while hi < tail and st.depth[st.queue[hi]] == d:
        hi += 1
    return lo, hi


@njit(cache=True)
def changed(jumps: np.ndarray, n: int, st: State, cell: int) -> int:
    """The score after ``cell``'s jump changed in ``jumps`` (``st`` held the maze before);
    the change can be undone with :func:`revert`."""
    meta = st.meta
    meta[M_SAVED_SCORE] = meta[M_SCORE]
    meta[M_SAVED_GD] = meta[M_GOAL_DEPTH]
    meta[M_SAVED_TAIL] = meta[M_TAIL]
    d = st.depth[cell]
    gd = meta[M_GOAL_DEPTH]
    if d < 0 or (gd >= 0 and d >= gd):
        meta[M_SAVED_FROM] = -1  # nothing cleared: nothing to undo
        meta[M_SKIPS] += 1
        return meta[M_SCORE]
    meta[M_PARTIAL] += 1
    lo, hi = _layer_bounds(st, d)
    tail = meta[M_TAIL]
    meta[M_SAVED_FROM] = hi
    for t in range(hi, tail):
        v = st.queue[t]
        st.saved[t - hi] = v
        st.saved_depth[t - hi] = st.depth[v]
        st.depth[v] = -1
    _expand(jumps, n, st, lo, hi)
    return meta[M_SCORE]


@njit(cache=True)
def revert(st: State) -> None:
    """Undo the last :func:`changed` (the caller restores the jump itself)."""
    meta = st.meta
    hi = meta[M_SAVED_FROM]
    if hi < 0:
        return
    for t in range(hi, meta[M_TAIL]):
        st.depth[st.queue[t]] = -1
    for t in range(hi, meta[M_SAVED_TAIL]):
        v = st.saved[t - hi]
        st.queue[t] = v
        st.depth[v] = st.saved_depth[t - hi]
    meta[M_TAIL] = meta[M_SAVED_TAIL]
    meta[M_SCORE] = meta[M_SAVED_SCORE]
    meta[M_GOAL_DEPTH] = meta[M_SAVED_GD]


@njit(cache=True)
def _begin(n: int, mj: np.ndarray, seed: int, cur: np.ndarray, st: State,
           curves: np.ndarray, best: np.ndarray) -> int:
    """Seed numba's generator, draw the start maze as :func:`optimise._start` does; its score."""
    np.random.seed(seed)
    random_flat(n, mj, cur)
    s = full(cur, n, st)
    best[:] = cur
    curves[0, 0] = s
    curves[1, 0] = s
    return s


@njit(cache=True)
def _hc_inc(n: int, mj: np.ndarray, mutable: np.ndarray, ties: bool, seed: int,
            curves: np.ndarray, best: np.ndarray, st: State) -> int:
    """Hill climbing on the incremental evaluator; ``curves`` = [current, best so far]."""
    cur = np.empty(n * n, np.int64)
    s = _begin(n, mj, seed, cur, st, curves, best)
    best_s = s
    for it in range(1, curves.shape[1]):
        cell, old = neighbour_flat(cur, mutable, mj)
        s2 = changed(cur, n, st, cell)
        if s2 > s or (ties and s2 == s):
            s = s2
        else:
            cur[cell] = old
            revert(st)
        if s > best_s:
            best_s = s
            best[:] = cur
        curves[0, it] = s
        curves[1, it] = best_s
    return best_s


@njit(cache=True)
def _sa_inc(n: int, mj: np.ndarray, mutable: np.ndarray, sched: np.ndarray, seed: int,
            curves: np.ndarray, best: np.ndarray, st: State) -> int:
    """The report's annealing (``sched`` = [t0, cool]) on the incremental evaluator."""
    cur = np.empty(n * n, np.int64)
    s = _begin(n, mj, seed, cur, st, curves, best)
    best_s = s
    temp = sched[0]
    for it in range(1, curves.shape[1]):
        cell, old = neighbour_flat(cur, mutable, mj)
        s2 = changed(cur, n, st, cell)
        delta = s2 - s
        accept = delta >= 0
        if not accept:
            u = np.random.random()  # drawn as optimise._anneal draws it, even when frozen
            accept = temp > 0.0 and u < math.exp(delta / temp)
        if accept:
            s = s2
        else:
            cur[cell] = old
            revert(st)
        temp *= sched[1]
        if s > best_s:
            best_s = s
            best[:] = cur
        curves[0, it] = s
        curves[1, it] = best_s
    return best_s


class IncRun(NamedTuple):
    """One incremental run: curves, best maze and score, and how steps were evaluated."""

    curve: np.ndarray
    curve_best: np.ndarray
    best_grid: np.ndarray
    best_score: int
    skipped: int  # steps that needed no BFS
    partial: int  # steps that resumed the BFS from the changed cell's layer


def run(algorithm: str, n: int, iters: int, seed: int, *, ties: bool = True,
        t0: float = 100.0, cool: float = 0.985) -> IncRun:
    """One seeded run of ``algorithm`` ("hc" or "sa") on the incremental evaluator."""
    n = check_n(n)
    if isinstance(iters, bool) or not isinstance(iters, int) or iters < 1:
        raise ValueError(f"iters must be a positive int, got {iters!r}")
    if algorithm not in ("hc", "sa"):
        raise ValueError(f"algorithm must be 'hc' or 'sa', got {algorithm!r}")
    mj, mutable = optimise._tables(n)
    curves = np.empty((2, iters + 1), np.int64)
    best = np.empty(n * n, np.int64)
    st = new_state(n)
    if algorithm == "hc":
        s = _hc_inc(n, mj, mutable, bool(ties), int(seed), curves, best, st)
    else:
        s = _sa_inc(n, mj, mutable, np.array([t0, cool]), int(seed), curves, best, st)
    return IncRun(curves[0].astype(float), curves[1].astype(float), best.reshape(n, n),
                  int(s), int(st.meta[M_SKIPS]), int(st.meta[M_PARTIAL]))


def full_run(algorithm: str, n: int, iters: int, seed: int, *, ties: bool = True,
             t0: float = 100.0, cool: float = 0.985) -> optimise.RunResult:
    """The same run with :mod:`optimise`'s full BFS per step."""
    if algorithm == "hc":
        return optimise.hill_climb(n, iters, seed, ties=ties)
    if algorithm == "sa":
        return optimise.anneal(n, iters, seed, t0=t0, cool=cool)
    raise ValueError(f"algorithm must be 'hc' or 'sa', got {algorithm!r}")


def identical(a: IncRun, b: optimise.RunResult) -> bool:
    """Same curves, best-so-far curves, best score and best maze."""
    return (np.array_equal(a.curve, b.curve) and np.array_equal(a.curve_best, b.curve_best)
            and a.best_score == b.best_score and np.array_equal(a.best_grid, b.best_grid))


BENCH_CASES = ((5, "hc", 1000), (5, "sa", 3000), (7, "hc", 5000), (7, "sa", 4000),
               (11, "hc", 5000), (11, "sa", 6000))


def benchmark(runs: int = 50, cases: tuple = BENCH_CASES, seed: int = 2026,
              repeats: int = 3) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Full vs incremental evaluation on the report's budgets (ties accepted for hill climbing).

    Returns (``check``: per case whether every run's results are identical and the share of
    steps that skipped the BFS, seed-determined; ``timing``: the best of ``repeats`` timings of
    all runs of a case with each evaluator, and their ratio).
    """
    checks, times = [], []
    for n, alg, iters in cases:
        seeds = [derive_seed(seed, "incremental", alg, n, r) for r in range(runs)]
        inc = [run(alg, n, iters, s) for s in seeds]
        ref = [full_run(alg, n, iters, s) for s in seeds]
        steps = runs * iters
        checks.append({"n": n, "algorithm": alg, "iterations": iters, "runs": runs,
                       "identical_runs": sum(identical(a, b) for a, b in zip(inc, ref,
                                                                               strict=True)),
                       "skipped_share": round(sum(r.skipped for r in inc) / steps, 4),
                       "partial_share": round(sum(r.partial for r in inc) / steps, 4)})
        t_full = min(_timed(full_run, (alg, n, iters), seeds) for _ in range(repeats))
        t_inc = min(_timed(run, (alg, n, iters), seeds) for _ in range(repeats))
        times.append({"n": n, "algorithm": alg, "iterations": iters, "runs": runs,
                      "full_seconds": round(t_full, 4), "incremental_seconds": round(t_inc, 4),
                      "speedup": round(t_full / t_inc, 2)})
    return pd.DataFrame(checks), pd.DataFrame(times)


def _timed(fn, args: tuple, seeds: list[int]) -> float:
    """CPU seconds of ``fn(*args, seed)`` over ``seeds`` in this process (robust to other
    load on the machine)."""
    start = time.process_time()
    for s in seeds:
        fn(*args, s)
    return time.process_time() - start
