"""The ``Paper`` contract: what a puzzle family gives the engine to reproduce its paper.

A family exposes one :class:`Paper`: its notebook stem and citation, a frozen **budget**
dataclass (one field per knob, documented with :func:`knob`, built by ``paper()`` and
``smoke()``), its **experiments** (each a task builder, a module-level worker and a table
builder over typed frozen :class:`Task` dataclasses), and a data folder holding the paper's
numbers and its claims inventory as CSV. :meth:`Paper.run` runs any experiment on any
``concurrent.futures.Executor``; :func:`store` writes a result table in the one storage format
(CSV, plus a line in the folder's ``STORED.csv`` naming the command that regenerates it).
"""

from __future__ import annotations

import dataclasses
import shlex
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

import pandas as pd

from puzzles.core.claims import Ledger, inventory_file
from puzzles.core.evidence import Register, build
from puzzles.core.runner import run_tasks
from puzzles.core.scales import check_scale
from puzzles.core.seeding import check_seed, derive_seed
from puzzles.core.storage import reference_table

ROOT_SEED = 2026
"""The root seed of every committed result: each task's seed is derived from it."""


def knob(doc: str, unit: str = "", *, cap: bool = False) -> Any:
    """A budget field: ``runs: int = knob("independent runs per instance", "runs")``.

    No default on purpose: ``paper()`` and ``smoke()`` must set every field. ``cap`` marks a
    knob that only limits how much one invocation of a resumable run does (its stored rows are
    the same whatever it is): ``python -m puzzles run ... --cap NAME=VALUE`` may set it, even
    with ``--store`` (:meth:`Budget.capped`).
    """
    if not doc:
        raise ValueError("a budget field needs a one-line doc")
    return field(metadata={"doc": doc, "unit": unit, "cap": cap})


@dataclass(frozen=True)
class Budget:
    """Base of a family's budget: a frozen dataclass with ``paper()`` and ``smoke()``."""

    @classmethod
    def paper(cls) -> Budget:
        """The paper's own protocol."""
        raise NotImplementedError(f"{cls.__name__} must define paper()")

    @classmethod
    def smoke(cls) -> Budget:
        """A few seconds' worth, for tests."""
        raise NotImplementedError(f"{cls.__name__} must define smoke()")

    @classmethod
    def at(cls, scale: str) -> Budget:
        """The budget at ``scale`` ("paper" or "smoke")."""
        return cls.paper() if check_scale(scale) == "paper" else cls.smoke()

    def capped(self, caps: Mapping[str, object] | None) -> Budget:
        """This budget with the ``caps`` knobs (those made with ``knob(..., cap=True)``) set,
        each value converted to the knob's type; ValueError naming a knob that is no cap."""
        if not caps:
            return self
        fields = {f.name: f for f in dataclasses.fields(self)}
        allowed = sorted(n for n, f in fields.items() if f.metadata.get("cap"))
        values = {}
        for name, value in caps.items():
            if name not in allowed:
                raise ValueError(f"{name!r} is no cap knob of {type(self).__name__}; its caps: "
                                 f"{', '.join(allowed) or 'none'}")
            kind = type(getattr(self, name))
            try:
                values[name] = kind(value)
            except (TypeError, ValueError):
                raise ValueError(f"cap {name} takes a {kind.__name__}, got {value!r}") from None
        return dataclasses.replace(self, **values)

    @classmethod
    def knobs(cls) -> pd.DataFrame:
        """Every field with its unit, doc and the value at each scale (for a notebook or docs)."""
        paper, smoke = cls.paper(), cls.smoke()
        return pd.DataFrame(
            [{"knob": f.name, "unit": f.metadata.get("unit", ""),
              "paper": getattr(paper, f.name), "smoke": getattr(smoke, f.name),
              "doc": f.metadata.get("doc", "")} for f in dataclasses.fields(cls)])


@dataclass(frozen=True)
class Task:
    """Base of an experiment's task: frozen typed fields and the root seed (keyword ``root``).

    The task's seed is ``derive_seed(root, *seed_key())``: it depends on the task alone, never
    on the worker or the order of execution. ``seed_key()`` defaults to the experiment's name
    (the class's ``EXPERIMENT``) and every int or str field, in order; a family overrides it
    only to keep the keys its committed results were made with.
    """

    EXPERIMENT: ClassVar[str] = ""
    root: int = field(default=ROOT_SEED, kw_only=True)

    def values(self) -> dict[str, Any]:
        """The task's own fields (without ``root``), by name."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                if f.name != "root"}

    def seed_key(self) -> tuple[int | str, ...]:
        """The key the seed is derived from."""
        parts = [v for v in self.values().values()
                 if isinstance(v, int | str) and not isinstance(v, bool)]
        return (self.EXPERIMENT or type(self).__name__, *parts)

    def inputs(self) -> tuple[Path, ...]:
        """Files outside the package this task reads (a stored table, reference data): their
        content is part of the task's cache key, so a changed file is never served stale."""
        return ()

    @property
    def seed(self) -> int:
        """This task's 32-bit seed."""
        return derive_seed(self.root, *self.seed_key())

    @property
    def key(self) -> str:
        """The one text form of a task: ``experiment(name=value, ...)``."""
        body = ", ".join(f"{k}={v}" for k, v in self.values().items())
        return f"{self.EXPERIMENT or type(self).__name__}({body})"


B = TypeVar("B", bound=Budget)
T = TypeVar("T", bound=Task)


@dataclass(frozen=True)
class Experiment(Generic[B, T]):
    """One experiment: tasks from a budget and a root seed, a worker per task, a table."""

    name: str
    doc: str
    tasks: Callable[[B, int], Sequence[T]]
    worker: Callable[[T], Any]
    table: Callable[[Sequence[T], Sequence[Any]], pd.DataFrame]


@dataclass(frozen=True)
class Paper(Generic[B]):
    """A family's paper: stem, citation, budget, experiments and data files."""

    number: str
    stem: str
    family: str
    citation: str
    budget: type[B]
    experiments: tuple[Experiment, ...]
    data: Path
    """Folder with ``paper_claims.csv`` and ``reference/<name>.csv`` (the paper's numbers)."""
    evidence: Register = field(default_factory=Register)
    """The evidence function of every claim that needs one (:mod:`puzzles.core.evidence`)."""
    stored: tuple[tuple[str, str], ...] = ()
    """Offline runs: (experiment, path of its stored table relative to the project root)."""
    regenerates: str = ""
    """What the notebook regenerates, in a line (the README's notebook table)."""
    reads_back: tuple[str, ...] = ()
    """Result files the notebook reads back from its ``FIGURES_DIR`` instead of recomputing them
    (runs made offline): a run into another folder (``reproduce --out``) starts from copies."""
    recompute: tuple[tuple[str, object], ...] = ()
    """Notebook parameters that make it recompute those files itself (a run with another seed:
    the stored runs belong to the default seed)."""

    def budgets(self, scale: str) -> B:
        """The budget at ``scale``."""
        return self.budget.at(scale)  # type: ignore[return-value]

    def experiment(self, name: str) -> Experiment:
        """The experiment called ``name`` (ValueError naming the known ones)."""
        for e in self.experiments:
            if e.name == name:
                return e
        known = ", ".join(e.name for e in self.experiments) or "none"
        raise ValueError(f"{self.stem} has no experiment {name!r}; known: {known}")

    def tasks(self, name: str, scale: str = "paper", seed: int = ROOT_SEED,
              caps: Mapping[str, object] | None = None) -> list[Task]:
        """The tasks of experiment ``name`` at ``scale`` under root ``seed``, with the budget's
        cap knobs set to ``caps`` (:meth:`Budget.capped`)."""
        budget = self.budgets(scale).capped(caps)
        return list(self.experiment(name).tasks(budget, check_seed(seed)))

    def run(self, name: str, scale: str = "paper", seed: int = ROOT_SEED, *,
            executor: Executor | None = None, workers: int | None = None,
            progress: bool = True, cache_dir: Path | None = None,
            caps: Mapping[str, object] | None = None) -> pd.DataFrame:
        """Run experiment ``name`` and return its table; with ``cache_dir`` every finished
        task is kept there, so an interrupted run resumes where it stopped; ``caps`` sets cap
        knobs (how much one invocation of a resumable run does)."""
        exp = self.experiment(name)
        tasks = self.tasks(name, scale, seed, caps)  # checks the seed before any worker starts
        results = run_tasks(exp.worker, tasks, executor=executor, workers=workers,
                            progress=progress, desc=f"{self.number} {name}",
                            cache_dir=cache_dir)
        return exp.table(tasks, results)

    def ledger(self, scale: str = "paper", seed: int = ROOT_SEED,
               results: str | Path | None = None) -> Ledger:
        """The reproduction ledger: every inventory claim decided by its registered evidence
        from the result files of a run under ``results`` (the notebook's ``FIGURES_DIR``), the
        stored runs, the reference tables and any experiment the evidence runs itself."""
        return build(self, self.evidence, check_scale(scale), seed,
                     None if results is None else Path(results))

    def claims(self) -> pd.DataFrame:
        """The paper's claims inventory (``paper_claims.csv``), checked."""
        return inventory_file(self.data / "paper_claims.csv", self.stem)

    def stored_path(self, experiment: str, root: Path) -> Path:
        """Where ``python -m puzzles run ... --store`` writes ``experiment`` under ``root``."""
        for name, rel in self.stored:
            if name == experiment:
                return root / rel
        known = ", ".join(n for n, _ in self.stored) or "none"
        raise ValueError(f"{self.stem}: experiment {experiment!r} has no stored file; "
                         f"stored runs: {known}")

    def reference(self, name: str) -> pd.DataFrame:
        """The paper's numbers ``reference/<name>.csv``."""
        return reference_table(self.data, name)

def run_command(paper: Paper, experiment: str, scale: str = "paper",
                seed: int = ROOT_SEED) -> str:
    """The shell command that regenerates a stored run."""
    extra = "" if seed == ROOT_SEED else f" --seed {seed}"
    return (f"python -m puzzles run {paper.number} {shlex.quote(experiment)} --scale {scale}"
            f"{extra} --store")
