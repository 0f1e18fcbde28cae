"""The committed paper-scale result files of notebook 02 hold what the issue asks for."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from puzzles.core.claims import load as load_claims
from puzzles.iqlink.generate import stored_challenges

FIG = Path(__file__).resolve().parents[1] / "figures" / "02_iq_link"


def test_results_have_one_fit_one_solution_and_a_grade():
    res = pd.read_csv(FIG / "results.csv")
    assert list(res.columns) == ["id", "level", "given", "to_place", "solutions", "fits", "nodes",
                                 "solved_by", "grade"]
    assert len(res) == 120 and (res["fits"] == 1).all() and (res["solutions"] == 1).all()
    stored = {it["id"]: it["grade"] for it in stored_challenges()}
    assert all(abs(stored[i] - g) < 1e-9 for i, g in zip(res["id"], res["grade"], strict=True))
    medians = res.groupby("level", sort=False)["grade"].median().tolist()
    assert medians == sorted(medians)


def test_challenges_json_matches_the_package():
    fig = json.loads((FIG / "challenges.json").read_text())
    assert [(it["id"], it["given"], it["solution"]) for it in fig] == [
        (it["id"], it["given"], it["solution"]) for it in stored_challenges()]


def test_anu_csv():
    anu = pd.read_csv(FIG / "anu.csv")
    assert list(anu.columns) == ["start", "given", "fits", "linked"]
    assert len(anu) == 13
    assert anu["fits"].tolist() == [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 4, 2, 3]
    assert anu["linked"].tolist() == [1, 1, 1, 1, 0, 0, 1, 0, 2, 0, 2, 0, 3]


def test_limits_json():
    lim = json.loads((FIG / "limits.json").read_text())
    assert lim["fewest_given"] == 1 and "limits" in lim["command"]
    assert len(lim["unique_one_piece"]) == 2
    for one in lim["unique_one_piece"]:
        assert len(one["given"]) == 1 and len(one["solution"]) == 12
        assert one["fits"] == one["linked"] == 1
    hard = lim["hardest_graded"]
    assert hard["grade"] == max(it["grade"] for it in stored_challenges())


def test_claims_csv_covers_the_paper():
    claims = load_claims(FIG / "claims.csv")
    assert len(claims) >= 8
    ids = set(claims["id"])
    for prefix in ("T1-", "T2-", "T3-", "T4-", "S9-", "S10-", "F13", "F14", "F16-19", "F20",
                   "F24", "S14-", "S15-", "B-"):
        assert any(i.startswith(prefix) for i in ids), prefix
    assert not any("second" in c for c in pd.read_csv(FIG / "results.csv").columns)


def test_empty_board_recount_agrees_and_counts_fits():
    from puzzles.iqlink.experiments import empty_board_recount, empty_board_slices
    from puzzles.iqlink.search import count_slice

    recount, command = empty_board_recount()
    assert "recount_empty_board" in command
    eb = empty_board_slices().set_index("placement")["solutions"]
    assert len(recount) == 72
    assert all(eb[r.placement] == r.linked for r in recount.itertuples())
    assert int(recount["linked"].sum()) == 21952 and int(recount["fits"].sum()) == 50000
    assert (recount["fits"] >= recount["linked"]).all()
    # Every pair is counted once at least; some both ways (checked inside the loader).
    assert recount["counted"].sum() == 40
    # Recount the slice of the one-piece challenge here.
    row = recount.set_index("placement").loc[8]
    assert count_slice(8)[1:] == (row["linked"], row["fits"], row["nodes"])


def test_search_nodes_medians_and_maxima_per_level():
    from puzzles.iqlink.experiments import level_summary

    res = pd.read_csv(FIG / "results.csv")
    committed = pd.read_csv(FIG / "search_nodes.csv").set_index("level")
    assert level_summary(res, ["nodes"]).equals(committed[["nodes median", "nodes max"]])
