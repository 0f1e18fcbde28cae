"""Issue 24's stored runs and the notebook's tables on them: the naive search in two readings
(``naive.csv``), the transition sweep (``transition.csv``), the independent recount
(``recount.csv``) and the counted work of the paper's solver (``analysis.csv``).

Every number here is seed-free: nodes, and the work counted in tests (fit, scan, link and union
tests, see ``puzzles.iqlink.naive``; the paper's solver's tests, ``search.WORK_TESTS``). Warm
seconds (``timing_naive.csv``, ``timing_transition.csv``) are only shown beside them
(``timing_reading``); the ledger (``puzzles.iqlink.ledger``) never reads them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

from puzzles.core.claims import fmt
from puzzles.core.project import FIGURES_DIR
from puzzles.core.storage import stored_command
from puzzles.core.verdicts import ordering
from puzzles.iqlink import reference
from puzzles.iqlink.budget import STEM
from puzzles.iqlink.experiments import empty_board_slices

EASY = ("Starter", "Junior")


WORK = ("fit_tests", "scan_tests", "link_tests", "union_tests")


#: the cost of a fit, scan, link and union test in each reading of "work": one test each; the
#: 64-bit words each reads (a fit test three slot words, the others one word); or one test
#: each with the union of the pieces down carried along the path instead of redone at every
#: node (not counted: the cheapest linkability rule against the work it could save).
WORK_UNITS = {"tests": (1, 1, 1, 1), "64-bit words": (3, 1, 1, 1),
              "tests, union carried down": (1, 1, 1, 0)}


def add_work(naive: pd.DataFrame) -> pd.DataFrame:
    """``naive`` with a ``work_<unit>`` column per unit of ``WORK_UNITS`` (the four counts
    weighted by their cost in that unit)."""
    out = naive.copy()
    for unit, weights in WORK_UNITS.items():
        out[f"work_{unit}"] = sum(w * naive[c] for w, c in zip(weights, WORK, strict=True))
    return out


def with_seconds(results: pd.DataFrame, timing: pd.DataFrame, step: pd.Series) -> pd.DataFrame:
    """``results`` with a ``seconds`` column from a timing file (step, item, seconds) matched
    on ``step`` (per row) and the challenge id; ValueError when a row has no timing."""
    t = timing.assign(item=timing["item"].astype(str))
    out = results.assign(step=step.to_numpy(), item=results["id"].astype(str)).merge(
        t[["step", "item", "seconds"]], on=["step", "item"], how="left")
    if out["seconds"].isna().any():
        raise ValueError(f"{int(out['seconds'].isna().sum())} rows have no timing")
    return out.drop(columns=["step", "item"])


def naive_step(naive: pd.DataFrame) -> pd.Series:
    """The timing step of each naive.csv row (naive_<reading>_<linked|free>)."""
    return "naive_" + naive["reading"] + np.where(naive["linkability"], "_linked", "_free")


def pairs(naive: pd.DataFrame, reading: str, ids, column: str) -> tuple[np.ndarray, ...]:
    sel = naive[(naive["reading"] == reading) & naive["id"].isin(ids)].sort_values("id")
    linked = sel[sel["linkability"]]
    free = sel[~sel["linkability"]]
    return linked[column].to_numpy(float), free[column].to_numpy(float)


#: the cost of the paper's solver's fit, scan, link, count and checks tests
#: (``search.WORK_TESTS``) in each reading of "work": one test each; the 64-bit words each reads
#: (a fit test three slot words, a census merge three masks, a census check three popcounts);
#: or the census merges carried down the path as an incremental census would (only its checks
#: cost).
COUNT_UNITS = {"tests": (1, 1, 1, 1, 1), "64-bit words": (3, 1, 1, 3, 3),
               "tests, census carried down": (1, 1, 1, 0, 1)}


SEARCH_TESTS = ("fit", "scan", "link", "count", "checks")


WITH_COUNTING, WITHOUT_COUNTING = "final_t3", "linked"  # the analysis' runs with and without


def search_work(df: pd.DataFrame, variant: str, unit: str = "tests") -> pd.Series:
    """The work of one run of the paper's solver per challenge (``<variant>_<kind>_tests``
    columns of the analysis) weighted by ``COUNT_UNITS[unit]``."""
    if unit not in COUNT_UNITS:
        raise ValueError(f"unit must be one of {sorted(COUNT_UNITS)}, got {unit!r}")
    return sum(w * df[f"{variant}_{k}_tests"].astype(float)
               for w, k in zip(COUNT_UNITS[unit], SEARCH_TESTS, strict=True))


def easy_counting(df: pd.DataFrame) -> pd.DataFrame:
    """Per level: what the ball/socket check saves (challenges where it saves no node) and what
    it costs (median tests with and without it, the median ratio), the final solver at
    transition 3."""
    rows = []
    for level, g in df.groupby("level", sort=False):
        w, wo = search_work(g, WITH_COUNTING), search_work(g, WITHOUT_COUNTING)
        rows.append({"level": level, "challenges": len(g),
                     "no node saved": int((g[f"{WITHOUT_COUNTING}_nodes"]
                                           == g[f"{WITH_COUNTING}_nodes"]).sum()),
                     "median tests without": float(wo.median()),
                     "median tests with": float(w.median()),
                     "with / without (median)": float((w / wo).median()),
                     "more work with it on": int((w > wo).sum())})
    return pd.DataFrame(rows).set_index("level")


def easy_counting_summary(df: pd.DataFrame) -> dict:
    """The prose's numbers about the ball/socket check on Starter and Junior."""
    easy = df[df["level"].isin(EASY)]
    w, wo = search_work(easy, WITH_COUNTING), search_work(easy, WITHOUT_COUNTING)
    return {"n": len(easy), "same": int((easy[f"{WITHOUT_COUNTING}_nodes"]
                                         == easy[f"{WITH_COUNTING}_nodes"]).sum()),
            "ratio": float((w / wo).median()) if len(easy) else float("nan"),
            "more": int((w > wo).sum())}


def easy_work(naive: pd.DataFrame) -> pd.DataFrame:
    """Starter and Junior, per reading: what linkability saves (challenges with equal nodes and
    equal fit tests) and what it pays (median link tests, median work ratio linked / free)."""
    naive = add_work(naive)
    ids = naive.loc[naive["level"].isin(EASY), "id"].unique()
    rows = []
    for r in ("any", "fixed"):
        lk, fr = pairs(naive, r, ids, "nodes")
        fl, ff = pairs(naive, r, ids, "fit_tests")
        wl, wf = pairs(naive, r, ids, "work_tests")
        row = {"reading": r, "challenges": len(ids), "nodes equal": int((lk == fr).sum()),
               "fit tests equal": int((fl == ff).sum())}
        for c in WORK:
            row[f"median {c.replace('_', ' ')} (linked)"] = float(
                np.median(pairs(naive, r, ids, c)[0]))
        row["work linked / free (median)"] = float(np.median(wl / wf))
        row["linked does more work on"] = int((wl > wf).sum())
        rows.append(row)
    return pd.DataFrame(rows).set_index("reading")


def easy_work_summary(naive: pd.DataFrame) -> dict:
    """The prose's numbers about the counted work on Starter and Junior (any order)."""
    row = easy_work(naive).loc["any"]
    return {"n": int(row["challenges"]), "same": int(row["nodes equal"]),
            "ratio": float(row["work linked / free (median)"]),
            "more": int(row["linked does more work on"])}


#: the paired timing test's outcome in words that are not verdicts (free is the low side)
TIMING_WORDS = {"reproduced": "linked slower", "contradicted": "linked faster"}


def timing_reading(naive: pd.DataFrame) -> pd.DataFrame:
    """The warm seconds beside the counted work on Starter and Junior, per reading: medians,
    pairs where the linked search took longer, and the paired test a timing would give.
    Displayed only: wall times measured once on a shared machine never decide a verdict."""
    naive = add_work(naive)
    ids = naive.loc[naive["level"].isin(EASY), "id"].unique()
    rows = []
    for r in ("any", "fixed"):
        lk, fr = pairs(naive, r, ids, "seconds")
        wl, wf = pairs(naive, r, ids, "work_tests")
        # seconds are never equal by construction: no pair is inert
        ev = ordering(fr, lk, paired=True, inert=np.zeros(len(fr), bool))
        rows.append({"reading": r, "challenges": len(ids),
                     "work linked / free (median)": float(np.median(wl / wf)),
                     "seconds linked / free (median)": float(np.median(lk / fr)),
                     "linked slower on": int((lk > fr).sum()),
                     "timing test's direction (not a verdict)": TIMING_WORDS.get(
                         ev.significant, "no clear difference"), "p": ev.p})
    return pd.DataFrame(rows)


def transition_means(transition: pd.DataFrame) -> str:
    """Geometric-mean nodes per transition level over all challenges."""
    wide = transition.pivot(index="id", columns="transition", values="nodes").astype(float)
    gm = np.exp(np.log(wide).mean())
    return ", ".join(f"{k} {fmt(float(v))}" for k, v in gm.items())


def hardest_technique(grades: pd.DataFrame) -> str:
    """The challenge with the highest technique grade, with its grade and guesses."""
    top = grades.loc[grades["grade"].idxmax()]
    return (f"challenge {int(top['id'])} ({top['level']}): grade {int(top['grade']):,} "
            f"({int(top['guess']):,} guesses)")


def grade_spread(grades: pd.DataFrame, df: pd.DataFrame, level: str = "Expert") -> str:
    """Distinct grades and Spearman rho against exact-solver nodes within ``level``, for the
    technique grade and the old tier grade."""
    m = grades.merge(df[["id", "nodes", "grade"]].rename(columns={"grade": "old"}), on="id")
    sel = m[m["level"] == level]
    if len(sel) < 3:
        return "n/a"
    rho = stats.spearmanr(sel["grade_techniques"], sel["nodes"])[0]
    return (f"{level}: {sel['grade_techniques'].nunique()} distinct grades of {len(sel)} "
            f"(tier grade: {sel['old'].nunique()}), Spearman rho with exact-solver nodes "
            f"{fmt(float(rho), 2)}")


def stored_runs(folder: Path | None = None) -> dict[str, pd.DataFrame]:
    """Issue 24's stored runs, seed-determined values only (what the ledger reads):
    ``naive`` (naive.csv, with its counted work per unit) and ``transition``
    (transition.csv)."""
    folder = Path(folder) if folder is not None else FIGURES_DIR / STEM
    naive = add_work(pd.read_csv(folder / "naive.csv"))
    tr = pd.read_csv(folder / "transition.csv", dtype={"transition": str})
    return {"naive": naive, "transition": tr}


def stored_timings(folder: Path | None = None) -> dict[str, pd.DataFrame]:
    """The stored runs of ``stored_runs`` with their warm seconds (timing_naive.csv,
    timing_transition.csv) as a ``seconds`` column: for display beside the ledger only."""
    folder = Path(folder) if folder is not None else FIGURES_DIR / STEM
    runs = stored_runs(folder)
    naive, tr = runs["naive"], runs["transition"]
    return {"naive": with_seconds(naive, pd.read_csv(folder / "timing_naive.csv"),
                                  naive_step(naive)),
            "transition": with_seconds(tr, pd.read_csv(folder / "timing_transition.csv"),
                                       "transition_" + tr["transition"])}


def stored_recount(folder: Path | None = None) -> pd.DataFrame | None:
    """The second counter's stored ``recount.csv`` (None while it has not been run)."""
    path = (Path(folder) if folder is not None else FIGURES_DIR / STEM) / "recount.csv"
    return pd.read_csv(path) if path.is_file() else None


def naive_levels(naive: pd.DataFrame) -> pd.DataFrame:
    """Median nodes per level of each naive search, and how many reached the node cap."""
    name = naive["reading"] + np.where(naive["linkability"], " + linkability", "")
    g = naive.assign(search=name).groupby(["level", "search"], sort=False)
    out = g["nodes"].median().unstack("search")
    capped = g["found"].apply(lambda s: int((~s).sum())).unstack("search").add_suffix(" capped")
    return pd.concat([out, capped], axis=1)


def transition_levels(transition: pd.DataFrame) -> pd.DataFrame:
    """Geometric-mean nodes per level and transition, and the challenges each transition
    needs the fewest nodes on (ties count for each)."""
    wide = transition.pivot(index="id", columns="transition", values="nodes").astype(float)
    level = transition.groupby("id")["level"].first()
    gm = np.exp(np.log(wide).groupby(level, sort=False).mean()).round(0)
    gm.loc["all"] = np.exp(np.log(wide).mean()).round(0)
    wins = wide.eq(wide.min(axis=1), axis=0).sum()
    gm.loc["fewest nodes on"] = wins
    return gm.reindex(columns=[c for c in ("2", "3", "4", "5", "6", "never") if c in gm])


def profile_beside_paper(profile: pd.DataFrame, strategies: pd.DataFrame) -> pd.DataFrame:
    """Challenges each strategy solves alone: the paper's booklet, our set under the paper's
    strategies, and our set under the nearest technique of the new grade."""
    paper = reference.strategy_counts()
    total = profile.set_index("level").loc["total"]
    ours = strategies.set_index("strategy")["total (ours)"]
    return pd.DataFrame([
        {"strategy": "single-placement elimination", "paper": paper["elimination_total"],
         "ours (paper's strategy)": int(ours["single-placement elimination"]),
         "ours (technique grade)": int(total["solved up to single"]),
         "technique": "single"},
        {"strategy": "pairwise cleanup", "paper": paper["pairwise_total"],
         "ours (paper's strategy)": int(ours["pairwise cleanup"]),
         "ours (technique grade)": int(total["solved up to block"]),
         "technique": "single, hole, link, block"}])


def naive_summary(runs: dict[str, pd.DataFrame]) -> dict:
    """The prose's numbers about the naive search: capped any-order runs and the cap."""
    naive = runs["naive"]
    any_free = naive[(naive["reading"] == "any") & ~naive["linkability"]]
    return {"capped": int((~any_free["found"]).sum()), "cap": int(any_free["nodes"].max())}


def transition_summary(runs: dict[str, pd.DataFrame]) -> dict:
    """The prose's numbers about the sweep: geometric-mean nodes at 3, 4 and the best level."""
    wide = runs["transition"].pivot(index="id", columns="transition",
                                    values="nodes").astype(float)
    gm = np.exp(np.log(wide).mean())
    return {"best": str(gm.idxmin()), "gm_best": float(gm.min()), "gm3": float(gm["3"]),
            "gm4": float(gm["4"])}


def grade_summary(grades: pd.DataFrame) -> dict:
    """The prose's numbers about the technique grade."""
    return {"distinct_expert": int(grades.loc[grades["level"] == "Expert", "grade"].nunique()),
            "no_guess": int((grades["guess"] == 0).sum()), "n": len(grades)}


def recount_summary(recount: pd.DataFrame) -> dict:
    """Numbers for the prose about the second counter, beside the stored linked counts."""
    eb = empty_board_slices()
    same = recount.merge(eb, left_on="slice", right_on="placement")
    return {"linked": int(recount["linked"].sum()), "fits": int(recount["fits"].sum()),
            "equal": int((same["linked"] == same["solutions"]).sum()), "n": len(recount),
            "command": stored_command(FIGURES_DIR / STEM / "recount.csv")}
