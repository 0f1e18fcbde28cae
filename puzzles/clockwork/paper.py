"""Notebook 01's paper: C. Gregor's clockwork puzzle, its budget, experiments and stored runs.

The notebook runs ``exact``, ``tables``, ``b5_from_a5`` and ``readings`` itself; the four
experiments that take minutes of CPU at paper scale run offline and are stored in
``puzzles/clockwork/data/`` (``python -m puzzles run 01 <experiment> --store``, the command
recorded in ``data/STORED.csv``): ``ordering_runs``, ``calibration``, ``reading_runs`` and
``random_instances``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

from puzzles.clockwork import calibration as cal
from puzzles.clockwork import difficulty, hitting, refit, states, sweep
from puzzles.clockwork import experiments as ex
from puzzles.clockwork.dwp import EA
from puzzles.clockwork.ledger import EVIDENCE
from puzzles.clockwork.reference import protocol
from puzzles.core.paper import Budget, Experiment, Paper, knob


@dataclass(frozen=True)
class ClockworkBudget(Budget):
    """Runs, EA hyper-parameters and exact-search limits of notebook 01."""

    runs: int = knob("DWP runs per instance (Tables I-VI, each calibration setting)", "runs")
    R: int = knob("alternator ring entries", "entries")
    L: int = knob("read limit per ring", "reads")
    P: int = knob("population size", "rings")
    N: int = knob("tournaments before a run gives up", "tournaments")
    readings_runs: int = knob("runs per alternative reading of C2, C3 and C4", "runs")
    exact_max_states: float = knob("largest n c^n searched for a shortest solution (inf: all; "
                                   "smoke skips C6 and D3, whose searches take seconds)",
                                   "states")
    b5_runs: int = knob("runs of B5 from A5's state (the ledger's B5 as Section V defines it)",
                        "runs")
    algebra_pairs_max: int = knob("largest n c^n over which every pair of actions is checked "
                                  "(theory.py)", "states")
    algebra_q_max: int = knob("largest n c^n over which Section IV's Q statements are checked "
                              "(theory.py)", "states")
    ordering_runs: int = knob("runs per instance behind the orderings (stored offline)", "runs")
    sweep_instances: int = knob("random solvable instances of the sweep (stored offline)",
                                "instances")
    sweep_runs: int = knob("DWP runs per random instance", "runs")
    sweep_N: int = knob("tournaments before a sweep run gives up", "tournaments")
    states: int = knob("solvable states per noisy instance (states.csv; state 0 is the "
                       "table's)", "states")
    e_states: int = knob("solvable states per E instance (Q's trend over states)", "states")
    generated_count: int = knob("generated instances per difficulty band", "instances")
    generated_runs: int = knob("DWP runs per generated instance", "runs")
    sweep_checked: tuple[int, ...] = knob("sweep rows the notebook recomputes and compares "
                                          "with the stored ones", "ids")

    @classmethod
    def paper(cls) -> ClockworkBudget:
        """Section IV's protocol (``reference/protocol.csv``) and our full-size extras."""
        p = protocol()
        return cls(runs=p["runs"], R=p["R"], L=p["L"], P=p["P"], N=p["N"], readings_runs=20,
                   exact_max_states=math.inf, b5_runs=200, algebra_pairs_max=81,
                   algebra_q_max=600_000, ordering_runs=200, sweep_instances=500, sweep_runs=50,
                   sweep_N=5_000, sweep_checked=(0, 1, 2), states=30, e_states=40,
                   generated_count=20, generated_runs=20)

    @classmethod
    def smoke(cls) -> ClockworkBudget:
        """Seconds: the paper's EA with few runs and a budget of 200 tournaments."""
        return replace(cls.paper(), runs=2, N=200, readings_runs=2, exact_max_states=10**8,
                       b5_runs=4, algebra_pairs_max=24, algebra_q_max=400, ordering_runs=2,
                       sweep_instances=2, sweep_runs=3, sweep_N=200, sweep_checked=(2,),
                       states=2, e_states=2, generated_count=1, generated_runs=2)

    def ea(self) -> EA:
        """The EA's settings at this budget (the calibrated defaults for the rest)."""
        return EA(R=self.R, L=self.L, P=self.P, N=self.N)


DATA = Path(__file__).resolve().parent

PAPER: Paper[ClockworkBudget] = Paper(
    number="01", stem="01_clockwork", family="clockwork",
    citation="C. Gregor, *Measuring Difficulty of Novel Clockwork Puzzle Instances Using "
             "Evolutionary Algorithms*",
    budget=ClockworkBudget,
    experiments=(
        Experiment("exact", "Q, reachable states and the true shortest solution of the 28 "
                   "instances", ex.exact_tasks, ex.exact_task, ex.exact_table),
        Experiment("tables", "the DWP's runs of Tables I-VI", ex.tables_tasks, ex.dwp_run,
                   ex.runs_table),
        Experiment("b5_from_a5", "B5 from A5's state, as Section V defines it", ex.b5_tasks,
                   ex.dwp_run, ex.runs_table),
        Experiment("readings", "the DWP on the alternative readings of C2, C3 and C4",
                   ex.readings_tasks, ex.dwp_run, ex.runs_table),
        Experiment("ordering_runs", "200 runs per instance behind the ordering claims",
                   hitting.ordering_tasks, ex.dwp_run, hitting.ordering_table),
        Experiment("calibration", "every reading of the read limit, T and m, fitted to the "
                   "paper's tables", cal.calibration_tasks, cal.setting_runs,
                   cal.calibration_table),
        Experiment("reading_runs", "the runs of the default T and m under the other readings",
                   cal.reading_runs_tasks, cal.setting_runs, cal.reading_runs_table),
        Experiment("random_instances", "random solvable instances: exact features and the "
                   "DWP's effort", sweep.sweep_tasks, sweep.instance_task, sweep.sweep_table),
        Experiment("states", "every noisy instance over many solvable states",
                   states.experiment_tasks, states.state_runs, states.states_table),
        Experiment("calibration_runs", "every setting of the calibration, run by run",
                   refit.experiment_tasks, refit.cal_runs, refit.runs_table),
        Experiment("features", "the sweep instances' start structure and the EA's pilot",
                   difficulty.features_experiment_tasks, difficulty.feature_row,
                   difficulty.features_table),
        Experiment("paper_structure", "the paper instances' start structure and pilot",
                   difficulty.paper_structure_tasks, difficulty.paper_structure_row,
                   difficulty.paper_structure_table),
        Experiment("generated", "instances of requested predicted difficulty, checked by the EA",
                   difficulty.generated_tasks, difficulty.band_rows, difficulty.generated_table),
    ),
    data=DATA, evidence=EVIDENCE,
    stored=(("ordering_runs", "puzzles/clockwork/data/ordering_runs.csv"),
            ("calibration", "puzzles/clockwork/data/calibration.csv"),
            ("reading_runs", "puzzles/clockwork/data/reading_runs.csv"),
            ("random_instances", "puzzles/clockwork/data/random_instances.csv"),
            ("states", "puzzles/clockwork/data/states.csv"),
            ("calibration_runs", "puzzles/clockwork/data/calibration_runs.csv"),
            ("features", "puzzles/clockwork/data/instance_features.csv"),
            ("paper_structure", "puzzles/clockwork/data/paper_structure.csv"),
            ("generated", "puzzles/clockwork/data/generated.csv")))
