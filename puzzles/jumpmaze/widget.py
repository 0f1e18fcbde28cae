"""Play and edit a rook jumping maze on the shared board: click the cell you jump to (legal
jumps are framed green, depths are written on the cells), undo, restart, hint, step through
a shortest path; in edit mode click a cell and type its new jump (the maze is re-scored at
once). Game logic only: ``puzzles.jumpmaze.scene`` draws."""

from __future__ import annotations

import numpy as np

from puzzles.core.board import Board, Event, button, field_control
from puzzles.jumpmaze import model
from puzzles.jumpmaze.scene import maze_scene


class MazePlayer:
    """Play and edit one maze; ``.view`` is the board widget to display."""

    def __init__(self, grid: object) -> None:
        self.grid = model.validate_grid(grid)
        self.n = self.grid.shape[0]
        self.path: list[tuple[int, int]] = [(0, 0)]
        self.show_depths = True
        self.editing: tuple[int, int] | None = None
        self.edit_mode = False
        self.view = Board(self.handle, title=f"rook jumping maze, n = {self.n}")
        self.refresh("click a green-framed cell to jump there")

    @property
    def position(self) -> tuple[int, int]:
        """The player's cell."""
        return self.path[-1]

    @property
    def solved(self) -> bool:
        """True once the player stands on the goal."""
        return self.position == (self.n - 1, self.n - 1)

    # -- events ---------------------------------------------------------------------------------
    def handle(self, ev: Event) -> None:
        """Cell clicks (move, or select in edit mode), digit keys and the jump field (edit),
        ``d`` (depths on/off), the buttons."""
        if ev.kind == "click" and ev.id.startswith("cell-"):
            r, c = (int(x) for x in ev.id.split("-")[1:])
            if self.edit_mode:
                self.select(r, c)
            else:
                self.move_to(r, c)
        elif ev.kind == "key":
            if ev.id == "d":
                self.show_depths = not self.show_depths
                self.refresh()
            elif ev.id.isdigit() and self.edit_mode:
                self.set_jump(ev.id)
            else:
                raise ValueError(f"key {ev.id!r}: d toggles the depths; in edit mode a digit "
                                 "sets the selected cell's jump")
        elif ev.kind == "button":
            {"undo": self.undo, "reset": self.reset, "hint": self.hint, "step": self.step,
             "edit": self.toggle_edit}[ev.id]()
        elif ev.kind == "input" and ev.id == "jump":
            self.set_jump(ev.value)

    # -- playing --------------------------------------------------------------------------------
    def legal(self) -> list[tuple[int, int]]:
        """Legal destinations from the current position."""
        return model.moves_from(self.grid, *self.position)

    def move_to(self, r: int, c: int) -> bool:
        """Jump to ``(r, c)`` if it is a legal destination (else ValueError with the reason)."""
        if (r, c) not in self.legal():
            raise ValueError(f"({r}, {c}) is not a legal jump from {self.position}: "
                             f"jump {self.grid[self.position]} cells along a row or column")
        self.path.append((r, c))
        self.refresh()
        return True

    def undo(self) -> None:
        """Take back the last jump."""
        if len(self.path) > 1:
            self.path.pop()
            self.refresh("undone")
        else:
            self.refresh("nothing to undo")

    def reset(self) -> None:
        """Back to the start cell."""
        self.path = [(0, 0)]
        self.refresh("restarted")

    def _best_next(self) -> tuple[int, int] | None:
        # The legal jump whose cell is fewest jumps from the goal starts a shortest way.
        best, best_d = None, None
        for cell in self.legal():
            d = _distance_to_goal(self.grid, cell)
            if d is not None and (best_d is None or d < best_d):
                best, best_d = cell, d
        return best

    def hint(self) -> None:
        """Name the jump that starts a shortest way to the goal from here."""
        if self.solved:
            self.refresh("hint: you are on the goal")
            return
        nxt = self._best_next()
        self.refresh("hint: the goal cannot be reached from here: undo" if nxt is None
                     else f"hint: jump to {nxt}")

    def step(self) -> None:
        """Play the first jump of a shortest way to the goal."""
        if self.solved:
            self.refresh("step: already on the goal")
            return
        nxt = self._best_next()
        if nxt is None:
            self.refresh("step: the goal cannot be reached from here: undo")
            return
        self.path.append(nxt)
        self.refresh(f"step: jumped to {nxt}")

    # -- editing --------------------------------------------------------------------------------
    def toggle_edit(self) -> None:
        """Switch between playing and editing."""
        self.edit_mode = not self.edit_mode
        self.editing = None
        self.refresh("edit mode: click a cell, then type its jump" if self.edit_mode
                     else "play mode")

    def select(self, r: int, c: int) -> None:
        """Choose the cell to edit (not the goal)."""
        if (r, c) == (self.n - 1, self.n - 1):
            raise ValueError("the goal has no jump to edit")
        self.editing = (r, c)
        m = int(model.max_jumps(self.n)[r, c])
        self.refresh(f"editing ({r}, {c}): jump {self.grid[r, c]}, allowed 1..{m}")

    def set_jump(self, value: object) -> None:
        """Give the selected cell a new jump and re-score the maze (the path restarts)."""
        if self.editing is None:
            raise ValueError("click a cell to edit first (in edit mode)")
        r, c = self.editing
        m = int(model.max_jumps(self.n)[r, c])
        try:
            v = int(str(value).strip())
        except ValueError:
            raise ValueError(f"a jump is a whole number 1..{m}, got {value!r}") from None
        if not 1 <= v <= m:
            raise ValueError(f"cell ({r}, {c}) takes a jump in 1..{m} (it must stay on the "
                             f"board), got {v}")
        self.grid = self.grid.copy()
        self.grid[r, c] = v
        self.path = [(0, 0)]  # the old path may no longer be legal
        self.refresh(f"({r}, {c}) now jumps {v}; maze re-scored")

    # -- display --------------------------------------------------------------------------------
    def refresh(self, note: str = "") -> None:
        """Redraw the board, the controls and the status line."""
        ev = model.evaluate(self.grid)
        self.view.show(maze_scene(self.grid, self.position, self.path,
                                   [] if self.edit_mode else self.legal(), self.show_depths,
                                   self.editing))
        controls = [button("undo", "undo"), button("reset", "restart"), button("hint", "hint"),
                    button("step", "step (shortest path)"),
                    button("edit", "stop editing" if self.edit_mode else "edit jumps")]
        if self.edit_mode:
            controls.append(field_control("jump", "jump", "" if self.editing is None
                                          else self.grid[self.editing]))
        self.view.controls = controls
        moves = len(self.path) - 1
        goal = "reachable" if ev.reachable else "unreachable"
        text = (f"score {ev.score} (goal {goal}), moves made {moves}, "
                f"position {self.position}, black holes {ev.black_holes}, "
                f"white holes {ev.white_holes}, shortest paths {ev.shortest_paths}")
        if self.solved:
            text += f" - goal reached in {moves} moves (best possible {ev.score})"
        self.view.status = text + (f". {note}" if note else "")

    def scores(self) -> np.ndarray:
        """The current BFS depths (for tests and displays)."""
        return model.evaluate(self.grid).depths


def _distance_to_goal(grid: np.ndarray, start: tuple[int, int]) -> int | None:
    """Fewest jumps from ``start`` to the goal (None when unreachable)."""
    n = grid.shape[0]
    goal = (n - 1, n - 1)
    seen, frontier, d = {start}, [start], 0
    while frontier:
        if goal in frontier:
            return d
        nxt = []
        for cell in frontier:
            if cell == goal:
                continue
            for m in model.moves_from(grid, *cell):
                if m not in seen:
                    seen.add(m)
                    nxt.append(m)
        frontier, d = nxt, d + 1
    return None


def play(grid: object) -> Board:
    """A ready-to-display player for ``grid``."""
    return MazePlayer(grid).view
