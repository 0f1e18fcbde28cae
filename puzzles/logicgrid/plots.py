"""The notebook's charts (matplotlib) and board pictures (the scene, as PNG).

Each chart function draws one figure of the notebook from the runs and returns it; :func:`show`
saves it under the figures folder and shows it. Boards are drawn by :mod:`.scene` only:
:func:`board` saves the scene as PNG and returns it for display.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from puzzles.core import save_figure
from puzzles.core.board import scene_png
from puzzles.core.display import Picture, described, show_picture
from puzzles.logicgrid import released
from puzzles.logicgrid.experiments import MAIN, curves, paper_convention_curve
from puzzles.logicgrid.hints import TYPE_LABELS, Hint
from puzzles.logicgrid.model import Space
from puzzles.logicgrid.per_trial import SET_OF
from puzzles.logicgrid.scene import blank, grid_scene


def show(fig, name: str, directory: str | Path) -> None:
    """Save ``fig`` as ``<directory>/<name>.png`` and show it."""
    save_figure(fig, name, directory)
    plt.show()


def board(space: Space, grid: np.ndarray | None, hints: Sequence[Hint], name: str,
          directory: str | Path, title: str = "") -> Picture:
    """The scene of a grid (empty when None) with its clues, saved as ``<name>.png``."""
    png = scene_png(grid_scene(space, blank(space) if grid is None else grid, hints,
                               title=title))
    cats = ", ".join(c.name for c in space.categories)
    alt = (f"{title + ': ' if title else ''}a logic grid of {len(space.categories)} categories "
           f"({cats}) with {len(space.categories[0].entities)} entities each, "
           f"{'empty' if grid is None else 'filled in'}, and its {len(hints)} clues listed "
           f"beside it.")
    return show_picture(png, name, directory, alt)


def fitness(results: Sequence[dict]):
    """Top fitness of both populations and the feasible count per generation, both arms."""
    fig, axes = plt.subplots(2, 2, figsize=(11, 6.5), sharex="col")
    for j, name in enumerate(MAIN):
        c = curves(results, name)
        ax = axes[0, j]
        ax.plot(c["generation"], c["top_feasible"], color="C1", label="feasible (top)")
        inf_ax = ax if j == 0 else ax.twinx()
        inf_ax.plot(c["generation"], c["top_infeasible"], color="C0", label="infeasible (top)")
        ax.set_title(name)
        ax.set_ylabel("fitness" if j == 0 else "feasible fitness = loops")
        if j == 1:
            inf_ax.set_ylabel("infeasible fitness")
        ax.legend(ax.get_lines() + (inf_ax.get_lines() if j else []),
                  ["feasible (top)", "infeasible (top)"], loc="lower right")
        axes[1, j].plot(c["generation"], c["feasible_count"], color="C2")
        axes[1, j].set_ylabel("feasible individuals (of 50)")
        axes[1, j].set_xlabel("generation")
    fig.tight_layout()
    ends = "; ".join(
        f"{name}: top feasible {c['top_feasible'].iloc[-1]:.2f}, "
        f"{c['feasible_count'].iloc[-1]:.1f} feasible at generation {c['generation'].iloc[-1]}"
        for name, c in ((name, curves(results, name)) for name in MAIN))
    return described(fig, f"Four line charts over generations, one column per experiment: "
                          f"the top fitness of the feasible and infeasible populations (top) and "
                          f"the feasible individuals of 50 (bottom), means over the runs. At "
                          f"the end: {ends}.")


def fitness_vs_authors(results: Sequence[dict]):
    """Our mean top fitness per generation beside the authors' data.txt curves (their
    convention: 0 for a trial without a feasible list; "difficulty only" as loops / 10)."""
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.4))
    for ax, (name, key) in zip(axes, SET_OF.items(), strict=True):
        st = released.statistics(key)
        scale = 0.1 if key == "do" else 1.0
        for which, colour in (("feasible", "C1"), ("infeasible", "C0")):
            theirs = st[f"fitness_{which}_curve"]
            ours = paper_convention_curve(results, name, which,
                                          scale if which == "feasible" else 1.0)
            ax.plot(np.arange(1, len(theirs) + 1), theirs, color=colour, ls="--",
                    label=f"{which}, authors")
            ax.plot(np.arange(1, len(ours) + 1), ours, color=colour, label=f"{which}, ours")
        ax.set_title(name)
        ax.set_xlabel("generation (from 1)")
    axes[0].set_ylabel("mean top fitness")
    axes[0].legend(fontsize=7)
    fig.tight_layout()
    return described(fig, f"Three line charts of the mean top fitness per generation, one per "
                          f"experiment ({', '.join(SET_OF)}): ours (solid) beside the authors' "
                          f"stored curves (dashed), for the feasible and the infeasible "
                          f"population.")


def hints_per_puzzle(puzzles: Sequence[dict]):
    """Histograms of the clues per final puzzle, both arms."""
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.2))
    for ax, name in zip(axes, MAIN, strict=True):
        n = [len(p["hints"]) for p in puzzles if p["experiment"] == name]
        ax.hist(n, bins=np.arange(0.5, 21.5), rwidth=0.85)
        ax.set_title(f"{name}: mean {np.mean(n):.2f} hints")
        ax.set_xlabel("hints per puzzle")
    axes[0].set_ylabel("puzzles")
    fig.tight_layout()
    means = "; ".join(
        f"{name}: mean {np.mean([len(p['hints']) for p in puzzles if p['experiment'] == name]):.2f}"
        for name in MAIN)
    return described(fig, f"Two histograms of the hints per final puzzle, one per experiment "
                          f"({means}).")


def hints_per_loop(tables: Mapping[str, pd.DataFrame]):
    """Hints still queued at each loop of the authors' solver, stacked by type, both arms."""
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.5))
    for ax, (name, t) in zip(axes, tables.items(), strict=True):
        bottom = np.zeros(len(t))
        for label in TYPE_LABELS.values():
            ax.bar(t["loop"], t[label], bottom=bottom, label=label)
            bottom += t[label].to_numpy()
        ax.set_title(name + " (paper mode)")
        ax.set_xlabel("solver loop")
    axes[0].set_ylabel("hints still queued (sum over puzzles)")
    axes[0].legend()
    fig.tight_layout()
    loops = "; ".join(f"{name}: {len(t)} loops" for name, t in tables.items())
    return described(fig, f"Two stacked bar charts of the hints still queued at each loop of "
                          f"the authors' solver, summed over the puzzles and stacked by hint "
                          f"type ({', '.join(TYPE_LABELS.values())}); {loops}.")


def mutation(table: pd.DataFrame):
    """Share still feasible after successive mutations, each column a line."""
    fig, ax = plt.subplots(figsize=(5.5, 3.2))
    for col in table.columns[1:]:
        ax.plot(table["mutations"], table[col], marker="o", label=col,
                ls="--" if col == "paper" else "-")
    ax.set_xlabel("successive mutations")
    ax.set_ylabel("still feasible")
    ax.legend()
    last = table.iloc[-1]
    ends = ", ".join(f"{col} {last[col]:.2f}" for col in table.columns[1:])
    return described(fig, f"Line chart of the share of puzzles still feasible after "
                          f"{int(table['mutations'].min())} to {int(table['mutations'].max())} "
                          f"successive mutations, one line per "
                          f"column; after {int(last['mutations'])}: {ends}.")


def ablation_protocol(runs: Sequence[dict]):
    """Feasible individuals per generation of their single-population GA, per variant."""
    fig, ax = plt.subplots(figsize=(6.5, 3.2))
    for v in dict.fromkeys(r["variant"] for r in runs):
        counts = [r["n_feasible"] for r in runs if r["variant"] == v]
        ax.plot(np.arange(1, len(counts[0]) + 1), np.mean(counts, axis=0), label=v)
    ax.set_xlabel("generation (from 1)")
    ax.set_ylabel("feasible individuals (of 50)")
    ax.set_title("single-population GA (their protocol)")
    ax.legend(fontsize=8)
    ends = ", ".join(
        f"{v} {np.mean([r['n_feasible'][-1] for r in runs if r['variant'] == v]):.1f}"
        for v in dict.fromkeys(r["variant"] for r in runs))
    return described(fig, f"Line chart of the mean feasible individuals (of 50) per generation "
                          f"of the authors' single-population GA, one line per variant; at the "
                          f"last generation: {ends}.")


def ablation(results: Sequence[dict]):
    """Feasible individuals per generation of FI-2Pop under each infeasible fitness."""
    fig, ax = plt.subplots(figsize=(6.5, 3.2))
    for name in ["full", "no completion", "no row validity", "no violations", "random"]:
        rs = [r for r in results if r["experiment"] == MAIN[0]
              and r["overrides"] == ({} if name == "full" else {"ablation": name})]
        if rs:
            ax.plot(np.mean([r["n_feasible"] for r in rs], axis=0), label=name)
    ax.set_xlabel("generation")
    ax.set_ylabel("feasible individuals (of 50)")
    ax.legend(fontsize=8)
    ends = ", ".join(f"{line.get_label()} {line.get_ydata()[-1]:.1f}" for line in ax.get_lines())
    return described(fig, f"Line chart of the mean feasible individuals (of 50) per generation "
                          f"of FI-2Pop under each infeasible fitness; at the last generation: "
                          f"{ends}.")


def map_elites(emap: pd.DataFrame):
    """Loops of the hardest puzzle per clue count, both solvers."""
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.plot(emap["clues"], emap["loops (sound)"], marker="o", label="sound (objective)")
    ax.plot(emap["clues"], emap["loops (paper)"], marker="s", ls="--", label="paper mode")
    ax.set_xlabel("clues")
    ax.set_ylabel("loops of the hardest puzzle")
    ax.legend()
    return described(fig, f"Line chart of the loops of the hardest puzzle found per clue count "
                          f"({int(emap['clues'].min())} to {int(emap['clues'].max())} clues): "
                          f"at most {emap['loops (sound)'].max():g} loops for the sound "
                          f"solver and {emap['loops (paper)'].max():g} in paper mode.")
