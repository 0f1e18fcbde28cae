"""IQ-Link's game on the core Player, driven by clicks and keys by id, and its pictures."""

from __future__ import annotations

import re

import matplotlib.pyplot as plt

from puzzles.core.board import scene_png
from puzzles.core.game import Player
from puzzles.iqlink.game import IQLink, pieces_left, refusal, solver_run, tray
from puzzles.iqlink.generate import load_challenges, stored_solution
from puzzles.iqlink.pieces import PIECE_NAMES
from puzzles.iqlink.placements import make_placement
from puzzles.iqlink.plots import draw_heat
from puzzles.iqlink.scene import board_scene
from puzzles.iqlink.strategies import heat_map
from puzzles.iqlink.widget import play


def test_board_picture_and_heat():
    ch = load_challenges()[40]
    sol = [p for p in stored_solution(41) if p not in ch.given]
    data = scene_png(board_scene(sol, ch.given))
    assert data[:4] == b"\x89PNG"
    fig, ax = plt.subplots()
    coll = draw_heat(ax, heat_map(ch), ch.given)
    assert coll.get_array().max() >= 1
    plt.close(fig)


def _legal(svg: str) -> list[int]:
    return [int(p) for p in re.findall(r'data-id="peg-(\d+)"[^>]*data-legal="1"', svg)]


def test_pick_turn_flip_drop_take_by_clicks():
    p = play(3)
    b = p.board
    sol = [pl for pl in stored_solution(3) if pl not in load_challenges()[2].given]
    first = sol[0]
    assert f"tray-{first.piece}" in b.ids() and _legal(b.svg) == []
    b.click(f"tray-{first.piece}")
    assert 'data-selected="1"' in b.element(f"tray-{first.piece}")
    for _ in range(first.rotation):
        b.key("r")
    if first.mirrored:
        b.key("f")
    assert first.peg in _legal(b.svg)
    b.click(f"peg-{first.peg}")
    assert f"piece-{first.piece}" in b.ids() and f"tray-{first.piece}" not in b.ids()
    assert pieces_left(len(sol) - 1) in b.status and "1 pieces" not in b.status
    b.click(f"piece-{first.piece}")  # take it off again
    assert f"piece-{first.piece}" not in b.ids()
    assert f"take {PIECE_NAMES[first.piece]} off" in b.status
    b.press("undo")  # the take is undone: the piece is back
    assert f"piece-{first.piece}" in b.ids() and p.state.placed == (first,)
    b.press("undo")  # the drop is undone: the piece is in hand again
    assert p.state.placed == () and p.state.selected == first.piece
    for _ in range(len(sol)):
        b.press("step")
    assert "solved" in b.status and sorted(p.state.placed) == sorted(sol)
    b.press("hint")  # on a solved board: a message, no IndexError
    assert "solved already" in b.status
    b.press("reset")
    assert p.state.placed == () and "restarted" in b.status


def test_hint_shows_the_next_placement_without_playing_it():
    p = play(3)
    p.board.press("hint")
    assert p.state.placed == () and 'data-hint="' in p.board.svg
    hinted = p.view.hint
    assert hinted in stored_solution(3) and "hint:" in p.board.status
    p.board.press("step")
    assert p.state.placed == (hinted,) and 'data-hint="' not in p.board.svg


def test_bad_inputs_are_messages():
    p = play(3)
    b = p.board
    b.click("peg-5")
    assert b.message == "refused: pick a piece from the tray first"
    b.key("r")
    assert b.message == "refused: pick a piece from the tray first"
    b.enter("challenge", 500)
    assert b.message == "refused: challenge must lie in 1..120, got 500" and p.state.cid == 3
    b.enter("challenge", "abc")
    assert "whole number" in b.message
    b.click(f"tray-{tray(p.state)[0]}")
    b.key("q")
    assert b.message.startswith("refused: key 'q'")
    illegal = next(q for q in range(24) if q not in _legal(b.svg))
    b.click(f"peg-{illegal}")
    assert b.message.startswith("refused:") and "cannot go on peg" in b.message
    b.enter("challenge", 47)
    assert p.state.cid == 47 and "challenge 47" in b.status
    b.press("undo")  # loading a challenge is an edit: undone like a move
    assert p.state.cid == 3


def test_light_purple_refuses_a_flip():
    cid = next(i + 1 for i, ch in enumerate(load_challenges()) if 0 in ch.missing)
    p = play(cid)
    p.board.click("tray-0")
    p.board.key("f")
    assert "own mirror image" in p.board.message and not p.state.mirrored


def test_solver_replay_steps_through_the_unique_solution():
    p = play(53)  # a challenge whose paper search backtracks
    messages = []
    while True:
        before = p.actions
        p.board.press("replay")
        if p.actions == before:
            break
        messages.append(p.board.status)
    ch = load_challenges()[52]
    assert sorted(p.state.placed) == sorted(x for x in stored_solution(53) if x not in ch.given)
    assert "solved" in messages[-1] and p.board.message == "refused: the solver is done"
    assert any("backtracked" in m for m in messages)
    assert len(messages) == solver_run(53).nodes
    p.board.press("undo")  # each replayed move is undoable
    assert len(p.state.placed) == len(ch.missing) - 1


def test_every_example_and_challenge_field_through_the_player():
    game = IQLink(1)
    player = Player(game)
    assert player.board.title == "IQ-Link"
    ids = [c["id"] for c in player.board.controls]
    assert ids[-3:] == ["challenge", "replay", "puzzle"]  # the Player's puzzle text comes last
    assert "given piece" in str(_refused(game))


def _refused(game: IQLink) -> Exception:
    try:
        game.apply(game.initial(), game.illegal(game.initial()))
    except ValueError as err:
        return err
    raise AssertionError("an illegal move was accepted")


def test_refusal_reasons():
    ch = load_challenges()[0]
    sol = stored_solution(1)
    assert refusal(ch, [], ch.given[0]).endswith("given piece")
    missing = [p for p in sol if p not in ch.given]
    assert refusal(ch, [], missing[0]) is None
    off = make_placement("aqua", 0, 0, False)
    assert "off the pegs" in refusal(ch, [], off) or "given" in refusal(ch, [], off)
