"""SVG scenes of clockwork states, actions and alternator rings: the one drawing of a board
(SVG on the shared board widget, PNG through ``puzzles.core.board.scene_png``), and the
colours and labels the paper's figures (``plots``) share with it.

Ids: ``light-<i>`` (light i), ``action-<i>`` (the button of action i), ``ring-<r>-<i>``
(entry i of ring r), ``cut-<i>`` (the gap after entry i of the parents' rows).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from matplotlib import colormaps
from matplotlib.colors import to_hex

from puzzles.clockwork.model import Action, State, action_str
from puzzles.core.board import INK, Scene, ink_on

FACE_INK = "#1a1a1a"  # text on the clock's light face, in either theme

CELL = 34  # px per ring entry
TWO = ["#ffffff", "#8c8c8c"]                    # c = 2: 0 on (white), 1 off (grey), as Fig. 1
TRAFFIC = ["#2ca02c", "#ffbf00", "#d62728"]     # c = 3: green (goal), amber, red


def light_colours(c: int) -> list[str]:
    """One colour per light setting: on/off for c = 2, a traffic light for 3, a palette beyond."""
    if c < 2:
        raise ValueError(f"c must be >= 2, got {c}")
    if c == 2:
        return TWO
    if c == 3:
        return TRAFFIC
    cmap = colormaps["rainbow"]
    return [to_hex(cmap(i / (c - 1))) for i in range(c)]


def symbol_label(sym: int, R: int) -> str:
    """Ring symbol as text: alternator ``>j`` (1-based target, as in the paper) or ``a<i>``."""
    return f">{sym + 1}" if sym < R else f"a{sym - R}"


def ring_cell_colour(sym: int, R: int, read: bool = False, marked: bool = False) -> str:
    """Fill of a ring entry: yellow when read next, red when marked (a mutation or cut), else
    blue for an alternator and orange for an action (the figures and the board agree)."""
    if read:
        return "#ffd84d"
    if marked:
        return "#f6b6b6"
    return "#d9e7f7" if sym < R else "#fde7c8"


def action_text(action: Action) -> str:
    """An action in words: ``turn 7, +1 at the hand`` (M counted from the hand's new light)."""
    k, M = action
    adds = [f"+{m} at the hand" if j == 0 else f"+{m} at hand+{j}"
            for j, m in enumerate(M) if m]
    return f"turn {k}, " + (", ".join(adds) if adds else "add nothing")


def actions_legend(actions: Sequence[Action]) -> str:
    """``a0 = 7:100000000000, ...`` for figure captions."""
    return ", ".join(f"a{i} = {action_str(a)}" for i, a in enumerate(actions))


def draw_clock(sc: Scene, state: State, c: int, cx: float, cy: float, radius: float) -> None:
    """A state on ``sc``: lights around a dial, light 0 at the top, the hand on light k."""
    k, L = state
    n = len(L)
    cols = light_colours(c)
    sc.circle(cx, cy, radius * 1.18, fill="#f4f1ea", stroke="#333333", stroke_width=1.5)
    r_light = radius * min(0.2, 2.6 / n)
    for i, v in enumerate(L):
        ang = math.pi / 2 - 2 * math.pi * i / n
        x, y = cx + 0.9 * radius * math.cos(ang), cy - 0.9 * radius * math.sin(ang)
        sc.circle(x, y, r_light, id=f"light-{i}", fill=cols[v], stroke="#222222",
                  data_value=str(v), aria_label=f"light {i}: setting {v}")
        # The setting inside the light (so colour is never the only cue), in black or white,
        # whichever reads on the light; the light's number just inside the dial.
        sc.text(x, y, v, size=max(9, r_light * 0.95), fill=ink_on(cols[v]), font_weight="bold",
                pointer_events="none")
        sc.text(cx + 0.66 * radius * math.cos(ang), cy - 0.66 * radius * math.sin(ang), i,
                size=max(8, r_light * 0.6), fill=FACE_INK, pointer_events="none")
    ang = math.pi / 2 - 2 * math.pi * k / n
    sc.line(cx, cy, cx + 0.62 * radius * math.cos(ang), cy - 0.62 * radius * math.sin(ang),
            stroke="#111111", stroke_width=4, stroke_linecap="round", data_hand=str(k))
    sc.circle(cx, cy, radius * 0.06, fill="#111111")


def player_scene(state: State, c: int, actions: Sequence[Action], hint: int | None = None,
                 solved: bool = False) -> Scene:
    """The clock and one clickable box per action (the hinted one outlined in orange and
    marked "hint"): its key, what it does in words, and its plain form."""
    label = [f"{i}  a{i}: {action_text(a)}  [{action_str(a)}]" for i, a in enumerate(actions)]
    box_w = max(150, 7.4 * max(len(t) for t in label) + 90)
    sc = Scene(300 + box_w + 20, max(300, 40 + 36 * len(actions)))
    draw_clock(sc, state, c, 150, 150, 118)
    if solved:
        sc.text(150, 292, "solved", size=14, fill=INK, font_weight="bold")
    sc.text(310, 16, "click an action (or press its key):", size=12, anchor="start")
    for i, _ in enumerate(actions):
        y = 32 + 36 * i
        with sc.group(id=f"action-{i}", aria_label=f"action {label[i]}"):
            sc.rect(310, y, box_w, 30, rx=5, fill="#fde7c8" if i == hint else "#eef3fb",
                    stroke="#e8710a" if i == hint else "#7a8ca5",
                    stroke_width=3 if i == hint else 1)
            sc.text(318, y + 15, label[i] + ("   <- hint" if i == hint else ""), size=12,
                    anchor="start", font_family="monospace", fill="#000000")
    return sc


def entry_numbers(sc: Scene, R: int, y: float, x0: float) -> None:
    """The entries' numbers 1..R above a ring (the stepper and the crossover view count the
    same way, as the ring's ``>j`` labels do)."""
    for i in range(R):
        sc.text(x0 + i * CELL + CELL / 2, y, i + 1, size=10)


def draw_ring(sc: Scene, ring: Sequence[int], R: int, y: float, x0: float, row: int,
              highlight: int | None = None, marks: Sequence[int] = ()) -> None:
    """One ring as a row of R cells; ``highlight`` = the entry read next."""
    for i, s in enumerate(ring):
        face = ring_cell_colour(int(s), R, read=highlight == i, marked=i in marks)
        with sc.group(id=f"ring-{row}-{i}",
                      aria_label=f"entry {i + 1}: {symbol_label(int(s), R)}"):
            sc.rect(x0 + i * CELL, y, CELL, 26, fill=face, stroke="#000000" if highlight == i
                    else "#333333", stroke_width=3 if highlight == i else 1)
            sc.text(x0 + i * CELL + CELL / 2, y + 13, symbol_label(int(s), R), size=11,
                    fill="#000000")


def stepper_scene(ring: Sequence[int], R: int, state: State, c: int,
                  highlight: int | None) -> Scene:
    """Fig. 4 step by step: the ring (entry read next in yellow) above the clock it drives."""
    sc = Scene(max(R * CELL + 20, 260), 312)
    sc.text(10, 10, "ring (yellow, framed: read next; >j jumps to entry j)", size=11,
            anchor="start")
    entry_numbers(sc, R, 26, 10)
    draw_ring(sc, ring, R, 34, 10, 0, highlight=highlight)
    draw_clock(sc, state, c, 130, 192, 90)
    return sc


def crossover_scene(rings: Sequence[Sequence[int]], R: int, labels: Sequence[str], cut: int,
                    mutate: int) -> Scene:
    """Fig. 5: parents, children, mutated children; the cut as a dashed line. Click a gap of
    a parent to move the cut, an entry of a child to choose the mutated entry."""
    x0, row_h, top = 130, 34, 26
    sc = Scene(x0 + R * CELL + 20, top + 20 + row_h * len(rings) + 10)
    entry_numbers(sc, R, top - 14, x0)
    for r, ring in enumerate(rings):
        y = top + r * row_h
        sc.text(x0 - 8, y + 13, labels[r], size=12, anchor="end")
        draw_ring(sc, ring, R, y, x0, r, marks=(mutate - 1,) if r >= 4 else ())
    # Every possible cut point between two parent entries is a visible notch (a scissors
    # mark on a light strip), clickable and named.
    for i in range(1, R):
        for r in (0, 1):
            with sc.group(id=f"cut-{i}-{r}", aria_label=f"cut after entry {i}"):
                sc.rect(x0 + i * CELL - 4, top + r * row_h - 2, 8, 30, rx=3,
                        fill="#c0392b", fill_opacity=0.18, stroke="#c0392b",
                        stroke_width=0.8, stroke_dasharray="2 2")
    x = x0 + cut * CELL
    sc.line(x, top - 8, x, top + 6 + row_h * len(rings), id="cut", stroke="#c0392b",
            stroke_width=3, stroke_dasharray="6 4", data_cut=str(cut), pointer_events="none")
    return sc
