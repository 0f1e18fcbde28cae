"""The notebook's experiment: one task per challenge (run in worker processes), and tables.

``analyse_challenge`` runs everything the paper measured on one challenge: the exact count,
each strategy alone, placements and combinations before/after cleanup, heat-sort ranks, first
moves, and the paper's solver in its variants. Its result is one table row; keys ending in
``_s`` are wall times, which the table keeps out of its columns (``frame.attrs["seconds"]``)
so that the table is the same on every rerun.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import numpy as np
import pandas as pd

from puzzles.core.paper import Task
from puzzles.iqlink import anu, reference
from puzzles.iqlink.budget import IQLinkBudget, sample_ids
from puzzles.iqlink.facts import has_loop, heat_likeness, linked_build_order, parts
from puzzles.iqlink.generate import (
    generate_challenge,
    load_challenges,
    solution_key,
    stored_challenges,
    stored_solution,
)
from puzzles.iqlink.grader import TIERS as GRADER_TIERS
from puzzles.iqlink.grader import grade
from puzzles.iqlink.pieces import PIECE_NAMES, PIECES, piece_index
from puzzles.iqlink.placements import (
    UNLINKED,
    Challenge,
    challenge,
    check_solution,
    collide,
    on_board,
    orientations,
    placement_counts,
    table,
    turn_board,
)
from puzzles.iqlink.search import count_solutions, paper_search
from puzzles.iqlink.strategies import (
    all_legal,
    ball_socket_census,
    basic_cleanup,
    first_moves,
    heat_map,
    heat_sort,
    legal_placements,
    pairwise_cleanup,
    single_elimination,
    solution_rank,
    unwise_filter,
)

# The paper's solver variants run on every challenge: (name, linkable, transition, counting).
VARIANTS: tuple[tuple[str, bool, int, bool], ...] = (
    ("final_t3", True, 3, True),    # Figs. 25/26 (transition at 3), Table 4, Section 15 'with'
    ("final_t4", True, 4, True),    # Figs. 25/26 (transition at 4)
    ("linked", True, 3, False),     # Table 3 'with linkability', Section 15 'without counting'
    ("unlinked", False, 3, False),  # Table 3 'without linkability'
)


def placements_table() -> pd.DataFrame:
    """Table 2: legal placements of each piece on the empty board, with its orientations."""
    counts = placement_counts()
    return pd.DataFrame([{"piece": p.name, "family": p.family,
                          "orientations": len(orientations(p.name)),
                          "placements": counts[p.name]} for p in PIECES])


def _log10(x: int) -> float:
    return round(math.log10(x), 3) if x > 0 else float("nan")


_WARM = False


def warm_up() -> None:
    """Compile (or load from numba's cache) every kernel once, so that timings measure search."""
    global _WARM
    if not _WARM:
        ch = load_challenges()[0]
        count_solutions(ch)
        paper_search(ch, legal_placements(ch)[ch.missing[0]] + legal_placements(ch)[
            ch.missing[1]], lookahead=False)
        _WARM = True


@dataclass(frozen=True)
class AnalysisTask(Task):
    """One challenge to analyse, the paper's solver capped at ``node_limit`` nodes per run."""

    EXPERIMENT = "analysis"
    challenge: int
    node_limit: int


@dataclass(frozen=True)
class Analysis:
    """Everything measured on one challenge: a table row in column order; keys ending in
    ``_s`` are wall times (``seconds``), the others the measured columns (``columns``)."""

    row: dict[str, Any]

    @property
    def columns(self) -> dict[str, Any]:
        """The measured columns (the same on every rerun)."""
        return {k: v for k, v in self.row.items() if not k.endswith("_s")}

    @property
    def seconds(self) -> dict[str, float]:
        """Wall time of each timed step, by step (``exact``, ``grade``, ``final_t3``, ...)."""
        return {k[:-2]: float(v) for k, v in self.row.items() if k.endswith("_s")}


def analysis_tasks(budget: IQLinkBudget, root: int) -> list[AnalysisTask]:
    """One task per sampled challenge, the highest numbers (the hardest) first, so that the
    slowest tasks do not finish last."""
    return [AnalysisTask(cid, budget.node_limit, root=root)
            for cid in sorted(sample_ids(budget.challenges), reverse=True)]


def analysis_frame(tasks: Sequence[AnalysisTask], results: Sequence[Analysis]) -> pd.DataFrame:
    """One row per challenge by id, the measured columns only; the wall times ride along in
    ``frame.attrs["seconds"]`` (challenge id -> step -> seconds; see :func:`timed`)."""
    done = sorted(results, key=lambda r: r.row["id"])
    frame = pd.DataFrame([r.columns for r in done])
    frame.attrs["seconds"] = {int(r.row["id"]): r.seconds for r in done}
    return frame


def timed(df: pd.DataFrame) -> pd.DataFrame:
    """The analysis table with its wall times as ``<step>_s`` columns (for the timing figure,
    ``timings.csv`` and the seconds shown beside nodes; never compared)."""
    secs = pd.DataFrame([{"id": cid, **{f"{k}_s": v for k, v in steps.items()}}
                         for cid, steps in df.attrs["seconds"].items()])
    return df.merge(secs, on="id", how="left")


def analyse_challenge(task: AnalysisTask) -> Analysis:
    """Everything measured on challenge ``task.challenge`` with the paper's solver capped at
    ``task.node_limit`` nodes per run."""
    cid, node_limit = task.challenge, task.node_limit
    warm_up()
    ch = load_challenges()[cid - 1]
    t = table()
    sol = [t.id_of(p) for p in stored_solution(cid) if p not in ch.given]
    exact = count_solutions(ch, store=1)
    row: dict[str, Any] = {"id": cid, "level": ch.level, "given": len(ch.given),
                           "to_place": len(ch.missing), "solutions": exact.count,
                           "fits": exact.fits, "nodes": exact.nodes, "exact_s": exact.seconds}
    # Section 5: the exact solver's solution against the answer key; Section 14: the nodes
    # of the same search stopped at the first linked solution (find, not prove).
    row["key_match"] = exact.count >= 1 and sorted(exact.solutions[0]) == sorted(sol)
    row["find_nodes"] = count_solutions(ch, limit=1, store=0).nodes
    legal = all_legal(ch)
    elim = single_elimination(ch)
    pair = pairwise_cleanup(ch)
    unwise = unwise_filter(ch)
    clean = basic_cleanup(ch)
    heat = heat_map(ch)
    row["one_colour"] = bool(np.all(heat[heat > 0] == 1))
    row["heat_likeness"] = heat_likeness(heat)
    start = time.perf_counter()
    g = grade(ch)
    row.update({"grade": g.value, "tier": g.tier, "guesses": g.guesses, "depth": g.depth,
                "grade_s": time.perf_counter() - start})
    row.update({"all_legal": legal.solved, "elimination": elim.solved,
                "pairwise": pair.solved,
                "solved_by": next((r.strategy for r in (legal, elim, pair) if r.solved),
                                  "search"),
                "placements_legal": legal.placements, "placements_unwise": unwise.placements,
                "placements_pairwise": pair.placements, "placements_clean": clean.placements,
                "log10_combos_legal": _log10(legal.combinations),
                "log10_combos_clean": _log10(clean.combinations)})
    # Section 9: elimination forces only placements of the solution; Section 7: the unwise
    # filter drops placements of the other straight pieces; Section 17: sub-puzzles.
    row["elimination_sound"] = not elim.contradiction and set(elim.forced) <= set(sol)
    gone = {p: len(v) - len(unwise.domains[p]) for p, v in legal.domains.items()}
    row["unwise_aqua_green"] = sum(gone.get(piece_index(n), 0) for n in ("aqua", "light green"))
    row["parts_legal"] = parts(legal.domains)
    row["parts_clean"] = parts(clean.domains)
    given_ids = ch.given_ids
    row["linked_order"] = linked_build_order(given_ids, sol)
    row["link_loop"] = has_loop(given_ids + sol)
    rank_raw = solution_rank(legal.domains, sol)
    rank_clean = solution_rank(clean.domains, sol)
    hs = heat_sort(ch, clean.domains)
    rank_heat = solution_rank(hs, sol)
    row.update({"combos_legal": str(legal.combinations), "rank_legal": str(rank_raw),
                "combos_clean": str(clean.combinations), "rank_clean": str(rank_clean),
                "rank_heat": str(rank_heat),
                "log10_rank_legal": _log10(rank_raw), "log10_rank_clean": _log10(rank_clean),
                "log10_rank_heat": _log10(rank_heat)})
    allm, linkm = first_moves(ch)
    row.update({"first_moves": allm, "first_moves_linkable": linkm})
    census = ball_socket_census(ch, sol)
    row.update({"unmatched_balls": census["unmatched_balls"],
                "unmatched_sockets": census["unmatched_sockets"],
                "empty_pegs": census["empty_pegs"]})
    order = [i for v in hs.values() for i in v]
    for name, linkable, transition, counting in VARIANTS:
        res = paper_search(ch, order, linkable=linkable, transition=transition,
                           counting=counting, lookahead=False, node_limit=node_limit)
        if res.found and sorted(res.solution) != sorted(sol):
            raise RuntimeError(f"paper search found another solution of challenge {cid}")
        row[f"{name}_found"] = res.found
        row[f"{name}_nodes"] = res.nodes
        row[f"{name}_s"] = res.seconds
        # the tests it made (search.WORK_TESTS): seed-free, so they can decide a claim about cost
        row.update({f"{name}_{k}_tests": v for k, v in res.work.items()})
        if name == "final_t3":
            row["ratios"] = " ".join(f"{a}/{b}" for a, b in res.ratios)
    return Analysis(row)


RESULT_COLUMNS = ("id", "level", "given", "to_place", "solutions", "fits", "nodes", "solved_by")


def results_table(df: pd.DataFrame) -> pd.DataFrame:
    """The must-show ``results.csv``: id, level, given, to_place, solutions (linked
    completions), fits (completions that fit, linked or not), nodes (the exact search's),
    solved_by, and grade when the table carries one. Wall times go to ``timings.csv``."""
    cols = list(RESULT_COLUMNS) + (["grade"] if "grade" in df else [])
    return df[cols]


# Columns of the analysis that hold integers too large for int64 (kept as decimal text).
BIG_COLUMNS = ("combos_legal", "rank_legal", "combos_clean", "rank_clean", "rank_heat")


def analysis_table(df: pd.DataFrame) -> pd.DataFrame:
    """Every measured column of the analysis (one row per challenge) except the wall times
    (columns ending in ``_s``, which go to ``timings.csv``): ``analysis.csv``, from which the
    ledger's per-challenge rows can be rebuilt without rerunning the analysis."""
    return df[[c for c in df.columns if not c.endswith("_s")]]


def load_analysis(path) -> pd.DataFrame:
    """``analysis.csv`` read back with the dtypes the analysis produced (big numbers as text,
    empty branch ratios as empty text)."""
    df = pd.read_csv(path, dtype={c: str for c in BIG_COLUMNS + ("ratios",)},
                     keep_default_na=False, na_values={c: [""] for c in (
                         "log10_combos_legal", "log10_combos_clean", "log10_rank_legal",
                         "log10_rank_clean", "log10_rank_heat")})
    return df


def timing_rows(df: pd.DataFrame) -> list[tuple[str, str, float]]:
    """(step, item, seconds) of every timed run of the analysis (``df.attrs["seconds"]``)."""
    return [(step, str(cid), float(v)) for cid, steps in df.attrs["seconds"].items()
            for step, v in steps.items()]


def challenges_json() -> list[dict[str, Any]]:
    """The must-show ``challenges.json`` items: id, level, given, solution (all 12 pieces)."""
    out = []
    for ch in load_challenges():
        out.append({"id": ch.id, "level": ch.level, "given": ch.to_json(),
                    "solution": [p.to_json() for p in stored_solution(ch.id)]})
    return out


def strategy_table(df: pd.DataFrame) -> pd.DataFrame:
    """Challenges each strategy solves alone, per level and in total (ours)."""
    levels = list(dict.fromkeys(df["level"]))
    rows = []
    for name, col in (("all legal", "all_legal"), ("single-placement elimination",
                                                   "elimination"),
                      ("pairwise cleanup", "pairwise")):
        r = {"strategy": name}
        for lv in levels:
            r[lv] = int(df.loc[df["level"] == lv, col].sum())
        r["first 11"] = int(df.loc[df["id"] <= 11, col].sum())
        r["first 25"] = int(df.loc[df["id"] <= 25, col].sum())
        r["total (ours)"] = int(df[col].sum())
        rows.append(r)
    return pd.DataFrame(rows)


def level_summary(df: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    """Median and maximum of ``columns`` per level."""
    g = df.groupby("level", sort=False)[columns]
    med = g.median().add_suffix(" median")
    mx = g.max().add_suffix(" max")
    return pd.concat([med, mx], axis=1)[[f"{c} {s}" for c in columns for s in ("median",
                                                                                 "max")]]


def legal_counts_by_piece(cid: int) -> dict[str, int]:
    """Legal placements of each missing piece of challenge ``cid``."""
    ch = load_challenges()[cid - 1]
    return {PIECE_NAMES[p]: len(v) for p, v in legal_placements(ch).items()}


def heat_cells(cid: int) -> tuple[np.ndarray, np.ndarray]:
    """Heat per slot for challenge ``cid``: (all legal placements, after basic cleanup)."""
    ch = load_challenges()[cid - 1]
    return heat_map(ch), heat_map(ch, basic_cleanup(ch).domains)


def table1_ours(df: pd.DataFrame) -> pd.DataFrame:
    """Table 1 on our challenges beside the paper's ranges."""
    g = df.groupby("level", sort=False)
    ours = pd.DataFrame({
        "challenges (ours)": g.size(),
        "pieces given (ours)": g["given"].min().astype(str) + "-" + g["given"].max().astype(str),
        "pieces to place (ours)": g["to_place"].min().astype(str) + "-"
        + g["to_place"].max().astype(str)}).reset_index()
    return reference.table1().merge(ours, on="level", how="left")


def table2_ours(placements: pd.DataFrame) -> pd.DataFrame:
    """Table 2: our placement counts per family beside the paper's."""
    rows = []
    for label, paper in reference.table2().items():
        family = label.split(" ")[0]
        lp = "light purple" in label
        sel = placements[(placements["family"] == family)
                         & ((placements["piece"] == "light purple") == lp)]
        rows.append({"family": label, "pieces": ", ".join(sel["piece"]),
                     "placements (ours)": sorted(set(sel["placements"])),
                     "placements (paper)": paper})
    return pd.DataFrame(rows)


def table2_summary(placements: pd.DataFrame) -> dict[str, int]:
    """Table 2's families whose placement counts equal the paper's (for the prose)."""
    t2 = table2_ours(placements)
    same = [ours == [paper] for ours, paper in zip(t2["placements (ours)"],
                                                     t2["placements (paper)"], strict=True)]
    return {"equal": sum(same), "n": len(t2)}


def table3_ours(df: pd.DataFrame, ids: tuple[int, ...]) -> pd.DataFrame:
    """Table 3 on our challenges: search nodes without / with linkability, beside the paper."""
    sel = df[df["id"].isin(ids)]

    def show(found, nodes):
        return f"{nodes:,} nodes" if found else f"gave up at {nodes:,} nodes"

    ours = pd.DataFrame({
        "puzzle": sel["id"], "missing (ours)": sel["to_place"],
        "without linkability (ours)": [show(f, n) for f, n in zip(
            sel["unlinked_found"], sel["unlinked_nodes"], strict=True)],
        "with linkability (ours)": [show(f, n) for f, n in zip(
            sel["linked_found"], sel["linked_nodes"], strict=True)]})
    return ours.merge(reference.table3(), on="puzzle", how="left")


def table4_ours(df: pd.DataFrame, ids: tuple[int, ...]) -> pd.DataFrame:
    """Table 4 on our challenges: linked / legal options on the solver's path to the solution."""
    sel = df[df["id"].isin(ids)]
    ours = pd.DataFrame({"puzzle": sel["id"], "missing (ours)": sel["to_place"],
                         "ratios (ours)": [r or "(none: exhaustive from the start)"
                                           for r in sel["ratios"]]})
    return ours.merge(reference.table4(), on="puzzle", how="left")


def heatsort_table(df: pd.DataFrame, ids: tuple[int, ...] = (6, 19, 119, 120)) -> pd.DataFrame:
    """Section 12's examples: the combination reaching the solution before and after."""
    paper = reference.heatsort()
    sel = df[df["id"].isin(ids)]
    return pd.DataFrame({
        "puzzle": sel["id"],
        "all legal (ours)": [f"{r} of {c}" for r, c in zip(sel["rank_legal"],
                                                          sel["combos_legal"], strict=True)],
        "cleanup + heatsort (ours)": [f"{r} of {c}" for r, c in zip(
            sel["rank_heat"], sel["combos_clean"], strict=True)],
        "before (paper)": [paper.get(i, ("-", "-"))[0] for i in sel["id"]],
        "after (paper)": [paper.get(i, ("-", "-"))[1] for i in sel["id"]]})


def search_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Nodes of every solver variant per level (median, max) and how many gave up."""
    cols = ["nodes"] + [f"{name}_nodes" for name, *_ in VARIANTS]
    out = level_summary(df, cols)
    g = df.groupby("level", sort=False)
    for name, *_ in VARIANTS:
        out[f"{name} gave up"] = g[f"{name}_found"].apply(lambda s: int((~s).sum()))
    return out


def counting_table(df: pd.DataFrame, ids: tuple[int, ...] = (75, 80, 82)) -> pd.DataFrame:
    """Section 15: nodes with and without ball/socket counting (transition at 3)."""
    paper = reference.counting()
    sel = df[df["id"].isin(ids)]
    return pd.DataFrame({
        "puzzle": sel["id"], "missing (ours)": sel["to_place"],
        "nodes without counting (ours)": sel["linked_nodes"],
        "nodes with counting (ours)": sel["final_t3_nodes"],
        "seconds without (paper)": [paper.get(i, ("-", "-"))[1] for i in sel["id"]],
        "seconds with (paper)": [paper.get(i, ("-", "-"))[0] for i in sel["id"]]})


def census_table(df: pd.DataFrame) -> pd.DataFrame:
    """Section 15: how our solutions use the 24 pegs (unmatched balls, sockets, empty pegs)."""
    return (df.groupby(["unmatched_balls", "unmatched_sockets", "empty_pegs"]).size()
            .rename("solutions (ours)").reset_index())


def decisions(cid: int, limit: int = 6) -> pd.DataFrame:
    """What each strategy decided on challenge ``cid``: solved or not, placements left, and its
    first few notes (forced placements, eliminated placements and why)."""
    ch = load_challenges()[cid - 1]
    rows = []
    for fn in (all_legal, single_elimination, pairwise_cleanup, unwise_filter, basic_cleanup):
        rep = fn(ch)
        notes = rep.notes[:limit] + ([f"... {len(rep.notes) - limit} more"]
                                     if len(rep.notes) > limit else [])
        rows.append({"strategy": rep.strategy, "solved": rep.solved,
                     "placements left": rep.placements, "removed": rep.removed,
                     "decisions": "; ".join(notes)})
    return pd.DataFrame(rows)


def empty_board_slices() -> pd.DataFrame:
    """Linked solutions of the empty board, one row per placement of light purple.

    Computed once with ``search.count_with_first_piece`` (about half an hour of one core) and
    stored in ``empty_board.json``; rows marked ``direct=False`` follow from a computed row by
    the board's 180-degree symmetry (``placements.turn_board``).
    """
    text = resources.files("puzzles.iqlink").joinpath("empty_board.json").read_text("utf-8")
    direct = {int(i): (int(c), int(n)) for i, c, n in json.loads(text)}
    t = table()
    rows = []
    for i in np.flatnonzero(t.piece == 0):
        i = int(i)
        pl = t.placements[i]
        twin = t.id_of(turn_board(pl))
        if i in direct:
            count, is_direct = direct[i][0], True
        elif twin in direct:
            count, is_direct = direct[twin][0], False
        else:
            raise ValueError(f"empty_board.json lacks placement {i} and its turned twin {twin}")
        rows.append({"placement": i, "peg": pl.peg, "rotation": pl.rotation,
                     "solutions": count, "direct": is_direct, "twin": twin})
    return pd.DataFrame(rows)


def hardest_search_table(df: pd.DataFrame, n: int = 7, seconds: bool = False) -> pd.DataFrame:
    """Table 3's comparison on our ``n`` hardest challenges (by exact-solver nodes): nodes
    (or, with ``seconds``, wall times) of the paper's solver without and with linkability."""
    sel = df.sort_values(["nodes", "id"], ascending=[False, True]).head(n)
    out = pd.DataFrame({"challenge": sel["id"], "level": sel["level"],
                        "missing": sel["to_place"]})
    for name, label in (("unlinked", "without linkability"), ("linked", "with linkability")):
        if seconds:
            out[f"{label} (s)"] = [round(s, 3) if f else f"gave up after {s:.1f}"
                                   for f, s in zip(sel[f"{name}_found"], sel[f"{name}_s"],
                                                   strict=True)]
        else:
            out[f"{label} (nodes)"] = [f"{x:,}" if f else f"gave up at {x:,}" for f, x in zip(
                sel[f"{name}_found"], sel[f"{name}_nodes"], strict=True)]
    return out.reset_index(drop=True)


def anu_table() -> pd.DataFrame:
    """The 13 ANU COMP1110 test starts: start, given, fits and linked completions (ours), and
    whether ANU's listed solutions are exactly our fitting completions."""
    t = table()
    rows = []
    for start, sols in anu.STARTS:
        ch = Challenge(tuple(anu.to_placements(start)))
        res = count_solutions(ch, linked_only=False, store=len(sols) + 1)
        ours = {solution_key([p.to_json() for p in list(ch.given)
                              + [t.placements[i] for i in s]]) for s in res.solutions}
        theirs = {solution_key([p.to_json() for p in anu.to_placements(x)]) for x in sols}
        rows.append({"start": start, "given": len(ch.given), "fits": res.fits,
                     "linked": res.count, "anu_solutions": len(sols),
                     "same_as_anu": ours == theirs})
    return pd.DataFrame(rows)


def anu_checks() -> dict[str, int]:
    """Counts over ANU's other test data: full solutions that fit / are linked, good pairs
    accepted, bad pairs rejected."""
    t = table()

    def pair_fits(pair: str) -> bool:
        a, b = anu.to_placements(pair)
        return on_board(a) and on_board(b) and not collide(t.id_of(a), t.id_of(b))

    problems = [check_solution(Challenge(()), anu.to_placements(s)) for s in anu.SOLUTIONS]
    return {"solutions": len(anu.SOLUTIONS),
            "solutions_fit": sum(p in ([], [UNLINKED]) for p in problems),
            "solutions_linked": sum(p == [] for p in problems),
            "good_pairs": len(anu.GOOD_PAIRS),
            "good_accepted": sum(map(pair_fits, anu.GOOD_PAIRS)),
            "bad_pairs": len(anu.BAD_PAIRS),
            "bad_rejected": sum(not pair_fits(p) for p in anu.BAD_PAIRS)}


def old_set_table() -> pd.DataFrame:
    """The first generated set (``challenges_v1.json``, unique in linked completions only):
    id, level, given, linked completions, completions that fit, and whether its full solution
    repeats an earlier challenge's."""
    text = resources.files("puzzles.iqlink").joinpath("challenges_v1.json").read_text("utf-8")
    rows = []
    seen: set = set()
    for it in json.loads(text):
        res = count_solutions(challenge(it["given"]), linked_only=False, store=0)
        key = solution_key(it["solution"])
        rows.append({"id": it["id"], "level": it["level"], "given": len(it["given"]),
                     "solutions": res.count, "fits": res.fits, "repeat": key in seen})
        seen.add(key)
    return pd.DataFrame(rows)


def empty_board_recount() -> tuple[pd.DataFrame, str]:
    """The offline recount of the empty board (``empty_board_recount.json``, made by
    ``search.recount_empty_board``): one row per light-purple slice (linked and fitting
    solutions, whether counted or copied from its turned twin), and the command that made it.
    Raises ValueError when a pair counted both ways disagrees."""
    text = resources.files("puzzles.iqlink").joinpath("empty_board_recount.json").read_text(
        "utf-8")
    data = json.loads(text)
    df = pd.DataFrame(data["slices"])
    by_id = df.set_index("placement")
    both = df[df["counted"] & df["twin"].map(by_id["counted"])]
    for r in both.itertuples():
        if (r.linked, r.fits) != (by_id.at[r.twin, "linked"], by_id.at[r.twin, "fits"]):
            raise ValueError(f"slice {r.placement} and its turned twin {r.twin} disagree")
    return df, data["command"]


# --- what the notebook shows beside the tables (values for prose.md's templates) -------------


def regenerated(n: int) -> pd.DataFrame:
    """The first ``n`` stored challenges rebuilt from their seeds: identical or not."""
    rows = []
    for it in stored_challenges()[:n]:
        again = generate_challenge(tuple(it["task"]))
        rows.append({"challenge": it["id"], "level": it["level"], "given": len(it["given"]),
                     "regenerated identically": again["given"] == it["given"]
                     and again["solution"] == it["solution"]})
    return pd.DataFrame(rows)


def old_set_summary(old: pd.DataFrame) -> dict[str, Any]:
    """The first set's faults: challenges with further fitting completions (ids, the worst)
    and the distinct full solutions behind it."""
    extra = old[old["fits"] > 1]
    return {"extra": len(extra), "n": len(old), "ids": ", ".join(map(str, extra["id"])),
            "worst": int(extra.loc[extra["fits"].idxmax(), "id"]),
            "worst_fits": int(extra["fits"].max()),
            "distinct": len(old) - int(old["repeat"].sum())}


def results_summary(results: pd.DataFrame) -> dict[str, int]:
    """Challenges with exactly one linked completion, and with exactly one that fits."""
    return {"one_linked": int((results["solutions"] == 1).sum()),
            "one_fit": int((results["fits"] == 1).sum()), "n": len(results)}


def timing_summary(timed_df: pd.DataFrame, wall: float, workers: int) -> dict[str, Any]:
    """The exact solver's and the grader's total seconds, the slowest challenge, the wall time
    of the whole analysis (never compared)."""
    slowest = timed_df.loc[timed_df["exact_s"].idxmax()]
    return {"n": len(timed_df), "exact": float(timed_df["exact_s"].sum()),
            "slowest": float(slowest["exact_s"]), "slowest_id": int(slowest["id"]),
            "grader": float(timed_df["grade_s"].sum()), "wall": wall,
            "workers": workers or "all"}


def strategies_beside_paper(df: pd.DataFrame) -> pd.DataFrame:
    """``strategy_table`` with the paper's counts for the booklet (Sections 9-10)."""
    paper = reference.strategy_counts()
    out = strategy_table(df)
    out["first 11 (paper)"] = [paper["all_legal_first_11"], "-", "-"]
    out["first 25 (paper)"] = ["-", "-", paper["pairwise_first_25"]]
    out["total (paper)"] = ["-", paper["elimination_total"], paper["pairwise_total"]]
    return out


def strategies_summary(df: pd.DataFrame) -> dict[str, Any]:
    """Sections 9-10 on our challenges beside the booklet's (for the prose): all legal on the
    first 11, pairwise cleanup in total."""
    paper = reference.strategy_counts()
    return {"all_legal": int(df.loc[df["id"] <= 11, "all_legal"].sum()),
            "all_legal_paper": paper["all_legal_first_11"],
            "pairwise": int(df["pairwise"].sum()), "pairwise_paper": paper["pairwise_total"]}


def heatsort_examples() -> str:
    """The paper's heatsort examples as a phrase (Section 12)."""
    return " and ".join(f"its puzzle {p} ({before} combinations, down to the {after})"
                        for p, (before, after) in reference.heatsort().items())


def first_moves_table(df: pd.DataFrame) -> pd.DataFrame:
    """Fig. 24: the most legal and linkable first moves per level, beside the paper's."""
    fm = df.groupby("level", sort=False)[["first_moves", "first_moves_linkable"]].max()
    fm.columns = ["max legal first moves (ours)", "max linkable first moves (ours)"]
    fm["hardest (paper)"] = "~{} vs ~{}".format(*reference.first_moves_hardest())
    return fm


def transition_table(df: pd.DataFrame) -> pd.DataFrame:
    """Section 14: total nodes and challenges solved, exhaustive at 3 and at 4 pieces."""
    tr = df[["final_t3_nodes", "final_t4_nodes"]].sum().rename("total nodes").to_frame()
    tr["challenges solved"] = [int(df["final_t3_found"].sum()), int(df["final_t4_found"].sum())]
    return tr


def grade_tiers(df: pd.DataFrame) -> pd.DataFrame:
    """Challenges per level and grader tier (the deduction that solves them, or search)."""
    tiers = pd.crosstab(df["level"], df["tier"].map(lambda k: GRADER_TIERS[k]))
    return tiers.reindex(index=list(dict.fromkeys(df["level"])),
                         columns=[t for t in GRADER_TIERS if t in tiers.columns])


def grade_correlations(df: pd.DataFrame) -> dict[str, float]:
    """Spearman correlation of the grade with the level and with the pieces given."""
    level_rank = df["level"].map({lv: k for k, lv in enumerate(dict.fromkeys(df["level"]))})
    return {"rho_level": float(df["grade"].corr(level_rank, method="spearman")),
            "rho_given": float(df["grade"].corr(df["given"], method="spearman"))}


def empty_board_summary(eb: pd.DataFrame) -> dict[str, Any]:
    """The stored empty-board count: total, slices counted directly, turned twins that agree,
    and the distinct full solutions behind our challenges."""
    both = eb[eb["direct"] & eb["twin"].isin(eb.loc[eb["direct"], "placement"])]
    twin_counts = eb.set_index("placement")["solutions"]
    agree = bool((both["solutions"].to_numpy() == twin_counts[both["twin"]].to_numpy()).all())
    return {"total": int(eb["solutions"].sum()), "direct": int(eb["direct"].sum()),
            "n": len(eb), "both": len(both), "agree": agree,
            "distinct": len({tuple(map(tuple, it["solution"])) for it in stored_challenges()})}


def empty_board_by_peg(eb: pd.DataFrame) -> pd.DataFrame:
    """Linked solutions of the empty board by the peg of light purple's anchor."""
    return eb.groupby("peg")["solutions"].sum().rename(
        "solutions with light purple's anchor here").to_frame().T


def recount_summary(recount: pd.DataFrame, eb: pd.DataFrame) -> dict[str, Any]:
    """The offline recount beside the stored count: totals, slices counted and equal, copies,
    turned pairs counted both ways."""
    agree = recount.merge(eb[["placement", "solutions"]], on="placement")
    counted = agree[agree["counted"]]
    checked = recount[recount["counted"] & recount["twin"].map(
        recount.set_index("placement")["counted"])]
    return {"linked": int(recount["linked"].sum()), "fits": int(recount["fits"].sum()),
            "counted": len(counted), "n": len(recount),
            "equal": int((counted["linked"] == counted["solutions"]).sum()),
            "copied": len(recount) - len(counted), "pairs": len(checked) // 2}


def limits_summary(lim: dict[str, Any]) -> dict[str, Any]:
    """``limits.json`` in words: the one-piece challenges found and the hardest graded."""
    one, hard = lim["unique_one_piece"], lim["hardest_graded"]
    return {"fewest": lim["fewest_given"], "found": len(one),
            "where": "; ".join(f"peg {o['given'][0][1]}, rotation {o['given'][0][2]}"
                               for o in one),
            "fits": one[0]["fits"], "linked": one[0]["linked"], "hard_id": hard["id"],
            "level": hard["level"], "given": len(hard["given"]), "grade": hard["grade"],
            "guesses": hard["guesses"], "depth": hard["depth"]}


def anu_summary(anu_df: pd.DataFrame, counts: dict[str, int]) -> dict[str, int]:
    """ANU's test data in our model: ``anu_checks`` and the starts whose fitting completions
    are exactly ANU's solutions."""
    return {**counts, "same": int(anu_df["same_as_anu"].sum()), "starts": len(anu_df)}
