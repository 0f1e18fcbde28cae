"""Notebook 01's paper: C. Gregor's clockwork puzzle, its budget, experiments and stored runs.

The budget (:class:`ClockworkBudget`) and the stored runs' files live in
:mod:`puzzles.clockwork.budget`, the family's bottom layer; they are imported here, so
``from puzzles.clockwork.paper import ClockworkBudget`` keeps working.

The notebook runs ``exact``, ``tables``, ``b5_from_a5`` and ``readings`` itself; the four
experiments that take minutes of CPU at paper scale run offline and are stored in
``puzzles/clockwork/data/`` (``python -m puzzles run 01 <experiment> --store``, the command
recorded in ``data/STORED.csv``): ``ordering_runs``, ``calibration``, ``reading_runs`` and
``random_instances``.
"""

from __future__ import annotations

from puzzles.clockwork import calibration as cal
from puzzles.clockwork import difficulty, hitting, refit, states, sweep
from puzzles.clockwork import experiments as ex
from puzzles.clockwork.budget import PACKAGE_DIR, STEM, STORED, ClockworkBudget
from puzzles.clockwork.ledger import EVIDENCE
from puzzles.core.paper import Experiment, Paper

PAPER: Paper[ClockworkBudget] = Paper(
    number="01", stem=STEM, family="clockwork",
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
    data=PACKAGE_DIR, evidence=EVIDENCE, stored=STORED,
    regenerates="Figs. 1-6, Tables I-VI (DWP EA), read-limit calibration, Kaplan-Meier hitting "
                "times, a difficulty model on 500 random instances")
