"""Notebook 05's experiments: typed tasks, module-level workers and the tables of their results.

A case is ``(d, level, k)``; :func:`case_key` is its one text form (``d4-k3-L2``, as in
``optimal_paths.json``, the seeds and ``timings.csv``; the ledger's claim ids drop the dashes).
Every run's seed is ``derive_seed(root, algorithm tag, case key, ..., run)``: results depend on
the task alone, never on the workers. Wall times never enter a table (the tables must be the
same on every rerun): a table carries them in ``attrs["seconds"]``, which :func:`take_seconds`
removes and returns for ``timings.csv``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pandas as pd

from puzzles.core.paper import Task
from puzzles.core.project import ROOT
from puzzles.core.seeding import derive_seed
from puzzles.core.storage import TIMES, read_stored
from puzzles.core.timing import Timings
from puzzles.hypercube import cpu, gods, hardness
from puzzles.hypercube.budget import EXTRA_RUNS as EXTRA_RUNS  # the notebook's ex.EXTRA_RUNS
from puzzles.hypercube.budget import ORBITS_D5_FILE, HypercubeBudget
from puzzles.hypercube.evolve import run_ea
from puzzles.hypercube.instances import INSTANCES, Instance, instance
from puzzles.hypercube.model import Puzzle
from puzzles.hypercube.rl import RLSettings, initial_table, run_rl
from puzzles.hypercube.search import HEURISTICS, Component, astar, astar_list, component, solve

Case = tuple[int, str, int]  # (d, level, k)
CASE_COLUMNS = ["d", "k", "level"]
SECONDS = TIMES  # the attrs key of a table's wall times


def case_key(d: int, k: int, level: str) -> str:
    """The one key of a case: ``d{d}-k{k}-L{level}``."""
    return f"d{d}-k{k}-L{level}"


def case_list(instances: Sequence[Instance]) -> list[Case]:
    """Every (d, level, k) with k = 1..d-1 for the given instances."""
    return [(i.d, i.level, k) for i in instances for k in range(1, i.d)]


CASES = case_list(INSTANCES)  # code levels first, then T3a-T3c
PAPER_CASES = case_list([i for i in INSTANCES if i.is_code_level])
HARDEST = "far"  # the level name of a hardest start (:func:`hardness.hardest_start`)


def case_puzzle(d: int, level: str, k: int) -> tuple[Puzzle, tuple[int, ...]]:
    """(puzzle, start) of a case: a level of the paper or its Table 3, or :data:`HARDEST`,
    a configuration at the eccentricity of the paper's target for (d, k)."""
    if level == HARDEST:
        puzzle = instance(d, hardness.PAPER_LEVEL).puzzle(k)
        return puzzle, hardness.hardest_start(puzzle)
    inst = instance(d, level)
    return inst.puzzle(k), inst.start(k)


def hardest_cases(max_d: int = 4) -> list[Case]:
    """(d, HARDEST, k) for every (d, k) with 3 <= d <= max_d."""
    return [(d, HARDEST, k) for d in range(3, max_d + 1) for k in range(1, d)]


def with_seconds(table: pd.DataFrame, seconds: list[dict[str, Any]]) -> pd.DataFrame:
    """``table`` carrying its wall times (one dict per timed item) in ``attrs``."""
    table.attrs[SECONDS] = tuple(seconds)
    return table


def take_seconds(table: pd.DataFrame) -> pd.DataFrame:
    """The wall times a table carries, removed from it (so its later copies stay light)."""
    return pd.DataFrame(list(table.attrs.pop(SECONDS, ())))


def record_times(timings: Timings, step: str, times: pd.DataFrame,
                 column: str = "seconds") -> None:
    """Add ``times[column]`` to ``timings`` under ``step``, summed per case (item: its key)."""
    for (d, k, level), g in times.groupby(CASE_COLUMNS, sort=False):
        timings.add(step, float(g[column].sum()), case_key(d, k, level))


@dataclass(frozen=True)
class CaseRow:
    """One case's result: its table row and its wall times (case columns plus seconds)."""

    row: dict[str, Any]
    times: dict[str, Any]


def rows_table(results: Sequence[CaseRow], columns: Sequence[str] | None = None
               ) -> pd.DataFrame:
    """The rows of ``results`` (``columns`` of them if given), carrying their wall times."""
    table = pd.DataFrame([r.row for r in results])
    return with_seconds(table if columns is None else table[list(columns)],
                        [r.times for r in results])


def _timed(task: Any, **seconds: float) -> dict[str, Any]:
    return {"d": task.d, "k": task.k, "level": task.level, **seconds}


# ---------------------------------------------------------------- exact search


@dataclass(frozen=True)
class ExactTask(Task):
    """One case's exact optimum; its component only when ``d <= component_max_d``."""

    EXPERIMENT = "exact"
    d: int
    level: str
    k: int
    component_max_d: int


def exact_tasks(b: HypercubeBudget, root: int) -> list[ExactTask]:
    """Every case."""
    return [ExactTask(d, lv, k, b.component_max_d, root=root) for d, lv, k in CASES]


def exact(task: ExactTask) -> CaseRow:
    """Exact optimum (bidirectional BFS), one optimal path ([colour, from, to] per move), and
    the start's component (``Component`` of Nones beyond ``component_max_d``)."""
    d, level, k = task.d, task.level, task.k
    inst = instance(d, level)
    p, s = inst.puzzle(k), inst.start(k)
    warm = instance(3, "0")  # keep numba's compilation / cache loading out of the measured time
    solve(warm.puzzle(1), warm.start(1))
    t0 = time.perf_counter()
    res = solve(p, s)
    seconds = time.perf_counter() - t0
    if d <= task.component_max_d:
        comp = component(p, s)
        if comp.target_reachable != res.solvable:
            raise AssertionError(f"{case_key(d, k, level)}: component and BFS disagree")
    else:
        comp = Component(None, None, None, res.solvable)
    path = [[p.colours[r], a, b] for r, a, b in res.moves]
    return CaseRow({"d": d, "l": inst.l, "k": k, "level": level, "solvable": res.solvable,
                    "optimal": res.optimal, "component_size": comp.size,
                    "occupancy_sets": comp.occupancy_sets, "group_order": comp.group_order,
                    "states_seen": res.states_seen, "path": path},
                   _timed(task, seconds=seconds))


def exact_table(tasks: Sequence[ExactTask], results: Sequence[CaseRow]) -> pd.DataFrame:
    """One row per case, its optimal path included."""
    return rows_table(results)


# ---------------------------------------------------------------- A*


@dataclass(frozen=True)
class AStarTask(Task):
    """One case under A* with an expansion budget."""

    EXPERIMENT = "astar"
    d: int
    level: str
    k: int
    max_expanded: int


def astar_tasks(b: HypercubeBudget, root: int) -> list[AStarTask]:
    """Every case at the budget's expansion limit."""
    return [AStarTask(d, lv, k, b.astar_max_expanded, root=root) for d, lv, k in CASES]


def astar_case(task: AStarTask) -> CaseRow:
    """The paper's A* (heap + hashed closed set), limited to ``max_expanded`` expansions."""
    inst = instance(task.d, task.level)
    puzzle = inst.puzzle(task.k)
    # A first call in a fresh worker loads the compiled kernel (~0.4 s); keep that out of the
    # measured time by solving the trivial start == target instance first.
    astar(puzzle, puzzle.target, max_expanded=1)
    res = astar(puzzle, inst.start(task.k), max_expanded=task.max_expanded)
    return CaseRow({"d": task.d, "k": task.k, "level": task.level,
                    "astar_moves": None if res.moves is None else len(res.moves),
                    "astar_expanded": res.expanded, "astar_gave_up": res.gave_up},
                   _timed(task, astar_seconds=res.seconds))


def astar_table(tasks: Sequence[AStarTask], results: Sequence[CaseRow]) -> pd.DataFrame:
    """One row per case: moves, expansions, whether A* gave up."""
    return rows_table(results)


# The cases the paper's A* gave up on (Table 2's '-'), for the list-based A* the paper
# describes (open and closed sets as lists, :func:`search.astar_list`): d=4 level 4 and d=5
# k = 1..3 take seconds. d=5 k=4 is left out: its 80,643 expansions (heap A*, same heuristic)
# cost a list scan each, far beyond a notebook's budget.
LIST_ASTAR_CASES = [(4, "4", 1), (4, "4", 2), (4, "4", 3), (5, "0", 1), (5, "0", 2), (5, "0", 3)]
LIST_ASTAR_MAX_EXPANDED = 10_000
LIST_ASTAR_COLUMNS = ["d", "k", "level", "moves", "expanded", "gave_up"]


@dataclass(frozen=True)
class ListAStarTask(AStarTask):
    """One case under the list-based A*."""

    EXPERIMENT = "astar_list"


def list_astar_tasks(b: HypercubeBudget, root: int) -> list[ListAStarTask]:
    """The cases the paper's A* gave up on (the same limit at every scale)."""
    return [ListAStarTask(d, lv, k, LIST_ASTAR_MAX_EXPANDED, root=root)
            for d, lv, k in LIST_ASTAR_CASES]


def list_astar(task: ListAStarTask) -> CaseRow:
    """The list-based A* on one case: moves, expansions (deterministic) and seconds."""
    inst = instance(task.d, task.level)
    res = astar_list(inst.puzzle(task.k), inst.start(task.k), max_expanded=task.max_expanded)
    return CaseRow({"d": task.d, "k": task.k, "level": task.level,
                    "moves": None if res.moves is None else len(res.moves),
                    "expanded": res.expanded, "gave_up": res.gave_up},
                   _timed(task, seconds=res.seconds))


def list_astar_table(tasks: Sequence[ListAStarTask], results: Sequence[CaseRow]
                     ) -> pd.DataFrame:
    """Columns :data:`LIST_ASTAR_COLUMNS`, one row per case."""
    return rows_table(results, LIST_ASTAR_COLUMNS)


@dataclass(frozen=True)
class HeuristicTask(AStarTask):
    """One case under A* with each heuristic."""

    EXPERIMENT = "heuristics"


def heuristic_tasks(b: HypercubeBudget, root: int) -> list[HeuristicTask]:
    """Every case with d <= 4 and a hardest start of each (d, k)."""
    cases = [c for c in CASES if c[0] <= 4] + hardest_cases()
    return [HeuristicTask(d, lv, k, b.astar_max_expanded, root=root) for d, lv, k in cases]


def heuristic_case(task: HeuristicTask) -> CaseRow:
    """A* on one case with each heuristic (the paper's, and with pattern databases): moves,
    expansions and warm seconds (kernel and tables loaded before the clock starts)."""
    puzzle, start = case_puzzle(task.d, task.level, task.k)
    row: dict[str, Any] = {"d": task.d, "k": task.k, "level": task.level}
    times = dict(row)
    lengths = set()  # optimal lengths found (None: no solution exists)
    for h in HEURISTICS:
        astar(puzzle, puzzle.target, max_expanded=1, heuristic=h)
        res = astar(puzzle, start, max_expanded=task.max_expanded, heuristic=h)
        if not res.gave_up:
            lengths.add(None if res.moves is None else len(res.moves))
        # a search over budget reports the budget it spent (a lower bound on its expansions)
        row[f"{h}_expanded"] = res.expanded
        times[f"{h}_seconds"] = res.seconds
    if len(lengths) > 1:
        raise AssertionError(f"the heuristics disagree on the optimum of {task}: {lengths}")
    row["moves"] = lengths.pop() if lengths else None
    return CaseRow(row, times)


HEURISTIC_COLUMNS = ["d", "k", "level", "moves", "paper_expanded", "pdb_expanded"]


def heuristic_table(tasks: Sequence[HeuristicTask], results: Sequence[CaseRow]
                    ) -> pd.DataFrame:
    """Columns :data:`HEURISTIC_COLUMNS`, one row per case."""
    return rows_table(results, HEURISTIC_COLUMNS)


# ---------------------------------------------------------------- EA and RL


# Cases whose paper-scale runs take minutes: every EA run there lasts all 1000 generations
# (k = d-1 for d >= 4, where the EA almost never succeeds, and the impossible level), and RL
# on d=5 k=4, where the optimum is 13 and walks are hundreds of moves long.
def is_slow(case: Case, algo: str) -> bool:
    """Whether ``case`` is one of the slow ones for ``algo`` ("ea" or "rl") at paper scale."""
    d, level, k = case
    if algo == "ea":
        return (d >= 4 and k == d - 1) or (d == 3 and level == "3" and k == 2)
    if algo == "rl":
        return d == 5 and k == 4
    raise ValueError(f"algo must be 'ea' or 'rl', got {algo!r}")


def split_cases(cases: Sequence[Case], algo: str) -> tuple[list[Case], list[Case]]:
    """(fast cases, slow cases) for ``algo``, order kept."""
    return ([c for c in cases if not is_slow(c, algo)], [c for c in cases if is_slow(c, algo)])


def slow_first(cases: Sequence[Case], algo: str) -> list[Case]:
    """``cases`` with the slow ones for ``algo`` first (each group in its order)."""
    return sorted(cases, key=lambda c: not is_slow(c, algo))


def chunked(cases: Sequence[Case], runs: int, chunk: int) -> list[tuple[int, str, int, int, int]]:
    """(d, level, k, first run, end run) pieces of ``runs`` runs per case."""
    return [(d, lv, k, lo, min(lo + chunk, runs)) for d, lv, k in cases
            for lo in range(0, runs, chunk)]


@dataclass(frozen=True)
class RunsTask(Task):
    """Runs ``lo..hi-1`` of one case; run ``r``'s seed is :meth:`run_seed` ``(r)``."""

    d: int
    level: str
    k: int
    lo: int
    hi: int

    @property
    def case(self) -> str:
        """The case's key."""
        return case_key(self.d, self.k, self.level)

    def run_seed(self, run: int) -> int:
        """The seed of run ``run`` (the task's own seed is its first run's)."""
        return derive_seed(self.root, *self.seed_key()[:-1], run)


@dataclass(frozen=True)
class EATask(RunsTask):
    """EA runs of one case; ``tag`` names the experiment in the seeds."""

    EXPERIMENT = "ea"
    pop: int
    gens: int
    alpha: float
    c: float
    tag: str = "ea"

    def seed_key(self) -> tuple[int | str, ...]:
        """(tag, case key, "c=<c>", first run): the committed runs' seeds."""
        return (self.tag, self.case, f"c={self.c}", self.lo)


@dataclass(frozen=True)
class RLTask(RunsTask):
    """RL runs of one case with P backward-BFS states."""

    EXPERIMENT = "rl"
    p_states: int
    settings: RLSettings

    def seed_key(self) -> tuple[int | str, ...]:
        """("rl", case key, first run): the committed runs' seeds."""
        return ("rl", self.case, self.lo)


def ea_tasks(cases: Sequence[Case], b: HypercubeBudget, root: int, *, runs: int | None = None,
             c: float | None = None, alpha: float | None = None, tag: str = "ea"
             ) -> list[EATask]:
    """EA tasks for every case at budget ``b`` (``runs`` per case, default ``b.ea_runs``;
    optionally another Zipf exponent ``c`` or ``alpha``)."""
    c = b.ea_c if c is None else c
    alpha = b.ea_alpha if alpha is None else alpha
    return [EATask(d, lv, k, lo, hi, b.ea_pop, b.ea_generations, alpha, c, tag, root=root)
            for d, lv, k, lo, hi in chunked(cases, b.ea_runs if runs is None else runs,
                                            b.chunk)]


def rl_tasks(cases: Sequence[Case], b: HypercubeBudget, root: int) -> list[RLTask]:
    """RL tasks for every case at budget ``b``."""
    settings = RLSettings(b.rl_episodes, b.rl_lr, b.rl_gamma, b.rl_max_len)
    return [RLTask(d, lv, k, lo, hi, b.p_states(d), settings, root=root)
            for d, lv, k, lo, hi in chunked(cases, b.rl_runs, b.chunk)]


@dataclass(frozen=True)
class RunsResult:
    """One row per run of a task (seconds: each run's wall time)."""

    rows: tuple[dict[str, Any], ...]
    seconds: tuple[float, ...]


def ea_chunk(task: EATask) -> RunsResult:
    """Runs ``lo..hi-1`` of the EA on one case; each solution replayed by the model.

    On an unsolvable case (proved by :func:`solve`: the impossible level) the runs are not
    started: their outcome is known (no run can succeed; the authors' stored runs there have
    0 successes of 150) and the paper's Table 4 leaves the level out. ``ran`` says so.
    """
    p, s = case_puzzle(task.d, task.level, task.k)
    solvable = solve(p, s).solvable
    if solvable:  # load the compiled kernel before the first timed run (warm timings)
        run_ea(p, s, 0, pop_size=10, generations=1, alpha=task.alpha, c=task.c)
    rows, seconds = [], []
    for run in range(task.lo, task.hi):
        t0 = time.perf_counter()
        if solvable:
            r = run_ea(p, s, task.run_seed(run), pop_size=task.pop, generations=task.gens,
                       alpha=task.alpha, c=task.c)
            success, used, moves = r.success, r.generations, r.n_moves
        else:
            success, used, moves = False, task.gens, None
        seconds.append(time.perf_counter() - t0)
        rows.append({"d": task.d, "k": task.k, "level": task.level, "c": task.c, "run": run,
                     "success": success, "generations": used, "moves": moves, "ran": solvable})
    return RunsResult(tuple(rows), tuple(seconds))


def rl_chunk(task: RLTask) -> RunsResult:
    """Runs ``lo..hi-1`` of RL on one case; each solution replayed by the model.

    On an unsolvable case (proved by :func:`solve`) the runs are not started: the authors'
    episode loop has no length limit before a first solution, so it would never end.
    """
    p, s = case_puzzle(task.d, task.level, task.k)
    solvable = solve(p, s).solvable
    table = initial_table(p, task.p_states) if solvable else None
    if solvable:  # load the compiled kernel before the first timed run (warm timings)
        run_rl(p, s, 0, table, settings=task.settings.with_episodes(1))
    rows, seconds = [], []
    for run in range(task.lo, task.hi):
        t0 = time.perf_counter()
        if solvable:
            r = run_rl(p, s, task.run_seed(run), table, settings=task.settings)
            success, moves = r.success, r.n_moves
        else:
            success, moves = False, None
        seconds.append(time.perf_counter() - t0)
        rows.append({"d": task.d, "k": task.k, "level": task.level, "run": run,
                     "success": success, "moves": moves, "ran": solvable})
    return RunsResult(tuple(rows), tuple(seconds))


def runs_frame(results: Sequence[RunsResult]) -> pd.DataFrame:
    """One row per run (moves nullable), carrying each run's seconds."""
    rows = [row for r in results for row in r.rows]
    df = pd.DataFrame(rows)
    df["moves"] = df["moves"].astype("Int64")
    times = [{"d": row["d"], "k": row["k"], "level": row["level"], "run": row["run"],
              "ran": row["ran"], "seconds": s}
             for r in results for row, s in zip(r.rows, r.seconds, strict=True)]
    return with_seconds(df, times)


def ea_table(tasks: Sequence[EATask], results: Sequence[RunsResult]) -> pd.DataFrame:
    """One row per EA run: d, k, level, c, run, success, generations, moves, ran."""
    return runs_frame(results)


def rl_table(tasks: Sequence[RLTask], results: Sequence[RunsResult]) -> pd.DataFrame:
    """One row per RL run: d, k, level, run, success, moves, ran."""
    return runs_frame(results)


def ea_paper_tasks(b: HypercubeBudget, root: int) -> list[EATask]:
    """Table 4: the paper's cases, the longest first."""
    return ea_tasks(slow_first(PAPER_CASES, "ea"), b, root)


def rl_paper_tasks(b: HypercubeBudget, root: int) -> list[RLTask]:
    """Table 5: the paper's cases, the longest first."""
    return rl_tasks(slow_first(PAPER_CASES, "rl"), b, root)


APPENDIX_CASE = (3, "0", 2)  # Appendix A's instance: d=3 k=2 level 0 (optimum 6 moves)


def appendix_tasks(b: HypercubeBudget, root: int) -> list[EATask]:
    """Appendix A: ``b.appendix_runs`` EA runs for every c of ``b.appendix_c``."""
    return [t for c in b.appendix_c
            for t in ea_tasks([APPENDIX_CASE], b, root, runs=b.appendix_runs, c=c,
                              tag="appendix")]


# ---------------------------------------------------------------- extras (stored offline)


OLD_ALPHA = 0.7  # the alpha an older (July 2024) version of the authors' ea/main.py hard-coded
T3_CASES = case_list([i for i in INSTANCES if not i.is_code_level])


def alpha_tasks(b: HypercubeBudget, root: int) -> list[EATask]:
    """The EA with alpha = 0.7 on d=4 k=3 (seeds tagged apart)."""
    cases = [c for c in PAPER_CASES if c[0] == 4 and c[2] == 3]
    return ea_tasks(cases, b, root, alpha=OLD_ALPHA, tag="ea-alpha")


def ea_t3_tasks(b: HypercubeBudget, root: int) -> list[EATask]:
    """The EA on T3a-T3c, the longest first."""
    return ea_tasks(slow_first(T3_CASES, "ea"), b, root)


def rl_t3_tasks(b: HypercubeBudget, root: int) -> list[RLTask]:
    """RL on T3a-T3c."""
    return rl_tasks(T3_CASES, b, root)


def ea_far_tasks(b: HypercubeBudget, root: int) -> list[EATask]:
    """The EA on a hardest start of every (d, k) with d <= 4."""
    return ea_tasks(hardest_cases(), b, root)


def rl_far_tasks(b: HypercubeBudget, root: int) -> list[RLTask]:
    """RL on a hardest start of every (d, k) with d <= 4."""
    return rl_tasks(hardest_cases(), b, root)


# ---------------------------------------------------------------- CPU orderings (Figs. 5-6)


@dataclass(frozen=True)
class CpuTask(Task):
    """One case timed warm for A*, EA and RL, repeated and interleaved (:mod:`cpu`)."""

    EXPERIMENT = "cpu_orderings"
    d: int
    level: str
    k: int
    repeats: int
    max_expanded: int
    ea: EATask
    rl: RLTask


def cpu_tasks(b: HypercubeBudget, root: int) -> list[CpuTask]:
    """The paper's solvable cases of d = 3 and 4 (Figs. 5-6); EA and RL time their first
    ``b.cpu_runs`` runs of Tables 4 and 5 (the same seeds, so the same work)."""
    cases = [c for c in PAPER_CASES if c[0] <= 4 and solve(*case_puzzle(c[0], c[1], c[2])).solvable]
    one = replace(b, ea_runs=b.cpu_runs, rl_runs=b.cpu_runs, chunk=b.cpu_runs)
    eas, rls = ea_tasks(cases, one, root), rl_tasks(cases, one, root)
    return [CpuTask(d, lv, k, b.cpu_repeats, b.astar_max_expanded, ea, rl, root=root)
            for (d, lv, k), ea, rl in zip(cases, eas, rls, strict=True)]


def cpu_case(task: CpuTask) -> CaseRow:
    """Warm seconds per run of A*, the EA and RL on one case, ``task.repeats`` times each,
    interleaved; the row holds the case only (seconds go to the timing file)."""
    p, s = case_puzzle(task.d, task.level, task.k)
    ea, rl = task.ea, task.rl
    table = initial_table(p, rl.p_states)  # built once per case, as for the Table 5 runs
    run_ea(p, s, 0, pop_size=10, generations=1, alpha=ea.alpha, c=ea.c)  # warm the kernels
    run_rl(p, s, 0, table, settings=rl.settings.with_episodes(1))

    def eas() -> None:
        for run in range(ea.lo, ea.hi):
            run_ea(p, s, ea.run_seed(run), pop_size=ea.pop, generations=ea.gens,
                   alpha=ea.alpha, c=ea.c)

    def rls() -> None:
        for run in range(rl.lo, rl.hi):
            run_rl(p, s, rl.run_seed(run), table, settings=rl.settings)

    secs = cpu.interleaved({"A*": lambda: astar(p, s, max_expanded=task.max_expanded),
                            "EA": eas, "RL": rls}, task.repeats, calls={"EA": 1, "RL": 1})
    runs = ea.hi - ea.lo
    row = {"d": task.d, "k": task.k, "level": task.level, "runs": runs, "repeats": task.repeats}
    return CaseRow(row, _timed(task, **{"A*": tuple(secs["A*"]),
                                        "EA": tuple(x / runs for x in secs["EA"]),
                                        "RL": tuple(x / runs for x in secs["RL"])}))


def cpu_table(tasks: Sequence[CpuTask], results: Sequence[CaseRow]) -> pd.DataFrame:
    """One row per case timed (d, k, level, runs, repeats); the seconds in its attrs."""
    return rows_table(results)


# ---------------------------------------------------------------- God's number and distances


@dataclass(frozen=True)
class DKTask(Task):
    """One (d, k) with the paper's rings."""

    EXPERIMENT = "gods_number"
    d: int
    k: int


def dk_tasks(b: HypercubeBudget, root: int) -> list[DKTask]:
    """Every (d, k) with 3 <= d <= ``b.gods_max_d``."""
    return [DKTask(d, k, root=root) for d in range(3, b.gods_max_d + 1) for k in range(1, d)]


def far_target_tasks(b: HypercubeBudget, root: int) -> list[DKTask]:
    """The one (d, k) of ``b.far_target``."""
    return [DKTask(*b.far_target, root=root)]


@dataclass(frozen=True)
class DenseTargetTask(Task):
    """The dense BFS from the paper's target in dimension ``b.dense_d``."""

    EXPERIMENT = "gods_number"
    d: int
    k: int


@dataclass(frozen=True)
class OrbitTask(Task):
    """The dense BFS from one orbit's representative (:func:`gods.orbit_row`)."""

    EXPERIMENT = "gods_number"
    d: int
    k: int
    orbit: int


def _complete_first(b: HypercubeBudget) -> list[int]:
    # the k searched completely run first: an interrupted run has finished them soonest
    return sorted(range(1, b.dense_d), key=lambda k: (k not in b.dense_complete_k, k))


def dense_target_tasks(b: HypercubeBudget, root: int) -> list[DenseTargetTask]:
    """Every k of dimension ``b.dense_d``."""
    return [DenseTargetTask(b.dense_d, k, root=root) for k in _complete_first(b)]


def orbit_tasks(b: HypercubeBudget, root: int, *, partial: bool = True) -> list[OrbitTask]:
    """Every orbit for the k in ``b.dense_complete_k`` and, with ``partial``, the first
    ``b.dense_orbits_run`` for the other k of dimension ``b.dense_d``."""
    out = []
    for k in _complete_first(b):
        total = gods.orbit_count(b.dense_d, k)
        if k in b.dense_complete_k:
            out += [OrbitTask(b.dense_d, k, i, root=root) for i in range(total)]
        elif partial:
            out += [OrbitTask(b.dense_d, k, i, root=root)
                    for i in range(min(b.dense_orbits_run, total))]
    return out


@dataclass(frozen=True)
class ChainTask(Task):
    """The bounded searches of one (d, k), resumed from the committed file ``path`` (relative
    to the repository; "": none) and committing each pass of up to ``sources`` searches there
    (:func:`gods.resume_bounded`); at most ``max_searches`` searches or about
    ``max_cpu_seconds`` of CPU (0: no limit)."""

    EXPERIMENT = "gods_orbits_all"
    d: int
    k: int
    path: str
    max_searches: int
    max_cpu_seconds: float
    sources: int = 1

    def inputs(self) -> tuple[Path, ...]:
        """The committed searches and their spans: a changed file is never served stale."""
        if not self.path:
            return ()
        where = ROOT / self.path
        return (where, gods.spans_path(where))


def chain_tasks(b: HypercubeBudget, root: int) -> list[ChainTask]:
    """One task per k of ``b.gods_orbits_k`` in dimension ``b.dense_d`` (the k are independent:
    a pool or a dask cluster runs them side by side; within a k the rule is sequential), or
    the one of ``b.gods_chunk_k``."""
    if b.gods_chunk_k and b.gods_chunk_k not in b.gods_orbits_k:
        raise ValueError(f"gods_chunk_k must be 0 or one of {b.gods_orbits_k}, got "
                         f"{b.gods_chunk_k}")
    ks = [b.gods_chunk_k] if b.gods_chunk_k else list(b.gods_orbits_k)
    return [ChainTask(b.dense_d, k, b.gods_orbits_file, b.gods_chunk_searches,
                      60.0 * b.gods_chunk_cpu_minutes, b.gods_sources, root=root) for k in ks]


def chain_case(task: ChainTask) -> TableRows:
    """Every search of the task's (d, k) after this invocation's (rows of
    :data:`gods.SEARCH_COLUMNS`)."""
    path = ROOT / task.path if task.path else None
    log = gods.resume_bounded(task.d, task.k, path, task.max_searches, task.max_cpu_seconds,
                              task.sources)
    return TableRows(log.rows)


def chain_table(tasks: Sequence[ChainTask], results: Sequence[TableRows]) -> pd.DataFrame:
    """The committed searches file (every k it holds, in its order) when the tasks commit, else
    their rows; ValueError when the file lacks searches a task reported (a cached result of a
    file since reverted: rerun with a fresh --cache-dir)."""
    ran = pd.DataFrame([row for r in results for row in r.rows], columns=gods.SEARCH_COLUMNS)
    paths = {t.path for t in tasks}
    if paths == {""} or not tasks:
        return ran
    if len(paths) != 1 or "" in paths:
        raise ValueError(f"gods_orbits_all tasks commit to one file, got {sorted(paths)}")
    where = ROOT / paths.pop()
    stored, _ = gods.read_searches(where)
    for t, r in zip(tasks, results, strict=True):
        mine = stored[stored["k"].astype(int) == t.k].to_dict("records")
        if [(str(x["orbit"]), int(x["eccentricity"])) for x in mine[:len(r.rows)]] != [
                (str(x["orbit"]), int(x["eccentricity"])) for x in r.rows]:
            raise ValueError(f"{where} lacks k={t.k}'s {len(r.rows)} searches this run reports "
                             "(a cached result of a file since reverted?): rerun with a fresh "
                             "--cache-dir")
    return stored.reset_index(drop=True)


def gods_tasks(b: HypercubeBudget, root: int) -> list[Task]:
    """d <= ``b.gods_max_d`` (hash-table BFS) and dimension ``b.dense_d`` (dense BFS: the
    target and every orbit of the complete k; the other k's rows state the target's
    eccentricity as a lower bound, the gods_orbits run searches some of their orbits)."""
    return [*dense_target_tasks(b, root), *dk_tasks(b, root),
            *orbit_tasks(b, root, partial=False)]


@dataclass(frozen=True)
class TableRows:
    """Rows of a result table."""

    rows: tuple[dict[str, Any], ...]


def gods_case(task: Task) -> TableRows:
    """God's number of (d, k) (:func:`hardness.gods_number`), the dense BFS from the target
    (its size and eccentricity) or one orbit's eccentricity (:func:`gods.orbit_row`)."""
    if isinstance(task, OrbitTask):
        return TableRows((gods.orbit_row(task.d, task.k, task.orbit),))
    if isinstance(task, DenseTargetTask):
        return TableRows(tuple(gods.distance_rows(task.d, task.k)))
    if isinstance(task, DKTask):
        g = hardness.gods_number(task.d, task.k)
        row = {c: g[c] for c in hardness.GODS_COLUMNS}
        return TableRows(({**row, "orbits_done": g["orbits"], "bound": gods.BOUNDS[0]},))
    raise ValueError(f"gods_case takes a DKTask, DenseTargetTask or OrbitTask, got {task!r}")


def orbits_table(tasks: Sequence[Task], results: Sequence[TableRows]) -> pd.DataFrame:
    """One row per orbit searched (:data:`gods.ORBIT_COLUMNS`)."""
    rows = [row for t, r in zip(tasks, results, strict=True) if isinstance(t, OrbitTask)
            for row in r.rows]
    return pd.DataFrame(rows, columns=gods.ORBIT_COLUMNS)


def gods_table(tasks: Sequence[Task], results: Sequence[TableRows]) -> pd.DataFrame:
    """Columns :data:`GODS_TABLE_COLUMNS`, one row per (d, k)."""
    small = [row for t, r in zip(tasks, results, strict=True) if type(t) is DKTask
             for row in r.rows]
    orbits = orbits_table(tasks, results)
    dense = [gods.gods_row(pd.DataFrame(r.rows), orbits)
             for t, r in zip(tasks, results, strict=True) if isinstance(t, DenseTargetTask)]
    table = pd.DataFrame([*small, *dense], columns=GODS_TABLE_COLUMNS[:-3])
    # the (d, k) the stored gods_bounded run closed are exact (its 51-minute run, not redone);
    # those gods_orbits_all has searched have its bounds (exact once they meet)
    settled = gods.settle_by_bounds(table, gods.read_bounded())
    return gods.settle_by_searches(settled, ORBITS_D5_FILE, 5)[GODS_TABLE_COLUMNS]


GODS_TABLE_COLUMNS = [*hardness.GODS_COLUMNS, "orbits_done", "bound", "how", "upper_bound",
                      "searches_left"]


@dataclass(frozen=True)
class BoundedTask(Task):
    """God's number of one (d, k) by bounded searches (:func:`gods.bounded_gods_number`)."""

    EXPERIMENT = "gods_bounded"
    d: int
    k: int
    max_searches: int


def bounded_tasks(b: HypercubeBudget, root: int) -> list[BoundedTask]:
    """One task per (d, k) of ``b.bounded_cases``."""
    return [BoundedTask(d, k, b.bounded_max_searches, root=root) for d, k in b.bounded_cases]


def bounded_case(task: BoundedTask) -> TableRows:
    """One row of :data:`gods.BOUNDED_COLUMNS`."""
    return TableRows((gods.bounded_gods_number(task.d, task.k, task.max_searches),))


def bounded_table(tasks: Sequence[BoundedTask], results: Sequence[TableRows]) -> pd.DataFrame:
    """One row per (d, k)."""
    return pd.DataFrame([row for r in results for row in r.rows], columns=gods.BOUNDED_COLUMNS)


def distances_tasks(b: HypercubeBudget, root: int) -> list[DenseTargetTask]:
    """Every (d, k) with 3 <= d <= ``b.dense_d`` (run by :func:`gods_case`, so a shared cache
    holds the d = 5 searches of both gods_number and distances once)."""
    return [DenseTargetTask(d, k, root=root) for d in range(3, b.dense_d + 1)
            for k in range(1, d)]


def distances_case(task: DKTask) -> TableRows:
    """The distances of the paper's target's whole component from it: d, k, distance, count
    (the dense BFS, :func:`gods.distance_rows`)."""
    return TableRows(tuple(gods.distance_rows(task.d, task.k)))


def distances_table(tasks: Sequence[DKTask], results: Sequence[TableRows]) -> pd.DataFrame:
    """``d,k,distance,count`` rows of every (d, k)."""
    return pd.DataFrame([row for r in results for row in r.rows])


def load_runs(directory: str, name: str) -> pd.DataFrame:
    """Read back a runs table saved with ``save_table`` (levels as strings, moves nullable)."""
    path = Path(directory) / f"{name}.csv"
    if not path.exists():
        raise ValueError(f"{path} does not exist: run the cell that computes {name} first")
    df = read_stored(path, dtype={"level": str})  # checked where STORED.csv lists it
    df["moves"] = df["moves"].astype("Int64")
    df["success"] = df["success"].astype(bool)
    return df


def warm_up() -> None:
    """Compile (or load from numba's cache) every kernel once, so timed runs are warm."""
    inst = instance(3, "0")
    p, s = inst.puzzle(2), inst.start(2)
    run_ea(p, s, 0, pop_size=10, generations=2)
    run_rl(p, s, 0, initial_table(p, 10), settings=RLSettings(episodes=1))
    astar(p, p.target, max_expanded=1)
    solve(p, s)
