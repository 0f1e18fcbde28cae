"""Play the hypercube puzzle in a notebook: pick a ring, then a vertex; undo, reset, hint, step.

Everything renders into an ``Image`` (the drawing) and an ``HTML`` (status) widget, so the
widget can be driven and tested by setting ``.value`` on its controls.
"""

from __future__ import annotations

import ipywidgets as W

from puzzles.hypercube.instances import INSTANCES, Instance
from puzzles.hypercube.model import Move, legal_moves, move_problem
from puzzles.hypercube.render import draw, to_png
from puzzles.hypercube.search import solve


class PuzzleWidget:
    """A playable puzzle: ``ring`` then ``vertex`` make a move; buttons undo/reset/hint/step."""

    def __init__(self, inst: Instance | None = None, k: int | None = None) -> None:
        inst = inst or INSTANCES[0]
        labels = [(f"d={i.d} level {i.level}", n) for n, i in enumerate(INSTANCES)]
        self.instance = W.Dropdown(options=labels, value=INSTANCES.index(inst),
                                   description="puzzle")
        self.k = W.Dropdown(options=list(range(1, inst.d)),
                            value=k if k is not None else inst.d - 1, description="k")
        self.ring = W.ToggleButtons(options=[], description="ring")
        self.vertex = W.ToggleButtons(options=[], description="to vertex")
        self.undo_button = W.Button(description="undo")
        self.reset_button = W.Button(description="reset")
        self.hint_button = W.Button(description="hint")
        self.step_button = W.Button(description="step optimal")
        self.image = W.Image(format="png")
        self.status = W.HTML()
        self.history: list[Move] = []
        self.message = ""
        self._busy = False
        self.instance.observe(self._on_puzzle, names="value")
        self.k.observe(self._on_puzzle, names="value")
        self.ring.observe(lambda _: self._refresh(), names="value")
        self.vertex.observe(self._on_vertex, names="value")
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.reset())
        self.hint_button.on_click(lambda _: self.hint())
        self.step_button.on_click(lambda _: self.step())
        self._load()

    # ---- state
    def _load(self) -> None:
        self.inst = INSTANCES[self.instance.value]
        self.puzzle = self.inst.puzzle(self.k.value)
        self.start = self.inst.start(self.k.value)
        self.config = self.start
        self.history = []
        self._busy = True
        self.ring.options = list(self.puzzle.colours)
        self.ring.value = self.puzzle.colours[0]
        self.vertex.options = [("-", None)] + [(str(v), v) for v in range(self.puzzle.n_vertices)]
        self.vertex.value = None
        self._busy = False
        self.message = "pick a ring, then a vertex"
        self._refresh()

    def _on_puzzle(self, change) -> None:
        if self._busy:
            return
        if change["owner"] is self.instance:
            d = INSTANCES[self.instance.value].d
            self._busy = True
            self.k.options = list(range(1, d))
            self.k.value = d - 1
            self._busy = False
        self._load()

    def _on_vertex(self, change) -> None:
        if self._busy or change["new"] is None:
            return
        self.move(self.puzzle.colours.index(self.ring.value), change["new"])
        self._busy = True
        self.vertex.value = None
        self._busy = False
        self._refresh()

    # ---- actions
    def move(self, ring: int, to: int) -> bool:
        """Try to move ``ring`` to vertex ``to``; refuse illegal moves with the reason."""
        mv = (ring, self.config[ring], to)
        problem = move_problem(self.puzzle, self.config, mv)
        if problem is not None:
            self.message = f"refused: {problem}"
            self._refresh()
            return False
        cfg = list(self.config)
        cfg[ring] = to
        self.config = tuple(cfg)
        self.history.append(mv)
        self.message = (f"moved {self.puzzle.colours[ring]} {mv[1]} -> {to}"
                        + (" - solved!" if self.config == self.puzzle.target else ""))
        self._refresh()
        return True

    def undo(self) -> None:
        """Take back the last move."""
        if not self.history:
            self.message = "nothing to undo"
        else:
            ring, src, _ = self.history.pop()
            cfg = list(self.config)
            cfg[ring] = src
            self.config = tuple(cfg)
            self.message = "undone"
        self._refresh()

    def reset(self) -> None:
        """Back to the start configuration."""
        self.config = self.start
        self.history = []
        self.message = "reset"
        self._refresh()

    def optimal_next(self) -> Move | None:
        """The first move of an optimal solution from here (None if solved or unsolvable)."""
        res = solve(self.puzzle, self.config)
        return res.moves[0] if res.solvable and res.moves else None

    def hint(self) -> None:
        """Show the optimal next move and the distance to the target."""
        res = solve(self.puzzle, self.config)
        if not res.solvable:
            self.message = "hint: the target is unreachable from here (different component)"
        elif not res.moves:
            self.message = "hint: already solved"
        else:
            ring, src, dst = res.moves[0]
            self.message = (f"hint: move {self.puzzle.colours[ring]} {src} -> {dst} "
                            f"({res.optimal} moves to go)")
        self._refresh()

    def step(self) -> None:
        """Play the next move of an optimal solution."""
        mv = self.optimal_next()
        if mv is None:
            self.message = "no optimal move to play (solved or unsolvable)"
            self._refresh()
        else:
            self.move(mv[0], mv[2])

    # ---- view
    def _refresh(self) -> None:
        if self._busy or not self.ring.options:
            return
        sel = self.puzzle.colours.index(self.ring.value) if self.ring.value else None
        dests = tuple(dst for r, _, dst in legal_moves(self.puzzle, self.config) if r == sel)
        fig = draw(self.puzzle, self.config, selected=sel, highlight=dests,
                   title=f"{self.inst.key} k={self.puzzle.k}: {len(self.history)} moves")
        self.image.value = to_png(fig)
        self.status.value = (f"<b>{len(self.history)}</b> moves played; "
                             f"{self.message}")

    def view(self) -> W.Widget:
        """The widget tree to display."""
        buttons = W.HBox([self.undo_button, self.reset_button, self.hint_button,
                          self.step_button])
        return W.VBox([W.HBox([self.instance, self.k]), self.ring, self.vertex, buttons,
                       self.status, self.image])
