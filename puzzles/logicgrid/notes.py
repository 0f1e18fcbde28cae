"""The notebook's sentences: each fills a template of ``prose.md`` from the runs and the paper's
numbers (:mod:`.reference`), so no cell types a number."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from IPython.display import Markdown

from puzzles.core.claims import depends_on_reading
from puzzles.core.prose import Prose
from puzzles.logicgrid import reference
from puzzles.logicgrid.experiments import MAIN
from puzzles.logicgrid.explain import walkthrough as walk_table
from puzzles.logicgrid.hints import Hint, text
from puzzles.logicgrid.model import Space
from puzzles.logicgrid.solver import solve

PROSE = Prose("puzzles.logicgrid")


def _join(values) -> str:
    return ", ".join(str(v) for v in values)


def examples(found: Sequence[dict]) -> Markdown:
    """The slides' examples: solution counts, the printed grid, loops."""
    first = found[0]
    loops = " ".join(PROSE.text("example_loops", puzzle=e["name"], published=e["published_loops"],
                                paper=e["loops_paper"], sound=e["loops"]) for e in found[1:])
    return PROSE("examples", counts=_join(e["count"] for e in found), loops=loops,
                 match="matches" if first["solution"] == first["published_solution"]
                 else "does not match")


def released(rel: pd.DataFrame, summary: pd.DataFrame, queue: Sequence[int]) -> Markdown:
    """The released puzzles under both solvers beside the authors' data.txt."""
    bad = rel[rel["solutions"] == 0]
    loops = summary["paper_loops"]
    sound = summary["sound_loops"]
    return PROSE("released", hd=loops["hd"], do=loops["do"], small=loops["small"],
                 **{f"authors_{s}": reference.authors_results(s)["loops_mean"]
                    for s in ("hd", "do", "small")},
                 queue=_join(queue), paper_queue=_join(reference.queue_per_loop()),
                 sound_hd=sound["hd"], sound_do=sound["do"],
                 lower_hd=loops["hd"] - sound["hd"], lower_do=loops["do"] - sound["do"],
                 bad=len(bad), which=", ".join(f"{s} {i}" for s, i in zip(
                     bad["set"], bad["index"], strict=True)))


def experiments(budget) -> Markdown:
    """What the trials run."""
    return PROSE("experiments", trials=budget.trials, generations=budget.generations,
                 generations_do=budget.generations_difficulty, mini_trials=budget.mini_trials,
                 mini_generations=budget.mini_generations,
                 ablation_trials=budget.ablation_trials,
                 ablation_generations=budget.ablation_generations)


def beside_the_paper(summary: pd.DataFrame) -> Markdown:
    """Our means beside the paper's."""
    s = summary.set_index("experiment")
    hd, do = (reference.results(n) for n in MAIN)
    small = reference.authors_results("small")
    return PROSE("beside_the_paper",
                 hints_hd=s.loc[MAIN[0], "hints_mean"], paper_hints_hd=hd["hints_mean"],
                 hints_do=s.loc[MAIN[1], "hints_mean"], paper_hints_do=do["hints_mean"],
                 loops_hd=s.loc[MAIN[0], "loops_paper_mean"], paper_loops_hd=hd["loops_mean"],
                 loops_do=s.loc[MAIN[1], "loops_paper_mean"], paper_loops_do=do["loops_mean"],
                 sound_hd=s.loc[MAIN[0], "loops_mean"], sound_do=s.loc[MAIN[1], "loops_mean"],
                 first_hd=s.loc[MAIN[0], "first_feasible_mean"],
                 paper_first_hd=hd["first_feasible_mean"],
                 first_do=s.loc[MAIN[1], "first_feasible_mean"],
                 paper_first_do=do["first_feasible_mean"],
                 mini_hints=s.loc["mini 3x4", "hints_mean"],
                 mini_loops=s.loc["mini 3x4", "loops_paper_mean"],
                 authors_mini_hints=small["hints_mean"], authors_mini_loops=small["loops_mean"],
                 unique=s["unique_share"].min())


def types(table: pd.DataFrame) -> Markdown:
    """Clue types per final puzzle beside the paper's."""
    t = table.set_index("hint type")
    return PROSE("types", pairs="; ".join(
        f"{lab} {t.loc[lab, MAIN[0]]:.2f} vs {t.loc[lab, 'paper (hint size and difficulty)']:.2f}"
        for lab in t.index))


def queue_intro(puzzles: int) -> Markdown:
    """The per-loop queue section's introduction."""
    return PROSE("queue_intro", puzzles=puzzles, paper_queue=_join(reference.queue_per_loop()))


def mini(budget) -> Markdown:
    """The mini experiment's introduction."""
    small = reference.authors_results("small")
    return PROSE("mini", trials=budget.mini_trials, generations=budget.mini_generations,
                 loops=small["loops_mean"], hints=small["hints_mean"],
                 first=small["first_feasible_mean"])


def archive(runs: Sequence[dict]) -> Markdown:
    """How much their mutation study archived."""
    return PROSE("archive", archived=np.mean([r["archived"] for r in runs]),
                 generations=np.mean([r["generations"] for r in runs]))


def divisor() -> Markdown:
    """The divisor section's introduction."""
    hd = reference.results(MAIN[0])
    return PROSE("divisor", paper=hd["fitness_feasible_mean"], hints=hd["hints_mean"],
                 loops=hd["loops_mean"])


def weak(table: pd.DataFrame, rel: pd.DataFrame) -> Markdown:
    """What the paper's weaker feasibility lets through."""
    w = table.set_index(["experiment", "feasibility"])
    arms = []
    for name in MAIN:
        key = (name, "paper (solver completes)")
        if key in w.index:
            r = w.loc[key]
            arms.append(PROSE.text("weak_arm", arm=name,
                                   zero=int(r["accepted with 0 solutions"]),
                                   accepted=int(r["accepted as feasible"]),
                                   share=r["accepted with 0 solutions"]
                                   / max(r["accepted as feasible"], 1),
                                   final=int(r["final puzzles with 0 solutions"])))
    return PROSE("weak", arms="; ".join(arms), released=len(rel),
                 released_bad=int((rel["solutions"] == 0).sum()))


def contradictory(weak_puzzles: Sequence[dict], space: Space) -> str:
    """One final puzzle the paper's feasibility accepted with no solution, as text."""
    bad = [p for p in weak_puzzles if p["_count"] == 0]
    if not bad:
        return "no final puzzle with 0 solutions at this scale"
    p = bad[0]
    res = solve(space, p["_hints"])
    return "\n".join([f"{p['experiment']}, trial {p['trial']}: {p['loops']} loops, 0 solutions",
                      *(f"  {k}. {t}" for k, t in enumerate(p["text"], 1)),
                      f"full solver: {res.status} after {len(res.remaining)} passes"])


def walkthrough(space: Space, hints: list[Hint]) -> Markdown:
    """Every step of the sound solver with its clue and premises."""
    walk = walk_table(space, hints)
    steps = []
    for r in walk.to_dict("records"):
        k = int(r["because"].split()[1]) if r["because"].startswith("clue") else 0
        why = [f"clue {k} ({text(space, hints[k - 1])})"] if k else [r["because"]]
        steps.append(f"{r['step']}. (loop {r['loop']}) **{r['cell']}: {r['mark']}**, from "
                     + "; ".join(why + list(r["premises"])))
    return PROSE("walkthrough", cells=len(walk), mean=walk["premises"].map(len).mean(),
                 most=walk["premises"].map(len).max(), steps="\n".join(steps))


def clue_list(puzzle: dict) -> Markdown:
    """A generated puzzle's clues, numbered."""
    return Markdown("\n".join(f"{k}. {t}" for k, t in enumerate(puzzle["text"], 1)))


def hardest(emap: pd.DataFrame) -> Markdown:
    """The hardest puzzle of the MAP-Elites map beside the paper's GA."""
    hard = emap.loc[emap["loops (paper)"].idxmax()]
    hd, do = (reference.results(n) for n in MAIN)
    return PROSE("hardest", loops=hard["loops (paper)"], clues=hard["clues"],
                 loops_hd=hd["loops_mean"], hints_hd=hd["hints_mean"],
                 loops_do=do["loops_mean"], hints_do=do["hints_mean"])


def flips(frame: pd.DataFrame) -> Markdown:
    """The ledger rows whose verdict depends on the reading."""
    rows = frame[depends_on_reading(frame)]
    return PROSE("flips", count=len(rows),
                 rows="; ".join(f"{r.id} ({r.readings})" for r in rows.itertuples()))


def _tally(rows: pd.DataFrame) -> str:
    counts = rows["verdict"].value_counts()
    return ", ".join(f"{n} {v}" for v, n in counts.items())


def conclusion(frame: pd.DataFrame, summary: pd.DataFrame, rel: pd.DataFrame,
               mutation_protocol: pd.DataFrame, by_solver: pd.DataFrame) -> Markdown:
    """The notebook's conclusion, from the ledger and the tables (``by_solver``:
    ``loops_by_fitness_solver.csv``)."""
    pf = by_solver[by_solver["fitness_solver"] == "paper"].groupby("dataset")["loops_paper"]
    pf = pf.mean()
    f = frame
    exact = f[f["id"].str.startswith(("REL-", "EX-")) & (f["kind"] == "exact")]
    open_rows = exact[exact["verdict"] == "not comparable"]
    exact = exact[exact["verdict"] != "not comparable"]
    ga = f[f["id"].str.startswith("GA-") & f["kind"].isin(["estimate", "extreme"])]
    mut = f[f["id"].str.match(r"MUT-weak-")]  # MUT-strict-*: beyond (the paper never ran it)
    order = f[f["id"].str.startswith("ABL-order")]
    weak_shares = mutation_protocol.iloc[:, 2]
    s = summary.set_index("experiment")
    paper_mut = reference.mutation_feasibility()
    return PROSE(
        "conclusion", exact_reproduced=int((exact["verdict"] == "reproduced").sum()),
        exact=len(exact), open=", ".join(open_rows["id"]),
        loops_hd=s.loc[MAIN[0], "loops_paper_mean"], loops_do=s.loc[MAIN[1], "loops_paper_mean"],
        paper_loops_hd=reference.results(MAIN[0])["loops_mean"],
        paper_loops_do=reference.results(MAIN[1])["loops_mean"],
        pf_hd=pf.get(MAIN[0], float("nan")), pf_do=pf.get(MAIN[1], float("nan")),
        released_bad=int((rel["solutions"] == 0).sum()), released=len(rel),
        ga_rows=len(ga), ga_tally=_tally(ga), steps=len(weak_shares),
        falls="falls at every step" if (np.diff(weak_shares) < 0).all()
        else "does not fall at every step",
        shares=", ".join(f"{v:.2f}" for v in weak_shares), paper_first=paper_mut[0],
        paper_last=paper_mut[-1], mut_rows=len(mut), mut_tally=_tally(mut),
        order_held=int((order["verdict"] == "reproduced").sum()), orders=len(order),
        margin_rows=", ".join(f.loc[f["why"].str.contains("(margin rule)", regex=False), "id"])
        or "no row")
