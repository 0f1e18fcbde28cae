"""SVG scene of a logic-grid puzzle for the shared board widget: the slides' staircase of
subgrids with X / O marks, slanted column headers (they never overlap) and the clue list.

Ids: ``cell-<x>-<y>`` (the cell between global entities x and y, ``data-mark`` = "", "X" or
"O"), ``clue-<k>`` (clue k + 1, ``data-highlight="1"`` when a hint used it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from puzzles.core.board import Scene
from puzzles.logicgrid.hints import Hint, text
from puzzles.logicgrid.model import Space
from puzzles.logicgrid.render import MARKS, cells, layout

CELL = 26  # px
CHAR = 7.0  # px per character at font size 12, for the label margins


def grid_scene(space: Space, marks: np.ndarray, hints: Sequence[Hint],
               highlight_cell: tuple[int, int] | None = None, highlight_clue: int | None = None,
               selected: tuple[int, int] | None = None) -> Scene:
    """The staircase with ``marks`` (0 blank, 1 X, 2 O), the clue list below it."""
    cols, rows = layout(space)
    m = space.m
    width = len(cols) * m
    label_w = CHAR * max(len(e) for c in rows for e in space.categories[c].entities) + 12
    head_len = CHAR * max(len(e) for c in cols for e in space.categories[c].entities)
    head_h = head_len * math.sin(math.radians(60)) + 14
    clue_texts = [f"{k + 1}. {text(space, h)}" for k, h in enumerate(hints)]
    x0, y0 = label_w, head_h
    grid_w = x0 + width * CELL + head_len * 0.5 + 10
    clue_w = 12 + CHAR * max((len(t) for t in clue_texts), default=0)
    sc = Scene(max(grid_w, clue_w), y0 + width * CELL + 16 + 20 * len(hints) + 8)
    for gj, cc in enumerate(cols):
        for j, e in enumerate(space.categories[cc].entities):
            x = x0 + (gj * m + j) * CELL + CELL / 2
            sc.text(x, y0 - 6, e, size=12, anchor="start", dominant_baseline="auto",
                    transform=f"rotate(-60 {x:.1f} {y0 - 6:.1f})")
    for gi, rc in enumerate(rows):
        for i, e in enumerate(space.categories[rc].entities):
            sc.text(x0 - 6, y0 + (gi * m + i) * CELL + CELL / 2, e, size=12, anchor="end")
    for r, c, x, y in cells(space):
        v = int(marks[x, y])
        hot = highlight_cell in ((x, y), (y, x))
        sel = selected in ((x, y), (y, x))
        cx, cy = x0 + c * CELL, y0 + r * CELL
        with sc.group(id=f"cell-{x}-{y}", data_mark=MARKS[v]):
            sc.rect(cx, cy, CELL, CELL, fill="#fff6c2" if hot else "#ffffff",
                    stroke="#4aa3ff" if sel else "#999999", stroke_width=2.5 if sel else 0.5)
            if v:
                sc.text(cx + CELL / 2, cy + CELL / 2, MARKS[v], size=15, font_weight="bold",
                        fill="#c0392b" if v == 2 else "#34495e")
    for gi in range(len(rows)):
        for gj in range(space.n - 1 - gi):
            sc.rect(x0 + gj * m * CELL, y0 + gi * m * CELL, m * CELL, m * CELL, fill="none",
                    stroke="#000000", stroke_width=1.6, pointer_events="none")
    ty = y0 + width * CELL + 20
    for k, t in enumerate(clue_texts):
        hot = k == highlight_clue
        with sc.group(id=f"clue-{k}", data_highlight="1" if hot else "0"):
            if hot:
                sc.rect(2, ty + 20 * k - 9, clue_w, 18, fill="#fff6c2", stroke="#e8710a")
            sc.text(8, ty + 20 * k, t, size=12, anchor="start",
                    font_weight="bold" if hot else None)
    return sc
