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
from typing import NamedTuple

import numpy as np
from numba import njit

from puzzles.clockwork.model import Moves, Puzzle, action_arrays, inverse_action, pack, unpack

MAX_STATES = 1 << 33  # bit arrays up to 1 GiB per side


class Space(NamedTuple):
    """The packed state space: n lights of c settings, ``pw[i] = c^i`` for i = 0..n."""

    n: int
    c: int
    pw: np.ndarray


@njit(cache=True)
def apply_packed(x: int, a: int, moves: Moves, space: Space) -> int:
    """Apply plain action ``a`` to packed state ``x`` (touches only M's nonzero digits)."""
    ks, pos, val, cnt = moves
    n, c, pw = space
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
def bfs_component(starts: np.ndarray, moves: Moves, space: Space) -> tuple[int, np.ndarray]:
    """Breadth-first search from ``starts``: (number of states reached, visited bit array)."""
    total = space.n * space.pw[space.n]
    bits = np.zeros((total + 63) // 64, dtype=np.uint64)
    queue = np.empty(max(1024, starts.shape[0]), dtype=np.int64)
    head, tail = 0, 0
    for s in starts:
        if not _test(bits, s):
            _set(bits, s)
            queue[tail] = s
            tail += 1
    A = moves.ks.shape[0]
    while head < tail:
        x = queue[head]
        head += 1
        for a in range(A):
            y = apply_packed(x, a, moves, space)
            if not _test(bits, y):
                _set(bits, y)
                queue = _grow(queue, tail + 1)
                queue[tail] = y
                tail += 1
    return tail, bits


class Tree(NamedTuple):
    """One side of the bidirectional search: its states layer by layer (layer d is
    ``nodes[off[d]:off[d + 1]]``, ``depth`` the last layer) and its visited bits."""

    nodes: np.ndarray
    off: np.ndarray
    depth: int
    bits: np.ndarray


@njit(cache=True)
def _root(states: np.ndarray, space: Space) -> Tree:
    """A tree whose layer 0 is ``states`` (each once)."""
    bits = np.zeros((space.n * space.pw[space.n] + 63) // 64, dtype=np.uint64)
    nodes = np.empty(max(1024, states.shape[0]), dtype=np.int64)
    count = 0
    for s in states:
        if not _test(bits, s):
            _set(bits, s)
            nodes[count] = s
            count += 1
    off = np.zeros(16, dtype=np.int64)
    off[1] = count
    return Tree(nodes, off, 0, bits)


@njit(cache=True)
def _width(tree: Tree) -> int:
    """The number of states in the tree's last layer."""
    return tree.off[tree.depth + 1] - tree.off[tree.depth]


@njit(cache=True)
def _expand(tree: Tree, other: np.ndarray, moves: Moves, space: Space) -> tuple[Tree, int]:
    """The tree with its next layer; it stops at the first new state the other side has seen
    (``other``). Returns (tree, that meeting state or -1)."""
    nodes, bits = tree.nodes, tree.bits
    tail = tree.off[tree.depth + 1]
    meet = -1
    for i in range(tree.off[tree.depth], tree.off[tree.depth + 1]):
        for a in range(moves.ks.shape[0]):
            y = apply_packed(nodes[i], a, moves, space)
            if not _test(bits, y):
                _set(bits, y)
                nodes = _grow(nodes, tail + 1)
                nodes[tail] = y
                tail += 1
                if _test(other, y):
                    meet = y
                    break
        if meet >= 0:
            break
    off = _grow(tree.off, tree.depth + 3)
    off[tree.depth + 2] = tail
    return Tree(nodes, off, tree.depth + 1, bits), meet


@njit(cache=True)
def _in_layer(tree: Tree, d: int, x: int) -> bool:
    """True when state ``x`` is in layer ``d`` of ``tree``."""
    for i in range(tree.off[d], tree.off[d + 1]):
        if tree.nodes[i] == x:
            return True
    return False


@njit(cache=True)
def _layer_of(tree: Tree, x: int) -> int:
    """The layer of ``tree`` holding ``x`` (looked up in the last layer first: the side that
    found the meeting state has just added it there)."""
    if _in_layer(tree, tree.depth, x):
        return tree.depth
    for d in range(tree.depth):
        if _in_layer(tree, d, x):
            return d
    return tree.depth


@njit(cache=True)
def _step_into(tree: Tree, d: int, x: int, moves: Moves, space: Space) -> tuple[int, int]:
    """An action taking ``x`` into layer ``d`` of ``tree``: (its index, the state reached)."""
    for a in range(moves.ks.shape[0]):
        y = apply_packed(x, a, moves, space)
        if _in_layer(tree, d, y):
            return a, y
    return -1, x


@njit(cache=True)
def _path(fwd_tree: Tree, bwd_tree: Tree, meet: int, fwd: Moves, bwd: Moves,
          space: Space) -> np.ndarray:
    """The action indices from the start through ``meet`` to a goal: back down the forward
    tree by inverse actions, then down the backward tree by the actions themselves."""
    fdepth, bdepth = _layer_of(fwd_tree, meet), _layer_of(bwd_tree, meet)
    path = np.empty(fdepth + bdepth, dtype=np.int64)
    x = meet
    for d in range(fdepth, 0, -1):
        a, x = _step_into(fwd_tree, d - 1, x, bwd, space)
        path[d - 1] = a
    x = meet
    for d in range(bdepth, 0, -1):
        a, x = _step_into(bwd_tree, d - 1, x, fwd, space)
        path[fdepth + bdepth - d] = a
    return path


@njit(cache=True)
def _bidir(start: int, goals: np.ndarray, fwd: Moves, bwd: Moves, space: Space) -> np.ndarray:
    """Shortest action-index path from ``start`` to any of ``goals``; [-1] when none exists."""
    f = _root(np.array([start], dtype=np.int64), space)
    b = _root(goals, space)
    if _test(b.bits, start):
        return np.zeros(0, dtype=np.int64)
    meet = -1
    while meet < 0:
        if _width(f) == 0 or _width(b) == 0:
            return -np.ones(1, dtype=np.int64)
        if _width(f) <= _width(b):
            f, meet = _expand(f, b.bits, fwd, space)
        else:
            b, meet = _expand(b, f.bits, bwd, space)
    return _path(f, b, meet, fwd, bwd, space)


def _space(n: int, c: int) -> Space:
    return Space(n, c, np.array([c ** i for i in range(n + 1)], dtype=np.int64))


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
    path = _bidir(s, goal_packed(puzzle), fwd, bwd, _space(n, c))
    if path.shape[0] == 1 and path[0] == -1:
        return None
    return [int(a) for a in path]


def reachable_bfs(puzzle: Puzzle, starts: Sequence[tuple] | None = None) -> int:
    """Number of states reachable from ``starts`` (default: the initial state) by BFS."""
    _check_size(puzzle)
    n, c = puzzle.n, puzzle.c
    st = [puzzle.initial] if starts is None else list(starts)
    arr = np.array([pack(s, n, c) for s in st], dtype=np.int64)
    count, _ = bfs_component(arr, action_arrays(puzzle.actions, n), _space(n, c))
    return int(count)


def solvable_mask(puzzle: Puzzle) -> np.ndarray:
    """Boolean array over packed states: True where a goal is reachable.

    Reachability is symmetric (every action has a power that undoes it), so this is the BFS
    closure of the goal states.
    """
    _check_size(puzzle)
    n, c = puzzle.n, puzzle.c
    _, bits = bfs_component(goal_packed(puzzle), action_arrays(puzzle.actions, n),
                            _space(n, c))
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
    _, bits = bfs_component(s, action_arrays(puzzle.actions, n), _space(n, c))
    flags = np.unpackbits(bits.view(np.uint8), bitorder="little")[: puzzle.n_states]
    return [unpack(int(x), n, c) for x in np.flatnonzero(flags)]


@njit(cache=True)
def _merge(nxt: np.ndarray, nw: np.ndarray, m: int) -> tuple[np.ndarray, np.ndarray]:
    """The distinct states of ``nxt[:m]`` (sorted), each with the sum of its path counts."""
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
    return layer[: k + 1], ways[: k + 1]


@njit(cache=True)
def _successors(layer: np.ndarray, ways: np.ndarray, bits: np.ndarray, moves: Moves,
                space: Space) -> tuple[np.ndarray, np.ndarray]:
    """The next layer (states not yet seen, with duplicates merged) and its path counts."""
    A = moves.ks.shape[0]
    nxt = np.empty(layer.shape[0] * A, dtype=np.int64)
    nw = np.empty(layer.shape[0] * A)
    m = 0
    for i in range(layer.shape[0]):
        for a in range(A):
            y = apply_packed(layer[i], a, moves, space)
            if not _test(bits, y):
                nxt[m] = y
                nw[m] = ways[i]
                m += 1
    return _merge(nxt, nw, m)


@njit(cache=True)
def _count_shortest(start: int, moves: Moves, space: Space) -> tuple[int, float]:
    """Layered BFS with path counts to the all-zero goal: (optimum, number of optimal strings).

    (-1, 0) when no goal is reachable. Counts are floats: they can exceed 2^63.
    """
    cn = space.pw[space.n]
    if start % cn == 0:
        return 0, 1.0
    bits = np.zeros((space.n * cn + 63) // 64, dtype=np.uint64)
    _set(bits, start)
    layer = np.array([start], dtype=np.int64)
    ways = np.array([1.0])
    depth = 0
    while layer.shape[0] > 0:
        depth += 1
        layer, ways = _successors(layer, ways, bits, moves, space)
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
    d, ways = _count_shortest(pack(puzzle.initial, n, c), action_arrays(puzzle.actions, n),
                              _space(n, c))
    return (None if d < 0 else int(d)), float(ways)
