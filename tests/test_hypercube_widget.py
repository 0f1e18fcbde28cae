"""Render and the hypercube board widget, driven by clicks by id."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from puzzles.hypercube.instances import INSTANCES, instance  # noqa: E402
from puzzles.hypercube.render import draw, layout, to_png  # noqa: E402
from puzzles.hypercube.widget import PuzzleWidget  # noqa: E402


@pytest.mark.parametrize("d", [2, 3, 4, 5, 6])
def test_layout_has_distinct_vertices(d):
    pos = layout(d)
    assert pos.shape == (1 << d, 2)
    assert len({tuple(np.round(p, 6)) for p in pos}) == 1 << d


def test_draw_returns_png():
    inst = instance(4, 0)
    png = to_png(draw(inst.puzzle(3), inst.start(3), selected=0, highlight=(0, 2)))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_widget_plays_refuses_undoes_and_steps():
    w = PuzzleWidget(instance(3, 0), k=2)
    b = w.board
    assert w.config == (6, 1, 4, 5) and 'data-vertex="6"' in b.element("ring-0")
    b.click("ring-1")
    assert 'data-selected="1"' in b.element("ring-1") and "purple selected" in b.status
    b.click("vertex-6")  # a ring's vertex picks up that ring (green)
    assert 'data-selected="1"' in b.element("ring-0")
    assert 'data-legal="1"' in b.element("vertex-2") and 'data-legal="0"' in b.element("vertex-0")
    assert w.move(0, 2) and w.config == (2, 1, 4, 5)
    w.undo()
    try:
        w.move(0, 4)  # red is there
    except ValueError as err:
        assert "occupied" in str(err)
    else:
        raise AssertionError("a move onto an occupied vertex went through")
    b.click("vertex-0")  # green (on 6) may not go to 0: every 2-face holds another ring
    assert b.status.startswith("refused: every 2-face through 6 and 0 holds another ring")
    assert w.config == (6, 1, 4, 5)
    b.click("vertex-2")
    assert w.config == (2, 1, 4, 5) and 'data-vertex="2"' in b.element("ring-0")
    assert b.status.startswith("1 move played")
    b.press("undo")
    assert w.config == (6, 1, 4, 5) and not w.history
    b.press("hint")
    assert "6 moves to go" in b.status
    for _ in range(6):
        b.press("step")
    assert w.config == w.puzzle.target and "solved" in b.status
    b.press("reset")
    assert w.config == w.start and w.history == []


def test_widget_bad_input_and_switching():
    w = PuzzleWidget()
    b = w.board
    b.key("9")
    assert b.status.startswith("refused: key '9'")
    b.enter("k", "7")
    assert b.status.startswith("refused: k must lie in")
    b.enter("puzzle", "d=5 level 0")
    assert w.puzzle.d == 5 and w.puzzle.k == 4 and "ring-5" in b.ids()
    b.enter("k", "2")
    assert w.puzzle.k == 2
    b.press("hint")
    assert "4 moves to go" in b.status
    b.enter("puzzle", "d=3 level 3")
    b.press("hint")
    assert "unreachable" in b.status
    assert INSTANCES


def test_callbacks_create_no_pyplot_figures():
    w = PuzzleWidget(instance(4, 0))
    before = plt.get_fignums()
    w.board.click("ring-1")
    w.board.press("step")
    w.board.press("hint")
    assert plt.get_fignums() == before
