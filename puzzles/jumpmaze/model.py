"""Rook Jumping Maze: the grid, legal jumps, neighbour step and BFS evaluation.

A maze is an ``n x n`` integer array. The start is the top-left cell, the goal the bottom-right
cell, which holds 0. Every other cell ``(r, c)`` holds a jump in ``1..max(r, c, n-1-r, n-1-c)``;
a move goes exactly that many cells up, down, left or right without leaving the grid.

Score (maximised, as in the report): the BFS distance start -> goal if the goal is reachable,
else minus the number of cells unreachable from the start (the goal included).

The hot functions work on the flat ``n*n`` int64 array and are numba-compiled; ``evaluate``
wraps them for Python callers, and ``bfs_depths_py`` is a plain-Python reference used to test
them and to measure the speed-up.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np
from numba import njit

MIN_N = 3
MAX_N = 15  # the exact search packs cell indices into 8 bits; 15 x 15 keeps every kernel simple


def check_n(n: int) -> int:
    """Return ``n`` if it is a supported grid size, else raise ``ValueError`` naming it."""
    if isinstance(n, bool) or not isinstance(n, int | np.integer):
        raise ValueError(f"n must be an int, got {n!r}")
    if not MIN_N <= n <= MAX_N:
        raise ValueError(f"n must lie in {MIN_N}..{MAX_N}, got {n}")
    return int(n)


def max_jumps(n: int) -> np.ndarray:
    """The ``n x n`` array of largest legal jumps, ``max(r, c, n-1-r, n-1-c)``; 0 on the goal."""
    n = check_n(n)
    r, c = np.indices((n, n))
    m = np.maximum(np.maximum(r, c), np.maximum(n - 1 - r, n - 1 - c)).astype(np.int64)
    m[n - 1, n - 1] = 0
    return m


def validate_grid(grid: object) -> np.ndarray:
    """Return ``grid`` as a fresh ``n x n`` int64 array, or raise ``ValueError`` naming a fault."""
    try:
        arr = np.asarray(grid)
    except (ValueError, TypeError) as err:  # ragged nested lists
        raise ValueError(f"grid must be a square 2-D array of ints: {err}") from err
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1]:
        raise ValueError(f"grid must be a square 2-D array, got shape {arr.shape}")
    n = arr.shape[0]
    if not MIN_N <= n <= MAX_N:
        raise ValueError(f"grid size n must lie in {MIN_N}..{MAX_N}, got {n}")
    if arr.dtype == bool or not (np.issubdtype(arr.dtype, np.integer)
                                 or (np.issubdtype(arr.dtype, np.floating)
                                     and np.all(np.isfinite(arr))
                                     and np.all(arr == np.round(arr)))):
        raise ValueError(f"grid must hold integers, got dtype {arr.dtype}")
    arr = arr.astype(np.int64)
    if arr[n - 1, n - 1] != 0:
        raise ValueError(f"grid goal cell [{n - 1}][{n - 1}] must be 0, got {arr[n - 1, n - 1]}")
    m = max_jumps(n)
    bad = np.argwhere(((arr < 1) | (arr > m)) & (m > 0))
    if bad.size:
        r, c = (int(x) for x in bad[0])
        raise ValueError(f"grid[{r}][{c}] = {arr[r, c]} is not a legal jump "
                         f"(must lie in 1..{m[r, c]})")
    return arr


def parse_grid(text: str) -> np.ndarray:
    """Parse rows of whitespace- or comma-separated jumps, ``G`` marking the goal, into a grid."""
    rows = []
    for line in text.strip().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        tokens = line.replace(",", " ").split()
        rows.append([0 if t.upper() == "G" else int(t) for t in tokens])
    return validate_grid(rows)


# ---------------------------------------------------------------------------------------------
# numba kernels on flat arrays (cell i = r * n + c)


@njit(cache=True)
def jump_target(u: int, k: int, n: int, d: int) -> int:
    """The cell a jump of ``k`` from cell ``u`` reaches in direction ``d`` (0 up, 1 down,
    2 left, 3 right), or -1 when it would leave the grid. Every kernel walks the four
    directions in this order, so BFS queues (and the search orders built on them) agree."""
    r = u // n
    return _target(u, r, u - r * n, k, n, d)


@njit(cache=True)
def _target(u: int, r: int, c: int, k: int, n: int, d: int) -> int:
    """:func:`jump_target` with the cell's row and column already known (the BFS hot loop)."""
    if d == 0:
        return u - k * n if r - k >= 0 else -1
    if d == 1:
        return u + k * n if r + k < n else -1
    if d == 2:
        return u - k if c - k >= 0 else -1
    return u + k if c + k < n else -1


@njit(cache=True)
def bfs_flat(jumps: np.ndarray, n: int, depth: np.ndarray, queue: np.ndarray) -> int:
    """Fill ``depth`` with BFS distances from cell 0 (-1 unreachable); return the reached count."""
    nn = n * n
    for i in range(nn):
        depth[i] = -1
    depth[0] = 0
    queue[0] = 0
    head = 0
    tail = 1
    while head < tail:
        u = queue[head]
        head += 1
        k = jumps[u]
        if k <= 0:
            continue  # the goal has no move
        du = depth[u] + 1
        r = u // n
        c = u - r * n
        for d in range(4):
            v = _target(u, r, c, k, n, d)
            if v >= 0 and depth[v] < 0:
                depth[v] = du
                queue[tail] = v
                tail += 1
    return tail


@njit(cache=True)
def score_flat(jumps: np.ndarray, n: int, depth: np.ndarray, queue: np.ndarray) -> int:
    """The report's score of a flat grid: goal depth, or minus the unreachable cell count."""
    reached = bfs_flat(jumps, n, depth, queue)
    g = depth[n * n - 1]
    if g >= 0:
        return g
    return -(n * n - reached)


@njit(cache=True)
def random_flat(n: int, mj: np.ndarray, out: np.ndarray) -> None:
    """Fill ``out`` with a uniformly random legal grid (uses numba's seeded generator)."""
    for i in range(n * n):
        m = mj[i]
        out[i] = np.random.randint(1, m + 1) if m > 0 else 0


@njit(cache=True)
def neighbour_flat(jumps: np.ndarray, mutable: np.ndarray, mj: np.ndarray) -> tuple[int, int]:
    """Change one random mutable cell to a different legal jump in place; return (cell, old)."""
    i = mutable[np.random.randint(0, mutable.shape[0])]
    old = jumps[i]
    new = np.random.randint(1, mj[i])  # 1..m-1, then skip over the old value
    if new >= old:
        new += 1
    jumps[i] = new
    return i, old


@njit(cache=True)
def _path_counts(jumps: np.ndarray, n: int, depth: np.ndarray, queue: np.ndarray,
                 reached: int, paths: np.ndarray) -> None:
    """Number of shortest paths from the start to every cell, in BFS order."""
    for i in range(n * n):
        paths[i] = 0.0
    paths[0] = 1.0
    for h in range(reached):
        u = queue[h]
        k = jumps[u]
        if k <= 0:
            continue
        for d in range(4):
            v = jump_target(u, k, n, d)
            if v < 0:
                continue
            if depth[v] == depth[u] + 1:
                paths[v] += paths[u]


@njit(cache=True)
def _can_reach_goal(jumps: np.ndarray, n: int, out: np.ndarray) -> None:
    """out[i] = 1 if the goal can be reached from cell i (reverse BFS from the goal)."""
    nn = n * n
    # predecessors of v: cells u in v's row or column whose jump lands exactly on v
    for i in range(nn):
        out[i] = 0
    stack = np.empty(nn, np.int64)
    out[nn - 1] = 1
    stack[0] = nn - 1
    top = 1
    while top > 0:
        top -= 1
        v = stack[top]
        vr = v // n
        vc = v - vr * n
        for u in range(nn):
            if out[u] == 1:
                continue
            ur = u // n
            uc = u - ur * n
            k = jumps[u]
            if k <= 0:
                continue
            if (ur == vr and abs(uc - vc) == k) or (uc == vc and abs(ur - vr) == k):
                out[u] = 1
                stack[top] = u
                top += 1


# ---------------------------------------------------------------------------------------------
# Python-facing API


@dataclass(frozen=True)
class Evaluation:
    """Everything the BFS says about a maze: depths, score and Neller's quality terms."""

    n: int
    depths: np.ndarray  # n x n BFS distance from the start, -1 where unreachable
    score: int  # goal depth if reachable, else -(unreachable cells, goal included)
    reachable: bool  # the goal can be reached from the start
    white_holes: int  # cells unreachable from the start
    black_holes: int  # cells from which the goal cannot be reached
    shortest_paths: int  # number of distinct shortest start -> goal paths (0 if unreachable)

    @property
    def unique_path(self) -> bool:
        """True when exactly one shortest path leads from the start to the goal."""
        return self.shortest_paths == 1


def flatten(grid: object) -> tuple[np.ndarray, int]:
    """Validate ``grid`` and return it as a flat int64 array with its size ``n``."""
    arr = validate_grid(grid)
    return np.ascontiguousarray(arr.ravel()), arr.shape[0]


def score(grid: object) -> int:
    """The report's score of ``grid`` (validated first)."""
    flat, n = flatten(grid)
    nn = n * n
    return int(score_flat(flat, n, np.empty(nn, np.int64), np.empty(nn, np.int64)))


def evaluate(grid: object) -> Evaluation:
    """BFS-evaluate ``grid`` (validated first): depths, score, holes and shortest-path count."""
    flat, n = flatten(grid)
    nn = n * n
    depth = np.empty(nn, np.int64)
    queue = np.empty(nn, np.int64)
    reached = bfs_flat(flat, n, depth, queue)
    g = int(depth[nn - 1])
    paths = np.empty(nn, np.float64)
    _path_counts(flat, n, depth, queue, reached, paths)
    to_goal = np.empty(nn, np.int64)
    _can_reach_goal(flat, n, to_goal)
    return Evaluation(
        n=n,
        depths=depth.reshape(n, n).copy(),
        score=g if g >= 0 else -(nn - int(reached)),
        reachable=g >= 0,
        white_holes=int(nn - reached),
        black_holes=int(nn - to_goal.sum()),
        shortest_paths=int(paths[nn - 1]) if g >= 0 else 0,
    )


def moves_from(grid: object, r: int, c: int) -> list[tuple[int, int]]:
    """Legal destinations of one move from cell ``(r, c)`` (empty on the goal)."""
    arr = validate_grid(grid)
    n = arr.shape[0]
    if not (0 <= r < n and 0 <= c < n):
        raise ValueError(f"cell ({r}, {c}) lies outside the {n} x {n} grid")
    k = int(arr[r, c])
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr * k, c + dc * k
        if k > 0 and 0 <= rr < n and 0 <= cc < n:
            out.append((rr, cc))
    return out


def replay(grid: object, path: list[tuple[int, int]]) -> int:
    """Check that ``path`` (cells from the start) follows legal moves; return its move count."""
    arr = validate_grid(grid)
    if not path or tuple(path[0]) != (0, 0):
        raise ValueError("path must begin at the start cell (0, 0)")
    for i in range(1, len(path)):
        if tuple(path[i]) not in moves_from(arr, *path[i - 1]):
            raise ValueError(f"path step {i}: {tuple(path[i])} is not a legal move from "
                             f"{tuple(path[i - 1])}")
    return len(path) - 1


def shortest_path(grid: object) -> list[tuple[int, int]] | None:
    """One shortest start -> goal path as a list of cells (None if the goal is unreachable)."""
    arr = validate_grid(grid)
    n = arr.shape[0]
    depths = evaluate(arr).depths
    if depths[n - 1, n - 1] < 0:
        return None
    # walk back from the goal through any predecessor one layer closer to the start
    path = [(n - 1, n - 1)]
    while path[-1] != (0, 0):
        r, c = path[-1]
        d = depths[r, c]
        prev = next((u, v) for u in range(n) for v in range(n)
                    if depths[u, v] == d - 1 and (r, c) in moves_from(arr, u, v))
        path.append(prev)
    path.reverse()
    return path


def random_grid(n: int, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal ``n x n`` grid drawn from ``rng``."""
    m = max_jumps(n)
    g = rng.integers(1, np.maximum(m, 1) + 1)
    g[m == 0] = 0
    return g.astype(np.int64)


def bfs_depths_py(grid: list[list[int]]) -> list[list[int]]:
    """Plain-Python BFS depths (no numpy, no numba): the reference the kernels are tested on."""
    n = len(grid)
    depth = [[-1] * n for _ in range(n)]
    depth[0][0] = 0
    todo = deque([(0, 0)])
    while todo:
        r, c = todo.popleft()
        k = grid[r][c]
        if k <= 0:
            continue
        for rr, cc in ((r - k, c), (r + k, c), (r, c - k), (r, c + k)):
            if 0 <= rr < n and 0 <= cc < n and depth[rr][cc] < 0:
                depth[rr][cc] = depth[r][c] + 1
                todo.append((rr, cc))
    return depth


def score_py(grid: list[list[int]]) -> int:
    """Plain-Python version of :func:`score` (no validation)."""
    depth = bfs_depths_py(grid)
    n = len(grid)
    if depth[n - 1][n - 1] >= 0:
        return depth[n - 1][n - 1]
    return -sum(1 for row in depth for d in row if d < 0)
