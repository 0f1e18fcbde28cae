"""IQ-Link render and the board widget, driven by clicks and keys by id."""

from __future__ import annotations

import re

import matplotlib.pyplot as plt

from puzzles.iqlink.generate import load_challenges, stored_solution
from puzzles.iqlink.placements import make_placement
from puzzles.iqlink.render import board_figure, draw_heat, png_bytes
from puzzles.iqlink.strategies import heat_map
from puzzles.iqlink.widget import PlayWidget, pieces_left, refusal


def test_render_board_and_heat():
    ch = load_challenges()[40]
    fig = board_figure(stored_solution(41), grey=ch.given)
    data = png_bytes(fig)
    assert data[:4] == b"\x89PNG"
    fig, ax = plt.subplots()
    coll = draw_heat(ax, heat_map(ch), ch.given)
    assert coll.get_array().max() >= 1
    plt.close(fig)


def _legal(svg: str) -> list[int]:
    return [int(p) for p in re.findall(r'data-id="peg-(\d+)"[^>]*data-legal="1"', svg)]


def test_pick_turn_flip_drop_take_by_clicks():
    w = PlayWidget(3)
    b = w.board
    sol = [p for p in stored_solution(3) if p not in w.ch.given]
    first = sol[0]
    assert f"tray-{first.piece}" in b.ids() and _legal(b.svg) == []
    b.click(f"tray-{first.piece}")
    assert 'data-selected="1"' in b.element(f"tray-{first.piece}")
    for _ in range(first.rotation):
        b.key("r")
    if first.mirrored:
        b.key("f")
    assert first.peg in _legal(b.svg) and _legal(b.svg) == w.legal_pegs()
    b.click(f"peg-{first.peg}")
    assert f"piece-{first.piece}" in b.ids() and f"tray-{first.piece}" not in b.ids()
    assert pieces_left(len(sol) - 1) in b.status and "1 pieces" not in b.status
    b.click(f"piece-{first.piece}")  # take it off again
    assert f"piece-{first.piece}" not in b.ids() and "removed" in b.status
    b.press("hint")
    b.press("undo")
    assert w.placed == []
    for _ in sol:
        b.press("hint")
    assert "solved" in b.status
    b.press("hint")  # on a solved board: a message, no IndexError
    assert b.status.startswith("hint: every piece is down")
    b.press("reset")
    assert w.placed == [] and "reset" in b.status


def test_bad_inputs_are_messages():
    w = PlayWidget(3)
    b = w.board
    b.click("peg-5")
    assert b.status == "refused: pick a piece from the tray first"
    b.key("r")
    assert b.status == "refused: pick a piece from the tray first"
    b.enter("challenge", 500)
    assert b.status == "refused: challenge must lie in 1..120, got 500" and w.cid == 3
    b.enter("challenge", "abc")
    assert "whole number" in b.status
    b.click(f"tray-{w.tray()[0]}")
    b.key("q")
    assert b.status.startswith("refused: key 'q'")
    illegal = next(p for p in range(24) if p not in w.legal_pegs())
    b.click(f"peg-{illegal}")
    assert b.status.startswith("refused:") and "cannot go on peg" in b.status
    b.enter("challenge", 47)
    assert w.cid == 47 and "challenge 47" in b.status


def test_light_purple_refuses_a_flip():
    cid = next(i + 1 for i, ch in enumerate(load_challenges()) if 0 in ch.missing)
    w = PlayWidget(cid)
    w.board.click("tray-0")
    w.board.key("f")
    assert "own mirror image" in w.board.status and not w.mirrored


def test_solver_steps_through_the_unique_solution():
    w = PlayWidget(53)  # a challenge whose paper search backtracks
    messages = []
    while w.step() is not None:
        messages.append(w.board.status)
    assert sorted(w.placed) == sorted(p for p in stored_solution(53) if p not in w.ch.given)
    assert "solved" in messages[-1] and "done" in w.board.status
    assert any("backtracked" in m for m in messages)
    assert len(messages) == w.search.nodes


def test_refusal_reasons():
    ch = load_challenges()[0]
    sol = stored_solution(1)
    assert refusal(ch, [], ch.given[0]).endswith("given piece")
    missing = [p for p in sol if p not in ch.given]
    assert refusal(ch, [], missing[0]) is None
    off = make_placement("aqua", 0, 0, False)
    assert "off the pegs" in refusal(ch, [], off) or "given" in refusal(ch, [], off)
