"""The one drawing of a rook jumping maze: an SVG scene for the shared board and, through
``scene_png``, every board picture of the notebook (:func:`picture`), in the report's style:
dark cells, the jump as a big white number, the BFS depth as a small yellow number, the goal
white with a black G and its depth, the score, in blue.

Ids: ``cell-<r>-<c>``; attributes ``data-jump``, ``data-depth`` and ``data-role`` (``here``,
``hint``, ``selected``, ``legal``, ``visited`` or ``plain``) let tests read the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from puzzles.core.board import Scene
from puzzles.jumpmaze import model

CELL = 46  # px
CELL_BG = "#3b3b4f"
GOAL_BG = "#ffffff"
DEPTH_FG = "#ffd400"
GOAL_DEPTH_FG = "#1f5fd6"
PATH_BG = "#5a6f3b"
FRAMES = {"here": "#ff5050", "hint": "#4aa3ff", "selected": "#4aa3ff", "legal": "#3ddc84"}
ROLE_WORDS = {"here": "you are here", "hint": "the hint", "selected": "being edited",
              "legal": "a legal jump", "visited": "visited"}


def _role(cell: tuple[int, int], position: object, hint: object, selected: object,
          legal: set, seen: set) -> str:
    if cell == position:
        return "here"
    if cell == hint:
        return "hint"
    if cell == selected:
        return "selected"
    return "legal" if cell in legal else "visited" if cell in seen else "plain"


def maze_scene(grid: object, position: tuple[int, int] = (0, 0),
               visited: Iterable[tuple[int, int]] = (), legal: Iterable[tuple[int, int]] = (),
               show_depths: bool = True, selected: tuple[int, int] | None = None,
               hint: tuple[int, int] | None = None) -> Scene:
    """The maze with the player's cell (red frame), legal jumps (green), the hinted jump and
    the cell being edited (blue), the visited cells (olive) and, when asked, every depth."""
    n = model.validate_grid(grid).shape[0]
    m = LABELS  # row numbers on the left, column numbers on top: cells are named (r, c)
    sc = Scene(n * CELL + m + 6, n * CELL + m + 6)
    for i in range(n):
        sc.text(m + i * CELL + CELL / 2, m / 2, i, size=12, aria_hidden="true")
        sc.text(m / 2, m + i * CELL + CELL / 2, i, size=12, aria_hidden="true")
    draw_maze(sc, grid, (m, m), Marks(position, frozenset(map(tuple, visited)),
                                      frozenset(map(tuple, legal)), selected,
                                      None if hint is None else tuple(hint)), show_depths)
    return sc


LABELS = 20  # px of the row and column numbers


class Marks(NamedTuple):
    """What the player sees on the maze: its cell, the cells visited, its legal jumps, the cell
    being edited and the hinted jump."""

    position: tuple[int, int] | None = None
    seen: frozenset = frozenset()
    legal: frozenset = frozenset()
    selected: tuple[int, int] | None = None
    hint: tuple[int, int] | None = None


def draw_maze(sc: Scene, grid: object, origin: tuple[float, float], marks: Marks | None = None,
              show_depths: bool = True) -> None:
    """Draw ``grid`` into ``sc`` with its top-left corner at ``origin`` (``marks``: what the
    player sees; none on a picture)."""
    marks = marks or Marks()
    ev = model.evaluate(grid)
    arr = model.validate_grid(grid)
    n = ev.n
    for r in range(n):
        for c in range(n):
            goal = (r, c) == (n - 1, n - 1)
            role = _role((r, c), marks.position, marks.hint, marks.selected, marks.legal,
                         marks.seen)
            x, y = origin[0] + c * CELL, origin[1] + r * CELL
            with sc.group(id=f"cell-{r}-{c}", data_jump="G" if goal else str(arr[r, c]),
                          data_depth=str(ev.depths[r, c]), data_role=role,
                          aria_label=f"cell ({r}, {c}): " + ("goal" if goal else
                                                             f"jump {arr[r, c]}")
                          + ("" if role == "plain" else f", {ROLE_WORDS[role]}")):
                sc.rect(x, y, CELL, CELL, fill=GOAL_BG if goal else
                        (PATH_BG if (r, c) in marks.seen else CELL_BG), stroke="#111111")
                if role in FRAMES:
                    sc.rect(x + 2, y + 2, CELL - 4, CELL - 4, fill="none", stroke=FRAMES[role],
                            stroke_width=3)
                _cell_text(sc, x, y, "G" if goal else arr[r, c],
                           ev.depths[r, c] if show_depths else None, goal)


TITLE = 28  # px above each maze of a picture


def picture(panels: Sequence[tuple[object, str]], cols: int) -> Scene:
    """Several mazes report-style (depths shown), each under its title, ``cols`` to a row:
    the notebook's board pictures (``scene_png`` makes the PNG)."""
    sizes = [model.validate_grid(g).shape[0] * CELL for g, _ in panels]
    widths = [max(sizes[j::cols]) + 16 for j in range(min(cols, len(sizes)))]
    heights = [max(sizes[i:i + cols]) + TITLE + 16 for i in range(0, len(sizes), cols)]
    sc = Scene(sum(widths), sum(heights))
    for i, (grid, title) in enumerate(panels):
        x, y = sum(widths[:i % cols]) + 8, sum(heights[:i // cols]) + 8
        sc.text(x + sizes[i] / 2, y + TITLE / 2 - 2, title, size=13, fill="#000000")
        draw_maze(sc, grid, (x, y + TITLE))
    return sc


def _cell_text(sc: Scene, x: float, y: float, jump: object, depth: object, goal: bool) -> None:
    """The jump (or G) top-left, the depth bottom-right."""
    if goal:
        sc.text(x + CELL / 2, y + CELL * 0.42, "G", size=20, fill="#000000", font_weight="bold")
    else:
        sc.text(x + 6, y + 15, jump, size=18, anchor="start", fill="#ffffff",
                font_weight="bold")
    if depth is not None:
        sc.text(x + CELL - 5, y + CELL - 10, depth, size=12, anchor="end",
                fill=GOAL_DEPTH_FG if goal else DEPTH_FG, font_weight="bold")
