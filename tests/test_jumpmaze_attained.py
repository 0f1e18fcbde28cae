"""Constrained maxima by expanding the merged exact search's leaves (puzzles.jumpmaze.attained)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from puzzles.jumpmaze import attained as A
from puzzles.jumpmaze import constrained as C
from puzzles.jumpmaze import model

STORED = Path(__file__).resolve().parents[1] / "puzzles/jumpmaze/data/constrained_maxima.csv"


@pytest.mark.parametrize("target", [1, 2, 3, 4])
def test_n3_equals_brute_force(target):
    best = C.brute_force_constrained(3)
    r = A.search(3, target)
    assert r.complete
    assert r.best == (best if best >= target else None)


# the best feasible depth per start jump, found by the unmerged search of constrained.py
PER_START = {4: {1: 9, 2: 11, 3: 10}, 5: {1: 18, 2: 17, 3: 19, 4: 19}}


@pytest.mark.parametrize("n", [4, 5])
def test_each_start_jump_agrees_with_the_unmerged_search(n):
    # the start's jump splits the mazes the same way in both searches (each searches a maze or
    # its transpose, and transposing keeps the start's jump), so the maxima must agree
    for a, best in PER_START[n].items():
        for target in (best - 3, best, best + 1):
            ours = A.search(n, target, prefix=(a,))
            theirs = C.search(n, target, prefix=(a,))
            assert ours.complete and theirs.complete
            assert ours.best == theirs.best_score == (best if target <= best else None)


def test_found_mazes_meet_the_constraints():
    r = A.search(5, 17)
    ev = model.evaluate(r.grid)
    assert (ev.score, ev.shortest_paths, ev.black_holes, ev.white_holes) == (19, 1, 0, 0)


def test_pinned_trees():
    # node counts pin every cut: a weaker cut searches more, an unsound one finds less
    r = A.search(5, 17)
    assert (r.best, r.nodes, r.leaves, r.grids, r.feasible_leaves) == (19, 7701, 21, 43, 3)
    r = A.search(6, 31)
    assert (r.best, r.complete, r.nodes, r.leaves, r.grids) == (31, True, 22404, 1, 1)
    r = A.search(5, 20)
    assert r.refuted and r.nodes == 814


def test_stored_small_searches_rerun_exactly():
    stored = pd.read_csv(STORED)
    small = stored[stored["nodes"] < 100_000]
    assert len(small) >= 2
    tasks = [A.AttainedTask(int(r.n), int(r.target), int(r.node_limit), root=0)
             for r in small.itertuples()]
    again = A.attained_table(tasks, [A.attained_run(t) for t in tasks])
    pd.testing.assert_frame_equal(again.reset_index(drop=True),
                                  small.reset_index(drop=True).astype(again.dtypes.to_dict()))


def test_stored_n7_maze_is_feasible_at_44():
    row = pd.read_csv(STORED).set_index("n").loc[7]
    assert bool(row["complete"]) and int(row["best"]) == 44
    ev = model.evaluate(eval(row["grid"]))  # noqa: S307 - a list of lists written by us
    assert (ev.score, ev.shortest_paths, ev.black_holes, ev.white_holes) == (44, 1, 0, 0)


def test_same_discovery_compares_the_new_cells():
    n = 3
    pos = np.full(9, 9, np.int64)
    pos[0], pos[1], pos[3] = 0, 1, 2  # start, its right and lower neighbours discovered
    # cell 1 popped with the tail at 3: jump 1 reaches 0 (old), 2 and 4 (new); jump 2 reaches 7
    assert not A._same_discovery(1, 2, n, pos, 3, 3)
    pos[2], pos[4] = 3, 4  # jump 1 discovered cells 2 and 4
    assert A._same_discovery(1, 1, n, pos, 3, 5)
    assert not A._same_discovery(1, 1, n, pos, 3, 4)  # one more new cell than the value made
    pos[6] = 5  # cell 6 discovered too, not by jump 1
    assert not A._same_discovery(1, 1, n, pos, 3, 6)  # one fewer


def test_alone_counts_the_quiet_jumps():
    n = 4
    mj = np.ascontiguousarray(model.max_jumps(n).ravel())
    depth = np.full(16, -1, np.int64)
    depth[[0, 1, 2, 3]] = 0  # the top row discovered
    assert A._alone(n, mj, depth, 1, 1)  # a jump that discovered a cell is its class's only one
    # cell 1 (max jump 3): jump 1 reaches 0, 2 and 5, jump 2 reaches 3 and 9, jump 3 only 13
    depth[[5, 9]] = 1
    # now jumps 1 and 2 of cell 1 discover nothing: a class of two, so no sure edges
    assert not A._alone(n, mj, depth, 1, 0)
    depth[9] = -1
    assert A._alone(n, mj, depth, 1, 0)  # only jump 1 is quiet


def test_bad_input():
    with pytest.raises(ValueError, match="prefix must hold"):
        A.search(5, 15, prefix=(7,))
    with pytest.raises(ValueError, match="target must be"):
        A.search(5, 0)
    with pytest.raises(ValueError, match="n must lie"):
        A.search(2, 3)
    r = A.search(6, 31, node_limit=100)
    assert not r.complete and r.nodes == 100 and not r.refuted


def test_maxima_table_reads_a_refutation_as_the_designers_depth():
    stored = pd.read_csv(STORED)
    design = {"5": {"score": 19}, "6": {"score": 30}, "7": {"score": 43}, "8": {"score": 59}}
    t = A.maxima_table(stored, design).set_index("n")
    assert t["proven_max_constrained"].tolist()[:3] == [19, 31, 44]
    assert pd.isna(t.loc[8, "proven_max_constrained"]) and pd.isna(t.loc[8, "nodes"])
    # a refutation says nothing when the designer's maze is not one below the target
    t2 = A.maxima_table(stored, {**design, "5": {"score": 18}}).set_index("n")
    assert pd.isna(t2.loc[5, "proven_max_constrained"])
