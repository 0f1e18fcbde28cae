"""Notebook 01's reproduction ledger: every claim of the clockwork paper's inventory
(``paper_claims.csv``), each decided by a rule of the one verdict engine
(:mod:`puzzles.core.verdicts`) after Holm's correction over the whole notebook.

This module only gathers evidence: for each claim it picks the data, the rule of the claim's
kind and the margin below, and hands the evidence to :meth:`puzzles.core.claims.Ledger.add`.
It decides nothing itself.

* Table cells (mean tournaments and mean solving length of each instance, Tables I-VI) are
  ``estimate`` rows, two samples: our 20 runs (``runs.csv``, the notebook's experiment) against
  the paper's 20 runs, whose printed ``±`` is read as what the tables call it, a 95% confidence
  half-width (Student-t, 19 degrees of freedom): sd = half-width x sqrt(20) / t(0.975, 19).
  Each cell is also decided under every other reading of what the read limit counts (the
  calibration's runs with the same seeds, ``data/reading_runs.csv``) and of how failed runs
  enter the mean, and, where the instance's text has another reading, under that one.
* Orderings ("B harder than A") are one-sided rank tests on 200 independent runs per instance
  (``data/ordering_runs.csv``), failed runs censored at the common budget N = 20,000
  tournaments (tied there), so both sides always have the same budget.
* The algebraic statements are checked exhaustively on small puzzles (:mod:`theory`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd
from scipy import stats

from puzzles.clockwork.dwp import DEFAULT, READINGS
from puzzles.clockwork.hitting import censored_times, hitting_summary, km_median
from puzzles.clockwork.instances import C4_INDEX, table_rows
from puzzles.clockwork.paper import PAPER
from puzzles.clockwork.reference import (
    figure_state,
    paper_value,
    printed,
    protocol,
    q_values,
    reachable,
)
from puzzles.clockwork.refit import top_settings
from puzzles.clockwork.theory import Facts
from puzzles.core import verdicts as V
from puzzles.core.claims import Ledger, fmt, inventory
from puzzles.core.verdicts import Evidence, Margin, Sample

STEM = PAPER.stem
PACKAGE = "puzzles.clockwork"
N = protocol()["N"]
PAPER_RUNS = protocol()["runs"]


@dataclass(frozen=True)
class Margins:
    """The equivalence margins of this notebook, stated once (each row prints its own).

    * ``iterations``: +-0.2 in log(ours / paper's) mean tournaments, a factor of 1.22 either
      way. Tournament counts are heavy-tailed (a few runs stall for thousands), so the ratio,
      not the difference, is the scale on which two EAs agree; 0.2 is well under the smallest
      ratio the paper reads as a difficulty effect (B3 over A3: 69.3 / 42.1 = 1.65, log 0.50;
      F3 over F1: 1.59, log 0.46).
    * ``near_zero``: +-1 tournament, for cells whose paper mean is at most one tournament (A1,
      B1, C1, D1: the random population solves in most runs) or where our mean is 0 (C4 under
      our reading). A log ratio is impossible at 0 and meaningless near it (one run at 10
      tournaments moves a 20-run mean by 0.5); one tournament is the count's own unit.
    * ``length``: +-5 actions in mean solving length. Lengths are bounded (the optimum below,
      the read limit L = 200 above) and not heavy-tailed, so a difference; 5 actions is about a
      tenth of a typical solving string (35-55 actions).
    * ``rate``: +-5 percentage points for counts of successful runs.
    * ``rank``: a Spearman rho of at least 0.5 for "ranks like" claims (the engine's default).
    """

    iterations: Margin = field(default_factory=lambda: Margin.log_ratio(0.2))
    near_zero: Margin = field(default_factory=lambda: Margin.difference(1, "tournaments"))
    length: Margin = field(default_factory=lambda: Margin.difference(5, "actions"))
    rate: Margin = field(default_factory=lambda: Margin.rate(5))
    rank: float = 0.5


MARGINS = Margins()

READING_NAMES = {"skips_free": "skips free", "every_read": "every read",
                 "actions_only": "actions only", "jumps_free": "jumps free"}
HEADLINE = READING_NAMES[DEFAULT.reading]
OTHER_READINGS = tuple(r for r in READINGS if r != DEFAULT.reading)


def margins_table(m: Margins = MARGINS) -> pd.DataFrame:
    """The margins as the notebook shows them."""
    return pd.DataFrame([
        {"quantity": "mean tournaments (Tables I-VI)", "margin": m.iterations.text,
         "where": "every iteration cell except those below",
         "why": "heavy-tailed counts agree on a ratio; a factor of 1.22, under the smallest "
                "ratio the paper reads as a difficulty effect (B3/A3 = 1.65)"},
        {"quantity": "mean tournaments near 0", "margin": m.near_zero.text,
         "where": "A1, B1, C1, D1 (paper's mean <= 1) and C4 (our mean 0)",
         "why": "no log ratio at 0; one tournament is the count's unit"},
        {"quantity": "mean solving length", "margin": m.length.text,
         "where": "every length cell",
         "why": "bounded, not heavy-tailed: a difference; about a tenth of a typical string"},
        {"quantity": "share of successful runs", "margin": m.rate.text,
         "where": "TI-all-quick, C-first-failures", "why": "a conventional rate margin"},
        {"quantity": "rank correlation", "margin": f"rho >= {m.rank:g}",
         "where": "V-ranking, IV-length-supports, VI-reach-length",
         "why": "'ranks like' needs a strong correlation, not only a significant one"},
    ])


@dataclass(frozen=True)
class Data:
    """Everything the ledger reads (each from a committed file or a package function)."""

    results: pd.DataFrame        # figures/01_clockwork/results.csv (exact facts, summaries)
    runs: pd.DataFrame           # figures/01_clockwork/runs.csv: 20 runs per instance
    reading_runs: pd.DataFrame   # data/reading_runs.csv: the same seeds, other readings
    variant_runs: pd.DataFrame   # runs of the C2/C3/C4 readings (experiments.variant_runs)
    readings: pd.DataFrame       # figures/01_clockwork/readings.csv
    b5_runs: pd.DataFrame        # runs of B5 from A5's state (first 20: the table's seeds)
    ordruns: pd.DataFrame        # data/ordering_runs.csv: 200 runs per instance
    fig12: Sequence[str]         # Figs. 1-2 states as text
    e_table: pd.DataFrame        # figures/01_clockwork/e_reachable.csv
    example3: Mapping[str, int]  # examples.example3_analysis() facts
    calibration: pd.DataFrame    # data/calibration.csv
    random_instances: pd.DataFrame
    patterns: pd.DataFrame       # experiments.string_patterns(runs, ...)
    theory: Facts                # theory.check_all()
    fig4: pd.DataFrame           # examples.fig4_trace()
    fig5: Mapping[str, object]   # examples.fig5_example(SEED)
    model: pd.DataFrame | None = None
    sweep_rows: int | None = None
    states: pd.DataFrame | None = None    # data/states.csv: noisy instances over many states
    lengths: pd.DataFrame | None = None   # lengths.csv: the two length hypotheses per instance
    refit: pd.DataFrame | None = None     # calibration.csv: the weighted calibration
    cal_runs: pd.DataFrame | None = None  # data/calibration_runs.csv: every setting's runs


@dataclass
class Row:
    """One row's evidence before it goes into the ledger (claim text from the inventory)."""

    evidence: Evidence
    paper: str = ""
    why: str = ""
    reading: str = ""
    readings: dict[str, Evidence] = field(default_factory=dict)


# --- helpers --------------------------------------------------------------------------------


def _label(ev: Evidence, ours: str | None = None, test: str = "") -> Evidence:
    """The same evidence with its shown quantity named and a note added to its test text
    (display only: p, margin and verdict are the rule's)."""
    return replace(ev, ours=ev.ours if ours is None else ours,
                   test=ev.test + (f"; {test}" if test else ""))


def paper_sd(half_width: float, n: int = PAPER_RUNS) -> float:
    """The sd behind a Student-t 95% half-width over n runs."""
    return half_width * math.sqrt(n) / float(stats.t.ppf(0.975, n - 1))


def _km(o: pd.DataFrame, keys: Sequence[str]) -> str:
    g = o[o["instance"].isin(list(keys))]
    m = km_median(g["tournaments"], g["solved"])
    return f"> {N}" if not np.isfinite(m) else fmt(m)


def _times(o: pd.DataFrame, keys: Sequence[str]) -> np.ndarray:
    return np.concatenate([censored_times(o, k, N) for k in keys])


def _solved(o: pd.DataFrame, keys: Sequence[str]) -> tuple[int, int]:
    g = o[o["instance"].isin(list(keys))]
    return int(g["solved"].sum()), len(g)


def _names(keys: Sequence[str]) -> str:
    """Instances as a short list: runs of one set written A1-A5."""
    parts, i = [], 0
    while i < len(keys):
        j = i
        while (j + 1 < len(keys) and keys[j + 1][0] == keys[i][0]
               and keys[j + 1][1:].isdigit() and keys[j][1:].isdigit()
               and int(keys[j + 1][1:]) == int(keys[j][1:]) + 1):
            j += 1
        parts.append(keys[i] if j - i < 2 else f"{keys[i]}-{keys[j]}")
        if 0 < j - i < 2:
            parts.extend(keys[i + 1:j + 1])
        i = j + 1
    return "+".join(parts)


def _order(o: pd.DataFrame, low: Sequence[str], high: Sequence[str]) -> Evidence:
    """"low easier than high": one-sided Mann-Whitney on independent runs, failures at N."""
    ev = V.ordering(_times(o, low), _times(o, high), paired=False)
    (sl, nl), (sh, nh) = _solved(o, low), _solved(o, high)
    return _label(ev, f"KM median {_km(o, low)} vs {_km(o, high)} tournaments ({_names(low)} "
                  f"vs {_names(high)}; solved {sl}/{nl} vs {sh}/{nh})",
                  f"both sides at N = {N} tournaments, failed runs censored (tied) at N")


def _weakest(parts: Sequence[tuple[str, Evidence]]) -> Evidence:
    """The claim needs every part: the engine's intersection-union rule picks the part least in
    its favour, and the row names it."""
    label, ev = V.weakest(dict(parts))
    return _label(ev, f"{ev.ours} [weakest of {len(parts)}: {label}]",
                  f"the weakest of {len(parts)} comparisons ({label}): the claim needs all")


def _printed(keys: Sequence[str], field_index: int = 0) -> str:
    return ", ".join(printed(k)[field_index] for k in keys)


def _paper_means(low: Sequence[str], high: Sequence[str]) -> str:
    return f"{_names(low)} {_printed(low)} vs {_names(high)} {_printed(high)}"


# --- Tables I-VI ----------------------------------------------------------------------------


def _samples(d: Data, key: str) -> dict[str, pd.DataFrame | None]:
    """Our runs of an instance under each reading, the headline first (None: the reading
    makes the instance unsolvable, so there is nothing to run)."""
    out: dict[str, pd.DataFrame | None] = {HEADLINE: d.runs[d.runs["instance"] == key]}
    rr = d.reading_runs
    for r in OTHER_READINGS:
        out[READING_NAMES[r]] = rr[(rr["reading"] == r) & (rr["instance"] == key)]
    v = d.variant_runs
    if key == "C2":
        out["C2 odd lights (1-based even)"] = v[v["instance"] == "C2 odd 0-based (1,3,..)"]
    if key == "C3":
        out["C3 without light 0"] = None
    if key == "C4":
        out["C4 light 6 (1-based seventh)"] = None
    return out


def _top_samples(d: Data, key: str) -> dict[str, pd.DataFrame]:
    """Our runs of an instance under each of the weighted calibration's top settings whose T
    and m differ from the default's (those at the default's T and m are the readings of the
    read limit above), labelled e.g. ``jumps free, T = 7, m = 1``."""
    if d.refit is None or d.cal_runs is None:
        return {}
    c = d.cal_runs
    out: dict[str, pd.DataFrame] = {}
    for r, t, m in top_settings(d.refit):
        if (t, m) != (DEFAULT.tournament, DEFAULT.mutations):
            out[f"{READING_NAMES[r]}, T = {t}, m = {m}"] = c[
                (c["reading"] == r) & (c["tournament"] == t) & (c["mutations"] == m)
                & (c["instance"] == key)]
    return out


def _iter_values(g: pd.DataFrame, failures: bool = True) -> np.ndarray:
    t = g["tournaments"].astype(float)
    return (t if failures else t[g["solved"].astype(bool)]).to_numpy()


def _length_values(g: pd.DataFrame, failures_as_zero: bool = False) -> np.ndarray:
    if failures_as_zero:
        return np.where(g["solved"].astype(bool), g["length"].fillna(0), 0.0).astype(float)
    return g.loc[g["solved"].astype(bool), "length"].astype(float).to_numpy()


def _iter_ev(values: np.ndarray, of: int, paper: Sample, margin: Margin, what: str) -> Evidence:
    if values.size == 0:
        return V.not_comparable(f"no run of {of} solved", "none: nothing to average",
                                kind="estimate")
    ev = V.estimate(Sample.of(values), paper, margin)
    return _label(ev, f"{_num(float(values.mean()))}: {what}")


def _length_ev(values: np.ndarray, of: int, paper: Sample, what: str) -> Evidence:
    if values.size < 2:
        return V.not_comparable(f"{values.size} solving runs of {of}",
                                "none: fewer than two solving runs", kind="estimate")
    ev = V.estimate(Sample.of(values), paper, MARGINS.length)
    return _label(ev, f"{_num(float(values.mean()))}: {what}")


def _sd_note(half: float, sd: float) -> str:
    return (f"the paper's ±{fmt(half)} read as a Student-t 95% half-width over its 20 runs: "
            f"sd {fmt(sd)}")


def _at0(g: pd.DataFrame) -> int:
    return int(((g["tournaments"] == 0) & g["solved"].astype(bool)).sum())


def _num(x: float) -> str:
    """A run statistic as text: whole numbers from 100 up, else four significant figures."""
    return f"{x:.0f}" if abs(x) >= 100 else fmt(x)


def _range_text(values: Sequence[float]) -> str:
    vals = [float(v) for v in values if np.isfinite(v)]
    if not vals:
        return "none solved"
    return f"{_num(min(vals))}-{_num(max(vals))}" if min(vals) != max(vals) else _num(vals[0])


@dataclass(frozen=True)
class Cell:
    """What both cells of one table row read: the instance, our runs under each reading (the
    headline reading's in ``head``), its 200-run set and its optimum."""

    key: str
    samples: dict[str, pd.DataFrame | None]
    head: pd.DataFrame
    g200: pd.DataFrame
    short: object

    @property
    def n(self) -> int:
        """Our headline runs."""
        return len(self.head)

    @property
    def fails(self) -> int:
        """Our headline runs that hit N."""
        return self.n - int(self.head["solved"].sum())


def _length_ratios(d: Data) -> dict[str, float]:
    """Our mean lengths over the paper's (geometric mean over the instances) per reading of
    the read limit, at the default T and m (calibration.csv)."""
    cal = d.calibration[(d.calibration["tournament"] == DEFAULT.tournament)
                        & (d.calibration["mutations"] == DEFAULT.mutations)
                        ].set_index("reading")
    return {READING_NAMES[r]: math.exp(cal.at[r, "len_log_ratio"]) for r in READINGS}


def _unsolvable() -> Evidence:
    return V.not_comparable("unsolvable under this reading", "exact: no goal reachable",
                            kind="estimate")


def _iter_margin(d: Data, cell: Cell, paper_mean: float) -> Margin:
    """The near-zero margin when the paper's mean or any mean the row compares with it (every
    reading, every top setting, our solving runs alone) is at most 1 or 0 (a log ratio has no
    value at 0: smoke's few runs can solve only at tournament 0); the iterations margin
    otherwise."""
    groups = [*cell.samples.values(), *_top_samples(d, cell.key).values()]
    means = [float(g["tournaments"].mean()) for g in groups if g is not None and len(g)]
    solving = cell.head.loc[cell.head["solved"].astype(bool), "tournaments"]
    if cell.fails and len(solving):
        means.append(float(solving.mean()))
    return MARGINS.near_zero if paper_mean <= 1 or min(means) == 0 else MARGINS.iterations


def _iter_row(d: Data, cell: Cell) -> Row:
    """The iteration cell of one table row, under every reading."""
    key, head, n = cell.key, cell.head, cell.n
    im, ih = paper_value(key, "iter_mean"), paper_value(key, "iter_ci95")
    isd = paper_sd(ih)
    paper_i = Sample(im, PAPER_RUNS, isd)
    margin = _iter_margin(d, cell, im)
    evs: dict[str, Evidence] = {
        name: _unsolvable() if g is None else _iter_ev(
            _iter_values(g), len(g), paper_i, margin,
            f"mean of our {len(g)} runs (failed runs at N)")
        for name, g in cell.samples.items()}
    for name, g in _top_samples(d, key).items():
        evs[name] = _iter_ev(_iter_values(g), len(g), paper_i, margin,
                             f"mean of our {len(g)} runs (failed runs at N)")
    if cell.fails:
        evs["failures excluded"] = _iter_ev(_iter_values(head, failures=False), n, paper_i,
                                            margin, f"mean of our {n - cell.fails} solving "
                                            f"runs (of {n})")
    if key == "C3":
        evs["± as an sd"] = _iter_ev(_iter_values(head), n, Sample(im, PAPER_RUNS, ih),
                                     margin, f"mean of our {n} runs (failed runs at N)")
    if d.states is not None and key in STATE_KEYS:
        from puzzles.clockwork.states import state_evidence

        evs["over our states"] = state_evidence(d.states, key, im)
    headline = _label(evs.pop(HEADLINE), test=_sd_note(ih, isd))
    others = [float(g["tournaments"].mean()) for name, g in cell.samples.items()
              if name != HEADLINE and g is not None and len(g)]
    why = "" if headline.settled == "reproduced" else _iter_why(d, cell, others)
    pi, pih, _, _ = printed(key)
    return Row(headline, f"{pi} {pih}", why, HEADLINE, evs)


def _length_sample_ev(g: pd.DataFrame | None, paper: Sample) -> Evidence:
    if g is None:
        return _unsolvable()
    k = int(g["solved"].sum())
    return _length_ev(_length_values(g), len(g), paper,
                      f"mean of our {k} solving runs (of {len(g)})")


def _length_row(d: Data, cell: Cell, ratios: dict[str, float]) -> Row:
    """The length cell of one table row, under every reading."""
    key, head, n = cell.key, cell.head, cell.n
    lm, lh = paper_value(key, "length_mean"), paper_value(key, "length_ci95")
    lsd = paper_sd(lh)
    paper_l = Sample(lm, PAPER_RUNS, lsd)
    evs = {name: _length_sample_ev(g, paper_l) for name, g in cell.samples.items()}
    evs.update({name: _length_sample_ev(g, paper_l)
                for name, g in _top_samples(d, key).items()})
    if cell.fails:
        evs["failures as length 0"] = _length_ev(_length_values(head, True), n, paper_l,
                                                 f"mean of our {n} runs (failed runs as "
                                                 "length 0)")
    headline = evs.pop(HEADLINE)
    if headline.settled != "not comparable":
        headline = _label(headline, test=_sd_note(lh, lsd))
    others = [float(_length_values(g).mean()) for name, g in cell.samples.items()
              if name != HEADLINE and g is not None and _length_values(g).size]
    zero = float(_length_values(head, True).mean()) if cell.fails else None
    why = ("" if headline.settled == "reproduced"
           else _length_why(d, cell, others, zero, ratios))
    _, _, pl, plh = printed(key)
    return Row(headline, f"{pl} {plh}", why, HEADLINE, evs)


def table_rows_evidence(d: Data) -> dict[str, Row]:
    """The iteration and length cell of every row of Tables I-VI."""
    rows: dict[str, Row] = {}
    res = d.results.drop_duplicates("instance").set_index("instance")
    o = d.ordruns
    ratios = _length_ratios(d)
    for table, key in table_rows():
        base = f"T{table}-{key}"
        if base in ("TIV-A5",):
            continue
        samples = _samples(d, key)
        head = samples[HEADLINE]
        assert head is not None
        cell = Cell(key, samples, head, o[o["instance"] == key], res.at[key, "shortest"])
        rows[f"{base}-iter"] = _iter_row(d, cell)
        rows[f"{base}-len"] = _length_row(d, cell, ratios)
    # Table IV prints A5 again: the same runs and numbers as Table I's row.
    for part in ("iter", "len"):
        src = rows[f"TI-A5-{part}"]
        rows[f"TIV-A5-{part}"] = Row(
            src.evidence, src.paper, f"repeats TI-A5-{part} (the paper prints A5 in Tables I "
            "and IV): the same runs and numbers, so the same test enters Holm's correction "
            "twice (conservative)" + (f"; {src.why}" if src.why else ""), src.reading,
            dict(src.readings))
    return rows


def _iter_why(d: Data, cell: Cell, others: Sequence[float]) -> str:
    """Measured facts behind an iteration cell (causes only where the notebook measures them,
    otherwise worded as a hypothesis)."""
    key, head, g200, short = cell.key, cell.head, cell.g200, cell.short
    n = len(head)
    fails = n - int(head["solved"].sum())
    med = float(head["tournaments"].median())
    base = (f"our {n} runs: median {_num(med)} tournaments, {fails} hit N; under the other "
            f"readings our mean is {_range_text(others)}")
    if key in ("A1", "C1", "D1"):
        return (f"the random population already holds a solving ring in {_at0(head)} of our "
                f"{n} runs ({_at0(g200)} of {len(g200)} in the 200-run set), so our mean is "
                f"{_num(float(head['tournaments'].mean()))}; the paper's {printed(key)[0]} "
                "needs some runs of at least one tournament, while its own B1 = 0 ± 0 shows it "
                "records 0 when the population already solves; what makes its runs need "
                "tournaments is not measured (hypothesis: a different initial population or "
                f"ring decoding); under the other readings our mean is {_range_text(others)}")
    if key == "C2":
        return (f"C2's optimum is {short} moves (exact search) under both alternating readings "
                "(readings.csv), more than the paper's mean solving length of "
                f"{printed('C2')[2]}, so the paper's runs were not on this state unless it "
                "counted lengths differently "
                "(hypothesis: another C2 state); " + base)
    if key == "C4":
        rd = d.readings.set_index("reading")
        near = {i: float(rd.at[f"C4 light {i}", "iter_mean"]) for i in (3, 9)}
        return (f"under our reading (light {C4_INDEX} at the goal, 0-based like A4's light 6) "
                f"the random population solves C4 in {_at0(head)} of {n} runs; the 1-based "
                "reading (light 6) is unsolvable; lights 3 and 9 give 20-run means of "
                f"{_num(near[3])} and {_num(near[9])} (readings.csv), nearest the paper's")
    if fails == n:
        solved200 = int(g200["solved"].sum())
        return (f"all {n} of our runs hit N = {N} ({solved200} of {len(g200)} solve in the "
                f"200-run set), so our mean is N, while the paper's {printed(key)[0]} "
                "implies solving runs within N; cause not measured; under the other readings "
                f"our mean is {_range_text(others)}")
    if d.states is not None and key in STATE_KEYS:
        return base + "; " + _states_why(d.states, key)
    return base


STATE_KEYS = ("A5", "B5", "C5", "C6", "D1", "D2", "D3", "E1", "E2", "E3", "E4", "E5")


def _states_why(states: pd.DataFrame, key: str) -> str:
    """Where the paper's mean falls among our 20-run means over the instance's states."""
    from puzzles.clockwork.states import position

    pos = position(states, key, paper_value(key, "iter_mean"))
    where = "inside" if pos["in_range"] else "outside"
    return (f"{key} is one random state: over our {pos['states']} states (20 runs each, "
            f"states.csv) the 20-run means range {_num(pos['min'])}-{_num(pos['max'])} "
            f"(median {_num(pos['median'])}) and the paper's {printed(key)[0]} lies {where} "
            f"that range ({pos['share_below']:.0%} of our states below it; readings column: "
            "the paper's value against that distribution)")


def _length_why(d: Data, cell: Cell, others: Sequence[float], zero: float | None,
                ratios: dict[str, float]) -> str:
    """Measured facts behind a length cell (``ratios``: our lengths over the paper's per
    reading of the read limit, over all instances)."""
    key, head, short = cell.key, cell.head, cell.short
    paper_mean = paper_value(key, "length_mean")
    near = [v for k, v in ratios.items() if k != "actions only"]
    actions_only = ratios["actions only"]
    lengths = _length_values(head)
    n = len(head)
    if lengths.size < 2:
        return (f"only {lengths.size} of our {n} runs solve {key} within N = {N}, so there is "
                "no mean over solving runs; the readings column gives failed runs as length 0")
    base = (f"optimum {short} (exact search); our {lengths.size} solving strings "
            f"{_range_text(lengths)} actions; under the other readings our mean is "
            f"{_range_text(others)}" + (f"; with failed runs as length 0, {_num(zero)}"
                                        if zero is not None else ""))
    if key == "C2":
        return (f"the paper's mean {fmt(paper_mean)} is below C2's optimum of {short} moves "
                "under both alternating readings (readings.csv), so no run on this state can "
                "produce it (hypothesis: the paper's C2 was another state, or its lengths were "
                "counted differently); " + base)
    if key == "C4":
        rd = d.readings.set_index("reading")
        return (f"under our reading (light {C4_INDEX} at the goal) the random population solves "
                f"C4 in {_at0(head)} of {n} runs, every string {_range_text(lengths)} actions "
                f"(optimum {short}); lights 3 and 9, whose tournaments are nearest the paper's, "
                f"give mean lengths {_num(float(rd.at['C4 light 3', 'length_mean']))} and "
                f"{_num(float(rd.at['C4 light 9', 'length_mean']))} (readings.csv); under the "
                f"other readings of the read limit our mean is {_range_text(others)}")
    if key == "C5":
        return ("what the read limit counts does not explain the gap: over all instances the "
                f"readings other than actions only give {fmt(min(near), 3)}-"
                f"{fmt(max(near), 3)} times the paper's lengths (geometric means, "
                f"calibration.csv; actions only {fmt(actions_only, 3)}); " + base
                + _lengths_why(d, key))
    return base + _lengths_why(d, key)


def _lengths_why(d: Data, key: str) -> str:
    """What the two length hypotheses give on our 200 runs (lengths.csv)."""
    if d.lengths is None:
        return ""
    from puzzles.clockwork.lengths import why

    return "; on our 200 runs " + why(d.lengths, key) + " (lengths.csv)"


def consistency_rows() -> dict[str, Row]:
    """Numbers of the paper that cannot hold, whatever the EA (C3's interval)."""
    m, h = paper_value("C3", "iter_mean"), paper_value("C3", "iter_ci95")
    need = paper_sd(h)
    most = m * math.sqrt(PAPER_RUNS)
    return {"TIII-C3-ci": Row(
        V.not_comparable(f"needs s = {fmt(need)}; 20 values >= 0 with mean {m} have s <= "
                         f"{fmt(most)}", "arithmetic"),
        f"{printed('C3')[0]} {printed('C3')[1]}",
        "the printed interval cannot come from the printed mean over 20 non-negative runs "
        "(read as an sd, ±2315.3 is possible: TIII-C3-iter's readings), so it is not compared")}


def paper_consistency_claims(ledger: Ledger) -> Ledger:
    """Add the C3 interval row alone (its verdict is settled, so it needs no other row)."""
    for cid, r in consistency_rows().items():
        claim = inventory(PACKAGE).set_index("id").loc[cid]
        ledger.add(cid, claim["section"], claim["claim"], r.evidence, paper=r.paper, why=r.why)
    return ledger


# --- orderings --------------------------------------------------------------------------------


ORDER_PAIRS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    *((f"AB-{i}", (f"A{i}",), (f"B{i}",)) for i in range(1, 6)),
    ("AB-all", ("A1", "A2", "A3", "A4", "A5"), ("B1", "B2", "B3", "B4", "B5")),
    ("C-vs-AB", ("A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5"),
     ("C1", "C2", "C3", "C4", "C5", "C6")),
    ("D-6-12", ("D1",), ("A5",)),
    ("D-12-18", ("A5",), ("D2",)),
    ("D-18-24", ("D2",), ("D3",)),
    *((f"E-Q{q}", (f"E{q + 1}",), (f"E{q}",)) for q in range(1, 5)),
    *((f"F{i}-C3", ("C3",), (f"F{i}",)) for i in range(1, 5)),
    ("VI-c-harder", ("B1", "B2", "B3", "B4", "B5"), ("C1", "C2", "C3", "C4", "C5")),
    ("VI-c5", ("C5",), ("C6",)),
)


def _mean_of(keys: Sequence[str]) -> float:
    return float(np.mean([paper_value(k, "iter_mean") for k in keys]))


def order_rows(d: Data) -> dict[str, Row]:
    """The paper's orderings on 200 runs per instance."""
    o = d.ordruns
    rows: dict[str, Row] = {}
    for cid, low, high in ORDER_PAIRS:
        ev = _order(o, low, high)
        why = ""
        if len(low) == 1 and len(high) == 1 and _mean_of(low) >= _mean_of(high):
            why = (f"the paper's own means ({printed(low[0])[0]} vs "
                   f"{printed(high[0])[0]}) do not show this order")
        if cid == "AB-1":
            why = (f"the random population solves A1 and B1 at once: KM median 0 for both, "
                   f"{_at0(o[o.instance == 'A1'])} and {_at0(o[o.instance == 'B1'])} of 200 runs "
                   "at 0 tournaments; " + why)
        if cid.startswith("E-Q") and d.states is not None:
            rows[cid] = _e_pair_row(d.states, low[0], high[0], ev, why)
            continue
        rows[cid] = Row(ev, _paper_means(low, high), why.strip("; "))
    # Table I's hierarchy: A4 and A5 each harder than each of A1-A3.
    parts = [(f"A{i} < A{j}", _order(o, [f"A{i}"], [f"A{j}"])) for i in (1, 2, 3)
             for j in (4, 5)]
    rows["TI-hierarchy"] = Row(_weakest(parts), _paper_means(["A1", "A2", "A3"],
                                                             ["A4", "A5"]))
    # F3 harder than F1 and than F2.
    parts = [(f"F{i} < F3", _order(o, [f"F{i}"], ["F3"])) for i in (1, 2)]
    rows["F3-F12"] = Row(_weakest(parts), _paper_means(["F1", "F2"], ["F3"]), (
        f"F3's KM median {_km(o, ['F3'])} lies between F1's {_km(o, ['F1'])} and F2's "
        f"{_km(o, ['F2'])}; the paper's own 6705.25 is above both, with CIs of ±3014-3889"))
    # Patterned starts easier than noisy: each set pooled; every instance as a reading.
    sets = {"A": (["A1", "A2", "A3", "A4"], ["A5"]), "B": (["B1", "B2", "B3", "B4"], ["B5"]),
            "C": (["C1", "C2", "C3", "C4"], ["C5"])}
    pooled = [(f"{s}: {_names(lo)} < {hi[0]}", _order(o, lo, hi)) for s, (lo, hi) in sets.items()]
    each = [(f"{k} < {hi[0]}", _order(o, [k], hi)) for lo, hi in sets.values() for k in lo]
    rows["VI-patterned"] = Row(
        _weakest(pooled), "; ".join(_paper_means(lo, hi) for lo, hi in sets.values()),
        (f"single instances go the other way: A4 (KM median {_km(o, ['A4'])}) vs A5 "
         f"({_km(o, ['A5'])}), B4 ({_km(o, ['B4'])}) vs B5 ({_km(o, ['B5'])}), C2 "
         f"({_km(o, ['C2'])}) vs C5 ({_km(o, ['C5'])}); the paper's own A4 203.2 > A5 47.1 "
         "and B4 722.5 > B5 103.4 do too"),
        "each set pooled", {"every patterned instance": _weakest(each)})
    # Every parameter changes the difficulty: one contrast per parameter, in the paper's
    # direction.
    parts = [("n: D1 < D3", _order(o, ["D1"], ["D3"])),
             ("c: B1-B5 < C1-C5", _order(o, ["B1", "B2", "B3", "B4", "B5"],
                                         ["C1", "C2", "C3", "C4", "C5"])),
             ("initial state: A1 < A4", _order(o, ["A1"], ["A4"])),
             ("action set: A1-A5 < B1-B5", _order(o, ["A1", "A2", "A3", "A4", "A5"],
                                                  ["B1", "B2", "B3", "B4", "B5"]))]
    rows["VI-all-parameters"] = Row(_weakest(parts), "")
    # DWP's strings are patterned: each solving string against a random one of the same length.
    pt = d.patterns
    if len(pt) < 2:
        rows["III-patterned-strings"] = Row(V.not_comparable(
            f"{len(pt)} solving strings of >= 8 actions", kind="ordering"), "",
            "too few solving strings to compare (a smoke-scale run)")
        return rows
    ev = V.ordering(pt["lz_dwp"], pt["lz_random"], paired=True)
    rows["III-patterned-strings"] = Row(_label(
        ev, f"median Lempel-Ziv complexity {fmt(float(pt['lz_dwp'].median()))} vs "
        f"{fmt(float(pt['lz_random'].median()))} ({len(pt)} solving strings of >= 8 actions vs "
        "uniform random strings of the same length and actions)",
        "each solving string paired with its random twin"), "")
    return rows


def _e_pair_row(states: pd.DataFrame, low: str, high: str, one_state: Evidence,
                why: str) -> Row:
    """An E pair decided over our states of both instances (the claim is about Q, and each E
    instance is one random state); the table's single states as a reading."""
    from puzzles.clockwork.states import e_order

    ev = e_order(states, low, high)
    n = int((states["instance"] == low).sum())
    return Row(_label(ev, f"{ev.ours} (20-run means over our {n} states of each)",
                      "one value per state"), _paper_means([low], [high]),
               (why + "; " if why else "") + "the claim is about Q, so it is decided over our "
               f"states of {low} and {high} (states.csv); the readings column gives the table's "
               "single states (200 runs each)", "over our states",
               {"the table's states, 200 runs": one_state})


def count_rows(d: Data) -> dict[str, Row]:
    """Successes out of runs: Table I all solved; failures first in Table III."""
    r = d.runs
    a = r[r["instance"].str.match(r"^A\d$")]
    ok = int(a["solved"].sum())
    hit = hitting_summary(d.ordruns, N).set_index("instance")
    med = [hit.at[f"A{i}", "km_median"] for i in range(1, 6)]
    rows = {"TI-all-quick": Row(_label(
        V.count((ok, len(a)), (100, 100), MARGINS.rate),
        f"{ok}/{len(a)} runs of A1-A5 solved",
        f"quickly: KM medians {fmt(min(med))}-{fmt(max(med))} of {N} tournaments (200 runs "
        "each)"), "all solved, quite quickly (20 of 20 runs of each of A1-A5 implied)")}
    o = d.ordruns
    ab = o[o["instance"].str.match(r"^[AB]\d$")]
    c = o[o["instance"].str.match(r"^C\d$")]
    ok = int(ab["solved"].sum())
    rows["C-first-failures"] = Row(_label(
        V.count((ok, len(ab)), (200, 200), MARGINS.rate),
        f"{ok}/{len(ab)} runs of A1-B5 solved; {len(c) - int(c['solved'].sum())} of {len(c)} "
        "runs of C1-C6 fail", "set C does fail: "
        + ", ".join(f"{k} {200 - int(hit.at[k, 'successes'])}" for k in
                    ("C1", "C2", "C3", "C4", "C5", "C6")) + " failures of 200"),
        "no failure in Tables I-II (200 of 200 runs implied), failures in Table III")
    return rows


def trend_rows(d: Data) -> dict[str, Row]:
    """Monotone effects: lights (D), Q (E), reachable states (C, D, E)."""
    o = d.ordruns
    res = d.results.drop_duplicates("instance").set_index("instance")
    rows: dict[str, Row] = {}
    keys = ["D1", "A5", "D2", "D3"]
    x = np.concatenate([np.full(len(censored_times(o, k, N)), res.at[k, "n"]) for k in keys])
    ev = V.trend(x, _times(o, keys), increasing=True)
    rows["D-lights-trend"] = Row(_label(ev, f"{ev.ours}; KM medians " + ", ".join(
        f"{k} {_km(o, [k])}" for k in keys), f"{len(x)} runs, failures at N"),
        _printed(keys), "A5 (n = 12) also has the action (3, 0) that D1-D3 lack, the paper's "
        "own set-up, so n is not the only difference at n = 12")
    keys = ["E1", "E2", "E3", "E4", "E5"]
    x = np.concatenate([np.full(len(censored_times(o, k, N)), q_values()[k]) for k in keys])
    ev = V.trend(x, _times(o, keys), increasing=False)
    ev = _label(ev, f"{ev.ours}; KM medians " + ", ".join(
        f"{k} {_km(o, [k])}" for k in keys), f"{len(x)} runs, failures at N")
    if d.states is None:
        rows["E-trend"] = Row(ev, _printed(keys), "each E instance is one random noisy state")
    else:
        from puzzles.clockwork.states import e_trend

        st = e_trend(d.states)
        rows["E-trend"] = Row(_label(st, f"{st.ours} over every E state's 20-run mean",
                                     "one value per state (states.csv)"), _printed(keys),
                              "each E instance is one random state, so the trend is decided "
                              "over our states; the readings column gives the table's states",
                              "over our states", {"the table's states, 200 runs": ev})
    keys = ["C1", "C2", "C3", "C4", "C5", "C6", "D1", "A5", "D2", "D3", "E1", "E2", "E3",
            "E4", "E5"]
    hit = hitting_summary(o, N).set_index("instance")
    med = np.array([min(hit.at[k, "km_median"], 2.0 * N) for k in keys])
    reach = np.array([float(res.at[k, "reachable_states"]) for k in keys])
    ev = V.trend(reach, med, increasing=True)
    rows["VI-reachable"] = Row(_label(ev, test=f"{len(keys)} instances of sets C, D (with A5) "
                                      "and E: exact reachable states against the KM median of "
                                      "200 runs (> N ranked above every solved median)"),
                               "", "sets C and D vary reachable "
                               "states with c and n, set E with Q; within C, C1-C5 share one "
                               "count, and C1 and C4 are solved at once (KM median 0)")
    return rows


def rank_rows(d: Data) -> dict[str, Row]:
    """Rankings over the 28 instances (our 200-run summaries)."""
    o = d.ordruns
    res = d.results.drop_duplicates("instance").set_index("instance")
    hit = hitting_summary(o, N).set_index("instance")
    keys = list(res.index)
    ours_mean = np.array([hit.at[k, "mean_at_N"] for k in keys])
    paper = np.array([paper_value(k, "iter_mean") for k in keys])
    rows = {"V-ranking": Row(_label(V.ranking(paper, ours_mean, MARGINS.rank),
                                    test="our mean of 200 runs (failures at N) per instance"),
                             "means of Tables I-VI")}
    lengths = o[o["solved"]].groupby("instance")["length"].mean()
    with_len = [k for k in keys if k in lengths.index]
    ev = V.ranking([hit.at[k, "mean_at_N"] for k in with_len],
                   [lengths[k] for k in with_len], MARGINS.rank)
    rho_p = stats.spearmanr(paper, [paper_value(k, "length_mean") for k in keys]).statistic
    rows["IV-length-supports"] = Row(
        _label(ev, test=f"our mean tournaments against our mean solving length, "
               f"{len(with_len)} instances with a solving run (200 runs each)"),
        "", f"the paper's own tables give rho {rho_p:.3f} between "
        "its mean iterations and mean lengths (C5 27.3, C6 15.3 and D3 22.3 are among its "
        "hardest and shortest)")
    known = [k for k in keys if pd.notna(res.at[k, "shortest"])]  # all at paper scale
    reach = [float(res.at[k, "reachable_states"]) for k in known]
    short = [float(res.at[k, "shortest"]) for k in known]
    ev = V.ranking(reach, short, MARGINS.rank)
    alt = V.ranking([float(res.at[k, "reachable_states"]) for k in with_len],
                    [lengths[k] for k in with_len], MARGINS.rank)
    rows["VI-reach-length"] = Row(
        _label(ev, test=f"exact reachable states against the exact optimum, {len(known)} "
               "instances"),
        "", "", "required length = the optimum",
        {"required length = the EA's mean solving length": _label(
            alt, test=f"{len(with_len)} instances with a solving run (200 runs each)")})
    return rows


# --- exact numbers and checked statements -------------------------------------------------------


def exact_rows(d: Data) -> dict[str, Row]:
    f = d.theory
    fig2 = figure_state("Fig. 2")
    rows = {"Fig2": Row(V.exact(fig2, d.fig12[1]), fig2),
            "Ex3-Q": Row(V.exact(math.gcd(6, 4 - 1), int(d.example3["Q"])), "",
                         "the paper prints no Q for Example 3: the compared value is Section "
                         "IV's rule applied by hand, gcd(6, 4 - 1) = 3, against our q_value")}
    for _, r in d.e_table.iterrows():
        name, q, reach = r["instance"], int(r["Q (ours)"]), int(r["reachable (group order)"])
        rows[f"{name}-Q"] = Row(V.exact(q_values()[name], q), str(q_values()[name]))
        why = ""
        if reach != reachable()[name] and reach == int(r["reachable (BFS)"]):
            why = (f"group order and BFS agree on {reach} = n 2^(n-Q+1) with Q = {q}; the "
                   f"paper's {reachable()[name]} would need Q = {q - 1}")
        rows[f"{name}-reach"] = Row(_label(V.exact(reachable()[name], reach),
                                           test="group order and BFS"),
                                    str(reachable()[name]), why)
    rows["L1-states"] = Row(_label(V.exact(12 * 2 ** 12, f.lemma1_w12),
                                   test="W_(12,2) listed state by state"), "n c^n")
    rows["II-goals-n"] = Row(_label(V.exact(12, f.goals_a1), test="goal states of A1 (n = 12)"),
                             "n")
    rows["II-action-sets"] = Row(_label(V.exact(2 ** 8, f.action_sets_w22),
                                        test="subsets of W_(2,2) (8 states) counted"),
                                 "2^(n c^n)")
    nq = ", ".join(f"{k} {12 // q_values()[k]}" for k in ("E1", "E2", "E3", "E4", "E5"))
    per = ", ".join(f"{k} {'/'.join(map(str, sorted(f.per_l[k][0])))}"
                    for k in ("E1", "E2", "E3", "E4", "E5"))
    q = f.q
    small = (f"; all {q.searched} small sets" if q.same_l_ok == q.searched
             else f"; {q.searched - q.same_l_ok} of {q.searched} small sets differ")
    rows["IV-nQ-same-L"] = Row(_label(
        V.exact(nq + f"; all {q.searched} small sets", per + small),
        test="reachable states per reachable L-component, from the start of E1-E5 and of "
        f"every constrained action set with n c^n <= {q.search_max} (searched)"), "n/Q")
    one = ", ".join(f"{k} {f.per_l[k][2]}" for k in ("E1", "E2", "E3", "E4", "E5"))
    small1 = (f"; all {q.searched_e0} small sets" if q.one_move_ok == q.searched_e0
              else f"; {q.searched_e0 - q.one_move_ok} of {q.searched_e0} small sets differ")
    distinct = ", ".join(f"{k} {f.per_l[k][1]}" for k in ("E1", "E2", "E3", "E4", "E5"))
    rows["IV-nQ-unique-L"] = Row(
        _label(V.exact(nq + f"; all {q.searched_e0} small sets", one + small1),
               test="our reading: new L-components one move makes from the n/Q states "
               "sharing the start's L (E1-E5 and every searched set with an e0 action)"),
        "n/Q", "the sentence is garbled; the headline is our reading (one move from the n/Q "
        "states sharing an L-component makes n/Q new L-components); read literally (only n/Q "
        "distinct L-components are reachable at all) it fails: E1-E5 reach "
        f"{distinct} distinct L-components", "one move (ours)",
        {"literal (all reachable L-components)": _label(
            V.exact(nq, distinct), test="distinct reachable L-components, E1-E5")})
    return rows


def qualitative_rows(d: Data) -> dict[str, Row]:
    f, pc, q = d.theory, d.theory.pairs, d.theory.q
    sizes = ", ".join(f"({n},{c})" for n, c in pc.sizes)
    pair_range = (f"search over all {pc.action_sets} pairs of distinct actions of every "
                  f"W_(n,c) with n c^n <= {max(n * c ** n for n, c in pc.sizes)} ({sizes})")
    q_range = (f"all {q.sets} sets of 2-3 actions (k, 0) / (k, e0) with turns coprime to n, "
               f"n <= 8, c <= 4, n c^n <= {q.max_states} (group order and solvability test; a "
               f"search where n c^n <= {q.search_max})")
    rows: dict[str, Row] = {}
    orders = "; ".join(f"{k} {'/'.join(map(str, v))}" for k, v in f.orders.items())
    rows["I-reversible"] = Row(V.qualitative(
        pc.not_undoable == 0, f"{pc.not_undoable} of {pc.moves} moves cannot be undone; "
        f"orders of the paper's actions: {orders}", pair_range), "")
    rows["I-solvable-kept"] = Row(V.qualitative(
        pc.solvability_lost == 0, f"{pc.solvability_lost} moves lead from a solvable state "
        "to an unsolvable one", pair_range + " (no inverse actions assumed)"),
        "")
    und = [x for v in f.undo.values() for x in v]
    rows["I-reversal-long"] = Row(V.qualitative(
        min(und) > 1, "fewest moves that undo one move: " + "; ".join(
            f"{k} {_range_text(v)}" for k, v in f.undo.items()),
        "search of each action set's states from the identity; a Rubik face turn or a Hanoi "
        "move is undone by one move"), "")
    rows["Ex1-solvable"] = Row(V.qualitative(
        f.example1_shortest is not None,
        f"shortest solution from Fig. 1's state: {f.example1_shortest} moves (Q = 1)",
        "bidirectional search"))
    tr = d.fig4
    want = [(1, "action"), (2, "action"), (3, "jump to entry 1"), (1, "action"), (2, "action"),
            (3, "skip"), (4, "action")]
    got = [(int(r.entry), "action" if str(r.does).startswith("action") else str(r.does))
           for r in tr.head(7).itertuples()]
    rows["Fig4-trace"] = Row(V.qualitative(
        got == want, "reads: " + ", ".join(f"entry {e} {w}" for e, w in got),
        "examples.fig4_trace: the ring's first seven reads against the text's description"),
        "")
    f5 = d.fig5
    p1, p2, c1, c2, m1, m2 = (np.asarray(x) for x in f5["rings"])  # type: ignore[union-attr]
    cut, mut = int(f5["cut"]), int(f5["mutate"])  # type: ignore[call-overload]
    ok = (np.array_equal(c1, np.r_[p1[:cut], p2[cut:]]) and np.array_equal(
        c2, np.r_[p2[:cut], p1[cut:]]) and all(
        np.flatnonzero(m != c).tolist() == [mut - 1] for m, c in ((m1, c1), (m2, c2))))
    rows["Fig5-crossover"] = Row(V.qualitative(
        ok, f"children take entries 1-{cut} of one parent and the rest of the other; only "
        f"entry {mut} of each child changes in mutation", "examples.fig5_example checked "
        "entry by entry"), "")
    hit = hitting_summary(d.ordruns, N).set_index("instance")
    o = d.ordruns
    quick = {k: _at0(o[o["instance"] == k]) for k in ("A1", "B1", "C1")}
    rows["III-patterns-quick"] = Row(V.qualitative(
        all(v * 2 > 200 for v in quick.values()),
        "solved by the random population (0 tournaments) in " + ", ".join(
            f"{k} {v}/200" for k, v in quick.items()) + " runs",
        "'quickly' read as: most runs solve at 0 tournaments (200 runs each)"),
        "")
    share = pc.unsolvable / pc.instances
    ri = d.random_instances
    rows["IV-many-unsolvable"] = Row(V.qualitative(
        share >= 0.1, f"{100 * share:.0f}% of (action pair, start) instances reach no goal; "
        f"random instances: {100 * (1 - ri['solvable_fraction'].mean()):.0f}% of starts "
        "unsolvable on average", pair_range + "; 'many' read as at least one in ten"),
        "", "Example 3 (Ex3-unsolvable) is one whose reason is not "
        "obvious: a parity invariant mod 3")
    rows["Ex3-unsolvable"] = Row(V.qualitative(
        not f.example3_ours_solvable,
        f"no all-equal goal reachable from our state; {f.example3_states - f.example3_solvable}"
        f" of {f.example3_states} starts of W_(6,2) are unsolvable",
        "search of W_(6,2) backward from the all-equal goals"), "",
        "Fig. 6's state is not in the text: ours has only light 2 off")
    lit = q.q1_e0_all == q.q1_e0 and q.q1_turns_unsolvable == 0
    rows["IV-Q1-any"] = Row(
        V.qualitative(q.q1_e0_all == q.q1_e0, f"{q.q1_e0_all} of {q.q1_e0} sets with an e0 "
                      "action reach every state", q_range),
        "", f"{q.q1_turns} sets of turns only ((k, 0) actions) have Q = 1 by the rule yet never "
        "change a light; read literally the statement fails on them (readings column)",
        "with an e0 action", {"every constrained set (literal)": V.qualitative(
            lit, f"{q.q1_turns_unsolvable} of {q.q1_turns} turn-only sets leave starts "
            "unsolvable", q_range)})
    rows["IV-Q2c2-unsolvable"] = Row(V.qualitative(
        q.beyond_unsolvable > 0 and q.beyond_solvable == q.beyond,
        f"{q.beyond_unsolvable} of {q.beyond} sets with Q >= 2 and (Q > 2 or c > 2) have "
        f"unsolvable starts; all {q.beyond_solvable} keep solvable ones",
        q_range + "; our reading: Q >= 2 (at Q = 1 every start is solvable whatever c)"),
        "")
    rows["IV-Q2-c2-solvable"] = Row(V.qualitative(
        q.q2c2_all_solvable == q.q2c2, f"{q.q2c2_all_solvable} of {q.q2c2} sets with Q = 2, "
        "c = 2 let every start reach a goal", q_range))
    res = d.results.drop_duplicates("instance")
    rows["IV-add-actions"] = Row(V.qualitative(
        pc.adding_breaks == 0, f"{pc.adding_breaks} starts solvable with one action become "
        "unsolvable with a second; B to A and C3 to F1-F4 add actions and stay solvable",
        pair_range), "")
    solved = o[o["solved"]]
    med_len = float(solved["length"].median())
    long0 = solved[(solved["tournaments"] == 0) & (solved["length"] >= med_len)]
    top = long0.sort_values("length", ascending=False).drop_duplicates("instance").head(3)
    rows["IV-long-not-hard"] = Row(V.qualitative(
        len(long0) > 0, f"{len(long0)} runs solved at 0 tournaments have strings of at least "
        f"{fmt(med_len)} actions (the median solving string), e.g. " + ", ".join(
            f"{r.instance} {int(r.length)}" for r in top.itertuples()),
        "all solving runs of the 200-run set"), "")
    spans = {}
    for s in "ABCDE":
        ks = [k for k in hit.index if k[0] == s]
        m = np.array([min(hit.at[k, "km_median"], 2.0 * N) for k in ks])
        spans[s] = float(np.log10((1 + m.max()) / (1 + m.min())))
    rows["TV-negligible"] = Row(V.qualitative(
        all(spans["E"] < spans[s] for s in "ABCD"),
        "spread of KM medians (log10 of max/min, +1): " + ", ".join(
            f"{s} {v:.2f}" for s, v in spans.items()),
        "200 runs per instance; > N counted as 2N"), "")
    g = solved.groupby("instance")["length"]
    ratio = (g.max() / g.min())[g.count() >= 2]
    wide = int((ratio >= 2).sum())
    rows["VI-length-variety"] = Row(V.qualitative(
        wide * 2 > len(ratio), f"in {wide} of {len(ratio)} instances the longest solving "
        "string is at least twice the shortest (max/min " + _range_text(list(ratio)) + ")",
        "'wide variety' read as a factor of two or more in most instances (200 runs each)"),
        "")
    rows["VI-generate-from-goal"] = Row(V.qualitative(
        pc.from_goals_differs == 0, f"{pc.from_goals_differs} of {pc.action_sets} action sets "
        "where the states reachable from a goal differ from those that reach one", pair_range),
        "")
    # The optimum does not decide difficulty: pairs the EA orders against their optima.
    keys = list(res["instance"])
    short = res.set_index("instance")["shortest"].astype(float)
    med = {k: min(hit.at[k, "km_median"], 2.0 * N) for k in keys}
    disc = [(a, b) for a in keys for b in keys if short[a] < short[b] and med[a] > med[b]]
    pairs = sum(1 for a in keys for b in keys if short[a] < short[b])
    ex = max(disc, key=lambda ab: med[ab[0]] - med[ab[1]]) if disc else None
    rho = stats.spearmanr([short[k] for k in keys], [med[k] for k in keys]).statistic
    text = (f"{len(disc)} of {pairs} pairs with different optima are ordered the other way by "
            f"the EA's KM median" + (f", e.g. {ex[0]} (optimum {int(short[ex[0]])}, median "
            f"{_km(o, [ex[0]])}) vs {ex[1]} (optimum {int(short[ex[1]])}, median "
            f"{_km(o, [ex[1]])})" if ex else "") + f"; Spearman rho {rho:.2f} over 28")
    for cid in ("III-shortest-not-difficulty", "VI-length-inconsequential"):
        rows[cid] = Row(V.qualitative(bool(disc), text, "exact optima against KM medians of "
                                      "200 runs; 'not necessarily' read as: such pairs exist"),
                        "")
    rows["VI-gradual"] = Row(V.not_comparable(kind="qualitative"), "",
                             "needs the best fitness after each tournament of runs on noisy "
                             "starts; our runs keep only the tournaments used and the solving "
                             "ring (missing experiment: log it for about 20 runs each of A5, "
                             "C5 and D2)")
    return rows


# The algebraic statements checked exhaustively (theory.py).
ALGEBRA = ("I-reversible", "I-solvable-kept", "I-reversal-long", "Ex3-unsolvable",
           "IV-many-unsolvable", "IV-Q1-any", "IV-Q2c2-unsolvable", "IV-Q2-c2-solvable",
           "IV-nQ-same-L", "IV-nQ-unique-L", "IV-add-actions", "VI-generate-from-goal")

DESIGN: dict[str, tuple[str, str]] = {
    "II-model": ("model.py: states (k, L), plain actions (k, M), modulo rotary addition, goal "
                 "L = 0, fitness sum (c - l_i) mod c", "Fig2 checks the operator"),
    "III-dwp-ring": ("dwp.py: R = 15 entries, symbols 0..R-1 alternators, R.. actions, read "
                     "cyclically up to L = 200 (what L counts: the calibrated reading)",
                     "Section III"),
    "III-fitness": ("model.fitness; a ring's fitness is the minimum along its string",
                    "Section III"),
    "III-ea-loop": (f"steady state, P = 28, T = {DEFAULT.tournament}, "
                    f"{DEFAULT.mutations} mutated entry per child (T and m not in the "
                    "paper: calibration.csv)", "Section III"),
    "III-record": ("tournaments before the first ring of fitness 0 (0: the random population "
                   "solves), solving length; N = 20,000", "Section III"),
    "IV-Q-constraints": ("model.q_value implements the rule; None outside its constraints",
                         "Section IV"),
    "IV-goals-fixed": ("every instance's goal: lights all 0, any hand", "instances.py"),
    "IV-hyper": ("R = 15, L = 200, P = 28, N = 20,000 (budgets.py, paper scale)",
                 "budgets.py"),
    "IV-runs": ("20 runs per instance, mean and Student-t 95% half-width", "budgets.py"),
    "V-A-set": ("n = 12, c = 2, (7, e0), (5, e0), (3, 0); A5 a seeded noisy solvable state",
                "instances.py"),
    "V-C-set": (f"n = 12, c = 3, C1 all 1, C4 light {C4_INDEX} at the goal, C5 noisy, C6 "
                "noisy with c = 5", "instances.py (readings: section 5.3)"),
    "V-D-set": ("c = 2, (7, e0), (5, e0) on n = 6, 18, 24, noisy; A5 joins with its (3, 0)",
                "instances.py"),
    "V-E-set": ("n = 12, c = 2, noisy, (k, e0) and (1, e0) with k = 2, 3, 4, 5, 7",
                "instances.py"),
    "V-F-set": ("C3 plus (3, 2e0), (3, e2 + e11), both, or two copies of (0, 0)",
                "instances.py"),
}

# Design inputs whose values the paper prints.
PRINTED_DESIGN = {"IV-hyper": "R = 15, L = 200, P = 28, twenty-thousand crossover iterations",
                  "IV-runs": "twenty runs, 95% confidence interval"}

NOT_COMPARABLE: dict[str, str] = {
    "Fig3-example2": "the figure's initial state is not in the text; our figure applies the "
                     "three actions to a state of ours",
    "III-ashlock-prior": "another paper's experiment (Gray codes, self-avoiding walks), not "
                         "rerun here",
    "III-human-like": "needs the human panel's data, which the paper does not publish",
    "IV-kotovsky": "a cited human study of the Tower of Hanoi, not rerun here",
    "IV-iter-human": "needs human difficulty data, which the paper does not publish",
    "IV-panel-design": "the panel's data are not published",
    "TI-panel": "the panel's data are not published",
    "TII-panel": "the panel's data are not published",
    "TIII-panel": "the panel's data are not published",
    "TIV-panel": "the panel's data are not published",
    "TV-panel": "the panel's data are not published",
    "TVI-panel": "the panel's data are not published",
    "VI-reachable-human": "needs human difficulty data, which the paper does not publish",
    "VI-Q-largec": "a speculation about human players with no experiment",
    "VI-panel-variety": "the panel's solutions are not published",
    "VI-move-limit": "a proposal for future puzzles with no experiment",
}


def settled_rows(d: Data) -> dict[str, Row]:
    """Design inputs (by construction) and claims this notebook cannot check."""
    rows = {cid: Row(V.design_input(ours, f"a value we set ({src})"), PRINTED_DESIGN.get(cid, ""))
            for cid, (ours, src) in DESIGN.items()}
    b = [f"B{i}" for i in range(1, 6)]
    same = all(d.results.set_index("instance").loc[[k, "A" + k[1:]], "initial"].nunique() == 1
               for k in b)
    rows["V-B-set"] = Row(
        V.design_input("B1-B5 from A1-A5's states" + (" (checked)" if same else ""),
                       "a value we set (instances.py: counterparts())"), "",
        "Section V: each B instance starts from its A counterpart's state, B5 from A5's noisy "
        "state (solvable under set B's actions)")
    for cid, why in NOT_COMPARABLE.items():
        rows[cid] = Row(V.not_comparable(), "", why)
    return rows


def beyond_rows(d: Data) -> dict[str, Row]:
    """Our additions: the calibrated reading and the difficulty model."""
    c = d.calibration if d.refit is None else d.refit
    row = c[c["chosen"]].iloc[0]
    how = (f"least score over {len(c)} settings (calibration.csv)" if d.refit is None else
           f"least random-effects weighted score over {len(c)} settings without "
           f"{row.excluded.replace(';', ', ')} (calibration.csv); "
           f"{int(c['indistinguishable'].sum())} settings within 1.96 standard errors; the "
           f"notebook's default ranks {int(c.loc[c['default'], 'rank'].iloc[0])}")
    rows = {"calibration": Row(V.beyond(
        f"{row.reading}, T={row.tournament}, m={row.mutations}: iter log ratio "
        f"{fmt(row.iter_log_ratio)}, length log ratio {fmt(row.len_log_ratio)}", how,
        f"se {fmt(row.iter_se)}, {fmt(row.len_se)}"))}
    if d.model is not None:
        v = d.model.set_index("name")["value"]
        cv = next(n for n in v.index if "cross-validated" in n)
        held = next(n for n in v.index if n.startswith("R2 held out"))
        rows["model"] = Row(V.beyond(
            f"R2 cross-validated {fmt(v[cv])}, held out {fmt(v[held])}",
            f"least squares on {d.sweep_rows} random instances (model.csv)"))
    return rows


BEYOND = {"calibration": ("beyond", "The read-limit reading, T and m that fit the paper best"),
          "model": ("beyond", "Exact features predict the EA's log(1 + Kaplan-Meier median) "
                              "hitting time")}


def evidence(d: Data) -> dict[str, Row]:
    """Every row's evidence, by id."""
    rows: dict[str, Row] = {}
    for part in (exact_rows(d), table_rows_evidence(d), consistency_rows(), order_rows(d),
                 count_rows(d), trend_rows(d), rank_rows(d), qualitative_rows(d),
                 settled_rows(d), beyond_rows(d)):
        clash = set(rows) & set(part)
        if clash:
            raise ValueError(f"ledger rows built twice: {sorted(clash)}")
        rows.update(part)
    return rows


def build(d: Data) -> Ledger:
    """The whole ledger of notebook 01, in the inventory's order, beyond rows last."""
    rows = evidence(d)
    inv = inventory(PACKAGE)
    missing = [i for i in inv["id"] if i not in rows]
    extra = [i for i in rows if i not in set(inv["id"]) and i not in BEYOND]
    if missing or extra:
        raise ValueError(f"ledger and inventory differ: no row for {missing}, no claim for "
                         f"{extra}")
    ledger = Ledger(STEM)
    listed = [(r.id, r.section, r.claim) for r in inv.itertuples()]
    listed += [(i, *BEYOND[i]) for i in BEYOND if i in rows]
    for cid, section, claim in listed:
        r = rows[cid]
        ledger.add(cid, section, claim, r.evidence, paper=r.paper, why=r.why,
                   reading=r.reading if r.readings else "", readings=r.readings or None)
    return ledger
