"""Rendering and the maze player widget, driven through widget values and clicks."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from puzzles.jumpmaze import model, plots, render, widget  # noqa: E402
from puzzles.jumpmaze import report as R  # noqa: E402


def test_player_follows_legal_clicks_to_the_goal():
    grid = R.report_puzzle()
    p = widget.MazePlayer(grid)
    b = p.view
    assert 'data-role="legal"' in b.element("cell-0-6")
    assert 'data-role="here"' in b.element("cell-0-0")
    b.click("cell-1-1")  # not a legal jump: refused, nothing moves
    assert p.position == (0, 0) and "not a legal jump" in b.status
    for cell in model.shortest_path(grid)[1:]:
        b.click(f"cell-{cell[0]}-{cell[1]}")
    assert p.solved and "goal reached in 103 moves" in b.status
    b.press("undo")
    assert p.position != (10, 10) and "moves made 102" in b.status
    b.press("reset")
    assert p.position == (0, 0) and len(p.path) == 1


def test_depths_are_on_the_cells_and_toggle():
    p = widget.MazePlayer(R.report_puzzle())
    b = p.view
    cell = b.element("cell-0-1")
    assert 'data-jump="4"' in cell and 'data-depth="46"' in cell
    assert 'data-depth="103"' in b.element("cell-10-10") and ">46<" in b.svg
    b.key("d")
    assert ">46<" not in b.svg
    b.key("d")
    assert ">46<" in b.svg
    assert b.svg.count('data-id="cell-') == 121  # drawn once


def test_hint_and_step_follow_a_shortest_path():
    grid = R.report_puzzle()
    p = widget.MazePlayer(grid)
    path = model.shortest_path(grid)
    p.view.press("hint")
    assert "hint: jump to" in p.view.status
    for _ in range(len(path) - 1):
        p.view.press("step")
    assert p.solved and "goal reached in 103 moves" in p.view.status
    p.view.press("step")
    assert "already on the goal" in p.view.status


def test_editing_a_jump_rescores_live_and_bad_jumps_are_refused():
    grid = R.report_puzzle()
    p = widget.MazePlayer(grid)
    b = p.view
    assert "score 103" in b.status
    b.press("edit")
    b.enter("jump", 3)
    assert b.status == "refused: click a cell to edit first (in edit mode)"
    b.click("cell-0-0")
    assert 'data-role="selected"' in b.element("cell-0-0") or p.position == (0, 0)
    b.enter("jump", 42)
    assert "takes a jump in 1..10" in b.status and p.grid[0, 0] == 6
    b.enter("jump", "ten")
    assert "whole number" in b.status
    b.enter("jump", 10)
    g2 = grid.copy()
    g2[0, 0] = 10
    assert f"score {model.score(g2)} " in b.status
    assert p.grid[0, 0] == 10 and 'data-jump="10"' in b.element("cell-0-0")
    b.click("cell-5-5")
    b.key("2")
    assert p.grid[5, 5] == 2
    b.click("cell-10-10")
    assert b.status == "refused: the goal has no jump to edit"
    b.key("x")
    assert b.status.startswith("refused: key 'x'")
    b.press("edit")
    b.click("cell-0-10")
    assert p.position == (0, 10)


def test_render_report_style():
    fig = render.draw_maze(R.report_puzzle(), path=model.shortest_path(R.report_puzzle()))
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert "G" in texts and "103" in texts and "-1" in texts
    plt.close(fig)
    html = render.maze_html(R.report_puzzle())
    assert ">G<" in html and "103" in html
    assert render.grid_text([[1, 1, 1], [1, 1, 1], [1, 1, 0]]).endswith("1 1 G")


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
        widget.MazePlayer([[1, 1, 1], [1, 1, 1], [1, 1, 1]])
