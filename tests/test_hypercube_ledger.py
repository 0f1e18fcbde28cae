"""The authors' stored numbers, the ledger's rules, and the hardness (God's number) module."""

from __future__ import annotations

import math
import statistics

import numpy as np
import pandas as pd
import pytest

from puzzles.core.claims import VERDICTS, fmt
from puzzles.core.stats import ci_halfwidth
from puzzles.hypercube import hardness
from puzzles.hypercube import ledger as hl
from puzzles.hypercube import reference as ref


def test_authors_summary_matches_their_per_run_numbers():
    runs = ref.authors_run_lists("ea")
    for r in ref.authors_ea_summary().itertuples():
        x = runs[(r.d, r.k, r.level)]
        assert len(x["moves"]) == r.successes
        if r.successes:
            assert round(statistics.mean(x["generations"]), 2) == r.mean_generations
            assert (min(x["moves"]), max(x["moves"])) == (r.min, r.max)
            assert statistics.median(x["moves"]) == r.median
    # their d=4 k=3 successes add up to the paper's 14
    s = ref.authors_ea_summary()
    assert s[(s.d == 4) & (s.k == 3)]["successes"].sum() == ref.PAPER_CLAIMS[
        "d4k3_successes_total"]


def test_authors_appendix_matches_their_per_run_numbers():
    app = ref.authors_runs()["appendix"]
    table = ref.authors_appendix()
    assert len(table) == 35
    for r in table.itertuples():
        v = app[f"{r.c:.1f}"]
        assert len(v["moves"]) == r.successes and v["moves"].count(6) == r.six_moves
        assert len(v["generations"]) == 150
        assert round(statistics.mean(v["generations"]), 2) == r.mean_generations
    assert table.set_index("c").loc[1.8, "six_moves"] == ref.PAPER_CLAIMS["appA_six_at_1.8"]


def test_authors_rl_runs_are_150_per_case():
    for key, v in ref.authors_run_lists("rl").items():
        assert len(v["moves"]) == 150, key
    with pytest.raises(ValueError, match="algo"):
        ref.authors_run_lists("astar")


def _runs(algo_rows):
    return pd.DataFrame(algo_rows).astype({"moves": "Int64"})


def test_ledger_builds_with_valid_verdicts_from_small_runs():
    rng = np.random.default_rng(1)
    ea, rl = [], []
    for d, k, level in [(3, 2, "0"), (3, 2, "1"), (3, 2, "2"), (4, 2, "0"), (4, 2, "1"),
                        (4, 2, "2"), (4, 2, "3"), (4, 2, "4"), (4, 3, "0")]:
        for run in range(20):
            ok = bool(rng.random() < (0.1 if k == 3 else 1.0))
            ea.append({"d": d, "k": k, "level": level, "c": 1.8, "run": run, "success": ok,
                       "generations": int(rng.integers(5, 80)) if ok else 1000,
                       "moves": int(rng.integers(6, 20)) if ok else None})
            rl.append({"d": d, "k": k, "level": level, "run": run, "success": True,
                       "moves": int(rng.integers(6, 12)), "ran": True})
    app = _runs([{"d": 3, "k": 2, "level": "0", "c": c, "run": r, "success": True,
                  "generations": int(rng.integers(5, 50)), "moves": int(rng.integers(6, 10))}
                 for c in (1.4, 1.8, 7.0) for r in range(20)])
    results = pd.DataFrame([{"d": d, "k": k, "level": lv, "optimal": 6, "astar_moves": 6,
                             "astar_expanded": 10, "component_size": 100}
                            for d, k, lv in [(3, 2, "0"), (4, 2, "4")]])
    led = hl.build(results, _runs(ea), _runs(rl), app)
    frame = led.frame()
    assert len(frame) >= 8 and set(frame["verdict"]) <= set(VERDICTS)
    assert {"S42-d3k2-ttest", "S42-d4k2-ttest", "F3-d3k2L0-min", "A-c1.8-six",
            "T2-d3k2L0-astar", "T4-d3k2L0-success"} <= set(frame["id"])
    bad = frame[~frame["verdict"].isin(["reproduced", "beyond"])]
    assert (bad["why"].str.strip() != "").all()
    # the generations row carries the same Student-t half-width as results.csv
    gen = [r["generations"] for r in ea if (r["d"], r["k"], r["level"]) == (3, 2, "0")]
    assert led["T4-d3k2L0-generations"].uncertainty == f"±{fmt(ci_halfwidth(gen))}"


def test_cube_group_and_orbits():
    assert hardness.cube_group(3).shape == (48, 8)
    g = hardness.cube_group(4)
    assert g.shape == (384, 16)
    assert all(sorted(row) == list(range(16)) for row in g.tolist())  # each is a bijection
    reps = hardness.occupancy_orbits(3, 4)
    assert len(reps) == 6 >= hardness.orbit_count_bound(3, 4)
    # orbit sizes add up to every 4-set of Q^3
    group = hardness.cube_group(3)
    sizes = [len({frozenset(group[i, list(r)].tolist()) for i in range(48)}) for r in reps]
    assert sum(sizes) == math.comb(8, 4)


def test_gods_number_d3():
    g1, g2 = hardness.gods_number(3, 1), hardness.gods_number(3, 2)
    assert (g1["component_size"], g1["target_eccentricity"], g1["gods_number"]) == (1680, 12, 12)
    assert (g2["component_size"], g2["target_eccentricity"], g2["gods_number"]) == (672, 10, 10)
    gods, dist = hardness.all_gods_numbers(max_d=3)
    assert list(gods.columns) == ["d", "k", "rings", "component_size",
                                  "target_eccentricity", "gods_number", "orbits"]
    assert dist.groupby(["d", "k"])["count"].sum().tolist() == [1680, 672]
    assert hardness.check_distances(dist) == 2
    bad = dist.copy()
    bad.loc[0, "count"] += 1
    with pytest.raises(ValueError, match="differ"):
        hardness.check_distances(bad)


def test_level_percentiles():
    dist = pd.DataFrame({"d": 3, "k": 1, "distance": [0, 1, 2, 3], "count": [1, 3, 4, 2]})
    res = pd.DataFrame([{"d": 3, "k": 1, "level": "0", "optimal": 2}])
    p = hardness.level_percentiles(res, dist).iloc[0]
    assert (p.share_closer, p.share_at_most, p.eccentricity) == (0.4, 0.8, 3)


def test_moves_row_says_why_when_the_medians_agree_but_the_samples_differ():
    from puzzles.core.claims import Ledger
    from puzzles.hypercube.ledger import _moves_row

    led = Ledger("05_hypercube")
    ours, stored = [4] * 80 + [5] * 70, [4] * 120 + [5] * 30  # both medians 4, p < 0.05
    _moves_row(led, "m", "Table 4 (EA)", "EA moves (median)", 4, ours, stored)
    row = led["m"]
    assert row.verdict == "differs" and row.ours == "4"
    assert row.why.startswith("same median (4) as the authors' stored runs")
    _moves_row(led, "m2", "Table 4 (EA)", "EA moves (median)", 4, ours, ours)
    assert led["m2"].verdict == "reproduced" and led["m2"].why == ""
