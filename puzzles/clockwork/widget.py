"""Interactive views on the shared board: play an instance (click an action; undo, reset,
optimal hint), step through the decoding of a ring (Fig. 4) and explore crossover (Fig. 5).
The classes hold the game logic; ``puzzles.clockwork.scene`` draws, ``Board`` displays."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from puzzles.clockwork.dwp import DEFAULTS, decode_trace
from puzzles.clockwork.model import Puzzle, apply, fitness, is_goal, state_str
from puzzles.clockwork.render import symbol_label
from puzzles.clockwork.scene import crossover_scene, player_scene, stepper_scene
from puzzles.clockwork.search import optimal_next
from puzzles.core.board import Board, Event, button, field_control


class ClockworkPlayer:
    """Play a puzzle: click an action (or press its digit), undo, reset, ask for a hint, let
    the optimal solver play one move."""

    def __init__(self, puzzles: Mapping[str, Puzzle], start: str | None = None) -> None:
        if not puzzles:
            raise ValueError("puzzles must not be empty")
        self.puzzles = dict(puzzles)
        first = start if start is not None else next(iter(self.puzzles))
        if first not in self.puzzles:
            raise ValueError(f"start {first!r} is not one of the puzzles")
        self.view = Board(self.handle, title="clockwork")
        self.hint: int | None = None
        self.note = ""
        self.load(first)

    @property
    def state(self):
        """The current state."""
        return self.history[-1]

    def load(self, name: str) -> None:
        """Start instance ``name`` afresh."""
        if name not in self.puzzles:
            raise ValueError(f"no instance named {name!r}")
        self.name, self.puzzle = name, self.puzzles[name]
        self.history = [self.puzzle.initial]
        self.hint, self.note = None, self.puzzle.description
        self._refresh()

    def handle(self, ev: Event) -> None:
        """Board events: ``action-<i>`` clicks, digit keys, the buttons, the instance field."""
        if ev.kind == "click" and ev.id.startswith("action-"):
            self.press(int(ev.id.split("-")[1]))
        elif ev.kind == "key":
            if not ev.id.isdigit():
                raise ValueError(f"key {ev.id!r}: press an action's digit (0-"
                                 f"{len(self.puzzle.actions) - 1}) or click an action")
            self.press(int(ev.id))
        elif ev.kind == "button":
            {"undo": self.undo, "reset": self.reset, "hint": self.ask_hint,
             "step": self.step}[ev.id]()
        elif ev.kind == "input" and ev.id == "instance":
            self.load(str(ev.value))

    def press(self, i: int) -> None:
        """Apply action ``i`` to the current state."""
        p = self.puzzle
        if not 0 <= i < len(p.actions):
            raise ValueError(f"action index {i} not in 0..{len(p.actions) - 1}")
        self.history.append(apply(self.state, p.actions[i], p.n, p.c))
        self.hint, self.note = None, f"played a{i}"
        self._refresh()

    def undo(self) -> None:
        """Go back one move (no-op at the start); clears the hint."""
        self.note = "undone" if len(self.history) > 1 else "nothing to undo"
        if len(self.history) > 1:
            self.history.pop()
        self.hint = None
        self._refresh()

    def reset(self) -> None:
        """Back to the initial state; clears the hint."""
        self.history = self.history[:1]
        self.hint, self.note = None, "reset"
        self._refresh()

    def ask_hint(self) -> None:
        """Outline the first action of a shortest solution from the current state."""
        p = self.puzzle
        if is_goal(self.state, p):
            self.hint, self.note = None, "hint: already solved"
        else:
            self.hint = optimal_next(p, self.state)
            self.note = ("hint: unsolvable from here" if self.hint is None
                         else f"hint: optimal next is a{self.hint}")
        self._refresh()

    def step(self) -> None:
        """Play the first action of a shortest solution (the optimal solver, one move)."""
        p = self.puzzle
        a = None if is_goal(self.state, p) else optimal_next(p, self.state)
        if a is None:
            self.hint = None
            self.note = ("step: already solved" if is_goal(self.state, p)
                         else "step: unsolvable from here")
            self._refresh()
            return
        self.press(a)
        self.note = f"step: played a{a}, the first action of a shortest solution"
        self._refresh()

    def _refresh(self) -> None:
        p, s = self.puzzle, self.state
        solved = is_goal(s, p)
        self.view.show(player_scene(s, p.c, p.actions, self.hint, solved))
        self.view.controls = [field_control("instance", "instance", self.name, list(self.puzzles)),
                              button("undo", "undo"), button("reset", "reset"),
                              button("hint", "optimal next action"),
                              button("step", "step (optimal solver)")]
        self.view.status = (f"{self.name}: moves: {len(self.history) - 1}, fitness: "
                            f"{fitness(s, p.c)}, state ({state_str(s)})"
                            f"{' - solved!' if solved else ''}. {self.note}")


class RingStepper:
    """Step through the reading of an alternator ring on a puzzle (Fig. 4), with the EA's read
    limit (``DEFAULTS``) and stopping at the first goal state as the EA's evaluation does."""

    def __init__(self, puzzle: Puzzle, ring: Sequence[int], R: int,
                 steps: int = DEFAULTS["L"], reading: str = DEFAULTS["reading"]) -> None:
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
        self.view = Board(self.handle, title="alternator ring, read by read")
        self._refresh()

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
        last = self.trace[t - 1][2] if t else "start"
        self.view.show(stepper_scene(self.ring, self.R, state, p.c, nxt))
        self.view.controls = [button("start", "|<"), button("back", "< back"),
                              button("next", "next >"), button("next10", "+10 >>"),
                              field_control("read", "reads", t)]
        done = " - solved, reading stops here" if is_goal(state, p) else ""
        self.view.status = (f"reads {t} of {len(self.trace)}; last read: {last}; string so "
                            f"far: {' '.join(f'a{a}' for a in emitted) or '(empty)'}; "
                            f"fitness {fitness(state, p.c)}{done}")


class CrossoverView:
    """Fig. 5 interactively: click a gap between two parent entries to move the crossover
    point, click a child's entry to mutate it instead; "new parents" draws two more."""

    def __init__(self, seed: int, R: int = 15, n_actions: int = 3) -> None:
        self.seed, self.R, self.n_actions = seed, R, n_actions
        self.cut, self.mutate = 6, 3
        self.view = Board(self.handle, title="crossover and mutation (Fig. 5)")
        self._refresh()

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
        from puzzles.clockwork.examples import fig5_example

        ex = fig5_example(self.seed, self.R, self.n_actions, self.cut, self.mutate)
        self.rings = [[int(s) for s in r] for r in ex["rings"]]
        self.view.show(crossover_scene(self.rings, self.R, ex["labels"], self.cut,
                                        self.mutate))
        self.view.controls = [button("new", "new parents")]
        self.view.status = (f"cut after entry {self.cut}, mutated entry {self.mutate}; "
                            + "; ".join(f"{label}: "
                                        + " ".join(symbol_label(s, self.R) for s in ring)
                                        for label, ring in zip(ex["labels"][4:], self.rings[4:],
                                                               strict=True)))
