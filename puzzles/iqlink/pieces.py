"""The 12 IQ-Link pieces: three elements each (ball, open ring or closed circle) and orientations.

Offsets are relative to the middle element (the anchor). A ball claims its peg's centre and its
arm direction(s) towards the neighbouring element(s) of its piece; an open ring claims every
direction except its opening(s) and leaves the centre free; a closed circle claims everything.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.iqlink.board import DIRECTIONS, direction_index, mirror, rotate

BALL, RING, CIRCLE = 0, 1, 2
KIND_NAMES = ("ball", "ring", "circle")


@dataclass(frozen=True)
class Element:
    """One element of a piece: offset from the anchor, kind, and arms (ball) or openings (ring)."""

    dq: int
    dr: int
    kind: int
    dirs: tuple[int, ...]


@dataclass(frozen=True)
class Piece:
    """A piece: name, family, colour for drawing, and its three elements (middle second)."""

    name: str
    family: str
    colour: str
    elements: tuple[Element, Element, Element]


def _el(dq: int, dr: int, kind: int, *dirs: str) -> Element:
    return Element(dq, dr, kind, tuple(direction_index(d) for d in dirs))


_MID_CIRCLE = _el(0, 0, CIRCLE)
_ELBOW = _el(0, 0, BALL, "SW", "SE")
# The DESIGN.md fact sheet (section 5.2), row by row: element 1, middle, element 3.
PIECES: tuple[Piece, ...] = (
    Piece("light purple", "straight", "#c9a0f0",
          (_el(-1, 0, BALL, "E"), _el(0, 0, RING, "NE", "NW"), _el(1, 0, BALL, "W"))),
    Piece("aqua", "straight", "#3fd0d0",
          (_el(0, -1, RING, "W"), _MID_CIRCLE, _el(0, 1, BALL, "NW"))),
    Piece("light green", "straight", "#9be36b",
          (_el(0, -1, RING, "SW"), _MID_CIRCLE, _el(0, 1, BALL, "NW"))),
    Piece("dark purple", "obtuse", "#6a2c9c",
          (_el(1, 0, RING, "NW"), _MID_CIRCLE, _el(-1, 1, BALL, "NE"))),
    Piece("light pink", "obtuse", "#f7a8c8",
          (_el(1, 0, RING, "SW"), _MID_CIRCLE, _el(-1, 1, BALL, "NE"))),
    Piece("blue", "obtuse", "#3a78e0",
          (_el(1, 0, RING, "SE"), _MID_CIRCLE, _el(-1, 1, BALL, "NE"))),
    Piece("dark pink", "obtuse", "#d0307a",
          (_el(1, 0, BALL, "W"), _el(0, 0, RING, "W"), _el(-1, 1, BALL, "NE"))),
    Piece("yellow", "obtuse", "#f2d22e",
          (_el(1, 0, RING, "E"), _MID_CIRCLE, _el(-1, 1, RING, "SE"))),
    Piece("dark green", "acute", "#1f7a3a",
          (_el(-1, 1, RING, "SW"), _ELBOW, _el(0, 1, BALL, "NW"))),
    Piece("dark blue", "acute", "#1c2f8a",
          (_el(-1, 1, RING, "SE"), _ELBOW, _el(0, 1, BALL, "NW"))),
    Piece("orange", "acute", "#f08a24",
          (_el(-1, 1, BALL, "NE"), _el(0, 0, RING, "NW"), _el(0, 1, BALL, "NW"))),
    Piece("red", "acute", "#e0282c",
          (_el(-1, 1, BALL, "NE"), _el(0, 0, RING, "NW"), _el(0, 1, RING, "NE"))),
)
N_PIECES = len(PIECES)
PIECE_NAMES: tuple[str, ...] = tuple(p.name for p in PIECES)
FAMILIES: tuple[str, ...] = ("straight", "obtuse", "acute")
# Light purple is its own mirror image (mirror = rotation by 180 degrees): it keeps 6 orientations.
SYMMETRIC: frozenset[str] = frozenset({"light purple"})


def piece_index(piece: str | int) -> int:
    """Index 0-11 of a piece given by name or index; ValueError for an unknown piece."""
    if isinstance(piece, str):
        if piece not in PIECE_NAMES:
            raise ValueError(f"unknown piece {piece!r}; pieces are {', '.join(PIECE_NAMES)}")
        return PIECE_NAMES.index(piece)
    if isinstance(piece, bool) or not isinstance(piece, int) or not 0 <= piece < N_PIECES:
        raise ValueError(f"piece must be a name or an index 0..{N_PIECES - 1}, got {piece!r}")
    return piece


def orientations(piece: str | int) -> list[tuple[int, bool]]:
    """The distinct orientations (rotation, mirrored) of a piece: 6 for light purple, else 12."""
    p = PIECES[piece_index(piece)]
    mirrors = (False,) if p.name in SYMMETRIC else (False, True)
    return [(rot, m) for m in mirrors for rot in range(6)]


def _turn_dir(d: int, rotation: int, mirrored: bool) -> int:
    return ((-d if mirrored else d) + rotation) % 6


def oriented_elements(piece: str | int, rotation: int, mirrored: bool) -> tuple[Element, ...]:
    """The piece's elements after mirroring (top <-> bottom) and then rotating counter-clockwise."""
    if isinstance(rotation, bool) or not isinstance(rotation, int) or not 0 <= rotation < 6:
        raise ValueError(f"rotation must be an int in 0..5, got {rotation!r}")
    if not isinstance(mirrored, bool):
        raise ValueError(f"mirrored must be a bool, got {mirrored!r}")
    out = []
    for e in PIECES[piece_index(piece)].elements:
        q, r = mirror(e.dq, e.dr) if mirrored else (e.dq, e.dr)
        q, r = rotate(q, r, rotation)
        out.append(Element(q, r, e.kind, tuple(sorted(_turn_dir(d, rotation, mirrored)
                                                      for d in e.dirs))))
    return tuple(out)


def internal_directions(elements: tuple[Element, ...], i: int) -> tuple[int, ...]:
    """Directions from element ``i`` towards the elements it is joined to (ends join the middle)."""
    joined = (1,) if i != 1 else (0, 2)
    e = elements[i]
    out = []
    for j in joined:
        dq, dr = elements[j].dq - e.dq, elements[j].dr - e.dr
        out.append(DIRECTIONS.index((dq, dr)))
    return tuple(sorted(out))


def census() -> dict[str, int]:
    """Numbers of balls, open rings (sockets) and circles over all pieces (16 / 14 / 6)."""
    counts = {name: 0 for name in KIND_NAMES}
    for p in PIECES:
        for e in p.elements:
            counts[KIND_NAMES[e.kind]] += 1
    return counts
