"""Dense pattern databases over groups of rings, A* with them, and the d = 5 experiment."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from puzzles.core.storage import TIMES, store_times
from puzzles.hypercube import dense, dense_pdb, gods, hardness, search
from puzzles.hypercube import heuristics_d5 as d5
from puzzles.hypercube.instances import instance
from puzzles.hypercube.model import unpack_into
from puzzles.hypercube.pdb import pattern_databases, pdb_bound


def _puzzle(d, k):
    return instance(d, hardness.PAPER_LEVEL).puzzle(k)


def test_a_space_tracking_some_rings_makes_the_others_alike():
    ss = dense.state_space(3, 4, 2)
    assert ss.size == 70 * 4 * 3 == ss.space.n_sets * ss.space.n_perms
    same = dense.rank_config(ss, (0, 1, 2, 3))
    assert dense.rank_config(ss, (0, 1, 3, 2)) == same  # rings 2 and 3 are alike
    assert dense.rank_config(ss, (1, 0, 2, 3)) != same  # rings 0 and 1 are not
    assert len({dense.rank_config(ss, c) for c in [(0, 1, 2, 3), (1, 0, 2, 3), (0, 2, 1, 3),
                                                    (2, 0, 1, 3)]}) == 4
    assert dense.state_space(3, 4, 4).size == dense.state_space(3, 4).size == 70 * 24
    with pytest.raises(ValueError, match="tracked rings must lie"):
        dense.state_space(3, 4, 0)
    with pytest.raises(ValueError, match="is not one configuration"):
        dense.unrank_config(ss, 0)


def test_distance_table_refuses_an_index_outside_the_space():
    ss = dense.state_space(3, 2)
    with pytest.raises(ValueError, match="start must lie"):
        dense.distance_table(ss, _faces(3, 1), ss.size)


def _faces(d, k):
    from puzzles.hypercube.model import face_table

    return face_table(d, k)


def test_groups_of_rings():
    assert dense_pdb.groups(6, 2) == ((0, 1), (2, 3), (4, 5))
    assert dense_pdb.groups(5, 3) == ((0, 1, 2), (3, 4))
    assert dense_pdb.groups(4, 1) == ((0,), (1,), (2,), (3,))
    with pytest.raises(ValueError, match="group size"):
        dense_pdb.groups(4, 0)


def _every_configuration(d, k):
    p = _puzzle(d, k)
    codes, dist = hardness.distances_from(p, p.target)
    return p, codes, dist


@pytest.mark.parametrize(("d", "k"), [(3, 1), (3, 2), (4, 3)])
def test_one_ring_tables_are_the_hashed_pattern_databases(d, k):
    p, codes, _ = _every_configuration(d, k)
    hashed, tables = pattern_databases(p).tables(), dense_pdb.dense_tables(p, 1)
    pos = np.empty(p.n_rings, np.int64)
    for c in codes[:: max(1, len(codes) // 10_000)]:
        occ = unpack_into(np.int64(c), d, p.n_rings, pos)
        assert dense_pdb.dense_bound(pos, occ, tables) == pdb_bound(pos, occ, hashed.keys,
                                                                    hashed.vals)


@pytest.mark.parametrize(("d", "k"), [(3, 1), (3, 2), (4, 3)])
def test_group_tables_never_overestimate_and_see_more(d, k):
    p, codes, dist = _every_configuration(d, k)
    step = max(1, len(codes) // 10_000)  # d = 4: every 13th configuration, for speed
    codes, dist = codes[::step], dist[::step]
    pos = np.empty(p.n_rings, np.int64)
    means = {}
    for size in (1, 2, 3):
        tables = dense_pdb.dense_tables(p, size)
        h = np.empty(len(codes), np.int64)
        for j, c in enumerate(codes):
            h[j] = dense_pdb.dense_bound(pos, unpack_into(np.int64(c), d, p.n_rings, pos),
                                         tables)
        assert (h <= dist).all()
        assert h[dist == 0].tolist() == [0]  # the target
        means[size] = h.mean()
    assert means[1] < means[3]  # three tracked rings see what one cannot
    if d == 3:  # groups (0, 1, 2), (3): the first keeps every colour that matters
        assert means[3] == dist.mean()


def test_no_tables_bound_nothing():
    pos = np.array([0, 1, 2], np.int64)
    assert dense_pdb.dense_bound(pos, np.uint64(7), dense_pdb.no_tables(3)) == 0


def test_tables_refuse_too_many_bytes(monkeypatch):
    monkeypatch.setattr(dense_pdb, "MAX_BYTES", 1000)
    with pytest.raises(ValueError, match="more than 1,000"):
        dense_pdb.dense_tables(_puzzle(3, 1), 2)


def test_astar_with_group_tables_finds_the_optimum_with_fewer_expansions():
    p, start = instance(3, "2").puzzle(2), instance(3, "2").start(2)
    runs = {h: search.astar(p, start, heuristic=h) for h in ("paper", "pdb", "pdb1", "pdb2",
                                                             "pdb3")}
    assert {len(r.moves) for r in runs.values()} == {9}
    assert runs["pdb1"].expanded == runs["pdb"].expanded  # the same tables, built densely
    assert runs["pdb3"].expanded == 9 < runs["pdb1"].expanded < runs["paper"].expanded == 86
    with pytest.raises(ValueError, match="heuristic must be one of"):
        search.astar(p, start, heuristic="pdb4")


def test_hardest_searched_is_the_first_search_at_gods_number():
    assert gods.hardest_searched("target:21 262:22 7:22", 22) == 262
    assert gods.hardest_searched("target:21 262:20", 21) is None
    with pytest.raises(ValueError, match="attains"):
        gods.hardest_searched("target:21", 22)


def test_gods_pair_is_gods_number_apart(tmp_path):
    path = tmp_path / "gods_bounded.csv"
    row = gods.bounded_gods_number(4, 2, 27)
    pd.DataFrame([row]).to_csv(path, index=False)
    p, start = d5.gods_pair(4, 2, path)
    assert gods.hardest_searched(row["searched"], row["gods_number"]) is not None
    assert p.target != _puzzle(4, 2).target
    assert len(search.solve(p, start).moves) == row["gods_number"] == 11
    pd.DataFrame([{**row, "bound": "lower"}]).to_csv(path, index=False)
    with pytest.raises(ValueError, match="only bounded"):
        d5.gods_pair(4, 2, path)
    p3, far = d5.gods_pair(3, 2, tmp_path / "missing.csv")  # not stored: searched now
    assert (p3.target, len(search.solve(p3, far).moves)) == (_puzzle(3, 2).target, 10)


def test_the_smoke_run_agrees_with_the_exact_optima():
    from puzzles.hypercube.paper import PAPER

    table = PAPER.run("heuristics_d5", "smoke", workers=1, progress=False)
    assert list(table.columns) == d5.COLUMNS
    assert set(table["heuristic"]) == set(d5.D5_HEURISTICS)
    wide = table.pivot(index=["k", "instance"], columns="heuristic", values="expansions")
    assert (wide["pdb3"] <= wide["paper"]).all() and (wide["pdb3"] < wide["paper"]).any()
    exact = pd.read_csv("figures/05_hypercube/results.csv", dtype={"level": str})
    exact = exact[exact["d"] == 3].set_index(["k", "level"])["optimal"]
    for r in table[table["instance"].str.len() == 1].itertuples():
        got = exact.loc[(r.k, r.instance)]
        assert (pd.isna(r.optimal_length) and pd.isna(got)) or r.optimal_length == got
    times = pd.DataFrame(list(table.attrs[TIMES]))
    assert list(times.columns) == ["d", "k", "instance", "heuristic", "build_seconds",
                                   "search_seconds"]
    assert d5.expansions_wide(table).shape == (len(table) // 4, 4 + len(d5.D5_HEURISTICS))


def test_store_times_writes_a_timing_file_beside_the_stored_table(tmp_path):
    table = pd.DataFrame({"a": [1]})
    assert store_times(table, tmp_path / "x.csv") is None
    table.attrs[TIMES] = ({"a": 1, "seconds": 0.5},)
    out = store_times(table, tmp_path / "x.csv")
    assert out == tmp_path / "timing_x.csv"
    assert pd.read_csv(out).to_dict("records") == [{"a": 1, "seconds": 0.5}]


def test_the_stored_bounded_run_proves_gods_number_of_d5_k4():
    """gods_bounded.csv (python -m puzzles run 05 gods_bounded --store): the bounds closed, so
    God's number is exact; it starts from the committed target's eccentricity."""
    row = pd.read_csv("figures/05_hypercube/gods_bounded.csv").iloc[0]
    committed = pd.read_csv("figures/05_hypercube/gods_number.csv").set_index(["d", "k"])
    assert (row.d, row.k, row.bound) == (5, 4, "exact")
    assert row.gods_number == row.upper_bound > committed.loc[(5, 4), "target_eccentricity"]
    assert row.searched.split()[0] == f"target:{committed.loc[(5, 4), 'target_eccentricity']}"
    assert len(row.searched.split()) == row.searches < row.orbits == 472
    assert gods.hardest_searched(row.searched, row.gods_number) is not None


def test_the_stored_d5_run_finds_the_optima_with_fewer_expansions():
    """heuristics_d5.csv (python -m puzzles run 05 heuristics_d5 --store): every heuristic
    gives the known optimum (level 0's exact optimum, the target's eccentricity, God's
    number) and the tables expand fewer nodes than the paper's sum, most with groups of 3."""
    table = pd.read_csv("figures/05_hypercube/heuristics_d5.csv", dtype={"instance": str})
    assert list(table.columns) == d5.COLUMNS
    exact = pd.read_csv("figures/05_hypercube/results.csv", dtype={"level": str})
    known = {"0": exact.query("d == 5 and k == 4 and level == '0'")["optimal"].item(),
             "far": pd.read_csv("figures/05_hypercube/gods_number.csv").query(
                 "d == 5 and k == 4")["target_eccentricity"].item(),
             "gods": pd.read_csv("figures/05_hypercube/gods_bounded.csv")["gods_number"].item()}
    for name, g in table.groupby("instance"):
        assert set(g["optimal_length"]) == {known[name]}
        e = g.set_index("heuristic")["expansions"]
        assert e["pdb3"] <= e["pdb2"] <= e["pdb1"] < e["paper"]
        assert not g.set_index("heuristic").loc[list(DENSE), "gave_up"].any()


DENSE = list(search.DENSE_GROUPS)
