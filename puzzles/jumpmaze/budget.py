"""Notebook 03's budget and the report's protocol it starts from: the family's data layer.

``MazeBudget.paper()`` is the report's own protocol (its numbers read from
``reference/protocol.csv`` by :func:`report`, through :func:`puzzles.core.storage.reference_table`,
never through the paper) plus the notebook's runs beyond it; ``smoke()`` a few seconds of each.
``STORED`` names where each offline run's table is stored. Nothing here imports the family.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import pandas as pd

from puzzles.core.paper import Budget, knob
from puzzles.core.storage import reference_table

DATA = Path(__file__).parent
"""The family's package folder: ``paper_claims.csv``, ``reference/`` and ``data/``."""

STORED: tuple[tuple[str, str], ...] = tuple(
    (name, f"puzzles/jumpmaze/data/{name.replace('-', '_')}.csv") for name in (
        "long-anneal", "long-anneal-extra", "long-proofs", "long-bounds", "designer-runs",
        "offline-refutation", "matched", "size-estimates", "constrained-maxima"))
"""Offline runs: (experiment, path of its stored table relative to the project root)."""


# --- the report's protocol -----------------------------------------------------------------------


@dataclass(frozen=True)
class Report:
    """The report's protocol: budgets per n and the optimisers' parameters."""

    best_score: int  # the goal depth printed for its best puzzle
    runs: int  # runs per (algorithm, n)
    sizes: tuple[int, ...]
    hc: dict[int, int]  # iterations per run, by n
    restarts: dict[int, int]  # total iterations of the 10 climbs, by n
    walk: dict[int, int]
    sa: dict[int, int]
    restarts_count: int
    walk_p: float
    sa_t0: float
    sa_cool: float
    ga_pop: dict[int, int]
    ga_generations: int
    ga_mutation: float
    ga_clone: float
    ga_select: float
    hc_plateau_after: int  # Task 3's plateau "after the 2000th iteration" (n = 7)


def _protocol() -> pd.DataFrame:
    return reference_table(DATA, "protocol")


@cache
def report() -> Report:
    """The report's protocol, from ``reference/protocol.csv``."""
    table = _protocol()
    scalar = table[table["n"].isna()].set_index("parameter")["value"]
    per_n = table[table["n"].notna()]

    def by_n(name: str) -> dict[int, int]:
        rows = per_n[per_n["parameter"] == name]
        if rows.empty:
            raise ValueError(f"reference/protocol.csv has no rows {name!r}")
        return {int(n): int(v) for n, v in zip(rows["n"], rows["value"], strict=True)}

    hc = by_n("hc_iterations")
    return Report(
        best_score=int(scalar["best_score"]), runs=int(scalar["runs"]), sizes=tuple(hc),
        hc=hc, restarts=by_n("restarts_iterations"), walk=by_n("walk_iterations"),
        sa=by_n("sa_iterations"), restarts_count=int(scalar["restarts"]),
        walk_p=float(scalar["walk_p"]), sa_t0=float(scalar["sa_t0"]),
        sa_cool=float(scalar["sa_cool"]), ga_pop=by_n("ga_population"),
        ga_generations=int(scalar["ga_generations"]), ga_mutation=float(scalar["ga_mutation"]),
        ga_clone=float(scalar["ga_clone"]), ga_select=float(scalar["ga_select"]),
        hc_plateau_after=int(scalar["hc_plateau_after"]))


# --- the budget ----------------------------------------------------------------------------------


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
