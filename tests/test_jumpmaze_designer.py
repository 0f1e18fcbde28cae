"""The designer's generator: Neller's terms, objectives, feasible mazes, stored runs."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.jumpmaze import designer, model
from puzzles.jumpmaze import reference as R


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
    rec = designer.load_runs()
    if rec is None:
        pytest.skip("designer runs not stored yet")
    checked = designer.verify(rec)
    assert set(checked) == {str(n) for n in range(5, 12)}
    for k, v in checked.items():
        assert v["shortest_paths"] == 1 and v["black_holes"] == 0 and v["white_holes"] == 0
        assert v["score"] <= int(k) ** 2 - 3
