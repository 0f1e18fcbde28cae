"""Play the hypercube puzzle on the shared board: click a ring (or its legend entry), then a
vertex; undo, reset, hint, step along an optimal solution; pick the puzzle and k below the
board. Game logic only: ``puzzles.hypercube.scene`` draws a vector picture, so no pyplot
figure is ever created in a callback."""

from __future__ import annotations

from puzzles.core.board import Board, Event, button, field_control
from puzzles.hypercube.instances import INSTANCES, Instance
from puzzles.hypercube.model import Move, legal_moves, move_problem
from puzzles.hypercube.scene import cube_scene
from puzzles.hypercube.search import solve


def _label(inst: Instance) -> str:
    return f"d={inst.d} level {inst.level}"


class PuzzleWidget:
    """A playable puzzle; ``view()`` is the board widget to display."""

    def __init__(self, inst: Instance | None = None, k: int | None = None) -> None:
        inst = inst or INSTANCES[0]
        self.board = Board(self.handle, title="hypercube")
        self.load(inst, k if k is not None else inst.d - 1)

    # ---- state
    def load(self, inst: Instance, k: int) -> None:
        """Start ``inst`` with rings moving on k-faces."""
        if not 1 <= k < inst.d:
            raise ValueError(f"k must lie in 1..{inst.d - 1} for d = {inst.d}, got {k}")
        self.inst = inst
        self.puzzle = inst.puzzle(k)
        self.start = inst.start(k)
        self.config = self.start
        self.history: list[Move] = []
        self.selected: int | None = 0
        self._refresh("click a ring, then a vertex")

    def handle(self, ev: Event) -> None:
        """Ring / legend clicks select, vertex clicks move, keys 1-9 select, buttons act."""
        if ev.kind == "click":
            kind, _, arg = ev.id.partition("-")
            if kind in ("ring", "pick"):
                self.select(int(arg))
            elif kind == "vertex":
                v = int(arg)
                if v in self.config:  # a click on a ring's vertex picks up that ring
                    self.select(self.config.index(v))
                elif self.selected is None:
                    raise ValueError("click a ring first")
                else:
                    self.move(self.selected, v)
        elif ev.kind == "key":
            if not (ev.id.isdigit() and 1 <= int(ev.id) <= len(self.puzzle.colours)):
                raise ValueError(f"key {ev.id!r}: 1..{len(self.puzzle.colours)} select a ring")
            self.select(int(ev.id) - 1)
        elif ev.kind == "button":
            {"undo": self.undo, "reset": self.reset, "hint": self.hint,
             "step": self.step}[ev.id]()
        elif ev.kind == "input" and ev.id == "puzzle":
            inst = {_label(i): i for i in INSTANCES}.get(str(ev.value))
            if inst is None:
                raise ValueError(f"no puzzle {ev.value!r}")
            self.load(inst, inst.d - 1)
        elif ev.kind == "input" and ev.id == "k":
            try:
                k = int(str(ev.value))
            except ValueError:
                raise ValueError(f"k must be a whole number, got {ev.value!r}") from None
            self.load(self.inst, k)

    def select(self, ring: int) -> None:
        """Select ring ``ring``; its legal destinations are ringed with dashes."""
        if not 0 <= ring < len(self.puzzle.colours):
            raise ValueError(f"no ring {ring}")
        self.selected = ring
        n = len(self.destinations())
        self._refresh(f"{self.puzzle.colours[ring]} selected: {n} legal destination"
                      f"{'' if n == 1 else 's'}")

    def destinations(self) -> tuple[int, ...]:
        """Legal destinations of the selected ring."""
        return tuple(dst for r, _, dst in legal_moves(self.puzzle, self.config)
                     if r == self.selected)

    # ---- actions
    def move(self, ring: int, to: int) -> bool:
        """Move ``ring`` to vertex ``to``; an illegal move raises ValueError with the reason."""
        mv = (ring, self.config[ring], to)
        problem = move_problem(self.puzzle, self.config, mv)
        if problem is not None:
            raise ValueError(problem)
        cfg = list(self.config)
        cfg[ring] = to
        self.config = tuple(cfg)
        self.history.append(mv)
        self._refresh(f"moved {self.puzzle.colours[ring]} {mv[1]} -> {to}"
                      + (" - solved!" if self.config == self.puzzle.target else ""))
        return True

    def undo(self) -> None:
        """Take back the last move."""
        if not self.history:
            self._refresh("nothing to undo")
            return
        ring, src, _ = self.history.pop()
        cfg = list(self.config)
        cfg[ring] = src
        self.config = tuple(cfg)
        self._refresh("undone")

    def reset(self) -> None:
        """Back to the start configuration."""
        self.config = self.start
        self.history = []
        self._refresh("reset")

    def optimal_next(self) -> Move | None:
        """The first move of an optimal solution from here (None if solved or unsolvable)."""
        res = solve(self.puzzle, self.config)
        return res.moves[0] if res.solvable and res.moves else None

    def hint(self) -> None:
        """Show the optimal next move and the distance to the target."""
        res = solve(self.puzzle, self.config)
        if not res.solvable:
            self._refresh("hint: the target is unreachable from here (different component)")
        elif not res.moves:
            self._refresh("hint: already solved")
        else:
            ring, src, dst = res.moves[0]
            self.selected = ring
            self._refresh(f"hint: move {self.puzzle.colours[ring]} {src} -> {dst} "
                          f"({res.optimal} moves to go)")

    def step(self) -> None:
        """Play the next move of an optimal solution."""
        mv = self.optimal_next()
        if mv is None:
            self._refresh("no optimal move to play (solved or unsolvable)")
        else:
            self.move(mv[0], mv[2])

    # ---- view
    def _refresh(self, message: str) -> None:
        self.board.show(cube_scene(self.puzzle, self.config, self.selected,
                                    self.destinations()))
        self.board.title = f"hypercube {self.inst.key}, k = {self.puzzle.k}"
        self.board.controls = [
            field_control("puzzle", "puzzle", _label(self.inst), [_label(i) for i in INSTANCES]),
            field_control("k", "k", self.puzzle.k, list(range(1, self.inst.d))),
            button("undo", "undo"), button("reset", "reset"), button("hint", "hint"),
            button("step", "step optimal")]
        n = len(self.history)
        self.board.status = f"{n} move{'' if n == 1 else 's'} played; {message}"

    def view(self) -> Board:
        """The board widget to display."""
        return self.board
