"""The result tables of the referee's questions (issue 23), built from the stored runs.

Each builder reads the stored offline runs in ``puzzles/clockwork/data/`` (and the notebook's
results table) and returns one table of ``figures/01_clockwork/``:

* ``calibration.csv``: the weighted calibration without the misread instances
  (:func:`calibration`), ``sensitivity.csv``: every table cell under the top settings;
* ``states.csv``: every noisy instance over its states, ``state_verdicts.csv``: the paper's
  cell against the distribution over states, ``e_trend.csv``: Q's effect over states;
* ``lengths.csv``: the two length hypotheses per instance;
* ``model.csv``: every difficulty model tried, ``generated.csv``: the generator's check.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from puzzles.clockwork import difficulty as D
from puzzles.clockwork import lengths as L
from puzzles.clockwork import refit as rf
from puzzles.clockwork import states as S
from puzzles.clockwork import sweep
from puzzles.clockwork.budget import DATA_DIR
from puzzles.clockwork.dwp import DEFAULT
from puzzles.clockwork.reference import paper_value
from puzzles.core.claims import Ledger
from puzzles.core.storage import read_stored

TOP = rf.TOP
PAPER_N = 20_000


def stored(name: str) -> pd.DataFrame:
    """A stored table of ``data/`` by name (ValueError naming a missing one)."""
    path = DATA_DIR / f"{name}.csv"
    if not path.exists():
        raise ValueError(f"no stored table {name!r} in {DATA_DIR}")
    return read_stored(path)


def calibration(results: pd.DataFrame) -> pd.DataFrame:
    """The weighted calibration (:func:`refit.calibration_table`) without the instances
    :func:`refit.misread` finds in ``results``."""
    default = (DEFAULT.reading, DEFAULT.tournament, DEFAULT.mutations)
    return rf.calibration_table(stored("calibration_runs"), sorted(rf.misread(results)),
                                default)


def top_settings(table: pd.DataFrame, k: int = TOP) -> list[tuple[str, int, int]]:
    """The ``k`` best settings of a calibration table, best first."""
    return rf.top_settings(table, k)


def sensitivity(table: pd.DataFrame, k: int = TOP) -> pd.DataFrame:
    """Every table cell's verdict under the ``k`` best settings."""
    return rf.sensitivity(stored("calibration_runs"), top_settings(table, k))


def states() -> pd.DataFrame:
    """``states.csv``: one row per state (the issue's columns)."""
    return stored("states")[S.COLUMNS]


def state_verdicts() -> pd.DataFrame:
    """Per noisy instance, where the paper's means fall among our states' means and the
    engine's verdict on each (Holm over this table)."""
    t = stored("states")
    led = Ledger("states")
    rows = []
    for k in S.NOISY + S.E_SERIES:
        for what, field in (("iter", "iter_mean"), ("len", "length_mean")):
            col = "mean_tournaments" if what == "iter" else "mean_length"
            led.add(f"{k}-{what}", "states", f"{k} {what}",
                    S.state_evidence(t, k, paper_value(k, field), col),
                    paper=paper_value(k, field),
                    why="the paper's value against our distribution over states")
        rows.append(S.position(t, k, paper_value(k, "iter_mean")))
    v = led.frame().set_index("id")
    out = pd.DataFrame(rows)
    for what in ("iter", "len"):
        out[f"{what}_p"] = [v.at[f"{k}-{what}", "p"] for k in out["instance"]]
        out[f"{what}_verdict"] = [v.at[f"{k}-{what}", "verdict"] for k in out["instance"]]
    return out


def e_trend() -> pd.DataFrame:
    """Q's effect on the E series over states: the trend and each neighbouring pair."""
    t = stored("states")
    rows = [{"claim": "larger Q, fewer tournaments (E1-E5)", **_ev(S.e_trend(t))}]
    for easy, hard in (("E2", "E1"), ("E3", "E2"), ("E4", "E3"), ("E5", "E4")):
        rows.append({"claim": f"{easy} < {hard}", **_ev(S.e_order(t, easy, hard))})
    led = Ledger("e")
    for i, r in enumerate(rows):
        led.add(f"e{i}", "E", r["claim"], r.pop("_ev"))
    out = pd.DataFrame(rows)
    f = led.frame()
    out["p_adjusted"], out["verdict"] = f["p_adjusted"].to_numpy(), f["verdict"].to_numpy()
    return out


def _ev(ev) -> dict:
    return {"ours": ev.ours, "test": ev.test, "p": ev.p, "_ev": ev}


def lengths() -> tuple[pd.DataFrame, dict]:
    """``lengths.csv`` from the stored 200 runs per instance, and the overall comparison."""
    table, _ = L.decide(stored("ordering_runs"))
    ev = L.comparison(table)
    return table, {"ours": ev.ours, "test": ev.test, "p": ev.p}


def paper_features(results: pd.DataFrame, ordruns: pd.DataFrame) -> pd.DataFrame:
    """The paper's instances with every feature (the exact ones from ``results``, the new ones
    stored in ``data/paper_structure.csv``) and the KM medians of the 200 stored runs."""
    base = sweep.paper_features(results, ordruns)
    return D.paper_frame(base, stored("paper_structure"))


def model(results: pd.DataFrame, ordruns: pd.DataFrame) -> pd.DataFrame:
    """``model.csv``: every model of :data:`difficulty.MODELS`, grouped CV and transfer."""
    return D.evaluate(D.stored_sweep(), paper_features(results, ordruns), PAPER_N)


def generated() -> pd.DataFrame:
    """``generated.csv``: the generator's instances with their measured medians."""
    return stored("generated")[D.GENERATED_COLUMNS]


def generated_summary(gen: pd.DataFrame) -> pd.DataFrame:
    """Per band: instances, median predicted and measured, share measured inside the band."""
    rows = []
    for band, g in gen.groupby("band", sort=False):
        lo, hi = D.BANDS[band]
        m = g["median_tournaments"].astype(float)
        rows.append({"band": band, "instances": len(g), "lo": lo, "hi": hi,
                     "predicted_median": float(g["predicted"].median()),
                     "measured_median": float(m.median()),
                     "inside_band": float(((m >= lo) & (m < hi)).mean())})
    out = pd.DataFrame(rows)
    rho = stats.spearmanr(gen["predicted"], np.minimum(gen["median_tournaments"], 1e9))
    out.attrs["spearman"] = float(rho.statistic)
    return out


# --- the numbers the notebook's sentences state ------------------------------------------------


def _setting(row: pd.Series) -> str:
    reading = str(row["reading"]).replace("_", " ")
    return f"{reading}, T = {row['tournament']}, m = {row['mutations']}"


def calibration_prose(table: pd.DataFrame, results: pd.DataFrame) -> dict:
    """Values of the ``refit`` template: the best setting, the default's place, the ties."""
    best = table[table["chosen"]].iloc[0]
    default = table[table["default"]].iloc[0]
    reasons = rf.misread(results)
    return {"excluded": "; ".join(f"{k}: {v}" for k, v in sorted(reasons.items())),
            "best": _setting(best), "best_score": float(best["score"]),
            "best_se": float(best["score_se"]), "default": _setting(default),
            "default_rank": int(default["rank"]), "default_score": float(default["score"]),
            "ties": int(table["indistinguishable"].sum()), "settings": len(table)}


def states_prose(verdicts: pd.DataFrame, trend: pd.DataFrame) -> dict:
    """Values of the ``states`` template."""
    inside = verdicts[verdicts["in_range"]]["instance"].tolist()
    outside = verdicts[~verdicts["in_range"]]["instance"].tolist()
    return {"inside": ", ".join(inside), "outside": ", ".join(outside) or "none",
            "states": int(verdicts["states"].min()),
            "floor": 2 / (int(verdicts["states"].min()) + 1),
            "tau": str(trend.iloc[0]["ours"]), "trend_verdict": str(trend.iloc[0]["verdict"]),
            "pairs": "; ".join(f"{r.claim}: {r.verdict} (p = {r.p:.3g})"
                               for r in trend.iloc[1:].itertuples())}


def lengths_prose(table: pd.DataFrame, comparison: dict) -> dict:
    """Values of the ``lengths`` template."""
    fails = table[table["successes"] < table["runs"]]
    closer = fails[fails["as_zero_gap"] < fails["excluded_gap"]]["instance"].tolist()
    return {"with_failures": len(fails), "closer": ", ".join(closer),
            "farther": ", ".join(sorted(set(fails["instance"]) - set(closer))),
            "p": float(comparison["p"])}


def model_prose(models: pd.DataFrame, gen: pd.DataFrame) -> dict:
    """Values of the ``model`` template."""
    m = models.set_index("model")
    best = str(models.loc[models["cv_cindex"].idxmax(), "model"])
    summary = generated_summary(gen)
    return {"size_rho": float(m.at["size only (least squares)", "rho_within_mean"]),
            "exact_rho": float(m.at["exact features (AFT)", "rho_within_mean"]),
            "pilot_rho": float(m.at["pilot only (AFT)", "rho_within_mean"]),
            "best": best, "best_cv": float(m.at[best, "cv_cindex"]),
            "best_rho": float(m.at[best, "rho_within_mean"]),
            "bands": "; ".join(f"{r.band}: median {r.measured_median:g} "
                               f"({r.inside_band:.0%} inside)"
                               for r in summary.itertuples()),
            "gen_rho": float(summary.attrs["spearman"])}
