"""Exact search: the largest goal depth of any n x n maze, by branch and bound in BFS order.

The search runs the BFS itself and branches on a cell's jump only when the BFS pops that cell
(cells the BFS never pops before the goal is discovered cannot change the goal's depth, so their
jumps are left free). Two facts keep it small:

* bound: a goal still undiscovered will be found at most ``deepest layer + undiscovered cells``
  deep (every further layer needs a new cell), so a branch is cut when that is below the target;
* equivalence: a jump matters only through the set of *new* cells it discovers (an edge into an
  already discovered cell never shortens a BFS distance), so jumps of one cell that discover
  the same new cells lead to identical subtrees and only the first is searched.

``prove_max`` asks for depth >= target, raises the target whenever it finds a deeper maze, and
when the tree is exhausted the best found is the proven maximum (if the first target was met).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numba import njit

from puzzles.jumpmaze import model
from puzzles.jumpmaze.model import check_n, max_jumps


@njit(cache=True)
def _search(n: int, mj: np.ndarray, target: int, node_limit: int, best_jumps: np.ndarray,
            stats: np.ndarray) -> int:
    """Branch and bound; return the best goal depth >= target found (target - 1 if none).

    ``stats`` receives [nodes, complete (1/0), leaves reaching the goal].
    """
    nn = n * n
    goal = nn - 1
    depth = np.full(nn, -1, np.int64)
    jumps = np.zeros(nn, np.int64)
    queue = np.empty(nn, np.int64)
    val = np.zeros(nn, np.int64)  # value being tried at each level (level = queue index)
    tail_before = np.zeros(nn, np.int64)
    seen = np.empty((nn, 16), np.int64)  # discovery signatures tried at each level
    nseen = np.zeros(nn, np.int64)
    new = np.empty(4, np.int64)
    best = target - 1
    nodes = 0
    goal_leaves = 0
    depth[0] = 0
    queue[0] = 0
    tail = 1
    k = 0
    val[0] = 0
    nseen[0] = 0
    complete = 1
    while k >= 0:
        c = queue[k]
        if val[k] > 0:  # undo the previous value's discoveries
            for t in range(tail_before[k], tail):
                depth[queue[t]] = -1
            tail = tail_before[k]
        val[k] += 1
        v = val[k]
        if v > mj[c]:
            jumps[c] = 0
            k -= 1
            continue
        if nodes >= node_limit:
            complete = 0
            break
        r = c // n
        col = c - r * n
        # new cells this jump would discover, as a sorted signature
        cnt = 0
        if r - v >= 0 and depth[c - v * n] < 0:
            new[cnt] = c - v * n
            cnt += 1
        if col - v >= 0 and depth[c - v] < 0:
            new[cnt] = c - v
            cnt += 1
        if col + v < n and depth[c + v] < 0:
            new[cnt] = c + v
            cnt += 1
        if r + v < n and depth[c + v * n] < 0:
            new[cnt] = c + v * n
            cnt += 1
        # (up, left, right, down) is already increasing in cell index
        sig = cnt
        for t in range(cnt):
            sig = sig * 256 + new[t] + 1
        dup = False
        for t in range(nseen[k]):
            if seen[k, t] == sig:
                dup = True
                break
        if dup:
            continue
        seen[k, nseen[k]] = sig
        nseen[k] += 1
        nodes += 1
        jumps[c] = v
        tail_before[k] = tail
        dc = depth[c] + 1
        found = False
        for t in range(cnt):
            depth[new[t]] = dc
            queue[tail] = new[t]
            tail += 1
            if new[t] == goal:
                found = True
        if found:
            goal_leaves += 1
            if dc > best:
                best = dc
                best_jumps[:] = jumps
            continue
        if k + 1 >= tail:
            continue  # the BFS ran dry without the goal
        # bound: deepest discovered layer + undiscovered cells (the goal among them)
        dmax = depth[queue[tail - 1]]
        if dmax + (nn - tail) <= best:
            continue
        k += 1
        val[k] = 0
        nseen[k] = 0
    stats[0] = nodes
    stats[1] = complete
    stats[2] = goal_leaves
    return best


@dataclass(frozen=True)
class ExactResult:
    """Outcome of one exact search."""

    n: int
    target: int  # the search looked for goal depth >= target
    best_score: int | None  # best depth found (>= target), None if none
    grid: np.ndarray | None  # a maze with that depth (free cells set to 1), re-evaluated
    complete: bool  # the tree was exhausted: nothing deeper than best (or than target-1) exists
    nodes: int
    seconds: float

    @property
    def proven_max(self) -> int | None:
        """The maximum, when the search was complete and found a maze at or above the target."""
        return self.best_score if self.complete and self.best_score is not None else None

    @property
    def upper_bound(self) -> int | None:
        """An upper bound on the maximum, when the search was complete."""
        if not self.complete:
            return None
        return self.best_score if self.best_score is not None else self.target - 1


def search(n: int, target: int, node_limit: int = 10**12) -> ExactResult:
    """Search every n x n maze of goal depth >= ``target`` (stopping after ``node_limit`` nodes)."""
    n = check_n(n)
    if isinstance(target, bool) or not isinstance(target, int | np.integer) or target < 1:
        raise ValueError(f"target must be a positive int, got {target!r}")
    if isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 1:
        raise ValueError(f"node_limit must be a positive int, got {node_limit!r}")
    mj = np.ascontiguousarray(max_jumps(n).ravel())
    best_jumps = np.zeros(n * n, np.int64)
    stats = np.zeros(3, np.int64)
    start = time.perf_counter()
    best = int(_search(n, mj, int(target), int(node_limit), best_jumps, stats))
    seconds = time.perf_counter() - start
    grid = None
    found = best >= target
    if found:
        grid = best_jumps.reshape(n, n).copy()
        free = (grid == 0) & (max_jumps(n) > 0)
        grid[free] = 1  # cells the BFS never popped: any legal jump keeps the goal depth
        again = model.score(grid)
        if again != best:
            raise RuntimeError(f"exact search claims depth {best}, the model says {again}")
    return ExactResult(n, int(target), best if found else None, grid, bool(stats[1]),
                       int(stats[0]), seconds)


def prove_max(n: int, lower: int, node_limit: int = 10**12) -> ExactResult:
    """Prove the maximum goal depth, starting from a known achievable ``lower`` bound."""
    return search(n, lower, node_limit)


def brute_force_max(n: int) -> int:
    """Maximum score over every legal n x n maze by plain enumeration (n <= 4 only)."""
    n = check_n(n)
    if n > 4:
        raise ValueError(f"brute force enumerates every maze; n must be 3 or 4, got {n}")
    mj = np.ascontiguousarray(max_jumps(n).ravel())
    return int(_brute(n, mj))


@njit(cache=True)
def _brute(n: int, mj: np.ndarray) -> int:
    """Odometer over every legal grid, scoring each by BFS."""
    nn = n * n
    g = np.zeros(nn, np.int64)
    for i in range(nn - 1):
        g[i] = 1
    depth = np.empty(nn, np.int64)
    queue = np.empty(nn, np.int64)
    best = -(1 << 30)
    while True:
        s = model.score_flat(g, n, depth, queue)
        if s > best:
            best = s
        i = 0
        while i < nn - 1:
            if g[i] < mj[i]:
                g[i] += 1
                break
            g[i] = 1
            i += 1
        if i == nn - 1:
            break
    return best
