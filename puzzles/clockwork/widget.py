"""Views on the shared board that are not games: step through the decoding of a ring read by
read (Fig. 4) and explore crossover (Fig. 5). The puzzle itself is played as
``Player(Clockwork(...))`` (``puzzles.clockwork.game``); ``scene`` draws, ``Board`` displays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzles.clockwork.dwp import DEFAULT, decode_trace
from puzzles.clockwork.examples import fig5_example
from puzzles.clockwork.model import Puzzle, apply, fitness, is_goal
from puzzles.clockwork.scene import crossover_scene, stepper_scene, symbol_label
from puzzles.core.board import Board, Event, button, field_control


class RingStepper:
    """Step through the reading of an alternator ring on a puzzle (Fig. 4), with the EA's read
    limit (``DEFAULT``) and stopping at the first goal state as the EA's evaluation does."""

    def __init__(self, puzzle: Puzzle, ring: Sequence[int], R: int,
                 steps: int = DEFAULT.L, reading: str = DEFAULT.reading) -> None:
        self.puzzle, self.ring, self.R = puzzle, [int(x) for x in ring], R
        trace = decode_trace(self.ring, R, len(puzzle.actions), L=steps, reading=reading)
        # Cut the trace after the read that reaches a goal state.
        state, self.trace = puzzle.initial, []
        for step in trace:
            self.trace.append(step)
            if step[1] >= R:
                state = apply(state, puzzle.actions[step[1] - R], puzzle.n, puzzle.c)
                if is_goal(state, puzzle):
                    break
        self.t = 0
        self.board = Board(self.handle, title="alternator ring, read by read")
        self._refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Display the board."""
        return self.board._repr_mimebundle_(**kwargs)

    def handle(self, ev: Event) -> None:
        """Buttons (and the arrow keys) step back and forth; the field jumps to a read."""
        if ev.kind == "button":
            moves = {"back": -1, "next": 1, "next10": 10, "start": -len(self.trace)}
            self.goto(self.t + moves[ev.id])
        elif ev.kind == "key" and ev.id in ("ArrowRight", "ArrowLeft", "n", "b"):
            self.goto(self.t + (1 if ev.id in ("ArrowRight", "n") else -1))
        elif ev.kind == "input" and ev.id == "read":
            try:
                t = int(str(ev.value))
            except ValueError:
                raise ValueError(f"reads must be a whole number, got {ev.value!r}") from None
            if not 0 <= t <= len(self.trace):
                raise ValueError(f"reads must lie in 0..{len(self.trace)}, got {t}")
            self.goto(t)
        elif ev.kind == "key":
            raise ValueError(f"key {ev.id!r}: use the arrow keys or n / b")

    def goto(self, t: int) -> None:
        """Show the ring after ``t`` reads (clamped to the trace)."""
        self.t = max(0, min(len(self.trace), t))
        self._refresh()

    def _refresh(self) -> None:
        t, p = self.t, self.puzzle
        state, emitted = p.initial, []
        for _, sym, _what in self.trace[:t]:
            if sym >= self.R:
                emitted.append(sym - self.R)
                state = apply(state, p.actions[sym - self.R], p.n, p.c)
        nxt = self.trace[t][0] if t < len(self.trace) else None
        last = _entry_from_1(self.trace[t - 1]) if t else "start"
        self.board.show(stepper_scene(self.ring, self.R, state, p.c, nxt))
        self.board.controls = [button("start", "|<"), button("back", "< back"),
                              button("next", "next >"), button("next10", "+10 >>"),
                              field_control("read", "reads", t)]
        done = " - solved, reading stops here" if is_goal(state, p) else ""
        self.board.status = (f"reads {t} of {len(self.trace)}; last read: {last}; string so "
                            f"far: {' '.join(f'a{a}' for a in emitted) or '(empty)'}; "
                            f"fitness {fitness(state, p.c)}{done}")


def _entry_from_1(step: tuple) -> str:
    """A read of the trace in words, entries counted from 1 as the ring's labels (``>4``) and
    the crossover view count them."""
    _, sym, what = step
    return f"jump to entry {int(sym) + 1}" if what.startswith("jump to entry") else what


class CrossoverView:
    """Fig. 5 interactively: click a gap between two parent entries to move the crossover
    point, click a child's entry to mutate it instead; "new parents" draws two more."""

    def __init__(self, seed: int, R: int = 15, n_actions: int = 3) -> None:
        self.seed, self.R, self.n_actions = seed, R, n_actions
        self.cut, self.mutate = 6, 3
        self.board = Board(self.handle, title="crossover and mutation (Fig. 5)")
        self._refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Display the board."""
        return self.board._repr_mimebundle_(**kwargs)

    def handle(self, ev: Event) -> None:
        """``cut-<i>-<row>`` moves the cut; ``ring-<row>-<i>`` of a child picks the mutation."""
        if ev.kind == "click" and ev.id.startswith("cut-"):
            self.cut = int(ev.id.split("-")[1])
        elif ev.kind == "click" and ev.id.startswith("ring-"):
            row, i = (int(x) for x in ev.id.split("-")[1:])
            if row < 2:
                raise ValueError("click between two parent entries to move the cut, or on a "
                                 "child's entry to mutate it")
            self.mutate = i + 1
        elif ev.kind == "button" and ev.id == "new":
            self.seed += 1
        self._refresh()

    def _refresh(self) -> None:
        ex = fig5_example(self.seed, self.R, self.n_actions, self.cut, self.mutate)
        self.rings = [[int(s) for s in r] for r in ex["rings"]]
        self.board.show(crossover_scene(self.rings, self.R, ex["labels"], self.cut,
                                        self.mutate))
        self.board.controls = [button("new", "new parents")]
        self.board.status = (f"cut after entry {self.cut}, mutated entry {self.mutate}; "
                            + "; ".join(f"{label}: "
                                        + " ".join(symbol_label(s, self.R) for s in ring)
                                        for label, ring in zip(ex["labels"][4:], self.rings[4:],
                                                               strict=True)))
