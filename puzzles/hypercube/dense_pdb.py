"""Pattern databases that fit for d = 5: the dense BFS over abstractions that keep groups of rings.

:mod:`puzzles.hypercube.pdb` keeps one ring's colour and forgets the others': its abstract state
is (that ring's vertex, the occupied set), found by a hash-table BFS (minutes at d = 5). Here a
table keeps a *group* of g rings: the abstract state is the occupied set and which of its
vertices hold the group's rings, the others alike. That is :func:`dense.state_space` with
``tracked=g`` (rings relabelled so the group comes first): C(2^d, n) * n! / (n - g)! states, one
byte each, walked by the dense BFS from the abstract target in seconds (d = 5, 6 rings: 5.4, 27
and 109 million bytes per table for g = 1, 2, 3). Every real move is a move of the abstraction
(a face is free or not by the occupied set alone), so a table's distance never exceeds the true
one; the heuristic is the largest over the tables and the paper's sum. The rings are split into
consecutive groups of g (the last may be smaller): ``groups(6, 2)`` = (0, 1), (2, 3), (4, 5).
With g = 1 the tables are :mod:`pdb`'s, built densely (a test checks they agree).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np
from numba import njit

from puzzles.hypercube.dense import UNSEEN, _popcount, distance_table, rank_config, set_rank
from puzzles.hypercube.dense import state_space as dense_space
from puzzles.hypercube.model import Puzzle, face_table
from puzzles.hypercube.pdb import UNREACHABLE

MAX_BYTES = 1_500_000_000  # all tables of one heuristic together (d = 5, groups of 3: 217 MB)


class DenseTables(NamedTuple):
    """Every table of one heuristic as :func:`dense_bound` reads them."""

    binom: np.ndarray  # C(v, j): the occupied set's colex rank
    labels: np.ndarray  # [table, ring]: its place in the table's group, or the group's size
    rank_of: np.ndarray  # [table, base-n label digits]: the arrangement's rank
    n_arr: np.ndarray  # [table]: arrangements per occupied set
    offsets: np.ndarray  # [table]: where its distances start in ``dist``
    dist: np.ndarray  # every table's distances, one byte each (UNSEEN: the target is not reached)


def no_tables(n: int) -> DenseTables:
    """No tables: :func:`dense_bound` is 0."""
    return DenseTables(np.zeros((1, 1), np.int64), np.zeros((0, n), np.int64),
                       np.zeros((0, 1), np.int32), np.zeros(0, np.int64), np.zeros(0, np.int64),
                       np.zeros(0, np.uint8))


def groups(n: int, size: int) -> tuple[tuple[int, ...], ...]:
    """Rings 0..n-1 in consecutive groups of ``size`` (the last one may be smaller)."""
    if not 1 <= size <= n:
        raise ValueError(f"group size must lie in 1..{n}, got {size}")
    return tuple(tuple(range(i, min(i + size, n))) for i in range(0, n, size))


@njit(cache=True)
def dense_bound(pos: np.ndarray, occ: np.uint64, tables: DenseTables) -> int:
    """The largest table value of the configuration (ring i on ``pos[i]``, occupied set
    ``occ``); 0 with no tables, UNREACHABLE where a table never reached it."""
    m = tables.labels.shape[0]
    if m == 0:
        return 0
    n = pos.shape[0]
    s = set_rank(occ, tables.binom)
    h = 0
    for t in range(m):
        digits = 0
        for i in range(n):
            below = occ & ((np.uint64(1) << np.uint64(pos[i])) - np.uint64(1))
            digits += tables.labels[t, i] * n ** _popcount(below)
        x = tables.dist[tables.offsets[t] + s * tables.n_arr[t] + tables.rank_of[t, digits]]
        v = UNREACHABLE if x == UNSEEN else int(x)
        if v > h:
            h = v
    return h


def _table(d: int, k: int, target: tuple[int, ...], group: tuple[int, ...]
           ) -> tuple[np.ndarray, np.ndarray, int, np.ndarray]:
    """(labels, rank table, arrangements per set, distances) of one group's table."""
    n = len(target)
    ss = dense_space(d, n, len(group))
    rest = [r for r in range(n) if r not in group]
    labels = np.full(n, len(group), np.int64)
    labels[list(group)] = np.arange(len(group))
    first = tuple(target[r] for r in (*group, *rest))  # the group's rings as rings 0..g-1
    dist = distance_table(ss, face_table(d, k), rank_config(ss, first))
    return labels, ss.space.perm_rank_table, ss.space.n_perms, dist


@lru_cache(maxsize=3)  # the three heuristics of one puzzle (d = 5: 33 + 82 + 217 MB)
def _build(d: int, k: int, target: tuple[int, ...], size: int) -> DenseTables:
    n = len(target)
    parts = [_table(d, k, target, g) for g in groups(n, size)]
    sizes = [p[3].shape[0] for p in parts]
    return DenseTables(
        dense_space(d, n, 1).space.binom, np.stack([p[0] for p in parts]),
        np.stack([p[1] for p in parts]).astype(np.int32),
        np.array([p[2] for p in parts], np.int64),
        np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64),
        np.concatenate([p[3] for p in parts]))


def table_bytes(d: int, n: int, size: int) -> int:
    """Bytes of the tables of rings in groups of ``size``."""
    return sum(dense_space(d, n, len(g)).size for g in groups(n, size))


def dense_tables(puzzle: Puzzle, size: int) -> DenseTables:
    """The tables of ``puzzle``'s rings in groups of ``size`` (built once per (d, k, target,
    size), then cached; ValueError when they would exceed :data:`MAX_BYTES`)."""
    need = table_bytes(puzzle.d, puzzle.n_rings, size)
    if need > MAX_BYTES:
        raise ValueError(f"groups of {size} of {puzzle.n_rings} rings on Q^{puzzle.d} need "
                         f"{need:,} bytes, more than {MAX_BYTES:,}")
    return _build(puzzle.d, puzzle.k, tuple(int(v) for v in puzzle.target), size)
