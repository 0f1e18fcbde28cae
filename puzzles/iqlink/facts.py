"""Facts of the model the paper states in words (Sections 6-8 and 15), each computed from the
pieces, the board and the placement table rather than read from a hand-written constant.

These back the ledger's rows on the model: how many pieces are flip- or rotation-symmetric
(``pieces.SYMMETRIC`` is hard-coded, so it is recomputed here from the element offsets), how
many pegs a piece uses, which cells no placement covers, which sockets an elbow ball fits,
the paper's tri-ordinate rotation and flip images, and a few per-challenge structure checks
(linked build order, loops in the link graph, splits into separate sub-puzzles). All run in
milliseconds.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import numpy as np

from puzzles.iqlink.board import N_PEGS, N_SLOTS, mirror, rotate, slot_cell, unreachable_cells
from puzzles.iqlink.pieces import (
    BALL,
    CIRCLE,
    KIND_NAMES,
    PIECE_NAMES,
    PIECES,
    RING,
    oriented_elements,
    piece_index,
)
from puzzles.iqlink.placements import (
    Challenge,
    Placement,
    element_pegs,
    make_placement,
    slot_matrix,
    table,
)
from puzzles.iqlink.strategies import heat_map, legal_placements, unwise_filter

Shape = frozenset  # a piece's elements as (dq, dr, kind, dirs), offsets from the middle element


def shape(piece: str | int, rotation: int, mirrored: bool) -> Shape:
    """The set of a piece's oriented elements (offset, kind, arms or openings)."""
    return frozenset((e.dq, e.dr, e.kind, e.dirs)
                     for e in oriented_elements(piece, rotation, mirrored))


def shapes(piece: str | int) -> list[Shape]:
    """The piece's shape under all 12 (rotation, flip) combinations, rotation fastest."""
    return [shape(piece, rot, m) for m in (False, True) for rot in range(6)]


def symmetry(piece: str | int) -> dict[str, object]:
    """Distinct orientations of a piece and whether a flip or a turn maps it onto itself.

    Flip-symmetric: some flipped orientation equals the unturned piece (turning it over gives
    the same piece); rotation-symmetric: some turn by 60-300 degrees does.
    """
    s = shapes(piece)
    return {"piece": PIECE_NAMES[piece_index(piece)], "orientations": len(set(s)),
            "flip_symmetric": s[0] in s[6:], "rotation_symmetric": s[0] in s[1:6]}


def symmetry_counts() -> dict[str, int]:
    """Over the 12 pieces: flip-symmetric pieces, rotation-symmetric pieces, pieces with 12
    and with 6 distinct orientations, and distinct shapes (12 when no two pieces coincide
    under any turn or flip)."""
    rows = [symmetry(p) for p in range(len(PIECES))]
    canon = {min(tuple(sorted(x)) for x in shapes(p)) for p in range(len(PIECES))}
    return {"flip_symmetric": sum(r["flip_symmetric"] for r in rows),
            "rotation_symmetric": sum(r["rotation_symmetric"] for r in rows),
            "orientations_12": sum(r["orientations"] == 12 for r in rows),
            "orientations_6": sum(r["orientations"] == 6 for r in rows),
            "distinct_shapes": len(canon)}


def flip_symmetric_pieces() -> list[str]:
    """Names of the pieces a flip maps onto themselves."""
    return [r["piece"] for r in map(symmetry, range(len(PIECES))) if r["flip_symmetric"]]


def pegs_per_placement() -> tuple[int, int]:
    """(fewest, most) distinct pegs a legal empty-board placement stands on."""
    n = np.array([bin(int(x)).count("1") for x in table().pegs])
    return int(n.min()), int(n.max())


def unreachable_slots_covered() -> int:
    """Slots of legal placements whose hex cell is one of the 30 unreachable cells (0 when the
    anchoring and angles keep every piece off them)."""
    bad = set(unreachable_cells())
    used = np.flatnonzero(slot_matrix().any(axis=0))
    return sum(slot_cell(int(s)) in bad for s in used if s < N_SLOTS)


def element_mixes() -> Counter:
    """How many pieces have each mix of elements, e.g. '2 ball + 1 ring'."""
    def mix(p) -> str:
        c = Counter(KIND_NAMES[e.kind] for e in p.elements)
        return " + ".join(f"{c[k]} {k}" for k in KIND_NAMES if c[k])
    return Counter(mix(p) for p in PIECES)


PAPER_MIXES = ("2 ball + 1 ring", "1 ball + 2 ring", "2 ring + 1 circle",
               "1 ball + 1 ring + 1 circle")  # Section 15's four categories, in our words
ELBOW_PIECES = ("dark green", "dark blue")


def elbow_partners() -> tuple[set[str], set[tuple[str, str]]]:
    """Which pieces' sockets can hold an elbow ball, and which (ball piece, socket piece) pairs
    can mate with an ordinary (one-armed) ball, over every pair of legal placements that do
    not collide: a ball of one placement inside a ring of the other on a shared peg."""
    t = table()
    n = len(t)
    clash = np.zeros((n, n), dtype=bool)
    for w in range(t.masks.shape[1]):
        clash |= (t.masks[:, None, w] & t.masks[None, :, w]) != 0
    elbow, other = set(), set()
    for i, pl in enumerate(t.placements):
        els = oriented_elements(pl.piece, pl.rotation, pl.mirrored)
        for e, g in zip(els, element_pegs(pl), strict=True):
            if e.kind != BALL:
                continue
            hosts = np.flatnonzero(((t.rings >> g) & 1).astype(bool) & ~clash[i]
                                   & (t.piece != pl.piece))
            names = {PIECE_NAMES[int(t.piece[j])] for j in hosts}
            if len(e.dirs) == 2:
                elbow |= names
            else:
                other |= {(PIECE_NAMES[pl.piece], h) for h in names}
    return elbow, other


# --- the paper's tri-ordinates (Section 8) ---------------------------------------------------
# Reading: the paper's (a, b) has a horizontal-line index a (constant along horizontal lines,
# growing upwards) and b constant along lines that slope upwards; its (1, 0) is up and to the
# right of (0, 0) and (1, 3) three cells right of (1, 0). In our axial (q, r), r downward, that
# is q = a + b, r = -a; the third tri-ordinate is a + b.


def to_axial(a: int, b: int) -> tuple[int, int]:
    """The paper's (a, b) as our axial (q, r)."""
    return a + b, -a


def to_paper(q: int, r: int) -> tuple[int, int, int]:
    """Our axial (q, r) as the paper's tri-ordinates (a, b, a + b)."""
    a, b = -r, q + r
    return a, b, a + b


def rotation_images(a: int, b: int) -> list[tuple[int, int, int]]:
    """The paper's cell (a, b) under our five counter-clockwise turns by 60-300 degrees."""
    q, r = to_axial(a, b)
    return [to_paper(*rotate(q, r, k)) for k in range(1, 6)]


def flip_images(a: int, b: int) -> list[tuple[int, int, int]]:
    """The paper's cell (a, b) after our flip (top <-> bottom) and each of the six turns."""
    q, r = mirror(*to_axial(a, b))
    return [to_paper(*rotate(q, r, k)) for k in range(6)]


PAPER_ROTATIONS = ((4, -1, 3), (3, -4, -1), (-1, -3, -4), (-4, 1, -3), (-3, 4, 1))
PAPER_FLIPS = ((3, 1, 4), (4, -3, 1), (1, -4, -3), (-3, -1, -4), (-4, 3, -1), (-1, 4, 3))


# --- Section 7's unwise light purple placements ---------------------------------------------


def fig7_light_purple() -> list[Placement]:
    """Light purple in Fig. 7's orientation (socket opening towards the top edge) with its end
    ball at pegs 0-3: our middle element at top-row pegs 1-4, rotation 0. Reading: the paper
    anchors light purple at a ball, we anchor every piece at its middle element."""
    return [make_placement("light purple", peg, 0, False) for peg in (1, 2, 3, 4)]


def unwise_on_empty_board() -> dict[str, list[int]]:
    """Placement ids the unwise filter drops on the empty board, per piece name."""
    ch = Challenge(())
    legal = legal_placements(ch)
    kept = unwise_filter(ch, legal).domains
    return {PIECE_NAMES[p]: sorted(set(v) - set(kept[p])) for p, v in legal.items()
            if set(v) - set(kept[p])}


# --- structure of a solution and of a challenge ----------------------------------------------


def link_edges(ids: list[int]) -> int:
    """Edges of the link graph of placements ``ids`` (pairs that share a peg)."""
    pegs = table().pegs
    return sum(bool(pegs[a] & pegs[b]) for k, a in enumerate(ids) for b in ids[k + 1:])


def has_loop(ids: list[int]) -> bool:
    """Whether the link graph of a connected set of placements holds a cycle."""
    return link_edges(ids) >= len(ids)


def linked_build_order(given: list[int], rest: list[int]) -> bool:
    """Whether the pieces ``rest`` can be put down one at a time, each linked to a piece
    already down, starting from the ``given`` placements."""
    pegs = table().pegs
    down = 0
    for g in given:
        down |= int(pegs[g])
    left = list(rest)
    while left:
        nxt = [i for i in left if int(pegs[i]) & down] if down else left[:1]
        if not nxt:
            return False
        for i in nxt:
            down |= int(pegs[i])
            left.remove(i)
    return True


def parts(domains: dict[int, list[int]]) -> int:
    """Separate sub-puzzles of a challenge: groups of pegs joined by the candidate placements
    (two pegs are joined when one candidate stands on both). A challenge splits when its
    candidates fall into two or more such groups, which then share only the pool of pieces."""
    parent = list(range(N_PEGS))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    pegs = table().pegs
    used = 0
    for v in domains.values():
        for i in v:
            m = int(pegs[i])
            used |= m
            bits = [g for g in range(N_PEGS) if m >> g & 1]
            for g in bits[1:]:
                parent[find(g)] = find(bits[0])
    return len({find(g) for g in range(N_PEGS) if used >> g & 1})


@lru_cache(maxsize=1)
def empty_heat() -> np.ndarray:
    """Heat per slot of the empty board (every legal placement), as in Fig. 15."""
    return heat_map(Challenge(())).astype(float)


def heat_likeness(heat: np.ndarray) -> float:
    """Pearson correlation over the 168 slots of a challenge's heat map with the empty
    board's (1: the same picture up to scale)."""
    h = np.asarray(heat, dtype=float)
    if np.ptp(h) == 0:
        return 0.0
    return round(float(np.corrcoef(h, empty_heat())[0, 1]), 4)


__all__ = ["CIRCLE", "ELBOW_PIECES", "PAPER_FLIPS", "PAPER_MIXES", "PAPER_ROTATIONS", "RING",
           "element_mixes", "elbow_partners", "empty_heat", "fig7_light_purple",
           "flip_images", "flip_symmetric_pieces", "has_loop", "heat_likeness", "link_edges",
           "linked_build_order", "parts", "pegs_per_placement", "rotation_images", "shape",
           "shapes", "symmetry", "symmetry_counts", "to_axial", "to_paper",
           "unreachable_slots_covered", "unwise_on_empty_board"]
