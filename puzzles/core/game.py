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

import numpy as np

from puzzles.core.board import Board, Event, Key, Scene, button, text_area, with_key

S = TypeVar("S")
M = TypeVar("M")

# Keys the Player reads itself; a game's own keys must be others.
PLAYER_KEYS = {"z": "undo", "Backspace": "undo", "y": "redo", "h": "hint", "s": "step"}
PLAYER_BUTTONS = (("undo", "undo"), ("redo", "redo"), ("reset", "restart"), ("hint", "hint"),
                  ("step", "step"), ("load", "load puzzle"), ("export", "export"))
BROWSER_KEYS = {"Tab": "step into the board's pieces", "arrows": "on a piece: move to the next "
                "one that way", "Enter / Space": "click the piece in focus",
                "?": "show or hide these keys"}


@dataclass(frozen=True)
class Edit(Generic[S]):
    """A change that is not a move: the new state and what it did. A selection (picking a
    piece, turning it) keeps the move count; ``restarts`` marks an edit of the puzzle itself
    (another instance, a changed jump), after which the moves count from 0 again."""

    state: S
    text: str
    restarts: bool = False


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

    goal: str = ""
    """The goal in one sentence, drawn under the board."""

    def legend(self, state: S) -> list[Key]:
        """What the board's colours and marks mean (each with a mark, not colour alone)."""
        return []

    def keys(self) -> dict[str, str]:
        """The game's own keys and what they do (for the help the ``?`` key shows)."""
        return {}

    def optimum(self, state: S) -> int | None:
        """Fewest moves from ``state`` to a goal when known exactly (None otherwise)."""
        return None

    def load(self, text: str) -> Game[S, M]:
        """A new game from the family's text format (ValueError naming the line and field)."""
        raise ValueError(f"{self.title or type(self).__name__} cannot load a puzzle from text")

    def dump(self, state: S) -> str:
        """``state`` in the text format :meth:`load` reads."""
        raise ValueError(f"{self.title or type(self).__name__} cannot export its puzzle as text")


@dataclass(frozen=True)
class Field:
    """One ``name: value`` line of a puzzle's text: its line number (from 1) and value."""

    line: int
    value: str

    def fail(self, name: str, why: str) -> ValueError:
        """The error for a bad value: it names the line and the field."""
        return ValueError(f"line {self.line}, field {name!r}: {why}")


def read_fields(text: str, required: Sequence[str], optional: Sequence[str] = ()
                ) -> dict[str, Field]:
    """The ``name: value`` lines of a puzzle's text (blank lines and ``#`` comments skipped);
    ValueError naming the line and field of an unknown, repeated or missing field."""
    known = list(required) + list(optional)
    out: dict[str, Field] = {}
    for i, raw in enumerate(str(text).splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, colon, value = line.partition(":")
        name = name.strip().lower()
        if not colon:
            raise ValueError(f"line {i}: expected 'name: value' (fields: {', '.join(known)}), "
                             f"got {line!r}")
        if name not in known:
            raise ValueError(f"line {i}: unknown field {name!r} (fields: {', '.join(known)})")
        if name in out:
            raise ValueError(f"line {i}: field {name!r} given twice (first on line "
                             f"{out[name].line})")
        out[name] = Field(i, value.strip())
    missing = [n for n in required if n not in out]
    if missing:
        raise ValueError(f"field {missing[0]!r} missing: the text needs lines "
                         + ", ".join(f"'{n}: ...'" for n in required))
    return out


def _same(a: object, b: object) -> bool:
    """Equal states, arrays included (compared element by element)."""
    try:
        return bool(a == b)
    except ValueError:  # numpy arrays: == is element-wise

        return bool(np.array_equal(a, b))


def join_status(parts: Sequence[str]) -> str:
    """The status line's parts joined by `` · ``, each without the full stop it may end with
    (no doubled punctuation such as "solved!." or "4.. ·")."""
    out = []
    for p in parts:
        p = str(p).strip()
        while p.endswith("."):
            p = p[:-1].rstrip()
        if p:
            out.append(p)
    return " · ".join(out)


@dataclass(frozen=True)
class Position(Generic[S, M]):
    """One entry of the history: the game (a load changes it), the state and how we got here."""

    game: Game[S, M]
    state: S
    how: str  # "start", "move", "edit" (a selection), "puzzle" (an edit that restarts),
    # "load" or "reset"


@dataclass
class Player(Generic[S, M]):
    """Plays a :class:`Game` on a :class:`Board`: history, undo/redo of every action (moves,
    edits, loads, resets), hint, step, status, key, help, import and export."""

    start: Game[S, M]
    history: list[Position[S, M]] = field(init=False)
    future: list[Position[S, M]] = field(init=False, default_factory=list)
    view: View = field(init=False, default_factory=View)
    note: str = field(init=False, default="")
    draft: str = field(init=False, default="")
    board: Board = field(init=False)
    _best: dict[Position[S, M], int | None] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.history = [Position(self.start, self.start.initial(), "start")]
        self.board = Board(self.handle, title=self.start.title)
        self.refresh()

    @property
    def game(self) -> Game[S, M]:
        """The game being played (the last one loaded)."""
        return self.history[-1].game

    @property
    def state(self) -> S:
        """The current state."""
        return self.history[-1].state

    @property
    def actions(self) -> int:
        """Actions since the start (moves, edits, loads and restarts)."""
        return len(self.history) - 1

    @property
    def origin(self) -> Position[S, M]:
        """The position the move count starts from (start, restart, load or puzzle edit)."""
        for pos in reversed(self.history):
            if pos.how not in ("move", "edit"):
                return pos
        return self.history[0]

    @property
    def moves_made(self) -> int:
        """Moves since the last start, restart, load or edit of the puzzle (selections are
        not moves and do not restart the count)."""
        n = 0
        for pos in reversed(self.history):
            if pos.how not in ("move", "edit"):
                return n
            n += pos.how == "move"
        return n

    def _push(self, pos: Position[S, M], note: str) -> None:
        self.history.append(pos)
        self.future.clear()
        self.view = View(self.view.toggles)
        self.refresh(note)

    def play(self, move: M) -> S:
        """Play ``move`` (ValueError with the game's reason when it is illegal)."""
        state = self.game.apply(self.state, move)
        self._push(Position(self.game, state, "move"), self.game.name_move(move))
        return self.state

    def undo(self) -> None:
        """Take back the last action."""
        if len(self.history) == 1:
            self.refresh("nothing to undo")
            return
        self.future.append(self.history.pop())
        self.view = View(self.view.toggles)
        self.refresh(f"undone: back to the position after {self.actions} actions")

    def redo(self) -> None:
        """Play again the last action undone."""
        if not self.future:
            self.refresh("nothing to redo")
            return
        self.history.append(self.future.pop())
        self.refresh("redone")

    def reset(self) -> None:
        """Back to the current game's start (undoable: the restart is an action)."""
        if _same(self.state, self.game.initial()):
            self.refresh("at the start")
            return
        self._push(Position(self.game, self.game.initial(), "reset"), "restarted")

    def hint(self) -> None:
        """Show the next move of a solution without playing it."""
        if self.game.is_goal(self.state):
            self.refresh("solved already")
            return
        move = self.game.hint(self.state)
        self.view = View(self.view.toggles, move)
        self.refresh("no solution from here: undo" if move is None else
                     f"hint: {self.game.name_move(move)}")

    def step(self) -> None:
        """Play the next move of a solution from the current position."""
        if self.game.is_goal(self.state):
            self.refresh("solved already")
            return
        move = self.game.hint(self.state)
        if move is None:
            self.refresh("no solution from here: undo")
            return
        self.play(move)

    def load(self) -> None:
        """Load the puzzle typed in the text field (undoable)."""
        try:
            if not self.draft.strip():
                raise ValueError("type or paste a puzzle in the puzzle field first")
            game = self.game.load(self.draft)
        except ValueError as err:
            err.field = "puzzle"  # type: ignore[attr-defined]  # the board marks the field
            raise
        self._push(Position(game, game.initial(), "load"), "loaded the typed puzzle")

    def export(self) -> None:
        """Write the current position in the text format into the puzzle field."""
        self.draft = self.game.dump(self.state)
        self.refresh("exported: the puzzle field holds the current position")

    def toggle(self, name: str) -> None:
        """Flip a display toggle of the game."""
        self.view = View(self.view.toggles ^ {name}, self.view.hint)
        self.refresh()

    def edit(self, edit: Edit[S]) -> None:
        """Apply an edit of the puzzle (undoable like a move)."""
        self._push(Position(self.game, edit.state, "puzzle" if edit.restarts else "edit"),
                   edit.text)

    def handle(self, ev: Event) -> None:
        """The board's events: the Player's buttons, keys and field, then the game's input."""
        if ev.kind == "button" and ev.id in {b for b, _ in PLAYER_BUTTONS}:
            getattr(self, ev.id)()
        elif ev.kind == "input" and ev.id == "puzzle":
            self.draft = ev.value or ""
            self.refresh("puzzle text kept: press load puzzle to play it")
        elif ev.kind == "key" and ev.id in PLAYER_KEYS:
            getattr(self, PLAYER_KEYS[ev.id])()
        elif ev.kind == "key" and ev.id in self.game.toggles():
            self.toggle(ev.id)
        else:
            action = self.game.read(self.state, ev)
            if action is None:
                raise ValueError(f"{ev.kind} {ev.id!r} does nothing here; press ? for the keys")
            if isinstance(action, Edit):
                self.edit(action)
            else:
                self.play(action)

    def help_text(self) -> str:
        """Every key of this board and what it does."""
        keys = {**{k: v for k, v in PLAYER_KEYS.items()}, **self.game.keys(),
                **{k: f"show or hide the {v}" for k, v in self.game.toggles().items()},
                **BROWSER_KEYS}
        return "\n".join(f"{k:>13}  {v}" for k, v in keys.items())

    def win_text(self) -> str:
        """The win message: moves made and, where known, the optimum from the start."""
        origin = self.origin
        try:
            best = self._best[origin]
        except KeyError:  # the solver runs once per position the count starts from
            best = self._best[origin] = origin.game.optimum(origin.state)
        except TypeError:  # a state that cannot be hashed: no cache
            best = origin.game.optimum(origin.state)
        text = f"solved in {self.moves_made} moves"
        if best is not None:
            text += f" (the fewest possible: {best})"
        return text

    def refresh(self, note: str | None = None) -> None:
        """Redraw the scene with its goal and key, the controls, the status line and help."""
        if note is not None:
            self.note = note
        game, state = self.game, self.state
        self.board.title, self.board.goal = game.title, game.goal
        self.board.show(with_key(game.scene(state, self.view), game.goal, game.legend(state)))
        self.board.controls = [button(i, label) for i, label in PLAYER_BUTTONS] + \
            game.controls(state) + [text_area("puzzle", "puzzle (text)", self.draft)]
        parts = [f"moves {self.moves_made}", game.describe(state)]
        if game.is_goal(state):
            parts.append(self.win_text())
        if self.note:
            parts.append(self.note)
        self.board.status = join_status(parts)
        self.board.help = self.help_text()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Display the board."""
        return self.board._repr_mimebundle_(**kwargs)
