"""The read-limit calibration, refitted as a referee would: run by run, without the instances
we misread, each instance weighted by its standard error, with the ranking's uncertainty.

Runs: every setting (reading of the read limit x tournament size T x mutations m, the grid of
:func:`puzzles.clockwork.calibration.settings`) on all 28 instances, ``runs`` runs each, run r
of instance k seeded ``derive_seed(root, "dwp", k, r)`` like the notebook's main experiment,
kept run by run (``data/calibration_runs.csv``).

Fit of one setting (:func:`fit`): per instance i the log ratio r_i = log(our mean / the
paper's mean) (tournaments: means below one read as 0.5; lengths over solving runs) and its
standard error by the delta method, se_i^2 = (sd_ours / (sqrt(n) mean_ours))^2 +
(sd_paper / (sqrt(20) mean_paper))^2 (the paper's sd from its printed 95% half-width); the
setting's ``iter_log_ratio`` and ``len_log_ratio`` are the random-effects weighted means
sum(w_i r_i) / sum(w_i), w_i = 1 / (se_i^2 + tau^2) (DerSimonian-Laird tau^2: the spread of
the instances' log ratios beyond their sampling error), over the instances kept, with
standard error 1 / sqrt(sum w_i). ``score`` = sqrt(iter^2 + len^2) and ``score_se`` its delta-method
standard error. The chosen setting has the lowest score; a setting is ``indistinguishable``
from it when its score exceeds the best by less than 1.96 standard errors of the difference
(the two scores' errors combined as independent: conservative for settings sharing seeds).

Excluded instances (:func:`misread`): those whose paper value no reading of ours can produce,
decided from exact facts, not from the EA: the paper's mean solving length is below our exact
shortest solution (C2, C6: impossible for any algorithm on the instance as we read it), or our
reading makes the EA's random population solve it in every run while the paper reports
thousands of tournaments (C4: another light index gives the paper's difficulty).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from puzzles.clockwork.calibration import settings
from puzzles.clockwork.dwp import DEFAULT, run_dwp
from puzzles.clockwork.experiments import lookup
from puzzles.clockwork.instances import paper_instances
from puzzles.clockwork.margins import MARGINS, paper_sd
from puzzles.clockwork.reference import paper_value
from puzzles.core import verdicts as V
from puzzles.core.claims import Ledger
from puzzles.core.paper import Task
from puzzles.core.seeding import derive_seed

RUN_COLUMNS = ["reading", "tournament", "mutations", "instance", "run", "solved",
               "tournaments", "length"]
COLUMNS = ["reading", "tournament", "mutations", "iter_log_ratio", "len_log_ratio", "score",
           "score_se", "excluded", "iter_se", "len_se", "rank", "indistinguishable", "chosen",
           "default"]
# The columns of ``figures/01_clockwork/calibration.csv`` (the list plus the mark of the
# best setting) and of ``calibration_ranking.csv`` (the ranking's uncertainty).
RESULT_COLUMNS = COLUMNS[:8] + ["chosen"]
RANKING_COLUMNS = ["reading", "tournament", "mutations", "iter_se", "len_se", "score_se",
                   "rank", "indistinguishable", "chosen", "default"]
FLOOR = 0.5
# The smallest standard error an instance's log ratio is given (a tenth of the ledger's margin).
SE_FLOOR = 0.02
PAPER_RUNS = 20
Z = 1.959963984540054


@dataclass(frozen=True)
class CalTask(Task):
    """``runs`` runs of one instance under one setting, seeded like the main experiment."""

    EXPERIMENT = "calibration-runs"
    reading: str
    tournament: int
    mutations: int
    instance: str
    runs: int
    N: int


@dataclass(frozen=True)
class CalRuns:
    """The runs of one :class:`CalTask` in run order (length -1 for a failed run)."""

    task: CalTask
    solved: tuple[bool, ...]
    tournaments: tuple[int, ...]
    lengths: tuple[int, ...]


def cal_runs(task: CalTask) -> CalRuns:
    """The worker: every run of one (setting, instance)."""
    p = lookup(task.instance)
    ea = DEFAULT.but(N=task.N, tournament=task.tournament, mutations=task.mutations,
                     reading=task.reading)
    res = [run_dwp(p, derive_seed(task.root, "dwp", task.instance, r), ea)
           for r in range(task.runs)]
    return CalRuns(task, tuple(r.solved for r in res), tuple(r.tournaments for r in res),
                   tuple(-1 if r.length is None else r.length for r in res))


def cal_tasks(runs: int, N: int, root: int,
              combos: Sequence[tuple[str, int, int]] | None = None) -> list[CalTask]:
    """One task per (setting, instance): every setting of the grid on all 28 instances."""
    combos = settings() if combos is None else list(combos)
    return [CalTask(r, T, m, k, runs, N, root=root) for r, T, m in combos
            for k in paper_instances()]


def runs_table(tasks: Sequence[CalTask], results: Sequence[CalRuns]) -> pd.DataFrame:
    """Every run as a row (:data:`RUN_COLUMNS`)."""
    rows = []
    for res in results:
        t = res.task
        for r, (ok, n, ln) in enumerate(zip(res.solved, res.tournaments, res.lengths,
                                            strict=True)):
            rows.append({"reading": t.reading, "tournament": t.tournament,
                         "mutations": t.mutations, "instance": t.instance, "run": r,
                         "solved": ok, "tournaments": n, "length": ln if ok else np.nan})
    return pd.DataFrame(rows, columns=RUN_COLUMNS)


# --- which instances we misread ---------------------------------------------------------------


def misread(results: pd.DataFrame) -> dict[str, str]:
    """Instances whose paper values our reading cannot produce, each with its evidence.

    ``results``: the notebook's results table (instance, shortest, successes, iter_mean,
    paper_iter_mean, paper_length_mean). Rules: the paper's mean solving length is below our
    exact shortest solution; or every one of our runs is solved by the random population
    (mean 0 tournaments) while the paper's mean exceeds 100 tournaments.
    """
    need = {"instance", "shortest", "iter_mean", "paper_iter_mean", "paper_length_mean"}
    if missing := need - set(results.columns):
        raise ValueError(f"results lacks columns {sorted(missing)}")
    out: dict[str, str] = {}
    for r in results.drop_duplicates("instance").itertuples():
        if pd.notna(r.shortest) and r.paper_length_mean < r.shortest:
            out[r.instance] = (f"the paper's mean solving length {r.paper_length_mean:g} is "
                               f"below our exact shortest solution ({int(r.shortest)} actions)")
        elif r.iter_mean == 0 and r.paper_iter_mean > 100:
            out[r.instance] = (f"the random population solves every run (mean 0) while the "
                               f"paper reports {r.paper_iter_mean:g} tournaments")
    return out


# --- the weighted fit -------------------------------------------------------------------------


def _paper_sd(half: float) -> float:
    return half * math.sqrt(PAPER_RUNS) / float(stats.t.ppf(0.975, PAPER_RUNS - 1))


def instance_ratios(runs: pd.DataFrame) -> pd.DataFrame:
    """Per instance of one setting's runs: log ratios ours/paper and their standard errors."""
    rows = []
    for key, g in runs.groupby("instance", sort=False):
        t = g["tournaments"].to_numpy(dtype=float)
        mo, mp = max(t.mean(), FLOOR), max(paper_value(key, "iter_mean"), FLOOR)
        se_i = math.hypot(t.std(ddof=1) / math.sqrt(t.size) / mo,
                          _paper_sd(paper_value(key, "iter_ci95")) / math.sqrt(PAPER_RUNS) / mp)
        ln = g.loc[g["solved"].astype(bool), "length"].to_numpy(dtype=float)
        if ln.size >= 2:
            pl = paper_value(key, "length_mean")
            r_l = math.log(ln.mean() / pl)
            se_l = math.hypot(ln.std(ddof=1) / math.sqrt(ln.size) / ln.mean(),
                              _paper_sd(paper_value(key, "length_ci95"))
                              / math.sqrt(PAPER_RUNS) / pl)
        else:
            r_l, se_l = np.nan, np.nan
        rows.append({"instance": key, "iter_log_ratio": math.log(mo / mp), "iter_se": se_i,
                     "len_log_ratio": r_l, "len_se": se_l})
    return pd.DataFrame(rows)


def _weighted(r: np.ndarray, se: np.ndarray) -> tuple[float, float]:
    """Random-effects weighted mean and its standard error (DerSimonian-Laird).

    Each instance's weight is 1 / (se_i^2 + tau^2), tau^2 the between-instance variance of
    the log ratios beyond their sampling error: an instance whose runs happen to have no
    spread (B1: every run at 0 tournaments) cannot outweigh the others. Standard errors are
    floored at :data:`SE_FLOOR`.
    """
    keep = np.isfinite(r) & np.isfinite(se)
    if not keep.any():
        raise ValueError("no instance with a finite log ratio and standard error")
    x, v = r[keep], np.maximum(se[keep], SE_FLOOR) ** 2
    w = 1.0 / v
    fixed = (w * x).sum() / w.sum()
    q = float((w * (x - fixed) ** 2).sum())
    tau2 = max(0.0, (q - (x.size - 1)) / (w.sum() - (w * w).sum() / w.sum()))
    w = 1.0 / (v + tau2)
    return float((w * x).sum() / w.sum()), float(1.0 / math.sqrt(w.sum()))


def fit(runs: pd.DataFrame, excluded: Sequence[str] = ()) -> dict:
    """The weighted fit of one setting's runs without ``excluded`` instances."""
    per = instance_ratios(runs[~runs["instance"].isin(list(excluded))])
    i, i_se = _weighted(per["iter_log_ratio"].to_numpy(), per["iter_se"].to_numpy())
    ln, l_se = _weighted(per["len_log_ratio"].to_numpy(), per["len_se"].to_numpy())
    score = math.hypot(i, ln)
    score_se = math.hypot(i * i_se, ln * l_se) / score if score > 0 else math.hypot(i_se, l_se)
    return {"iter_log_ratio": round(i, 4), "iter_se": round(i_se, 4),
            "len_log_ratio": round(ln, 4), "len_se": round(l_se, 4), "score": round(score, 4),
            "score_se": round(score_se, 4)}


def calibration_table(runs: pd.DataFrame, excluded: Sequence[str] = (),
                      default: tuple[str, int, int] | None = None) -> pd.DataFrame:
    """One row per setting (:data:`COLUMNS`): the weighted fit, its rank, which settings are
    indistinguishable from the best, the chosen (best) one and ``default``, the setting the
    notebook's runs use."""
    rows = []
    for (r, T, m), g in runs.groupby(["reading", "tournament", "mutations"], sort=False):
        rows.append({"reading": r, "tournament": int(T), "mutations": int(m),
                     **fit(g, excluded), "excluded": ";".join(excluded)})
    df = pd.DataFrame(rows)
    df["rank"] = df["score"].rank(method="min").astype(int)
    best = df.loc[df["score"].idxmin()]
    gap = df["score"] - best["score"]
    df["indistinguishable"] = gap < Z * np.hypot(df["score_se"], best["score_se"])
    df["chosen"] = False
    df.loc[df["score"].idxmin(), "chosen"] = True
    df["default"] = [(r, t, m) == default for r, t, m in
                     zip(df["reading"], df["tournament"], df["mutations"], strict=True)]
    return df[COLUMNS]


def chosen(table: pd.DataFrame) -> tuple[str, int, int]:
    """(reading, tournament, mutations) of the row marked chosen."""
    row = table[table["chosen"]]
    if len(row) != 1:
        raise ValueError(f"the table must mark exactly one row chosen, got {len(row)}")
    r = row.iloc[0]
    return str(r.reading), int(r.tournament), int(r.mutations)


# --- every table cell under the top settings --------------------------------------------------


def _cell_evidence(g: pd.DataFrame, key: str, what: str) -> V.Evidence:
    """One table cell of one setting's runs by the ledger's rule and margins."""
    if what == "iter":
        t = g["tournaments"].to_numpy(dtype=float)
        pm = paper_value(key, "iter_mean")
        margin = MARGINS.near_zero if pm <= 1 or t.mean() == 0 else MARGINS.iterations
        paper = V.Sample(pm, PAPER_RUNS, paper_sd(paper_value(key, "iter_ci95")))
        return V.estimate(V.Sample.of(t), paper, margin)
    ln = g.loc[g["solved"].astype(bool), "length"].to_numpy(dtype=float)
    if ln.size < 2:
        return V.not_comparable(f"{ln.size} solving runs", "none: fewer than two solving runs",
                                kind="estimate")
    paper = V.Sample(paper_value(key, "length_mean"), PAPER_RUNS,
                     paper_sd(paper_value(key, "length_ci95")))
    return V.estimate(V.Sample.of(ln), paper, MARGINS.length)


TOP = 4  # the settings whose verdicts the sensitivity table and the ledger's readings show


def top_settings(table: pd.DataFrame, k: int = TOP) -> list[tuple[str, int, int]]:
    """The ``k`` best settings of a calibration table, best first (ties by reading)."""
    best = table.sort_values(["score", "reading"]).head(k)
    return [(str(r), int(t), int(m)) for r, t, m in
            best[["reading", "tournament", "mutations"]].itertuples(index=False)]


def setting_name(reading: str, tournament: int, mutations: int) -> str:
    """A setting as a column name, e.g. ``jumps_free T4 m1``."""
    return f"{reading} T{tournament} m{mutations}"


def sensitivity(runs: pd.DataFrame, top: Sequence[tuple[str, int, int]]) -> pd.DataFrame:
    """Every table cell's verdict (Tables I-VI, iterations and lengths) under each setting in
    ``top``: one ledger per setting, decided by the engine with Holm over its cells."""
    out: dict[str, dict[str, str]] = {}
    for setting in top:
        g = runs[(runs["reading"] == setting[0]) & (runs["tournament"] == setting[1])
                 & (runs["mutations"] == setting[2])]
        if g.empty:
            raise ValueError(f"no runs of setting {setting}")
        led = Ledger("sensitivity")
        for key, h in g.groupby("instance", sort=False):
            for what in ("iter", "len"):
                led.add(f"{key}-{what}", "sensitivity", f"{key} {what}",
                        _cell_evidence(h, key, what), why="decided by the engine",
                        paper=paper_value(key, f"{'iter' if what == 'iter' else 'length'}_mean"))
        out[setting_name(*setting)] = dict(zip(led.frame()["id"], led.frame()["verdict"],
                                               strict=True))
    df = pd.DataFrame(out)
    df.index.name = "cell"
    return df.reset_index()


def experiment_tasks(budget, root: int) -> list[CalTask]:
    """The ``calibration_runs`` experiment's tasks from the notebook's budget (``runs``,
    ``N``): every setting on all 28 instances."""
    return cal_tasks(budget.runs, budget.N, root)


def _say(reading: str, tournament: int, mutations: int) -> str:
    """A setting in words, e.g. ``"jumps free", tournament 4, 1 mutation``."""
    return (f'"{reading.replace("_", " ")}", tournament {tournament}, {mutations} '
            f"mutation{'s' if mutations != 1 else ''}")


def _signed(x: float) -> str:
    """``x`` to two decimals with its sign, a rounded zero as ``0.00``."""
    s = f"{x:+.2f}"
    return "0.00" if s in ("+0.00", "-0.00") else s


def highlight(table: pd.DataFrame) -> str:
    """The README's clockwork highlight from the calibration table (:data:`COLUMNS`: the
    committed ``calibration.csv`` joined with ``calibration_ranking.csv``)."""
    best = table[table["chosen"]].iloc[0]
    default = table[table["default"]].iloc[0]
    out = best["excluded"].split(";")
    where = ("it is the notebook's default" if bool(default["chosen"]) else
             f"the notebook's default, {_say(*chosen(table.assign(chosen=table['default'])))}, "
             f"ranks {int(default['rank'])}")
    return (f"fitted without the instances whose paper values our reading cannot produce "
            f"({', '.join(out[:-1])} and {out[-1]}), "
            f"each instance weighted by its standard error, the DWP setting that fits the "
            f"paper best among {len(table)} (read-limit reading x tournament size x mutations) "
            f"is {_say(*chosen(table))}: mean log-ratio ours/paper "
            f"{_signed(best['iter_log_ratio'])} for iterations and "
            f"{_signed(best['len_log_ratio'])} for solution lengths (`calibration.csv`); "
            f"{int(table['indistinguishable'].sum())} of the {len(table)} settings are within "
            f"1.96 standard errors of it (`calibration_ranking.csv`); {where}.")
