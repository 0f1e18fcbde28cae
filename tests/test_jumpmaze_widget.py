"""The maze game on the core Player (clicks, keys, buttons, fields), and the notebook's charts."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from puzzles.core.board import scene_png  # noqa: E402
from puzzles.core.game import Player  # noqa: E402
from puzzles.jumpmaze import model, plots  # noqa: E402
from puzzles.jumpmaze import report as R  # noqa: E402
from puzzles.jumpmaze.game import MazeGame, examples, path_to_goal  # noqa: E402


def _player() -> Player:
    return Player(MazeGame(R.report_puzzle()))


def test_player_follows_legal_clicks_to_the_goal():
    grid = R.report_puzzle()
    p = _player()
    b = p.board
    assert 'data-role="legal"' in b.element("cell-0-6")
    assert 'data-role="here"' in b.element("cell-0-0")
    b.click("cell-1-1")  # not a legal jump: refused, nothing moves
    assert p.state.position == (0, 0) and "not a legal jump" in b.message
    for cell in model.shortest_path(grid)[1:]:
        b.click(f"cell-{cell[0]}-{cell[1]}")
    assert p.game.is_goal(p.state) and "solved in 103 moves" in b.status
    b.press("undo")
    assert p.state.position != (10, 10) and "jumps 102" in b.status
    b.press("reset")
    assert p.state.position == (0, 0) and len(p.state.path) == 1
    b.press("undo")  # the reset is an action too
    assert len(p.state.path) == 103


def test_depths_are_on_the_cells_and_toggle():
    b = _player().board
    cell = b.element("cell-0-1")
    assert 'data-jump="4"' in cell and 'data-depth="46"' in cell
    assert 'data-depth="103"' in b.element("cell-10-10")
    assert ">46<" not in b.svg  # hidden by default: the depths give the way away
    b.key("d")
    assert ">46<" in b.svg
    b.key("d")
    assert ">46<" not in b.svg
    assert b.svg.count('data-id="cell-') == 121  # drawn once


def test_hint_and_step_follow_a_shortest_path():
    grid = R.report_puzzle()
    p = _player()
    path = model.shortest_path(grid)
    p.board.press("hint")
    assert "hint: jump to" in p.board.status
    hinted = [i for i in p.board.ids() if 'data-role="hint"' in p.board.element(i)]
    assert len(hinted) == 1 and hinted[0] in {"cell-0-6", "cell-6-0"}
    for _ in range(len(path) - 1):
        p.board.press("step")
    assert p.game.is_goal(p.state) and "solved in 103 moves" in p.board.status
    p.board.press("step")
    assert "solved already" in p.board.status


def test_the_solver_plays_a_shortest_path_from_anywhere():
    game = MazeGame(R.report_puzzle())
    assert len(game.solve(game.initial())) == 103
    path = model.shortest_path(R.report_puzzle())
    later = game.apply(game.apply(game.initial(), path[1]), path[2])
    assert len(game.solve(later)) == 101
    # a cell cut off from the goal (a black hole) has no plan; the goal itself an empty one
    grid = R.report_puzzle()
    holes = [(r, c) for r in range(11) for c in range(11) if path_to_goal(grid, (r, c)) is None]
    assert len(holes) == model.evaluate(grid).black_holes == 5
    assert path_to_goal(grid, (10, 10)) == []


def test_editing_a_jump_rescores_live_is_undoable_and_bad_jumps_are_refused():
    grid = R.report_puzzle()
    p = _player()
    b = p.board
    assert "score 103" in b.status
    b.press("edit")
    b.enter("jump", 3)
    assert b.message == "refused: click a cell to edit first (in edit mode)"
    b.click("cell-0-0")
    assert 'data-role="here"' in b.element("cell-0-0") and p.state.selected == (0, 0)
    b.enter("jump", 42)
    assert "takes a jump in 1..10" in b.message and p.state.grid[0, 0] == 6
    b.enter("jump", "ten")
    assert "whole number" in b.message
    b.enter("jump", 10)
    g2 = grid.copy()
    g2[0, 0] = 10
    assert f"score {model.score(g2)} " in b.status and "re-scored" in b.status
    assert p.state.grid[0, 0] == 10 and 'data-jump="10"' in b.element("cell-0-0")
    b.press("undo")  # an edit is undone like a move
    assert p.state.grid[0, 0] == 6 and "score 103" in b.status
    b.press("redo")
    assert p.state.grid[0, 0] == 10
    b.click("cell-5-5")
    b.key("2")
    assert p.state.grid[5, 5] == 2
    b.click("cell-10-10")
    assert b.message == "refused: the goal has no jump to edit"
    b.key("x")
    assert b.message.startswith("refused: key 'x'")
    b.press("edit")
    b.click("cell-0-10")
    assert p.state.position == (0, 10)


def test_examples_and_their_pictures():
    games = examples()
    assert [len(g.solve(g.initial())) for g in games] == [21, 103]
    png = scene_png(games[0].scene(games[0].initial(), Player(games[0]).view))
    assert png[:4] == b"\x89PNG"


def test_plots_validate_columns():
    with pytest.raises(ValueError, match="columns"):
        plots.plot_curves(pd.DataFrame({"a": [1]}))
    with pytest.raises(ValueError, match="columns"):
        plots.plot_final_distribution(pd.DataFrame({"a": [1]}))
    df = pd.DataFrame({"algorithm": ["x"] * 3, "n": [5] * 3, "iteration": [0, 1, 2],
                       "mean_score": [1.0, 2.0, 3.0]})
    plt.close(plots.plot_curves(df, sizes=(5,)))


def test_player_rejects_bad_grid():
    with pytest.raises(ValueError, match="goal"):
        MazeGame([[1, 1, 1], [1, 1, 1], [1, 1, 1]])


def test_board_pictures_come_from_the_scene_and_are_byte_stable(tmp_path):
    from puzzles.jumpmaze.scene import picture

    grid = R.report_puzzle()
    shown = plots.report_puzzle(grid, tmp_path)
    png = (tmp_path / "report_puzzle.png").read_bytes()
    assert png[:4] == b"\x89PNG" and shown.png == png and "score 103" in shown.alt
    plots.report_puzzle(grid, tmp_path / "again")
    assert (tmp_path / "again" / "report_puzzle.png").read_bytes() == png
    # the picture is the board's own drawing: the same cells, jumps and depths as the player's
    scene = picture([(grid, "title")], 1)
    board = MazeGame(grid).scene(MazeGame(grid).initial(), Player(MazeGame(grid)).view)
    assert scene.to_svg().count('data-depth="103"') == board.to_svg().count('data-depth="103"')
    texts = [body for tag, _, body in scene.items if tag == "text"]
    assert texts[0] == "title" and "G" in texts and "103" in texts and "-1" in texts
