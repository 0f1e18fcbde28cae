"""Notebook 05's data layer: its budget and the names of its result files and stored runs.

It imports nothing of the family, so the experiments, the ledger and the paper all read their
knobs and file names from here (the paper module re-exports :class:`HypercubeBudget`).
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.core.paper import Budget, knob
from puzzles.core.project import ROOT


@dataclass(frozen=True)
class HypercubeBudget(Budget):
    """The knobs of notebook 05's experiments."""

    ea_runs: int = knob("EA runs per case", "runs")
    ea_pop: int = knob("EA population size N", "agents")
    ea_generations: int = knob("EA generation budget T", "generations")
    ea_alpha: float = knob("EA roulette weight alpha of the fitness (the rest: short histories)")
    ea_c: float = knob("Zipf exponent c of the number of rings one mutation moves")
    rl_runs: int = knob("RL runs per case", "runs")
    rl_episodes: int = knob("RL episodes per run", "episodes")
    rl_p_states: tuple[tuple[int, int], ...] = knob(
        "(d, P): states the backward BFS weights before the first episode (paper Sec. 4.1)",
        "states")
    rl_lr: float = knob("RL learning rate")
    rl_gamma: float = knob("RL discount, counted back from the end of an episode")
    rl_max_len: int = knob("an RL episode with no solution known yet is cut here (the "
                           "scripts have no cap)", "moves")
    astar_max_expanded: int = knob("A* gives up after this many expansions", "expansions")
    appendix_c: tuple[float, ...] = knob("Appendix A: the Zipf exponents c run on d=3 k=2 "
                                         "level 0 (on the authors' grid)")
    appendix_runs: int = knob("Appendix A: EA runs per value of c", "runs")
    chunk: int = knob("EA or RL runs per task (a unit of parallel work)", "runs")
    component_max_d: int = knob("components are measured for d up to this", "dimensions")
    gods_max_d: int = knob("God's number and the distance tables for 3 <= d <= this",
                           "dimensions")
    far_target: tuple[int, int] = knob("(d, k) of the target whose whole component the "
                                       "distances_d5k4 run walks")
    dense_d: int = knob("dimension of the dense-BFS runs: distances from the target for "
                        "3 <= d <= this, God's number over orbits for this d", "dimensions")
    dense_complete_k: tuple[int, ...] = knob("the k whose every orbit the gods_number run "
                                             "searches in dimension dense_d")
    bounded_cases: tuple[tuple[int, int], ...] = knob("(d, k) whose God's number the "
                                                      "gods_bounded run finds by bounds")
    bounded_max_searches: int = knob("searches the gods_bounded run may make per (d, k)",
                                     "searches")
    gods_orbits_k: tuple[int, ...] = knob("the k of dimension dense_d whose God's number the "
                                          "gods_orbits_all run bounds, one search at a time")
    gods_orbits_file: str = knob("where the gods_orbits_all run commits each search as it "
                                 "finishes and resumes from (relative to the repository; "
                                 "'': kept in memory, starting from none)")
    gods_sources: int = knob("gods_orbits_all: searches per pass of the multi-source BFS (one "
                             "bit per source; 1: one search at a time, the paper scale's: at "
                             "d = 5 a pass of 8 cost as much CPU as 8 searches)", "searches")
    gods_chunk_k: int = knob("gods_orbits_all: the one k of gods_orbits_k one invocation "
                             "extends (0: each of them)", cap=True)
    gods_chunk_searches: int = knob("gods_orbits_all: searches per k one invocation makes "
                                    "(0: until the bounds meet)", "searches", cap=True)
    gods_chunk_cpu_minutes: float = knob("gods_orbits_all: CPU minutes per k after which one "
                                         "invocation starts no further search (0: no limit)",
                                         "CPU minutes", cap=True)
    dense_orbits_run: int = knob("orbits the gods_orbits run searches for the other k "
                                 "(their largest eccentricity: a lower bound on God's "
                                 "number)", "orbits")
    pdb_case: tuple[int, int] = knob("heuristics_d5: (d, k) of the code levels and the "
                                     "hardest starts searched (the paper target's farthest, "
                                     "God's number's pair)")
    pdb_max_expanded: int = knob("heuristics_d5: A* gives up after this many expansions",
                                 "expansions")
    cpu_runs: int = knob("CPU orderings: EA and RL runs per timed measurement (the first "
                         "runs of Tables 4-5)", "runs")
    cpu_repeats: int = knob("CPU orderings: interleaved warm measurements per method and case",
                            "repeats")

    def p_states(self, d: int) -> int:
        """RL's P for dimension ``d``."""
        return dict(self.rl_p_states)[d]

    @classmethod
    def paper(cls) -> HypercubeBudget:
        """The paper's protocol: 150 runs, N = T = 1000, 1000 RL episodes."""
        return cls(ea_runs=150, ea_pop=1000, ea_generations=1000, ea_alpha=0.2, ea_c=1.8,
                   rl_runs=150, rl_episodes=1000, rl_p_states=((3, 100), (4, 100), (5, 100_000)),
                   rl_lr=0.05, rl_gamma=0.95, rl_max_len=10_000, astar_max_expanded=3_000_000,
                   appendix_c=(1.2, 1.4, 1.6, 1.8, 2.0, 2.6, 3.0, 4.0, 5.0, 6.0, 7.0),
                   appendix_runs=150, chunk=50, component_max_d=6, gods_max_d=4,
                   far_target=(5, 4), dense_d=5, dense_complete_k=(), dense_orbits_run=2,
                   bounded_cases=((5, 4),), bounded_max_searches=472,
                   gods_orbits_k=(1, 2, 3), gods_orbits_file=f"{FIGURES}/{ORBITS_D5}",
                   gods_sources=1, gods_chunk_k=0, gods_chunk_searches=0,
                   gods_chunk_cpu_minutes=0.0,
                   pdb_case=(5, 4), pdb_max_expanded=300_000,
                   cpu_runs=2, cpu_repeats=3)

    @classmethod
    def smoke(cls) -> HypercubeBudget:
        """Seconds for tests and the smoke run of the notebook."""
        return cls(ea_runs=4, ea_pop=60, ea_generations=40, ea_alpha=0.2, ea_c=1.8, rl_runs=4,
                   rl_episodes=20, rl_p_states=((3, 100), (4, 100), (5, 2000)), rl_lr=0.05,
                   rl_gamma=0.95, rl_max_len=2_000, astar_max_expanded=20_000,
                   appendix_c=(1.4, 1.8, 7.0), appendix_runs=4, chunk=4, component_max_d=4,
                   gods_max_d=3, far_target=(3, 2), dense_d=4, dense_complete_k=(3,),
                   dense_orbits_run=2, bounded_cases=((4, 2), (4, 3)), bounded_max_searches=27,
                   gods_orbits_k=(2, 3), gods_orbits_file="", gods_sources=3, gods_chunk_k=0,
                   gods_chunk_searches=0,
                   gods_chunk_cpu_minutes=0.0,
                   pdb_case=(3, 2), pdb_max_expanded=20_000, cpu_runs=1, cpu_repeats=3)


FIGURES = "figures/05_hypercube"  # the notebook's result folder, relative to the repository
ORBITS_D5 = "gods_orbits_d5.csv"  # the bounded searches of d = 5, one committed row each
DATA = "puzzles/hypercube/data"  # the package's stored data, relative to the repository
# the stored runs other experiments read, as absolute paths
BOUNDED_FILE = ROOT / FIGURES / "gods_bounded.csv"  # God's number by bounded searches
ORBIT_TIMES_FILE = ROOT / FIGURES / "timing_gods_orbits.csv"  # seconds of single orbit searches
ORBITS_D5_FILE = ROOT / FIGURES / ORBITS_D5  # python -m puzzles run 05 gods_orbits_all --store
D5_FILE = "distances_d5k4.csv"  # package data: python -m puzzles run 05 distances_d5k4 --store
# the EA and RL runs stored offline beyond Tables 4-5 (each experiment's name is its file's)
EXTRA_RUNS = ("ea_alpha07_runs", "ea_t3_runs", "rl_t3_runs", "ea_far_runs", "rl_far_runs")
STORED = (*((name, f"{FIGURES}/{name}.csv") for name in (*EXTRA_RUNS, "gods_number",
                                                           "gods_orbits", "gods_bounded",
                                                           "distances")),
          ("gods_orbits_all", f"{FIGURES}/{ORBITS_D5}"),
          ("heuristics_d5", f"{FIGURES}/heuristics_d5.csv"),
          ("distances_d5k4", f"{DATA}/{D5_FILE}"))
"""(experiment, file) of every run stored offline (``python -m puzzles run 05 <name> --store``)."""
