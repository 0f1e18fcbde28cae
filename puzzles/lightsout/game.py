"""The ``Game`` of Lights Out: what the core ``Player`` plays on the shared board."""

from __future__ import annotations

from collections.abc import Sequence

from puzzles.core.board import Event, Key, Scene, field_control
from puzzles.core.game import Edit, Game, View
from puzzles.lightsout import scene
from puzzles.lightsout.model import (
    ALL_OFF,
    CELLS,
    SIZE,
    check_cell,
    check_state,
    lights_on,
    press_mask,
)
from puzzles.lightsout.search import distances, shortest_presses


class LightsOut(Game[int, int]):
    """One Lights Out board; a move is the index (0-8) of the pressed cell."""

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
        """Toggle the pressed cell and its neighbours (ValueError for a cell off the board)."""
        return check_state(state) ^ press_mask(move)

    def illegal(self, state: int) -> int:
        """A press off the board."""
        return CELLS

    def is_goal(self, state: int) -> bool:
        """All lights off."""
        return state == ALL_OFF

    def solve(self, state: int) -> list[int] | None:
        """A shortest press list."""
        return shortest_presses(state)

    def scene(self, state: int, view: View) -> Scene:
        """The board's drawing (:func:`puzzles.lightsout.scene.draw`)."""
        return scene.draw(state, view)

    def read(self, state: int, event: Event) -> int | Edit[int] | None:
        """Click a cell or type its number 1-9 to press it; the field toggles one light."""
        if event.kind == "click" and event.id.startswith("cell-"):
            return int(event.id.removeprefix("cell-"))
        if event.kind == "key" and event.id.isdigit():
            if event.id == "0":
                raise ValueError("cells are numbered 1-9")
            return int(event.id) - 1
        if event.kind == "input" and event.id == "toggle":
            text = (event.value or "").strip()
            if not text.isdigit():
                raise ValueError(f"type a cell number 1-{CELLS}, got {text!r}")
            cell = check_cell(int(text) - 1)
            return Edit(state ^ (1 << cell), f"light {cell + 1} toggled")
        return None

    def describe(self, state: int) -> str:
        """How many lights are on."""
        return f"{lights_on(state)} lights on"

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
        return scene.legend()

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


def examples() -> list[LightsOut]:
    """The boards the notebook and the conformance test play: a checkerboard and a lit row."""
    return [LightsOut(), LightsOut(0b111000000)]
