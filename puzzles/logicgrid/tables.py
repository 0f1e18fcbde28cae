"""The notebook's smaller tables: each a view of runs, puzzles or reference values."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from puzzles.logicgrid import reference, released
from puzzles.logicgrid.designer import generate
from puzzles.logicgrid.experiments import MAIN
from puzzles.logicgrid.fi2pop import EXPERIMENTS, feasible_fitness, random_hints, rules
from puzzles.logicgrid.hints import TYPE_LABELS, TYPES, paper_text, text
from puzzles.logicgrid.margins import MARGINS
from puzzles.logicgrid.model import CLUE, MINI, Space
from puzzles.logicgrid.protocols import PROTOCOL_STEPS, SINGLE_POP_WEIGHTS


def categories(space: Space) -> pd.DataFrame:
    """The space's categories as columns."""
    return pd.DataFrame({c.name + (" (numeric)" if c.numeric else ""): c.entities
                         for c in space.categories})


def grammar_examples(space: Space, seed: int, draws: int = 60) -> pd.DataFrame:
    """One random production of every type (and every k of "before"), printed both ways."""
    seen = {}
    for h in random_hints(space, draws, seed):
        seen.setdefault((h.type, h.k), h)
    return pd.DataFrame([{"type": TYPE_LABELS[t], "printed": text(space, h),
                          "authors' phrasing": paper_text(space, h)}
                         for (t, _), h in sorted(seen.items(), key=lambda kv: (
                             TYPES.index(kv[0][0]), kv[0][1] or 0))])


def released_summary(rel: pd.DataFrame) -> pd.DataFrame:
    """Per released set: puzzles, mean clues and loops (both solvers), how many solved."""
    return rel.groupby("set", sort=False).agg(
        puzzles=("index", "size"), hints=("hints", "mean"), paper_loops=("paper_loops", "mean"),
        sound_loops=("sound_loops", "mean"),
        no_solution=("solutions", lambda s: int((s == 0).sum())),
        paper_solved=("paper_status", lambda s: int((s == "solved").sum())),
        sound_solved=("sound_status", lambda s: int((s == "solved").sum()))).round(3)


def released_type_means() -> dict[str, dict[str, float]]:
    """Mean distinct clues of each type per released puzzle, per set."""
    return {s: {t: float(np.mean([sum(h.type == t for h in set(hs))
                                  for hs in released.puzzles(s)])) for t in TYPES}
            for s in released.SETS}


def experiment_configs() -> pd.DataFrame:
    """The three experiments' GA settings."""
    return pd.DataFrame([{"experiment": k, **{f: getattr(v, f) for f in (
        "space", "fitness", "population", "crossover", "mutation", "add_rate", "elites",
        "init_min", "init_max", "max_hints", "divisor")}} for k, v in EXPERIMENTS.items()])


def hardest(puzzles: Sequence[dict], name: str) -> dict:
    """The final puzzle of ``name`` with most paper-mode loops, then fewest clues."""
    ps = [p for p in puzzles if p["experiment"] == name]
    return sorted(ps, key=lambda p: (-p["loops_paper"], len(p["hints"]), p["trial"]))[0]


def hardest_title(p: dict) -> str:
    """How the picture of a generated puzzle is titled."""
    return (f"{p['experiment']}, trial {p['trial']}: {p['loops_paper']} loops (paper), "
            f"{p['loops']} (sound), {len(p['hints'])} hints")


def mini_table(mini: Sequence[dict]) -> pd.DataFrame:
    """The mini experiment's final puzzles."""
    return pd.DataFrame([{"trial": p["trial"], "hints": len(p["hints"]),
                          "loops (paper)": p["loops_paper"], "loops (sound)": p["loops"],
                          "clues": " / ".join(p["text"])} for p in mini])


def mutation_protocol(runs: Sequence[dict]) -> pd.DataFrame:
    """Their mutation study: mean share still feasible after each mutation, both
    feasibilities, beside the paper's."""
    return pd.DataFrame({
        "mutations": np.arange(1, PROTOCOL_STEPS + 1),
        "ours (their protocol, our feasibility)": np.mean(
            [r["ratios"] for r in runs if not r["weak"]], axis=0).round(3),
        "ours (their protocol, paper feasibility)": np.mean(
            [r["ratios"] for r in runs if r["weak"]], axis=0).round(3),
        "paper": reference.mutation_feasibility()})


def ablation_protocol(runs: Sequence[dict]) -> pd.DataFrame:
    """Their single-population ablation: feasible individuals per variant, beside the
    paper's."""
    def of(v: str) -> list:
        return [r["n_feasible"] for r in runs if r["variant"] == v]

    return pd.DataFrame([{
        "infeasible fitness": v,
        "feasible per generation (of 50)": round(float(np.mean([np.mean(n) for n in of(v)])),
                                                 2),
        "feasible at the end": round(float(np.mean([n[-1] for n in of(v)])), 2),
        "paper": reference.ablation()[v]} for v in SINGLE_POP_WEIGHTS])


def divisor(puzzles: Sequence[dict]) -> pd.DataFrame:
    """Our "hint size and difficulty" puzzles scored with the divisor 20 (the authors' code)
    and 10 (the slides' print), sound loops, beside the paper's mean."""
    ps = [p for p in puzzles if p["experiment"] == MAIN[0]]
    scores = pd.DataFrame([{f"D = {d} ({how})": feasible_fitness(p["loops"], len(p["hints"]),
                                                                 rules(divisor=float(d)))
                            for d, how in ((20, "used"), (10, "printed"))} for p in ps])
    return scores.mean().round(3).to_frame("mean top feasible fitness").assign(
        paper=reference.results(MAIN[0])["fitness_feasible_mean"])


def uniqueness(puzzles: Sequence[dict]) -> pd.DataFrame:
    """Final puzzles with exactly one solution, per experiment."""
    return pd.DataFrame([{"experiment": name, "puzzles": len(ps),
                          "exactly one solution": sum(p["_count"] == 1 for p in ps)}
                         for name in EXPERIMENTS
                         for ps in [[p for p in puzzles if p["experiment"] == name]]])


def designed(seed: int) -> list[tuple[str, dict]]:
    """The designer's three puzzles: 4x4 with at least 4 and 5 loops, 3x4 with 3."""
    return [("4x4", generate(CLUE, 4, 10, seed)), ("4x4", generate(CLUE, 5, 10, seed)),
            ("3x4", generate(MINI, 3, 6, seed))]


def designer_table(puzzles: Sequence[tuple[str, dict]]) -> pd.DataFrame:
    """Clues, loops and attempts of the designer's puzzles."""
    return pd.DataFrame([{"space": sp, "clues": len(d["hints"]),
                          "loops (paper)": d["loops_paper"], "loops (sound)": d["loops_sound"],
                          "attempts": d["attempts"]} for sp, d in puzzles])


def redundancy_summary(redundancy: pd.DataFrame) -> pd.DataFrame:
    """Redundant clues per puzzle, ours and the authors', per experiment."""
    return redundancy.groupby(["source", "experiment"], sort=False)["redundant"].agg(
        puzzles="count", mean="mean", with_one_or_more=lambda s: int((s > 0).sum())).round(3)


def grammar_table(space: Space, samples: int, seed: int) -> pd.DataFrame:
    """Shares of hint types and productions: our generator (sampled) vs the authors' grammar."""
    hs = random_hints(space, samples, seed)
    authors = reference.grammar()
    before = [h for h in hs if h.type == "before"]
    ors = [h for h in hs if h.type == "or"]
    rows = [{"quantity": f"type '{TYPE_LABELS[t]}'",
             "ours": sum(h.type == t for h in hs) / len(hs),
             "authors' grammar": authors["type_share"], "of": len(hs)}
            for t in TYPES]
    rows.append({"quantity": "'before' drawn as 'at least 1'",
                 "ours": sum(h.k is None for h in before) / max(len(before), 1),
                 "authors' grammar": authors["before_at_least_share"],
                 "of": len(before)})
    rows.append({"quantity": "'or' with A, B from one category",
                 "ours": sum(h.a // space.m == h.b // space.m for h in ors) / max(len(ors), 1),
                 "authors' grammar": authors["or_same_category_share"],
                 "of": len(ors)})
    return pd.DataFrame(rows)


def margins_table() -> pd.DataFrame:
    """The ledger's margins (``margins.csv``): quantity, margin, why (the paper's means filled
    in)."""
    hd, do = (reference.results(n) for n in MAIN)
    arms = {"loops_hd": hd["loops_mean"], "loops_do": do["loops_mean"],
            "hints_hd": hd["hints_mean"], "hints_do": do["hints_mean"]}
    rows = pd.read_csv(Path(__file__).with_name("margins.csv"), keep_default_na=False)
    return pd.DataFrame([{"quantity": r["quantity"], "margin": MARGINS[r["name"]].text,
                          "why this wide": r["why"].format(**arms)}
                         for r in rows.to_dict("records")])
