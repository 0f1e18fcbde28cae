"""Issue 24's ledger rows (the naive search, the transition sweep, the counting check on easy
challenges) decided by their evidence functions on small synthetic tables, and the tables of
``runs24`` beside them."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from puzzles.core import verdicts as V
from puzzles.iqlink import ledger as L
from puzzles.iqlink import runs24 as r24

LEVELS = ("2", "3", "4", "5", "6", "never")


class FakeData:
    """What an evidence function reads, from tables given by name (no declarations checked:
    the ledger build test checks those)."""

    claim_id = "test"

    def __init__(self, **tables):
        self.tables = tables

    def table(self, name):
        return self.tables[name]

    stored = reference = json = table

    def memo(self, fn, *args):
        return fn(self, *args)


def _analysis(levels, combos=None, to_place=None, **cols) -> pd.DataFrame:
    n = len(levels)
    df = pd.DataFrame({"id": range(1, n + 1), "level": levels,
                       "to_place": to_place or [8] * n, "nodes": range(n, 0, -1),
                       "ratios": [""] * n, **cols})
    for c in L.BIG:
        df[c] = [str(x) for x in (combos or [100] * n)]
    return df


def _sweep(nodes: dict[str, list[int]]) -> pd.DataFrame:
    rows = [{"id": i + 1, "level": "Wizard", "transition": t, "nodes": n}
            for t, col in nodes.items() for i, n in enumerate(col)]
    return pd.DataFrame(rows)


def test_best_transition_3_or_4_wins_when_one_of_them_is_best():
    n = 12
    base = {t: [100 + 10 * i for i in range(n)] for t in LEVELS}
    base["3"] = [50 + 10 * i for i in range(n)]  # 3 is best, 4 is the worst
    base["4"] = [500 + 10 * i for i in range(n)]
    out = L.best_transition(FakeData(analysis=_analysis(["Wizard"] * n),
                                       transition=_sweep(base)))
    assert out.evidence["the weakest comparison"].significant == "reproduced"
    assert set(out.evidence) == {"the weakest comparison", "3 or 4 vs 2", "3 or 4 vs 5",
                                 "3 or 4 vs 6", "3 or 4 vs never"}


def test_best_transition_loses_to_a_better_level():
    n = 12
    base = {t: [200 + 10 * i for i in range(n)] for t in LEVELS}
    base["3"] = base["4"] = [100 + 10 * i for i in range(n)]
    base["6"] = [20 + 10 * i for i in range(n)]
    out = L.best_transition(FakeData(analysis=_analysis(["Wizard"] * n),
                                       transition=_sweep(base)))
    assert out.evidence["the weakest comparison"].significant == "contradicted"
    assert out.evidence["3 or 4 vs 6"].significant == "contradicted"


def test_best_transition_leaves_out_the_challenges_no_switch_can_act_on():
    n = 12
    base = {t: [100 + 10 * i for i in range(n)] for t in LEVELS}
    base["5"] = [50 + 10 * i for i in range(n)]
    # challenge 1: one combination after cleanup; challenge 2: 3 pieces to place (exhaustive
    # from the start at 3, 4 and 5, but not at 2): equal by construction where it can't act
    for t in LEVELS:
        base[t][0] = base[t][1] = 7
    df = _analysis(["Wizard"] * n, combos=[1] + [100] * (n - 1), to_place=[8, 3] + [8] * 10)
    ev = L.best_transition(FakeData(analysis=df, transition=_sweep(base))).evidence
    assert "2 of 12 pairs equal by construction left out" in ev["3 or 4 vs 5"].test
    assert "1 of 12 pairs equal by construction left out" in ev["3 or 4 vs 2"].test
    assert "1 of 12 pairs" in ev["3 or 4 vs never"].test
    base["5"][0] = 6  # a switch that acts where it cannot: a solver bug
    with pytest.raises(RuntimeError, match="cannot act"):
        L.best_transition(FakeData(analysis=df, transition=_sweep(base)))


def _naive(levels, nodes, links=0):
    """Four rows per challenge; fit and scan tests 10 per node each, ``links`` link tests and
    as many union tests per node of the linked searches."""
    rows = []
    for cid, (lv, (af, al, ff, fl)) in enumerate(zip(levels, nodes, strict=True), 1):
        for reading, link, n in (("any", False, af), ("any", True, al), ("fixed", False, ff),
                                 ("fixed", True, fl)):
            rows.append({"id": cid, "level": lv, "reading": reading, "linkability": link,
                         "nodes": n, "found": True, "fit_tests": 10 * n, "scan_tests": 10 * n,
                         "link_tests": links * n if link else 0,
                         "union_tests": links * n if link else 0})
    return pd.DataFrame(rows)


def test_linkability_pays_compares_linked_with_free_in_each_reading():
    naive = _naive(["Wizard"] * 8, [(1000 + i, 10 + i, 500 + i, 600 + i) for i in range(8)])
    out = L.linkability_pays(FakeData(analysis=_analysis(["Wizard"] * 8), naive=naive))
    assert out.evidence["naive = any order, hard = our 7 hardest"].significant == "reproduced"
    # fixed order: linked above free on every challenge
    assert out.evidence["naive = fixed order"].significant == "contradicted"
    assert out.why.endswith("none")


def test_easy_cost_is_by_construction_where_cleanup_leaves_one_combination():
    naive = _naive(["Starter"] * 8, [(2, 2, 2, 2)] * 8, links=3)
    data = FakeData(analysis=_analysis(["Starter"] * 8, combos=[1] * 8), naive=naive)
    out = L.linkability_costs_easy(data)
    assert out.evidence.settled == "by construction"
    assert "basic cleanup leaves one combination" in out.evidence.test
    assert "nodes equal with and without it on 8 of 8" in out.why
    assert "23%" in out.why  # link + union over all the linked work: 6 / 26
    # where cleanup leaves several combinations the rule can act: a paired test of the work
    data = FakeData(analysis=_analysis(["Starter"] * 8, combos=[1] * 2 + [6] * 6), naive=naive)
    ev = L.linkability_costs_easy(data).evidence
    assert ev.significant == "reproduced" and "2 of 8 pairs equal by construction" in ev.test
    # Wizard challenges where linkability saves work change nothing
    wiz = _naive(["Wizard"] * 8, [(50, 5, 50, 5)] * 8, links=3).assign(id=lambda d: d.id + 8)
    data = FakeData(analysis=_analysis(["Starter"] * 8 + ["Wizard"] * 8, combos=[1] * 2 + [
        6] * 14), naive=pd.concat([naive, wiz]))
    assert L.linkability_costs_easy(data).evidence.p == ev.p


def test_easy_cost_when_linkability_saves_more_than_it_pays():
    naive = _naive(["Junior"] * 8, [(4, 1, 4, 1)] * 8, links=3)
    ev = L.linkability_costs_easy(FakeData(analysis=_analysis(["Junior"] * 8), naive=naive))
    assert ev.evidence.significant == "contradicted"


def test_costs_only_is_a_tautology_only_when_every_pair_is_inert():
    free, paid = np.array([1.0, 2.0, 3.0]), np.array([2.0, 3.0, 4.0])
    assert L.costs_only(pd.Series([True] * 3), free, paid, "x").settled == "by construction"
    ev = L.costs_only(pd.Series([False] * 3), free, paid, "x")
    assert ev.settled is None and ev.kind == "ordering"


def _counting(levels, nodes_with, nodes_without, count=5, checks=1, combos=None):
    """Analysis rows: the final solver with and without the check; fit, scan and link tests
    10 per node each, the check's ``count`` merges and ``checks`` per node of the run with it."""
    rows = []
    for nw, no in zip(nodes_with, nodes_without, strict=True):
        row = {"final_t3_nodes": nw, "linked_nodes": no, "linked_found": True}
        for variant, n, on in (("final_t3", nw, True), ("linked", no, False)):
            row.update({f"{variant}_{k}_tests": 10 * n for k in ("fit", "scan", "link")})
            row[f"{variant}_count_tests"] = count * n if on else 0
            row[f"{variant}_checks_tests"] = checks * n if on else 0
        rows.append(row)
    extra = pd.DataFrame(rows)
    return _analysis(levels, combos=combos, **{c: extra[c] for c in extra})


def test_easy_counting_is_by_construction_where_it_cannot_save():
    df = _counting(["Starter"] * 8, [3] * 8, [3] * 8, combos=[1] * 8)
    out = L._counting(FakeData(analysis=df))["S15-easy-wasted"]
    assert out.evidence.settled == "by construction"
    assert "17%" in out.why  # 5 merges + 1 check of 36 tests per node
    df = _counting(["Starter"] * 8, [3] * 8, [3] * 8, combos=[4] * 8)
    ev = L._counting(FakeData(analysis=df))["S15-easy-wasted"].evidence
    assert ev.significant == "reproduced"
    df = _counting(["Junior"] * 8, [1] * 8, [4] * 8, combos=[4] * 8)  # 36 tests against 120
    ev = L._counting(FakeData(analysis=df))["S15-easy-wasted"].evidence
    assert ev.significant == "contradicted"


def test_work_units_weigh_fit_and_link_tests():
    naive = pd.DataFrame({"fit_tests": [10], "scan_tests": [5], "link_tests": [4],
                          "union_tests": [2]})
    out = r24.add_work(naive)
    assert (int(out["work_tests"][0]), int(out["work_64-bit words"][0]),
            int(out["work_tests, union carried down"][0])) == (21, 41, 19)


def test_timing_reading_is_displayed_beside_the_work():
    naive = _naive(["Starter"] * 8, [(2, 2, 2, 2)] * 8, links=3)
    naive["seconds"] = np.where(naive["linkability"], 1.0, 2.0) + naive["id"] * 0.01
    tab = r24.timing_reading(naive)
    assert list(tab["reading"]) == ["any", "fixed"]
    assert (tab["linked slower on"] == 0).all()
    assert (tab["timing test's direction (not a verdict)"] == "linked faster").all()
    assert tab["work linked / free (median)"].iloc[0] == pytest.approx(26 / 20)
    easy = r24.easy_work(naive)
    assert easy.loc["any", "linked does more work on"] == 8
    assert easy.loc["any", "median union tests (linked)"] == 6.0


def test_with_seconds_needs_every_timing():
    naive = _naive(["Starter"], [(2, 2, 2, 2)])
    tim = pd.DataFrame({"step": ["naive_any_free"], "item": ["1"], "seconds": [1e-5]})
    with pytest.raises(ValueError, match="no timing"):
        r24.with_seconds(naive, tim, r24.naive_step(naive))


def test_search_work_units():
    df = _counting(["Starter"], [1], [1], count=4, checks=2)
    assert [float(r24.search_work(df, "final_t3", u).iloc[0]) for u in r24.COUNT_UNITS] == \
        [36.0, 30 + 10 + 10 + 12 + 6, 32.0]
    with pytest.raises(ValueError, match="unit"):
        r24.search_work(df, "final_t3", "seconds")


def test_the_paired_rules_of_this_family_are_told_their_inert_pairs():
    with pytest.raises(ValueError, match="equal by construction"):
        V.ordering([1.0, 2.0, 3.0], [2.0, 3.0, 4.0], paired=True)


def test_spikes_are_read_in_challenge_order_not_sorted():
    # one challenge 100 times both neighbours: a spike, and a decade jump on the log axis
    nodes = pd.Series([10.0] * 12 + [1000.0] + [10.0] * 12)
    out = L._spikes(nodes)
    head = out.evidence["in challenge order (the figures' axis)"]
    assert head.settled == "contradicted" and "1 of 25 challenges" in head.ours
    assert "2 of 24 neighbouring pairs" in head.ours
    assert out.evidence["the linear half alone (a few spikes)"].settled == "reproduced"
    assert out.why.endswith("challenges 13 (position in challenge order)")
    # a smooth ramp of 0.5 decade steps: no spike, no jump
    ramp = L._spikes(pd.Series(10.0 ** (0.5 * np.arange(12))))
    assert ramp.evidence["in challenge order (the figures' axis)"].settled == "contradicted"
    assert "0 of 12 challenges" in ramp.evidence["the linear half alone (a few spikes)"].ours
    # a spike only 9 times its neighbours is no spike
    assert "0 of 25" in L._spikes(pd.Series([10.0] * 12 + [90.0] + [10.0] * 12)).evidence[
        "the linear half alone (a few spikes)"].ours


def _free_runs(any_nodes, fixed_nodes):
    rows = [{"id": i + 1, "level": "Wizard", "reading": r, "linkability": False, "nodes": n,
             "found": True} for r, col in (("any", any_nodes), ("fixed", fixed_nodes))
            for i, n in enumerate(col)]
    return pd.DataFrame(rows)


def test_factorial_needs_decades_per_piece_rising_with_pieces_to_place():
    n = [2, 3, 4, 5, 6, 7, 8, 9]
    fact = [float(np.prod(range(1, k + 1))) for k in n]
    df = _analysis(["Wizard"] * 8, to_place=n)
    out = L.factorial(FakeData(analysis=df, naive=_free_runs(fact, [2.0 ** k for k in n])))
    assert out.evidence["decades per missing piece, any order"].significant == "reproduced"
    assert out.evidence["the factor the free order adds (any / fixed order)"].significant == \
        "reproduced"
    # a fixed exponential (10 per piece) has falling decades per piece: no rising trend
    flat = L.factorial(FakeData(analysis=df, naive=_free_runs([3 * 10.0 ** k for k in n],
                                                               [2.0 ** k for k in n])))
    assert flat.evidence["decades per missing piece, any order"].significant != "reproduced"


def _work_runs(ratios, free=1000):
    rows = []
    for i, r in enumerate(ratios, 1):
        for link, w in ((False, free), (True, free * r)):
            rows.append({"id": i, "level": "Wizard", "reading": "any", "linkability": link,
                         "nodes": 1, "found": True, "fit_tests": w, "scan_tests": 0,
                         "link_tests": 0, "union_tests": 0})
    return pd.DataFrame(rows)


def test_brutal_transition_is_abrupt_only_when_the_crossing_is_the_largest_step():
    n = [3, 3, 4, 4, 5, 5, 6, 6]
    df = _analysis(["Starter", "Starter", "Junior", "Junior", "Expert", "Expert", "Master",
                    "Master"], to_place=n)
    sharp = L.brutal_transition(FakeData(analysis=df, naive=_work_runs(
        [4, 4, 3, 3, 0.3, 0.3, 0.2, 0.2])))
    head = sharp.evidence["abrupt, by pieces to place"]
    assert head.settled == "reproduced" and "crosses 1 from 4 to 5" in head.ours
    gradual = L.brutal_transition(FakeData(analysis=df, naive=_work_runs(
        [4, 4, 1.5, 1.5, 0.8, 0.8, 0.05, 0.05])))
    assert gradual.evidence["abrupt, by pieces to place"].settled == "contradicted"
    never = L.brutal_transition(FakeData(analysis=df, naive=_work_runs([4, 4, 3, 3, 2, 2, 1.5,
                                                                         1.5])))
    assert "never crosses 1" in never.evidence["abrupt, by level"].ours


def test_hardest_technique_names_the_top_grade():
    g = pd.DataFrame({"id": [1, 2, 3], "level": ["Expert", "Wizard", "Wizard"],
                      "grade": [5, 900, 40], "guess": [0, 12, 1]})
    assert r24.hardest_technique(g) == "challenge 2 (Wizard): grade 900 (12 guesses)"


def test_spikes_factorial_asks_each_spike_for_more_pieces_than_both_neighbours():
    nodes = [10] * 5 + [1000] + [10] * 5 + [1000] + [10] * 5
    more = pd.DataFrame({"id": range(1, 18), "final_t3_nodes": nodes,
                         "to_place": [5] * 5 + [6] + [5] * 5 + [7] + [5] * 5})
    assert L._spikes_factorial(more).settled == "reproduced"
    flat = more.assign(to_place=[5] * 11 + [7] + [5] * 5)  # the first spike has no more pieces
    ev = L._spikes_factorial(flat)
    assert ev.settled == "contradicted" and ev.ours.startswith("1 of 2 spikes")
    assert "1 as many as both" in ev.ours


def test_some_single_placement_counts_challenges_with_some_but_not_all():
    ev = L._some_single(pd.DataFrame({"id": [1]}))  # Starter 1: every missing piece forced
    assert ev.settled == "contradicted" and ev.ours.startswith("0 of 1")
    assert "(1 all, 0 none)" in ev.ours
