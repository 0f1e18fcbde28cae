"""Solver and exact counter: brute-force semantics, soundness, uniqueness of solved grids."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.logicgrid.count import assignments, count_solutions, holds, solutions
from puzzles.logicgrid.fi2pop import random_hints
from puzzles.logicgrid.hints import Hint, parse_puzzle
from puzzles.logicgrid.model import CLUE, MINI, solution_dict, solution_rows
from puzzles.logicgrid.reference import examples
from puzzles.logicgrid.solver import grid_solution, solve


def brute_force_mask(space, h: Hint) -> np.ndarray:
    """Truth of ``h`` in every assignment, straight from the row table (no bitsets)."""
    rows = assignments(space).astype(int)
    m, num = space.m, space.numeric

    def link(x, y):
        return rows[:, x] == rows[:, y]

    if h.type == "is":
        return link(h.a, h.b)
    if h.type == "not":
        return ~link(h.a, h.b)
    if h.type == "before":
        hours = rows[:, num * m:(num + 1) * m]  # hours[a, j] = row of hour j
        ha = np.argmax(hours == rows[:, [h.a]], axis=1)
        hb = np.argmax(hours == rows[:, [h.b]], axis=1)
        return (hb - ha >= 1) if h.k is None else (hb - ha == h.k)
    if h.type == "or":
        return link(h.a, h.c) ^ link(h.b, h.c)
    return link(h.a, h.b) ^ link(h.c, h.d)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(1, 6), st.sampled_from([CLUE, MINI]))
def test_counter_matches_brute_force(seed, k, space):
    hints = random_hints(space, k, seed)
    mask = np.ones(space.size, dtype=bool)
    for h in hints:
        mask &= brute_force_mask(space, h)
    assert count_solutions(space, hints) == int(mask.sum())
    rows = assignments(space)
    for a in np.flatnonzero(mask)[:3]:
        assert all(holds(space, h, rows[a]) for h in hints)


def true_hints(space, seed, count):
    """Random hints that all hold in one random assignment (the hidden truth)."""
    rng = np.random.default_rng(seed)
    rows = assignments(space)[rng.integers(space.size)]
    pool = random_hints(space, 40 * count, seed)
    return rows, [h for h in pool if holds(space, h, rows)][:count]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(1, 14), st.sampled_from([CLUE, MINI]))
def test_solver_is_sound(seed, count, space):
    rows, hints = true_hints(space, seed, count)
    res = solve(space, hints, trace=True)
    assert res.status != "contradiction"
    nm = space.n * space.m
    for x in range(nm):
        for y in range(nm):
            if x // space.m != y // space.m:
                linked = rows[x] == rows[y]
                assert res.grid[x, y] != (1 if linked else 2), "solver removed the truth"
    if res.solved:
        assert grid_solution(space, res.grid) == solution_dict(space, rows)
        assert count_solutions(space, hints) == 1
    else:
        assert count_solutions(space, hints) >= 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(1, 12))
def test_solved_means_unique_and_contradiction_means_none(seed, count):
    hints = random_hints(CLUE, count, seed)
    res = solve(CLUE, hints)
    n = count_solutions(CLUE, hints)
    if res.solved:
        assert n == 1
        assert solutions(CLUE, hints, 2) == [grid_solution(CLUE, res.grid)]
    if res.status == "contradiction":
        assert n == 0
    weak = solve(CLUE, hints, weak=True)
    if res.solved:
        assert weak.solved and weak.loops == res.loops


def test_slide_examples_solve_uniquely():
    for name, ex in examples().items():
        space = MINI if ex["space"] == "mini" else CLUE
        hints = parse_puzzle(space, ex["clues"])
        res = solve(space, hints, trace=True)
        assert res.solved, name
        assert count_solutions(space, hints) == 1
        assert res.remaining[0] == len(hints)
        if ex["published_solution"]:
            assert grid_solution(space, res.grid) == ex["published_solution"]
            solution_rows(space, ex["published_solution"])
        # every cell filled by the trace, each with a reason
        nm = space.n * space.m
        assert len(res.steps) == space.m * space.m * space.n * (space.n - 1) // 2
        assert all(s.reason for s in res.steps) and nm > 0


def test_contradiction_detected():
    hints = [Hint("is", 0, 4), Hint("not", 0, 4)]
    assert solve(CLUE, hints).status == "contradiction"
    assert count_solutions(CLUE, hints) == 0


def test_solver_rejects_bad_input():
    with pytest.raises(ValueError):
        solve(CLUE, [Hint("is", 0, 1)])
    with pytest.raises(ValueError, match="unknown hint type"):
        solve(CLUE, np.array([[9, 0, 4, -1, -1, 0]]))
    with pytest.raises(ValueError, match="limit"):
        solutions(CLUE, [], 0)
