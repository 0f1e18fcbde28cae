"""SVG scene of an IQ-Link board for the shared board widget (the paper's hex-cell picture).

Ids: ``peg-<p>`` (the dot on peg p: click to drop the selected piece there), ``piece-<i>``
(a placed piece: click to take it off), ``given-<i>`` (a given piece: a click says it stays),
``tray-<i>`` (a piece in the tray, drawn as it lies: click to pick it). Pegs where the
selected piece in its current orientation can go carry ``data-legal="1"``, and a hidden
preview of the piece there (``data-preview="peg-<p>"``) that the board shows while the peg is
hovered or focused; a hinted placement is drawn faint with a red outline (``data-hint``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cache
from typing import NamedTuple

from puzzles.core.board import Scene
from puzzles.iqlink.board import (
    N_PEGS,
    N_SLOTS,
    cell_xy,
    hexagon,
    peg_cell,
    slot_cell,
    unreachable_cells,
)
from puzzles.iqlink.pieces import BALL, PIECE_NAMES, PIECES
from puzzles.iqlink.placements import (
    Placement,
    element_pegs,
    kinds_at,
    make_placement,
    on_board,
    slot_matrix,
    table,
)

S = 13.0  # px per unit of the hex picture (a hex cell has radius 1)
GIVEN_MARK = "#555555"  # the given pieces' outline (they keep their colours)
HINT = "#d62728"
TRAY_ROW = 64  # px per tray piece
TRAY_S = 5.0  # px per hex unit in the tray


class Hand(NamedTuple):
    """The piece in hand (or None) and its orientation, with the orientation in words."""

    piece: int | None = None
    rotation: int = 0
    mirrored: bool = False
    words: str = ""


EMPTY_HAND = Hand()


def _frame() -> tuple[float, float, float, float]:
    xs, ys = zip(*(cell_xy(*slot_cell(s)) for s in range(N_SLOTS)), strict=True)
    return min(xs) - 1.5, max(ys) + 1.5, max(xs) + 1.5, min(ys) - 1.5


def _xy(x: float, y: float) -> tuple[float, float]:
    x0, y_top, _, _ = _frame()
    return (x - x0) * S + 8, (y_top - y) * S + 8


def _hex(sc: Scene, q: int, r: int, **attrs) -> None:
    sc.polygon([_xy(x, y) for x, y in hexagon(q, r)], **attrs)


def _cells_of(pl: Placement) -> list[tuple[int, int]]:
    t, sm = table(), slot_matrix()
    return [slot_cell(int(s)) for s in sm[t.id_of(pl)].nonzero()[0]]


def _pieces(sc: Scene, given: list[Placement], placed: Sequence[Placement]) -> None:
    for pl in given + list(placed):
        is_given = pl in given
        name = PIECE_NAMES[pl.piece]
        cells = _cells_of(pl)
        with sc.group(id=f"{'given' if is_given else 'piece'}-{pl.piece}", data_name=name,
                      data_given="1" if is_given else None,
                      aria_label=f"{name}, given: it stays" if is_given
                      else f"{name}, placed: click to take it off"):
            for c in cells:
                _hex(sc, *c, fill=PIECES[pl.piece].colour, stroke=GIVEN_MARK if is_given
                     else "#555555", stroke_width=1.4 if is_given else 0.6)
            kinds = kinds_at(pl)
            for peg in element_pegs(pl):
                if kinds[peg] == BALL:
                    sc.circle(*_xy(*cell_xy(*peg_cell(peg))), 0.45 * S, fill="none",
                              stroke="#ffffff", stroke_width=1.5)
            if is_given:  # not by colour alone: a G on the given piece's first element
                x, y = _xy(*cell_xy(*peg_cell(element_pegs(pl)[0])))
                sc.circle(x, y, 0.5 * S, fill="#ffffff", stroke=GIVEN_MARK)
                sc.text(x, y, "G", size=9, fill="#000000", font_weight="bold",
                        pointer_events="none")


def _hint(sc: Scene, pl: Placement) -> None:
    with sc.group(data_hint=PIECE_NAMES[pl.piece], pointer_events="none"):
        for c in _cells_of(pl):
            _hex(sc, *c, fill=PIECES[pl.piece].colour, fill_opacity=0.45,
                 stroke=HINT, stroke_width=1.5)


def _pegs(sc: Scene, legal: set[int]) -> None:
    for p in range(N_PEGS):
        x, y = _xy(*cell_xy(*peg_cell(p)))
        ok = p in legal
        sc.circle(x, y, 0.32 * S, id=f"peg-{p}", fill="#2ca02c" if ok else "#333333",
                  fill_opacity=0.85 if ok else 0.35, stroke="#2ca02c" if ok else "none",
                  stroke_width=3 if ok else 0, data_legal="1" if ok else "0",
                  aria_label=f"peg {p}" + (": the piece in hand fits here" if ok else ""))
        # the peg's number on a small white badge, readable whatever lies under it
        w = 6 + 5.5 * len(str(p))
        sc.rect(x - w / 2, y + 0.85 * S - 6, w, 12, rx=3, fill="#ffffff", fill_opacity=0.9,
                pointer_events="none")
        sc.text(x, y + 0.85 * S, p, size=9, fill="#1a1a1a", pointer_events="none")


def _previews(sc: Scene, hand: Hand, legal: Iterable[int]) -> None:
    """The piece in hand at each legal peg, hidden until the peg is hovered or focused."""
    if hand.piece is None:
        return
    for p in sorted(legal):
        pl = make_placement(hand.piece, p, hand.rotation, hand.mirrored)
        with sc.group(data_preview=f"peg-{p}", pointer_events="none"):
            for c in _cells_of(pl):
                _hex(sc, *c, fill=PIECES[hand.piece].colour, fill_opacity=0.7,
                     stroke="#000000", stroke_width=1.2, visibility="hidden")


@cache
def _shape(piece: int, rotation: int, mirrored: bool) -> tuple[tuple[float, float], ...]:
    """The hex centres of a piece as it lies, relative to their middle (for the tray)."""
    for peg in range(N_PEGS):
        pl = make_placement(piece, peg, rotation, mirrored)
        if on_board(pl):
            pts = [cell_xy(*c) for c in _cells_of(pl)]
            mx = (min(x for x, _ in pts) + max(x for x, _ in pts)) / 2
            my = (min(y for _, y in pts) + max(y for _, y in pts)) / 2
            return tuple((x - mx, y - my) for x, y in pts)
    raise ValueError(f"{PIECE_NAMES[piece]} fits nowhere as rotation {rotation}")


def _tray(sc: Scene, x: float, tray: Sequence[int], hand: Hand) -> None:
    sc.text(x, 14, "tray (click a piece, then r / f):" if tray else "tray empty", size=12,
            anchor="start")
    for k, i in enumerate(tray):
        y = 26 + TRAY_ROW * k
        sel = i == hand.piece
        shape = _shape(i, hand.rotation, hand.mirrored) if sel else _shape(i, 0, False)
        with sc.group(id=f"tray-{i}", data_name=PIECE_NAMES[i],
                      data_selected="1" if sel else "0",
                      aria_label=f"tray: {PIECE_NAMES[i]}" + (f", in hand, {hand.words}"
                                                              if sel else "")):
            sc.rect(x, y, 200, TRAY_ROW - 6, rx=4, fill="#ffffff",
                    stroke="#000000" if sel else "#999999", stroke_width=3 if sel else 1)
            cx, cy = x + 40, y + (TRAY_ROW - 6) / 2
            for dx, dy in shape:
                sc.polygon([(cx + (dx + math.cos(math.radians(30 + 60 * j))) * TRAY_S,
                             cy - (dy + math.sin(math.radians(30 + 60 * j))) * TRAY_S)
                            for j in range(6)], fill=PIECES[i].colour, stroke="#555555",
                           stroke_width=0.5)
            sc.text(x + 82, cy - (7 if sel else 0), PIECE_NAMES[i], size=12, anchor="start",
                    fill="#000000", font_weight="bold" if sel else None)
            if sel:
                sc.text(x + 82, cy + 9, hand.words or "in hand", size=10, anchor="start",
                        fill="#000000")


def board_scene(placed: Sequence[Placement], given: Iterable[Placement] = (),
                tray: Sequence[int] = (), hand: Hand = EMPTY_HAND,
                legal: Iterable[int] = (), hint: Placement | None = None) -> Scene:
    """The board with givens (in their colours, marked G), placed pieces (clickable), the
    hinted placement, peg dots (legal ones green, each with a hidden preview of the piece in
    hand) and, to the right, the tray of pieces still to place, each drawn as it lies."""
    x0, y_top, x1, y_bot = _frame()
    board_w, board_h = (x1 - x0) * S + 16, (y_top - y_bot) * S + 16
    sc = Scene(board_w + 220, max(board_h, 40 + TRAY_ROW * len(tray) + 20))
    for s in range(N_SLOTS):
        _hex(sc, *slot_cell(s), fill="#f1f1f1", stroke="#c8c8c8", stroke_width=0.5)
    for c in unreachable_cells():
        _hex(sc, *c, fill="#222222", stroke="#222222")
    for p in range(N_PEGS):
        _hex(sc, *peg_cell(p), fill="#f6e27a", stroke="#c8c8c8", stroke_width=0.5)
    _pieces(sc, list(given), placed)
    if hint is not None:
        _hint(sc, hint)
    legal = set(legal)
    _pegs(sc, legal)
    _previews(sc, hand, legal)
    _tray(sc, board_w + 10, tray, hand)
    return sc
