"""The MAP-Elites map: every elite unique, in its own clue-count cell, loops as reported."""

from __future__ import annotations

import pytest

from puzzles.logicgrid.count import count_solutions
from puzzles.logicgrid.mapelites import map_elites
from puzzles.logicgrid.model import CLUE
from puzzles.logicgrid.solver import solve


def test_map_elites_cells_hold_unique_puzzles_with_their_loops() -> None:
    table, elites = map_elites(CLUE, 800, seed=3, seeds=10)
    assert list(table["clues"]) == sorted(elites)
    for r in table.to_dict("records"):
        hs = elites[r["clues"]]
        assert len(hs) == r["clues"] and count_solutions(CLUE, hs) == 1
        assert solve(CLUE, hs).loops == r["loops (sound)"]
        assert solve(CLUE, hs, mode="paper").loops == r["loops (paper)"]
    again, _ = map_elites(CLUE, 800, seed=3, seeds=10)
    assert again.equals(table)


def test_map_elites_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        map_elites(CLUE, -1, seed=1)


def test_map_elites_cells_of_a_seeded_run() -> None:
    # (clues, sound loops, paper loops) per cell; a cell's elite changes only for more loops
    table, elites = map_elites(CLUE, 800, seed=3, seeds=10)
    assert table.values.tolist() == [
        [6, 1, 2], [7, 3, 3], [8, 3, 3], [9, 3, 3], [10, 5, 5], [11, 5, 5], [12, 5, 5],
        [13, 5, 5], [14, 5, 5], [15, 5, 5], [16, 5, 5], [17, 5, 5], [18, 5, 5], [19, 5, 5]]


def test_map_elites_keeps_at_most_max_hints_clues() -> None:
    table, elites = map_elites(CLUE, 300, seed=3, seeds=10, max_hints=10)
    assert table["clues"].max() == 10 and all(len(hs) <= 10 for hs in elites.values())
