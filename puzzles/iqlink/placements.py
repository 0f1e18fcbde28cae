"""Placements (piece, anchor peg, rotation, mirrored), their slot bitsets, and challenges.

A placement is legal on the empty board when all three elements stand on pegs. Two placements
collide when their slot sets intersect; they are linked when they share a peg (then one holds
a ball inside the other's ring). Every placement of every piece is tabulated once, in
``TABLE``, with flat numpy arrays the numba kernels use.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from puzzles.iqlink.board import (
    N_PEGS,
    N_SLOTS,
    N_WORDS,
    PEG_COORDS,
    check_peg,
    peg_at,
    slot,
    slot_mask,
)
from puzzles.iqlink.pieces import (
    BALL,
    CIRCLE,
    N_PIECES,
    PIECE_NAMES,
    RING,
    SYMMETRIC,
    internal_directions,
    orientations,
    oriented_elements,
    piece_index,
)


@dataclass(frozen=True, order=True)
class Placement:
    """A piece put down: its middle element on ``peg``, turned ``rotation`` x 60 degrees CCW."""

    piece: int
    peg: int
    rotation: int
    mirrored: bool

    def to_json(self) -> list:
        """The JSON form ``[piece name, peg, rotation, mirrored]``."""
        return [PIECE_NAMES[self.piece], self.peg, self.rotation, self.mirrored]


def make_placement(piece: Any, peg: Any, rotation: Any, mirrored: Any) -> Placement:
    """Validate and build a placement; ValueError names the bad field."""
    p = piece_index(piece)
    check_peg(peg)
    if isinstance(rotation, bool) or not isinstance(rotation, int | np.integer) \
            or not 0 <= rotation < 6:
        raise ValueError(f"rotation must be an int in 0..5, got {rotation!r}")
    if not isinstance(mirrored, bool | np.bool_):
        raise ValueError(f"mirrored must be a bool, got {mirrored!r}")
    if PIECE_NAMES[p] in SYMMETRIC and mirrored:
        raise ValueError(f"mirrored must be False for {PIECE_NAMES[p]} (it is its own mirror "
                         f"image: mirrored rotation r is rotation (r + 3) % 6)")
    return Placement(p, int(peg), int(rotation), bool(mirrored))


def from_json(item: Any) -> Placement:
    """Parse ``[piece, peg, rotation, mirrored]`` into a validated Placement."""
    if not isinstance(item, list | tuple) or len(item) != 4:
        raise ValueError(f"placement must be [piece, peg, rotation, mirrored], got {item!r}")
    return make_placement(*item)


def element_pegs(pl: Placement) -> tuple[int, int, int]:
    """Pegs under the three elements (-1 for an element off the board)."""
    q0, r0 = PEG_COORDS[pl.peg]
    return tuple(peg_at(q0 + e.dq, r0 + e.dr)
                 for e in oriented_elements(pl.piece, pl.rotation, pl.mirrored))


def element_slots(pl: Placement) -> list[list[int]]:
    """The slots each element claims (empty list for an off-board element)."""
    els = oriented_elements(pl.piece, pl.rotation, pl.mirrored)
    out = []
    for i, (e, peg) in enumerate(zip(els, element_pegs(pl), strict=True)):
        if peg < 0:
            out.append([])
        elif e.kind == BALL:
            out.append([slot(peg, 0)] + [slot(peg, 1 + d) for d in e.dirs])
        elif e.kind == RING:
            assert not set(e.dirs) & set(internal_directions(els, i))
            out.append([slot(peg, 1 + d) for d in range(6) if d not in e.dirs])
        else:
            out.append([slot(peg, k) for k in range(7)])
    return out


def turn_board(pl: Placement) -> Placement:
    """The placement seen after turning the whole board by 180 degrees, the board's symmetry:
    peg (q, r) goes to (4 - q, 3 - r) and the piece turns by 3 x 60 degrees."""
    q, r = PEG_COORDS[pl.peg]
    return Placement(pl.piece, peg_at(4 - q, 3 - r), (pl.rotation + 3) % 6, pl.mirrored)


def on_board(pl: Placement) -> bool:
    """Whether every element of the placement stands on a peg."""
    return min(element_pegs(pl)) >= 0


@dataclass(frozen=True)
class PlacementTable:
    """Every legal empty-board placement, as parallel arrays (index = placement id)."""

    placements: tuple[Placement, ...]
    piece: np.ndarray  # int64 (n,)
    masks: np.ndarray  # uint64 (n, 3) slot bitsets
    pegs: np.ndarray  # int64 (n,) 24-bit peg masks
    balls: np.ndarray  # int64 (n,) pegs holding a ball of the placement
    rings: np.ndarray  # int64 (n,) pegs holding an open ring
    circles: np.ndarray  # int64 (n,) pegs holding a closed circle
    index: dict

    def __len__(self) -> int:
        return len(self.placements)

    def id_of(self, pl: Placement) -> int:
        """Id of a placement; ValueError when it is not legal on the empty board."""
        try:
            return self.index[pl]
        except KeyError:
            raise ValueError(f"placement {pl.to_json()} puts an element off the board") from None


@lru_cache(maxsize=1)
def table() -> PlacementTable:
    """The table of all legal placements (ordered by piece, peg, mirrored, rotation)."""
    pls, masks, pegs, balls, rings, circles = [], [], [], [], [], []
    for p in range(N_PIECES):
        for peg in range(N_PEGS):
            for rot, m in orientations(p):
                pl = Placement(p, peg, rot, m)
                if not on_board(pl):
                    continue
                els = oriented_elements(p, rot, m)
                pm = bm = rm = cm = 0
                for e, g in zip(els, element_pegs(pl), strict=True):
                    pm |= 1 << g
                    if e.kind == BALL:
                        bm |= 1 << g
                    elif e.kind == RING:
                        rm |= 1 << g
                    else:
                        cm |= 1 << g
                pls.append(pl)
                masks.append(slot_mask([s for es in element_slots(pl) for s in es]))
                pegs.append(pm)
                balls.append(bm)
                rings.append(rm)
                circles.append(cm)
    return PlacementTable(
        tuple(pls), np.array([pl.piece for pl in pls], dtype=np.int64),
        np.array(masks, dtype=np.uint64).reshape(-1, N_WORDS),
        np.array(pegs, dtype=np.int64), np.array(balls, dtype=np.int64),
        np.array(rings, dtype=np.int64), np.array(circles, dtype=np.int64),
        {pl: i for i, pl in enumerate(pls)})


@lru_cache(maxsize=1)
def slot_matrix() -> np.ndarray:
    """Boolean (placements x 168 slots) matrix: which slots each placement claims."""
    m = table().masks
    bits = np.arange(64, dtype=np.uint64)
    cols = [((m[:, w, None] >> bits) & np.uint64(1)).astype(bool) for w in range(N_WORDS)]
    return np.concatenate(cols, axis=1)[:, :N_SLOTS]


def collide(a: int, b: int) -> bool:
    """Whether placements ``a`` and ``b`` (ids) claim a common slot."""
    m = table().masks
    return bool(np.any(m[a] & m[b]))


def linked(a: int, b: int) -> bool:
    """Whether placements ``a`` and ``b`` (ids) share a peg (meaningful if they do not collide)."""
    t = table()
    return bool(t.pegs[a] & t.pegs[b])


def is_connected(ids: list[int] | tuple[int, ...]) -> bool:
    """Whether the link graph of the placements (shared pegs) is connected."""
    ids = list(ids)
    if not ids:
        return True
    pegs = table().pegs
    reached, frontier = {ids[0]}, [ids[0]]
    while frontier:
        a = frontier.pop()
        for b in ids:
            if b not in reached and pegs[a] & pegs[b]:
                reached.add(b)
                frontier.append(b)
    return len(reached) == len(ids)


def placement_counts() -> dict[str, int]:
    """Legal placements of every piece on the empty board (Table 2: 72/144/152/180)."""
    counts = np.bincount(table().piece, minlength=N_PIECES)
    return {PIECE_NAMES[p]: int(counts[p]) for p in range(N_PIECES)}


@dataclass(frozen=True)
class Challenge:
    """A challenge: given placements (at most one per piece, no two colliding) and its name."""

    given: tuple[Placement, ...]
    id: int = 0
    level: str = ""

    def __post_init__(self) -> None:
        seen = set()
        t = table()
        occ = np.zeros(N_WORDS, dtype=np.uint64)
        for pl in self.given:
            if not isinstance(pl, Placement):
                raise ValueError(f"given must hold Placement objects, got {pl!r}")
            if pl.piece in seen:
                raise ValueError(f"given places piece {PIECE_NAMES[pl.piece]!r} twice")
            seen.add(pl.piece)
            i = t.id_of(pl)
            if np.any(occ & t.masks[i]):
                raise ValueError(f"given placement {pl.to_json()} overlaps another given piece")
            occ |= t.masks[i]

    @property
    def given_ids(self) -> list[int]:
        """Placement ids of the given pieces."""
        return [table().id_of(pl) for pl in self.given]

    @property
    def missing(self) -> list[int]:
        """Pieces still to place, ascending."""
        placed = {pl.piece for pl in self.given}
        return [p for p in range(N_PIECES) if p not in placed]

    def to_json(self) -> list:
        """The given placements in JSON form."""
        return [pl.to_json() for pl in self.given]


def challenge(given: Any, id: int = 0, level: str = "") -> Challenge:
    """Build a validated challenge from placements or their JSON lists."""
    if isinstance(given, str | bytes) or not hasattr(given, "__iter__"):
        raise ValueError(f"given must be a list of placements, got {given!r}")
    pls = tuple(g if isinstance(g, Placement) else from_json(g) for g in given)
    return Challenge(pls, id, level)


UNLINKED = "the pieces do not form one linked group"


def check_solution(ch: Challenge, solution: Any) -> list[str]:
    """Replay a solution piece by piece onto the challenge; return the problems (empty = valid).

    ``solution`` lists all 12 placements (the givens included) or only the missing ones.
    """
    t = table()
    sol = [g if isinstance(g, Placement) else from_json(g) for g in solution]
    problems = []
    given = set(ch.given)
    occ = np.zeros(N_WORDS, dtype=np.uint64)
    ids = []
    for pl in ch.given:
        occ |= t.masks[t.id_of(pl)]
        ids.append(t.id_of(pl))
    placed = {pl.piece for pl in ch.given}
    for pl in sol:
        if pl in given:
            continue
        if pl.piece not in ch.missing:
            problems.append(f"{PIECE_NAMES[pl.piece]} is given: it cannot be moved")
            continue
        if pl.piece in placed:
            problems.append(f"{PIECE_NAMES[pl.piece]} placed twice")
            continue
        if not on_board(pl):
            problems.append(f"{pl.to_json()} puts an element off the board")
            continue
        i = t.id_of(pl)
        if np.any(occ & t.masks[i]):
            problems.append(f"{pl.to_json()} collides with a piece already placed")
            continue
        occ |= t.masks[i]
        placed.add(pl.piece)
        ids.append(i)
    if len(placed) != N_PIECES:
        problems.append(f"{N_PIECES - len(placed)} pieces not placed")
    if not problems and not is_connected(ids):
        problems.append(UNLINKED)
    return problems


def kinds_at(pl: Placement) -> dict[int, int]:
    """Map peg -> element kind (BALL/RING/CIRCLE) for a placement."""
    els = oriented_elements(pl.piece, pl.rotation, pl.mirrored)
    return {g: e.kind for e, g in zip(els, element_pegs(pl), strict=True)}


__all__ = ["BALL", "CIRCLE", "RING", "UNLINKED", "Challenge", "Placement", "PlacementTable",
           "challenge",
           "check_solution", "collide", "element_pegs", "element_slots", "from_json",
           "is_connected", "kinds_at", "linked", "make_placement", "on_board", "placement_counts",
           "slot_matrix", "table", "turn_board"]
