"""Exact search: bidirectional BFS, reachable components, and the paper's A* (heap + hash).

States are packed integers (d bits per ring, :func:`puzzles.hypercube.model.pack`). Every
returned move list is replayed by the model before it is returned.
"""

from __future__ import annotations

import heapq
import math
import time
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
from numba import njit

from puzzles.hypercube.dense_pdb import DenseTables, dense_bound, dense_tables, no_tables
from puzzles.hypercube.hashing import (
    find,
    grow_array,
    maybe_grow,
    new_table,
    slot_of,
)
from puzzles.hypercube.model import (
    Move,
    Puzzle,
    bit_index,
    check_packable,
    destinations,
    legal_moves,
    move_graph,
    moves_between,
    pack,
    replay,
    successors,
    unpack,
    unpack_into,
    validate_config,
)
from puzzles.hypercube.pdb import PatternDatabases, pattern_databases, pdb_bound

DEFAULT_MAX_STATES = 60_000_000


@dataclass(frozen=True)
class SearchResult:
    """Outcome of an exact search from one start to the target."""

    solvable: bool
    optimal: int | None
    moves: list[Move] = field(default_factory=list)
    states_seen: int = 0
    component_size: int | None = None  # of the start, when a frontier ran dry


# ---------------------------------------------------------------- bidirectional BFS


@njit(cache=True)
def _trace(keys, vals, code):
    """Follow parent links from ``code`` to the root (parent -1); return the codes in order."""
    out = np.empty(64, dtype=np.int64)
    c = 0
    while code != -1:
        out = grow_array(out, c + 1)
        out[c] = code
        c += 1
        code = vals[find(keys, code)]
    return out[:c]


NO_PATH = -1  # _bibfs: the frontiers never met (one side's whole component was visited)
OVER_BUDGET = -2  # _bibfs: more than max_states states seen


class Side(NamedTuple):
    """One direction of the bidirectional BFS: its hash table (parent in ``vals``, depth in
    ``aux``), how many states it holds, its newest layer and that layer's depth."""

    keys: np.ndarray
    vals: np.ndarray
    aux: np.ndarray
    count: int
    front: np.ndarray
    depth: int


@njit(cache=True)
def _side(root):
    """A search side holding only ``root`` (its own parent: -1)."""
    keys, vals, aux = new_table(1 << 12)
    i = slot_of(keys, root)
    keys[i] = root
    vals[i] = -1
    return Side(keys, vals, aux, 1, np.array([root]), 0)


@njit(cache=True)
def _expand(side, other, graph, pos, buf):
    """Expand ``side``'s newest layer; returns (the side one layer deeper, the shortest path
    length through a state ``other`` holds or -1, that meeting state)."""
    keys, vals, aux = side.keys, side.vals, side.aux
    front, depth, cnt = side.front, side.depth, side.count
    oaux = other.aux
    nxt = np.empty(max(16, front.shape[0] * 4), dtype=np.int64)
    m = 0
    best = -1
    meet = np.int64(-1)
    for idx in range(front.shape[0]):
        code = front[idx]
        c = successors(code, graph.d, graph.n, graph.faces, pos, buf)
        for j in range(c):
            child = buf[j]
            s = slot_of(keys, child)
            if keys[s] == child:
                continue
            keys[s] = child
            vals[s] = code
            aux[s] = depth + 1
            cnt += 1
            keys, vals, aux = maybe_grow(keys, vals, aux, cnt)
            nxt = grow_array(nxt, m + 1)
            nxt[m] = child
            m += 1
            o = find(other.keys, child)
            if o >= 0:
                total = depth + 1 + oaux[o]
                if best < 0 or total < best:
                    best = total
                    meet = child
    return Side(keys, vals, aux, cnt, nxt[:m], depth + 1), best, meet


@njit(cache=True)
def _join(fwd, bwd, meet):
    """The path start -> meet -> target through both sides' parent links."""
    a = _trace(fwd.keys, fwd.vals, meet)[::-1]
    b = _trace(bwd.keys, bwd.vals, meet)
    path = np.empty(a.shape[0] + b.shape[0] - 1, dtype=np.int64)
    path[: a.shape[0]] = a
    path[a.shape[0]:] = b[1:]
    return path


@njit(cache=True)
def _bibfs(start, target, graph, max_states):
    """Layer-by-layer bidirectional BFS, the smaller frontier first; returns (length, path,
    seen, exhausted side, its size).

    length :data:`NO_PATH`: the frontiers never met (exhausted side 0 = start's, 1 =
    target's, whose whole component was visited); :data:`OVER_BUDGET`: ``max_states`` was
    exceeded.
    """
    empty = np.empty(0, dtype=np.int64)
    if start == target:
        return 0, np.array([start]), 1, -1, 0
    fwd, bwd = _side(start), _side(target)
    pos = np.empty(graph.n, dtype=np.int64)
    buf = np.empty(graph.branching, dtype=np.int64)
    while True:
        seen = fwd.count + bwd.count
        if fwd.front.shape[0] == 0:
            return NO_PATH, empty, seen, 0, fwd.count
        if bwd.front.shape[0] == 0:
            return NO_PATH, empty, seen, 1, bwd.count
        if seen > max_states:
            return OVER_BUDGET, empty, seen, -1, 0
        if fwd.front.shape[0] <= bwd.front.shape[0]:
            fwd, best, meet = _expand(fwd, bwd, graph, pos, buf)
        else:
            bwd, best, meet = _expand(bwd, fwd, graph, pos, buf)
        if best >= 0:
            return best, _join(fwd, bwd, meet), fwd.count + bwd.count, -1, 0


def solve(puzzle: Puzzle, start, max_states: int = DEFAULT_MAX_STATES) -> SearchResult:
    """The exact optimum from ``start`` by bidirectional BFS, with one optimal move list.

    When the frontiers never meet the puzzle is unsolvable; the start's component size is
    reported when the start side ran dry (otherwise see :func:`component_size`).
    """
    start = validate_config(puzzle, start)
    length, path, seen, side, size = _bibfs(
        np.int64(pack(start, puzzle.d)), np.int64(pack(puzzle.target, puzzle.d)),
        move_graph(puzzle), int(max_states))
    if length == OVER_BUDGET:
        raise ValueError(f"search exceeded max_states={max_states}")
    if length == NO_PATH:
        return SearchResult(False, None, [], int(seen), int(size) if side == 0 else None)
    moves = moves_between(puzzle, [int(x) for x in path])
    if replay(puzzle, start, moves) != puzzle.target or len(moves) != length:
        raise AssertionError("bidirectional BFS returned a path the model rejects")
    return SearchResult(True, int(length), moves, int(seen), None)


# ---------------------------------------------------------------- plain BFS (reference)


@njit(cache=True)
def _bfs_distances(start, graph, max_states):
    """Plain BFS from ``start``: (codes, distances) of the whole component (empty arrays when
    it holds more than ``max_states``)."""
    d, n, _, faces, branching = graph
    keys, vals, aux = new_table(1 << 12)
    queue = np.empty(1 << 12, dtype=np.int64)
    dist = np.empty(1 << 12, dtype=np.int32)
    s = slot_of(keys, start)
    keys[s] = start
    queue[0] = start
    dist[0] = 0
    head, tail = 0, 1
    pos = np.empty(n, dtype=np.int64)
    buf = np.empty(branching, dtype=np.int64)
    while head < tail:
        code = queue[head]
        dc = dist[head]
        head += 1
        c = successors(code, d, n, faces, pos, buf)
        for j in range(c):
            child = buf[j]
            s = slot_of(keys, child)
            if keys[s] == child:
                continue
            keys[s] = child
            keys, vals, aux = maybe_grow(keys, vals, aux, tail + 1)
            queue = grow_array(queue, tail + 1)
            dist = grow_array(dist, tail + 1)
            queue[tail] = child
            dist[tail] = dc + 1
            tail += 1
            if tail > max_states:
                return queue[:0], dist[:0]
    return queue[:tail], dist[:tail]


def bfs_distances(puzzle: Puzzle, start, max_states: int = 20_000_000) -> dict[int, int]:
    """Distance from ``start`` of every packed state of its component (plain BFS)."""
    start = validate_config(puzzle, start)
    codes, dist = _bfs_distances(np.int64(pack(start, puzzle.d)), move_graph(puzzle),
                                 int(max_states))
    if codes.shape[0] == 0:
        raise ValueError(f"component larger than max_states={max_states}")
    return dict(zip(codes.tolist(), dist.tolist(), strict=True))


def bfs_component_size(puzzle: Puzzle, start, max_states: int = 20_000_000) -> int:
    """Number of configurations reachable from ``start`` (plain BFS; start included)."""
    return len(bfs_distances(puzzle, start, max_states))


# ---------------------------------------------------------------- components without BFS


_DEBRUIJN = 0x03F79D71B4CB0A89
_DEBRUIJN_TABLE = np.zeros(64, dtype=np.int64)
for _i in range(64):  # bit index of a single set bit from its de Bruijn product
    _DEBRUIJN_TABLE[(((1 << _i) * _DEBRUIJN) & ((1 << 64) - 1)) >> 58] = _i


@njit(cache=True)
def _rank(occ, binom, table):
    """Combinatorial rank of an occupancy mask among all masks with the same popcount."""
    r = 0
    j = 0
    while occ:
        low = occ & (~occ + np.uint64(1))
        v = table[(low * np.uint64(0x03F79D71B4CB0A89)) >> np.uint64(58)]
        j += 1
        r += binom[v, j]
        occ ^= low
    return r


class Ranks(NamedTuple):
    """Ranking occupancy masks: ``binom[v, j]`` = C(v, j) and the de Bruijn table that gives
    the vertex of a one-bit mask."""

    binom: np.ndarray
    table: np.ndarray


@njit(cache=True)
def _relabelling(pos, stored, graph, ring_at, pos2):
    """The code (base n digits) of the relabelling sigma that maps the ring of the stored
    labelling ``stored`` on each vertex to the ring ``pos`` has there. ``ring_at`` (all -1)
    and ``pos2`` are work arrays; ``ring_at`` is all -1 again on return."""
    n = graph.n
    unpack_into(stored, graph.d, n, pos2)
    for r in range(n):
        ring_at[pos[r]] = r
    pc = 0
    mul = 1
    for r in range(n):
        pc += ring_at[pos2[r]] * mul
        mul *= n
    for r in range(n):
        ring_at[pos[r]] = -1
    return pc


@njit(cache=True)
def _occupancy_walk(start, target, graph, ranks, n_sets, max_checks):
    """BFS over occupancy sets, one labelling per set; collect Schreier permutations.

    Returns (number of occupancy sets reached, seen[perm code] flags, the stored labelling of
    the target's occupancy set or -1). Sets are indexed directly by combinatorial rank.
    """
    d, n, _, faces, _ = graph
    binom, table = ranks
    size = 1
    for _ in range(n):
        size *= n
    seen_perm = np.zeros(size, dtype=np.bool_)
    rep = np.full(n_sets, -1, dtype=np.int64)
    queue = np.empty(1 << 12, dtype=np.int64)
    pos = np.empty(n, dtype=np.int64)
    pos2 = np.empty(n, dtype=np.int64)
    ring_at = np.full(1 << d, -1, dtype=np.int64)
    occ0 = unpack_into(start, d, n, pos)
    rep[_rank(occ0, binom, table)] = start
    queue[0] = start
    head, tail = 0, 1
    checks = 0
    while head < tail:
        if tail == n_sets and checks >= max_checks:
            break  # every set found and no generator left to collect in this pass
        code = queue[head]
        head += 1
        occ = unpack_into(code, d, n, pos)
        for i in range(n):
            v = pos[i]
            bit = np.uint64(1) << np.uint64(v)
            dest = destinations(v, occ, faces)
            while dest:
                low = dest & (~dest + np.uint64(1))
                dest ^= low
                u = bit_index(low)
                child = code ^ (np.int64(v ^ u) << np.int64(d * i))
                rk = _rank(occ ^ bit ^ low, binom, table)
                stored = rep[rk]
                if stored < 0:
                    rep[rk] = child
                    queue = grow_array(queue, tail + 1)
                    queue[tail] = child
                    tail += 1
                    continue
                if stored == child or checks >= max_checks:
                    continue
                checks += 1
                pos[i] = u  # the child's labelling
                seen_perm[_relabelling(pos, stored, graph, ring_at, pos2)] = True
                pos[i] = v
    occ_t = unpack_into(target, d, n, pos)
    return tail, seen_perm, rep[_rank(occ_t, binom, table)]


def _decode_perm(code: int, n: int) -> tuple[int, ...]:
    out = []
    for _ in range(n):
        out.append(code % n)
        code //= n
    return tuple(out)


def _closure(gens: list[tuple[int, ...]], n: int) -> set[tuple[int, ...]]:
    """The permutation group generated by ``gens`` (composition (s*t)[i] = s[t[i]])."""
    ident = tuple(range(n))
    group = {ident}
    frontier = [ident]
    while frontier:
        nxt = []
        for g in frontier:
            for s in gens:
                h = tuple(s[g[i]] for i in range(n))
                if h not in group:
                    group.add(h)
                    nxt.append(h)
        frontier = nxt
    return group


@dataclass(frozen=True)
class Component:
    """The start's connected component, measured without enumerating it."""

    occupancy_sets: int | None  # sets of occupied vertices reachable
    group_order: int | None  # labellings reachable on each of those sets
    size: int | None  # occupancy_sets * group_order (None: not measured)
    target_reachable: bool


def component(puzzle: Puzzle, start) -> Component:
    """Size of the start's component and whether the target lies in it (no full state BFS).

    Moves are blind to colours, so relabelling the rings commutes with every move. BFS over the
    sets of occupied vertices (at most C(2^d, n) of them) keeping one labelling per set; each
    time a set is reached again with another labelling, the relabelling sigma between the two is
    a Schreier generator of the group G of relabellings reachable on the start's set. The
    component has (#sets) x |G| states, and the target is reachable iff its relabelling of the
    stored labelling on its set lies in G.
    """
    start = validate_config(puzzle, start)
    check_packable(puzzle)
    d, n = puzzle.d, puzzle.n_rings
    if math.factorial(n) > 40320:
        raise ValueError(f"{n} rings: the relabelling group is too large to enumerate here")
    n_sets = math.comb(puzzle.n_vertices, n)
    if n_sets > 200_000_000:
        raise ValueError(f"C(2^d, rings) = {n_sets} occupancy sets is too many to index")
    binom = np.array([[math.comb(v, j) for j in range(n + 1)] for v in range(puzzle.n_vertices)],
                     dtype=np.int64)
    args = (np.int64(pack(start, d)), np.int64(pack(puzzle.target, d)), move_graph(puzzle),
            Ranks(binom, _DEBRUIJN_TABLE), n_sets)
    # Schreier generators of the first edges usually generate the whole symmetric group,
    # which proves |G| = n!; otherwise walk again collecting every generator.
    for max_checks in (100_000, 1 << 62):
        sets, seen, rep_t = _occupancy_walk(*args, max_checks)
        gens = [_decode_perm(int(c), n) for c in np.flatnonzero(seen)]
        group = _closure(gens, n)
        if len(group) == math.factorial(n):
            break
    reachable = False
    if rep_t >= 0:
        rep = unpack(int(rep_t), d, n)
        # sigma[r] = ring of the target on the vertex where the stored labelling holds ring r
        tgt_at = {v: r for r, v in enumerate(puzzle.target)}
        reachable = tuple(tgt_at[rep[r]] for r in range(n)) in group
    return Component(int(sets), len(group), int(sets) * len(group), reachable)


# ---------------------------------------------------------------- A*


@njit(cache=True)
def _heuristic(pos, tgt, n, k):
    h = 0
    for i in range(n):
        x = pos[i] ^ tgt[i]
        c = 0
        while x:
            x &= x - 1
            c += 1
        h += (c + k - 1) // k
    return h


@njit(cache=True)
def _heap_push(hp, hc, size, pri, code):
    hp = grow_array(hp, size + 1)
    hc = grow_array(hc, size + 1)
    i = size
    hp[i] = pri
    hc[i] = code
    while i > 0:
        p = (i - 1) >> 1
        if hp[p] <= hp[i]:
            break
        hp[p], hp[i] = hp[i], hp[p]
        hc[p], hc[i] = hc[i], hc[p]
        i = p
    return hp, hc, size + 1


@njit(cache=True)
def _heap_pop(hp, hc, size):
    pri, code = hp[0], hc[0]
    size -= 1
    hp[0], hc[0] = hp[size], hc[size]
    i = 0
    while True:
        l_ = 2 * i + 1
        if l_ >= size:
            break
        c = l_
        if l_ + 1 < size and hp[l_ + 1] < hp[l_]:
            c = l_ + 1
        if hp[i] <= hp[c]:
            break
        hp[c], hp[i] = hp[i], hp[c]
        hc[c], hc[i] = hc[i], hc[c]
        i = c
    return pri, code, size


@njit(cache=True)
def _bound(pos, tgt, occ, k, tables, dense):
    """max(the paper's sum, the hashed tables' and the dense tables' values)."""
    n = pos.shape[0]
    return max(_heuristic(pos, tgt, n, k), pdb_bound(pos, occ, tables[0], tables[1]),
               dense_bound(pos, occ, dense))


@njit(cache=True)
def _astar(start, target, graph, max_expanded, tables, dense):
    """A* with h = max(sum ceil(Hamming/k), pattern databases): (length, path, expanded);
    length -2 if over budget. With no tables (``tables.keys`` of 0 rows, ``dense`` of 0
    tables) h is the paper's."""
    d, n, k, faces, branching = graph
    G = 4096  # priorities f * G + (G - 1 - g): smallest f first, deeper nodes on ties
    tgt = np.empty(n, dtype=np.int64)
    unpack_into(target, d, n, tgt)
    pos = np.empty(n, dtype=np.int64)
    buf = np.empty(branching, dtype=np.int64)
    keys, vals, aux = new_table(1 << 12)  # parent, g (>= 0 open, -(g+1) closed)
    s = slot_of(keys, start)
    keys[s] = start
    vals[s] = -1
    aux[s] = 0
    count = 1
    occ = unpack_into(start, d, n, pos)
    h0 = _bound(pos, tgt, occ, k, tables, dense)
    hp = np.empty(1 << 10, dtype=np.int64)
    hc = np.empty(1 << 10, dtype=np.int64)
    hp, hc, size = _heap_push(hp, hc, 0, h0 * G + G - 1, start)
    expanded = 0
    while size > 0:
        pri, code, size = _heap_pop(hp, hc, size)
        s = find(keys, code)
        g = aux[s]
        if g < 0 or G - 1 - (pri % G) != g:
            continue  # closed already, or a stale entry
        if code == target:
            return g, _trace(keys, vals, code)[::-1], expanded
        aux[s] = -(g + 1)
        expanded += 1
        if expanded > max_expanded:
            return -2, np.empty(0, dtype=np.int64), expanded
        c = successors(code, d, n, faces, pos, buf)
        for j in range(c):
            child = buf[j]
            t = slot_of(keys, child)
            if keys[t] == child:
                if aux[t] < 0 or aux[t] <= g + 1:
                    continue
            else:
                keys[t] = child
                count += 1
            vals[t] = code
            aux[t] = g + 1
            occ = unpack_into(child, d, n, pos)
            h = _bound(pos, tgt, occ, k, tables, dense)
            hp, hc, size = _heap_push(hp, hc, size, (g + 1 + h) * G + G - 2 - g, child)
            if keys[t] == child:
                keys, vals, aux = maybe_grow(keys, vals, aux, count)
    return -1, np.empty(0, dtype=np.int64), expanded


@dataclass(frozen=True)
class AStarResult:
    """Outcome of A*: moves None when it gave up or the target is unreachable."""

    moves: list[Move] | None
    expanded: int
    seconds: float
    gave_up: bool


def heuristic(puzzle: Puzzle, config) -> int:
    """The paper's admissible heuristic: sum over rings of ceil(Hamming to target / k)."""
    config = validate_config(puzzle, config)
    return sum(-(-bin(a ^ b).count("1") // puzzle.k) for a, b in zip(config, puzzle.target,
                                                                      strict=True))


# the dense tables' group size of each "pdbG" heuristic (:mod:`puzzles.hypercube.dense_pdb`)
DENSE_GROUPS = {"pdb1": 1, "pdb2": 2, "pdb3": 3}
HEURISTICS = ("paper", "pdb", *DENSE_GROUPS)


def heuristic_tables(puzzle: Puzzle, heuristic: str) -> tuple[PatternDatabases, DenseTables]:
    """The hashed and the dense tables of ``heuristic`` (none for the paper's; built once per
    puzzle, then cached)."""
    if heuristic not in HEURISTICS:
        raise ValueError(f"heuristic must be one of {HEURISTICS}, got {heuristic!r}")
    hashed = pattern_databases(puzzle) if heuristic == "pdb" else PatternDatabases.none()
    size = DENSE_GROUPS.get(heuristic)
    dense = no_tables(puzzle.n_rings) if size is None else dense_tables(puzzle, size)
    return hashed, dense


def astar(puzzle: Puzzle, start, max_expanded: int = 2_000_000,
          heuristic: str = "paper") -> AStarResult:
    """A* with a binary heap and a hashed closed set; ``heuristic`` is the paper's sum of
    ceil(Hamming/k) (``"paper"``) or its maximum with pattern databases: per ring
    (``"pdb"``, :mod:`puzzles.hypercube.pdb`) or per group of 1, 2 or 3 rings (``"pdb1"``,
    ``"pdb2"``, ``"pdb3"``, :mod:`puzzles.hypercube.dense_pdb`); the tables are built before
    the clock starts."""
    hashed, dense = heuristic_tables(puzzle, heuristic)
    start = validate_config(puzzle, start)
    graph = move_graph(puzzle)
    t0 = time.perf_counter()
    length, path, expanded = _astar(np.int64(pack(start, puzzle.d)),
                                    np.int64(pack(puzzle.target, puzzle.d)), graph,
                                    int(max_expanded), hashed.tables(), dense)
    seconds = time.perf_counter() - t0
    if length < 0:
        return AStarResult(None, int(expanded), seconds, length == -2)
    moves = moves_between(puzzle, [int(x) for x in path])
    if replay(puzzle, start, moves) != puzzle.target:
        raise AssertionError("A* returned a path the model rejects")
    return AStarResult(moves, int(expanded), seconds, False)


def astar_list(puzzle: Puzzle, start, max_expanded: int = 100_000) -> AStarResult:
    """A straightforward A* as the paper describes it: open and closed sets as Python lists.

    The open node of least f is found by scanning the list and membership tests scan lists,
    so every expansion costs time linear in the nodes seen. Kept as the benchmark baseline.
    """
    start = validate_config(puzzle, start)
    t0 = time.perf_counter()
    open_: list[tuple[int, int, tuple[int, ...]]] = [(heuristic(puzzle, start), 0, start)]
    parent: list[tuple[tuple[int, ...], tuple[int, ...] | None]] = [(start, None)]
    closed: list[tuple[int, ...]] = []
    expanded = 0
    while open_:
        best = min(range(len(open_)), key=lambda i: (open_[i][0], -open_[i][1]))
        f, g, cfg = open_.pop(best)
        if cfg == puzzle.target:
            path = [cfg]
            lookup = dict(parent)
            while lookup[path[-1]] is not None:
                path.append(lookup[path[-1]])
            path.reverse()
            moves = [(next(i for i in range(len(a)) if a[i] != b[i]),) for a, b in
                     zip(path[:-1], path[1:], strict=True)]
            moves = [(i, a[i], b[i]) for (i,), a, b in zip(moves, path[:-1], path[1:],
                                                           strict=True)]
            return AStarResult(moves, expanded, time.perf_counter() - t0, False)
        if cfg in closed:
            continue
        closed.append(cfg)
        expanded += 1
        if expanded > max_expanded:
            return AStarResult(None, expanded, time.perf_counter() - t0, True)
        for ring, _, dst in legal_moves(puzzle, cfg):
            child = cfg[:ring] + (dst,) + cfg[ring + 1:]
            if child in closed or any(o[2] == child for o in open_):
                continue
            parent.append((child, cfg))
            open_.append((g + 1 + heuristic(puzzle, child), g + 1, child))
    return AStarResult(None, expanded, time.perf_counter() - t0, False)


def astar_heapq(puzzle: Puzzle, start, max_expanded: int = 2_000_000) -> AStarResult:
    """Pure-Python A* with heapq and dict/set (no numba): the middle ground for benchmarks."""
    start = validate_config(puzzle, start)
    t0 = time.perf_counter()
    g_best = {start: 0}
    parent: dict[tuple[int, ...], tuple[int, ...] | None] = {start: None}
    heap = [(heuristic(puzzle, start), 0, start)]
    closed = set()
    while heap:
        f, negg, cfg = heapq.heappop(heap)
        if cfg in closed:
            continue
        if cfg == puzzle.target:
            path = [cfg]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            path.reverse()
            moves = [(i, a[i], b[i]) for a, b in zip(path[:-1], path[1:], strict=True)
                     for i in range(len(a)) if a[i] != b[i]]
            return AStarResult(moves, len(closed), time.perf_counter() - t0, False)
        closed.add(cfg)
        if len(closed) > max_expanded:
            return AStarResult(None, len(closed), time.perf_counter() - t0, True)
        g = -negg
        for ring, _, dst in legal_moves(puzzle, cfg):
            child = cfg[:ring] + (dst,) + cfg[ring + 1:]
            if child in closed or g_best.get(child, 1 << 30) <= g + 1:
                continue
            g_best[child] = g + 1
            parent[child] = cfg
            heapq.heappush(heap, (g + 1 + heuristic(puzzle, child), -(g + 1), child))
    return AStarResult(None, len(closed), time.perf_counter() - t0, False)


def all_labellings_count(puzzle: Puzzle) -> int:
    """Number of configurations of the puzzle: 2^d! / (2^d - n)!."""
    return math.perm(puzzle.n_vertices, puzzle.n_rings)

