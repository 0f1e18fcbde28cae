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

from puzzles.core.board import Event, Key, Scene
from puzzles.core.game import Edit, Game, View
from puzzles.logicgrid.count import count_solutions
from puzzles.logicgrid.hints import Hint, parse, parse_puzzle, text
from puzzles.logicgrid.model import CLUE, MINI, Space
from puzzles.logicgrid.reference import examples as slide_examples
from puzzles.logicgrid.scene import MARKS, Highlights, cells, grid_scene
from puzzles.logicgrid.solver import solve

BLANK, X, O = 0, 1, 2
KEYS = {"x": X, "o": O, " ": BLANK}
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
SPACES = {"mini": MINI, "clue": CLUE}


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
    clue: int | None = None  # the clue the reader clicked (its cells are highlighted)

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
        self.at_pos = {(r, c): (x, y) for r, c, x, y in cells(space)}
        self.pos_of = {xy: rc for rc, xy in self.at_pos.items()}
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
                     move if move.why else None, state.clue)

    def illegal(self, state: Marks) -> Mark:
        """A mark between two suspects (one category: there is no such cell)."""
        return Mark(0, 1, X)

    def wrong(self, state: Marks) -> list[tuple[int, int]]:
        """Marked cells that disagree with the unique solution."""
        return [(x, y) for x, y in self.cells
                if state.at(x, y) and state.at(x, y) != self.answer[x, y]]

    def is_goal(self, state: Marks) -> bool:
        """Every O of the unique solution placed and no mark against it (the X's the O's
        imply may stay blank, as on paper)."""
        return all(state.at(x, y) == O for x, y in self.cells if self.answer[x, y] == O) \
            and not self.wrong(state)

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
        clue = hot.clue if hot is not None and hot.clue is not None else state.clue
        return grid_scene(self.space, state.marks, self.hints, Highlights(
            None if hot is None else (hot.x, hot.y), clue, state.selected, state.crossed,
            self.wrong(state) if "c" in view.toggles else (),
            self.clue_cells(state.clue) if state.clue is not None else ()))

    def clue_cells(self, k: int) -> list[tuple[int, int]]:
        """The cells between the entities clue ``k`` names (of different categories)."""
        h = self.hints[k]
        names = [e for e in (h.a, h.b, h.c, h.d) if e is not None]
        return [(a, b) for a in names for b in names
                if (a, b) in self._cells and (a, b) in self.pos_of]

    def read(self, state: Marks, event: Event) -> Mark | Edit[Marks] | None:
        """Clicks on cells and clues, keys x / o / space on the selected cell."""
        if event.kind == "click" and event.id.startswith("cell-"):
            x, y = (int(v) for v in event.id.split("-")[1:])
            if state.selected not in ((x, y), (y, x)):  # the first click only selects
                return self._select(state, (x, y))
            return Mark(x, y, (state.at(x, y) + 1) % 3)
        if event.kind == "click" and event.id.startswith("clue-"):
            return self._clue(state, int(event.id.split("-")[1]))
        if event.kind == "key" and event.id in ARROWS:
            return self._move_cursor(state, ARROWS[event.id])
        if event.kind == "key":
            if event.id.lower() not in KEYS:
                raise ValueError(f"key {event.id!r}: arrows move the cursor; x, o or space "
                                 "mark its cell; press ? for every key")
            if event.value and event.value.startswith("cell-"):  # pressed on a focused cell
                x, y = (int(v) for v in event.value.split("-")[1:])
                return Mark(x, y, KEYS[event.id.lower()])
            if state.selected is None:
                raise ValueError("click a cell (or press an arrow key) first")
            return Mark(*state.selected, KEYS[event.id.lower()])
        return None

    def _select(self, state: Marks, cell: tuple[int, int]) -> Edit[Marks]:
        x, y = cell
        return Edit(replace(state, selected=cell, last=None),
                    f"cursor on {self.space.entity(x)} / {self.space.entity(y)}: x, o or "
                    "space marks it (or click it again)")

    def _move_cursor(self, state: Marks, step: tuple[int, int]) -> Edit[Marks]:
        if state.selected is None:
            return self._select(state, self.at_pos[(0, 0)])
        here = self.pos_of.get(state.selected) or self.pos_of[state.selected[::-1]]
        there = (here[0] + step[0], here[1] + step[1])
        if there not in self.at_pos:
            raise ValueError("the cursor is at the edge of the grid")
        return self._select(state, self.at_pos[there])

    def _clue(self, state: Marks, k: int) -> Edit[Marks]:
        """The first click on a clue highlights its cells and reads it; a second crosses it
        off (or restores it)."""
        if state.clue != k:
            return Edit(replace(state, clue=k, last=None),
                        f"clue {k + 1}: {text(self.space, self.hints[k]).rstrip('.')}; its "
                        "cells are "
                        "highlighted (click it again to cross it off)")
        verb = "restored" if k in state.crossed else "crossed off"
        return Edit(replace(state, crossed=state.crossed ^ {k}, last=None),
                    f"clue {k + 1} {verb}")

    goal = ("find who goes with what: mark O where two things go together and X where they "
            "do not, until every O of the one solution stands")

    def legend(self, state: Marks) -> list[Key]:
        """The marks and the highlights."""
        return [Key("#ffffff", "O", "these two go together"),
                Key("#ffffff", "X", "these two do not"),
                Key("#fff6c2", "", "yellow: the hint's (or last deduction's) cell, or the "
                    "clicked clue's cells"),
                Key("#ffffff", "", "blue frame: the cursor; press c for red dashed frames "
                    "on wrong marks")]

    def optimum(self, state: Marks) -> int:
        """Fewest moves to the goal: one per missing O and per other wrong mark."""
        todo = {(x, y) for x, y in self.cells
                if self.answer[x, y] == O and state.at(x, y) != O}
        return len(todo | set(self.wrong(state)))

    def keys(self) -> dict[str, str]:
        """Arrows move the cursor, x / o / space mark."""
        return {"arrows": "from the board: move the cursor", "x": "mark the cursor's cell X",
                "o": "mark it O", "Space": "clear it"}

    def load(self, text_block: str) -> LogicGrid:
        """A puzzle from ``space: mini`` (or ``clue``) and one clue per line (ValueError
        naming the line and the clue)."""
        lines = [(i, ln.strip()) for i, ln in enumerate(str(text_block).splitlines(), 1)
                 if ln.strip() and not ln.strip().startswith("#")]
        if not lines or not lines[0][1].lower().startswith("space:"):
            raise ValueError("line 1: field 'space': start with 'space: mini' or "
                             "'space: clue'")
        name = lines[0][1].partition(":")[2].strip().lower()
        if name not in SPACES:
            raise ValueError(f"line {lines[0][0]}, field 'space': mini or clue, got {name!r}")
        space, hints = SPACES[name], []
        for i, line in lines[1:]:
            try:
                hints.append(parse(space, line))
            except ValueError as err:
                raise ValueError(f"line {i}, clue {len(hints) + 1}: {err}") from None
        if not hints:
            raise ValueError("no clue after the 'space' line")
        try:
            return LogicGrid(space, hints)
        except ValueError as err:
            raise ValueError(f"the {len(hints)} clues: {err}") from None

    def dump(self, state: Marks) -> str:
        """The puzzle as :meth:`load` reads it (the clues; the marks are the reader's)."""
        name = next(k for k, v in SPACES.items() if v == self.space)
        return "\n".join([f"space: {name}"] + [f"{k + 1}. {text(self.space, h)}"
                                                for k, h in enumerate(self.hints)])

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
