"""Exact search with a transposition table: the branch and bound of :mod:`exact`, memoised.

When the BFS frontier is a single cell ``c`` (every other discovered cell already popped), the
rest of the search depends only on ``c`` and the set ``U`` of undiscovered cells: the popped
cells' jumps can no longer discover anything, and an edge into a discovered cell never changes
a BFS distance. So the largest goal depth still reachable is ``depth(c) + A(c, U)`` for a
number ``A`` that does not depend on the path that led there. When such a subtree is exhausted
without beating the incumbent ``best``, ``A(c, U) <= best - depth(c)``; the table keeps that
bound, and a later visit of the same ``(c, U)`` at a depth ``d`` with ``d + A <= best`` is cut
without being searched. Chains that visit the same cells in a different order then share one
subtree, as in Held and Karp's dynamic programme for Hamiltonian paths.

Everything else (BFS-order branching, the deepest-layer + discoverable-cells bound, merging
jumps that discover the same cells, the transpose symmetry, the top-level branch prefix) is the
search of :func:`puzzles.jumpmaze.exact.search`, so both searches refute or find the same
targets; only node counts differ. The table is a fixed-size array indexed by a hash of
``(c, U)`` and overwritten on collision, so node counts are deterministic. Cells are packed
into two 64-bit words, so ``n <= 11``.
"""

from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np
from numba import njit

from puzzles.core import run_tasks
from puzzles.jumpmaze import exact
from puzzles.jumpmaze.model import check_n, max_jumps

MAX_MEMO_N = 11  # 121 cells fit two 64-bit words
MAX_FRONTIER = 6  # frontiers of up to 6 cells are keyed (6 x 8 + 6 bits < 63)
TABLE_BITS = 22  # 4M entries, 128 MB: enough for the n = 8 branches
# cfg slots
CFG_N, CFG_TARGET, CFG_LIMIT, CFG_MEMO = range(4)
# stats slots
ST_NODES, ST_COMPLETE, ST_GOALS, ST_CUTS, ST_STORES = range(5)


class Table(NamedTuple):
    """The transposition table: key words, frontier cell, and the bound ``best - depth(c)``."""

    lo: np.ndarray
    hi: np.ndarray
    cell: np.ndarray
    bound: np.ndarray


def new_table(bits: int = TABLE_BITS) -> Table:
    """An empty table of ``2**bits`` entries (cell -1 marks an empty slot)."""
    if not 4 <= bits <= 26:
        raise ValueError(f"table bits must lie in 4..26, got {bits}")
    size = 1 << bits
    return Table(np.zeros(size, np.int64), np.zeros(size, np.int64),
                 np.full(size, -1, np.int64), np.zeros(size, np.int64))


@njit(cache=True)
def _slot(lo: int, hi: int, c: int, mask: int) -> int:
    h = (lo * 0x1E3779B97F4A7C15) ^ (hi * 0x42B2AE3D27D4EB4F) ^ (c * 0x165667B19E3779F9)
    h ^= h >> 29
    return h & mask


@njit(cache=True)
def _flip(lo: int, hi: int, v: int) -> tuple[int, int]:
    """Toggle cell ``v``'s bit in the (lo, hi) discovered-set words."""
    if v < 64:
        return lo ^ (1 << v), hi
    return lo, hi ^ (1 << (v - 64))


@njit(cache=True)
def _cut(table: Table, lo: int, hi: int, c: int, dc: int, best: int) -> bool:
    """True when the table proves that frontier ``c`` at depth ``dc`` cannot beat ``best``."""
    s = _slot(lo, hi, c, table.cell.shape[0] - 1)
    return (table.cell[s] == c and table.lo[s] == lo and table.hi[s] == hi
            and dc + table.bound[s] <= best)


@njit(cache=True)
def _store(table: Table, lo: int, hi: int, c: int, bound: int) -> None:
    s = _slot(lo, hi, c, table.cell.shape[0] - 1)
    table.lo[s] = lo
    table.hi[s] = hi
    table.cell[s] = c
    table.bound[s] = bound


@njit(cache=True)
def _frontier_code(queue: np.ndarray, depth: np.ndarray, a: int, tail: int) -> int:
    """The frontier ``queue[a:tail]`` (cells in order, each one's layer relative to the first)
    as one int; -1 when it holds more than ``MAX_FRONTIER`` cells."""
    if tail - a > MAX_FRONTIER:
        return -1
    d0 = depth[queue[a]]
    code = 0
    for t in range(a, tail):
        code = code * 256 + queue[t] + 1
    for t in range(a, tail):
        code = code * 2 + depth[queue[t]] - d0
    return code


@njit(cache=True)
def _seen_before(seen: np.ndarray, nseen: np.ndarray, k: int, sig: int) -> bool:
    """Whether level ``k`` already tried a jump with discovery signature ``sig`` (else record)."""
    for t in range(nseen[k]):
        if seen[k, t] == sig:
            return True
    seen[k, nseen[k]] = sig
    nseen[k] += 1
    return False


# reg slots: queue tail, the two discovered-set words, the incumbent
R_TAIL, R_LO, R_HI, R_BEST = range(4)


class Tree(NamedTuple):
    """The search's state: the BFS of the partial maze and, per level, what was tried."""

    depth: np.ndarray  # BFS depth per cell, -1 undiscovered
    jumps: np.ndarray  # jump of every popped cell, 0 elsewhere
    queue: np.ndarray  # cells in BFS order; level k pops queue[k]
    val: np.ndarray  # jump being tried at each level
    tail_before: np.ndarray  # queue tail when the level's current jump was applied
    seen: np.ndarray  # discovery signatures tried at each level
    nseen: np.ndarray
    keyed: np.ndarray  # frontier code each level was entered with (-1: not in the table)
    key_lo: np.ndarray
    key_hi: np.ndarray
    new: np.ndarray  # cells one jump discovers
    lines: exact.Lines  # scratch of the discoverable bound
    reg: np.ndarray  # R_* slots


@njit(cache=True)
def new_tree(n: int, target: int) -> Tree:
    """The root of the search: only the start discovered."""
    nn = n * n
    tr = Tree(np.full(nn, -1, np.int64), np.zeros(nn, np.int64), np.zeros(nn, np.int64),
              np.zeros(nn, np.int64), np.zeros(nn, np.int64), np.zeros((nn, 16), np.int64),
              np.zeros(nn, np.int64), np.full(nn, -1, np.int64), np.zeros(nn, np.int64),
              np.zeros(nn, np.int64), np.zeros(4, np.int64),
              exact.Lines(np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(nn, np.int64)),
              np.zeros(4, np.int64))
    tr.depth[0] = 0
    tr.reg[R_TAIL] = 1
    tr.reg[R_LO] = 1
    tr.reg[R_BEST] = target - 1
    tr.tail_before[0] = 1
    return tr


@njit(cache=True)
def _undo(tr: Tree, k: int) -> None:
    """Forget the cells level ``k``'s current jump discovered."""
    for t in range(tr.tail_before[k], tr.reg[R_TAIL]):
        v = tr.queue[t]
        tr.depth[v] = -1
        tr.reg[R_LO], tr.reg[R_HI] = _flip(tr.reg[R_LO], tr.reg[R_HI], v)
    tr.reg[R_TAIL] = tr.tail_before[k]


@njit(cache=True)
def _fresh(tr: Tree, k: int, v: int, n: int, rules: np.ndarray) -> int:
    """New cells of jump ``v`` at level ``k``, or -1 when the jump is skipped: its transpose is
    searched instead, it discovers what an earlier jump of this level did, or another branch
    (``rules`` = [transpose, prefix...]) owns it."""
    if rules[0] == 1 and k == 2 and v < tr.jumps[tr.queue[1]]:
        return -1
    cnt = exact._new_cells(n, tr.depth, tr.new, tr.queue[k], v)
    sig = cnt
    for t in range(cnt):
        sig = sig * 256 + tr.new[t] + 1
    if _seen_before(tr.seen, tr.nseen, k, sig) or (k < rules.shape[0] - 1 and v != rules[k + 1]):
        return -1
    return cnt


@njit(cache=True)
def _apply(tr: Tree, k: int, v: int, cnt: int, goal: int) -> bool:
    """Give ``queue[k]`` jump ``v`` and discover its ``cnt`` new cells; True if the goal is one."""
    c = tr.queue[k]
    tr.jumps[c] = v
    tr.tail_before[k] = tr.reg[R_TAIL]
    found = False
    for t in range(cnt):
        w = tr.new[t]
        tr.depth[w] = tr.depth[c] + 1
        tr.reg[R_LO], tr.reg[R_HI] = _flip(tr.reg[R_LO], tr.reg[R_HI], w)
        tr.queue[tr.reg[R_TAIL]] = w
        tr.reg[R_TAIL] += 1
        found = found or w == goal
    return found


@njit(cache=True)
def _descend(tr: Tree, table: Table, n: int, k: int, memo: bool) -> int:
    """After level ``k``'s jump: -2 to cut (no goal in reach, or the table refutes the state),
    else the frontier code to enter level ``k + 1`` with (-1: not keyed)."""
    tail = tr.reg[R_TAIL]
    best = tr.reg[R_BEST]
    if k + 1 >= tail:
        return -2  # the BFS ran dry without the goal
    dmax = tr.depth[tr.queue[tail - 1]]
    if dmax + (n * n - tail) <= best:
        return -2
    left = exact._discoverable(n, tr.depth, tr.queue, tr.lines, k, tail)
    if tr.lines.mark[n * n - 1] == 0 or dmax + left <= best:
        return -2
    code = _frontier_code(tr.queue, tr.depth, k + 1, tail) if memo and k + 1 > 2 else -1
    if code >= 0 and _cut(table, tr.reg[R_LO], tr.reg[R_HI], code,
                          tr.depth[tr.queue[k + 1]], best):
        return -3
    return code


@njit(cache=True)
def _leave(tr: Tree, table: Table, k: int, stats: np.ndarray) -> None:
    """Level ``k`` exhausted: nothing under it beats the incumbent; keep that in the table."""
    c = tr.queue[k]
    if tr.keyed[k] >= 0:
        _store(table, tr.key_lo[k], tr.key_hi[k], tr.keyed[k], tr.reg[R_BEST] - tr.depth[c])
        stats[ST_STORES] += 1
    tr.jumps[c] = 0


@njit(cache=True)
def _enter(tr: Tree, k: int, code: int) -> None:
    tr.val[k] = 0
    tr.nseen[k] = 0
    tr.tail_before[k] = tr.reg[R_TAIL]
    tr.keyed[k] = code
    tr.key_lo[k] = tr.reg[R_LO]
    tr.key_hi[k] = tr.reg[R_HI]


@njit(cache=True)
def _goal(tr: Tree, k: int, goal: int, best_jumps: np.ndarray, stats: np.ndarray) -> None:
    stats[ST_GOALS] += 1
    if tr.depth[goal] > tr.reg[R_BEST]:
        tr.reg[R_BEST] = tr.depth[goal]
        best_jumps[:] = tr.jumps


@njit(cache=True)
def _search(cfg: np.ndarray, mj: np.ndarray, rules: np.ndarray, table: Table,
            best_jumps: np.ndarray, stats: np.ndarray) -> int:
    """Branch and bound with the table; return the best goal depth >= target (target-1 if none).

    ``cfg`` = [n, target, node_limit, memo]; ``rules`` = [transpose, prefix jumps...];
    ``stats`` receives [nodes, complete, goal leaves, table cuts, table stores].
    """
    n = cfg[CFG_N]
    goal = n * n - 1
    tr = new_tree(n, cfg[CFG_TARGET])
    k = 0
    while k >= 0:
        if tr.val[k] > 0:
            _undo(tr, k)
        tr.val[k] += 1
        v = tr.val[k]
        if v > mj[tr.queue[k]] or (k < rules.shape[0] - 1 and v > rules[k + 1]):
            _leave(tr, table, k, stats)
            k -= 1
            continue
        cnt = _fresh(tr, k, v, n, rules)
        if cnt < 0:
            continue
        if stats[ST_NODES] >= cfg[CFG_LIMIT]:
            stats[ST_COMPLETE] = 0
            break
        stats[ST_NODES] += 1
        if _apply(tr, k, v, cnt, goal):
            _goal(tr, k, goal, best_jumps, stats)
            continue
        code = _descend(tr, table, n, k, cfg[CFG_MEMO] == 1)
        stats[ST_CUTS] += code == -3
        if code >= -1:
            k += 1
            _enter(tr, k, code)
    return tr.reg[R_BEST]


class MemoResult(NamedTuple):
    """One memoised search: as :class:`exact.ExactResult`, with the table's cuts and stores."""

    n: int
    target: int
    best_score: int | None
    grid: np.ndarray | None
    complete: bool
    nodes: int
    cuts: int
    stores: int
    seconds: float


def search(n: int, target: int, node_limit: int = 10**12, *, prefix: tuple[int, ...] = (),
           transpose: bool = True, memo: bool = True, table_bits: int = TABLE_BITS
           ) -> MemoResult:
    """Every n x n maze of goal depth >= ``target``, with the table (``memo``) or without it.

    Without the table the node count equals :func:`exact.search`'s (same branching, bounds and
    order); with it, subtrees already refuted from the same (frontier cell, undiscovered set)
    are cut. ``prefix`` forces the first two BFS jumps (one top-level branch).
    """
    n = exact._check_search_args(n, target, node_limit)
    if n > MAX_MEMO_N:
        raise ValueError(f"the memoised search packs cells into 128 bits: n must be <= "
                         f"{MAX_MEMO_N}, got {n}")
    pre = np.asarray(prefix, dtype=np.int64).reshape(-1)
    if pre.size > 2 or np.any(pre < 1) or (pre.size >= 1 and pre[0] > n - 1):
        raise ValueError(f"prefix must hold at most two jumps, the first in 1..{n - 1}, "
                         f"got {tuple(prefix)}")
    mj = np.ascontiguousarray(max_jumps(n).ravel())
    cfg = np.array([n, int(target), int(node_limit), int(bool(memo))], np.int64)
    rules = np.concatenate([[int(bool(transpose))], pre]).astype(np.int64)
    best_jumps = np.zeros(n * n, np.int64)
    stats = np.zeros(5, np.int64)
    stats[ST_COMPLETE] = 1
    table = new_table(table_bits if memo else 4)
    start = time.perf_counter()
    best = int(_search(cfg, mj, rules, table, best_jumps, stats))
    seconds = time.perf_counter() - start
    found = best >= target
    grid = exact._witness(n, best, best_jumps) if found else None
    return MemoResult(n, int(target), best if found else None, grid, bool(stats[ST_COMPLETE]),
                      int(stats[ST_NODES]), int(stats[ST_CUTS]), int(stats[ST_STORES]), seconds)


def branch_task(task: tuple) -> dict:
    """Worker: ``(n, target, node_limit, prefix, table_bits)`` -> one top-level branch."""
    n, target, node_limit, prefix, bits = task
    r = search(n, target, node_limit, prefix=prefix, table_bits=bits)
    return {"prefix": list(prefix), "best": r.best_score, "complete": r.complete,
            "nodes": r.nodes, "cuts": r.cuts, "stores": r.stores,
            "grid": None if r.grid is None else r.grid.tolist(), "seconds": r.seconds}


def check_n_memo(n: int) -> int:
    """``n`` if the memoised search supports it, else ``ValueError``."""
    n = check_n(n)
    if n > MAX_MEMO_N:
        raise ValueError(f"n must be <= {MAX_MEMO_N} for the memoised search, got {n}")
    return n


def refute(n: int, target: int, node_limit: int, *, table_bits: int = TABLE_BITS,
           workers: int | None = 1, cache_dir: str | None = None,
           order: tuple[tuple[int, int], ...] = ()) -> dict:
    """Run every top-level branch of the memoised (n, target) search; the JSON-ready record.

    ``order``: branches to run first (the rest follow in :func:`exact.branches` order). The
    record holds only what the search determines (no times: see :func:`branch_seconds`).
    """
    n = check_n_memo(n)
    todo = sorted(exact.branches(n), key=lambda b: b not in order)
    tasks = [(n, int(target), int(node_limit), b, int(table_bits)) for b in todo]
    parts = run_tasks(branch_task, tasks, workers=workers, cache_dir=cache_dir,
                      desc=f"n={n} refute {target} (memo)")
    parts.sort(key=lambda p: tuple(p["prefix"]))
    found = [p for p in parts if p["best"] is not None]
    return {"n": n, "target": int(target), "node_limit_per_branch": int(node_limit),
            "table_bits": int(table_bits), "bound": BOUND_NAME,
            "refuted": not found and all(p["complete"] for p in parts),
            "found": None if not found else max(p["best"] for p in found),
            "grid": None if not found else max(found, key=lambda p: p["best"])["grid"],
            "nodes": int(sum(p["nodes"] for p in parts)),
            "branches": [{k: p[k] for k in ("prefix", "complete", "nodes", "cuts", "stores",
                                            "best")} for p in parts],
            "seconds": {str(tuple(p["prefix"])): round(p["seconds"], 1) for p in parts}}


BOUND_NAME = ("deepest layer + discoverable cells, transpose symmetry broken, "
              "transposition table on (frontier, undiscovered cells)")
