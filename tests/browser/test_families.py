"""Every family's board in JupyterLab, in the light and then the dark theme: the goal and the
key drawn in the scene, every text of the scene readable against what lies under it (4.5:1,
the colours the browser computed), one board played to the win with the keyboard only (Tab,
arrows, Enter and the board's keys), an edit undone, and a typed puzzle loaded and exported
unchanged. One notebook per family, both themes in it, so the suite starts five kernels."""

from __future__ import annotations

import pytest

from tests.browser.test_player import CONTRAST, _theme

PRELUDE = """
import sys
sys.path.insert(0, {root!r})
from puzzles.core.game import Player
"""
SOURCES = {
    "clockwork": """
from puzzles.clockwork import instances
from puzzles.clockwork.game import Clockwork
player = Player(Clockwork(instances.paper_instances(), start="B1"))
player.board
""",
    "iqlink": """
from puzzles.iqlink.game import IQLink
player = Player(IQLink(1))
player.board
""",
    "jumpmaze": """
from puzzles.jumpmaze.game import MazeGame
from puzzles.jumpmaze.report import report_puzzle
player = Player(MazeGame(report_puzzle()))
player.board
""",
    "logicgrid": """
from puzzles.logicgrid.game import slides_example
player = Player(slides_example("Example Puzzle 1 (3x4)"))
player.board
""",
    "hypercube": """
from puzzles.hypercube.game import HypercubeGame
from puzzles.hypercube.instances import instance
player = Player(HypercubeGame(instance(3, "0"), 2))
player.board
""",
}
# Words of each family's goal and key that must be drawn in the scene.
DRAWN = {
    "clockwork": ["Goal: bring every light to setting 0", "setting 1 (grey)"],
    "iqlink": ["Goal: put every piece of the tray", "a given piece"],
    "jumpmaze": ["Goal: jump from the top-left cell to G", "white hole"],
    "logicgrid": ["Goal: find who goes with what", "these two go together"],
    "hypercube": ["Goal: move each ring onto the disc of its colour", "ring 1 (green)"],
}
# A typed puzzle of each family (its own text format), loaded and exported unchanged.
TYPED = {
    "clockwork": "c: 3\ninitial: 0,2100\nactions: 1:1000; 0:0100",
    "iqlink": None,  # challenge 2's givens, written by the game itself (see _typed)
    "jumpmaze": "1 1 2\n2 1 1\n1 2 G",
    "logicgrid": None,
    "hypercube": "d: 3\nlevel: 1\nk: 1\nrings: 6, 4, 5, 1",
}


def _typed(family: str) -> str:
    if TYPED[family] is not None:
        return TYPED[family]
    if family == "iqlink":
        from puzzles.iqlink.game import IQLink

        game = IQLink(2)
    else:
        from puzzles.logicgrid.game import slides_example

        game = slides_example("Hint size and difficulty example")
    return game.dump(game.initial())


def _focused(nb) -> str | None:
    return nb.page.evaluate("() => document.activeElement && "
                            "document.activeElement.getAttribute('data-id')")


def _tab_to(nb, id: str, limit: int = 400) -> None:
    """From the board itself, Tab through the scene's elements until ``id`` has the focus."""
    nb.board.focus()
    for _ in range(limit):
        nb.page.keyboard.press("Tab")
        if _focused(nb) == id:
            return
    raise AssertionError(f"Tab never reached {id} (at {_focused(nb)})")


def _activate(nb, id: str) -> None:
    """Keyboard only: Tab to the element ``id`` and press Enter on it."""
    _tab_to(nb, id)
    before = nb._seen()
    nb.page.keyboard.press("Enter")
    nb._settle(before)


def _press_key(nb, key: str) -> None:
    """A key on the board itself (the game's keys)."""
    nb.key(key)


def _play_clockwork(nb) -> int:
    from puzzles.clockwork import instances
    from puzzles.clockwork.game import Clockwork

    game = Clockwork(instances.paper_instances(), start="B1")
    plan = game.solve(game.initial())
    for move in plan:
        _press_key(nb, str(move))
    return len(plan)


def _play_iqlink(nb) -> int:
    from puzzles.iqlink.game import IQLink

    game = IQLink(1)
    plan = game.solve(game.initial())
    for pl in plan:
        _activate(nb, f"tray-{pl.piece}")
        for _ in range(pl.rotation):
            _press_key(nb, "r")
        if pl.mirrored:
            _press_key(nb, "f")
        _tab_to(nb, f"peg-{pl.peg}")  # focus shows the preview of the piece there
        shown = nb.board.locator(f'.pl-canvas [data-preview="peg-{pl.peg}"] polygon').first
        assert shown.evaluate("e => getComputedStyle(e).visibility") == "visible"
        before = nb._seen()
        nb.page.keyboard.press("Enter")
        nb._settle(before)
    return len(plan)


def _play_jumpmaze(nb) -> int:
    from puzzles.jumpmaze.game import MazeGame

    nb.enter("puzzle", TYPED["jumpmaze"])  # a small typed maze (the import is tested too)
    nb.press("load")
    game = MazeGame([[1, 1, 2], [2, 1, 1], [1, 2, 0]])
    plan = game.solve(game.initial())
    for r, c in plan:
        _activate(nb, f"cell-{r}-{c}")
    return len(plan)


def _play_logicgrid(nb) -> int:
    from puzzles.logicgrid.game import O, slides_example

    game = slides_example("Example Puzzle 1 (3x4)")
    nb.key("ArrowDown")  # the cursor appears; arrows move it without marking
    assert nb.board.locator('.pl-canvas [data-mark="X"], .pl-canvas [data-mark="O"]').count() \
        == 0
    os_ = [(x, y) for x, y in game.cells if game.answer[x, y] == O]
    for x, y in os_:
        _tab_to(nb, f"cell-{x}-{y}")
        before = nb._seen()
        nb.page.keyboard.press("o")  # on a focused cell: the key marks that cell
        nb._settle(before)
        assert nb.attr(f"cell-{x}-{y}", "data-mark") == "O", nb.message()
    return len(os_)


def _play_hypercube(nb) -> int:
    from puzzles.hypercube.game import HypercubeGame
    from puzzles.hypercube.instances import instance

    game = HypercubeGame(instance(3, "0"), 2)
    plan = game.solve(game.initial())
    for ring, _, dst in plan:
        _press_key(nb, str(ring + 1))  # select the ring by its number
        _activate(nb, f"vertex-{dst}")
    return len(plan)


PLAY = {"clockwork": _play_clockwork, "iqlink": _play_iqlink, "jumpmaze": _play_jumpmaze,
        "logicgrid": _play_logicgrid, "hypercube": _play_hypercube}


def _edit_and_undo(nb, family: str) -> None:
    """One edit of each family, then undo: the board is as before."""
    before = nb.svg()
    if family == "clockwork":
        nb.enter("instance", "A4")
        assert "A4" in nb.status() and nb.svg() != before
    elif family == "iqlink":
        tray = nb.ids('[data-id^="tray-"]')[0]
        nb.click(tray)
        assert nb.attr(tray, "data-selected") == "1"
    elif family == "jumpmaze":
        nb.press("edit")
        nb.click("cell-0-0")
        nb.key("2")
        assert nb.attr("cell-0-0", "data-jump") == "2" and "re-scored" in nb.status()
        nb.press("undo")  # the jump (then the selection, then the edit mode)
    elif family == "logicgrid":
        nb.click("clue-0")
        assert nb.attr("clue-0", "data-highlight") == "1" and "clue 1:" in nb.status()
    else:
        nb.key("2")
        assert nb.attr("ring-1", "data-selected") == "1"
    nb.press("undo")
    if family == "jumpmaze":
        nb.press("undo")  # the edit mode
    assert "undone" in nb.status()
    assert nb.svg() == before, f"{family}: the undone edit left the board changed"


def _low_contrast(nb) -> list:
    return [(t, round(r, 2)) for t, r in nb.board.locator(".pl-canvas").evaluate(CONTRAST)
            if r < 4.5]


@pytest.mark.parametrize("family", sorted(SOURCES))
def test_family_board_in_both_themes(open_notebook, family: str):
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    nb = open_notebook(f"family_{family}", PRELUDE.format(root=root) + SOURCES[family])
    for theme in ("light", "dark"):
        _theme(nb, theme)
        svg = nb.svg()
        for words in DRAWN[family]:
            assert words in svg, f"{family} ({theme}): {words!r} not drawn"
        assert not _low_contrast(nb), f"{family} ({theme}): {_low_contrast(nb)}"
    # in the dark theme: an edit undone, the keyboard-only win, a typed puzzle in and out
    _edit_and_undo(nb, family)
    moves = PLAY[family](nb)
    assert f"solved in {moves} moves (the fewest possible: {moves})" in nb.status(), \
        nb.status() + " | " + nb.message()
    assert not _low_contrast(nb), f"{family} solved: {_low_contrast(nb)}"
    text = _typed(family)
    nb.enter("puzzle", text)
    nb.press("load")
    assert "loaded the typed puzzle" in nb.status(), nb.message()
    nb.enter("puzzle", "")
    nb.press("export")
    assert nb.board.locator('[data-control="puzzle"]').input_value() == text
    lines = text.splitlines()
    lines[1:2] = ["nonsense: 1"]  # line 2 spoilt (added after a one-line text)
    nb.enter("puzzle", "\n".join(lines))
    nb.press("load")
    assert nb.message().startswith("refused: line 2"), nb.message()
    field = nb.board.locator('[data-control="puzzle"]')
    assert field.get_attribute("aria-invalid") == "true"  # the refused text is marked
    nb.assert_clean()
