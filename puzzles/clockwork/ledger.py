"""Notebook 01's evidence: one registered function per claim of ``paper_claims.csv`` (or per
table-cell pattern), reading the notebook's result files and the stored runs and deciding by
one rule of :mod:`puzzles.core.verdicts` with the margins of :mod:`.margins`.

* Table cells: all our stored runs of the instance under the default EA (200 in
  ``data/ordering_runs.csv``, the notebook's 20 their first) against the paper's 20 as two
  samples, its ``±`` read as a Student-t 95% half-width; the ``readings`` give the other
  readings of the read limit, the top calibrated settings, how failures enter the mean, the
  instance's other readings and, for noisy instances, the distribution over our states.
* Orderings: one-sided rank tests on runs censored at N = 20,000 (tied), or on one 20-run mean
  per state where the claim is about a kind of state (unit ``state``).
* The algebraic statements: the exhaustive checks of ``theory.json``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np
import pandas as pd
from scipy import stats

from puzzles.clockwork import examples as X
from puzzles.clockwork import states as S
from puzzles.clockwork import theory
from puzzles.clockwork.dwp import DEFAULT, READINGS
from puzzles.clockwork.experiments import string_patterns
from puzzles.clockwork.hitting import censored_times, hitting_summary, km_median
from puzzles.clockwork.margins import MARGINS, PAPER_RUNS, paper_sample, paper_sd
from puzzles.clockwork.model import state_str
from puzzles.clockwork.reference import (
    figure_state,
    paper_value,
    printed,
    protocol,
    q_values,
    reachable,
)
from puzzles.clockwork.refit import top_settings
from puzzles.core import verdicts as V
from puzzles.core.claims import fmt
from puzzles.core.evidence import Data, Finding, Register
from puzzles.core.verdicts import Evidence, Sample

EVIDENCE = Register()
N = protocol()["N"]
NAMES = {"skips_free": "skips free", "every_read": "every read",
         "actions_only": "actions only", "jumps_free": "jumps free"}
HEADLINE = NAMES[DEFAULT.reading]
ORD, STATES = ("ordering_runs",), ("states",)
# The algebraic statements checked exhaustively (theory.py); the conclusion counts them.
ALGEBRA = ("I-reversible", "I-solvable-kept", "I-reversal-long", "Ex3-unsolvable",
           "IV-many-unsolvable", "IV-Q1-any", "IV-Q2c2-unsolvable", "IV-Q2-c2-solvable",
           "IV-nQ-same-L", "IV-nQ-unique-L", "IV-add-actions", "VI-generate-from-goal")


# --- helpers --------------------------------------------------------------------------------


def _num(x: float) -> str:
    """A run statistic as text: whole numbers from 100 up, else four significant figures."""
    return f"{x:.0f}" if abs(x) >= 100 else fmt(float(x))


def _range(values: Sequence[float]) -> str:
    v = [float(x) for x in values if np.isfinite(x)]
    return "none solved" if not v else _num(v[0]) if min(v) == max(v) else \
        f"{_num(min(v))}-{_num(max(v))}"


def keys_of(spec: str) -> list[str]:
    """Instances from a short list: "A1-A3+C6" is A1, A2, A3, C6."""
    out = []
    for part in spec.split("+"):
        a, _, b = part.partition("-")
        out += [f"{a[0]}{i}" for i in range(int(a[1:]), int((b or a)[1:]) + 1)]
    return out


def _of(o: pd.DataFrame, spec: str) -> pd.DataFrame:
    return o[o["instance"].isin(keys_of(spec))]


def _km(o: pd.DataFrame, spec: str) -> str:
    g = _of(o, spec)
    m = km_median(g["tournaments"], g["solved"])
    return fmt(m) if np.isfinite(m) else f"> {N}"


def _at0(g: pd.DataFrame) -> int:
    return int(((g["tournaments"] == 0) & g["solved"].astype(bool)).sum())


def _times(o: pd.DataFrame, spec: str) -> np.ndarray:
    return np.concatenate([censored_times(o, k, N) for k in keys_of(spec)])


def _label(ev: Evidence, ours: str | None = None, test: str = "") -> Evidence:
    """The same evidence with its shown quantity named and a note added to its test text."""
    return replace(ev, ours=ev.ours if ours is None else ours,
                   test=ev.test + (f"; {test}" if test else ""))


def _per_state(ev: Evidence, ours: str) -> Evidence:
    """Evidence on one value per state, said so (the rules count "runs")."""
    return replace(ev, ours=ours, test=ev.test.replace(" runs)", " states)")
                   + "; one value per state (states.csv)",
                   decide=ev.decide.replace("runs per side", "states per side"))


def _order(o: pd.DataFrame, low: str, high: str) -> Evidence:
    """"low easier than high": one-sided Mann-Whitney on runs, failures tied at N."""
    ev = V.ordering(_times(o, low), _times(o, high), paired=False)
    (sl, nl), (sh, nh) = ((int(g["solved"].sum()), len(g)) for g in (_of(o, low), _of(o, high)))
    return _label(ev, f"KM median {_km(o, low)} vs {_km(o, high)} tournaments ({low} vs {high};"
                  f" solved {sl}/{nl} vs {sh}/{nh})", f"both sides at N = {N} tournaments, "
                  "failed runs censored (tied) at N")


def _weakest(parts: Mapping[str, Evidence]) -> Evidence:
    """A claim needing every part rests on the part least in its favour (the engine's
    intersection-union rule); the row names it."""
    label, ev = V.weakest(dict(parts))
    return _label(ev, f"{ev.ours} [weakest of {len(parts)}: {label}]",
                  f"the weakest of {len(parts)} comparisons ({label}): the claim needs all")


def _paper_means(*specs: str) -> str:
    return " vs ".join(f"{s} " + ", ".join(printed(k)[0] for k in keys_of(s)) for s in specs)


def _results(data: Data) -> pd.DataFrame:
    return data.table("results").drop_duplicates("instance").set_index("instance")


def _hit(data: Data) -> pd.DataFrame:
    return hitting_summary(data.stored("ordering_runs"), N).set_index("instance")


def _capped(hit: pd.DataFrame, keys: Sequence[str]) -> np.ndarray:
    """KM medians with "> N" ranked above every solved one (as 2N)."""
    return np.array([min(hit.at[k, "km_median"], 2.0 * N) for k in keys])


# --- Tables I-VI ----------------------------------------------------------------------------

CELL = {"unit": "run", "tables": ("results", "runs", "readings", "calibration",
                                  "calibration_unweighted", "variant_runs"),
        "stored": ("ordering_runs", "reading_runs", "calibration_runs", "states")}
Samples = Mapping[str, "pd.DataFrame | None"]


def _samples(data: Data, key: str) -> dict[str, pd.DataFrame | None]:
    """Our runs of an instance under each reading, the headline first (None: the reading makes
    the instance unsolvable, so there is nothing to run)."""
    o, rr, v = data.stored("ordering_runs"), data.stored("reading_runs"), data.table("variant_runs")
    out: dict[str, pd.DataFrame | None] = {HEADLINE: o[o["instance"] == key]}
    out |= {NAMES[r]: rr[(rr["reading"] == r) & (rr["instance"] == key)] for r in READINGS
            if r != DEFAULT.reading}
    out |= {"C2": {"C2 odd lights (1-based even)": v[v["instance"] == "C2 odd 0-based (1,3,..)"]},
            "C3": {"C3 without light 0": None},
            "C4": {"C4 light 6 (1-based seventh)": None}}.get(key, {})
    c = data.stored("calibration_runs")
    for r, t, m in top_settings(data.table("calibration")):
        if (t, m) != (DEFAULT.tournament, DEFAULT.mutations):
            out[f"{NAMES[r]}, T = {t}, m = {m}"] = c[
                (c["reading"] == r) & (c["tournament"] == t) & (c["mutations"] == m)
                & (c["instance"] == key)]
    runs = data.table("runs")
    return out | {"this notebook's runs": runs[runs["instance"] == key]}


def _solving(g: pd.DataFrame, what: str) -> np.ndarray:
    return g.loc[g["solved"].astype(bool), what].to_numpy(dtype=float)


def _estimate(x: np.ndarray, what: str, paper: Sample, margin: V.Margin) -> Evidence:
    if x.size < 2:
        return V.not_comparable(f"{x.size} value(s): {what}", "none: fewer than two values",
                                kind="estimate")
    return _label(V.estimate(Sample.of(x), paper, margin), f"{_num(x.mean())}: {what}")


def iter_margin(samples: Samples, paper_mean: float) -> V.Margin:
    """The near-zero margin when the paper's mean, or any mean the row compares with it (every
    reading, the headline's solving runs alone), is at most 1 or 0 (a log ratio has no value
    at 0); the iterations margin otherwise."""
    means = [float(g["tournaments"].mean()) for g in samples.values() if g is not None and len(g)]
    solving = _solving(samples[HEADLINE], "tournaments")
    if 0 < solving.size < len(samples[HEADLINE]):
        means.append(float(solving.mean()))
    return MARGINS.near_zero if paper_mean <= 1 or min(means) == 0 else MARGINS.iterations


def _cell(data: Data, key: str, it: bool) -> Finding:
    """One table cell (``it``: mean tournaments, else mean solving length), every reading."""
    s = _samples(data, key)
    head, paper = s[HEADLINE], paper_sample(key, "iter" if it else "length")
    margin = iter_margin(s, paper.mean) if it else MARGINS.length

    def values(g: pd.DataFrame) -> tuple[np.ndarray, str]:
        if it:
            return g["tournaments"].to_numpy(dtype=float), f"mean of our {len(g)} runs " \
                "(failed runs at N)"
        x = _solving(g, "length")
        return x, f"mean of our {x.size} solving runs (of {len(g)})"
    evs = {name: V.not_comparable("unsolvable under this reading", "exact: no goal reachable",
                                  kind="estimate") if g is None else
           _estimate(*values(g), paper, margin) for name, g in s.items()}
    ok = head["solved"].astype(bool).to_numpy()
    if not ok.all() and it:
        evs["failures excluded"] = _estimate(_solving(head, "tournaments"), f"mean of our "
                                             f"{ok.sum()} solving runs (of {ok.size})", paper,
                                             margin)
    elif not ok.all():
        evs["failures as length 0"] = _estimate(np.where(ok, head["length"].fillna(0), 0.0),
                                                f"mean of our {ok.size} runs (failed runs as "
                                                "length 0)", paper, margin)
    if it and key == "C3":
        sd = Sample(paper.mean, PAPER_RUNS, paper_value(key, "iter_ci95"))
        evs["± as an sd"] = _estimate(*values(head), sd, margin)
    if it and key in S.NOISY + S.E_SERIES:
        evs["over our states"] = S.state_evidence(data.stored("states"), key, paper.mean)
    cell = printed(key)[:2] if it else printed(key)[2:]
    if evs[HEADLINE].settled is None:
        evs[HEADLINE] = _label(evs[HEADLINE], test=f"the paper's {cell[1]} read as a Student-t "
                               f"95% half-width over its {PAPER_RUNS} runs: sd {fmt(paper.sd)}")
    return Finding(evs, paper=" ".join(cell), why=(_iter_why if it else _len_why)(data, key, s),
                   available=len(head) if it else int(ok.sum()))


EVIDENCE.claim("T{table}-{key}-iter", **CELL)(lambda data, table, key: _cell(data, key, True))
EVIDENCE.claim("T{table}-{key}-len", **CELL)(lambda data, table, key: _cell(data, key, False))


def _others(s: Samples, what: str) -> str:
    """Our means under every reading but the headline's (over solving runs for lengths)."""
    return "under the other readings and settings our mean is " + _range(
        [g["tournaments"].mean() if what == "tournaments" else _solving(g, what).mean()
         for n, g in s.items() if n != HEADLINE and g is not None and g["solved"].any()])


def _c4(data: Data, column: str) -> str:
    rd = data.table("readings").set_index("reading")
    return " and ".join(_num(rd.at[f"C4 light {i}", column]) for i in (3, 9)) + " (readings.csv)"


def _iter_why(data: Data, key: str, s: Samples) -> str:
    """Measured facts behind an iteration cell (causes, or hypotheses where the notebook does
    not measure them, are in the inventory's why)."""
    head = s[HEADLINE]
    facts = [f"our {len(head)} runs: median {_num(head['tournaments'].median())} tournaments, "
             f"{len(head) - int(head['solved'].sum())} hit N", _others(s, "tournaments")]
    if _at0(head):
        facts.append(f"the random population already holds a solving ring in {_at0(head)} of "
                     "them")
    if key == "C2":
        facts.append(f"C2's optimum is {int(_results(data).at['C2', 'shortest'])} moves")
    if key == "C4":
        facts.append("lights 3 and 9 give 20-run means of " + _c4(data, "iter_mean"))
    if key in S.NOISY + S.E_SERIES:
        p = S.position(data.stored("states"), key, paper_value(key, "iter_mean"))
        facts.append(f"{key} is one random state: over our {p['states']} states (20 runs each, "
                     f"states.csv) the 20-run means range {_num(p['min'])}-{_num(p['max'])} "
                     f"(median {_num(p['median'])}) and the paper's {printed(key)[0]} lies "
                     f"{'in' if p['in_range'] else 'out'}side that range ("
                     f"{p['share_below']:.0%} of our states below it)")
    return "; ".join(facts)


def _len_why(data: Data, key: str, s: Samples) -> str:
    """Measured facts behind a length cell."""
    head = s[HEADLINE]
    ln = _solving(head, "length")
    if ln.size < 2:
        return (f"only {ln.size} of our {len(head)} runs solve {key} within N = {N}, so there "
                "is no mean over solving runs; the readings column gives failed runs as 0")
    facts = [f"optimum {int(_results(data).at[key, 'shortest'])} (exact search); our {ln.size}"
             f" solving strings {_range(ln)} actions", _others(s, "length")]
    if ln.size < len(head):
        facts.append(f"with failed runs as length 0, {_num(ln.sum() / len(head))}")
    if key == "C4":
        facts.append("lights 3 and 9 give mean lengths " + _c4(data, "length_mean"))
    if key == "C5":
        cal = data.table("calibration_unweighted").set_index("reading")
        cal = cal[(cal["tournament"] == DEFAULT.tournament)
                  & (cal["mutations"] == DEFAULT.mutations)]["len_log_ratio"]
        near = [math.exp(cal[r]) for r in READINGS if r != "actions_only"]
        facts.append(f"over all instances the readings other than actions only give "
                     f"{fmt(min(near), 3)}-{fmt(max(near), 3)} times the paper's lengths "
                     f"(geometric means, calibration.csv; actions only "
                     f"{fmt(math.exp(cal['actions_only']), 3)})")
    return "; ".join(facts)


@EVIDENCE.claim("TIII-C3-ci")
def c3_interval(data: Data) -> Finding:
    """C3's printed interval against what 20 non-negative runs with its mean allow."""
    m, half = paper_value("C3", "iter_mean"), paper_value("C3", "iter_ci95")
    return Finding(V.not_comparable(
        f"needs s = {fmt(paper_sd(half))}; {PAPER_RUNS} values >= 0 with mean {m} have s <= "
        f"{fmt(m * math.sqrt(PAPER_RUNS))}", "arithmetic"), paper=" ".join(printed("C3")[:2]))


# --- orderings, counts, trends, rankings -------------------------------------------------------

# (id, easier, harder, unit): fixed instances compared run by run; noisy instances standing
# for a parameter (n, Q, c) one value per state, the table's states in the readings.
PAIRS = (*((f"AB-{i}", f"A{i}", f"B{i}", "run") for i in range(1, 6)),
         ("AB-all", "A1-A5", "B1-B5", "run"), ("C-vs-AB", "A1-A5+B1-B5", "C1-C6", "run"),
         *((f"F{i}-C3", "C3", f"F{i}", "run") for i in range(1, 5)),
         ("VI-c-harder", "B1-B5", "C1-C5", "run"), ("D-6-12", "D1", "A5", "state"),
         ("D-12-18", "A5", "D2", "state"), ("D-18-24", "D2", "D3", "state"),
         *((f"E-Q{q}", f"E{q + 1}", f"E{q}", "state") for q in range(1, 5)),
         ("VI-c5", "C5", "C6", "state"))


def _pair(cid: str, low: str, high: str, unit: str) -> None:
    @EVIDENCE.claim(cid, unit=unit, stored=ORD + STATES)
    def order(data: Data) -> Finding:
        o, st = data.stored("ordering_runs"), data.stored("states")
        means = [np.mean([paper_value(k, "iter_mean") for k in keys_of(x)]) for x in (low, high)]
        why = [f"the paper's own means ({_paper_means(low, high)}) do not show this order"
               ] if means[0] >= means[1] else []
        if _km(o, low) == _km(o, high) == "0":
            why.insert(0, "the random population solves both at once: " + " and ".join(
                f"{_at0(g)} of {len(g)}" for g in (_of(o, low), _of(o, high))) + " runs at 0")
        ev = _order(o, low, high)
        if unit == "state":
            s = S.e_order(st, low, high)
            ev = {"over our states": _per_state(s, f"{s.ours} (20-run means over our states)"),
                  "the table's states, 200 runs": ev}
        return Finding(ev, paper=_paper_means(low, high), why="; ".join(why))


for _row in PAIRS:
    _pair(*_row)


@EVIDENCE.claim("TI-hierarchy", unit="run", stored=ORD)
def hierarchy(data: Data) -> Finding:
    """A4 and A5 each harder than each of A1-A3: the weakest of six pairs."""
    o = data.stored("ordering_runs")
    return Finding(_weakest({f"A{i} < A{j}": _order(o, f"A{i}", f"A{j}") for i in (1, 2, 3)
                             for j in (4, 5)}), paper=_paper_means("A1-A3", "A4-A5"))


@EVIDENCE.claim("F3-F12", unit="run", stored=ORD)
def f3_f12(data: Data) -> Finding:
    """F3 harder than F1 and than F2."""
    o = data.stored("ordering_runs")
    return Finding(_weakest({f"F{i} < F3": _order(o, f"F{i}", "F3") for i in (1, 2)}),
                   paper=_paper_means("F1-F2", "F3"),
                   why="KM medians " + ", ".join(f"F{i} {_km(o, f'F{i}')}" for i in (1, 2, 3)))


@EVIDENCE.claim("VI-patterned", unit="state", stored=ORD + STATES)
def patterned(data: Data) -> Finding:
    """Patterned starts easier than noisy ones, one value per state: each patterned instance's
    mean over all its runs (failures at N) against the 20-run means of the noisy instance's
    states, per set (the paper's reading) and instance by instance."""
    o, st = data.stored("ordering_runs"), data.stored("states")
    mean = {k: float(censored_times(o, k, N).mean()) for k in keys_of("A1-A4+B1-B4+C1-C4")}
    noisy = {s: st.loc[st["instance"] == f"{s}5", "mean_tournaments"].to_numpy(float)
             for s in "ABC"}

    def vs(keys: list[str]) -> Evidence:
        ev = V.ordering([mean[k] for k in keys], noisy[keys[0][0]], paired=False)
        return _per_state(ev, f"{ev.ours} ({len(keys)} patterned means of {len(o) // 28} runs "
                          f"vs {noisy[keys[0][0]].size} {keys[0][0]}5 state means of 20 runs)")
    return Finding({"each set": _weakest({f"{s}1-{s}4 < {s}5": vs(keys_of(f"{s}1-{s}4"))
                                          for s in "ABC"}),
                    "every patterned instance": _weakest({f"{k} < {k[0]}5": vs([k])
                                                          for k in mean})},
                   paper="; ".join(_paper_means(f"{s}1-{s}4", f"{s}5") for s in "ABC"),
                   why="our means: " + "; ".join(", ".join(
                       f"{k} {_num(mean[k])}" for k in keys_of(f"{s}1-{s}4")) + f" vs {s}5's "
                       f"states median {_num(float(np.median(noisy[s])))}" for s in "ABC"))


@EVIDENCE.claim("VI-all-parameters", unit="run", stored=ORD)
def all_parameters(data: Data) -> Finding:
    """One contrast per parameter in the paper's direction: the weakest decides."""
    o = data.stored("ordering_runs")
    return Finding(_weakest({f"{w}: {a} < {b}": _order(o, a, b) for w, a, b in (
        ("n", "D1", "D3"), ("c", "B1-B5", "C1-C5"), ("initial state", "A1", "A4"),
        ("action set", "A1-A5", "B1-B5"))}))


@EVIDENCE.claim("III-patterned-strings", unit="run", tables=("runs",))
def patterned_strings(data: Data) -> Finding:
    """Each solving string against a uniform random string of the same length and actions by
    Lempel-Ziv complexity, paired (no pair is equal by construction)."""
    pt = string_patterns(data.table("runs"), data.seed, data.budget.ea())
    if len(pt) < 2:
        return Finding(V.not_comparable(f"{len(pt)} solving strings of >= 8 actions",
                                        kind="ordering"), why="too few solving strings")
    ev = V.ordering(pt["lz_dwp"], pt["lz_random"], paired=True, inert=np.zeros(len(pt), bool))
    return Finding(_label(ev, f"median Lempel-Ziv complexity {fmt(pt['lz_dwp'].median())} vs "
                          f"{fmt(pt['lz_random'].median())} ({len(pt)} solving strings of >= 8 "
                          "actions vs uniform random strings of the same length and actions)",
                          "each solving string paired with its random twin"), available=len(pt))


def _count(cid: str, spec: str, says: str, failing: str = "") -> None:
    """Every run of ``spec`` solved, as the paper's 20 runs of each imply (and ``failing``'s
    runs do fail)."""
    @EVIDENCE.claim(cid, unit="run", stored=ORD)
    def solved(data: Data) -> Finding:
        o, hit = data.stored("ordering_runs"), _hit(data)
        g, ok, n = _of(o, spec), int(_of(o, spec)["solved"].sum()), PAPER_RUNS * len(keys_of(spec))
        med = hit.loc[keys_of(spec), "km_median"]
        c = _of(o, failing or spec)
        fails = f"; {len(c) - int(c['solved'].sum())} of {len(c)} runs of {failing} fail" \
            if failing else ""
        return Finding(_label(V.count((ok, len(g)), (n, n), MARGINS.rate), f"{ok}/{len(g)} runs"
                              f" of {spec} solved{fails}", f"KM medians {fmt(med.min())}-"
                              f"{fmt(med.max())} of {N} tournaments"),
                       paper=says.format(n=n), available=len(g))


_count("TI-all-quick", "A1-A5", "all solved, quite quickly ({n} of {n} runs implied)")
_count("C-first-failures", "A1-A5+B1-B5", "no failure in Tables I-II ({n} of {n} runs "
       "implied), failures in Table III", "C1-C6")


def _trend(cid: str, x: Mapping[str, float], increasing: bool) -> None:
    """A parameter's effect over our states (one 20-run mean each), the table's states' runs
    as a reading."""
    @EVIDENCE.claim(cid, unit="state", stored=ORD + STATES)
    def trend(data: Data) -> Finding:
        st, o = data.stored("states"), data.stored("ordering_runs")
        g = st[st["instance"].isin(list(x))]
        ev = V.trend(g["instance"].map(x), g["mean_tournaments"], increasing)
        xs = np.concatenate([np.full(int((o["instance"] == k).sum()), v) for k, v in x.items()])
        runs = V.trend(xs, _times(o, "+".join(x)), increasing)
        return Finding({"over our states": _per_state(ev, f"{ev.ours} over {len(g)} states' "
                                                      "20-run means"),
                        "the table's states, 200 runs": _label(
                            runs, f"{runs.ours}; KM medians " + ", ".join(
                                f"{k} {_km(o, k)}" for k in x), f"{xs.size} runs, failures at N")},
                       paper=", ".join(printed(k)[0] for k in x))


_trend("D-lights-trend", {"D1": 6, "A5": 12, "D2": 18, "D3": 24}, True)
_trend("E-trend", {k: float(q_values()[k]) for k in S.E_SERIES}, False)


@EVIDENCE.claim("VI-reachable", unit="instance", tables=("results",), stored=ORD)
def reachable_trend(data: Data) -> Finding:
    """Exact reachable states against the KM median of 200 runs, sets C, D (with A5) and E."""
    keys = keys_of("C1-C6+D1+A5+D2-D3+E1-E5")
    ev = V.trend(_results(data).loc[keys, "reachable_states"].astype(float),
                 _capped(_hit(data), keys), increasing=True)
    return Finding(_label(ev, test=f"{len(keys)} instances of sets C, D (with A5) and E: exact "
                          "reachable states against the KM median of 200 runs (> N ranked "
                          "above every solved median)"))


@EVIDENCE.claim("V-ranking", unit="instance", tables=("results",), stored=ORD)
def ranking(data: Data) -> Finding:
    """Our mean of 200 runs per instance against the paper's means, Spearman."""
    keys = list(_results(data).index)
    ev = V.ranking([paper_value(k, "iter_mean") for k in keys],
                   _hit(data).loc[keys, "mean_at_N"], MARGINS.rank)
    return Finding(_label(ev, test="our mean of 200 runs (failures at N) per instance"),
                   paper="means of Tables I-VI")


def _lengths(data: Data) -> pd.Series:
    o = data.stored("ordering_runs")
    return o[o["solved"]].groupby("instance")["length"].mean()


@EVIDENCE.claim("IV-length-supports", unit="instance", tables=("results",), stored=ORD)
def length_supports(data: Data) -> Finding:
    """Our mean tournaments against our mean solving length over the instances."""
    keys, ln = list(_results(data).index), _lengths(data)
    rho = stats.spearmanr([paper_value(k, "iter_mean") for k in keys],
                          [paper_value(k, "length_mean") for k in keys]).statistic
    keys = [k for k in keys if k in ln.index]
    return Finding(_label(V.ranking(_hit(data).loc[keys, "mean_at_N"], ln[keys], MARGINS.rank),
                          test=f"our mean tournaments against our mean solving length, "
                          f"{len(keys)} instances with a solving run (200 runs each)"),
                   why=f"the paper's own tables give rho {rho:.3f} between its mean "
                   "iterations and mean lengths")


@EVIDENCE.claim("VI-reach-length", unit="instance", tables=("results",), stored=ORD)
def reach_length(data: Data) -> Finding:
    """Reachable states against the required length: the optimum, or the EA's mean."""
    res, ln = _results(data), _lengths(data)
    known, with_len = res.index[res["shortest"].notna()], [k for k in res.index if k in ln.index]
    return Finding({
        "required length = the optimum": _label(V.ranking(
            res.loc[known, "reachable_states"].astype(float),
            res.loc[known, "shortest"].astype(float), MARGINS.rank),
            test=f"exact reachable states against the exact optimum, {len(known)} instances"),
        "required length = the EA's mean solving length": _label(V.ranking(
            res.loc[with_len, "reachable_states"].astype(float), ln[with_len], MARGINS.rank),
            test=f"{len(with_len)} instances with a solving run (200 runs each)")})


# --- exact numbers and checked statements -------------------------------------------------------


@EVIDENCE.claim("Fig2")
def fig2(data: Data) -> Finding:
    """Fig. 1's state after (3, sigma^3 e0), as the paper prints Fig. 2."""
    return Finding(V.exact(figure_state("Fig. 2"), state_str(X.fig1_fig2()[1])),
                   paper=figure_state("Fig. 2"))


@EVIDENCE.claim("Ex3-Q")
def ex3_q(data: Data) -> Finding:
    """Our q_value of Example 3's actions (the paper prints no Q for it)."""
    return Finding(V.beyond(int(X.example3_analysis()[0]["Q"]), "model.q_value; Section IV's "
                            f"rule by hand gives gcd(6, 4 - 1) = {math.gcd(6, 4 - 1)}"))


@EVIDENCE.claim("E{i}-Q", tables=("e_reachable",))
def e_q(data: Data, i: str) -> Finding:
    """Q of E1-E5 by our rule against the paper's."""
    r = data.table("e_reachable").set_index("instance").loc[f"E{i}"]
    return Finding(V.exact(q_values()[f"E{i}"], int(r["Q (ours)"])), paper=q_values()[f"E{i}"])


@EVIDENCE.claim("E{i}-reach", tables=("e_reachable",))
def e_reach(data: Data, i: str) -> Finding:
    """Reachable states of E1-E5 (group order, checked by BFS) against the paper's."""
    r = data.table("e_reachable").set_index("instance").loc[f"E{i}"]
    ours, q, paper = int(r["reachable (group order)"]), int(r["Q (ours)"]), reachable()[f"E{i}"]
    why = f"group order and BFS agree on {ours} = n 2^(n-Q+1) with Q = {q}; the paper's " \
        f"{paper} would need Q = {q - 1}" if paper != ours == int(r["reachable (BFS)"]) else ""
    return Finding(_label(V.exact(paper, ours), test="group order and BFS"), paper=paper,
                   why=why)


THEORY = {"tables": ("theory",)}


def _facts(data: Data) -> theory.Facts:
    return theory.from_json(data.json("theory"))


def _checked(data: Data, cid: str) -> dict:
    """The row of the exhaustive checks' table that decides ``cid``."""
    return next(r for r in theory.table(_facts(data)) if r["claim"] == cid)


for _cid in ("I-reversible", "I-solvable-kept", "VI-generate-from-goal", "IV-many-unsolvable",
             "IV-Q2-c2-solvable", "IV-Q2c2-unsolvable", "I-reversal-long", "Ex3-unsolvable",
             "Ex1-solvable"):
    EVIDENCE.claim(_cid, **THEORY)(lambda data, cid=_cid: Finding(V.qualitative(*(
        _checked(data, cid)[k] for k in ("holds", "found", "checked on")))))
# Numbers counted by the checks: id -> (the paper's formula at our size, fact, test, paper).
for _cid, (_want, _fact, _test, _paper) in {
        "L1-states": (12 * 2 ** 12, "lemma1_w12", "W_(12,2) listed state by state", "n c^n"),
        "II-goals-n": (12, "goals_a1", "goal states of A1 (n = 12)", "n"),
        "II-action-sets": (2 ** 8, "action_sets_w22", "subsets of W_(2,2) (8 states) counted",
                           "2^(n c^n)")}.items():
    EVIDENCE.claim(_cid, **THEORY)(lambda data, w=_want, f=_fact, t=_test, p=_paper: Finding(
        _label(V.exact(w, getattr(_facts(data), f)), test=t), paper=p))


@EVIDENCE.claim("IV-add-actions", **THEORY)
def add_actions(data: Data) -> Finding:
    """True for any action set, so by construction (the search confirms it)."""
    r = _checked(data, "IV-add-actions")
    return Finding(V.by_construction("qualitative", f"{r['found']} ({r['checked on']})",
                                     "a move string that solves the instance with the old "
                                     "actions still solves it with more: the reachable set "
                                     "only grows"))


@EVIDENCE.claim("IV-Q1-any", **THEORY)
def q1_any(data: Data) -> Finding:
    """Q = 1 over sets with an e0 action (our reading) or every constrained set (literal)."""
    r, q = _checked(data, "IV-Q1-any"), _facts(data).q
    return Finding({"with an e0 action": V.qualitative(r["holds"], r["found"], r["checked on"]),
                    "every constrained set (literal)": V.qualitative(
                        r["holds"] and q.q1_turns_unsolvable == 0, r["found"], r["checked on"])},
                   why=f"{q.q1_turns} sets of turns only ((k, 0) actions) have Q = 1 by the rule "
                   "yet never change a light; read literally the statement fails on them")


def _per_l(f: theory.Facts, i: int) -> str:
    return ", ".join(f"{k} " + ("/".join(map(str, sorted(v))) if isinstance(v, frozenset)
                                else str(v)) for k in S.E_SERIES for v in [f.per_l[k][i]])


def _small(ok: int, of: int) -> str:
    return f"; all {of} small sets" if ok == of else f"; {of - ok} of {of} small sets differ"


@EVIDENCE.claim("IV-nQ-same-L", **THEORY)
def nq_same_l(data: Data) -> Finding:
    """Reachable states per reachable L-component, E1-E5 and every small searched set."""
    f = _facts(data)
    nq = ", ".join(f"{k} {12 // q_values()[k]}" for k in S.E_SERIES)
    return Finding(_label(V.exact(nq + f"; all {f.q.searched} small sets",
                                  _per_l(f, 0) + _small(f.q.same_l_ok, f.q.searched)),
                          test=_checked(data, "IV-nQ-same-L")["checked on"]), paper="n/Q")


@EVIDENCE.claim("IV-nQ-unique-L", **THEORY)
def nq_unique_l(data: Data) -> Finding:
    """One move from the n/Q states sharing an L-component (our reading), or the distinct
    reachable L-components (the literal reading)."""
    f, test = _facts(data), _checked(data, "IV-nQ-unique-L")["checked on"]
    nq = ", ".join(f"{k} {12 // q_values()[k]}" for k in S.E_SERIES)
    return Finding({"one move (ours)": _label(V.exact(
        nq + f"; all {f.q.searched_e0} small sets",
        _per_l(f, 2) + _small(f.q.one_move_ok, f.q.searched_e0)), test=test),
        "literal (all reachable L-components)": _label(V.exact(nq, _per_l(f, 1)),
                                                        test="distinct reachable L-components")},
        paper="n/Q", why=f"read literally, E1-E5 reach {_per_l(f, 1)} distinct L-components")


@EVIDENCE.claim("Fig4-trace")
def fig4(data: Data) -> Finding:
    """The ring's first seven reads against the text's description of Fig. 4."""
    want = [(1, "action"), (2, "action"), (3, "jump to entry 1"), (1, "action"),
            (2, "action"), (3, "skip"), (4, "action")]
    got = [(int(r.entry), "action" if str(r.does).startswith("action") else str(r.does))
           for r in X.fig4_trace(12).head(7).itertuples()]
    return Finding(V.qualitative(got == want, "reads: " + ", ".join(
        f"entry {e} {w}" for e, w in got), "examples.fig4_trace: the ring's first seven reads "
        "against the text's description"))


@EVIDENCE.claim("Fig5-crossover")
def fig5(data: Data) -> Finding:
    """Fig. 5's crossover and mutation checked entry by entry on our example."""
    f5 = X.fig5_example(data.seed)
    p1, p2, c1, c2, m1, m2 = (np.asarray(x) for x in f5["rings"])
    cut, mut = int(f5["cut"]), int(f5["mutate"])
    ok = (np.array_equal(c1, np.r_[p1[:cut], p2[cut:]])
          and np.array_equal(c2, np.r_[p2[:cut], p1[cut:]])
          and all(np.flatnonzero(m != c).tolist() == [mut - 1] for m, c in ((m1, c1), (m2, c2))))
    return Finding(V.qualitative(ok, f"children take entries 1-{cut} of one parent and the rest "
                                 f"of the other; only entry {mut} of each child changes in "
                                 "mutation", "examples.fig5_example checked entry by entry"))


@EVIDENCE.claim("III-patterns-quick", stored=ORD)
def patterns_quick(data: Data) -> Finding:
    """A1, B1 and C1 solved by the random population in most runs."""
    o = data.stored("ordering_runs")
    quick = {k: (_at0(_of(o, k)), len(_of(o, k))) for k in ("A1", "B1", "C1")}
    return Finding(V.qualitative(all(2 * a > n for a, n in quick.values()),
                                 "solved by the random population (0 tournaments) in " + ", ".join(
                                     f"{k} {a}/{n}" for k, (a, n) in quick.items()) + " runs",
                                 "'quickly' read as: most runs solve at 0 tournaments"))


@EVIDENCE.claim("IV-long-not-hard", stored=ORD)
def long_not_hard(data: Data) -> Finding:
    """Runs solved at 0 tournaments with strings at least as long as the median one."""
    solved = data.stored("ordering_runs").query("solved")
    med = float(solved["length"].median())
    long0 = solved[(solved["tournaments"] == 0) & (solved["length"] >= med)]
    top = long0.sort_values("length", ascending=False).drop_duplicates("instance").head(3)
    return Finding(V.qualitative(len(long0) > 0, f"{len(long0)} runs solved at 0 tournaments "
                                 f"have strings of at least {fmt(med)} actions (the median "
                                 "solving string), e.g. " + ", ".join(
                                     f"{r.instance} {int(r.length)}" for r in top.itertuples()),
                                 "all solving runs of the 200-run set"))


@EVIDENCE.claim("TV-negligible", stored=ORD)
def negligible(data: Data) -> Finding:
    """The spread of KM medians within E against that within the earlier sets."""
    hit = _hit(data)
    spans = {s: float(np.log10((1 + m.max()) / (1 + m.min()))) for s in "ABCDE"
             for m in [_capped(hit, [k for k in hit.index if k[0] == s])]}
    return Finding(V.qualitative(all(spans["E"] < spans[s] for s in "ABCD"),
                                 "spread of KM medians (log10 of max/min, +1): " + ", ".join(
                                     f"{s} {v:.2f}" for s, v in spans.items()),
                                 "200 runs per instance; > N counted as 2N"))


@EVIDENCE.claim("VI-length-variety", stored=ORD)
def length_variety(data: Data) -> Finding:
    """Longest against shortest solving string per instance."""
    g = data.stored("ordering_runs").query("solved").groupby("instance")["length"]
    ratio = (g.max() / g.min())[g.count() >= 2]
    wide = int((ratio >= 2).sum())
    return Finding(V.qualitative(2 * wide > len(ratio), f"in {wide} of {len(ratio)} instances "
                                 "the longest solving string is at least twice the shortest "
                                 f"(max/min {_range(list(ratio))})", "'wide variety' read as "
                                 "a factor of two or more in most instances (200 runs each)"))


def _optimum_vs_median(data: Data) -> Finding:
    """Pairs of instances the EA's KM median orders against their optima."""
    res, o, hit = _results(data), data.stored("ordering_runs"), _hit(data)
    keys = list(res.index)
    short, med = res["shortest"].astype(float), dict(zip(keys, _capped(hit, keys), strict=True))
    pairs = [(a, b) for a in keys for b in keys if short[a] < short[b]]
    disc = [(a, b) for a, b in pairs if med[a] > med[b]]
    rho = stats.spearmanr(short[keys], [med[k] for k in keys]).statistic
    eg = "".join(f", e.g. {a} (optimum {int(short[a])}, median {_km(o, a)}) vs {b} (optimum "
                 f"{int(short[b])}, median {_km(o, b)})" for a, b in
                 sorted(disc, key=lambda ab: med[ab[1]] - med[ab[0]])[:1])
    return Finding(V.qualitative(bool(disc), f"{len(disc)} of {len(pairs)} pairs with different "
                                 f"optima are ordered the other way by the EA's KM median{eg}; "
                                 f"Spearman rho {rho:.2f} over {len(keys)}", "exact optima "
                                 "against KM medians of 200 runs; 'not necessarily' read as: "
                                 "such pairs exist"))


for _cid in ("III-shortest-not-difficulty", "VI-length-inconsequential"):
    EVIDENCE.claim(_cid, tables=("results",), stored=ORD)(_optimum_vs_median)


@EVIDENCE.claim("VI-gradual")
def gradual(data: Data) -> Finding:
    """Needs best-fitness trajectories, which our runs do not keep (the inventory's why)."""
    return Finding(V.not_comparable(kind="qualitative"))


# --- beyond the paper ---------------------------------------------------------------------------


@EVIDENCE.claim("calibration", tables=("calibration", "calibration_ranking"))
def calibration(data: Data) -> Finding:
    """The weighted calibration's best setting (calibration.csv with its ranking)."""
    c = data.table("calibration").merge(data.table("calibration_ranking"), on=[
        "reading", "tournament", "mutations", "score_se", "chosen"])
    r = c[c["chosen"]].iloc[0]
    return Finding(V.beyond(
        f"{r.reading}, T={r.tournament}, m={r.mutations}: iter log ratio "
        f"{fmt(r.iter_log_ratio)}, length log ratio {fmt(r.len_log_ratio)}",
        f"least random-effects weighted score over {len(c)} settings without "
        f"{r.excluded.replace(';', ', ')} (calibration.csv); {int(c['indistinguishable'].sum())} "
        "settings within 1.96 standard errors; the notebook's default ranks "
        f"{int(c.loc[c['default'], 'rank'].iloc[0])}", f"se {fmt(r.iter_se)}, {fmt(r.len_se)}"))


@EVIDENCE.claim("model", tables=("model_least_squares", "random_instances"))
def model(data: Data) -> Finding:
    """The least-squares difficulty model on the random instances (model_least_squares.csv)."""
    v = data.table("model_least_squares").set_index("name")["value"]
    cv = next(n for n in v.index if "cross-validated" in n)
    held = next(n for n in v.index if n.startswith("R2 held out"))
    return Finding(V.beyond(f"R2 cross-validated {fmt(v[cv])}, held out {fmt(v[held])}",
                            f"least squares on {len(data.table('random_instances'))} random "
                            "instances (model.csv)"))
