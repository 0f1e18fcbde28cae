"""The designer's generator: Neller's terms, objectives, feasible mazes, stored runs."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from puzzles.jumpmaze import designer, model, offline
from puzzles.jumpmaze import report as R
from puzzles.jumpmaze.paper import PAPER


def test_terms_of_the_report_puzzle_match_the_model():
    t = designer.terms(R.report_puzzle())
    ev = model.evaluate(R.report_puzzle())
    s = 121.0
    assert t["no_unique_path"] == s ** 3  # two shortest paths
    assert t["black_holes"] == s ** 2 * ev.black_holes
    assert t["white_holes"] == s ** 2 * ev.white_holes
    assert t["depth"] == -103
    assert designer.energy(R.report_puzzle(), "depth") == -103


def test_terms_on_a_hand_checked_maze():
    # 3 x 3: start jumps 2 right, then 2 down to the goal; 1s elsewhere
    g = np.array([[2, 1, 2], [1, 1, 1], [1, 1, 0]])
    t = designer.terms(g)
    ev = model.evaluate(g)
    assert ev.score == 2 and ev.unique_path
    assert t["no_unique_path"] == 0 and t["depth"] == -2
    # a corner start always has two moves (right and down), so nothing is forced from it
    assert t["forced_moves"] == 0
    # clusters of equal jumps: the six 1s form one group of 6, the two 2s are apart
    assert t["same_jump_clusters"] == 25
    assert t["white_holes"] == 81 * (9 - int((ev.depths >= 0).sum()))


@pytest.mark.parametrize("n", [5, 7])
def test_design_finds_a_feasible_maze_and_it_checks_out(n):
    r = designer.design(n, 100_000, 3)
    assert r.feasible_depth is not None and r.feasible_depth >= n * n // 2
    assert designer.feasible(r.feasible_grid)
    assert model.score(r.feasible_grid) == r.feasible_depth
    again = designer.design(n, 100_000, 3)
    np.testing.assert_array_equal(again.best_grid, r.best_grid)


def test_objectives_select_terms():
    assert designer.weights("depth").tolist() == [0, 0, 0, 1, 0, 0, 0]
    assert designer.weights("neller").tolist() == [1] * len(designer.TERMS)
    with pytest.raises(ValueError, match="objective"):
        designer.weights("beauty")
    with pytest.raises(ValueError, match="iters"):
        designer.design(5, 0, 1)


def test_stored_designer_runs_verify():
    checked = designer.verify(offline.design_records(offline.stored("designer-runs")))
    assert set(checked) == {str(n) for n in range(5, 12)}
    for k, v in checked.items():
        assert v["shortest_paths"] == 1 and v["black_holes"] == 0 and v["white_holes"] == 0
        assert v["score"] <= int(k) ** 2 - 3


# --- the stored and the notebook's runs, rerun ------------------------------------------------

FIGURES = Path(__file__).resolve().parents[1] / "figures" / "03_jumping_maze"


def test_stored_n5_designer_runs_rerun_bit_for_bit():
    table = offline.stored("designer-runs")
    stored = offline.design_records(table)["5"]
    tasks = sorted((t for t in PAPER.tasks("designer-runs") if t.n == 5), key=lambda t: t.run)
    runs = [offline.design_run(t) for t in tasks]
    assert [r.seed for r in runs] == stored["seeds"]
    assert [r.feasible_depth for r in runs] == stored["feasible_depths"] == [19, 19]
    assert runs[0].feasible_grid.tolist() == stored["grid"]  # the first of the deepest is kept
    # the experiment's table of these runs is the stored table's n = 5 rows (provenance aside)
    again = offline.design_table(tasks, runs).drop(columns=offline.PROVENANCE)
    mine = table[table["n"] == 5].drop(columns=offline.PROVENANCE).reset_index(drop=True)
    pd.testing.assert_frame_equal(again, mine, check_dtype=False)


def test_neller_energy_of_the_committed_designer_mazes():
    committed = json.loads((FIGURES / "designer.json").read_text(encoding="utf-8"))
    assert {k: designer.energy(v["grid"], "neller") for k, v in committed.items()} == {
        k: v["neller_energy"] for k, v in committed.items()}
    decisions = {k: designer.terms(v["grid"])["decisions"] for k, v in committed.items()}
    assert decisions == {"5": -12, "6": -16, "7": -23, "8": -35, "9": -47, "10": -58,
                         "11": -71}


# notebook 03's live runs (budgets "live_design": n = 7, 300,000 iterations, seed 2026)
LIVE = {"neller": ([0, 0, 0, -39, 0, -30, 3], 41),
        "designer": ([0, 0, 0, -40, 0, -25, 77], 40),
        "depth": ([117649, 4802, 2401, -42, 0, -27, 58], 11)}


@pytest.mark.parametrize("objective", sorted(LIVE))
def test_live_design_runs_of_the_notebook(objective):
    r = designer.design(7, 300_000, 2026, objective=objective)
    terms, feasible = LIVE[objective]
    assert list(designer.terms(r.best_grid).values()) == terms
    assert r.feasible_depth == feasible


def test_short_design_runs_rerun_bit_for_bit():
    # 200 iterations: the deepest feasible maze kept is the first met at that depth
    r = designer.design(5, 200, 0)
    assert r.feasible_depth == 8
    assert r.feasible_grid.tolist() == [[1, 1, 2, 3, 3], [1, 1, 3, 1, 1], [1, 2, 1, 2, 2],
                                        [3, 1, 3, 2, 4], [1, 4, 1, 3, 0]]
    # on so short a run the schedule (3.0 at the first iteration, 0.2 at the last) decides it
    r = designer.design(5, 200, 24, objective="neller")
    assert (r.feasible_depth, r.best_energy) == (6, -6.0)
    assert r.feasible_grid.tolist() == [[4, 2, 1, 2, 1], [1, 3, 2, 3, 1], [4, 1, 2, 1, 3],
                                        [4, 1, 1, 2, 1], [3, 4, 2, 4, 0]]
