"""The hypercube puzzle as a :class:`~puzzles.core.game.Game`: the core ``Player`` plays it.

A position is an instance of the paper, its k-rule, the rings' vertices and the selected ring.
Click a ring (or its legend entry, or press 1-9) to select it, then a vertex to move it there;
an illegal move is refused with the model's reason. Choosing a ring, another puzzle or another
k changes the position without moving a ring: those are edits, undone like moves. Hint and
step follow an optimal solution (bidirectional BFS).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from puzzles.core.board import Event, Key, Scene, field_control
from puzzles.core.game import Edit, Game, View, read_fields
from puzzles.hypercube.instances import INSTANCES, Instance, instance
from puzzles.hypercube.model import Move, Puzzle, apply_move, legal_moves, validate_config
from puzzles.hypercube.scene import cube_scene, display_colour
from puzzles.hypercube.search import solve


@cache
def _puzzle(inst: Instance, k: int) -> Puzzle:
    return inst.puzzle(k)


def label(inst: Instance) -> str:
    """How the instance field names an instance: ``d=3 level 0``."""
    return f"d={inst.d} level {inst.level}"


@dataclass(frozen=True)
class Position:
    """An instance under the k-rule, the rings' vertices and the selected ring (or None)."""

    inst: Instance
    k: int
    config: tuple[int, ...]
    selected: int | None = 0

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle (colours, target, k)."""
        return _puzzle(self.inst, self.k)

    def destinations(self) -> tuple[int, ...]:
        """Legal destinations of the selected ring."""
        return tuple(dst for r, _, dst in legal_moves(self.puzzle, self.config)
                     if r == self.selected)


def start(inst: Instance, k: int) -> Position:
    """The instance's start under the k-rule, ring 0 selected (ValueError for a bad k)."""
    return Position(inst, k, inst.start(k), 0)


class HypercubeGame(Game[Position, Move]):
    """One of the paper's instances; a move is ``(ring, from, to)``."""

    title = "hypercube"
    goal = ("move each ring onto the disc of its colour and number; a ring moves to a free "
            "vertex along a face of the cube")

    def __init__(self, inst: Instance | None = None, k: int | None = None,
                 config: Sequence[int] | None = None) -> None:
        self.inst = inst or INSTANCES[0]
        self.k = self.inst.d - 1 if k is None else k
        self.start = start(self.inst, self.k)
        if config is not None:
            self.start = replace(self.start, config=validate_config(self.start.puzzle, config))

    def initial(self) -> Position:
        """The instance's start."""
        return self.start

    def moves(self, state: Position) -> Sequence[Move]:
        """Every legal k-move."""
        return legal_moves(state.puzzle, state.config)

    def apply(self, state: Position, move: Move) -> Position:
        """The position after ``move`` (ValueError with the model's reason); the moved ring
        stays selected."""
        return replace(state, config=apply_move(state.puzzle, state.config, move),
                       selected=int(move[0]))

    def illegal(self, state: Position) -> Move:
        """Ring 0 onto ring 1's vertex (occupied)."""
        return (0, state.config[0], state.config[1])

    def is_goal(self, state: Position) -> bool:
        """Every ring on its target vertex."""
        return state.config == state.puzzle.target

    def solve(self, state: Position) -> list[Move] | None:
        """An optimal move list (bidirectional BFS); None when the target is unreachable."""
        res = solve(state.puzzle, state.config)
        return list(res.moves) if res.solvable else None

    def scene(self, state: Position, view: View) -> Scene:
        """The cube with its rings; the selected ring's destinations dashed, or the hint's."""
        if view.hint is not None:
            ring, _, dst = view.hint
            return cube_scene(state.puzzle, state.config, ring, (dst,))
        return cube_scene(state.puzzle, state.config, state.selected, state.destinations())

    def read(self, state: Position, event: Event) -> Move | Edit[Position] | None:
        """Ring, legend and vertex clicks, keys 1-9, and the instance and k fields."""
        if event.kind == "click":
            return self._click(state, event.id)
        if event.kind == "key":
            n = len(state.config)
            if not (event.id.isdigit() and 1 <= int(event.id) <= n):
                raise ValueError(f"key {event.id!r}: 1..{n} select a ring")
            return self._select(state, int(event.id) - 1)
        if event.kind == "input" and event.id == "instance":
            inst = {label(i): i for i in INSTANCES}.get(str(event.value))
            if inst is None:
                raise ValueError(f"no puzzle {event.value!r}")
            k = state.k if 1 <= state.k < inst.d else inst.d - 1  # keep k where it fits
            return Edit(start(inst, k), f"{label(inst)}, k = {k}", restarts=True)
        if event.kind == "input" and event.id == "k":
            try:
                k = int(str(event.value))
            except ValueError:
                raise ValueError(f"k must be a whole number, got {event.value!r}") from None
            return Edit(start(state.inst, k), f"k = {k}", restarts=True)
        return None

    def _click(self, state: Position, id: str) -> Move | Edit[Position] | None:
        kind, _, arg = id.partition("-")
        if kind in ("ring", "pick"):
            return self._select(state, int(arg))
        if kind != "vertex":
            return None
        v = int(arg)
        if v in state.config:  # a click on a ring's vertex picks up that ring
            return self._select(state, state.config.index(v))
        if state.selected is None:
            raise ValueError("click a ring first")
        return (state.selected, state.config[state.selected], v)

    @staticmethod
    def _select(state: Position, ring: int) -> Edit[Position]:
        if not 0 <= ring < len(state.config):
            raise ValueError(f"no ring {ring}")
        chosen = replace(state, selected=ring)
        n = len(chosen.destinations())
        return Edit(chosen, f"{state.puzzle.colours[ring]} selected: {n} legal destination"
                            f"{'' if n == 1 else 's'}")

    def optimum(self, state: Position) -> int | None:
        """The exact optimum from ``state`` (None when the target is unreachable)."""
        return solve(state.puzzle, state.config).optimal

    def keys(self) -> dict[str, str]:
        """Keys 1-9 select a ring."""
        return {"1-9": "select ring 1-9 (then click a vertex to move it there)"}

    def legend(self, state: Position) -> list[Key]:
        """Each ring's colour and number, then what the marks mean."""
        return [Key(display_colour(c), str(i + 1), f"ring {i + 1} ({c}): key {i + 1}; its "
                    f"target is the disc marked {i + 1}")
                for i, c in enumerate(state.puzzle.colours)] + [
            Key("#ffffff", "", "the numbers beside the dots are the vertices; a dashed circle "
                "marks where the selected ring may go")]

    def load(self, text: str) -> HypercubeGame:
        """A puzzle from ``d: 3``, ``level: 0``, ``k: 2`` and ``rings: <vertex of ring 1>,
        ...`` lines (the rings in the legend's order; ValueError naming the line and field)."""
        f = read_fields(text, ("d", "level", "k", "rings"))
        try:
            inst = instance(int(f["d"].value), f["level"].value)
        except ValueError as err:
            raise f["level"].fail("level", str(err)) from None
        try:
            k = int(f["k"].value)
            first = start(inst, k)
        except ValueError as err:
            raise f["k"].fail("k", f"k must be a whole number in 1..{inst.d - 1}: {err}") \
                from None
        try:
            config = tuple(int(v) for v in f["rings"].value.replace(",", " ").split())
            validate_config(first.puzzle, config)
        except ValueError as err:
            raise f["rings"].fail("rings", f"{len(first.config)} distinct vertices in "
                                  f"0..{2 ** inst.d - 1}: {err}") from None
        return HypercubeGame(inst, k, config)

    def dump(self, state: Position) -> str:
        """The instance, k and the rings' vertices in the format :meth:`load` reads."""
        return (f"d: {state.inst.d}\nlevel: {state.inst.level}\nk: {state.k}\nrings: "
                + ", ".join(str(v) for v in state.config))

    def describe(self, state: Position) -> str:
        """The puzzle, k and the selected ring."""
        ring = "" if state.selected is None else \
            f", {state.puzzle.colours[state.selected]} ring selected"
        return f"{label(state.inst)}, k = {state.k}{ring}"

    def name_move(self, move: Move) -> str:
        """``ring 1: 6 -> 2`` (rings counted from 1, as the keys select them)."""
        ring, src, dst = move
        return f"ring {ring + 1}: vertex {src} -> {dst}"

    def controls(self, state: Position) -> list[dict[str, Any]]:
        """The instance and k fields."""
        return [field_control("instance", "puzzle", label(state.inst),
                              [label(i) for i in INSTANCES]),
                field_control("k", "k", state.k, list(range(1, state.inst.d)))]


def examples() -> list[HypercubeGame]:
    """Small solvable instances: d=3 level 0 with 2-moves (6 moves) and level 1 with 1-moves."""
    return [HypercubeGame(instance(3, "0"), 2), HypercubeGame(instance(3, "1"), 1)]
