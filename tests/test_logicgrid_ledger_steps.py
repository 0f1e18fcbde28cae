"""The inventory sweep's rows (issue 26 item 6): trivial deductions read through the step-wise
explanations, Table 1's examples, and the design rows the paper states."""

from __future__ import annotations

import io

import pandas as pd
import pytest

from puzzles.core.claims import Ledger
from puzzles.logicgrid import ledger as lg
from puzzles.logicgrid import ledger_steps as ls
from puzzles.logicgrid import reference
from puzzles.logicgrid.model import CLUE
from puzzles.logicgrid.paper import PAPER


def _step(puzzle: str, clues: object, premises: object, cost: int) -> dict:
    return {"puzzle": puzzle, "step": 1, "cell": "c", "clues": clues, "premises": premises,
            "cost": cost, "minimal_checked": True}


def test_a_trivial_step_names_one_clue_and_no_earlier_cell():
    steps = pd.DataFrame([
        _step("do-1", "3", "", 2),          # one is/not clue read off: trivial
        _step("do-1", "4", "", 4),          # one 'before' clue alone: trivial only without a cap
        _step("do-1", "3;5", "", 2),        # two clues: not trivial
        _step("do-1", "", "A / B O", 1),    # an earlier cell only: not trivial
        _step("do-1", "2", "A / B O", 3),   # a clue and an earlier cell: not trivial
        _step("do-2", "", "A / B X", 1),    # a puzzle with none counts 0
        _step("do-10", "1", "", 2),
        _step("hd-1", "1", "", 2),          # another set is not counted
    ])
    assert ls.trivial_per_puzzle(steps, "do-", ls.READ_OFF) == [1, 1, 0]  # do-1, do-10, do-2
    assert ls.trivial_per_puzzle(steps, "do-") == [2, 1, 0]
    # As read back from explanations.csv, where empty cells are NaN.
    back = pd.read_csv(io.StringIO(steps.to_csv(index=False)))
    assert back["premises"].isna().any()
    assert ls.trivial_per_puzzle(back, "do-", ls.READ_OFF) == [1, 1, 0]


def test_trivial_steps_refuse_bad_input():
    with pytest.raises(ValueError, match="columns"):
        ls.trivial_per_puzzle(pd.DataFrame({"puzzle": ["do-1"]}), "do-")
    with pytest.raises(ValueError, match="no puzzle named"):
        ls.trivial_per_puzzle(pd.DataFrame([_step("hd-1", "1", "", 2)]), "do-")


def _arms(do_read_off: list[int]) -> pd.DataFrame:
    rows = []
    for prefix, counts in ((ls.OURS_DO, do_read_off), (ls.OURS_HD, [3, 3]),
                           (ls.AUTHORS_DO, [4, 4]), (ls.AUTHORS_HD, [3, 3])):
        for i, n in enumerate(counts, start=1):
            rows += [_step(f"{prefix}{i}", "1", "", 2)] * n + [_step(f"{prefix}{i}", "", "x", 1)]
    return pd.DataFrame(rows)


def _difficulty() -> pd.DataFrame:
    return pd.DataFrame([{"group": g, "measure": "total step cost", "loops": loops, "n": 121,
                          "rho": 0.2, "p": 0.01} for g in ("all", "ours")
                         for loops in ("sound", "paper")])


def test_several_means_at_least_two_per_puzzle():
    f = ls.explanation_claims(Ledger(PAPER.stem), _arms([2, 2]), _difficulty()).frame()
    row = f.set_index("id").loc["QA-do-trivial"]
    assert row["kind"] == "qualitative" and row["verdict"] == "reproduced"
    assert row["ours"].startswith("2 steps read off") and row["authors"].startswith("4 read-off")
    assert "not tested" in row["why"]
    f = ls.explanation_claims(Ledger(PAPER.stem), _arms([2, 1]), _difficulty()).frame()
    assert f.set_index("id").loc["QA-do-trivial", "verdict"] == "contradicted"


def test_future_work_row_cites_the_pooled_spearman():
    f = ls.explanation_claims(Ledger(PAPER.stem), _arms([2, 2]), _difficulty()).frame()
    row = f.set_index("id").loc["FW-deduction-types"]
    assert row["verdict"] == "not comparable"
    assert row["ours"].count("rho 0.2") == 2 and "n 121" in row["ours"]


def test_table1_examples_parse_as_their_rows_type(monkeypatch):
    led = Ledger(PAPER.stem)
    parsed = lg.grammar_example_claims(led)
    assert [t for t, _ in parsed] == ["is", "not", "before", "or", "either_is"]
    assert led["GRAM-table1-examples"].verdict == "reproduced"
    wrong = [("is", reference.grammar_examples()[1][1])]  # the 'not' example filed under 'is'
    monkeypatch.setattr(reference, "grammar_examples", lambda: wrong)
    led = Ledger(PAPER.stem)
    lg.grammar_example_claims(led)
    assert led["GRAM-table1-examples"].verdict == "contradicted"
    assert "'is' example reads as 'not'" in led["GRAM-table1-examples"].ours


def test_before_bound_counts_table1s_example():
    led = lg.example_claims(Ledger(PAPER.stem), [])  # no slide puzzle: Table 1's example only
    row = led["SEM-before-k"]
    assert row.verdict == "contradicted"
    assert row.ours == "Table 1's 'before' example (k = 2)"


def test_the_papers_design_rows_are_by_construction():
    led = lg.design_claims(Ledger(PAPER.stem), lg.grammar_table(CLUE, 200, 1),
                           PAPER.budgets("paper"))
    f = led.frame().set_index("id")
    for cid in ("SEM-before-operands", "SEM-or-consequences", "SOLV-rules", "FEAS-definition",
                "FIT-mini", "OP-random-productions"):
        assert f.loc[cid, "verdict"] == "by construction", cid
    assert f.loc["FIT-mini", "ours"] == "weight 1 on 1 - h/20"
    assert "authors.paper_solve" in f.loc["SOLV-alg1", "test"]
    assert "paper.LogicGridBudget" in f.loc["GA-params", "test"]
    for cid in ("BG-ga-outline", "FW-map-elites", "FW-narrative"):
        assert f.loc[cid, "verdict"] == "not comparable" and f.loc[cid, "why"], cid
