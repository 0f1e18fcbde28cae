"""Notebook 03's paper: the Rook Jumping Maze report, its budget and its experiments.

``paper()`` is the report's own protocol (its numbers read from ``reference/protocol.csv``) plus
the notebook's runs beyond it; ``smoke()`` a few seconds of each. The offline runs (tens of CPU
minutes to hours) are experiments too: ``python -m puzzles run 03 <experiment> --store``
regenerates each stored table under ``puzzles/jumpmaze/data/`` (``STORED.csv`` names the command).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from puzzles.core.paper import Budget, Experiment, Paper, knob
from puzzles.jumpmaze import attained, estimate, exact, experiments, matched, offline
from puzzles.jumpmaze.ledger import EVIDENCE
from puzzles.jumpmaze.report import report


@dataclass(frozen=True)
class Anneal:
    """Runs of a geometric-schedule annealer at one n: ``runs`` x ``iters`` iterations, T from
    ``t_start`` down to ``t_end``."""

    runs: int
    iters: int
    t_start: float
    t_end: float


@dataclass(frozen=True)
class Refutation:
    """One exact search split over its top-level branches: refute ``target`` at ``n``, at most
    ``node_limit`` nodes per branch, the branches ``first`` started first."""

    n: int
    target: int
    node_limit: int
    first: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Estimates:
    """Knuth estimates of unfinished refutations: ``batches`` seeded batches of ``probes``
    probes per branch, for the open branches of the offline refutation and for every branch
    of each (n, target) in ``whole``."""

    probes: int
    batches: int
    whole: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class MazeBudget(Budget):
    """What notebook 03 runs: the report's protocol, live runs beyond it and the offline runs."""

    runs: int = knob("seeded runs per (algorithm, n)", "runs")
    sizes: tuple[int, ...] = knob("maze sizes of the report's protocol", "n")
    hc: dict[int, int] = knob("hill-climbing iterations per run, by n", "iterations")
    restarts: dict[int, int] = knob("iterations the restarts' climbs share, by n", "iterations")
    walk: dict[int, int] = knob("random-walk iterations per run, by n", "iterations")
    sa: dict[int, int] = knob("annealing iterations per run, by n", "iterations")
    restarts_count: int = knob("climbs per random-restarts run", "climbs")
    walk_p: float = knob("probability a walk takes a neighbour the climber rejects", "")
    sa_t0: float = knob("annealing's starting temperature", "score units")
    sa_cool: float = knob("annealing's cooling factor per iteration", "")
    ga_pop: dict[int, int] = knob("GA population, by n", "mazes")
    ga_generations: int = knob("GA generations per run", "generations")
    ga_mutation: float = knob("GA mutation probability per cell", "")
    ga_clone: float = knob("share of GA children that are clones", "")
    live_anneal: dict[int, Anneal] = knob("the tuned annealer run live, by n", "runs")
    exact_live: tuple[int, ...] = knob("sizes whose maximum the notebook proves live", "n")
    refute_live: tuple[int, ...] = knob("sizes where the notebook refutes n^2 - 2 live", "n")
    parallel_refutation: Refutation = knob("a refutation split over the worker pool", "")
    best_sizes: tuple[int, ...] = knob("sizes of the best-puzzle table", "n")
    live_design_n: int = knob("maze size of the designer's live runs", "n")
    live_design_iters: int = knob("iterations of each live designer run", "iterations")
    long_anneal: dict[int, Anneal] = knob("offline tuned-annealer runs, by n", "runs")
    long_anneal_extra: dict[int, Anneal] = knob("offline annealer runs made later, by n", "runs")
    long_proofs: dict[int, int] = knob("offline exact proofs: n -> the depth they start from "
                                       "(the long runs' best)", "moves")
    long_bounds: tuple[int, ...] = knob("sizes bounded offline by refuting downwards", "n")
    bound_node_limit: int = knob("node limit of each offline bounding search", "nodes")
    designer_runs: dict[int, Anneal] = knob("offline designer runs ('designer' objective), by n",
                                            "runs")
    offline_refutation: Refutation = knob("the offline refutation attempt", "")
    size_estimates: Estimates = knob("Knuth estimates of the unfinished refutations' sizes", "")
    constrained_targets: tuple[tuple[int, int], ...] = knob(
        "offline searches under the designer's constraints: (n, every depth from)", "n, moves")
    constrained_node_limit: int = knob("node limit of each constrained search", "nodes")

    @classmethod
    def paper(cls) -> MazeBudget:
        """The report's protocol exactly, and the notebook's own runs."""
        r = report()
        return cls(
            runs=r.runs, sizes=r.sizes, hc=dict(r.hc), restarts=dict(r.restarts),
            walk=dict(r.walk), sa=dict(r.sa), restarts_count=r.restarts_count, walk_p=r.walk_p,
            sa_t0=r.sa_t0, sa_cool=r.sa_cool, ga_pop=dict(r.ga_pop),
            ga_generations=r.ga_generations, ga_mutation=r.ga_mutation, ga_clone=r.ga_clone,
            live_anneal={11: Anneal(2, 4_000_000, 5.0, 0.3)},
            exact_live=(3, 4, 5, 6, 7), refute_live=(8, 9, 10, 11),
            parallel_refutation=Refutation(7, 46, 10**12),
            best_sizes=(5, 6, 7, 8, 9, 10, 11), live_design_n=7, live_design_iters=300_000,
            long_anneal={5: Anneal(2, 2_000_000, 3.0, 0.2), 7: Anneal(3, 20_000_000, 5.0, 0.3),
                         8: Anneal(3, 40_000_000, 5.0, 0.3), 9: Anneal(4, 60_000_000, 5.0, 0.3),
                         11: Anneal(4, 120_000_000, 5.0, 0.3)},
            long_anneal_extra={10: Anneal(2, 60_000_000, 5.0, 0.3)},
            long_proofs={5: 21, 7: 45}, long_bounds=(8, 9, 10, 11),
            bound_node_limit=1_000_000_000,
            designer_runs={n: Anneal(2, it, 3.0, 0.2) for n, it in (
                (5, 500_000), (6, 1_000_000), (7, 1_500_000), (8, 2_000_000), (9, 2_500_000),
                (10, 3_000_000), (11, 4_000_000))},
            offline_refutation=Refutation(8, 61, 300_000_000,
                                          ((3, 5), (3, 6), (4, 4), (4, 5), (4, 6))),
            size_estimates=Estimates(10_000, 4, ((9, 78),)),
            # from one above the designer's deepest feasible maze (19, 30, 43)
            constrained_targets=((5, 20), (6, 31), (7, 44)), constrained_node_limit=10**10)

    @classmethod
    def smoke(cls) -> MazeBudget:
        """A tenth of the local searches' iterations, tiny GA populations, seconds offline."""
        p = cls.paper()
        return replace(
            p, runs=3, hc={n: it // 10 for n, it in p.hc.items()},
            restarts={n: it // 10 for n, it in p.restarts.items()},
            walk={n: it // 10 for n, it in p.walk.items()},
            sa={n: it // 10 for n, it in p.sa.items()}, ga_pop={n: 6 for n in p.ga_pop},
            ga_generations=10, live_anneal={11: Anneal(1, 20_000, 5.0, 0.3)},
            exact_live=(3, 4, 5, 6), live_design_iters=5_000,
            long_anneal={5: Anneal(1, 20_000, 3.0, 0.2)},
            long_anneal_extra={6: Anneal(1, 20_000, 3.0, 0.2)},
            long_proofs={5: 15}, long_bounds=(5,), bound_node_limit=1_000,
            designer_runs={5: Anneal(1, 5_000, 3.0, 0.2)},
            offline_refutation=Refutation(6, 33, 10**6),
            size_estimates=Estimates(200, 2, ((6, 33),)),
            constrained_targets=((5, 20), (6, 32)), constrained_node_limit=10**6)


PAPER: Paper[MazeBudget] = Paper(
    number="03", stem="03_jumping_maze", family="jumpmaze",
    citation="Rook Jumping Maze report (solution to T. W. Neller's Model AI Assignment, 2010)",
    budget=MazeBudget,
    experiments=(
        Experiment("protocol", "the report's five optimisers, every run at every n",
                   experiments.protocol_tasks, experiments.protocol_run,
                   experiments.protocol_table),
        Experiment("live-anneal", "a short live run of the tuned annealer",
                   experiments.live_anneal_tasks, experiments.anneal_run,
                   experiments.anneal_table),
        Experiment("parallel-refutation", "one exact refutation split over the worker pool",
                   exact.parallel_tasks, exact.branch_run, exact.branch_table),
        Experiment("long-anneal", "the tuned annealer's long runs (offline)",
                   offline.long_anneal_tasks, experiments.anneal_run,
                   offline.long_anneal_table),
        Experiment("long-anneal-extra", "the tuned annealer's later long runs (offline)",
                   offline.long_anneal_extra_tasks, experiments.anneal_run,
                   offline.long_anneal_table),
        Experiment("long-proofs", "exact proofs of the long runs' maxima (offline)",
                   offline.proof_tasks, offline.proof_run, offline.proof_table),
        Experiment("long-bounds", "upper bounds by refuting downwards (offline)",
                   offline.bound_tasks, offline.bound_run, offline.bound_table),
        Experiment("designer-runs", "the designer's deepest feasible mazes (offline)",
                   offline.design_tasks, offline.design_run, offline.design_table),
        Experiment("offline-refutation", "an exact refutation at a node limit (offline)",
                   offline.refutation_tasks, exact.branch_run, offline.refutation_table),
        Experiment("matched", "every optimiser at the same number of evaluations (offline)",
                   matched.matched_tasks, matched.matched_worker, matched.matched_table),
        Experiment("size-estimates", "Knuth estimates of the unfinished refutations (offline)",
                   estimate.estimate_tasks, estimate.estimate_run, estimate.estimate_table),
        Experiment("constrained-maxima", "every maze of a depth checked for the designer's "
                   "constraints (offline)", attained.attained_tasks, attained.attained_run,
                   attained.attained_table),
    ),
    data=Path(__file__).parent, evidence=EVIDENCE,
    stored=tuple((name, f"puzzles/jumpmaze/data/{name.replace('-', '_')}.csv") for name in (
        "long-anneal", "long-anneal-extra", "long-proofs", "long-bounds", "designer-runs",
        "offline-refutation", "matched", "size-estimates", "constrained-maxima")),
)
