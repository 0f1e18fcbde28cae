"""The ``Game`` contract and the one ``Player`` that plays any game on the shared board.

As in Simon Tatham's collection (one ``struct game`` per puzzle, one midend for all), a family
describes its puzzle as a :class:`Game`: the start state, the legal moves, applying a move
(a ``ValueError`` naming the reason when it is illegal), the goal test, a solver, the scene that
draws a state, and how a click or a key becomes a move or an edit. :class:`Player` owns
everything else: the history with undo and redo of every action (edits included), reset, hint,
step, the status line, errors shown to the reader and the win message. States are immutable
values (a tuple, a frozen dataclass, a read-only array): the history keeps them as they are.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from puzzles.core.board import Board, Event, Scene, button

S = TypeVar("S")
M = TypeVar("M")

# Keys the Player reads itself; a game's own keys must be others.
PLAYER_KEYS = {"z": "undo", "Backspace": "undo", "y": "redo", "h": "hint", "s": "step"}
PLAYER_BUTTONS = (("undo", "undo"), ("redo", "redo"), ("reset", "restart"), ("hint", "hint"),
                  ("step", "step"))


@dataclass(frozen=True)
class Edit(Generic[S]):
    """A change to the puzzle itself (not a move): the new state and what it did."""

    state: S
    text: str


@dataclass(frozen=True)
class View:
    """What the reader chose to see: the game's display toggles (by name) and the hint."""

    toggles: frozenset[str] = frozenset()
    hint: Any = None


class Game(ABC, Generic[S, M]):
    """One puzzle instance: states, moves, goal, solver, drawing and input."""

    title: str = ""

    @abstractmethod
    def initial(self) -> S:
        """The start state."""

    @abstractmethod
    def moves(self, state: S) -> Sequence[M]:
        """The legal moves from ``state``."""

    @abstractmethod
    def apply(self, state: S, move: M) -> S:
        """The state after ``move`` (ValueError naming why when the move is illegal)."""

    @abstractmethod
    def illegal(self, state: S) -> M:
        """A move the rules refuse from ``state`` (the conformance test checks the message)."""

    @abstractmethod
    def is_goal(self, state: S) -> bool:
        """True when ``state`` solves the puzzle."""

    @abstractmethod
    def solve(self, state: S) -> list[M] | None:
        """A shortest (or the solver's best) move list from ``state`` to a goal; None if none."""

    @abstractmethod
    def scene(self, state: S, view: View) -> Scene:
        """The one drawing of ``state`` (SVG through the board, PNG through ``scene_png``)."""

    @abstractmethod
    def read(self, state: S, event: Event) -> M | Edit[S] | None:
        """The move (or edit) a click, key or field means; None when it means nothing here.

        Raise ValueError naming what is wrong for an input that cannot be a move.
        """

    def hint(self, state: S) -> M | None:
        """The next move of a solution from ``state`` (None at a goal or a dead end)."""
        plan = self.solve(state)
        return plan[0] if plan else None

    def describe(self, state: S) -> str:
        """A one-line summary of ``state`` for the status line."""
        return ""

    def name_move(self, move: M) -> str:
        """How a move reads in the status line."""
        return str(move)

    def toggles(self) -> dict[str, str]:
        """Display toggles: key -> what it shows (the Player flips them, they are not moves)."""
        return {}

    def controls(self, state: S) -> list[dict[str, Any]]:
        """Extra controls (fields, buttons) below the Player's own."""
        return []


@dataclass
class Player(Generic[S, M]):
    """Plays a :class:`Game` on a :class:`Board`: history, undo/redo, hint, step, status."""

    game: Game[S, M]
    history: list[S] = field(init=False)
    future: list[S] = field(init=False, default_factory=list)
    view: View = field(init=False, default_factory=View)
    note: str = field(init=False, default="")
    board: Board = field(init=False)

    def __post_init__(self) -> None:
        self.history = [self.game.initial()]
        self.board = Board(self.handle, title=self.game.title)
        self.refresh()

    @property
    def state(self) -> S:
        """The current state."""
        return self.history[-1]

    @property
    def moves_made(self) -> int:
        """Actions since the start (moves and edits)."""
        return len(self.history) - 1

    def _push(self, state: S, note: str) -> None:
        self.history.append(state)
        self.future.clear()
        self.view = View(self.view.toggles)
        self.refresh(note)

    def play(self, move: M) -> S:
        """Play ``move`` (ValueError with the game's reason when it is illegal)."""
        self._push(self.game.apply(self.state, move), self.game.name_move(move))
        return self.state

    def undo(self) -> None:
        """Take back the last action."""
        if len(self.history) == 1:
            self.refresh("nothing to undo")
            return
        self.future.append(self.history.pop())
        self.view = View(self.view.toggles)
        self.refresh("undone")

    def redo(self) -> None:
        """Play again the last action undone."""
        if not self.future:
            self.refresh("nothing to redo")
            return
        self.history.append(self.future.pop())
        self.refresh("redone")

    def reset(self) -> None:
        """Back to the start state (undoable: the start is pushed as an action)."""
        if len(self.history) > 1:
            self._push(self.history[0], "restarted")
        else:
            self.refresh("at the start")

    def hint(self) -> None:
        """Show the next move of a solution without playing it."""
        move = None if self.game.is_goal(self.state) else self.game.hint(self.state)
        self.view = View(self.view.toggles, move)
        self.refresh("solved already" if self.game.is_goal(self.state) else
                     "no solution from here: undo" if move is None else
                     f"hint: {self.game.name_move(move)}")

    def step(self) -> None:
        """Play the next move of a solution."""
        if self.game.is_goal(self.state):
            self.refresh("solved already")
            return
        move = self.game.hint(self.state)
        if move is None:
            self.refresh("no solution from here: undo")
            return
        self.play(move)

    def toggle(self, name: str) -> None:
        """Flip a display toggle of the game."""
        self.view = View(self.view.toggles ^ {name}, self.view.hint)
        self.refresh()

    def handle(self, ev: Event) -> None:
        """The board's events: the Player's buttons and keys, then the game's input."""
        if ev.kind == "button" and ev.id in {b for b, _ in PLAYER_BUTTONS}:
            getattr(self, ev.id)()
        elif ev.kind == "key" and ev.id in PLAYER_KEYS:
            getattr(self, PLAYER_KEYS[ev.id])()
        elif ev.kind == "key" and ev.id in self.game.toggles():
            self.toggle(ev.id)
        else:
            action = self.game.read(self.state, ev)
            if action is None:
                keys = ", ".join(f"{k} {v}" for k, v in {**PLAYER_KEYS,
                                                          **self.game.toggles()}.items())
                raise ValueError(f"{ev.kind} {ev.id!r} does nothing here (keys: {keys})")
            if isinstance(action, Edit):
                self._push(action.state, action.text)
            else:
                self.play(action)

    def refresh(self, note: str | None = None) -> None:
        """Redraw the scene, the controls and the status line."""
        if note is not None:
            self.note = note
        self.board.show(self.game.scene(self.state, self.view))
        self.board.controls = [button(i, label) for i, label in PLAYER_BUTTONS] + \
            self.game.controls(self.state)
        parts = [f"moves {self.moves_made}", self.game.describe(self.state)]
        if self.game.is_goal(self.state):
            parts.append(f"solved in {self.moves_made} moves")
        if self.note:
            parts.append(self.note)
        self.board.status = " · ".join(p for p in parts if p)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Display the board."""
        return self.board._repr_mimebundle_(**kwargs)
