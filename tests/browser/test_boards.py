"""Every board in a real browser: JupyterLab + Debian Chromium, driven by Playwright.

Each test opens a small generated notebook that builds the widget as the family's notebook
does, checks that the board renders, plays at least two moves and one bad input by clicking
and typing in the page, and asserts what the board then shows, read from the page's SVG and
status line (never from Python). Each assertion after a click fails when the board does not
change. Run with ``make test-browser``.
"""

from __future__ import annotations

CLOCKWORK = """
from puzzles.clockwork import instances
from puzzles.clockwork.game import Clockwork
from puzzles.core.game import Player
player = Player(Clockwork(instances.paper_instances(), start="B1"))
player.board
"""


def test_clockwork_player(open_notebook):
    nb = open_notebook("clockwork", CLOCKWORK)
    assert "moves 0" in nb.status() and nb.attr("light-0", "fill") == "#8c8c8c"
    nb.click("action-0")  # (7, e0): the hand turns to 7 and light 7 comes on
    assert "moves 1" in nb.status() and nb.attr("light-7", "fill") == "#ffffff"
    nb.click("action-1")
    assert "moves 2" in nb.status()
    nb.press("hint")
    assert "hint: a1" in nb.status()
    assert nb.board.locator('.pl-canvas [stroke="#e8710a"]').count() == 1
    nb.press("undo")  # undo clears the hint
    assert "moves 1" in nb.status() and nb.board.locator(
        '.pl-canvas [stroke="#e8710a"]').count() == 0
    nb.key("9")  # bad input: there is no action 9, refused beside the status
    assert nb.message() == "refused: action index 9 not in 0..1" and "moves 1" in nb.status()
    nb.click("action-0")  # and the board still plays
    assert "moves 2" in nb.status()
    nb.assert_clean()


STEPPER = """
from puzzles.clockwork import instances
from puzzles.clockwork.widget import RingStepper
ring = [15, 3, 16, 7, 15, 0, 15, 9, 16, 2, 16, 5, 15, 11, 16]
stepper = RingStepper(instances.instance("C3"), ring, 15)
stepper.board
"""


def _read_next(nb) -> list[str]:
    """Ids of the ring entries drawn yellow (the entry read next)."""
    return nb.board.locator('.pl-canvas g[data-id^="ring-0-"]').evaluate_all(
        "gs => gs.filter(g => g.querySelector('rect[fill=\"#ffd84d\"]'))"
        ".map(g => g.getAttribute('data-id'))")


def test_ring_stepper(open_notebook):
    nb = open_notebook("stepper", STEPPER)
    assert nb.status().startswith("reads 0 of 284;") and _read_next(nb) == ["ring-0-0"]
    nb.press("next")  # entry 0 is action a0: emitted, and entry 1 is read next
    assert "string so far: a0;" in nb.status() and _read_next(nb) == ["ring-0-1"]
    nb.key("ArrowRight")  # entry 2 (>4) jumps to entry 4 (ring-0-3), counted from 1
    assert nb.status().startswith("reads 2 of 284; last read: jump to entry 4")
    assert _read_next(nb) == ["ring-0-3"]
    nb.enter("read", "999")  # bad input: past the end of the trace
    assert nb.message() == "refused: reads must lie in 0..284, got 999"
    nb.press("start")
    assert nb.status().startswith("reads 0 of 284;") and _read_next(nb) == ["ring-0-0"]
    nb.assert_clean()


CROSSOVER = """
from puzzles.clockwork.widget import CrossoverView
CrossoverView(2026).board
"""


def test_crossover_view(open_notebook):
    nb = open_notebook("crossover", CROSSOVER)
    assert nb.status().startswith("cut after entry 6, mutated entry 3;")
    assert nb.attr("cut", "data-cut") == "6"
    nb.click("cut-3-0")  # move the cut to after entry 3: the line moves and the children change
    assert nb.status().startswith("cut after entry 3, mutated entry 3;")
    assert nb.attr("cut", "data-cut") == "3"
    nb.click("ring-5-7")  # mutate entry 8 of child 2 instead
    assert nb.status().startswith("cut after entry 3, mutated entry 8;")
    children = nb.status()
    nb.click("ring-0-1")  # bad input: a parent's entry is not a mutation site
    assert nb.message().startswith("refused: click between two parent entries")
    nb.press("new")  # and the board still plays: new parents, so new children
    assert nb.status().startswith("cut after entry 3, mutated entry 8;")
    assert nb.status() != children
    nb.assert_clean()


IQLINK = """
from puzzles.iqlink.widget import play
play(3)
"""


def test_iqlink_board(open_notebook):
    nb = open_notebook("iqlink", IQLINK)
    tray = nb.ids('[data-id^="tray-"]')
    assert tray and "place" in nb.status()
    nb.click("peg-5")  # bad input: no piece picked
    assert nb.message() == "refused: pick a piece from the tray first"
    nb.click(tray[0])
    assert nb.attr(tray[0], "data-selected") == "1"
    legal = []
    for _ in range(12):  # turn (and flip) until some peg takes the piece
        legal = nb.ids('[data-legal="1"]')
        if legal:
            break
        nb.key("f" if "rotation 5" in nb.status() else "r")
    assert legal, nb.status()
    nb.click(legal[0])
    piece = "piece-" + tray[0].split("-")[1]
    assert piece in nb.ids() and tray[0] not in nb.ids()
    nb.enter("challenge", "500")  # bad input: out of range, refused with a message
    assert nb.message() == "refused: challenge must lie in 1..120, got 500"
    nb.click(piece)  # click a placed piece to take it off
    assert piece not in nb.ids() and "take " in nb.status() and " off" in nb.status()
    nb.assert_clean()


JUMPMAZE = """
from puzzles.core.game import Player
from puzzles.jumpmaze.game import MazeGame
from puzzles.jumpmaze.report import report_puzzle
Player(MazeGame(report_puzzle()))
"""


def test_jumpmaze_board(open_notebook):
    nb = open_notebook("jumpmaze", JUMPMAZE)
    assert nb.attr("cell-0-1", "data-depth") == "46"
    assert ">46<" not in nb.svg()  # depths hidden: they give the way away
    nb.key("d")
    assert ">46<" in nb.svg()  # shown on the cells themselves
    assert nb.attr("cell-0-0", "data-role") == "here"
    first = nb.ids('[data-role="legal"]')[0]
    nb.click(first)
    assert nb.attr(first, "data-role") == "here" and "jumps 1" in nb.status()
    second = nb.ids('[data-role="legal"]')[0]
    nb.click(second)
    assert nb.attr(second, "data-role") == "here" and "jumps 2" in nb.status()
    plain = nb.ids('[data-role="plain"]')[0]
    nb.click(plain)  # bad input: not a legal jump
    assert "is not a legal jump" in nb.message() and nb.attr(second, "data-role") == "here"
    nb.press("edit")
    nb.click("cell-0-0")
    nb.enter("jump", "42")  # bad input: off the board
    assert "takes a jump in 1..10" in nb.message()
    nb.enter("jump", "10")
    assert nb.attr("cell-0-0", "data-jump") == "10" and "re-scored" in nb.status()
    nb.assert_clean()


LOGICGRID = """
from puzzles.core.game import Player
from puzzles.logicgrid.game import slides_example
player = Player(slides_example("Example Puzzle 1 (3x4)"))
player.board
"""


def test_logicgrid_board(open_notebook):
    nb = open_notebook("logicgrid", LOGICGRID)
    cells = nb.ids('[data-id^="cell-"]')
    assert len(cells) == 48
    seen = []
    for _ in range(4):  # select (no mark), then blank -> X -> O -> blank
        nb.click(cells[0])
        seen.append(nb.attr(cells[0], "data-mark"))
    assert seen == ["", "X", "O", ""]
    nb.click(cells[1])
    nb.click(cells[1])
    assert nb.attr(cells[1], "data-mark") == "X"
    nb.key("q")  # bad input, refused beside the status
    assert nb.message().startswith("refused: key 'q'")
    nb.press("reset")  # the marks leave the screen too
    assert "restarted" in nb.status() and nb.attr(cells[1], "data-mark") == ""
    assert nb.ids('[data-mark="X"], [data-mark="O"]') == []
    nb.press("hint")
    assert "hint: Loop 1" in nb.status() and len(nb.ids('[data-highlight="1"]')) == 1
    nb.assert_clean()


HYPERCUBE = """
from puzzles.core.game import Player
from puzzles.hypercube.game import HypercubeGame
from puzzles.hypercube.instances import instance
Player(HypercubeGame(instance(3, "0"), 2)).board
"""


def test_hypercube_board(open_notebook):
    nb = open_notebook("hypercube", HYPERCUBE)
    box = nb.board.bounding_box()
    assert box["height"] < 900 and box["width"] < 1300  # board + controls fit 1400 x 1000 px
    assert nb.attr("ring-0", "data-vertex") == "6"
    nb.click("ring-1")
    assert nb.attr("ring-1", "data-selected") == "1" and nb.attr("ring-0", "data-selected") == "0"
    nb.click("ring-0")
    assert nb.attr("ring-0", "data-selected") == "1"
    assert nb.attr("vertex-2", "data-legal") == "1"
    nb.click("vertex-0")  # bad input: every 2-face through 6 and 0 holds another ring
    assert nb.message().startswith("refused: illegal move (0, 6, 0): every 2-face through 6")
    assert nb.attr("ring-0", "data-vertex") == "6"
    nb.click("vertex-2")
    assert nb.attr("ring-0", "data-vertex") == "2" and nb.status().startswith("moves 1")
    nb.press("undo")
    assert nb.attr("ring-0", "data-vertex") == "6"
    nb.assert_clean()


def test_saved_notebook_shows_the_board_without_a_kernel(lab, browser):
    """A notebook executed and saved elsewhere shows every board as a picture in a JupyterLab
    that has no kernel for it (the widget model is gone; the PNG of the bundle remains)."""
    import nbformat
    from nbclient import NotebookClient

    base, token, folder = lab
    nb = nbformat.v4.new_notebook()
    sources = (CLOCKWORK, STEPPER, CROSSOVER, IQLINK, JUMPMAZE, LOGICGRID, HYPERCUBE)
    nb.cells = [nbformat.v4.new_code_cell(src) for src in sources]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    NotebookClient(nb, timeout=300).execute()
    nb.metadata["kernelspec"] = {"name": "no-such-kernel", "display_name": "none",
                                 "language": "python"}
    nbformat.write(nb, folder / "saved.ipynb")
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = ctx.new_page()
        page.goto(f"{base}/lab/tree/saved.ipynb?token={token}&reset")
        page.wait_for_selector(".jp-Notebook .jp-OutputArea-output", timeout=60_000)
        page.wait_for_timeout(3000)
        outputs = page.locator(".jp-Notebook .jp-OutputArea-output")
        assert outputs.count() == len(sources)
        for i in range(len(sources)):
            img = outputs.nth(i).locator("img")
            assert img.count() == 1, outputs.nth(i).inner_text()
            assert img.get_attribute("src").startswith("data:image/png;base64,")
            assert img.evaluate("e => e.naturalWidth") > 200
        assert page.locator(".pl-board").count() == 0
    finally:
        ctx.close()
