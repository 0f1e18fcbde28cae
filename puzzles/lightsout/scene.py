"""The one drawing of a Lights Out state, as a core ``Scene`` (the board, a picture, a test)."""

from __future__ import annotations

from puzzles.core.board import Key, Scene
from puzzles.core.game import View
from puzzles.lightsout.model import CELLS, SIZE

CELL_PX = 40
LIT, DARK, HINT, EDGE = "#f5d142", "#333333", "#d62728", "#888888"


def draw(state: int, view: View) -> Scene:
    """Lit cells yellow, the hinted cell framed red; the ``n`` toggle shows the cell numbers."""
    side = SIZE * CELL_PX + 8
    sc = Scene(side, side)
    for cell in range(CELLS):
        r, c = divmod(cell, SIZE)
        lit = bool(state >> cell & 1)
        hinted = view.hint == cell
        sc.rect(4 + c * CELL_PX, 4 + r * CELL_PX, CELL_PX - 2, CELL_PX - 2, id=f"cell-{cell}",
                fill=LIT if lit else DARK, stroke=HINT if hinted else EDGE,
                stroke_width=3 if hinted else 1)
        if "n" in view.toggles:
            sc.text(23 + c * CELL_PX, 23 + r * CELL_PX, cell + 1,
                    fill="#000000" if lit else "#ffffff")
    return sc


def legend() -> list[Key]:
    """What the two cell colours mean."""
    return [Key(LIT, "", "a lit cell"), Key(DARK, "", "a dark cell")]
