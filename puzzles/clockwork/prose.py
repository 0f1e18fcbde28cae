"""The values of notebook 01's number-bearing sentences, computed from the results so they
cannot go stale. The sentences themselves are templates in ``prose.md``; a notebook cell shows
``PROSE("example3", **prose.example3(facts, invariant))``. A function fills a sentence's
optional parts (its own templates) itself."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from puzzles.clockwork.experiments import paper_table
from puzzles.clockwork.instances import C4_INDEX, instance
from puzzles.clockwork.margins import MARGINS, PAPER_RUNS, paper_sd
from puzzles.clockwork.reference import paper_value, printed, protocol, q_values, reachable
from puzzles.core.claims import depends_on_reading, verdict_counts
from puzzles.core.prose import Prose

# The algebraic statements checked exhaustively (theory.py), as the conclusion counts them.
ALGEBRA = ("I-reversible", "I-solvable-kept", "I-reversal-long", "Ex3-unsolvable",
           "IV-many-unsolvable", "IV-Q1-any", "IV-Q2c2-unsolvable", "IV-Q2-c2-solvable",
           "IV-nQ-same-L", "IV-nQ-unique-L", "IV-add-actions", "VI-generate-from-goal")
PROSE = Prose("puzzles.clockwork")
READING_LABELS = (("every_read", "counting every read"), ("actions_only", "counting only actions"),
                  ("jumps_free", "letting jumps be free"), ("skips_free", "letting skips be free"))


def _words(reading: str) -> str:
    return reading.replace("_", " ")


def _patterns(invariant: pd.DataFrame, column: str) -> list[str]:
    return sorted({p for cell in invariant[column] for p in cell.split(" or ")})


def example3(facts: dict, invariant: pd.DataFrame) -> dict[str, Any]:
    """Why Example 3 is unsolvable: the counts and parities of the analysis."""
    goal = _patterns(invariant, "parities of goal states")
    start = _patterns(invariant, "parities reachable from the start")
    clash = sorted(set(goal) & set(start))
    return {"goal": " or ".join(goal), "start": ", ".join(start),
            "clash": (PROSE.text("example3-shared", clash=clash) if clash
                      else PROSE.text("example3-apart")),
            "reachable": facts["reachable"], "states": facts["states"],
            "goal_reachable": facts["goal states reachable"]}


def _setting_words(reading: str, tournament: int, mutations: int) -> str:
    return f"{_words(reading)}, T = {tournament}, m = {mutations}"


def defaults(calibration: pd.DataFrame, default: tuple[str, int, int]) -> dict[str, Any]:
    """The unweighted calibration's best setting, the ``default`` (reading, T, m) and the fit
    of each reading at the default's T and m (from calibration_unweighted.csv)."""
    c = calibration
    best = c[c["chosen"]].iloc[0]
    reading, tournament, mutations = default
    same = c[(c["tournament"] == tournament) & (c["mutations"] == mutations)]
    row = same.set_index("reading")
    if reading not in row.index:
        raise ValueError(f"the calibration has no row of the default {default}")
    close = [r for r in c["reading"].unique() if abs(row.at[r, "len_log_ratio"]) < math.log(1.15)]
    fits = [PROSE.text("defaults-fit", label=label,
                       iterations=math.exp(row.at[r, "iter_log_ratio"]),
                       lengths=math.exp(row.at[r, "len_log_ratio"]))
            for r, label in READING_LABELS]
    return {"settings": len(c), "runs": int(best.runs) // 28,
            "best": _setting_words(best.reading, best.tournament, best.mutations),
            "score": best.score, "default": _setting_words(*default),
            "tournament": tournament, "mutations": mutations,
            "fits": "; ".join(fits), "iter_se": c["iter_se"].mean(),
            "len_se": c["len_se"].mean(), "close": ", ".join(_words(r) for r in close)}


def table2(ledger_frame: pd.DataFrame) -> dict[str, Any]:
    """Which A/B pairs support 'removing (3, 0) makes the instance harder' (200 runs each)."""
    f = ledger_frame.set_index("id")
    pairs = [(f"B{i}", f.loc[f"AB-{i}"]) for i in range(1, 6)]
    ok = [b for b, r in pairs if r.verdict == "reproduced"]
    no = [(b, r) for b, r in pairs if r.verdict != "reproduced"]
    others = ""
    if no:
        others = PROSE.text("table2-others", names=", ".join(b for b, _ in no),
                            verdicts="; ".join(f"{b} {r.verdict}, {r.ours}" for b, r in no))
        if "B1" in (b for b, _ in no):
            others += PROSE.text("table2-b1", a1=printed("A1")[0], b1=printed("B1")[0])
    return {"harder": ", ".join(ok) or "none", "others": others}


def e5(e_table: pd.DataFrame) -> dict[str, Any]:
    """E1-E5's reachable counts against the paper's statement."""
    agree = [r["instance"] for _, r in e_table.iterrows()
             if r["reachable (group order)"] == r["reachable (BFS)"]
             == reachable()[r["instance"]]]
    e = e_table.set_index("instance").loc["E5"]
    q = int(e["Q (ours)"])
    p = instance("E5")
    (k1, _), (k2, _) = p.actions
    return {"agree": ", ".join(agree), "ours": int(e["reachable (group order)"]),
            "paper": reachable()["E5"], "k1": k1, "k2": k2, "n": p.n, "diff": k1 - k2, "q": q,
            "exponent": p.n + 1 - q, "formula": p.n * 2 ** (p.n + 1 - q), "paper_q": q - 1}


def c3_interval() -> dict[str, Any]:
    """The C3 row's impossible interval: the sd its half-width needs against the largest sd 20
    non-negative runs with its mean can have."""
    m, half = paper_value("C3", "iter_mean"), paper_value("C3", "iter_ci95")
    return {"paper": " ".join(printed("C3")[:2]), "ours": f"needs s = {paper_sd(half):.4g}, "
            f"{PAPER_RUNS} values >= 0 with mean {m:g} have s <= {m * math.sqrt(PAPER_RUNS):.4g}"}


def readings(table: pd.DataFrame) -> dict[str, Any]:
    """C2, C3 and C4 under the alternative readings, from the readings table."""
    t = table.set_index("reading")
    c2 = t[t.index.str.startswith("C2")]
    c4 = t[t.index.str.startswith("C4")]
    solvable = c4["solvable"].astype(bool)
    s4 = c4[solvable].copy()
    paper = float(s4["paper_iter_mean"].iloc[0])
    s4["gap"] = np.abs(np.log(np.maximum(s4["iter_mean"].astype(float), 0.5) / paper))
    near = s4.sort_values("gap").head(2)
    easy = s4[s4["iter_mean"].astype(float) < 1.0]
    c3 = t.loc[[k for k in t.index if k.startswith("C3 without")][0]]
    return {"c2_shortest": " and ".join(map(str, sorted(set(c2["shortest"].dropna()
                                                          .astype(int))))),
            "c2_paper": c2["paper_length_mean"].iloc[0],
            "c3": "solvable" if bool(c3["solvable"]) else "unsolvable",
            "c4_unsolvable": ", ".join(k.split()[-1] for k in c4.index[~solvable]),
            "c4_solvable": ", ".join(k.split()[-1] for k in c4.index[solvable]),
            "c4_easy": " or ".join(k.split()[-1] for k in easy.index), "c4_paper": paper,
            "c4_near": " and ".join(PROSE.text("readings-near", light=k.split()[-1],
                                               mean=float(r.iter_mean))
                                    for k, r in near.iterrows()),
            "c4_ours": C4_INDEX}


def calibration_check(n_checked: int, chosen: tuple[str, int, int]) -> dict[str, Any]:
    """The live check of the stored calibration's chosen row."""
    return {"reading": _words(chosen[0]), "tournament": chosen[1], "mutations": chosen[2],
            "runs": n_checked}


def ledger_note(ledger_frame: pd.DataFrame, moves: pd.DataFrame) -> dict[str, Any]:
    """How the verdicts came out and what moved from the ledger before the verdict engine."""
    counts = verdict_counts(ledger_frame)
    moved = moves[(moves["before"] != moves["now"]) & (moves["before"] != "new row")]
    new = moves[moves["before"] == "new row"]
    dep = depends_on_reading(ledger_frame)
    return {"rows": len(ledger_frame),
            "counts": ", ".join(f"{n} {v}" for v, n in counts.items() if n),
            "same": int(moves.loc[moves["before"] == moves["now"], "rows"].sum()),
            "moved": int(moved["rows"].sum()),
            "moves": "; ".join(f"{r.before} → {r.now}: {r.rows}" for r in moved.itertuples()),
            "new": int(new["rows"].sum()), "dependent": int(dep.sum()),
            "dependent_ids": ", ".join(ledger_frame.loc[dep, "id"])}


def _tally(frame: pd.DataFrame) -> str:
    c = frame["verdict"].value_counts()
    return ", ".join(f"{n} {k}" for k, n in c.items())


def _model_values(model: pd.DataFrame) -> dict[str, Any]:
    v = model.set_index("name")["value"]
    coef = model[model["kind"] == "coefficient"].set_index("name")["value"].drop("intercept")
    top = coef.abs().sort_values(ascending=False).index[:2]
    return {"fitted": int(v["instances fitted"]),
            "r2_cv": next(v[n] for n in v.index if "cross-validated" in n),
            "top1": top[0], "top2": top[1],
            "r2_held": next(v[n] for n in v.index if n.startswith("R2 held")),
            "rho_held": v["Spearman rho held out"]}


def _exact_values(results: pd.DataFrame, ledger_frame: pd.DataFrame) -> dict[str, Any]:
    e5 = ledger_frame.set_index("id").loc["E5-reach"]
    alg = ledger_frame[ledger_frame["id"].isin(ALGEBRA)]
    alg_dep = alg.loc[depends_on_reading(alg), "id"].tolist()
    short = results.drop_duplicates("instance")["shortest"].dropna().astype(int)
    return {"e5_ours": e5.ours, "e5_paper": e5.paper, "e5_q": q_values()["E5"],
            "e5_paper_q": q_values()["E5"] - 1, "shortest_min": short.min(),
            "shortest_max": short.max(), "algebra": len(alg),
            "algebra_hold": int((alg["verdict"] == "reproduced").sum()),
            "algebra_built": ", ".join(alg.loc[alg["verdict"] == "by construction", "id"]),
            "algebra_other": (PROSE.text("conclusion-algebra-other", ids=", ".join(alg_dep))
                              if alg_dep else "")}


def _cell_values(ledger_frame: pd.DataFrame, summ200: pd.DataFrame) -> dict[str, Any]:
    cells = ledger_frame[ledger_frame["id"].str.match(r"^T[IV]+-[A-F]\d-(iter|len)$")]
    it = cells[cells["id"].str.endswith("-iter")]
    ln = cells[cells["id"].str.endswith("-len")]
    rel = np.median([r.iter_ci95 / r.iter_mean for r in paper_table().itertuples()
                     if r.iter_mean > 1])
    never = summ200[summ200["successes"] == 0]["instance"].tolist()
    return {"cell_runs": int(summ200["runs"].min()), "paper_runs": protocol()["runs"],
            "iter_cells": len(it), "iter_margin": MARGINS.iterations.text,
            "iter_tally": _tally(it), "len_cells": len(ln), "len_margin": MARGINS.length.text,
            "len_tally": _tally(ln), "relative": 100 * rel,
            "never": (PROSE.text("conclusion-never", instances=", ".join(never),
                                 N=protocol()["N"]) if never else "")}


def _order_values(ledger_frame: pd.DataFrame) -> dict[str, Any]:
    f = ledger_frame.set_index("id")
    ords = ledger_frame[ledger_frame["kind"] == "ordering"]
    bad = ords[ords["verdict"] != "reproduced"]
    return {"orderings_reproduced": int((ords["verdict"] == "reproduced").sum()),
            "orderings": len(ords),
            "orderings_other": ", ".join(f"{r.id} ({r.verdict})" for r in bad.itertuples()),
            "ranking": f.at["V-ranking", "ours"], "ranking_verdict": f.at["V-ranking", "verdict"],
            "reachable": f.at["VI-reachable", "ours"],
            "reachable_verdict": f.at["VI-reachable", "verdict"]}


def conclusion(results: pd.DataFrame, ledger_frame: pd.DataFrame, summ200: pd.DataFrame,
               model: pd.DataFrame, calibration: pd.DataFrame) -> dict[str, Any]:
    """The conclusion's bullets, every number from this run's results (``calibration``: the
    weighted calibration, :func:`puzzles.clockwork.refit.calibration_table`)."""
    counts = verdict_counts(ledger_frame)
    return {**_exact_values(results, ledger_frame), **_cell_values(ledger_frame, summ200),
            **_order_values(ledger_frame), **_model_values(model),
            "calibrated": _calibrated(calibration),
            "ledger": ", ".join(f"{n} {k}" for k, n in counts.items() if n)}


def _calibrated(calibration: pd.DataFrame) -> str:
    """The conclusion's calibration bullet: the default is the weighted fit's best, or (at a
    scale too small to rank the settings) which setting the fit ranks first instead."""
    best = calibration[calibration["chosen"]].iloc[0]
    values = {"settings": len(calibration), "reading": _words(best.reading),
              "tournament": best.tournament, "mutations": best.mutations,
              "iterations": math.exp(best.iter_log_ratio),
              "lengths": math.exp(best.len_log_ratio)}
    if bool(best["default"]):
        return PROSE.text("conclusion-calibrated", **values)
    d = calibration[calibration["default"]].iloc[0]
    return PROSE.text("conclusion-calibrated-other", **values, paper_runs=protocol()["runs"],
                      default=f"{_words(d.reading)}, T = {d.tournament}, m = {d.mutations}")


def no_solving_run(runs: pd.DataFrame, key: str) -> dict[str, Any]:
    """Why the ring stepper has no ring: the runs of ``key`` at this scale and the most
    tournaments any of them used, none solving it."""
    mine = runs[runs["instance"] == key]
    if mine.empty or mine["solved"].any():
        raise ValueError(f"instance {key!r} has no runs or has a solving run")
    return {"key": key, "runs": len(mine), "tournaments": int(mine["tournaments"].max())}
