"""The three survivors of the referees' independent one-line mutants (issue 44), each pinned.

* keeping the last meeting of the bidirectional search instead of the first gives other optimal
  paths of the same length: the committed ``optimal_paths.json`` is pinned path by path;
* ``initial_table(p, 1)`` holds exactly the target (count 1), not a whole first layer;
* an unpaired ordering of two identical constant samples is settled without a test, while two
  different constants are tested.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from puzzles.catalogue import FIGURES_DIR
from puzzles.core import verdicts as V
from puzzles.hypercube import experiments as ex
from puzzles.hypercube import tables as tb
from puzzles.hypercube.instances import instance
from puzzles.hypercube.rl import initial_table

PATHS = FIGURES_DIR / "05_hypercube" / "optimal_paths.json"


@pytest.mark.parametrize("case", ["d3-k1-L0", "d3-k2-L1", "d3-k1-L3", "d3-k2-L2", "d4-k1-L0",
                                  "d4-k2-L1"])
def test_the_committed_optimal_paths_are_the_first_meeting_of_the_search(case):
    committed = json.loads(PATHS.read_text(encoding="utf-8"))
    d, k, level = case.split("-")
    task = ex.ExactTask(int(d[1:]), level[1:], int(k[1:]), 3)
    paths = tb.optimal_paths(ex.exact_table([task], [ex.exact(task)]))
    assert paths[case] == committed[case]


def test_an_initial_table_of_one_state_holds_only_the_target():
    puzzle = instance(3, "0").puzzle(1)
    table = initial_table(puzzle, 1)
    assert table.count == 1
    assert initial_table(puzzle, 2).count > 1  # the next layer comes whole


def test_identical_constant_samples_are_settled_and_different_constants_tested():
    same = V.ordering([3.0] * 5, [3.0] * 5, paired=False)
    assert same.settled == "differs" and same.p is None
    apart = V.ordering(np.full(5, 3.0), np.full(5, 4.0), paired=False)
    assert apart.settled is None and apart.p < 0.05
