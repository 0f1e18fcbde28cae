"""Notebook 05's evidence, part two: the paper's sentences, captions and methods. A section
function decides its claims together from the run's facts (read once), and each claim id is
registered with its unit and what its section reads (conventions: :mod:`.ledger`); what each
row's ``ours`` shows is said in the inventory's ``why``."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import numpy as np
import pandas as pd

from puzzles.core import verdicts as V
from puzzles.core.claims import fmt
from puzzles.core.evidence import Data, Finding
from puzzles.core.verdicts import Sample
from puzzles.hypercube import cpu
from puzzles.hypercube import reference as ref
from puzzles.hypercube.instances import INSTANCES, instance
from puzzles.hypercube.ledger import (
    CASES,
    EVIDENCE,
    GAP,
    GENERATIONS,
    MOVES,
    RUNS,
    extreme,
    order,
    median_se,
    ok,
    paper_levels,
    paper_table,
    sel,
    stored,
    table,
    trend,
    vtrend,
    zeros,
)


def _facts(data: Data) -> SimpleNamespace:
    ea, rl, pt = paper_levels(data, "ea_runs"), paper_levels(data, "rl_runs"), paper_table(data)
    res = table(data, "results").merge(pt[["d", "k", "level"]])
    return SimpleNamespace(res=res, pt=pt, ea=ea, rl=rl, ea_ok=ea[ea.success],
                           rl_ok=rl[rl.success], solved=res.merge(pt.dropna(
                               subset=["astar_min"])[["d", "k", "level", "astar_min"]]))


def facts(data: Data) -> SimpleNamespace:
    """The paper's 25 cases with our results (``res``; ``solved``: those its A* finished), the
    printed tables (``pt``), our EA and RL runs on them (``ea``, ``rl``; ``ea_ok``, ``rl_ok``:
    the successful ones)."""
    return data.memo(_facts)


def section(fn: Callable, ids: str, units: dict | None = None, extra: tuple = (),
            refs: tuple = ()) -> None:
    """Register each claim of ``ids`` (its unit in ``units``, "" for an untested kind) as
    decided by ``fn``, which reads the run's cases and the ``extra`` tables and ``refs``."""
    uses = {"tables": (*CASES["tables"], *extra), "references": (*CASES["references"], *refs)}
    for cid in ids.split():
        EVIDENCE.claim(cid, unit=(units or {}).get(cid, ""), **uses)(
            lambda data, cid=cid: data.memo(fn)[cid])


def q(holds: object, ours: str, test: str = "our runs (results.csv)") -> V.Evidence:
    return V.qualitative(bool(holds), ours, test)


def _list(frame: pd.DataFrame, show: Callable) -> str:
    return ", ".join(show(r) for r in frame.itertuples()) or "none"


def _case(r: object) -> str:
    return f"d={r.d} k={r.k} L{r.level}"


def _nums(xs: object, show: Callable = fmt) -> str:
    return ", ".join(show(x) for x in xs)


def _rising(v: list, strict: bool = False) -> bool:
    return all(a < b if strict else a <= b for a, b in zip(v, v[1:], strict=False))


def _hits(runs: pd.DataFrame, moves: object) -> np.ndarray:
    """Per run, 1 for a successful run of exactly ``moves`` moves (a number or a column)."""
    return (runs.success & (runs.moves.fillna(-1) == moves)).astype(float).to_numpy()


def _weakest(per: dict) -> Finding:
    """A claim "at every level": the least favourable level decides (a reverse direction
    first, else the largest p)."""
    rev = [n for n, e in per.items() if "reverse" in e.test]
    pick = min(rev, key=lambda n: per[n].p) if rev else max(per, key=lambda n: per[n].p)
    return Finding(per[pick], why=f"the least favourable level ({pick}) decides")


def _moves(frame: pd.DataFrame) -> pd.Series:
    return frame.moves.astype(float)


# ---------------------------------------------------------------- A*, the heuristic, the puzzle


def structure(data: Data) -> dict:
    f, c = facts(data), data.json("puzzle_checks")
    h, s, res, rng = pd.DataFrame(c["heuristic"]), f.solved, f.res, "{}-{}".format
    la = table(data, "astar_list")
    done = la[~la.gave_up.astype(bool)]
    step, least = h.largest_change.max(), h.least_branching - h.bound_2k_1
    l3 = sel(table(data, "results"), 3, 2, "3").iloc[0]
    comp = table(data, "components").drop_duplicates("d").sort_values("d").all_configurations
    by = {(d, k): sel(res, d, k).sort_values("level").optimal.astype(int).tolist()
          for d, k in sorted(set(zip(res.d, res.k, strict=True))) if d <= 4}
    shown = {d: "; ".join(f"k={k}: {_nums(v)}" for (e, k), v in by.items() if e == d)
             for d in (3, 4)}
    f1, z, d5 = c["figure1"], c["zipf"], res.query("d == 5 and k <= 3")
    code = dict(instance(4, "0").target_map)
    t3 = [dict(i.target_map) for i in INSTANCES if i.d == 4 and not i.is_code_level]
    one = {n: t["p_one"][t["c"].index(1.8)] for n, t in z.items()}
    shares = {d: g.share.tolist() for d, g in pd.DataFrame(c["free_face"]).sort_values(
        ["d", "k"]).groupby("d")}
    return {
        "S41-astar-optimal": Finding(V.exact(len(s), int((s.astar_min == s.optimal).sum())),
                                     paper=len(s)),
        "S41-astar-range": Finding(V.exact(rng(*f.pt.astar_min.agg(["min", "max"]).astype(int)),
                                           rng(int(s.optimal.min()), int(s.optimal.max()))),
                                   paper=rng(*f.pt.astar_min.agg(["min", "max"]).astype(int))),
        "S41-astar-gives-up": Finding(q(False, f"list-based A* solves {len(done)} of {len(la)} "
                                        f"({done.expanded.max():,} expansions at most)",
                                        "search.astar_list"), paper="fails within 3600 s",
                                      why=f"d=5 k=4 needs {sel(res, 5, 4).astar_expanded.iloc[0]:,}"
                                          " expansions of the heap A*"),
        "S31-h-unblocked": q(c["unblocked"][1] == 0, "{1} mismatches of {0}".format(
            *c["unblocked"]), "checks.unblocked_mismatches"),
        "S31-h-admissible": q(h.overestimates.sum() == 0, f"{h.overestimates.sum()} of "
                              f"{h.configurations.sum():,}", "checks.heuristic_checks"),
        "S31-h-monotone": {"as printed (strict <)": q(False, f"largest change {step}; "
                                                      f"{h.moves_lowering_h_by_one.sum():,} "
                                                      "moves lower h by one",
                                                      "checks.heuristic_checks"),
                           "the usual consistency (<=)": q(step <= 1, f"largest change {step}",
                                                           "same")},
        "P1-branching-bound": Finding(q(False, "least branching {} for d={} k={} (bound {})"
                                        .format(*h.loc[least.idxmin(), ["least_branching", "d",
                                                                        "k", "bound_2k_1"]])
                                        if (least >= 0).all() else "below 2^k - 1 somewhere",
                                        "checks.heuristic_checks; results.csv"),
                                      why="; ".join(f"d={r.d} k={r.k}: {r.astar_expanded:,} "
                                                    f"expansions, (2^k-1)^n = "
                                                    f"{((1 << r.k) - 1) ** int(r.optimal):.2g}"
                                                    for r in res.query("(d == 4 and k == 3 and "
                                                                       "level == '4') or (d == 5"
                                                                       " and k == 4)")
                                                    .itertuples())),
        "P1-k4-example": Finding(V.exact(7, (1 << 4) - 1), paper="O(7^n), 'at most'"),
        "S41-ea-beats-astar-d5": q(d5.astar_moves.isna().all(), f"EA success "
                                   f"{_nums(d5.ea_success)}; A* expansions "
                                   f"{_nums(d5.astar_expanded)}"),
        "X-d3k2L3-optimum": Finding(V.exact("unsolvable", "solvable" if l3.solvable else
                                            "unsolvable"), paper="impossible",
                                    why=f"its component holds {l3.component_size} "
                                        "configurations"),
        "S32-hamming-close-hard": q(c["swapped"] == 2 and not l3.solvable, f"{c['swapped']} "
                                    "rings swapped, unsolvable for k=2", "instances.py, BFS"),
        "S32-state-space-grows": q(_rising(comp.tolist(), True), _nums(comp, "{:,}".format),
                                   "components.csv"),
        "T2-levels-ordered": {"every k": q(all(map(_rising, by.values())), f"d=3 {shown[3]}; "
                                           f"d=4 {shown[4]}"),
                              "k = d-1 only": q(all(_rising(v) for (d, k), v in by.items()
                                                    if k == d - 1), "same")},
        "S41-d3-monotone": q(_rising(by[3, 1], True) and _rising(by[3, 2], True), shown[3]),
        "S41-d4-k3-only": q(_rising(by[4, 3]) and not (_rising(by[4, 1]) or _rising(by[4, 2])),
                            shown[4]),
        "S2-start-defines-difficulty": q((n := res[res.d <= 4].groupby(["d", "k"]).optimal
                                          .nunique()).gt(1).all(), _nums(n)),
        "F1-one-match": Finding(V.exact("purple", ", ".join(f1["on_own_colour"])),
                                paper="purple"),
        "F1-purple-free": q(set(f1["purple_neighbours"]) <= set(f1["purple_k1"]), "{} -> {} "
                            "(k=1), {} (k=2); neighbours {}".format(
                                f1["purple_vertex"], *(_nums(f1[x]) for x in (
                                    "purple_k1", "purple_k2", "purple_neighbours"))),
                            "the model's legal moves"),
        "T3-example-move": q(c["table3_example"] is None, c["table3_example"] or "legal",
                             "model.move_problem"),
        "T3-caption-colours": Finding(V.exact("blue 6; green 4; purple 1; red 5", "; ".join(
            f"{k} {v}" for k, v in sorted(instance(3, "0").target_map))),
            paper="purple 1, green 4, red 5, blue 6"),
        "T3-d4-instances-differ": q(all(t == code for t in t3), f"{len({str(t) for t in t3})} "
                                    f"targets, {sum(t == code for t in t3)} the code's",
                                    "instances.py"),
        "T2-caption-d3": q(any(i.d == 3 and i.level == "4" for i in INSTANCES), "d = 3: levels "
                           "0-3, k = 1, 2", "instances.py"),
        "T5-scope": q((n := f.pt.groupby("d")["level"].nunique())[4] == 4, "levels per d: "
                      + _nums(n), "reference/tables.csv"),
        "S33-zipf-local": q(all((np.diff(t["mean_rings"]) < 0).all() for t in z.values()),
                            ", ".join(f"{m:.2f} (c={x:g})" for x, m in list(zip(
                                z["4"]["c"], z["4"]["mean_rings"], strict=True))[::5]),
                            "evolve.zipf_cdf"),
        "S41-mutation-mostly-one": q(min(one.values()) > 0.5, ", ".join(
            f"{v:.2f} ({n} rings)" for n, v in one.items()), "evolve.zipf_cdf"),
        "S41-ea-constraints": q(all(_rising(v[::-1], True) for v in shares.values()), "; ".join(
            f"d={d}: " + _nums(v, "{:.3g}".format) for d, v in shares.items()),
            "checks.free_face_share"),
        "S32-reward-later-heavier": {"the authors' scripts": V.by_construction(
            "qualitative", "lr * 0.95^i, i counted back from the target", "rl.py (the "
            "authors' update) rewards later steps more, whatever the runs"),
            "App. D as printed": q(False, "0.95^c with c from the start", "App. D")},
        "S33-fitness-eq3": q(False, "1/(1 + L) at the target, not 1", "Eq. 3, evolve.py"),
        "S33-stop-criteria": q(False, "distance 0 (evolve.py, the authors' scripts)",
                               "evolve.py"),
        "DA-code-data": q(stored(data, "ea"), ref.AUTHORS_SOURCE, "data/authors_runs.json"),
        **dict.fromkeys(("S1-components", "S32-random-search-infeasible"),
                        V.not_comparable(kind="qualitative")),
    }


section(structure, "S41-astar-optimal S41-astar-range S41-astar-gives-up S31-h-unblocked "
        "S31-h-admissible S31-h-monotone P1-branching-bound P1-k4-example S41-ea-beats-astar-d5 "
        "X-d3k2L3-optimum S32-hamming-close-hard S32-state-space-grows T2-levels-ordered "
        "S41-d3-monotone S41-d4-k3-only S2-start-defines-difficulty F1-one-match F1-purple-free "
        "T3-example-move T3-caption-colours T3-d4-instances-differ T2-caption-d3 T5-scope "
        "S33-zipf-local S41-mutation-mostly-one S41-ea-constraints S32-reward-later-heavier "
        "S33-fitness-eq3 S33-stop-criteria DA-code-data S1-components "
        "S32-random-search-infeasible", extra=("astar_list", "components", "puzzle_checks"))


# ---------------------------------------------------------------- EA and RL


def _at_opt(f: SimpleNamespace) -> pd.DataFrame:
    return pd.concat([g.assign(algo=a, at_opt=_hits(g, g.optimal))
                      for a, g in (("EA", f.ea), ("RL", f.rl))], ignore_index=True)


def _both_hit(f: SimpleNamespace, scale: str) -> Finding:
    """The d=3 case and method with the fewest runs at the optimum: its minimum."""
    hits, algo, r, mine = min(((int((x == r.optimal).sum()), a, r, x)
                               for r in f.res[f.res.d == 3].itertuples()
                               for a, runs in (("EA", f.ea_ok), ("RL", f.rl_ok))
                               for x in [ok(runs, r.d, r.k, r.level)]), key=lambda t: t[0])
    if mine.size == 0:
        return Finding(V.not_comparable(kind="extreme", test="no successful run"),
                       why=f"{algo} {_case(r)}: no successful run at {scale} scale")
    ev, note = extreme(mine, int(r.optimal), RUNS, "min")
    return Finding(ev, paper=f"min = optimum ({int(r.optimal)})", available=mine.size,
                   why=f"{algo} {_case(r)}: {hits} of {mine.size} at the optimum"
                       + (f"; {note}" if note else ""))


def ea_rl(data: Data) -> dict:
    f = facts(data)
    res, ea, ea_ok, rl_ok = f.res, f.ea, f.ea_ok, f.rl_ok
    both, d3, d4, d45, d5 = (res.dropna(subset=["ea_median"]), res[res.d == 3], res[res.d == 4],
                             res[res.d >= 4], res[res.d == 5])
    med = pd.concat([d45[["d", "k", "level"]].assign(m=d45[f"{a}_median"], algo=a.upper())
                     for a in ("ea", "rl")], ignore_index=True).dropna()
    top = med.loc[med.m.idxmax()]
    top_runs = ok(rl_ok if top.algo == "RL" else ea_ok, top.d, top.k, top.level)
    gap = d45.ea_min - d45.optimal
    short, kd1 = gap[d45.k < d45.d - 1], gap[d45.k == d45.d - 1]
    hard = res.query("(d == 4 and level == '4') or d == 5")
    gaps = pd.DataFrame([(a, r.d, r.k, r.level, getattr(r, f"{a.lower()}_min") - r.optimal)
                         for r in res[res.astar_moves.notna() & (res.d <= 4)].itertuples()
                         for a in ("EA", "RL") if not pd.isna(getattr(r, f"{a.lower()}_min"))],
                        columns=["algo", "d", "k", "level", "gap"]).astype({"gap": int})
    miss = res[(res.ea_min > res.optimal) & (res.rl_min > res.optimal)]
    m4 = {a: (d4[f"{a}_median"].isna() | (d4[f"{a}_median"] > d4.optimal)).sum()
          for a in ("ea", "rl")}
    g, d4k3 = _at_opt(f), sel(ea, 4, 3)
    d4med = {k: sel(res, 4, k).sort_values("level").ea_median.tolist() for k in (1, 2)}
    cells = res[(res.d == 4) & (res.k <= 2)].sort_values(["k", "level"]).dropna(
        subset=["ea_median"])
    high = ea[(ea.d == 4) & (ea.k <= 2)]
    maxima = sel(res, 4, 3).dropna(subset=["ea_max"])
    share = [float((runs.success & (runs.moves.fillna(-1) == r.optimal)).mean())
             for r in f.solved.itertuples() for x in (ea, f.rl) for runs in [sel(x, r.d, r.k, r.level)]]
    return {
        "S41-astar-beats-ea-rl": Finding(order(share, 1.0, paired=True),
                                         why=f"{len(f.solved)} cases, EA and RL"),
        "S1-rl-lower-median": Finding({"paired by case (medians)": order(
            both.rl_median, both.ea_median, paired=True, inert=zeros(len(both))),
            "every run (Mann-Whitney)": order(_moves(rl_ok), _moves(ea_ok), paired=False)},
            why=f"{len(both)} cases where both succeed"),
        "S1-ea-rl-similar": q((res.ea_success - res.rl_success).abs().le(0.05).all(),
                              "EA success " + _list(res[res.ea_success < 0.05], lambda r:
                                                    f"{fmt(r.ea_success)} ({_case(r)})")
                              + f"; RL at least {fmt(res.rl_success.min())}"),
        "S41-rl-solves-all": q(res.rl_success.eq(1).all(), f"RL success 1 in "
                               f"{res.rl_success.eq(1).sum()} of {len(res)}"),
        "S42-rl-advantage": q(n := (res.ea_success.eq(0) & res.rl_success.eq(1)).sum(),
                              f"EA 0, RL 1 on {n} cases"),
        "ABS-d3-all-solve": q(d3.astar_moves.notna().all() and (d3.ea_success > 0).all()
                              and (d3.rl_success > 0).all(), f"A* {d3.astar_moves.count()} of "
                              f"{len(d3)}; EA success {fmt(d3.ea_success.min())}-"
                              f"{fmt(d3.ea_success.max())}; RL {fmt(d3.rl_success.min())}-"
                              f"{fmt(d3.rl_success.max())}"),
        "ABS-median-below-30": Finding(order(top_runs, 30.0, paired=True), paper="< 30",
                                       available=len(top_runs), why=f"the largest median: "
                                       f"{top.algo} {_case(top)} {fmt(top.m)}; ours >= 30: "
                                       + _list(med[med.m >= 30], lambda r: f"{r.algo} "
                                               f"{_case(r)} {fmt(r.m)}")),
        "ABS-ea-not-minimal": {f"{w} run": q(m.sum() > len(m) / 2, f"{m.sum()} of {len(m)}")
                               for w, col in (("shortest", "ea_min"), ("median", "ea_median"))
                               for m in [d45[col].isna() | (d45[col] > d45.optimal)]},
        "S41-ea-short-paths-d45": {"k < d-1": q(short.le(2).all(), f"within {int(short.max())}"
                                                f" in all {len(short)}"),
                                   "every k": q(kd1.notna().all() and gap.le(2).all(), "k = d-1"
                                                ": " + _nums(kd1, lambda x: "none" if pd.isna(x)
                                                             else f"+{int(x)}"))},
        "S5-ea-minimal-d5": q(d5.ea_min.notna().all() and d5.ea_min.eq(d5.optimal).all(),
                              _list(d5, lambda r: "none" if pd.isna(r.ea_min) else
                                    f"{int(r.ea_min)} (optimum {int(r.optimal)})")),
        "S5-ea-rl-solved-both": q((hard.ea_success > 0).all() and hard.astar_moves.isna().all(),
                                  "EA success " + _list(hard, lambda r: f"{fmt(r.ea_success)} "
                                                        f"({_case(r)})") + f"; A* solves "
                                  f"{hard.astar_moves.count()} of {len(hard)}"),
        "S42-min-similar-astar": Finding(q((n := gaps.gap.le(2).sum()) >= 0.9 * len(gaps),
                                           f"{n} of {len(gaps)} (method, case) pairs"),
                                         why="the exceptions: " + _list(
                                             gaps[gaps.gap > 2], lambda r: f"{r.algo} "
                                             f"{_case(r)} +{r.gap}")),
        "S42-equal-approx-min": Finding(q(len(miss) and (miss.ea_min == miss.rl_min).sum() >
                                          len(miss) / 2, f"both miss on {len(miss)}, equal on "
                                          f"{(miss.ea_min == miss.rl_min).sum()}"),
                                        why="both miss on " + _list(
                                            miss, lambda r: f"{_case(r)} (EA {int(r.ea_min)}, "
                                            f"RL {int(r.rl_min)})")),
        "S5-d4-ea-rl-miss": q(min(m4.values()) > len(d4) / 2, "; ".join(
            f"{a.upper()} {m} of {len(d4)}" for a, m in m4.items())),
        "S42-d3-both-hit-optimum": _both_hit(f, data.scale),
        "S42-minimise-diminishes": {
            "against the level": trend(g[g.k >= 2], "level_n", "at_opt", ["algo", "d", "k"],
                                       False, log=False),
            "against the dimension (level 0, k = 2, 3)": trend(
                g[(g.level == "0") & (g.k >= 2)], "d", "at_opt", ["algo", "k"], False,
                log=False)},
        "S41-drop-k1-and-d4": Finding(trend(g[(g.algo == "EA") & (((g.d == 3) & (g.k == 1)) | (
            (g.d == 4) & (g.k <= 2)))], "level_n", "at_opt", ["d", "k"], False, log=False),
            why=f"d=4 k=3: our EA succeeds in {d4k3.success.sum()} of {len(d4k3)} runs"),
        "S41-ea-d4-not-monotone": q(not any(map(_rising, d4med.values())), "; ".join(
            f"k={k}: {_nums(v)}" for k, v in d4med.items())),
        "S41-ea-d4-levels-1-4-hardest": V.ranking(
            [{"0": 2, "1": 3, "2": 1, "3": 2, "4": 3}[x] for x in cells.level],
            cells.ea_median.astype(float)) if cells.ea_median.nunique() > 1 else
        V.not_comparable(kind="ranking", test=f"{len(cells)} cells with a median"),
        "S41-ea-k3-collapse": _weakest({lv: order(
            sel(ea, 4, 3, lv).success.astype(float), high[high.level == lv].success.astype(float),
            paired=False) for lv in "01234"}),
        "S41-rl-higher-max": Finding({"paired by level (maxima)": order(
            maxima.ea_max, maxima.rl_max, paired=True, inert=zeros(len(maxima))),
            "every successful run, d=4 k=3 (Mann-Whitney)": order(
                _moves(sel(ea_ok, 4, 3)), _moves(sel(rl_ok, 4, 3)), paired=False)},
            why=f"maxima EA {_nums(maxima.ea_max)}, RL {_nums(maxima.rl_max)}"),
    }


section(ea_rl, "S41-astar-beats-ea-rl S1-rl-lower-median S1-ea-rl-similar S41-rl-solves-all S42-rl-advantage "
        "ABS-d3-all-solve ABS-median-below-30 ABS-ea-not-minimal S41-ea-short-paths-d45 "
        "S5-ea-minimal-d5 S5-ea-rl-solved-both S42-min-similar-astar S42-equal-approx-min "
        "S5-d4-ea-rl-miss S42-d3-both-hit-optimum S42-minimise-diminishes S41-drop-k1-and-d4 "
        "S41-ea-d4-not-monotone S41-ea-d4-levels-1-4-hardest S41-ea-k3-collapse "
        "S41-rl-higher-max", {"S1-rl-lower-median": "instance", "S41-astar-beats-ea-rl": "instance", "ABS-median-below-30": "run",
                              "S42-d3-both-hit-optimum": "run", "S42-minimise-diminishes": "run",
                              "S41-drop-k1-and-d4": "run", "S41-ea-k3-collapse": "run",
                              "S41-ea-d4-levels-1-4-hardest": "instance",
                              "S41-rl-higher-max": "instance"})


# ---------------------------------------------------------------- CPU time


def cpu_time(data: Data) -> dict:
    f, t, b = facts(data), table(data, cpu.TIMING_FILE), data.budget
    s, ea4 = f.solved, f.ea[f.ea.d == 4]
    low, high = [], []
    for _, g in s.groupby(["d", "level"]):
        e = g.sort_values("k").astar_expanded.astype(float).tolist()
        low += [x for i, x in enumerate(e) for _ in e[i + 1:]]
        high += [y for i in range(len(e)) for y in e[i + 1:]]
    ratio = s.groupby(["d", "level"]).astar_expanded.agg(lambda x: x.max() / x.min())
    gens, by_k = f.ea.groupby(["d", "k", "level"]).generations.mean(), ea4.groupby(
        "k").generations.mean()
    rl = t[(t.method == "RL") & (t.d == 3)]
    divisors = cpu.path_divisors(b.ea_pop, dict(b.rl_p_states))
    d3 = t[(t.d == 3) & t.level.isin(["0", "1", "2"])]

    def timed(fast: str, slow: str, cases: pd.DataFrame | None, per_run: bool = False) -> dict:
        return dict(sorted(cpu.claim_orderings(t, divisors, fast, slow, cases).items(),
                           key=lambda kv: kv[0].startswith("seconds per run") != per_run))
    return {
        "F5-astar-time-smaller-k": Finding({"A*'s expansions": order(
            low, high, paired=True, inert=zeros(len(low))), "our warm seconds":
            cpu.ordering_evidence(cpu.k_outcomes(t, s), "A* at the smaller k against the "
                                  "larger, each pair of k at one d and level")},
            why=f"{len(low)} pairs of k over the {len(s)} cases the paper's A* finished"),
        "S43-astar-time-level": trend(s.assign(level_n=s.level.astype(int)), "level_n",
                                      "astar_expanded", ["d", "k"], True),
        "S43-astar-time-k-flat": q(ratio.le(2).all(), f"{ratio.min():.3g} to {ratio.max():.3g}",
                                   "A*'s expansions (results.csv)"),
        "S43-cpu-depends": q(f.res.astar_expanded.max() > 10 * f.res.astar_expanded.min()
                             and gens.max() > 10 * gens.min(), f"A* expansions "
                             f"{f.res.astar_expanded.min()} to {f.res.astar_expanded.max():,}; "
                             f"EA mean generations {gens.min():.3g} to {gens.max():.4g}",
                             "A*'s expansions and the EA's generations per case"),
        "S43-d4-cpu-falls-with-level": trend(ea4, "level_n", "generations", ["k"], False),
        "S43-d4-cpu-flat-k": q(by_k.max() <= 2 * by_k.min(), ", ".join(
            f"{v:.4g} (k={k})" for k, v in by_k.items()), "the EA's generations per run"),
        "F6-ea-below-rl": Finding(timed("EA", "RL", None), why="EA against RL"),
        "F6a-rl-above-ea-d3": Finding(timed("EA", "RL", d3), why="EA against RL"),
        "F6-ea-below-astar": Finding(timed("EA", "A*", None), why="EA against A*"),
        "S5-astar-below-rl": Finding(timed("A*", "RL", s, per_run=True), why="A* against RL"),
        "S43-rl-k-gap-small": cpu.similar_evidence([cpu.compare(*[
            sel(rl, 3, k, lv).seconds.tolist() for k in (1, 2)]) for lv in "012"],
            "RL on d = 3, k = 1 against k = 2 at levels 0-2"),
    }


section(cpu_time, "F5-astar-time-smaller-k S43-astar-time-level S43-astar-time-k-flat "
        "S43-cpu-depends S43-d4-cpu-falls-with-level S43-d4-cpu-flat-k F6-ea-below-rl "
        "F6a-rl-above-ea-d3 F6-ea-below-astar S5-astar-below-rl S43-rl-k-gap-small",
        {"F5-astar-time-smaller-k": "pair", "S43-astar-time-level": "instance",
         "S43-d4-cpu-falls-with-level": "run", "F6-ea-below-rl": "instance",
         "F6a-rl-above-ea-d3": "instance", "F6-ea-below-astar": "instance",
         "S5-astar-below-rl": "instance"}, extra=(cpu.TIMING_FILE,))


# ---------------------------------------------------------------- figures, Sec. 4.1-4.2, App. A


def _spread(f: SimpleNamespace, d: int, by: str) -> Finding:
    """RL's moves less spread than the EA's (k = 2): sds per level (or case) paired, every
    run's absolute deviation from its case's median (log scale) a reading."""
    e, r = (x[(x.k == 2) & ((x.d == d) if d else (x.d <= 4))] for x in (f.ea_ok, f.rl_ok))
    sd = pd.concat({n: x.groupby(["level"] if d else ["d", "level"]).moves.std()
                    for n, x in (("rl", r), ("ea", e))}, axis=1).dropna()

    def dev(x: pd.DataFrame) -> np.ndarray:
        logm = np.log(_moves(x)).reset_index(drop=True)
        return np.abs(logm - logm.groupby([x[c].to_numpy() for c in ("d", "k", "level")])
                      .transform("median")).to_numpy()
    return Finding({f"paired by {by}": order(sd.rl.to_numpy(), sd.ea.to_numpy(), paired=True,
                                             inert=zeros(len(sd))),
                    "every run (Mann-Whitney on absolute deviations)": order(
                        dev(r), dev(e), paired=False)},
                   why=f"sds RL {_nums(sd.rl, '{:.2f}'.format)}; EA {_nums(sd.ea, '{:.2f}'.format)}")


def _gap3(f: SimpleNamespace) -> Finding:
    """Sec. 4.2: the mean over d=3 k=2 levels of (EA median - RL median), Maritz-Jarrett."""
    sides = [(_moves(sel(f.ea_ok, 3, 2, lv)), _moves(sel(f.rl_ok, 3, 2, lv))) for lv in "012"]
    if min(min(e.size, r.size) for e, r in sides) < 3:
        return Finding(V.not_comparable(kind="estimate", test="too few successful runs"),
                       why="fewer than 3 successful runs at some level")
    gaps = [float(np.median(e) - np.median(r)) for e, r in sides]
    se = float(np.sqrt(sum(median_se(e) ** 2 + median_se(r) ** 2 for e, r in sides))) / 3
    return Finding(V.estimate(Sample(float(np.mean(gaps)), RUNS, se * np.sqrt(RUNS)),
                              Sample(3.0, RUNS), GAP), paper=3, why=f"per level: {_nums(gaps)}")


def _cstar(app: pd.DataFrame, six: pd.Series, c: float) -> Finding:
    """c is the best exponent by six-move runs: against the best other c, ours and stored."""
    tot = app.assign(six=_hits(app, 6)).groupby("c").six.sum()
    if c not in tot.index:
        return Finding(V.not_comparable(kind="ordering", test="not run"), why=f"c={c:g} is "
                       "not run at this scale")
    other, s_other = tot.drop(c).idxmax(), six.drop(c).idxmax()
    stored_runs = {x: np.r_[np.ones(six[x]), np.zeros(RUNS - six[x])] for x in (c, s_other)}
    return Finding({"our runs": order(*(_hits(app[np.isclose(app.c, x)], 6)
                                             for x in (other, c)), paired=False),
                    "the authors' stored runs (35 values of c)": order(
                        stored_runs[s_other], stored_runs[c], paired=False)},
                   why=f"six-move runs at c={c:g}: {int(tot[c])}, the best other c {other:g}: "
                       f"{int(tot[other])}; stored: {six[c]}, {six[s_other]} at {s_other:g}")


def figures(data: Data) -> dict:
    f = facts(data)
    ea, ea_ok, rl_ok, res, pt = f.ea, f.ea_ok, f.rl_ok, f.res, f.pt
    rl34, ea34, d3k2 = rl_ok[rl_ok.d <= 4], ea_ok[ea_ok.d <= 4], sel(ea_ok, 3, 2)
    d4 = rl_ok[rl_ok.d == 4]
    d4 = d4.assign(c=np.log(_moves(d4)) - np.log(_moves(d4)).groupby(d4.k).transform("mean"))
    meds = d4.groupby(["k", "level"]).moves.median()
    longest = pd.concat([sel(d4, 4, k, meds[k].drop("4").idxmax()) for k in (1, 2, 3)])
    x = ea_ok.assign(excess=_moves(ea_ok) / ea_ok.optimal)
    sevens = [_hits(sel(ea, 3, 2, lv), 7) for lv in "012"]
    d3, g = res[res.d == 3].dropna(subset=["ea_median", "rl_median"]), sel(ea, 4, 3)
    n_paper = {a: int(sum(round(float(r) * RUNS) or (r > 0) for r in pt[f"{a}_success"]))
               for a in ("ea", "rl")}
    t5 = pt.merge(res[["d", "k", "level", "optimal"]])
    miss = [y[(y.rl_min > y.optimal) & ~((y.d == 4) & (y.k == 3))] for y in (t5, res)]

    def caption(algo: str, side: str, value: int) -> Finding:
        frame = ea_ok if algo == "ea" else rl_ok
        ev, note = extreme(_moves(frame).to_numpy(), value, n_paper[algo], side)
        top = frame.moves.agg(side)
        return Finding(ev, paper=value, available=len(frame), why=f"{len(frame):,} ours, "
                       f"{n_paper[algo]:,} the paper's; our {side} {top} at " + _list(
                           frame[frame.moves == top][["d", "k", "level"]].drop_duplicates(),
                           _case) + (f"; {note}" if note else ""))
    return {
        "F2-moves-grow-with-k": trend(rl34, "k", "moves", ["d", "level"], True),
        "F2-moves-grow-with-level": trend(rl34, "level_n", "moves", ["d", "k"], True),
        "F2-level4-gap": Finding({"level 4 against levels 0-3": order(
            d4.c[d4.level != "4"], d4.c[d4.level == "4"], paired=False),
            "level 4 against the longest other level of each k": order(
                longest.c, d4.c[d4.level == "4"], paired=False)},
            why="our medians by level: " + "; ".join(f"k={k} {_nums(meds[k])}"
                                                     for k in (1, 2, 3))),
        "F3-min-median-grow": trend(d3k2, "level_n", "moves", [], True),
        "F3-max-grows": q(_rising(p := sel(pt, 3, 2).ea_max.tolist(), True), f"the paper's "
                          f"maxima {_nums(p)}; ours {_nums(d3k2.groupby('level').moves.max())}",
                          "Table 4 as printed"),
        "S41-ea-d3k1-median-level": trend(sel(ea_ok, 3, 1), "level_n", "moves", [], True),
        "S41-ea-median-grows-with-k": trend(ea34, "k", "moves", ["d", "level"], True),
        "S41-ea-d3-k1-below-k2": _weakest({lv: order(*(_moves(sel(ea_ok, 3, k, lv))
                                                            for k in (1, 2)), paired=False)
                                           for lv in "012"}),
        "S41-ea-min-grows-with-level": trend(ea_ok.groupby(["d", "k", "level_n"],
                                                           as_index=False).moves.min(),
                                             "level_n", "moves", ["d", "k"], True),
        "S41-ea-degrades": {
            "moves against the level": trend(x, "level_n", "moves", ["d", "k"], True),
            "moves against k": trend(x, "k", "moves", ["d", "level"], True),
            "moves against d (level 0)": trend(x[x.level == "0"], "d", "moves", ["k"], True),
            "moves / optimum against the level": trend(x, "level_n", "excess", ["d", "k"],
                                                       True)},
        "S41-seven-L1-below-L0": Finding(order(sevens[1], sevens[0], paired=False),
                                         why="7-move runs at levels 0-2: " + _nums(
                                             int(s.sum()) for s in sevens)),
        "S41-no-six-above-L0": V.by_construction(
            "qualitative", f"optima {_nums(sel(res, 3, 2).sort_values('level').optimal[1:3])} "
            "at levels 1 and 2", "the exact optima of levels 1 and 2 exceed 6 moves, so no "
            "run can take 6"),
        "F4-d3-ea-wider": _spread(f, 3, "level (3 levels)"),
        "F4-d4-rl-peaked": _spread(f, 4, "level (5 levels)"),
        "S42-rl-sd-lower": _spread(f, 0, "case"),
        "S42-d3k2-gap-3": _gap3(f),
        "S42-ea-d4k3-under-5pct": Finding(order(g.success.astype(float), 0.05, paired=True),
                                          paper="< 5%", available=len(g),
                                          why=f"ours {g.success.sum()} of {len(g)} runs"),
        "S5-d3-ea-worst": {"paired by case": order(
            d3.rl_median - d3.optimal, d3.ea_median - d3.optimal, paired=True,
            inert=zeros(len(d3))), "every run (Mann-Whitney on moves - optimum)": order(
            *(_moves(y[y.d == 3]) - y[y.d == 3].optimal for y in (rl_ok, ea_ok)), paired=False)},
        "T4-caption-1000-generations": Finding({
            "successful runs": V.estimate(Sample.of(ea_ok.generations.astype(float)),
                                          Sample(1000.0, n_paper["ea"]), GENERATIONS),
            "all runs (failures count 1000)": V.estimate(
                Sample.of(ea.generations.astype(float)), Sample(1000.0, len(ea)), GENERATIONS)},
            paper=1000, available=len(ea_ok), why=f"our mean {ea_ok.generations.mean():.3g} "
                                                  f"(all runs {ea.generations.mean():.3g})"),
        "T4-caption-min-4": caption("ea", "min", 4),
        "T4-caption-max-83": caption("ea", "max", 83),
        "T5-caption-min-4": caption("rl", "min", 4),
        "T5-caption-max-316": caption("rl", "max", 316),
        "S41-rl-optimal-except-d4k3": Finding(q(miss[0].empty, "Table 5: " + _list(
            miss[0], lambda r: f"{_case(r)} {int(r.rl_min)} vs {int(r.optimal)}"),
            "Table 5 against the exact optima"), why="ours: " + _list(
            miss[1], lambda r: f"{_case(r)} {int(r.rl_min)} vs {int(r.optimal)}")),
    }


section(figures, "F2-moves-grow-with-k F2-moves-grow-with-level F2-level4-gap F3-min-median-grow "
        "F3-max-grows S41-ea-d3k1-median-level S41-ea-median-grows-with-k S41-ea-d3-k1-below-k2 "
        "S41-ea-min-grows-with-level S41-ea-degrades S41-seven-L1-below-L0 S41-no-six-above-L0 "
        "F4-d3-ea-wider F4-d4-rl-peaked S42-rl-sd-lower S42-d3k2-gap-3 S42-ea-d4k3-under-5pct "
        "S5-d3-ea-worst T4-caption-1000-generations T4-caption-min-4 T4-caption-max-83 "
        "T5-caption-min-4 T5-caption-max-316 S41-rl-optimal-except-d4k3",
        {**dict.fromkeys(("F2-moves-grow-with-k F2-moves-grow-with-level F2-level4-gap "
                          "F3-min-median-grow S41-ea-d3k1-median-level S41-ea-median-grows-"
                          "with-k S41-ea-d3-k1-below-k2 S41-ea-degrades S41-seven-L1-below-L0 "
                          "S42-d3k2-gap-3 S42-ea-d4k3-under-5pct T4-caption-1000-generations "
                          "T4-caption-min-4 T4-caption-max-83 T5-caption-min-4 "
                          "T5-caption-max-316").split(), "run"),
         **dict.fromkeys("S41-ea-min-grows-with-level F4-d3-ea-wider F4-d4-rl-peaked "
                         "S42-rl-sd-lower S5-d3-ea-worst".split(), "instance")})


def appendix(data: Data) -> dict:
    app, st = table(data, "appendix_runs"), data.reference("authors_appendix")
    at = {c: app[np.isclose(app.c, c)] for c in (1.4, 1.8, 7.0)}
    ok18, s18 = _moves(at[1.8][at[1.8].success]), stored(data, "appendix")["1.8"]["moves"]
    s14, s7 = (at[c].success.astype(float) for c in (1.4, 7.0))
    return {
        "F7-success-falls-with-c": {"our runs": vtrend(app.c, app.success.astype(float), False),
                                    "the authors' stored runs (35 values of c)": vtrend(
                                        np.repeat(st.c.to_numpy(), RUNS), np.concatenate(
                                            [[1.0] * n + [0.0] * (RUNS - n)
                                             for n in st.successes]), False)},
        "S41-cstar-1.8": _cstar(app, st.set_index("c").six_moves, 1.8),
        "F8-cstar-1.6": _cstar(app, st.set_index("c").six_moves, 1.6),
        "F8-mean-ten": Finding({"as printed": V.estimate(Sample.of(ok18), Sample(10.0, RUNS),
                                                         MOVES),
                                "vs the authors' stored runs": V.estimate(
                                    Sample.of(ok18), Sample.of(s18), MOVES)},
                               paper="about 10", authors=round(float(np.mean(s18)), 2),
                               available=len(ok18), why=f"our mean {ok18.mean():.3g}"),
        "F8-success-doubled": Finding(order(s7, s14, paired=False), paper="100% vs 60%",
                                      why=f"ours {s14.mean():.3g} at c=1.4, {s7.mean():.3g} "
                                          "at c=7"),
    }


section(appendix, "F7-success-falls-with-c S41-cstar-1.8 F8-cstar-1.6 F8-mean-ten "
        "F8-success-doubled", dict.fromkeys("F7-success-falls-with-c S41-cstar-1.8 "
                                             "F8-cstar-1.6 F8-mean-ten F8-success-doubled"
                                             .split(), "run"),
        extra=("appendix_runs",), refs=("authors_appendix",))
