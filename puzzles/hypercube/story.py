"""The numbers of notebook 05's sentences: each function returns the values of one template of
``prose.md`` (shown with ``Prose("puzzles.hypercube")``), computed from the notebook's tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pandas as pd

from puzzles.core.claims import depends_on_reading
from puzzles.core.prose import Prose
from puzzles.hypercube import reference as ref
from puzzles.hypercube import tables as tb
from puzzles.hypercube.budget import HypercubeBudget
from puzzles.hypercube.experiments import APPENDIX_CASE, CASES, HARDEST
from puzzles.hypercube.instances import instance
from puzzles.hypercube.search import heuristic

if TYPE_CHECKING:
    from puzzles.core.claims import Ledger

PROSE = Prose("puzzles.hypercube")
# The rows the verdicts issues named (and the referee rules of issue 35 moved), shown after
# the ledger.
NAMED_ROWS = ("T5-d4k2L3-min", "S32-reward-later-heavier", "S41-no-six-above-L0",
              "T4-d4k3L4-success", "F3-d3k2L0-count", "F3-d3k2L1-count", "F3-d3k2L2-count",
              "T4-d4k3L0-moves", "T4-d4k3L1-moves", "T4-d4k3L4-moves", "A-c7-success",
              "T2-d4k3L4-astar", "T2-d5k4L0-astar", "A-generations-grow-with-c",
              # issue 43: the rows the authors' stored runs decide
              "T2-d4k1L4-astar", "S41-astar-gives-up", "T4-d5k2L0-min", "F3-d3k2L2-min",
              "F5-astar-time-smaller-k", "S41-cstar-rule")
D5_CASE = (5, "0", 4)  # the paper's d=5 k=4 level, whose target's component is stored


def display_options() -> None:
    """Wide tables in the notebook."""
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", 30)
    pd.set_option("display.max_rows", 80)


def setup(b: HypercubeBudget, scale: str, extras: bool) -> dict[str, Any]:
    """The run's scale and budgets."""
    rerun = extras or scale != "paper"
    return {"scale": scale, "cases": len(CASES), "ea_runs": b.ea_runs, "ea_pop": b.ea_pop,
            "ea_generations": b.ea_generations, "rl_runs": b.rl_runs,
            "rl_episodes": b.rl_episodes, "p_states": dict(b.rl_p_states),
            "extras": "rerun" if rerun else "read from stored runs"}


def bfs_times(times: pd.DataFrame) -> dict[str, Any]:
    """The exact search's warm wall times."""
    return {"slowest": times["seconds"].max(), "cases": len(times),
            "total": times["seconds"].sum()}


def astar_times(times: pd.DataFrame, astar: pd.DataFrame) -> dict[str, Any]:
    """A*'s warm wall times and the cases it gave up on."""
    return {"total": times["astar_seconds"].sum(), "slowest": times["astar_seconds"].max(),
            "gave_up": int(astar["astar_gave_up"].sum())}


def _case_in(frame: pd.DataFrame, row: Any) -> bool:
    return bool(((frame["d"] == row["d"]) & (frame["k"] == row["k"])
                 & (frame["level"] == row["level"])).any())


def astar(table2: pd.DataFrame, list_astar: pd.DataFrame, astar: pd.DataFrame
          ) -> dict[str, Any]:
    """Table 2 against the optimum, the authors' stored A* runs of the cases it gave up on,
    the list-based A* and the hardest case for A*."""
    ok = table2.dropna(subset=["astar_expanded"])
    hard = ok.loc[ok["astar_expanded"].idxmax()]
    done = list_astar[~list_astar["gave_up"]]
    unlisted = "" if _case_in(list_astar, hard) else " " + PROSE.text(
        "astar-unlisted", expanded=int(hard["astar_expanded"]))
    gave = ref.paper_table().query("astar_min != astar_min")  # Table 2's '-'
    theirs = ref.authors_astar().merge(gave[["d", "k", "level"]])
    files = ref.authors_astar_d5()
    d4 = gave[gave["d"] == 4].merge(theirs[["d", "k", "level"]], how="left", indicator=True)
    return {"exact": int((table2["paper_astar_min"] == table2["optimal"]).sum()),
            "printed": int(table2["paper_astar_min"].notna().sum()), "gave_up": len(gave),
            "stored": "; ".join(f"d={r.d} k={r.k} level {r.level} ({r.moves} moves in "
                                f"{r.max_seconds:,.2f} s)" for r in theirs.itertuples()),
            "limit": ref.CPU_LIMIT_SECONDS, "unstored": int((d4["_merge"] == "left_only").sum()),
            "dims": " and ".join(map(str, sorted({x for v in ref.authors_astar_dims().values()
                                                  for x in v}))),
            "copies": int((files["copy_of"] != "").sum()), "files": len(files),
            "list_solved": len(done),
            "list_cases": ", ".join(f"d={r.d} k={r.k} level {r.level}: {r.expanded:,} "
                                    "expansions" for r in done.itertuples()),
            "finished": int((~astar["astar_gave_up"]).sum()), "cases": len(astar),
            "hard_d": hard["d"], "hard_k": hard["k"], "hard_level": hard["level"],
            "hard_expanded": int(hard["astar_expanded"]),
            "median_expanded": int(ok["astar_expanded"].median()), "unlisted": unlisted,
            "antipode": -(-int(hard["d"]) // int(hard["k"]))}


def runs(frame: pd.DataFrame, algo: str) -> dict[str, Any]:
    """How many runs of ``algo``, on how many cases, not started, successful."""
    return {"algo": algo, "runs": len(frame), "cases": len(frame.groupby(["d", "k", "level"])),
            "not_started": int((~frame["ran"]).sum()),
            "successful": int(frame["success"].sum())}


def distances(percentiles: pd.DataFrame, gods: pd.DataFrame) -> dict[str, Any]:
    """Where the paper's levels sit in their distance distributions; God's numbers."""
    share = 100 * percentiles["share_at_most"]
    return {"low": share.min(), "high": share.max(), "median": share.median(),
            "d4_high": share[percentiles["d"] == 4].max(),
            "eccentricities": ", ".join(f"{r.target_eccentricity} (d={r.d}, k={r.k})"
                                        for r in gods.itertuples()),
            "gods": ", ".join(f"{gods_text(r)} (d={r.d}, k={r.k})" for r in gods.itertuples())}


def gods_text(row: Any) -> str:
    """God's number of a row of gods_number.csv: "N", or where only some orbits were searched
    ">= N", or "N-U" where searches bound it above by U."""
    if getattr(row, "bound", "exact") != "lower":
        return str(row.gods_number)
    upper = getattr(row, "upper_bound", None)
    return f">= {row.gods_number}" if upper is None or pd.isna(upper) else (
        f"{row.gods_number}-{int(upper)}")


def gods_dense(table: pd.DataFrame, orbit_times: pd.DataFrame, searches: pd.DataFrame,
               command: str) -> dict[str, Any]:
    """God's number in the dense-BFS dimension: the k settled (and how), the bounds of the
    others, the searches (``gods_orbits_d5.csv``: one row each, its CPU seconds) each k took,
    and what the rest costs per k: its searches left (the orbits the bounds leave open) at the
    mean CPU seconds of its committed searches, else at those of the one search over the
    largest component measured for that k (``timing_gods_orbits.csv``; a k with neither is
    said to be not timed)."""
    dense = table[table["d"] == table["d"].max()]
    lower = dense[dense["bound"] == "lower"]
    settled = dense[dense["bound"] != "lower"]
    big = orbit_times[orbit_times["component_size"] == orbit_times["component_size"].max()]
    cost = big.groupby("k")["cpu_seconds"].max().to_dict()  # the measured search of each k
    spent = searches.groupby("k")["cpu_seconds"].agg(["sum", "mean"]) if len(searches) else (
        pd.DataFrame(columns=["sum", "mean"]))
    cost.update(spent["mean"].to_dict())

    def cpu(k: int) -> str:
        return f", {int(spent.loc[k, 'sum']):,} CPU-s" if k in spent.index else ""

    def bounded(r: Any) -> str:
        if pd.isna(r.upper_bound):
            return f">= {r.gods_number} (k={r.k})"
        n = r.orbits_done
        return (f">= {r.gods_number} and <= {int(r.upper_bound)} (k={r.k}: {n} "
                f"search{'' if n == 1 else 'es'}{cpu(r.k)})")

    left = int(lower["searches_left"].sum())
    per_k = [(r.k, int(r.searches_left), cost.get(r.k)) for r in lower.itertuples()]
    return {"d": int(dense["d"].iloc[0]),
            "settled": "; ".join(f"k={r.k}: {r.gods_number}, {r.how} after {r.orbits_done} of "
                                 f"{r.orbits} searches{cpu(r.k)} (the target's eccentricity "
                                 f"{r.target_eccentricity})" for r in settled.itertuples())
                       or "none",
            "lower": ", ".join(bounded(r) for r in lower.itertuples()) or "none",
            "left": left, "size": int(big["component_size"].iloc[0]),
            "per_k": "; ".join(f"k={k}: {n} searches, not timed" if c is None else
                               f"k={k}: {n} x {c:.0f} CPU-s = {n * c / 3600:.1f} CPU-hours"
                               for k, n, c in per_k) or "none", "command": command}


def components(table: pd.DataFrame) -> dict[str, Any]:
    """Component sizes of the paper's targets in the dense-BFS dimension, by k."""
    dense = table[table["d"] == table["d"].max()]
    return {"d": int(dense["d"].iloc[0]),
            "sizes": ", ".join(f"{r.component_size:,} (k={r.k})" for r in dense.itertuples())}


def heuristics_d5(table: pd.DataFrame, budget: int) -> dict[str, Any]:
    """A* on the dense-BFS dimension's starts (``budget`` expansions each): the paper's
    heuristic against the largest pattern databases (heuristics_d5.csv)."""
    wide = table.pivot(index="instance", columns="heuristic", values="expansions")
    gave = table[(table["heuristic"] == "paper") & table["gave_up"]]
    tables = table[table["heuristic"] != "paper"]
    best = table["heuristic"].iloc[-1]  # the last group size: the strongest tables
    hard = table[table["heuristic"] == best].set_index("instance")
    return {"d": int(table["d"].iloc[0]), "k": int(table["k"].iloc[0]),
            "starts": len(wide), "gave_up": len(gave),
            "budget": budget, "finished": int((~tables["gave_up"]).sum()),
            "searches": len(tables),
            "given_up": ", ".join(f"{r.instance} ({r.optimal_length} moves)"
                                  for r in gave.itertuples()) or "none",
            "best": best,
            "best_expansions": ", ".join(f"{int(r.expansions):,} ({i}, {r.optimal_length} moves)"
                                         for i, r in hard.iterrows())}


def d5(dist: pd.DataFrame, optimum: int) -> dict[str, Any]:
    """The d=5 k=4 target's component: size, farthest distance, the level's share."""
    share = dist.loc[dist["distance"] <= optimum, "count"].sum() / dist["count"].sum()
    return {"size": int(dist["count"].sum()), "farthest": int(dist["distance"].max()),
            "farthest_count": int(dist["count"].iloc[-1]), "optimum": optimum,
            "share": 100 * share,
            "common": ", ".join(str(int(x)) for x in
                                dist.nlargest(2, "count")["distance"].sort_values())}


def heuristics(table: pd.DataFrame) -> dict[str, Any]:
    """Expansions with the pattern databases against the paper's heuristic."""
    solved = table.dropna(subset=["moves"])
    ratio = solved["paper_expanded"] / solved["pdb_expanded"]
    far = table[table["level"] == HARDEST]
    worst = far["paper_expanded"].idxmax()
    return {"fewer": int((ratio > 1).sum()), "solved": len(solved),
            "more": int((ratio < 1).sum()), "pdb_total": int(solved["pdb_expanded"].sum()),
            "paper_total": int(solved["paper_expanded"].sum()), "median_ratio": ratio.median(),
            "largest_ratio": ratio.max(),
            "optima": ", ".join(f"{int(r.moves)} (d={r.d}, k={r.k})" for r in far.itertuples()),
            "hardest_paper": int(far["paper_expanded"].max()),
            "hardest_pdb": int(far.loc[worst, "pdb_expanded"])}


def heuristic_gap(results: pd.DataFrame, d: int = 5, k: int = 4) -> dict[str, Any]:
    """The paper's heuristic at the start of the paper's (d, k) level-0 instance against the
    exact optimum (``results``: results.csv)."""
    row = results[(results["d"] == d) & (results["k"] == k) & (results["level"].astype(str)
                                                              == "0")]
    if len(row) != 1:
        raise ValueError(f"results has {len(row)} rows for d={d} k={k} level 0, expected one")
    inst = instance(d, "0")
    return {"gap_d": d, "gap_k": k, "gap_h": heuristic(inst.puzzle(k), inst.start(k)),
            "gap_optimum": int(row["optimal"].iloc[0])}


def hardest(table: pd.DataFrame) -> dict[str, Any]:
    """EA and RL on the hardest starts against their optima."""
    worst = table.loc[table["ea_success"].idxmin()]
    ea = table["ea_median"] / table["optimal"]
    rl = table["rl_median"] / table["optimal"]
    return {"d": worst["d"], "k": worst["k"], "ea_success": 100 * worst["ea_success"],
            "optimal": int(worst["optimal"]), "rl_success": 100 * worst["rl_success"],
            "rl_median": worst["rl_median"], "cases": len(table), "ea_low": ea.min(),
            "ea_high": ea.max(), "rl_low": rl.min(), "rl_high": rl.max()}


def moved(moves: pd.DataFrame, frame: pd.DataFrame) -> dict[str, Any]:
    """How many rows changed verdict since the verdict engine, and depend on a reading."""
    changed = int((moves["before"] != moves["now"]).mul(moves["rows"]).sum())
    return {"changed": changed, "rows": len(frame),
            "depends": int(depends_on_reading(frame).sum())}


def named_rows(frame: pd.DataFrame) -> list[str]:
    """The rows of :data:`NAMED_ROWS` the ledger holds."""
    ids = set(frame["id"])
    return [i for i in NAMED_ROWS if i in ids]


def _six_sentence(appendix: pd.DataFrame, optimum: int) -> str:
    """Appendix A at the paper's c = 1.8: runs that find the optimum (empty if not run)."""
    c = HypercubeBudget.paper().ea_c
    row = appendix[appendix["c"] == c]
    if row.empty:
        return ""
    return PROSE.text("six", c=c, six=int(row[f"{optimum}_move_solutions"].iloc[0]),
                      runs=int(row["runs"].iloc[0]), optimum=optimum,
                      paper=ref.printed_at_c("appendix_six")[c])


def conclusion(runs: dict[str, pd.DataFrame], bfs_seconds: float, checks: pd.DataFrame,
               appendix: pd.DataFrame, ledger: Ledger) -> dict[str, Any]:
    """Every number of the conclusion; ``runs``: the notebook's ``results``, ``ea_runs``,
    ``rl_runs`` and ``list_astar`` tables."""
    res, ea, rl, list_astar = (runs[x] for x in ("results", "ea_runs", "rl_runs", "list_astar"))
    stored = ref.authors_ea_summary().set_index(["d", "k", "level"])
    d4k3 = ea[(ea["d"] == 4) & (ea["k"] == 3) & (ea["level"].str.len() == 1)]
    d3k2 = res[(res["d"] == 3) & (res["k"] == 2) & res["level"].isin(["0", "1", "2"])]
    gap = res[(res["d"] == 5) & (res["k"] == 4)].iloc[0]
    printed = ref.paper_table().query("d == 5 and k == 4").iloc[0]
    astar_rows = checks["paper column"] == "astar_min"
    done = list_astar[~list_astar["gave_up"]]
    return {"cases": len(res), "bfs_seconds": bfs_seconds, "list_solved": len(done),
            "list_expanded": int(list_astar["expanded"].max()),
            "astar_checked": int(astar_rows.sum()),
            "astar_exact": int((astar_rows & (checks["verdict"] == "equals the optimum")).sum()),
            "d3_generations": " / ".join(f"{x:.1f}" for x in d3k2["ea_generations_mean"]),
            "stored_d3": " / ".join(f"{stored.loc[(3, 2, lv), 'mean_generations']:.1f}"
                                    for lv in "012"),
            "d4k3_successes": int(d4k3["success"].sum()), "d4k3_runs": len(d4k3),
            "d4k3_paper": ref.printed("d4k3_successes_total"),
            "six_sentence": _six_sentence(appendix, tb.optimum(res, APPENDIX_CASE)),
            "rl_success": 100 * float(rl.loc[rl["ran"], "success"].mean()),
            "rl_min": gap["rl_min"], "rl_median": gap["rl_median"], "rl_max": gap["rl_max"],
            "paper_rl": "/".join(str(int(printed[c])) for c in ("rl_min", "rl_median",
                                                                  "rl_max")),
            "optimum": gap["optimal"], "copies": len(tb.table5_copies()),
            "summary": ledger.summary()}
