"""The notebook's figures (Figs. 3-4, 13-20, 24-26 of the paper, redrawn on our challenges).

The interactive board is ``scene.py``'s; the paper's figures of pieces and heat maps (Figs. 3-4,
15-19) are drawn here with matplotlib, in the paper's hex-cell picture, as committed.
"""

from __future__ import annotations

from collections.abc import Iterable

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.collections import PolyCollection

from puzzles.core.compat import boxplot
from puzzles.core.display import described
from puzzles.iqlink.board import (
    N_PEGS,
    N_SLOTS,
    cell_xy,
    hexagon,
    peg_cell,
    slot_cell,
    unreachable_cells,
)
from puzzles.iqlink.generate import LEVEL_NAMES, load_challenges, stored_solution
from puzzles.iqlink.pieces import BALL, PIECES
from puzzles.iqlink.placements import (
    Challenge,
    Placement,
    element_pegs,
    kinds_at,
    slot_matrix,
    table,
)
from puzzles.iqlink.strategies import heat_map

LEVEL_COLOURS = dict(zip(LEVEL_NAMES, ("#4daf4a", "#377eb8", "#984ea3", "#ff7f00", "#e41a1c"),
                         strict=True))


def _levels(df: pd.DataFrame, column: str, what: str) -> str:
    """Per level, the median of ``column``: the numbers an alt text of a per-challenge chart
    states."""
    medians = df.groupby("level")[column].median()
    return f"median {what} by level: " + ", ".join(
        f"{lv} {medians[lv]:.3g}" for lv in LEVEL_NAMES if lv in medians.index)


def _level_background(ax) -> None:
    for k, level in enumerate(LEVEL_NAMES):
        ax.axvspan(24 * k + 0.5, 24 * k + 24.5, color=LEVEL_COLOURS[level], alpha=0.07)
        ax.text(24 * k + 12.5, 1.0, level, transform=ax.get_xaxis_transform(), ha="center",
                va="bottom", fontsize=8)


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


def board_and_pieces(cid: int):
    """Fig. 3/4 style: a challenge (ours) and its solution, with the pieces' colour key."""
    ch = load_challenges()[cid - 1]
    sol = stored_solution(cid)
    fig, axs = plt.subplots(1, 2, figsize=(11, 3.6))
    draw_pieces(axs[0], ch.given, numbers=True, title=f"our challenge {cid} ({ch.level})")
    draw_pieces(axs[1], [p for p in sol if p not in ch.given], grey=ch.given,
                title="its unique solution (givens grey)")
    handles = [plt.Line2D([], [], marker="h", ls="", ms=9, color=p.colour, label=p.name)
               for p in PIECES]
    fig.legend(handles=handles, loc="lower center", ncol=6, fontsize=7, frameon=False)
    fig.subplots_adjust(bottom=0.18)
    return described(fig, f"Two IQ-Link boards of hexagonal cells: our challenge {cid} "
                          f"({ch.level}) with its {len(ch.given)} given pieces, and its unique "
                          f"solution with the givens grey and the other "
                          f"{len(sol) - len(ch.given)} pieces in their colours; a key names "
                          f"the {len(PIECES)} pieces by colour.")


def placements_before_after(df: pd.DataFrame):
    """Fig. 13: legal placements per challenge before and after basic cleanup (log scale)."""
    fig, ax = plt.subplots(figsize=(10, 3.2))
    ax.semilogy(df["id"], df["placements_legal"], "o", ms=3, label="all legal")
    ax.semilogy(df["id"], df["placements_clean"], "o", ms=3,
                label="after unwise filter + pairwise cleanup")
    _level_background(ax)
    ax.set_xlabel("our challenge")
    ax.set_ylabel("placements")
    ax.legend(fontsize=8)
    return described(fig, f"Fig. 13: log-scale dot chart of the legal placements of each of our "
                          f"{len(df)} challenges, before and after the unwise filter and "
                          f"pairwise cleanup, grouped by level; "
                          f"{_levels(df, 'placements_legal', 'legal placements')}; "
                          f"{_levels(df, 'placements_clean', 'after cleanup')}.")


def combinations_before_after(df: pd.DataFrame):
    """Fig. 14: combinations (product of placements per piece) left after cleanup, in percent."""
    fig, axs = plt.subplots(1, 2, figsize=(11, 3.2))
    axs[0].plot(df["id"], df["log10_combos_legal"], "o", ms=3, label="all legal")
    axs[0].plot(df["id"], df["log10_combos_clean"], "o", ms=3, label="after cleanup")
    axs[0].set_ylabel("log10 combinations")
    axs[0].legend(fontsize=8)
    pct = 100 * 10 ** (df["log10_combos_clean"] - df["log10_combos_legal"])
    axs[1].plot(df["id"], pct, "o", ms=3, color="C2")
    axs[1].set_ylabel("combinations left (%)")
    for ax in axs:
        _level_background(ax)
        ax.set_xlabel("our challenge")
    return described(fig, f"Fig. 14: two dot charts over our {len(df)} challenges by level: "
                          f"log10 combinations before and after cleanup, and the percentage "
                          f"of combinations left (median {pct.median():.2g}%).")


def heat_maps(ids: tuple[int, ...]):
    """Figs. 16-19: per challenge, the givens, the solution and the heat map of legal moves."""
    fig, axs = plt.subplots(len(ids), 3, figsize=(13, 3.0 * len(ids)), squeeze=False)
    for row, cid in zip(axs, ids, strict=True):
        ch = load_challenges()[cid - 1]
        sol = stored_solution(cid)
        draw_pieces(row[0], ch.given, title=f"our challenge {cid} ({ch.level})")
        draw_pieces(row[1], [p for p in sol if p not in ch.given], grey=ch.given,
                    title="solution")
        coll = draw_heat(row[2], heat_map(ch), ch.given, title="heat map of legal placements")
        fig.colorbar(coll, ax=row[2], shrink=0.8)
    return described(fig, f"Figs. 16-19: {len(ids)} rows of three IQ-Link boards, for our "
                          f"challenges {', '.join(map(str, ids))}: the given pieces, the "
                          f"solution (givens grey) and a heat map of how many legal placements "
                          f"cover each cell, with a colour bar.")


def empty_heat_map():
    """Fig. 15: superposition of every legal placement on the empty board."""
    fig, ax = plt.subplots(figsize=(6, 3.6))
    heat = heat_map(Challenge(()))
    coll = draw_heat(ax, heat, title="empty board: placements per slot")
    fig.colorbar(coll, ax=ax, shrink=0.8)
    values = np.asarray(heat, dtype=float)
    return described(fig, f"Fig. 15: heat map of the empty IQ-Link board, each cell coloured by "
                          f"the legal placements covering it ({values.min():g} to "
                          f"{values.max():g}), with a colour bar.")


def heatsort_gains(df: pd.DataFrame):
    """Fig. 20: which combination a brute force reaches the solution at (log10)."""
    fig, ax = plt.subplots(figsize=(10, 3.4))
    ax.plot(df["id"], df["log10_rank_legal"], "o", ms=3, label="all legal, catalogue order")
    ax.plot(df["id"], df["log10_rank_clean"], "o", ms=3, label="after cleanup")
    ax.plot(df["id"], df["log10_rank_heat"], "o", ms=3, label="after cleanup + heatsort")
    _level_background(ax)
    ax.set_xlabel("our challenge")
    ax.set_ylabel("log10 combination reaching the solution")
    ax.legend(fontsize=8)
    return described(fig, f"Fig. 20: dot chart over our {len(df)} challenges by level of the "
                          f"log10 rank of the combination at which a brute force reaches the "
                          f"solution: all legal placements in catalogue order, after cleanup, "
                          f"and after cleanup and heatsort; "
                          f"{_levels(df, 'log10_rank_heat', 'log10 rank after heatsort')}.")


def first_moves(df: pd.DataFrame):
    """Fig. 24: legal first moves and those linked to a given piece, per challenge."""
    fig, ax = plt.subplots(figsize=(10, 3.2))
    ax.bar(df["id"], df["first_moves"], color="#9ecae1", label="legal first moves")
    ax.bar(df["id"], df["first_moves_linkable"], color="#08519c", label="linkable first moves")
    _level_background(ax)
    ax.set_xlabel("our challenge")
    ax.set_ylabel("first moves")
    ax.legend(fontsize=8)
    return described(fig, f"Fig. 24: bar chart over our {len(df)} challenges by level of the "
                          f"legal first moves and, darker, those linked to a given piece; "
                          f"{_levels(df, 'first_moves', 'legal first moves')}; "
                          f"{_levels(df, 'first_moves_linkable', 'linkable first moves')}.")


def transition_times(df: pd.DataFrame):
    """Figs. 25/26: solve time per challenge, exhaustive at 3 or 4 pieces (seconds, log)."""
    fig, axs = plt.subplots(1, 2, figsize=(12, 3.4))
    for col, label in (("final_t3", "exhaustive at 3"), ("final_t4", "exhaustive at 4")):
        secs = df[f"{col}_s"].to_numpy()
        gave_up = ~df[f"{col}_found"].to_numpy()
        for ax, ys in ((axs[0], secs), (axs[1], np.log10(np.maximum(secs, 1e-6)))):
            line, = ax.plot(df["id"], ys, "o-", ms=3, lw=0.6, label=label)
            ax.plot(df["id"][gave_up], ys[gave_up], "x", ms=8, color=line.get_color())
    axs[0].set_ylabel("seconds")
    axs[1].set_ylabel("log10 seconds")
    for ax in axs:
        _level_background(ax)
        ax.set_xlabel("our challenge (x: node limit reached)")
        ax.legend(fontsize=8)
    # Times differ on every run: the alt text states what is measured, not the seconds.
    return described(fig, f"Figs. 25-26: the wall time to solve each of our {len(df)} "
                          f"challenges when the search turns exhaustive at 3 or at 4 pieces "
                          f"left, in seconds and in log10 seconds, crosses where the node "
                          f"limit was reached.")


def difficulty_by_level(df: pd.DataFrame, column: str = "nodes"):
    """Beyond the paper: nodes of the exact solver per challenge, by level (log scale)."""
    fig, ax = plt.subplots(figsize=(8, 3.2))
    data = [np.log10(np.maximum(df.loc[df["level"] == lv, column].to_numpy(), 1))
            for lv in LEVEL_NAMES]
    boxplot(ax, data, list(LEVEL_NAMES))
    for k, ys in enumerate(data):
        xs = np.full(len(ys), k + 1.0) + np.linspace(-0.15, 0.15, len(ys))
        ax.plot(xs, ys, ".", color=LEVEL_COLOURS[LEVEL_NAMES[k]], alpha=0.7)
    ax.set_ylabel(f"log10 {column} (exact solver)")
    return described(fig, f"Box plots by level of the log10 {column} of the exact solver on "
                          f"each of our {len(df)} challenges, with each challenge as a dot; "
                          f"{_levels(df, column, column)}.")


def grade_by_level(df: pd.DataFrame):
    """Beyond the paper: the human-style grade against level and against pieces given."""
    fig, axs = plt.subplots(1, 2, figsize=(11, 3.4))
    data = [df.loc[df["level"] == lv, "grade"].to_numpy() for lv in LEVEL_NAMES]
    boxplot(axs[0], data, list(LEVEL_NAMES))
    for k, ys in enumerate(data):
        xs = np.full(len(ys), k + 1.0) + np.linspace(-0.15, 0.15, len(ys))
        axs[0].plot(xs, ys, ".", color=LEVEL_COLOURS[LEVEL_NAMES[k]], alpha=0.7)
    axs[0].set_ylabel("grade (0-4: deduction tier; 5+: 4 + log2 guesses)")
    for lv in LEVEL_NAMES:
        sel = df[df["level"] == lv]
        jitter = np.linspace(-0.2, 0.2, max(len(sel), 1))[:len(sel)]
        axs[1].plot(sel["given"] + jitter, sel["grade"], "o", ms=4, alpha=0.7,
                    color=LEVEL_COLOURS[lv], label=lv)
    axs[1].set_xlabel("pieces given")
    axs[1].legend(fontsize=7)
    return described(fig, f"Two charts of the human-style grade of our {len(df)} challenges: "
                          f"box plots by level ({_levels(df, 'grade', 'grade')}) and the grade "
                          f"against the pieces given, coloured by level.")
