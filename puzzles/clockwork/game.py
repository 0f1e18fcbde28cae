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
from puzzles.clockwork.model import (
    Puzzle,
    State,
    action_str,
    apply,
    fitness,
    is_goal,
    make_action,
    parse_state,
    state_str,
)
from puzzles.clockwork.scene import light_colours, player_scene
from puzzles.clockwork.search import shortest_solution
from puzzles.core.board import Event, Key, Scene, field_control
from puzzles.core.game import Edit, Game, View, read_fields

COLOUR_NAMES = {2: ["white", "grey"], 3: ["green", "amber", "red"]}
TYPED = "typed"  # the name a loaded puzzle plays under


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
        self._optimum: dict[str, int | None] = {}

    @property
    def goal(self) -> str:  # type: ignore[override]
        """The goal in one sentence (the goal setting's colour depends on c)."""
        c = self.puzzles[self.start].c
        name = COLOUR_NAMES.get(c, ["the first colour"])[0]
        return (f"bring every light to setting 0 ({name}); an action turns the hand, then "
                "adds to the lights counted from it")

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

    def legend(self, state: Position) -> list[Key]:
        """Each light setting's colour with its digit (the digit is drawn in the light too)."""
        c = self.puzzle(state).c
        names = COLOUR_NAMES.get(c, [""] * c)
        return [Key(colour, str(v), f"setting {v}" + (f" ({names[v]})" if names[v] else "")
                    + (": the goal" if v == 0 else f": {c - v} more to reach 0"))
                for v, colour in enumerate(light_colours(c))] + \
            [Key("#eef3fb", "a", "an action: click it or press its key; the small number "
                 "by a light is its position")]

    def keys(self) -> dict[str, str]:
        """Digit keys play an action."""
        return {"0-9": "play action a0-a9"}

    def optimum(self, state: Position) -> int | None:
        """Fewest actions from ``state`` (the optimal solver; cached for each start)."""
        if state == Position(state.instance, self.puzzle(state).initial):
            if state.instance not in self._optimum:
                plan = self.solve(state)
                self._optimum[state.instance] = None if plan is None else len(plan)
            return self._optimum[state.instance]
        plan = self.solve(state)
        return None if plan is None else len(plan)

    def load(self, text: str) -> Clockwork:
        """A puzzle from ``c: <settings>``, ``initial: <hand>,<lights>`` and ``actions:
        <k>:<digits>; ...`` lines (ValueError naming the line and field)."""
        f = read_fields(text, ("c", "initial", "actions"))
        try:
            c = int(f["c"].value)
        except ValueError:
            raise f["c"].fail("c", f"a whole number of settings (>= 2), got "
                                   f"{f['c'].value!r}") from None
        if not 2 <= c <= 10:
            raise f["c"].fail("c", f"settings must lie in 2..10 (one digit each), got {c}")
        lights = f["initial"].value.partition(",")[2].strip()
        n = len(lights)
        if n < 2:
            raise f["initial"].fail("initial", "write the hand, a comma and one digit per "
                                    "light, e.g. 0,0101")
        try:
            initial = parse_state(f["initial"].value, n, c)
        except ValueError as err:
            raise f["initial"].fail("initial", str(err)) from None
        actions = []
        for j, part in enumerate(p.strip() for p in f["actions"].value.split(";")):
            k_txt, colon, digits = part.partition(":")
            try:
                if not colon or len(digits.strip()) != n:
                    raise ValueError(f"write k:<{n} digits>")
                actions.append(make_action(int(k_txt), [int(d) for d in digits.strip()], n, c))
            except ValueError as err:
                raise f["actions"].fail("actions", f"action {j} ({part!r}): {err}") from None
        if len(actions) > 10:
            raise f["actions"].fail("actions", f"at most 10 actions (keys 0-9), got "
                                    f"{len(actions)}")
        puzzle = Puzzle(n, c, initial, tuple(actions), name=TYPED,
                        description=f"typed: n={n}, c={c}")
        return Clockwork({TYPED: puzzle, **{k: v for k, v in self.puzzles.items()
                                           if k != TYPED}}, TYPED)

    def dump(self, state: Position) -> str:
        """The current clock and the instance's actions in the format :meth:`load` reads."""
        p = self.puzzle(state)
        return (f"c: {p.c}\ninitial: {state_str(state.clock)}\nactions: "
                + "; ".join(action_str(a) for a in p.actions))

    def read(self, state: Position, event: Event) -> int | Edit[Position] | None:
        """``action-<i>`` clicks and digit keys play action i; the instance field switches."""
        if event.kind == "click" and event.id.startswith("action-"):
            return int(event.id.split("-")[1])
        if event.kind == "key":
            if not (len(event.id) == 1 and event.id.isdigit()):
                n = len(self.puzzle(state).actions)
                raise ValueError(f"key {event.id!r}: press an action's digit (0-{n - 1}) or "
                                 "click an action")
            return int(event.id)
        if event.kind == "input" and event.id == "instance":
            name = str(event.value)
            if name not in self.puzzles:
                raise ValueError(f"no instance named {name!r}")
            p = self.puzzles[name]
            return Edit(Position(name, p.initial), f"{name}: {p.description}".rstrip(": "),
                        restarts=True)
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
