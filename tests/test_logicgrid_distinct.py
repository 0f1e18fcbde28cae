"""The generator never ships a puzzle holding one clue twice (issue 26, item 3).

Mutation redraws an inserted clue the list already holds, crossover children drop exact
repeats before they are judged, and the committed final puzzles hold no repeat.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from numba import njit

from puzzles.logicgrid import fi2pop
from puzzles.logicgrid.fi2pop import EXPERIMENTS, TALLY_SLOTS, judge
from puzzles.logicgrid.model import CLUE
from puzzles.logicgrid.solver import shape_of

FIGURES = Path(__file__).resolve().parents[1] / "figures" / "04_logic_grid"


def _rows(h: np.ndarray, nh: int) -> list[tuple[int, ...]]:
    return [tuple(int(v) for v in r) for r in h[:nh]]


def test_drop_repeats_keeps_first_occurrences_in_order():
    h = np.array([[0, 1, 4, -1, -1, 0], [1, 2, 5, -1, -1, 0], [0, 1, 4, -1, -1, 0],
                  [2, 0, 5, -1, -1, 1], [1, 2, 5, -1, -1, 0]], dtype=np.int64)
    nh = fi2pop.drop_repeats(h, 5)
    assert nh == 3
    assert _rows(h, nh) == [(0, 1, 4, -1, -1, 0), (1, 2, 5, -1, -1, 0), (2, 0, 5, -1, -1, 1)]


@njit
def _mutated(seed: int, h: np.ndarray, nh: int, distinct: bool):
    np.random.seed(seed)
    out = h.copy()
    return out, fi2pop.mutate(out, nh, 1.0, out.shape[0], fi2pop.Shape(4, 4, 3), distinct)


def test_an_inserted_clue_the_list_holds_is_redrawn():
    base = np.zeros((8, 6), dtype=np.int64)
    base[0] = (0, 0, 4, -1, -1, 0)
    new, nh = _mutated(3, base, 1, False)  # which clue seed 3 inserts into a 1-clue list
    drawn = next(r for r in _rows(new, nh) if r != (0, 0, 4, -1, -1, 0))
    held = base.copy()
    held[1] = drawn  # the list already holds that clue: the same draw repeats it ...
    twice, n2 = _mutated(3, held, 2, False)
    assert len(set(_rows(twice, n2))) < n2
    once, n3 = _mutated(3, held, 2, True)  # ... unless the generator redraws it
    assert n3 == 3 and len(set(_rows(once, n3))) == 3


def _population_of_copies(pop: int, rows: np.ndarray) -> fi2pop.Pop:
    p = fi2pop.population(pop, 20)
    for i in range(pop):
        p.H[i, :len(rows)] = rows
        p.ln[i] = len(rows)
    return p


@pytest.mark.parametrize("distinct", [True, False])
def test_crossover_children_drop_the_clues_both_parents_hold(distinct):
    """Every parent holds the same 4 clues, crossover always, no mutation: pooled children
    hold repeats, which the generator's children never keep."""
    rows = fi2pop.random_hints(CLUE, 4, 7)
    arr = np.array([h.row() for h in rows], dtype=np.int64)
    ga = fi2pop.GA(10, 1, 1.0, 0.0, 0.5, 0, 1, 5, 20, distinct)
    cur, nxt = _population_of_copies(10, arr), fi2pop.population(10, 20)
    jd = judge(CLUE, EXPERIMENTS["hint size and difficulty"].rules())
    np.random.seed(1)
    fi2pop._generation(cur, nxt, ga, jd, fi2pop.breeding(10, 20),
                       np.zeros(TALLY_SLOTS, dtype=np.int64))
    repeats = sum(len(set(_rows(nxt.H[i], nxt.ln[i]))) < nxt.ln[i] for i in range(10))
    assert (repeats == 0) if distinct else (repeats > 0)
    assert shape_of(CLUE).n == 4


@pytest.mark.parametrize("name", ["puzzles.json", "mini_puzzles.json"])
def test_committed_final_puzzles_hold_no_repeated_clue(name):
    for p in json.loads((FIGURES / name).read_text(encoding="utf-8")):
        clues = [json.dumps(h, sort_keys=True) for h in p["hints"]]
        assert len(set(clues)) == len(clues), (p["experiment"], p["trial"])
