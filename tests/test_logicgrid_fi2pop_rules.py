"""The FI-2Pop's rules, each pinned: roulette, mutation, elitism, fitness, and a committed run.

A one-line change to selection, replacement, mutation or the fitness fails one of these: the
small kernels are checked by their frequencies, the whole kernel by a paper-scale trial of the
committed notebook rerun from its seed.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from numba import njit
from scipy import stats

from puzzles.logicgrid import fi2pop
from puzzles.logicgrid.fi2pop import EXPERIMENTS, Experiment, run_experiment, run_trial
from puzzles.logicgrid.hints import from_array, to_dict
from puzzles.logicgrid.model import CLUE
from puzzles.logicgrid.paper import PAPER
from puzzles.logicgrid.solver import Shape

PUZZLES = Path(__file__).resolve().parents[1] / "figures" / "04_logic_grid" / "puzzles.json"


@njit  # no cache: a cached helper would keep a stale copy of the kernels it calls
def _roulette_counts(fit, reps):
    np.random.seed(11)
    idx = np.arange(fit.shape[0])
    out = np.zeros(fit.shape[0], dtype=np.int64)
    for _ in range(reps):
        out[fi2pop._roulette(idx, fit.shape[0], fit)] += 1
    return out


@njit
def _mutation_lengths(nh, add_rate, max_hints, reps):
    np.random.seed(5)
    out = np.zeros(max_hints + 1, dtype=np.int64)
    h = np.zeros((max_hints, 6), dtype=np.int64)
    for _ in range(reps):
        out[fi2pop.mutate(h, nh, add_rate, max_hints, Shape(4, 4, 3), False)] += 1
    return out


def test_roulette_picks_in_proportion_to_fitness_and_clips_negatives():
    counts = _roulette_counts(np.array([1.0, 2.0, 3.0, -5.0, 0.0]), 60_000)
    assert counts[3] == 0 and counts[4] == 0  # a weight at or below zero is never drawn
    assert stats.chisquare(counts[:3], 60_000 * np.array([1, 2, 3]) / 6).pvalue > 1e-3
    flat = _roulette_counts(np.zeros(4), 40_000)  # no positive weight: uniform
    assert stats.chisquare(flat).pvalue > 1e-3


def test_mutation_inserts_with_the_add_rate_else_deletes():
    out = _mutation_lengths(5, 0.3, 12, 50_000)
    assert out[6] + out[4] == 50_000
    assert stats.binomtest(int(out[6]), 50_000, 0.3).pvalue > 1e-3
    # one hint left: always insert; a full list that draws "add" deletes instead
    assert _mutation_lengths(1, 0.0, 12, 100)[2] == 100
    full = _mutation_lengths(12, 0.5, 12, 1000)
    assert full[11] == 1000


def test_elites_keep_the_best_of_each_population():
    """With two elites per population neither best fitness ever drops; without them it does."""
    r = run_experiment(Experiment(), 3, 60)
    best_f = r.best_feasible[~np.isnan(r.best_feasible)]
    assert best_f.size > 10 and (np.diff(best_f) >= 0).all()
    best_i = r.best_infeasible
    assert (np.diff(best_i) >= 0).all()
    drops = [np.nanmin(np.diff(run_experiment(Experiment(elites=0), s, 60).best_infeasible))
             for s in range(3)]
    assert min(drops) < 0


@pytest.mark.parametrize("name", ["hint size and difficulty", "difficulty only"])
def test_final_fitness_is_the_papers_formula(name):
    exp = EXPERIMENTS[name]
    r = run_experiment(exp, 8, 40)
    nh, loops = len(r.hints), r.loops
    if exp.fitness == "size_difficulty":
        want = 0.5 * min(loops, exp.loop_cap) / exp.loop_cap + 0.5 * (1 - nh / exp.divisor)
    else:
        want = float(loops)
    assert r.fitness == pytest.approx(want, abs=1e-12)


def test_fitness_caps_the_loops_at_loop_cap():
    # a cap of 1: the best puzzle's loops (3) exceed it, and count only up to it
    exp = Experiment(loop_cap=1)
    r = run_experiment(exp, 0, 40)
    nh, loops = len(r.hints), r.loops
    assert loops > exp.loop_cap
    assert r.fitness == pytest.approx(0.5 + 0.5 * (1 - nh / exp.divisor), abs=1e-12)


def test_a_committed_paper_scale_trial_reruns_exactly():
    """Trial 0 of the main experiment, from the seed the notebook derived, gives the committed
    puzzle: same clues, same loops, same fitness (any change to a rule moves at least one)."""
    committed = json.loads(PUZZLES.read_text(encoding="utf-8"))
    entry = next(e for e in committed
                 if e["experiment"] == "hint size and difficulty" and e["trial"] == 0)
    task = next(t for t in PAPER.tasks("trials", "paper", 2026)
                if t.experiment == "hint size and difficulty" and t.trial == 0 and not t.overrides)
    r = run_trial(task)
    assert r.loops == entry["loops"]
    assert round(r.fitness, 6) == entry["fitness"]
    hints = [to_dict(CLUE, h) for h in from_array(CLUE, r.hints)]
    assert hints == entry["hints"]
