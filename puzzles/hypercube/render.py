"""Drawing Q^d and a configuration with matplotlib (cube, tesseract as two cubes, Q^5 as four).

Vertex v sits at the sum of the 2-D basis vectors of its set bits. The first three vectors draw
a cube in oblique projection; the fourth places a second cube beside the first (the usual
tesseract picture, both cubes joined by the edges of coordinate 3); the fifth lifts that pair
into a 2 x 2 grid of cubes, and the sixth doubles the grid again.
"""

from __future__ import annotations

import io

import matplotlib.pyplot as plt
import numpy as np

from puzzles.hypercube.model import Puzzle, validate_config

BASIS = np.array([(1.0, 0.0), (0.0, 1.0), (0.45, 0.32), (2.1, 0.35), (0.35, 2.2), (4.4, 0.15)])


def layout(d: int) -> np.ndarray:
    """2-D position of every vertex of Q^d, shape (2^d, 2)."""
    if not 1 <= d <= len(BASIS):
        raise ValueError(f"d must lie in 1..{len(BASIS)} to draw, got {d}")
    bits = (np.arange(1 << d)[:, None] >> np.arange(d)[None, :]) & 1
    return bits @ BASIS[:d]


def draw(puzzle: Puzzle, config, ax=None, selected: int | None = None,
         highlight: tuple[int, ...] = (), title: str | None = None):
    """Draw the cube, the coloured target vertices and the rings; return the Figure.

    ``selected`` (a ring index) is drawn with a black halo; ``highlight`` vertices (e.g. the
    selected ring's legal destinations) get a dashed marker.
    """
    config = validate_config(puzzle, config)
    d = puzzle.d
    pos = layout(d)
    if ax is None:
        size = {2: 3.0, 3: 3.6, 4: 5.2, 5: 6.2, 6: 9.0}[d]
        fig, ax = plt.subplots(figsize=(size, size * 0.8))
    else:
        fig = ax.figure
    for v in range(1 << d):
        for b in range(d):
            u = v | (1 << b)
            if u != v:
                ax.plot(*zip(pos[v], pos[u], strict=True), color="0.8", lw=0.8, zorder=1)
    colour_of = dict(zip(puzzle.target, puzzle.colours, strict=True))
    for v in range(1 << d):
        c = colour_of.get(v)
        ax.scatter(*pos[v], s=170 if c else 40, color=c or "white", edgecolor="0.3",
                   lw=0.8, zorder=2)
        ax.annotate(str(v), pos[v], xytext=(6, -11), textcoords="offset points", fontsize=7,
                    color="0.35")
    for v in highlight:
        ax.scatter(*pos[v], s=420, facecolor="none", edgecolor="0.2", lw=1.0, ls="--",
                   zorder=3)
    for i, v in enumerate(config):
        if selected == i:
            ax.scatter(*pos[v], s=640, facecolor="none", edgecolor="black", lw=2.5, zorder=4)
        ax.scatter(*pos[v], s=420, facecolor="none", edgecolor=puzzle.colours[i], lw=3.5,
                   zorder=5)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=10)
    return fig


def to_png(fig) -> bytes:
    """PNG bytes of a figure (for an ipywidgets Image); closes the figure."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80, bbox_inches="tight", metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()
