"""Play a logic-grid puzzle on the shared board: click a cell to cycle blank / X / O (or
select it and type x, o or space), check, ask for a hint (the clue it uses is highlighted in
the clue list), step through the solver's deductions, undo, reset. Game logic only:
``puzzles.logicgrid.scene`` draws."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from puzzles.core.board import Board, Event, button
from puzzles.logicgrid.count import count_solutions
from puzzles.logicgrid.hints import Hint, text
from puzzles.logicgrid.model import Space, solution_rows
from puzzles.logicgrid.render import cells
from puzzles.logicgrid.scene import grid_scene
from puzzles.logicgrid.solver import grid_solution, solve

KEYS = {"x": 1, "o": 2, " ": 0}


class PuzzlePlayer:
    """The puzzle on a board: staircase grid, clue list, Check / Hint / Next deduction."""

    def __init__(self, space: Space, hints: Sequence[Hint]) -> None:
        self.space = space
        self.hints = list(hints)
        result = solve(space, self.hints, trace=True)
        if not result.solved or count_solutions(space, self.hints) != 1:
            raise ValueError("hints must describe a puzzle the solver completes uniquely")
        self.steps = result.steps
        self.answer = result.grid.copy()
        self.solution = grid_solution(space, result.grid)
        solution_rows(space, self.solution)  # validates the solution
        nm = space.n * space.m
        self.marks = np.zeros((nm, nm), dtype=np.int8)
        self.cells = [(x, y) for _, _, x, y in cells(space)]
        self.history: list[np.ndarray] = []
        self.selected: tuple[int, int] | None = None
        self.hot_cell: tuple[int, int] | None = None
        self.hot_clue: int | None = None
        self.view = Board(self.handle, title="logic grid")
        self._show("Click a cell to cycle blank / X / O.")

    @property
    def status(self) -> str:
        """The status line."""
        return self.view.status

    # ---- events
    def handle(self, ev: Event) -> None:
        """Cell clicks cycle; keys x / o / space set the selected cell; buttons."""
        if ev.kind == "click" and ev.id.startswith("cell-"):
            x, y = (int(v) for v in ev.id.split("-")[1:])
            self.selected = (x, y)
            self.cycle(x, y)
        elif ev.kind == "click" and ev.id.startswith("clue-"):
            self._show(f"clue {int(ev.id.split('-')[1]) + 1}")
        elif ev.kind == "key":
            if ev.id.lower() not in KEYS:
                raise ValueError(f"key {ev.id!r}: x, o or space mark the selected cell")
            if self.selected is None:
                raise ValueError("click a cell first")
            self.mark(*self.selected, KEYS[ev.id.lower()])
        elif ev.kind == "button":
            {"check": self.check, "hint": self.hint, "next": self.next_deduction,
             "undo": self.undo, "reset": self.reset}[ev.id]()

    # ---- playing
    def mark(self, x: int, y: int, value: int) -> None:
        """Set the cell between entities x and y to 0 (blank), 1 (X) or 2 (O)."""
        if (x, y) not in self.cells and (y, x) not in self.cells:
            raise ValueError(f"no cell between entities {x} and {y}")
        self.history.append(self.marks.copy())
        self.marks[x, y] = self.marks[y, x] = value
        self.hot_cell = self.hot_clue = None
        self._show(f"{self.space.entity(x)} / {self.space.entity(y)}: "
                   f"{['blank', 'X', 'O'][value]}")

    def cycle(self, x: int, y: int) -> None:
        """Blank -> X -> O -> blank for the cell between entities x and y."""
        self.mark(x, y, (int(self.marks[x, y]) + 1) % 3)

    def check(self) -> str:
        """Compare the marks with the unique solution; report mistakes or success."""
        filled = [(x, y) for (x, y) in self.cells if self.marks[x, y]]
        wrong = [(x, y) for (x, y) in filled if self.marks[x, y] != self.answer[x, y]]
        if wrong:
            x, y = wrong[0]
            msg = (f"{len(wrong)} mark(s) disagree with the solution, e.g. "
                   f"{self.space.entity(x)} / {self.space.entity(y)}.")
        elif len(filled) == len(self.cells):
            msg = "Solved! Every cell is right."
        else:
            msg = f"So far so good: {len(filled)} of {len(self.cells)} cells filled."
        self._show(msg)
        return msg

    def _next_step(self):
        for s in self.steps:
            if self.marks[s.x, s.y] != (1 if s.value == "X" else 2):
                return s
        return None

    def _explain(self, s) -> str:
        reason = s.reason
        if reason.startswith("clue"):
            reason = f"{reason} ({self._clue(reason)})"
        return (f"Loop {s.loop}: {s.value} at {self.space.entity(s.x)} / "
                f"{self.space.entity(s.y)}, because of {reason}.")

    def _clue_index(self, reason: str) -> int | None:
        return int(reason.split()[1]) - 1 if reason.startswith("clue") else None

    def hint(self) -> str:
        """Highlight the solver's next deduction and the clue it uses, without filling it."""
        s = self._next_step()
        if s is None:
            return self._show("Nothing left to deduce: the grid is complete.")
        self.hot_cell, self.hot_clue = (s.x, s.y), self._clue_index(s.reason)
        return self._show("Hint: " + self._explain(s))

    def next_deduction(self) -> str:
        """Fill the next cell the solver deduced (in its order) and name the clue or rule."""
        s = self._next_step()
        if s is None:
            return self._show("Nothing left to deduce: the grid is complete.")
        self.history.append(self.marks.copy())
        want = 1 if s.value == "X" else 2
        self.marks[s.x, s.y] = self.marks[s.y, s.x] = want
        self.hot_cell, self.hot_clue = (s.x, s.y), self._clue_index(s.reason)
        return self._show(self._explain(s))

    def _clue(self, reason: str) -> str:
        return text(self.space, self.hints[int(reason.split()[1]) - 1])

    def undo(self) -> None:
        """Take back the last mark (or deduction)."""
        if not self.history:
            self._show("Nothing to undo.")
            return
        self.marks = self.history.pop()
        self.hot_cell = self.hot_clue = None
        self._show("Undone.")

    def reset(self) -> None:
        """Clear every mark (and the board shows it: the scene is redrawn)."""
        self.history.append(self.marks.copy())
        self.marks[:] = 0
        self.hot_cell = self.hot_clue = self.selected = None
        self._show("Cleared.")

    def _show(self, msg: str) -> str:
        self.view.show(grid_scene(self.space, self.marks, self.hints, self.hot_cell,
                                   self.hot_clue, self.selected))
        self.view.controls = [button("check", "Check"), button("hint", "Hint"),
                              button("next", "Next deduction"), button("undo", "Undo"),
                              button("reset", "Reset")]
        self.view.status = msg
        return msg
