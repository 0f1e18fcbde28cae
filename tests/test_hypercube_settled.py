"""God's number rows settled by the stored bounded run, their ledger rows and sentences, and
the d = 5 pattern-database A* rows (issue 27)."""

from __future__ import annotations

from types import SimpleNamespace

import pandas as pd
import pytest

from puzzles.hypercube import gods, story
from puzzles.hypercube import ledger as hl
from puzzles.hypercube.paper import PAPER

FIGURES = gods.BOUNDED_FILE.parent


def _table() -> pd.DataFrame:
    return pd.DataFrame({"d": [4, 5, 5], "k": [3, 1, 4], "rings": 5, "component_size": 1,
                         "target_eccentricity": [16, 30, 21], "gods_number": [17, 30, 21],
                         "orbits": [27, 472, 472], "orbits_done": [27, 0, 0],
                         "bound": ["exact", "lower", "lower"]})


def _bounded(gods_number: int = 22, bound: str = "exact", k: int = 4) -> pd.DataFrame:
    return pd.DataFrame([{"d": 5, "k": k, "gods_number": gods_number, "searches": 273,
                          "bound": bound}])


def test_a_closed_bounded_run_makes_its_row_exact_and_says_how():
    out = gods.settle_by_bounds(_table(), _bounded())
    assert out["how"].tolist() == ["every orbit searched", "lower bound", "bounds meet"]
    assert out.iloc[2][["gods_number", "orbits_done", "bound"]].tolist() == [22, 273, "exact"]
    assert out.iloc[1][["gods_number", "bound"]].tolist() == [30, "lower"]
    # an open bounded run changes nothing; settling twice is settling once
    assert gods.settle_by_bounds(_table(), _bounded(bound="lower"))["bound"].tolist() == [
        "exact", "lower", "lower"]
    assert gods.settle_by_bounds(out.drop(columns="how"), _bounded()).equals(out)


def test_settling_skips_a_case_not_run_and_refuses_a_repeat_or_a_smaller_number():
    skipped = gods.settle_by_bounds(_table(), _bounded(k=2))  # no (5, 2) row: nothing to settle
    assert skipped["bound"].tolist() == ["exact", "lower", "lower"]
    with pytest.raises(ValueError, match="more than one"):
        gods.settle_by_bounds(pd.concat([_table(), _table()]), _bounded())
    with pytest.raises(ValueError, match="below an eccentricity"):
        gods.settle_by_bounds(_table(), _bounded(gods_number=20))


def test_the_committed_table_is_the_stored_runs_settled():
    committed = pd.read_csv(FIGURES / "gods_number.csv").set_index(["d", "k"])
    assert committed.loc[(5, 4), ["gods_number", "bound", "how", "orbits_done"]].tolist() == [
        22, "exact", "bounds meet", 273]
    assert committed.loc[[(5, 1), (5, 2), (5, 3)], "gods_number"].tolist() == [30, 18, 12]
    assert set(committed.loc[[(5, 1), (5, 2), (5, 3)], "how"]) == {"lower bound"}


def test_ledger_rows_say_how_gods_number_was_found_and_what_would_decide():
    settled = SimpleNamespace(d=5, k=4, gods_number=22, orbits=472, orbits_done=273,
                              bound="exact", how="bounds meet")
    ev = hl.gods_evidence(settled)
    assert ev.ours == "22" and "meet after 273 of 472 searches" in ev.test
    lower = SimpleNamespace(d=5, k=1, gods_number=30, orbits=472, orbits_done=2,
                            bound="lower", how="lower bound")
    ev = hl.gods_evidence(lower)
    assert ev.ours == ">= 30" and "the other 470 searches would decide it" in ev.uncertainty
    assert gods.GODS_ALL_COMMAND in ev.uncertainty
    bounded = SimpleNamespace(d=5, k=3, gods_number=12, orbits=472, orbits_done=2,
                              bound="lower", how="lower bound", upper_bound=15,
                              searches_left=40)
    ev = hl.gods_evidence(bounded)
    assert ev.ours == ">= 12" and "to [12, 15]; 40 of 472 orbits still open" in ev.uncertainty
    assert "at most 40 more searches" in ev.uncertainty and "gods_orbits_d5.csv" in ev.uncertainty


def test_the_resume_command_is_one_the_cli_accepts(monkeypatch):
    from puzzles import reproduce

    seen = {}
    monkeypatch.setattr(reproduce, "run_experiment", lambda _p, a: seen.setdefault("a", a) and 0)
    reproduce.main(gods.GODS_ALL_COMMAND.split()[3:])
    args = seen["a"]
    assert (args.notebook, args.experiment, args.cache_dir, args.store, args.cap) == (
        "05", "gods_orbits_all", None, True, None)


def _d5() -> pd.DataFrame:
    return pd.read_csv(FIGURES / "heuristics_d5.csv", dtype={"instance": str})


def test_d5_heuristic_rows_mark_a_search_that_gave_up():
    frame = PAPER.ledger("paper", results=FIGURES).frame().set_index("id")
    assert frame.loc["X-d5k4-gods-pdb-astar", "ours"] == (
        "paper >300,001, pdb1 37,636, pdb2 14,584, pdb3 5,380")
    assert frame.loc["X-d5k4-0-pdb-astar", "ours"].startswith("paper 80,643, pdb1 20,")
    assert (frame.loc[frame.index.str.endswith("pdb-astar"), "verdict"] == "beyond").all()


def test_the_d5_sentences_come_from_the_stored_tables():
    h = story.heuristics_d5(_d5(), 300_000)
    assert (h["gave_up"], h["finished"], h["searches"], h["best"]) == (2, 9, 9, "pdb3")
    assert h["given_up"] == "far (21 moves), gods (22 moves)"
    tables_gave_up = _d5().assign(gave_up=lambda t: t["gave_up"] | (t["heuristic"] == "pdb1"))
    h = story.heuristics_d5(tables_gave_up, 300_000)  # gave_up counts the paper's searches only
    assert (h["gave_up"], h["finished"]) == (2, 6)
    table = pd.read_csv(FIGURES / "gods_number.csv")
    searches = gods.read_searches(gods.ORBITS_D5_FILE)[0]
    g = story.gods_dense(table, gods.read_orbit_times(), searches, "CMD")
    d5 = table[table["d"] == 5].set_index("k")
    assert g["settled"].startswith("k=4: 22, bounds meet after 273 of 472 searches")
    assert (g["left"], g["size"]) == (int(d5.loc[[1, 2, 3], "searches_left"].sum()), 652_458_240)
    # each k's bounds from its committed searches (their CPU seconds summed), else >= alone
    spent = searches.groupby("k")["cpu_seconds"].agg(["sum", "mean"])
    for k in (1, 2, 3):
        r = d5.loc[k]
        want = (f">= {r.gods_number} (k={k})" if pd.isna(r.upper_bound) else
                f">= {r.gods_number} and <= {int(r.upper_bound)} (k={k}: {r.orbits_done} "
                f"search{'' if r.orbits_done == 1 else 'es'}, {int(spent.loc[k, 'sum']):,} "
                "CPU-s)")
        assert want in g["lower"]
    # each k's searches left at that k's own cost (its committed searches' mean, else the
    # timed search), never another k's
    times = gods.read_orbit_times()
    big = times[times["component_size"] == 652_458_240].groupby("k")["cpu_seconds"].max()
    cost = {**big.to_dict(), **spent["mean"].to_dict()}
    parts = g["per_k"].split("; ")
    assert [p.split(":")[0] for p in parts] == ["k=1", "k=2", "k=3"]
    for k, part in zip((1, 2, 3), parts, strict=True):
        n = int(d5.loc[k, "searches_left"])
        assert part == (f"k={k}: {n} x {cost[k]:.0f} CPU-s = {n * cost[k] / 3600:.1f} CPU-hours"
                        if k in cost else f"k={k}: {n} searches, not timed")
    fake = pd.concat([times, times.assign(k=2, cpu_seconds=3600.0)])
    g = story.gods_dense(table, fake, searches[searches["k"] != 2], "CMD")
    assert f"k=2: {int(d5.loc[2, 'searches_left'])} x 3600 CPU-s" in g["per_k"]
    g = story.gods_dense(table, times, searches.iloc[:0], "CMD")  # no searches committed
    assert f"k=3: {int(d5.loc[3, 'searches_left'])} x {big[3]:.0f} CPU-s" in g["per_k"]
    assert "CPU-s)" not in g["lower"]
