"""The committed paper-scale result files: every puzzle proven unique, fields as specified."""

from __future__ import annotations

import csv
import json

import pytest

from puzzles.catalogue import entry
from puzzles.logicgrid.count import count_solutions, solutions
from puzzles.logicgrid.hints import from_dict, parse_puzzle
from puzzles.logicgrid.model import CLUE, MINI, Category, Space, solution_rows
from puzzles.logicgrid.solver import solve

FIGURES = entry("04").figures
FIELDS = ["experiment", "trial", "categories", "hints", "text", "solution", "loops", "loops_sound",
          "loops_paper", "status_paper", "fitness"]


def _load(name):
    path = FIGURES / name
    if not path.exists():
        pytest.skip(f"{path} not generated yet")
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["puzzles.json", "mini_puzzles.json"])
def test_every_committed_puzzle_has_exactly_its_solution(name):
    puzzles = _load(name)
    assert puzzles
    for p in puzzles:
        assert list(p) == FIELDS
        cats = Space(tuple(Category(c["name"], tuple(c["entities"]), c["numeric"],
                                    "hour" if c["numeric"] else "") for c in p["categories"]))
        space = CLUE if cats.n == 4 else MINI
        assert cats.to_dict() == space.to_dict()
        hints = [from_dict(space, h) for h in p["hints"]]
        for h in p["hints"]:
            assert set(h) <= {"type", "a", "b", "c", "k", "first", "second"}
            if h["type"] == "before":
                assert h["k"] is None or isinstance(h["k"], int)
        assert parse_puzzle(space, p["text"]) == hints
        assert count_solutions(space, hints) == 1
        assert solutions(space, hints, 2) == [p["solution"]]
        solution_rows(space, p["solution"])
        res = solve(space, hints)
        assert res.solved and res.loops == p["loops"] == p["loops_sound"]
        paper = solve(space, hints, mode="paper")
        assert (paper.loops, paper.status) == (p["loops_paper"], p["status_paper"])
    if name == "puzzles.json":
        exps = [p["experiment"] for p in puzzles]
        assert exps.count("hint size and difficulty") == exps.count("difficulty only") == 30


def test_summary_has_the_required_columns():
    path = FIGURES / "summary.csv"
    if not path.exists():
        pytest.skip("summary.csv not generated yet")
    with open(path, encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    required = ["trials", "first_feasible_mean", "hints_mean", "loops_mean", "loops_paper_mean",
                "unique_share", "fitness_feasible_mean"]
    cols = list(rows[0])
    assert cols[1:8] == required
    assert all(f"paper_{c}" in cols for c in required if c != "loops_paper_mean")
    assert {r["experiment"] for r in rows} >= {"hint size and difficulty", "difficulty only"}
    assert all(float(r["unique_share"]) == 1.0 for r in rows)


def test_sound_solver_queue_of_the_committed_puzzles():
    # notebook 04's table of hints still queued at the start of each loop of our solver (the
    # 'hint size and difficulty' puzzles, summed by type): a hint leaves the queue once the
    # grid entails it
    from puzzles.logicgrid import experiments as ex

    recs = [{"experiment": p["experiment"], "_space": "clue", "loops": p["loops"],
             "_hints": [from_dict(CLUE, h) for h in p["hints"]]}
            for p in _load("puzzles.json")]
    table = ex.loop_table(recs, ex.MAIN[0], mode="sound")
    assert table.drop(columns="paper total").values.tolist() == [
        [1, 30, 7, 67, 48, 64, 216], [2, 0, 0, 65, 45, 61, 171], [3, 0, 0, 48, 34, 47, 129],
        [4, 0, 0, 32, 27, 27, 86], [5, 0, 0, 15, 15, 9, 39], [6, 0, 0, 1, 0, 2, 3]]
