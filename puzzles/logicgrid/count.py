"""Exact solution counting: every hint as a bitset over all (M!)^(N-1) assignments.

``links[x, y]`` is the bitset of assignments in which entities ``x`` and ``y`` share a row; each
hint is a Boolean combination of such link sets, so the number of solutions of a hint list is the
popcount of the AND of its hints' bitsets (216 words of 64 bits for the 13,824 4 x 4 assignments).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from puzzles.logicgrid.hints import Hint, to_array
from puzzles.logicgrid.model import Space, assignment_table, solution_dict

_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(cache=True)
def popcount64(x: np.uint64) -> int:
    """Number of set bits of a 64-bit word (SWAR)."""
    x = x - ((x >> np.uint64(1)) & _M1)
    x = (x & _M2) + ((x >> np.uint64(2)) & _M2)
    x = (x + (x >> np.uint64(4))) & _M4
    return int((x * _H01) >> np.uint64(56))


@njit(cache=True)
def hint_word(h: np.ndarray, links: np.ndarray, w: int, num: int, m: int) -> np.uint64:
    """Word ``w`` of the bitset of assignments satisfying hint row ``h``."""
    t = h[0]
    if t == 0:
        return links[h[1], h[2], w]
    if t == 1:
        return ~links[h[1], h[2], w]
    if t == 2:
        acc = np.uint64(0)
        base = num * m
        for h1 in range(m):
            a = links[h[1], base + h1, w]
            if a == 0:
                continue
            if h[5] > 0:
                h2 = h1 + h[5]
                if h2 < m:
                    acc |= a & links[h[2], base + h2, w]
            else:
                for h2 in range(h1 + 1, m):
                    acc |= a & links[h[2], base + h2, w]
        return acc
    if t == 3:
        return links[h[1], h[3], w] ^ links[h[2], h[3], w]
    return links[h[1], h[2], w] ^ links[h[3], h[4], w]


@njit(cache=True)
def count_kernel(hints: np.ndarray, n: int, links: np.ndarray, num: int, m: int) -> int:
    """Number of assignments satisfying all ``n`` first rows of ``hints``.

    Hint by hint over a word array (contiguous rows of ``links``), stopping as soon as no
    assignment is left: about 4x faster than word by word.
    """
    nw = links.shape[2]
    acc = np.empty(nw, dtype=np.uint64)
    acc[:] = _ONES
    for i in range(n):
        h = hints[i]
        t = h[0]
        alive = np.uint64(0)
        if t == 0 or t == 1:
            row = links[h[1], h[2]]
            flip = _ONES if t == 1 else np.uint64(0)
            for w in range(nw):
                acc[w] &= row[w] ^ flip
                alive |= acc[w]
        elif t == 3 or t == 4:
            r1 = links[h[1], h[3]] if t == 3 else links[h[1], h[2]]
            r2 = links[h[2], h[3]] if t == 3 else links[h[3], h[4]]
            for w in range(nw):
                acc[w] &= r1[w] ^ r2[w]
                alive |= acc[w]
        else:
            for w in range(nw):
                if acc[w] != 0:
                    acc[w] &= hint_word(h, links, w, num, m)
                    alive |= acc[w]
        if alive == 0:
            return 0
    total = 0
    for w in range(nw):
        total += popcount64(acc[w])
    return total


@njit(cache=True)
def satisfying_kernel(hints: np.ndarray, n: int, links: np.ndarray, num: int, m: int,
                      limit: int) -> np.ndarray:
    """Indices of the first ``limit`` assignments satisfying the hints."""
    out = np.empty(limit, dtype=np.int64)
    k = 0
    for w in range(links.shape[2]):
        acc = _ONES
        for i in range(n):
            acc &= hint_word(hints[i], links, w, num, m)
        for b in range(64):
            if k < limit and (acc >> np.uint64(b)) & np.uint64(1):
                out[k] = w * 64 + b
                k += 1
    return out[:k]


@lru_cache(maxsize=8)
def _tables(space: Space) -> tuple[np.ndarray, np.ndarray]:
    rows = assignment_table(space)
    count, nm = rows.shape
    words = (count + 63) // 64
    links = np.zeros((nm, nm, words), dtype=np.uint64)
    for x in range(nm):
        for y in range(nm):
            bits = np.zeros(words * 64, dtype=bool)
            bits[:count] = rows[:, x] == rows[:, y]
            links[x, y] = np.packbits(bits, bitorder="little").view(np.uint64)
    links.setflags(write=False)
    rows.setflags(write=False)
    return rows, links


def link_bitsets(space: Space) -> np.ndarray:
    """``links[x, y, w]``: word ``w`` of the set of assignments linking ``x`` and ``y``."""
    return _tables(space)[1]


def assignments(space: Space) -> np.ndarray:
    """The assignment table (see :func:`puzzles.logicgrid.model.assignment_table`), cached."""
    return _tables(space)[0]


def _arr(space: Space, hints: list[Hint] | np.ndarray) -> np.ndarray:
    if isinstance(hints, np.ndarray):
        return np.ascontiguousarray(hints, dtype=np.int64).reshape(-1, 6)
    return to_array(space, hints)


def count_solutions(space: Space, hints: list[Hint] | np.ndarray) -> int:
    """Exact number of solutions of the hint list."""
    arr = _arr(space, hints)
    return int(count_kernel(arr, len(arr), link_bitsets(space), space.numeric, space.m))


def solutions(space: Space, hints: list[Hint] | np.ndarray, limit: int = 10) -> list[dict]:
    """Up to ``limit`` solutions as ``{category: [entity per row]}`` dicts."""
    if limit < 1:
        raise ValueError(f"limit must be >= 1, got {limit}")
    arr = _arr(space, hints)
    idx = satisfying_kernel(arr, len(arr), link_bitsets(space), space.numeric, space.m, limit)
    rows = assignments(space)
    return [solution_dict(space, rows[i]) for i in idx]


def holds(space: Space, h: Hint, rows: np.ndarray) -> bool:
    """Direct (non-bitset) truth of hint ``h`` in the assignment given by ``rows`` (for tests)."""
    r = [int(v) for v in rows]
    m, num = space.m, space.numeric

    def link(x: int, y: int) -> bool:
        return r[x] == r[y]

    def hour(x: int) -> int:
        return next(j for j in range(m) if r[num * m + j] == r[x])

    if h.type == "is":
        return link(h.a, h.b)
    if h.type == "not":
        return not link(h.a, h.b)
    if h.type == "before":
        gap = hour(h.b) - hour(h.a)
        return gap >= 1 if h.k is None else gap == h.k
    if h.type == "or":
        return link(h.a, h.c) != link(h.b, h.c)
    return link(h.a, h.b) != link(h.c, h.d)
