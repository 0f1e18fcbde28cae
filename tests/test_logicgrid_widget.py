"""The logic-grid game on the core Player: cells cycle by click, reset and undo redraw, hints
highlight clues, steps follow the solver, clues cross off, bad input is a message."""

from __future__ import annotations

import pytest

from puzzles.core.board import scene_png
from puzzles.core.game import Player
from puzzles.logicgrid.game import LogicGrid, Mark, examples, slides_example
from puzzles.logicgrid.hints import parse_puzzle
from puzzles.logicgrid.model import CLUE, MINI
from puzzles.logicgrid.reference import examples as slide_examples
from puzzles.logicgrid.scene import grid_text

HINTS = parse_puzzle(MINI, slide_examples()["Example Puzzle 1 (3x4)"]["clues"])


def _mark(b, cell: str) -> str:
    tag = b.element(cell)
    return tag.split('data-mark="')[1].split('"')[0]


def _player() -> tuple[Player, LogicGrid]:
    game = LogicGrid(MINI, HINTS)
    return Player(game), game


def test_click_cycles_blank_x_o_blank_and_reset_and_undo_redraw():
    p, _ = _player()
    b = p.board
    cells = [i for i in b.ids() if i.startswith("cell-")]
    assert len(cells) == 3 * 16
    c = cells[0]
    seen = []
    for _ in range(4):
        b.click(c)
        seen.append(_mark(b, c))
    assert seen == ["", "X", "O", ""]  # the first click only selects the cell
    b.click(c)
    b.click(cells[1])
    b.click(cells[1])
    b.press("reset")
    assert all(_mark(b, i) == "" for i in cells) and "restarted" in b.status
    assert "0 of 48 cells filled" in b.status
    b.press("undo")
    assert _mark(b, c) == "X" and _mark(b, cells[1]) == "X"
    b.press("redo")
    assert _mark(b, c) == ""


def test_hint_shows_step_fills_the_solvers_next_deduction_and_the_goal_is_reached():
    p, game = _player()
    b = p.board
    b.press("hint")
    assert b.status.split(" · ")[-1].startswith("hint: Loop 1") and 'data-highlight="1"' in b.svg
    first = game.plan[0]
    assert p.state.at(first.x, first.y) == 0  # a hint only shows
    b.press("step")
    cell = (f"cell-{first.x}-{first.y}" if f"cell-{first.x}-{first.y}" in b.ids()
            else f"cell-{first.y}-{first.x}")
    assert "because of" in b.status and _mark(b, cell) == "XO"[first.value - 1]
    if first.clue is not None:  # the clue behind the deduction stays highlighted
        assert f'data-id="clue-{first.clue}" data-highlight="1"' in b.svg
    for _ in range(len(game.plan) + 2):
        b.press("step")
    assert game.is_goal(p.state) and "solved in" in b.status
    first_cell = next(i for i in b.ids() if i.startswith("cell-")
                      and _mark(b, i) == "O")
    b.click(first_cell)  # select an O and clear it with space
    b.key(" ")
    assert _mark(b, first_cell) == "" and not game.is_goal(p.state)
    b.press("step")  # the step puts it back
    assert game.is_goal(p.state)


def test_wrong_marks_show_with_c_and_the_solver_repairs_them():
    p, game = _player()
    b = p.board
    x, y = next((x, y) for x, y in game.cells if game.answer[x, y] == 1)
    b.click(f"cell-{x}-{y}" if f"cell-{x}-{y}" in b.ids() else f"cell-{y}-{x}")
    b.key("o")  # an O where the solution has an X
    assert game.wrong(p.state) == [(x, y)] or game.wrong(p.state) == [(y, x)]
    assert "#f4b6b6" not in b.svg
    b.key("c")
    assert "#f4b6b6" in b.svg
    plan = game.solve(p.state)
    assert any((m.x, m.y) in ((x, y), (y, x)) and m.value == 1 for m in plan)
    state = p.state
    for m in plan:
        state = game.apply(state, m)
    assert game.is_goal(state)


def test_clues_cross_off_as_undoable_edits():
    p, _ = _player()
    b = p.board
    b.click("clue-2")  # the first click reads the clue and highlights it
    assert 'data-id="clue-2" data-highlight="1" data-crossed="0"' in b.svg
    assert "clue 3: " in b.status and "highlighted" in b.status
    b.click("clue-2")
    assert 'data-id="clue-2" data-highlight="1" data-crossed="1"' in b.svg
    assert "clue 3 crossed off" in b.status and p.actions == 2  # edits, undone like moves
    b.press("undo")
    assert 'data-crossed="1"' not in b.svg


def test_bad_input_is_a_message():
    p, game = _player()
    b = p.board
    b.key("x")
    assert b.message == "refused: click a cell (or press an arrow key) first"
    first = next(i for i in b.ids() if i.startswith("cell-"))
    b.click(first)
    b.key("q")
    assert b.message.startswith("refused: key 'q'")
    b.key("o")
    assert _mark(b, first) == "O"
    with pytest.raises(ValueError, match="no cell between entities 0 and 1"):
        game.apply(game.initial(), Mark(0, 1, 1))
    with pytest.raises(ValueError, match="a mark is 0"):
        game.apply(game.initial(), Mark(*game.cells[0], 3))
    with pytest.raises(ValueError, match="uniquely"):
        LogicGrid(MINI, HINTS[:2])


def test_headers_do_not_overlap_and_the_board_draws_as_png():
    p, game = _player()
    assert p.board.svg.count("rotate(-60") == 2 * 4  # every column header slanted
    assert scene_png(game.scene(game.initial(), p.view))[:4] == b"\x89PNG"


def test_examples_are_the_slides_puzzles_and_the_grid_prints_as_text():
    games = examples()
    assert [g.space for g in games] == [MINI, CLUE]
    g = slides_example("Difficulty only example")
    state = g.initial()
    for m in g.solve(state):
        state = g.apply(state, m)
    txt = grid_text(CLUE, g.answer)
    assert txt.count("O") == 4 * 6 and "." not in txt.split("\n", 1)[1]
    assert g.is_goal(state) and len(g.plan) == 96
