"""Exact search: against brute force on 3x3 and 4x4, the n = 5 maximum, limits and bounds."""

from __future__ import annotations

import pandas as pd
import pytest

from puzzles.jumpmaze import exact, model

SETTINGS = [(False, False), (True, False), (False, True), (True, True)]


@pytest.mark.parametrize("discoverable, transpose", SETTINGS)
@pytest.mark.parametrize("n", [3, 4])
def test_exact_max_equals_brute_force(n, discoverable, transpose):
    brute = exact.brute_force_max(n)
    assert brute == {3: 4, 4: 12}[n]
    res = exact.search(n, 1, discoverable=discoverable, transpose=transpose)
    assert res.complete and res.proven_max == brute
    assert model.score(res.grid) == brute
    # every target up to the maximum is met, every target above it is refuted
    for target in range(1, n * n):
        r = exact.search(n, target, discoverable=discoverable, transpose=transpose)
        assert r.complete
        if target <= brute:
            assert r.best_score == brute
        else:
            assert r.best_score is None and r.upper_bound == target - 1


def test_n5_maximum_is_21_and_its_witness_replays():
    res = exact.prove_max(5, 15)
    assert res.complete and res.proven_max == 21
    path = model.shortest_path(res.grid)
    assert model.replay(res.grid, path) == 21
    above = exact.search(5, 22)
    assert above.complete and above.best_score is None and above.upper_bound == 21


@pytest.mark.parametrize("n, best", [(5, 21), (6, 32)])
def test_bounds_and_symmetry_agree_and_prune(n, best):
    nodes = {}
    for disc, tr in SETTINGS:
        hit = exact.search(n, best, discoverable=disc, transpose=tr)
        miss = exact.search(n, best + 1, discoverable=disc, transpose=tr)
        assert hit.complete and hit.best_score == best and model.score(hit.grid) == best
        assert miss.complete and miss.best_score is None
        nodes[disc, tr] = (hit.nodes, miss.nodes)
    # the discoverable bound and the symmetry each cut nodes
    assert nodes[True, False][0] < nodes[False, False][0]
    assert nodes[False, True][1] < nodes[False, False][1]
    assert nodes[True, True][0] < nodes[False, False][0]


def test_branches_partition_the_search():
    n = 6
    assert len(exact.branches(n)) == sum(int(exact.max_jumps(n)[0, a]) for a in range(1, n))
    serial = exact.search(n, 33)
    parts = [exact.search(n, 33, prefix=b) for b in exact.branches(n)]
    assert all(p.complete and p.best_score is None for p in parts)
    # a branch counts its own two forced nodes; the serial search counts them once
    assert sum(p.nodes for p in parts) >= serial.nodes
    found = [exact.search(n, 32, prefix=b).best_score for b in exact.branches(n)]
    assert max(f or 0 for f in found) == 32
    par = exact.search_parallel(n, 33, workers=1)
    assert par.complete and par.best_score is None
    assert par.nodes == sum(p.nodes for p in parts)
    top = exact.search_parallel(5, 21, workers=1)
    assert top.best_score == 21 and model.score(top.grid) == 21


def test_refutations_of_n2_minus_2_are_cheap():
    for n in (8, 9, 10, 11):
        r = exact.search(n, n * n - 2)
        assert r.complete and r.best_score is None and r.nodes < 500


def test_node_limit_reports_incomplete():
    res = exact.search(7, 40, node_limit=1000)
    assert not res.complete and res.upper_bound is None and res.proven_max is None
    assert res.nodes == 1000


@pytest.mark.parametrize("call, match", [
    (lambda: exact.search(5, 0), "target"),
    (lambda: exact.search(5, 3, node_limit=0), "node_limit"),
    (lambda: exact.search(1, 3), "n must"),
    (lambda: exact.search(5, 3, prefix=(5,)), "prefix"),
    (lambda: exact.search(5, 3, prefix=(1, 2, 3)), "prefix"),
    (lambda: exact.brute_force_max(5), "n must be 3 or 4"),
])
def test_bad_arguments(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_refutations_take_exactly_the_committed_node_counts():
    """Every refutation in proofs.csv reruns to its committed node count, and so does the n=6
    proof: a change to the bound or the symmetry breaking moves them, even one that keeps the
    search sound (keeping the other maze of each transposed pair)."""
    import csv
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "figures" / "03_jumping_maze" / "proofs.csv"
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert [int(r["n"]) for r in rows] == list(range(3, 12))
    for r in rows:
        res = exact.search(int(r["n"]), int(r["target_refuted"]))
        assert res.complete and res.best_score is None
        assert res.nodes == int(r["nodes"]), r
    six = exact.search(6, 32)
    assert (six.best_score, six.complete) == (32, True)
    assert six.nodes == SIX_PROOF_NODES


SIX_PROOF_NODES = 7509  # n = 6 maximum 32 proven from target 32 (the search at commit 45b49cc)


def test_bound_comparison_of_notebook_03():
    # notebook 03's table of nodes per bound and symmetry setting (its n = 5 and n = 6 rows):
    # the first bound alone, cut at equality, makes these exact counts too
    from puzzles.jumpmaze.experiments import bound_comparison

    table = bound_comparison({5: 21, 6: 32})
    assert table.values.tolist() == [[5, 21, 532, 377, 491, 336],
                                     [6, 32, 41964, 7619, 41854, 7509]]


def _branches(n: int, target: int, node_limit: int):
    from puzzles.core import run_tasks

    tasks = exact.branch_tasks(n, target, node_limit, root=2026)
    return exact.branch_table(tasks, run_tasks(exact.branch_run, tasks, workers=1,
                                               progress=False))


def test_a_refutation_needs_every_branch_complete():
    cut = _branches(6, 33, 10)  # some branches stop at 10 nodes
    assert cut["best"].isna().all() and not cut["complete"].all()
    assert exact.refuted(cut) is False
    full = _branches(6, 33, 10**6)
    assert full["best"].isna().all() and exact.refuted(full) is True
    assert exact.combined(full).nodes == exact.search_parallel(6, 33, workers=1).nodes
    assert exact.refuted(_branches(6, 32, 10**6)) is False  # 32 is reached: nothing refuted


def test_the_stored_offline_attempt_is_not_a_refutation():
    from puzzles.jumpmaze import offline

    table = offline.stored("offline-refutation")
    record = offline.refutation_record(table)
    assert (record["n"], record["target"], record["refuted"]) == (8, 61, False)
    assert sum(not b["complete"] for b in record["branches"]) == 5
    assert record["nodes"] == 1_500_000_690 and len(table) == len(exact.branches(8))


@pytest.mark.parametrize("a, b", [(6, 6), (5, 5), (3, 7)])
def test_a_closed_branch_of_the_stored_n8_attempt_reruns_exactly(a, b):
    from puzzles.jumpmaze import offline

    row = offline.stored("offline-refutation").set_index(["a", "b"]).loc[(a, b)]
    r = exact.search(8, 61, int(row["node_limit"]), prefix=(a, b))
    assert bool(row["complete"]) and pd.isna(row["best"])
    assert (r.complete, r.nodes, r.best_score) == (True, int(row["nodes"]), None)
