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
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
from numba import njit

from puzzles.core import run_tasks
from puzzles.core.paper import ROOT_SEED, Task
from puzzles.jumpmaze import model
from puzzles.jumpmaze.model import check_n, max_jumps

# the slots of a search's ``stats``
NODES, COMPLETE, GOAL_LEAVES = 0, 1, 2
MAX_NEW = 4  # a jump discovers at most four new cells (up, left, right, down)
# the bound and symmetry cut of a default search (``discoverable``, ``transpose``), by name
BOUND_NAME = "deepest layer + discoverable cells, transpose symmetry broken"


class Question(NamedTuple):
    """What a search asks: any n x n maze of goal depth >= ``target``? ``mj``: every cell's
    largest jump (flat); at most ``node_limit`` nodes; ``prefix``: the values forced at the
    first BFS levels (one top-level branch, for parallel runs); the prunings on or off:
    ``discoverable`` (the stronger bound), ``transpose`` (keep one maze of each transposed
    pair), ``waste`` (subtract the cells the frontier must discover into old layers, see
    :func:`_forced_waste`)."""

    n: int
    mj: np.ndarray
    target: int
    node_limit: int
    prefix: np.ndarray
    discoverable: bool
    transpose: bool
    waste: bool = False


class Lines(NamedTuple):
    """The discoverable bound's work arrays: rows and columns holding a cell that can still
    jump, and the cells that can still be discovered."""

    rowopen: np.ndarray
    colopen: np.ndarray
    mark: np.ndarray


# The search's helpers are called once or more per node, millions of times. They allocate
# nothing, so they run without numba's reference counting (``_nrt=False``): with it, every call
# updated the count of every array passed, which made the search about seven times slower
# than the one-kernel search it replaces (2 million nodes of n = 7: 0.9 s against 0.12 s).
HELPER = {"cache": True, "_nrt": False}


@njit(**HELPER)
def _open_lines(n: int, queue: np.ndarray, lines: Lines, k: int, tail: int) -> None:
    """Open the rows and columns of the frontier (``queue[k + 1:tail]``): popped cells
    (``queue[:k + 1]``) have their jumps fixed, so only the frontier and cells discovered later
    can jump on (the goal never jumps)."""
    goal = n * n - 1
    lines.rowopen[:] = 0
    lines.colopen[:] = 0
    for t in range(k + 1, tail):
        c = queue[t]
        if c != goal:
            lines.rowopen[c // n] = 1
            lines.colopen[c % n] = 1


@njit(**HELPER)
def _discoverable(n: int, depth: np.ndarray, queue: np.ndarray, lines: Lines, k: int,
                  tail: int) -> int:
    """How many undiscovered cells some chain of unpopped cells could still discover (each is
    marked in ``lines.mark``; the caller checks the goal's mark).

    Any in-grid cell of a cell's row or column is within its largest legal jump, so an
    undiscovered cell can be discovered exactly when its row or column holds a cell that can
    still jump; a cell so discovered (not the goal) opens its own row and column.
    """
    nn = n * n
    goal = nn - 1
    rowopen, colopen, mark = lines
    _open_lines(n, queue, lines, k, tail)
    mark[:] = 0
    count = 0
    changed = True
    while changed:
        changed = False
        for v in range(nn):
            if depth[v] >= 0 or mark[v] == 1:
                continue
            r = v // n
            c = v - r * n
            if rowopen[r] == 1 or colopen[c] == 1:
                mark[v] = 1
                count += 1
                if v != goal and (rowopen[r] == 0 or colopen[c] == 0):
                    rowopen[r] = 1
                    colopen[c] = 1
                    changed = True
    return count


@njit(**HELPER)
def _new_cells(n: int, depth: np.ndarray, new: np.ndarray, c: int, v: int) -> int:
    """The undiscovered cells a jump of ``v`` from ``c`` reaches, into ``new`` in the order
    up, left, right, down (increasing cell index); their count."""
    r = c // n
    col = c - r * n
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
    return cnt


@njit(**HELPER)
def _tried(seen: np.ndarray, nseen: np.ndarray, new: np.ndarray, k: int, cnt: int) -> bool:
    """Whether level ``k`` already tried a value discovering these same new cells (their sorted
    signature); if not, the signature is recorded."""
    sig = cnt
    for t in range(cnt):
        sig = sig * 256 + new[t] + 1
    for t in range(nseen[k]):
        if seen[k, t] == sig:
            return True
    seen[k, nseen[k]] = sig
    nseen[k] += 1
    return False


@njit(**HELPER)
def _least_new(n: int, mj: np.ndarray, depth: np.ndarray, lines: Lines, c: int) -> int:
    """The fewest cells any jump of ``c`` must discover outside the rows and columns marked
    in ``lines`` (undiscovered cells only)."""
    r = c // n
    col = c - r * n
    least = 4
    for v in range(1, mj[c] + 1):
        cnt = 0
        for d in range(4):
            t = model._target(c, r, col, v, n, d)
            if t >= 0 and depth[t] < 0 and lines.rowopen[t // n] == 0 \
                    and lines.colopen[t % n] == 0:
                cnt += 1
        if cnt < least:
            least = cnt
            if least == 0:
                break
    return least


@njit(**HELPER)
def _forced_waste(n: int, mj: np.ndarray, depth: np.ndarray, queue: np.ndarray, lines: Lines,
                  k: int, tail: int) -> int:
    """Cells the frontier must discover without opening a new layer (a lower bound).

    The frontier ``queue[k + 1:tail]`` pops in queue order before any cell it discovers. A
    frontier cell above the deepest layer ``dmax`` puts whatever it discovers in a layer that
    already exists; the cells at ``dmax`` together fill layer ``dmax + 1``, of which only one
    cell opens it. A cell ``c`` surely discovers, with any jump, the targets that no earlier
    frontier cell can reach (outside their rows and columns) and that are undiscovered now;
    these sets are disjoint across the frontier, so their sizes add up. Every such cell is
    one the goal's depth cannot use: it is subtracted from the discoverable cells.
    """
    dmax = depth[queue[tail - 1]]
    lines.rowopen[:] = 0
    lines.colopen[:] = 0
    above = 0
    last = 0
    for t in range(k + 1, tail):
        c = queue[t]
        m = _least_new(n, mj, depth, lines, c)
        if depth[c] < dmax:
            above += m
        else:
            last += m
        lines.rowopen[c // n] = 1
        lines.colopen[c % n] = 1
    return above + max(0, last - 1)


@njit(**HELPER)
def _cut(q: Question, depth: np.ndarray, queue: np.ndarray, lines: Lines, k: int, tail: int,
         best: int) -> bool:
    """Whether the branch below level ``k`` cannot beat ``best``: the goal is then found at most
    ``deepest layer + cells still to discover`` deep (every further layer needs a new cell),
    less the cells the frontier must spend on old layers (``q.waste``)."""
    nn = q.n * q.n
    if k + 1 >= tail:
        return True  # the BFS ran dry without the goal
    dmax = depth[queue[tail - 1]]
    if dmax + (nn - tail) <= best:
        return True
    if q.discoverable:
        left = _discoverable(q.n, depth, queue, lines, k, tail)
        if lines.mark[nn - 1] == 0 or dmax + left <= best:
            return True
        if q.waste and dmax + left - _forced_waste(q.n, q.mj, depth, queue, lines, k,
                                                   tail) <= best:
            return True
    return False


@njit(**HELPER)
def _discover(depth: np.ndarray, queue: np.ndarray, new: np.ndarray, c: int, cnt: int,
              tail: int) -> int:
    """Put the ``cnt`` new cells one layer below ``c`` on the queue; the new tail."""
    for t in range(cnt):
        depth[new[t]] = depth[c] + 1
        queue[tail] = new[t]
        tail += 1
    return tail


@njit(**HELPER)
def _undo(depth: np.ndarray, queue: np.ndarray, tail_before: np.ndarray, k: int,
          tail: int) -> int:
    """Undo the discoveries of level ``k``'s previous value; the queue's tail before them."""
    for t in range(tail_before[k], tail):
        depth[queue[t]] = -1
    return tail_before[k]


@njit(cache=True)
def _search(q: Question, best_jumps: np.ndarray, stats: np.ndarray) -> int:
    """Branch and bound; return the best goal depth >= target found (target - 1 if none).

    ``stats`` receives the slots NODES, COMPLETE (1/0) and GOAL_LEAVES.
    """
    n, mj, prefix = q.n, q.mj, q.prefix
    nn = n * n
    depth = np.full(nn, -1, np.int64)  # BFS depth of every cell (-1: undiscovered)
    jumps = np.zeros(nn, np.int64)  # the jumps fixed so far (0: free)
    queue = np.empty(nn, np.int64)  # the BFS queue; level k pops queue[k]
    val = np.zeros(nn, np.int64)  # the value being tried at each level
    tail_before = np.zeros(nn, np.int64)  # the tail before each level's value discovered
    seen = np.empty((nn, 16), np.int64)  # discovery signatures tried at each level
    nseen = np.zeros(nn, np.int64)
    new = np.empty(MAX_NEW, np.int64)  # the cells the value being tried discovers
    lines = Lines(np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(nn, np.int64))
    best = q.target - 1
    nodes = goal_leaves = 0
    depth[0] = 0
    queue[0] = 0
    tail = 1
    k = 0
    tail_before[0] = tail
    complete = 1
    while k >= 0:
        c = queue[k]
        if val[k] > 0:
            tail = _undo(depth, queue, tail_before, k, tail)
        val[k] += 1
        v = val[k]
        if v > mj[c] or (k < prefix.shape[0] and v > prefix[k]):
            jumps[c] = 0
            k -= 1
            continue
        if q.transpose and k == 2 and v < jumps[queue[1]]:
            continue  # its transpose (with the two values swapped) is searched instead
        if nodes >= q.node_limit:
            complete = 0
            break
        cnt = _new_cells(n, depth, new, c, v)
        if _tried(seen, nseen, new, k, cnt) or (k < prefix.shape[0] and v != prefix[k]):
            continue  # another task owns this branch; its signature still shadows later values
        nodes += 1
        jumps[c] = v
        tail_before[k] = tail
        tail = _discover(depth, queue, new, c, cnt, tail)
        if depth[nn - 1] >= 0:  # the goal was discovered
            goal_leaves += 1
            if depth[c] + 1 > best:
                best = depth[c] + 1
                best_jumps[:] = jumps
            continue
        if _cut(q, depth, queue, lines, k, tail, best):
            continue
        k += 1
        val[k] = 0
        nseen[k] = 0
        tail_before[k] = tail  # skipped values (symmetry, prefix) undo nothing
    stats[NODES] = nodes
    stats[COMPLETE] = complete
    stats[GOAL_LEAVES] = goal_leaves
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


def _check_search_args(n: int, target: int, node_limit: int) -> int:
    n = check_n(n)
    if isinstance(target, bool) or not isinstance(target, int | np.integer) or target < 1:
        raise ValueError(f"target must be a positive int, got {target!r}")
    if isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 1:
        raise ValueError(f"node_limit must be a positive int, got {node_limit!r}")
    return n


def _witness(n: int, best: int, best_jumps: np.ndarray) -> np.ndarray:
    """The found maze with free cells set to 1, re-evaluated by the model."""
    grid = best_jumps.reshape(n, n).copy()
    free = (grid == 0) & (max_jumps(n) > 0)
    grid[free] = 1  # cells the BFS never popped: any legal jump keeps the goal depth
    again = model.score(grid)
    if again != best:
        raise RuntimeError(f"exact search claims depth {best}, the model says {again}")
    return grid


def search(n: int, target: int, node_limit: int = 10**12, *, discoverable: bool = True,
           transpose: bool = True, prefix: tuple[int, ...] = (), waste: bool = False
           ) -> ExactResult:
    """Search every n x n maze of goal depth >= ``target`` (stopping after ``node_limit`` nodes).

    ``discoverable``/``transpose`` switch the stronger bound and the symmetry breaking (both
    sound; off reproduces the first search); ``prefix`` forces the jumps of the first BFS cells;
    ``waste`` adds the forced-waste bound (it needs ``discoverable``).
    """
    n = _check_search_args(n, target, node_limit)
    mj = np.ascontiguousarray(max_jumps(n).ravel())
    pre = np.asarray(prefix, dtype=np.int64).reshape(-1)
    if pre.size > 2 or np.any(pre < 1) or (pre.size >= 1 and pre[0] > n - 1):
        raise ValueError(f"prefix must hold at most two jumps, the first in 1..{n - 1}, "
                         f"got {tuple(prefix)}")
    best_jumps = np.zeros(n * n, np.int64)
    stats = np.zeros(3, np.int64)
    q = Question(n, mj, int(target), int(node_limit), pre, bool(discoverable), bool(transpose),
                 bool(waste))
    start = time.perf_counter()
    best = int(_search(q, best_jumps, stats))
    seconds = time.perf_counter() - start
    found = best >= target
    grid = _witness(n, best, best_jumps) if found else None
    return ExactResult(n, int(target), best if found else None, grid, bool(stats[COMPLETE]),
                       int(stats[NODES]), seconds)


def branches(n: int) -> list[tuple[int, int]]:
    """The top-level branches: (jump of the start, jump of the start's right neighbour)."""
    n = check_n(n)
    mj = max_jumps(n)
    return [(a, b) for a in range(1, n) for b in range(1, int(mj[0, a]) + 1)]


@dataclass(frozen=True)
class BranchTask(Task):
    """One top-level branch of an exact search: the start jumps ``a``, its right neighbour
    ``b`` (the search is not random: the seed is unused)."""

    EXPERIMENT = "branch"
    n: int
    target: int
    node_limit: int
    a: int
    b: int
    discoverable: bool = True
    transpose: bool = True


@dataclass(frozen=True)
class BranchResult:
    """One branch searched: the best depth >= target found (None: none), whether the branch
    was exhausted, its nodes, the witness maze and the branch's seconds."""

    best: int | None
    complete: bool
    nodes: int
    grid: np.ndarray | None
    seconds: float


def branch_tasks(n: int, target: int, node_limit: int, *, root: int,
                 first: tuple[tuple[int, int], ...] = (), discoverable: bool = True,
                 transpose: bool = True) -> list[BranchTask]:
    """Every top-level branch of the (n, target) search, the branches ``first`` first."""
    order = sorted(branches(n), key=lambda b: b not in first)
    return [BranchTask(n, int(target), int(node_limit), a, b, discoverable, transpose,
                       root=root) for a, b in order]


def parallel_tasks(budget: Any, root: int) -> list[BranchTask]:
    """The notebook's refutation over the worker pool (``budget.parallel_refutation``)."""
    spec = budget.parallel_refutation
    return branch_tasks(spec.n, spec.target, spec.node_limit, root=root, first=spec.first)


def branch_run(task: BranchTask) -> BranchResult:
    """Worker: search one branch."""
    r = search(task.n, task.target, task.node_limit, discoverable=task.discoverable,
               transpose=task.transpose, prefix=(task.a, task.b))
    return BranchResult(r.best_score, r.complete, r.nodes, r.grid, r.seconds)


BRANCH_COLUMNS = ["n", "target", "node_limit", "a", "b", "complete", "nodes", "best"]


def branch_table(tasks: Sequence[BranchTask], results: Sequence[BranchResult]) -> pd.DataFrame:
    """One row per branch, in task order: whether it was exhausted, its nodes, its best depth."""
    rows = [{"n": t.n, "target": t.target, "node_limit": t.node_limit, "a": t.a, "b": t.b,
             "complete": r.complete, "nodes": r.nodes, "best": r.best}
            for t, r in zip(tasks, results, strict=True)]
    return pd.DataFrame(rows, columns=BRANCH_COLUMNS).astype({"best": "Int64"})


def refuted(table: pd.DataFrame) -> bool:
    """A target is refuted when no branch found a maze that deep and every branch completed."""
    found = table["best"].notna().any()
    return bool(not found and table["complete"].all())


def search_parallel(n: int, target: int, node_limit: int = 10**12, *, workers: int | None = None,
                    discoverable: bool = True, transpose: bool = True,
                    executor: Executor | None = None) -> ExactResult:
    """:func:`search` split over its top-level branches, run with ``run_tasks`` on ``workers``.

    ``node_limit`` applies per branch. The result is the same as the serial search's (the
    node count too, since each branch runs with the same fixed target) except that a deeper
    maze found in one branch does not raise the target of the others.
    """
    n = _check_search_args(n, target, node_limit)
    tasks = branch_tasks(n, target, node_limit, root=ROOT_SEED, discoverable=discoverable,
                         transpose=transpose)
    # the wall time is the slowest worker's; a single process reports the sum
    start = time.perf_counter()
    parts = run_tasks(branch_run, tasks, workers=workers,
                      executor=executor, desc=f"n={n} target {target}")
    seconds = time.perf_counter() - start
    found = [p for p in parts if p.best is not None]
    top = max(found, key=lambda p: p.best) if found else None
    return ExactResult(n, int(target), None if top is None else int(top.best),
                       None if top is None else top.grid,
                       all(p.complete for p in parts), sum(p.nodes for p in parts), seconds)


def combined(table: pd.DataFrame, seconds: float = 0.0) -> ExactResult:
    """The branches of a ``branch_table`` as one search's result (no witness grid)."""
    best = table["best"].dropna()
    return ExactResult(int(table["n"].iloc[0]), int(table["target"].iloc[0]),
                       None if best.empty else int(best.max()), None,
                       bool(table["complete"].all()), int(table["nodes"].sum()), seconds)


def upper_bound(n: int, start: int, node_limit: int) -> dict:
    """Refute targets ``start, start-1, ...`` until a search hits ``node_limit``; the bound."""
    tried = []
    bound = n * n - 1  # at most every cell but the start on the path
    target = start
    while target >= 1:
        res = search(n, target, node_limit)
        tried.append({"target": target, "complete": res.complete, "found": res.best_score,
                      "nodes": res.nodes})
        if not res.complete:
            break
        if res.best_score is not None:  # cannot happen above the true maximum
            bound = res.best_score
            break
        bound = target - 1
        target -= 1
    return {"upper_bound": bound, "searches": tried}


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
