"""Alt text as JupyterLab renders it: Lab's image renderer reads no alt from the output
metadata, so a figure carries a markdown image too, which Lab prefers and renders as an ``<img>``
with the alt; a screen reader then hears it, in a live run and in a committed notebook."""

from __future__ import annotations

import shutil

from tests.browser.conftest import ROOT, _run_all, wait_until_run, write_notebook

FIGURE_CELL = f"""\
import sys
sys.path.insert(0, {str(ROOT)!r})
import matplotlib.pyplot as plt
from puzzles.core import described

fig, ax = plt.subplots(figsize=(3, 2))
ax.plot([0, 1], [0, 1])
described(fig, "a line rising from 0 to 1 [test]")
"""


def _alts(page) -> list[str]:
    """The alt of every image in the notebook's outputs, as the page holds them."""
    return page.locator(".jp-OutputArea-output img").evaluate_all(
        "els => els.map(e => e.getAttribute('alt'))")


def test_a_described_figure_renders_as_an_img_with_its_alt(lab, browser):
    base, token, folder = lab
    file = write_notebook(folder, "alt_live", FIGURE_CELL)
    ctx, page, errors = _run_all(browser, base, token, file)
    try:
        wait_until_run(page, 120)
        page.wait_for_selector(".jp-OutputArea-output img", timeout=30_000)
        # the cell's value, and the inline backend's display of the open figure where it runs
        alts = _alts(page)
        assert alts and set(alts) == {"a line rising from 0 to 1 [test]"}
        assert errors == []
    finally:
        ctx.close()


def test_the_committed_notebook_shows_its_figures_with_alt_text(lab, browser):
    base, token, folder = lab
    shutil.copy(ROOT / "notebooks" / "01_clockwork.ipynb", folder / "alt_committed.ipynb")
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    try:
        page.goto(f"{base}/lab/tree/alt_committed.ipynb?token={token}&reset")
        page.wait_for_selector(".jp-Notebook .jp-OutputArea-output img", timeout=60_000)
        # the notebook renders its cells lazily: the first figures are enough to show the rule
        page.wait_for_function(
            "() => Array.from(document.querySelectorAll('.jp-OutputArea-output img'))"
            ".some(e => (e.getAttribute('alt') || '').startsWith('Figs. 1-2'))", timeout=60_000)
        figures = [a for a in _alts(page) if a and a.startswith("Fig")]
        assert figures and all(len(a) > 20 for a in figures)
    finally:
        ctx.close()
