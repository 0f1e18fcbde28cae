"""Exact search, components, A*, EA and RL of the hypercube family."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.core.seeding import derive_seed
from puzzles.hypercube import experiments as ex
from puzzles.hypercube import tables as tb
from puzzles.hypercube.evolve import run_ea
from puzzles.hypercube.instances import INSTANCES, instance
from puzzles.hypercube.model import Puzzle, is_solution, legal_moves, pack, replay
from puzzles.hypercube.paper import PAPER
from puzzles.hypercube.reference import paper_table
from puzzles.hypercube.rl import RLSettings, run_rl
from puzzles.hypercube.search import (
    astar,
    astar_heapq,
    astar_list,
    bfs_component_size,
    bfs_distances,
    component,
    solve,
)

D3 = [(inst, k) for inst in INSTANCES if inst.d == 3 for k in (1, 2)]


def plain_bfs(p: Puzzle, start) -> dict[tuple[int, ...], int]:
    """Reference BFS in pure Python over tuples."""
    dist = {tuple(start): 0}
    frontier = [tuple(start)]
    while frontier:
        nxt = []
        for cfg in frontier:
            for ring, _, dst in legal_moves(p, cfg):
                child = cfg[:ring] + (dst,) + cfg[ring + 1:]
                if child not in dist:
                    dist[child] = dist[cfg] + 1
                    nxt.append(child)
        frontier = nxt
    return dist


@pytest.mark.parametrize("inst,k", D3, ids=[f"{i.key}-k{k}" for i, k in D3])
def test_bidirectional_bfs_matches_plain_bfs_on_d3(inst, k):
    p, s = inst.puzzle(k), inst.start(k)
    ref = plain_bfs(p, s)
    res = solve(p, s)
    assert res.optimal == ref.get(p.target)
    assert res.solvable == (p.target in ref)
    if res.solvable:
        assert len(res.moves) == res.optimal and is_solution(p, s, res.moves)
    else:
        assert res.component_size == len(ref)
    dist = bfs_distances(p, s)
    assert len(dist) == len(ref)
    assert dist.get(pack(p.target, p.d)) == ref.get(p.target)
    comp = component(p, s)
    assert comp.size == len(ref) and comp.target_reachable == res.solvable


def test_impossible_level_is_an_odd_permutation():
    inst = instance(3, 3)
    res2 = solve(inst.puzzle(2), inst.start(2))
    assert not res2.solvable and res2.component_size == 672  # half of 8*7*6*5/... = A4 orbit
    assert solve(inst.puzzle(1), inst.start(1)).optimal == 6


@pytest.mark.parametrize("level,k", [("0", 3), ("T3a", 1), ("4", 3)])
def test_component_matches_full_bfs_on_d4(level, k):
    inst = instance(4, level)
    p, s = inst.puzzle(k), inst.start(k)
    assert component(p, s).size == bfs_component_size(p, s)


random_starts = st.tuples(st.integers(3, 4), st.data())


@settings(max_examples=15, deadline=None)
@given(random_starts)
def test_solve_matches_bfs_on_random_starts(args):
    d, data = args
    n = data.draw(st.integers(2, 4 if d == 3 else 3))
    k = data.draw(st.integers(1, d - 1))
    target = data.draw(st.lists(st.integers(0, 2 ** d - 1), min_size=n, max_size=n,
                                unique=True))
    start = data.draw(st.permutations(target)) if data.draw(st.booleans()) else data.draw(
        st.lists(st.integers(0, 2 ** d - 1), min_size=n, max_size=n, unique=True))
    p = Puzzle(d, k, tuple(f"c{i}" for i in range(n)), tuple(target))
    ref = plain_bfs(p, start)
    res = solve(p, start)
    assert res.optimal == ref.get(p.target)
    if res.solvable:
        assert replay(p, start, res.moves) == p.target
    a = astar(p, start)
    assert (None if a.moves is None else len(a.moves)) == res.optimal
    comp = component(p, start)
    assert comp.size == len(ref) and comp.target_reachable == res.solvable


@pytest.mark.parametrize("level,k", [("0", 1), ("2", 2), ("1", 2)])
def test_astar_variants_agree_with_bfs(level, k):
    inst = instance(3, level)
    p, s = inst.puzzle(k), inst.start(k)
    opt = solve(p, s).optimal
    for fn in (astar, astar_heapq, astar_list):
        r = fn(p, s)
        assert len(r.moves) == opt and is_solution(p, s, r.moves)


HEURISTICS_CSV = Path(__file__).resolve().parents[1] / "figures" / "05_hypercube" / "heuristics.csv"
EXPANSIONS = pd.read_csv(HEURISTICS_CSV, dtype={"level": str})


@pytest.mark.parametrize("row", EXPANSIONS.to_dict("records"),
                         ids=lambda r: f"d{r['d']}k{r['k']}-{r['level']}")
def test_astar_expansions_of_the_committed_heuristics_table(row):
    # the paper's sum of ceil(Hamming / k), the heap's deeper-first ties and the closed set
    # decide how many states A* expands (2,461 vs 71,800 in all): every case rerun exactly
    p, start = ex.case_puzzle(row["d"], row["level"], row["k"])
    for h in ("paper", "pdb"):
        res = astar(p, start, heuristic=h)
        assert res.expanded == row[f"{h}_expanded"], h
        assert (None if res.moves is None else len(res.moves)) == (
            None if pd.isna(row["moves"]) else int(row["moves"]))


def test_committed_heuristics_table_totals():
    solved = EXPANSIONS.dropna(subset=["moves"])
    assert len(solved) == 36
    assert solved[["paper_expanded", "pdb_expanded"]].sum().tolist() == [71_800, 2_461]


def test_astar_gives_up_within_budget():
    inst = instance(4, 4)
    r = astar(inst.puzzle(3), inst.start(3), max_expanded=50)
    assert r.moves is None and r.gave_up and r.expanded == 51


def test_ea_and_rl_solutions_replay_and_respect_the_optimum():
    inst = instance(3, 1)
    for k in (1, 2):
        p, s = inst.puzzle(k), inst.start(k)
        opt = solve(p, s).optimal
        wins = 0
        for seed in range(3):
            e = run_ea(p, s, seed, pop_size=300, generations=300)
            if e.success:
                wins += 1
                assert is_solution(p, s, e.moves) and e.n_moves >= opt
            r = run_rl(p, s, seed, settings=RLSettings(episodes=50))
            assert r.success and is_solution(p, s, r.moves) and r.n_moves >= opt
        assert wins >= 1
    # same seed, same answer
    a = run_ea(p, s, 7, pop_size=100, generations=100)
    b = run_ea(p, s, 7, pop_size=100, generations=100)
    assert a == b


def test_ea_fails_on_the_impossible_level():
    inst = instance(3, 3)
    r = run_ea(inst.puzzle(2), inst.start(2), 1, pop_size=50, generations=30)
    assert not r.success and r.moves is None and r.generations == 30


def test_bad_algorithm_parameters():
    inst = instance(3, 0)
    p, s = inst.puzzle(1), inst.start(1)
    with pytest.raises(ValueError, match="pop_size"):
        run_ea(p, s, 1, pop_size=2)
    with pytest.raises(ValueError, match="alpha"):
        run_ea(p, s, 1, alpha=2.0)
    with pytest.raises(ValueError, match="episodes"):
        run_rl(p, s, 1, settings=RLSettings(episodes=0))
    with pytest.raises(ValueError, match="duplicate"):
        solve(p, (1, 1, 2, 3))


def test_paper_values_never_beat_the_exact_optimum():
    rows = []
    for r in paper_table().itertuples():
        inst = instance(int(r.d), str(r.level))
        res = solve(inst.puzzle(int(r.k)), inst.start(int(r.k)))
        rows.append({"d": r.d, "k": r.k, "level": r.level, "optimal": res.optimal})
    checked = tb.paper_vs_exact(pd.DataFrame(rows))
    assert len(checked) == 67
    assert (checked["verdict"] != "BELOW the optimum").all()


def test_results_table_has_the_required_columns_and_no_minimum_below_optimum():
    cases = [(3, "0", 1), (3, "3", 2)]
    exact_tasks = [ex.ExactTask(d, lv, k, 6) for d, lv, k in cases]
    exact = ex.exact_table(exact_tasks, [ex.exact(t) for t in exact_tasks])
    astar_tasks = [ex.AStarTask(d, lv, k, 10_000) for d, lv, k in cases]
    astar_df = ex.astar_table(astar_tasks, [ex.astar_case(t) for t in astar_tasks])
    b = replace(PAPER.budgets("smoke"), ea_runs=3, ea_pop=50, ea_generations=30, rl_runs=3,
                rl_max_len=500, chunk=2)
    ea_tasks, rl_tasks = ex.ea_tasks(cases, b, 1), ex.rl_tasks(cases, b, 1)
    ea = ex.ea_table(ea_tasks, [ex.ea_chunk(t) for t in ea_tasks])
    rl = ex.rl_table(rl_tasks, [ex.rl_chunk(t) for t in rl_tasks])
    res = tb.results_table(exact, astar_df, ea, rl)
    assert list(res.columns) == tb.RESULT_COLUMNS
    assert len(res) == 2 and res["solvable"].tolist() == [True, False]
    assert pd.isna(res.loc[1, "optimal"]) and res.loc[1, "ea_success"] == 0.0
    ok = res.dropna(subset=["optimal"])
    assert (ok["ea_min"].dropna() >= ok["optimal"]).all()
    assert (ok["rl_min"].dropna() >= ok["optimal"]).all()
    paths = tb.optimal_paths(exact)
    assert list(paths) == ["d3-k1-L0"] and len(paths["d3-k1-L0"]) == 4


def test_committed_results_respect_the_optimum():
    """The committed paper-scale results: no EA/RL minimum below the exact optimum."""
    from puzzles.catalogue import FIGURES_DIR

    path = FIGURES_DIR / "05_hypercube" / "results.csv"
    if not path.exists():
        pytest.skip("paper-scale results not generated yet")
    res = pd.read_csv(path, dtype={"level": str})
    assert list(res.columns) == tb.RESULT_COLUMNS
    assert len(res) == 36
    # every case with two or more successful EA runs has a mean and a CI of its generations
    many = res[res["ea_success"] * 150 >= 2]
    assert many["ea_generations_mean"].notna().all() and many["ea_generations_ci"].notna().all()
    assert res["ea_success"].between(0, 1).all()
    ok = res.dropna(subset=["optimal"])
    for algo in ("ea", "rl"):
        got = ok.dropna(subset=[f"{algo}_min"])
        assert (got[f"{algo}_min"] >= got["optimal"]).all()
    assert (ok["astar_moves"].dropna() == ok.dropna(subset=["astar_moves"])["optimal"]).all()


def test_slow_case_split_and_alpha_tasks_keep_seeds():
    cases = ex.case_list(INSTANCES)
    fast, slow = ex.split_cases(cases, "ea")
    assert len(fast) + len(slow) == len(cases) == 36
    assert (4, "0", 3) in slow and (3, "3", 2) in slow and (5, "0", 4) in slow
    assert ex.split_cases(cases, "rl")[1] == [(5, "0", 4)]
    b = replace(PAPER.budgets("smoke"), ea_runs=4, ea_pop=50, ea_generations=20, chunk=2,
                appendix_runs=2)
    base = ex.ea_tasks([(3, "0", 1)], b, 5)
    assert [t.alpha for t in base] == [0.2, 0.2] and [t.tag for t in base] == ["ea", "ea"]
    other = ex.ea_tasks([(3, "0", 1)], b, 5, tag="ea-alpha", alpha=0.7)
    assert [t.alpha for t in other] == [0.7, 0.7]
    assert len(ex.ea_tasks([(3, "0", 1)], b, 5, runs=2, c=7.0, tag="appendix")) == 1
    # a run's seed: the root, the tag, the case's one key, c and the run (the committed runs')
    t = other[1]
    assert (t.lo, t.seed) == (2, derive_seed(5, "ea-alpha", "d3-k1-L0", "c=1.8", 2))
    assert t.run_seed(3) == derive_seed(5, "ea-alpha", "d3-k1-L0", "c=1.8", 3)
    r = ex.rl_tasks([(3, "0", 1)], replace(b, rl_runs=3), 5)[1]
    assert (r.lo, r.hi, r.seed) == (2, 3, derive_seed(5, "rl", "d3-k1-L0", 2))
    with pytest.raises(ValueError, match="algo"):
        ex.is_slow((3, "0", 1), "astar")


@pytest.mark.parametrize("algo", ["ea", "rl"])
def test_committed_results_summarise_the_committed_runs(algo):
    # results.csv's EA and RL columns: success share, min / max / median moves of the
    # successful runs (and the EA's mean generations with its Student-t half-width)
    fig = Path(__file__).resolve().parents[1] / "figures" / "05_hypercube"
    res = pd.read_csv(fig / "results.csv", dtype={"level": str})
    runs = pd.read_csv(fig / f"{algo}_runs.csv", dtype={"level": str})
    again = res[["d", "k", "level"]].merge(tb.summarise_runs(runs, algo), how="left")
    cols = [c for c in again.columns if c.startswith(f"{algo}_")]
    assert len(cols) == (6 if algo == "ea" else 4)
    pd.testing.assert_frame_equal(again[cols].astype(float), res[cols].astype(float))
