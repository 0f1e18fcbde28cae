"""Exact maxima under the designer's constraints: no black or white holes, one shortest path.

The search of :mod:`puzzles.jumpmaze.exact` merges jumps that discover the same new cells, which
is sound for the goal's depth but not here: two such jumps can differ in which discovered cells
they reach, so in holes and in the number of shortest paths. This search therefore branches on
*every* jump of each cell the BFS pops (in the same BFS order, with the same goal-depth bounds
and transpose symmetry, both of which the constraints respect: transposing a maze keeps its
holes and its paths). At a leaf the goal has been discovered at depth ``D`` and the popped
cells' jumps are fixed; the BFS layers before ``D`` no longer change, so:

* the number of shortest paths counted over the popped cells can only grow: above 1, the leaf
  is cut;
* otherwise every assignment of the remaining (free) cells is tried, and the leaf counts when
  one gives a maze with no black hole, no white hole and exactly one shortest path (checked by
  :func:`puzzles.jumpmaze.model.evaluate`'s kernels on the whole maze).

The target rises to ``D + 1`` whenever a feasible maze of depth ``D`` is found, so when the tree
is exhausted the deepest feasible maze found is the constrained maximum.
"""

from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np
import pandas as pd
from numba import njit

from puzzles.jumpmaze import exact, model
from puzzles.jumpmaze.model import _can_reach_goal, _path_counts, bfs_flat, max_jumps

# stats slots
S_NODES, S_COMPLETE, S_LEAVES, S_COMPLETIONS = range(4)


class Scratch(NamedTuple):
    """Work arrays of the completion check."""

    grid: np.ndarray
    depth: np.ndarray
    queue: np.ndarray
    paths: np.ndarray
    reach: np.ndarray
    free: np.ndarray


@njit(cache=True)
def _feasible(grid: np.ndarray, n: int, sc: Scratch) -> bool:
    """No white hole, no black hole and exactly one shortest path (the goal reachable)."""
    nn = n * n
    reached = bfs_flat(grid, n, sc.depth, sc.queue)
    if reached < nn:
        return False
    _path_counts(grid, n, sc.depth, sc.queue, reached, sc.paths)
    if sc.paths[nn - 1] != 1.0:
        return False
    _can_reach_goal(grid, n, sc.reach)
    for i in range(nn):
        if sc.reach[i] == 0:
            return False
    return True


@njit(cache=True)
def _fixed_paths(jumps: np.ndarray, n: int, depth: np.ndarray, queue: np.ndarray, k: int,
                 paths: np.ndarray) -> float:
    """Shortest paths to the goal over the popped cells ``queue[:k + 1]`` alone."""
    for i in range(n * n):
        paths[i] = 0.0
    paths[0] = 1.0
    for h in range(k + 1):
        u = queue[h]
        v = jumps[u]
        for d in range(4):
            w = model.jump_target(u, v, n, d)
            if w >= 0 and depth[w] == depth[u] + 1:
                paths[w] += paths[u]
    return paths[n * n - 1]


@njit(cache=True)
def _complete(jumps: np.ndarray, n: int, mj: np.ndarray, sc: Scratch, stats: np.ndarray
              ) -> bool:
    """Whether some assignment of the free cells (jump 0 in ``jumps``) makes a feasible maze;
    ``sc.grid`` holds it when one does."""
    nn = n * n
    nf = 0
    for i in range(nn - 1):
        sc.grid[i] = jumps[i]
        if jumps[i] == 0:
            sc.free[nf] = i
            nf += 1
            sc.grid[i] = 1
    sc.grid[nn - 1] = 0
    while True:
        stats[S_COMPLETIONS] += 1
        if _feasible(sc.grid, n, sc):
            return True
        j = 0
        while j < nf:  # odometer over the free cells
            c = sc.free[j]
            if sc.grid[c] < mj[c]:
                sc.grid[c] += 1
                break
            sc.grid[c] = 1
            j += 1
        if j == nf:
            return False


@njit(cache=True)
def _bounded(n: int, depth: np.ndarray, queue: np.ndarray, k: int, tail: int, best: int,
             work: np.ndarray) -> bool:
    """The goal-depth bounds of :func:`exact._search`: True when the subtree can beat ``best``."""
    nn = n * n
    dmax = depth[queue[tail - 1]]
    if dmax + (nn - tail) <= best:
        return False
    lines = exact.Lines(work[:n], work[n:2 * n], work[2 * n:2 * n + nn])
    left = exact._discoverable(n, depth, queue, lines, k, tail)
    return lines.mark[nn - 1] == 1 and dmax + left > best


@njit(cache=True)
def _leaf(jumps: np.ndarray, n: int, mj: np.ndarray, k: int, bfs: tuple, sc: Scratch,
          stats: np.ndarray) -> bool:
    """A leaf (the goal just discovered by ``queue[k]``): can it be completed feasibly?"""
    depth, queue = bfs
    stats[S_LEAVES] += 1
    if _fixed_paths(jumps, n, depth, queue, k, sc.paths) > 1.0:
        return False
    return _complete(jumps, n, mj, sc, stats)


@njit(cache=True)
def _discover(c: int, v: int, n: int, depth: np.ndarray, queue: np.ndarray, tail: int) -> int:
    """Discover the cells jump ``v`` of ``c`` reaches first; the new queue tail."""
    r = c // n
    col = c - r * n
    for d in range(4):
        w = model._target(c, r, col, v, n, d)
        if w >= 0 and depth[w] < 0:
            depth[w] = depth[c] + 1
            queue[tail] = w
            tail += 1
    return tail


@njit(cache=True)
def _search(n: int, mj: np.ndarray, cfg: np.ndarray, prefix: np.ndarray, best_grid: np.ndarray,
            stats: np.ndarray) -> int:
    """Deepest feasible maze with goal depth >= ``cfg[0]`` (``cfg[0] - 1`` if none), within
    ``cfg[1]`` nodes; ``prefix`` forces the jumps of the first BFS cells (one branch)."""
    target = cfg[0]
    node_limit = cfg[1]
    nn = n * n
    goal = nn - 1
    depth = np.full(nn, -1, np.int64)
    jumps = np.zeros(nn, np.int64)
    queue = np.empty(nn, np.int64)
    val = np.zeros(nn, np.int64)
    tail_before = np.zeros(nn, np.int64)
    work = np.zeros(2 * n + nn, np.int64)
    sc = Scratch(np.zeros(nn, np.int64), np.zeros(nn, np.int64), np.zeros(nn, np.int64),
                 np.zeros(nn, np.float64), np.zeros(nn, np.int64), np.zeros(nn, np.int64))
    best = target - 1
    depth[0] = 0
    queue[0] = 0
    tail = 1
    k = 0
    tail_before[0] = 1
    stats[S_COMPLETE] = 1
    while k >= 0:
        c = queue[k]
        for t in range(tail_before[k], tail):
            depth[queue[t]] = -1
        tail = tail_before[k]
        val[k] += 1
        v = val[k]
        if v > mj[c] or (k < prefix.shape[0] and v > prefix[k]):
            jumps[c] = 0
            val[k] = 0
            k -= 1
            continue
        if (k == 2 and v < jumps[queue[1]]) or (k < prefix.shape[0] and v != prefix[k]):
            continue  # transpose symmetry, as in exact._search; another branch's value
        if stats[S_NODES] >= node_limit:
            stats[S_COMPLETE] = 0
            break
        stats[S_NODES] += 1
        jumps[c] = v
        tail = _discover(c, v, n, depth, queue, tail)
        if depth[goal] >= 0:
            if depth[goal] > best and _leaf(jumps, n, mj, k, (depth, queue), sc, stats):
                best = depth[goal]
                best_grid[:] = sc.grid
            continue
        if k + 1 >= tail or not _bounded(n, depth, queue, k, tail, best, work):
            continue
        k += 1
        tail_before[k] = tail
    return best


class ConstrainedResult(NamedTuple):
    """One constrained search: the deepest feasible maze found (>= target), complete or not."""

    n: int
    target: int
    best_score: int | None
    grid: np.ndarray | None
    complete: bool
    nodes: int
    leaves: int
    completions: int
    seconds: float

    @property
    def proven_max(self) -> int | None:
        """The constrained maximum, when the search was exhausted and found a maze."""
        return self.best_score if self.complete and self.best_score is not None else None


def search(n: int, target: int, node_limit: int = 10**12, *, prefix: tuple[int, ...] = ()
           ) -> ConstrainedResult:
    """The deepest maze with goal depth >= ``target``, no black or white hole and a unique
    shortest path (``node_limit`` caps the nodes; then ``complete`` is False). ``prefix``:
    the jumps of the start and of the next BFS cell (one top-level branch)."""
    n = exact._check_search_args(n, target, node_limit)
    pre = np.asarray(prefix, dtype=np.int64).reshape(-1)
    if pre.size > 2 or np.any(pre < 1) or (pre.size >= 1 and pre[0] > n - 1):
        raise ValueError(f"prefix must hold at most two jumps, the first in 1..{n - 1}, "
                         f"got {tuple(prefix)}")
    mj = np.ascontiguousarray(max_jumps(n).ravel())
    grid = np.zeros(n * n, np.int64)
    stats = np.zeros(4, np.int64)
    start = time.perf_counter()
    cfg = np.array([int(target), int(node_limit)], np.int64)
    best = int(_search(n, mj, cfg, pre, grid, stats))
    seconds = time.perf_counter() - start
    found = best >= target
    g = grid.reshape(n, n).copy() if found else None
    if g is not None:
        ev = model.evaluate(g)
        if not (ev.score == best and ev.unique_path and ev.black_holes == 0
                and ev.white_holes == 0):
            raise RuntimeError(f"constrained search claims a feasible depth {best}; the model "
                               f"says score {ev.score}, {ev.shortest_paths} paths, "
                               f"{ev.black_holes} black and {ev.white_holes} white holes")
    return ConstrainedResult(n, int(target), best if found else None, g, bool(stats[1]),
                             int(stats[S_NODES]), int(stats[S_LEAVES]),
                             int(stats[S_COMPLETIONS]), seconds)


def brute_force_constrained(n: int) -> int | None:
    """The constrained maximum by plain enumeration of every maze (n = 3 or 4 only)."""
    n = model.check_n(n)
    if n > 4:
        raise ValueError(f"brute force enumerates every maze; n must be 3 or 4, got {n}")
    nn = n * n
    sc = Scratch(np.zeros(nn, np.int64), np.zeros(nn, np.int64), np.zeros(nn, np.int64),
                 np.zeros(nn, np.float64), np.zeros(nn, np.int64), np.zeros(nn, np.int64))
    best = int(_brute(n, np.ascontiguousarray(max_jumps(n).ravel()), sc))
    return None if best < 0 else best


@njit(cache=True)
def _brute(n: int, mj: np.ndarray, sc: Scratch) -> int:
    """Odometer over every legal grid: the deepest feasible one (-1 if none)."""
    nn = n * n
    for i in range(nn - 1):
        sc.grid[i] = 1
    sc.grid[nn - 1] = 0
    best = -1
    while True:
        if _feasible(sc.grid, n, sc) and sc.depth[nn - 1] > best:
            best = sc.depth[nn - 1]
        i = 0
        while i < nn - 1 and sc.grid[i] == mj[i]:
            sc.grid[i] = 1
            i += 1
        if i == nn - 1:
            return best
        sc.grid[i] += 1


def branches(n: int) -> list[tuple[int, int]]:
    """Top-level branches: (jump of the start, jump of the first cell it discovers, the one
    below it)."""
    n = model.check_n(n)
    return [(a, b) for a in range(1, n) for b in range(1, int(max_jumps(n)[a, 0]) + 1)]


def branch_task(task: tuple) -> dict:
    """Worker: ``(n, target, node_limit, prefix)`` -> one branch's result (no times)."""
    n, target, node_limit, prefix = task
    r = search(n, target, node_limit, prefix=prefix)
    return {"n": n, "target": target, "prefix": list(prefix), "best": r.best_score,
            "complete": r.complete, "nodes": r.nodes, "leaves": r.leaves,
            "grid": None if r.grid is None else r.grid.tolist()}


MAXIMA_COLUMNS = ["n", "proven_max_constrained", "designer_best", "nodes"]


def proof_record(n: int, target: int, node_limit: int = 10**12) -> dict:
    """The JSON-ready record of one whole constrained search from ``target`` (no times)."""
    r = search(n, target, node_limit)
    return {"n": n, "target": int(target), "node_limit": int(node_limit),
            "complete": r.complete, "best": r.best_score, "proven_max": r.proven_max,
            "nodes": r.nodes, "leaves": r.leaves, "completions": r.completions,
            "grid": None if r.grid is None else r.grid.tolist(),
            "command": f"puzzles.jumpmaze.constrained.proof_record({n}, {target})"}


def branches_record(parts: list[dict], n: int, target: int, node_limit: int) -> dict:
    """Join per-branch results (:func:`branch_task`) into one record; a maximum is proven
    only when every branch completed."""
    done = all(p["complete"] for p in parts) and len(parts) == len(branches(n))
    found = [p for p in parts if p["best"] is not None]
    top = max(found, key=lambda p: p["best"]) if found else None
    return {"n": n, "target": int(target), "node_limit": int(node_limit), "complete": done,
            "best": None if top is None else top["best"],
            "proven_max": None if top is None or not done else top["best"],
            "refuted": done and top is None,
            "nodes": int(sum(p["nodes"] for p in parts)),
            "branches_done": sum(p["complete"] for p in parts), "branches": len(branches(n)),
            "grid": None if top is None else top["grid"],
            "open": [p["prefix"] for p in parts if not p["complete"]]}


def maxima_table(records: dict[int, dict], designer: dict[str, dict]) -> pd.DataFrame:
    """``n,proven_max_constrained,designer_best,nodes``: the constrained maxima the records
    prove (empty where a search did not finish) beside the designer's deepest feasible maze.

    A record whose search refuted its target (nothing feasible at or above it) proves the
    maximum is below the target; with a feasible maze of depth ``target - 1`` known (the
    designer's), that is the maximum.
    """
    rows = []
    for key in sorted(designer, key=int):
        n = int(key)
        rec = records.get(n)
        proven = None
        if rec is not None and rec["complete"]:
            proven = rec["proven_max"]
            if proven is None and designer[key]["score"] == rec["target"] - 1:
                proven = rec["target"] - 1
        rows.append({"n": n, "proven_max_constrained": proven,
                     "designer_best": int(designer[key]["score"]),
                     "nodes": None if rec is None else int(rec["nodes"])})
    return pd.DataFrame(rows, columns=MAXIMA_COLUMNS).astype(
        {"proven_max_constrained": "Int64", "nodes": "Int64"})
