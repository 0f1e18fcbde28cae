"""The inventory sweep's rows (issue 26 item 6): trivial deductions read through the step-wise
explanations, Table 1's examples and the before bound, each evidence function called on a stub
of the data it declares."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import pandas as pd
import pytest

from puzzles.logicgrid import ledger as lg
from puzzles.logicgrid import stepwise as ls
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


@dataclass
class Stub:
    """What an evidence function reads: given tables, the paper's reference tables otherwise."""

    tables: dict = field(default_factory=dict)
    references: dict = field(default_factory=dict)
    claim_id: str = ""

    def table(self, name: str) -> pd.DataFrame:
        return self.tables[name]

    def reference(self, name: str) -> pd.DataFrame:
        return self.references[name] if name in self.references else PAPER.reference(name)


def _arms(do_read_off: list[int]) -> pd.DataFrame:
    rows = []
    for prefix, counts in ((ls.OURS_DO, do_read_off), (ls.OURS_HD, [3, 3]),
                           (ls.AUTHORS_DO, [4, 4]), (ls.AUTHORS_HD, [3, 3])):
        for i, n in enumerate(counts, start=1):
            rows += [_step(f"{prefix}{i}", "1", "", 2)] * n + [_step(f"{prefix}{i}", "", "x", 1)]
    return pd.DataFrame(rows)


def _readings(finding) -> dict:
    return {k: v.settled for k, v in finding.evidence.items()}


def test_several_means_at_least_two_per_puzzle():
    f = lg.trivial(Stub({"explanations": _arms([2, 2])}))
    head = "trivial: a step read off one is/not clue (no earlier cell, cost 2)"
    assert _readings(f)[head] == "reproduced"
    assert f.evidence[head].ours.startswith("2 read-off steps per puzzle")
    assert f.authors.startswith("4 read-off") and "not tested" in f.why
    f = lg.trivial(Stub({"explanations": _arms([2, 1])}))
    assert _readings(f)[head] == "contradicted"


def test_future_work_row_cites_the_pooled_spearman():
    d = pd.DataFrame([{"group": g, "measure": "total step cost", "loops": loops, "n": 121,
                       "rho": 0.2, "p": 0.01} for g in ("all", "ours")
                      for loops in ("sound", "paper")])
    ev = lg.deduction_types(Stub({"explanation_difficulty": d})).evidence
    assert ev.settled == "not comparable"
    assert ev.ours.count("rho 0.2") == 2 and "n 121" in ev.ours


def test_table1_examples_parse_as_their_rows_type():
    ev = lg.table1_examples(Stub()).evidence
    assert ev.settled == "reproduced" and ev.ours == "all 5 parse as their row's type"
    t = PAPER.reference("grammar_examples")
    wrong = t.assign(type=["is"] + t["type"].tolist()[1:]).iloc[[1]].assign(type="is")
    ev = lg.table1_examples(Stub(references={"grammar_examples": wrong})).evidence
    assert ev.settled == "contradicted" and "'is' example reads as 'not'" in ev.ours


def test_before_bound_counts_the_slides_and_table1s_examples():
    ev = lg.before_k(Stub()).evidence
    assert ev.settled == "contradicted"
    assert "Table 1's 'before' example (k = 2)" in ev.ours
    assert "Example Puzzle 1 (3x4) clue 2 (k = 2)" in ev.ours
    none = PAPER.reference("examples").iloc[:0]
    ev = lg.before_k(Stub(references={"examples": none})).evidence
    assert ev.ours == "Table 1's 'before' example (k = 2)"
