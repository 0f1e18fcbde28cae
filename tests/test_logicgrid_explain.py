"""Walkthrough premises, re-checked by the exact counter for every step of the slides' examples."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.logicgrid import experiments as ex
from puzzles.logicgrid.count import holds
from puzzles.logicgrid.explain import check_step, clue_mask, walkthrough
from puzzles.logicgrid.fi2pop import random_hints
from puzzles.logicgrid.model import CLUE, MINI, assignment_table


@pytest.mark.parametrize("k", [0, 1, 2])
def test_every_step_follows_from_its_premises_and_they_are_irreducible(k: int) -> None:
    e = ex.example_puzzles()[k]
    space = MINI if e["space"] == "mini" else CLUE
    w = walkthrough(space, e["hints"])
    assert len(w) == (space.n * (space.n - 1) // 2) * space.m ** 2  # every cell, once
    for r in w.to_dict("records"):
        assert check_step(space, e["hints"], r, w), r
        assert all(p.split(" ")[-1] in "XO" for p in r["premises"])
    # premises name only earlier cells
    seen: set[str] = set()
    for r in w.to_dict("records"):
        assert set(r["premises"]) <= seen
        seen.add(f"{r['cell']} {r['mark']}")


def test_clue_mask_agrees_with_the_counter_on_random_clues() -> None:
    rows = assignment_table(MINI)
    pick = np.random.default_rng(1).choice(len(rows), 40, replace=False)
    for h in random_hints(MINI, 60, 5):
        mask = clue_mask(MINI, h, rows)
        assert all(mask[a] == holds(MINI, h, rows[a]) for a in pick)


def test_premises_are_found_dropping_the_earliest_cells_first() -> None:
    # greedy deletion from the earliest earlier cell: premises lean on recent cells
    totals = {}
    for k in range(3):
        e = ex.example_puzzles()[k]
        space = MINI if e["space"] == "mini" else CLUE
        totals[k] = sum(len(p) for p in walkthrough(space, e["hints"])["premises"])
    assert totals == {0: 64, 1: 185, 2: 172}
    w = walkthrough(MINI, ex.example_puzzles()[0]["hints"])
    assert w.loc[22, "premises"] == ["Col. Mustard / 3:00 PM X", "Knife / 4:00 PM O",
                                     "Candle Stick / 3:00 PM X", "Wrench / 2:00 PM O"]
