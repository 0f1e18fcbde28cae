"""The core Player in a real browser, in JupyterLab's light and dark themes, on the toy game:
keyboard-only play to the win, the help, a refusal beside the status, undo of an edit, a typed
puzzle loaded and exported, and the contrast of every text of the scene against what is drawn
under it."""

from __future__ import annotations

import pytest

from puzzles.lightsout.game import LightsOut
from puzzles.lightsout.model import SIZE

TOY = """
from puzzles.lightsout.game import LightsOut
from puzzles.core.game import Player
player = Player(LightsOut())
player.board
"""

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}

# WCAG contrast of every <text> against the first filled shape under its centre (or the
# output area's background), from the colours the browser computed; each text is scrolled into
# the viewport first (outside it, nothing lies "under" a text and white marks on colour would
# be compared with the page).
CONTRAST = """
(canvas) => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  let page = null;
  for (let el = canvas; el && !page; el = el.parentElement) {
    const bg = getComputedStyle(el).backgroundColor;
    if (bg && !bg.startsWith("rgba(0, 0, 0, 0)") && bg !== "transparent") page = rgb(bg);
  }
  // elementsFromPoint skips elements with pointer-events: none (labels' badges): count them
  const style = document.createElement("style");
  style.textContent = ".pl-canvas svg * { pointer-events: auto !important; }";
  document.head.appendChild(style);
  const seen = Array.from(canvas.querySelectorAll("text")).map((t) => {
    // elementsFromPoint sees only the viewport: bring each text into it first
    t.scrollIntoView({ block: "center", inline: "center" });
    const box = t.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    // the first shape under the text that paints (transparent hit areas do not)
    const under = document.elementsFromPoint(x, y).find((e) => e !== t && canvas.contains(e)
      && ["rect", "circle", "polygon", "path"].includes(e.tagName)
      && getComputedStyle(e).fill !== "none"
      && parseFloat(getComputedStyle(e).fillOpacity) >= 0.5
      && getComputedStyle(e).visibility !== "hidden");
    const bg = under ? rgb(getComputedStyle(under).fill) : page;
    return [t.textContent, ratio(rgb(getComputedStyle(t).fill), bg)];
  });
  style.remove();
  return seen;
}
"""


def _theme(nb, theme: str) -> None:
    nb.page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', "
                     f"{{theme: '{THEMES[theme]}'}})")
    light = "true" if theme == "light" else "false"
    nb.page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'",
                              timeout=20_000)
    nb.page.wait_for_timeout(500)


def _message(nb) -> str:
    return nb.board.locator(".pl-message").inner_text()


def _focused(nb) -> str | None:
    return nb.page.evaluate("() => document.activeElement && "
                            "document.activeElement.getAttribute('data-id')")


def _walk_to(nb, cell: int) -> None:
    """Move the keyboard focus to ``cell-<cell>`` with arrow keys only."""
    for _ in range(2 * SIZE):
        here = int((_focused(nb) or "cell-0").removeprefix("cell-"))
        if here == cell:
            return
        (r, c), (tr, tc) = divmod(here, SIZE), divmod(cell, SIZE)
        key = ("ArrowDown" if tr > r else "ArrowUp") if tr != r else (
            "ArrowRight" if tc > c else "ArrowLeft")
        nb.page.keyboard.press(key)
    raise AssertionError(f"could not reach cell {cell} by arrow keys (at {_focused(nb)})")


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_keyboard_only_play_to_the_win_with_help_refusal_and_readable_text(open_notebook,
                                                                           theme: str):
    nb = open_notebook(f"toy_{theme}", TOY)
    _theme(nb, theme)
    assert "Goal: switch every light off" in nb.svg() and "a lit cell" in nb.svg()
    low = [(t, r) for t, r in nb.board.locator(".pl-canvas").evaluate(CONTRAST) if r < 4.5]
    assert not low, low
    # Every clickable element is focusable and named.
    names = nb.board.locator(".pl-canvas [data-id]").evaluate_all(
        "els => els.map(e => [e.getAttribute('tabindex'), e.getAttribute('aria-label')])")
    assert names and all(t == "0" and a for t, a in names)
    nb.board.focus()
    nb.page.keyboard.press("?")
    assert nb.board.locator(".pl-help").is_visible()
    assert "undo" in nb.board.locator(".pl-help").inner_text()
    before = nb.status()
    nb.key("0")
    assert _message(nb) == "refused: cells are numbered 1-9" and nb.status() == before
    nb.board.focus()
    nb.page.keyboard.press("Tab")  # into the scene: the first cell takes the focus
    assert _focused(nb) == "cell-0"
    plan = LightsOut().solve(LightsOut().initial())
    for move in plan:
        _walk_to(nb, move)
        before = nb._seen()
        nb.page.keyboard.press("Enter")
        nb._settle(before)
    assert f"solved in {len(plan)} moves (the fewest possible: {len(plan)})" in nb.status()
    nb.assert_clean()


def test_an_edit_is_undone_and_a_typed_puzzle_round_trips(open_notebook):
    nb = open_notebook("toy_edit", TOY)
    lit = nb.svg().count("#f5d142")
    nb.enter("toggle", "1")
    assert nb.svg().count("#f5d142") == lit - 1 and "light 1 toggled" in nb.status()
    nb.press("undo")
    assert nb.svg().count("#f5d142") == lit and "undone" in nb.status()
    text = "#..\n.#.\n..#"
    nb.enter("puzzle", text)
    nb.press("load")
    assert "loaded the typed puzzle" in nb.status() and nb.svg().count("#f5d142") == 3 + 1
    nb.press("export")
    assert nb.board.locator('[data-control="puzzle"]').input_value() == text
    nb.enter("puzzle", "#..\n.x.\n..#")
    nb.press("load")
    assert _message(nb).startswith("refused: line 2:")
    nb.assert_clean()
