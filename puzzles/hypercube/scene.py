"""The one drawing of a hypercube puzzle: an SVG scene for the shared board (a PNG through
``scene_png``): Q^d, the coloured target vertices, the rings, scaled to fit 900 x 560 px.

Vertex v sits at the sum of the 2-D basis vectors of its set bits. The first three vectors draw
a cube in oblique projection; the fourth places a second cube beside the first (the usual
tesseract picture, both cubes joined by the edges of coordinate 3); the fifth lifts that pair
into a 2 x 2 grid of cubes, and the sixth doubles the grid again.

Ids: ``vertex-<v>`` (click to move the selected ring there, or to select the ring standing
on it), ``ring-<i>`` (ring i on its vertex: click to select it; ``data-vertex``,
``data-selected``), ``pick-<i>`` (the legend entry of ring i). Legal destinations of the
selected ring carry ``data-legal="1"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from puzzles.core.board import Scene
from puzzles.hypercube.model import Puzzle, validate_config

MAX_W, MAX_H = 900.0, 560.0
PAD = 34.0
BASIS = np.array([(1.0, 0.0), (0.0, 1.0), (0.45, 0.32), (2.1, 0.35), (0.35, 2.2), (4.4, 0.15)])


def layout(d: int) -> np.ndarray:
    """2-D position of every vertex of Q^d, shape (2^d, 2)."""
    if not 1 <= d <= len(BASIS):
        raise ValueError(f"d must lie in 1..{len(BASIS)} to draw, got {d}")
    bits = (np.arange(1 << d)[:, None] >> np.arange(d)[None, :]) & 1
    return bits @ BASIS[:d]


def cube_scene(puzzle: Puzzle, config: Sequence[int], selected: int | None = None,
               legal: Iterable[int] = ()) -> Scene:
    """Edges, vertices (targets filled with their ring's colour), rings, a legend."""
    config = validate_config(puzzle, config)
    d = puzzle.d
    pos = layout(d)
    xmin, ymin = pos.min(axis=0)
    xmax, ymax = pos.max(axis=0)
    scale = min((MAX_W - 2 * PAD) / max(xmax - xmin, 1e-9),
                (MAX_H - 2 * PAD) / max(ymax - ymin, 1e-9), 170.0)
    w = (xmax - xmin) * scale + 2 * PAD
    h = (ymax - ymin) * scale + 2 * PAD
    legend_h = 30
    sc = Scene(max(w, 16 + 80 * len(puzzle.colours)), h + legend_h)

    def xy(v: int) -> tuple[float, float]:
        return PAD + (pos[v][0] - xmin) * scale, PAD + (ymax - pos[v][1]) * scale

    rad = max(7.0, min(15.0, scale * 0.11))
    for v in range(1 << d):
        for b in range(d):
            u = v | (1 << b)
            if u != v:
                sc.line(*xy(v), *xy(u), stroke="#cccccc", stroke_width=1.2)
    colour_of = dict(zip(puzzle.target, puzzle.colours, strict=True))
    legal = set(legal)
    for v in range(1 << d):
        x, y = xy(v)
        c = colour_of.get(v)
        with sc.group(id=f"vertex-{v}", data_legal="1" if v in legal else "0",
                      data_target=c or ""):
            sc.circle(x, y, rad * 1.9, fill="#ffffff", fill_opacity=0.01)  # easy to hit
            sc.circle(x, y, rad if c else rad * 0.55, fill=c or "#ffffff", stroke="#4d4d4d")
            if v in legal:
                sc.circle(x, y, rad * 1.7, fill="none", stroke="#333333", stroke_width=1.5,
                          stroke_dasharray="4 3")
        sc.text(x + rad * 0.9, y + rad * 1.3, v, size=10, anchor="start", fill="#595959",
                pointer_events="none")
    for i, v in enumerate(config):
        x, y = xy(v)
        with sc.group(id=f"ring-{i}", data_vertex=str(v),
                      data_selected="1" if i == selected else "0"):
            if i == selected:
                sc.circle(x, y, rad * 1.75, fill="none", stroke="#000000", stroke_width=6)
            sc.circle(x, y, rad * 1.45, fill="none", stroke=puzzle.colours[i], stroke_width=4.5)
    for i, colour in enumerate(puzzle.colours):
        lx = 10 + 80 * i
        with sc.group(id=f"pick-{i}", data_selected="1" if i == selected else "0"):
            sc.rect(lx, h + 4, 74, 22, rx=4, fill="#ffffff",
                    stroke="#000000" if i == selected else "#999999",
                    stroke_width=3 if i == selected else 1)
            sc.circle(lx + 12, h + 15, 7, fill="none", stroke=colour, stroke_width=3.5)
            sc.text(lx + 24, h + 15, colour, size=11, anchor="start")
    return sc
