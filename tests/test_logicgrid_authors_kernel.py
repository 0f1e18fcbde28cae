"""The authors' solver as a numba kernel equals the Python rebuild (status, loops, grid), and
the GA's judge reads it where its rules say so."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.logicgrid import released
from puzzles.logicgrid.authors import paper_solve
from puzzles.logicgrid.authors_kernel import paper_kernel
from puzzles.logicgrid.causes import oracle_rules
from puzzles.logicgrid.fi2pop import EXPERIMENTS, evaluate, judge, random_hints
from puzzles.logicgrid.hints import to_array
from puzzles.logicgrid.model import CLUE, MINI
from puzzles.logicgrid.solver import STATUS, solve


def _cases():
    out = [(released.SET_SPACES[k], hs) for k in released.SETS for hs in released.puzzles(k)]
    out += [(CLUE if i % 3 else MINI, random_hints(CLUE if i % 3 else MINI, 2 + i % 15, i))
            for i in range(120)]
    return out


def test_the_kernel_equals_the_authors_solver_on_status_loops_and_grid():
    statuses = set()
    for space, hs in _cases():
        status, loops, grid, _ = paper_solve(space, hs)
        arr = to_array(space, hs)
        S = np.zeros((space.n * space.m,) * 2, dtype=np.int8)
        k_status, k_loops = paper_kernel(arr, len(arr), (space.n, space.m, space.numeric), S)
        assert (STATUS[k_status], k_loops) == (status, loops)
        assert np.array_equal(S, np.array(grid.s))
        statuses.add(status)
    assert statuses == {"solved", "stuck", "contradiction"}


def test_the_fitness_reads_the_authors_loops_when_asked():
    hs = released.puzzles("hd")[0]
    arr = to_array(CLUE, hs)
    sound, paper = solve(CLUE, hs).loops, solve(CLUE, hs, mode="paper").loops
    assert sound != paper  # the released puzzle separates the two counts
    for solver, expected in (("sound", sound), ("paper", paper)):
        exp = EXPERIMENTS["difficulty only"]
        r = type(exp)(fitness="difficulty_only", fitness_solver=solver).rules()
        feasible, fit, loops, _ = evaluate(arr, len(arr), judge(CLUE, r))
        assert feasible and loops == expected and fit == expected


@pytest.mark.parametrize("oracle", ["ours", "authors"])
def test_the_oracle_decides_feasibility(oracle):
    """A released puzzle with no solution: the authors' solver completes its grid (their
    feasible), and so does ours under the weak test; a list the authors' solver leaves stuck
    is infeasible under their oracle."""
    stuck = next(hs for space, hs in _cases()[65:] if space is CLUE
                 and paper_solve(CLUE, hs)[0] == "stuck")
    arr = to_array(CLUE, stuck)
    feasible = evaluate(arr, len(arr), judge(CLUE, oracle_rules(oracle)))[0]
    if oracle == "authors":
        assert not feasible
    assert oracle_rules(oracle).paper_oracle == (oracle == "authors")
