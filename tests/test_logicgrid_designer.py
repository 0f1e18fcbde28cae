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


def test_notebook_04_designed_puzzles() -> None:
    # notebook 04's three designs (seed 2026): clues, paper loops, sound loops, attempts, and
    # the clue order it prints for the second one (the first order reaching the most loops)
    designed = [generate(CLUE, 4, 10, 2026), generate(CLUE, 5, 10, 2026),
                generate(MINI, 3, 6, 2026)]
    assert [(len(d["hints"]), d["loops_paper"], d["loops_sound"], d["attempts"])
            for d in designed] == [(8, 4, 2, 2), (8, 5, 5, 4), (5, 3, 3, 1)]
    # the first design: of the clue orders tried, the first that reaches 4 paper loops
    assert designed[0]["text"] == [
        "Prof. Plum is the person seen at 3:00 PM.",
        "The person with the Wrench came at least 1 hour before the person with the Rope.",
        "Either the person seen at 1:00 PM or the person with the Candle Stick is the person in "
        "the Ball Room.",
        "Either the person with the Wrench or the person with the Candle Stick is the person in "
        "the Ball Room.",
        "The person in the Living Room came exactly 1 hour before Col. Mustard.",
        "The person seen at 2:00 PM is not Col. Mustard.",
        "Mrs. White came exactly 1 hour before the person in the Study.",
        "The person seen at 1:00 PM is not the person with the Wrench."]
    assert designed[1]["text"] == [
        "Either the person with the Rope or Mrs. White is the person seen at 4:00 PM.",
        "Either Prof. Plum or the person seen at 2:00 PM is the person with the Rope.",
        "Either the person seen at 4:00 PM is Prof. Plum, or the person in the Ball Room is the "
        "person seen at 4:00 PM.",
        "Either the person in the Kitchen or the person with the Rope is the person seen at "
        "1:00 PM.",
        "Either Prof. Plum or the person in the Kitchen is the person with the Wrench.",
        "Either the person in the Study or Ms. Scarlet is the person seen at 2:00 PM.",
        "The person in the Study came exactly 1 hour before the person with the Candle Stick.",
        "Either the person with the Knife or the person with the Rope is the person in the "
        "Kitchen."]
