"""The paper's puzzle instances (copied from the authors' scripts and the paper's Table 3).

Source "code": the difficulty levels hard-coded in the authors' public scripts (CubicPuzzle);
every number in the paper's Tables 2, 4 and 5 was produced on these. Source "table3": the
paper's Appendix B Table 3 as printed; its d=3 rows equal the code's levels 0-3, its three d=4
rows differ from the code's d=4 levels (ids T3a-T3c). d=3 level 3 swaps two rings.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.hypercube.model import Puzzle, config_from_mapping, make_puzzle

# d, l, level, source, start, target (colour:vertex)
_ROWS = [
    (3, 4, "0", "code+table3", "red:4 purple:1 blue:5 green:6", "green:4 purple:1 red:5 blue:6"),
    (3, 4, "1", "code+table3", "purple:4 blue:1 red:5 green:6", "green:4 purple:1 red:5 blue:6"),
    (3, 4, "2", "code+table3", "red:4 blue:1 green:5 purple:6", "green:4 purple:1 red:5 blue:6"),
    (3, 4, "3", "code+table3", "red:4 purple:1 green:5 blue:6", "green:4 purple:1 red:5 blue:6"),
    (4, 11, "0", "code", "green:4 yellow:1 blue:5 purple:7 red:13",
     "blue:4 green:13 yellow:1 red:5 purple:7"),
    (4, 11, "1", "code", "purple:4 yellow:1 green:5 blue:7 red:13",
     "blue:4 green:13 yellow:1 red:5 purple:7"),
    (4, 11, "2", "code", "green:4 yellow:1 red:5 blue:7 purple:13",
     "blue:4 green:13 yellow:1 red:5 purple:7"),
    (4, 11, "3", "code", "green:4 purple:1 yellow:5 blue:7 red:13",
     "blue:4 green:13 yellow:1 red:5 purple:7"),
    (4, 11, "4", "code", "green:4 purple:1 red:5 yellow:7 blue:13",
     "blue:4 green:13 yellow:1 red:5 purple:7"),
    (4, 11, "T3a", "table3", "red:13 purple:0 green:11 blue:3 yellow:7",
     "green:0 purple:3 red:13 blue:11 yellow:7"),
    (4, 11, "T3b", "table3", "red:15 purple:2 green:1 blue:9 yellow:8",
     "green:1 purple:9 red:8 blue:2 yellow:15"),
    (4, 11, "T3c", "table3", "red:13 purple:0 green:4 blue:8 yellow:11",
     "green:8 purple:0 red:13 blue:11 yellow:4"),
    (5, 26, "0", "code+table3", "green:30 purple:29 red:0 blue:17 yellow:4 orange:1",
     "green:17 purple:30 red:0 blue:29 yellow:4 orange:1"),
]


def _parse(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in text.split():
        colour, vertex = item.split(":")
        out[colour] = int(vertex)
    return out


@dataclass(frozen=True)
class Instance:
    """One start/target pair of the paper at a given dimension (k is chosen later)."""

    d: int
    l: int
    level: str
    source: str
    start_map: tuple[tuple[str, int], ...]
    target_map: tuple[tuple[str, int], ...]

    @property
    def key(self) -> str:
        """A short name, e.g. ``d4-L2`` or ``d4-LT3a``."""
        return f"d{self.d}-L{self.level}"

    def puzzle(self, k: int) -> Puzzle:
        """The puzzle of this instance under the k-rule."""
        return make_puzzle(self.d, k, dict(self.target_map))

    def start(self, k: int = 1) -> tuple[int, ...]:
        """The start configuration (vertex per ring, rings in target order)."""
        return config_from_mapping(self.puzzle(k), dict(self.start_map))

    @property
    def is_code_level(self) -> bool:
        """Whether the authors' scripts (and hence Tables 2, 4, 5) use this instance."""
        return "code" in self.source


INSTANCES: tuple[Instance, ...] = tuple(
    Instance(d, l, level, src, tuple(_parse(s).items()), tuple(_parse(t).items()))
    for d, l, level, src, s, t in _ROWS)


def instance(d: int, level: str | int) -> Instance:
    """Look up an instance by dimension and level ("0".."4", "T3a".."T3c")."""
    for inst in INSTANCES:
        if inst.d == d and inst.level == str(level):
            return inst
    known = ", ".join(f"d={i.d} level {i.level}" for i in INSTANCES)
    raise ValueError(f"no instance with d={d} level={level!r}; known: {known}")


def cases(include_table3: bool = True) -> list[tuple[Instance, int]]:
    """Every (instance, k) pair with k = 1..d-1, code levels first, then T3a-T3c."""
    out = [(inst, k) for inst in INSTANCES if inst.is_code_level for k in range(1, inst.d)]
    if include_table3:
        out += [(inst, k) for inst in INSTANCES if not inst.is_code_level
                for k in range(1, inst.d)]
    return out
