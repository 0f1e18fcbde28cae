"""Notebook 03's evidence: one registered function per claim (or id pattern) of the inventory
(``paper_claims.csv``: sentence, unit, the report's reading, fixed why), reading result files.

Readings, each row decided under all the data allow; the inventory's ``reading`` (the report's
own) is the headline. The **tie rule**: the report's climber is strict (it "will not make a
change" unless a neighbour is better; a plateau after iteration 2000 at n = 7), so every row,
the ``-ties`` rows too, headlines the *strict climber*; *ties accepted* is a reading. The
**statistic**: the *incumbent* the report plots (restarts: the best finished climb or the
current one; the GA: its population mean) or the run's *best-so-far*. **Budgets**: where two
differ, both after the same evaluations (``checkpoints.csv``) and, for annealing, the stored
runs at equal evaluations (``matched_budget.csv``). **The GA's selection**: ``ga`` (ours) or
``ga_top80``. The runs are seeded independently, so orderings are unpaired (Mann-Whitney); the
same runs at two points of their budget are paired.
"""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np

from puzzles.core import verdicts as V
from puzzles.core.claims import fmt
from puzzles.core.evidence import Data, Finding, Register
from puzzles.core.verdicts import Evidence, Sample
from puzzles.jumpmaze import experiments as X
from puzzles.jumpmaze import matched as M
from puzzles.jumpmaze import model
from puzzles.jumpmaze.budget import report
from puzzles.jumpmaze.readings import BEST, COLUMNS, INCUMBENT, MARGINS, RUNS, TIE, Runs, gain
from puzzles.jumpmaze.reference import report_depths, report_puzzle

EVIDENCE = Register()

GA_ALT = "GA 'better 80%'"
NAMES = {"hc": "hill climbing", "restarts": "random restarts", "walk": "random walks",
         "sa": "annealing", "ga": "the GA"}
PROTOCOL = ("protocol",)


def order(runs: Runs, better: str, worse: str, n: int, stat: str = INCUMBENT,
          matched: bool = False) -> Evidence:
    """"``better`` beats ``worse`` at ``n``": one-sided, unpaired (independent runs), on
    ``stat`` at the stated budgets or after the evaluations both made (``matched``)."""
    e = X.matched_evaluations(better, worse, n, runs.budget) if matched else None
    return V.ordering(runs.at(worse, n, stat, e), runs.at(better, n, stat, e), paired=False)


def _differ(runs: Runs, a: str, b: str, n: int) -> bool:
    return X.evaluations(a, n, runs.budget) != X.evaluations(b, n, runs.budget)


def _ga(algorithm: str) -> str:
    return "ga_top80" if algorithm == "ga" else algorithm


def _label(*parts: str) -> str:
    return ", ".join(p for p in parts if p)


def _named(label: str, ev: Evidence) -> Evidence:
    """The evidence with the comparison it rests on named in its test text."""
    return replace(ev, test=f"{ev.test}; weakest of the comparisons: {label}")


# --- Tasks 1-2: the report's printed puzzle ------------------------------------------------------


def _printed() -> tuple[model.Evaluation, np.ndarray, np.ndarray]:
    grid = report_puzzle()
    return model.evaluate(grid), model.validate_grid(grid), report_depths()


@EVIDENCE.claim("T1-start-zero", unit="maze", references=("best_puzzle",))
def start_zero(data: Data) -> Finding:
    ev, _, printed = _printed()
    return Finding(V.exact(0, int(ev.depths[0, 0])), paper=int(printed[0, 0]))


@EVIDENCE.claim("T1-goal-corner", unit="maze", references=("best_puzzle",))
def goal_corner(data: Data) -> Finding:
    ev, grid, printed = _printed()
    n, same = ev.n, int(np.sum(ev.depths == printed))
    where = "bottom-right" if grid[n - 1, n - 1] == 0 else "elsewhere"
    return Finding(V.qualitative(False, f"G printed {where}; a BFS with the goal there gives "
                                 f"{same} of {n * n} printed depths",
                                 "where the printed puzzle's G sits; BFS of its depths"),
                   paper="bottom-left", why=f"the report's own puzzle has its G {where}, and "
                   f"a BFS with the goal there reproduces {same} of the {n * n} printed depths")


@EVIDENCE.claim("T1-legal", unit="maze", references=("best_puzzle",))
def legal(data: Data) -> Finding:
    _, grid, _ = _printed()
    n, mj = len(grid), model.max_jumps(len(grid))
    bad = [(r, c) for r in range(n) for c in range(n)
           if (r, c) != (n - 1, n - 1) and not 1 <= grid[r, c] <= mj[r, c]]
    return Finding(V.qualitative(not bad, f"{n * n - 1 - len(bad)} of {n * n - 1} jumps legal",
                                 "1 <= jump <= max(r, c, n-1-r, n-1-c) for every non-goal cell"),
                   paper="implied", why=f"illegal jumps at {bad}" if bad else "")


@EVIDENCE.claim("T2-best-score", unit="maze", references=("best_puzzle", *PROTOCOL))
def best_score(data: Data) -> Finding:
    return Finding(V.exact(report().best_score, _printed()[0].score), paper=report().best_score)


@EVIDENCE.claim("T2-depths", unit="maze", references=("best_puzzle",))
def depths(data: Data) -> Finding:
    ev, _, printed = _printed()
    same = int(np.sum(ev.depths == printed))
    return Finding(V.exact(ev.n ** 2, same), paper=ev.n ** 2,
                   why="" if same == ev.n ** 2 else "our BFS disagrees on some cells")


@EVIDENCE.claim("T2-unreachable", unit="maze", references=("best_puzzle",))
def unreachable(data: Data) -> Finding:
    ev, _, printed = _printed()
    holes = int(np.sum(printed < 0))
    return Finding(V.exact(holes, ev.white_holes), paper=holes)


# --- Task 3: hill climbing -----------------------------------------------------------------------


def _plateau(data: Data, n: int, window: str, paper: str) -> Finding:
    """The mean gain per run over each window, per climber, against the report's 'flat': a
    mean gain of 0 over its own 50 runs (a sample: it prints no spread, so ours is assumed)."""
    runs = Runs.of(data)
    if window not in X.windows("hc_strict", n, runs.budget):
        return Finding(V.not_comparable(kind="estimate"), paper=paper, why=f"this budget "
                       f"({runs.budget.hc[n]:,} iterations) stops before the window the claim "
                       "names")
    found, gains = {}, []
    for v in TIE:
        for name, start in X.windows(f"hc_{v}", n, runs.budget).items():
            g = gain(runs, f"hc_{v}", n, start)
            found[_label(TIE[v], name)] = V.estimate(Sample.of(g), Sample(0.0, report().runs),
                                                     MARGINS.plateau)
            gains.append(f"{_label(TIE[v], name)} {fmt(float(g.mean()), 3)}")
    return Finding(found, paper=paper, why="our mean gain per run: " + ", ".join(gains),
                   available=len(g))


@EVIDENCE.claim("T3-plateau-{alg}", unit="run", tables=RUNS, references=PROTOCOL)
def plateau_n7(data: Data, alg: str) -> Finding:
    return _plateau(data, 7, "after iteration 2000",
                    "a rather large plateau after iteration 2000 (no number)")


@EVIDENCE.claim("T3-plateau-{alg}-n{n}", unit="run", tables=RUNS, references=PROTOCOL)
def plateau_early(data: Data, alg: str, n: str) -> Finding:
    return _plateau(data, int(n), "later half", "plateaus fairly early (no number)")


@EVIDENCE.claim("T3-hc-poor", unit="setting", tables=("final_scores",))
def hc_poor(data: Data) -> Finding:
    """Plain hill climbing is 'not very good at improving puzzles': its mean final score stays
    below half of annealing's (the report's best method) at every n."""
    summary = data.table("final_scores")
    piv = summary.set_index(["algorithm", "n"])["mean_final"]
    ratios = {v: {n: float(piv[f"hc_{v}", n] / piv["sa", n]) for n in sorted(summary["n"].unique())}
              for v in TIE}
    text = {v: ", ".join(f"n = {n}: {fmt(x, 2)}" for n, x in ratios[v].items()) for v in TIE}
    found = {TIE[v]: V.qualitative(all(x < 0.5 for x in ratios[v].values()),
                                   f"final mean / annealing's: {text[v]}",
                                   f"hc_{v}'s mean final score below half of annealing's at "
                                   "every n") for v in TIE}
    low, high = max(ratios["strict"].values()), min(ratios["ties"].values())
    return Finding(found, paper="not very good at improving puzzles",
                   why=f"the ties-accepting climber's ratios are {text['ties']}" + (
                       f", so any threshold between {fmt(low, 2)} and {fmt(high, 2)} gives the "
                       "same verdicts" if low < high else ""))


@EVIDENCE.claim("T3-local-max", unit="run", tables=("local_maxima",))
def local_max(data: Data) -> Finding:
    """The strict climber stops at a local maximum where 'all' neighbours are worse
    (``local_maxima.csv``: every one-jump neighbour of every final maze scored)."""
    d = data.table("local_maxima")
    d = d[d["algorithm"] == "hc_strict"].sort_values("n")
    runs, local, strict = (int(d[c].sum()) for c in ("runs", "local_maxima", "strict_maxima"))
    how = "every one-jump neighbour of every strict climber's final maze scored"
    equal = ", ".join(f"n = {r.n}: {fmt(r.mean_equal, 3)} of {r.neighbours}"
                      for r in d.itertuples())
    return Finding({
        "every neighbour worse (the report's words)": V.qualitative(
            strict == runs, f"{strict} of {runs} final mazes have every neighbour worse; "
            f"{local} of {runs} have none better", how),
        "no neighbour better (a local maximum)": V.qualitative(
            local == runs, f"{local} of {runs} final mazes have no better neighbour", how)},
        paper="all puzzles one change away are worse", available=runs,
        why=f"{local} of {runs} final mazes are local maxima (no better neighbour); mean equal "
            f"neighbours {equal}")


# --- Tasks 4-7: the orderings --------------------------------------------------------------------


PAIRS = {  # id stem: (better, worse, what the report says); {v} is the row's tie rule
    "T4-restarts-hc": ("restarts_{v}", "hc_{v}", "restarts improve hill climbing"),
    "T4-restarts-walks": ("restarts_{v}", "walk_{v}", "restarts fared better than walks"),
    "T7-ga-hc": ("ga", "hc_{v}", "GA better than the hill climbings"),
    "T7-ga-restarts": ("ga", "restarts_{v}", "GA better than the hill climbings"),
    "T7-ga-walk": ("ga", "walk_{v}", "GA better than the hill climbings"),
    "T7-sa-ga": ("sa", "ga", "GA not as good as annealing"),
}
# Where the GA's population mean loses to a rival whose best-so-far it beats (a hypothesis:
# the notebook does not measure it).
GA_HYPOTHESIS = ("hypothesis: the report's GA, whose selection and crossover it leaves "
                 "undefined, keeps a fitter population than our reading; ours loses what "
                 "selection finds (no elitism, 2% mutation per cell), so its population mean "
                 "stays far below its best member")


def pair_readings(runs: Runs, better: str, worse: str, n: int) -> dict[str, Evidence]:
    """"``better`` beats ``worse``" under each tie rule (when a climber is compared), statistic,
    matched evaluations (where budgets differ) and GA selection (where the GA is compared)."""
    out = {}
    for v in (TIE if "{v}" in better + worse else ("",)):
        b, w, tie = better.format(v=v), worse.format(v=v), TIE.get(v, "")
        for stat in (INCUMBENT, BEST):
            out[_label(tie, stat)] = order(runs, b, w, n, stat)
        for stat in (INCUMBENT, BEST) if _differ(runs, b, w, n) else ():
            out[_label(tie, "matched evaluations", stat)] = order(runs, b, w, n, stat, True)
        for stat in (INCUMBENT, BEST) if "ga" in (b, w) else ():
            out[_label(tie, GA_ALT, stat)] = order(runs, _ga(b), _ga(w), n, stat)
    return out


def _notes(runs: Runs, better: str, worse: str, n: int) -> list[str]:
    """The means behind an ordering and, where budgets differ, both budgets."""
    ga = "; for the GA the population mean" if "ga" in (better, worse) else ""
    out = [f"mean final score (incumbent as plotted{ga}) {better} {runs.mean(better, n)} vs "
           f"{worse} {runs.mean(worse, n)}; best-so-far {runs.mean(better, n, BEST)} vs "
           f"{runs.mean(worse, n, BEST)}"]
    if _differ(runs, better, worse, n):
        out.append(f"budgets differ: {better} {X.evaluations(better, n, runs.budget):,} "
                   f"evaluations, {worse} {X.evaluations(worse, n, runs.budget):,}; the matched "
                   f"readings compare both after "
                   f"{X.matched_evaluations(better, worse, n, runs.budget):,}")
    return out


def _pair(data: Data, stem: str, n: int) -> Finding:
    runs, (better, worse, paper) = Runs.of(data), PAIRS[stem]
    found = pair_readings(runs, better, worse, n)
    b, w = better.format(v="strict"), worse.format(v="strict")
    head = found[_label(TIE["strict"] if "{v}" in better + worse else "", INCUMBENT)]
    best = found[_label(TIE["strict"] if "{v}" in better + worse else "", BEST)]
    why = _notes(runs, b, w, n)
    if stem.startswith("T7-ga") and head.significant == "contradicted" != best.significant:
        why.append(GA_HYPOTHESIS)
    return Finding(found, paper=paper, why="; ".join(why), available=len(runs.at(b, n)))


for _stem in PAIRS:
    EVIDENCE.claim(f"{_stem}-n{{n}}" if _stem == "T7-sa-ga" else f"{_stem}-{{v}}-n{{n}}",
                   unit="run", tables=RUNS)(
        lambda data, n, v="", stem=_stem: _pair(data, stem, int(n)))


def _weakest(runs: Runs, rivals: dict[str, tuple[str, str, int]], stat: str,
             matched: bool) -> tuple[str, Evidence]:
    """A claim over several comparisons ("better than each") rests on its weakest:
    ``rivals``: label -> (better, worse, n)."""
    label, ev = V.weakest({k: order(runs, b, w, n, stat, matched)
                           for k, (b, w, n) in rivals.items()})
    return label, _named(label, ev)


@EVIDENCE.claim("T6-sa-best-n{n}", unit="run", tables=(*RUNS, "matched_budget"))
def sa_best(data: Data, n: str) -> Finding:
    """Annealing gives the best results at every size, against every other optimiser (both GA
    readings); it holds only if it holds against the weakest, also at equal evaluations."""
    runs, n, equal = Runs.of(data), int(n), data.table("matched_budget")
    e, found = M.stored_evaluations(equal, n), {}
    for v in TIE:
        against = {r: ("sa", r, n) for r in X.rivals(v)}
        for matched in (False, True):
            for stat in (INCUMBENT, BEST):
                found[_label(TIE[v], "matched evaluations" if matched else "", stat)] = \
                    _weakest(runs, against, stat, matched)[1]
        for stat in (INCUMBENT, BEST):
            found[_label(TIE[v], f"equal evaluations ({e:,})", stat)] = V.weakest({
                r: M.equal_order(equal, "sa", r, n, COLUMNS[stat][2])
                for r in X.rivals(v) if r != "ga_top80"})[1]
    rival = _weakest(runs, {r: ("sa", r, n) for r in X.rivals("strict")}, INCUMBENT, False)[0]
    why = [f"weakest comparison: {rival} (mean final {runs.mean(rival, n)} vs annealing "
           f"{runs.mean('sa', n)})"]
    gap = {r.partition("_")[0]: X.evaluations(r, n, runs.budget)
           for r in X.rivals("strict") if _differ(runs, "sa", r, n)}
    if gap:
        why.append(f"budgets differ: annealing {X.evaluations('sa', n, runs.budget):,} "
                   "evaluations, " + ", ".join(f"{NAMES[f]} {k:,}" for f, k in gap.items())
                   + "; the matched readings compare each pair after the smaller number")
    return Finding(found, paper="annealing best at every size", why="; ".join(why))


@EVIDENCE.claim("T4-not-great", unit="run", tables=RUNS)
def not_great(data: Data) -> Finding:
    """Restarts are 'overall not too great': below annealing at every n."""
    runs, sizes = Runs.of(data), tuple(Runs.of(data).budget.sizes)
    found = {_label(TIE[v], "matched evaluations" if m else "", stat): _weakest(
        runs, {f"n = {n}": ("sa", f"restarts_{v}", n) for n in sizes}, stat, m)[1]
        for v in TIE for m in (False, True) for stat in (INCUMBENT, BEST)}
    label = _weakest(runs, {f"n = {n}": ("sa", "restarts_strict", n) for n in sizes},
                     INCUMBENT, False)[0]
    means = ", ".join(f"n = {n}: {runs.mean('restarts_strict', n)} vs {runs.mean('sa', n)}"
                      for n in sizes)
    budgets = ", ".join(f"n = {n}: {X.evaluations('restarts_strict', n, runs.budget):,} vs "
                        f"{X.evaluations('sa', n, runs.budget):,}" for n in sizes)
    return Finding(found, paper="restarts overall not too great",
                   why=f"mean final score restarts_strict vs annealing: {means}; the claim over "
                       f"every n rests on the weakest n ({label}); budgets differ (evaluations "
                       f"{budgets}): the matched readings read annealing after the restarts' "
                       "budget")


@EVIDENCE.claim("T4-no-plateau-{v}-n{n}", unit="run", tables=RUNS)
def still_rises(data: Data, v: str, n: str) -> Finding:
    """Restarts show 'not a real plateau': each run's incumbent still rises over the window
    (paired: the same runs at two points, one-sided; no pair is equal by construction)."""
    runs, n, found, notes = Runs.of(data), int(n), {}, []
    for tie in TIE:
        for name, start in X.windows(f"restarts_{tie}", n, runs.budget).items():
            end = runs.at(f"restarts_{tie}", n)
            before = runs.at(f"restarts_{tie}", n, INCUMBENT, start + 1)
            found[_label(TIE[tie], name)] = V.with_kind(V.ordering(
                before, end, paired=True, inert=np.zeros(end.size, bool)), "trend")
            notes.append(f"{_label(TIE[tie], name)}: mean gain "
                         f"{fmt(float((end - before).mean()), 3)}, rising in "
                         f"{int(np.sum(end > before))} of {end.size} runs")
    return Finding(found, paper="not a real plateau shown", why="; ".join(notes))


@EVIDENCE.claim("T5-escape", unit="run", tables=("escapes",))
def escape(data: Data) -> Finding:
    """Accepting worse mazes lets the walk leave local maxima: in most runs at every n the
    best-so-far rises after the walk first took a worse maze (``escapes.csv``)."""
    escapes = data.table("escapes")

    def check(v: str) -> Evidence:
        d = escapes[escapes["algorithm"] == f"walk_{v}"].sort_values("n")
        return V.qualitative(bool((2 * d["escaped"] > d["runs"]).all()),
                             ", ".join(f"n = {r.n}: {r.escaped} of {r.runs}"
                                       for r in d.itertuples()),
                             "runs whose best-so-far rose after the incumbent first fell "
                             "below it (per-run curves)")

    return Finding({TIE[v]: check(v) for v in TIE}, paper="possible to escape local maxima")


@EVIDENCE.claim("T8-best-103", unit="run", tables=RUNS, references=PROTOCOL)
def best_103(data: Data, n: int = 11) -> Finding:
    """The report's 103-move puzzle: the best of its runs (five optimisers x 50 runs) against
    the best of as many draws from ours at its stated budgets (an extreme, never equality)."""
    runs, r = Runs.of(data), report()
    five = {v: [f"hc_{v}", f"restarts_{v}", f"walk_{v}", "sa", "ga"] for v in TIE}

    def ev(algs: list[str], k: int) -> Evidence:
        values = np.concatenate([runs.at(a, n, BEST) for a in algs])
        return V.extreme(values, r.best_score, k, "max", MARGINS.best_puzzle)

    top = {a: int(runs.at(a, n, BEST).max()) for a in sorted(set(sum(five.values(), [])))}
    found = {f"five optimisers, {TIE[v]}": ev(five[v], r.runs * 5) for v in TIE}
    found["annealing only"] = ev(["sa"], r.runs)
    return Finding(found, paper=r.best_score, available=sum(
        len(runs.at(a, n)) for a in five["strict"]), why=f"the best run of each of our "
        f"optimisers at n = {n}: " + ", ".join(f"{a} {s}" for a, s in top.items()))


# --- beyond the report ---------------------------------------------------------------------------


def _absent(what: str) -> Finding:
    return Finding(V.not_comparable(kind="beyond"), why=f"{what} is not run at this scale")


@EVIDENCE.claim("B-ties", unit="run", tables=RUNS)
def ties_lift(data: Data, n: int = 11) -> Finding:
    """The unstated tie rule matters more than the algorithm (the report states no tie rule)."""
    runs = Runs.of(data)
    strict, ties = runs.at("hc_strict", n), runs.at("hc_ties", n)
    return Finding(V.beyond(f"mean final {fmt(ties.mean(), 4)} vs {fmt(strict.mean(), 4)}",
                            f"{int(np.sum(ties > strict.max()))} of {ties.size} ties-accepting "
                            "runs end above the best strict run",
                            uncertainty=f"ranges {fmt(ties.min())}-{fmt(ties.max())} vs "
                            f"{fmt(strict.min())}-{fmt(strict.max())}"))


@EVIDENCE.claim("B-sa-frozen", unit="setting", references=PROTOCOL)
def sa_frozen(data: Data) -> Finding:
    n = max(data.budget.sizes)
    return Finding(V.beyond(fmt(X.frozen_after()), f"exp(-1/T) < 0.001, of "
                            f"{data.budget.sa[n]} at n={n}"))


@EVIDENCE.claim("B-bound-n{n}", unit="setting", tables=("bound_comparison",))
def bound(data: Data, n: str) -> Finding:
    """How much the discoverable bound and the symmetry cut save (``bound_comparison.csv``)."""
    rows = data.table("bound_comparison").set_index("n")
    if int(n) not in rows.index:
        return _absent(f"the n = {n} proof")
    first, both = int(rows.loc[int(n), "nodes: first bound"]), int(rows.loc[int(n), "nodes: both"])
    return Finding(V.beyond(f"{first} vs {both} ({fmt(both / first, 3)}x)",
                            "complete searches, node counts"))


@EVIDENCE.claim("B-anneal-n{n}", unit="run", tables=("long_runs",))
def long_anneal(data: Data, n: str) -> Finding:
    """The stored tuned-annealer runs against n^2 - 4 (``long_runs.csv``)."""
    rows = data.table("long_runs").set_index("n")
    if int(n) not in rows.index:
        return _absent(f"the n = {n} long run")
    a, k = rows.loc[int(n)], int(n)
    scores = json.loads(a["scores of the runs"])
    return Finding(V.beyond(f"best {a['best (re-evaluated)']} (n^2-4 = {k * k - 4})",
                            f"stored runs ({a['runs']} x {a['iterations per run']} iterations), "
                            "grids re-evaluated by BFS",
                            uncertainty=f"runs {min(scores)}-{max(scores)}"))


@EVIDENCE.claim("B-refute-n{n}-{t}", unit="setting", tables=("proofs",))
def refuted(data: Data, n: str, t: str) -> Finding:
    p = data.table("proofs")
    row = p[(p["n"] == int(n)) & (p["target_refuted"] == int(t))]
    if row.empty:
        return _absent(f"the n = {n} refutation of {t}")
    return Finding(V.beyond(f"upper bound {int(t) - 1}", "complete branch and bound, "
                            f"{int(row['nodes'].iloc[0])} nodes"))


@EVIDENCE.claim("B-conjecture", unit="setting", tables=("best_puzzles",))
def conjecture(data: Data) -> Finding:
    best = data.json("best_puzzles")
    hold = sorted(int(k) for k, v in best.items() if v["score"] == int(k) ** 2 - 4)
    proven = sorted(int(k) for k, v in best.items() if v["proven_max"] == int(k) ** 2 - 4)
    return Finding(V.beyond(f"best found = n^2-4 at n = {', '.join(map(str, hold))}; proven at "
                            f"n = {', '.join(map(str, proven))}",
                            "witness mazes re-evaluated by BFS; maxima by complete search"))


@EVIDENCE.claim("B-best-n{n}", unit="maze", tables=("best_puzzles",))
def best_found(data: Data, n: str) -> Finding:
    v = data.json("best_puzzles").get(n)
    if v is None:
        return _absent(f"the n = {n} search")
    return Finding(V.beyond(fmt(v["score"]), "re-evaluated by BFS", uncertainty="proven "
                            "maximum" if v["proven_max"] is not None
                            else f"upper bound {v['upper_bound']}"))


@EVIDENCE.claim("B-designer-n{n}", unit="maze",
                tables=("designer", "best_puzzles", "quality_terms", "designer_maxima"))
def designer_row(data: Data, n: str) -> Finding:
    """The deepest maze we know with a unique shortest path and no holes: the designer's runs,
    the exact constrained search or, where it qualifies, the unconstrained best."""
    d = X.designer_best(data.json("designer"), data.json("best_puzzles"),
                        data.table("quality_terms"), data.table("designer_maxima")).get(n)
    if d is None:
        return _absent(f"the n = {n} designer")
    if d["proven"] is not None:
        test = (f"the exact search under the designer's constraints proves {d['proven']} the "
                f"deepest (designer_maxima.csv); the designer's own runs reach {d['designer']}")
    elif d["known"] > d["designer"]:
        test = (f"the unconstrained best ({d['known']}) has a unique shortest path and no holes "
                f"(quality_terms.csv); the designer's own runs reach {d['designer']}")
    else:
        test = "the designer's runs, Neller's terms re-evaluated by BFS" + (
            "" if d["unconstrained"] is None
            else f"; the unconstrained best ({d['unconstrained']}) is not feasible")
    return Finding(V.beyond(fmt(d["known"]), test))
