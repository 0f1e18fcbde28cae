"""One conformance test for every family of the catalogue (the toy Lights Out among them).

A family passes when its budget sets and documents every field at both scales, every
experiment runs at smoke scale, every claim of its inventory has a row in its committed
paper-scale ledger, and every example game replays its own
solver's solution to the goal, refuses an illegal move with a message, draws its scene and
plays through the core ``Player`` (undo and redo included).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import pickle
from pathlib import Path

import pytest

from puzzles.catalogue import CATALOGUE, ROOT
from puzzles.core.board import scene_png
from puzzles.core.claims import FILE_NAME, coverage, load
from puzzles.core.game import Game, Player
from puzzles.core.paper import Budget, Paper
from puzzles.core.runner import task_cache_path

FAMILIES = [e.family for e in CATALOGUE]


def _family(name: str):
    """(PAPER, example games) of a family."""
    paper = importlib.import_module(f"puzzles.{name}.paper").PAPER
    games = importlib.import_module(f"puzzles.{name}.game").examples()
    return paper, games


ALL = FAMILIES


@pytest.mark.parametrize("name", ALL)
def test_paper_budget_sets_and_documents_every_field_at_both_scales(name: str) -> None:
    paper, _ = _family(name)
    assert isinstance(paper, Paper)
    assert issubclass(paper.budget, Budget) and dataclasses.is_dataclass(paper.budget)
    assert paper.budget.__dataclass_params__.frozen
    for scale in ("paper", "smoke"):
        b = paper.budgets(scale)
        assert isinstance(b, paper.budget)
        for f in dataclasses.fields(b):
            assert f.metadata.get("doc"), f"{name}: budget field {f.name} has no doc"
            assert getattr(b, f.name) is not None, f"{name}: {f.name} unset at {scale}"
    assert paper.budgets("paper") != paper.budgets("smoke")
    with pytest.raises(ValueError, match="unknown scale"):
        paper.budgets("huge")


@pytest.mark.parametrize("name", ALL)
def test_every_experiment_runs_at_smoke_scale_and_is_seed_determined(name: str,
                                                                     tmp_path: Path) -> None:
    paper, _ = _family(name)
    assert paper.experiments, f"{name} has no experiment"
    for exp in paper.experiments:
        tasks = paper.tasks(exp.name, "smoke")
        assert tasks, f"{name}: {exp.name} has no task at smoke scale"
        assert len({t.key for t in tasks}) == len(tasks), f"{name}: {exp.name} repeats a key"
        assert len({t.seed for t in tasks}) == len(tasks), f"{name}: {exp.name} repeats a seed"
        assert all(dataclasses.is_dataclass(t) and t.__dataclass_params__.frozen for t in tasks)
        other = paper.tasks(exp.name, "smoke", seed=7)
        assert [t.seed for t in other] != [t.seed for t in tasks]
        cache = tmp_path / exp.name.replace(" ", "_")
        table = paper.run(exp.name, "smoke", workers=1, progress=False, cache_dir=cache)
        assert len(table) > 0, f"{name}: {exp.name} gave an empty table"
        # Resumed from the cache, the table is the same; seed-determined: the first task
        # computed afresh equals its cached result (once per experiment, not every task twice).
        assert table.equals(paper.run(exp.name, "smoke", workers=1, progress=False,
                                      cache_dir=cache))
        cached = pickle.loads(task_cache_path(cache, exp.worker, tasks[0]).read_bytes())
        fresh = exp.worker(tasks[0])
        assert exp.table(tasks[:1], [fresh]).equals(exp.table(tasks[:1], [cached])), (
            f"{name}: {exp.name}'s first task is not seed-determined")
    with pytest.raises(ValueError, match="no experiment"):
        paper.experiment("no such experiment")


@pytest.mark.parametrize("name", ALL)
def test_every_claim_of_the_inventory_has_evidence(name: str) -> None:
    paper, _ = _family(name)
    claims = paper.claims()
    assert len(claims) > 0
    # the committed paper-scale ledger; the smoke-scale one needs a smoke run (test_notebooks)
    frame = load(ROOT / "figures" / paper.stem / f"{FILE_NAME}.csv")
    cov = coverage(frame, claims)
    assert cov.complete, cov


@pytest.mark.parametrize("name", ALL)
def test_every_example_game_replays_its_solution_and_refuses_an_illegal_move(name: str
                                                                             ) -> None:
    _, games = _family(name)
    assert games, f"{name} has no example game"
    for game in games:
        assert isinstance(game, Game)
        state = game.initial()
        plan = game.solve(state)
        assert plan is not None and not game.is_goal(state), f"{name}: example not solvable"
        for move in plan:
            state = game.apply(state, move)
        assert game.is_goal(state), f"{name}: the solver's moves do not reach the goal"
        with pytest.raises(ValueError) as err:
            game.apply(game.initial(), game.illegal(game.initial()))
        assert len(str(err.value)) > 10, f"{name}: an illegal move needs a reason"
        assert scene_png(game.scene(game.initial(), Player(game).view))[:4] == b"\x89PNG"


@pytest.mark.parametrize("name", ALL)
def test_the_core_player_plays_every_game_to_the_goal_with_undo_and_redo(name: str) -> None:
    _, games = _family(name)
    game = games[0]
    p = Player(game)
    start = p.state
    p.board.press("step")
    first = p.state
    assert first != start or game.is_goal(first)
    p.board.press("undo")
    assert p.state == start
    p.board.press("redo")
    assert p.state == first
    p.board.press("reset")
    assert p.state == start and p.actions == 2  # the reset is itself an undoable action
    p.board.press("undo")
    assert p.state == first
    for _ in range(10_000):
        if game.is_goal(p.state):
            break
        p.board.press("step")
    assert game.is_goal(p.state)
    assert "solved" in p.board.status
    status = p.board.status
    p.board.key("\x00")
    assert p.board.message.startswith("refused:")
    assert p.board.status == status  # a refusal never replaces the status line


def _defines(path: Path, names: set[str]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree)
            if isinstance(n, ast.FunctionDef | ast.ClassDef) and n.name in names}


@pytest.mark.parametrize("name", FAMILIES)
def test_no_family_keeps_its_own_history_or_undo(name: str) -> None:
    for path in (ROOT / "puzzles" / name).glob("*.py"):
        assert not _defines(path, {"undo", "redo"}), f"{path.name} defines its own undo"


def test_prose_fills_every_placeholder_and_refuses_missing_or_unused_values() -> None:
    from puzzles.core.prose import Prose

    prose = Prose("puzzles.lightsout")
    assert prose.text("presses", mean=4.4861, n=2000) == (
        "A random board needed **4.49** presses on average over 2000 boards.")
    with pytest.raises(ValueError, match=r"missing values \['n'\]"):
        prose.text("presses", mean=4.5)
    with pytest.raises(ValueError, match=r"unused \['extra'\]"):
        prose.text("presses", mean=4.5, n=1, extra=0)
    with pytest.raises(ValueError, match="no template"):
        prose.text("nothing")


def test_store_writes_the_table_and_indexes_it_with_its_command(tmp_path: Path) -> None:
    import pandas as pd

    from puzzles.core.paper import run_command
    from puzzles.core.storage import store, stored_command
    from puzzles.lightsout.paper import PAPER

    cmd = run_command(PAPER, "random boards")
    assert cmd == "python -m puzzles run 00 'random boards' --scale paper --store"
    a = store(pd.DataFrame({"x": [1, 2]}), tmp_path / "a.csv", cmd, {"wall_seconds": 3.5})
    store(pd.DataFrame({"y": [0.5]}), tmp_path / "b.csv", "make b")
    assert a.read_text() == "x\n1\n2\n"
    index = pd.read_csv(tmp_path / "STORED.csv")
    assert list(index["file"]) == ["a.csv", "b.csv"]
    assert index.loc[0, "wall_seconds"] == 3.5 and pd.isna(index.loc[1, "wall_seconds"])
    assert stored_command(tmp_path / "b.csv") == "make b"
    store(pd.DataFrame({"x": [3]}), tmp_path / "a.csv", cmd)  # a rerun replaces its line
    index = pd.read_csv(tmp_path / "STORED.csv")
    assert len(index) == 2 and "wall_seconds" in index.columns
    with pytest.raises(ValueError, match="not recorded"):
        stored_command(tmp_path / "c.csv")


@pytest.mark.parametrize("name", FAMILIES)
def test_each_paper_is_its_catalogue_entry(name: str) -> None:
    from puzzles.catalogue import paper

    entry = next(e for e in CATALOGUE if e.family == name)
    p = paper(entry.number)
    assert (p.number, p.stem, p.family, p.citation) == (entry.number, entry.stem, entry.family,
                                                        entry.citation)
