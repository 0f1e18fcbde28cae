"""Drawing the board in the paper's hex-cell picture: pegs' flowers, pieces, heat maps."""

from __future__ import annotations

import io
import math
from collections.abc import Iterable

import matplotlib

matplotlib.use("Agg", force=False)
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import PolyCollection  # noqa: E402

from puzzles.iqlink.board import N_PEGS, N_SLOTS, peg_cell, slot_cell, unreachable_cells  # noqa: E402
from puzzles.iqlink.pieces import BALL, PIECES  # noqa: E402
from puzzles.iqlink.placements import Placement, element_pegs, kinds_at, slot_matrix, table  # noqa: E402

SQRT3 = math.sqrt(3.0)


def cell_xy(q: int, r: int) -> tuple[float, float]:
    """Centre of hex cell (q, r) in plot coordinates (pointy-top hexes, r grows downward)."""
    return SQRT3 * (q + r / 2.0), -1.5 * r


def hexagon(q: int, r: int) -> list[tuple[float, float]]:
    """The six corners of hex cell (q, r)."""
    x, y = cell_xy(q, r)
    return [(x + math.cos(math.radians(30 + 60 * k)), y + math.sin(math.radians(30 + 60 * k)))
            for k in range(6)]


def _base(ax, title: str | None) -> None:
    cells = [slot_cell(s) for s in range(N_SLOTS)]
    ax.add_collection(PolyCollection([hexagon(*c) for c in cells], facecolors="#f1f1f1",
                                     edgecolors="#c8c8c8", linewidths=0.5))
    ax.add_collection(PolyCollection([hexagon(*c) for c in unreachable_cells()],
                                     facecolors="#222222", edgecolors="#222222"))
    ax.add_collection(PolyCollection([hexagon(*peg_cell(p)) for p in range(N_PEGS)],
                                     facecolors="#f6e27a", edgecolors="#c8c8c8",
                                     linewidths=0.5))
    xs = [cell_xy(*c)[0] for c in cells]
    ys = [cell_xy(*c)[1] for c in cells]
    ax.set_xlim(min(xs) - 1.5, max(xs) + 1.5)
    ax.set_ylim(min(ys) - 1.5, max(ys) + 1.5)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=10)


def draw_pieces(ax, placements: Iterable[Placement], grey: Iterable[Placement] = (),
                numbers: bool = False, title: str | None = None) -> None:
    """Draw the board with pieces in their colours (``grey`` ones greyed out, e.g. givens),
    anchors (middle elements) marked with a dot and balls with a ring."""
    _base(ax, title)
    t = table()
    sm = slot_matrix()
    grey = list(grey)
    for pl in list(grey) + list(placements):
        colour = "#9a9a9a" if pl in grey else PIECES[pl.piece].colour
        i = t.id_of(pl)
        cells = [slot_cell(int(s)) for s in sm[i].nonzero()[0]]
        ax.add_collection(PolyCollection([hexagon(*c) for c in cells], facecolors=colour,
                                         edgecolors="#555555", linewidths=0.6))
        kinds = kinds_at(pl)
        for peg in element_pegs(pl):
            x, y = cell_xy(*peg_cell(peg))
            if kinds[peg] == BALL:
                ax.plot(x, y, "o", ms=7, mfc="none", mec="white", mew=1.5)
        x, y = cell_xy(*peg_cell(pl.peg))
        ax.plot(x, y, ".", color="black", ms=5)
    if numbers:
        for p in range(N_PEGS):
            x, y = cell_xy(*peg_cell(p))
            ax.text(x, y - 0.55, str(p), ha="center", va="top", fontsize=6, color="#555555")


def draw_heat(ax, heat, given: Iterable[Placement] = (), title: str | None = None,
              vmax: float | None = None):
    """Draw a heat map: each slot's cell coloured by how many placements claim it (blue =
    hard to reach, red = many), given pieces in grey; returns the colour mapping."""
    _base(ax, title)
    t = table()
    sm = slot_matrix()
    taken = set()
    for pl in given:
        taken |= set(int(s) for s in sm[t.id_of(pl)].nonzero()[0])
    free = [s for s in range(N_SLOTS) if s not in taken and heat[s] > 0]
    ax.add_collection(PolyCollection([hexagon(*slot_cell(s)) for s in taken],
                                     facecolors="#9a9a9a", edgecolors="#555555",
                                     linewidths=0.4))
    coll = PolyCollection([hexagon(*slot_cell(s)) for s in free], cmap="coolwarm",
                          edgecolors="#555555", linewidths=0.4)
    coll.set_array([float(heat[s]) for s in free])
    coll.set_clim(1, vmax if vmax else max([heat[s] for s in free], default=1))
    ax.add_collection(coll)
    return coll


def board_figure(placements: Iterable[Placement] = (), grey: Iterable[Placement] = (),
                 title: str | None = None, numbers: bool = True, size: float = 4.5):
    """A new figure with one board drawing."""
    fig, ax = plt.subplots(figsize=(size, size * 0.62))
    draw_pieces(ax, placements, grey, numbers=numbers, title=title)
    return fig


def png_bytes(fig, dpi: int = 90) -> bytes:
    """PNG bytes of a figure (for an ipywidgets Image); closes the figure."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()
