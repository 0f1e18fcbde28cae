"""A logic-grid puzzle as a :class:`~puzzles.core.game.Game`: the reader fills the grid.

A state is the reader's marks (blank, X or O per cell), the selected cell, the clues crossed
off and the deduction that made it (if any). A move sets one cell: a click cycles blank -> X ->
O -> blank, keys ``x``, ``o`` and space set the selected cell. The solver's trace is the
solution path: the hint and the step are its next deduction whose mark the grid lacks, named
with the clue or rule behind it (that clue is highlighted). Clicking a clue crosses it off (an
undoable edit); ``c`` shows the marks that disagree with the unique solution. The core
``Player`` owns history, undo, reset, hint and step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from puzzles.core.board import Event, Scene
from puzzles.core.game import Edit, Game, View
from puzzles.logicgrid.count import count_solutions
from puzzles.logicgrid.hints import Hint, parse_puzzle, text
from puzzles.logicgrid.model import CLUE, MINI, Space
from puzzles.logicgrid.reference import examples as slide_examples
from puzzles.logicgrid.scene import MARKS, Highlights, cells, grid_scene
from puzzles.logicgrid.solver import solve

BLANK, X, O = 0, 1, 2
KEYS = {"x": X, "o": O, " ": BLANK}


@dataclass(frozen=True)
class Mark:
    """Set the cell between entities ``x`` and ``y`` to ``value``; a deduction of the solver
    also says why (``why``) and which clue it used (``clue``, 0-based)."""

    x: int
    y: int
    value: int
    why: str = field(default="", compare=False)
    clue: int | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Marks:
    """The reader's grid: ``marks[x][y]`` is 0 blank, 1 X or 2 O (symmetric)."""

    marks: tuple[tuple[int, ...], ...]
    selected: tuple[int, int] | None = None
    crossed: frozenset[int] = frozenset()
    last: Mark | None = None  # the deduction that made this state, if one did

    def at(self, x: int, y: int) -> int:
        """The mark between entities x and y."""
        return self.marks[x][y]


class LogicGrid(Game[Marks, Mark]):
    """One puzzle: a hint list the solver completes with exactly one solution."""

    title = "logic grid"

    def __init__(self, space: Space, hints: Sequence[Hint]) -> None:
        self.space, self.hints = space, list(hints)
        result = solve(space, self.hints, trace=True)
        if not result.solved or count_solutions(space, self.hints) != 1:
            raise ValueError("hints must describe a puzzle the solver completes uniquely")
        self.answer = result.grid
        self.cells = [(x, y) for _, _, x, y in cells(space)]
        self._cells = set(self.cells) | {(y, x) for x, y in self.cells}
        self.plan = [self._deduction(s) for s in result.steps]

    def _deduction(self, step) -> Mark:
        clue = int(step.reason.split()[1]) - 1 if step.reason.startswith("clue") else None
        reason = (f"{step.reason} ({text(self.space, self.hints[clue])})" if clue is not None
                  else step.reason)
        value = X if step.value == "X" else O
        why = (f"Loop {step.loop}: {step.value} at {self.space.entity(step.x)} / "
               f"{self.space.entity(step.y)}, because of {reason}.")
        return Mark(step.x, step.y, value, why, clue)

    # -- rules ----------------------------------------------------------------------------------
    def initial(self) -> Marks:
        """An empty grid."""
        nm = self.space.n * self.space.m
        return Marks(tuple((BLANK,) * nm for _ in range(nm)))

    def moves(self, state: Marks) -> list[Mark]:
        """Every other mark of every cell."""
        return [Mark(x, y, v) for x, y in self.cells for v in (BLANK, X, O)
                if v != state.at(x, y)]

    def apply(self, state: Marks, move: Mark) -> Marks:
        """Set the move's cell (and select it)."""
        if (move.x, move.y) not in self._cells:
            raise ValueError(f"no cell between entities {move.x} and {move.y}: a cell links "
                             "two entities of different categories")
        if move.value not in MARKS:
            raise ValueError(f"a mark is 0 (blank), 1 (X) or 2 (O), got {move.value!r}")
        rows = [list(r) for r in state.marks]
        rows[move.x][move.y] = rows[move.y][move.x] = move.value
        return Marks(tuple(tuple(r) for r in rows), (move.x, move.y), state.crossed,
                     move if move.why else None)

    def illegal(self, state: Marks) -> Mark:
        """A mark between two suspects (one category: there is no such cell)."""
        return Mark(0, 1, X)

    def wrong(self, state: Marks) -> list[tuple[int, int]]:
        """Marked cells that disagree with the unique solution."""
        return [(x, y) for x, y in self.cells
                if state.at(x, y) and state.at(x, y) != self.answer[x, y]]

    def is_goal(self, state: Marks) -> bool:
        """Every cell marked as in the unique solution."""
        return all(state.at(x, y) == self.answer[x, y] for x, y in self.cells)

    def solve(self, state: Marks) -> list[Mark]:
        """The solver's deductions the grid lacks, in its order, then any other fix."""
        plan = [m for m in self.plan if state.at(m.x, m.y) != m.value]
        done = {(m.x, m.y) for m in plan} | {(m.y, m.x) for m in plan}
        return plan + [Mark(x, y, int(self.answer[x, y])) for x, y in self.cells
                       if (x, y) not in done and state.at(x, y) != self.answer[x, y]]

    # -- drawing and input ------------------------------------------------------------------------
    def scene(self, state: Marks, view: View) -> Scene:
        """The staircase and the clues; the hinted (else the last deduced) cell and its clue
        highlighted, the crossed-off clues struck, with ``c`` the wrong marks."""
        hot = view.hint if view.hint is not None else state.last
        return grid_scene(self.space, state.marks, self.hints, Highlights(
            None if hot is None else (hot.x, hot.y), None if hot is None else hot.clue,
            state.selected, state.crossed, self.wrong(state) if "c" in view.toggles else ()))

    def read(self, state: Marks, event: Event) -> Mark | Edit[Marks] | None:
        """Clicks on cells and clues, keys x / o / space on the selected cell."""
        if event.kind == "click" and event.id.startswith("cell-"):
            x, y = (int(v) for v in event.id.split("-")[1:])
            return Mark(x, y, (state.at(x, y) + 1) % 3)
        if event.kind == "click" and event.id.startswith("clue-"):
            k = int(event.id.split("-")[1])
            verb = "restored" if k in state.crossed else "crossed off"
            return Edit(replace(state, crossed=state.crossed ^ {k}, last=None),
                        f"clue {k + 1} {verb}")
        if event.kind == "key":
            if event.id.lower() not in KEYS:
                raise ValueError(f"key {event.id!r}: x, o or space mark the selected cell; "
                                 "c shows mistakes; z undo, y redo, h hint, s step")
            if state.selected is None:
                raise ValueError("click a cell first")
            return Mark(*state.selected, KEYS[event.id.lower()])
        return None

    def describe(self, state: Marks) -> str:
        """How much of the grid is filled."""
        filled = sum(state.at(x, y) != BLANK for x, y in self.cells)
        return f"{filled} of {len(self.cells)} cells filled"

    def name_move(self, move: Mark) -> str:
        """A deduction reads as the solver's reason, a reader's mark as its cell."""
        if move.why:
            return move.why
        return (f"{self.space.entity(move.x)} / {self.space.entity(move.y)}: "
                f"{['blank', 'X', 'O'][move.value]}")

    def toggles(self) -> dict[str, str]:
        """``c`` shows the marks that disagree with the solution."""
        return {"c": "mistakes (marks that disagree with the unique solution)"}


def slides_example(name: str) -> LogicGrid:
    """One of the slides' three example puzzles as a game."""
    ex = slide_examples()[name]
    space = MINI if ex["space"] == "mini" else CLUE
    return LogicGrid(space, parse_puzzle(space, ex["clues"]))


def examples() -> list[LogicGrid]:
    """The slides' 3 x 4 example and their 'hint size and difficulty' example."""
    return [slides_example("Example Puzzle 1 (3x4)"),
            slides_example("Hint size and difficulty example")]
