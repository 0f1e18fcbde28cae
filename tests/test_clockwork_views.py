"""Drawing: the paper's figures, colours, ring cells on the board (the widgets:
test_clockwork_widget.py)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from puzzles.clockwork.plots import clocks_figure, rings_figure  # noqa: E402
from puzzles.clockwork.scene import light_colours, stepper_scene  # noqa: E402
from puzzles.core.board import scene_png  # noqa: E402


def test_pngs_and_colours():
    assert scene_png(stepper_scene([15, 16, 0], 3, (3, (0, 1) * 6), 2, 0))[:4] == b"\x89PNG"
    assert len(light_colours(2)) == 2 and len(light_colours(5)) == 5
    with pytest.raises(ValueError, match="c must be"):
        light_colours(1)
    with pytest.raises(ValueError, match="states"):
        clocks_figure([], 2)
    fig = rings_figure([[0, 16, 3], [15, 15, 1]], 15, ["p1", "p2"], cut=1)
    assert fig.axes


def test_ring_cells_show_read_then_marked_then_kind():
    """The board's ring: the entry read next is yellow over a mark; marks red; else by kind."""
    from puzzles.clockwork.scene import crossover_scene, ring_cell_colour
    from puzzles.core.board import element

    def cell(svg: str, id: str) -> str:  # the group's opening tag and its rect
        start = svg.index(element(svg, id))
        return svg[start:svg.index("</g>", start)]

    R = 3
    assert ring_cell_colour(0, R) == "#d9e7f7" and ring_cell_colour(R, R) == "#fde7c8"
    assert ring_cell_colour(0, R, marked=True) == "#f6b6b6"
    assert ring_cell_colour(R, R, read=True, marked=True) == "#ffd84d"
    svg = stepper_scene([0, 4, 1], R, (0, (0, 0)), 2, highlight=1).to_svg()
    assert "#ffd84d" in cell(svg, "ring-0-1") and "#ffd84d" not in cell(svg, "ring-0-0")
    rings = [[0, 1, 2]] * 6
    svg = crossover_scene(rings, R, [str(i) for i in range(6)], cut=1, mutate=2).to_svg()
    assert "#f6b6b6" in cell(svg, "ring-4-1") and "#f6b6b6" not in cell(svg, "ring-3-1")
