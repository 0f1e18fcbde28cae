"""Issue 24's ledger rows: the naive search, the transition sweep, the recount, the grade."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from puzzles.iqlink import ledger24 as l24

LEVELS = ("2", "3", "4", "5", "6", "never")


def _sweep(nodes: dict[str, list[int]]) -> pd.DataFrame:
    rows = [{"id": i + 1, "level": "Wizard", "transition": t, "nodes": n}
            for t, col in nodes.items() for i, n in enumerate(col)]
    return pd.DataFrame(rows)


def test_best_transition_3_or_4_wins_when_one_of_them_is_best():
    n = 12
    base = {t: [100 + 10 * i for i in range(n)] for t in LEVELS}
    base["3"] = [50 + 10 * i for i in range(n)]  # 3 is best, 4 is the worst
    base["4"] = [500 + 10 * i for i in range(n)]
    ev, each = l24.best_transition(_sweep(base))
    assert ev.significant == "reproduced"
    assert set(each) == {"3 or 4 vs 2", "3 or 4 vs 5", "3 or 4 vs 6", "3 or 4 vs never"}


def test_best_transition_loses_to_a_better_level():
    n = 12
    base = {t: [200 + 10 * i for i in range(n)] for t in LEVELS}
    base["3"] = base["4"] = [100 + 10 * i for i in range(n)]
    base["6"] = [20 + 10 * i for i in range(n)]
    ev, each = l24.best_transition(_sweep(base))
    assert ev.significant == "contradicted"
    assert each["3 or 4 vs 6"].significant == "contradicted"


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
    df = pd.DataFrame({"id": range(1, 9), "level": "Wizard", "nodes": range(8, 0, -1)})
    main, readings, cap = l24.linkability_pays(naive, df)
    assert main.significant == "reproduced"  # any order: linked far below free
    # fixed order: linked above free on every challenge
    assert readings["naive = fixed-order product"].significant == "contradicted"
    assert cap == "none"


def test_easy_cost_is_counted_work_free_below_linked():
    naive = _naive(["Starter"] * 8, [(2, 2, 2, 2)] * 8, links=3)
    # the seconds say the opposite: they must not move the verdict
    naive["seconds"] = np.where(naive["linkability"], 1.0, 2.0) + naive["id"] * 0.01
    ev, readings, facts = l24.linkability_costs_easy(naive)
    assert (facts["same"], facts["same_fit"], facts["n"]) == (8, 8, 8)
    assert facts["share"] == pytest.approx(6 / 26)  # link + union over all the linked work
    assert ev.significant == "reproduced"
    assert set(readings) == {f"naive = {r} order, work in {u}" for r in ("any", "fixed")
                             for u in l24.WORK_UNITS} - {"naive = any order, work in tests"}
    assert all(r.significant == "reproduced" for r in readings.values())
    # only Starter and Junior count: Wizard rows where linkability saves work change nothing
    wiz = _naive(["Wizard"] * 8, [(50, 5, 50, 5)] * 8, links=3).assign(id=lambda d: d.id + 8)
    ev2, _, facts2 = l24.linkability_costs_easy(pd.concat([naive, wiz]))
    assert facts2["n"] == 8 and ev2.p == ev.p


def test_easy_cost_when_linkability_saves_more_than_it_pays():
    # linked: 1 node instead of 4, 3 link and 3 union tests per node: 26 tests against 80
    naive = _naive(["Junior"] * 8, [(4, 1, 4, 1)] * 8, links=3)
    ev, _, facts = l24.linkability_costs_easy(naive)
    assert facts["same"] == 0 and ev.significant == "contradicted"


def test_work_units_weigh_fit_and_link_tests():
    naive = pd.DataFrame({"fit_tests": [10], "scan_tests": [5], "link_tests": [4],
                          "union_tests": [2]})
    out = l24.add_work(naive)
    assert (int(out["work_tests"][0]), int(out["work_64-bit words"][0]),
            int(out["work_tests, union carried down"][0])) == (21, 41, 19)


def test_timing_reading_is_displayed_beside_the_work():
    naive = _naive(["Starter"] * 8, [(2, 2, 2, 2)] * 8, links=3)
    naive["seconds"] = np.where(naive["linkability"], 1.0, 2.0) + naive["id"] * 0.01
    tab = l24.timing_reading(naive)
    assert list(tab["reading"]) == ["any", "fixed"]
    assert (tab["linked slower on"] == 0).all()
    assert (tab["timing test (not a verdict)"] == "contradicted").all()
    assert tab["work linked / free (median)"].iloc[0] == pytest.approx(26 / 20)
    easy = l24.easy_work(naive)
    assert easy.loc["any", "linked does more work on"] == 8
    assert easy.loc["any", "median union tests (linked)"] == 6.0


def test_with_seconds_needs_every_timing():
    naive = _naive(["Starter"], [(2, 2, 2, 2)])
    tim = pd.DataFrame({"step": ["naive_any_free"], "item": ["1"], "seconds": [1e-5]})
    with pytest.raises(ValueError, match="no timing"):
        l24.with_seconds(naive, tim, l24.naive_step(naive))


def test_recount_evidence_differs_on_one_slice():
    rec = pd.DataFrame({"slice": [0, 1], "fits": [3, 4], "linked": [1, 2], "method": "m"})
    eb = pd.DataFrame({"placement": [0, 1], "solutions": [1, 2]})
    first = pd.DataFrame({"placement": [0, 1], "fits": [3, 4]})
    ev, why = l24.recount_evidence(rec, eb, first)
    assert ev.kind == "beyond" and why == ""
    eb.loc[1, "solutions"] = 3
    ev, why = l24.recount_evidence(rec, eb, first)
    assert ev.kind == "exact" and "[1]" in why


def _analysis(levels, nodes_with, nodes_without, count=5, checks=1):
    """Analysis rows: the final solver with and without the check; fit, scan and link tests
    10 per node each, the check's ``count`` merges and ``checks`` per node of the run with it."""
    rows = []
    for cid, (lv, nw, no) in enumerate(zip(levels, nodes_with, nodes_without, strict=True), 1):
        row = {"id": cid, "level": lv, "final_t3_nodes": nw, "linked_nodes": no}
        for variant, n, on in (("final_t3", nw, True), ("linked", no, False)):
            row.update({f"{variant}_{k}_tests": 10 * n for k in ("fit", "scan", "link")})
            row[f"{variant}_count_tests"] = count * n if on else 0
            row[f"{variant}_checks_tests"] = checks * n if on else 0
        rows.append(row)
    return pd.DataFrame(rows)


def test_easy_counting_costs_when_it_saves_nothing():
    df = _analysis(["Starter"] * 8, [3] * 8, [3] * 8)
    ev, readings, facts = l24.counting_costs_easy(df)
    assert (facts["same"], facts["n"]) == (8, 8)
    assert facts["share"] == pytest.approx(6 / 36)  # 5 merges + 1 check of 36 tests per node
    assert ev.significant == "reproduced"
    assert set(readings) == {f"work in {u}" for u in l24.COUNT_UNITS} - {"work in tests"}
    assert all(r.significant == "reproduced" for r in readings.values())
    # a Wizard level where the check saves most of the search changes nothing
    wiz = _analysis(["Wizard"] * 8, [2] * 8, [40] * 8).assign(id=lambda d: d.id + 8)
    ev2, _, facts2 = l24.counting_costs_easy(pd.concat([df, wiz]))
    assert facts2["n"] == 8 and ev2.p == ev.p


def test_easy_counting_pays_when_it_saves_nodes():
    df = _analysis(["Junior"] * 8, [1] * 8, [4] * 8)  # 36 tests against 120
    ev, _, facts = l24.counting_costs_easy(df)
    assert facts["same"] == 0 and ev.significant == "contradicted"


def test_search_work_units():
    df = _analysis(["Starter"], [1], [1], count=4, checks=2)
    assert [float(l24.search_work(df, "final_t3", u).iloc[0]) for u in l24.COUNT_UNITS] == \
        [36.0, 30 + 10 + 10 + 12 + 6, 32.0]
    with pytest.raises(ValueError, match="unit"):
        l24.search_work(df, "final_t3", "seconds")
