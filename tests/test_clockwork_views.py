"""Rendering: PNG output, colours, ring figures (the widgets: test_clockwork_widget.py)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from puzzles.clockwork.render import clock_png, clocks_figure, light_colours, rings_figure  # noqa: E402,E501


def test_render_pngs_and_colours():
    assert clock_png((3, (0, 1) * 6), 2)[:4] == b"\x89PNG"
    assert len(light_colours(2)) == 2 and len(light_colours(5)) == 5
    with pytest.raises(ValueError, match="c must be"):
        light_colours(1)
    with pytest.raises(ValueError, match="states"):
        clocks_figure([], 2)
    fig = rings_figure([[0, 16, 3], [15, 15, 1]], 15, ["p1", "p2"], cut=1)
    assert fig.axes
