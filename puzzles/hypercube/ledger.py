"""Notebook 05's evidence per claim id or id pattern of ``paper_claims.csv`` (the only home of
each claim's sentence, unit, reading and fixed why): patterns for table cells, section functions
for the other sentences, each id registered with its unit. Medians are log-scale estimates with
Maritz-Jarrett standard errors; extremes use the engine's two-sample precedence rule; orderings
across instances are paired by instance (no pair equal by construction: the compared method or
k acts on each), every run a reading; trends use one value per run, centred within strata.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from itertools import combinations
from types import SimpleNamespace

import numpy as np
import pandas as pd
from scipy import stats

from puzzles.core import verdicts as V
from puzzles.core.claims import fmt
from puzzles.core.evidence import Data, Finding, Register
from puzzles.core.verdicts import Evidence, Margin, Sample
from puzzles.hypercube import cpu, gods
from puzzles.hypercube import reference as ref
from puzzles.hypercube.experiments import HARDEST
from puzzles.hypercube.instances import INSTANCES, instance

EVIDENCE = Register()
RUNS = ref.AUTHORS_RUNS_PER_CASE  # 150 runs per case, the paper's and ours
MOVES = Margin.log_ratio(0.2)  # move counts: heavy-tailed, multiplicative (66 to 339 moves)
GENERATIONS = Margin.log_ratio(0.2)  # generations to success: 3 to 1000
RATE = Margin.rate(5)  # success rates, counts of runs out of 150
GAP = Margin.difference(1, "moves")  # a difference of medians: the printed medians' resolution
EXTREME_SHARE = 0.2  # an extreme within +-20% (MOVES' width), rounded down: no floor
MARGINS = [
    ("MOVES", MOVES.text, "medians and means of solution lengths",
     "heavy-tailed, multiplicative run counts"),
    ("GENERATIONS", GENERATIONS.text, "mean generations to success",
     "heavier-tailed still (3 to 1000 generations)"),
    ("RATE", RATE.text, "success rates; counts of runs out of 150",
     "a difference a reader of 150-run tables would notice"),
    ("GAP", GAP.text, "a difference of medians (Sec. 4.2's gap of 3 moves)",
     "the printed medians are whole moves"),
    ("extreme", "±20% of the paper's value, rounded down to whole moves",
     "central 90% of the paper's n-run extreme drawn from our runs",
     "the relative width of MOVES, in moves")]
CASES = {"tables": ("results", "ea_runs", "rl_runs"), "references": ("tables", "statements")}
APPENDIX = {"tables": ("appendix_runs",), "references": ("statements",)}


def margins_table() -> pd.DataFrame:
    """The notebook's margins: name, margin, what it applies to, why."""
    return pd.DataFrame(MARGINS, columns=["name", "margin", "applies to", "why"])


def extreme_margin(value: float) -> Margin:
    """The margin of an extreme of ``value`` moves: +-20%, rounded down to whole moves."""
    return Margin.difference(math.floor(EXTREME_SHARE * float(value)), "moves")

# ---------------------------------------------------------------- reading the data


def case_of(case: str) -> tuple[int, int, str]:  # "d4k3L2" -> (4, 3, "2")
    d, k, level = re.fullmatch(r"d(\d)k(\d)L(\w+)", case).groups()
    return int(d), int(k), level


def _load(data: Data, name: str, reference: bool) -> pd.DataFrame:
    df = (data.reference(name).drop(columns="source") if reference else data.table(name)).copy()
    if "level" in df:
        df["level"] = df["level"].astype(str)
    if "success" in df:  # a runs table
        df = df.assign(success=df["success"].astype(bool), moves=df["moves"].astype("Int64"))
    return df


def table(data: Data, name: str, reference: bool = False) -> pd.DataFrame:
    """A result (or reference) table, read once: levels as text, moves nullable."""
    return data.memo(_load, name, reference)


def paper_table(data: Data) -> pd.DataFrame:
    return table(data, "tables", True)  # Tables 2, 4 and 5 as printed


def printed(data: Data, name: str) -> dict:
    """The numbers ``name`` of ``statements.csv`` by item ("level 0" -> 0, "c=1.8" -> 1.8)."""
    return ref.statement(data.reference("statements"), name)


@cache
def stored(algo: str) -> dict:  # the authors' runs by (d, k, level), or by c ("1.8")
    return ref.authors_runs()["appendix"] if algo == "appendix" else ref.authors_run_lists(algo)


def sel(frame: pd.DataFrame, d: int, k: int, level: str | None = None) -> pd.DataFrame:
    m = (frame["d"] == d) & (frame["k"] == k)
    return frame[m if level is None else m & (frame["level"] == level)]


def ok(frame: pd.DataFrame, d: int, k: int, level: str | None = None) -> np.ndarray:
    g = sel(frame, d, k, level)  # the successful runs' moves
    return g.loc[g["success"], "moves"].astype(float).to_numpy()


def _hits(runs: pd.DataFrame, moves: object) -> np.ndarray:  # 1.0 for a success in ``moves``
    return (runs.success & (runs.moves.fillna(-1) == moves)).astype(float).to_numpy()


def nc(kind: str, test: str, why: str, **kw: object) -> Finding:  # undecidable here: why
    return Finding(V.not_comparable(kind=kind, test=test), why=why, **kw)


def zeros(n: int) -> np.ndarray:
    """No pair equal by construction: the compared factor acts on every pair."""
    return np.zeros(n, dtype=bool)


def median_se(values: Sequence[float]) -> float:
    """Maritz-Jarrett standard error of the sample median (n >= 3; ties give 0)."""
    x = np.sort(np.asarray(values, dtype=float))
    n = x.size
    if n < 3:
        raise ValueError(f"the Maritz-Jarrett standard error needs n >= 3, got {n}")
    m, i = int(0.5 * n + 0.5), np.arange(1, n + 1)
    w = stats.beta.cdf(i / n, m - 1, n - m) - stats.beta.cdf((i - 1) / n, m - 1, n - m)
    # a weighted variance, so ties give 0 rather than a rounding error's square root
    return math.sqrt(max(float(np.dot(w, (x - float(np.dot(w, x))) ** 2)), 0.0))


def median_sample(values: Sequence[float]) -> Sample:
    """A median as the engine's sample: the median, n, its standard error times sqrt(n)."""
    x = np.asarray(values, dtype=float)
    if x.size <= 2:  # the runs' own mean and sd
        return Sample.of(x)
    return Sample(float(np.median(x)), int(x.size), median_se(x) * math.sqrt(x.size))


def trend(frame: pd.DataFrame, x: str, y: str, strata: Sequence[str], increasing: bool,
          log: bool = True) -> Evidence:
    """The engine's trend on per-run (or per-case) values, x and y centred within strata."""
    xs, ys = (frame[c].astype(float).reset_index(drop=True) for c in (x, y))
    ys = np.log(ys) if log else ys
    if strata:
        groups = [frame[c].to_numpy() for c in strata]
        xs, ys = (s - s.groupby(groups).transform("mean") for s in (xs, ys))
    return vtrend(xs, ys, increasing)


def vtrend(x: object, y: object, increasing: bool) -> Evidence:
    """The engine's trend, or not comparable with too few varying values (a smoke run)."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if x.size < 3 or len(set(x)) < 2 or len(set(y)) < 2:
        return V.not_comparable(kind="trend", test=f"{x.size} values, too few varying ones")
    return V.trend(x, y, increasing=increasing)


def order(low: object, high: object, paired: bool = False) -> Evidence:
    """The engine's ordering (Mann-Whitney, or paired with no pair inert); none if a side is."""
    if min(np.size(low), np.size(high)) == 0:
        return V.not_comparable(kind="ordering", test="a side has no value")
    inert = zeros(np.size(low)) if paired and np.ndim(high) else None
    return V.ordering(low, high, paired=paired, inert=inert)


def count(ours: int, n: int, theirs: int, n_theirs: int = RUNS) -> Evidence:
    """The engine's count rule: ``ours`` of ``n`` runs against ``theirs`` of ``n_theirs``."""
    return V.count((ours, n), (theirs, n_theirs), RATE)


def extreme(ours: np.ndarray, value: float, n: int, side: str) -> tuple[Evidence, str]:
    """The paper's extreme of ``n`` runs against ours, and a note where it lies beyond all."""
    ours = np.asarray(ours, dtype=float)
    ev = V.extreme(ours, value, n, side, extreme_margin(value))  # type: ignore[arg-type]
    if ours.min() <= value <= ours.max():
        return ev, ""
    return ev, (f"the paper's {side} {fmt(value)} lies "
                f"{'below' if value < ours.min() else 'above'} "
                + ("our only run" if ours.size == 1 else f"all {ours.size} of our runs"))


def _pct(rate: float) -> str:
    return f"{100 * float(rate):g}%"


def _successes(rate: float) -> int:
    return int(round(float(rate) * RUNS))

# ---------------------------------------------------------------- Tables 2, 4 and 5


def _no_run_stored(d: int) -> str:
    """Why no run of the authors' A* on dimension ``d`` is stored: their script sets up other
    dimensions only, and their result files for ``d`` are copies of another dimension's (what
    they ran is not measured: what they stored is)."""
    dims = ref.authors_astar_dims()
    files = ref.authors_astar_d5()
    copies = files[files["copy_of"] != ""]
    shown = sorted({x for v in dims.values() for x in v})
    return (f"no run stored: src/as/main.py sets up --dim {' and '.join(map(str, shown))} only, in "
            f"each of the {len(dims)} commits that have it; {len(copies)} of the "
            f"{len(files)} files under data/as/dim/{d} are git blobs identical to files of "
            f"data/as/dim/{shown[-1]} (their d column: "
            f"{', '.join(sorted(set(files['d_column'])))})")


def _authors_astar(data: Data, d: int, k: int, level: str) -> pd.Series | None:
    """The authors' stored A* runs of a case (reference/authors_astar.csv), or None."""
    a = sel(table(data, "authors_astar", True), d, k, level)
    return None if a.empty else a.iloc[0]


def _authors_run(a: pd.Series) -> str:
    return f"{int(a.moves)} moves in {a.max_seconds:,.2f} s"


def _their_seconds_unknown(data: Data, expanded: int) -> Evidence:
    """Our list-based A* solved a case the authors stored no run of. Whether theirs finished
    within 3600 s depends on their seconds per expansion, which span thousands-fold over the
    runs they stored (not monotone in the search's size): applied to our expansions, that span
    is printed, and the row is not comparable."""
    r, a = table(data, "results"), table(data, "authors_astar", True)
    d4 = a[a.d == 4].merge(r[["d", "k", "level", "astar_expanded"]], on=["d", "k", "level"])
    lst = table(data, "astar_list")
    d4 = d4.merge(lst[["d", "k", "level", "expanded"]], how="left", on=["d", "k", "level"])
    per = d4.median_seconds / d4.expanded.fillna(d4.astar_expanded)  # list A*'s where we have
    lo, hi = expanded * float(per.min()), expanded * float(per.max())
    return V.not_comparable(
        f"solved in {expanded:,} expansions",
        f"the authors' seconds per expansion on their {len(d4)} stored d=4 runs span "
        f"{per.min():.2g}-{per.max():.2g} s: our {expanded:,} expansions would take them "
        f"{lo:,.3g}-{hi:,.3g} s, against {ref.CPU_LIMIT_SECONDS} s; their run of this case is "
        "not stored", kind="qualitative")


@EVIDENCE.claim("T2-{case}-astar", tables=("results", "astar_list"),
                references=("tables", "authors_astar"))
def table2(data: Data, case: str) -> Finding:
    d, k, level = case_of(case)
    r, p = (sel(f, d, k, level).iloc[0] for f in (table(data, "results"), paper_table(data)))
    kind, exp = "qualitative" if pd.isna(p.astar_min) else "exact", int(r.astar_expanded)
    a = _authors_astar(data, d, k, level)
    if d not in {x for v in ref.authors_astar_dims().values() for x in v}:
        solved = ("our A* gave up" if bool(pd.isna(r.astar_moves)) else
                  f"our heap A* solves it in {int(r.astar_moves)} moves after {exp:,} expansions")
        return Finding(V.not_comparable(solved, "the authors' repository", "not comparable"),
                       paper="success 0, min -", authors="no run stored", why=_no_run_stored(d))
    if bool(pd.isna(r.astar_moves)):  # gave up within this scale's expansion budget
        return nc(kind, "A* gave up", f"our A* gave up after {exp:,} expansions")
    why = f"the exact optimum is {int(r.optimal)}; our heap A* expands {exp:,} nodes"
    if kind == "exact":
        return Finding(V.exact(int(p.astar_min), int(r.astar_moves)), paper=int(p.astar_min),
                       why=why)
    la = sel(table(data, "astar_list"), d, k, level)
    listed = bool(len(la)) and not bool(la["gave_up"].iloc[0])  # the list-based A* solved it
    m, e = (la["moves"].iloc[0], la["expanded"].iloc[0]) if listed else (r.astar_moves, exp)
    ev = V.qualitative(False, f"solved in {int(m)} moves after {int(e):,} expansions",
                       f"search.astar{'_list' if listed else ''} (expansions for seconds)")
    if not listed:
        ev = {"A* with the paper's heuristic": ev, "a list-based A* within 3600 s":
              V.not_comparable(kind="qualitative", test="not run here")}
    elif a is None:  # no run of theirs: our expansions say nothing of their seconds
        ev = _their_seconds_unknown(data, int(e))
    if a is not None and a.max_seconds <= ref.CPU_LIMIT_SECONDS:  # their own run finished
        ev = {"the authors' stored run": V.qualitative(
            False, f"their A* solved it: {_authors_run(a)}, inside "
                   f"{ref.CPU_LIMIT_SECONDS} s", f"the authors' {a.runs} stored run "
                   "(reference/authors_astar.csv)"), "our list-based A*": ev}
    return Finding(ev, paper="success 0, min -", why=why,
                   authors="" if a is None else _authors_run(a))


def _cell(data: Data, t: str, case: str) -> tuple:
    """Table 4 (EA) or 5 (RL): printed row, our runs, successes' moves, stored runs, paper's n."""
    algo = "ea" if t == "4" else "rl"
    d, k, level = case_of(case)
    p = sel(paper_table(data), d, k, level).iloc[0]
    st = stored(algo).get((d, k, level), {"moves": [], "generations": []})
    n_paper = RUNS if t == "5" else max(_successes(p.ea_success),
                                         1 if st["moves"] and p.ea_success else 0)
    runs = table(data, f"{algo}_runs")
    return algo, p, sel(runs, d, k, level), ok(runs, d, k, level), st, n_paper


@EVIDENCE.claim("T{t}-{case}-success", unit="run", **{**CASES, "tables": (
    *CASES["tables"], "ea_alpha07_runs")})
def success(data: Data, t: str, case: str) -> Finding:
    algo, p, g, _, st, _ = _cell(data, t, case)
    rate, n, wins = getattr(p, f"{algo}_success"), len(g), int(g["success"].sum())
    have = len(st["moves"]) if st["moves"] or t == "4" else None  # no stored RL runs, d=5
    authors = "" if have is None else f"{have}/{RUNS}"
    k_paper, head, readings = _successes(rate), "as printed", {}
    if 0 < rate and k_paper == 0 and have == 1:  # "0.06%": one run of 150 is 0.67%
        head = "0.06% read as one run of 150 (the authors' stored runs)"
        readings["as printed (0.06% of 150 runs: 0 runs)"] = count(wins, n, 0)
        k_paper = 1
    elif have is not None and have != k_paper:
        readings["vs the authors' stored runs"] = count(wins, n, have)
    readings, why = {head: count(wins, n, k_paper), **readings}, f"ours {wins}/{n}" + (
        f"; the authors' stored runs {authors}" if authors else "")
    a = sel(table(data, "ea_alpha07_runs"), p.d, p.k, p.level)
    if t == "4" and (p.d, p.k) == (4, 3) and not a.empty:  # the rerun at an older alpha
        won, k_paper = int(a["success"].sum()), max(_successes(p.ea_success), 1)
        readings["alpha = 0.7 (an older script's value)"] = count(won, len(a), k_paper)
        why += f"; the alpha = 0.7 rerun (an older script's value) {won}/{len(a)}"
        if min(wins, won) < k_paper < max(wins, won):
            why += f", so the two alphas bracket the paper's {k_paper}/{RUNS}"
    return Finding(readings, paper=_pct(rate), authors=authors, available=n, why=why)


@EVIDENCE.claim("T{t}-{case}-moves", unit="run", **CASES)
def moves(data: Data, t: str, case: str) -> Finding:
    algo, p, g, mine, st, n_paper = _cell(data, t, case)
    (lo, hi, med), s = (getattr(p, f"{algo}_{x}") for x in ("min", "max", "median")), st["moves"]
    authors = fmt(float(np.median(s))) if s else ""
    if pd.isna(med):  # the paper prints no median: none of its runs succeeded
        return Finding(V.qualitative(mine.size == 0, f"{mine.size} successes of {len(g)}",
                                     f"our {len(g)} runs"), paper="-")
    if mine.size == 0:
        return nc("estimate", "no successful run", f"none of our {len(g)} runs succeeded",
                  paper=med, authors=authors)
    # the stored runs with the row's count, min, max and median are the runs behind it
    behind = len(s) == n_paper and (min(s), max(s), float(np.median(s))) == (lo, hi, float(med))
    ours, paper = median_sample(mine), Sample(float(med), n_paper,
                                              median_sample(s).sd if behind else None)
    why = ["the paper's spread: the authors' stored runs, which have its count, min, max and "
           "median"] if behind else []
    readings = {"vs the authors' stored runs": V.estimate(ours, median_sample(s), MOVES)} if (
        s and not behind) else {}
    if ours.n == 1 and paper.sd:  # one run has no spread of its own: the paper's, relative
        ours = Sample(ours.mean, 1, paper.sd / paper.mean * ours.mean)
        why.append("our single run is given the paper's relative spread")
    return Finding({"as printed": V.estimate(ours, paper, MOVES), **readings}, paper=med,
                   authors=authors, why="; ".join(why), available=mine.size)


def beyond_extreme(runs: Sequence[float], value: float, side: str) -> int:
    """How many of ``runs`` (moves of successful runs) reach the extreme ``value`` or beyond:
    at most ``value`` for a minimum, at least for a maximum."""
    x = np.asarray(runs, dtype=float)
    return int((x <= value).sum() if side == "min" else (x >= value).sum())


def stored_extreme(ev: Evidence, mine: Sequence[float], value: float, s: Sequence[float],
                   side: str) -> dict[str, Evidence]:
    """An extreme the precedence test ``ev`` (the printed value alone) cannot decide, decided
    by the authors' stored runs behind it: the successful runs reaching it or beyond, ours
    (``mine``) against theirs (``s``), by the count rule (a failed run has no length that could
    reach it, so the unit is a successful run). Equivalent tails reproduce the extreme only
    when our own extreme lies within its margin of the printed one: rare extremes make tails
    of 0-3 runs of 150 that no count can tell apart, so the tails alone would reproduce any
    extreme we never reach. Decidable by ``ev`` (equivalent or p < alpha): ``ev`` alone."""
    if ev.equivalent or (ev.p is not None and ev.p < V.ALPHA):
        return {"as printed": ev}
    k, k_s = beyond_extreme(mine, value, side), beyond_extreme(s, value, side)
    word = "or fewer" if side == "min" else "or more"
    c = V.count((k, len(mine)), (k_s, len(s)), RATE)
    own, margin = (min(mine) if side == "min" else max(mine)), extreme_margin(value)
    test = (f"the printed {side} alone cannot decide it (a precedence test); the authors' stored "
            f"runs behind it: successful runs of {fmt(value)} moves {word}, {c.test}")
    if c.equivalent and abs(own - value) > margin.value:
        c = replace(c, equivalent=False, decide=(
            f"our {side} {fmt(own)} lies {fmt(abs(own - value))} moves from the printed "
            f"{fmt(value)}, outside {margin.text}: equal tails of so few runs cannot make it "
            "reproduced"))
        test += f"; our own {side} {fmt(own)} outside {margin.text}"
    return {"as printed": replace(
        V.with_kind(c, "extreme"), ours=f"{k}/{len(mine)}", test=test),
        "the printed extreme alone (precedence test)": ev}


def _not_behind(ev: Evidence, value: float, s_val: float, side: str) -> Evidence:
    """The precedence test on a printed extreme whose runs are not the stored ones: what
    would decide it, were it inconclusive, is the runs behind it, which are not stored."""
    return replace(ev, decide=f"the runs behind the printed {fmt(value)} are not stored: the "
                              f"authors' stored runs give a {side} of {fmt(s_val)}")


@EVIDENCE.claim("T{t}-{case}-max", unit="run", **CASES)
@EVIDENCE.claim("T{t}-{case}-min", unit="run", **CASES)
def extreme_cell(data: Data, t: str, case: str) -> Finding:
    """A printed min or max against our runs (precedence test), decided by the authors' stored
    runs where they are the runs behind it (their count and extreme are the printed ones) and
    the printed value alone cannot decide it (:func:`stored_extreme`)."""
    side = data.claim_id.rsplit("-", 1)[1]  # the extreme the cell prints: min or max
    algo, p, g, mine, st, n_paper = _cell(data, t, case)
    value, s = getattr(p, f"{algo}_{side}"), st["moves"]
    s_val = (min(s) if side == "min" else max(s)) if s else None
    if mine.size == 0:
        return nc("extreme", "no successful run", f"none of our {len(g)} runs succeeded",
                  paper=value, authors=s_val)
    ev, why = extreme(mine, float(value), n_paper, side)
    if s_val is not None and s_val == value and len(s) == n_paper:
        head = stored_extreme(ev, mine, float(value), s, side)
        return Finding(head, paper=value, authors=s_val, why=why, available=mine.size)
    if s_val is None or s_val == value:
        return Finding({"as printed": ev}, paper=value, authors=s_val, why=why,
                       available=mine.size)
    return Finding({"as printed": _not_behind(ev, value, s_val, side),
                    "vs the authors' stored runs": extreme(mine, float(s_val), len(s), side)[0]},
                   paper=value, authors=s_val, why=why, available=mine.size)


@EVIDENCE.claim("T4-{case}-generations", unit="run", **CASES)
def generations(data: Data, case: str) -> Finding:
    _, _, g, _, st, _ = _cell(data, "4", case)
    gen, s = g.loc[g["success"], "generations"].astype(float).to_numpy(), st["generations"]
    authors, why = round(float(np.mean(s)), 2) if s else "", (
        f"successful runs: {gen.size} ours, {len(s)} theirs")
    if gen.size < 2 or len(s) < 2:
        return nc("estimate", "none", why + ": too few", authors=authors)
    return Finding(V.estimate(Sample.of(gen), Sample.of(s), GENERATIONS), authors=authors,
                   why=why, available=gen.size)

# ---------------------------------------------------------------- Fig. 3, Sec. 4.1-4.2


@EVIDENCE.claim("F3-d3k2L{level}-{what}", unit="run", **CASES)
def figure3(data: Data, level: str, what: str) -> Finding:
    """Fig. 3 at a level: the shortest EA run (``min``) and how many runs take it (``count``).
    A caption minimum the authors' stored runs of the case (Table 4's) undercut is decided by
    them: an exact number about their runs (the inventory files that row as exact)."""
    g, st = sel(table(data, "ea_runs"), 3, 2, level), stored("ea")[(3, 2, level)]["moves"]
    mine, n = ok(g, 3, 2), len(g)
    pmin, pcount = (printed(data, x)[int(level)] for x in ("fig3_min", "fig3_min_count"))
    if what == "min" and min(st) != pmin:  # the authors' stored runs decide the caption
        shortest = (f"ours {fmt(mine.min())}, {int((mine == min(st)).sum())} of our "
                    f"{mine.size} successful runs at {min(st)}") if mine.size else "no success"
        return Finding(replace(V.exact(pmin, min(st)), ours=(
            f"{min(st)} (the authors' stored runs)"), test=(
            "exact: the caption's minimum against the shortest of the authors' stored runs "
            "(data/authors_runs.json)")), paper=pmin, authors=min(st), why=(
            f"the authors' stored {len(st)} successful runs of this case (Table 4's) hold "
            f"{st.count(min(st))} of {min(st)} moves; {shortest}"))
    if what == "min":
        if mine.size == 0:
            return nc("extreme", "no successful run", f"no EA success at level {level}")
        t4 = int(sel(paper_table(data), 3, 2, level)["ea_min"].iloc[0])
        ev, note = extreme(mine, pmin, RUNS, "min")
        other = {} if t4 == pmin else {f"Table 4's {t4}": extreme(mine, t4, RUNS, "min")[0]}
        return Finding({"as printed": ev, **other}, paper=pmin, authors=min(st), why=note,
                       available=mine.size)
    hits, s_hits = int((mine == pmin).sum()), st.count(pmin)
    readings = {"Fig. 3 caption": count(hits, n, pcount)}
    if level == "0":
        six = printed(data, "appendix_six")[1.8]
        readings[f"Sec. 4.1 and Fig. 8b print {six}"] = count(hits, n, six)
    if s_hits != pcount:
        readings["vs the authors' stored runs"] = count(hits, n, s_hits)
    return Finding(readings, paper=pcount, authors=s_hits, available=n, why=(
        f"ours: {hits} of {n} runs of {pmin} moves; the authors' stored Table 4 runs: {s_hits}"))


@EVIDENCE.claim("S42-d{d}k2-ttest", unit="instance", **CASES)
def ttest(data: Data, d: str) -> Finding:
    dd, levels = int(d), "012" if d == "3" else "01234"
    runs = {a: [ok(table(data, f"{a}_runs"), dd, 2, lv) for lv in levels] for a in ("rl", "ea")}
    empty = [f"{a} level {lv}" for a in runs
             for lv, x in zip(levels, runs[a], strict=True) if x.size == 0]
    if empty:
        return nc("ordering", "no successful run", "no success: " + ", ".join(empty))
    rl_m, ea_m = ([float(np.mean(x)) for x in runs[a]] for a in runs)
    p_st = float(stats.ttest_ind(*([np.mean(stored(a)[(dd, 2, lv)]["moves"])
                                    for lv in levels] for a in runs)).pvalue)
    below = sum(a < b for a, b in zip(rl_m, ea_m, strict=True))
    return Finding({f"paired by level ({len(levels)} levels)": order(rl_m, ea_m, paired=True),
                    "every run (Mann-Whitney)": order(*(np.concatenate(runs[a]) for a in runs))},
                   paper=f"p = {printed(data, 'sec42_p')[dd]}", authors=f"p = {p_st:.3g}",
                   why=f"RL's mean below the EA's on {below} of {len(levels)} levels; the "
                   f"authors' t-test gives {stats.ttest_ind(rl_m, ea_m).pvalue:.3g} on ours, "
                   f"{p_st:.3g} on their runs")


@EVIDENCE.claim("S42-d3k2L{level}-rl-below-ea", unit="run", **CASES)
def rl_below_ea(data: Data, level: str) -> Finding:
    rl, ea = (ok(table(data, x), 3, 2, level) for x in ("rl_runs", "ea_runs"))
    pe, pr = (printed(data, f"sec42_medians_{a}_d3")[int(level)] for a in ("ea", "rl"))
    return Finding(order(rl, ea), paper=f"{pr} < {pe}", why=(
        f"medians RL {fmt(float(np.median(rl)))}, EA {fmt(float(np.median(ea)))}"
        if rl.size and ea.size else "no success on a side at this scale"))

# ---------------------------------------------------------------- Appendix A, per c


@EVIDENCE.claim("A-c{c}-{what}", unit="run", **APPENDIX)
def appendix_c(data: Data, c: str, what: str) -> Finding:
    """Figs. 7-8 at one c: successes, six-move runs or generations, and the stored runs'."""
    app, st = table(data, "appendix_runs"), stored("appendix")[f"{float(c):.1f}"]
    g, six = app[np.isclose(app["c"], float(c))], what == "six"
    if what == "generations":
        good, done = g.loc[g["success"], "generations"].astype(float), [
            x for x in st["generations"] if x < 1000]
        if good.size < 2:
            return nc("estimate", "too few successful runs", f"{good.size} successful runs")
        return Finding({
            "successful runs (the figure's mean)": V.estimate(
                Sample.of(good), Sample.of(done), GENERATIONS),
            "all runs (failures count 1000)": V.estimate(Sample.of(
                g["generations"].astype(float)), Sample.of(st["generations"]), GENERATIONS)},
            authors=round(float(np.mean(done)), 2), available=good.size,
            why=f"successful runs: {good.size} ours, {len(done)} theirs")
    if g.empty:
        return nc("count", "not run", f"c={c} is not run at {data.scale} scale")
    n, ours = len(g), int((g["moves"] == 6).sum()) if six else int(g["success"].sum())
    theirs = st["moves"].count(6) if six else len(st["moves"])
    vs_stored, shown = count(ours, n, theirs), theirs if six else f"{theirs}/{RUNS}"
    value = printed(data, f"appendix_{what}").get(float(c))
    if value is None:  # plotted, never printed
        return Finding(vs_stored, authors=shown, why=f"ours {ours}/{n}", available=n)
    k_paper = int(value) if six else _successes(value)
    return Finding({"as printed": count(ours, n, k_paper),
                    "vs the authors' stored runs": vs_stored}, available=n, authors=shown,
                   paper=value if six else _pct(value), why=f"ours {ours}/{n}")

# ---------------------------------------------------------------- beyond the paper


def gods_evidence(g: pd.Series) -> Evidence:
    """God's number: exact (every orbit searched, or the bounds met), else a lower bound, with
    the upper bound and the searches left where bounded searches (gods_orbits_all) reach it."""
    test = ("BFS from one configuration per symmetry orbit" if g.d <= 4 else
            "dense BFS (ranked configurations) from one configuration per symmetry orbit")
    if getattr(g, "how", None) == gods.HOW[1]:
        return V.beyond(fmt(g.gods_number), f"{test}, only where bounds left it open: lower "
                        f"and upper bounds meet after {g.orbits_done} of {g.orbits} searches")
    if getattr(g, "bound", "exact") != "lower":
        return V.beyond(fmt(g.gods_number), test)
    upper = getattr(g, "upper_bound", None)
    left = int(getattr(g, "searches_left", g.orbits - g.orbits_done))
    if upper is None or pd.isna(upper):
        return V.beyond(f">= {fmt(g.gods_number)}", test, uncertainty=(
            f"a lower bound (at least the target's eccentricity): {g.orbits_done} of "
            f"{g.orbits} orbits searched; the other {left} searches would decide it "
            f"({gods.GODS_ALL_COMMAND})"))
    return V.beyond(f">= {fmt(g.gods_number)}", test, uncertainty=(
        f"bounded by {g.orbits_done} search{'' if g.orbits_done == 1 else 'es'} (the "
        f"target's first) to [{fmt(g.gods_number)}, "
        f"{fmt(int(upper))}]; {left} of {g.orbits} orbits still open, at most {left} more "
        f"searches decide it ({gods.GODS_ALL_COMMAND}, resumed from the committed "
        f"{gods.ORBITS_D5_FILE.name})"))


def _beyond(pattern: str, name: str, show: Callable, why: Callable | None = None,
            one: bool = True, stored: tuple = (), **where: str) -> None:
    """Register a beyond row: ``show(row or rows, data)`` of table ``name`` at the pattern's
    fields (a case as d, k, level) and ``where``; a run without them has no row."""
    def evidence(data: Data, **fields: str) -> Finding:
        if "case" in fields:
            fields = dict(zip(("d", "k", "level"), case_of(fields.pop("case")), strict=True))
        rows = table(data, name)
        m = np.ones(len(rows), dtype=bool)
        for c, v in {**fields, **where}.items():
            m &= (rows[c].astype(str) == str(v)).to_numpy()
        if not m.any():
            return nc("beyond", "not run", f"this run has no {name} row for {fields}")
        return Finding(show(rows[m].iloc[0] if one else rows[m], data),
                       why=why(rows[m].iloc[0]) if why else "")
    EVIDENCE.claim(pattern, tables=(name,), stored=stored)(evidence)


def _distances(g: pd.DataFrame, data: Data) -> Evidence:
    same = ""
    if (int(g["d"].iloc[0]), int(g["k"].iloc[0])) == (5, 4):
        mine, theirs = (x[["distance", "count"]].reset_index(drop=True)
                        for x in (g, data.stored("distances_d5k4")))
        same = "; equal to the stored hash-table BFS at every distance" if mine.equals(
            theirs) else "; differs from the stored hash-table BFS"
    return V.beyond(f"{int(g['count'].sum()):,} configurations, eccentricity "
                    f"{int(g['distance'].max())}{same}", "dense BFS from the target")


def _eccentricity(r: pd.Series, data: Data) -> Evidence:
    dist, opt = data.stored("distances_d5k4"), int(r.optimal)
    share = dist.loc[dist["distance"] <= opt, "count"].sum() / dist["count"].sum()
    return V.beyond(fmt(int(dist["distance"].max())), "BFS from the target (stored "
                    "distances_d5k4)", uncertainty=f"{100 * share:.3g}% of its "
                    f"{int(dist['count'].sum()):,} configurations lie within level 0's {opt} "
                    "moves of the target")


def _pdb(h: pd.DataFrame, data: Data) -> Evidence:
    s = h.dropna(subset=["moves"])
    p, q = s["pdb_expanded"], s["paper_expanded"]
    return V.beyond(f"fewer on {int((p < q).sum())}, more on {int((p > q).sum())} of {len(s)} "
                    f"solved cases; {int(p.sum()):,} vs {int(q.sum()):,} expansions in all",
                    "A* with each heuristic, both admissible")


_beyond("X-d{d}k{k}-gods-number", "gods_number", lambda g, _: gods_evidence(g),
        lambda g: f"{g.orbits} orbits of occupied sets ({g.rings} rings); the paper's target "
                  f"is {g.target_eccentricity} moves from its farthest configuration")
_beyond("X-{case}-percentile", "level_percentiles", lambda p, _: V.beyond(
    fmt(p.share_at_most), "BFS distance distribution from the target"),
    lambda p: f"the target's eccentricity is {p.eccentricity}")
_beyond("X-pdb-expansions", "heuristics", _pdb, one=False)
_beyond("X-d{d}k{k}-hardest-astar", "heuristics", lambda r, _: V.beyond(
    f"{fmt(r.moves)} moves; {int(r.paper_expanded):,} expansions (paper's heuristic) vs "
    f"{int(r.pdb_expanded):,} (pattern databases)", "A* with each heuristic, both admissible"),
    level=HARDEST)
_beyond("X-d{d}k{k}-hardest-ea-rl", "hardest_levels", lambda r, _: V.beyond(
    f"EA success {fmt(r.ea_success)}, " + ("no success" if pd.isna(r.ea_median) else
                                           f"median {fmt(r.ea_median)} moves")
    + f"; RL success {fmt(r.rl_success)}, median {fmt(r.rl_median)} moves",
    "runs at the paper's budgets (stored ea_far_runs, rl_far_runs)"),
    lambda r: f"the optimum is {fmt(r.optimal)} moves")
_beyond("X-d{d}k{k}-{instance}-pdb-astar", "heuristics_d5", lambda g, _: V.beyond(", ".join(
    f"{r.heuristic} {'>' if r.gave_up else ''}{int(r.expansions):,}" for r in g.itertuples()),
    "A* with each heuristic, all admissible (dense pattern databases)"),
    lambda r: f"the optimum is {fmt(r.optimal_length)} moves", one=False)
_beyond("X-d{d}k{k}-target-distances", "distances", _distances, one=False,
        stored=("distances_d5k4",))
_beyond("X-d5k4-eccentricity", "results", _eccentricity, stored=("distances_d5k4",), d="5",
        k="4", level="0")

# ---------------------------------------------------------------- the paper's other sentences


def _facts(data: Data) -> SimpleNamespace:
    pt = paper_table(data)
    res = table(data, "results").merge(pt[["d", "k", "level"]])
    solved = res.merge(pt.dropna(subset=["astar_min"])[["d", "k", "level", "astar_min"]])
    ea, rl = (x.assign(level_n=x.level.astype(int)) for x in (table(data, f"{a}_runs").merge(
        res[["d", "k", "level", "optimal"]]) for a in ("ea", "rl")))
    return SimpleNamespace(res=res, pt=pt, ea=ea, rl=rl, ea_ok=ea[ea.success],
                           rl_ok=rl[rl.success], solved=solved)


def section(ids: str, extra: tuple = (), refs: tuple = ()) -> Callable:
    """Register each of ``ids`` ("id" or "id:unit") as decided by ``fn(data, facts)``, which
    reads the cases, ``extra`` tables and ``refs``. Facts: the paper's 25 cases with our results
    (``res``; ``solved``: those its A* finished), its tables (``pt``), our runs on them with the
    optimum and ``level_n`` (``ea``, ``rl``; ``ea_ok``, ``rl_ok``: the successful ones)."""
    uses = {"tables": (*CASES["tables"], *extra), "references": (*CASES["references"], *refs)}

    def register(fn: Callable) -> Callable:
        def run(data: Data) -> dict:
            return fn(data, data.memo(_facts))
        run.__qualname__ = fn.__qualname__  # one memo per section
        for cid, _, unit in (x.partition(":") for x in ids.split()):
            EVIDENCE.claim(cid, unit=unit, **uses)(lambda data, cid=cid: data.memo(run)[cid])
        return fn
    return register


def q(holds: object, ours: str, test: str = "our runs (results.csv)") -> Evidence:
    return V.qualitative(bool(holds), ours, test)


def _list(frame: pd.DataFrame, show: Callable) -> str:
    return ", ".join(show(r) for r in frame.itertuples()) or "none"


def _case(r: object) -> str:
    return f"d={r.d} k={r.k} L{r.level}"


def _nums(xs: object, show: Callable = fmt) -> str:
    return ", ".join(show(x) for x in xs)


def _rising(v: list, strict: bool = False) -> bool:
    return all(a < b if strict else a <= b for a, b in zip(v, v[1:], strict=False))


def _six(data: Data, g: pd.DataFrame, head: str, why: str) -> Finding:
    """Six-move runs of ``g`` (d=3 k=2 L0, c=1.8) against Sec. 4.1's 23 and Fig. 3's 14; ``why``
    a template of ``six``, ``n`` and ``success``."""
    six, n = int(_hits(g, 6).sum()), len(g)
    p23, p14 = printed(data, "appendix_six")[1.8], printed(data, "fig3_min_count")[0]
    return Finding({head: count(six, n, p23), f"Fig. 3 caption ({p14})": count(six, n, p14)},
                   paper=p23, authors=p23, available=n,
                   why=why.format(six=six, n=n, success=fmt(float(g["success"].mean()))))


def _weakest(per: dict) -> Finding:
    """ "At every level": the least favourable level decides (reversed first, else max p)."""
    rev = [n for n, e in per.items() if "reverse" in e.test]
    pick = min(rev, key=lambda n: per[n].p) if rev else max(per, key=lambda n: per[n].p or 0)
    return Finding(per[pick], why=f"the least favourable level ({pick}) decides")


def _mv(frame: pd.DataFrame) -> pd.Series:
    return frame.moves.astype(float)


@section("S41-astar-optimal S41-astar-range S41-astar-gives-up S31-h-unblocked S31-h-admissible "
         "S31-h-monotone P1-branching-bound P1-k4-example S41-ea-beats-astar-d5 X-d3k2L3-optimum "
         "S32-hamming-close-hard S32-state-space-grows T2-levels-ordered S41-d3-monotone "
         "S41-d4-k3-only S2-start-defines-difficulty F1-one-match F1-purple-free T3-example-move "
         "T3-caption-colours T3-d4-instances-differ T2-caption-d3 T5-scope S33-zipf-local "
         "S41-mutation-mostly-one S41-ea-constraints S32-reward-later-heavier S33-fitness-eq3 "
         "S33-stop-criteria DA-code-data S1-components S32-random-search-infeasible",
         extra=("astar_list", "components", "puzzle_checks"), refs=("authors_astar",))
def structure(data: Data, f: SimpleNamespace) -> dict:
    c, s, res, o = data.json("puzzle_checks"), f.solved, f.res, {}
    h, rng, hc = pd.DataFrame(c["heuristic"]), "{}-{}".format, "checks.heuristic_checks"
    span = rng(*f.pt.astar_min.agg(["min", "max"]).astype(int))
    o["S41-astar-optimal"] = Finding(V.exact(len(s), int((s.astar_min == s.optimal).sum())),
                                     paper=len(s))
    o["S41-astar-range"] = Finding(
        V.exact(span, rng(int(s.optimal.min()), int(s.optimal.max()))), paper=span)
    la = table(data, "astar_list")
    done = la[~la.gave_up.astype(bool)]
    gave = f.pt[f.pt.astar_min.isna()]  # the cases Table 2 says A* gave up on
    theirs = [(r, a) for r in gave.itertuples()
              if (a := _authors_astar(data, r.d, r.k, r.level)) is not None]
    within = [(r, a) for r, a in theirs if a.max_seconds <= ref.CPU_LIMIT_SECONDS]
    shown = "; ".join(f"{_case(r)}: {_authors_run(a)}" for r, a in theirs)
    o["S41-astar-gives-up"] = Finding({
        "the authors' stored runs": q(not within, (
            f"their A* solves {len(within)} of the {len(gave)} cases within "
            f"{ref.CPU_LIMIT_SECONDS} s ({', '.join(_case(r) for r, _ in within) or 'none'});"
            f" no stored run of the other d=4 cases; d=5: no run stored"),
            "reference/authors_astar.csv; data/authors_seconds.json"),
        "our list-based A*": q(False, (
            f"list-based A* solves {len(done)} of {len(la)} ({done.expanded.max():,} expansions "
            "at most)"), "search.astar_list")}, paper="fails within 3600 s", authors=shown,
        why=f"d=5 k=4 needs {sel(res, 5, 4).astar_expanded.iloc[0]:,} expansions of the heap A*;"
            f" the authors' d=5 A*: {_no_run_stored(5)}")
    o["S31-h-unblocked"] = q(c["unblocked"][1] == 0, "{1} mismatches of {0}".format(
        *c["unblocked"]), "checks.unblocked_mismatches")
    o["S31-h-admissible"] = q(h.overestimates.sum() == 0, (
        f"{h.overestimates.sum()} of {h.configurations.sum():,}"), hc)
    step, least = h.largest_change.max(), h.least_branching - h.bound_2k_1
    o["S31-h-monotone"] = {
        "as printed (strict <)": q(False, f"largest change {step}; "
                                   f"{h.moves_lowering_h_by_one.sum():,} moves lower h by one", hc),
        "the usual consistency (<=)": q(step <= 1, f"largest change {step}", "same")}
    w = h.loc[least.idxmin()]
    big = res.query("(d == 4 and k == 3 and level == '4') or (d == 5 and k == 4)")
    o["P1-branching-bound"] = Finding(q(False, (
        f"least branching {w.least_branching} for d={w.d} k={w.k} (bound {w.bound_2k_1})"
        if (least >= 0).all() else "below 2^k - 1 somewhere"), f"{hc}; results.csv"),
        why="; ".join(f"d={r.d} k={r.k}: {r.astar_expanded:,} expansions, (2^k-1)^n = "
                      f"{((1 << r.k) - 1) ** int(r.optimal):.2g}" for r in big.itertuples()))
    o["P1-k4-example"] = Finding(V.exact(7, (1 << 4) - 1), paper="O(7^n), 'at most'")
    d5 = res.query("d == 5 and k <= 3")
    o["S41-ea-beats-astar-d5"] = q(d5.astar_moves.isna().all(), (
        f"EA success {_nums(d5.ea_success)}; A* expansions {_nums(d5.astar_expanded)}"))
    l3 = sel(table(data, "results"), 3, 2, "3").iloc[0]
    o["X-d3k2L3-optimum"] = Finding(
        V.exact("unsolvable", "solvable" if l3.solvable else "unsolvable"), paper="impossible",
        why=f"its component holds {l3.component_size} configurations")
    o["S32-hamming-close-hard"] = q(c["swapped"] == 2 and not l3.solvable, (
        f"{c['swapped']} rings swapped, unsolvable for k=2"), "instances.py, BFS")
    comp = table(data, "components").drop_duplicates("d").sort_values("d").all_configurations
    o["S32-state-space-grows"] = q(_rising(comp.tolist(), True), _nums(comp, "{:,}".format),
                                   "components.csv")
    by = {(d, k): sel(res, d, k).sort_values("level").optimal.astype(int).tolist()
          for d, k in sorted(set(zip(res.d, res.k, strict=True))) if d <= 4}
    shown = {d: "; ".join(f"k={k}: {_nums(v)}" for (e, k), v in by.items() if e == d)
             for d in (3, 4)}
    o["T2-levels-ordered"] = {
        "every k": q(all(map(_rising, by.values())), f"d=3 {shown[3]}; d=4 {shown[4]}"),
        "k = d-1 only": q(all(_rising(v) for (d, k), v in by.items() if k == d - 1), "same")}
    o["S41-d3-monotone"] = q(_rising(by[3, 1], True) and _rising(by[3, 2], True), shown[3])
    o["S41-d4-k3-only"] = q(_rising(by[4, 3]) and not (_rising(by[4, 1]) or _rising(by[4, 2])),
                            shown[4])
    n = res[res.d <= 4].groupby(["d", "k"]).optimal.nunique()
    o["S2-start-defines-difficulty"] = q(n.gt(1).all(), _nums(n))
    f1 = c["figure1"]
    o["F1-one-match"] = Finding(V.exact("purple", ", ".join(f1["on_own_colour"])), paper="purple")
    o["F1-purple-free"] = q(set(f1["purple_neighbours"]) <= set(f1["purple_k1"]), (
        "{} -> {} (k=1), {} (k=2); neighbours {}".format(f1["purple_vertex"], *(
            _nums(f1[x]) for x in ("purple_k1", "purple_k2", "purple_neighbours")))),
        "the model's legal moves")
    o["T3-example-move"] = q(c["table3_example"] is None, c["table3_example"] or "legal",
                             "model.move_problem")
    o["T3-caption-colours"] = Finding(V.exact("blue 6; green 4; purple 1; red 5", "; ".join(
        f"{k} {v}" for k, v in sorted(instance(3, "0").target_map))),
        paper="purple 1, green 4, red 5, blue 6")
    code = dict(instance(4, "0").target_map)
    t3 = [dict(i.target_map) for i in INSTANCES if i.d == 4 and not i.is_code_level]
    o["T3-d4-instances-differ"] = q(all(t == code for t in t3), (
        f"{len({str(t) for t in t3})} targets, {sum(t == code for t in t3)} the code's"),
        "instances.py")
    o["T2-caption-d3"] = q(any(i.d == 3 and i.level == "4" for i in INSTANCES),
                           "d = 3: levels 0-3, k = 1, 2", "instances.py")
    n = f.pt.groupby("d")["level"].nunique()
    o["T5-scope"] = q(n[4] == 4, "levels per d: " + _nums(n), "reference/tables.csv")
    z = c["zipf"]
    o["S33-zipf-local"] = q(all((np.diff(t["mean_rings"]) < 0).all() for t in z.values()), (
        ", ".join(f"{m:.2f} (c={x:g})" for x, m in list(zip(
            z["4"]["c"], z["4"]["mean_rings"], strict=True))[::5])), "evolve.zipf_cdf")
    one = {n: t["p_one"][t["c"].index(1.8)] for n, t in z.items()}
    o["S41-mutation-mostly-one"] = q(min(one.values()) > 0.5, ", ".join(
        f"{v:.2f} ({n} rings)" for n, v in one.items()), "evolve.zipf_cdf")
    shares = {d: g.share.tolist() for d, g in pd.DataFrame(c["free_face"]).sort_values(
        ["d", "k"]).groupby("d")}
    o["S41-ea-constraints"] = q(all(_rising(v[::-1], True) for v in shares.values()), "; ".join(
        f"d={d}: " + _nums(v, "{:.3g}".format) for d, v in shares.items()),
        "checks.free_face_share")
    o["S32-reward-later-heavier"] = {"the authors' scripts": V.by_construction(
        "qualitative", "lr * 0.95^i, i counted back from the target",
        "rl.py (the authors' update) rewards later steps more, whatever the runs"),
        "App. D as printed": q(False, "0.95^c with c from the start", "App. D")}
    o["S33-fitness-eq3"] = q(False, "1/(1 + L) at the target, not 1", "Eq. 3, evolve.py")
    o["S33-stop-criteria"] = q(False, "distance 0 (evolve.py, the authors' scripts)", "evolve.py")
    o["DA-code-data"] = q(stored("ea"), ref.AUTHORS_SOURCE, "data/authors_runs.json")
    o["S1-components"] = o["S32-random-search-infeasible"] = V.not_comparable(kind="qualitative")
    return o


@section("S41-astar-beats-ea-rl:instance S1-rl-lower-median:instance S1-ea-rl-similar "
         "S41-rl-solves-all S42-rl-advantage ABS-d3-all-solve ABS-median-below-30:run "
         "ABS-ea-not-minimal S41-ea-short-paths-d45 S5-ea-minimal-d5 S5-ea-rl-solved-both "
         "S42-min-similar-astar S42-equal-approx-min S5-d4-ea-rl-miss "
         "S42-d3-both-hit-optimum:run S42-minimise-diminishes:run S41-drop-k1-and-d4:run "
         "S41-ea-d4-not-monotone S41-ea-d4-levels-1-4-hardest:instance S41-ea-k3-collapse:run "
         "S41-rl-higher-max:instance")
def ea_rl(data: Data, f: SimpleNamespace) -> dict:
    res, ea, ea_ok, rl_ok, o = f.res, f.ea, f.ea_ok, f.rl_ok, {}
    share = [float(_hits(sel(x, r.d, r.k, r.level), r.optimal).mean())
             for r in f.solved.itertuples() for x in (ea, f.rl)]
    o["S41-astar-beats-ea-rl"] = Finding(order(share, 1.0, paired=True),
                                         why=f"{len(f.solved)} cases, EA and RL")
    both = res.dropna(subset=["ea_median"])
    o["S1-rl-lower-median"] = Finding({
        "paired by case (medians)": order(both.rl_median, both.ea_median, paired=True),
        "every run (Mann-Whitney)": order(_mv(rl_ok), _mv(ea_ok))},
        why=f"{len(both)} cases where both succeed")
    o["S1-ea-rl-similar"] = q((res.ea_success - res.rl_success).abs().le(0.05).all(), (
        "EA success " + _list(res[res.ea_success < 0.05], lambda r: f"{fmt(r.ea_success)} "
                              f"({_case(r)})") + f"; RL at least {fmt(res.rl_success.min())}"))
    o["S41-rl-solves-all"] = q(res.rl_success.eq(1).all(), (
        f"RL success 1 in {res.rl_success.eq(1).sum()} of {len(res)}"))
    n = (res.ea_success.eq(0) & res.rl_success.eq(1)).sum()
    o["S42-rl-advantage"] = q(n, f"EA 0, RL 1 on {n} cases")
    d3 = res[res.d == 3]
    o["ABS-d3-all-solve"] = q(
        d3.astar_moves.notna().all() and (d3.ea_success > 0).all() and (d3.rl_success > 0).all(),
        f"A* {d3.astar_moves.count()} of {len(d3)}; EA success {fmt(d3.ea_success.min())}-"
        f"{fmt(d3.ea_success.max())}; RL {fmt(d3.rl_success.min())}-{fmt(d3.rl_success.max())}")
    d45 = res[res.d >= 4]
    med = pd.concat([d45[["d", "k", "level"]].assign(m=d45[f"{a}_median"], algo=a.upper())
                     for a in ("ea", "rl")], ignore_index=True).dropna()
    top = med.loc[med.m.idxmax()]
    runs = ok(rl_ok if top.algo == "RL" else ea_ok, top.d, top.k, top.level)
    o["ABS-median-below-30"] = Finding(
        order(runs, 30.0, paired=True), paper="< 30", available=len(runs),
        why=f"the largest median: {top.algo} {_case(top)} {fmt(top.m)}; ours >= 30: " + _list(
            med[med.m >= 30], lambda r: f"{r.algo} {_case(r)} {fmt(r.m)}"))
    o["ABS-ea-not-minimal"] = {f"{w} run": q(m.sum() > len(m) / 2, f"{m.sum()} of {len(m)}")
                               for w, col in (("shortest", "ea_min"), ("median", "ea_median"))
                               for m in [d45[col].isna() | (d45[col] > d45.optimal)]}
    gap = d45.ea_min - d45.optimal
    short, kd1 = gap[d45.k < d45.d - 1], gap[d45.k == d45.d - 1]
    o["S41-ea-short-paths-d45"] = {
        "k < d-1": q(short.le(2).all(), f"within {int(short.max())} in all {len(short)}"),
        "every k": q(kd1.notna().all() and gap.le(2).all(), "k = d-1: " + _nums(
            kd1, lambda x: "none" if pd.isna(x) else f"+{int(x)}"))}
    d5 = res[res.d == 5]
    o["S5-ea-minimal-d5"] = q(d5.ea_min.notna().all() and d5.ea_min.eq(d5.optimal).all(), _list(
        d5, lambda r: "none" if pd.isna(r.ea_min) else f"{int(r.ea_min)} (optimum "
                                                        f"{int(r.optimal)})"))
    hard = res.query("(d == 4 and level == '4') or d == 5")
    o["S5-ea-rl-solved-both"] = q(
        (hard.ea_success > 0).all() and hard.astar_moves.isna().all(), "EA success " + _list(
            hard, lambda r: f"{fmt(r.ea_success)} ({_case(r)})")
        + f"; A* solves {hard.astar_moves.count()} of {len(hard)}", "our runs and A*")
    gaps = pd.DataFrame([(a, r.d, r.k, r.level, getattr(r, f"{a.lower()}_min") - r.optimal)
                         for r in res[res.astar_moves.notna() & (res.d <= 4)].itertuples()
                         for a in ("EA", "RL") if not pd.isna(getattr(r, f"{a.lower()}_min"))],
                        columns=["algo", "d", "k", "level", "gap"]).astype({"gap": int})
    n = gaps.gap.le(2).sum()
    o["S42-min-similar-astar"] = Finding(
        q(n >= 0.9 * len(gaps), f"{n} of {len(gaps)} (method, case) pairs"),
        why="the exceptions: " + _list(gaps[gaps.gap > 2],
                                       lambda r: f"{r.algo} {_case(r)} +{r.gap}"))
    miss = res[(res.ea_min > res.optimal) & (res.rl_min > res.optimal)]
    n = (miss.ea_min == miss.rl_min).sum()
    o["S42-equal-approx-min"] = Finding(
        q(len(miss) and n > len(miss) / 2, f"both miss on {len(miss)}, equal on {n}"),
        why="both miss on " + _list(miss, lambda r: f"{_case(r)} (EA {int(r.ea_min)}, RL "
                                                    f"{int(r.rl_min)})"))
    d4 = res[res.d == 4]
    m4 = {a: (d4[f"{a}_median"].isna() | (d4[f"{a}_median"] > d4.optimal)).sum()
          for a in ("ea", "rl")}
    o["S5-d4-ea-rl-miss"] = q(min(m4.values()) > len(d4) / 2, "; ".join(
        f"{a.upper()} {m} of {len(d4)}" for a, m in m4.items()))
    hits, algo, r, mine = min(((int((x == r.optimal).sum()), a, r, x)  # the fewest at optimum
                               for r in res[res.d == 3].itertuples() for a, x in (
                                   ("EA", ok(ea, r.d, r.k, r.level)),
                                   ("RL", ok(f.rl, r.d, r.k, r.level)))), key=lambda t: t[0])
    if mine.size == 0:
        o["S42-d3-both-hit-optimum"] = nc("extreme", "no successful run",
                                          f"{algo} {_case(r)}: no success")
    else:
        ev, note = extreme(mine, int(r.optimal), RUNS, "min")
        o["S42-d3-both-hit-optimum"] = Finding(
            ev, paper=f"min = optimum ({int(r.optimal)})", available=mine.size, why=(
                f"{algo} {_case(r)}: {hits} of {mine.size} at the optimum"
                + (f"; {note}" if note else "")))
    g = pd.concat([x.assign(algo=a, at_opt=_hits(x, x.optimal))
                   for a, x in (("EA", ea), ("RL", f.rl))], ignore_index=True)
    o["S42-minimise-diminishes"] = {
        "against the level": trend(g[g.k >= 2], "level_n", "at_opt", ["algo", "d", "k"],
                                   False, log=False),
        "against the dimension (level 0, k = 2, 3)": trend(
            g[(g.level == "0") & (g.k >= 2)], "d", "at_opt", ["algo", "k"], False, log=False)}
    d4k3 = sel(ea, 4, 3)
    low = g[(g.algo == "EA") & (((g.d == 3) & (g.k == 1)) | ((g.d == 4) & (g.k <= 2)))]
    o["S41-drop-k1-and-d4"] = Finding(
        trend(low, "level_n", "at_opt", ["d", "k"], False, log=False),
        why=f"d=4 k=3: our EA succeeds in {d4k3.success.sum()} of {len(d4k3)} runs")
    d4med = {k: sel(res, 4, k).sort_values("level").ea_median.tolist() for k in (1, 2)}
    o["S41-ea-d4-not-monotone"] = q(not any(map(_rising, d4med.values())), "; ".join(
        f"k={k}: {_nums(v)}" for k, v in d4med.items()))
    cells = res[(res.d == 4) & (res.k <= 2)].sort_values(["k", "level"]).dropna(
        subset=["ea_median"])
    o["S41-ea-d4-levels-1-4-hardest"] = V.ranking(
        [{"0": 2, "1": 3, "2": 1, "3": 2, "4": 3}[x] for x in cells.level],
        cells.ea_median.astype(float)) if cells.ea_median.nunique() > 1 else V.not_comparable(
        kind="ranking", test=f"{len(cells)} cells with a median")
    high = ea[(ea.d == 4) & (ea.k <= 2)]
    o["S41-ea-k3-collapse"] = _weakest({lv: order(sel(ea, 4, 3, lv).success.astype(float),
                                                  high[high.level == lv].success.astype(float))
                                        for lv in "01234"})
    mx = sel(res, 4, 3).dropna(subset=["ea_max"])
    o["S41-rl-higher-max"] = Finding({
        "paired by level (maxima)": order(mx.ea_max, mx.rl_max, paired=True),
        "every successful run, d=4 k=3 (Mann-Whitney)": order(ok(ea, 4, 3), ok(f.rl, 4, 3))},
        why=f"maxima EA {_nums(mx.ea_max)}, RL {_nums(mx.rl_max)}")
    return o


AUTHORS_TIMES = ("the authors' stored seconds of their runs", "data/authors_seconds.json")
AUTHORS_READING = "the authors' stored seconds"


@cache
def authors_times() -> pd.DataFrame:
    """The CPU seconds of the authors' stored A*, EA and RL runs (cpu.COLUMNS)."""
    return ref.authors_seconds()


def k_runs(times: pd.DataFrame, cases: pd.DataFrame) -> dict[str, tuple[np.ndarray, ...]]:
    """The seconds of A*'s runs at the smaller and at the larger k, for each pair of k at one
    (d, level) of ``cases``, by the pair's name ("d=3 L2 k=1 vs k=2")."""
    a = times[times["method"] == "A*"].merge(cases[["d", "k", "level"]].drop_duplicates())
    out = {}
    for (d, level), g in a.groupby(["d", "level"]):
        by_k = {k: x["seconds"].to_numpy(float) for k, x in g.groupby("k", sort=True)}
        for k1, k2 in combinations(sorted(by_k), 2):
            out[f"d={d} L{level} k={k1} vs k={k2}"] = (by_k[k1], by_k[k2])
    return out


def k_pairs(times: pd.DataFrame, cases: pd.DataFrame) -> dict[str, Evidence]:
    """A* at the smaller k faster than at the larger, for each pair of :func:`k_runs`:
    one-sided Mann-Whitney on the seconds of the runs of the two cases."""
    return {n: order(small, large) for n, (small, large) in k_runs(times, cases).items()}


def every_pair(per: dict[str, Evidence], what: str) -> Evidence:
    """A claim at every pair: the least favourable pair decides (an intersection-union test,
    :func:`puzzles.core.verdicts.weakest`); its test says which and of how many."""
    name, ev = V.weakest(per)
    return replace(ev, test=f"{ev.test}; the least favourable of {len(per)} {what} ({name}) "
                            "decides")


def _ratios(frame: pd.DataFrame, by: list[str]) -> pd.Series:
    return frame.groupby(by)["seconds"].agg(lambda x: x.max() / x.min())


def _ea_gain_by_level(per_path: pd.DataFrame) -> Evidence:
    """Fig. 6's "especially for higher difficulty levels": per case, the log of A*'s (or RL's)
    median seconds per explored path over the EA's, against the level within (d, k); the less
    favourable of A* and RL decides."""
    med = per_path.groupby(["method", "d", "k", "level"])["seconds"].median().unstack("method")
    gains = {}
    for slow in ("A*", "RL"):
        g = (med[slow] / med["EA"]).dropna().rename("ratio").reset_index()
        gains[f"over {slow}"] = trend(g.assign(level_n=g.level.astype(int)), "level_n", "ratio",
                                      ["d", "k"], True)
    return every_pair(gains, "methods")


def _authors_cpu(data: Data, f: SimpleNamespace) -> dict:
    """The authors' stored seconds for Fig. 5, Fig. 6 and Sec. 4.3: per claim its evidence."""
    t, s, o = authors_times(), f.solved, {}
    a = t[t.method == "A*"].merge(s[["d", "k", "level"]])  # the cases their Table 2 solves
    pairs = k_pairs(a, s)
    shown = cpu.k_outcomes(a, s)
    reversed_ = {n: pairs[n].ours for n, (small, large) in k_runs(a, s).items()
                 if np.median(small) > np.median(large)}  # the smaller k slower
    o["F5"] = (every_pair(pairs, "pairs of k"), "; ".join(f"{n}: {v}" for n, v in
                                                          reversed_.items()), (
        f"the authors' {a.groupby(['d', 'k', 'level']).size().min()} runs per case: by the "
        f"{cpu.MARGIN:g}x rule {shown.count(cpu.HOLDS)} of {len(shown)} pairs hold, "
        f"{shown.count(cpu.REVERSED)} reversed, {shown.count(cpu.NOISE)} within noise; "
        f"the smaller k's median slower in {len(reversed_)} ("
        + (", ".join(reversed_) or "none") + ")"))
    med = a.groupby(["d", "k", "level"], as_index=False)["seconds"].median()
    o["level"] = trend(med.assign(level_n=med.level.astype(int)), "level_n", "seconds",
                       ["d", "k"], True)
    ratio = _ratios(med, ["d", "level"])
    o["k-flat"] = q(ratio.le(2).all(), f"{ratio.min():.3g} to {ratio.max():.3g}",
                    "the authors' stored A* seconds, the median per case")
    per = {m: t[t.method == m].groupby(["d", "k", "level"])["seconds"].median()
           for m in ("A*", "EA", "RL")}
    o["depends"] = q(all(v.max() > 10 * v.min() for v in per.values()), "; ".join(
        f"{m} {v.min():.3g} to {v.max():.4g} s" for m, v in per.items()),
        "the authors' stored seconds, the median per case")
    d4 = t[(t.d == 4) & t.method.isin(["EA", "RL"])]
    d4 = d4.assign(level_n=d4.level.astype(int))
    # the unit is the case (a level within k): a case's runs are repeats of one measurement
    cases = d4.groupby(["method", "k", "level_n"], as_index=False)["seconds"].median()
    o["falls"] = every_pair({m: trend(g, "level_n", "seconds", ["k"], False)
                             for m, g in cases.groupby("method")}, "methods")
    by_k = d4.groupby(["method", "k"])["seconds"].mean()
    o["flat-k"] = q(all(v.max() <= 2 * v.min() for _, v in by_k.groupby(level=0)), "; ".join(
        f"{m} " + ", ".join(f"{x:.4g} (k={k})" for (_, k), x in v.items())
        for m, v in by_k.groupby(level=0)), "the authors' stored seconds, mean per run by k "
        "(the EA's successful runs)")
    div = cpu.path_divisors(data.budget.paper().ea_pop, dict(data.budget.paper().rl_p_states))
    o["gain"] = _ea_gain_by_level(cpu.per_path(t, div))
    d3 = t[(t.d == 3) & t.level.isin(["0", "1", "2"])]
    for cid, fast, slow, cases in (("F6-ea-below-rl", "EA", "RL", None),
                                   ("F6a-rl-above-ea-d3", "EA", "RL", d3),
                                   ("F6-ea-below-astar", "EA", "A*", None),
                                   ("S5-astar-below-rl", "A*", "RL", s)):
        o[cid] = {f"the authors' {u}": ev for u, ev in cpu.claim_orderings(
            t, div, fast, slow, cases, AUTHORS_TIMES).items()}
    rl = t[(t.method == "RL") & (t.d == 3)]
    o["rl-k"] = cpu.similar_evidence([cpu.compare(*[
        sel(rl, 3, k, lv).seconds.tolist() for k in (1, 2)]) for lv in "012"],
        "RL on d = 3, k = 1 against k = 2 at levels 0-2", AUTHORS_TIMES)
    return o


@section("F5-astar-time-smaller-k:pair S43-astar-time-level:instance S43-astar-time-k-flat "
         "S43-cpu-depends S43-d4-cpu-falls-with-level:instance S43-d4-cpu-flat-k "
         "F6-ea-below-rl:instance F6a-rl-above-ea-d3:instance F6-ea-below-astar:instance "
         "S5-astar-below-rl:instance S43-rl-k-gap-small F5-caption-medians "
         "F6-ea-gain-grows-with-level:instance", extra=(cpu.TIMING_FILE,))
def cpu_time(data: Data, f: SimpleNamespace) -> dict:
    """Figs. 5-6 and Sec. 4.3: the authors' stored seconds (the paper's own measurements)
    decide the headline; our work counts and our repeated warm seconds are readings."""
    t, b, s, o = table(data, cpu.TIMING_FILE), data.budget, f.solved, {}
    au, head = _authors_cpu(data, f), AUTHORS_READING
    pairs = [p for _, g in s.groupby(["d", "level"])  # each pair of k at one d and level
             for p in combinations(g.sort_values("k").astar_expanded.astype(float), 2)]
    o["F5-caption-medians"] = q(False, "their lines join the mean per case", (
        "the authors' notebook, lemerleau/CubicPuzzle@6ace12a notebooks/plots.ipynb: "
        "groupby(['d', 'k', 'level'])['CPU Time'].mean() (reference/paper_errors.csv)"))
    o["F6-ea-gain-grows-with-level"] = au["gain"]
    o["F5-astar-time-smaller-k"] = Finding({
        f"{head} (every pair of k)": au["F5"][0],
        "A*'s expansions": order([a for a, _ in pairs], [b for _, b in pairs], paired=True),
        "our warm seconds": cpu.ordering_evidence(cpu.k_outcomes(t, s), "A* at the smaller k "
                                                  "against the larger, each pair of k at one "
                                                  "d and level")},
        authors=au["F5"][1], why=f"{len(pairs)} pairs of k over the {len(s)} cases the "
                                 f"paper's A* finished; " + au["F5"][2])
    o["S43-astar-time-level"] = {f"{head} (median per case)": au["level"],
                                 "A*'s expansions": trend(s.assign(level_n=s.level.astype(int)),
                                                          "level_n", "astar_expanded",
                                                          ["d", "k"], True)}
    ratio = s.groupby(["d", "level"]).astar_expanded.agg(lambda x: x.max() / x.min())
    o["S43-astar-time-k-flat"] = {
        f"{head} (median per case)": au["k-flat"],
        "A*'s expansions": q(ratio.le(2).all(), f"{ratio.min():.3g} to {ratio.max():.3g}",
                             "A*'s expansions (results.csv)")}
    gens, e4, a = f.ea.groupby(["d", "k", "level"]).generations.mean(), f.ea[f.ea.d == 4], (
        f.res.astar_expanded)
    o["S43-cpu-depends"] = {head: au["depends"], "work counts": q(
        a.max() > 10 * a.min() and gens.max() > 10 * gens.min(), f"A* expansions {a.min()} to "
        f"{a.max():,}; EA mean generations {gens.min():.3g} to {gens.max():.4g}",
        "A*'s expansions and the EA's generations per case")}
    o["S43-d4-cpu-falls-with-level"] = {
        f"{head} (EA and RL)": au["falls"],
        "the EA's generations": trend(e4.groupby(["k", "level_n"], as_index=False).generations
                                      .mean(), "level_n", "generations", ["k"], False)}
    by_k = e4.groupby("k").generations.mean()
    o["S43-d4-cpu-flat-k"] = {f"{head} (EA and RL)": au["flat-k"], "the EA's generations": q(
        by_k.max() <= 2 * by_k.min(), ", ".join(f"{v:.4g} (k={k})" for k, v in by_k.items()),
        "the EA's generations per run")}
    div = cpu.path_divisors(b.ea_pop, dict(b.rl_p_states))
    d3 = t[(t.d == 3) & t.level.isin(["0", "1", "2"])]
    for cid, fast, slow, cases in (("F6-ea-below-rl", "EA", "RL", None),
                                   ("F6a-rl-above-ea-d3", "EA", "RL", d3),
                                   ("F6-ea-below-astar", "EA", "A*", None),
                                   ("S5-astar-below-rl", "A*", "RL", s)):
        o[cid] = Finding({**au[cid], **cpu.claim_orderings(t, div, fast, slow, cases)},
                         why=f"{fast} against {slow}")
    rl = t[(t.method == "RL") & (t.d == 3)]
    o["S43-rl-k-gap-small"] = {head: au["rl-k"], "our warm seconds": cpu.similar_evidence([
        cpu.compare(*[sel(rl, 3, k, lv).seconds.tolist() for k in (1, 2)]) for lv in "012"],
        "RL on d = 3, k = 1 against k = 2 at levels 0-2")}
    return o


def _spread(f: SimpleNamespace, d: int, by: str) -> Finding:
    e, r = (x[(x.k == 2) & ((x.d == d) if d else (x.d <= 4))] for x in (f.ea_ok, f.rl_ok))
    sd = pd.concat({n: x.groupby(["level"] if d else ["d", "level"]).moves.std()
                    for n, x in (("rl", r), ("ea", e))}, axis=1).dropna()

    def dev(x: pd.DataFrame) -> np.ndarray:
        logm = np.log(_mv(x)).reset_index(drop=True)
        return np.abs(logm - logm.groupby([x[c].to_numpy() for c in ("d", "k", "level")])
                      .transform("median")).to_numpy()
    return Finding({
        f"paired by {by}": order(sd.rl.to_numpy(), sd.ea.to_numpy(), paired=True),
        "every run (Mann-Whitney on absolute deviations)": order(dev(r), dev(e))},
        why=f"sds RL {_nums(sd.rl, '{:.2f}'.format)}; EA {_nums(sd.ea, '{:.2f}'.format)}")


@section("F2-moves-grow-with-k:run F2-moves-grow-with-level:run F2-level4-gap:run "
         "F3-min-median-grow:run F3-max-grows S41-ea-d3k1-median-level:run "
         "S41-ea-median-grows-with-k:run S41-ea-d3-k1-below-k2:run "
         "S41-ea-min-grows-with-level:instance S41-ea-degrades:run S41-seven-L1-below-L0:run "
         "S41-no-six-above-L0 F4-d3-ea-wider:instance F4-d4-rl-peaked:instance "
         "S42-rl-sd-lower:instance S42-d3k2-gap-3:run S42-ea-d4k3-under-5pct:run "
         "S41-d4k3-successes:run S41-d3k2L0-six-23:run S5-d3-ea-worst:instance "
         "T4-caption-1000-generations:run T4-caption-min-4:run T4-caption-max-83:run "
         "T5-caption-min-4:run T5-caption-max-316:run S41-rl-optimal-except-d4k3")
def figures(data: Data, f: SimpleNamespace) -> dict:
    ea, ea_ok, rl_ok, res, pt, o = f.ea, f.ea_ok, f.rl_ok, f.res, f.pt, {}
    rl34, d3k2 = rl_ok[rl_ok.d <= 4], sel(ea_ok, 3, 2)
    o["F2-moves-grow-with-k"] = trend(rl34, "k", "moves", ["d", "level"], True)
    o["F2-moves-grow-with-level"] = trend(rl34, "level_n", "moves", ["d", "k"], True)
    d4 = rl_ok[rl_ok.d == 4]
    d4 = d4.assign(c=np.log(_mv(d4)) - np.log(_mv(d4)).groupby(d4.k).transform("mean"))
    meds, four = d4.groupby(["k", "level"]).moves.median(), d4.c[d4.level == "4"]
    longest = pd.concat([sel(d4, 4, k, meds[k].drop("4").idxmax()) for k in (1, 2, 3)])
    o["F2-level4-gap"] = Finding({
        "level 4 against levels 0-3": order(d4.c[d4.level != "4"], four),
        "level 4 against the longest other level of each k": order(longest.c, four)},
        why="our medians by level: " + "; ".join(f"k={k} {_nums(meds[k])}" for k in (1, 2, 3)))
    o["F3-min-median-grow"] = trend(d3k2, "level_n", "moves", [], True)
    p = sel(pt, 3, 2).ea_max.tolist()
    o["F3-max-grows"] = q(_rising(p, True), f"the paper's maxima {_nums(p)}; ours "
                          f"{_nums(d3k2.groupby('level').moves.max())}", "Table 4 as printed")
    o["S41-ea-d3k1-median-level"] = trend(sel(ea_ok, 3, 1), "level_n", "moves", [], True)
    o["S41-ea-median-grows-with-k"] = trend(ea_ok[ea_ok.d <= 4], "k", "moves", ["d", "level"], True)
    o["S41-ea-d3-k1-below-k2"] = _weakest({lv: order(ok(ea, 3, 1, lv), ok(ea, 3, 2, lv))
                                           for lv in "012"})
    o["S41-ea-min-grows-with-level"] = trend(ea_ok.groupby(["d", "k", "level_n"], as_index=False)
                                             .moves.min(), "level_n", "moves", ["d", "k"], True)
    x = ea_ok.assign(excess=_mv(ea_ok) / ea_ok.optimal)
    o["S41-ea-degrades"] = {
        "moves against the level": trend(x, "level_n", "moves", ["d", "k"], True),
        "moves against k": trend(x, "k", "moves", ["d", "level"], True),
        "moves against d (level 0)": trend(x[x.level == "0"], "d", "moves", ["k"], True),
        "moves / optimum against the level": trend(x, "level_n", "excess", ["d", "k"], True)}
    sevens = [_hits(sel(ea, 3, 2, lv), 7) for lv in "012"]
    o["S41-seven-L1-below-L0"] = Finding(order(sevens[1], sevens[0]), why=(
        f"7-move runs at levels 0-2: {_nums(int(s.sum()) for s in sevens)}"))
    o["S41-no-six-above-L0"] = V.by_construction(
        "qualitative", f"optima {_nums(sel(res, 3, 2).sort_values('level').optimal[1:3])} at "
        "levels 1 and 2", "the exact optima of levels 1 and 2 exceed 6 moves, so no run can "
        "take 6")
    o["F4-d3-ea-wider"] = _spread(f, 3, "level (3 levels)")
    o["F4-d4-rl-peaked"] = _spread(f, 4, "level (5 levels)")
    o["S42-rl-sd-lower"] = _spread(f, 0, "case")
    sides = [(ok(ea, 3, 2, lv), ok(f.rl, 3, 2, lv)) for lv in "012"]
    if min(min(e.size, r.size) for e, r in sides) < 3:
        o["S42-d3k2-gap-3"] = nc("estimate", "too few successful runs",
                                 "fewer than 3 at some level")
    else:
        gaps = [float(np.median(e) - np.median(r)) for e, r in sides]
        se = float(np.sqrt(sum(median_se(e) ** 2 + median_se(r) ** 2 for e, r in sides))) / 3
        o["S42-d3k2-gap-3"] = Finding(V.estimate(
            Sample(float(np.mean(gaps)), RUNS, se * np.sqrt(RUNS)), Sample(3.0, RUNS), GAP),
            paper=3, why=f"per level: {_nums(gaps)}")
    g, rates = sel(ea, 4, 3), sel(pt, 4, 3).ea_success
    wins, n = int(g.success.sum()), len(g)
    o["S42-ea-d4k3-under-5pct"] = Finding(order(g.success.astype(float), 0.05, paired=True),
                                          paper="< 5%", available=n, why=f"ours {wins} of {n} runs")
    total, n_rates = printed(data, "d4k3_successes_total")[""], len(rates) * RUNS
    as_printed = int(sum(_successes(r) for r in rates))
    o["S41-d4k3-successes"] = Finding({
        "0.06% read as one run (the authors' stored runs)": count(wins, n, total, n_rates),
        f"as printed ({as_printed} of {n_rates})": count(wins, n, as_printed, n_rates)},
        paper=", ".join(_pct(r) for r in rates), authors=f"{total}/{n_rates}",
        why=f"ours {wins} of {n}", available=n)
    o["S41-d3k2L0-six-23"] = _six(data, sel(ea, 3, 2, "0"), "Sec. 4.1",
                                  "ours: {six} of {n} runs of 6 moves (the Table 4 runs)")
    d3 = res[res.d == 3].dropna(subset=["ea_median", "rl_median"])
    o["S5-d3-ea-worst"] = {
        "paired by case": order(d3.rl_median - d3.optimal, d3.ea_median - d3.optimal,
                                paired=True),
        "every run (Mann-Whitney on moves - optimum)": order(*(
            _mv(y[y.d == 3]) - y[y.d == 3].optimal for y in (rl_ok, ea_ok)))}
    n_paper = {a: int(sum(_successes(r) or (r > 0) for r in pt[f"{a}_success"]))
               for a in ("ea", "rl")}
    st_ea = [x for r in pt.itertuples()
             for x in stored("ea").get((r.d, r.k, r.level), {"moves": []})["moves"]]
    o["T4-caption-1000-generations"] = Finding({
        "successful runs": V.estimate(Sample.of(ea_ok.generations.astype(float)),
                                      Sample(1000.0, n_paper["ea"]), GENERATIONS),
        "all runs (failures count 1000)": V.estimate(Sample.of(ea.generations.astype(float)),
                                                     Sample(1000.0, len(ea)), GENERATIONS)},
        paper=1000, available=len(ea_ok), why=f"our mean {ea_ok.generations.mean():.3g} (all "
                                              f"runs {ea.generations.mean():.3g})")
    for cid, frame, side, value, a in (("T4-caption-min-4", ea_ok, "min", 4, "ea"),
                                       ("T4-caption-max-83", ea_ok, "max", 83, "ea"),
                                       ("T5-caption-min-4", rl_ok, "min", 4, "rl"),
                                       ("T5-caption-max-316", rl_ok, "max", 316, "rl")):
        ev, note = extreme(_mv(frame).to_numpy(), value, n_paper[a], side)
        head = {"as printed": ev}
        if a == "ea" and len(st_ea) == n_paper[a] and value == (min if side == "min" else max)(
                st_ea):  # the authors' stored Table 4 runs are the runs behind the caption
            head = stored_extreme(ev, _mv(frame).to_numpy(), value, st_ea, side)
        top = frame.moves.agg(side)
        at = frame[frame.moves == top][["d", "k", "level"]].drop_duplicates()
        o[cid] = Finding(head if len(head) > 1 else ev, paper=value, available=len(frame),
                         authors=(min if side == "min" else max)(st_ea) if a == "ea" else "",
                         why=f"{len(frame):,} ours, "
                         f"{n_paper[a]:,} the paper's; our {side} {top} at {_list(at, _case)}"
                         + (f"; {note}" if note else ""))
    miss = [y[(y.rl_min > y.optimal) & ~((y.d == 4) & (y.k == 3))]
            for y in (pt.merge(res[["d", "k", "level", "optimal"]]), res)]
    shown = [_list(m, lambda r: f"{_case(r)} {int(r.rl_min)} vs {int(r.optimal)}") for m in miss]
    o["S41-rl-optimal-except-d4k3"] = Finding(
        q(miss[0].empty, "Table 5: " + shown[0], "Table 5 against the exact optima"),
        why="ours: " + shown[1])
    return o


def _cstar(app: pd.DataFrame, six: pd.Series, c: float) -> Finding:
    tot = app.assign(six=_hits(app, 6)).groupby("c").six.sum()
    if c not in tot.index:
        return nc("ordering", "not run", f"c={c:g} is not run at this scale")
    other, s_other = tot.drop(c).idxmax(), six.drop(c).idxmax()
    runs = {x: np.r_[np.ones(six[x]), np.zeros(RUNS - six[x])] for x in (c, s_other)}
    return Finding({
        "our runs": order(*(_hits(app[np.isclose(app.c, x)], 6) for x in (other, c))),
        "the authors' stored runs (35 values of c)": order(runs[s_other], runs[c])},
        why=f"six-move runs at c={c:g}: {int(tot[c])}, the best other c {other:g}: "
            f"{int(tot[other])}; stored: {six[c]}, {six[s_other]} at {s_other:g}")


def lowest_median(gens: dict[float, Sequence[float]], c: float) -> tuple[Evidence, str]:
    """"c has the lowest median number of generations": generations per run at ``c`` against
    those at every other c (one-sided Mann-Whitney each), the least favourable deciding; and
    the medians said."""
    meds = {x: float(np.median(v)) for x, v in gens.items()}
    if c not in gens or len(gens) < 2:
        return V.not_comparable(kind="ordering", test="not run"), f"c={c:g} not run with others"
    low = min((x for x in meds if x != c), key=meds.get)
    ev = every_pair({f"c={x:g}": order(gens[c], gens[x]) for x in gens if x != c},
                    "other values of c")
    return ev, f"median generations {fmt(meds[c])} at c={c:g}, lowest of the others " \
               f"{fmt(meds[low])} at c={low:g}"


@section("F7-success-falls-with-c:run S41-cstar-1.8:run F8-cstar-1.6:run F8-mean-ten:run "
         "F8-success-doubled:run A-generations-grow-with-c:run A-six-at-1.8:run "
         "S41-cstar-rule:run",
         extra=("appendix_runs",), refs=("authors_appendix",))
def appendix(data: Data, f: SimpleNamespace) -> dict:
    app, st, log = table(data, "appendix_runs"), data.reference("authors_appendix"), np.log
    theirs, six = stored("appendix"), st.set_index("c").six_moves  # the authors' runs per c
    at = {c: app[np.isclose(app.c, c)] for c in (1.4, 1.8, 7.0)}
    ok18, s18 = _mv(at[1.8][at[1.8].success]), theirs["1.8"]["moves"]
    s14, s7 = (at[c].success.astype(float) for c in (1.4, 7.0))
    stored_runs = np.concatenate([[1.0] * n + [0.0] * (RUNS - n) for n in st.successes])
    good = app[app.success]
    means = good.groupby("c").generations.mean()
    drops = [f"c={a:g} {means[a]:.1f} > c={b:g} {means[b]:.1f}"
             for a, b in zip(means.index[:-1], means.index[1:], strict=True) if means[a] > means[b]]
    gens = [(float(c), float(x)) for c, v in theirs.items() for x in v["generations"] if x < 1000]
    c_star = printed(data, "sec41_cstar")[""]
    rule = {"our runs": lowest_median({float(c): g.generations.astype(float).to_numpy()
                                       for c, g in app.groupby("c")}, c_star),
            "the authors' stored runs (35 values of c)": lowest_median(
                {float(c): v["generations"] for c, v in theirs.items()}, c_star)}
    return {
        "S41-cstar-rule": Finding({n: ev for n, (ev, _) in rule.items()}, paper=f"c* = {c_star}",
                                  authors=rule["the authors' stored runs (35 values of c)"][1],
                                  why="ours: " + rule["our runs"][1]),
        "A-generations-grow-with-c": Finding({
            "successful runs (the figure's mean)": vtrend(good.c, log(good.generations), True),
            "all runs (failures count 1000)": vtrend(app.c, log(app.generations), True),
            "the figure's points (mean of the successful runs per c)": vtrend(
                means.index, log(means.to_numpy(float)), True),
            "the authors' stored runs (35 values of c)": vtrend(
                [c for c, _ in gens], log([x for _, x in gens]), True)},
            why="the figure's mean of the successful runs falls at " + (
                "; ".join(drops) or "no c")),
        "F7-success-falls-with-c": {
            "our runs": vtrend(app.c, app.success.astype(float), False),
            "the authors' stored runs (35 values of c)": vtrend(
                np.repeat(st.c.to_numpy(), RUNS), stored_runs, False)},
        "A-six-at-1.8": _six(data, at[1.8], "Sec. 4.1 and Fig. 8b",
                             "ours {six} of {n} (success {success})"),
        "S41-cstar-1.8": _cstar(app, six, 1.8),
        "F8-cstar-1.6": _cstar(app, six, 1.6),
        "F8-mean-ten": Finding({
            "as printed": V.estimate(Sample.of(ok18), Sample(10.0, RUNS), MOVES),
            "vs the authors' stored runs": V.estimate(Sample.of(ok18), Sample.of(s18), MOVES)},
            paper="about 10", authors=round(float(np.mean(s18)), 2), available=len(ok18),
            why=f"our mean {ok18.mean():.3g}"),
        "F8-success-doubled": Finding(order(s7, s14), paper="100% vs 60%",
                                      why=f"ours {s14.mean():.3g} at c=1.4, {s7.mean():.3g} at "
                                          "c=7")}
