"""The booklet-quality generator: one fitting completion, linked; distinct full solutions;
levels by grade within Table 1's ranges; the grader's order on hand-checked challenges."""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pytest

from puzzles.iqlink import anu
from puzzles.iqlink.generate import (
    LEVELS,
    PER_LEVEL,
    assign_levels,
    generate_challenge,
    is_booklet_quality,
    load_challenges,
    solution_key,
    stored_challenges,
    stored_solution,
    target_givens,
)
from puzzles.iqlink.grader import (
    SEARCH_TIER,
    Grade,
    counting_filter,
    deduce,
    deduction_tier,
    grade,
)
from puzzles.iqlink.placements import Challenge, table
from puzzles.iqlink.search import count_solutions
from puzzles.iqlink.strategies import (
    all_legal,
    legal_placements,
    pairwise_cleanup,
    single_elimination,
)


def test_every_stored_challenge_has_one_fitting_completion_and_it_is_linked():
    for ch in load_challenges():
        res = count_solutions(ch, linked_only=False, store=0)
        assert (res.fits, res.count) == (1, 1), f"challenge {ch.id}"


def test_no_two_challenges_share_a_full_solution():
    keys = [solution_key(it["solution"]) for it in stored_challenges()]
    assert len(set(keys)) == len(keys) == 120


def test_the_first_set_had_unlinked_extra_fits():
    text = resources.files("puzzles.iqlink").joinpath("challenges_v1.json").read_text("utf-8")
    from puzzles.iqlink.placements import challenge

    fits = {it["id"]: count_solutions(challenge(it["given"]), linked_only=False, store=0).fits
            for it in json.loads(text)}
    assert sorted(i for i, f in fits.items() if f > 1) == [43, 69, 70, 71, 72, 79, 89, 95, 115,
                                                          116, 117, 118, 119]
    assert fits[118] == 12


def test_levels_keep_table1_ranges_and_24_each():
    items = stored_challenges()
    for k, (level, lo, hi) in enumerate(LEVELS):
        mine = items[k * PER_LEVEL:(k + 1) * PER_LEVEL]
        assert all(it["level"] == level for it in mine)
        assert all(lo <= len(it["given"]) <= hi for it in mine)
        grades = [it["grade"] for it in mine]
        assert grades == sorted(grades), "challenges are numbered by grade within a level"


def test_difficulty_rises_with_the_level():
    items = stored_challenges()
    medians = [np.median([it["grade"] for it in items if it["level"] == lv])
               for lv, _, _ in LEVELS]
    assert medians == sorted(medians) and medians[0] < medians[-1]


@pytest.mark.parametrize("cid", [1, 44])  # 44 was redrawn once (attempt 1): its solution repeated
def test_stored_items_regenerate_from_their_task(cid):
    it = stored_challenges()[cid - 1]
    again = generate_challenge(tuple(it["task"]))
    assert again["given"] == it["given"] and again["solution"] == it["solution"]


def test_booklet_quality_needs_one_fit_and_a_link():
    def start(k):
        return Challenge(tuple(anu.to_placements(anu.STARTS[k][0])))

    assert is_booklet_quality(start(0))          # 1 fit, linked
    assert not is_booklet_quality(start(4))      # 1 fit, not linked
    assert not is_booklet_quality(start(7))      # 2 fits, none linked
    assert not is_booklet_quality(start(8))      # 2 fits, both linked
    # The first set's challenge 95: 2 fits, exactly one of them linked.
    text = resources.files("puzzles.iqlink").joinpath("challenges_v1.json").read_text("utf-8")
    from puzzles.iqlink.placements import challenge

    old95 = challenge(json.loads(text)[94]["given"])
    res = count_solutions(old95, linked_only=False, store=0)
    assert (res.fits, res.count) == (2, 1)
    assert not is_booklet_quality(old95)


def test_generate_challenge_rejects_bad_tasks():
    with pytest.raises(ValueError):
        generate_challenge((2026, "Starter", 0))
    with pytest.raises(ValueError):
        generate_challenge((2026, "Starter", 0, 13))
    with pytest.raises(ValueError):
        generate_challenge((2026, "Starter", 0, 9, -1))


def test_assign_levels_orders_by_grade_within_ranges():
    # 120 challenges: grade i, givens chosen so that the natural order is feasible.
    givens = [10] * 24 + [7] * 24 + [5] * 24 + [4] * 24 + [2] * 24
    grades = [float(i) for i in range(120)]
    names = [lv for lv, _, _ in LEVELS]
    out = assign_levels(givens, grades, [0] * 120)
    assert out == [lv for lv in names for _ in range(24)]
    # Reverse the grades: a 10-given challenge can still only be a Starter.
    out = assign_levels(givens, grades[::-1], [0] * 120)
    assert out[:24] == ["Starter"] * 24 and out[-24:] == ["Wizard"] * 24
    # Grades decide among challenges that fit several levels (5 givens: Junior/Expert/Master).
    givens2 = [10] * 24 + [5] * 72 + [2] * 24
    grades2 = [0.0] * 24 + [float(80 - i) for i in range(72)] + [99.0] * 24
    out = assign_levels(givens2, grades2, [0] * 120)
    assert out[24:48] == ["Master"] * 24 and out[72:96] == ["Junior"] * 24


def test_assign_levels_rejects_bad_input():
    with pytest.raises(ValueError):
        assign_levels([10] * 5, [0.0] * 5, [0] * 5)
    with pytest.raises(ValueError, match="no assignment"):
        assign_levels([11] * 120, [0.0] * 120, [0] * 120)
    # 48 ten-given challenges: only Starter allows 10 pieces given, and it takes 24.
    with pytest.raises(ValueError, match="no assignment"):
        assign_levels([10] * 48 + [5] * 48 + [2] * 24, [0.0] * 120, [0] * 120)


# --- the grader ------------------------------------------------------------------------------


def test_grade_value():
    assert Grade(0, 0, 0).value == 0.0 and Grade(3, 0, 0).value == 3.0
    assert Grade(SEARCH_TIER, 2, 1).value == 5.0
    assert Grade(SEARCH_TIER, 8, 3).value == 7.0


# Hand-checked representatives of each tier in the stored set: (challenge, tier).
TIER_EXAMPLES = ((1, 0), (15, 1), (33, 2), (47, 3), (50, 4), (73, 5))


@pytest.mark.parametrize("cid, tier", TIER_EXAMPLES)
def test_weakest_deduction_is_the_tier(cid, tier):
    ch = load_challenges()[cid - 1]
    assert deduction_tier(ch) == tier
    # The tier is the weakest: each weaker deduction fails on it.
    assert all_legal(ch).solved == (tier == 0)
    assert single_elimination(ch).solved == (tier <= 1)
    assert pairwise_cleanup(ch).solved == (tier <= 2)
    dom = deduce(ch, legal_placements(ch), 3)
    assert all(len(v) == 1 for v in dom.values()) == (tier <= 3)


def test_grader_orders_hand_checked_challenges():
    chs = load_challenges()
    grades = [grade(chs[cid - 1]) for cid, _ in TIER_EXAMPLES] + [grade(chs[75])]
    values = [g.value for g in grades]
    assert values == sorted(values)
    assert (grades[-2].guesses, grades[-1].guesses) == (2, 4)  # 73: two guesses; 76: four
    assert grades[-1].depth >= 1


@pytest.mark.parametrize("cid", [47, 50, 73, 100])
def test_deductions_never_drop_the_solution(cid):
    ch = load_challenges()[cid - 1]
    t = table()
    sol = [t.id_of(p) for p in stored_solution(cid) if p not in ch.given]
    dom = legal_placements(ch)
    for d in (deduce(ch, dom, 4), counting_filter(ch, dom)):
        assert all(i in d[int(t.piece[i])] for i in sol)


def test_repeated_solutions_are_found_in_task_order():
    from puzzles.iqlink.generate import repeated

    a = [["aqua", 9, 3, False], ["red", 17, 1, True]]
    b = [["aqua", 9, 3, False], ["red", 17, 2, True]]
    items = [{"solution": a}, {"solution": b}, {"solution": a[::-1]}, {"solution": b}]
    assert repeated(items) == [2, 3]
    assert repeated(items[:2]) == []


@pytest.mark.parametrize("cid", [50, 60, 73, 90])
def test_counting_filter_is_the_solvers_census_rule(cid):
    from puzzles.iqlink.search import counting_dead

    ch = load_challenges()[cid - 1]
    t = table()
    dom = pairwise_cleanup(ch).domains
    kept = counting_filter(ch, dom)
    b = r = c = 0
    for g in ch.given_ids:
        b, r, c = b | int(t.balls[g]), r | int(t.rings[g]), c | int(t.circles[g])
    ids = [i for v in dom.values() for i in v]
    removed = 0
    for i in ids:
        others = [j for j in ids if t.piece[j] != t.piece[i]
                  and not np.any(t.masks[i] & t.masks[j])]
        cb = cr = cp = 0
        for j in others:
            cb, cr, cp = cb | int(t.balls[j]), cr | int(t.rings[j]), cp | int(t.pegs[j])
        dead = counting_dead(b | int(t.balls[i]), r | int(t.rings[i]), c | int(t.circles[i]),
                             cb, cr, cp)
        assert (i not in kept[int(t.piece[i])]) == dead
        removed += dead
    if cid == 50:
        assert removed > 0  # challenge 50 needs counting (tier 4)


# --- regrading and levels from the stored fields ----------------------------------------------

# Every tier, and guesses nested 1 to 5 deep (the deepest, 6, needs seconds per challenge).
REGRADE = (1, 15, 33, 47, 50, 73, 76, 78, 87, 93, 103, 111)


@pytest.mark.parametrize("cid", REGRADE)
def test_regrading_a_challenge_gives_every_stored_field(cid):
    from puzzles.iqlink.generate import grade_task

    it = stored_challenges()[cid - 1]
    again = grade_task(it["given"])
    assert again == {k: it[k] for k in ("grade", "tier", "guesses", "depth", "nodes")}


def test_regrade_sample_spans_every_tier_and_depth():
    items = [stored_challenges()[cid - 1] for cid in REGRADE]
    assert {it["tier"] for it in items} == set(range(SEARCH_TIER + 1))
    assert {it["depth"] for it in items} == {0, 1, 2, 3, 4, 5}


def _generation_order() -> list[dict]:
    """The stored challenges in the order generate_all graded them (task level, then slot)."""
    from puzzles.iqlink.generate import LEVEL_NAMES

    return sorted(stored_challenges(),
                  key=lambda it: (LEVEL_NAMES.index(it["task"][1]), it["task"][2]))


def test_assign_levels_reproduces_the_stored_levels():
    items = _generation_order()
    levels = assign_levels([len(it["given"]) for it in items], [it["grade"] for it in items],
                           [it["nodes"] for it in items])
    assert levels == [it["level"] for it in items]
    # 57 challenges ended in another level than the one they were drawn for
    assert sum(lv != it["task"][1] for lv, it in zip(levels, items, strict=True)) == 57


def test_equal_grades_are_ordered_by_exact_search_nodes():
    # 72 challenges with 5 givens (Junior, Expert or Master) and one grade: nodes decide
    givens = [10] * 24 + [5] * 72 + [2] * 24
    grades = [0.0] * 24 + [3.0] * 72 + [9.0] * 24
    nodes = [0] * 24 + [1000 - i for i in range(72)] + [0] * 24
    out = assign_levels(givens, grades, nodes)
    assert out[24:48] == ["Master"] * 24 and out[72:96] == ["Junior"] * 24


def test_equal_grades_and_nodes_put_more_givens_first():
    # then more given pieces is easier: 7 givens Junior, 6 Expert, 5 Master
    givens = [10] * 24 + [5] * 24 + [6] * 24 + [7] * 24 + [2] * 24
    grades = [0.0] * 24 + [3.0] * 72 + [9.0] * 24
    out = assign_levels(givens, grades, [0] * 120)
    assert out[24:48] == ["Master"] * 24 and out[48:72] == ["Expert"] * 24
    assert out[72:96] == ["Junior"] * 24


def test_stored_tasks_ask_for_table1_numbers_of_givens():
    # the 24 slots of a level spread its Table 1 range from the top: 10, 10, ..., 9 (Starter)
    assert target_givens("Starter") == [10] * 12 + [9] * 12
    assert target_givens("Wizard") == [4] * 8 + [3] * 8 + [2] * 8
    for it in stored_challenges():
        _, level, slot, k, _ = it["task"]
        assert k == target_givens(level)[slot] == len(it["given"])
