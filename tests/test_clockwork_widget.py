"""Clockwork on the board: clicks by id change the scene, bad input is a status message."""

from __future__ import annotations

from puzzles.clockwork.dwp import DEFAULTS, decode_trace
from puzzles.clockwork.instances import instance
from puzzles.clockwork.widget import ClockworkPlayer, CrossoverView, RingStepper


def test_player_clicks_actions_undo_reset_and_hint():
    pl = ClockworkPlayer({"B1": instance("B1"), "A4": instance("A4")})
    b = pl.view
    assert "fitness: 12" in b.status and b.ids()[:2] == ["light-0", "light-1"]
    assert b.element("light-0").count('fill="#8c8c8c"') == 1  # off
    for _ in range(12):
        b.click("action-0")  # (7, e0) twelve times solves B1
    assert "solved" in b.status and "moves: 12" in b.status and "solved!" in b.svg
    b.press("undo")
    assert "moves: 11" in b.status and "fitness: 1" in b.status
    b.press("hint")
    assert "optimal next is a0" in b.status and 'stroke="#e8710a"' in b.svg
    b.press("undo")  # the hint is cleared by undo ...
    assert "hint" not in b.status and 'stroke="#e8710a"' not in b.svg
    b.press("hint")
    b.press("reset")  # ... and by reset
    assert "moves: 0" in b.status and 'stroke="#e8710a"' not in b.svg
    b.key("1")
    assert "moves: 1" in b.status and "played a1" in b.status
    b.enter("instance", "A4")
    assert "A4" in b.status and "action-2" in b.ids()


def test_player_steps_the_optimal_solver_to_the_goal():
    from puzzles.clockwork.search import shortest_solution

    p = instance("B1")
    pl = ClockworkPlayer({"B1": p})
    n = len(shortest_solution(p, p.initial))
    for _ in range(n):
        pl.view.press("step")
    assert f"moves: {n}," in pl.view.status and "solved" in pl.view.status
    pl.view.press("step")
    assert "step: already solved" in pl.view.status


def test_player_bad_input_keeps_working():
    pl = ClockworkPlayer({"B1": instance("B1")})
    b = pl.view
    b.key("7")
    assert b.status == "refused: action index 7 not in 0..1"
    b.key("q")
    assert b.status.startswith("refused: key 'q'")
    b.enter("instance", "Z9")
    assert "no instance named 'Z9'" in b.status
    b.click("action-0")
    assert "moves: 1" in b.status


def test_ring_stepper_uses_the_ea_read_limit_and_stops_at_the_goal():
    p = instance("B1")
    ring = [15, 16, 0] + [1] * 12
    st = RingStepper(p, ring, 15)
    full = decode_trace(ring, 15, 2, L=DEFAULTS["L"], reading=DEFAULTS["reading"])
    assert st.trace == full[:len(st.trace)] and len(st.trace) <= len(full)
    b = st.view
    assert 'data-id="ring-0-0"' in b.svg and "reads 0 of" in b.status
    b.press("next")
    b.press("next")
    assert "reads 2 of" in b.status and "a0 a1" in b.status
    b.enter("read", "x")
    assert b.status.startswith("refused: reads must be a whole number")
    b.enter("read", str(len(st.trace)))
    assert "solved, reading stops here" in b.status


def test_crossover_view_clicks_move_the_cut_and_the_mutation():
    cv = CrossoverView(seed=3)
    b = cv.view
    assert 'data-cut="6"' in b.svg and "mutated entry 3" in b.status
    b.click("cut-2-0")
    assert 'data-cut="2"' in b.svg
    b.click("ring-4-9")
    assert "mutated entry 10" in b.status
    b.click("ring-0-1")
    assert b.status.startswith("refused: click between")
    b.press("new")
    assert cv.seed == 4 and 'data-cut="2"' in b.svg
