"""A designer's generator: Neller et al.'s (CG 2010) maze-quality terms as an annealing objective.

Neller, Fisher, Choga, Lalvani, McCarty, "Rook Jumping Maze Design Considerations" (Computers
and Games 2010, LNCS 6515) score a maze's *undesirability* (an energy to minimise) from these
terms, with |S| the number of cells (facts from the paper's talk; the readings are ours where
it is terse):

* no unique shortest solution (none at all, or several): ``+|S|^3``;
* black holes, cells from which the goal cannot be reached: ``+|S|^2`` each;
* white holes, cells the start cannot reach (our reading: weighted like black holes);
* the solution length: ``-depth`` (longer is better);
* initial forced moves ``m`` (moves from the start before the first cell with a choice):
  ``+m^2`` (always 0 here: a corner start has two moves, right and down);
* decisions: ``-min(d_f, d_b)``, with ``d_f`` the cells of the shortest solution (goal
  excluded) with more than one legal move and ``d_b`` the cells of it (start excluded) that more
  than one cell jumps to (our reading of forward/backward decisions);
* same-jump clusters: ``+(|J| - 1)^2`` for each orthogonally connected group J of cells with
  the same jump.

An objective is a weight per term (:data:`OBJECTIVES`), so a term can be switched off without a
second kernel. The annealer minimises the weighted energy and, whatever the objective, keeps
the deepest *designer-feasible* maze it meets: a unique shortest path and no black or white
holes.

``python -m puzzles run 03 designer-runs --store`` reruns the stored designer runs
(``data/designer_runs.csv``, see :mod:`puzzles.jumpmaze.offline`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from numba import njit

from puzzles.jumpmaze import model
from puzzles.jumpmaze.model import bfs_flat, check_n, jump_target, neighbour_flat, random_flat
from puzzles.jumpmaze.optimise import Schedule, Space, _tables

TERMS: tuple[str, ...] = ("no_unique_path", "black_holes", "white_holes", "depth",
                          "forced_moves", "decisions", "same_jump_clusters")
N_TERMS = len(TERMS)
# weight per term of the energy (each term already carries Neller's scale, e.g. |S|^2 per hole)
OBJECTIVES: dict[str, tuple[float, ...]] = {
    "neller": (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
    # the designer's constraints softened so annealing can cross infeasible mazes; the deepest
    # feasible maze met is kept separately
    "designer": (0.02, 0.02, 0.02, 1.0, 0.0, 0.0, 0.0),
    "depth": (0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0),
}


def weights(objective: str) -> np.ndarray:
    """The weight vector of a named objective."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be one of {sorted(OBJECTIVES)}, got {objective!r}")
    return np.array(OBJECTIVES[objective], np.float64)


# the slots of the terms vector, in the order of TERMS
NO_UNIQUE_PATH, BLACK_HOLES, WHITE_HOLES, DEPTH, FORCED_MOVES, DECISIONS, CLUSTERS = range(7)
# the slots of a run's summary: the lowest energy met, the deepest feasible maze's depth
BEST_ENERGY, FEASIBLE_DEPTH = 0, 1
NONE_FEASIBLE = -1  # the feasible depth before a feasible maze is met (every depth beats it)


class Scratch(NamedTuple):
    """Work arrays of one maze size: BFS depths and queue, shortest-path counts, which cells
    reach the goal, in-degrees with the predecessor lists, cluster labels."""

    depth: np.ndarray
    queue: np.ndarray
    paths: np.ndarray
    reach: np.ndarray
    indeg: np.ndarray
    preds: np.ndarray
    label: np.ndarray


class Found(NamedTuple):
    """What a designer run keeps: the lowest-energy maze, the deepest feasible maze, and the
    ``summary`` slots :data:`BEST_ENERGY` and :data:`FEASIBLE_DEPTH`."""

    best: np.ndarray
    feasible: np.ndarray
    summary: np.ndarray


def scratch(n: int) -> Scratch:
    """Fresh work arrays for n x n mazes (a cell is entered only from its own row and column,
    so from at most 2 (n - 1) cells)."""
    nn = n * n
    return Scratch(np.empty(nn, np.int64), np.empty(nn, np.int64), np.empty(nn, np.float64),
                   np.empty(nn, np.int64), np.empty(nn, np.int64),
                   np.empty((nn, 2 * n), np.int64), np.empty(nn, np.int64))


@njit(cache=True, inline="always")
def _predecessors(jumps: np.ndarray, n: int, work: Scratch) -> None:
    """Every cell's predecessor list and in-degree."""
    indeg, preds = work.indeg, work.preds
    for i in range(n * n):
        indeg[i] = 0
    for u in range(n * n):
        k = jumps[u]
        if k <= 0:
            continue
        for d in range(4):
            v = jump_target(u, k, n, d)
            if v >= 0:
                preds[v, indeg[v]] = u
                indeg[v] += 1


@njit(cache=True, inline="always")
def _black_holes(n: int, work: Scratch) -> int:
    """Cells that cannot reach the goal (reverse BFS over the predecessor lists)."""
    nn = n * n
    goal = nn - 1
    reach, queue = work.reach, work.queue
    for i in range(nn):
        reach[i] = 0
    reach[goal] = 1
    queue[0] = goal
    head = 0
    tail = 1
    while head < tail:
        v = queue[head]
        head += 1
        for j in range(work.indeg[v]):
            u = work.preds[v, j]
            if reach[u] == 0:
                reach[u] = 1
                queue[tail] = u
                tail += 1
    return nn - tail


@njit(cache=True, inline="always")
def _options(jumps: np.ndarray, n: int, u: int) -> int:
    """How many legal jumps cell ``u`` has."""
    opts = 0
    for d in range(4):
        if jump_target(u, jumps[u], n, d) >= 0:
            opts += 1
    return opts


@njit(cache=True, inline="always")
def _forced_moves(jumps: np.ndarray, n: int) -> int:
    """Initial forced moves: single-option cells followed from the start."""
    goal = n * n - 1
    m = 0
    u = 0
    while m < n * n and u != goal:
        opts = _options(jumps, n, u)
        if opts != 1:
            break
        m += 1
        nxt = u
        for d in range(4):
            v = jump_target(u, jumps[u], n, d)
            if v >= 0:
                nxt = v
        u = nxt
    return m


@njit(cache=True, inline="always")
def _predecessor(jumps: np.ndarray, n: int, depth: np.ndarray, v: int) -> int:
    """A cell one BFS layer closer to the start that jumps to ``v`` (the first in cell order)."""
    for u in range(n * n):
        if depth[u] != depth[v] - 1:
            continue
        for d in range(4):
            if jump_target(u, jumps[u], n, d) == v:
                return u
    return -1


@njit(cache=True, inline="always")
def _decisions(jumps: np.ndarray, n: int, work: Scratch) -> tuple[int, int]:
    """Forward and backward decisions along one shortest solution, walked back from the
    goal: cells with more than one move on, cells with more than one way in."""
    indeg = work.indeg
    df = 0
    db = 0
    v = n * n - 1
    while v != 0:
        if indeg[v] > 1:  # the path's cells after the start, the goal included
            db += 1
        prev = _predecessor(jumps, n, work.depth, v)
        deg = _options(jumps, n, prev)
        if deg > 1:
            df += 1
        v = prev
    return df, db


@njit(cache=True, inline="always")
def _clusters(jumps: np.ndarray, n: int, work: Scratch) -> float:
    """Same-jump clusters (4-connected, goal excluded), by flood fill: sum of (|J| - 1)^2."""
    goal = n * n - 1
    label, queue = work.label, work.queue
    label[:] = -1
    total = 0.0
    for i in range(goal):
        if label[i] >= 0:
            continue
        label[i] = i
        queue[0] = i
        head = 0
        tail = 1
        while head < tail:
            u = queue[head]
            head += 1
            for d in range(4):
                v = jump_target(u, 1, n, d)  # the 4-neighbour: one step in direction d
                if v >= 0 and v != goal and label[v] < 0 and jumps[v] == jumps[i]:
                    label[v] = i
                    queue[tail] = v
                    tail += 1
        total += float((tail - 1) * (tail - 1))
    return total


@njit(cache=True)
def _terms(jumps: np.ndarray, n: int, work: Scratch, out: np.ndarray) -> None:
    """Neller's terms of a flat maze into ``out`` (scaled as in the energy, see TERMS)."""
    nn = n * n
    s = float(nn)
    reached = bfs_flat(jumps, n, work.depth, work.queue)
    _predecessors(jumps, n, work)
    # shortest-path counts by the model's kernel (BFS order)
    model._path_counts(jumps, n, work.depth, work.queue, reached, work.paths)
    g = work.depth[nn - 1]
    out[NO_UNIQUE_PATH] = s * s * s if (g < 0 or work.paths[nn - 1] != 1.0) else 0.0
    out[BLACK_HOLES] = s * s * _black_holes(n, work)
    out[WHITE_HOLES] = s * s * (nn - reached)
    out[DEPTH] = -float(g) if g >= 0 else 0.0
    m = _forced_moves(jumps, n)
    out[FORCED_MOVES] = float(m * m)
    df, db = _decisions(jumps, n, work) if g > 0 else (0, 0)
    out[DECISIONS] = -float(min(df, db))
    out[CLUSTERS] = _clusters(jumps, n, work)


@njit(cache=True)
def _energy(t: np.ndarray, w: np.ndarray) -> float:
    e = 0.0
    for i in range(t.shape[0]):
        e += w[i] * t[i]
    return e


@njit(cache=True)
def _is_feasible(t: np.ndarray) -> bool:
    """A unique shortest path and no black or white holes."""
    return t[NO_UNIQUE_PATH] == 0.0 and t[BLACK_HOLES] == 0.0 and t[WHITE_HOLES] == 0.0


@njit(cache=True)
def _design(space: Space, schedule: Schedule, w: np.ndarray, seed: int, found: Found) -> None:
    """Anneal the weighted energy; ``found.best`` the lowest-energy maze, ``found.feasible``
    the deepest maze with a unique shortest path and no holes (their energy and depth in
    ``found.summary``)."""
    np.random.seed(seed)
    n, mj, mutable = space
    iters, t_start, t_end = schedule
    work = Scratch(np.empty(n * n, np.int64), np.empty(n * n, np.int64),
                   np.empty(n * n, np.float64), np.empty(n * n, np.int64),
                   np.empty(n * n, np.int64), np.empty((n * n, 2 * n), np.int64),
                   np.empty(n * n, np.int64))
    t = np.empty(N_TERMS, np.float64)
    cur = np.empty(n * n, np.int64)
    random_flat(n, mj, cur)
    _terms(cur, n, work, t)
    e = _energy(t, w)
    found.best[:] = cur
    best_e = e
    feas_d = NONE_FEASIBLE
    if _is_feasible(t):
        feas_d = int(-t[DEPTH])
        found.feasible[:] = cur
    ratio = math.log(t_end / t_start) / max(iters - 1, 1)
    for it in range(iters):
        temp = t_start * math.exp(ratio * it)
        cell, old = neighbour_flat(cur, mutable, mj)
        _terms(cur, n, work, t)
        e2 = _energy(t, w)
        if e2 <= e or np.random.random() < math.exp((e - e2) / temp):
            e = e2
            if e < best_e:
                best_e = e
                found.best[:] = cur
            if _is_feasible(t) and -t[DEPTH] > feas_d:
                feas_d = int(-t[DEPTH])
                found.feasible[:] = cur
        else:
            cur[cell] = old
    found.summary[BEST_ENERGY] = best_e
    found.summary[FEASIBLE_DEPTH] = feas_d


def terms(grid: object) -> dict[str, float]:
    """Neller's terms of a maze, scaled as in the energy (see :data:`TERMS`)."""
    flat, n = model.flatten(grid)
    out = np.empty(N_TERMS, np.float64)
    _terms(flat, n, scratch(n), out)
    return dict(zip(TERMS, out.tolist(), strict=True))


def energy(grid: object, objective: str = "neller") -> float:
    """The weighted energy of a maze under a named objective (lower is better)."""
    t = np.array(list(terms(grid).values()))
    return float(t @ weights(objective))


def feasible(grid: object) -> bool:
    """A designer's maze: a unique shortest path and no black or white holes."""
    ev = model.evaluate(grid)
    return ev.unique_path and ev.black_holes == 0 and ev.white_holes == 0


@dataclass(frozen=True)
class DesignResult:
    """One designer run: the lowest-energy maze and the deepest feasible maze met."""

    n: int
    seed: int
    objective: str
    best_grid: np.ndarray
    best_energy: float
    feasible_grid: np.ndarray | None
    feasible_depth: int | None


def design(n: int, iters: int, seed: int, *, objective: str = "designer",
           t_start: float = 3.0, t_end: float = 0.2) -> DesignResult:
    """One seeded annealing run on a named objective (checked by the model afterwards)."""
    n = check_n(n)
    if isinstance(iters, bool) or not isinstance(iters, int) or iters < 1:
        raise ValueError(f"iters must be a positive int, got {iters!r}")
    if not 0.0 < t_end <= t_start:
        raise ValueError(f"need 0 < t_end <= t_start, got t_start={t_start}, t_end={t_end}")
    found = Found(np.empty(n * n, np.int64), np.empty(n * n, np.int64), np.empty(2, np.float64))
    _design(Space(n, *_tables(n)), Schedule(iters, float(t_start), float(t_end)),
            weights(objective), int(seed), found)
    best, feas, out = found
    best_grid = best.reshape(n, n).copy()
    if not math.isclose(energy(best_grid, objective), out[0], rel_tol=1e-9, abs_tol=1e-9):
        raise RuntimeError(f"designer n={n}: kernel energy {out[0]} disagrees with the model")
    fd = int(out[1])
    fgrid = None
    if fd >= 0:
        fgrid = feas.reshape(n, n).copy()
        if not feasible(fgrid) or model.score(fgrid) != fd:
            raise RuntimeError(f"designer n={n}: the stored feasible maze does not check out")
    return DesignResult(n, int(seed), objective, best_grid, float(out[0]), fgrid,
                        fd if fd >= 0 else None)


def verify(sizes: dict[str, dict]) -> dict[str, dict]:
    """Re-check every stored designer maze (per n: its ``score`` and ``grid``); per n its grid,
    score and Neller's terms."""
    out = {}
    for key, v in sizes.items():
        if v["grid"] is None:
            continue
        ev = model.evaluate(v["grid"])
        if not feasible(v["grid"]) or ev.score != v["score"]:
            raise ValueError(f"stored designer maze n={key} is not feasible at score {v['score']}")
        out[key] = {"grid": v["grid"], "score": ev.score, "shortest_paths": ev.shortest_paths,
                    "black_holes": ev.black_holes, "white_holes": ev.white_holes,
                    "neller_energy": energy(v["grid"], "neller")}
    return out
