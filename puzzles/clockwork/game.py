"""The clockwork puzzle as a :class:`~puzzles.core.game.Game`: click an action (or press its
digit) to play it; the hint and the step are the optimal solver's next action (bidirectional
search from the current state); choosing another instance is an edit, so it is undone like a
move. The core ``Player`` owns history, undo/redo, reset, hint, step and the status line.

Scene ids (``puzzles.clockwork.scene``): ``light-<i>`` and ``action-<i>``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from puzzles.clockwork.instances import instance
from puzzles.clockwork.model import Puzzle, State, apply, fitness, is_goal, state_str
from puzzles.clockwork.scene import player_scene
from puzzles.clockwork.search import shortest_solution
from puzzles.core.board import Event, Scene, field_control
from puzzles.core.game import Edit, Game, View


class Position(NamedTuple):
    """A state of the game: the instance being played and its clock."""

    instance: str
    clock: State


class Clockwork(Game[Position, int]):
    """Play any of ``puzzles`` (by name), starting with ``start``; a move is an action index."""

    title = "clockwork"

    def __init__(self, puzzles: Mapping[str, Puzzle], start: str | None = None) -> None:
        if not puzzles:
            raise ValueError("puzzles must not be empty")
        self.puzzles = dict(puzzles)
        self.start = start if start is not None else next(iter(self.puzzles))
        if self.start not in self.puzzles:
            raise ValueError(f"start {self.start!r} is not one of the puzzles")

    def puzzle(self, state: Position) -> Puzzle:
        """The instance ``state`` plays."""
        return self.puzzles[state.instance]

    def initial(self) -> Position:
        """The start instance as dealt."""
        return Position(self.start, self.puzzles[self.start].initial)

    def moves(self, state: Position) -> Sequence[int]:
        """Every action can be played from every state."""
        return range(len(self.puzzle(state).actions))

    def apply(self, state: Position, move: int) -> Position:
        """The clock after action ``move``."""
        p = self.puzzle(state)
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move < len(p.actions):
            raise ValueError(f"action index {move} not in 0..{len(p.actions) - 1}")
        return Position(state.instance, apply(state.clock, p.actions[move], p.n, p.c))

    def illegal(self, state: Position) -> int:
        """An action index past the last action."""
        return len(self.puzzle(state).actions)

    def is_goal(self, state: Position) -> bool:
        """Every light at a goal setting (any hand)."""
        return is_goal(state.clock, self.puzzle(state))

    def solve(self, state: Position) -> list[int] | None:
        """A shortest action list from ``state`` (bidirectional search); None if unsolvable."""
        return shortest_solution(self.puzzle(state), state.clock)

    def scene(self, state: Position, view: View) -> Scene:
        """The clock and one clickable box per action, the hinted one outlined."""
        p = self.puzzle(state)
        return player_scene(state.clock, p.c, p.actions, view.hint, self.is_goal(state))

    def read(self, state: Position, event: Event) -> int | Edit[Position] | None:
        """``action-<i>`` clicks and digit keys play action i; the instance field switches."""
        if event.kind == "click" and event.id.startswith("action-"):
            return int(event.id.split("-")[1])
        if event.kind == "key":
            if not event.id.isdigit():
                n = len(self.puzzle(state).actions)
                raise ValueError(f"key {event.id!r}: press an action's digit (0-{n - 1}) or "
                                 "click an action")
            return int(event.id)
        if event.kind == "input" and event.id == "instance":
            name = str(event.value)
            if name not in self.puzzles:
                raise ValueError(f"no instance named {name!r}")
            p = self.puzzles[name]
            return Edit(Position(name, p.initial), f"{name}: {p.description}".rstrip(": "))
        return None

    def describe(self, state: Position) -> str:
        """The instance, its fitness (increments still needed) and the state."""
        c = self.puzzle(state).c
        return (f"{state.instance}: fitness {fitness(state.clock, c)}, state "
                f"({state_str(state.clock)})")

    def name_move(self, move: int) -> str:
        """``a<i>``, the action's name on the board."""
        return f"a{move}"

    def controls(self, state: Position) -> list[dict]:
        """The instance picker."""
        return [field_control("instance", "instance", state.instance, list(self.puzzles))]


def examples() -> list[Clockwork]:
    """Small solvable games: B1 (12 lights, two actions) and C1 (three settings)."""
    return [Clockwork({"B1": instance("B1"), "A4": instance("A4")}),
            Clockwork({"C1": instance("C1")})]
