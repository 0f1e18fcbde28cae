"""SVG scene of an IQ-Link board for the shared board widget (the paper's hex-cell picture).

Ids: ``peg-<p>`` (the dot on peg p: click to drop the selected piece there), ``piece-<i>``
(a placed piece: click to take it off), ``tray-<i>`` (a piece in the tray: click to pick it).
Pegs where the selected piece in its current orientation can go carry ``data-legal="1"``; a
hinted placement is drawn faint with a red outline (``data-hint``, not clickable).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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
from puzzles.iqlink.placements import Placement, element_pegs, kinds_at, slot_matrix, table

S = 13.0  # px per unit of the hex picture (a hex cell has radius 1)
GIVEN = "#9a9a9a"
HINT = "#d62728"


def _frame() -> tuple[float, float, float, float]:
    xs, ys = zip(*(cell_xy(*slot_cell(s)) for s in range(N_SLOTS)), strict=True)
    return min(xs) - 1.5, max(ys) + 1.5, max(xs) + 1.5, min(ys) - 1.5


def _xy(x: float, y: float) -> tuple[float, float]:
    x0, y_top, _, _ = _frame()
    return (x - x0) * S + 8, (y_top - y) * S + 8


def _hex(sc: Scene, q: int, r: int, **attrs) -> None:
    sc.polygon([_xy(x, y) for x, y in hexagon(q, r)], **attrs)


def _pieces(sc: Scene, given: list[Placement], placed: Sequence[Placement]) -> None:
    t, sm = table(), slot_matrix()
    for pl in given + list(placed):
        is_given = pl in given
        cells = [slot_cell(int(s)) for s in sm[t.id_of(pl)].nonzero()[0]]
        with sc.group(id=None if is_given else f"piece-{pl.piece}",
                      data_name=PIECE_NAMES[pl.piece], data_given="1" if is_given else None):
            for c in cells:
                _hex(sc, *c, fill=GIVEN if is_given else PIECES[pl.piece].colour,
                     stroke="#555555", stroke_width=0.6)
            kinds = kinds_at(pl)
            for peg in element_pegs(pl):
                if kinds[peg] == BALL:
                    sc.circle(*_xy(*cell_xy(*peg_cell(peg))), 0.45 * S, fill="none",
                              stroke="#ffffff", stroke_width=1.5)


def _hint(sc: Scene, pl: Placement) -> None:
    t, sm = table(), slot_matrix()
    with sc.group(data_hint=PIECE_NAMES[pl.piece], pointer_events="none"):
        for s in sm[t.id_of(pl)].nonzero()[0]:
            _hex(sc, *slot_cell(int(s)), fill=PIECES[pl.piece].colour, fill_opacity=0.45,
                 stroke=HINT, stroke_width=1.5)


def _pegs(sc: Scene, legal: set[int]) -> None:
    for p in range(N_PEGS):
        x, y = _xy(*cell_xy(*peg_cell(p)))
        ok = p in legal
        sc.circle(x, y, 0.32 * S, id=f"peg-{p}", fill="#2ca02c" if ok else "#333333",
                  fill_opacity=0.85 if ok else 0.35, stroke="#2ca02c" if ok else "none",
                  stroke_width=3 if ok else 0, data_legal="1" if ok else "0")
        sc.text(x, y + 0.85 * S, p, size=9, fill="#555555", pointer_events="none")


def _tray(sc: Scene, x: float, tray: Sequence[int], selected: int | None,
          orientation: str) -> None:
    sc.text(x, 14, "tray (click, then r / f):" if tray else "tray empty", size=12,
            anchor="start")
    for k, i in enumerate(tray):
        y = 28 + 26 * k
        sel = i == selected
        with sc.group(id=f"tray-{i}", data_name=PIECE_NAMES[i],
                      data_selected="1" if sel else "0"):
            sc.rect(x, y, 170, 22, rx=4, fill=PIECES[i].colour,
                    stroke="#000000" if sel else "#777777", stroke_width=3 if sel else 1)
            sc.text(x + 8, y + 11, PIECE_NAMES[i] + (f"  {orientation}" if sel else ""),
                    size=12, anchor="start", fill="#000000" if PIECES[i].colour > "#8" else
                    "#ffffff")


def board_scene(placed: Sequence[Placement], given: Iterable[Placement] = (),
                tray: Sequence[int] = (), selected: int | None = None,
                legal: Iterable[int] = (), orientation: str = "",
                hint: Placement | None = None) -> Scene:
    """The board with givens (grey), placed pieces (coloured, clickable), the hinted placement,
    peg dots (legal ones ringed green) and, to the right, the tray of pieces still to place."""
    x0, y_top, x1, y_bot = _frame()
    board_w, board_h = (x1 - x0) * S + 16, (y_top - y_bot) * S + 16
    sc = Scene(board_w + 190, max(board_h, 40 + 26 * len(tray) + 40))
    for s in range(N_SLOTS):
        _hex(sc, *slot_cell(s), fill="#f1f1f1", stroke="#c8c8c8", stroke_width=0.5)
    for c in unreachable_cells():
        _hex(sc, *c, fill="#222222", stroke="#222222")
    for p in range(N_PEGS):
        _hex(sc, *peg_cell(p), fill="#f6e27a", stroke="#c8c8c8", stroke_width=0.5)
    _pieces(sc, list(given), placed)
    if hint is not None:
        _hint(sc, hint)
    _pegs(sc, set(legal))
    _tray(sc, board_w + 10, tray, selected, orientation)
    return sc
