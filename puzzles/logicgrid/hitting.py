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


@njit(cache=True)
def _search(rows: np.ndarray, costs: np.ndarray, chosen: np.ndarray, banned: np.ndarray,
            cost: int, best: np.ndarray, best_mask: np.ndarray) -> None:
    """Branch and bound: the cheapest superset of ``chosen`` avoiding ``banned`` that hits every
    row, if cheaper than ``best[0]`` (then stored in ``best`` / ``best_mask``)."""
    pick, bound = _branch_row(rows, chosen, banned, costs)
    if pick == -2 or cost + bound >= best[0]:
        return
    if pick == -1:
        best[0] = cost
        best_mask[:] = chosen
        return
    usable = np.array([rows[pick, 0] & ~banned[0], rows[pick, 1] & ~banned[1]])
    order = _by_cost(usable, costs)
    ban = banned.copy()
    for e in order:
        if cost + costs[e] >= best[0]:
            break
        nxt = chosen.copy()
        _set(nxt, e)
        _search(rows, costs, nxt, ban, cost + costs[e], best, best_mask)
        _set(ban, e)  # later branches avoid e: the sets holding e were all searched


@njit(cache=True)
def hitting_set(rows: np.ndarray, costs: np.ndarray, forced: np.ndarray, banned: np.ndarray,
                bound: int) -> tuple[int, np.ndarray]:
    """The cheapest premise set holding ``forced``, avoiding ``banned`` and hitting every row,
    if it costs less than ``bound``; else ``(bound, forced)``."""
    best = np.array([bound], dtype=np.int64)
    mask = forced.copy()
    cost = 0
    for e in range(len(costs)):
        if _bit(forced, e):
            cost += costs[e]
    _search(rows, costs, forced.copy(), banned, cost, best, mask)
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
    for w in range(len(acc)):
        if acc[w]:
            for b in range(64):
                if (acc[w] >> np.uint64(b)) & _ONE:
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
def _cheaper_dfs(bits: np.ndarray, costs: np.ndarray, pool: np.ndarray, start: int,
                 acc: np.ndarray, budget: int, nodes: np.ndarray) -> int:
    """1 if some subset of ``pool[start:]`` within ``budget`` empties ``acc``; 0 if none; -1 if
    the node limit ``nodes[1]`` was reached first."""
    nodes[0] += 1
    if nodes[0] > nodes[1]:
        return -1
    if not acc.any():
        return 1
    for i in range(start, len(pool)):
        e = pool[i]
        if costs[e] <= budget:
            r = _cheaper_dfs(bits, costs, pool, i + 1, acc & bits[e], budget - costs[e], nodes)
            if r != 0:
                return r
    return 0


@njit(cache=True)
def cheaper_entailing(bits: np.ndarray, costs: np.ndarray, pool: np.ndarray, broken: np.ndarray,
                      cost: int, limit: int) -> int:
    """Brute force: 1 if a subset of ``pool`` costing less than ``cost`` entails the cell, 0 if
    no subset does (every one enumerated), -1 if more than ``limit`` subsets would be needed."""
    nodes = np.array([0, limit], dtype=np.int64)
    return _cheaper_dfs(bits, costs, pool, 0, broken.copy(), cost - 1, nodes)
