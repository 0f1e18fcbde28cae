"""Pattern databases: an admissible heuristic that sees the other rings in the way.

Track one ring and forget the colours of the others: an abstract state is (the tracked ring's
vertex, the set of vertices the other rings occupy). Every move of the puzzle maps to a move of
this abstraction (legality depends only on which vertices are occupied), so the abstract
distance to the abstract target never exceeds the true distance. One breadth-first search from
the abstract target per ring gives a table; the heuristic is the largest of the tables' values
and the paper's sum of ceil(Hamming/k), still admissible. Where the paper's heuristic counts
each ring alone, the tables also count the moves that clear a ring's path.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np
from numba import njit

from puzzles.hypercube.hashing import EMPTY, grow_array, maybe_grow, new_table, slot_of
from puzzles.hypercube.model import Puzzle, bit_index, destinations, face_table

UNREACHABLE = 1 << 20  # an abstract state the target cannot reach: no completion exists
MAX_D = 5  # the abstract code packs a 32-bit occupancy mask and the tracked vertex


@njit(cache=True)
def _code(occ: np.uint64, tracked: int) -> np.int64:
    return np.int64(occ) | (np.int64(tracked) << np.int64(32))


@njit(cache=True)
def _abstract_bfs(occ0: np.uint64, tracked0: int, faces: np.ndarray):
    """Distances of every abstract state from (occ0, tracked0): (keys, vals) hash table."""
    keys, vals, aux = new_table(1 << 12)
    queue = np.empty(1 << 12, dtype=np.int64)
    start = _code(occ0, tracked0)
    keys[slot_of(keys, start)] = start
    queue[0] = start
    head, tail = 0, 1
    while head < tail:
        code = queue[head]
        head += 1
        s = slot_of(keys, code)
        dc = vals[s]
        occ = np.uint64(code & 0xFFFFFFFF)
        tracked = code >> 32
        rest = occ
        while rest:
            low = rest & (~rest + np.uint64(1))
            rest ^= low
            v = bit_index(low)
            dest = destinations(v, occ, faces)
            while dest:
                dlow = dest & (~dest + np.uint64(1))
                dest ^= dlow
                u = bit_index(dlow)
                child = _code(occ ^ low ^ dlow, u if v == tracked else tracked)
                c = slot_of(keys, child)
                if keys[c] == child:
                    continue
                keys[c] = child
                vals[c] = dc + 1
                keys, vals, aux = maybe_grow(keys, vals, aux, tail + 1)
                queue = grow_array(queue, tail + 1)
                queue[tail] = child
                tail += 1
    return keys, vals, tail


@njit(cache=True)
def pdb_bound(pos: np.ndarray, occ: np.uint64, keys: np.ndarray, vals: np.ndarray) -> int:
    """The largest table value over the tracked rings (0 with no tables)."""
    h = 0
    for i in range(keys.shape[0]):
        code = _code(occ, pos[i])
        s = slot_of(keys[i], code)
        x = vals[i, s] if keys[i, s] == code else UNREACHABLE
        if x > h:
            h = x
    return h


class Tables(NamedTuple):
    """The tables as a kernel reads them (:func:`pdb_bound`)."""

    keys: np.ndarray
    vals: np.ndarray


@dataclass(frozen=True)
class PatternDatabases:
    """One distance table per ring, in a common capacity: ``keys[i]``, ``vals[i]``."""

    keys: np.ndarray
    vals: np.ndarray
    sizes: tuple[int, ...]  # abstract states each table holds

    @staticmethod
    def none() -> PatternDatabases:
        """No tables: the heuristic falls back to the paper's."""
        return PatternDatabases(np.full((0, 16), EMPTY, np.int64), np.zeros((0, 16), np.int64), ())

    def tables(self) -> Tables:
        """The keys and values for a kernel."""
        return Tables(self.keys, self.vals)


def _rehash(keys: np.ndarray, vals: np.ndarray, cap: int) -> tuple[np.ndarray, np.ndarray]:
    nk, nv, _ = new_table(cap)
    for k, v in zip(keys[keys != EMPTY].tolist(), vals[keys != EMPTY].tolist(), strict=True):
        s = slot_of(nk, np.int64(k))
        nk[s], nv[s] = k, v
    return nk, nv


@lru_cache(maxsize=8)
def _build(d: int, k: int, target: tuple[int, ...]) -> PatternDatabases:
    faces = face_table(d, k)
    occ = np.uint64(sum(1 << v for v in target))
    tables = [_abstract_bfs(occ, int(t), faces) for t in target]
    cap = max(kv[0].shape[0] for kv in tables)
    keys = np.empty((len(tables), cap), np.int64)
    vals = np.empty((len(tables), cap), np.int64)
    for i, (tk, tv, _) in enumerate(tables):
        if tk.shape[0] == cap:
            keys[i], vals[i] = tk, tv
        else:
            keys[i], vals[i] = _rehash(tk, tv, cap)
    return PatternDatabases(keys, vals, tuple(int(t[2]) for t in tables))


def pattern_databases(puzzle: Puzzle) -> PatternDatabases:
    """The per-ring tables of ``puzzle`` (built once per (d, k, target), then cached)."""
    if puzzle.d > MAX_D:
        raise ValueError(f"pattern databases pack d <= {MAX_D}, got d = {puzzle.d}")
    return _build(puzzle.d, puzzle.k, tuple(int(v) for v in puzzle.target))
