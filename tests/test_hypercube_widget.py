"""Render and widget of the hypercube family, driven by setting widget values."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

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
    first = w.image.value
    assert w.config == (6, 1, 4, 5)
    # green (on 6) may not go to 4 (red is there) nor to 1 (no 2-face holds 6 and 1)
    w.ring.value = "green"
    w.vertex.value = 4
    assert "refused" in w.status.value and "occupied" in w.status.value
    w.vertex.value = 1
    assert "no 2-face contains both" in w.status.value
    assert w.config == (6, 1, 4, 5) and w.vertex.value is None
    w.vertex.value = 2
    assert w.config == (2, 1, 4, 5) and w.image.value != first
    assert "1</b> moves" in w.status.value
    w.undo_button.click()
    assert w.config == (6, 1, 4, 5) and not w.history
    w.hint_button.click()
    assert "6 moves to go" in w.status.value
    for _ in range(6):
        w.step_button.click()
    assert w.config == w.puzzle.target and "solved" in w.status.value
    w.reset_button.click()
    assert w.config == w.start and w.history == []


def test_widget_switches_puzzle_and_k():
    w = PuzzleWidget()
    w.instance.value = INSTANCES.index(instance(5, 0))
    assert w.puzzle.d == 5 and w.k.value == 4 and len(w.ring.options) == 6
    w.k.value = 2
    assert w.puzzle.k == 2
    w.hint_button.click()
    assert "4 moves to go" in w.status.value
    w.instance.value = INSTANCES.index(instance(3, 3))
    w.hint_button.click()
    assert "unreachable" in w.status.value
