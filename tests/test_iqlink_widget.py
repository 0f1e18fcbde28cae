"""IQ-Link render and widget, driven without a browser through widget values."""

from __future__ import annotations

import matplotlib.pyplot as plt

from puzzles.iqlink.generate import load_challenges, stored_solution
from puzzles.iqlink.render import board_figure, draw_heat, png_bytes
from puzzles.iqlink.strategies import heat_map
from puzzles.iqlink.widget import PlayWidget, refusal


def test_render_board_and_heat():
    ch = load_challenges()[40]
    fig = board_figure(stored_solution(41), grey=ch.given)
    data = png_bytes(fig)
    assert data[:4] == b"\x89PNG"
    fig, ax = plt.subplots()
    coll = draw_heat(ax, heat_map(ch), ch.given)
    assert coll.get_array().max() >= 1
    plt.close(fig)


def test_widget_place_refuse_remove_hint_and_step():
    w = PlayWidget(3)
    assert w.image.value[:4] == b"\x89PNG"
    sol = [p for p in stored_solution(3) if p not in w.ch.given]
    given = w.ch.given[0]
    # a given piece is refused with the reason
    w.piece.value = given.to_json()[0]
    assert not w.place() and "given" in w.status.value
    # light purple cannot be mirrored: refused, not repaired
    first = sol[0]
    w.piece.value, w.peg.value = first.to_json()[0], first.peg
    w.rotation.value, w.mirrored.value = first.rotation, first.mirrored
    assert w.place() and len(w.placed) == 1
    assert not w.place() and "already" in w.status.value
    w.remove_button.click()
    assert w.placed == [] and "removed" in w.status.value
    # hints complete the challenge
    for _ in sol:
        assert w.hint() is not None
    assert "solved" in w.status.value
    # the solver steps through the unique solution
    w.challenge_box.value = 53  # a challenge whose paper search backtracks
    messages = []
    while w.step() is not None:
        messages.append(w.status.value)
    assert sorted(w.placed) == sorted(p for p in stored_solution(53) if p not in w.ch.given)
    assert "solved" in messages[-1] and "done" in w.status.value
    assert any("backtracked" in m for m in messages)
    assert len(messages) == w.search.nodes


def test_refusal_reasons():
    ch = load_challenges()[0]
    sol = stored_solution(1)
    from puzzles.iqlink.placements import make_placement
    assert refusal(ch, [], ch.given[0]).endswith("given piece")
    missing = [p for p in sol if p not in ch.given]
    assert refusal(ch, [], missing[0]) is None
    off = make_placement("aqua", 0, 0, False)
    assert "off the pegs" in refusal(ch, [], off) or "given" in refusal(ch, [], off)
    w = PlayWidget(1)
    w.piece.value, w.mirrored.value = "light purple", True
    if "light purple" in [p.to_json()[0] for p in w.ch.given]:
        assert not w.place()
    else:
        assert not w.place() and "mirrored" in w.status.value
