"""Exact search: group counts vs BFS, E1-E5, shortest solutions vs brute force, instances."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.clockwork.algebra import is_solvable, reachable_count, solvable_count
from puzzles.clockwork.instances import c_variants, instance, paper_instances, random_instance
from puzzles.clockwork.model import Puzzle, apply, first_goal, is_goal, q_value, unit
from puzzles.clockwork.reference import reachable
from puzzles.clockwork.search import reachable_bfs, shortest_solution, solvable_mask


@pytest.mark.parametrize("name", ["E1", "E2", "E3", "E4"])
def test_e1_e4_reachable_counts_match_the_paper(name):
    p = instance(name)
    assert reachable_count(p) == reachable()[name]
    assert reachable_bfs(p) == reachable()[name]


def test_e5_count_differs_from_the_paper():
    p = instance("E5")
    assert q_value(p.actions, p.n) == 6
    assert reachable_count(p) == reachable_bfs(p) == 12 * 2 ** (12 - 6 + 1) == 1536
    assert reachable()["E5"] == 3072  # fits Q = 5, not the instance's Q = 6


@st.composite
def tiny_puzzle(draw):
    n = draw(st.integers(2, 5))
    c = draw(st.integers(2, 3))
    A = draw(st.integers(1, 3))
    acts = []
    for _ in range(A):
        k = draw(st.integers(0, n - 1))
        M = tuple(draw(st.lists(st.integers(0, c - 1), min_size=n, max_size=n)))
        acts.append((k, M))
    k0 = draw(st.integers(0, n - 1))
    L0 = tuple(draw(st.lists(st.integers(0, c - 1), min_size=n, max_size=n)))
    return Puzzle(n, c, (k0, L0), tuple(acts))


def _brute_force_component(p: Puzzle) -> dict:
    dist = {p.initial: 0}
    frontier = [p.initial]
    while frontier:
        nxt = []
        for s in frontier:
            for a in p.actions:
                t = apply(s, a, p.n, p.c)
                if t not in dist:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    return dist


@given(tiny_puzzle())
@settings(max_examples=60, deadline=None)
def test_bfs_and_group_order_agree_with_brute_force(p):
    dist = _brute_force_component(p)
    assert reachable_bfs(p) == len(dist) == reachable_count(p)
    goals = [d for s, d in dist.items() if is_goal(s, p)]
    path = shortest_solution(p)
    assert is_solvable(p) == bool(goals)
    if goals:
        assert path is not None and len(path) == min(goals)
        assert first_goal(p, path) == len(path)
    else:
        assert path is None


@given(tiny_puzzle())
@settings(max_examples=30, deadline=None)
def test_shortest_matches_enumeration_of_action_strings(p):
    best = None
    for length in range(0, 7):
        for moves in itertools.product(range(len(p.actions)), repeat=length):
            if first_goal(p, moves) == length:
                best = length
                break
        if best is not None:
            break
    path = shortest_solution(p)
    if best is not None:
        assert path is not None and len(path) == best
    elif path is not None:
        assert len(path) > 6


def test_solvable_mask_matches_solvable_count():
    for name in ("E3", "E5", "D1"):
        p = instance(name)
        assert int(solvable_mask(p).sum()) == solvable_count(p)


def test_multiple_goal_sets_example_3():
    # Example 3: n = 6, c = 2, actions (1, e0), (4, e0), goal = all lights equal.
    acts = ((1, unit(0, 6)), (4, unit(0, 6)))
    goals = ((0,) * 6, (1,) * 6)
    p = Puzzle(6, 2, (0, (0, 0, 1, 0, 0, 0)), acts, goals)
    assert q_value(acts, 6) == 3
    assert reachable_count(p) == 96
    assert not is_solvable(p) and shortest_solution(p) is None
    q = Puzzle(6, 2, (0, (1, 0, 0, 0, 0, 0)), acts, goals)
    assert is_solvable(q) and first_goal(q, shortest_solution(q)) is not None


def test_paper_instances_are_solvable_and_readings_documented():
    inst = paper_instances()
    assert len(inst) == 28
    for name, p in inst.items():
        if p.n_states < 10 ** 7:
            assert is_solvable(p), name
    v = c_variants()
    assert not is_solvable(v["C4 light 6"])
    assert not is_solvable(v["C3 without light 0 (3,6,9)"])
    assert len(shortest_solution(v["C2 even 0-based (0,2,..)"])) == 30


def test_random_instance_is_solvable_and_validated():
    acts = ((7, unit(0, 12)), (5, unit(0, 12)))
    p = random_instance(12, 3, acts, seed=5)
    assert is_solvable(p)
    with pytest.raises(ValueError, match="action"):
        random_instance(12, 3, (), seed=5)
