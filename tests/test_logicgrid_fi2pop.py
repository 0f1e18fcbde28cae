"""FI-2Pop runs, the result files' contents and the examples' drawing."""

from __future__ import annotations

import matplotlib
import numpy as np
import pytest
from numba import njit

matplotlib.use("Agg")

from puzzles.core.board import scene_png  # noqa: E402
from puzzles.logicgrid import experiments as ex  # noqa: E402
from puzzles.logicgrid.count import count_solutions  # noqa: E402
from puzzles.logicgrid.fi2pop import (  # noqa: E402
    EXPERIMENTS,
    Experiment,
    TrialTask,
    crossover,
    mutation_study,
    run_experiment,
    run_trial,
)
from puzzles.logicgrid.hints import from_dict, parse_puzzle  # noqa: E402
from puzzles.logicgrid.model import CLUE, MINI, solution_rows  # noqa: E402
from puzzles.logicgrid.paper import PAPER  # noqa: E402
from puzzles.logicgrid.reference import examples  # noqa: E402
from puzzles.logicgrid.scene import grid_scene, grid_text  # noqa: E402
from puzzles.logicgrid.solver import solve  # noqa: E402


def test_paper_scale_budget_is_the_papers():
    paper = PAPER.budgets("paper")
    assert (paper.trials, paper.generations, paper.generations_difficulty) == (30, 300, 2000)
    assert (paper.mini_trials, paper.mini_generations) == (5, 150)
    assert EXPERIMENTS["hint size and difficulty"].population == 50


def test_trials_are_deterministic_and_end_with_a_unique_puzzle():
    task = TrialTask("hint size and difficulty", 0, 40, root=1234)
    a, b = run_trial(task), run_trial(task)
    assert np.array_equal(a.hints, b.hints) and a.loops == b.loops
    assert np.array_equal(a.n_feasible, b.n_feasible)
    assert a.hints is not None and 0 <= a.first_feasible <= 40
    puzzles = ex.final_puzzles(ex.trial_records(ex.trials_table([task], [a])))
    assert puzzles[0]["_count"] == 1 and puzzles[0]["solution"] is not None
    assert a.tally["zero_solutions"] == 0 and a.tally["several_solutions"] == 0


def test_puzzles_json_entries_are_unique_and_match_their_solution():
    tasks = [TrialTask("difficulty only", t, 30, root=99) for t in range(2)]
    tasks += [TrialTask("mini 3x4", 0, 30, root=7)]
    table = ex.trials_table(tasks, [run_trial(t) for t in tasks])
    for entry in ex.puzzles_json(ex.final_puzzles(ex.trial_records(table))):
        assert set(entry) == {"experiment", "trial", "categories", "hints", "text", "solution",
                              "loops", "loops_sound", "loops_paper", "status_paper", "fitness"}
        space = MINI if len(entry["categories"]) == 3 else CLUE
        hints = [from_dict(space, h) for h in entry["hints"]]
        assert parse_puzzle(space, entry["text"]) == hints
        assert count_solutions(space, hints) == 1
        res = solve(space, hints)
        assert res.solved and res.loops == entry["loops"] == entry["loops_sound"]
        paper = solve(space, hints, mode="paper")
        assert (paper.loops, paper.status) == (entry["loops_paper"], entry["status_paper"])
        solution_rows(space, entry["solution"])
        from puzzles.logicgrid.count import solutions
        assert solutions(space, hints, 2) == [entry["solution"]]


def test_weak_feasibility_switch_and_mutation_study():
    r = run_experiment(Experiment(weak=True), 5, 20)
    assert r.tally["feasible"] == r.tally["solver_complete"]
    puzzle = np.array([h.row() for h in parse_puzzle(
        CLUE, examples()["Hint size and difficulty example"]["clues"])])
    share = mutation_study(CLUE, [puzzle], repeats=20, steps=3, seed=1)
    assert share.shape == (3,) and ((0 <= share) & (share <= 1)).all()


@pytest.mark.parametrize("kwargs, match", [
    ({"space": "huge"}, "space"), ({"fitness": "beauty"}, "fitness"),
    ({"crossover": 1.5}, "crossover"), ({"population": 3}, "population"),
    ({"init_min": 0}, "init_min"), ({"ablation": "none"}, "ablation"),
])
def test_bad_experiments_raise(kwargs, match):
    with pytest.raises(ValueError, match=match):
        Experiment(**kwargs)
    with pytest.raises(ValueError, match="unknown experiment"):
        TrialTask("nope", 0, 1)
    with pytest.raises(ValueError, match="ablation"):
        TrialTask("difficulty only", 0, 1, ablation="none")


def test_examples_table_and_render():
    examples = ex.example_puzzles()
    assert [e["count"] for e in examples] == [1, 1, 1]
    assert examples[0]["solution"] == examples[0]["published_solution"]
    table = ex.example_table(examples)
    assert list(table["solutions (exact count)"]) == [1, 1, 1]
    e = examples[1]
    png = scene_png(grid_scene(CLUE, e["result"].grid, e["hints"]))
    assert png[:4] == b"\x89PNG"
    txt = grid_text(CLUE, e["result"].grid)
    assert txt.count("O") == 4 * 6 and "." not in txt.split("\n", 1)[1]
    steps = ex.explanation("clue", e["hints"])
    assert len(steps) == 96 and steps["because"].str.len().min() > 0


@njit
def _crossed(seed: int, H: np.ndarray, ln: np.ndarray, p_cross: float):
    np.random.seed(seed)
    buf = np.zeros((2 * H.shape[1], 6), np.int64)
    kids = np.zeros((2, H.shape[1], 6), np.int64)
    kid_len = np.zeros(2, np.int64)
    crossover(H, ln, 0, 1, p_cross, buf, kids, kid_len)
    return kids, kid_len


def test_crossover_pools_both_parents_shuffles_and_halves():
    """Their crossover: concatenate both parents' hints, shuffle, cut at tot // 2; else copy."""
    H = np.zeros((2, 8, 6), np.int64)
    H[0, :3, 0] = [1, 2, 3]
    H[1, :4, 0] = [4, 5, 6, 7]
    ln = np.array([3, 4], np.int64)
    mixed = 0
    for seed in range(40):
        kids, kid_len = _crossed(seed, H, ln, 1.0)
        assert kid_len.tolist() == [3, 4]
        rows = sorted(kids[0, :3, 0].tolist() + kids[1, :4, 0].tolist())
        assert rows == [1, 2, 3, 4, 5, 6, 7]
        mixed += bool(set(kids[0, :3, 0].tolist()) & {4, 5, 6, 7})
    assert 20 <= mixed <= 40  # a shuffle puts a hint of parent b in child a almost always
    kids, kid_len = _crossed(0, H, ln, 0.0)
    assert kid_len.tolist() == [3, 4]
    assert kids[0, :3, 0].tolist() == [1, 2, 3] and kids[1, :4, 0].tolist() == [4, 5, 6, 7]
