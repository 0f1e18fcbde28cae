"""The core Player on the toy game: undo and redo of every action, import and export, the key,
the help, the win message and refusals beside the status line."""

from __future__ import annotations

import pytest

from puzzles.core.board import THEMES, contrast, ink_on, text_contrast, with_key
from puzzles.core.game import Player, View
from puzzles.lightsout.game import LightsOut
from puzzles.lightsout.search import distances


def test_edits_loads_and_restarts_are_undone_and_redone_like_moves() -> None:
    p = Player(LightsOut(0b000010000))
    p.board.enter("toggle", "1")          # an edit: light 1 on
    assert p.state == 0b000010001 and p.actions == 1
    p.board.click("cell-8")               # a move
    p.board.press("reset")                # back to the start, itself an action
    assert p.state == 0b000010000
    p.board.press("undo")
    assert p.state == 0b000010001 ^ 0b110100000
    p.board.press("undo")
    p.board.press("undo")
    assert p.state == 0b000010000 and "back to the position after 0 actions" in p.board.status
    p.board.press("undo")
    assert "nothing to undo" in p.board.status
    for _ in range(3):
        p.board.press("redo")
    assert p.state == 0b000010000 and p.actions == 3
    p.board.press("redo")
    assert "nothing to redo" in p.board.status


def test_a_typed_puzzle_loads_undoably_and_exports_in_the_same_format() -> None:
    p = Player(LightsOut())
    text = "#..\n.#.\n..#"
    p.board.enter("puzzle", text)
    p.board.press("load")
    assert p.state == 0b100010001 and p.game.initial() == 0b100010001
    p.board.press("export")
    assert p.draft == text
    assert any(c.get("kind") == "textarea" and c["value"] == text for c in p.board.controls)
    p.board.press("undo")
    assert p.state == LightsOut().initial()
    p.board.enter("puzzle", "#..\n.x.\n..#")
    p.board.press("load")
    assert p.board.message == "refused: line 2: 3 characters of # (lit) or . (dark), got '.x.'"
    p.board.enter("puzzle", "  ")
    p.board.press("load")
    assert "type or paste a puzzle" in p.board.message


def test_a_refusal_sits_beside_the_status_and_the_next_action_clears_it() -> None:
    p = Player(LightsOut())
    before = p.board.status
    p.board.key("0")
    assert p.board.message == "refused: cells are numbered 1-9"
    assert p.board.status == before
    p.board.key("5")
    assert p.board.message == "" and "press 5" in p.board.status


def test_the_win_names_the_moves_and_the_optimum() -> None:
    start = 0b101010101
    p = Player(LightsOut(start))
    best = int(distances()[start])
    while not p.game.is_goal(p.state):
        p.board.press("step")
    assert f"solved in {best} moves (the fewest possible: {best})" in p.board.status


def test_the_help_lists_every_key_and_the_scene_carries_goal_and_key() -> None:
    p = Player(LightsOut())
    for key in ("z", "y", "h", "s", "1-9", "n", "arrows", "?"):
        assert any(line.split()[0] == key.split()[0] for line in p.board.help.splitlines()), key
    assert "Goal: switch every light off" in p.board.svg
    assert "a lit cell" in p.board.svg and "a dark cell" in p.board.svg


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_text_of_the_toy_board_reads_in_both_themes(theme: str) -> None:
    game = LightsOut()
    p = Player(game)
    p.board.key("n")  # cell numbers on: text on lit and dark cells
    scene = p.board.scene
    texts = text_contrast(scene, theme)
    assert len(texts) >= 9 + 3
    low = [t for t in texts if t.ratio < 4.5]
    assert not low, low


def test_contrast_and_ink_follow_wcag() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert ink_on("#f5d142") == "#000000" and ink_on("#333333") == "#ffffff"


def test_with_key_draws_below_the_scene_without_touching_it() -> None:
    scene = LightsOut().scene(0, View())
    h = scene.height
    out = with_key(scene, "g", [])
    assert scene.height == h and out.height > h and out.parts[: len(scene.parts)] == scene.parts
