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
from puzzles.clockwork import reference as R
from puzzles.clockwork import states as S
from puzzles.clockwork import theory
from puzzles.clockwork.dwp import DEFAULT, READINGS
from puzzles.clockwork.experiments import string_patterns
from puzzles.clockwork.hitting import censored_times, hitting_summary, km_median
from puzzles.clockwork.margins import MARGINS, PAPER_RUNS, paper_sample
from puzzles.clockwork.model import state_str
from puzzles.clockwork.reference import paper_value, printed, protocol, q_values
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
    """A claim needing every part rests on the part least in its favour (named)."""
    label, ev = V.weakest(dict(parts))
    return _label(ev, f"{ev.ours} [weakest of {len(parts)}: {label}]",
                  f"the weakest of {len(parts)} comparisons ({label}): the claim needs all")


def _paper_means(*specs: str) -> str:
    return " vs ".join(f"{s} " + ", ".join(printed(k)[0] for k in keys_of(s)) for s in specs)


def _memo(fn):
    """``fn(data, *args)`` computed once per ledger build (:meth:`Data.memo`)."""
    return lambda data, *args: data.memo(fn, *args)


def _results(data: Data) -> pd.DataFrame:
    return data.table("results").drop_duplicates("instance").set_index("instance")


@_memo
def _hit(data: Data) -> pd.DataFrame:
    """Per instance of the 200-run set; ``capped``: KM medians with "> N" counted as 2N."""
    h = hitting_summary(data.stored("ordering_runs"), N).set_index("instance")
    return h.assign(capped=np.minimum(h["km_median"], 2.0 * N))


# --- Tables I-VI ----------------------------------------------------------------------------
CELL = {"unit": "run", "tables": ("results", "runs", "readings", "calibration", "variant_runs"),
        "stored": ("ordering_runs", "reading_runs", "calibration_runs", "states")}
Samples = Mapping[str, "pd.DataFrame | None"]


@_memo
def _samples(data: Data, key: str) -> dict[str, pd.DataFrame | None]:
    """Our runs of an instance under each reading, the headline first (None: unsolvable)."""
    o, rr, v = data.stored("ordering_runs"), data.stored("reading_runs"), data.table("variant_runs")
    out: dict[str, pd.DataFrame | None] = {HEADLINE: o[o["instance"] == key]}
    out |= {NAMES[r]: _where(rr, reading=r, instance=key) for r in READINGS
            if r != DEFAULT.reading}
    out |= {"C2": {"C2 odd lights (1-based even)": v[v["instance"] == "C2 odd 0-based (1,3,..)"]},
            "C3": {"C3 without light 0": None},
            "C4": {"C4 light 6 (1-based seventh)": None}}.get(key, {})
    c = data.stored("calibration_runs")
    out |= {f"{NAMES[r]}, T = {t}, m = {m}": _where(c, reading=r, tournament=t, mutations=m,
                                                     instance=key)
            for r, t, m in top_settings(data.table("calibration"))
        if (t, m) != (DEFAULT.tournament, DEFAULT.mutations)}
    runs = data.table("runs")
    return out | {"this notebook's runs": runs[runs["instance"] == key]}


def _where(df: pd.DataFrame, **equal: object) -> pd.DataFrame:
    return df[np.logical_and.reduce([df[k] == v for k, v in equal.items()])]


def _solving(g: pd.DataFrame, what: str) -> np.ndarray:
    return g.loc[g["solved"].astype(bool), what].to_numpy(dtype=float)


def _estimate(x: np.ndarray, what: str, paper: Sample, margin: V.Margin) -> Evidence:
    if x.size < 2:
        return V.not_comparable(what.replace("mean of our", "only"), "none: fewer than two "
                                "values", kind="estimate")
    return _label(V.estimate(Sample.of(x), paper, margin), f"{_num(x.mean())}: {what}")


def iter_margin(samples: Samples, paper_mean: float) -> V.Margin:
    """Near zero when the paper's mean is at most 1 or a mean the row compares (any reading,
    the headline's solving runs) is 0: a log ratio has no value at 0."""
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
    return Finding(evs, paper=" ".join(cell), why=_why(data, key, s, it),
                   available=len(head) if it else int(ok.sum()))


EVIDENCE.claim("T{table}-{key}-iter", **CELL)(lambda data, table, key: _cell(data, key, True))
EVIDENCE.claim("T{table}-{key}-len", **CELL)(lambda data, table, key: _cell(data, key, False))


def _others(s: Samples, what: str) -> str:
    return "under the other readings and settings our mean is " + _range(
        [g["tournaments"].mean() if what == "tournaments" else _solving(g, what).mean()
         for n, g in s.items() if n != HEADLINE and g is not None and g["solved"].any()])


def _why(data: Data, key: str, s: Samples, it: bool) -> str:
    """Measured facts behind a cell (causes and hypotheses: the inventory's why)."""
    head = s[HEADLINE]
    ln, n, rd = _solving(head, "length"), len(head), data.table("readings").set_index("reading")
    if not it and ln.size < 2:
        return (f"only {ln.size} of our {n} runs solve {key} within N = {N}, so there is no "
                "mean over solving runs; the readings column gives failed runs as 0")
    facts = [f"our {n} runs: median {_num(head['tournaments'].median())} tournaments, "
             f"{n - int(head['solved'].sum())} hit N" if it else "optimum "
             f"{fmt(_results(data).at[key, 'shortest']) or 'not searched'} (exact search); our "
             f"{ln.size} solving strings {_range(ln)} actions",
             _others(s, "tournaments" if it else "length")]
    if it and _at0(head):
        facts.append(f"the random population already holds a solving ring in {_at0(head)} of "
                     "them")
    if not it and ln.size < n:
        facts.append(f"with failed runs as length 0, {_num(ln.sum() / n)}")
    if it and key == "C2":
        facts.append(f"C2's optimum is {fmt(_results(data).at['C2', 'shortest'])} moves")
    if key == "C4":
        facts.append(f"lights 3 and 9 give {'20-run means' if it else 'mean lengths'} of "
                     + " and ".join(_num(rd.at[f"C4 light {i}", "iter_mean" if it else
                                                "length_mean"]) for i in (3, 9))
                     + " (readings.csv)")
    if it and key in S.NOISY + S.E_SERIES:
        p = S.position(data.stored("states"), key, paper_value(key, "iter_mean"))
        facts.append(f"{key} is one random state: over our {p['states']} states (20 runs each, "
                     f"states.csv) the 20-run means range {_num(p['min'])}-{_num(p['max'])} "
                     f"(median {_num(p['median'])}) and the paper's {printed(key)[0]} lies "
                     f"{'in' if p['in_range'] else 'out'}side that range ("
                     f"{p['share_below']:.0%} of our states below it)")
    return "; ".join(facts)


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


def _weakest_of(cid: str, paper: str, parts: dict[str, tuple[str, str]]) -> None:
    """A claim over several orderings, each needed: the weakest decides."""
    EVIDENCE.claim(cid, unit="run", stored=ORD)(lambda data: Finding(_weakest({
        k: _order(data.stored("ordering_runs"), *p) for k, p in parts.items()}), paper=paper))


_weakest_of("TI-hierarchy", _paper_means("A1-A3", "A4-A5"),
            {f"A{i} < A{j}": (f"A{i}", f"A{j}") for i in (1, 2, 3) for j in (4, 5)})
_weakest_of("F3-F12", _paper_means("F1-F2", "F3"), {f"F{i} < F3": (f"F{i}", "F3") for i in (1, 2)})
_weakest_of("VI-all-parameters", "", {"n: D1 < D3": ("D1", "D3"), "c: B1-B5 < C1-C5": (
    "B1-B5", "C1-C5"), "initial state: A1 < A4": ("A1", "A4"), "action set: A1-A5 < B1-B5": (
    "A1-A5", "B1-B5")})


@EVIDENCE.claim("VI-patterned", unit="state", stored=ORD + STATES)
def patterned(data: Data) -> Finding:
    """Each patterned instance's mean over all its runs (failures at N) against the noisy
    instance's state means: one value per state, per set and instance by instance."""
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


@EVIDENCE.claim("III-patterned-strings", unit="run", tables=("runs",))
def patterned_strings(data: Data) -> Finding:
    """Solving strings against random twins, paired (no pair is equal by construction)."""
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
    """Every run of ``spec`` solved, as the paper's runs imply (``failing``'s runs fail)."""
    @EVIDENCE.claim(cid, unit="run", stored=ORD)
    def solved(data: Data) -> Finding:
        o, hit = data.stored("ordering_runs"), _hit(data)
        g, ok, n = _of(o, spec), int(_of(o, spec)["solved"].sum()), PAPER_RUNS * len(keys_of(spec))
        med = hit.loc[keys_of(spec), "km_median"]
        fails = "; failed runs: " + ", ".join(f"{k} {hit.at[k, 'runs'] - hit.at[k, 'successes']}"
                                             for k in keys_of(failing)) if failing else ""
        return Finding(_label(V.count((ok, len(g)), (n, n), MARGINS.rate), f"{ok}/{len(g)} runs"
                              f" of {spec} solved{fails}", f"KM medians {fmt(med.min())}-"
                              f"{fmt(med.max())} of {N} tournaments"),
                       paper=says.format(n=n), available=len(g))


_count("TI-all-quick", "A1-A5", "all solved, quite quickly ({n} of {n} runs implied)")
_count("C-first-failures", "A1-A5+B1-B5", "no failure in Tables I-II ({n} of {n} runs "
       "implied), failures in Table III", "C1-C6")


def _trend(cid: str, x: Mapping[str, float], increasing: bool) -> None:
    """A parameter's effect over our states' 20-run means (the table's states: a reading)."""
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
    keys = keys_of("C1-C6+D1+A5+D2-D3+E1-E5")
    ev = V.trend(_results(data).loc[keys, "reachable_states"].astype(float),
                 _hit(data).loc[keys, "capped"], increasing=True)
    return Finding(_label(ev, test=f"{len(keys)} instances of sets C, D (with A5) and E: exact "
                          "reachable states against the KM median of 200 runs (> N ranked "
                          "above every solved median)"))


@EVIDENCE.claim("V-ranking", unit="instance", tables=("results",), stored=ORD)
def ranking(data: Data) -> Finding:
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
EVIDENCE.claim("Fig2")(lambda data: Finding(V.exact(
    R.figure_state("Fig. 2"), state_str(X.fig1_fig2()[1])), paper=R.figure_state("Fig. 2")))
EVIDENCE.claim("Ex3-Q")(lambda data: Finding(V.beyond(
    int(X.example3_analysis()[0]["Q"]), f"model.q_value; Section IV's rule by hand gives "
    f"gcd(6, 4 - 1) = {math.gcd(6, 4 - 1)}")))


@EVIDENCE.claim("E{i}-{what}", tables=("e_reachable",))
def e_series(data: Data, i: str, what: str) -> Finding:
    r = data.table("e_reachable").set_index("instance").loc[f"E{i}"]
    q = int(r["Q (ours)"])
    if what == "Q":
        return Finding(V.exact(q_values()[f"E{i}"], q), paper=q_values()[f"E{i}"])
    ours, paper = int(r["reachable (group order)"]), R.reachable()[f"E{i}"]
    why = f"group order and BFS agree on {ours} = n 2^(n-Q+1) with Q = {q}; the paper's " \
        f"{paper} would need Q = {q - 1}" if paper != ours == int(r["reachable (BFS)"]) else ""
    return Finding(_label(V.exact(paper, ours), test="group order and BFS"), paper=paper,
                   why=why)


THEORY = {"tables": ("theory",)}


@_memo
def _facts(data: Data) -> theory.Facts:
    return theory.from_json(data.json("theory"))


def _checked(data: Data, cid: str) -> dict:
    return next(r for r in _table(data) if r["claim"] == cid)


@_memo
def _table(data: Data) -> list[dict]:
    return theory.table(_facts(data))


for _cid in ("I-reversible", "I-solvable-kept", "VI-generate-from-goal", "IV-many-unsolvable",
             "IV-Q2-c2-solvable", "IV-Q2c2-unsolvable", "I-reversal-long", "Ex3-unsolvable",
             "Ex1-solvable", "IV-nQ-same-L"):
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
    r, q = _checked(data, "IV-Q1-any"), _facts(data).q
    return Finding({"with an e0 action": V.qualitative(r["holds"], r["found"], r["checked on"]),
                    "every constrained set (literal)": V.qualitative(
                        r["holds"] and q.q1_turns_unsolvable == 0, r["found"], r["checked on"])},
                   why=f"{q.q1_turns} sets of turns only ((k, 0) actions) have Q = 1 by the rule "
                   "yet never change a light; read literally the statement fails on them")


@EVIDENCE.claim("IV-nQ-unique-L", **THEORY)
def nq_unique_l(data: Data) -> Finding:
    """Our reading (from the table of checks) and the literal one (distinct components)."""
    r, f = _checked(data, "IV-nQ-unique-L"), _facts(data)
    distinct = ", ".join(f"{k} {f.per_l[k][1]}" for k in S.E_SERIES)
    return Finding({"one move (ours)": V.qualitative(r["holds"], r["found"], r["checked on"]),
                    "literal (all reachable L-components)": V.qualitative(
                        all(f.per_l[k][1] == 12 // f.q_of[k] for k in S.E_SERIES),
                        f"E1-E5 reach {distinct} distinct L-components", "search of E1-E5")})


@EVIDENCE.claim("Fig4-trace")
def fig4(data: Data) -> Finding:
    want = [(1, "action"), (2, "action"), (3, "jump to entry 1"), (1, "action"),
            (2, "action"), (3, "skip"), (4, "action")]
    got = [(int(r.entry), "action" if str(r.does).startswith("action") else str(r.does))
           for r in X.fig4_trace(12).head(7).itertuples()]
    return Finding(V.qualitative(got == want, "reads: " + ", ".join(
        f"entry {e} {w}" for e, w in got), "examples.fig4_trace: the ring's first seven reads "
        "against the text's description"))


@EVIDENCE.claim("Fig5-crossover")
def fig5(data: Data) -> Finding:
    f5 = X.fig5_example(data.seed)
    (p1, p2, c1, c2, m1, m2), cut, mut = (list(x) for x in f5["rings"]), f5["cut"], f5["mutate"]
    ok = c1 == p1[:cut] + p2[cut:] and c2 == p2[:cut] + p1[cut:] and all(
        [i for i, (x, y) in enumerate(zip(m, c, strict=True)) if x != y] == [mut - 1]
        for m, c in ((m1, c1), (m2, c2)))
    return Finding(V.qualitative(ok, f"children take entries 1-{cut} of one parent and the rest "
                                 f"of the other; only entry {mut} of each child changes in "
                                 "mutation", "examples.fig5_example checked entry by entry"))


@EVIDENCE.claim("III-patterns-quick", stored=ORD)
def patterns_quick(data: Data) -> Finding:
    o = data.stored("ordering_runs")
    quick = {k: (_at0(_of(o, k)), len(_of(o, k))) for k in ("A1", "B1", "C1")}
    return Finding(V.qualitative(all(2 * a > n for a, n in quick.values()),
                                 "solved by the random population (0 tournaments) in " + ", ".join(
                                     f"{k} {a}/{n}" for k, (a, n) in quick.items()) + " runs",
                                 "'quickly' read as: most runs solve at 0 tournaments"))


@EVIDENCE.claim("IV-long-not-hard", stored=ORD)
def long_not_hard(data: Data) -> Finding:
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
    hit = _hit(data)
    spans = {s: float(np.log10((1 + m.max()) / (1 + m.min()))) for s in "ABCDE"
             for m in [hit.loc[hit.index.str[0] == s, "capped"]]}
    return Finding(V.qualitative(all(spans["E"] < spans[s] for s in "ABCD"),
                                 "spread of KM medians (log10 of max/min, +1): " + ", ".join(
                                     f"{s} {v:.2f}" for s, v in spans.items()),
                                 "200 runs per instance; > N counted as 2N"))


@EVIDENCE.claim("VI-length-variety", stored=ORD)
def length_variety(data: Data) -> Finding:
    g = data.stored("ordering_runs").query("solved").groupby("instance")["length"]
    ratio = (g.max() / g.min())[g.count() >= 2]
    wide = int((ratio >= 2).sum())
    return Finding(V.qualitative(2 * wide > len(ratio), f"in {wide} of {len(ratio)} instances "
                                 "the longest solving string is at least twice the shortest "
                                 f"(max/min {_range(list(ratio))})", "'wide variety' read as "
                                 "a factor of two or more in most instances (200 runs each)"))


def _optimum_vs_median(data: Data) -> Finding:
    res, o, hit = _results(data), data.stored("ordering_runs"), _hit(data)
    keys = list(res.index)
    short, med = res["shortest"].astype(float), hit["capped"]
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


# --- beyond the paper ---------------------------------------------------------------------------
@EVIDENCE.claim("calibration", tables=("calibration", "calibration_ranking"))
def calibration(data: Data) -> Finding:
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
    v = data.table("model_least_squares").set_index("name")["value"]
    cv = next(n for n in v.index if "cross-validated" in n)
    held = next(n for n in v.index if n.startswith("R2 held out"))
    return Finding(V.beyond(f"R2 cross-validated {fmt(v[cv])}, held out {fmt(v[held])}",
                            f"least squares on {len(data.table('random_instances'))} random "
                            "instances (model.csv)"))
