"""Cost-optimal step-wise explanations, re-checked by brute force over every cheaper premise set."""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
import pytest

from puzzles.logicgrid import released
from puzzles.logicgrid.explain import clue_mask
from puzzles.logicgrid.hints import Hint
from puzzles.logicgrid.model import CLUE, MINI, Space, assignment_table
from puzzles.logicgrid.stepwise import (
    CLUE_COSTS,
    COLUMNS,
    Costs,
    difficulty,
    explain,
    explanation_difficulty,
    frame,
    json_table,
    puzzle_table,
)


def _bits(mask: np.ndarray) -> int:
    """A Boolean array over assignments as one Python integer (bit a = assignment a)."""
    return int.from_bytes(np.packbits(mask, bitorder="little").tobytes(), "little")


def _premise_sets(space: Space, hints: list[Hint], steps: list, costs: Costs):
    """For every step: (its cell's broken set, the clue premises, the earlier-cell premises),
    every premise as (label, cost, assignments where it holds), independent of the module."""
    rows = assignment_table(space)
    full = (1 << len(rows)) - 1
    clues = [(i + 1, costs.clue[h.type], _bits(clue_mask(space, h, rows)))
             for i, h in enumerate(hints)]
    earlier = []
    for s in steps:
        pair, mark = s.cell.rsplit(" ", 1)
        a, b = (space.index(e) for e in pair.split(" / "))
        linked = _bits(rows[:, a] == rows[:, b])
        holds = linked if mark == "O" else full & ~linked
        yield full & ~holds, clues, list(earlier)
        earlier.append((s.cell, costs.fact, holds))


def _entailed(broken: int, premises: list) -> bool:
    acc = broken
    for _, _, h in premises:
        acc &= h
    return acc == 0


def _cheaper_exists(broken: int, pool: list, budget: int, acc: int | None = None,
                    start: int = 0) -> bool:
    """Plain brute force: does some subset of ``pool`` costing at most ``budget`` entail?"""
    acc = broken if acc is None else acc
    if acc == 0:
        return True
    return any(c <= budget and _cheaper_exists(broken, pool, budget - c, acc & h, i + 1)
               for i, (_, c, h) in enumerate(pool[start:], start=start))


def _check(space: Space, hints: list[Hint], steps: list, costs: Costs) -> None:
    for s, (broken, clues, facts) in zip(steps, _premise_sets(space, hints, steps, costs),
                                         strict=True):
        used = [c for c in clues if c[0] in s.clues] + [f for f in facts if f[0] in s.premises]
        assert len(used) == len(s.clues) + len(s.premises), s
        assert s.cost == sum(c for _, c, _ in used), s  # the cost is the table's sum
        assert _entailed(broken, used), s
        pool = facts if _entailed(broken, facts) else clues + facts  # the necessity rule
        if _entailed(broken, facts):
            assert not s.clues, f"step {s.step} names a clue the earlier cells make needless"
        assert not _cheaper_exists(broken, pool, s.cost - 1), f"cheaper set for step {s.step}"


@pytest.mark.parametrize("k", [0, 2])
def test_every_step_is_the_cheapest_by_brute_force(k: int) -> None:
    hints = released.puzzles("small")[k]
    steps = explain(MINI, hints, f"small-{k + 1}")
    assert len(steps) == 3 * 16  # every cell of the 3x4 grid, once
    _check(MINI, hints, steps, Costs())
    assert all(s.minimal_checked for s in steps if s.cost <= 3)


def test_the_necessity_rule_holds_where_a_clue_would_be_cheaper() -> None:
    # earlier cells cost 5, clues 1: without the rule, clues would explain what the grid shows
    costs = Costs(fact=5, clue=dict.fromkeys(CLUE_COSTS, 1))
    hints = released.puzzles("small")[1]
    steps = explain(MINI, hints, "small-2", costs)
    _check(MINI, hints, steps, costs)
    assert any(not s.clues and s.premises for s in steps)


def test_the_greedy_sequence_explains_the_cheapest_cell_first() -> None:
    hints = released.puzzles("small")[3]
    steps = explain(MINI, hints, "small-4", check_limit=0)
    # step 1 is the cheapest explanation of any cell from the clues alone (no cell is known)
    assert steps[0].cost == min(CLUE_COSTS[h.type] for h in hints
                                if h.type in ("is", "not"))
    # check_limit 0: a step counts as checked only when no premise set but the empty one is
    # cheaper (step 1: every clue costs at least its cost); later ones are not brute-forced
    assert steps[0].minimal_checked and not all(s.minimal_checked for s in steps)


def test_cost_table_is_stated() -> None:
    assert dict(CLUE_COSTS) == {"is": 2, "not": 2, "before": 4, "or": 3, "either_is": 3}
    assert Costs().fact == 1
    assert list(Costs().table()["cost"]) == [1, 2, 2, 4, 3, 3]


def test_a_step_costs_its_clues_by_type() -> None:
    # "is" clues costing 3 instead of 2: every step still costs its premises by the table
    hints = released.puzzles("small")[0]
    costs = Costs(clue={**CLUE_COSTS, "is": 3})
    steps = explain(MINI, hints, "small-1", costs, check_limit=0)
    _check(MINI, hints, steps, costs)


def test_frame_and_difficulty() -> None:
    steps = explain(MINI, released.puzzles("small")[0], "s1", check_limit=0)
    f = frame(steps)
    assert tuple(f.columns) == COLUMNS
    d = difficulty(steps)
    assert d.total_cost == f["cost"].sum() and d.max_cost == f["cost"].max()
    assert d.clue_steps == (f["clues"] != "").sum()


def test_puzzle_table_skips_puzzles_without_one_solution() -> None:
    hs = released.puzzles("small")
    steps, table = puzzle_table(MINI, [("a", hs[0]), ("none", hs[4])], check_limit=0)
    assert list(table["solutions"]) == [1, 0]
    assert set(steps["puzzle"]) == {"a"}
    assert pd.isna(table.loc[1, "total_cost"])


def test_explanation_difficulty_is_spearman_over_explained_puzzles() -> None:
    t = pd.DataFrame({"total_cost": [1, 2, 3, 4, None], "max_cost": [4, 3, 2, 1, None],
                      "loops_sound": [1, 2, 3, 4, 9], "loops_paper": [1, 2, 4, 3, 9]})
    r = explanation_difficulty(t).set_index(["measure", "loops"])
    assert r.loc[("total step cost", "sound"), "rho"] == pytest.approx(1.0)
    assert r.loc[("max step cost", "sound"), "rho"] == pytest.approx(-1.0)
    assert r.loc[("total step cost", "paper"), "rho"] == pytest.approx(0.8)
    assert set(r["n"]) == {4} and set(r["group"]) == {"all"}


def test_explanation_difficulty_within_groups() -> None:
    t = pd.DataFrame({"total_cost": [1, 2, 3, 9, 8, 7], "max_cost": [1, 1, 2, 2, 3, 3],
                      "loops_sound": [1, 2, 3, 4, 5, 6], "loops_paper": [1, 2, 3, 4, 5, 6],
                      "set": ["a", "a", "a", "b", "b", "b"]})
    r = explanation_difficulty(t, by="set").set_index(["group", "measure", "loops"])
    assert r.loc[("a", "total step cost", "sound"), "rho"] == pytest.approx(1.0)
    assert r.loc[("b", "total step cost", "sound"), "rho"] == pytest.approx(-1.0)
    assert r.loc[("all", "total step cost", "sound"), "n"] == 6
    with pytest.raises(ValueError, match="per group"):
        explanation_difficulty(t.iloc[:5], by="set")


def test_explanation_difficulty_is_nan_without_a_warning_where_a_side_is_constant() -> None:
    t = pd.DataFrame({"total_cost": [1, 2, 3, 4], "max_cost": [2, 2, 2, 2],
                      "loops_sound": [1, 2, 4, 3], "loops_paper": [1, 2, 3, 4]})
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # scipy's ConstantInputWarning would land on stderr
        r = explanation_difficulty(t).set_index(["measure", "loops"])
    assert r.loc[("max step cost", "sound"), ["rho", "p"]].isna().all()
    assert r.loc[("total step cost", "paper"), "rho"] == pytest.approx(1.0)


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="exactly one solution"):
        explain(CLUE, released.puzzles("hd")[0][:2])
    with pytest.raises(ValueError, match="every type"):
        Costs(clue={"is": 1})
    with pytest.raises(ValueError, match="positive integer"):
        Costs(fact=0)
    with pytest.raises(ValueError, match="at least 3"):
        explanation_difficulty(pd.DataFrame({"total_cost": [1], "max_cost": [1],
                                             "loops_sound": [1], "loops_paper": [1]}))


def test_json_table_reads_puzzles_json_entries() -> None:
    from puzzles.logicgrid.hints import to_dict

    hints = released.puzzles("small")[0]
    entry = {"experiment": "mini", "trial": 3, "categories": MINI.to_dict(),
             "hints": [to_dict(MINI, h) for h in hints + hints[:1]]}  # a repeat is dropped
    steps, table = json_table([entry], check_limit=0)
    assert set(steps["puzzle"]) == {"mini-3"} and len(steps) == 48
    assert table.loc[0, "trial"] == 3 and table.loc[0, "solutions"] == 1
    with pytest.raises(ValueError, match="categories"):
        json_table([{**entry, "categories": []}])
