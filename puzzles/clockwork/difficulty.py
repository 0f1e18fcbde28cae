"""A difficulty model that ranks instances within a family, and a generator built on it.

Features (per instance, exact where the state space allows): the sweep's size features
(:data:`puzzles.clockwork.sweep.FEATURES`: log reachable states, optimum, log number of optimal
strings, solvable fraction, number of actions, n, c) and, new here, the structure of the start:

* ``fitness_share``: the start's DWP fitness over its maximum n (c - 1) (how far the lights
  are from the goal);
* ``useful_share``: the share of actions that bring the start one move closer to the goal
  (BFS distances of the start's neighbours);
* ``log_order``: mean log2 of the actions' orders (how long an action takes to come back:
  the alternator structure a ring must find);
* ``pilot_log_t``: the EA's own early progress: log(1 + mean tournaments) of ``PILOT_RUNS``
  short runs (budget ``PILOT_N``, failures at the budget), seeded ``derive_seed(root,
  "pilot", name, r)`` (never the seeds of the runs being predicted).

Outcome: log(1 + Kaplan-Meier median tournaments) of the sweep's 50 runs per instance, right
censored where the median exceeds the sweep's budget (65 of 500 instances): the survival
models below keep them. Models: least squares on the uncensored instances (the notebook's
original model) and a log-normal accelerated-failure-time model (Tobit: uncensored instances
by the normal density, censored ones by its survival function) on every instance.

Validation: leave-one-(n, c)-group-out cross-validation (a model must predict sizes it never
saw) by Harrell's concordance index (censoring-aware) and R^2 over uncensored instances; on
the paper's instances (outcome: the KM median of our 200 stored runs at N = 20,000), the
concordance and Spearman's rho within each of the paper's families A-F.

Generator (:func:`generate`): random instances from the sweep's distribution, kept when the
model's predicted median falls in the requested band; each is checked by ``runs`` EA runs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import optimize
from scipy import stats as st

from puzzles.clockwork.budget import DATA_DIR
from puzzles.clockwork.dwp import DEFAULT, run_dwp
from puzzles.clockwork.experiments import lookup
from puzzles.clockwork.hitting import km_median
from puzzles.clockwork.instances import paper_instances
from puzzles.clockwork.model import Puzzle, action_str, apply, fitness, state_str
from puzzles.clockwork.search import shortest_solution
from puzzles.clockwork.sweep import FEATURES, design, features, random_puzzle
from puzzles.clockwork.theory import action_orders
from puzzles.core.paper import Task
from puzzles.core.seeding import derive_rng, derive_seed
from puzzles.core.storage import read_stored

PILOT_RUNS = 10
SWEEP_N = 5_000  # the stored sweep's budget of tournaments per run (random_instances.csv)
PILOT_N = 100
NEW_FEATURES = ["fitness_share", "useful_share", "log_order", "pilot_log_t"]
MODELS: dict[str, tuple[str, list[str]]] = {
    "size only (least squares)": ("ols", ["log_reachable"]),
    "size only (AFT)": ("aft", ["log_reachable"]),
    "exact features (least squares)": ("ols", FEATURES),
    "exact features (AFT)": ("aft", FEATURES),
    "exact + structure (AFT)": ("aft", FEATURES + NEW_FEATURES[:3]),
    "exact + structure + pilot (AFT)": ("aft", FEATURES + NEW_FEATURES),
    "structure + pilot, no size (AFT)": ("aft", NEW_FEATURES),
    "pilot only (AFT)": ("aft", ["pilot_log_t"]),
}
FAMILIES = {"A": ["A1", "A2", "A3", "A4", "A5"], "B": ["B1", "B2", "B3", "B4", "B5"],
            "C": ["C1", "C2", "C3", "C4", "C5", "C6"], "D": ["D1", "A5", "D2", "D3"],
            "E": ["E1", "E2", "E3", "E4", "E5"], "F": ["F1", "F2", "F3", "F4"]}
BANDS = {"easy": (0.0, 10.0), "medium": (10.0, 100.0), "hard": (100.0, 1000.0),
         "very hard": (1000.0, float(SWEEP_N))}


# --- features ---------------------------------------------------------------------------------


def useful_share(p: Puzzle, optimum: int) -> float:
    """Share of actions whose successor of the start is strictly closer to the goal."""
    closer = 0
    for a in p.actions:
        path = shortest_solution(p, start=apply(p.initial, a, p.n, p.c))
        closer += path is not None and len(path) < optimum
    return closer / len(p.actions)


def pilot(p: Puzzle, name: str, root: int, runs: int = PILOT_RUNS, N: int = PILOT_N) -> float:
    """log(1 + mean tournaments) of ``runs`` short EA runs (failures counted at ``N``)."""
    ea = DEFAULT.but(N=N)
    t = [run_dwp(p, derive_seed(root, "pilot", name, r), ea).tournaments for r in range(runs)]
    return math.log1p(float(np.mean(t)))


def structure(p: Puzzle, name: str, root: int, optimum: int) -> dict:
    """The new features of an instance (:data:`NEW_FEATURES`)."""
    orders = action_orders(p.actions, p.n, p.c)
    return {"fitness_share": fitness(p.initial, p.c) / (p.n * (p.c - 1)),
            "useful_share": useful_share(p, optimum),
            "log_order": float(np.mean(np.log2(orders))),
            "pilot_log_t": pilot(p, name, root)}


@dataclass(frozen=True)
class FeatureTask(Task):
    """The new features of random sweep instance ``id`` (seeded by ``root``)."""

    EXPERIMENT = "features"
    id: int


def feature_row(task: FeatureTask) -> dict:
    """The worker: one sweep instance's new features."""
    p = random_puzzle(task.root, task.id)
    optimum = len(shortest_solution(p) or [])
    return {"id": task.id, **structure(p, f"R{task.id}", task.root, optimum)}


def feature_tasks(instances: int, root: int) -> list[FeatureTask]:
    """One task per sweep instance."""
    return [FeatureTask(i, root=root) for i in range(instances)]


@dataclass(frozen=True)
class PaperStructureTask(Task):
    """The new features of one of the paper's instances."""

    EXPERIMENT = "paper-structure"
    instance: str


def paper_structure_row(task: PaperStructureTask) -> dict:
    """The worker: one paper instance's new features (its optimum by the exact search)."""
    p = lookup(task.instance)
    optimum = len(shortest_solution(p) or [])
    return {"instance": task.instance, **structure(p, task.instance, task.root, optimum)}


def paper_structure_tasks(budget, root: int) -> list[PaperStructureTask]:
    """One task per instance of Tables I-VI."""
    return [PaperStructureTask(k, root=root) for k in paper_instances()]


def paper_structure_table(tasks: Sequence[PaperStructureTask],
                          results: Sequence[dict]) -> pd.DataFrame:
    """One row of new features per paper instance."""
    return pd.DataFrame(list(results), columns=["instance", *NEW_FEATURES])


# --- outcome and models -----------------------------------------------------------------------


def outcome(medians: Sequence[float], budget: float) -> tuple[np.ndarray, np.ndarray]:
    """(log(1 + median), censored flag): an infinite median is censored at the budget."""
    m = np.asarray(medians, dtype=float)
    cens = ~np.isfinite(m)
    return np.log1p(np.where(cens, budget, m)), cens


def _design(X: np.ndarray) -> np.ndarray:
    return np.column_stack([np.ones(len(X)), X])


def fit_ols(X: np.ndarray, y: np.ndarray, cens: np.ndarray) -> np.ndarray:
    """Least squares on the uncensored rows (coefficients, intercept first)."""
    keep = ~cens
    return np.linalg.lstsq(_design(X[keep]), y[keep], rcond=None)[0]


def _nll(theta: np.ndarray, A: np.ndarray, y: np.ndarray, cens: np.ndarray) -> float:
    s = math.exp(theta[-1])
    z = (y - A @ theta[:-1]) / s
    return -float(np.sum(st.norm.logpdf(z[~cens]) - theta[-1]) + np.sum(st.norm.logsf(z[cens])))


def fit_aft(X: np.ndarray, y: np.ndarray, cens: np.ndarray) -> np.ndarray:
    """Log-normal accelerated failure time (Tobit) by maximum likelihood: coefficients,
    intercept first (the predicted log(1 + median) is their linear form)."""
    A = _design(X)
    start = np.linalg.lstsq(A, y, rcond=None)[0]
    resid = float(np.std(y - A @ start)) or 1.0
    res = optimize.minimize(_nll, np.append(start, math.log(resid)), args=(A, y, cens),
                            method="L-BFGS-B")
    return res.x[:-1]


def predict(beta: np.ndarray, X: np.ndarray) -> np.ndarray:
    """The model's predicted log(1 + median)."""
    return _design(X) @ beta


def concordance(y: np.ndarray, cens: np.ndarray, pred: np.ndarray) -> float:
    """Harrell's C: among pairs where the shorter time is observed, the share the prediction
    orders the same way (ties in the prediction count one half)."""
    yi, yj = y[:, None], y[None, :]
    comparable = (yi < yj) & ~cens[:, None]
    pi, pj = pred[:, None], pred[None, :]
    agree = np.where(pi < pj, 1.0, np.where(pi == pj, 0.5, 0.0))
    n = comparable.sum()
    if n == 0:
        raise ValueError("no comparable pair: every shorter time is censored")
    return float((agree * comparable).sum() / n)


def r2(y: np.ndarray, pred: np.ndarray) -> float:
    """1 - SSE / SST."""
    return float(1 - np.sum((y - pred) ** 2) / np.sum((y - y.mean()) ** 2))


@dataclass(frozen=True)
class Fitted:
    """A model fitted on standardised features."""

    name: str
    method: str
    features: tuple[str, ...]
    mu: np.ndarray
    sd: np.ndarray
    beta: np.ndarray

    def predict(self, frame: pd.DataFrame) -> np.ndarray:
        """Predicted log(1 + median) for rows of ``frame`` (NaN where a feature is missing)."""
        X = (frame[list(self.features)].to_numpy(dtype=float) - self.mu) / self.sd
        return predict(self.beta, X)


def fit(name: str, frame: pd.DataFrame, y: np.ndarray, cens: np.ndarray) -> Fitted:
    """Fit model ``name`` (:data:`MODELS`) on ``frame``'s rows."""
    if name not in MODELS:
        raise ValueError(f"unknown model {name!r}; known: {', '.join(MODELS)}")
    method, cols = MODELS[name]
    X = frame[cols].to_numpy(dtype=float)
    mu, sd = X.mean(0), X.std(0)
    sd[sd == 0] = 1.0
    fn = fit_ols if method == "ols" else fit_aft
    return Fitted(name, method, tuple(cols), mu, sd, fn((X - mu) / sd, y, cens))


def grouped_cv(name: str, frame: pd.DataFrame, y: np.ndarray, cens: np.ndarray,
               groups: Sequence[object]) -> np.ndarray:
    """Out-of-group predictions: each (n, c) group predicted by a model fitted without it."""
    g = np.asarray([str(x) for x in groups])
    pred = np.empty(len(y))
    for label in np.unique(g):
        te = g == label
        pred[te] = fit(name, frame[~te], y[~te], cens[~te]).predict(frame[te])
    return pred


def within_family(paper: pd.DataFrame, pred: np.ndarray) -> dict[str, float]:
    """Spearman's rho of predicted and measured medians within each family A-F (NaN where
    fewer than three instances have both; 0 where the model predicts them all alike)."""
    by = dict(zip(paper["instance"], zip(pred, paper["median_tournaments"], strict=True),
                  strict=True))
    out = {}
    for fam, names in FAMILIES.items():
        pairs = [by[k] for k in names if k in by and np.isfinite(by[k][0])]
        p = np.array([a for a, _ in pairs])
        t = np.array([min(b, 1e9) for _, b in pairs])
        if len(pairs) < 3 or np.ptp(t) == 0:
            out[f"rho_{fam}"] = np.nan
        else:  # one prediction for every instance ranks nothing: rho 0
            out[f"rho_{fam}"] = float(st.spearmanr(p, t).statistic) if np.ptp(p) > 0 else 0.0
    return out


def _paper_metrics(model: Fitted, paper: pd.DataFrame, budget: float) -> dict:
    pred = model.predict(paper)
    have = np.isfinite(pred)
    y, cens = outcome(paper["median_tournaments"], budget)
    fam = within_family(paper, pred)
    rhos = [v for v in fam.values() if np.isfinite(v)]
    unc = have & ~cens
    return {"paper_instances": int(have.sum()),
            "paper_cindex": round(concordance(y[have], cens[have], pred[have]), 4),
            "paper_r2": round(r2(y[unc], pred[unc]), 4),
            **{k: round(v, 4) for k, v in fam.items()},
            "rho_within_mean": round(float(np.mean(rhos)), 4) if rhos else np.nan}


def evaluate(sweep: pd.DataFrame, paper: pd.DataFrame, paper_budget: float) -> pd.DataFrame:
    """One row per model of :data:`MODELS`: grouped-CV and paper metrics."""
    y, cens = outcome(sweep["median_tournaments"], SWEEP_N)
    groups = list(zip(sweep["n"], sweep["c"], strict=True))
    rows = []
    for name, (method, cols) in MODELS.items():
        cv = grouped_cv(name, sweep, y, cens, groups)
        model = fit(name, sweep, y, cens)
        rows.append({"model": name, "method": method, "features": " ".join(cols),
                     "instances": len(y), "censored": int(cens.sum()),
                     "censored_used": int(cens.sum()) if method == "aft" else 0,
                     "cv_groups": len(set(groups)),
                     "cv_cindex": round(concordance(y, cens, cv), 4),
                     "cv_r2": round(r2(y[~cens], cv[~cens]), 4),
                     **_paper_metrics(model, paper, paper_budget)})
    return pd.DataFrame(rows)


def sweep_frame(stored: pd.DataFrame, new: pd.DataFrame) -> pd.DataFrame:
    """The sweep's stored rows with their design features and the new features."""
    merged = stored.merge(new, on="id", how="inner", validate="one_to_one")
    return merged.assign(**design(merged))


def paper_frame(base: pd.DataFrame, new: pd.DataFrame) -> pd.DataFrame:
    """The paper's instances (``sweep.paper_features`` rows) with the new features."""
    merged = base.merge(new, on="instance", how="inner", validate="one_to_one")
    # An optimum not searched (smoke scale: C6, D3) is NaN, so those rows predict NaN.
    merged["shortest"] = merged["shortest"].to_numpy(dtype=float, na_value=np.nan)
    return merged.assign(**design(merged))


# --- generator --------------------------------------------------------------------------------


@dataclass(frozen=True)
class GenTask(Task):
    """Candidate ``j`` of the generator's stream for one difficulty band."""

    EXPERIMENT = "generate"
    band: str
    j: int


def candidate(task: GenTask) -> tuple[Puzzle, pd.Series]:
    """A random sweep-distribution instance of the band's stream, with every feature."""
    seed = int(derive_rng(task.root, "generate", task.band, task.j).integers(2**31))
    p = random_puzzle(seed, 0)
    exact = features(p)
    row = pd.DataFrame([{"n": p.n, "c": p.c,
                         "actions": ";".join(action_str(a) for a in p.actions), **exact,
                         **structure(p, f"G{task.band}{task.j}", task.root, exact["shortest"])}])
    return p, row.assign(**design(row)).iloc[0]


def generate(model: Fitted, band: str, count: int, root: int, max_tries: int = 2000
             ) -> list[tuple[Puzzle, float]]:
    """``count`` instances whose predicted median lies in ``band`` (:data:`BANDS`), with
    their predicted medians, from the band's seeded stream of candidates."""
    if band not in BANDS:
        raise ValueError(f"unknown band {band!r}; known: {', '.join(BANDS)}")
    lo, hi = BANDS[band]
    out: list[tuple[Puzzle, float]] = []
    for j in range(max_tries):
        p, row = candidate(GenTask(band, j, root=root))
        pred = float(np.expm1(model.predict(pd.DataFrame([row]))[0]))
        if lo <= pred < hi:
            out.append((p, pred))
            if len(out) == count:
                return out
    raise ValueError(f"only {len(out)} of {count} instances in band {band!r} after "
                     f"{max_tries} candidates")


def check_generated(p: Puzzle, tag: str, runs: int, N: int, root: int) -> float:
    """KM median tournaments of ``runs`` EA runs of a generated instance."""
    ea = DEFAULT.but(N=N)
    res = [run_dwp(p, derive_seed(root, "generated", tag, r), ea) for r in range(runs)]
    return km_median([r.tournaments for r in res], [r.solved for r in res])


GENERATED_COLUMNS = ["band", "predicted", "instance", "median_tournaments"]


def stored_sweep() -> pd.DataFrame:
    """The stored sweep (``data/random_instances.csv``) with the new features
    (``data/instance_features.csv``, the ``features`` experiment)."""
    return sweep_frame(read_stored(DATA_DIR / "random_instances.csv"),
                       read_stored(DATA_DIR / "instance_features.csv"))


def best_model(table: pd.DataFrame, sweep: pd.DataFrame) -> Fitted:
    """The model with the best grouped-CV concordance (chosen on the sweep alone, never on
    the paper's instances), fitted on every sweep instance."""
    name = str(table.loc[table["cv_cindex"].idxmax(), "model"])
    y, cens = outcome(sweep["median_tournaments"], SWEEP_N)
    return fit(name, sweep, y, cens)


@dataclass(frozen=True)
class BandTask(Task):
    """``count`` generated instances of one band, each checked by ``runs`` EA runs."""

    EXPERIMENT = "generated"
    band: str
    count: int
    runs: int
    N: int
    model: str


def band_rows(task: BandTask) -> list[dict]:
    """The worker: the band's instances (:data:`GENERATED_COLUMNS`)."""
    sweep = stored_sweep()
    y, cens = outcome(sweep["median_tournaments"], SWEEP_N)
    model = fit(task.model, sweep, y, cens)
    rows = []
    for j, (p, pred) in enumerate(generate(model, task.band, task.count, task.root)):
        median = check_generated(p, f"{task.band}-{j}", task.runs, task.N, task.root)
        rows.append({"band": task.band, "predicted": round(pred, 2),
                     "instance": f"n={p.n} c={p.c} {state_str(p.initial)} "
                                 + ";".join(action_str(a) for a in p.actions),
                     "median_tournaments": median})
    return rows


def features_table(tasks: Sequence[FeatureTask], results: Sequence[dict]) -> pd.DataFrame:
    """The ``features`` experiment's table: one row of new features per sweep instance."""
    return pd.DataFrame(list(results), columns=["id", *NEW_FEATURES])


def features_experiment_tasks(budget, root: int) -> list[FeatureTask]:
    """The ``features`` experiment's tasks: every sweep instance (``sweep_instances``)."""
    return feature_tasks(budget.sweep_instances, root)


def generated_table(tasks: Sequence[BandTask], results: Sequence[list[dict]]) -> pd.DataFrame:
    """The ``generated`` experiment's table (:data:`GENERATED_COLUMNS`)."""
    return pd.DataFrame([r for rows in results for r in rows], columns=GENERATED_COLUMNS)


def generated_experiment_tasks(budget, root: int, model: str) -> list[BandTask]:
    """One task per band: ``generated_count`` instances, ``generated_runs`` runs each at the
    sweep's budget, generated with ``model`` (the best by grouped CV, :func:`best_model`)."""
    return [BandTask(b, budget.generated_count, budget.generated_runs, SWEEP_N, model,
                     root=root) for b in BANDS]


def best_by_cv(sweep: pd.DataFrame) -> str:
    """The model of :data:`MODELS` with the best leave-one-(n, c)-out concordance."""
    y, cens = outcome(sweep["median_tournaments"], SWEEP_N)
    groups = list(zip(sweep["n"], sweep["c"], strict=True))
    scores = {name: concordance(y, cens, grouped_cv(name, sweep, y, cens, groups))
              for name in MODELS}
    return max(scores, key=scores.__getitem__)


def generated_tasks(budget, root: int) -> list[BandTask]:
    """The ``generated`` experiment: the generator runs the model chosen by grouped CV on the
    stored sweep (:func:`best_by_cv`)."""
    return generated_experiment_tasks(budget, root, best_by_cv(stored_sweep()))
