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

import numpy as np
from numba import njit

from puzzles.jumpmaze import model
from puzzles.jumpmaze.model import (
    bfs_flat,
    check_n,
    jump_target,
    max_jumps,
    neighbour_flat,
    random_flat,
)

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


@njit(cache=True)
def _terms(jumps: np.ndarray, n: int, depth: np.ndarray, queue: np.ndarray,
           paths: np.ndarray, reach: np.ndarray, indeg: np.ndarray, label: np.ndarray,
           out: np.ndarray) -> None:
    """Neller's terms of a flat maze into ``out`` (scaled as in the energy, see TERMS)."""
    nn = n * n
    goal = nn - 1
    s = float(nn)
    reached = bfs_flat(jumps, n, depth, queue)
    # predecessor lists and in-degrees (a cell is entered only from its own row and column, so
    # from at most 2 (n - 1) cells)
    preds = np.empty((nn, 2 * n), np.int64)
    for i in range(nn):
        indeg[i] = 0
    for u in range(nn):
        k = jumps[u]
        if k <= 0:
            continue
        for d in range(4):
            v = jump_target(u, k, n, d)
            if v >= 0:
                preds[v, indeg[v]] = u
                indeg[v] += 1
    # shortest-path counts by the model's kernel (BFS order)
    model._path_counts(jumps, n, depth, queue, reached, paths)
    g = depth[goal]
    out[0] = s * s * s if (g < 0 or paths[goal] != 1.0) else 0.0
    # black holes: cells that cannot reach the goal (reverse BFS over the predecessor lists)
    for i in range(nn):
        reach[i] = 0
    reach[goal] = 1
    queue[0] = goal
    head = 0
    tail = 1
    while head < tail:
        v = queue[head]
        head += 1
        for j in range(indeg[v]):
            u = preds[v, j]
            if reach[u] == 0:
                reach[u] = 1
                queue[tail] = u
                tail += 1
    black = 0
    for i in range(nn):
        if reach[i] == 0:
            black += 1
    out[1] = s * s * black
    out[2] = s * s * (nn - reached)
    out[3] = -float(g) if g >= 0 else 0.0
    # initial forced moves: follow single-option cells from the start
    m = 0
    u = 0
    while m < nn and u != goal:
        k = jumps[u]
        opts = 0
        nxt = -1
        for d in range(4):
            v = jump_target(u, k, n, d)
            if v >= 0:
                opts += 1
                nxt = v
        if opts != 1:
            break
        m += 1
        u = nxt
    out[4] = float(m * m)
    # decisions along one shortest solution, walked back from the goal
    df = 0
    db = 0
    if g > 0:
        v = goal
        while v != 0:
            if indeg[v] > 1:  # the path's cells after the start, the goal included
                db += 1
            # a predecessor one layer closer to the start
            prev = -1
            for u in range(nn):
                if depth[u] != depth[v] - 1:
                    continue
                k = jumps[u]
                for d in range(4):
                    if jump_target(u, k, n, d) == v:
                        prev = u
                if prev >= 0:
                    break
            deg = 0
            for d in range(4):
                if jump_target(prev, jumps[prev], n, d) >= 0:
                    deg += 1
            if deg > 1:
                df += 1
            v = prev
    out[5] = -float(min(df, db))
    # same-jump clusters (4-connected, goal excluded), by flood fill
    for i in range(nn):
        label[i] = -1
    total = 0.0
    for i in range(nn - 1):
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
    out[6] = total


@njit(cache=True)
def _energy(t: np.ndarray, w: np.ndarray) -> float:
    e = 0.0
    for i in range(t.shape[0]):
        e += w[i] * t[i]
    return e


@njit(cache=True)
def _design(n: int, mj: np.ndarray, mutable: np.ndarray, iters: int, t_start: float,
            t_end: float, w: np.ndarray, seed: int, best: np.ndarray,
            feasible: np.ndarray, out: np.ndarray) -> None:
    """Anneal the weighted energy; ``best`` the lowest-energy maze, ``feasible`` the deepest
    maze with a unique shortest path and no holes. ``out`` = [best energy, feasible depth
    (-1 if none)]."""
    np.random.seed(seed)
    nn = n * n
    depth = np.empty(nn, np.int64)
    queue = np.empty(nn, np.int64)
    paths = np.empty(nn, np.float64)
    reach = np.empty(nn, np.int64)
    indeg = np.empty(nn, np.int64)
    label = np.empty(nn, np.int64)
    t = np.empty(N_TERMS, np.float64)
    cur = np.empty(nn, np.int64)
    random_flat(n, mj, cur)
    _terms(cur, n, depth, queue, paths, reach, indeg, label, t)
    e = _energy(t, w)
    best[:] = cur
    best_e = e
    feas_d = -1
    if t[0] == 0.0 and t[1] == 0.0 and t[2] == 0.0:
        feas_d = int(-t[3])
        feasible[:] = cur
    ratio = math.log(t_end / t_start) / max(iters - 1, 1)
    for it in range(iters):
        temp = t_start * math.exp(ratio * it)
        cell, old = neighbour_flat(cur, mutable, mj)
        _terms(cur, n, depth, queue, paths, reach, indeg, label, t)
        e2 = _energy(t, w)
        if e2 <= e or np.random.random() < math.exp((e - e2) / temp):
            e = e2
            if e < best_e:
                best_e = e
                best[:] = cur
            if t[0] == 0.0 and t[1] == 0.0 and t[2] == 0.0 and -t[3] > feas_d:
                feas_d = int(-t[3])
                feasible[:] = cur
        else:
            cur[cell] = old
    out[0] = best_e
    out[1] = feas_d


def terms(grid: object) -> dict[str, float]:
    """Neller's terms of a maze, scaled as in the energy (see :data:`TERMS`)."""
    flat, n = model.flatten(grid)
    nn = n * n
    out = np.empty(N_TERMS, np.float64)
    _terms(flat, n, np.empty(nn, np.int64), np.empty(nn, np.int64), np.empty(nn, np.float64),
           np.empty(nn, np.int64), np.empty(nn, np.int64), np.empty(nn, np.int64), out)
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
    w = weights(objective)
    mj = np.ascontiguousarray(max_jumps(n).ravel())
    mutable = np.flatnonzero(mj >= 2).astype(np.int64)
    best = np.empty(n * n, np.int64)
    feas = np.empty(n * n, np.int64)
    out = np.empty(2, np.float64)
    _design(n, mj, mutable, iters, float(t_start), float(t_end), w, int(seed), best, feas, out)
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
