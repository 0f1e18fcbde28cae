"""The logic-grid board widget: cells cycle by click, reset redraws, hints highlight clues."""

from __future__ import annotations

import pytest

from puzzles.logicgrid.hints import parse_puzzle
from puzzles.logicgrid.model import MINI
from puzzles.logicgrid.reference import examples
from puzzles.logicgrid.widget import PuzzlePlayer

HINTS = parse_puzzle(MINI, examples()["Example Puzzle 1 (3x4)"]["clues"])


def _mark(b, cell: str) -> str:
    tag = b.element(cell)
    return tag.split('data-mark="')[1].split('"')[0]


def test_click_cycles_blank_x_o_blank_and_reset_redraws():
    w = PuzzlePlayer(MINI, HINTS)
    b = w.view
    cells = [i for i in b.ids() if i.startswith("cell-")]
    assert len(cells) == 3 * 16
    c = cells[0]
    seen = []
    for _ in range(4):
        b.click(c)
        seen.append(_mark(b, c))
    assert seen == ["X", "O", "", "X"]
    b.click(cells[1])
    b.press("reset")
    assert all(_mark(b, i) == "" for i in cells) and b.status == "Cleared." and w.marks.sum() == 0
    b.press("undo")
    assert _mark(b, c) == "X" and _mark(b, cells[1]) == "X"


def test_keys_hint_next_deduction_and_check():
    w = PuzzlePlayer(MINI, HINTS)
    b = w.view
    b.press("hint")
    assert b.status.startswith("Hint: Loop 1") and 'data-highlight="1"' in b.svg
    s = w.steps[0]
    assert w.marks[s.x, s.y] == 0  # a hint only shows
    b.press("next")
    cell = f"cell-{s.x}-{s.y}" if f"cell-{s.x}-{s.y}" in b.ids() else f"cell-{s.y}-{s.x}"
    assert "because of" in b.status and _mark(b, cell) == s.value
    for _ in range(len(w.steps) + 2):
        b.press("next")
    b.press("check")
    assert b.status == "Solved! Every cell is right."
    first = next(i for i in b.ids() if i.startswith("cell-"))
    b.click(first)  # select it and change it
    b.key(" ")
    assert _mark(b, first) == ""
    b.press("check")
    assert "So far so good" in b.status


def test_bad_input_is_a_message():
    w = PuzzlePlayer(MINI, HINTS)
    b = w.view
    b.key("x")
    assert b.status == "refused: click a cell first"
    first = next(i for i in b.ids() if i.startswith("cell-"))
    b.click(first)
    b.key("q")
    assert b.status.startswith("refused: key 'q'")
    b.key("o")
    assert _mark(b, first) == "O"
    x, y = (int(v) for v in first.split("-")[1:])
    if w.answer[x, y] != 2:
        b.press("check")
        assert "disagree" in b.status
    with pytest.raises(ValueError, match="uniquely"):
        PuzzlePlayer(MINI, HINTS[:2])


def test_headers_do_not_overlap():
    w = PuzzlePlayer(MINI, HINTS)
    assert w.view.svg.count("rotate(-60") == 2 * 4  # every column header slanted
