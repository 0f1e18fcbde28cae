"""A rook jumping maze as a :class:`~puzzles.core.game.Game`: jump from the start to the goal.

A state is the maze's jumps, the cells visited from the start and the edit mode; a move is the
cell jumped to. Click a green-framed cell to jump there; ``d`` hides or shows every cell's
depth; *edit jumps* switches to editing, where a click selects a cell and a digit key or the
*jump* field gives it a new jump (the maze is re-scored and the walk restarts). Edits are
:class:`~puzzles.core.game.Edit` actions, so the core ``Player`` undoes them like moves.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from puzzles.core.board import Event, Key, Scene, button, field_control
from puzzles.core.game import Edit, Game, View
from puzzles.jumpmaze import model, offline
from puzzles.jumpmaze.reference import report_puzzle
from puzzles.jumpmaze.scene import CELL_BG, DEPTH_FG, FRAMES, PATH_BG, maze_scene

Cell = tuple[int, int]
START: Cell = (0, 0)
SHOW_DEPTHS = "d"  # depths give the solution away: hidden until the reader asks


@dataclass(frozen=True)
class Maze:
    """A state: the jumps (rows, the goal 0), the cells visited from the start, and the edit
    mode with the cell being edited."""

    jumps: tuple[tuple[int, ...], ...]
    path: tuple[Cell, ...] = (START,)
    editing: bool = False
    selected: Cell | None = None
    typed: str = ""  # digits typed on the selected cell so far (a jump may have two)

    @property
    def position(self) -> Cell:
        """The cell the player stands on."""
        return self.path[-1]

    @property
    def n(self) -> int:
        """The maze's size."""
        return len(self.jumps)

    @cached_property
    def grid(self) -> np.ndarray:
        """The jumps as an n x n array."""
        return np.array(self.jumps, np.int64)


def as_maze(grid: object) -> Maze:
    """A start state for ``grid`` (validated: ValueError naming a fault)."""
    return Maze(tuple(tuple(int(v) for v in row) for row in model.validate_grid(grid)))


def path_to_goal(grid: np.ndarray, start: Cell) -> list[Cell] | None:
    """A shortest list of jumps from ``start`` to the goal (None when it cannot be reached)."""
    n = grid.shape[0]
    goal = (n - 1, n - 1)
    parent: dict[Cell, Cell | None] = {start: None}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        if cell == goal:
            plan = []
            while parent[cell] is not None:
                plan.append(cell)
                cell = parent[cell]
            return plan[::-1]
        for nxt in model.moves_from(grid, *cell):
            if nxt not in parent:
                parent[nxt] = cell
                todo.append(nxt)
    return None


def _cell(event_id: str) -> Cell:
    r, c = (int(x) for x in event_id.removeprefix("cell-").split("-"))
    return r, c


class MazeGame(Game[Maze, Cell]):
    """One maze to play (and edit)."""

    def __init__(self, grid: object) -> None:
        self.start = as_maze(grid)
        self.title = f"rook jumping maze, n = {self.start.n}"

    def initial(self) -> Maze:
        """The maze as given, the player on the start."""
        return self.start

    def moves(self, state: Maze) -> Sequence[Cell]:
        """The cells one jump away (none from the goal)."""
        return model.moves_from(state.grid, *state.position)

    def apply(self, state: Maze, move: Cell) -> Maze:
        """Jump to ``move`` (ValueError unless it is one jump away)."""
        move = tuple(move)
        if self.is_goal(state):
            raise ValueError("you are on the goal: the maze is solved (undo or restart to "
                             "play again)")
        if move not in self.moves(state):
            r, c = state.position
            raise ValueError(f"{move} is not a legal jump from {state.position}: jump "
                             f"{state.grid[r, c]} cells along a row or column")
        return replace(state, path=(*state.path, move))

    def illegal(self, state: Maze) -> Cell:
        """Staying put: a jump is at least one cell."""
        return state.position

    def is_goal(self, state: Maze) -> bool:
        """On the goal (bottom-right)."""
        return state.position == (state.n - 1, state.n - 1)

    def solve(self, state: Maze) -> list[Cell] | None:
        """A shortest way from the player's cell to the goal."""
        return path_to_goal(state.grid, state.position)

    def scene(self, state: Maze, view: View) -> Scene:
        """The maze report-style: the player framed red, legal jumps green, the hint blue."""
        return maze_scene(state.grid, state.position, state.path,
                          [] if state.editing else self.moves(state),
                          SHOW_DEPTHS in view.toggles, state.selected, view.hint)

    def read(self, state: Maze, event: Event) -> Cell | Edit[Maze] | None:
        """A click jumps (in edit mode: selects the cell); in edit mode a digit key or the
        *jump* field sets the selected cell's jump; the *edit* button switches modes."""
        if event.kind == "click" and event.id.startswith("cell-"):
            return self._select(state, _cell(event.id)) if state.editing else _cell(event.id)
        if event.kind == "button" and event.id == "edit":
            return Edit(replace(state, editing=not state.editing, selected=None),
                        "edit mode: click a cell, then type its jump" if not state.editing
                        else "play mode")
        if event.kind == "key" and len(event.id) == 1 and event.id.isdigit() and state.editing:
            return self._type_digit(state, event.id)
        if event.kind == "input" and event.id == "jump":
            return self._set_jump(state, event.value)
        return None

    def _select(self, state: Maze, cell: Cell) -> Edit[Maze]:
        if cell == (state.n - 1, state.n - 1):
            raise ValueError("the goal has no jump to edit")
        m = int(model.max_jumps(state.n)[cell])
        return Edit(replace(state, selected=cell, typed=""),
                    f"editing {cell}: jump {state.grid[cell]}, allowed 1..{m}"
                    + (" (type two digits for 10 or more)" if m >= 10 else ""))

    def _type_digit(self, state: Maze, digit: str) -> Edit[Maze]:
        """A digit key: appended to the digits typed on this cell when the result is still a
        legal jump (so 1 then 0 gives 10), else the digit alone."""
        if state.selected is None:
            raise ValueError("click a cell to edit first (in edit mode)")
        m = int(model.max_jumps(state.n)[state.selected])
        typed = state.typed + digit
        if not 1 <= int(typed) <= m:
            typed = digit
        edit = self._set_jump(state, typed)
        return replace(edit, state=replace(edit.state, typed=typed))

    def _set_jump(self, state: Maze, value: object) -> Edit[Maze]:
        if state.selected is None:
            raise ValueError("click a cell to edit first (in edit mode)")
        r, c = state.selected
        m = int(model.max_jumps(state.n)[r, c])
        try:
            v = int(str(value).strip())
        except ValueError:
            raise ValueError(f"a jump is a whole number 1..{m}, got {value!r}") from None
        if not 1 <= v <= m:
            raise ValueError(f"cell ({r}, {c}) takes a jump in 1..{m} (it must stay on the "
                             f"board), got {v}")
        jumps = tuple(tuple(v if (i, j) == (r, c) else x for j, x in enumerate(row))
                      for i, row in enumerate(state.jumps))
        # the walk restarts: the old path may no longer be legal
        return Edit(replace(state, jumps=jumps, path=(START,), typed=""),
                    f"({r}, {c}) now jumps {v}; maze re-scored", restarts=True)

    def describe(self, state: Maze) -> str:
        """The maze's score and quality terms, the jumps made and the player's cell."""
        ev = model.evaluate(state.grid)
        goal = "reachable" if ev.reachable else "unreachable"
        return (f"score {ev.score} (goal {goal}), jumps {len(state.path) - 1}, position "
                f"{state.position}, black holes {ev.black_holes}, white holes "
                f"{ev.white_holes}, shortest paths {ev.shortest_paths}"
                + (", editing" if state.editing else ""))

    def name_move(self, move: Cell) -> str:
        """A jump reads as the cell it lands on."""
        return f"jump to {tuple(move)}"

    def toggles(self) -> dict[str, str]:
        """``d`` shows (or hides again) the depths."""
        return {SHOW_DEPTHS: "depths (jumps needed from the start; they give the way away)"}

    goal = ("jump from the top-left cell to G; from a cell jump exactly its number of cells "
            "along its row or column")

    def keys(self) -> dict[str, str]:
        """Digits type a jump in edit mode."""
        return {"0-9": "in edit mode: type the selected cell's jump (two digits for 10+)"}

    def legend(self, state: Maze) -> list[Key]:
        """The frames, the colours and the numbers of the maze, and the quality terms."""
        return [
            Key(CELL_BG, "3", "a cell and its jump; row and column numbers name cells (r, c)"),
            Key("#ffffff", "G", "the goal"),
            Key(FRAMES["here"], "@", "red frame: you are here"),
            Key(FRAMES["legal"], "+", "green frame: a legal jump from here"),
            Key(FRAMES["hint"], "?", "blue frame: the hint (or, editing, the selected cell)"),
            Key(PATH_BG, "v", "olive: visited on this walk"),
            Key(DEPTH_FG, "d", "press d: the small number is the fewest jumps from the start; "
                "-1 means the start never reaches it"),
            Key("#ffffff", "", "white hole: a cell the start never reaches; black hole: a cell "
                "from which G cannot be reached; the score is the goal's depth"),
        ]

    def optimum(self, state: Maze) -> int | None:
        """Fewest jumps from the player's cell to the goal (None when unreachable)."""
        plan = self.solve(state)
        return None if plan is None else len(plan)

    def load(self, text: str) -> MazeGame:
        """A maze from its jump grid: n lines of n whole numbers, ``G`` (or 0) for the goal at
        the bottom right (ValueError naming the line and the field)."""
        rows = [r.split() for r in str(text).strip().splitlines() if r.strip()]
        n = len(rows)
        if not model.MIN_N <= n <= model.MAX_N:
            raise ValueError(f"a maze has n lines of n jumps, n in {model.MIN_N}.."
                             f"{model.MAX_N}; got {n} lines")
        grid = []
        m = model.max_jumps(n)
        for r, row in enumerate(rows):
            if len(row) != n:
                raise ValueError(f"line {r + 1}: {n} jumps, got {len(row)}")
            out = []
            for c, tok in enumerate(row):
                if (r, c) == (n - 1, n - 1):
                    if tok.upper() not in ("G", "0"):
                        raise ValueError(f"line {r + 1}, field {c + 1}: the goal is G, got "
                                         f"{tok!r}")
                    out.append(0)
                    continue
                if not tok.isdigit() or not 1 <= int(tok) <= m[r, c]:
                    raise ValueError(f"line {r + 1}, field {c + 1}: a jump in 1..{m[r, c]} "
                                     f"(it must stay on the board), got {tok!r}")
                out.append(int(tok))
            grid.append(out)
        return MazeGame(grid)

    def dump(self, state: Maze) -> str:
        """The jump grid in the format :meth:`load` reads (G at the goal)."""
        w = len(str(state.n - 1))
        return "\n".join(" ".join("G".rjust(w) if (r, c) == (state.n - 1, state.n - 1)
                                   else str(v).rjust(w) for c, v in enumerate(row))
                         for r, row in enumerate(state.jumps))

    def controls(self, state: Maze) -> list[dict]:
        """The edit switch, and in edit mode the selected cell's jump."""
        out = [button("edit", "stop editing" if state.editing else "edit jumps")]
        if state.editing:
            out.append(field_control("jump", "jump", "" if state.selected is None
                                     else state.grid[state.selected]))
        return out


def examples() -> list[MazeGame]:
    """Solvable mazes: the deepest 5 x 5 maze (the stored exact proof's witness, 21 jumps) and
    the report's n = 11 puzzle (103 jumps)."""
    deepest = offline.proof_records(offline.stored("long-proofs"))["5"]["grid"]
    return [MazeGame(deepest), MazeGame(report_puzzle())]
