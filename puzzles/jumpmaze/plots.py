"""Notebook 03's figures, each saved to the notebook's figures folder: the score curves and final
scores (matplotlib charts) and the board pictures (the board's own scene, through
``scene_png``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from puzzles.core import save_figure
from puzzles.core.board import Scene, scene_png
from puzzles.core.compat import boxplot
from puzzles.core.display import Picture, described, show_picture
from puzzles.jumpmaze import model
from puzzles.jumpmaze.scene import picture

LOCAL = ("hc_strict", "hc_ties", "restarts_strict", "restarts_ties", "walk_strict", "walk_ties",
         "sa")
GA = ("ga", "ga_top80")


def plot_curves(curves: pd.DataFrame, sizes: tuple[int, ...] = (5, 7, 9, 11),
                algorithms: list[str] | None = None, x_frac: bool = False,
                best: pd.DataFrame | None = None) -> plt.Figure:
    """One panel per n: mean score per iteration of each algorithm (``curves.csv`` columns).

    ``x_frac`` rescales each curve's x axis to the fraction of its run, so that the GA's 100
    generations and the local searches' thousands of iterations share one axis. ``best``
    (``curves_best.csv``) adds each algorithm's mean best-so-far as a dashed line of its colour.
    """
    needed = {"algorithm", "n", "iteration", "mean_score"}
    for name, frame in (("curves", curves), ("best", best)):
        if frame is not None and not needed <= set(frame.columns):
            raise ValueError(f"{name} must have columns {sorted(needed)}")
    algorithms = algorithms or list(dict.fromkeys(curves["algorithm"]))
    fig, axes = plt.subplots(1, len(sizes), figsize=(4.2 * len(sizes), 3.6), squeeze=False)
    colours = plt.get_cmap("tab10")
    for ax, n in zip(axes[0], sizes, strict=True):
        for i, alg in enumerate(algorithms):
            d = curves[(curves["algorithm"] == alg) & (curves["n"] == n)]
            if d.empty:
                continue
            x = d["iteration"].to_numpy(float)
            if x_frac:
                x = x / max(x.max(), 1.0)
            ax.plot(x, d["mean_score"], label=alg, color=colours(i % 10), lw=1.2)
            if best is not None:
                b = best[(best["algorithm"] == alg) & (best["n"] == n)]
                xb = b["iteration"].to_numpy(float)
                if x_frac:
                    xb = xb / max(xb.max(), 1.0)
                ax.plot(xb, b["mean_score"], color=colours(i % 10), lw=1.0, ls="--")
        ax.set_title(f"n = {n}")
        ax.set_xlabel("fraction of the run" if x_frac else "iteration")
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("mean score over runs" + (" (dashed: best so far)"
                                                    if best is not None else ""))
    axes[0][-1].legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    return fig


def plot_final_distribution(finals: pd.DataFrame) -> plt.Figure:
    """Box plots of the final score of every run, per algorithm, one panel per n."""
    needed = {"algorithm", "n", "final_score"}
    if not needed <= set(finals.columns):
        raise ValueError(f"finals must have columns {sorted(needed)}")
    sizes = sorted(finals["n"].unique())
    fig, axes = plt.subplots(1, len(sizes), figsize=(4.2 * len(sizes), 3.8), squeeze=False)
    for ax, n in zip(axes[0], sizes, strict=True):
        d = finals[finals["n"] == n]
        algs = list(dict.fromkeys(d["algorithm"]))
        boxplot(ax, [d[d["algorithm"] == a]["final_score"].to_numpy() for a in algs], algs,
                vert=True)
        ax.tick_params(axis="x", rotation=70, labelsize=7)
        ax.set_title(f"n = {n}")
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("final score of a run")
    fig.tight_layout()
    return fig


def curves(curves: pd.DataFrame, best: pd.DataFrame, sizes: Sequence[int],
           directory: str | Path) -> list[plt.Figure]:
    """``curves_local.png`` (the local searches) and ``curves_ga.png`` (both GA readings)."""
    figs = []
    for name, algs, title in (
            ("curves_local", LOCAL, "mean score per iteration over the runs (local searches; "
             "dashed: best so far)"),
            ("curves_ga", GA, "GA: mean population score per generation (dashed: best member "
             "so far)")):
        fig = plot_curves(curves, tuple(sizes), list(algs), best=best)
        fig.suptitle(title, y=1.03)
        described(fig, curves_alt(curves, sizes, algs, title))
        save_figure(fig, name, directory)
        figs.append(fig)
    return figs


def curves_alt(curves: pd.DataFrame, sizes: Sequence[int], algorithms: Sequence[str],
               title: str) -> str:
    """What a panel row of score curves shows: per n, each algorithm's last mean score."""
    last = curves[curves["algorithm"].isin(algorithms)].sort_values("iteration")
    last = last.groupby(["n", "algorithm"])["mean_score"].last()
    panels = "; ".join(
        f"n = {n}: " + ", ".join(f"{a} {last[(n, a)]:.1f}" for a in algorithms if (n, a) in last)
        for n in sizes)
    return (f"Line charts, one panel per maze size: {title}. The mean score each algorithm "
            f"ends with: {panels}.")


def final_alt(finals: pd.DataFrame) -> str:
    """What the box plots of final scores show: per n, the median final score's range."""
    medians = finals.groupby(["n", "algorithm"])["final_score"].median()
    panels = "; ".join(f"n = {n}: medians {m.min():.1f} to {m.max():.1f}"
                       for n, m in medians.groupby(level="n"))
    return (f"Box plots of the final score of each of {len(finals)} runs, one box per "
            f"algorithm, one panel per maze size ({panels}).")


def final_distribution(finals: pd.DataFrame, directory: str | Path) -> plt.Figure:
    """``final_distribution.png``: every run's final score, per algorithm and n."""
    fig = described(plot_final_distribution(finals), final_alt(finals))
    save_figure(fig, "final_distribution", directory)
    return fig


def save_picture(scene: Scene, name: str, directory: str | Path, alt: str) -> Picture:
    """Save a board picture as ``<directory>/<name>.png`` (drawn from the scene); show it with
    ``alt``."""
    return show_picture(scene_png(scene), name, directory, alt)


def _boards_alt(panels: Sequence[tuple[object, str]]) -> str:
    return (f"{len(panels)} rook jumping mazes, each a grid of jump lengths with the start at the "
            f"top left and the goal at the bottom right: " + "; ".join(t for _, t in panels) + ".")


def report_puzzle(grid: object, directory: str | Path) -> Picture:
    """``report_puzzle.png``: the report's best puzzle, re-evaluated."""
    panels = [(grid, "the report's best puzzle (n = 11), re-evaluated")]
    return save_picture(picture(panels, 1), "report_puzzle", directory,
                        f"The report's best rook jumping maze, n = 11, re-evaluated: score "
                        f"{model.score(grid)}, a grid of jump lengths with the start "
                        f"at the top left and the goal at the bottom right.")


def task2_examples(examples: Sequence[tuple[int, bool, np.ndarray]], directory: str | Path
                   ) -> Picture:
    """``task2_examples.png``: per n a solvable (top row) and an unsolvable random maze."""
    ordered = sorted(examples, key=lambda e: not e[1])  # solvable first, each in n order
    panels = [(g, f"n = {n}, {'solvable' if ok else 'unsolvable'}: score {model.score(g)}")
              for n, ok, g in ordered]
    return save_picture(picture(panels, len(examples) // 2), "task2_examples", directory,
                        _boards_alt(panels))


# Seven boards (n = 5..11) in one row made a 2,688 px picture whose digits could not be read at a
# page's width (the README, the book); three to a row keeps it near 1,400 px.
BOARDS_PER_ROW = 3


def boards(mazes: Mapping[str, dict], name: str, directory: str | Path,
           caption: str = "{score} moves ({algorithm})") -> Picture:
    """One board per n (``mazes``: n -> grid, score, ...), titled ``n = <n>: <caption>``,
    :data:`BOARDS_PER_ROW` to a row."""
    panels = [(v["grid"], f"n = {k}: " + caption.format(**v)) for k, v in mazes.items()]
    return save_picture(picture(panels, BOARDS_PER_ROW), name, directory, _boards_alt(panels))
