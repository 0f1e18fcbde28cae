"""Exact cheapest premise sets over assignment bitsets: implicit hitting sets, in numba.

A premise (a clue or an earlier cell) is the bitset of assignments in which it holds (see
:mod:`puzzles.logicgrid.count`). A set of premises entails a cell iff no assignment satisfies all
of them while breaking the cell. Read the other way round, every assignment ``a`` that breaks the
cell must be excluded by some premise false at ``a``: an entailing set is a *hitting set* of the
sets "premises false at ``a``". The cheapest entailing set is therefore a minimum-cost hitting
set, found exactly by the implicit hitting-set loop of optimal-unsatisfiable-subset search (as
Gamba, Bogaerts and Guns compute their cheapest explanation steps): solve the hitting set over the
counterexamples found so far (branch and bound), test the candidate, and if an assignment still
breaks the cell, grow it to a maximal consistent set of premises and add it as a new row.

Premise sets are two 64-bit words (at most :data:`MAX_PREMISES` premises).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from puzzles.logicgrid.count import popcount64

MAX_PREMISES = 128  # premise masks are two uint64 words
NO_BOUND = 1 << 40  # a cost no premise set reaches
_ONE = np.uint64(1)


@njit(cache=True)
def _bit(words: np.ndarray, i: int) -> bool:
    return (words[i >> 6] >> np.uint64(i & 63)) & _ONE != 0


@njit(cache=True)
def _set(mask: np.ndarray, e: int) -> None:
    mask[e >> 6] |= _ONE << np.uint64(e & 63)


@njit(cache=True)
def false_premises(witness: np.ndarray, bits: np.ndarray, count: int) -> np.ndarray:
    """Row ``r``: the mask of premises (of the first ``count``) false at assignment
    ``witness[r]``; ``bits[e]`` is premise ``e``'s assignment bitset."""
    rows = np.zeros((len(witness), 2), dtype=np.uint64)
    for r in range(len(witness)):
        for e in range(count):
            if not _bit(bits[e], witness[r]):
                _set(rows[r], e)
    return rows


@njit(cache=True)
def _cheapest_in(a0: np.uint64, a1: np.uint64, costs: np.ndarray) -> int:
    """The lowest cost among the premises of mask (a0, a1)."""
    best = NO_BOUND
    for e in range(len(costs)):
        w = a0 if e < 64 else a1
        if (w >> np.uint64(e & 63)) & _ONE and costs[e] < best:
            best = costs[e]
    return best


@njit(cache=True)
def _branch_row(rows: np.ndarray, chosen: np.ndarray, banned: np.ndarray,
                costs: np.ndarray) -> tuple[int, int]:
    """The unhit row with the fewest usable premises (-1: all hit; -2: one cannot be hit) and a
    lower bound on the cost still to pay (cheapest premise of pairwise disjoint unhit rows)."""
    pick, fewest, bound = -1, 1 << 30, 0
    u0, u1 = np.uint64(0), np.uint64(0)
    for r in range(rows.shape[0]):
        if (rows[r, 0] & chosen[0]) | (rows[r, 1] & chosen[1]):
            continue
        a0, a1 = rows[r, 0] & ~banned[0], rows[r, 1] & ~banned[1]
        n = popcount64(a0) + popcount64(a1)
        if n == 0:
            return -2, 0
        if n < fewest:
            pick, fewest = r, n
        if (a0 & u0) | (a1 & u1) == 0:  # disjoint from the rows counted: needs its own premise
            bound += _cheapest_in(a0, a1, costs)
            u0 |= a0
            u1 |= a1
    return pick, bound


@njit(cache=True)
def _by_cost(usable: np.ndarray, costs: np.ndarray) -> np.ndarray:
    """The premises of mask ``usable``, cheapest first (ties by index: a stable order)."""
    keys = np.array([costs[e] * MAX_PREMISES + e for e in range(len(costs))
                     if _bit(usable, e)], dtype=np.int64)
    return np.sort(keys) % MAX_PREMISES


class _Frames(NamedTuple):
    """The branch-and-bound stack, one level per premise chosen (explicit: numba cannot cache
    recursive functions, numba issue 6061)."""

    chosen: np.ndarray  # (levels, 2): the premises chosen down to this level
    ban: np.ndarray  # (levels, 2): premises this level's remaining branches avoid
    cost: np.ndarray  # (levels,)
    order: np.ndarray  # (levels, MAX_PREMISES): the branching premises, cheapest first
    size: np.ndarray  # (levels,): how many
    pos: np.ndarray  # (levels,): the next to try


@njit(cache=True)
def _frames(levels: int) -> _Frames:
    return _Frames(np.zeros((levels, 2), dtype=np.uint64), np.zeros((levels, 2), dtype=np.uint64),
                   np.zeros(levels, dtype=np.int64),
                   np.zeros((levels, MAX_PREMISES), dtype=np.int64),
                   np.zeros(levels, dtype=np.int64), np.zeros(levels, dtype=np.int64))


@njit(cache=True)
def _expand(f: _Frames, d: int, rows: np.ndarray, costs: np.ndarray, best: np.ndarray,
            best_mask: np.ndarray) -> bool:
    """Open level ``d``: record it if it hits every row, prune it if it cannot beat ``best``;
    True if it has branches to try."""
    pick, bound = _branch_row(rows, f.chosen[d], f.ban[d], costs)
    if pick == -2 or f.cost[d] + bound >= best[0]:
        return False
    if pick == -1:
        best[0] = f.cost[d]
        best_mask[:] = f.chosen[d]
        return False
    usable = np.array([rows[pick, 0] & ~f.ban[d, 0], rows[pick, 1] & ~f.ban[d, 1]])
    order = _by_cost(usable, costs)
    f.order[d, :len(order)] = order
    f.size[d] = len(order)
    f.pos[d] = 0
    return True


@njit(cache=True)
def _search(rows: np.ndarray, costs: np.ndarray, f: _Frames, best: np.ndarray,
            best_mask: np.ndarray) -> None:
    """Branch and bound from level 0: the cheapest superset of ``f.chosen[0]`` avoiding
    ``f.ban[0]`` that hits every row, if cheaper than ``best[0]`` (then stored in ``best`` /
    ``best_mask``). Branch on the unhit row with the fewest premises, cheapest premise first;
    later siblings avoid the premises tried before them (those sets were all searched)."""
    d = 0 if _expand(f, 0, rows, costs, best, best_mask) else -1
    while d >= 0:
        if f.pos[d] >= f.size[d]:
            d -= 1
            continue
        e = f.order[d, f.pos[d]]
        f.pos[d] += 1
        if f.cost[d] + costs[e] >= best[0]:
            f.pos[d] = f.size[d]  # sorted by cost: no later sibling is cheaper
            continue
        f.chosen[d + 1] = f.chosen[d]
        _set(f.chosen[d + 1], e)
        f.ban[d + 1] = f.ban[d]
        f.cost[d + 1] = f.cost[d] + costs[e]
        _set(f.ban[d], e)
        if _expand(f, d + 1, rows, costs, best, best_mask):
            d += 1


@njit(cache=True)
def hitting_set(rows: np.ndarray, costs: np.ndarray, forced: np.ndarray, banned: np.ndarray,
                bound: int) -> tuple[int, np.ndarray]:
    """The cheapest premise set holding ``forced``, avoiding ``banned`` and hitting every row,
    if it costs less than ``bound``; else ``(bound, forced)``."""
    best = np.array([bound], dtype=np.int64)
    mask = forced.copy()
    f = _frames(len(costs) + 1)
    f.chosen[0] = forced
    f.ban[0] = banned
    for e in range(len(costs)):
        if _bit(forced, e):
            f.cost[0] += costs[e]
    _search(rows, costs, f, best, mask)
    return int(best[0]), mask


@njit(cache=True)
def counterexample(bits: np.ndarray, chosen: np.ndarray, allowed: np.ndarray,
                   broken: np.ndarray) -> int:
    """An assignment satisfying every chosen premise and breaking the cell (``broken``), grown
    to satisfy as many allowed premises as it can (so its row is small); -1 if none."""
    acc = broken.copy()
    for e in range(bits.shape[0]):
        if _bit(chosen, e):
            acc &= bits[e]
    if not acc.any():
        return -1
    for e in range(bits.shape[0]):
        if _bit(allowed, e) and not _bit(chosen, e):
            nxt = acc & bits[e]
            if nxt.any():
                acc = nxt
    return _lowest(acc)


@njit(cache=True)
def _lowest(words: np.ndarray) -> int:
    """The lowest set bit of a bitset (-1 if empty)."""
    for w in range(len(words)):
        if words[w]:
            for b in range(64):
                if (words[w] >> np.uint64(b)) & _ONE:
                    return w * 64 + b
    return -1


@njit(cache=True)
def entails(bits: np.ndarray, chosen: np.ndarray, broken: np.ndarray) -> bool:
    """Whether the chosen premises leave no assignment breaking the cell."""
    acc = broken.copy()
    for e in range(bits.shape[0]):
        if _bit(chosen, e):
            acc &= bits[e]
    return not acc.any()


@njit(cache=True)
def cheaper_entailing(bits: np.ndarray, costs: np.ndarray, pool: np.ndarray, broken: np.ndarray,
                      cost: int, limit: int) -> int:
    """Brute force: 1 if a subset of ``pool`` costing less than ``cost`` entails the cell, 0 if
    no subset does (every one enumerated, depth first), -1 if that takes over ``limit`` sets."""
    acc = np.empty((len(pool) + 1, bits.shape[1]), dtype=np.uint64)
    budget = np.empty(len(pool) + 1, dtype=np.int64)
    nxt = np.empty(len(pool) + 1, dtype=np.int64)
    acc[0], budget[0], nxt[0] = broken, cost - 1, 0
    if not broken.any():
        return 1
    d, nodes = 0, 0
    while d >= 0:
        i = nxt[d]
        if i >= len(pool):
            d -= 1
            continue
        nxt[d] = i + 1
        if costs[pool[i]] > budget[d]:
            continue
        nodes += 1
        if nodes > limit:
            return -1
        a = acc[d] & bits[pool[i]]
        if not a.any():
            return 1
        acc[d + 1], budget[d + 1], nxt[d + 1] = a, budget[d] - costs[pool[i]], i + 1
        d += 1
    return 0
