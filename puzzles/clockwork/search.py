"""Exact search over packed states (numba): BFS components and bidirectional shortest solutions.

States are packed as ``k * c^n + sum_i L[i] c^i`` into int64 and visited sets are bit arrays of
``n c^n`` bits (50 MB for n = 24, c = 2; 366 MB per side for n = 12, c = 5, allocated lazily by
the OS, so only touched pages cost memory). Shortest solutions use bidirectional breadth-first
search from the initial state and from every goal state at once, always expanding the smaller
frontier: it visits two balls of half the solution length instead of one full ball, which is
what makes n = 24 (c = 2) and n = 12 (c = 5) instances take seconds.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from puzzles.clockwork.model import Puzzle, action_arrays, inverse_action, pack, unpack

MAX_STATES = 1 << 33  # bit arrays up to 1 GiB per side


@njit(cache=True)
def apply_packed(x: int, a: int, ks: np.ndarray, pos: np.ndarray, val: np.ndarray,
                 cnt: np.ndarray, n: int, c: int, pw: np.ndarray) -> int:
    """Apply plain action ``a`` to packed state ``x`` (touches only M's nonzero digits)."""
    cn = pw[n]
    k = x // cn
    rest = x - k * cn
    k2 = (k + ks[a]) % n
    for j in range(cnt[a]):
        p = (k2 + pos[a, j]) % n
        d = (rest // pw[p]) % c
        nd = (d + val[a, j]) % c
        rest += (nd - d) * pw[p]
    return k2 * cn + rest


@njit(cache=True)
def _test(bits: np.ndarray, x: int) -> bool:
    return (bits[x >> 6] >> np.uint64(x & 63)) & np.uint64(1) != 0


@njit(cache=True)
def _set(bits: np.ndarray, x: int) -> None:
    bits[x >> 6] |= np.uint64(1) << np.uint64(x & 63)


@njit(cache=True)
def _grow(buf: np.ndarray, need: int) -> np.ndarray:
    if need <= buf.shape[0]:
        return buf
    new = np.empty(max(need, 2 * buf.shape[0]), dtype=np.int64)
    new[: buf.shape[0]] = buf
    return new


@njit(cache=True)
def bfs_component(starts: np.ndarray, ks: np.ndarray, pos: np.ndarray, val: np.ndarray,
                  cnt: np.ndarray, n: int, c: int, pw: np.ndarray) -> tuple[int, np.ndarray]:
    """Breadth-first search from ``starts``: (number of states reached, visited bit array)."""
    total = n * pw[n]
    bits = np.zeros((total + 63) // 64, dtype=np.uint64)
    queue = np.empty(max(1024, starts.shape[0]), dtype=np.int64)
    head, tail = 0, 0
    for s in starts:
        if not _test(bits, s):
            _set(bits, s)
            queue[tail] = s
            tail += 1
    A = ks.shape[0]
    while head < tail:
        x = queue[head]
        head += 1
        for a in range(A):
            y = apply_packed(x, a, ks, pos, val, cnt, n, c, pw)
            if not _test(bits, y):
                _set(bits, y)
                queue = _grow(queue, tail + 1)
                queue[tail] = y
                tail += 1
    return tail, bits


@njit(cache=True)
def _bidir(start: int, goals: np.ndarray, fk: np.ndarray, fpos: np.ndarray, fval: np.ndarray,
           fcnt: np.ndarray, bk: np.ndarray, bpos: np.ndarray, bval: np.ndarray,
           bcnt: np.ndarray, n: int, c: int, pw: np.ndarray) -> np.ndarray:
    """Shortest action-index path from ``start`` to any of ``goals``; [-1] when none exists."""
    total = n * pw[n]
    words = (total + 63) // 64
    fbits = np.zeros(words, dtype=np.uint64)
    bbits = np.zeros(words, dtype=np.uint64)
    fnodes = np.empty(1024, dtype=np.int64)
    bnodes = np.empty(max(1024, goals.shape[0]), dtype=np.int64)
    foff = [0, 1]
    fnodes[0] = start
    _set(fbits, start)
    nb = 0
    for g in goals:
        if not _test(bbits, g):
            _set(bbits, g)
            bnodes[nb] = g
            nb += 1
    boff = [0, nb]
    A = fk.shape[0]
    meet = -1
    meet_side = 0
    if _test(bbits, start):
        return np.zeros(0, dtype=np.int64)
    while meet < 0:
        fsize = foff[-1] - foff[-2]
        bsize = boff[-1] - boff[-2]
        if fsize == 0 or bsize == 0:
            return -np.ones(1, dtype=np.int64)
        if fsize <= bsize:
            lo, hi = foff[-2], foff[-1]
            tail = hi
            for i in range(lo, hi):
                x = fnodes[i]
                for a in range(A):
                    y = apply_packed(x, a, fk, fpos, fval, fcnt, n, c, pw)
                    if not _test(fbits, y):
                        _set(fbits, y)
                        fnodes = _grow(fnodes, tail + 1)
                        fnodes[tail] = y
                        tail += 1
                        if _test(bbits, y):
                            meet = y
                            meet_side = 0
                            break
                if meet >= 0:
                    break
            foff.append(tail)
        else:
            lo, hi = boff[-2], boff[-1]
            tail = hi
            for i in range(lo, hi):
                x = bnodes[i]
                for a in range(A):
                    y = apply_packed(x, a, bk, bpos, bval, bcnt, n, c, pw)
                    if not _test(bbits, y):
                        _set(bbits, y)
                        bnodes = _grow(bnodes, tail + 1)
                        bnodes[tail] = y
                        tail += 1
                        if _test(fbits, y):
                            meet = y
                            meet_side = 1
                            break
                if meet >= 0:
                    break
            boff.append(tail)
    # Depth of the meeting node on each side (it is the last node of the side that found it).
    fdepth = len(foff) - 2
    bdepth = len(boff) - 2
    if meet_side == 0:
        for d in range(len(boff) - 1):
            found = False
            for i in range(boff[d], boff[d + 1]):
                if bnodes[i] == meet:
                    found = True
                    break
            if found:
                bdepth = d
                break
    else:
        for d in range(len(foff) - 1):
            found = False
            for i in range(foff[d], foff[d + 1]):
                if fnodes[i] == meet:
                    found = True
                    break
            if found:
                fdepth = d
                break
    path = np.empty(fdepth + bdepth, dtype=np.int64)
    # Forward half: walk back to the start through the forward layers.
    x = meet
    for d in range(fdepth, 0, -1):
        for a in range(A):
            p = apply_packed(x, a, bk, bpos, bval, bcnt, n, c, pw)  # inverse of action a
            hit = False
            for i in range(foff[d - 1], foff[d]):
                if fnodes[i] == p:
                    hit = True
                    break
            if hit:
                path[d - 1] = a
                x = p
                break
    # Backward half: walk on to a goal through the backward layers.
    x = meet
    for d in range(bdepth, 0, -1):
        for a in range(A):
            y = apply_packed(x, a, fk, fpos, fval, fcnt, n, c, pw)
            hit = False
            for i in range(boff[d - 1], boff[d]):
                if bnodes[i] == y:
                    hit = True
                    break
            if hit:
                path[fdepth + bdepth - d] = a
                x = y
                break
    return path


def _powers(n: int, c: int) -> np.ndarray:
    return np.array([c ** i for i in range(n + 1)], dtype=np.int64)


def _check_size(puzzle: Puzzle) -> None:
    if puzzle.n_states > MAX_STATES:
        raise ValueError(f"puzzle: n c^n = {puzzle.n_states} states exceed the search limit "
                         f"{MAX_STATES} (use puzzles.clockwork.algebra for counts)")


def goal_packed(puzzle: Puzzle) -> np.ndarray:
    """Packed goal states (each goal L-component with every hand position)."""
    return np.array([pack((k, g), puzzle.n, puzzle.c) for g in puzzle.goals
                     for k in range(puzzle.n)], dtype=np.int64)


def shortest_solution(puzzle: Puzzle, start: tuple | None = None) -> list[int] | None:
    """A shortest list of action indices from ``start`` (default initial) to a goal, or None."""
    _check_size(puzzle)
    n, c = puzzle.n, puzzle.c
    s = pack(puzzle.initial if start is None else start, n, c)
    fwd = action_arrays(puzzle.actions, n)
    bwd = action_arrays([inverse_action(a, n, c) for a in puzzle.actions], n)
    path = _bidir(s, goal_packed(puzzle), *fwd, *bwd, n, c, _powers(n, c))
    if path.shape[0] == 1 and path[0] == -1:
        return None
    return [int(a) for a in path]


def reachable_bfs(puzzle: Puzzle, starts: Sequence[tuple] | None = None) -> int:
    """Number of states reachable from ``starts`` (default: the initial state) by BFS."""
    _check_size(puzzle)
    n, c = puzzle.n, puzzle.c
    st = [puzzle.initial] if starts is None else list(starts)
    arr = np.array([pack(s, n, c) for s in st], dtype=np.int64)
    count, _ = bfs_component(arr, *action_arrays(puzzle.actions, n), n, c, _powers(n, c))
    return int(count)


def solvable_mask(puzzle: Puzzle) -> np.ndarray:
    """Boolean array over packed states: True where a goal is reachable.

    Reachability is symmetric (every action has a power that undoes it), so this is the BFS
    closure of the goal states.
    """
    _check_size(puzzle)
    n, c = puzzle.n, puzzle.c
    _, bits = bfs_component(goal_packed(puzzle), *action_arrays(puzzle.actions, n), n, c,
                            _powers(n, c))
    flags = np.unpackbits(bits.view(np.uint8), bitorder="little")
    return flags[: puzzle.n_states].astype(bool)


def optimal_next(puzzle: Puzzle, state: tuple) -> int | None:
    """Index of an action that starts a shortest solution from ``state`` (None: solved/stuck)."""
    path = shortest_solution(puzzle, state)
    return path[0] if path else None


__all__ = ["apply_packed", "bfs_component", "goal_packed", "optimal_next", "reachable_bfs",
           "reachable_states",
           "shortest_solution", "solvable_mask", "unpack"]


def reachable_states(puzzle: Puzzle, start: tuple | None = None) -> list[tuple]:
    """Every state reachable from ``start`` (default: the initial state), for small puzzles."""
    if puzzle.n_states > 10 ** 7:
        raise ValueError(f"puzzle: {puzzle.n_states} states are too many to list")
    n, c = puzzle.n, puzzle.c
    s = np.array([pack(puzzle.initial if start is None else start, n, c)], dtype=np.int64)
    _, bits = bfs_component(s, *action_arrays(puzzle.actions, n), n, c, _powers(n, c))
    flags = np.unpackbits(bits.view(np.uint8), bitorder="little")[: puzzle.n_states]
    return [unpack(int(x), n, c) for x in np.flatnonzero(flags)]


@njit(cache=True)
def _count_shortest(start: int, ks: np.ndarray, pos: np.ndarray, val: np.ndarray,
                    cnt: np.ndarray, n: int, c: int, pw: np.ndarray) -> tuple[int, float]:
    """Layered BFS with path counts to the all-zero goal: (optimum, number of optimal strings).

    (-1, 0) when no goal is reachable. Counts are floats: they can exceed 2^63.
    """
    cn = pw[n]
    if start % cn == 0:
        return 0, 1.0
    bits = np.zeros((n * cn + 63) // 64, dtype=np.uint64)
    _set(bits, start)
    layer = np.array([start], dtype=np.int64)
    ways = np.array([1.0])
    A = ks.shape[0]
    depth = 0
    while layer.shape[0] > 0:
        depth += 1
        nxt = np.empty(layer.shape[0] * A, dtype=np.int64)
        nw = np.empty(layer.shape[0] * A)
        m = 0
        for i in range(layer.shape[0]):
            for a in range(A):
                y = apply_packed(layer[i], a, ks, pos, val, cnt, n, c, pw)
                if not _test(bits, y):
                    nxt[m] = y
                    nw[m] = ways[i]
                    m += 1
        # Merge duplicates: sort the new states and add their counts.
        order = np.argsort(nxt[:m])
        layer = np.empty(m, dtype=np.int64)
        ways = np.empty(m)
        k = -1
        for j in range(m):
            y = nxt[order[j]]
            if k >= 0 and layer[k] == y:
                ways[k] += nw[order[j]]
            else:
                k += 1
                layer[k] = y
                ways[k] = nw[order[j]]
        layer = layer[: k + 1]
        ways = ways[: k + 1]
        total = 0.0
        for j in range(layer.shape[0]):
            _set(bits, layer[j])
            if layer[j] % cn == 0:
                total += ways[j]
        if total > 0:
            return depth, total
    return -1, 0.0


def count_shortest(puzzle: Puzzle) -> tuple[int | None, float]:
    """(optimum length, number of optimal action strings) to the all-zero goal; (None, 0)."""
    _check_size(puzzle)
    if not puzzle.zero_goal:
        raise ValueError("puzzle: counting optimal strings needs the all-zero goal set")
    n, c = puzzle.n, puzzle.c
    d, ways = _count_shortest(pack(puzzle.initial, n, c), *action_arrays(puzzle.actions, n),
                              n, c, _powers(n, c))
    return (None if d < 0 else int(d)), float(ways)
