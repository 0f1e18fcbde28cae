"""Notebook 05's evidence: a function per claim id or id pattern of ``paper_claims.csv``, which
holds each claim's sentence, unit, reading and fixed why. Here Tables 2, 4, 5, Fig. 3, Sec.
4.2's tests, Appendix A and the rows beyond the paper; :mod:`.ledger_statements` the rest.

Medians are estimates on the log scale with Maritz-Jarrett standard errors (the paper's spread
from the authors' stored runs where those have its count, min, max and median); extremes use
the engine's two-sample precedence rule; orderings across instances are paired by instance,
every run a reading, and no pair is equal by construction (the compared method or k acts on
each); trends use one value per run, centred within strata.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from functools import partial

import numpy as np
import pandas as pd
from scipy import stats

from puzzles.core import verdicts as V
from puzzles.core.claims import fmt
from puzzles.core.evidence import Data, Finding, Register
from puzzles.core.verdicts import Evidence, Margin, Sample
from puzzles.hypercube import gods
from puzzles.hypercube import reference as ref
from puzzles.hypercube.experiments import HARDEST

EVIDENCE = Register()
RUNS = ref.AUTHORS_RUNS_PER_CASE  # 150 runs per case, the paper's and ours
MOVES = Margin.log_ratio(0.2)  # move counts: heavy-tailed, multiplicative (66 to 339 moves)
GENERATIONS = Margin.log_ratio(0.2)  # generations to success: 3 to 1000
RATE = Margin.rate(5)  # success rates, counts of runs out of 150
GAP = Margin.difference(1, "moves")  # a difference of medians: the printed medians' resolution
EXTREME_SHARE = 0.2  # an extreme within +-20% (MOVES' width), rounded down: no floor
MARGINS = [("MOVES", MOVES.text, "medians and means of solution lengths",
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


def margins_table() -> pd.DataFrame:
    """The notebook's margins: name, margin, what it applies to, why."""
    return pd.DataFrame(MARGINS, columns=["name", "margin", "applies to", "why"])


def extreme_margin(value: float) -> Margin:
    """The margin of an extreme of ``value`` moves: +-20%, rounded down to whole moves."""
    return Margin.difference(math.floor(EXTREME_SHARE * float(value)), "moves")


# ---------------------------------------------------------------- reading the data


def case_of(case: str) -> tuple[int, int, str]:
    """``d4k3L2`` -> (4, 3, "2")."""
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
    """A result (or reference) table, levels as text, a runs table's moves nullable."""
    return data.memo(_load, name, reference)


def paper_table(data: Data) -> pd.DataFrame:
    """Tables 2, 4 and 5 as printed, one row per (d, k, level)."""
    return table(data, "tables", True)


def printed(data: Data, name: str) -> dict:
    """The numbers ``name`` of ``statements.csv`` by item ("level 0" -> 0, "c=1.8" -> 1.8)."""
    s = data.reference("statements")
    s = s[s["name"] == name]
    keys = ["" if pd.isna(i) else re.split("[ =]", i)[-1] for i in s["item"]]
    return {float(i) if "." in i else int(i) if i else i: int(v) if float(v).is_integer()
            else float(v) for i, v in zip(keys, s["value"], strict=True)}


def stored(data: Data, algo: str) -> dict:
    """The authors' stored runs by (d, k, level), or for "appendix" by c ("1.8")."""
    return data.memo(_stored, algo)


def _stored(data: Data, algo: str) -> dict:
    return ref.authors_runs()["appendix"] if algo == "appendix" else ref.authors_run_lists(algo)


def sel(frame: pd.DataFrame, d: int, k: int, level: str | None = None) -> pd.DataFrame:
    """The rows of one (d, k[, level])."""
    m = (frame["d"] == d) & (frame["k"] == k)
    return frame[m if level is None else m & (frame["level"] == level)]


def ok(frame: pd.DataFrame, d: int, k: int, level: str) -> np.ndarray:
    """The moves of the successful runs of one case."""
    g = sel(frame, d, k, level)
    return g.loc[g["success"], "moves"].astype(float).to_numpy()


def paper_levels(data: Data, name: str) -> pd.DataFrame:
    """A runs table on the paper's 25 cases, with each case's optimum and level as a number."""
    out = table(data, name).merge(paper_table(data)[["d", "k", "level"]]).merge(
        table(data, "results")[["d", "k", "level", "optimal"]])
    return out.assign(level_n=out["level"].astype(int))


def none_ok(kind: str, what: str, scale: str) -> Finding:
    """A row with no successful run to decide it (a smoke-scale budget)."""
    return Finding(V.not_comparable(kind=kind, test="no successful run"),
                   why=f"{what}: no successful run at {scale} scale; runs at the paper's "
                       "budget would decide it")


def zeros(n: int) -> np.ndarray:
    """No pair equal by construction: the compared factor acts on every pair."""
    return np.zeros(n, dtype=bool)


def median_se(values: Sequence[float]) -> float:
    """Maritz-Jarrett standard error of the sample median (n >= 3; a weighted variance, so
    ties give 0 rather than a rounding error's square root)."""
    x = np.sort(np.asarray(values, dtype=float))
    n = x.size
    if n < 3:
        raise ValueError(f"the Maritz-Jarrett standard error needs n >= 3, got {n}")
    m, i = int(0.5 * n + 0.5), np.arange(1, n + 1)
    w = stats.beta.cdf(i / n, m - 1, n - m) - stats.beta.cdf((i - 1) / n, m - 1, n - m)
    return math.sqrt(max(float(np.dot(w, (x - float(np.dot(w, x))) ** 2)), 0.0))


def median_sample(values: Sequence[float]) -> Sample:
    """A sample as the engine takes it for a median: mean = the median, sd = its standard error
    times sqrt(n); with n <= 2 the runs' own mean and sd."""
    x = np.asarray(values, dtype=float)
    if x.size <= 2:
        return Sample.of(x)
    return Sample(float(np.median(x)), int(x.size), median_se(x) * math.sqrt(x.size))


def trend(frame: pd.DataFrame, x: str, y: str, strata: Sequence[str], increasing: bool,
          log: bool = True) -> Evidence:
    """The engine's trend on per-run (or per-case) values, x and y centred within strata."""
    xs = frame[x].astype(float).reset_index(drop=True)
    ys = (np.log(frame[y].astype(float)) if log else frame[y].astype(float)).reset_index(
        drop=True)
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


def order(low: object, high: object, **kw: object) -> Evidence:
    """The engine's ordering, or not comparable where a side has no value (a smoke run)."""
    if min(np.size(low), np.size(high)) == 0:
        return V.not_comparable(kind="ordering", test="a side has no value")
    return V.ordering(low, high, **kw)


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


# ---------------------------------------------------------------- Table 2 (A*)


@EVIDENCE.claim("T2-{case}-astar", tables=("results", "astar_list"), references=("tables",))
def table2(data: Data, case: str) -> Finding:
    d, k, level = case_of(case)
    r, p = (sel(f, d, k, level).iloc[0] for f in (table(data, "results"), paper_table(data)))
    kind, exp = "qualitative" if pd.isna(p.astar_min) else "exact", int(r.astar_expanded)
    if bool(pd.isna(r.astar_moves)):  # gave up within this scale's expansion budget
        return Finding(V.not_comparable(kind=kind, test="A* gave up"),
                       why=f"our A* gave up after {exp:,} expansions, this scale's budget")
    why = f"the exact optimum is {int(r.optimal)}; our heap A* expands {exp:,} nodes"
    if kind == "exact":
        return Finding(V.exact(int(p.astar_min), int(r.astar_moves)), paper=int(p.astar_min),
                       why=why)
    la = sel(table(data, "astar_list"), d, k, level)
    if len(la) and not bool(la["gave_up"].iloc[0]):
        return Finding(V.qualitative(False, f"solved in {int(la['moves'].iloc[0])} moves after "
                                     f"{int(la['expanded'].iloc[0]):,} expansions",
                                     "search.astar_list (expansions for seconds)"),
                       paper="success 0, min -", why=why)
    return Finding({"A* with the paper's heuristic": V.qualitative(
        False, f"solved in {int(r.astar_moves)} moves after {exp:,} expansions",
        "search.astar (expansions for seconds)"), "a list-based A* within 3600 s":
        V.not_comparable(kind="qualitative", test="not run here")}, paper="success 0, min -",
        why=why)


# ---------------------------------------------------------------- Tables 4 and 5 (EA, RL)


def _cell(data: Data, t: str, case: str) -> tuple:
    """A case of Table 4 (the EA) or 5 (RL): the printed row, our runs, our successful runs'
    moves, the stored runs and the paper's count of runs behind its min/max/median."""
    algo = "ea" if t == "T4" else "rl"
    d, k, level = case_of(case)
    p = sel(paper_table(data), d, k, level).iloc[0]
    st = stored(data, algo).get((d, k, level), {"moves": [], "generations": []})
    n_paper = RUNS if t == "T5" else max(_successes(p.ea_success),
                                         1 if st["moves"] and p.ea_success else 0)
    runs = table(data, f"{algo}_runs")
    return algo, p, sel(runs, d, k, level), ok(runs, d, k, level), st, n_paper


def _alpha(data: Data, p: pd.Series, wins: int) -> tuple[dict, str]:
    """On d=4 k=3: the alpha = 0.7 rerun's successes as a reading, and its note."""
    a = sel(table(data, "ea_alpha07_runs"), p.d, p.k, p.level)
    if (p.d, p.k) != (4, 3) or a.empty:
        return {}, ""
    won, k_paper = int(a["success"].sum()), max(_successes(p.ea_success), 1)
    note = f"; the alpha = 0.7 rerun (an older script's value) {won}/{len(a)}"
    if min(wins, won) < k_paper < max(wins, won):
        note += f", so the two alphas bracket the paper's {k_paper}/{RUNS}"
    return {"alpha = 0.7 (an older script's value)": V.count((won, len(a)), (k_paper, RUNS),
                                                            RATE)}, note


def success(data: Data, t: str, case: str) -> Finding:
    algo, p, g, _, st, _ = _cell(data, t, case)
    rate, n, wins = getattr(p, f"{algo}_success"), len(g), int(g["success"].sum())
    have = len(st["moves"]) if st["moves"] or t == "T4" else None  # no stored RL runs, d=5
    k_paper, head, readings = _successes(rate), "as printed", {}
    if 0 < rate and k_paper == 0 and have == 1:  # "0.06%": one run of 150 is 0.67%
        head = "0.06% read as one run of 150 (the authors' stored runs)"
        readings["as printed (0.06% of 150 runs: 0 runs)"] = V.count((wins, n), (0, RUNS), RATE)
        k_paper = 1
    elif have is not None and have != k_paper:
        readings["vs the authors' stored runs"] = V.count((wins, n), (have, RUNS), RATE)
    extra, note = _alpha(data, p, wins) if t == "T4" else ({}, "")
    return Finding({head: V.count((wins, n), (k_paper, RUNS), RATE), **readings, **extra},
                   paper=_pct(rate), authors="" if have is None else f"{have}/{RUNS}",
                   available=n, why=f"ours {wins}/{n}" + (
                       "" if have is None else f"; the authors' stored runs {have}/{RUNS}") + note)


def moves(data: Data, t: str, case: str) -> Finding:
    algo, p, g, mine, st, n_paper = _cell(data, t, case)
    (lo, hi, med), s = (getattr(p, f"{algo}_{x}") for x in ("min", "max", "median")), st["moves"]
    authors = fmt(float(np.median(s))) if s else ""
    if pd.isna(med):  # the paper prints no median: none of its runs succeeded
        return Finding(V.qualitative(mine.size == 0, f"{mine.size} successes of {len(g)}",
                                     f"our {len(g)} runs"), paper="-")
    if mine.size == 0:
        return Finding(V.not_comparable(kind="estimate", test="no successful run"), paper=med,
                       authors=authors, why=f"none of our {len(g)} runs succeeded")
    ours, readings, why = median_sample(mine), {}, []
    if len(s) == n_paper and (min(s), max(s), float(np.median(s))) == (lo, hi, float(med)):
        paper = Sample(float(med), n_paper, median_sample(s).sd)  # the runs behind the row
        why.append("the paper's spread: the authors' stored runs, which have its count, min, "
                   "max and median")
    else:
        paper = Sample(float(med), n_paper)
        if s:
            readings["vs the authors' stored runs"] = V.estimate(ours, median_sample(s), MOVES)
    if ours.n == 1 and paper.sd:  # one run has no spread of its own: the paper's, relative
        ours = Sample(ours.mean, 1, paper.sd / paper.mean * ours.mean)
        why.append("our single run is given the paper's relative spread")
    return Finding({"as printed": V.estimate(ours, paper, MOVES), **readings}, paper=med,
                   authors=authors, why="; ".join(why), available=mine.size)


def extreme_cell(data: Data, t: str, case: str, side: str) -> Finding:
    algo, p, g, mine, st, n_paper = _cell(data, t, case)
    value, s = getattr(p, f"{algo}_{side}"), st["moves"]
    s_val = (min(s) if side == "min" else max(s)) if s else None
    if mine.size == 0:
        return Finding(V.not_comparable(kind="extreme", test="no successful run"), paper=value,
                       authors=s_val, why=f"none of our {len(g)} runs succeeded")
    ev, why = extreme(mine, float(value), n_paper, side)
    readings = {} if s_val is None or s_val == value else {
        "vs the authors' stored runs": extreme(mine, float(s_val), len(s), side)[0]}
    return Finding({"as printed": ev, **readings}, paper=value, authors=s_val, why=why,
                   available=mine.size)


@EVIDENCE.claim("T4-{case}-generations", unit="run", **CASES)
def generations(data: Data, case: str) -> Finding:
    _, _, g, _, st, _ = _cell(data, "T4", case)
    gen, s = g.loc[g["success"], "generations"].astype(float).to_numpy(), st["generations"]
    authors, why = round(float(np.mean(s)), 2) if s else "", f"successful runs: {gen.size} " \
                                                             f"ours, {len(s)} theirs"
    if gen.size < 2 or len(s) < 2:
        return Finding(V.not_comparable(kind="estimate"), authors=authors, why=why + ": too few")
    return Finding(V.estimate(Sample.of(gen), Sample.of(s), GENERATIONS), authors=authors,
                   why=why, available=gen.size)


for _t in ("T4", "T5"):
    EVIDENCE.claim(f"{_t}-{{case}}-success", unit="run", **{**CASES, "tables": (
        *CASES["tables"], "ea_alpha07_runs")})(partial(success, t=_t))
    EVIDENCE.claim(f"{_t}-{{case}}-moves", unit="run", **CASES)(partial(moves, t=_t))
    for _side in ("min", "max"):
        EVIDENCE.claim(f"{_t}-{{case}}-{_side}", unit="run", **CASES)(
            partial(extreme_cell, t=_t, side=_side))


# ---------------------------------------------------------------- Fig. 3, Sec. 4.1-4.2


def _d3k2(data: Data, level: str) -> tuple[np.ndarray, int, list]:
    """d=3 k=2: our successful EA runs' moves, how many runs, the stored runs' moves."""
    runs = table(data, "ea_runs")
    return (ok(runs, 3, 2, level), len(sel(runs, 3, 2, level)),
            stored(data, "ea")[(3, 2, level)]["moves"])


@EVIDENCE.claim("F3-d3k2L{level}-min", unit="run", **CASES)
def figure3_min(data: Data, level: str) -> Finding:
    mine, _, st = _d3k2(data, level)
    pmin = printed(data, "fig3_min")[int(level)]
    if mine.size == 0:
        return none_ok("extreme", f"EA d=3 k=2 level {level}", data.scale)
    t4 = int(sel(paper_table(data), 3, 2, level)["ea_min"].iloc[0])
    ev, note = extreme(mine, pmin, RUNS, "min")
    return Finding({"as printed": ev, **({} if t4 == pmin else {
        f"Table 4's {t4}": extreme(mine, t4, RUNS, "min")[0]})}, paper=pmin, authors=min(st),
        why=note, available=mine.size)


@EVIDENCE.claim("F3-d3k2L{level}-count", unit="run", **CASES)
def figure3_count(data: Data, level: str) -> Finding:
    mine, n, st = _d3k2(data, level)
    pmin, pcount = (printed(data, x)[int(level)] for x in ("fig3_min", "fig3_min_count"))
    hits, s_hits = int((mine == pmin).sum()), sum(1 for x in st if x == pmin)
    readings = {}
    if level == "0":
        six = printed(data, "appendix_six")[1.8]
        readings[f"Sec. 4.1 and Fig. 8b print {six}"] = V.count((hits, n), (six, RUNS), RATE)
    if s_hits != pcount:
        readings["vs the authors' stored runs"] = V.count((hits, n), (s_hits, RUNS), RATE)
    return Finding({"Fig. 3 caption": V.count((hits, n), (pcount, RUNS), RATE), **readings},
                   paper=pcount, authors=s_hits, available=n, why=f"ours: {hits} of {n} runs "
                   f"of {pmin} moves; the authors' stored Table 4 runs: {s_hits}")


@EVIDENCE.claim("S41-d4k3-successes", unit="run", **CASES)
def d4k3_successes(data: Data) -> Finding:
    g = sel(paper_levels(data, "ea_runs"), 4, 3)
    n, wins, total = len(g), int(g["success"].sum()), printed(data, "d4k3_successes_total")[""]
    rates = sel(paper_table(data), 4, 3)["ea_success"]
    n_paper, as_printed = len(rates) * RUNS, int(sum(_successes(r) for r in rates))
    return Finding({"0.06% read as one run (the authors' stored runs)": V.count(
        (wins, n), (total, n_paper), RATE), f"as printed ({as_printed} of {n_paper})": V.count(
        (wins, n), (as_printed, n_paper), RATE)}, paper=", ".join(_pct(r) for r in rates),
        authors=f"{total}/{n_paper}", why=f"ours {wins} of {n}", available=n)


@EVIDENCE.claim("S41-d3k2L0-six-23", unit="run", **CASES)
def six_23(data: Data) -> Finding:
    mine, n, _ = _d3k2(data, "0")
    six, p23 = int((mine == 6).sum()), printed(data, "appendix_six")[1.8]
    p14 = printed(data, "fig3_min_count")[0]
    return Finding({"Sec. 4.1": V.count((six, n), (p23, RUNS), RATE), f"Fig. 3 caption "
                    f"({p14})": V.count((six, n), (p14, RUNS), RATE)}, paper=p23, authors=p23,
                   why=f"ours: {six} of {n} runs of 6 moves (the Table 4 runs)", available=n)


@EVIDENCE.claim("S42-d{d}k2-ttest", unit="instance", **CASES)
def ttest(data: Data, d: str) -> Finding:
    dd, levels = int(d), "012" if d == "3" else "01234"
    runs = {a: table(data, f"{a}_runs") for a in ("rl", "ea")}
    empty = [f"{a} level {lv}" for a in runs for lv in levels if ok(runs[a], dd, 2, lv).size == 0]
    if empty:
        return none_ok("ordering", ", ".join(empty), data.scale)
    rl_m, ea_m = ([float(np.mean(ok(runs[a], dd, 2, lv))) for lv in levels] for a in runs)
    p_st = float(stats.ttest_ind(*([np.mean(stored(data, a)[(dd, 2, lv)]["moves"])
                                    for lv in levels] for a in runs)).pvalue)
    every = order(*(np.concatenate([ok(runs[a], dd, 2, lv) for lv in levels])
                         for a in runs), paired=False)
    return Finding({f"paired by level ({len(levels)} levels)": order(
        rl_m, ea_m, paired=True, inert=zeros(len(levels))), "every run (Mann-Whitney)": every},
        paper=f"p = {printed(data, 'sec42_p')[dd]}", authors=f"p = {p_st:.3g}",
        why=f"RL's mean below the EA's on {sum(a < b for a, b in zip(rl_m, ea_m, strict=True))} "
            f"of {len(levels)} levels; the authors' t-test gives "
            f"{stats.ttest_ind(rl_m, ea_m).pvalue:.3g} on ours, {p_st:.3g} on their runs")


@EVIDENCE.claim("S42-d3k2L{level}-rl-below-ea", unit="run", **CASES)
def rl_below_ea(data: Data, level: str) -> Finding:
    rl, ea = (ok(table(data, x), 3, 2, level) for x in ("rl_runs", "ea_runs"))
    if not (rl.size and ea.size):
        return none_ok("ordering", f"d=3 k=2 level {level}", data.scale)
    pe, pr = (printed(data, f"sec42_medians_{a}_d3")[int(level)] for a in ("ea", "rl"))
    return Finding(order(rl, ea, paired=False), paper=f"{pr} < {pe}",
                   why=f"medians RL {fmt(float(np.median(rl)))}, EA {fmt(float(np.median(ea)))}")


# ---------------------------------------------------------------- Appendix A

APPENDIX = {"tables": ("appendix_runs",), "references": ("statements",)}


def _appendix(data: Data, c: str) -> tuple[pd.DataFrame, dict]:
    """Our runs at exponent ``c``; the stored runs' moves and generations (all, successful)."""
    app, st = table(data, "appendix_runs"), stored(data, "appendix")[f"{float(c):.1f}"]
    return app[np.isclose(app["c"], float(c))], {
        "moves": st["moves"], "all": st["generations"],
        "ok": [x for x in st["generations"] if x < 1000]}


def appendix_count(data: Data, c: str, what: str) -> Finding:
    g, st = _appendix(data, c)
    if g.empty:
        return Finding(V.not_comparable(kind="count", test="not run"),
                       why=f"c={c} is not run at {data.scale} scale")
    n, six = len(g), what == "six"
    ours = int((g["moves"] == 6).sum()) if six else int(g["success"].sum())
    theirs = st["moves"].count(6) if six else len(st["moves"])
    vs_stored, value = V.count((ours, n), (theirs, RUNS), RATE), printed(
        data, f"appendix_{what}").get(float(c))
    shown = theirs if six else f"{theirs}/{RUNS}"
    if value is None:  # plotted, never printed
        return Finding(vs_stored, authors=shown, why=f"ours {ours}/{n}", available=n)
    return Finding({"as printed": V.count((ours, n), (int(value) if six else _successes(value),
                                                      RUNS), RATE),
                    "vs the authors' stored runs": vs_stored}, available=n, authors=shown,
                   paper=value if six else _pct(value), why=f"ours {ours}/{n}")


for _what in ("success", "six"):
    EVIDENCE.claim(f"A-c{{c}}-{_what}", unit="run", **APPENDIX)(
        partial(appendix_count, what=_what))


@EVIDENCE.claim("A-c{c}-generations", unit="run", **APPENDIX)
def appendix_generations(data: Data, c: str) -> Finding:
    g, st = _appendix(data, c)
    good = g.loc[g["success"], "generations"].astype(float)
    if good.size < 2:
        return Finding(V.not_comparable(kind="estimate", test="too few successful runs"),
                       why=f"{good.size} successful runs at c={c} ({data.scale} scale)")
    return Finding({"successful runs (the figure's mean)": V.estimate(
        Sample.of(good), Sample.of(st["ok"]), GENERATIONS),
        "all runs (failures count 1000)": V.estimate(
            Sample.of(g["generations"].astype(float)), Sample.of(st["all"]), GENERATIONS)},
        authors=round(float(np.mean(st["ok"])), 2), available=good.size,
        why=f"successful runs: {good.size} ours, {len(st['ok'])} theirs")


@EVIDENCE.claim("A-six-at-1.8", unit="run", **APPENDIX)
def six_at_18(data: Data) -> Finding:
    g, _ = _appendix(data, "1.8")
    six, n = int((g["moves"] == 6).sum()), len(g)
    p23, p14 = printed(data, "appendix_six")[1.8], printed(data, "fig3_min_count")[0]
    return Finding({"Sec. 4.1 and Fig. 8b": V.count((six, n), (p23, RUNS), RATE),
                    f"Fig. 3 caption ({p14})": V.count((six, n), (p14, RUNS), RATE)},
                   paper=p23, authors=p23, available=n,
                   why=f"ours {six} of {n} (success {fmt(float(g['success'].mean()))})")


@EVIDENCE.claim("A-generations-grow-with-c", unit="run", **APPENDIX)
def generations_grow(data: Data) -> Finding:
    app = table(data, "appendix_runs")
    good = app[app["success"]]
    means = good.groupby("c")["generations"].mean()
    drops = [f"c={a:g} {means[a]:.1f} > c={b:g} {means[b]:.1f}"
             for a, b in zip(means.index[:-1], means.index[1:], strict=True) if means[a] > means[b]]
    st = [(float(c), float(x)) for c, v in stored(data, "appendix").items()
          for x in v["generations"] if x < 1000]
    return Finding({
        "successful runs (the figure's mean)": vtrend(good["c"], np.log(good["generations"]
                                                                          .astype(float)), True),
        "all runs (failures count 1000)": vtrend(app["c"], np.log(app["generations"].astype(
            float)), True),
        "the figure's points (mean of the successful runs per c)": vtrend(
            means.index.to_numpy(float), np.log(means.to_numpy(float)), True),
        "the authors' stored runs (35 values of c)": vtrend(
            [c for c, _ in st], np.log([x for _, x in st]), True)},
        why="the figure's mean of the successful runs falls at " + ("; ".join(drops) or "no c"))


# ---------------------------------------------------------------- beyond the paper


def gods_evidence(g: pd.Series) -> Evidence:
    """God's number: exact when every orbit was searched or the bounds met, else the largest
    eccentricity over the orbits searched, a lower bound."""
    test = ("BFS from one configuration per symmetry orbit" if g.d <= 4 else
            "dense BFS (ranked configurations) from one configuration per symmetry orbit")
    if getattr(g, "how", None) == gods.HOW[1]:
        return V.beyond(fmt(g.gods_number), f"{test}, only where bounds left it open: lower "
                        f"and upper bounds meet after {g.orbits_done} of {g.orbits} searches")
    if getattr(g, "bound", "exact") != "lower":
        return V.beyond(fmt(g.gods_number), test)
    return V.beyond(f">= {fmt(g.gods_number)}", test, uncertainty=f"a lower bound (at least the "
                    f"target's eccentricity): {g.orbits_done} of {g.orbits} orbits searched; "
                    f"the other {g.orbits - g.orbits_done} searches would decide it "
                    f"({gods.GODS_ALL_COMMAND})")


def _beyond(pattern: str, name: str, show: Callable, why: Callable | None = None,
            one: bool = True, stored: tuple = (), **where: str) -> None:
    """Register a beyond row: ``show(row or rows, data)`` of result table ``name`` at the
    pattern's fields (a case as d, k, level) and ``where``; a run without them has no row."""
    def evidence(data: Data, **fields: str) -> Finding:
        if "case" in fields:
            fields = dict(zip(("d", "k", "level"), case_of(fields.pop("case")), strict=True))
        rows = table(data, name)
        m = np.ones(len(rows), dtype=bool)
        for c, v in {**fields, **where}.items():
            m &= (rows[c].astype(str) == str(v)).to_numpy()
        if not m.any():
            return Finding(V.not_comparable(kind="beyond", test="not run"), why=f"this "
                           f"{data.scale}-scale run has no {name} row for {fields}")
        rows = rows[m]
        return Finding(show(rows.iloc[0] if one else rows, data),
                       why=why(rows.iloc[0]) if why else "")
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
                    "distances_d5k4)", uncertainty=f"level 0 ({opt} moves) is at most as far "
                    f"as {100 * share:.3g}% of its {int(dist['count'].sum()):,} configurations")


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
