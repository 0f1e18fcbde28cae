"""What a reader of a committed notebook sees: every figure a cell saves is also shown."""

from __future__ import annotations

import nbformat
import pytest

from puzzles.catalogue import CATALOGUE


def _figure_cells(nb: nbformat.NotebookNode) -> list[tuple[int, bool]]:
    """(cell index, shows a picture) for every code cell that saves a figure."""
    out = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and "save_figure(" in cell.source:
            shown = any("image/png" in o.get("data", {}) for o in cell.get("outputs", []))
            out.append((i, shown))
    return out


@pytest.mark.parametrize("entry", CATALOGUE, ids=lambda e: e.stem)
def test_every_saved_figure_is_displayed_in_the_committed_notebook(entry) -> None:
    nb = nbformat.read(entry.path, as_version=4)
    cells = _figure_cells(nb)
    missing = [i for i, shown in cells if not shown]
    assert not missing, f"{entry.stem}: cells {missing} save a figure but show none"
