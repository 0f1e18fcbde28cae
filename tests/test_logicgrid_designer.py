"""The designer's generator: unique, irredundant puzzles at a target paper-mode loop count."""

from __future__ import annotations

import pytest

from puzzles.logicgrid.count import count_solutions
from puzzles.logicgrid.designer import generate
from puzzles.logicgrid.hints import parse_puzzle
from puzzles.logicgrid.model import CLUE, MINI
from puzzles.logicgrid.solver import solve


@pytest.mark.parametrize("space, target, most", [(CLUE, 4, 10), (MINI, 3, 6)])
def test_generated_puzzle_meets_the_brief(space, target: int, most: int) -> None:
    p = generate(space, target, most, seed=1)
    hs = p["hints"]
    assert count_solutions(space, hs) == 1 and len(hs) <= most
    for h in hs:  # no redundant clue: dropping any one leaves several solutions
        assert count_solutions(space, [g for g in hs if g is not h]) > 1
    paper = solve(space, hs, mode="paper")
    assert paper.status == "solved" and paper.loops == p["loops_paper"] >= target
    assert parse_puzzle(space, p["text"]) == hs
    assert len(p["walkthrough"]) == (space.n * (space.n - 1) // 2) * space.m ** 2
    assert generate(space, target, most, seed=1)["text"] == p["text"]


def test_generator_reports_an_unreachable_target() -> None:
    with pytest.raises(ValueError, match="no puzzle"):
        generate(MINI, 40, 6, seed=1, attempts=3)
    with pytest.raises(ValueError):
        generate(MINI, 0, 6, seed=1)
