"""The EA's rules, each pinned so that a one-line change to it fails a test.

Rules (as the authors' current code, CubicPuzzle 6ace12a): B ~ truncated Zipf(c) on 1..n; B
*distinct* rings per mutation; the top int(0.1 N) agents kept unchanged (stable by fitness);
roulette weight alpha/(1+off) + (1-alpha)/(1+max(moves,1)).
"""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit
from scipy import stats

from puzzles.hypercube import evolve as ev
from puzzles.hypercube.instances import instance
from puzzles.hypercube.model import face_table


@pytest.mark.parametrize("n,c", [(4, 1.8), (6, 1.8), (5, 0.7), (4, 7.0)])
def test_zipf_draw_frequencies(n, c):
    """10^5 draws of B match P(B=j) ~ j^-c on 1..n (chi-square, p > 0.001)."""
    draws = _draws(ev.zipf_cdf(n, c), 100_000)
    counts = np.bincount(draws, minlength=n + 1)
    assert counts[0] == 0 and counts.sum() == 100_000 and draws.max() <= n
    p = np.arange(1, n + 1, dtype=float) ** -c
    expected = 100_000 * p / p.sum()
    assert stats.chisquare(counts[1:], expected).pvalue > 1e-3


@njit  # no cache: a cached helper would keep a stale copy of the kernels it calls
def _draws(zc, m):
    np.random.seed(12345)
    out = np.empty(m, dtype=np.int64)
    for i in range(m):
        out[i] = ev.draw_zipf(zc)
    return out


@njit  # no cache: a cached helper would keep a stale copy of the kernels it calls
def _mutations(pos0, occ0, zc, faces, fverts, reps, seed):
    """``reps`` mutations of the same agent: per mutation the rings moved and their count."""
    np.random.seed(seed)
    n = pos0.shape[0]
    ridx = np.arange(n)
    rings = np.empty((reps, n), dtype=np.int8)
    dests = np.empty((reps, n), dtype=np.int8)
    counts = np.empty(reps, dtype=np.int64)
    for r in range(reps):
        pos = pos0.copy()
        cnt, _ = ev.mutate(pos, occ0, zc, ridx, faces, fverts, rings[r], dests[r])
        counts[r] = cnt
    return rings, counts


def test_rings_are_distinct_within_one_mutation():
    """random.sample: no ring moves twice in one mutation, and with B = n every ring moves."""
    inst = instance(4, "0")  # 5 rings on Q^4, k=1: most rings have a free edge
    start = np.array(inst.start(1), dtype=np.int64)
    occ = np.uint64(sum(1 << int(v) for v in start))
    zc = ev.zipf_cdf(len(start), -30.0)  # a negative exponent: B = n almost always
    rings, counts = _mutations(start, occ, zc, face_table(4, 1), ev.face_vertex_table(4, 1),
                               2000, 3)
    n = len(start)
    full = 0
    for r in range(2000):
        moved = rings[r, :counts[r]].tolist()
        assert len(set(moved)) == len(moved), f"mutation {r} moved a ring twice: {moved}"
        full += counts[r] == n
    # with replacement, B = 5 draws hit 5 distinct rings only 5!/5^5 = 3.8% of the time
    assert full > 0.5 * 2000


@pytest.mark.parametrize("fresh", [False, True])
def test_sample_rings_is_a_uniform_ordered_sample(fresh):
    """Every ordered pair of distinct rings is equally likely for B = 2 out of 4, whether the
    permutation carries over from the last draw (as in a run) or starts as 0..3 each time
    (a shuffle that swaps with any position, not just later ones, fails the second)."""
    seen = _pairs(20_000, fresh)
    counts = np.array([seen[a, b] for a in range(4) for b in range(4) if a != b])
    assert seen.trace() == 0
    assert stats.chisquare(counts).pvalue > 1e-3


@njit  # no cache: a cached helper would keep a stale copy of the kernels it calls
def _pairs(m, fresh):
    np.random.seed(7)
    ridx = np.arange(4)
    seen = np.zeros((4, 4), dtype=np.int64)
    for _ in range(m):
        if fresh:
            ridx[:] = np.arange(4)
        ev.sample_rings(ridx, 2)
        seen[ridx[0], ridx[1]] += 1
    return seen


def test_selection_weights_are_the_papers_formula():
    off = np.array([0, 1, 3, 2, 0], dtype=np.int64)
    moves = np.array([0, 1, 4, 9, 2], dtype=np.int64)
    cum = np.empty(5)
    alpha = 0.2
    total = ev.selection_weights(off, moves, alpha, cum)
    w = alpha / (1 + off) + (1 - alpha) / (1 + np.maximum(moves, 1))
    assert np.allclose(np.diff(np.concatenate([[0.0], cum])), w)
    assert total == pytest.approx(w.sum())
    # zero moves weigh like one move (the authors' num_moves = 1 when the history is empty)
    assert w[0] == pytest.approx(0.2 + 0.8 / 2)


def test_elite_count_and_stable_order():
    assert [ev.elite_count(n) for n in (10, 15, 99, 1000)] == [1, 1, 9, 100]
    off = np.array([2, 0, 1, 0, 3, 1, 0], dtype=np.int64)
    out = np.empty(4, dtype=np.int64)
    ev.elite_indices(off, 3, out)
    assert out.tolist() == [1, 3, 6, 2]


def _one_generation(pop_size, off_values, moves_values, seed, alpha=0.2):
    """Run generation() once on a population of identical boards with given off/moves."""
    inst = instance(3, "0")
    p, start = inst.puzzle(1), np.array(inst.start(1), dtype=np.int64)
    n = len(start)
    pop = ev.Population(np.tile(start, (pop_size, 1)),
                        np.full(pop_size, sum(1 << int(v) for v in start), dtype=np.uint64),
                        np.asarray(moves_values, dtype=np.int64),
                        np.asarray(off_values, dtype=np.int64))
    nxt = ev.Population(*(np.empty_like(x) for x in pop))
    kids = ev.Offspring(np.empty(pop_size, dtype=np.int32), np.empty(pop_size, dtype=np.int8),
                        np.empty((pop_size, n), dtype=np.int8),
                        np.empty((pop_size, n), dtype=np.int8))
    scratch = ev.Scratch(np.arange(n), np.empty(pop_size),
                         np.empty(ev.elite_count(pop_size), dtype=np.int64))
    _seed(seed)
    ev.generation(pop, nxt, kids, ev.ea_rules(p, alpha, 1.8), scratch)
    return kids.parent, kids.count, nxt.nmoves, nxt.off


@njit  # no cache: a cached helper would keep a stale copy of the kernels it calls
def _seed(s):
    np.random.seed(s)


def test_generation_keeps_exactly_the_elite_in_the_last_slots():
    pop = 50
    off = np.array([3] * 40 + [1] * 6 + [0] * 4, dtype=np.int64)  # 10 best: 4 zeros, 6 ones
    moves = np.arange(pop, dtype=np.int64)
    parent, mcount, nnm, noff = _one_generation(pop, off, moves, 1)
    kappa = ev.elite_count(pop)
    assert kappa == 5
    assert parent[pop - kappa:].tolist() == [46, 47, 48, 49, 40]
    assert mcount[pop - kappa:].tolist() == [0] * kappa
    assert noff[pop - kappa:].tolist() == off[[46, 47, 48, 49, 40]].tolist()
    # every selected slot is a mutant: on k=1 each of its B >= 1 rings has a free edge
    assert (mcount[:pop - kappa] >= 1).all()


def test_roulette_picks_parents_in_proportion_to_their_weights():
    pop = 100
    off = np.array([0, 3, 1, 2] * 25, dtype=np.int64)
    moves = np.array([1, 1, 10, 40] * 25, dtype=np.int64)
    w = 0.2 / (1 + off) + 0.8 / (1 + np.maximum(moves, 1))
    counts = np.zeros(pop)
    for seed in range(200):
        parent, *_ = _one_generation(pop, off, moves, seed)
        counts += np.bincount(parent[:pop - 10], minlength=pop)
    # pool by class (4 distinct weights), compare with the weight shares
    by_class = np.array([counts[i::4].sum() for i in range(4)])
    share = np.array([w[i::4].sum() for i in range(4)])
    expected = by_class.sum() * share / share.sum()
    assert stats.chisquare(by_class, expected).pvalue > 1e-3


@pytest.mark.parametrize("algo,case", [("ea", (3, "0", 2)), ("rl", (4, "3", 3))])
def test_committed_paper_scale_runs_rerun_exactly(algo, case):
    """The first runs of one case from the notebook's tasks (seed 2026, the paper's budgets)
    give the committed runs: a change to a rule of the EA or RL moves them (RL on a case whose
    solution lengths vary from run to run, so its weight updates matter)."""
    from dataclasses import replace
    from pathlib import Path

    import pandas as pd

    from puzzles.hypercube import experiments as ex
    from puzzles.hypercube.paper import PAPER

    b = replace(PAPER.budgets("paper"), chunk=3)
    make, run = (ex.ea_tasks, ex.ea_chunk) if algo == "ea" else (ex.rl_tasks, ex.rl_chunk)
    rows = run(make([case], b, 2026)[0]).rows
    stored = pd.read_csv(Path(__file__).resolve().parents[1] / "figures" / "05_hypercube"
                         / f"{algo}_runs.csv", dtype={"level": str})
    d, level, k = case
    stored = stored[(stored["d"] == d) & (stored["k"] == k) & (stored["level"] == level)]
    cols = ["run", "success", "moves"] + (["generations"] if algo == "ea" else [])
    got = pd.DataFrame(rows)[cols].astype("int64")
    want = stored.sort_values("run").head(3)[cols].astype("int64").reset_index(drop=True)
    pd.testing.assert_frame_equal(got, want)


@njit
def _ea_every_generation(start, rules, plan, seed):
    """The EA as it was before the history store: every generation's parents and moves kept
    (memory population x generations); the reference the bounded store must equal."""
    np.random.seed(seed)
    n = start.shape[0]
    pop = ev.start_population(start, rules.target, plan.pop_size)
    nxt = ev.Population(np.empty_like(pop.pos), np.empty_like(pop.occ),
                        np.empty_like(pop.nmoves), np.empty_like(pop.off))
    parent = np.empty((plan.generations + 1, plan.pop_size), dtype=np.int32)
    mcount = np.zeros((plan.generations + 1, plan.pop_size), dtype=np.int8)
    mring = np.empty((plan.generations + 1, plan.pop_size, n), dtype=np.int8)
    mdest = np.empty((plan.generations + 1, plan.pop_size, n), dtype=np.int8)
    scratch = ev.Scratch(np.arange(n), np.empty(plan.pop_size),
                         np.empty(plan.kappa, dtype=np.int64))
    t = 0
    while t < plan.generations:
        t += 1
        ev.generation(pop, nxt, ev.Offspring(parent[t], mcount[t], mring[t], mdest[t]), rules,
                      scratch)
        pop, nxt = nxt, pop
        best = ev.best_agent(pop)
        if best >= 0:
            total_moves = pop.nmoves[best]
            rings = np.empty(total_moves, dtype=np.int64)
            dests = np.empty(total_moves, dtype=np.int64)
            w = total_moves
            a = best
            for g in range(t, 0, -1):
                for j in range(mcount[g, a] - 1, -1, -1):
                    w -= 1
                    rings[w] = mring[g, a, j]
                    dests[w] = mdest[g, a, j]
                a = parent[g, a]
            return True, t, rings, dests
    return False, t, np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)


@pytest.mark.parametrize("d,level,k,pop,gens", [(3, "0", 2, 60, 300), (4, "0", 3, 40, 200),
                                                (4, "2", 3, 50, 120), (3, "2", 1, 30, 400)])
@pytest.mark.parametrize("capacity", [None, 7, 64])
def test_bounded_history_gives_the_runs_of_the_full_history(d, level, k, pop, gens, capacity):
    """The history store drops dead lineages (often, with a tiny first size) and grows; the
    runs, successful or not, and every move of every solution equal the full history's."""
    inst = instance(d, level)
    p, s = inst.puzzle(k), inst.start(k)
    start, rules = np.array(s, dtype=np.int64), ev.ea_rules(p, 0.2, 1.8)
    plan = ev.Plan(pop, gens, ev.elite_count(pop))
    outcomes = set()
    for seed in range(6):
        ok, t, rings, dests = _ea_every_generation(start, rules, plan, np.uint32(seed))
        got = ev._ea_run(start, rules, plan, np.uint32(seed), capacity or 4 * pop)
        assert (got[0], got[1]) == (ok, t)
        assert got[3].tolist() == rings.tolist() and got[4].tolist() == dests.tolist()
        assert got[2] == (len(rings) if ok else -1)
        outcomes.add(ok)
    if (d, level, k) == (4, "2", 3):
        assert outcomes == {False}, "meant as a case whose runs fail (the whole budget runs)"
    if (d, level, k) == (3, "0", 2):
        assert True in outcomes, "meant as a case with solutions to compare move by move"


def test_history_store_follows_the_live_ancestry():
    """A run that uses its whole budget holds a few times N nodes, not N x T."""
    inst = instance(4, "2")
    p, s = inst.puzzle(3), inst.start(3)
    pop, gens = 200, 1500
    ok, t, _, _, _, peak = ev._ea_run(
        np.array(s, dtype=np.int64), ev.ea_rules(p, 0.2, 1.8),
        ev.Plan(pop, gens, ev.elite_count(pop)), np.uint32(3), 4 * pop)
    assert not ok and t == gens
    assert peak <= 16 * pop < pop * gens // 10


def test_the_answer_is_the_shortest_success_of_its_generation():
    # d = 3 level 0, k = 1, 100 agents, seed 1: agents of 8 and of 10 moves reach the target
    # in generation 7; the run answers with the shortest
    inst = instance(3, "0")
    r = ev.run_ea(inst.puzzle(1), inst.start(1), 1, pop_size=100, generations=200)
    assert (r.success, r.generations, r.n_moves) == (True, 7, 8)


def test_rl_wins_only_walks_that_beat_the_best_known():
    # an episode standing next to the target is a win only when that solution is shorter than
    # the best known; 200 episodes on d = 3 level 0 (k = 1) from seed 0 win twice
    from puzzles.hypercube.rl import RLSettings, run_rl

    inst = instance(3, "0")
    r = run_rl(inst.puzzle(1), inst.start(1), 0, settings=RLSettings(episodes=200))
    assert (r.success, r.n_moves, r.wins) == (True, 4, 2)


@pytest.mark.parametrize("name", ["ea_alpha07_runs", "ea_t3_runs", "rl_t3_runs", "ea_far_runs",
                                  "rl_far_runs"])
def test_stored_runs_are_their_experiments_runs(name):
    """The stored offline runs come from their experiments' tasks (python -m puzzles run 05
    <name> --store): the last two runs of each experiment's last task rerun exactly, and the
    stored file's line in STORED.csv names that command and the file's hash."""
    import hashlib
    from dataclasses import replace

    import pandas as pd

    from puzzles.catalogue import ROOT
    from puzzles.core.paper import run_command
    from puzzles.core.storage import stored_command
    from puzzles.hypercube import experiments as ex
    from puzzles.hypercube.paper import PAPER

    last = PAPER.tasks(name)[-1]
    task = replace(last, lo=last.hi - 2)
    assert task.run_seed(last.hi - 1) == last.run_seed(last.hi - 1)
    worker = PAPER.experiment(name).worker
    got = pd.DataFrame(worker(task).rows)
    path = PAPER.stored_path(name, ROOT)
    stored = ex.load_runs(str(path.parent), name)
    want = got[["d", "k", "level", "run"]].merge(stored, how="left")
    cols = ["success", "moves"] + (["generations"] if name.startswith("ea") else [])
    assert got[cols].astype("Int64").equals(want[cols].astype("Int64"))
    assert stored_command(path) == run_command(PAPER, name)
    index = pd.read_csv(path.parent / "STORED.csv").set_index("file")
    assert index.loc[path.name, "sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
