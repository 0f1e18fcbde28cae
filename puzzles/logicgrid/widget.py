"""Play a logic-grid puzzle in the notebook: click cells to cycle blank/X/O, check, ask for help."""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets
import numpy as np

from puzzles.logicgrid.count import count_solutions
from puzzles.logicgrid.hints import Hint, text
from puzzles.logicgrid.model import Space, solution_rows
from puzzles.logicgrid.render import cells, clues_html, layout
from puzzles.logicgrid.solver import grid_solution, solve


class PuzzlePlayer:
    """A grid of buttons laid out as in the slides, the clues, and Check / Next deduction."""

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
        self.buttons: dict[tuple[int, int], widgets.Button] = {}
        self.status = widgets.HTML(value="Click a cell to cycle blank / X / O.")
        self.clues = widgets.HTML(value=clues_html(space, self.hints))
        self.check_button = widgets.Button(description="Check")
        self.next_button = widgets.Button(description="Next deduction")
        self.reset_button = widgets.Button(description="Reset")
        self.check_button.on_click(lambda _: self.check())
        self.next_button.on_click(lambda _: self.next_deduction())
        self.reset_button.on_click(lambda _: self.reset())
        self.view = widgets.VBox([self._grid_box(),
                                  widgets.HBox([self.check_button, self.next_button,
                                                self.reset_button]),
                                  self.status, self.clues])

    def _grid_box(self) -> widgets.GridBox:
        space, m = self.space, self.space.m
        cols, rows = layout(space)
        width = len(cols) * m
        children: list[widgets.Widget] = [widgets.Label("")]
        for cc in cols:
            for e in space.categories[cc].entities:
                children.append(widgets.HTML(f"<small>{html.escape(e)}</small>"))
        drawn = {(r, c): (x, y) for r, c, x, y in cells(space)}
        for gi, rc in enumerate(rows):
            for i, e in enumerate(space.categories[rc].entities):
                children.append(widgets.HTML(f"<small>{html.escape(e)}</small>"))
                for c in range(width):
                    key = drawn.get((gi * m + i, c))
                    if key is None:
                        children.append(widgets.Label(""))
                        continue
                    b = widgets.Button(description="",
                                       layout=widgets.Layout(width="34px", height="28px"))
                    b.on_click(lambda _, k=key: self.cycle(*k))
                    self.buttons[key] = b
                    children.append(b)
        return widgets.GridBox(children, layout=widgets.Layout(
            grid_template_columns=f"110px repeat({width}, 36px)"))

    def _set(self, x: int, y: int, value: int) -> None:
        self.marks[x, y] = self.marks[y, x] = value
        key = (x, y) if (x, y) in self.buttons else (y, x)
        self.buttons[key].description = {0: "", 1: "X", 2: "O"}[value]

    def cycle(self, x: int, y: int) -> None:
        """Blank -> X -> O -> blank for the cell between entities x and y."""
        self._set(x, y, (int(self.marks[x, y]) + 1) % 3)

    def check(self) -> str:
        """Compare the marks with the unique solution; report mistakes or success."""
        filled = [(x, y) for (x, y) in self.buttons if self.marks[x, y]]
        wrong = [(x, y) for (x, y) in filled if self.marks[x, y] != self.answer[x, y]]
        if wrong:
            x, y = wrong[0]
            msg = (f"{len(wrong)} mark(s) disagree with the solution, e.g. "
                   f"{html.escape(self.space.entity(x))} / {html.escape(self.space.entity(y))}.")
        elif len(filled) == len(self.buttons):
            msg = "Solved! Every cell is right."
        else:
            msg = f"So far so good: {len(filled)} of {len(self.buttons)} cells filled."
        self.status.value = msg
        return msg

    def next_deduction(self) -> str:
        """Fill the next cell the solver deduced (in its order) and name the clue or rule."""
        for s in self.steps:
            want = 1 if s.value == "X" else 2
            if self.marks[s.x, s.y] != want:
                self._set(s.x, s.y, want)
                reason = s.reason
                if reason.startswith("clue"):
                    reason = f"{reason} ({html.escape(self._clue(reason))})"
                msg = (f"Loop {s.loop}: {s.value} at {html.escape(self.space.entity(s.x))} / "
                       f"{html.escape(self.space.entity(s.y))}, because of {reason}.")
                self.status.value = msg
                return msg
        self.status.value = "Nothing left to deduce: the grid is complete."
        return self.status.value

    def _clue(self, reason: str) -> str:
        return text(self.space, self.hints[int(reason.split()[1]) - 1])

    def reset(self) -> None:
        """Clear every mark."""
        for x, y in self.buttons:
            self._set(x, y, 0)
        self.status.value = "Cleared."
