"""Each notebook as a reader runs it: a smoke-scale copy opened in JupyterLab in Chromium,
every cell run from the page; then every board the notebook builds must be on the page, drawn,
with a status line; no cell may write to stderr; and JupyterLab's Log Console must hold nothing
at warning level or above (it logs the notebook's own outputs at info level). The moves and bad
inputs of each board are played in test_boards.py."""

from __future__ import annotations

import nbformat
import pytest

from puzzles.catalogue import CATALOGUE

STDERR = "application/vnd.jupyter.stderr"


def smoke_copy(entry, folder) -> tuple[str, int]:
    """Write a smoke-scale, output-free copy of ``entry``'s notebook into the lab folder; return
    its path there and the number of boards the committed notebook shows."""
    import papermill as pm

    committed = nbformat.read(entry.path, as_version=4)
    # a committed board is its picture (puzzles.reproduce.one_picture), named by its text/plain
    boards = sum("".join(o.get("data", {}).get("text/plain", "")).startswith("Board(")
                 for c in committed.cells if c.cell_type == "code" for o in c.outputs)
    copy = folder / "smoke" / entry.path.name
    copy.parent.mkdir(exist_ok=True)
    figures = folder / "smoke-figures" / entry.stem
    pm.execute_notebook(str(entry.path), str(copy), prepare_only=True, progress_bar=False,
                        parameters={"SCALE": "smoke", "FIGURES_DIR": str(figures)})
    nb = nbformat.read(copy, as_version=4)
    for c in nb.cells:
        if c.cell_type == "code":
            c.outputs, c.execution_count = [], None
    nbformat.write(nb, copy)
    return f"smoke/{entry.path.name}", boards


@pytest.mark.parametrize("entry", CATALOGUE, ids=[e.stem for e in CATALOGUE])
def test_notebook_runs_in_the_browser_and_shows_every_board(entry, lab, run_notebook):
    file, expected = smoke_copy(entry, lab[2])
    assert expected >= 1, f"{entry.stem}: the committed notebook shows no board"
    nb = run_notebook(file)
    assert nb.boards.count() == expected
    for i in range(expected):
        board = nb.boards.nth(i)
        assert board.locator(".pl-canvas svg [data-id]").count() > 0, f"board {i} is empty"
        assert board.locator(".pl-status").text_content().strip(), f"board {i} has no status"
    assert nb.errors == [], nb.errors
    assert nb.log_console_problems() == []
    stderr = nb.page.locator(f'.jp-OutputArea-output[data-mime-type="{STDERR}"]')
    assert stderr.all_text_contents() == []  # no warning, no traceback
