"""Notebook 01's ``PAPER``: the budget at both scales, the paper's numbers read from CSV, the
tasks' seeds (those of the committed runs) and the stored offline runs."""

from __future__ import annotations

import math

import pytest

from puzzles.catalogue import ROOT, entry
from puzzles.clockwork import reference
from puzzles.clockwork.dwp import DEFAULT
from puzzles.clockwork.paper import PAPER
from puzzles.core import derive_seed
from puzzles.core.storage import stored_command


def test_the_budget_keeps_the_values_of_both_scales():
    paper, smoke = PAPER.budgets("paper"), PAPER.budgets("smoke")
    assert (paper.runs, paper.R, paper.L, paper.P, paper.N) == (20, 15, 200, 28, 20_000)
    assert (paper.readings_runs, paper.exact_max_states, paper.b5_runs) == (20, math.inf, 200)
    assert (paper.algebra_pairs_max, paper.algebra_q_max) == (81, 600_000)
    assert (paper.ordering_runs, paper.sweep_instances, paper.sweep_runs, paper.sweep_N) == (
        200, 500, 50, 5_000)
    assert (smoke.runs, smoke.R, smoke.L, smoke.P, smoke.N) == (2, 15, 200, 28, 200)
    assert (smoke.readings_runs, smoke.exact_max_states, smoke.b5_runs) == (2, 10**8, 4)
    assert (smoke.algebra_pairs_max, smoke.algebra_q_max) == (24, 400)
    assert paper.ea() == DEFAULT and smoke.ea() == DEFAULT.but(N=200)


def test_the_paper_matches_its_catalogue_entry():
    e = entry("01")
    assert (PAPER.number, PAPER.stem, PAPER.family, PAPER.citation) == (
        e.number, e.stem, e.family, e.citation)


def test_the_papers_numbers_are_read_once_from_csv():
    tables = PAPER.reference("tables")
    assert len(tables) == 28 and tables["instance"].is_unique
    assert tables.set_index("instance").at["A5", "source"] == "Tables I and IV"
    # printed cells keep their defects; the numbers drop a stray ±
    assert reference.printed("A3")[3] == "13.3" and reference.printed("B3")[2] == "±55.4"
    assert reference.paper_value("B3", "length_mean") == 55.4
    assert reference.paper_value("C3", "iter_ci95") == 2315.3
    with pytest.raises(ValueError, match="not in the paper"):
        reference.paper_value("Z9", "iter_mean")
    with pytest.raises(ValueError, match="field"):
        reference.paper_value("A1", "median")
    assert reference.reachable()["E5"] == 3072 and reference.q_values()["E5"] == 6
    assert reference.figure_state("Fig. 2") == "3,010001101001"
    assert reference.protocol() == {"R": 15, "L": 200, "P": 28, "N": 20_000, "runs": 20}
    for name in ("tables", "reachable", "figures", "protocol"):
        assert "source" in PAPER.reference(name).columns


def test_tasks_carry_the_seeds_of_the_committed_runs():
    tasks = PAPER.tasks("tables", "paper")
    assert len(tasks) == 28 * 20
    t = tasks[21]
    assert (t.instance, t.run) == ("A2", 1)
    assert t.seed == derive_seed(2026, "dwp", "A2", 1)
    sweep = PAPER.tasks("random_instances", "paper")
    assert len(sweep) == 500 and sweep[7].seed == derive_seed(2026, "sweep", 7)
    # a calibration setting sees the main experiment's seeds, so its task's own seed only
    # names it; every task still has its own
    cal = PAPER.tasks("calibration", "paper")
    assert len(cal) == 16 * 28 and len({c.seed for c in cal}) == len(cal)


def test_every_stored_run_is_a_file_with_its_command():
    assert [n for n, _ in PAPER.stored] == ["ordering_runs", "calibration", "reading_runs",
                                            "random_instances", "states", "calibration_runs",
                                            "features", "paper_structure", "generated"]
    for name, _ in PAPER.stored:
        path = PAPER.stored_path(name, ROOT)
        assert path.is_file(), path
        assert stored_command(path) == f"python -m puzzles run 01 {name} --scale paper --store"
