"""Notebook 01's ledger, censoring-aware statistics, stored offline results, sweep and prose."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from puzzles.clockwork import calibration as cal
from puzzles.clockwork import examples, prose, sweep
from puzzles.clockwork import ledger as claims
from puzzles.clockwork.algebra import is_solvable
from puzzles.clockwork.dwp import READINGS
from puzzles.clockwork.experiments import stored
from puzzles.clockwork.hitting import check_stored, km_curve, km_median, mean_range
from puzzles.clockwork.model import make_state, parse_state
from puzzles.core.claims import VERDICTS

STATE = re.compile(r"^\d+,\d+$")
ACTIONS = re.compile(r"^\d+:\d+(;\d+:\d+)*$")


def test_km_curve_with_censoring():
    # Times 1, 2, 2, 5 solved, two runs censored at 10: S(1)=5/6, S(2)=5/6*2/4... by hand.
    t = [1, 2, 2, 5, 10, 10]
    s = [True, True, True, True, False, False]
    times, surv = km_curve(t, s)
    assert list(times) == [1, 2, 5]
    assert np.allclose(surv, [5 / 6, 5 / 6 * 3 / 5, 5 / 6 * 3 / 5 * 2 / 3])
    assert km_median(t, s) == 2.0  # S drops to 0.5 at t = 2
    assert km_median([10, 10, 3], [False, False, True]) == float("inf")
    with pytest.raises(ValueError):
        km_curve([], [])


def test_mean_range_is_seeded_and_sensible():
    v = np.arange(100.0)
    a, b = mean_range(v, 20, 1), mean_range(v, 20, 1)
    assert a == b and a[0] < v.mean() < a[1]
    assert mean_range([3.0, 3.0], 5, 0) == (3.0, 3.0)


def test_check_stored_catches_a_difference():
    df = pd.DataFrame({"instance": ["A1", "A1"], "run": [0, 1], "solved": [True, False],
                       "tournaments": [3, 20], "length": [5.0, np.nan]})
    assert check_stored(df, df.copy()) == 2
    bad = df.copy()
    bad.loc[0, "tournaments"] = 4
    with pytest.raises(RuntimeError, match="differ"):
        check_stored(df, bad)


def test_stored_calibration_is_complete():
    c = stored("calibration")
    for col in ("reading", "tournament", "mutations", "iter_log_ratio", "len_log_ratio",
                "score", "chosen"):
        assert col in c.columns
    assert set(c["reading"]) == set(READINGS) and len(c) == len(cal.settings())
    assert c["chosen"].sum() == 1 and c.loc[c["chosen"], "score"].iloc[0] == c["score"].min()
    assert np.allclose(c["score"], np.hypot(c["iter_log_ratio"], c["len_log_ratio"]), atol=1e-3)


def test_stored_ordering_runs_have_200_per_instance():
    o = stored("ordering_runs")
    assert (o.groupby("instance").size() >= 200).all() and o["instance"].nunique() == 28


def test_stored_sweep_has_the_required_shape():
    df = stored("random_instances")
    assert list(df.columns) == sweep.COLUMNS and len(df) >= 500
    assert df["n"].between(6, 16).all() and df["c"].between(2, 5).all()
    assert (df["runs"] == 50).all() and df["id"].is_unique
    assert df["initial"].str.match(STATE).all() and df["actions"].str.match(ACTIONS).all()
    # Not only e0 moves: Q is undefined for many action sets.
    assert df["q"].isna().sum() > 100


def test_random_puzzles_are_seeded_and_solvable():
    a, b = sweep.random_puzzle(2026, 7), sweep.random_puzzle(2026, 7)
    assert a == b and is_solvable(a) and any(a.initial[1])
    row = stored("random_instances").set_index("id").loc[7]
    assert parse_state(row["initial"], a.n, a.c) == make_state(*a.initial, a.n, a.c)


def test_instance_with_shortest():
    from puzzles.clockwork.instances import instance
    from puzzles.clockwork.search import shortest_solution

    p = sweep.instance_with_shortest(6, 12, 2, instance("A1").actions, 1)
    assert len(shortest_solution(p)) == 6
    with pytest.raises(ValueError, match="exceeds"):
        sweep.instance_with_shortest(6, 16, 5, instance("A1").actions, 1)


def _ledger_inputs():
    from puzzles.clockwork.experiments import e_counts, results_table, summarise_runs

    o = stored("ordering_runs")
    runs = o[o["run"] < 20].assign(ring="")
    exact = pd.DataFrame([{"instance": k, **f} for k, f in _exact().items()])
    results = results_table(summarise_runs(runs), exact)
    return results, o, e_counts(results)


def _exact():
    from puzzles.clockwork.algebra import reachable_count
    from puzzles.clockwork.experiments import lookup
    from puzzles.clockwork.instances import paper_instances
    from puzzles.clockwork.model import q_value

    # Shortest lengths are not needed by the rules; the committed results hold them.
    res = pd.read_csv(_figures() / "results.csv").drop_duplicates("instance")
    short = dict(zip(res["instance"], res["shortest"], strict=True))
    return {k: {"q": q_value(lookup(k).actions, lookup(k).n),
                "reachable_states": reachable_count(lookup(k)), "solvable": True,
                "shortest": short[k], "shortest_path": None} for k in paper_instances()}


def _figures():
    from pathlib import Path

    return Path(__file__).resolve().parents[1] / "figures" / "01_clockwork"


@pytest.fixture(scope="module")
def ledger_frame():
    results, o, e = _ledger_inputs()
    model = sweep.fit_model(stored("random_instances"), sweep.paper_features(results, o))
    led = claims.build(results, o, ["0,010101101001", "3,010001101001"], e, 3,
                       stored("calibration"), model, 500)
    return led.frame()


def test_ledger_covers_every_table_and_claim(ledger_frame):
    f = ledger_frame
    assert len(f) >= 8 and set(f["verdict"]) <= set(VERDICTS)
    assert f["id"].is_unique
    bad = f[~f["verdict"].isin(["reproduced", "beyond"]) & (f["why"].str.strip() == "")]
    assert bad.empty, bad
    ids = set(f["id"])
    for table, keys in (("I", "A1 A2 A3 A4 A5"), ("II", "B1 B2 B3 B4 B5"),
                        ("III", "C1 C2 C3 C4 C5 C6"), ("IV", "D1 A5 D2 D3"),
                        ("V", "E1 E2 E3 E4 E5"), ("VI", "F1 F2 F3 F4")):
        for k in keys.split():
            assert {f"T{table}-{k}-iter", f"T{table}-{k}-len"} <= ids
    for cid, *_ in claims.ORDER_CLAIMS:
        assert cid in ids
    assert {"Fig2", "E5-reach", "TIII-C3-ci", "VI-reachable", "V-ranking", "calibration",
            "model", "C-first-failures"} <= ids


def test_ledger_verdicts_that_the_data_settle(ledger_frame):
    f = ledger_frame.set_index("id")
    assert f.at["E5-reach", "verdict"] == "differs"
    assert f.at["Fig2", "verdict"] == "reproduced"
    # A1 and B1 are solved by the random population: no ordering.
    assert f.at["AB-1", "verdict"] != "reproduced"
    assert f.at["TIII-C3-ci", "verdict"] == "not comparable"


def test_prose_is_correct(ledger_frame):
    facts, invariant = examples.example3_analysis()
    text = prose.example3(facts, invariant)
    assert "(0, 0, 0)" in text and "(1, 1, 1)" not in text
    assert f"Only {facts['reachable']} of the {facts['states']}" in text
    t2 = prose.table2(ledger_frame)
    assert "B1" in t2.split("but not for")[1] and "every instance" not in t2
    # No line of generated Markdown may start like a numbered-list item ("3072. ...").
    for line in t2.splitlines() + text.splitlines():
        assert not re.match(r"^\s*\d+\.\s", line)


def test_conclusion_has_no_numbered_list_glitch(ledger_frame):
    results, o, _ = _ledger_inputs()
    from puzzles.clockwork.hitting import hitting_summary

    model = sweep.fit_model(stored("random_instances"), sweep.paper_features(results, o))
    text = prose.conclusion(results, ledger_frame, hitting_summary(o, 20_000), model,
                            stored("calibration"))
    assert "1536, not the paper's 3072" in text
    for line in text.splitlines():
        assert not re.match(r"^\s*\d+\.\s", line), line


def test_count_shortest_matches_brute_force():
    from puzzles.clockwork.model import Puzzle, unit
    from puzzles.clockwork.search import count_shortest

    rng = np.random.default_rng(3)
    checked = 0
    for _ in range(25):
        n, c = 4, int(rng.integers(2, 4))
        acts = tuple((int(rng.integers(0, n)), unit(int(rng.integers(0, n)), n,
                                                     int(rng.integers(1, c))))
                     for _ in range(int(rng.integers(2, 4))))
        p = Puzzle(n, c, (0, tuple(int(x) for x in rng.integers(0, c, size=n))), acts)
        d, ways = count_shortest(p)
        if d is None:
            assert not is_solvable(p)
            continue
        if d > 7:
            continue
        # Brute force: strings of length d reaching the goal, none of length < d.
        assert _hits(p, d) == ways and all(_hits(p, k) == 0 for k in range(d))
        checked += 1
    assert checked >= 10


def _hits(p, k: int) -> int:
    from itertools import product

    from puzzles.clockwork.model import replay

    return sum(1 for s in product(range(len(p.actions)), repeat=k)
               if not any(replay(p, s)[-1][1]))
