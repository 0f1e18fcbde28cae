"""The hypercube game: its scene and the core Player playing it, driven by clicks by id."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from puzzles.core.board import scene_png  # noqa: E402
from puzzles.core.game import Player  # noqa: E402
from puzzles.hypercube.game import HypercubeGame, examples  # noqa: E402
from puzzles.hypercube.instances import INSTANCES, instance  # noqa: E402
from puzzles.hypercube.scene import cube_scene, layout  # noqa: E402


@pytest.mark.parametrize("d", [2, 3, 4, 5, 6])
def test_layout_has_distinct_vertices(d):
    pos = layout(d)
    assert pos.shape == (1 << d, 2)
    assert len({tuple(np.round(p, 6)) for p in pos}) == 1 << d


def test_scene_draws_a_png():
    inst = instance(4, 0)
    png = scene_png(cube_scene(inst.puzzle(3), inst.start(3), selected=0, legal=(0, 2)))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_player_plays_refuses_undoes_and_steps():
    p = Player(HypercubeGame(instance(3, 0), k=2))
    b = p.board
    assert p.state.config == (6, 1, 4, 5) and 'data-vertex="6"' in b.element("ring-0")
    b.click("ring-1")
    assert 'data-selected="1"' in b.element("ring-1") and "purple selected" in b.status
    b.click("vertex-6")  # a ring's vertex picks up that ring (green)
    assert 'data-selected="1"' in b.element("ring-0")
    assert 'data-legal="1"' in b.element("vertex-2") and 'data-legal="0"' in b.element("vertex-0")
    with pytest.raises(ValueError, match="occupied"):
        p.play((0, 6, 4))  # red is there
    b.click("vertex-0")  # green (on 6) may not go to 0: every 2-face holds another ring
    assert b.message.startswith("refused: illegal move (0, 6, 0): every 2-face through 6 and 0 "
                               "holds another ring")
    assert p.state.config == (6, 1, 4, 5)
    b.click("vertex-2")
    assert p.state.config == (2, 1, 4, 5) and 'data-vertex="2"' in b.element("ring-0")
    assert "ring 1: vertex 6 -> 2" in b.status
    b.press("undo")
    assert p.state.config == (6, 1, 4, 5)
    b.press("undo")  # the selection was an action too
    assert p.state.selected == 1 and 'data-selected="1"' in b.element("ring-1")
    b.press("redo")
    b.press("hint")
    assert b.status.endswith("hint: ring 2: vertex 1 -> 2")
    assert 'data-legal="1"' in b.element("vertex-2")
    assert 'data-selected="1"' in b.element("ring-1")  # the hinted ring
    for _ in range(6):
        b.press("step")
    assert p.game.is_goal(p.state) and "solved in" in b.status
    b.press("reset")
    assert p.state == p.game.initial()


def test_bad_input_and_switching_are_undoable_edits():
    p = Player(HypercubeGame())
    b = p.board
    b.key("9")
    assert b.message.startswith("refused: key '9'")
    b.enter("k", "7")
    assert b.message.startswith("refused: k must lie in")
    b.enter("k", "two")
    assert b.message.startswith("refused: k must be a whole number")
    b.enter("instance", "d=5 level 0")  # another puzzle keeps the chosen k (2)
    assert p.state.puzzle.d == 5 and p.state.k == 2 and "ring-5" in b.ids()
    b.enter("k", "3")
    assert p.state.k == 3
    b.press("undo")
    assert (p.state.inst.d, p.state.k) == (5, 2)
    b.enter("instance", "d=3 level 3")
    b.press("hint")
    assert "no solution from here" in b.status
    b.enter("instance", "d=9 level 0")
    assert b.message.startswith("refused: no puzzle")
    game = p.game
    assert game.optimum(game.initial()) == 6 and game.goal and "1-9" in game.keys()
    assert INSTANCES


def test_examples_are_solvable_and_vertex_clicks_need_a_ring():
    for game in examples():
        plan = game.solve(game.initial())
        assert plan and game.is_goal(_replay(game, plan))
    game = examples()[0]
    none = game.read(game.initial(), _click("ring-0")).state
    from dataclasses import replace

    with pytest.raises(ValueError, match="click a ring first"):
        game.read(replace(none, selected=None), _click("vertex-0"))


def _replay(game, plan):
    state = game.initial()
    for move in plan:
        state = game.apply(state, move)
    return state


def _click(id):
    from puzzles.core.board import Event

    return Event("click", id)


def test_callbacks_create_no_pyplot_figures():
    p = Player(HypercubeGame(instance(4, 0)))
    before = plt.get_fignums()
    p.board.click("ring-1")
    p.board.press("step")
    p.board.press("hint")
    assert plt.get_fignums() == before
