"""Matched budgets: every optimiser makes E(n) evaluations, read at shared checkpoints."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from puzzles.jumpmaze import matched as M
from puzzles.jumpmaze import optimise


def _budget():
    from puzzles.jumpmaze.paper import PAPER

    return PAPER.budgets("paper")


def _task(alg: str, tie: str, n: int, runs: int = 2) -> M.MatchedTask:
    b = replace(_budget(), runs=runs, sizes=(n,))
    return next(t for t in M.matched_tasks(b) if (t.algorithm, t.tie_rule) == (alg, tie))


def test_matched_budget_is_the_largest_budget_in_whole_generations():
    b = _budget()
    # n = 7: hill climbing's 5,000 iterations (5,001 evaluations) are the largest budget;
    # 40 mazes a GA generation round it up to 5,040
    assert M.matched_evaluations(7, b) == 5040
    assert M.matched_evaluations(5, b) == 3030  # the GA's 30 x 101 beat annealing's 3,001
    assert M.matched_evaluations(11, b) == 6060
    for n in (5, 7, 9, 11):
        e = M.matched_evaluations(n, b)
        assert all(M.report_evaluations(a, n, b) <= e for a, _ in M.ALGORITHMS)
        assert e % b.ga_pop[n] == 0


def test_report_evaluations_count_the_start_and_every_generation():
    b = _budget()
    assert M.report_evaluations("hc", 5, b) == 1001
    assert M.report_evaluations("ga", 5, b) == 30 * 101
    with pytest.raises(ValueError, match="unknown algorithm"):
        M.report_evaluations("tabu", 5, b)
    with pytest.raises(ValueError, match="no size n = 6"):
        M.matched_evaluations(6, b)


def test_checkpoints_add_the_own_budget_only_where_it_is_a_prefix():
    assert 1001 in _task("hc", "ties", 5).checkpoints()
    assert 3001 in _task("sa", "ties", 5).checkpoints()
    assert 1001 not in _task("restarts", "ties", 5).checkpoints()
    for alg, tie in M.ALGORITHMS:
        pts = _task(alg, tie, 7).checkpoints()
        assert pts[-1] == 5040 and list(pts) == sorted(set(pts)) and pts[0] == 520


@pytest.mark.parametrize("alg, tie", [("hc", "ties"), ("walk", "strict"), ("sa", "ties")])
def test_an_own_budget_run_is_a_prefix_of_the_matched_run(alg, tie):
    b = _budget()
    task, seed = _task(alg, tie, 5), 11
    long = M.one_run(task, seed)
    iters = getattr(b, alg)[5]
    short = (optimise.hill_climb(5, iters, seed, ties=True) if alg == "hc" else
             optimise.random_walk(5, iters, seed, ties=False, p=b.walk_p) if alg == "walk"
             else optimise.anneal(5, iters, seed, t0=b.sa_t0, cool=b.sa_cool))
    assert len(long.curve) == 3030
    np.testing.assert_array_equal(long.curve[:iters + 1], short.curve)
    i = M.curve_index(alg, 30, M.report_evaluations(alg, 5, b))
    assert long.curve_best[i] == short.curve_best[-1]


def test_restarts_share_the_whole_matched_budget():
    r = M.one_run(_task("restarts", "strict", 5), 3)
    assert len(r.curve) == 3030 and r.stats[2] == 9


def test_curve_index_reads_whole_generations_of_the_ga():
    assert M.curve_index("ga", 30, 30) == 0 and M.curve_index("ga", 30, 3030) == 100
    assert M.curve_index("hc", 30, 1) == 0 and M.curve_index("hc", 30, 1001) == 1000
    with pytest.raises(ValueError, match="whole number of generations"):
        M.curve_index("ga", 30, 31)


def test_seeds_depend_on_the_key_and_run_alone():
    t = _task("hc", "ties", 5)
    assert t.run_seed(0) != t.run_seed(1)
    assert replace(t, knobs=(1.0,) * 6).run_seed(0) == t.run_seed(0)
    assert _task("hc", "strict", 5).run_seed(0) != t.run_seed(0)


def test_table_matches_the_committed_paper_run():
    """The first two runs of two committed tasks, recomputed: the same rows."""
    from pathlib import Path

    path = Path(__file__).parents[1] / "figures/03_jumping_maze/matched_budget.csv"
    committed = pd.read_csv(path)
    tasks = [_task("hc", "strict", 5, runs=50), _task("ga", "none", 5, runs=50)]
    small = [replace(t, runs=2) for t in tasks]
    res = []
    for full, t in zip(tasks, small, strict=True):
        r = M.matched_worker(replace(t, runs=2))
        # seeds come from the full task's key (runs = 50), so read those runs
        runs = [M.one_run(full, full.run_seed(i)) for i in range(2)]
        idx = [M.curve_index(t.algorithm, t.evaluations[1], e) for e in r.evaluations]
        best = np.array([x.curve_best[idx] for x in runs]).astype(np.int64)
        res.append(M.MatchedRuns(full, r.evaluations, best, np.array([x.curve[idx] for x in runs])))
    tab = M.matched_table(tasks, res)
    assert list(tab.columns) == M.COLUMNS
    want = committed[committed.run < 2].merge(tab[["n", "algorithm", "tie_rule"]].drop_duplicates())
    pd.testing.assert_frame_equal(tab.reset_index(drop=True), want.reset_index(drop=True),
                                  check_dtype=False)


def test_table_statistics():
    res = [M.matched_worker(_task(a, t, 5)) for a, t in (("hc", "strict"), ("ga", "none"))]
    tab = M.matched_table([r.task for r in res], res)
    ga = tab[tab.algorithm == "ga"]
    assert set(ga.tie_rule) == {"none"} and len(ga) == 2 * 10
    hc = tab[tab.algorithm == "hc"].sort_values(["run", "evaluations"])
    assert (hc.best_so_far >= hc.incumbent).all()
    for _, g in hc.groupby("run"):
        assert g.best_so_far.is_monotonic_increasing
    summ = M.summary(tab)
    assert set(summ.evaluations) == {3030} and set(summ.runs) == {2}


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="runs must be a positive int"):
        M.matched_tasks(replace(_budget(), runs=0))
    with pytest.raises(ValueError, match="no algorithm"):
        M.one_run(replace(_task("sa", "ties", 5), tie_rule="strict"), 1)


def test_equal_evaluation_orderings_read_the_matched_runs():
    from pathlib import Path

    tab = pd.read_csv(Path(__file__).parents[1] / "figures/03_jumping_maze/matched_budget.csv")
    sa = M.scores(tab, "sa", 5, "best-so-far")
    assert len(sa) == 50 and sa.mean() == pytest.approx(17.24)
    assert M.scores(tab, "hc_ties", 5, "incumbent").mean() == pytest.approx(17.2)
    # annealing against the strict climber: a clear win; against the tie-accepting one at
    # equal evaluations: no evidence either way
    win = M.equal_order(tab, "sa", "hc_strict", 5, "best-so-far")
    assert win.verdict(win.p) == "reproduced"
    tie = M.equal_readings(tab, "sa", "hc_ties", 5)
    assert set(tie) == {"equal evaluations (3,030), incumbent",
                        "equal evaluations (3,030), best-so-far"}
    assert all(ev.verdict(ev.p) == "inconclusive" for ev in tie.values())
    with pytest.raises(ValueError, match="no matched runs"):
        M.scores(tab, "ga_top80", 5, "incumbent")
    with pytest.raises(ValueError, match="stat must be"):
        M.scores(tab, "sa", 5, "final")


def _t6(n: int, results, scale: str):
    """The T6-sa-best evidence at ``n`` from the result files under ``results``."""
    from puzzles.core.evidence import Data, Sources
    from puzzles.jumpmaze import ledger as L
    from puzzles.jumpmaze.paper import PAPER

    rule, fields = L.EVIDENCE.find(f"T6-sa-best-n{n}")
    data = Data(Sources(PAPER, scale, 2026, results), rule, f"T6-sa-best-n{n}")
    return rule.fn(data, **fields).evidence


def test_t6_readings_at_equal_evaluations():
    from pathlib import Path

    alts = _t6(5, Path(__file__).parents[1] / "figures/03_jumping_maze", "paper")
    equal = [k for k in alts if "equal evaluations" in k]
    assert equal == ["strict climber, equal evaluations (3,030), incumbent (as plotted)",
                     "strict climber, equal evaluations (3,030), best-so-far",
                     "ties accepted, equal evaluations (3,030), incumbent (as plotted)",
                     "ties accepted, equal evaluations (3,030), best-so-far"]
    got = {k: alts[k].verdict(alts[k].p) for k in equal}
    # the strict climber loses to annealing at equal budgets; the tie-accepting one does not
    assert got[equal[0]] == "reproduced"
    assert got[equal[3]] == "inconclusive"


def test_a_smoke_scale_ledger_reads_the_stored_runs_at_their_own_budget(tmp_path):
    """Notebook 03 at smoke scale: its protocol runs are smoke-sized, the stored matched runs
    were made at the paper's budget; T6's equal-evaluation readings use the table's E(n)."""
    from pathlib import Path

    from puzzles.core import save_table
    from puzzles.jumpmaze import experiments as X
    from puzzles.jumpmaze import sections as S
    from puzzles.jumpmaze.paper import PAPER

    smoke = PAPER.budgets("smoke")
    assert M.matched_evaluations(5, smoke) != 3030  # the budgets differ: the bug's condition
    tables = S.protocol_tables(PAPER.run("protocol", "smoke", 2026, workers=1, progress=False),
                               smoke, X.checkpoints(smoke))
    tab = pd.read_csv(Path(__file__).parents[1] / "figures/03_jumping_maze/matched_budget.csv")
    for name, table in {**tables, "matched_budget": tab}.items():
        save_table(table, name, tmp_path)
    assert "strict climber, equal evaluations (3,030), incumbent (as plotted)" in _t6(
        5, tmp_path, "smoke")
    assert "ties accepted, equal evaluations (6,060), best-so-far" in _t6(11, tmp_path, "smoke")
    assert "n = 5: 3,030" in str(S.matched_note(tab).data)


def test_stored_evaluations_are_the_paper_budgets_and_name_a_missing_size():
    from pathlib import Path

    tab = pd.read_csv(Path(__file__).parents[1] / "figures/03_jumping_maze/matched_budget.csv")
    assert [M.stored_evaluations(tab, n) for n in (5, 7, 9, 11)] == [
        M.matched_evaluations(n, _budget()) for n in (5, 7, 9, 11)]
    assert set(M.at_matched(tab).groupby("n")["evaluations"].max()) == {3030, 5040, 5050, 6060}
    with pytest.raises(ValueError, match="no matched runs at n = 6"):
        M.stored_evaluations(tab, 6)
