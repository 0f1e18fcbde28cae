"""Figures of notebook 05 (the paper's Figs. 2-8 and the beyond-the-paper plots)."""

from __future__ import annotations

import io

import matplotlib.image as mpimg
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from puzzles.core.board import scene_png
from puzzles.core.compat import boxplot
from puzzles.core.display import described
from puzzles.core.output import save_figure
from puzzles.hypercube.instances import instance
from puzzles.hypercube.scene import cube_scene
from puzzles.hypercube.story import gods_text

LEVEL_ORDER = ["0", "1", "2", "3", "4", "T3a", "T3b", "T3c"]


def _levels(df: pd.DataFrame) -> list[str]:
    present = set(df["level"])
    return [lv for lv in LEVEL_ORDER if lv in present]


def moves_by_level(runs: pd.DataFrame, d: int, title: str, optimal: pd.DataFrame | None = None):
    """Box plots of solution lengths per level, one panel per k (Figs. 2 and 3)."""
    sub = runs[(runs["d"] == d) & runs["success"]]
    ks = sorted(runs.loc[runs["d"] == d, "k"].unique())
    fig, axes = plt.subplots(1, len(ks), figsize=(3.2 * len(ks), 3.0), squeeze=False)
    for ax, k in zip(axes[0], ks, strict=True):
        s = sub[sub["k"] == k]
        levels = _levels(runs[(runs["d"] == d) & (runs["k"] == k)])
        data = [s.loc[s["level"] == lv, "moves"].astype(float).to_numpy() for lv in levels]
        boxplot(ax, [x if len(x) else [np.nan] for x in data], levels)
        if optimal is not None:
            opt = optimal[(optimal["d"] == d) & (optimal["k"] == k)].set_index("level")
            ax.scatter(range(1, len(levels) + 1),
                       [opt["optimal"].get(lv, np.nan) for lv in levels], marker="*",
                       color="crimson", zorder=3, label="exact optimum")
        ax.set_title(f"d={d}, k={k}")
        ax.set_xlabel("level")
    axes[0][0].set_ylabel("moves")
    if optimal is not None:
        axes[0][0].legend(fontsize=7)
    fig.suptitle(title)
    fig.tight_layout()
    medians = "; ".join(
        f"k={k}: " + ", ".join(
            f"level {lv} {m:g}" for lv, m in sub[sub["k"] == k].groupby("level")["moves"]
            .median().reindex(_levels(sub[sub["k"] == k])).items())
        for k in ks)
    return described(fig, f"{title}: box plots of the moves of the successful runs per level, "
                          f"one panel per k"
                          + (", stars at the exact optimum" if optimal is not None else "")
                          + f". {len(sub)} successful runs; median moves {medians}.")


def ea_vs_rl(ea: pd.DataFrame, rl: pd.DataFrame, k: int = 2, dims=(3, 4)):
    """Fig. 4: EA and RL solution lengths side by side for one k."""
    fig, axes = plt.subplots(1, len(dims), figsize=(4.5 * len(dims), 3.2), squeeze=False)
    for ax, d in zip(axes[0], dims, strict=True):
        levels = [lv for lv in _levels(ea[(ea["d"] == d) & (ea["k"] == k)]) if "T" not in lv]
        for off, (name, runs, colour) in enumerate([("EA", ea, "tab:blue"),
                                                     ("RL", rl, "tab:orange")]):
            s = runs[(runs["d"] == d) & (runs["k"] == k) & runs["success"]]
            data = [s.loc[s["level"] == lv, "moves"].astype(float).to_numpy() for lv in levels]
            at = np.arange(len(levels)) * 3 + off
            bp = ax.boxplot([x if len(x) else [np.nan] for x in data], positions=at,
                            widths=0.8, patch_artist=True)
            for box in bp["boxes"]:
                box.set_facecolor(colour)
            ax.plot([], [], color=colour, lw=6, label=name)
        ax.set_xticks(np.arange(len(levels)) * 3 + 0.5, levels)
        ax.set_xlabel("level")
        ax.set_title(f"d={d}, k={k}")
        ax.legend(fontsize=8)
    axes[0][0].set_ylabel("moves")
    fig.tight_layout()
    med = {name: runs[(runs["k"] == k) & runs["d"].isin(dims) & runs["success"]]["moves"].median()
           for name, runs in (("EA", ea), ("RL", rl))}
    return described(fig, f"Fig. 4: box plots of the solution lengths of the EA (blue) and RL "
                          f"(orange) side by side per level, k={k}, one panel per d in "
                          f"{', '.join(map(str, dims))}; median moves over all these runs: EA "
                          f"{med['EA']:g}, RL {med['RL']:g}.")


def cpu_by_level(df: pd.DataFrame, value: str, title: str, by: str = "k"):
    """Measured seconds per level, one line per k (Figs. 5 and 6); log scale."""
    fig, ax = plt.subplots(figsize=(5.2, 3.4))
    for key, g in df.groupby(by, sort=True):
        levels = _levels(g)
        med = [g.loc[g["level"] == lv, value].median() for lv in levels]
        ax.plot(levels, med, marker="o", label=f"{by}={key}")
        for lv in levels:
            y = g.loc[g["level"] == lv, value]
            ax.scatter([lv] * len(y), y, s=6, alpha=0.3)
    ax.set_yscale("log")
    ax.set_xlabel("level")
    ax.set_ylabel("seconds")
    ax.set_title(title)
    ax.legend(fontsize=8)
    fig.tight_layout()
    # Seconds differ on every run: the alt text states what is measured, not the times.
    keys = ", ".join(f"{by}={key}" for key in sorted(df[by].unique()))
    return described(fig, f"{title}: log-scale line chart of the median measured seconds per "
                          f"level, one line per {by} ({keys}), each measurement a faint dot.")


def appendix_figures(summary: pd.DataFrame, runs: pd.DataFrame, optimum: int,
                     best_c: float = 1.8, other_c: float = 7.0):
    """Figs. 7 and 8: success rate and mean generations vs c; optimum hits vs c; histograms."""
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.4))
    ax = axes[0]
    ax.plot(summary["c"], summary["success_rate"], marker="o", color="tab:blue")
    ax.set_xlabel("Zipf exponent c")
    ax.set_ylabel("success rate", color="tab:blue")
    ax2 = ax.twinx()
    ax2.plot(summary["c"], summary["mean_generations"], marker="s", color="tab:orange")
    ax2.set_ylabel("mean generations (successful runs)", color="tab:orange")
    ax.set_title("Fig. 7: success and generations vs c")
    axes[1].plot(summary["c"], summary[f"{optimum}_move_solutions"], marker="o")
    axes[1].set_xlabel("Zipf exponent c")
    axes[1].set_ylabel(f"runs ending with {optimum} moves")
    axes[1].set_title(f"Fig. 8a: {optimum}-move (optimal) solutions")
    for c, colour in ((best_c, "tab:blue"), (other_c, "tab:grey")):
        s = runs[(runs["c"] == c) & runs["success"]]["moves"].astype(int)
        if len(s):
            bins = np.arange(s.min(), s.max() + 2) - 0.5
            axes[2].hist(s, bins=bins, alpha=0.6, color=colour, label=f"c={c}")
    axes[2].set_xlabel("moves")
    axes[2].set_ylabel("runs")
    axes[2].set_title("Fig. 8b: solution lengths")
    axes[2].legend(fontsize=8)
    fig.tight_layout()
    best = summary.loc[summary["success_rate"].idxmax()]
    return described(fig, f"Figs. 7-8: three charts over the Zipf exponent c from "
                          f"{summary['c'].min():g} to {summary['c'].max():g}: the success rate "
                          f"(highest, {best['success_rate']:.2f}, at c={best['c']:g}) and the "
                          f"mean generations of the successful runs; the runs ending with the "
                          f"optimal {optimum} moves; and histograms of the solution lengths at "
                          f"c={best_c:g} and c={other_c:g}.")


def gap_to_optimum(results: pd.DataFrame):
    """Median EA and RL solution length divided by the exact optimum, per case."""
    df = results.dropna(subset=["optimal"]).copy()
    df = df[df["optimal"] > 0]
    labels = [f"d{r.d} k{r.k} L{r.level}" for r in df.itertuples()]
    fig, ax = plt.subplots(figsize=(12, 3.4))
    x = np.arange(len(df))
    for off, algo, colour in ((-0.2, "ea", "tab:blue"), (0.2, "rl", "tab:orange")):
        ratio = df[f"{algo}_median"].astype(float) / df["optimal"].astype(float)
        ax.bar(x + off, ratio, width=0.4, color=colour, label=algo.upper())
    ax.axhline(1.0, color="black", lw=0.8)
    ax.set_xticks(x, labels, rotation=90, fontsize=7)
    ax.set_ylabel("median / optimum")
    ax.set_yscale("log")
    ax.legend()
    ax.set_title("How far EA and RL are from the exact optimum (missing bar: no success)")
    fig.tight_layout()
    worst = {algo: (df[f"{algo}_median"].astype(float) / df["optimal"].astype(float)).max()
             for algo in ("ea", "rl")}
    return described(fig, f"Log-scale bar chart of the median EA and RL solution length divided "
                          f"by the exact optimum, for each of {len(df)} cases (d, k, level); "
                          f"1 means optimal; the largest ratios are {worst['ea']:.2f} for the "
                          f"EA and {worst['rl']:.2f} for RL.")


def instances_figure(cases=((3, "0", 2), (4, "0", 3), (5, "0", 4))):
    """Fig. 1: the start of each case, drawn by the board's scene (``scene_png``)."""
    fig, axes = plt.subplots(1, len(cases), figsize=(15, 4.6))
    for ax, (d, level, k) in zip(axes, cases, strict=True):
        inst = instance(d, level)
        png = scene_png(cube_scene(inst.puzzle(k), inst.start(k), selected=None))
        ax.imshow(mpimg.imread(io.BytesIO(png)))
        ax.axis("off")
        ax.set_title(f"start of d={d} level {level}", fontsize=10)
    fig.tight_layout()
    return described(fig, "Fig. 1: the start of " + "; ".join(
        f"d={d} level {level} with k={k} rings" for d, level, k in cases)
        + ", each drawn as the board draws it: a hypercube's numbered vertices with the "
          "coloured rings and the discs of their colours.")


def publish(figures: dict, directory) -> None:
    """Save each figure as ``<directory>/<name>.png`` and show it, in order."""
    for name, fig in figures.items():
        save_figure(fig, name, directory)
        plt.show()


def _code_levels(frame: pd.DataFrame) -> pd.DataFrame:
    return frame[frame["level"].str.len() == 1]


def fig3(ea_runs: pd.DataFrame, exact: pd.DataFrame) -> dict:
    """Fig. 3 (d=3) and its d=4 counterpart: EA solution lengths per level."""
    runs = _code_levels(ea_runs)
    return {"fig3_ea_d3": moves_by_level(runs, 3, "Fig. 3: EA solution lengths, d=3", exact),
            "fig3b_ea_d4": moves_by_level(runs, 4, "EA solution lengths, d=4", exact)}


def fig2(rl_runs: pd.DataFrame, exact: pd.DataFrame) -> dict:
    """Fig. 2: RL solution lengths per level, d=3 and d=4."""
    return {f"fig2_rl_d{d}": moves_by_level(_code_levels(rl_runs), d,
                                            f"Fig. 2: RL solution lengths, d={d}", exact)
            for d in (3, 4)}


def fig5(astar_times: pd.DataFrame) -> dict:
    """Fig. 5: A*'s warm seconds per level, d=3 and d=4 (a timing figure)."""
    t = astar_times
    return {"timing_fig5a_astar_d3": cpu_by_level(t[t["d"] == 3], "astar_seconds",
                                                  "Fig. 5a: A* time, d=3"),
            "timing_fig5b_astar_d4": cpu_by_level(_code_levels(t[t["d"] == 4]), "astar_seconds",
                                                  "Fig. 5b: A* time, d=4")}


def fig6(per_path: pd.DataFrame) -> dict:
    """Fig. 6: seconds per explored path, d=3 and (EA, RL) d=4 (a timing figure)."""
    p = per_path
    d4 = _code_levels(p[(p["d"] == 4) & (p["method"] != "A*")])
    return {"timing_fig6a_cpu_d3": cpu_by_level(p[p["d"] == 3], "seconds_per_path",
                                                "Fig. 6a: time per explored path, d=3",
                                                by="method"),
            "timing_fig6b_cpu_d4": cpu_by_level(d4, "seconds_per_path",
                                                "Fig. 6b: time per explored path, d=4",
                                                by="method")}


def distances_figure(gods: pd.DataFrame, distances: pd.DataFrame, percentiles: pd.DataFrame):
    """Distances from the paper's target per (d, k); red lines: the paper's levels."""
    fig, axes = plt.subplots(1, len(gods), figsize=(3.2 * len(gods), 2.8), sharey=False)
    for ax, g in zip(axes, gods.itertuples(), strict=True):
        dd = distances[(distances["d"] == g.d) & (distances["k"] == g.k)]
        ax.bar(dd["distance"], dd["count"], color="#8aa")
        lv = percentiles[(percentiles["d"] == g.d) & (percentiles["k"] == g.k)]
        for o in lv["optimal"]:
            ax.axvline(o, color="crimson", lw=1)
        ax.set_title(f"d={g.d} k={g.k}: God's number {gods_text(g)}", fontsize=9)
        ax.set_xlabel("distance from the target")
    return described(fig, f"{len(gods)} bar charts of how many positions lie at each distance "
                          f"from the paper's target, one per (d, k), red lines at the paper's "
                          f"levels; God's numbers: " + "; ".join(
                              f"d={g.d} k={g.k} {gods_text(g)}" for g in gods.itertuples())
                          + ".")
