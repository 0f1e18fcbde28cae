"""The hypercube sliding puzzle: Q^d, its k-faces, free faces, legal k-moves, configurations.

Vertices of Q^d are d-bit integers (bit b = coordinate b). A puzzle has n coloured rings; ring i
has colour ``colours[i]`` and its target vertex ``target[i]``; the other ``l = 2^d - n``
vertices are uncoloured. A configuration is the tuple of ring vertices, indexed by ring. A ring
on vertex v may make a k-move along a face of dimension exactly k that contains v when no other
ring sits on that face; it moves to any other vertex of the face (one move).

The hot loops of the solvers use two flat tables built here: ``face_table(d, k)[v, f]`` is the
bitmask (over the 2^d <= 64 vertices) of the f-th k-face through v, and a configuration packs
into one integer with d bits per ring (``pack``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import NamedTuple

import numpy as np
from numba import njit

D_MIN, D_MAX = 2, 6

Move = tuple[int, int, int]  # (ring index, from vertex, to vertex)


def _check_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ValueError(f"{name} must be an int, got {value!r}")
    return int(value)


def check_dk(d: int, k: int) -> None:
    """Raise ValueError unless 2 <= d <= 6 and 1 <= k <= d-1."""
    d = _check_int("d", d)
    k = _check_int("k", k)
    if not D_MIN <= d <= D_MAX:
        raise ValueError(f"d must lie in {D_MIN}..{D_MAX}, got {d}")
    if not 1 <= k <= d - 1:
        raise ValueError(f"k must lie in 1..d-1 = 1..{d - 1} for d={d}, got {k}")


@dataclass(frozen=True)
class Puzzle:
    """A (d, k, l) puzzle: ring colours and the target vertex of each ring."""

    d: int
    k: int
    colours: tuple[str, ...]
    target: tuple[int, ...]

    def __post_init__(self) -> None:
        check_dk(self.d, self.k)
        if len(self.colours) != len(self.target):
            raise ValueError(f"colours ({len(self.colours)}) and target ({len(self.target)}) "
                             "must have the same length")
        if len(set(self.colours)) != len(self.colours):
            raise ValueError(f"colours must be distinct, got {self.colours}")
        if not 1 <= len(self.colours) < 2 ** self.d:
            raise ValueError(f"number of rings must lie in 1..2^d-1, got {len(self.colours)}")
        validate_vertices(self.d, self.target, "target")

    @property
    def n_rings(self) -> int:
        """Number of coloured rings."""
        return len(self.colours)

    @property
    def n_vertices(self) -> int:
        """2^d."""
        return 1 << self.d

    @property
    def l(self) -> int:  # noqa: E743  (the paper's name)
        """Number of uncoloured vertices."""
        return self.n_vertices - self.n_rings

    def with_k(self, k: int) -> Puzzle:
        """The same colours and target under another k-rule."""
        return Puzzle(self.d, k, self.colours, self.target)


def validate_vertices(d: int, config, name: str = "configuration") -> tuple[int, ...]:
    """Return ``config`` as a tuple of ints after checking range and duplicates."""
    try:
        verts = tuple(config)
    except TypeError as err:
        raise ValueError(f"{name} must be a sequence of vertices, got {config!r}") from err
    out = []
    for i, v in enumerate(verts):
        v = _check_int(f"{name} vertex {i}", v)
        if not 0 <= v < (1 << d):
            raise ValueError(f"{name}: vertex {v} out of range 0..{(1 << d) - 1} for d={d}")
        out.append(v)
    if len(set(out)) != len(out):
        dup = sorted({v for v in out if out.count(v) > 1})
        raise ValueError(f"{name}: duplicate vertices {dup} (two rings on one vertex)")
    return tuple(out)


def make_puzzle(d: int, k: int, target: dict[str, int]) -> Puzzle:
    """A puzzle from a mapping colour -> target vertex (ring order = mapping order)."""
    if not isinstance(target, dict) or not target:
        raise ValueError(f"target must be a non-empty dict colour -> vertex, got {target!r}")
    return Puzzle(d, k, tuple(target), tuple(target.values()))


def config_from_mapping(puzzle: Puzzle, mapping: dict[str, int]) -> tuple[int, ...]:
    """The configuration (vertex per ring) of a mapping colour -> vertex, validated."""
    if not isinstance(mapping, dict):
        raise ValueError(f"configuration must be a dict colour -> vertex, got {mapping!r}")
    if set(mapping) != set(puzzle.colours):
        raise ValueError(f"configuration colours {sorted(mapping)} do not match the target's "
                         f"colours {sorted(puzzle.colours)}")
    return validate_vertices(puzzle.d, [mapping[c] for c in puzzle.colours])


def validate_config(puzzle: Puzzle, config) -> tuple[int, ...]:
    """Check a configuration against a puzzle (length, range, duplicates)."""
    verts = validate_vertices(puzzle.d, config)
    if len(verts) != puzzle.n_rings:
        raise ValueError(f"configuration has {len(verts)} rings, the puzzle has "
                         f"{puzzle.n_rings}")
    return verts


# ---------------------------------------------------------------- faces


def face_vertices(d: int, base: int, dims: tuple[int, ...]) -> tuple[int, ...]:
    """Vertices of the face through ``base`` spanned by coordinates ``dims`` (sorted)."""
    free = 0
    for b in dims:
        free |= 1 << b
    fixed = base & ~free
    return tuple(sorted(fixed | x for x in range(1 << d) if x & ~free == 0))


def faces_containing(d: int, k: int, v: int) -> list[tuple[int, ...]]:
    """Every k-face of Q^d that contains vertex v, as sorted vertex tuples."""
    check_dk(d, k)
    validate_vertices(d, [v], "vertex")
    return [face_vertices(d, v, dims) for dims in combinations(range(d), k)]


def all_faces(d: int, k: int) -> list[tuple[int, ...]]:
    """Every k-face of Q^d (2^(d-k) * C(d, k) of them)."""
    check_dk(d, k)
    seen = set()
    for v in range(1 << d):
        seen.update(faces_containing(d, k, v))
    return sorted(seen)


@cache
def _face_table(d: int, k: int) -> np.ndarray:
    dims_list = list(combinations(range(d), k))
    table = np.zeros((1 << d, len(dims_list)), dtype=np.uint64)
    for v in range(1 << d):
        for f, dims in enumerate(dims_list):
            mask = 0
            for u in face_vertices(d, v, dims):
                mask |= 1 << u
            table[v, f] = np.uint64(mask)
    table.setflags(write=False)
    return table


def face_table(d: int, k: int) -> np.ndarray:
    """``[v, f]`` = bitmask of the f-th k-face through v (faces in ``combinations`` order)."""
    check_dk(d, k)
    return _face_table(d, k)


def is_free(config, face) -> bool:
    """Whether exactly one ring sits on ``face`` (the definition of a free k-state)."""
    occupied = set(config)
    return sum(1 for u in face if u in occupied) == 1


def free_faces(puzzle: Puzzle, config, ring: int) -> list[tuple[int, ...]]:
    """The k-faces through ``ring``'s vertex on which no other ring sits."""
    config = validate_config(puzzle, config)
    ring = _check_int("ring", ring)
    if not 0 <= ring < puzzle.n_rings:
        raise ValueError(f"ring must lie in 0..{puzzle.n_rings - 1}, got {ring}")
    others = set(config) - {config[ring]}
    return [f for f in faces_containing(puzzle.d, puzzle.k, config[ring])
            if not others.intersection(f)]


def legal_moves(puzzle: Puzzle, config) -> list[Move]:
    """Every legal k-move ``(ring, from, to)``, destinations deduplicated and sorted."""
    config = validate_config(puzzle, config)
    moves = []
    for i, v in enumerate(config):
        dests = set()
        for face in free_faces(puzzle, config, i):
            dests.update(face)
        dests.discard(v)
        moves.extend((i, v, u) for u in sorted(dests))
    return moves


def move_problem(puzzle: Puzzle, config, move) -> str | None:
    """Why ``move`` is illegal in ``config`` (a sentence), or None when it is legal."""
    try:
        ring, src, dst = (int(x) for x in move)
    except (TypeError, ValueError):
        return f"a move is (ring, from, to), got {move!r}"
    if not 0 <= ring < puzzle.n_rings:
        return f"ring {ring} does not exist (rings 0..{puzzle.n_rings - 1})"
    if not 0 <= dst < puzzle.n_vertices:
        return f"vertex {dst} is out of range 0..{puzzle.n_vertices - 1}"
    if config[ring] != src:
        return f"ring {puzzle.colours[ring]} is on vertex {config[ring]}, not {src}"
    if dst == src:
        return "a move must change the ring's vertex"
    dist = bin(src ^ dst).count("1")
    if dist > puzzle.k:
        return (f"vertices {src} and {dst} differ in {dist} coordinates: no {puzzle.k}-face "
                "contains both")
    if dst in config:
        return f"vertex {dst} is occupied"
    faces = [f for f in faces_containing(puzzle.d, puzzle.k, src) if dst in f]
    if not any(is_free(config, f) for f in faces):
        return (f"every {puzzle.k}-face through {src} and {dst} holds another ring, so ring "
                f"{puzzle.colours[ring]} is not free to move there")
    return None


def apply_move(puzzle: Puzzle, config, move) -> tuple[int, ...]:
    """The configuration after a legal move; ValueError naming the reason otherwise."""
    config = validate_config(puzzle, config)
    problem = move_problem(puzzle, config, move)
    if problem is not None:
        raise ValueError(f"illegal move {tuple(move)}: {problem}")
    ring, _, dst = (int(x) for x in move)
    out = list(config)
    out[ring] = dst
    return tuple(out)


def replay(puzzle: Puzzle, start, moves) -> tuple[int, ...]:
    """Apply ``moves`` one by one from ``start`` (each checked); return the final configuration."""
    config = validate_config(puzzle, start)
    for i, mv in enumerate(moves):
        try:
            config = apply_move(puzzle, config, mv)
        except ValueError as err:
            raise ValueError(f"move {i}: {err}") from err
    return config


def is_solution(puzzle: Puzzle, start, moves) -> bool:
    """Whether ``moves`` are all legal from ``start`` and end on the target."""
    try:
        return replay(puzzle, start, moves) == puzzle.target
    except ValueError:
        return False


def inverse_move(move: Move) -> Move:
    """The move that undoes ``move`` (faces are symmetric, so it is always legal afterwards)."""
    ring, src, dst = move
    return (ring, dst, src)


def hamming(u: int, v: int) -> int:
    """Number of coordinates in which two vertices differ."""
    return bin(int(u) ^ int(v)).count("1")


# ---------------------------------------------------------------- packing


def pack(config, d: int) -> int:
    """One integer with d bits per ring (ring 0 in the lowest bits)."""
    code = 0
    for i, v in enumerate(config):
        code |= int(v) << (d * i)
    return code


def unpack(code: int, d: int, n: int) -> tuple[int, ...]:
    """Inverse of :func:`pack`."""
    mask = (1 << d) - 1
    return tuple((int(code) >> (d * i)) & mask for i in range(n))


def check_packable(puzzle: Puzzle) -> None:
    """Packed states must fit in 63 bits."""
    if puzzle.d * puzzle.n_rings > 62:
        raise ValueError(f"d * rings = {puzzle.d * puzzle.n_rings} bits does not fit one "
                         "packed integer (max 62)")


def moves_between(puzzle: Puzzle, codes) -> list[Move]:
    """The move list of a path given as packed states (consecutive states differ in one ring)."""
    out = []
    for a, b in zip(codes[:-1], codes[1:], strict=True):
        ca, cb = unpack(a, puzzle.d, puzzle.n_rings), unpack(b, puzzle.d, puzzle.n_rings)
        diff = [i for i in range(puzzle.n_rings) if ca[i] != cb[i]]
        if len(diff) != 1:
            raise ValueError(f"states {ca} and {cb} differ in {len(diff)} rings, not one")
        i = diff[0]
        out.append((i, ca[i], cb[i]))
    return out


# ---------------------------------------------------------------- numba kernels


@njit(cache=True)
def popcount(x: np.uint64) -> int:
    """Number of set bits of a 64-bit mask."""
    c = 0
    while x:
        x &= x - np.uint64(1)
        c += 1
    return c


@njit(cache=True)
def unpack_into(code: np.int64, d: int, n: int, pos: np.ndarray) -> np.uint64:
    """Write ring vertices of ``code`` into ``pos``; return the occupancy bitmask."""
    mask = (1 << d) - 1
    occ = np.uint64(0)
    for i in range(n):
        v = (code >> (d * i)) & mask
        pos[i] = v
        occ |= np.uint64(1) << np.uint64(v)
    return occ


@njit(cache=True)
def bit_index(low: np.uint64) -> int:
    """The index of the single set bit of ``low`` (a vertex from its one-bit mask)."""
    u = 0
    while low > np.uint64(1):
        low >>= np.uint64(1)
        u += 1
    return u


@njit(cache=True)
def destinations(v: int, occ: np.uint64, faces: np.ndarray) -> np.uint64:
    """Bitmask of the vertices a ring on v may move to (union over its free k-faces)."""
    bit = np.uint64(1) << np.uint64(v)
    out = np.uint64(0)
    for f in range(faces.shape[1]):
        m = faces[v, f]
        if occ & m == bit:
            out |= m
    return out & ~bit


@njit(cache=True)
def successors(code: np.int64, d: int, n: int, faces: np.ndarray, pos: np.ndarray,
               out: np.ndarray) -> int:
    """Write every child state of ``code`` into ``out``; return how many."""
    occ = unpack_into(code, d, n, pos)
    c = 0
    for i in range(n):
        v = pos[i]
        dest = destinations(v, occ, faces)
        while dest:
            low = dest & (~dest + np.uint64(1))
            out[c] = code ^ (np.int64(v ^ bit_index(low)) << np.int64(d * i))
            c += 1
            dest ^= low
    return c


def max_branching(puzzle: Puzzle) -> int:
    """An upper bound on the number of children of a state."""
    return puzzle.n_rings * (puzzle.n_vertices - 1)


class Graph(NamedTuple):
    """The move graph a kernel walks: d bits per ring of a packed state, n rings, the k-rule
    (for A*'s heuristic), the face table and a bound on the children of a state."""

    d: int
    n: int
    k: int
    faces: np.ndarray
    branching: int


def move_graph(puzzle: Puzzle) -> Graph:
    """The kernels' view of ``puzzle``'s moves (packed states must fit: :func:`check_packable`)."""
    check_packable(puzzle)
    return Graph(puzzle.d, puzzle.n_rings, puzzle.k, face_table(puzzle.d, puzzle.k),
                 max_branching(puzzle))
