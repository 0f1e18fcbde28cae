"""The IQ-Link ledger's evidence, registered per claim id (or id pattern) of ``paper_claims.csv``
and read from the notebook's result files; the paper's wording is ``reference/quotes.csv``. The
booklet is not public: claims about all challenges are tested on our 120 (``analysis.csv``, the
challenge as unit). Paired tests leave out the challenges where the compared rule cannot act
(``inert``). Issue 24's runs (``naive.csv``, ``transition.csv``: nodes and counted work, never
seconds; a run whose analysis holds fewer than their 120 challenges, as at smoke scale, compares
only its own) and the rows beyond the paper come last.
"""

from __future__ import annotations

import functools
from dataclasses import replace

import numpy as np
import pandas as pd

from puzzles.core import verdicts as V
from puzzles.core.claims import fmt
from puzzles.core.evidence import Data, Finding, Register
from puzzles.iqlink import facts
from puzzles.iqlink.board import unreachable_cells
from puzzles.iqlink.experiments import empty_board_recount, empty_board_slices
from puzzles.iqlink.game import challenge_of
from puzzles.iqlink.generate import PER_LEVEL, solution_key, stored_challenges
from puzzles.iqlink.pieces import N_PIECES, census
from puzzles.iqlink.placements import table
from puzzles.iqlink.runs24 import add_work, grade_spread, hardest_technique, pairs, search_work
from puzzles.iqlink.strategies import legal_placements
from puzzles.iqlink.tuned import TUNED_LEVELS, profile_beside, solved_by

EVIDENCE = Register()
LEVELS = ("Starter", "Junior", "Expert", "Master", "Wizard")
EASY = LEVELS[:2]
BIG = ("combos_legal", "rank_legal", "combos_clean", "rank_clean", "rank_heat")
SMOKE = "too few challenges at this scale for the test (smoke scale)"
# The one estimate's margin (per-challenge log ratio of nodes, about 22%), and Fig. 24's maxima
# within the rounding of "close to 900" and "around 80" (half the last printed digit).
MARGINS = {"S14-transition": V.Margin.log_ratio(0.2), "F24-first-moves": 50, "F24-linkable": 5}
# Thresholds that turn the paper's words into checks (each named in its row's why).
READINGS = {"brute_force": 1_000, "enormous": 1e6, "many": 100, "weak_rho": 0.3,
            "modest_kept": 0.5, "large_removed": 0.5, "quite_a_few": 0.5, "tenth": (0.05, 0.2),
            "spike": 10.0, "log_gap": 1.0}


def margins_table() -> pd.DataFrame:
    """The notebook's margins and readings, stated once."""
    rows = [(k, v.text if isinstance(v, V.Margin) else f"±{v}") for k, v in MARGINS.items()]
    return pd.DataFrame(rows + [(k, str(v)) for k, v in READINGS.items()],
                        columns=["row or reading", "value"])


def claim(pattern: str, unit: str = "", tables: tuple[str, ...] = ("analysis",),
          references: tuple[str, ...] = (), stored: tuple[str, ...] = ()):
    """Register the decorated function for ``pattern``; a Finding with no ``paper`` value gets
    the paper's wording of the claim (``reference/quotes.csv``)."""
    def wrap(fn):
        @functools.wraps(fn)
        def run(data: Data, **fields: str) -> Finding:
            out = fn(data, **fields)
            out = out if isinstance(out, Finding) else Finding(out)
            return replace(out, paper=out.paper if out.paper != "" else quotes(data).get(
                data.claim_id, ""))
        EVIDENCE.claim(pattern, unit=unit, tables=tables, references=(*references, "quotes"),
                       stored=stored)(run)
        return fn
    return wrap


def group(ids: tuple[str, ...], build, **uses) -> None:
    """Register every id of ``ids`` to its entry of ``build(data)`` (built once per ledger)."""
    for cid in ids:
        claim(cid, **uses)(lambda data: data.memo(build)[data.claim_id])


def quotes(data: Data) -> dict[str, str]:
    return dict(data.reference("quotes")[["id", "paper"]].itertuples(index=False))


def _analysis(data: Data) -> pd.DataFrame:
    df = data.table("analysis")
    return df.assign(**{c: df[c].astype(str) for c in BIG},
                     ratios=df["ratios"].fillna("").astype(str))


def analysis(data: Data) -> pd.DataFrame:
    """``analysis.csv``, one row per challenge (big numbers as text)."""
    return data.memo(_analysis)


def single(df: pd.DataFrame) -> pd.Series:
    """Challenges where basic cleanup leaves one combination: every search walks the solution's
    path there, so no rule compared on the same candidates can act."""
    return df["combos_clean"].map(int) == 1


def big(col: pd.Series) -> list[int]:
    return [int(x) for x in col]


def count(holds: pd.Series) -> str:
    return f"{int(holds.sum())} of {len(holds)}"


def ids(sel: pd.Series, limit: int = 8) -> str:
    bad = [str(int(i)) for i in sel]
    return ", ".join(bad[:limit]) + (" ..." if len(bad) > limit else "")


def medians(df: pd.DataFrame, values: pd.Series, digits: int = 3) -> str:
    med = values.groupby(df["level"], sort=False).median()
    return ", ".join(f"{lv} {fmt(float(v), digits)}" for lv, v in med.items())


def enough(*samples: pd.Series) -> bool:
    """Each sample has 3 values or more and varies (what a trend or an ordering needs)."""
    return all(len(s) >= 3 and s.nunique() > 1 for s in samples)


def smoke(kind: str) -> Finding:
    return Finding(V.not_comparable(kind=kind), why=SMOKE)


# --- the model (Sections 2, 6-8 and 15, Tables 1 and 2) -----------------------------------------


@claim("T1-{level}-{part*}", references=("table1",))
def table1(data: Data, level: str, part: str) -> Finding:
    """Table 1's ranges of given pieces and pieces to place: our generator's inputs."""
    col, printed = {"given": ("given", "pieces given")}.get(part, ("to_place", "pieces to place"))
    sel = analysis(data).query("level == @level")[col]
    return Finding(V.design_input(f"{sel.min()}-{sel.max()}" if len(sel) else "",
                                  "the span over our challenges of the level"),
                   paper=data.reference("table1").set_index("level").loc[level, printed])


@claim("T2-{family}", tables=("placements",), references=("table2",))
def table2(data: Data, family: str) -> Finding:
    """Table 2: legal placements on the empty board of each piece of a family."""
    ref = {k.replace(" ", "_").replace("(", "").replace(")", ""): (k, v) for k, v in
           data.reference("table2")[["family", "placements"]].itertuples(index=False)}
    label, paper = ref[family]
    p = data.table("placements")
    ours = sorted(set(p.loc[(p["family"] == label.split(" ")[0]) & (
        (p["piece"] == "light purple") == ("light purple" in label)), "placements"]))
    return Finding(V.exact(int(paper), ours[0] if len(ours) == 1 else str(ours)), paper=paper)


def _model(data: Data) -> dict[str, V.Evidence | Finding]:
    q, sym, c, n = quotes(data), facts.symmetry_counts(), census(), len(table())
    lo, hi = facts.pegs_per_placement()
    flips, mixes, unwise = facts.flip_symmetric_pieces(), facts.element_mixes(), \
        facts.unwise_on_empty_board()
    fig7, lp = {table().id_of(p) for p in facts.fig7_light_purple()}, set(unwise.get(
        "light purple", []))
    elbow, other = facts.elbow_partners()
    pairs = sum(1 for b in {b for b, _ in other} for r in {r for _, r in other} if b != r)
    fam = data.table("placements")["family"].value_counts()
    flip, covered = facts.flip_images(1, 3), facts.unreachable_slots_covered()
    qual, ex = V.qualitative, V.exact
    eb, recount = empty_board_slices(), empty_board_recount()[0]
    linked, fits = int(recount["linked"].sum()), int(recount["fits"].sum())
    several, total = eb["solutions"] > 1, int(eb["solutions"].sum())
    return {
        "S15-census": ex(q["S15-census"], f"{c['ball']}/{c['ring']}/{c['circle']}"),
        "S8-unreachable": ex(int(q["S8-unreachable"]), len(unreachable_cells())),
        "S7-twelve-distinct": qual(sym["distinct_shapes"] == N_PIECES, f"{sym['distinct_shapes']}"
                                   f" distinct shapes of {N_PIECES}", "facts.symmetry_counts"),
        "S7-one-flip-symmetric": ex("1 (light purple)", f"{len(flips)} ({', '.join(flips)})"),
        "S7-no-rotational-symmetry": ex(0, sym["rotation_symmetric"]),
        "S7-three-spots": qual(lo >= 3, f"every legal placement stands on {lo}-{hi} pegs",
                               f"pegs under each of the {n} legal placements"),
        "S7-placement-encoding": V.design_input(f"{n} legal placements", "placements.table()"),
        "S7-unwise-light-purple": qual(fig7 <= lp, f"{len(fig7 & lp)} of {len(fig7)} dropped "
                                       "as unwise", "strategies.unwise_filter, empty board"),
        "S7-unwise-other-straights": qual(
            bool(unwise.get("aqua")) and bool(unwise.get("light green")), f"empty board: aqua "
            f"{len(unwise.get('aqua', []))}, light green {len(unwise.get('light green', []))} "
            "placements dropped", "facts.unwise_on_empty_board"),
        "S7-unreachable-never-covered": qual(covered == 0, f"{covered} slots on unreachable "
                                             "cells", "every slot of every legal placement"),
        "T2-family-sizes": V.design_input(f"{fam.get('straight', 0)} straight, "
                                          f"{fam.get('obtuse', 0)} obtuse, {fam.get('acute', 0)}"
                                          " acute", "our assignment of pieces to families"),
        "S8-rotation-images": Finding(ex(str(list(facts.PAPER_ROTATIONS)), str(
            facts.rotation_images(1, 3))), paper=" ".join(map(str, facts.PAPER_ROTATIONS))),
        "S8-flip-images": Finding(ex(str(sorted(facts.PAPER_FLIPS)), str(sorted(flip))),
                                  paper=" ".join(map(str, facts.PAPER_FLIPS)),
                                  why=f"ours starts at another image ({' '.join(map(str, flip))})"),
        "S8-orientations": ex("11 x 12, 1 x 6", f"{sym['orientations_12']} x 12, "
                              f"{sym['orientations_6']} x 6"),
        "S15-four-categories": Finding(ex(str(sorted(facts.PAPER_MIXES)), str(sorted(mixes))),
                                       why="ours: " + "; ".join(f"{k} x {v}" for k, v in
                                                                sorted(mixes.items()))),
        "S15-elbow-light-purple": qual(elbow == {"light purple"}, f"elbow balls fit: "
                                       f"{', '.join(sorted(elbow))}; ordinary balls mate in "
                                       f"{len(other)} of {pairs} (ball piece, socket piece) "
                                       "pairs", "facts.elbow_partners"),
        "F6-disconnected-fit": qual(fits > linked, f"{fits - linked:,} of {fits:,} fitting full "
                                    "placements of the empty board are not linked",
                                    "empty_board_recount.json"),
        "S6-multiple-possible": qual(bool(several.any()), f"{count(several)} one-piece challenges"
                                     " (light purple alone) have several linked solutions, up to "
                                     f"{int(eb['solutions'].max()):,}", "empty_board.json"),
        "S6-empty-board-many": qual(total > READINGS["many"], f"{total:,} linked solutions",
                                    "empty_board.json"),
        **_internal(data),
    }


def _internal(data: Data) -> dict[str, Finding]:
    """Checks of the paper against itself: Table 1's ranges add up to 12, and the missing-piece
    counts it quotes lie in their levels' ranges (puzzle 85: solved after placing 3 pieces with
    6 left, so 9 missing, Section 12)."""
    t1 = data.reference("table1")
    rows = list(t1[["pieces given", "pieces to place"]].itertuples(index=False))
    ok = sum(int(g.split("-")[0]) + int(t.split("-")[1]) == 12 == int(g.split("-")[1])
             + int(t.split("-")[0]) for g, t in rows)
    quoted = {int(p): int(m) for t in ("table3", "table4") for p, m in
              data.reference(t)[["puzzle", "missing"]].itertuples(index=False)} | {85: 9}
    ranges = {p: tuple(map(int, t.split("-"))) for nums, t in t1[["puzzles", "pieces to place"]]
              .itertuples(index=False) for p in range(int(nums.split("-")[0]),
                                                      int(nums.split("-")[1]) + 1)}
    out = [p for p, m in quoted.items() if not ranges[p][0] <= m <= ranges[p][1]]
    return {"T1-sums-to-12": Finding(V.exact("12 in every row", "12 in every row" if ok == len(
        rows) else f"12 in {ok} of {len(rows)} rows"), paper="; ".join(f"{g} / {t}" for g, t in
                                                                       rows)),
            "T3-T4-missing-in-range": Finding(V.exact(
                "all inside", f"outside: {out}" if out else "all inside"),
                paper=", ".join(f"{p}: {m}" for p, m in sorted(quoted.items())))}


group(("S15-census", "S8-unreachable", "S7-twelve-distinct", "S7-one-flip-symmetric",
       "S7-no-rotational-symmetry", "S7-three-spots", "S7-placement-encoding",
       "S7-unwise-light-purple", "S7-unwise-other-straights", "S7-unreachable-never-covered",
       "T2-family-sizes", "S8-rotation-images", "S8-flip-images", "S8-orientations",
       "S15-four-categories", "S15-elbow-light-purple", "T1-sums-to-12", "T3-T4-missing-in-range",
       "F6-disconnected-fit", "S6-multiple-possible", "S6-empty-board-many"), _model,
      tables=("placements",), references=("table1", "table3", "table4"))


# --- Sections 4-12, Figs. 13-20: our challenges, strategies, cleanup, heat maps, heatsort -------


def _strategies(data: Data) -> dict[str, V.Evidence | Finding]:
    df, qual = analysis(data), V.qualitative
    booklet, key = (df["fits"] == 1) & (df["solutions"] == 1), df["key_match"] & df.final_t3_found
    empty, sound = df["empty_pegs"] > 0, df["elimination_sound"]
    open_ = df[~df["all_legal"]]
    removes = open_["placements_pairwise"] < open_["placements_legal"]
    per = ", ".join(f"{lv} {int(v)}" for lv, v in removes.groupby(
        open_["level"], sort=False).sum().items())
    pooled = 1 - df["placements_pairwise"].sum() / df["placements_legal"].sum()
    return {
        "S4-unique-linked": V.design_input(f"{count(booklet)} with one fitting and one linked "
                                           "completion", "generate.is_booklet_quality"),
        "S5-120-challenges": V.design_input(" ".join(f"{lv} {k}" for lv, k in df.groupby(
            "level", sort=False).size().items()), "generate.PER_LEVEL, Table 1's order"),
        "S5-verified-key": Finding(qual(bool(key.all()), f"{count(key)} equal to our answer "
                                        "key", "both solvers' solutions against the stored one"),
                                   why="" if key.all() else f"not on {ids(df.loc[~key, 'id'])}"),
        "S6-spots-may-stay-empty": qual(bool(empty.any()), f"{count(empty)} of our solutions "
                                        "leave a peg empty", "strategies.ball_socket_census"),
        "S9-elimination-sound": qual(bool(sound.all()), f"{count(sound)} challenges: every "
                                     "forced placement is in the solution", "every challenge"),
        "S10-pairwise-removes": Finding({
            "on most open challenges": qual(
                bool(removes.mean() > READINGS["quite_a_few"]) if len(open_) else False,
                f"removes placements on {count(removes)} challenges all legal does not solve "
                f"({per}); {fmt(100 * pooled, 2)}% of all legal placements",
                "pairwise cleanup alone against all legal"),
            "on some challenge of every level beyond Starter": qual(
                all(removes[open_["level"] == lv].any() for lv in LEVELS[1:]
                    if (open_["level"] == lv).any()), per, "per level from Junior on")}),
    }


def _cleanup(data: Data) -> dict[str, V.Evidence | Finding]:
    df, qual = analysis(data), V.qualitative
    never_more = df["placements_clean"] <= df["placements_legal"]
    fewer = (df["placements_clean"] < df["placements_legal"])[~df["level"].isin(EASY)]
    kept = df["placements_clean"] / df["placements_legal"]
    low = [f"{lv} {fmt(float(v), 2)}" for lv, v in kept.groupby(df["level"], sort=False)
           .median().items() if v < READINGS["modest_kept"]]
    frac = 1 - 10 ** (df["log10_combos_clean"] - df["log10_combos_legal"])
    like, one = df["heat_likeness"], df["one_colour"] == df["all_legal"]
    return {
        **_strategies(data),
        "F13-cleanup": qual(bool(never_more.all()) and bool(fewer.all()), f"never more on "
                            f"{count(never_more)}; fewer on {count(fewer)} Expert, Master and "
                            "Wizard challenges", "every challenge"),
        "F13-modest": Finding({
            "median over all challenges": qual(
                float(kept.median()) >= READINGS["modest_kept"], f"median share of placements "
                f"kept {fmt(float(kept.median()), 3)} ({medians(df, kept, 2)})",
                "placements after basic cleanup over all legal"),
            "the median of every level": qual(bool((kept.groupby(df["level"]).median()
                                                    >= READINGS["modest_kept"]).all()),
                                              medians(df, kept, 2), "per level")},
            why=f"levels whose median keeps less than half: {', '.join(low)}" if low else ""),
        "F14-combinations-large": qual(float(frac.median()) >= READINGS["large_removed"],
                                       f"median share of combinations removed "
                                       f"{fmt(float(frac.median()), 3)}", "every challenge"),
        "F14-cleanup-late": _late(df, frac),
        "F16-19-one-colour": qual(bool(one.all()), f"{count(one)} challenges agree",
                                  "a one-colour heat map against all legal, every challenge"),
        "F16-19-resemble-empty": Finding({
            "harder = higher number": V.trend(df["id"], like, increasing=True),
            "harder = more exact-solver nodes": V.trend(df["nodes"], like, True)},
            why=f"medians {medians(df, like, 2)}") if enough(df["id"], like) else smoke("trend"),
    }


def _late(df: pd.DataFrame, frac: pd.Series) -> Finding:
    early, late = df["id"] < 60, df["id"] >= 60
    several = np.array(big(df["combos_legal"])) > 1
    if not enough(frac[early], frac[late]):
        return smoke("ordering")
    def before_first(e: V.Evidence, a: pd.Series, b: pd.Series) -> V.Evidence:
        return replace(e, ours=f"median {fmt(float(b.median()), 3)} before 60 vs "
                               f"{fmt(float(a.median()), 3)} from 60")
    ev = before_first(V.ordering(frac[late], frac[early], paired=False), frac[late], frac[early])
    alt = (before_first(V.ordering(frac[late & several], frac[early & several], paired=False),
                        frac[late & several], frac[early & several])
           if enough(frac[late & several], frac[early & several]) else ev)
    return Finding({"all challenges": ev, "challenges with more than one legal combination": alt},
                   why=f"share removed per level (median): {medians(df, frac)}; "
                       f"{int((early & ~several).sum())} challenges before 60 have a single "
                       "legal combination")


group(("S4-unique-linked", "S5-120-challenges", "S5-verified-key", "S6-spots-may-stay-empty",
       "S9-elimination-sound", "S10-pairwise-removes", "F13-cleanup", "F13-modest",
       "F14-combinations-large", "F14-cleanup-late", "F16-19-one-colour",
       "F16-19-resemble-empty"), _cleanup, unit="challenge")


def _heatsort(data: Data) -> dict[str, V.Evidence | Finding]:
    df, qual = analysis(data), V.qualitative
    raw, heat, clean = (big(df[c]) for c in ("rank_legal", "rank_heat", "rank_clean"))
    later = pd.Series([h > r for h, r in zip(heat, raw, strict=True)], index=df.index)
    worse = pd.Series([h > c for h, c in zip(heat, clean, strict=True)], index=df.index)
    kept = pd.Series([c > 0 for c in clean], index=df.index)
    gain, easy = df["log10_rank_legal"] - df["log10_rank_heat"], df["level"].isin(EASY)
    combos, wmin = df["log10_combos_legal"], df.loc[df["level"] == "Wizard",
                                                    "log10_combos_clean"]
    return {
        "F20-heatsort": Finding({
            "on every challenge": qual(not later.any(), f"no later on {count(~later)}",
                                       "the solution's combination number, raw order against "
                                       "cleanup and heatsort"),
            "on most challenges": qual(bool((~later).mean() > 0.5),
                                       f"no later on {count(~later)}", "on more than half")},
            why=f"later on our challenges {ids(df.loc[later, 'id'])}" if later.any() else ""),
        "S7-unwise-never-in-solution": qual(bool(kept.all()), "the solution survives on "
                                            f"{count(kept)}", "every challenge"),
        "S12-heatsort-achilles": qual(bool(worse.any()), "heatsort puts the solution later than"
                                      f" cleanup's order on {count(worse)} (e.g. "
                                      f"{ids(df.loc[worse, 'id'], 5)})", "every challenge"),
        "F20-combos-grow": Finding(V.trend(df["id"], combos, increasing=True),
                                   why=f"median log10 combinations {medians(df, combos)}")
        if enough(df["id"], combos) else smoke("trend"),
        "S12-easy-little-gain": V.ordering(gain[easy], gain[~easy], paired=False)
        if enough(gain[easy], gain[~easy]) else smoke("ordering"),
        "S12-fraction-not-computability": _fraction(df, heat),
        "S13-still-enormous": qual(
            len(wmin) > 0 and float(wmin.min()) >= np.log10(READINGS["enormous"]),
            f"Wizard: at least 10^{fmt(float(wmin.min()), 3)} combinations after cleanup"
            if len(wmin) else "no Wizard challenge at this scale", "every Wizard challenge"),
        "S18-brute-force-early": _brute_force(df),
    }


def _fraction(df: pd.DataFrame, heat: list[int]) -> Finding:
    """S12: the fraction of the cleaned-up space searched before the solution against
    exact-solver nodes, within the Wizard level and over all challenges."""
    fraction = pd.Series([h / c for h, c in zip(heat, big(df["combos_clean"]), strict=True)],
                         index=df.index)

    def says_little(sel: pd.Series, what: str) -> V.Evidence | None:
        if sel.sum() < 3 or fraction[sel].nunique() < 2 or df.loc[sel, "nodes"].nunique() < 2:
            return None
        rho = float(fraction[sel].corr(df.loc[sel, "nodes"], method="spearman"))
        return V.qualitative(abs(rho) < READINGS["weak_rho"], f"Spearman rho {rho:.3f} ({what})",
                             "fraction searched against exact-solver nodes")
    wiz, every = says_little(df["level"] == "Wizard", "Wizard"), says_little(df["id"] > 0, "all")
    if wiz is None or every is None:
        return smoke("qualitative")
    ones = single(df)
    return Finding({"within the Wizard level": wiz, "over all challenges": every},
                   why=f"the {int(ones.sum())} challenges with a single combination after "
                       f"cleanup have at most {int(df.loc[ones, 'nodes'].max())} nodes"
                   if ones.any() else "")


def _brute_force(df: pd.DataFrame) -> Finding:
    feasible = df["log10_combos_legal"] <= np.log10(READINGS["brute_force"])
    shown = ", ".join(f"{lv} {int(k)}" for lv, k in feasible.groupby(
        df["level"], sort=False).sum().items())
    starter, late = df["level"] == "Starter", df["level"].isin(LEVELS[3:])
    return Finding({
        "feasible on every Starter, no Master or Wizard challenge": V.qualitative(
            bool(feasible[starter].all()) and not feasible[late].any(),
            f"at most {READINGS['brute_force']:,} legal combinations: {shown}", "per level"),
        "feasible only at Starter": V.qualitative(not feasible[~starter].any(), shown,
                                                  "no challenge beyond Starter feasible")})


group(("F20-heatsort", "S7-unwise-never-in-solution", "S12-heatsort-achilles",
       "F20-combos-grow", "S12-easy-little-gain", "S12-fraction-not-computability",
       "S13-still-enormous", "S18-brute-force-early"), _heatsort, unit="challenge")


# --- Sections 13-17, Fig. 24: linked search, transition, counting ------------------------------


def _first_moves(data: Data) -> dict[str, V.Evidence | Finding]:
    df, qual = analysis(data), V.qualitative
    legal, link = (int(v) for v in data.reference("first_moves")["value"])
    top = df.loc[df["first_moves_linkable"].idxmax()]
    hardest, linkable = int(df["first_moves"].max()), int(top["first_moves_linkable"])
    starter, solved = df[df["level"] == "Starter"], df[df["all_legal"]]
    alleq, both = (starter["first_moves"] == starter["first_moves_linkable"],
                   solved["first_moves"] == solved["first_moves_linkable"])
    wiz, (lo, hi) = df[df["level"] == "Wizard"], READINGS["tenth"]
    most, lk = (wiz["first_moves"].max(), wiz["first_moves_linkable"].max()) if len(wiz) else (1, 0)
    per = float((wiz["first_moves_linkable"] / wiz["first_moves"]).median()) if len(wiz) else 0
    return {
        "F24-first-moves": Finding({
            "rounded to the hundred": V.exact(legal, hardest, tol=MARGINS["F24-first-moves"]),
            f"within 10% of {legal}": V.exact(legal, hardest, tol=legal // 10)}),
        "F24-linkable": Finding({
            "rounded to the ten": V.exact(link, linkable, tol=MARGINS["F24-linkable"]),
            f"within 10% of {link}": V.exact(link, linkable, tol=link // 10)},
            why=f"our maximum is on challenge {int(top['id'])} ({top['level']}, "
            f"{int(top['given'])} pieces given)"),
        "F24-easy-all-linked": Finding({
            "easy = Starter": qual(bool(alleq.all()), f"{count(alleq)} Starter challenges",
                                   "legal first moves against those linked to a given piece"),
            "easy = the challenges all legal solves alone": qual(bool(both.all()), count(both),
                                                                 "the same on those")},
            why="" if alleq.all() else f"on our Starter challenges "
            f"{ids(starter.loc[~alleq, 'id'])} a legal first move touches no given piece"),
        "F24-hard-differential": Finding({
            "ratio of the Wizard maxima": qual(lo <= lk / most <= hi, f"{lk} of {most} (ratio "
                                               f"{fmt(lk / most, 2)})", "the Wizard maxima"),
            "median ratio per Wizard challenge": qual(lo <= per <= hi, f"median {fmt(per, 2)}",
                                                      "per Wizard challenge")})
        if len(wiz) else smoke("qualitative"),
    }


group(("F24-first-moves", "F24-linkable", "F24-easy-all-linked", "F24-hard-differential"),
      _first_moves, references=("first_moves",))


def _search(data: Data) -> dict[str, V.Evidence | Finding]:
    df, qual = analysis(data), V.qualitative
    ratios = [tuple(map(int, r.split("/"))) for s in df["ratios"] for r in s.split()]
    never = df["final_t3_nodes"] <= df["linked_nodes"]
    if any(a > b for a, b in ratios) or not never.all() or (df["find_nodes"] > df["nodes"]).any():
        raise RuntimeError("more linkable than legal options, counting added nodes under the same "
                           "order, or stopping at the first solution visited more: a solver bug")
    t2p = df["to_place"].groupby(df["level"], sort=False).median()
    drops = int((np.diff(df.sort_values("id")["to_place"].to_numpy()) < 0).sum())
    cases = set(zip(df["unmatched_balls"], df["unmatched_sockets"], df["empty_pegs"],
                    strict=True))
    order, loop, solved = df["linked_order"], df["link_loop"], df["final_t3_found"]
    parts, parts_clean = df["parts_legal"] >= 2, df["parts_clean"] >= 2
    return {
        "T4-linkable-fewer": V.design_input(f"{len(ratios)} of {len(ratios)} steps",
                                            "a linkable option is a legal option"),
        "S13-linkable-order-exists": qual(bool(order.all()), f"{count(order)} solutions",
                                          "facts.linked_build_order"),
        "S13-loops-allowed": qual(bool(loop.any()), f"{count(loop)} of our solutions hold a "
                                  "loop", "edges of each solution's link graph"),
        "S13-to-place-grows": V.design_input(", ".join(f"{lv} {fmt(float(v))}" for lv, v in
                                                       t2p.items()) + f" (median); it falls "
                                             f"{drops} times from one number to the next",
                                             "12 minus the given counts we draw"),
        "F25-26-spikes": _spikes(df.sort_values("id")["final_t3_nodes"]),
        "S14-spikes-factorial": _spikes_factorial(df),
        "S9-some-single-placement": _some_single(df),
        "S12-polynomial-growth": V.design_input(
            f"degree (pieces to place, median) {medians(df, df['to_place'].astype(float))}; "
            f"log10 legal combinations (median) {medians(df, df['log10_combos_legal'], 2)}",
            "the count is a product over the pieces to place"),
        "S7-anchor-any": V.design_input("the middle element (placements.make_placement)",
                                        "a placement is legal when all three elements stand "
                                        "on pegs, whichever is the anchor"),
        "S14-all-solved": Finding(V.exact(len(df), int(solved.sum())), paper=120),
        "S14-find-vs-prove": V.by_construction(
            "ordering", f"median {fmt(float(df['find_nodes'].median()))} vs "
            f"{fmt(float(df['nodes'].median()))} nodes", "the search run to the end visits every "
            "node of the same search stopped at its first solution (a superset)"),
        "S15-three-cases": qual(cases <= {(2, 0, 2), (3, 1, 1), (4, 2, 0)}, " ".join(
            f"({a},{b},{c})" for a, b, c in sorted(cases)), "every stored solution"),
        "S15-counting-never-costs": V.design_input(f"nodes with counting <= without on "
                                                   f"{count(never)}", "search.paper_kernel"),
        "S16-dispose-board": qual(bool(solved.all()), f"{count(solved)} solved, each replayed "
                                  "legal", "placements.check_solution"),
        "S17-splits": Finding({
            "legal placements": qual(bool(parts.any()), f"{count(parts)} challenges split",
                                     "facts.parts"),
            "after basic cleanup": qual(bool(parts_clean.any()), f"{count(parts_clean)} "
                                        "challenges split", "facts.parts")}),
    }


def spike_mask(lg: np.ndarray) -> np.ndarray:
    """Which values (log10, in challenge order) stand ``READINGS["spike"]`` times or more
    above each neighbour (an end has one neighbour)."""
    pad = np.concatenate([[-np.inf], lg, [-np.inf]])
    return (lg - np.maximum(pad[:-2], pad[2:])) >= np.log10(READINGS["spike"])


def _spikes_factorial(df: pd.DataFrame) -> V.Evidence:
    """Section 14's cause, read as: each spike has more pieces to place than both
    neighbours (if growth in the pieces to place made the spikes)."""
    order = df.sort_values("id")
    lg, n = np.log10(order["final_t3_nodes"].astype(float).to_numpy()), order["to_place"]
    at = np.flatnonzero(spike_mask(lg)) if len(lg) >= 3 else np.array([], int)
    if not len(at):
        return V.not_comparable(kind="qualitative")
    pad = np.concatenate([[-1], n.to_numpy(), [-1]])
    more = [pad[i + 1] > max(pad[i], pad[i + 2]) for i in at]
    same = [pad[i + 1] == pad[i] == pad[i + 2] for i in at]
    return V.qualitative(all(more), f"{sum(more)} of {len(at)} spikes have more pieces to place "
                         f"than both neighbours, {sum(same)} as many as both",
                         "pieces to place of each spike (F25-26-spikes) and its neighbours")


def _some_single(df: pd.DataFrame) -> V.Evidence:
    """Challenges where some but not all missing pieces have exactly one legal placement."""
    kinds = []
    for cid in df["id"]:
        dom = legal_placements(challenge_of(int(cid)))
        ones = sum(len(v) == 1 for v in dom.values())
        kinds.append("all" if ones == len(dom) else "some" if ones else "none")
    k = pd.Series(kinds)
    return V.qualitative(bool((k == "some").any()), f"{int((k == 'some').sum())} of {len(k)} "
                         f"challenges have some but not all missing pieces with exactly one "
                         f"legal placement ({int((k == 'all').sum())} all, "
                         f"{int((k == 'none').sum())} none)", "strategies.legal_placements")


def _spikes(nodes: pd.Series) -> Finding:
    """Figs. 25-26's axis is the challenge number: a spike is a challenge whose nodes are at
    least ``READINGS["spike"]`` times each neighbour's; 'hardly on a log scale' = no two
    neighbouring challenges differ by ``READINGS["log_gap"]`` decades or more."""
    lg = np.log10(nodes.astype(float).to_numpy())
    if len(lg) < 3:
        return smoke("qualitative")
    step, spikes = np.abs(np.diff(lg)), spike_mask(lg)
    jumps = int((step >= READINGS["log_gap"]).sum())
    few = 0 < int(spikes.sum()) <= len(lg) // 10
    seen = (f"{int(spikes.sum())} of {len(lg)} challenges at least {fmt(READINGS['spike'])} "
            f"times both neighbours")
    return Finding({
        "in challenge order (the figures' axis)": V.qualitative(
            few and jumps == 0, f"{seen}; {jumps} of {len(step)} neighbouring pairs differ by "
            f"{fmt(READINGS['log_gap'])} decade or more (widest {fmt(float(step.max()), 3)})",
            "the final solver's nodes in challenge order"),
        "the linear half alone (a few spikes)": V.qualitative(
            few, seen, "a few = at least one and at most a tenth of the challenges")},
        why=f"spikes at challenges {', '.join(str(i) for i in np.arange(1, len(lg) + 1)[spikes])}"
        " (position in challenge order)")


group(("T4-linkable-fewer", "S13-linkable-order-exists", "S13-loops-allowed",
       "S13-to-place-grows", "F25-26-spikes", "S14-spikes-factorial",
       "S9-some-single-placement", "S12-polynomial-growth", "S7-anchor-any",
       "S14-all-solved", "S14-find-vs-prove", "S15-three-cases", "S15-counting-never-costs",
       "S16-dispose-board", "S17-splits"), _search, unit="challenge")


@claim("S14-transition", unit="challenge")
def transition(data: Data) -> Finding:
    """Exhaustive search from 4 remaining pieces against from 3, paired per challenge; left out:
    the challenges the switch cannot act on (one combination, or at most 3 pieces to place:
    both searches exhaustive from the start)."""
    df = analysis(data)
    t3, t4 = df["final_t3_nodes"].astype(float), df["final_t4_nodes"].astype(float)
    inert, wz, lr = single(df) | (df["to_place"] <= 3), df["level"] == "Wizard", np.log(t4 / t3)
    if (t3[inert] != t4[inert]).any():
        raise RuntimeError("the switch acted where it cannot: a solver bug")
    ev = {"all challenges": V.paired_estimate(t4, t3, MARGINS["S14-transition"], inert=inert)}
    if wz.sum() >= 2:
        ev["Wizard challenges only"] = V.paired_estimate(
            t4[wz], t3[wz], MARGINS["S14-transition"], inert=inert[wz])
    fewer, more, acts = int((t4 < t3).sum()), int((t4 > t3).sum()), ~inert
    return Finding(ev, why=f"exhaustive at 4 needs fewer nodes on {fewer} of the {fewer + more} "
                   f"challenges where the two differ, more on {more}; of the {int(acts.sum())} "
                   f"where the switch can act, {int((acts & (t3 == t4)).sum())} give equal "
                   "counts; geometric-mean ratio there "
                   + (fmt(float(np.exp(lr[acts].mean())), 2) if acts.any() else "n/a"))


def costs_only(easy_single: pd.Series, free: np.ndarray, paid: np.ndarray, rule: str
               ) -> V.Evidence:
    """'On easy challenges ``rule`` costs more than it saves': by construction where cleanup
    leaves one combination (no node to save), else a paired test of the work, free below paid."""
    n = len(easy_single)
    if n and easy_single.all():
        return V.by_construction("ordering", f"{n} of {n} with one combination after cleanup",
                                 f"basic cleanup leaves one combination on each, so {rule} "
                                 "cannot save a node there and its tests are pure cost")
    return V.ordering(free, paid, paired=True, inert=easy_single.to_numpy())


def _counting(data: Data) -> dict[str, Finding]:
    """Ball/socket counting: the nodes it saves against how hard the challenge is, and its work
    on Starter and Junior (the final solver at transition 3 with and without it)."""
    df = analysis(data)
    easy, saved = df.query("level in @EASY"), (df["linked_nodes"] - df["final_t3_nodes"]).astype(
        float)
    with_, without = search_work(easy, "final_t3"), search_work(easy, "linked")
    share = 100 * float(((easy["final_t3_count_tests"] + easy["final_t3_checks_tests"]) / with_
                          ).median()) if len(easy) else 0.0
    same = easy["linked_nodes"] == easy["final_t3_nodes"]
    return {
        "S15-harder-saves-more": Finding({
            "nodes saved against exact-solver nodes": V.trend(df["nodes"], saved, True),
            "share of nodes saved": V.trend(df["nodes"], saved / df["linked_nodes"], True),
            "harder = the level": V.trend(df["level"].map(LEVELS.index), saved, True)},
            why=f"the search without counting reached its cap on "
                f"{int((~df['linked_found']).sum())} challenges (a lower bound there)")
        if enough(df["nodes"], saved) else smoke("trend"),
        "S15-easy-wasted": Finding(costs_only(single(easy), without.to_numpy(), with_.to_numpy(),
                                              "ball/socket counting"),
                                   why=f"nodes equal with and without it on {count(same)}; its "
                                   f"census merges and checks are a median {fmt(share, 2)}% of "
                                   "the work with it") if len(easy) >= 3 else smoke("ordering"),
    }


group(("S15-harder-saves-more", "S15-easy-wasted"), _counting, unit="challenge")


# --- issue 24's stored runs (naive.csv, transition.csv) -------------------------------------------


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


def _free_nodes(data: Data) -> tuple[pd.DataFrame, pd.Series]:
    """naive.csv's nodes without linkability, one column per reading, and pieces to place."""
    df, naive = analysis(data).set_index("id"), data.stored("naive")
    free = naive[~naive["linkability"] & naive["id"].isin(df.index)]
    wide = free.pivot(index="id", columns="reading", values="nodes").astype(float)
    return wide, df.loc[wide.index, "to_place"].astype(float)


@claim("S13-factorial", unit="challenge", stored=("naive",))
def factorial(data: Data) -> Finding:
    """Faster than any fixed exponential in the pieces to place n: the decades of nodes per
    missing piece of the naive search (any order, no linkability) rise with n; the second
    reading is the factor the free choice of order adds (any over fixed order)."""
    wide, n = _free_nodes(data)
    per, order = np.log10(wide["any"]) / n, np.log10(wide["any"] / wide["fixed"])
    if not enough(n, per) or not enough(n, order):
        return smoke("trend")
    fixed = (np.log10(wide["fixed"]) / n).groupby(n).median()
    capped = data.stored("naive").query("reading == 'any' and ~linkability and ~found")
    return Finding({
        "decades per missing piece, any order": V.trend(n, per, True),
        "the factor the free order adds (any / fixed order)": V.trend(n, order, True)},
        why=f"{len(capped)} any-order runs reached the node cap (lower bounds, against the "
        f"claim); the fixed-order product's decades per piece rise too (median "
        f"{fmt(float(fixed.iloc[0]), 2)} at {int(fixed.index[0])} pieces to "
        f"{fmt(float(fixed.iloc[-1]), 2)} at {int(fixed.index[-1])}): part of the rise is the "
        "branching per piece, which grows as fewer pieces are given, so the second reading "
        "isolates the order's factor")


def _abrupt(ratio: pd.Series, key: pd.Series, names: dict | None = None) -> V.Evidence:
    """The median log work ratio per value of ``key``: abrupt = the step where it crosses 0
    (costs -> saves) is the largest drop between neighbouring values."""
    med = ratio.groupby(key).median().sort_index()
    drop = -np.diff(med.to_numpy())
    cross = [i for i in range(len(drop)) if med.iloc[i] > 0 >= med.iloc[i + 1]]
    label = [str((names or {}).get(k, int(k))) for k in med.index]
    shown = ", ".join(f"{k} {fmt(float(10 ** v), 2)}" for k, v in zip(label, med, strict=True))
    at = (f"; crosses 1 from {label[cross[0]]} to {label[cross[0] + 1]}, a drop of "
          f"{fmt(float(10 ** drop[cross[0]]), 2)}x against the largest step's "
          f"{fmt(float(10 ** drop.max()), 2)}x") if cross else "; never crosses 1"
    return V.qualitative(bool(cross) and drop[cross[0]] >= drop.max(),
                         "median linked / free work " + shown + at,
                         "the crossing step is the largest drop between neighbours")


@claim("S13-brutal-transition", unit="challenge", stored=("naive",))
def brutal_transition(data: Data) -> Finding:
    """Linkability's counted work over the naive search's (any order, naive.csv) per challenge:
    where it turns from costing to saving, and whether that turn is the sharpest step."""
    df, naive = analysis(data).set_index("id"), add_work(data.stored("naive"))
    sel = naive[(naive["reading"] == "any") & naive["id"].isin(df.index)]
    w = sel.pivot(index="id", columns="linkability", values="work_tests").astype(float)
    ratio, n = np.log10(w[True] / w[False]), df.loc[w.index, "to_place"]
    if not enough(n, ratio):
        return smoke("qualitative")
    lv = df.loc[w.index, "level"].map(LEVELS.index)
    capped = sel.loc[~sel["found"], "linkability"].map({True: "linked", False: "free"})
    where = ", ".join(f"{k} {v}" for k, v in capped.value_counts().sort_index().items())
    return Finding({
        "abrupt, by pieces to place": _abrupt(ratio, n),
        "abrupt, by level": _abrupt(ratio, lv, dict(enumerate(LEVELS)))},
        why=f"the direction alone (saving grows with pieces to place): "
        f"{(tr := V.trend(n, ratio, False)).test}, p {fmt(tr.p, 2)}; runs that reached the "
        f"node cap: {where or 'none'} "
        "(a capped free run makes the ratio an upper bound); counted work (tests) stands in "
        "for the paper's seconds")


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
        e = V.ordering(best, wide[lv], paired=True, inert=inert)
        kept = ~inert.to_numpy()
        gms = (fmt(float(np.exp(np.log(x[kept]).mean()))) for x in (best, wide[lv]))
        each[f"3 or 4 vs {lv}"] = replace(e, ours=f"{e.ours}; geometric mean "
                                          f"{' vs '.join(gms)}")
    gm = ", ".join(f"{k} {fmt(float(v))}" for k, v in np.exp(np.log(wide).mean()).items())
    return Finding({"the weakest comparison": V.weakest(each)[1], **each},
                   why=f"geometric-mean nodes per level: {gm}")


# --- beyond the paper --------------------------------------------------------------------------


def _beyond(data: Data) -> dict[str, V.Evidence]:
    """Results beyond the paper; two counts of the empty board that disagree are an error."""
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
        "B-hardest": Finding({
            "the tier grade (assigns our levels)": b(
                f"challenge {hard['id']}: grade {hard['grade']} ({hard['guesses']} guesses)",
                "grader.py (limits.json)"),
            "the technique grade": b(hardest_technique(g), "techniques.py "
                                     "(grade_techniques.csv)")},
            why="the two graders disagree on the hardest challenge" if int(
                g.loc[g["grade"].idxmax(), "id"]) != int(hard["id"]) else ""),
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
