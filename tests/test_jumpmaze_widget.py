"""Rendering and the maze player widget, driven through widget values and clicks."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from puzzles.jumpmaze import model, render, widget  # noqa: E402
from puzzles.jumpmaze import reference as R  # noqa: E402


def test_player_follows_legal_clicks_to_the_goal():
    grid = R.report_puzzle()
    p = widget.MazePlayer(grid)
    assert p.buttons[0][6].button_style == "success" and p.buttons[0][0].button_style == "warning"
    p.buttons[1][1].click()  # not a legal move: nothing happens
    assert p.position == (0, 0) and "not a legal move" in p.status.value
    for cell in model.shortest_path(grid)[1:]:
        p.buttons[cell[0]][cell[1]].click()
    assert p.solved and "goal reached in 103 moves" in p.status.value
    p.reset_button.click()
    assert p.position == (0, 0) and len(p.path) == 1


def test_depth_overlay_toggles_labels_and_picture():
    p = widget.MazePlayer(R.report_puzzle())
    assert p.buttons[0][1].description == "4"
    p.show_depths.value = True
    assert p.buttons[0][1].description == "4 (46)" and p.buttons[10][10].description == "G (103)"
    assert "103" in p.picture.value


def test_editing_a_jump_rescores_live():
    grid = R.report_puzzle()
    p = widget.MazePlayer(grid)
    assert "score 103" in p.status.value
    p.cell.value = (0, 0)
    assert list(p.jump.options) == list(range(1, 11)) and p.jump.value == 6
    p.jump.value = 10
    g2 = grid.copy()
    g2[0, 0] = 10
    assert f"score {model.score(g2)} " in p.status.value
    assert p.grid[0, 0] == 10 and p.buttons[0][0].description == "10"
    p.cell.value = (5, 5)
    assert p.jump.value == grid[5, 5] and list(p.jump.options) == [1, 2, 3, 4, 5]


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
        render.plot_curves(pd.DataFrame({"a": [1]}))
    with pytest.raises(ValueError, match="columns"):
        render.plot_final_distribution(pd.DataFrame({"a": [1]}))
    df = pd.DataFrame({"algorithm": ["x"] * 3, "n": [5] * 3, "iteration": [0, 1, 2],
                       "mean_score": [1.0, 2.0, 3.0]})
    plt.close(render.plot_curves(df, sizes=(5,)))


def test_player_rejects_bad_grid():
    with pytest.raises(ValueError, match="goal"):
        widget.MazePlayer([[1, 1, 1], [1, 1, 1], [1, 1, 1]])
