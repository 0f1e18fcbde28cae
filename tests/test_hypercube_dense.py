"""The dense BFS (configurations ranked to integers) against the hash-table BFS, the orbits of
occupied sets, and God's number over orbits as resumable tasks."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from puzzles.hypercube import dense, gods, hardness
from puzzles.hypercube.instances import instance
from puzzles.hypercube.model import pack, unpack

FIGURES = Path(__file__).resolve().parents[1] / "figures" / "05_hypercube"


@pytest.mark.parametrize("d,n", [(3, 4), (3, 2), (4, 3), (2, 3)])
def test_ranking_is_a_bijection(d, n):
    ss = dense.state_space(d, n)
    assert ss.size == math.comb(1 << d, n) * math.factorial(n)
    configs = [dense.unrank_config(ss, i) for i in range(ss.size)]
    assert len(set(configs)) == ss.size
    assert set(configs) == set(itertools.permutations(range(1 << d), n))
    assert all(dense.rank_config(ss, c) == i for i, c in enumerate(configs))


def test_sets_are_ranked_in_the_order_of_their_masks():
    ss = dense.state_space(4, 3)
    masks = sorted(sum(1 << v for v in s) for s in itertools.combinations(range(16), 3))
    ranks = [int(dense.set_rank(np.uint64(m), ss.space.binom)) for m in masks]
    assert ranks == list(range(len(masks)))


def test_the_shift_table_moves_one_ring_along_the_sorted_vertices():
    # rings (0, 1, 2) on vertices 1 < 4 < 6; ring 0 moves to 7: the order becomes 4, 6, 7
    ss = dense.state_space(3, 3)
    before = dense.rank_config(ss, (1, 4, 6)) % 6
    after = dense.rank_config(ss, (7, 4, 6)) % 6
    assert ss.space.shift[0 * 3 + 2, before] == after


# every (d, k) of d <= 4 from the paper's target and a level's start; d = 4 T3a has another
# target (its rings sit elsewhere)
CASES = [(3, "1", 1), (3, "2", 2), (4, "3", 1), (4, "4", 2), (4, "T3a", 3)]


@pytest.mark.parametrize("d,level,k", CASES)
def test_distances_equal_the_hash_table_bfs(d, level, k):
    inst = instance(d, level)
    p = inst.puzzle(k)
    for start in (p.target, inst.start(k)):
        got = dense.dense_distances(p, start)
        codes, dist = hardness.distances_from(p, start)
        assert got.counts == tuple(hardness.distance_counts(dist).tolist())
        ss = dense.StateSpace.of(p)
        far = [tuple(int(v) for v in unpack(int(c), d, p.n_rings))
               for c in codes[dist == dist.max()]]
        assert got.farthest == min(far, key=lambda c: dense.rank_config(ss, c))
        assert pack(got.farthest, d) in set(codes.tolist())


def test_bad_input_is_refused_by_name():
    with pytest.raises(ValueError, match="rings must lie"):
        dense.state_space(3, 8)
    with pytest.raises(ValueError, match="bytes a dense search"):
        dense.state_space(6, 7)
    ss = dense.state_space(3, 2)
    with pytest.raises(ValueError, match="distinct vertices"):
        dense.rank_config(ss, (1, 1))
    with pytest.raises(ValueError, match="index must lie"):
        dense.unrank_config(ss, ss.size)
    with pytest.raises(ValueError, match="n must lie"):
        dense.orbit_representatives(hardness.cube_group(3), 9)


def _orbits_by_broadcasting(d: int, n: int) -> list[tuple[int, ...]]:
    """The former enumeration (a group x sets array of masks): the reference on small d."""
    group = hardness.cube_group(d)
    sets = np.array(list(itertools.combinations(range(1 << d), n)), dtype=np.int64)
    canon = (np.int64(1) << group[:, sets]).sum(axis=2).min(axis=0)
    own = (np.int64(1) << sets).sum(axis=1)
    least = {int(own[i]): tuple(int(v) for v in sets[i]) for i in np.flatnonzero(own == canon)}
    return [least[m] for m in sorted(least)]


@pytest.mark.parametrize("d,n", [(3, 4), (4, 5), (3, 1), (4, 2)])
def test_orbits_equal_the_broadcast_enumeration(d, n):
    assert hardness.occupancy_orbits(d, n) == _orbits_by_broadcasting(d, n)


def test_orbits_of_d5_fit_in_memory():
    reps = hardness.occupancy_orbits(5, 6)  # formerly a MemoryError (a 156 GiB temporary)
    assert len(reps) == 472 >= hardness.orbit_count_bound(5, 6) == 236
    assert reps[0] == (0, 1, 2, 3, 4, 5)
    masks = [sum(1 << v for v in r) for r in reps]
    assert masks == sorted(masks)


def _orbit_frame(rows):
    return pd.DataFrame(rows, columns=gods.ORBIT_COLUMNS)


def test_gods_row_is_exact_only_when_every_orbit_was_searched():
    target = pd.DataFrame(gods.distance_rows(3, 2))
    every = _orbit_frame([gods.orbit_row(3, 2, i) for i in range(6)])
    row = gods.gods_row(target, every)
    assert (row["gods_number"], row["orbits_done"], row["bound"]) == (10, 6, "exact")
    some = gods.gods_row(target, every.iloc[[0, 4]])  # two orbits that cannot move
    assert (some["gods_number"], some["orbits_done"], some["bound"]) == (10, 2, "lower")
    assert gods.gods_row(target, every.iloc[:5])["bound"] == "lower"  # one orbit missing
    with pytest.raises(ValueError, match="searched twice"):
        gods.gods_row(target, every.iloc[[1, 1]])
    with pytest.raises(ValueError, match="exactly one"):
        gods.gods_row(target.iloc[:0], every)


def test_orbit_rows_are_the_eccentricities_of_the_hash_table_bfs():
    p = instance(3, hardness.PAPER_LEVEL).puzzle(1)
    for i, rep in enumerate(hardness.occupancy_orbits(3, 4)):
        row = gods.orbit_row(3, 1, i)
        codes, dist = hardness.distances_from(p, rep)
        assert (row["component_size"], row["eccentricity"]) == (len(codes), int(dist.max()))
    with pytest.raises(ValueError, match="orbit must lie"):
        gods.orbit_row(3, 1, 6)


def test_smoke_gods_number_matches_the_committed_d4_rows():
    """At smoke scale the dense searches run on d = 4: the complete k give the committed
    (hash-table) God's numbers, the others the target's eccentricity as a lower bound."""
    from puzzles.hypercube.paper import PAPER

    got = PAPER.run("gods_number", "smoke", workers=1, progress=False).set_index(["d", "k"])
    committed = pd.read_csv(FIGURES / "gods_number.csv").set_index(["d", "k"])
    for k in (1, 2, 3):
        row, ref = got.loc[(4, k)], committed.loc[(4, k)]
        assert (row.component_size, row.target_eccentricity) == (ref.component_size,
                                                                 ref.target_eccentricity)
        if k == 3:
            assert (row.gods_number, row.orbits_done, row.bound) == (ref.gods_number, 27, "exact")
        else:  # the target's eccentricity: a lower bound
            assert row.gods_number == row.target_eccentricity <= ref.gods_number
            assert (row.orbits_done, row.bound) == (0, "lower")


def test_tasks_put_the_complete_k_first():
    from puzzles.hypercube.paper import PAPER

    ks = [t.k for t in PAPER.tasks("gods_orbits", "smoke")]
    assert ks == [3] * 27 + [1, 1, 2, 2]
    assert [t.k for t in PAPER.tasks("gods_number", "smoke")[:3]] == [3, 1, 2]
    assert len(PAPER.tasks("gods_orbits", "paper")) == 4 * 2
    assert [t.k for t in PAPER.tasks("gods_orbits_all", "paper")] == [1, 2, 3]  # one chain each


def test_an_interrupted_orbit_run_resumes(tmp_path, monkeypatch):
    from puzzles.hypercube.paper import PAPER

    calls: list[int] = []
    real = gods.orbit_row

    def failing(d, k, orbit):
        if len(calls) == 3:
            raise KeyboardInterrupt  # the run stops after three searches
        calls.append(orbit)
        return real(d, k, orbit)

    monkeypatch.setattr(gods, "orbit_row", failing)
    with pytest.raises(KeyboardInterrupt):
        PAPER.run("gods_orbits", "smoke", workers=1, progress=False, cache_dir=tmp_path)

    def counted(d, k, orbit):
        calls.append(orbit)
        return real(d, k, orbit)

    monkeypatch.setattr(gods, "orbit_row", counted)
    resumed = PAPER.run("gods_orbits", "smoke", workers=1, progress=False, cache_dir=tmp_path)
    n = len(PAPER.tasks("gods_orbits", "smoke"))
    assert len(calls) == n  # three before the stop, the rest after it: none twice
    monkeypatch.setattr(gods, "orbit_row", real)
    assert resumed.equals(PAPER.run("gods_orbits", "smoke", workers=1, progress=False))


def test_gods_case_refuses_other_tasks():
    from puzzles.hypercube.experiments import gods_case

    with pytest.raises(ValueError, match="gods_case takes"):
        gods_case(object())


def test_bounded_gods_numbers_are_the_committed_ones_with_fewer_searches():
    committed = pd.read_csv(FIGURES / "gods_number.csv").set_index(["d", "k"])
    for k, searches in ((2, 10), (3, 16)):
        row = gods.bounded_gods_number(4, k, 27)
        assert (row["gods_number"], row["upper_bound"], row["bound"]) == (
            committed.loc[(4, k), "gods_number"], committed.loc[(4, k), "gods_number"], "exact")
        assert row["searches"] == searches < 27
        assert row["searched"].startswith(f"target:{committed.loc[(4, k), 'target_eccentricity']}")


def test_a_bounded_search_cut_short_states_both_bounds():
    row = gods.bounded_gods_number(4, 2, 1)  # the target's search alone
    assert (row["searches"], row["gods_number"], row["upper_bound"], row["bound"]) == (
        1, 10, 13, "lower")  # God's number 11 lies between
    row = gods.bounded_gods_number(3, 2, 1)
    assert row["upper_bound"] == -1  # three orbits of other components: no upper bound yet
    with pytest.raises(ValueError, match="max_searches"):
        gods.bounded_gods_number(4, 2, 0)


def test_the_next_orbit_is_open_and_alternates_between_the_bounds():
    lower = np.array([5, 3, 4, 6])
    upper = np.array([9, 8, 9, 6])
    done = np.array([False, False, False, False])
    assert gods._next_orbit(lower, upper, done, central=False) == 0  # largest upper, first
    assert gods._next_orbit(lower, upper, done, central=True) == 1  # smallest lower
    done[:3] = True
    assert gods._next_orbit(lower, upper, done, central=False) == -1  # 3 cannot beat 6


def test_the_committed_d5_k4_distances_equal_the_hash_table_run():
    """distances.csv's d = 5 rows come from the dense BFS; its k = 4 rows equal the stored
    hash-table run (puzzles/hypercube/data/distances_d5k4.csv, 87,102,720 configurations)."""
    dense_rows = pd.read_csv(FIGURES / "distances.csv").query("d == 5 and k == 4")
    pd.testing.assert_frame_equal(dense_rows.reset_index(drop=True),
                                  hardness.stored_d5_distances())
    sizes = pd.read_csv(FIGURES / "distances.csv").query("d == 5").groupby("k")["count"].sum()
    assert sizes.tolist() == [652_458_240] * 3 + [87_102_720]
