"""Model of the Rook Jumping Maze: legal ranges, BFS against a plain reference, validation."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.jumpmaze import model
from puzzles.jumpmaze import report as R


@st.composite
def grids(draw, sizes=(3, 4, 5, 6, 7, 9, 11)):
    n = draw(st.sampled_from(sizes))
    seed = draw(st.integers(0, 2**32 - 1))
    return model.random_grid(n, np.random.default_rng(seed))


def test_max_jumps_n5():
    m = model.max_jumps(5)
    assert m[0, 0] == 4 and m[2, 2] == 2 and m[1, 2] == 3 and m[4, 4] == 0
    assert m[1, 1] == 3 and m[0, 2] == 4


@given(grids(sizes=(3, 4, 5, 8, 11)))
@settings(max_examples=15, deadline=None)
def test_every_legal_jump_has_a_destination_inside(grid):
    n = grid.shape[0]
    m = model.max_jumps(n)
    for r in range(n):
        for c in range(n):
            for k in range(1, m[r, c] + 1):
                g = grid.copy()
                g[r, c] = k
                dests = model.moves_from(g, r, c)
                assert dests, f"jump {k} at ({r}, {c}) leaves the grid in every direction"
                for rr, cc in dests:
                    assert abs(rr - r) + abs(cc - c) == k and (rr == r or cc == c)
            if m[r, c]:
                g = grid.copy()
                g[r, c] = m[r, c] + 1
                with pytest.raises(ValueError, match=rf"grid\[{r}\]\[{c}\]"):
                    model.validate_grid(g)


@pytest.mark.parametrize("n", [3, 5, 8])
def test_jump_target_goes_up_down_left_right_and_stops_at_the_edge(n):
    for u in range(n * n):
        r, c = divmod(u, n)
        for k in range(1, n):
            want = [(r - k, c), (r + k, c), (r, c - k), (r, c + k)]
            for d, (rr, cc) in enumerate(want):
                inside = 0 <= rr < n and 0 <= cc < n
                assert model.jump_target(u, k, n, d) == (rr * n + cc if inside else -1)


@given(grids())
@settings(max_examples=100, deadline=None)
def test_bfs_matches_plain_reference(grid):
    ev = model.evaluate(grid)
    ref = model.bfs_depths_py(grid.tolist())
    assert ev.depths.tolist() == ref
    assert ev.score == model.score_py(grid.tolist()) == model.score(grid)
    assert ev.white_holes == sum(d < 0 for row in ref for d in row)


def _reverse_reachable(grid):
    n = len(grid)
    ok = {(n - 1, n - 1)}
    changed = True
    while changed:
        changed = False
        for r in range(n):
            for c in range(n):
                if (r, c) not in ok and any(d in ok for d in model.moves_from(grid, r, c)):
                    ok.add((r, c))
                    changed = True
    return ok


def _count_paths(grid, depths):
    n = len(grid)
    goal = (n - 1, n - 1)

    def count(cell):
        if cell == goal:
            return 1
        return sum(count(d) for d in model.moves_from(grid, *cell)
                   if depths[d] == depths[cell] + 1 and depths[d] <= depths[goal])

    return count((0, 0)) if depths[goal] >= 0 else 0


@given(grids(sizes=(3, 4, 5)))
@settings(max_examples=80, deadline=None)
def test_quality_terms_match_brute_force(grid):
    ev = model.evaluate(grid)
    n = grid.shape[0]
    assert ev.black_holes == n * n - len(_reverse_reachable(grid))
    assert ev.shortest_paths == _count_paths(grid, ev.depths)
    if ev.reachable:
        path = model.shortest_path(grid)
        assert model.replay(grid, path) == ev.score
    else:
        assert ev.score == -ev.white_holes < 0


def test_report_puzzle_gives_103_and_every_printed_depth():
    grid = R.report_puzzle()
    ev = model.evaluate(grid)
    assert grid.shape == (11, 11)
    assert ev.score == R.report().best_score == 103
    np.testing.assert_array_equal(ev.depths, R.report_depths())
    path = model.shortest_path(grid)
    assert model.replay(grid, path) == 103 and path[-1] == (10, 10)


def test_neighbour_changes_one_cell_to_another_legal_value():
    from numba import njit

    @njit
    def step(g, mutable, mj, seed):
        np.random.seed(seed)
        return model.neighbour_flat(g, mutable, mj)

    mj = model.max_jumps(7).ravel()
    mutable = np.flatnonzero(mj >= 2)
    base = model.random_grid(7, np.random.default_rng(1)).ravel()
    for seed in range(200):
        g = base.copy()
        cell, old = step(g, mutable, mj, seed)
        diff = np.flatnonzero(g != base)
        assert diff.tolist() == [cell] and old == base[cell]
        assert 1 <= g[cell] <= mj[cell] and g[cell] != old
    model.validate_grid(g.reshape(7, 7))


def test_parse_grid_reads_g_and_commas():
    g = model.parse_grid("2,1,1\n1 1 2\n2 1 G")
    assert g.tolist() == [[2, 1, 1], [1, 1, 2], [2, 1, 0]]


@pytest.mark.parametrize("bad, match", [
    ([[1, 1], [1, 0]], "n must lie"),
    ([[1, 1, 1], [1, 1, 1]], "square"),
    ([1, 2, 3], "square"),
    ([[1, 1, 1], [1, 1, 1], [1, 1, 1]], r"goal cell \[2\]\[2\] must be 0"),
    ([[0, 1, 1], [1, 1, 1], [1, 1, 0]], r"grid\[0\]\[0\] = 0"),
    ([[1, 1, 1], [1, 2, 1], [1, 1, 0]], r"grid\[1\]\[1\] = 2 .* 1\.\.1"),
    ([[1.5, 1, 1], [1, 1, 1], [1, 1, 0]], "integers"),
    ([["a", 1, 1], [1, 1, 1], [1, 1, 0]], "integers"),
    ([[1, 1, 1], [1, 1], [1, 1, 0]], "square"),
])
def test_bad_grids_raise_value_error(bad, match):
    with pytest.raises(ValueError, match=match):
        model.evaluate(bad)


def test_bad_arguments():
    with pytest.raises(ValueError, match="n must"):
        model.max_jumps(2)
    with pytest.raises(ValueError, match="n must be an int"):
        model.max_jumps("5")
    g = model.random_grid(4, np.random.default_rng(0))
    with pytest.raises(ValueError, match="outside"):
        model.moves_from(g, 4, 0)
    with pytest.raises(ValueError, match="start cell"):
        model.replay(g, [(1, 1)])
    bad_path = [(0, 0), (3, 3)] if (3, 3) not in model.moves_from(g, 0, 0) else [(0, 0), (0, 0)]
    with pytest.raises(ValueError, match="path step 1"):
        model.replay(g, bad_path)
