"""Interactive views: play an instance (one button per action, undo, reset, optimal hint) and
step through the decoding of a ring (Fig. 4). Both render into Image/HTML widget values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import ipywidgets as w

from puzzles.clockwork.dwp import decode_trace
from puzzles.clockwork.model import Puzzle, action_str, apply, fitness, is_goal, state_str
from puzzles.clockwork.render import clock_png, ring_png, symbol_label
from puzzles.clockwork.search import optimal_next


class ClockworkPlayer:
    """Play a puzzle: pick an instance, press action buttons, undo, reset, ask for a hint."""

    def __init__(self, puzzles: Mapping[str, Puzzle], start: str | None = None) -> None:
        if not puzzles:
            raise ValueError("puzzles must not be empty")
        self.puzzles = dict(puzzles)
        first = start if start is not None else next(iter(self.puzzles))
        if first not in self.puzzles:
            raise ValueError(f"start {first!r} is not one of the puzzles")
        self.picker = w.Dropdown(options=list(self.puzzles), value=first, description="instance")
        self.image = w.Image(format="png")
        self.status = w.HTML()
        self.description = w.HTML()
        self.buttons = w.HBox()
        self.undo_button = w.Button(description="undo")
        self.reset_button = w.Button(description="reset")
        self.hint_button = w.Button(description="optimal next action")
        self.hint = w.HTML()
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.reset())
        self.hint_button.on_click(lambda _: self.ask_hint())
        self.picker.observe(lambda ch: self._load(ch["new"]), names="value")
        self.view = w.VBox([self.picker, self.description, w.HBox([self.image, w.VBox([
            self.status, self.buttons, w.HBox([self.undo_button, self.reset_button]),
            self.hint_button, self.hint])])])
        self._load(first)

    @property
    def puzzle(self) -> Puzzle:
        """The instance being played."""
        return self.puzzles[self.picker.value]

    @property
    def state(self):
        """The current state."""
        return self.history[-1]

    def _load(self, name: str) -> None:
        p = self.puzzles[name]
        self.history = [p.initial]
        self.description.value = f"<b>{name}</b>: {p.description}"
        buttons = []
        for i, a in enumerate(p.actions):
            b = w.Button(description=f"a{i} {action_str(a)}", layout=w.Layout(width="auto"))
            b.on_click(lambda _, i=i: self.press(i))
            buttons.append(b)
        self.buttons.children = tuple(buttons)
        self.hint.value = ""
        self._refresh()

    def press(self, i: int) -> None:
        """Apply action ``i`` to the current state."""
        p = self.puzzle
        if not 0 <= i < len(p.actions):
            raise ValueError(f"action index {i} not in 0..{len(p.actions) - 1}")
        self.history.append(apply(self.state, p.actions[i], p.n, p.c))
        self.hint.value = ""
        self._refresh()

    def undo(self) -> None:
        """Go back one move (no-op at the start)."""
        if len(self.history) > 1:
            self.history.pop()
        self._refresh()

    def reset(self) -> None:
        """Back to the initial state."""
        self.history = self.history[:1]
        self._refresh()

    def ask_hint(self) -> None:
        """Show the first action of a shortest solution from the current state."""
        p = self.puzzle
        if is_goal(self.state, p):
            self.hint.value = "already solved"
            return
        a = optimal_next(p, self.state)
        self.hint.value = "unsolvable from here" if a is None else f"optimal next: a{a}"

    def _refresh(self) -> None:
        p, s = self.puzzle, self.state
        solved = " &mdash; <b>solved!</b>" if is_goal(s, p) else ""
        self.status.value = (f"moves: {len(self.history) - 1}, fitness: {fitness(s, p.c)}, "
                             f"state ({state_str(s)}){solved}")
        self.image.value = clock_png(s, p.c)


class RingStepper:
    """Step through the reading of an alternator ring on a puzzle (Fig. 4)."""

    def __init__(self, puzzle: Puzzle, ring: Sequence[int], R: int, steps: int = 40) -> None:
        self.puzzle, self.ring, self.R = puzzle, [int(x) for x in ring], R
        self.trace = decode_trace(self.ring, R, len(puzzle.actions), L=steps)
        self.slider = w.IntSlider(min=0, max=len(self.trace), value=0, description="reads")
        self.ring_image = w.Image(format="png")
        self.clock_image = w.Image(format="png")
        self.text = w.HTML()
        self.slider.observe(lambda _: self._refresh(), names="value")
        self.view = w.VBox([self.slider, self.ring_image, w.HBox([self.clock_image, self.text])])
        self._refresh()

    def _refresh(self) -> None:
        t = self.slider.value
        p = self.puzzle
        state = p.initial
        emitted = []
        for _, sym, _what in self.trace[:t]:
            if sym >= self.R:
                emitted.append(sym - self.R)
                state = apply(state, p.actions[sym - self.R], p.n, p.c)
        nxt = self.trace[t][0] if t < len(self.trace) else None
        last = self.trace[t - 1][2] if t else "start"
        self.ring_image.value = ring_png(self.ring, self.R, highlight=nxt)
        self.clock_image.value = clock_png(state, p.c)
        ring_txt = " ".join(symbol_label(s, self.R) for s in self.ring)
        self.text.value = (f"ring: <code>{ring_txt}</code><br>last read: {last}<br>"
                           f"string so far: <code>{' '.join(f'a{a}' for a in emitted)}</code>"
                           f"<br>fitness {fitness(state, p.c)}")


class CrossoverView:
    """Fig. 5 interactively: pick the crossover point and the mutated entry of two parents."""

    def __init__(self, seed: int, R: int = 15, n_actions: int = 3) -> None:
        from puzzles.clockwork.examples import fig5_example

        self._example = fig5_example
        self.seed, self.R, self.n_actions = seed, R, n_actions
        self.cut = w.IntSlider(min=1, max=R - 1, value=6, description="cut after")
        self.mutate = w.IntSlider(min=1, max=R, value=3, description="mutate entry")
        self.new_parents = w.Button(description="new parents")
        self.image = w.Image(format="png")
        self.children_text = w.HTML()
        self.cut.observe(lambda _: self._refresh(), names="value")
        self.mutate.observe(lambda _: self._refresh(), names="value")
        self.new_parents.on_click(lambda _: self._reseed())
        self.view = w.VBox([w.HBox([self.cut, self.mutate, self.new_parents]), self.image,
                            self.children_text])
        self._refresh()

    def _reseed(self) -> None:
        self.seed += 1
        self._refresh()

    def _refresh(self) -> None:
        from puzzles.clockwork.render import rings_figure, to_png

        ex = self._example(self.seed, self.R, self.n_actions, self.cut.value, self.mutate.value)
        m = self.mutate.value - 1
        fig = rings_figure(ex["rings"], self.R, ex["labels"], cut=ex["cut"],
                           marks=[(), (), (), (), (m,), (m,)])
        self.image.value = to_png(fig)
        self.children_text.value = "<br>".join(
            f"{label}: <code>{' '.join(symbol_label(int(s), self.R) for s in ring)}</code>"
            for label, ring in zip(ex["labels"][4:], ex["rings"][4:], strict=True))
