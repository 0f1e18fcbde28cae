"""Where the gaps of the authors' side studies come from (issue 26, item 2), measured.

Both protocols of :mod:`puzzles.logicgrid.protocols` rerun with the seeds of the committed
runs under the paper's feasibility, under two feasibility oracles: ours ("the sound solver
completes the grid", ``weak=True``) and the authors' solver itself (their ``is_complete``,
:mod:`puzzles.logicgrid.authors_kernel`). Each mutation trial also reruns its chains on the same
archive with one thing changed at a time: only the first ``target`` archived lists (their
``first_n_feasible`` may archive more), the archive with exact repeats removed, and a mutation
that never inserts a clue the list holds. The ablation reruns each infeasible fitness with the
generator's distinct-clue operators too. Every variant shares its trial's seed, so the
differences are paired.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

import numpy as np
import pandas as pd

from puzzles.core import mean_ci
from puzzles.core.paper import Task
from puzzles.logicgrid.fi2pop import SPACES, HintLists, drop_repeats, judge, rules
from puzzles.logicgrid.protocols import (
    ARCHIVE_GA,
    MAX_ARCHIVE_GENERATIONS,
    PROTOCOL_STEPS,
    ROWS,
    SINGLE_POP_WEIGHTS,
    archive_kernel,
    chain_kernel,
    single_pop_kernel,
)

ORACLES = ("ours", "authors")  # our sound solver completes the grid / the authors' solver does
CHAIN_VARIANTS = ("as their script", "first target lists only", "repeats removed from the archive",
                  "distinct-clue mutation")


def oracle_rules(oracle: str, weights: tuple[float, float, float] | None = None):
    """The paper's feasibility under ``oracle``, with infeasible-fitness ``weights``."""
    if oracle not in ORACLES:
        raise ValueError(f"oracle must be one of {ORACLES}, got {oracle!r}")
    r = rules(weak=True)._replace(paper_oracle=oracle == "authors")
    if weights is not None:
        r = r._replace(completion=weights[0], validity=weights[1], violations=weights[2])
    return r


@dataclass(frozen=True)
class ChainCauses:
    """One mutation-protocol trial: its archive and the chains of every variant."""

    archived: int  # lists archived (their loop checks the target once per generation)
    mean_length: float  # mean clues per archived list
    with_repeats: float  # share of archived lists holding an exact repeat
    ratios: dict[str, list[float]]  # per variant: share feasible after 1..steps mutations


def _without_repeats(lists: HintLists, na: int) -> HintLists:
    rows, lengths = lists.rows.copy(), lists.lengths.copy()
    for i in range(na):
        lengths[i] = drop_repeats(rows[i], lengths[i])
    return HintLists(rows, lengths)


def chain_causes(space_name: str, seed: int, target: int, oracle: str) -> ChainCauses:
    """One trial of their mutation study under ``oracle``, its chains under every variant
    (chains draw from ``seed + 1`` as :func:`~.protocols.mutation_protocol_run`)."""
    space = SPACES[space_name]
    jd = judge(space, oracle_rules(oracle))
    lists, na, _ = archive_kernel(int(seed), ARCHIVE_GA, int(target), MAX_ARCHIVE_GENERATIONS,
                                  jd)
    if na == 0:
        raise ValueError("the infeasible-only GA archived no feasible list")
    dedup = _without_repeats(lists, na)
    runs = {"as their script": (lists, na, False),
            "first target lists only": (lists, min(na, int(target)), False),
            "repeats removed from the archive": (dedup, na, False),
            "distinct-clue mutation": (lists, na, True)}
    ratios = {}
    for name, (ls, n, distinct) in runs.items():
        counts = chain_kernel(int(seed) + 1, ls, n, PROTOCOL_STEPS, ROWS, jd, distinct)
        ratios[name] = (counts / n).tolist()
    lengths = lists.lengths[:na]
    return ChainCauses(archived=int(na), mean_length=float(lengths.mean()),
                       with_repeats=float(np.mean(dedup.lengths[:na] < lengths)),
                       ratios=ratios)


# The ablation's arms: (oracle, the generator's distinct-clue operators).
ABLATION_ARMS = (("ours", False), ("authors", False), ("ours", True))


@dataclass(frozen=True)
class CauseTask(Task):
    """One trial of either protocol (``protocol`` "mutation" or "ablation"; ``variant`` the
    ablation's infeasible fitness), run under every oracle and cause with the seed of the
    committed run under the paper's feasibility, so every arm is paired with it."""

    EXPERIMENT = "protocol-causes"
    protocol: str
    trial: int
    variant: str = ""
    size: int = 100  # archive target (mutation) or generations (ablation)

    def __post_init__(self) -> None:
        if self.protocol not in ("mutation", "ablation"):
            raise ValueError(f"protocol must be 'mutation' or 'ablation', got {self.protocol!r}")
        if self.protocol == "ablation" and self.variant not in SINGLE_POP_WEIGHTS:
            raise ValueError(f"variant must be one of {sorted(SINGLE_POP_WEIGHTS)}, "
                             f"got {self.variant!r}")
        if self.trial < 0 or self.size < 1:
            raise ValueError("trial >= 0 and size >= 1 required")

    def seed_key(self) -> tuple[int | str, ...]:
        """The committed weak-feasibility run's key."""
        if self.protocol == "mutation":
            return ("mutation-protocol", 1, self.trial)
        return ("single-pop", self.variant, 1, self.trial)


def cause_tasks(budget, root: int) -> list[CauseTask]:
    """Every trial of both protocols (each variant of the ablation), the committed runs' trials
    and sizes."""
    out = [CauseTask("mutation", t, size=budget.protocol_target, root=root)
           for t in range(budget.protocol_trials)]
    return out + [CauseTask("ablation", t, v, budget.single_pop_generations, root=root)
                  for v in SINGLE_POP_WEIGHTS for t in range(budget.protocol_trials)]


def ablation_run(task: CauseTask, oracle: str, distinct: bool) -> list[int]:
    """One ablation arm: feasible individuals per generation."""
    ga = ARCHIVE_GA._replace(gens=task.size, max_hints=ROWS - 1, distinct=distinct)
    jd = judge(SPACES["clue"], oracle_rules(oracle, SINGLE_POP_WEIGHTS[task.variant]))
    return single_pop_kernel(int(task.seed), ga, jd).tolist()


def cause_task(task: CauseTask) -> dict:
    """The worker: per oracle a mutation trial's :class:`ChainCauses`, or per ablation arm
    (oracle, distinct operators) the feasible individuals per generation."""
    if task.protocol == "mutation":
        return {o: chain_causes("clue", task.seed, task.size, o) for o in ORACLES}
    return {arm: ablation_run(task, *arm) for arm in ABLATION_ARMS}


def _rows(t: CauseTask, r: dict) -> list[dict]:
    rows = []
    if t.protocol == "mutation":
        for oracle, c in r.items():
            about = {k: v for k, v in asdict(c).items() if k != "ratios"}
            rows += [{"protocol": t.protocol, "oracle": oracle, "trial": t.trial,
                      "variant": name, "fitness": "", "step": s, "value": v, **about}
                     for name, ratios in c.ratios.items()
                     for s, v in enumerate(ratios, start=1)]
        return rows
    for (oracle, distinct), counts in r.items():
        name = "distinct-clue operators" if distinct else "as their script"
        rows += [{"protocol": t.protocol, "oracle": oracle, "trial": t.trial, "variant": name,
                  "fitness": t.variant, "step": step, "value": v}
                 for step, v in ((0, float(np.mean(counts))), (-1, float(counts[-1])))]
    return rows


def causes_table(tasks: Sequence[CauseTask], results: Sequence[dict]) -> pd.DataFrame:
    """One row per trial, arm, variant and step (mutation: step 1..5; ablation: step 0 is the
    mean over the generations, step -1 the final generation) with the archive's description;
    ordered by protocol, arm, ablation fitness, trial."""
    rows = [row for t, r in zip(tasks, results, strict=True) for row in _rows(t, r)]
    arms = {("mutation", o, v): i for i, o in enumerate(ORACLES) for v in CHAIN_VARIANTS}
    arms.update({("ablation", o, "distinct-clue operators" if d else "as their script"): i
                 for i, (o, d) in enumerate(ABLATION_ARMS)})
    fit = {v: i for i, v in enumerate(SINGLE_POP_WEIGHTS)}
    chain = {v: i for i, v in enumerate(CHAIN_VARIANTS)}

    def key(r: dict) -> tuple:
        return (r["protocol"] != "mutation", arms[(r["protocol"], r["oracle"], r["variant"])],
                fit.get(r["fitness"], -1), r["trial"], chain.get(r["variant"], -1),
                abs(r["step"]) if r["step"] <= 0 else r["step"])

    return pd.DataFrame(sorted(rows, key=key))


def causes_summary(table: pd.DataFrame) -> pd.DataFrame:
    """``protocol_causes.csv``: per protocol, oracle, variant, fitness and step, the mean with
    its 95% CI, and the paired difference from the same trials run as their script under our
    oracle."""
    table = table.assign(fitness=table["fitness"].fillna(""))  # the mutation rows have none
    key = ["protocol", "fitness", "step", "trial"]
    ref = table[(table["oracle"] == "ours") & (table["variant"] == "as their script")]
    ref = ref.set_index(key)["value"]
    rows = []
    cols = ["protocol", "oracle", "variant", "fitness", "step"]
    for k, g in table.groupby(cols, sort=False):
        mean, half = mean_ci(g["value"].to_numpy())
        diff = g.set_index(key)["value"] - ref.reindex(g.set_index(key).index)
        dm, dh = mean_ci(diff.to_numpy())
        rows.append({**dict(zip(cols, k, strict=True)), "trials": len(g), "mean": mean,
                     "ci95": half, "paired_diff_vs_ours_as_script": dm, "diff_ci95": dh})
    return pd.DataFrame(rows).round(4)


def matches_protocols(table: pd.DataFrame, mutation_runs: Sequence[dict],
                      single_runs: Sequence[dict]) -> bool:
    """Whether the stored runs "as their script" under our oracle equal the notebook's
    protocol runs under the paper's feasibility, trial by trial (the same seeds, the same
    code)."""
    ours = table[(table["oracle"] == "ours") & (table["variant"] == "as their script")]
    ours = ours.assign(fitness=ours["fitness"].fillna(""))  # the mutation rows have none
    got = {(r["protocol"], str(r["fitness"]), int(r["trial"]), int(r["step"])): float(r["value"])
           for r in ours.to_dict("records")}
    want = {}
    for r in mutation_runs:
        if r["weak"]:
            want.update({("mutation", "", int(r["trial"]), s): float(v)
                         for s, v in enumerate(r["ratios"], start=1)})
    for r in single_runs:
        want[("ablation", r["variant"], int(r["trial"]), 0)] = float(np.mean(r["n_feasible"]))
        want[("ablation", r["variant"], int(r["trial"]), -1)] = float(r["n_feasible"][-1])
    return bool(want) and want.keys() <= got.keys() and all(
        abs(got[k] - v) < 1e-9 for k, v in want.items())


def cause_values(table: pd.DataFrame, protocol: str, oracle: str, variant: str, fitness: str,
                 step: int) -> list[float]:
    """One cell of the stored cause runs (``protocol_causes_runs.csv``): the per-trial values,
    by trial."""
    c = table[(table["protocol"] == protocol) & (table["oracle"] == oracle)
              & (table["variant"] == variant) & (table["fitness"].fillna("") == fitness)
              & (table["step"] == step)].sort_values("trial")
    return c["value"].astype(float).tolist()
