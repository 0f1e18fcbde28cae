"""The one drawing of a logic-grid puzzle: the slides' staircase of subgrids with X / O marks,
slanted column headers (they never overlap) and the clue list, as a board scene (SVG on the
board, PNG through ``scene_png``); and the same staircase as fixed-width text.

Ids: ``cell-<x>-<y>`` (the cell between global entities x and y, ``data-mark`` = "", "X" or
"O"), ``clue-<k>`` (clue k + 1, ``data-highlight="1"`` when a hint used it, ``data-crossed="1"``
when the reader crossed it off).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np

from puzzles.core.board import Scene
from puzzles.logicgrid.hints import Hint, text
from puzzles.logicgrid.model import Space

MARKS = {0: "", 1: "X", 2: "O"}
CELL = 26  # px
CHAR = 7.0  # px per character at font size 12, for the label margins
CLUE_ROW = 20  # px per clue line
TITLE_ROW = 24  # px for a title line


def layout(space: Space) -> tuple[list[int], list[int]]:
    """Column and row categories of the slides' staircase (rows: last category first)."""
    cols = list(range(space.n - 1))
    rows = [space.n - 1] + list(range(space.n - 2, 0, -1))
    return cols, rows


def cells(space: Space) -> list[tuple[int, int, int, int]]:
    """Every drawn cell as (row position, column position, row entity, column entity)."""
    cols, rows = layout(space)
    m = space.m
    out = []
    for gi, rc in enumerate(rows):
        for gj, cc in enumerate(cols[:space.n - 1 - gi]):
            for i in range(m):
                for j in range(m):
                    out.append((gi * m + i, gj * m + j, rc * m + i, cc * m + j))
    return out


@dataclass(frozen=True)
class _Frame:
    """Where the grid sits: the left and top margins (labels), the grid's width in cells."""

    x0: float
    y0: float
    width: int


def _headers(sc: Scene, space: Space, f: _Frame) -> None:
    cols, rows = layout(space)
    for gj, cc in enumerate(cols):
        for j, e in enumerate(space.categories[cc].entities):
            x = f.x0 + (gj * space.m + j) * CELL + CELL / 2
            sc.text(x, f.y0 - 6, e, size=12, anchor="start", dominant_baseline="auto",
                    transform=f"rotate(-60 {x:.1f} {f.y0 - 6:.1f})")
    for gi, rc in enumerate(rows):
        for i, e in enumerate(space.categories[rc].entities):
            sc.text(f.x0 - 6, f.y0 + (gi * space.m + i) * CELL + CELL / 2, e, size=12,
                    anchor="end")


def _cells(sc: Scene, space: Space, f: _Frame, marks, hot: set, selected: set,
           wrong: set) -> None:
    for r, c, x, y in cells(space):
        v = int(marks[x][y])
        cx, cy = f.x0 + c * CELL, f.y0 + r * CELL
        sel = (x, y) in selected
        fill = "#f4b6b6" if (x, y) in wrong else "#fff6c2" if (x, y) in hot else "#ffffff"
        with sc.group(id=f"cell-{x}-{y}", data_mark=MARKS[v]):
            sc.rect(cx, cy, CELL, CELL, fill=fill, stroke="#4aa3ff" if sel else "#999999",
                    stroke_width=2.5 if sel else 0.5)
            if v:
                sc.text(cx + CELL / 2, cy + CELL / 2, MARKS[v], size=15, font_weight="bold",
                        fill="#c0392b" if v == 2 else "#34495e")
    m = space.m
    for gi in range(space.n - 1):
        for gj in range(space.n - 1 - gi):
            sc.rect(f.x0 + gj * m * CELL, f.y0 + gi * m * CELL, m * CELL, m * CELL,
                    fill="none", stroke="#000000", stroke_width=1.6, pointer_events="none")


def _clues(sc: Scene, lines: Sequence[str], top: float, width: float, hot: int | None,
           crossed: Collection[int]) -> None:
    for k, t in enumerate(lines):
        y = top + CLUE_ROW * k
        struck = k in crossed
        with sc.group(id=f"clue-{k}", data_highlight="1" if k == hot else "0",
                      data_crossed="1" if struck else "0"):
            if k == hot:
                sc.rect(2, y - 9, width, 18, fill="#fff6c2", stroke="#e8710a")
            sc.text(8, y, t, size=12, anchor="start", font_weight="bold" if k == hot else None,
                    fill="#999999" if struck else "#000000")
            if struck:
                sc.line(6, y, 10 + CHAR * len(t), y, stroke="#999999", stroke_width=1)


@dataclass(frozen=True)
class Highlights:
    """What a grid scene points out: the hot cell and clue, the selection, the crossed-off
    clues and the wrong marks."""

    cell: tuple[int, int] | None = None
    clue: int | None = None
    selected: tuple[int, int] | None = None
    crossed: Collection[int] = ()
    wrong: Collection[tuple[int, int]] = ()


# A module-level default, so older linters do not read the call in the signature as mutable.
NO_HIGHLIGHTS = Highlights()


def grid_scene(space: Space, marks, hints: Sequence[Hint], show: Highlights = NO_HIGHLIGHTS,
               title: str = "") -> Scene:
    """The staircase with ``marks`` (``marks[x][y]``: 0 blank, 1 X, 2 O), the clues below it,
    ``show``'s highlights and ``title`` above it."""
    highlight_cell, highlight_clue, selected = show.cell, show.clue, show.selected
    crossed, wrong = show.crossed, show.wrong
    cols, rows = layout(space)
    label_w = CHAR * max(len(e) for c in rows for e in space.categories[c].entities) + 12
    head_len = CHAR * max(len(e) for c in cols for e in space.categories[c].entities)
    top = TITLE_ROW if title else 0
    f = _Frame(label_w, top + head_len * math.sin(math.radians(60)) + 14, len(cols) * space.m)
    lines = [f"{k + 1}. {text(space, h)}" for k, h in enumerate(hints)]
    clue_w = 12 + CHAR * max((len(t) for t in lines + [title]), default=0)
    sc = Scene(max(f.x0 + f.width * CELL + head_len * 0.5 + 10, clue_w),
               f.y0 + f.width * CELL + 16 + CLUE_ROW * len(hints) + 8)
    if title:
        sc.text(8, TITLE_ROW / 2, title, size=13, anchor="start", font_weight="bold")

    def both(pair: tuple[int, int] | None) -> set:
        return set() if pair is None else {pair, pair[::-1]}

    _headers(sc, space, f)
    _cells(sc, space, f, marks, both(highlight_cell), both(selected),
           {p for w in wrong for p in both(w)})
    _clues(sc, lines, f.y0 + f.width * CELL + 20, clue_w, highlight_clue, crossed)
    return sc


def blank(space: Space) -> np.ndarray:
    """An empty grid of marks."""
    nm = space.n * space.m
    return np.zeros((nm, nm), dtype=np.int8)


def grid_text(space: Space, grid: np.ndarray) -> str:
    """The staircase grid as fixed-width text (first letters of the entities as headers)."""
    cols, rows = layout(space)
    m = space.m
    heads = [space.categories[c].entities[j][:2] for c in cols for j in range(m)]
    label_w = max(len(e) for c in rows for e in space.categories[c].entities)
    lines = [" " * (label_w + 1) + " ".join(f"{h:>2}" for h in heads)]
    for gi, rc in enumerate(rows):
        for i, e in enumerate(space.categories[rc].entities):
            x = rc * m + i
            marks = []
            for cc in cols[:space.n - 1 - gi]:
                marks += [MARKS[int(grid[x, cc * m + j])] or "." for j in range(m)]
            lines.append(f"{e:>{label_w}} " + " ".join(f"{v:>2}" for v in marks))
    return "\n".join(lines)
