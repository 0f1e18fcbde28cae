"""The notebook's figures with matplotlib: the paper's Figs. 1-6 as the paper draws them (a row
of clocks, stacked rings; committed as PNGs) and the charts (difficulty against exact
quantities, Kaplan-Meier curves). Boards are drawn by ``scene`` only; the figures share its
colours and labels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import matplotlib.pyplot as plt
from matplotlib.patches import Circle, Rectangle

from puzzles.clockwork import examples
from puzzles.clockwork.hitting import km_curve
from puzzles.clockwork.model import State, state_str
from puzzles.clockwork.scene import light_colours, ring_cell_colour, symbol_label
from puzzles.core.display import described

# The Kaplan-Meier panels: which instances each shows.
KM_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Tables I-II", ("A2", "B2", "A4", "B4", "A5", "B5")),
    ("Tables III, IV", ("C3", "C4", "C5", "D1", "D2", "D3")),
    ("Tables V, VI", ("E1", "E3", "E5", "F1", "F4", "C3")),
)


def draw_clock(ax, state: State, c: int, title: str | None = None) -> None:
    """Draw a state on ``ax``: lights around a dial, light 0 at the top, numbered clockwise."""
    k, L = state
    n = len(L)
    cols = light_colours(c)
    ax.add_patch(Circle((0, 0), 1.18, facecolor="#f4f1ea", edgecolor="#333333", lw=1.5))
    r_light = min(0.2, 2.6 / n)
    for i, v in enumerate(L):
        ang = math.pi / 2 - 2 * math.pi * i / n
        x, y = 0.9 * math.cos(ang), 0.9 * math.sin(ang)
        ax.add_patch(Circle((x, y), r_light, facecolor=cols[v], edgecolor="#222222", lw=1))
        ax.text(x, y, str(i), ha="center", va="center", fontsize=max(5, 9 - n // 8),
                color="#000000" if c == 2 or v == 1 else "#ffffff")
    ang = math.pi / 2 - 2 * math.pi * k / n
    ax.plot([0, 0.62 * math.cos(ang)], [0, 0.62 * math.sin(ang)], color="#111111", lw=3,
            solid_capstyle="round")
    ax.add_patch(Circle((0, 0), 0.06, color="#111111"))
    ax.set_xlim(-1.25, 1.25)
    ax.set_ylim(-1.25, 1.25)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=9)


def clocks_figure(states: Sequence[State], c: int, titles: Sequence[str] | None = None,
                  size: float = 2.6):
    """A row of clocks (e.g. Figs. 1-3); returns the matplotlib Figure."""
    if not states:
        raise ValueError("states must not be empty")
    fig, axes = plt.subplots(1, len(states), figsize=(size * len(states), size + 0.3))
    axes = [axes] if len(states) == 1 else list(axes)
    for i, (ax, s) in enumerate(zip(axes, states, strict=True)):
        draw_clock(ax, s, c, titles[i] if titles else None)
    return fig


def draw_ring(ax, ring: Sequence[int], R: int, y: float = 0.0, label: str = "",
              highlight: int | None = None, marks: Sequence[int] = ()) -> None:
    """One ring as a row of R cells at height ``y``; ``highlight`` = entry being read."""
    for i, s in enumerate(ring):
        face = ring_cell_colour(int(s), R, read=highlight == i, marked=i in marks)
        ax.add_patch(Rectangle((i, y), 1, 0.8, facecolor=face, edgecolor="#333333"))
        ax.text(i + 0.5, y + 0.4, symbol_label(int(s), R), ha="center", va="center", fontsize=8)
    if label:
        ax.text(-0.3, y + 0.4, label, ha="right", va="center", fontsize=9)


def rings_figure(rings: Sequence[Sequence[int]], R: int, labels: Sequence[str],
                 marks: Sequence[Sequence[int]] | None = None, cut: int | None = None,
                 title: str = ""):
    """Rings stacked top to bottom (Fig. 5: parents, children, mutated children)."""
    fig, ax = plt.subplots(figsize=(0.55 * R + 1.8, 0.55 * len(rings) + 0.6))
    for r, ring in enumerate(rings):
        draw_ring(ax, ring, R, y=-r, label=labels[r], marks=(marks[r] if marks else ()))
    if cut is not None:
        ax.axvline(cut, color="#c0392b", lw=2, ls="--")
    ax.set_xlim(-2.2, R + 0.2)
    ax.set_ylim(-len(rings) + 0.7, 1.0)
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=10)
    return fig


def difficulty_figure(results):
    """EA iterations (ours and the paper's) against reachable states and shortest length."""
    df = results.drop_duplicates("instance")
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for ax, col, xlabel, logx in ((axes[0], "reachable_states", "reachable states", True),
                                  (axes[1], "shortest", "shortest solution length", False)):
        x = df[col].astype(float)
        ax.scatter(x, df["iter_mean"].clip(lower=0.5), label="ours", color="#1f77b4")
        ax.scatter(x, df["paper_iter_mean"].clip(lower=0.5), label="paper",
                   facecolors="none", edgecolors="#d62728")
        for xi, yi, name in zip(x, df["iter_mean"].clip(lower=0.5), df["instance"],
                                strict=True):
            ax.annotate(name, (xi, yi), fontsize=6, xytext=(2, 2), textcoords="offset points")
        ax.set_yscale("log")
        if logx:
            ax.set_xscale("log")
        ax.set_xlabel(xlabel)
        ax.set_ylabel("mean tournaments (log; below 0.5 shown at 0.5)")
        ax.legend(fontsize=8)
    fig.tight_layout()
    return described(fig, difficulty_alt(df))


def difficulty_alt(df) -> str:
    """What :func:`difficulty_figure` shows, with its ranges."""
    return (f"Two log-scale scatter plots of the mean tournaments the EA needed on each of "
            f"{len(df)} instances, ours (filled) beside the paper's (open): against the "
            f"number of reachable states ({int(df['reachable_states'].min())} to "
            f"{int(df['reachable_states'].max())}) and against the shortest solution length "
            f"({int(df['shortest'].min())} to {int(df['shortest'].max())} moves).")


def km_figure(ordruns, budget: int,
              groups: Sequence[tuple[str, Sequence[str]]] = KM_GROUPS):
    """Kaplan-Meier curves, P(not yet solved) against tournaments, one panel per group."""
    fig, axes = plt.subplots(1, len(groups), figsize=(4.2 * len(groups), 3.4), sharey=True)
    for ax, (title, keys) in zip(list(axes), groups, strict=True):
        for key in keys:
            g = ordruns[ordruns["instance"] == key]
            t, s = km_curve(g["tournaments"], g["solved"])
            # Step curve from (0, 1); censored runs keep the curve up to the budget.
            x = [0.5, *[max(v, 0.5) for v in t], budget]
            y = [1.0, *s, s[-1] if len(s) else 1.0]
            ax.step(x, y, where="post", label=key)
        ax.set_xscale("log")
        ax.set_xlim(0.5, budget * 1.2)
        ax.set_title(title)
        ax.set_xlabel("tournaments")
        ax.legend(fontsize=7)
    axes[0].set_ylabel("P(not solved yet)")
    fig.tight_layout()
    runs = ordruns[ordruns["instance"].isin({k for _, keys in groups for k in keys})]
    return described(fig, (
        f"Kaplan-Meier curves of the probability that a run has not yet solved its instance "
        f"against tournaments (log scale, budget {budget}), in {len(groups)} panels: "
        + "; ".join(f"{title}: {', '.join(keys)}" for title, keys in groups)
        + f". {int(runs['solved'].sum())} of these {len(runs)} runs solved their instance."))


# --- the paper's figures ------------------------------------------------------------------------


def fig1_fig2(states: Sequence[State]):
    """Figs. 1-2: Example 1's state before and after (3, sigma^3 e0)."""
    k, lights = states[0]
    fig = clocks_figure(states, 2, [f"Fig. 1: ({k}, {''.join(map(str, lights))})",
                                    "Fig. 2: after (3, σ³e₀)"])
    return described(fig, f"Figs. 1-2: two clocks of {len(lights)} two-coloured lights, hand "
                          f"and lights as (hand, lights): Example 1's state "
                          f"{state_str(states[0])} and, after the action (3, σ³e₀), "
                          f"{state_str(states[1])}.")


def fig3_example2():
    """Fig. 3: Example 2's (our) initial state and each action applied to it."""
    states = examples.example2_states()
    fig = clocks_figure(states, 4, ["initial (ours)"] + [f"after a{i}" for i in range(3)])
    return described(fig, "Fig. 3: four clocks of four-colour lights, (hand, lights): our "
                          f"initial state of Example 2, {state_str(states[0])}, then after "
                          "each action: " + ", ".join(
                              f"a{i} gives {state_str(s)}" for i, s in enumerate(states[1:])) + ".")


def fig4_ring():
    """Fig. 4: the alternator ring whose first reads the paper describes."""
    fig = rings_figure([examples.FIG4_RING], examples.FIG4_R, ["ring"],
                       title="Fig. 4: an alternator ring")
    labels = [symbol_label(int(s), examples.FIG4_R) for s in examples.FIG4_RING]
    return described(fig, f"Fig. 4: an alternator ring of {len(labels)} entries, one row of "
                          f"cells reading {' '.join(labels)}.")


def fig5_crossover(f5: dict):
    """Fig. 5: parents, children and mutated children (``examples.fig5_example``)."""
    m = f5["mutate"] - 1
    fig = rings_figure(f5["rings"], 15, f5["labels"], cut=f5["cut"],
                       marks=[(), (), (), (), (m,), (m,)],
                       title=f"Fig. 5: one-point crossover after entry {f5['cut']}, entry "
                             f"{f5['mutate']} mutated")
    rows = "; ".join(f"{label}: {' '.join(symbol_label(int(s), 15) for s in ring)}"
                     for label, ring in zip(f5["labels"], f5["rings"], strict=True))
    return described(fig, f"Fig. 5: six rings of 15 entries, stacked, with a dashed cut after "
                          f"entry {f5['cut']} and entry {f5['mutate']} of each mutated child "
                          f"marked. {rows}.")


def fig6_unsolvable():
    """Fig. 6: Example 3's (our) unsolvable state."""
    state = examples.example3().initial
    fig = clocks_figure([state], 2, ["Fig. 6: unsolvable (ours)"])
    return described(fig, f"Fig. 6: one clock of {len(state[1])} two-colour lights in our "
                          f"unsolvable state of Example 3, (hand, lights) {state_str(state)}.")
