"""An ipywidgets maze player and editor: click legal destinations, toggle depths, edit jumps.

The board is a grid of buttons (the jump on each, the depth in brackets when the overlay is
on); the current cell and its legal destinations are coloured. Editing a cell's jump re-scores
the maze at once. Everything the player shows lives in widget values (HTML, buttons), so tests
drive it by setting ``.value`` or calling ``.click()``.
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from puzzles.jumpmaze import model, render


class MazePlayer:
    """Play and edit one maze; ``.view`` is the widget to display."""

    def __init__(self, grid: object) -> None:
        self.grid = model.validate_grid(grid)
        self.n = self.grid.shape[0]
        n = self.n
        self.position = (0, 0)
        self.path: list[tuple[int, int]] = [(0, 0)]
        self.buttons = [[widgets.Button(layout=widgets.Layout(width="52px", height="34px"))
                         for _ in range(n)] for _ in range(n)]
        for r in range(n):
            for c in range(n):
                self.buttons[r][c].on_click(lambda _b, r=r, c=c: self.move_to(r, c))
        self.board = widgets.GridBox(
            [b for row in self.buttons for b in row],
            layout=widgets.Layout(grid_template_columns=f"repeat({n}, 54px)"))
        self.show_depths = widgets.Checkbox(value=False, description="show depths")
        self.show_depths.observe(lambda _c: self.refresh(), names="value")
        self.cell = widgets.Dropdown(
            options=[(f"({r}, {c})", (r, c)) for r in range(n) for c in range(n)
                     if (r, c) != (n - 1, n - 1)],
            value=(0, 0), description="edit cell")
        self.jump = widgets.Dropdown(description="jump")
        self.cell.observe(lambda _c: self._sync_jump(), names="value")
        self.jump.observe(self._on_jump, names="value")
        self.reset_button = widgets.Button(description="restart")
        self.reset_button.on_click(lambda _b: self.reset())
        self.status = widgets.HTML()
        self.picture = widgets.HTML()
        self._sync_jump()
        self.view = widgets.VBox([
            widgets.HBox([self.show_depths, self.reset_button]),
            widgets.HBox([self.board, self.picture]),
            widgets.HBox([self.cell, self.jump]),
            self.status,
        ])
        self.refresh()

    # -- playing -------------------------------------------------------------------------------
    def legal(self) -> list[tuple[int, int]]:
        """Legal destinations from the current position."""
        return model.moves_from(self.grid, *self.position)

    def move_to(self, r: int, c: int) -> bool:
        """Move to ``(r, c)`` if it is a legal destination; return whether the move was made."""
        if (r, c) not in self.legal():
            self.refresh(note=f"({r}, {c}) is not a legal move")
            return False
        self.position = (r, c)
        self.path.append((r, c))
        self.refresh()
        return True

    def reset(self) -> None:
        """Back to the start cell."""
        self.position = (0, 0)
        self.path = [(0, 0)]
        self.refresh()

    @property
    def solved(self) -> bool:
        """True once the player stands on the goal."""
        return self.position == (self.n - 1, self.n - 1)

    # -- editing -------------------------------------------------------------------------------
    def _sync_jump(self) -> None:
        r, c = self.cell.value
        m = int(model.max_jumps(self.n)[r, c])
        self._syncing = True
        self.jump.options = list(range(1, m + 1))
        self.jump.value = int(self.grid[r, c])
        self._syncing = False

    def _on_jump(self, change: dict) -> None:
        if getattr(self, "_syncing", False) or change["new"] is None:
            return
        r, c = self.cell.value
        if int(change["new"]) == int(self.grid[r, c]):
            return
        self.grid = self.grid.copy()
        self.grid[r, c] = int(change["new"])
        self.reset()  # the old path may no longer be legal

    # -- display -------------------------------------------------------------------------------
    def refresh(self, note: str = "") -> None:
        """Redraw buttons, picture and status from the current state."""
        ev = model.evaluate(self.grid)
        legal = set(self.legal())
        for r in range(self.n):
            for c in range(self.n):
                b = self.buttons[r][c]
                label = "G" if (r, c) == (self.n - 1, self.n - 1) else str(self.grid[r, c])
                if self.show_depths.value:
                    label += f" ({ev.depths[r, c]})"
                b.description = label
                b.button_style = ("warning" if (r, c) == self.position
                                  else "success" if (r, c) in legal else "")
        self.picture.value = render.maze_html(self.grid, self.show_depths.value, self.position,
                                              self.path)
        moves = len(self.path) - 1
        goal = "reachable" if ev.reachable else "unreachable"
        text = (f"score {ev.score} (goal {goal}), moves made {moves}, "
                f"position {self.position}, black holes {ev.black_holes}, "
                f"white holes {ev.white_holes}, shortest paths {ev.shortest_paths}")
        if self.solved:
            text += f" &mdash; <b>goal reached in {moves} moves</b> (best possible {ev.score})"
        if note:
            text += f"<br><i>{note}</i>"
        self.status.value = text

    def scores(self) -> np.ndarray:
        """The current BFS depths (for tests and displays)."""
        return model.evaluate(self.grid).depths


def play(grid: object) -> widgets.VBox:
    """A ready-to-display player for ``grid``."""
    return MazePlayer(grid).view
