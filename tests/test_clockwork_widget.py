"""Clockwork on the board: clicks by id change the scene, bad input is a status message."""

from __future__ import annotations

import pandas as pd
import pytest

from puzzles.clockwork import experiments as ex
from puzzles.clockwork import prose
from puzzles.clockwork.dwp import DEFAULT, decode_trace
from puzzles.clockwork.game import Clockwork, Position, examples
from puzzles.clockwork.instances import instance
from puzzles.clockwork.prose import PROSE
from puzzles.clockwork.widget import CrossoverView, RingStepper
from puzzles.core.board import scene_png
from puzzles.core.game import Player

HINT = 'stroke="#e8710a"'


def test_player_clicks_actions_undo_reset_and_hint():
    pl = Player(Clockwork({"B1": instance("B1"), "A4": instance("A4")}))
    b = pl.board
    assert "fitness 12" in b.status and b.ids()[:2] == ["light-0", "light-1"]
    assert b.element("light-0").count('fill="#8c8c8c"') == 1  # off
    for _ in range(12):
        b.click("action-0")  # (7, e0) twelve times solves B1
    assert "solved in 12 moves" in b.status and "moves 12" in b.status and ">solved<" in b.svg
    b.press("undo")
    assert "moves 11" in b.status and "fitness 1," in b.status
    b.press("hint")
    assert "hint: a0" in b.status and HINT in b.svg
    b.press("undo")  # the hint is cleared by undo ...
    assert "hint" not in b.status and HINT not in b.svg
    b.press("hint")
    b.press("reset")  # ... and by reset, itself an action undo takes back
    assert pl.state == pl.history[0].state and HINT not in b.svg and "restarted" in b.status
    b.key("1")
    lights = tuple(0 if i == 5 else 1 for i in range(12))  # (5, e0): turn 5, toggle light 5
    assert pl.state == Position("B1", (5, lights)) and "a1" in b.status


def test_choosing_another_instance_is_an_edit_undo_takes_back():
    pl = Player(Clockwork({"B1": instance("B1"), "A4": instance("A4")}))
    b = pl.board
    b.click("action-1")
    played = pl.state
    b.enter("instance", "A4")
    assert pl.state == Position("A4", instance("A4").initial) and "action-2" in b.ids()
    assert "A4: n=12, c=2, light 6 on" in b.status
    b.press("undo")
    assert pl.state == played and "action-2" not in b.ids()
    b.press("redo")
    assert pl.state.instance == "A4"


def test_player_steps_the_optimal_solver_to_the_goal():
    from puzzles.clockwork.search import shortest_solution

    p = instance("B1")
    pl = Player(Clockwork({"B1": p}))
    n = len(shortest_solution(p, p.initial))
    for _ in range(n):
        pl.board.press("step")
    assert f"moves {n} " in pl.board.status and f"solved in {n} moves" in pl.board.status
    pl.board.press("step")
    assert "solved already" in pl.board.status


def test_player_bad_input_keeps_working():
    pl = Player(Clockwork({"B1": instance("B1")}))
    b = pl.board
    b.key("7")
    assert b.message == "refused: action index 7 not in 0..1"
    b.key("q")
    assert b.message.startswith("refused: key 'q'")
    b.enter("instance", "Z9")
    assert "no instance named 'Z9'" in b.message
    b.click("action-0")
    assert "moves 1" in b.status


def test_examples_are_small_solvable_games_with_a_picture():
    for game in examples():
        start = game.initial()
        plan = game.solve(start)
        assert plan and not game.is_goal(start)
        state = start
        for move in plan:
            state = game.apply(state, move)
        assert game.is_goal(state)
        assert scene_png(game.scene(start, Player(game).view))[:4] == b"\x89PNG"


def test_ring_stepper_uses_the_ea_read_limit_and_stops_at_the_goal():
    p = instance("B1")
    ring = [15, 16, 0] + [1] * 12
    st = RingStepper(p, ring, 15)
    full = decode_trace(ring, 15, 2, L=DEFAULT.L, reading=DEFAULT.reading)
    assert st.trace == full[:len(st.trace)] and len(st.trace) <= len(full)
    b = st.board
    assert 'data-id="ring-0-0"' in b.svg and "reads 0 of" in b.status
    b.press("next")
    b.press("next")
    assert "reads 2 of" in b.status and "a0 a1" in b.status
    b.enter("read", "x")
    assert b.message.startswith("refused: reads must be a whole number")
    b.enter("read", str(len(st.trace)))
    assert "solved, reading stops here" in b.status


def test_crossover_view_clicks_move_the_cut_and_the_mutation():
    cv = CrossoverView(seed=3)
    b = cv.board
    assert 'data-cut="6"' in b.svg and "mutated entry 3" in b.status
    b.click("cut-2-0")
    assert 'data-cut="2"' in b.svg
    b.click("ring-4-9")
    assert "mutated entry 10" in b.status
    b.click("ring-0-1")
    assert b.message.startswith("refused: click between")
    b.press("new")
    assert cv.seed == 4 and 'data-cut="2"' in b.svg


def _runs(solved: list[bool]) -> pd.DataFrame:
    return pd.DataFrame({"instance": "C3", "run": range(len(solved)), "solved": solved,
                         "tournaments": [120 if s else 200 - i for i, s in enumerate(solved)],
                         "ring": [f"{i} 9" for i in range(len(solved))]})


def test_solving_ring_is_the_first_solving_runs_ring():
    assert ex.solving_ring(_runs([False, True, True]), "C3") == [1, 9]


def test_solving_ring_is_none_when_no_run_solved():
    assert ex.solving_ring(_runs([False, False]), "C3") is None


def test_solving_ring_refuses_an_instance_without_runs():
    with pytest.raises(ValueError, match="no run of instance 'C4'"):
        ex.solving_ring(_runs([True]), "C4")


def test_solving_example_prefers_the_instance_and_falls_back_to_a_solved_one():
    both = pd.concat([_runs([False, False]), _runs([False, True]).assign(instance="A1")])
    assert ex.solving_example(both, "A1") == ("A1", [1, 9])
    assert ex.solving_example(both, "C3") == ("A1", [1, 9])
    assert ex.solving_example(_runs([False, True, True]), "C3") == ("C3", [1, 9])
    with pytest.raises(ValueError, match="no run of any instance solved"):
        ex.solving_example(_runs([False, False]), "C3")


def test_no_solving_run_names_the_runs_and_their_budget():
    text = PROSE.text("no-solving-run", **prose.no_solving_run(_runs([False, False]), "C3"),
                      other="A1")
    assert "solved C3 (2 runs, none within 200 tournaments)" in text
    assert "a solving ring of A1 instead" in text
    with pytest.raises(ValueError, match="has a solving run"):
        prose.no_solving_run(_runs([False, True]), "C3")
