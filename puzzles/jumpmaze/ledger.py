"""Notebook 03's reproduction ledger: every claim of the report and every comparison we make.

Plain functions that gather the evidence for each claim and add it to a
:class:`puzzles.core.Ledger` through one rule of :mod:`puzzles.core.verdicts`; the ledger decides
every verdict (Holm's correction over all test-decided rows). Nothing here decides a verdict.
The sentences the notebook prints come from the same rows, so no prose restates a number by hand.

Readings. The report leaves two things open that decide its orderings, and each ordering row is
decided under every reading the data allow:

* **the statistic**: the report compares its plots, which show the *incumbent* (the current
  maze; for restarts the best finished climb or the current one, "the score shown is after
  every restart"; for the GA the population mean); the alternative is the best maze a run ever
  saw (*best-so-far*; for the GA its best member). Headline: the incumbent, as plotted.
* **the tie rule** of hill climbing (restarts and walks too): *strict* (better only) or *ties
  accepted*. The report's text reads as strict (a climber that "will not make a change" unless
  a neighbour is better, a plateau after iteration 2000 at n = 7), so the ``-strict`` rows carry
  the report's reading and every ``-ties`` row shows its verdict under the strict rule too.
* **budgets**: the report gives each optimiser its own budget (annealing 3,000 iterations at
  n = 5 where hill climbing has 1,000). Where two budgets differ, a reading compares both
  optimisers after the same number of maze evaluations: the smaller budget, read from the longer
  run's own curve (the same runs, nothing rerun; a comparison at the larger budget needs new
  runs and is left to issue 25).
* **the GA's selection** ("80% better"): our reading ``ga`` and the alternative ``ga_top80``.

Every optimiser's 50 runs are seeded independently, so every ordering is unpaired
(Mann-Whitney); a claim about the same runs at two points of their budget is paired.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from puzzles.core import Ledger
from puzzles.core import verdicts as V
from puzzles.core.claims import depends_on_reading, fmt
from puzzles.core.verdicts import Evidence, Margin, Sample
from puzzles.jumpmaze import model
from puzzles.jumpmaze.experiments import PROSE, evaluations, matched_evaluations
from puzzles.jumpmaze.report import report

if TYPE_CHECKING:
    from puzzles.jumpmaze.paper import MazeBudget
LOCAL = ("hc_strict", "hc_ties", "restarts_strict", "restarts_ties", "walk_strict", "walk_ties",
         "sa")


@dataclass(frozen=True)
class Margins:
    """The equivalence margins of this notebook, one per kind of number compared.

    * ``plateau``: a mean gain of the score over a window of iterations within +-1 move counts
      as flat. One move of goal depth is the score's unit, and the report's "did not have a
      large impact" is about the mean curve, whose final values lie between 7.7 and 82 moves.
    * ``best_puzzle``: the best of the report's runs against the best of n draws from ours
      within +-2 moves (2% of 103): a single best maze is one search's luck, but a referee
      would not call 101 and 103 different results.

    Orderings, trends and checked statements have no margin: an ordering is a one-sided rank
    test, and any significant difference after the correction counts.
    """

    plateau: Margin = field(default=Margin.difference(1.0, "moves"))
    best_puzzle: Margin = field(default=Margin.difference(2.0, "moves"))

    def table(self) -> pd.DataFrame:
        """The margins as the notebook shows them (kind, rows, margin, why)."""
        return pd.DataFrame([
            {"kind": "estimate", "rows": "T3-plateau-*", "margin": self.plateau.text,
             "why": "one move of goal depth is the score's unit; a mean gain under one move over "
                    "thousands of iterations is 'no large impact'"},
            {"kind": "extreme", "rows": "T8-best-103", "margin": self.best_puzzle.text,
             "why": "2% of 103: one search's best maze is luck, 101 vs 103 is not a different "
                    "result"},
            {"kind": "ordering, trend", "rows": "T4-*, T6-*, T7-*", "margin": "none",
             "why": "one-sided rank tests: any difference significant after Holm's correction "
                    "counts"},
        ])


MARGINS = Margins()

INCUMBENT, BEST = "incumbent", "best-so-far"
HEADLINE = "incumbent as plotted"
# the final_scores_per_run and checkpoints columns of each statistic
_FINAL_COLUMN = {INCUMBENT: "final_score", BEST: "best_score"}
_CHECK_COLUMN = {INCUMBENT: "incumbent", BEST: "best_so_far"}
_TIE_LABEL = {"strict": "strict climber", "ties": "ties accepted"}
GA_ALT = "GA 'better 80%'"
NAMES = {"hc": "hill climbing", "restarts": "random restarts", "walk": "random walks",
         "sa": "annealing", "ga": "the GA"}
def new_ledger() -> Ledger:
    """An empty ledger for notebook 03."""
    from puzzles.jumpmaze.paper import PAPER

    return Ledger(PAPER.stem)


# --- the runs ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Runs:
    """Every run's score at its stated budget (``finals``: final_scores_per_run.csv) and after
    fewer evaluations (``checkpoints``: checkpoints.csv), with the budget that ran them."""

    finals: pd.DataFrame
    checkpoints: pd.DataFrame
    budget: MazeBudget

    def at(self, algorithm: str, n: int, stat: str = INCUMBENT,
           evals: int | None = None) -> np.ndarray:
        """One value per run, in run order: ``stat`` after ``evals`` evaluations (None: the
        stated budget)."""
        if evals is None or evals == evaluations(algorithm, n, self.budget):
            d = self.finals[(self.finals["algorithm"] == algorithm) & (self.finals["n"] == n)]
            col = _FINAL_COLUMN[stat]
        else:
            c = self.checkpoints
            d = c[(c["algorithm"] == algorithm) & (c["n"] == n) & (c["evaluations"] == evals)]
            col = _CHECK_COLUMN[stat]
        if d.empty:
            raise ValueError(f"no runs of {algorithm!r} at n={n}" + (
                "" if evals is None else f" after {evals} evaluations (see checkpoints())"))
        return d.sort_values("run")[col].to_numpy(float)

    def mean(self, algorithm: str, n: int, stat: str = INCUMBENT) -> str:
        return fmt(float(self.at(algorithm, n, stat).mean()), 4)


def _family(algorithm: str) -> str:
    return algorithm.partition("_")[0]


def _swap_tie(algorithm: str) -> str:
    fam, _, v = algorithm.partition("_")
    return {"strict": f"{fam}_ties", "ties": f"{fam}_strict"}.get(v, algorithm)


def _swap_ga(algorithm: str) -> str:
    return "ga_top80" if algorithm == "ga" else algorithm


def _tie(better: str, worse: str) -> str | None:
    for a in (better, worse):
        v = a.partition("_")[2]
        if v in _TIE_LABEL:
            return v
    return None


def order(runs: Runs, better: str, worse: str, n: int, stat: str = INCUMBENT,
          matched: bool = False) -> Evidence:
    """"``better`` beats ``worse`` at ``n``": one-sided, unpaired (independent runs), on
    ``stat`` at the stated budgets or after the evaluations both made (``matched``)."""
    e = matched_evaluations(better, worse, n, runs.budget) if matched else None
    return V.ordering(runs.at(worse, n, stat, e), runs.at(better, n, stat, e), paired=False)


def _budgets_differ(runs: Runs, better: str, worse: str, n: int) -> bool:
    return evaluations(better, n, runs.budget) != evaluations(worse, n, runs.budget)


def pair_readings(runs: Runs, better: str, worse: str, n: int
                  ) -> tuple[Evidence, dict[str, Evidence]]:
    """The headline evidence (incumbent as plotted, stated budgets) and every other reading."""
    head = order(runs, better, worse, n)
    alts = {BEST: order(runs, better, worse, n, BEST)}
    tie = _tie(better, worse)
    if tie is not None:
        other = _TIE_LABEL["ties" if tie == "strict" else "strict"]
        b2, w2 = _swap_tie(better), _swap_tie(worse)
        alts[f"{other}, {INCUMBENT}"] = order(runs, b2, w2, n)
        alts[f"{other}, {BEST}"] = order(runs, b2, w2, n, BEST)
    if _budgets_differ(runs, better, worse, n):
        for stat in (INCUMBENT, BEST):
            alts[f"matched evaluations, {stat}"] = order(runs, better, worse, n, stat, True)
    if "ga" in (better, worse):
        b2, w2 = _swap_ga(better), _swap_ga(worse)
        for stat in (INCUMBENT, BEST):
            alts[f"{GA_ALT}, {stat}"] = order(runs, b2, w2, n, stat)
    return head, alts


def _named(label: str, ev: Evidence) -> Evidence:
    """The evidence with the comparison it rests on named in its test text."""
    return replace(ev, test=f"{ev.test}; weakest of the comparisons: {label}")


# --- Task 1/2: representation and evaluation -----------------------------------------------------


def report_claims(ledger: Ledger, report_grid: object, printed_depths: np.ndarray) -> Ledger:
    """The report's printed puzzle: its score, its 121 depths, its start, goal and jumps."""
    ev = model.evaluate(report_grid)
    grid = model.validate_grid(report_grid)
    n = ev.n
    same = int(np.sum(ev.depths == printed_depths))
    ledger.add("T1-start-zero", "Task 1; Best puzzle", "The start cell has depth 0",
               V.exact(0, int(ev.depths[0, 0])), paper=int(printed_depths[0, 0]))
    where = "bottom-right" if grid[n - 1, n - 1] == 0 else "elsewhere"
    ledger.add("T1-goal-corner", "Task 1", "The goal is the bottom-left cell",
               V.qualitative(False, f"G printed {where}; a BFS with the goal there gives "
                             f"{same} of {n * n} printed depths",
                             "where the printed puzzle's G sits; BFS of its depths"),
               paper="bottom-left",
               why=(f"the report's own puzzle has its G {where}, and a BFS with the goal there "
                    f"reproduces {same} of the {n * n} printed depths"))
    mj = model.max_jumps(n)
    legal = [(r, c) for r in range(n) for c in range(n)
             if (r, c) != (n - 1, n - 1) and not 1 <= grid[r, c] <= mj[r, c]]
    ledger.add("T1-legal", "Task 1; Best puzzle",
               "Every printed jump of the best puzzle is a legal rook jump",
               V.qualitative(not legal, f"{n * n - 1 - len(legal)} of {n * n - 1} jumps legal",
                             "1 <= jump <= max(r, c, n-1-r, n-1-c) for every non-goal cell"),
               paper="implied", why="" if not legal else f"illegal jumps at {legal}")
    ledger.add("T2-best-score", "Task 2; Best puzzle",
               f"The report's best puzzle needs {report().best_score} moves (BFS score)",
               V.exact(report().best_score, ev.score), paper=report().best_score)
    ledger.add("T2-depths", "Task 2; Best puzzle",
               "Every printed BFS depth of the best puzzle (121 cells)",
               V.exact(n * n, same), paper=n * n,
               why="" if same == n * n else "our BFS disagrees on some cells")
    ledger.add("T2-unreachable", "Task 2; Best puzzle",
               "Unreachable cells of the best puzzle are printed as -1 (one cell)",
               V.exact(int(np.sum(printed_depths < 0)), ev.white_holes),
               paper=int(np.sum(printed_depths < 0)))
    return ledger


def definition_claims(ledger: Ledger) -> Ledger:
    """Tasks 1-2: how a maze is shown, stored, searched and scored (what we built to)."""
    rows = [
        ("T1-display", "Task 1", "Display: jump, BFS depth (-1 unreachable), G with the score",
         "scene.maze_scene: big jump, small depth (-1 unreachable), G and the score in the goal",
         "the report's GUI, redrawn"),
        ("T1-node", "Task 1", "A cell holds a jump, a step count starting at -1 and a parent",
         "model: n x n jumps, BFS depths start at -1; n fixed per run",
         "the report's representation"),
        ("T2-bfs", "Task 2", "Evaluation is a breadth-first search from the start",
         "model.bfs_flat: BFS from the top-left cell", "the report's evaluation"),
        ("T2-score-rule", "Task 2", "Score: goal depth, else minus the unreachable cells",
         "model.score_flat", "the report's score"),
    ]
    for cid, sec, claim, ours, paper in rows:
        ledger.add(cid, sec, claim, V.design_input(ours, "a definition we implemented"),
                   paper=paper)
    ledger.add("T2-score-difficulty", "Task 2",
               "The score ranks difficult puzzles high and easy ones low",
               V.not_comparable(test="none"), paper="asserted",
               why="difficulty for players needs human data; neither the report nor we have any")
    ledger.add("T2-examples", "Task 2", "Example solvable and unsolvable mazes for each n",
               V.not_comparable("task2_examples.png (ours)", "none"), paper="figures",
               why="the report's example figures are not in its text; the notebook draws its own "
                   "from the seed")
    for cid, sec, what in (("T3-figs", "Task 3", "hill-climbing"),
                           ("T4-figs", "Task 4", "random-restart"),
                           ("T5-figs", "Task 5", "random-walk"),
                           ("T6-figs", "Task 6", "annealing"), ("T7-figs", "Task 7", "GA")):
        ledger.add(cid, sec, f"The four mean {what} curves (n = 5, 7, 9, 11)",
                   V.not_comparable("curves_local.png, curves_ga.png (ours)", "none"),
                   paper="plots",
                   why="the plots are not in the report's text; only the shapes it describes "
                       "are checked (the other rows of this task)" + (
                           "; its n = 7, 9, 11 captions say random walks" if cid == "T4-figs"
                           else ""))
    return ledger


# --- Tasks 3-7: the protocol ---------------------------------------------------------------------


def budget_claims(ledger: Ledger, budget: MazeBudget) -> Ledger:
    """The budgets and parameters the report sets, as run (numbers we set: by construction)."""
    sizes = tuple(budget.sizes)

    def per_n(key: str) -> str:
        return ", ".join(f"{getattr(budget, key)[n]:,}" for n in sizes)

    ga_ok = all(budget.ga_pop[n] * budget.ga_generations == budget.sa[n] for n in sizes)
    r = report()

    def stated(per: Mapping[int, int]) -> str:
        return "; ".join(map(str, per.values()))

    rows = [
        ("T0-runs", "Tasks 3-7", "Runs per (algorithm, n)", r.runs, f"{budget.runs} runs"),
        ("T0-sizes", "Tasks 3-7", "Sizes; each curve is the per-iteration mean over the runs",
         ", ".join(map(str, r.sizes)), f"n = {', '.join(map(str, sizes))}; curves.csv"),
        ("T3-budget", "Task 3", "Hill-climbing iterations per n (tie rule unstated)",
         stated(r.hc), f"{per_n('hc')}; both tie rules run"),
        ("T4-budget", "Task 4",
         f"Restarts: total iterations per n, {r.restarts_count} restarts",
         f"{stated(r.restarts)}; {r.restarts_count} restarts",
         f"{per_n('restarts')}; {budget.restarts_count} climbs"),
        ("T5-walk-p", "Task 5", f"A worse neighbour is accepted with probability {r.walk_p:g}",
         r.walk_p, budget.walk_p),
        ("T5-budget", "Task 5", "Random-walk iterations per n", stated(r.walk), per_n("walk")),
        ("T6-schedule", "Task 6",
         f"Annealing: T0 = {r.sa_t0:g}, T multiplied by {r.sa_cool:g} each iteration",
         f"{r.sa_t0:g}; {r.sa_cool:g}", f"{budget.sa_t0:g}; {budget.sa_cool:g}"),
        ("T6-budget", "Task 6", "Annealing iterations per n", stated(r.sa), per_n("sa")),
        ("T7-ga-design", "Task 7", f"GA: random start, '{r.ga_select:.0%} better' selection, "
         f"{r.ga_clone:.0%} clones, {r.ga_mutation:.0%} mutation per cell",
         f"{r.ga_select:.0%}; {r.ga_clone:.0%}; {r.ga_mutation:.0%}",
         f"beats 80% of the others (alt.: better 80%); clones {budget.ga_clone:g}; "
         f"mutation {budget.ga_mutation:g}; uniform crossover, no elitism"),
        ("T7-ga-sizes", "Task 7", f"GA population per n, {r.ga_generations} generations, "
         f"{r.runs} runs", f"{stated(r.ga_pop)}; {r.ga_generations} generations",
         f"{per_n('ga_pop')}; {budget.ga_generations} generations"),
        ("T7-budget", "Task 7", "GA population x generations equals the annealing iterations",
         "yes", "yes" if ga_ok else "no (a reduced budget)"),
        ("T7-curve-protocol", "Task 7", "GA curves: mean of every member per generation, then "
         "over the runs", "population mean", "curves.csv: population mean per generation"),
    ]
    for cid, sec, claim, paper, ours in rows:
        ledger.add(cid, sec, claim, V.design_input(fmt(ours), "a number the report sets; we "
                                                   "run it as stated"), paper=paper)
    return ledger


def checkpoints(budget: MazeBudget) -> list[tuple[str, int, int]]:
    """Every ``(algorithm, n, evaluations)`` the ledger reads before a run's end: both sides of
    each compared pair at their matched evaluations, and the plateau windows."""
    out: set[tuple[str, int, int]] = set()
    sizes = tuple(budget.sizes)

    def both(a: str, b: str, n: int) -> None:
        e = matched_evaluations(a, b, n, budget)
        for alg in (a, b):
            if e != evaluations(alg, n, budget):
                out.add((alg, n, e))

    for n in sizes:
        for better, worse in _pairs(n):
            both(better, worse, n)
        for v in ("strict", "ties"):
            for rival in _rivals(v):
                both("sa", rival, n)
            for alg in (f"hc_{v}", f"restarts_{v}"):
                for start in _windows(alg, n, budget).values():
                    out.add((alg, n, start + 1))
    return sorted(out)


def _pairs(n: int) -> list[tuple[str, str]]:
    """(better, worse) of every pair-ordering row at ``n``, both tie rules."""
    del n
    pairs = []
    for v in ("strict", "ties"):
        pairs += [(f"restarts_{v}", f"hc_{v}"), (f"restarts_{v}", f"walk_{v}"),
                  ("ga", f"hc_{v}"), ("ga", f"restarts_{v}"), ("ga", f"walk_{v}"),
                  ("sa", f"restarts_{v}")]
    return pairs + [("sa", "ga")]


def _rivals(tie: str) -> tuple[str, ...]:
    return (f"hc_{tie}", f"restarts_{tie}", f"walk_{tie}", "ga", "ga_top80")


PAIR_ROWS = [
    # (id stem, section, claim, paper, better, worse)
    ("T4-restarts-hc-{v}", "Task 4", "Restarts improve on plain hill climbing",
     "restarts improve hill climbing", "restarts_{v}", "hc_{v}"),
    ("T4-restarts-walks-{v}", "Task 4", "Random restarts end better than random walks",
     "restarts fared better than walks", "restarts_{v}", "walk_{v}"),
    ("T7-ga-hc-{v}", "Task 7", "The GA beats plain hill climbing",
     "GA better than the hill climbings", "ga", "hc_{v}"),
    ("T7-ga-restarts-{v}", "Task 7", "The GA beats hill climbing with random restarts",
     "GA better than the hill climbings", "ga", "restarts_{v}"),
    ("T7-ga-walk-{v}", "Task 7", "The GA beats hill climbing with random walks",
     "GA better than the hill climbings", "ga", "walk_{v}"),
]
# Hypotheses for a headline that goes against the report, by row family; each is worded as one
# because the notebook does not measure it. First where the best-so-far reading leans the
# claimed way (the statistic decides), then where both statistics go against the claim.
STATISTIC_HYPOTHESES = {
    "T7-ga": ("hypothesis: the report's GA, whose selection and crossover it leaves undefined, "
              "keeps a fitter population than our reading; ours loses what selection finds "
              "(no elitism, 2% mutation per cell), so its population mean stays far below its "
              "best member"),
}
TIE_HYPOTHESES = {
    "T4-restarts-hc": ("hypothesis: with ties accepted one long climb keeps crossing equal "
                       "scores (see T3-plateau-hc_ties), while ten short climbs restart from "
                       "random mazes"),
}


def _budget_note(runs: Runs, better: str, worse: str, n: int) -> str:
    if not _budgets_differ(runs, better, worse, n):
        return ""
    e = matched_evaluations(better, worse, n, runs.budget)
    return (f"budgets differ: {better} {evaluations(better, n, runs.budget):,} evaluations, "
            f"{worse} {evaluations(worse, n, runs.budget):,}; the matched readings compare both "
            f"after {e:,}")


def _means_note(runs: Runs, better: str, worse: str, n: int) -> str:
    ga = "; for the GA the population mean" if "ga" in (better, worse) else ""
    return (f"mean final score (incumbent as plotted{ga}) {better} {runs.mean(better, n)} vs "
            f"{worse} {runs.mean(worse, n)}; best-so-far {runs.mean(better, n, BEST)} vs "
            f"{runs.mean(worse, n, BEST)}")


def _tie_note(better: str, worse: str) -> str:
    if _tie(better, worse) == "ties":
        return ("this row's climber accepts ties, which the report's text argues against: its "
                "verdicts with the strict climber are in readings")
    return ""


def order_claims(ledger: Ledger, runs: Runs) -> Ledger:
    """Every ordering of two optimisers the report states, per tie rule and n, with readings."""
    sizes = tuple(runs.budget.sizes)
    for stem, section, text, paper, better_t, worse_t in PAIR_ROWS:
        for v in ("strict", "ties"):
            better, worse = better_t.format(v=v), worse_t.format(v=v)
            for n in sizes:
                head, alts = pair_readings(runs, better, worse, n)
                why = [_means_note(runs, better, worse, n), _budget_note(runs, better, worse, n),
                       _tie_note(better, worse)]
                if head.significant == "contradicted":
                    # the best mazes lean the claimed way: the statistic decides; else the climber
                    by = (STATISTIC_HYPOTHESES if alts[BEST].significant != "contradicted"
                          else TIE_HYPOTHESES)
                    why.append(next((h for k, h in by.items() if stem.startswith(k)), ""))
                ledger.add(f"{stem.format(v=v)}-n{n}", section,
                           f"{text} ({_TIE_LABEL[v]}), n = {n}", head,
                           paper=paper, why="; ".join(w for w in why if w),
                           reading=HEADLINE, readings=alts)
    for n in sizes:
        head, alts = pair_readings(runs, "sa", "ga", n)
        why = [_means_note(runs, "sa", "ga", n), _budget_note(runs, "sa", "ga", n)]
        ledger.add(f"T7-sa-ga-n{n}", "Task 7", f"Annealing beats the GA, n = {n}", head,
                   paper="GA not as good as annealing", why="; ".join(w for w in why if w),
                   reading=HEADLINE, readings=alts)
    sa_best_claims(ledger, runs)
    not_great_claim(ledger, runs)
    return ledger


def _best_of(runs: Runs, better: str, rivals: Sequence[str], n: int, stat: str,
             matched: bool) -> tuple[str, Evidence]:
    return V.weakest({r: order(runs, better, r, n, stat, matched) for r in rivals})


def _equal_alts(equal: pd.DataFrame, n: int) -> dict[str, Evidence]:
    """Annealing against its weakest rival with every optimiser at the same evaluations E(n)
    (the stored ``matched`` runs; the GA in its 'beats 80%' reading), per tie rule and
    statistic."""
    from puzzles.jumpmaze import matched as M

    e = M.stored_evaluations(equal, n)  # the stored runs' own E(n), at any notebook scale
    alts = {}
    for v in ("strict", "ties"):
        rivals = [r for r in _rivals(v) if r != "ga_top80"]
        for stat in M.STATS:
            label = ", ".join(x for x in (_TIE_LABEL["ties"] if v == "ties" else "",
                                          f"equal evaluations ({e:,})", stat) if x)
            alts[label] = V.weakest({r: M.equal_order(equal, "sa", r, n, stat)
                                     for r in rivals})[1]
    return alts


def sa_best_claims(ledger: Ledger, runs: Runs, equal: pd.DataFrame | None = None,
                   rewrite: bool = False) -> Ledger:
    """Task 6: annealing gives the best results at every size, against every other optimiser
    (both GA readings); it holds only if it holds against the weakest comparison. ``equal``:
    the stored runs at equal evaluations, read as further readings (``rewrite``: replace rows
    already in the ledger)."""
    for n in runs.budget.sizes:
        rival, head = _best_of(runs, "sa", _rivals("strict"), n, INCUMBENT, False)
        alts = {}
        for v in ("strict", "ties"):
            for matched in (False, True):
                for stat in (INCUMBENT, BEST):
                    if (v, matched, stat) == ("strict", False, INCUMBENT):
                        continue
                    label = ", ".join(x for x in (
                        _TIE_LABEL["ties"] if v == "ties" else "",
                        "matched evaluations" if matched else "", stat) if x)
                    alts[label] = _best_of(runs, "sa", _rivals(v), n, stat, matched)[1]
        if equal is not None:
            alts.update(_equal_alts(equal, n))
        # every rival family's evaluations (the tie rule and GA reading do not change them)
        gap = {_family(r): evaluations(r, n, runs.budget)
               for r in _rivals("strict") if _budgets_differ(runs, "sa", r, n)}
        why = [f"weakest comparison: {rival} (mean final {runs.mean(rival, n)} vs annealing "
               f"{runs.mean('sa', n)})"]
        if gap:
            why.append(f"budgets differ: annealing {evaluations('sa', n, runs.budget):,} "
                       "evaluations, " + ", ".join(f"{NAMES[f]} {e:,}" for f, e in gap.items())
                       + "; the matched readings compare each pair after the smaller number")
        ledger.add(f"T6-sa-best-n{n}", "Task 6",
                   f"Annealing gives the best results of all methods, n = {n}",
                   _named(rival, head), paper="annealing best at every size",
                   why="; ".join(w for w in why if w), reading=HEADLINE, readings=alts,
                   replace=rewrite)
    return ledger


def not_great_claim(ledger: Ledger, runs: Runs) -> Ledger:
    """Task 4: restarts are 'overall not too great': below annealing at every n."""
    sizes = tuple(runs.budget.sizes)

    def at_every_n(v: str, stat: str, matched: bool) -> tuple[str, Evidence]:
        label, ev = V.weakest({f"n = {n}": order(runs, "sa", f"restarts_{v}", n, stat, matched)
                             for n in sizes})
        return label, _named(label, ev)

    label, head = at_every_n("strict", INCUMBENT, False)
    alts = {BEST: at_every_n("strict", BEST, False)[1],
            f"{_TIE_LABEL['ties']}, {INCUMBENT}": at_every_n("ties", INCUMBENT, False)[1],
            f"{_TIE_LABEL['ties']}, {BEST}": at_every_n("ties", BEST, False)[1],
            f"matched evaluations, {INCUMBENT}": at_every_n("strict", INCUMBENT, True)[1],
            f"matched evaluations, {BEST}": at_every_n("strict", BEST, True)[1]}
    means = ", ".join(f"n = {n}: {runs.mean('restarts_strict', n)} vs {runs.mean('sa', n)}"
                      for n in sizes)
    budgets = ", ".join(f"n = {n}: {evaluations('restarts_strict', n, runs.budget):,} vs "
                        f"{evaluations('sa', n, runs.budget):,}" for n in sizes)
    ledger.add("T4-not-great", "Task 4",
               "Restarts are overall not very good: below annealing at every n", head,
               paper="restarts overall not too great",
               why=(f"mean final score restarts_strict vs annealing: {means}; the claim over "
                    f"every n rests on the weakest n ({label}); budgets differ (evaluations "
                    f"{budgets}): the matched readings read annealing after the restarts' "
                    "budget"),
               reading=HEADLINE, readings=alts)
    return ledger


def _windows(algorithm: str, n: int, budget: MazeBudget) -> dict[str, int]:
    """Where a window of a run starts (an iteration) for the plateau rows, by reading."""
    iters = int(getattr(budget, _family(algorithm))[n])
    if _family(algorithm) == "restarts":
        return {"later half": iters // 2, "last climb": iters * 9 // 10}
    out = {"later half": iters // 2}
    if iters > report().hc_plateau_after:  # the report's window at n = 7 (2/5 of its budget)
        out["after iteration 2000"] = report().hc_plateau_after
    elif iters * 2 // 5 not in out.values():
        out["after 2/5 of the budget"] = iters * 2 // 5
    return out


def _gain(runs: Runs, algorithm: str, n: int, start: int) -> tuple[np.ndarray, np.ndarray]:
    """Per run: the incumbent at iteration ``start`` and at the end (the same runs)."""
    return runs.at(algorithm, n, INCUMBENT, start + 1), runs.at(algorithm, n, INCUMBENT)


def _plateau(runs: Runs, algorithm: str, n: int, start: int) -> Evidence:
    """Our mean gain per run over the window against the report's 'flat': a mean gain of 0
    over its own 50 runs (a sample: it prints no spread, so the engine assumes ours)."""
    before, end = _gain(runs, algorithm, n, start)
    return V.estimate(Sample.of(end - before), Sample(0.0, report().runs), MARGINS.plateau)


def plateau_claims(ledger: Ledger, runs: Runs) -> Ledger:
    """Task 3: hill climbing plateaus (n = 7 after iteration 2000; n = 5, 9, 11 'fairly early',
    read as the later half): the mean gain over the window, per run, within the margin of 0."""
    for alg in ("hc_strict", "hc_ties"):
        v = alg.partition("_")[2]
        for n in runs.budget.sizes:
            wins = _windows(alg, n, runs.budget)
            if n == 7:
                cid, head_name = f"T3-plateau-{alg}", "after iteration 2000"
                claim = f"Hill climbing ({_TIE_LABEL[v]}) at n = 7 is flat after iteration 2000"
                paper = "a rather large plateau after iteration 2000 (no number)"
            else:
                cid, head_name = f"T3-plateau-{alg}-n{n}", "later half"
                claim = f"Hill climbing ({_TIE_LABEL[v]}) plateaus fairly early, n = {n}"
                paper = "plateaus fairly early (no number)"
            if head_name not in wins:
                ledger.add(cid, "Task 3", claim, V.not_comparable(kind="estimate"),
                           paper=paper, why=f"this budget ({runs.budget.hc[n]:,} iterations) "
                           "stops before the window the claim names")
                continue
            head = _plateau(runs, alg, n, wins[head_name])
            alts = {k: _plateau(runs, alg, n, s) for k, s in wins.items() if k != head_name}
            gains = {k: float(np.mean(np.subtract(*_gain(runs, alg, n, s)[::-1])))
                     for k, s in wins.items()}
            why = ("the report prints no number: 'flat' is read as a mean gain of 0 over its "
                   f"{report().runs} runs, within {MARGINS.plateau.text}; our mean gain "
                   + ", ".join(
                       f"{k} {fmt(g, 3)}" for k, g in gains.items()))
            if v == "ties":
                why += ("; this climber accepts ties, which the report's text argues against "
                        "(the strict rows are its reading)")
            ledger.add(cid, "Task 3", claim, head, paper=paper, why=why,
                       reading=head_name, readings=alts)
    return ledger


def no_plateau_claims(ledger: Ledger, runs: Runs) -> Ledger:
    """Task 4: restarts show 'not a real plateau': each run's incumbent still rises over the
    later half of its budget (paired: the same runs at two points; one-sided)."""
    for v in ("strict", "ties"):
        alg = f"restarts_{v}"
        for n in runs.budget.sizes:
            wins = _windows(alg, n, runs.budget)
            evs = {}
            for name, start in wins.items():
                before, end = _gain(runs, alg, n, start)
                evs[name] = V.with_kind(V.ordering(before, end, paired=True), "trend")
            rises = {name: int(np.sum(np.subtract(*_gain(runs, alg, n, s)[::-1]) > 0))
                     for name, s in wins.items()}
            gains = {name: fmt(float(np.mean(np.subtract(*_gain(runs, alg, n, s)[::-1]))), 3)
                     for name, s in wins.items()}
            why = "; ".join(f"{name}: mean gain {gains[name]}, rising in {rises[name]} of "
                            f"{len(_gain(runs, alg, n, wins[name])[0])} runs" for name in wins)
            why += ("; the restart incumbent (best finished climb) never falls, so a run either "
                    "rises or stays flat")
            if v == "ties":
                why += "; this climber accepts ties, which the report's text argues against"
            ledger.add(f"T4-no-plateau-{v}-n{n}", "Task 4",
                       f"Restarts ({_TIE_LABEL[v]}) still rise at the end, n = {n}",
                       evs["later half"], paper="not a real plateau shown", why=why,
                       reading="later half", readings={"last climb": evs["last climb"]})
    return ledger


def hc_poor_claim(ledger: Ledger, summary: pd.DataFrame) -> Ledger:
    """Task 3: plain hill climbing is 'not very good at improving puzzles'. Checked as: its mean
    final score stays below half of annealing's (the report's best method) at every n."""
    piv = summary.set_index(["algorithm", "n"])["mean_final"]
    sizes = sorted(summary["n"].unique())

    ratios = {alg: {n: float(piv[alg, n] / piv["sa", n]) for n in sizes}
              for alg in ("hc_strict", "hc_ties")}

    def text(alg: str) -> str:
        return ", ".join(f"n = {n}: {fmt(r, 2)}" for n, r in ratios[alg].items())

    def check(alg: str) -> Evidence:
        return V.qualitative(all(r < 0.5 for r in ratios[alg].values()),
                             f"final mean / annealing's: {text(alg)}",
                             f"{alg}'s mean final score below half of annealing's at every n")

    low = max(ratios["hc_strict"].values())
    high = min(ratios["hc_ties"].values())
    ledger.add("T3-hc-poor", "Task 3", "Plain hill climbing improves puzzles little on average",
               check("hc_strict"), paper="not very good at improving puzzles",
               why=("'little' is read as below half of annealing's mean final score; the "
                    f"ties-accepting climber's ratios are {text('hc_ties')}"
                    + (f", so any threshold between {fmt(low, 2)} and {fmt(high, 2)} gives the "
                       "same verdicts" if low < high else "")),
               reading=_TIE_LABEL["strict"], readings={_TIE_LABEL["ties"]: check("hc_ties")})
    return ledger


def local_max_claim(ledger: Ledger, maxima: pd.DataFrame) -> Ledger:
    """Task 3: the strict climber stops at a local maximum where 'all' neighbours are worse.
    ``maxima``: experiments.local_maxima_table (every one-jump neighbour of every final maze)."""
    d = maxima[maxima["algorithm"] == "hc_strict"].sort_values("n")
    runs, local, strict = int(d["runs"].sum()), int(d["local_maxima"].sum()), int(
        d["strict_maxima"].sum())
    equal = ", ".join(f"n = {r.n}: {fmt(r.mean_equal, 3)} of {r.neighbours}"
                      for r in d.itertuples())
    literal = V.qualitative(strict == runs, f"{strict} of {runs} final mazes have every "
                            f"neighbour worse; {local} of {runs} have none better",
                            "every one-jump neighbour of every strict climber's final maze "
                            "scored")
    weak = V.qualitative(local == runs, f"{local} of {runs} final mazes have no better "
                         "neighbour", "every one-jump neighbour of every strict climber's final "
                         "maze scored")
    ledger.add("T3-local-max", "Task 3",
               "Hill climbing stops at a local maximum where every one-jump change is worse",
               literal, paper="all puzzles one change away are worse",
               why=(f"{local} of {runs} final mazes are local maxima (no better neighbour), but "
                    f"most neighbours score the same (mean equal neighbours {equal}); the "
                    "strict climber stops because it also rejects equal scores, and with ties "
                    "accepted it keeps rising (T3-plateau-hc_ties); 'most of the space unsampled' "
                    "is not measured"),
               reading="every neighbour worse (the report's words)",
               readings={"no neighbour better (a local maximum)": weak})
    return ledger


def escape_claim(ledger: Ledger, escapes: pd.DataFrame) -> Ledger:
    """Task 5: accepting worse mazes lets the walk leave local maxima. Checked as: in most runs
    at every n the best-so-far rises after the walk first took a worse maze."""
    def check(alg: str) -> Evidence:
        d = escapes[escapes["algorithm"] == alg].sort_values("n")
        return V.qualitative(bool((2 * d["escaped"] > d["runs"]).all()),
                             ", ".join(f"n = {r.n}: {r.escaped} of {r.runs}"
                                       for r in d.itertuples()),
                             "runs whose best-so-far rose after the incumbent first fell "
                             "below it (per-run curves)")

    ledger.add("T5-escape", "Task 5", "Accepting worse changes lets the search leave local "
               "maxima", check("walk_strict"), paper="possible to escape local maxima",
               why=("read as: the walk took a worse maze and later went past the best it had "
                    "seen; whether each maze left was a local maximum is not checked (the "
                    "walks' mazes along the way are not kept)"),
               reading=_TIE_LABEL["strict"], readings={_TIE_LABEL["ties"]: check("walk_ties")})
    return ledger


def best_score_claim(ledger: Ledger, runs: Runs, n: int = 11) -> Ledger:
    """The report's 103-move puzzle: the best of its runs (five optimisers x 50 runs) against
    the best of as many draws from ours at its stated budgets (an extreme, never equality)."""
    methods = {"strict": ["hc_strict", "restarts_strict", "walk_strict", "sa", "ga"],
               "ties": ["hc_ties", "restarts_ties", "walk_ties", "sa", "ga"]}
    if n not in runs.budget.sizes:
        return ledger
    draws = report().runs * len(methods["strict"])

    def ev(algs: Sequence[str], k: int) -> Evidence:
        values = np.concatenate([runs.at(a, n, BEST) for a in algs])
        return V.extreme(values, report().best_score, k, "max", MARGINS.best_puzzle)

    top = {a: int(runs.at(a, n, BEST).max()) for a in sorted(set(sum(methods.values(), [])))}
    ledger.add("T8-best-103", "Best puzzle",
               f"The best n = {n} puzzle of the report's runs needs {report().best_score} moves",
               ev(methods["strict"], draws), paper=report().best_score,
               why=(f"the best run of each of our optimisers at n = {n}: " + ", ".join(
                   f"{a} {s}" for a, s in top.items()) + f"; none of our runs reaches "
                   f"{report().best_score}, which two equal samples of one distribution would "
                   "show half the time, so ranks alone cannot separate them; hypothesis: the "
                   "report's puzzle came from a "
                   "longer or differently tuned search than it states (our tuned annealer, "
                   "section 4.3, passes 103)"),
               reading=f"five optimisers x {report().runs} runs, strict",
               readings={f"five optimisers x {report().runs} runs, ties accepted":
                         ev(methods["ties"], draws),
                         f"annealing only ({report().runs} runs)": ev(["sa"], report().runs)})
    return ledger


def protocol_claims(ledger: Ledger, runs: Runs, summary: pd.DataFrame, maxima: pd.DataFrame,
                    escapes: pd.DataFrame) -> Ledger:
    """Every claim of Tasks 3-7 and the best puzzle, in the order of the report (the plateau
    rows come first, from :func:`plateau_claims`)."""
    budget_claims(ledger, runs.budget)
    hc_poor_claim(ledger, summary)
    local_max_claim(ledger, maxima)
    no_plateau_claims(ledger, runs)
    escape_claim(ledger, escapes)
    order_claims(ledger, runs)
    best_score_claim(ledger, runs)
    ties_claim(ledger, runs)
    return ledger


# --- beyond the report ---------------------------------------------------------------------------


def sa_frozen_claim(ledger: Ledger, frozen: int, iters: int) -> Ledger:
    """Beyond: the report's schedule stops accepting losses early."""
    ledger.add("B-sa-frozen", "Task 6",
               "T = 100 x 0.985^i accepts a one-point loss with probability below 0.001 from "
               "this iteration on", V.beyond(fmt(frozen), f"exp(-1/T) < 0.001, of {iters} at "
                                             "n=11"))
    return ledger


def ties_claim(ledger: Ledger, runs: Runs, n: int = 11) -> Ledger:
    """Beyond: the unstated tie rule matters more than the algorithm (not a claim of the
    report, which states no tie rule)."""
    if n not in runs.budget.sizes:
        return ledger
    strict, ties = runs.at("hc_strict", n), runs.at("hc_ties", n)
    above = int(np.sum(ties > strict.max()))
    ledger.add("B-ties", "Task 3", f"Accepting ties lifts hill climbing at n = {n}",
               V.beyond(f"mean final {fmt(ties.mean(), 4)} vs {fmt(strict.mean(), 4)}",
                        f"{above} of {ties.size} ties-accepting runs end above the best strict "
                        "run", uncertainty=f"ranges {fmt(ties.min())}-{fmt(ties.max())} vs "
                        f"{fmt(strict.min())}-{fmt(strict.max())}"))
    return ledger


def maxima_claims(ledger: Ledger, proofs: pd.DataFrame, best: Mapping[str, dict]) -> Ledger:
    """Proven maxima, refutations and the n^2 - 4 conjecture (``proofs``: proofs.csv rows)."""
    for _, row in proofs.sort_values(["n", "target_refuted"]).iterrows():
        n, t = int(row["n"]), int(row["target_refuted"])
        ledger.add(f"B-refute-n{n}-{t}", "Beyond: maxima",
                   f"No {n}x{n} maze needs {t} or more moves",
                   V.beyond(f"upper bound {t - 1}",
                            f"complete branch and bound, {int(row['nodes'])} nodes"))
    hold = [int(k) for k, v in best.items() if v["score"] == int(k) ** 2 - 4]
    proven = [int(k) for k, v in best.items()
              if v["proven_max"] is not None and v["proven_max"] == int(k) ** 2 - 4]
    ledger.add("B-conjecture", "Beyond: maxima",
               "Conjecture: the largest goal depth of an n x n maze is n^2 - 4 (n >= 4)",
               V.beyond(f"best found = n^2-4 at n = {', '.join(map(str, sorted(hold)))}; "
                        f"proven at n = {', '.join(map(str, sorted(proven)))}",
                        "witness mazes re-evaluated by BFS; maxima by complete search"))
    for k, v in best.items():
        ledger.add(f"B-best-n{k}", "Beyond: maxima", f"Deepest {k}x{k} maze found",
                   V.beyond(fmt(v["score"]), "re-evaluated by BFS",
                            uncertainty="proven maximum" if v["proven_max"] is not None
                            else f"upper bound {v['upper_bound']}"))
    return ledger


def bound_claims(ledger: Ledger, compare: pd.DataFrame) -> Ledger:
    """Beyond: how much the discoverable bound and the symmetry cut (``bound_comparison``)."""
    for _, row in compare.iterrows():
        first, both = int(row["nodes: first bound"]), int(row["nodes: both"])
        ledger.add(f"B-bound-n{int(row['n'])}", "Beyond: maxima",
                   f"Nodes to prove the n={int(row['n'])} maximum: first bound vs "
                   "discoverable bound with transpose symmetry",
                   V.beyond(f"{first} vs {both} ({fmt(both / first, 3)}x)",
                            "complete searches, node counts"))
    return ledger


def long_run_claims(ledger: Ledger, anneal: Mapping[str, dict]) -> Ledger:
    """Beyond: the stored tuned-annealer runs against the report's 103 (n = 11) and n^2 - 4."""
    for k, a in sorted(anneal.items(), key=lambda kv: int(kv[0])):
        ledger.add(f"B-anneal-n{k}", "Beyond: annealing",
                   f"Tuned annealer, {a['runs']} runs x {a['iters']} iterations at n={k}",
                   V.beyond(f"best {a['best_score']} (n^2-4 = {int(k) ** 2 - 4})",
                            "stored runs, grids re-evaluated by BFS",
                            uncertainty=f"runs {min(a['scores'])}-{max(a['scores'])}"))
    return ledger


def feasible(quality: pd.DataFrame, n: int) -> bool:
    """Whether the unconstrained best n x n maze (``quality``: quality_terms.csv rows named
    'best n=<n>') already has a unique shortest path and no black or white holes."""
    d = quality[quality["puzzle"] == f"best n={n}"]
    if d.empty:
        return False
    r = d.iloc[0]
    return bool(r["unique_path"]) and int(r["black_holes"]) == 0 and int(r["white_holes"]) == 0


def proven_constrained(maxima: pd.DataFrame | None) -> dict[str, int]:
    """Per n (as text), the constrained maxima ``designer_maxima.csv`` proves."""
    if maxima is None:
        return {}
    done = maxima.dropna(subset=["proven_max_constrained"])
    return {str(int(r.n)): int(r.proven_max_constrained) for r in done.itertuples()}


def designer_best(design: Mapping[str, dict], best: Mapping[str, dict],
                  quality: pd.DataFrame, maxima: pd.DataFrame | None = None
                  ) -> dict[str, dict]:
    """Per n: the designer's deepest feasible maze, the proven constrained maximum (``maxima``:
    ``designer_maxima.csv``; None where unproven) and the deepest feasible maze we know (the
    larger of those, and of the unconstrained best when it is itself feasible)."""
    proven = proven_constrained(maxima)
    out = {}
    for k, v in design.items():
        top = best.get(k)
        ok = top is not None and feasible(quality, int(k))
        known = max(v["score"], top["score"]) if ok else v["score"]
        out[k] = {"designer": int(v["score"]), "known": int(max(known, proven.get(k, 0))),
                  "unconstrained": None if top is None else int(top["score"]),
                  "unconstrained_feasible": ok, "proven": proven.get(k)}
    return out


def designer_claims(ledger: Ledger, design: Mapping[str, dict], best: Mapping[str, dict],
                    quality: pd.DataFrame, maxima: pd.DataFrame | None = None) -> Ledger:
    """Beyond: the deepest maze we know with a unique shortest path and no black or white
    holes, from the designer's runs, the exact constrained search (``maxima``) or, where it
    qualifies, the unconstrained best."""
    for k, d in designer_best(design, best, quality, maxima).items():
        if d["proven"] is not None:
            test = (f"the exact search under the designer's constraints proves {d['proven']} "
                    f"the deepest (designer_maxima.csv); the designer's own runs reach "
                    f"{d['designer']}")
        elif d["known"] > d["designer"]:
            test = (f"the unconstrained best ({d['known']}) has a unique shortest path and no "
                    f"holes (quality_terms.csv); the designer's own runs reach {d['designer']}")
        else:
            test = "the designer's runs, Neller's terms re-evaluated by BFS"
            if d["unconstrained"] is not None:
                test += f"; the unconstrained best ({d['unconstrained']}) is not feasible"
        ledger.add(f"B-designer-n{k}", "Beyond: designer",
                   f"Deepest {k}x{k} maze we know with a unique shortest path and no holes",
                   V.beyond(fmt(d["known"]), test))
    return ledger


# --- sentences for the notebook ------------------------------------------------------------------


def count_sentence(ledger: Ledger, prefix: str, what: str) -> str:
    """'<what>: holds at a of N sizes, inconclusive at b, reversed at c' (ids starting
    ``prefix``, headline verdicts), and how many verdicts change under another reading."""
    rows = [c for c in ledger if c.id.startswith(prefix)]
    if not rows:
        return PROSE.text("count_unchecked", what=what)
    k = {v: sum(c.verdict == v for c in rows)
         for v in ("reproduced", "inconclusive", "contradicted", "differs", "not comparable")}
    frame = ledger.frame()
    moved = int(depends_on_reading(frame[frame["id"].str.startswith(prefix)]).sum())
    return PROSE.text("count", what=what, rows=len(rows), reproduced=k["reproduced"],
                      inconclusive=k["inconclusive"], contradicted=k["contradicted"],
                      others="".join(f", {v} at {k[v]}" for v in ("differs", "not comparable")
                                     if k[v]), moved=moved)


def reading_evidence(ledger: Ledger) -> str:
    """Markdown: why the headline reading is the report's own, with the measured evidence."""
    r = report()
    parts = ["**The report's own reading.** "
             + PROSE.text("report_reading", runs=r.runs, after=r.hc_plateau_after)]
    s, t = ("T3-plateau-hc_strict", "T3-plateau-hc_ties")
    if s in ledger and t in ledger and ledger[s].verdict != "not comparable":
        parts.append(PROSE.text("reading_plateau", after=r.hc_plateau_after, strict=ledger[s].ours,
                                strict_verdict=ledger[s].verdict, ties=ledger[t].ours,
                                ties_verdict=ledger[t].verdict))
    if "T3-hc-poor" in ledger:
        parts.append(PROSE.text("reading_poor", readings=ledger["T3-hc-poor"].readings))
    parts.append(PROSE.text("reading_headline"))
    return " ".join(parts)


def reading_table(ledger: Ledger, prefixes: Sequence[str]) -> pd.DataFrame:
    """One line per ordering row: its headline verdict and its verdict under each reading."""
    rows = []
    for c in ledger:
        if not c.id.startswith(tuple(prefixes)) or not c.readings:
            continue
        row = {"id": c.id}
        for part in c.readings.split("; "):
            name, verdict = part.rsplit(": ", 1)
            row[name] = verdict
        rows.append(row)
    return pd.DataFrame(rows).fillna("").set_index("id")


def curves_sentence(summary: pd.DataFrame, n: int = 11) -> str:
    """Strict vs tie-accepting hill climbing at ``n`` (mean final score)."""
    piv = summary.set_index(["algorithm", "n"])["mean_final"]
    return PROSE.text("curves", n=n, strict=fmt(piv["hc_strict", n], 3),
                      ties=fmt(piv["hc_ties", n], 3))


def plateau_sentences(ledger: Ledger, summary: pd.DataFrame) -> str:
    """Markdown bullets: strict vs tie-accepting climbing, then every plateau row's verdict."""
    rows = [PROSE.text("plateau_row", claim=c.claim, ours=c.ours,
                       evidence=c.uncertainty or c.test, margin=c.margin, verdict=c.verdict)
            for c in ledger if c.id.startswith("T3-plateau")]
    return "\n".join([f"* {curves_sentence(summary)}.", *rows])


COUNTED = (("T4-restarts-walks-strict", "random restarts beat random walks (strict)"),
           ("T4-restarts-walks-ties", "random restarts beat random walks (ties accepted)"),
           ("T6-sa-best", "simulated annealing is the best algorithm"),
           ("T7-ga-hc-strict", "the GA beats strict hill climbing"),
           ("T7-ga-hc-ties", "the GA beats hill climbing with ties"),
           ("T7-ga-restarts-strict", "the GA beats random restarts (strict)"),
           ("T7-ga-walk-strict", "the GA beats random walks (strict)"),
           ("T7-sa-ga", "annealing beats the GA"))


def count_sentences(ledger: Ledger) -> str:
    """Markdown bullets: every ordering claim of the report, counted over the sizes."""
    return "\n".join(f"* {count_sentence(ledger, prefix, what)}." for prefix, what in COUNTED)


def best_sentence(ledger: Ledger) -> str:
    """The report's 103-move puzzle against the best of our runs."""
    t8 = ledger["T8-best-103"]
    return PROSE.text("best_row", claim=t8.claim, ours=t8.ours, test=t8.test,
                      uncertainty=t8.uncertainty, p=t8.p, p_adjusted=t8.p_adjusted,
                      verdict=t8.verdict)


def ga_sentence(curves: pd.DataFrame, at: int = 10) -> str:
    """How the two GA readings rise: population mean at generation 0, ``at`` and the end."""
    parts = []
    for alg in ("ga", "ga_top80"):
        d = curves[curves["algorithm"] == alg]
        if d.empty:
            continue
        bits = []
        for n, g in d.groupby("n"):
            s = g.set_index("iteration")["mean_score"]
            last = int(s.index.max())
            bits.append(PROSE.text("ga_bit", n=n, first=fmt(s.loc[0], 3), at=min(at, last),
                                   at_value=fmt(s.loc[min(at, last)], 3), last=last,
                                   last_value=fmt(s.loc[last], 3), peak=fmt(s.max(), 3)))
        parts.append(PROSE.text("ga_item", algorithm=alg, bits="; ".join(bits)))
    return "\n".join(parts)
