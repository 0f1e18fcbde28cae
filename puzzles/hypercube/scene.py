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

from puzzles.core.board import INK, Scene, ink_on
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


# Display colours of the ring colours' names: strong enough against a white or a dark page
# (plain "yellow" is 1.1:1 on white, so it is drawn dark gold), each ring also numbered.
DISPLAY = {"red": "#d62728", "green": "#2ca02c", "blue": "#1f77b4", "yellow": "#c9a400",
           "purple": "#9467bd", "orange": "#ff7f0e", "cyan": "#17becf", "pink": "#e377c2",
           "brown": "#8c564b"}


def display_colour(name: str) -> str:
    """The colour a ring named ``name`` is drawn in."""
    return DISPLAY.get(name, name)


def cube_scene(puzzle: Puzzle, config: Sequence[int], selected: int | None = None,
               legal: Iterable[int] = ()) -> Scene:
    """Edges, vertices (targets filled with their ring's colour and number), numbered rings,
    vertex numbers beside the vertices (never under a ring), a legend of the rings."""
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
    sc = Scene(max(w, 16 + 96 * len(puzzle.colours)), h + legend_h)

    def xy(v: int) -> tuple[float, float]:
        return PAD + (pos[v][0] - xmin) * scale, PAD + (ymax - pos[v][1]) * scale

    rad = max(7.0, min(15.0, scale * 0.11))
    for v in range(1 << d):
        for b in range(d):
            u = v | (1 << b)
            if u != v:
                sc.line(*xy(v), *xy(u), stroke="#999999", stroke_width=1.2)
    ring_of = {t: i for i, t in enumerate(puzzle.target)}
    legal = set(legal)
    for v in range(1 << d):
        _vertex(sc, v, xy(v), rad, puzzle, ring_of.get(v), v in legal)
    for i, v in enumerate(config):
        x, y = xy(v)
        colour = display_colour(puzzle.colours[i])
        with sc.group(id=f"ring-{i}", data_vertex=str(v),
                      data_selected="1" if i == selected else "0",
                      aria_label=f"ring {i + 1} ({puzzle.colours[i]}) on vertex {v}"):
            if i == selected:
                sc.circle(x, y, rad * 1.75, fill="none", stroke=INK, stroke_width=5)
            sc.circle(x, y, rad * 1.45, fill="none", stroke=colour, stroke_width=4.5)
            # the ring's number on a badge at its lower right, readable on either theme
            bx, by = x + rad * 1.05, y + rad * 1.05
            sc.circle(bx, by, 7.5, fill=colour, stroke="#ffffff", stroke_width=1)
            sc.text(bx, by, i + 1, size=10, fill=ink_on(colour), font_weight="bold")
    for i, name in enumerate(puzzle.colours):
        lx = 10 + 96 * i
        colour = display_colour(name)
        with sc.group(id=f"pick-{i}", data_selected="1" if i == selected else "0",
                      aria_label=f"select ring {i + 1} ({name}), key {i + 1}"):
            sc.rect(lx, h + 4, 90, 22, rx=4, fill="#ffffff",
                    stroke="#000000" if i == selected else "#999999",
                    stroke_width=3 if i == selected else 1)
            sc.circle(lx + 12, h + 15, 7, fill=colour, stroke="#333333", stroke_width=1)
            sc.text(lx + 12, h + 15, i + 1, size=10, fill=ink_on(colour), font_weight="bold")
            sc.text(lx + 24, h + 15, f"{i + 1} {name}", size=11, anchor="start",
                    fill="#1a1a1a")
    return sc


def _vertex(sc: Scene, v: int, at: tuple[float, float], rad: float, puzzle: Puzzle,
            ring: int | None, legal: bool) -> None:
    """Vertex ``v``: a target (filled with its ring's colour and number) or a small dot; its
    number above-left, clear of any ring; dashed when the selected ring may move there."""
    x, y = at
    colour = None if ring is None else display_colour(puzzle.colours[ring])
    label = f"vertex {v}" + ("" if ring is None else f", target of ring {ring + 1} "
                             f"({puzzle.colours[ring]})") + (", legal move" if legal else "")
    with sc.group(id=f"vertex-{v}", data_legal="1" if legal else "0",
                  data_target="" if ring is None else puzzle.colours[ring], aria_label=label):
        sc.circle(x, y, rad * 1.9, fill="#ffffff", fill_opacity=0.01)  # easy to hit
        sc.circle(x, y, rad if colour else rad * 0.55, fill=colour or "#ffffff",
                  stroke="#4d4d4d")
        if ring is not None:
            sc.text(x, y, ring + 1, size=max(9.0, rad * 0.9), fill=ink_on(colour),
                    font_weight="bold", pointer_events="none")
        if legal:
            sc.circle(x, y, rad * 1.7, fill="none", stroke=INK, stroke_width=1.5,
                      stroke_dasharray="4 3")
    sc.text(x - rad * 1.6, y - rad * 1.6, v, size=12, anchor="end", fill=INK,
            pointer_events="none", font_weight="bold")
