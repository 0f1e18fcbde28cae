"""Drawing logic-grid puzzles as in the slides: a staircase of subgrids with X and O marks."""

from __future__ import annotations

import html
from collections.abc import Sequence

import matplotlib.pyplot as plt
import numpy as np

from puzzles.logicgrid.hints import Hint, text
from puzzles.logicgrid.model import Space

MARKS = {0: "", 1: "X", 2: "O"}


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


def draw_grid(space: Space, grid: np.ndarray | None = None, hints: Sequence[Hint] = (),
              title: str | None = None, highlight: set[tuple[int, int]] | None = None):
    """A matplotlib figure of the grid (cell states 0/1/2 between global entities) and clues."""
    nm = space.n * space.m
    grid = np.zeros((nm, nm), dtype=np.int8) if grid is None else np.asarray(grid)
    if grid.shape != (nm, nm):
        raise ValueError(f"grid must have shape ({nm}, {nm}), got {grid.shape}")
    cols, rows = layout(space)
    m = space.m
    width = len(cols) * m
    extra = 0.35 * len(hints)
    fig, ax = plt.subplots(figsize=(2.2 + 0.42 * width, 2.2 + 0.42 * width + extra))
    for r, c, x, y in cells(space):
        face = "#fff6c2" if highlight and ((x, y) in highlight or (y, x) in highlight) else "white"
        ax.add_patch(plt.Rectangle((c, -r - 1), 1, 1, facecolor=face, edgecolor="#999", lw=0.5))
        mark = MARKS[int(grid[x, y])]
        if mark:
            ax.text(c + 0.5, -r - 0.5, mark, ha="center", va="center", fontsize=11,
                    color="#c0392b" if mark == "O" else "#34495e", fontweight="bold")
    for gi in range(len(rows)):
        ngroups = space.n - 1 - gi
        for gj in range(ngroups):
            ax.add_patch(plt.Rectangle((gj * m, -(gi + 1) * m), m, m, fill=False, lw=1.6))
    for gj, cc in enumerate(cols):
        for j, e in enumerate(space.categories[cc].entities):
            ax.text(gj * m + j + 0.5, 0.15, e, rotation=60, ha="left", va="bottom", fontsize=8)
    for gi, rc in enumerate(rows):
        for i, e in enumerate(space.categories[rc].entities):
            ax.text(-0.15, -(gi * m + i) - 0.5, e, ha="right", va="center", fontsize=8)
    for k, h in enumerate(hints):
        ax.text(-3.5, -width - 0.8 - 0.7 * k, f"{k + 1}. {text(space, h)}", fontsize=8,
                ha="left", va="top")
    ax.set_xlim(-3.6, width + 0.2)
    ax.set_ylim(-width - 1.0 - 0.7 * len(hints), 3.2)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=10)
    return fig


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


def clues_html(space: Space, hints: Sequence[Hint], done: Sequence[bool] = ()) -> str:
    """The clue list as an HTML ordered list (clues marked done are struck through)."""
    items = []
    for k, h in enumerate(hints):
        t = html.escape(text(space, h))
        items.append(f"<li><s>{t}</s></li>" if k < len(done) and done[k] else f"<li>{t}</li>")
    return "<ol>" + "".join(items) + "</ol>"
