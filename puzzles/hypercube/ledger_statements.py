"""Notebook 05's ledger, part two: the paper's sentences, captions and settings.

Tables 2, 4, 5, Fig. 3 and Appendix A are in :mod:`puzzles.hypercube.ledger`; this module
decides every other claim of the inventory with the same engine and the same conventions (see
that module's docstring): the abstract, the introduction, the method sections, the figure
captions, Sec. 4.1-4.3, the conclusion, Table 3 and the data statement.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from puzzles.core import verdicts as V
from puzzles.core.claims import Ledger, fmt
from puzzles.core.verdicts import Evidence, Sample
from puzzles.hypercube import cpu
from puzzles.hypercube import reference as ref
from puzzles.hypercube.instances import INSTANCES, instance
from puzzles.hypercube.ledger import (
    GAP,
    GENERATIONS,
    MOVES,
    RUNS,
    Inputs,
    _add,
    _extreme,
    _ok,
    _paper_levels,
    _runs,
    _trend,
    median_se,
)
from puzzles.hypercube.paper import PAPER

# Why a CPU-time claim about RL cannot be decided here.
NO_RL_WORK = ("RL's work per run (walk steps) is not recorded in the result files, and wall "
              "time cannot decide a row of a ledger that must be byte-identical on rerun (our "
              "warm seconds are in timings.csv and the timing_*.png plots); what would decide "
              "it: RL runs that count their steps")


def _cases(results: pd.DataFrame) -> pd.DataFrame:
    """The paper's 25 (d, k, level) cases with our optimum, A* and run summaries."""
    keys = ref.paper_table()[["d", "k", "level"]]
    return results.merge(keys, on=["d", "k", "level"])


def _weakest(evidence: list[tuple[str, Evidence]]) -> tuple[str, Evidence]:
    """For a claim "at every level": the level whose evidence is least favourable (a reverse
    direction first, else the largest p)."""
    rev = [(n, e) for n, e in evidence if "reverse" in e.test]
    if rev:
        return min(rev, key=lambda x: x[1].p or 0.0)
    return max(evidence, key=lambda x: x[1].p or 0.0)


def _with_optimum(frame: pd.DataFrame, results: pd.DataFrame) -> pd.DataFrame:
    out = frame.merge(results[["d", "k", "level", "optimal"]], on=["d", "k", "level"])
    return out.assign(level_n=out["level"].astype(int))


def statements(ledger: Ledger, inp: Inputs) -> None:
    """Every inventory claim outside the tables."""
    for group in GROUPS:
        group(ledger, inp)


# ---------------------------------------------------------------- settings (design inputs)


def settings(ledger: Ledger, inp: Inputs) -> None:
    """Numbers the paper (and we, following it) set: by construction."""
    d_inst = {d: [i for i in INSTANCES if i.d == d and i.is_code_level] for d in (3, 4, 5)}
    rows = {
        "T2-l-values": (f"l = {d_inst[3][0].l}, {d_inst[4][0].l}, {d_inst[5][0].l}; levels "
                        f"{len(d_inst[3]) - 1} (+ the impossible one), {len(d_inst[4])}, "
                        f"{len(d_inst[5])}; k = 1..d-1", ""),
        "T5-caption-1000-iterations": ("1000 episodes per run, 150 runs per case", ""),
        "S2-rules": ("model.py: a ring slides along a free face of dimension exactly k", ""),
        "S2-higher-d-harder": ("a convention, not a measurement", ""),
        "T1-parameters": ("d = 3, 4, 5; k = 1..d-1; l = 4, 11, 26", ""),
        "S32-P": ("P = 100 (d = 3, 4) and 100,000 (d = 5), as Sec. 4.1 and the scripts",
                  "Sec. 3.2 says P = 1000 for most puzzles and Sec. 4.1 says 100; the authors' "
                  "scripts default to 100, which we use (paper_errors.csv)"),
        "S33-ea-settings": ("N = T = 1000, 10% elitism, alpha = 0.2, c = 1.8", "alpha = 0.2 "
                            "weights the fitness by 0.2 and the moves by 0.8 (the paper's '80% "
                            "moves'); an older script hard-coded 0.7 (ea_alpha_comparison.csv)"),
        "S41-budget": ("150 runs per case; no CPU limit here (the EA and RL budgets are "
                       "generations and episodes)", "the 3600 s limit is not applied: our runs "
                       "stop at their generation or episode budgets"),
        "S41-rl-settings": ("P = 100 (100,000 for d = 5), lr 0.05, discount 0.95, 1000 "
                            "episodes", ""),
        "S41-levels-analysed": ("d = 3 levels 0-2 (level 3 impossible for k = 2), d = 4 levels "
                                "0-4, d = 5 level 0", ""),
        "S41-ea-tuned-on-d3L0": ("c and alpha as printed; our Appendix A rerun covers 11 values "
                                 "of c", ""),
        "S43-cpu-normalisation": ("seconds per explored path (EA run / N, RL run / P) in the "
                                  "Fig. 6 plots", ""),
        "A-settings": ("alpha 0.2, d = 3, l = 4, k = 2, level 0, N = T = 1000, 150 runs per c",
                       "we rerun 11 of the authors' 35 stored values of c"),
        "T3-d3-instances": ("instances.py: the code's d = 3 levels 0-3 equal Table 3's rows",
                            ""),
        "T3-d5-instance": ("instances.py: the code's d = 5 level 0 equals Table 3's row", ""),
    }
    for cid, (ours, why) in rows.items():
        _add(ledger, cid, V.design_input(ours), why=why)


# ---------------------------------------------------------------- A* and the heuristic


def astar_claims(ledger: Ledger, inp: Inputs) -> None:
    res = _cases(inp.results)
    solved = res.merge(ref.paper_table()[["d", "k", "level", "astar_min"]],
                       on=["d", "k", "level"]).dropna(subset=["astar_min"])
    paper = ref.paper_table().dropna(subset=["astar_min"]).merge(
        res[["d", "k", "level", "optimal"]], on=["d", "k", "level"])
    equal = int((paper["astar_min"] == paper["optimal"]).sum())
    _add(ledger, "S41-astar-optimal", V.exact(len(paper), equal), paper=len(paper),
         why="the paper's A* minimum equals the exact optimum (bidirectional BFS) in every case "
             "it finished")
    lo, hi = int(solved["optimal"].min()), int(solved["optimal"].max())
    _add(ledger, "S41-astar-range", V.exact("4-10", f"{lo}-{hi}"), paper="4-10",
         why="the exact optima of the 18 cases the paper's A* finished")
    # the A* failures: the list-based A* the paper describes solves six of them at once
    la = inp.list_astar
    done = la[~la["gave_up"].astype(bool)]
    d5k4 = res.query("d == 5 and k == 4").iloc[0]
    _add(ledger, "S41-astar-gives-up", V.qualitative(
        False, f"the list-based A* solves {len(done)} of {len(la)} listed cases "
               f"({int(done['expanded'].max()):,} expansions at most); the heap A* all 7",
        "A* with the paper's heuristic on d=4 level 4 and d=5 (search.astar_list, "
        "search.astar); expansions stand in for seconds"),
        paper="fails within 3600 s",
        why=f"the list-based A* finishes d=4 level 4 (k=1-3) and d=5 (k=1-3) after "
            f"{', '.join(f'{int(x):,}' for x in done['expanded'])} expansions; d=5 k=4 needs "
            f"{int(d5k4['astar_expanded']):,} expansions of the heap A* with the same heuristic "
            "(see the T2-*-astar rows)")
    _add(ledger, "S41-levels-for-kd1", V.not_comparable(kind="not comparable"),
         why="how the levels were generated is not published, so the suggested cause cannot be "
             "checked; the observation it explains is S41-d4-k3-only")
    # the heuristic
    h = inp.checks["heuristic"]
    checked, bad = inp.checks["unblocked"]
    _add(ledger, "S31-h-unblocked", V.qualitative(
        bad == 0, f"{bad} mismatches over {checked} (vertex, d, k)",
        "a single ring on Q^d (d = 2..5, every k < d), nothing in its way: BFS distance to the "
        "target against ceil(Hamming / k)"),
        why="with no ring in the way the rings move independently, so the sum over rings is "
            "the number of moves needed")
    _add(ledger, "S31-h-admissible", V.qualitative(
        int(h["overestimates"].sum()) == 0,
        f"{int(h['overestimates'].sum())} overestimates over "
        f"{int(h['configurations'].sum()):,} configurations",
        "h against the exact BFS distance of every configuration of the paper target's "
        "component, five (d, k) with d <= 4 (checks.heuristic_checks)"))
    _add(ledger, "S31-h-monotone", V.qualitative(
        False, f"h changes by at most {int(h['largest_change'].max())} along a move; "
               f"{int(h['moves_lowering_h_by_one'].sum()):,} moves lower it by exactly one",
        "every move of every configuration of the five d <= 4 components (checks.heuristic_"
        "checks)"),
        why="the strict h(C) < d(C, C') + h(C') fails for C = C' and for every move that lowers "
            "h by one (counted); the usual h(C) <= 1 + h(C') holds on every move (reading)",
        reading="as printed (strict <)",
        readings={"the usual consistency (<=)": V.qualitative(
            int(h["largest_change"].max()) <= 1, "largest change 1", "same scan")})
    worst = h.loc[(h["least_branching"] - h["bound_2k_1"]).idxmin()]
    big = res.query("(d == 4 and k == 3 and level == '4') or (d == 5 and k == 4)")
    cost = "; ".join(f"d={r.d} k={r.k}: {int(r.astar_expanded):,} expansions against "
                     f"(2^{r.k}-1)^{int(r.optimal)} = {((1 << r.k) - 1) ** int(r.optimal):.2g}"
                     for r in big.itertuples())
    holds = bool((h["least_branching"] >= h["bound_2k_1"]).all())
    _add(ledger, "P1-branching-bound", V.qualitative(
        False, f"branching >= 2^k - 1 holds (least {int(worst['least_branching'])} for d="
               f"{int(worst['d'])} k={int(worst['k'])}, bound {int(worst['bound_2k_1'])})"
               if holds else "branching below 2^k - 1 somewhere",
        "successors of every configuration of the five d <= 4 components; A*'s expansions "
        "(results.csv)"),
        why=f"the branching bound holds on every configuration checked, but the cost bound "
            f"does not bind A* with the paper's heuristic: {cost}")
    _add(ledger, "P1-k4-example", V.exact(7, (1 << 4) - 1), paper="O(7^n), 'at most'",
         why="2^4 - 1 = 15 (7 = 2^3 - 1 is the k = 3 value), and the Proposition gives a lower "
             "bound, not 'at most' (paper_errors.csv)")
    # A* against the EA and RL
    opt_share = []
    for r in solved.itertuples():
        for frame in (inp.ea_runs, inp.rl_runs):
            g = _runs(frame, r.d, r.k, r.level)
            opt_share.append(float((g["success"] & (g["moves"].fillna(-1) == r.optimal)).mean()))
    _add(ledger, "S41-astar-beats-ea-rl", V.ordering(opt_share, 1.0, paired=True),
         why=f"per case and method, the share of runs returning the optimum (A*: always 1) "
             f"over the {len(solved)} cases the paper's A* finished; A* searches until it "
             "proves the optimum, the EA and RL stop at their generation and episode budgets")
    # the EA beats A* on d=5?
    d5 = res[(res["d"] == 5) & (res["k"] <= 3)]
    _add(ledger, "S41-ea-beats-astar-d5", V.qualitative(
        False, "EA success " + ", ".join(fmt(x) for x in d5["ea_success"]) + "; A* solves "
               "them too", "our EA runs; A* with the paper's heuristic"),
        why="the EA does solve d=5 k=1-3 (success 1), but A* with the paper's heuristic solves "
            f"them after {', '.join(str(int(x)) for x in d5['astar_expanded'])} expansions, so "
            "the contrast with A* fails")


# ---------------------------------------------------------------- EA and RL


def ea_rl_claims(ledger: Ledger, inp: Inputs) -> None:
    res = _cases(inp.results)
    ea = _paper_levels(inp.ea_runs)
    rl = _paper_levels(inp.rl_runs)
    ea_ok, rl_ok = ea[ea["success"]], rl[rl["success"]]
    both = res.dropna(subset=["ea_median"])
    # Sec. 1: RL's median below the EA's, paired by case
    _add(ledger, "S1-rl-lower-median", V.ordering(both["rl_median"], both["ea_median"],
                                                  paired=True),
         why=f"per-case medians over the {len(both)} cases where both succeed; at the paper's "
             "budgets (RL 1000 episodes, the EA 1000 x 1000 evaluations), not matched in work",
         reading="paired by case (medians)",
         readings={"every run (Mann-Whitney)": V.ordering(
             rl_ok["moves"].astype(float), ea_ok["moves"].astype(float), paired=False)})
    fails = res[res["ea_success"] < 0.05]
    _add(ledger, "S1-ea-rl-similar", V.qualitative(
        False, "EA success " + ", ".join(f"{fmt(r.ea_success)} (d={r.d} k={r.k} L{r.level})"
                                         for r in fails.itertuples()) + "; RL 1 everywhere",
        "success rates of our runs (results.csv)"),
        why="the EA (ours and the paper's Table 4) almost never solves k = d-1 for d >= 4, "
            "while RL always does")
    _add(ledger, "S41-rl-solves-all", V.qualitative(
        bool((res["rl_success"] == 1).all()),
        f"RL success 1 in {int((res['rl_success'] == 1).sum())} of {len(res)} cases",
        "our 150 RL runs per case"))
    _add(ledger, "S42-rl-advantage", V.qualitative(
        bool(((res["ea_success"] == 0) & (res["rl_success"] == 1)).any()),
        f"EA 0 and RL 1 on {int(((res['ea_success'] == 0) & (res['rl_success'] == 1)).sum())} "
        "cases", "our runs"),
        why="where the EA never succeeds (d=4 k=3 levels 2-3, d=5 k=4) RL always does")
    d3 = res[res["d"] == 3]
    _add(ledger, "ABS-d3-all-solve", V.qualitative(
        bool(d3["astar_moves"].notna().all() and (d3["ea_success"] > 0).all()
             and (d3["rl_success"] > 0).all()),
        f"A* solves {int(d3['astar_moves'].notna().sum())} of {len(d3)}; EA success "
        f"{fmt(d3['ea_success'].min())}-{fmt(d3['ea_success'].max())}; RL "
        f"{fmt(d3['rl_success'].min())}-{fmt(d3['rl_success'].max())}",
        "our A* and runs on the six d=3 cases"))
    # the abstract's "median below 30" for d = 4 and 5
    d45 = res[res["d"] >= 4]
    med = pd.concat([d45[["d", "k", "level", "ea_median"]].rename(columns={"ea_median": "m"})
                     .assign(algo="EA"),
                     d45[["d", "k", "level", "rl_median"]].rename(columns={"rl_median": "m"})
                     .assign(algo="RL")]).dropna()
    top = med.loc[med["m"].idxmax()]
    top_runs = _ok(inp.rl_runs if top["algo"] == "RL" else inp.ea_runs, top["d"], top["k"],
                   top["level"])
    over = med[med["m"] >= 30]
    printed = ref.paper_table()
    p_over = [f"{x:g}" for x in pd.concat([printed.loc[printed["d"] >= 4, "ea_median"],
                                           printed.loc[printed["d"] >= 4, "rl_median"]])
              if x >= 30]
    _add(ledger, "ABS-median-below-30", V.ordering(top_runs, 30.0, paired=True),
         paper="< 30",
         why=f"tested on the case with the largest median ({top['algo']} d={top['d']} k="
             f"{top['k']} level {top['level']}: {fmt(top['m'])}); our medians at or above 30: "
             + ", ".join(f"{r.algo} d={r.d} k={r.k} L{r.level} {fmt(r.m)}"
                         for r in over.itertuples())
             + f"; the paper's own Tables 4-5 print {', '.join(p_over)} for d >= 4 "
               "(paper_errors.csv)")
    # the EA's minima on d = 4, 5
    d45e = res[res["d"] >= 4]
    miss_min = d45e[(d45e["ea_min"].isna()) | (d45e["ea_min"] > d45e["optimal"])]
    miss_med = d45e[(d45e["ea_median"].isna()) | (d45e["ea_median"] > d45e["optimal"])]
    _add(ledger, "ABS-ea-not-minimal", V.qualitative(
        len(miss_min) > len(d45e) / 2,
        f"shortest run above the optimum (or no success) in {len(miss_min)} of {len(d45e)} "
        "cases", "our EA runs against the exact optima, d = 4 and 5"),
        why="'minimise' read as the shortest of the 150 runs, as Sec. 5 uses it for d = 5; by "
            f"the median run the EA misses in {len(miss_med)} of {len(d45e)}",
        reading="shortest run", readings={"median run": V.qualitative(
            len(miss_med) > len(d45e) / 2, f"{len(miss_med)} of {len(d45e)}", "same cases")})
    short = d45e[d45e["k"] < d45e["d"] - 1]
    gap_short = short["ea_min"] - short["optimal"]
    kd1 = d45e[d45e["k"] == d45e["d"] - 1]
    gap_kd1 = kd1["ea_min"] - kd1["optimal"]
    _add(ledger, "S41-ea-short-paths-d45", V.qualitative(
        bool((gap_short <= 2).all()), f"shortest run within {int(gap_short.max())} moves of the "
        f"optimum in all {len(short)} cases with k < d-1",
        "our EA runs, d = 4 and 5, 'short' read as within 2 moves of the optimum"),
        why="with k = d-1 the EA mostly fails (shortest runs "
            + ", ".join("none" if pd.isna(x) else f"+{int(x)}" for x in gap_kd1) + ")",
        reading="k < d-1", readings={"every k": V.qualitative(
            bool(gap_kd1.notna().all() and (gap_kd1 <= 2).all() and (gap_short <= 2).all()),
            "k = d-1 included", "same")})
    d5 = res[res["d"] == 5].sort_values("k")
    _add(ledger, "S5-ea-minimal-d5", V.qualitative(
        bool(d5["ea_min"].notna().all() and (d5["ea_min"] == d5["optimal"]).all()),
        "EA shortest runs " + ", ".join("none" if pd.isna(r.ea_min) else
                                        f"{int(r.ea_min)} (optimum {int(r.optimal)})"
                                        for r in d5.itertuples()),
        "our EA runs on d = 5, k = 1..4"),
        why="on d=5 k=4 the EA never succeeds (ours 0 of 150, the paper's Table 4 0%), so it "
            "cannot reach the minimum there; on k = 1-3 our shortest runs are "
            + ", ".join(f"+{int(r.ea_min - r.optimal)}" for r in d5.dropna(subset=['ea_min'])
                        .itertuples()) + " moves above the optimum")
    d5k4_ea = float(res.query("d == 5 and k == 4")["ea_success"].iloc[0])
    _add(ledger, "S5-ea-rl-solved-both", V.qualitative(
        False, f"EA success on d=5 k=4: {fmt(d5k4_ea)}; A* solves all of them",
        "our runs and A*"),
        why="the EA never solves d=5 k=4 (ours 0/150; the paper's own Table 4 prints 0%), and "
            "A* with the paper's heuristic does solve d=4 level 4 and d=5 (T2-*-astar rows)")
    # Sec. 4.2 statements on minima
    rows = []
    for r in res[res["astar_moves"].notna() & (res["d"] <= 4)].itertuples():
        for algo in ("ea", "rl"):
            m = getattr(r, f"{algo}_min")
            if not pd.isna(m):
                rows.append((algo, r.d, r.k, r.level, int(m) - int(r.optimal)))
    gaps = pd.DataFrame(rows, columns=["algo", "d", "k", "level", "gap"])
    close = int((gaps["gap"] <= 2).sum())
    far = gaps[gaps["gap"] > 2]
    _add(ledger, "S42-min-similar-astar", V.qualitative(
        close >= 0.9 * len(gaps), f"shortest run within 2 moves of the optimum in {close} of "
        f"{len(gaps)} (method, case) pairs with a success",
        "'very close' read as within 2 moves in at least 90% of the pairs; d <= 4"),
        why="the exceptions: " + ", ".join(f"{r.algo.upper()} d={r.d} k={r.k} L{r.level} "
                                           f"+{r.gap}" for r in far.itertuples())
            + "; the EA has no success on d=4 k=3 levels 2-3")
    # both methods miss the optimum: equal best solutions?
    both_miss = res[(res["ea_min"] > res["optimal"]) & (res["rl_min"] > res["optimal"])]
    equal = int((both_miss["ea_min"] == both_miss["rl_min"]).sum())
    _add(ledger, "S42-equal-approx-min", V.qualitative(
        len(both_miss) > 0 and equal > len(both_miss) / 2,
        f"both miss on {len(both_miss)} case(s), equal on {equal}",
        "our shortest EA and RL runs against the exact optima"),
        why="in ours both miss only on " + (", ".join(
            f"d={r.d} k={r.k} L{r.level} (EA {int(r.ea_min)}, RL {int(r.rl_min)})"
            for r in both_miss.itertuples()) or "no case") + "; in the paper's own tables the "
            "equal cases are the d=4 k=2 rows Table 5 copies from Table 4")
    _add(ledger, "S5-d4-ea-rl-miss", V.qualitative(
        *_d4_miss(res), "our runs on d = 4: the median run against the exact optimum"),
        why="'mostly miss' read as the median run above the optimum in more than half of the "
            "d=4 cases, for each method")
    # Sec. 4.2: both hit the optimum at least once for d = 3
    worst = None
    for r in res[res["d"] == 3].itertuples():
        for algo, frame in (("EA", inp.ea_runs), ("RL", inp.rl_runs)):
            ok = _ok(frame, r.d, r.k, r.level)
            hits = int((ok == r.optimal).sum())
            if worst is None or hits < worst[0]:
                worst = (hits, algo, r.d, r.k, r.level, ok, int(r.optimal))
    hits, algo, d, k, level, ok, opt = worst
    ev, note = _extreme(ok, opt, RUNS, "min")
    _add(ledger, "S42-d3-both-hit-optimum", ev, paper=f"min = optimum ({opt})",
         why=f"the case with the fewest runs at the optimum: {algo} d={d} k={k} level {level} "
             f"({hits} of {RUNS} at {opt}); a minimum of 150 runs is the optimum there"
             + (f"; {note}" if note else ""))
    _minimise_trend(ledger, inp)
    _ea_d4_claims(ledger, inp)
    # RL's longer maxima on hard puzzles
    hard_ea = ea_ok[(ea_ok["d"] == 4) & (ea_ok["k"] == 3)]["moves"].astype(float)
    hard_rl = rl_ok[(rl_ok["d"] == 4) & (rl_ok["k"] == 3)]["moves"].astype(float)
    pairs = res[(res["d"] == 4) & (res["k"] == 3)].dropna(subset=["ea_max"])
    _add(ledger, "S41-rl-higher-max", V.ordering(pairs["ea_max"], pairs["rl_max"], paired=True),
         why="maxima per d=4 k=3 level where the EA succeeds at all (EA "
             + ", ".join(f"{int(x)}" for x in pairs["ea_max"]) + " against RL "
             + ", ".join(f"{int(x)}" for x in pairs["rl_max"]) + "); the EA's maxima come from "
             "its few successful runs", reading="paired by level (maxima)",
         readings={"every successful run, d=4 k=3 (Mann-Whitney)": V.ordering(
             hard_ea, hard_rl, paired=False)})


def _d4_miss(res: pd.DataFrame) -> tuple[bool, str]:
    d4 = res[res["d"] == 4]
    out = []
    ok = True
    for algo in ("ea", "rl"):
        med = d4[f"{algo}_median"]
        miss = int((med.isna() | (med > d4["optimal"])).sum())
        out.append(f"{algo.upper()} misses in {miss} of {len(d4)}")
        ok &= miss > len(d4) / 2
    return ok, "; ".join(out)


def _minimise_trend(ledger: Ledger, inp: Inputs) -> None:
    """Sec. 4.2: the share of runs at the optimum falls with the level and the dimension."""
    frames = []
    for algo, frame in (("EA", inp.ea_runs), ("RL", inp.rl_runs)):
        g = _with_optimum(_paper_levels(frame), inp.results)
        at_opt = g["success"] & (g["moves"].fillna(-1) == g["optimal"])
        frames.append(g.assign(algo=algo, at_opt=at_opt.astype(float)))
    g = pd.concat(frames, ignore_index=True)
    k2 = g[g["k"] >= 2]
    by_d = g[(g["level"] == "0") & (g["k"] >= 2)]
    _add(ledger, "S42-minimise-diminishes",
         _trend(k2, "level_n", "at_opt", ["algo", "d", "k"], increasing=False, log=False),
         why="per run, 1 when it returns the optimum, against the level within each method, d "
             "and k >= 2 (the claim's exception k = 1 left out)",
         reading="against the level", readings={
             "against the dimension (level 0, k = 2, 3)": _trend(
                 by_d, "d", "at_opt", ["algo", "k"], increasing=False, log=False)})
    d3k1_d4 = pd.concat([f for f in frames], ignore_index=True)
    d3k1_d4 = d3k1_d4[(d3k1_d4["algo"] == "EA") & (((d3k1_d4["d"] == 3) & (d3k1_d4["k"] == 1))
                                                   | ((d3k1_d4["d"] == 4)
                                                      & (d3k1_d4["k"] <= 2)))]
    _add(ledger, "S41-drop-k1-and-d4",
         _trend(d3k1_d4, "level_n", "at_opt", ["d", "k"], increasing=False, log=False),
         why="per EA run, 1 when it returns the optimum, against the level within d=3 k=1, d=4 "
             "k=1 and d=4 k=2; at d=4 k=3 (printed 'k=4') our EA succeeds in "
             f"{int(_paper_levels(inp.ea_runs).query('d == 4 and k == 3')['success'].sum())} "
             "of 750 runs")


def _ea_d4_claims(ledger: Ledger, inp: Inputs) -> None:
    res = _cases(inp.results)
    d4 = res[res["d"] == 4]
    ea = _paper_levels(inp.ea_runs)
    d4_med = {k: [float(x) for x in d4[d4["k"] == k].sort_values("level")["ea_median"]]
              for k in (1, 2)}
    mono = [k for k, v in d4_med.items() if all(a <= b for a, b in zip(v, v[1:], strict=False))]
    _add(ledger, "S41-ea-d4-not-monotone", V.qualitative(
        not mono, "EA medians by level: " + "; ".join(
            f"k={k} " + ", ".join(fmt(x) for x in v) for k, v in d4_med.items()),
        "our EA medians, d = 4, k = 1, 2 (k = 3 has almost no successes)"),
        why="the stated exceptions ('level 2 to level 2', 'level 2 to 3') are garbled; read "
            "as: not monotone in the level")
    claimed = {"0": 2, "1": 3, "2": 1, "3": 2, "4": 3}
    cells = d4[d4["k"] <= 2].sort_values(["k", "level"])
    _add(ledger, "S41-ea-d4-levels-1-4-hardest", V.ranking(
        [claimed[x] for x in cells["level"]], cells["ea_median"].astype(float)),
        why="the claimed order as scores (levels 1 and 4: 3, levels 0 and 3: 2, level 2: 1) "
            "against our EA medians over the 10 cells k = 1, 2 x levels 0-4 (k = 3 has almost no "
            "successes)")
    per_level = []
    for level in ("0", "1", "2", "3", "4"):
        low = ea[(ea["d"] == 4) & (ea["k"] == 3) & (ea["level"] == level)]["success"]
        high = ea[(ea["d"] == 4) & (ea["k"] <= 2) & (ea["level"] == level)]["success"]
        per_level.append((level, V.ordering(low.astype(float), high.astype(float),
                                            paired=False)))
    level, ev = _weakest(per_level)
    _add(ledger, "S41-ea-k3-collapse", ev,
         why=f"per run, success at k=3 against k=1, 2 at each level; the least favourable level "
             f"({level}) decides 'at every level'; our k=3 successes by level: "
             + ", ".join(str(int(ea[(ea['d'] == 4) & (ea['k'] == 3) & (ea['level'] == lv)]
                                 ['success'].sum())) for lv in "01234") + " of 150")


# ---------------------------------------------------------------- the puzzle's structure


def structure_claims(ledger: Ledger, inp: Inputs) -> None:
    res = _cases(inp.results)
    comp = inp.components
    l3 = inp.results.query("d == 3 and k == 2 and level == '3'").iloc[0]
    size3 = int(comp.query("d == 3 and k == 2 and level == '3'")["component_size"].iloc[0])
    _add(ledger, "X-d3k2L3-optimum", V.exact(
        "unsolvable", "solvable" if bool(l3["solvable"]) else "unsolvable"), paper="impossible",
        why=f"its component ({size3} configurations) does not hold the target: with k = d-1 "
            "only even relabellings are reachable and the level swaps two rings")
    sw = inp.checks["swapped"]
    _add(ledger, "S32-hamming-close-hard", V.qualitative(
        sw == 2 and not bool(l3["solvable"]),
        f"d=3 level 3 differs from the target in {sw} rings and is unsolvable for k=2",
        "instances.py and the exact search"))
    sizes = (comp.drop_duplicates("d").sort_values("d")[["d", "all_configurations"]])
    grow = sizes["all_configurations"].tolist()
    _add(ledger, "S32-state-space-grows", V.qualitative(
        all(b > a for a, b in zip(grow, grow[1:], strict=False)),
        "configurations " + ", ".join(f"{int(x):,} (d={d})" for d, x in zip(
            sizes["d"], grow, strict=True)),
        "the number of ring placements, (2^d)! / (2^d - n)! (components.csv)"),
        why="each added dimension multiplies the count by "
            + ", ".join(f"{b / a:,.0f}" for a, b in zip(grow, grow[1:], strict=False)))
    _add(ledger, "S1-components", V.not_comparable(kind="qualitative"),
         why="a result cited from [4] about k-mobile configurations (no stuck ring); our "
             "components.csv measures only the component of each level's start (the whole "
             "space for k < d-1, the even half for k = d-1); a count of all components would "
             "need a BFS from every unvisited configuration, not run here")
    by_level = {(d, k): res[(res["d"] == d) & (res["k"] == k)].sort_values("level")["optimal"]
                .astype(int).tolist() for d, k in sorted(set(zip(res["d"], res["k"], strict=True)))
                if d <= 4}
    ordered = {dk: all(a <= b for a, b in zip(v, v[1:], strict=False))
               for dk, v in by_level.items()}
    shown = "; ".join(f"d={d} k={k}: " + ", ".join(map(str, v))
                      for (d, k), v in by_level.items())
    _add(ledger, "T2-levels-ordered", V.qualitative(
        all(ordered.values()), shown, "the exact optima by level (results.csv)"),
        why="the optimum is not ordered by level for d=4 k=1 and k=2; it is for k = d-1, "
            "where the paper suggests the levels were made (reading)",
        reading="every k", readings={"k = d-1 only": V.qualitative(
            all(v for (d, k), v in ordered.items() if k == d - 1), "ordered", "same")})
    d3 = {k: by_level[(3, k)] for k in (1, 2)}
    _add(ledger, "S41-d3-monotone", V.qualitative(
        all(all(a < b for a, b in zip(v, v[1:], strict=False)) for v in d3.values()),
        "; ".join(f"k={k}: " + ", ".join(map(str, v)) for k, v in d3.items()),
        "the exact optima of d = 3 by level"))
    d4 = {k: by_level[(4, k)] for k in (1, 2, 3)}
    rises = {k: all(a <= b for a, b in zip(v, v[1:], strict=False)) for k, v in d4.items()}
    _add(ledger, "S41-d4-k3-only", V.qualitative(
        rises[3] and not rises[1] and not rises[2],
        "; ".join(f"k={k}: " + ", ".join(map(str, v)) for k, v in d4.items()),
        "the exact optima of d = 4 by level (rising read as never falling)"),
        why="k=3 rises with one tie (levels 2 and 3: 10 and 10)")
    spread = res[res["d"] <= 4].groupby(["d", "k"])["optimal"].nunique()
    _add(ledger, "S2-start-defines-difficulty", V.qualitative(
        bool((spread > 1).all()), "distinct optima per (d, k): " + ", ".join(
            f"{int(v)} (d={d} k={k})" for (d, k), v in spread.items()),
        "the exact optima of the levels"))
    f1 = inp.checks["figure1"]
    _add(ledger, "F1-one-match", V.exact("purple", ", ".join(f1["on_own_colour"])),
         paper="purple")
    _add(ledger, "F1-purple-free", V.qualitative(
        set(f1["purple_neighbours"]) <= set(f1["purple_k1"]),
        f"purple on vertex {f1['purple_vertex']} (neighbours "
        f"{', '.join(map(str, f1['purple_neighbours']))}) can reach "
        f"{', '.join(map(str, f1['purple_k1']))} with k=1 and "
        f"{', '.join(map(str, f1['purple_k2']))} with k=2", "the model's legal moves"),
        why="its neighbour 5 holds the blue ring, so no face through purple toward 5 is free "
            "(k=1) and with k=2 it reaches 0, 2, 3 but not 5")
    _add(ledger, "T3-example-move", V.qualitative(
        inp.checks["table3_example"] is None, "legal" if inp.checks["table3_example"] is None
        else inp.checks["table3_example"], "model.move_problem on the d=3 level 0 start, k=2"))
    t = instance(3, "0")
    colours = {c: v for c, v in t.target_map}
    caption = {"purple": 1, "green": 4, "red": 5, "blue": 6}
    _add(ledger, "T3-caption-colours", V.exact(
        "; ".join(f"{c} {v}" for c, v in sorted(caption.items())),
        "; ".join(f"{c} {v}" for c, v in sorted(colours.items()))))
    t3 = [i for i in INSTANCES if i.d == 4 and not i.is_code_level]
    code_target = dict(instance(4, "0").target_map)
    targets = {i.level: dict(i.target_map) for i in t3}
    distinct = len({tuple(sorted(v.items())) for v in targets.values()})
    _add(ledger, "T3-d4-instances-differ", V.qualitative(
        False, f"{distinct} distinct targets among T3a-T3c, none the code's "
               f"({sum(v == code_target for v in targets.values())} equal)",
        "instances.py: Table 3's d = 4 rows against the levels of the authors' scripts"),
        why="the printed d=4 rows are not the levels that produced Tables 2, 4, 5, and they "
            "have three different targets although the caption fixes the colouring per "
            "(d, k, l) (paper_errors.csv)")
    _add(ledger, "T2-caption-d3", V.qualitative(
        False, "d = 3 has levels 0-3 and k = 1, 2 only",
        "instances.py and Table 2's rows"),
        why="read as d = 4 (the table's '-' rows), see T2-d4k*L4-astar")
    _add(ledger, "T5-scope", V.qualitative(
        False, "Table 5 lists 3 levels of d=3, 5 of d=4 and 1 of d=5",
        "reference.py (Table 5 as printed)"),
        why="the text's 'four puzzles with d=4' disagrees with the table it describes")
    # the EA's mutation law
    zipf = inp.checks["zipf"]
    mono = all(bool((z["mean_rings"].diff().dropna() < 0).all()) for z in zipf.values())
    _add(ledger, "S33-zipf-local", V.qualitative(
        mono, "mean rings moved per mutation (4 rings): " + ", ".join(
            f"{m:.2f} (c={c:g})" for c, m in list(zip(zipf[4]["c"], zipf[4]["mean_rings"],
                                                      strict=True))[::5]),
        "the truncated Zipf law of evolve.zipf_cdf, 4-6 rings, 11 values of c"))
    p_one = {n: float(z.loc[np.isclose(z["c"], 1.8), "p_one"].iloc[0]) for n, z in zipf.items()}
    _add(ledger, "S41-mutation-mostly-one", V.qualitative(
        all(v > 0.5 for v in p_one.values()), "P(one ring) at c = 1.8: " + ", ".join(
            f"{v:.2f} ({n} rings)" for n, v in p_one.items()),
        "evolve.zipf_cdf"))
    ff = inp.checks["free_face"]
    dec = all(bool((g.sort_values("k")["share"].diff().dropna() < 0).all())
              for _, g in ff.groupby("d"))
    _add(ledger, "S41-ea-constraints", V.qualitative(
        dec, "; ".join(f"d={d}: " + ", ".join(f"{s:.3g}" for s in g.sort_values("k")["share"])
                       for d, g in ff.groupby("d")),
        "the chance that a given k-face through a ring holds no other ring (other rings on "
        "random distinct vertices), by k"))
    _add(ledger, "S32-reward-later-heavier", V.qualitative(
        True, "a win adds lr * 0.95^i with i counted back from the target",
        "rl.py (the authors' scripts): later steps of a winning walk get larger rewards"),
        why="Sec. 3.2's r(1+lambda)^s and the scripts both favour later steps; App. D as "
            "printed counts c from the start, which favours earlier ones (reading)",
        reading="the authors' scripts", readings={"App. D as printed": V.qualitative(
            False, "0.95^c with c from the start", "App. D")})
    _add(ledger, "S33-fitness-eq3", V.qualitative(
        False, "at the target (h = 0) Eq. 3 gives 1/(1 + L), not 1",
        "Eq. 3 against its stopping rule (fitness 1) and the scripts' 1/(1 + h)"),
        why="the scripts (and evolve.py) use 1/(1 + h), which is 1 at the target "
            "(paper_errors.csv)")
    _add(ledger, "S33-stop-criteria", V.qualitative(
        False, "evolve.py and the authors' scripts stop when an agent is on the target "
               "(distance 0)", "evolve.py"),
        why="Sec. 3.3 says distance 0, App. A distance 1; a run at distance 1 would not be a "
            "solution (paper_errors.csv)")
    _add(ledger, "DA-code-data", V.qualitative(
        True, f"{ref.AUTHORS_SOURCE}: EA and RL scripts and per-run results",
        "the authors' repository, whose stored runs this ledger reads (data/authors_runs.json)"))
    for cid, why in (
            ("ABS-np-hard", "a complexity result cited from [5] for the 15-puzzle, not rerun"),
            ("S1-human", "no human data are reported; left as future work by the paper"),
            ("S5-ea-variance-cause", "a hypothesis of the paper that it does not test; the "
                                     "mutation scheme was not varied against the variance"),
            ("DA-online", "a web service, not checked here")):
        _add(ledger, cid, V.not_comparable(kind="not comparable"), why=why)
    _add(ledger, "S32-random-search-infeasible", V.not_comparable(kind="qualitative"),
         why="needs RL runs without the backward seeding (P = 1) on d = 4 and 5, not run "
             "here; what would decide it: 150 such runs on d=5 k=4 and their success rate")


# ---------------------------------------------------------------- CPU time


def _k_pair_outcomes(times: pd.DataFrame, solved: pd.DataFrame) -> list[str]:
    """A* at the smaller k faster than at the larger, for each pair of k at one (d, level) of
    ``solved`` (:func:`cpu.compare` on the repeated warm seconds)."""
    a = times[times["method"] == "A*"].merge(solved[["d", "k", "level"]], on=["d", "k", "level"])
    out = []
    for _, g in a.groupby(["d", "level"]):
        by_k = [s["seconds"].tolist() for _, s in g.groupby("k", sort=True)]
        out += [cpu.compare(by_k[i], by_k[j]) for i in range(len(by_k))
                for j in range(i + 1, len(by_k))]
    return out


def cpu_claims(ledger: Ledger, inp: Inputs) -> None:
    res = _cases(inp.results)
    solved = res[res["d"] <= 4].merge(ref.paper_table()[["d", "k", "level", "astar_min"]],
                                      on=["d", "k", "level"]).dropna(subset=["astar_min"])
    pairs_low, pairs_high = [], []
    for _, g in solved.groupby(["d", "level"]):
        e = g.sort_values("k")["astar_expanded"].astype(float).tolist()
        for i in range(len(e)):
            for j in range(i + 1, len(e)):
                pairs_low.append(e[i])
                pairs_high.append(e[j])
    readings = {}
    if inp.cpu is not None and not inp.cpu.empty:
        readings["our warm seconds"] = cpu.ordering_evidence(
            _k_pair_outcomes(inp.cpu, solved), "A* at the smaller k against the larger, each "
            "pair of k at one d and level")
    _add(ledger, "F5-astar-time-smaller-k", V.ordering(pairs_low, pairs_high, paired=True),
         why=f"A*'s expansions (deterministic; a proxy for its seconds) for each pair of k at "
             f"the same d and level, over the {len(solved)} cases the paper's A* finished",
         reading="A*'s expansions" if readings else "", readings=readings or None)
    _add(ledger, "S43-astar-time-level",
         _trend(solved.assign(level_n=solved["level"].astype(int)), "level_n",
                "astar_expanded", ["d", "k"], increasing=True),
         why="A*'s expansions (a proxy for its seconds) against the level within each (d, k), "
             "on the log scale, over the cases the paper's A* finished")
    ratio = solved.groupby(["d", "level"])["astar_expanded"].agg(lambda x: x.max() / x.min())
    _add(ledger, "S43-astar-time-k-flat", V.qualitative(
        bool((ratio <= 2).all()), f"largest / smallest expansions across k at one level: "
        f"{ratio.min():.3g} to {ratio.max():.3g}",
        "A*'s expansions (a proxy for seconds); 'roughly the same' read as within a factor 2"),
        why="the expansions grow with k at every level, as the Fig. 5 caption says and Sec. "
            "4.3 denies (paper_errors.csv)")
    ea = _paper_levels(inp.ea_runs)
    gens = ea.groupby(["d", "k", "level"])["generations"].mean()
    _add(ledger, "S43-cpu-depends", V.qualitative(
        True, f"A* expansions {int(res['astar_expanded'].min())} to "
              f"{int(res['astar_expanded'].max()):,}; EA mean generations {gens.min():.3g} to "
              f"{gens.max():.4g}",
        "deterministic work counts per case (A* expansions, EA generations) as proxies for "
        "seconds"),
        why="RL's work is not recorded; its seconds vary too (timings.csv)")
    d4 = ea[ea["d"] == 4].assign(level_n=lambda f: f["level"].astype(int))
    _add(ledger, "S43-d4-cpu-falls-with-level",
         _trend(d4, "level_n", "generations", ["k"], increasing=False),
         why="the EA's generations per run (its evaluations are 1000 x generations, a proxy for "
             "its seconds; failures run all 1000) against the level within k, d=4; RL's part "
             "is not comparable: " + NO_RL_WORK.split(';')[0])
    by_k = d4.groupby("k")["generations"].mean()
    _add(ledger, "S43-d4-cpu-flat-k", V.qualitative(
        by_k.max() <= 2 * by_k.min(), "EA mean generations on d=4 by k: " + ", ".join(
            f"{v:.4g} (k={k})" for k, v in by_k.items()),
        "the EA's generations per run (a proxy for seconds); 'about the same' read as within "
        "a factor 2"),
        why="at k=3 almost every EA run uses all 1000 generations; RL's part is not comparable "
            "(its work is not recorded)")
    if inp.cpu is None or inp.cpu.empty:
        for cid in ("F6-ea-below-rl", "F6a-rl-above-ea-d3", "S5-astar-below-rl"):
            _add(ledger, cid, V.not_comparable(kind="ordering"), why=NO_RL_WORK)
        _add(ledger, "S43-rl-k-gap-small", V.not_comparable(kind="qualitative"), why=NO_RL_WORK)
        _add(ledger, "F6-ea-below-astar", V.not_comparable(kind="ordering"),
             why="an A* expansion and an EA evaluation are different units of work; no warm "
                 "timings of the CPU orderings were given")
        return
    timed_orderings(ledger, inp.cpu, solved)


def _order(times: pd.DataFrame, fast: str, slow: str, what: str,
           cases: pd.DataFrame | None = None) -> Evidence:
    """The ordering "``fast`` needs less CPU than ``slow``" over ``cases`` (all timed cases if
    None), from the repeated warm seconds (:mod:`puzzles.hypercube.cpu`)."""
    return cpu.ordering_evidence(cpu.outcomes(times, fast, slow, cases)["outcome"].tolist(),
                                 what)


def timed_orderings(ledger: Ledger, times: pd.DataFrame, solved: pd.DataFrame) -> None:
    """Figs. 5-6 and Sec. 4.3's CPU orderings on our warm seconds, repeated and interleaved;
    per explored path (EA / N, RL / P) where the paper normalises, per run as a reading."""
    b = PAPER.budget.paper()  # the committed ledger is the paper-scale run's
    norm = cpu.per_path(times, cpu.path_divisors(b.ea_pop, dict(b.rl_p_states)))
    per_path, per_run = "seconds per explored path (EA / N, RL / P; Sec. 4.3)", "seconds per run"
    d3 = times[(times["d"] == 3) & times["level"].isin(["0", "1", "2"])][["d", "k", "level"]]
    why_ours = ("our A* is numba with a heap and a hash set; the paper's timed out where ours "
                "takes milliseconds, so an ordering against A* says how fast each "
                "implementation is, not the algorithm")
    for cid, fast, slow, cases, head, why in (
            ("F6-ea-below-rl", "EA", "RL", None, per_path, "every timed case of d = 3 and 4"),
            ("F6a-rl-above-ea-d3", "EA", "RL", d3, per_path, "d = 3 levels 0-2 (level 3 is "
                                                              "the paper's exception)"),
            ("F6-ea-below-astar", "EA", "A*", None, per_path, why_ours),
            ("S5-astar-below-rl", "A*", "RL", solved, per_run, "the cases the paper's A* "
                                                               "solved; " + why_ours)):
        other = per_run if head == per_path else per_path
        frames = {per_path: norm, per_run: times}
        _add(ledger, cid, _order(frames[head], fast, slow, head, cases),
             why=f"{fast} against {slow}, {why}; the ratios per case are in "
                 f"{cpu.TIMING_FILE}.csv and the notebook",
             reading=head, readings={other: _order(frames[other], fast, slow, other, cases)})
    rl = times[(times["method"] == "RL") & (times["d"] == 3)]
    gaps = [cpu.compare(*[rl[(rl["k"] == k) & (rl["level"] == lv)]["seconds"].tolist()
                          for k in (1, 2)])
            for lv in ("0", "1", "2")]
    _add(ledger, "S43-rl-k-gap-small", cpu.similar_evidence(gaps, "RL on d = 3, k = 1 against "
                                                                  "k = 2 at levels 0-2"),
         why="RL's warm seconds per run at k = 1 and k = 2 of the same d = 3 level")


# ---------------------------------------------------------------- figure captions


def figure_claims(ledger: Ledger, inp: Inputs) -> None:
    ea = _with_optimum(_paper_levels(inp.ea_runs), inp.results)
    rl = _with_optimum(_paper_levels(inp.rl_runs), inp.results)
    ea_ok, rl_ok = ea[ea["success"]], rl[rl["success"]]
    # Fig. 2 (RL)
    rl34 = rl_ok[rl_ok["d"] <= 4]
    _add(ledger, "F2-moves-grow-with-k", _trend(rl34, "k", "moves", ["d", "level"], True),
         why="per RL run, log moves against k within each (d, level)")
    _add(ledger, "F2-moves-grow-with-level", _trend(rl34, "level_n", "moves", ["d", "k"], True),
         why="per RL run, log moves against the level within each (d, k)")
    d4 = rl_ok[rl_ok["d"] == 4].copy()
    d4["c"] = _centred_log(d4)
    meds = d4.groupby(["k", "level"])["moves"].median()
    longest = {k: meds[k].drop("4").idxmax() for k in (1, 2, 3)}
    hardest_other = pd.concat([d4[(d4["k"] == k) & (d4["level"] == lv)]
                               for k, lv in longest.items()])
    _add(ledger, "F2-level4-gap", V.ordering(d4.loc[d4["level"] != "4", "c"],
                                             d4.loc[d4["level"] == "4", "c"], paired=False),
         why="per RL run on d=4, log moves centred within k, level 4 against levels 0-3; our "
             "medians by level: " + "; ".join(f"k={k} " + ", ".join(fmt(x) for x in meds[k])
                                              for k in (1, 2, 3)),
         reading="level 4 against levels 0-3",
         readings={"level 4 against the longest other level of each k": V.ordering(
             hardest_other["c"], d4.loc[d4["level"] == "4", "c"], paired=False)})
    # Fig. 3 and Sec. 4.1 (EA)
    d3k2 = ea_ok[(ea_ok["d"] == 3) & (ea_ok["k"] == 2)]
    _add(ledger, "F3-min-median-grow", _trend(d3k2, "level_n", "moves", [], True),
         why="per EA run on d=3 k=2, log moves against the level; our minima "
             + ", ".join(str(int(d3k2[d3k2["level"] == lv]["moves"].min())) for lv in "012")
             + " and medians " + ", ".join(fmt(float(d3k2[d3k2["level"] == lv]["moves"]
                                                      .median())) for lv in "012"))
    maxima = [int(d3k2[d3k2["level"] == lv]["moves"].max()) for lv in "012"]
    printed = ref.paper_table().query("d == 3 and k == 2")["ea_max"].astype(int).tolist()
    _add(ledger, "F3-max-grows", V.qualitative(
        all(a < b for a, b in zip(printed, printed[1:], strict=False)),
        "the paper's maxima " + ", ".join(map(str, printed)) + "; ours "
        + ", ".join(map(str, maxima)), "Table 4 as printed (the maxima of the caption's runs)"),
        why="the paper's own Table 4 maxima fall from level 0 to 1 (ours too: "
            f"{maxima[0]} then {maxima[1]}) (paper_errors.csv)")
    d3k1 = ea_ok[(ea_ok["d"] == 3) & (ea_ok["k"] == 1)]
    _add(ledger, "S41-ea-d3k1-median-level", _trend(d3k1, "level_n", "moves", [], True),
         why="per EA run on d=3 k=1, log moves against the level; our medians "
             + ", ".join(fmt(float(d3k1[d3k1["level"] == lv]["moves"].median()))
                         for lv in "012"))
    ea34 = ea_ok[ea_ok["d"] <= 4]
    _add(ledger, "S41-ea-median-grows-with-k", _trend(ea34, "k", "moves", ["d", "level"], True),
         why="per successful EA run, log moves against k within each (d, level)")
    per_level = []
    for lv in "012":
        per_level.append((lv, V.ordering(
            d3k1[d3k1["level"] == lv]["moves"].astype(float),
            d3k2[d3k2["level"] == lv]["moves"].astype(float), paired=False)))
    lv, ev = _weakest(per_level)
    _add(ledger, "S41-ea-d3-k1-below-k2", ev,
         why=f"per run at each level (independent runs); the least favourable level ({lv}) "
             "decides 'at every level'")
    cases = ea_ok.groupby(["d", "k", "level_n"], as_index=False)["moves"].min()
    _add(ledger, "S41-ea-min-grows-with-level",
         _trend(cases, "level_n", "moves", ["d", "k"], True),
         why=f"the shortest EA run of each case ({len(cases)} cases with a success), log scale, "
             "against the level within each (d, k)")
    ea_ok_ex = ea_ok.assign(excess=ea_ok["moves"].astype(float) / ea_ok["optimal"])
    _add(ledger, "S41-ea-degrades", _trend(ea_ok_ex, "level_n", "moves", ["d", "k"], True),
         why="per successful EA run, log moves against the level within each (d, k); against k "
             "and against d, and the moves relative to the exact optimum (which rises with the "
             "level too), are readings; success itself collapses at k = d-1 "
             "(S41-ea-k3-collapse)", reading="moves against the level",
         readings={"moves against k": _trend(ea_ok_ex, "k", "moves", ["d", "level"], True),
                   "moves against d (level 0)": _trend(ea_ok_ex[ea_ok_ex["level"] == "0"], "d",
                                                       "moves", ["k"], True),
                   "moves / optimum against the level": _trend(ea_ok_ex, "level_n", "excess",
                                                               ["d", "k"], True)})
    l0 = ea[(ea["d"] == 3) & (ea["k"] == 2) & (ea["level"] == "0")]
    l1 = ea[(ea["d"] == 3) & (ea["k"] == 2) & (ea["level"] == "1")]
    l2 = ea[(ea["d"] == 3) & (ea["k"] == 2) & (ea["level"] == "2")]
    sev = [int(_hits(g, 7).sum()) for g in (l0, l1, l2)]
    _add(ledger, "S41-seven-L1-below-L0", V.ordering(_hits(l1, 7), _hits(l0, 7), paired=False),
        why=f"per run, 1 for a 7-move solution: ours {sev[0]} at level 0, {sev[1]} at level 1, "
            f"{sev[2]} at level 2 (optimum 9, so none is possible there)")
    _add(ledger, "S41-no-six-above-L0", V.qualitative(
        True, "optima 7 and 9 at levels 1 and 2", "the exact optima: no solution is shorter"),
        why="no run can beat the optimum")
    # Fig. 4 and Sec. 4.2: spread of EA and RL (k = 2)
    for cid, d, levels in (("F4-d3-ea-wider", 3, "012"), ("F4-d4-rl-peaked", 4, "01234")):
        e = ea_ok[(ea_ok["d"] == d) & (ea_ok["k"] == 2)]
        r = rl_ok[(rl_ok["d"] == d) & (rl_ok["k"] == 2)]
        ds_e, ds_r = _dispersion(e), _dispersion(r)
        per_e = e.groupby("level")["moves"].std()
        per_r = r.groupby("level")["moves"].std()
        _add(ledger, cid, V.ordering(per_r.to_numpy(), per_e.to_numpy(), paired=True),
             why="standard deviations of moves per level (RL "
                 + ", ".join(f"{x:.2f}" for x in per_r) + "; EA "
                 + ", ".join(f"{x:.2f}" for x in per_e) + "), paired by level; the absolute "
                 "deviations of every run from its level's median (log scale) are a reading",
             reading=f"paired by level ({len(levels)} levels)",
             readings={"every run (Mann-Whitney on absolute deviations)": V.ordering(
                 ds_r, ds_e, paired=False)})
    k2e = ea_ok[(ea_ok["k"] == 2) & (ea_ok["d"] <= 4)]
    k2r = rl_ok[(rl_ok["k"] == 2) & (rl_ok["d"] <= 4)]
    sd_e = k2e.groupby(["d", "level"])["moves"].std()
    sd_r = k2r.groupby(["d", "level"])["moves"].std()
    _add(ledger, "S42-rl-sd-lower", V.ordering(sd_r.to_numpy(), sd_e.loc[sd_r.index].to_numpy(),
                                               paired=True),
         why=f"RL's sd is below the EA's in {int((sd_r < sd_e.loc[sd_r.index]).sum())} of "
             f"{len(sd_r)} k=2 cases of d = 3, 4 (Fig. 4), paired by case",
         reading="paired by case",
         readings={"every run (Mann-Whitney on absolute deviations)": V.ordering(
             _dispersion(k2r), _dispersion(k2e), paired=False)})
    # Sec. 4.2's average gap of 3 moves
    gaps, ses = [], []
    for lv in "012":
        e = d3k2[d3k2["level"] == lv]["moves"].astype(float)
        r = rl_ok[(rl_ok["d"] == 3) & (rl_ok["k"] == 2) & (rl_ok["level"] == lv)][
            "moves"].astype(float)
        gaps.append(float(np.median(e) - np.median(r)))
        ses.append(median_se(e) ** 2 + median_se(r) ** 2)
    se = float(np.sqrt(sum(ses))) / len(gaps)
    _add(ledger, "S42-d3k2-gap-3", V.estimate(
        Sample(float(np.mean(gaps)), RUNS, se * np.sqrt(RUNS)), Sample(3.0, RUNS), GAP),
        paper=3, why="the mean over levels 0-2 of (EA median - RL median): "
                     + ", ".join(fmt(g) for g in gaps) + "; its standard error from the "
                     "medians' Maritz-Jarrett errors; the paper's spread assumed equal")
    d4k3 = ea[(ea["d"] == 4) & (ea["k"] == 3)]
    _add(ledger, "S42-ea-d4k3-under-5pct", V.ordering(d4k3["success"].astype(float), 0.05,
                                                      paired=True),
         paper="< 5%", why=f"ours {int(d4k3['success'].sum())} of {len(d4k3)} runs "
                           f"({100 * d4k3['success'].mean():.2g}%); per run against 0.05")
    # Sec. 5: the EA lags on d = 3
    res = _cases(inp.results)
    d3 = res[res["d"] == 3]
    gap_e = d3["ea_median"] - d3["optimal"]
    gap_r = d3["rl_median"] - d3["optimal"]
    e3 = ea_ok[ea_ok["d"] == 3]
    r3 = rl_ok[rl_ok["d"] == 3]
    _add(ledger, "S5-d3-ea-worst", V.ordering(gap_r, gap_e, paired=True),
         why="median gaps to the optimum per d=3 case (EA " + ", ".join(fmt(x) for x in gap_e)
             + "; RL " + ", ".join(fmt(x) for x in gap_r) + "), paired by case; the EA's are "
             "largest at k=2", reading="paired by case",
         readings={"every run (Mann-Whitney on moves - optimum)": V.ordering(
             (r3["moves"] - r3["optimal"]).astype(float),
             (e3["moves"] - e3["optimal"]).astype(float), paired=False)})
    # Appendix A captions
    app = inp.appendix_runs
    stored = ref.authors_appendix()
    _add(ledger, "F7-success-falls-with-c", V.trend(app["c"], app["success"].astype(float),
                                                    increasing=False),
         why="per run, success against c (11 values, 150 runs each)", reading="our runs",
         readings={"the authors' stored runs (35 values of c)": V.trend(
             np.repeat(stored["c"].to_numpy(), RUNS),
             np.concatenate([[1.0] * s + [0.0] * (RUNS - s) for s in stored["successes"]]),
             increasing=False)})
    tot = app.assign(six=_hits(app, 6)).groupby("c")["six"].sum()
    for cid, c in (("S41-cstar-1.8", 1.8), ("F8-cstar-1.6", 1.6)):
        other = tot.drop(c).idxmax()
        stored_six = stored.set_index("c")["six_moves"]
        s_other = stored_six.drop(c).idxmax()
        _add(ledger, cid, V.ordering(_six(app, other), _six(app, c), paired=False),
             why=f"six-move runs at c={c:g}: {int(tot[c])} of 150; the best other c of our 11 is "
                 f"{other:g} ({int(tot[other])}); the authors' stored runs: {stored_six[c]} at "
                 f"c={c:g}, best other {s_other:g} ({stored_six[s_other]})",
             reading="our runs", readings={"the authors' stored runs (35 values of c)":
                                           V.ordering(_stored_six(s_other), _stored_six(c),
                                                      paired=False)})
    g18 = app[np.isclose(app["c"], 1.8) & app["success"]]["moves"].astype(float)
    s18 = ref.authors_runs()["appendix"]["1.8"]["moves"]
    _add(ledger, "F8-mean-ten", V.estimate(Sample.of(g18), Sample(10.0, RUNS), MOVES),
         paper="about 10", authors=round(float(np.mean(s18)), 2),
         why=f"mean moves of the successful runs at c=1.8: ours {float(g18.mean()):.3g}, the "
             f"authors' stored runs {float(np.mean(s18)):.3g}; the paper's spread assumed",
         reading="as printed", readings={"vs the authors' stored runs": V.estimate(
             Sample.of(g18), Sample.of(s18), MOVES)})
    s14 = app[np.isclose(app["c"], 1.4)]["success"].astype(float)
    s7 = app[np.isclose(app["c"], 7.0)]["success"].astype(float)
    _add(ledger, "F8-success-doubled", V.ordering(s7, s14, paired=False),
         paper="100% vs 60%",
         why=f"ours {s14.mean():.3g} at c=1.4 against {s7.mean():.3g} at c=7 (a ratio of "
             f"{s14.mean() / s7.mean():.2f}; the paper's own 100% and 60% give 1.67, not 2); the "
             "ordering is tested, not the factor")
    # the captions' overall numbers
    ea_all = _paper_levels(inp.ea_runs)
    ok_gen = ea_all.loc[ea_all["success"], "generations"].astype(float)
    _add(ledger, "T4-caption-1000-generations", V.estimate(
        Sample.of(ok_gen), Sample(1000.0, _paper_successes("ea_success")), GENERATIONS),
        paper=1000,
        why=f"mean generations of our successful EA runs over the paper's cases "
            f"({float(ok_gen.mean()):.3g}; all runs with failures at 1000: "
            f"{float(ea_all['generations'].mean()):.3g}); the authors' stored successful runs "
            "average about the same as ours per case (T4-*-generations); hypothesis: the "
            "caption quotes the generation budget T = 1000",
        reading="successful runs", readings={"all runs (failures count 1000)": V.estimate(
            Sample.of(ea_all["generations"].astype(float)), Sample(1000.0, len(ea_all)),
            GENERATIONS)})
    for cid, frame, side, value, algo in (
            ("T4-caption-min-4", ea_ok, "min", 4, "EA"), ("T4-caption-max-83", ea_ok, "max", 83,
                                                           "EA"),
            ("T5-caption-min-4", rl_ok, "min", 4, "RL"),
            ("T5-caption-max-316", rl_ok, "max", 316, "RL")):
        n_paper = _paper_successes("ea_success" if algo == "EA" else "rl_success")
        ours = frame["moves"].astype(float).to_numpy()
        ev, note = _extreme(ours, value, n_paper, side)
        where = frame.loc[frame["moves"] == (ours.min() if side == "min" else ours.max()),
                          ["d", "k", "level"]].drop_duplicates()
        extreme = ours.min() if side == "min" else ours.max()
        _add(ledger, cid, ev, paper=value,
             why=f"over every successful {algo} run of the paper's cases ({len(ours):,} ours, "
                 f"{n_paper:,} the paper's); our {side} {fmt(extreme)} at "
                 + ", ".join(f"d={r.d} k={r.k} L{r.level}" for r in where.itertuples())
                 + (f"; {note}" if note else ""))
    # RL optimal except d = 4 k = 3, on the paper's own Table 5
    t5 = ref.paper_table().merge(inp.results[["d", "k", "level", "optimal"]],
                                 on=["d", "k", "level"])
    miss = t5[(t5["rl_min"] > t5["optimal"]) & ~((t5["d"] == 4) & (t5["k"] == 3))]
    ours_miss = res[(res["rl_min"] > res["optimal"]) & ~((res["d"] == 4) & (res["k"] == 3))]
    _add(ledger, "S41-rl-optimal-except-d4k3", V.qualitative(
        miss.empty, "Table 5's minima above the exact optimum outside d=4 k=3: " + ", ".join(
            f"d={r.d} k={r.k} L{r.level} {int(r.rl_min)} vs {int(r.optimal)}"
            for r in miss.itertuples()),
        "the paper's own Table 5 minima against the exact optima (deterministic)"),
        why="ours agree: RL's shortest run misses the optimum outside d=4 k=3 at "
            + ", ".join(f"d={r.d} k={r.k} L{r.level} ({int(r.rl_min)} vs {int(r.optimal)})"
                        for r in ours_miss.itertuples())
            + "; the paper could not know d=5's optimum (its A* gave up)")


def _paper_successes(column: str) -> int:
    """The paper's successful runs over its cases: each printed rate times 150 (a rate that
    rounds to no run, '0.06%', counted as the one run the stored runs have)."""
    rates = ref.paper_table()[column]
    return int(sum(round(float(r) * RUNS) or (1 if r > 0 else 0) for r in rates))


def _centred_log(frame: pd.DataFrame) -> np.ndarray:
    logm = np.log(frame["moves"].astype(float)).reset_index(drop=True)
    return (logm - logm.groupby(frame["k"].to_numpy()).transform("mean")).to_numpy()


def _dispersion(frame: pd.DataFrame) -> np.ndarray:
    """Absolute deviation of each run's log moves from its case's median (log scale)."""
    logm = np.log(frame["moves"].astype(float)).reset_index(drop=True)
    keys = [frame[c].to_numpy() for c in ("d", "k", "level")]
    return np.abs(logm - logm.groupby(keys).transform("median")).to_numpy()


def _hits(runs: pd.DataFrame, moves: int) -> np.ndarray:
    """Per run, 1 for a successful run of exactly ``moves`` moves."""
    return (runs["success"] & (runs["moves"].fillna(-1) == moves)).astype(float).to_numpy()


def _six(app: pd.DataFrame, c: float) -> np.ndarray:
    return _hits(app[np.isclose(app["c"], c)], 6)


def _stored_six(c: float) -> np.ndarray:
    moves = ref.authors_runs()["appendix"][f"{c:.1f}"]["moves"]
    six = sum(1 for m in moves if m == 6)
    return np.array([1.0] * six + [0.0] * (RUNS - six))


# The groups of rows, in the order the ledger records them.
GROUPS = (settings, astar_claims, ea_rl_claims, structure_claims, cpu_claims, figure_claims)
