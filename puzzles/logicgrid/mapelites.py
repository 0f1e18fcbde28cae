"""A MAP-Elites map of unique puzzles: the hardest puzzle found for every number of clues.

The archive has one cell per clue count; a cell keeps the puzzle with the most loops (our sound
solver's count, numba-fast, is the search objective; the authors' count, paper mode, is reported
for every elite). Every puzzle admitted has exactly one solution (exact counter). It is seeded with
random irredundant unique puzzles (:func:`puzzles.logicgrid.designer.unique_irredundant`); each
iteration takes a random elite and inserts, deletes or replaces one random clue.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from puzzles.core import derive_seed
from puzzles.logicgrid.count import count_solutions
from puzzles.logicgrid.designer import unique_irredundant
from puzzles.logicgrid.fi2pop import random_hints
from puzzles.logicgrid.hints import Hint
from puzzles.logicgrid.model import Space
from puzzles.logicgrid.solver import solve


def _consider(space: Space, archive: dict[int, tuple[int, list[Hint]]], hints: list[Hint],
              max_hints: int) -> None:
    """Admit a unique puzzle of at most ``max_hints`` clues if it beats its cell's elite."""
    if not hints or len(hints) > max_hints or count_solutions(space, hints) != 1:
        return
    loops = solve(space, hints).loops
    k = len(hints)
    if k not in archive or loops > archive[k][0]:
        archive[k] = (loops, hints)


def _vary(parent: list[Hint], new: Hint, rng: np.random.Generator) -> list[Hint]:
    """Insert ``new``, delete a clue or replace one by ``new`` (a one-clue list replaces)."""
    op = rng.integers(3)
    if op == 0:
        parent.insert(int(rng.integers(len(parent) + 1)), new)
    elif op == 1 and len(parent) > 1:
        parent.pop(int(rng.integers(len(parent))))
    else:
        parent[int(rng.integers(len(parent)))] = new
    return parent


def map_elites(space: Space, iterations: int, seed: int, seeds: int = 50,
               max_hints: int = 20) -> tuple[pd.DataFrame, dict[int, list[Hint]]]:
    """(table: clues, sound loops, paper loops per cell; the elite clue lists by clue count)."""
    if iterations < 0 or seeds < 1 or max_hints < 1:
        raise ValueError("iterations >= 0, seeds >= 1 and max_hints >= 1 required")
    rng = np.random.default_rng(derive_seed(seed, "map-elites"))
    pool = random_hints(space, iterations + 60 * seeds, derive_seed(seed, "map-elites-pool"))
    archive: dict[int, tuple[int, list[Hint]]] = {}
    for s in range(seeds):
        hs = unique_irredundant(space, rng, pool[iterations + 60 * s:iterations + 60 * (s + 1)])
        if hs is not None:
            _consider(space, archive, hs, max_hints)
    if not archive:
        raise ValueError("no unique puzzle to seed the map")
    for it in range(iterations):
        keys = sorted(archive)
        parent = list(archive[keys[rng.integers(len(keys))]][1])
        _consider(space, archive, _vary(parent, pool[it], rng), max_hints)
    rows = [{"clues": k, "loops (sound)": archive[k][0],
             "loops (paper)": solve(space, archive[k][1], mode="paper").loops}
            for k in sorted(archive)]
    return pd.DataFrame(rows), {k: archive[k][1] for k in sorted(archive)}
