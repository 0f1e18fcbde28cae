"""Rendering and widgets: PNG output, button presses, undo/reset, hints, ring stepping."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from puzzles.clockwork.instances import instance  # noqa: E402
from puzzles.clockwork.render import clock_png, clocks_figure, light_colours, rings_figure  # noqa: E402,E501
from puzzles.clockwork.widget import ClockworkPlayer, RingStepper  # noqa: E402


def test_render_pngs_and_colours():
    assert clock_png((3, (0, 1) * 6), 2)[:4] == b"\x89PNG"
    assert len(light_colours(2)) == 2 and len(light_colours(5)) == 5
    with pytest.raises(ValueError, match="c must be"):
        light_colours(1)
    with pytest.raises(ValueError, match="states"):
        clocks_figure([], 2)
    fig = rings_figure([[0, 16, 3], [15, 15, 1]], 15, ["p1", "p2"], cut=1)
    assert fig.axes


def test_player_buttons_undo_reset_and_hint():
    pl = ClockworkPlayer({"B1": instance("B1"), "A4": instance("A4")})
    assert "fitness: 12" in pl.status.value and pl.image.value[:4] == b"\x89PNG"
    assert len(pl.buttons.children) == 2
    for _ in range(12):
        pl.buttons.children[0].click()  # (7, e0) twelve times solves B1
    assert "solved" in pl.status.value and "moves: 12" in pl.status.value
    pl.undo_button.click()
    assert "moves: 11" in pl.status.value and "fitness: 1" in pl.status.value
    pl.hint_button.click()
    assert pl.hint.value == "optimal next: a0"
    pl.reset_button.click()
    assert "moves: 0" in pl.status.value
    pl.picker.value = "A4"
    assert len(pl.buttons.children) == 3 and "A4" in pl.description.value
    with pytest.raises(ValueError, match="action index"):
        pl.press(5)


def test_ring_stepper():
    p = instance("B1")
    st = RingStepper(p, [15, 16, 0] + [1] * 12, 15, steps=6)
    assert "string so far: <code></code>" in st.text.value
    st.slider.value = 3
    assert "a0 a1" in st.text.value and "jump to entry 0" in st.text.value
    assert st.ring_image.value[:4] == b"\x89PNG"


def test_crossover_view_follows_the_sliders():
    from puzzles.clockwork.widget import CrossoverView

    cv = CrossoverView(seed=3)
    before = cv.children_text.value
    assert cv.image.value[:4] == b"\x89PNG" and "child 1 mutated" in before
    cv.cut.value = 2
    after_cut = cv.children_text.value
    assert after_cut != before
    cv.new_parents.click()
    assert cv.seed == 4 and cv.children_text.value != after_cut
