"""The designer's generator: every control met, or a reason; seeded and reproducible."""

from __future__ import annotations

import pytest

from puzzles.logicgrid.count import count_solutions
from puzzles.logicgrid.design_request import (
    Designed,
    NotFound,
    Request,
    _outside,
    design,
    start_clues,
)
from puzzles.logicgrid.hints import text
from puzzles.logicgrid.model import CLUE, MINI, Category, Space
from puzzles.logicgrid.solver import solve
from puzzles.logicgrid.stepwise import difficulty, explain

START = ("Col. Mustard is not the person with the Knife.\n"
         "\n"
         "Either Prof. Plum or the person with the Rope is the person seen at 4:00 PM.\n")


def _ok(r: Designed | NotFound, space) -> list:
    assert isinstance(r, Designed), r
    hints = list(r.puzzle.hints)
    assert count_solutions(space, hints) == 1
    assert len(set(hints)) == len(hints)  # no repeated clue
    assert r.puzzle.distance == 0
    return hints


def test_paper_mode_loops_are_met() -> None:
    r = design(Request(CLUE, loops_paper=(5, 9)), seed=3)
    hints = _ok(r, CLUE)
    assert 5 <= solve(CLUE, hints, mode="paper").loops <= 9


def test_sound_loops_are_met_exactly() -> None:
    r = design(Request(MINI, loops_sound=3), seed=1)
    hints = _ok(r, MINI)
    assert solve(MINI, hints).loops == 3 == r.puzzle.loops_sound


def test_clue_count_is_met() -> None:
    r = design(Request(MINI, clues=(6, 7)), seed=2)
    assert 6 <= len(_ok(r, MINI)) <= 7


def test_clue_type_mix_is_met() -> None:
    r = design(Request(MINI, mix={"either_is": (2, 3), "before": 0, "is": 0}), seed=4)
    hints = _ok(r, MINI)
    kinds = [h.type for h in hints]
    assert 2 <= kinds.count("either_is") <= 3
    assert "before" not in kinds and "is" not in kinds


def test_required_types_are_drawn_first() -> None:
    # four "complex or" clues in one attempt: only if the draws of that type come first
    r = design(Request(MINI, mix={"either_is": (4, 8)}), seed=0, attempts=1, orders=1)
    _ok(r, MINI)
    assert 4 <= r.puzzle.mix["either_is"] <= 8


def test_a_missed_mix_is_not_found_and_measured() -> None:
    # seed 0's one attempt reaches a unique puzzle with two "is" clues, not the three asked
    r = design(Request(MINI, mix={"is": 3}), seed=0, attempts=1, orders=1)
    assert isinstance(r, NotFound), r
    assert r.closest.mix["is"] == 2 and r.closest.distance == 1


def test_distance_outside_a_range() -> None:
    assert [_outside(v, (1, 3)) for v in (-1, 0, 1, 2, 3, 4, 6)] == [2, 1, 0, 0, 0, 1, 3]
    assert _outside(99, None) == 0


def test_maximum_step_cost_is_met() -> None:
    r = design(Request(MINI, max_step_cost=3, mix={"before": 0}), seed=5)
    hints = _ok(r, MINI)
    d = difficulty(explain(MINI, hints, check_limit=0))
    assert d.max_cost <= 3 and d.max_cost == r.puzzle.max_step_cost


def test_the_designers_clues_are_kept_first() -> None:
    r = design(Request(CLUE, start=START), seed=6)
    hints = _ok(r, CLUE)
    assert [text(CLUE, h) for h in hints[:2]] == [ln for ln in START.splitlines() if ln]


def test_a_bad_start_line_is_named() -> None:
    with pytest.raises(ValueError, match="line 3"):
        start_clues(CLUE, "Col. Mustard is not the person with the Knife.\n\nNonsense here.")
    with pytest.raises(ValueError, match="contradict"):
        design(Request(CLUE, start="Col. Mustard is the person with the Knife.\n"
                                    "Col. Mustard is not the person with the Knife."), seed=0)


@pytest.mark.parametrize("req, why", [
    (Request(MINI, max_step_cost=1), "cheapest allowed clue"),
    (Request(MINI, clues=(2, 3), mix={"or": 2, "either_is": 2}), "at least 4 clues"),
    (Request(MINI, clues=(1, 40)), "at most 32"),
    (Request(MINI, mix=dict.fromkeys(["is", "not", "before", "or", "either_is"], 0)),
     "no clue type"),
    (Request(MINI, start=START.replace("the person with the Knife", "the person with the Rope"),
             mix={"not": 0}), "at most 0"),
])
def test_impossible_requests_say_why(req: Request, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        design(req, seed=0)


def test_malformed_requests_are_refused() -> None:
    plain = Space((Category("a", ("x", "y")), Category("b", ("u", "v"))))
    with pytest.raises(ValueError, match="no numeric"):
        design(Request(plain, mix={"before": 1}), seed=0)
    with pytest.raises(ValueError, match="min <= max"):
        Request(MINI, clues=(5, 4))
    with pytest.raises(ValueError, match="loops_paper"):
        Request(MINI, loops_paper=0)
    with pytest.raises(ValueError, match="mix must map"):
        Request(MINI, mix={"maybe": 1})
    with pytest.raises(ValueError, match="attempts"):
        design(Request(MINI), seed=0, attempts=0)


def test_out_of_budget_names_the_closest() -> None:
    r = design(Request(MINI, loops_paper=(40, 50)), seed=0, attempts=2, orders=1)
    assert isinstance(r, NotFound) and r.attempts == 2
    assert r.closest is not None and r.closest.distance >= 40 - r.closest.loops_paper > 0
    assert "closest misses by" in r.message


def test_seeded_and_reproducible() -> None:
    a, b = (design(Request(MINI, clues=(5, 8)), seed=11) for _ in range(2))
    assert a == b
    c = design(Request(MINI, clues=(5, 8)), seed=12)
    assert c.puzzle.hints != a.puzzle.hints
