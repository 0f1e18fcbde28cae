"""The IQ-Link board: 24 pegs on a triangular lattice, their slots and the hex-cell picture.

Pegs use axial hex coordinates (q, r) with r growing downward; rows 1 and 3 are shifted right by
half a peg. Every peg has 7 slots: its centre (slot 0) and one slot per direction (1 + d).
Elements of different pieces may share a peg exactly when their slot sets are disjoint.
"""

from __future__ import annotations

import math

import numpy as np

N_PEGS = 24
N_DIRS = 6
SLOTS_PER_PEG = 1 + N_DIRS
N_SLOTS = N_PEGS * SLOTS_PER_PEG  # 168 slots, stored as 3 uint64 words
N_WORDS = 3
FULL_PEGS = (1 << N_PEGS) - 1

# Directions counter-clockwise from east, r downward.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")

_ROWS = ((0, range(0, 6)), (1, range(0, 6)), (2, range(-1, 5)), (3, range(-1, 5)))
PEG_COORDS: tuple[tuple[int, int], ...] = tuple((q, r) for r, qs in _ROWS for q in qs)
PEG_INDEX: dict[tuple[int, int], int] = {c: i for i, c in enumerate(PEG_COORDS)}


def direction_index(name: str) -> int:
    """Index 0-5 of a direction name (E, NE, NW, W, SW, SE)."""
    if name not in DIRECTION_NAMES:
        raise ValueError(f"direction must be one of {DIRECTION_NAMES}, got {name!r}")
    return DIRECTION_NAMES.index(name)


def rotate(q: int, r: int, times: int = 1) -> tuple[int, int]:
    """Rotate the offset (q, r) by ``times`` x 60 degrees counter-clockwise."""
    for _ in range(times % 6):
        q, r = q + r, -q
    return q, r


def mirror(q: int, r: int) -> tuple[int, int]:
    """Mirror the offset (q, r) top <-> bottom (the horizontal axis stays)."""
    return q + r, -r


def peg_at(q: int, r: int) -> int:
    """Index of the peg at (q, r), or -1 when (q, r) is off the board."""
    return PEG_INDEX.get((q, r), -1)


def check_peg(peg: int) -> int:
    """Return ``peg`` if it names a peg (0-23), else raise ValueError."""
    if isinstance(peg, bool) or not isinstance(peg, int | np.integer) or not 0 <= peg < N_PEGS:
        raise ValueError(f"peg must be an int in 0..{N_PEGS - 1}, got {peg!r}")
    return int(peg)


def neighbour(peg: int, d: int) -> int:
    """The peg next to ``peg`` in direction ``d``, or -1 off the board."""
    q, r = PEG_COORDS[check_peg(peg)]
    dq, dr = DIRECTIONS[d % 6]
    return peg_at(q + dq, r + dr)


def slot(peg: int, k: int) -> int:
    """Slot number of a peg's centre (k = 0) or of its direction k - 1 (k = 1..6)."""
    return peg * SLOTS_PER_PEG + k


def slot_mask(slots: list[int] | tuple[int, ...]) -> np.ndarray:
    """The 3-word uint64 bitset of a set of slots."""
    words = np.zeros(N_WORDS, dtype=np.uint64)
    for s in slots:
        words[s >> 6] |= np.uint64(1) << np.uint64(s & 63)
    return words


def mask_slots(words: np.ndarray) -> list[int]:
    """The slots set in a 3-word bitset, ascending."""
    return [s for s in range(N_SLOTS) if int(words[s >> 6]) >> (s & 63) & 1]


def peg_cell(peg: int) -> tuple[int, int]:
    """The paper's hex-cell picture: peg (q, r) sits on hex cell (3q, 3r)."""
    q, r = PEG_COORDS[check_peg(peg)]
    return 3 * q, 3 * r


def slot_cell(s: int) -> tuple[int, int]:
    """The hex cell of slot ``s``: the peg's cell for its centre, else the neighbouring cell."""
    peg, k = divmod(s, SLOTS_PER_PEG)
    q, r = peg_cell(peg)
    if k == 0:
        return q, r
    dq, dr = DIRECTIONS[k - 1]
    return q + dq, r + dr


def unreachable_cells() -> list[tuple[int, int]]:
    """Hex cells at the centres of triangles of three mutually adjacent pegs (the paper's 30)."""
    cells = set()
    for (q, r) in PEG_COORDS:
        for d in range(6):
            a, b = DIRECTIONS[d], DIRECTIONS[(d + 1) % 6]
            if peg_at(q + a[0], r + a[1]) >= 0 and peg_at(q + b[0], r + b[1]) >= 0:
                cells.add((3 * q + a[0] + b[0], 3 * r + a[1] + b[1]))
    return sorted(cells)


SQRT3 = math.sqrt(3.0)


def cell_xy(q: int, r: int) -> tuple[float, float]:
    """Centre of hex cell (q, r) in picture coordinates (pointy-top hexes, r grows downward)."""
    return SQRT3 * (q + r / 2.0), -1.5 * r


def hexagon(q: int, r: int) -> list[tuple[float, float]]:
    """The six corners of hex cell (q, r)."""
    x, y = cell_xy(q, r)
    return [(x + math.cos(math.radians(30 + 60 * k)), y + math.sin(math.radians(30 + 60 * k)))
            for k in range(6)]
