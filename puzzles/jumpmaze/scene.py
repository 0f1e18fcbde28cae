"""SVG scene of a rook jumping maze for the shared board widget, in the report's style: dark
cells, the jump as a big white number, the BFS depth as a small yellow number, the goal white.

Ids: ``cell-<r>-<c>``; attributes ``data-jump``, ``data-depth`` and ``data-role`` (``here``,
``legal``, ``visited``, ``selected`` or ``plain``) let tests read the board.
"""

from __future__ import annotations

from collections.abc import Iterable

from puzzles.core.board import Scene
from puzzles.jumpmaze import model
from puzzles.jumpmaze.render import CELL_BG, DEPTH_FG, GOAL_BG, GOAL_DEPTH_FG, PATH_BG

CELL = 46  # px


def maze_scene(grid: object, position: tuple[int, int] = (0, 0),
               visited: Iterable[tuple[int, int]] = (), legal: Iterable[tuple[int, int]] = (),
               show_depths: bool = True, selected: tuple[int, int] | None = None) -> Scene:
    """The maze with the player's cell (red frame), legal jumps (green frame), the visited
    cells (olive) and, when asked, every cell's depth; ``selected`` = the cell being edited."""
    ev = model.evaluate(grid)
    arr = model.validate_grid(grid)
    n = ev.n
    seen, legal = set(map(tuple, visited)), set(map(tuple, legal))
    sc = Scene(n * CELL + 8, n * CELL + 8)
    for r in range(n):
        for c in range(n):
            goal = (r, c) == (n - 1, n - 1)
            role = ("here" if (r, c) == position else "selected" if (r, c) == selected
                    else "legal" if (r, c) in legal else "visited" if (r, c) in seen
                    else "plain")
            x, y = 4 + c * CELL, 4 + r * CELL
            frame = {"here": "#ff5050", "selected": "#4aa3ff", "legal": "#3ddc84"}.get(role)
            with sc.group(id=f"cell-{r}-{c}", data_jump="G" if goal else str(arr[r, c]),
                          data_depth=str(ev.depths[r, c]), data_role=role):
                sc.rect(x, y, CELL, CELL, fill=GOAL_BG if goal else
                        (PATH_BG if (r, c) in seen else CELL_BG), stroke="#111111")
                if frame:
                    sc.rect(x + 2, y + 2, CELL - 4, CELL - 4, fill="none", stroke=frame,
                            stroke_width=3)
                if goal:
                    sc.text(x + CELL / 2, y + CELL * 0.42, "G", size=20, fill="#000000",
                            font_weight="bold")
                else:
                    sc.text(x + 6, y + 15, arr[r, c], size=18, anchor="start",
                            fill="#ffffff", font_weight="bold")
                if show_depths:
                    sc.text(x + CELL - 5, y + CELL - 10, ev.depths[r, c], size=12,
                            anchor="end", fill=GOAL_DEPTH_FG if goal else DEPTH_FG,
                            font_weight="bold")
    return sc
