"""Drawing mazes in the report's GUI style (matplotlib and HTML).

Report style: dark cells, the jump as a big white number in the top-left corner, the BFS depth as
a small yellow number in the bottom-left corner (-1 where unreachable), the goal a white cell
with a black "G" and its depth (the score) in blue.
"""

from __future__ import annotations

import html

import matplotlib.pyplot as plt
import numpy as np

from puzzles.jumpmaze import model

CELL_BG = "#3b3b4f"
GOAL_BG = "#ffffff"
DEPTH_FG = "#ffd400"
GOAL_DEPTH_FG = "#1f5fd6"
PATH_BG = "#5a6f3b"


def draw_maze(grid: object, ax: plt.Axes | None = None, show_depths: bool = True,
              path: list[tuple[int, int]] | None = None, title: str | None = None) -> plt.Figure:
    """Draw ``grid`` report-style; optionally trace ``path`` as a line. Returns the figure."""
    ev = model.evaluate(grid)
    arr = model.validate_grid(grid)
    n = ev.n
    if ax is None:
        fig, ax = plt.subplots(figsize=(0.55 * n + 0.4, 0.55 * n + 0.4))
    else:
        fig = ax.figure
    big = max(7.0, 15.0 - n * 0.6)
    for r in range(n):
        for c in range(n):
            goal = (r, c) == (n - 1, n - 1)
            face = GOAL_BG if goal else CELL_BG
            ax.add_patch(plt.Rectangle((c, n - 1 - r), 1, 1, facecolor=face,
                                       edgecolor="#111111", linewidth=1))
            x, y = c, n - 1 - r
            if goal:
                ax.text(x + 0.5, y + 0.55, "G", color="black", fontsize=big,
                        ha="center", va="center", weight="bold")
                if show_depths:
                    ax.text(x + 0.08, y + 0.08, str(ev.depths[r, c]), color=GOAL_DEPTH_FG,
                            fontsize=big * 0.65, ha="left", va="bottom", weight="bold")
            else:
                ax.text(x + 0.08, y + 0.92, str(arr[r, c]), color="white", fontsize=big,
                        ha="left", va="top", weight="bold")
                if show_depths:
                    ax.text(x + 0.08, y + 0.08, str(ev.depths[r, c]), color=DEPTH_FG,
                            fontsize=big * 0.65, ha="left", va="bottom")
    if path:
        xs = [c + 0.62 for _, c in path]
        ys = [n - 1 - r + 0.45 for r, _ in path]
        ax.plot(xs, ys, color="#ff7f0e", alpha=0.55, lw=1.2, zorder=3)
    ax.set_xlim(0, n)
    ax.set_ylim(0, n)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title if title is not None else f"n = {n}, score {ev.score}")
    return fig


def maze_html(grid: object, show_depths: bool = True, position: tuple[int, int] | None = None,
              visited: list[tuple[int, int]] | None = None) -> str:
    """The maze as an HTML table in the report's style (for the widget's HTML view)."""
    ev = model.evaluate(grid)
    arr = model.validate_grid(grid)
    n = ev.n
    seen = set(map(tuple, visited or []))
    rows = []
    for r in range(n):
        cells = []
        for c in range(n):
            goal = (r, c) == (n - 1, n - 1)
            bg = GOAL_BG if goal else (PATH_BG if (r, c) in seen else CELL_BG)
            border = "3px solid #ff5050" if position == (r, c) else "1px solid #111"
            main = ('<b style="color:black">G</b>' if goal
                    else f'<b style="color:white;font-size:16px">{arr[r, c]}</b>')
            depth = ""
            if show_depths:
                color = GOAL_DEPTH_FG if goal else DEPTH_FG
                depth = (f'<br><span style="color:{color};font-size:10px">'
                         f"{ev.depths[r, c]}</span>")
            cells.append(f'<td style="background:{bg};border:{border};width:34px;height:34px;'
                         f'vertical-align:top;padding:2px">{main}{depth}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    title = html.escape(f"n = {n}, score {ev.score}")
    return (f'<div><div style="font-weight:bold">{title}</div>'
            f'<table style="border-collapse:collapse">{"".join(rows)}</table></div>')


def grid_text(grid: object) -> str:
    """The grid as plain text rows, ``G`` on the goal."""
    arr = model.validate_grid(grid)
    n = arr.shape[0]
    width = len(str(arr.max()))
    return "\n".join(" ".join("G".rjust(width) if (r, c) == (n - 1, n - 1)
                              else str(arr[r, c]).rjust(width) for c in range(n))
                     for r in range(n))


def depth_array(grid: object) -> np.ndarray:
    """The BFS depth array of ``grid`` (a convenience for displays)."""
    return model.evaluate(grid).depths
