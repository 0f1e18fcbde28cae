"""Ledger evidence on issue 24's stored runs (``naive.csv``, ``transition.csv``: nodes and counted
work, never seconds; a run whose analysis holds fewer than their 120 challenges, as at smoke
scale, compares only its own) and the rows beyond the paper."""

from __future__ import annotations

import numpy as np

from puzzles.core import verdicts as V
from puzzles.core.claims import fmt
from puzzles.core.evidence import Data, Finding
from puzzles.iqlink.ledger import EASY, LEVELS, analysis, claim, costs_only, count, group, single
from puzzles.iqlink.runs24 import add_work, grade_spread, pairs


@claim("T3-linkability-pays", unit="challenge", stored=("naive",))
def linkability_pays(data: Data) -> Finding:
    """Linked nodes below the naive search's on the hard challenges, paired per challenge (no
    pair is inert in work: the link tests cost even where no node is saved)."""
    df, naive = analysis(data), add_work(data.stored("naive"))
    hard = df.sort_values(["nodes", "id"], ascending=[False, True]).head(7)["id"]
    wiz, one = df.loc[df["level"] == "Wizard", "id"], single(df.set_index("id"))

    def test(reading: str, chosen, column: str = "nodes") -> V.Evidence:
        inert = one.loc[sorted(chosen)] & (column == "nodes")
        return V.ordering(*pairs(naive, reading, chosen, column), paired=True, inert=inert)
    ev = {"naive = any order, hard = our 7 hardest": test("any", hard),
          "naive = fixed order": test("fixed", hard),
          "in counted work (tests), any order": test("any", hard, "work_tests")}
    if len(wiz) >= 3:
        ev |= {"hard = the Wizard level, any order": test("any", wiz),
               "hard = the Wizard level, fixed order": test("fixed", wiz)}
    sel = naive[naive["id"].isin(hard) & ~naive["found"]]
    return Finding(ev, why="runs that reached the node cap (lower bounds): " + (", ".join(
        f"{r} order {'with' if k else 'without'} linkability {n} of {len(hard)}"
        for (r, k), n in sel.groupby(["reading", "linkability"]).size().items()) or "none"))


@claim("T3-easy-linkability-costs", unit="challenge", stored=("naive",))
def linkability_costs_easy(data: Data) -> Finding:
    """The naive search's work with and without linkability on Starter and Junior."""
    df, naive = analysis(data).set_index("id"), add_work(data.stored("naive"))
    easy = sorted(df.index[df["level"].isin(EASY)])
    (linked, free), nodes = pairs(naive, "any", easy, "work_tests"), pairs(naive, "any", easy,
                                                                           "nodes")
    return Finding(costs_only(single(df).loc[easy], free, linked, "linkability"),
                   why=f"nodes equal with and without it on {int((nodes[0] == nodes[1]).sum())}"
                   f" of {len(easy)}; its link and union tests are a median "
                   f"{fmt(100 * float(np.median(1 - free / linked)), 2)}% of the linked "
                   "search's work (naive.py, any order)") if len(easy) >= 3 else Finding(
                       V.not_comparable(kind="ordering"), why="too few easy challenges")


@claim("S14-best-3-or-4", unit="challenge", stored=("transition",))
def best_transition(data: Data) -> Finding:
    """Per challenge the better of transitions 3 and 4 against each other level, paired; the
    claim rests on its weakest comparison. Inert in each comparison: one combination after
    cleanup, or no more pieces to place than both levels (both exhaustive from the start)."""
    df = analysis(data).set_index("id")
    wide = data.stored("transition").pivot(index="id", columns="transition", values="nodes")
    wide = wide.loc[wide.index.isin(df.index)].astype(float)
    best, each = np.minimum(wide["3"], wide["4"]), {}
    for lv in ("2", "5", "6", "never"):
        inert = (single(df) | (df["to_place"] <= min(0 if lv == "never" else int(lv), 3))
                 ).loc[wide.index]
        if (best[inert] != wide.loc[inert, lv]).any():
            raise RuntimeError(f"transition {lv} differs where it cannot act: a solver bug")
        each[f"3 or 4 vs {lv}"] = V.ordering(best, wide[lv], paired=True, inert=inert)
    gm = ", ".join(f"{k} {fmt(float(v))}" for k, v in np.exp(np.log(wide).mean()).items())
    return Finding({"the weakest comparison": V.weakest(each)[1], **each},
                   why=f"geometric-mean nodes per level: {gm}")


# --- beyond the paper --------------------------------------------------------------------------


def _beyond(data: Data) -> dict[str, V.Evidence]:
    """Results beyond the paper; two counts of the empty board that disagree are an error."""
    from puzzles.iqlink.experiments import empty_board_recount, empty_board_slices
    from puzzles.iqlink.generate import solution_key, stored_challenges
    from puzzles.iqlink.tuned import PER_LEVEL, TUNED_LEVELS, profile_beside, solved_by

    df, old, lim, anu = (analysis(data), data.table("first_set"), data.json("limits"),
                         data.json("anu_checks"))
    stored, eb, first = stored_challenges(), empty_board_slices(), empty_board_recount()[0]
    grade = {it["id"]: it["grade"] for it in stored}
    same = sum(abs(grade[int(i)] - g) < 1e-9 for i, g in zip(df["id"], df["grade"], strict=True))
    twins = eb.set_index("placement")["solutions"]
    agree = int((eb["solutions"].to_numpy() == twins[eb["twin"]].to_numpy()).sum())
    rec1 = first.merge(eb[["placement", "solutions"]], on="placement")
    rec2 = data.stored("recount").merge(rec1[["placement", "solutions", "fits"]], left_on="slice",
                                        right_on="placement", suffixes=("", "_first"))
    if (rec1["linked"] != rec1["solutions"]).any() or len(rec2) != len(eb) or (
            (rec2["linked"] != rec2["solutions"]) | (rec2["fits"] != rec2["fits_first"])).any():
        raise ValueError("a recount of the empty board disagrees with empty_board.json")
    g = data.table("grade_techniques")
    no_guess = g.groupby("level", sort=False)["guess"].apply(lambda s: int((s == 0).sum()))
    tuned = data.stored("tuned")
    tot = solved_by(profile_beside(tuned, df, dict(data.reference("strategies")[
        ["count", "value"]].itertuples(index=False))))
    hard, b, once = lim["hardest_graded"], V.beyond, "recount offline (empty_board_recount.json)"
    rho = float(df["grade"].corr(df["level"].map(LEVELS.index), method="spearman"))
    return {
        "B-one-fit": b(count((df["fits"] == 1) & (df["solutions"] == 1)), "exact count of "
                       "fitting and linked completions"),
        "B-first-set-extra-fits": b(f"{int((old['fits'] > 1).sum())} of {len(old)} (most: "
                                    f"{int(old['fits'].max())} fits)", "exact count"),
        "B-distinct-solutions": b(f"{len({solution_key(it['solution']) for it in stored})} "
                                  f"distinct of {len(stored)}", "exact"),
        "B-grade-level": V.design_input(f"Spearman rho {fmt(rho, 3)}", "generate.assign_levels"),
        "B-grade-given": b(fmt(float(df["grade"].corr(df["given"], method="spearman")), 3),
                           "Spearman rho of grade with pieces given"),
        "B-grades-reproduce": b(f"{same} of {len(df)}", "exact"),
        "B-anu-solutions": b(f"{anu['solutions_fit']} of {anu['solutions']} fit, "
                             f"{anu['solutions_linked']} linked", "replay in our model"),
        "B-anu-pairs": b(f"{anu['good_accepted']} of {anu['good_pairs']} accepted, "
                         f"{anu['bad_rejected']} of {anu['bad_pairs']} rejected", "replay"),
        "B-anu-starts": b(f"{anu['same']} of {anu['starts']}", "set equality of solutions"),
        "B-empty-board": b(f"{int(eb['solutions'].sum()):,} ({int(eb['direct'].sum())} slices "
                           f"counted directly, {agree} of {len(eb)} equal to their turned "
                           "twin's)", "exact count (empty_board.json)"),
        "B-empty-board-recount": b(f"{int(first['linked'].sum()):,}: {int(first['counted'].sum())}"
                                   f" of {len(first)} slices counted directly, all equal", once),
        "B-empty-board-fits": b(fmt(int(first["fits"].sum())), once),
        "B-empty-board-independent": b(f"{int(rec2['linked'].sum()):,} linked, "
                                       f"{int(rec2['fits'].sum()):,} fitting; equal on "
                                       f"{len(rec2)} of {len(eb)} slices, all counted",
                                       "second counter (recount.py)"),
        "B-fewest-given": b(f"{lim['fewest_given']} (one-piece challenges found: "
                            f"{len(lim['unique_one_piece'])})", "exact count (limits.json)"),
        "B-hardest": b(f"challenge {hard['id']}: grade {hard['grade']} ({hard['guesses']} "
                       "guesses)", "grader (limits.json)"),
        "B-grade-techniques-spread": b(grade_spread(g.rename(columns={
            "grade": "grade_techniques"}), df), "distinct grades; Spearman rho"),
        "B-grade-techniques-profile": b(", ".join(f"{k} {v}" for k, v in no_guess.items()),
                                        "guesses per challenge"),
        "B-tuned-profile": b("; ".join(f"{name}: paper {int(r['paper (reading)'])}, stored "
                                       f"{int(r['stored set'])}, tuned {int(r['tuned set'])}"
                                       for name, r in tot.iterrows()) + f" ({len(tuned)} of "
                             f"{PER_LEVEL * len(TUNED_LEVELS)} kept)", "tuned.csv; Master and "
                             "Wizard are the stored set's"),
    }


group(("B-one-fit", "B-first-set-extra-fits", "B-distinct-solutions", "B-grade-level",
       "B-grade-given", "B-grades-reproduce", "B-anu-solutions", "B-anu-pairs", "B-anu-starts",
       "B-empty-board", "B-empty-board-recount", "B-empty-board-fits",
       "B-empty-board-independent", "B-fewest-given", "B-hardest", "B-grade-techniques-spread",
       "B-grade-techniques-profile", "B-tuned-profile"), _beyond,
      tables=("analysis", "first_set", "limits", "anu_checks", "grade_techniques"),
      stored=("recount", "tuned"), references=("strategies",))
