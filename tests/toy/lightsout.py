"""A toy family that proves the contract: Lights Out on 3x3 as a ``Game`` and a ``Paper``.

Pressing a cell toggles it and its orthogonal neighbours; the goal is every light off. A state
is a 9-bit mask (bit ``3 r + c`` lit). The toy "paper" claims that every 3x3 board can be
cleared and that a random board needs 4.5 presses on average; one experiment samples random
boards and solves them exactly, and two registered evidence functions decide both claims with
the verdict engine.
CONTRIBUTING.md walks through this file as the worked example of a new family.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pandas as pd

from puzzles.core.board import Event, Key, Scene, field_control
from puzzles.core.evidence import Data, Finding, Register
from puzzles.core.game import Edit, Game, View
from puzzles.core.paper import Budget, Experiment, Paper, Task, knob
from puzzles.core.verdicts import Margin, Sample, count, estimate

SIZE = 3
CELLS = SIZE * SIZE
ALL_OFF = 0

# -- the model --------------------------------------------------------------------------------


def press_mask(cell: int) -> int:
    """The lights a press on ``cell`` toggles: itself and its orthogonal neighbours."""
    if not 0 <= cell < CELLS:
        raise ValueError(f"cell {cell} is off the board: cells are 0..{CELLS - 1}")
    r, c = divmod(cell, SIZE)
    mask = 1 << cell
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
            mask |= 1 << ((r + dr) * SIZE + c + dc)
    return mask


@cache
def distances() -> np.ndarray:
    """Fewest presses from every state to all-off (-1 where unreachable), by BFS from the goal."""
    dist = np.full(1 << CELLS, -1, dtype=np.int64)
    dist[ALL_OFF] = 0
    frontier = [ALL_OFF]
    while frontier:
        nxt = []
        for s in frontier:
            for cell in range(CELLS):
                t = s ^ press_mask(cell)
                if dist[t] < 0:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    return dist


def check_state(state: int) -> int:
    """``state`` if it is a 9-bit mask, else ValueError naming what is wrong."""
    if isinstance(state, bool) or not isinstance(state, int | np.integer):
        raise ValueError(f"a state is an int bit mask, got {state!r}")
    if not 0 <= state < 1 << CELLS:
        raise ValueError(f"a 3x3 state is a mask in 0..{(1 << CELLS) - 1}, got {state}")
    return int(state)


# -- the game ---------------------------------------------------------------------------------


class LightsOut(Game[int, int]):
    """One Lights Out board; a move is the index of the pressed cell."""

    title = "Lights Out 3x3"
    goal = "switch every light off; a press toggles a cell and its neighbours"

    def __init__(self, start: int = 0b101010101) -> None:
        self.start = check_state(start)

    def initial(self) -> int:
        """The board as dealt."""
        return self.start

    def moves(self, state: int) -> Sequence[int]:
        """Every cell can be pressed."""
        return range(CELLS)

    def apply(self, state: int, move: int) -> int:
        """Toggle the pressed cell and its neighbours."""
        return check_state(state) ^ press_mask(move)

    def illegal(self, state: int) -> int:
        """A press off the board."""
        return CELLS

    def is_goal(self, state: int) -> bool:
        """All lights off."""
        return state == ALL_OFF

    def solve(self, state: int) -> list[int] | None:
        """A shortest press list, walking down the BFS distances."""
        dist = distances()
        if dist[state] < 0:
            return None
        plan = []
        while state != ALL_OFF:
            move = next(m for m in range(CELLS) if dist[state ^ press_mask(m)] == dist[state] - 1)
            plan.append(move)
            state ^= press_mask(move)
        return plan

    def scene(self, state: int, view: View) -> Scene:
        """Lit cells yellow, the hinted cell framed red; ``n`` shows the cell numbers."""
        sc = Scene(SIZE * 40 + 8, SIZE * 40 + 8)
        for cell in range(CELLS):
            r, c = divmod(cell, SIZE)
            lit = bool(state >> cell & 1)
            sc.rect(4 + c * 40, 4 + r * 40, 38, 38, id=f"cell-{cell}",
                    fill="#f5d142" if lit else "#333333",
                    stroke="#d62728" if view.hint == cell else "#888888",
                    stroke_width=3 if view.hint == cell else 1)
            if "n" in view.toggles:
                sc.text(23 + c * 40, 23 + r * 40, cell + 1, fill="#000000" if lit else "#ffffff")
        return sc

    def read(self, state: int, event: Event) -> int | Edit[int] | None:
        """Click a cell or type its number 1-9 to press it; shift-click (``x``) edits a light."""
        if event.kind == "click" and event.id.startswith("cell-"):
            return int(event.id.removeprefix("cell-"))
        if event.kind == "key" and event.id.isdigit():
            if event.id == "0":
                raise ValueError("cells are numbered 1-9")
            return int(event.id) - 1
        if event.kind == "input" and event.id == "toggle":
            cell = int(event.value or "0") - 1
            return Edit(state ^ (1 << check_cell(cell)), f"light {cell + 1} toggled")
        return None

    def describe(self, state: int) -> str:
        """How many lights are on."""
        return f"{bin(state).count('1')} lights on"

    def name_move(self, move: int) -> str:
        """Cells read 1-9."""
        return f"press {move + 1}"

    def toggles(self) -> dict[str, str]:
        """``n`` shows the cell numbers."""
        return {"n": "cell numbers"}

    def controls(self, state: int) -> list[dict]:
        """A field that toggles one light: the toy's editor."""
        return [field_control("toggle", "toggle light (1-9)", "")]

    def keys(self) -> dict[str, str]:
        """Digits press cells."""
        return {"1-9": "press that cell (rows from the top)"}

    def legend(self, state: int) -> list[Key]:
        """Lit and dark cells."""
        return [Key("#f5d142", "", "a lit cell"), Key("#333333", "", "a dark cell")]

    def optimum(self, state: int) -> int | None:
        """The BFS distance is exact."""
        return int(distances()[state])

    def load(self, text: str) -> LightsOut:
        """Three lines of three characters: ``#`` lit, ``.`` dark."""
        rows = [r.strip() for r in text.strip().splitlines()]
        if len(rows) != SIZE:
            raise ValueError(f"a 3x3 board has {SIZE} lines, got {len(rows)}")
        state = 0
        for r, row in enumerate(rows):
            if len(row) != SIZE or set(row) - {"#", "."}:
                raise ValueError(f"line {r + 1}: {SIZE} characters of # (lit) or . (dark), "
                                 f"got {row!r}")
            state |= sum(1 << (r * SIZE + c) for c, ch in enumerate(row) if ch == "#")
        return LightsOut(state)

    def dump(self, state: int) -> str:
        """The format :meth:`load` reads."""
        return "\n".join("".join("#" if state >> (r * SIZE + c) & 1 else "."
                                 for c in range(SIZE)) for r in range(SIZE))


def check_cell(cell: int) -> int:
    """``cell`` if it is on the board, else ValueError."""
    if not 0 <= cell < CELLS:
        raise ValueError(f"cells are numbered 1-{CELLS}, got {cell + 1}")
    return cell


# -- the paper --------------------------------------------------------------------------------


@dataclass(frozen=True)
class LightsBudget(Budget):
    """How many random boards the toy paper's experiment solves."""

    batches: int = knob("independent batches of random boards", "batches")
    boards: int = knob("random boards per batch", "boards")

    @classmethod
    def paper(cls) -> LightsBudget:
        """The toy paper's protocol."""
        return cls(batches=8, boards=250)

    @classmethod
    def smoke(cls) -> LightsBudget:
        """Seconds for tests."""
        return cls(batches=2, boards=50)


@dataclass(frozen=True)
class BoardsTask(Task):
    """One batch of random boards."""

    EXPERIMENT = "random boards"
    batch: int
    boards: int


@dataclass(frozen=True)
class BoardsResult:
    """Fewest presses of each board of a batch (-1: unsolvable)."""

    presses: tuple[int, ...]


def random_boards_tasks(budget: LightsBudget, root: int) -> list[BoardsTask]:
    """One task per batch."""
    return [BoardsTask(b, budget.boards, root=root) for b in range(budget.batches)]


def random_boards(task: BoardsTask) -> BoardsResult:
    """Draw the batch's boards from the task's seed and solve each exactly."""
    rng = np.random.default_rng(task.seed)
    states = rng.integers(0, 1 << CELLS, size=task.boards)
    return BoardsResult(tuple(int(distances()[s]) for s in states))


def random_boards_table(tasks: Sequence[BoardsTask], results: Sequence[BoardsResult]
                        ) -> pd.DataFrame:
    """One row per board: batch, board, presses."""
    return pd.DataFrame([{"batch": t.batch, "board": i, "presses": p}
                         for t, r in zip(tasks, results, strict=True)
                         for i, p in enumerate(r.presses)])


EVIDENCE = Register()


@EVIDENCE.claim("solvable", unit="instance", runs=("random boards",), references=("claims",))
def solvable(data: Data) -> Finding:
    """How many random boards clear, against the toy paper's count."""
    runs, ref = data.run("random boards"), data.reference("claims").set_index("id")
    n_paper, value = int(ref.loc["solvable", "n"]), int(ref.loc["solvable", "value"])
    cleared = int((runs["presses"] >= 0).sum())
    return Finding(count((cleared, len(runs)), (value, n_paper), Margin.rate(2.0)),
                   paper=f"{value} of {n_paper}", available=len(runs))


@EVIDENCE.claim("mean-presses", unit="instance", runs=("random boards",),
                references=("claims",))
def mean_presses(data: Data) -> Finding:
    """The mean number of presses of a random board, against the toy paper's mean."""
    p, ref = data.run("random boards")["presses"], data.reference("claims").set_index("id")
    paper = Sample(float(ref.loc["mean-presses", "value"]), int(ref.loc["mean-presses", "n"]),
                   float(ref.loc["mean-presses", "sd"]))
    return Finding(estimate(Sample.of(p.to_numpy(float)), paper, Margin.difference(0.25)),
                   paper=paper.mean, available=len(p))


PAPER: Paper[LightsBudget] = Paper(
    number="00", stem="00_lights_out", family="lightsout",
    citation="a toy paper: every 3x3 Lights Out board is solvable, in 4.5 presses on average",
    budget=LightsBudget,
    experiments=(Experiment("random boards", "solve random boards exactly", random_boards_tasks,
                            random_boards, random_boards_table),),
    data=Path(__file__).parent, evidence=EVIDENCE)
