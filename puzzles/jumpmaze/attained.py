"""Constrained maxima by expanding the exact search's merged leaves: every maze of a given depth.

The merged search of :mod:`puzzles.jumpmaze.exact` is sound for the goal's depth: it reaches a
goal leaf of depth ``D >= target`` for every maze of that depth (or for its transpose), where a
leaf stands for a *class* of mazes, all of goal depth ``D``:

* each popped cell ``queue[h]`` may hold any jump that discovers the same new cells as the one
  the search tried (the search merged them; they differ only in edges into cells already
  discovered, which change no BFS distance);
* every other cell (unpopped or undiscovered, the goal excepted) may hold any legal jump.

So the mazes of goal depth ``>= target`` are exactly the union of the leaves' classes (up to
transposition, which keeps holes and shortest paths). Here every class is enumerated in full
and each maze checked for the designer's constraints (no black or white hole, one shortest
path) by :func:`puzzles.jumpmaze.constrained._feasible`. Nothing is cut that the merged search
does not cut, and the goal-depth bounds it cuts by hold for every maze of the class, so when
the tree is exhausted the deepest feasible maze found is the constrained maximum among depths
``>= target`` (none found: every feasible maze is shallower than ``target``). Once a feasible
maze of depth ``d`` is found the search only looks deeper (the target rises to ``d + 1``),
exactly as :func:`exact.search` raises its own.

The classes are small near the maximum (a class grows only with popped cells that discover
nothing and with free cells, few when the goal lies deep), which is what makes this fast where
the unmerged search of :mod:`puzzles.jumpmaze.constrained` is not; far below the maximum they
explode, so a target well below the constrained maximum is refused by nothing but time.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
from numba import njit

from puzzles.core.paper import Task
from puzzles.jumpmaze import constrained, exact, model
from puzzles.jumpmaze.model import max_jumps

# stats slots
A_NODES, A_COMPLETE, A_LEAVES, A_GRIDS, A_FEASIBLE = range(5)
N_STATS = 5


class Classes(NamedTuple):
    """One leaf's class: ``pos`` (each cell's queue position, ``n*n`` if undiscovered), the
    cells with a choice, how many values each has and the values themselves (a row each)."""

    pos: np.ndarray
    cells: np.ndarray
    count: np.ndarray
    vals: np.ndarray
    idx: np.ndarray


@njit(cache=True)
def _same_discovery(c: int, v: int, n: int, pos: np.ndarray, lo: int, hi: int) -> bool:
    """Whether jump ``v`` of ``c``, popped when the queue's tail was ``lo``, discovers exactly
    the cells at queue positions ``lo..hi-1`` (the cells the search's own value discovered)."""
    new = 0
    for d in range(4):
        w = model.jump_target(c, v, n, d)
        if w < 0 or pos[w] < lo:
            continue  # off the grid, or discovered before c was popped
        if pos[w] >= hi:
            return False  # a cell the search's value did not discover
        new += 1
    return new == hi - lo


@njit(cache=True)
def _add_choice(cl: Classes, m: int, c: int) -> int:
    """Keep cell ``c`` as a choice when its class holds more than one value; the choice count."""
    if cl.count[m] > 1:
        cl.cells[m] = c
        cl.idx[m] = 0
        return m + 1
    return m


@njit(cache=True)
def _classes(q: exact.Question, queue: np.ndarray, tail_before: np.ndarray, k: int, tail: int,
             cl: Classes, grid: np.ndarray) -> int:
    """Fill ``cl`` with the leaf's choices (popped cells' merged jumps, then the free cells'
    legal jumps) and ``grid`` with the first maze of the class; the number of choices."""
    n, mj = q.n, q.mj
    nn = n * n
    cl.pos[:] = nn
    for t in range(tail):
        cl.pos[queue[t]] = t
    m = 0
    for h in range(k + 1):
        c = queue[h]
        hi = tail_before[h + 1] if h < k else tail
        cl.count[m] = 0
        for v in range(1, mj[c] + 1):
            if _same_discovery(c, v, n, cl.pos, tail_before[h], hi):
                cl.vals[m, cl.count[m]] = v
                cl.count[m] += 1
        grid[c] = cl.vals[m, 0]
        m = _add_choice(cl, m, c)
    for c in range(nn - 1):
        if cl.pos[c] > k:  # never popped: any legal jump
            cl.count[m] = mj[c]
            for v in range(1, mj[c] + 1):
                cl.vals[m, v - 1] = v
            grid[c] = 1
            m = _add_choice(cl, m, c)
    grid[nn - 1] = 0
    return m


@njit(cache=True)
def _next(cl: Classes, m: int, grid: np.ndarray) -> bool:
    """Step the odometer over the ``m`` choices; False when every maze of the class was seen."""
    j = 0
    while j < m:
        c = cl.cells[j]
        if cl.idx[j] + 1 < cl.count[j]:
            cl.idx[j] += 1
            grid[c] = cl.vals[j, cl.idx[j]]
            return True
        cl.idx[j] = 0
        grid[c] = cl.vals[j, 0]
        j += 1
    return False


@njit(cache=True)
def _expand(q: exact.Question, bfs: tuple, k: int, tail: int, cl: Classes,
            sc: constrained.Scratch, stats: np.ndarray) -> bool:
    """Whether some maze of the leaf's class is feasible (then it is in ``sc.grid``)."""
    queue, tail_before = bfs
    m = _classes(q, queue, tail_before, k, tail, cl, sc.grid)
    while True:
        stats[A_GRIDS] += 1
        if constrained._feasible(sc.grid, q.n, sc):
            return True
        if not _next(cl, m, sc.grid):
            return False


class Flow(NamedTuple):
    """The constraint cuts' state: ``paths`` (shortest paths to each cell over the *sure*
    edges: those of popped cells whose class holds one value, see :func:`_alone`) and
    ``flowed`` (per cell, the popped jump whose edges were added, 0 if none)."""

    paths: np.ndarray
    flowed: np.ndarray
    reach: np.ndarray
    lines: np.ndarray


@njit(cache=True)
def _flow(n: int, depth: np.ndarray, fl: Flow, c: int, sign: int) -> None:
    """Add (``sign`` 1) or take back (-1) the paths jump ``fl.flowed`` of ``c`` carries into
    the next layer."""
    v = fl.flowed[c]
    for d in range(4):
        w = model.jump_target(c, v, n, d)
        if w >= 0 and depth[w] == depth[c] + 1:
            fl.paths[w] += sign * fl.paths[c]


@njit(cache=True)
def _alone(n: int, mj: np.ndarray, depth: np.ndarray, c: int, cnt: int) -> bool:
    """Whether the jump just popped at ``c`` (discovering ``cnt`` new cells) is the only one
    of its class, so every maze below has its edges.

    A jump that discovers a cell lies at that cell's distance, so no other jump discovers the
    same cells; a jump that discovers nothing shares its class with every jump of ``c`` whose
    targets are all discovered, and two jumps never share a target, so then the edges are sure
    only when no other jump of ``c`` discovers nothing.
    """
    if cnt > 0:
        return True
    quiet = 0
    for v in range(1, mj[c] + 1):
        hits_new = False
        for d in range(4):
            w = model.jump_target(c, v, n, d)
            if w >= 0 and depth[w] < 0:
                hits_new = True
        if not hits_new:
            quiet += 1
    return quiet == 1


@njit(cache=True)
def _several_paths(depth: np.ndarray, queue: np.ndarray, fl: Flow, k: int, tail: int) -> bool:
    """Whether every cell of the layer ``queue[k + 1]`` opens has two or more sure shortest
    paths: every shortest path to the (deeper) goal crosses that layer, so it has two too.

    The layer is complete when its first cell is next to pop: every cell one layer up has
    popped, so it discovered all the layer's cells and added all its sure edges.
    """
    x = queue[k + 1]
    if depth[x] == depth[queue[k]]:
        return False  # the layer opened earlier and was checked then
    for t in range(k + 1, tail):
        w = queue[t]
        if depth[w] != depth[x]:
            break
        if fl.paths[w] < 2:
            return False
    return True


@njit(cache=True)
def _white_hole(nn: int, lines: exact.Lines, tail: int) -> bool:
    """Whether some undiscovered cell can never be discovered (a white hole in every maze
    below): ``lines.mark`` holds the cells some chain of unpopped cells could still discover
    (:func:`exact._discoverable`), an over-approximation of what any completion reaches."""
    return lines.mark.sum() < nn - tail


@njit(cache=True)
def _reaches(n: int, fl: Flow, u: int) -> bool:
    """Whether ``u`` may reach a cell already known to reach the goal: over the sure jump
    when it has one (``fl.flowed``), else over any cell of its row or column (every such cell
    is within its largest legal jump)."""
    r = u // n
    c = u - r * n
    v = fl.flowed[u]
    if v == 0:
        return fl.lines[r] > 0 or fl.lines[n + c] > 0
    for d in range(4):
        w = model._target(u, r, c, v, n, d)
        if w >= 0 and fl.reach[w] == 1:
            return True
    return False


@njit(cache=True)
def _pass(n: int, fl: Flow, u: int) -> int:
    """Mark ``u`` when it may reach the goal; 1 if it was newly marked."""
    if fl.reach[u] == 1 or not _reaches(n, fl, u):
        return 0
    fl.reach[u] = 1
    fl.lines[u // n] += 1
    fl.lines[n + u % n] += 1
    return 1


@njit(cache=True)
def _black_hole(n: int, bfs: tuple, fl: Flow, tail: int) -> bool:
    """Whether some cell cannot reach the goal whatever the jumps not yet fixed (a black
    hole in every maze below): reverse reachability in a graph holding every edge any maze
    below can have (a popped cell whose class has one jump keeps its edges, every other cell
    may jump to any cell of its row or column), so its unreached cells are black holes in all.
    The popped cells are scanned in reverse queue order: a chain's later cells come first."""
    depth, queue = bfs
    nn = n * n
    fl.reach[:] = 0
    fl.lines[:] = 0
    fl.reach[nn - 1] = 1
    fl.lines[n - 1] = 1
    fl.lines[2 * n - 1] = 1
    got = 1
    added = 1
    while added > 0:
        added = 0
        for u in range(nn - 1):
            if depth[u] < 0:
                added += _pass(n, fl, u)
        for t in range(tail - 1, -1, -1):
            added += _pass(n, fl, queue[t])
        got += added
    return got < nn


@njit(cache=True)
def _cut(q: exact.Question, bfs: tuple, fl: Flow, lines: exact.Lines, k: int, tail: int,
         best: int) -> bool:
    """The goal-depth cuts of :func:`exact._cut`, then the constraints' (every maze below has
    a white hole, or two shortest paths)."""
    depth, queue = bfs
    if exact._cut(q, depth, queue, lines, k, tail, best):
        return True
    if _white_hole(q.n * q.n, lines, tail) or _several_paths(depth, queue, fl, k, tail):
        return True
    return _black_hole(q.n, bfs, fl, tail)


@njit(cache=True)
def _retract(n: int, bfs: tuple, fl: Flow, k: int, tail: int) -> int:
    """Take back the value level ``k`` tried last (its sure edges, then its discoveries); the
    queue's tail before it (a no-op on a fresh level, whose tail is already that)."""
    depth, queue, tail_before = bfs
    c = queue[k]
    if fl.flowed[c] != 0:
        _flow(n, depth, fl, c, -1)
        fl.flowed[c] = 0
    return exact._undo(depth, queue, tail_before, k, tail)


@njit(cache=True)
def _exhausted(q: exact.Question, c: int, k: int, v: int) -> bool:
    """Whether level ``k`` (cell ``c``) has no value ``v`` or beyond left in this branch."""
    return v > q.mj[c] or (k < q.prefix.shape[0] and v > q.prefix[k])


@njit(cache=True)
def _goal(q: exact.Question, bfs: tuple, k: int, tail: int, work: tuple, stats: np.ndarray,
          best_grid: np.ndarray, best: int) -> int:
    """A goal leaf: expand it when deeper than ``best``; the new best feasible depth."""
    depth, queue, tail_before = bfs
    cl, sc = work
    d = depth[q.n * q.n - 1]
    if d <= best:
        return best
    stats[A_LEAVES] += 1
    if not _expand(q, (queue, tail_before), k, tail, cl, sc, stats):
        return best
    stats[A_FEASIBLE] += 1
    best_grid[:] = sc.grid
    return d


@njit(cache=True)
def _search(q: exact.Question, cl: Classes, sc: constrained.Scratch, fl: Flow,
            best_grid: np.ndarray, stats: np.ndarray) -> int:
    """The merged search of :func:`exact._search` (target ``q.target``), each goal leaf deeper
    than the best feasible maze so far expanded; the deepest feasible depth (target - 1: none)."""
    n = q.n
    nn = n * n
    depth = np.full(nn, -1, np.int64)
    jumps = np.zeros(nn, np.int64)
    queue = np.empty(nn, np.int64)
    val = np.zeros(nn, np.int64)
    tail_before = np.zeros(nn + 1, np.int64)
    seen = np.empty((nn, 16), np.int64)
    nseen = np.zeros(nn, np.int64)
    new = np.empty(exact.MAX_NEW, np.int64)
    lines = exact.Lines(np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(nn, np.int64))
    bfs = (depth, queue, tail_before)
    best = q.target - 1
    depth[0] = 0
    queue[0] = 0
    tail = 1
    k = 0
    tail_before[0] = tail
    stats[A_COMPLETE] = 1
    while k >= 0:
        c = queue[k]
        tail = _retract(n, bfs, fl, k, tail)
        val[k] += 1
        v = val[k]
        if _exhausted(q, c, k, v):
            jumps[c] = 0
            k -= 1
            continue
        if q.transpose and k == 2 and v < jumps[queue[1]]:
            continue  # its transpose is searched instead, as in exact._search
        if stats[A_NODES] >= q.node_limit:
            stats[A_COMPLETE] = 0
            break
        cnt = exact._new_cells(n, depth, new, c, v)
        if exact._tried(seen, nseen, new, k, cnt) or (k < q.prefix.shape[0] and v != q.prefix[k]):
            continue
        stats[A_NODES] += 1
        jumps[c] = v
        tail_before[k] = tail
        tail = exact._discover(depth, queue, new, c, cnt, tail)
        if _alone(n, q.mj, depth, c, cnt):
            fl.flowed[c] = v
            _flow(n, depth, fl, c, 1)
        if depth[nn - 1] >= 0:
            best = _goal(q, bfs, k, tail, (cl, sc), stats, best_grid, best)
        elif not _cut(q, (depth, queue), fl, lines, k, tail, best):
            k += 1
            val[k] = 0
            nseen[k] = 0
            tail_before[k] = tail
    return best


@dataclass(frozen=True)
class AttainedResult:
    """One expanded search: the deepest feasible maze of depth >= ``target`` (None: none),
    whether the tree was exhausted, its nodes, the goal leaves expanded, the mazes checked and
    the leaves that held a feasible maze."""

    n: int
    target: int
    best: int | None
    grid: np.ndarray | None
    complete: bool
    nodes: int
    leaves: int
    grids: int
    feasible_leaves: int
    seconds: float

    @property
    def refuted(self) -> bool:
        """Every maze of depth >= target has a hole or several shortest paths."""
        return self.complete and self.best is None


def search(n: int, target: int, node_limit: int = 10**12, *, prefix: tuple[int, ...] = ()
           ) -> AttainedResult:
    """The deepest maze with goal depth >= ``target``, no black or white hole and one shortest
    path, by expanding every goal leaf of the merged exact search (``prefix``: one top-level
    branch, the jumps of the start and of its right neighbour, as in :func:`exact.search`)."""
    n = exact._check_search_args(n, target, node_limit)
    pre = np.asarray(prefix, dtype=np.int64).reshape(-1)
    if pre.size > 2 or np.any(pre < 1) or (pre.size >= 1 and pre[0] > n - 1):
        raise ValueError(f"prefix must hold at most two jumps, the first in 1..{n - 1}, "
                         f"got {tuple(prefix)}")
    nn = n * n
    mj = np.ascontiguousarray(max_jumps(n).ravel())
    q = exact.Question(n, mj, int(target), int(node_limit), pre, True, True, False)
    cl = Classes(np.zeros(nn, np.int64), np.zeros(nn, np.int64), np.zeros(nn, np.int64),
                 np.zeros((nn, n), np.int64), np.zeros(nn, np.int64))
    sc = constrained.Scratch(*(np.zeros(nn, np.int64) for _ in range(3)),
                             np.zeros(nn, np.float64), np.zeros(nn, np.int64),
                             np.zeros(nn, np.int64))
    fl = Flow(np.zeros(nn, np.int64), np.zeros(nn, np.int64), np.zeros(nn, np.int64),
              np.zeros(2 * n, np.int64))
    fl.paths[0] = 1
    best_grid = np.zeros(nn, np.int64)
    stats = np.zeros(N_STATS, np.int64)
    start = time.perf_counter()
    best = int(_search(q, cl, sc, fl, best_grid, stats))
    seconds = time.perf_counter() - start
    grid = _checked(n, best, best_grid) if best >= target else None
    return AttainedResult(n, int(target), best if grid is not None else None, grid,
                          bool(stats[A_COMPLETE]), int(stats[A_NODES]), int(stats[A_LEAVES]),
                          int(stats[A_GRIDS]), int(stats[A_FEASIBLE]), seconds)


def _checked(n: int, best: int, flat: np.ndarray) -> np.ndarray:
    """The found maze, re-evaluated by the model (a RuntimeError if it is not what was found)."""
    grid = flat.reshape(n, n).copy()
    ev = model.evaluate(grid)
    if not (ev.score == best and ev.unique_path and ev.black_holes == 0
            and ev.white_holes == 0):
        raise RuntimeError(f"expanded search claims a feasible depth {best}; the model says "
                           f"score {ev.score}, {ev.shortest_paths} paths, {ev.black_holes} "
                           f"black and {ev.white_holes} white holes")
    return grid


@dataclass(frozen=True)
class AttainedTask(Task):
    """One expanded search: every n x n maze of goal depth >= ``target`` checked for the
    designer's constraints, at most ``node_limit`` nodes (not random: the seed is unused)."""

    EXPERIMENT = "constrained-maxima"
    n: int
    target: int
    node_limit: int


def attained_tasks(budget: Any, root: int) -> list[AttainedTask]:
    """One task per (n, target) of ``budget.constrained_targets``."""
    return [AttainedTask(n, t, budget.constrained_node_limit, root=root)
            for n, t in budget.constrained_targets]


def attained_run(task: AttainedTask) -> AttainedResult:
    """Worker: one expanded search."""
    return search(task.n, task.target, task.node_limit)


ATTAINED_COLUMNS = ["n", "target", "node_limit", "complete", "best", "nodes", "leaves",
                    "grids", "grid"]


def attained_table(tasks: Sequence[AttainedTask], results: Sequence[AttainedResult]
                   ) -> pd.DataFrame:
    """One row per search (no times): exhausted or not, the deepest feasible maze of depth
    >= target (empty: none), the nodes, the goal leaves expanded and the mazes checked."""
    rows = [{"n": t.n, "target": t.target, "node_limit": t.node_limit, "complete": r.complete,
             "best": r.best, "nodes": r.nodes, "leaves": r.leaves, "grids": r.grids,
             "grid": None if r.grid is None else str(r.grid.tolist())}
            for t, r in zip(tasks, results, strict=True)]
    return pd.DataFrame(rows, columns=ATTAINED_COLUMNS).astype({"best": "Int64"})


def records(table: pd.DataFrame) -> dict[int, dict]:
    """The stored searches as :func:`constrained.maxima_table` reads them, per n."""
    out = {}
    for r in table.itertuples():
        done = bool(r.complete)
        best = None if pd.isna(r.best) else int(r.best)
        out[int(r.n)] = {"complete": done, "target": int(r.target), "nodes": int(r.nodes),
                         "proven_max": best if done else None}
    return out


def maxima_table(table: pd.DataFrame, designer: Mapping[str, dict]) -> pd.DataFrame:
    """``n,proven_max_constrained,designer_best,nodes`` from the stored searches: a search
    that found nothing at or above its target proves the designer's ``target - 1``."""
    return constrained.maxima_table(records(table), designer)
