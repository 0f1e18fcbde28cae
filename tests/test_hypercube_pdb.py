"""Pattern databases: exact abstract distances, admissible against the true distances."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

from puzzles.hypercube import experiments as ex
from puzzles.hypercube import hardness, pdb, search
from puzzles.hypercube.instances import instance
from puzzles.hypercube.model import destinations, face_table, unpack_into
from puzzles.hypercube.rl import RLSettings


def _abstract_distances(puzzle, ring: int) -> dict[tuple[int, frozenset], int]:
    """Plain-Python BFS of the one-ring abstraction from the abstract target."""
    faces = face_table(puzzle.d, puzzle.k)
    t = puzzle.target[ring]
    start = (t, frozenset(puzzle.target) - {t})
    dist = {start: 0}
    queue = deque([start])
    while queue:
        tracked, others = queue.popleft()
        occ = others | {tracked}
        mask = np.uint64(sum(1 << v for v in occ))
        for v in occ:
            dest = int(destinations(v, mask, faces))
            for u in range(1 << puzzle.d):
                if dest >> u & 1:
                    child = (u, others) if v == tracked else (tracked, others - {v} | {u})
                    if child not in dist:
                        dist[child] = dist[(tracked, others)] + 1
                        queue.append(child)
    return dist


def test_tables_hold_the_abstract_distances():
    p = instance(3, "0").puzzle(2)
    tables = pdb.pattern_databases(p)
    for ring in range(p.n_rings):
        want = _abstract_distances(p, ring)
        assert tables.sizes[ring] == len(want)
        for (tracked, others), dd in want.items():
            pos = np.array([tracked] * p.n_rings, dtype=np.int64)
            occ = np.uint64(sum(1 << v for v in others | {tracked}))
            one = pdb.PatternDatabases(tables.keys[ring:ring + 1], tables.vals[ring:ring + 1], ())
            assert pdb.pdb_bound(pos, occ, one.keys, one.vals) == dd


@pytest.mark.parametrize("d,k", [(3, 1), (3, 2), (4, 3)])
def test_the_heuristic_never_overestimates_and_beats_the_papers(d, k):
    p = instance(d, "0").puzzle(k)
    tables = pdb.pattern_databases(p)
    codes, dist = hardness.distances_from(p, p.target)
    pos = np.empty(p.n_rings, np.int64)
    tgt = np.array(p.target, np.int64)
    better = 0
    for code, dd in zip(codes.tolist(), dist.tolist(), strict=True):
        occ = unpack_into(np.int64(code), d, p.n_rings, pos)
        h = pdb.pdb_bound(pos, occ, tables.keys, tables.vals)
        assert h <= dd
        better += h > search._heuristic(pos, tgt, p.n_rings, k)
    assert better > 0


def test_astar_finds_the_same_optimum_with_fewer_expansions():
    inst = instance(4, "4")
    p = inst.puzzle(3)
    a = search.astar(p, inst.start(3))
    b = search.astar(p, inst.start(3), heuristic="pdb")
    assert len(a.moves) == len(b.moves) == 11
    assert b.expanded < a.expanded
    with pytest.raises(ValueError, match="heuristic must be one of"):
        search.astar(p, inst.start(3), heuristic="manhattan")


def test_hardest_start_lies_at_the_eccentricity_and_both_heuristics_solve_it():
    p = instance(3, "0").puzzle(2)
    far = hardness.hardest_start(p)
    assert search.solve(p, far).optimal == 10 == hardness.gods_number(3, 2)["target_eccentricity"]
    row = ex.heuristic_case(ex.HeuristicTask(3, ex.HARDEST, 2, 100_000)).row
    assert row["moves"] == 10 and row["pdb_expanded"] < row["paper_expanded"]
    assert set(ex.HEURISTIC_COLUMNS) <= set(row)


def test_pattern_databases_refuse_a_cube_too_large_to_pack():
    from puzzles.hypercube.model import make_puzzle

    p = make_puzzle(6, 5, {"red": 1, "blue": 2})
    with pytest.raises(ValueError, match="d <= 5"):
        pdb.pattern_databases(p)


def test_the_bound_is_the_largest_table_value():
    p = instance(4, "0").puzzle(3)
    tables = pdb.pattern_databases(p)
    codes, _ = hardness.distances_from(p, p.target)
    pos = np.empty(p.n_rings, np.int64)
    spread = 0
    for code in codes[::997].tolist():
        occ = unpack_into(np.int64(code), 4, p.n_rings, pos)
        # table i alone, with ring i first (the bound reads ring j's vertex for table j)
        each = [pdb.pdb_bound(pos[i:], occ, tables.keys[i:i + 1], tables.vals[i:i + 1])
                for i in range(p.n_rings)]
        assert pdb.pdb_bound(pos, occ, tables.keys, tables.vals) == max(each)
        spread += max(each) > min(each)
    assert spread > 0  # the tables disagree, so taking their largest matters


def test_an_abstract_state_the_target_cannot_reach_bounds_by_unreachable():
    # d = 3, k = 2: four rings filling the 2-face {0, 1, 2, 3} can never move, so no table
    # holds that occupied set and the bound says no completion exists
    p = instance(3, "0").puzzle(2)
    tables = pdb.pattern_databases(p)
    pos = np.empty(p.n_rings, np.int64)
    occ = unpack_into(np.int64(sum(v << (3 * i) for i, v in enumerate((0, 1, 2, 3)))), 3,
                      p.n_rings, pos)
    assert pdb.pdb_bound(pos, occ, tables.keys, tables.vals) == pdb.UNREACHABLE
    occ = unpack_into(np.int64(sum(v << (3 * i) for i, v in enumerate(p.target))), 3,
                      p.n_rings, pos)
    assert pdb.pdb_bound(pos, occ, tables.keys, tables.vals) == 0


def test_hardest_cases_run_through_the_ea_and_rl_tasks():
    assert ex.hardest_cases() == [(3, "far", 1), (3, "far", 2), (4, "far", 1), (4, "far", 2),
                                  (4, "far", 3)]
    p, s = ex.case_puzzle(3, ex.HARDEST, 2)
    assert s == hardness.hardest_start(p) and p.target == instance(3, "0").puzzle(2).target
    ea = ex.ea_chunk(ex.EATask(3, ex.HARDEST, 2, 0, 2, 50, 200, 0.2, 1.8, root=7)).rows
    rl = ex.rl_chunk(ex.RLTask(3, ex.HARDEST, 2, 0, 2, 100, RLSettings(50, 0.1, 0.9, 200),
                               root=7)).rows
    assert [r["level"] for r in ea + rl] == ["far"] * 4
    assert all(r["moves"] is None or r["moves"] >= 10 for r in ea + rl)  # never below the optimum
    from puzzles.hypercube.paper import PAPER

    assert {(t.d, t.level, t.k) for t in PAPER.tasks("ea_far_runs")} == set(ex.hardest_cases())
    with pytest.raises(ValueError, match="no experiment 'ea_near_runs'"):
        PAPER.tasks("ea_near_runs")


def test_target_distances_cover_the_component():
    t = hardness.target_distances(3, 2)
    assert list(t.columns) == ["d", "k", "distance", "count"]
    assert t["count"].sum() == 672 and t["distance"].max() == 10 and t["count"].iloc[0] == 1


def test_stored_d5_distances_match_the_component_and_the_target():
    t = hardness.stored_d5_distances()
    p = instance(5, "0").puzzle(4)
    assert t["count"].sum() == 87_102_720  # the component size found without BFS (components.csv)
    assert t["count"].iloc[0] == 1 and t["distance"].tolist() == list(range(len(t)))
    assert t["count"].iloc[1] == len(search.legal_moves(p, p.target))  # one move away
    assert t["distance"].max() == 21
